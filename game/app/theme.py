"""Colours, fonts, the layout-to-window transform and cached drawing primitives.

Everything is authored at 1280x720 ("layout units").  :class:`View` scales
uniformly to the window and centres the result; fonts and images are made at
the scaled pixel size, once, and cached.
"""
from __future__ import annotations

import random
from collections import OrderedDict

import pygame

from . import transcript
from .resources import AssetError, asset, load_font

BASE_W, BASE_H = 1280, 720

# -- colours (Okabe-Ito for anything that carries meaning) --------------------
FELT = (31, 95, 58)
FELT_DARK = (14, 48, 29)
TEXT = (246, 241, 228)
TEXT_DIM = (206, 214, 204)
TEXT_DARK = (24, 24, 24)
GOLD = (240, 196, 84)
PANEL = (10, 22, 16, 205)
PANEL_BORDER = (255, 255, 255, 40)
BUTTON = (38, 70, 54)
BUTTON_HOVER = (58, 104, 80)
BUTTON_DISABLED = (44, 52, 48)
PRIMARY = (0, 114, 178)          # blue
PRIMARY_HOVER = (30, 146, 212)
DANGER = (213, 94, 0)            # vermillion
DANGER_HOVER = (240, 122, 30)
ERROR_BG = (120, 30, 20, 230)
FOCUS = (255, 226, 120)          # the keyboard focus ring
OKABE = {"orange": (230, 159, 0), "sky": (86, 180, 233), "green": (0, 158, 115), "yellow": (240, 228, 66),
         "blue": (0, 114, 178), "vermillion": (213, 94, 0), "purple": (204, 121, 167)}
CONFETTI = [OKABE[k] for k in ("orange", "sky", "green", "yellow", "blue", "vermillion", "purple")]
FAMILY_COLOURS = {"wizard": (0, 114, 178), "witch": (204, 121, 167), "elf": (0, 158, 115),
                  "ogre": (213, 94, 0), "fairy": (86, 180, 233), "jester": (230, 159, 0)}
FAMILY_INK = {"wizard": (0, 60, 100), "witch": (110, 40, 90), "elf": (0, 85, 60),
              "ogre": (130, 50, 0), "fairy": (20, 80, 125), "jester": (120, 80, 0)}


class View:
    """Uniform scale + letterbox offset from layout units to window pixels."""

    def __init__(self, size: tuple[int, int]):
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        self.s = min(w / BASE_W, h / BASE_H)
        self.ox = (w - BASE_W * self.s) / 2
        self.oy = (h - BASE_H * self.s) / 2

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.s), round(self.oy + y * self.s)

    def n(self, v: float) -> int:
        return max(1, round(v * self.s))

    def rect(self, r) -> pygame.Rect:
        x, y = self.pt(r[0], r[1])
        x2, y2 = self.pt(r[0] + r[2], r[1] + r[3])
        return pygame.Rect(x, y, x2 - x, y2 - y)

    def logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.s, (pos[1] - self.oy) / self.s


class LruCache:
    """A bounded cache of made-once surfaces: ``get(key, make)`` returns the cached
    value or stores ``make()``; the least recently used entry goes past ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: OrderedDict = OrderedDict()

    def get(self, key, make):
        value = self._items.get(key)
        if value is None:
            value = make()
            self._items[key] = value
            if len(self._items) > self.limit:
                self._items.popitem(last=False)
        else:
            self._items.move_to_end(key)
        return value

    def clear(self) -> None:
        self._items.clear()


#: the shipped font files (assets/fonts), regular and bold
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


class Fonts:
    """Shipped DejaVu fonts by pixel size.  A missing or damaged font file falls back to
    pygame's default font, and its :class:`AssetError` is kept in ``failures`` so that the app
    can name the file (``check()`` loads both at start-up)."""

    def __init__(self) -> None:
        self.failures: list[AssetError] = []
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text = LruCache(1500)

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(px)), bold)
        f = self._fonts.get(key)
        if f is None:
            path = asset("fonts", FONT_FILES[bold])
            try:
                f = load_font(path, key[0])
            except AssetError as exc:            # pygame's own font, and the app says which file
                if exc.name not in (e.name for e in self.failures):
                    self.failures.append(exc)
                f = pygame.font.Font(None, round(key[0] * 1.3))
                f.set_bold(bold)
            self._fonts[key] = f
        return f

    def missing(self, text: str) -> str | None:
        """The first character of ``text`` the shipped fonts (regular and bold) have no glyph
        for, which pygame would draw as a box; None when they draw it all.  (``Font.metrics``
        gives the box's own metrics for a missing glyph; ``pygame.freetype`` says None.)"""
        faces = self.__dict__.get("_faces")
        if faces is None:
            import pygame.freetype as ft

            faces = []
            try:
                ft.init()
                faces = [ft.Font(str(asset("fonts", FONT_FILES[b])), 16) for b in (False, True)]
            except (OSError, pygame.error, AssetError):
                faces = []               # a damaged font falls back to pygame's: nothing to ask
            self.__dict__["_faces"] = faces
        for ch in text:
            if ch.isspace():
                continue
            if any(m is None for f in faces for m in f.get_metrics(ch)):
                return ch
        return None

    def check(self) -> list[AssetError]:
        """Load both shipped fonts; the problems found (an empty list when both are fine)."""
        self.get(16, False), self.get(16, True)
        return list(self.failures)

    def render(self, text: str, px: int, color, bold: bool = False) -> pygame.Surface:
        key = (text, int(px), tuple(color), bold)
        return self._text.get(key, lambda: self.get(px, bold).render(text, True, color))

    def fit(self, text: str, px: int, max_w: int, bold: bool = False) -> int:
        """Largest size <= px at which ``text`` fits in ``max_w`` pixels."""
        while px > 6 and self.get(px, bold).size(text)[0] > max_w:
            px -= 1
        return px


_panel_cache = LruCache(400)


def panel_surface(size: tuple[int, int], radius: int, color, border=None, width: int = 1) -> pygame.Surface:
    def make() -> pygame.Surface:
        s = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
        pygame.draw.rect(s, color, s.get_rect(), border_radius=radius)
        if border:
            pygame.draw.rect(s, border, s.get_rect(), width=max(1, width), border_radius=radius)
        return s

    return _panel_cache.get((size, radius, tuple(color), tuple(border) if border else None, width), make)


def draw_panel(surf: pygame.Surface, rect: pygame.Rect, color=PANEL, radius: int = 10, border=PANEL_BORDER,
               width: int = 1) -> None:
    surf.blit(panel_surface(rect.size, radius, color, border, width), rect.topleft)
    if transcript.RECORDER is not None:
        transcript.boxmark(surf, rect, "panel")


_felt_cache: dict[tuple[int, int], pygame.Surface] = {}
_felt_tile: list[pygame.Surface] = []


def _tile() -> pygame.Surface:
    """A 128x128 seamless tile of felt: fine noise plus a faint diagonal weave.  Built as bytes
    (no per-pixel surface calls: it is drawn before the first frame)."""
    if not _felt_tile:
        bits = random.Random(7).getrandbits         # randint(-6, 6), drawn exactly as randint draws it
        buf = bytearray(128 * 128 * 3)
        i = 0
        for y in range(128):
            for x in range(128):
                r = bits(4)
                while r >= 13:
                    r = bits(4)
                n = r - 6 + (4 if (x + y) % 4 == 0 else 0) - (3 if (x - y) % 4 == 2 else 0)
                buf[i], buf[i + 1], buf[i + 2] = max(0, FELT[0] + n), max(0, FELT[1] + n), max(0, FELT[2] + n)
                i += 3
        _felt_tile.append(pygame.image.frombuffer(bytes(buf), (128, 128), "RGB").copy())
    return _felt_tile[0]


def _vignette(vw: int = 160, vh: int = 90) -> pygame.Surface:
    """The darkening towards the edges, small (the felt scales it up): ``FELT_DARK`` with an
    alpha growing from 45% of the half-diagonal out."""
    dx = [(x + 0.5) / vw - 0.5 for x in range(vw)]
    dy = [(y + 0.5) / vh - 0.5 for y in range(vh)]
    dx2, dy2 = [d * d for d in dx], [d * d for d in dy]
    buf = bytearray(bytes(FELT_DARK[::-1]) + b"\0") * (vw * vh)     # BGRA: SDL's own order, a fast blit
    i = 3
    for y in range(vh):
        yy = dy2[y]
        for x in range(vw):
            d = (dx2[x] + yy) ** 0.5 / 0.7071
            if d > 0.45:
                buf[i] = int(190 * min(1.0, (d - 0.45) / 0.55) ** 1.5)
            i += 4
    return pygame.image.frombuffer(bytes(buf), (vw, vh), "BGRA").copy()


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The felt table for a window size: built once (noise tile + vignette), then cached."""
    s = _felt_cache.get(size)
    if s is not None:
        return s
    w, h = max(1, size[0]), max(1, size[1])
    s = pygame.Surface((w, h))
    tile = _tile()
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            s.blit(tile, (x, y))
    vig = _vignette()
    s.blit(pygame.transform.smoothscale(vig, (w, h)), (0, 0))
    if pygame.display.get_surface() is not None:
        s = s.convert()
    if len(_felt_cache) > 4:
        _felt_cache.clear()
    _felt_cache[size] = s
    return s
