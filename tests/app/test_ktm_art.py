"""King Thief Minister's card art: every face, the back and the pieces load as real SVG art
(never the procedural fallback); each face's ribbons read the character's name in words (a
memory game: the name must read at a glance), top and upside down at the bottom; the six faces
are pairwise distinct, in colour and in grey."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.app.cards import KTM_INK, KTM_NAME_BOX, KTM_WORDS, art_spec, card_size
from game.app.resources import asset
from art_checks import assert_emblems_distinct, card_art, distance, scaled_box, thumb

HAND, SMALL = 116, 70
NAMES = ("king", "thief", "minister", "executioner", "sheriff", "peasant")   # RULINGS.md section 2


@pytest.fixture
def art():
    return card_art("ktm")


def test_every_face_back_and_piece_load_as_svg_art(art):
    assert set(KTM_WORDS) == set(NAMES)
    for w in (HAND, SMALL):
        size = card_size(w)
        for name in NAMES:
            assert art.face(name, size).get_size() == size
            assert art._svg(asset("cards", "ktm", f"{name}.svg"), size).get_bounding_rect().size == size
        assert art._svg(asset("cards", "ktm", "back.svg"), size) is not None
        assert art.back(size).get_size() == size
    assert set(art_spec("ktm").pieces) == {"coin", "coin_edge", "treasury"}
    for name in art_spec("ktm").pieces:
        for px in (48, 24):
            img = art.piece(name, px)
            assert img.get_height() == px
            assert art._svg(asset("cards", "ktm", f"{name}.svg"), img.get_size()) is not None
    assert art.piece("coin_edge", 20).get_width() > 3 * 20          # a flat coin seen from the side
    assert art.token(40).get_size() == (40, 40)                      # the coin is the game's token
    assert art.failures == []
    for other in ("masterbluff", "court", "death"):
        assert asset("cards", "ktm", "back.svg").read_bytes() != asset("cards", other, "back.svg").read_bytes()
    for f in asset("cards", "ktm").glob("*.svg"):
        assert "<text" not in f.read_text(encoding="utf-8"), f


def _box(w: int) -> pygame.Rect:
    return scaled_box(KTM_NAME_BOX, w)


@pytest.mark.parametrize("w", [HAND, SMALL])
def test_ribbons_read_the_name_in_words_top_and_upside_down(art, w):
    size = card_size(w)
    floor = art.fonts.get(12 if w == HAND else 7, True).get_height()
    for name in NAMES:
        label, rect = art._corner_label(name, w)
        box = _box(w)
        assert rect.center == box.center and box.x <= rect.x and rect.right <= box.right, name
        assert label.get_height() >= floor, name
        want = art.fonts.render(KTM_WORDS[name], art.fonts.fit(KTM_WORDS[name], round(w * 0.16), _box(w).w, True),
                                KTM_INK[name], bold=True)
        assert pygame.image.tobytes(label, "RGBA") == pygame.image.tobytes(want, "RGBA"), name
        face = art.face(name, size)
        raw = art._svg(asset("cards", "ktm", f"{name}.svg"), size)
        flip = pygame.transform.flip
        for img, base in ((face, raw), (flip(face, True, True), flip(raw, True, True))):
            got = pygame.image.tobytes(img.subsurface(rect), "RGBA")
            assert got != pygame.image.tobytes(base.subsurface(rect), "RGBA"), name     # the name is drawn
    # the name is the whole word: "Executioner", not a clipped "Exec"
    assert [KTM_WORDS[n] for n in NAMES] == ["King", "Thief", "Minister", "Executioner", "Sheriff", "Peasant"]
    assert art._corner_label("king", HAND)[0].get_height() >= art.fonts.get(16, True).get_height()


@pytest.mark.parametrize("w", [HAND, SMALL])
def test_faces_are_pairwise_distinct(art, w):
    size = card_size(w)
    colour = {n: thumb(art.face(n, size), grey=False) for n in NAMES}
    grey = {n: thumb(art.face(n, size), grey=True) for n in NAMES}
    for a, b in itertools.combinations(NAMES, 2):
        assert distance(colour[a], colour[b]) > 12, (a, b)
        assert distance(grey[a], grey[b]) > 6, (a, b)
    assert_emblems_distinct(art, NAMES, w, 12)
    assert art.failures == []
