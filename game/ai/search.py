"""Determinized search: Perfect-Information Monte Carlo (PIMC) over the base agent.

For one decision the agent

1. builds a short list of **candidate actions**: the whole legal space when it
   is small (``len(legal) <= small_space``), otherwise the base agent's choice
   under a few rng draws, a few game-specific proposals (optional) and a few
   ``legal.sample(rng)`` draws - never an enumeration of a big space;
2. samples **worlds**: full states consistent with its observation, from
   ``rules.determinize(obs, rng)`` (optionally refined by a game plug-in that
   uses public card counting, see :func:`_mb_world`);
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
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

from game.core import registry
from game.core.actions import Action
from game.core.rng import Rng

# ----------------------------------------------------------------------------
# Optional game plug-ins: better worlds, faster (decision-identical) rollout
# agents, extra candidate actions.  A game without one uses the generic path.
# ----------------------------------------------------------------------------


class _Plugin:
    world: Callable[[Any, Any, Rng], Any] | None = None          # (rules, obs, rng) -> state
    rollout_agent: Callable[[], Any] | None = None             # () -> agent (same decisions as base)
    propose: Callable[[Any, Any], list[Action]] | None = None   # (obs, legal) -> candidates
    legal: Callable[[Any, Any, int], Any] | None = None         # (rules, state, seat) -> same space, cheaper
    shape: Callable[[Any, int], float] | None = None            # (final state, seat) -> 0..1 for a loss


def _mb_plugin() -> _Plugin:
    from game.ai import masterbluff as H
    from game.rules import masterbluff as MB

    p = _Plugin()

    def world(rules: Any, obs: Any, rng: Rng) -> Any:
        return _mb_world(rules, obs, rng, H, MB)

    def propose(obs: Any, legal: Any) -> list[Action]:
        """Truthful plays of every family I may declare (all of it, capped at 8)."""
        decls = getattr(legal, "declarations", ())
        out = []
        for fam, token in decls:
            k = min(obs.hand[fam], MB.MAX_DISCARD)
            if k > 0:
                counts = [0] * MB.NF
                counts[fam] = k
                out.append((k, MB.discard(obs.seat, counts, fam, token)))
        out.sort(key=lambda x: -x[0])
        return [a for _, a in out]

    class LightDiscard:
        """The legal discards of a seat, without the counting tables of
        ``DiscardSpace`` (the heuristic only tests membership and reads the
        declarations); anything else falls back to the real space."""

        def __init__(self, rules: Any, state: Any, seat: int):
            self.rules, self.state, self.seat = rules, state, seat
            self.hand = state.hands[seat]
            self.declarations = rules.declarations(state, seat)

        def __contains__(self, action: object) -> bool:
            return MB.is_legal_discard(action, self.seat, self.hand, self.declarations)

        def _real(self) -> Any:
            return self.rules.legal_actions(self.state, self.seat)

        def __len__(self) -> int:
            return len(self._real())

        def __iter__(self):
            return iter(self._real())

        def sample(self, rng: Rng) -> Action:
            return self._real().sample(rng)

    def legal(rules: Any, state: Any, seat: int) -> Any:
        if state.over or state.window is not None or seat != state.turn:
            return rules.legal_actions(state, seat)
        return LightDiscard(rules, state, seat)

    def shape(state: Any, me: int) -> float:
        """Share of the other losers holding more cards than me at the end."""
        mine = sum(state.hands[me])
        others = [sum(state.hands[s]) for s in range(state.players)
                  if s != me and sum(state.hands[s]) > 0]
        if not others:
            return 0.0
        return sum(1.0 if h > mine else 0.5 if h == mine else 0.0 for h in others) / len(others)

    p.legal = legal
    p.shape = shape
    p.world = world
    p.rollout_agent = lambda: _IncrementalHeuristic(H)
    p.propose = propose
    return p


_PLUGIN_FACTORIES: dict[tuple[str, str], Callable[[], _Plugin]] = {
    ("masterbluff", "heuristic"): _mb_plugin,
}


# ----------------------------------------------------------------------------
# The agent
# ----------------------------------------------------------------------------
class SearchAgent:
    """PIMC search over the ``base_level`` agent (see the module docstring)."""

    name = "search"

    def __init__(self, game_id: str, base_level: str = "heuristic", *, budget_steps: int = 500,
                 min_worlds: int = 3, max_worlds: int = 12, max_candidates: int = 4,
                 base_draws: int = 2, random_candidates: int | None = None, small_space: int = 12,
                 margin: float = 0.1, z: float = 2.0, shape_weight: float = 0.2,
                 min_switch_worlds: int = 3, rank_weight: float = 0.25, max_rollout: int = 2000,
                 budget_ms: float | None = None, plugin: bool = True, check: bool = False):
        from game.ai import make_agent

        self.game_id = game_id
        self.rules = registry.get(game_id)
        self.base_level = base_level
        self._make_base = lambda: make_agent(game_id, base_level)
        self.base = self._make_base()
        factory = _PLUGIN_FACTORIES.get((game_id, base_level)) if plugin else None
        self.plugin = factory() if factory is not None else _Plugin()
        self.budget_steps = budget_steps
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.max_candidates = max_candidates
        self.base_draws = base_draws
        if random_candidates is None:   # a game that proposes its own candidates needs no blind samples
            random_candidates = 0 if self.plugin.propose is not None else 1
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
        if self.plugin.propose is not None:
            for a in self.plugin.propose(obs, legal):
                if len(out) >= self.max_candidates - self.random_candidates:
                    break
                add(a)
        for _ in range(self.random_candidates):
            add(legal.sample(rng))
        return base_choice, out

    # -- worlds and rollouts
    def sample_world(self, obs: Any, rng: Rng) -> Any:
        if self.plugin.world is not None:
            world = self.plugin.world(self.rules, obs, rng)
        else:
            world = self.rules.determinize(obs, rng)
        if self.check:
            assert self.rules.observe(world, obs.seat) == obs, "determinized world contradicts obs"
        return world

    def _rollout_agent(self) -> Any:
        if self.plugin.rollout_agent is not None:
            return self.plugin.rollout_agent()
        return self._make_base()

    def score(self, state: Any, me: int, players: int) -> float:
        out = self.rules.outcome(state)
        if out is None:                  # rollout cut off (max_rollout): count it as fair
            return 1.0 / players
        win = 1.0 / len(out.winners) if me in out.winners else 0.0
        rank = (players - out.ranks[me]) / max(1, players - 1)
        value = (1.0 - self.rank_weight) * win + self.rank_weight * rank
        if not win and self.plugin.shape is not None:   # a near miss is worth a little
            value += self.shape_weight * self.plugin.shape(state, me)
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
            legal = (self.plugin.legal(rules, state, seat) if self.plugin.legal is not None
                     else rules.legal_actions(state, seat))
            a = agents[seat].act(rules.observe(state, seat), legal, rngs[seat])
            state, _ = rules.apply(state, a)
            steps += 1
        return self.score(state, me, players), steps + 1

    # -- decision
    def pick(self, cands: list[Action], scores: list[list[float]]) -> tuple[Action, list[float]]:
        """The base choice (``cands[0]``) unless another candidate beats it in the
        paired comparison (same worlds, same rollout seeds) by more than
        ``margin`` and by more than ``z`` standard errors of the paired difference."""
        w = len(scores[0])
        means = [sum(v) / w for v in scores]
        best, best_d = 0, 0.0
        if w < self.min_switch_worlds:
            return cands[0], means
        for i in range(1, len(cands)):
            diffs = [a - b for a, b in zip(scores[i], scores[0])]
            d = sum(diffs) / w
            if w > 1:
                var = sum((x - d) ** 2 for x in diffs) / (w - 1)
                se = (var / w) ** 0.5
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
        worlds = steps = 0
        while worlds < self.max_worlds:
            wrng = rng.spawn()
            world = self.sample_world(obs, wrng)
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
        choice, means = self.pick(cands, scores)
        self.last_stats = {"candidates": len(cands), "worlds": worlds, "steps": steps,
                           "means": [round(m, 3) for m in means], "changed": choice != base_choice}
        return choice


# ----------------------------------------------------------------------------
# MasterBluff plug-in
# ----------------------------------------------------------------------------
def _mb_world(rules: Any, obs: Any, rng: Rng, H: Any, MB: Any) -> Any:
    """``rules.determinize`` refined with what the public record says.

    Plain determinization deals every unseen card uniformly, so the open
    declaration on top of the pile is almost never true in a sampled world
    (n random cards rarely share a family) and a search would call every claim.
    Here the cards are re-dealt among the same places (other hands, the unknown
    part of the pile), keeping every size, so ``observe(world, me) == obs``
    still holds, but:

    * every opponent first gets the cards the record proves it holds (the
      heuristic tracker's certain lower bound ``lb``);
    * during a Bluff! window the open declaration is true with probability
      ``1 - p_lie`` (the heuristic's public likelihood model).
    """
    world = rules.determinize(obs, rng)
    me, n = obs.seat, obs.players
    t = H.track(obs)
    NF = MB.NF
    mine_in_pile = tuple(t.pile_mine)
    pile_unknown = MB.sub(world.pile, mine_in_pile)
    pool = list(pile_unknown)
    for s in range(n):
        if s != me:
            pool = [a + b for a, b in zip(pool, world.hands[s])]
    respond = obs.phase == "respond" and obs.last is not None and obs.last.seat != me
    last = obs.last
    hands: list[tuple[int, ...]] = list(world.hands)
    fixed = []
    for s in range(n):
        if s == me:
            fixed.append((0,) * NF)
            continue
        lb = list(t.lb[s])
        if respond and s == last.seat:           # lb describes its hand before the open discard
            lb = [max(0, v - last.n) for v in lb]
        take = [0] * NF
        room = obs.hand_sizes[s]
        for f in range(NF):
            k = min(lb[f], pool[f], room)
            take[f] = k
            pool[f] -= k
            room -= k
        fixed.append(tuple(take))
    # deal the rest at random
    rest = rng.shuffle([f for f in range(NF) for _ in range(pool[f])])
    k = 0
    for s in range(n):
        if s == me:
            continue
        need = obs.hand_sizes[s] - sum(fixed[s])
        h = list(fixed[s])
        for f in rest[k:k + need]:
            h[f] += 1
        k += need
        hands[s] = tuple(h)
    pile_rest = [0] * NF
    for f in rest[k:]:
        pile_rest[f] += 1
    new_last = world.last
    if respond:
        fam, cnt = last.family, last.n
        q = H.p_lie(obs, t)
        want_true = rng.random() >= q
        counts = None
        if want_true:
            # move cards of the family into the unknown pile part, swapping with others' hands
            short = cnt - pile_rest[fam]
            order = [s for s in rng.shuffle(list(range(n))) if s != me]
            for s in order:
                if short <= 0:
                    break
                free = hands[s][fam] - fixed[s][fam]
                while free > 0 and short > 0:
                    others = [g for g in range(NF) if g != fam and pile_rest[g] > 0]
                    if not others:
                        break
                    g = rng.choice(others)
                    h = list(hands[s])
                    h[fam] -= 1
                    h[g] += 1
                    hands[s] = tuple(h)
                    pile_rest[fam] += 1
                    pile_rest[g] -= 1
                    free -= 1
                    short -= 1
            if pile_rest[fam] >= cnt:
                counts = tuple(cnt if f == fam else 0 for f in range(NF))
        if counts is None:   # a lie (or a true claim that the cards make impossible)
            cards = [f for f in range(NF) for _ in range(pile_rest[f])]
            for _ in range(8):
                pick = rng.shuffle(cards)[:cnt]
                counts = tuple(pick.count(f) for f in range(NF))
                if counts[fam] < cnt:
                    break
        new_last = replace(world.last, counts=counts)
    pile = MB.add(mine_in_pile, tuple(pile_rest))
    return replace(world, hands=tuple(hands), pile=pile, last=new_last)


class _IncrementalHeuristic:
    """The MasterBluff heuristic with an incremental tracker, for rollouts.

    ``HeuristicAgent`` replays the whole public history at every decision,
    which makes a rollout quadratic in the game length.  In a rollout the
    history of each seat only grows, so this agent keeps its tracker and feeds
    it the new records only.  The decisions are the heuristic's own functions
    on the same tracker, so they are identical (checked by a test)."""

    name = "heuristic"

    def __init__(self, H: Any):
        self.H = H
        self.t = None
        self.seen = 0
        self.last_rec = None
        self.replay_sizes: list[int] | None = None

    def tracker(self, obs: Any) -> Any:
        H = self.H
        hist = obs.history
        k = self.seen
        resume = (self.t is not None and len(hist) >= k
                  and (k == 0 or hist[k - 1] is self.last_rec or hist[k - 1] == self.last_rec))
        if not resume:
            self.t = H.Tracker.new(obs.seat, obs.players, H.DEFAULT)
            k = 0
        else:
            self.t.sizes = self.replay_sizes
        for rec in hist[k:]:
            self.t.feed(rec)
        self.seen = len(hist)
        self.last_rec = hist[-1] if hist else None
        self.replay_sizes = list(self.t.sizes)
        self.t.sizes = list(obs.hand_sizes)
        return self.t

    def act(self, obs: Any, legal: Any, rng: Rng) -> Action:
        return self.H.decide(obs, self.tracker(obs), legal, rng, self.H.DEFAULT)
