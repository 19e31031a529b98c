"""Short, soft synthesised sounds (no files needed): deal tick, slide, flip, token,
fanfare, low note.  Silent when the mixer is unavailable or sound is off."""
from __future__ import annotations

import math
from array import array

import pygame

RATE = 22050


def _tone(parts: list[tuple[float, float, float]], volume: float = 0.25, noise: float = 0.0) -> bytes:
    """parts: (frequency Hz, start s, duration s); soft attack/decay envelopes; mono int16."""
    end = max(s + d for _, s, d in parts)
    n = int(RATE * end) + 1
    buf = [0.0] * n
    seed = 1
    for f, start, dur in parts:
        i0, i1 = int(start * RATE), min(n, int((start + dur) * RATE))
        for i in range(i0, i1):
            t = (i - i0) / RATE
            env = min(1.0, t / 0.006) * math.exp(-4.0 * t / dur)
            v = math.sin(2 * math.pi * f * t)
            if noise:
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                v = (1 - noise) * v + noise * ((seed / 0x3FFFFFFF) - 1.0)
            buf[i] += v * env
    peak = max(1e-6, max(abs(x) for x in buf))
    return array("h", (int(32767 * volume * x / peak) for x in buf)).tobytes()


RECIPES = {
    "tick": lambda: _tone([(1800, 0, 0.03)], 0.12, noise=0.6),
    "slide": lambda: _tone([(420, 0, 0.12), (300, 0.02, 0.12)], 0.14, noise=0.8),
    "flip": lambda: _tone([(900, 0, 0.05), (1300, 0.04, 0.05)], 0.15, noise=0.4),
    "token": lambda: _tone([(660, 0, 0.12), (990, 0.05, 0.15)], 0.2),
    "call": lambda: _tone([(520, 0, 0.1), (390, 0.09, 0.18)], 0.22),
    "fanfare": lambda: _tone([(523, 0, 0.16), (659, 0.14, 0.16), (784, 0.28, 0.16), (1047, 0.42, 0.45)], 0.25),
    "low": lambda: _tone([(196, 0, 0.5), (147, 0.18, 0.6)], 0.22),
}


_DATA: dict[str, bytes] = {}


def data(name: str) -> bytes:
    """Synthesised once per process (about 0.1 s for the whole set)."""
    if name not in _DATA:
        _DATA[name] = RECIPES[name]()
    return _DATA[name]


class Sounds:
    """The effects.  ``start``: called on the first sound wanted, it opens the mixer and says
    whether it could (``App.start_audio``): the menu's first frame does not wait for the
    sound device."""

    def __init__(self, enabled: bool, start=None) -> None:
        self.enabled = enabled
        self._start = start
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._ok: bool | None = None if start is not None else (enabled and pygame.mixer.get_init() is not None)

    @property
    def ok(self) -> bool:
        """Can sounds play (the mixer started, no error yet)?  Starts the mixer the first time."""
        if self._ok is None:
            self._ok = bool(self._start()) and pygame.mixer.get_init() is not None
        return self._ok

    @ok.setter
    def ok(self, value: bool) -> None:
        self._ok = value

    def warm(self) -> None:
        """Build every sound now (at scene start) rather than mid-animation."""
        if self.enabled and self.ok:
            for name in RECIPES:
                self.play(name, volume=0.0)

    def play(self, name: str, volume: float = 1.0) -> None:
        if not (self.enabled and self.ok):
            return
        try:
            s = self._cache.get(name)
            if s is None:
                freq, size, channels = pygame.mixer.get_init()
                raw = data(name)
                if channels == 2:  # duplicate mono samples into both channels
                    mono = array("h")
                    mono.frombytes(raw)
                    raw = array("h", (v for x in mono for v in (x, x))).tobytes()
                s = pygame.mixer.Sound(buffer=raw)
                self._cache[name] = s
            if volume > 0:
                s.play()
        except (pygame.error, KeyError, ValueError):
            self.ok = False  # never let audio break the game
