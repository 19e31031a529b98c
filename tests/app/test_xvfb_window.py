"""Real-window test: the app in a subprocess on its own Xvfb, driven by xdotool.

The app is started with CROWNTABLE_TEST_PROBE=<file>; it then writes a small
JSON each frame it changes (game/app/probe.py) with the window-pixel positions
of the viewer's cards, the drop zones and the choice buttons, and the log length.
Skipped (with the reason) only when Xvfb or xdotool is not installed.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MISSING = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
pytestmark = [pytest.mark.xvfb_window,
              pytest.mark.skipif(bool(MISSING), reason=f"needs {' and '.join(MISSING)} installed")]


def start_xvfb():
    """(process, display) of a new Xvfb on a display it picks itself (``-displayfd``): the
    same start as the desktop entry's check (tests/desktop_check.py)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from desktop_check import xvfb

    got = xvfb()
    if got is None:
        raise RuntimeError("Xvfb is not installed")
    return got


def stop(proc, timeout=5):
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout)


def xdo(env, *args, timeout=10):
    return subprocess.run(["xdotool", *map(str, args)], env=env, capture_output=True, text=True,
                          timeout=timeout)


def read_probe(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def wait_probe(path: Path, cond, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        p = read_probe(path)
        if p is not None and cond(p):
            return p
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}; last probe: {read_probe(path)}")


def test_drag_a_card_onto_the_pile_in_a_real_window(tmp_path):
    xvfb, display = start_xvfb()
    app = None
    try:
        probe = tmp_path / "probe.json"
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
               "SDL_VIDEO_X11_WMCLASS": "crowntable-test", "SDL_FRAMEBUFFER_ACCELERATION": "0",
               "CROWNTABLE_TEST_PROBE": str(probe), "CROWNTABLE_HOME": str(tmp_path / "home"),
               "PYTHONPATH": str(ROOT)}
        app = subprocess.Popen([sys.executable, "-m", "game", "play", "masterbluff", "--seats", "human,ai,ai",
                                "--seed", "2024", "--speed", "fast"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wid = None
        deadline = time.monotonic() + 30
        while wid is None and time.monotonic() < deadline:
            assert app.poll() is None, app.stderr.read().decode()[-2000:]
            out = xdo(env, "search", "--class", "crowntable-test").stdout.split()
            wid = out[-1] if out else None
            time.sleep(0.1)
        assert wid, "the app window never appeared"

        def move(x, y):
            xdo(env, "mousemove", "--window", wid, int(x), int(y))

        def click(x, y):
            move(x, y)
            time.sleep(0.05)
            xdo(env, "click", 1)

        # wait until it is the human's turn; let Bluff! windows pass with the on-screen button
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, f"no human turn; probe: {read_probe(probe)}"
            p = read_probe(probe)
            t = (p or {}).get("table") or {}
            if t.get("can_discard") and t.get("hand"):
                break
            nob = [b for b in t.get("window_buttons", []) if b["label"] == "No bluff"]
            if nob and not t.get("busy"):
                click(*nob[0]["center"])
                time.sleep(0.3)
            time.sleep(0.1)

        before = t["log_len"]
        card = t["hand"][0]
        pile = t["zones"]["pile"]                    # the pile's drop zone (window pixels)
        px, py = pile[0] + pile[2] // 2, pile[1] + pile[3] // 2
        cx, cy = card["click"]
        move(cx, cy)
        time.sleep(0.1)
        xdo(env, "mousedown", 1)
        time.sleep(0.1)
        for i in range(1, 9):                        # a real drag: several motion events
            move(cx + (px - cx) * i / 8, cy + (py - cy) * i / 8)
            time.sleep(0.03)
        time.sleep(0.1)
        xdo(env, "mouseup", 1)
        p = wait_probe(probe, lambda p: any(b["family"] and b["enabled"] for b in p["table"]["choice"]), 10,
                       "the family picker")
        fam_button = [b for b in p["table"]["choice"] if b["family"] and b["enabled"]][0]
        click(*fam_button["center"])
        wait_probe(probe, lambda p: p["table"]["log_len"] > before, 10, "the discard")

        # the autosave holds the action log: the new action is the human's discard of that card
        save = json.loads((tmp_path / "home" / "autosave_masterbluff.json").read_text())
        action = save["actions"][before]
        counts = [0] * 6
        from game.rules.masterbluff import FAMILIES

        counts[FAMILIES.index(card["face"])] = 1
        assert action == {"seat": 0, "kind": "discard", "counts": counts, "family": fam_button["family"],
                          "token": False}
        assert app.poll() is None
    finally:
        stop(app)
        stop(xvfb)
