"""Measure the CPU the main menu uses while nothing moves (the idle loop).

    python scripts/idle_cpu.py                 # the app's loop, 5 s
    python scripts/idle_cpu.py --always-draw   # the old loop: draw and flip 60 times a second
    SDL_VIDEODRIVER=x11 DISPLAY=:99 python scripts/idle_cpu.py   # in a real (Xvfb) window

Runs ``App.loop`` on the menu for ``--seconds``, then prints one JSON line with
the process CPU time as a share of one core, and the frames drawn.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--always-draw", action="store_true", help="draw every frame (the loop before idle waits)")
    args = ap.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CROWNTABLE_HOME", tempfile.mkdtemp(prefix="crowntable-idle-"))
    import pygame

    from game.app.main import App
    from game.app.settings import Settings

    app = App(settings=Settings(), fullscreen=False)
    if args.always_draw:
        frame = App.frame
        app.idle = lambda: False
        app.frame = lambda dt, events=None, lazy=False: frame(app, dt, events, lazy=False)
    app.open_menu()
    app.frame(1 / 60)                       # first frame: build caches, then measure the steady state
    pygame.time.set_timer(pygame.QUIT, round(args.seconds * 1000), loops=1)
    frames0, cpu0, wall0 = app.frames, time.process_time(), time.perf_counter()
    app.loop()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(json.dumps({"bench": "idle_menu", "driver": os.environ["SDL_VIDEODRIVER"],
                      "always_draw": args.always_draw, "seconds": round(wall, 2),
                      "cpu_percent_of_core": round(100 * cpu / wall, 2), "frames_drawn": app.frames - frames0}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
