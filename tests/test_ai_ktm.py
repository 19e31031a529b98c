"""King Thief Minister agents: the heuristic and the search plug-in.  Legality over
seeded games (3-6 players), determinism, no peeking, worlds that agree with the
observation, clear scenarios from explicit decks and a small seeded strength check.

Explicit decks: ``{"spots": [...], "king_deal": [...]}``; the King's seat starts."""
from __future__ import annotations

from dataclasses import replace

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.ai import make_agent
from game.ai import ktm as H
from game.ai import ktm_search as KS
from game.ai.search import SearchAgent
from game.ai.base import RandomAgent
from game.ai.simulate import simulate, summarize
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules import ktm as K
from ai_helpers import check_search_does_not_peek, check_search_legal_and_deterministic
from ai_helpers import states_of_play as shared_states

RULES = K.RULES
FAST = dict(budget_steps=40, min_worlds=3, max_worlds=3, horizon=2)
SPOTS = ["king", "thief", "minister", "executioner", "sheriff", "peasant"]


def new(spots, players=3, start=0, cap=None):
    deal = [c for c in K.NAMES if c != "king"][:players - 1]
    deal.insert(start, "king")
    return RULES.new_game(GameConfig(players, {"turn_cap": cap}), deck={"spots": spots, "king_deal": deal})


def run(st, *actions):
    for a in actions:
        st, _ = RULES.apply(st, a)
    return st


def decide(agent, st, seat=None, rng=None):
    seat = RULES.to_act(st)[0] if seat is None else seat
    return agent.act(RULES.observe(st, seat), RULES.legal_actions(st, seat), rng or Rng(0))


def peeks(st, spots):
    """Every seat peeks: ``spots[seat]``."""
    for s in RULES.to_act(st):
        st = run(st, K.peek(s, spots[s]))
    return st


def states_of_play(seed, players, levels=("heuristic", "random"), every=1, limit=200):
    return shared_states("ktm", seed, players, {"turn_cap": 60}, levels, every, limit)


# -- registry ----------------------------------------------------------------------------
def test_levels_are_registered_for_ktm():
    assert isinstance(make_agent("ktm", "heuristic"), H.HeuristicAgent)
    assert isinstance(make_agent("ktm", "random"), RandomAgent)
    search = make_agent("ktm", "search")
    assert type(search) is SearchAgent and isinstance(search.plugin, KS.KTMSearch)


# -- legality and determinism ------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_choice_is_legal_and_the_agents_own(players):
    kinds = set()
    for seed in range(4):
        st = RULES.new_game(GameConfig(players, {"turn_cap": 80}), seed=seed)
        agents = [H.HeuristicAgent() if s % 2 == 0 else RandomAgent() for s in range(players)]
        rngs = [Rng(s) for s in range(players)]
        while RULES.outcome(st) is None:
            seat = RULES.to_act(st)[0]
            obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
            a = agents[seat].act(obs, legal, rngs[seat])
            assert a in legal
            if seat % 2 == 0:
                kinds.add(a.kind)
            st, _ = RULES.apply(st, a)
        for s in range(0, players, 2):
            assert agents[s].fallbacks == 0                  # never the fallback
    assert {"peek", "claim", "pass"} <= kinds


def test_heuristic_is_a_function_of_obs_and_rng_state():
    n = 0
    for players in (3, 6):
        for st, seat in states_of_play(5, players, every=2, limit=60):
            obs, legal = RULES.observe(st, seat), RULES.legal_actions(st, seat)
            a = H.HeuristicAgent().act(obs, legal, Rng(17))
            assert H.HeuristicAgent().act(obs, legal, Rng(17)) == a
            n += 1
    assert n > 20


def test_search_is_legal_and_deterministic_with_a_fresh_agent():
    positions = (p for players in (3, 6) for p in states_of_play(players, players, every=7, limit=40))
    assert check_search_legal_and_deterministic(
        "ktm", lambda **kw: SearchAgent("ktm", **FAST, **kw), positions) >= 8


# -- no peeking ----------------------------------------------------------------------------
def test_no_peeking_hidden_cards_do_not_change_the_decision():
    rng = Rng(4)
    moved = n = 0
    for players in (3, 4, 6):
        for st, seat in states_of_play(7, players, every=2, limit=80):
            obs = RULES.observe(st, seat)
            a = H.HeuristicAgent().act(obs, RULES.legal_actions(st, seat), Rng(1))
            for _ in range(2):
                v = RULES.determinize(obs, rng)
                assert RULES.observe(v, seat) == obs
                moved += v.spots != st.spots
                assert H.HeuristicAgent().act(RULES.observe(v, seat), RULES.legal_actions(v, seat), Rng(1)) == a
                n += 1
    assert moved > 20 and n > 60


def test_search_does_not_peek():
    rng = Rng(9)
    assert check_search_does_not_peek("ktm", SearchAgent("ktm", **FAST), states_of_play(8, 4, every=9, limit=50),
                                      lambda st, seat: [RULES.determinize(RULES.observe(st, seat), rng)]) >= 5


def test_worlds_agree_with_the_observation():
    rng = Rng(3)
    n = 0
    for players in (3, 5, 6):
        for st, seat in states_of_play(11, players, every=3, limit=90):
            obs = RULES.observe(st, seat)
            w = KS.refined_world(obs, rng)
            assert RULES.observe(w, seat) == obs
            assert sorted(w.spots) == list(range(6))
            assert w.spots in K.worlds(obs.history)
            n += 1
    assert n > 20


# -- clear scenarios ---------------------------------------------------------------------------
def test_belief_follows_peeks_moves_and_a_secret_swap():
    st = new(SPOTS)                                       # 3 players: spots 0, 2, 4; seat 0 starts
    st = peeks(st, {0: 1, 1: 3, 2: 5})
    obs = RULES.observe(st, 0)
    P = H.marginals(H.belief(obs))
    assert P[1][K.THIEF] == pytest.approx(1.0)
    assert P[0][K.KING] == pytest.approx(1 / 5)
    st = run(st, K.move(0, "right"))                      # the Thief goes from spot 1 to spot 0
    P = H.marginals(H.belief(RULES.observe(st, 0)))
    assert P[0][K.THIEF] == pytest.approx(1.0)


def test_it_challenges_a_claim_it_knows_is_false():
    st = new(SPOTS)                                       # seat 2 (spot 4) holds the Sheriff
    st = peeks(st, {0: 4, 1: 3, 2: 3})                    # seat 0 saw seat 2's Sheriff
    st = run(st, K.move(0, "opposite"), K.move(1, "opposite"))       # back where they were; seat 2's turn
    st = run(st, K.claim(2, "king"))                       # seat 2 (spot 4: Sheriff) claims the King
    assert RULES.to_act(st) == (1, 0)
    st = run(st, K.pass_(1))
    assert decide(H.HeuristicAgent(), st, 0).kind == "challenge"
    st = new(SPOTS)
    st = peeks(st, {0: 4, 1: 3, 2: 3})                    # seat 0 saw the Sheriff in spot 4
    st = run(st, K.move(0, "opposite"), K.move(1, "opposite"), K.claim(2, "sheriff"))
    st = run(st, K.pass_(1))
    assert decide(H.HeuristicAgent(), st, 0).kind == "pass"      # a true claim: let it stand


def test_it_claims_the_king_it_has_just_looked_at():
    st = new(SPOTS)                                       # the King is in seat 0's spot
    st = peeks(st, {0: 1, 1: 3, 2: 3})
    st = run(st, K.look(0), K.move(1, "opposite"), K.move(2, "opposite"))
    obs = RULES.observe(st, 0)
    assert H.marginals(H.belief(obs))[0][K.KING] == pytest.approx(1.0)
    a = decide(H.HeuristicAgent(), st, 0)
    assert a.kind == "claim" and a["character"] == "king"


def test_a_secret_swap_of_its_spot_makes_it_unsure():
    st = new(SPOTS)
    st = peeks(st, {0: 1, 1: 3, 2: 3})
    st = run(st, K.look(0))                               # seat 0 knows its King
    st = run(st, K.claim(1, "minister"), K.pass_(0), K.pass_(2))   # seat 1 is the Minister
    st = run(st, K.minister(1, 0, 5, True))               # swaps spot 0 (King) with spot 5 (Peasant)
    P = H.marginals(H.belief(RULES.observe(st, 0)))
    assert P[0][K.KING] == pytest.approx(0.5)             # swapped or not: 50/50
    assert P[5][K.KING] == pytest.approx(0.5) and P[0][K.PEASANT] > 0
    st2 = run(new(SPOTS), *[K.peek(s, {0: 1, 1: 3, 2: 3}[s]) for s in RULES.to_act(new(SPOTS))])
    st2 = run(st2, K.look(0), K.claim(1, "minister"), K.pass_(0), K.pass_(2), K.minister(1, 0, 5, False))
    assert RULES.observe(st2, 0) == RULES.observe(st, 0)      # it cannot tell the two apart


def test_executioner_names_the_card_it_knows_and_peasant_names_the_most_likely():
    st = new(["executioner", "thief", "king", "minister", "sheriff", "peasant"])
    st = peeks(st, {0: 2, 1: 3, 2: 3})                    # seat 0 saw seat 1's King
    st = run(st, K.claim(0, "executioner"), K.pass_(2), K.pass_(1))
    a = decide(H.HeuristicAgent(), st, 0)
    assert a.kind == "execute" and a["target"] == 1 and a["character"] == "king"


# -- strength ------------------------------------------------------------------------------------
def test_heuristic_beats_random_players():
    res = list(simulate("ktm", ["heuristic", "random", "random"], 30, seed=3, options={"turn_cap": 100}))
    s = summarize(res, ["heuristic", "random", "random"])
    assert s["win_rate"]["heuristic"] >= 0.7


def test_the_search_looks_a_round_ahead_on_a_big_table_only():
    """At 5-6 players the rollouts cover a round (horizon 6, a bigger budget); at 3-4 they
    keep the short horizon; a caller's own setting always wins."""
    agent = SearchAgent("ktm", min_worlds=1)
    plug = agent.plugin
    seen = {}
    for players in (3, 6, 3):
        st, seat = next(iter(states_of_play(2, players, every=3, limit=30)))
        agent.act(K.RULES.observe(st, seat), K.RULES.legal_actions(st, seat), Rng(1))
        b = agent.last_stats["budget"]
        seen[players] = (turns_ahead(plug, st), b.steps, b.max_worlds)
    big = KS.KTMSearch.BIG_TABLE
    assert seen[6] == (6, big["budget_steps"], big["max_worlds"]) == (6, 1440, 58)
    assert seen[3] == (min(3 + 1, 4), KS.KTMSearch.tuning["budget_steps"], KS.KTMSearch.tuning["max_worlds"])
    mine = SearchAgent("ktm", horizon=2, min_worlds=1, max_worlds=1)
    st, seat = next(iter(states_of_play(2, 6, every=3, limit=30)))
    mine.act(K.RULES.observe(st, seat), K.RULES.legal_actions(st, seat), Rng(1))
    b = mine.last_stats["budget"]
    assert turns_ahead(mine.plugin, st) == 2 and b.max_worlds == 1 and b.steps == big["budget_steps"]


def turns_ahead(plug, st):
    """How many turns past ``st``'s a rollout from ``st`` plays (the plug-in's horizon)."""
    keep_going = plug.horizon(st)
    return next(k for k in range(20) if not keep_going(replace(st, turns=st.turns + k + 1)))


def test_a_big_table_scores_the_coins_with_the_fitted_softmax():
    """Issue 17: at 5-6 players a rollout's coins are scored by soft_score (a softmax fitted
    to heuristic games): the seats' chances sum to 1 and follow the coins, a fuller treasury
    makes them closer, an empty treasury is the exact share, a game over its outcome; 3-4
    players keep the heuristic's win chance."""
    plug = SearchAgent("ktm", min_worlds=1).plugin
    w = KS.KTMSearch.BIG_TABLE["soft"]
    for players in (6, 3):
        st, _seat = next(iter(states_of_play(2, players, every=3, limit=30)))
        soft, plain = KS.soft_score(st, 0, K.RULES, w), KS.score(st, 0, K.RULES)
        assert soft != plain and plug.evaluate(st, 0, players) == (soft if players == 6 else plain)
    st, _seat = next(iter(states_of_play(2, 6, every=3, limit=30)))
    st = replace(st, coins=(5, 3, 3, 1, 0, 3), treasury=8)
    p = [KS.soft_score(st, s, K.RULES, w) for s in range(6)]
    assert abs(sum(p) - 1.0) < 1e-12 and p[0] > p[1] == p[2] > p[3] > p[4] > 0.0
    fuller = replace(st, treasury=20)
    assert KS.soft_score(fuller, 0, K.RULES, w) < p[0] and KS.soft_score(fuller, 4, K.RULES, w) > p[4]
    empty = replace(st, treasury=0)
    assert [KS.soft_score(empty, s, K.RULES, w) for s in range(6)] == [KS.score(empty, s, K.RULES) for s in range(6)]


def test_no_chasing_a_card_round_the_ring_back_and_forth():
    """Issue 14: AIs (mostly those with no coin) turned the ring back and forth, turn after turn.
    Each move of mine in a row that the others turned back makes moving again worth
    ``undone_factor`` less: one more try, then a claim or a look (a claim risks nothing for a seat
    with no coin).  ``undone_factor=1`` is the old agent, which kept chasing."""
    from game.match import Match, SeatSpec

    st = peeks(new(SPOTS), {0: 1, 1: 3, 2: 3})
    st = run(st, K.move(0, "left"), K.move(1, "right"), K.look(2))
    assert H.undone(RULES.observe(st, 0)) == 1 and H.undone(RULES.observe(st, 1)) == 0
    st = run(st, K.move(0, "opposite"), K.move(1, "opposite"), K.move(2, "left"))
    assert H.undone(RULES.observe(st, 0)) == 0                    # seat 2 moved on: mine still holds
    st = run(st, K.move(0, "right"), K.move(1, "left"), K.move(2, "right"))
    st = run(st, K.move(0, "left"), K.look(1), K.look(2))
    assert H.undone(RULES.observe(st, 0)) == 0
    old = H.HeuristicAgent(H.Knobs(undone_factor=1.0))
    seed = Rng(12345)
    chases = []
    for _g in range(15):
        g_seed = seed.randbelow(1 << 31)
        m = Match("ktm", [SeatSpec(f"AI {i}", "ai", "heuristic") for i in range(4)], seed=g_seed)
        rng = Rng(g_seed)
        while m.outcome() is None and m.state.turns < 120:
            s = m.to_act()[0]
            obs = m.observe(s)
            a = old.act(obs, m.legal(s), rng)
            if obs.phase == K.TURN and a.kind == "move" and H.undone(obs) >= 2:
                chases.append(obs)
            m.submit(a)
        if len(chases) >= 5:
            break
    assert len(chases) >= 5, "the old agent chases a card back and forth"
    for obs in chases:
        a = H.choose(obs, None, Rng(0))
        assert a.kind != "move", (obs.turns, obs.coins, a)


def test_a_game_caught_in_a_cycle_finds_its_way_out():
    """Sheriff's taxes can refill the treasury as fast as Kings empty it: game 7 of
    `crowntable simulate ktm --players 4 --seed 1` went round the same cycle for thousands of
    turns.  After ``long_game`` turns the turn choices get enough noise to leave it."""
    from game.ai.simulate import _game_seeds, play_game

    seed = dict(_game_seeds(1, 8))[7]
    m = play_game("ktm", ["heuristic"] * 4, seed, options={"turn_cap": 400})
    assert not m.state.capped and m.state.turns < 400, m.state.turns


def test_the_kept_belief_and_knowledge_equal_a_fresh_computation():
    """The heuristic's belief and knowledge come from prefix trees kept between calls (many
    games share them); cleared before each call they must give the very same values."""
    import game.ai.ktm as A
    import game.rules.ktm  # noqa: F401
    from game.core import registry
    from game.core.rng import Rng
    from game.core.rules import GameConfig

    rules = registry.get("ktm")
    checked = 0
    for players, seed in ((3, 1), (4, 2), (6, 3), (6, 4)):
        state = rules.new_game(GameConfig(players, dict(rules.default_options)), seed=seed)
        rng = Rng(seed)
        while rules.outcome(state) is None and checked < 1500:
            for seat in range(players):
                obs = rules.observe(state, seat)
                kept_b, kept_k = A.belief(obs), A.knowledge(obs)
                A._CACHE.clear()
                A._KNOW.clear()
                fresh_b, fresh_k = A.belief(obs), A.knowledge(obs)
                assert list(kept_b.items()) == list(fresh_b.items()) and kept_k == fresh_k
                checked += 1
            seat = rules.to_act(state)[0]
            state, _ev = rules.apply(state, rules.legal_actions(state, seat).sample(rng))
    assert checked >= 400
