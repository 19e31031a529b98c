"""Boss Quest's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: ``rules.determinize`` refined like the heuristic's model of the
  others: the hidden weapons I do not know are dealt again from the unseen weapons (those
  hidden weapons and the deck's unknown places), each agreeing with its seat's public
  "over" flag, and a seat that went to the Magician without being over more likely holds
  a weapon that put it near the HP.  The known deck tops, the mystery spell, the spell
  and boss decks are ``rules.determinize``'s.  ``observe(world, seat) == obs`` holds;
* :class:`BossQuestSearch`: the plug-in of the shared :class:`~game.ai.search.SearchAgent`
  (worlds as above, a fast copy of the heuristic as rollout policy, the heuristic's
  best-scored actions as candidates) with a **round horizon**: a game runs over many
  rounds, so a rollout plays to the end of the current round (the fast heuristic in every
  seat, each on its own observation) and scores the new keys and hearts as a chance to win the game (:func:`win_chance`; at
  4 players :func:`fitted_win_chance`, a model fitted to the heuristic's own games).
"""
from __future__ import annotations

from dataclasses import replace
from math import erf, exp, sqrt
from typing import Any

from game.core.rng import Rng
from game.rules import bossquest as B
from . import bossquest as H
from .search import SearchPlugin

FAST = H.Knobs(fast=True)


# -- worlds ---------------------------------------------------------------------------
def refined_world(rules: Any, obs: Any, rng: Rng, tries: int = 6) -> Any:
    """A world with ``observe(world, obs.seat) == obs`` (see the module docstring)."""
    world = rules.determinize(obs, rng)
    if obs.phase == "over" or obs.seat is None:
        return world
    n = obs.players
    unknown = [s for s in range(n) if obs.hidden[s] is None]
    if not unknown:
        return world
    free = [i for i in range(len(world.deck)) if i >= len(obs.deck_top) or obs.deck_top[i] is None]
    pool0 = [world.hidden[s] for s in unknown] + [world.deck[i] for i in free]
    hp = obs.boss_hp
    known = {s: sum(B.value(c) for c in obs.face_up[s]) + H.modifier(obs.active, s) for s in unknown}
    for _t in range(tries):
        pool = list(pool0)
        hidden = list(world.hidden)
        ok = True
        for s in rng.shuffle(unknown):
            ws = []
            for c in pool:
                st = known[s] + B.value(c)
                if obs.over[s] != (st > hp):
                    ws.append(0.0)
                    continue
                w = 1.0
                if obs.status[s] != "equip" and not obs.over[s]:
                    d = hp - st
                    w = 1.0 if d <= 3 else 0.55 ** (d - 3)
                ws.append(w)
            total = sum(ws)
            if total <= 0:
                ok = False
                break
            x = rng.random() * total
            k = 0
            while k < len(pool) - 1 and (x >= ws[k] or ws[k] <= 0):
                x -= ws[k]
                k += 1
            if ws[k] <= 0:
                k = max(j for j, w in enumerate(ws) if w > 0)
            hidden[s] = pool.pop(k)
        if not ok:
            continue
        rest = rng.shuffle(pool)
        deck = list(world.deck)
        for i in free:
            deck[i] = rest.pop()
        return replace(world, hidden=tuple(hidden), deck=tuple(deck))
    return world


# -- scoring a round's end -------------------------------------------------------------
def _phi(z: float) -> float:
    return 0.5 * (1.0 + erf(z / sqrt(2.0)))


def win_chance(state: Any, me: int, rules: Any) -> float:
    """P(seat ``me`` wins) from the keys and hearts after a round: the outcome when the game
    is over, else a normal approximation of each key gap over the rounds likely left (about
    1.2 keys are won per round; a heart is worth a third of a key, and a seat on its last
    heart may end the game losing)."""
    out = rules.outcome(state)
    if out is not None:
        return 1.0 / len(out.winners) if me in out.winners else 0.0
    n = state.players
    goal = B.keys_to_win(n)
    keys, hearts = state.keys, state.hearts
    left = max(1.0, (goal - max(keys)) * n / 1.2)
    p = 1.0 / n
    sd = sqrt(2.0 * left * p * (1 - p) + 0.25)

    def eff(s: int) -> float:
        return keys[s] + 0.3 * hearts[s] - (0.6 if hearts[s] == 1 else 0.0)

    v = 1.0
    for s in range(n):
        if s != me:
            v *= _phi((eff(me) - eff(s)) / sd)
    return v


#: :func:`fitted_win_chance`'s weights by player count: ``(a, b, c, d)``, a seat's score is
#: ``(a + d * most keys) * keys + b * hearts - c * (on its last heart)``.  Fitted (maximum
#: likelihood) to the keys and hearts after every round of 300 games of four heuristics
#: (seed 7) and checked on 370 others (seed 8): log-likelihood of the winner -1.198 a state
#: (uniform -1.386), calibrated within 0.01 from 0.05 to 0.55.  :func:`win_chance` was far too
#: sure there: the states it gave under 1% were won 7.9% of the time, those it gave 80-90%
#: 54%, so at 4 players most rollouts scored about 0 for every candidate and the search
#: could tell them apart only by noise (2026-11-26, issue 17; bqktm notes).
FITTED = {4: (0.406, 0.263, 0.416, 0.056)}


def fitted_win_chance(state: Any, me: int, rules: Any, weights: tuple[float, float, float, float]) -> float:
    """P(seat ``me`` wins) from the keys and hearts after a round, as a softmax over the seats
    of a fitted linear score (``FITTED``); the outcome when the game is over."""
    out = rules.outcome(state)
    if out is not None:
        return 1.0 / len(out.winners) if me in out.winners else 0.0
    a, b, c, d = weights
    keys, hearts = state.keys, state.hearts
    k = a + d * max(keys)
    u = [k * keys[s] + b * hearts[s] - (c if hearts[s] == 1 else 0.0) for s in range(state.players)]
    top = max(u)
    e = [exp(x - top) for x in u]
    return e[me] / sum(e)


class BossQuestSearch(SearchPlugin):
    """Boss Quest's Hard: refined worlds, the heuristic's top actions as candidates,
    rollouts to the end of the round with the fast heuristic, scored as a chance to win."""

    #: issue 16 made the rules about 1.75 times and the heuristic (the rollout policy) about
    #: 1.4 times faster: the search about 1.9 times at the same budget (300 simulated actions
    #: over 4-16 worlds then), so the budget grew by as much and a decision costs the think
    #: time it cost before
    tuning = dict(budget_steps=570, min_worlds=4, max_worlds=30, max_candidates=5, small_space=0,
                  base_draws=1, margin=0.01, z=1.5, min_switch_worlds=4, random_candidates=0)

    def candidates(self, obs: Any, legal: Any, rng: Rng, search: Any) -> tuple[Any, list[Any]]:
        """The heuristic's choice first, then its next best-scored actions (one scoring)."""
        scored = H.score_actions(obs, legal)
        base = H.best_of(scored)
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        return base, [base] + [scored[i][1] for i in order if scored[i][1] != base][:search.max_candidates - 1]

    def determinize(self, obs: Any, rng: Rng) -> Any:
        return refined_world(self.rules, obs, rng)

    # -- rollouts: the rest of the round
    def horizon(self, world: Any) -> Any:
        return lambda s: not s.over and s.round == world.round

    def rollout_policy(self) -> Any:
        return H.HeuristicAgent(FAST)

    def evaluate(self, state: Any, me: int, players: int) -> float:
        fitted = FITTED.get(players)
        if fitted is not None:
            return fitted_win_chance(state, me, self.rules, fitted)
        return win_chance(state, me, self.rules)


__all__ = ["FITTED", "BossQuestSearch", "fitted_win_chance", "refined_world", "win_chance"]
