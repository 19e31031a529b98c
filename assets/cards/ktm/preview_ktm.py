"""Renders docs/art_preview_ktm.png: every King Thief Minister card through the app's CardArt
(SVG plus the names drawn with the shipped font) at hand size (116 px wide at 1280x720), at a
spot's size on a crowded table (80 px) and small (60 px); the back; and the pieces: coins alone,
coin stacks with a count, and the treasury.

    SDL_VIDEODRIVER=dummy python assets/cards/ktm/preview_ktm.py [out.png]
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

from game.app.cards import KTM_WORDS, card_size  # noqa: E402

NAMES = tuple(KTM_WORDS)


def coin_stack(sheet, art, x: int, y: int, n: int, px: int) -> None:
    """A stack of ``n`` coins seen from the side, bottom at y, topped by the coin seen from above."""
    edge_h = round(px * 0.28)
    step = max(3, round(px * 0.12))
    for j in range(n):
        e = art.piece("coin_edge", edge_h)
        sheet.blit(e, e.get_rect(midbottom=(x, y - j * step)))


def main(out: Path) -> None:
    big, mid, small = card_size(116), card_size(80), card_size(60)
    W = 7 * 130 + 8 * 90 + 40
    y_mid = 40 + big[1] // 2
    y_pieces = 40 + big[1] + 50
    H = y_pieces + 150
    art, fonts, sheet, caption = preview_sheet("ktm", W, H)

    caption("King Thief Minister: hand size (116 px wide at 1280x720), the six characters and the back", 16, 10)
    for i, name in enumerate(list(NAMES) + ["back"]):
        preview_card(sheet, art, name, 116, 74 + i * 130, y_mid)
    x0 = 7 * 130 + 40
    caption("80 px and 60 px (a spot on a crowded table)", x0, 10)
    for i, name in enumerate(list(NAMES) + ["back"]):
        preview_card(sheet, art, name, 80, x0 + 44 + (i % 4) * 88, 40 + mid[1] // 2 + (i // 4) * (mid[1] + 12))
    for i, name in enumerate(list(NAMES) + ["back"]):
        preview_card(sheet, art, name, 60, x0 + 380 + (i % 5) * 68, 40 + small[1] // 2 + (i // 5) * (small[1] + 12))
    caption("pieces: coins (46 and 28 px), stacks with a count, the treasury", 16, y_pieces - 26)
    for k, px in enumerate((46, 28)):
        c = art.token(px)
        sheet.blit(c, c.get_rect(center=(50 + k * 56, y_pieces + 40)))
    for k, n in enumerate((1, 3, 5, 12)):
        sx = 200 + k * 110
        coin_stack(sheet, art, sx, y_pieces + 110, min(n, 8), 46)
        lab = fonts.render(f"x{n}", 18, (245, 240, 225), bold=True)
        sheet.blit(lab, lab.get_rect(midleft=(sx + 30, y_pieces + 100)))
    for k, px in enumerate((96, 56)):
        t = art.piece("treasury", px)
        sheet.blit(t, t.get_rect(center=(700 + k * 110, y_pieces + 60)))
    save_preview(sheet, art, out)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "art_preview_ktm.png")
