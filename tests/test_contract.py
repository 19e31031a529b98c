"""Contract test run over every registered game with seeded random playouts."""
import json

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.core import registry
from game.core.actions import Action
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.match import GameRecord, replay
from contract_variants import VARIANTS

GAMES = sorted(registry.games())


def playouts(game_id):
    rules = registry.get(game_id)
    for n in range(rules.min_players, min(rules.max_players, rules.min_players + 3) + 1):
        for seed in range(4):
            yield rules, n, seed


def run(rules, n, seed, check_each_step):
    config = GameConfig(n)
    state = rules.new_game(config, seed=seed)
    census = dict(rules.card_census(state))
    rng = Rng(seed * 7 + n)
    actions = []
    while rules.outcome(state) is None:
        seats = rules.to_act(state)
        assert seats, "a game that is not over has someone to act"
        seat = seats[rng.randbelow(len(seats))]
        action = rules.legal_actions(state, seat).sample(rng)
        check_each_step(state, action, rng)
        state, events = rules.apply(state, action)
        actions.append(action)
        assert dict(rules.card_census(state)) == census, "cards are conserved"
        assert len(actions) < 20000
    return config, state, actions


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_keep_every_contract(game_id):
    differing = 0
    checked = 0
    for rules, n, seed in playouts(game_id):
        def check(state, action, rng):
            nonlocal differing, checked
            # actions round-trip through JSON
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            assert action in rules.legal_actions(state, action.seat)
            # determinize gives a state consistent with the observation
            for seat in range(n):
                obs = rules.observe(state, seat)
                other = rules.determinize(obs, rng)
                assert rules.observe(other, seat) == obs
                # the spectator sees less than any seat: the world looks the same to it
                assert rules.observe(other, None) == rules.observe(state, None)
                checked += 1
                if other != state:
                    differing += 1

        config, state, actions = run(rules, n, seed, check)
        # replaying the record reproduces the outcome
        record = GameRecord(game_id, n, {}, seed, None, [], actions)
        record = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        replayed, outcome = replay(record)
        assert outcome == rules.outcome(state)
        assert replayed == state
    assert differing > checked // 2, "the determinized worlds must really differ"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_peeking_states_differing_only_in_hidden_cards_look_the_same(game_id):
    """Two states that differ ONLY in cards hidden from a seat (built by changing
    the state itself: tests/contract_variants.py) give that seat, and the
    spectator, equal observations, at every step of seeded random playouts."""
    assert game_id in VARIANTS, (f"{game_id} has no hidden-card variant builder in "
                                 f"tests/contract_variants.py: the no-peeking test cannot check it")
    build = VARIANTS[game_id]
    compared = 0
    for rules, n, seed in playouts(game_id):
        def check(state, action, rng):
            nonlocal compared
            census = dict(rules.card_census(state))
            for seat in list(range(n)) + [None]:
                obs = rules.observe(state, seat)
                for variant in build(state, seat, rng):
                    assert variant != state, "a variant must really change hidden cards"
                    assert dict(rules.card_census(variant)) == census, "a variant keeps every card"
                    assert rules.observe(variant, seat) == obs, (
                        f"{game_id}: seat {seat} can tell apart two states that differ only in cards "
                        f"hidden from it (n={n}, seed={seed}, before {action})")
                    compared += 1

        run(rules, n, seed, check)
    assert compared > 1000, f"only {compared} hidden-card variants were compared"


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id):
    rules = registry.get(game_id)
    a = run(rules, rules.min_players, 3, lambda *a: None)
    b = run(rules, rules.min_players, 3, lambda *a: None)
    assert a[2] == b[2] and a[1] == b[1]


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_changes_when_own_cards_change(game_id):
    """The equality above would be trivial if observations ignored cards: they don't."""
    rules = registry.get(game_id)
    s1 = rules.new_game(GameConfig(rules.min_players), seed=1)
    s2 = rules.new_game(GameConfig(rules.min_players), seed=2)
    assert rules.observe(s1, 0) != rules.observe(s2, 0)


def test_a_registered_game_without_a_variant_builder_fails_the_no_peeking_test(monkeypatch):
    import contract_variants

    monkeypatch.setattr(contract_variants, "VARIANTS", {})
    monkeypatch.setitem(globals(), "VARIANTS", {})
    with pytest.raises(AssertionError, match="no hidden-card variant builder"):
        test_no_peeking_states_differing_only_in_hidden_cards_look_the_same(GAMES[0])
