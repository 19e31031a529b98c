"""The table kit's scene: everything a card table needs, whatever the game.

A game does not subclass the scene: it gives it a table object, a
``game_table.GameTable`` (``TableScene(app, <Game>Table)``), with the game's
settings and hooks: the display model built from an observation
(``view_from``), the viewer's hand cards, drop zones, answer buttons, the
status line, what each domain event animates (``ev_<kind>`` handlers that
queue steps) and its own panels.  The scene builds it with one ``TableKit``,
the only handle the game has on the kit, and calls its hooks; the behaviours in
``game_table.WRAPS`` (``submit``, ``zone``, ``draw``...) always go through the
game's, whose default is the kit's own (``_submit``...).  The kit does the rest:
the life of the scene (enter/exit, autosave after each action, undo, pause,
results), the step queue with captions and the scrollable log, the AI pacer,
the hot-seat curtain, the hand (mouse and keyboard), drag-and-drop resolved
against ``legal_actions``, answer buttons, seat plates, toasts and the
celebration.

The table never reads the match state: it draws ``self.shown`` (the table
object's), the game's display model, which starts as
``view_from(observe(viewer))`` and is advanced event by event while animations
play.  When the queue runs dry the model must equal ``view_from(observe(viewer))``
again; a difference is a bug in an event handler, logged and recorded in
``view_mismatches`` (tests fail on it) before the table falls back to the
observation.
"""
from __future__ import annotations

import collections
import contextlib
import logging
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Hashable

import pygame

from game.core import IllegalAction
from game.core.i18n import _, ngettext, reword
from game.match import Match
from .. import input as inp
from .. import layout as lay
from ..cards import CardArt, check_art_present
from ..levels import level_name
from ..scene import Scene
from ..sprites import OPP_W, Flyer
from ..tween import Tweener, ease_out_cubic
from ..widgets import Button, Toast
from .answers import AnswerButtons, AnswerContext
from .draw import PUBLIC_LOG, TableDraw
from .effects import Choice, Reveal, ScoreSheet, TableEffects
from .drops import Drag, DropZone
from .game_table import WRAPS, GameTable, TableKit
from .gestures import GestureContext, Gestures
from .guard import Guard
from .hand import Hand
from .help import TableHelp
from .lesson import LessonGuide
from .overlay import TableOverlays
from .pacer import AIPacer
from .phone_status import PhoneStatus, PhoneStatusContext
from .privacy import Privacy
from .ring import public_ring_zones, ring_zones
from .zoom import Zoom
from .routing import EventContext, EventRouter
from .session import Session, SessionContext
from .steps import StepQueue, TableLog
from .why import WhyContext, WhyLine, WhyLines
from .words import TableWords

log = logging.getLogger(__name__)


def _through_table(name: str):
    """A kit behaviour a game may extend (``game_table.WRAPS``): the scene always calls the game
    table's ``name``, whose default is the kit's own (``_<name>``, reached as ``kit.<name>``)."""
    own = "_" + name

    def call(self, *args, **kwargs):
        return getattr(self.table, name)(*args, **kwargs)
    call.__name__ = name
    call.__doc__ = getattr(TableScene, own).__doc__
    return call


class TableScene(TableOverlays, TableHelp, TableDraw, TableEffects, TableWords, Scene):
    def __init__(self, app, table: type[GameTable]) -> None:
        super().__init__(app)
        #: the game's table object (``game_table.GameTable``), built with its one handle on the kit
        self.table = table(TableKit(self))
        self.game = table.game            # the rules id; the layout is assets/layouts/<game>.tmx

    @property
    def shown(self) -> Any:
        """The game's display model (the table object's ``shown``)."""
        return self.table.shown

    @shown.setter
    def shown(self, value: Any) -> None:
        self.table.shown = value

    #: the game's view built for the frame being drawn (``draw``), else None
    _frame_view = None

    def _draw(self, surf) -> None:
        """The frame: the game's ``draw_view()`` is built once, then the kit paints (the game's
        draw hooks take that view from ``game_view()``)."""
        self._frame_view = self.table.draw_view()
        try:
            TableDraw.draw(self, surf)
        finally:
            self._frame_view = None

    def draw_kit(self):
        """The kit's handle for a game's drawing (``drawkit.DrawKit``)."""
        from .drawkit import DrawKit
        return DrawKit.of(self)

    # ================================================================== the kit's own
    def level_name(self, seat: int) -> str:
        """An AI seat's level as the player chose it: "Easy", "Normal" or "Hard"."""
        return level_name(self.match.seats[seat].level)

    def _can_play(self) -> bool:
        """The kit's test: the viewer's turn, at the screen, nothing moving."""
        return (not self.busy() and self.privacy.may_act(self.viewer) and self.viewer in self.match.to_act())

    # ================================================================== life
    def enter(self, match: Match | None = None, lesson=None, **_kw) -> None:
        assert match is not None
        self.match = match
        self.n = len(match.seats)
        self.layout = lay.load(self.game)
        check_art_present(self.game)                # a missing card: AssetError, the table stays shut
        self._app_cards = self.app.cards            # the game's own card art while the table is up
        self.app.cards = self.card_art()
        self.privacy = Privacy(match)
        self._seating()
        self.pacer = AIPacer(self.app, match, self.game)
        self.tweener = Tweener()
        self.table_log = TableLog()
        self.steps = StepQueue(self.table_log, self._settle)
        self.flyers: list[Flyer] = []
        self.choice: Choice | None = None
        self.reveal: Reveal | None = None
        self.sheet: ScoreSheet | None = None
        self.toast = Toast()
        self.celebrate_t = -1.0
        self.celebration = ""
        self.finished = False
        self.done_t = 0.0
        self.time = 0.0
        self.mouse = self.POINTER_AWAY            # where the pointer is (layout units), once it moved
        self._pointer_entering = False           # the pointer just came over the window (see inp.ENTER)
        self.view_mismatches: list[tuple[int, Any, Any]] = []
        self.after = None
        #: a phone's moves applied while the table animated (``phone_submit``), each shown when
        #: the steps before it have played: (action, events, the viewer's observation after it,
        #: its "why?" befores and afters, its place in the log: ``_show_move``'s arguments)
        self.behind: collections.deque = collections.deque()
        self._pinned = None                # the observation as of the move on screen, while behind
        self._remote = False               # a phone's move is being submitted (``phone_submit``)
        self.hand_flip = None              # a tween while the hand turns face up
        # input made before a panel appeared never answers it (``guard.py``): a reveal, a score
        # sheet or a Continue (the answer buttons keep their own guards: ``answers.py``)
        self._panel_guard = Guard()
        self._panel_up = False
        self._keys_down: set[int] = set()       # keys pressed and not yet released
        self.hand = Hand(self.app, self.zone(self.viewer, "hand"), self.table.hand_width, self.table.multi_select,
                         self.table.hand_spread)
        self._make_parts()
        self.apply_settings()
        if self.anim_scale > 0:
            self.app.sounds.warm()
        tb = self.layout.shared("topbar")
        self.top_buttons = [
            Button((tb.x, tb.y, 108, tb.h), _("Rules"), lambda: self.app.open_rules(self.game), keys=(pygame.K_F1,), hint="F1",
                   size=16),
            Button((tb.x + 120, tb.y, 112, tb.h), _("Menu"), self.open_pause, hint=_("Esc"), size=16),
        ]
        self.continue_button = Button(self.table.continue_rect(), _("Continue"), self.release_step, style="primary",
                                      hint=_("Enter"), size=18)
        #: the lasting sign while the game cannot be saved (beside Rules and Menu; a click says why)
        self.unsaved_button = Button(self.unsaved_rect(tb), _("Not saved"), self.explain_unsaved,
                                     style="danger", size=16)
        self.unsaved_button.role = "unsaved"
        self.curtain_button = Button((520, 420, 240, 56), _("Show my hand"), self.lift_curtain, style="primary",
                                     keys=(pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER))
        #: a lesson played at this table (``game.match.lesson``), or None
        self.lesson: LessonGuide | None = LessonGuide(self, lesson) if lesson is not None else None
        if self.lesson is not None:
            self.pacer.script = self.lesson.ai_move
        if lesson is None:
            save = self.app.autosave_path(self.game)
            self.saved_ok = bool(match.log) and Path(save).exists()    # resumed from its file
            problem = getattr(self.app, "folder_problem", None)
            if problem is not None:
                self.set_save_error(problem)
        self.table.setup()
        #: Undo on the table (U): shown only while the match allows it for the viewer (``undo_shown``)
        self.undo_button = Button(self.undo_rect(), _("Undo"), self.undo, hint="U", size=16)
        obs = self.obs()
        self.shown = self.table.view_from(obs)
        if not match.log and match.outcome() is None:
            self.table.queue_deal(obs)
            self.on_events(match.opening_events())
        else:
            self.rebuild_log()
            if self.lesson is None:
                self.table_log.add(self.resumed_line())
            self.sync_hand()

    def _make_parts(self) -> None:
        """The kit's parts, each with the few things it reads of the table (its context).  The
        game's hooks are reached through lambdas, so a game's override (or a test's patch) counts."""
        match = self.match

        def lesson_mistake(reason: str) -> None:
            if self.lesson is not None and not self.lesson.released:
                self.lesson.run.wrong_text = reason      # the lesson panel says it too
        self.why = WhyLines(WhyContext(
            game=self.game, seats=self.n, is_human=match.is_human,
            explain_on=lambda: bool(getattr(self.app.settings, "explain_ai", False)),
            lesson_speaks=lambda: self.lesson is not None and not self.lesson.released,
            viewer=lambda: self.viewer, may_see=lambda: self.may_see(), hotseat=lambda: self.hotseat,
            humans=lambda: self.humans, observe=match.observe, time=lambda: self.time,
            queue=lambda: self.steps.queue, playing=lambda: self.steps.step,
            held=lambda: self.reveal is not None or self.sheet is not None or self.steps.waiting(),
            choice_up=lambda: self.choice is not None,
            add_step=lambda begin, hold: self.add_step(begin, hold, private=True),
            public=lambda: self.privacy.public))
        self.answer_part = AnswerButtons(AnswerContext(
            time=lambda: self.time, keys_down=self._keys_down, moves=lambda: len(match.log),
            pending=lambda: self.pending_humans(),
            specs=lambda seat: self.table.answer_buttons(seat, match.legal(seat)),
            prompt=lambda: self.table.answer_prompt(), area=lambda: self.layout.shared("buttons"),
            answer=lambda a: self.answer(a), say=lambda msg, pos: self.say(msg, pos)))
        self.session = Session(SessionContext(
            match=match, save_path=lambda: self.app.autosave_path(self.game),
            in_lesson=lambda: self.lesson is not None, viewer=lambda: self.viewer,
            away=lambda: self.hand_hidden or self.curtain_for is not None,
            error_changed=self._save_error_changed,
            tell=lambda msg: self.toast.show(msg, pos=(640, 140)), say=lambda msg: self.say(msg),
            stop_ai=lambda: self.pacer.cancel(), writer=getattr(self.app, "saves", None)))
        self.events = EventRouter(EventContext(
            owed_secrets=self.table.owed_secrets, owes=lambda e, seat: self.table.owes(e, seat),
            hotseat=lambda: self.hotseat, viewer=lambda: self.viewer, hidden=lambda: self.hand_hidden,
            is_human=self.privacy.is_local, owed=self.privacy.owed,
            handler=lambda kind: getattr(self.table, f"ev_{kind}", None), queued=lambda: len(self.steps.queue)))
        self.gestures = Gestures(GestureContext(
            hand=self.hand, multi_select=self.table.multi_select, viewer_human=lambda: self.privacy.is_local(self.viewer),
            moves=lambda: len(match.log), viewer=lambda: self.viewer, busy=lambda: self.busy(),
            legal=lambda: match.legal(self.viewer), check=match.check,
            piece_at=lambda p: self.table.piece_at(p), piece_clicked=lambda piece: self.table.piece_clicked(piece),
            can_hold=lambda: self.can_hold(), drop_zones=lambda: self.table.drop_zones(),
            on_drop=lambda zone, actions, d: self.table.on_drop(zone, actions, d),
            click_drop=lambda p: self.click_drop(p), spring_piece=lambda d, p: self.spring_piece(d, p),
            refusal_at=lambda p: self.table.refusal_at(p), say=lambda msg, pos: self.say(msg, pos),
            mistake=lesson_mistake))
        # the phones (issue 28): the status line about them, the Phones button, the join card
        self.phone_status = PhoneStatus(PhoneStatusContext(
            match=match, session=lambda: getattr(self.app, "phones", None), to_act=match.to_act,
            name=self.name, over=lambda: match.outcome() is not None,
            at_screen_acts=lambda: bool(self.privacy.acting_humans()), still=lambda: not self.busy(),
            zones=self.layout_zones, open_card=lambda auto: self.app.open_phone_card(self, auto=auto),
            redraw=lambda: setattr(self.app, "dirty", True)))

    # -- the parts' state under the names the games and tests use (compatibility)
    why_line = property(lambda self: self.why.line, lambda self, v: setattr(self.why, "line", v))
    why_owed = property(lambda self: self.why.owed)
    drag = property(lambda self: self.gestures.drag, lambda self, v: setattr(self.gestures, "drag", v))
    held = property(lambda self: self.gestures.held, lambda self, v: setattr(self.gestures, "held", v))
    held_hint = property(lambda self: self.gestures.held_hint,
                         lambda self, v: setattr(self.gestures, "held_hint", v))
    answers = property(lambda self: self.answer_part.buttons,
                       lambda self, v: setattr(self.answer_part, "buttons", v))
    _answers_key = property(lambda self: self.answer_part.key,
                            lambda self, v: setattr(self.answer_part, "key", v))
    _answers_guard = property(lambda self: self.answer_part.guard)
    save_error = property(lambda self: self.session.error)
    saved_ok = property(lambda self: self.session.saved_ok,
                        lambda self, v: setattr(self.session, "saved_ok", v))

    def resumed_line(self) -> str:
        """The log's line for a resumed game: where it stands (as the saves list says it) and
        every player's moves so far (each action in the match's log; a new user took "8 moves"
        for their own moves and missed the rest)."""
        from ..saved import progress_place

        n = len(self.match.log)
        where = progress_place(self.match.observe(None))
        if where is None:
            return ngettext("Resumed after {n} move by all players.",
                            "Resumed after {n} moves by all players.", n).format(n=n)
        return ngettext("Resumed at {where}, after {n} move by all players.",
                        "Resumed at {where}, after {n} moves by all players.", n).format(where=where, n=n)

    def language_changed(self) -> None:
        """The language changed (Settings, over the table): every word the table keeps, again.
        The log is written again from the match's past events (as a resumed game's is; the steps
        still queued add no second line), the answer buttons are built again on the next frame,
        the kit's buttons, captions and panels get their words (``i18n.reword``: a whole message
        traced back through the old catalogue), and the "why?" line (worded when its move was
        made) goes; a lesson rewords its panel and buttons."""
        for button in [*self.top_buttons, self.continue_button, self.unsaved_button, self.curtain_button,
                       self.undo_button]:                  # a game's own buttons among them
            button.label, button.hint = reword(button.label), reword(button.hint)
        self.table_log.lines.clear()
        self.table_log.to_end()
        self.rebuild_log()
        for st in self.steps.queue:              # their events are in the rebuilt log already
            if st.caption is not None or st.log:
                st.log = ""
            if st.caption:
                st.caption = reword(st.caption)
        # a panel or a caption up now: each whole message in its new words (one formatted with a
        # name or a number keeps its words until it goes)
        self.steps.caption = reword(self.steps.caption)
        for panel in (self.choice, self.reveal, self.sheet):
            for attr in ("title", "subtitle", "footer"):
                if isinstance(getattr(panel, attr, None), str):
                    setattr(panel, attr, reword(getattr(panel, attr)))
        if self.choice is not None:
            for b in self.choice.buttons:
                b.label, b.hint = reword(b.label), reword(b.hint)
        if self.sheet is not None:
            self.sheet.rows = [(reword(label), values) for label, values in self.sheet.rows]
        self.answer_part.key = None
        self.why.line = None
        if self.lesson is not None:
            self.lesson.language_changed()

    def exit(self) -> None:
        self.pacer.cancel()
        self.app.cards = self._app_cards

    def card_art(self):
        """This game's CardArt, made once per App and kept for later tables."""
        arts = self.app.__dict__.setdefault("card_arts", {self.app.cards.game: self.app.cards})
        if self.game not in arts:
            arts[self.game] = CardArt(self.game, fonts=self.app.fonts)
        return arts[self.game]

    def apply_settings(self) -> None:
        self.anim_scale, self.pacer.pace = self.app.settings.pacing()
        self.tweener.scale = self.anim_scale

    def _resume(self) -> None:
        self.apply_settings()

    def animating(self) -> bool:
        """The kit always wants frames: AIs think, tweens move, the active seat pulses."""
        return True

    # ================================================================== who sees what
    @property
    def viewer(self) -> int:
        return self.privacy.viewer

    @property
    def curtain_for(self) -> int | None:
        return self.privacy.curtain_for

    @property
    def hotseat(self) -> bool:
        return self.privacy.hotseat

    @property
    def humans(self) -> list[int]:
        return self.privacy.humans

    @property
    def hand_hidden(self) -> bool:
        return self.privacy.hidden

    def may_see(self) -> bool:
        """Whether the viewer's private knowledge may be drawn now (their cards, a card they gave
        or looked at, a memory aid's label, a secret's caption): always with one human; in hot
        seat only while the screen is theirs, never behind the curtain or on a hidden screen.
        What is public (a face-up card, a reveal) is drawn whatever this says."""
        return not self.hand_hidden and self.curtain_for is None

    #: while the table still shows moves made before the match's latest (a phone's moves applied
    #: as the table animated, ``behind``): the viewer's observation as of the move it shows
    _pinned = None
    #: the public table's larger middle (the layout's ``public_zoom``), else None (``_seating``)
    zoom = None

    def obs(self):
        """The viewer's observation of the match as the table shows it: now, or, while moves wait
        in ``behind``, as of the move whose steps play (what the steps' handlers read)."""
        if self._pinned is not None:
            return self._pinned
        return self.match.observe(self.viewer)

    # ================================================================== geometry
    def _seating(self) -> None:
        """Where the seats sit, once the table knows who is at the screen.  A table with a person
        at the screen puts the viewer at position 0 (the bottom, the large hand) and the others
        clockwise, from the layout's ``seats_<n>`` layer or its ring.  The **public table** (no
        person at this screen, phone seats: ``Privacy.public``) belongs to nobody: no seat takes
        position 0; every seat is laid out as one more opponent seat, at positions 1..n of a
        table of n + 1 places, from the layout's ``public_<n>`` layer, else its ``seats_<n+1>``
        layer, else its ring of n + 1 places (``ring.public_ring_zones``).  So every seat gets the same plate and compact
        face-down hand with its count, and each game's table gets it by its zones alone.  A
        ``public_shared`` layer moves shared zones for the public table (a taller log where the
        viewer's hand has left room); the scene then holds that variant of the layout."""
        layers = self.layout.layers
        self._pos_base = 0
        #: the position whose seat has the viewer's large hand (none at the public table, whatever
        #: a game's own ``pos_of`` says: King Thief Minister's spots)
        self.big_pos = 0
        self._seat_layer = layers.get(f"seats_{self.n}")
        self.zoom = None
        if self.privacy.public:
            self._pos_base, self.big_pos = 1, -1
            self.log_px, self.log_row = PUBLIC_LOG          # and its log read from across the room
            self._seat_layer = layers.get(f"public_{self.n}", layers.get(f"seats_{self.n + 1}"))
            self.zoom = Zoom.of(layers.get("public_zoom"))    # its middle larger where the seats leave room
            if "public_shared" in layers:                # (the cached layout itself stays as it is)
                shared = {**layers["shared"], **layers["public_shared"]}
                self.layout = replace(self.layout, layers={**layers, "shared": shared})

    def middle(self):
        """While a game draws its middle (``kit.middle()``): at the public table with a layout's
        ``public_zoom``, the window transform zoomed onto the larger middle (``zoom.py``)."""
        return self.zoom.drawing(self.app) if self.zoom is not None else contextlib.nullcontext()

    def _pos_of(self, seat: int) -> int:
        return (seat - self.viewer) % self.n + self._pos_base

    def _zone(self, seat: int, what: str) -> pygame.Rect:
        """A seat's zone (hand / name / token): from the layout's seats layer (``_seating``), or
        on a ring computed from the layout's ``ring`` rect for any other count."""
        pos = self.pos_of(seat)
        if self._seat_layer is not None:
            return self._seat_layer[f"{what}_{pos}"].copy()
        return self._ring_zones()[pos][what].copy()

    def _ring_zones(self) -> tuple[dict[str, pygame.Rect], ...]:
        """The seats' zones on the layout's ring by position (the public table's: ``_seating``)."""
        if self._pos_base:
            return public_ring_zones(self.n, self.ring_rect())
        return ring_zones(self.n, self.ring_rect())

    def ring_rect(self) -> pygame.Rect:
        """The layout's ``ring`` (where seats sit when it has no seats layer for the count)."""
        return self.layout.layers["shared"].get("ring", pygame.Rect(150, 90, 980, 460))

    def seat_hand_center(self, seat: int) -> tuple[float, float]:
        z = self.zone(seat, "hand")
        return (z.centerx, z.y + 100) if self.pos_of(seat) == self.big_pos else z.center

    def _seat_width(self, seat: int) -> float:
        return self.table.hand_width if self.pos_of(seat) == self.big_pos else OPP_W

    def to_window(self, p: tuple[float, float]) -> tuple[int, int]:
        return self.app.view.pt(*p)

    # ================================================================== hand
    @property
    def selected(self) -> set:
        return self.hand.selected

    @property
    def sprites(self) -> dict:
        return self.hand.sprites

    def sync_hand(self, origin: tuple[float, float] | None = None) -> None:
        self.hand.zone = self.zone(self.viewer, "hand")
        self.hand.faces_up = not self.hand_hidden and getattr(self.shown, "faces_up", True)
        self.hand.set_cards(self.table.hand_cards(), origin)

    def hand_keys(self) -> list[Hashable]:
        return self.hand.keys()

    def hand_fan(self, keys=None) -> list[tuple[float, float, float]]:
        """The fan poses of the hand (label-aware: every corner label stays readable)."""
        return self.hand.fan()

    def card_click_points(self) -> list[tuple[str, tuple[int, int]]]:
        """(face, window point) for each hand card, a point that hits that card."""
        return [(self.hand.face(k), p) for k, p in self.hand.click_points()]

    # ================================================================== steps and events
    def add_step(self, begin: Callable[[], None], hold: float, end: Callable[[], None] | None = None,
                 caption: str | None = None, tone: str = "", log: str | None = None, wait: bool = False,
                 private: bool = False, wait_instant: bool = False, at: int | None = None,
                 least: float = 0.0) -> None:
        """Queue a step; ``wait`` holds it until a person presses Continue (Enter) when a human
        sits at the table and animations are on (``wait_instant``: at the Instant speed too, for
        a result that must be seen); ``private``: a line for the person at the screen only (a
        caption, never kept in a hot-seat table log); ``least``: seconds it stays up at any speed
        when a human sits at the table (a reveal's cards at the Instant speed)."""
        wait = wait and bool(self.humans) and (self.anim_scale > 0 or wait_instant)
        # at a shared screen a secret (an event for some seats only) never stays in the table log
        private = (private or self.events.private) and self.hotseat
        # (people on phones watch the big screen too: a reveal stays up for them at any speed; no
        # step waits for a Continue that nobody at this screen would press)
        people = self.humans or self.privacy.phones
        self.steps.add(begin, hold, end, caption, tone, log, wait, private, at, least if people else 0.0)

    def release_step(self) -> None:
        """Continue after a step that waits for a person."""
        if self.lesson is not None and self.steps.waiting() and self.lesson.on_continue():
            return                               # the lesson's end: its recap opens over the result
        self.steps.release()

    def continue_shown(self) -> bool:
        """The Continue button is up: a step waits for a person (and no lesson text about what
        the table holds is still to be read first, see ``LessonGuide.holds_continue``)."""
        return self.steps.waiting() and not (self.lesson is not None and self.lesson.holds_continue())

    def busy(self) -> bool:
        return self.steps.busy()

    @property
    def caption(self) -> str:
        """The playing step's caption; a secret's caption only while its owner may look."""
        if self.steps.caption_private and not self.may_see():
            return ""
        return self.steps.caption

    @property
    def log_lines(self) -> list[str]:
        return self.table_log.lines

    def _finish_tweens(self) -> None:
        self.tweener.finish_all()
        self._prune_flyers()

    def _prune_flyers(self) -> None:
        self.flyers = [f for f in self.flyers if f.persist or not f.done]

    def _settle(self) -> None:
        """The queue ran dry: the next move that waits in ``behind`` plays now; none waits: the
        display model must agree with the observation."""
        while self.behind:
            self._show_move(*self.behind.popleft())
            if self.behind:
                self._catch_up()
            if self.steps.busy():
                return
        self._pinned = None
        want = self.table.view_from(self.obs())
        if self.shown != want:
            log.error("table view disagrees with the observation after %d actions:\n shown %s\n obs   %s",
                      len(self.match.log), self.shown, want)
            self.view_mismatches.append((len(self.match.log), self.shown, want))
            self.shown = want
        self.sync_hand()

    def _on_events(self, events, action=None) -> None:
        """Queue the steps for the events this viewer may see (``routing.py``: in hot seat a
        secret for someone away waits for them); ``self.after`` is the viewer's observation
        after the action, for handlers that need the viewer's own new cards."""
        self.after = self.obs()
        self.events.route(events)

    def play_owed(self) -> None:
        """The person now at the screen sees the secrets kept for them, then presses Continue
        (their screen is hidden again unless they act next)."""
        evs = self.events.take_owed(self.viewer)
        if not evs:
            return
        self.after = self.obs()
        for e in evs:
            self.events.handle(e)
        self.remember_step(self.viewer)

    def _remember_step(self, seat: int, at: int | None = None) -> None:
        """After a secret shown to ``seat`` at the screen: a private Continue ("remember it",
        a caption, never a log line); then their screen is hidden unless they act next.  ``at``:
        its place in the queue (right after the secret's steps, so that what follows, such as a
        new deal, plays on a hidden screen)."""
        def done() -> None:
            self.table.secret_seen(seat)
            if seat not in self.match.to_act():
                self.privacy.hidden = True
                self.hand.faces_up = False
        # at the Instant speed too: a secret that never stays on screen was never shown
        self.add_step(lambda: None, 0.8, done, caption=_("Only you saw this: remember it"), wait=True,
                      private=True, at=at, wait_instant=True)

    def _past_events(self) -> list:
        """The domain events of every logged action (for rebuilding the log)."""
        return self.match.action_events

    def rebuild_log(self) -> None:
        """A resumed game's log: every line the viewer may read (public lines only in hot seat);
        not the moves still ``behind`` (their steps write their lines when they play)."""
        past = self.past_events()
        for events in past[:len(past) - len(self.behind)]:
            self._log_events(events)

    def _log_events(self, events) -> None:
        for e in events:
            if (e.to is None) or (not self.hotseat and e.visible_to(self.viewer)):
                line = self.table.describe(e.kind, e.data)
                if line:
                    self.table_log.add(line)

    # ================================================================== acting
    def _submit(self, action) -> bool:
        if self.lesson is not None:
            why = self.lesson.check(action)
            if why is not None:                  # not the lesson's move: explained, taken back
                self.hand.parked = None          # (the cards go back, still selected: try again)
                self.hand.hurry()
                self.table.lesson_refused(action)
                self.say(why)
                return False
        before = self._why_before(action.seat)
        # a phone's move while the table animates (``phone_submit``): applied and saved now, its
        # steps queued behind the ones playing (shown as of the move: ``obs``, ``behind``)
        later = self._remote and (self.busy() or bool(self.behind))
        pinned = self._pinned
        if later and pinned is None:
            self._pinned = self.match.observe(self.viewer)    # the steps playing read the match as it was
        try:
            events = self.match.submit(action)
        except IllegalAction as exc:
            self._pinned = pinned
            self.say(exc.reason)
            return False
        if self.lesson is not None:
            self.lesson.played(action)
        self.autosave()
        if later:
            afters = None if before is None else {v: self.match.observe(v) for v in before}
            self.behind.append((action, events, before, self.match.observe(self.viewer), afters,
                                len(self.match.log) - 1))
            self._catch_up()
            return True
        self._show_move(action, events, before)
        return True

    def _catch_up(self) -> None:
        """A move waits ``behind``: the steps queued before it lose their hold (their begin and end
        still run, their log lines are written, a reveal still stays its least time and a step
        that waits for Continue still waits), so the big screen is never more than the move it
        shows behind the phones."""
        for st in self.steps.queue:
            st.hold = 0.0

    def _show_move(self, action, events, before: dict | None, after=None, afters: dict | None = None,
                   at: int | None = None) -> None:
        """A move's steps, queued now (at once, or once the steps before it played: ``behind``,
        with ``after``, the viewer's observation after it, ``afters``, its "why?" line's, and
        ``at``, its place in the log)."""
        if after is not None:
            self._pinned = after
        queued = len(self.steps.queue)
        self.events.new_move()
        self.on_events(events, action)
        self.why.end_on_next_move(queued)        # a move the viewer sees ends the line on the table
        if before is not None:
            self._queue_why(action.seat, before, afters)
        if self.table.owed_secrets and self.events.secret_now and self.hotseat:
            # the person at the screen saw their secret now (their own move, or a move that answered
            # theirs): no curtain of their own, a private "remember it" that the secret stays up
            # through, and then the screen is hidden (unless they act next)
            self.remember_step(self.viewer, self.events.secret_at)
        else:
            self.privacy.after_action(action.seat)
        if self.hand_hidden:
            self.hand.faces_up = False

    # ================================================================== the "why?" line (``why.py``)
    WHY_SECONDS = WhyLines.SECONDS

    def _why_before(self, seat: int) -> dict | None:
        """Before a move: the observations its "why?" line will be made from (``WhyLines.before``)."""
        return self.why.before(seat)

    def _queue_why(self, seat: int, befores: dict, afters: dict | None = None) -> None:
        """The move's "why?" line, from each seat's own observations (``WhyLines.queue``;
        ``afters``: those after the move, kept when it was made, for a move shown later)."""
        self.why.queue(seat, befores, self._show_why, afters)

    def _show_why(self, seat: int, viewer: int, line: str) -> None:
        """The line's own step (``WhyLines.show``)."""
        self.why.show(seat, viewer, line)

    def shown_why(self) -> "WhyLine | None":
        """The "why?" line to draw now: only for the viewer it was made for, while they may look."""
        return self.why.shown()

    # ================================================================== session (``session.py``)
    def autosave(self) -> None:
        self.session.save()

    def unsaved_rect(self, tb) -> pygame.Rect:
        """Where the "Not saved" sign sits: the layout's ``unsaved`` zone, else a small badge
        left of the Rules and Menu buttons, in the top band no table puts a plate in."""
        try:
            return pygame.Rect(self.layout.shared("unsaved"))
        except (KeyError, LookupError, AttributeError):
            return pygame.Rect(tb.x - 150, tb.y, 140, tb.h)

    def set_save_error(self, why: str | None) -> None:
        """Saving failed (``why``: the system's reason) or works again (None): the "Not saved"
        sign stays on the table for as long as it fails."""
        self.session.set_error(why)

    def _save_error_changed(self, why: str | None) -> None:
        shown = self.unsaved_button in self.top_buttons
        if why is not None and not shown:
            self.top_buttons.insert(0, self.unsaved_button)
        elif why is None and shown:
            self.top_buttons.remove(self.unsaved_button)
        if hasattr(self, "undo_button"):             # the sign came or went: Undo moves beside it
            self.undo_button.rect = self.undo_rect()

    def save_status(self) -> str:
        """"lesson", "failed", "saved" or "none" (``Session.status``)."""
        return self.session.status()

    def explain_unsaved(self) -> None:
        self.app.explain_unsaved(self)

    def say(self, msg: str, pos: tuple[float, float] | None = None) -> None:
        if self.lesson is not None and self.lesson.run.wrong_text and msg != self.lesson.run.wrong_text:
            self.lesson.run.wrong_text = ""      # another refusal replaces the lesson's mistake line
        self.toast.show(msg[:1].upper() + msg[1:], 2.6, self.say_pos(pos))

    @staticmethod
    def say_pos(pos: tuple[float, float] | None) -> tuple[float, float]:
        """Where ``say`` puts a message asked for at ``pos`` (kept on the table)."""
        x, y = pos or (640, 440)
        return min(max(x, 320), 960), min(max(y, 90), 640)

    def sfx(self, name: str) -> None:
        if self.anim_scale > 0 or name in ("fanfare", "low"):
            self.app.sounds.play(name)

    def undo_refusal(self) -> str | None:
        return self.session.refusal()

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo_shown(self) -> bool:
        """Whether the table's Undo button shows: exactly when ``undo_refusal`` is None (never in
        a lesson, behind a curtain or on a hidden screen, never across a reveal)."""
        return self.session.undo_shown(self.undo_refusal)

    def undo_rect(self) -> pygame.Rect:
        """The Undo button's place: beside the top bar's buttons (left of the leftmost), as high
        as they are but never into a zone of the layout (plates, hands, scores) below it."""
        top = [b.rect for b in self.top_buttons]
        lead = min(top, key=lambda r: r.x)
        w, gap = 100, 12
        r = pygame.Rect(lead.x - gap - w, lead.y, w, lead.h)
        for z in self.layout_zones():
            if r.colliderect(z) and z.y > r.y:
                r.h = z.y - r.y - 2                  # shorter, above the zone (MasterBluff's 5th seat)
        return r

    def layout_zones(self) -> list[pygame.Rect]:
        """Every zone the layout keeps at this player count: shared, seats (or the ring's; at the
        public table its own seats: ``_seating``)."""
        out = []
        for name, layer in self.layout.layers.items():
            if name in ("overlays", "areas") or name.startswith(("seats_", "public_")):
                continue
            out += [r for k, r in layer.items() if k != "ring"]
        if self._seat_layer is not None:
            out += list(self._seat_layer.values())
        else:
            out += [r for z in self._ring_zones()[self._pos_base:] for r in z.values()]
        return out

    def undo(self) -> None:
        removed = self.session.undo(self.undo_refusal)
        if not removed:
            return
        self._undone(ngettext("Undo: {n} move taken back", "Undo: {n} moves taken back", removed).format(
            n=removed))

    def _undone(self, line: str) -> None:
        """After moves were taken back (the screen's U or a phone's undo): no owed "why?" line, a
        stale curtain put away (``Privacy.after_undo``), the table drawn again from the
        observation, saved, and ``line`` logged."""
        self.why.owed.clear()
        self.privacy.after_undo()
        self._reset_view()
        self.autosave()
        self.table_log.add(line)

    def _reset_view(self) -> None:
        log = self.match.log
        for action, events, *_rest, at in self.behind:    # moves not shown yet that stay (an undo
            if at < len(log) and log[at] is action:         # took back later ones): their log lines
                self._log_events(events)
        self.behind.clear()
        self._pinned = None
        self.steps.clear()
        self.tweener.finish_all()
        self.flyers.clear()
        self.reveal = None
        self.choice = None
        self.gestures.drop()
        self.why.clear()
        self.hand.clear()
        self.table.reset_ui()
        self.shown = self.table.view_from(self.obs())
        self.sync_hand()

    def _lift_curtain(self) -> None:
        if self.privacy.lift() is None:
            return
        self.hand.focus = None               # the last person's keyboard cursor is not the next one's
        self._reset_view()
        self.play_owed()
        self.why.curtain_lifted()            # the last AI move's line, made for this person

    # ================================================================== update
    def update(self, dt: float) -> None:
        self.time += dt
        self.session.poll()                     # the last save on disk (or the sign: it failed)
        self.tweener.update(dt)
        self._prune_flyers()
        self.steps.run(dt, self.anim_scale, self._finish_tweens)
        self._watch_panel()
        self.toast.update(dt)
        if self.celebrate_t >= 0:
            self.celebrate_t += dt
        self.why.update(dt)
        dragging = self.gestures.dragging_cards
        self.hand.update(dt if self.anim_scale > 0 else 10.0, self.selected if dragging else set(), dragging)
        for b in self.top_buttons:
            b.update(dt)
        if self.phone_status.update(self.top_buttons):     # the Phones button came, went or moved
            self.undo_button.rect = self.undo_rect()
        self.undo_button.update(dt)
        if self.steps.waiting() and self.continue_button.rect != self.table.continue_rect():
            self.continue_button.rect = pygame.Rect(self.table.continue_rect())
        self.refresh_answers()
        if self.lesson is not None:
            self.lesson.update(dt)
        self.help_update(dt)
        if self.busy():
            return
        if self.match.outcome() is not None:
            if self.lesson is not None and not self.lesson.released:
                return                           # the lesson's recap comes first
            self.done_t += dt
            if not self.finished and self.done_t >= 0.3 * self.anim_scale:
                self.finished = True
                self.autosave()
                self.app.open_results(self.match, self.viewer)    # the App's results screen
            return
        if self.gestures.held is not None and (self.gestures.held.data != len(self.match.log) or not self.can_hold()):
            self.gestures.held = None                 # the table moved on (or the turn passed): put it back
        if self.privacy.check():
            self.gestures.drop()
            self.choice = None
            self.why.line = None
            self.curtain_button.label = _("I am {name}").format(name=self.name(self.curtain_for))
        if self.curtain_for is not None and self.privacy.owed.get(self.curtain_for):
            return      # a secret waits for its person: no AI acts (or moves a card) before they see it
        self.pacer.update(dt, self.submit)

    # ================================================================== phones (issue 28)
    @property
    def public(self) -> bool:
        """The big screen is the public table: no person at this screen, phone seats."""
        return self.privacy.public

    def accepts_remote(self) -> bool:
        """Whether a phone's action may be applied now (``App.phone_ready``): the game is not
        over on the table and no secret waits behind a curtain for its person.  While the table
        animates it may: the move is applied (and saved, and acknowledged) at once and its steps
        play behind those playing (``behind``), so a phone never waits for the big screen."""
        if self.finished:
            return False
        return not (self.curtain_for is not None and self.privacy.owed.get(self.curtain_for))

    def phone_submit(self, action):
        """A phone's action (``App.phone_submit``, on the App's thread): refused with the
        engine's reason (raised: it goes back to the phone; the big screen says nothing), else
        submitted through the table exactly as an AI's move: animated, logged, saved.  Returns
        its events."""
        reason = self.match.check(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        n = len(self.match.log)
        self._remote = True
        try:
            done = self.submit(action)
        finally:
            self._remote = False
        if not done or len(self.match.log) <= n:
            raise IllegalAction(_("That move cannot be played now."), action)
        return self.match.action_events[n]

    def phone_undo(self, seat: int) -> int:
        """A phone seat's undo (``App.phone_undo``): the same rule as the table's U for the person
        at the screen (never in a lesson, not once the game is over, ``Match.undo_refusal``);
        refused: raised with the reason (it goes back to the phone).  Else the moves go, the
        table is drawn again from the observation, saved, and its log says who took back what."""
        if self.lesson is not None:
            raise IllegalAction(_("Undo is off during a lesson"))
        if self.match.outcome() is not None:
            raise IllegalAction(_("The game is over"))
        reason = self.match.undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.pacer.cancel()
        removed = self.match.undo(seat)
        self._undone(ngettext("Undo: {name} took back {n} move", "Undo: {name} took back {n} moves",
                              removed).format(name=self.name(seat), n=removed))
        return removed

    # ================================================================== answers (out-of-turn)
    def pending_humans(self) -> list[int]:
        """Humans who may answer now on this screen (never more than the viewer)."""
        if self.busy() or not self.privacy.may_act(self.viewer) or self.viewer not in self.match.to_act():
            return []
        return [self.viewer] if self.table.answer_buttons(self.viewer, self.match.legal(self.viewer)) else []

    def refresh_answers(self) -> None:
        self.answer_part.refresh()

    def renew_answers(self) -> None:
        """The answer buttons are built again on the next frame (what the game offers changed)."""
        self.answer_part.key = None

    #: seconds a new set of answer buttons ignores a click that came with no pointer movement
    ANSWER_GUARD = AnswerButtons.GUARD

    def answer_keys_ready(self) -> bool:
        """Whether ``ANSWER_GUARD`` has passed since the answer buttons' question appeared."""
        return self.answer_part.keys_ready()

    #: seconds a reveal, a score sheet or a Continue that just appeared ignores a click on its
    #: Continue made without moving the pointer (a stray click meant for what was there before,
    #: the "Bluff!" button's place); a key already
    #: down when it appeared (held, or auto-repeating, since the AI's turns) never counts until it
    #: is released and pressed again
    PANEL_GUARD = 0.4

    def panel_up(self) -> bool:
        """A reveal, a score sheet or a step waiting for Continue is on the table."""
        return self.reveal is not None or self.sheet is not None or self.continue_shown()

    def _watch_panel(self) -> None:
        up = self.panel_up()
        if up and not self._panel_up:
            self._panel_guard.arm(self.time, self._keys_down)
        self._panel_up = up

    def panel_guarded(self, ev: inp.InputEvent) -> bool:
        """Whether ``ev`` is input made before the panel on the table appeared (see PANEL_GUARD)."""
        if not self._panel_up:
            return False
        if ev.kind == inp.KEY:
            return ev.key in self._panel_guard.held
        if ev.kind == inp.DOWN:                   # a click on the Continue that just came up
            return (self._panel_guard.stray_click(self.time, self.PANEL_GUARD)
                    and self.continue_shown() and self.continue_button.rect.collidepoint(ev.lpos))
        return False

    @property
    def window_buttons(self) -> list[Button]:
        return self.answers

    def _answer(self, action) -> None:
        if not self.busy() and action.seat in self.match.to_act() and self.privacy.may_act(action.seat):
            self.submit(action)

    # ================================================================== input
    def open_pause(self) -> None:
        self.gestures.drag = None
        self.app.open_pause(self)             # the App's pause screen, over this table

    #: the pointer's place while it is off the window (or has not moved over it yet): over nothing
    POINTER_AWAY = (-10000.0, -10000.0)

    def pointer_gone(self) -> None:
        """The pointer left the window (or the window lost the focus): nothing is hovered and no
        tip shows until the pointer really moves over the table again."""
        self.mouse = self.POINTER_AWAY
        self.hand.hover = None
        buttons = self.top_buttons + self.answers + [self.undo_button, self.continue_button, self.curtain_button]
        for b in buttons + (self.choice.buttons if self.choice is not None else []):
            b.hover = False
        st = self._help_state()
        if st["pinned"] != "focus":              # a tip asked for by keyboard (H) stays
            st["pinned"] = st["spot"] = None
        st["under"], st["key"], st["at"] = None, None, None

    def _handle(self, ev: inp.InputEvent) -> None:
        if ev.kind == inp.ENTER:
            self._pointer_entering = True
            return
        if ev.kind == inp.MOVE and self._pointer_entering:
            self._pointer_entering = False       # the motion SDL sends as the pointer comes over the window
            return
        if ev.kind in (inp.MOVE, inp.DOWN, inp.UP):
            self.mouse = ev.lpos
            self._pointer_entering = False
        if ev.kind == inp.FOCUS:
            self.pointer_gone()
        if ev.kind == inp.KEYUP:
            self._keys_down.discard(ev.key)
            self.answer_part.key_released(ev.key)
            self._panel_guard.released(ev.key)
        elif ev.kind == inp.FOCUS:                # the window lost the keyboard: no key-up will come
            self._keys_down.clear()
            self.answer_part.forget_keys()
            self._panel_guard.forget_keys()
        elif ev.kind == inp.MOVE:
            self._panel_guard.moved()
        self._watch_panel()
        guarded = self.panel_guarded(ev)
        if ev.kind == inp.KEY:
            self._keys_down.add(ev.key)
        if guarded and (ev.kind == inp.DOWN or ev.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            return                               # not an answer to a panel nobody has seen yet
        if self.help_handle(ev):
            return
        for b in self.top_buttons:
            if b.handle(ev) and ev.kind != inp.MOVE:
                return
        if self.undo_shown() and self.undo_button.handle(ev) and ev.kind != inp.MOVE:
            return
        if self.lesson is not None and self.lesson.handle(ev):
            return
        if self.curtain_for is not None:
            self.curtain_button.handle(ev)
            if ev.is_key(pygame.K_ESCAPE):
                self.open_pause()
            return
        if self.continue_shown() and self.continue_button.handle(ev) and ev.kind != inp.MOVE:
            return
        if ev.kind == inp.WHEEL:
            if self.layout.shared("log").collidepoint(self.mouse):
                self.table_log.scroll_by(ev.wheel, self.log_scroll_most())
            return
        hint = self.log_hint_rect()
        if ev.kind == inp.DOWN and ev.button == 1 and hint is not None and hint.collidepoint(ev.lpos):
            self.table_log.to_end()
            return
        if self.choice is not None:
            for b in self.choice.buttons:
                if b.handle(ev) and ev.kind != inp.MOVE:
                    return
            if ev.kind == inp.KEY:
                self.choice_key(ev.key)
            return
        if self.answer_part.handle(ev):
            return                               # answered, or a late click / key for the question before
        if ev.kind == inp.KEY:
            self.handle_key(ev)
        elif ev.kind == inp.DOWN and ev.button == 1:
            self.gestures.press(ev.lpos)
        elif ev.kind == inp.DOWN and ev.button == 3:
            self.selected.clear()
        elif ev.kind == inp.MOVE:
            self.gestures.move(ev.lpos)
        elif ev.kind == inp.UP and ev.button == 1:
            self.gestures.release(ev.lpos)
        elif ev.kind == inp.FOCUS and self.gestures.drag is not None and self.gestures.drag.active:
            self.gestures.release(self.gestures.drag.pos)

    def _handle_key(self, ev: inp.InputEvent) -> None:
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.gestures.held is not None:
                self.gestures.held = None
            elif self.selected:
                self.selected.clear()
                self.hand.parked = None
            else:
                self.open_pause()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand.faces_up and self.hand.cards:
            self.hand.move_focus(-1 if k == pygame.K_LEFT else 1)
        elif k == pygame.K_TAB and self.cycle_focus(-1 if ev.mod & pygame.KMOD_SHIFT else 1):
            pass
        elif k == pygame.K_END and self.log_hint_rect() is not None:
            self.table_log.to_end()              # the log is scrolled back: its hint says "End"
        elif k in (pygame.K_HOME, pygame.K_END) and self.hand.faces_up and self.hand.cards:
            self.hand.focus = 0 if k == pygame.K_HOME else len(self.hand.cards) - 1
        elif k == pygame.K_SPACE and self.hand.faces_up and self.hand.cards and not self.busy():
            self.hand.toggle_focus()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.continue_shown():
            self.release_step()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.sheet is not None:
            self.finish_sheet()                   # still building: all rows now, the next Enter continues
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.table.enter_focuses_hand and self.hand.focus is None \
                and not self.selected and self.hand.faces_up and self.hand.cards and self.can_play():
            # nothing chosen yet: Enter picks the first card (and says how to go on), not nothing
            self.hand.move_focus(1)
            self.say(_("← → to choose a card, Enter to play it"))
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.table.play_selection()
        elif k == pygame.K_u:
            self.undo()
        elif k == pygame.K_p and self.phone_status.pressed_p():
            pass                                  # the join card (while nobody here may act)
        elif k == pygame.K_PAGEUP:
            self.table_log.scroll_by(max(1, self.log_entries_shown() - 1), self.log_scroll_most())
        elif k == pygame.K_PAGEDOWN:
            self.table_log.scroll_by(-max(1, self.log_entries_shown() - 1), self.log_scroll_most())
        elif k == pygame.K_END:
            self.table_log.to_end()
        else:
            self.table.game_key(ev)

    def _cycle_focus(self, step: int) -> bool:
        """Tab (``step`` 1) / Shift+Tab (-1): the keyboard focus goes to the next (previous) card
        of the hand, round from the last to the first; a table with a focus of its own (Boss
        Quest's spells and weapons) moves that.  False when there is nothing to focus (the key
        goes on to ``game_key``)."""
        if not (self.hand.faces_up and self.hand.cards):
            return False
        self.hand.cycle_focus(step)
        return True

    def can_hold(self) -> bool:
        """Whether the viewer may keep a piece in hand (a human whose moment it is, at the screen)."""
        return self.privacy.is_local(self.viewer) and self.privacy.may_act(self.viewer) \
            and self.viewer in self.match.to_act() and self.curtain_for is None

    # ================================================================== gestures (``gestures.py``)
    def _click_drop(self, p: tuple[float, float]) -> None:
        self.gestures.click_drop(p)

    def resolve(self, zone: DropZone, drag: Drag | None) -> tuple[list, str | None]:
        """The legal actions a drop on ``zone`` could mean, or ([], the reason there are none)."""
        return self.gestures.resolve(zone, drag)

    def spring_back(self, drag: Drag | None, reason: str | None, p: tuple[float, float]) -> None:
        self.gestures.spring_back(drag, reason, p)

    def _spring_piece(self, drag: Drag, p: tuple[float, float]) -> None:
        """A dragged piece flies home (games with pieces override ``piece_home``)."""
        home = self.table.piece_home(drag.kind)
        if home is not None:
            fl = Flyer(p, home, 46, 46, kind="token")
            self.flyers.append(fl.launch(self.tweener, 0.2, ease=ease_out_cubic))

    # ================================================================== lessons
    def lesson_refuses(self, actions) -> bool:
        """A move begun (cards dropped, a dialog about to open) that can only become one of
        ``actions``: when none is the lesson's move it is refused at once, with the lesson's
        words, and taken back (not after a dialog was answered).  True when refused."""
        if self.lesson is None:
            return False
        why = self.lesson.check_all(actions)
        if why is None:
            return False
        self.hand.parked = None                  # the cards go back, still selected: try again
        self.hand.hurry()
        self.table.lesson_refused(actions[0])
        self.say(why)
        return True

    # ================================================================== test / probe helpers
    def viewer_can_discard(self) -> bool:
        return self.can_play()

    def choice_points(self) -> list[dict]:
        """The choice panel's buttons with their window centres (tests, the probe)."""
        return [{"label": b.label, "family": getattr(b, "family", None), "enabled": b.enabled,
                 "center": list(self.to_window(b.rect.center))} for b in (self.choice.buttons if self.choice else [])]

    def transcript_meta(self) -> dict:
        """Who is at the screen, for a screen transcript's frame (``game/app/transcript.py``):
        the viewer, the seat a curtain waits for, whether the viewer's secrets are hidden (a
        shared screen), and how many moves were made."""
        v = self.app.view
        return {"game": self.game, "viewer": self.viewer, "curtain": self.curtain_for,
                "hidden": self.hand_hidden, "public": self.public, "log": len(self.match.log),
                # the regions that must stay readable, in window pixels (tests/app/test_overlays.py)
                "readable": {k: tuple(v.rect(r)) for k, r in self.readable_regions().items()}}

    def _probe_state(self) -> dict:
        return {"table": {
            "game": self.game, "log_len": len(self.match.log), "viewer": self.viewer, "busy": self.busy(),
            "can_play": self.can_play(), "can_discard": self.can_play(),
            "curtain_for": self.curtain_for,
            "hand": [{"key": str(k), "face": self.hand.face(k), "click": list(p)}
                     for k, p in self.hand.click_points()],
            "zones": {z.name: list(self.app.view.rect(z.rect)) for z in self.table.drop_zones()},
            "choice": self.choice_points(),
            "window_buttons": [{"label": b.label, "center": list(self.to_window(b.rect.center))}
                               for b in self.answers],
            "over": self.match.outcome() is not None}}


for _name in WRAPS:
    setattr(TableScene, _name, _through_table(_name))
