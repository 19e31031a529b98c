"""Fireball Court agents: the heuristic, the greedy measuring stick and the search
plug-in.  Legality, no peeking, determinism, clear scenarios, the round simulator
against the rules, consistent worlds, and a small seeded strength check."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.ai import LEVELS, make_agent
from game.ai import court as H
from game.ai import court_search as CS
from game.ai.search import SearchAgent
from game.ai.base import RandomAgent
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules import court as C
from game.rules.court import RULES, play
from court_helpers import ids, new
from ai_helpers import check_search_does_not_peek, check_search_legal_and_deterministic
from ai_helpers import states_of_play as shared_states

FAST = dict(budget_steps=300, min_worlds=2, max_worlds=3)


def clone(rng: Rng) -> Rng:
    out = Rng()
    out.state = rng.state
    return out


def position(hand0, court, caps=((), ()), hand1=None, pile_first=(), turn=0, last=None):
    """Seat ``turn`` to play mid-round: its hand (5 cards, drawn already), the Court
    stacks and capture piles as named; the opponent holds ``hand1`` (default: 4 of the
    cards not named) and every other card is in the draw pile (``pile_first`` on top)."""
    state = new()
    named = ids(list(hand0) + [c for st in court for c in st] + [c for cap in caps for c in cap]
                + list(hand1 or ()) + list(pile_first))
    assert len(set(named)) == len(named)
    it = iter(named)
    take = lambda seq: tuple(next(it) for _ in seq)  # noqa: E731
    h0 = take(hand0)
    stacks = tuple(take(st) for st in court)
    cps = [take(cap) for cap in caps]
    h1 = take(hand1 or ())
    top = take(pile_first)
    rest = [c for c in range(C.DECK_SIZE) if c not in named]
    if hand1 is None:
        h1, rest = tuple(rest[:4]), rest[4:]
    hands = [(), ()]
    hands[turn], hands[1 - turn] = h0, h1
    state = replace(state, hands=tuple(hands), court=stacks, captures=tuple(cps), pile=top + tuple(rest),
                    turn=turn, starter=turn, last_capturer=last)
    assert all(v == 1 for v in RULES.card_census(state).values())
    return state


def card_played(agent, state, seat=None, rng=None):
    seat = state.turn if seat is None else seat
    a = agent.act(RULES.observe(state, seat), RULES.legal_actions(state, seat), rng or Rng(0))
    return a.get("card")


def states_of_play(seed: int, levels=("heuristic", "random"), every: int = 5, limit: int = 400):
    """(state, seat) met in a seeded game between two levels (one in ``every``)."""
    return shared_states("court", seed, 2, None, levels, every, limit)


# -- registry -------------------------------------------------------------------------
def test_levels_are_registered_for_court_and_missing_ones_say_so():
    assert {"random", "normal", "hard", "greedy"} <= set(LEVELS)
    assert isinstance(make_agent("court", "normal"), H.HeuristicAgent)
    assert isinstance(make_agent("court", "heuristic"), H.HeuristicAgent)     # the old name
    assert isinstance(make_agent("court", "greedy"), H.GreedyAgent)
    assert isinstance(make_agent("court", "random"), RandomAgent)
    search = make_agent("court", "hard")
    assert isinstance(make_agent("court", "search").plugin, CS.CourtSearch)     # the old name
    assert type(search) is SearchAgent and search.name == "search"
    assert isinstance(search.plugin, CS.CourtSearch)
    make_agent("masterbluff", "search")          # other games keep their levels
    with pytest.raises(KeyError, match="greedy"):
        make_agent("masterbluff", "greedy")
    with pytest.raises(KeyError, match="levels"):
        make_agent("court", "grandmaster")


# -- legality and determinism -----------------------------------------------------------
@pytest.mark.parametrize("levels", [("heuristic", "random"), ("greedy", "heuristic"), ("random", "greedy")])
def test_every_choice_is_legal_and_the_agents_own(levels):
    st = RULES.new_game(GameConfig(2), seed=sum(map(len, levels)))
    agents = [make_agent("court", lv) for lv in levels]
    rngs = [Rng(1), Rng(2)]
    n = 0
    while RULES.outcome(st) is None:
        seat = RULES.to_act(st)[0]
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        a = agents[seat].act(obs, legal, rngs[seat])
        assert a in legal
        if levels[seat] == "heuristic":            # never the fallback
            assert C.CARD_INDEX[a.get("card")] == H.choose(H.view_of(obs))
        elif levels[seat] == "greedy":
            assert C.CARD_INDEX[a.get("card")] == H.greedy_card(obs.hand, obs.court)
        st, _ = RULES.apply(st, a)
        n += 1
    assert n > 80 and len(st.results) >= 2


def test_search_is_legal_and_deterministic_with_a_fresh_agent():
    assert check_search_legal_and_deterministic(
        "court", lambda **kw: SearchAgent("court", **FAST, **kw), states_of_play(3, every=11, limit=120)) >= 8


@pytest.mark.parametrize("level", ["heuristic", "greedy"])
def test_same_observation_and_rng_state_same_action(level):
    for st, seat in states_of_play(5, every=3, limit=150):
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        rng = Rng(17)
        a = make_agent("court", level).act(obs, legal, clone(rng))
        assert make_agent("court", level).act(obs, legal, clone(rng)) == a


# -- no peeking -------------------------------------------------------------------------
def hidden_variants(state, seat, rng, n=3):
    """States that differ from ``state`` only in cards ``seat`` cannot see."""
    obs = RULES.observe(state, seat)
    out = [RULES.determinize(obs, rng) for _ in range(n)]
    out += [CS.refined_world(RULES, obs, rng) for _ in range(n)]
    for v in out:
        assert RULES.observe(v, seat) == obs
    return out


@pytest.mark.parametrize("level", ["heuristic", "greedy"])
def test_no_peeking_hidden_cards_do_not_change_the_choice(level):
    rng = Rng(4)
    changed = 0
    for st, seat in states_of_play(7, every=3, limit=200):
        a = make_agent("court", level).act(RULES.observe(st, seat), RULES.legal_actions(st, seat), Rng(1))
        for v in hidden_variants(st, seat, rng):
            changed += v.hands[1 - seat] != st.hands[1 - seat]
            assert make_agent("court", level).act(RULES.observe(v, seat), RULES.legal_actions(v, seat),
                                                  Rng(1)) == a
    assert changed > 20          # the variants really moved hidden cards


def test_search_does_not_peek():
    rng = Rng(9)
    assert check_search_does_not_peek("court", SearchAgent("court", **FAST), states_of_play(8, every=13, limit=120),
                                      lambda st, seat: hidden_variants(st, seat, rng, n=1)) >= 5


# -- clear scenarios ----------------------------------------------------------------------
def test_greedy_captures_the_biggest_stack_else_lays_its_cheapest_card():
    st = position(["3c", "king", "5c", "6c", "9r"], [("3c",), ("king", "king"), ("8c",)])
    assert card_played(H.GreedyAgent(), st).startswith("king")
    st = position(["3c", "king", "5c", "6c", "9r"], [("3c",), ("king", "king"), ("6c", "6c", "6r")])
    assert card_played(H.GreedyAgent(), st).startswith("6c")           # three cards beat two
    st = position(["fireball", "king", "5c", "6c", "9r"], [("3c",), ("king", "king"), ("8c",)])
    assert card_played(H.GreedyAgent(), st) == "fireball1"            # the whole Court: four cards
    st = position(["king", "9r", "2c", "castle", "7c"], [("3c",), ("knight",), ("8c",)])
    assert card_played(H.GreedyAgent(), st) == "2c1"                  # no capture: a coin, lowest


def test_heuristic_captures_a_rich_stack():
    # the three kings in the Court and mine make a set of four (10 points)
    st = position(["king", "2c", "3c", "4c", "5c"], [("king", "king", "king"), ("7c",), ("8c",)])
    assert card_played(H.HeuristicAgent(), st).startswith("king")
    # a stack of two coins and the raven beats a lone coin
    st = position(["6c", "7c", "1c", "2r", "knight"], [("6c", "6c", "6r"), ("7c",), ("9c",)])
    assert card_played(H.HeuristicAgent(), st).startswith("6")


def test_heuristic_sweeps_a_full_court_and_holds_the_fireball_on_a_poor_one():
    rich = [("castle", "castle"), ("knight", "knight"), ("9c", "9r"), ("8c", "8c"), ("7c",), ("6r",)]
    st = position(["fireball", "1c", "2c", "3c", "4c"], rich)
    assert card_played(H.HeuristicAgent(), st) == "fireball1"
    st = position(["fireball", "1c", "2c", "3c", "4c"], [("5c",), ("6c",)])
    assert card_played(H.HeuristicAgent(), st) != "fireball1"


def test_heuristic_lays_a_dead_suit_rather_than_feed_a_capture():
    # every other 9 is captured already, so a laid 9 can only be swept by a Fireball;
    # a laid king would hand the opponent (who may hold kings) a start on a set
    st = position(["9c", "king", "castle", "knight", "5r"], [("1c",), ("2c",)],
                  caps=(("9c", "9c"), ("9r",)))
    assert card_played(H.HeuristicAgent(), st).startswith("9")


def test_endgame_solver_agrees_with_playing_it_out():
    """Pile empty: both hands are known; the solved value is what perfect play scores."""
    n = 0
    for st, seat in states_of_play(12, levels=("heuristic", "heuristic"), every=1, limit=400):
        v = H.view_of(RULES.observe(st, seat))
        if v.pile != 0 or len(v.hand) < 3:
            continue
        value, _card = H.solve_endgame(v)
        # play the solver's line for both seats with the rules; the round's points follow
        s, seats = st, seat
        while s.round == st.round and not s.over:
            t = s.turn
            c = H.solve_endgame(H.view_of(RULES.observe(s, t)))[1] if len(s.hands[t]) > 1 else s.hands[t][0]
            s, _ = RULES.apply(s, play(t, c))
        sc = s.results[-1].scores
        assert sc[seats].points - sc[1 - seats].points == value
        n += 1
        if n >= 4:
            break
    assert n >= 4


# -- the search plug-in ------------------------------------------------------------------
def test_worlds_agree_with_the_observation_and_the_announced_high_card():
    rng = Rng(3)
    n = 0
    for seed in range(6):
        for st, seat in states_of_play(20 + seed, every=4, limit=60):
            obs = RULES.observe(st, seat)
            plug = CS.CourtSearch(RULES)
            for _ in range(3):
                w = plug.determinize(obs, rng)
                assert RULES.observe(w, seat) == obs
                assert all(v == 1 for v in RULES.card_census(w).values())
                plays, drawn = CS._opp_draws(obs)
                h = obs.highs[1 - seat]
                high = [c for c in w.hands[1 - seat] if C.CARDS[c].number > h]
                assert len(high) <= drawn
                if plays == 0 and h:
                    assert any(C.CARDS[c].number == h for c in w.hands[1 - seat])
                n += 1
    assert n > 100


def test_opp_draws_counts_the_opponents_plays_and_draws():
    for st, seat in states_of_play(31, every=1, limit=80):
        obs = RULES.observe(st, seat)
        if len(st.results):
            break
        plays, drawn = CS._opp_draws(obs)
        assert plays >= 0 and drawn >= 0
        assert obs.hand_sizes[1 - seat] == C.HAND_SIZE + drawn - plays


def test_round_simulator_matches_the_rules():
    """play_round with the fast heuristic scores a round exactly as rules.apply does."""
    fast = CS.FastHeuristic()
    policy = lambda v: H.choose(v, fast.knobs)  # noqa: E731
    for seed in range(4):
        st = RULES.new_game(GameConfig(2), seed=100 + seed)
        for _ in range(7 * seed):                  # start at different points of the round
            t = st.turn
            st, _ = RULES.apply(st, fast.act(RULES.observe(st, t), RULES.legal_actions(st, t), Rng(0)))
        (p0, p1), steps = CS.play_round(st, (policy, policy))
        s, k = st, 0
        while s.round == st.round and not s.over:
            t = s.turn
            s, _ = RULES.apply(s, fast.act(RULES.observe(s, t), RULES.legal_actions(s, t), Rng(0)))
            k += 1
        sc = s.results[-1].scores
        assert (sc[0].points, sc[1].points) == (p0, p1) and k == steps


def test_win_chance_is_a_probability_and_decided_games_are_certain():
    assert CS.win_chance((101, 90), 0, 101) == 1.0
    assert CS.win_chance((101, 90), 1, 101) == 0.0
    assert CS.win_chance((50, 50), 0, 101) == pytest.approx(0.5)
    assert CS.win_chance((110, 110), 0, 101) == pytest.approx(0.5)      # a tie plays on
    assert 0.5 < CS.win_chance((60, 50), 0, 101) < CS.win_chance((95, 50), 0, 101) < 1.0


def test_search_keeps_the_solved_endgame():
    for st, seat in states_of_play(14, every=1, limit=400):
        obs = RULES.observe(st, seat)
        if obs.pile_size <= 1 and len(obs.hand) > 2:
            legal = RULES.legal_actions(st, seat)
            assert SearchAgent("court", **FAST).act(obs, legal, Rng(0)) == H.HeuristicAgent().act(obs, legal, Rng(0))
            return
    pytest.fail("no endgame met")


def test_solve_points_is_the_endgame_solvers_value():
    """The rollouts' exact endgame (cards of one kind merged, a table of exact values) gives
    the heuristic's own solver's difference, and its points are what both seats' solvers
    score when they play it out with the rules."""
    n = 0
    for seed in range(40, 52):
        for st, seat in states_of_play(seed, levels=("heuristic", "heuristic"), every=1, limit=400):
            if len(st.pile) > 1 or len(st.hands[seat]) < 2 or st.round > 1:
                continue
            both = [st.hands[0], st.hands[1]]
            both[1 - seat] = both[1 - seat] + tuple(st.pile)
            p = CS.solve_points(both, st.court, [H.tally(c) for c in st.captures], st.last_capturer, seat)
            value, _card = H.solve_endgame(H.view_of(RULES.observe(st, seat)))
            assert p[seat] - p[1 - seat] == value
            s = st
            while s.round == st.round and not s.over:
                t = s.turn
                s, _ = RULES.apply(s, H.HeuristicAgent().act(RULES.observe(s, t), RULES.legal_actions(s, t), Rng(0)))
            sc = s.results[-1].scores
            assert sc[0].points - sc[1].points == p[0] - p[1]
            n += 1
            break
    assert n >= 10


def test_round_simulator_with_the_solved_endgame_scores_normal_play():
    """play_round(solve=True): the fast heuristic until one card is left in the pile, then the
    solved endgame; the round's difference is what the heuristic (which solves there too)
    scores with the rules."""
    fast = CS.FastHeuristic()
    policy = lambda v: H.choose(v, fast.knobs)  # noqa: E731
    normal = H.HeuristicAgent()
    for seed in range(5):
        st = RULES.new_game(GameConfig(2), seed=200 + seed)
        for _ in range(6 * seed):
            t = st.turn
            st, _ = RULES.apply(st, normal.act(RULES.observe(st, t), RULES.legal_actions(st, t), Rng(0)))
        (p0, p1), steps = CS.play_round(st, (policy, policy), solve=True)
        s = st
        while s.round == st.round and not s.over:
            t = s.turn
            s, _ = RULES.apply(s, normal.act(RULES.observe(s, t), RULES.legal_actions(s, t), Rng(0)))
        sc = s.results[-1].scores
        assert sc[0].points - sc[1].points == p0 - p1


def test_last_play_likelihood_reads_the_heuristics_play_and_is_a_weight():
    """Inference: the weight of a world is in (0, 1], a function of (obs, world) only (the
    same pair gives the same weight, whatever the real hidden cards), and against the
    heuristic the real world always explains the real last play (weight at least 1/2:
    the observation may allow a second reading), while sampled worlds often do not."""
    rng = Rng(9)
    real, sampled, n = [], [], 0
    for seed in range(60, 66):
        for st, seat in states_of_play(seed, levels=("heuristic", "heuristic"), every=1, limit=60):
            obs = RULES.observe(st, seat)
            if obs.pile_size <= 1 or not CS.last_play_hypotheses(obs):
                continue
            w_real = CS.last_play_likelihood(obs, st)
            real.append(w_real)
            for _ in range(3):
                world = CS.refined_world(RULES, obs, rng)
                w = CS.last_play_likelihood(obs, world)
                assert 0.0 < w <= 1.0
                assert CS.last_play_likelihood(obs, world) == w
                other = CS.refined_world(RULES, obs, rng)      # another "real" deal, same obs
                assert RULES.observe(other, seat) == obs
                assert CS.CourtSearch(RULES).weigh(obs, world) == 1.0     # inference off
                plug = CS.CourtSearch(RULES)
                plug.infer = True
                assert plug.weigh(obs, world) == w
                sampled.append(w)
            n += 1
    assert n > 100
    assert min(real) >= 0.5
    assert sum(1 for w in sampled if w < 0.5) > len(sampled) / 5


def test_inferred_worlds_agree_with_the_observation():
    rng = Rng(4)
    plug = CS.CourtSearch(RULES)
    plug.infer = True
    n = 0
    for seed in range(3):
        for st, seat in states_of_play(70 + seed, every=3, limit=90):
            obs = RULES.observe(st, seat)
            for _ in range(3):
                w, weight = plug.belief(obs, rng)
                assert weight > 0
                assert RULES.observe(w, seat) == obs
                assert all(v == 1 for v in RULES.card_census(w).values())
                n += 1
    assert n > 50


def test_hard_with_inference_does_not_peek():
    """The Hard agent's settings (inference, solved rollouts, late search), late in the
    round where it searches: hidden cards dealt differently give the same choice."""
    rng = Rng(12)
    late = [(st, seat) for st, seat in states_of_play(15, levels=("heuristic", "heuristic"), every=1, limit=400)
            if 2 <= len(st.pile) <= 8][:6]
    assert check_search_does_not_peek("court", SearchAgent("court", **FAST), late,
                                      lambda st, seat: hidden_variants(st, seat, rng, n=1)) >= 3


# -- strength and the command line -------------------------------------------------------------
def test_heuristic_beats_random_and_greedy():
    from game.ai.simulate import simulate, summarize

    res = list(simulate("court", ["heuristic", "random"], 20, seed=1))
    assert summarize(res, ["heuristic", "random"])["wins"]["heuristic"] >= 18
    res = list(simulate("court", ["heuristic", "greedy"], 20, seed=2))
    assert summarize(res, ["heuristic", "greedy"])["wins"]["heuristic"] >= 14


def test_simulate_head_to_head_from_the_command_line(capsys):
    from game.cli import main

    assert main(["simulate", "court", "--seats", "greedy,random", "--games", "2", "--seed", "3"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["seats"] for r in lines[:2]] == [["greedy", "random"], ["random", "greedy"]]   # seats alternate
    assert lines[-1]["summary"] and lines[-1]["games"] == 2
    assert main(["simulate", "court", "--players", "2", "--ai", "greedy", "--games", "1"]) == 0


def test_the_heuristics_kept_values_equal_a_fresh_computation():
    """choose keeps diff_value and the opponent's capture chances by their inputs (issue 16):
    after a heuristic game every kept value is what the formula gives afresh, and a wrong kept
    value would change the choice (so a stale or planted entry is not harmless)."""
    from math import comb
    H._DIFF.clear()
    H._CHANCES.clear()
    from game.ai.simulate import play_game
    play_game("court", ["heuristic", "heuristic"], seed=5)
    assert len(H._DIFF) > 100 and len(H._CHANCES) > 10

    def fresh_diff(me, opp):
        v = (me[0] - opp[0]) * H.COIN_POINTS + H.RAVEN_TERM[me[1]][opp[1]]
        for i in range(H.NSEN):
            v += H.SENIOR_TERM[me[2 + i]][opp[2 + i]]
        return v

    def fresh_p(n, k, m):
        if m <= 0 or k <= 0:
            return 0.0
        return 1.0 if m + k > n else 1.0 - comb(n - m, k) / comb(n, k)

    for (me, opp), v in H._DIFF.items():
        assert v == fresh_diff(me, opp)
    for (n, k, *us), (pf, ps, po) in H._CHANCES.items():
        assert pf == fresh_p(n, k, us[H.FIRE])
        assert po == [fresh_p(n, k, us[s]) for s in range(H.NSUITS)]
        assert ps == [fresh_p(n, k, us[s] + us[H.FIRE]) if s != H.FIRE else pf for s in range(H.NSUITS)]
    # a planted wrong value is used: the cache is what choose reads
    me, opp = H.ZERO, H.ZERO
    H._DIFF[(me, opp)] = 123.0
    try:
        assert H.diff_value(me, opp) == 123.0
    finally:
        H._DIFF.clear()
    assert H.diff_value(me, opp) == fresh_diff(me, opp)
