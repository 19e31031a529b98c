"""The only place that reads pygame's event queue.

``pump(view)`` (or ``wait(view, timeout)`` in an idle loop) turns raw pygame events into :class:`InputEvent` values with
both window (``pos``) and layout (``lpos``) coordinates, so scenes never see
pygame events and never call ``pygame.event.get`` themselves.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import pygame

from .theme import View

# kinds
DOWN, UP, MOVE, WHEEL, KEY, KEYUP, TEXT, RESIZE, QUIT, FOCUS, EXPOSE, ENTER = (
    "down", "up", "move", "wheel", "key", "keyup", "text", "resize", "quit", "focus", "expose", "enter")
# FOCUS: the window lost the keyboard or the pointer left it; ENTER: the pointer came over the
# window (it opened under it, or came back): the motion that comes with it is no move of the
# person's (a table shows no tip for it)

#: keys that move or use the keyboard focus (they turn the focus ring on)
NAV_KEYS = frozenset((pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
                      pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))


#: the number row by position (scancode) -> its digit: on AZERTY those keys give "&", "é", "\""...
#: without Shift, so the digit answers (1-9: Boss Quest's "Take", a choice panel, KTM's names)
#: follow the key's place, as on QWERTY and QWERTZ, and its label ("1") on every layout
DIGIT_ROW = {getattr(pygame, f"KSCAN_{d}"): getattr(pygame, f"K_{d}") for d in "1234567890"}


def key_of(e: pygame.event.Event) -> int:
    """The key of a key event: a key of the number row is its digit whatever the layout says."""
    k = e.key
    if pygame.K_0 <= k <= pygame.K_9:
        return k
    return DIGIT_ROW.get(getattr(e, "scancode", 0), k)


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
        return InputEvent(KEY, key=key_of(e), mod=e.mod, text=getattr(e, "unicode", "") or "")
    if t == pygame.KEYUP:
        return InputEvent(KEYUP, key=key_of(e), mod=e.mod)
    if t == pygame.TEXTINPUT:
        return InputEvent(TEXT, text=e.text)
    if t in (pygame.VIDEORESIZE,):
        return InputEvent(RESIZE, size=(int(e.w), int(e.h)))
    if t == pygame.WINDOWSIZECHANGED:
        return InputEvent(RESIZE, size=(int(e.x), int(e.y)))
    if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
        return InputEvent(FOCUS)
    if t == pygame.WINDOWENTER:
        return InputEvent(ENTER)
    if t in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
        return InputEvent(EXPOSE)   # the window needs painting again
    return None


def wait(view: View, timeout_ms: int, poll_ms: int = 12) -> list[InputEvent]:
    """Sleep until an event arrives or ``timeout_ms`` passes (the idle loop), then
    drain the queue like :func:`pump`.  It sleeps in ``poll_ms`` steps: pygame's own
    ``event.wait`` polls every millisecond, which costs about 3% of a core while idle
    (``docs/PERFORMANCE.md``); this costs under 1% and answers within ``poll_ms``."""
    end = time.monotonic() + timeout_ms / 1000
    while not pygame.event.peek():
        left = end - time.monotonic()
        if left <= 0:
            break
        time.sleep(min(poll_ms / 1000, left))
    return pump(view)


def forget(kind: int) -> None:
    """Drop the queued SDL events of one type, leaving the rest in order (the headless harness
    drops the dummy driver's start-up WINDOWENTER: no pointer is over a windowless app).  Left
    in the queue, the first posted motion of the process was taken for
    the pointer's arrival (a test's first click then came "without the pointer moving").
    (``pygame.event.clear(kind)`` cannot do it: SDL keeps a window event under one type until
    pygame reads it, so the queue is read whole and the rest put back in order.)"""
    for e in pygame.event.get():
        if e.type != kind:
            pygame.event.post(e)


def pump(view: View) -> list[InputEvent]:
    """Drain pygame's queue (the single call site of ``pygame.event.get``)."""
    out: list[InputEvent] = []
    for e in pygame.event.get():
        ie = translate(e, view)
        if ie is not None:
            out.append(ie)
    return out
