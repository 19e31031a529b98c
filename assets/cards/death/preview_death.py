"""Renders docs/art_preview_death.png: every Death over the Kingdom card through the app's
CardArt (SVG plus the corner values drawn with the shipped font) at hand size (116 px wide at
1280x720) and at a small table size (70 px); each character that can turn, turned 180 degrees
(its turned value then reads upright at the top-left); the back; and loss tokens, alone and
stacked.

    SDL_VIDEODRIVER=dummy python assets/cards/death/preview_death.py [out.png]
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

from game.app.cards import card_size, death_values  # noqa: E402
from game.rules.death import NAMES  # noqa: E402


def main(out: Path) -> None:
    big, small = card_size(116), card_size(70)
    turners = [n for n in NAMES if death_values(n)[2]]
    W = 14 * 126 + 28
    y_small = 40 + big[1] + 14 + 30
    y_turn = y_small + small[1] + 10 + 40
    H = y_turn + big[1] + 60
    art, fonts, sheet, caption = preview_sheet("death", W, H)

    def card(name, w, x, y, angle=0.0):
        preview_card(sheet, art, name, w, x, y, angle)

    caption("Death over the Kingdom: hand size (116 px wide at 1280x720), values 0-12 and the back", 16, 10)
    for i, name in enumerate(list(NAMES) + ["back"]):
        card(name, 116, 74 + i * 126, 40 + big[1] // 2)
    caption("small (70 px): the cards at the seats of a large table", 16, y_small - 26)
    for i, name in enumerate(list(NAMES) + ["back"]):
        card(name, 70, 50 + i * 80, y_small + small[1] // 2)
    caption("turned 180 degrees: " + ", ".join(f"{n.capitalize()} {death_values(n)[0]} -> {death_values(n)[1]}"
                                             for n in turners), 16, y_turn - 26)
    for i, name in enumerate(turners):
        card(name, 116, 74 + i * 126, y_turn + big[1] // 2, 180)
    for i, name in enumerate(turners):
        card(name, 70, 74 + len(turners) * 126 + (i % 3) * 80, y_turn + 50 + (i // 3) * (small[1] + 10), 180)
    # loss tokens: alone at two sizes, and stacked with a count as the table shows them
    tx = 74 + len(turners) * 126 + 3 * 80 + 10
    caption("tokens", tx, y_turn - 26)
    for k, px in enumerate((46, 30)):
        tok = art.token(px)
        sheet.blit(tok, tok.get_rect(center=(tx + 30 + k * 56, y_turn + 30)))
    for stack, count in ((3, 3), (7, 12)):
        sx = tx + 30 + (stack > 3) * 90
        for j in range(min(stack, 6)):
            tok = art.token(46)
            sheet.blit(tok, tok.get_rect(center=(sx, y_turn + 130 - j * 7)))
        lab = fonts.render(f"x{count}", 18, (245, 240, 225), bold=True)
        sheet.blit(lab, lab.get_rect(midleft=(sx + 28, y_turn + 120)))
    save_preview(sheet, art, out)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "art_preview_death.png")
