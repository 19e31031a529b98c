"""The table kit with MasterBluff: the view follows the observation, undo stops at reveals,
keyboard play, and hot-seat privacy (one human on screen at a time, resume behind the curtain)."""
from __future__ import annotations

import pygame
import pytest

from game.app.headless import HeadlessApp
from game.match import Match
from game.rules.masterbluff import call

from table_checks import settled_views


def wheel_over_log(h, t, clicks: int) -> None:
    """The pointer over the table log, then ``clicks`` turns of the wheel up (older entries)."""
    z = t.layout.shared("log")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=h.app.view.pt(*z.center), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    h.step()
    for _ in range(clicks):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    h.step()


def key(h, k):
    """A press of ``k``: down, then up (a key never let go is held, and the table's guard never
    counts a held key for a new question: three_humans then stalled at its first Bluff! window)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    h.step()


@pytest.mark.parametrize("seats,seed", [("human,ai,ai", 5), ("human,ai:random,ai,ai", 8),
                                        ("ai,ai,ai,ai,ai", 3), ("human,human,ai", 4)])
def test_the_view_agrees_with_the_observation_after_every_action(harness, seats, seed):
    h = harness
    h.start(seats=seats, seed=seed)
    t = h.table
    n = settled_views(h, t)
    assert n > 20 and t.match.outcome() is not None
    assert t.view_mismatches == []


def test_a_wrong_event_handler_is_caught(harness, monkeypatch):
    """Plant a bug: the exchange token's handler forgets that the token is spent."""
    from game.app.games.masterbluff import MasterBluffTable

    monkeypatch.setattr(MasterBluffTable, "ev_token", lambda self, d: self.kit.add_step(lambda: None, 0.1))
    h = harness
    h.start(seats="ai,ai,ai", seed=3)
    t = h.table
    h.run_until(lambda: any(a.get('token') for a in t.match.log) and not t.busy(), 20000)
    assert t.view_mismatches, "the planted handler bug went unnoticed"


def reach_own_turn(h, t, max_frames=20000):
    for _ in range(max_frames):
        if t.can_play():
            return
        if t.pending_humans():
            key(h, pygame.K_n)
        h.step()
    raise AssertionError("no human turn")


def test_a_whole_turn_by_keyboard_alone(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=12)                # the human starts: a free turn
    t = h.table
    t.pacer.update = lambda dt, submit: None             # the AIs wait
    h.run_until(lambda: t.can_play(), 500)
    n = len(t.match.log)
    key(h, pygame.K_RIGHT)                               # focus the first card
    assert t.hand.focused() == t.hand.keys()[0]
    key(h, pygame.K_RIGHT)
    key(h, pygame.K_SPACE)                               # select the second card
    key(h, pygame.K_LEFT)
    key(h, pygame.K_SPACE)                               # and the first
    assert t.selected == set(t.hand.keys()[:2])
    key(h, pygame.K_RETURN)                              # a free turn: the family picker opens
    assert t.table.picker is not None
    first = [i for i, b in enumerate(t.table.picker.buttons) if b.enabled][0]
    key(h, pygame.K_1 + first)
    assert len(t.match.log) == n + 1 and t.match.log[-1].kind == "discard"
    assert sum(t.match.log[-1]["counts"]) == 2
    h.run_until(lambda: not t.busy(), 500)
    assert len(t.hand.keys()) == 14                      # 16 dealt to each of 3, two played


def test_undo_is_refused_after_a_reveal(harness):
    """Call Bluff!, see the reveal, then try to undo: refused, nothing changes."""
    h = harness
    h.start(seats="human,ai,ai", seed=2024)
    t = h.table
    for _ in range(20000):
        if t.pending_humans():
            break
        if t.can_play():
            t.table.autoplay_turn(h)
        h.step()
    assert t.pending_humans() == [0]
    n = len(t.match.log)
    h.step(n=30)                                         # past ANSWER_GUARD: the question was read
    key(h, pygame.K_b)                                   # Bluff!
    assert call(0) in t.match.log[n:]
    h.run_until(lambda: not t.busy(), 2000)
    assert any(e.kind == "reveal" for evs in t.match.action_events[n:] for e in evs)
    log_len = len(t.match.log)
    key(h, pygame.K_u)
    assert len(t.match.log) == log_len                  # nothing taken back
    assert "cannot be taken back" in t.toast.msg
    assert not t.can_undo()


def test_the_log_scrolls_through_the_whole_game_and_survives_resume(harness, home):
    h = harness
    h.start(seats="human,ai,ai", seed=7)
    t = h.table
    h.autoplay(lambda: len(t.match.log) > 25 and not t.busy(), 40000)
    lines = list(t.log_lines)
    assert len(lines) > t.log_rows() + 5
    wheel_over_log(h, t, 200)
    assert t.table_log.window(t.log_rows())[0] == lines[0]          # scrolled to the very start
    key(h, pygame.K_PAGEDOWN)
    assert t.table_log.scroll < len(lines)
    # resume: the rebuilt log holds the whole game again
    m = Match.load(h.app.autosave_path("masterbluff"))
    h2 = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    h2.start(match=m)
    t2 = h2.table
    public = [x for x in lines if x]
    assert len(t2.log_lines) >= len(public) - 5
    h2.close()


def privacy_invariant(t):
    """What the screen shows is the person-at-the-screen's own business only."""
    if t.curtain_for is not None:
        return                                        # the opaque curtain covers everything
    if (t.hand.faces_up or t.answers) and not t.busy():
        # secrets on screen only while the person at the screen is one who acts now
        assert t.viewer in t.match.to_act(), (t.viewer, t.match.to_act())
    assert all(b.seat == t.viewer for b in t.answers)


def test_three_humans_never_see_each_others_hand_or_answer_buttons(harness):
    h = harness
    h.start(seats="human,human,ai,human", seed=9)    # three humans and an AI
    t = h.table
    windows_with_many_humans = 0
    curtains = set()
    for _ in range(30000):
        if h.scene is not t:
            break
        h.app.draw(h.app.screen)
        privacy_invariant(t)
        if t.curtain_for is not None:
            curtains.add(t.curtain_for)
            key(h, pygame.K_RETURN)
            continue
        if not t.busy() and len([s for s in t.match.to_act() if t.match.is_human(s)]) >= 2:
            windows_with_many_humans += 1
        if t.pending_humans():
            key(h, pygame.K_n)
            continue
        if t.can_play():
            t.table.autoplay_turn(h)
            continue
        h.step()
        if len(t.match.log) > 60:
            break
    assert len(t.match.log) > 60 or h.scene is not t, "the hot-seat game stalled"
    assert curtains == {0, 1, 3}                     # every human met the curtain
    assert windows_with_many_humans > 3


def test_a_resumed_hotseat_game_starts_behind_the_curtain(harness, home):
    """Kill the program while the second human answers a Bluff! window, then Continue."""
    h = harness
    h.start(seats="human,human,ai", seed=4)
    t = h.table
    for _ in range(20000):
        acting = [s for s in t.match.to_act() if t.match.is_human(s)]
        if not t.busy() and len(acting) == 1 and len(t.match.to_act()) >= 1 and t.pending_humans() \
                and any(a.kind == "pass" for a in t.match.log[-1:]):
            break                                     # a window: one human answered, another to go
        if t.curtain_for is not None:
            key(h, pygame.K_RETURN)
        elif t.pending_humans():
            key(h, pygame.K_n)
        elif t.can_play():
            t.table.autoplay_turn(h)
        else:
            h.step()
    assert t.pending_humans() and t.hand.faces_up
    # "kill" it: only the autosave survives
    m = Match.load(h.app.autosave_path("masterbluff"))
    h2 = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    h2.start(match=m)
    t2 = h2.table
    h2.step()
    assert t2.curtain_for is not None and t2.curtain_for in m.to_act()
    assert not t2.hand.faces_up and not t2.answers
    h2.close()


def test_a_long_log_entry_wraps_whole_and_is_never_cut(harness):
    """An entry wraps onto indented rows, however long: every word is shown, no row ends in "…"
    (issue 14: long lines ended in "…")."""
    h = harness
    h.start(seats="ai,ai,ai", seed=3)
    t = h.table
    line = "Esme peeks at Bram's spot, then at the empty spot next to Cleo's"
    rows = t._log_rows_of(line, 220)
    assert len(rows) == 3 and not any(r.endswith("…") for r in rows)
    assert " ".join(rows).split() == line.split()
    longer = line + " and again and again and again and again and again"
    rows = t._log_rows_of(longer, 220)
    assert len(rows) > 3 and not any(r.endswith("…") for r in rows)
    assert " ".join(rows).split() == longer.split()
    t.pacer.update = lambda dt, submit: None
    t.table_log.add(longer)
    h.step()
    width = t.layout.shared("log").w - 24
    drawn = [p for p, _more in t.log_view()]
    assert " ".join(drawn).split()[-len(longer.split()):] == longer.split()   # drawn whole, at the bottom
    assert not any(p.endswith("…") for p in drawn) and width > 0


def _scrolled_log_table(h):
    h.start(seats="human,ai,ai", seed=7)
    t = h.table
    h.autoplay(lambda: len(t.table_log.lines) > t.log_rows() + 8 and not t.busy(), 40000)
    t.pacer.update = lambda dt, submit: None             # nothing moves on its own now
    wheel_over_log(h, t, 3)
    return t


def test_the_log_follows_new_entries_at_the_bottom(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=7)
    t = h.table
    h.autoplay(lambda: len(t.table_log.lines) > t.log_rows() + 8 and not t.busy(), 40000)
    t.pacer.update = lambda dt, submit: None
    for i in range(4):
        t.table_log.add(f"news {i}")
        h.step()
        assert t.log_view()[-1] == (f"news {i}", False) and t.log_hint_rect() is None


def test_the_log_scrolled_up_stays_put_and_says_what_is_new_below(harness):
    """Scrolled up, new entries do not move the rows being read; a "new below" hint counts them,
    and clicking it goes back to the newest, where the log follows again."""
    h = harness
    t = _scrolled_log_table(h)
    assert t.table_log.scroll == 3
    before = t.log_view()
    assert t.log_hint_rect() is not None and t.table_log.unseen == 0
    for i in range(2):
        t.table_log.add(f"news {i}")
        h.step()
    assert t.log_view() == before and t.table_log.unseen == 2
    h.click(h.app.view.rect(t.log_hint_rect()).center)
    assert t.table_log.scroll == 0 and t.table_log.unseen == 0 and t.log_hint_rect() is None
    assert t.log_view()[-1] == ("news 1", False)
    t.table_log.add("news 2")
    h.step()
    assert t.log_view()[-1] == ("news 2", False)


def test_the_end_key_jumps_the_log_to_the_newest(harness):
    h = harness
    t = _scrolled_log_table(h)
    t.table_log.add("news")
    h.step()
    assert t.log_view()[-1] != ("news", False)
    key(h, pygame.K_END)
    assert t.table_log.scroll == 0 and t.log_view()[-1] == ("news", False)


def test_the_log_scrolls_up_to_show_its_first_entry(harness):
    """The log scrolls far enough that its very first entry is drawn (wrapped entries count)."""
    h = harness
    t = _scrolled_log_table(h)
    for _ in range(300):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    h.step()
    first = t._log_rows_of(t.table_log.lines[0], t.layout.shared("log").w - 24)
    assert [p for p, _m in t.log_view()][:len(first)] == first


def test_new_answer_buttons_ignore_a_late_click_that_never_pointed_at_them(harness):
    """Play-test (King Thief Minister): a challenge window closed under the pointer and the turn's
    buttons took its place, so a late click on "Pass" moved every card.  A new set of answer
    buttons ignores a click that came without the pointer moving, until ANSWER_GUARD passes."""
    from game.match import SeatSpec

    h = harness

    def fresh():
        h.start(match=Match("bossquest", [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random")], seed=2))
        t = h.table
        assert h.run_until(lambda: t.can_play() and not t.busy() and t.answers, 20000)
        t._answers_guard.arm(t.time, set())    # the set has just appeared
        return t, h.app.view.rect(t.answers[0].rect).center, len(t.match.log)

    def press(at):
        h.post_mouse("down", at)
        h.post_mouse("up", at)
        h.step()

    t, at, n = fresh()
    press(at)
    assert len(t.match.log) == n                                    # not seen yet: nothing happens
    h.step(n=round(t.ANSWER_GUARD / h.dt) + 2)                      # the guard's time passes
    press(at)
    assert len(t.match.log) == n + 1                                # now the same click counts
    t, at, n = fresh()
    h.post_mouse("move", at, 0)                                     # the pointer moved onto it
    press(at)
    assert len(t.match.log) == n + 1
