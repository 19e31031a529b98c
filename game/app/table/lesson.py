"""The table kit's lesson guide: a lesson (``game.match.lesson``) played at any game's table.

The guide sits on the table while a lesson runs.  It draws the lesson panel (the step's words,
Next, Leave; where the table log is), a glow on each target of the step and an arrow (from
the card to where it goes, or pointing at what to press), and explains a wrong move in the
panel.  The table asks it before a move is played (``check``), tells it every move played
(``played``) and lets the AI pacer ask it for the AI seats' scripted moves.  After the last
step: the recap ("You now know ..."), then "Play a real game" (the game's setup), "Play on"
(the AI seats play at their level) or the menu.

``gesture()`` says what a learner does next, from the lesson's own targets only: the tests
complete every lesson by following it with posted mouse events.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.i18n import _
from game.match.lesson import LEARNER, Lesson, LessonRun
from .. import input as inp
from .. import theme as T
from .. import transcript
from ..widgets import Button, panel, text, wrap

RECAP_W = 600


class LessonGuide:
    def __init__(self, table, lesson: Lesson) -> None:
        self.t = table
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self.names = lesson.names()
        self.time = 0.0
        self.recap_open = False          # the recap panel is up
        self.released = False            # the learner left the recap: the table is an ordinary game
        self._sizing = False             # the panel is being sized: the regions leave it out
        self._panel_memo = None          # (key, the panel's shape): for one frame
        self.next_button = Button((0, 0, 110, 40), _("Next"), self.next, style="primary", hint=_("Space"), size=17)
        self.leave_button = Button((0, 0, 110, 40), _("Leave"), self.leave, size=17)
        self.recap_buttons: list[Button] = []
        self._held = 0                   # the step shown while a move still plays (see ``shown``)
        # the mistake line shown, and the learner's attempt (selection, drag, dialog) it answered:
        # a new attempt ends it (``_mistake_lifetime``)
        self._mistake: tuple[str, Any] = ("", None)
        self._left_selection: frozenset | None = None    # the cards a refused move left selected
        self._index_seen = 0

    def language_changed(self) -> None:
        """The language changed: the buttons' words and the panel again (the step's text is
        translated as it is drawn; a mistake line, worded when it was made, goes)."""
        self.next_button.label, self.next_button.hint = _("Next"), _("Space")
        self.leave_button.label = _("Leave")
        self.run.wrong_text = ""
        self._mistake = ("", None)
        self._panel_memo = None
        if self.recap_open:
            self.open_recap()

    @property
    def shown(self) -> int:
        """The step whose words the panel shows: the current one once the table is still; while
        a move still plays, the one before (the words never run ahead of the table)."""
        t = self.t
        return self.run.index if not t.busy() or t.steps.waiting() else self._held

    # ------------------------------------------------------------------ the script
    @property
    def step(self):
        return self.run.step

    def say(self, msgid: str) -> str:
        return _(msgid).format(**self.names) if msgid else ""

    def check(self, action) -> str | None:
        """None when the learner's move is the lesson's; else the explanation (shown)."""
        if self.released:
            return None
        return self.run.check(action)

    def check_all(self, actions) -> str | None:
        """For a move not yet complete (``actions``: all it can still become): None when one of
        them is the lesson's move, else the explanation (shown, true of each of them)."""
        if self.released:
            return None
        return self.run.check_all(actions)

    def status(self) -> str:
        """The table's status line while the learner reads the lesson's text (a text waits for
        Next): what to do now, never the table's own "click a card..." (a new user was told to
        click while the lesson lit their own card to read about it)."""
        if self.released or self.recap_open or not self.run.waits_for_next():
            return ""
        return _("Read the lesson, then press Next (Space)") if self.reading() else ""

    def played(self, action) -> None:
        if self.run.wrong_text and action.seat == LEARNER:
            self.t.toast.ttl = 0                     # the right move now: the old explanation goes
        self.run.played(action)

    def ai_move(self, seat: int):
        """The AI pacer's question: the scripted move, False (wait), or None (its level)."""
        if self.released:
            return None
        if self.run.finished:
            return False                 # the recap is up: nobody moves under it
        return self.run.ai_move(seat)

    def more_to_read(self) -> bool:
        """The current text and the next are both texts: while the table holds a result for
        Continue, the lesson's Next goes first (more words about that result) and the table's
        Continue is hidden; on the last of them Continue shows alone and goes on for both."""
        i = self.run.index
        steps = self.lesson.steps
        return self.run.waits_for_next() and i + 1 < len(steps) and steps[i + 1].kind == "tell" \
            and self.step.kind == "tell"

    def holds_continue(self) -> bool:
        """The table's Continue is hidden now: the learner reads on with Next (one button to
        press at a time)."""
        return not self.released and not self.recap_open and self.t.steps.waiting() and self.more_to_read()

    def on_continue(self) -> bool:
        """The table's Continue was pressed: it also moves the lesson past its last text about
        the result it held.  True when that was the lesson's last step: the table keeps the
        result up under the recap (no new round is dealt under it; "Play on" goes on)."""
        if not self.released and self.run.waits_for_next():
            self.run.next()
            return self.run.finished
        return False

    def reading(self) -> bool:
        """Next may be pressed now: a text waits for it and the table is still, or holds a
        result for Continue and more words about it follow (``holds_continue``)."""
        if not self.run.waits_for_next():
            return False
        return self.holds_continue() if self.t.steps.waiting() else not self.t.busy()

    def next(self) -> None:
        if self.reading():
            self.run.next()

    def leave(self) -> None:
        self.t.app.open_menu()

    # ------------------------------------------------------------------ targets
    def target_rect(self, spec: str) -> pygame.Rect | None:
        """A target's rect on the table (layout units), or None when it is not there now."""
        return self._resolve([spec]).get(0)

    def _resolve(self, specs) -> dict[int, pygame.Rect]:
        return self._targets(specs)[0]

    def _targets(self, specs) -> tuple[dict[int, pygame.Rect], dict[int, Any]]:
        """Each target's rect on the table (by its index; the ones there now), and which hand
        card each card target is."""
        t = self.t
        out: dict[int, pygame.Rect] = {}
        keys = self._resolved_keys(specs)
        for i, spec in enumerate(specs):
            kind, _sep, name = spec.partition(":")
            r = None
            if kind == "card":
                r = self._card_rect(keys[i]) if i in keys else None
            elif kind == "zone":
                z = next((z for z in t.table.drop_zones() if z.name == name), None)
                r = pygame.Rect(z.glow or z.rect) if z is not None else None
            elif kind == "seat":
                r = t.zone(int(name), "name")
            elif kind == "area":
                for layer in ("shared", "overlays"):
                    if name in t.layout.layers.get(layer, {}):
                        r = pygame.Rect(t.layout.layers[layer][name])
                        break
            elif kind == "piece":
                home = t.table.piece_home(name)
                r = pygame.Rect(home[0] - 26, home[1] - 26, 52, 52) if home is not None else None
            elif kind == "button":                    # the answer button of a move's kind (Stand, Cut...)
                b = next((b for b in t.answers if getattr(getattr(b, "action", None), "kind", None) == name
                          and b.enabled), None)
                r = pygame.Rect(b.rect) if b is not None else None
            if r is None:
                r = t.table.lesson_target(spec)
            if r is not None:
                out[i] = pygame.Rect(r)
        return out, keys

    def _card_key(self, face: str, used: set):
        """The learner's hand card with this face not yet taken by an earlier target; selected
        cards first (they were clicked already), then in hand order."""
        keys = [k for k in self.t.hand.keys() if k not in used and self.t.hand.face(k) == face]
        keys.sort(key=lambda k: k not in self.t.selected)
        return keys[0] if keys else None

    def _card_rect(self, key) -> pygame.Rect | None:
        s = self.t.sprites.get(key)
        if s is None:
            return None
        w = self.t.hand.width
        r = pygame.Rect(0, 0, round(w), round(w * 1.4))
        r.center = (round(s.pos[0]), round(s.pos[1]))
        return r

    def _visible_part(self, key, r: pygame.Rect) -> pygame.Rect:
        """The strip of the hand card ``key`` (at ``r``) that the next card of the fan, drawn
        over it, leaves to be seen: its glow never lights a neighbour."""
        keys = self.t.hand.keys()
        i = keys.index(key) if key in keys else -1
        nxt = self._card_rect(keys[i + 1]) if 0 <= i < len(keys) - 1 else None
        if nxt is None or not r.left < nxt.left < r.right:
            return r
        return pygame.Rect(r.x, r.y, max(12, nxt.left - r.left - 8), r.height)   # (the glow grows ~8 px)

    def _card_point(self, key) -> tuple[float, float] | None:
        v = self.t.app.view
        for k, wp in self.t.hand.click_points():
            if k == key:
                return v.logical(wp)
        return None

    def _button_for(self, action) -> Button | None:
        """An answer button or choice tile that plays ``action``: while a choice panel is up,
        only its tiles and the game's stand-ins for them (``lesson_buttons`` on a tile's place):
        the panel takes every click, so a button under it, lit or pressed, does nothing (the
        learner is led back out of the panel instead)."""
        t = self.t
        if t.choice is not None:
            tiles = [b.rect for b in t.choice.buttons]
            buttons = list(t.choice.buttons) + [b for b in t.table.lesson_buttons() if b.rect in tiles]
        else:
            buttons = list(t.window_buttons) + list(t.table.lesson_buttons())
        return next((b for b in buttons if getattr(b, "action", None) == action and b.enabled), None)

    def gesture(self) -> tuple | None:
        """What the learner does next, from the step's targets (layout units): ("click", p),
        ("drag", p_from, p_to), ("next",), or None (nothing: the table is moving or the AIs
        play)."""
        t = self.t
        if self.recap_open:
            return ("click", self.recap_buttons[0].rect.center) if self.recap_buttons else None
        s = self.step
        if t.steps.waiting():                         # texts about the result first, then Continue
            return ("next",) if self.holds_continue() else ("click", t.continue_button.rect.center)
        if s is None or t.busy():
            return None
        if self.run.waits_for_next():
            return ("next",)
        if s.kind != "you":
            return None
        b = self._button_for(s.expect)
        if b is not None:                             # (an answer out of the play phase too: a Thief's choice)
            return ("click", b.rect.center)
        if not t.can_play():
            return None
        if t.choice is not None:                      # a choice without the lesson's move: back out
            cancel = next((b for b in t.choice.buttons if not getattr(b, "tile", False)), None)
            return ("click", cancel.rect.center) if cancel is not None else None
        return self.gesture_for(s.targets, s.gesture)

    def gesture_for(self, targets, gesture: str = "drag") -> tuple | None:
        """The next gesture toward the move ``targets`` make (the step's, or a wrong move's):
        with ``"drag"``, click the targets before the last two (selecting cards), then drag the
        one before the last onto the last; with ``"click"``, click the cards among them (selecting them), then the last target."""
        t = self.t
        specs = list(targets)
        rects, keys = self._targets(specs)
        extra = [k for k in t.hand.keys() if k in t.selected and k not in keys.values()] if t.table.multi_select else []
        if extra:                                     # a card selected that the move does not use
            p = self._card_point(extra[0])
            return ("click", p) if p is not None else None
        if gesture == "drag" and len(specs) >= 2:
            src = len(specs) - 2
            for i in range(src):                      # the cards (or things) before the dragged one: click
                if i in keys:
                    if keys[i] not in t.selected:
                        p = self._card_point(keys[i])
                        return ("click", p) if p is not None else None
                elif i in rects:
                    return ("click", rects[i].center)
            if src not in rects or src + 1 not in rects:
                return None
            p0 = self._card_point(keys[src]) if src in keys else rects[src].center
            return ("drag", p0, rects[src + 1].center) if p0 is not None else None
        for i in range(len(specs)):                   # select the cards, then click the last target
            if i in keys and keys[i] not in t.selected:
                p = self._card_point(keys[i])
                return ("click", p) if p is not None else None
        last = len(specs) - 1
        if specs and last not in keys and last in rects:
            return ("click", rects[last].center)
        return None

    def _resolved_keys(self, specs) -> dict[int, Any]:
        used: set = set()
        out = {}
        for i, spec in enumerate(specs):
            if spec.startswith("card:"):
                key = self._card_key(spec[5:], used)
                if key is not None:
                    used.add(key)
                    out[i] = key
        return out

    # ------------------------------------------------------------------ life
    def attempt(self) -> tuple:
        """What the learner is doing with the table now: the cards selected, a piece or cards
        being dragged or held, a dialog open.  A change is a new attempt."""
        t = self.t
        d = t.drag if t.drag is not None and t.drag.active else None
        held = t.held
        return (frozenset(t.selected), (d.kind, d.key) if d is not None else None,
                (held.kind, held.key) if held is not None else None, id(t.choice) if t.choice is not None else None)

    def _mistake_lifetime(self) -> None:
        """The mistake line belongs to the step and the move it answers: it goes when the step
        changes (and a selection a refused move left goes with it: the kit keeps it only for the
        same step's retry), when the learner starts a new attempt (a selection, a drag, a dialog),
        or when another refusal replaces it (``TableScene.say``)."""
        run, t = self.run, self.t
        if run.index != self._index_seen:
            self._index_seen = run.index
            run.wrong_text = ""
            if self._left_selection and frozenset(t.selected) == self._left_selection:
                t.selected.clear()
                t.hand.parked = None
            self._left_selection = None
            self._mistake = ("", None)
        now = self.attempt()
        w = run.wrong_text
        if w and w != self._mistake[0]:
            self._mistake = (w, now)
            self._left_selection = frozenset(t.selected) or None
        elif self._mistake[1] is not None and now != self._mistake[1]:
            run.wrong_text = ""
            self._mistake = ("", None)
            self._left_selection = None
        elif not w:
            self._mistake = ("", self._mistake[1])

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.released:
            self._mistake_lifetime()
        self._held = self.shown
        if self.run.finished and not self.recap_open and not self.released and \
                (not self.t.busy() or self.t.steps.waiting()):
            self.open_recap()                         # (over a result the table still holds)

    def recap_rect(self) -> pygame.Rect:
        """The recap panel, as tall as its words."""
        rows = sum(len(wrap(self.t.app, self.say(item), 17, RECAP_W - 80)) for item in self.lesson.recap)
        h = 100 + 22 * rows + 4 * len(self.lesson.recap) + 96
        return pygame.Rect(640 - RECAP_W // 2, max(40, 360 - h // 2), RECAP_W, h)

    def open_recap(self) -> None:
        self.recap_open = True
        self.t.toast.ttl = 0                     # an old message never sits on the recap
        over = self.t.match.outcome() is not None
        r = self.recap_rect()
        x, y = r.x + 30, r.bottom - 72
        self.recap_buttons = [Button((x, y, 240, 50), _("Play a real game"), self.play_real, style="primary",
                                     keys=(pygame.K_RETURN, pygame.K_KP_ENTER), hint=_("Enter"), size=18)]
        if not over:
            self.recap_buttons.append(Button((x + 256, y, 140, 50), _("Play on"), self.play_on, size=18))
        self.recap_buttons.append(Button((x + (412 if not over else 256), y, 140, 50), _("Menu"), self.leave,
                                         size=18))

    def play_real(self) -> None:
        game = self.lesson.game
        self.t.app.open_menu()
        self.t.app.open_setup(game)

    def play_on(self) -> None:
        self.recap_open = False
        self.released = True

    def handle(self, ev: inp.InputEvent) -> bool:
        """The guide's own buttons and keys first; True when it used the event."""
        if self.released:
            return False
        if self.recap_open:
            for b in self.recap_buttons:
                if b.handle(ev) and ev.kind != inp.MOVE:
                    return True
            if ev.is_key(pygame.K_ESCAPE):
                return False                          # the pause menu
            return ev.kind not in (inp.MOVE,)
        buttons = [self.leave_button] + ([self.next_button] if self.run.waits_for_next() else [])
        self._place_buttons()
        for b in buttons:
            if b.handle(ev) and ev.kind != inp.MOVE:
                return True
        # Space (not Enter, which a table's own buttons show and use, e.g. Stand or Magician;
        # nor a letter: N is MasterBluff's "No bluff"): a new user took one for the other.  On a
        # step with Next (a text, the AIs' moves), Space is Next only, greyed or not: it never
        # selects a card of the hand (one Space too many raised one that the next move carried),
        # and a greyed Next ignores it.  (When the table's Continue is up, Space is Continue's.)
        s = self.step
        if ev.is_key(pygame.K_SPACE) and s is not None and s.kind != "you" and not self.t.continue_shown():
            self.next()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    #: the panel's shapes, tried in turn until one fits its room: (body px, body row, wrong px,
    #: wrong row, how much of the refusal: "all", "first" sentence, or "none": the red banner
    #: said it); the last one cuts the body to the room
    SHAPES = ((17, 22, 16, 20, "all"), (17, 22, 14, 17, "all"), (17, 22, 14, 17, "first"),
              (17, 22, 14, 17, "none"), (15, 19, 14, 17, "none"))
    MIN_H = 150

    def panel_rect(self) -> pygame.Rect:
        """Where the lesson panel sits: the table log's place, grown upward to fit the words, but
        never over a readable region in its column (a plate, the score sheet's rows, a choice
        panel): its top stays below them, and the words take a tighter shape (``SHAPES``)."""
        return self._panel()[0].copy()

    def _room_top(self, z: pygame.Rect) -> int:
        """The highest the panel's top may be: below every readable region (but the lesson's
        own, the cards being dragged) that lies in the log's column above its bottom."""
        self._sizing = True
        try:
            regions = self.t.readable_regions()
        finally:
            self._sizing = False
        top = z.bottom - 420
        for k, r in regions.items():
            if k in ("lesson", "drag") or r.right <= z.x or r.left >= z.right or r.top >= z.bottom:
                continue
            top = max(top, r.bottom + 6)
        return min(top, z.bottom - self.MIN_H)

    def _panel(self) -> tuple[pygame.Rect, tuple, list[str], list[str]]:
        """(rect, shape, body lines, refusal lines) of the panel as it is drawn now (kept for the
        frame: it is asked many times a frame)."""
        t = self.t
        key = (getattr(t, "time", None), self.shown, self.run.wrong_text, id(t.sheet), id(t.choice),
               id(getattr(t, "reveal", None)), t.app.view.s)
        memo = self._panel_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        out = self._panel_now()
        self._panel_memo = (key, out)
        return out

    def _panel_now(self) -> tuple[pygame.Rect, tuple, list[str], list[str]]:
        z = self.t.layout.shared("log")
        room = z.bottom - self._room_top(z)
        for shape in self.SHAPES:
            body, wrong = self._lines(z.width, shape)
            h = self._height(body, wrong, shape)
            if h <= room or shape is self.SHAPES[-1]:
                break
        h = max(min(z.height, room), min(420, h))
        if h > room:                                    # the last shape, cut to the room
            keep = max(1, (room - 34 - 60) // shape[1])
            if len(body) > keep:
                body = body[:keep - 1] + [body[keep - 1].rstrip(" .,;:") + "…"]
            h = room
        return pygame.Rect(z.x, z.bottom - h, z.width, h), shape, body, wrong

    def _lines(self, width: float, shape: tuple = SHAPES[0]) -> tuple[list[str], list[str]]:
        a = self.t.app
        steps = self.lesson.steps
        s = steps[self.shown] if self.shown < len(steps) else None
        body = wrap(a, self.say(s.text), shape[0], width - 24) if s is not None and s.text else []
        said = self.run.wrong_text or ""
        said = said[:1].upper() + said[1:]             # a reason starts with a capital, as in the banner
        if shape[4] == "first" and ". " in said:
            said = said[:said.index(". ") + 1]
        wrong = wrap(a, said, shape[2], width - 24, bold=True) if said and shape[4] != "none" else []  # drawn bold
        return body, wrong

    @staticmethod
    def _height(body, wrong, shape) -> int:
        return 34 + shape[1] * len(body) + (8 + shape[3] * len(wrong) if wrong else 0) + 60

    def _place_buttons(self) -> None:
        """Leave as wide as its word needs (84 to 110), Next the rest of the row: its word and its
        key ("Space") side by side where they fit, else the key under the word (German "Weiter"
        was squeezed to a small size beside "Space" in a fixed 110)."""
        r = self.panel_rect()
        a = self.t.app
        leave = round(min(110, max(84, self.leave_button.needs(a) + 4)))
        self.leave_button.rect = pygame.Rect(r.x + 12, r.bottom - 51, leave, 40)
        self.next_button.rect = pygame.Rect(r.x + 12 + leave + 8, r.bottom - 51, r.width - 32 - leave, 40)

    def draw(self, surf: pygame.Surface, plan=None) -> None:
        if self.released:
            return
        if self.recap_open:
            self.draw_recap(surf)
            return
        self.draw_targets(surf, plan or self.t.overlay_plan())
        self.draw_panel(surf)

    def step_count(self) -> int:
        """Steps as the learner counts them: the ones with words (an AI's wordless move is not a
        step to them, so the count never skips)."""
        return sum(1 for st in self.lesson.steps if st.text)

    def step_number(self) -> int:
        """The shown step's number in that count (1 to ``step_count``)."""
        n = self.step_count()
        i = sum(1 for k, st in enumerate(self.lesson.steps) if st.text and k <= self.shown)
        return max(1, min(i, n))

    def draw_panel(self, surf: pygame.Surface) -> None:
        a = self.t.app
        r, shape, body, wrong = self._panel()
        panel(surf, a, r, (14, 30, 22, 255), radius=12, border=(*T.GOLD, 200), width=2)
        head = _("Lesson · step {i} of {n}").format(i=self.step_number(), n=self.step_count())
        text(surf, a, head, (r.x + 12, r.y + 9), 15, T.GOLD, bold=True)
        y = r.y + 34
        behind = self.shown != self.run.index          # a move still plays: the last words, dimmed
        for line in body:
            text(surf, a, line, (r.x + 12, y), shape[0], T.TEXT_DIM if behind else T.TEXT)
            y += shape[1]
        if wrong:
            y += 8
            for line in wrong:
                text(surf, a, line, (r.x + 12, y), shape[2], T.OKABE["orange"], bold=True)
                y += shape[3]
        self._place_buttons()
        self.leave_button.draw(surf, a)
        if self.run.waits_for_next():
            self.next_button.enabled = self.reading()
            self.next_button.draw(surf, a)

    def lit_rects(self) -> list[pygame.Rect]:
        """What the step lights now (layout units): the button that plays its move, else its
        targets; nothing while the table moves (a text read under a held result lights it)."""
        return self._lit()[0]

    def _lit(self) -> tuple[list[pygame.Rect], list[bool], pygame.Rect | None]:
        """The lit rects, whether each is a card (a lighter fill: its face stays readable), and
        a thing to click before the drag (a token to arm), if any."""
        s = self.step
        t = self.t
        if s is None or self.recap_open or (t.busy() and not (t.steps.waiting() and s.kind == "tell")):
            return [], [], None
        if s.kind == "you":
            b = self._button_for(s.expect)
            if b is not None:
                return [b.rect], [False], None
        if t.choice is not None:
            return [], [], None
        rects_at, keys = self._targets(s.targets)
        d = t.drag
        if d is not None and d.active and d.kind == "cards":      # the cards carried are under the pointer:
            rects_at = {i: r for i, r in rects_at.items()       # their empty places in the hand are not lit
                        if not (i in keys and keys[i] in t.hand.selected)}
        found = sorted(rects_at.items())
        found = [(i, self._visible_part(keys[i], r) if i in keys else r) for i, r in found]
        rects = [r for _i, r in found]
        cards = [s.targets[i].startswith("card:") for i, _r in found]
        first = None
        if s.kind == "you" and s.gesture == "drag":
            first = next((r for (i, r), card in zip(found, cards) if i < len(s.targets) - 2 and not card), None)
        return rects, cards, first

    def button_rects(self) -> list[pygame.Rect]:
        """The table's buttons a step may light (a lit button gets an outline, no fill)."""
        t = self.t
        return [b.rect for b in list(t.window_buttons) + list(t.table.lesson_buttons())
                + (t.choice.buttons if t.choice is not None else [])]

    def draw_targets(self, surf: pygame.Surface, plan) -> None:
        """The step's glows, and its arrow or pointer, where the kit's rule put them
        (``TableScene.overlay_plan``: clear of every readable region and of the words of
        what they point at)."""
        if not plan.glows:
            return
        pulse = 0.5 + 0.5 * math.sin(self.time * 5.0)
        v = self.t.app.view
        for _box, r, card, button, reach in plan.glows:
            grow = 2 * reach * (0.64 + 0.36 * pulse)          # at most ``reach`` beyond it (overlay.py)
            glow = v.rect(r.inflate(grow, grow))
            with transcript.layer(surf, "glow", [glow], [v.rect(r)]):
                layer = pygame.Surface(glow.size, pygame.SRCALPHA)
                # what it lights stays readable; a button gets no fill at all (a tinted button looked
                # greyed out to a new user, beside the bright one it must not press)
                fill = 0 if button else int(15 + 20 * pulse) if card else int(30 + 25 * pulse)
                pygame.draw.rect(layer, (*T.GOLD, fill), layer.get_rect(), border_radius=v.n(12))
                pygame.draw.rect(layer, (*T.GOLD, 255), layer.get_rect(), width=max(2, v.n(3)),
                                 border_radius=v.n(12))
                surf.blit(layer, glow)
        if plan.arrow is not None:
            with transcript.layer(surf, "arrow", [v.rect(b) for b in plan.arrow.boxes],
                                  [v.rect(r) for r in plan.arrow_targets]):
                self._arrow(surf, plan.arrow.start, plan.arrow.end)
        elif plan.pointer is not None:
            p = plan.pointer
            with transcript.layer(surf, "arrow", [v.rect(p.box)], [v.rect(plan.pointer_target)]):
                self._pointer(surf, p, pulse)

    def _arrow(self, surf, p0, p1) -> None:
        """A thick arrow from ``p0`` to ``p1`` (layout units, both clear of the card and of
        where it goes): the way a card goes."""
        v = self.t.app.view
        a, b = v.pt(*p0), v.pt(*p1)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < v.n(20):
            return
        head = v.n(22)
        end = b
        shaft_end = (end[0] - math.cos(ang) * head * 0.8, end[1] - math.sin(ang) * head * 0.8)
        for col, w in (((0, 0, 0), v.n(12)), (T.GOLD, v.n(7))):
            pygame.draw.line(surf, col, a, shaft_end, w)
        left = (end[0] - head * math.cos(ang - 0.5), end[1] - head * math.sin(ang - 0.5))
        right = (end[0] - head * math.cos(ang + 0.5), end[1] - head * math.sin(ang + 0.5))
        pygame.draw.polygon(surf, (0, 0, 0), [end, left, right])
        pygame.draw.polygon(surf, T.GOLD, [end, left, right], 0)
        pygame.draw.polygon(surf, (0, 0, 0), [end, left, right], max(1, v.n(2)))

    def _pointer(self, surf, p, pulse: float) -> None:
        """A bobbing arrow pointing at its target from the side the plan chose (``p.points``:
        the arrow at rest; it bobs up to 6 px away from the target, inside ``p.box``)."""
        v = self.t.app.view
        tip, base = p.points[0], p.points[3]
        dx, dy = base[0] - tip[0], base[1] - tip[1]
        n = math.hypot(dx, dy) or 1.0
        bob = 6 * pulse
        wpts = [v.pt(x + dx / n * bob, y + dy / n * bob) for x, y in p.points]
        pygame.draw.polygon(surf, T.GOLD, wpts)
        pygame.draw.polygon(surf, (0, 0, 0), wpts, max(1, v.n(2)))

    def draw_recap(self, surf: pygame.Surface) -> None:
        a = self.t.app
        shade = T.panel_surface(surf.get_size(), 0, (0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        r = self.recap_rect()
        panel(surf, a, r, (10, 22, 16, 255), radius=16, border=(*T.GOLD, 160), width=2)
        text(surf, a, _("Lesson complete: {game}").format(game=self.say(self.lesson.title)), (r.centerx, r.y + 34),
             24, T.GOLD, bold=True, anchor="center", max_w=r.width - 40)
        text(surf, a, _("You now know:"), (r.x + 30, r.y + 70), 18, T.TEXT, bold=True)
        y = r.y + 100
        for item in self.lesson.recap:
            for i, line in enumerate(wrap(a, self.say(item), 17, r.width - 80)):
                text(surf, a, ("• " if i == 0 else "  ") + line, (r.x + 34, y), 17, T.TEXT_DIM)
                y += 22
            y += 4
        for b in self.recap_buttons:
            b.draw(surf, a)

    def widget_rects(self) -> list[pygame.Rect]:
        if self.released:
            return []
        if self.recap_open:
            return [b.rect for b in self.recap_buttons]
        return [self.panel_rect()] + self.lit_rects()      # a toast or a why-line never covers a target
