"""Fireball Court agents (RULINGS.md section 3): a heuristic and a greedy baseline.

Both see only what their seat sees at a real table: the
:class:`~game.rules.court.CourtObservation` (own hand, hand sizes, pile size,
the Court, both capture piles, totals).  They never read the state and keep no
memory between calls, so a decision is a pure function of ``(obs, rng)``.

**Card counting.**  Every card that is not in my hand, in the Court or in a
capture pile is *unseen*: it is in the opponent's hand or in the draw pile,
and from my seat each unseen card is equally likely to be in either.  So the
chance that the opponent can capture a stack of suit ``s`` on its next turn is
the chance that ``k`` cards dealt from the unseen ones (its hand, plus the card
it draws) include one of the ``m`` unseen cards of that suit or a Fireball
(hypergeometric).  Once the draw pile is empty the opponent's hand *is* the
unseen cards, and the heuristic solves the rest of the round exactly
(:func:`solve_endgame`, a small alpha-beta search on the round's points).

**Values.**  A card is worth what it changes in the expected round score
difference (mine minus the opponent's), where every card nobody has captured
yet is assumed to end with either player at even odds (:func:`diff_value`):

* a coin is worth 1 point (``COIN_POINTS``) whoever loses it;
* a raven is worth its share of the raven steal: the player with more ravens
  takes ``RAVEN_STEAL`` coins, a swing of twice that, weighted by how likely
  this raven is to decide the majority (binomial over the free ravens);
* a senior card is worth its share of the set points (``SET_POINTS``: 2, 5, 10
  for 2, 3, 4 cards of a suit), for me and against the opponent.

**A decision** scores every card in hand, then plays the best:

``value = gain now - the opponent's expected best reply + lam * my next capture
+ fire_hold (if I keep a Fireball)``

* *gain now*: the value of the cards captured (the stack and the capturing
  card; a Fireball takes the whole Court);
* *the opponent's reply*: for every stack of the Court left behind (a laid card
  is a new stack), its value to the opponent times the chance the opponent can
  capture it, the best first (a Fireball in its hand takes everything) - so a
  lay that sets up a big capture, or feeds a Court the opponent may sweep, is
  avoided;
* *my next capture*: the best capture my remaining hand could make next turn if
  the opponent does not take that stack first (laying a card whose twin I hold
  is bait);
* *fire_hold*: keeping a Fireball is worth about ``fire_hold`` points while the
  round has many turns left (the Court grows, and the last Fireball swept late
  also wins the leftovers), less near the end; so the Fireball is held until
  the Court is rich.

The greedy agent (``greedy``, a measuring stick) captures the biggest stack (a
Fireball counts as taking the whole Court), else lays its least valuable card.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any, Sequence

from game.core.actions import Action
from game.core.rng import Rng
from game.rules.court import (CARDS, COIN_POINTS, DECK_SIZE, PER_SENIOR, RAVEN_STEAL, SENIORS,
                              SUITS, NAMES, CourtObservation, play, set_points)

# -- card tables (from the rules' data) ------------------------------------------
SUIT_NAMES: tuple[str, ...] = tuple(SUITS) + ("fireball",)
NSUITS = len(SUIT_NAMES)
FIRE = NSUITS - 1                                   # the Fireball's suit index
SUIT_OF: tuple[int, ...] = tuple(SUIT_NAMES.index(c.suit) for c in CARDS)
COIN, RAVEN, SENIOR, FIREBALL = 0, 1, 2, 3
KIND_OF: tuple[int, ...] = tuple(("coin", "raven", "senior", "fireball").index(c.kind) for c in CARDS)
SENIOR_OF: tuple[int, ...] = tuple(SENIORS.index(c.suit) if c.kind == "senior" else -1 for c in CARDS)
SUIT_SIZE: tuple[int, ...] = tuple(sum(1 for s in SUIT_OF if s == i) for i in range(NSUITS))
TOTAL_RAVENS = sum(1 for k in KIND_OF if k == RAVEN)
NSEN = len(SENIORS)
STEAL_SWING = 2 * RAVEN_STEAL * COIN_POINTS         # the thief gains it, the victim loses it


def _pmf(n: int) -> list[float]:
    return [comb(n, x) / 2 ** n for x in range(n + 1)]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


# RAVEN_TERM[a][b]: expected steal swing (mine minus theirs) with a and b ravens
# captured and the rest split at even odds (the cap at the victim's coins ignored)
RAVEN_TERM: tuple[tuple[float, ...], ...] = tuple(
    tuple(sum(p * STEAL_SWING * _sign((a + x) - (b + TOTAL_RAVENS - a - b - x))
              for x, p in enumerate(_pmf(TOTAL_RAVENS - a - b))) if a + b <= TOTAL_RAVENS else 0.0
          for b in range(TOTAL_RAVENS + 1))
    for a in range(TOTAL_RAVENS + 1))
# SENIOR_TERM[a][b]: expected set points (mine minus theirs) of one senior suit
SENIOR_TERM: tuple[tuple[float, ...], ...] = tuple(
    tuple(sum(p * (set_points(a + x) - set_points(b + PER_SENIOR - a - b - x))
              for x, p in enumerate(_pmf(PER_SENIOR - a - b))) if a + b <= PER_SENIOR else 0.0
          for b in range(PER_SENIOR + 1))
    for a in range(PER_SENIOR + 1))

Tally = tuple  # (coins, ravens, senior count per senior suit...)
ZERO: Tally = (0, 0) + (0,) * NSEN


def tally(cards: Sequence[int]) -> Tally:
    t = [0, 0] + [0] * NSEN
    for c in cards:
        k = KIND_OF[c]
        if k == COIN:
            t[0] += 1
        elif k == RAVEN:
            t[1] += 1
        elif k == SENIOR:
            t[2 + SENIOR_OF[c]] += 1
    return tuple(t)


def add(t: Tally, cards: Sequence[int]) -> Tally:
    if not cards:
        return t
    u = list(t)
    for c in cards:
        k = KIND_OF[c]
        if k == COIN:
            u[0] += 1
        elif k == RAVEN:
            u[1] += 1
        elif k == SENIOR:
            u[2 + SENIOR_OF[c]] += 1
    return tuple(u)


def diff_value(me: Tally, opp: Tally) -> float:
    """Expected round points, mine minus the opponent's, with every card not yet
    captured going to either player at even odds."""
    key = (me, opp)
    v = _DIFF.get(key)
    if v is None:
        v = (me[0] - opp[0]) * COIN_POINTS + RAVEN_TERM[me[1]][opp[1]]
        for i in range(NSEN):
            v += SENIOR_TERM[me[2 + i]][opp[2 + i]]
        if len(_DIFF) >= 200_000:
            _DIFF.clear()
        _DIFF[key] = v
    return v


#: diff_value's values by (me, opp): a pure function of two tallies
_DIFF: dict[tuple[Tally, Tally], float] = {}


def round_points(a: Tally, b: Tally) -> tuple[int, int]:
    """The exact round points of two seats from their final captures (raven steal
    capped at the victim's coins, coins, senior sets), as the rules score them."""
    coins = [a[0], b[0]]
    if a[1] != b[1]:
        thief = 0 if a[1] > b[1] else 1
        k = min(RAVEN_STEAL, coins[1 - thief])
        coins[thief] += k
        coins[1 - thief] -= k
    pts = [coins[0] * COIN_POINTS, coins[1] * COIN_POINTS]
    for i in range(NSEN):
        pts[0] += set_points(a[2 + i])
        pts[1] += set_points(b[2 + i])
    return pts[0], pts[1]


def round_diff(me: Tally, opp: Tally) -> int:
    """The exact round points, mine minus the opponent's, once every card is captured."""
    p, q = round_points(me, opp)
    return p - q


@dataclass(frozen=True)
class Knobs:
    """Tuning constants (measured with ``crowntable simulate``, see docs/AI.md)."""

    lam: float = 1.0            # weight of my own next capture
    fire_hold: float = 5.0      # worth of keeping a Fireball early in the round (points)
    fire_floor: float = 1.0     # ... and on the last turns before the pile runs out
    reply: float = 0.5          # weight of the opponent's expected best reply (over-counted: independence)
    solve: bool = True          # solve the round exactly once the draw pile is empty


DEFAULT = Knobs()


# -- what a seat knows --------------------------------------------------------------
@dataclass
class View:
    """What one seat knows at its turn, in a compact form (also built by the
    search's fast rollouts without an observation)."""

    hand: tuple[int, ...]
    court: tuple[tuple[int, ...], ...]
    mine: Tally                 # my captures
    theirs: Tally               # the opponent's captures
    unseen_suit: list[int]      # unseen cards per suit index (opponent's hand + pile)
    unseen: int                 # how many cards are unseen
    opp_hand: int               # the opponent's hand size
    pile: int                   # the draw pile's size
    last_me: bool | None        # am I the last capturer (None: nobody yet)
    # the opponent's cards once they are known: its hand when the pile is empty, its hand and
    # the card it draws next when one card is left (it holds every unseen card after my play)
    opp_cards: tuple[int, ...] | None = None


def view_of(obs: CourtObservation) -> View:
    me = obs.seat
    assert me is not None, "a spectator does not play"
    opp = 1 - me
    seen = [0] * NSUITS
    known = set(obs.hand)
    for c in obs.hand:
        seen[SUIT_OF[c]] += 1
    for st in obs.court:
        for c in st:
            seen[SUIT_OF[c]] += 1
            known.add(c)
    for cap in obs.captures:
        for c in cap:
            seen[SUIT_OF[c]] += 1
            known.add(c)
    unseen_suit = [SUIT_SIZE[i] - seen[i] for i in range(NSUITS)]
    unseen = DECK_SIZE - len(known)
    opp_cards = None
    if obs.pile_size <= 1:
        # the opponent's hand, plus the last card of the pile it draws next: all unseen
        opp_cards = tuple(c for c in range(DECK_SIZE) if c not in known)
    last = obs.last_capturer
    return View(hand=tuple(obs.hand), court=tuple(obs.court), mine=tally(obs.captures[me]),
                theirs=tally(obs.captures[opp]), unseen_suit=unseen_suit, unseen=unseen,
                opp_hand=obs.hand_sizes[opp], pile=obs.pile_size,
                last_me=None if last is None else last == me, opp_cards=opp_cards)


# -- the heuristic -------------------------------------------------------------------
def _p_any(n: int, k: int, m: int) -> float:
    """P(k cards dealt from n include at least one of m given cards)."""
    if m <= 0 or k <= 0:
        return 0.0
    if m + k > n:
        return 1.0
    key = (n, k, m)
    p = _P_ANY.get(key)
    if p is None:
        p = _P_ANY[key] = 1.0 - comb(n - m, k) / comb(n, k)
    return p


def _stack_suit(stack: Sequence[int]) -> int:
    return SUIT_OF[stack[0]]


#: _p_any's values by (n, k, m): a pure function of three small numbers (at most 56^3 keys)
_P_ANY: dict[tuple[int, int, int], float] = {}


def _chances(n: int, k: int, unseen_suit: Sequence[int]) -> tuple[float, list[float], list[float]]:
    """(P(the opponent holds a Fireball), P(it can take a stack of suit s, by suit or with a
    Fireball), P(it holds suit s)) after k cards from n unseen ones; kept by their inputs."""
    key = (n, k, *unseen_suit)
    got = _CHANCES.get(key)
    if got is None:
        p_fire = _p_any(n, k, unseen_suit[FIRE])
        p_suit = [_p_any(n, k, unseen_suit[s] + unseen_suit[FIRE]) if s != FIRE else p_fire
                  for s in range(NSUITS)]
        p_own = [_p_any(n, k, unseen_suit[s]) for s in range(NSUITS)]
        if len(_CHANCES) >= 100_000:
            _CHANCES.clear()
        got = _CHANCES[key] = (p_fire, p_suit, p_own)
    return got


_CHANCES: dict[tuple[int, ...], tuple[float, list[float], list[float]]] = {}


def choose(v: View, knobs: Knobs = DEFAULT) -> int:
    """The card to play (an id from ``v.hand``)."""
    hand = v.hand
    if len(hand) == 1:
        return hand[0]
    if knobs.solve and v.opp_cards is not None and v.pile <= 1:
        return solve_endgame(v)[1]
    theirs = v.theirs
    base = diff_value(v.mine, theirs)
    court = v.court
    suit_of = SUIT_OF
    by_suit = {suit_of[st[0]]: i for i, st in enumerate(court)}
    court_cards = tuple(x for st in court for x in st)
    # the opponent's next turn: its hand plus the card it draws
    k = min(v.unseen, v.opp_hand + (1 if v.pile > 0 else 0))
    n = v.unseen
    unseen_suit = v.unseen_suit
    p_fire, p_suit, p_own = _chances(n, k, unseen_suit)
    fires = sum(1 for x in hand if suit_of[x] == FIRE)

    # remaining plays of mine this round (hand now + my future draws), for the Fireball's hold value
    my_plays = len(hand) + v.pile // 2
    hold = knobs.fire_floor + (knobs.fire_hold - knobs.fire_floor) * min(1.0, max(0, my_plays - 2) / 12.0)

    best_card, best_val = hand[0], float("-inf")
    for c in hand:
        s = suit_of[c]
        mine = v.mine
        if s == FIRE:
            mine = add(mine, court_cards + (c,))
            after: tuple[tuple[int, ...], ...] = ()
        elif s in by_suit:
            i = by_suit[s]
            mine = add(mine, court[i] + (c,))
            after = court[:i] + court[i + 1:]
        else:
            after = court + ((c,),)
        dm = diff_value(mine, theirs)       # my position after this card, before any reply
        gain = dm - base
        rest = tuple(x for x in hand if x != c)
        # the opponent's expected best reply on the Court I leave (its gain: dm minus the
        # value once it has taken the cards)
        reply = 0.0
        if k > 0 and after:
            opts = []
            for st in after:
                ss = suit_of[st[0]]
                if not unseen_suit[ss]:
                    continue            # nobody can match it (only a Fireball, below)
                # a senior stack is taken with one more senior of its suit
                extra = st[:1] if KIND_OF[st[0]] == SENIOR else ()
                opts.append((dm - diff_value(mine, add(theirs, st + extra)), p_own[ss]))
            if p_fire > 0:
                opts.append((dm - diff_value(mine, add(theirs, tuple(x for st in after for x in st))), p_fire))
            opts.sort(key=lambda o: -o[0])
            left = 1.0
            for val, p in opts:
                if val <= 0:
                    break
                reply += left * p * val
                left *= 1.0 - p
        # my best capture next turn, if the opponent leaves that stack
        nxt = 0.0
        if rest and after:
            suits_after = {suit_of[st[0]]: st for st in after}
            for x in rest:
                sx = suit_of[x]
                if sx != FIRE and sx in suits_after:
                    st = suits_after[sx]
                    g = diff_value(add(mine, st + (x,)), theirs) - dm
                    g *= 1.0 - p_suit[sx]
                    if g > nxt:
                        nxt = g
        val = gain - knobs.reply * reply + knobs.lam * nxt
        if s != FIRE and fires:
            val += hold
        if val > best_val + 1e-9:
            best_card, best_val = c, val
    return best_card


# -- the endgame: the pile is empty, both hands are known -------------------------------
def solve_endgame(v: View) -> tuple[int, int]:
    """(exact final round difference for me, best card) with both hands known.

    Alpha-beta over the remaining plays; leftovers go to the last capturer; the
    round's points are scored exactly (raven steal capped at the victim's coins)."""
    assert v.opp_cards is not None
    last = None if v.last_me is None else (0 if v.last_me else 1)
    hands = [tuple(v.hand), tuple(v.opp_cards)]
    tallies = [v.mine, v.theirs]

    def final(court: tuple[tuple[int, ...], ...], t: list[Tally], lc: int | None) -> int:
        if court and lc is not None:
            t = list(t)
            t[lc] = add(t[lc], tuple(x for st in court for x in st))
        return round_diff(t[0], t[1])

    def moves(hand: tuple[int, ...], court: tuple[tuple[int, ...], ...]):
        # captures first (better pruning); one lay per suit is enough... all cards differ in value,
        # so every card is a move
        caps, lays = [], []
        suits = {_stack_suit(st): i for i, st in enumerate(court)}
        for c in hand:
            s = SUIT_OF[c]
            if s == FIRE or s in suits:
                caps.append(c)
            else:
                lays.append(c)
        return caps + lays

    def rec(who: int, hands: list[tuple[int, ...]], court, t: list[Tally], lc, alpha: int, beta: int) -> int:
        hand = hands[who]
        if not hand:
            if not hands[1 - who]:
                return final(court, t, lc)
            who = 1 - who      # (cannot happen with alternating plays; kept for safety)
            hand = hands[who]
        best = -10 ** 9 if who == 0 else 10 ** 9
        suits = {_stack_suit(st): i for i, st in enumerate(court)}
        for c in moves(hand, court):
            s = SUIT_OF[c]
            nt = list(t)
            nlc = lc
            if s == FIRE:
                nt[who] = add(t[who], tuple(x for st in court for x in st) + (c,))
                ncourt = ()
                if court:
                    nlc = who
            elif s in suits:
                i = suits[s]
                nt[who] = add(t[who], court[i] + (c,))
                ncourt = court[:i] + court[i + 1:]
                nlc = who
            else:
                ncourt = court + ((c,),)
            nh = list(hands)
            nh[who] = tuple(x for x in hand if x != c)
            val = rec(1 - who, nh, ncourt, nt, nlc, alpha, beta)
            if who == 0:
                if val > best:
                    best = val
                if best > alpha:
                    alpha = best
            else:
                if val < best:
                    best = val
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    best_card, best_val = hands[0][0], -10 ** 9
    suits = {_stack_suit(st): i for i, st in enumerate(v.court)}
    alpha, beta = -10 ** 9, 10 ** 9
    for c in moves(hands[0], v.court):
        s = SUIT_OF[c]
        nt = list(tallies)
        nlc = last
        court = v.court
        if s == FIRE:
            nt[0] = add(nt[0], tuple(x for st in court for x in st) + (c,))
            ncourt = ()
            if court:
                nlc = 0
        elif s in suits:
            i = suits[s]
            nt[0] = add(nt[0], court[i] + (c,))
            ncourt = court[:i] + court[i + 1:]
            nlc = 0
        else:
            ncourt = court + ((c,),)
        val = rec(1, [tuple(x for x in hands[0] if x != c), hands[1]], ncourt, nt, nlc, alpha, beta)
        if val > best_val:
            best_card, best_val = c, val
            alpha = max(alpha, val)
    return best_val, best_card


# -- agents ----------------------------------------------------------------------------
class HeuristicAgent:
    """Card counting, expected-value captures, Fireball timing, exact endgames."""

    name = "heuristic"

    def __init__(self, knobs: Knobs = DEFAULT):
        self.knobs = knobs

    def act(self, obs: CourtObservation, legal: Any, rng: Rng) -> Action:
        card = choose(view_of(obs), self.knobs)
        a = play(obs.seat, card)
        return a if a in legal else legal.sample(rng)


STATIC_VALUE = {COIN: 1.0, RAVEN: 1.5, SENIOR: 2.0, FIREBALL: 10.0}


def greedy_card(hand: Sequence[int], court: Sequence[Sequence[int]]) -> int:
    """Capture the biggest stack (a Fireball takes the whole Court; ties: the more
    valuable cards), else lay the least valuable card (ties: the lowest number)."""
    suits = {_stack_suit(st): st for st in court}
    best, best_key = None, None
    for c in hand:
        s = SUIT_OF[c]
        if s == FIRE:
            taken = [x for st in court for x in st]
        elif s in suits:
            taken = list(suits[s])
        else:
            continue
        if not taken:
            continue
        key = (len(taken), sum(STATIC_VALUE[KIND_OF[x]] for x in taken), -c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    if best is not None:
        return best
    return min(hand, key=lambda c: (STATIC_VALUE[KIND_OF[c]], CARDS[c].number, c))


class GreedyAgent:
    """The measuring stick: the biggest capture now, else the cheapest lay."""

    name = "greedy"

    def act(self, obs: CourtObservation, legal: Any, rng: Rng) -> Action:
        a = play(obs.seat, greedy_card(obs.hand, obs.court))
        return a if a in legal else legal.sample(rng)


__all__ = ["DEFAULT", "GreedyAgent", "HeuristicAgent", "Knobs", "View", "choose", "diff_value",
           "greedy_card", "round_diff", "solve_endgame", "tally", "view_of", "NAMES"]
