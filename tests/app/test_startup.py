"""Start-up: the benchmark's exit hook, and the menu loads no game (rules, AI, tables load when
a game is chosen).  Both start the real program in a fresh process (SDL dummy drivers)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path, **extra) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CROWNTABLE_HOME=str(tmp_path / "home"))
    env.pop("CROWNTABLE_TEST_PROBE", None)
    env.pop("CROWNTABLE_EXIT_AFTER_FIRST_FRAME", None)
    env.update(extra)
    return env


def test_exit_after_first_frame_quits_once_the_menu_is_drawn(tmp_path):
    from game.app.main import EXIT_AFTER_FIRST_FRAME
    from game.bench import EXIT_AFTER_FIRST_FRAME as bench_name

    assert bench_name == EXIT_AFTER_FIRST_FRAME
    probe = tmp_path / "probe.json"
    r = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=_env(tmp_path, CROWNTABLE_TEST_PROBE=str(probe), **{EXIT_AFTER_FIRST_FRAME: "1"}))
    assert r.returncode == 0, r.stderr
    first = json.loads(r.stdout.strip().splitlines()[-1])["first_frame"]
    assert first["scene"] == "MenuScene" and first["frames"] == 1
    assert first["since_cli_ms"] > 0 and isinstance(first["clock"], float)
    # the probe, written after the frame was drawn, saw the same: the menu, one frame
    seen = json.loads(probe.read_text())
    assert seen["scene"] == "MenuScene" and seen["frames"] == 1 and "menu" in seen


def test_without_the_hook_the_menu_keeps_running(tmp_path):
    """"0" means off: the real menu is still open after 3 s (then it is killed)."""
    p = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=_env(tmp_path, CROWNTABLE_EXIT_AFTER_FIRST_FRAME="0"))
    try:
        out, _err = p.communicate(timeout=3)
        assert False, f"the menu quit by itself: {out}"
    except subprocess.TimeoutExpired:
        p.kill()
        out, _err = p.communicate()
    assert "first_frame" not in out
