"""The felt is built from bytes now (start-up): it must look exactly as the per-pixel original."""
from __future__ import annotations

import random

import pygame

from game.app import theme as T


def _tile_per_pixel() -> pygame.Surface:
    """The original: one PixelArray write per pixel."""
    t = pygame.Surface((128, 128))
    rnd = random.Random(7)
    arr = pygame.PixelArray(t)
    for y in range(128):
        for x in range(128):
            n = rnd.randint(-6, 6) + (4 if (x + y) % 4 == 0 else 0) - (3 if (x - y) % 4 == 2 else 0)
            arr[x, y] = (max(0, T.FELT[0] + n), max(0, T.FELT[1] + n), max(0, T.FELT[2] + n))
    del arr
    return t


def _vignette_per_pixel(vw=160, vh=90) -> pygame.Surface:
    vig = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for y in range(vh):
        for x in range(vw):
            dx, dy = (x + 0.5) / vw - 0.5, (y + 0.5) / vh - 0.5
            d = (dx * dx + dy * dy) ** 0.5 / 0.7071
            a = max(0.0, min(1.0, (d - 0.45) / 0.55)) ** 1.5
            vig.set_at((x, y), (*T.FELT_DARK, int(190 * a)))
    return vig


def _pixels(s: pygame.Surface) -> list:
    return [tuple(s.get_at((x, y))) for y in range(s.get_height()) for x in range(s.get_width())]


def test_the_felt_tile_and_vignette_are_the_per_pixel_originals():
    pygame.display.init()
    assert _pixels(T._tile()) == _pixels(_tile_per_pixel())
    assert _pixels(T._vignette()) == _pixels(_vignette_per_pixel())


def test_the_felt_of_a_window_is_the_one_the_originals_make():
    size = (300, 200)
    ref = pygame.Surface(size)
    for y in range(0, size[1], 128):
        for x in range(0, size[0], 128):
            ref.blit(_tile_per_pixel(), (x, y))
    ref.blit(pygame.transform.smoothscale(_vignette_per_pixel(), size), (0, 0))
    T._felt_cache.pop(size, None)
    assert _pixels(T.felt(size).convert(ref)) == _pixels(ref)
