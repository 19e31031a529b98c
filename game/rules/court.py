"""Fireball Court (seed 002, RULINGS.md section 3): the two-player capture game.

Every card is distinct (it has its own name and id), so the census counts each
card exactly once wherever it lies: a hand, the draw pile, a Court stack or a
capture pile.  A turn is one action, ``play``: the draw that starts a turn is
automatic (an event), because the rules give no choice about it.

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
FIRST_OPENER = 0            # round 1 tie: seat 0 (the first human); option "opener"


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


def stack_of(court: Sequence[Cards], card: int) -> int | None:
    """Index of the Court stack that ``card`` captures (same suit), or None.
    A Fireball matches no stack (it sweeps the whole Court)."""
    suit = _SUITS[card]
    i = 0
    for stack in court:
        if _SUITS[stack[0]] == suit:
            return i
        i += 1
    return None


def captures_with(court: Sequence[Cards], card: int) -> bool:
    """Whether playing ``card`` on this Court captures (the hand marks these cards)."""
    if CARDS[card].kind == "fireball":
        return bool(court)
    return stack_of(court, card) is not None


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


def _turn_into(nd: dict[str, Any], hands: list[Cards], seat: int, events: list[Event]) -> None:
    """``seat``'s turn begins, written into a private copy's fields ``nd``: it draws the top
    card of the pile if there is one (into ``hands``, then set as the copy's hands); the
    turn, draw and drawn events are added to ``events``."""
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


# events that are the same whenever their data is, made once and shared (an event's data is
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


# -- the rules ------------------------------------------------------------------------
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
            opener, rng = rngmod.randbelow(rng, PLAYERS)
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
        """Deal hands and Court, redealing while a whole suit lies in the Court."""
        events: list[Event] = []
        deal_no = 0
        while True:
            deal_no += 1
            order, explicit, state = self._next_order(state)
            hands, rest = deal_round_robin(order[:HAND_SIZE * PLAYERS], PLAYERS, 0, HAND_SIZE)
            pile = list(order[HAND_SIZE * PLAYERS:])
            rng = state.rng
            events.append(event("deal", {"round": state.round, "deal": deal_no,
                                         "hand_sizes": [len(h) for h in hands], "pile": len(pile)}))
            for s, h in enumerate(hands):
                events.append(event("hand", {"seat": s, "cards": names(h)}, to=(s,), reveals=True))
            court: list[list[int]] = []
            laid = 0
            while laid < COURT_SIZE:
                c = pile.pop(0)
                if CARDS[c].kind == "fireball":
                    if explicit:
                        pile.append(c)
                    else:
                        pile, rng = rngmod.lane_shuffle(pile + [c], rng)
                    events.append(event("fireball_back", {"card": NAMES[c], "shuffled": not explicit,
                                                          "pile": len(pile)}, reveals=True))
                    continue
                i = stack_of([tuple(s) for s in court], c)
                if i is None:
                    court.append([c])
                    i = len(court) - 1
                else:
                    court[i].append(c)
                laid += 1
                events.append(event("court_card", {"card": NAMES[c], "suit": CARDS[c].suit, "stack": i,
                                                   "stacked": len(court[i]) > 1, "pile": len(pile)},
                                    reveals=True))
            state = evolve(state, rng=rng)
            whole = next((s for s in court if len(s) >= WHOLE_SUIT), None)
            if whole is None:
                return evolve(state, hands=hands, pile=tuple(pile),
                               court=tuple(tuple(s) for s in court)), events
            events.append(event("redeal", {"round": state.round, "suit": CARDS[whole[0]].suit,
                                           "court": [names(s) for s in court]}))

    def _start_round(self, state: CourtState, previous_starter: int | None
                     ) -> tuple[CourtState, list[Event]]:
        state, events = self._deal(state)
        highs = tuple(highest_number(h) for h in state.hands)
        if highs[0] != highs[1]:
            starter = 0 if highs[0] > highs[1] else 1
            why = "highest"
        else:
            starter = state.opener if previous_starter is None else 1 - previous_starter
            why = "tie" if highs[0] else "no_number"
        events.append(event("start", {"round": state.round, "seat": starter, "highs": list(highs),
                                      "why": why}, reveals=True))
        state = evolve(state, starter=starter, highs=highs, last_capturer=None)
        state, turn_events = self._begin_turn(state, starter)
        return state, events + turn_events

    def _begin_turn(self, state: CourtState, seat: int) -> tuple[CourtState, list[Event]]:
        new, nd = fork(state)
        events: list[Event] = []
        _turn_into(nd, list(state.hands), seat, events)
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
        return self._play(evolve(state, opening=()) if state.opening else state, action.seat, c)

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
        hands = list(state.hands)
        h = hands[seat]
        i = h.index(c)                  # every card is one of a kind
        hands[seat] = h[:i] + h[i + 1:]
        captures = list(state.captures)
        court = state.court
        last = state.last_capturer
        card = CARDS[c]
        # the card was hidden in the hand: the play shows it to the other seat
        events = [_PLAY_EV[seat][c]]
        if _FIREBALL[c]:
            taken = tuple(x for s in court for x in s)
            captures[seat] = captures[seat] + taken + (c,)
            if taken:
                events.append(event("sweep", {"seat": seat, "card": card.name,
                                              "stacks": [names(s) for s in court], "cards": names(taken)}))
                last = seat
            else:
                events.append(event("sweep_empty", {"seat": seat, "card": card.name}))
            court = ()
        else:
            i = stack_of(court, c)
            if i is None:
                court = court + ((c,),)
                events.append(event("lay", {"seat": seat, "card": card.name, "suit": card.suit,
                                            "stack": len(court) - 1}))
            else:
                stack = court[i]
                captures[seat] = captures[seat] + stack + (c,)
                court = court[:i] + court[i + 1:]
                last = seat
                events.append(event("capture", {"seat": seat, "card": card.name, "suit": card.suit,
                                                "stack": i, "cards": names(stack + (c,))}))
        if not state.pile and not any(hands):
            state = evolve(state, hands=tuple(hands), captures=tuple(captures), court=court,
                           last_capturer=last)
            state, end_events = self._end_round(state)
            return state, tuple(events + end_events)
        # the next seat's turn (``_begin_turn``) in the same state step
        new, nd = fork(state)
        nd["captures"] = tuple(captures)
        nd["court"] = court
        nd["last_capturer"] = last
        _turn_into(nd, hands, 1 - seat, events)
        return new, tuple(events)

    def _end_round(self, state: CourtState) -> tuple[CourtState, list[Event]]:
        events: list[Event] = []
        captures = list(state.captures)
        court = state.court
        leftovers = sum(len(s) for s in court)
        lc = state.last_capturer
        if court and lc is not None:
            left = tuple(x for s in court for x in s)
            captures[lc] = captures[lc] + left
            events.append(event("leftovers", {"seat": lc, "stacks": [names(s) for s in court],
                                              "cards": names(left)}))
            court = ()
        # the ravens' share
        coins = [sum(1 for x in cap if CARDS[x].kind == "coin") for cap in captures]
        ravens = [sum(1 for x in cap if CARDS[x].kind == "raven") for cap in captures]
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
        scores = []
        totals = list(state.totals)
        for s in range(PLAYERS):
            sets = []
            for suit in SENIORS:
                n = sum(1 for x in captures[s] if CARDS[x].suit == suit)
                if set_points(n):
                    sets.append((suit, n, set_points(n)))
            points = (coins[s] + steal[s]) * COIN_POINTS + sum(p for _s, _n, p in sets)
            totals[s] += points
            scores.append(SeatScore(coins[s], ravens[s], steal[s], tuple(sets), points, totals[s]))
        result = RoundResult(state.round, state.starter, lc, leftovers if lc is not None else 0,
                             tuple(scores))
        top = max(totals)
        over = top >= state.target and totals.count(top) == 1
        state = evolve(state, captures=tuple(captures), court=court, totals=tuple(totals),
                        results=state.results + (result,), over=over)
        events.append(event("round_end", {
            "round": result.round, "last_capturer": lc, "leftovers": result.leftovers,
            "seats": [{"seat": s, "coins": sc.coins, "ravens": sc.ravens, "steal": sc.steal,
                       "coins_after": sc.coins + sc.steal,
                       "sets": [{"suit": su, "cards": n, "points": p} for su, n, p in sc.sets],
                       "points": sc.points, "total": sc.total} for s, sc in enumerate(scores)],
            "totals": list(totals), "target": state.target,
            "decided": over, "tie": top >= state.target and not over}))
        if over:
            winner = totals.index(top)
            events.append(event("game_over", {"winners": [winner], "totals": list(totals)}))
            return state, events
        # the next round: gather every card and deal again
        previous = state.starter
        empty = ((),) * PLAYERS
        state = evolve(state, round=state.round + 1, hands=empty, pile=(), court=(), captures=empty,
                        last_capturer=None)
        events.append(event("new_round", {"round": state.round, "totals": list(totals)}))
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
        winner = max(range(PLAYERS), key=lambda s: state.totals[s])
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
