"""A phone's move that comes while the big screen still plays the last one (issue 28's round
trip): the table applies it at once and plays it after (``TableScene.behind``), reading the
match as of that move.  Through the table as the App sends phone moves, without the network
(the App's phone server is not opened here)."""
from __future__ import annotations

import pytest

from game.app.main import parse_seats
from game.match import Match


@pytest.fixture(autouse=True)
def _no_server(monkeypatch):
    monkeypatch.setattr("game.app.main.App.open_phones", lambda self, match: None)


def still_table(h, game: str, seats: str, seed: int):
    m = Match(game, parse_seats(seats), seed=seed)
    h.app.start_table(match=m)
    h.step(0.0)
    t = h.table
    assert h.run_until(lambda: not t.busy(), 3000, dt=0.05)
    return m, t


def a_move(m: Match):
    seat = m.to_act()[0]
    return list(m.legal(seat))[0]


def lines_of(t, events) -> list[str]:
    return [ln for e in events if e.to is None and (ln := t.table.describe(e.kind, e.data))]


def test_moves_behind_play_in_order_with_their_lines_and_the_view_agrees(harness_at):
    h = harness_at("normal")
    m, t = still_table(h, "death", "phone,phone,phone,phone", seed=3)
    t.phone_submit(a_move(m))
    assert t.busy() and not t.behind
    t.phone_submit(a_move(m))                      # the table still plays the first
    t.phone_submit(a_move(m))
    assert len(m.log) == 3 and len(t.behind) == 2
    assert t.obs() != m.observe(t.viewer)          # the table reads the match as of what it shows
    assert all(st.hold == 0.0 for st in t.steps.queue)    # moves wait: the steps before them hurry
    assert h.run_until(lambda: not t.busy(), 3000, dt=0.05)
    assert not t.behind and t.view_mismatches == [] and t.obs() == m.observe(t.viewer)
    want = [ln for evs in m.action_events for ln in lines_of(t, evs)]
    got = [ln for ln in t.log_lines if ln in want]
    assert got[-len(want):] == want                # each move's lines once, in order


def test_an_undo_while_moves_wait_keeps_the_lines_of_those_it_does_not_take_back(harness_at):
    h = harness_at("normal")
    m, t = still_table(h, "death", "phone,phone,phone,phone", seed=3)
    t.phone_submit(a_move(m))
    t.phone_submit(a_move(m))                      # waits behind the first
    kept = m.action_events[1]
    last = a_move(m)
    t.phone_submit(last)                           # waits too, and is taken back
    assert len(t.behind) == 2
    assert t.phone_undo(last.seat) == 1
    assert not t.behind and not t.busy() and t.view_mismatches == []
    assert t.shown == t.table.view_from(m.observe(t.viewer))
    assert lines_of(t, kept)
    for line in lines_of(t, kept):                 # never played, still in the log
        assert line in t.log_lines
