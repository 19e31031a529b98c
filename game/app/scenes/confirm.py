"""A question over the current screen: a title, a few lines, and a row of answers.

``app.push(ConfirmScene(app), title=..., lines=[...], choices=[(label, action, style), ...],
focus=k)``: each line is a string or ``(string, look)`` with look ``"bold"``, ``"dim"``, ``"path"`` (a file name, split only at its folder separators) or
``"text"``; an empty line is a small gap.  The screen below stays visible under a shade;
a button runs its action
after the dialog closes; Esc (and the last choice, by convention "Cancel") closes it
with nothing done.  The keyboard starts on ``choices[focus]`` (the safe answer).
"""
from __future__ import annotations

import re

from typing import Callable, Sequence

import pygame

from game.core.i18n import _
from .. import input as inp
from .. import theme as T
from ..scene import Scene
from ..widgets import Button, FocusRing, handle_all, panel, text, wrap

Choice = tuple[str, "Callable[[], None] | None", str]


def path_lines(ctx, path: str, size: float, width: float) -> list[str]:
    """A file's path on as few lines as fit ``width``, each line ending at a folder separator
    (a path is not words: it is never broken inside a folder's name where a separator can do)."""
    parts = re.split(r"(?<=[/\\])", path)
    out: list[str] = []
    for part in parts:
        if out and ctx.fonts.get(ctx.view.n(size)).size(out[-1] + part)[0] <= ctx.view.n(width):
            out[-1] += part
        else:
            out.append(part)
    return [p for p in out if p] or [""]


class ConfirmScene(Scene):
    overlay = True
    W = 720                      # the dialog's width (layout units)

    def enter(self, title: str = "", lines: Sequence[str] = (), choices: Sequence[Choice] = (),
              focus: int = 0, **_kw) -> None:
        self.title = title
        self.lines = list(lines)
        self.choices = list(choices) or [(_("OK"), None, "primary")]
        self.focus = FocusRing()
        self.layout()
        self.focus.set(self.widgets[min(max(focus, 0), len(self.widgets) - 1)], self.widgets)

    def layout(self) -> None:
        """Wrapped lines, the dialog's height and the buttons along its bottom."""
        w = self.W
        self.wrapped: list[tuple[str, str]] = []
        body_h = 0
        for item in self.lines:
            line, look = (item, "text") if isinstance(item, str) else item
            if not line:
                self.wrapped.append(("", "gap"))
                body_h += 12
                continue
            lines = path_lines(self.app, line, 18, w - 80) if look == "path" else \
                wrap(self.app, line, 18, w - 80, bold=look == "bold")
            for ln in lines:
                self.wrapped.append((ln, look))
                body_h += 27
        h = 70 + body_h + 28 + 56 + 30
        self.rect = pygame.Rect(640 - w // 2, round(360 - h / 2), w, h)
        n = len(self.choices)
        gap = 16
        bw = min(240, (w - 60 - gap * (n - 1)) // n)
        x0 = 640 - (n * bw + (n - 1) * gap) // 2
        y = self.rect.bottom - 30 - 56
        self.widgets = []
        for i, (label, action, style) in enumerate(self.choices):
            b = Button((x0 + i * (bw + gap), y, bw, 56), label, (lambda a=action: self.choose(a)),
                       style=style, size=18)
            b.two_lines = True
            self.widgets.append(b)

    def choose(self, action: Callable[[], None] | None) -> None:
        self.app.pop()
        if action is not None:
            action()

    def handle(self, ev: inp.InputEvent) -> None:
        if self.focus.handle(self.widgets, ev, shown=getattr(self.app, "keyboard_focus", True)):
            return
        if handle_all(self.widgets, ev):
            return
        if ev.is_key(pygame.K_ESCAPE):
            self.app.pop()

    def resize(self, size) -> None:
        self.layout()

    def animating(self) -> bool:
        return False

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(T.panel_surface(surf.get_size(), 0, (0, 0, 0, 150)), (0, 0))
        r = self.rect
        panel(surf, self.app, r, (10, 22, 16, 245), radius=16, border=(*T.GOLD, 140), width=2)
        text(surf, self.app, self.title, (r.centerx, r.y + 40), 26, T.GOLD, bold=True, anchor="center",
             max_w=r.width - 60)
        y = r.y + 84
        for ln, look in self.wrapped:
            if look == "gap":
                y += 12
                continue
            text(surf, self.app, ln, (r.centerx, y), 18, T.TEXT_DIM if look in ("dim", "path") else T.TEXT,
                 bold=look == "bold", anchor="center", max_w=r.width - 60)
            y += 27
        for w in self.widgets:
            w.draw(surf, self.app)
        self.focus.draw(surf, self.app, self.widgets)
