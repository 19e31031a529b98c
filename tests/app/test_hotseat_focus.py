"""Hot seat: the keyboard focus ring one person left in their hand is not shown in the next
person's hand (play-test: after Player 1 played with the keyboard, Player 2's hand came up with
the ring on the same position, telling Player 2 where Player 1's cursor had been)."""
from __future__ import annotations

import pygame



def key(h, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    h.step()


def lift_next_curtain(h, t):
    assert h.run_until(lambda: t.curtain_for is not None and not t.busy(), 3000)
    key(h, pygame.K_RETURN)
    assert h.run_until(lambda: t.curtain_for is None and not t.busy(), 3000)


def test_the_next_person_in_hot_seat_does_not_inherit_the_focus_ring(harness):
    h = harness
    h.start(seats="human,human,human", seed=2)
    t = h.table
    lift_next_curtain(h, t)
    first = t.viewer
    assert t.can_play() and t.hand.focus is None
    for _ in range(6):
        key(h, pygame.K_RIGHT)                       # the first person's cursor: the sixth card
    assert t.hand.focus == 5
    key(h, pygame.K_SPACE)
    key(h, pygame.K_RETURN)                          # play it (the family picker on a free turn)
    if t.table.picker is not None:
        key(h, pygame.K_1)
    assert t.match.log[-1].kind == "discard"
    lift_next_curtain(h, t)                          # the next person answers Bluff! or plays
    assert t.viewer != first
    assert t.hand.focus is None and t.hand.focused() is None
