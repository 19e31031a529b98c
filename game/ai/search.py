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

**Game plug-ins.**  This module names no game.  A game plugs in through a
:class:`SearchPlugin` (listed per ``(game, base level)`` in ``game.ai``,
see :func:`game.ai.search_plugin`): its determinizer, its rollout agent, its
candidate proposals (pruning: with proposals no blind samples are added), a
cheaper legal space for rollouts and a shaping value for near misses.  A game
without a plug-in uses the generic :class:`SearchPlugin`.  Each game's plug-in
lives in its own module (``game/ai/<game>_search.py``).
"""
from __future__ import annotations

import time
from typing import Any, Callable

from game.core import registry
from game.core.actions import Action
from game.core.rng import Rng


class SearchPlugin:
    """What a game adds to the search; this base class is the generic behaviour.

    A game subclasses it and overrides what it can do better.  Every hook must
    keep the search honest: worlds agree with the observation
    (``rules.observe(world, obs.seat) == obs``), rollout agents decide exactly
    like the base agent, and the legal space of :meth:`legal` is the real one."""

    #: whether :meth:`propose` offers candidates (then no blind samples are added)
    proposes = False

    def __init__(self, rules: Any):
        self.rules = rules

    def determinize(self, obs: Any, rng: Rng) -> Any:
        """A full state consistent with ``obs`` (a sampled world)."""
        return self.rules.determinize(obs, rng)

    def weigh(self, obs: Any, world: Any) -> float:
        """The belief weight of a sampled ``world`` (inference): how likely the opponents'
        public acts so far were in it under the opponent model, relative to other worlds
        (any positive scale; 1.0 = no inference).  It may read ``world`` (a hypothesis),
        never the real state: the agent only ever holds worlds it sampled itself."""
        return 1.0

    def belief(self, obs: Any, rng: Rng) -> tuple[Any, float]:
        """One draw from the belief: (a world consistent with ``obs``, its weight)."""
        world = self.determinize(obs, rng)
        return world, self.weigh(obs, world)

    def rollout_agent(self) -> Any | None:
        """A fresh agent for one seat of a rollout, or None to use the base agent: the
        opponent model (how the others play; :meth:`weigh` judges their acts by it)."""
        return None

    def propose(self, obs: Any, legal: Any) -> list[Action]:
        """Candidate actions worth comparing, best first (pruning a big space)."""
        return []

    def legal(self, state: Any, seat: int) -> Any:
        """The legal space of ``seat`` in a rollout (the same actions, maybe cheaper)."""
        return self.rules.legal_actions(state, seat)

    def shape(self, state: Any, seat: int) -> float | None:
        """For a lost rollout: how near a win it was (0..1), or None for no shaping."""
        return None

# ----------------------------------------------------------------------------
# The agent
# ----------------------------------------------------------------------------
class SearchAgent:
    """PIMC search over the ``base_level`` agent (see the module docstring)."""

    name = "search"
    #: a game's own defaults for the keyword knobs below (a subclass sets them; callers override)
    TUNING: dict[str, Any] = {}

    def __init__(self, game_id: str, base_level: str = "heuristic", *, budget_steps: int = 500,
                 min_worlds: int = 3, max_worlds: int = 12, max_candidates: int = 4,
                 base_draws: int = 2, random_candidates: int | None = None, small_space: int = 12,
                 margin: float = 0.1, z: float = 2.0, shape_weight: float = 0.2,
                 min_switch_worlds: int = 3, rank_weight: float = 0.25, max_rollout: int = 2000,
                 budget_ms: float | None = None, plugin: "bool | SearchPlugin" = True, check: bool = False):
        from game.ai import make_agent, search_plugin

        self.game_id = game_id
        self.rules = registry.get(game_id)
        self.base_level = base_level
        self._make_base = lambda: make_agent(game_id, base_level)
        self.base = self._make_base()
        if isinstance(plugin, SearchPlugin):
            self.plugin = plugin
        else:
            factory = search_plugin(game_id, base_level) if plugin else None
            self.plugin = factory(self.rules) if factory is not None else SearchPlugin(self.rules)
        self.budget_steps = budget_steps
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.max_candidates = max_candidates
        self.base_draws = base_draws
        if random_candidates is None:   # a game that proposes its own candidates needs no blind samples
            random_candidates = 0 if self.plugin.proposes else 1
        self.random_candidates = random_candidates
        self.z = z
        self.shape_weight = shape_weight
        self.min_switch_worlds = min_switch_worlds
        self.small_space = small_space
        self.margin = margin
        self.rank_weight = rank_weight
        self.max_rollout = max_rollout
        self.budget_ms = budget_ms
        self.check = check
        self.last_stats: dict[str, Any] = {}

    # -- candidates
    def candidates(self, obs: Any, legal: Any, rng: Rng) -> tuple[Action, list[Action]]:
        """(the base agent's choice, the distinct candidates with it first)."""
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
        if self.plugin.proposes:
            for a in self.plugin.propose(obs, legal):
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

    def _rollout_agent(self) -> Any:
        agent = self.plugin.rollout_agent()
        return agent if agent is not None else self._make_base()

    def score(self, state: Any, me: int, players: int) -> float:
        out = self.rules.outcome(state)
        if out is None:                  # rollout cut off (max_rollout): count it as fair
            return 1.0 / players
        win = 1.0 / len(out.winners) if me in out.winners else 0.0
        rank = (players - out.ranks[me]) / max(1, players - 1)
        value = (1.0 - self.rank_weight) * win + self.rank_weight * rank
        if not win:                      # a near miss is worth a little
            near = self.plugin.shape(state, me)
            if near is not None:
                value += self.shape_weight * near
        return value

    def rollout(self, world: Any, action: Action, seed: int, me: int, players: int) -> tuple[float, int]:
        """Apply ``action`` in ``world`` and play on with rollout agents; (score, actions)."""
        rules = self.rules
        state, _ = rules.apply(world, action)
        agents: dict[int, Any] = {}
        rngs: dict[int, Rng] = {}
        steps = 0
        while rules.outcome(state) is None and steps < self.max_rollout:
            seat = rules.to_act(state)[0]
            if seat not in agents:
                agents[seat] = self._rollout_agent()
                rngs[seat] = Rng(seed + 7919 * (seat + 1))
            legal = self.plugin.legal(state, seat)
            a = agents[seat].act(rules.observe(state, seat), legal, rngs[seat])
            state, _ = rules.apply(state, a)
            steps += 1
        return self.score(state, me, players), steps + 1

    def play_on(self, world: Any, action: Action, seed: int, agent: Any,
                keep_going: Callable[[Any], bool]) -> tuple[Any, int]:
        """Apply ``action`` in ``world``, then play while ``keep_going(state)`` (and under
        ``max_rollout`` actions) with one stateless ``agent`` in every seat, sharing one rng
        seeded ``seed``; (the state reached, actions).  The games with a horizon (a round,
        a few turns) roll out with it and score the state reached their own way."""
        rules = self.rules
        state, _ = rules.apply(world, action)
        steps = 1
        rng = Rng(seed)
        while keep_going(state) and steps < self.max_rollout:
            seat = rules.to_act(state)[0]
            a = agent.act(rules.observe(state, seat), rules.legal_actions(state, seat), rng)
            state, _ = rules.apply(state, a)
            steps += 1
        return state, steps

    def play_round(self, world: Any, action: Action, seed: int, agent: Any) -> tuple[Any, int]:
        """:meth:`play_on` to the end of ``world``'s round (a state with ``over`` and ``round``)."""
        return self.play_on(world, action, seed, agent, lambda s: not s.over and s.round == world.round)

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
        base_choice, cands = self.candidates(obs, legal, rng)
        self.last_stats = {"candidates": len(cands), "worlds": 0, "steps": 0}
        if len(cands) == 1:
            return base_choice
        me = obs.seat
        players = getattr(obs, "players", 2)
        scores: list[list[float]] = [[] for _ in cands]
        weights: list[float] = []
        worlds = steps = 0
        while worlds < self.max_worlds:
            wrng = rng.spawn()
            world, weight = self.sample_world(obs, wrng)
            weights.append(weight)
            seed = wrng.randbelow(1 << 40)      # the same rollout seeds for every candidate
            for i, a in enumerate(cands):
                v, k = self.rollout(world, a, seed, me, players)
                scores[i].append(v)
                steps += k
            worlds += 1
            if worlds >= self.min_worlds and steps >= self.budget_steps:
                break
            if self.budget_ms is not None and (time.perf_counter() - t0) * 1000 >= self.budget_ms:
                break
        choice, means = self.pick(cands, scores, weights)
        self.last_stats = {"candidates": len(cands), "worlds": worlds, "steps": steps,
                           "means": [round(m, 3) for m in means], "changed": choice != base_choice}
        return choice
