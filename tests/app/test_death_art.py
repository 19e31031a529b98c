"""Death over the Kingdom's card art: every face, the back and the token load as real SVG art
(never the procedural fallback); a face's top-left corner reads its printed value and, turned
half a turn, its turned value (RULINGS.md section 1); the 13 faces are pairwise distinct, in
colour and in grey."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.app.cards import DEATH_NUM_BOX, CardArt, card_size, death_values
from game.app.resources import asset
from art_checks import assert_emblems_distinct, card_art, distance, scaled_box, thumb
from game.rules.death import NAMES

HAND, SMALL = 116, 70                 # hand size at 1280x720, and a crowded table's seat card
# RULINGS.md section 1: value, and the value a turned card is worth (None: the card never turns)
RULINGS = {"death": (0, None), "innkeeper": (1, 11), "trader": (2, None), "thief": (3, None),
           "clown": (4, 8), "bard": (5, None), "monk": (6, None), "magician": (7, 5), "dragon": (8, 4),
           "knight": (9, 3), "princess": (10, None), "queen": (11, 1), "king": (12, None)}


@pytest.fixture
def art():
    return card_art("death")


def test_the_faces_are_the_rules_characters():
    assert set(NAMES) == set(RULINGS)
    for name in NAMES:
        assert asset("cards", "death", f"{name}.svg").is_file()
        value, turned = RULINGS[name]
        assert death_values(name) == (value, value if turned is None else turned, turned is not None)


def test_every_face_back_and_token_load_as_svg_art(art):
    for w in (HAND, SMALL):
        size = card_size(w)
        for name in NAMES:
            img = art.face(name, size)
            assert img.get_size() == size
            assert art._svg(asset("cards", "death", f"{name}.svg"), size).get_bounding_rect().size == size
        assert art.back(size).get_size() == size
        assert art.token(w // 2).get_size() == (w // 2, w // 2)
    assert art.failures == []
    # the game's own back and token, not MasterBluff's or Fireball Court's
    for other in ("masterbluff", "court"):
        assert asset("cards", "death", "back.svg").read_bytes() != asset("cards", other, "back.svg").read_bytes()
    mb = CardArt(game="masterbluff").token(40)
    assert pygame.image.tobytes(art.token(40), "RGBA") != pygame.image.tobytes(mb, "RGBA")


def _box(w: int, h: int) -> pygame.Rect:
    return scaled_box(DEATH_NUM_BOX, w)


def _reads(art, img, raw, ink, w) -> list[int]:
    """The values whose label, drawn as CardArt draws it, gives exactly the pixels of ``img`` in
    the top-left value box (``raw``: the same card without labels); one pixel of slack for the
    bottom-right label, which was placed upside down."""
    box = _box(*img.get_size())
    got = pygame.image.tobytes(img.subsurface(box), "RGBA")
    found = []
    for n in range(13):
        label, r = art._death_value_label(n, ink, w)
        for dx, dy in itertools.product((0, -1, 1), repeat=2):
            want = raw.copy()
            want.blit(label, r.move(dx, dy))
            if pygame.image.tobytes(want.subsurface(box), "RGBA") == got:
                found.append(n)
                break
    return found


@pytest.mark.parametrize("w", [HAND, SMALL])
def test_corners_read_the_value_and_turned_upside_down_the_turned_value(art, w):
    from game.app.cards import DEATH_INK, DEATH_TURNED_INK

    size = card_size(w)
    for name in NAMES:
        value, turned, turns = death_values(name)
        face = art.face(name, size)
        raw = art._svg(asset("cards", "death", f"{name}.svg"), size)
        assert _reads(art, face, raw, DEATH_INK[name], w) == [value], name
        # the card turns half a turn (as on the table): the bottom-right value now reads upright
        ink = DEATH_TURNED_INK if turns else DEATH_INK[name]
        flip = pygame.transform.flip
        assert _reads(art, flip(face, True, True), flip(raw, True, True), ink, w) == [turned], name
        # the bottom-right tab is dark (with a turn arrow) exactly on the characters that can turn
        r, g, b, _ = raw.get_at((round(228 * w / 250), round(280 * w / 250)))
        assert (max(r, g, b) < 60) if turns else (min(r, g, b) > 180), name


def test_values_are_large_at_hand_size(art):
    floor = art.fonts.get(16, True).get_height()
    for name in NAMES:
        label, rect = art._corner_label(name, HAND)
        assert label.get_height() >= floor and rect.right < HAND // 2
        assert art._death_turned_label(name, HAND).get_height() >= floor


@pytest.mark.parametrize("w", [HAND, SMALL])
def test_faces_are_pairwise_distinct(art, w):
    size = card_size(w)
    faces = {n: art.face(n, size) for n in NAMES}
    colour = {n: thumb(f, grey=False) for n, f in faces.items()}
    for a, b in itertools.combinations(NAMES, 2):
        assert distance(colour[a], colour[b]) > 12, (a, b)
    # colour-blind safety: the portraits alone, in grey, still differ
    assert_emblems_distinct(art, NAMES, w, 12)
    assert art.failures == []
