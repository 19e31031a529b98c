"""MasterBluff's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: ``rules.determinize`` refined with public card counting
  (the heuristic's tracker and its lie model), so that sampled worlds are
  plausible, not uniform;
* :class:`IncrementalHeuristic`: the heuristic with an incremental tracker,
  decision-identical and much faster in rollouts;
* truthful proposals for every declarable family, a light legal space for
  rollouts, and a near-miss shaping value (cards left against the others');
* inference (issue 17): :class:`Claims` reads the public claims under the opponent
  model (the heuristic plays all of a family or none of it, so a seat that claimed a
  family since its last pile holds none of it), :func:`infer_world` deals worlds that
  agree with the claims (the plug-in's ``belief``) and :func:`claims_weight` weighs any
  world by them (its ``weigh``); bluff candidates (:meth:`MasterBluffSearch.bluffs_for`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from game.core.actions import Action
from game.core.rng import Rng
from game.rules import masterbluff as MB
from . import masterbluff as H
from .search import SearchPlugin


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
    """MasterBluff's Hard: worlds that read the claims, truthful candidates and bluffs,
    fast decision-identical rollouts to the end of the game, a near miss worth a little.

    Issue 16 made the engine and the rollouts about 1.35 times faster (the same decisions at
    the same budget); the budget grew with it, so that a decision costs the think time it
    cost before (500 simulated actions over 3-12 worlds then; docs/AI.md).  Issue 17 doubled
    it (1500 over 3-36 worlds; about 70 ms of CPU a decision, p95 about 0.13 s): with the
    claims read (:func:`infer_world`) more futures paid at 3 and 4 players in screens."""

    tuning = dict(budget_steps=1500, min_worlds=3, max_worlds=36, random_candidates=0)

    def __init__(self, rules: Any, *, inference: bool = True, bluffs: bool = True, shape_weight: float = 0.2,
                 **generic: Any):
        super().__init__(rules, **generic)
        #: read the claims (:func:`infer_world`); False: the older :func:`refined_world`
        self.inference = inference
        #: also propose bluffs (:meth:`bluffs_for`)
        self.bluffs = bluffs
        #: a lost rollout's value grows by ``shape_weight`` times :meth:`shape`
        self.shape_weight = shape_weight

    def determinize(self, obs: Any, rng: Rng) -> Any:
        if self.inference:
            return infer_world(self.rules, obs, rng)[0]
        return refined_world(self.rules, obs, rng)

    def weigh(self, obs: Any, world: Any) -> float:
        return claims_weight(obs, world) if self.inference else 1.0

    def belief(self, obs: Any, rng: Rng) -> tuple[Any, float]:
        if self.inference:
            return infer_world(self.rules, obs, rng)
        return refined_world(self.rules, obs, rng), 1.0

    def rollout_policy(self) -> Any:
        return IncrementalHeuristic(H)

    def propose(self, obs: Any, legal: Any) -> list[Action]:
        """Truthful plays of every family I may declare (all of it, capped at 8), with
        the bluffs of :meth:`bluffs_for` after the first of them."""
        decls = getattr(legal, "declarations", ())
        out = []
        for fam, token in decls:
            k = min(obs.hand[fam], MB.MAX_DISCARD)
            if k > 0:
                counts = [0] * MB.NF
                counts[fam] = k
                out.append((k, MB.discard(obs.seat, counts, fam, token)))
        out.sort(key=lambda x: -x[0])
        plays = [a for _k, a in out]
        if self.bluffs:
            plays[1:1] = [a for a in self.bluffs_for(obs) if a in legal]
        return plays

    @staticmethod
    def bluffs_for(obs: Any) -> list[Action]:
        """Lies worth comparing: all of the family I declare plus one card of my smallest
        other family (one card more shed, if nobody calls), or, holding none of the family
        in force, one or two cards of my smallest families declared as it.  Never a claim
        that empties my hand (every careful opponent calls that)."""
        hand, me, NF = obs.hand, obs.seat, MB.NF
        total = sum(hand)
        f = obs.in_force
        if obs.phase != "discard" or total < 2:
            return []

        def junk_of(k: int, keep: int) -> list[int] | None:
            order = sorted((g for g in range(NF) if g != keep and hand[g] > 0), key=lambda g: (hand[g], g))
            counts, left = [0] * NF, k
            for g in order:
                take = min(left, hand[g])
                counts[g] += take
                left -= take
                if not left:
                    return counts
            return None

        out = []
        fam = f
        if fam is None:
            fam = max(range(NF), key=lambda g: (hand[g], -g))
        if hand[fam] > 0:
            n = min(hand[fam], MB.MAX_DISCARD)
            if n + 1 < total and n < MB.MAX_DISCARD:
                counts = junk_of(1, fam)
                if counts is not None:
                    counts[fam] = n
                    out.append(MB.discard(me, counts, fam, False))
        else:
            for k in (1, 2):
                if k < total:
                    counts = junk_of(k, fam)
                    if counts is not None:
                        out.append(MB.discard(me, counts, fam, False))
        return out

    def legal(self, state: Any, seat: int) -> Any:
        if state.over or state.window is not None or seat != state.turn:
            return self.rules.legal_actions(state, seat)
        return LightDiscard(self.rules, state, seat)

    def evaluate(self, state: Any, me: int, players: int) -> float:
        """The generic value, and for a lost game a little for a near miss (:meth:`shape`)."""
        out = self.rules.outcome(state)
        value = self.value_of(out, me, players)
        if out is None or me in out.winners:
            return value
        return value + self.shape_weight * self.shape(state, me)

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


# ----------------------------------------------------------------------------
# Inference: what the opponents' claims say about their hands
# ----------------------------------------------------------------------------
EPS = 0.05          # the weight of a card or a claim the opponent model does not explain
# how often a claim nobody called was truthful: heuristic tables (40 games, 3-5 players)
# had no uncalled lie at 3 players and 2 of 85 at 5; a lead is truthful
LEAD_TRUTH = 0.98
FOLLOW_TRUTH = 0.95
VOID_TRUTH = 0.5    # a claim of a family the seat had already played (the model was wrong)
OPEN_SIR = False    # judge the open claim by resampling (True) or by the heuristic's p_lie
SIR = 12            # draws per world for the open claim (sampling-importance-resampling)


class Claims:
    """What the public record says under the opponent model (the heuristic).

    The heuristic plays *all* its cards of the family in force when it holds some, and
    bluffs only when it holds none; a free lead (or a token play) is all of one family
    it holds.  So after any claim of family f a seat holds no f (at most eight of a family,
    so "all" fits in one discard), until it takes a pile: ``voids[s]``.  ``pile``: the
    discards since the last call, as ``(index in history, seat, n, family, token, lead,
    void_before)`` (``void_before``: the seat had already claimed f, so this claim is a
    bluff under the model)."""

    def __init__(self, obs: Any):
        n = obs.players
        self.voids: list[set[int]] = [set() for _ in range(n)]
        self.pile: list[tuple[int, int, int, int, bool, bool, bool]] = []
        fresh = True
        for i, rec in enumerate(obs.history):
            if rec.kind == "discard":
                s, f = rec.seat, rec.family
                self.pile.append((i, s, rec.n, f, rec.token, fresh or rec.token, f in self.voids[s]))
                self.voids[s].add(f)
                fresh = False
            elif rec.kind == "call":
                self.voids[rec.taker] = set()
                self.pile = []
                fresh = True


def _deal(pool: list[int], places: list[tuple[int, frozenset]], rng: Rng) -> tuple[list[list[int]], int]:
    """Deal the cards ``pool`` (a count per family) into ``places`` (room, families it may
    not get); a void is broken only when nothing else fits (counted).  The most constrained
    families go first, each card to an allowed place chosen in proportion to its room."""
    NF = MB.NF
    rooms = [r for r, _ in places]
    out = [[0] * NF for _ in places]
    allowed = [[k for k, (_r, v) in enumerate(places) if f not in v] for f in range(NF)]
    order = sorted(range(NF), key=lambda f: (sum(rooms[k] for k in allowed[f]) - pool[f], rng.random()))
    broken = 0
    for f in order:
        for _ in range(pool[f]):
            ks = [k for k in allowed[f] if rooms[k] > 0]
            if not ks:
                ks = [k for k in range(len(places)) if rooms[k] > 0]
                broken += 1
            tot = sum(rooms[k] for k in ks)
            x = rng.randbelow(tot)
            for k in ks:
                x -= rooms[k]
                if x < 0:
                    break
            out[k][f] += 1
            rooms[k] -= 1
    return out, broken


def _take(pool: list[int], n: int, rng: Rng, without: int | None = None) -> tuple[int, ...] | None:
    """n cards drawn from ``pool`` (not of family ``without``), taken out of it; None if short."""
    cards = [f for f in range(MB.NF) if f != without for _ in range(pool[f])]
    if len(cards) < n:
        return None
    counts = [0] * MB.NF
    for f in rng.shuffle(cards)[:n]:
        counts[f] += 1
        pool[f] -= 1
    return tuple(counts)


def _claim_likelihood(hb: Sequence[int], n: int, f: int, lead: bool, void_before: bool,
                      knobs: Any = H.DEFAULT) -> tuple[float, bool]:
    """(how likely the heuristic declares "n x f" holding ``hb`` before the discard,
    whether it is then truthful)."""
    if hb[f] == n:
        lk = 1.0
        if lead and hb[f] < max(hb) - 1:
            lk = 0.3                          # the heuristic leads its strongest family
        return (EPS if void_before else lk), True
    if hb[f] == 0 and not lead:
        return (knobs.bluff_one if n == 1 else (1 - knobs.bluff_one) / (MB.MAX_DISCARD - 1)), False
    if hb[f] > n:                             # part of a family (a stall breaker, a human)
        return EPS, True
    return EPS * EPS, False                   # a needless lie


def infer_world(rules: Any, obs: Any, rng: Rng) -> tuple[Any, float]:
    """A world drawn from the belief under the opponent model, and its weight.

    Like :func:`refined_world` it re-deals the unseen cards over the same places (so
    ``observe(world, me) == obs``), keeping the certain lower bounds ``lb``, but it also
    reads the claims (:class:`Claims`): every opponent's discard in the pile is truthful
    or a bluff (truthful: n of the family; a claim of a family the seat had already
    played since its last pile is a bluff), the seats hold none of their void families,
    and the open claim (Bluff! window) is judged by sampling-importance-resampling: the
    declarer's hand before the discard is drawn ``SIR`` times and one draw is kept in
    proportion to how likely the heuristic was to make that claim with it.  The other
    seats' own discards in their views are set to the cards the world put in the pile.
    Weight: ``EPS`` per void the deal had to break (1.0 for a world the model explains)."""
    world = rules.determinize(obs, rng)
    me, n, NF = obs.seat, obs.players, MB.NF
    t = H.track(obs)
    c = Claims(obs)
    mine = [0] * NF
    for rec in obs.history:
        if rec.kind == "call":
            mine = [0] * NF
        elif rec.kind == "discard" and rec.seat == me and rec.counts is not None:
            mine = [a + b for a, b in zip(mine, rec.counts)]
    pool0 = [MB.PER_FAMILY - obs.hand[f] - mine[f] for f in range(NF)]
    respond = obs.phase == "respond" and obs.last is not None and obs.last.seat != me
    last = obs.last
    sir = respond and OPEN_SIR
    open_i = c.pile[-1][0] if sir else -1
    p_open = 1.0 - H.p_lie(obs, t) if respond else 1.0
    # certain cards first
    fixed = {}
    for s in range(n):
        if s == me:
            continue
        lb = list(t.lb[s])      # (the open declarer's: its hand before that discard)
        room = obs.hand_sizes[s] + (last.n if sir and s == last.seat else 0)
        if respond and not sir and s == last.seat:
            lb = [max(0, v - last.n) for v in lb]
        take = [0] * NF
        for f in range(NF):
            k = min(lb[f], pool0[f], room)
            take[f] = k
            pool0[f] -= k
            room -= k
        fixed[s] = take
    pile_unknown = obs.pile_size - sum(mine)
    best = None
    for attempt in range(SIR if sir else 1):
        pool = list(pool0)
        assigned: dict[int, tuple[int, ...]] = {}
        in_pile = 0
        for (i, s, k, f, token, lead, void_before) in c.pile:
            if s == me or i == open_i:
                continue
            p = VOID_TRUTH if void_before else LEAD_TRUTH if lead else FOLLOW_TRUTH
            if respond and i == c.pile[-1][0]:
                p = p_open                  # the open claim: the heuristic's own lie model
            counts = None
            if rng.random() < p and pool[f] >= k:
                counts = tuple(k if g == f else 0 for g in range(NF))
                pool[f] -= k
            if counts is None:
                counts = _take(pool, k, rng, f) or _take(pool, k, rng)
            assigned[i] = counts
            in_pile += k
        places = []
        seats = []
        for s in range(n):
            if s == me:
                continue
            v = c.voids[s]
            room = obs.hand_sizes[s] - sum(fixed[s])
            if sir and s == last.seat:
                room += last.n
                v = v - {last.family} if not c.pile[-1][6] else v
            v = frozenset(g for g in v if fixed[s][g] == 0)
            places.append((room, v))
            seats.append(s)
        places.append((pile_unknown - in_pile - (last.n if sir else 0), frozenset()))
        dealt, broken = _deal(pool, places, rng)
        hands = list(world.hands)
        for k, s in enumerate(seats):
            hands[s] = tuple(a + b for a, b in zip(dealt[k], fixed[s]))
        rest = dealt[-1]
        weight = EPS ** broken
        lk = 1.0
        top = None
        if sir:
            d, k, f = last.seat, last.n, last.family
            hb = hands[d]
            _i, _s, _k, _f, token, lead, void_before = c.pile[-1]
            lk, truthful = _claim_likelihood(hb, k, f, lead, void_before)
            if truthful:
                top = tuple(k if g == f else 0 for g in range(NF))
            else:
                top = tuple(H.junk(hb, k, rng))
            hands[d] = MB.sub(hb, top)
            assigned[open_i] = top
        if best is None:
            best = (lk * weight, hands, rest, assigned, top, weight, [lk * weight])
        else:
            best[6].append(lk * weight)
            # keep this draw with probability lk / (sum so far): one draw in proportion
            tot = sum(best[6])
            if tot > 0 and rng.random() * tot < lk * weight:
                best = (lk * weight, hands, rest, assigned, top, weight, best[6])
    _lw, hands, rest, assigned, top, weight, _all = best
    pile = list(mine)
    for counts in assigned.values():
        pile = [a + b for a, b in zip(pile, counts)]
    pile = tuple(a + b for a, b in zip(pile, rest))
    new_last = world.last
    if respond:
        new_last = replace(world.last, counts=assigned[c.pile[-1][0]])
    views = list(world.views)
    for s in range(n):
        if s == me:
            continue
        views[s] = tuple(replace(r, counts=assigned[i]) if i in assigned and r.seat == s else r
                         for i, r in enumerate(world.views[s]))
    # the open claim's draws were resampled by their whole weight: the world kept stands for them
    return replace(world, hands=tuple(hands), pile=pile, last=new_last, views=tuple(views)), \
        (1.0 if sir else weight)


def claims_weight(obs: Any, world: Any) -> float:
    """How well the opponent model explains the claims in ``world`` (any positive scale):
    ``EPS`` per card an opponent holds of a family it has claimed since its last pile, and
    for the open claim the heuristic's likelihood of declaring it with the declarer's hand
    before that discard (:func:`_claim_likelihood`).  Reads only ``obs`` and ``world``."""
    c = Claims(obs)
    me = obs.seat
    respond = obs.phase == "respond" and obs.last is not None and obs.last.seat != me
    w = 1.0
    for s in range(obs.players):
        if s == me:
            continue
        w *= EPS ** sum(world.hands[s][f] for f in c.voids[s])
    if respond and world.last is not None and world.last.counts is not None:
        last = obs.last
        hb = MB.add(world.hands[last.seat], world.last.counts)
        _i, _s, _k, _f, _token, lead, void_before = c.pile[-1]
        lk, truthful = _claim_likelihood(hb, last.n, last.family, lead, void_before)
        w *= lk if truthful == (world.last.counts[last.family] == last.n) else lk * EPS
    return max(w, 1e-300)


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
