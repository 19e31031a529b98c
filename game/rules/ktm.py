"""King Thief Minister (seed 001, RULINGS.md section 2).

Six character cards lie face down on six spots in a ring (0-5 clockwise).  Each
player owns a spot (6 players: all; 5: 0-4; 4: 0, 1, 3, 4; 3: 0, 2, 4) and may
use the card that is in it now; cards move, nobody owns a card.  Coins: 3 in
each hand, 2 per player in the treasury.  The game ends the moment the
treasury is empty; most coins wins, ties share.  Turns pass clockwise (left,
seat + 1).

Flow (``state.phase``):

* ``peek``: the opening look.  Every seat secretly and simultaneously chooses
  one spot that is not its own (``peek``); when all have chosen, each sees its
  card (privately) and everyone sees which spot each looked at.
* ``turn``: the seat in turn ``look``\\ s (pays 1, sees its own card), ``move``\\ s
  every card (right, left or opposite) or ``claim``\\ s a character.
* ``challenge``: a claim (not the Peasant's) opens a window: every other seat
  secretly answers ``challenge`` or ``pass``; the first challenger going
  counter-clockwise from the claimant is resolved (they alone see the card).
* ``act``: the claimant gives the act's choices (``minister``, ``execute``,
  ``sheriff``); King and Thief act at once.
* ``ministers``: after a King's act, every other seat secretly and
  simultaneously answers ``claim_minister`` or ``pass``.
* ``name``: a Peasant shown to be the Peasant names the card in each other spot.
* ``over``.

Hidden information is only the card in each spot (and a Minister's secret
swap-or-not).  ``state.log`` is the history of every card-related fact:
public parts for everyone, the card of a private look only for the seats in
its ``to``, a Minister's swap bit only for that Minister.  A seat's
observation carries its view of that history; :func:`worlds` turns a history
into the set of arrangements of the six cards the seat cannot rule out, and
``determinize`` samples one consistent history (forward filtering, backward
sampling).

How a step is written (issue 26: each move once).  ``apply`` makes one working copy of
the state (``_Play``), runs the one step of the action's kind (``_STEPS``: ``_peek``,
``_look``, ``_move``, ``_claim``, ``_answer``, ``_minister``, ``_execute``, ``_sheriff``,
``_name``), which calls the plainly named rule functions below (``_resolve_challenge``,
``_king``, ``_thief``, ``_sheriff_tax``, ``_resolve_ministers``, ``_peasant``, ``_mistake``,
``_Play.pay``...; each says the rulebook's sentence it does), then freezes the copy.  The
checks are one function, ``_refusal`` (the player's reason); they are skipped only for an
action that is one of the very objects ``legal_actions`` has just given for this very state
(the rules object's ``LegalMemo``, game/core/memo.py).  The records and events that depend
on their arguments alone are said by one ``_*_said`` function each and made once per rules
object (``_Play.tell``).  The module keeps no mutable state: the legal lists, the memo and
what is told belong to the rules object.

Explicit decks (``new_game(config, deck=...)``, also in
``docs/drafts/ktm_ENGINE.md``): ``deck_names = ("spots", "king_deal")``.
``"spots"``: the six card names, the card in spot 0 first (a plain list means
this deck).  ``"king_deal"``: the opening deal that picks the start player,
one card name per seat (seat 0 first), or a list of such deals used in turn
when a deal gives nobody the King.  Whatever is not given is shuffled from
the seed (0 when only decks are given).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from itertools import permutations
from operator import itemgetter
from typing import Any, Mapping, Sequence

from game.core import rng as rngmod
from game.core.actions import Action, BadConfig, Event, IllegalAction, NotYourTurn, event, plain
from game.core.i18n import N_, _, ngettext
from game.core.memo import LegalMemo
from game.core.quote import cut
from game.core.rng import Rng
from game.core.rules import (GameConfig, Outcome, Window, check_players, checked_seat, is_int,
                             refuse_extra_params, refuse_if_over, require_turn)
from game.core.seats import (CLOCKWISE, COUNTER_CLOCKWISE, left_of, named_decks, parse_deck, right_of, ring_from,
                              seats_after)
from game.core.spaces import ListSpace
from game.core.state import evolve

# -- data (RULINGS.md section 2) ----------------------------------------------------------
NAMES: tuple[str, ...] = ("king", "thief", "minister", "executioner", "sheriff", "peasant")
KING, THIEF, MINISTER, EXECUTIONER, SHERIFF, PEASANT = range(6)
CARD_INDEX: Mapping[str, int] = {n: i for i, n in enumerate(NAMES)}
SPOTS = 6                               # spots in the ring, numbered 0-5 clockwise
OPPOSITE = 3                            # "to front": the spot i + 3
MIN_PLAYERS, MAX_PLAYERS = 3, 6
OWNED: Mapping[int, tuple[int, ...]] = {  # the spot of each seat, by number of players
    6: (0, 1, 2, 3, 4, 5), 5: (0, 1, 2, 3, 4), 4: (0, 1, 3, 4), 3: (0, 2, 4)}
HAND_COINS = 3                          # coins in each hand at the start
TREASURY_PER_PLAYER = 2                 # coins per player in the treasury at the start
LOOK_COST = 1
CHALLENGE_COST = 1                      # a challenger of a true claim pays this
KING_TAKES = 3
MINISTER_TAKES = 1                      # the Minister answering the King
FALSE_MINISTER_PAYS = 1                 # each false claimant when several claim Minister
THIEF_TAKES = 1                         # from each side
TAX = 1                                 # the Sheriff's tax on every other player
SHERIFF_EXTRA = 1                       # "You pay 2": the named player's extra coin
MISTAKE = 2                             # a Peasant's mistake
NO_COIN_TAKE = 1                        # each other player takes this when a payer has none
#: move directions: the shift of every card (right = counter-clockwise = spot - 1)
DIRECTIONS: Mapping[str, int] = {"right": -1, "left": 1, "opposite": OPPOSITE}

_CARD_TEXT: Mapping[int, str] = dict(enumerate((
    N_("King"), N_("Thief"), N_("Minister"), N_("Executioner"), N_("Sheriff"), N_("Peasant"))))

# phases
PEEK, TURN, CHALLENGE, ACT, MINISTERS, NAME, OVER = ("peek", "turn", "challenge", "act", "ministers",
                                                     "name", "over")
TREASURY = "treasury"                   # the "from"/"to" of a coin event that is not a seat


def card_text(card: int | str) -> str:
    """A card as people name it (translated): "Minister"."""
    return _(_CARD_TEXT[card_id(card)])


def card_id(card: int | str) -> int:
    return CARD_INDEX[card] if isinstance(card, str) else int(card)


def owned_spots(players: int) -> tuple[int, ...]:
    return OWNED[players]


def empty_spots(players: int) -> tuple[int, ...]:
    return tuple(s for s in range(SPOTS) if s not in OWNED[players])


Cards = tuple[int, ...]


# -- the history ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rec:
    """One fact of the history.

    kinds: ``deal`` (cards: the card dealt to each seat, other: the deal's number; public),
    ``start`` (seat), ``peek`` / ``look`` (seat, spot, card: private to ``to``),
    ``move`` (seat, shift: +1 left, -1 right, 3 opposite), ``claim`` (seat, spot,
    character), ``challenge`` (seat: the claimant, other: the challenger, spot,
    character, truth: public, card: private to the challenger), ``minister`` (seat,
    spot and other: the two spots, swapped: private to the Minister), ``execute``
    (seat, other: the target, spot: the target's, character, truth: right or wrong,
    card: private to the target), ``minister_claims`` (seat: the King, names: the
    claimants), ``minister_check`` (seat: a claimant, spot, character, truth, card:
    private to the other claimants), ``peasant`` (seat, spot, card: shown to all),
    ``names`` (seat, names: the card named for each spot, -1 for the Peasant's own;
    cards: every card, shown to all; truth: all right)."""

    kind: str
    seat: int = -1
    spot: int = -1
    other: int = -1
    character: int = -1
    truth: bool | None = None
    card: int | None = None
    to: tuple[int, ...] | None = None
    swapped: bool | None = None
    shift: int = 0
    cards: Cards = ()
    names: tuple[int, ...] = ()

    def view(self, viewer: int | None) -> "Rec":
        """The record as ``viewer`` (None: the spectator) knows it."""
        r = self
        if self.to is not None and self.card is not None and (viewer is None or viewer not in self.to):
            r = evolve(r, card=None)
        if self.kind == "minister" and self.swapped is not None and viewer != self.seat:
            r = evolve(r, swapped=None)
        return r


_REC_FIELDS: dict[str, Any] = {f.name: f.default for f in fields(Rec)}


def _rec(kind: str, **values: Any) -> Rec:
    """``Rec(kind, **values)`` without the frozen dataclass's ``__init__`` (a step's records)."""
    d = _REC_FIELDS.copy()
    d["kind"] = kind
    d.update(values)
    r = object.__new__(Rec)
    object.__setattr__(r, "__dict__", d)
    return r


def _privy(r: Rec) -> tuple[int, ...]:
    """The seats that see all of ``r`` (() when it hides nothing: everyone does)."""
    if r.to is not None and r.card is not None:
        return r.to
    if r.kind == "minister" and r.swapped is not None:
        return (r.seat,)
    return ()


def _public(r: Rec) -> Rec:
    """``r.view(None)`` for a record that hides something (``_privy(r)`` not empty): a copy
    without the hidden card or swap bit, made without ``evolve``'s checks."""
    d = r.__dict__.copy()
    if r.to is not None:
        d["card"] = None
    if r.kind == "minister":
        d["swapped"] = None
    out = _new(Rec)
    _set(out, "__dict__", d)
    return out


class _Views:
    """Each seat's view of one log (a cache kept in the state, not part of its value).

    ``seats[v]`` is seat ``v``'s view (index ``players``: the spectator's) once asked for,
    else None.  A log's views are built from those of an earlier log, ``base`` (whose every
    view is known), and the records appended since: ``since`` (them as a seat privy to
    none of them knows them) and ``privy`` (``(index in since, record, seats privy to it)``
    for each one that hides something).  A seat's view is the base's and ``since`` with its
    own private records put back: an observation costs what changed since the base, not the
    whole history.  When ``since`` reaches ``SPAN`` records every view is built and this log
    becomes the base of the next ones."""

    __slots__ = ("log", "seats", "base", "since", "privy")
    SPAN = 16

    def __init__(self, log: tuple[Rec, ...], players: int):
        """A base: every view of ``log`` now."""
        self.log = log
        self.base = None
        self.since, self.privy = (), ()
        self.seats: list[tuple[Rec, ...] | None] = [tuple(r.view(v) for r in log) for v in range(players)]
        self.seats.append(tuple(r.view(None) for r in log))

    @staticmethod
    def step(parent: "_Views", log: tuple[Rec, ...], new: tuple[Rec, ...], players: int) -> "_Views":
        """The views of ``log``: ``parent``'s log and the ``new`` records."""
        self = _new(_Views)
        self.log = log
        if parent.base is None:
            self.base, since, privy = parent, (), ()
        else:
            self.base, since, privy = parent.base, parent.since, parent.privy
        if len(new) == 1 and new[0].to is None and new[0].kind != "minister":     # most steps
            self.since, self.privy = since + new, privy
        else:
            hidden = []
            for r in new:
                pv = _privy(r)
                if pv:
                    privy += ((len(since) + len(hidden), r, pv),)
                    hidden.append(_public(r))
                else:
                    hidden.append(r)
            self.since, self.privy = since + tuple(hidden), privy
        self.seats = [None] * (players + 1)
        if len(self.since) >= _Views.SPAN:       # a new base: earlier logs' views are let go
            for v in range(players + 1):
                self.of(v)
            self.base, self.since, self.privy = None, (), ()
        return self

    def of(self, v: int) -> tuple[Rec, ...]:
        """Seat ``v``'s view (``players``: the spectator's)."""
        got = self.seats[v]
        if got is not None:
            return got
        ext = self.since
        for i, r, pv in self.privy:
            if v in pv:
                if ext is self.since:
                    ext = list(ext)
                ext[i] = r
        got = self.seats[v] = self.base.seats[v] + (ext if ext is self.since else tuple(ext))
        return got


def _views(state: "KTMState") -> _Views:
    """``state``'s views, built from its log if it has none of its own (a state made by
    ``KTMState(...)`` or by ``dataclasses.replace`` with another log)."""
    vw = state.views
    if vw is None or vw.log is not state.log:
        vw = _Views(state.log, state.players)
        object.__setattr__(state, "views", vw)      # a cache of a value of the log (compare=False)
    return vw


# -- state and observation ----------------------------------------------------------------------
@dataclass(frozen=True)
class KTMState:
    players: int
    spots: Cards                    # the card in each spot 0-5 now
    coins: tuple[int, ...]
    treasury: int
    start: int                      # the start player (dealt the King)
    turn: int                       # the seat whose turn it is (the start player during the peek)
    turns: int                      # turns begun (0 during the peek)
    phase: str
    claimant: int                   # the seat whose claim is being resolved or acts (-1)
    claim: int                      # the character claimed (-1)
    to_king: bool                   # the claim is a Minister's answer to the King
    window: Window | None
    log: tuple[Rec, ...]
    turn_cap: int | None
    capped: bool                    # ended by the turn cap (a draw)
    rng: int
    opening: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    #: a cache, not part of the state's value: each seat's view of ``log`` (:class:`_Views`),
    #: valid only while its ``log`` is this state's own log object
    views: Any = field(default=None, compare=False, repr=False)

    @property
    def owned(self) -> tuple[int, ...]:
        return OWNED[self.players]

    def spot_of(self, seat: int) -> int:
        return OWNED[self.players][seat]


@dataclass(frozen=True)
class KTMObservation:
    seat: int | None                # None: the spectator
    players: int
    owned: tuple[int, ...]          # the spot of each seat
    coins: tuple[int, ...]
    treasury: int
    start: int
    turn: int
    turns: int
    turn_cap: int | None
    phase: str
    claimant: int
    claim: int
    to_king: bool
    responders: tuple[int, ...]     # the open window's priority order (empty: none)
    my_answer: Any                  # this seat's own answer in the open window (None: not yet)
    history: tuple[Rec, ...]        # the history as this seat knows it
    capped: bool

    def to_json(self) -> dict:
        return plain(self)


# -- actions ----------------------------------------------------------------------------------
def peek(seat: int, spot: int) -> Action:
    return Action.make(seat, "peek", spot=spot)


def look(seat: int) -> Action:
    return Action.make(seat, "look")


def move(seat: int, direction: str) -> Action:
    return Action.make(seat, "move", direction=direction)


def claim(seat: int, character: int | str) -> Action:
    return Action.make(seat, "claim", character=NAMES[card_id(character)])


def challenge(seat: int) -> Action:
    return Action.make(seat, "challenge")


def pass_(seat: int) -> Action:
    return Action.make(seat, "pass")


def claim_minister(seat: int) -> Action:
    return Action.make(seat, "claim_minister")


def minister(seat: int, a: int, b: int, swap: bool) -> Action:
    return Action.make(seat, "minister", spots=sorted((a, b)), swap=bool(swap))


def execute(seat: int, target: int, character: int | str) -> Action:
    return Action.make(seat, "execute", target=target, character=NAMES[card_id(character)])


def sheriff(seat: int, target: int) -> Action:
    return Action.make(seat, "sheriff", target=target)


def name(seat: int, names: Sequence[int | str | None]) -> Action:
    return Action.make(seat, "name", names=[None if c is None else NAMES[card_id(c)] for c in names])


PARAMS: Mapping[str, tuple[str, ...]] = {
    "peek": ("spot",), "look": (), "move": ("direction",), "claim": ("character",), "challenge": (),
    "pass": (), "claim_minister": (), "minister": ("spots", "swap"), "execute": ("target", "character"),
    "sheriff": ("target",), "name": ("names",)}
PHASE_KINDS: Mapping[str, tuple[str, ...]] = {
    PEEK: ("peek",), TURN: ("look", "move", "claim"), CHALLENGE: ("challenge", "pass"),
    MINISTERS: ("claim_minister", "pass"), NAME: ("name",)}
ACT_KIND: Mapping[int, str] = {MINISTER: "minister", EXECUTIONER: "execute", SHERIFF: "sheriff"}


_new = object.__new__
_set = object.__setattr__


def _answered(w: Window, seat: int, value: bool | int) -> Window:
    """``w.answer(seat, value)`` for a seat that may answer and a plain bool/int value
    (nothing to check or freeze): the window's answers, one more."""
    out = _new(Window)          # evolve(w, answers=...) without the field-name check
    _set(out, "__dict__", {"order": w.order, "answers": w.answers + ((seat, value),), "mode": w.mode})
    return out


def _callers(w: Window) -> tuple[int, ...] | None:
    """``w.result()``'s callers once it is closed, None while it is open (``Window.result``
    without the result object, for the hot path of the call/pass windows)."""
    answers, order = w.answers, w.order
    if w.mode == "all":
        if len(answers) < len(order):
            return None
        got = dict(answers)
        return tuple([s for s in order if got[s] is not False and got[s] is not None])
    got = dict(answers)
    for s in order:
        if s not in got:
            return None
        v = got[s]
        if v is not False and v is not None:
            return (s,)
    return ()


#: every empty window a game can open, built once (a window is immutable): (seat, players,
#: kind) -> the window of the peek (every seat from the start player, clockwise, all answer),
#: a challenge (the others from the claimant's right, counter-clockwise: the first caller is
#: resolved) or the King's question (the others, counter-clockwise, all answer)
_WINDOWS: Mapping[tuple[int, int, str], Window] = {
    (seat, n, kind): Window(ring_from(seat, n, direction, include_self=kind == PEEK), mode=mode)
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) for seat in range(n)
    for kind, direction, mode in ((PEEK, CLOCKWISE, "all"), (CHALLENGE, COUNTER_CLOCKWISE, "first"),
                                  (MINISTERS, COUNTER_CLOCKWISE, "all"))}


# -- arrangements and knowledge -----------------------------------------------------------------
ALL: tuple[Cards, ...] = tuple(permutations(range(SPOTS)))
ALL_SET: frozenset[Cards] = frozenset(ALL)


#: per shift (mod 6): the spot each spot's card comes from, as one call
_SHIFT_TAKE = tuple(itemgetter(*[(j - k) % SPOTS for j in range(SPOTS)]) for k in range(SPOTS))


def shifted(arr: Sequence[int], shift: int) -> Cards:
    """Every card moved ``shift`` spots (+1: to the left/clockwise; -1: right; 3: opposite)."""
    return _SHIFT_TAKE[shift % SPOTS](arr)


def swapped(arr: Sequence[int], a: int, b: int) -> Cards:
    out = list(arr)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def _holds(arr: Cards, rec: Rec) -> bool:
    """Whether arrangement ``arr`` (at the moment of ``rec``) agrees with what ``rec`` shows."""
    card = rec.card
    if card is not None and rec.spot >= 0 and arr[rec.spot] != card:
        return False
    truth = rec.truth
    if truth is not None and rec.character >= 0 and (arr[rec.spot] == rec.character) != truth:
        return False
    return rec.kind != "names" or arr == rec.cards


FACT_KINDS = frozenset(("peek", "look", "challenge", "execute", "minister_check", "peasant", "names"))


def _advance(cur: frozenset[Cards], rec: Rec) -> frozenset[Cards]:
    k = rec.kind
    if k == "move":
        return frozenset(shifted(a, rec.shift) for a in cur)
    if k == "minister":
        a, b = rec.spot, rec.other
        if rec.swapped is None:
            return cur | frozenset(swapped(x, a, b) for x in cur)
        return frozenset(swapped(x, a, b) for x in cur) if rec.swapped else cur
    if k in FACT_KINDS:
        return frozenset(x for x in cur if _holds(x, rec))
    return cur


def worlds(history: Sequence[Rec]) -> frozenset[Cards]:
    """Every arrangement of the six cards (card per spot, now) that a seat knowing
    ``history`` (its view of the log) cannot rule out."""
    cur = ALL_SET
    for rec in history:
        cur = _advance(cur, rec)
    return cur


def possible_cards(obs: KTMObservation) -> tuple[frozenset[int], ...]:
    """Per spot, the cards it may hold now as far as ``obs``'s seat can tell (memory aid, AI)."""
    ws = worlds(obs.history)
    return tuple(frozenset(w[s] for w in ws) for s in range(SPOTS))


# -- explicit decks --------------------------------------------------------------------------------
DECK_NAMES: tuple[str, ...] = ("spots", "king_deal")


def parse_spots(entries: Sequence[Any]) -> Cards:
    return parse_deck(entries, NAMES, (1,) * len(NAMES), _("the spots (one card each, spot 0 first)"))


def parse_king_deals(entries: Any, players: int) -> tuple[Cards, ...]:
    """One deal (a card name per seat, seat 0 first) or a list of deals."""
    if isinstance(entries, (str, bytes)) or not isinstance(entries, Sequence):
        raise BadConfig(_("the King deal must be a list of card names, one per player"))
    deals = list(entries) if entries and all(isinstance(d, (list, tuple)) for d in entries) else [entries]
    out = []
    for d in deals:
        ids = parse_deck(d, NAMES, None, _("the King deal"))
        if len(ids) != players or len(set(ids)) != len(ids):
            raise BadConfig(ngettext("a King deal gives one different card to each of the {n} player",
                                     "a King deal gives one different card to each of the {n} players",
                                     players).format(n=players))
        out.append(ids)
    return tuple(out)


# -- the working copy of one step --------------------------------------------------------------------
class _Empty(Exception):
    """The treasury has just been emptied: the game ends at once."""


class _Play:
    """The working copy of a state inside one ``apply``.

    Its attributes are the state's own fields (``p.phase``, ``p.spots``, ``p.window``...),
    changed in place by the rule functions below (``coins`` becomes a list at the first coin
    that moves: :meth:`purse`).  It also keeps the records the step adds to the history
    (``records``) and the events it makes (``events``).  :meth:`freeze` makes the next state
    of it; the copy is not used after."""

    __slots__ = ("before", "records", "events", "said", "__dict__")

    def __init__(self, state: KTMState, said: dict):
        d = state.__dict__.copy()               # the next state's own field dictionary
        d["opening"] = ()                       # only new_game's state has opening events
        self.__dict__ = d
        self.before = state
        self.records: list[Rec] = []
        self.events: list[Event] = []
        self.said = said

    def freeze(self) -> KTMState:
        """The next state: these fields, the history with this step's records (and each
        seat's view of it stepped on from the state before)."""
        d = self.__dict__
        if d["coins"].__class__ is list:
            d["coins"] = tuple(d["coins"])
        if self.records:
            new = tuple(self.records)
            before = self.before
            vw = before.views
            if vw is None or vw.log is not before.log:
                vw = _views(before)
            d["log"] = log = before.log + new
            d["views"] = _Views.step(vw, log, new, d["players"])
        state = _new(KTMState)          # KTMState(**d) without the frozen dataclass's __init__
        _set(state, "__dict__", d)      # (tests/test_ktm_speed.py: exactly the state's fields)
        return state

    def spot_of(self, seat: int) -> int:
        return OWNED[self.players][seat]

    def ev(self, kind: str, data: dict, to: tuple[int, ...] | None = None,
           reveals: bool | tuple[int, ...] = False) -> None:
        """An event; ``data`` is a new dict made for it (the event keeps it)."""
        self.events.append(event(kind, data, to, reveals))

    def tell(self, *said: Any) -> None:
        """Add the records and events ``said[0](*said[1:])`` gives: a ``_*_said`` function
        below, whose records and events depend on its arguments alone, so each is made once
        per rules object (``KingThiefMinister.said``) and shared by every step that says it."""
        got = self.said.get(said)
        if got is None:
            got = self.said[said] = said[0](*said[1:])
        records, events = got
        if records:
            self.records += records
        self.events += events

    # coins move one at a time, each with its event
    def purse(self) -> list[int]:
        """The coins in each hand, as a list this step may change."""
        coins = self.coins
        if coins.__class__ is tuple:
            coins = self.coins = list(coins)
        return coins

    def _coin(self, src: int | str, dst: int | str, why: str) -> None:
        self.events.append(event("coin", {"from": src, "to": dst, "why": why, "treasury": self.treasury,
                                          "coins": list(self.coins)}))

    def take(self, seat: int, why: str) -> None:
        """``seat`` takes one coin from the treasury; the game ends when it is empty ("as soon
        as the treasury is empty, including in the middle of a payment")."""
        assert self.treasury > 0
        self.treasury -= 1
        self.purse()[seat] += 1
        self._coin(TREASURY, seat, why)
        if self.treasury == 0:
            raise _Empty()

    def give(self, seat: int, why: str) -> None:
        """``seat`` (who has a coin) pays one coin into the treasury."""
        assert self.coins[seat] > 0
        self.purse()[seat] -= 1
        self.treasury += 1
        self._coin(seat, TREASURY, why)

    def transfer(self, src: int, dst: int, why: str) -> None:
        """``src`` (who has a coin) gives one coin to ``dst``."""
        assert self.coins[src] > 0
        coins = self.purse()
        coins[src] -= 1
        coins[dst] += 1
        self._coin(src, dst, why)

    def others_take(self, seat: int, why: str, rounds: int = 1) -> None:
        """Every other player takes one coin from the treasury, "starting at the payer's right
        and going counter-clockwise"; ``rounds`` times round the table."""
        for _r in range(rounds):
            for s in seats_after(seat, self.players, (), COUNTER_CLOCKWISE):
                for _k in range(NO_COIN_TAKE):
                    self.take(s, why)

    def pay(self, seat: int, why: str) -> None:
        """Paying with no coins: ``seat`` pays one coin to the treasury; with none, it pays
        nothing and every other player takes one from the treasury instead."""
        if self.coins[seat] > 0:
            self.give(seat, why)
        else:
            self.ev("no_coin", {"seat": seat, "why": why})
            self.others_take(seat, "no_coin")


# -- the rules: one function each, in the order of RULINGS.md section 2 -------------------------------
# Each takes the working copy (and the action, already known to be legal: see ``_refusal``).

def _peek(p: _Play, action: Action) -> None:
    """Setup: "Each player looks at one card that is not in their own spot."  Every seat
    chooses secretly and at once; when all have chosen, each sees its card (alone) and
    everyone sees which spot each looked at; then the start player's turn begins."""
    seat = action.seat
    p.window = w = _answered(p.window, seat, action["spot"])
    res = w.result()
    if not res.closed:
        p.tell(_answered_said, seat, PEEK)
        return
    p.window = None
    p.ev("peeks", {"spots": {str(s): v for s, v in res.answers}}, None, True)
    for s, v in res.answers:
        card = p.spots[v]
        p.records.append(_rec("peek", seat=s, spot=v, card=card, to=(s,)))
        p.ev("peek", {"seat": s, "spot": v, "card": NAMES[card]}, (s,), True)
    _begin_turn(p, p.start)


def _begin_turn(p: _Play, seat: int) -> None:
    """"Turn: exactly one action": ``seat`` looks, moves or claims."""
    p.turn = seat
    p.turns += 1
    p.phase, p.claimant, p.claim, p.to_king, p.window = TURN, -1, -1, False, None
    p.events.append(event("turn", {"seat": seat, "turn": p.turns}))


def _end_turn(p: _Play) -> None:
    """"Turns pass clockwise (left)"; a simulation's turn cap ends the game as a draw."""
    cap = p.turn_cap
    if cap is not None and p.turns >= cap:
        p.capped = True
        _game_over(p, "turn_cap")
        return
    _begin_turn(p, (p.turn + 1) % p.players)      # left_of(p.turn, p.players)


def _look(p: _Play, action: Action) -> None:
    """Turn, 1. "Look: pay 1 coin, see the card in your own spot" (with no coin to pay,
    every other player takes one: ``_Play.pay``)."""
    seat = action.seat
    spot = OWNED[p.players][seat]
    p.tell(_look_said, seat, spot)
    for _k in range(LOOK_COST):
        p.pay(seat, "look")
    p.tell(_looked_said, seat, spot, p.spots[spot])
    _end_turn(p)


def _move(p: _Play, action: Action) -> None:
    """Turn, 2. "Move: every card moves one spot to the right, or one to the left, or to the
    opposite spot (i+3)"."""
    seat, d = action.seat, action["direction"]
    p.spots = shifted(p.spots, DIRECTIONS[d])
    p.tell(_move_said, seat, d)
    _end_turn(p)


def _claim(p: _Play, action: Action) -> None:
    """Turn, 3. "Claim a character for your spot and act": the Peasant cannot be challenged
    (``_peasant``); any other claim opens the challenge."""
    seat, c = action.seat, CARD_INDEX[action["character"]]
    p.tell(_claim_said, seat, OWNED[p.players][seat], c)
    p.claimant, p.claim, p.to_king = seat, c, False
    if c == PEASANT:
        _peasant(p, seat)
    else:
        _open_challenge(p, seat, c)


def _open_challenge(p: _Play, seat: int, c: int) -> None:
    """"Before the act, each other player may challenge": every other seat answers, in
    priority order counter-clockwise from the claimant."""
    p.phase = CHALLENGE
    p.window = _WINDOWS[seat, p.players, CHALLENGE]
    p.tell(_challenge_window_said, seat, p.players, c)


def _answer(p: _Play, action: Action) -> None:
    """A secret answer in the open window: ``challenge`` a claim, ``claim_minister`` at the
    King's "Who is the Minister?" (each a call), or ``pass``.  Once the window is decided,
    the challenge or the King's question is resolved."""
    seat = action.seat
    p.window = w = _answered(p.window, seat, action.kind != "pass")
    callers = _callers(w)
    if callers is None:
        p.tell(_answered_said, seat, p.phase)
        return
    p.window = None
    if p.phase == CHALLENGE:
        _resolve_challenge(p, callers[0] if callers else None)
    else:
        _resolve_ministers(p, callers)


def _resolve_challenge(p: _Play, challenger: int | None) -> None:
    """"Only one challenge is resolved: the first challenger found going counter-clockwise
    from the claimant.  The challenger alone sees the claimant's card.  If the claim was
    true, the challenger pays 1 coin and the act goes ahead.  If it was false, the act is
    cancelled and nothing else happens.  An unchallenged claim acts whatever the truth.\""""
    seat, c = p.claimant, p.claim
    if challenger is None:
        p.ev("no_challenge", {"claimant": seat, "character": NAMES[c]})
        _act(p)
        return
    spot = OWNED[p.players][seat]
    card = p.spots[spot]
    p.tell(_challenge_said, seat, challenger, spot, c, card)
    if card == c:
        for _k in range(CHALLENGE_COST):
            p.pay(challenger, "challenge")
        _act(p)
    else:
        p.tell(_cancelled_said, seat, c)
        _end_turn(p)


def _act(p: _Play) -> None:
    """The claim stands: the character acts (``_ACTS``; the Minister answering the King:
    ``_yes_sir``)."""
    seat, c = p.claimant, p.claim
    p.ev("act", {"seat": seat, "character": NAMES[c], "to_king": p.to_king})
    if p.to_king:
        _yes_sir(p, seat)
    else:
        _ACTS[c](p, seat)


def _king(p: _Play, seat: int) -> None:
    """"King: take 3 coins.  Then 'Who is the Minister?': each other player secretly decides
    at the same moment whether to claim Minister" (``_resolve_ministers``)."""
    for _k in range(KING_TAKES):
        p.take(seat, "king")
    p.phase = MINISTERS
    p.window = w = _WINDOWS[seat, p.players, MINISTERS]
    p.ev("window", {"kind": "ministers", "claimant": seat, "character": "minister", "order": list(w.order)})


def _resolve_ministers(p: _Play, claimants: tuple[int, ...]) -> None:
    """"With one claimant, the usual challenge applies; if the claim stands, they take 1
    coin.  With two or more claimants, each sees the others' cards.  Every false claimant
    pays 1 coin, and a true claimant takes 1 coin.\""""
    king = p.claimant
    p.records.append(_rec("minister_claims", seat=king, names=tuple(claimants)))
    p.ev("ministers", {"king": king, "claimants": list(claimants)}, None, True)
    if not claimants:
        _end_turn(p)
        return
    if len(claimants) == 1:
        m = claimants[0]
        spot = p.spot_of(m)
        p.records.append(_rec("claim", seat=m, spot=spot, character=MINISTER, other=king))
        p.ev("claim", {"seat": m, "spot": spot, "character": "minister", "to_king": True})
        p.claimant, p.claim, p.to_king = m, MINISTER, True
        _open_challenge(p, m, MINISTER)
        return
    truth = {}
    for m in claimants:
        spot = p.spot_of(m)
        card = p.spots[spot]
        truth[m] = card == MINISTER
        others = tuple(o for o in claimants if o != m)
        p.records.append(_rec("minister_check", seat=m, spot=spot, character=MINISTER, truth=truth[m], card=card,
                              to=others))
        for o in others:
            p.ev("minister_seen", {"seat": o, "claimant": m, "spot": spot, "card": NAMES[card]}, (o,), True)
    for m in claimants:
        p.ev("minister_check", {"claimant": m, "truthful": truth[m]}, None, True)
    for m in claimants:
        if truth[m]:
            for _k in range(MINISTER_TAKES):
                p.take(m, "minister")
        else:
            for _k in range(FALSE_MINISTER_PAYS):
                p.pay(m, "false_minister")
    _end_turn(p)


def _yes_sir(p: _Play, seat: int) -> None:
    """The one Minister answering the King, whose claim stands: "they take 1 coin"."""
    for _k in range(MINISTER_TAKES):
        p.take(seat, "minister")
    _end_turn(p)


def _thief(p: _Play, seat: int) -> None:
    """"Thief: take 1 coin from the nearest player on each side.  If that player has no coin,
    take it from the treasury instead.\""""
    for side in (right_of(seat, p.players), left_of(seat, p.players)):
        for _k in range(THIEF_TAKES):
            if p.coins[side] > 0:
                p.transfer(side, seat, "thief")
            else:
                p.ev("no_coin", {"seat": side, "why": "thief"})
                p.take(seat, "thief")
    _end_turn(p)


def _sheriff_tax(p: _Play, seat: int) -> None:
    """"Sheriff: every other player with a coin pays 1 to the treasury" (one with no coin
    simply doesn't pay); then the Sheriff names the one who pays 1 more (``_sheriff``)."""
    p.ev("tax", {"seat": seat})
    for s in seats_after(seat, p.players):
        if p.coins[s] >= TAX:
            for _k in range(TAX):
                p.give(s, "tax")
        else:
            p.ev("no_tax", {"seat": s, "why": "tax"})
    p.phase = ACT


def _chooses(p: _Play, seat: int) -> None:
    """The Minister and the Executioner act by a choice of their own (``_minister``,
    ``_execute``)."""
    p.phase = ACT


#: the act of each character whose claim stands (the Peasant is never challenged: ``_peasant``)
_ACTS: Mapping[int, Any] = {KING: _king, THIEF: _thief, MINISTER: _chooses, EXECUTIONER: _chooses,
                            SHERIFF: _sheriff_tax}


def _minister(p: _Play, action: Action) -> None:
    """"Minister: choose any two spots (own included).  Secretly choose to swap their cards or
    not, without seeing them.  Everyone sees which two spots were chosen.\""""
    seat, (a, b), swap = action.seat, action["spots"], action["swap"]
    if swap:
        p.spots = swapped(p.spots, a, b)
    p.records.append(_rec("minister", seat=seat, spot=a, other=b, swapped=swap))
    p.ev("minister", {"seat": seat, "spots": [a, b]})
    p.ev("minister_swap", {"seat": seat, "spots": [a, b], "swapped": swap}, (seat,))
    _end_turn(p)


def _execute(p: _Play, action: Action) -> None:
    """"Executioner: point at another player and name a character.  The target looks at their
    own card.  If the guess is right, the Executioner takes all the target's coins.
    Everyone learns whether it was right.\""""
    seat, target, c = action.seat, action["target"], CARD_INDEX[action["character"]]
    spot = p.spot_of(target)
    card = p.spots[spot]
    right = card == c
    p.records.append(_rec("execute", seat=seat, other=target, spot=spot, character=c, truth=right, card=card,
                          to=(target,)))
    p.ev("execute", {"seat": seat, "target": target, "spot": spot, "character": NAMES[c]})
    p.ev("execute_look", {"target": target, "spot": spot, "card": NAMES[card]}, (target,), True)
    p.ev("execute_result", {"seat": seat, "target": target, "character": NAMES[c], "right": right,
                            "coins": p.coins[target] if right else 0}, None, True)
    if right:
        while p.coins[target] > 0:
            p.transfer(target, seat, "execute")
    _end_turn(p)


def _sheriff(p: _Play, action: Action) -> None:
    """"The sheriff then names one player, who pays 1 more" (with no coin: nothing)."""
    seat, target = action.seat, action["target"]
    p.ev("sheriff", {"seat": seat, "target": target})
    for _k in range(SHERIFF_EXTRA):
        if p.coins[target] > 0:
            p.give(target, "sheriff")
        else:
            p.ev("no_tax", {"seat": target, "why": "sheriff"})
    _end_turn(p)


def _peasant(p: _Play, seat: int) -> None:
    """"Peasant: cannot be challenged.  Show your card to all.  Not the Peasant: that is a
    mistake.  The Peasant: name the card in each other spot" (``_name``)."""
    spot = p.spot_of(seat)
    card = p.spots[spot]
    p.records.append(_rec("peasant", seat=seat, spot=spot, card=card))
    p.ev("peasant", {"seat": seat, "spot": spot, "card": NAMES[card]}, None, True)
    if card == PEASANT:
        p.phase = NAME
    else:
        _mistake(p, seat)


def _name(p: _Play, action: Action) -> None:
    """The Peasant names the card in each other spot; "all are shown.  All right takes the
    whole treasury.  Any wrong is a mistake.\""""
    seat, names = action.seat, action["names"]
    own = p.spot_of(seat)
    ids = tuple(-1 if s == own else CARD_INDEX[nm] for s, nm in enumerate(names))
    right = [s == own or ids[s] == p.spots[s] for s in range(SPOTS)]
    all_right = all(right)
    p.records.append(_rec("names", seat=seat, names=ids, cards=p.spots, truth=all_right))
    p.ev("names", {"seat": seat, "names": list(names)})
    p.ev("reveal_all", {"seat": seat, "cards": [NAMES[c] for c in p.spots], "named": list(names),
                        "right": right, "all_right": all_right}, None, True)
    if all_right:
        p.ev("peasant_wins", {"seat": seat, "treasury": p.treasury})
        while p.treasury > 0:
            p.take(seat, "peasant")     # ends the game with the last coin
    else:
        _mistake(p, seat)


def _mistake(p: _Play, seat: int) -> None:
    """"A mistake costs 2 coins": with 1 coin, pay it, and every other player takes 1; with
    none, every other player takes 2, one coin at a time around the table, twice."""
    had = p.coins[seat]
    p.ev("mistake", {"seat": seat, "coins": had})
    if had >= MISTAKE:
        for _k in range(MISTAKE):
            p.give(seat, "mistake")
    elif had > 0:
        for _k in range(had):
            p.give(seat, "mistake")
        p.others_take(seat, "mistake", rounds=MISTAKE - had)
    else:
        p.others_take(seat, "mistake", rounds=MISTAKE)
    _end_turn(p)


def _places(coins: Sequence[int], capped: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The winners and each seat's place: "most coins wins; ties share" (a turn cap's draw:
    everyone shares the first place)."""
    n = len(coins)
    if capped:
        return tuple(range(n)), (1,) * n
    ranks = tuple(1 + sum(1 for o in coins if o > coins[s]) for s in range(n))
    return tuple(s for s in range(n) if ranks[s] == 1), ranks


def _game_over(p: _Play, why: str) -> None:
    """"The game ends as soon as the treasury is empty" (or at a simulation's turn cap)."""
    p.phase, p.window, p.claimant, p.claim, p.to_king = OVER, None, -1, -1, False
    winners, ranks = _places(p.coins, p.capped)
    p.ev("game_over", {"why": why, "winners": list(winners), "ranks": list(ranks), "coins": list(p.coins),
                       "treasury": p.treasury, "shared": len(winners) > 1})


# -- what the rules tell: records and events that depend on their arguments alone -------------------
# Each returns (records, events); ``_Play.tell`` makes each once per rules object and key.

def _answered_said(seat: int, window: str) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """``seat`` has answered the open window (named by its phase: ``peek``, ``challenge``,
    ``ministers``); only ``seat`` sees it."""
    return (), (event("answered", {"seat": seat, "window": window}, (seat,)),)


def _look_said(seat: int, spot: int) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """Everyone sees ``seat`` look at its spot."""
    return (), (event("look", {"seat": seat, "spot": spot}),)


def _looked_said(seat: int, spot: int, card: int) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """``seat`` alone sees ``card`` in its spot."""
    return ((_rec("look", seat=seat, spot=spot, card=card, to=(seat,)),),
            (event("looked", {"seat": seat, "spot": spot, "card": NAMES[card]}, (seat,), True),))


def _move_said(seat: int, d: str) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """``seat`` moves every card ``d`` (each spot's card to spot + shift)."""
    shift = DIRECTIONS[d]
    return ((_rec("move", seat=seat, shift=shift),),
            (event("move", {"seat": seat, "direction": d, "shift": shift,
                            "moves": [[s, (s + shift) % SPOTS] for s in range(SPOTS)]}),))


def _claim_said(seat: int, spot: int, c: int) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """``seat`` claims the character ``c`` for its spot."""
    return ((_rec("claim", seat=seat, spot=spot, character=c),),
            (event("claim", {"seat": seat, "spot": spot, "character": NAMES[c]}),))


def _challenge_window_said(seat: int, players: int, c: int) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """The challenge window of ``seat``'s claim of ``c`` opens."""
    order = _WINDOWS[seat, players, CHALLENGE].order
    return (), (event("window", {"kind": "challenge", "claimant": seat, "character": NAMES[c],
                                 "order": list(order)}),)


def _challenge_said(seat: int, challenger: int, spot: int, c: int, card: int
                    ) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """``challenger`` challenges ``seat``'s claim of ``c``: it alone sees ``card``, everyone
    learns whether the claim was true."""
    truthful = card == c
    return ((_rec("challenge", seat=seat, other=challenger, spot=spot, character=c, truth=truthful, card=card,
                  to=(challenger,)),),
            (event("challenge", {"claimant": seat, "challenger": challenger, "character": NAMES[c], "spot": spot},
                   None, True),
             event("challenge_look", {"challenger": challenger, "claimant": seat, "spot": spot,
                                      "card": NAMES[card]}, (challenger,), True),
             event("challenge_result", {"claimant": seat, "challenger": challenger, "character": NAMES[c],
                                        "truthful": truthful}, None, True)))


def _cancelled_said(seat: int, c: int) -> tuple[tuple[Rec, ...], tuple[Event, ...]]:
    """``seat``'s false claim of ``c`` is cancelled."""
    return (), (event("cancelled", {"seat": seat, "character": NAMES[c]}),)


#: each action kind's step
_STEPS: Mapping[str, Any] = {
    "peek": _peek, "look": _look, "move": _move, "claim": _claim, "challenge": _answer, "pass": _answer,
    "claim_minister": _answer, "minister": _minister, "execute": _execute, "sheriff": _sheriff, "name": _name}


# -- the refusal: the player's reason, or nothing for a legal action ---------------------------------
#: each action kind's parameter names in the order an Action keeps them (sorted)
_PARAM_KEYS: Mapping[str, list[str]] = {k: sorted(v) for k, v in PARAMS.items()}


def _refusal(state: KTMState, action: Action) -> None:
    """Raise ``IllegalAction`` (``NotYourTurn`` for a seat that may not act now) with the
    player's reason unless ``action`` is legal in ``state``: the first checks every game
    makes, the phase, then the action's own values."""
    refuse_if_over(state.phase == OVER, action)
    seat = checked_seat(action, state.players)
    kind = action.kind
    keys = _PARAM_KEYS.get(kind)
    if keys is None:
        raise IllegalAction(_("'{kind}' is not a move of King Thief Minister").format(kind=cut(kind)), action)
    if [k for k, _v in action.params] != keys:
        _refuse_params(kind, action)
    _refuse_out_of_turn(state, seat, action)
    check = _VALUE_CHECKS.get(kind)
    if check is not None:
        check(state, action)


def _refuse_params(kind: str, action: Action) -> None:
    allowed = PARAMS[kind]
    given = {k for k, _v in action.params}
    refuse_extra_params(action, allowed)
    missing = sorted(set(allowed) - given)
    if missing:
        raise IllegalAction(_("'{kind}' needs {missing}").format(kind=cut(kind), missing=", ".join(missing)),
                            action)


def _refuse_out_of_turn(state: KTMState, seat: int, action: Action) -> None:
    """A window is answered by its seats, once each; otherwise the seat in turn (or the
    claimant acting) moves; and only with the phase's kinds of action."""
    ph, w = state.phase, state.window
    if w is not None:
        if seat not in w.order:
            who = _("the claimant") if ph == CHALLENGE else _("the King")
            raise NotYourTurn(_("seat {seat} is {who}: it does not answer this window").format(
                seat=seat, who=who), action)
        if seat in [s for s, _v in w.answers]:
            raise NotYourTurn(_("seat {seat} has already answered").format(seat=seat), action)
    else:
        require_turn(seat, state.turn if ph == TURN else state.claimant, action)
    if action.kind not in (PHASE_KINDS.get(ph) or (ACT_KIND[state.claim],)):
        raise IllegalAction(_phase_hint(state), action)


def _phase_hint(state: KTMState) -> str:
    ph = state.phase
    if ph == PEEK:
        return _("first each player peeks at one card: 'peek' with a spot that is not yours")
    if ph == TURN:
        return _("on your turn 'look', 'move' or 'claim' a character")
    if ph == CHALLENGE:
        return _("a claim of the {card} is open: answer 'challenge' or 'pass'").format(card=card_text(state.claim))
    if ph == MINISTERS:
        return _("the King asks 'Who is the Minister?': answer 'claim_minister' or 'pass'")
    if ph == NAME:
        return _("the Peasant names the card in each other spot: 'name'")
    return {MINISTER: _("the Minister chooses two spots and whether to swap them: 'minister'"),
            EXECUTIONER: _("the Executioner points at a player and names a character: 'execute'"),
            SHERIFF: _("the Sheriff names the player who pays one more coin: 'sheriff'")}[state.claim]


def _refuse_peek(state: KTMState, action: Action) -> None:
    spot = action["spot"]
    if not is_int(spot) or not 0 <= spot < SPOTS:
        raise IllegalAction(_("'spot' must be a spot from 0 to 5"), action)
    if spot == state.spot_of(action.seat):
        raise IllegalAction(_("you may not peek at the card in your own spot"), action)


def _refuse_move(state: KTMState, action: Action) -> None:
    if action["direction"] not in DIRECTIONS:
        raise IllegalAction(_("'direction' must be one of: {ds}").format(ds=", ".join(DIRECTIONS)), action)


def _refuse_character(state: KTMState, action: Action) -> None:
    if action["character"] not in CARD_INDEX:
        raise IllegalAction(_("'character' must be one of: {names}").format(names=", ".join(NAMES)), action)


def _refuse_minister(state: KTMState, action: Action) -> None:
    spots, swap = action["spots"], action["swap"]
    if (not isinstance(spots, tuple) or len(spots) != 2 or not all(is_int(s) and 0 <= s < SPOTS for s in spots)
            or spots[0] >= spots[1]):
        raise IllegalAction(_("'spots' must be two different spots from 0 to 5, the lower first"), action)
    if not isinstance(swap, bool):
        raise IllegalAction(_("'swap' must be true or false"), action)


def _refuse_target(state: KTMState, action: Action) -> None:
    target = action["target"]
    if not is_int(target) or not 0 <= target < state.players or target == action.seat:
        raise IllegalAction(_("'target' must be another player's seat"), action)


def _refuse_execute(state: KTMState, action: Action) -> None:
    _refuse_target(state, action)
    _refuse_character(state, action)


def _refuse_name(state: KTMState, action: Action) -> None:
    own, names = state.spot_of(action.seat), action["names"]
    bad = _("'names' lists the card you name for each spot 0-5: null for your own spot, and each of the "
            "other five characters once")
    if not isinstance(names, tuple) or len(names) != SPOTS:
        raise IllegalAction(bad, action)
    ids = []
    for s, nm in enumerate(names):
        if s == own:
            if nm is not None:
                raise IllegalAction(bad, action)
            ids.append(-1)
        elif nm not in CARD_INDEX or CARD_INDEX[nm] == PEASANT:
            raise IllegalAction(bad, action)
        else:
            ids.append(CARD_INDEX[nm])
    if len(set(ids)) != SPOTS:
        raise IllegalAction(bad, action)


#: each action kind's own checks of its values (after the phase's)
_VALUE_CHECKS: Mapping[str, Any] = {
    "peek": _refuse_peek, "move": _refuse_move, "claim": _refuse_character, "minister": _refuse_minister,
    "execute": _refuse_execute, "sheriff": _refuse_target, "name": _refuse_name}


class KingThiefMinister:
    id = "ktm"
    title = "King Thief Minister"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # turn_cap: simulations only; after that many turns the game ends as a draw (None: no cap)
    default_options: Mapping[str, Any] = {"turn_cap": None}
    deck_names: tuple[str, ...] = DECK_NAMES

    def __init__(self) -> None:
        #: the last legal actions given, per thread: ``apply`` trusts those very objects for
        #: that very state (game/core/memo.py says why that is sound)
        self._memo = LegalMemo()
        #: (phase, seat, players, claim) -> the legal actions: they depend on nothing else, so
        #: each list is made once.  Kept by this rules object, not the module: it is filled as
        #: asked (the 120 namings of a seat are made only if a Peasant names), and what a
        #: thread reads here is never trusted by itself: ``apply`` trusts an action only as one
        #: of the space the memo holds for that very state.  Two threads that make one list at
        #: once keep either of two equal lists.
        self._spaces: dict[tuple[str, int, int, int], ListSpace] = {}
        self._no_actions = ListSpace(())
        #: what the rules tell (``_Play.tell``): the records and events of a ``_*_said``
        #: function, by its arguments (at most a few thousand; they depend on nothing else)
        self.said: dict[tuple, tuple[tuple[Rec, ...], tuple[Event, ...]]] = {}

    # -- set-up
    def new_game(self, config: GameConfig, seed: int | None = None, deck: Any = None) -> KTMState:
        check_players(self, config)
        n = config.players
        cap = config.option("turn_cap")
        if cap is not None and (not is_int(cap) or cap < 1):
            raise BadConfig(_("turn_cap must be a whole number of turns, 1 or more, or none"))
        if deck is None and seed is None:
            raise BadConfig(_("new_game needs a seed or an explicit deck"))
        decks = named_decks(deck, DECK_NAMES) or {}
        deals = parse_king_deals(decks["king_deal"], n) if "king_deal" in decks else ()
        rng = rngmod.seed_state(seed if seed is not None else 0)
        events: list[Event] = []
        log: list[Rec] = []
        k = 0
        while True:                         # deal one card to each player; the King's holder starts
            k += 1
            if deals:
                dealt, deals, explicit = deals[0], deals[1:], True
            else:
                order, rng = rngmod.lane_shuffle(tuple(range(len(NAMES))), rng)
                dealt, explicit = tuple(order[:n]), False
            king = dealt.index(KING) if KING in dealt else None
            log.append(Rec("deal", other=k, cards=dealt))
            events.append(event("deal", {"deal": k, "cards": [NAMES[c] for c in dealt], "king": king,
                                          "explicit": explicit}, None, True))
            if king is not None:
                break
            events.append(event("redeal", {"deal": k + 1}))      # ruling: nobody was dealt the King
        start = king
        log.append(Rec("start", seat=start))
        events.append(event("start", {"seat": start}))
        if "spots" in decks:                # the start player shuffles the six cards onto the spots
            spots, explicit = parse_spots(decks["spots"]), True
        else:
            spots, rng = rngmod.lane_shuffle(tuple(range(len(NAMES))), rng)
            spots = tuple(spots)
            explicit = False
        events.append(event("spots", {"seat": start, "explicit": explicit, "owned": list(OWNED[n]),
                                       "empty": list(empty_spots(n))}))
        window = _WINDOWS[start, n, PEEK]   # then each player looks at one card (_peek)
        events.append(event("window", {"kind": "peek", "order": list(window.order)}))
        return KTMState(
            players=n, spots=tuple(spots), coins=(HAND_COINS,) * n, treasury=TREASURY_PER_PLAYER * n,
            start=start, turn=start, turns=0, phase=PEEK, claimant=-1, claim=-1, to_king=False,
            window=window, log=tuple(log), turn_cap=cap, capped=False, rng=rng, opening=tuple(events))

    def opening_events(self, state: KTMState) -> tuple[Event, ...]:
        """The events of the opening (King deal, start player, spots, the peek window) of a
        state made by ``new_game``, which returns no events."""
        return state.opening

    # -- queries
    def to_act(self, state: KTMState) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        w = state.window
        if w is not None:
            done = w.answers
            if not done:
                return w.order
            if len(done) == 1:            # every seat of the order but the one that answered
                return tuple(filter(done[0][0].__ne__, w.order))
            return w.pending()
        if state.phase == TURN:
            return (state.turn,)
        return (state.claimant,)

    def legal_actions(self, state: KTMState, seat: int) -> ListSpace:
        w, ph = state.window, state.phase     # seat not in self.to_act(state), inline
        if ph == OVER:
            return self._no_actions
        if w is None:
            if seat != (state.turn if ph == TURN else state.claimant):
                return self._no_actions
        elif seat not in w.order or seat in dict(w.answers):
            return self._no_actions
        key = (ph, seat, state.players, state.claim)
        space = self._spaces.get(key)
        if space is None:
            space = self._spaces[key] = self._legal(state, seat)
        return self._memo.remember(state, space)

    def _legal(self, state: KTMState, seat: int) -> ListSpace:
        """The legal actions of ``seat`` (who is to act): they depend only on the phase, the
        seat, the number of players and the claim, so :meth:`legal_actions` keeps each list."""
        ph = state.phase
        if ph == PEEK:
            mine = state.spot_of(seat)
            return ListSpace(tuple(peek(seat, s) for s in range(SPOTS) if s != mine))
        if ph == TURN:
            return ListSpace((look(seat),) + tuple(move(seat, d) for d in DIRECTIONS)
                             + tuple(claim(seat, c) for c in range(len(NAMES))))
        if ph == CHALLENGE:
            return ListSpace((challenge(seat), pass_(seat)))
        if ph == MINISTERS:
            return ListSpace((claim_minister(seat), pass_(seat)))
        if ph == NAME:
            own = state.spot_of(seat)
            others = [s for s in range(SPOTS) if s != own]
            acts = []
            for perm in permutations([c for c in range(len(NAMES)) if c != PEASANT]):
                names: list[int | None] = [None] * SPOTS
                for s, c in zip(others, perm):
                    names[s] = c
                acts.append(name(seat, names))
            return ListSpace(tuple(acts))
        # ACT
        if state.claim == MINISTER:
            return ListSpace(tuple(minister(seat, a, b, sw) for a in range(SPOTS) for b in range(a + 1, SPOTS)
                                   for sw in (True, False)))
        others = [s for s in range(state.players) if s != seat]
        if state.claim == EXECUTIONER:
            return ListSpace(tuple(execute(seat, t, c) for t in others for c in range(len(NAMES))))
        return ListSpace(tuple(sheriff(seat, t) for t in others))

    # -- transitions
    def apply(self, state: KTMState, action: Action) -> tuple[KTMState, tuple[Event, ...]]:
        """The one step of ``action``: checked first (``_refusal``) unless it is one of the very
        actions ``legal_actions`` has just given for this very state."""
        if not self._memo.trusted(state, action):
            _refusal(state, action)
        p = _Play(state, self.said)
        try:
            _STEPS[action.kind](p, action)
        except _Empty:
            _game_over(p, "treasury")
        return p.freeze(), tuple(p.events)

    # -- views
    def observe(self, state: KTMState, seat: int | None) -> KTMObservation:
        sd = state.__dict__             # the fields read straight from the instance dict
        w, n, vw = sd["window"], sd["players"], sd["views"]
        if type(seat) is int and 0 <= seat < n and vw is not None and vw.log is sd["log"]:
            history = vw.seats[seat] or vw.of(seat)         # _history's common case, inline
        else:
            history = self._history(state, seat)
        if w is None:
            my_answer, responders = None, ()
        else:
            my_answer, responders = (w.answer_of(seat) if seat is not None else None), w.order
        obs = _new(KTMObservation)      # KTMObservation(...) without the frozen __init__: the same value
        _set(obs, "__dict__", {
            "seat": seat, "players": n, "owned": OWNED[n], "coins": sd["coins"],
            "treasury": sd["treasury"], "start": sd["start"], "turn": sd["turn"], "turns": sd["turns"],
            "turn_cap": sd["turn_cap"], "phase": sd["phase"], "claimant": sd["claimant"], "claim": sd["claim"],
            "to_king": sd["to_king"], "responders": responders, "my_answer": my_answer,
            "history": history, "capped": sd["capped"]})
        return obs

    @staticmethod
    def _history(state: KTMState, seat: int | None) -> tuple[Rec, ...]:
        n = state.players
        if seat is None:
            v = n
        elif is_int(seat) and 0 <= seat < n:
            v = seat
        else:
            return tuple(r.view(seat) for r in state.log)
        vw = state.views
        if vw is None or vw.log is not state.log:
            vw = _views(state)
        return vw.seats[v] or vw.of(v)

    def outcome(self, state: KTMState) -> Outcome | None:
        if state.phase != OVER:
            return None
        winners, ranks = _places(state.coins, state.capped)
        return Outcome(winners=winners, ranks=ranks, scores=state.coins)

    def card_census(self, state: KTMState) -> dict[str, int]:
        out = {nm: 0 for nm in NAMES}
        for c in state.spots:
            out[NAMES[c]] += 1
        out["coins"] = sum(state.coins) + state.treasury    # coins are conserved too
        return out

    def determinize(self, obs: KTMObservation, rng: Rng) -> KTMState:
        """A full state consistent with ``obs``: a history of the six cards that agrees with
        everything the seat saw (forward filtering over the 720 arrangements, then one
        arrangement sampled backwards, choosing each unknown Minister swap), with every
        other seat's private looks filled in from it.  ``observe(result, obs.seat) == obs``."""
        stages = history_stages(obs.history)
        cur = stages[-1] if stages else ALL_SET
        if not cur:
            raise ValueError("no arrangement of the cards agrees with the observation")
        return world_from(obs, stages, rng.choice(sorted(cur)), rng)


def history_stages(hist) -> list[frozenset[Cards]]:
    """The arrangements of the cards that agree with the history up to each record (forward
    filtering over the 720 arrangements)."""
    stages: list[frozenset[Cards]] = []
    cur = ALL_SET
    for rec in hist:
        cur = _advance(cur, rec)
        stages.append(cur)
    return stages


def world_from(obs: KTMObservation, stages: list[frozenset[Cards]], arr: Cards, rng: Rng) -> KTMState:
    """The full state of ``obs`` whose cards lie as ``arr`` now (one of the last stage of
    :func:`history_stages`): the history sampled backwards from it (each unknown Minister
    swap chosen among the arrangements that agree with the earlier facts), every seat's
    private looks filled in."""
    hist = obs.history
    final = arr
    at: list[Cards] = [arr] * len(hist)       # the arrangement just after each record
    bits: dict[int, bool] = {}
    for i in range(len(hist) - 1, -1, -1):
        at[i] = arr
        rec = hist[i]
        if rec.kind == "move":
            arr = shifted(arr, -rec.shift)
        elif rec.kind == "minister":
            other = swapped(arr, rec.spot, rec.other)
            if rec.swapped is None:
                before = stages[i - 1] if i > 0 else ALL_SET
                opts = [x for x in (arr, other) if x in before]
                prev = opts[0] if len(opts) == 1 else rng.choice(opts)
                bits[i] = prev != arr
                arr = prev
            elif rec.swapped:
                arr = other
    log = []
    for i, rec in enumerate(hist):
        if rec.kind == "minister" and rec.swapped is None:
            rec = replace(rec, swapped=bits[i])
        elif rec.to is not None and rec.card is None:
            rec = replace(rec, card=at[i][rec.spot])
        log.append(rec)
    window = None
    if obs.responders:
        mode = "first" if obs.phase == CHALLENGE else "all"
        answers = () if obs.my_answer is None else ((obs.seat, obs.my_answer),)
        window = Window(obs.responders, answers, mode)
    return KTMState(
        players=obs.players, spots=final, coins=obs.coins, treasury=obs.treasury, start=obs.start,
        turn=obs.turn, turns=obs.turns, phase=obs.phase, claimant=obs.claimant, claim=obs.claim,
        to_king=obs.to_king, window=window, log=tuple(log), turn_cap=obs.turn_cap, capped=obs.capped,
        rng=rngmod.seed_state(rng.randbelow(1 << 30)))


RULES = KingThiefMinister()
