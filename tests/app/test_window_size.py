"""``CROWNTABLE_WINDOW_SIZE`` sets the window's first size (``bench --only memory`` opens the real
app at 1920x1080 with it); the Death table's probe says the round and whether it is revealing."""
from __future__ import annotations

from game.app.main import DEFAULT_SIZE, MIN_SIZE, window_size


def test_the_window_size_comes_from_the_environment_when_it_is_readable(monkeypatch):
    monkeypatch.setenv("CROWNTABLE_WINDOW_SIZE", "1920x1080")
    assert window_size() == (1920, 1080)
    monkeypatch.setenv("CROWNTABLE_WINDOW_SIZE", "200X100")
    assert window_size() == MIN_SIZE                       # never below the minimum
    for junk in ("", "big", "1920", "x1080"):
        monkeypatch.setenv("CROWNTABLE_WINDOW_SIZE", junk)
        assert window_size() == DEFAULT_SIZE
    monkeypatch.delenv("CROWNTABLE_WINDOW_SIZE")
    assert window_size() == DEFAULT_SIZE


def test_the_death_tables_probe_reports_the_round_and_the_reveal(harness_at):
    h = harness_at("fast")
    h.start("death", seats="ai,ai,ai,ai", seed=3)
    t = h.table
    assert h.app.probe_state()["table"]["round"] == 1
    assert h.run_until(lambda: h.app.probe_state()["table"]["revealing"], 20000)
    assert h.run_until(lambda: h.app.probe_state()["table"]["round"] == 2, 20000)
    assert t.match.log
