"""Writes bossquest.tmx (a Tiled map, 80x45 tiles of 16 px = 1280x720) for Boss Quest.

The .tmx is what the app loads (it can be edited in Tiled); this script documents
the layout and checks it: ``python assets/layouts/make_bossquest.py``.

The left column holds the boss (its card, the live HP after the spells and the spells
laid beside it).  The other knights sit in rows of two at the top right; the Magician's
band crosses the middle (the weapon deck, the Magician who receives the pawns, the
round's spells, the spell discard); the viewer's row is at the bottom, large.

Layers:

``shared``     ``score`` (round, Armorer, keys to win), ``topbar``, ``boss`` (the boss
               card and its live HP), ``boss_spells`` (active spells beside the boss),
               ``deck`` (the weapon deck), ``magician`` (where a pawn is dropped),
               ``spells`` (the Magician's row: ``spell_0`` .. ``spell_5``, slot 0 the
               face-down mystery spell), ``discard`` (the spell discard), ``status``,
               ``buttons`` (Take 1-4, Magician), ``strength`` (the viewer's own strength),
               ``log``.
``seats_<n>``  per position (0 = the viewer at the bottom): ``name_<i>`` (plate),
               ``token_<i>`` (hearts and keys), ``pawn_<i>`` (the knight's pawn),
               ``hand_<i>`` (the row of weapons, the hidden one first),
               ``spells_<i>`` (active spells on that knight).
``public_5``   the public table of five phone seats (nobody at the screen: issue 28): no
               viewer's row; position 1 is one more knight's panel at the bottom, 2..5 the
               four panels of ``seats_5`` (two to four phone seats use ``seats_<n+1>`` from
               position 1).
``overlays``   ``picker``, ``summary`` (the round's score sheet), ``reveal``, ``celebration``.

No two persistent zones (``shared`` and one ``seats_<n>``) overlap; ``check()`` asserts it
for 2-5 players.
"""
from __future__ import annotations

from pathlib import Path

from tmx_writer import build_tmx, check_zones

SLOT_W, SLOT_GAP = 84, 7
SPELLS_X, SPELLS_Y = 268, 336

SHARED = {
    "score": (16, 8, 560, 40),
    "topbar": (1040, 8, 228, 40),
    "boss": (16, 56, 150, 272),
    "boss_spells": (172, 56, 212, 272),
    "deck": (16, 336, 108, 156),
    "magician": (130, 336, 130, 156),
    **{f"spell_{k}": (SPELLS_X + k * (SLOT_W + SLOT_GAP), SPELLS_Y, SLOT_W, 156) for k in range(6)},
    "discard": (820, 336, 104, 156),
    "status": (16, 500, 992, 34),
    "buttons": (16, 540, 992, 40),
    "strength": (776, 584, 232, 32),
    "log": (1016, 336, 248, 376),
}
AREAS = {"spells": (SPELLS_X, SPELLS_Y, 6 * SLOT_W + 5 * SLOT_GAP, 156)}
OVERLAYS = {
    "picker": (220, 110, 840, 360),
    "summary": (172, 60, 960, 430),
    "reveal": (240, 120, 800, 300),
    "celebration": (340, 180, 600, 180),
}

# an opponent's panel: 424 x 132 at (x, y)
PANEL_W, PANEL_H = 424, 132
COLS = (400, 840)
ROWS = (56, 196)
PLACES = {            # positions 1 .. n-1, left to right and top to bottom
    2: [(620, 56)],
    3: [(COLS[0], ROWS[0]), (COLS[1], ROWS[0])],
    4: [(COLS[0], ROWS[0]), (COLS[1], ROWS[0]), (620, ROWS[1])],
    5: [(COLS[0], ROWS[0]), (COLS[1], ROWS[0]), (COLS[1], ROWS[1]), (COLS[0], ROWS[1])],
}


def viewer() -> dict[str, tuple[int, int, int, int]]:
    return {"name_0": (16, 588, 190, 40), "token_0": (16, 634, 190, 72), "pawn_0": (212, 600, 48, 96),
            "hand_0": (268, 584, 500, 128), "spells_0": (776, 620, 232, 92)}


def opponent(i: int, x: int, y: int) -> dict[str, tuple[int, int, int, int]]:
    return {f"name_{i}": (x, y, 200, 32), f"token_{i}": (x + 206, y, 218, 32),
            f"pawn_{i}": (x, y + 38, 36, 92), f"hand_{i}": (x + 42, y + 36, 262, 96),
            f"spells_{i}": (x + 310, y + 36, 114, 96)}


def seats(n: int) -> dict[str, tuple[int, int, int, int]]:
    out = viewer()
    for i, (x, y) in enumerate(PLACES[n], 1):
        out.update(opponent(i, x, y))
    return out


def public(n: int) -> dict[str, tuple[int, int, int, int]]:
    """The public table's seats for ``n`` phone seats where ``seats_<n+1>`` is missing: every
    knight's panel the same size, the first at the bottom left of the strength."""
    out = opponent(1, 268, 582)
    for i, (x, y) in enumerate(PLACES[n][:n - 1], 2):
        out.update(opponent(i, x, y))
    return out


PUBLIC = (5,)


def check() -> None:
    for n in PLACES:
        check_zones(list(SHARED.items()) + list(seats(n).items()), where=f"{n}p: ")
    for n in PUBLIC:
        check_zones(list(SHARED.items()) + list(public(n).items()), where=f"public {n}p: ")


def build() -> str:
    layers = [("shared", SHARED), ("areas", AREAS)] + [(f"seats_{n}", seats(n)) for n in PLACES] + \
        [(f"public_{n}", public(n)) for n in PUBLIC] + [("overlays", OVERLAYS)]
    return build_tmx(layers, lambda layer, name: "zone")


if __name__ == "__main__":
    check()
    Path(__file__).with_name("bossquest.tmx").write_text(build(), encoding="utf-8")
