"""The table kit's animation helpers and panels (a mixin of TableScene): card flights
(a deal, a reveal, a gather), the choice row, and the score sheet, with the panels' data.

Everything here queues steps or flyers through the scene (``add_step``, ``tweener``,
``flyers``, ``layout``); nothing names a game."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.i18n import _, ngettext
from ..sprites import TABLE_W, Flyer
from ..tween import ease_in_out_cubic, ease_out_cubic
from ..widgets import Button


@dataclass
class Choice:
    """A panel of choices (e.g. which family to declare); buttons may carry an ``icon``."""

    title: str
    subtitle: str
    buttons: list[Button] = field(default_factory=list)
    on_cancel: Callable[[], None] | None = None
    too_far: Callable[[int], str] | None = None     # a table's words for "only n tiles" (else the kit's)
    #: the tile Enter presses (an index into ``buttons``; the arrow keys move it, drawn outlined);
    #: None: Enter presses the tile under the pointer, if any
    focus: int | None = None


@dataclass
class Reveal:
    """The reveal panel's words (the revealed cards themselves are flyers)."""

    title: str
    subtitle: str = ""
    footer: str = ""
    tone: str = ""


@dataclass
class ScoreSheet:
    """A score table that builds one row at a time (a round summary): a column per seat."""

    title: str
    heads: list[str]                        # the column heads (one per seat shown)
    rows: list[tuple[str, list[str]]]       # (label, one value per column)
    lines: int = 0                          # how many rows are out
    strong: int = 2                         # the last rows are totals (drawn bold)
    build: tuple = field(default=(), repr=False, compare=False)   # its steps' begins (sheet_steps)


class TableEffects:
    def sheet_steps(self, sheet: ScoreSheet, caption: str | None = None,
                    then: Callable[[], None] | None = None) -> None:
        """Queue a score sheet: it opens, builds row by row (``then`` runs once every row is
        out, e.g. to move the running totals on), waits for Continue, and closes."""
        def begin() -> None:
            self.sheet = sheet

        def line() -> None:
            if sheet.lines < len(sheet.rows):     # not after finish_sheet
                sheet.lines += 1
                self.sfx("tick")

        built = then or (lambda: None)
        sheet.build = (begin, line, built)
        self.add_step(begin, 0.3, caption=caption)
        for _row in sheet.rows:
            self.add_step(line, 0.35)
        self.add_step(built, 1.2, wait=True, wait_instant=True)   # a result to read, at the Instant speed too
        self.add_step(lambda: setattr(self, "sheet", None), 0.0)

    def finish_sheet(self) -> None:
        """Enter while the score sheet builds: every row is out at once and Continue shows
        now, so the next Enter continues."""
        sheet = self.sheet
        if sheet is None or self.steps.waiting():
            return
        sheet.lines = len(sheet.rows)
        self.steps.hurry(lambda st: st.begin in sheet.build)

    # ================================================================== flights (animation helpers)
    def fly(self, start, end, w0: float, w1: float, face: str | None = None, duration: float = 0.38,
            delay: float = 0.0, ease=ease_in_out_cubic, on_land: Callable[[], None] | None = None,
            **kw) -> Flyer:
        """Launch one card (or token) flight; ``kw`` go to :class:`Flyer` (flip, persist, tag, kind).
        At the public table a flight from or to its larger middle starts or lands where the middle
        is drawn, at its size there (``zoom.py``)."""
        zoom = getattr(self, "zoom", None)
        if zoom is not None:
            w0, w1 = w0 * (zoom.z if zoom.inside(start) else 1), w1 * (zoom.z if zoom.inside(end) else 1)
            start, end = zoom.point(start), zoom.point(end)
        fl = Flyer(start, end, w0, w1, face, **kw)
        fl.on_land = on_land
        self.flyers.append(fl.launch(self.tweener, duration, delay=delay, ease=ease,
                                     flip_duration=0.2))
        return fl

    def deal_step(self, source, dests: list[tuple[tuple[float, float], float]], on_land: Callable[[int], None],
                  caption: str, each: float = 0.045) -> None:
        """A step that deals ``dests`` (see :meth:`deal_flights`) under one caption."""
        self.add_step(lambda: self.deal_flights(source, dests, on_land, each), len(dests) * each + 0.3,
                      caption=caption)

    def deal_flights(self, source, dests: list[tuple[tuple[float, float], float]],
                     on_land: Callable[[int], None], each: float = 0.045, flight: float = 0.21) -> float:
        """Deal face-down cards from ``source`` to each (point, width) in order, one every ``each``
        seconds; ``on_land(k)`` as card k arrives.  Returns how long the deal takes."""
        for k, (end, w) in enumerate(dests):
            self.fly(source, end, TABLE_W, w, duration=flight, delay=k * each, ease=ease_out_cubic,
                     on_land=lambda k=k: on_land(k))
        return len(dests) * each + flight

    def reveal_flights(self, faces: list[str], source: Callable[[int], tuple[float, float]],
                       width: float = 96.0, tag: str = "reveal") -> None:
        """Cards fly from ``source(i)`` into a row on the reveal panel and turn face up there."""
        r = self.layout.overlay("reveal")
        n = len(faces)
        step = min(width + 10, (r.width - 40 - width) / max(1, n - 1)) if n > 1 else 0
        x0 = r.centerx - step * (n - 1) / 2
        for i, face in enumerate(faces):
            self.fly(source(i), (x0 + i * step, r.y + 146), TABLE_W, width, face, duration=0.3,
                     delay=i * 0.08, ease=ease_out_cubic, flip=True, persist=True, tag=tag,
                     on_land=lambda: self.sfx("flip"))

    def gather_flights(self, tag: str, dest, w_end: float, extra: list[tuple[float, float]] = ()) -> None:
        """Flyers tagged ``tag`` (kept on the table) and face-down cards from the ``extra`` points
        all slide to ``dest``."""
        moving = [f for f in self.flyers if f.tag == tag]
        self.flyers = [f for f in self.flyers if f.tag != tag]
        for i, f in enumerate(moving):
            (x, y), w, _s, face, _a = f.pose()
            self.fly((x, y), dest, w, w_end, face, duration=0.42, delay=i * 0.03, tag="gather")
        for i, p in enumerate(extra):
            self.fly(p, dest, TABLE_W, w_end, duration=0.42, delay=(len(moving) + i) * 0.03, tag="gather")

    def choice_row(self, title: str, subtitle: str, options: list[tuple[str, Any, Callable | None]],
                   extra: list[Button] = ()) -> Choice:
        """A choice panel with one tile per option (label, action or None = disabled, icon);
        digit keys 1-9 pick a tile, Esc cancels.  (Actions themselves: ``action_choice``.)"""
        bad = next((o for o in options if not (isinstance(o, tuple) and len(o) == 3)), None)
        if bad is not None:
            raise TypeError(f"choice_row wants (label, action, icon) triples, got {bad!r}")
        z = self.layout.overlay("picker")
        self.choice = Choice(title, subtitle, on_cancel=self.cancel_choice)
        n = len(options)
        gap = 12
        cols = min(n, 6) if n > 8 else n                 # many options (a player to target): rows
        rows = -(-n // max(1, cols))
        widest = 100
        if rows == 1 and any(icon is not None for _l, _a, icon in options):   # a tile's name stays >= 16 px
            v = self.app.view
            font = self.app.fonts.get(v.n(16), True)
            widest = max([widest] + [math.ceil(font.size(lab)[0] / v.s) + 10 for lab, _a, _i in options])
        bw = min(widest if rows == 1 else 104, (z.width - 40 - gap * (cols - 1)) // max(1, cols))
        bh = 170 if rows == 1 else max(40, (z.height - 74 - 72 - gap * (rows - 1)) // rows)
        x0 = z.centerx - (cols * bw + (cols - 1) * gap) / 2
        for i, (label, action, icon) in enumerate(options):
            r, c = divmod(i, cols)
            b = Button((round(x0 + c * (bw + gap)), z.y + 74 + r * (bh + gap), bw, bh), label,
                       (lambda a=action: self.choose(a)), enabled=action is not None,
                       keys=(pygame.K_1 + i, pygame.K_KP1 + i) if i < 9 else (),
                       hint=str(i + 1) if i < 9 and rows == 1 else "", size=16)
            b.icon = icon
            b.tile = True
            b.action = action
            self.choice.buttons.append(b)
        self.choice.buttons.append(Button((z.right - 200, z.bottom - 62, 180, 46), _("Cancel"), self.cancel_choice,
                                          keys=(pygame.K_ESCAPE,), hint=_("Esc"), size=18))
        self.choice.buttons += list(extra)
        return self.choice

    def choice_key(self, key: int) -> None:
        """Keys on a choice panel beside the tiles' own digits: the arrow keys move the focus
        among the tiles that may be chosen, Enter presses the focused tile (else the one under
        the pointer); a digit beyond the tiles does nothing, so it says why."""
        ch = self.choice
        tiles = [i for i, b in enumerate(ch.buttons) if getattr(b, "tile", False) and b.enabled]
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and tiles:
            step = -1 if key in (pygame.K_UP, pygame.K_LEFT) else 1
            if ch.focus not in tiles:
                ch.focus = tiles[0] if step > 0 else tiles[-1]
            else:
                ch.focus = tiles[(tiles.index(ch.focus) + step) % len(tiles)]
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            pick = ch.focus if ch.focus in tiles else next((i for i in tiles if ch.buttons[i].hover), None)
            if pick is not None:
                ch.buttons[pick].click()
            elif tiles:
                z = self.layout.overlay("picker")
                self.say(_("Choose one: its number, or the arrow keys and Enter"), (z.centerx, z.bottom - 39))
            return
        digits = {pygame.K_1 + i: i for i in range(9)} | {pygame.K_KP1 + i: i for i in range(9)}
        n = sum(1 for b in self.choice.buttons if getattr(b, "tile", False))
        if key not in digits or digits[key] < n or n == 0:
            return
        if self.choice.too_far is not None:
            msg = self.choice.too_far(n)
        else:
            msg = ngettext("There is only {n} choice: press 1", "There are only {n} choices: press 1 to {n}", n).format(n=n)
        z = self.layout.overlay("picker")
        self.say(msg, (z.centerx, z.bottom - 39))          # beside Cancel, clear of the title and tiles

    def action_choice(self, title: str, subtitle: str, actions: list) -> Choice:
        """A choice panel with one tile per legal action, each labelled by the game's
        ``action_label`` (e.g. a drop that could mean several actions)."""
        return self.choice_row(title, subtitle, [(self.table.action_label(a), a, None) for a in actions])

    def _choose(self, action) -> None:
        """A tile of the choice panel: play its action."""
        self.choice = None
        if action is None or not self.submit(action):
            self.hand.parked = None

    def _cancel_choice(self) -> None:
        self.choice = None
        self.spring_back(None, None, self.mouse)

