"""Text fits (issue 27): in every language with a catalogue (and English), at 1280x720 and at
the 960x540 minimum, every screen, every lesson step and seeded stretches of each table are
drawn on the screen transcript and checked (``tests/app/fit_checks.py``): no text wider than its
box or sticking out of the panel it is on or into another, no text outside the window, no two
text runs overlapping, and no "…" cut or broken word where English at the same point has
none.  Each check has a planted failure below that it catches."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import transcript
from game.core import i18n

from fit_checks import (Sweep, drive_lessons, drive_screens, drive_table, phone_screens, problems, public_tables,
                        results_screens, PLAYERS)

LOCALE = Path(i18n.LOCALE_DIR)
LANGS = ["en"] + sorted(p.name for p in LOCALE.iterdir()
                        if (p / "LC_MESSAGES" / "crowntable.po").exists() and p.name != "en")
SIZES = [(1280, 720), (960, 540)]
GAMES = ["masterbluff", "court", "death", "ktm", "bossquest"]
MOVES = 40                # moves per table stretch (each seat, hot seat and against the AI)


def sweep(lang: str, size, area: str, home) -> Sweep:
    from game.app.headless import HeadlessApp

    assert i18n.set_language(lang) == lang, f"the {lang} catalogue is not compiled (pybabel compile)"
    sw = Sweep(size)
    made = []

    def make():
        made.append(HeadlessApp(size=size, speed="off", home=str(home / f"{lang}-{len(made)}")))
        # a new App speaks its settings' language (English in a fresh home): it must speak ``lang``
        assert made[-1].app.set_language(lang) == lang
        return made[-1]
    try:
        if area == "screens":
            h = make()
            drive_screens(h, sw)
            results_screens(h, sw)
            phone_screens(h, sw, lang)
            public_tables(h, sw)
        elif area == "lessons":
            drive_lessons(make, sw, GAMES)
        else:
            for k, game in enumerate(GAMES):
                n = PLAYERS[game]
                drive_table(make(), sw, game, ",".join(["human"] * n), 3 + k, MOVES, "hotseat")
                drive_table(make(), sw, game, ",".join(["human"] + ["ai"] * (n - 1)), 4 + k, MOVES, "ai")
    finally:
        for h in made:
            h.close()
        i18n.set_language("en")
    return sw


@pytest.fixture
def recording():
    transcript.start()
    yield
    transcript.stop()


@pytest.mark.parametrize("area", ["screens", "lessons", "tables"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_fits_in_every_language(recording, home, size, area):
    english = None
    report = {}
    for lang in LANGS:
        transcript.CUT.clear()
        transcript.BROKEN.clear()
        sw = sweep(lang, size, area, home)
        english = english or sw
        found = sw.compare(english)
        if found:
            report[lang] = found
    lines = [f"{lang}: {p}" for lang, ps in report.items() for p in ps[:40]]
    assert not report, f"{sum(map(len, report.values()))} text(s) do not fit:\n" + "\n".join(lines)


# ---------------------------------------------------------------------------- planted failures
@pytest.fixture
def canvas(recording, harness):
    """Draw on a recorded window-sized surface with the app's fonts; ``frame()`` is what the
    transcript keeps of it."""
    from game.app.transcript import Frame, RecSurface, _spans

    surf = RecSurface((1280, 720))
    surf.frame = lambda: Frame(tuple(surf.shows), {}, tuple(_spans(surf)), tuple(surf.layers))
    return surf, harness.app


def test_a_label_wider_than_its_box_is_caught(canvas, monkeypatch):
    from game.app.widgets import Button, text

    surf, app = canvas
    Button((100, 100, 200, 44), "Start").draw(surf, app)
    text(surf, app, "a label", (100, 300), 18, max_w=200)
    assert problems(surf.frame(), (1280, 720)) == []
    monkeypatch.setattr(app.fonts, "fit", lambda s, px, max_w, bold=False: px)    # a fit that does not shrink
    Button((100, 200, 120, 44), "A label far too long for its button").draw(surf, app)
    found = problems(surf.frame(), (1280, 720))
    assert any(p.startswith("overflow: 'A label far too long") for p in found), found


def test_a_word_wider_than_its_badge_is_caught(canvas):
    """The Boss Quest "bust!" badge before its fix: a panel of a fixed width, its word not measured."""
    from game.app.widgets import panel, text

    surf, app = canvas
    panel(surf, app, (100, 100, 70, 24))
    text(surf, app, "bust!", (135, 112), 16, bold=True, anchor="center")
    assert problems(surf.frame(), (1280, 720)) == []
    panel(surf, app, (100, 200, 70, 24))
    text(surf, app, "¡pasadísimo!", (135, 212), 16, bold=True, anchor="center")
    found = problems(surf.frame(), (1280, 720))
    assert any("'¡pasadísimo!'" in p and "sticks out of its panel" in p for p in found), found


def test_a_label_running_under_its_field_is_caught(canvas):
    """The setup screen's "Semente" label under its seed field before its fix."""
    from game.app.widgets import panel, text

    surf, app = canvas
    panel(surf, app, (60, 100, 1160, 580))                       # the screen's frame
    text(surf, app, "Seed", (100, 574), 18, bold=True, anchor="midleft")
    panel(surf, app, (190, 552, 180, 44))                        # the field, drawn after its label
    assert problems(surf.frame(), (1280, 720)) == []
    text(surf, app, "Sementeira", (100, 374), 18, bold=True, anchor="midleft")
    panel(surf, app, (190, 352, 180, 44))
    found = problems(surf.frame(), (1280, 720))
    assert any(p.startswith("touches: 'Sementeira'") for p in found), found


def test_two_overlapping_texts_are_caught_but_a_shadow_or_an_overlay_is_not(canvas):
    from game.app import transcript as tr
    from game.app.widgets import text

    surf, app = canvas
    text(surf, app, "Round 3", (400, 100), 18, shadow=True)
    with tr.layer(surf, "tooltip", [pygame.Rect(380, 90, 200, 40)]):
        text(surf, app, "a tooltip over it", (390, 100), 16)
    assert problems(surf.frame(), (1280, 720)) == []
    text(surf, app, "Bram takes 2 coins", (400, 300), 18)
    text(surf, app, "Dario", (440, 306), 18)
    found = problems(surf.frame(), (1280, 720))
    assert any(p.startswith("overlap: 'Bram takes 2 coins'") and "'Dario'" in p for p in found), found


def test_a_text_outside_the_window_is_caught(canvas):
    from game.app.widgets import text

    surf, app = canvas
    text(surf, app, "inside", (10, 10), 18)
    assert problems(surf.frame(), (1280, 720)) == []
    text(surf, app, "half outside", (1240, 300), 18)
    found = problems(surf.frame(), (1280, 720))
    assert any(p.startswith("outside: 'half outside'") for p in found), found


def test_a_cut_or_a_broken_word_that_english_has_not_is_caught(canvas):
    from game.app.table.draw import ellipsize
    from game.app.widgets import text, wrap

    surf, app = canvas
    english, other = Sweep((1280, 720)), Sweep((1280, 720))
    for sw, name, word in ((english, "Player 2", "Swap"), (other, "Giocatore 2", "Intercambiar")):
        surf.fill((0, 0, 0))
        text(surf, app, ellipsize(app, name, 16, 80, True, keep_tail=True), (100, 100), 16, bold=True)
        for k, row in enumerate(wrap(app, word, 16, 60)):
            text(surf, app, row, (100, 200 + 20 * k), 16)
        frame = surf.frame()
        sw.points += 1
        sw.seen.add("plate")
        from fit_checks import marks
        m = marks(frame)
        if m["cut"] or m["broken"]:
            sw.marks["plate"] = m
    assert english.compare(None) == [] and english.marks == {}
    found = other.compare(english)
    assert any("cut with …" in p and "Gioca…2" in p for p in found), found
    assert any("a word broken" in p and "mbiar" in p for p in found), found
    assert other.count(english) == 2
