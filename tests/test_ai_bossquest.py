"""Boss Quest agents: the heuristic and the search plug-in.  Legality over seeded games at
2-5 players, determinism, no peeking, clear scenarios from explicit decks, consistent
worlds, the round-horizon score and a small seeded strength check.

Without an ``armorer`` option the Armorer is the last seat, so seat 0 plays first."""
from __future__ import annotations

from dataclasses import replace

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.ai import bossquest as H
from game.ai import bossquest_search as BS
from game.ai import make_agent
from game.ai.base import RandomAgent
from game.core.rng import Rng
from game.core.rules import GameConfig
from ai_helpers import check_search_does_not_peek, check_search_legal_and_deterministic
from ai_helpers import states_of_play as shared_states
from bossquest_helpers import B, RULES, bossquest_variants, new, run

FAST = dict(budget_steps=60, min_worlds=3, max_worlds=3, max_candidates=3)


def decide(agent, state, seat=None, rng=None):
    seat = RULES.to_act(state)[0] if seat is None else seat
    return agent.act(RULES.observe(state, seat), RULES.legal_actions(state, seat), rng or Rng(0))


def states_of_play(seed, players=3, levels=("heuristic", "random"), every=1, limit=200):
    return shared_states("bossquest", seed, players, None, levels, every, limit)


# -- registry -------------------------------------------------------------------------
def test_levels_are_registered_for_bossquest():
    assert isinstance(make_agent("bossquest", "heuristic"), H.HeuristicAgent)
    assert isinstance(make_agent("bossquest", "random"), RandomAgent)
    search = make_agent("bossquest", "search")
    assert isinstance(search, BS.BossQuestSearchAgent) and search.name == "search"
    assert isinstance(search.plugin, BS.BossQuestSearch)


# -- legality and determinism -----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_choice_is_legal_and_the_agents_own(players):
    st = RULES.new_game(GameConfig(players), seed=players)
    agents = [make_agent("bossquest", "heuristic" if s % 2 == 0 else "random") for s in range(players)]
    rngs = [Rng(s) for s in range(players)]
    n = 0
    kinds = set()
    while RULES.outcome(st) is None and n < 300:
        seat = RULES.to_act(st)[0]
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        a = agents[seat].act(obs, legal, rngs[seat])
        assert a in legal
        if seat % 2 == 0:
            kinds.add(a.kind)
        st, _ = RULES.apply(st, a)
        n += 1
    assert RULES.outcome(st) is not None
    assert {"equip", "activate"} <= kinds


def test_heuristic_self_play_games_end():
    for players in (2, 5):
        st = RULES.new_game(GameConfig(players), seed=11 + players)
        agent = H.HeuristicAgent()
        n = 0
        while RULES.outcome(st) is None:
            seat = RULES.to_act(st)[0]
            st, _ = RULES.apply(st, decide(agent, st, seat))
            n += 1
            assert n < 1000
        assert max(st.keys) >= B.keys_to_win(players) or min(st.hearts) == 0


def test_same_observation_same_action_with_a_fresh_agent():
    for st, seat in states_of_play(5, 4, every=2, limit=80):
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        a = H.HeuristicAgent().act(obs, legal, Rng(3))
        assert H.HeuristicAgent().act(obs, legal, Rng(99)) == a        # the rng is not even used
        assert H.choose(obs, legal) == a


def test_search_is_legal_and_deterministic_with_a_fresh_agent():
    positions = (p for players in (2, 5) for p in states_of_play(players, players, every=4, limit=40))
    assert check_search_legal_and_deterministic(
        "bossquest", lambda **kw: BS.BossQuestSearchAgent(**FAST, **kw), positions) >= 12


# -- no peeking ---------------------------------------------------------------------------
def test_no_peeking_hidden_cards_do_not_change_the_heuristic():
    rng = Rng(4)
    moved = 0
    for players in (3, 5):
        for st, seat in states_of_play(7, players, every=1, limit=80):
            obs = RULES.observe(st, seat)
            a = H.choose(obs, RULES.legal_actions(st, seat))
            for v in bossquest_variants(st, seat, rng):
                assert RULES.observe(v, seat) == obs
                moved += v.hidden != st.hidden
                assert H.choose(RULES.observe(v, seat), RULES.legal_actions(v, seat)) == a
    assert moved > 30                 # the variants really moved hidden weapons


def test_search_does_not_peek():
    rng = Rng(9)
    assert check_search_does_not_peek("bossquest", BS.BossQuestSearchAgent(**FAST),
                                      states_of_play(8, 4, every=5, limit=50),
                                      lambda st, seat: bossquest_variants(st, seat, rng)[:2]) >= 8


# -- clear scenarios ------------------------------------------------------------------------
ROW = ["extra_key", "boss_up1", "cancel", "need_red"]


def test_it_stops_equipping_when_a_bust_is_very_likely():
    # 13 of 14: only a 1 does not bust
    st = new(["red7", "blue1", "green2"], ["blue6", "yellow2", "purple3"], row=ROW, boss="boss14")
    a = decide(H.HeuristicAgent(), st)
    assert a.kind != "equip"


def test_it_equips_when_far_from_the_hp_and_asks_for_few_weapons():
    st = new(["red1", "blue1", "green2"], ["blue2", "yellow2", "purple3"], row=ROW, boss="boss22")
    a = decide(H.HeuristicAgent(), st)
    assert a.kind == "equip" and a["n"] <= 3
    # never four at once when four could bust it: 3 + 4 draws averages 19 of 22
    assert H.Table(RULES.observe(st, 0)).equip_value(4) < H.Table(RULES.observe(st, 0)).equip_value(1)


def test_it_does_not_bust_needlessly():
    """Over a few hundred seeded heuristic-only decisions at a comfortable distance it never
    asks for a weapon that busts it for sure."""
    for st, seat in states_of_play(12, 4, levels=("heuristic",), limit=200):
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        a = H.choose(obs, legal)
        if a.kind == "equip":
            assert obs.strength + a["n"] <= obs.boss_hp      # the least it can draw still fits


def test_a_strength_spell_completes_a_perfect():
    st = new(["red7", "blue1", "green2"], ["blue6", "yellow2", "purple3"],
             row=["extra_key", "power_up1", "boss_up2", "cancel"], boss="boss14")
    a = decide(H.HeuristicAgent(), st)
    assert a.kind == "activate" and a["slot"] == 1 and a["target"] == 0     # 13 + 1 = 14


def test_a_harmful_spell_goes_to_the_leader():
    # seat 0 plays last on 12 of 14; seats 1 and 2 (7 face up each) went to the Magician
    # and look alike: Strength -2 goes to the one with more keys
    st = new(["red7", "blue6", "green6"], ["blue5", "yellow7", "purple7"],
             row=["extra_key", "power_down2", "boss_up1", "cancel"], boss="boss14", armorer=0)
    st, _ = run(st, B.discard(1, 3), B.discard(2, 2))
    for keys, leader in (((0, 3, 0), 1), ((0, 0, 3), 2)):
        a = decide(H.HeuristicAgent(), replace(st, keys=keys))
        assert a.kind == "activate" and a["slot"] == 1 and a["target"] == leader


def test_a_harmful_spell_is_discarded_while_others_may_still_use_it():
    # seat 0 on a PERFECT plays first: Strength -2 could only hurt it later
    st = new(["red7", "blue4", "green4"], ["blue7", "yellow6", "purple6"],
             row=["extra_key", "power_down2", "boss_up1", "cancel"], boss="boss14")
    a = decide(H.HeuristicAgent(), st)
    assert a.kind == "discard" and a["slot"] == 1


def test_search_keeps_a_sure_perfect():
    st = new(["red7", "blue1", "green2"], ["blue6", "yellow2", "purple3"],
             row=["extra_key", "power_up1", "boss_up2", "cancel"], boss="boss14")
    a = decide(BS.BossQuestSearchAgent(**FAST), st)
    assert a.kind == "activate" and a["slot"] == 1 and a["target"] == 0


def test_the_opponent_model_reads_the_over_flag():
    st = new(["red7", "blue1", "green2"], ["blue6", "yellow7", "purple3"], boss="boss14")
    st, _ = run(st, B.discard(0, 1), B.equip(1, 1))            # seat 1: 7 + 1 + its next card
    obs = RULES.observe(st, 0)
    t = H.Table(obs)
    o1 = next(o for o in t.opps if o.seat == 1)
    if obs.over[1]:
        assert all(o1.known + v > obs.boss_hp for v in o1.hidden)
    else:
        assert all(o1.known + v <= obs.boss_hp for v in o1.hidden)
    assert abs(sum(o1.hidden.values()) - 1) < 1e-9


# -- the search plug-in ----------------------------------------------------------------------
def test_worlds_agree_with_the_observation():
    rng = Rng(3)
    plug = BS.BossQuestSearch(RULES)
    n = 0
    for players in (2, 3, 5):
        for st, seat in states_of_play(20 + players, players, every=2, limit=60):
            obs = RULES.observe(st, seat)
            for _ in range(2):
                w = plug.determinize(obs, rng)
                assert RULES.observe(w, seat) == obs
                assert RULES.card_census(w) == RULES.card_census(st)
                n += 1
    assert n > 60


def test_win_chance_is_a_probability_and_decided_games_are_certain():
    st = RULES.new_game(GameConfig(3), seed=1)
    assert 0.0 < BS.win_chance(st, 0, RULES) < 1.0
    lead = replace(st, keys=(3, 1, 1))
    assert BS.win_chance(lead, 0, RULES) > BS.win_chance(st, 0, RULES) > BS.win_chance(lead, 1, RULES)
    over = replace(lead, phase="over")
    assert BS.win_chance(over, 0, RULES) == 1.0 and BS.win_chance(over, 1, RULES) == 0.0


# -- strength ------------------------------------------------------------------------------------
def test_heuristic_beats_random():
    from game.ai.simulate import simulate, summarize

    levels = ["heuristic", "random", "random"]
    res = list(simulate("bossquest", levels, 24, seed=1))
    assert summarize(res, levels)["wins"]["heuristic"] >= 18     # fair share: 8
