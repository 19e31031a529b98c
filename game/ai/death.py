"""Death over the Kingdom agents (RULINGS.md section 1): the heuristic.

The agent sees only what its seat sees at a real table, the
:class:`~game.rules.death.DeathObservation`: its own card, every face-up card
(Kings, shown powers), the cards it exchanged or swapped and the Thief's look
(``obs.cards``), the discard pile, the deck size and this round's public log.
It never reads the state and keeps no memory between calls: a decision is a
pure function of ``(obs, rng)`` (it does not even use the rng).

**The key fact.**  Exchanges go to the right and every power targets a player
who plays *after* you, so once a seat has played its card is final.  A
decision is therefore the choice of the card I end the round with: keep mine
(stand), the right neighbour's (exchange), a deck card (cut, Trader), the
Thief's looked-at card or mine (Thief), a later player's (Bard).

**What the others end with** (:func:`table_of`).  Every card I cannot place is
*unseen*: it is in a hidden hand or in the deck.  A hidden hand never holds a
King (a held King is face up), so a hidden hand is a draw from the unseen
non-King cards and a deck card may be a King.  The public log says more:

* a seat that stood kept a card it liked: its card is weighted by ``1 - r``,
  where ``r`` (:data:`SHED`) is how likely a player is to get rid of a card;
* a seat that received a card by an exchange got one its left neighbour did
  not want (weighted by ``r``) until it passes it on;
* a seat still to play ends with its card if it keeps it (``1 - r``) or with a
  fresh unseen card (``r``); a bad card I pass on stays in play unless the
  dealer ends up cutting it (it shrinks by ``r`` at every seat it may pass).

**End-of-round turns** (:func:`turn_odds`): for each character that turns
another (King, Queen, Monk, Knight, Princess), the chance that it is in play
at the end: 1 if a seat I know holds it (my own final card included), else
``1 - prod(1 - P(seat holds it))`` over the hidden seats.  A card's final value
is then a small distribution (an Innkeeper is 11 with the chance a King is in
play, else 1; a Queen 1 with the chance a Princess is; ...), and a Monk copies
its right neighbour's (the dealer's Monk keeps 6).

**The cost of ending with a card** (:func:`cost_table`): with my value ``v``
and each other seat's value distribution (independent, an approximation), the
chance that nobody is below me (ties lose too; Death always loses) in the
modes ``base`` and ``only_one``; in ``death_over_all`` the expected tokens
``3 P(0 seats below me) + 2 P(1) + 1 P(2)``.  An action's cost is the mean cost
of the cards it may leave me with; the cheapest legal action is played, and a
shown power must beat standing by ``show_margin`` (showing a card tells the
table what I hold).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Sequence

from game.core.actions import Action
from game.core.rng import Rng
from game.rules.death import (CLOWN, COPIES, DRAGON, INNKEEPER, KING, KINDS, KNIGHT,
                              MAGICIAN, MONK, PRINCESS, QUEEN, TURNED, VALUES,
                              DeathObservation, bard, cut, dragon, exchange, stand, thief, thief_keep,
                              thief_swap, trader)

# how likely a player is to get rid of each card (a prior on what others do; data)
SHED: tuple[float, ...] = (1.0, 0.9, 0.9, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2, 0.15, 0.05, 0.1, 0.0)
NVAL = 13                       # values 0..12
# the characters whose presence turns a card, and the cards they turn
TRIGGERS: tuple[int, ...] = (KING, QUEEN, MONK, KNIGHT, PRINCESS)


@dataclass(frozen=True)
class Knobs:
    """Tuning constants (measured with ``crowntable simulate``, see docs/AI.md)."""

    shed: tuple[float, ...] = SHED
    kept: float = 0.8           # how much a seat's stand tells (weight 1 - kept * r)
    show_margin: float = 0.02   # a shown power (Thief, Bard, Dragon, Trader) must beat stand by this
    swap_margin: float = 0.0    # an exchange/cut must beat stand by this


DEFAULT = Knobs()


# -- what the others hold --------------------------------------------------------------
def unseen_counts(obs: DeathObservation) -> list[int]:
    """How many cards of each character I cannot place (hidden hands and the deck)."""
    left = [COPIES] * KINDS
    for s in obs.order:
        c = obs.cards[s]
        if c is not None:
            left[c] -= 1
    for c in obs.discard:
        left[c] -= 1
    return [max(0, x) for x in left]


def _norm(w: Sequence[float]) -> list[float]:
    t = sum(w)
    if t <= 0:
        return [1.0 / KINDS] * KINDS
    return [x / t for x in w]


def statuses(obs: DeathObservation) -> dict[int, str]:
    """What the public log says about each seat's hidden card: "raw" (a card as dealt or
    drawn), "kept" (its holder stood on it or chose it), "bad" (it came by an exchange from
    a player who did not want it)."""
    st = {s: "raw" for s in obs.order}
    for rec in obs.log:
        k = rec.kind
        if k == "exchange":
            st[rec.seat], st[rec.target] = "raw", "bad"
        elif k == "stand":
            if st.get(rec.seat) == "raw":
                st[rec.seat] = "kept"
        elif k in ("thief_swap", "bard", "cut", "trader"):
            st[rec.seat] = "raw"
        elif k == "dragon":
            st[rec.target] = "raw"
    return st


@dataclass
class Table:
    """Each other seat's final card as a distribution over characters (13 weights)."""

    me: int
    order: tuple[int, ...]
    dealer: int
    right: int | None                          # my right neighbour (None: I deal)
    dists: dict[int, list[float]]              # other seat -> distribution of its final card
    raw: list[float]                           # a hidden hand's card (unseen, no King)
    deck: list[float]                          # a deck card (Kings included)


def table_of(obs: DeathObservation, knobs: Knobs = DEFAULT) -> Table:
    me = obs.seat
    order = obs.order
    i = order.index(me)
    after = set(order[i + 1:])
    left = unseen_counts(obs)
    r = knobs.shed
    nk = [float(x) for x in left]
    nk[KING] = 0.0
    n_nk = sum(nk)
    hidden = [s for s in order if s != me and obs.cards[s] is None]
    raw = _norm(nk)
    deck_size = max(1, obs.deck_size)
    in_deck = max(0.0, (n_nk - len(hidden)) / n_nk) if n_nk else 0.0
    deck = [nk[x] * in_deck / deck_size for x in range(KINDS)]
    deck[KING] = left[KING] / deck_size
    deck = _norm(deck)
    shed_raw = sum(raw[x] * r[x] for x in range(KINDS))
    st = statuses(obs)
    dists: dict[int, list[float]] = {}
    for s in order:
        if s == me:
            continue
        c = obs.cards[s]
        if s in after:
            # still to play: keeps its card, or sheds it for a fresh one
            if c is not None:
                p = r[c] if c != KING else 0.0
                d = [raw[x] * p for x in range(KINDS)]
                d[c] += 1.0 - p
            else:
                base = raw
                d = [base[x] * (1.0 - r[x]) + base[x] * shed_raw for x in range(KINDS)]
        elif c is not None:
            d = [0.0] * KINDS
            d[c] = 1.0
        else:
            how = st.get(s, "raw")
            if how == "kept":
                d = _norm([raw[x] * (1.0 - knobs.kept * r[x]) for x in range(KINDS)])
            elif how == "bad":
                d = _norm([raw[x] * (0.1 + r[x]) for x in range(KINDS)])
            else:
                d = raw
        dists[s] = d
    right = order[i + 1] if i + 1 < len(order) else None
    return Table(me, order, obs.dealer, right, dists, raw, deck)


# -- values -----------------------------------------------------------------------------
def turn_odds(dists: dict[int, list[float]], mine: int) -> dict[int, float]:
    """The chance each trigger character is in play at the end, my final card ``mine``."""
    out = _odds(dists)
    if mine in out:
        out[mine] = 1.0
    return out


def _odds(dists: dict[int, list[float]]) -> dict[int, float]:
    """``turn_odds`` for a final card of mine that is no trigger (the other seats' cards only)."""
    out = {}
    for t in TRIGGERS:
        q = 1.0
        for d in dists.values():
            q *= 1.0 - d[t]
        out[t] = 1.0 - q
    return out


# the cards turned at the end of a round, and the character whose presence turns each
_TURN: dict[int, int] = {INNKEEPER: KING, CLOWN: QUEEN, MAGICIAN: MONK, DRAGON: KNIGHT, KNIGHT: PRINCESS,
                         QUEEN: PRINCESS}


def value_dist(card: int, p: dict[int, float], monk: list[float] | None) -> list[float]:
    """The final value distribution (13 weights) of ``card`` given the in-play odds;
    ``monk``: what a Monk copies (None: a dealer's Monk keeps its value)."""
    v = [0.0] * NVAL
    turn = _TURN
    if card == MONK and monk is not None:
        return list(monk)
    if card in turn:
        q = p[turn[card]]
        v[TURNED[card]] += q
        v[VALUES[card]] += 1.0 - q
    else:
        v[VALUES[card]] = 1.0
    return v


def _mix(dist: list[float], rows: list[list[tuple[int, float]]]) -> list[float]:
    """The value distribution of a card drawn from ``dist``; ``rows[x]``: card x's value
    distribution as its non-zero entries (:func:`_sparse`)."""
    out = [0.0] * NVAL
    for w, row in zip(dist, rows):
        if w:
            for k, vk in row:
                out[k] += w * vk
    return out


def _sparse(v: list[float]) -> list[tuple[int, float]]:
    """The non-zero entries of a value distribution (most have one or two)."""
    return [(k, w) for k, w in enumerate(v) if w]


# ``_sparse(value_dist(x, p, None))`` of a card that never turns: its one value, whatever ``p``
_FIXED: dict[int, list[tuple[int, float]]] = {x: [(VALUES[x], 1.0)] for x in range(KINDS) if x not in _TURN}


_FIXED_ROWS: tuple[list[tuple[int, float]] | None, ...] = tuple(_FIXED.get(x) for x in range(KINDS))


def _turn_row(card: int, q: float) -> list[tuple[int, float]]:
    """``_sparse(value_dist(card, p, None))`` of a card that turns, ``q`` = its trigger's odds."""
    t, v = TURNED[card], VALUES[card]
    if t == v:
        w = q + (1.0 - q)
        return [(t, w)] if w else []
    a, b = (t, q), (v, 1.0 - q)
    if v < t:
        a, b = b, a
    return [e for e in (a, b) if e[1]]


def _sparse_value(card: int, p: dict[int, float], monk: list[float] | None) -> list[tuple[int, float]]:
    """``_sparse(value_dist(card, p, monk))`` (shared, read-only, for a card that never turns)."""
    if card in _FIXED and (card != MONK or monk is None):
        return _FIXED[card]
    return _sparse(value_dist(card, p, monk))


def _below(d: list[float], vals: list[list[tuple[int, float]]]) -> list[float]:
    """P(V < v) for each value v, V the final value of a seat whose card is drawn from ``d``."""
    lt = list(accumulate(_mix(d, vals), initial=0.0))   # acc += vd[k], from 0.0
    lt.pop()
    return lt


def cost_table(tab: Table, mode: str, skip: int | None = None,
               extra: list[float] | None = None) -> list[float]:
    """``cost[c]``: how bad ending the round with card ``c`` is for me (the chance of being
    the lowest, or the expected tokens in ``death_over_all``).  ``skip``: a seat left out of
    the table (it is replaced by ``extra``, a distribution, when given)."""
    dists = {s: d for s, d in tab.dists.items() if s != skip}
    if skip is not None and extra is not None:
        dists[skip] = extra
    cache: dict[tuple, list] = {}
    out = []
    # the seats in table order, grouped by their distribution: group g's P(V < v) is worked
    # out once per turn-odds key; a dealer who may hold a Monk is a group of its own
    groups: list[tuple[list[float], bool]] = []
    gid: dict[tuple[float, ...], int] = {}
    seq: list[int] = []
    for s, d in dists.items():
        if s == tab.dealer and d[MONK] > 0:        # a dealer's Monk keeps its 6
            seq.append(len(groups))
            groups.append((d, True))
            continue
        k = tuple(d)
        g = gid.get(k)
        if g is None:
            g = gid[k] = len(groups)
            groups.append((d, False))
        seq.append(g)
    over_all = mode == "death_over_all"
    # the turn odds of a card of mine that is no trigger, worked out once (``turn_odds``)
    base = _odds(dists)
    base_key = tuple(round(base[t], 6) for t in TRIGGERS)
    for c in range(KINDS):
        p = base
        if c in base:
            p = dict(base)
            p[c] = 1.0
        key = base_key if p is base else tuple(round(p[t], 6) for t in TRIGGERS)
        if key not in cache:
            plain = list(_FIXED_ROWS)          # the cards that turn take their odds
            for x, t in _TURN.items():
                plain[x] = _turn_row(x, p[t])
            avg = _mix(tab.raw, plain)
            vals = list(plain)                  # only a Monk's value depends on what it copies
            vals[MONK] = _sparse_value(MONK, p, avg)
            # each other seat's value distribution -> P(V < v); the same for every card of
            # mine that leaves the turn odds alone
            lts = [_below(d, plain if dealer_monk else vals) for d, dealer_monk in groups]
            cache[key] = [vals, avg, lts, {}]
        vals, avg, lts, at = cache[key]     # at[v]: the factor of value v (the same lts)
        if c == MONK and tab.right is not None:
            mine = _mix(dists.get(tab.right, tab.raw), vals)
        else:
            mine = value_dist(c, p, None)
        total = 0.0
        for v, pv in enumerate(mine):
            if pv <= 0:
                continue
            f = at.get(v)
            if f is not None:
                total += pv * f / 3.0 if over_all else pv * f
                continue
            if over_all:
                # P(0, 1, 2 seats strictly below me), the seats in table order
                qs = [min(1.0, lt[v]) for lt in lts]
                k0, k1, k2 = 1.0, 0.0, 0.0
                for g in seq:
                    q = qs[g]
                    k2 = k2 * (1 - q) + k1 * q
                    k1 = k1 * (1 - q) + k0 * q
                    k0 = k0 * (1 - q)
                f = at[v] = 3 * k0 + 2 * k1 + k2
                total += pv * f / 3.0
            else:
                fs = [max(0.0, 1.0 - lt[v]) for lt in lts]
                surv = 1.0
                for g in seq:
                    surv *= fs[g]
                f = at[v] = surv
                total += pv * f
        out.append(total)
    return out


def _expect(dist: list[float], cost: list[float]) -> float:
    return sum(w * cost[x] for x, w in enumerate(dist) if w)


def _point(c: int) -> list[float]:
    d = [0.0] * KINDS
    d[c] = 1.0
    return d


def choose(obs: DeathObservation, legal: Any, knobs: Knobs = DEFAULT) -> Action:
    """The cheapest legal action (see the module docstring)."""
    me = obs.seat
    hand = obs.hand
    tab = table_of(obs, knobs)
    cost = cost_table(tab, obs.mode)
    kinds = {a.kind for a in legal}
    if obs.phase == "thief":
        t = obs.thief[1]
        got = obs.cards[t]
        if got is not None and cost[got] < cost[hand]:
            return thief_swap(me)
        return thief_keep(me)
    best: tuple[float, int, Action] = (cost[hand], 0, stand(me))
    r = knobs.shed

    def consider(val: float, pref: int, a: Action) -> None:
        nonlocal best
        if a in legal and (val, pref) < best[:2]:
            best = (val, pref, a)

    if "exchange" in kinds and tab.right is not None:
        right = tab.right
        got = obs.cards[right]
        # my card goes to the right neighbour: it stays in play unless every seat up to the
        # dealer passes it on and the dealer cuts it
        seats_left = len(tab.order) - tab.order.index(me) - 1
        stay = 1.0 - (r[hand] ** seats_left if hand != KING else 0.0)
        gave = [tab.raw[x] * (1 - stay) for x in range(KINDS)]
        gave[hand] += stay
        cost_x = cost_table(tab, obs.mode, skip=right, extra=gave)
        val = cost_x[got] if got is not None else _expect(tab.raw, cost_x)
        consider(val + knobs.swap_margin, 1, exchange(me))
    if "cut" in kinds:
        consider(_expect(tab.deck, cost) + knobs.swap_margin, 1, cut(me))
    if "trader" in kinds:
        consider(_expect(tab.deck, cost) + knobs.show_margin, 2, trader(me))
    if "dragon" in kinds:
        consider(cost[hand] + knobs.show_margin, 5, dragon(me))
    if "thief" in kinds or "bard" in kinds:
        i = tab.order.index(me)
        later = tab.order[i + 1:]
        for t in reversed(later):        # the later seats first: they win ties
            got = obs.cards[t]
            d = _point(got) if got is not None else tab.raw
            keep = cost[hand]
            thief_val = sum(w * min(keep, cost[x]) for x, w in enumerate(d) if w)
            consider(thief_val + knobs.show_margin, 3, thief(me, t))
            consider(_expect(d, cost) + knobs.show_margin, 4, bard(me, t))
    return best[2]


# -- the agent ----------------------------------------------------------------------------
class HeuristicAgent:
    """The card to end the round with, by the chance of being the lowest."""

    name = "heuristic"

    def __init__(self, knobs: Knobs = DEFAULT):
        self.knobs = knobs

    def act(self, obs: DeathObservation, legal: Any, rng: Rng) -> Action:
        a = choose(obs, legal, self.knobs)
        return a if a in legal else legal.sample(rng)


__all__ = ["DEFAULT", "HeuristicAgent", "Knobs", "Table", "choose", "cost_table", "statuses",
           "table_of", "turn_odds", "unseen_counts", "value_dist"]
