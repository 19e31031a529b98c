"""Fireball Court (seed 002, RULINGS.md section 3): the two-player capture game.

Every card is distinct (it has its own name and id), so the census counts each
card exactly once wherever it lies: a hand, the draw pile, a Court stack or a
capture pile.  A turn is one action, ``play``: the draw that starts a turn is
automatic (an event), because the rules give no choice about it.

How a step is written (issue 26: each rule once).  ``apply`` checks the action
(``_checked``, the one refusal function, which gives the player's reason; it is skipped
only for an action that is one of the very objects ``legal_actions`` has just given for
this very state: the rules object's ``LegalMemo``, game/core/memo.py) and runs the one
step, ``_play``.  ``_play`` makes one private copy of the state (``fork``: ``nd`` is the
next state's own field dictionary) and changes it with the plainly named rule functions
of "the rules, one function each" below; each quotes the rulebook (seed 002) or
RULINGS.md section 3 sentence it does.  The module keeps no mutable state.

Where each rule is (rule -> function):

* Setup, "Deal 4 cards to each player and 6 face up to the Court": ``FireballCourt._deal``,
  which runs ``_deal_hands`` and ``_lay_court``;
* "Court cards of the same suit form one stack": ``_lay_court_card``;
* "a Fireball dealt to the Court is shuffled back into the draw pile and replaced":
  ``_fireball_back``;
* "If all four of a suit are in the Court, gather everything, shuffle and deal again":
  ``_whole_suit`` (``FireballCourt._deal`` deals again);
* Start player, "the highest number card in hand starts ... on a tie ... the player who did
  not start the previous round": ``_start_player`` (round 1: the option "opener", see
  ``FIRST_OPENER``);
* Turn, "Draw 1 card while the draw pile lasts": ``_draw``;
* what a played card captures (the one capture test; the hand's marks use it too, through
  ``captures_with``): ``capture_of``;
* "A card matching a Court stack ... captures that stack": ``_capture_stack``;
* "A Fireball captures the whole Court": ``_fireball_sweeps``;
* "on an empty Court it captures nothing and goes to its player's pile":
  ``_fireball_on_empty_court``;
* "Otherwise the card joins the Court as a new stack": ``_join_court``;
* "The round ends when the draw pile and both hands are empty": ``_round_over``;
* "Cards left in the Court go to the last player who captured": ``_leftovers``;
* "Ravens: the player with more ravens steals 2 coins": ``_ravens_steal``;
* "1 per coin; for each senior suit, 2 cards score 2, 3 score 5, 4 score 10":
  ``_seat_score`` (``set_points``);
* End, "if someone has 101 or more in total, the highest total wins. *Ruling:* on a tie,
  play another round": ``_game_end`` (also what ``FireballCourt.outcome``
  reports);
* the next round: ``FireballCourt._next_round``.

The steps of ``FireballCourt`` that run these in order: ``FireballCourt._deal`` and
``FireballCourt._start_round`` (a round's setup), ``FireballCourt._play`` (a turn) and
``FireballCourt._end_round`` (the end of a round).

How an explicit deck is dealt (``new_game(config, deck=...)``; also in
``docs/ENGINE.md``):

* an order is the 50 card names, top of the pile first;
* cards 1-8 go alternately to seat 0 and seat 1 (seat 0 gets cards 1, 3, 5, 7);
* the Court is then laid from the top of what is left, one card at a time, until
  it holds 6 cards; a card whose suit is already in the Court goes on that
  stack; a Fireball met there goes to the BOTTOM of the pile (with an explicit
  order; a shuffled deal shuffles it back into the pile) and the next card
  replaces it;
* the rest is the draw pile, top first;
* if a whole suit (4 cards) is in the Court, every card is gathered and the next
  order is dealt the same way (a redeal is a new deal);
* ``deck`` may be one order or a list of orders (also named: ``{"deck": ...}``):
  the orders are used one per deal (redeals and later rounds included); once they
  run out, every later deal is shuffled from the state's seeded RNG (the seed, or
  0 when only a deck is given).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Sequence

from game.core import rng as rngmod
from game.core.quote import cut
from game.core.actions import Action, BadConfig, Event, IllegalAction, event, plain
from game.core.memo import LegalMemo
from game.core.i18n import N_, _
from game.core.rng import Rng
from game.core.rules import GameConfig, Outcome, check_players, checked_seat, refuse_if_over, require_turn
from game.core.seats import deal_round_robin, named_decks, parse_deck
from game.core.spaces import ListSpace
from game.core.state import evolve, fork

_new = object.__new__            # a value made without its __init__ (the hot path)
_setattr = object.__setattr__


# -- data (RULINGS.md section 3) ------------------------------------------------
NUMBERS: tuple[int, ...] = tuple(range(1, 10))   # number suits 1-9
COINS_PER_NUMBER = 3        # (data) three coin cards in each number suit ...
RAVENS_PER_NUMBER = 1       # (data) ... and one raven
SENIORS: tuple[str, ...] = ("king", "castle", "knight")
PER_SENIOR = 4
FIREBALLS = 2
PLAYERS = 2
HAND_SIZE = 4               # cards dealt to each player
COURT_SIZE = 6              # cards dealt face up to the Court
WHOLE_SUIT = 4              # a whole suit in the Court forces a redeal
TARGET = 101                # a total that ends the game
RAVEN_STEAL = 2             # coins the player with more ravens steals (at most what the other has)
COIN_POINTS = 1             # points per gold coin
SET_POINTS: Mapping[int, int] = {2: 2, 3: 5, 4: 10}   # cards of one senior suit -> points
# Round 1's start player on a tie (RULINGS.md: "seat 0 (the first human, else a random seat
# from the seed)").  This module does only the option "opener": a seat, or "random" for a
# seat drawn from the seed; seat 0 when the option is not given.  Choosing the first human's
# seat, or "random" at a table with no human, is the app's: ``with_opener`` in
# game/app/main.py.  A caller of the engine alone (a simulation, a test) gets seat 0 unless
# it passes opener="random".
FIRST_OPENER = 0


@dataclass(frozen=True)
class Card:
    name: str       # "7c1".."7c3" (coins), "7r" (raven), "king1".."king4", "fireball1"
    suit: str       # "1".."9", "king", "castle", "knight" or "fireball"
    kind: str       # "coin", "raven", "senior" or "fireball"
    number: int     # 1-9 for number cards, 0 otherwise


def _make_cards() -> tuple[Card, ...]:
    out: list[Card] = []
    for n in NUMBERS:
        out += [Card(f"{n}c{k}", str(n), "coin", n) for k in range(1, COINS_PER_NUMBER + 1)]
        out += [Card(f"{n}r" if RAVENS_PER_NUMBER == 1 else f"{n}r{k}", str(n), "raven", n)
                for k in range(1, RAVENS_PER_NUMBER + 1)]
    for s in SENIORS:
        out += [Card(f"{s}{k}", s, "senior", 0) for k in range(1, PER_SENIOR + 1)]
    out += [Card(f"fireball{k}", "fireball", "fireball", 0) for k in range(1, FIREBALLS + 1)]
    return tuple(out)


CARDS: tuple[Card, ...] = _make_cards()
NAMES: tuple[str, ...] = tuple(c.name for c in CARDS)
DECK_SIZE = len(CARDS)      # 50
CARD_INDEX: Mapping[str, int] = {c.name: i for i, c in enumerate(CARDS)}
_SUITS: tuple[str, ...] = tuple(c.suit for c in CARDS)          # by card id, for the hot path
_FIREBALL: tuple[bool, ...] = tuple(c.kind == "fireball" for c in CARDS)
SUITS: tuple[str, ...] = tuple(str(n) for n in NUMBERS) + SENIORS   # the suits that form stacks


def _generic_names() -> dict[str, tuple[int, ...]]:
    """Short names an explicit deck may use for 'any copy': "7c", "king", "fireball"."""
    out: dict[str, list[int]] = {}
    for i, c in enumerate(CARDS):
        alias = f"{c.suit}c" if c.kind == "coin" else (f"{c.suit}r" if c.kind == "raven" else c.suit)
        out.setdefault(alias, []).append(i)
    return {k: tuple(v) for k, v in out.items() if k not in CARD_INDEX}


GENERIC: Mapping[str, tuple[int, ...]] = _generic_names()

Cards = tuple[int, ...]


def name(card: int) -> str:
    return NAMES[card]


def names(cards: Sequence[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def card_id(card: int | str) -> int:
    return CARD_INDEX[card] if isinstance(card, str) else int(card)


WHOLE_COURT = -1            # what ``capture_of`` says for a Fireball that sweeps the Court


def capture_of(court: Sequence[Cards], card: int) -> int | None:
    """What playing ``card`` on this Court captures: the index of the stack it captures,
    ``WHOLE_COURT``, or None (it captures nothing).  The one capture test: the play
    (``FireballCourt._play``), the hand's marks (``captures_with``) and ``stack_of`` use it.

    RULINGS.md section 3: "A card matching a Court stack (same number, or same senior)
    captures that stack with the played card.  A Fireball captures the whole Court.
    *Ruling:* on an empty Court it captures nothing and goes to its player's pile.
    Otherwise the card joins the Court as a new stack."  (The Court has one stack per
    suit at most, and never a Fireball.)"""
    if _FIREBALL[card]:
        return WHOLE_COURT if court else None
    suit = _SUITS[card]
    i = 0
    for stack in court:
        if _SUITS[stack[0]] == suit:
            return i
        i += 1
    return None


def stack_of(court: Sequence[Cards], card: int) -> int | None:
    """Index of the Court stack that ``card`` captures (same suit), or None.
    A Fireball matches no stack (it sweeps the whole Court: ``capture_of``)."""
    return None if _FIREBALL[card] else capture_of(court, card)


def captures_with(court: Sequence[Cards], card: int) -> bool:
    """Whether playing ``card`` on this Court captures (the hand marks these cards)."""
    return capture_of(court, card) is not None


_SENIOR_TEXT: Mapping[str, str] = {"king": N_("King"), "castle": N_("Castle"), "knight": N_("Knight")}


def card_text(card: int | str) -> str:
    """A card as people name it (translated): "7 with a coin", "7 with a raven",
    "King", "Fireball"."""
    c = CARDS[card_id(card)]
    if c.kind == "coin":
        return _("{n} with a coin").format(n=c.number)
    if c.kind == "raven":
        return _("{n} with a raven").format(n=c.number)
    if c.kind == "fireball":
        return _("Fireball")
    return _(_SENIOR_TEXT[c.suit])


def suit_text(suit: str) -> str:
    """A suit (a Court stack) as people name it (translated): "7", "King"."""
    return suit if suit not in _SENIOR_TEXT else _(_SENIOR_TEXT[suit])


def highest_number(hand: Sequence[int]) -> int:
    """The highest number card in a hand (0 when it holds none)."""
    return max((CARDS[c].number for c in hand), default=0)


def set_points(count: int) -> int:
    return SET_POINTS.get(count, 0)


def capture_piles(cards: Sequence[int]) -> dict[str, Cards]:
    """A capture pile laid out as the rulebook shows it: coin cards and raven cards
    piled separately, each senior suit spread on its own, Fireballs aside.  Keys:
    "coins", "ravens", "king", "castle", "knight", "fireballs"; capture order kept."""
    out: dict[str, list[int]] = {"coins": [], "ravens": [], **{s: [] for s in SENIORS}, "fireballs": []}
    for c in cards:
        card = CARDS[c]
        key = {"coin": "coins", "raven": "ravens", "fireball": "fireballs"}.get(card.kind, card.suit)
        out[key].append(c)
    return {k: tuple(v) for k, v in out.items()}


# -- state ------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatScore:
    """One seat's line-by-line score for a round (public)."""

    coins: int                  # coin cards captured, before the raven steal
    ravens: int
    steal: int                  # coins stolen (+) or lost (-) to the raven steal
    sets: tuple[tuple[str, int, int], ...]   # (senior suit, cards, points) for each scoring set
    points: int                 # the round's points: coins after the steal + sets
    total: int                  # running total after the round


@dataclass(frozen=True)
class RoundResult:
    round: int
    starter: int
    last_capturer: int | None
    leftovers: int              # Court cards given to the last capturer
    scores: tuple[SeatScore, ...]

    def to_json(self) -> dict:
        return plain(self)


@dataclass(frozen=True)
class CourtState:
    target: int
    opener: int                         # who starts round 1 on a tie
    round: int                          # 1, 2, ...
    hands: tuple[Cards, ...]
    pile: Cards                         # the draw pile, top first
    court: tuple[Cards, ...]            # stacks in the order they appeared; one per suit at most
    captures: tuple[Cards, ...]         # each seat's captured cards, in capture order
    turn: int
    starter: int                        # who started this round
    highs: tuple[int, ...]              # highest number card of each hand at the start (shown)
    last_capturer: int | None
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]    # every finished round
    deals: tuple[Cards, ...]            # explicit deal orders not used yet
    rng: int
    over: bool = False
    # the events of the opening deal, for a table that starts from new_game (not game state)
    opening: tuple[Event, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class CourtObservation:
    seat: int | None                    # None: a spectator (no hand)
    target: int
    opener: int
    round: int
    hand: Cards                         # own hand (empty for a spectator)
    hand_sizes: tuple[int, ...]
    pile_size: int
    court: tuple[Cards, ...]
    captures: tuple[Cards, ...]
    turn: int
    starter: int
    highs: tuple[int, ...]
    last_capturer: int | None
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    phase: str                          # "play" or "over"

    def to_json(self) -> dict:
        return plain(self)


# -- actions -------------------------------------------------------------------------
def play(seat: int, card: int | str) -> Action:
    """``{"seat": 0, "kind": "play", "card": "7c1"}``: play one card from the hand."""
    return Action.make(seat, "play", card=card if isinstance(card, str) else NAMES[card])


@lru_cache(maxsize=None)
def _play_action(seat: int, card: int) -> Action:
    """``play(seat, card)`` for a card id, shared."""
    return play(seat, card)


# never changed once made), by seat: its turn; its draw, by the cards left in the pile; the
# card it drew (to it alone); its play of a card (hidden in its hand: shown to the other seat)
_TURN_EV: tuple[Event, ...] = tuple(event("turn", {"seat": s}) for s in range(PLAYERS))
_DRAW_EV: tuple[tuple[Event, ...], ...] = tuple(tuple(event("draw", {"seat": s, "pile": n}) for n in range(DECK_SIZE))
                                                for s in range(PLAYERS))
_DRAWN_EV: tuple[tuple[Event, ...], ...] = tuple(tuple(event("drawn", {"seat": s, "card": NAMES[c]}, (s,), True)
                                                       for c in range(DECK_SIZE)) for s in range(PLAYERS))
_PLAY_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("play", {"seat": s, "card": NAMES[c], "suit": CARDS[c].suit}, reveals=(1 - s,))
          for c in range(DECK_SIZE)) for s in range(PLAYERS))

#: every seat's play of every card (shared: an Action is frozen), by seat and card id
_PLAYS: tuple[tuple[Action, ...], ...] = tuple(tuple(_play_action(s, c) for c in range(len(CARDS)))
                                               for s in range(PLAYERS))
_NO_ACTIONS = ListSpace(())            # shared: a ListSpace is never changed


# -- explicit decks -------------------------------------------------------------------
def _resolve_generic(entries: Sequence[Any]) -> list[Any]:
    """Replace short names ("7c", "king", "fireball") by the next copy that the order
    does not name explicitly."""
    named = {e for e in entries if isinstance(e, str) and e in CARD_INDEX}
    named |= {e for e in entries if isinstance(e, int) and not isinstance(e, bool)}
    free = {alias: [i for i in ids if NAMES[i] not in named and i not in named]
            for alias, ids in GENERIC.items()}
    out: list[Any] = []
    for e in entries:
        if isinstance(e, str) and e in GENERIC:
            if not free[e]:
                raise BadConfig(_("the deck has more {alias} cards than the game").format(alias=e))
            out.append(NAMES[free[e].pop(0)])
        else:
            out.append(e)
    return out


def parse_order(entries: Sequence[Any]) -> Cards:
    """One explicit deal order: the 50 cards (names, short names or ids), top first."""
    if isinstance(entries, (str, bytes)) or not isinstance(entries, Sequence):
        raise BadConfig(_("a Fireball Court deck must be a list of card names"))
    return parse_deck(_resolve_generic(entries), NAMES, (1,) * DECK_SIZE, _("a Fireball Court deck"))


DECK_NAMES: tuple[str, ...] = ("deck",)   # one deck: ``deck=[...]`` or ``deck={"deck": [...]}``


def parse_deals(deck: Any) -> tuple[Cards, ...]:
    """``deck`` as given to ``new_game``: one order (a list of 50 card names), a list
    of orders (one per deal), or either of those named ``{"deck": ...}``."""
    decks = named_decks(deck, DECK_NAMES)
    if decks is None:
        return ()
    if "deck" not in decks:
        raise BadConfig(_("an explicit Fireball Court deal needs the deck named 'deck'"))
    deck = decks["deck"]
    if deck and all(isinstance(o, (list, tuple)) for o in deck):
        return tuple(parse_order(o) for o in deck)
    return (parse_order(deck),)


# -- the rules, one function each (RULINGS.md section 3) ------------------------------
# Each function does one sentence of the rulebook (seed 002) or of RULINGS.md section 3,
# quoted in its docstring.  ``nd`` is the step's private copy of the state (the next
# state's own field dictionary, from ``fork``); ``events`` is the step's event list.

# setup
def _deal_hands(order: Cards, round_no: int, deal_no: int, events: list[Event]
                ) -> tuple[tuple[Cards, ...], list[int]]:
    """Setup: "Deal 4 cards to each player" (alternately, seat 0 first); the rest of
    ``order`` is the pile, top first.  Returns the hands and the pile."""
    hands, _rest = deal_round_robin(order[:HAND_SIZE * PLAYERS], PLAYERS, 0, HAND_SIZE)
    pile = list(order[HAND_SIZE * PLAYERS:])
    events.append(event("deal", {"round": round_no, "deal": deal_no,
                                 "hand_sizes": [len(h) for h in hands], "pile": len(pile)}))
    for s, h in enumerate(hands):
        events.append(event("hand", {"seat": s, "cards": names(h)}, to=(s,), reveals=True))
    return hands, pile


def _lay_court(pile: list[int], explicit: bool, rng: int, events: list[Event]
               ) -> tuple[tuple[Cards, ...], list[int], int]:
    """Setup: "... and 6 face up to the Court": cards from the top of the pile until the
    Court holds 6 (a Fireball met there does not count: ``_fireball_back``).  Returns
    the Court, the pile and the random state."""
    court: tuple[Cards, ...] = ()
    laid = 0
    while laid < COURT_SIZE:
        c = pile.pop(0)
        if _FIREBALL[c]:
            pile, rng = _fireball_back(pile, c, explicit, rng, events)
            continue
        court = _lay_court_card(court, c, pile, events)
        laid += 1
    return court, pile, rng


def _lay_court_card(court: tuple[Cards, ...], c: int, pile: list[int], events: list[Event]
                    ) -> tuple[Cards, ...]:
    """Setup: "Court cards of the same suit form one stack and are captured together":
    ``c`` goes on the stack of its suit, or starts a new one.  Returns the Court."""
    i = stack_of(court, c)
    if i is None:
        court = court + ((c,),)
        i = len(court) - 1
    else:
        court = court[:i] + (court[i] + (c,),) + court[i + 1:]
    events.append(event("court_card", {"card": NAMES[c], "suit": CARDS[c].suit, "stack": i,
                                       "stacked": len(court[i]) > 1, "pile": len(pile)}, reveals=True))
    return court


def _fireball_back(pile: list[int], c: int, explicit: bool, rng: int, events: list[Event]
                   ) -> tuple[list[int], int]:
    """Setup, *Ruling:* "a Fireball dealt to the Court is shuffled back into the draw pile
    and replaced" (with an explicit deal order it goes to the bottom instead, so the order
    says what comes next).  Returns the pile and the random state."""
    if explicit:
        pile.append(c)
    else:
        pile, rng = rngmod.lane_shuffle(pile + [c], rng)
    events.append(event("fireball_back", {"card": NAMES[c], "shuffled": not explicit, "pile": len(pile)},
                        reveals=True))
    return pile, rng


def _whole_suit(court: tuple[Cards, ...]) -> Cards | None:
    """Setup: "If all four of a suit are in the Court, gather everything, shuffle and deal
    again": the stack that holds a whole suit, or None."""
    return next((s for s in court if len(s) >= WHOLE_SUIT), None)


def _start_player(highs: Sequence[int], opener: int, previous_starter: int | None) -> tuple[int, str]:
    """Start player: "The player with the highest number card in hand starts the round.
    *Ruling:* on a tie, or if neither holds a number card, the player who did not start
    the previous round starts. In round 1, seat 0 (the first human, else a random seat
    from the seed) starts."  ``highs``: each hand's highest number card (0: none).  In
    round 1 (no previous starter) a tie goes to ``opener`` (see ``FIRST_OPENER``).
    Returns the seat and why ("highest", "tie" or "no_number")."""
    if highs[0] != highs[1]:
        return (0 if highs[0] > highs[1] else 1), "highest"
    starter = opener if previous_starter is None else 1 - previous_starter
    return starter, "tie" if highs[0] else "no_number"


# a turn
def _draw(nd: dict[str, Any], hands: list[Cards], seat: int, events: list[Event]) -> None:
    """Turn: "Draw 1 card while the draw pile lasts, then play one card."  ``seat``'s turn
    begins: it draws the top card of the pile if there is one (into ``hands``, then set as
    the copy's hands)."""
    nd["turn"] = seat
    events.append(_TURN_EV[seat])
    pile = nd["pile"]
    if pile:
        drawn = pile[0]
        hands[seat] = hands[seat] + (drawn,)
        nd["pile"] = pile = pile[1:]
        events.append(_DRAW_EV[seat][len(pile)])
        events.append(_DRAWN_EV[seat][drawn])
    nd["hands"] = tuple(hands)


def _to_pile(nd: dict[str, Any], seat: int, cards: Cards) -> None:
    """``cards`` go on top of ``seat``'s capture pile."""
    captures = list(nd["captures"])
    captures[seat] = captures[seat] + cards
    nd["captures"] = tuple(captures)


def _capture_stack(nd: dict[str, Any], seat: int, c: int, i: int, events: list[Event]) -> None:
    """Turn: "A card matching a Court stack (same number, or same senior) captures that
    stack with the played card."  ``c`` captures stack ``i``; ``seat`` is the last capturer."""
    court = nd["court"]
    stack = court[i]
    _to_pile(nd, seat, stack + (c,))
    nd["court"] = court[:i] + court[i + 1:]
    nd["last_capturer"] = seat
    events.append(event("capture", {"seat": seat, "card": NAMES[c], "suit": _SUITS[c], "stack": i,
                                    "cards": names(stack + (c,))}))


def _fireball_sweeps(nd: dict[str, Any], seat: int, c: int, events: list[Event]) -> None:
    """Turn: "A Fireball captures the whole Court." (the Court is not empty: ``capture_of``)
    Every stack and the Fireball go to ``seat``'s pile; ``seat`` is the last capturer."""
    court = nd["court"]
    taken = tuple(x for s in court for x in s)
    _to_pile(nd, seat, taken + (c,))
    nd["court"] = ()
    nd["last_capturer"] = seat
    events.append(event("sweep", {"seat": seat, "card": NAMES[c], "stacks": [names(s) for s in court],
                                  "cards": names(taken)}))


def _fireball_on_empty_court(nd: dict[str, Any], seat: int, c: int, events: list[Event]) -> None:
    """Turn, *Ruling:* "on an empty Court it [a Fireball] captures nothing and goes to its
    player's pile."  It captured nothing, so ``seat`` does not become the last capturer."""
    _to_pile(nd, seat, (c,))
    events.append(event("sweep_empty", {"seat": seat, "card": NAMES[c]}))


def _join_court(nd: dict[str, Any], seat: int, c: int, events: list[Event]) -> None:
    """Turn: "Otherwise the card joins the Court as a new stack." (RULINGS.md: "A player
    may still play a non-matching card while a capture is possible.")"""
    court = nd["court"] = nd["court"] + ((c,),)
    events.append(event("lay", {"seat": seat, "card": NAMES[c], "suit": _SUITS[c], "stack": len(court) - 1}))


def _round_over(pile: Cards, hands: Sequence[Cards]) -> bool:
    """End of round: "The round ends when the draw pile and both hands are empty.\""""
    return not pile and not any(hands)


# the end of a round
def _leftovers(captures: list[Cards], court: tuple[Cards, ...], last: int | None,
               events: list[Event]) -> tuple[tuple[Cards, ...], int]:
    """End of round: "Cards left in the Court go to the last player who captured at least
    one card." (With no capture in the round they stay.)  Returns the Court and how many
    cards went to the last capturer."""
    if last is None:
        return court, 0
    left = tuple(x for s in court for x in s)
    if left:
        captures[last] = captures[last] + left
        events.append(event("leftovers", {"seat": last, "stacks": [names(s) for s in court],
                                          "cards": names(left)}))
    return (), len(left)


def _count(cards: Cards, kind: str) -> int:
    """How many of ``cards`` are of ``kind`` ("coin", "raven")."""
    return sum(1 for x in cards if CARDS[x].kind == kind)


def _ravens_steal(captures: list[Cards], events: list[Event]) -> tuple[list[int], list[int], list[int]]:
    """End of round: "Ravens: the player with more ravens steals 2 coins from the other (at
    most what the other has)."  The stolen coin cards are the top of the other's coin pile
    and move to the thief's pile.  Counted after the leftovers.  Returns each seat's coins
    (before the steal), ravens, and coins stolen (+) or lost (-)."""
    coins = [_count(cap, "coin") for cap in captures]
    ravens = [_count(cap, "raven") for cap in captures]
    steal = [0] * PLAYERS
    if ravens[0] != ravens[1]:
        thief = 0 if ravens[0] > ravens[1] else 1
        victim = 1 - thief
        k = min(RAVEN_STEAL, coins[victim])
        held = [x for x in captures[victim] if CARDS[x].kind == "coin"]
        taken = tuple(held[len(held) - k:]) if k else ()   # the top of the coin pile
        if taken:
            captures[victim] = tuple(x for x in captures[victim] if x not in taken)
            captures[thief] = captures[thief] + taken
        steal[thief], steal[victim] = k, -k
        events.append(event("raven_steal", {"seat": thief, "from": victim, "ravens": list(ravens),
                                            "n": k, "cards": names(taken)}))
    return coins, ravens, steal


def _seat_score(captured: Cards, coins: int, ravens: int, steal: int, total: int) -> SeatScore:
    """Scores: "1 per coin; for each senior suit, 2 cards score 2, 3 score 5, 4 score 10"
    (``set_points``).  ``coins`` before the steal, ``steal`` the coins won (+) or lost (-),
    ``total`` the running total before the round."""
    sets = []
    for suit in SENIORS:
        n = sum(1 for x in captured if _SUITS[x] == suit)
        if set_points(n):
            sets.append((suit, n, set_points(n)))
    points = (coins + steal) * COIN_POINTS + sum(p for _s, _n, p in sets)
    return SeatScore(coins, ravens, steal, tuple(sets), points, total + points)


def _game_end(totals: Sequence[int], target: int) -> tuple[int | None, bool]:
    """End: "After a round, if someone has 101 or more in total, the highest total wins.
    *Ruling:* on a tie, play another round."  (``target`` is 101 unless the options say
    otherwise.)  Returns the winner (None: play another round) and whether the target was
    reached but the highest total is shared (the tie)."""
    top = max(totals)
    if top < target:
        return None, False
    if list(totals).count(top) > 1:
        return None, True
    return list(totals).index(top), False


# -- the game: the steps that run the rules in order ------------------------------------
class FireballCourt:
    id = "court"
    title = "Fireball Court"
    min_players = PLAYERS
    max_players = PLAYERS
    # target: the total that ends the game; opener: the seat that starts round 1 on a
    # tie (an int, or "random" for a seat drawn from the seed)
    default_options: Mapping[str, Any] = {"target": TARGET, "opener": FIRST_OPENER}
    deck_names: tuple[str, ...] = DECK_NAMES

    def __init__(self) -> None:
        self._memo = LegalMemo()        # legal_actions' last answer: apply trusts its own actions

    # -- set-up
    def new_game(self, config: GameConfig, seed: int | None = None, deck: Any = None) -> CourtState:
        check_players(self, config)
        target = config.option("target", TARGET)
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise BadConfig(_("target must be a whole number of points above 0"))
        if deck is None and seed is None:
            raise BadConfig(_("new_game needs a seed or an explicit deck order"))
        deals = parse_deals(deck)
        rng = rngmod.seed_state(seed if seed is not None else 0)
        opener = config.option("opener", FIRST_OPENER)
        if opener is None:
            opener = FIRST_OPENER
        if opener == "random":
            opener, rng = rngmod.below(rng, PLAYERS)
        if not isinstance(opener, int) or isinstance(opener, bool) or not 0 <= opener < PLAYERS:
            raise BadConfig(_("opener must be seat 0, seat 1 or \"random\""))
        empty = ((),) * PLAYERS
        state = CourtState(target=target, opener=opener, round=1, hands=empty, pile=(), court=(),
                           captures=empty, turn=opener, starter=opener, highs=(0,) * PLAYERS,
                           last_capturer=None, totals=(0,) * PLAYERS, results=(), deals=deals, rng=rng)
        state, events = self._start_round(state, previous_starter=None)
        return evolve(state, opening=tuple(events))

    def opening_events(self, state: CourtState) -> tuple[Event, ...]:
        """The events of the opening deal of a state made by ``new_game`` (deal, Court,
        start player, first draw): ``new_game`` returns no events, the table animates these."""
        return state.opening

    def _next_order(self, state: CourtState) -> tuple[Cards, bool, CourtState]:
        """The next deal order: an explicit one if any is left, else a seeded shuffle."""
        if state.deals:
            return state.deals[0], True, evolve(state, deals=state.deals[1:])
        order, rng = rngmod.lane_shuffle(range(DECK_SIZE), state.rng)
        return order, False, evolve(state, rng=rng)

    def _deal(self, state: CourtState) -> tuple[CourtState, list[Event]]:
        """A round's deal (Setup): hands (``_deal_hands``), then the Court (``_lay_court``),
        dealt again from a new order while a whole suit lies in the Court (``_whole_suit``)."""
        events: list[Event] = []
        deal_no = 0
        while True:
            deal_no += 1
            order, explicit, state = self._next_order(state)
            hands, pile = _deal_hands(order, state.round, deal_no, events)
            court, pile, rng = _lay_court(pile, explicit, state.rng, events)
            state = evolve(state, rng=rng)
            whole = _whole_suit(court)
            if whole is None:
                return evolve(state, hands=hands, pile=tuple(pile), court=court), events
            events.append(event("redeal", {"round": state.round, "suit": CARDS[whole[0]].suit,
                                           "court": [names(s) for s in court]}))

    def _start_round(self, state: CourtState, previous_starter: int | None
                     ) -> tuple[CourtState, list[Event]]:
        """A round begins: the deal, the start player (``_start_player``), whose turn begins
        with a draw (``_draw``)."""
        state, events = self._deal(state)
        highs = tuple(highest_number(h) for h in state.hands)
        starter, why = _start_player(highs, state.opener, previous_starter)
        events.append(event("start", {"round": state.round, "seat": starter, "highs": list(highs),
                                      "why": why}, reveals=True))
        new, nd = fork(state)
        nd["starter"] = starter
        nd["highs"] = highs
        nd["last_capturer"] = None
        _draw(nd, list(state.hands), starter, events)
        return new, events

    # -- queries
    def to_act(self, state: CourtState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: CourtState, seat: int) -> ListSpace:
        if state.over or seat != state.turn:
            return _NO_ACTIONS
        plays = _PLAYS[seat]
        return self._memo.remember(state, ListSpace.of(tuple([plays[c] for c in state.hands[seat]])))

    # -- transitions
    def apply(self, state: CourtState, action: Action) -> tuple[CourtState, tuple[Event, ...]]:
        if self._memo.trusted(state, action):
            c = CARD_INDEX[action.params[0][1]]     # one of the plays legal_actions just gave
        else:
            c = self._checked(state, action)
        return self._play(state, action.seat, c)
    def _checked(self, state: CourtState, action: Action) -> int:
        """Refuse ``action`` unless it is a legal play now (with the player's reason); else the
        card it plays."""
        refuse_if_over(state.over, action)
        seat = checked_seat(action, PLAYERS)
        if action.kind != "play":
            raise IllegalAction(_("'{kind}' is not a move of Fireball Court: play one card from "
                                  "your hand").format(kind=cut(action.kind)), action)
        require_turn(seat, state.turn, action)
        params = action.params
        if len(params) == 1 and params[0][0] == "card":     # the usual shape, at once
            card = params[0][1]
        else:
            extra = sorted(k for k, _v in params if k != "card")
            if extra:
                raise IllegalAction(_("a play names only its card, not {extra}").format(
                    extra=", ".join(map(cut, extra[:5]))), action)
            card = action.get("card")
        if not isinstance(card, str):
            raise IllegalAction(_("say which card to play: 'card' must be a card name"), action)
        c = CARD_INDEX.get(card)
        if c is None:
            raise IllegalAction(_("{card} is not a card of Fireball Court").format(card=cut(card)), action)
        if c not in state.hands[seat]:
            raise IllegalAction(_("you do not hold that card ({card})").format(card=card_text(c)), action)
        return c

    def _play(self, state: CourtState, seat: int, c: int) -> tuple[CourtState, tuple[Event, ...]]:
        """A turn: ``seat`` plays card ``c`` from its hand (its draw was at the turn's start).
        What the card captures is ``capture_of``'s; the rule that follows is one of
        ``_capture_stack``, ``_fireball_sweeps``, ``_fireball_on_empty_court`` and
        ``_join_court``.  Then the round ends (``_round_over``, ``_end_round``) or the other
        seat's turn begins with its draw (``_draw``), in the same step."""
        new, nd = fork(state)
        nd["opening"] = ()              # only new_game's state has opening events
        hands = list(state.hands)
        h = hands[seat]
        i = h.index(c)                  # every card is one of a kind
        hands[seat] = h[:i] + h[i + 1:]
        # the card was hidden in the hand: the play shows it to the other seat
        events = [_PLAY_EV[seat][c]]
        stack = capture_of(state.court, c)
        if stack is None:
            if _FIREBALL[c]:
                _fireball_on_empty_court(nd, seat, c, events)
            else:
                _join_court(nd, seat, c, events)
        elif stack == WHOLE_COURT:
            _fireball_sweeps(nd, seat, c, events)
        else:
            _capture_stack(nd, seat, c, stack, events)
        if _round_over(state.pile, hands):
            nd["hands"] = tuple(hands)
            new, end_events = self._end_round(new)
            return new, tuple(events + end_events)
        _draw(nd, hands, 1 - seat, events)
        return new, tuple(events)

    def _end_round(self, state: CourtState) -> tuple[CourtState, list[Event]]:
        """The end of a round, in the rulebook's order: the leftovers (``_leftovers``), the
        ravens' steal (``_ravens_steal``), each seat's score (``_seat_score``), then the end
        of the game (``_game_end``) or the next round (``_next_round``)."""
        events: list[Event] = []
        captures = list(state.captures)
        last = state.last_capturer
        court, leftovers = _leftovers(captures, state.court, last, events)
        coins, ravens, steal = _ravens_steal(captures, events)
        scores = tuple(_seat_score(captures[s], coins[s], ravens[s], steal[s], state.totals[s])
                       for s in range(PLAYERS))
        totals = tuple(sc.total for sc in scores)
        result = RoundResult(state.round, state.starter, last, leftovers, scores)
        winner, tie = _game_end(totals, state.target)
        over = winner is not None
        state = evolve(state, captures=tuple(captures), court=court, totals=totals,
                       results=state.results + (result,), over=over)
        events.append(event("round_end", {
            "round": result.round, "last_capturer": last, "leftovers": result.leftovers,
            "seats": [{"seat": s, "coins": sc.coins, "ravens": sc.ravens, "steal": sc.steal,
                       "coins_after": sc.coins + sc.steal,
                       "sets": [{"suit": su, "cards": n, "points": p} for su, n, p in sc.sets],
                       "points": sc.points, "total": sc.total} for s, sc in enumerate(scores)],
            "totals": list(totals), "target": state.target, "decided": over, "tie": tie}))
        if over:
            events.append(event("game_over", {"winners": [winner], "totals": list(totals)}))
            return state, events
        return self._next_round(state, events)

    def _next_round(self, state: CourtState, events: list[Event]) -> tuple[CourtState, list[Event]]:
        """End: "Play a few rounds": gather every card and deal again; the start player is
        the one ``_start_player`` names (the previous round's starter is known now)."""
        previous = state.starter
        empty = ((),) * PLAYERS
        state = evolve(state, round=state.round + 1, hands=empty, pile=(), court=(), captures=empty,
                       last_capturer=None)
        events.append(event("new_round", {"round": state.round, "totals": list(state.totals)}))
        state, start_events = self._start_round(state, previous_starter=previous)
        return state, events + start_events
    # -- views
    def observe(self, state: CourtState, seat: int | None) -> CourtObservation:
        d = state.__dict__
        hands = d["hands"]
        obs = _new(CourtObservation)            # build(CourtObservation, ...) written out
        _setattr(obs, "__dict__", {
            "seat": seat, "target": d["target"], "opener": d["opener"], "round": d["round"],
            "hand": hands[seat] if seat is not None else (),
            "hand_sizes": tuple(map(len, hands)), "pile_size": len(d["pile"]),
            "court": d["court"], "captures": d["captures"], "turn": d["turn"], "starter": d["starter"],
            "highs": d["highs"], "last_capturer": d["last_capturer"], "totals": d["totals"],
            "results": d["results"], "phase": "over" if d["over"] else "play"})
        return obs

    def outcome(self, state: CourtState) -> Outcome | None:
        if not state.over:
            return None
        winner, _tie = _game_end(state.totals, state.target)     # the one end test
        return Outcome(winners=(winner,), ranks=tuple(1 if s == winner else 2 for s in range(PLAYERS)),
                       scores=state.totals)
    def card_census(self, state: CourtState) -> dict[str, int]:
        out = {n: 0 for n in NAMES}
        places = list(state.hands) + [state.pile] + list(state.court) + list(state.captures)
        for cards in places:
            for c in cards:
                out[NAMES[c]] += 1
        return out

    def determinize(self, obs: CourtObservation, rng: Rng) -> CourtState:
        """A full state consistent with ``obs``: the cards this seat cannot see (the
        opponent's hand and the draw pile) are dealt at random from the unseen cards.
        ``observe(result, obs.seat) == obs``.  The start announcement (``highs``) is
        kept as public data but not used to condition the sample."""
        seen = set(obs.hand)
        for s in obs.court:
            seen.update(s)
        for cap in obs.captures:
            seen.update(cap)
        unseen = rng.shuffle([c for c in range(DECK_SIZE) if c not in seen])
        hands: list[Cards] = []
        k = 0
        for s in range(PLAYERS):
            if s == obs.seat:
                hands.append(obs.hand)
            else:
                hands.append(tuple(unseen[k:k + obs.hand_sizes[s]]))
                k += obs.hand_sizes[s]
        pile = tuple(unseen[k:])
        if len(pile) != obs.pile_size:
            raise ValueError("the observation's card counts do not add up to the deck")
        return CourtState(target=obs.target, opener=obs.opener, round=obs.round, hands=tuple(hands),
                          pile=pile, court=obs.court, captures=obs.captures, turn=obs.turn,
                          starter=obs.starter, highs=obs.highs, last_capturer=obs.last_capturer,
                          totals=obs.totals, results=obs.results, deals=(),
                          rng=rngmod.seed_state(rng.randbelow(1 << 30)), over=obs.phase == "over")


RULES = FireballCourt()
