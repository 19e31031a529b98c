"""The shortcuts of the fast engines (issue 16) give the answers of the plain computations.

* Boss Quest keeps a state's HP, strengths and "over" flags beside its fields: a copy made by
  ``evolve`` that changes a weapon, a spell or the boss must not read the old ones.
* Death over the Kingdom's heuristic works its cost table out with shared parts (seats with
  the same distribution, each value's factor once): it must give the very floats of the
  plain seat-by-seat computation kept here (the code before issue 16).
"""
from __future__ import annotations

import game.rules  # noqa: F401  (registers every game)
from game.ai import death as H
from game.core import registry
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.core.state import evolve
from game.rules import bossquest as B


def _plain_strength(state: B.BQState, seat: int) -> int:
    return B.strength_of(state.weapons(seat), state.active, seat)


def _plain_hp(state: B.BQState) -> int:
    return B.boss_hp(state.boss) + sum(B.SPELLS[a.card].delta for a in state.active
                                       if B.SPELLS[a.card].effect == "boss")


def test_boss_quest_strengths_follow_every_evolved_copy():
    state = B.RULES.new_game(GameConfig(4, dict(B.RULES.default_options)), seed=5)
    before = [state.strength(s) for s in range(4)]          # worked out and kept
    hp = state.hp
    seven = next(i for i, w in enumerate(B.WEAPONS) if w.value == 7)
    face = list(state.face_up)
    face[1] = face[1] + (seven,)
    more = evolve(state, face_up=tuple(face))
    assert more.strength(1) == before[1] + 7 == _plain_strength(more, 1)
    power = B.SPELL_INDEX["power_up2"]
    boss_up = B.SPELL_INDEX["boss_up2"]
    spelled = evolve(more, active=more.active + (B.Active(power, 2, 0), B.Active(boss_up, B.BOSS, 0)))
    assert spelled.strength(2) == before[2] + 2 == _plain_strength(spelled, 2)
    assert spelled.hp == hp + 2 == _plain_hp(spelled)
    other = evolve(spelled, boss=(spelled.boss + 1) % len(B.BOSS_HPS))
    assert other.hp == _plain_hp(other)
    assert other.overs() == tuple(_plain_strength(other, s) > _plain_hp(other) for s in range(4))
    # the kept figures are no field: equal states stay equal and hash alike
    assert state == evolve(state, round=state.round) and hash(state) == hash(evolve(more, face_up=state.face_up))
    assert [state.strength(s) for s in range(4)] == before


# -- Death: the plain cost table (before issue 16) ------------------------------------------
def _plain_turn_odds(dists, mine):
    out = {}
    for t in H.TRIGGERS:
        if mine == t:
            out[t] = 1.0
            continue
        q = 1.0
        for d in dists.values():
            q *= 1.0 - d[t]
        out[t] = 1.0 - q
    return out


def _plain_below(d, vals):
    vd = H._mix(d, vals)
    acc, lt = 0.0, []
    for k in range(H.NVAL):
        lt.append(acc)
        acc += vd[k]
    return lt


def _plain_cost_table(tab, mode, skip=None, extra=None):
    dists = {s: d for s, d in tab.dists.items() if s != skip}
    if skip is not None and extra is not None:
        dists[skip] = extra
    cache = {}
    out = []
    for c in range(H.KINDS):
        p = _plain_turn_odds(dists, c)
        key = tuple(round(p[t], 6) for t in H.TRIGGERS)
        if key not in cache:
            plain = [H._sparse(H.value_dist(x, p, None)) for x in range(H.KINDS)]
            avg = H._mix(tab.raw, plain)
            vals = [H._sparse(H.value_dist(x, p, avg)) for x in range(H.KINDS)]
            below = []
            for s, d in dists.items():
                if s == tab.dealer and d[H.MONK] > 0:
                    below.append(_plain_below(d, [H._sparse(H.value_dist(x, p, None if x == H.MONK else avg))
                                                  for x in range(H.KINDS)]))
                else:
                    below.append(_plain_below(d, vals))
            cache[key] = [vals, avg, below]
        vals, avg, below = cache[key]
        if c == H.MONK and tab.right is not None:
            mine = H._mix(dists.get(tab.right, tab.raw), vals)
        else:
            mine = H.value_dist(c, p, None)
        total = 0.0
        for v, pv in enumerate(mine):
            if pv <= 0:
                continue
            if mode == "death_over_all":
                k0, k1, k2 = 1.0, 0.0, 0.0
                for lt in below:
                    q = min(1.0, lt[v])
                    k2 = k2 * (1 - q) + k1 * q
                    k1 = k1 * (1 - q) + k0 * q
                    k0 = k0 * (1 - q)
                total += pv * (3 * k0 + 2 * k1 + k2) / 3.0
            else:
                surv = 1.0
                for lt in below:
                    surv *= max(0.0, 1.0 - lt[v])
                total += pv * surv
        out.append(total)
    return out


def test_death_heuristic_costs_are_the_plain_ones_to_the_last_bit():
    rules = registry.get("death")
    checked = 0
    for n, mode, seed in ((20, "base", 1), (7, "death_over_all", 2), (9, "only_one", 3), (3, "base", 4)):
        opts = dict(rules.default_options, mode=mode)
        state = rules.new_game(GameConfig(n, opts), seed=seed)
        rng = Rng(seed)
        for _step in range(3 * n):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_act(state)[0]
            obs = rules.observe(state, seat)
            tab = H.table_of(obs)
            assert H.cost_table(tab, mode) == _plain_cost_table(tab, mode)
            if tab.right is not None:
                gave = list(tab.raw)
                assert H.cost_table(tab, mode, skip=tab.right, extra=gave) == \
                    _plain_cost_table(tab, mode, skip=tab.right, extra=gave)
            for c in range(H.KINDS):
                assert H.turn_odds(tab.dists, c) == _plain_turn_odds(tab.dists, c)
            checked += 1
            state, _events = rules.apply(state, rules.legal_actions(state, seat).sample(rng))
    assert checked > 50
