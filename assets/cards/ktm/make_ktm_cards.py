"""Writes the King Thief Minister card and piece SVGs in this folder (original art, CC0).

Run from anywhere: ``python assets/cards/ktm/make_ktm_cards.py``.  The SVGs are the source
the app loads; this script documents how they were drawn and regenerates them all at once.

Files (name = what the table asks ``CardArt(game="ktm")`` for):

* faces, one per character (the ids the table uses; RULINGS.md section 2): ``king``,
  ``thief``, ``minister``, ``executioner``, ``sheriff``, ``peasant``;
* ``back``: parchment with a red wax coin seal (every spot's card lies face down on it);
* pieces (viewBox 100 x 100 unless noted): ``coin`` (a gold coin seen from above, thick rim,
  a crown stamp), ``coin_edge`` (the same coin seen from the side, viewBox 100 x 28, for
  stacks: draw one per coin, each 6-8 px above the last), ``treasury`` (an open chest of coins).

Each face: a field in the character's own colour and pattern, an ivory medallion with the
portrait emblem (its own silhouette, so colour is never the only cue), and a parchment name
ribbon across the top, repeated upside down at the bottom.  This is a memory game, so the
name must read at a glance: the app writes it in words in the ribbon with the shipped font
(game/app/cards.py, ``KTM_NAME_BOX``); the SVGs hold no text.  Viewbox 250 x 350 (5:7),
corner radius 15, thin dark edge.
"""
from __future__ import annotations

import sys as _sys
from pathlib import Path as _Path

_sys.path.insert(0, str(_Path(__file__).resolve().parents[1]))
import cardkit  # noqa: E402
from cardkit import GOLD, MD_IVORY, OUTER, PARCH, STEEL, border, frame, grid_pattern, lin, medallion, rad  # noqa: E402
from cardkit import pat_coins, pat_fleurs  # noqa: E402

import math

HERE = _Path(__file__).resolve().parent

INK = "#231c17"
PARCH_DARK = "#ddd1b4"
NAMES = ("king", "thief", "minister", "executioner", "sheriff", "peasant")

# The name ribbon (keep in step with game/app/cards.py KTM_NAME_BOX = (14, 10, 236, 50)): a band
# across the top with swallow-tailed ends; the same turned half a turn at the bottom.
RIBBON = "M8 8H242V52H8Z"
MED_CY, MED_R = 177, 84           # the medallion (cards.py KTM_ART.emblem_cy = 177 / 350)


def svg(title: str, defs: str, body: str) -> str:
    return cardkit.svg("King Thief Minister", title, defs, body, OUTER)


COIN = (rad("coin", [(0, "#fff4b8", 1), (0.45, "#f3cf5c", 1), (1, "#b8860b", 1)], cx="38%", cy="32%", r="75%")
        + rad("coinin", [(0, "#f8dc7a", 1), (1, "#d9a93a", 1)], cx="45%", cy="40%", r="70%"))


def g(s: float, inner: str, sw: float = 2.6) -> str:
    return (f'<g transform="scale({s})" stroke="{INK}" stroke-width="{sw:.2f}" stroke-linejoin="round" '
            f'stroke-linecap="round">{inner}</g>')


def coin_disc(cx: float, cy: float, r: float, stamp: bool = True) -> str:
    """A gold coin seen from above: rim, milled edge, crown stamp and a glint (uses #coin)."""
    k = r / 40
    out = (f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="url(#coin)" stroke="{INK}" stroke-width="{max(1.2, 2.6 * k):.1f}"/>'
           f'<circle cx="{cx}" cy="{cy}" r="{r * 0.88:.1f}" fill="none" stroke="#fff1b0" stroke-width="{2.2 * k:.1f}" '
           f'stroke-dasharray="{1.2 * k:.1f} {3.6 * k:.1f}" stroke-linecap="round"/>'
           f'<circle cx="{cx}" cy="{cy}" r="{r * 0.76:.1f}" fill="url(#coinin)" stroke="#9a6d12" stroke-width="{2 * k:.1f}"/>')
    if stamp:
        out += (f'<path d="M{cx - 13 * k:.1f} {cy + 8 * k:.1f}L{cx - 15 * k:.1f} {cy - 9 * k:.1f}L{cx - 6 * k:.1f} '
                f'{cy - 1 * k:.1f}L{cx:.1f} {cy - 13 * k:.1f}L{cx + 6 * k:.1f} {cy - 1 * k:.1f}L{cx + 15 * k:.1f} '
                f'{cy - 9 * k:.1f}L{cx + 13 * k:.1f} {cy + 8 * k:.1f}Z" fill="#9a6d12"/>')
    out += (f'<ellipse cx="{cx - r * 0.42:.1f}" cy="{cy - r * 0.5:.1f}" rx="{r * 0.22:.1f}" ry="{r * 0.1:.1f}" '
            f'fill="#ffffff" opacity="0.55" transform="rotate(-35 {cx - r * 0.42:.1f} {cy - r * 0.5:.1f})"/>')
    return out


# -- portraits: drawn about (0, 0), about 130 across ----------------------------------------------
def king_emblem() -> str:
    out = ('<path d="M-44 14C-44 -22 44 -22 44 14Z" fill="#a4243b"/>'
           '<path d="M-54 24L-64 -34L-32 -4L0 -54L32 -4L64 -34L54 24Z" fill="url(#gold)"/>'
           '<circle cx="-64" cy="-38" r="7" fill="#fff0a8"/><circle cx="64" cy="-38" r="7" fill="#fff0a8"/>'
           '<path d="M0 -56V-74M-9 -66H9" stroke-width="5.5"/><path d="M0 -56V-74M-9 -66H9" stroke="#fff0a8" '
           'stroke-width="2.6"/>'
           '<rect x="-58" y="20" width="116" height="26" rx="5" fill="url(#gold)"/>'
           '<polygon points="0,-30 8,-19 0,-8 -8,-19" fill="#0072B2" stroke-width="1.6"/>'
           '<circle cx="-32" cy="-10" r="4.5" fill="#D55E00" stroke-width="1.3"/>'
           '<circle cx="32" cy="-10" r="4.5" fill="#D55E00" stroke-width="1.3"/>')
    out += "".join(f'<circle cx="{x}" cy="33" r="{5 if x == 0 else 4}" fill="{"#009E73" if x % 40 else "#D55E00"}" '
                   f'stroke-width="1.3"/>' for x in (-40, -20, 0, 20, 40))
    out += '<path d="M-50 -26L-44 4" stroke="#fff6c8" stroke-width="3" opacity="0.8"/>'
    # a coin under the crown (the King takes three)
    out += ''.join(coin_disc(x, 62, 11, stamp=False) for x in (-24, 0, 24))
    return g(1.0, out)


def thief_emblem() -> str:
    # a sack of loot, tied, with a coin spilling out, and the domino mask over it
    out = ('<path d="M-40 66C-62 66 -64 36 -50 16C-40 2 -24 -4 -18 -10H18C24 -4 40 2 50 16C64 36 62 66 40 66Z" '
           'fill="#8a6a44"/>'
           '<path d="M-18 -10C-26 -18 -24 -28 -14 -26C-8 -34 8 -34 14 -26C24 -28 26 -18 18 -10Z" fill="#a8875c"/>'
           '<path d="M-20 -10H20" stroke="#5b3b1e" stroke-width="6"/>'
           '<path d="M-30 30C-28 46 -20 56 -8 60" fill="none" stroke="#c4a57a" stroke-width="3"/>')
    out += coin_disc(46, 56, 13, stamp=False)
    out += ('<path d="M-66 -38C-76 -32 -80 -22 -76 -12M-66 -38C-78 -42 -84 -50 -82 -58" fill="none" stroke="#1b1a1e" '
            'stroke-width="5"/>'
            '<path d="M-66 -40C-66 -60 -40 -64 -20 -58C-10 -55 -5 -52 0 -48C5 -52 10 -55 20 -58C40 -64 66 -60 66 -40'
            'C66 -20 48 -10 26 -14C14 -16 7 -22 0 -26C-7 -22 -14 -16 -26 -14C-48 -10 -66 -20 -66 -40Z" fill="#1b1a1e"/>'
            '<path d="M-46 -40C-46 -48 -35 -51 -26 -49C-18 -47 -16 -42 -17 -37C-19 -31 -30 -29 -37 -31'
            'C-43 -33 -46 -36 -46 -40Z" fill="#CC79A7" stroke="none"/>'
            '<path d="M46 -40C46 -48 35 -51 26 -49C18 -47 16 -42 17 -37C19 -31 30 -29 37 -31'
            'C43 -33 46 -36 46 -40Z" fill="#CC79A7" stroke="none"/>'
            '<circle cx="-31" cy="-40" r="4.5" fill="#1b1a1e" stroke="none"/>'
            '<circle cx="31" cy="-40" r="4.5" fill="#1b1a1e" stroke="none"/>'
            '<path d="M-52 -54C-44 -58 -32 -59 -22 -57" fill="none" stroke="#6b7a90" stroke-width="2.4"/>')
    return g(1.0, out)


def minister_emblem() -> str:
    # an unrolled decree with a wax seal, a quill across it, and the chain of office
    out = ('<path d="M-46 -52H40C50 -52 54 -44 48 -36C44 -30 44 30 48 40C52 48 48 58 38 58H-48C-58 58 -60 48 -54 40'
           'C-50 32 -50 -30 -54 -38C-60 -46 -56 -52 -46 -52Z" fill="#fbf4de"/>'
           '<path d="M-54 -38C-60 -46 -56 -54 -46 -52C-40 -50 -40 -42 -46 -40Z" fill="#e2d5b3"/>'
           '<path d="M48 40C52 48 48 58 38 58C34 56 34 46 40 44Z" fill="#e2d5b3"/>')
    out += "".join(f'<path d="M-34 {y}H{28 if i % 3 != 2 else 6}" stroke="#8c7f66" stroke-width="3"/>'
                   for i, y in enumerate(range(-36, 24, 11)))
    out += ('<circle cx="16" cy="36" r="15" fill="#b3202c"/>'
            '<circle cx="16" cy="36" r="9" fill="none" stroke="#7a0f18" stroke-width="2"/>'
            '<path d="M8 48L2 64L12 58L16 66L20 50" fill="#b3202c" stroke-width="2"/>'
            # quill
            '<path d="M-60 52C-30 10 10 -40 56 -72C34 -36 0 6 -40 40Z" fill="#ffffff"/>'
            '<path d="M-60 52L40 -58" stroke="#8c7f66" stroke-width="2"/>'
            '<path d="M-66 60L-58 50" stroke-width="3.6"/>')
    out += '<path d="M-62 -64Q0 -40 62 -64" fill="none" stroke="#b8860b" stroke-width="6" stroke-dasharray="7 4"/>'
    return g(1.0, out)


def executioner_emblem() -> str:
    # the hooded head with eye holes, the great axe across behind it
    out = ('<path d="M-50 66L54 -50" stroke="#5b3b1e" stroke-width="8"/>'
           '<path d="M-50 66L54 -50" stroke="#9a6a3a" stroke-width="3.5"/>'
           '<path d="M26 -58C46 -92 96 -70 82 -22C72 -38 58 -44 46 -36Z" fill="url(#steel)"/>'
           '<path d="M36 -66C52 -80 76 -70 80 -44" fill="none" stroke="#ffffff" stroke-width="2.4"/>'
           '<path d="M0 -66C30 -66 44 -36 44 -6C44 20 38 44 50 66H-50C-38 44 -44 20 -44 -6C-44 -36 -30 -66 0 -66Z" '
           'fill="#1b1a1e"/>'
           '<path d="M-26 -18C-22 -26 -8 -26 -6 -16C-10 -8 -22 -8 -26 -18Z" fill="#D55E00" stroke="none"/>'
           '<path d="M26 -18C22 -26 8 -26 6 -16C10 -8 22 -8 26 -18Z" fill="#D55E00" stroke="none"/>'
           '<path d="M-30 -48C-20 -58 -6 -60 6 -58" fill="none" stroke="#5a5662" stroke-width="3"/>'
           '<path d="M-50 66C-40 52 -20 46 0 46C20 46 40 52 50 66Z" fill="#7a1022"/>')
    return g(1.0, out)


def sheriff_emblem() -> str:
    # a six-pointed star badge with a ring, on a ribbon
    pts = []
    for k in range(12):
        a = -math.pi / 2 + k * math.pi / 6
        r = 62 if k % 2 == 0 else 32
        pts.append(f"{r * math.cos(a):.1f},{r * math.sin(a):.1f}")
    tips = "".join(f'<circle cx="{66 * math.cos(-math.pi / 2 + k * math.pi / 3):.1f}" '
                   f'cy="{66 * math.sin(-math.pi / 2 + k * math.pi / 3):.1f}" r="7" fill="url(#gold)"/>'
                   for k in range(6))
    out = ('<path d="M-30 30L-46 74L-26 64L-14 78L-4 40Z" fill="#0072B2"/>'
           '<path d="M30 30L46 74L26 64L14 78L4 40Z" fill="#0072B2"/>'
           f'<polygon points="{" ".join(pts)}" fill="url(#gold)"/>{tips}'
           '<circle cx="0" cy="0" r="24" fill="#f7e08e"/>'
           '<circle cx="0" cy="0" r="17" fill="#009E73" stroke-width="2"/>'
           '<path d="M-8 -2L0 -12L8 -2L4 10H-4Z" fill="#fff0a8" stroke-width="1.6"/>'
           '<path d="M-30 -40L-12 -22" stroke="#fff6c8" stroke-width="3" opacity="0.8"/>')
    return g(1.0, out)


def peasant_emblem() -> str:
    # a sheaf of wheat bound with a cord, a pitchfork behind
    out = ('<path d="M46 72L-20 -66" stroke="#6b4524" stroke-width="6"/>'
           '<path d="M-20 -66L-34 -62L-40 -78M-20 -66L-24 -84M-20 -66L-8 -80" fill="none" stroke="#3e4652" '
           'stroke-width="5"/>')
    stalks = ""
    for k in range(-4, 5):
        a = k * 0.11
        x1, y1 = 0, 40
        x2, y2 = 60 * math.sin(a) * 1.8, -40 + abs(k) * 3
        x0, y0 = -24 * math.sin(a) * 1.8, 72
        stalks += f'<path d="M{x0:.1f} {y0}L{x1} {y1}L{x2:.1f} {y2:.1f}" fill="none" stroke="#b8860b" stroke-width="3"/>'
    ears = ""
    for k in range(-4, 5):
        a = k * 0.11
        x, y = 60 * math.sin(a) * 1.8, -40 + abs(k) * 3
        deg = math.degrees(a) * 1.6
        ears += (f'<g transform="translate({x:.1f} {y:.1f}) rotate({deg:.1f})">'
                 '<path d="M0 -30C8 -22 8 -6 0 4C-8 -6 -8 -22 0 -30Z" fill="#F0E442" stroke-width="1.8"/>'
                 '<path d="M0 -28V2M0 -18L-4 -22M0 -12L4 -16M0 -6L-4 -10" stroke="#b8860b" stroke-width="1.2"/>'
                 '</g>')
    out += stalks + ears
    out += ('<path d="M-22 34Q0 46 22 34L20 48Q0 58 -20 48Z" fill="#c0392b"/>'
            '<path d="M-6 44L-14 64M6 44L14 62" stroke="#c0392b" stroke-width="4"/>')
    return g(1.0, out)


# -- the characters: field top, field bottom, accent, (pattern, colour, opacity), emblem, scale, at --
def pat_chain(c, o):
    return grid_pattern(lambda x, y: f'<ellipse cx="{x}" cy="{y}" rx="7" ry="4" fill="none" stroke-width="1.8"/>'
                        f'<ellipse cx="{x + 11}" cy="{y}" rx="4" ry="2.5" fill="none" stroke-width="1.4"/>',
                        22, 18, c, o, stagger=False)


def pat_hatch(c, o):
    return ('<g fill="none" stroke="' + c + f'" stroke-width="2" opacity="{o}">'
            + "".join(f'<path d="M{x} 13L{x + 60} 337"/><path d="M{x} 13L{x - 60} 337"/>' for x in range(-40, 300, 22))
            + "</g>")


def pat_stars(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x} {y - 6}L{x + 1.8} {y - 1.8}L{x + 6} {y}L{x + 1.8} {y + 1.8}'
                        f'L{x} {y + 6}L{x - 1.8} {y + 1.8}L{x - 6} {y}L{x - 1.8} {y - 1.8}Z" stroke="none"/>',
                        24, 22, c, o)


def pat_furrows(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x - 12} {y}Q{x - 6} {y - 6} {x} {y}T{x + 12} {y}" fill="none" '
                        f'stroke-width="2"/>', 24, 12, c, o, stagger=True)


CHARACTERS = {
    "king":        ("#f2b632", "#c47f00", "#9a6400", (pat_fleurs, "#7a4d00", 0.35), king_emblem, 1.0, (125, 174)),
    "thief":       ("#d99bbd", "#a6548a", "#863f6f", (pat_coins, "#5e2049", 0.35), thief_emblem, 0.98, (125, 172)),
    "minister":    ("#3b8fd0", "#004f80", "#003d63", (pat_chain, "#9fd3f5", 0.35), minister_emblem, 1.0, (125, 178)),
    "executioner": ("#3e3b45", "#121114", "#0b0a0d", (pat_hatch, "#8a2030", 0.45), executioner_emblem, 0.92,
                    (120, 180)),
    "sheriff":     ("#3fb892", "#007a58", "#006247", (pat_stars, "#004d38", 0.35), sheriff_emblem, 1.0, (125, 173)),
    "peasant":     ("#f6ee8e", "#d6c51a", "#a39400", (pat_furrows, "#7a6d00", 0.35), peasant_emblem, 0.95,
                    (125, 176)),
}


def ribbon(accent: str) -> str:
    one = (f'<path d="{RIBBON}" fill="{PARCH}"/>'
           f'<path d="M8 52.5H242" stroke="{accent}" stroke-width="4"/>'
           f'<path d="M14 47H236" stroke="{PARCH_DARK}" stroke-width="1.2"/>')
    return f'<g>{one}</g>\n<g transform="rotate(180 125 175)">{one}</g>'


def face(name: str) -> str:
    top, bottom, accent, (pattern, pcol, pop), emblem, scale, at = CHARACTERS[name]
    defs = lin("fg", top, bottom) + MD_IVORY + GOLD + STEEL + COIN
    gems = "".join(f'<polygon points="{x},{y - 7} {x + 5},{y} {x},{y + 7} {x - 5},{y}" fill="#d4a640" '
                   f'stroke="{INK}" stroke-width="1.2"/>'
                   for x, y in ((125 - MED_R - 5, MED_CY), (125 + MED_R + 5, MED_CY)))
    body = (frame("url(#fg)", pattern(pcol, pop)) + "\n" + medallion(accent, MED_CY, MED_R, PARCH_DARK) + "\n"
            f'{gems}\n'
            f'<g transform="translate({at[0]} {at[1]}) scale({scale * 0.86})">{emblem()}</g>\n'
            + border(accent) + "\n" + ribbon(accent))
    return svg(f"{name} (the name is drawn by the app in the ribbons)", defs, body)


def back_card() -> str:
    defs = (rad("bg", [(0, "#f4e7c4", 1), (0.7, "#e4cf9c", 1), (1, "#c7ab6e", 1)], r="70%")
            + rad("wax", [(0, "#e0554f", 1), (0.6, "#b3202c", 1), (1, "#6e0f18", 1)], cx="40%", cy="36%", r="70%")
            + COIN)
    lattice = grid_pattern(lambda x, y: f'<path d="M{x} {y - 10}L{x + 8} {y}L{x} {y + 10}L{x - 8} {y}Z" fill="none" '
                           f'stroke-width="1.2"/>', 22, 20, "#8a6a34", 0.35, x0=14, y0=14, x1=236, y1=336)
    dots = grid_pattern(lambda x, y: f'<circle cx="{x}" cy="{y}" r="2.6" stroke="none"/>', 22, 20, "#b8860b", 0.55,
                        x0=25, y0=24, x1=226, y1=327)
    blob = []
    for k in range(24):
        a = 2 * math.pi * k / 24
        r = 62 + (5 if k % 2 else -1) + 3 * math.sin(3 * a)
        blob.append(f"{125 + r * math.cos(a):.1f},{175 + r * math.sin(a):.1f}")
    rays = "".join(f'<path d="M{125 + 70 * math.cos(a):.1f} {175 + 70 * math.sin(a):.1f}L{125 + 88 * math.cos(a):.1f} '
                   f'{175 + 100 * math.sin(a):.1f}" stroke-width="{2.4 if i % 2 == 0 else 1.2}"/>'
                   for i, a in enumerate(2 * math.pi * k / 32 for k in range(32)))
    corners = "".join(coin_disc(x, y, 11) for x, y in ((34, 36), (216, 36), (34, 314), (216, 314)))
    body = (f'<rect x="1.5" y="1.5" width="247" height="347" rx="15" fill="{PARCH}"/>\n'
            '<rect x="12" y="12" width="226" height="326" rx="7" fill="url(#bg)"/>\n'
            + lattice + "\n" + dots + "\n"
            + f'<g stroke="#8a6a34" opacity="0.7" stroke-linecap="round">{rays}</g>\n'
            + f'<polygon points="{" ".join(blob)}" fill="#000" opacity="0.25" transform="translate(3 5)"/>\n'
            + f'<polygon points="{" ".join(blob)}" fill="url(#wax)" stroke="#5a0b13" stroke-width="2" '
              'stroke-linejoin="round"/>\n'
            + '<circle cx="125" cy="175" r="50" fill="none" stroke="#7a0f18" stroke-width="3"/>\n'
            + '<circle cx="125" cy="175" r="44" fill="none" stroke="#e0554f" stroke-width="1.2" opacity="0.7" '
              'stroke-dasharray="3 3"/>\n'
            + coin_disc(125, 175, 36) + "\n" + corners + "\n"
            + '<path d="M86 140C94 128 108 121 122 120" fill="none" stroke="#ffd0c8" stroke-width="3" opacity="0.6" '
              'stroke-linecap="round"/>\n'
            + '<rect x="9" y="9" width="232" height="332" rx="9" fill="none" stroke="#7a5a24" stroke-width="3"/>\n'
            + '<rect x="17" y="17" width="216" height="316" rx="5" fill="none" stroke="#9a7a3a" stroke-width="1"/>')
    return svg("card back (parchment with a wax coin seal)", defs, body)


def piece_svg(title: str, w: int, h: int, defs: str, body: str) -> str:
    return cardkit.piece_svg("King Thief Minister", title, w, h, defs, body)


def coin_piece() -> str:
    return piece_svg("a gold coin seen from above", 100, 100, COIN, coin_disc(50, 50, 47))


def coin_edge() -> str:
    """One coin of a stack, seen from the side: the top face as a flat ellipse over a milled rim."""
    defs = (COIN + lin("edge", "#e8b93c", "#8a5f0a"))
    milled = "".join(f'<path d="M{x} 15V25" />' for x in range(8, 93, 5))
    body = ('<path d="M2 11V17C2 23 24 27 50 27C76 27 98 23 98 17V11Z" fill="url(#edge)" stroke="#3a2a08" '
            'stroke-width="1.6"/>'
            f'<g stroke="#6e4a06" stroke-width="1" opacity="0.6">{milled}</g>'
            '<ellipse cx="50" cy="11" rx="48" ry="9.5" fill="url(#coin)" stroke="#3a2a08" stroke-width="1.6"/>'
            '<ellipse cx="50" cy="11" rx="38" ry="6.6" fill="url(#coinin)" stroke="#9a6d12" stroke-width="1.2"/>'
            '<ellipse cx="34" cy="8" rx="10" ry="2" fill="#fff" opacity="0.5"/>')
    return piece_svg("one coin of a stack, seen from the side", 100, 28, defs, body)


def treasury() -> str:
    defs = (COIN + lin("wood", "#a8703a", "#5e3a18") + lin("lid", "#c08446", "#7a4a20")
            + rad("glow", [(0, "#fff3a0", 0.9), (1, "#f7b733", 0)], r="50%"))
    coins = "".join(coin_disc(x, y, 9, stamp=False) for x, y in ((30, 44), (48, 40), (66, 44), (39, 35), (58, 34),
                                                                  (50, 28)))
    body = ('<ellipse cx="50" cy="40" rx="44" ry="20" fill="url(#glow)"/>'
            # lid, tipped open behind
            '<path d="M14 40L20 16C24 8 76 8 80 16L86 40Z" fill="url(#lid)" stroke="#231c17" stroke-width="2.2" '
            'stroke-linejoin="round"/>'
            '<path d="M20 16C24 8 76 8 80 16" fill="none" stroke="#d4a640" stroke-width="4"/>'
            + coins +
            '<path d="M10 44H90V86Q90 92 84 92H16Q10 92 10 86Z" fill="url(#wood)" stroke="#231c17" stroke-width="2.4" '
            'stroke-linejoin="round"/>'
            '<path d="M10 56H90M10 78H90" stroke="#d4a640" stroke-width="5"/>'
            '<path d="M24 44V92M76 44V92" stroke="#d4a640" stroke-width="5"/>'
            '<rect x="42" y="52" width="16" height="18" rx="3" fill="#d4a640" stroke="#231c17" stroke-width="1.8"/>'
            '<circle cx="50" cy="59" r="2.6" fill="#231c17"/><path d="M50 60V66" stroke="#231c17" stroke-width="2"/>')
    return piece_svg("the treasury chest", 100, 100, defs, body)


def all_cards() -> dict[str, str]:
    out = {name: face(name) for name in NAMES}
    out["back"] = back_card()
    out["coin"] = coin_piece()
    out["coin_edge"] = coin_edge()
    out["treasury"] = treasury()
    return out


if __name__ == "__main__":
    cardkit.write_cards(HERE, all_cards())
