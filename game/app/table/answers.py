"""The answer buttons: a person's out-of-turn answers ("Bluff!", "Pass", "Stand"), built from
the game's ``answer_buttons(seat, legal)`` in the layout's ``buttons`` zone (a part of the
table kit).

Input made before a question appeared never answers it (``guard.py``): a new set of buttons
ignores a click that came without the pointer moving for ``GUARD`` seconds, and a key for an
answer within ``GUARD`` of a new question is refused ("Too quick"), while a key already down
when the question appeared never counts until released.  The part reads an
:class:`AnswerContext` only.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, NamedTuple

import pygame

from game.core.i18n import _
from .. import input as inp
from ..widgets import Button
from .guard import Guard


class AnswerContext(NamedTuple):
    """What the answer buttons read of the table."""
    time: Callable[[], float]                     # the table's clock
    keys_down: set                                # the keys pressed and not yet released (live)
    moves: Callable[[], int]                      # how many moves the match has made
    pending: Callable[[], list]                   # the humans who may answer now (at most the viewer)
    specs: Callable[[int], list]                  # a seat's (action, label, style, keys) answers
    prompt: Callable[[], Hashable]                # what the buttons answer now (a new value: a new question)
    area: Callable[[], pygame.Rect]               # where the buttons sit (layout units)
    answer: Callable[[Any], None]                 # a button was pressed: play its action
    say: Callable[[str, tuple], None]             # a short message at a place


class AnswerButtons:
    #: seconds a new set of answer buttons ignores a click that came with no pointer movement
    GUARD = 0.4

    def __init__(self, ctx: AnswerContext) -> None:
        self.ctx = ctx
        self.buttons: list[Button] = []
        self.key: tuple | None = None             # (who may answer, moves) the buttons were built for
        self.labels: tuple[str, ...] = ()         # the last set of answer buttons shown
        self.guard = Guard()                      # clicks on a new set of buttons
        self.keys_guard = Guard()                 # keys for a new question
        self.question: tuple | None = None        # the question the answer keys answer
        self.moves = -1

    def refresh(self) -> None:
        """Build the buttons again when who may answer, or the move, changed."""
        c = self.ctx
        who = c.pending()
        key = (tuple(who), c.moves())
        if key == self.key:
            return
        self.key = key
        self.buttons = []
        if not who:
            return
        seat = who[0]
        specs = c.specs(seat)
        self._arm(specs)
        self._arm_keys(specs)
        z = c.area()
        gap = 16
        w = (z.width - gap * (len(specs) - 1)) // max(1, len(specs))
        for i, (action, label, style, keys) in enumerate(specs):
            hint = (_("Enter") if keys[0] == pygame.K_RETURN else pygame.key.name(keys[0]).upper()) if keys else ""
            b = Button((z.x + i * (w + gap), z.y, w, z.h), label, (lambda a=action: c.answer(a)),
                       style=style, keys=keys, hint=hint, size=20)
            b.seat = seat
            b.action = action
            self.buttons.append(b)

    def _arm(self, specs) -> None:
        """Buttons never change under a waiting click: when the answer buttons become another
        set (a window closed under the pointer, "Pass" became "Move left"), a mouse click on
        them counts only once the pointer has moved or ``GUARD`` seconds have passed."""
        labels = tuple(label for _a, label, _s, _k in specs)
        if labels != self.labels:
            self.labels = labels
            self.guard.arm(self.ctx.time(), self.ctx.keys_down)

    def _arm_keys(self, specs) -> None:
        """A key answers only the question that was on the screen when it was pressed: when a
        new question's buttons appear, their keys count only after ``GUARD`` seconds, and a key
        already down then never counts until it is released and pressed again."""
        c = self.ctx
        ident = (tuple(label for _a, label, _s, _k in specs), c.prompt())
        moved = c.moves() != self.moves          # only a move brings a new question (the
        self.moves = c.moves()                   # person's own Esc or Cancel does not)
        if ident != self.question and (moved or self.question is None):
            self.question = ident
            self.keys_guard.arm(c.time(), c.keys_down)

    def keys_ready(self) -> bool:
        """Whether ``GUARD`` has passed since the buttons' question appeared."""
        return not self.keys_guard.recent(self.ctx.time(), self.GUARD)

    def armed(self) -> bool:
        """Whether a click without pointer movement may press the buttons now."""
        return not self.guard.stray_click(self.ctx.time(), self.GUARD)

    def key_guarded(self, ev: inp.InputEvent) -> bool:
        """Whether the key ``ev`` is for an answer button but was pressed before its question
        could be read; says so when it was a fresh press."""
        if ev.kind != inp.KEY or not any(ev.key in b.keys and b.enabled for b in self.buttons):
            return False
        if ev.key in self.keys_guard.held:
            return True                          # held (or repeating) since before: never counts
        if self.keys_guard.recent(self.ctx.time(), self.GUARD):
            self.ctx.say(_("Too quick: this question has just appeared. Press the key again to answer it"),
                         self.ctx.area().center)
            return True
        return False

    def handle(self, ev: inp.InputEvent) -> bool:
        """An input event for the buttons: True when they took it (a press, or a guarded late
        click or key that must go nowhere)."""
        if ev.kind == inp.MOVE:
            self.guard.moved()
        elif ev.kind in (inp.DOWN, inp.UP) and not self.armed() and \
                any(b.rect.collidepoint(ev.lpos) for b in self.buttons):
            return True                          # a late click meant for what was here before
        if self.key_guarded(ev):
            return True                          # a key meant for the question before
        for b in self.buttons:
            if b.handle(ev) and ev.kind != inp.MOVE:
                return True
        return False

    def key_released(self, key: int) -> None:
        self.keys_guard.released(key)

    def forget_keys(self) -> None:
        """The window lost the keyboard: no key-up will come for the keys down."""
        self.keys_guard.forget_keys()
