"""Shared helpers of the card-art scripts (``<game>/make_<game>_cards.py`` write the SVGs,
``<game>/preview_<game>.py`` render a preview sheet): the SVG documents, gradients, the
card frame, field patterns and medallion, writing the files; and for the previews the
sheet, a card with its shadow on it, and saving it."""
from __future__ import annotations

from pathlib import Path

PARCH = "#f7f1e1"
# the parchment frame over the field (evenodd: the card minus the field's window)
FRAME_MASK = ("M16.5 1.5H233.5A15 15 0 0 1 248.5 16.5V333.5A15 15 0 0 1 233.5 348.5H16.5A15 15 0 0 1 "
              "1.5 333.5V16.5A15 15 0 0 1 16.5 1.5ZM13 13V337H237V13Z")
OUTER = '<rect x="1.5" y="1.5" width="247" height="347" rx="15" fill="none" stroke="#1b1b1b" stroke-width="3"/>'


def svg(game: str, title: str, defs: str, body: str, outer: str) -> str:
    """A 250x350 card face: ``defs``, ``body``, then the ``outer`` frame on top."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" height="350">\n'
            f'<!-- Crown Table / {game}: {title}. Original art, CC0. -->\n'
            f'<defs>{defs}</defs>\n{body}\n{outer}\n</svg>\n')


def lin(id_, a, b, vertical=True):
    x2, y2 = ("0%", "100%") if vertical else ("100%", "100%")
    return (f'<linearGradient id="{id_}" x1="0%" y1="0%" x2="{x2}" y2="{y2}"><stop offset="0" stop-color="{a}"/>'
            f'<stop offset="1" stop-color="{b}"/></linearGradient>')


def rad(id_, stops, cx="50%", cy="50%", r="50%"):
    s = "".join(f'<stop offset="{o}" stop-color="{c}" stop-opacity="{op}"/>' for o, c, op in stops)
    return f'<radialGradient id="{id_}" cx="{cx}" cy="{cy}" r="{r}">{s}</radialGradient>'


MD_IVORY = rad("md", [(0, "#fffdf6", 1), (0.72, "#f7f1e1", 1), (1, "#dcd1b6", 1)], cy="45%", r="55%")
GOLD = lin("gold", "#f7e08e", "#b8860b")
STEEL = lin("steel", "#f2f5f8", "#8e9aa8", vertical=False)


def piece_svg(game: str, title: str, w: int, h: int, defs: str, body: str) -> str:
    """A piece's SVG document, ``w`` x ``h``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">\n'
            f'<!-- Crown Table / {game}: {title}. Original art, CC0. -->\n'
            f'<defs>{defs}</defs>\n{body}\n</svg>\n')


def grid_pattern(shape, dx, dy, colour, opacity, x0=13, y0=13, x1=237, y1=337, stagger=True):
    """``shape(x, y)`` repeated over the field every ``dx`` x ``dy`` (odd rows shifted half
    a step when ``stagger``), in one group of ``colour`` at ``opacity``."""
    items, row, y = [], 0, y0
    while y <= y1 + dy:
        x = x0 + (dx / 2 if (stagger and row % 2) else 0)
        while x <= x1 + dx:
            items.append(shape(round(x, 1), round(y, 1)))
            x += dx
        y += dy
        row += 1
    return f'<g fill="{colour}" stroke="{colour}" opacity="{opacity}">' + "".join(items) + "</g>"


def pat_coins(c, o):
    return grid_pattern(lambda x, y: f'<circle cx="{x}" cy="{y}" r="6" fill="none" stroke-width="1.6"/>'
                        f'<circle cx="{x}" cy="{y}" r="1.6" stroke="none"/>', 28, 26, c, o)


def pat_fleurs(c, o):
    return grid_pattern(lambda x, y: f'<path d="M{x} {y - 7}L{x + 4} {y}L{x} {y + 7}L{x - 4} {y}Z" stroke="none"/>'
                        f'<circle cx="{x}" cy="{y - 11}" r="1.6" stroke="none"/>', 26, 24, c, o)


def frame(field: str, pattern: str, parch: str = PARCH) -> str:
    """The card in parchment, the ``field`` (a fill) with its ``pattern``, the frame over it."""
    return (f'<rect x="1.5" y="1.5" width="247" height="347" rx="15" fill="{parch}"/>\n'
            f'<rect x="13" y="13" width="224" height="324" rx="6" fill="{field}"/>\n{pattern}\n'
            f'<path fill="{parch}" fill-rule="evenodd" d="{FRAME_MASK}"/>')


def border(accent: str) -> str:
    """The accent line inside the frame."""
    return f'<rect x="11" y="11" width="228" height="328" rx="8" fill="none" stroke="{accent}" stroke-width="4"/>'


def medallion(ring: str, cy: int, r: int, inner: str) -> str:
    """The round medallion (fill ``#md``) at (125, ``cy``): its shadow, ``ring`` and ``inner`` line."""
    return (f'<circle cx="125" cy="{cy}" r="{r + 6}" fill="#000" opacity="0.22"/>\n'
            f'<circle cx="125" cy="{cy}" r="{r}" fill="url(#md)" stroke="{ring}" stroke-width="5"/>\n'
            f'<circle cx="125" cy="{cy}" r="{r - 7}" fill="none" stroke="{inner}" stroke-width="1.5"/>')


def write_cards(here: Path, cards: dict[str, str]) -> None:
    """Write ``<name>.svg`` in ``here`` for every card."""
    for name, text in cards.items():
        (here / f"{name}.svg").write_text(text, encoding="utf-8")
    print(f"wrote {len(cards)} SVGs to {here}")


# -- previews ---------------------------------------------------------------------------------
def preview_sheet(game: str, w: int, h: int):
    """A ``w`` x ``h`` felt sheet for ``game``'s preview: (art, fonts, sheet, caption), where
    ``caption(text, x, y)`` writes a line in bold."""
    import pygame

    from game.app import theme as T
    from game.app.cards import CardArt

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    art = CardArt(game=game)
    fonts = T.Fonts()
    sheet = pygame.Surface((w, h))
    sheet.fill(T.FELT)

    def caption(text, x, y):
        sheet.blit(fonts.render(text, 16, (235, 235, 225), bold=True), (x, y))
    return art, fonts, sheet, caption


def save_preview(sheet, art, out: Path) -> None:
    import pygame

    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print("saved", out, "failures:", art.failures)


def preview_card(sheet, art, name: str, w: float, x: float, y: float, angle: float = 0.0, kind: str = "") -> None:
    """Blit face ``name`` (or "back", of deck ``kind``) ``w`` px wide, centred at (x, y), with its shadow."""
    import pygame

    from game.app.cards import card_size

    size = card_size(w)
    img = art.back(size, kind) if name == "back" else art.face(name, size)
    sh = art.shadow(size, blur=0, alpha=90)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
        sh = pygame.transform.rotozoom(sh, angle, 1.0)
    off = round(size[0] * 0.03)
    sheet.blit(sh, sh.get_rect(center=(x + off, y + off)))
    sheet.blit(img, img.get_rect(center=(x, y)))
