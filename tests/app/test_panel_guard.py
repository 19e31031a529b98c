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


def test_at_the_instant_speed_the_bluff_reveal_stays_long_enough_to_read(harness):
    """At the Instant speed the Bluff! reveal had no time of its own: its cards were never on
    screen.  It stays ``REVEAL_LEAST`` seconds, whatever is pressed or clicked meanwhile."""
    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=3)
    t = h.table
    assert t.anim_scale == 0
    assert h.autoplay(lambda: t.reveal is not None, 200000, bluff=True), "the reveal was never on screen"
    frames = 0
    while t.reveal is not None and frames < 1000:
        if frames in (1, 10):
            key_down(pygame.K_RETURN)
            still_click(h, h.app.view.pt(640, 360))
            key_up(pygame.K_RETURN)
        h.step()
        frames += 1
    assert frames / 60 >= t.table.REVEAL_LEAST - 2 / 60, f"the reveal stayed {frames} frames"
    assert t.reveal is None


def test_at_the_instant_speed_a_round_summary_waits_for_a_fresh_continue(harness):
    """At the Instant speed the round's scores were never on screen.  The summary waits for
    Continue; a key held from the AI's turns does not dismiss it, a fresh press does."""
    h = harness
    h.start("court", seats="human,ai", seed=3)
    t = h.table
    up = (lambda: t.sheet is not None)
    assert t.anim_scale == 0
    key_down(pygame.K_KP_ENTER)                   # pressed during play and never released
    h.step()
    assert h.autoplay(up, 200000), "the summary never stayed on screen"
    for _ in range(3):                            # auto-repeat of the held key: no answer
        key_down(pygame.K_KP_ENTER)
        h.step(n=10)
        assert up() and t.continue_shown()
    key_up(pygame.K_KP_ENTER)
    h.step()
    assert up()
    h.key(pygame.K_KP_ENTER)                      # a fresh press: Continue
    h.step(n=3)
    assert not (up() and t.continue_shown())


def test_at_the_instant_speed_king_thief_minister_s_last_reveal_stays_long_enough_to_read(harness, monkeypatch):
    """The same cause at King Thief Minister: every card face up at the end of a claim had no
    time of its own at the Instant speed."""
    import random

    from game.match import Match, SeatSpec

    h = harness
    m = Match("ktm", [SeatSpec(f"P{i}", "human" if i == 0 else "ai", "easy") for i in range(3)], seed=1)
    rnd = random.Random(1)
    while not any(e.kind == "reveal_all" for e in m.submit(rnd.choice(list(m.legal(m.to_act()[0]))))):
        pass                                     # seed 1: move 131 reveals every card
    actions, a = list(m.log[:-1]), m.log[-1]
    m = Match("ktm", list(m.seats), seed=1)
    for b in actions:
        m.submit(b)
    from game.app.table import pacer

    monkeypatch.setattr(pacer.AIPacer, "update", lambda self, dt, submit: None)   # nobody else moves
    h.start(match=m)
    t = h.table
    assert t.anim_scale == 0 and not t.busy()
    assert t.submit(a), t.toast.msg
    line = next(t.table.describe("reveal_all", e.data) for e in t.match.action_events[-1] if e.kind == "reveal_all")
    frames = 0
    for _ in range(600):
        h.step()
        frames += t.steps.step is not None and t.steps.step.caption == line
    assert frames / 60 >= t.table.REVEAL_LEAST - 2 / 60, f"the cards stayed face up {frames} frames"
