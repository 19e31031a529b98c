"""Shared helpers of the card-art tests (``test_<game>_art.py``): the game's CardArt with a
display, a box of the 250 x 350 card scaled to a width, thumbnails and their distance, and
the check that a set of faces' emblems stay distinct in grey."""
from __future__ import annotations

import itertools

import pygame

from game.app.cards import CardArt


def card_art(game: str) -> CardArt:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    return CardArt(game=game)


def scaled_box(box: tuple[int, int, int, int], w: int) -> pygame.Rect:
    """``box`` (x0, y0, x1, y1 on the 250-wide card) on a card ``w`` px wide."""
    sx = w / 250
    x0, y0, x1, y1 = box
    return pygame.Rect(round(x0 * sx), round(y0 * sx), round((x1 - x0) * sx), round((y1 - y0) * sx))


def thumb(img: pygame.Surface, grey: bool, size=(10, 14)) -> list[int]:
    small = pygame.transform.smoothscale(img, size)
    if grey:
        small = pygame.transform.grayscale(small)
    return list(pygame.image.tobytes(small, "RGB"))


def distance(a: list[int], b: list[int]) -> float:
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)


def assert_emblems_distinct(art, names, w: int, floor: float) -> None:
    """The emblems of ``names`` (half the card width, in grey) differ pairwise by more than
    ``floor``: colour-blind safe."""
    px = round(w * 0.5)
    em = {n: thumb(pygame.transform.smoothscale(art.emblem(n, px), (28, 28)), grey=True) for n in names}
    for a, b in itertools.combinations(names, 2):
        assert distance(em[a], em[b]) > floor, (a, b)
