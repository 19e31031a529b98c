"""Writes death.tmx (a Tiled map, 80x45 tiles of 16 px = 1280x720) for Death over the Kingdom.

The .tmx is what the app loads (it can be edited in Tiled); this script documents
the layout and checks it: ``python assets/layouts/make_death.py``.

Layers:

``shared``     ``ring``: the rect whose ellipse the table kit seats 2-20 players on
               (the viewer at the bottom, the others clockwise; see
               game/app/table/ring.py); ``deck`` and ``discard`` in the middle of
               the ring; ``score`` (the round counter and mode), ``aid`` (the aid
               button), ``topbar``, ``buttons`` (Stand, Exchange / Cut, a power),
               ``status`` and ``log``.
``public_shared`` the shared zones the public table moves (issue 28: no person at the screen,
               every seat on the ring, the bottom empty): ``log``, taller.
``overlays``   ``aid_panel`` (the six aid cards: every character), ``celebration``.

Persistent zones never overlap (``check()``), and the middle of the ring stays clear
of the seats for every count from 2 to 20 (checked by tests/app/test_death_table.py).
"""
from __future__ import annotations

from pathlib import Path

from tmx_writer import build_tmx, check_zones


SHARED = {
    "score": (16, 8, 330, 40),
    "aid": (910, 8, 118, 40),
    "topbar": (1040, 8, 228, 40),
    "deck": (528, 226, 100, 140),
    "discard": (652, 226, 100, 140),
    "buttons": (330, 416, 620, 50),
    "status": (300, 474, 680, 36),
    "log": (1016, 540, 248, 172),
}
RING = {"ring": (20, 52, 1240, 380)}
PUBLIC_SHARED = {"log": (1016, 446, 248, 266)}     # below the ring, where the viewer's hand was
OVERLAYS = {
    "aid_panel": (90, 56, 1100, 600),
    "picker": (290, 120, 700, 330),
    "celebration": (340, 150, 600, 200),
}


def check() -> None:
    check_zones(list(SHARED.items()), also_on_table=RING.items())
    check_zones(list({**SHARED, **PUBLIC_SHARED}.items()), where="public: ")


def build() -> str:
    layers = [("shared", {**SHARED, **RING}), ("public_shared", PUBLIC_SHARED), ("overlays", OVERLAYS)]
    return build_tmx(layers, lambda layer, name: "ring" if name == "ring" else "zone")


if __name__ == "__main__":
    check()
    Path(__file__).with_name("death.tmx").write_text(build(), encoding="utf-8")
