"""The MasterBluff heuristic agent: legality, card counting, calls, leads,
no peeking, statelessness, speed and strength against random play."""
from __future__ import annotations

import time

import pytest

from game.ai import make_agent
from game.ai.base import RandomAgent
from game.ai.masterbluff import (HeuristicAgent, choose_discard, decide_call, max_possible, p_lie,
                                 track)
from game.ai.simulate import simulate, summarize
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules.masterbluff import FAMILIES, PER_FAMILY, RULES, call, discard, pass_

W, WI, E, O, F, J = range(6)


# --- helpers ---------------------------------------------------------------
def deal(hands: list[dict[str, int]], remainder: dict[str, int] | None = None) -> list[str]:
    """A 48-card deck order that deals ``hands[s]`` to seat s (dealer = last seat)."""
    n = len(hands)
    lists = [[f for f in FAMILIES for _ in range(h.get(f, 0))] for h in hands]
    size = len(lists[0])
    assert all(len(x) == size for x in lists)
    order = [lists[k % n][k // n] for k in range(size * n)]      # dealer n-1: seat 0 first
    order += [f for f in FAMILIES for _ in range((remainder or {}).get(f, 0))]
    assert len(order) == 48 and all(order.count(f) == PER_FAMILY for f in FAMILIES)
    return order


def new(hands, remainder=None, **options):
    return RULES.new_game(GameConfig(len(hands), options), deck=deal(hands, remainder))


def play(state, *actions):
    for a in actions:
        state, _ = RULES.apply(state, a)
    return state


def vec(**kw) -> tuple[int, ...]:
    return tuple(kw.get(f, 0) for f in FAMILIES)


def clone(rng: Rng) -> Rng:
    out = Rng()
    out.state = rng.state
    return out


def ai_action(state, seat, seed=0):
    return HeuristicAgent().act(RULES.observe(state, seat), RULES.legal_actions(state, seat), Rng(seed))


# --- legality and sound card counting over many games ------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_always_legal_and_certain_facts_are_true(players):
    """Over seeded games (mixed heuristic/random seats, both end rules), every
    heuristic decision is legal without any fallback, the certain lower bounds
    never exceed the real hands, and a claim the agent deems impossible is
    always a real lie."""
    master = Rng(100 + players)
    agent, rnd = HeuristicAgent(), RandomAgent()
    decisions = 0
    for g in range(6):
        seed = master.randbelow(1 << 31)
        options = {"play_on": g % 2 == 1}
        levels = ["heuristic" if (s + g) % 2 == 0 or g >= 4 else "random" for s in range(players)]
        state = RULES.new_game(GameConfig(players, options), seed=seed)
        rngs = [Rng(seed + s) for s in range(players)]
        steps = 0
        while RULES.outcome(state) is None:
            steps += 1
            assert steps < 20_000, "game does not end"
            seat = RULES.to_act(state)[0]
            obs, legal = RULES.observe(state, seat), RULES.legal_actions(state, seat)
            if levels[seat] == "random":
                action = rnd.act(obs, legal, rngs[seat])
            else:
                decisions += 1
                t = track(obs)
                assert t.sizes == list(obs.hand_sizes)
                for s in range(players):
                    hand = state.hands[s]
                    if obs.phase == "respond" and s == state.last.seat:   # lb is from before it
                        hand = tuple(a + b for a, b in zip(hand, state.last.counts))
                    if s != seat:
                        assert all(b <= h for b, h in zip(t.lb[s], hand)), (t.lb[s], hand)
                probe = clone(rngs[seat])
                if obs.phase == "respond":
                    raw = call(seat) if decide_call(obs, t, probe) else pass_(seat)
                    last = state.last
                    before = obs.hand_sizes[last.seat] + last.n
                    true_count = state.hands[last.seat][last.family] + last.counts[last.family]
                    assert true_count <= max_possible(obs, t, last.seat, last.family, before)
                    if p_lie(obs, t) >= 1.0:
                        assert not last.truthful
                else:
                    raw = choose_discard(obs, t, probe, legal.declarations)
                assert raw in legal, raw
                action = agent.act(obs, legal, rngs[seat])
                assert action == raw
            state, _ = RULES.apply(state, action)
    assert decisions > 100


# --- calling Bluff! ------------------------------------------------------------
def test_calls_a_claim_its_own_hand_makes_impossible():
    # seat 1 (the AI) holds all eight elves; seat 0 leads "2 x elf"
    s = new([{"wizard": 8, "witch": 8}, {"elf": 8, "ogre": 8}, {"fairy": 8, "jester": 8}])
    s = play(s, discard(0, vec(wizard=2), E))
    obs = RULES.observe(s, 1)
    assert p_lie(obs, track(obs)) == 1.0
    for seed in range(5):
        assert ai_action(s, 1, seed) == call(1)


def test_calls_a_claim_the_public_record_makes_impossible():
    """Four elves were revealed and went to seat 2; the AI (seat 0) holds the
    other four, so seat 1 cannot hold two elves."""
    s = new([{"elf": 4, "wizard": 8, "witch": 4},
             {"elf": 4, "ogre": 8, "witch": 4},
             {"fairy": 8, "jester": 8}])
    s = play(s,
             discard(0, vec(wizard=1), W), pass_(1), pass_(2),          # wizard in force
             discard(1, vec(elf=4), E, token=True), call(2),            # true: seat 2 takes 1 W + 4 E
             discard(2, vec(fairy=1), F), pass_(0), pass_(1),           # fairy in force
             discard(0, vec(wizard=1), F), call(1),                     # lie: seat 0 takes the pile
             discard(1, vec(witch=2), E))                               # free lead: "2 x elf"
    assert s.hands[1][E] == 0 and s.window is not None
    obs = RULES.observe(s, 0)
    assert obs.hand[E] == 4
    t = track(obs)
    assert t.lb[2][E] >= 3                      # 4 seen going in, minus at most 1 discarded since
    assert max_possible(obs, t, 1, E, obs.hand_sizes[1] + 2) < 2
    assert ai_action(s, 0) == call(0)


def empty_hand_state(**options):
    """Five players.  Seat 0 leads 8 wizards; the others follow with one card
    each and nobody calls until seat 0 catches seat 4.  Seat 0 then leads its
    last card, "1 x elf", and empties its hand.  The AI (seat 1) holds no elf:
    the claim is plausible, not certain."""
    hands = [{"wizard": 8, "elf": 1},
             {"witch": 8, "ogre": 1},
             {"ogre": 7, "fairy": 2},
             {"fairy": 6, "jester": 3},
             {"jester": 5, "elf": 4}]
    s = new(hands, remainder={"elf": 3}, **options)
    s = play(s, discard(0, vec(wizard=8), W), *(pass_(k) for k in (1, 2, 3, 4)))
    for seat, fam in ((1, O), (2, O), (3, J)):
        counts = [0] * 6
        counts[fam] = 1
        s = play(s, discard(seat, counts, W), *(pass_((seat + k) % 5) for k in range(1, 5)))
    s = play(s, discard(4, vec(jester=1), W), call(0))          # seat 4 takes the pile
    assert s.turn == 0 and s.in_force is None
    s = play(s, discard(0, vec(elf=1), E))
    assert s.hands[0] == vec() and s.window is not None and s.window.order[0] == 1
    return s


@pytest.mark.parametrize("play_on", [False, True])
def test_calls_when_the_declarer_just_emptied_their_hand(play_on):
    s = empty_hand_state(play_on=play_on)
    obs = RULES.observe(s, 1)
    q = p_lie(obs, track(obs))
    assert 0.0 < q < 0.5, q                     # doubtful, even probably true...
    for seed in range(5):
        assert ai_action(s, 1, seed) == call(1)  # ...but if it stands, seat 0 wins


def test_does_not_call_a_plausible_small_opening_claim():
    s = new([{"wizard": 4, "witch": 4, "elf": 4, "ogre": 4},
             {"witch": 4, "elf": 4, "fairy": 4, "jester": 4},
             {"wizard": 4, "ogre": 4, "fairy": 4, "jester": 4}])
    s = play(s, discard(0, vec(wizard=1), W))
    obs = RULES.observe(s, 1)
    assert p_lie(obs, track(obs)) < 0.3
    for seed in range(5):
        assert ai_action(s, 1, seed) == pass_(1)


# --- discarding --------------------------------------------------------------
def test_leads_all_of_its_strongest_family_truthfully_when_free():
    s = new([{"elf": 6, "wizard": 4, "ogre": 3, "fairy": 2, "jester": 1},
             {"elf": 2, "wizard": 4, "ogre": 5, "witch": 5},
             {"ogre": 0, "fairy": 6, "jester": 7, "witch": 3}])
    for seed in range(10):
        assert ai_action(s, 0, seed) == discard(0, vec(elf=6), E, False)


def test_follows_the_family_in_force_with_all_it_holds():
    hands = [{"wizard": 5, "witch": 8, "elf": 3},
             {"wizard": 3, "elf": 5, "ogre": 8},
             {"fairy": 8, "jester": 8}]
    s = new(hands)
    s = play(s, discard(0, vec(wizard=5), W), pass_(1), pass_(2))
    for seed in range(5):
        assert ai_action(s, 1, seed) == discard(1, vec(wizard=3), W, False)


def test_spends_the_token_to_go_out_with_a_single_family():
    """The AI (seat 1) holds only eight elves, wizard is in force: the token
    makes "8 x elf" a true claim that empties its hand and wins."""
    s = new([{"wizard": 8, "witch": 8}, {"elf": 8, "ogre": 8}, {"fairy": 8, "jester": 8}])
    s = play(s, discard(0, vec(wizard=8), W), pass_(1), pass_(2),
             discard(1, vec(ogre=8), W), pass_(2), pass_(0),
             discard(2, vec(fairy=1), W), pass_(0), pass_(1),
             discard(0, vec(witch=1), W), pass_(1), pass_(2))
    assert s.turn == 1 and s.in_force == W and s.hands[1] == vec(elf=8)
    for seed in range(5):
        assert ai_action(s, 1, seed) == discard(1, vec(elf=8), E, True)


# --- no peeking, no memory -----------------------------------------------------
def test_decision_depends_only_on_the_observation():
    """States that look the same to a seat (RULES.determinize deals the unseen
    cards anew) get the same decision, with the same rng."""
    state = RULES.new_game(GameConfig(4), seed=77)
    agents = [make_agent("masterbluff", "random")] * 4
    rng = Rng(5)
    checked = 0
    for step in range(120):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        obs = RULES.observe(state, seat)
        if step % 3 == 0:
            want = HeuristicAgent().act(obs, RULES.legal_actions(state, seat), Rng(step))
            for k in range(3):
                other = RULES.determinize(obs, Rng(1000 * step + k))
                assert RULES.observe(other, seat) == obs
                got = HeuristicAgent().act(RULES.observe(other, seat), RULES.legal_actions(other, seat),
                                           Rng(step))
                assert got == want
                checked += 1
        state, _ = RULES.apply(state, agents[seat].act(obs, RULES.legal_actions(state, seat), rng))
    assert checked >= 20


def test_stateless_same_observation_same_action():
    state = RULES.new_game(GameConfig(3), seed=3)
    agent = HeuristicAgent()
    for _ in range(60):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        obs, legal = RULES.observe(state, seat), RULES.legal_actions(state, seat)
        r = Rng(9)
        first = agent.act(obs, legal, clone(r))
        assert HeuristicAgent().act(obs, legal, clone(r)) == first      # a fresh agent agrees
        assert agent.act(obs, legal, clone(r)) == first                 # and so does the same one
        state, _ = RULES.apply(state, first)


# --- strength, length, speed ----------------------------------------------------
def test_beats_random_play_clearly():
    results = list(simulate("masterbluff", ["heuristic", "random", "random"], 60, seed=2))
    summary = summarize(results, ["heuristic", "random", "random"])
    assert summary["win_rate"]["heuristic"] >= 0.75, summary


@pytest.mark.parametrize("players", [3, 5])
def test_self_play_ends_with_play_on(players):
    results = list(simulate("masterbluff", ["heuristic"] * players, 4, seed=9, options={"play_on": True}))
    assert all(r["actions"] < 5000 for r in results)


def test_think_time_is_small():
    state = RULES.new_game(GameConfig(5), seed=21)
    agent = HeuristicAgent()
    rngs = [Rng(s) for s in range(5)]
    spent, decisions = 0.0, 0
    while RULES.outcome(state) is None and decisions < 400:
        seat = RULES.to_act(state)[0]
        obs, legal = RULES.observe(state, seat), RULES.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = agent.act(obs, legal, rngs[seat])
        spent += time.perf_counter() - t0
        decisions += 1
        state, _ = RULES.apply(state, action)
    assert spent / decisions < 0.020
