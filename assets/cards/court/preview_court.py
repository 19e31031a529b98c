"""Renders docs/art_preview_court.png: every Fireball Court card through the app's CardArt
(SVG plus the corner labels drawn with the shipped font) at hand size (116 px wide at
1280x720) and at small size (70 px), a fanned hand and a fanned Court stack.

    SDL_VIDEODRIVER=dummy python assets/cards/court/preview_court.py [out.png]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import theme as T  # noqa: E402
from game.app.cards import CardArt, card_size  # noqa: E402

NAMES = ([f"coin_{n}" for n in range(1, 10)] + [f"raven_{n}" for n in range(1, 10)]
         + ["king", "castle", "knight", "fireball", "back"])


def main(out: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    art = CardArt(game="court")
    W, H = 1560, 960
    sheet = pygame.Surface((W, H))
    sheet.fill(T.FELT if hasattr(T, "FELT") else (31, 95, 58))

    def card(name, w, x, y, angle=0.0):
        size = card_size(w)
        img = art.back(size) if name == "back" else art.face(name, size)
        sh = art.shadow(size, blur=0, alpha=90)
        if angle:
            img = pygame.transform.rotozoom(img, angle, 1.0)
            sh = pygame.transform.rotozoom(sh, angle, 1.0)
        off = round(size[0] * 0.03)
        sheet.blit(sh, sh.get_rect(center=(x + off, y + off)))
        sheet.blit(img, img.get_rect(center=(x, y)))

    # hand size: two rows of twelve and eleven
    big = card_size(116)
    for i, name in enumerate(NAMES):
        row, col = divmod(i, 12)
        card(name, 116, 74 + col * 126, 96 + row * (big[1] + 14), 0)
    # small size
    small = card_size(70)
    y0 = 96 + 2 * (big[1] + 14) + 10
    for i, name in enumerate(NAMES):
        row, col = divmod(i, 20)
        card(name, 70, 46 + col * 76, y0 + row * (small[1] + 10), 0)
    # a fanned hand of five and a fanned Court stack of three
    y1 = y0 + 2 * (small[1] + 10) + 40
    hand = ["coin_7", "raven_3", "king", "fireball", "coin_9"]
    for i, name in enumerate(hand):
        card(name, 116, 120 + i * 62, y1 + abs(i - 2) * 6, (2 - i) * 5)
    for j, name in enumerate(["coin_5", "coin_5", "raven_5"]):
        card(name, 84, 560 + j * 30, y1, 0)
    for j, name in enumerate(["castle", "castle"]):
        card(name, 84, 760 + j * 30, y1, 0)
    for j, name in enumerate(["back"] * 4):
        card(name, 60, 920 + j * 22, y1, 0)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print("saved", out, "failures:", art.failures)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "art_preview_court.png")
