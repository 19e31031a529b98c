"""Writes court.tmx, the Fireball Court table (a Tiled map, 80x45 tiles of 16 px = 1280x720).

The .tmx is the source of truth the app loads and it can be edited in Tiled; this script
documents how the first version was laid out and checks it.  Run it from anywhere:
``python assets/layouts/make_court.py`` (add ``--debug out.png`` to also draw the zones).

Three columns: on the left each player's own corner (name and captures: the opponent's at
the top, the viewer's at the bottom), in the middle the hands and the Court, on the right
the buttons, the running score, the draw pile and the log.

Layers (read by game/app/layout.py):

``shared``
    ``topbar``           Rules / Menu buttons.
    ``score``            the running score panel (both totals, this round so far, the target 101).
    ``deck``             the draw pile (cards 84 px wide) with its count written under it.
    ``court_0`` .. ``court_11``
                         the Court's stack slots, two rows of six (row-major from the top left);
                         each holds one stack of cards 84 px wide fanned downwards by about
                         22 px so the stack's size shows (a stack never holds more than three:
                         a fourth of its suit is a redeal at the deal and a capture in play).
                         Twelve slots are the most the Court can need (nine numbers, three seniors).
    ``status``           the one-line status / prompt.
    ``log``              the game log panel.
``seats_2``  (position 0 = the viewer at the bottom, 1 = the opponent at the top)
    ``hand_<i>``         the hand: 0 large and fanned (cards 116 px), 1 small and face down (64 px)
                         with its count.
    ``name_<i>``         the seat's name plate (and whose turn it is).
    ``capture_coins_<i>``    that seat's captured coin cards, one squared pile with a count.
    ``capture_ravens_<i>``   its captured raven cards, one pile with a count.
    ``capture_fire_<i>``     the Fireballs it has played (they score nothing), a pile.
    ``capture_seniors_<i>``  its senior cards spread as the rulebook shows: three columns, King,
                             Castle and Knight, each fanned downwards (cards 56 px wide).
``public_2``  the public table (both seats on phones, nobody at the screen: issue 28): the same
    zones for positions 1 (the bottom corner; its hand small and face down at the bottom like the
    top one's) and 2 (the top corner), so neither seat is drawn as the viewer.
``public_shared``  the shared zones the public table moves: a taller ``log`` (from under the deck).
``areas``  (regions for input, they contain the zones above and are not drawn)
    ``court``            the whole Court: a card dropped here that matches no stack becomes a new one.
``overlays`` (transient panels, may cover zones)
    ``summary``          the round summary that builds the score line by line.
    ``result``           the final result.
    ``caption``          a one-line caption across the middle of the Court (end-of-round steps, the Fireball).
    ``celebration``      the table kit's game-over banner (over the Court).

No two persistent zones (``shared`` and ``seats_2``) overlap; ``check()`` asserts it.
"""
from __future__ import annotations

import sys
from pathlib import Path

from tmx_writer import H, W, build_tmx, check_zones


# court slots: 6 columns x 2 rows of 84 x 162 (a card 84 x 118 plus two 22 px fan steps)
SLOT_W, SLOT_H, GAP_X, GAP_Y = 84, 162, 24, 16
COURT_X0 = 280 + (720 - (6 * SLOT_W + 5 * GAP_X)) // 2       # centred in the middle column
COURT_Y0 = 118
COURT = {f"court_{r * 6 + c}": (COURT_X0 + c * (SLOT_W + GAP_X), COURT_Y0 + r * (SLOT_H + GAP_Y), SLOT_W, SLOT_H)
         for r in range(2) for c in range(6)}

SHARED = {
    "topbar": (1040, 8, 228, 40),
    "score": (1014, 58, 254, 150),
    "deck": (1081, 228, 120, 164),
    **COURT,
    "status": (280, 468, 720, 36),
    "log": (1014, 532, 254, 180),
}


def _corner(pos: int) -> dict[str, tuple[int, int, int, int]]:
    """Name and capture piles of one seat in the left column (mirrored top and bottom)."""
    x, w = 16, 250
    if pos == 1:      # top: name, then coins / ravens / Fireballs, then the seniors
        name_y, piles_y, seniors_y = 8, 54, 176
    else:             # bottom: seniors, then the piles, then the name
        seniors_y, piles_y, name_y = 420, 550, 672
    return {
        f"name_{pos}": (x, name_y, w, 40),
        f"capture_coins_{pos}": (x, piles_y, 80, 116),
        f"capture_ravens_{pos}": (x + 86, piles_y, 80, 116),
        f"capture_fire_{pos}": (x + 172, piles_y, 78, 116),
        f"capture_seniors_{pos}": (x, seniors_y, w, 116),
    }


SEATS = {2: {"hand_0": (280, 512, 720, 202), **_corner(0),
             "hand_1": (460, 8, 360, 100), **_corner(1)}}
# the public table: position 1 at the bottom (the corner of seats_2's 0, a small hand), 2 at the top
PUBLIC = {2: {"hand_1": (460, 612, 360, 100), **{k[:-1] + "1": v for k, v in _corner(0).items()},
              "hand_2": SEATS[2]["hand_1"], **{k[:-1] + "2": v for k, v in _corner(1).items()}}}
PUBLIC_SHARED = {"log": (1014, 420, 254, 292)}
AREAS = {"court": (300, 110, 680, 352)}
OVERLAYS = {
    "summary": (330, 122, 620, 440),
    "result": (390, 170, 500, 280),
    "caption": (340, 264, 600, 44),
    "celebration": (340, 150, 600, 200),
}


def check() -> None:
    zones = {f"shared:{k}": v for k, v in SHARED.items()}
    for n, seat in SEATS.items():
        zones.update({f"seats_{n}:{k}": v for k, v in seat.items()})
    check_zones(list(zones.items()))
    check_zones([(f"shared:{k}", v) for k, v in {**SHARED, **PUBLIC_SHARED}.items()] +
                [(f"public_2:{k}", v) for k, v in PUBLIC[2].items()])
    for name, (x, y, w, h) in COURT.items():
        ax, ay, aw, ah = AREAS["court"]
        assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, f"{name} outside the court area"


def build() -> str:
    layers = [("shared", SHARED), ("seats_2", SEATS[2]), ("public_2", PUBLIC[2]), ("public_shared", PUBLIC_SHARED),
              ("areas", AREAS),
              ("overlays", OVERLAYS)]

    def class_of(layer: str, name: str) -> str:
        if layer.startswith(("seats", "public")):
            return name.rsplit("_", 1)[0]            # hand, name, capture_coins, ...
        return "stack" if name.startswith("court_") else "zone"
    return build_tmx(layers, class_of)


def debug_png(path: str) -> None:
    """Draw every zone (persistent ones filled, areas and overlays outlined) with its name."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    s = pygame.Surface((W, H))
    s.fill((31, 95, 58))
    font = pygame.font.Font(str(Path(__file__).resolve().parents[1] / "fonts" / "DejaVuSans.ttf"), 12)
    for (x, y, w, h), label in [(v, k) for k, v in SHARED.items()] + [(v, k) for k, v in SEATS[2].items()]:
        pygame.draw.rect(s, (20, 50, 34), (x, y, w, h))
        pygame.draw.rect(s, (240, 196, 84), (x, y, w, h), 1)
        s.blit(font.render(label, True, (255, 255, 255)), (x + 3, y + 2))
    for layer, colour in ((AREAS, (86, 180, 233)), (OVERLAYS, (204, 121, 167))):
        for label, (x, y, w, h) in layer.items():
            pygame.draw.rect(s, colour, (x, y, w, h), 1)
            t = font.render(label, True, colour)
            s.blit(t, (x + w - t.get_width() - 3, y + h - t.get_height() - 2))
    pygame.image.save(s, path)


if __name__ == "__main__":
    check()
    Path(__file__).with_name("court.tmx").write_text(build(), encoding="utf-8")
    if "--debug" in sys.argv:
        debug_png(sys.argv[sys.argv.index("--debug") + 1])
