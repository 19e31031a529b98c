"""Shared widgets: text, panels, buttons, segmented choices, text fields, toasts.

Widgets keep their rectangles in layout units (1280x720 space); ``draw`` maps
them through ``ctx.view``.  ``ctx`` is the App (it has ``view`` and ``fonts``).
``handle`` returns True when the widget used the event.  ``draw`` never changes
state.

Keyboard focus: a :class:`FocusRing` (one per scene) keeps which widget has the
focus.  Tab / Shift+Tab (and the arrow keys a widget does not use) move it;
``Widget.key`` gets the keys and typed text while the widget has the focus
(Enter / Space press a button, Left / Right change a segmented choice, typing
edits a text field).  The ring is drawn while ``app.keyboard_focus`` is on (the
keyboard was used last).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.core.i18n import _, ngettext
from . import input as inp
from . import theme as T
from . import transcript


def text(surf: pygame.Surface, ctx: Any, s: str, pos: tuple[float, float], size: float = 18,
         color=T.TEXT, bold: bool = False, anchor: str = "topleft", max_w: float | None = None,
         shadow: bool = False) -> pygame.Rect:
    """Draw ``s`` at layout position ``pos`` (size in layout px); returns the window rect."""
    v = ctx.view
    px = asked = v.n(size)
    if max_w is not None:
        px = ctx.fonts.fit(s, px, v.n(max_w), bold)
    img = ctx.fonts.render(s, px, color, bold)
    r = img.get_rect(**{anchor: v.pt(*pos)})
    start = transcript.here(surf)
    if shadow:
        surf.blit(ctx.fonts.render(s, px, (0, 0, 0), bold), r.move(max(1, px // 14), max(1, px // 14)))
    surf.blit(img, r)
    if max_w is not None and start >= 0:            # the box it was fitted to (its width, at its anchor)
        box = pygame.Rect(0, r.y, v.n(max_w), r.h)
        if "left" in anchor:
            box.left = r.left
        elif "right" in anchor:
            box.right = r.right
        else:
            box.centerx = r.centerx
        transcript.fitted(surf, start, box, ("shrunk",) if px < asked else (), px / max(1, asked))
    return r


def wrap(ctx: Any, s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap in layout units; a word wider than the line (a long file path)
    is broken after a path separator, or anywhere."""
    return _wrap(ctx, s, size, width, bold)[0]


def wrap_whole(ctx: Any, s: str, size: float, width: float, bold: bool = False,
               floor: float = 12) -> tuple[float, list[str]]:
    """``s`` wrapped at the largest size from ``size`` down to ``floor`` at which no word is
    broken (a compound may still wrap at its hyphen: "Second-" / "closest"); at ``floor``,
    broken.  Returns (size, lines)."""
    sz = size
    while True:
        lines, broken = _wrap(ctx, s, sz, width, bold)
        if not broken or sz <= floor:
            return sz, lines
        sz -= 1


def _wrap(ctx: Any, s: str, size: float, width: float, bold: bool = False) -> tuple[list[str], bool]:
    font = ctx.fonts.get(ctx.view.n(size), bold)
    maxw = ctx.view.n(width)
    lines: list[str] = []
    broken = False
    for para in s.split("\n"):
        words = []
        for w in para.split(" "):
            while font.size(w)[0] > maxw and len(w) > 1:
                cut = len(w) - 1
                while cut > 1 and font.size(w[:cut])[0] > maxw:
                    cut -= 1
                seps = [i + 1 for i, ch in enumerate(w[:cut]) if ch in "/\\-_."]
                if seps and seps[-1] > cut // 2:
                    cut = seps[-1]
                broken = broken or w[cut - 1] != "-"       # a compound word wraps at its hyphen
                words.append(w[:cut])
                w = w[cut:]
            words.append(w)
        cur = ""
        for w in words:
            t = (cur + " " + w) if cur else w
            if font.size(t)[0] <= maxw or not cur:
                cur = t
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    if broken and transcript.RECORDER is not None:
        whole = set(s.split())
        transcript.BROKEN.update(ln for ln in lines if any(w not in whole for w in ln.split()))
    return lines, broken


def fit_lines(ctx: Any, s: str, size: float, width: float, height: float, floor: float,
              bold: bool = False, line_floor: float | None = None) -> tuple[float, list[str]]:
    """``s`` made to fit a ``width`` x ``height`` box (layout units): one line at the largest size
    from ``size`` down to ``line_floor`` (default ``floor``) at which it fits, else wrapped at the
    largest size at which the lines fit (never below ``floor``: a word still too wide is broken,
    never cut with "…").  Returns (size, lines)."""
    v = ctx.view
    sz, one = size, max(floor, line_floor if line_floor is not None else floor)
    while sz > one and ctx.fonts.get(v.n(sz), bold).size(s)[0] > v.n(width):
        sz -= 1
    if ctx.fonts.get(v.n(sz), bold).size(s)[0] <= v.n(width):
        return sz, [s]
    words = s.split()
    sz = size
    while sz > floor:                   # wrapped between words, at the largest size that fits
        font = ctx.fonts.get(v.n(sz), bold)
        lines = wrap(ctx, s, sz, width, bold)
        if all(font.size(w)[0] <= v.n(width) for w in words) and len(lines) * sz * 1.2 <= height:
            return sz, lines
        sz -= 1
    return floor, wrap(ctx, s, floor, width, bold)     # a word wider than the box is broken, not cut


def fit_text(surf: pygame.Surface, ctx: Any, s: str, rect, size: float, floor: float, color=T.TEXT,
             bold: bool = False, align: str = "center", shadow: bool = False,
             line_floor: float | None = None) -> list[pygame.Rect]:
    """Draw ``s`` inside the layout ``rect`` (:func:`fit_lines`), vertically centred; ``align``:
    "center" or "left".  Returns the window rects drawn."""
    r = pygame.Rect(rect)
    sz, lines = fit_lines(ctx, s, size, r.w, r.h, floor, bold, line_floor)
    step = sz * 1.2
    y = r.centery - step * (len(lines) - 1) / 2
    out = []
    start = transcript.here(surf)
    for ln in lines:
        pos, anchor = ((r.centerx, y), "center") if align == "center" else ((r.x, y), "midleft")
        out.append(text(surf, ctx, ln, pos, sz, color, bold=bold, anchor=anchor, shadow=shadow))
        y += step
    if start >= 0:
        how = {"shrunk"} if sz < size else set()
        if len(lines) > 1:
            how.add("wrapped")
        if any(ln in transcript.BROKEN for ln in lines):
            how.add("broken")
        transcript.fitted(surf, start, ctx.view.rect(r), how, sz / size)
    return out


def cut_out(r: pygame.Rect, holes) -> list[pygame.Rect]:
    """``r`` less every rect of ``holes``: the parts of it outside them (none overlapping)."""
    parts = [pygame.Rect(r)]
    for hole in holes:
        rest = []
        for p in parts:
            c = p.clip(hole)
            if c.w <= 0 or c.h <= 0:
                rest.append(p)
                continue
            rest += [q for q in (pygame.Rect(p.x, p.y, p.w, c.y - p.y),              # above the hole
                                 pygame.Rect(p.x, c.bottom, p.w, p.bottom - c.bottom),  # below it
                                 pygame.Rect(p.x, c.y, c.x - p.x, c.h),                 # left of it
                                 pygame.Rect(c.right, c.y, p.right - c.right, c.h))     # right of it
                     if q.w > 0 and q.h > 0]
        parts = rest
    return parts


def confetti(surf: pygame.Surface, pieces, clear) -> None:
    """Draw confetti: each ``(rect, colour)`` of ``pieces`` (window pixels) less the rects of
    ``clear`` (the words a player must read: nothing covers them), as one overlay of kind
    "confetti" of the screen transcript (``Frame.covered`` checks it keeps off the readable
    regions)."""
    parts = [(part, col) for r, col in pieces for part in cut_out(r, clear)]
    if not parts:
        return
    with transcript.layer(surf, "confetti", [r for r, _col in parts]):
        for r, col in parts:
            pygame.draw.rect(surf, col, r)


def panel(surf: pygame.Surface, ctx: Any, rect, color=T.PANEL, radius: float = 10, border=T.PANEL_BORDER,
          width: float = 1) -> pygame.Rect:
    r = ctx.view.rect(rect)
    T.draw_panel(surf, r, color, ctx.view.n(radius), border, ctx.view.n(width) if border else 1)
    return r


STYLES = {
    "normal": (T.BUTTON, T.BUTTON_HOVER, T.TEXT),
    "primary": (T.PRIMARY, T.PRIMARY_HOVER, T.TEXT),
    "danger": (T.DANGER, T.DANGER_HOVER, T.TEXT_DARK),
    "gold": ((196, 150, 40), (228, 186, 70), T.TEXT_DARK),
}


class Widget:
    rect: pygame.Rect
    visible = True
    focused = False
    #: names the control across rebuilds of a scene's widgets (the focus stays on it)
    role: object = None

    def handle(self, ev: inp.InputEvent) -> bool:
        return False

    def focusable(self) -> bool:
        """Can the keyboard focus rest here?"""
        return False

    def key(self, ev: inp.InputEvent) -> bool:
        """A KEY or TEXT event while this widget has the focus; True when used."""
        return False

    def animating(self) -> bool:
        """True while the widget's looks change without input."""
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface, ctx: Any) -> None: ...


#: the size of a button's key hint drawn under its label (``Button.hint_below``)
HINT_BELOW = 16                     # the key hint under its label: never below the 16-px floor of the text a player reads


class Button(Widget):
    two_lines = False          # a label too long for one line goes on two (if the button is tall enough)

    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None, *,
                 enabled: bool = True, style: str = "normal", keys: Sequence[int] = (),
                 hint: str = "", size: float = 18):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.style = style
        self.keys = tuple(keys)
        self.hint = hint
        self.size = size
        self.hover = False
        self.pressed = False
        self.selected = False

    def click(self) -> None:
        if self.enabled and self.visible and self.on_click:
            self.on_click()

    def focusable(self) -> bool:
        return self.visible and self.enabled and self.on_click is not None

    def key(self, ev: inp.InputEvent) -> bool:
        if ev.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.enabled:
            self.click()
            return True
        return False

    def handle(self, ev: inp.InputEvent) -> bool:
        if not self.visible:
            return False
        if ev.kind == inp.MOVE:
            self.hover = self.rect.collidepoint(ev.lpos)
            return False
        if ev.kind == inp.DOWN and ev.button == 1 and self.rect.collidepoint(ev.lpos):
            self.hover = True
            self.pressed = self.enabled
            return True
        if ev.kind == inp.UP and ev.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(ev.lpos):
                self.click()
                return True
            return False
        if ev.kind == inp.KEY and ev.key in self.keys and self.enabled:
            self.click()
            return True
        return False

    @staticmethod
    def text_width(ctx: Any, s: str, size: float, bold: bool = False) -> float:
        """``s``'s width at ``size`` (layout units)."""
        return ctx.fonts.get(ctx.view.n(size), bold).size(s)[0] / ctx.view.s

    def needs(self, ctx: Any) -> float:
        """The width (layout units) that shows the label at its full size, with the key hint beside it."""
        w = self.text_width(ctx, self.label, self.size, bold=True) + 16
        return w + (self.text_width(ctx, self.hint, 16) + 6 if self.hint else 0)

    def hint_below(self, ctx: Any, r: pygame.Rect, hint_w: float) -> bool:
        """The key hint goes under the label (smaller) when the label would shrink beside it and
        the button is tall enough for two lines (a long word, as German's "Weiter" beside "Space")."""
        if self.two_lines or r.height < self.size + HINT_BELOW + 6:
            return False
        asked = ctx.view.n(self.size)
        return ctx.fonts.fit(self.label, asked, ctx.view.n(r.width - 16 - hint_w), True) < asked

    def colours(self):
        base, hover, fg = STYLES.get(self.style, STYLES["normal"])
        if not self.enabled:
            return T.BUTTON_DISABLED, (150, 156, 150)
        if self.selected:                   # hovering keeps a chosen option's colour (a lighter blue)
            base = T.PRIMARY if self.style == "normal" else hover
            hover = T.PRIMARY_HOVER if self.style == "normal" else hover
            fg = T.TEXT
        if self.pressed:
            return tuple(max(0, c - 25) for c in base), fg
        if self.hover:
            return hover, fg
        return base, fg

    def draw(self, surf: pygame.Surface, ctx: Any) -> None:
        if not self.visible:
            return
        bg, fg = self.colours()
        border = (255, 255, 255, 150) if (self.hover and self.enabled) else (0, 0, 0, 90)
        if self.selected:
            border = (*T.GOLD, 255)
        r = self.rect.move(0, 2 if self.pressed else 0)
        panel(surf, ctx, r, (*bg, 245), radius=8, border=border, width=2 if (self.hover or self.selected) else 1)
        label = self.label
        hint_w = 0
        if self.hint:
            hint_w = self.text_width(ctx, self.hint, 16) + 6
            if self.hint_below(ctx, r, hint_w):
                # no room for the key beside the label: the label on top, the key under it, smaller
                text(surf, ctx, label, (r.centerx, r.centery - 9), self.size, fg, bold=True, anchor="center",
                     max_w=r.width - 16)
                text(surf, ctx, self.hint, (r.centerx, r.centery + 10), HINT_BELOW, (*fg[:3],), anchor="center",
                     max_w=r.width - 16)
                return
            text(surf, ctx, self.hint, (r.right - 8, r.centery), 16, (*fg[:3],), anchor="midright")
        max_w = r.width - 16 - hint_w
        lines = wrap(ctx, label, self.size, max_w, bold=True) if self.two_lines else [label]
        if len(lines) == 2 and r.height >= 2.4 * self.size:   # a long label on two lines, not shrunk
            for k, line in enumerate(lines):
                text(surf, ctx, line, (r.centerx - hint_w / 2, r.centery + (k - 0.5) * self.size * 1.1), self.size,
                     fg, bold=True, anchor="center", max_w=max_w)
            return
        text(surf, ctx, label, (r.centerx - hint_w / 2, r.centery), self.size, fg, bold=True, anchor="center",
             max_w=max_w)


class Segmented(Widget):
    """A row of mutually exclusive options."""

    def __init__(self, rect, options: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None, size: float = 16,
                 enabled: Sequence[bool] | None = None):
        self.rect = pygame.Rect(rect)
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.size = size
        n = len(self.options)
        w = self.rect.width / n
        self.buttons = [Button((self.rect.x + round(i * w), self.rect.y, round((i + 1) * w) - round(i * w) - 4,
                                self.rect.height), o, (lambda i=i: self.set(i)), size=size,
                               enabled=enabled[i] if enabled else True)
                        for i, o in enumerate(self.options)]
        self._sync()

    def set(self, i: int) -> None:
        self.index = i
        self._sync()
        if self.on_change:
            self.on_change(i)

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.selected = i == self.index

    @property
    def value(self) -> str:
        return self.options[self.index]

    def step(self, d: int, wrap: bool = False) -> bool:
        """Move the choice ``d`` enabled options along; True when it changed."""
        n = len(self.buttons)
        i = self.index
        for _ in range(n):
            i += d
            if wrap:
                i %= n
            if not 0 <= i < n:
                return False
            if self.buttons[i].enabled:
                if i != self.index:
                    self.set(i)
                    return True
                return False
        return False

    def focusable(self) -> bool:
        return self.visible and any(b.enabled for b in self.buttons)

    def key(self, ev: inp.InputEvent) -> bool:
        if ev.is_key(pygame.K_LEFT):
            self.step(-1)
            return True
        if ev.is_key(pygame.K_RIGHT):
            self.step(1)
            return True
        if ev.is_key(pygame.K_SPACE):
            self.step(1, wrap=True)
            return True
        return False

    def handle(self, ev: inp.InputEvent) -> bool:
        used = False
        for b in self.buttons:
            used = b.handle(ev) or used
        return used

    def draw(self, surf, ctx) -> None:
        for b in self.buttons:
            b.draw(surf, ctx)


class Choice(Widget):
    """A compact one-line choice: "‹ value ›".  A click on the left third steps back,
    elsewhere forward; Left / Right / Space with the focus.  Same API as Segmented
    (``options``, ``index``, ``set``, ``value``)."""

    def __init__(self, rect, options: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None, size: float = 16, wrap: bool = True):
        self.rect = pygame.Rect(rect)
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.size = size
        self.wrap = wrap
        self.hover = False
        self.enabled = True

    @property
    def value(self) -> str:
        return self.options[self.index]

    def set(self, i: int) -> None:
        if not 0 <= i < len(self.options):
            raise IndexError(f"option {i} of {len(self.options)}")
        self.index = i
        if self.on_change:
            self.on_change(i)

    def step(self, d: int) -> bool:
        n = len(self.options)
        i = (self.index + d) % n if self.wrap else max(0, min(n - 1, self.index + d))
        if i == self.index:
            return False
        self.set(i)
        return True

    def focusable(self) -> bool:
        return self.visible and self.enabled and len(self.options) > 1

    def key(self, ev: inp.InputEvent) -> bool:
        if ev.is_key(pygame.K_LEFT):
            self.step(-1)
            return True
        if ev.is_key(pygame.K_RIGHT, pygame.K_SPACE):
            self.step(1)
            return True
        return False

    def handle(self, ev: inp.InputEvent) -> bool:
        if not self.visible:
            return False
        if ev.kind == inp.MOVE:
            self.hover = self.rect.collidepoint(ev.lpos)
        elif ev.kind == inp.DOWN and ev.button == 1 and self.rect.collidepoint(ev.lpos) and self.enabled:
            self.step(-1 if ev.lpos[0] < self.rect.x + self.rect.width / 3 else 1)
            return True
        return False

    def draw(self, surf, ctx) -> None:
        if not self.visible:
            return
        border = (255, 255, 255, 150) if self.hover else (0, 0, 0, 90)
        panel(surf, ctx, self.rect, (*T.BUTTON, 245), radius=8, border=border, width=1)
        r = self.rect
        arrow = T.GOLD if self.enabled else (150, 156, 150)
        text(surf, ctx, "‹", (r.x + 12, r.centery), self.size + 4, arrow, bold=True, anchor="midleft")
        text(surf, ctx, "›", (r.right - 12, r.centery), self.size + 4, arrow, bold=True, anchor="midright")
        text(surf, ctx, self.value, r.center, self.size, T.TEXT if self.enabled else (150, 156, 150), bold=True,
             anchor="center", max_w=r.width - 50)


#: the colour of a field's placeholder, or of a default it suggests (``TextField.suggested``)
PLACEHOLDER = (170, 180, 170)


class TextField(Widget):
    """A one-line text field.  It takes typed text while it has the focus (the scene's
    :class:`FocusRing` sets ``focused``); the caret does not blink (no frames needed).

    Taking the focus (a click or Tab) selects the whole text, as does Ctrl+A; typing or
    Backspace then replaces it.  A click in the field that already has the focus, or an
    arrow key, drops the selection (the caret stays at the end)."""

    def __init__(self, rect, value: str = "", max_len: int = 16, allowed: Callable[[str], bool] | None = None,
                 placeholder: str = "", size: float = 18, on_edit: Callable[[str], None] | None = None,
                 check: Callable[[str], str | None] | None = None, too_long: str | None = None,
                 on_refuse: Callable[[str], None] | None = None, count: bool = False):
        """``check(ch)``: why a typed character is refused (None: taken); ``too_long``: what
        to say when typing meets ``max_len``; ``on_refuse(reason)`` hears either; ``count``:
        show "n/max" in the field while it has the focus (the limit is said as you type)."""
        self.rect = pygame.Rect(rect)
        self.value = value
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder = placeholder
        self.size = size
        self.on_edit = on_edit
        self.check = check
        self.too_long = too_long
        self.on_refuse = on_refuse
        self.count = count
        self.refusal: str | None = None  # why the last typing was (partly) refused
        #: the value is a default the scene offers, not the user's (a seat's name that follows
        #: its kind): drawn in the placeholder's colour, so it reads as one; typing makes it theirs
        self.suggested = False
        self.focused = False
        self.hover = False
        self.selected_all = False        # the whole text is selected: typing replaces it
        self._fresh = False              # the focus came with the press being handled now

    def focusable(self) -> bool:
        return self.visible

    def gain_focus(self) -> None:
        """Called by the FocusRing when the focus moves here: select the whole text."""
        self.selected_all = bool(self.value)
        self._fresh = True

    def select_all(self) -> None:
        self.selected_all = bool(self.value)

    def _take_selection(self) -> bool:
        """Delete the selected text (all of it); True if there was a selection."""
        if not self.selected_all:
            return False
        self.selected_all = False
        self.value = ""
        return True

    def _edited(self) -> None:
        self.suggested = False
        if self.on_edit:
            self.on_edit(self.value)

    def handle(self, ev: inp.InputEvent) -> bool:
        if ev.kind == inp.MOVE:
            self.hover = self.rect.collidepoint(ev.lpos)
        elif ev.kind == inp.DOWN and ev.button == 1:
            if not self.rect.collidepoint(ev.lpos):
                return False
            if not self._fresh:                            # a second click: the caret, no selection
                self.selected_all = False
            self._fresh = False
            return True                                    # the FocusRing gave it the focus
        return False

    def key(self, ev: inp.InputEvent) -> bool:
        self._fresh = False
        if ev.kind == inp.TEXT:
            before = self.value
            reason = None
            typed = []
            for ch in ev.text:
                if not self.allowed(ch):
                    continue
                why = self.check(ch) if self.check is not None else None
                if why:
                    reason = reason or why
                else:
                    typed.append(ch)
            if typed:
                self._take_selection()
            for ch in typed:
                if len(self.value) < self.max_len:
                    self.value += ch
                else:
                    reason = reason or self.too_long or ngettext(
                        "At most {n} character here.", "At most {n} characters here.", self.max_len).format(n=self.max_len)
            self.refusal = reason
            if self.value != before:
                self._edited()
            if reason and self.on_refuse is not None:
                self.on_refuse(reason)
            return True
        if ev.kind != inp.KEY:
            return False
        if ev.key == pygame.K_a and ev.mod & pygame.KMOD_CTRL:
            self.select_all()
            return True
        if ev.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._take_selection():
            self._edited()
            return True
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected_all = False
            return True
        if ev.key == pygame.K_BACKSPACE:
            if self.value:
                if ev.mod & pygame.KMOD_CTRL:
                    self.value = self.value.rstrip()
                    self.value = self.value[:self.value.rfind(" ") + 1]
                else:
                    self.value = self.value[:-1]
                self._edited()
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP,
                      pygame.K_DOWN, pygame.K_F1, pygame.K_F11):
            return False                                  # for the scene: next field, Start, Back...
        return True  # swallow letters (hotkeys) while typing: they arrive as TEXT

    def draw(self, surf, ctx) -> None:
        border = (*T.GOLD, 255) if self.focused else ((255, 255, 255, 140) if self.hover else (255, 255, 255, 60))
        panel(surf, ctx, self.rect, (6, 14, 10, 230), radius=6, border=border, width=2 if self.focused else 1)
        shown = self.value or self.placeholder
        color = T.TEXT if self.value and not self.suggested else PLACEHOLDER
        if self.focused and self.selected_all and self.value:       # the selection behind the text
            v = ctx.view
            px = ctx.fonts.fit(shown, v.n(self.size), v.n(self.rect.width - 20))
            w, h = ctx.fonts.get(px).size(shown)
            sel = pygame.Rect(0, 0, w + v.n(4), h + v.n(2))
            sel.midleft = (v.pt(self.rect.x + 8, self.rect.centery))
            pygame.draw.rect(surf, T.PRIMARY, sel, border_radius=max(1, v.n(3)))
        room = self.rect.width - 20
        if self.count and self.focused:           # the limit, said as you type: "12/16"
            full = len(self.value) >= self.max_len
            label = _("{n}/{limit}").format(n=len(self.value), limit=self.max_len)
            c = text(surf, ctx, label, (self.rect.right - 8, self.rect.centery), 16, T.GOLD if full else (150, 160, 150),
                     anchor="midright")
            room -= c.w / ctx.view.s + 8
        r = text(surf, ctx, shown, (self.rect.x + 10, self.rect.centery), self.size, color, anchor="midleft",
                 max_w=room)
        if self.focused and not (self.selected_all and self.value):
            x = r.right + 2 if self.value else r.left
            pygame.draw.line(surf, T.TEXT, (x, r.top + 2), (x, r.bottom - 2), max(1, ctx.view.n(2)))


class FocusRing:
    """Which widget of a scene has the keyboard focus, and the keys that move it.

    ``handle(widgets, ev)`` runs before the widgets' own ``handle``: Tab /
    Shift+Tab move the focus, the focused widget gets keys and text first
    (``Widget.key``), then Up / Down (and Left / Right on a plain button) move
    the focus.  A mouse press moves the focus to the widget under the pointer
    (or nowhere).  ``draw`` outlines the focused widget."""

    def __init__(self) -> None:
        self.current: Widget | None = None
        self.index = 0

    @staticmethod
    def chain(widgets: Sequence[Widget]) -> list[Widget]:
        return [w for w in widgets if w.visible and w.focusable()]

    def set(self, w: Widget | None, widgets: Sequence[Widget] = ()) -> None:
        if self.current is not None:
            self.current.focused = False
        gained = w is not self.current
        self.current = w
        if w is not None:
            w.focused = True
            if gained and hasattr(w, "gain_focus"):
                w.gain_focus()
            ch = self.chain(widgets)
            if w in ch:
                self.index = ch.index(w)

    def focus(self, widgets: Sequence[Widget]) -> Widget | None:
        """The focused widget, re-found after the widgets were rebuilt (same place in the chain)."""
        ch = self.chain(widgets)
        if self.current in ch:
            return self.current
        role = getattr(self.current, "role", None)
        same = [w for w in ch if role is not None and getattr(w, "role", None) == role]
        if same:                                     # the same control, rebuilt
            self.set(same[0], widgets)
            return self.current
        if self.current is not None and ch:
            self.set(ch[min(self.index, len(ch) - 1)], widgets)
            return self.current
        return None

    def move(self, widgets: Sequence[Widget], step: int) -> None:
        ch = self.chain(widgets)
        if not ch:
            self.set(None)
            return
        cur = self.focus(widgets)
        i = ch.index(cur) + step if cur is not None else (0 if step > 0 else len(ch) - 1)
        self.set(ch[i % len(ch)], widgets)

    def handle(self, widgets: Sequence[Widget], ev: inp.InputEvent, shown: bool = True) -> bool:
        """``shown``: the ring is visible; when it is not, the first Tab or arrow only
        shows where the focus is."""
        if ev.kind == inp.DOWN:
            hit = [w for w in self.chain(widgets) if w.rect.collidepoint(ev.lpos)]
            self.set(hit[0] if hit else None, widgets)
            return False
        if ev.kind not in (inp.KEY, inp.TEXT):
            return False
        cur = self.focus(widgets)
        if ev.is_key(pygame.K_TAB):
            if not shown and cur is not None:
                return True
            self.move(widgets, -1 if ev.mod & pygame.KMOD_SHIFT else 1)
            return True
        if cur is not None and cur.key(ev):
            return True
        arrows = (pygame.K_UP, pygame.K_DOWN) + ((pygame.K_LEFT, pygame.K_RIGHT) if isinstance(cur, Button) else ())
        if ev.kind == inp.KEY and ev.key in arrows:
            if not shown and cur is not None:
                return True
            self.move(widgets, -1 if ev.key in (pygame.K_UP, pygame.K_LEFT) else 1)
            return True
        return False

    def draw(self, surf: pygame.Surface, ctx: Any, widgets: Sequence[Widget]) -> None:
        cur = self.current
        if cur is None or not cur.visible or cur not in widgets or isinstance(cur, TextField):
            return
        if not getattr(ctx, "keyboard_focus", True):
            return
        r = ctx.view.rect(cur.rect.inflate(10, 10))
        w = max(2, ctx.view.n(3))
        pygame.draw.rect(surf, (0, 0, 0), r.inflate(2 * w, 2 * w), width=w, border_radius=ctx.view.n(12))
        pygame.draw.rect(surf, T.FOCUS, r, width=w, border_radius=ctx.view.n(11))


class Toast:
    """A short message that fades after ``ttl`` seconds (state advanced in update)."""

    def __init__(self) -> None:
        self.msg = ""
        self.ttl = 0.0
        self.pos = (640.0, 60.0)
        self.error = False

    def show(self, msg: str, ttl: float = 2.5, pos: tuple[float, float] | None = None, error: bool = True) -> None:
        self.msg, self.ttl, self.error = msg, ttl, error
        if pos is not None:
            self.pos = pos

    def update(self, dt: float) -> None:
        self.ttl = max(0.0, self.ttl - dt)

    def rect(self, ctx, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """Where the toast shows (layout units; None when it does not): at its place, or the
        nearest place above or below that covers none of the ``avoid`` rects (the buttons)."""
        if self.ttl <= 0 or not self.msg:
            return None
        return clear_of(message_rect(ctx, self.msg, self.pos, bold=True), avoid)

    def draw(self, surf, ctx, avoid: Sequence[pygame.Rect] = ()) -> None:
        r = self.rect(ctx, avoid)
        if r is not None:
            message_box(surf, ctx, self.msg, r.center, self.error, bold=True)


def clear_of(r: pygame.Rect, avoid: Sequence[pygame.Rect], gap: int = 8,
             bounds: pygame.Rect = pygame.Rect(0, 0, 1280, 720)) -> pygame.Rect:
    """``r`` moved up or down (the least) so that it covers none of ``avoid`` and stays inside
    ``bounds``; ``r`` itself when it covers nothing, or when no such place exists."""
    avoid = [a.inflate(gap, gap) for a in avoid]
    if not any(r.colliderect(a) for a in avoid):
        return r
    tops = {a.top - gap // 2 - r.h for a in avoid} | {a.bottom + gap // 2 for a in avoid}
    for y in sorted(tops, key=lambda y: abs(y - r.y)):
        c = r.move(0, y - r.y)
        if bounds.contains(c) and not any(c.colliderect(a) for a in avoid):
            return c
    return r


def message_rect(ctx: Any, msg: str, center: tuple[float, float], bold: bool = False, size: float = 17,
                 max_w: float = 1160) -> pygame.Rect:
    """The layout rect of :func:`message_box` for ``msg`` centred on ``center``."""
    v = ctx.view
    lines = wrap(ctx, msg, size, max_w - 28, bold)
    font = ctx.fonts.get(v.n(size), bold)
    w = min(max_w, max(font.size(ln)[0] for ln in lines) / v.s + 28)
    h = size * 1.35 * len(lines) + 14
    x = min(max(center[0] - w / 2, 8), 1280 - w - 8)
    return pygame.Rect(round(x), round(center[1] - h / 2), round(w), round(h))


def message_box(surf: pygame.Surface, ctx: Any, msg: str, center: tuple[float, float], error: bool = True,
                bold: bool = False, size: float = 17, max_w: float = 1160) -> pygame.Rect:
    """A rounded box with ``msg`` word-wrapped to ``max_w`` layout units, centred on ``center``."""
    lines = wrap(ctx, msg, size, max_w - 28, bold)
    r = message_rect(ctx, msg, center, bold, size, max_w)
    line_h = size * 1.35
    panel(surf, ctx, r, T.ERROR_BG if error else (20, 60, 90, 235), radius=10, border=(255, 255, 255, 90))
    y = r.y + 7 + line_h / 2
    for ln in lines:
        text(surf, ctx, ln, (r.centerx, y), size, T.TEXT, bold=bold, anchor="center", max_w=r.w - 20)
        y += line_h
    return r


def handle_all(widgets: Sequence[Widget], ev: inp.InputEvent) -> bool:
    used = False
    for w in widgets:
        if w.visible and w.handle(ev):
            used = True
            if ev.kind in (inp.DOWN, inp.UP, inp.KEY):
                # a click or key goes to one widget; moves reach all for hover
                break
    return used
