"""Death over the Kingdom agents: the heuristic and the search plug-in.  Legality over
seeded games (several table sizes, all three modes), determinism, no peeking, clear
scenarios from explicit decks, consistent worlds, the round-horizon score and a small
seeded strength check.

With ``dealer=0`` and four players the turn order is 3, 2, 1, 0 (the dealer last)."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.ai import make_agent
from game.ai import death as H
from game.ai import death_search as DS
from game.ai.search import Budget, SearchAgent
from game.ai.base import RandomAgent
from game.core.rng import Rng
from game.core.rules import GameConfig
from death_helpers import CARD_INDEX, D, RULES, death_variants, new, run
from ai_helpers import check_search_does_not_peek, check_search_legal_and_deterministic
from ai_helpers import states_of_play as shared_states

FAST = dict(budget_steps=80, min_worlds=3, max_worlds=4)


def clone(rng: Rng) -> Rng:
    out = Rng()
    out.state = rng.state
    return out


def decide(agent, state, seat=None, rng=None):
    seat = RULES.to_act(state)[0] if seat is None else seat
    return agent.act(RULES.observe(state, seat), RULES.legal_actions(state, seat), rng or Rng(0))


def states_of_play(seed, players=4, mode="base", levels=("heuristic", "random"), every=1, limit=200):
    """(state, seat) met in a seeded game (one in ``every``); seats alternate the levels."""
    return shared_states("death", seed, players, {"mode": mode}, levels, every, limit)


# -- registry -------------------------------------------------------------------------
def test_levels_are_registered_for_death():
    assert isinstance(make_agent("death", "heuristic"), H.HeuristicAgent)
    assert isinstance(make_agent("death", "random"), RandomAgent)
    search = make_agent("death", "search")
    assert type(search) is SearchAgent and search.name == "search"
    assert isinstance(search.plugin, DS.DeathSearch)
    with pytest.raises(KeyError):
        make_agent("death", "greedy")


# -- legality and determinism -----------------------------------------------------------
@pytest.mark.parametrize("players,mode", [(2, "base"), (4, "death_over_all"), (5, "only_one"),
                                          (7, "base"), (12, "only_one"), (20, "death_over_all")])
def test_every_choice_is_legal_and_the_agents_own(players, mode):
    st = RULES.new_game(GameConfig(players, {"mode": mode, "multiplier": 2}), seed=players)
    agents = [make_agent("death", "heuristic" if s % 2 == 0 else "random") for s in range(players)]
    rngs = [Rng(s) for s in range(players)]
    n = 0
    kinds = set()
    while RULES.outcome(st) is None and n < 300:              # a whole game, or 300 actions
        seat = RULES.to_act(st)[0]
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        a = agents[seat].act(obs, legal, rngs[seat])
        assert a in legal
        if seat % 2 == 0:
            assert H.choose(obs, legal) == a                    # never the fallback
            kinds.add(a.kind)
        st, _ = RULES.apply(st, a)
        n += 1
    assert n > players
    assert "stand" in kinds and len(kinds) >= 3


def test_search_is_legal_and_deterministic_with_a_fresh_agent():
    positions = (p for players, mode in ((4, "base"), (6, "death_over_all"), (3, "only_one"))
                 for p in states_of_play(players, players, mode, every=3, limit=30))
    assert check_search_legal_and_deterministic(
        "death", lambda **kw: SearchAgent("death", **FAST, search_hands=None, **kw), positions) >= 20


@pytest.mark.parametrize("players", [3, 6])
def test_same_observation_and_rng_state_same_action(players):
    for st, seat in states_of_play(5, players, every=2, limit=80):
        obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
        rng = Rng(17)
        a = H.HeuristicAgent().act(obs, legal, clone(rng))
        assert H.HeuristicAgent().act(obs, legal, clone(rng)) == a
        assert H.choose(obs, legal) == a                        # a pure function of obs


# -- no peeking ---------------------------------------------------------------------------
def test_no_peeking_hidden_cards_do_not_change_the_heuristic():
    rng = Rng(4)
    moved = 0
    for players, mode in ((4, "base"), (6, "death_over_all"), (9, "only_one")):
        for st, seat in states_of_play(7, players, mode, every=1, limit=120):
            obs = RULES.observe(st, seat)
            a = H.HeuristicAgent().act(obs, RULES.legal_actions(st, seat), Rng(1))
            for v in death_variants(st, seat, rng):
                assert RULES.observe(v, seat) == obs
                moved += v.hands != st.hands
                assert H.HeuristicAgent().act(RULES.observe(v, seat), RULES.legal_actions(v, seat), Rng(1)) == a
    assert moved > 50                 # the variants really moved hidden cards


def test_search_does_not_peek():
    rng = Rng(9)
    assert check_search_does_not_peek("death", SearchAgent("death", **FAST, search_hands=None),
                                      states_of_play(8, 5, every=4, limit=60),
                                      lambda st, seat: death_variants(st, seat, rng)[:2]) >= 10


# -- clear scenarios --------------------------------------------------------------------------
def kind_of(state, agent=None, seat=None):
    a = decide(agent or H.HeuristicAgent(), state, seat)
    return a.kind


def test_death_is_passed_on_and_the_dealer_cuts_it():
    st = new(["princess", "bard", "knight", "death"], dealer=0)            # seat 3 plays first
    assert kind_of(st) == "exchange"
    st = new(["death", "bard", "knight", "princess"], dealer=0)
    st, _ = run(st, "stand", "stand", "stand")                              # the dealer's turn
    assert kind_of(st) == "cut"


def test_a_power_card_is_used_rather_than_stood_on():
    st = new(["princess", "bard", "knight", "trader"], dealer=0)
    assert kind_of(st) in ("trader", "exchange")
    st = new(["princess", "bard", "knight", "thief"], dealer=0)
    assert kind_of(st) in ("thief", "exchange")


def test_a_king_or_a_princess_stands():
    st = new(["bard", "knight", "queen", "king"], dealer=0)
    assert kind_of(st) == "stand"
    st = new(["bard", "knight", "death", "princess"], dealer=0)
    assert kind_of(st) == "stand"
    st = new(["princess", "bard", "knight", "queen"], dealer=0)
    st, _ = run(st, "stand", "stand", "stand")
    assert kind_of(st) == "stand"                   # the dealer keeps a Princess: the best card


def test_innkeeper_stands_with_a_king_in_play_and_sheds_without_one():
    st = new(["bard", "knight", "king", "innkeeper"], dealer=0)             # the King turns it: 11
    assert kind_of(st) == "stand"
    st = new(["bard", "knight", "magician", "innkeeper"], dealer=0)
    assert kind_of(st) == "exchange"


def test_thief_takes_a_good_card_and_keeps_its_own_over_death():
    st = new(["princess", "bard", "knight", "thief"], dealer=0)
    st, _ = run(st, ("thief", 0))                                          # it looks at the Princess
    assert kind_of(st) == "thief_swap"
    st = new(["death", "bard", "knight", "thief"], dealer=0)
    st, _ = run(st, ("thief", 0))                                          # it looks at Death
    assert kind_of(st) == "thief_keep"


def test_a_queen_is_shed_once_a_princess_is_known_in_play():
    st = new(["bard", "magician", "princess", "queen"], dealer=0)
    st, _ = run(st, "exchange")                     # seat 3 takes the Princess and has played
    assert RULES.observe(st, 2).cards[3] == CARD_INDEX["princess"]
    assert kind_of(st) == "exchange"                # the Queen will turn: worth 1


def test_search_passes_death_on():
    st = new(["princess", "bard", "knight", "death"], dealer=0)
    assert kind_of(st, SearchAgent("death", **FAST, search_hands=None)) == "exchange"
    st = new(["death", "bard", "knight", "princess"], dealer=0)
    st, _ = run(st, "stand", "stand", "stand")
    assert kind_of(st, SearchAgent("death", **FAST, search_hands=None)) == "cut"


# -- the model's pieces -------------------------------------------------------------------
def test_costs_follow_the_cards():
    st = new(["princess", "bard", "knight", "magician"], dealer=0)
    obs = RULES.observe(st, 3)
    cost = H.cost_table(H.table_of(obs), "base")
    assert cost[D.DEATH] == pytest.approx(1.0)                # Death always loses
    assert cost[D.KING] < 0.01 and cost[D.PRINCESS] < cost[D.BARD] < cost[D.TRADER] < cost[D.DEATH]
    over = H.cost_table(H.table_of(obs), "death_over_all")
    assert over[D.DEATH] == pytest.approx(1.0) and over[D.PRINCESS] < over[D.BARD]


def test_statuses_read_the_log():
    st = new(["princess", "bard", "knight", "death", "queen"], dealer=0)    # order 4, 3, 2, 1, 0
    st, _ = run(st, "stand", "exchange")
    s = H.statuses(RULES.observe(st, 1))
    assert s[4] == "kept" and s[3] == "raw" and s[2] == "bad"


# -- the search plug-in ----------------------------------------------------------------------
def test_worlds_agree_with_the_observation():
    rng = Rng(3)
    plug = DS.DeathSearch(RULES)
    n = 0
    for players, mode in ((3, "base"), (6, "only_one"), (11, "death_over_all")):
        for st, seat in states_of_play(20 + players, players, mode, every=2, limit=60):
            obs = RULES.observe(st, seat)
            for _ in range(2):
                w = plug.determinize(obs, rng)
                assert RULES.observe(w, seat) == obs
                assert all(v == D.COPIES for v in RULES.card_census(w).values())
                assert all(w.hands[s] != D.KING or w.face_up[s] for s in w.order)
                n += 1
    assert n > 60


def test_worlds_lean_on_the_public_log():
    """A seat that stood holds a good card more often than a seat handed a card by an exchange."""
    st = new(["princess", "bard", "knight", "death", "queen", "monk"], dealer=0)   # order 5, 4, ..., 0
    st, _ = run(st, "stand", "exchange")            # 5 stands; 4 hands its card to 3
    obs = RULES.observe(st, 3)
    rng = Rng(1)
    plug = DS.DeathSearch(RULES)
    good = {5: 0, 4: 0}
    for _ in range(300):
        w = plug.determinize(obs, rng)
        for s in good:
            good[s] += w.hands[s] >= D.MONK
    assert good[5] > good[4] + 40


def test_win_chance_is_a_probability_and_decided_games_are_certain():
    st = new(["princess", "bard", "knight", "death"], dealer=0, multiplier=2)
    assert 0.0 < DS.win_chance(st, 0, RULES) < 1.0
    from dataclasses import replace
    lead = replace(st, tokens=(0, 3, 3, 3))
    assert DS.win_chance(lead, 0, RULES) > DS.win_chance(st, 0, RULES) > DS.win_chance(lead, 1, RULES)
    over = replace(lead, over=True)
    assert DS.win_chance(over, 0, RULES) == 1.0 and DS.win_chance(over, 1, RULES) == 0.0


# -- strength and the command line ------------------------------------------------------------
def test_heuristic_beats_random():
    from game.ai.simulate import simulate, summarize

    levels = ["heuristic", "random", "random", "random"]
    res = list(simulate("death", levels, 24, seed=1))
    assert summarize(res, levels)["wins"]["heuristic"] >= 14     # fair share: 6


def test_simulate_from_the_command_line(capsys):
    from game.cli import main

    assert main(["simulate", "death", "--seats", "heuristic,random,random", "--games", "3", "--seed", "3"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["seats"] for r in lines[:3]] == [["heuristic", "random", "random"], ["random", "random", "heuristic"],
                                               ["random", "heuristic", "random"]]
    assert lines[-1]["summary"] and lines[-1]["games"] == 3


def test_the_opponent_model_follows_the_cards_through_the_log():
    """Seat 3 exchanges its card to seat 2, who stands on it: both decisions were taken
    holding the card seat 2 holds now; seat 3's new card is constrained by nothing."""
    s = new(["queen", "monk", "princess", "death"], dealer=0)
    s, _ = run(s, "exchange", "stand")
    obs = RULES.observe(s, 1)
    assert [r.kind for r in obs.log] == ["exchange", "stand"]
    cons = DS.constraints(obs)
    assert cons[2] == [0, 1] and cons[3] == [] and cons[1] == []


def test_the_opponent_model_weighs_cards_by_the_heuristics_own_choices():
    """Seat 3 stood (exchange was open to it): the heuristic never stands on Death, so a
    world gives seat 3 Death with the small weight ``eps`` only, and a Princess in full."""
    s = new(["queen", "monk", "princess", "knight"], dealer=0)
    s, _ = run(s, "stand")
    obs = RULES.observe(s, 2)
    like = DS.likelihoods(RULES, obs, 0.05)
    assert set(like) == {3}
    assert like[3][D.DEATH] == pytest.approx(0.05) and like[3][D.PRINCESS] == 1.0
    assert like[3][D.KING] == 0.0
    # the worlds follow it: seat 3 is dealt Death far less often than a Princess
    plug = DS.DeathSearch(RULES)
    plug.eps = 0.05
    rng = Rng(4)
    held = [plug.determinize(obs, rng).hands[3] for _ in range(400)]
    assert held.count(D.DEATH) * 5 < held.count(D.PRINCESS)
    for _ in range(20):
        assert RULES.observe(plug.determinize(obs, rng), 2) == obs


def test_the_exact_win_share_sums_to_one_and_follows_the_tokens():
    """The base mode's win chance (each round left gives one token to a random seat): the
    seats' shares sum to 1, fewer tokens is better, and with no round left it is the outcome
    (ties share)."""
    assert DS._share(3, (0, 1), 2, 3) == 0.0          # three tokens behind with two rounds left
    for tokens, left in (((0, 0, 0), 5), ((1, 0, 3), 2), ((2, 2, 1, 0), 7), ((0, 1, 1, 2, 3, 4), 9)):
        n = len(tokens)
        lo = min(tokens)
        shares = [DS._share(tokens[s] - lo, tuple(sorted(tokens[x] - lo for x in range(n) if x != s)), left, n)
                  for s in range(n)]
        assert sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= v <= 1.0 for v in shares) and max(shares) < 1.0
        for a in range(n):
            for b in range(n):
                if tokens[a] < tokens[b]:
                    assert shares[a] >= shares[b] and shares[a] > 0
    assert DS._share(0, (0, 1), 0, 3) == pytest.approx(0.5)
    assert DS._share(1, (0, 1), 0, 3) == 0.0
    # one round left, three seats level but one (2, 2, 3): I win alone if the token goes to the
    # other leader, share if it goes to the third seat, lose if it comes to me
    assert DS._share(0, (0, 1), 1, 3) == pytest.approx((1.0 + 0.5 + 0.0) / 3)
    from dataclasses import replace
    st = new(["princess", "bard", "knight"], dealer=0, multiplier=2)
    late = replace(st, tokens=(2, 2, 3), results=st.results + (None,) * (st.rounds - 1))
    assert DS.win_chance(late, 0, RULES) == pytest.approx(0.5)


def test_the_budget_shrinks_on_big_tables_only():
    """The whole budget up to 10 players; 20 players get half (think time)."""
    agent = SearchAgent("death")
    plug = agent.plugin
    assert [plug.scale(n) for n in (2, 3, 4, 6, 10)] == [1.0] * 5
    assert plug.scale(20) == 0.5 and 0.5 < plug.scale(15) < 1.0
    assert SearchAgent("death", scale={"3": 2}).plugin.scale(3) == 2.0
    whole = Budget(2940, 12, 78)
    assert plug.budget(SimpleNamespace(players=20), whole) == Budget(1470, 6, 39)
    st = new(["princess", "bard", "knight", "thief"], dealer=0)     # seat 3 holds a Thief: searched
    obs = RULES.observe(st, 3)
    agent.act(obs, RULES.legal_actions(st, 3), Rng(2))
    assert agent.last_stats["budget"] == whole
    assert agent.last_stats["worlds"] >= 12


def test_hard_searches_only_a_thief_or_a_clown_played_first_from_4_players():
    """Hard (``make_agent``'s own agent) at 4 players and more runs the search holding a Thief
    (the look and the choice after it) or a Clown as the first player; on every other card
    it plays exactly the heuristic's choice, without a rollout.  At 3 players it searches
    every decision."""
    hard = make_agent("death", "hard")
    hard.budget_steps, hard.min_worlds, hard.max_worlds = FAST["budget_steps"], FAST["min_worlds"], FAST["max_worlds"]
    plug = hard.plugin
    assert plug.SEARCH_HANDS == {D.THIEF} and plug.SEARCH_FIRST == {D.CLOWN} and plug.SEARCH_ALL_UP_TO == 3
    searched = plain = other_searched_at_3 = 0
    for players in (3, 4, 6):
        for st, seat in states_of_play(23 + players, players, every=1, limit=400):
            obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
            a = hard.act(obs, legal, Rng(5))
            first = obs.order.index(seat) == 0
            ran = hard.last_stats["worlds"] >= FAST["min_worlds"] or hard.last_stats["candidates"] == 1
            if players == 3:
                assert ran
                other_searched_at_3 += obs.hand != D.THIEF and hard.last_stats["worlds"] > 0
            elif obs.hand == D.THIEF or (obs.hand == D.CLOWN and first):
                assert ran
                searched += 1
            else:
                assert hard.last_stats["worlds"] == 0 and a == H.choose(obs, legal)
                plain += 1
    assert searched >= 10 and plain >= 100 and other_searched_at_3 >= 20


def test_hard_looks_with_a_thief_where_the_heuristic_exchanges():
    """The decision the search is kept for: holding a Thief, the heuristic often passes it on
    blind; Hard (its full budget) looks at a later player's card instead in some of them."""
    blind = looks = 0
    for players in (3, 4):
        for st, seat in states_of_play(31 + players, players, every=1, limit=300):
            obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
            if obs.hand != D.THIEF or obs.phase != "play" or H.choose(obs, legal).kind != "exchange":
                continue
            blind += 1
            looks += make_agent("death", "hard").act(obs, legal, Rng(1)).kind == "thief"
    assert blind >= 3 and looks >= 1
