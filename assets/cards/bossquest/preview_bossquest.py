"""Renders docs/art_preview_bossquest.png: every Boss Quest card through the app's CardArt (SVG
plus the corner values and words drawn with the shipped font): the 35 weapons (a row per
colour), the 10 bosses, the 21 spells (dark, then light), the four backs, at hand size (96 px
wide here; the table shows them from 70 to 130 px) and a few at 64 px; and the pieces: hearts,
keys and the knight pawns.

    SDL_VIDEODRIVER=dummy python assets/cards/bossquest/preview_bossquest.py [out.png]
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

from game.app.cards import BQ_BOSS_HP, BQ_COLOURS, BQ_SPELLS, card_size  # noqa: E402

CW = 96          # card width on the sheet
STEP = CW + 10


def main(out: Path) -> None:
    ch = card_size(CW)[1]
    W = 11 * STEP + 30
    rows = []          # (caption, [(name, kind)])
    for c in BQ_COLOURS:
        rows.append((f"weapons: {c} 1-7", [(f"weapon_{c}_{v}", "") for v in range(1, 8)]))
    rows.append(("bosses (HP in the heart badge)", [(f"boss_{hp}", "") for hp in BQ_BOSS_HP]))
    dark = [k for k, (f, _) in BQ_SPELLS.items() if f == "dark"]
    light = [k for k, (f, _) in BQ_SPELLS.items() if f == "light"]
    rows.append(("dark spells (on a player) and the backs: weapon, boss, spell, mystery spell",
                 [(f"spell_{k}", "") for k in dark] + [("back", ""), ("back", "boss"), ("back", "spell"),
                                                        ("back", "mystery")]))
    rows.append(("light spells (on the boss or the round)", [(f"spell_{k}", "") for k in light[:11]]))
    rows.append(("", [(f"spell_{k}", "") for k in light[11:]]))
    row_h = ch + 34
    H = 10 + len(rows) * row_h + 140
    art, fonts, sheet, caption = preview_sheet("bossquest", W, H)

    y = 10
    for cap, cards in rows:
        caption(cap, 16, y)
        for i, (name, kind) in enumerate(cards):
            x, cy = 16 + CW // 2 + i * STEP, y + 24 + ch // 2
            preview_card(sheet, art, name, CW, x, cy, kind=kind)
        y += row_h
    # the last light-spell row is short: small cards and the pieces beside it
    x0 = 16 + 4 * STEP + 10
    caption("64 px", x0, y - row_h)
    for i, name in enumerate(("weapon_red_7", "weapon_blue_1", "boss_24", "spell_plus_2", "spell_hp_minus_2",
                              "spell_need_purple")):
        preview_card(sheet, art, name, 64, x0 + 36 + i * 72, y - row_h + 24 + card_size(64)[1] // 2)
    caption("pieces: hearts, keys, knight pawns (neutral and one per seat)", 16, y)
    for k, px in enumerate((48, 30)):
        for j, name in enumerate(("heart", "key")):
            p = art.piece(name, px)
            sheet.blit(p, p.get_rect(center=(50 + j * 120 + k * 56, y + 60)))
    for i, name in enumerate(["pawn"] + [f"pawn_{i}" for i in range(5)]):
        p = art.piece(name, 72)
        sheet.blit(p, p.get_rect(center=(300 + i * 60, y + 64)))
    for i, name in enumerate(["pawn"] + [f"pawn_{i}" for i in range(5)]):
        p = art.piece(name, 40)
        sheet.blit(p, p.get_rect(center=(680 + i * 36, y + 64)))
    save_preview(sheet, art, out)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "art_preview_bossquest.png")
