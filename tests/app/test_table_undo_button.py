"""Issue 25: Undo on the table, not only in the pause menu.  The kit's button shows exactly
when the match allows the viewer an undo (``undo_refusal() is None``): after a human move that
may be taken back, never across a reveal, never in a lesson, never behind a hot-seat curtain;
it sits beside the top bar's buttons, clear of every zone of the layout, at all five tables;
U at the table does the same."""
from __future__ import annotations

import pygame
import pytest

from game.core import registry

SEATS = {"masterbluff": "human,ai,ai", "court": "human,ai", "death": "human,ai,ai,ai",
         "ktm": "human,ai,ai,ai", "bossquest": "human,ai,ai"}


def drawn_undo(h, t) -> bool:
    """Whether a frame's drawing shows the Undo button (its label is rendered at its place)."""
    return t.undo_shown() and t.undo_button.rect in t.widget_rects()


def play_a_move(h, t, max_frames=20000):
    """Step until the human made a move of their own that the match lets them take back."""
    for _ in range(max_frames):
        assert t.undo_shown() == (t.undo_refusal() is None)
        if t.undo_shown() and not t.busy():
            return
        if not h.play_once():
            h.step()
    raise AssertionError("no move that may be undone")


@pytest.mark.parametrize("game", list(SEATS))
def test_the_button_appears_after_a_move_and_undoes_it(harness, game):
    h = harness
    h.start(game, SEATS[game], seed=5)
    t = h.table
    assert not t.undo_shown()                     # no move of the viewer's yet
    play_a_move(h, t)
    mine = sum(a.seat == t.viewer for a in t.match.log)
    assert mine
    assert drawn_undo(h, t)
    h.click(h.app.view.rect(t.undo_button.rect).center)
    h.step()
    assert sum(a.seat == t.viewer for a in t.match.log) == mine - 1     # the move is taken back
    assert any("taken back" in ln for ln in t.log_lines)


@pytest.mark.parametrize("game", list(SEATS))
def test_the_button_covers_nothing(harness, game):
    """Beside the top bar's buttons, on the screen, clear of them and of every layout zone,
    at every player count the layout draws (and a ring's few counts)."""
    h = harness
    rules = registry.get(game)
    counts = sorted({rules.min_players, min(rules.max_players, 5), rules.max_players})
    for n in counts:
        h.start(game, ",".join(["human"] + ["ai"] * (n - 1)), seed=1)
        t = h.table
        r = t.undo_button.rect
        assert r.h >= 28 and r.w >= 90
        assert pygame.Rect(0, 0, 1280, 720).contains(r)
        assert r.collidelist([b.rect for b in t.top_buttons]) < 0, (game, n)
        hit = [z for z in t.layout_zones() if r.colliderect(z)]
        assert not hit, (game, n, r, hit)
        # and clear of the seats' plates as drawn at this count
        for seat in range(t.n):
            for what in ("name", "hand"):
                try:
                    z = t.zone(seat, what)
                except KeyError:
                    continue
                assert not r.colliderect(z), (game, n, seat, what)


def test_u_at_the_table_undoes(harness):
    h = harness
    h.start("court", SEATS["court"], seed=5)
    t = h.table
    play_a_move(h, t)
    n = len(t.match.log)
    h.key(pygame.K_u)
    assert len(t.match.log) < n


def test_never_across_a_reveal(harness):
    """MasterBluff: the human calls Bluff!; from the reveal on, the match refuses the undo and
    the button is gone (every frame agrees with the match's refusal)."""
    h = harness
    h.start("masterbluff", "human,ai,ai", seed=2024)
    t = h.table
    for _ in range(20000):
        assert t.undo_shown() == (t.undo_refusal() is None)
        if t.pending_humans():
            break
        if not h.play_once():
            h.step()
    n = len(t.match.log)
    h.step(n=30)                                    # past ANSWER_GUARD: the question was read
    h.key(pygame.K_b)
    h.run_until(lambda: not t.busy(), 2000)
    assert any(e.kind == "reveal" for evs in t.match.action_events[n:] for e in evs)
    assert "cannot be taken back" in (t.match.undo_refusal(t.viewer) or "")
    assert not t.undo_shown() and t.undo_button.rect not in t.widget_rects()
    log = len(t.match.log)
    h.click(h.app.view.rect(t.undo_button.rect).center)          # a click where it would be
    h.step()
    assert len(t.match.log) >= log


def test_never_in_a_lesson(harness):
    """The whole lesson, followed by its own gestures (Next, the moves it asks for) to its
    recap: no Undo on any frame.  (It used to play with ``play_once``, which cannot press a
    lesson's Next: the lesson stood still after its prelude for all 3,000 frames.)"""
    h = harness
    h.lesson("court")
    t = h.table
    guide, before = t.lesson, len(t.match.log)
    for _ in range(20000):
        assert not t.undo_shown()
        if guide.recap_open or h.table is not t:
            break
        g = guide.gesture()
        h.do_gesture(g) if g else h.step()
    assert guide.recap_open, f"the lesson stopped at step {guide.run.index + 1}"
    assert any(a.seat == t.viewer for a in t.match.log[before:])      # the learner did move


def test_never_behind_a_hot_seat_curtain(harness):
    h = harness
    h.start("masterbluff", "human,human,ai", seed=3)
    t = h.table
    curtains = shown = 0
    for _ in range(6000):
        if t.curtain_for is not None or t.hand_hidden:
            curtains += 1
            assert not t.undo_shown() and t.undo_button.rect not in t.widget_rects()
        shown += t.undo_shown()
        if len(t.match.log) > 12:
            break
        if not h.play_once():
            h.step()
    assert curtains > 0


@pytest.mark.parametrize("game", list(SEATS))
def test_the_button_moves_clear_of_the_not_saved_sign(harness, game):
    """Saving fails after the table opened: the "Not saved" sign joins the top bar, and Undo
    moves beside it (it was placed at the start, when the sign was not there): the two never
    overlap, and Undo goes back when saving works again."""
    h = harness
    h.start(game, SEATS[game], seed=5)
    t = h.table
    before = pygame.Rect(t.undo_button.rect)
    t.set_save_error("Read-only file system")
    assert t.unsaved_button in t.top_buttons
    assert not t.undo_button.rect.colliderect(t.unsaved_button.rect)
    for b in t.top_buttons:
        assert not t.undo_button.rect.colliderect(b.rect)
    t.set_save_error(None)
    assert t.undo_button.rect == before
