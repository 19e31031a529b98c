"""Boss Quest agents (RULINGS.md section 4): the heuristic.

The agent sees only its :class:`~game.rules.bossquest.BQObservation`: its own hidden
weapon and strength, every face-up weapon, the announced "over the HP" flags, the
hidden weapons it learnt (swaps, public deck tops), the Magician's row, the active
spells and the results of the rounds fought so far.  It never reads the state and
keeps no memory between calls; a decision is a pure function of ``obs`` (the rng is
not used).

**What is unseen** (:func:`unseen_counts`).  Every weapon that is not face up, not my
hidden weapon, not a hidden weapon I know and not a deck top I know is in someone's
hidden hand or in the deck.  A draw is taken from them (by value, with replacement:
an approximation), except for the deck tops I know, which come first.

**The others' final strength** (:class:`Table`).  A hidden weapon I do not know is a
draw from the unseen values that agrees with the seat's public "over" flag; a seat
that went to the Magician without being over probably stopped near the HP (its
values are weighted by a stop likelihood).  A seat still equipping keeps drawing
(a Markov chain on its strength): it stops once within ``stop_at`` of the HP, and
otherwise stops anyway with a hazard ``h`` read from its past results (a seat that
often ended far from the HP, like a random player, stops early).  Colour conditions
are met with the chance its visible weapons and the unseen colours give.

**A round's value** (:meth:`Table.values`).  From every seat's outcome distribution
(out, or in at distance d) the chance that each seat wins the round (ties: fewest
weapons when both counts are final, else half), with "second-closest wins" read
approximately.  My value: win keys (2 with "extra key") + 1 for a PERFECT − the cost
of a lost heart (game-losing on my last heart, nothing under "no heart lost"); minus
each opponent's win chance weighted by its keys (the leader weighs most); plus or
minus the end of the game when an opponent on its last heart busts (good when I
would then win, bad otherwise).

**Equip or go to the Magician.**  ``equip n`` is valued by a small dynamic programme
over my strength: after the n weapons I may stop or draw again, one at a time (not when I am the
last one equipping or it is a "Last turn!" action: then I stop), and a bust is the
bust value.  A Magician visit is valued by applying the spell's effect to the table
(my strength, an opponent's strength, the HP, a swap or an exchange in expectation,
a rule for the round, a cancel, a "Last turn!" that gives the others one last
action; the mystery spell as the mean of its best use over the unseen spells) and
re-valuing the round.  Discarding a spell is worth the harm an opponent could still
do with it (``deny``).  The agent plays the legal action with the best value.

**Speed (issue 16).**  A decision keeps what it works out by its inputs: the fields by
their changes, an opponent's row by its start relative to the HP, the beats summed only
as far as asked, the equip programme's states.  Across decisions, by the unseen counts
(so the same draw chances), :class:`_Kept` keeps the sums of draws, the chains of a seat
still equipping and the hidden weapons' distributions; the hazards are kept with their
tuple of past rounds.  Every kept value is a pure function of its key, and the float
operations are the first version's, in its order: the same values, the same choices
(``tests/test_ai_bossquest.py`` checks each kept value against a fresh computation).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Sequence

from game.core.actions import Action
from game.core.rng import Rng
from game.rules import bossquest as B
from game.rules.bossquest import (COLOURS, FULL_SPELLS, MYSTERY, N_WEAPONS, SPELLS,
                                  WEAPON_INDEX, WEAPONS)

DMAX = 26            # distances are kept in 0..DMAX (farther counts as DMAX)


@dataclass(frozen=True)
class Knobs:
    """Tuning constants (measured with ``crowntable simulate``, see docs/drafts/bossquest_AI.md)."""

    stop_at: int = 3            # a seat still equipping stops within this distance of the HP
    hazard: float = 0.05        # ... and otherwise stops anyway with this chance (prior)
    far_hazard: float = 0.8     # ... raised towards this by its past far-off results
    heart: tuple[float, float, float] = (4.0, 0.55, 0.35)   # cost of a bust with 1, 2, 3+ hearts left
    lead: float = 0.25          # an opponent's round win, weighed by 0.5 + its keys / goal
    end: float = 2.0            # an opponent busting on its last heart ends the game
    deny: float = 0.35          # a discard is worth this share of the harm the spell could do me
    cut: float = 0.08           # the chance the round is cut before my next turn (per Last turn! left)
    fast: bool = False          # rollouts: the mystery spell is worth a constant, no discard is a denial


DEFAULT = Knobs()


# -- counting ------------------------------------------------------------------------------
def unseen_weapons(obs: Any) -> list[int]:
    seen = {c for f in obs.face_up for c in f}
    seen |= {c for c in obs.hidden if c is not None}
    seen |= {c for c in obs.deck_top if c is not None}
    return [c for c in range(N_WEAPONS) if c not in seen]


def unseen_counts(obs: Any) -> list[int]:
    """How many unseen weapons of each value (index 1..7)."""
    out = [0] * 8
    for c in unseen_weapons(obs):
        out[WEAPONS[c].value] += 1
    return out


def modifier(active: Sequence[Any], seat: int) -> int:
    return sum(SPELLS[a.card].delta for a in active if a.target == seat and SPELLS[a.card].effect == "strength")


def boss_delta(active: Sequence[Any]) -> int:
    return sum(SPELLS[a.card].delta for a in active if SPELLS[a.card].effect == "boss")


def _norm(w: dict[int, float]) -> dict[int, float]:
    t = sum(w.values())
    return {k: v / t for k, v in w.items()} if t > 0 else {}


def sum_dist(p: Sequence[float], n: int, fixed: Sequence[int] = ()) -> dict[int, float]:
    """The distribution of the sum of ``n`` draws: the ``fixed`` values first, then draws
    by value with the chances ``p`` (index 1..7)."""
    dist = {0: 1.0}
    for k in range(n):
        nxt: dict[int, float] = {}
        if k < len(fixed):
            v = fixed[k]
            for s, q in dist.items():
                nxt[s + v] = nxt.get(s + v, 0.0) + q
        else:
            for s, q in dist.items():
                for v in range(1, 8):
                    if p[v] > 0:
                        nxt[s + v] = nxt.get(s + v, 0.0) + q * p[v]
        dist = nxt
    return dist


_VALUE: tuple[int, ...] = tuple(w.value for w in WEAPONS)
_COLOUR: tuple[str, ...] = tuple(w.colour for w in WEAPONS)

#: id(results) -> (results, {(hazard, far_hazard): {seat: hazard}}): the results are kept
#: with their hazards, so a hit is the very same (immutable) tuple of past rounds
_HAZARDS: dict[int, tuple[Any, dict[tuple[float, float], dict[int, float]]]] = {}


def _hazards(results: Any, hazard: float, far_hazard: float) -> dict[int, float]:
    """How readily each seat stops far from the HP, from its past rounds (a seat with no
    row: ``hazard``): ``hazard + (far_hazard - hazard) * far / (rows + 2)``."""
    got = _HAZARDS.get(id(results))
    if got is None or got[0] is not results:
        if len(_HAZARDS) > 256:
            _HAZARDS.clear()
        got = _HAZARDS[id(results)] = (results, {})
    by = got[1].get((hazard, far_hazard))
    if by is None:
        rows: dict[int, int] = {}
        far: dict[int, int] = {}
        for r in results:
            for row in r.rows:
                s = row.seat
                rows[s] = rows.get(s, 0) + 1
                if row.status == "in" and row.distance is not None and row.distance >= 6:
                    far[s] = far.get(s, 0) + 1
                elif row.status == "out" and r.hp - row.strength >= 6:
                    far[s] = far.get(s, 0) + 1
        by = got[1][(hazard, far_hazard)] = {s: hazard + (far_hazard - hazard) * far.get(s, 0) / (k + 2)
                                             for s, k in rows.items()}
    return by


_ALL_COUNTS: tuple[int, ...] = tuple(sum(1 for w in WEAPONS if w.value == v) for v in range(8))
_ALL_COLOURS: dict[str, int] = {c: sum(1 for w in WEAPONS if w.colour == c) for c in COLOURS}


def _hidden_dist(counts: Sequence[int], known: int, over: bool, equipping: bool, hp: int) -> dict[int, float]:
    """The value of a hidden weapon I do not know (value -> chance): unseen, agreeing with
    the seat's "over" flag, and near the HP when the seat went to the Magician not over."""
    w = {}
    for v in range(1, 8):
        if not counts[v]:
            continue
        st = known + v
        if over != (st > hp):
            continue
        wt = float(counts[v])
        if not equipping and not over:
            d = hp - st
            wt *= 1.0 if d <= 3 else 0.55 ** (d - 3)
        w[v] = wt
    return _norm(w) or _norm({v: float(counts[v]) for v in range(1, 8) if counts[v]}) or {4: 1.0}


class _Kept:
    """What a decision can keep for the next ones with the same unseen counts (so the same
    draw chances): the sums of draws (:func:`sum_dist`'s dictionaries, by the fixed values
    and the number of draws) and the chains of a seat still equipping (:func:`_chain`'s
    dictionaries, relative to the HP, by their start, hazard and number of steps).  Pure
    functions of their keys; ``tests/test_ai_bossquest.py`` checks every kept value."""

    __slots__ = ("pv", "sums", "chains", "hidden")

    def __init__(self, pv: tuple[tuple[int, float], ...]):
        self.pv = pv
        self.sums: dict[tuple[tuple[int, ...], int], dict[int, float]] = {}
        self.chains: dict[Any, dict[int, float]] = {}
        #: (known, over, equipping, HP) -> :func:`_hidden_dist` (never changed in place)
        self.hidden: dict[tuple[int, bool, bool, int], dict[int, float]] = {}


#: unseen counts -> :class:`_Kept`; emptied when it holds more than ``_KEPT_MAX`` values
_KEPT: dict[tuple[int, ...], _Kept] = {}
_KEPT_MAX = 5000
_kept_size = [0]


def _kept(counts: tuple[int, ...], p: Sequence[float]) -> _Kept:
    got = _KEPT.get(counts)
    if got is None:
        if _kept_size[0] > _KEPT_MAX:
            _KEPT.clear()
            _kept_size[0] = 0
        got = _KEPT[counts] = _Kept(tuple((v, p[v]) for v in range(1, 8) if p[v] > 0))
    return got


def _sums_of(kept: _Kept, fixed: tuple[int, ...], n: int) -> dict[int, float]:
    """``sum_dist(p, n, fixed)``, each prefix kept (the same steps in the same order)."""
    fixed = fixed[:n]
    key = (fixed, n)
    got = kept.sums.get(key)
    if got is not None:
        return got
    if n == 0:
        dist = {0: 1.0}
    else:
        prev = _sums_of(kept, fixed, n - 1)
        dist = {}
        get = dist.get
        if n - 1 < len(fixed):
            v = fixed[n - 1]
            for s, q in prev.items():
                dist[s + v] = get(s + v, 0.0) + q
        else:
            for s, q in prev.items():
                for v, pq in kept.pv:
                    t = s + v
                    dist[t] = get(t, 0.0) + q * pq
    kept.sums[key] = dist
    _kept_size[0] += 1
    return dist


def _chain(start: dict[int, float], hazard: float, hp: int, steps: int, stop_at: int,
           pv: Sequence[tuple[int, float]]) -> dict[int, float]:
    """A seat still equipping from the strengths ``start``: it stops within ``stop_at`` of the
    HP (or over it), else with the chance ``hazard``, else draws a value ``v`` with the chance
    ``pv`` gives; ``steps`` draws at most (then it stops).  Its final strength's distribution
    (:func:`_chain_plain`; :func:`_chain_dense` when it gives the very same dictionary)."""
    if len(pv) == 7 and 0.01 <= hazard <= 0.99:
        prev = None
        for s, q in start.items():
            if (prev is not None and s <= prev) or not q >= 1e-200:
                break
            prev = s
        else:
            return _chain_dense(start, hazard, min(hp + 1, hp - stop_at), steps, pv)
    return _chain_plain(start, hazard, hp, steps, stop_at, pv)


def _chain_dense(start: dict[int, float], hazard: float, lim: int, steps: int,
                 pv: Sequence[tuple[int, float]]) -> dict[int, float]:
    """:func:`_chain_plain` on lists, for a ``start`` in increasing order with no tiny chance,
    every value 1..7 drawable and ``0.01 <= hazard <= 0.99``.  Then every strength reached has
    a chance > 0 (so 0.0 marks one not reached), each step's strengths come in increasing
    order (the plain chain's dictionaries are in that order), each strength's chance adds the
    same terms in the same order, and the result's keys come in the plain chain's order: by
    the step that first reached them, then increasing."""
    p1, p2, p3, p4, p5, p6, p7 = (pq for _v, pq in pv)
    lo = next(iter(start))
    hi = max(max(start), lim + 6)
    size = hi - lo + 8
    live = [0.0] * size
    for s, q in start.items():
        live[s - lo] = q
    final = [0.0] * size
    reached = [False] * size
    order: list[int] = []
    li = lim - lo                       # an index >= li stops
    a, b = 0, hi - lo                   # live indices lie in a..b
    for k in range(steps + 1):
        if k == steps:
            li = 0                      # out of steps: every live strength is final
        nxt = [0.0] * size
        src = False
        for i in range(a, b + 1):
            q = live[i]
            if q == 0.0:
                continue
            if not reached[i]:
                reached[i] = True
                order.append(i)
            if i >= li:
                final[i] = final[i] + q
                continue
            src = True
            stop = q * hazard
            final[i] = final[i] + stop
            go = q - stop
            nxt[i + 1] += go * p1
            nxt[i + 2] += go * p2
            nxt[i + 3] += go * p3
            nxt[i + 4] += go * p4
            nxt[i + 5] += go * p5
            nxt[i + 6] += go * p6
            nxt[i + 7] += go * p7
        live = nxt
        if not src:
            return {lo + i: final[i] for i in order}
        a, b = a + 1, min(b, li - 1) + 7
    raise AssertionError("unreachable: the last pass moves no chance on")


def _chain_plain(start: dict[int, float], hazard: float, hp: int, steps: int, stop_at: int,
                 pv: Sequence[tuple[int, float]]) -> dict[int, float]:
    """:func:`_chain` with dictionaries (the reference)."""
    final: dict[int, float] = {}
    live = start
    lim = min(hp + 1, hp - stop_at)         # d < 0 or d <= stop_at, with d = hp - s
    fget = final.get
    for _k in range(steps):
        nxt: dict[int, float] = {}
        nget = nxt.get
        for s, q in live.items():
            if s >= lim:
                final[s] = fget(s, 0.0) + q
                continue
            stop = q * hazard
            if stop:
                final[s] = fget(s, 0.0) + stop
            go = q - stop
            for v, pq in pv:
                t = s + v
                nxt[t] = nget(t, 0.0) + go * pq
        live = nxt
        if not live:
            break
    for s, q in live.items():
        final[s] = fget(s, 0.0) + q
    return final


class _Beats:
    """Per opponent (rows as :meth:`Table._row` gives them): the cumulative P(it is at
    distance < d and beats every other opponent), without "second": ``prefix(i, n)[d]`` for
    d <= n, summed from d = 0 as far as asked (the first time; all of it the next)."""

    __slots__ = ("rows", "cums", "whole")

    def __init__(self, rows: Sequence[tuple[Any, ...]], whole: bool = False):
        self.rows = rows
        self.cums: list[list[float] | None] = [None] * len(rows)
        self.whole = whole          # sum all of it at once (a field asked many times)

    def prefix(self, i: int, n: int) -> list[float]:
        cum = self.cums[i]
        if cum is not None and len(cum) > n:
            return cum
        if cum is not None or self.whole:
            n = DMAX + 1
        rows = self.rows
        arr = rows[i][1]
        others = [(r[2], r[1]) for j, r in enumerate(rows) if j != i]     # (P(> d), P(d))
        if n <= DMAX:
            arr = arr[:n]
        # q * (P(> d) + P(d) / 2) for each other opponent in turn; a distance where it has no
        # chance adds 0.0 * ... = +-0.0 to a sum that is never -0.0: the same sums as adding
        # nothing there
        if not others:
            vals = arr
        elif len(others) == 1:
            (g1, a1), = others
            vals = [q * (x1 + 0.5 * y1) for q, x1, y1 in zip(arr, g1, a1)]
        elif len(others) == 2:
            (g1, a1), (g2, a2) = others
            vals = [q * (x1 + 0.5 * y1) * (x2 + 0.5 * y2) for q, x1, y1, x2, y2 in zip(arr, g1, a1, g2, a2)]
        elif len(others) == 3:
            (g1, a1), (g2, a2), (g3, a3) = others
            vals = [q * (x1 + 0.5 * y1) * (x2 + 0.5 * y2) * (x3 + 0.5 * y3)
                    for q, x1, y1, x2, y2, x3, y3 in zip(arr, g1, a1, g2, a2, g3, a3)]
        else:
            vals = []
            for d, q in enumerate(arr):
                for g, a in others:
                    q *= g[d] + 0.5 * a[d]
                vals.append(q)
        cum = self.cums[i] = list(accumulate(vals, initial=0.0))
        return cum


# -- the table as I see it -----------------------------------------------------------------
@dataclass(slots=True)
class Seat:
    """One opponent: its known part, its hidden weapon's value distribution, and whether
    it still equips."""

    seat: int
    known: int                          # face-up values + its strength spells
    hidden: dict[int, float]            # value -> chance
    equipping: bool
    cards: int                          # weapons now (final unless equipping)
    face: tuple[int, ...]               # weapon ids I can see (face up, and the hidden one if known)
    hazard: float


@dataclass
class Field:
    """The round as my value sees it: the HP, the conditions and rules, and each opponent's
    (seat, P(distance d), P(distance > d), P(distance < d), final weapon count or None, P(bust));
    P(distance < d) is there under "second" only (None otherwise)."""

    hp: int
    conditions: list[int]
    second: bool
    extra: bool
    no_heart: bool
    opp: list[tuple[int, list[float], list[float], list[float], int | None, float]]
    #: per opponent: cumulative P(it is at distance < d and beats every other opponent) (no "second")
    beats: "_Beats | None" = None


class Table:
    """Everything one decision needs, computed once from the observation."""

    def __init__(self, obs: Any, knobs: Knobs = DEFAULT):
        self.obs = obs
        self.k = knobs
        self.me = obs.seat
        n = obs.players
        self.n = n
        self.hp = obs.boss_hp
        seen = {c for f in obs.face_up for c in f}
        seen.update(obs.hidden)
        seen.update(obs.deck_top)
        seen.discard(None)
        counts = list(_ALL_COUNTS)
        by_colour = dict(_ALL_COLOURS)
        for c in seen:
            counts[_VALUE[c]] -= 1
            by_colour[_COLOUR[c]] -= 1
        n_unseen = N_WEAPONS - len(seen)
        self.counts = counts
        tot = sum(counts)
        self.p = [c / tot if tot else 0.0 for c in counts]
        self.colour_share = {c: (by_colour[c] / n_unseen if n_unseen else 0.0) for c in COLOURS}
        self.deck_fixed = []
        for c in obs.deck_top:
            if c is None:
                break
            self.deck_fixed.append(_VALUE[c])
        me = self.me
        self.my_weapons = (obs.hidden[me],) + tuple(obs.face_up[me])
        self.my_strength = obs.strength
        self.last = obs.last_turn is not None
        self.opps: list[Seat] = []
        hp = self.hp
        hazards = _hazards(obs.results, knobs.hazard, knobs.far_hazard)
        self._kept = kept = _kept(tuple(counts), self.p)
        hids = kept.hidden
        active = obs.active
        for s in range(n):
            if s == me:
                continue
            up = obs.face_up[s]
            known = sum(_VALUE[c] for c in up) + (modifier(active, s) if active else 0)
            equipping = obs.status[s] == "equip"
            if obs.hidden[s] is not None:
                hid = {_VALUE[obs.hidden[s]]: 1.0}
                face = (obs.hidden[s],) + tuple(up)
            else:
                over = obs.over[s]
                hkey = (known, over, equipping, hp)
                hid = hids.get(hkey)
                if hid is None:
                    hid = hids[hkey] = _hidden_dist(counts, known, over, equipping, hp)
                    _kept_size[0] += 1
                face = tuple(up)
            self.opps.append(Seat(s, known, hid, equipping, 1 + len(up), face, hazards.get(s, knobs.hazard)))
        goal = obs.keys_to_win
        self.lead_w = {o.seat: knobs.lead * (0.5 + obs.keys[o.seat] / goal) for o in self.opps}
        self._fields: dict[Any, Field] = {}
        self._dp: dict[tuple[int, int], float] = {}
        self._sum_cache: dict[int, dict[int, float]] = {}
        self._stops: dict[tuple[int, int], float] = {}
        self._equip_setup: tuple[bool, float, Field, bool] | None = None
        self._end: float | None = None
        self._bust = -knobs.heart[min(2, max(0, obs.hearts[me] - 1))]
        self._one: tuple[tuple[int, float], ...] | None = None
        self._fixed = tuple(self.deck_fixed)
        self._pv = kept.pv
        self._rows: dict[Any, Any] = {}
        self._beats: dict[Any, _Beats] = {}
        self._active = ({SPELLS[a.card].effect for a in active},
                        tuple(a.card for a in active if SPELLS[a.card].effect in ("colour", "two_colour")))
        done = [o.cards for o in self.opps if not o.equipping]
        # my weapon count matters only against the final counts of the seats that are done
        self._tie_band = (min(done) - 1, max(done) + 1) if done else (0, 0)

    def _hazard(self, s: int) -> float:
        """How readily seat ``s`` stops far from the HP, from its past rounds."""
        return _hazards(self.obs.results, self.k.hazard, self.k.far_hazard).get(s, self.k.hazard)

    # -- an opponent's final strength
    def final_strength(self, o: Seat, hp: int, shift: int = 0, hidden: dict[int, float] | None = None,
                       last: bool = False) -> dict[int, float]:
        """Seat ``o``'s final strength: value -> chance (see the module docstring)."""
        return {r + hp: q for r, q in self._final_rel(o, hp, shift, hidden, last).items()}

    def _start(self, o: Seat, hp: int, shift: int, hidden: dict[int, float] | None,
               last: bool) -> tuple[dict[int, float], tuple[Any, ...]]:
        """Seat ``o``'s strength now less ``hp`` (value -> chance), and the key of its final
        strength (the start; the hazard and steps while it equips)."""
        start: dict[int, float] = {}
        base = o.known + shift - hp
        for v, q in (hidden or o.hidden).items():
            s = base + v
            start[s] = start.get(s, 0.0) + q
        if not o.equipping:
            return start, (tuple(start.items()),)
        return start, (tuple(start.items()), o.hazard, 1 if last or self.last else 8, self.k.stop_at)

    def _final_rel(self, o: Seat, hp: int, shift: int, hidden: dict[int, float] | None,
                   last: bool) -> dict[int, float]:
        """:meth:`final_strength` with its strengths less ``hp`` (the same steps in the same order)."""
        start, key = self._start(o, hp, shift, hidden, last)
        if not o.equipping:
            return start
        return _chain(start, key[1], 0, key[2], key[3], self._pv)

    def meet_chance(self, o: Seat, conditions: Sequence[int]) -> float:
        """The chance that seat ``o`` meets every condition (its visible weapons, then its
        unknown hidden weapon and, while it equips, about two more draws)."""
        out = 1.0
        cols = [WEAPONS[w].colour for w in o.face]
        draws = (1 if o.cards > len(o.face) else 0) + (2 if o.equipping else 0)
        for c in conditions:
            sp = SPELLS[c]
            if sp.effect == "colour":
                if sp.colour in cols:
                    continue
                q = self.colour_share.get(sp.colour, 0.0)
            else:
                if len(set(cols)) < len(cols):
                    continue
                q = sum(self.colour_share.get(x, 0.0) for x in set(cols))
            out *= 1 - (1 - q) ** draws
        return out

    # -- valuing a round
    def field(self, hp: int | None = None, shifts: dict[int, int] | None = None,
              hidden: dict[int, dict[int, float]] | None = None, active: Sequence[Any] | None = None,
              last: bool = False, rules: tuple[str, ...] = ()) -> "Field":
        """The opponents' outcome distributions and the round's rules after these changes."""
        if hp is None and shifts is None and hidden is None and active is None and not last and not rules:
            key = None
        else:
            key: Any = (hp, tuple(sorted(shifts.items())) if shifts else (),
                        tuple(sorted((k, tuple(sorted(v.items()))) for k, v in hidden.items())) if hidden else (),
                        None if active is None else tuple(active), last, rules)
        got = self._fields.get(key)
        if got is not None:
            return got
        hp = self.hp if hp is None else hp
        if active is None:
            effects, conditions = self._active
            effects = effects | set(rules)
            conditions = list(conditions)
        else:
            effects = {SPELLS[a.card].effect for a in active} | set(rules)
            conditions = [a.card for a in active if SPELLS[a.card].effect in ("colour", "two_colour")]
        if rules:
            conditions += [B.SPELL_INDEX[r[5:]] for r in rules if r.startswith("cond:")]
        conds = tuple(conditions)
        rows = self._rows
        opp: list[tuple[int, list[float], list[float], list[float], int | None, float]] = []
        rkeys = []
        for o in self.opps:
            shift = shifts.get(o.seat, 0) if shifts else 0
            hid = hidden.get(o.seat) if hidden else None
            # (a row depends on the HP and the shift only through shift - HP: see _row)
            rk = (o.seat, shift - hp, None if hid is None else tuple(sorted(hid.items())), last, conds)
            row = rows.get(rk)
            if row is None:
                row = rows[rk] = self._row(o, hp, shift, hid, last, conditions)
            rkeys.append(rk)
            opp.append(row)
        if "second" in effects:         # P(distance < d)
            opp = [(s, arr, gt, list(accumulate(arr[:-1], initial=0.0)), c, b) for s, arr, gt, _lt, c, b in opp]
        f = Field(hp, conditions, "second" in effects, "extra_key" in effects, "no_heart" in effects, opp)
        if not f.second:
            bk = tuple(rkeys)
            beats = self._beats.get(bk)
            if beats is None:
                beats = self._beats[bk] = _Beats(opp, key is None)
            f.beats = beats
        self._fields[key] = f
        return f

    def _row(self, o: Seat, hp: int, shift: int, hid: dict[int, float] | None, last: bool,
             conditions: list[int]) -> tuple[int, list[float], list[float], list[float] | None, int | None, float]:
        """One opponent's part of a :class:`Field` (seat, P(d), P(> d), P(< d), cards, P(bust));
        P(< d) is None here (:meth:`field` adds it under "second")."""
        start, ck = self._start(o, hp, shift, hid, last)
        meet = self.meet_chance(o, conditions) if conditions else 1.0
        dist = start
        if o.equipping:
            kept = self._kept
            dist = kept.chains.get(ck)
            if dist is None:
                dist = kept.chains[ck] = _chain(start, ck[1], 0, ck[2], ck[3], self._pv)
                _kept_size[0] += 1
        arr = [0.0] * (DMAX + 1)
        bust = 0.0
        for r, q in dist.items():
            if r > 0:
                bust += q
            else:
                arr[-r if r > -DMAX else DMAX] += q * meet
        out = 1.0 - sum(arr)
        gt = list(accumulate(arr[:0:-1], initial=out))
        gt.reverse()
        # P(< d) only under "second" (see field)
        return (o.seat, arr, gt, None, None if o.equipping else o.cards, bust)

    def my_part(self, f: "Field", s: int, c: int, meet: bool) -> float:
        """My own value of ending the round at strength ``s`` with ``c`` weapons."""
        if s > f.hp:
            if f.no_heart:
                return 0.0
            return self._bust
        if not meet:
            return 0.0
        d = min(DMAX, f.hp - s)
        keys = 2.0 if f.extra else 1.0
        return keys * self._win_me(f, d, c) + (1.0 if d == 0 else 0.0)

    def _win_me(self, f: "Field", d: int, c: int) -> float:
        if not f.second:
            v = 1.0
            for _s, arr, gt, _lt, cards, _b in f.opp:
                tie = 0.5 if cards is None else (1.0 if c <= cards else 0.0)
                v *= gt[d] + tie * arr[d]
            return v
        v = 0.0
        for y, oy in enumerate(f.opp):
            u = oy[3][d]
            for z, oz in enumerate(f.opp):
                if z != y:
                    u *= 1.0 - oz[3][d]
            v += u
        return v

    def values(self, s: int, c: int, ws: Sequence[int], full: bool = True, **changes: Any) -> float:
        """My value of the round's end (see the module docstring) with these ``changes``
        (see :meth:`field`)."""
        f = self.field(**changes)
        if not f.conditions:
            meet = True
        else:
            meet = all(B.BossQuest._meets(ws, x) for x in f.conditions) if ws else False
        value = self.my_part(f, s, c, meet)
        if not full:
            return value
        keys = 2.0 if f.extra else 1.0
        d_me = f.hp - s if (s <= f.hp and meet) else None
        beats = f.beats
        if beats is not None:           # (the loop below, without "second")
            lead_w = self.lead_w
            hearts = self.obs.hearts
            no_heart = f.no_heart
            for i, (seat, _arr, _gt, _lt, _cards, bust) in enumerate(f.opp):
                if d_me is None:
                    w = beats.prefix(i, DMAX + 1)[DMAX + 1]
                else:
                    cum = beats.prefix(i, d_me + 1)
                    w = cum[d_me] + 0.5 * (cum[d_me + 1] - cum[d_me])
                value -= lead_w[seat] * keys * w
                if not no_heart and hearts[seat] == 1 and bust > 0:
                    value += self.end_value() * bust
            return value
        for i, (seat, arr, _gt, lt, cards, bust) in enumerate(f.opp):
            w = 0.0
            if f.beats is not None:
                if d_me is None:
                    w = f.beats.prefix(i, DMAX + 1)[DMAX + 1]
                else:
                    cum = f.beats.prefix(i, d_me + 1)
                    w = cum[d_me] + 0.5 * (cum[d_me + 1] - cum[d_me])
            for d in (range(DMAX + 1) if f.beats is None else ()):
                q = arr[d]
                if q <= 0:
                    continue
                if not f.second:
                    v = 1.0
                    if d_me is not None:
                        v *= 1.0 if d_me > d else (0.0 if d_me < d else 0.5)
                    for j, oj in enumerate(f.opp):
                        if j != i:
                            v *= oj[2][d] + 0.5 * oj[1][d]
                else:
                    v = 0.0
                    better = [1.0 if (d_me is not None and d_me < d) else 0.0] + [oj[3][d] for j, oj in
                                                                                enumerate(f.opp) if j != i]
                    for y in range(len(better)):
                        u = better[y]
                        for z in range(len(better)):
                            if z != y:
                                u *= 1.0 - better[z]
                        v += u
                w += q * v
            value -= self.lead_w[seat] * keys * w
            if not f.no_heart and self.obs.hearts[seat] == 1 and bust > 0:
                value += self.end_value() * bust
        return value

    def end_value(self) -> float:
        """The game ending now (an opponent's last heart): + when I would win it, − otherwise."""
        if self._end is None:
            self._end = self._end_value()
        return self._end

    def _end_value(self) -> float:
        obs = self.obs
        me = self.me
        mine = (obs.keys[me], obs.hearts[me])
        best = max((obs.keys[s], obs.hearts[s]) for s in range(self.n) if s != me)
        if mine > best:
            return self.k.end
        if mine == best:
            return 0.3 * self.k.end
        return -self.k.end

    # -- equipping
    def equip_value(self, n: int) -> float:
        """My round value (my own part) if I ask for ``n`` weapons now and play on well."""
        hp = self.hp
        setup = self._equip_setup
        if setup is None:
            obs = self.obs
            lone = self.last or all(obs.status[s] != "equip" for s in range(self.n) if s != self.me)
            cut = 0.0 if lone else min(0.5, self.k.cut * self._last_turns_left())
            f = self.field()
            meet_now = all(B.BossQuest._meets(self.my_weapons, c) for c in f.conditions)
            setup = self._equip_setup = (lone, cut, f, meet_now)
        lone, cut, f, meet_now = setup
        memo = self._dp
        stops = self._stops
        lo, hi = self._tie_band
        my_part = self.my_part

        if meet_now:
            def stop(s: int, c: int) -> float:
                key = (s, lo if c < lo else (hi if c > hi else c))
                got = stops.get(key)
                if got is None:
                    got = stops[key] = my_part(f, s, c, True)
                return got
        else:
            conditions = f.conditions
            mine = len(self.my_weapons)
            gain = self._condition_gain

            def stop(s: int, c: int) -> float:
                key = (s, c)
                got = stops.get(key)
                if got is None:
                    q = gain(conditions, c - mine)
                    got = stops[key] = q * my_part(f, s, c, True) + (1 - q) * my_part(f, s, c, False)
                return got

        one = self._one
        if one is None:
            one = self._one = tuple(self._sums(1).items())
        keep = 1 - cut
        # over the HP, stop(s, c) is my_part's bust value when I meet the conditions now
        over = (0.0 if f.no_heart else self._bust) if meet_now else None

        def best(s: int, c: int) -> float:
            key = (s, lo if c < lo else (hi if c > hi else c))
            got = memo.get(key)
            if got is not None:
                return got
            v = stop(s, c)
            if s < hp:          # later draws: one weapon at a time (it never does worse)
                ev = 0.0
                c1 = c + 1
                for x, q in one:
                    t = s + x
                    if t > hp:
                        ev += q * (stop(t, c1) if over is None else over)
                    else:
                        ev += q * (keep * best(t, c1) + cut * stop(t, c1))
                if ev > v:      # max(v, ev)
                    v = ev
            memo[key] = v
            return v

        s0 = self.my_strength
        c = len(self.my_weapons) + n
        ev = 0.0
        for x, q in _sums_of(self._kept, self._fixed, n).items():
            s = s0 + x
            if s > hp:
                ev += q * (stop(s, c) if over is None else over)
            elif lone:
                ev += q * stop(s, c)
            else:
                ev += q * (keep * best(s, c) + cut * stop(s, c))
        return ev

    def _sums(self, k: int) -> dict[int, float]:
        got = self._sum_cache.get(k)
        if got is None:
            got = self._sum_cache[k] = _sums_of(self._kept, (), k)
        return got

    def _condition_gain(self, conditions: Sequence[int], draws: int) -> float:
        q = 1.0
        cols = [WEAPONS[w].colour for w in self.my_weapons]
        for c in conditions:
            sp = SPELLS[c]
            if sp.effect == "colour":
                if sp.colour in cols:
                    continue
                q *= 1 - (1 - self.colour_share.get(sp.colour, 0.0)) ** draws
            else:
                if len(set(cols)) < len(cols):
                    continue
                share = sum(self.colour_share.get(x, 0.0) for x in set(cols))
                q *= 1 - (1 - share) ** draws
        return q

    def _last_turns_left(self) -> int:
        row = self.obs.magician
        return sum(1 for c in row if c is not None and c != MYSTERY and SPELLS[c].effect == "last_turn")

    # -- spells
    def spell_value(self, card: int, choice: dict[str, Any], by: int | None = None) -> float:
        """The round's value for me once ``card`` is cast with ``choice`` by ``by`` (me by
        default), my strength as it is now."""
        me = self.me
        by = me if by is None else by
        sp = SPELLS[card]
        obs = self.obs
        s, c, ws = self.my_strength, len(self.my_weapons), self.my_weapons
        eff = sp.effect
        if eff == "strength":
            t = choice["target"]
            if t == me:
                return self.values(s + sp.delta, c, ws)
            return self.values(s, c, ws, shifts={t: sp.delta})
        if eff == "boss":
            return self.values(s, c, ws, hp=self.hp + sp.delta)
        if eff in ("colour", "two_colour"):
            return self.values(s, c, ws, rules=("cond:" + sp.name,))
        if eff in ("no_heart", "extra_key", "second"):
            return self.values(s, c, ws, rules=(eff,))
        if eff == "last_turn":
            return self.values(s, c, ws, last=True)
        if eff == "cancel":
            i = choice["cancel"]
            gone = obs.active[i]
            rest = obs.active[:i] + obs.active[i + 1:]
            gsp = SPELLS[gone.card]
            if gsp.effect == "strength":
                if gone.target == me:
                    return self.values(s - gsp.delta, c, ws, active=rest)
                return self.values(s, c, ws, active=rest, shifts={gone.target: -gsp.delta})
            if gsp.effect == "boss":
                return self.values(s, c, ws, hp=self.hp - gsp.delta, active=rest)
            return self.values(s, c, ws, active=rest)
        if eff == "swap":
            t = choice["target"]
            if by != me:
                return self.values(s, c, ws)        # (only my own swaps are valued)
            o = next(o for o in self.opps if o.seat == t)
            mine = B.value(self.obs.hidden[me])
            ev = 0.0
            for v, q in o.hidden.items():
                ev += q * self.values(s - mine + v, c, ws[1:], hidden={t: {mine: 1.0}})
            return ev
        if eff == "exchange":
            if by != me:
                return self.values(s, c, ws)
            old = B.value(WEAPON_INDEX[choice["weapon"]])
            keep = tuple(w for w in ws if w != WEAPON_INDEX[choice["weapon"]])
            if self.deck_fixed:
                return self.values(s - old + self.deck_fixed[0], c, keep)
            ev = 0.0
            for v in range(1, 8):
                if self.p[v] > 0:
                    ev += self.p[v] * self.values(s - old + v, c, keep)
            return ev
        return self.values(s, c, ws)

    def harm(self, card: int, base: float) -> float:
        """The most an opponent could hurt me with ``card`` (my value lost), for a discard."""
        sp = SPELLS[card]
        eff = sp.effect
        me = self.me
        if eff == "strength":
            return max(0.0, base - self.spell_value(card, {"target": me}, by=-2))
        if eff in ("boss", "colour", "two_colour", "second", "last_turn"):
            return max(0.0, base - self.spell_value(card, {}, by=-2))
        return 0.0

    def mystery_value(self, base: float) -> float:
        """The mean of the best use of the face-down spell over the unseen spells."""
        obs = self.obs
        pool = list(FULL_SPELLS)
        for c in ([c for c in obs.magician if c is not None and c != MYSTERY] + [a.card for a in obs.active]
                  + list(obs.spell_discard) + ([obs.aim[1]] if obs.aim else [])):
            if c in pool:
                pool.remove(c)
        kinds: dict[int, int] = {}
        for c in pool:
            kinds[c] = kinds.get(c, 0) + 1
        total = sum(kinds.values())
        if not total:
            return base
        ev = 0.0
        for card, k in kinds.items():
            best = None
            for ch in self.choices(card):
                v = self.spell_value(card, ch)
                best = v if best is None or v > best else best
            ev += k * (base if best is None else best)
        return ev / total

    def choices(self, card: int) -> list[dict[str, Any]]:
        """The choices of ``card`` for me (as ``rules.choices`` from the observation)."""
        sp = SPELLS[card]
        n = self.n
        if sp.effect == "strength":
            return [{"target": t} for t in range(n)]
        if sp.effect == "swap":
            return [{"target": t} for t in range(n) if t != self.me]
        if sp.effect == "exchange":
            if not self.obs.deck_size:
                return []
            return [{"weapon": B.WEAPON_NAMES[c]} for c in self.my_weapons]
        if sp.effect == "cancel":
            return [{"cancel": i} for i, a in enumerate(self.obs.active) if SPELLS[a.card].effect != "last_turn"]
        return [{}]


# -- the decision ------------------------------------------------------------------------
def _choice(a: Action) -> dict[str, Any]:
    return {k: v for k, v in a.params if k in ("target", "weapon", "cancel")}


def score_actions(obs: Any, legal: Any, knobs: Knobs = DEFAULT) -> list[tuple[float, Action]]:
    """Every legal action with its value (higher is better)."""
    t = Table(obs, knobs)
    out: list[tuple[float, Action]] = []
    base_full = None
    base_me = None

    def bases() -> tuple[float, float]:
        nonlocal base_full, base_me
        if base_full is None:
            base_full = t.values(t.my_strength, len(t.my_weapons), t.my_weapons)
            base_me = t.values(t.my_strength, len(t.my_weapons), t.my_weapons, full=False)
        return base_full, base_me

    others_to_come = any(obs.status[s] == "equip" for s in range(obs.players) if s != obs.seat)
    for a in legal:
        k = a.kind
        if k == "equip":
            v = t.equip_value(a["n"])
        elif k == "aim":
            bf, bm = bases()
            v = bm + t.spell_value(obs.aim[1], _choice(a)) - bf
        elif k == "wait":
            v = bases()[1]
        else:
            bf, bm = bases()
            slot = a["slot"]
            card = obs.magician[slot]
            if k == "activate":
                if card == MYSTERY:
                    v = bm - 0.01 if knobs.fast else bm + t.mystery_value(bf) - bf - 0.01
                else:
                    v = bm + t.spell_value(card, _choice(a)) - bf
            else:       # discard
                bonus = 0.0
                if card != MYSTERY and others_to_come and not knobs.fast:
                    bonus = knobs.deny * t.harm(card, bf)
                v = bm + bonus - 0.005 * (card == MYSTERY)
        out.append((v, a))
    return out


def choose(obs: Any, legal: Any, knobs: Knobs = DEFAULT) -> Action:
    return best_of(score_actions(obs, legal, knobs))


def best_of(scored: list[tuple[float, Action]]) -> Action:
    """The first action of the best value (a later one must be better by 1e-9)."""
    best_v, best_a = scored[0]
    for v, a in scored[1:]:
        if v > best_v + 1e-9:
            best_v, best_a = v, a
    return best_a


class HeuristicAgent:
    """Boss Quest heuristic (see the module docstring)."""

    name = "heuristic"

    def __init__(self, knobs: Knobs = DEFAULT):
        self.knobs = knobs

    def act(self, obs: Any, legal: Any, rng: Rng) -> Action:
        return choose(obs, legal, self.knobs)


__all__ = ["DEFAULT", "HeuristicAgent", "Knobs", "Table", "best_of", "choose", "score_actions", "unseen_counts"]
