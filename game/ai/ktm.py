"""King Thief Minister heuristic (``heuristic``): a belief over the six spots.

The agent sees ``(obs, legal, rng)`` only and keeps no memory between calls.
Every decision starts from the observation's history:

1. **Belief** (:func:`belief`): a weight per arrangement of the six cards (card
   per spot, now).  It starts uniform over the 720 arrangements and follows the
   history: a move shifts every arrangement, a fact (a peek, a look, a challenge
   result, an Executioner's guess, a Minister check, a shown Peasant, the full
   reveal) keeps only the arrangements that agree with it, and a Minister's
   swap that the seat did not see splits every arrangement 50/50 into "swapped"
   and "not swapped".  A claim that nobody challenged is weak evidence: the
   arrangements where the claimant holds the claimed card weigh ``L`` times
   more, ``L`` from the claimant's record of honesty (claims shown true or false).
   The marginals give ``P[spot][card]``.
2. **Who knows what** (:func:`knowledge`): per seat, the spots whose card it
   has seen and that no secret swap has blurred since (followed through every
   move), plus what every seat saw (true challenges, right guesses, the shown
   Peasant).  A seat that knows my card challenges a false claim (0.9) and lets a
   true one stand; any other seat challenges at its observed rate (prior 1/5).
3. **Values** (:func:`win_chance`): every option is scored by the change in my
   chance of winning, a normal approximation of each coin gap over the coins
   left in the treasury (exact once the treasury is empty, so the agent sees a
   claim that ends the game).  A claim is worth its effect when it stands, the
   challenger's coin when it is true and challenged, nothing when a false one is
   challenged; the Peasant is worth the treasury times the chance of the most
   likely arrangement, else the mistake.  A move or a look is worth the best
   claim it makes possible next turn, discounted (``future`` per two other
   players), minus the look's coin.  A claim keeps that future value too.  Each move of mine
   in a row that the others turned back before my next turn (:func:`undone`) makes moving
   again worth ``undone_factor`` less: no chasing a card back and forth round the ring.
4. **Answers**: challenge when ``P(false) * harm > P(true) * (my coin + harm)``
   (the claim judged from the belief before the claim, with the claimant's
   knowledge of its own card as a likelihood ratio); claim Minister for the King
   by the same claim value; the Minister swaps the best card into my spot (or
   blurs the spot others know), the Executioner takes the best
   chance × coins, the Sheriff names the richest other, the Peasant names the
   most likely arrangement.

``rng`` only breaks near ties (a tiny noise; after ``long_game`` turns, a game caught in a
cycle, a larger one so that the cycle breaks), so a decision is a pure function
of ``(obs, rng state)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import erf, sqrt
from typing import Any, Callable, Iterable, Sequence

from game.core.actions import Action
from game.core.rng import Rng
from game.rules import ktm as K
from game.rules.ktm import (EXECUTIONER, KING, MINISTER, NAMES, PEASANT, SHERIFF, SPOTS, THIEF, Cards, Rec)

COUNT = len(NAMES)
LEAD_WEIGHT = 0.01                  # per coin of lead, added to the win chance


@dataclass(frozen=True)
class Knobs:
    swap_p: float = 0.5             # an unseen Minister swap: the chance it swapped
    honesty_prior: tuple[float, float] = (1.5, 1.0)   # (true, false) pseudo-counts of a seat's claims
    trust_scale: float = 6.0        # L = max(1, scale * honesty - (scale/2 - 1)): 0.5 -> 1, 1 -> scale/2 + 1
    chal_prior: tuple[float, float] = (1.0, 4.0)      # (challenges, passes) pseudo-counts
    knower_chal: float = 0.9        # a seat that knows the card challenges a false claim
    knower_false_chal: float = 0.03  # ... and a true one
    future: float = 0.95            # next turn's claim is worth this x the chance my card stays
    move_prior: tuple[float, float] = (1.0, 4.0)      # (moves, other turns) pseudo-counts
    own_know: float = 2.5           # likelihood ratio of a claim by a seat that knows its card
    guess_know: float = 1.3         # ... by one that does not
    exec_guess: float = 0.35        # the chance another Executioner names my card right
    min_gain: float = 0.0           # a challenge must gain this much win chance
    noise: float = 1e-4             # tie-breaking
    long_game: int = 100            # after this many turns (median ~14) the game is caught in a cycle:
    long_noise: float = 0.03        # ... turn choices get this much noise, so that it finds a way out
    stall_moves: int = 1            # after (this x players) moves in a row, moves are worth less
    stall_factor: float = 0.3
    undone_factor: float = 0.2      # per move of mine in a row that the others turned back: moves worth this


DEFAULT = Knobs()


# -- 1. belief ------------------------------------------------------------------------
def honesty_counts(history: Sequence[Rec]) -> dict[int, tuple[int, int]]:
    """Per seat: (claims shown true, claims shown false)."""
    out: dict[int, list[int]] = {}
    for r in history:
        if r.kind in ("challenge", "minister_check") and r.truth is not None:
            c = out.setdefault(r.seat, [0, 0])
            c[0 if r.truth else 1] += 1
        elif r.kind == "peasant":
            c = out.setdefault(r.seat, [0, 0])
            c[0 if r.card == PEASANT else 1] += 1
    return {s: (v[0], v[1]) for s, v in out.items()}


def trust(seat: int, counts: dict[int, tuple[int, int]], knobs: Knobs = DEFAULT) -> float:
    t, f = counts.get(seat, (0, 0))
    a, b = knobs.honesty_prior
    h = (t + a) / (t + f + a + b)
    s = knobs.trust_scale
    return max(1.0, s * h - (s / 2 - 1))


def _resolved(history: Sequence[Rec], i: int) -> bool:
    """Whether the claim at ``history[i]`` was challenged (its truth then is a fact)."""
    return i + 1 < len(history) and history[i + 1].kind == "challenge"


def belief(obs: Any, knobs: Knobs = DEFAULT, skip_open: bool = True) -> dict[Cards, float]:
    """Weights (summing to 1) of the arrangements ``obs``'s seat cannot rule out.
    ``skip_open``: the claim of an open challenge window counts for nothing.

    The weights before the last record come from :class:`_BeliefCache` (each history prefix
    followed once, then extended record by record); the same floats as following the whole
    history on every call."""
    hist = obs.history
    counts = honesty_counts(hist)
    Ls = tuple(trust(s, counts, knobs) for s in range(obs.players))
    w = _CACHE.before_last(obs.seat, hist, Ls, knobs)
    if hist:
        last = len(hist) - 1
        w = _follow(w, hist[last], False, skip_open and obs.phase == K.CHALLENGE, obs.seat, Ls, knobs.swap_p)
    total = sum(w.values())
    if total <= 0:                  # cannot happen with a real history; stay safe
        ws = K.worlds(hist) or K.ALL_SET
        return {a: 1.0 / len(ws) for a in ws}
    return {a: v / total for a, v in w.items()}


#: the arrangements as canonical tuples, and where each one goes after a move (per shift mod 6)
#: or a swap (per pair of spots): a table look-up instead of building a tuple
_CANON: dict[Cards, Cards] = {a: a for a in K.ALL}
_SHIFT_TO: list[dict[Cards, Cards]] = [{a: _CANON[K.shifted(a, k)] for a in K.ALL} for k in range(SPOTS)]
_SWAP_TO: dict[tuple[int, int], dict[Cards, Cards]] = {}
#: per fact (the fields ``K._holds`` reads): the arrangements that agree with it
_FACT_SETS: dict[tuple, frozenset[Cards] | None] = {}


def _swap_to(a_: int, b_: int) -> dict[Cards, Cards]:
    got = _SWAP_TO.get((a_, b_))
    if got is None:
        got = _SWAP_TO[(a_, b_)] = {a: _CANON[K.swapped(a, a_, b_)] for a in K.ALL}
    return got


#: the weights before any record (shared by every prefix tree; never changed), and what each
#: fact leaves of them
_W0: dict[Cards, float] = dict.fromkeys(K.ALL, 1.0)
_W0_AFTER: dict[tuple, dict[Cards, float]] = {}


def _fact_key(rec: Rec) -> tuple:
    return (rec.card, rec.spot, rec.truth, rec.character, rec.kind == "names", rec.cards)


def _fact_set(rec: Rec) -> frozenset[Cards] | None:
    """The arrangements that agree with ``rec``, None when all of them do."""
    key = _fact_key(rec)
    try:
        return _FACT_SETS[key]
    except KeyError:
        got = frozenset(a for a in K.ALL if K._holds(a, rec))
        _FACT_SETS[key] = got = None if len(got) == len(K.ALL) else got
        return got


def _follow(w: dict[Cards, float], rec: Rec, resolved: bool, skip: bool, me: int | None,
            Ls: tuple[float, ...], p: float) -> dict[Cards, float]:
    """The weights after ``rec`` (a new dict, or ``w`` itself when ``rec`` changes nothing;
    ``w`` is never changed).  ``resolved``: the next record is a challenge of this claim;
    ``skip``: this is the claim of the open window, left out."""
    k = rec.kind
    if k == "move":
        to = _SHIFT_TO[rec.shift % SPOTS]
        return {to[a]: v for a, v in w.items()}
    if k == "minister":
        if rec.swapped is None:
            to = _swap_to(rec.spot, rec.other)
            new: dict[Cards, float] = {}
            for a, v in w.items():
                new[a] = new.get(a, 0.0) + v * (1 - p)
                s = to[a]
                new[s] = new.get(s, 0.0) + v * p
            return new
        if rec.swapped:
            to = _swap_to(rec.spot, rec.other)
            return {to[a]: v for a, v in w.items()}
        return w
    if k in K.FACT_KINDS:
        keep = _fact_set(rec)
        if keep is None:                # rules nothing out (another seat's peek)
            return w
        if w is _W0:
            key = _fact_key(rec)
            new = _W0_AFTER.get(key)
            if new is None:
                new = _W0_AFTER[key] = {a: v for a, v in w.items() if a in keep}
            return new
        new = {a: v for a, v in w.items() if a in keep}
        return w if len(new) == len(w) else new
    if k == "claim" and rec.character != PEASANT and rec.seat != me:
        if resolved or skip:
            return w
        L = Ls[rec.seat]
        if L != 1.0:
            sp, c = rec.spot, rec.character
            return {a: (v * L if a[sp] == c else v) for a, v in w.items()}
    return w


class _PrefixNode:
    __slots__ = ("value", "kids", "ids")

    def __init__(self, value: Any):
        self.value = value
        self.kids: dict[Rec, _PrefixNode] = {}
        #: the same by the record object (a look-up without hashing the record): id -> (record, kid)
        self.ids: dict[int, tuple[Rec, _PrefixNode]] = {}


class _PrefixTree:
    """A value per history prefix, as a tree of prefixes per key: a walk follows only the
    records no earlier walk followed (``step(parent value, previous record, record)`` makes
    a new node's value; values are never changed).  Bounded: the whole tree is let go past
    ``LIMIT`` nodes.  Used by :func:`belief` and :func:`knowledge`."""

    LIMIT = 6000

    def __init__(self) -> None:
        self.roots: dict[Any, _PrefixNode] = {}
        self.size = 0

    def clear(self) -> None:
        self.roots = {}
        self.size = 0

    def walk(self, key: Any, hist: Sequence[Rec], start: Callable[[], Any],
             step: Callable[[Any, Rec | None, Rec], Any]) -> Any:
        if self.size > self.LIMIT:
            self.clear()
        node = self.roots.get(key)
        if node is None:
            node = self.roots[key] = _PrefixNode(start())
            self.size += 1
        prev = None
        for rec in hist:
            got = node.ids.get(id(rec))
            if got is None or got[0] is not rec:
                kid = node.kids.get(rec)
                if kid is None:
                    kid = node.kids[rec] = _PrefixNode(step(node.value, prev, rec))
                    self.size += 1
                node.ids[id(rec)] = got = (rec, kid)
            node, prev = got[1], rec
        return node.value


class _BeliefCache(_PrefixTree):
    """The belief's weights per history prefix, per (seat, trust of every seat, knobs).  A
    record's effect depends on the record after it (a claim then challenged counts for
    nothing), so a node holds the weights after every record of its prefix but the last."""

    def before_last(self, me: int | None, hist: Sequence[Rec], Ls: tuple[float, ...],
                    knobs: Knobs) -> dict[Cards, float]:
        """The weights after every record of ``hist`` but the last (never to be changed)."""
        p = knobs.swap_p

        def step(w: dict[Cards, float], prev: Rec | None, rec: Rec) -> dict[Cards, float]:
            return w if prev is None else _follow(w, prev, rec.kind == "challenge", False, me, Ls, p)
        return self.walk((me, Ls, knobs), hist, lambda: _W0, step)


_CACHE = _BeliefCache()


def marginals(w: dict[Cards, float]) -> list[list[float]]:
    P = [[0.0] * COUNT for _ in range(SPOTS)]
    for a, v in w.items():
        for s in range(SPOTS):
            P[s][a[s]] += v
    return P


# -- 2. who knows what ------------------------------------------------------------------
def knowledge(obs: Any) -> list[set[int]]:
    """Per seat: the spots whose card it knows now (seen and followed through the moves,
    not blurred by a swap it did not see).  From :class:`_KnowCache` (each history prefix
    followed once)."""
    return [set(ks) for ks in _KNOW.after(obs.players, obs.history)]


def _know_step(know: list[set[int]], rec: Rec, n: int) -> list[set[int]]:
    """``know`` after ``rec`` (changed in place, or a new list after a move)."""

    def everyone(spot: int) -> None:
        for s in range(n):
            know[s].add(spot)

    k = rec.kind
    if k in ("peek", "look"):
        know[rec.seat].add(rec.spot)
    elif k == "move":
        know = [{(x + rec.shift) % SPOTS for x in ks} for ks in know]
    elif k == "minister":
        a, b = rec.spot, rec.other
        for s in range(n):
            if s == rec.seat:
                ks = know[s]
                ha, hb = a in ks, b in ks
                ks.discard(a)
                ks.discard(b)
                # the Minister knows whether it swapped; we treat its knowledge as followed
                if ha:
                    ks.add(a)
                if hb:
                    ks.add(b)
            else:
                know[s].discard(a)
                know[s].discard(b)
    elif k == "challenge":
        if rec.truth:
            everyone(rec.spot)
        elif 0 <= rec.other < n:
            know[rec.other].add(rec.spot)
    elif k == "execute":
        if rec.truth:
            everyone(rec.spot)
        elif 0 <= rec.other < n:
            know[rec.other].add(rec.spot)
    elif k == "minister_check":
        if rec.truth:
            everyone(rec.spot)
        else:
            for s in (rec.to or ()):
                know[s].add(rec.spot)
    elif k == "peasant":
        everyone(rec.spot)
    elif k == "names":
        for s in range(SPOTS):
            everyone(s)
    for ks in know:
        if len(ks) == SPOTS - 1:
            ks.update(range(SPOTS))
    return know


class _KnowCache(_PrefixTree):
    """:func:`knowledge` per history prefix (per seat, after every record of the prefix),
    per table size."""

    def after(self, n: int, hist: Sequence[Rec]) -> tuple[frozenset[int], ...]:
        def step(know: tuple[frozenset[int], ...], _prev: Rec | None, rec: Rec) -> tuple[frozenset[int], ...]:
            return tuple(frozenset(ks) for ks in _know_step([set(ks) for ks in know], rec, n))
        return self.walk(n, hist, lambda: tuple(frozenset() for _ in range(n)), step)


_KNOW = _KnowCache()


def challenge_rates(obs: Any, knobs: Knobs = DEFAULT) -> list[float]:
    """Per seat, the observed share of challenge windows it challenged in (with a prior).
    A window: every claim but the Peasant's; the seats ahead of the challenger in the
    priority order passed; after no challenge, everybody passed."""
    n = obs.players
    ch = [0.0] * n
    ps = [0.0] * n
    hist = obs.history
    for i, rec in enumerate(hist):
        if rec.kind != "claim" or rec.character == PEASANT:
            continue
        if i == len(hist) - 1 and obs.phase == K.CHALLENGE:
            continue                    # still open
        order = _ccw_after(rec.seat, n)
        if _resolved(hist, i):
            chal = hist[i + 1].other
            ch[chal] += 1
            for s in order:
                if s == chal:
                    break
                ps[s] += 1
        else:
            for s in order:
                ps[s] += 1
    a, b = knobs.chal_prior
    return [(ch[s] + a) / (ch[s] + ps[s] + a + b) for s in range(n)]


def stay_chance(obs: Any, knobs: Knobs = DEFAULT) -> float:
    """The chance that no other seat moves the cards before my next turn, from each
    seat's observed share of turns spent moving."""
    n = obs.players
    moves = [0] * n
    turns = [0] * n
    for rec in obs.history:
        if rec.kind in ("move", "look") or (rec.kind == "claim" and rec.other < 0):
            turns[rec.seat] += 1
            moves[rec.seat] += rec.kind == "move"
    a, b = knobs.move_prior
    v = 1.0
    for s in range(n):
        if s != obs.seat:
            v *= 1 - (moves[s] + a) / (turns[s] + a + b)
    return v


# -- 3. values ------------------------------------------------------------------------------
def _phi(z: float) -> float:
    return 0.5 * (1.0 + erf(z / sqrt(2.0)))


#: ``K.seats_after(seat, n, (), K.COUNTER_CLOCKWISE)`` per (seat, n), once each
_CCW_AFTER: dict[tuple[int, int], tuple[int, ...]] = {}


def _ccw_after(seat: int, n: int) -> tuple[int, ...]:
    got = _CCW_AFTER.get((seat, n))
    if got is None:
        got = _CCW_AFTER[(seat, n)] = K.seats_after(seat, n, (), K.COUNTER_CLOCKWISE)
    return got


def win_chance(coins: Sequence[int], treasury: int, me: int) -> float:
    """My chance to win from the coins: exact once the treasury is empty (ties share),
    else a normal approximation of each gap over the coins still to come."""
    n = len(coins)
    if treasury <= 0:
        top = max(coins)
        if coins[me] != top:
            return 0.0
        return 1.0 / sum(1 for c in coins if c == top)
    sd = 0.8 + 0.7 * sqrt(treasury)
    v = 1.0
    for s in range(n):
        if s != me:
            v *= _phi((coins[me] - coins[s]) / sd)
    return v


class Purse:
    """The coin moves of the rules, on plain numbers (the game ends when the treasury empties)."""

    def __init__(self, coins: Sequence[int], treasury: int):
        self.coins = list(coins)
        self.treasury = treasury
        self.over = treasury <= 0

    def copy(self) -> "Purse":
        p = Purse(self.coins, self.treasury)
        p.over = self.over
        return p

    def take(self, s: int, k: int = 1) -> None:
        for _ in range(k):
            if self.over:
                return
            self.treasury -= 1
            self.coins[s] += 1
            if self.treasury <= 0:
                self.over = True

    def give(self, s: int) -> None:
        if not self.over and self.coins[s] > 0:
            self.coins[s] -= 1
            self.treasury += 1

    def transfer(self, a: int, b: int, k: int = 1) -> None:
        if self.over:
            return
        k = min(k, self.coins[a])
        self.coins[a] -= k
        self.coins[b] += k

    def pay(self, s: int, k: int = 1) -> None:
        n = len(self.coins)
        for _ in range(k):
            if self.over:
                return
            if self.coins[s] > 0:
                self.give(s)
            else:
                for o in _ccw_after(s, n):
                    self.take(o)

    def mistake(self, s: int) -> None:
        n = len(self.coins)
        had = min(self.coins[s], K.MISTAKE)
        for _ in range(had):
            self.give(s)
        for _ in range(K.MISTAKE - had):
            for o in _ccw_after(s, n):
                self.take(o)

    def value(self, me: int) -> float:
        """My win chance, plus a little per coin of lead (a seat far behind still prefers
        to gain)."""
        lead = self.coins[me] - max(c for s, c in enumerate(self.coins) if s != me)
        return win_chance(self.coins, 0 if self.over else self.treasury, me) + LEAD_WEIGHT * lead


class Table:
    """Everything one decision needs, computed once from the observation."""

    def __init__(self, obs: Any, knobs: Knobs = DEFAULT):
        self.obs = obs
        self.knobs = knobs
        self.me = obs.seat
        self.n = obs.players
        self.owned = obs.owned
        self.w = belief(obs, knobs)
        self.P = marginals(self.w)
        self.know = knowledge(obs)
        self.rates = challenge_rates(obs, knobs)
        self.base = Purse(obs.coins, obs.treasury)
        self.v0 = self.base.value(self.me)
        self.lam = knobs.future * stay_chance(obs, knobs)
        self._mf: float | None = None
        self._memo: dict[tuple, Any] = {}       # the pure functions of this table, once each

    @property
    def mine(self) -> int:
        return self.owned[self.me]

    # the effect of a claim that stands (its acts chosen as the claimant would)
    def effects(self, seat: int, c: int, to_king: bool = False) -> list[tuple[float, Purse]]:
        """(probability, purse) after ``seat``'s ``c`` acts."""
        n, me = self.n, self.me
        p = self.base.copy()
        if to_king:
            p.take(seat, K.MINISTER_TAKES)
            return [(1.0, p)]
        if c == KING:
            p.take(seat, K.KING_TAKES)
            return [(1.0, p)]
        if c == THIEF:
            for side in (K.right_of(seat, n), K.left_of(seat, n)):
                if p.coins[side] > 0:
                    p.transfer(side, seat)
                else:
                    p.take(seat)
            return [(1.0, p)]
        if c == SHERIFF:
            for s in K.seats_after(seat, n):
                p.give(s)
            t = self.sheriff_target(seat, p)
            if p.coins[t] > 0:
                p.give(t)
            return [(1.0, p)]
        if c == EXECUTIONER:
            if seat == me:
                t, name, pr = self.best_execution()
                q = p.copy()
                q.transfer(t, seat, q.coins[t])
                return [(pr, q), (1 - pr, p)]
            others = [s for s in range(n) if s != seat]
            t = max(others, key=lambda s: (p.coins[s], s == me))
            pr = self.knobs.exec_guess
            if t == me:
                pr = max(pr, max(self.P[self.mine]) if self.knows(seat, self.mine) else pr)
            q = p.copy()
            q.transfer(t, seat, q.coins[t])
            return [(pr, q), (1 - pr, p)]
        return [(1.0, p)]               # Minister: no coins now

    def knows(self, seat: int, spot: int) -> bool:
        return spot in self.know[seat]

    def sheriff_target(self, seat: int, p: Purse) -> int:
        others = [s for s in range(self.n) if s != seat and p.coins[s] > 0] or \
                 [s for s in range(self.n) if s != seat]
        if seat == self.me:
            return max(others, key=lambda s: (p.coins[s], -s))
        return max(others, key=lambda s: (p.coins[s], s == self.me))

    def best_execution(self) -> tuple[int, int, float]:
        """(target, name, chance) with the best chance × win-chance gain for me."""
        got = self._memo.get(("x",))
        if got is None:
            got = self._memo[("x",)] = self._best_execution()
        return got

    def _best_execution(self) -> tuple[int, int, float]:
        best, key = None, None
        for t in range(self.n):
            if t == self.me:
                continue
            sp = self.owned[t]
            c = max(range(COUNT), key=lambda x: self.P[sp][x])
            pr = self.P[sp][c]
            q = self.base.copy()
            q.transfer(t, self.me, q.coins[t])
            gain = pr * (q.value(self.me) - self.v0)
            k = (gain, pr, self.base.coins[t], -t)
            if key is None or k > key:
                best, key = (t, c, pr), k
        assert best is not None
        return best

    def ev_effect(self, seat: int, c: int, to_king: bool = False) -> float:
        key = ("e", seat, c, to_king)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._ev_effect(seat, c, to_king)
        return got

    def _ev_effect(self, seat: int, c: int, to_king: bool) -> float:
        return sum(pr * p.value(self.me) for pr, p in self.effects(seat, c, to_king))

    def ev_effect_paid(self, seat: int, c: int, payer: int, to_king: bool = False) -> float:
        key = ("p", seat, c, payer, to_king)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._ev_effect_paid(seat, c, payer, to_king)
        return got

    def _ev_effect_paid(self, seat: int, c: int, payer: int, to_king: bool) -> float:
        out = 0.0
        for pr, p in self.effects(seat, c, to_king):
            q = p.copy()
            q.pay(payer)
            out += pr * q.value(self.me)
        return out

    # my claims
    def chal_probs(self, spot: int, knowers: Iterable[int] | None = None) -> tuple[float, float, int]:
        """(P(challenged | true), P(challenged | false), the likely challenger) for a claim
        of mine on ``spot``."""
        kn = None if knowers is None else frozenset(knowers)
        key = ("c", spot, kn)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._chal_probs(spot, kn)
        return got

    def _chal_probs(self, spot: int, knowers: Iterable[int] | None) -> tuple[float, float, int]:
        kn = set(knowers) if knowers is not None else {s for s in range(self.n) if s != self.me
                                                        and self.knows(s, spot)}
        no_t = no_f = 1.0
        first = None
        for s in _ccw_after(self.me, self.n):
            if s in kn:
                no_t *= 1 - self.knobs.knower_false_chal
                no_f *= 1 - self.knobs.knower_chal
            else:
                no_t *= 1 - self.rates[s]
                no_f *= 1 - self.rates[s]
            if first is None:
                first = s
        return 1 - no_t, 1 - no_f, first if first is not None else 0

    def claim_value(self, c: int, q: Sequence[float], knowers: Iterable[int] | None = None,
                    to_king: bool = False) -> float:
        """Expected win chance after I claim ``c`` holding a card distributed as ``q``."""
        kn = None if knowers is None else frozenset(knowers)
        key = ("v", c, tuple(q), kn, to_king)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._claim_value(c, q, kn, to_king)
        return got

    def _claim_value(self, c: int, q: Sequence[float], knowers: frozenset[int] | None, to_king: bool) -> float:
        me = self.me
        if c == PEASANT:
            bad = self.base.copy()
            bad.mistake(me)
            vb = bad.value(me)
            good = self.base.copy()
            good.take(me, good.treasury)
            pr = self.peasant_chance()
            return q[PEASANT] * (pr * good.value(me) + (1 - pr) * vb) + (1 - q[PEASANT]) * vb
        pt, pf, who = self.chal_probs(self.mine, knowers)
        v_eff = self.ev_effect(me, c, to_king)
        v_paid = self.ev_effect_paid(me, c, who, to_king)
        if c == MINISTER and not to_king:       # the swap: the best card into my spot, unseen
            extra = self.minister_future()
            v_eff += extra
            v_paid += extra
        qc = q[c]
        return qc * ((1 - pt) * v_eff + pt * v_paid) + (1 - qc) * ((1 - pf) * v_eff + pf * self.v0)

    def minister_future(self) -> float:
        if self._mf is None:
            sp = self.mine
            self._mf = self.lam * max(self._future_plain(self.P[x]) for x in range(SPOTS) if x != sp)
        return self._mf

    def _future_plain(self, q: Sequence[float]) -> float:
        """``future`` for a card nobody else knows, leaving the Minister out (no recursion)."""
        vals = [self.claim_value(c, q, ()) for c in range(COUNT) if c != MINISTER]
        return max(0.0, max(vals) - self.v0)

    def peasant_chance(self) -> float:
        """The chance that my best naming is all right, if I hold the Peasant."""
        got = self._memo.get(("n",))
        if got is None:
            got = self._memo[("n",)] = self._peasant_chance()
        return got

    def _peasant_chance(self) -> float:
        sp = self.mine
        tot = best = 0.0
        for a, v in self.w.items():
            if a[sp] == PEASANT:
                tot += v
                best = max(best, v)
        return best / tot if tot > 0 else 0.0

    def best_claim(self, q: Sequence[float], knowers: Iterable[int] | None = None) -> tuple[int, float]:
        vals = [(self.claim_value(c, q, knowers), c) for c in range(COUNT)]
        v, c = max(vals)
        return c, v

    def future(self, q: Sequence[float], knowers: Iterable[int] | None = None) -> float:
        """What holding a card distributed as ``q`` is worth next turn (win chance gained)."""
        _c, v = self.best_claim(q, knowers)
        return max(0.0, v - self.v0)


def point(c: int) -> list[float]:
    q = [0.0] * COUNT
    q[c] = 1.0
    return q


# -- 4. decisions ------------------------------------------------------------------------------
def turn_options(t: Table) -> list[tuple[float, Action]]:
    me, sp = t.me, t.mine
    q = t.P[sp]
    kn_now = [s for s in range(t.n) if s != me and t.knows(s, sp)]
    keep = t.lam * t.future(q, kn_now)
    out: list[tuple[float, Action]] = []
    for c in range(COUNT):
        v = t.claim_value(c, q, kn_now) - t.v0
        out.append((v + (keep if c != PEASANT else 0.0), K.claim(me, c)))
    run = 0
    for rec in reversed(t.obs.history):
        if rec.kind != "move":
            break
        run += 1
    stall = t.knobs.stall_factor if run >= t.knobs.stall_moves * t.n else 1.0
    # the others turned the ring back after my last moves: chasing a card round the ring again
    # only goes back and forth (and drags the game on), so a claim or a look is worth more now
    stall *= t.knobs.undone_factor ** undone(t.obs)
    for d, sh in K.DIRECTIONS.items():
        src = (sp - sh) % SPOTS
        kn = [s for s in range(t.n) if s != me and t.knows(s, src)]
        out.append((stall * t.lam * t.future(t.P[src], kn), K.move(me, d)))
    # look: pay, then next turn's claim with certainty (nobody else learns anything)
    paid = t.base.copy()
    paid.pay(me)
    cost = t.v0 - paid.value(me)
    if max(q) < 0.999:
        fut = sum(q[c] * t.future(point(c), kn_now) for c in range(COUNT) if q[c] > 0)
        out.append((t.lam * fut - cost, K.look(me)))
    else:
        out.append((keep - cost - 0.01, K.look(me)))
    return out


def undone(obs: Any) -> int:
    """How many of my last turns in a row were moves that the others turned back before my next
    turn (every card back where it was before my move)."""
    count = net = 0
    for rec in reversed(obs.history):
        if rec.kind == "move":
            net += rec.shift
        if rec.seat != obs.seat or not (rec.kind in ("move", "look") or (rec.kind == "claim" and rec.other < 0)):
            continue
        if rec.kind != "move" or net % SPOTS:
            return count                # my turn: not a move, or a move that still holds
        count, net = count + 1, 0
    return count


def claim_truth(t: Table, seat: int, spot: int, c: int) -> float:
    """The chance that ``seat``'s open claim of ``c`` is true, from my belief (the claim
    itself left out) and whether the claimant knows its own card."""
    b = t.P[spot][c]
    if b <= 0.0 or b >= 1.0:
        return b
    L = t.knobs.own_know if t.knows(seat, spot) else t.knobs.guess_know
    return L * b / (L * b + 1 - b)


def decide_challenge(t: Table) -> bool:
    obs = t.obs
    seat, c = obs.claimant, obs.claim
    spot = t.owned[seat]
    pt = claim_truth(t, seat, spot, c)
    v_pass = t.ev_effect(seat, c, obs.to_king)
    v_true = t.ev_effect_paid(seat, c, t.me, obs.to_king)
    v_chal = pt * v_true + (1 - pt) * t.v0
    return v_chal > v_pass + t.knobs.min_gain


def decide_minister_claim(t: Table) -> bool:
    q = t.P[t.mine]
    v = t.claim_value(MINISTER, q, None, to_king=True)
    return v > t.v0


def minister_act(t: Table) -> Action:
    me, sp = t.me, t.mine
    kn = {}
    for x in range(SPOTS):
        kn[x] = [s for s in range(t.n) if s != me and t.knows(s, x)]
    here = t.future(t.P[sp], kn[sp])
    best = (here, -1)
    for x in range(SPOTS):
        if x == sp:
            continue
        v = t.future(t.P[x], [])            # after a secret swap nobody else knows my spot
        if v > best[0] + 1e-9:
            best = (v, x)
    if best[1] >= 0:
        return K.minister(me, sp, best[1], True)
    # keep my card; blur the spot the others know best (a fake swap with my own spot)
    other = max((x for x in range(SPOTS) if x != sp), key=lambda x: (len(kn[x]), -x))
    return K.minister(me, sp, other, False)


def name_act(t: Table) -> Action:
    sp = t.mine
    arr = max((a for a in t.w if a[sp] == PEASANT), key=lambda a: (t.w[a], a), default=None)
    if arr is None:
        arr = max(t.w, key=lambda a: (t.w[a], a))
    names: list[int | None] = [None if s == sp else arr[s] for s in range(SPOTS)]
    return K.name(t.me, names)


def peek_act(obs: Any, rng: Rng) -> Action:
    me = obs.seat
    sp = obs.owned[me]
    near = [(sp + 1) % SPOTS, (sp - 1) % SPOTS, (sp + 3) % SPOTS]
    owned = [x for x in near if x in obs.owned]
    pool = owned or near
    return K.peek(me, pool[rng.randbelow(len(pool))])


def choose(obs: Any, legal: Any, rng: Rng, knobs: Knobs = DEFAULT) -> Action:
    """The heuristic's action (see the module docstring)."""
    me = obs.seat
    ph = obs.phase
    if ph == K.PEEK:
        return peek_act(obs, rng)
    t = Table(obs, knobs)
    if ph == K.TURN:
        opts = turn_options(t)
        noise = knobs.long_noise if obs.turns > knobs.long_game else knobs.noise
        scored = [(v + noise * rng.random(), i) for i, (v, _a) in enumerate(opts)]
        return opts[max(scored)[1]][1]
    if ph == K.CHALLENGE:
        return K.challenge(me) if decide_challenge(t) else K.pass_(me)
    if ph == K.MINISTERS:
        return K.claim_minister(me) if decide_minister_claim(t) else K.pass_(me)
    if ph == K.NAME:
        return name_act(t)
    # ACT
    if obs.claim == MINISTER:
        return minister_act(t)
    if obs.claim == EXECUTIONER:
        tg, c, _pr = t.best_execution()
        return K.execute(me, tg, c)
    return K.sheriff(me, t.sheriff_target(me, t.base))


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, knobs: Knobs = DEFAULT):
        self.knobs = knobs
        self.fallbacks = 0

    def act(self, obs: Any, legal: Any, rng: Rng) -> Action:
        a = choose(obs, legal, rng, self.knobs)
        if a in legal:
            return a
        self.fallbacks += 1
        return legal.sample(rng)


__all__ = ["DEFAULT", "HeuristicAgent", "Knobs", "Table", "belief", "choose", "knowledge", "marginals",
           "win_chance"]
