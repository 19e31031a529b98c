"""The determinized search agent (``search`` level): legality, determinism, no
peeking, consistent worlds, identical fast rollouts, and clear calls."""
from __future__ import annotations

import pytest

from game.ai import LEVELS, make_agent
from game.ai import masterbluff as H
from game.ai.masterbluff_search import IncrementalHeuristic as _IncrementalHeuristic
from game.ai.search import SearchAgent
from game.core import registry
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules.masterbluff import RULES, call, discard, pass_
from mb_helpers import heuristic_states, new, play, vec

FAST = dict(budget_steps=150, min_worlds=2, max_worlds=3)


def clone(rng: Rng) -> Rng:
    out = Rng()
    out.state = rng.state
    return out


def mid_game_states(seed: int, players: int, every: int = 7, limit: int = 60):
    """States met while heuristic seats play a seeded game (one in ``every``)."""
    return heuristic_states(seed, players, every, limit)


def test_level_is_registered():
    assert "hard" in LEVELS
    agent = make_agent("masterbluff", "hard")
    assert isinstance(agent, SearchAgent) and agent.name == "search"


@pytest.mark.parametrize("players", [3, 5])
def test_always_legal_and_deterministic(players):
    agent = SearchAgent("masterbluff", check=True, **FAST)
    n = 0
    for st, seat in mid_game_states(11 + players, players):
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        rng = Rng(n)
        a = agent.act(obs, legal, rng)
        assert a in legal
        # same (obs, rng state) -> same action, also with a fresh agent
        assert SearchAgent("masterbluff", **FAST).act(obs, legal, Rng(n)) == a
        n += 1
    assert n >= 5


def test_never_reads_the_state():
    """Two states with the same observation (the second one determinized from
    it) give the same decision with the same rng."""
    agent = SearchAgent("masterbluff", **FAST)
    checked = 0
    for st, seat in mid_game_states(5, 4, every=9):
        obs = RULES.observe(st, seat)
        other = RULES.determinize(obs, Rng(99))
        assert RULES.observe(other, seat) == obs and other != st
        a = agent.act(obs, RULES.legal_actions(st, seat), Rng(3))
        b = agent.act(RULES.observe(other, seat), RULES.legal_actions(other, seat), Rng(3))
        assert a == b
        checked += 1
    assert checked >= 3


def test_worlds_are_consistent_with_the_observation():
    agent = SearchAgent("masterbluff", **FAST)
    rng = Rng(1)
    for st, seat in mid_game_states(21, 3, every=3, limit=90):
        obs = RULES.observe(st, seat)
        for _ in range(3):
            w, weight = agent.sample_world(obs, rng)
            assert weight > 0
            assert RULES.observe(w, seat) == obs
            assert RULES.card_census(w) == RULES.card_census(st)


def test_incremental_rollout_agent_decides_like_the_heuristic():
    for g in range(6):
        players = 3 + g % 3
        st = RULES.new_game(GameConfig(players, {"play_on": g % 2 == 1}), seed=g)
        fast = [_IncrementalHeuristic(H) for _ in range(players)]
        base, rng = H.HeuristicAgent(), Rng(g)
        while RULES.outcome(st) is None:
            seat = RULES.to_act(st)[0]
            obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
            r2 = clone(rng)
            a = base.act(obs, legal, rng)
            assert fast[seat].act(obs, legal, r2) == a
            st, _ = RULES.apply(st, a)


def test_calls_a_claim_its_own_hand_makes_impossible():
    # seat 2 holds all eight elves; seat 0 claims two elves
    hands = [dict(wizard=8, witch=4, ogre=4), dict(witch=4, ogre=4, fairy=8), dict(elf=8, jester=8)]
    st = new(hands)
    st = play(st, discard(0, vec(wizard=2), "elf"), pass_(1))[0]
    assert RULES.to_act(st) == (2,)
    obs = RULES.observe(st, 2)
    a = SearchAgent("masterbluff", **FAST).act(obs, RULES.legal_actions(st, 2), Rng(0))
    assert a == call(2)


def test_goes_out_with_a_truthful_last_discard():
    # tokens move the family in force until seat 0, holding eight wizards only,
    # can spend its token on wizard and empty its hand truthfully: that wins
    hands = [dict(wizard=8, witch=8), dict(elf=8, ogre=8), dict(fairy=8, jester=8)]
    st = new(hands)
    st = play(st, discard(0, vec(witch=8), "witch"), pass_(1), pass_(2))[0]
    st = play(st, discard(1, vec(elf=8), "elf", True), pass_(2), pass_(0))[0]
    st = play(st, discard(2, vec(jester=8), "jester", True), pass_(0), pass_(1))[0]
    assert RULES.to_act(st) == (0,) and st.hands[0] == vec(wizard=8)
    obs, legal = RULES.observe(st, 0), RULES.legal_actions(st, 0)
    agent = SearchAgent("masterbluff", random_candidates=2, **FAST)   # alternatives to compare
    a = agent.act(obs, legal, Rng(0))
    assert a == discard(0, vec(wizard=8), "wizard", True)
    assert agent.last_stats["candidates"] >= 2
    assert max(agent.last_stats["means"]) == agent.last_stats["means"][0] == 1.0


def test_pick_weighs_the_worlds_by_belief():
    """Inference: a world the belief gives no weight cannot move the choice, and the
    weighted means are what they say."""
    agent = SearchAgent("masterbluff", **{**FAST, "margin": 0.05, "z": 1.0, "min_switch_worlds": 2})
    cands = ["base", "other"]
    # "other" wins big in worlds 0-1 only; the belief says those worlds are impossible
    scores = [[0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [1.0, 1.0, 0.45, 0.5, 0.45, 0.5]]
    assert agent.pick(cands, scores)[0] == "other"             # unweighted: the two bad worlds count
    choice, means = agent.pick(cands, scores, [0.0, 0.0, 1.0, 1.0, 1.0, 1.0])
    assert choice == "base"
    assert means == [0.5, (0.45 + 0.5 + 0.45 + 0.5) / 4]
    # the same scores, the belief on the worlds where "other" is clearly better
    scores = [[0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [1.0, 0.95, 1.0, 0.0, 0.1, 0.0]]
    assert agent.pick(cands, scores)[0] == "base"            # level overall: keep the base
    assert agent.pick(cands, scores, [1.0, 1.0, 1.0, 0.01, 0.01, 0.01])[0] == "other"


def test_pick_with_equal_weights_is_the_unweighted_rule():
    agent = SearchAgent("masterbluff", **FAST)
    rng = Rng(5)
    for _ in range(200):
        w = 3 + rng.randbelow(8)
        scores = [[rng.random() for _ in range(w)] for _ in range(3)]
        assert agent.pick(["a", "b", "c"], scores) == agent.pick(["a", "b", "c"], scores, [0.7] * w)


def test_old_level_names_still_make_the_same_agents():
    from game.ai import ALIASES, canonical_level, is_level, make_agent
    from game.match.record import OLD_LEVELS, SeatSpec

    assert OLD_LEVELS == ALIASES
    assert canonical_level("heuristic") == "normal" and canonical_level("search") == "hard"
    assert is_level("heuristic") and is_level("hard") and not is_level("expert")
    for game in registry.ids():
        assert type(make_agent(game, "heuristic")) is type(make_agent(game, "normal"))
        assert type(make_agent(game, "search")) is type(make_agent(game, "hard"))
    old = SeatSpec.from_json({"name": "Ann", "kind": "ai", "level": "search"})
    assert old.level == "hard"
    assert SeatSpec.from_json({"name": "Bo", "kind": "ai", "level": "heuristic"}).level == "normal"
    assert SeatSpec.from_json({"name": "Cy", "kind": "ai", "level": "random"}).level == "random"
