"""MasterBluff Hard's inference (``game/ai/masterbluff_search.py``): what the claims say
(voids), worlds drawn from the belief agree with the observation, the weights, the bluff
candidates, and the search still never peeks."""
from __future__ import annotations

import pytest

from game.ai import make_agent
from game.ai import masterbluff as H
from game.ai import masterbluff_search as MS
from game.ai.search import SearchAgent
from game.core.rng import Rng
from game.rules.masterbluff import NF, RULES, call, discard, pass_
from mb_helpers import E, heuristic_states, new, play, vec


def three_seats():
    hands = [dict(wizard=4, elf=2, ogre=4, fairy=4, jester=2), dict(witch=4, elf=2, ogre=4, fairy=2, jester=4),
             dict(wizard=4, witch=4, elf=4, fairy=2, jester=2)]
    return new(hands)


def elves_around():
    """Every seat plays its elves in turn (all true, uncalled); then seat 0, which has
    played all its elves, must follow elves again and bluffs one fairy: the window is open."""
    st = three_seats()
    st = play(st, discard(0, vec(elf=2), "elf"), pass_(1), pass_(2))[0]
    st = play(st, discard(1, vec(elf=2), "elf"), pass_(2), pass_(0))[0]
    st = play(st, discard(2, vec(elf=4), "elf"), pass_(0), pass_(1))[0]
    return play(st, discard(0, vec(fairy=1), "elf"))[0]


def test_a_claim_leaves_its_declarer_void_until_it_takes_a_pile():
    st = play(three_seats(), discard(0, vec(elf=2), "elf"), pass_(1), pass_(2))[0]
    c = MS.Claims(RULES.observe(st, 2))
    assert c.voids[0] == {E} and c.voids[1] == set()
    assert [(s, n, f, lead, vb) for _i, s, n, f, _t, lead, vb in c.pile] == [(0, 2, E, True, False)]
    st = elves_around()
    c = MS.Claims(RULES.observe(st, 1))
    assert c.voids == [{E}, {E}, {E}]
    assert [(s, lead, vb) for _i, s, _n, _f, _t, lead, vb in c.pile] == [
        (0, True, False), (1, False, False), (2, False, False), (0, False, True)]   # the last: seat 0 had played elves
    st = play(st, call(1))[0]                      # a lie: seat 0 takes the pile back
    c = MS.Claims(RULES.observe(st, 2))
    assert c.voids == [set(), {E}, {E}] and c.pile == []


@pytest.mark.parametrize("players", [3, 4, 5])
def test_worlds_from_the_belief_agree_with_the_observation(players):
    rng = Rng(players)
    n = respond = 0
    for st, seat in heuristic_states(40 + players, players, every=2):
        obs = RULES.observe(st, seat)
        for _ in range(2):
            world, weight = MS.infer_world(RULES, obs, rng)
            assert 0.0 < weight <= 1.0
            assert RULES.observe(world, seat) == obs
            assert RULES.card_census(world) == RULES.card_census(st)
            c = MS.Claims(obs)
            if weight == 1.0:       # the deal kept every void it could
                t = H.track(obs)
                for s in range(players):
                    if s != seat and not (obs.phase == "respond" and s == obs.last.seat):
                        assert all(world.hands[s][f] == 0 for f in c.voids[s] if t.lb[s][f] == 0)
            # the other seats' own discards in the pile are the world's cards
            for s in range(players):
                if s != seat:
                    mine = [0] * NF
                    for r in world.views[s]:
                        if r.kind == "call":
                            mine = [0] * NF
                        elif r.kind == "discard" and r.seat == s:
                            mine = [a + b for a, b in zip(mine, r.counts)]
                    assert all(m <= p for m, p in zip(mine, world.pile))
        n += 1
        respond += obs.phase == "respond"
    assert n >= 20 and respond >= 5


def test_the_weight_reads_only_the_observation_and_the_world_and_doubts_unlikely_claims():
    from dataclasses import replace
    from game.rules.masterbluff import add, sub

    st = elves_around()
    obs = RULES.observe(st, 1)
    assert obs.phase == "respond"
    plugin = MS.MasterBluffSearch(RULES)
    w_real = plugin.weigh(obs, st)
    assert w_real > 0 and plugin.weigh(obs, st) == w_real
    # equal inputs, equal weight (nothing else is read)
    assert plugin.weigh(RULES.observe(st, 1), replace(st)) == w_real
    # seat 0 had played all its elves: a world where this claim of one elf is true is doubted
    truthful = replace(st, last=replace(st.last, counts=vec(elf=1)))
    assert 0 < plugin.weigh(obs, truthful) < w_real
    # seat 2 played its elves: a world where it still holds two is doubted
    hands = list(st.hands)
    hands[2] = add(sub(hands[2], vec(wizard=2)), vec(elf=2))
    assert 0 < plugin.weigh(obs, replace(st, hands=tuple(hands))) < w_real
    # and the worlds the belief draws here make the claim the bluff it is
    for k in range(10):
        world, weight = plugin.belief(obs, Rng(k))
        assert weight > 0 and RULES.observe(world, 1) == obs
        assert world.last.counts[E] == 0 and world.hands[0][E] == 0 and world.hands[2][E] == 0


def test_bluff_candidates_are_legal_lies_that_never_empty_the_hand():
    n = 0
    for players in (3, 4):
        for st, seat in heuristic_states(60 + players, players):
            obs = RULES.observe(st, seat)
            if obs.phase != "discard":
                continue
            legal = RULES.legal_actions(st, seat)
            for a in MS.MasterBluffSearch.bluffs_for(obs):
                from game.rules.masterbluff import FAMILY_INDEX
                counts, fam = a["counts"], FAMILY_INDEX[a["family"]]
                assert a in legal
                assert sum(counts) < sum(obs.hand)
                assert counts[fam] < sum(counts)          # a lie
                n += 1
    assert n >= 20


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hard_never_peeks(players):
    """The same observation and rng give the same choice whatever the hidden cards are."""
    agent = SearchAgent("masterbluff", budget_steps=200, min_worlds=2, max_worlds=4)
    assert type(agent) is type(make_agent("masterbluff", "hard"))
    checked = 0
    for st, seat in heuristic_states(70 + players, players, every=5, limit=120):
        obs = RULES.observe(st, seat)
        other = RULES.determinize(obs, Rng(checked + 1))
        assert RULES.observe(other, seat) == obs
        a = agent.act(obs, RULES.legal_actions(st, seat), Rng(checked))
        b = agent.act(RULES.observe(other, seat), RULES.legal_actions(other, seat), Rng(checked))
        assert a == b and a in RULES.legal_actions(st, seat)
        checked += 1
    assert checked >= 8
