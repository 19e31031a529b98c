"""Boss Quest (seed 003, RULINGS.md section 4).

Knights equip WEAPON cards to come as close as they can to the BOSS's hit
points without going over, then visit the MAGICIAN, who offers SPELL cards.
Turns pass clockwise (left, ``seat + 1``) from the Armorer's left; the
Armorer plays last.  A turn is one action:

* ``equip`` (``n`` = 1-4, said aloud: public): take that many weapons face up;
* a Magician visit: ``activate`` a spell of the row (a face-up one with its
  choices, or the face-down mystery spell unseen), or ``discard`` one; the
  player then waits out the round.  A mystery spell that needs a choice
  (a target, a weapon, a spell to cancel) is turned up first and its activator
  then chooses with ``aim``.  ``wait`` is the visit when no spell is left.

Combat, keys, hearts, the end of the game, the next Armorer and the next deal
happen inside the action that brings the last player to the Magician (or ends
the "Last turn!").

Cards.  Every weapon is distinct (colour and value: ``red1`` ... ``purple7``),
every boss too (``boss14`` ... ``boss24``: its HP).  The copies of a spell are
identical, so a spell card is its kind (``power_up1`` ... ``last_turn``) and the
census counts kinds.

How explicit decks are dealt (``new_game(config, deck=...)``, also in the
ENGINE section):

* ``deck`` is ``{"weapons": ..., "bosses": ..., "spells": ...}`` (any subset;
  a plain list stands for ``weapons``).  A deck not given is shuffled from the
  seed (0 when only decks are given).
* ``weapons`` is one order of the 35 weapon names, or a list of orders, one per
  round; once they run out every round's weapons are shuffled from the state's
  RNG.  With ``order`` the round's turn order (the Armorer's left first, the
  Armorer last): card k (0-based, k < players) is the hidden weapon of
  ``order[k]``, card ``players + k`` the face-up weapon of ``order[k]``, the
  rest is the weapon deck, top first.
* ``bosses`` is the 10 boss names, top first: round 1 fights the first.
* ``spells`` is the 29 spell cards, top first: each round draws players + 1;
  the first drawn is the face-down mystery spell (slot 0), the next ones are
  slots 1 ... players, face up.
* the first Armorer is the option ``armorer``; without it, the last seat
  (``players - 1``) when any deck is given, so that seat 0 is dealt first and
  plays first; with only a seed it is drawn from the seed.
"""
from __future__ import annotations

import struct
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any, Mapping, Sequence

from game.core import rng as rngmod
from game.core.quote import cut
from game.core.actions import Action, BadConfig, Event, IllegalAction, NotYourTurn, plain
from game.core.i18n import N_, _
from game.core.rng import Rng
from game.core.rules import GameConfig, Outcome, check_players
from game.core.seats import named_decks, parse_deck, ring_from
from game.core.spaces import ListSpace
from game.core.state import evolve, fork

_new = object.__new__            # an object made without its __init__ (the hot path)

# -- the shuffles' hot path ---------------------------------------------------------------
# ``rngmod.shuffle(items, state)`` draws SplitMix64 words, one per Fisher-Yates step; the k-th
# draw mixes ``state + k * GAMMA`` alone, so every draw of a deck is worked out at once, each in
# its own 128-bit lane of one big integer (a lane's product stays below 2**128; the bits a shift
# brings in from the next lane are masked off before each product), and read back as 64-bit
# words (as Death over the Kingdom's deal does).
_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LANE = 128
_LITTLE = sys.byteorder == "little" and struct.calcsize("Q") == 8      # the words are read in place
_LANE_CONSTS: dict[int, tuple[int, int, int, int, int, tuple[tuple[int, int], ...]]] = {}


def _lane_consts(size: int) -> tuple[int, int, int, int, int, tuple[tuple[int, int], ...]]:
    """(ones, gammas, lanes mask, bytes, the state's step, the steps (i, i + 1)) for a deck of ``size``."""
    draws = size - 1
    ones = sum(1 << (_LANE * k) for k in range(draws))
    gammas = sum((((k + 1) * _GAMMA) & _MASK64) << (_LANE * k) for k in range(draws))
    out = _LANE_CONSTS[size] = (ones, gammas, _MASK64 * ones, _LANE * draws // 8, (draws * _GAMMA) & _MASK64,
                                tuple((i, i + 1) for i in range(size - 1, 0, -1)))
    return out


# the smallest rejection limit of a step (``randbelow(n)`` rejects a draw at or above
# ``2**64 - 2**64 % n``): a draw below it is taken by every step of a deck of at most 64 cards
_SAFE = (1 << 64) - 64


def _shuffle(items: Sequence[int], state: int) -> tuple[tuple[int, ...], int]:
    """``rngmod.shuffle(items, state)``: the same draws in the same order, the same result."""
    size = len(items)
    if size < 2 or size > 64 or not _LITTLE:
        return rngmod.shuffle(items, state)
    c = _LANE_CONSTS.get(size) or _lane_consts(size)
    ones, gammas, lanes = c[0], c[1], c[2]
    x = (state * ones + gammas) & lanes
    x = ((x ^ (x >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    x = ((x ^ (x >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    x = (x ^ (x >> 31)) & lanes
    words = memoryview(x.to_bytes(c[3], "little")).cast("Q")[::2]
    if max(words) >= _SAFE:
        # a draw a step might reject (about 1 in 10**17): randbelow would draw again, so do
        # it step by step
        return rngmod.shuffle(items, state)
    out = list(items)
    for (i, n), z in zip(c[5], words):
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), (state + c[4]) & _MASK64


# -- data (RULINGS.md section 4) --------------------------------------------------------
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
WEAPON_VALUES: tuple[int, ...] = tuple(range(1, 8))            # 1-7 in each colour, one card each


@dataclass(frozen=True)
class Weapon:
    name: str       # "red3"
    colour: str
    value: int


WEAPONS: tuple[Weapon, ...] = tuple(Weapon(f"{c}{v}", c, v) for c in COLOURS for v in WEAPON_VALUES)
WEAPON_NAMES: tuple[str, ...] = tuple(w.name for w in WEAPONS)
WEAPON_INDEX: Mapping[str, int] = {n: i for i, n in enumerate(WEAPON_NAMES)}
N_WEAPONS = len(WEAPONS)                                       # 35

BOSS_HPS: tuple[int, ...] = (14, 15, 16, 17, 18, 19, 20, 21, 22, 24)   # (data) one boss each
BOSS_NAMES: tuple[str, ...] = tuple(f"boss{hp}" for hp in BOSS_HPS)
BOSS_INDEX: Mapping[str, int] = {n: i for i, n in enumerate(BOSS_NAMES)}
N_BOSSES = len(BOSS_HPS)


@dataclass(frozen=True)
class Spell:
    name: str           # the card's id in actions, events and explicit decks
    dark: bool          # dark: affects a player (placed on them); light: the boss or the round
    effect: str         # "strength", "swap", "exchange", "boss", "colour", "two_colour",
                        # "no_heart", "cancel", "extra_key", "second", "last_turn"
    copies: int
    delta: int = 0      # strength / boss HP change
    colour: str = ""    # the required colour ("colour")


# (data) RULINGS §4 lists 12 dark and 17 light cards: 29 cards (its "30" does not add up; the
# itemised list is followed, see docs/drafts/bossquest_RULES_NOTES.md)
SPELLS: tuple[Spell, ...] = (
    Spell("power_up1", True, "strength", 2, delta=1),
    Spell("power_up2", True, "strength", 2, delta=2),
    Spell("power_down1", True, "strength", 2, delta=-1),
    Spell("power_down2", True, "strength", 2, delta=-2),
    Spell("swap", True, "swap", 2),
    Spell("exchange", True, "exchange", 2),
    Spell("boss_up1", False, "boss", 1, delta=1),
    Spell("boss_up2", False, "boss", 1, delta=2),
    Spell("boss_down1", False, "boss", 1, delta=-1),
    Spell("boss_down2", False, "boss", 1, delta=-2),
    *(Spell(f"need_{c}", False, "colour", 1, colour=c) for c in COLOURS),
    Spell("two_of_colour", False, "two_colour", 1),
    Spell("no_heart_lost", False, "no_heart", 1),
    Spell("cancel", False, "cancel", 2),
    Spell("extra_key", False, "extra_key", 1),
    Spell("second_wins", False, "second", 1),
    Spell("last_turn", False, "last_turn", 2),
)
SPELL_NAMES: tuple[str, ...] = tuple(s.name for s in SPELLS)
# a condition spell's colour ("colour": one weapon of it), None for the others
_NEEDS: tuple[str | None, ...] = tuple(s.colour if s.effect == "colour" else None for s in SPELLS)
SPELL_INDEX: Mapping[str, int] = {n: i for i, n in enumerate(SPELL_NAMES)}
SPELL_COPIES: tuple[int, ...] = tuple(s.copies for s in SPELLS)
FULL_SPELLS: tuple[int, ...] = tuple(i for i, s in enumerate(SPELLS) for _k in range(s.copies))
N_SPELLS = len(FULL_SPELLS)                                    # 29
# spells that act at once and go to the discard (never "active")
INSTANT: frozenset[str] = frozenset({"swap", "exchange", "cancel"})
# active spells a Cancel may not target: "Last turn!" has already given its last actions
UNCANCELLABLE: frozenset[str] = frozenset({"last_turn"})

HEARTS = 3                         # hearts per player
MIN_EQUIP, MAX_EQUIP = 1, 4        # weapons asked for at once
MIN_PLAYERS, MAX_PLAYERS = 2, 5
KEYS_TO_WIN: Mapping[int, int] = {2: 5, 3: 5, 4: 5, 5: 4}
WIN_KEYS = 1                       # keys for winning the round
PERFECT_KEYS = 1                   # bonus keys for a PERFECT
EXTRA_KEYS = 1                     # "extra key": more keys for the winner
MYSTERY_SLOT = 0                   # the face-down spell's place in the Magician's row
MYSTERY = -1                       # the observation's mark for the face-down mystery spell
BOSS = -1                          # an active spell's target when it lies beside the boss

DECK_NAMES: tuple[str, ...] = ("weapons", "bosses", "spells")

_SPELL_TEXT: Mapping[str, str] = {
    "power_up1": N_("Strength +1"), "power_up2": N_("Strength +2"),
    "power_down1": N_("Strength −1"), "power_down2": N_("Strength −2"),
    "swap": N_("Swap hidden weapons"), "exchange": N_("Exchange a weapon"),
    "boss_up1": N_("Boss HP +1"), "boss_up2": N_("Boss HP +2"),
    "boss_down1": N_("Boss HP −1"), "boss_down2": N_("Boss HP −2"),
    "need_red": N_("Red required"), "need_blue": N_("Blue required"), "need_green": N_("Green required"),
    "need_yellow": N_("Yellow required"), "need_purple": N_("Purple required"),
    "two_of_colour": N_("Two of one colour"), "no_heart_lost": N_("No heart lost"),
    "cancel": N_("Cancel"), "extra_key": N_("Extra key"), "second_wins": N_("Second-closest wins"),
    "last_turn": N_("Last turn!"),
}
_COLOUR_TEXT: Mapping[str, str] = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"),
                                   "yellow": N_("yellow"), "purple": N_("purple")}

Cards = tuple[int, ...]


def spell_text(card: int | str) -> str:
    """A spell as people name it (translated): "Strength +2"."""
    return _(_SPELL_TEXT[SPELLS[spell_id(card)].name])


def weapon_text(card: int | str) -> str:
    """A weapon as people name it (translated): "red 3"."""
    w = WEAPONS[weapon_id(card)]
    return _("{colour} {value}").format(colour=_(_COLOUR_TEXT[w.colour]), value=w.value)


def colour_text(colour: str) -> str:
    """A weapon colour as people name it (translated): "red"."""
    return _(_COLOUR_TEXT[colour])


def spell_id(card: int | str) -> int:
    return SPELL_INDEX[card] if isinstance(card, str) else int(card)


def weapon_id(card: int | str) -> int:
    return WEAPON_INDEX[card] if isinstance(card, str) else int(card)


def value(card: int) -> int:
    return WEAPONS[card].value


_VALUE: tuple[int, ...] = tuple(w.value for w in WEAPONS)
_WEAPON_COLOUR: tuple[str, ...] = tuple(w.colour for w in WEAPONS)


def colour(card: int) -> str:
    return WEAPONS[card].colour


def boss_hp(boss: int) -> int:
    return BOSS_HPS[boss]


def keys_to_win(players: int) -> int:
    return KEYS_TO_WIN[players]


# -- state ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Active:
    """An activated spell still in play: on a player (``target`` = seat) or beside the boss
    (``target`` = BOSS).  ``by`` is the seat that activated it."""

    card: int
    target: int
    by: int


def strength_modifier(active: Sequence[Active], seat: int) -> int:
    """The strength spells on ``seat`` among the ``active`` spells."""
    return sum(SPELLS[a.card].delta for a in active if a.target == seat and SPELLS[a.card].effect == "strength")


def strength_of(weapons: Sequence[int], active: Sequence[Active], seat: int) -> int:
    """A knight's strength: their weapons' values plus the strength spells on them (a table
    computes its viewer's badge with this, from the cards it shows)."""
    return sum(value(c) for c in weapons) + strength_modifier(active, seat)


def _fight_of(boss: int, active: Sequence[Active], hidden: Sequence[int], face_up: Sequence[Cards],
              n: int) -> tuple[int, tuple[int, ...], tuple[bool, ...]]:
    """(the boss's HP, each seat's strength, each seat over the HP) from the fields."""
    hp = BOSS_HPS[boss]
    mods = [0] * n
    for a in active:
        sp = SPELLS[a.card]
        if sp.effect == "boss":
            hp += sp.delta
        elif sp.effect == "strength" and 0 <= a.target < n:
            mods[a.target] += sp.delta
    strengths = tuple(_VALUE[h] + sum(_VALUE[c] for c in f) + m for h, f, m in zip(hidden, face_up, mods))
    return hp, strengths, tuple(st > hp for st in strengths)


# per player count: every seat's ring from it, and the seats after it then itself
_RING: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(ring_from(s, n) for s in range(n)) for n in range(1, MAX_PLAYERS + 1)}
_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(ring_from(s, n, include_self=False) + (s,) for s in range(n)) for n in range(1, MAX_PLAYERS + 1)}
_NOBODY_KNOWS: dict[int, tuple[tuple[None, ...], ...]] = {
    n: ((None,) * n,) * (n + 1) for n in range(1, MAX_PLAYERS + 1)}
# per player count: the row of ``known`` of a seat that knows no hidden weapon (every row of
# ``_NOBODY_KNOWS``: one object), its ``hidden_public``, and a seat's view of the hidden weapons
# when it knows only its own (per seat and weapon)
_NOBODY_ROW: dict[int, tuple[None, ...]] = {n: rows[0] for n, rows in _NOBODY_KNOWS.items()}
_NOBODY_MASK: dict[int, tuple[bool, ...]] = {n: (False,) * n for n in _NOBODY_KNOWS}
_OWN_ONLY: dict[int, tuple[tuple[tuple[int | None, ...], ...], ...]] = {
    n: tuple(tuple((None,) * s + (c,) + (None,) * (n - s - 1) for c in range(N_WEAPONS)) for s in range(n))
    for n in _NOBODY_KNOWS}
_ALL_EQUIP: dict[int, tuple[str, ...]] = {n: ("equip",) * n for n in range(1, MAX_PLAYERS + 1)}


@dataclass(frozen=True)
class SeatRow:
    """One line of a round's combat (public: every card is shown at the fight)."""

    seat: int
    hidden: int
    weapons: Cards              # hidden first, then the face-up weapons
    strength: int
    status: str                 # "bust" (over the HP), "out" (a failed condition), "in"
    failed: tuple[int, ...]     # the condition spells failed ("out")
    distance: int | None        # HP - strength for the players still in


@dataclass(frozen=True)
class RoundResult:
    round: int
    armorer: int
    boss: int
    hp: int
    rows: tuple[SeatRow, ...]   # in turn order
    winners: tuple[int, ...]
    second: bool                # "second-closest wins" moved the win
    perfect: tuple[int, ...]
    keys_won: tuple[int, ...]   # per seat
    hearts_lost: tuple[int, ...]
    no_heart: bool
    keys: tuple[int, ...]       # after the round
    hearts: tuple[int, ...]

    def to_json(self) -> dict:
        return plain(self)


@dataclass(frozen=True)
class BQState:
    players: int
    round: int
    armorer: int
    order: tuple[int, ...]              # this round's turn order: the Armorer's left first
    turn: int | None                    # the seat to act (None when over)
    phase: str                          # "play", "aim" (a mystery spell's choice) or "over"
    hearts: tuple[int, ...]
    keys: tuple[int, ...]
    boss: int
    boss_deck: Cards                    # top first (hidden)
    boss_discard: Cards
    hidden: tuple[int, ...]             # each seat's hidden weapon
    face_up: tuple[Cards, ...]          # each seat's face-up weapons, in the order taken
    deck: Cards                         # the weapon deck, top first
    top_known: tuple[tuple[bool, ...], ...]   # weapons put back on top: who knows each (n+1: public)
    known: tuple[tuple[int | None, ...], ...]  # known[v][s]: the hidden weapon v knows s holds; row n: public
    row: tuple[int | None, ...]         # the Magician's spells; slot 0 is the mystery (face down)
    active: tuple[Active, ...]          # activated spells in play, in activation order
    aim: tuple[int, int] | None         # (seat, spell) a turned-up mystery spell waiting for its choice
    spell_deck: Cards                   # top first (hidden)
    spell_discard: Cards
    status: tuple[str, ...]             # "equip", "magician" or "ready" (took a last-turn weapon)
    last_turn: tuple[int, ...] | None   # seats still owed their last action ("Last turn!")
    lone_equipped: bool                 # the last one equipping has taken their last weapons
    results: tuple[RoundResult, ...]
    deals: tuple[Cards, ...]            # explicit weapon orders not used yet
    rng: int
    # the events of the opening deal, for a table that starts from new_game (not game state)
    opening: tuple[Event, ...] = field(default=(), compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def weapons(self, seat: int) -> Cards:
        return (self.hidden[seat],) + self.face_up[seat]

    def modifier(self, seat: int) -> int:
        return strength_modifier(self.active, seat)

    def _fight(self) -> tuple[int, tuple[int, ...], tuple[bool, ...]]:
        """(the boss's HP, each seat's strength, each seat over the HP), worked out once per
        state: kept in the instance next to the fields (not a field: equality, hashing and the
        JSON form do not see it) with the values it was computed from (active, hidden, face_up,
        boss), so a copy made by ``evolve`` that changed any of them computes it again."""
        return _fight_d(self.__dict__)

    def _set_fight(self, out: tuple[int, tuple[int, ...], tuple[bool, ...]]) -> None:
        """Keep ``out`` as this state's ``_fight()`` (worked out by the caller from the fields
        it has just set, e.g. one seat's strength updated after an equip)."""
        d = self.__dict__
        d["_fight_cache"] = (_fight_key(d), out)

    def strength(self, seat: int) -> int:
        return self._fight()[1][seat]

    @property
    def hp(self) -> int:
        return self._fight()[0]

    def is_over(self, seat: int) -> bool:
        return self._fight()[2][seat]

    def overs(self) -> tuple[bool, ...]:
        return self._fight()[2]

    def rule_active(self, effect: str) -> bool:
        return any(SPELLS[a.card].effect == effect for a in self.active)

    def equipping(self) -> tuple[int, ...]:
        return tuple(s for s in self.order if self.status[s] == "equip")

    def only_equipping(self, seat: int) -> bool:
        """``equipping() == (seat,)``: ``order`` holds every seat, so counting will do."""
        status = self.status
        return status[seat] == "equip" and status.count("equip") == 1


@dataclass(frozen=True)
class BQObservation:
    seat: int | None                    # None: the spectator
    players: int
    round: int
    armorer: int
    order: tuple[int, ...]
    turn: int | None
    phase: str                          # "play", "aim", "over"
    hearts: tuple[int, ...]
    keys: tuple[int, ...]
    keys_to_win: int
    boss: int
    boss_hp: int                        # after the active boss spells
    boss_deck_size: int
    boss_discard: Cards
    face_up: tuple[Cards, ...]
    hidden: tuple[int | None, ...]      # the hidden weapons this seat knows (its own; swaps; public)
    hidden_public: tuple[bool, ...]     # a hidden weapon everyone knows (taken from a public deck top)
    strength: int | None                # own strength (None for the spectator)
    over: tuple[bool, ...]              # announced: strength over the boss's HP
    status: tuple[str, ...]
    magician: tuple[int | None, ...]    # spell ids; None: taken; MYSTERY: the face-down spell
    active: tuple[Active, ...]
    aim: tuple[int, int] | None
    spell_deck_size: int
    spell_discard: Cards
    deck_size: int
    deck_top: tuple[int | None, ...]    # weapons put back on top of the deck, as far as this seat knows
    top_public: tuple[bool, ...]
    last_turn: tuple[int, ...] | None
    lone_equipped: bool
    results: tuple[RoundResult, ...]

    def to_json(self) -> dict:
        return plain(self)


# -- actions -----------------------------------------------------------------------------
def equip(seat: int, n: int) -> Action:
    """``{"seat": 0, "kind": "equip", "n": 2}``: ask the Armorer for n weapons (1-4)."""
    return Action.make(seat, "equip", n=n)


def activate(seat: int, slot: int, **choice: Any) -> Action:
    """``{"seat": 0, "kind": "activate", "slot": 2, "target": 1}``: activate the spell in
    ``slot``; ``target`` (a seat: strength spells, swap), ``weapon`` (one of your weapons:
    exchange) or ``cancel`` (the index of an active spell: cancel).  The mystery slot takes
    no choice: it is activated unseen (then ``aim``)."""
    return Action.make(seat, "activate", slot=slot, **choice)


def discard(seat: int, slot: int) -> Action:
    """``{"seat": 0, "kind": "discard", "slot": 0}``: discard the spell in ``slot`` unused."""
    return Action.make(seat, "discard", slot=slot)


def aim(seat: int, **choice: Any) -> Action:
    """``{"seat": 0, "kind": "aim", "target": 2}``: the choice of a turned-up mystery spell."""
    return Action.make(seat, "aim", **choice)


def wait(seat: int) -> Action:
    """``{"seat": 0, "kind": "wait"}``: at the Magician with no spell left."""
    return Action.make(seat, "wait")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# The actions ``legal_actions`` gives out are shared objects, each made once; ``apply`` knows
# them by their id (the entry keeps the object, so the id stays its own) and reads their
# parameters from here instead of from the action: (the action, its code, two parameters).
_EQUIP, _PLAIN, _TARGET, _WEAPON, _CANCEL, _DISCARD, _WAIT, _AIM = range(8)
_KIND: tuple[str, ...] = ("equip", "activate", "activate", "activate", "activate", "discard", "wait", "aim")
_NO_CHOICE_DICT: Mapping[str, Any] = {}         # never changed: a choice is only read
_DEC: dict[int, tuple[Action, int, Any, Any]] = {}


def _shared(action: Action, code: int, a: Any = None, b: Any = None) -> Action:
    _DEC[id(action)] = (action, code, a, b)
    return action


@lru_cache(maxsize=None)
def _equips(seat: int, most: int) -> tuple[Action, ...]:
    if most < MIN_EQUIP:
        return ()
    return _equips(seat, most - 1) + (_shared(equip(seat, most), _EQUIP, most),)


@lru_cache(maxsize=None)
def _activate_plain(seat: int, slot: int) -> Action:
    return _shared(activate(seat, slot), _PLAIN, slot)


@lru_cache(maxsize=None)
def _activate_choice(seat: int, slot: int, *choice: tuple[str, Any]) -> Action:
    """``activate(seat, slot, **dict(choice))``, shared (a choice has at most one key)."""
    a = activate(seat, slot, **dict(choice))
    if len(choice) == 1:
        k, v = choice[0]
        if k == "target" and _is_int(v):
            return _shared(a, _TARGET, slot, v)
        if k == "weapon" and isinstance(v, str) and v in WEAPON_INDEX:
            return _shared(a, _WEAPON, slot, WEAPON_INDEX[v])
        if k == "cancel" and _is_int(v):
            return _shared(a, _CANCEL, slot, v)
    return a


@lru_cache(maxsize=None)
def _discard_slot(seat: int, slot: int) -> Action:
    return _shared(discard(seat, slot), _DISCARD, slot)


@lru_cache(maxsize=None)
def _wait(seat: int) -> Action:
    return _shared(wait(seat), _WAIT)


@lru_cache(maxsize=None)
def _aim_choice(seat: int, *choice: tuple[str, Any]) -> Action:
    """``aim(seat, **dict(choice))``, shared (``apply`` reads its choice, a dict never changed)."""
    return _shared(aim(seat, **dict(choice)), _AIM, dict(choice))


@lru_cache(maxsize=None)
def _targeted(seat: int, slot: int, players: int, swap: bool) -> tuple[Action, ...]:
    """A strength spell's activations (any seat) or a swap's (any other seat), as
    ``BossQuest.choices`` lists them."""
    return tuple(_activate_choice(seat, slot, ("target", t)) for t in range(players) if not (swap and t == seat))


@lru_cache(maxsize=4096)
def _public_mask(public: tuple[int | None, ...]) -> tuple[bool, ...]:
    """The observation's ``hidden_public`` from the public row of ``known``."""
    return tuple(k is not None for k in public)


@lru_cache(maxsize=None)
def _slot_actions(seat: int, slot: int, card: int, players: int) -> tuple[Action, ...]:
    """A face-up spell's activations whose choices never depend on the state (strength and
    swap: the seats; the rest: none), then its discard, as ``legal_actions`` lists them."""
    effect = SPELLS[card].effect
    if effect == "strength" or effect == "swap":
        acts = _targeted(seat, slot, players, effect == "swap")
    else:
        acts = (_activate_plain(seat, slot),)
    return acts + (_discard_slot(seat, slot),)


# spells whose activations depend only on the seats (not exchange: the weapons; not cancel)
_CHOICE_FREE: tuple[bool, ...] = tuple(s.effect not in ("exchange", "cancel") for s in SPELLS)
# spells activated face up with no choice (not strength, swap, exchange, cancel)
_NO_CHOICE: tuple[bool, ...] = tuple(s.effect not in ("strength", "swap", "exchange", "cancel") for s in SPELLS)
_EFFECT: tuple[str, ...] = tuple(s.effect for s in SPELLS)
# the mystery slot: activated unseen, or discarded
_MYSTERY_ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    (_activate_plain(s, MYSTERY_SLOT), _discard_slot(s, MYSTERY_SLOT)) for s in range(MAX_PLAYERS))
# per seat, slot and weapon: the activation of an exchange giving that weapon
_EXCHANGES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(_activate_choice(s, slot, ("weapon", WEAPON_NAMES[c])) for c in range(N_WEAPONS))
          for slot in range(MAX_PLAYERS + 1)) for s in range(MAX_PLAYERS))
# per player count, seat, slot and spell: the slot's actions when they never depend on the
# state (the mystery slot's; ``_slot_actions``), or None (exchange, cancel: worked out each time)
_SLOT_TABLE: dict[int, tuple[tuple[tuple[tuple[Action, ...] | None, ...], ...], ...]] = {
    n: tuple(tuple(tuple(_MYSTERY_ACTIONS[s] if slot == MYSTERY_SLOT
                         else _slot_actions(s, slot, c, n) if _CHOICE_FREE[c] else None for c in range(len(SPELLS)))
                   for slot in range(n + 1)) for s in range(n))
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


KINDS: tuple[str, ...] = ("equip", "activate", "discard", "aim", "wait")
CHOICE_KEYS: tuple[str, ...] = ("target", "weapon", "cancel")
PARAMS: Mapping[str, tuple[str, ...]] = {"equip": ("n",), "activate": ("slot",) + CHOICE_KEYS,
                                         "discard": ("slot",), "aim": CHOICE_KEYS, "wait": ()}


# the fields the HP and the strengths are worked out from, at once
_fight_key = itemgetter("active", "hidden", "face_up", "boss")


def _fight_d(d: dict[str, Any]) -> tuple[int, tuple[int, ...], tuple[bool, ...]]:
    """``state._fight()`` from the state's instance dictionary ``d``."""
    c = d.get("_fight_cache")
    key = _fight_key(d)
    if c is not None and c[0] == key:
        return c[1]
    out = _fight_of(d["boss"], d["active"], d["hidden"], d["face_up"], d["players"])
    d["_fight_cache"] = (key, out)
    return out


def _put(state: BQState, **changes: Any) -> BQState:
    """``state`` with ``changes`` made IN PLACE: only for the private copy that ``apply`` (or
    ``new_game``) makes and has not given out yet; everywhere else a step is ``evolve``."""
    state.__dict__.update(changes)
    return state


def _ev(kind: str, data: Mapping[str, Any], to: tuple[int, ...] | None = None,
        reveals: bool | tuple[int, ...] = False) -> Event:
    """An event, made without ``Event.__init__``; ``data`` is a dict made for it (every caller
    passes a fresh one, never changed afterwards)."""
    e = _new(Event)
    d = e.__dict__          # the new object's own dictionary: filled in place (no __setattr__)
    d["kind"] = kind
    d["data"] = data
    d["to"] = to
    d["reveals"] = reveals
    return e


# events that are the same whenever their data is: made once and shared (an event's data is
# never changed once made)
_MAGICIAN_EV: tuple[Event, ...] = tuple(_ev("magician", {"seat": s}) for s in range(MAX_PLAYERS))
_WAIT_EV: tuple[Event, ...] = tuple(_ev("wait", {"seat": s}) for s in range(MAX_PLAYERS))
_TURN_EVS: dict[tuple[int, str | None, bool, bool], Event] = {}
_EQUIP_EVS: dict[int, Event] = {}
_DISCARD_EVS: dict[int, Event] = {}


def _turn_ev(seat: int, forced: str | None, last_turn: bool, lone: bool) -> Event:
    key = (seat, forced, last_turn, lone)
    e = _TURN_EVS.get(key)
    if e is None:
        e = _TURN_EVS[key] = _ev("turn", {"seat": seat, "forced": forced, "last_turn": last_turn, "lone": lone})
    return e


_KEYS: tuple[str, ...] = tuple(str(s) for s in range(MAX_PLAYERS))   # a seat as a JSON key
_ALL_WEAPONS: tuple[int, ...] = tuple(range(N_WEAPONS))
# the deal's weapons: each seat's face-down one (the same every round), its hidden one (seen by
# the seat only) and its face-up one, per weapon
_DEAL_DOWN_EV: tuple[Event, ...] = tuple(
    _ev("weapon", {"seat": s, "card": None, "face_up": False, "how": "deal", "deck": None})
    for s in range(MAX_PLAYERS))
_HIDDEN_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(_ev("hidden", {"seat": s, "card": WEAPON_NAMES[c]}, to=(s,), reveals=True) for c in range(N_WEAPONS))
    for s in range(MAX_PLAYERS))
_DEAL_UP_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(_ev("weapon", {"seat": s, "card": WEAPON_NAMES[c], "face_up": True, "how": "deal", "deck": None},
              reveals=True) for c in range(N_WEAPONS))
    for s in range(MAX_PLAYERS))
_BOSS_EVS: dict[tuple[int, int, int], Event] = {}
_WEAPON_DECK_EVS: dict[int, Event] = {}


def _boss_event(boss: int, hp: int, deck: int) -> Event:
    key = (boss, hp, deck)
    e = _BOSS_EVS.get(key)
    if e is None:
        e = _BOSS_EVS[key] = _ev("boss", {"card": BOSS_NAMES[boss], "hp": hp, "deck": deck}, reveals=True)
    return e


def _weapon_deck_event(size: int) -> Event:
    e = _WEAPON_DECK_EVS.get(size)
    if e is None:
        e = _WEAPON_DECK_EVS[size] = _ev("weapon_deck", {"size": size})
    return e


_SMALL_EVS: dict[tuple[Any, ...], Event] = {}     # keys, heart_lost, armorer, new_round


def _small_event(kind: str, names: tuple[str, ...], *values: Any) -> Event:
    """The shared event ``kind`` with ``names`` set to ``values`` (made on first use)."""
    key = (kind, *values)
    e = _SMALL_EVS.get(key)
    if e is None:
        e = _SMALL_EVS[key] = _ev(kind, dict(zip(names, values)))
    return e


def _keys_event(seat: int, n: int, keys: int, why: str) -> Event:
    return _small_event("keys", ("seat", "n", "keys", "why"), seat, n, keys, why)


def _heart_lost_event(seat: int, hearts: int) -> Event:
    return _small_event("heart_lost", ("seat", "hearts"), seat, hearts)


def _armorer_event(seat: int, previous: int) -> Event:
    return _small_event("armorer", ("seat", "previous"), seat, previous)


def _new_round_event(round_: int, armorer: int) -> Event:
    return _small_event("new_round", ("round", "armorer"), round_, armorer)


def _forced_of(over: bool, lone: bool, d: Mapping[str, Any]) -> str | None:
    """``BossQuest.forced`` for the seat about to act, from what the caller has at hand (is it
    over the HP, is it the lone one equipping) and the state's dictionary ``d``."""
    if over:
        return "over"
    if lone and d["lone_equipped"]:
        return "lone"
    if not d["deck"]:
        return "deck"
    return None


def _at_magician(state0: "BQState", seat: int, slot: int) -> tuple["BQState", dict[str, Any], tuple[str, ...]]:
    """A private copy of ``state0`` with ``seat`` gone to the Magician and the spell in ``slot``
    taken from the row: (the copy, its dictionary, its status)."""
    d0 = state0.__dict__
    state, d = fork(state0)
    d["opening"] = ()
    status = d0["status"]
    status = d["status"] = status[:seat] + ("magician",) + status[seat + 1:]
    row = d0["row"]
    d["row"] = row[:slot] + (None,) + row[slot + 1:]
    return state, d, status


_BUST_EVS: dict[tuple[int, bool, int, int], Event] = {}


def _bust_event(seat: int, now: bool, hp: int, players: int) -> Event:
    """``seat`` has gone over the boss's HP (``now``) or back under it: public, and a reveal to
    the others."""
    key = (seat, now, hp, players)
    e = _BUST_EVS.get(key)
    if e is None:
        e = _BUST_EVS[key] = _ev("bust" if now else "unbust", {"seat": seat, "hp": hp},
                                 reveals=tuple(x for x in range(players) if x != seat))
    return e


_ACTIVES: dict[tuple[int, int, int], Active] = {}


def _active(card: int, target: int, by: int) -> Active:
    """``Active(card, target, by)``, shared (an int target; any other is made anew)."""
    if type(target) is not int:
        return Active(card, target, by)
    key = (card, target, by)
    a = _ACTIVES.get(key)
    if a is None:
        a = _ACTIVES[key] = Active(card, target, by)
    return a


def _rule_event(seat: int, card: int) -> Event:
    key = ("rule", seat, card)
    e = _SMALL_EVS.get(key)
    if e is None:
        sp = SPELLS[card]
        e = _SMALL_EVS[key] = _ev("rule", {"seat": seat, "card": sp.name, "effect": sp.effect,
                                           "colour": sp.colour or None})
    return e


def _equip_event(seat: int, card: int, deck: int) -> Event:
    """A weapon taken face up by ``seat``'s equip, ``deck`` weapons left after it."""
    key = seat << 12 | card << 6 | deck
    e = _EQUIP_EVS.get(key)
    if e is None:
        e = _EQUIP_EVS[key] = _ev("weapon", {"seat": seat, "card": WEAPON_NAMES[card], "face_up": True,
                                             "how": "equip", "deck": deck}, reveals=True)
    return e


def _discard_event(seat: int, slot: int, card: int) -> Event:
    key = seat << 10 | slot << 6 | card
    e = _DISCARD_EVS.get(key)
    if e is None:
        mystery = slot == MYSTERY_SLOT
        e = _DISCARD_EVS[key] = _ev("discard", {"seat": seat, "slot": slot, "card": SPELL_NAMES[card],
                                                "mystery": mystery}, reveals=mystery)
    return e


# -- explicit decks ----------------------------------------------------------------------
def parse_weapons(entries: Sequence[Any]) -> Cards:
    return parse_deck(entries, WEAPON_NAMES, (1,) * N_WEAPONS, _("a Boss Quest weapon deck"))


def parse_bosses(entries: Sequence[Any]) -> Cards:
    return parse_deck(entries, BOSS_NAMES, (1,) * N_BOSSES, _("a Boss Quest boss deck"))


def parse_spells(entries: Sequence[Any]) -> Cards:
    return parse_deck(entries, SPELL_NAMES, SPELL_COPIES, _("a Boss Quest spell deck"))


def parse_decks(deck: Any) -> tuple[tuple[Cards, ...], Cards | None, Cards | None]:
    """``deck`` as given to ``new_game`` -> (weapon orders, bosses or None, spells or None)."""
    decks = named_decks(deck, DECK_NAMES)
    if decks is None:
        return (), None, None
    weapons: tuple[Cards, ...] = ()
    w = decks.get("weapons")
    if w is not None:
        if w and all(isinstance(o, (list, tuple)) for o in w):
            weapons = tuple(parse_weapons(o) for o in w)
        else:
            weapons = (parse_weapons(w),)
    bosses = parse_bosses(decks["bosses"]) if "bosses" in decks else None
    spells = parse_spells(decks["spells"]) if "spells" in decks else None
    return weapons, bosses, spells


# -- the rules -----------------------------------------------------------------------------
class BossQuest:
    id = "bossquest"
    title = "Boss Quest"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # armorer: the first Armorer (None: the last seat with explicit decks, else drawn from the seed)
    default_options: Mapping[str, Any] = {"armorer": None}
    deck_names: tuple[str, ...] = DECK_NAMES

    # -- set-up
    def new_game(self, config: GameConfig, seed: int | None = None, deck: Any = None) -> BQState:
        check_players(self, config)
        n = config.players
        if deck is None and seed is None:
            raise BadConfig(_("new_game needs a seed or explicit decks"))
        weapons, bosses, spells = parse_decks(deck)
        rng = rngmod.seed_state(seed if seed is not None else 0)
        armorer = config.option("armorer")
        if armorer is None:
            if deck is not None:
                armorer = n - 1
            else:
                armorer, rng = rngmod.randbelow(rng, n)
        if not _is_int(armorer) or not 0 <= armorer < n:
            raise BadConfig(_("armorer must be a seat from 0 to {last}").format(last=n - 1))
        if bosses is None:
            bosses, rng = _shuffle(range(N_BOSSES), rng)
        if spells is None:
            spells, rng = _shuffle(FULL_SPELLS, rng)
        state = BQState(
            players=n, round=1, armorer=armorer, order=(), turn=None, phase="play",
            hearts=(HEARTS,) * n, keys=(0,) * n, boss=-1, boss_deck=tuple(bosses), boss_discard=(),
            hidden=(), face_up=(), deck=(), top_known=(), known=(), row=(), active=(), aim=None,
            spell_deck=tuple(spells), spell_discard=(), status=("equip",) * n, last_turn=None,
            lone_equipped=False, results=(), deals=weapons, rng=rng)
        state, events = self._deal(state)
        return evolve(state, opening=tuple(events))

    def opening_events(self, state: BQState) -> tuple[Event, ...]:
        """The events of the opening deal of a state made by ``new_game`` (``new_game``
        returns no events; the table animates these)."""
        return state.opening

    def _draw_boss(self, state: BQState) -> tuple[BQState, list[Event]]:
        events: list[Event] = []
        state, ev = self._rebuild_if_empty(state, "bosses")
        events += ev
        boss, rest = state.boss_deck[0], state.boss_deck[1:]
        state = _put(state, boss=boss, boss_deck=rest)
        state, ev = self._rebuild_if_empty(state, "bosses")
        return state, events + ev

    def _draw_spell(self, state: BQState) -> tuple[BQState, int, list[Event]]:
        events: list[Event] = []
        state, ev = self._rebuild_if_empty(state, "spells")
        events += ev
        card, rest = state.spell_deck[0], state.spell_deck[1:]
        state = _put(state, spell_deck=rest)
        state, ev = self._rebuild_if_empty(state, "spells")
        return state, card, events + ev

    def _rebuild_if_empty(self, state: BQState, which: str) -> tuple[BQState, list[Event]]:
        """An empty boss or spell deck is rebuilt at once from its discards, shuffled."""
        deck, pile = ((state.boss_deck, state.boss_discard) if which == "bosses"
                      else (state.spell_deck, state.spell_discard))
        if deck or not pile:
            return state, []
        new, rng = _shuffle(pile, state.rng)
        if which == "bosses":
            state = _put(state, boss_deck=new, boss_discard=(), rng=rng)
        else:
            state = _put(state, spell_deck=new, spell_discard=(), rng=rng)
        return state, [_ev("rebuild", {"deck": which, "size": len(new)})]

    def _deal(self, state: BQState, events: list[Event] | None = None) -> tuple[BQState, list[Event]]:
        """A round's set-up: the boss, the weapons (one hidden and one face up each, from the
        Armorer's left), the Magician's players + 1 spells (the first face down).  Made in the
        private state's dictionary; the events are added to ``events`` (a new list without it)."""
        if events is None:
            events = []
        d = state.__dict__
        n = d["players"]
        bosses, spells = d["boss_deck"], d["spell_deck"]
        # the common case: neither deck runs out during the deal (so neither is rebuilt, and
        # the draws take no RNG): the same cards, draws and order
        fast = len(bosses) >= 2 and len(spells) >= n + 2
        if fast:
            boss = d["boss"] = bosses[0]
            d["boss_deck"] = bosses[1:]
            drawn: list[Event] = []
        else:
            state, drawn = self._draw_boss(state)
            boss = d["boss"]
        deals = d["deals"]
        if deals:
            weapons, explicit = deals[0], True
            d["deals"] = deals[1:]
        else:
            weapons, d["rng"] = _shuffle(_ALL_WEAPONS, d["rng"])
            explicit = False
        order = _RING[n][(d["armorer"] + 1) % n]
        hidden = [0] * n
        face: list[Cards] = [()] * n
        for k, s in enumerate(order):
            hidden[s] = weapons[k]
            face[s] = (weapons[n + k],)
        deck = tuple(weapons[2 * n:])
        spell_events: list[Event] = []
        if fast:
            row: Sequence[int] = spells[:n + 1]
            d["spell_deck"] = spells[n + 1:]
        else:
            row = []
            for _k in range(n + 1):
                state, card, ev = self._draw_spell(state)
                row.append(card)
                spell_events += ev
            row = tuple(row)
        hidden_t, face_t = tuple(hidden), tuple(face)
        d["order"], d["turn"], d["phase"], d["hidden"], d["face_up"], d["deck"] = \
            order, order[0], "play", hidden_t, face_t, deck
        d["top_known"], d["known"], d["row"], d["active"], d["aim"] = (), _NOBODY_KNOWS[n], row, (), None
        d["status"], d["last_turn"], d["lone_equipped"] = _ALL_EQUIP[n], None, False
        hp = BOSS_HPS[boss]
        strengths = tuple([_VALUE[hidden[s]] + _VALUE[face[s][0]] for s in range(n)])
        overs = tuple([st > hp for st in strengths])
        d["_fight_cache"] = (_fight_key(d), (hp, strengths, overs))
        events.append(_ev("deal", {"round": d["round"], "armorer": d["armorer"], "order": list(order),
                                   "explicit": explicit, "hearts": list(d["hearts"]), "keys": list(d["keys"])}))
        if drawn:
            events += drawn
        events.append(_boss_event(boss, hp, len(d["boss_deck"])))
        down, secret, up = _DEAL_DOWN_EV, _HIDDEN_EV, _DEAL_UP_EV
        for s in order:
            events.append(down[s])
            events.append(secret[s][hidden[s]])
        for s in order:
            events.append(up[s][face[s][0]])
        if spell_events:
            events += spell_events
        events.append(_ev("spells", {"slots": [None] + [SPELL_NAMES[c] for c in row[1:]],
                                     "mystery": MYSTERY_SLOT, "deck": len(d["spell_deck"])}, reveals=True))
        events.append(_weapon_deck_event(len(deck)))
        if True in overs:
            events += self._bust_events((False,) * n, state)
        events.append(self._turn_event(state))
        return state, events

    # -- queries
    def to_act(self, state: BQState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.turn,)

    def forced(self, state: BQState, seat: int) -> str | None:
        """Why ``seat`` must go to the Magician now (no more weapons), or None: "over" (strength
        over the boss's HP), "lone" (the last one equipping has had their last weapons),
        "deck" (the weapon deck is empty)."""
        if state._fight()[2][seat]:
            return "over"
        if state.last_turn is None and state.lone_equipped and state.only_equipping(seat):
            return "lone"
        if not state.deck:
            return "deck"
        return None

    def choices(self, state: BQState, seat: int, card: int) -> tuple[dict[str, Any], ...]:
        """The ways ``seat`` may activate spell ``card`` now: ``({},)`` for a spell with no
        choice, one dict per target / weapon / cancellable spell, ``()`` when it can do nothing
        (an exchange with an empty deck, a cancel with nothing to cancel)."""
        sp = SPELLS[card]
        n = state.players
        if sp.effect == "strength":
            return tuple({"target": t} for t in range(n))
        if sp.effect == "swap":
            return tuple({"target": t} for t in range(n) if t != seat)
        if sp.effect == "exchange":
            if not state.deck:
                return ()
            return tuple({"weapon": WEAPON_NAMES[c]} for c in state.weapons(seat))
        if sp.effect == "cancel":
            return tuple({"cancel": i} for i, a in enumerate(state.active)
                         if SPELLS[a.card].effect not in UNCANCELLABLE)
        return ({},)

    def legal_actions(self, state: BQState, seat: int) -> ListSpace:
        d = state.__dict__
        if seat != d["turn"] or d["phase"] != "play":
            if seat == d["turn"] and d["phase"] == "aim":
                return ListSpace(tuple(_aim_choice(seat, *c.items())
                                       for c in self.choices(state, seat, d["aim"][1])))
            return ListSpace(())
        deck = d["deck"]
        # ``self.forced(state, seat) is None``, inline
        if (not deck or _fight_d(d)[2][seat]
                or (d["last_turn"] is None and d["lone_equipped"] and state.only_equipping(seat))):
            out: tuple[Action, ...] = ()
        else:
            out = _equips(seat, MAX_EQUIP if len(deck) > MAX_EQUIP else len(deck))
        row = d["row"]
        table = _SLOT_TABLE[d["players"]][seat]
        empty = True
        for slot, card in enumerate(row):
            if card is None:
                continue
            empty = False
            acts = table[slot][card]
            if acts is None:
                acts = self._choice_actions(d, seat, slot, card)
            out += acts
        if empty:
            out += (_wait(seat),)
        return ListSpace.of(out)

    @staticmethod
    def _choice_actions(d: dict[str, Any], seat: int, slot: int, card: int) -> tuple[Action, ...]:
        """An exchange's or a cancel's actions in ``slot`` (as ``choices`` lists them), then
        its discard; ``d``: the state's dictionary."""
        if _EFFECT[card] == "exchange":
            if not d["deck"]:
                return (_discard_slot(seat, slot),)
            tbl = _EXCHANGES[seat][slot]
            return (tbl[d["hidden"][seat]],) + tuple([tbl[c] for c in d["face_up"][seat]]) + (_discard_slot(seat, slot),)
        # cancel: every active spell but "Last turn!"
        return tuple([_activate_choice(seat, slot, ("cancel", i)) for i, a in enumerate(d["active"])
                      if _EFFECT[a.card] not in UNCANCELLABLE]) + (_discard_slot(seat, slot),)

    # -- transitions
    def apply(self, state: BQState, action: Action) -> tuple[BQState, tuple[Event, ...]]:
        d0 = state.__dict__
        seat = action.seat
        # an action given out by ``legal_actions`` (a shared object): its parameters are known,
        # so only what the state decides is checked here; anything else is checked in full
        dec = _DEC.get(id(action))
        ok = False
        if dec is not None and dec[0] is action and seat == d0["turn"] and d0["phase"] == "aim":
            code = dec[1]
            ok = code == _AIM and self._choice_refusal(state, seat, d0["aim"][1], dec[2]) is None
        elif dec is not None and dec[0] is action and d0["phase"] == "play" and seat == d0["turn"]:
            code = dec[1]
            # the most common steps, start to end in one place (None: not allowed, see below)
            if code == _EQUIP:
                done = self._fast_equip(state, seat, dec[2])
                if done is not None:
                    return done
            elif code == _DISCARD:
                done = self._fast_discard(state, seat, dec[2])
                if done is not None:
                    return done
            elif code == _TARGET or code == _PLAIN:
                done = self._fast_activate(state, seat, dec[2], dec[3])
                if done is not None:
                    return done
            if code == _EQUIP:
                k = dec[2]
                ok = (k <= len(d0["deck"]) and not _fight_d(d0)[2][seat]
                      and not (d0["last_turn"] is None and d0["lone_equipped"] and state.only_equipping(seat)))
            elif code == _WAIT:
                row = d0["row"]
                ok = row.count(None) == len(row)
            elif code != _AIM:
                slot, row = dec[2], d0["row"]
                if slot < len(row) and row[slot] is not None:
                    if code == _DISCARD:
                        ok = True
                    elif code == _PLAIN:
                        ok = slot == MYSTERY_SLOT or _NO_CHOICE[row[slot]]
                    elif slot == MYSTERY_SLOT:
                        ok = False              # the mystery spell takes no choice
                    elif code == _TARGET:
                        effect, t = _EFFECT[row[slot]], dec[3]
                        ok = 0 <= t < d0["players"] and (effect == "strength" or (effect == "swap" and t != seat))
                    elif code == _WEAPON:
                        w = dec[3]
                        ok = (_EFFECT[row[slot]] == "exchange" and len(d0["deck"]) > 0
                              and (w == d0["hidden"][seat] or w in d0["face_up"][seat]))
                    elif code == _CANCEL:
                        i, active = dec[3], d0["active"]
                        ok = (_EFFECT[row[slot]] == "cancel" and 0 <= i < len(active)
                              and _EFFECT[active[i].card] not in UNCANCELLABLE)
        if ok:
            kind = _KIND[code]
            if code == _TARGET:
                choice: Mapping[str, Any] = {"target": dec[3]}
            elif code == _WEAPON:
                choice = {"weapon": WEAPON_NAMES[dec[3]]}
            elif code == _CANCEL:
                choice = {"cancel": dec[3]}
            elif code == _AIM:
                choice = dec[2]
            else:
                choice = _NO_CHOICE_DICT
        else:
            self._check(state, action)
            kind = action.kind
            choice = self._choice_of(action)
        # one private copy for the whole step: every change below is made in it (``_put``, or
        # straight in its dictionary ``d``)
        before = _fight_d(d0)[2]
        state, d = fork(state)
        d["opening"] = ()
        events: list[Event] = []
        if kind == "equip":
            self._equip(d, seat, dec[2] if ok else action["n"], events)
        elif kind == "aim":
            card = d["aim"][1]
            d["aim"], d["phase"] = None, "play"
            state = self._cast(state, seat, card, choice, events, mystery=True)
        else:
            state = self._visit(state, seat, kind, dec[2] if ok else action.get("slot"), choice, events)
        overs = _fight_d(d)[2]
        if overs != before:
            events += self._bust_events(before, state)
        if d["phase"] == "aim":
            return state, tuple(events)
        return self._advance(state, seat, events)

    def _check(self, state: BQState, action: Action) -> None:
        """Raise the error that says why ``action`` is not allowed now (if it is not)."""
        if state.over:
            raise IllegalAction(_("the game is over"), action)
        seat = action.seat
        if not _is_int(seat) or not 0 <= seat < state.players:
            raise IllegalAction(_("there is no seat {seat}").format(seat=seat), action)
        if seat != state.turn:
            raise NotYourTurn(_("it is seat {turn}'s turn, not seat {seat}'s").format(
                turn=state.turn, seat=seat), action)
        kind = action.kind
        if kind not in KINDS:
            raise IllegalAction(_("'{kind}' is not a move of Boss Quest: equip, activate, discard, "
                                  "aim or wait").format(kind=cut(kind)), action)
        allowed = PARAMS[kind]
        extra = [k for k, _v in action.params if k not in allowed]
        if extra:
            extra.sort()
            raise IllegalAction(_("'{kind}' takes no {extra}").format(
                kind=cut(kind), extra=", ".join(map(cut, extra[:5]))),
                                action)
        why = self._refusal(state, action)
        if why is not None:
            raise IllegalAction(why, action)

    def _choice_of(self, action: Action) -> dict[str, Any]:
        return {k: v for k, v in action.params if k in CHOICE_KEYS}

    def _refusal(self, state: BQState, action: Action) -> str | None:
        """Why ``action`` (by the seat to act) is not allowed now, or None."""
        seat, kind = action.seat, action.kind
        if state.phase == "aim":
            if kind != "aim":
                return _("choose where the mystery spell ({spell}) goes first ('aim')").format(
                    spell=spell_text(state.aim[1]))
            return self._choice_refusal(state, seat, state.aim[1], self._choice_of(action))
        if kind == "aim":
            return _("there is no mystery spell waiting for a choice")
        if kind == "equip":
            k = action.get("n")
            if not _is_int(k) or not MIN_EQUIP <= k <= MAX_EQUIP:
                return _("ask for 1 to 4 weapons: 'n' must be a whole number from 1 to 4")
            why = self.forced(state, seat)
            if why == "over":
                return _("you are bust (your strength is over the boss's HP): you must go to the Magician")
            if why == "lone":
                return _("you were the last one equipping and have had your last weapons: "
                         "go to the Magician")
            if why == "deck":
                return _("the weapon deck is empty: go to the Magician")
            if k > len(state.deck):
                return _("only {n} weapons are left in the deck").format(n=len(state.deck))
            return None
        if kind == "wait":
            if any(c is not None for c in state.row):
                return _("the Magician still has spells: activate or discard one")
            return None
        slot = action.get("slot")
        if not _is_int(slot):
            return _("say which spell: 'slot' must be a place in the Magician's row")
        if not 0 <= slot < len(state.row) or state.row[slot] is None:
            return _("there is no spell in slot {slot} of the Magician's row").format(slot=slot)
        choice = self._choice_of(action)
        if kind == "discard":
            return None
        if slot == MYSTERY_SLOT:
            if choice:
                return _("the mystery spell is activated unseen: choose after it is turned up")
            return None
        return self._choice_refusal(state, seat, state.row[slot], choice)

    def _choice_refusal(self, state: BQState, seat: int, card: int, choice: dict[str, Any]) -> str | None:
        effect = SPELLS[card].effect
        if effect == "strength" or effect == "swap":
            # ``choice in self.choices(...)`` without building the choices: {"target": t}
            # with t equal to a seat (another one for a swap)
            if len(choice) == 1 and "target" in choice:
                t = choice["target"]
                if _is_int(t) and 0 <= t < state.players and not (effect == "swap" and t == seat):
                    return None
        elif not choice and effect not in ("exchange", "cancel"):
            return None             # a spell with no choice: ``choices`` is ({},)
        options = self.choices(state, seat, card)
        if choice in options and not any(v.__class__ is bool for v in choice.values()):   # (True == 1)
            return None
        sp = SPELLS[card]
        name = spell_text(card)
        if not options:
            if sp.effect == "exchange":
                return _("the weapon deck is empty: there is nothing to exchange with")
            return _("no active spell can be cancelled")
        if sp.effect in ("strength", "swap"):
            t = choice.get("target")
            if set(choice) != {"target"} or not _is_int(t) or not 0 <= t < state.players:
                return _("{spell} needs a player: 'target' must be a seat number").format(spell=name)
            return _("{spell} swaps with another player, not yourself").format(spell=name)
        if sp.effect == "exchange":
            w = choice.get("weapon")
            if set(choice) != {"weapon"} or not isinstance(w, str) or w not in WEAPON_INDEX:
                return _("{spell} needs one of your weapons: 'weapon' must be a weapon name").format(spell=name)
            return _("{weapon} is not one of your weapons").format(weapon=weapon_text(w))
        if sp.effect == "cancel":
            return _("{spell} needs an active spell: 'cancel' must be the index of one "
                     "(Last turn! cannot be cancelled)").format(spell=name)
        return _("{spell} takes no choice").format(spell=name)

    def _equip(self, d: dict[str, Any], seat: int, k: int, events: list[Event]) -> None:
        """Equip ``k`` weapons, in the private state's dictionary ``d``."""
        last = d["last_turn"]
        status = d["status"]
        lone = last is None and status[seat] == "equip" and status.count("equip") == 1
        old = d["deck"]
        taken, deck = old[:k], old[k:]
        face = d["face_up"]
        face_t = face[:seat] + (face[seat] + taken,) + face[seat + 1:]
        hp, strengths, overs = _fight_d(d)
        d["deck"] = deck
        d["face_up"] = face_t
        d["top_known"] = d["top_known"][k:]
        if last is not None:
            d["status"] = status[:seat] + ("ready",) + status[seat + 1:]
        if lone:
            d["lone_equipped"] = True
        # the seat's strength goes up by the weapons taken; nothing else changes
        st = strengths[seat]
        for c in taken:
            st += _VALUE[c]
        d["_fight_cache"] = (_fight_key(d), (hp, strengths[:seat] + (st,) + strengths[seat + 1:],
                              overs[:seat] + (st > hp,) + overs[seat + 1:]))
        left = len(deck)
        events.append(_ev("equip", {"seat": seat, "n": k, "deck": left, "last": last is not None, "lone": lone}))
        left += k
        for c in taken:
            left -= 1
            events.append(_equip_event(seat, c, left))

    def _visit(self, state: BQState, seat: int, kind: str, slot: int, choice: Mapping[str, Any],
               events: list[Event]) -> BQState:
        d = state.__dict__
        status = d["status"]
        d["status"] = status[:seat] + ("magician",) + status[seat + 1:]
        events.append(_MAGICIAN_EV[seat])
        if kind == "wait":
            events.append(_WAIT_EV[seat])
            return state
        row = d["row"]
        card = row[slot]
        d["row"] = row[:slot] + (None,) + row[slot + 1:]
        mystery = slot == MYSTERY_SLOT
        if kind == "discard":
            d["spell_discard"] = d["spell_discard"] + (card,)
            events.append(_discard_event(seat, slot, card))
            return state
        if mystery:
            events.append(_ev("mystery", {"seat": seat, "slot": slot, "card": SPELL_NAMES[card]},
                              reveals=True))
            options = self.choices(state, seat, card)
            if not options:
                state = _put(state, spell_discard=state.spell_discard + (card,))
                events.append(_ev("fizzle", {"seat": seat, "card": SPELL_NAMES[card],
                                             "why": "deck" if SPELLS[card].effect == "exchange" else "nothing"}))
                return state
            if options != ({},):
                events.append(_ev("aim", {"seat": seat, "card": SPELL_NAMES[card]}))
                return _put(state, aim=(seat, card), phase="aim")
            return self._cast(state, seat, card, {}, events, mystery=True, slot=slot)
        return self._cast(state, seat, card, choice, events, slot=slot)

    def _cast(self, state: BQState, seat: int, card: int, choice: Mapping[str, Any], events: list[Event],
              mystery: bool = False, slot: int = MYSTERY_SLOT) -> BQState:
        """Activate spell ``card`` for ``seat`` with its (checked) choice, in the private state."""
        d = state.__dict__
        sp = SPELLS[card]
        effect = sp.effect
        data: dict[str, Any] = {"seat": seat, "slot": slot, "card": sp.name, "mystery": mystery,
                                "dark": sp.dark, "effect": effect}
        if choice:
            data.update(self._echo(state, seat, choice) if "weapon" in choice else choice)
        events.append(_ev("activate", data))
        n = d["players"]
        if effect == "strength":
            t = choice["target"]
            hp, strengths, overs = _fight_d(d)
            active = d["active"] = d["active"] + (_active(card, t, seat),)
            if 0 <= t < n:
                st = strengths[t] + sp.delta
                d["_fight_cache"] = (_fight_key(d), (hp, strengths[:t] + (st,) + strengths[t + 1:],
                                      overs[:t] + (st > hp,) + overs[t + 1:]))
            modifier = 0
            for a in active:
                if a.target == t and _EFFECT[a.card] == "strength":
                    modifier += SPELLS[a.card].delta
            events.append(_ev("strength", {"seat": seat, "target": t, "card": sp.name, "delta": sp.delta,
                                           "modifier": modifier}))
        elif effect == "boss":
            hp, strengths, _overs = _fight_d(d)
            active = d["active"] = d["active"] + (_active(card, BOSS, seat),)
            hp += sp.delta
            d["_fight_cache"] = (_fight_key(d), (hp, strengths, tuple([st > hp for st in strengths])))
            events.append(_ev("boss_hp", {"seat": seat, "card": sp.name, "delta": sp.delta, "hp": hp,
                                          "base": BOSS_HPS[d["boss"]]}))
        elif effect == "swap":
            state = self._swap(state, seat, choice["target"], events)
            state = _put(state, spell_discard=state.spell_discard + (card,))
        elif effect == "exchange":
            state = self._exchange(state, seat, WEAPON_INDEX[choice["weapon"]], events)
            state = _put(state, spell_discard=state.spell_discard + (card,))
        elif effect == "cancel":
            i = choice["cancel"]
            gone = state.active[i]
            fight = _fight_d(d)
            active = d["active"] = d["active"][:i] + d["active"][i + 1:]
            d["spell_discard"] = d["spell_discard"] + (gone.card, card)
            if _EFFECT[gone.card] not in ("strength", "boss"):
                # the HP and the strengths do not change
                d["_fight_cache"] = (_fight_key(d), fight)
            events.append(_ev("cancel", {"seat": seat, "index": i, "card": SPELL_NAMES[gone.card],
                                         "target": gone.target, "by": gone.by, "hp": state.hp,
                                         "modifier": state.modifier(gone.target) if gone.target >= 0 else 0}))
        else:
            # "Last turn!" and the rules for the round (colour, two_colour, no_heart, extra_key,
            # second): beside the boss; the HP and the strengths do not change
            fight = _fight_d(d)
            active = d["active"] = d["active"] + (_active(card, BOSS, seat),)
            d["_fight_cache"] = (_fight_key(d), fight)
            if effect == "last_turn":
                if d["last_turn"] is None:
                    status = d["status"]
                    d["last_turn"] = tuple([s for s in _AFTER[n][seat][:-1] if status[s] == "equip"])
                events.append(_ev("last_turn", {"seat": seat, "players": list(d["last_turn"])}))
            else:
                events.append(_rule_event(seat, card))
        return state

    @staticmethod
    def _echo(state: BQState, seat: int, choice: dict[str, Any]) -> dict[str, Any]:
        """The public echo of a spell's choice, what every seat may know of it (the one place
        that decides it): a target or a spell to cancel as chosen; for an exchange the weapon
        only when it is face up, else ``"weapon": None, "hidden": True`` (never the hidden
        weapon: the activator learns the rest from the private ``exchanged``)."""
        out = dict(choice)
        if "weapon" in choice:
            hidden = WEAPON_INDEX[choice["weapon"]] == state.hidden[seat]
            out["hidden"] = hidden
            if hidden:
                out["weapon"] = None
        return out

    def _swap(self, state: BQState, a: int, b: int, events: list[Event]) -> BQState:
        """a's and b's hidden weapons change places: knowledge follows the cards, and each of
        the two now knows both."""
        hp, strengths, overs = state._fight()
        hidden = list(state.hidden)
        hidden[a], hidden[b] = hidden[b], hidden[a]
        # the two strengths change by the weapons' difference; nothing else changes
        diff = _VALUE[hidden[a]] - _VALUE[hidden[b]]
        st = list(strengths)
        st[a] += diff
        st[b] -= diff
        ov = list(overs)
        ov[a], ov[b] = st[a] > hp, st[b] > hp
        known = []
        for v, row in enumerate(state.known):
            r = list(row)
            r[a], r[b] = r[b], r[a]
            if v == a:
                r[b] = hidden[b]
            if v == b:
                r[a] = hidden[a]
            if v < state.players:
                r[v] = None
            known.append(tuple(r))
        state = _put(state, hidden=tuple(hidden), known=tuple(known))
        state._set_fight((hp, tuple(st), tuple(ov)))
        events.append(_ev("swap", {"seat": a, "target": b}))
        events.append(_ev("swapped", {"seat": a, "target": b, "cards": {str(a): WEAPON_NAMES[hidden[a]],
                                                                        str(b): WEAPON_NAMES[hidden[b]]}},
                          to=(a, b), reveals=True))
        return state

    def _exchange(self, state: BQState, seat: int, weapon: int, events: list[Event]) -> BQState:
        """``weapon`` (one of ``seat``'s) and the top of the weapon deck change places: the new
        card takes the old one's place (hidden or face up); the old one goes on top of the
        deck, known to everyone if it was face up, else to those who knew it."""
        n = state.players
        top = state.deck[0]
        hp, strengths, overs = state._fight()
        st = strengths[seat] + _VALUE[top] - _VALUE[weapon]
        fight = (hp, strengths[:seat] + (st,) + strengths[seat + 1:], overs[:seat] + (st > hp,) + overs[seat + 1:])
        top_mask = state.top_known[0] if state.top_known else (False,) * (n + 1)
        rest_masks = state.top_known[1:]
        deck = (weapon,) + state.deck[1:]
        if weapon == state.hidden[seat]:
            mask = tuple(v == seat or (v != seat and state.known[v][seat] == weapon) for v in range(n + 1))
            hidden = list(state.hidden)
            hidden[seat] = top
            known = []
            for v, row in enumerate(state.known):
                r = list(row)
                r[seat] = top if (v != seat and top_mask[v]) else None
                known.append(tuple(r))
            state = _put(state, hidden=tuple(hidden), known=tuple(known), deck=deck,
                            top_known=(mask,) + rest_masks)
            state._set_fight(fight)
            public_got = WEAPON_NAMES[top] if top_mask[n] else None
            events.append(_ev("exchange", {"seat": seat, "hidden": True, "gave": None, "got": public_got,
                                           "deck": len(deck)}))
            events.append(_ev("exchanged", {"seat": seat, "hidden": True, "gave": WEAPON_NAMES[weapon],
                                            "got": WEAPON_NAMES[top]}, to=(seat,), reveals=True))
        else:
            face = list(state.face_up)
            face[seat] = tuple(top if c == weapon else c for c in face[seat])
            state = _put(state, face_up=tuple(face), deck=deck,
                            top_known=((True,) * (n + 1),) + rest_masks)
            state._set_fight(fight)
            events.append(_ev("exchange", {"seat": seat, "hidden": False, "gave": WEAPON_NAMES[weapon],
                                           "got": WEAPON_NAMES[top], "deck": len(deck)}, reveals=True))
        return state

    def _bust_events(self, before: tuple[bool, ...], state: BQState) -> list[Event]:
        """A player whose strength goes over the boss's HP says so (public), and says so again
        when a spell brings them back under it."""
        hp, _strengths, overs = state._fight()
        if overs == before:
            return []
        out = []
        n = state.players
        for s, now in enumerate(overs):
            if now != before[s]:
                others = tuple(x for x in range(n) if x != s)
                out.append(_ev("bust" if now else "unbust", {"seat": s, "hp": hp}, reveals=others))
        return out

    def _turn_event(self, state: BQState) -> Event:
        d = state.__dict__
        s = d["turn"]
        last = d["last_turn"]
        lone = last is None and state.only_equipping(s)
        return _turn_ev(s, _forced_of(_fight_d(d)[2][s], lone, d), last is not None, lone)

    def _advance(self, state: BQState, seat: int, events: list[Event]) -> tuple[BQState, tuple[Event, ...]]:
        d = state.__dict__
        if not self._pass_turn(d, seat, d["status"], _fight_d(d)[2], events):
            state = self._combat(state, events)
        return state, tuple(events)

    def _fast_equip(self, state0: BQState, seat: int, k: int) -> tuple[BQState, tuple[Event, ...]] | None:
        """``apply`` of ``equip(seat, k)`` by the seat to act in the "play" phase, start to end
        (the same state and events as the general path), or None when it is not allowed."""
        d0 = state0.__dict__
        deck0 = d0["deck"]
        if k > len(deck0):
            return None
        hp, strengths, overs = _fight_d(d0)
        if overs[seat]:
            return None
        last = d0["last_turn"]
        status = d0["status"]
        lone = last is None and status[seat] == "equip" and status.count("equip") == 1
        if lone and d0["lone_equipped"]:
            return None
        state, d = fork(state0)
        d["opening"] = ()
        taken, deck = deck0[:k], deck0[k:]
        face = d0["face_up"]
        face_t = face[:seat] + (face[seat] + taken,) + face[seat + 1:]
        d["deck"] = deck
        d["face_up"] = face_t
        if d0["top_known"]:
            d["top_known"] = d0["top_known"][k:]
        if last is not None:
            status = d["status"] = status[:seat] + ("ready",) + status[seat + 1:]
        if lone:
            d["lone_equipped"] = True
        st = strengths[seat]
        for c in taken:
            st += _VALUE[c]
        if st > hp:
            overs = overs[:seat] + (True,) + overs[seat + 1:]
        d["_fight_cache"] = (_fight_key(d), (hp, strengths[:seat] + (st,) + strengths[seat + 1:], overs))
        left = len(deck)
        events = [_ev("equip", {"seat": seat, "n": k, "deck": left, "last": last is not None, "lone": lone})]
        left += k
        for c in taken:
            left -= 1
            events.append(_equip_event(seat, c, left))
        if st > hp:
            events.append(_bust_event(seat, True, hp, d0["players"]))
        return self._finish(state, seat, status, overs, events)

    def _fast_discard(self, state0: BQState, seat: int, slot: int) -> tuple[BQState, tuple[Event, ...]] | None:
        """``apply`` of ``discard(seat, slot)`` by the seat to act in the "play" phase, start to
        end (the same state and events as the general path), or None when it is not allowed."""
        d0 = state0.__dict__
        row = d0["row"]
        if slot >= len(row) or row[slot] is None:
            return None
        card = row[slot]
        state, d, status = _at_magician(state0, seat, slot)
        d["spell_discard"] = d0["spell_discard"] + (card,)
        events = [_MAGICIAN_EV[seat], _discard_event(seat, slot, card)]
        return self._finish(state, seat, status, _fight_d(d)[2], events)

    def _fast_activate(self, state0: BQState, seat: int, slot: int,
                       target: int | None) -> tuple[BQState, tuple[Event, ...]] | None:
        """``apply`` of a face-up spell's activation by the seat to act in the "play" phase: a
        strength spell on ``target``, or a spell that takes no choice (``target`` None), start to
        end (the same state and events as the general path); None for anything else (the
        general path takes it, or refuses it)."""
        d0 = state0.__dict__
        row = d0["row"]
        if slot == MYSTERY_SLOT or slot >= len(row) or row[slot] is None:
            return None
        card = row[slot]
        if target is not None:
            if _EFFECT[card] == "strength" and 0 <= target < d0["players"]:
                return self._fast_strength(state0, seat, slot, card, target)
            return None
        if not _NO_CHOICE[card]:
            return None
        choice: Mapping[str, Any] = _NO_CHOICE_DICT
        before = _fight_d(d0)[2]
        state, d, _status = _at_magician(state0, seat, slot)
        events = [_MAGICIAN_EV[seat]]
        state = self._cast(state, seat, card, choice, events, slot=slot)
        overs = _fight_d(d)[2]
        if overs != before:
            events += self._bust_events(before, state)
        return self._finish(state, seat, d["status"], overs, events)

    def _fast_strength(self, state0: BQState, seat: int, slot: int, card: int,
                       target: int) -> tuple[BQState, tuple[Event, ...]]:
        """``_fast_activate`` of the strength spell ``card`` (face up in ``slot``) on ``target``
        (a seat): ``_visit`` and ``_cast`` in one place."""
        d0 = state0.__dict__
        hp, strengths, overs = _fight_d(d0)
        state, d, status = _at_magician(state0, seat, slot)
        sp = SPELLS[card]
        delta = sp.delta
        active = d["active"] = d0["active"] + (_active(card, target, seat),)
        st = strengths[target] + delta
        now = st > hp
        changed = now != overs[target]
        if changed:
            overs = overs[:target] + (now,) + overs[target + 1:]
        d["_fight_cache"] = (_fight_key(d), (hp, strengths[:target] + (st,) + strengths[target + 1:], overs))
        modifier = 0
        for a in active:
            if a.target == target and _EFFECT[a.card] == "strength":
                modifier += SPELLS[a.card].delta
        events = [_MAGICIAN_EV[seat],
                  _ev("activate", {"seat": seat, "slot": slot, "card": sp.name, "mystery": False, "dark": sp.dark,
                                   "effect": "strength", "target": target}),
                  _ev("strength", {"seat": seat, "target": target, "card": sp.name, "delta": delta,
                                   "modifier": modifier})]
        if changed:
            events.append(_bust_event(target, now, hp, d0["players"]))
        return self._finish(state, seat, status, overs, events)

    def _finish(self, state: BQState, seat: int, status: tuple[str, ...], overs: tuple[bool, ...],
                events: list[Event]) -> tuple[BQState, tuple[Event, ...]]:
        """The end of a fast step on the private ``state``: the turn passes on, or the combat
        comes; (the state, the step's events)."""
        if not self._pass_turn(state.__dict__, seat, status, overs, events):
            state = self._combat(state, events)
        return state, tuple(events)

    @staticmethod
    def _pass_turn(d: dict[str, Any], seat: int, status: tuple[str, ...], overs: tuple[bool, ...],
                   events: list[Event]) -> bool:
        """``_advance`` up to the combat: the turn passes to the next seat still to act (with
        its turn event), False when nobody is (then the combat comes).  ``status`` and ``overs``
        are the private state's."""
        last = d["last_turn"]
        if last is not None and seat in last:
            last = d["last_turn"] = tuple([s for s in last if s != seat])
        for s in _AFTER[d["players"]][seat]:
            if status[s] == "equip" and (last is None or s in last):
                d["turn"] = s
                lone = last is None and status.count("equip") == 1
                events.append(_turn_ev(s, _forced_of(overs[s], lone, d), last is not None, lone))
                return True
        return False

    # -- the fight and the next round
    def _combat(self, state: BQState, events: list[Event]) -> BQState:
        """The fight and the next round's deal (or the end of the game), in the private state;
        the events are added to ``events``."""
        d = state.__dict__
        n = d["players"]
        hp, strengths, _overs = _fight_d(d)
        hidden_w, face_up, active = d["hidden"], d["face_up"], d["active"]
        rnd, boss = d["round"], d["boss"]
        boss_name = BOSS_NAMES[boss]
        order = d["order"]
        names = WEAPON_NAMES
        events.append(_ev("combat", {"round": rnd, "boss": boss_name, "hp": hp, "base": BOSS_HPS[boss]}))
        events.append(_ev("reveal", {"hidden": {_KEYS[s]: names[hidden_w[s]] for s in order}}, reveals=True))
        # the rules of the round among the active spells
        second = extra = no_heart = False
        conditions: list[int] = []
        for a in active:
            effect = _EFFECT[a.card]
            if effect == "colour" or effect == "two_colour":
                conditions.append(a.card)
            elif effect == "second":
                second = True
            elif effect == "extra_key":
                extra = True
            elif effect == "no_heart":
                no_heart = True
        # each seat's line, and its fight event ("winner" is set below, once the winners are known)
        rows: list[SeatRow] = []
        alive: list[SeatRow] = []
        busts: list[int] = []
        perfect_l: list[int] = []
        fights: list[dict[str, Any]] = [None] * n      # type: ignore[list-item]
        for s in order:
            h = hidden_w[s]
            ws = (h,) + face_up[s]
            st = strengths[s]
            failed: tuple[int, ...] = ()
            if st > hp:
                status, dist = "bust", None
                busts.append(s)
            else:
                if conditions:
                    failed = tuple([c for c in conditions if not self._meets(ws, c)])
                if failed:
                    status, dist = "out", None
                else:
                    status, dist = "in", hp - st
            r = _new(SeatRow)
            rd = r.__dict__
            rd["seat"] = s
            rd["hidden"] = h
            rd["weapons"] = ws
            rd["strength"] = st
            rd["status"] = status
            rd["failed"] = failed
            rd["distance"] = dist
            rows.append(r)
            if dist is not None:
                alive.append(r)
                if dist == 0:
                    perfect_l.append(s)
            data = fights[s] = {"seat": s, "weapons": [names[c] for c in ws], "cards": len(ws), "strength": st,
                                "hp": hp, "status": status,
                                "failed": [SPELL_NAMES[c] for c in failed] if failed else [],
                                "distance": dist, "perfect": dist == 0, "winner": False}
            events.append(_ev("fight", data))
        distances = sorted({r.distance for r in alive})
        pick = 1 if second else 0
        winners: tuple[int, ...] = ()
        if pick < len(distances):
            best = distances[pick]
            group = [r for r in alive if r.distance == best]
            if len(group) == 1:
                winners = (group[0].seat,)
            else:
                fewest = min([len(r.weapons) for r in group])
                winners = tuple([r.seat for r in group if len(r.weapons) == fewest])
            for s in winners:
                fights[s]["winner"] = True
        perfect = tuple(perfect_l)
        gained = [0] * n
        lost = [0] * n
        events.append(_ev("winner", {"seats": list(winners), "second": second,
                                     "distance": distances[pick] if winners else None,
                                     "tie": len(winners) > 1}))
        keys = list(d["keys"])
        for s in winners:
            gained[s] += WIN_KEYS
            keys[s] += WIN_KEYS
            events.append(_keys_event(s, WIN_KEYS, keys[s], "win"))
        if perfect:
            events.append(_ev("perfect", {"seats": list(perfect), "winners": [s for s in perfect if s in winners]}))
            for s in perfect:
                gained[s] += PERFECT_KEYS
                keys[s] += PERFECT_KEYS
                events.append(_keys_event(s, PERFECT_KEYS, keys[s], "perfect"))
        if extra:
            for s in winners:
                gained[s] += EXTRA_KEYS
                keys[s] += EXTRA_KEYS
                events.append(_keys_event(s, EXTRA_KEYS, keys[s], "extra"))
        hearts = list(d["hearts"])
        if busts:
            if no_heart:
                events.append(_ev("hearts_saved", {"seats": busts}))
            else:
                for s in busts:
                    if hearts[s] > 0:
                        hearts[s] -= 1
                        lost[s] = 1
                        events.append(_heart_lost_event(s, hearts[s]))
        keys_t, hearts_t = tuple(keys), tuple(hearts)
        result = _new(RoundResult)
        rd = result.__dict__
        rd["round"] = rnd
        rd["armorer"] = d["armorer"]
        rd["boss"] = boss
        rd["hp"] = hp
        rd["rows"] = tuple(rows)
        rd["winners"] = winners
        rd["second"] = second
        rd["perfect"] = perfect
        rd["keys_won"] = tuple(gained)
        rd["hearts_lost"] = tuple(lost)
        rd["no_heart"] = no_heart
        rd["keys"] = keys_t
        rd["hearts"] = hearts_t
        goal = KEYS_TO_WIN[n]
        won = False
        for k in keys:
            if k >= goal:
                won = True
                break
        over = won or 0 in hearts
        d["keys"], d["hearts"], d["results"] = keys_t, hearts_t, d["results"] + (result,)
        events.append(_ev("round_end", {
            "round": rnd, "boss": boss_name, "hp": hp, "winners": list(winners),
            "second": second, "perfect": list(perfect), "keys_won": gained, "hearts_lost": lost,
            "no_heart": no_heart, "keys": keys, "hearts": hearts, "over": over}))
        if over:
            # every hidden weapon has been shown at the fight
            d["known"] = tuple([hidden_w[:v] + (None,) + hidden_w[v + 1:] for v in range(n)] + [hidden_w])
            d["phase"], d["turn"] = "over", None
            out = self.outcome(state)
            why = [w for w, hit in (("keys", won), ("heart", 0 in hearts)) if hit]
            events.append(_ev("game_over", {"winners": list(out.winners), "ranks": list(out.ranks),
                                            "keys": keys, "hearts": hearts, "why": why,
                                            "shared": len(out.winners) > 1}))
            return state
        # the next round: the boss and the spells are discarded, the Armorer passes left,
        # every weapon is gathered and shuffled (the hidden weapons shown at the fight: the deal
        # sets ``known`` again at once)
        row = d["row"]
        if row and row[MYSTERY_SLOT] is not None:
            events.append(_ev("mystery_shown", {"card": SPELL_NAMES[row[MYSTERY_SLOT]]}, reveals=True))
        spells_out = tuple([c for c in row if c is not None] + [a.card for a in active])
        events.append(_ev("discard_round", {"boss": boss_name, "spells": [SPELL_NAMES[c] for c in spells_out]}))
        previous = d["armorer"]
        armorer = (previous + 1) % n
        events.append(_armorer_event(armorer, previous))
        d["boss_discard"] = d["boss_discard"] + (boss,)
        d["spell_discard"] = d["spell_discard"] + spells_out
        d["row"], d["active"], d["round"], d["armorer"] = (), (), rnd + 1, armorer
        events.append(_new_round_event(rnd + 1, armorer))
        return self._deal(state, events)[0]

    @staticmethod
    def _meets(weapons: Sequence[int], condition: int) -> bool:
        """Whether ``weapons`` meet the condition spell ``condition``: one of its colour
        ("colour"), else two of one colour."""
        need = _NEEDS[condition]
        if need is not None:
            for c in weapons:
                if _WEAPON_COLOUR[c] == need:
                    return True
            return False
        colours = [_WEAPON_COLOUR[c] for c in weapons]
        return len(set(colours)) < len(colours)

    # -- views
    def observe(self, state: BQState, seat: int | None) -> BQObservation:
        d = state.__dict__
        n = d["players"]
        known = d["known"]
        hp, strengths, overs = _fight_d(d)
        nobody = _NOBODY_ROW[n]
        public = known[n]
        if seat is None:
            v = n
            hidden = public
            strength = None
        else:
            v = seat
            mine = known[seat]
            own = d["hidden"][seat]
            hidden = _OWN_ONLY[n][seat][own] if mine is nobody else mine[:seat] + (own,) + mine[seat + 1:]
            strength = strengths[seat]
        row = d["row"]
        if row and row[MYSTERY_SLOT] is not None:
            row = (MYSTERY,) + row[1:]
        top_known = d["top_known"]
        if top_known:
            deck = d["deck"]
            deck_top = tuple([deck[i] if m[v] else None for i, m in enumerate(top_known)])
            top_public = tuple([m[n] for m in top_known])
        else:
            deck_top = top_public = ()
        # the new object's own dictionary, filled in the fields' order (the cheapest way to
        # make a dictionary of this size)
        o = _new(BQObservation)
        od = o.__dict__
        od["seat"] = seat
        od["players"] = n
        od["round"] = d["round"]
        od["armorer"] = d["armorer"]
        od["order"] = d["order"]
        od["turn"] = d["turn"]
        od["phase"] = d["phase"]
        od["hearts"] = d["hearts"]
        od["keys"] = d["keys"]
        od["keys_to_win"] = KEYS_TO_WIN[n]
        od["boss"] = d["boss"]
        od["boss_hp"] = hp
        od["boss_deck_size"] = len(d["boss_deck"])
        od["boss_discard"] = d["boss_discard"]
        od["face_up"] = d["face_up"]
        od["hidden"] = hidden
        od["hidden_public"] = _NOBODY_MASK[n] if public is nobody else _public_mask(public)
        od["strength"] = strength
        od["over"] = overs
        od["status"] = d["status"]
        od["magician"] = row
        od["active"] = d["active"]
        od["aim"] = d["aim"]
        od["spell_deck_size"] = len(d["spell_deck"])
        od["spell_discard"] = d["spell_discard"]
        od["deck_size"] = len(d["deck"])
        od["deck_top"] = deck_top
        od["top_public"] = top_public
        od["last_turn"] = d["last_turn"]
        od["lone_equipped"] = d["lone_equipped"]
        od["results"] = d["results"]
        return o

    def outcome(self, state: BQState) -> Outcome | None:
        if state.phase != "over":
            return None
        hearts, keys = state.hearts, state.keys
        # a player who lost their last heart has lost; then most keys, then most hearts
        key = [(1 if h > 0 else 0, k, h) for h, k in zip(hearts, keys)]
        ranks = tuple([1 + sum([1 for o in key if o > mine]) for mine in key])
        winners = tuple([s for s, r in enumerate(ranks) if r == 1])
        return Outcome(winners=winners, ranks=ranks, scores=state.keys)

    def card_census(self, state: BQState) -> dict[str, int]:
        out = {nm: 0 for nm in WEAPON_NAMES + BOSS_NAMES + SPELL_NAMES}
        weapons = tuple(state.hidden) + tuple(c for f in state.face_up for c in f) + state.deck
        for c in weapons:
            out[WEAPON_NAMES[c]] += 1
        for b in (state.boss,) + state.boss_deck + state.boss_discard:
            out[BOSS_NAMES[b]] += 1
        spells = (tuple(c for c in state.row if c is not None) + tuple(a.card for a in state.active)
                  + state.spell_deck + state.spell_discard + ((state.aim[1],) if state.aim else ()))
        for c in spells:
            out[SPELL_NAMES[c]] += 1
        return out

    def determinize(self, obs: BQObservation, rng: Rng) -> BQState:
        """A full state consistent with ``obs``: the hidden weapons this seat does not know are
        dealt from the unseen weapons so that every player's announced "over" stays true; the
        weapon deck's unknown places, the mystery spell, the spell deck and the boss deck are
        shuffled from what is unseen.  ``observe(result, obs.seat) == obs``."""
        n = obs.players
        v = n if obs.seat is None else obs.seat
        seen = set(c for f in obs.face_up for c in f)
        seen |= {c for c in obs.hidden if c is not None}
        seen |= {c for c in obs.deck_top if c is not None}
        pool = [c for c in range(N_WEAPONS) if c not in seen]
        unknown = [s for s in range(n) if obs.hidden[s] is None]
        mods = [sum(SPELLS[a.card].delta for a in obs.active if a.target == s and SPELLS[a.card].effect == "strength")
                for s in range(n)]
        bounds = {}
        for s in unknown:
            margin = obs.boss_hp - sum(value(c) for c in obs.face_up[s]) - mods[s]
            bounds[s] = (margin + 1, 99) if obs.over[s] else (-99, margin)
        assign = _assign(unknown, bounds, pool, rng)
        hidden = [obs.hidden[s] if obs.hidden[s] is not None else assign[s] for s in range(n)]
        rest = rng.shuffle([c for c in pool if c not in set(assign.values())])
        deck = []
        for i in range(obs.deck_size):
            if i < len(obs.deck_top) and obs.deck_top[i] is not None:
                deck.append(obs.deck_top[i])
            else:
                deck.append(rest.pop())
        if rest:
            raise ValueError("the observation's weapons do not add up to the deck")
        public = tuple(hidden[s] if obs.hidden_public[s] else None for s in range(n))
        known = []
        for u in range(n + 1):
            if u == v:
                row = tuple(None if s == u else obs.hidden[s] for s in range(n))
            else:
                row = tuple(None if s == u else public[s] for s in range(n))
            known.append(row)
        top_known = tuple(tuple((obs.deck_top[i] is not None) if u == v else obs.top_public[i]
                                for u in range(n + 1)) for i in range(len(obs.deck_top)))
        spool = list(FULL_SPELLS)
        for c in ([c for c in obs.magician if c is not None and c != MYSTERY] + [a.card for a in obs.active]
                  + list(obs.spell_discard) + ([obs.aim[1]] if obs.aim else [])):
            spool.remove(c)
        spool = rng.shuffle(spool)
        row = list(obs.magician)
        if row and row[MYSTERY_SLOT] == MYSTERY:
            row[MYSTERY_SLOT] = spool.pop()
        if len(spool) != obs.spell_deck_size:
            raise ValueError("the observation's spells do not add up to the deck")
        bpool = [b for b in range(N_BOSSES) if b != obs.boss and b not in obs.boss_discard]
        if len(bpool) != obs.boss_deck_size:
            raise ValueError("the observation's bosses do not add up to the deck")
        return BQState(
            players=n, round=obs.round, armorer=obs.armorer, order=obs.order, turn=obs.turn, phase=obs.phase,
            hearts=obs.hearts, keys=obs.keys, boss=obs.boss, boss_deck=tuple(rng.shuffle(bpool)),
            boss_discard=obs.boss_discard, hidden=tuple(hidden), face_up=obs.face_up, deck=tuple(deck),
            top_known=top_known, known=tuple(known), row=tuple(row), active=obs.active, aim=obs.aim,
            spell_deck=tuple(spool), spell_discard=obs.spell_discard, status=obs.status,
            last_turn=obs.last_turn, lone_equipped=obs.lone_equipped, results=obs.results, deals=(),
            rng=rngmod.seed_state(rng.randbelow(1 << 30)))


def _assign(seats: Sequence[int], bounds: Mapping[int, tuple[int, int]], pool: Sequence[int],
            rng: Rng) -> dict[int, int]:
    """Weapons from ``pool`` for ``seats``, each of a value within its bounds: a random
    greedy try (most constrained seat first), then an exact interval matching."""
    def fits(s: int, c: int) -> bool:
        lo, hi = bounds[s]
        return lo <= value(c) <= hi

    for _try in range(20):
        free = rng.shuffle(list(pool))
        out: dict[int, int] = {}
        for s in sorted(seats, key=lambda s: sum(1 for c in pool if fits(s, c))):
            c = next((c for c in free if fits(s, c)), None)
            if c is None:
                break
            free.remove(c)
            out[s] = c
        else:
            return out
    # earliest deadline first: seats by upper bound, each takes the lowest card it can
    free = sorted(rng.shuffle(list(pool)), key=value)
    out = {}
    for s in sorted(seats, key=lambda s: bounds[s][1]):
        c = next((c for c in free if fits(s, c)), None)
        if c is None:
            raise ValueError("no hidden weapons fit the announced strengths")
        free.remove(c)
        out[s] = c
    return out


RULES = BossQuest()
