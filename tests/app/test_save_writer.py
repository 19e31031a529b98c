"""The table's saves off the app's thread (issue 28, the big screen's frame): the save's text
made once per action (``RecordText``), written by the App's ``SaveWriter`` on a thread of its
own.  The file only goes forward, nothing is said to be saved before it is on disk, a failure
still shows, and whoever needs the file as it is (leaving the table, quitting) gets it.  No
test here depends on timing: a write is held by a gate the test opens."""
from __future__ import annotations

import errno
import json
import os
import threading
from pathlib import Path

from game.app.savewriter import SaveWriter
from game.app.table.session import Session, SessionContext
from game.match import Match, SeatSpec
from game.match.record import GameRecord, RecordText, write_text_atomic


def played(game: str = "death", players: int = 6, moves: int = 40, seed: int = 3) -> Match:
    m = Match(game, [SeatSpec(f"P{i + 1}", "ai") for i in range(players)], seed=seed)
    while len(m.log) < moves and m.outcome() is None:
        seat = m.to_act()[0]
        acts = list(m.legal(seat))
        m.submit(acts[(len(m.log) * 7) % len(acts)])
    return m


# ---------------------------------------------------------------- the text, each action once
def test_the_save_text_is_the_record_after_moves_undos_and_new_phones(tmp_path):
    m = played(players=6, moves=30)
    text = RecordText()
    assert json.loads(text.text(m.record)) == m.record.to_json()
    old = list(m.record.actions)
    del m.record.actions[-5:]                            # as an undo cuts the list: the lines after go
    assert json.loads(text.text(m.record)) == m.record.to_json()
    for a in reversed(old[:8]):                          # others where those were (only the record is
        m.record.actions.append(a)                       # written here: they need not be legal)
        assert json.loads(text.text(m.record)) == m.record.to_json()
    m.record.phones = {"room": "ACDE", "port": 8741, "secrets": {"0": "x" * 22}}   # the head changed
    assert json.loads(text.text(m.record)) == m.record.to_json()
    m.record.phones["port"] = 8742                       # changed in place: still seen (by value)
    assert json.loads(text.text(m.record))["phones"]["port"] == 8742
    empty = GameRecord("bossquest", 3, {}, None, {"weapons": [1, 2], "bosses": [3]}, [], [])
    assert json.loads(RecordText().text(empty)) == empty.to_json()


def test_an_undo_then_the_same_number_of_other_moves_is_written_as_played():
    """The kept lines are those of the same action objects at the same places: an undo followed
    by as many other moves (the list as long as before) never keeps a line of a move taken back."""
    m = played(game="masterbluff", players=3, moves=12, seed=5)
    text = RecordText()
    text.text(m.record)
    old = list(m.record.actions)
    n = len(old)
    del m.record.actions[n - 3:]                         # as Match.undo cuts the list
    # two other actions, then the last one again (the same object at the same place): only the
    # record is written here, so they need not be legal
    m.record.actions.extend([old[0], old[1], old[-1]])
    assert len(m.record.actions) == n and m.record.actions[-1] is old[-1]
    assert json.loads(text.text(m.record)) == m.record.to_json()


def test_match_save_writes_the_text_atomically_and_loads_back(tmp_path):
    m = played(players=20, moves=120)
    path = tmp_path / "save.json"
    m.save(path)
    m.save(path)                                         # the second, from the kept lines
    assert Match.load(path).log == m.log
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


# ---------------------------------------------------------------- the writer
class Gate:
    """A ``write_file`` that waits for the test before each write (and records what it wrote)."""

    def __init__(self, fail: bool = False) -> None:
        self.open = threading.Event()
        self.entered = threading.Event()
        self.wrote: list[str] = []
        self.fail = fail

    def __call__(self, path: Path, text: str) -> None:
        self.entered.set()
        assert self.open.wait(10)
        if self.fail:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write_text_atomic(path, text)
        self.wrote.append(text)


def test_the_writer_writes_in_order_and_drops_a_text_a_newer_one_replaced(tmp_path):
    gate = Gate()
    w = SaveWriter(gate)
    path = tmp_path / "a.json"
    try:
        first = w.write(path, '{"n": 1}')
        assert gate.entered.wait(10)                     # the first is being written (held)
        second = w.write(path, '{"n": 2}')
        third = w.write(path, '{"n": 3}')                # the second had not begun: dropped
        assert second.done.is_set() and second.superseded and not third.done.is_set()
        assert w.pending(path) and not first.done.is_set()
        gate.open.set()
        assert w.wait(path)
        assert first.done.is_set() and third.done.is_set() and first.error is third.error is None
        assert gate.wrote == ['{"n": 1}', '{"n": 3}'] and json.loads(path.read_text()) == {"n": 3}
        assert not w.pending()
    finally:
        gate.open.set()
        w.stop()


def test_a_write_that_fails_says_why_on_its_ticket(tmp_path):
    gate = Gate(fail=True)
    gate.open.set()
    w = SaveWriter(gate)
    try:
        t = w.write(tmp_path / "a.json", "{}")
        assert t.done.wait(10) and isinstance(t.error, OSError) and t.error.errno == errno.ENOSPC
    finally:
        w.stop()


# ---------------------------------------------------------------- the session with a writer
class TextMatch:
    def __init__(self) -> None:
        self.log = [1]
        self.texts = 0

    def outcome(self):
        return None

    def save_text(self) -> str:
        self.texts += 1
        return json.dumps({"moves": self.texts})


def session(tmp_path, writer):
    seen = dict(errors=[], told=[])
    ctx = SessionContext(
        match=TextMatch(), save_path=lambda: tmp_path / "autosave_x.json", in_lesson=lambda: False,
        viewer=lambda: 0, away=lambda: False, error_changed=seen["errors"].append, tell=seen["told"].append,
        say=lambda msg: None, stop_ai=lambda: None, writer=writer)
    return Session(ctx), seen


def test_the_session_says_saved_only_once_the_write_is_on_disk(tmp_path):
    gate = Gate()
    w = SaveWriter(gate)
    s, seen = session(tmp_path, w)
    try:
        s.save()
        assert gate.entered.wait(10)
        s.poll()                                         # a frame while the disk has not answered
        assert not s.saved_ok and seen["errors"] == []
        gate.open.set()
        assert s.status() == "saved" and s.saved_ok      # status waits for the write
        assert json.loads((tmp_path / "autosave_x.json").read_text()) == {"moves": 1}
        assert seen["errors"] == [None]
    finally:
        gate.open.set()
        w.stop()


def test_a_failed_write_shows_the_sign_on_the_next_frame_and_is_told_once(tmp_path):
    gate = Gate(fail=True)
    gate.open.set()
    w = SaveWriter(gate)
    s, seen = session(tmp_path, w)
    try:
        s.save()
        assert w.wait()
        s.poll()                                         # the next frame
        assert s.error == os.strerror(errno.ENOSPC) and not s.saved_ok and s.status() == "failed"
        s.save()
        assert w.wait()
        s.poll()
        assert len(seen["told"]) == 1                    # said once, kept as the sign
        gate.fail = False
        s.save()
        assert s.status() == "saved" and s.error is None
    finally:
        w.stop()


# ---------------------------------------------------------------- the App
def test_leaving_the_table_waits_for_the_last_save(harness, monkeypatch):
    """A move's save handed to the writer and not written yet: leaving the table (the App lets go
    of the save) waits for it, so the file holds the last move."""
    h = harness
    h.start("masterbluff", seats="ai,ai,ai", seed=2)
    t = h.table
    h.run_until(lambda: len(t.match.log) >= 2, 2000)
    gate = Gate()
    monkeypatch.setattr(h.app.saves, "_write_file", gate)
    n = len(t.match.log)
    for _ in range(2000):                                # frames without the harness's wait
        h.app.frame(h.dt)
        if len(t.match.log) > n:
            break
    assert len(t.match.log) > n and gate.entered.wait(10)
    path = h.app.autosave_path("masterbluff")
    assert len(Match.load(path).log) < len(t.match.log)   # not on disk yet (held)
    threading.Timer(0.2, gate.open.set).start()
    h.app.open_menu()                                     # leaves the table: waits for the write
    assert not h.app.saves.pending()
    assert Match.load(path).log == t.match.log


class Counted:
    """A stand-in for the writer's condition that counts its wake-ups."""

    def __init__(self, cv) -> None:
        self.cv, self.notified = cv, 0

    def __enter__(self):
        return self.cv.__enter__()

    def __exit__(self, *exc):
        return self.cv.__exit__(*exc)

    def notify_all(self) -> None:
        self.notified += 1
        self.cv.notify_all()

    def wait_for(self, *a, **k):
        return self.cv.wait_for(*a, **k)


def test_writes_handed_over_in_a_hold_wake_the_thread_once_at_its_end(tmp_path):
    """The App holds the writer through its frame: the thread is woken as the frame ends (while
    the App waits for the next), not in the middle of its drawing."""
    w = SaveWriter()
    path = tmp_path / "a.json"
    try:
        w.write(path, '{"n": 0}')                        # the thread starts (and writes)
        assert w.wait()
        w._cv = counted = Counted(w._cv)
        with w.hold():
            w.write(path, '{"n": 1}')
            w.write(path, '{"n": 2}')
            assert counted.notified == 0
        assert counted.notified == 1
        assert w.wait() and json.loads(path.read_text()) == {"n": 2}
    finally:
        w.stop()
