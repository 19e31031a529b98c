"""``crowntable selfcheck``: prove the shipped assets load (fonts, card art,
layouts, lessons) and every game's rules, AI and table are listed and load, in a source
checkout or a frozen build; and in every shipped language (``game.core.i18n.SHIPPED``) that
its catalogue loads and every lesson plays, its words formatted in that language.  Prints
JSON; exit 1 on any failure.  Used by CI against the PyInstaller executable.

Each file is loaded by the loader the app uses (``game.app.resources``, ``layout``),
so a file that is missing, cut short or not what it claims to be is reported by its
path in the install, e.g. ``"assets/cards/death/king.svg: missing"``, in ``problems``
and in ``bad_assets`` (the names alone)."""
from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import game.rules  # noqa: E402,F401  (registers every game)
from game.core import registry  # noqa: E402
from .cards import required_art  # noqa: E402
from .layout import load_tmx  # noqa: E402
from .resources import AssetError, asset, asset_name, load_font, load_svg  # noqa: E402
from .theme import FONT_FILES  # noqa: E402
from .games import PLAYABLE, layer_problems  # noqa: E402


def lesson_check(path) -> None:
    """A lesson file loads and its script plays from its deal to its end."""
    from game.match.lesson import LessonError, load, verify

    if not path.is_file():
        raise AssetError(path, missing=True)
    try:
        problems = verify(load(path))
    except LessonError as exc:
        raise AssetError(path, str(exc)) from None
    if problems:
        raise AssetError(path, problems[0])


def lesson_words(path) -> None:
    """Every text of a lesson, in the language in force, formats with the lesson's fields (a
    translation that names a field the lesson does not have would stop the lesson on screen)."""
    from game.core.i18n import _
    from game.match.lesson import load

    lesson = load(path)
    names = lesson.names()
    for t in lesson.texts():
        try:
            _(t).format(**names)
        except (KeyError, IndexError, ValueError) as exc:
            raise AssetError(path, f"the text {t[:40]!r} does not format: {exc!r}") from None


def language_problems() -> tuple[list[str], list[str]]:
    """(the shipped languages checked, the problems): each one's catalogue loads, and every
    lesson plays with its words in that language.  English (the source) is left in force."""
    from game.core import i18n
    from game.core.i18n import SHIPPED, SOURCE

    problems: list[str] = []
    done: list[str] = []
    try:
        for lang in SHIPPED:
            if i18n.set_language(lang) != lang:
                problems.append(f"{lang}: no catalogue in {i18n.LOCALE_DIR}")
                continue
            for game_id in PLAYABLE:
                path = asset("lessons", f"{game_id}.toml")
                try:
                    lesson_check(path)
                    lesson_words(path)
                except AssetError as exc:
                    problems.append(f"{lang}: {exc}")
            done.append(lang)
    finally:
        i18n.set_language(SOURCE)
    return done, problems


def run() -> int:
    pygame.init()
    checked: list[str] = []
    bad: list[AssetError] = []

    def check(path, load) -> None:
        try:
            load(path)
            checked.append(asset_name(path))
        except AssetError as exc:
            bad.append(exc)

    def font(path) -> None:
        if load_font(path, 16).size("Wizard ♠♥♦♣")[0] <= 0:
            raise AssetError(path, "renders nothing")

    for name in FONT_FILES.values():
        check(asset("fonts", name), font)
    # the name checks of setup (the fonts' glyph coverage through pygame.freetype, right-to-left
    # letters through unicodedata) import what a frozen build must carry: a missing module fails here
    from .seating import name_char_refusal
    from .theme import Fonts

    cover = Fonts().missing("Wizard ßñçõœ éèêàù äöü « » „ “ ” ’")
    if cover is not None:
        bad.append(AssetError(asset("fonts", FONT_FILES[False]), f"no glyph for {cover!r}"))
    if name_char_refusal("\u0645") is None or name_char_refusal("a") is not None:
        bad.append(AssetError(asset("fonts", FONT_FILES[False]), "the name checks do not work"))
    svgs = {p: None for g in registry.games() for p in required_art(g)}
    svgs.update({p: None for p in sorted(asset().rglob("*.svg"))})          # and any other shipped SVG
    for svg in svgs:
        check(svg, lambda p: load_svg(p, (50, 70)))
    for game_id in registry.games():
        check(asset("layouts", f"{game_id}.tmx"), load_tmx)
    for game_id in PLAYABLE:
        check(asset("lessons", f"{game_id}.toml"), lesson_check)
    # every game in the rules, AI and app lists, and every module and name they give loads (a build
    # that left one out fails here)
    layers = layer_problems(resolve_parts=True)
    languages, words = language_problems()
    frozen = bool(getattr(sys, "_MEIPASS", None))
    print(json.dumps({"frozen": frozen, "games": sorted(registry.games()), "checked": len(checked),
                      "languages": languages,
                      "problems": [str(e) for e in bad] + layers + words, "bad_assets": [e.name for e in bad]}))
    return 1 if bad or layers or words or not checked else 0
