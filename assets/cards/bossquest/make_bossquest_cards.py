"""Writes the Boss Quest card and piece SVGs in this folder (original art, CC0).

Run from anywhere: ``python assets/cards/bossquest/make_bossquest_cards.py``.  The SVGs are
the source the app loads; this script documents how they were drawn and regenerates them all.

File names (= what the table asks ``CardArt(game="bossquest")`` for; a stable id scheme that
the rules module can map its cards onto; RULINGS.md section 4):

* weapons, 35: ``weapon_<colour>_<value>``, colour in red, blue, green, yellow, purple (in
  that order), value 1..7, e.g. ``weapon_red_1`` .. ``weapon_purple_7``.  One file per card, as
  Fireball Court's numbers: the value picks the weapon in the medallion (1 dagger, 2 club,
  3 mace, 4 spear, 5 axe, 6 sword, 7 war hammer) and the row of pips; the app writes the value
  large in the top-left tab (and upside down bottom-right) with the shipped font.  Each colour
  has its colour (true red and violet, Okabe-Ito otherwise; HUES) AND a symbol, used in the field pattern, the pips and the tab:
  red = flame, blue = drop in a round pool, green = leaf, yellow = sun, purple = crescent moon.
* bosses, 10: ``boss_<hp>``: ``boss_14`` .. ``boss_22`` and ``boss_24`` (the HP is the id);
  a monster portrait each; the app writes the HP in the heart badge.
* spells, 21 kinds: ``spell_<kind>``.  Dark spells (on a player: dark panel, bone tab, a
  crescent in the tab): ``plus_1``, ``plus_2``, ``minus_1``, ``minus_2``, ``swap`` (swap hidden
  weapons), ``exchange`` (a weapon for the deck's top card).  Light spells (on the boss or the
  round: light panel, parchment tab, a sun in the tab): ``hp_plus_1``, ``hp_plus_2``,
  ``hp_minus_1``, ``hp_minus_2``, ``need_red``, ``need_blue``, ``need_green``,
  ``need_yellow``, ``need_purple`` (colour required), ``two_same`` (two of one colour),
  ``no_heart_lost``, ``cancel``, ``extra_key``, ``second_closest``, ``last_turn``.  The app
  writes a short word in the tab (game/app/cards.py ``BQ_SPELLS``).
* backs, 4: ``back`` (the weapon deck), ``back_boss``, ``back_spell``, ``back_mystery`` (the
  face-down mystery spell at the Magician: the spell back with a question mark sigil).
* pieces: ``heart``, ``key`` (viewBox 100 x 100), ``pawn`` (a neutral steel knight pawn,
  viewBox 70 x 100) and ``pawn_0`` .. ``pawn_4`` (one per seat: orange / circle, sky blue /
  triangle, bluish green / square, reddish purple / diamond, yellow / star on the shield).

The SVGs hold no text.  Viewbox 250 x 350 (5:7), corner radius 15, thin dark edge.
"""
from __future__ import annotations

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).resolve().parents[1]))
import cardkit  # noqa: E402
from cardkit import GOLD, MD_IVORY, OUTER, PARCH, STEEL, border, frame, grid_pattern, lin, rad  # noqa: E402

import math

HERE = _Path(__file__).resolve().parent

INK = "#231c17"
BONE = "#f3ead6"
BONE_DARK = "#cfc3a6"
DARK_TAB = "#1d1b20"

# Corner tabs (keep in step with game/app/cards.py BQ_NUM_BOX, BQ_HP_BOX, BQ_WORD_BOX).
NUM_TAB = "M8 8H64V114Q64 122 56 122H8Z"                 # weapons: value (8,10)-(64,72), glyph below
NUM_TAB_EDGE = "M64 9V114Q64 122 56 122H9"
NUM_GLYPH = (36, 96)
WORD_TAB = "M8 8H150V44Q150 52 142 52H72Q64 52 64 60V106Q64 114 56 114H8Z"   # spells: word in the band
WORD_TAB_EDGE = "M150 9V44Q150 52 142 52H72Q64 52 64 60V106Q64 114 56 114H9"
WORD_GLYPH = (36, 83)
HEART_BADGE = "M46 80C30 66 8 52 8 32C8 18 18 9 30 9C37 9 43 13 46 19C49 13 55 9 62 9C74 9 84 18 84 32C84 52 62 66 46 80Z"

COLOURS = ("red", "blue", "green", "yellow", "purple")
# colour: (hue, field top, field bottom, accent, pattern ink): Okabe-Ito blue, bluish green and
# yellow; red and purple are a true red and a true violet, so that the names in RULINGS.md
# ("Red required") match what people see (Okabe-Ito's vermillion reads orange and its reddish
# purple reads pink); the symbol on every card keeps the colours apart for colour-blind players
HUES = {
    "red":    ("#C81E2B", "#e2473f", "#a8141e", "#7d0e16", "#5a0810"),
    "blue":   ("#0072B2", "#3b8fd0", "#004f80", "#003d63", "#9fd3f5"),
    "green":  ("#009E73", "#3fb892", "#007a58", "#006247", "#004d38"),
    "yellow": ("#F0E442", "#f6ee8e", "#d6c51a", "#a39400", "#7a6d00"),
    "purple": ("#6A3D9A", "#a67fd4", "#6b3fa0", "#4f2a7f", "#361b5c"),
}
SPELLS_DARK = ("plus_1", "plus_2", "minus_1", "minus_2", "swap", "exchange")
SPELLS_LIGHT = ("hp_plus_1", "hp_plus_2", "hp_minus_1", "hp_minus_2", *(f"need_{c}" for c in COLOURS),
                "two_same", "no_heart_lost", "cancel", "extra_key", "second_closest", "last_turn")
BOSS_HP = (14, 15, 16, 17, 18, 19, 20, 21, 22, 24)
SEATS = (("#E69F00", "circle"), ("#56B4E9", "triangle"), ("#009E73", "square"), ("#CC79A7", "diamond"),
         ("#F0E442", "star"))


def svg(title: str, defs: str, body: str) -> str:
    return cardkit.svg("Boss Quest", title, defs, body, OUTER)


MD_DARK = rad("md", [(0, "#4a3f5e", 1), (0.7, "#2a2236", 1), (1, "#15111c", 1)], cy="42%", r="58%")
WOOD = lin("wood", "#b5814a", "#6b4524", vertical=False)
HEART = rad("heart", [(0, "#ff8a7a", 1), (0.5, "#d63a3a", 1), (1, "#8a1020", 1)], cx="35%", cy="30%", r="80%")


def g(s: float, inner: str, sw: float = 2.6, at=(0, 0)) -> str:
    return (f'<g transform="translate({at[0]} {at[1]}) scale({s})" stroke="{INK}" stroke-width="{sw:.2f}" '
            f'stroke-linejoin="round" stroke-linecap="round">{inner}</g>')


# -- the five colour symbols, about 40 across, centred on (0, 0) ----------------------------------
SYMBOL_PATH = {
    "red": "M0 20C-12 20 -18 12 -17 2C-16 -6 -12 -8 -11 -15C-6 -10 -5 -6 -5 -3C-4 -12 -2 -18 2 -24"
           "C5 -16 8 -12 7 -5C9 -8 11 -12 12 -16C17 -8 18 0 17 6C15 15 8 20 0 20Z",        # flame, three tongues
    "blue": "M0 -20C6 -10 14 -2 14 7C14 15 8 20 0 20C-8 20 -14 15 -14 7C-14 -2 -6 -10 0 -20Z",   # drop
    "green": "M-14 16C-18 0 -8 -16 16 -18C16 4 6 16 -14 16Z",              # leaf
    "yellow": "",                                                            # sun (below)
    "purple": "M6 -19C-6 -17 -16 -8 -16 3C-16 13 -7 20 4 20C10 20 15 17 18 13C6 14 -4 6 -4 -4C-4 -11 0 -16 6 -19Z",
}


def symbol(colour: str, s: float = 1.0, fill: str | None = None, edge: str = INK, sw: float = 2.2) -> str:
    hue = fill or HUES[colour][0]
    if colour == "yellow":
        rays = " ".join(f"{(20 if k % 2 == 0 else 12) * math.cos(math.pi * k / 8):.1f},"
                        f"{(20 if k % 2 == 0 else 12) * math.sin(math.pi * k / 8):.1f}" for k in range(16))
        inner = f'<polygon points="{rays}" fill="{hue}"/><circle r="8" fill="{hue}"/>'
    elif colour == "blue":   # a drop in a round pool: round, so never mistaken for the flame
        inner = (f'<circle r="19" fill="{hue}"/><path d="{SYMBOL_PATH[colour]}" transform="translate(0 1) scale(0.62)" '
                 f'fill="{"#dff3ff" if fill is None else HUES[colour][0]}" stroke-width="1.4"/>')
    else:
        inner = f'<path d="{SYMBOL_PATH[colour]}" fill="{hue}"/>'
        if colour == "green":
            inner += '<path d="M-14 16C-4 4 4 -6 16 -18" fill="none" stroke-width="1.6"/>'
    return (f'<g transform="scale({s})" stroke="{edge}" stroke-width="{sw / s if s < 1 else sw:.2f}" '
            f'stroke-linejoin="round" stroke-linecap="round">{inner}</g>')


def symbol_pattern(colour: str) -> str:
    ink = HUES[colour][4]
    if colour == "red":
        shape = lambda x, y: f'<path d="M{x} {y - 7}L{x + 6} {y + 5}H{x - 6}Z" stroke="none"/>'        # triangles
    elif colour == "blue":
        shape = lambda x, y: f'<circle cx="{x}" cy="{y}" r="4.5" fill="none" stroke-width="1.8"/>'     # rings
    elif colour == "green":
        shape = lambda x, y: (f'<path d="M{x - 6} {y + 6}C{x - 7} {y - 1} {x - 2} {y - 6} {x + 7} {y - 7}'
                              f'C{x + 7} {y + 1} {x + 2} {y + 6} {x - 6} {y + 6}Z" stroke="none"/>')  # leaves
    elif colour == "yellow":
        shape = lambda x, y: (f'<path d="M{x} {y - 7}L{x + 2} {y - 2}L{x + 7} {y}L{x + 2} {y + 2}L{x} {y + 7}'
                              f'L{x - 2} {y + 2}L{x - 7} {y}L{x - 2} {y - 2}Z" stroke="none"/>')     # stars
    else:
        shape = lambda x, y: f'<path d="M{x} {y - 7}L{x + 5} {y}L{x} {y + 7}L{x - 5} {y}Z" stroke="none"/>'  # diamonds
    return grid_pattern(shape, 22, 22, ink, 0.4)


# -- weapons: drawn about (0, 0), pointing up, about 130 tall; ``c`` tints the grip ---------------
def dagger(c):
    return ('<path d="M0 -60L10 -40V20H-10V-40Z" fill="url(#steel)"/><path d="M0 -56V18" stroke="#ffffff" '
            'stroke-width="1.6"/>'
            f'<rect x="-30" y="18" width="60" height="10" rx="4" fill="url(#gold)"/>'
            f'<rect x="-7" y="28" width="14" height="30" rx="3" fill="{c}"/>'
            '<circle cx="0" cy="64" r="8" fill="url(#gold)"/>')


def club(c):
    knots = "".join(f'<circle cx="{x}" cy="{y}" r="4" fill="#8a5a28"/>' for x, y in ((-12, -34), (10, -18), (-6, -4),
                                                                                      (14, -44)))
    return ('<path d="M-8 62L-6 10C-22 -4 -28 -30 -20 -50C-12 -66 14 -68 22 -50C30 -32 24 -4 8 10L8 62Z" '
            'fill="url(#wood)"/>' + knots
            + f'<rect x="-10" y="34" width="20" height="22" rx="3" fill="{c}"/>'
            '<path d="M-10 40H10M-10 48H10" stroke-width="1.6"/>')


def mace(c):
    spikes = "".join(f'<path d="M{22 * math.cos(a):.1f} {-40 + 22 * math.sin(a):.1f}L{36 * math.cos(a):.1f} '
                     f'{-40 + 36 * math.sin(a):.1f}L{22 * math.cos(a + 0.35):.1f} {-40 + 22 * math.sin(a + 0.35):.1f}Z" '
                     f'fill="url(#steel)"/>' for a in (2 * math.pi * k / 8 for k in range(8)))
    return (f'<rect x="-6" y="-20" width="12" height="80" rx="3" fill="url(#wood)"/>'
            f'<rect x="-8" y="36" width="16" height="22" rx="3" fill="{c}"/>' + spikes
            + '<circle cx="0" cy="-40" r="24" fill="url(#steel)"/>'
            '<path d="M-12 -52C-8 -58 0 -60 6 -58" fill="none" stroke="#ffffff" stroke-width="2.4"/>')


def spear(c):
    return ('<rect x="-4" y="-30" width="8" height="96" rx="3" fill="url(#wood)"/>'
            '<path d="M0 -72L14 -40L0 -26L-14 -40Z" fill="url(#steel)"/><path d="M0 -68V-30" stroke="#ffffff" '
            'stroke-width="1.4"/>'
            f'<path d="M-4 -26L-16 -10L-4 -16ZM4 -26L16 -10L4 -16Z" fill="{c}"/>'
            f'<rect x="-6" y="30" width="12" height="18" rx="3" fill="{c}"/>')


def axe(c):
    return ('<rect x="-5" y="-56" width="10" height="120" rx="4" fill="url(#wood)"/>'
            '<path d="M4 -50C24 -60 44 -56 50 -40C54 -24 48 -6 40 2C34 -12 22 -22 4 -22Z" fill="url(#steel)"/>'
            '<path d="M-4 -48C-16 -50 -24 -44 -26 -36C-20 -32 -12 -30 -4 -30Z" fill="url(#steel)"/>'
            '<path d="M40 -46C48 -36 48 -18 42 -8" fill="none" stroke="#ffffff" stroke-width="2.4"/>'
            f'<rect x="-7" y="34" width="14" height="24" rx="3" fill="{c}"/>')


def sword(c):
    return ('<path d="M0 -74L9 -62V26H-9V-62Z" fill="url(#steel)"/><path d="M0 -68V24" stroke="#8e9aa8" '
            'stroke-width="2"/><path d="M-4 -62V20" stroke="#ffffff" stroke-width="1.4"/>'
            '<path d="M-34 24H34Q38 30 34 36H-34Q-38 30 -34 24Z" fill="url(#gold)"/>'
            f'<rect x="-6" y="36" width="12" height="28" rx="3" fill="{c}"/>'
            '<circle cx="0" cy="70" r="8" fill="url(#gold)"/>'
            f'<circle cx="0" cy="30" r="4" fill="{c}"/>')


def hammer(c):
    return ('<rect x="-5" y="-40" width="10" height="104" rx="4" fill="url(#wood)"/>'
            '<path d="M-44 -62H40V-24H-44Z" fill="url(#steel)"/>'
            '<path d="M40 -58L56 -43L40 -28Z" fill="url(#steel)"/>'
            '<path d="M-44 -62V-24" stroke-width="5"/>'
            '<path d="M-38 -56H34" stroke="#ffffff" stroke-width="2.4"/>'
            f'<rect x="-8" y="-24" width="16" height="12" fill="{c}"/>'
            f'<rect x="-7" y="38" width="14" height="24" rx="3" fill="{c}"/>')


WEAPONS = {1: dagger, 2: club, 3: mace, 4: spear, 5: axe, 6: sword, 7: hammer}


def medallion(accent: str, cy: int, r: int, inner: str = BONE_DARK) -> str:
    return cardkit.medallion(accent, cy, r, inner)


def tabs(shape: str, edge: str, fill: str, accent: str, glyph: str, at) -> str:
    one = (f'<path d="{shape}" fill="{fill}"/>\n<path d="{edge}" fill="none" stroke="{accent}" stroke-width="4"/>\n'
           f'<g transform="translate({at[0]} {at[1]})">{glyph}</g>')
    return f'<g>\n{one}\n</g>\n<g transform="rotate(180 125 175)">\n{one}\n</g>'


def weapon_card(colour: str, value: int) -> str:
    hue, top, bottom, accent, _ = HUES[colour]
    defs = lin("fg", top, bottom) + MD_IVORY + GOLD + STEEL + WOOD
    n = value
    rows = [n] if n <= 4 else [(n + 1) // 2, n // 2]
    pips = "".join(f'<g transform="translate({125 + (i - (k - 1) / 2) * 22:.1f} {266 + r * 22 - 11 * (len(rows) - 1)})">'
                   f'{symbol(colour, 0.5)}</g>' for r, k in enumerate(rows) for i in range(k))
    pw = max(rows) * 22 + 10
    ph = 22 * len(rows) + 6
    plate = (f'<rect x="{125 - pw / 2:.1f}" y="{266 - 11 * (len(rows) - 1) - ph / 2:.1f}" width="{pw}" height="{ph}" '
             f'rx="12" fill="{PARCH}" stroke="{accent}" stroke-width="2.5"/>')
    body = (frame("url(#fg)", symbol_pattern(colour)) + "\n" + medallion(accent, 166, 78) + "\n"
            + g(1.0, WEAPONS[value](hue), at=(125, 164)) + "\n" + plate + pips + "\n" + border(accent) + "\n"
            + tabs(NUM_TAB, NUM_TAB_EDGE, PARCH, accent, symbol(colour, 0.8), NUM_GLYPH))
    return svg(f"weapon {value}, {colour} ({WEAPONS[value].__name__}); the app draws the value", defs, body)


# -- bosses: monster portraits about (0, 0), about 150 across ---------------------------------------
def eyes(xs, y, r, iris="#F0E442", slit=True):
    out = ""
    for x in xs:
        out += f'<ellipse cx="{x}" cy="{y}" rx="{r}" ry="{r * 0.8:.1f}" fill="{iris}"/>'
        out += (f'<ellipse cx="{x}" cy="{y}" rx="{r * 0.22:.1f}" ry="{r * 0.7:.1f}" fill="#111" stroke="none"/>' if slit
                else f'<circle cx="{x}" cy="{y}" r="{r * 0.4:.1f}" fill="#111" stroke="none"/>')
    return out


def fangs(y, xs, h=10, down=True):
    d = 1 if down else -1
    return "".join(f'<path d="M{x - 4} {y}L{x} {y + d * h}L{x + 4} {y}Z" fill="#fffbea" stroke-width="1.6"/>' for x in xs)


def boss_goblin():      # 14: green, long ears, grin
    return ('<path d="M-30 -20L-78 -40L-40 6ZM30 -20L78 -40L40 6Z" fill="#6aa84f"/>'
            '<path d="M-40 -30C-40 -62 40 -62 40 -30C46 0 36 40 0 46C-36 40 -46 0 -40 -30Z" fill="#7fbf5a"/>'
            + eyes((-16, 16), -14, 10, "#F0E442") +
            '<path d="M-22 16Q0 34 22 16" fill="#3a1d12"/>' + fangs(17, (-12, 12), 8)
            + '<path d="M-6 0L0 8L6 0" fill="none"/>')


def boss_skeleton():    # 15: a skull with a sword through its grin
    return ('<path d="M-42 -4C-46 -62 46 -62 42 -4C42 12 34 20 28 24V44H-28V24C-34 20 -42 12 -42 -4Z" fill="#efe6cf"/>'
            '<ellipse cx="-17" cy="-6" rx="12" ry="13" fill="#1b1a1e"/><ellipse cx="17" cy="-6" rx="12" ry="13" '
            'fill="#1b1a1e"/><circle cx="-17" cy="-4" r="3.5" fill="#D55E00" stroke="none"/>'
            '<circle cx="17" cy="-4" r="3.5" fill="#D55E00" stroke="none"/>'
            '<path d="M0 8L7 20H-7Z" fill="#1b1a1e"/><path d="M-16 30V44M-6 30V44M6 30V44M16 30V44" stroke-width="2"/>'
            '<path d="M-60 62L58 -50" stroke="#5a5662" stroke-width="6"/>'
            '<path d="M-30 -40C-20 -48 -6 -50 6 -48" fill="none" stroke="#fff" stroke-width="3"/>')


def boss_slime():       # 16: a blue blob with one big eye and drips
    return ('<path d="M-56 44C-66 44 -66 30 -58 22C-60 -18 -34 -52 0 -52C34 -52 60 -18 58 22C66 30 66 44 56 44'
            'C52 56 44 56 40 44C30 46 26 60 18 48C6 50 -6 50 -18 48C-26 60 -30 46 -40 44C-44 56 -52 56 -56 44Z" '
            'fill="#56B4E9"/>'
            '<path d="M-36 -24C-28 -38 -14 -44 0 -44" fill="none" stroke="#dff3ff" stroke-width="5"/>'
            + eyes((0,), -2, 20, "#ffffff", slit=False) +
            '<path d="M-20 26Q0 36 20 26" fill="none" stroke-width="3"/>')


def boss_orc():         # 17: olive, tusks up, heavy brow
    return ('<path d="M-46 -26C-50 -58 50 -58 46 -26L52 10C50 38 30 52 0 52C-30 52 -50 38 -52 10Z" fill="#8a9a4a"/>'
            '<path d="M-44 -22C-20 -30 20 -30 44 -22L40 -10C20 -18 -20 -18 -40 -10Z" fill="#5e6b2e"/>'
            + eyes((-18, 18), -2, 8, "#D55E00", slit=False)
            + '<path d="M-26 26Q0 20 26 26L22 38Q0 44 -22 38Z" fill="#3a1d12"/>'
            + fangs(30, (-18, 18), 22, down=False)
            + '<path d="M-56 -10L-66 -16L-58 6Z" fill="#8a9a4a"/><path d="M56 -10L66 -16L58 6Z" fill="#8a9a4a"/>')


def boss_ghost():       # 18: a pale wailing ghost
    return ('<path d="M-44 60V-10C-44 -48 -22 -62 0 -62C22 -62 44 -48 44 -10V60L30 48L16 60L0 48L-16 60L-30 48Z" '
            'fill="#e8e4f6"/>'
            '<ellipse cx="-16" cy="-14" rx="9" ry="14" fill="#2a2236"/><ellipse cx="16" cy="-14" rx="9" ry="14" '
            'fill="#2a2236"/><ellipse cx="0" cy="22" rx="10" ry="14" fill="#2a2236"/>'
            '<path d="M-60 10C-70 0 -70 -14 -60 -22M60 10C70 0 70 -14 60 -22" fill="none" stroke="#e8e4f6" '
            'stroke-width="6"/>'
            '<path d="M-28 -44C-20 -52 -8 -54 2 -54" fill="none" stroke="#fff" stroke-width="3"/>')


def boss_cyclops():     # 19: orange, one eye, one horn
    return ('<path d="M0 -54L-8 -80L10 -56Z" fill="#efe6cf"/>'
            '<path d="M-48 -10C-48 -50 48 -50 48 -10C48 30 28 54 0 54C-28 54 -48 30 -48 -10Z" fill="#E69F00"/>'
            + eyes((0,), -10, 18, "#ffffff", slit=False)
            + '<path d="M-26 -32Q0 -40 26 -32" fill="none" stroke-width="5"/>'
            '<path d="M-24 24Q0 40 24 24Z" fill="#3a1d12"/>' + fangs(25, (-8, 8), 8))


def boss_troll():       # 20: blue-grey, big nose, shaggy hair
    hair = "".join(f'<path d="M{x} -46L{x + 8} -66L{x + 14} -44Z" fill="#5a4634"/>' for x in range(-46, 40, 14))
    return (hair + '<path d="M-50 -40H50V12C50 40 30 56 0 56C-30 56 -50 40 -50 12Z" fill="#7f9bb0"/>'
            + eyes((-20, 20), -18, 8, "#F0E442", slit=False)
            + '<path d="M-10 -12C-16 10 -14 20 0 22C14 20 16 10 10 -12Z" fill="#6b879c"/>'
            '<path d="M-26 36Q0 28 26 36" fill="none" stroke-width="4"/>' + fangs(35, (-16, 16), 10, down=False))


def boss_demon():       # 21: red with curved horns
    return ('<path d="M-30 -38C-54 -46 -66 -70 -58 -86C-50 -66 -40 -60 -22 -52Z" fill="#efe6cf"/>'
            '<path d="M30 -38C54 -46 66 -70 58 -86C50 -66 40 -60 22 -52Z" fill="#efe6cf"/>'
            '<path d="M-44 -22C-44 -56 44 -56 44 -22L40 20L0 58L-40 20Z" fill="#c0392b"/>'
            '<path d="M-34 -18L-8 -8M34 -18L8 -8" stroke-width="4"/>'
            + eyes((-18, 18), -2, 8, "#F0E442") + '<path d="M-22 24L0 36L22 24" fill="#3a1d12"/>'
            + fangs(26, (-12, 12), 8))


def boss_lich():        # 22: purple-hooded skull with a crown
    return ('<path d="M0 -66C40 -66 56 -30 56 0C56 30 62 48 70 62H-70C-62 48 -56 30 -56 0C-56 -30 -40 -66 0 -66Z" '
            'fill="#5b3a8a"/>'
            '<path d="M-30 -4C-32 -40 32 -40 30 -4C30 8 24 14 20 16V30H-20V16C-24 14 -30 8 -30 -4Z" fill="#efe6cf"/>'
            '<ellipse cx="-12" cy="-6" rx="8" ry="9" fill="#1b1a1e"/><ellipse cx="12" cy="-6" rx="8" ry="9" '
            'fill="#1b1a1e"/><circle cx="-12" cy="-5" r="3" fill="#56B4E9" stroke="none"/>'
            '<circle cx="12" cy="-5" r="3" fill="#56B4E9" stroke="none"/>'
            '<path d="M-24 -34L-28 -56L-12 -44L0 -62L12 -44L28 -56L24 -34Z" fill="url(#gold)"/>')


def boss_dragon():      # 24: the dragon lord, in profile, with fire
    return ('<path d="M-14 -46L-30 -82L-2 -52ZM6 -50L0 -86L20 -54Z" fill="#efe6cf"/>'
            '<path d="M-52 54C-58 10 -40 -44 0 -52C24 -56 40 -40 56 -28C66 -20 70 -8 62 0C52 8 36 6 24 10'
            'C14 14 12 26 18 54Z" fill="#2e7d4f"/>'
            '<path d="M24 10C34 8 48 10 58 4" fill="none" stroke-width="2"/>'
            + eyes((10,), -26, 9, "#F0E442")
            + '<path d="M50 -16L54 -14" stroke-width="3"/>'
            + fangs(4, (34, 44), 7)
            + '<path d="M62 8C76 4 84 16 80 26C90 28 88 44 78 46C80 58 64 62 60 52Z" fill="#E69F00"/>'
            + '<path d="M66 16C72 20 74 30 68 38" fill="none" stroke="#F0E442" stroke-width="4"/>'
            + "".join(f'<path d="M{x} {y}L{x - 8} {y + 6}L{x} {y + 12}Z" fill="#1f5a37"/>'
                      for x, y in ((-46, -10), (-50, 10), (-52, 30))))


BOSSES = {14: (boss_goblin, "#4a6b2e"), 15: (boss_skeleton, "#3b3a40"), 16: (boss_slime, "#1d5f8c"),
          17: (boss_orc, "#5e6b2e"), 18: (boss_ghost, "#4a3f6e"), 19: (boss_cyclops, "#8f5a00"),
          20: (boss_troll, "#3e5668"), 21: (boss_demon, "#7a1022"), 22: (boss_lich, "#3a165a"),
          24: (boss_dragon, "#1f4a2e")}


def boss_card(hp: int) -> str:
    portrait, tone = BOSSES[hp]
    defs = (lin("fg", tone, "#120c10") + rad("md", [(0, "#fffaf0", 1), (0.7, "#e9dfc8", 1), (1, "#b9ab8c", 1)],
                                              cy="42%", r="58%") + GOLD + STEEL + HEART)
    cracks = grid_pattern(lambda x, y: f'<path d="M{x - 8} {y - 6}L{x - 2} {y}L{x - 5} {y + 6}M{x - 2} {y}L{x + 8} '
                          f'{y - 2}" fill="none" stroke-width="1.4"/>', 30, 26, "#000", 0.35)
    spikes = "".join(f'<path d="M{125 + 88 * math.cos(a):.1f} {186 + 88 * math.sin(a):.1f}L'
                     f'{125 + 104 * math.cos(a + 0.09):.1f} {186 + 104 * math.sin(a + 0.09):.1f}L'
                     f'{125 + 88 * math.cos(a + 0.18):.1f} {186 + 88 * math.sin(a + 0.18):.1f}Z"/>'
                     for a in (2 * math.pi * k / 20 for k in range(20)))
    badge = (f'<path d="{HEART_BADGE}" fill="#000" opacity="0.3" transform="translate(2 3)"/>'
             f'<path d="{HEART_BADGE}" fill="url(#heart)" stroke="{INK}" stroke-width="3"/>'
             '<path d="M18 28C18 20 24 16 30 16" fill="none" stroke="#ffd0c8" stroke-width="3" stroke-linecap="round" '
             'opacity="0.8"/>')
    body = (frame("url(#fg)", cracks)
            + f'\n<g fill="#d4a640" stroke="{INK}" stroke-width="1.5" stroke-linejoin="round">{spikes}</g>\n'
            + medallion("#d4a640", 186, 88, inner="#b8860b") + "\n"
            + g(0.98, BOSSES[hp][0](), at=(125, 190)) + "\n" + border("#d4a640") + "\n"
            + f'<g>{badge}</g>\n<g transform="rotate(180 125 175)">{badge}</g>')
    return svg(f"boss with {hp} HP ({portrait.__name__[5:]}); the app writes the HP in the heart badge", defs, body)


# -- spells: icons about (0, 0), about 110 across ------------------------------------------------------
def chevrons(n, up=True, colour="#56B4E9", x=0, y=0):
    out = ""
    for i in range(n):
        yy = y + (-i * 22 if up else i * 22)
        d = (f"M{x - 22} {yy + 10}L{x} {yy - 12}L{x + 22} {yy + 10}" if up else
             f"M{x - 22} {yy - 10}L{x} {yy + 12}L{x + 22} {yy - 10}")
        out += f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="15"/><path d="{d}" fill="none" ' \
               f'stroke="{colour}" stroke-width="9"/>'
    return out


def ic_strength(n, up):
    """One sword per point (two for +2 / -2), whole and with chevrons up, or broken with chevrons down."""
    whole = ('<path d="M0 -56L8 -46V18H-8V-46Z" fill="url(#steel)"/><path d="M-2 -48V14" stroke="#ffffff" '
             'stroke-width="1.4"/>')
    broken = ('<path d="M-8 -18L8 -26V18H-8Z" fill="url(#steel)"/>'
              '<path d="M2 -44L10 -38L-6 -54L-4 -62Z" fill="url(#steel)" transform="rotate(24 6 -50)"/>')
    hilt = ('<path d="M-24 18H24V28H-24Z" fill="url(#gold)"/><rect x="-5" y="28" width="10" height="26" rx="3" '
            'fill="#7a4a20"/>')
    blade = (whole if up else broken) + hilt
    at = [(-20, 0)] if n == 1 else [(-34, -10), (-8, 10)]
    out = "".join(f'<g transform="translate({x} 0) rotate({r})">{blade}</g>' for x, r in at)
    return out + chevrons(n, up, "#56B4E9" if up else "#D55E00", x=32, y=(-4 + 11 * (n - 1)) if up
                          else (-20 - 11 * (n - 1)))


def card_shape(x, y, w, h, fill, rot=0, inner=""):
    return (f'<g transform="translate({x} {y}) rotate({rot})"><rect x="{-w / 2}" y="{-h / 2}" width="{w}" height="{h}" '
            f'rx="5" fill="{fill}"/>{inner}</g>')


def ic_swap():
    hidden = '<path d="M-8 -10L0 -18L8 -10L0 -2Z" fill="#56B4E9" stroke-width="1.4"/><path d="M-8 8H8" stroke="#bbb"/>'
    arrow = ('<path d="M-34 -46C-10 -66 14 -66 34 -46" fill="none" stroke="{c}" stroke-width="{w}"/>'
             '<path d="M38 -58L38 -40L22 -44Z" fill="{c}" stroke="{c}" stroke-width="{w2}"/>')
    arr = lambda c, w, w2: arrow.format(c=c, w=w, w2=w2)
    return (card_shape(-32, 8, 44, 62, "#3b3550", -8, hidden) + card_shape(32, 8, 44, 62, "#3b3550", 8, hidden)
            + arr(INK, 11, 6) + arr(BONE, 6, 2)
            + f'<g transform="rotate(180 0 8)">{arr(INK, 11, 6)}{arr(BONE, 6, 2)}</g>')


def ic_exchange():
    deck = "".join(card_shape(26 + i * 3, 10 - i * 4, 40, 56, "#3b3550", 0) for i in range(4))
    loop = ('<path d="M-22 -34C-10 -56 20 -58 34 -40" fill="none" stroke="{c}" stroke-width="{w}"/>'
            '<path d="M40 -52L38 -32L22 -40Z" fill="{c}" stroke="{c}" stroke-width="{w2}"/>')
    lp = lambda c, w, w2: loop.format(c=c, w=w, w2=w2)
    return (deck + card_shape(-30, 16, 40, 56, "#f3ead6", -10, '<path d="M0 -16V10M-8 4H8" stroke-width="3"/>')
            + lp(INK, 11, 6) + lp(BONE, 6, 2))


def heart_path(s=1.0, x=0, y=0, fill="url(#heart)"):
    return (f'<path transform="translate({x} {y}) scale({s})" d="M0 30C-18 16 -38 4 -38 -12C-38 -26 -28 -34 -17 -34'
            f'C-9 -34 -3 -29 0 -22C3 -29 9 -34 17 -34C28 -34 38 -26 38 -12C38 4 18 16 0 30Z" fill="{fill}"/>')


def horned(x=0, y=0, s=1.0):
    return (f'<g transform="translate({x} {y}) scale({s})"><path d="M-16 -12C-28 -16 -32 -30 -28 -38C-24 -28 -18 -24 '
            '-10 -22ZM16 -12C28 -16 32 -30 28 -38C24 -28 18 -24 10 -22Z" fill="#efe6cf"/>'
            '<path d="M-20 -14C-20 -32 20 -32 20 -14L16 8L0 18L-16 8Z" fill="#7a1022"/>'
            '<circle cx="-7" cy="-6" r="3" fill="#F0E442"/><circle cx="7" cy="-6" r="3" fill="#F0E442"/></g>')


def ic_hp(n, up):
    out = heart_path(1.05, -16, 14) + horned(-16, 12, 0.9)
    if not up:   # the boss's heart cracked
        crack = "M-22 -24L-12 -8L-24 4L-10 18L-18 40"
        out += (f'<path d="{crack}" fill="none" stroke="{INK}" stroke-width="9"/>'
                f'<path d="{crack}" fill="none" stroke="#fffdf6" stroke-width="4.5"/>')
    return out + chevrons(n, up, "#009E73" if up else "#D55E00", x=36,
                          y=(2 + 9 * (n - 1)) if up else (-8 - 9 * (n - 1)))


def ic_need(colour):
    hue = HUES[colour][0]
    inner = f'<g transform="translate(0 -2)">{symbol(colour, 1.45, fill=PARCH)}</g>'
    return (card_shape(-6, 4, 66, 90, hue, -6, f'<rect x="-27" y="-39" width="54" height="78" rx="4" fill="none" '
                                                   f'stroke="{PARCH}" stroke-width="3"/>' + inner)
            + '<circle cx="30" cy="-34" r="17" fill="#009E73"/>'
            '<path d="M21 -34L28 -26L40 -42" fill="none" stroke="#fff" stroke-width="5"/>')


def ic_two_same():
    pip = '<polygon points="0,-14 10,0 0,14 -10,0" fill="#f3ead6" stroke-width="2"/>'
    return (card_shape(-22, 4, 52, 74, "#8e9aa8", -12, pip) + card_shape(22, 4, 52, 74, "#8e9aa8", 12, pip)
            + '<path d="M-12 -46H12M-12 -36H12" stroke="#231c17" stroke-width="9"/>'
            '<path d="M-12 -46H12M-12 -36H12" stroke="#F0E442" stroke-width="4.5"/>')


def ic_no_heart_lost():
    return ('<path d="M0 -56L44 -42C44 6 30 34 0 54C-30 34 -44 6 -44 -42Z" fill="url(#steel)"/>'
            '<path d="M0 -46L34 -35C34 4 24 26 0 42C-24 26 -34 4 -34 -35Z" fill="#0072B2"/>'
            + heart_path(0.62, 0, -2))


def ic_cancel():
    return (card_shape(0, 4, 60, 84, "#e2d5f0", 0, '<circle cx="0" cy="0" r="14" fill="none" stroke="#8a7aa8" '
                                                    'stroke-width="3"/><path d="M0 -20V20M-20 0H20" stroke="#8a7aa8"/>')
            + '<circle cx="0" cy="4" r="48" fill="none" stroke="#231c17" stroke-width="15"/>'
            '<circle cx="0" cy="4" r="48" fill="none" stroke="#D55E00" stroke-width="10"/>'
            '<path d="M-34 -30L34 38" stroke="#231c17" stroke-width="15"/><path d="M-34 -30L34 38" stroke="#D55E00" '
            'stroke-width="10"/>')


def key_shape(s=1.0, x=0, y=0, rot=-45):
    return (f'<g transform="translate({x} {y}) rotate({rot}) scale({s})">'
            '<circle cx="-30" cy="0" r="20" fill="url(#gold)"/><circle cx="-30" cy="0" r="8" fill="{hole}"/>'
            '<path d="M-12 -6H40V6H-12Z" fill="url(#gold)"/>'
            '<path d="M24 6V18H32V6M36 6V14H42V6" fill="url(#gold)"/>'
            '<path d="M-42 -8C-40 -14 -34 -18 -28 -18" fill="none" stroke="#fff6c8" stroke-width="3"/></g>')


def ic_extra_key():
    star = " ".join(f"{(22 if k % 2 == 0 else 9) * math.cos(-math.pi / 2 + math.pi * k / 5):.1f},"
                    f"{(22 if k % 2 == 0 else 9) * math.sin(-math.pi / 2 + math.pi * k / 5):.1f}" for k in range(10))
    return (key_shape(1.15, -6, 10).replace("{hole}", "#f7f1e1")
            + f'<g transform="translate(34 -34)"><polygon points="{star}" fill="#F0E442"/>'
            '<path d="M-6 0H6M0 -6V6" stroke-width="3"/></g>')


def ic_second():
    rings = "".join(f'<circle r="{r}" fill="{c}"/>' for r, c in ((50, "#f3ead6"), (38, "#D55E00"), (26, "#f3ead6"),
                                                                 (14, "#D55E00")))
    arrow = lambda x, y, c: (f'<path d="M{x} {y}L{x + 40} {y - 40}" stroke="#231c17" stroke-width="7"/>'
                             f'<path d="M{x} {y}L{x + 40} {y - 40}" stroke="{c}" stroke-width="3"/>'
                             f'<path d="M{x + 34} {y - 46}L{x + 50} {y - 50}L{x + 46} {y - 34}Z" fill="{c}"/>')
    return (f'<g transform="translate(-6 6)">{rings}</g>' + arrow(-6, 6, "#8e9aa8")
            + arrow(-6 + 22, 6 + 10, "url(#steel)") + '<circle cx="16" cy="16" r="9" fill="url(#steel)" '
                                                     'stroke-width="2.4"/>'
            + '<circle cx="-6" cy="6" r="6" fill="#8e9aa8"/>')


def ic_last_turn():
    return ('<rect x="-38" y="-60" width="76" height="12" rx="4" fill="url(#wood)"/>'
            '<rect x="-38" y="48" width="76" height="12" rx="4" fill="url(#wood)"/>'
            '<path d="M-28 -48H28C28 -20 8 -8 6 0C8 8 28 20 28 48H-28C-28 20 -8 8 -6 0C-8 -8 -28 -20 -28 -48Z" '
            'fill="#e8f4fb"/>'
            '<path d="M-16 -30H16C12 -18 4 -10 0 -4C-4 -10 -12 -18 -16 -30Z" fill="#E69F00" stroke="none"/>'
            '<path d="M0 -4V34" stroke="#E69F00" stroke-width="2.5"/>'
            '<path d="M-20 46C-14 34 14 34 20 46Z" fill="#E69F00" stroke="none"/>'
            '<path d="M-32 -48V48M32 -48V48" stroke-width="4"/>')


SPELL_ICONS = {
    "plus_1": lambda: ic_strength(1, True), "plus_2": lambda: ic_strength(2, True),
    "minus_1": lambda: ic_strength(1, False), "minus_2": lambda: ic_strength(2, False),
    "swap": ic_swap, "exchange": ic_exchange,
    "hp_plus_1": lambda: ic_hp(1, True), "hp_plus_2": lambda: ic_hp(2, True),
    "hp_minus_1": lambda: ic_hp(1, False), "hp_minus_2": lambda: ic_hp(2, False),
    **{f"need_{c}": (lambda c=c: ic_need(c)) for c in COLOURS},
    "two_same": ic_two_same, "no_heart_lost": ic_no_heart_lost, "cancel": ic_cancel, "extra_key": ic_extra_key,
    "second_closest": ic_second, "last_turn": ic_last_turn,
}
assert set(SPELL_ICONS) == set(SPELLS_DARK) | set(SPELLS_LIGHT)

MOON = '<path d="M4 -14C-6 -12 -12 -4 -12 3C-12 11 -5 16 3 16C8 16 11 14 14 11C4 11 -3 5 -3 -3C-3 -8 0 -12 4 -14Z"/>'


def sun(s=1.0, fill="#E69F00"):
    rays = " ".join(f"{(16 if k % 2 == 0 else 9) * math.cos(math.pi * k / 8):.1f},"
                    f"{(16 if k % 2 == 0 else 9) * math.sin(math.pi * k / 8):.1f}" for k in range(16))
    return (f'<g transform="scale({s})" stroke="{INK}" stroke-width="1.6" stroke-linejoin="round">'
            f'<polygon points="{rays}" fill="{fill}"/><circle r="6" fill="#F0E442"/></g>')


def spell_card(kind: str) -> str:
    dark = kind in SPELLS_DARK
    if dark:
        defs = lin("fg", "#3d3152", "#130f1a") + MD_DARK + GOLD + STEEL + WOOD + HEART
        pattern = grid_pattern(lambda x, y: f'<g transform="translate({x} {y}) scale(0.45)">{MOON}</g>', 26, 24,
                               "#9b8cc4", 0.35)
        accent, tab_fill, tab_edge, ring = "#8a7ab0", DARK_TAB, "#8a7ab0", "#6a5a90"
        glyph = f'<g fill="{BONE}" stroke="none" transform="scale(1.1)">{MOON}</g>'
        halo = '<circle cx="125" cy="190" r="66" fill="#8a7ab0" opacity="0.18"/>'
    else:
        defs = (lin("fg", "#fffaf0", "#f0d98a") + MD_IVORY + GOLD + STEEL + WOOD + HEART)
        pattern = ('<g stroke="#d4a640" stroke-width="2" opacity="0.45">'
                   + "".join(f'<path d="M125 190L{125 + 300 * math.cos(a):.1f} {190 + 300 * math.sin(a):.1f}"/>'
                             for a in (2 * math.pi * k / 36 for k in range(36))) + "</g>")
        accent, tab_fill, tab_edge, ring = "#c9a227", PARCH, "#c9a227", BONE_DARK
        glyph = sun(1.05)
        halo = ""
    body = (frame("url(#fg)", pattern) + "\n" + halo + medallion(accent, 190, 78, inner=ring) + "\n"
            + g(1.12, SPELL_ICONS[kind](), at=(125, 190)) + "\n" + border(accent) + "\n"
            + tabs(WORD_TAB, WORD_TAB_EDGE, tab_fill, tab_edge, glyph, WORD_GLYPH))
    return svg(f"{'dark' if dark else 'light'} spell: {kind.replace('_', ' ')}", defs, body)


# -- backs ----------------------------------------------------------------------------------------------
def back_frame(bg_defs: str, pattern: str, centre: str, edge: str, title: str) -> str:
    body = (f'<rect x="1.5" y="1.5" width="247" height="347" rx="15" fill="{BONE}"/>\n'
            '<rect x="12" y="12" width="226" height="326" rx="7" fill="url(#bg)"/>\n' + pattern + "\n" + centre + "\n"
            + f'<rect x="9" y="9" width="232" height="332" rx="9" fill="none" stroke="{INK}" stroke-width="3"/>\n'
            + f'<rect x="17" y="17" width="216" height="316" rx="5" fill="none" stroke="{edge}" stroke-width="1.2"/>')
    return svg(title, bg_defs, body)


def back_weapons() -> str:
    defs = rad("bg", [(0, "#5a6b80", 1), (1, "#1d2430", 1)], r="65%") + STEEL + GOLD + WOOD + MD_DARK
    pattern = grid_pattern(lambda x, y: f'<path d="M{x - 6} {y - 6}L{x + 6} {y + 6}M{x + 6} {y - 6}L{x - 6} {y + 6}" '
                           'fill="none" stroke-width="1.4"/>', 22, 20, "#9fb0c4", 0.3)
    syms = "".join(f'<g transform="translate({125 + 76 * math.cos(a):.1f} {175 + 76 * math.sin(a):.1f})">'
                   f'{symbol(c, 0.55)}</g>'
                   for c, a in zip(COLOURS, (-math.pi / 2 + 2 * math.pi * k / 5 for k in range(5))))
    swords = (f'<g transform="rotate(-35 125 175)">{g(0.8, sword("#D55E00"), at=(125, 172))}</g>'
              f'<g transform="rotate(35 125 175)">{g(0.8, sword("#0072B2"), at=(125, 172))}</g>')
    centre = ('<circle cx="125" cy="175" r="96" fill="#141a23" stroke="#d4a640" stroke-width="3"/>'
              '<circle cx="125" cy="175" r="58" fill="url(#md)" stroke="#9fb0c4" stroke-width="2"/>'
              + syms + swords)
    return back_frame(defs, pattern, centre, "#9fb0c4", "weapon deck back (crossed swords, the five colour symbols)")


def back_boss() -> str:
    defs = rad("bg", [(0, "#7a1a22", 1), (1, "#1e070b", 1)], r="65%") + GOLD + STEEL + rad(
        "md", [(0, "#fffaf0", 1), (0.7, "#e9dfc8", 1), (1, "#b9ab8c", 1)], cy="42%", r="58%")
    pattern = grid_pattern(lambda x, y: f'<path d="M{x} {y - 8}L{x + 6} {y + 4}L{x} {y + 1}L{x - 6} {y + 4}Z" '
                           'stroke="none"/>', 22, 22, "#e06a5a", 0.25)
    spikes = "".join(f'<path d="M{125 + 70 * math.cos(a):.1f} {175 + 70 * math.sin(a):.1f}L'
                     f'{125 + 92 * math.cos(a + 0.12):.1f} {175 + 92 * math.sin(a + 0.12):.1f}L'
                     f'{125 + 70 * math.cos(a + 0.24):.1f} {175 + 70 * math.sin(a + 0.24):.1f}Z"/>'
                     for a in (2 * math.pi * k / 16 for k in range(16)))
    centre = (f'<g fill="url(#gold)" stroke="{INK}" stroke-width="1.6" stroke-linejoin="round">{spikes}</g>'
              '<circle cx="125" cy="175" r="72" fill="#160508" stroke="#d4a640" stroke-width="4"/>'
              + g(0.85, boss_demon(), at=(125, 182)))
    return back_frame(defs, pattern, centre, "#d4a640", "boss deck back (a horned head in a spiked ring)")


def spell_back_centre(mystery: bool) -> str:
    star = " ".join(f"{125 + (64 if k % 2 == 0 else 26) * math.cos(-math.pi / 2 + math.pi * k / 8):.1f},"
                    f"{175 + (64 if k % 2 == 0 else 26) * math.sin(-math.pi / 2 + math.pi * k / 8):.1f}"
                    for k in range(16))
    runes = "".join(f'<circle cx="{125 + 84 * math.cos(a):.1f}" cy="{175 + 84 * math.sin(a):.1f}" r="{3 if k % 2 else 5}"/>'
                    for k, a in enumerate(2 * math.pi * k / 24 for k in range(24)))
    out = ('<circle cx="125" cy="175" r="96" fill="#1a1424" stroke="#c9a227" stroke-width="3"/>'
           '<circle cx="125" cy="175" r="76" fill="none" stroke="#c9a227" stroke-width="1.5" stroke-dasharray="4 4"/>'
           f'<g fill="#c9a227">{runes}</g>')
    if mystery:
        q = "M-22 -20C-22 -44 22 -48 22 -20C22 -4 2 0 2 14V22"
        out += ('<circle cx="125" cy="175" r="58" fill="url(#glow)"/>'
                f'<g transform="translate(125 168) scale(1.3)" fill="none" stroke-linecap="round" stroke-linejoin="round">'
                f'<path d="{q}" stroke="{INK}" stroke-width="17"/><path d="{q}" stroke="#F0E442" stroke-width="10"/>'
                f'<circle cx="2" cy="40" r="9" fill="#F0E442" stroke="{INK}" stroke-width="3.5"/></g>')
    else:
        out += (f'<polygon points="{star}" fill="url(#gold)" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>'
                '<circle cx="125" cy="175" r="20" fill="#3d3152" stroke="#231c17" stroke-width="2"/>'
                f'<g transform="translate(119 175) scale(1.1)" fill="{BONE}">{MOON}</g>')
    return out


def back_spell(mystery: bool = False) -> str:
    defs = (rad("bg", [(0, "#5b4585", 1), (1, "#160f22", 1)], r="65%") + GOLD
            + rad("glow", [(0, "#fff6b0", 0.95), (0.6, "#c9a227", 0.45), (1, "#5b4585", 0)], r="50%"))
    # light and dark halves: stars and moons
    pattern = (grid_pattern(lambda x, y: f'<g transform="translate({x} {y}) scale(0.4)">{MOON}</g>', 24, 24,
                            "#b3a3dd", 0.4, y1=175)
               + grid_pattern(lambda x, y: f'<path d="M{x} {y - 6}L{x + 2} {y - 2}L{x + 6} {y}L{x + 2} {y + 2}'
                              f'L{x} {y + 6}L{x - 2} {y + 2}L{x - 6} {y}L{x - 2} {y - 2}Z" stroke="none"/>',
                              24, 24, "#f0d98a", 0.45, y0=181))
    title = ("the mystery spell (face down at the Magician: a question mark sigil)" if mystery
             else "spell deck back (a gold star in a rune circle)")
    return back_frame(defs, pattern, spell_back_centre(mystery), "#c9a227", title)


# -- pieces --------------------------------------------------------------------------------------------
def piece_svg(title: str, w: int, h: int, defs: str, body: str) -> str:
    return cardkit.piece_svg("Boss Quest", title, w, h, defs, body)


def heart_piece() -> str:
    body = (f'<g transform="translate(50 54) scale(1.2)" stroke="{INK}" stroke-width="2.4" stroke-linejoin="round">'
            + heart_path(1.0) + '</g>'
            '<path d="M22 30C24 22 30 18 38 18" fill="none" stroke="#ffe0d8" stroke-width="5" stroke-linecap="round" '
            'opacity="0.85"/>')
    return piece_svg("a heart (a knight's life)", 100, 100, HEART, body)


def key_piece() -> str:
    body = (f'<g stroke="{INK}" stroke-width="2.4" stroke-linejoin="round">'
            + key_shape(1.15, 50, 50, -45).replace("{hole}", "none") + "</g>")
    body = body.replace('<circle cx="-30" cy="0" r="8" fill="none"/>',
                        '<circle cx="-30" cy="0" r="8" fill="#2a1d12"/>')
    return piece_svg("a key (one lock of the dungeon)", 100, 100, GOLD, body)


def crest(shape: str, fill: str) -> str:
    if shape == "circle":
        return f'<circle cx="0" cy="0" r="7" fill="{fill}"/>'
    if shape == "triangle":
        return f'<path d="M0 -8L8 6H-8Z" fill="{fill}"/>'
    if shape == "square":
        return f'<rect x="-6.5" y="-6.5" width="13" height="13" fill="{fill}"/>'
    if shape == "diamond":
        return f'<path d="M0 -9L7 0L0 9L-7 0Z" fill="{fill}"/>'
    pts = " ".join(f"{(9 if k % 2 == 0 else 4) * math.cos(-math.pi / 2 + math.pi * k / 5):.1f},"
                   f"{(9 if k % 2 == 0 else 4) * math.sin(-math.pi / 2 + math.pi * k / 5):.1f}" for k in range(10))
    return f'<polygon points="{pts}" fill="{fill}"/>'


def pawn(colour: str | None, shape: str | None) -> str:
    body_fill = "url(#steel)" if colour is None else colour
    plume = "#b9c2cc" if colour is None else colour
    defs = STEEL + rad("shine", [(0, "#ffffff", 0.55), (1, "#ffffff", 0)], r="50%")
    body = (f'<g stroke="{INK}" stroke-width="2.4" stroke-linejoin="round" stroke-linecap="round">'
            '<ellipse cx="35" cy="90" rx="30" ry="8" fill="#000" opacity="0.25" stroke="none"/>'
            f'<path d="M8 88Q8 78 18 76H52Q62 78 62 88Z" fill="{body_fill}"/>'
            f'<path d="M16 76C18 58 22 50 26 46H44C48 50 52 58 54 76Z" fill="{body_fill}"/>'
            f'<path d="M40 16C52 6 64 10 64 22C58 16 50 16 44 22Z" fill="{plume}"/>'
            '<path d="M18 30C18 14 52 14 52 30V44Q52 48 48 48H22Q18 48 18 44Z" fill="url(#steel)"/>'
            '<path d="M22 32H48" stroke-width="4.5"/><path d="M35 36V46" stroke-width="2"/>'
            '<path d="M24 24C26 20 30 18 34 18" fill="none" stroke="#ffffff" stroke-width="2.4"/>'
            '<path d="M20 58H50V66C50 74 42 80 35 82C28 80 20 74 20 66Z" fill="#f3ead6"/>')
    body += (f'<g transform="translate(35 67)">{crest(shape, INK)}</g>' if shape
             else '<path d="M35 60V78M27 67H43" stroke-width="3"/>')
    body += "</g>"
    title = "a knight pawn, neutral steel" if colour is None else f"a knight pawn ({colour}, {shape} crest)"
    return piece_svg(title, 70, 100, defs, body)


def all_cards() -> dict[str, str]:
    out: dict[str, str] = {}
    for c in COLOURS:
        for v in range(1, 8):
            out[f"weapon_{c}_{v}"] = weapon_card(c, v)
    for hp in BOSS_HP:
        out[f"boss_{hp}"] = boss_card(hp)
    for kind in SPELLS_DARK + SPELLS_LIGHT:
        out[f"spell_{kind}"] = spell_card(kind)
    out["back"] = back_weapons()
    out["back_boss"] = back_boss()
    out["back_spell"] = back_spell()
    out["back_mystery"] = back_spell(mystery=True)
    out["heart"] = heart_piece()
    out["key"] = key_piece()
    out["pawn"] = pawn(None, None)
    for i, (colour, shape) in enumerate(SEATS):
        out[f"pawn_{i}"] = pawn(colour, shape)
    return out


if __name__ == "__main__":
    cardkit.write_cards(HERE, all_cards())
