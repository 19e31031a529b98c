"""Keys at the tables, from a new user's trial (issue 25 follow-up): an answer key applies only
to the question on the screen when it was pressed; Boss Quest's things can be focused and
explained by keyboard; Tab, Home and End move the hand's focus; H explains a lone card; the
pause menu's Up/Down move its focus; a pointer leaving the window clears hover and tips."""
from __future__ import annotations

import pygame

from game.app.main import parse_seats
from game.core.i18n import _
from game.match import Match
from game.rules.masterbluff import call, pass_

YOU, LEFT, RIGHT = 0, 1, 2


def key_down(h, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    h.step()


def key_up(h, key):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    h.step()


def mb_window_for_you(h):
    """MasterBluff (you, 2 AIs): the AI on your left declares, the AI after it passes, and the
    Bluff! window waits for you."""
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai"), options={"dealer": 0}, seed=3))
    h.step()
    t = h.table

    def script(seat):
        st = t.match.state
        if st.window is not None and st.last.seat == LEFT and seat == RIGHT:
            return pass_(RIGHT)
        return None
    t.pacer.script = script
    return t


# ---------------------------------------------------------------- 1. answer keys and their question
def test_an_answer_key_right_as_a_new_question_appears_is_not_taken(harness):
    h = harness
    t = mb_window_for_you(h)
    assert h.run_until(lambda: bool(t.answers), 3000)
    h.key(pygame.K_b)                                # pressed as the question appeared: for the one before
    assert call(YOU) not in t.match.log
    assert t.toast.ttl > 0 and _("Too quick") in t.toast.msg
    h.step(n=30)                                     # half a second to read it
    h.key(pygame.K_b)
    assert call(YOU) in t.match.log


def test_a_key_held_since_before_the_question_never_answers_it(harness):
    h = harness
    t = mb_window_for_you(h)
    key_down(h, pygame.K_n)                          # held down from before the window opened
    assert h.run_until(lambda: bool(t.answers), 3000)
    h.step(n=60)
    key_down(h, pygame.K_n)                          # the key's auto-repeat, a second later
    assert pass_(YOU) not in t.match.log
    key_up(h, pygame.K_n)
    h.key(pygame.K_n)                                # released and pressed again: it counts
    assert pass_(YOU) in t.match.log
