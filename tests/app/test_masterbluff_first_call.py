"""MasterBluff at the table: the Bluff! callers go in turn from the declarer's left and the
first caller is resolved (RULINGS §5).  When an AI ahead of the person calls first, the
person's late Bluff! (B, N, or a click where the buttons were) is never ignored in silence:
the table says who called first and why that call counts."""
from __future__ import annotations

import pygame

from game.app.main import parse_seats
from game.core.i18n import _
from game.match import Match
from game.rules.masterbluff import call, pass_

YOU, LEFT, RIGHT = 0, 1, 2


def left_declares(h, answer_of_right):
    """The table of a real game (you, 2 AIs) where the AI on your left declares first and the AI
    after it answers its declarations as ``answer_of_right`` says; nothing played yet."""
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai"), options={"dealer": 0}, seed=3))
    h.step()
    t = h.table

    def script(seat):
        st = t.match.state
        if st.window is not None and st.last.seat == LEFT and seat == RIGHT:
            return answer_of_right
        return None
    t.pacer.script = script
    return t


def table_where_left_declares(harness, answer_of_right):
    """A real game (you, 2 AIs) where the AI on your left declares first; the AI after it
    answers as ``answer_of_right`` says (a scripted move), the rest play their level."""
    h = harness
    t = left_declares(h, answer_of_right)
    assert h.run_until(lambda: t.match.state.window is not None and not t.busy(), 2000)
    assert t.match.state.last.seat == LEFT and t.match.state.window.order == (RIGHT, YOU)
    return h, t


def test_a_late_bluff_is_told_who_called_first(harness):
    h, t = table_where_left_declares(harness, call(RIGHT))
    moves = len(t.match.log)
    assert h.run_until(lambda: len(t.match.log) > moves, 2000)
    t.pacer.hold(60)                                                  # (the next discard waits)
    h.step()
    assert t.match.log[-1] == call(RIGHT) and not t.answers          # the window closed on the AI's call
    h.key(pygame.K_b)                                                 # the person's Bluff!, too late
    want = _("{caller} called Bluff! first: in turn from {declarer}'s left, {caller} comes before you").format(
        caller=t.name(RIGHT), declarer=t.name(LEFT))
    assert t.toast.msg == want and t.toast.ttl > 0
    t.toast.ttl = 0
    h.click(h.app.view.pt(*t.layout.shared("buttons").center))       # a click where Bluff! was
    assert t.toast.msg == want and t.toast.ttl > 0


def test_a_call_beaten_by_an_earlier_seat_says_so(harness):
    h, t = table_where_left_declares(harness, call(RIGHT))
    t.pacer.hold(60)                                                  # the person answers first
    assert h.run_until(lambda: bool(t.answers), 200)
    bluff = next(b for b in t.answers if b.action.kind == "call")
    t.answer(bluff.action)
    assert YOU not in t.match.to_act() and t.match.state.window is not None   # still open: RIGHT comes first
    t.pacer.wait = 0
    assert h.run_until(lambda: t.match.log[-1] == call(RIGHT) and not t.busy(), 3000)
    events = t.match.action_events[-1]
    assert next(e for e in events if e.kind == "call").data["caller"] == RIGHT
    want = _("{caller} called Bluff! too and comes before you, in turn from {declarer}'s left: "
             "{caller}'s call counts").format(caller=t.name(RIGHT), declarer=t.name(LEFT))
    assert t.toast.msg == want


def test_no_word_when_the_person_passed_or_nobody_called(harness):
    h, t = table_where_left_declares(harness, pass_(RIGHT))
    assert h.run_until(lambda: bool(t.answers), 200)
    no = next(b for b in t.answers if b.action.kind == "pass")
    t.answer(no.action)
    moves = len(t.match.log)
    assert h.run_until(lambda: t.match.log[-1] == pass_(RIGHT) and not t.busy(), 2000)   # nobody called
    assert len(t.match.log) == moves + 1 and t.match.state.window is None
    t.pacer.hold(60)                      # (the next discard waits: B must not land in the next window)
    h.step(n=30)                          # past ANSWER_GUARD (a key right away is for the question before)
    assert not t.answers
    t.toast.ttl = 0
    h.key(pygame.K_b)
    assert t.toast.ttl <= 0                                           # nothing was taken from anyone
    assert len(t.match.log) == moves + 1                              # and nothing was played
