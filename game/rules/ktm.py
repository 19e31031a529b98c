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
from game.core.quote import cut
from game.core.actions import Action, BadConfig, Event, IllegalAction, NotYourTurn, plain
from game.core.i18n import N_, _
from game.core.rng import Rng
from game.core.rules import GameConfig, Outcome, Window, check_players
from game.core.seats import (CLOCKWISE, COUNTER_CLOCKWISE, left_of, named_decks, parse_deck, right_of, ring_from,
                              seats_after)
from game.core.spaces import ListSpace
from game.core.state import evolve, fork

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


def _ev(kind: str, data: Mapping[str, Any], to: tuple[int, ...] | None = None,
        reveals: bool | tuple[int, ...] = False) -> Event:
    return Event(kind, dict(data), to, reveals=reveals)


_new = object.__new__
_set = object.__setattr__


def _event(kind: str, data: dict, to: tuple[int, ...] | None, reveals: bool | tuple[int, ...]) -> Event:
    """``Event(kind, data, to, reveals)`` for a ``data`` dict made for it alone, without the
    frozen dataclass's ``__init__`` (an event per coin: the hottest object of ``apply``)."""
    e = _new(Event)
    _set(e, "__dict__", {"kind": kind, "data": data, "to": to, "reveals": reveals})
    return e


def _answered(w: Window, seat: int, value: bool | int) -> Window:
    """``w.answer(seat, value)`` for a seat that ``_check_turn`` let answer and a plain
    bool/int value (nothing to check or freeze): the window's answers, one more."""
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


_WINDOWS: dict[tuple[int, int, int, bool, str], Window] = {}


def _window(seat: int, players: int, direction: int, mode: str, include_self: bool = False) -> Window:
    """The empty window of the seats from ``seat`` (excluded unless ``include_self``) round
    the ring in ``direction`` (a window is immutable: one per shape is kept)."""
    key = (seat, players, direction, include_self, mode)
    w = _WINDOWS.get(key)
    if w is None:
        order = ring_from(seat, players, direction, include_self=include_self)
        w = _WINDOWS[key] = Window(order, mode=mode)
    return w


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


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
            raise BadConfig(_("a King deal gives one different card to each of the {n} players").format(
                n=players))
        out.append(ids)
    return tuple(out)


# -- the rules -------------------------------------------------------------------------------------
class _Empty(Exception):
    """The treasury has just been emptied: the game ends at once."""


class _Play:
    """The mutable working copy of a state inside one ``apply``."""

    __slots__ = ("state", "n", "coins", "treasury", "spots", "turn", "turns", "phase", "claimant", "claim",
                 "to_king", "window", "log", "capped", "events")

    def __init__(self, state: KTMState):
        self.state = state
        self.n = state.players
        self.coins = list(state.coins)
        self.treasury = state.treasury
        self.spots = state.spots
        self.turn = state.turn
        self.turns = state.turns
        self.phase = state.phase
        self.claimant = state.claimant
        self.claim = state.claim
        self.to_king = state.to_king
        self.window = state.window
        self.log: list[Rec] = []        # the records appended by this step
        self.capped = state.capped
        self.events: list[Event] = []

    def freeze(self) -> KTMState:
        st = self.state
        log, views = st.log, st.views
        if self.log:
            new = tuple(self.log)
            log = log + new
            views = _Views.step(_views(st), log, new, self.n)
        # evolve(st, ...) for the fields a step may change, without its field-name check
        # (tests/test_ktm_speed.py checks that a step keeps exactly the state's fields)
        new, d = fork(st)
        d.update(coins=tuple(self.coins), treasury=self.treasury, spots=self.spots, turn=self.turn,
                 turns=self.turns, phase=self.phase, claimant=self.claimant, claim=self.claim,
                 to_king=self.to_king, window=self.window, log=log, capped=self.capped, opening=(), views=views)
        return new

    def ev(self, kind: str, data: dict, to: tuple[int, ...] | None = None,
           reveals: bool | tuple[int, ...] = False) -> None:
        """An event; ``data`` is a new dict made for it (the event keeps it)."""
        e = _new(Event)         # as _event, inline
        _set(e, "__dict__", {"kind": kind, "data": data, "to": to, "reveals": reveals})
        self.events.append(e)

    def _coin(self, src: int | str, dst: int | str, why: str) -> None:
        self.events.append(_event("coin", {"from": src, "to": dst, "why": why, "treasury": self.treasury,
                                           "coins": list(self.coins)}, None, False))

    # coin movements, one coin at a time
    def take(self, seat: int, why: str) -> None:
        """``seat`` takes one coin from the treasury; the game ends when it is empty."""
        assert self.treasury > 0
        self.treasury -= 1
        self.coins[seat] += 1
        self._coin(TREASURY, seat, why)
        if self.treasury == 0:
            raise _Empty()

    def give(self, seat: int, why: str) -> None:
        """``seat`` (who has a coin) pays one coin into the treasury."""
        assert self.coins[seat] > 0
        self.coins[seat] -= 1
        self.treasury += 1
        self._coin(seat, TREASURY, why)

    def transfer(self, src: int, dst: int, why: str) -> None:
        assert self.coins[src] > 0
        self.coins[src] -= 1
        self.coins[dst] += 1
        self._coin(src, dst, why)

    def others_take(self, seat: int, why: str, rounds: int = 1) -> None:
        """Every other player takes one coin from the treasury, from ``seat``'s right
        counter-clockwise; ``rounds`` times round the table."""
        for _r in range(rounds):
            for s in seats_after(seat, self.n, (), COUNTER_CLOCKWISE):
                self.take(s, why)

    def pay(self, seat: int, why: str) -> None:
        """``seat`` pays one coin to the treasury; with none, it pays nothing and every
        other player takes one from the treasury instead."""
        if self.coins[seat] > 0:
            self.give(seat, why)
        else:
            self.ev("no_coin", {"seat": seat, "why": why})
            self.others_take(seat, "no_coin")


_NO_ACTIONS = ListSpace(())
#: (phase, seat, players, claim) -> (the legal actions, the ids of those action objects)
#: (immutable, kept for ever so no id is reused; at most a few hundred lists)
_LEGAL: dict[tuple[str, int, int, int], tuple[ListSpace, frozenset[int]]] = {}
#: each action kind's parameter names in the order an Action keeps them (sorted)
_PARAM_KEYS: Mapping[str, list[str]] = {k: sorted(v) for k, v in PARAMS.items()}
_DO: Mapping[str, str] = {k: "_do_" + k for k in PARAMS}       # each kind's method
#: the last (state, ids of the space's actions) legal_actions gave, held (so no identity is
#: reused): apply takes one of those very actions for that very state as legal without
#: walking its checks again (tests/test_ktm_speed.py compares it with the checked path)
_LAST: list = [(None, frozenset())]


#: the "answered" event of a seat whose answer leaves a challenge window (index seat) or the
#: King's window (index MAX_PLAYERS + seat) open: one shared event each (as _answer makes it)
_ANSWERED: tuple[tuple[Event, ...], ...] = tuple(
    (_event("answered", {"seat": s, "window": wk}, (s,), False),)
    for wk in ("challenge", "ministers") for s in range(MAX_PLAYERS))
#: (seat, players, character) -> (the claim's record, its events, the challenge window), shared
_CLAIMS: dict[tuple[int, int, int], tuple[Rec, tuple[Event, ...], Window]] = {}
#: (seat, players, direction) -> (the shift, the move's record, its event), shared
_MOVES: dict[tuple[int, int, str], tuple[int, Rec, Event]] = {}


def _claim_parts(seat: int, players: int, c: int) -> tuple[Rec, tuple[Event, ...], Window]:
    """What ``_do_claim`` and ``_open_challenge`` make for ``seat``'s claim of ``c`` (not
    the Peasant): the record, the claim and window events, the window."""
    spot = OWNED[players][seat]
    w = _window(seat, players, COUNTER_CLOCKWISE, "first")
    return (_rec("claim", seat=seat, spot=spot, character=c),
            (_event("claim", {"seat": seat, "spot": spot, "character": NAMES[c]}, None, False),
             _event("window", {"kind": "challenge", "claimant": seat, "character": NAMES[c],
                               "order": list(w.order)}, None, False)), w)


def _move_parts(seat: int, d: str) -> tuple[int, Rec, Event]:
    """What ``_do_move`` makes for ``seat``'s move ``d``: the shift, the record, the event."""
    shift = DIRECTIONS[d]
    return (shift, _rec("move", seat=seat, shift=shift),
            _event("move", {"seat": seat, "direction": d, "shift": shift,
                            "moves": [[s, (s + shift) % SPOTS] for s in range(SPOTS)]}, None, False))


def _stepped(state: KTMState, rec: Rec, changes: dict[str, Any]) -> KTMState:
    """``state`` with ``rec`` appended to its log (its views stepped) and the fields in
    ``changes``: what ``_Play.freeze`` makes of one record."""
    new, d = fork(state)
    d.update(changes)
    log = state.log + (rec,)
    d["views"] = _Views.step(_views(state), log, (rec,), state.players)
    d["log"], d["opening"] = log, ()
    return new


def _claim_step(state: KTMState, action: Action) -> tuple[KTMState, tuple[Event, ...]] | None:
    """``apply`` of a legal claim (None for the Peasant's: the plain path)."""
    c = CARD_INDEX[action["character"]]
    if c == PEASANT:
        return None
    seat, n = action.seat, state.players
    key = (seat, n, c)
    parts = _CLAIMS.get(key)
    if parts is None:
        parts = _CLAIMS[key] = _claim_parts(seat, n, c)
    rec, events, w = parts
    changes = dict(phase=CHALLENGE, claimant=seat, claim=c, to_king=False, window=w)
    return _stepped(state, rec, changes), events


def _move_step(state: KTMState, action: Action) -> tuple[KTMState, tuple[Event, ...]]:
    """``apply`` of a legal move that does not reach the turn cap: the cards shift, the turn
    passes left."""
    seat, n = action.seat, state.players
    key = (seat, n, action["direction"])
    parts = _MOVES.get(key)
    if parts is None:
        parts = _MOVES[key] = _move_parts(seat, key[2])
    shift, rec, ev = parts
    nxt, turns = (state.turn + 1) % n, state.turns + 1
    changes = dict(spots=_SHIFT_TAKE[shift % SPOTS](state.spots), turn=nxt, turns=turns, phase=TURN,
                   claimant=-1, claim=-1, to_king=False, window=None)
    return _stepped(state, rec, changes), (ev, _event("turn", {"seat": nxt, "turn": turns}, None, False))


#: (claimant, challenger, players, character, card) -> the record and the events (without the
#: turn's) of a challenge that shows a false claim, shared
_FALSE_CLAIMS: dict[tuple[int, int, int, int, int], tuple[Rec, tuple[Event, ...]]] = {}


def _false_claim_parts(seat: int, challenger: int, players: int, c: int, card: int
                       ) -> tuple[Rec, tuple[Event, ...]]:
    """What ``_resolve_challenge`` makes when ``challenger`` shows that ``seat``'s claim of
    ``c`` is false (its card is ``card``): the record and the events before the next turn's."""
    spot = OWNED[players][seat]
    return (_rec("challenge", seat=seat, other=challenger, spot=spot, character=c, truth=False, card=card,
                 to=(challenger,)),
            (_event("challenge", {"claimant": seat, "challenger": challenger, "character": NAMES[c],
                                  "spot": spot}, None, True),
             _event("challenge_look", {"challenger": challenger, "claimant": seat, "spot": spot,
                                       "card": NAMES[card]}, (challenger,), True),
             _event("challenge_result", {"claimant": seat, "challenger": challenger, "character": NAMES[c],
                                         "truthful": False}, None, True),
             _event("cancelled", {"seat": seat, "character": NAMES[c]}, None, False)))


def _false_claim_step(state: KTMState, challenger: int) -> tuple[KTMState, tuple[Event, ...]] | None:
    """``apply`` of the challenge that closes the window when the claim is false and the turn
    cap is not reached (the claim is cancelled, the turn passes left); None otherwise (the
    plain path)."""
    seat, c, n = state.claimant, state.claim, state.players
    card = state.spots[OWNED[n][seat]]
    cap = state.turn_cap
    if card == c or (cap is not None and state.turns >= cap):
        return None
    key = (seat, challenger, n, c, card)
    parts = _FALSE_CLAIMS.get(key)
    if parts is None:
        parts = _FALSE_CLAIMS[key] = _false_claim_parts(*key)
    rec, events = parts
    nxt, turns = (state.turn + 1) % n, state.turns + 1
    changes = dict(turn=nxt, turns=turns, phase=TURN, claimant=-1, claim=-1, to_king=False, window=None)
    return _stepped(state, rec, changes), events + (_event("turn", {"seat": nxt, "turn": turns}, None, False),)


#: (seat, players, card) -> the look's record and its "look" and "looked" events, shared
_LOOKS: dict[tuple[int, int, int], tuple[Rec, Event, Event]] = {}


def _look_parts(seat: int, players: int, card: int) -> tuple[Rec, Event, Event]:
    """What ``_do_look`` makes for ``seat`` seeing ``card`` in its spot: the record, the
    "look" event and the private "looked" event."""
    spot = OWNED[players][seat]
    return (_rec("look", seat=seat, spot=spot, card=card, to=(seat,)),
            _event("look", {"seat": seat, "spot": spot}, None, False),
            _event("looked", {"seat": seat, "spot": spot, "card": NAMES[card]}, (seat,), True))


def _look_step(state: KTMState, seat: int) -> tuple[KTMState, tuple[Event, ...]] | None:
    """``apply`` of a legal look by a seat that has a coin to pay, the turn cap not reached
    (the coin goes to the treasury, the seat sees its card, the turn passes left); None
    otherwise (the plain path)."""
    coins, n, cap = state.coins, state.players, state.turn_cap
    if coins[seat] <= 0 or (cap is not None and state.turns >= cap):
        return None
    key = (seat, n, state.spots[OWNED[n][seat]])
    parts = _LOOKS.get(key)
    if parts is None:
        parts = _LOOKS[key] = _look_parts(*key)
    rec, ev_look, ev_looked = parts
    paid = list(coins)
    paid[seat] -= 1                 # pay: one coin, as _do_look
    treasury = state.treasury + 1
    nxt, turns = (state.turn + 1) % n, state.turns + 1
    changes = dict(coins=tuple(paid), treasury=treasury, turn=nxt, turns=turns, phase=TURN, claimant=-1,
                   claim=-1, to_king=False, window=None)
    return _stepped(state, rec, changes), (
        ev_look, _event("coin", {"from": seat, "to": TREASURY, "why": "look", "treasury": treasury, "coins": paid},
                        None, False),
        ev_looked, _event("turn", {"seat": nxt, "turn": turns}, None, False))


class KingThiefMinister:
    id = "ktm"
    title = "King Thief Minister"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # turn_cap: simulations only; after that many turns the game ends as a draw (None: no cap)
    default_options: Mapping[str, Any] = {"turn_cap": None}
    deck_names: tuple[str, ...] = DECK_NAMES

    # -- set-up
    def new_game(self, config: GameConfig, seed: int | None = None, deck: Any = None) -> KTMState:
        check_players(self, config)
        n = config.players
        cap = config.option("turn_cap")
        if cap is not None and (not _is_int(cap) or cap < 1):
            raise BadConfig(_("turn_cap must be a whole number of turns, 1 or more, or none"))
        if deck is None and seed is None:
            raise BadConfig(_("new_game needs a seed or an explicit deck"))
        decks = named_decks(deck, DECK_NAMES) or {}
        deals = parse_king_deals(decks["king_deal"], n) if "king_deal" in decks else ()
        rng = rngmod.seed_state(seed if seed is not None else 0)
        events: list[Event] = []
        log: list[Rec] = []
        k = 0
        while True:
            k += 1
            if deals:
                dealt, deals, explicit = deals[0], deals[1:], True
            else:
                order, rng = rngmod.shuffle(tuple(range(len(NAMES))), rng)
                dealt, explicit = tuple(order[:n]), False
            king = dealt.index(KING) if KING in dealt else None
            log.append(Rec("deal", other=k, cards=dealt))
            events.append(_ev("deal", {"deal": k, "cards": [NAMES[c] for c in dealt], "king": king,
                                       "explicit": explicit}, reveals=True))
            if king is not None:
                break
            events.append(_ev("redeal", {"deal": k + 1}))
        start = king
        log.append(Rec("start", seat=start))
        events.append(_ev("start", {"seat": start}))
        if "spots" in decks:
            spots, explicit = parse_spots(decks["spots"]), True
        else:
            spots, rng = rngmod.shuffle(tuple(range(len(NAMES))), rng)
            explicit = False
        events.append(_ev("spots", {"seat": start, "explicit": explicit, "owned": list(OWNED[n]),
                                    "empty": list(empty_spots(n))}))
        window = _window(start, n, CLOCKWISE, "all", include_self=True)
        events.append(_ev("window", {"kind": "peek", "order": list(window.order)}))
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
            if len(done) == 1:
                first = done[0][0]
                return tuple([s for s in w.order if s != first])
            return w.pending()
        if state.phase == TURN:
            return (state.turn,)
        return (state.claimant,)

    def legal_actions(self, state: KTMState, seat: int) -> ListSpace:
        # seat not in self.to_act(state), inline
        w, ph = state.window, state.phase
        if ph == OVER:
            return _NO_ACTIONS
        if w is None:
            if seat != (state.turn if ph == TURN else state.claimant):
                return _NO_ACTIONS
        elif seat not in w.order or seat in [s for s, _v in w.answers]:
            return _NO_ACTIONS
        key = (state.phase, seat, state.players, state.claim)
        got = _LEGAL.get(key)
        if got is None:
            space = self._legal(state, seat)
            got = _LEGAL[key] = (space, frozenset(map(id, space.actions)))
        _LAST[0] = (state, got[1])
        return got[0]

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
        last = _LAST[0]
        if last[0] is state and id(action) in last[1]:
            # one of the actions legal_actions has just given for this very state: legal as it is
            kind = action.kind
            if kind == "pass" or kind == "challenge" or kind == "claim_minister":
                seat = action.seat
                w = _answered(state.window, seat, kind != "pass")
                callers = _callers(w)
                if callers is None:             # the window stays open: only it changes
                    new, d = fork(state)
                    d["window"], d["opening"] = w, ()
                    return new, _ANSWERED[seat if state.phase == CHALLENGE else seat + MAX_PLAYERS]
                if callers and state.phase == CHALLENGE:
                    fast = _false_claim_step(state, callers[0])
                    if fast is not None:
                        return fast
            elif kind == "claim":
                fast = _claim_step(state, action)
                if fast is not None:
                    return fast
            elif kind == "move":
                cap = state.turn_cap
                if cap is None or state.turns < cap:
                    return _move_step(state, action)
            elif kind == "look":
                fast = _look_step(state, action.seat)
                if fast is not None:
                    return fast
            p = _Play(state)
            try:
                getattr(self, _DO[action.kind])(p, action)
            except _Empty:
                self._game_over(p, "treasury")
            return p.freeze(), tuple(p.events)
        if state.phase == OVER:
            raise IllegalAction(_("the game is over"), action)
        n = state.players
        seat = action.seat
        if not (type(seat) is int or _is_int(seat)) or not 0 <= seat < n:
            raise IllegalAction(_("there is no seat {seat}").format(seat=seat), action)
        kind = action.kind
        keys = _PARAM_KEYS.get(kind)
        if keys is None:
            raise IllegalAction(_("'{kind}' is not a move of King Thief Minister").format(kind=cut(kind)), action)
        if [k for k, _v in action.params] != keys:
            self._check_params(kind, action)
        self._check_turn(state, action)
        p = _Play(state)
        try:
            getattr(self, _DO[kind])(p, action)
        except _Empty:
            self._game_over(p, "treasury")
        return p.freeze(), tuple(p.events)

    @staticmethod
    def _check_params(kind: str, action: Action) -> None:
        allowed = PARAMS[kind]
        given = {k for k, _v in action.params}
        extra = sorted(given - set(allowed))
        if extra:
            raise IllegalAction(_("'{kind}' takes no {extra}").format(
                kind=cut(kind), extra=", ".join(map(cut, extra[:5]))), action)
        missing = sorted(set(allowed) - given)
        if missing:
            raise IllegalAction(_("'{kind}' needs {missing}").format(kind=cut(kind), missing=", ".join(missing)),
                                action)

    def _check_turn(self, state: KTMState, action: Action) -> None:
        seat, kind, ph = action.seat, action.kind, state.phase
        w = state.window
        if w is not None:
            if seat not in w.order:
                who = _("the claimant") if ph in (CHALLENGE,) else _("the King")
                raise NotYourTurn(_("seat {seat} is {who}: it does not answer this window").format(
                    seat=seat, who=who), action)
            if seat in [s for s, _v in w.answers]:
                raise NotYourTurn(_("seat {seat} has already answered").format(seat=seat), action)
        else:
            actor = self.to_act(state)[0]
            if seat != actor:
                raise NotYourTurn(_("it is seat {turn}'s turn, not seat {seat}'s").format(
                    turn=actor, seat=seat), action)
        kinds = PHASE_KINDS.get(ph) or (ACT_KIND[state.claim],)
        if kind not in kinds:
            raise IllegalAction(self._phase_hint(state), action)

    def _phase_hint(self, state: KTMState) -> str:
        ph = state.phase
        if ph == PEEK:
            return _("first each player peeks at one card: 'peek' with a spot that is not yours")
        if ph == TURN:
            return _("on your turn 'look', 'move' or 'claim' a character")
        if ph == CHALLENGE:
            return _("a claim of the {card} is open: answer 'challenge' or 'pass'").format(
                card=card_text(state.claim))
        if ph == MINISTERS:
            return _("the King asks 'Who is the Minister?': answer 'claim_minister' or 'pass'")
        if ph == NAME:
            return _("the Peasant names the card in each other spot: 'name'")
        return {MINISTER: _("the Minister chooses two spots and whether to swap them: 'minister'"),
                EXECUTIONER: _("the Executioner points at a player and names a character: 'execute'"),
                SHERIFF: _("the Sheriff names the player who pays one more coin: 'sheriff'")}[state.claim]

    # the opening peek
    def _do_peek(self, p: _Play, action: Action) -> None:
        seat, spot = action.seat, action["spot"]
        if not _is_int(spot) or not 0 <= spot < SPOTS:
            raise IllegalAction(_("'spot' must be a spot from 0 to 5"), action)
        if spot == p.state.spot_of(seat):
            raise IllegalAction(_("you may not peek at the card in your own spot"), action)
        p.window = _answered(p.window, seat, spot)
        closed, _callers = p.window.result()
        if not closed:
            p.ev("answered", {"seat": seat, "window": "peek"}, to=(seat,))
            return
        answers = p.window.result().answers
        p.window = None
        p.ev("peeks", {"spots": {str(s): v for s, v in answers}}, reveals=True)
        for s, v in answers:
            card = p.spots[v]
            p.log.append(_rec("peek", seat=s, spot=v, card=card, to=(s,)))
            p.ev("peek", {"seat": s, "spot": v, "card": NAMES[card]}, to=(s,), reveals=True)
        self._begin_turn(p, p.state.start)

    def _begin_turn(self, p: _Play, seat: int) -> None:
        p.turn = seat
        p.turns += 1
        p.phase, p.claimant, p.claim, p.to_king, p.window = TURN, -1, -1, False, None
        p.ev("turn", {"seat": seat, "turn": p.turns})

    def _end_turn(self, p: _Play) -> None:
        cap = p.state.turn_cap
        if cap is not None and p.turns >= cap:
            p.capped = True
            self._game_over(p, "turn_cap")
            return
        self._begin_turn(p, left_of(p.turn, p.n))

    def _game_over(self, p: _Play, why: str) -> None:
        p.phase, p.window, p.claimant, p.claim, p.to_king = OVER, None, -1, -1, False
        out = self.outcome(replace(p.freeze(), phase=OVER))
        p.ev("game_over", {"why": why, "winners": list(out.winners), "ranks": list(out.ranks),
                           "coins": list(p.coins), "treasury": p.treasury, "shared": len(out.winners) > 1})

    # the turn
    def _do_look(self, p: _Play, action: Action) -> None:
        seat = action.seat
        spot = p.state.spot_of(seat)
        p.ev("look", {"seat": seat, "spot": spot})
        p.pay(seat, "look")
        card = p.spots[spot]
        p.log.append(_rec("look", seat=seat, spot=spot, card=card, to=(seat,)))
        p.ev("looked", {"seat": seat, "spot": spot, "card": NAMES[card]}, to=(seat,), reveals=True)
        self._end_turn(p)

    def _do_move(self, p: _Play, action: Action) -> None:
        d = action["direction"]
        if d not in DIRECTIONS:
            raise IllegalAction(_("'direction' must be one of: {ds}").format(ds=", ".join(DIRECTIONS)), action)
        shift = DIRECTIONS[d]
        p.spots = shifted(p.spots, shift)
        p.log.append(_rec("move", seat=action.seat, shift=shift))
        p.ev("move", {"seat": action.seat, "direction": d, "shift": shift,
                      "moves": [[s, (s + shift) % SPOTS] for s in range(SPOTS)]})
        self._end_turn(p)

    def _do_claim(self, p: _Play, action: Action) -> None:
        seat = action.seat
        c = action["character"]
        if c not in CARD_INDEX:
            raise IllegalAction(_("'character' must be one of: {names}").format(names=", ".join(NAMES)), action)
        c = CARD_INDEX[c]
        spot = p.state.spot_of(seat)
        p.log.append(_rec("claim", seat=seat, spot=spot, character=c))
        p.ev("claim", {"seat": seat, "spot": spot, "character": NAMES[c]})
        p.claimant, p.claim, p.to_king = seat, c, False
        if c == PEASANT:
            self._peasant(p, seat)
            return
        self._open_challenge(p, seat, c)

    def _open_challenge(self, p: _Play, seat: int, c: int) -> None:
        p.phase = CHALLENGE
        p.window = _window(seat, p.n, COUNTER_CLOCKWISE, "first")
        p.ev("window", {"kind": "challenge", "claimant": seat, "character": NAMES[c],
                        "order": list(p.window.order)})

    # answers to a window
    def _do_challenge(self, p: _Play, action: Action) -> None:
        self._answer(p, action, True)

    def _do_claim_minister(self, p: _Play, action: Action) -> None:
        self._answer(p, action, True)

    def _do_pass(self, p: _Play, action: Action) -> None:
        self._answer(p, action, False)

    def _answer(self, p: _Play, action: Action, call: bool) -> None:
        p.window = w = _answered(p.window, action.seat, call)
        callers = _callers(w)
        if callers is None:
            p.ev("answered", {"seat": action.seat, "window": "challenge" if p.phase == CHALLENGE else "ministers"},
                 to=(action.seat,))
            return
        p.window = None
        if p.phase == CHALLENGE:
            self._resolve_challenge(p, callers[0] if callers else None)
        else:
            self._resolve_ministers(p, callers)

    def _resolve_challenge(self, p: _Play, challenger: int | None) -> None:
        seat, c = p.claimant, p.claim
        if challenger is None:
            p.ev("no_challenge", {"claimant": seat, "character": NAMES[c]})
            self._act(p)
            return
        spot = p.state.spot_of(seat)
        card = p.spots[spot]
        truthful = card == c
        p.log.append(_rec("challenge", seat=seat, other=challenger, spot=spot, character=c, truth=truthful,
                         card=card, to=(challenger,)))
        p.ev("challenge", {"claimant": seat, "challenger": challenger, "character": NAMES[c], "spot": spot},
             reveals=True)
        p.ev("challenge_look", {"challenger": challenger, "claimant": seat, "spot": spot, "card": NAMES[card]},
             to=(challenger,), reveals=True)
        p.ev("challenge_result", {"claimant": seat, "challenger": challenger, "character": NAMES[c],
                                  "truthful": truthful}, reveals=True)
        if truthful:
            p.pay(challenger, "challenge")
            self._act(p)
        else:
            p.ev("cancelled", {"seat": seat, "character": NAMES[c]})
            self._end_turn(p)

    # the acts
    def _act(self, p: _Play) -> None:
        seat, c = p.claimant, p.claim
        p.ev("act", {"seat": seat, "character": NAMES[c], "to_king": p.to_king})
        if p.to_king:
            for _k in range(MINISTER_TAKES):
                p.take(seat, "minister")
            self._end_turn(p)
        elif c == KING:
            for _k in range(KING_TAKES):
                p.take(seat, "king")
            p.phase = MINISTERS
            p.window = _window(seat, p.n, COUNTER_CLOCKWISE, "all")
            p.ev("window", {"kind": "ministers", "claimant": seat, "character": "minister",
                            "order": list(p.window.order)})
        elif c == THIEF:
            for side in (right_of(seat, p.n), left_of(seat, p.n)):
                for _k in range(THIEF_TAKES):
                    if p.coins[side] > 0:
                        p.transfer(side, seat, "thief")
                    else:
                        p.ev("no_coin", {"seat": side, "why": "thief"})
                        p.take(seat, "thief")
            self._end_turn(p)
        elif c == SHERIFF:
            p.ev("tax", {"seat": seat})
            for s in seats_after(seat, p.n):
                if p.coins[s] >= TAX:
                    for _k in range(TAX):
                        p.give(s, "tax")
                else:
                    p.ev("no_tax", {"seat": s, "why": "tax"})
            p.phase = ACT
        else:                               # Minister, Executioner: the claimant chooses
            p.phase = ACT

    def _resolve_ministers(self, p: _Play, claimants: tuple[int, ...]) -> None:
        king = p.claimant
        p.log.append(_rec("minister_claims", seat=king, names=tuple(claimants)))
        p.ev("ministers", {"king": king, "claimants": list(claimants)}, reveals=True)
        if not claimants:
            self._end_turn(p)
            return
        if len(claimants) == 1:
            m = claimants[0]
            spot = p.state.spot_of(m)
            p.log.append(_rec("claim", seat=m, spot=spot, character=MINISTER, other=king))
            p.ev("claim", {"seat": m, "spot": spot, "character": "minister", "to_king": True})
            p.claimant, p.claim, p.to_king = m, MINISTER, True
            self._open_challenge(p, m, MINISTER)
            return
        # several claimants: each sees the others' cards
        truth = {}
        for m in claimants:
            spot = p.state.spot_of(m)
            card = p.spots[spot]
            truth[m] = card == MINISTER
            others = tuple(o for o in claimants if o != m)
            p.log.append(_rec("minister_check", seat=m, spot=spot, character=MINISTER, truth=truth[m], card=card,
                             to=others))
            for o in others:
                p.ev("minister_seen", {"seat": o, "claimant": m, "spot": spot, "card": NAMES[card]}, to=(o,),
                     reveals=True)
        for m in claimants:
            p.ev("minister_check", {"claimant": m, "truthful": truth[m]}, reveals=True)
        for m in claimants:
            if truth[m]:
                for _k in range(MINISTER_TAKES):
                    p.take(m, "minister")
            else:
                for _k in range(FALSE_MINISTER_PAYS):
                    p.pay(m, "false_minister")
        self._end_turn(p)

    def _do_minister(self, p: _Play, action: Action) -> None:
        spots, swap = action["spots"], action["swap"]
        if (not isinstance(spots, tuple) or len(spots) != 2 or not all(_is_int(s) and 0 <= s < SPOTS for s in spots)
                or spots[0] >= spots[1]):
            raise IllegalAction(_("'spots' must be two different spots from 0 to 5, the lower first"), action)
        if not isinstance(swap, bool):
            raise IllegalAction(_("'swap' must be true or false"), action)
        seat = action.seat
        a, b = spots
        if swap:
            p.spots = swapped(p.spots, a, b)
        p.log.append(_rec("minister", seat=seat, spot=a, other=b, swapped=swap))
        p.ev("minister", {"seat": seat, "spots": [a, b]})
        p.ev("minister_swap", {"seat": seat, "spots": [a, b], "swapped": swap}, to=(seat,))
        self._end_turn(p)

    def _do_execute(self, p: _Play, action: Action) -> None:
        seat, target, c = action.seat, action["target"], action["character"]
        if not _is_int(target) or not 0 <= target < p.n or target == seat:
            raise IllegalAction(_("'target' must be another player's seat"), action)
        if c not in CARD_INDEX:
            raise IllegalAction(_("'character' must be one of: {names}").format(names=", ".join(NAMES)), action)
        c = CARD_INDEX[c]
        spot = p.state.spot_of(target)
        card = p.spots[spot]
        right = card == c
        p.log.append(_rec("execute", seat=seat, other=target, spot=spot, character=c, truth=right, card=card,
                         to=(target,)))
        p.ev("execute", {"seat": seat, "target": target, "spot": spot, "character": NAMES[c]})
        p.ev("execute_look", {"target": target, "spot": spot, "card": NAMES[card]}, to=(target,), reveals=True)
        p.ev("execute_result", {"seat": seat, "target": target, "character": NAMES[c], "right": right,
                                "coins": p.coins[target] if right else 0}, reveals=True)
        if right:
            while p.coins[target] > 0:
                p.transfer(target, seat, "execute")
        self._end_turn(p)

    def _do_sheriff(self, p: _Play, action: Action) -> None:
        seat, target = action.seat, action["target"]
        if not _is_int(target) or not 0 <= target < p.n or target == seat:
            raise IllegalAction(_("'target' must be another player's seat"), action)
        p.ev("sheriff", {"seat": seat, "target": target})
        for _k in range(SHERIFF_EXTRA):
            if p.coins[target] > 0:
                p.give(target, "sheriff")
            else:
                p.ev("no_tax", {"seat": target, "why": "sheriff"})
        self._end_turn(p)

    def _peasant(self, p: _Play, seat: int) -> None:
        spot = p.state.spot_of(seat)
        card = p.spots[spot]
        p.log.append(_rec("peasant", seat=seat, spot=spot, card=card))
        p.ev("peasant", {"seat": seat, "spot": spot, "card": NAMES[card]}, reveals=True)
        if card == PEASANT:
            p.phase = NAME
        else:
            self._mistake(p, seat)

    def _do_name(self, p: _Play, action: Action) -> None:
        seat = action.seat
        own = p.state.spot_of(seat)
        names = action["names"]
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
        right = [s == own or ids[s] == p.spots[s] for s in range(SPOTS)]
        all_right = all(right)
        p.log.append(_rec("names", seat=seat, names=tuple(ids), cards=p.spots, truth=all_right))
        p.ev("names", {"seat": seat, "names": list(names)})
        p.ev("reveal_all", {"seat": seat, "cards": [NAMES[c] for c in p.spots], "named": list(names),
                            "right": right, "all_right": all_right}, reveals=True)
        if all_right:
            p.ev("peasant_wins", {"seat": seat, "treasury": p.treasury})
            while p.treasury > 0:
                p.take(seat, "peasant")     # ends the game with the last coin
        else:
            self._mistake(p, seat)

    def _mistake(self, p: _Play, seat: int) -> None:
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
        self._end_turn(p)

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
        elif (type(seat) is int or _is_int(seat)) and 0 <= seat < n:
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
        n = state.players
        if state.capped:                  # a draw: everyone shares the first place
            return Outcome(winners=tuple(range(n)), ranks=(1,) * n, scores=state.coins)
        ranks = tuple(1 + sum(1 for o in state.coins if o > state.coins[s]) for s in range(n))
        return Outcome(winners=tuple(s for s in range(n) if ranks[s] == 1), ranks=ranks, scores=state.coins)

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
