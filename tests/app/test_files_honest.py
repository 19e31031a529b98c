"""Saves and files: the player is never told a lie, and no file stops the program (issue 25, section 1).

Each test names the defect it guards: "Your game was saved" while every save failed, a
settings.json or record that Python's own reader chokes on, a FIFO or /dev/zero that
blocks or grows without end, a save read again at every menu scan, stale temp files,
loose permissions, two crash logs in one second, two windows on one save, messages that
hide each other, and files that were skipped without a word.
"""
from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app.main import App, write_crash_log
from game.app.resources import user_dir
from game.app.saved import load_save, scan
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.saves import SavesScene
from game.app.settings import Settings
from game.app import savewriter
from game.match import Match, RecordError, read_json
from game.match import record as record_mod
from game.match.saves import (SaveInUse, clean_stale_temps, lock_save, save_in_use, save_path,
                              set_aside)

from test_unfinished_games import click, make_save, play_a_little

ROOT = Path(__file__).resolve().parents[2]


def no_space(monkeypatch):
    """Every save fails as on a full disk (tests may run as root, where a read-only folder
    made with chmod still takes writes)."""
    def full(self, path):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(Match, "save", full)
    # the table's saves are written on the App's writer thread (``game.app.savewriter``)
    monkeypatch.setattr(savewriter, "write_text_atomic", lambda path, text: full(None, path))


def pause_and_quit(h):
    t = h.table
    t.open_pause()
    h.step()
    assert isinstance(h.scene, PauseScene)
    h.scene.quit_to_menu()
    h.step()


def choice(scene, label):
    return next(b for b in scene.widgets if b.label == label)


# ---------------------------------------------------------------- 1. the saved lie

def test_while_saving_fails_a_lasting_sign_stays_and_quit_says_the_game_is_not_saved(harness, monkeypatch):
    h = harness
    no_space(monkeypatch)
    h.start(seats="human,ai,ai", seed=4)
    t = h.table
    play_a_little(h, 3)
    assert t.save_error == os.strerror(errno.ENOSPC)
    assert t.unsaved_button in t.top_buttons               # the sign, not only a toast
    h.step(dt=10.0, n=3)                                   # long after any toast is gone
    assert t.toast.ttl <= 0 and t.unsaved_button in t.top_buttons
    assert t.unsaved_button.rect.collidelist([b.rect for b in t.top_buttons if b is not t.unsaved_button]) == -1
    pause_and_quit(h)
    d = h.scene
    assert isinstance(d, ConfirmScene) and d.title == "Your game is not saved"
    words = " ".join(ln for ln, _look in d.wrapped)
    # a full disk: free some space (issue 25, the third trial: the advice fits the cause)
    assert "free some space" in words and "CROWNTABLE_HOME" not in words and "lost" in words
    assert "saved: choose Continue" not in words
    click(h, choice(d, "Stay at the table"))               # the safe answer: back at the table
    h.step()
    assert h.scene is t and len(t.match.log) >= 3
    pause_and_quit(h)
    click(h, choice(h.scene, "Leave without saving"))
    h.step()
    m = h.scene
    assert isinstance(m, MenuScene)
    assert "was not saved" in m.message and "Your game was saved" not in m.message
    assert m.saves == []


def test_closing_the_window_while_saving_fails_asks_first(harness, monkeypatch):
    """The window's close button on an unsaved game asks as Quit to menu does (stay, or quit
    without it); a second close while it asks quits; a saved game closes at once."""
    from game.app import input as inp
    h = harness
    no_space(monkeypatch)
    h.start(seats="human,ai,ai", seed=4)
    t = h.table
    play_a_little(h, 2)
    h.app.running = True
    h.app.frame(h.dt, [inp.InputEvent(inp.QUIT)])
    d = h.scene
    assert h.app.running and isinstance(d, ConfirmScene) and d.title == "Your game is not saved"
    click(h, choice(d, "Stay at the table"))
    h.step()
    assert h.scene is t and h.app.running
    h.app.frame(h.dt, [inp.InputEvent(inp.QUIT)])
    assert isinstance(h.scene, ConfirmScene)
    click(h, choice(h.scene, "Quit without saving"))
    assert not h.app.running


def test_closing_the_window_twice_quits_and_a_saved_game_closes_at_once(harness, monkeypatch):
    from game.app import input as inp
    h = harness
    h.start(seats="human,ai,ai", seed=4)
    play_a_little(h, 2)
    assert h.table.save_status() == "saved"
    h.app.running = True
    h.app.frame(h.dt, [inp.InputEvent(inp.QUIT)])
    assert not h.app.running                                # nothing to lose: no question
    h.app.running = True
    h.table.set_save_error("No space left on device")
    h.app.frame(h.dt, [inp.InputEvent(inp.QUIT)])
    assert h.app.running and isinstance(h.scene, ConfirmScene)
    h.app.frame(h.dt, [inp.InputEvent(inp.QUIT)])           # closed again while it asks
    assert not h.app.running


def test_the_sign_goes_when_saving_works_again_and_then_quit_says_saved(harness, monkeypatch):
    h = harness
    h.start(seats="human,ai,ai", seed=4)
    t = h.table
    t.set_save_error("No space left on device")
    play_a_little(h, 2)                                     # a real save succeeds
    assert t.save_error is None and t.unsaved_button not in t.top_buttons
    pause_and_quit(h)
    m = h.scene
    assert isinstance(m, MenuScene) and m.message.startswith("Your game was saved")
    assert len(m.saves) == 1


def test_quit_before_any_move_does_not_claim_a_save(harness):
    h = harness
    h.start(seats="ai,human,ai", seed=5)        # nothing saved yet if no move was made
    t = h.table
    if t.match.log:                              # an AI moved first: its move was saved
        assert t.save_status() == "saved"
        return
    pause_and_quit(h)
    assert isinstance(h.scene, MenuScene)
    assert not (h.scene.message or "").startswith("Your game was saved")


def test_the_not_saved_sign_explains_itself(harness, monkeypatch):
    h = harness
    no_space(monkeypatch)
    h.start(seats="human,ai,ai", seed=4)
    play_a_little(h, 2)
    t = h.table
    click(h, t.unsaved_button)
    d = h.scene
    assert isinstance(d, ConfirmScene) and d.title == "Your game is not saved"
    assert [b.label for b in d.widgets] == ["Back to the table"]


def test_a_folder_that_cannot_be_made_is_said_on_the_menu_and_the_table(tmp_path, monkeypatch):
    from game.app.headless import HeadlessApp

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    home = blocker / "crowntable"                      # cannot be made, even by root
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        assert h.app.folder_problem
        h.menu()
        m = h.scene
        assert str(home) in m.message and "CROWNTABLE_HOME" in m.message
        h.start(seats="human,ai,ai", seed=2)
        assert h.table.unsaved_button in h.table.top_buttons        # before the first move
        pause_and_quit(h)
        assert isinstance(h.scene, ConfirmScene)
    finally:
        h.close()


ADVICE = {errno.EROFS: "denied", errno.EACCES: "denied", errno.EPERM: "denied", errno.ENOSPC: "space",
          errno.EDQUOT: "space", errno.EIO: "both"}


@pytest.mark.parametrize("code", sorted(ADVICE))
def test_the_advice_for_an_unsaved_game_fits_the_cause(harness, monkeypatch, code):
    """Issue 25, the third trial: a read-only folder was told to "free some space".  A folder that
    cannot be written to is told to set CROWNTABLE_HOME, a full disk to free some space, any other
    cause both: on the "not saved" dialog and on the menu's start banner."""
    from game.match import saves

    def fail(*a, **k):
        raise OSError(code, os.strerror(code))
    monkeypatch.setattr(Match, "save", lambda self, path: fail())
    monkeypatch.setattr(savewriter, "write_text_atomic", lambda path, text: fail())   # the table's writer
    h = harness
    h.start(seats="human,ai,ai", seed=4)
    play_a_little(h, 2)
    click(h, h.table.unsaved_button)
    words = " ".join(ln for ln, _look in h.scene.wrapped)
    monkeypatch.setattr(saves.tempfile, "mkstemp", fail)
    h.app.folder_problem = h.app.prepare_user_dir()
    banner = h.app.folder_message()
    for said in (words, banner):
        assert os.strerror(code) in said
        kind = ADVICE[code]
        assert ("CROWNTABLE_HOME" in said) == (kind in ("denied", "both")), said
        assert ("ree some space" in said) == (kind in ("space", "both")), said


def test_a_read_only_folder_is_found_at_start(tmp_path, monkeypatch):
    """The start-up check writes a file; a folder where that fails (here: patched, as root
    ignores chmod) is reported with the system's reason."""
    from game.match import saves

    def ro(*a, **k):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))
    monkeypatch.setattr(saves.tempfile, "mkstemp", ro)
    assert saves.prepare_folder(tmp_path) == os.strerror(errno.EROFS)
    monkeypatch.undo()
    assert saves.prepare_folder(tmp_path) is None


# ---------------------------------------------------------------- 2. one reader, every failure

@pytest.mark.parametrize("content, words", [
    ('{"speed": ' + "9" * 5000 + "}", "number too long"),          # ValueError (int limit)
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),          # RecursionError
    (b"\xff\xfe{}", "not a text file"),                              # UnicodeDecodeError
    ("{\"speed\": ", "cut off"),
])
def test_read_json_turns_every_failure_into_its_own_sentence(tmp_path, content, words):
    p = tmp_path / "settings.json"
    p.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(RecordError) as err:
        read_json(p)
    assert words in str(err.value) and str(p) in str(err.value) and err.value.damaged


def test_read_json_catches_memory_error_too(tmp_path, monkeypatch):
    p = tmp_path / "x.json"
    p.write_text("{}")

    def oom(*a, **k):
        raise MemoryError()
    monkeypatch.setattr(record_mod.json, "loads", oom)
    with pytest.raises(RecordError, match="too large to read"):
        read_json(p)


def test_a_utf8_bom_before_valid_json_is_read(tmp_path):
    p = tmp_path / "settings.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps({"speed": "fast"}).encode())
    assert read_json(p) == {"speed": "fast"}
    assert Settings.load(p).speed == "fast"


def test_the_program_starts_with_a_5000_digit_number_in_settings(home):
    (home / "settings.json").write_text('{"speed": "fast", "sound": ' + "1" * 5000 + "}")
    s = Settings.load()
    assert s.message.startswith("Settings were reset to defaults") and "number too long" in s.message


def test_every_json_read_in_the_program_goes_through_read_json():
    """No other json.load / json.loads on a file's text in game/ (the command line's
    --options and the benchmark's own pipes are not files)."""
    offenders = []
    for py in (ROOT / "game").rglob("*.py"):
        src = py.read_text(encoding="utf-8")
        for n, line in enumerate(src.splitlines(), 1):
            if "json.load(" in line or ("json.loads(" in line and ("read_text" in line or ".read()" in line)):
                offenders.append(f"{py.relative_to(ROOT)}:{n}")
    assert offenders == [] or all("bench.py" in o for o in offenders), offenders


# ---------------------------------------------------------------- 3. size and kind, before reading

def run_cli(*args, timeout=30):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


def test_replay_of_dev_zero_answers_one_sentence_quickly():
    t0 = time.monotonic()
    r = run_cli("replay", "/dev/zero")
    assert r.returncode == 2 and time.monotonic() - t0 < 20
    assert "is not a file" in r.stderr and "Traceback" not in r.stderr + r.stdout
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_of_a_fifo_never_blocks(tmp_path):
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    r = run_cli("replay", str(fifo), timeout=20)          # blocked forever before
    assert r.returncode == 2 and "is not a file" in r.stderr and "Traceback" not in r.stderr


def test_replay_of_a_record_with_a_5000_digit_seed_is_one_sentence(tmp_path):
    p = tmp_path / "r.json"
    p.write_text('{"format": "crowntable-record", "game": "masterbluff", "players": 3, "seed": '
                 + "7" * 5000 + "}")
    r = run_cli("replay", str(p))
    assert r.returncode == 2 and "number too long" in r.stderr and "Traceback" not in r.stderr


def test_a_file_over_the_limit_is_refused_without_being_read(tmp_path, monkeypatch):
    p = tmp_path / "autosave_masterbluff.json"
    with open(p, "wb") as f:                       # sparse: large, costs nothing
        f.truncate(record_mod.MAX_FILE_BYTES + 1)
    reads = []
    real = os.read
    monkeypatch.setattr(record_mod.os, "read", lambda fd, n: reads.append(n) or real(fd, n))
    t0 = time.monotonic()
    with pytest.raises(RecordError, match="too large") as err:
        read_json(p, "The saved game")
    assert reads == [] and time.monotonic() - t0 < 1 and err.value.damaged


def test_a_folder_or_a_fifo_among_the_saves_is_reported_not_read(home):
    os.mkfifo(home / "autosave_court.json")
    (home / "autosave_ktm.json").mkdir()
    saves, problems = scan(home, ["court", "ktm"])
    assert saves == [] and len(problems) == 2
    assert any("is not a file" in p for p in problems) and any("is a folder" in p for p in problems)


def test_the_limit_is_far_above_the_largest_real_save():
    """docs/ENGINE.md records the measurement; the limit is at least 10x it."""
    doc = (ROOT / "docs" / "ENGINE.md").read_text(encoding="utf-8")
    assert "MAX_FILE_BYTES" in doc
    largest = 113_460                       # a 20-player Death game, death over all, 6x rounds
    assert record_mod.MAX_FILE_BYTES >= 10 * largest


# ---------------------------------------------------------------- 4. unchanged saves are not read again

def test_a_second_scan_does_not_read_an_unchanged_save(home, monkeypatch):
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    calls = []
    real = record_mod.read_json
    monkeypatch.setattr(record_mod, "read_json", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    first, _p = scan(home, ["masterbluff"])
    assert len(calls) == 1 and [s.path for s in first] == [path]
    again, _p = scan(home, ["masterbluff"])
    assert len(calls) == 1 and again[0].match is first[0].match        # not read, not parsed
    saved.save(path)                                                   # written again: new file
    scan(home, ["masterbluff"])
    assert len(calls) == 2


def test_a_resumed_save_is_never_listed_from_the_cache(harness, monkeypatch):
    """The table changes the match it is given: the menu must list what the file holds."""
    h = harness
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    h.menu()
    s = h.scene.saves[0]
    no_space(monkeypatch)                            # the table's moves are never written
    h.app.start_table(match=s.match, save=s.path)
    h.step()
    play_a_little(h, len(saved.log) + 2)
    h.app.open_menu()
    h.step()
    assert len(h.scene.saves[0].match.log) == len(saved.log)


# ---------------------------------------------------------------- 5. stale temp files

def test_stale_temp_files_of_ours_are_cleaned_at_start(home, harness_at):
    old = time.time() - 3600
    stale = [home / ".autosave_masterbluff.json.k2j3h4.tmp", home / ".settings.json.abc_12.tmp",
             home / ".autosave_court-2.json.zz9.tmp"]
    fresh = home / ".autosave_ktm.json.q1w2e3.tmp"          # another window may be writing it
    other = [home / ".mine.json.abc.tmp", home / "notes.tmp", home / ".autosave_x.json.abc.tmp.bak"]
    for p in stale + [fresh] + other:
        p.write_text("{")
    for p in stale + other:
        os.utime(p, (old, old))
    harness_at("off")
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and all(p.exists() for p in other)


def test_clean_stale_temps_never_follows_a_link(tmp_path):
    target = tmp_path / "keep.txt"
    target.write_text("keep")
    link = tmp_path / ".autosave_masterbluff.json.abc.tmp"
    link.symlink_to(target)
    os.utime(link, (0, 0), follow_symlinks=False)
    assert clean_stale_temps(tmp_path, now=time.time()) == []
    assert target.read_text() == "keep"


# ---------------------------------------------------------------- 6. permissions, crash logs

def test_the_folder_is_0700_and_every_file_in_it_0600(tmp_path, monkeypatch):
    from game.app.headless import HeadlessApp

    home = tmp_path / "new-home"
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        h.app.save_settings()
        h.start(seats="human,ai,ai", seed=3)
        play_a_little(h, 2)
        log = write_crash_log(home, "details")
        for f in [home / "settings.json", h.app.autosave_path("masterbluff"), log]:
            assert stat.S_IMODE(f.stat().st_mode) == 0o600, f
    finally:
        h.close()


def test_the_platform_folder_is_tightened_to_0700(tmp_path, monkeypatch):
    import platformdirs

    folder = tmp_path / "data" / "crowntable"
    folder.mkdir(parents=True, mode=0o755)
    os.chmod(folder, 0o755)
    monkeypatch.delenv("CROWNTABLE_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(folder))
    assert App.prepare_user_dir() is None
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_two_crash_logs_in_one_second_keep_both(tmp_path):
    now = 1_800_000_000
    a = write_crash_log(tmp_path, "first", now)
    b = write_crash_log(tmp_path, "second", now)
    c = write_crash_log(tmp_path, "third", now)
    assert len({a, b, c}) == 3
    assert [a.read_text(), b.read_text(), c.read_text()] == ["first", "second", "third"]
    assert b.name.endswith("-2.log")


# ---------------------------------------------------------------- 7. two windows on one save

def test_a_save_is_locked_by_one_holder_at_a_time(tmp_path):
    p = save_path(tmp_path, "masterbluff")
    p.write_text("{}")
    first = lock_save(p)
    assert first.held and save_in_use(p)
    with pytest.raises(SaveInUse):
        lock_save(p)
    first.release()
    assert not save_in_use(p)
    lock_save(p).release()


def test_the_lock_goes_with_the_process_that_held_it(tmp_path):
    p = save_path(tmp_path, "masterbluff")
    p.write_text("{}")
    code = ("import sys, time; from game.match.saves import lock_save; l = lock_save(sys.argv[1]); "
            "print('held', l.held, flush=True); time.sleep(60)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(p)], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert proc.stdout.readline().strip() == "held True"
        assert save_in_use(p)
    finally:
        proc.kill()                                     # as kill -9: no clean-up of its own
        proc.wait()
    assert not save_in_use(p)


def test_a_second_window_does_not_open_a_save_open_in_another(home, harness_at, rec):
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    one, two = harness_at("off"), harness_at("off")
    one.menu()
    s = one.scene.saves[0]
    one.app.start_table(match=s.match, save=s.path)
    one.step()
    assert one.table is not None and save_in_use(path)
    two.menu()
    m = two.scene
    assert m.saves[0].in_use                            # the list says so
    two.app.start_table(match=m.saves[0].match, save=m.saves[0].path)
    two.step()
    assert isinstance(two.scene, MenuScene) and two.table is None
    # the message names the game, never the file's path (issue 25, the third trial)
    assert two.scene.message == ("This game of MasterBluff is open in another Crown Table window: go on "
                                 "playing it there, or close it there first.")
    assert str(path) not in two.scene.message
    # Continue is greyed before any click, and the line under it says why
    assert not two.scene.continue_button.enabled
    two.step()
    assert "text:MasterBluff: open in another window" in rec.frames[-1].items
    click(two, two.scene.continue_button)
    assert isinstance(two.scene, MenuScene) and two.table is None
    click(two, two.scene.saves_button)
    assert isinstance(two.scene, SavesScene) and two.scene.rows[0].lines[3] == "Open in another window"
    assert not two.scene.deletes[0].enabled             # Delete greyed beside "Open in another window"
    click(two, two.scene.deletes[0])
    assert isinstance(two.scene, SavesScene) and path.exists()
    click(two, two.scene.rows[0])                       # its row says so too, and opens nothing
    assert isinstance(two.scene, SavesScene) and "open in another Crown Table window" in two.scene.message
    assert str(path) not in two.scene.message and "MasterBluff" in two.scene.message
    two.scene.ask_delete(two.scene.saves[0])            # nor is it deleted from here (the Delete key)
    two.step()
    assert isinstance(two.scene, SavesScene) and path.exists()
    # a new game in the second window never takes the name of the one open in the first
    two.start(seats="human,ai,ai", seed=8)
    assert two.app.autosave_path("masterbluff") != path
    # the first window leaves its table: the lock goes with it
    one.app.open_menu()
    one.step()
    assert not save_in_use(path)


# ---------------------------------------------------------------- 8. messages that hide each other

def test_many_damaged_saves_are_summed_up_with_the_count_and_the_folder(harness):
    home = user_dir()
    for n in range(1, 47):
        save_path(home, "masterbluff", n).write_text("{ not json")
    h = harness.menu()
    m = h.scene
    lines = m.message.splitlines()
    assert len(lines) <= 2 and "46 saved files" in m.message and str(home) in m.message
    assert len(list(home.glob("autosave_masterbluff*.damaged-*.json"))) == 46


def test_a_few_damaged_saves_are_each_named(harness):
    home = user_dir()
    bad = save_path(home, "court")
    bad.write_text("{ not json")
    m = harness.menu().scene
    assert str(bad) in m.message


def test_settings_reset_and_a_damaged_save_are_both_shown(home, harness_at):
    (home / "settings.json").write_text("{ nope")
    save_path(home, "masterbluff").write_text("{ nope")
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    h.app.settings = Settings.load()           # the harness brings its own settings: read the file
    try:
        h.menu()
        msg = h.scene.message
        assert "Settings were reset to defaults" in msg and "autosave_masterbluff.json" in msg
    finally:
        h.close()


# ---------------------------------------------------------------- 9. nothing is skipped without a word

def test_a_save_under_another_games_name_is_renamed_and_listed(home):
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    wrong = save_path(home, "court")
    path.rename(wrong)
    saves, problems = scan(home, ["court", "masterbluff"])
    assert len(problems) == 1 and str(wrong) in problems[0] and "MasterBluff" in problems[0]
    assert [s.game for s in saves] == ["masterbluff"] and saves[0].path == save_path(home, "masterbluff")
    assert not wrong.exists() and Match.load(saves[0].path).log == saved.log


def test_a_link_among_the_saves_is_reported_and_moved_as_a_link(home):
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    before = path.read_bytes()
    link = save_path(home, "masterbluff", 2)
    link.symlink_to(path)
    saves, problems = scan(home, ["masterbluff"])
    assert [s.path for s in saves] == [path]                       # listed once, as itself
    assert len(problems) == 1 and str(link) in problems[0] and "link" in problems[0]
    kept = list(home.glob("autosave_masterbluff-2.link-*.json"))
    assert len(kept) == 1 and kept[0].is_symlink() and not link.exists()
    assert path.read_bytes() == before and path.stat().st_nlink == 1   # the target: untouched


def test_set_aside_moves_a_link_never_hard_links_its_target(tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text("{ damaged")
    link = tmp_path / "autosave_masterbluff.json"
    link.symlink_to(target)
    kept = set_aside(link, when=1_800_000_000)
    assert kept.is_symlink() and os.readlink(kept) == str(target)
    assert not os.path.lexists(link) and target.stat().st_nlink == 1


def test_a_damaged_save_reached_through_load_save_is_moved_aside_as_before(home):
    p = save_path(home, "masterbluff")
    p.write_text("[")
    m, problem = load_save(p)
    assert m is None and problem.kept is not None and problem.kept.exists()


def test_the_lock_file_of_a_save_that_is_gone_is_cleaned_unless_held(tmp_path):
    gone, open_ = save_path(tmp_path, "court"), save_path(tmp_path, "ktm")
    lock_save(gone).release()
    held = lock_save(open_)
    cleaned = clean_stale_temps(tmp_path)
    assert [p.name for p in cleaned] == [".autosave_court.json.lock"]
    assert (tmp_path / ".autosave_ktm.json.lock").exists()       # its window holds it
    held.release()
