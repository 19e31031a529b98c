"""A reveal, a score sheet or a Continue ignores input made before it appeared (issue 25): a key
still held down (or auto-repeating) since the AI's turns is no answer to it, nor is a click that
came without the pointer moving in its first ``PANEL_GUARD`` seconds; a fresh key press or a
click after the guard works.  The kit's rule, for every table (driven through posted events)."""
from __future__ import annotations

import pygame
import pytest


def key_down(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def key_up(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def still_click(h, pos) -> None:
    """A click with no pointer movement (a stray second click)."""
    h.post_mouse("down", pos)
    h.post_mouse("up", pos)
    h.step()


def to_panel_with_space_held(h, t) -> None:
    """Play on (the human's simple moves) with Space pressed and never released from the AI's
    turns on, until a step waits for Continue."""
    held = False
    for _ in range(40000):
        if t.continue_shown():
            assert held
            return
        if not held and t.busy() and t.humans and t.viewer not in t.match.to_act():
            key_down(pygame.K_SPACE)              # pressed during the AI's turns, still down
            held = True
            h.step()
            continue
        if not h.play_once():
            h.step()
    raise AssertionError("no step ever waited for Continue")


@pytest.mark.parametrize("game,seats", [("death", "human,ai,ai"), ("masterbluff", "human,ai,ai")])
def test_a_key_held_from_before_and_a_stray_click_never_dismiss_a_panel(harness_at, game, seats):
    h = harness_at("normal")
    h.start(game, seats=seats, seed=3)
    t = h.table
    if game == "masterbluff":                     # the Bluff! reveal: no Continue of its own, a held
        for _ in range(40000):                    # key and a stray click leave it up all its time
            if t.reveal is not None:
                break
            if not h.play_once(bluff=True):
                h.step()
        assert t.reveal is not None
        key_down(pygame.K_SPACE)
        still_click(h, h.app.view.pt(640, 360))
        assert t.reveal is not None
        key_up(pygame.K_SPACE)
        return
    to_panel_with_space_held(h, t)
    r = t.continue_button.rect
    at = h.app.view.pt(*r.center)
    for _ in range(3):                            # auto-repeat of the held key
        key_down(pygame.K_SPACE)
        h.step()
        assert t.continue_shown(), "a key held since before the Continue dismissed it"
    still_click(h, at)                            # a stray click at once, the pointer unmoved
    assert t.continue_shown(), "a stray click dismissed the Continue it never saw"
    key_up(pygame.K_SPACE)
    h.step(dt=t.PANEL_GUARD)
    still_click(h, at)                            # after the guard a click counts
    assert not t.continue_shown()


def test_a_fresh_key_press_continues_at_once(harness_at):
    h = harness_at("normal")
    h.start("death", seats="human,ai,ai", seed=3)
    t = h.table
    to_panel_with_space_held(h, t)
    key_up(pygame.K_SPACE)
    h.step()
    assert t.continue_shown()
    h.key(pygame.K_SPACE)                         # pressed after it appeared: Continue
    assert not t.continue_shown()
