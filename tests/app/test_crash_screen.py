"""An unhandled error never leaves a black window (issue 15): a plain screen says what happened,
the game in progress is safe and Continue goes back to it, and the details are in a crash log."""
from __future__ import annotations

from game.app.scenes.crash import CrashScene


def test_an_error_in_a_tables_update_shows_the_crash_screen_keeps_the_game_and_logs_it(harness, home,
                                                                                       monkeypatch):
    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=7)
    t = h.table
    assert h.run_until(lambda: t.match.log and not t.busy(), 3000)  # a move: it is autosaved
    moves = len(t.match.log)
    saves = sorted(home.glob("autosave_masterbluff*.json"))
    assert len(saves) == 1

    def broken(dt):
        raise RuntimeError("planted: the table's update failed")
    monkeypatch.setattr(t, "update", broken)
    assert h.app.guarded_frame(1 / 60) is True                      # no exception escapes the loop
    crash = h.app.stack.top
    assert isinstance(crash, CrashScene) and t not in h.app.stack.scenes
    # 1. a plain screen says what happened, in one sentence, with the log's path
    assert crash.lines[0] == "Something went wrong, and Crown Table stopped what it was doing."
    logs = sorted(home.glob("crash-*.log"))
    assert len(logs) == 1 and any(str(logs[0]) in (ln if isinstance(ln, str) else ln[0]) for ln in crash.lines)
    # 3. the details: the error and its traceback, the same text "Copy details" copies
    details = logs[0].read_text(encoding="utf-8")
    assert "planted: the table's update failed" in details and "Traceback" in details
    assert crash.details == details
    assert [b.label for b in crash.widgets] == ["Continue", "Copy details", "Menu"]
    # 2. the game is safe: its save is kept, and Continue goes back to it
    assert sorted(home.glob("autosave_masterbluff*.json")) == saves
    h.app.frame(1 / 60)
    h.click(h.app.view.rect(crash.widgets[0].rect).center)
    h.step()
    assert h.table is not None and h.table is not t
    assert h.table.match.log[:moves] == t.match.log[:moves]          # the same game, from its save


def test_the_crash_screen_draws_a_whole_picture(harness, home):
    """Not a black window: the felt and the message are drawn."""
    h = harness
    h.menu()
    h.app.crash(ValueError("planted"))
    h.step()
    assert isinstance(h.app.stack.top, CrashScene)
    surf = h.app.screen
    w, hgt = surf.get_size()
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, w, 37) for y in range(0, hgt, 29)}
    assert len(colours) > 20                                         # a picture, not one colour
    assert [b.label for b in h.app.stack.top.widgets] == ["Copy details", "Menu"]   # no game to continue
