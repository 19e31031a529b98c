"""Contract test run over every registered game with seeded random playouts."""
import json
from dataclasses import replace

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.core import registry
from game.core.actions import Action, events_for
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.match import GameRecord, replay
from contract_variants import ECHO_TWINS, SECRET_TWINS, VARIANTS

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


# -- no peeking in events and action echoes ---------------------------------------------------
def reveals_to(event, seat):
    """Whether ``event`` shows ``seat`` something new: ``Event.reveals_to``; for the spectator
    (None) any public event marked ``reveals``."""
    if seat is None:
        return event.to is None and bool(event.reveals)
    return event.reveals_to(seat)


def same_until_reveal(a, b, seat):
    """``(mine, theirs)``: the events ``seat`` receives of two event lists, cut before the first
    place where they differ at an event that reveals something to it (in either list: a reveal
    in one world may stand where the other has none, an announced bust against the next turn).
    A revealing event that is the same in both worlds shows nothing that tells them apart, so
    the comparison goes on past it.  Equal lists come back whole."""
    va, vb = list(events_for(a, seat)), list(events_for(b, seat))
    for k in range(max(len(va), len(vb))):
        x = va[k] if k < len(va) else None
        y = vb[k] if k < len(vb) else None
        if x != y:
            if (x is not None and reveals_to(x, seat)) or (y is not None and reveals_to(y, seat)):
                return va[:k], vb[:k]
            return va[:k + 1], vb[:k + 1]
    return va, vb


def _first_difference(a, b):
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"event {k}: {x.kind} {dict(x.data)} vs {y.kind} {dict(y.data)}"
    k = min(len(a), len(b))
    more = a[k:] or b[k:]
    return f"event {k}: one side has {[e.kind for e in more]} more before the first reveal"


def _marked(rules, game_id, seat, after, after_v, events, ev, what):
    """Two worlds the seat could not tell apart before an action and can after it: an event of
    the action must say that it revealed something to the seat (undo relies on the mark)."""
    if rules.observe(after, seat) != rules.observe(after_v, seat):
        assert any(reveals_to(e, seat) for e in events_for(events, seat) + events_for(ev, seat)), (
            f"{game_id}: after {what} seat {seat} sees something new in its observation, but no event it "
            f"receives is marked as revealing it (reveals=)")


def check_events(rules, game_id, state, action, seats, rng, where=""):
    """The events of ``action`` tell each seat in ``seats`` (None: the spectator) nothing it may
    not know, up to the first event that reveals something to it:

    * applied to ``state`` and to each of its hidden variants for the seat (VARIANTS: hidden
      cards, other seats' secret answers), the same action (or, when the actor's hidden cards
      differ, its echo twin: ECHO_TWINS, the same move with the actor's other hidden card) gives
      the seat the same events; the actor's own legal actions never change with what it cannot
      see;
    * applied to ``state``, the action and its secret twins (SECRET_TWINS: the same move with
      another secret choice, a call for a pass) give every other seat the same events.
    Raises AssertionError naming the first differing event.  Returns the number of comparisons."""
    build = VARIANTS[game_id]
    twin_of = ECHO_TWINS.get(game_id)
    compared = 0
    after, events = rules.apply(state, action)
    for seat in seats:
        for variant in build(state, seat, rng):
            other = action
            if action not in rules.legal_actions(variant, action.seat):
                assert action.seat != seat, (
                    f"{game_id}: seat {seat}'s legal actions change with what is hidden from it "
                    f"({action} is not legal in a hidden variant{where})")
                other = twin_of(state, variant, action) if twin_of is not None else None
                if other is None:
                    continue
                assert other in rules.legal_actions(variant, action.seat), f"bad echo twin {other}"
            after_v, ev = rules.apply(variant, other)
            mine, theirs = same_until_reveal(events, ev, seat)
            assert mine == theirs, (
                f"{game_id}: seat {seat} can tell apart two states that differ only in what is hidden "
                f"from it by the events of {action}" + (f" (its twin {other})" if other != action else "")
                + f"{where}: {_first_difference(mine, theirs)}")
            _marked(rules, game_id, seat, after, after_v, events, ev, f"{action}{where}")
            compared += 1
    twins = SECRET_TWINS.get(game_id)
    for other in (twins(state, action) if twins is not None else ()):
        assert other in rules.legal_actions(state, action.seat), f"bad secret twin {other}"
        after_v, ev = rules.apply(state, other)
        for seat in seats:
            if seat == action.seat:
                continue
            mine, theirs = same_until_reveal(events, ev, seat)
            assert mine == theirs, (
                f"{game_id}: seat {seat} can tell {action} from {other}, which differ only in the actor's "
                f"secret choice{where}: {_first_difference(mine, theirs)}")
            _marked(rules, game_id, seat, after, after_v, events, ev, f"{action} / {other}{where}")
            compared += 1
    return compared


@pytest.mark.parametrize("game_id", GAMES)
def test_no_peeking_in_events_and_action_echoes(game_id):
    """Events are observations too: at every step of seeded random playouts, the action's events
    give each seat and the spectator the same view (up to the first event marked as revealing
    something to it) in every state it cannot tell apart from the real one, and the action's
    public echo never shows a hidden card or a secret choice (``check_events``)."""
    compared = 0
    for rules, n, seed in playouts(game_id):
        def check(state, action, rng):
            nonlocal compared
            compared += check_events(rules, game_id, state, action, list(range(n)) + [None], rng,
                                     where=f" (n={n}, seed={seed})")

        run(rules, n, seed, check)
    assert compared > 1000, f"only {compared} event views were compared"


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


def _bossquest_exchange_states():
    """Boss Quest from explicit decks: seat 0 to act with Exchange a weapon face up in slot 1,
    and the same with Exchange as the mystery spell, turned up and waiting for its weapon."""
    from bossquest_helpers import new, run
    from game.rules import bossquest as B

    row = ["exchange", "exchange", "boss_up1", "need_red"]
    state = new(["blue5", "red2", "green3"], ["yellow1", "red1", "green1"], deck=["yellow5", "purple2"],
                row=row, boss="boss20")
    aiming, _ev = run(state, B.activate(0, 0))
    assert aiming.phase == "aim"
    return state, aiming


def test_the_public_echo_of_exchanging_the_hidden_weapon_names_no_hidden_weapon():
    """Boss Quest's Exchange a weapon on the hidden weapon: the other seats and the spectator
    get the same events whichever the hidden weapon is (face up, then from the mystery)."""
    from game.rules import bossquest as B
    from game.core.rng import Rng

    state, aiming = _bossquest_exchange_states()
    rules = registry.get("bossquest")
    seats = [1, 2, None]
    compared = 0
    for _k in range(8):
        compared += check_events(rules, "bossquest", state, B.activate(0, 1, weapon="blue5"), seats, Rng(_k))
        compared += check_events(rules, "bossquest", aiming, B.aim(0, weapon="blue5"), seats, Rng(_k))
    assert compared >= 16


# -- planted leaks and missing marks must fail the test ------------------------------------------
def _planting(monkeypatch, game_id, change):
    """The game's ``apply`` with every event passed through ``change(state, action, event)``."""
    rules = registry.get(game_id)
    real = type(rules).apply

    def apply(state, action):
        after, events = real(rules, state, action)
        return after, tuple(change(state, action, e) for e in events)

    monkeypatch.setattr(rules, "apply", apply)


def _with(event, **data):
    return replace(event, data={**event.data, **data})


# revealing events of every game (a card turned up, a look, a new boss, the result of secret answers)
UNMARKED = [("bossquest", "mystery"), ("bossquest", "reveal"), ("bossquest", "boss"), ("bossquest", "weapon"),
            ("bossquest", "swapped"), ("ktm", "peeks"), ("ktm", "challenge"), ("ktm", "ministers"),
            ("ktm", "looked"), ("ktm", "peasant"), ("masterbluff", "call"), ("masterbluff", "reveal"),
            ("death", "reveal"), ("death", "thief_look"), ("death", "cut"), ("court", "drawn"),
            ("court", "play")]


@pytest.mark.parametrize("game_id,kind", UNMARKED)
def test_a_revealing_event_without_its_reveals_mark_fails_the_contract_test(monkeypatch, game_id, kind):
    _planting(monkeypatch, game_id, lambda st, a, e: replace(e, reveals=False) if e.kind == kind else e)
    with pytest.raises(AssertionError, match="can tell|marked as revealing"):
        test_no_peeking_in_events_and_action_echoes(game_id)


def test_a_leak_planted_in_an_events_data_fails_the_contract_test(monkeypatch):
    """Death's public 'exchange' naming the card given (only the private 'exchanged' may)."""
    from game.rules.death import NAMES

    _planting(monkeypatch, "death", lambda st, a, e: _with(e, gave=NAMES[st.hands[a.seat]])
              if e.kind == "exchange" else e)
    with pytest.raises(AssertionError, match="can tell apart .* exchange"):
        test_no_peeking_in_events_and_action_echoes("death")


@pytest.mark.parametrize("game_id,kind,key", [("masterbluff", "discard", "counts"), ("ktm", "minister", "swap"),
                                              ("bossquest", "activate", "weapon")])
def test_a_leak_planted_in_an_action_echo_fails_the_contract_test(monkeypatch, game_id, kind, key):
    """The public event echoing the action's secret parameter: MasterBluff's true cards, the
    Minister's swap, Boss Quest's exchanged weapon (as activate did before issue 14)."""
    _planting(monkeypatch, game_id, lambda st, a, e: _with(e, **{key: a[key]})
              if e.kind == kind and e.to is None and a.get(key) is not None else e)
    with pytest.raises(AssertionError, match="can tell"):
        test_no_peeking_in_events_and_action_echoes(game_id)
