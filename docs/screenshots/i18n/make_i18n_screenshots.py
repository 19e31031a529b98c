"""Renders, in each shipped language, the menu, one table mid-game, one lesson step and the
rules screen (issue 27), with the headless harness, at 1280x720 (``--small``: the table and the
lesson at the 960x540 minimum too).  The PNGs here went through ``pngquant --quality 70-90``.

    python docs/screenshots/i18n/make_i18n_screenshots.py [outdir] [--lang it] [--small]
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import pygame  # noqa: E402

from game.app.headless import HeadlessApp  # noqa: E402
from game.core.i18n import SHIPPED  # noqa: E402

_ARGS = sys.argv[1:]
ONLY = _ARGS[_ARGS.index("--lang") + 1] if "--lang" in _ARGS else None
_ARGS = [a for i, a in enumerate(_ARGS) if a not in ("--lang", "--small") and (i == 0 or _ARGS[i - 1] != "--lang")]
OUT = Path(_ARGS[0]) if _ARGS else Path(__file__).resolve().parent


def app(lang: str, size=(1280, 720), speed="fast") -> HeadlessApp:
    h = HeadlessApp(size=size, speed=speed, home=tempfile.mkdtemp())
    h.app.set_language(lang)
    return h


def shots(lang: str) -> None:
    h = app(lang)
    h.menu()
    h.step(n=5)
    h.screenshot(OUT / f"{lang}_menu.png")
    h.close()

    for size, tag in (((1280, 720), ""), ((960, 540), "_960"))[:2 if "--small" in sys.argv else 1]:
        # MasterBluff mid-game on the person's turn, with the pile started
        h = app(lang, size, speed="normal")
        h.start("masterbluff", seats="human,ai,ai,ai", seed=12)
        t = h.table
        h.autoplay(lambda: len(t.match.log) >= 8 and t.viewer_can_discard() and t.obs().pile_size > 0, 20000)
        h.step(n=40)
        h.screenshot(OUT / f"{lang}_table{tag}.png")
        if not tag:
            h.key(pygame.K_F1)
            h.step(n=3)
            h.screenshot(OUT / f"{lang}_rules.png")
        h.close()

        # Death's lesson at its first step the learner plays
        from game.app.resources import asset
        from game.match.lesson import load
        lesson = load(asset("lessons", "death.toml"))
        k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you")
        h = app(lang, size)
        h.lesson("death")
        h.lesson_to(k)
        h.step(n=40)
        h.screenshot(OUT / f"{lang}_lesson{tag}.png")
        h.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for lang in SHIPPED:
        if ONLY is None or lang == ONLY:
            shots(lang)
    print("screenshots written to", OUT)


if __name__ == "__main__":
    main()
