"""Shared widgets: text, panels, buttons, segmented choices, text fields, toasts.

Widgets keep their rectangles in layout units (1280x720 space); ``draw`` maps
them through ``ctx.view``.  ``ctx`` is the App (it has ``view`` and ``fonts``).
``handle`` returns True when the widget used the event.  ``draw`` never changes
state.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from . import input as inp
from . import theme as T


def text(surf: pygame.Surface, ctx: Any, s: str, pos: tuple[float, float], size: float = 18,
         color=T.TEXT, bold: bool = False, anchor: str = "topleft", max_w: float | None = None,
         shadow: bool = False) -> pygame.Rect:
    """Draw ``s`` at layout position ``pos`` (size in layout px); returns the window rect."""
    v = ctx.view
    px = v.n(size)
    if max_w is not None:
        px = ctx.fonts.fit(s, px, v.n(max_w), bold)
    img = ctx.fonts.render(s, px, color, bold)
    r = img.get_rect(**{anchor: v.pt(*pos)})
    if shadow:
        surf.blit(ctx.fonts.render(s, px, (0, 0, 0), bold), r.move(max(1, px // 14), max(1, px // 14)))
    surf.blit(img, r)
    return r


def wrap(ctx: Any, s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap in layout units."""
    font = ctx.fonts.get(ctx.view.n(size), bold)
    maxw = ctx.view.n(width)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        cur = ""
        for w in words:
            t = (cur + " " + w) if cur else w
            if font.size(t)[0] <= maxw or not cur:
                cur = t
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


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

    def handle(self, ev: inp.InputEvent) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface, ctx: Any) -> None: ...


class Button(Widget):
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

    def colours(self):
        base, hover, fg = STYLES.get(self.style, STYLES["normal"])
        if not self.enabled:
            return T.BUTTON_DISABLED, (150, 156, 150)
        if self.selected:
            base = T.PRIMARY if self.style == "normal" else hover
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
            hr = text(surf, ctx, self.hint, (r.right - 8, r.centery), 16, (*fg[:3],), anchor="midright")
            hint_w = hr.width / ctx.view.s + 6
        text(surf, ctx, label, (r.centerx - hint_w / 2, r.centery), self.size, fg, bold=True, anchor="center",
             max_w=r.width - 16 - hint_w)


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

    def handle(self, ev: inp.InputEvent) -> bool:
        used = False
        for b in self.buttons:
            used = b.handle(ev) or used
        return used

    def draw(self, surf, ctx) -> None:
        for b in self.buttons:
            b.draw(surf, ctx)


class TextField(Widget):
    def __init__(self, rect, value: str = "", max_len: int = 16, allowed: Callable[[str], bool] | None = None,
                 placeholder: str = "", size: float = 18):
        self.rect = pygame.Rect(rect)
        self.value = value
        self.max_len = max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.placeholder = placeholder
        self.size = size
        self.focused = False
        self.hover = False
        self.blink = 0.0

    def handle(self, ev: inp.InputEvent) -> bool:
        if ev.kind == inp.MOVE:
            self.hover = self.rect.collidepoint(ev.lpos)
        elif ev.kind == inp.DOWN and ev.button == 1:
            self.focused = self.rect.collidepoint(ev.lpos)
            return self.focused
        elif self.focused and ev.kind == inp.TEXT:
            for ch in ev.text:
                if len(self.value) < self.max_len and self.allowed(ch):
                    self.value += ch
            return True
        elif self.focused and ev.kind == inp.KEY:
            if ev.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return ev.key != pygame.K_ESCAPE
            return True  # swallow other keys while typing
        return False

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surf, ctx) -> None:
        border = (*T.GOLD, 255) if self.focused else ((255, 255, 255, 140) if self.hover else (255, 255, 255, 60))
        panel(surf, ctx, self.rect, (6, 14, 10, 230), radius=6, border=border, width=2 if self.focused else 1)
        shown = self.value or self.placeholder
        color = T.TEXT if self.value else (150, 160, 150)
        r = text(surf, ctx, shown, (self.rect.x + 10, self.rect.centery), self.size, color, anchor="midleft",
                 max_w=self.rect.width - 20)
        if self.focused and self.blink < 0.55:
            x = r.right + 2 if self.value else r.left
            pygame.draw.line(surf, T.TEXT, (x, r.top + 2), (x, r.bottom - 2), max(1, ctx.view.n(2)))


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

    def draw(self, surf, ctx) -> None:
        if self.ttl <= 0 or not self.msg:
            return
        v = ctx.view
        px = v.n(17)
        w = ctx.fonts.get(px, True).size(self.msg)[0] / v.s + 28
        x = min(max(self.pos[0] - w / 2, 8), 1280 - w - 8)
        r = pygame.Rect(round(x), round(self.pos[1] - 19), round(w), 38)
        panel(surf, ctx, r, T.ERROR_BG if self.error else (20, 60, 90, 235), radius=10, border=(255, 255, 255, 90))
        text(surf, ctx, self.msg, r.center, 17, T.TEXT, bold=True, anchor="center")


def handle_all(widgets: Sequence[Widget], ev: inp.InputEvent) -> bool:
    used = False
    for w in widgets:
        if w.visible and w.handle(ev):
            used = True
            if ev.kind in (inp.DOWN, inp.UP, inp.KEY):
                # a click or key goes to one widget; moves reach all for hover
                break
    return used
