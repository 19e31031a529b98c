"""Writes ktm.tmx, the King Thief Minister table (a Tiled map, 80x45 tiles of 16 px = 1280x720).

The .tmx is what the app loads (it can be edited in Tiled); this script documents the
layout and checks it: ``python assets/layouts/make_ktm.py``.

Six spots lie in a ring (RULINGS.md section 2).  The ring turns with the viewer: ring
place 0 is the bottom centre (the viewer's own spot), places 1-5 follow clockwise on the
screen, as the spots are numbered clockwise.  A player sits at each owned spot (3-6
players; the spots nobody owns hold a card but no seat).

Layers:

``shared``   ``treasury`` (the coins in the middle; a coin dropped here is a look),
             ``score`` (the game's line: turn, treasury, memory aid), ``topbar``,
             ``buttons`` (the turn's actions, the answers), ``status``, ``log``.
``ring``     per ring place ``k`` (0-5): ``spot_k`` (the card), ``name_k`` (the seat's
             plate under it) and ``coins_k`` (the seat's coin stack beside it, on the
             outer side).
``overlays`` ``picker`` (the claim wheel and other choices), ``labels`` (the Peasant's
             name labels, over the treasury while naming), ``celebration``.

No two persistent zones (``shared`` and ``ring``) overlap (``check()``).
"""
from __future__ import annotations

import math
from pathlib import Path

from tmx_writer import build_tmx, check_zones

CENTRE = (600, 318)
AXES = (318, 196)               # the ellipse of the spot centres
CARD_W, CARD_H = 88, 124        # 5:7
PLATE_W, PLATE_H = 176, 36
COIN = 56

SHARED = {
    "score": (16, 8, 420, 40),
    "topbar": (1040, 8, 228, 40),
    "treasury": (516, 254, 168, 128),
    "buttons": (16, 630, 984, 44),
    "status": (160, 680, 840, 34),
    "log": (1016, 430, 248, 282),
}
OVERLAYS = {
    "picker": (200, 100, 800, 340),     # six tiles wide enough for "Executioner" at 16 px
    "labels": (420, 232, 360, 172),
    "celebration": (340, 150, 600, 200),
}


def place(k: int) -> tuple[float, float]:
    """The centre of ring place ``k``: 0 at the bottom, then clockwise on the screen."""
    a = math.radians(90 + 60 * k)
    return CENTRE[0] + AXES[0] * math.cos(a), CENTRE[1] + AXES[1] * math.sin(a)


def ring() -> dict[str, tuple[int, int, int, int]]:
    out = {}
    for k in range(6):
        x, y = place(k)
        out[f"spot_{k}"] = (round(x - CARD_W / 2), round(y - CARD_H / 2), CARD_W, CARD_H)
        out[f"name_{k}"] = (round(x - PLATE_W / 2), round(y + CARD_H / 2 + 6), PLATE_W, PLATE_H)
        side = -1 if k in (1, 2) else 1          # the left-hand places keep their coins on the left
        cx = x + side * (CARD_W / 2 + 10 + COIN / 2)
        out[f"coins_{k}"] = (round(cx - COIN / 2), round(y - COIN / 2 + 14), COIN, COIN)
    return out


RING = ring()


def check() -> None:
    check_zones(list(SHARED.items()) + list(RING.items()))


def build() -> str:
    layers = [("shared", SHARED), ("ring", RING), ("overlays", OVERLAYS)]
    return build_tmx(layers, lambda layer, name: "zone")


if __name__ == "__main__":
    check()
    Path(__file__).with_name("ktm.tmx").write_text(build(), encoding="utf-8")
