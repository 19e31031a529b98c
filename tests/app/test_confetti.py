"""Nothing a player must read is covered by confetti (a new user's screenshot: the results
screen's confetti fell over the standings and the headline).

The confetti falls under the panel and the title of the results screen (cut out of them, on
the felt beside), and on the table at the end of a game under every overlay and button, cut
out of the table's readable regions and its log.  Checked on the pixels (the confetti drawn
in a colour nothing else uses: no pixel of it in any text run's rect) and on the screen
transcript's cover check (``Frame.covered``: the confetti is an overlay of kind "confetti"
that meets no protected text), for every game, at frames while it falls.
"""
from __future__ import annotations

import random

import pygame
import pytest

import game.rules  # noqa: F401  (declares every game)
from game.app import theme as T
from game.app import transcript
from game.core import registry
from game.match import Match, SeatSpec

#: every registered game, at a player count (a game missing here fails)
PLAYERS = {"bossquest": 3, "masterbluff": 4, "ktm": 3, "death": 4, "court": 2}
GAMES = registry.ids()
MAGENTA = (255, 0, 255)         # the confetti's one colour in these tests (nothing else is drawn in it)
TIMES = (0.6, 1.4, 2.2, 3.0, 4.5, 6.0)


@pytest.fixture
def magenta(monkeypatch):
    """Every piece of confetti in magenta (the results pick their colours when they open, the
    table when it draws)."""
    monkeypatch.setattr(T, "CONFETTI", [MAGENTA] * len(T.CONFETTI))


def finished(game: str, seed: int = 3) -> Match:
    n = PLAYERS[game]
    m = Match(game, [SeatSpec(f"P{i}", "ai", "easy") for i in range(n)], seed=seed)   # an all-AI table: confetti
    rnd = random.Random(seed)
    while m.outcome() is None:
        m.submit(rnd.choice(list(m.legal(m.to_act()[0]))))
    return m


def confetti_mask(surf: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_threshold(surf, MAGENTA, (1, 1, 1, 255))


def hits(mask: pygame.mask.Mask, box: pygame.Rect) -> int:
    """How many confetti pixels lie in ``box``."""
    box = box.clip(pygame.Rect((0, 0), mask.get_size()))
    if box.w <= 0 or box.h <= 0:
        return 0
    return mask.overlap_area(pygame.mask.Mask(box.size, fill=True), box.topleft)


def check_frame(h, rec, where: str) -> int:
    """The last drawn frame: no confetti pixel in any text run's rect, the cover check clean;
    returns how many confetti pixels it shows."""
    frame = rec.frames[-1]
    assert frame.covered() == [], f"{where}: {frame.covered()}"
    mask = confetti_mask(h.app.screen)
    texts = [(item, box) for item, box in frame.spans if item.startswith("text:") and item.strip() != "text:"]
    assert texts, where
    bad = [(item, tuple(box), n) for item, box in texts if (n := hits(mask, box))]
    assert not bad, f"{where}: confetti over the words {bad}"
    if mask.count():
        assert any(ly.kind == "confetti" for ly in frame.layers), where
    return mask.count()


@pytest.mark.parametrize("game", GAMES)
def test_the_results_confetti_never_covers_the_standings(harness, rec, magenta, game):
    """The results of every game, at frames while the confetti falls: it shows (beside the
    panel, on the felt), and no pixel of it lies in the title, the headline, a standings row's
    words or a button's."""
    from game.app.scenes.results import ResultsScene

    h = harness
    scene = ResultsScene(h.app)
    h.app.reset(scene, match=finished(game), viewer=0)
    h.step()
    assert scene.confetti and scene.rows_shown() == len(scene.rows)
    shown = 0
    for t in TIMES:
        scene.t = t
        h.step(dt=0.0)
        shown += check_frame(h, rec, f"{game} results at {t} s")
        frame = rec.frames[-1]            # the cover check protects the panel's words and the title
        words = {item for item, _box in frame.protected()}
        assert f"text:{scene.headline}" in words and f"text:{scene.title}" in words
    assert shown > 0, "the confetti fell somewhere"


def test_the_results_confetti_falls_across_a_wide_window(harness_at, rec, magenta, home):
    """A window wider than the layout: the confetti falls on the felt at its sides too."""
    from game.app.headless import HeadlessApp
    from game.app.scenes.results import ResultsScene

    h = HeadlessApp(size=(1800, 720), speed="off", home=str(home))
    try:
        scene = ResultsScene(h.app)
        h.app.reset(scene, match=finished("court"), viewer=0)
        h.step()
        scene.t = 3.0
        h.step(dt=0.0)
        check_frame(h, rec, "court results, 1800x720")
        mask = confetti_mask(h.app.screen)
        side = round(h.app.view.ox)                          # the felt left of the layout
        assert side > 100 and hits(mask, pygame.Rect(0, 0, side, 720)) > 0
    finally:
        h.close()


def test_a_confetti_overlay_on_the_words_fails_the_cover_check(harness, rec):
    """The cover check bites: a piece of confetti drawn over the results' headline is caught."""
    from game.app.scenes.results import ResultsScene

    h = harness
    scene = ResultsScene(h.app)
    h.app.reset(scene, match=finished("court"), viewer=0)
    h.step()
    real = scene.draw

    def planted(surf):
        real(surf)
        r = pygame.Rect(630, 150, 12, 8)                     # on the headline's words
        with transcript.layer(surf, "confetti", [r]):
            pygame.draw.rect(surf, MAGENTA, r)
    scene.draw = planted
    h.step(dt=0.0)
    assert any("confetti" in v and scene.headline in v for v in rec.frames[-1].covered())


@pytest.mark.parametrize("game", GAMES)
def test_the_tables_celebration_confetti_never_covers_what_must_be_read(harness, rec, magenta, game):
    """The table at the end of every game, while its celebration's confetti falls: none of it
    on the plates' words, the scores, the status line, the log or a button's label (the
    confetti is drawn before the overlays and buttons, cut out of the readable regions)."""
    h = harness
    h.app.open_results = lambda *a, **k: None                # stay at the table
    h.start(game, seats=",".join(["human"] + ["ai"] * (PLAYERS[game] - 1)), seed=3)
    assert h.autoplay(lambda: h.table is not None and h.table.celebrate_t >= 0, max_frames=40000)
    t = h.table
    shown = 0
    for ct in TIMES:
        t.celebrate_t = ct
        h.step(dt=0.0)
        shown += check_frame(h, rec, f"{game} table's celebration at {ct} s")
    assert shown > 0, "the confetti fell somewhere"
