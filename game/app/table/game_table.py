"""A game's table object and the one handle it has on the kit.

A game does not subclass the table scene.  It gives the scene a :class:`GameTable` subclass
(its ``TABLE``): the game's settings (class attributes), its hooks (the display model, the
hand, the drop zones, the answers, the words, the drawing) and its event handlers
(``ev_<kind>``, in ``<id>_events.py``, a mixin of the table).  The scene builds it with one
:class:`TableKit`, ``self.kit``, which names every kit service a game may use; a game never
holds the scene.  ``tests/app/test_table_object.py`` checks that every ``kit.<name>`` a game reads
is one :class:`TableKit` declares, and that a game's table defines no kit name of its own
(except the hooks below that wrap a kit behaviour: ``submit``, ``can_play``, ...).

The hooks that *wrap* a kit behaviour (:data:`WRAPS`) are called by the scene for every use of
that behaviour; their default hands it to the kit's own (``self.kit.submit(action)``), and a
game extends it by calling the kit's in its own (MasterBluff's ``submit`` notes the viewer's
answer to a Bluff! window).
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any

import pygame

from game import words
from game.core.i18n import _, ngettext
from ..sprites import HAND_W
from .drops import Drag, DropZone
from .hand import Card
from .help import HelpSpot


def _read(name: str, doc: str, attr: str | None = None) -> property:
    """``kit.<name>``: the scene's ``attr`` (its ``name`` by default), read when asked (the
    getter is C code: the drawing asks for ``zone`` and ``pos_of`` hundreds of times a frame)."""
    return property(attrgetter(f"_scene.{attr or name}"), doc=doc)


def _write(name: str, doc: str) -> property:
    return property(attrgetter(f"_scene.{name}"), lambda kit, v: setattr(kit._scene, name, v), doc=doc)


class TableKit:
    """Everything of the kit a game's table may use, each named once here (the scene's own
    attributes and methods stay the scene's).  Methods are handed out bound: ``kit.add_step(...)``."""

    __slots__ = ("_scene",)

    def __init__(self, scene) -> None:
        self._scene = scene

    # -- the match, the seats and who sees what
    app = _read("app", "the App: fonts, the window transform (``view``), the card art (``cards``), sounds")
    match = _read("match", "the Match: ``is_human`` (a person: at this screen or on a phone), ``is_local`` (at this screen), ``is_phone``, ``seats``, ``legal(seat)``, ``log``; never its state for drawing")
    n = _read("n", "how many seats")
    viewer = _read("viewer", "the seat whose screen this is")
    obs = _read("obs", "() -> the viewer's observation now")
    after = _read("after", "the viewer's observation after the action whose events are being handled")
    hotseat = _read("hotseat", "several humans share the screen")
    curtain_for = _read("curtain_for", "the seat the curtain waits for, or None")
    hand_hidden = _read("hand_hidden", "the viewer's secrets are hidden (a shared screen between turns)")
    may_see = _read("may_see", "() -> whether the viewer's private knowledge may be drawn now")
    privacy = _read("privacy", "the Privacy part (``owed``: secrets kept for a person away)")
    lesson = _read("lesson", "the LessonGuide of a lesson played at this table, or None")
    pacer = _read("pacer", "the AI pacer (``hold(seconds)``, ``pace``)")
    steps = _read("steps", "the StepQueue (``step``: the playing step)")
    # -- geometry
    layout = _read("layout", "the Tiled layout: ``shared(name)``, ``overlay(name)``, ``layers``")
    zone = _read("zone", "(seat, what) -> a seat's zone (hand / name / token / ...), from the layout or its ring", "_zone")
    pos_of = _read("pos_of", "seat -> its place round the table from the viewer (0: the viewer)", "_pos_of")
    seat_hand_center = _read("seat_hand_center", "seat -> the centre of its hand")
    seat_width = _read("seat_width", "seat -> a card's width at that seat", "_seat_width")
    to_window = _read("to_window", "layout point -> window pixels")
    mouse = _read("mouse", "where the pointer is (layout units)")
    text_w = _read("text_w", "(words, size, bold=False) -> their width in layout units", "_text_w")
    half_covered = _read("half_covered", "rect -> whether the kit's panels cover half of it")
    sheet_rect = _read("sheet_rect", "(row, col=None) -> a cell of the score sheet on the table")
    draw_kit = _read("draw_kit", "() -> the DrawKit a game's <Game>View carries")
    frame_view = _read("frame_view", "the <Game>View built for the frame being drawn, or None", "_frame_view")
    # -- the hand, gestures and input
    hand = _read("hand", "the viewer's Hand (its cards, selection, focus, parked cards)")
    selected = _read("selected", "the keys of the hand's selected cards")
    sync_hand = _read("sync_hand", "(origin=None) -> the hand follows the game's ``hand_cards()``")
    drag = _read("drag", "the drag under way, or None")
    held = _write("held", "a piece picked up by a click, waiting for the click on its zone, or None")
    resolve = _read("resolve", "(zone, drag) -> (legal actions a drop on it could mean, or [] and the reason)")
    click_drop = _read("click_drop", "p -> the kit's click on no card and no piece", "_click_drop")
    busy = _read("busy", "() -> steps are playing")
    can_play = _read("can_play", "() -> the kit's test that the viewer may use the hand now", "_can_play")
    top_buttons = _read("top_buttons", "the top bar's buttons")
    # -- acting, answers, choices and lessons
    submit = _read("submit", "action -> the kit plays it (True) or says why not (False)", "_submit")
    answer = _read("answer", "action -> play an answer button's action when it may be played", "_answer")
    answers = _read("answers", "the answer buttons shown now")
    renew_answers = _read("renew_answers", "() -> the answer buttons are built again on the next frame (the game's changed)")
    pending_humans = _read("pending_humans", "() -> the humans who may answer now on this screen")
    choice = _write("choice", "the choice panel up now, or None")
    choice_row = _read("choice_row", "(title, subtitle, [(label, action, art)], extra buttons) -> a choice panel")
    choice_points = _read("choice_points", "() -> the choice panel's buttons with their window centres")
    choose = _read("choose", "action -> the kit plays a choice tile's action", "_choose")
    cancel_choice = _read("cancel_choice", "() -> the kit closes the choice panel", "_cancel_choice")
    lesson_refuses = _read("lesson_refuses", "actions -> a lesson refuses a move begun that can only be one of them")
    # -- steps, animation and panels
    add_step = _read("add_step", "(begin, hold, end=None, caption=, tone=, log=, wait=, ...) -> queue a step")
    tweener = _read("tweener", "the Tweener (``add(start, end, seconds, ease)``)")
    flyers = _write("flyers", "the flying cards and pieces")
    fly = _read("fly", "(start, end, w0, w1, face=None, ...) -> a card flies")
    deal_step = _read("deal_step", "(source, dests, on_land, caption) -> the deal's step")
    deal_flights = _read("deal_flights", "(source, dests, on_land) -> the deal's flights")
    reveal_flights = _read("reveal_flights", "(faces, source) -> cards fly up to the reveal")
    gather_flights = _read("gather_flights", "(tag, dest, w_end, extra) -> flyers of a tag fly to one place")
    reveal = _write("reveal", "the reveal panel up now, or None")
    sheet = _read("sheet", "the score sheet up now, or None")
    sheet_steps = _read("sheet_steps", "(ScoreSheet, caption=None, ...) -> the steps that build a score sheet")
    hand_flip = _write("hand_flip", "a tween while the hand turns face up, or None")
    celebration = _write("celebration", "the words of the end-of-game celebration")
    celebrate_t = _write("celebrate_t", "seconds since the celebration began (-1: none)")
    toast = _read("toast", "the Toast (``show(words, seconds, pos)``)")
    say = _read("say", "(words, pos=None) -> a short message on the table")
    say_pos = _read("say_pos", "pos -> where ``say`` puts a message asked for at ``pos``")
    sfx = _read("sfx", "name -> a sound (when sounds are on)")
    # -- words about seats (``words.py``)
    name = _read("name", "seat -> its player's name")
    who = _read("who", "seat -> \"You\" for the lone human at the screen, else the name")
    is_you = _read("is_you", "seat -> the lone human at the screen", "_is_you")
    by_seat = _read("by_seat", "(seat, you, other, target=None, to_you=None, **fields) -> a sentence about a seat")
    names_text = _read("names_text", "(seats, starts=False) -> several seats as one list")
    win_line = _read("win_line", "winners -> \"You win!\" / \"Bram wins!\" / ...")
    level_name = _read("level_name", "seat -> an AI seat's level (\"Easy\", \"Normal\", \"Hard\")")

    # -- the kit's own of the behaviours a game may extend (WRAPS; each game's hook calls these)
    spring_piece = _read("spring_piece", "(drag, p) -> the kit flies a dropped piece home", "_spring_piece")
    handle = _read("handle", "InputEvent -> the kit's handling of input", "_handle")
    handle_key = _read("handle_key", "InputEvent -> the kit's keys", "_handle_key")
    cycle_focus = _read("cycle_focus", "step -> Tab moves the hand's keyboard focus (False: nothing to focus)",
                        "_cycle_focus")
    on_events = _read("on_events", "(events, action=None) -> the kit routes an action's events to the handlers",
                      "_on_events")
    past_events = _read("past_events", "() -> the events of every logged action (to rebuild the log)", "_past_events")
    remember_step = _read("remember_step", "(seat, at=None) -> the private \"remember it\" after a secret",
                          "_remember_step")
    lift_curtain = _read("lift_curtain", "() -> the person at the screen lifts the curtain", "_lift_curtain")
    resume = _read("resume", "() -> the table is on top again (settings may have changed)", "_resume")
    draw = _read("draw", "surf -> the kit paints the frame", "_draw")
    draw_choice = _read("draw_choice", "surf -> the kit paints the choice panel", "_draw_choice")
    probe_state = _read("probe_state", "() -> what the probe and tests read of the table", "_probe_state")

#: every name a game may read through ``self.kit``
KIT_NAMES: frozenset[str] = frozenset(k for k, v in vars(TableKit).items() if isinstance(v, property))

#: the hooks that wrap a kit behaviour of the same name (the default calls ``self.kit.<name>``)
WRAPS: frozenset[str] = frozenset({
    "submit", "can_play", "answer", "choose", "cancel_choice", "click_drop", "spring_piece", "handle", "handle_key",
    "cycle_focus", "on_events", "past_events", "remember_step", "lift_curtain", "resume", "pos_of", "zone",
    "seat_width", "is_you", "draw", "draw_choice", "probe_state"})


class GameTable:
    """The base of a game's table object: its settings, the default hooks and, in a game's
    subclass, its event handlers.  ``kit`` is the table's one handle on the kit."""

    game = ""                 # the rules id; the layout is assets/layouts/<game>.tmx
    hand_width = HAND_W
    multi_select = True
    hand_spread: float | None = None   # widest step between hand cards, in card widths (small hands)
    #: the game's options on the setup screen: (option key, row label, [(value, label), ...], width)
    SETUP_OPTIONS: tuple = ()
    #: options that apply only with another option's value: {key: (other key, (values...))};
    #: the setup screen greys them out otherwise and leaves them out of the game's options
    SETUP_OPTION_WHEN: dict = {}
    #: one line per option value saying what it means, shown on the setup screen under the options
    #: (N_ strings): {"mode": {"base": N_("…"), …}}
    SETUP_OPTION_HELP: dict = {}
    show_empty_count = True            # an opponent with no cards still shows "0" (e.g. out of the game)
    #: hot seat: a private event that shows a person a card while the screen is not theirs is
    #: kept for them (the curtain comes down for them next and shows it to them alone) instead
    #: of being dropped
    owed_secrets = False
    #: Enter with no card chosen and no card focused focuses the first card of the hand (a table
    #: whose Enter plays the focused card; others give Enter a move of its own, e.g. Death's Stand)
    enter_focuses_hand = False
    ring_mark = True          # the faint oval of the table on the felt

    def __init__(self, kit: TableKit) -> None:
        self.kit = kit
        self.shown: Any = None          # the display model (``view_from``), advanced by the handlers

    # ================================================================== the model
    def view_from(self, obs) -> Any:
        """The display model for an observation (a value compared with ==)."""
        raise NotImplementedError

    def setup(self) -> None:
        """The game's own table state (called when the table opens, before the first view)."""

    def reset_ui(self) -> None:
        """Drop the game's transient UI state (undo, a new viewer)."""

    def queue_deal(self, obs) -> None:
        """Animate the opening deal (new games only)."""

    def describe(self, kind: str, data: dict) -> str | None:
        """The log line for a domain event (used to rebuild the log of a resumed game)."""
        return None

    def owes(self, e, seat: int) -> bool:
        """With ``owed_secrets``: whether the private event ``e`` must reach ``seat`` even while
        the screen is not theirs (default: every one)."""
        return True

    def secret_seen(self, seat: int) -> None:
        """``seat`` pressed Continue on "remember it": a table that keeps a secret face up until
        then (a private look) turns it down here."""

    # ================================================================== the hand and drops
    def hand_cards(self) -> list[Card]:
        """The viewer's hand in ``self.shown`` as (key, face, group) triples."""
        return []

    def hand_mark(self, key) -> str | None:
        """A short tag shown on a hand card (e.g. "captures"), or None."""
        return None

    def drop_zones(self) -> list[DropZone]:
        return []

    def on_drop(self, zone: DropZone, actions: list, drag: Drag) -> None:
        """A legal drop: by default the one action is played; several: a choice panel of
        them (labelled by ``action_label``)."""
        if len(actions) == 1:
            self.submit(actions[0])
        else:
            self.kit.choice_row(_("Which one?"), "", [(self.action_label(a), a, None) for a in actions])

    def action_label(self, action) -> str:
        """A choice tile's words for a legal action (games whose drops can mean several)."""
        raise NotImplementedError(f"{type(self).__name__} needs action_label for a choice of actions")

    def play_selection(self) -> None:
        """Enter pressed: play the selected cards (keyboard play)."""

    def game_key(self, ev) -> None:
        """Keys the kit does not use (e.g. T for MasterBluff's token)."""

    def refusal_at(self, p: tuple[float, float]) -> tuple[float, float]:
        """Where the reason a drop at ``p`` was refused shows."""
        return p[0], p[1] - 120

    def piece_at(self, p: tuple[float, float]) -> str | tuple | None:
        """A draggable piece of the viewer's under the pointer (e.g. a token), or None; a
        ``(kind, key)`` pair names one of several pieces of a kind."""
        return None

    def piece_clicked(self, piece: str) -> str | None:
        """A piece was clicked, not dragged.  Return a hint to pick the piece up (the kit holds
        it, lights its zones, and the next click on a zone drops it there)."""
        return None

    def piece_home(self, piece: str) -> tuple[float, float] | None:
        """Where a dragged piece flies back to, or None."""
        return None

    # ================================================================== wrapped kit behaviour (WRAPS)
    def submit(self, action) -> bool:
        """Every move the table plays (a drop, a choice, an answer, an AI's) passes here."""
        return self.kit.submit(action)

    def can_play(self) -> bool:
        """Whether the viewer may use the hand now (the kit's test, and the game's own)."""
        return self.kit.can_play()

    def click_drop(self, p: tuple[float, float]) -> None:
        """A click on no card and no piece."""
        self.kit.click_drop(p)

    def cancel_choice(self) -> None:
        """The choice panel's Cancel (or Esc)."""
        self.kit.cancel_choice()

    def answer(self, action) -> None:
        """An answer button pressed (its action, or the game's own tuple for a button that opens more)."""
        self.kit.answer(action)

    def choose(self, action) -> None:
        """A choice tile pressed (its action, or the game's own value)."""
        self.kit.choose(action)

    def spring_piece(self, drag: Drag, p: tuple[float, float]) -> None:
        """A dragged piece that may not drop there flies home (``piece_home``)."""
        self.kit.spring_piece(drag, p)

    def handle(self, ev) -> None:
        """Every input event at the table (a game with a modal panel of its own looks first)."""
        self.kit.handle(ev)

    def handle_key(self, ev) -> None:
        """A key the table's buttons and panels did not take."""
        self.kit.handle_key(ev)

    def cycle_focus(self, step: int) -> bool:
        """Tab / Shift+Tab: the next keyboard focus (a game with a focus of its own moves that)."""
        return self.kit.cycle_focus(step)

    def prepare(self, events) -> list:
        """One action's events as the table shows and logs them, as a phone gets them too: the
        game's words' ``prepare`` (KTM: a run of coins as one line, one line a peek; MasterBluff:
        the exchange token before the declaration it names), else as they are."""
        prepare = getattr(words.module(self.game), "prepare", None) if self.game else None
        return prepare(list(events)) if prepare is not None else list(events)

    def on_events(self, events, action=None) -> None:
        """An action's events (``prepare``): the kit hands those the viewer may see to the
        ``ev_<kind>`` handlers."""
        self.kit.on_events(self.prepare(events), action)

    def past_events(self) -> list:
        """The domain events of every logged action, each action's ``prepare``d (for rebuilding the log)."""
        return [self.prepare(evs) for evs in self.kit.past_events()]

    def remember_step(self, seat: int, at: int | None = None) -> None:
        """After a secret shown to ``seat`` at the screen: the private "remember it" step."""
        self.kit.remember_step(seat, at)

    def lift_curtain(self) -> None:
        """The person at the screen lifts the curtain."""
        self.kit.lift_curtain()

    def resume(self) -> None:
        """The table is on top again (a screen over it closed)."""
        self.kit.resume()

    def pos_of(self, seat: int) -> int:
        """A seat's place round the table from the viewer (0: the viewer)."""
        return self.kit.pos_of(seat)

    def zone(self, seat: int, what: str) -> pygame.Rect:
        """A seat's zone (hand / name / token)."""
        return self.kit.zone(seat, what)

    def seat_width(self, seat: int) -> float:
        """A card's width at a seat."""
        return self.kit.seat_width(seat)

    def is_you(self, seat: int | None) -> bool:
        """The lone human at the screen: lines about them read "you"."""
        return self.kit.is_you(seat)

    def draw(self, surf: pygame.Surface) -> None:
        """The frame (a game draws over the whole table after the kit here)."""
        self.kit.draw(surf)

    def draw_choice(self, surf: pygame.Surface) -> None:
        """The choice panel."""
        self.kit.draw_choice(surf)

    def probe_state(self) -> dict:
        """What the probe and the tests read of the table."""
        return self.kit.probe_state()

    # ================================================================== answers
    def answer_buttons(self, seat: int, legal) -> list[tuple[Any, str, str, tuple[int, ...]]]:
        """Buttons for a seat's out-of-turn answer: (action, label, style, keys) each."""
        return []

    def answer_prompt(self):
        """What the answer buttons answer now (a new value: a new question): by default the
        status line's words."""
        return self.status_text()[0]

    # ================================================================== seats and words
    def is_active(self, seat: int) -> bool:
        return False

    def seat_cards(self, seat: int) -> int:
        """How many face-down cards an opponent's plate shows."""
        return 0

    def plate_note(self, seat: int) -> str:
        """The words at the right of a seat's plate: an AI seat's level ("Easy", "Normal",
        "Hard"); games put their own counts here instead."""
        return "" if self.kit.match.is_human(seat) else self.kit.level_name(seat)

    def status_text(self) -> tuple[str, str]:
        return "", ""

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        """What the results screen says beside a seat (``obs``: the spectator view; ``wide``:
        a full row, else a compact one): its score when the game keeps one."""
        if outcome.scores is None:
            return ""
        n = outcome.scores[seat]
        return ngettext("{n} point", "{n} points", n).format(n=n) if wide else str(n)

    @classmethod
    def result_lines(cls, outcome, obs, w) -> list[str]:
        """Whole sentences the results screen says under the standings (``obs``: the spectator
        view; ``w``: the results' seat words, "You" only for a lone person at the screen), e.g.
        why a seat with more points stands lower; none by default."""
        return []

    @classmethod
    def result_ranks(cls, outcome, obs) -> tuple[int, ...]:
        """Every seat's place on the results screen (1 = best, ties share): the rules' outcome,
        unless the game places those the rules leave level by what ``obs`` shows."""
        return tuple(outcome.ranks)

    @classmethod
    def result_order(cls, outcome, obs, seat: int) -> int:
        """Among seats that share a place, which the results screen lists first (lower first)."""
        return 0

    def continue_rect(self) -> tuple[int, int, int, int]:
        """Where the Continue button sits while a step waits for a person: under the score
        sheet when the layout has one (overlay ``summary``), else mid-table."""
        layout = self.kit.layout
        if "summary" in layout.layers.get("overlays", {}):
            z = layout.overlay("summary")
            return (z.centerx - 100, z.bottom - 64, 200, 48)
        return (540, 420, 200, 50)

    # ================================================================== help and lessons
    def help_line(self, face: str) -> str | None:
        """The one line for a card face the viewer sees (None: nothing to say)."""
        return None

    def help_spots(self) -> list[HelpSpot]:
        """The things on the table the game explains now, topmost first."""
        return []

    def help_focused(self) -> HelpSpot | None:
        """The spot of the game's own keyboard focus when it has one beside the hand's."""
        return None

    def lesson_target(self, spec: str) -> pygame.Rect | None:
        """A lesson target the kit does not know, as a layout rect, or None."""
        return None

    def lesson_refused(self, action) -> None:
        """A move the lesson took back: put back any state of the game's the move had started."""

    def lesson_buttons(self) -> list:
        """The game's own buttons that play an action (each with an ``action`` attribute)."""
        return []

    # ================================================================== drawing
    def draw_view(self) -> Any:
        """The game's small named view (``<id>_draw.<Game>View``) of the table now."""
        return None

    def game_view(self) -> Any:
        """The view of the frame being drawn (built once a frame by the kit), else a fresh one."""
        v = self.kit.frame_view
        return v if v is not None else self.draw_view()

    def draw_marks(self, bg: pygame.Surface) -> None:
        """Static marks on the cached background (slots, outlines)."""

    def draw_centre(self, surf: pygame.Surface) -> None:
        """Shared zones: deck, pile, banner, court..."""

    def draw_seat_extras(self, surf: pygame.Surface, seat: int) -> None:
        """Per-seat pieces (tokens, coins...)."""

    def draw_overlays(self, surf: pygame.Surface) -> None:
        """Game panels drawn over the table (under flyers)."""

    def draw_piece_drag(self, surf: pygame.Surface, drag) -> None:
        """A dragged piece under the pointer."""

    def game_readable(self) -> dict[str, pygame.Rect]:
        """The game's own regions that must stay readable now, by name (layout units)."""
        return {}

    def game_panels(self) -> list[pygame.Rect]:
        """The game's own panels up now that are drawn over the table (layout units)."""
        return []

    # ================================================================== tests
    def autoplay_turn(self, harness) -> bool:
        """For tests and benchmarks: one simple turn through the UI with the headless harness's
        clicks and keys (click the first card, Enter, the first enabled choice); False if the
        table cannot."""
        hand = self.kit.hand
        pts = [(hand.face(k), p) for k, p in hand.click_points()]
        if not pts:
            return False
        harness.click(pts[0][1])
        harness.key(pygame.K_RETURN)
        choice = self.kit.choice
        if choice is not None:
            first = [i for i, b in enumerate(choice.buttons) if b.enabled][0]
            harness.key(pygame.K_1 + first)
        return True
