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


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cardkit import preview_card, preview_sheet, save_preview  # noqa: E402

from game.app.cards import card_size  # noqa: E402

NAMES = ([f"coin_{n}" for n in range(1, 10)] + ["king", "castle", "knight"]
         + [f"raven_{n}" for n in range(1, 10)] + ["fireball", "back"])


def main(out: Path) -> None:
    big, small = card_size(116), card_size(70)
    W = 12 * 126 + 28
    y_small = 40 + 2 * (big[1] + 14) + 30
    y_demo = y_small + 2 * (small[1] + 10) + 40
    H = y_demo + big[1] + 40
    art, fonts, sheet, caption = preview_sheet("court", W, H)

    def card(name, w, x, y, angle=0.0):
        preview_card(sheet, art, name, w, x, y, angle)

    caption("Fireball Court: hand size (116 px wide at 1280x720)", 16, 10)
    for i, name in enumerate(NAMES):
        row, col = divmod(i, 12)
        card(name, 116, 74 + col * 126, 40 + big[1] // 2 + row * (big[1] + 14))
    caption("small (70 px): capture piles", 16, y_small - 26)
    for i, name in enumerate(NAMES):
        row, col = divmod(i, 12)
        card(name, 70, 50 + col * 80, y_small + small[1] // 2 + row * (small[1] + 10))
    # a fanned hand of five, Court stacks fanned downwards (84 px) and the opponent's backs
    caption("a hand, Court stacks and the opponent's hand", 16, y_demo - 26)
    cy = y_demo + big[1] // 2 + 6
    for i, name in enumerate(["coin_7", "raven_3", "king", "fireball", "coin_9"]):
        card(name, 116, 100 + i * 66, cy + abs(i - 2) * 6, (2 - i) * 5)
    for k, stack in enumerate([["coin_5", "coin_5", "raven_5"], ["castle", "castle"], ["knight"]]):
        for j, name in enumerate(stack):
            card(name, 84, 560 + k * 104, y_demo + 59 + j * 22)
    for j in range(4):
        card("back", 64, 900 + j * 40, y_demo + 50)
    save_preview(sheet, art, out)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "art_preview_court.png")
