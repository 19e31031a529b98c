"""Table layouts authored in Tiled (assets/layouts/<game>.tmx) at 1280x720.

Object layers: ``shared`` (deck, pile, banner, status, buttons, log, topbar),
``seats_<n>`` (hand_i, name_i, token_i with seat 0 = the viewer at the bottom,
the others clockwise), ``public_<n>`` (positions 1..n: the public table of n phone seats,
position 0 left empty), ``public_shared`` (shared zones moved at the public table),
``public_zoom`` (``from`` and ``to``: the public table draws its middle larger, table/zoom.py), and
``overlays`` (transient panels that may cover zones).
Rectangles stay in layout units; :class:`game.app.theme.View` maps them to the
window.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from .resources import AssetError, asset, asset_error

BASE_SIZE = (1280, 720)


@dataclass
class Layout:
    size: tuple[int, int]
    layers: dict[str, dict[str, pygame.Rect]] = field(default_factory=dict)
    classes: dict[tuple[str, str], str] = field(default_factory=dict)

    def shared(self, name: str) -> pygame.Rect:
        return self.layers["shared"][name].copy()

    def overlay(self, name: str) -> pygame.Rect:
        return self.layers["overlays"][name].copy()

    def seats(self, players: int) -> dict[str, pygame.Rect]:
        key = f"seats_{players}"
        if key not in self.layers:
            raise KeyError(f"layout has no layer {key!r}")
        return {k: v.copy() for k, v in self.layers[key].items()}

    def seat(self, players: int, position: int, what: str) -> pygame.Rect:
        """``what`` is hand/name/token; ``position`` 0 is the bottom (viewer)."""
        return self.layers[f"seats_{players}"][f"{what}_{position}"].copy()

    def zones(self, players: int) -> dict[str, pygame.Rect]:
        """Every persistent zone at this player count (shared + seats); no two overlap."""
        out = {f"shared:{k}": v for k, v in self.layers["shared"].items()}
        out.update({f"seat:{k}": v for k, v in self.seats(players).items()})
        return out


def load_tmx(path) -> Layout:
    """The layout in the Tiled map ``path``; :class:`AssetError` naming it when the file is
    missing, is not a readable map, or has no object layer."""
    import pytmx  # imported lazily: it is only needed here

    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds on a bad map (ParseError, KeyError, ...)
        raise asset_error(path, exc) from None
    lay = Layout((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
    for layer in tmx.layers:
        if not isinstance(layer, pytmx.TiledObjectGroup):
            continue
        objs: dict[str, pygame.Rect] = {}
        for o in layer:
            if not o.name:
                continue
            objs[o.name] = pygame.Rect(round(o.x), round(o.y), round(o.width or 0), round(o.height or 0))
            lay.classes[(layer.name, o.name)] = getattr(o, "class", None) or o.type or ""
        lay.layers[layer.name] = objs
    if "shared" not in lay.layers:
        raise AssetError(path, "no 'shared' object layer")
    return lay


@lru_cache(maxsize=8)
def load(game: str) -> Layout:
    return load_tmx(asset("layouts", f"{game}.tmx"))


def seat_position(seat: int, viewer: int, players: int) -> int:
    """Layout position of ``seat`` when ``viewer`` sits at the bottom (position 0)."""
    return (seat - viewer) % players
