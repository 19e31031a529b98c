"""Shared helpers of the card-art scripts (``<game>/make_<game>_cards.py`` write the SVGs,
``<game>/preview_<game>.py`` render a preview sheet): the SVG document, gradients, and a
card with its shadow on a preview sheet."""
from __future__ import annotations


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


def preview_card(sheet, art, name: str, w: float, x: float, y: float, angle: float = 0.0) -> None:
    """Blit face ``name`` (or "back") ``w`` px wide, centred at (x, y), with its shadow."""
    import pygame

    from game.app.cards import card_size

    size = card_size(w)
    img = art.back(size) if name == "back" else art.face(name, size)
    sh = art.shadow(size, blur=0, alpha=90)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
        sh = pygame.transform.rotozoom(sh, angle, 1.0)
    off = round(size[0] * 0.03)
    sheet.blit(sh, sh.get_rect(center=(x + off, y + off)))
    sheet.blit(img, img.get_rect(center=(x, y)))
