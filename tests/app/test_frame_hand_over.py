"""The threads a frame hands work to (the phones' server, the save writer) are woken after the
frame's flip, not inside the frame: the App's loop draws with ``hand_over=False``, flips, then
calls ``App.hand_over()``.  The phones' server took the interpreter at its wake-up, measured as
0.3 ms a frame inside it (docs/PERFORMANCE.md, the phones' at-once row)."""
from __future__ import annotations

from tests.app.test_phone_table import Phones, loopback, open_table  # noqa: F401  (the fixture)


def held(h) -> tuple[int, int]:
    """(the phones' server's open batches, the save writer's open holds)."""
    return h.app.phones.server._held, h.app.saves._held


def test_a_frame_wakes_the_phones_server_and_the_writer_only_when_handed_over(harness):
    h = harness
    open_table(h, "death", "phone,phone,ai", seed=2)
    phones = Phones(h)
    try:
        assert held(h) == (0, 0)
        h.app.frame(0.016, hand_over=False)
        assert held(h) == (1, 1), "the frame woke them inside it"
        h.app.hand_over()                                    # the loop, after its flip
        assert held(h) == (0, 0)
        h.app.frame(0.016, hand_over=False)
        h.app.frame(0.016, hand_over=False)                  # a frame not handed over: the next one does it
        assert held(h) == (1, 1)
        h.app.hand_over()
        h.app.frame(0.016)                                   # a test's frame hands over at its end
        assert held(h) == (0, 0)
    finally:
        phones.close()


def test_the_apps_loop_hands_over_after_the_flip(harness, monkeypatch):
    """``App.loop``: the frame, the flip, then the hand-over (one loop turn, then it stops)."""
    import pygame

    h = harness
    open_table(h, "death", "phone,phone,ai", seed=2)
    phones = Phones(h)
    seen: list = []
    try:
        monkeypatch.setattr(pygame.display, "flip", lambda: seen.append(("flip", held(h))))
        real = h.app.hand_over
        monkeypatch.setattr(h.app, "hand_over", lambda: (seen.append(("hand over", held(h))), real())[1])
        monkeypatch.setattr(h.app, "shutdown", lambda: None)
        h.app.dirty = True
        monkeypatch.setattr(h.app, "idle", lambda: (setattr(h.app, "running", bool(seen) is False), False)[1])
        h.app.running = True
        h.app.loop()
        assert ("flip", (1, 1)) in seen and seen.index(("flip", (1, 1))) < seen.index(("hand over", (1, 1)))
        assert held(h) == (0, 0)
    finally:
        phones.close()
