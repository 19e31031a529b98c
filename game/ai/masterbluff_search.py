"""MasterBluff's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: ``rules.determinize`` refined with public card counting
  (the heuristic's tracker and its lie model), so that sampled worlds are
  plausible, not uniform;
* :class:`IncrementalHeuristic`: the heuristic with an incremental tracker,
  decision-identical and much faster in rollouts;
* truthful proposals for every declarable family, a light legal space for
  rollouts, and a near-miss shaping value (cards left against the others').
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.actions import Action
from game.core.rng import Rng
from game.rules import masterbluff as MB
from . import masterbluff as H
from .search import SearchAgent, SearchPlugin


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


class MasterBluffSearch(SearchPlugin):
    """Better worlds, fast decision-identical rollouts, truthful candidates."""

    proposes = True

    def determinize(self, obs: Any, rng: Rng) -> Any:
        return refined_world(self.rules, obs, rng)

    def rollout_agent(self) -> Any:
        return IncrementalHeuristic(H)

    def propose(self, obs: Any, legal: Any) -> list[Action]:
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
        return [a for _k, a in out]

    def legal(self, state: Any, seat: int) -> Any:
        if state.over or state.window is not None or seat != state.turn:
            return self.rules.legal_actions(state, seat)
        return LightDiscard(self.rules, state, seat)

    def shape(self, state: Any, seat: int) -> float:
        """Share of the other losers holding more cards than me at the end."""
        mine = sum(state.hands[seat])
        others = [sum(state.hands[s]) for s in range(state.players)
                  if s != seat and sum(state.hands[s]) > 0]
        if not others:
            return 0.0
        return sum(1.0 if h > mine else 0.5 if h == mine else 0.0 for h in others) / len(others)


def refined_world(rules: Any, obs: Any, rng: Rng) -> Any:
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


class IncrementalHeuristic:
    """The MasterBluff heuristic with an incremental tracker, for rollouts.

    ``HeuristicAgent`` replays the whole public history at every decision,
    which makes a rollout quadratic in the game length.  In a rollout the
    history of each seat only grows, so this agent keeps its tracker and feeds
    it the new records only.  The decisions are the heuristic's own functions
    on the same tracker, so they are identical (checked by a test)."""

    name = "heuristic"

    def __init__(self, heuristic: Any = H):
        self.H = heuristic
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


class MasterBluffSearchAgent(SearchAgent):
    """The shared PIMC search with MasterBluff's budget.

    Issue 16 made the engine and the rollouts about 1.35 times faster (the same decisions at
    the same budget); the budget grew with it, so that a decision costs the think time it
    cost before (500 simulated actions over 3-12 worlds then; docs/AI.md)."""

    TUNING = dict(budget_steps=750, min_worlds=3, max_worlds=18)

    def __init__(self, game_id: str = "masterbluff", base_level: str = "heuristic", **kw: Any):
        super().__init__(game_id, base_level, **{**self.TUNING, **kw})
