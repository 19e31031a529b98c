"""``crowntable selfcheck``: prove the shipped assets load (fonts, card art,
layouts), in a source checkout or a frozen build.  Prints JSON; exit 1 on any
failure.  Used by CI against the PyInstaller executable."""
from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import game.rules  # noqa: E402,F401  (registers every game)
from game.core import registry  # noqa: E402
from .layout import load_tmx  # noqa: E402
from .resources import asset, root  # noqa: E402


def run() -> int:
    pygame.init()
    checked: list[str] = []
    problems: list[str] = []
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        path = asset("fonts", name)
        try:
            if pygame.font.Font(str(path), 16).size("Wizard ♠♥♦♣")[0] <= 0:
                problems.append(f"{name}: renders nothing")
            checked.append(str(path.relative_to(root())))
        except (OSError, pygame.error) as exc:
            problems.append(f"{name}: {exc}")
    for svg in sorted(asset().rglob("*.svg")):
        try:
            if pygame.image.load_sized_svg(str(svg), (50, 70)).get_bounding_rect().width == 0:
                problems.append(f"{svg.name}: renders empty")
            checked.append(str(svg.relative_to(root())))
        except (OSError, pygame.error) as exc:
            problems.append(f"{svg.name}: {exc}")
    for game_id in registry.games():
        path = asset("layouts", f"{game_id}.tmx")
        try:
            layout = load_tmx(path)
            if not layout.layers:
                problems.append(f"{path.name}: no object layers")
            checked.append(str(path.relative_to(root())))
        except Exception as exc:  # pytmx raises many kinds on a bad map
            problems.append(f"{path.name}: {exc}")
    frozen = bool(getattr(sys, "_MEIPASS", None))
    print(json.dumps({"frozen": frozen, "games": sorted(registry.games()), "checked": len(checked),
                      "problems": problems}))
    return 1 if problems or not checked else 0
