"""Death over the Kingdom (seed 000, RULINGS.md section 1).

26 character cards, two of each value 0-12.  Each player holds one card.  The
deal and the turn pass to the dealer's RIGHT (counter-clockwise, seat - 1):
the player on the dealer's right plays first and the dealer plays last.  "The
player on your right" is the next player to play; "the players on your right"
are everyone who plays after you this round, the dealer included.

The two copies of a character are identical, so a card is just its value
(0 = Death ... 12 = King) and the census counts characters.

A turn is one action: ``stand``, ``exchange`` (with the right neighbour; the
dealer ``cut``\\ s instead), or an active power: ``trader``, ``thief`` (a private
look, then ``thief_swap`` or ``thief_keep``), ``bard``, ``dragon``.  The end of
the round (reveal, end-of-round powers in turn order, tokens, eliminations)
and the next deal happen inside the action of the last player (the dealer).

Where each rule is (the seed 000 rulebook and RULINGS.md section 1, rule -> function):

==========================================================  ===================================
"The player on your right" / "the players on your right"    ``player_on_right``, ``DeathState.after``
Deal (one card each from the dealer's right; rest = deck)    ``_turn_order``, ``DeathOverTheKingdom._dealt``
Stand                                                        ``_stand``
Exchange with the player on the right                        ``_exchange``
The dealer cuts instead (a random card of the deck)          ``_cut``
Active powers, shown first and left face up                  ``_shown``
Trader 2                                                     ``_trader``
Thief 3: the look, then swap or not                          ``_thief``, ``_thief_swap``, ``_thief_keep``
Bard 5                                                       ``_bard``
Dragon 8                                                     ``_dragon``
A card taken from the deck: only its taker sees it           ``_given``, ``_drawn``
King 12: face up at once, never leaves its holder            ``king_stays`` (asked by every check)
Empty deck: no cut, Trader or Dragon                         ``_refusal`` / ``legal_actions``
Who may do what now (the reasons / the list)                 ``_refusal`` / ``legal_actions``
End-of-round powers in turn order; turned value 12 - v       ``resolve`` (data: ``TURNS_IF_IN_PLAY``,
                                                             ``TURNS_OTHERS``, ``TURNED``)
Lowest value(s); Death always loses                          ``lowest_groups``
Tokens: base / "Death over all" / "There can be only one"    ``_base_tokens``, ``_over_all_tokens``,
                                                             ``_only_one_tokens`` (start: ``only_one_tokens``)
The next dealer is the player on the dealer's right          ``next_dealer``
End of the game; ranks (ties share the win)                  ``_game_ends``; ``outcome``
==========================================================  ===================================

How a step is written (issue 26: each move once).  ``apply`` trusts an action that is one
of the very objects ``legal_actions`` has just given for this very state (the rules
object's ``LegalMemo``, game/core/memo.py), or else checks it (``_checked``, whose reasons
are ``_refusal``); then it runs the one step of the action's kind (``_STEPS``: one
function per move and power above), which returns its events, the round's public log and
the state fields it changes; ``_next`` makes them one new state and passes the turn, or
ends the round (``_end_round``: the reveal, ``resolve``, the mode's tokens from
``_TOKENS``, the next deal).  The rules of a turn are written in two forms on purpose:
``_refusal`` gives one action's reason, ``legal_actions`` the whole list at once; both ask
the same named rules, and a test checks they agree on every candidate
(tests/test_death_rules.py, ``test_the_list_and_the_reasons_of_a_turn_agree...``).
``_space``, ``_targets_space``, ``_record`` and ``_own_rows`` are shared values (made once,
never changed), not rules.  The module keeps no mutable state.

How an explicit deck is dealt (``new_game(config, deck=...)``; also in
``docs/ENGINE.md``):

* an order is the 26 card names, top first; ``deck`` is one order or a list of
  orders, one per round (also named ``{"deck": ...}``); once the orders run
  out every deal is shuffled from the state's seeded RNG (the seed, or 0);
* card k of an order goes to the k-th player in turn order: the first card to
  the dealer's right (``dealer - 1``), and so on around to the dealer, who gets
  the last dealt card; eliminated seats are skipped; the rest is the deck, top
  first;
* the round-1 dealer is the option ``dealer``; without it, seat 0 when a deck is
  given, else a seat drawn from the seed.  Each later round the dealer is the
  next seat still playing on the dealer's right.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from game.core import rng as rngmod
from game.core.quote import cut as cut_text
from game.core.actions import Action, BadConfig, Event, IllegalAction, event
from game.core.i18n import N_, _
from game.core.rng import Rng, lane_shuffle
from game.core.memo import LegalMemo
from game.core.rules import (GameConfig, Outcome, check_players, checked_seat, is_int, refuse_extra_params,
                             refuse_if_over, require_turn)
from game.core.seats import COUNTER_CLOCKWISE, named_decks, parse_deck, seats_after
from game.core.spaces import ListSpace
from game.core.state import evolve, fork

_new = object.__new__            # a value made without its __init__ (the hot path)
_setattr = object.__setattr__

# -- data (RULINGS.md section 1) -------------------------------------------------------
NAMES: tuple[str, ...] = ("death", "innkeeper", "trader", "thief", "clown", "bard", "monk", "magician",
                          "dragon", "knight", "princess", "queen", "king")
(DEATH, INNKEEPER, TRADER, THIEF, CLOWN, BARD, MONK, MAGICIAN, DRAGON, KNIGHT, PRINCESS, QUEEN,
 KING) = range(13)
COPIES = 2                          # two cards of each character
KINDS = len(NAMES)
DECK_SIZE = KINDS * COPIES          # 26
CARD_INDEX: Mapping[str, int] = {n: i for i, n in enumerate(NAMES)}
FULL_DECK: tuple[int, ...] = tuple(c for c in range(KINDS) for _k in range(COPIES))
VALUES: tuple[int, ...] = tuple(range(KINDS))               # printed value = the card id
TURN_BASE = 12                      # (data) a turned card is worth TURN_BASE - printed value
TURNED: tuple[int, ...] = tuple(TURN_BASE - v for v in VALUES)
ACTIVE_POWERS: tuple[int, ...] = (TRADER, THIEF, BARD, DRAGON)
END_POWERS: tuple[int, ...] = (INNKEEPER, CLOWN, MONK, MAGICIAN, KNIGHT, PRINCESS, QUEEN)
# the conditional self-turners: card -> the character whose presence turns it
TURNS_IF_IN_PLAY: Mapping[int, int] = {INNKEEPER: KING, CLOWN: QUEEN, MAGICIAN: MONK, QUEEN: PRINCESS}
# the cards that turn others: card -> the character it turns (every copy in play)
TURNS_OTHERS: Mapping[int, int] = {KNIGHT: DRAGON, PRINCESS: KNIGHT}
_END_POWERS = frozenset(END_POWERS)
_TURNS_IF_IN_PLAY = dict(TURNS_IF_IN_PLAY)
_TURNS_OTHERS = dict(TURNS_OTHERS)

MIN_PLAYERS, MAX_PLAYERS = 2, 20
MODES: tuple[str, ...] = ("base", "death_over_all", "only_one")
MULTIPLIER = 3                      # rounds = players x multiplier (base and death_over_all)
MULTIPLIERS: tuple[int, ...] = (2, 3, 4, 5, 6)
OVER_ALL_TOKENS: tuple[int, ...] = (3, 2, 1)   # lowest, second, third distinct value ("death over all")
KING_RETURN = 1                     # tokens each King holder returns ("death over all")
LOSS = 1                            # tokens the lowest take (base) / lose (only_one)


def only_one_tokens(players: int) -> int:
    """Starting tokens in "There can be only one": 5 (2-6 players), 4 (7-12), 3 (13-20)."""
    return 5 if players <= 6 else (4 if players <= 12 else 3)


_CARD_TEXT: Mapping[int, str] = dict(enumerate((
    N_("Death"), N_("Innkeeper"), N_("Trader"), N_("Thief"), N_("Clown"), N_("Bard"), N_("Monk"),
    N_("Magician"), N_("Dragon"), N_("Knight"), N_("Princess"), N_("Queen"), N_("King"))))


def card_text(card: int | str) -> str:
    """A card as people name it (translated): "Dragon"."""
    return _(_CARD_TEXT[card_id(card)])


def card_id(card: int | str) -> int:
    return CARD_INDEX[card] if isinstance(card, str) else int(card)


def name(card: int | None) -> str | None:
    return None if card is None else NAMES[card]


Cards = tuple[int, ...]


# -- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """One public line of the current round's history (no hidden card in it).

    kind: "stand", "exchange" (seat, target = the right neighbour), "cut" (card = the
    card shown and discarded), "trader" (card = trader), "thief" (target),
    "thief_swap", "thief_keep" (target), "bard" (target), "dragon" (target, card = the
    target's discarded card), "king" (seat has just got a King: it is face up)."""

    kind: str
    seat: int
    target: int = -1
    card: int = -1


@dataclass(frozen=True)
class PowerStep:
    """One end-of-round power as it applied: ``changed`` lists (seat, new value, turned)."""

    seat: int
    card: int
    applied: bool                   # False: its condition failed (or a dealer Monk)
    changed: tuple[tuple[int, int, bool], ...]
    source: int = -1                # the Monk: the seat it copied


@dataclass(frozen=True)
class RoundResult:
    round: int
    dealer: int
    order: tuple[int, ...]
    cards: tuple[int | None, ...]   # every card revealed (None: an eliminated seat)
    turned: tuple[bool, ...]
    values: tuple[int | None, ...]  # final values
    steps: tuple[PowerStep, ...]
    losers: tuple[int, ...]         # the lowest value(s)
    deltas: tuple[int, ...]         # token change of each seat this round (returns included)
    returned: tuple[int, ...]       # King holders who returned a token ("death over all")
    tokens: tuple[int, ...]         # after the round
    eliminated: tuple[int, ...]     # seats out this round ("only one")

    def to_json(self) -> dict:
        return _jsonable(self)


@dataclass(frozen=True)
class DeathState:
    players: int
    mode: str
    multiplier: int
    rounds: int | None              # rounds in the game (None: "only one", played to the last)
    round: int                      # 1, 2, ...
    dealer: int
    order: tuple[int, ...]          # this round's turn order: dealer's right first, the dealer last
    pos: int                        # index in ``order`` of the seat to act
    hands: tuple[int | None, ...]   # each seat's card (None: eliminated)
    face_up: tuple[bool, ...]       # each seat's card is face up (Kings, shown powers)
    seen: tuple[tuple[int | None, ...], ...]   # seen[v][s]: the card v knows s holds now, or None
    deck: Cards                     # top first
    discard: Cards                  # face up, in discard order
    tokens: tuple[int, ...]
    out_round: tuple[int | None, ...]          # the round a seat was eliminated in ("only one")
    thief: tuple[int, int] | None   # (thief, target) after the look, before the choice
    log: tuple[Record, ...]         # this round's public history
    results: tuple[RoundResult, ...]
    deals: tuple[Cards, ...]        # explicit orders not used yet
    rng: int
    over: bool = False
    # the events of the opening deal, for a table that starts from new_game (not game state)
    opening: tuple[Event, ...] = field(default=(), compare=False, repr=False)

    @property
    def out(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.out_round[s] is not None)

    @property
    def turn(self) -> int | None:
        return None if self.over else self.order[self.pos]

    def after(self, seat: int) -> tuple[int, ...]:
        """"The players on your right" (RULINGS §1, Turn order): everyone who plays after
        ``seat`` this round, up to and including the dealer."""
        i = self.order.index(seat)
        return self.order[i + 1:]


@dataclass(frozen=True)
class DeathObservation:
    seat: int | None                # None: the spectator
    players: int
    mode: str
    multiplier: int
    rounds: int | None
    round: int
    dealer: int
    order: tuple[int, ...]
    turn: int | None                # the seat to act (None when over)
    phase: str                      # "play", "thief" (the Thief chooses) or "over"
    hand: int | None                # own card (None for the spectator or an eliminated seat)
    cards: tuple[int | None, ...]   # every card this seat knows now (own, face up, exchanged, looked at)
    face_up: tuple[bool, ...]
    deck_size: int
    discard: Cards
    tokens: tuple[int, ...]
    out_round: tuple[int | None, ...]
    thief: tuple[int, int] | None
    log: tuple[Record, ...]
    results: tuple[RoundResult, ...]

    def to_json(self) -> dict:
        return _jsonable(self)


def _jsonable(v: Any) -> Any:
    if hasattr(v, "__dataclass_fields__"):
        return {k: _jsonable(getattr(v, k)) for k in v.__dataclass_fields__}
    if isinstance(v, (tuple, list)):
        return [_jsonable(x) for x in v]
    return v


# -- actions -----------------------------------------------------------------------------
def stand(seat: int) -> Action:
    return Action.make(seat, "stand")


def exchange(seat: int) -> Action:
    return Action.make(seat, "exchange")


def cut(seat: int) -> Action:
    return Action.make(seat, "cut")


def trader(seat: int) -> Action:
    return Action.make(seat, "trader")


def thief(seat: int, target: int) -> Action:
    return Action.make(seat, "thief", target=target)


def thief_swap(seat: int) -> Action:
    return Action.make(seat, "thief_swap")


def thief_keep(seat: int) -> Action:
    return Action.make(seat, "thief_keep")


def bard(seat: int, target: int) -> Action:
    return Action.make(seat, "bard", target=target)


def dragon(seat: int) -> Action:
    return Action.make(seat, "dragon")


TURN_KINDS: tuple[str, ...] = ("stand", "exchange", "cut", "trader", "thief", "bard", "dragon")
THIEF_KINDS: tuple[str, ...] = ("thief_swap", "thief_keep")
TARGETED: tuple[str, ...] = ("thief", "bard")


# the public records, shared (a record is a value: kind, seat, target, card)
_record = lru_cache(maxsize=4096)(Record)


@lru_cache(maxsize=None)
def _plain_moves(seat: int) -> tuple[Action, ...]:
    """stand, exchange, cut, trader, dragon, thief_swap, thief_keep of ``seat`` (shared)."""
    return (stand(seat), exchange(seat), cut(seat), trader(seat), dragon(seat), thief_swap(seat),
            thief_keep(seat))


@lru_cache(maxsize=None)
def _targeted(seat: int, kind: str, target: int) -> Action:
    return Action.make(seat, kind, target=target)


# the legal actions of a turn, shared: stand, then those of the mask, in this order
_EXCHANGE, _CUT, _TRADER, _DRAGON, _THIEF_CHOICE = 1, 2, 4, 8, 16


_NO_ACTIONS = ListSpace(())            # shared: a ListSpace is never changed

# events that are the same whenever their data is, made once and shared (an event's data is
# never changed once made): a seat's turn, a seat stands
_TURN_EV: tuple[Event, ...] = tuple(event("turn", {"seat": s}) for s in range(MAX_PLAYERS))
_STAND_EV: tuple[Event, ...] = tuple(event("stand", {"seat": s}) for s in range(MAX_PLAYERS))


@lru_cache(maxsize=None)
def _space(seat: int, mask: int) -> ListSpace:
    """stand and the moves in ``mask`` (or the Thief's two choices), as one shared space."""
    moves = _plain_moves(seat)
    if mask == _THIEF_CHOICE:
        return ListSpace(moves[5:])
    return ListSpace([m for bit, m in zip((0, _EXCHANGE, _CUT, _TRADER, _DRAGON), moves) if bit & mask or not bit])


@lru_cache(maxsize=4096)
def _targets_space(seat: int, mask: int, kind: str, targets: tuple[int, ...]) -> ListSpace:
    return ListSpace(_space(seat, mask).actions + tuple(_targeted(seat, kind, t) for t in targets))


# -- the deal's hot path -------------------------------------------------------------------
_KEYS: tuple[str, ...] = tuple(str(s) for s in range(MAX_PLAYERS))   # a seat as a JSON key
# The deal's shuffle is ``rng.lane_shuffle(FULL_DECK, state)``: ``rng.shuffle``'s draws, all at once.


# -- who sits where, and the King (RULINGS section 1, Turn order and Round 3) ----------------
@lru_cache(maxsize=4096)
def _turn_order(dealer: int, players: int, out_round: tuple[int | None, ...]) -> tuple[int, ...]:
    """A round's turn order: "the player on the dealer's right plays first, the dealer plays
    last" (RULINGS §1, Turn order), among the seats still playing: the one place the seats
    are walked counter-clockwise."""
    out = tuple(s for s in range(players) if out_round[s] is not None)
    return seats_after(dealer, players, out, COUNTER_CLOCKWISE) + (dealer,)


def player_on_right(state: DeathState) -> int:
    """"The player on your right" of the seat to act: "the next player to play" (RULINGS
    §1, Turn order), the next seat of the round's turn order; -1 for the dealer, who plays
    last and has no one on their right this round."""
    pos = state.pos + 1
    order = state.order
    return order[pos] if pos < len(order) else -1


def next_dealer(dealer: int, players: int, out_round: tuple[int | None, ...]) -> int:
    """"The next dealer is the player on the dealer's right" (RULINGS §1, Round 7): the
    first to play in a turn order from ``dealer`` among the seats still playing."""
    return _turn_order(dealer, players, out_round)[0]


def king_stays(card: int | None) -> bool:
    """The King ruling (RULINGS §1, Round 3): "a King is turned face up as soon as its
    holder gets it and can never leave its holder: no exchange, cut, swap or discard may take
    it or target it.  A King's holder can only stand."  True for a King: whoever gets it
    shows it at once, its holder may only stand, and no move may take it or target its
    holder.  Every one of those checks asks this function."""
    return card == KING


# -- explicit decks ----------------------------------------------------------------------
DECK_NAMES: tuple[str, ...] = ("deck",)


def parse_order(entries: Sequence[Any]) -> Cards:
    """One explicit order: the 26 card names (or values 0-12), top first."""
    return parse_deck(entries, NAMES, (COPIES,) * KINDS, _("a Death over the Kingdom deck"))


def parse_deals(deck: Any) -> tuple[Cards, ...]:
    """``deck`` as given to ``new_game``: one order, a list of orders (one per round), or
    either of those named ``{"deck": ...}``."""
    decks = named_decks(deck, DECK_NAMES)
    if decks is None:
        return ()
    if "deck" not in decks:
        raise BadConfig(_("an explicit Death over the Kingdom deal needs the deck named 'deck'"))
    d = decks["deck"]
    if d and all(isinstance(o, (list, tuple)) for o in d):
        return tuple(parse_order(o) for o in d)
    return (parse_order(d),)


# -- the end of a round ---------------------------------------------------------------
def resolve(hands: Sequence[int | None], order: Sequence[int], dealer: int
            ) -> tuple[tuple[int | None, ...], tuple[bool, ...], tuple[PowerStep, ...]]:
    """The end-of-round powers, in turn order, each once against the table as it is at
    that moment.  Returns (values, turned, steps) per seat."""
    n = len(hands)
    values: list[int | None] = [None if c is None else VALUES[c] for c in hands]
    turned = [False] * n
    in_play = {hands[s] for s in order}
    if in_play.isdisjoint(_END_POWERS):
        return tuple(values), tuple(turned), ()
    steps: list[PowerStep] = []
    for i, s in enumerate(order):
        c = hands[s]
        if c not in _END_POWERS:
            continue
        want = _TURNS_IF_IN_PLAY.get(c)
        if want is not None:
            ok = want in in_play
            if ok and not turned[s]:            # a card turns at most once per round
                turned[s] = True
                values[s] = TURNED[c]
                changed: tuple[tuple[int, int, bool], ...] = ((s, values[s], True),)
            else:
                changed = ()
            steps.append(_power_step(s, c, ok, changed, -1))
            continue
        want = _TURNS_OTHERS.get(c)
        if want is not None:
            ch = []
            if want in in_play:
                for t in order:
                    if hands[t] == want and not turned[t]:
                        turned[t] = True
                        values[t] = TURNED[want]
                        ch.append((t, values[t], True))
            steps.append(_power_step(s, c, want in in_play, tuple(ch), -1))
        elif c == MONK:
            if s == dealer:
                steps.append(_power_step(s, c, False, (), -1))
            else:
                r = order[i + 1]                # the player on its right: the next in turn order
                values[s] = values[r]
                steps.append(_power_step(s, c, True, ((s, values[s], False),), r))
    return tuple(values), tuple(turned), tuple(steps)


def _power_step(seat: int, card: int, applied: bool, changed: tuple[tuple[int, int, bool], ...],
                source: int) -> PowerStep:
    """``PowerStep(seat, card, applied, changed, source)`` without its ``__init__``."""
    p = _new(PowerStep)
    _setattr(p, "__dict__", {"seat": seat, "card": card, "applied": applied, "changed": changed, "source": source})
    return p


_SOLO: tuple[tuple[int], ...] = tuple((s,) for s in range(MAX_PLAYERS))   # one seat, shared


@lru_cache(maxsize=None)
def _own_rows(n: int) -> tuple[dict[int | None, tuple[int | None, ...]], ...]:
    """``[v][card]``: seat ``v``'s row of a fresh deal's ``seen`` (its own card, nothing else),
    for every card and for no card (a seat out); shared (the rows are tuples)."""
    out = []
    for v in range(n):
        rows: dict[int | None, tuple[int | None, ...]] = {}
        for c in (None,) + tuple(range(KINDS)):
            row = [None] * n
            row[v] = c
            rows[c] = tuple(row)
        out.append(rows)
    return tuple(out)


def lowest_groups(values: Sequence[int | None], order: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """The seats holding the lowest distinct value, the second lowest, ... (``k`` groups);
    Death (0) is always the lowest value in play."""
    distinct = sorted({values[s] for s in order})[:k]
    return [tuple(s for s in order if values[s] == v) for v in distinct]


# -- the moves of a turn (RULINGS section 1, Round 2): one function each ------------------------
_Move = tuple[list[Event], tuple[Record, ...], dict[str, Any]]     # (events, the round's log, changed fields)

# Each move returns (events, the round's log, the changed state fields); ``apply`` makes them
# one new state (``_next``).  The card movements keep what each seat knows (``_swapped``,
# ``_given``); ``_drawn`` tells a card taken from the deck.
def _stand(state: DeathState, seat: int, action: Action) -> _Move:
    """"Keep the dealt card and forego turn (known as stand)" (seed 000, Game Play 1)."""
    return [_STAND_EV[seat]], state.log + (_record("stand", seat),), {}


def _exchange(state: DeathState, seat: int, action: Action) -> _Move:
    """"Exchange with the player on the right (both players learn both cards)" (RULINGS §1,
    Round 2)."""
    r = player_on_right(state)
    hands = state.hands
    changes = _swapped(state, seat, r, state.face_up)
    events = [event("exchange", {"seat": seat, "target": r}),
              event("exchanged", {"seat": seat, "target": r, "gave": NAMES[hands[seat]], "got": NAMES[hands[r]]},
                    (seat, r), True)]
    return events, state.log + (_record("exchange", seat, r),), changes


def _cut(state: DeathState, seat: int, action: Action) -> _Move:
    """"The dealer instead cuts: shows their card, discards it face up, and takes a random
    card of the deck (only the dealer sees it)" (RULINGS §1, Round 2)."""
    shown = state.hands[seat]
    deck = state.deck
    at, rng = rngmod.below(state.rng, len(deck))
    new = deck[at]
    deck = deck[:at] + deck[at + 1:]
    changes = _given(state, seat, new, state.face_up)
    changes["rng"] = rng
    changes["deck"] = deck
    changes["discard"] = state.discard + (shown,)
    events = [event("cut", {"seat": seat, "card": NAMES[shown], "deck": len(deck)}, reveals=True)]
    return events, _drawn(seat, new, "cut", state.log + (_record("cut", seat, -1, shown),), events), changes


def _trader(state: DeathState, seat: int, action: Action) -> _Move:
    """"Trader 2: may swap itself with the top card of the deck; the Trader goes to the
    discard pile face up" (RULINGS §1, Round 2)."""
    shown = state.hands[seat]
    new, deck = state.deck[0], state.deck[1:]
    changes = _given(state, seat, new, state.face_up)
    changes["deck"] = deck
    changes["discard"] = state.discard + (shown,)
    events = [event("trader", {"seat": seat, "card": "trader", "deck": len(deck)}, reveals=True)]
    return events, _drawn(seat, new, "trader", state.log + (_record("trader", seat, -1, shown),), events), changes


def _thief(state: DeathState, seat: int, action: Action) -> _Move:
    """"Thief 3: look at the card of one player on your right (you alone see it), then choose
    to swap with it or not" (RULINGS §1, Round 2): the look.  The Thief is shown and stays
    face up; the choice is the same turn's next action (``_thief_swap``, ``_thief_keep``)."""
    t = action["target"]
    hands = state.hands
    seen = list(state.seen)
    row = list(seen[seat])
    row[t] = hands[t]                       # you alone see it
    seen[seat] = tuple(row)
    events = [event("thief", {"seat": seat, "target": t, "card": "thief"}, reveals=True),
              event("thief_look", {"seat": seat, "target": t, "card": NAMES[hands[t]]}, to=(seat,), reveals=True)]
    changes = {"face_up": _shown(state, seat), "seen": tuple(seen), "thief": (seat, t)}
    return events, state.log + (_record("thief", seat, t),), changes


def _thief_swap(state: DeathState, seat: int, action: Action) -> _Move:
    """The Thief, having looked, chooses "to swap with it" (RULINGS §1, Round 2)."""
    t = state.thief[1]
    changes = _swapped(state, seat, t, state.face_up)
    changes["thief"] = None
    events = [event("thief_swap", {"seat": seat, "target": t, "card": "thief"})]
    return events, state.log + (_record("thief_swap", seat, t),), changes


def _thief_keep(state: DeathState, seat: int, action: Action) -> _Move:
    """The Thief, having looked, chooses "not" to swap (RULINGS §1, Round 2)."""
    t = state.thief[1]
    events = [event("thief_keep", {"seat": seat, "target": t})]
    return events, state.log + (_record("thief_keep", seat, t),), {"thief": None}


def _bard(state: DeathState, seat: int, action: Action) -> _Move:
    """"Bard 5: swap with the card of one player on your right" (RULINGS §1, Round 2); the
    Bard is shown first and stays face up."""
    t = action["target"]
    changes = _swapped(state, seat, t, _shown(state, seat))
    events = [event("bard", {"seat": seat, "target": t, "card": "bard"}, reveals=True),
              event("received", {"seat": seat, "target": t, "card": NAMES[state.hands[t]]}, to=(seat,),
                    reveals=True)]
    return events, state.log + (_record("bard", seat, t),), changes


def _dragon(state: DeathState, seat: int, action: Action) -> _Move:
    """"Dragon 8: the card of the player on your right is discarded face up; that player
    draws the top card of the deck (only they see it) and plays their turn with it" (RULINGS
    §1, Round 2); the Dragon is shown first and stays face up."""
    r = player_on_right(state)
    lost = state.hands[r]
    new, deck = state.deck[0], state.deck[1:]
    changes = _given(state, r, new, _shown(state, seat))
    changes["deck"] = deck
    changes["discard"] = state.discard + (lost,)
    events = [event("dragon", {"seat": seat, "target": r, "card": "dragon", "discarded": NAMES[lost],
                               "deck": len(deck)}, reveals=True)]
    return events, _drawn(r, new, "dragon", state.log + (_record("dragon", seat, r, lost),), events), changes


#: the one step of each kind of action (``apply``)
_STEPS: Mapping[str, Callable[[DeathState, int, Action], _Move]] = {
    "stand": _stand, "exchange": _exchange, "cut": _cut, "trader": _trader, "thief": _thief,
    "thief_swap": _thief_swap, "thief_keep": _thief_keep, "bard": _bard, "dragon": _dragon}


def _shown(state: DeathState, seat: int) -> tuple[bool, ...]:
    """An active power: "show the card first; it stays face up" (RULINGS §1, Round 2)."""
    up = list(state.face_up)
    up[seat] = True
    return tuple(up)


def _swapped(state: DeathState, a: int, b: int, face_up: tuple[bool, ...]) -> dict[str, Any]:
    """Swap the cards of a and b in view of everyone: each seat's knowledge follows the
    cards; a and b learn both cards; a face-up card stays face up."""
    hands, up = list(state.hands), list(face_up)
    hands[a], hands[b] = hands[b], hands[a]
    up[a], up[b] = up[b], up[a]
    seen = []
    for v, row in enumerate(state.seen):
        if v != a and v != b and row[a] is None and row[b] is None:
            seen.append(row)            # nothing this seat knows moves: the same row
            continue
        r = list(row)
        r[a], r[b] = r[b], r[a]
        if v == a or v == b:
            r[a], r[b] = hands[a], hands[b]
        seen.append(tuple(r))
    return {"hands": tuple(hands), "face_up": tuple(up), "seen": tuple(seen)}


def _given(state: DeathState, seat: int, card: int, face_up: tuple[bool, ...]) -> dict[str, Any]:
    """``seat`` takes a new card from the deck: only it sees it (a King turns face up:
    ``king_stays``)."""
    hands, up = list(state.hands), list(face_up)
    hands[seat], up[seat] = card, king_stays(card)
    seen = list(state.seen)
    for v, row in enumerate(seen):
        want = card if v == seat else None
        if row[seat] != want:           # a row that already says so stays the same object
            r = list(row)
            r[seat] = want
            seen[v] = tuple(r)
    return {"hands": tuple(hands), "face_up": tuple(up), "seen": tuple(seen)}


def _drawn(seat: int, card: int, how: str, log: tuple[Record, ...], events: list[Event]) -> tuple[Record, ...]:
    """Tell that ``seat`` has taken ``card`` from the deck (``how``: by a cut, the Trader or
    the Dragon): only it sees the card, unless it is a King, which is shown at once
    (``king_stays``).  Adds to ``events``; returns the round's log."""
    events.append(event("drawn", {"seat": seat, "card": NAMES[card], "how": how}, to=(seat,), reveals=True))
    if king_stays(card):
        log += (_record("king", seat, -1, KING),)
        events.append(event("king", {"seat": seat, "card": "king", "how": how}, reveals=True))
    return log



# -- the tokens of a round (RULINGS section 1, Round 6 and the two modes): one function a mode --
# Each adds to ``tokens``, ``deltas`` and ``events`` and returns (losers, King holders who
# returned a token, seats out this round, the new ``out_round``).
_Scored = tuple[tuple[int, ...], list[int], list[int], tuple[int | None, ...]]


def _base_tokens(state: DeathState, values: tuple[int | None, ...], tokens: list[int], deltas: list[int],
                 events: list[Event]) -> _Scored:
    """"The player(s) with the lowest value take one token each.  Death always loses while in
    play" (RULINGS §1, Round 6; Death's 0 is always the lowest value: ``lowest_groups``)."""
    losers = lowest_groups(values, state.order, 1)[0]
    for s in losers:
        tokens[s] += LOSS
        deltas[s] += LOSS
        events.append(event("tokens", {"seat": s, "n": LOSS, "tokens": tokens[s], "value": values[s]}))
    return losers, [], [], state.out_round


def _over_all_tokens(state: DeathState, values: tuple[int | None, ...], tokens: list[int], deltas: list[int],
                     events: list[Event]) -> _Scored:
    """Mode "Death over all players": "Lowest value(s) take 3 tokens each, the next distinct
    value 2 each, the third 1 each.  After that, each King holder returns one token (if they
    have any)" (RULINGS §1)."""
    order, hands = state.order, state.hands
    groups = lowest_groups(values, order, len(OVER_ALL_TOKENS))
    for g, k in zip(groups, OVER_ALL_TOKENS):
        for s in g:
            deltas[s] += k
            tokens[s] += k
            events.append(event("tokens", {"seat": s, "n": k, "tokens": tokens[s], "value": values[s]}))
    returned = []
    for s in order:
        if hands[s] == KING and tokens[s] > 0:
            tokens[s] -= KING_RETURN
            deltas[s] -= KING_RETURN
            returned.append(s)
            events.append(event("king_return", {"seat": s, "n": KING_RETURN, "tokens": tokens[s]}))
    return groups[0], returned, [], state.out_round


def _only_one_tokens(state: DeathState, values: tuple[int | None, ...], tokens: list[int], deltas: list[int],
                     events: list[Event]) -> _Scored:
    """Mode "There can be only one": "The lowest value(s) lose one token each; a player with
    no tokens is out" (RULINGS §1; the start tokens: ``only_one_tokens``)."""
    rnd = state.round
    losers = lowest_groups(values, state.order, 1)[0]
    for s in losers:
        k = min(LOSS, tokens[s])
        tokens[s] -= k
        deltas[s] -= k
        events.append(event("tokens", {"seat": s, "n": -k, "tokens": tokens[s], "value": values[s]}))
    eliminated = []
    rounds_out = list(state.out_round)
    for s in losers:
        if tokens[s] == 0:
            eliminated.append(s)
            rounds_out[s] = rnd
            events.append(event("eliminated", {"seat": s, "round": rnd}))
    return losers, [], eliminated, tuple(rounds_out)


#: each mode's tokens at the end of a round
_TOKENS: Mapping[str, Callable[..., _Scored]] = {
    "base": _base_tokens, "death_over_all": _over_all_tokens, "only_one": _only_one_tokens}


def _game_ends(state: DeathState, out_round: tuple[int | None, ...]) -> bool:
    """Whether the round just scored is the last: "Rounds = players × 3 (option: ×2 … ×6)";
    in "There can be only one", when at most one player is left (RULINGS §1, End and the
    mode)."""
    if state.mode == "only_one":
        return sum(1 for r in out_round if r is None) <= 1
    return state.round >= state.rounds


# -- the rules -----------------------------------------------------------------------------
class DeathOverTheKingdom:
    id = "death"
    title = "Death over the Kingdom"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # mode: "base", "death_over_all" or "only_one"; multiplier: rounds = players x 2..6
    # (base and death_over_all); dealer: the round-1 dealer (None: seat 0 with an explicit
    # deck, else drawn from the seed)
    default_options: Mapping[str, Any] = {"mode": "base", "multiplier": MULTIPLIER, "dealer": None}
    deck_names: tuple[str, ...] = DECK_NAMES

    def __init__(self) -> None:
        self._memo = LegalMemo()        # legal_actions' last answer: apply trusts its own actions

    # -- set-up
    def new_game(self, config: GameConfig, seed: int | None = None, deck: Any = None) -> DeathState:
        check_players(self, config)
        n = config.players
        mode = config.option("mode", "base")
        if mode not in MODES:
            raise BadConfig(_("mode must be one of: {modes}").format(modes=", ".join(MODES)))
        mult = config.option("multiplier", MULTIPLIER)
        if not is_int(mult) or mult not in MULTIPLIERS:
            raise BadConfig(_("multiplier must be a whole number from 2 to 6"))
        if deck is None and seed is None:
            raise BadConfig(_("new_game needs a seed or an explicit deck order"))
        deals = parse_deals(deck)
        rng = rngmod.seed_state(seed if seed is not None else 0)
        dealer = config.option("dealer")
        if dealer is None:
            if deals:
                dealer = 0
            else:
                dealer, rng = rngmod.below(rng, n)
        if not is_int(dealer) or not 0 <= dealer < n:
            raise BadConfig(_("dealer must be a seat from 0 to {last}").format(last=n - 1))
        only = mode == "only_one"
        state = DeathState(
            players=n, mode=mode, multiplier=mult, rounds=None if only else n * mult, round=1,
            dealer=dealer, order=(), pos=0, hands=(None,) * n, face_up=(False,) * n,
            seen=((None,) * n,) * n, deck=(), discard=(),
            tokens=(only_one_tokens(n) if only else 0,) * n, out_round=(None,) * n, thief=None,
            log=(), results=(), deals=deals, rng=rng)
        state, events = self._deal(state)
        return evolve(state, opening=tuple(events))

    def opening_events(self, state: DeathState) -> tuple[Event, ...]:
        """The events of the opening deal of a state made by ``new_game`` (``new_game``
        returns no events; the table animates these)."""
        return state.opening

    def _deal(self, state: DeathState) -> tuple[DeathState, list[Event]]:
        """Deal one card to each seat still playing, from the dealer's right round to the
        dealer; the rest is the deck."""
        changes, events = self._dealt(state.players, state.round, state.dealer, state.out_round,
                                      state.deals, state.rng)
        return evolve(state, **changes), events

    def _dealt(self, n: int, rnd: int, dealer: int, out_round: tuple[int | None, ...],
               deals: tuple[Cards, ...], rng: int) -> tuple[dict[str, Any], list[Event]]:
        """"Shuffle all 26 cards.  Deal one card face down to each player; the rest is the
        deck.  Each player sees only their own card" (RULINGS §1, Round 1), from the dealer's
        right round to the dealer (``_turn_order``); a dealt King is shown (``king_stays``).
        The state fields of round ``rnd``'s deal and its events (``_deal`` in parts, so that
        the end of a round and the next deal make one state step)."""
        if deals:
            order, explicit = deals[0], True
            changes: dict[str, Any] = {"deals": deals[1:]}
        else:
            order, rng = lane_shuffle(FULL_DECK, rng)
            explicit = False
            changes = {"rng": rng}
        turn_order = _turn_order(dealer, n, out_round)
        hands: list[int | None] = [None] * n
        for card, s in zip(order, turn_order):
            hands[s] = card
        deck = tuple(order[len(turn_order):])
        own = _own_rows(n)                  # each seat knows its own card
        hands_t = tuple(hands)
        changes.update(order=turn_order, pos=0, hands=hands_t, face_up=(False,) * n,
                       seen=tuple([own[v][c] for v, c in enumerate(hands)]), deck=deck, discard=(),
                       thief=None, log=())
        events = [event("deal", {"round": rnd, "dealer": dealer, "order": list(turn_order), "deck": len(deck),
                                  "explicit": explicit})]
        names = NAMES
        solo = _SOLO
        for s in turn_order:
            events.append(event("card", {"seat": s, "card": names[hands[s]]}, solo[s], True))
        if KING in hands_t:                 # a dealt King is shown at once (king_stays)
            kings = [s for s in turn_order if king_stays(hands[s])]
            changes["log"] = tuple([_record("king", s, card=KING) for s in kings])
            up = [False] * n
            for s in kings:
                up[s] = True
                events.append(event("king", {"seat": s, "card": "king", "how": "deal"}, reveals=True))
            changes["face_up"] = tuple(up)
        events.append(_TURN_EV[turn_order[0]])
        return changes, events

    # -- queries
    def to_act(self, state: DeathState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.thief is not None:
            return (state.thief[0],)
        return (state.order[state.pos],)

    def legal_actions(self, state: DeathState, seat: int) -> ListSpace:
        """The legal actions of ``seat`` now, as one shared list: stand, exchange, cut,
        trader, dragon, then the Thief's or the Bard's targets (or the Thief's two choices).

        This is the list form of the rules of a turn; ``_refusal`` is the other form, one
        action at a time with the player's reason.  They are two on purpose (this one is
        worked out once per state, not once per candidate) and ask the same named rules
        (``king_stays``, ``player_on_right``, ``DeathState.after``); tests/test_death_rules.py
        checks that they agree on every candidate."""
        thief = state.thief
        if state.over or seat != (thief[0] if thief is not None else state.order[state.pos]):
            return _NO_ACTIONS
        if thief is not None:
            return self._memo.remember(state, _space(seat, _THIEF_CHOICE))
        hands = state.hands
        card = hands[seat]
        if king_stays(card):                # a King's holder can only stand
            return self._memo.remember(state, _space(seat, 0))
        deck = state.deck                   # no draw from an empty deck: no cut, Trader or Dragon
        if seat == state.dealer:            # the dealer cuts instead of exchanging; no Dragon
            mask = _CUT if deck else 0
            if card == TRADER and deck:
                mask |= _TRADER
        elif king_stays(hands[player_on_right(state)]):     # no exchange and no Dragon against a King
            mask = _TRADER if card == TRADER and deck else 0
        else:
            mask = _EXCHANGE
            if deck:
                if card == TRADER:
                    mask |= _TRADER
                elif card == DRAGON:
                    mask |= _DRAGON
        if card == THIEF or card == BARD:   # a player on your right who does not hold a King
            targets = state.after(seat)
            if KING in hands:               # (only then is there anyone to leave out)
                targets = tuple([t for t in targets if not king_stays(hands[t])])
            space = _targets_space(seat, mask, "thief" if card == THIEF else "bard", targets)
        else:
            space = _space(seat, mask)
        return self._memo.remember(state, space)

    def _refusal(self, state: DeathState, action: Action) -> str | None:
        """Why ``action`` is not allowed now (the seat is the one to act), or None.

        The reasons form of the rules of a turn; ``legal_actions`` is the list form of the
        same rules (see there)."""
        seat, kind = action.seat, action.kind
        if state.thief is not None:
            if kind not in THIEF_KINDS:
                return _("the Thief has looked: choose 'thief_swap' or 'thief_keep'")
            return None
        if kind in THIEF_KINDS:
            return _("there is no Thief's look to answer")
        if kind not in TURN_KINDS:
            return _("'{kind}' is not a move of Death over the Kingdom").format(kind=cut_text(kind))
        card = state.hands[seat]
        dealer = seat == state.dealer
        if kind == "stand":
            return None
        if king_stays(card):
            return _("a King never leaves its holder: you can only stand")
        if kind == "exchange":
            if dealer:
                return _("the dealer cannot exchange: cut the deck instead")
            right = player_on_right(state)
            if king_stays(state.hands[right]):
                return _("seat {seat} holds a King: no one can exchange with it").format(seat=right)
            return None
        if kind == "cut":
            if not dealer:
                return _("only the dealer cuts the deck; exchange with the player on your right instead")
            if not state.deck:
                return _("the deck is empty: there is nothing to cut")
            return None
        need = {"trader": TRADER, "thief": THIEF, "bard": BARD, "dragon": DRAGON}[kind]
        if card != need:
            return _("you do not hold the {card}").format(card=card_text(need))
        if kind == "trader":
            return None if state.deck else _("the deck is empty: the Trader has nothing to trade with")
        if kind == "dragon":
            if dealer:
                return _("nobody plays after the dealer: the Dragon has no one on its right")
            right = player_on_right(state)
            if king_stays(state.hands[right]):
                return _("seat {seat} holds a King: the Dragon cannot discard it").format(seat=right)
            if not state.deck:
                return _("the deck is empty: the Dragon's victim would have nothing to draw")
            return None
        target = action.get("target")
        if not is_int(target):
            return _("say which player: 'target' must be a seat number")
        if target not in state.after(seat):
            return _("the {card} may only target a player who plays after you this round").format(
                card=card_text(need))
        if king_stays(state.hands[target]):
            return _("seat {seat} holds a King: no one can take it or look at it").format(seat=target)
        return None

    # -- transitions
    def apply(self, state: DeathState, action: Action) -> tuple[DeathState, tuple[Event, ...]]:
        """Trusted (one of the very actions ``legal_actions`` has just given for this very
        state) or checked (``_checked``), then the one step of its kind (``_STEPS``)."""
        if self._memo.trusted(state, action):
            seat, kind = action.seat, action.kind
        else:
            seat, kind = self._checked(state, action)
        if state.opening:
            state = evolve(state, opening=())
        events, log, changes = _STEPS[kind](state, seat, action)
        if kind == "thief":                 # the look: the Thief now chooses, in the same turn
            return evolve(state, log=log, **changes), tuple(events)
        return self._next(state, events, log, changes)

    def _checked(self, state: DeathState, action: Action) -> tuple[int, str]:
        """Refuse ``action`` unless it is legal now: (seat, kind)."""
        refuse_if_over(state.over, action)
        seat = checked_seat(action, state.players)
        if state.out_round[seat] is not None:
            raise IllegalAction(_("seat {seat} is out of the game").format(seat=seat), action)
        thief = state.thief
        require_turn(seat, thief[0] if thief is not None else state.order[state.pos], action)
        kind = action.kind
        if action.params:
            refuse_extra_params(action, ("target",) if kind in TARGETED else ())
        if kind != "stand" or thief is not None:    # a stand out of a Thief's look is always allowed
            why = self._refusal(state, action)
            if why is not None:
                raise IllegalAction(why, action)
        return seat, kind

    def _next(self, state: DeathState, events: list[Event], log: tuple[Record, ...], changes: dict[str, Any]
              ) -> tuple[DeathState, tuple[Event, ...]]:
        """The next seat's turn or the end of the round, with the move's ``changes`` and the
        round's ``log`` (one state step)."""
        pos = state.pos + 1
        order = state.order
        if pos < len(order):
            state, nd = fork(state)             # evolve(state, **changes): the move's own fields
            nd.update(changes)
            nd["pos"] = pos
            nd["log"] = log
            events.append(_TURN_EV[order[pos]])
            return state, tuple(events)
        if changes:
            state = evolve(state, **changes)
        state, end = self._end_round(state, log)
        events += end
        return state, tuple(events)

    def _end_round(self, state: DeathState, log: tuple[Record, ...]) -> tuple[DeathState, list[Event]]:
        """The reveal, the end-of-round powers, the tokens and the next deal (or the end of the
        game), from ``state`` with this round's ``log``: one state step."""
        n = state.players
        order = state.order
        hands = state.hands
        rnd = state.round
        mode = state.mode
        names = NAMES
        keys = _KEYS
        events = [event("reveal", {"round": rnd, "cards": {keys[s]: names[hands[s]] for s in order}},
                        reveals=True)]
        values, turned, steps = resolve(hands, order, state.dealer)
        for st in steps:
            events.append(event("power", {
                "seat": st.seat, "card": names[st.card], "applied": st.applied, "source": st.source,
                "changed": [{"seat": s, "card": names[hands[s]], "value": v, "turned": t}
                            for s, v, t in st.changed]}))
        tokens = list(state.tokens)
        deltas = [0] * n
        losers, returned, eliminated, out_round = _TOKENS[mode](state, values, tokens, deltas, events)
        tokens_t = tuple(tokens)
        result = _new(RoundResult)              # build(RoundResult, ...) written out
        _setattr(result, "__dict__", {"round": rnd, "dealer": state.dealer, "order": order, "cards": hands,
                                      "turned": turned, "values": values, "steps": steps, "losers": losers,
                                      "deltas": tuple(deltas), "returned": tuple(returned), "tokens": tokens_t,
                                      "eliminated": tuple(eliminated)})
        results = state.results + (result,)
        events.append(event("round_end", {"round": rnd, "losers": list(losers),
                                          "values": {keys[s]: values[s] for s in order},
                                          "turned": [s for s in order if turned[s]],
                                          "deltas": deltas, "tokens": list(tokens),
                                          "eliminated": eliminated, "returned": returned}))
        if _game_ends(state, out_round):
            state = evolve(state, log=log, tokens=tokens_t, out_round=out_round, results=results,
                           face_up=tuple([c is not None for c in hands]), over=True)
            out = self.outcome(state)
            events.append(event("game_over", {"winners": list(out.winners), "ranks": list(out.ranks),
                                              "tokens": list(tokens), "shared": len(out.winners) > 1}))
            return state, events
        dealer = next_dealer(state.dealer, n, out_round)
        events.append(event("new_round", {"round": rnd + 1, "dealer": dealer, "tokens": list(tokens)}))
        changes, deal_events = self._dealt(n, rnd + 1, dealer, out_round, state.deals, state.rng)
        state, nd = fork(state)                 # evolve(state, ...): fields worked out here
        nd["tokens"] = tokens_t
        nd["out_round"] = out_round
        nd["results"] = results
        nd["round"] = rnd + 1
        nd["dealer"] = dealer
        nd.update(changes)
        events += deal_events
        return state, events

    # -- views
    def observe(self, state: DeathState, seat: int | None) -> DeathObservation:
        d = state.__dict__                      # the fields, read straight from the instance
        hands = d["hands"]
        face_up = d["face_up"]
        if seat is None:
            cards = tuple([c if up else None for c, up in zip(hands, face_up)])
            hand = None
        else:
            hand = hands[seat]
            row = list(d["seen"][seat])         # what it knows, its own card and every face-up card
            row[seat] = hand
            if True in face_up:
                for s, up in enumerate(face_up):
                    if up:
                        row[s] = hands[s]
            cards = tuple(row)
        over = d["over"]
        thief = d["thief"]
        if over:
            phase = "over"
        else:
            phase = "thief" if thief is not None else "play"
        order = d["order"]
        obs = _new(DeathObservation)
        _setattr(obs, "__dict__", {
            "seat": seat, "players": d["players"], "mode": d["mode"], "multiplier": d["multiplier"],
            "rounds": d["rounds"], "round": d["round"], "dealer": d["dealer"], "order": order,
            "turn": None if over else order[d["pos"]], "phase": phase, "hand": hand, "cards": cards,
            "face_up": face_up, "deck_size": len(d["deck"]), "discard": d["discard"],
            "tokens": d["tokens"], "out_round": d["out_round"], "thief": thief, "log": d["log"],
            "results": d["results"]})
        return obs

    def outcome(self, state: DeathState) -> Outcome | None:
        """"Fewest tokens wins; ties share the win"; in "There can be only one", "the last
        player left wins ... if all remaining players lose their last token in the same
        round, they share the win" (RULINGS §1, End and the mode)."""
        if not state.over:
            return None
        n = state.players
        if state.mode == "only_one":
            # still in = the best; out later = better; out in the same round = the same place, so
            # when everyone left falls in the same round they share the first place (the win)
            key = [(state.round + 1 if r is None else r) for r in state.out_round]
            ranks = tuple(1 + sum(1 for o in key if o > key[s]) for s in range(n))
        else:
            ranks = tuple(1 + sum(1 for o in state.tokens if o < state.tokens[s]) for s in range(n))
        winners = tuple(s for s in range(n) if ranks[s] == 1)
        return Outcome(winners=winners, ranks=ranks, scores=state.tokens)

    def card_census(self, state: DeathState) -> dict[str, int]:
        out = {nm: 0 for nm in NAMES}
        for c in tuple(h for h in state.hands if h is not None) + state.deck + state.discard:
            out[NAMES[c]] += 1
        return out

    def determinize(self, obs: DeathObservation, rng: Rng) -> DeathState:
        """A full state consistent with ``obs``: the cards this seat does not know (hidden
        hands and the deck) are dealt at random from the unseen cards; a King is never
        dealt to a hidden hand (a held King is face up).  ``observe(result, obs.seat) == obs``."""
        n = obs.players
        known = [c for c in obs.cards if c is not None] + list(obs.discard)
        pool = list(FULL_DECK)
        for c in known:
            pool.remove(c)
        hidden = [s for s in obs.order if obs.cards[s] is None] if obs.phase != "over" else []
        pool = rng.shuffle(pool)
        # a hidden hand never holds a King: put Kings last so that they end in the deck
        non_kings = [c for c in pool if not king_stays(c)]
        kings = [c for c in pool if king_stays(c)]
        if len(non_kings) < len(hidden):
            raise ValueError("the observation's cards do not add up to the deck")
        hands = list(obs.cards)
        for s, c in zip(hidden, non_kings):
            hands[s] = c
        rest = rng.shuffle(non_kings[len(hidden):] + kings)
        me = obs.seat
        seen = []
        for v in range(n):
            if v == me:
                seen.append(tuple(obs.cards[s] if not obs.face_up[s] else None for s in range(n)))
            else:
                row = [hands[s] if s == v else None for s in range(n)]
                if obs.thief is not None and obs.thief[0] == v:
                    row[obs.thief[1]] = hands[obs.thief[1]]
                seen.append(tuple(row))
        if me is not None:
            row = list(seen[me])
            row[me] = hands[me]
            seen[me] = tuple(row)
        pos = obs.order.index(obs.turn) if obs.turn is not None else len(obs.order) - 1
        return DeathState(
            players=n, mode=obs.mode, multiplier=obs.multiplier, rounds=obs.rounds, round=obs.round,
            dealer=obs.dealer, order=obs.order, pos=pos, hands=tuple(hands), face_up=obs.face_up,
            seen=tuple(seen), deck=tuple(rest), discard=obs.discard, tokens=obs.tokens,
            out_round=obs.out_round, thief=obs.thief, log=obs.log, results=obs.results, deals=(),
            rng=rngmod.seed_state(rng.randbelow(1 << 30)), over=obs.phase == "over")


RULES = DeathOverTheKingdom()
