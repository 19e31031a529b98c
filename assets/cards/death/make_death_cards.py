"""Writes the Death over the Kingdom card SVGs in this folder (original art, CC0).

Run from anywhere: ``python assets/cards/death/make_death_cards.py``.  The SVGs
are the source the app loads; this script documents how they were drawn and
regenerates them all at once.

Files (name = what the table asks ``CardArt(game="death")`` for, the character
id of ``game/rules/death.py`` ``NAMES``): ``death``, ``innkeeper``, ``trader``,
``thief``, ``clown``, ``bard``, ``monk``, ``magician``, ``dragon``, ``knight``,
``princess``, ``queen``, ``king``; the game's ``back``; and ``token``, the loss
token (a round piece with a thick bone rim, so a stack reads as a stack).

Each face: a field in the character's own colour and pattern, an ivory medallion
with the portrait emblem (its own silhouette, so colour is never the only cue),
and two corner tabs.  The SVGs hold no text: the app draws the values with the
shipped font (game/app/cards.py, ``DEATH_NUM_BOX``).  The top-left tab carries
the printed value over a small copy of the emblem.  The bottom-right tab is the
same turned half a turn, except on the six characters that can turn (RULINGS.md
section 1, from the rules data): there it is a dark tab with a turn arrow, and
the app writes the TURNED value in it, in bone, upside down, so that when the
card rotates 180 degrees the turned value reads upright at the top-left.
Viewbox 250 x 350 (5:7), corner radius 15, thin dark edge.
"""
from __future__ import annotations

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).resolve().parents[1]))
import cardkit  # noqa: E402
from cardkit import GOLD, MD_IVORY, OUTER, PARCH, STEEL, border, frame, grid_pattern, lin, medallion, rad  # noqa: E402
from cardkit import pat_coins, pat_fleurs  # noqa: E402

import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

INK = "#231c17"
BONE = "#f3ead6"
BONE_DARK = "#cfc3a6"
TURN_TAB = "#1d1b20"          # the turned value's tab (keep in step with cards.py DEATH_TURNED_INK)

# Corner tab (keep in step with game/app/cards.py DEATH_NUM_BOX = (8, 8, 82, 66)): the value in
# the wide top band, a small glyph in the narrower foot beneath it.
TAB = "M8 8H82V60Q82 66 76 66H72Q66 66 66 72V110Q66 116 60 116H8Z"
TAB_EDGE = "M82 9V60Q82 66 76 66H72Q66 66 66 72V110Q66 116 60 116H9"
GLYPH_AT = (37, 92)
MED_CY, MED_R = 175, 80       # the medallion (cards.py DEATH_ART.emblem_cy = 175 / 350)


def svg(title: str, defs: str, body: str) -> str:
    return cardkit.svg("Death over the Kingdom", title, defs, body, OUTER)


MD_DARK = rad("md", [(0, "#55525e", 1), (0.7, "#302e36", 1), (1, "#17161a", 1)], cy="42%", r="58%")


# -- emblems: drawn about (0, 0), about 124 across; detail=False is the corner glyph -----------
def g(s: float, inner: str, sw: float = 2.6) -> str:
    w = sw / s if s < 1 else sw
    return (f'<g transform="scale({s})" stroke="{INK}" stroke-width="{w:.2f}" stroke-linejoin="round" '
            f'stroke-linecap="round">{inner}</g>')


def skull(s: float = 1.0, detail: bool = True, bone: str = BONE, hole: str = "#1b1a1e") -> str:
    out = (f'<path d="M-30 2C-34 -40 34 -40 30 2C30 12 24 17 20 20V34H-20V20C-24 17 -30 12 -30 2Z" fill="{bone}"/>'
           f'<ellipse cx="-12" cy="0" rx="8.5" ry="9.5" fill="{hole}" stroke="none"/>'
           f'<ellipse cx="12" cy="0" rx="8.5" ry="9.5" fill="{hole}" stroke="none"/>'
           f'<path d="M0 9L5 18H-5Z" fill="{hole}" stroke="none"/>')
    if detail:
        out += ('<path d="M-10 24V34M0 24V34M10 24V34" stroke-width="2"/>'
                '<path d="M-20 -24C-14 -30 -4 -32 4 -31" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.7"/>')
    return g(s, out)


def death_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ""
    # the scythe behind the skull
    out += ('<path d="M-46 60L40 -54" stroke="#5b3b1e" stroke-width="7"/>'
            '<path d="M-46 60L40 -54" stroke="#9a6a3a" stroke-width="3"/>'
            '<path d="M36 -50C12 -74 -30 -70 -62 -40C-30 -52 2 -54 32 -40Z" fill="url(#steel)"/>')
    if detail:
        out += '<path d="M-50 -44C-30 -56 -6 -58 20 -50" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.8"/>'
    out += f'<g transform="translate(0 8) scale(1.35)">{skull(1.0, detail)}</g>'
    return g(s, out)


def innkeeper_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ('<path d="M24 -14C54 -14 54 34 24 34" fill="none" stroke-width="13"/>'
           '<path d="M24 -14C54 -14 54 34 24 34" fill="none" stroke="#8a5a28" stroke-width="8"/>'
           '<path d="M-34 -22H26V46Q26 54 18 54H-26Q-34 54 -34 46Z" fill="#b57a3a"/>')
    if detail:
        out += ('<path d="M-22 -20V52M-8 -20V54M6 -20V54M18 -20V52" stroke="#7a4e22" stroke-width="1.6"/>'
                '<rect x="-36" y="-10" width="64" height="8" rx="2" fill="#4b4a4f"/>'
                '<rect x="-36" y="34" width="64" height="8" rx="2" fill="#4b4a4f"/>')
    # the head of foam, spilling over
    out += ('<path d="M-40 -20C-48 -30 -40 -44 -28 -40C-26 -54 -8 -56 -2 -46C6 -58 26 -54 26 -40'
            'C38 -42 42 -28 32 -20C28 -14 22 -14 18 -18C16 -8 8 -8 6 -16C2 -10 -8 -10 -10 -18'
            'C-16 -10 -30 -10 -32 -18C-36 -14 -40 -16 -40 -20Z" fill="#fffbea"/>')
    if detail:
        out += ('<path d="M-20 -30C-16 -36 -8 -38 -2 -36" fill="none" stroke="#ffffff" stroke-width="3"/>'
                '<path d="M18 -18C18 -8 20 2 16 4C12 2 14 -8 14 -16" fill="#fffbea" stroke-width="1.6"/>')
    return g(s, out)


def trader_emblem(s: float = 1.0, detail: bool = True) -> str:
    pan = lambda x: (f'<path d="M{x - 20} 8H{x + 20}A20 14 0 0 1 {x - 20} 8Z" fill="url(#gold)"/>'
                     f'<path d="M{x} -36L{x - 18} 8M{x} -36L{x + 18} 8" fill="none" stroke-width="1.8"/>')
    out = ('<path d="M-28 58H28L18 46H-18Z" fill="url(#gold)"/>'
           '<path d="M0 46V-40" stroke-width="9"/><path d="M0 46V-40" stroke="#e0b04a" stroke-width="4.5"/>'
           '<path d="M-50 -36H50" stroke-width="8"/><path d="M-50 -36H50" stroke="#e0b04a" stroke-width="3.5"/>'
           '<circle cx="0" cy="-46" r="8" fill="url(#gold)"/>' + pan(-44) + pan(44))
    # coins piled on one pan, the other pan a little lower (a deal in the making)
    out += ('<ellipse cx="-44" cy="4" rx="10" ry="4" fill="#f3cf5c"/><ellipse cx="-44" cy="-1" rx="10" ry="4" '
            'fill="#f3cf5c"/><ellipse cx="-44" cy="-6" rx="10" ry="4" fill="#f7e08e"/>')
    if detail:
        out += ('<polygon points="44,-8 52,0 44,8 36,0" fill="#56B4E9" stroke-width="1.8"/>'
                '<path d="M-4 -44A6 6 0 0 1 2 -50" fill="none" stroke="#fff4c0" stroke-width="2"/>')
    else:
        out += '<polygon points="44,-8 52,0 44,8 36,0" fill="#56B4E9"/>'
    return g(s, out)


def thief_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ""
    # a dagger under the mask
    out += ('<path d="M-14 36L54 30L-14 24Z" fill="url(#steel)"/>'
            '<rect x="-20" y="14" width="8" height="32" rx="3" fill="#4b4a4f"/>'
            '<rect x="-44" y="26" width="24" height="8" rx="3" fill="#6b4524"/>'
            '<circle cx="-48" cy="30" r="6" fill="#4b4a4f"/>')
    if detail:
        out += '<path d="M-8 30H46" stroke="#ffffff" stroke-width="1.4" opacity="0.9"/>'
    # the domino mask with its knotted ties
    out += ('<path d="M-56 -18C-66 -12 -70 -2 -66 8M-56 -18C-68 -22 -74 -30 -72 -38" fill="none" stroke="#1b1a1e" '
            'stroke-width="5"/>'
            '<path d="M-58 -20C-58 -40 -34 -44 -16 -38C-8 -35 -4 -32 0 -28C4 -32 8 -35 16 -38C34 -44 58 -40 58 -20'
            'C58 0 42 10 22 6C12 4 6 -2 0 -6C-6 -2 -12 4 -22 6C-42 10 -58 0 -58 -20Z" fill="#1b1a1e"/>'
            '<path d="M-40 -20C-40 -28 -30 -31 -22 -29C-15 -27 -13 -22 -14 -17C-16 -11 -26 -9 -32 -11'
            'C-38 -13 -40 -16 -40 -20Z" fill="#F0E442" stroke="none"/>'
            '<path d="M40 -20C40 -28 30 -31 22 -29C15 -27 13 -22 14 -17C16 -11 26 -9 32 -11'
            'C38 -13 40 -16 40 -20Z" fill="#F0E442" stroke="none"/>'
            '<circle cx="-27" cy="-20" r="4" fill="#1b1a1e" stroke="none"/>'
            '<circle cx="27" cy="-20" r="4" fill="#1b1a1e" stroke="none"/>')
    if detail:
        out += '<path d="M-46 -34C-38 -38 -28 -39 -20 -37" fill="none" stroke="#6b7a90" stroke-width="2.4"/>'
    return g(s, out)


def clown_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ('<path d="M-42 30C-52 4 -64 -16 -66 -42C-44 -32 -26 -10 -16 28Z" fill="#CC79A7"/>'
           '<path d="M42 30C52 4 64 -16 66 -42C44 -32 26 -10 16 28Z" fill="#CC79A7"/>'
           '<path d="M-18 30C-16 -8 -8 -38 0 -60C8 -38 16 -8 18 30Z" fill="#F0E442"/>'
           '<path d="M-46 28Q0 40 46 28L42 48Q0 60 -42 48Z" fill="#0072B2"/>')
    if detail:
        out += "".join(f'<polygon points="{x},{y - 6} {x + 5},{y} {x},{y + 6} {x - 5},{y}" fill="#F0E442" '
                       f'stroke-width="1.2"/>' for x, y in ((-28, 40), (-10, 43), (10, 43), (28, 40)))
        out += ('<path d="M-58 -30C-48 -20 -36 -4 -28 16" fill="none" stroke="#f6cfe2" stroke-width="2.4"/>'
                '<path d="M-4 -44C-6 -26 -8 -6 -8 14" fill="none" stroke="#fffbc0" stroke-width="2.4"/>')
    out += "".join(f'<circle cx="{x}" cy="{y}" r="8" fill="url(#gold)"/>' for x, y in ((-66, -44), (0, -64), (66, -44)))
    if detail:
        out += "".join(f'<path d="M{x - 4} {y + 2}H{x + 4}" stroke-width="1.6"/>' for x, y in ((-66, -44), (0, -64),
                                                                                              (66, -44)))
    return g(s, out)


def bard_emblem(s: float = 1.0, detail: bool = True) -> str:
    lute = ('<path d="M-7 -72L7 -72L6 -8H-6Z" fill="#6b4524"/>'
            '<path d="M-8 -90H8L7 -70H-7Z" fill="#5b3b1e" transform="rotate(-14 0 -72)"/>'
            '<path d="M0 -12C28 -12 36 18 32 36C28 54 16 62 0 62C-16 62 -28 54 -32 36C-36 18 -28 -12 0 -12Z" '
            'fill="#d99a4e"/>'
            '<circle cx="0" cy="18" r="9" fill="#3a2414"/>'
            '<rect x="-12" y="42" width="24" height="6" rx="2" fill="#5b3b1e"/>')
    if detail:
        lute += ('<circle cx="0" cy="18" r="13" fill="none" stroke="#8a5a28" stroke-width="2"/>'
                 '<path d="M-3 -70V45M0 -70V45M3 -70V45" stroke="#f3ead6" stroke-width="0.9"/>'
                 '<path d="M-20 0C-26 12 -26 30 -22 42" fill="none" stroke="#f1c07c" stroke-width="3"/>'
                 + "".join(f'<circle cx="{x}" cy="{y}" r="2.2" fill="#e0b04a" stroke-width="0.8"/>'
                           for x, y in ((-9, -84), (-9, -78), (9, -86), (9, -80))))
    note = lambda x, y, k: (f'<g transform="translate({x} {y}) scale({k})">'
                            '<path d="M6 -34V0" stroke-width="4"/><path d="M6 -34C14 -28 22 -24 18 -12" fill="none" '
                            'stroke-width="4"/><ellipse cx="0" cy="2" rx="8" ry="6" fill="#1b1a1e" '
                            'transform="rotate(-20 0 2)"/></g>')
    out = (f'<g transform="translate(-8 14) rotate(-28) scale(0.9)">{lute}</g>'
           + note(40, -8, 1.0) + (note(56, -42, 0.7) if detail else ""))
    return g(s, out)


def monk_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ('<path d="M0 -60C34 -60 48 -26 48 4C48 26 56 44 64 58H-64C-56 44 -48 26 -48 4C-48 -26 -34 -60 0 -60Z" '
           'fill="#7a5230"/>'
           '<path d="M0 -40C20 -40 28 -22 28 -2C28 18 16 30 0 30C-16 30 -28 18 -28 -2C-28 -22 -20 -40 0 -40Z" '
           'fill="#2a1d12"/>'
           '<ellipse cx="0" cy="2" rx="18" ry="23" fill="#f0cfa6" stroke="none"/>'
           '<path d="M-11 -2Q-7 2 -3 -2M3 -2Q7 2 11 -2" fill="none" stroke-width="2.4"/>')
    if detail:
        out += ('<path d="M-5 14Q0 17 5 14" fill="none" stroke-width="1.8"/>'
                '<path d="M-40 -8C-36 -34 -20 -50 0 -52" fill="none" stroke="#a77b4f" stroke-width="3"/>'
                '<path d="M0 30V58" stroke="#5b3b1e" stroke-width="2"/>')
    # prayer beads and their little cross
    beads = [(-30 + 60 * t, 36 + 14 * math.sin(math.pi * t)) for t in (i / 8 for i in range(9))]
    out += "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{3.4 if detail else 5}" fill="#e0b04a" '
                   f'stroke-width="1"/>' for x, y in (beads if detail else beads[::2]))
    out += '<path d="M0 50V66M-6 56H6" stroke="#e0b04a" stroke-width="4"/>'
    return g(s, out)


def magician_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ('<path d="M-4 -62C-10 -46 -18 -30 -24 -12C-28 0 -32 14 -34 28H34C30 8 22 -14 12 -32'
           'C6 -42 0 -50 -4 -62Z" fill="#1f3f7a"/>'
           '<path d="M-4 -62C-16 -64 -26 -58 -32 -48" fill="none" stroke="#1f3f7a" stroke-width="7"/>'
           '<ellipse cx="0" cy="30" rx="56" ry="13" fill="#17305e"/>'
           '<path d="M-33 20Q0 28 33 20L34 28Q0 36 -34 28Z" fill="#E69F00"/>')
    star = lambda x, y, r: ('<polygon points="' + " ".join(
        f'{x + (r if k % 2 == 0 else r * 0.42) * math.sin(math.pi * k / 5):.1f},'
        f'{y - (r if k % 2 == 0 else r * 0.42) * math.cos(math.pi * k / 5):.1f}' for k in range(10))
        + '" fill="#F0E442" stroke-width="1"/>')
    out += star(-4, -10, 11) + star(12, 6, 7)
    if detail:
        out += star(-14, 12, 5) + star(6, -32, 5)
        out += '<path d="M-20 -8C-16 -26 -10 -42 -4 -56" fill="none" stroke="#3d66b0" stroke-width="2.4"/>'
    # the wand, crossing in front, with a spark at its tip
    out += ('<path d="M18 62L56 -2" stroke-width="8"/><path d="M18 62L56 -2" stroke="#1b1a1e" stroke-width="5"/>'
            '<path d="M50 8L56 -2" stroke="#fffdf6" stroke-width="5"/>')
    out += star(58, -8, 10 if detail else 12)
    return g(s, out)


def dragon_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ""
    # flame from the jaws
    out += ('<path d="M-44 12C-56 4 -70 10 -74 -2C-66 2 -62 -6 -68 -12C-58 -10 -52 -4 -44 0Z" fill="#E69F00"/>'
            '<path d="M-46 10C-54 6 -62 8 -64 2C-58 2 -56 -2 -58 -6C-52 -4 -48 0 -44 4Z" fill="#F0E442" '
            'stroke="none"/>')
    # horns
    out += ('<path d="M14 -26C18 -50 34 -62 54 -66C42 -52 36 -38 30 -22Z" fill="#e6dcc2"/>'
            '<path d="M2 -26C0 -44 8 -58 22 -66C16 -52 16 -40 16 -26Z" fill="#cfc3a6"/>')
    # the head and neck, facing left
    out += ('<path d="M50 62C44 36 42 14 34 -2C30 -12 22 -26 6 -28C-10 -30 -30 -24 -46 -14L-52 -6L-40 -2'
            'L-52 6L-46 14L-30 14C-16 14 -4 20 4 30C10 40 12 52 12 62Z" fill="#0e7c5a"/>')
    if detail:
        out += ('<path d="M-40 -2L-14 2" stroke-width="2"/>'
                '<path d="M-44 -12L-36 -10" stroke-width="2"/>'
                + "".join(f'<path d="M{x} {y}l-4 8h8z" fill="#fffdf6" stroke-width="0.8"/>'
                          for x, y in ((-36, -2), (-28, -1), (-20, 0)))
                + '<path d="M46 52C40 34 36 18 28 6M22 60C22 44 16 32 8 24" fill="none" stroke="#39b88b" '
                  'stroke-width="2"/>')
    # the spines down the neck
    out += "".join(f'<path d="M{x} {y}L{x + 14} {y - 6}L{x + 6} {y + 10}Z" fill="#D55E00"/>'
                   for x, y in ((36, -4), (42, 14), (46, 32)))
    out += ('<ellipse cx="-6" cy="-14" rx="7" ry="5" fill="#F0E442"/>'
            '<ellipse cx="-5" cy="-14" rx="2" ry="4.5" fill="#1b1a1e" stroke="none"/>')
    return g(s, out)


def knight_emblem(s: float = 1.0, detail: bool = True) -> str:
    sword = lambda a: (f'<g transform="rotate({a})">'
                       '<path d="M-5 -70L0 -80L5 -70V30H-5Z" fill="url(#steel)"/>'
                       '<rect x="-22" y="30" width="44" height="8" rx="3" fill="url(#gold)"/>'
                       '<rect x="-4" y="38" width="8" height="20" fill="#6b4524"/>'
                       '<circle cx="0" cy="62" r="6" fill="url(#gold)"/></g>')
    out = sword(-38) + sword(38)
    out += ('<path d="M-38 -40H38V-2C38 26 20 44 0 56C-20 44 -38 26 -38 -2Z" fill="#0072B2"/>'
            '<path d="M-6 -40H6V54C2 55 -2 55 -6 54ZM-38 -14H38V-2H-38Z" fill="#fffdf6" stroke="none"/>'
            '<path d="M-38 -40H38V-2C38 26 20 44 0 56C-20 44 -38 26 -38 -2Z" fill="none"/>')
    if detail:
        out += ('<path d="M-31 -33H31V-4C31 20 16 36 0 47C-16 36 -31 20 -31 -4Z" fill="none" stroke="#56B4E9" '
                'stroke-width="2"/>')
    return g(s, out)


def tiara(detail: bool = True) -> str:
    """A lacy tiara: gold filigree arches on a thin band, a heart at its peak (a low, wide
    silhouette, unlike the Queen's dome and the King's tall points)."""
    arches = ("M-16 16C-18 -8 -8 -26 0 -42C8 -26 18 -8 16 16"
              "M-48 20C-50 2 -40 -14 -30 -16C-20 -14 -14 0 -16 16"
              "M48 20C50 2 40 -14 30 -16C20 -14 14 0 16 16")
    w = 1 if detail else 1.5
    out = (f'<path d="{arches}" fill="none" stroke-width="{9 * w}"/>'
           f'<path d="{arches}" fill="none" stroke="#e8bd52" stroke-width="{4.5 * w}"/>'
           '<path d="M-60 22C-30 6 30 6 60 22L58 34C30 20 -30 20 -58 34Z" fill="url(#gold)"/>'
           '<path d="M0 -8C5 -16 15 -12 10 -2L0 10L-10 -2C-15 -12 -5 -16 0 -8Z" fill="#D55E00"/>'
           '<circle cx="0" cy="-46" r="6" fill="#fffdf6"/>'
           '<circle cx="-30" cy="-20" r="5" fill="#fffdf6"/><circle cx="30" cy="-20" r="5" fill="#fffdf6"/>')
    if detail:
        out += ('<circle cx="-31" cy="2" r="5" fill="#56B4E9" stroke-width="1.2"/>'
                '<circle cx="31" cy="2" r="5" fill="#56B4E9" stroke-width="1.2"/>'
                + "".join(f'<circle cx="{x}" cy="{y}" r="2.6" fill="#fffdf6" stroke-width="0.8"/>'
                          for x, y in ((-46, 24), (-32, 19), (-16, 16), (0, 15), (16, 16), (32, 19), (46, 24)))
                + '<path d="M-4 -36L0 -26" stroke="#fff4c0" stroke-width="1.4"/>')
    return out


def princess_emblem(s: float = 1.0, detail: bool = True) -> str:
    # the tiara, above a rose
    out = f'<g transform="translate(0 -14)">{tiara(detail)}</g>'
    if not detail:
        return g(s, out)
    out += ('<path d="M0 64C2 52 -2 44 0 36" fill="none" stroke="#1f6b3a" stroke-width="4"/>'
            '<path d="M0 54C10 46 20 48 24 52C16 60 6 58 0 54Z" fill="#2f8f55"/>'
            '<circle cx="0" cy="36" r="13" fill="#CC79A7"/>')
    if detail:
        out += ('<path d="M-8 26C-6 18 6 18 8 26C6 34 -4 34 -6 28C-4 24 2 24 2 28" fill="none" stroke="#7a2c58" '
                'stroke-width="2"/>'
                '<path d="M-14 32C-8 40 8 40 14 32" fill="none" stroke="#7a2c58" stroke-width="1.6"/>')
    return g(s, out)


def queen_emblem(s: float = 1.0, detail: bool = True) -> str:
    # a rounded crown: two pearl-set arches meeting under an orb, on a velvet cap
    out = ('<path d="M-44 26C-46 -10 -30 -36 0 -38C30 -36 46 -10 44 26Z" fill="#7b3fa3"/>'
           '<path d="M-44 26C-48 -14 -28 -40 0 -40C28 -40 48 -14 44 26L34 26C36 -6 22 -28 0 -28'
           'C-22 -28 -36 -6 -34 26Z" fill="url(#gold)"/>'
           '<path d="M-6 26V-34H6V26Z" fill="url(#gold)"/>'
           '<circle cx="0" cy="-46" r="9" fill="url(#gold)"/>'
           '<path d="M0 -56V-68M-6 -62H6" stroke-width="4"/><path d="M0 -56V-68M-6 -62H6" stroke="#f7e08e" '
           'stroke-width="2"/>'
           '<rect x="-50" y="24" width="100" height="20" rx="4" fill="url(#gold)"/>')
    if detail:
        out += "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#fffdf6" stroke-width="0.9"/>'
                       for x, y in [(-39 * math.cos(t), 4 - 30 * math.sin(t))
                                    for t in (math.pi * k / 10 for k in (1, 2, 3, 4, 6, 7, 8, 9))])
        out += ('<circle cx="-30" cy="34" r="4.5" fill="#009E73" stroke-width="1.2"/>'
                '<circle cx="30" cy="34" r="4.5" fill="#009E73" stroke-width="1.2"/>'
                '<polygon points="0,27 7,34 0,41 -7,34" fill="#D55E00" stroke-width="1.2"/>')
    return g(s, out)


def king_emblem(s: float = 1.0, detail: bool = True) -> str:
    out = ""
    if detail:   # the sceptre behind the crown
        out += ('<path d="M46 60L-34 -56" stroke-width="7"/><path d="M46 60L-34 -56" stroke="#e0b04a" stroke-width="4"/>'
                '<circle cx="-38" cy="-62" r="8" fill="url(#gold)"/>')
    out += ('<path d="M-40 12C-40 -24 40 -24 40 12Z" fill="#a4243b"/>'
            '<path d="M-50 22L-60 -32L-30 -4L0 -50L30 -4L60 -32L50 22Z" fill="url(#gold)"/>'
            '<circle cx="-60" cy="-36" r="6.5" fill="#fff0a8"/><circle cx="60" cy="-36" r="6.5" fill="#fff0a8"/>'
            '<path d="M0 -52V-70M-8 -62H8" stroke-width="5"/><path d="M0 -52V-70M-8 -62H8" stroke="#fff0a8" '
            'stroke-width="2.4"/>'
            '<rect x="-54" y="18" width="108" height="24" rx="5" fill="#fffdf6"/>')
    if detail:   # ermine band: white with black tails (the King's own pattern)
        out += "".join(f'<path d="M{x} 23C{x + 4} 28 {x + 3} 33 {x} 37C{x - 3} 33 {x - 4} 28 {x} 23Z" '
                       f'fill="#1b1a1e" stroke="none"/><circle cx="{x + 7}" cy="30" r="1.4" fill="#1b1a1e" '
                       f'stroke="none"/>' for x in range(-42, 43, 14) if x < 42)
        out += '<path d="M42 23C46 28 45 33 42 37C39 33 38 28 42 23Z" fill="#1b1a1e" stroke="none"/>'
        out += ('<polygon points="0,-28 7,-18 0,-8 -7,-18" fill="#0072B2" stroke-width="1.5"/>'
                '<circle cx="-30" cy="-8" r="4" fill="#D55E00" stroke-width="1.2"/>'
                '<circle cx="30" cy="-8" r="4" fill="#D55E00" stroke-width="1.2"/>')
    else:
        out += '<path d="M-40 24V36M-20 24V36M0 24V36M20 24V36M40 24V36" stroke-width="5"/>'
    return g(s, out)


def turn_arrow(s: float = 1.0, colour: str = BONE) -> str:
    """A half-turn arrow: the mark of the turned value's tab."""
    return (f'<g transform="scale({s})" fill="none" stroke="{colour}" stroke-width="6" stroke-linecap="round">'
            '<path d="M-20 8A21 21 0 1 1 6 20"/>'
            f'<path d="M-3 12L8 21L-2 30" stroke-linejoin="round"/></g>')


# -- the characters: (field top, field bottom, accent, pattern, emblem, emblem offset) ---------
def pat_crosses(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x - 4} {y}H{x + 4}M{x} {y - 6}V{y + 5}" fill="none" '
                        f'stroke-width="1.6"/>', 22, 22, c, o)


def pat_bubbles(c, o):
    return grid_pattern(lambda x, y: f'<circle cx="{x}" cy="{y}" r="4" fill="none" stroke-width="1.6"/>'
                        f'<circle cx="{x + 7}" cy="{y + 6}" r="2" fill="none" stroke-width="1.2"/>', 24, 22, c, o)


def pat_hatch(c, o):
    return ('<g fill="none" stroke="' + c + f'" stroke-width="1.6" opacity="{o}">'
            + "".join(f'<path d="M{x} 13L{x - 60} 337"/>' for x in range(30, 300, 14)) + "</g>")


def pat_harlequin(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x} {y - 13}L{x + 9} {y}L{x} {y + 13}L{x - 9} {y}Z" stroke="none"/>',
                        18, 26, c, o, stagger=False)


def pat_waves(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x - 10} {y}Q{x - 5} {y - 5} {x} {y}T{x + 10} {y}" fill="none" '
                        f'stroke-width="1.8"/>', 20, 14, c, o, stagger=False)


def pat_weave(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x - 6} {y - 6}H{x + 6}M{x - 6} {y}H{x + 6}M{x - 6} {y + 6}H{x + 6}" '
                        f'fill="none" stroke-width="1.4"/>', 26, 22, c, o)


def pat_stars(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x} {y - 6}L{x + 1.6} {y - 1.6}L{x + 6} {y}L{x + 1.6} {y + 1.6}'
                        f'L{x} {y + 6}L{x - 1.6} {y + 1.6}L{x - 6} {y}L{x - 1.6} {y - 1.6}Z" stroke="none"/>',
                        26, 24, c, o)


def pat_scales(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x - 9} {y}A9 9 0 0 0 {x + 9} {y}" fill="none" stroke-width="1.8"/>',
                        18, 10, c, o)


def pat_chevrons(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x - 10} {y + 5}L{x} {y - 5}L{x + 10} {y + 5}" fill="none" '
                        f'stroke-width="3"/>', 20, 20, c, o, stagger=False)


def pat_hearts(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x} {y + 5}L{x - 5} {y}C{x - 8} {y - 3} {x - 4} {y - 7} {x} {y - 3}'
                        f'C{x + 4} {y - 7} {x + 8} {y - 3} {x + 5} {y}Z" stroke="none"/>', 24, 22, c, o)


def pat_pearls(c, o):
    return grid_pattern(lambda x, y: f'<circle cx="{x}" cy="{y}" r="2.4" stroke="none"/>'
                        f'<path d="M{x - 8} {y + 9}Q{x} {y + 3} {x + 8} {y + 9}" fill="none" stroke-width="1.2"/>',
                        22, 20, c, o)


CHARACTERS = {
    #             field top   field bottom  accent      pattern, colour, opacity          emblem        at
    "death":     ("#47454f", "#141317", "#0c0b0e", (pat_crosses, BONE, 0.22), death_emblem, (125, 172)),
    "innkeeper": ("#f4bd4a", "#c98500", "#9a6400", (pat_bubbles, "#7a4d00", 0.32), innkeeper_emblem, (121, 178)),
    "trader":    ("#3fb892", "#007a58", "#006247", (pat_coins, "#004d38", 0.35), trader_emblem, (125, 172)),
    "thief":     ("#7d8ba0", "#3a4556", "#2c3441", (pat_hatch, "#222a35", 0.35), thief_emblem, (127, 176)),
    "clown":     ("#e6a8ca", "#b9629a", "#94437a", (pat_harlequin, "#7d2e62", 0.25), clown_emblem, (125, 180)),
    "bard":      ("#97d3f5", "#3d9fd6", "#2a86bd", (pat_waves, "#1d5f8c", 0.35), bard_emblem, (122, 176)),
    "monk":      ("#b08557", "#6d4a2a", "#573a1f", (pat_weave, "#3d2814", 0.32), monk_emblem, (125, 176)),
    "magician":  ("#3b8fd0", "#004f80", "#003d63", (pat_stars, "#F0E442", 0.35), magician_emblem, (121, 180)),
    "dragon":    ("#ef8a40", "#b34a00", "#8f3a00", (pat_scales, "#6e2a00", 0.32), dragon_emblem, (128, 172)),
    "knight":    ("#f6ec7e", "#cdb900", "#9c8c00", (pat_chevrons, "#7a6d00", 0.3), knight_emblem, (125, 174)),
    "princess":  ("#cdbdf2", "#9078d2", "#6f58b3", (pat_hearts, "#5a43a0", 0.3), princess_emblem, (125, 180)),
    "queen":     ("#7e4fae", "#4a1f70", "#3a165a", (pat_pearls, "#d8c4f0", 0.25), queen_emblem, (125, 182)),
    "king":      ("#c23a50", "#7a1022", "#5e0a19", (pat_fleurs, "#f0c454", 0.3), king_emblem, (125, 182)),
}


def rules_data() -> tuple[tuple[str, ...], set[str]]:
    """The character ids in value order, and those that can turn (from game/rules/death.py)."""
    try:
        from game.rules import death as D
    except ImportError:          # the rules module is not there: RULINGS.md section 1
        names = tuple(CHARACTERS)
        return names, {"innkeeper", "clown", "magician", "dragon", "knight", "queen"}
    turners = set(D.TURNS_IF_IN_PLAY) | set(D.TURNS_OTHERS.values())
    return tuple(D.NAMES), {D.NAMES[c] for c in turners}


def tab(fill: str, edge: str, glyph: str) -> str:
    return (f'<path d="{TAB}" fill="{fill}"/>\n<path d="{TAB_EDGE}" fill="none" stroke="{edge}" stroke-width="4"/>\n'
            f'<g transform="translate({GLYPH_AT[0]} {GLYPH_AT[1]})">{glyph}</g>')


def face(name: str, turns: bool) -> str:
    top, bottom, accent, (pattern, pcol, pop), emblem, at = CHARACTERS[name]
    dark = name == "death"
    defs = lin("fg", top, bottom) + (MD_DARK if dark else MD_IVORY) + GOLD + STEEL
    ring = BONE_DARK if dark else accent
    gems = "".join(f'<polygon points="{x},{y - 7} {x + 5},{y} {x},{y + 7} {x - 5},{y}" fill="{BONE}" '
                   f'stroke="{INK}" stroke-width="1.2"/>'
                   for x, y in ((125, MED_CY - MED_R - 5), (125, MED_CY + MED_R + 5)))
    body = (frame("url(#fg)", pattern(pcol, pop)) + "\n"
            + medallion(ring, MED_CY, MED_R, BONE_DARK if not dark else "#6a6672") + f"\n{gems}\n"
            f'<g transform="translate({at[0]} {at[1]})">{emblem(1.08)}</g>\n'
            + border(accent) + "\n")
    mini = emblem(0.34, detail=False)
    body += f'<g>\n{tab(PARCH, accent, mini)}\n</g>\n'
    low = tab(TURN_TAB, BONE_DARK, turn_arrow(0.8)) if turns else tab(PARCH, accent, mini)
    body += f'<g transform="rotate(180 125 175)">\n{low}\n</g>'
    return svg(f"{name}{' (turns: the turned value is at the bottom)' if turns else ''}", defs, body)


def back_card() -> str:
    defs = (rad("bg", [(0, "#2c2a31", 1), (1, "#0b0a0d", 1)], r="62%")
            + rad("md", [(0, "#3a3740", 1), (1, "#121114", 1)])
            + GOLD + STEEL)
    lattice = grid_pattern(lambda x, y: f'<path d="M{x} {y - 9}L{x + 7} {y}L{x} {y + 9}L{x - 7} {y}Z" fill="none" '
                           f'stroke-width="1.2"/>', 20, 18, BONE_DARK, 0.22, x0=14, y0=14, x1=236, y1=336)
    bones = grid_pattern(lambda x, y: f'<path d="M{x - 4} {y - 4}L{x + 4} {y + 4}M{x + 4} {y - 4}L{x - 4} {y + 4}" '
                         f'stroke-width="1.8" stroke-linecap="round"/>', 20, 18, BONE, 0.35,
                         x0=24, y0=23, x1=226, y1=327)
    rays = "".join(
        f'<path d="M{125 + 60 * math.cos(a):.1f} {175 + 60 * math.sin(a):.1f}L{125 + 84 * math.cos(a):.1f} '
        f'{175 + 96 * math.sin(a):.1f}" stroke-width="{2.6 if i % 2 == 0 else 1.2}"/>'
        for i, a in enumerate(2 * math.pi * k / 28 for k in range(28)))
    corners = "".join(f'<g transform="translate({x} {y}) rotate({r})">{skull(0.3, detail=False)}</g>'
                      for x, y, r in ((32, 34, 0), (218, 34, 0), (32, 316, 180), (218, 316, 180)))
    crown = ('<g transform="translate(125 132) scale(0.62)" stroke="#231c17" stroke-width="3.4" stroke-linejoin="round">'
             '<path d="M-50 22L-60 -32L-30 -4L0 -50L30 -4L60 -32L50 22Z" fill="url(#gold)"/>'
             '<rect x="-54" y="16" width="108" height="18" rx="4" fill="url(#gold)"/>'
             '<circle cx="-60" cy="-36" r="7" fill="#fff0a8"/><circle cx="60" cy="-36" r="7" fill="#fff0a8"/>'
             '<circle cx="0" cy="-54" r="7" fill="#fff0a8"/>'
             '<circle cx="0" cy="25" r="5" fill="#D55E00"/></g>')
    body = (f'<rect x="1.5" y="1.5" width="247" height="347" rx="15" fill="{BONE}"/>\n'
            '<rect x="12" y="12" width="226" height="326" rx="7" fill="url(#bg)"/>\n'
            + lattice + "\n" + bones + "\n"
            + f'<ellipse cx="125" cy="175" rx="82" ry="98" fill="#0b0a0d" stroke="{BONE}" stroke-width="2"/>\n'
            + f'<g stroke="{BONE_DARK}" opacity="0.8" stroke-linecap="round">{rays}</g>\n'
            + f'<circle cx="125" cy="178" r="57" fill="url(#md)" stroke="{BONE}" stroke-width="3"/>\n'
            + f'<circle cx="125" cy="178" r="50" fill="none" stroke="{BONE_DARK}" stroke-width="1" '
              'stroke-dasharray="3 3"/>\n'
            + f'<g transform="translate(125 190)">{skull(1.25)}</g>\n' + crown + "\n" + corners + "\n"
            + f'<polygon points="111,24 125,18 139,24 125,30" fill="{BONE}" stroke="#231c17" stroke-width="0.8"/>\n'
            + f'<polygon points="111,326 125,320 139,326 125,332" fill="{BONE}" stroke="#231c17" stroke-width="0.8"/>\n'
            + f'<rect x="9" y="9" width="232" height="332" rx="9" fill="none" stroke="{INK}" stroke-width="3"/>\n'
            + f'<rect x="17" y="17" width="216" height="316" rx="5" fill="none" stroke="{BONE_DARK}" stroke-width="1"/>')
    return svg("card back (a skull under a crown)", defs, body)


def token() -> str:
    """The loss token: a black disc with a thick bone rim and a skull (viewBox 100 x 100)."""
    notches = "".join(
        f'<path d="M{50 + 41 * math.cos(a):.1f} {50 + 41 * math.sin(a):.1f}L{50 + 47 * math.cos(a):.1f} '
        f'{50 + 47 * math.sin(a):.1f}"/>' for a in (2 * math.pi * k / 16 for k in range(16)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
            '<!-- Crown Table / Death over the Kingdom: the loss token. Original art, CC0. -->\n'
            '<defs>' + rad("rim", [(0, "#fffaf0", 1), (0.6, BONE, 1), (1, "#b9ab8c", 1)], cx="38%", cy="32%", r="75%")
            + rad("face", [(0, "#4a4752", 1), (1, "#121114", 1)], cx="42%", cy="38%", r="65%") + '</defs>\n'
            '<circle cx="50" cy="50" r="48" fill="url(#rim)" stroke="#1b1b1b" stroke-width="2.5"/>\n'
            f'<g stroke="#8a7d62" stroke-width="3" stroke-linecap="round">{notches}</g>\n'
            '<circle cx="50" cy="50" r="36" fill="url(#face)" stroke="#1b1b1b" stroke-width="2"/>\n'
            f'<g transform="translate(50 52)">{skull(0.78)}</g>\n'
            '<path d="M22 30A34 34 0 0 1 44 16" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" '
            'opacity="0.35"/>\n'
            '</svg>\n')


def all_cards() -> dict[str, str]:
    names, turners = rules_data()
    assert set(names) == set(CHARACTERS), "the rules and the art name different characters"
    out = {name: face(name, name in turners) for name in names}
    out["back"] = back_card()
    out["token"] = token()
    return out


if __name__ == "__main__":
    cardkit.write_cards(HERE, all_cards())
