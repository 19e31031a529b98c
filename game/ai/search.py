"""Determinized search: Perfect-Information Monte Carlo (PIMC) over the base agent.

For one decision the agent

1. builds a short list of **candidate actions**: the whole legal space when it
   is small (``len(legal) <= small_space``), otherwise the base agent's choice
   under a few rng draws, a few game-specific proposals (optional) and a few
   ``legal.sample(rng)`` draws - never an enumeration of a big space;
2. samples **worlds**: full states consistent with its observation, from the
   game plug-in's ``determinize(obs, rng)`` (by default ``rules.determinize``;
   a plug-in may refine it with public card counting);
3. in every world, applies every candidate and **rolls the game out to the end**
   with the base agent in every seat, each rollout agent acting on *its own*
   observation of the sampled world (``rules.observe(world, s)``), never on the
   world state; every candidate sees the same worlds and the same rollout rng
   seeds (common random numbers);
4. plays the candidate with the best mean outcome (win share, plus a little for
   rank), unless it beats the base agent's own choice by less than ``margin``:
   then it keeps the base choice (noise must not talk it out of a sound move).

Why PIMC and not IS-MCTS: the game is short and the base heuristic is a
strong, cheap rollout policy, so one-ply search over good rollouts gets most
of the gain; IS-MCTS spends its iterations building a tree over opponent
moves, and with ~10-30 rollouts per decision (the think-time budget) that tree
would stay a few nodes deep.  PIMC's known flaws (strategy fusion, no value
for information hiding) are limited here because every rollout agent plays on
its own observation, so nobody in a rollout "knows" the sampled cards.

The budget is counted in **simulated actions** (``budget_steps``), which is
deterministic: the same ``(obs, rng state)`` gives the same decision on any
machine.  ``budget_ms`` is an optional wall-clock safety cap (off by default,
so ``simulate`` and the tests stay deterministic).

The agent keeps no memory between calls; it sees ``(obs, legal, rng)`` and the
public rules object only.

**Game plug-ins.**  This module names no game, and :class:`SearchAgent` is the one search
agent of every game (no game subclasses it).  A game's search is one :class:`SearchPlugin`
(``game/ai/<game>_search.py``, listed per ``(game, base level)`` in ``game.ai``, see
:func:`game.ai.search_plugin`): its ``tuning`` (the budget and the switching rule) and the
hooks of :data:`HOOKS`, which the agent calls in this order for one decision:

* ``shortcut(obs, legal, rng, base)``: a decision taken without searching (or None);
* ``budget(obs, budget)``: this decision's :class:`Budget` (from the agent's);
* ``candidates(obs, legal, rng, search)``: (the base choice, the candidates); the
  generic one draws them (:meth:`SearchAgent.sampled_candidates`) with the plug-in's
  ``propose(obs, legal)``;
* ``belief(obs, rng)``: a sampled world and its weight; the generic one is
  ``determinize(obs, rng)`` weighed by ``weigh(obs, world)``;
* ``rollout(search, world, action, seed, me, players)``: (the value, the actions
  simulated); the generic one applies the action, plays on with ``rollout_policy()``
  (over the legal spaces of ``legal(state, seat)``) while ``horizon(world)`` holds (None:
  to the end of the game), and scores the state reached with ``evaluate``.

:class:`SearchPlugin` is the generic behaviour of every hook; a game overrides the ones
it does better (the table in ``docs/AI.md`` says which).
"""
from __future__ import annotations

import inspect
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from game.core import registry
from game.core.actions import Action
from game.core.rng import Rng


@dataclass(frozen=True)
class Budget:
    """One decision's budget: at least ``min_worlds`` worlds, at most ``max_worlds``, and
    no new world once ``steps`` simulated actions are spent.  ``fixed`` names the knobs the
    caller of :class:`SearchAgent` set itself (a plug-in that sizes the budget to the table
    leaves those as they are)."""

    steps: int
    min_worlds: int
    max_worlds: int
    fixed: frozenset[str] = frozenset()

    def scaled(self, f: float) -> "Budget":
        """The budget ``f`` times over (each count rounded down)."""
        return replace(self, steps=int(self.steps * f), min_worlds=int(self.min_worlds * f),
                       max_worlds=int(self.max_worlds * f))


#: the hooks the agent calls, and the parts the generic hooks are made of: every one is a
#: method of every plug-in (:func:`check_plugin`), with :class:`SearchPlugin`'s parameters
HOOKS = ("shortcut", "budget", "candidates", "belief", "rollout")
PARTS = ("propose", "determinize", "weigh", "horizon", "rollout_policy", "legal", "evaluate")


class SearchPlugin:
    """A game's search: the generic behaviour of every hook (see the module docstring).

    A game subclasses it and overrides what it does better.  Every hook must keep the
    search honest: worlds agree with the observation (``rules.observe(world, obs.seat) ==
    obs``), rollout agents decide on their own observation, and the legal space of
    :meth:`legal` is the real one.  The plug-in's own knobs are its constructor's keywords
    (:class:`SearchAgent` passes on every keyword that is not one of its own)."""

    #: the game's Hard level: defaults for the agent's knobs (:data:`KNOBS`) and the plug-in's
    tuning: dict[str, Any] = {}

    def __init__(self, rules: Any, *, rank_weight: float = 0.25):
        self.rules = rules
        #: a finished rollout's value: ``(1 - rank_weight) * win + rank_weight * rank``
        self.rank_weight = rank_weight
        self._policy: Any = None

    # -- which decisions, and how much thought
    def shortcut(self, obs: Any, legal: Any, rng: Rng, base: Any) -> Action | None:
        """The action of a decision taken without searching (``base``: the base agent), or
        None to search it."""
        return None

    def budget(self, obs: Any, budget: Budget) -> Budget:
        """This decision's budget; ``budget``: the agent's own."""
        return budget

    # -- candidates
    def candidates(self, obs: Any, legal: Any, rng: Rng, search: "SearchAgent") -> tuple[Action, list[Action]]:
        """(the base agent's choice, the distinct candidates with it first)."""
        return search.sampled_candidates(obs, legal, rng, self.propose)

    def propose(self, obs: Any, legal: Any) -> list[Action]:
        """Candidate actions worth comparing, best first (pruning a big space)."""
        return []

    # -- worlds
    def belief(self, obs: Any, rng: Rng) -> tuple[Any, float]:
        """One draw from the belief: (a world consistent with ``obs``, its weight)."""
        world = self.determinize(obs, rng)
        return world, self.weigh(obs, world)

    def determinize(self, obs: Any, rng: Rng) -> Any:
        """A full state consistent with ``obs`` (a sampled world)."""
        return self.rules.determinize(obs, rng)

    def weigh(self, obs: Any, world: Any) -> float:
        """The belief weight of a sampled ``world`` (inference): how likely the opponents'
        public acts so far were in it under the opponent model, relative to other worlds
        (any positive scale; 1.0 = no inference).  It may read ``world`` (a hypothesis),
        never the real state: the agent only ever holds worlds it sampled itself."""
        return 1.0

    # -- rollouts
    def rollout(self, search: "SearchAgent", world: Any, action: Action, seed: int, me: int,
                players: int) -> tuple[float, int]:
        """Apply ``action`` in ``world``, play on to the :meth:`horizon` with the
        :meth:`rollout_policy` in every seat, :meth:`evaluate` the state reached; (its
        value to seat ``me``, the actions simulated)."""
        keep_going = self.horizon(world)
        if keep_going is None:          # to the end: each seat its own policy (it may keep memory) and rng
            state, steps = search.play_out(world, action, seed, self.rollout_policy, self.legal)
        else:                           # to a horizon: one stateless policy and one rng serve every seat
            if self._policy is None:
                self._policy = self.rollout_policy() or search.new_base()
            state, steps = search.play_on(world, action, seed, self._policy, keep_going, self.legal)
        return self.evaluate(state, me, players), steps

    def horizon(self, world: Any) -> Callable[[Any], bool] | None:
        """While this holds of the state reached, a rollout from ``world`` plays on (None:
        to the end of the game)."""
        return None

    def rollout_policy(self) -> Any | None:
        """A fresh agent for a rollout's seats, or None for the base agent: the opponent
        model (how the others play; :meth:`weigh` judges their acts by it)."""
        return None

    def legal(self, state: Any, seat: int) -> Any:
        """The legal space of ``seat`` in a rollout (the same actions, maybe cheaper)."""
        return self.rules.legal_actions(state, seat)

    def evaluate(self, state: Any, me: int, players: int) -> float:
        """The value to seat ``me`` of the state a rollout reached: a win is worth 1 (shared
        if tied), plus a little for rank; a rollout cut off (``max_rollout``) counts as fair."""
        return self.value_of(self.rules.outcome(state), me, players)

    def value_of(self, out: Any, me: int, players: int) -> float:
        """:meth:`evaluate`'s value of the outcome ``out`` (None: the rollout was cut off)."""
        if out is None:
            return 1.0 / players
        win = 1.0 / len(out.winners) if me in out.winners else 0.0
        rank = (players - out.ranks[me]) / max(1, players - 1)
        return (1.0 - self.rank_weight) * win + self.rank_weight * rank


def check_plugin(plugin: Any) -> None:
    """Refuse (TypeError) a plug-in that lacks a hook or a part of :data:`HOOKS` /
    :data:`PARTS`, or has one under other parameters than :class:`SearchPlugin`'s (for
    example a knob stored under a hook's name)."""
    for name in HOOKS + PARTS:
        got = getattr(plugin, name, None)
        if not callable(got):
            raise TypeError(f"the search plug-in {type(plugin).__name__} has no hook {name}()")
        want = list(inspect.signature(getattr(SearchPlugin, name)).parameters)[1:]
        have = list(inspect.signature(got).parameters)
        if have != want:
            raise TypeError(f"the search plug-in {type(plugin).__name__}'s {name}() takes ({', '.join(have)}), "
                            f"not ({', '.join(want)})")


# ----------------------------------------------------------------------------
# The agent
# ----------------------------------------------------------------------------
#: the agent's own knobs and their generic defaults (a plug-in's ``tuning`` overrides them,
#: and a caller's keywords override both); every other keyword is the plug-in's
KNOBS: dict[str, Any] = dict(budget_steps=500, min_worlds=3, max_worlds=12, max_candidates=4, base_draws=2,
                             random_candidates=1, small_space=12, margin=0.1, z=2.0, min_switch_worlds=3,
                             max_rollout=2000, budget_ms=None, check=False)


class SearchAgent:
    """PIMC search over the ``base_level`` agent with the game's plug-in (see the module
    docstring).  Knobs: :data:`KNOBS`; ``random_candidates``: blind ``legal.sample`` draws
    among the candidates (the games that propose their own set it to 0)."""

    name = "search"

    def __init__(self, game_id: str, base_level: str = "heuristic", *, plugin: "bool | SearchPlugin" = True,
                 **knobs: Any):
        """``plugin``: True for the game's own (``game.ai.search_plugin``), False for the
        generic one, or a plug-in to use as it is; ``knobs``: :data:`KNOBS` and the plug-in's
        constructor keywords (over the plug-in's ``tuning``)."""
        from game.ai import make_agent, search_plugin

        self.game_id = game_id
        self.rules = registry.get(game_id)
        self.base_level = base_level
        self.new_base = lambda: make_agent(game_id, base_level)
        self.base = self.new_base()
        if plugin is True or plugin is False:
            factory = (search_plugin(game_id, base_level) if plugin else None) or SearchPlugin
            tuning = factory.tuning
        else:                           # a plug-in given as it is
            factory, tuning = None, {}
        settings = {**KNOBS, **tuning, **knobs}
        mine = {k: settings.pop(k) for k in KNOBS}
        if factory is None:
            if settings:
                raise TypeError(f"knobs for a plug-in given with the plug-in itself: {sorted(settings)}")
            self.plugin = plugin
        else:
            self.plugin = factory(self.rules, **settings)
        check_plugin(self.plugin)
        self.budget_steps: int = mine["budget_steps"]
        self.min_worlds: int = mine["min_worlds"]
        self.max_worlds: int = mine["max_worlds"]
        self.max_candidates: int = mine["max_candidates"]
        self.base_draws: int = mine["base_draws"]
        self.random_candidates: int = mine["random_candidates"]
        self.small_space: int = mine["small_space"]
        self.margin: float = mine["margin"]
        self.z: float = mine["z"]
        self.min_switch_worlds: int = mine["min_switch_worlds"]
        self.max_rollout: int = mine["max_rollout"]
        self.budget_ms: float | None = mine["budget_ms"]
        self.check: bool = mine["check"]
        #: the budget knobs the caller set itself (:attr:`Budget.fixed`)
        self.fixed = frozenset(k for k in knobs if k in ("budget_steps", "min_worlds", "max_worlds"))
        #: a dict for one searched decision's caches (exact values a plug-in may share between
        #: rollouts); None between decisions
        self.memo: dict | None = None
        self.last_stats: dict[str, Any] = {}

    # -- candidates
    def sampled_candidates(self, obs: Any, legal: Any, rng: Rng,
                           propose: Callable[[Any, Any], list[Action]]) -> tuple[Action, list[Action]]:
        """(the base agent's choice, the distinct candidates with it first): the whole legal
        space when it is small (``small_space``), else the base agent's choice under
        ``base_draws`` rng draws, ``propose(obs, legal)``'s and ``random_candidates`` blind
        samples, at most ``max_candidates`` in all."""
        base_choice = self.base.act(obs, legal, rng.spawn())
        if len(legal) <= self.small_space:
            rest = [a for a in legal if a != base_choice]
            return base_choice, [base_choice] + rest
        out = [base_choice]

        def add(a: Action) -> None:
            if a not in out and len(out) < self.max_candidates and a in legal:
                out.append(a)

        for _ in range(self.base_draws - 1):
            add(self.base.act(obs, legal, rng.spawn()))
        for a in propose(obs, legal):
            if len(out) >= self.max_candidates - self.random_candidates:
                break
            add(a)
        for _ in range(self.random_candidates):
            add(legal.sample(rng))
        return base_choice, out

    # -- worlds and rollouts
    def sample_world(self, obs: Any, rng: Rng) -> tuple[Any, float]:
        """(a world drawn from the plug-in's belief, its weight)."""
        world, weight = self.plugin.belief(obs, rng)
        if self.check:
            assert self.rules.observe(world, obs.seat) == obs, "determinized world contradicts obs"
        return world, weight

    def play_out(self, world: Any, action: Action, seed: int, policy: Callable[[], Any],
                 legal: Callable[[Any, int], Any]) -> tuple[Any, int]:
        """Apply ``action`` in ``world`` and play to the end of the game (or ``max_rollout``
        actions), each seat with its own ``policy()`` (or the base agent) and its own rng
        drawn from ``seed``, on its own observation; (the state reached, actions)."""
        rules = self.rules
        state, _ = rules.apply(world, action)
        agents: dict[int, Any] = {}
        rngs: dict[int, Rng] = {}
        steps = 0
        while rules.outcome(state) is None and steps < self.max_rollout:
            seat = rules.to_act(state)[0]
            if seat not in agents:
                agents[seat] = policy() or self.new_base()
                rngs[seat] = Rng(seed + 7919 * (seat + 1))
            a = agents[seat].act(rules.observe(state, seat), legal(state, seat), rngs[seat])
            state, _ = rules.apply(state, a)
            steps += 1
        return state, steps + 1

    def play_on(self, world: Any, action: Action, seed: int, agent: Any, keep_going: Callable[[Any], bool],
                legal: Callable[[Any, int], Any]) -> tuple[Any, int]:
        """Apply ``action`` in ``world``, then play while ``keep_going(state)`` (and under
        ``max_rollout`` actions) with one stateless ``agent`` in every seat, sharing one rng
        seeded ``seed``; (the state reached, actions)."""
        rules = self.rules
        state, _ = rules.apply(world, action)
        steps = 1
        rng = Rng(seed)
        while keep_going(state) and steps < self.max_rollout:
            seat = rules.to_act(state)[0]
            a = agent.act(rules.observe(state, seat), legal(state, seat), rng)
            state, _ = rules.apply(state, a)
            steps += 1
        return state, steps

    # -- decision
    def pick(self, cands: list[Action], scores: list[list[float]],
             weights: list[float] | None = None) -> tuple[Action, list[float]]:
        """The base choice (``cands[0]``) unless another candidate beats it in the
        paired comparison (same worlds, same rollout seeds) by more than
        ``margin`` and by more than ``z`` standard errors of the paired difference.
        ``weights``: the belief weight of each world (inference); the means are
        weighted and the standard error uses the effective number of worlds."""
        w = len(scores[0])
        uniform = weights is None or len(set(weights)) <= 1 or not any(weights)
        if uniform:
            weights = [1.0] * w
        total = sum(weights)
        means = ([sum(v) / w for v in scores] if uniform
                 else [sum(x * p for x, p in zip(v, weights)) / total for v in scores])
        best, best_d = 0, 0.0
        n_eff = total * total / sum(p * p for p in weights)
        if w < self.min_switch_worlds or n_eff < min(self.min_switch_worlds, 2):
            return cands[0], means
        for i in range(1, len(cands)):
            diffs = [a - b for a, b in zip(scores[i], scores[0])]
            d = sum(diffs) / w if uniform else sum(x * p for x, p in zip(diffs, weights)) / total
            if uniform and w > 1:           # (the unweighted formula, exactly)
                se = (sum((x - d) ** 2 for x in diffs) / (w - 1) / w) ** 0.5
            elif n_eff > 1:
                var = sum(p * (x - d) ** 2 for x, p in zip(diffs, weights)) / total * n_eff / (n_eff - 1)
                se = (var / n_eff) ** 0.5
            else:
                se = float("inf")
            if d > self.margin and d > self.z * se and d > best_d:
                best, best_d = i, d
        return cands[best], means

    def act(self, obs: Any, legal: Any, rng: Rng) -> Action:
        t0 = time.perf_counter()
        plugin = self.plugin
        settled = plugin.shortcut(obs, legal, rng, self.base)
        if settled is not None:
            self.last_stats = {"candidates": 1, "worlds": 0, "steps": 0, "searched": False}
            return settled
        budget = plugin.budget(obs, Budget(self.budget_steps, self.min_worlds, self.max_worlds, self.fixed))
        base_choice, cands = plugin.candidates(obs, legal, rng, self)
        self.last_stats = {"candidates": len(cands), "worlds": 0, "steps": 0, "budget": budget}
        if len(cands) == 1:
            return base_choice
        me = obs.seat
        players = getattr(obs, "players", 2)
        scores: list[list[float]] = [[] for _ in cands]
        weights: list[float] = []
        worlds = steps = 0
        self.memo = {}
        try:
            while worlds < budget.max_worlds:
                wrng = rng.spawn()
                world, weight = self.sample_world(obs, wrng)
                weights.append(weight)
                seed = wrng.randbelow(1 << 40)      # the same rollout seeds for every candidate
                for i, a in enumerate(cands):
                    v, k = plugin.rollout(self, world, a, seed, me, players)
                    scores[i].append(v)
                    steps += k
                worlds += 1
                if worlds >= budget.min_worlds and steps >= budget.steps:
                    break
                if self.budget_ms is not None and (time.perf_counter() - t0) * 1000 >= self.budget_ms:
                    break
        finally:
            self.memo = None
        choice, means = self.pick(cands, scores, weights)
        self.last_stats = {"candidates": len(cands), "worlds": worlds, "steps": steps, "budget": budget,
                           "means": [round(m, 3) for m in means], "changed": choice != base_choice}
        return choice
