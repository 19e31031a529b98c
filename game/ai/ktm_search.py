"""King Thief Minister's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: a world (full state) consistent with the observation,
  its arrangement of the six cards drawn from the heuristic's belief (claims that
  nobody challenged weigh by the claimant's honesty, unseen Minister swaps are
  50/50) rather than uniformly over the arrangements the seat cannot rule out;
  then, like ``rules.determinize``, the history is sampled backwards (each unseen
  swap chosen among the arrangements that agree with the earlier facts) and the
  other seats' private looks are filled in.  ``observe(world, seat) == obs``;
* :class:`KTMSearch`: the plug-in of the shared :class:`~game.ai.search.SearchAgent`
  (those worlds, the heuristic in rollouts, the heuristic's best few options as
  candidates) with a **turn horizon**: a rollout plays ``horizon`` turns past the current one (or to
  the end of the game), then scores the coins as a win chance
  (:func:`~game.ai.ktm.win_chance`; exact once the treasury is empty); at a big table
  (5-6 players) as :func:`soft_score`, a model fitted to the heuristic's own games.
"""
from __future__ import annotations

from dataclasses import replace
from math import exp
from typing import Any

from game.core.rng import Rng
from game.rules import ktm as K
from . import ktm as H
from .search import Budget, SearchPlugin


# -- worlds ---------------------------------------------------------------------------
def _pick(weights: dict, rng: Rng) -> Any:
    items = sorted(weights.items())
    total = sum(v for _a, v in items)
    x = rng.random() * total
    for a, v in items:
        x -= v
        if x < 0:
            return a
    return items[-1][0]


def refined_world(obs: Any, rng: Rng, knobs: H.Knobs = H.DEFAULT) -> K.KTMState:
    """A full state with ``observe(world, obs.seat) == obs``, the cards drawn from the
    heuristic's belief (the open claim, if any, weighed like any claim)."""
    stages = K.history_stages(obs.history)
    cur = stages[-1] if stages else K.ALL_SET
    w = H.belief(obs, knobs, skip_open=False)
    w = {a: v for a, v in w.items() if a in cur and v > 0} or {a: 1.0 for a in cur}
    return K.world_from(obs, stages, _pick(w, rng), rng)


#: a knob the caller did not set (the table size decides it)
_BY_SIZE = object()


class KTMSearch(SearchPlugin):
    """King Thief Minister's Hard: belief-weighted worlds, the heuristic's best options as
    candidates, rollouts of a few turns with the heuristic scored by the coins; a big
    table (5-6 players) looks a round ahead with a bigger budget."""

    #: issue 16 made a rollout about 3.5 times cheaper at 3-4 players; the budget grew from
    #: 200 simulated actions over 4-16 worlds, so a decision costs the think time it cost
    #: before and plays more futures
    tuning = dict(budget_steps=700, min_worlds=4, max_worlds=56, max_candidates=4, small_space=2,
                  margin=0.03, z=1.5, min_switch_worlds=4, random_candidates=0)

    #: a big table (5-6 players): a 4-turn horizon stops before most seats have answered, so
    #: the rollouts cover a round and the budget grows with them (measured at 6 players:
    #: level with the heuristic before, clearly ahead after; docs/AI.md)
    #: (600 over up to 24 worlds before issue 16; 2.4 times that keeps the 6-player p95
    #: think time under 0.4 s)
    #: and the coins are scored by :func:`soft_score` (``soft``: its weights; None: the
    #: heuristic's win chance; issue 17).  A knob the caller set keeps its value at every size.
    BIG_TABLE = dict(horizon=6, budget_steps=1440, max_worlds=58, soft=(0.4, 0.4))
    BIG = 5

    def __init__(self, rules: Any, *, horizon: Any = _BY_SIZE, soft: Any = _BY_SIZE, weighted: bool = True,
                 **generic: Any):
        super().__init__(rules, **generic)
        #: the turns a rollout plays past the current one (None: ``min(players + 1, 4)``)
        self.turns_ahead = horizon
        #: :func:`soft_score`'s weights, or None for :func:`score`
        self.soft = soft
        #: False: plain ``rules.determinize``
        self.weighted = weighted

    def _sized(self, name: str, players: int) -> Any:
        """Knob ``name`` ("horizon" or "soft") at a table of ``players``: the caller's, else
        ``BIG_TABLE``'s on a big table, else None."""
        mine = self.turns_ahead if name == "horizon" else self.soft
        if mine is not _BY_SIZE:
            return mine
        return self.BIG_TABLE[name] if players >= self.BIG else None

    def budget(self, obs: Any, budget: Budget) -> Budget:
        if obs.players < self.BIG:
            return budget
        big = {"budget_steps": "steps", "max_worlds": "max_worlds"}
        return replace(budget, **{field: self.BIG_TABLE[k] for k, field in big.items() if k not in budget.fixed})

    def determinize(self, obs: Any, rng: Rng) -> Any:
        if not self.weighted or obs.seat is None or obs.phase == K.OVER:
            return self.rules.determinize(obs, rng)
        return refined_world(obs, rng)

    def propose(self, obs: Any, legal: Any) -> list[Any]:
        me = obs.seat
        if obs.phase == K.TURN:
            t = H.Table(obs)
            opts = sorted(H.turn_options(t), key=lambda x: -x[0])
            return [a for _v, a in opts]
        if obs.phase == K.ACT and obs.claim == K.EXECUTIONER:
            t = H.Table(obs)
            scored = []
            for tg in range(obs.players):
                if tg == me:
                    continue
                sp = obs.owned[tg]
                for c in range(H.COUNT):
                    scored.append((t.P[sp][c] * obs.coins[tg], -tg, c, tg))
            scored.sort(reverse=True)
            return [K.execute(me, tg, c) for _p, _t, c, tg in scored[:4]]
        if obs.phase == K.ACT and obs.claim == K.MINISTER:
            t = H.Table(obs)
            sp = t.mine
            others = sorted((x for x in range(K.SPOTS) if x != sp),
                            key=lambda x: -max(t.P[x][K.KING], t.P[x][K.EXECUTIONER]))
            return [K.minister(me, sp, x, True) for x in others[:2]] + [K.minister(me, sp, others[0], False)]
        if obs.phase == K.NAME:
            t = H.Table(obs)
            sp = t.mine
            arrs = sorted((a for a in t.w if a[sp] == K.PEASANT), key=lambda a: (-t.w[a], a))[:3]
            return [K.name(me, [None if s == sp else a[s] for s in range(K.SPOTS)]) for a in arrs]
        return []

    # -- rollouts: a few turns
    def horizon(self, world: Any) -> Any:
        turns = self._sized("horizon", world.players)
        stop = world.turns + (turns if turns is not None else min(world.players + 1, 4))
        return lambda s: s.phase != K.OVER and s.turns <= stop

    def rollout_policy(self) -> Any:
        return H.HeuristicAgent()

    def evaluate(self, state: Any, me: int, players: int) -> float:
        soft = self._sized("soft", players)
        if soft is not None:
            return soft_score(state, me, self.rules, soft)
        return score(state, me, self.rules)


def soft_score(state: K.KTMState, me: int, rules: Any, weights: tuple[float, float]) -> float:
    """The outcome once the game is over, the exact share once the treasury is empty, else a
    softmax of the coins at the temperature ``a / (1 + b * treasury)`` (``weights = (a, b)``).

    Fitted to the coins at every turn of heuristic games (600 games of 6 heuristics, seed 7;
    checked on 600 others, seed 8): at 5-6 players the coins tell little about the winner
    while the treasury is full (thefts and executions move them), and
    :func:`~game.ai.ktm.win_chance` was far too sure: the states it gave under 1% were won
    14.5% of the time, those over 90% 45%, so a rollout's score rewarded a lead the game does
    not keep.  This one: log-likelihood of the winner -1.748 a state (uniform -1.792;
    :func:`~game.ai.ktm.win_chance` -4.42), Brier 0.131 (0.164)."""
    out = rules.outcome(state)
    if out is not None:
        return 1.0 / len(out.winners) if me in out.winners else 0.0
    if state.treasury <= 0:
        return score(state, me, rules)
    a, b = weights
    t = a / (1 + b * state.treasury)
    u = [t * c for c in state.coins]
    top = max(u)
    e = [exp(x - top) for x in u]
    return e[me] / sum(e)


def score(state: K.KTMState, me: int, rules: Any) -> float:
    """The outcome once the game is over (a capped draw shares the win), else the
    coins as a win chance."""
    out = rules.outcome(state)
    if out is not None:
        return 1.0 / len(out.winners) if me in out.winners else 0.0
    return H.win_chance(state.coins, state.treasury, me)


__all__ = ["KTMSearch", "refined_world", "score", "soft_score"]
