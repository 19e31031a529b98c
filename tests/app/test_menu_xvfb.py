"""Real window (Xvfb + xdotool): the menu idles without drawing, F11 twice gives back the
window's size and place, and a game starts from the keyboard alone."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time

import pytest
from test_xvfb_window import MISSING, ROOT, read_probe, start_xvfb, stop, wait_probe, xdo

pytestmark = [pytest.mark.xvfb_window,
              pytest.mark.skipif(bool(MISSING), reason=f"needs {' and '.join(MISSING)} installed")]


def geometry(env, wid) -> tuple[tuple[int, int], tuple[int, int]]:
    out = xdo(env, "getwindowgeometry", wid).stdout
    pos = tuple(int(v) for v in re.search(r"Position: (-?\d+),(-?\d+)", out).groups())
    size = tuple(int(v) for v in re.search(r"Geometry: (\d+)x(\d+)", out).groups())
    return pos, size


def test_menu_idles_f11_round_trip_and_keyboard_start(tmp_path):
    xvfb, display = start_xvfb()
    app = None
    try:
        probe = tmp_path / "probe.json"
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
               "SDL_VIDEO_X11_WMCLASS": "crowntable-menu-test", "CROWNTABLE_TEST_PROBE": str(probe),
               "CROWNTABLE_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
        app = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wid = None
        deadline = time.monotonic() + 30
        while wid is None and time.monotonic() < deadline:
            assert app.poll() is None, app.stderr.read().decode()[-2000:]
            out = xdo(env, "search", "--class", "crowntable-menu-test").stdout.split()
            wid = out[-1] if out else None
            time.sleep(0.1)
        assert wid, "the app window never appeared"
        wait_probe(probe, lambda p: p["scene"] == "MenuScene", 20, "the menu")
        xdo(env, "windowmove", wid, 90, 70)
        time.sleep(0.5)
        before = geometry(env, wid)
        assert before == ((90, 70), (1280, 720))
        # idle: nothing moves, so nothing is drawn
        frames = read_probe(probe)["frames"]
        time.sleep(1.0)
        assert read_probe(probe)["frames"] <= frames + 2
        xdo(env, "windowfocus", wid)
        xdo(env, "key", "F11")
        wait_probe(probe, lambda p: p["size"] != [1280, 720], 10, "fullscreen")
        xdo(env, "key", "F11")
        wait_probe(probe, lambda p: p["size"] == [1280, 720], 10, "the window again")
        time.sleep(0.3)
        assert geometry(env, wid) == before
        # keyboard only: Tab shows the focus on the first game, Enter opens setup, Enter starts
        xdo(env, "key", "Tab")
        xdo(env, "key", "Return")
        wait_probe(probe, lambda p: p["scene"] == "SetupScene", 10, "the setup")
        xdo(env, "key", "Return")
        wait_probe(probe, lambda p: "table" in p, 10, "the table")
    finally:
        stop(app)
        stop(xvfb)
