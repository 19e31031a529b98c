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

from test_masterbluff_first_call import LEFT, RIGHT, YOU, left_declares


def key_down(h, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    h.step()


def key_up(h, key):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    h.step()


def mb_window_for_you(h):
    """MasterBluff (you, 2 AIs): the AI on your left declares, the AI after it passes, and the
    Bluff! window waits for you."""
    return left_declares(h, pass_(RIGHT))


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
    spot = t.table.help_focused()
    assert spot is not None and spot.key[0] == "spell" and spot.key[1] == 0   # the Magician's first spell
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key == spot.key and shown.line == spot.line
    while t.table.help_focused().key[2] is None:            # a face-down mystery spell: on to a face-up one
        h.key(pygame.K_RIGHT)
    h.key(pygame.K_h)
    f = t.table.help_focused().key[2]
    assert t.help_shown().line == t.table.help_line(f) and f.startswith("spell")
    kinds = set()
    for _i in range(40):                              # Tab goes on through the boss and the weapons
        h.key(pygame.K_TAB)
        kinds.add(t.table.help_focused().key[0])
    assert {"spell", "boss", "weapon"} <= kinds or {"spell", "boss", "hidden"} <= kinds
    h.key(pygame.K_h)
    assert t.help_shown() is not None and t.help_shown().key == t.table.help_focused().key


def test_boss_quest_focus_ring_is_drawn(harness):
    h = harness
    t = bq_my_turn(h)
    h.key(pygame.K_RIGHT)
    r = h.app.view.rect(t.table.help_focused().rect.inflate(10, 10))
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


# ---------------------------------------------------------------- 4. King Thief Minister's log
def test_ktm_log_never_says_a_card_and_names_it_only_with_the_memory_aid(harness):
    h = harness
    h.start("ktm", seats="human,ai,ai,ai", seed=4)
    t = h.table
    d = {"seat": 0, "claimant": 1, "spot": 2, "card": "peasant"}
    line = t.table.describe("minister_seen", d)
    assert line == _("You saw {owner}'s card").format(owner=t.name(1))      # RULINGS §2: never named later
    assert "a card" not in line
    h.app.settings.memory_aid = True
    from game.rules.ktm import card_text
    assert t.table.describe("minister_seen", d) == \
        _("You saw {owner}'s card: {card}").format(owner=t.name(1), card=card_text("peasant"))


def test_ktm_hot_seat_log_keeps_a_look_private(harness):
    """Hot seat with the memory aid on: the look's line (which names the card) is private, so
    the shared log never carries it; the screen's caption shows it to its person alone."""
    h = harness
    h.app.settings.memory_aid = True
    h.start("ktm", seats="human,human,ai,ai", seed=4)
    t = h.table
    from game.rules.ktm import card_text
    for _i in range(400):
        if t.match.outcome() is not None:
            break
        if t.curtain_for is not None:
            t.lift_curtain()
        if t.continue_shown():
            t.release_step()
        h.run_until(lambda: t.continue_shown() or (not t.busy() and (
            t.curtain_for is not None or t.viewer in t.match.to_act() or t.match.outcome() is not None)), 400)
        if not t.busy() and t.privacy.may_act(t.viewer) and t.viewer in t.match.to_act():
            t.submit(list(t.match.legal(t.viewer))[0])
        seen = [e for ev in t.match.action_events for e in ev if e.to is not None and e.data.get("card")]
        if len(seen) >= 3:
            break
    assert seen
    for e in seen:                                    # no private card in any line of the shared log
        words = card_text(e.data["card"])
        assert not any(words in ln and ("saw" in ln) for ln in t.log_lines), (words, t.log_lines)


# ---------------------------------------------------------------- 5. the pointer leaving the window
def treasury_tip(h, t):
    h.step(n=60)                                       # longer than the hover wait
    spot = t.help_shown()
    return spot is not None and spot.key == ("treasury",)


def test_a_pointer_leaving_the_window_clears_hover_and_tips(harness):
    h = harness
    h.start("ktm", seats="human,ai,ai,ai", seed=4)
    t = h.table
    at = h.app.view.pt(*t.layout.shared("treasury").center)
    h.post_mouse("move", at, 0)
    assert treasury_tip(h, t)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    h.step()
    assert t.help_shown() is None and not treasury_tip(h, t)       # gone, and it does not come back
    assert t.hand.hover is None and not any(b.hover for b in t.top_buttons + t.answers)


def test_a_window_opening_under_the_pointer_shows_no_tip_until_it_moves(harness):
    h = harness
    h.start("ktm", seats="human,ai,ai,ai", seed=4)
    t = h.table
    at = h.app.view.pt(*t.layout.shared("treasury").center)
    pygame.event.post(pygame.event.Event(pygame.WINDOWENTER))       # as SDL sends it: enter, then a motion
    h.post_mouse("move", at, 0)
    assert not treasury_tip(h, t)
    h.post_mouse("move", (at[0] + 3, at[1]), 0)                    # a real motion over it
    assert treasury_tip(h, t)


def test_tab_chooses_a_card_at_king_thief_minister(harness):
    h = harness
    h.start("ktm", seats="human,ai,ai,ai", seed=4)
    t = h.table
    assert h.run_until(lambda: t.match.to_act() == (0,) and not t.busy(), 3000)
    h.key(pygame.K_RIGHT)
    right = t.table.focus
    t.table.focus = None
    h.key(pygame.K_TAB)
    assert t.table.focus == right is not None                # Tab: as →
    h.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    h.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert t.table.focus not in (None, right)                # Shift+Tab: as ←
