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


# ---------------------------------------------------------------- 2. Boss Quest by keyboard
def bq_my_turn(h):
    h.start("bossquest", seats="human,ai,ai", seed=5)
    t = h.table
    assert h.run_until(lambda: t.can_play() and t.shown.phase == "play", 3000)
    return t


def test_boss_quest_arrows_focus_the_spells_and_h_explains_them(harness):
    h = harness
    t = bq_my_turn(h)
    h.key(pygame.K_RIGHT)
    spot = t.help_focused()
    assert spot is not None and spot.key[0] == "spell" and spot.key[1] == 0   # the Magician's first spell
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key == spot.key and shown.line == spot.line
    while t.help_focused().key[2] is None:            # a face-down mystery spell: on to a face-up one
        h.key(pygame.K_RIGHT)
    h.key(pygame.K_h)
    f = t.help_focused().key[2]
    assert t.help_shown().line == t.help_line(f) and f.startswith("spell")
    kinds = set()
    for _i in range(40):                              # Tab goes on through the boss and the weapons
        h.key(pygame.K_TAB)
        kinds.add(t.help_focused().key[0])
    assert {"spell", "boss", "weapon"} <= kinds or {"spell", "boss", "hidden"} <= kinds
    h.key(pygame.K_h)
    assert t.help_shown() is not None and t.help_shown().key == t.help_focused().key


def test_boss_quest_focus_ring_is_drawn(harness):
    h = harness
    t = bq_my_turn(h)
    h.key(pygame.K_RIGHT)
    r = h.app.view.rect(t.help_focused().rect.inflate(10, 10))
    h.app.draw(h.app.screen)
    gold = tuple(h.app.screen.get_at((r.centerx, r.top + 1)))[:3]
    from game.app import theme as T
    assert gold == tuple(T.GOLD)


# ---------------------------------------------------------------- 3. Tab, Home, End, a lone card, the pause menu
def mb_my_turn(h):
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai"), options={"dealer": 2}, seed=3))
    h.step()
    t = h.table
    assert h.run_until(lambda: t.can_play() and len(t.hand.cards) > 3, 3000)
    return t


def test_tab_home_and_end_move_the_hand_focus(harness):
    h = harness
    t = mb_my_turn(h)
    n = len(t.hand.cards)
    h.key(pygame.K_TAB)
    assert t.hand.focus == 0
    h.key(pygame.K_TAB)
    assert t.hand.focus == 1
    h.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    h.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert t.hand.focus == n - 1                      # round from the first to the last
    h.key(pygame.K_HOME)
    assert t.hand.focus == 0
    h.key(pygame.K_END)
    assert t.hand.focus == n - 1
    h.key(pygame.K_h)
    assert t.help_shown() is not None and t.help_shown().key[0] == "hand"


def test_h_explains_a_lone_card_without_an_arrow_first(harness):
    h = harness
    h.start("death", seats="human,ai,ai", seed=2)
    t = h.table
    assert h.run_until(lambda: t.can_play() and len(t.hand.cards) == 1, 3000)
    assert t.hand.focus is None
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key == ("hand", t.hand.cards[0][0], t.hand.cards[0][1])


def test_pause_menu_up_and_down_move_the_focus(harness):
    h = harness
    t = mb_my_turn(h)
    h.key(pygame.K_ESCAPE)
    p = h.scene
    assert p is not t
    first = p.focus.current
    h.key(pygame.K_DOWN)
    h.key(pygame.K_DOWN)
    assert p.focus.current is not first
    at = p.focus.current
    h.key(pygame.K_UP)
    assert p.focus.current is not at
