"""MasterBluff heuristic agent (RULINGS.md section 5).

The agent sees only what its seat would see at a real table: the
:class:`~game.rules.masterbluff.MBObservation` (own hand, hand sizes, pile
size, the declaration on top, the family in force, tokens, places and the
public history).  It never reads the game state, and it keeps no memory
between calls: every decision starts by replaying the public history into a
:class:`Tracker`.  So a decision is a pure function of ``(obs, rng)``, and it is
the same after save/load or undo.

A decision has three parts, each in its own function:

* :func:`track` - card counting from the public record: which cards are
  certainly where (``lb``), which are probably where (``est``), how honest
  each opponent has been shown to be and how often each one calls;
* :func:`choose_discard` - what to put down and what to declare;
* :func:`decide_call` - whether to call Bluff! on the declaration on top.

The legal discard space is combinatorial and lazy; the agent never enumerates
it.  It builds its candidate discards directly and checks that the one it
plays is ``in legal``.  All randomness comes from the ``rng`` it is given.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Any, Sequence

from game.core.actions import Action
from game.core.rng import Rng
from game.core.seats import seats_after
from game.rules.masterbluff import (MAX_DISCARD, NF, PER_FAMILY, MBObservation, Record,
                                    call, discard, dealt_per_seat, pass_)

Vec = list  # a count (or expected count) per family, length NF


@dataclass(frozen=True)
class Knobs:
    """Tuning constants (measured with ``crowntable simulate``, see docs/AI.md)."""

    honesty_prior: tuple[float, float] = (8.0, 0.2)  # pseudo-counts (truthful, needless lie)
    call_prior: tuple[float, float] = (1.0, 2.0)     # pseudo-counts (calls, passes)
    token_value: float = 3.0        # worth of keeping the exchange token, in cards
    threat_discount: float = 0.7    # weight of a pile landing on someone who is not the leader
    stall_calls: int = 20           # calls with nobody going out: the table is cycling
    lead_noise: float = 1.2         # random spread when choosing which family to lead
    kill_bonus: float = 1.5         # prefer leading a family nobody else can follow
    plausible_base: float = 0.15    # chance a careful opponent calls a plausible claim
    all_in: float = 0.7             # share of true claims that play every card of the family
    bluff_one: float = 0.7          # share of forced bluffs made with a single card


DEFAULT = Knobs()
ABLE_FLOOR = 0.03   # least P(declarer holds the cards) when nothing certain rules it out
WIN = 30.0          # the worth of going out, in cards


# ----------------------------------------------------------------------------
# Card tracking
# ----------------------------------------------------------------------------
@dataclass
class Tracker:
    """What one seat can deduce from the public history.

    ``lb[s][f]``: a *certain* lower bound on family ``f`` in seat ``s``'s hand
    (cards seen going into it: my discards and revealed cards in a pile it took,
    minus anything it may have discarded since).
    ``est[s][f]``: a *probable* count (also counts the cards a taken pile
    probably held, and assumes that declarations nobody called were true).
    ``pile_mine``: my own cards in the current pile.  ``pile_decl``: every
    discard in the current pile as ``(seat, n, declared family)``.  The open
    declaration (phase "respond") is in neither: lb and est of its declarer
    still describe the hand *before* that discard.
    """

    me: int
    players: int
    knobs: Knobs
    sizes: list[int]
    lb: list[Vec]
    est: list[Vec]
    pile_mine: Vec
    pile_decl: list[tuple[int, int, int]] = field(default_factory=list)
    truthful: list[int] = field(default_factory=list)   # revealed true declarations, per seat
    lies: list[int] = field(default_factory=list)       # revealed needless lies, per seat
    calls: list[int] = field(default_factory=list)      # times the seat called Bluff!
    wrong: list[int] = field(default_factory=list)      # its calls on a true declaration
    passes: list[int] = field(default_factory=list)     # its passes we can infer
    places: list[int] = field(default_factory=list)
    calls_since_out: int = 0                            # calls since someone last went out
    pending: Any = None                                 # the open declaration's record

    # -- opponent models
    def honesty(self, seat: int) -> float:
        """P(truthful | able to be truthful), from the seat's revealed declarations.

        A revealed lie counts against honesty only if it was needless: some
        cards of the declared family were mixed in.  A bluff with none of the
        family is what an honest player does when it has no choice."""
        t0, l0 = self.knobs.honesty_prior
        return (self.truthful[seat] + t0) / (self.truthful[seat] + self.lies[seat] + t0 + l0)

    def call_rate(self, seat: int) -> float:
        """How often the seat calls Bluff! when its answer is known."""
        c0, p0 = self.knobs.call_prior
        return (self.calls[seat] + c0) / (self.calls[seat] + self.passes[seat] + c0 + p0)

    def indiscriminate(self, seat: int) -> bool:
        """True when the seat calls a lot, true declarations too (a random caller)."""
        return (self.calls[seat] >= 3 and self.wrong[seat] * 3 >= self.calls[seat]
                and self.call_rate(seat) > 0.35)

    def responders(self, declarer: int) -> list[int]:
        """The Bluff! window order after ``declarer``'s discard (current places)."""
        return list(seats_after(declarer, self.players, self.places))

    def expected_pile(self) -> Vec:
        """Probable make-up of the other seats' (unrevealed) cards in the pile."""
        out = [0.0] * NF
        for s, n, f in self.pile_decl:
            if s != self.me:
                out[f] += n * self.honesty(s)
        return out

    # -- building from the history
    @classmethod
    def new(cls, me: int, players: int, knobs: Knobs = DEFAULT) -> "Tracker":
        """The tracker at the deal: every seat holds its share of the deck."""
        n = players
        return cls(me=me, players=n, knobs=knobs, sizes=[dealt_per_seat(n)] * n,
                   lb=[[0] * NF for _ in range(n)], est=[[0.0] * NF for _ in range(n)],
                   pile_mine=[0] * NF, truthful=[0] * n, lies=[0] * n, calls=[0] * n,
                   wrong=[0] * n, passes=[0] * n)

    def feed(self, rec: Record) -> None:
        """Take in one history record.  Each discard record is followed by
        "nocall" or "call" (which closes its Bluff! window); only the open
        declaration, if any, stays pending."""
        if rec.kind == "discard":
            self.pending = rec
        elif rec.kind == "nocall" and self.pending is not None:
            d, self.pending = self.pending, None
            for s in self.responders(d.seat):
                self.passes[s] += 1
            self.discarded(d.seat, d.n, d.family, None)
            if d.seat == self.me and d.counts is not None:
                self.pile_mine = [a + b for a, b in zip(self.pile_mine, d.counts)]
            self.pile_decl.append((d.seat, d.n, d.family))
        elif rec.kind == "call" and self.pending is not None:
            d, self.pending = self.pending, None
            revealed = rec.revealed if rec.revealed is not None else (d.counts or (0,) * NF)
            for s in self.responders(d.seat):
                if s == rec.seat:
                    break
                self.passes[s] += 1
            self.calls[rec.seat] += 1
            self.calls_since_out += 1
            if rec.truthful:
                self.wrong[rec.seat] += 1
                self.truthful[d.seat] += 1
            elif revealed[d.family] > 0:
                self.lies[d.seat] += 1
            self.discarded(d.seat, d.n, d.family, revealed)
            self.took_pile(rec.taker, [a + b for a, b in zip(self.pile_mine, revealed)], rec.n)
        elif rec.kind == "out":
            self.places.append(rec.seat)
            self.calls_since_out = 0
            self.sizes[rec.seat] = 0
            self.lb[rec.seat] = [0] * NF
            self.est[rec.seat] = [0.0] * NF

    # -- updates while replaying the history
    def _clamp(self, s: int) -> None:
        total = sum(self.est[s])
        if self.sizes[s] <= 0:
            self.est[s] = [0.0] * NF
        elif total > self.sizes[s]:
            k = self.sizes[s] / total
            self.est[s] = [v * k for v in self.est[s]]
        self.est[s] = [max(v, float(b)) for v, b in zip(self.est[s], self.lb[s])]

    def discarded(self, s: int, n: int, family: int, revealed: Sequence[int] | None) -> None:
        """Seat ``s`` put ``n`` cards down; ``revealed`` when they were shown."""
        self.sizes[s] -= n
        if s == self.me:
            return
        if revealed is not None:
            self.lb[s] = [max(0, a - b) for a, b in zip(self.lb[s], revealed)]
            self.est[s] = [max(0.0, a - b) for a, b in zip(self.est[s], revealed)]
        else:  # any n of its cards may have gone: the certain bound drops by n everywhere
            self.lb[s] = [max(0, a - n) for a in self.lb[s]]
            self.est[s][family] -= min(float(n), self.est[s][family])
        self._clamp(s)

    def took_pile(self, taker: int, known: Sequence[int], n: int) -> None:
        """``taker`` took the pile (``n`` cards), of which ``known`` are certain."""
        self.sizes[taker] += n
        if taker != self.me:
            probable = self.expected_pile()
            self.lb[taker] = [a + b for a, b in zip(self.lb[taker], known)]
            self.est[taker] = [a + b + c for a, b, c in zip(self.est[taker], known, probable)]
            self._clamp(taker)
        self.pile_mine = [0] * NF
        self.pile_decl = []


def track(obs: MBObservation, knobs: Knobs = DEFAULT) -> Tracker:
    """Replay the public history of ``obs`` into a :class:`Tracker`."""
    t = Tracker.new(obs.seat, obs.players, knobs)
    for rec in obs.history:
        t.feed(rec)
    t.sizes = list(obs.hand_sizes)   # the observation is the authority (they agree)
    return t


# ----------------------------------------------------------------------------
# Probability helpers
# ----------------------------------------------------------------------------
def _pool(obs: MBObservation, t: Tracker, skip: Sequence[int]) -> Vec:
    """Cards of each family whose place I cannot pin down (probably), leaving
    out my hand, my cards in the pile, the pile's probable cards and the
    probable hands of every opponent except those in ``skip``."""
    pile = t.expected_pile()
    pool = []
    for f in range(NF):
        v = PER_FAMILY - obs.hand[f] - t.pile_mine[f] - pile[f]
        v -= sum(t.est[s][f] for s in range(obs.players) if s != obs.seat and s not in skip)
        pool.append(max(0.0, v))
    return pool


def holds_pmf(obs: MBObservation, t: Tracker, seat: int, family: int, hand: int) -> list[float]:
    """Distribution of how many ``family`` cards ``seat`` (with ``hand`` cards)
    holds: its probable known cards, plus a random draw of the rest of its
    hand from the cards I cannot place (hypergeometric).  ``pmf[x]``, x = 0..hand."""
    own = t.est[seat]
    pool = _pool(obs, t, (seat,))
    pool = [max(0.0, p - o) for p, o in zip(pool, own)]
    base = min(hand, int(own[family] + 0.5))
    draws = max(0, min(hand - base, int(round(hand - sum(own)))))
    population = max(int(round(sum(pool))), draws)
    good = max(0, min(int(round(pool[family])), population))
    total = comb(population, draws)
    pmf = [0.0] * (hand + 1)
    for x in range(0, min(good, draws) + 1):
        pmf[min(hand, base + x)] += comb(good, x) * comb(population - good, draws - x) / total
    return pmf


def p_holds(obs: MBObservation, t: Tracker, seat: int, family: int, k: int, hand: int) -> float:
    """Probability that ``seat`` (with ``hand`` cards) holds at least ``k`` of ``family``."""
    if k <= 0:
        return 1.0
    return sum(holds_pmf(obs, t, seat, family, hand)[k:])


def max_possible(obs: MBObservation, t: Tracker, declarer: int, family: int, hand_before: int) -> int:
    """The most cards of ``family`` the declarer can have held: certain facts only."""
    out = PER_FAMILY - obs.hand[family] - t.pile_mine[family]
    out -= sum(t.lb[s][family] for s in range(obs.players) if s not in (obs.seat, declarer))
    other = sum(t.lb[declarer][g] for g in range(NF) if g != family)
    return max(0, min(out, hand_before - other))


# ----------------------------------------------------------------------------
# Calling Bluff!
# ----------------------------------------------------------------------------
def p_lie(obs: MBObservation, t: Tracker, knobs: Knobs = DEFAULT) -> float:
    """Probability that the declaration on top ("n x family") is false.

    1.0 when it is impossible given my hand and the certain record.  Otherwise
    a likelihood ratio over X, the number of that family the declarer held
    (:func:`holds_pmf`):

    * true: the declarer held X >= n and played n of them; most players play
      all they hold (n = X, weight ``all_in``), some hold back;
    * forced bluff: the family was in force, the declarer held none and bluffed
      (mostly with one card: weight ``bluff_one``);
    * needless lie: 1 - honesty, any size.

    Choosing the family (free lead or exchange token) leaves no forced bluff."""
    last = obs.last
    assert last is not None
    d, n, fam = last.seat, last.n, last.family
    before = obs.hand_sizes[d] + n
    top = max_possible(obs, t, d, fam, before)
    if n > top:
        return 1.0
    pmf = holds_pmf(obs, t, d, fam, before)[:top + 1]
    z = sum(pmf)
    pmf = [v / z for v in pmf] if z > 0 else [1.0 / (top + 1)] * (top + 1)
    honest = t.honesty(d)
    if last.token:
        honest = min(0.98, honest + 0.1)  # switching family usually means "I hold these"
    a = knobs.all_in
    truth = a * pmf[n] + (1 - a) * sum(pmf[x] / x for x in range(max(n, 1), len(pmf)))
    truth = max(truth, ABLE_FLOOR * 0.1)   # the probable record may be wrong
    forced = bool(t.pile_decl) and not last.token
    size = knobs.bluff_one if n == 1 else (1 - knobs.bluff_one) / (MAX_DISCARD - 1)
    lie = (pmf[0] * size if forced else 0.0) + (1 - honest) / MAX_DISCARD
    return lie / (honest * truth + lie)


def decide_call(obs: MBObservation, t: Tracker, rng: Rng, knobs: Knobs = DEFAULT) -> bool:
    """Call iff the expected gain is positive.

    If right, the declarer takes the pile; if wrong, I take it.  A pile is
    weighed by the hand it lands in (it hurts a short hand, one close to going
    out, more), and by how much the declarer is the one to stop.  A declarer
    who has just emptied their hand wins unless caught, so then I always call
    (if the claim is true they win anyway).  Later responders only matter if
    earlier ones pass, so I decide as if my answer counts."""
    last = obs.last
    assert last is not None
    d = last.seat
    q = p_lie(obs, t, knobs)
    if q >= 1.0:
        return True
    after = obs.hand_sizes[d]
    if after == 0:
        if not obs.play_on or not obs.places:
            # going out now wins the game: a call costs nothing that matters
            return True
        return q > 0.25
    mine = obs.hand_sizes[obs.seat]
    pile = obs.pile_size
    gain = pile / (after + 2.0)
    others = [obs.hand_sizes[s] for s in range(obs.players)
              if s not in (obs.seat, d) and s not in obs.places]
    if others and min(others) < after:
        gain *= knobs.threat_discount           # someone else is the bigger threat
    cost = pile / (mine + 2.0)
    value = q * gain - (1.0 - q) * cost
    if abs(value) < 1e-9:
        return rng.random() < 0.5
    return value > 0


# ----------------------------------------------------------------------------
# Discarding
# ----------------------------------------------------------------------------
def p_called(obs: MBObservation, t: Tracker, family: int, n: int, lie: bool,
             knobs: Knobs = DEFAULT) -> float:
    """Chance that some opponent calls my claim "n x family".

    A careful opponent calls for sure when the claim is impossible from where
    it sits: when it holds more of the family than the record leaves for me.
    Otherwise it calls a plausible claim now and then (``plausible_base``, or
    its observed rate if it calls anything).  A claim that empties my hand is
    called by every careful opponent.  For a true claim only the observed
    rate of indiscriminate callers counts."""
    p_none = 1.0
    empties = n >= sum(obs.hand)
    declared = [0] * NF          # what the pile holds if every declaration was true
    for _, k, f in t.pile_decl:
        declared[f] += k
    for s in t.responders(obs.seat):
        rate = t.call_rate(s)
        if t.indiscriminate(s):
            r = rate
        elif not lie:
            r = 0.02
        elif empties:
            r = 0.95
        else:
            room = PER_FAMILY - declared[family]
            room -= sum(t.lb[o][family] for o in range(obs.players) if o not in (obs.seat, s))
            # s knows I lie if it holds more than room - n of the family
            k = int(room) - n + 1
            catch = p_holds(obs, t, s, family, k, obs.hand_sizes[s]) if k > 0 else 1.0
            r = catch + (1.0 - catch) * min(rate, knobs.plausible_base)
        p_none *= 1.0 - min(1.0, r)
    return 1.0 - p_none


def _pick(values: Sequence[float], allowed: Sequence[int], rng: Rng, best: str = "max") -> int:
    """Index in ``allowed`` with the max (or min) value; ties broken by ``rng``."""
    top = (max if best == "max" else min)(values[i] for i in allowed)
    ties = [i for i in allowed if values[i] == top]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def lead_family(obs: MBObservation, t: Tracker, rng: Rng, exclude: int | None = None,
                knobs: Knobs = DEFAULT) -> int:
    """The family to play truthfully when I may choose it (free, or with the token).

    Mostly the family I hold most of (it sheds most cards).  A family I hold
    all the live cards of is worth more: whoever must follow it has to bluff.
    A little noise mixes near-equal choices, so that opponents cannot read me
    and all-heuristic tables do not fall into a fixed cycle."""
    hand = obs.hand
    allowed = [f for f in range(NF) if hand[f] > 0 and f != exclude]
    score = [0.0] * NF
    for f in allowed:
        score[f] = hand[f] + rng.random() * knobs.lead_noise
        if hand[f] + t.pile_mine[f] >= PER_FAMILY:
            score[f] += knobs.kill_bonus
    return _pick(score, allowed, rng, "max")


def junk(hand: Sequence[int], size: int, rng: Rng) -> Vec:
    """The ``size`` cards I least want: my smallest families first (each
    family left in hand costs a turn to play truthfully)."""
    counts = [0] * NF
    left = size
    while left > 0:
        have = [f for f in range(NF) if hand[f] - counts[f] > 0]
        f = _pick([hand[g] - counts[g] for g in range(NF)], have, rng, "min")
        take = min(left, hand[f] - counts[f])
        counts[f] += take
        left -= take
    return counts


def bluff_plan(obs: MBObservation, t: Tracker, family: int, rng: Rng,
               knobs: Knobs = DEFAULT) -> tuple[float, Vec]:
    """The best bluff declared as ``family`` and its expected worth in cards.

    If nobody calls I shed ``n`` cards (all of them: I win); if somebody does I
    take the pile (my own cards come back too).  The call chance comes from
    :func:`p_called`, so against careful opponents the claim stays small and
    plausible, and against callers who call anything it makes no difference
    and I shed as much as I can."""
    total = sum(obs.hand)
    pile = obs.pile_size
    best_n, best_v = 1, None
    for n in range(1, min(MAX_DISCARD, total) + 1):
        pc = p_called(obs, t, family, n, True, knobs)
        shed = WIN if n == total else n
        # a called bluff shows its cards to everyone: reveal little when it changes nothing
        v = (1.0 - pc) * shed - pc * (pile + 0.01 * n)
        if best_v is None or v > best_v + 1e-9:
            best_n, best_v = n, v
    return float(best_v), junk(obs.hand, best_n, rng)


def _truthful(seat: int, hand: Sequence[int], family: int, token: bool = False) -> Action:
    counts = [0] * NF
    counts[family] = min(hand[family], MAX_DISCARD)
    return discard(seat, counts, family, token)


def _stall_breaker(obs: MBObservation, rng: Rng) -> Action:
    """A random truthful lead: some cards of any family I hold.

    Careful players can lock into a cycle (each leads a whole family, the next
    one has none, bluffs, is caught and takes it back).  Once the public record
    shows ``stall_calls`` calls without anyone going out, half of the free
    leads are this, which changes the cards in play and ends the cycle."""
    held = [f for f in range(NF) if obs.hand[f] > 0]
    g = rng.choice(held)
    counts = [0] * NF
    counts[g] = 1 + rng.randbelow(obs.hand[g])
    return discard(obs.seat, counts, g, False)


def choose_discard(obs: MBObservation, t: Tracker, rng: Rng,
                   declarations: Sequence[tuple[int, bool]], knobs: Knobs = DEFAULT) -> Action:
    """Truth when possible, the token when it pays, a bluff otherwise.

    * free family: all of my strongest family (a single-family hand, at most
      eight cards, goes out and wins);
    * family in force and I hold some: all of them, truthfully;
    * none of it: spend the token on my strongest family if that wins at once,
      or if the best bluff (:func:`bluff_plan`) is worth less than the
      token play minus the token's own worth; otherwise bluff.
    """
    me = obs.seat
    hand = obs.hand
    f = obs.in_force
    if f is None:
        if t.calls_since_out >= knobs.stall_calls and rng.random() < 0.5:
            return _stall_breaker(obs, rng)
        return _truthful(me, hand, lead_family(obs, t, rng, knobs=knobs))
    if hand[f] > 0:
        return _truthful(me, hand, f)
    g = lead_family(obs, t, rng, exclude=f, knobs=knobs)
    bluff_value, counts = bluff_plan(obs, t, f, rng, knobs)
    if (g, True) in set(declarations):
        if hand[g] == sum(hand):                  # one family left: the token wins now
            return _truthful(me, hand, g, token=True)
        if hand[g] - knobs.token_value > bluff_value:
            return _truthful(me, hand, g, token=True)
    return discard(me, counts, f, False)


# ----------------------------------------------------------------------------
# The agent
# ----------------------------------------------------------------------------
def decide(obs: MBObservation, t: Tracker, legal, rng: Rng, knobs: Knobs = DEFAULT) -> Action:
    """One decision from the tracker ``t`` of ``obs``: answer the open Bluff! window
    or choose a discard.  Shared by :class:`HeuristicAgent` and the search AI's
    incremental rollout agent, which only build the tracker differently."""
    me = obs.seat
    if obs.phase == "respond":
        action = call(me) if decide_call(obs, t, rng, knobs) else pass_(me)
    else:
        action = choose_discard(obs, t, rng, getattr(legal, "declarations", ()), knobs)
    if action not in legal:             # never expected; stay legal whatever happens
        action = legal.sample(rng)
    return action


class HeuristicAgent:
    """Counts cards, tells the truth when it can, bluffs when it must or when
    it pays, and calls Bluff! on impossible or doubtful claims."""

    name = "heuristic"

    def __init__(self, knobs: Knobs = DEFAULT):
        self.knobs = knobs

    def act(self, obs: MBObservation, legal, rng: Rng) -> Action:
        return decide(obs, track(obs, self.knobs), legal, rng, self.knobs)
