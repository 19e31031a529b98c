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

How a step reads (issue 26: each move written once).  ``apply`` checks an action unless
the rules object's ``LegalMemo`` knows it as one of the very actions ``legal_actions``
gave for that very state (``_refusal`` is the one place that says what may not be done,
with the player's reason), then makes ONE working copy of the state (``_Play``), runs the
move's rule on it and freezes it.  Each rule of RULINGS.md section 4 is one function:

* a turn: ``_add_to_equipment``; ``_meet_magician`` with ``_activate_spell``,
  ``_discard_spell`` or ``_wait_at_magician``; the mystery: ``_turn_up_mystery``,
  ``_aim_mystery``; who may not equip: ``BossQuest.forced``;
* the spells: ``_cast`` (the public echo), then ``_strength_spell``, ``_boss_spell``,
  ``_swap_spell``, ``_exchange_spell``, ``_cancel_spell``, ``_last_turn_spell``,
  ``_round_rule_spell``;
* after each action: ``_say_over`` (over the HP is announced), ``_pass_turn``;
* the fight: ``_fight`` with ``_seat_line``, ``meets``, ``_winners``, ``_award_keys``,
  ``_lose_hearts``, ``_game_over`` (``_ranks``); the next round: ``_next_round``,
  ``_deal``, ``_rebuild_if_empty``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Mapping, NamedTuple, Sequence
from weakref import ref as _ref

from game.core import rng as rngmod
from game.core.actions import Action, BadConfig, Event, IllegalAction, event, plain
from game.core.i18n import NC_, N_, _, ngettext, pgettext
from game.core.memo import LegalMemo
from game.core.quote import cut
from game.core.rng import Rng
from game.core.rules import (GameConfig, Outcome, check_players, checked_seat, extra_params, is_int,
                             refuse_if_over, require_turn)
from game.core.seats import named_decks, parse_deck, ring_from
from game.core.spaces import ListSpace
from game.core.state import build

_new = object.__new__            # an object made without its __init__ (the hot path)
_tuple_new = tuple.__new__       # a NamedTuple made from one tuple of its fields (the hot path)
_setattr = object.__setattr__



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
    # TRANSLATORS: the spell that removes an active spell (not the dialog button "Cancel")
    "cancel": NC_("spell", "Cancel"), "extra_key": N_("Extra key"), "second_wins": N_("Second-closest wins"),
    "last_turn": N_("Last turn!"),
}
#: the spells whose name is marked with a context (``NC_``): a word a dialog button shares
_SPELL_CONTEXT: Mapping[str, str] = {"cancel": "spell"}
_COLOUR_TEXT: Mapping[str, str] = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"),
                                   "yellow": N_("yellow"), "purple": N_("purple")}

Cards = tuple[int, ...]


def spell_text(card: int | str) -> str:
    """A spell as people name it (translated): "Strength +2"."""
    name = SPELLS[spell_id(card)].name
    if name in _SPELL_CONTEXT:
        return pgettext(_SPELL_CONTEXT[name], _SPELL_TEXT[name])
    return _(_SPELL_TEXT[name])


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


# The values made every step or every fight (an observation every decision, a round's seat
# lines and result) are tuples made in one call: NamedTuples, built with ``tuple.__new__`` over
# their fields in order.  ``_read_as_dataclass`` on top gives them the fields that
# ``dataclasses.fields``/``replace``, ``plain`` (their JSON form) and the golden digests read;
# they stay frozen, and equality and repr stay the tuple's (field by field).
_read_as_dataclass = dataclass(frozen=True, init=False, repr=False, eq=False)


@_read_as_dataclass
class SeatRow(NamedTuple):
    """One line of a round's combat (public: every card is shown at the fight)."""

    seat: int
    hidden: int
    weapons: Cards              # hidden first, then the face-up weapons
    strength: int
    status: str                 # "bust" (over the HP), "out" (a failed condition), "in"
    failed: tuple[int, ...]     # the condition spells failed ("out")
    distance: int | None        # HP - strength for the players still in


@_read_as_dataclass
class RoundResult(NamedTuple):
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
    # (not a field: no annotation) the fight figures kept by ``_fight_s`` in the instance,
    # ``(a weak reference to the state, the figures)``; the class's None until worked out
    _fight_cache = None

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
        JSON form do not see it) with a weak reference to this very state, so a copy made by
        ``evolve`` (another object) computes it again."""
        return _fight_s(self)

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


@_read_as_dataclass
class BQObservation(NamedTuple):
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


KINDS: tuple[str, ...] = ("equip", "activate", "discard", "aim", "wait")
CHOICE_KEYS: tuple[str, ...] = ("target", "weapon", "cancel")
PARAMS: Mapping[str, tuple[str, ...]] = {"equip": ("n",), "activate": ("slot",) + CHOICE_KEYS,
                                         "discard": ("slot",), "aim": CHOICE_KEYS, "wait": ()}


def _choice_of(action: Action) -> tuple[str, Any] | None:
    """The spell choice an action carries, ``(key, value)``, or None (an action that passed
    the checks carries at most one: a target, a weapon or a spell to cancel)."""
    for k, v in action.params:
        if k != "slot" and k != "n":
            return (k, v)
    return None


# -- the actions legal_actions gives out (built once, at import; never changed) ------------
# Each is an ordinary ``Action``; they are shared so that a space is cheap to make, and
# ``apply`` knows one by identity through the rules object's ``LegalMemo``, never by a table.
_SEATS = range(MAX_PLAYERS)
_COUNTS = range(MAX_PLAYERS + 1)           # player counts: the index of the per-count tables
_SLOTS = range(MAX_PLAYERS + 1)
_MAX_ACTIVE = MAX_PLAYERS + 1              # at most one spell per slot is ever active
# per seat and count: the equips of 1 ... count weapons
_EQUIPS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(equip(s, k) for k in range(MIN_EQUIP, most + 1)) for most in range(MAX_EQUIP + 1))
    for s in _SEATS)
_WAITS: tuple[Action, ...] = tuple(wait(s) for s in _SEATS)
_DISCARDS: tuple[tuple[Action, ...], ...] = tuple(tuple(discard(s, slot) for slot in _SLOTS) for s in _SEATS)
_PLAIN_ACTIVATIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(activate(s, slot) for slot in _SLOTS) for s in _SEATS)
# per seat, slot and seat aimed at: a strength spell's or a swap's activation
_TARGET_ACTIVATIONS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(activate(s, slot, target=t) for t in _SEATS) for slot in _SLOTS) for s in _SEATS)
# per seat, slot and weapon: an exchange's activation giving that weapon
_EXCHANGES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(activate(s, slot, weapon=WEAPON_NAMES[c]) for c in range(N_WEAPONS)) for slot in _SLOTS)
    for s in _SEATS)
# per seat, slot and index in ``active``: a cancel's activation
_CANCELS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(activate(s, slot, cancel=i) for i in range(_MAX_ACTIVE)) for slot in _SLOTS) for s in _SEATS)
# the turned-up mystery's choices, per seat: a seat aimed at, a weapon given, a spell cancelled
_AIM_TARGETS: tuple[tuple[Action, ...], ...] = tuple(tuple(aim(s, target=t) for t in _SEATS) for s in _SEATS)
_AIM_WEAPONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(aim(s, weapon=WEAPON_NAMES[c]) for c in range(N_WEAPONS)) for s in _SEATS)
_AIM_CANCELS: tuple[tuple[Action, ...], ...] = tuple(tuple(aim(s, cancel=i) for i in range(_MAX_ACTIVE))
                                                      for s in _SEATS)

_EFFECT: tuple[str, ...] = tuple(s.effect for s in SPELLS)
# spells activated face up with no choice (not strength, swap, exchange, cancel)
_NO_CHOICE: tuple[bool, ...] = tuple(e not in ("strength", "swap", "exchange", "cancel") for e in _EFFECT)


def _slot_actions(seat: int, slot: int, card: int, players: int) -> tuple[Action, ...] | None:
    """A spell's actions in ``slot`` when they never depend on the state (the mystery: activate
    or discard it unseen; strength: any seat; swap: another seat; no choice), then its discard;
    None for an exchange or a cancel (their choices are the state's: see ``_choice_actions``)."""
    if slot == MYSTERY_SLOT:
        return (_PLAIN_ACTIVATIONS[seat][slot], _DISCARDS[seat][slot])
    effect = _EFFECT[card]
    if effect == "exchange" or effect == "cancel":
        return None
    if effect == "strength" or effect == "swap":
        acts = tuple(_TARGET_ACTIVATIONS[seat][slot][t] for t in range(players)
                     if not (effect == "swap" and t == seat))
    else:
        acts = (_PLAIN_ACTIVATIONS[seat][slot],)
    return acts + (_DISCARDS[seat][slot],)


# per player count, seat, slot and spell: ``_slot_actions``
_SLOT_TABLE: tuple[tuple[tuple[tuple[tuple[Action, ...] | None, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(_slot_actions(s, slot, c, n) for c in range(len(SPELLS))) for slot in range(n + 1))
          for s in range(n))
    for n in _COUNTS)


# -- per player count (the tables below are indexed by it): the seats in turn order, and the
# knowledge of nobody
# every seat's ring from it, and the seats after it then itself
_RING: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(ring_from(s, n) for s in range(n)) for n in _COUNTS)
_AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ring_from(s, n, include_self=False) + (s,) for s in range(n)) for n in _COUNTS)
_NOBODY_KNOWS: tuple[tuple[tuple[None, ...], ...], ...] = tuple(((None,) * n,) * (n + 1) for n in _COUNTS)
# the row of ``known`` of a seat that knows no hidden weapon (every row of ``_NOBODY_KNOWS``:
# one object), its ``hidden_public``, and a seat's view of the hidden weapons when it knows
# only its own (per seat and weapon)
_NOBODY_ROW: tuple[tuple[None, ...], ...] = tuple(rows[0] for rows in _NOBODY_KNOWS)
_NOBODY_MASK: tuple[tuple[bool, ...], ...] = tuple((False,) * n for n in _COUNTS)
_OWN_ONLY: tuple[tuple[tuple[tuple[int | None, ...], ...], ...], ...] = tuple(
    tuple(tuple((None,) * s + (c,) + (None,) * (n - s - 1) for c in range(N_WEAPONS)) for s in range(n))
    for n in _COUNTS)
_ALL_EQUIP: tuple[tuple[str, ...], ...] = tuple(("equip",) * n for n in _COUNTS)
_KEYS: tuple[str, ...] = tuple(str(s) for s in _SEATS)   # a seat as a JSON key
_WEAPON_NAME = WEAPON_NAMES.__getitem__
_SPELL_NAME = SPELL_NAMES.__getitem__
_ALL_WEAPONS: tuple[int, ...] = tuple(range(N_WEAPONS))
_ONE: tuple[Cards, ...] = tuple((c,) for c in _ALL_WEAPONS)     # a face-up weapon dealt: (c,), shared


# -- events --------------------------------------------------------------------------------
# Events that are the same whenever their data is are made once, here, and shared (an
# event's data is never changed once made).  Every table is a tuple indexed by the data.
_FORCED: tuple[str | None, ...] = (None, "over", "lone", "deck")
_MAGICIAN_EV: tuple[Event, ...] = tuple(event("magician", {"seat": s}) for s in _SEATS)
_WAIT_EV: tuple[Event, ...] = tuple(event("wait", {"seat": s}) for s in _SEATS)
# per seat, why forced (index in _FORCED), a "Last turn!" action, the last one equipping
_TURN_EV: tuple[tuple[tuple[tuple[Event, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(event("turn", {"seat": s, "forced": f, "last_turn": last, "lone": lone}) for lone in (False, True))
                for last in (False, True)) for f in _FORCED) for s in _SEATS)
_DISCARD_EV: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(event("discard", {"seat": s, "slot": slot, "card": SPELL_NAMES[c], "mystery": slot == MYSTERY_SLOT},
                    reveals=slot == MYSTERY_SLOT) for c in range(len(SPELLS))) for slot in _SLOTS) for s in _SEATS)
# per boss and bosses left: the boss turned up
_BOSS_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("boss", {"card": BOSS_NAMES[b], "hp": BOSS_HPS[b], "deck": left}, reveals=True) for left in range(N_BOSSES))
    for b in range(N_BOSSES))
_WEAPON_DECK_EV: tuple[Event, ...] = tuple(event("weapon_deck", {"size": k}) for k in range(N_WEAPONS + 1))
# per player count and seat: the other seats (those a "bust" reveals something to)
_OTHERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(x for x in range(n) if x != s) for s in range(n)) for n in _COUNTS)
_HEART_LOST_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("heart_lost", {"seat": s, "hearts": h}) for h in range(HEARTS)) for s in _SEATS)
_ARMORER_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("armorer", {"seat": s, "previous": p}) for p in _SEATS) for s in _SEATS)
_RULE_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("rule", {"seat": s, "card": sp.name, "effect": sp.effect, "colour": sp.colour or None})
          for sp in SPELLS) for s in _SEATS)
# the deal's weapons: each seat's face-down one (the same every round), its hidden one (seen by
# the seat only) and its face-up one, per weapon
_DEAL_DOWN_EV: tuple[Event, ...] = tuple(
    event("weapon", {"seat": s, "card": None, "face_up": False, "how": "deal", "deck": None}) for s in _SEATS)
_HIDDEN_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("hidden", {"seat": s, "card": WEAPON_NAMES[c]}, to=(s,), reveals=True) for c in range(N_WEAPONS))
    for s in _SEATS)
_DEAL_UP_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("weapon", {"seat": s, "card": WEAPON_NAMES[c], "face_up": True, "how": "deal", "deck": None},
              reveals=True) for c in range(N_WEAPONS))
    for s in _SEATS)
_KEYS_WHY: tuple[str, ...] = ("win", "perfect", "extra")
_KEYS_MAX = 12                             # keys a seat may hold after a round (4 + 3 at most)


_KEYS_EV: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(event("keys", {"seat": s, "n": 1, "keys": k, "why": why}) for why in _KEYS_WHY) for k in range(_KEYS_MAX))
    for s in _SEATS)


def _keys_event(seat: int, n: int, keys: int, why: str) -> Event:
    """Keys won: shared for one key (every key award is one)."""
    if n == 1 and keys < _KEYS_MAX:
        return _KEYS_EV[seat][keys][_KEYS_WHY.index(why)]
    return event("keys", {"seat": seat, "n": n, "keys": keys, "why": why})


# an equip said aloud, per seat, weapons asked for (1-4), weapons left in the deck after, under
# "Last turn!", the last one equipping (never both: None); and each weapon it takes, per seat,
# weapon and deck left after it.  The deck after an equip holds at most _LEFT - 1 weapons (35
# less two dealt to each of at least two players, less one taken).
_LEFT = N_WEAPONS - 2 * MIN_PLAYERS
_EQUIP_EV: tuple[tuple[tuple[tuple[tuple[Event | None, ...], ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(tuple(event("equip", {"seat": s, "n": k, "deck": left, "last": last, "lone": lone})
                            if not (last and lone) else None for lone in (False, True)) for last in (False, True))
                for left in range(_LEFT)) if k else () for k in range(MAX_EQUIP + 1)) for s in _SEATS)
_EQUIP_WEAPON_EV: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(event("weapon", {"seat": s, "card": WEAPON_NAMES[c], "face_up": True, "how": "equip", "deck": left},
                      reveals=True) for left in range(_LEFT)) for c in range(N_WEAPONS))
    for s in _SEATS)
# a spell activated with no choice, per seat, slot and spell (the mystery slot: activated unseen);
# with a seat aimed at, per seat, slot, spell and target (strength and swap only, else None)
_ACTIVATE_EV: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(event("activate", {"seat": s, "slot": slot, "card": sp.name, "mystery": slot == MYSTERY_SLOT,
                                   "dark": sp.dark, "effect": sp.effect}) for sp in SPELLS) for slot in _SLOTS)
    for s in _SEATS)
_ACTIVATE_TARGET_EV: tuple[tuple[tuple[tuple[Event, ...] | None, ...], ...], ...] = tuple(
    tuple(tuple(tuple(event("activate", {"seat": s, "slot": slot, "card": sp.name, "mystery": slot == MYSTERY_SLOT,
                                         "dark": sp.dark, "effect": sp.effect, "target": t}) for t in _SEATS)
                if sp.effect in ("strength", "swap") else None for sp in SPELLS) for slot in _SLOTS)
    for s in _SEATS)
# a strength spell placed, per seat, target, spell and the target's modifier after it (from -6:
# the strength spells are two each of -2, -1, +1, +2)
_MODIFIERS = range(-6, 7)
_STRENGTH_EV: tuple[tuple[tuple[tuple[Event, ...] | None, ...], ...], ...] = tuple(
    tuple(tuple(tuple(event("strength", {"seat": s, "target": t, "card": sp.name, "delta": sp.delta, "modifier": m})
                      for m in _MODIFIERS) if sp.effect == "strength" else None for sp in SPELLS) for t in _SEATS)
    for s in _SEATS)
# over the HP said aloud (and back under), per player count, seat, over and HP (from _HPS[0]: the
# boss spells move a boss's HP by at most 3 either way)
_HPS = range(BOSS_HPS[0] - 3, BOSS_HPS[-1] + 4)
_BUST_EV: tuple[tuple[tuple[tuple[Event, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(event("bust" if now else "unbust", {"seat": s, "hp": hp}, reveals=_OTHERS[n][s]) for hp in _HPS)
                for now in (False, True)) for s in range(n)) for n in _COUNTS)

# an unused mystery spell shown at the round's end, per spell; a new round, per round (the first
# _ROUNDS) and Armorer
_MYSTERY_SHOWN_EV: tuple[Event, ...] = tuple(event("mystery_shown", {"card": name}, reveals=True)
                                             for name in SPELL_NAMES)
_ROUNDS = 64
_NEW_ROUND_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("new_round", {"round": r, "armorer": s}) for s in _SEATS) for r in range(_ROUNDS))


# per spell, seat aimed at (BOSS first) and seat that activated it: the spell in play
_ACTIVE: tuple[tuple[tuple[Active, ...], ...], ...] = tuple(
    tuple(tuple(Active(c, t, by) for by in _SEATS) for t in (BOSS, *_SEATS)) for c in range(len(SPELLS)))


def _active(card: int, target: int, by: int) -> Active:
    """``Active(card, target, by)`` (shared)."""
    return _ACTIVE[card][target + 1][by]


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


# -- one step's working copy ---------------------------------------------------------------
def _fight_s(state: BQState) -> tuple[int, tuple[int, ...], tuple[bool, ...]]:
    """``state._fight()``: kept in the state's instance dictionary as ``(a weak reference to
    the state, the figures)``; valid for that very object only (``evolve`` copies the
    dictionary into another object, whose fields may differ: it computes them again)."""
    c = state._fight_cache
    if c is not None and c[0]() is state:
        return c[1]
    out = _fight_of(state.boss, state.active, state.hidden, state.face_up, state.players)
    state.__dict__["_fight_cache"] = (_ref(state), out)
    return out


class _Play:
    """The working copy of one step (the OpenSpiel and King Thief Minister shape): made from a
    state by :func:`_play`, changed by the rule functions below, then frozen into the new state
    by :func:`_freeze`.

    Its attribute dictionary is the new state's own field dictionary (``p.deck``, ``p.status``,
    ... are the fields of :class:`BQState`), so freezing copies nothing.  Besides the fields it
    holds, in slots of its own, ``events`` (the step's events, in order) and ``fight`` (the
    boss's HP, each seat's strength, each seat over the HP), which every rule that changes
    them keeps up to date."""

    __slots__ = ("events", "fight", "__dict__")
    events: list[Event]
    fight: tuple[int, tuple[int, ...], tuple[bool, ...]]


def _play(state: BQState) -> _Play:
    """The working copy of ``state`` (which is never changed)."""
    d = state.__dict__.copy()
    d["opening"] = ()
    p = _new(_Play)
    p.__dict__ = d                        # (an assignment: not frozen, cheaper than object.__setattr__)
    c = state._fight_cache                # ``_fight_s(state)``, its check inline (the hot path)
    p.fight = c[1] if c is not None and c[0]() is state else _fight_s(state)
    p.events = []
    return p


def _freeze(p: _Play) -> tuple[BQState, tuple[Event, ...]]:
    """The new state and the step's events (``p`` is not used again)."""
    d = p.__dict__
    state = _new(BQState)
    d["_fight_cache"] = (_ref(state), p.fight)
    _setattr(state, "__dict__", d)
    return state, tuple(p.events)


def _replace(items: tuple, i: int, value: Any) -> tuple:
    """``items`` with ``items[i]`` replaced by ``value`` (through a list: two objects made, where
    slicing and adding make five)."""
    out = list(items)
    out[i] = value
    return tuple(out)


# -- a turn (RULINGS §4 "Round"): add to your equipment, or meet the Magician -------------------
def _add_to_equipment(p: _Play, seat: int, n: int) -> None:
    """Add to your equipment: ``seat`` says aloud how many weapons it wants (1-4: public) and
    takes that many from the top of the weapon deck, face up, keeping them all.  The last one
    still equipping may do so one last time (``lone_equipped``); under "Last turn!" this is the
    seat's last action (``ready``)."""
    last, status = p.last_turn, p.status
    lone = last is None and status[seat] == "equip" and status.count("equip") == 1
    deck = p.deck
    taken = deck[:n]
    p.deck = deck = deck[n:]
    p.face_up = _replace(p.face_up, seat, p.face_up[seat] + taken)
    if p.top_known:
        p.top_known = p.top_known[n:]
    if last is not None:
        p.status = _replace(status, seat, "ready")
    if lone:
        p.lone_equipped = True
    hp, strengths, overs = p.fight
    st = strengths[seat]
    for c in taken:
        st += _VALUE[c]
    over = st > hp                    # (the same tuple when no seat's "over" changes)
    p.fight = (hp, _replace(strengths, seat, st), overs if overs[seat] is over else _replace(overs, seat, over))
    events = p.events
    left = len(deck)
    if left < _LEFT:                      # (always: see _LEFT)
        events.append(_EQUIP_EV[seat][n][left][last is not None][lone])
    else:
        events.append(event("equip", {"seat": seat, "n": n, "deck": left, "last": last is not None, "lone": lone}))
    left += n
    shown = _EQUIP_WEAPON_EV[seat]
    for c in taken:
        left -= 1
        events.append(shown[c][left] if left < _LEFT else
                      event("weapon", {"seat": seat, "card": WEAPON_NAMES[c], "face_up": True, "how": "equip",
                                       "deck": left}, reveals=True))


def _meet_magician(p: _Play, seat: int) -> None:
    """Meet the Magician: the pawn moves to the Magician; the player does not equip again and,
    after this visit, waits out the round."""
    p.status = _replace(p.status, seat, "magician")
    p.events.append(_MAGICIAN_EV[seat])


def _take_from_row(p: _Play, slot: int) -> int:
    """The spell in ``slot`` of the Magician's row, taken (no other player may use it)."""
    row = p.row
    card = row[slot]
    p.row = _replace(row, slot, None)
    return card


def _wait_at_magician(p: _Play, seat: int) -> None:
    """A player who reaches the Magician with no spell left simply waits."""
    _meet_magician(p, seat)
    p.events.append(_WAIT_EV[seat])


def _discard_spell(p: _Play, seat: int, slot: int) -> None:
    """Discard a spell at the Magician unused, so that nobody may activate it (the mystery
    spell unseen: it is then shown)."""
    _meet_magician(p, seat)
    card = _take_from_row(p, slot)
    p.spell_discard = p.spell_discard + (card,)
    p.events.append(_DISCARD_EV[seat][slot][card])


def _activate_spell(p: _Play, seat: int, slot: int, choice: tuple[str, Any] | None) -> None:
    """Activate a spell at the Magician: a face-up one with its choice; the mystery spell
    unseen (it is then turned up)."""
    _meet_magician(p, seat)
    card = _take_from_row(p, slot)
    if slot == MYSTERY_SLOT:
        _turn_up_mystery(p, seat, card)
    else:
        _cast(p, seat, card, choice, slot, False)


def _cancellable(active: Sequence[Active]) -> list[int]:
    """The places in ``active`` of the spells a Cancel may take back (not "Last turn!")."""
    return [i for i, a in enumerate(active) if _EFFECT[a.card] not in UNCANCELLABLE]


def _turn_up_mystery(p: _Play, seat: int, card: int) -> None:
    """The mystery spell, activated unseen, is turned up without being able to reconsider: one
    that can do nothing (an exchange with no weapon deck, a cancel with nothing to cancel) goes
    to the discard; one that needs a choice waits for its activator's ``aim``; the others act
    at once."""
    name = SPELL_NAMES[card]
    p.events.append(event("mystery", {"seat": seat, "slot": MYSTERY_SLOT, "card": name}, reveals=True))
    effect = _EFFECT[card]
    if (effect == "exchange" and not p.deck) or (effect == "cancel" and not _cancellable(p.active)):
        p.spell_discard = p.spell_discard + (card,)
        p.events.append(event("fizzle", {"seat": seat, "card": name,
                                       "why": "deck" if effect == "exchange" else "nothing"}))
    elif not _NO_CHOICE[card]:
        p.events.append(event("aim", {"seat": seat, "card": name}))
        p.aim, p.phase = (seat, card), "aim"
    else:
        _cast(p, seat, card, None, MYSTERY_SLOT, True)


def _aim_mystery(p: _Play, seat: int, choice: tuple[str, Any] | None) -> None:
    """The turned-up mystery spell's choice: the spell acts with it."""
    card = p.aim[1]
    p.aim, p.phase = None, "play"
    _cast(p, seat, card, choice, MYSTERY_SLOT, True)


# -- the spells (RULINGS §4, "The ruling on spells") --------------------------------------------
def _cast(p: _Play, seat: int, card: int, choice: tuple[str, Any] | None, slot: int, mystery: bool) -> None:
    """``seat`` activates spell ``card`` with its (checked) choice: the public ``activate``
    event (an exchange's hidden weapon is never named), then the spell's own rule.  (The
    event with no choice, or a seat aimed at, is one of the shared ones.)"""
    value = None
    if choice is None:
        ev = _ACTIVATE_EV[seat][slot][card]
    else:
        key, value = choice
        targets = _ACTIVATE_TARGET_EV[seat][slot][card]
        if key == "target" and targets is not None and value.__class__ is int and 0 <= value < MAX_PLAYERS:
            ev = targets[value]
        else:
            sp = SPELLS[card]
            data: dict[str, Any] = {"seat": seat, "slot": slot, "card": sp.name, "mystery": mystery,
                                    "dark": sp.dark, "effect": sp.effect}
            if key == "weapon":
                hidden = WEAPON_INDEX[value] == p.hidden[seat]
                data["weapon"] = None if hidden else value
                data["hidden"] = hidden
            else:
                data[key] = value
            ev = event("activate", data)
    p.events.append(ev)
    _SPELL_RULE[card](p, seat, card, value)


def _strength_spell(p: _Play, seat: int, card: int, target: int) -> None:
    """Strength +1/+2/−1/−2 (dark): placed on its target, any player, oneself included."""
    delta = SPELLS[card].delta
    active = p.active = p.active + (_active(card, target, seat),)
    hp, strengths, overs = p.fight
    st = strengths[target] + delta
    over = st > hp                    # (the same tuple when no seat's "over" changes)
    p.fight = (hp, _replace(strengths, target, st), overs if overs[target] is over else _replace(overs, target, over))
    modifier = 0
    for a in active:
        if a.target == target and _EFFECT[a.card] == "strength":
            modifier += SPELLS[a.card].delta
    shared = _STRENGTH_EV[seat][target][card]
    p.events.append(shared[modifier - _MODIFIERS[0]] if modifier in _MODIFIERS else
                    event("strength", {"seat": seat, "target": target, "card": SPELL_NAMES[card], "delta": delta,
                                       "modifier": modifier}))


def _boss_spell(p: _Play, seat: int, card: int, _choice: None) -> None:
    """Boss HP +1/+2/−1/−2 (light): placed beside the boss."""
    delta = SPELLS[card].delta
    p.active = p.active + (_active(card, BOSS, seat),)
    hp, strengths, _overs = p.fight
    hp += delta
    p.fight = (hp, strengths, tuple([st > hp for st in strengths]))
    p.events.append(event("boss_hp", {"seat": seat, "card": SPELL_NAMES[card], "delta": delta, "hp": hp,
                                    "base": BOSS_HPS[p.boss]}))


def _swap_spell(p: _Play, a: int, card: int, b: int) -> None:
    """Swap (dark): ``a``'s and ``b``'s hidden weapons change places, then the spell is
    discarded.  Knowledge follows the cards, and each of the two now knows both."""
    hp, strengths, overs = p.fight
    hidden = list(p.hidden)
    hidden[a], hidden[b] = hidden[b], hidden[a]
    # the two strengths change by the weapons' difference; nothing else changes
    diff = _VALUE[hidden[a]] - _VALUE[hidden[b]]
    st = list(strengths)
    st[a] += diff
    st[b] -= diff
    ov = list(overs)
    ov[a], ov[b] = st[a] > hp, st[b] > hp
    known = []
    n = p.players
    for v, row in enumerate(p.known):
        r = list(row)
        r[a], r[b] = r[b], r[a]
        if v == a:
            r[b] = hidden[b]
        if v == b:
            r[a] = hidden[a]
        if v < n:
            r[v] = None
        known.append(tuple(r))
    p.hidden, p.known, p.fight = tuple(hidden), tuple(known), (hp, tuple(st), tuple(ov))
    p.spell_discard = p.spell_discard + (card,)
    p.events.append(event("swap", {"seat": a, "target": b}))
    p.events.append(event("swapped", {"seat": a, "target": b, "cards": {_KEYS[a]: WEAPON_NAMES[hidden[a]],
                                                                      _KEYS[b]: WEAPON_NAMES[hidden[b]]}},
                        to=(a, b), reveals=True))


def _exchange_spell(p: _Play, seat: int, card: int, weapon_name: str) -> None:
    """Exchange (dark): one of ``seat``'s weapons (hidden or face up) and the top of the weapon
    deck change places, then the spell is discarded.  The new card takes the old one's place;
    the old one goes on top of the deck, known to everyone if it was face up, else to those
    who knew it."""
    weapon = WEAPON_INDEX[weapon_name]
    n = p.players
    deck0 = p.deck
    top = deck0[0]
    hp, strengths, overs = p.fight
    st = strengths[seat] + _VALUE[top] - _VALUE[weapon]
    over = st > hp                    # (the same tuple when no seat's "over" changes)
    p.fight = (hp, _replace(strengths, seat, st), overs if overs[seat] is over else _replace(overs, seat, over))
    top_mask = p.top_known[0] if p.top_known else (False,) * (n + 1)
    rest_masks = p.top_known[1:]
    p.deck = deck = (weapon,) + deck0[1:]
    if weapon == p.hidden[seat]:
        known0 = p.known
        mask = tuple([v == seat or known0[v][seat] == weapon for v in range(n + 1)])
        p.hidden = _replace(p.hidden, seat, top)
        p.known = tuple([_replace(row, seat, top if (v != seat and top_mask[v]) else None)
                         for v, row in enumerate(known0)])
        p.top_known = (mask,) + rest_masks
        p.events.append(event("exchange", {"seat": seat, "hidden": True, "gave": None,
                                         "got": WEAPON_NAMES[top] if top_mask[n] else None, "deck": len(deck)}))
        p.events.append(event("exchanged", {"seat": seat, "hidden": True, "gave": weapon_name,
                                          "got": WEAPON_NAMES[top]}, to=(seat,), reveals=True))
    else:
        p.face_up = _replace(p.face_up, seat, tuple([top if c == weapon else c for c in p.face_up[seat]]))
        p.top_known = ((True,) * (n + 1),) + rest_masks
        p.events.append(event("exchange", {"seat": seat, "hidden": False, "gave": weapon_name,
                                         "got": WEAPON_NAMES[top], "deck": len(deck)}, reveals=True))
    p.spell_discard = p.spell_discard + (card,)


def _cancel_spell(p: _Play, seat: int, card: int, i: int) -> None:
    """Cancel (light): the active spell at place ``i`` is taken back (not "Last turn!"); both
    cards are discarded."""
    active = p.active
    gone = active[i]
    p.active = active = active[:i] + active[i + 1:]
    p.spell_discard = p.spell_discard + (gone.card, card)
    if _EFFECT[gone.card] in ("strength", "boss"):
        p.fight = _fight_of(p.boss, active, p.hidden, p.face_up, p.players)
    target = gone.target
    p.events.append(event("cancel", {"seat": seat, "index": i, "card": SPELL_NAMES[gone.card], "target": target,
                                   "by": gone.by, "hp": p.fight[0],
                                   "modifier": strength_modifier(active, target) if target >= 0 else 0}))


def _last_turn_spell(p: _Play, seat: int, card: int, _choice: None) -> None:
    """"Last turn!" (light, beside the boss): each player not yet at the Magician has one last
    action (equip, or a spell), in turn order; then combat begins."""
    p.active = p.active + (_active(card, BOSS, seat),)
    if p.last_turn is None:
        status = p.status
        p.last_turn = tuple([s for s in _AFTER[p.players][seat][:-1] if status[s] == "equip"])
    p.events.append(event("last_turn", {"seat": seat, "players": list(p.last_turn)}))


def _round_rule_spell(p: _Play, seat: int, card: int, _choice: None) -> None:
    """A rule for the round (light, beside the boss; applied at the fight): a colour
    required, two of one colour, no heart lost, an extra key, second-closest wins."""
    p.active = p.active + (_active(card, BOSS, seat),)
    p.events.append(_RULE_EV[seat][card])


# each spell's rule, by its effect (per spell id)
_SPELL_RULE: tuple[Any, ...] = tuple(
    {"strength": _strength_spell, "boss": _boss_spell, "swap": _swap_spell, "exchange": _exchange_spell,
     "cancel": _cancel_spell, "last_turn": _last_turn_spell}.get(e, _round_rule_spell) for e in _EFFECT)


# -- after each action ---------------------------------------------------------------------------
def _say_over(p: _Play, before: tuple[bool, ...]) -> None:
    """A player whose strength passes the boss's HP must say so (public: the others learn
    that much of their hidden weapon), and says so again when a spell brings them back under."""
    hp, _strengths, overs = p.fight
    if overs != before:
        n = p.players
        others = _OTHERS[n]
        for s, now in enumerate(overs):
            if now != before[s]:
                p.events.append(_BUST_EV[n][s][now][hp - _HPS[0]] if hp in _HPS else
                                event("bust" if now else "unbust", {"seat": s, "hp": hp}, reveals=others[s]))


def _turn_event(p: _Play, seat: int) -> Event:
    """``seat``'s turn (a seat still equipping), with why it must go to the Magician now, if it
    must (``forced``)."""
    last = p.last_turn
    lone = last is None and p.status.count("equip") == 1
    forced = 1 if p.fight[2][seat] else 2 if lone and p.lone_equipped else 3 if not p.deck else 0
    return _TURN_EV[seat][forced][last is not None][lone]


def _pass_turn(p: _Play, seat: int) -> bool:
    """The turn passes clockwise to the next player still equipping (under "Last turn!": one
    still owed their last action); False when there is none: everybody is at the Magician and
    the fight begins."""
    last = p.last_turn
    if last is not None and seat in last:
        last = p.last_turn = tuple([s for s in last if s != seat])
    status = p.status
    for s in _AFTER[p.players][seat]:
        if status[s] == "equip" and (last is None or s in last):
            p.turn = s
            p.events.append(_turn_event(p, s))
            return True
    return False


# -- the fight (RULINGS §4 "Combat") ------------------------------------------------------------
def meets(weapons: Sequence[int], condition: int) -> bool:
    """Whether ``weapons`` meet the condition spell ``condition``: at least one weapon of its
    colour ("colour"), else at least two weapons of one colour ("two_colour")."""
    need = _NEEDS[condition]
    if need is not None:
        for c in weapons:
            if _WEAPON_COLOUR[c] == need:
                return True
        return False
    colours = [_WEAPON_COLOUR[c] for c in weapons]
    return len(set(colours)) < len(colours)


def _seat_line(s: int, hidden: int, face_up: Cards, st: int, hp: int, conditions: list[int]) -> SeatRow:
    """A seat's line at the fight: over the HP ("bust", out of the round), failing a condition
    spell ("out", out of the round), or still in, at its distance below the HP."""
    ws = (hidden,) + face_up
    failed: tuple[int, ...] = ()
    if st > hp:
        status, dist = "bust", None
    else:
        if conditions:
            failed = tuple([c for c in conditions if not meets(ws, c)])
        status, dist = ("out", None) if failed else ("in", hp - st)
    return _tuple_new(SeatRow, (s, hidden, ws, st, status, failed, dist))


_DISTANCE = attrgetter("distance")


def _winners(alive: list[SeatRow], second: bool) -> tuple[tuple[int, ...], int | None]:
    """The round's winners among the players still in, and their distance: the closest to the
    HP ("second-closest wins": the next-closest group); a tie goes to the fewest weapons, and
    if still tied each tied player wins."""
    if not second:
        if not alive:
            return (), None
        best = min(map(_DISTANCE, alive))
    else:
        distances = sorted(set(map(_DISTANCE, alive)))
        if len(distances) < 2:
            return (), None
        best = distances[1]
    group = [r for r in alive if r.distance == best]
    if len(group) == 1:
        return (group[0].seat,), best
    fewest = min([len(r.weapons) for r in group])
    return tuple([r.seat for r in group if len(r.weapons) == fewest]), best


def _ranks(hearts: Sequence[int], keys: Sequence[int]) -> tuple[int, ...]:
    """The end of the game: a player who lost their last heart has lost; then most keys, then
    most hearts; equal places share."""
    key = [(1 if h > 0 else 0, k, h) for h, k in zip(hearts, keys)]
    return tuple([1 + sum([1 for o in key if o > mine]) for mine in key])


def _fight(p: _Play) -> None:
    """Once all the players are at the Magician, the fight: the hidden weapons are shown,
    each seat's line, the winners' keys, PERFECTs, the extra key, the hearts lost; then the
    end of the game or the next round."""
    n = p.players
    hp, strengths, _overs = p.fight
    hidden, face_up, active = p.hidden, p.face_up, p.active
    rnd, boss, order = p.round, p.boss, p.order
    boss_name = BOSS_NAMES[boss]
    names = WEAPON_NAMES
    events = p.events
    events.append(event("combat", {"round": rnd, "boss": boss_name, "hp": hp, "base": BOSS_HPS[boss]}))
    events.append(event("reveal", {"hidden": {_KEYS[s]: names[hidden[s]] for s in order}}, reveals=True))
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
    rows: list[SeatRow] = []
    busts: list[int] = []
    perfect_l: list[int] = []
    alive: list[SeatRow] = []
    fights: list[dict[str, Any]] = [None] * n      # type: ignore[list-item]
    for s in order:
        r = _seat_line(s, hidden[s], face_up[s], strengths[s], hp, conditions)
        rows.append(r)
        _s, _h, ws, st, status, failed, dist = r
        if dist is not None:
            alive.append(r)
            if dist == 0:
                perfect_l.append(s)
        elif status == "bust":
            busts.append(s)
        fights[s] = data = {"seat": s, "weapons": list(map(_WEAPON_NAME, ws)), "cards": len(ws),
                            "strength": st, "hp": hp, "status": status,
                            "failed": list(map(_SPELL_NAME, failed)) if failed else [],
                            "distance": dist, "perfect": dist == 0, "winner": False}
        events.append(event("fight", data))
    winners, distance = _winners(alive, second)
    for s in winners:
        fights[s]["winner"] = True
    events.append(event("winner", {"seats": list(winners), "second": second, "distance": distance,
                                 "tie": len(winners) > 1}))
    perfect = tuple(perfect_l)
    keys, gained = _award_keys(p, winners, perfect, extra)
    hearts, lost = _lose_hearts(p, busts, no_heart)
    keys_t, hearts_t = tuple(keys), tuple(hearts)
    result = _tuple_new(RoundResult, (rnd, p.armorer, boss, hp, tuple(rows), winners, second, perfect, tuple(gained),
                                      tuple(lost), no_heart, keys_t, hearts_t))
    won = max(keys) >= KEYS_TO_WIN[n]
    over = won or 0 in hearts
    p.keys, p.hearts, p.results = keys_t, hearts_t, p.results + (result,)
    events.append(event("round_end", {
        "round": rnd, "boss": boss_name, "hp": hp, "winners": list(winners),
        "second": second, "perfect": list(perfect), "keys_won": gained, "hearts_lost": lost,
        "no_heart": no_heart, "keys": keys, "hearts": hearts, "over": over}))
    if over:
        _game_over(p, won)
    else:
        _next_round(p)


def _award_keys(p: _Play, winners: tuple[int, ...], perfect: tuple[int, ...],
                extra: bool) -> tuple[list[int], list[int]]:
    """Keys: one for each winner; one more for each PERFECT (exactly the HP, winner or not);
    one more for the winner under "Extra key".  (The keys after, and each seat's gain.)"""
    keys = list(p.keys)
    gained = [0] * p.players
    events = p.events
    for s in winners:
        gained[s] += WIN_KEYS
        keys[s] += WIN_KEYS
        events.append(_keys_event(s, WIN_KEYS, keys[s], "win"))
    if perfect:
        events.append(event("perfect", {"seats": list(perfect), "winners": [s for s in perfect if s in winners]}))
        for s in perfect:
            gained[s] += PERFECT_KEYS
            keys[s] += PERFECT_KEYS
            events.append(_keys_event(s, PERFECT_KEYS, keys[s], "perfect"))
    if extra:
        for s in winners:
            gained[s] += EXTRA_KEYS
            keys[s] += EXTRA_KEYS
            events.append(_keys_event(s, EXTRA_KEYS, keys[s], "extra"))
    return keys, gained


def _lose_hearts(p: _Play, busts: list[int], no_heart: bool) -> tuple[list[int], list[int]]:
    """A player over the HP loses a heart, unless "No heart lost" is active (a player out
    on a condition loses none).  (The hearts after, and each seat's loss.)"""
    hearts = list(p.hearts)
    lost = [0] * p.players
    if busts:
        if no_heart:
            p.events.append(event("hearts_saved", {"seats": busts}))
        else:
            for s in busts:
                if hearts[s] > 0:
                    hearts[s] -= 1
                    lost[s] = 1
                    p.events.append(_HEART_LOST_EV[s][hearts[s]])
    return hearts, lost


def _game_over(p: _Play, won: bool) -> None:
    """A player with the keys to win, or one who lost their last heart, ends the game (every
    hidden weapon has been shown at the fight)."""
    n = p.players
    hidden, keys, hearts = p.hidden, list(p.keys), list(p.hearts)
    p.known = tuple([_replace(hidden, v, None) for v in range(n)] + [hidden])
    p.phase, p.turn = "over", None
    ranks = _ranks(hearts, keys)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    why = [w for w, hit in (("keys", won), ("heart", 0 in hearts)) if hit]
    p.events.append(event("game_over", {"winners": winners, "ranks": list(ranks), "keys": keys, "hearts": hearts,
                                      "why": why, "shared": len(winners) > 1}))


# -- the next round (RULINGS §4 "Next round") ---------------------------------------------------
def _next_round(p: _Play) -> None:
    """The boss and the spells are discarded (an unused mystery is shown), the Armorer passes
    left, and the next round is dealt."""
    events = p.events
    row, active, boss = p.row, p.active, p.boss
    if row and row[MYSTERY_SLOT] is not None:
        events.append(_MYSTERY_SHOWN_EV[row[MYSTERY_SLOT]])
    spells_out = tuple([c for c in row if c is not None] + [a.card for a in active])
    events.append(event("discard_round", {"boss": BOSS_NAMES[boss], "spells": list(map(_SPELL_NAME, spells_out))}))
    previous = p.armorer
    armorer = (previous + 1) % p.players
    events.append(_ARMORER_EV[armorer][previous])
    p.boss_discard = p.boss_discard + (boss,)
    p.spell_discard = p.spell_discard + spells_out
    p.row, p.active, p.round, p.armorer = (), (), p.round + 1, armorer
    rnd = p.round
    events.append(_NEW_ROUND_EV[rnd][armorer] if rnd < _ROUNDS
                  else event("new_round", {"round": rnd, "armorer": armorer}))
    _deal(p)


def _rebuild_if_empty(p: _Play, which: str) -> None:
    """If the boss or the spell deck is empty, its discards are shuffled into a new deck."""
    if which == "bosses":
        if p.boss_deck or not p.boss_discard:
            return
        new, p.rng = rngmod.lane_shuffle(p.boss_discard, p.rng)
        p.boss_deck, p.boss_discard = tuple(new), ()
    else:
        if p.spell_deck or not p.spell_discard:
            return
        new, p.rng = rngmod.lane_shuffle(p.spell_discard, p.rng)
        p.spell_deck, p.spell_discard = tuple(new), ()
    p.events.append(event("rebuild", {"deck": which, "size": len(new)}))


def _draw_boss(p: _Play, drawn: list[Event]) -> None:
    """The next boss is turned up (the deck rebuilt when empty: its events go to ``drawn``)."""
    events, p.events = p.events, drawn
    _rebuild_if_empty(p, "bosses")
    p.boss, p.boss_deck = p.boss_deck[0], p.boss_deck[1:]
    _rebuild_if_empty(p, "bosses")
    p.events = events


def _draw_spell(p: _Play, drawn: list[Event]) -> int:
    """The top spell (the deck rebuilt when empty: its events go to ``drawn``)."""
    events, p.events = p.events, drawn
    _rebuild_if_empty(p, "spells")
    card, p.spell_deck = p.spell_deck[0], p.spell_deck[1:]
    _rebuild_if_empty(p, "spells")
    p.events = events
    return card


def _deal(p: _Play) -> None:
    """A round's set-up: the boss is turned up; from the Armorer's left each player gets one
    hidden weapon (which they see) and one face up; the Magician lays out players + 1 spells,
    the first face down (the mystery)."""
    n = p.players
    bosses, spells = p.boss_deck, p.spell_deck
    boss_events: list[Event] = []
    if len(bosses) >= 2:                  # the deck does not run out: no rebuild
        p.boss, p.boss_deck = bosses[0], bosses[1:]
    else:
        _draw_boss(p, boss_events)
    boss = p.boss
    if p.deals:
        weapons, explicit = p.deals[0], True
        p.deals = p.deals[1:]
    else:
        weapons, p.rng = rngmod.lane_shuffle(_ALL_WEAPONS, p.rng)
        explicit = False
    order = _RING[n][(p.armorer + 1) % n]
    hidden = [0] * n
    face: list[Cards] = [()] * n
    strengths_l = [0] * n
    for k, s in enumerate(order):
        h, u = weapons[k], weapons[n + k]
        hidden[s], face[s], strengths_l[s] = h, _ONE[u], _VALUE[h] + _VALUE[u]
    spell_events: list[Event] = []
    if len(spells) >= n + 2:              # the deck does not run out: no rebuild
        row: tuple[int, ...] = spells[:n + 1]
        p.spell_deck = spells[n + 1:]
    else:
        row = tuple([_draw_spell(p, spell_events) for _k in range(n + 1)])
    p.order, p.turn, p.phase, p.hidden, p.face_up, p.deck = \
        order, order[0], "play", tuple(hidden), tuple(face), tuple(weapons[2 * n:])
    p.top_known, p.known, p.row, p.active, p.aim = (), _NOBODY_KNOWS[n], row, (), None
    p.status, p.last_turn, p.lone_equipped = _ALL_EQUIP[n], None, False
    hp = BOSS_HPS[boss]
    strengths = tuple(strengths_l)
    p.fight = (hp, strengths, tuple([st > hp for st in strengths]))
    events = p.events
    events.append(event("deal", {"round": p.round, "armorer": p.armorer, "order": list(order),
                               "explicit": explicit, "hearts": list(p.hearts), "keys": list(p.keys)}))
    events += boss_events
    events.append(_BOSS_EV[boss][len(p.boss_deck)])
    for s in order:
        events.append(_DEAL_DOWN_EV[s])
        events.append(_HIDDEN_EV[s][hidden[s]])
    for s in order:
        events.append(_DEAL_UP_EV[s][face[s][0]])
    events += spell_events
    events.append(event("spells", {"slots": [None, *map(_SPELL_NAME, row[1:])],
                                 "mystery": MYSTERY_SLOT, "deck": len(p.spell_deck)}, reveals=True))
    events.append(_WEAPON_DECK_EV[len(p.deck)])
    _say_over(p, _NOBODY_MASK[n])
    events.append(_turn_event(p, order[0]))


# -- views ----------------------------------------------------------------------------------------
def _deck_top(top_known: tuple[tuple[bool, ...], ...], deck: Cards, v: int,
              n: int) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
    """The weapons put back on top of the deck as viewer ``v`` knows them, and which of them
    everyone knows (``n``: the public row of each mask)."""
    return (tuple([deck[i] if m[v] else None for i, m in enumerate(top_known)]),
            tuple([m[n] for m in top_known]))


def _public_mask(public: tuple[int | None, ...]) -> tuple[bool, ...]:
    """The hidden weapons everyone knows."""
    return tuple([k is not None for k in public])


# -- the rules object ----------------------------------------------------------------------------
class BossQuest:
    id = "bossquest"
    title = "Boss Quest"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # armorer: the first Armorer (None: the last seat with explicit decks, else drawn from the seed)
    default_options: Mapping[str, Any] = {"armorer": None}
    deck_names: tuple[str, ...] = DECK_NAMES

    def __init__(self) -> None:
        # the last legal actions given out, per thread: ``apply`` takes one of those very
        # actions for that very state without its checks (game/core/memo.py)
        self._memo = LegalMemo()

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
                armorer, rng = rngmod.below(rng, n)
        if not is_int(armorer) or not 0 <= armorer < n:
            raise BadConfig(_("armorer must be a seat from 0 to {last}").format(last=n - 1))
        if bosses is None:
            bosses, rng = rngmod.lane_shuffle(range(N_BOSSES), rng)
        if spells is None:
            spells, rng = rngmod.lane_shuffle(FULL_SPELLS, rng)
        # (``build``: the state's own field dictionary is a plain one, which every step copies
        # whole; an instance dictionary made by ``__init__`` shares its keys with the class's
        # other instances, and each copy of it would be turned into a plain one again)
        state = build(
            BQState, players=n, round=1, armorer=armorer, order=(), turn=None, phase="play",
            hearts=(HEARTS,) * n, keys=(0,) * n, boss=-1, boss_deck=tuple(bosses), boss_discard=(),
            hidden=(), face_up=(), deck=(), top_known=(), known=(), row=(), active=(), aim=None,
            spell_deck=tuple(spells), spell_discard=(), status=("equip",) * n, last_turn=None,
            lone_equipped=False, results=(), deals=weapons, rng=rng, opening=())
        p = _play(state)
        _deal(p)
        p.opening = tuple(p.events)       # (not game state: the table animates them)
        return _freeze(p)[0]

    def opening_events(self, state: BQState) -> tuple[Event, ...]:
        """The events of the opening deal of a state made by ``new_game`` (``new_game``
        returns no events; the table animates these)."""
        return state.opening

    # -- queries
    def to_act(self, state: BQState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.turn,)

    def forced(self, state: BQState, seat: int) -> str | None:
        """Why ``seat`` may not equip now and must go to the Magician, or None: "over" (its
        strength is over the boss's HP), "lone" (the last one equipping has had their last
        weapons), "deck" (the weapon deck is empty)."""
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
        effect = _EFFECT[card]
        n = state.players
        if effect == "strength":
            return tuple({"target": t} for t in range(n))
        if effect == "swap":
            return tuple({"target": t} for t in range(n) if t != seat)
        if effect == "exchange":
            if not state.deck:
                return ()
            return tuple({"weapon": WEAPON_NAMES[c]} for c in state.weapons(seat))
        if effect == "cancel":
            return tuple({"cancel": i} for i in _cancellable(state.active))
        return ({},)

    def legal_actions(self, state: BQState, seat: int) -> ListSpace:
        turn, phase = state.turn, state.phase
        if seat != turn or phase != "play":
            out = self._aim_actions(state, seat) if seat == turn and phase == "aim" else ()
            return self._memo.remember(state, ListSpace.of(out))
        deck = state.deck
        # ``self.forced(state, seat) is None``, inline (and ``_fight_s(state)``'s check)
        c = state._fight_cache
        if (not deck or (c[1] if c is not None and c[0]() is state else _fight_s(state))[2][seat]
                or (state.last_turn is None and state.lone_equipped and state.only_equipping(seat))):
            out = ()
        else:
            out = _EQUIPS[seat][MAX_EQUIP if len(deck) > MAX_EQUIP else len(deck)]
        table = _SLOT_TABLE[state.players][seat]
        empty = True
        for slot, card in enumerate(state.row):
            if card is None:
                continue
            empty = False
            acts = table[slot][card]
            if acts is None:
                acts = self._choice_actions(state, seat, slot, card)
            out += acts
        if empty:
            out += (_WAITS[seat],)
        return self._memo.remember(state, ListSpace.of(out))

    @staticmethod
    def _choice_actions(state: BQState, seat: int, slot: int, card: int) -> tuple[Action, ...]:
        """An exchange's or a cancel's activations in ``slot`` (as ``choices`` lists them), then
        its discard."""
        if _EFFECT[card] == "exchange":
            if not state.deck:
                return (_DISCARDS[seat][slot],)
            tbl = _EXCHANGES[seat][slot]
            return (tbl[state.hidden[seat]], *map(tbl.__getitem__, state.face_up[seat]), _DISCARDS[seat][slot])
        cancels = _CANCELS[seat][slot]
        return tuple([cancels[i] if i < _MAX_ACTIVE else activate(seat, slot, cancel=i)
                      for i in _cancellable(state.active)]) + (_DISCARDS[seat][slot],)

    def _aim_actions(self, state: BQState, seat: int) -> tuple[Action, ...]:
        """The turned-up mystery's choices, as ``choices`` lists them."""
        out = []
        for c in self.choices(state, seat, state.aim[1]):
            ((k, v),) = c.items()
            if k == "target":
                out.append(_AIM_TARGETS[seat][v])
            elif k == "weapon":
                out.append(_AIM_WEAPONS[seat][WEAPON_INDEX[v]])
            else:
                out.append(_AIM_CANCELS[seat][v] if v < _MAX_ACTIVE else aim(seat, cancel=v))
        return tuple(out)

    # -- a step: trusted or checked, then the one rule
    def apply(self, state: BQState, action: Action) -> tuple[BQState, tuple[Event, ...]]:
        if not self._memo.trusted(state, action):
            self._check(state, action)
        seat, kind = action.seat, action.kind
        p = _play(state)
        before = p.fight[2]
        if kind == "equip":
            _add_to_equipment(p, seat, action.params[0][1])
        elif kind == "discard":
            _discard_spell(p, seat, action.params[0][1])
        elif kind == "activate":
            _activate_spell(p, seat, action.get("slot"), _choice_of(action))
        elif kind == "aim":
            _aim_mystery(p, seat, _choice_of(action))
        else:
            _wait_at_magician(p, seat)
        if p.fight[2] is not before:      # (a rule that changes no seat's "over" keeps the tuple)
            _say_over(p, before)
        if p.phase != "aim" and not _pass_turn(p, seat):
            _fight(p)
        return _freeze(p)

    def _check(self, state: BQState, action: Action) -> None:
        """Raise the error that says why ``action`` is not allowed now (if it is not)."""
        refuse_if_over(state.phase == "over", action)
        seat = checked_seat(action, state.players)
        require_turn(seat, state.turn, action)
        why = self._refusal(state, action)
        if why is not None:
            raise IllegalAction(why, action)

    def _refusal(self, state: BQState, action: Action) -> str | None:
        """Why ``action``, by the seat to act, is not allowed now (the player's reason), or
        None: the one place that says what may be done."""
        seat, kind = action.seat, action.kind
        if kind not in KINDS:
            return _("'{kind}' is not a move of Boss Quest: equip, activate, discard, aim or wait").format(
                kind=cut(kind))
        extra = extra_params(action, PARAMS[kind])
        if extra is not None:
            return extra
        choice = {k: v for k, v in action.params if k in CHOICE_KEYS}
        if state.phase == "aim":
            if kind != "aim":
                return _("choose where the mystery spell ({spell}) goes first ('aim')").format(
                    spell=spell_text(state.aim[1]))
            return self._choice_refusal(state, seat, state.aim[1], choice)
        if kind == "aim":
            return _("there is no mystery spell waiting for a choice")
        if kind == "equip":
            k = action.get("n")
            if not is_int(k) or not MIN_EQUIP <= k <= MAX_EQUIP:
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
                return ngettext("only {n} weapon is left in the deck", "only {n} weapons are left in the deck",
                                len(state.deck)).format(n=len(state.deck))
            return None
        if kind == "wait":
            if any(c is not None for c in state.row):
                return _("the Magician still has spells: activate or discard one")
            return None
        slot = action.get("slot")
        if not is_int(slot):
            return _("say which spell: 'slot' must be a place in the Magician's row")
        if not 0 <= slot < len(state.row) or state.row[slot] is None:
            return _("there is no spell in slot {slot} of the Magician's row").format(slot=slot)
        if kind == "discard":
            return None
        if slot == MYSTERY_SLOT:
            if choice:
                return _("the mystery spell is activated unseen: choose after it is turned up")
            return None
        return self._choice_refusal(state, seat, state.row[slot], choice)

    def _choice_refusal(self, state: BQState, seat: int, card: int, choice: dict[str, Any]) -> str | None:
        """``_refusal`` of a spell's choice: it must be one of ``choices`` (a bool is no seat)."""
        options = self.choices(state, seat, card)
        if choice in options and not any(v.__class__ is bool for v in choice.values()):   # (True == 1)
            return None
        effect = _EFFECT[card]
        name = spell_text(card)
        if not options:
            if effect == "exchange":
                return _("the weapon deck is empty: there is nothing to exchange with")
            return _("no active spell can be cancelled")
        if effect in ("strength", "swap"):
            t = choice.get("target")
            if set(choice) != {"target"} or not is_int(t) or not 0 <= t < state.players:
                return _("{spell} needs a player: 'target' must be a seat number").format(spell=name)
            return _("{spell} swaps with another player, not yourself").format(spell=name)
        if effect == "exchange":
            w = choice.get("weapon")
            if set(choice) != {"weapon"} or not isinstance(w, str) or w not in WEAPON_INDEX:
                return _("{spell} needs one of your weapons: 'weapon' must be a weapon name").format(spell=name)
            return _("{weapon} is not one of your weapons").format(weapon=weapon_text(w))
        if effect == "cancel":
            return _("{spell} needs an active spell: 'cancel' must be the index of one "
                     "(Last turn! cannot be cancelled)").format(spell=name)
        return _("{spell} takes no choice").format(spell=name)

    _meets = staticmethod(meets)

    # -- views
    def observe(self, state: BQState, seat: int | None) -> BQObservation:
        n = state.players
        known = state.known
        c = state._fight_cache            # ``_fight_s(state)``, its check inline (the hot path)
        hp, strengths, overs = c[1] if c is not None and c[0]() is state else _fight_s(state)
        nobody = _NOBODY_ROW[n]
        public = known[n]
        if seat is None:
            v = n
            hidden = public
            strength = None
        else:
            v = seat
            mine = known[seat]
            own = state.hidden[seat]
            hidden = _OWN_ONLY[n][seat][own] if mine is nobody else mine[:seat] + (own,) + mine[seat + 1:]
            strength = strengths[seat]
        row = state.row
        if row and row[MYSTERY_SLOT] is not None:
            row = (MYSTERY,) + row[1:]
        top_known = state.top_known
        deck_top, top_public = _deck_top(top_known, state.deck, v, n) if top_known else ((), ())
        # (two displays of at most 30 values added: a longer one is built through a list)
        return _tuple_new(BQObservation, (
            seat, n, state.round, state.armorer, state.order, state.turn, state.phase, state.hearts, state.keys,
            KEYS_TO_WIN[n], state.boss, hp, len(state.boss_deck), state.boss_discard, state.face_up, hidden,
            _NOBODY_MASK[n] if public is nobody else _public_mask(public)) + (
            strength, overs, state.status, row, state.active, state.aim, len(state.spell_deck), state.spell_discard,
            len(state.deck), deck_top, top_public, state.last_turn, state.lone_equipped, state.results))

    def outcome(self, state: BQState) -> Outcome | None:
        if state.phase != "over":
            return None
        ranks = _ranks(state.hearts, state.keys)
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
        return build(                     # (a plain field dictionary: see new_game)
            BQState, players=n, round=obs.round, armorer=obs.armorer, order=obs.order, turn=obs.turn, phase=obs.phase,
            hearts=obs.hearts, keys=obs.keys, boss=obs.boss, boss_deck=tuple(rng.shuffle(bpool)),
            boss_discard=obs.boss_discard, hidden=tuple(hidden), face_up=obs.face_up, deck=tuple(deck),
            top_known=top_known, known=tuple(known), row=tuple(row), active=obs.active, aim=obs.aim,
            spell_deck=tuple(spool), spell_discard=obs.spell_discard, status=obs.status,
            last_turn=obs.last_turn, lone_equipped=obs.lone_equipped, results=obs.results, deals=(),
            rng=rngmod.seed_state(rng.randbelow(1 << 30)), opening=())


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
