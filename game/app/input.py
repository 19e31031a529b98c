"""The only place that reads pygame's event queue.

``pump(view)`` turns raw pygame events into :class:`InputEvent` values with
both window (``pos``) and layout (``lpos``) coordinates, so scenes never see
pygame events and never call ``pygame.event.get`` themselves.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from .theme import View

# kinds
DOWN, UP, MOVE, WHEEL, KEY, KEYUP, TEXT, RESIZE, QUIT, FOCUS = (
    "down", "up", "move", "wheel", "key", "keyup", "text", "resize", "quit", "focus")


@dataclass(frozen=True)
class InputEvent:
    kind: str
    pos: tuple[int, int] = (0, 0)          # window pixels
    lpos: tuple[float, float] = (0.0, 0.0)  # layout units (1280x720 space)
    button: int = 0
    key: int = 0
    mod: int = 0
    text: str = ""
    size: tuple[int, int] = (0, 0)
    wheel: int = 0

    def is_key(self, *keys: int) -> bool:
        return self.kind == KEY and self.key in keys


def translate(e: pygame.event.Event, view: View) -> InputEvent | None:
    t = e.type
    if t == pygame.QUIT:
        return InputEvent(QUIT)
    if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if e.button in (4, 5):  # legacy wheel buttons: MOUSEWHEEL handles them
            return None
        pos = tuple(int(v) for v in e.pos)
        return InputEvent(DOWN if t == pygame.MOUSEBUTTONDOWN else UP, pos, view.logical(pos), button=e.button)
    if t == pygame.MOUSEMOTION:
        pos = tuple(int(v) for v in e.pos)
        return InputEvent(MOVE, pos, view.logical(pos), button=1 if e.buttons and e.buttons[0] else 0)
    if t == pygame.MOUSEWHEEL:
        return InputEvent(WHEEL, wheel=int(e.y))
    if t == pygame.KEYDOWN:
        return InputEvent(KEY, key=e.key, mod=e.mod, text=getattr(e, "unicode", "") or "")
    if t == pygame.KEYUP:
        return InputEvent(KEYUP, key=e.key, mod=e.mod)
    if t == pygame.TEXTINPUT:
        return InputEvent(TEXT, text=e.text)
    if t in (pygame.VIDEORESIZE,):
        return InputEvent(RESIZE, size=(int(e.w), int(e.h)))
    if t == pygame.WINDOWSIZECHANGED:
        return InputEvent(RESIZE, size=(int(e.x), int(e.y)))
    if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
        return InputEvent(FOCUS)
    return None


def pump(view: View) -> list[InputEvent]:
    """Drain pygame's queue (the single call site of ``pygame.event.get``)."""
    out: list[InputEvent] = []
    for e in pygame.event.get():
        ie = translate(e, view)
        if ie is not None:
            out.append(ie)
    return out
