"""Writes the Fireball Court card SVGs in this folder (original art, CC0).

Run from anywhere: ``python assets/cards/court/make_court_cards.py``.  The SVGs
are the source the app loads; this script documents how they were drawn and
regenerates them all at once.

Cards (file name = the name the table asks ``CardArt(game="court")`` for):
``coin_1`` .. ``coin_9`` (three of each number in the deck), ``raven_1`` ..
``raven_9`` (one of each), ``king``, ``castle``, ``knight``, ``fireball`` and
``back``.  The SVGs hold no text: the app draws the value ("7") or the name
("King") in the corner tab with the shipped font (see game/app/cards.py,
``COURT_CORNER``); the tab here carries the small coin / raven / emblem glyph
under it.  Viewbox 250 x 350 (5:7), corner radius 15, thin dark edge.
"""
from __future__ import annotations

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).resolve().parents[1]))
import cardkit  # noqa: E402
from cardkit import OUTER, PARCH, border, grid_pattern, lin, rad  # noqa: E402,F401

import math
from pathlib import Path

HERE = Path(__file__).resolve().parent
INK = "#231c17"

# Corner tabs (keep in step with game/app/cards.py COURT_CORNER): the value/name goes in the
# top band, the glyph sits beneath it.  Numbers: a narrow tab; seniors and the Fireball: a
# wider top band for the word.
NUM_TAB = "M8 8H64V114Q64 122 56 122H8Z"
NUM_TAB_EDGE = "M64 9V114Q64 122 56 122H9"
NUM_GLYPH = (36, 94)
WORD_TAB = "M8 8H150V44Q150 52 142 52H72Q64 52 64 60V106Q64 114 56 114H8Z"
WORD_TAB_EDGE = "M150 9V44Q150 52 142 52H72Q64 52 64 60V106Q64 114 56 114H9"
WORD_GLYPH = (36, 83)


def svg(title: str, defs: str, body: str) -> str:
    return cardkit.svg("Fireball Court", title, defs, body, OUTER)


GOLD_DEFS = (rad("gold", [(0, "#fff4b8", 1), (0.45, "#f3cf5c", 1), (1, "#b8860b", 1)], cx="38%", cy="32%", r="75%")
             + rad("goldin", [(0, "#f8dc7a", 1), (1, "#d9a93a", 1)], cx="45%", cy="40%", r="70%"))


def tabs(shape: str, edge: str, accent: str, glyph: str, at: tuple[int, int]) -> str:
    one = (f'<path d="{shape}" fill="{PARCH}"/>\n<path d="{edge}" fill="none" stroke="{accent}" stroke-width="4"/>\n'
           f'<g transform="translate({at[0]} {at[1]})">{glyph}</g>')
    return f'<g>\n{one}\n</g>\n<g transform="rotate(180 125 175)">\n{one}\n</g>'


def frame(field: str, pattern: str, accent: str) -> str:
    return cardkit.frame(field, pattern)


def medallion(accent: str, shade: str, cy: int = 178, r: int = 74) -> str:
    gems = "".join(f'<polygon points="{x},{y - 7} {x + 5},{y} {x},{y + 7} {x - 5},{y}" fill="#d4a640" '
                   f'stroke="{INK}" stroke-width="1.2"/>'
                   for x, y in ((125, cy - r - 5), (125, cy + r + 5), (125 - r - 5, cy), (125 + r + 5, cy)))
    return (f'<circle cx="125" cy="{cy}" r="{r + 5}" fill="{shade}" opacity="0.25"/>\n'
            f'<circle cx="125" cy="{cy}" r="{r}" fill="url(#md)" stroke="{accent}" stroke-width="5"/>\n'
            f'<circle cx="125" cy="{cy}" r="{r - 6}" fill="none" stroke="#d4a640" stroke-width="1.5"/>\n{gems}')


MD_DEF = rad("md", [(0, "#fffdf6", 1), (0.75, "#f7f1e1", 1), (1, "#ddd3bb", 1)], cy="45%", r="55%")


# -- numerals (stroked paths, centre-line box about 44 x 70) ----------------------------------
DIGITS = {
    1: "M-13 -21L5 -35V35M-15 35H23",
    2: "M-20 -19C-18 -30 -9 -36 1 -36C13 -36 21 -28 21 -17C21 -3 8 6 -21 35H23",
    3: "M-20 -28C-13 -35 -5 -37 2 -37C14 -37 21 -30 21 -20C21 -8 12 -2 -1 -2C13 -2 23 5 23 17"
       "C23 30 12 37 0 37C-9 37 -17 33 -22 27",
    4: "M11 36V-35L-23 15H25",
    5: "M19 -35H-15L-19 -3C-12 -7 -5 -8 2 -8C15 -8 23 1 23 14C23 28 13 37 0 37C-9 37 -16 33 -22 27",
    6: "M17 -31C11 -35 5 -37 -1 -37C-15 -37 -23 -22 -23 3C-23 24 -15 37 0 37C13 37 22 28 22 15"
       "C22 2 13 -6 0 -6C-11 -6 -19 0 -22 9",
    7: "M-22 -35H23C9 -15 -1 8 -6 36",
    8: "M0 -2C-11 -2 -18 -9 -18 -19C-18 -30 -10 -36 0 -36C10 -36 18 -30 18 -19C18 -9 11 -2 0 -2"
       "C-13 -2 -21 6 -21 17C-21 29 -12 37 0 37C12 37 21 29 21 17C21 6 13 -2 0 -2Z",
    9: "M-17 31C-11 35 -5 37 1 37C15 37 23 22 23 -3C23 -24 15 -37 0 -37C-13 -37 -22 -28 -22 -15"
       "C-22 -2 -13 6 0 6C11 6 19 0 22 -9",
}


def numeral(n: int, cx: float, cy: float, s: float, fill: str, edge: str, w: float = 13, outline: float = 5,
            lift: str | None = None) -> str:
    d = DIGITS[n]
    out = f'<g transform="translate({cx} {cy}) scale({s})" fill="none" stroke-linecap="round" stroke-linejoin="round">'
    if lift:   # an engraved look: a pale lip down-right of the cut
        out += f'<path d="{d}" stroke="{lift}" stroke-width="{w + outline}" transform="translate(1.6 1.8)"/>'
    if outline:
        out += f'<path d="{d}" stroke="{edge}" stroke-width="{w + outline}"/>'
    out += f'<path d="{d}" stroke="{fill}" stroke-width="{w}"/></g>'
    return out


# -- coin ---------------------------------------------------------------------------------------
def coin(cx: float, cy: float, r: float, n: int | None = None, shadow: bool = True) -> str:
    k = r / 60
    out = ""
    if shadow:
        out += f'<circle cx="{cx + 4 * k:.1f}" cy="{cy + 6 * k:.1f}" r="{r:.1f}" fill="#000" opacity="0.25"/>'
    out += (f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="url(#gold)" stroke="{INK}" '
            f'stroke-width="{max(1.2, 3 * k):.1f}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.9:.1f}" fill="none" stroke="#fff1b0" stroke-width="{2.6 * k:.1f}" '
            f'stroke-dasharray="{1.2 * k:.1f} {4.2 * k:.1f}" stroke-linecap="round"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.8:.1f}" fill="url(#goldin)" stroke="#9a6d12" '
            f'stroke-width="{2.4 * k:.1f}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.8 - 2.4 * k:.1f}" fill="none" stroke="#fff0a0" '
            f'stroke-width="{1.2 * k:.1f}" opacity="0.8"/>')
    if n is not None:
        out += numeral(n, cx, cy + 1 * k, 0.95 * k, "#7a520c", "#7a520c", w=12, outline=0, lift="#fff2b4")
    else:   # a small crown stamp, so the corner coin is a coin and not a dot
        out += (f'<path d="M{cx - 11 * k:.1f} {cy + 7 * k:.1f}L{cx - 13 * k:.1f} {cy - 8 * k:.1f}'
                f'L{cx - 5 * k:.1f} {cy - 1 * k:.1f}'
                f'L{cx:.1f} {cy - 12 * k:.1f}L{cx + 5 * k:.1f} {cy - 1 * k:.1f}L{cx + 13 * k:.1f} {cy - 8 * k:.1f}'
                f'L{cx + 11 * k:.1f} {cy + 7 * k:.1f}Z" fill="#9a6d12"/>')
    out += (f'<ellipse cx="{cx - r * 0.42:.1f}" cy="{cy - r * 0.5:.1f}" rx="{r * 0.22:.1f}" ry="{r * 0.1:.1f}" '
            f'fill="#ffffff" opacity="0.55" transform="rotate(-35 {cx - r * 0.42:.1f} {cy - r * 0.5:.1f})"/>')
    return out


# -- raven --------------------------------------------------------------------------------------
# A perched raven facing left, feet at (0, 0); about 120 wide and 96 tall.
RAVEN_BODY = ("M-58 -70L-41 -80C-38 -88 -28 -93 -18 -92C-6 -91 2 -84 6 -76C12 -66 22 -58 36 -50"
              "C50 -42 60 -30 66 -18L84 2L70 0L78 12L58 -2C48 -4 38 -6 28 -6"
              "C20 -6 12 -4 4 -3C-14 -2 -26 -14 -30 -32C-32 -42 -32 -52 -36 -60C-42 -64 -48 -66 -58 -70Z")
RAVEN_WING = "M0 -62C18 -58 40 -42 54 -22C40 -28 22 -32 6 -34"
RAVEN_LEGS = ("M-4 -6L-8 6M-8 6L-18 8M-8 6L-12 10M-8 6L-2 9"
              "M10 -6L8 6M8 6L-2 8M8 6L4 10M8 6L14 9")


def raven(cx: float, cy: float, s: float, body: str = "#17171c", eye: str = "#f0e442", detail: bool = True) -> str:
    out = f'<g transform="translate({cx} {cy}) scale({s})">'
    out += (f'<path d="{RAVEN_LEGS}" fill="none" stroke="{body}" stroke-width="4" stroke-linecap="round"/>'
            f'<path d="{RAVEN_BODY}" fill="{body}" stroke="{body}" stroke-width="2" stroke-linejoin="round"/>')
    if detail:
        out += (f'<path d="{RAVEN_WING}" fill="none" stroke="#5d6675" stroke-width="3" stroke-linecap="round"/>'
                f'<path d="M-57 -70L-40 -74" stroke="#5d6675" stroke-width="1.6" stroke-linecap="round"/>')
    out += (f'<circle cx="-27" cy="-79" r="{4.2 if detail else 5}" fill="{eye}"/>'
            '<circle cx="-27" cy="-79" r="1.8" fill="#000"/>')
    return out + "</g>"


# -- seniors ------------------------------------------------------------------------------------
def crown(s: float = 1.0, detail: bool = True) -> str:
    sw = 2.6 / s if s < 1 else 2.6
    out = f'<g transform="scale({s})" stroke="{INK}" stroke-width="{sw:.1f}" stroke-linejoin="round">'
    if detail:
        out += '<path d="M-40 14C-40 -26 40 -26 40 14Z" fill="#8e2a63"/>'
    out += ('<path d="M-46 22L-54 -24L-28 -2L0 -40L28 -2L54 -24L46 22Z" fill="url(#gd)"/>'
            '<rect x="-49" y="18" width="98" height="20" rx="3" fill="url(#gd)"/>'
            '<circle cx="-54" cy="-27" r="6" fill="#fff0a8"/><circle cx="54" cy="-27" r="6" fill="#fff0a8"/>'
            '<circle cx="0" cy="-44" r="7" fill="#fff0a8"/>')
    if detail:
        out += ('<circle cx="0" cy="28" r="5.5" fill="#D55E00" stroke-width="1.5"/>'
                '<circle cx="-28" cy="28" r="4.5" fill="#0072B2" stroke-width="1.5"/>'
                '<circle cx="28" cy="28" r="4.5" fill="#0072B2" stroke-width="1.5"/>'
                '<polygon points="0,-14 6,-4 0,6 -6,-4" fill="#D55E00" stroke-width="1.5"/>'
                '<path d="M-34 12L-38 -10M34 12L38 -10" stroke="#fff0a8" stroke-width="2" stroke-linecap="round"/>')
    return out + "</g>"


def castle(s: float = 1.0, detail: bool = True) -> str:
    sw = 2.6 / s if s < 1 else 2.6
    merl = lambda x0, y, n, w: "".join(f'<rect x="{x0 + i * w * 2}" y="{y}" width="{w}" height="9" fill="url(#stone)"/>'
                                       for i in range(n))
    out = f'<g transform="scale({s})" stroke="{INK}" stroke-width="{sw:.1f}" stroke-linejoin="round">'
    if detail:
        out += ('<path d="M0 -50V-76" stroke-width="2.4"/>'
                '<path d="M1 -76L26 -69L1 -61Z" fill="#D55E00"/>')
    out += ('<rect x="-30" y="-8" width="60" height="56" fill="url(#stone)"/>'       # curtain wall
            + merl(-30, -17, 4, 8.6) +
            '<rect x="-56" y="-34" width="28" height="82" fill="url(#stone)"/>'      # left tower
            + merl(-58, -44, 3, 6.4) +
            '<rect x="28" y="-34" width="28" height="82" fill="url(#stone)"/>'       # right tower
            + merl(26, -44, 3, 6.4) +
            '<rect x="-15" y="-50" width="30" height="42" fill="url(#stone)"/>'      # keep
            + merl(-17, -59, 3, 6.8) +
            '<path d="M-14 48V22A14 14 0 0 1 14 22V48Z" fill="#3a2a1c"/>')
    if detail:
        out += ('<path d="M-9 48V24M-3 48V21M3 48V21M9 48V24M-13 30H13M-14 39H14" stroke="#8a6a3a" stroke-width="1.6"/>'
                '<rect x="-45" y="-18" width="6" height="14" rx="3" fill="#2a2018" stroke-width="1"/>'
                '<rect x="39" y="-18" width="6" height="14" rx="3" fill="#2a2018" stroke-width="1"/>'
                '<rect x="-3" y="-40" width="6" height="13" rx="3" fill="#2a2018" stroke-width="1"/>'
                '<path d="M-56 10H-28M-56 28H-28M28 10H56M28 28H56M-30 8H-14M14 8H30" stroke="#9c9281" '
                'stroke-width="1.4"/>'
                '<path d="M-60 48H60" stroke-width="3"/>')
    return out + "</g>"


def helm(s: float = 1.0, detail: bool = True) -> str:
    sw = 2.6 / s if s < 1 else 2.6
    out = f'<g transform="scale({s})" stroke="{INK}" stroke-width="{sw:.1f}" stroke-linejoin="round">'
    if detail:   # the plume, sweeping back
        out += ('<path d="M-4 -44C-20 -70 -2 -84 22 -80C44 -76 56 -56 60 -30C50 -46 38 -54 26 -56'
                'C36 -46 40 -36 40 -22C30 -38 18 -44 8 -44Z" fill="#0072B2"/>'
                '<path d="M4 -50C14 -64 34 -68 48 -54" fill="none" stroke="#56B4E9" stroke-width="2.4" '
                'stroke-linecap="round"/>')
    out += ('<path d="M-36 -18C-36 -44 -20 -52 0 -52C20 -52 36 -44 36 -18V30C36 42 20 50 0 52'
            'C-20 50 -36 42 -36 30Z" fill="url(#steel)"/>'
            '<path d="M0 -52V52" fill="none" stroke-width="2"/>'
            '<path d="M-31 -12H-5V-3H-31ZM5 -12H31V-3H5Z" fill="#1b1b1b" stroke-width="1.6"/>')
    if detail:
        out += ('<path d="M-36 8H36" fill="none" stroke-width="2"/>'
                '<path d="M-6 -52V52M6 -52V52" fill="none" stroke="#8d98a6" stroke-width="1.6"/>'
                + "".join(f'<circle cx="{x}" cy="{y}" r="2.4" fill="#1b1b1b" stroke-width="0.8"/>'
                          for x in (14, 22, 30) for y in (20, 30)) +
                '<path d="M-24 -40C-28 -30 -30 -20 -30 -14" fill="none" stroke="#ffffff" stroke-width="3" '
                'stroke-linecap="round" opacity="0.6"/>')
    return out + "</g>"


def flame(s: float = 1.0, detail: bool = True) -> str:
    """A small flame (corner glyph and the back's emblem)."""
    out = f'<g transform="scale({s})" stroke-linejoin="round">'
    out += ('<path d="M0 34C-20 34 -30 20 -28 4C-26 -12 -12 -18 -10 -36C2 -26 6 -16 4 -6C10 -12 14 -20 12 -30'
            'C26 -16 30 0 28 12C26 26 16 34 0 34Z" fill="#D55E00" stroke="' + INK
            + f'" stroke-width="{2.6 / s if s < 1 else 2.6:.1f}"/>'
            '<path d="M0 30C-12 30 -18 22 -16 12C-14 2 -6 -2 -4 -14C4 -6 8 2 6 10C10 6 12 2 12 -4'
            'C18 4 20 12 18 18C16 26 10 30 0 30Z" fill="#E69F00"/>')
    if detail:
        out += '<path d="M0 28C-6 28 -9 24 -8 18C-7 12 -2 10 -1 4C4 10 6 14 6 18C6 24 4 28 0 28Z" fill="#F0E442"/>'
    return out + "</g>"


# -- backgrounds --------------------------------------------------------------------------------
def coin_pattern():
    return cardkit.pat_coins("#004d38", 0.35)


def feather_pattern():
    return grid_pattern(lambda x, y: f'<path d="M{x - 9} {y + 6}Q{x} {y - 8} {x + 9} {y + 6}" fill="none" '
                        f'stroke-width="1.8" stroke-linecap="round"/>', 22, 16, "#1b1f27", 0.35)


def fleur_pattern():
    return cardkit.pat_fleurs("#6e1f4d", 0.32)


def brick_pattern():
    lines = []
    for i, y in enumerate(range(13, 338, 16)):
        lines.append(f'<path d="M13 {y}H237"/>')
        off = 0 if i % 2 else 16
        for x in range(13 + off, 238, 32):
            lines.append(f'<path d="M{x} {y}V{y + 16}"/>')
    return '<g fill="none" stroke="#1d5f8c" stroke-width="1.4" opacity="0.35">' + "".join(lines) + "</g>"


def chevron_pattern():
    return grid_pattern(lambda x, y: f'<path d="M{x - 10} {y + 5}L{x} {y - 5}L{x + 10} {y + 5}" fill="none" '
                        f'stroke-width="3" stroke-linejoin="miter"/>', 20, 20, "#7a4d00", 0.3, stagger=False)


# -- cards --------------------------------------------------------------------------------------
STONE = lin("stone", "#ece6d8", "#b8ae9b")
STEEL = lin("steel", "#eef2f6", "#8e9aa8", vertical=False)
GD = lin("gd", "#f3d98a", "#b8860b")


def coin_card(n: int) -> str:
    defs = lin("fg", "#3fb892", "#007a58") + MD_DEF + GOLD_DEFS
    accent = "#007a58"
    body = (frame("url(#fg)", coin_pattern(), accent) + "\n" + medallion(accent, "#00402e") + "\n"
            + coin(125, 178, 60, n) + "\n" + border(accent) + "\n"
            + tabs(NUM_TAB, NUM_TAB_EDGE, accent, coin(0, 0, 19, shadow=False), NUM_GLYPH))
    return svg(f"{n} with a gold coin", defs, body)


def raven_card(n: int) -> str:
    defs = lin("fg", "#7b8494", "#464d5a") + MD_DEF
    accent = "#3b414c"
    body = (frame("url(#fg)", feather_pattern(), accent) + "\n" + medallion(accent, "#15181e") + "\n"
            + numeral(n, 125, 212, 0.74, "#6b7483", "#2b2f38", w=14, outline=5) + "\n"
            + raven(128, 181, 0.56) + "\n" + border(accent) + "\n"
            + tabs(NUM_TAB, NUM_TAB_EDGE, accent, raven(-4, 14, 0.35, detail=False), NUM_GLYPH))
    return svg(f"{n} with a raven", defs, body)


def senior_card(name: str) -> str:
    if name == "king":
        defs = lin("fg", "#dc98be", "#b35e8f") + MD_DEF + GD
        accent, shade, pat = "#a24f7f", "#5e1c45", fleur_pattern()
        big, small = crown(1.0), crown(0.42, detail=False)
        at = (125, 190)
    elif name == "castle":
        defs = lin("fg", "#86cbf1", "#3d9fd6") + MD_DEF + STONE
        accent, shade, pat = "#2a86bd", "#12486b", brick_pattern()
        big, small = castle(0.98), castle(0.36, detail=False)
        at = (125, 184)
    else:
        defs = lin("fg", "#f4bd4a", "#d08b00") + MD_DEF + STEEL
        accent, shade, pat = "#b07300", "#5e3d00", chevron_pattern()
        big, small = helm(1.0), helm(0.4, detail=False)
        at = (121, 188)
    body = (frame("url(#fg)", pat, accent) + "\n" + medallion(accent, shade) + "\n"
            + f'<g transform="translate({at[0]} {at[1]})">{big}</g>\n' + border(accent) + "\n"
            + tabs(WORD_TAB, WORD_TAB_EDGE, accent, small, WORD_GLYPH))
    return svg(f"{name} card face", defs, body)


def fireball_card() -> str:
    defs = (rad("fire", [(0, "#fff6b0", 1), (0.3, "#f7b733", 1), (0.62, "#e2591a", 1), (1, "#7a1606", 1)],
                cx="46%", cy="60%", r="70%")
            + rad("glow", [(0, "#fff3a0", 0.9), (0.5, "#f7b733", 0.45), (1, "#e2591a", 0)], r="50%")
            + rad("core", [(0, "#ffffff", 1), (0.35, "#fff6a8", 1), (0.8, "#ffc23a", 1), (1, "#f08a1c", 1)],
                  cx="42%", cy="40%", r="60%")
            + MD_DEF)
    accent = "#a32a08"
    # flame tongues rising from the ball, outer to inner
    outer = ("M125 300C70 300 44 262 48 222C52 186 74 168 70 130C84 146 90 160 88 176C96 150 92 112 78 70"
             "C108 98 120 130 118 160C128 134 130 100 122 36C152 74 166 116 160 158C170 140 174 120 170 96"
             "C194 126 206 166 202 212C198 266 170 300 125 300Z")
    mid = ("M125 286C84 286 64 258 68 226C70 200 86 188 86 160C96 174 100 186 98 200C108 178 106 148 100 118"
           "C120 140 128 164 126 186C134 166 138 142 136 104C156 134 164 164 160 192C168 180 172 164 170 148"
           "C184 172 190 196 186 226C182 262 160 286 125 286Z")
    inner = ("M125 270C98 270 86 250 88 230C90 212 102 204 104 186C112 198 114 208 112 218C120 204 122 186 120 166"
             "C136 184 142 202 140 220C146 212 150 202 150 192C160 208 164 224 162 238C158 258 146 270 125 270Z")
    sparks = "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{c}"/>' for x, y, r, c in (
        (58, 92, 3.2, "#F0E442"), (196, 74, 2.6, "#F0E442"), (206, 128, 3.6, "#ffd27a"), (44, 160, 2.4, "#ffd27a"),
        (100, 52, 2.2, "#F0E442"), (160, 46, 3, "#ffd27a"), (36, 250, 2.4, "#F0E442"), (214, 250, 3, "#F0E442"),
        (182, 34, 1.8, "#fff6b0"), (72, 40, 1.8, "#fff6b0"), (216, 190, 2, "#fff6b0")))
    embers = grid_pattern(lambda x, y: f'<path d="M{x} {y - 5}Q{x + 4} {y} {x} {y + 5}Q{x - 4} {y} {x} {y - 5}Z" '
                          f'stroke="none"/>', 24, 24, "#ffd27a", 0.18)
    body = (frame("url(#fire)", embers, accent) + "\n"
            + '<circle cx="125" cy="220" r="108" fill="url(#glow)"/>\n'
            + f'<path d="{outer}" fill="#c8300a" stroke="{INK}" stroke-width="2.6" stroke-linejoin="round"/>\n'
            + f'<path d="{mid}" fill="#f07a16"/>\n'
            + f'<path d="{inner}" fill="#ffc23a"/>\n'
            + '<circle cx="125" cy="232" r="40" fill="url(#core)" stroke="#f08a1c" stroke-width="2"/>\n'
            + '<path d="M98 222C100 206 112 198 124 198" fill="none" stroke="#ffffff" stroke-width="4" '
              'stroke-linecap="round" opacity="0.8"/>\n'
            + sparks + "\n" + border(accent) + "\n"
            + tabs(WORD_TAB, WORD_TAB_EDGE, accent, flame(0.62, detail=True), WORD_GLYPH))
    return svg("the Fireball", defs, body)


def back_card() -> str:
    defs = (rad("bg", [(0, "#1d4f9c", 1), (1, "#0a1f4a", 1)], r="62%")
            + rad("md", [(0, "#24589f", 1), (1, "#0a1f4a", 1)])
            + rad("halo", [(0, "#ffcf6a", 0.55), (0.6, "#E69F00", 0.15), (1, "#E69F00", 0)]))
    lattice = grid_pattern(lambda x, y: f'<path d="M{x} {y - 9}L{x + 7} {y}L{x} {y + 9}L{x - 7} {y}Z" fill="none" '
                           f'stroke-width="1.2"/>', 20, 18, "#6fa8e6", 0.35, x0=14, y0=14, x1=236, y1=336)
    dots = grid_pattern(lambda x, y: f'<circle cx="{x}" cy="{y}" r="1.5" stroke="none"/>', 20, 18, "#E69F00", 0.7,
                        x0=24, y0=23, x1=226, y1=327)
    rays = "".join(
        f'<path d="M{125 + 58 * math.cos(a):.1f} {175 + 58 * math.sin(a):.1f}L{125 + 86 * math.cos(a):.1f} '
        f'{175 + 98 * math.sin(a):.1f}" stroke-width="{3 if i % 2 == 0 else 1.4}"/>'
        for i, a in enumerate(2 * math.pi * k / 24 for k in range(24)))
    corners = "".join(f'<g transform="translate({x} {y}) rotate({r})">{flame(0.34, detail=False)}</g>'
                      for x, y, r in ((30, 32, 0), (220, 32, 0), (30, 318, 180), (220, 318, 180)))
    body = ('<rect x="1.5" y="1.5" width="247" height="347" rx="15" fill="#0b2352"/>\n'
            '<rect x="14" y="14" width="222" height="322" rx="6" fill="url(#bg)"/>\n'
            + lattice + "\n" + dots + "\n"
            + '<ellipse cx="125" cy="175" rx="84" ry="98" fill="#0a1f4a" stroke="#E69F00" stroke-width="2"/>\n'
            + f'<g stroke="#E69F00" opacity="0.85" stroke-linecap="round">{rays}</g>\n'
            + '<circle cx="125" cy="175" r="54" fill="url(#md)" stroke="#E69F00" stroke-width="3"/>\n'
            + '<circle cx="125" cy="175" r="47" fill="url(#halo)" stroke="#56B4E9" stroke-width="1" '
              'stroke-dasharray="3 3"/>\n'
            + f'<g transform="translate(125 172)">{flame(1.05)}</g>\n' + corners + "\n"
            + '<polygon points="111,30 125,24 139,30 125,36" fill="#E69F00" stroke="#231c17" stroke-width="0.8"/>\n'
            + '<polygon points="111,320 125,314 139,320 125,326" fill="#E69F00" stroke="#231c17" stroke-width="0.8"/>\n'
            + '<rect x="10" y="10" width="230" height="330" rx="9" fill="none" stroke="#E69F00" stroke-width="3"/>\n'
            + '<rect x="17" y="17" width="216" height="316" rx="5" fill="none" stroke="#56B4E9" stroke-width="1"/>')
    return svg("card back", defs, body)


def all_cards() -> dict[str, str]:
    out = {f"coin_{n}": coin_card(n) for n in range(1, 10)}
    out.update({f"raven_{n}": raven_card(n) for n in range(1, 10)})
    out.update({name: senior_card(name) for name in ("king", "castle", "knight")})
    out["fireball"] = fireball_card()
    out["back"] = back_card()
    return out


if __name__ == "__main__":
    cardkit.write_cards(HERE, all_cards())
