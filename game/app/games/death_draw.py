"""Death over the Kingdom's table drawing: the deck, the discard pile and the round panel in
the middle, each seat's card (turning at the reveal) with its value, its token stack, the
dealer's marker and the shade of a seat that is out, and the aid panel of every character.
Only paints (never changes state)."""
from __future__ import annotations

import pygame

from game.core.i18n import _, ngettext
from game.rules.death import CARD_INDEX, NAMES, TURNED, card_text
from .. import theme as T
from ..rules_text import DEATH_AID
from ..sprites import draw_card
from ..widgets import panel, text, wrap
from .death_lines import MODES

DECK_W = 84

def centre(t, surf) -> None:
    a, sh = t.app, t.shown
    for z in t.drop_zones()[:1]:
        t.drop_glow(surf, z)
    deck = t.layout.shared("deck")
    t.draw_stack(surf, min(sh.deck, 6), deck.center, ngettext("{n} card", "{n} cards", sh.deck).format(
        n=sh.deck), width=DECK_W)
    dz = t.layout.shared("discard")
    if sh.discard:
        draw_card(surf, a, dz.center, DECK_W, NAMES[sh.discard[-1]])
    else:
        panel(surf, a, dz.inflate(-10, -14), (0, 0, 0, 40), radius=10, border=(255, 255, 255, 40))
        text(surf, a, _("discard"), dz.center, 16, T.TEXT_DIM, anchor="center", max_w=dz.w - 16)
    sc = t.layout.shared("score")
    panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
    mode = _(dict(MODES)[t.mode])
    label = _("Round {r} of {n} · {mode}").format(r=sh.round, n=t.rounds, mode=mode) if t.rounds else \
        _("Round {r} · {mode}").format(r=sh.round, mode=mode)
    text(surf, a, label, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)


def seat_extras(t, surf, seat: int) -> None:
    a, sh = t.app, t.shown
    dim = sh.out[seat]
    if t.pos_of(seat) == 0 and t.revealing() and sh.cards[seat] is not None:
        spin = t.spin.get(seat)
        angle = spin.value() if spin is not None else (180.0 if sh.turned[seat] else 0.0)
        draw_card(surf, a, t.seat_hand_center(seat), t.hand_width, NAMES[sh.cards[seat]], angle=angle)
    if t.pos_of(seat) != 0 and not dim and seat not in t.moving:
        c = sh.cards[seat]
        if c is not None and not sh.face_up[seat] and not t.may_see():
            c = None          # the viewer's own knowledge (a card given, seen): on their screen only
        spin = t.spin.get(seat)
        angle = spin.value() if spin is not None else (180.0 if sh.turned[seat] else 0.0)
        draw_card(surf, a, t.card_pt(seat), t.seat_width(seat), NAMES[c] if c is not None else None,
                  angle=angle)
        if sh.values[seat] is not None:
            x, y = t.card_pt(seat)
            w = t.seat_width(seat)
            # a small card keeps its face: the value sits beside it, low on its right
            pos = (x, t.zone(seat, "hand").bottom - 4) if w >= 60 else (x + w / 2 + 15, y + w * 0.35)
            value(t, surf, seat, pos, small=w < 60)
    elif t.pos_of(seat) == 0 and sh.values[seat] is not None:
        value(t, surf, seat, own_value_pos(t, seat))
    tz = t.token_rect(seat)
    n = sh.tokens[seat]
    if t.pos_of(seat) != 0 and not t.wide_pods():
        if n:                                         # a small table: a bone token with its count, by the card
            r = t.token_badge_rect(seat)
            panel(surf, a, r, (232, 224, 204, 250), radius=r.h // 2, border=(0, 0, 0, 170), width=2)
            text(surf, a, str(n), r.center, 16, T.TEXT_DARK, bold=True, anchor="center")
        return marker(t, surf, seat, dim)
    elif t.pos_of(seat) != 0 and not n:
        return marker(t, surf, seat, dim)
    px = a.view.n(tz.w * 0.8)
    for k in range(min(n, 5)):
        img = a.cards.token(px)
        surf.blit(img, img.get_rect(center=a.view.pt(tz.centerx, tz.centery - k * 4)))
    if n and t.pos_of(seat) != 0:
        text(surf, a, str(n), (tz.right + 2, tz.bottom - 4), 16, T.TEXT, bold=True, anchor="bottomleft",
             shadow=True)
    marker(t, surf, seat, dim)


def own_value_pos(t, seat: int) -> tuple[float, float]:
    """The viewer's value pill: on their card's lower edge, as at the other seats (never
    floating beside it, where it reads as nobody's)."""
    x, y = t.seat_hand_center(seat)
    return x, y + t.hand_width * 0.7 - 6


def marker(t, surf, seat: int, dim: bool) -> None:
    """The dealer's marker, and a shade over a seat that is out."""
    a, sh = t.app, t.shown
    if seat == sh.dealer:
        nz = t.zone(seat, "name")
        c = (nz.x + 12, nz.y - 8)                     # top-left of the plate: clear of the value and tokens
        pygame.draw.circle(surf, T.GOLD, a.view.pt(*c), a.view.n(11))
        text(surf, a, "D", c, 16, T.TEXT_DARK, bold=True, anchor="center")
    if dim and t.pos_of(seat) != 0:
        r = t.seat_rect(seat)
        panel(surf, a, r, (0, 0, 0, 120), radius=10, border=None)


def value(t, surf, seat: int, pos, small: bool = False) -> None:
    sh = t.shown
    v = sh.values[seat]
    pill = pygame.Rect(0, 0, 30 if small else 44, 22 if small else 24)
    pill.center = pos
    turned = sh.turned[seat]
    panel(surf, t.app, pill, (*(T.OKABE["orange"] if turned else T.GOLD), 240), radius=12,
          border=(0, 0, 0, 160))
    text(surf, t.app, str(v), pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")


def aid(t, surf) -> None:
    a, z = t.app, t.layout.overlay("aid_panel")
    panel(surf, a, z, (6, 14, 10, 255), radius=16, border=(*T.GOLD, 220), width=3)      # opaque
    text(surf, a, _("Every character (A or Esc closes)"), (z.centerx, z.y + 24), 22, T.GOLD, bold=True,
         anchor="center")
    col_w, row_h = (z.w - 40) / 2, 72
    for i, (cid, power) in enumerate(DEATH_AID):
        c, r = divmod(i, 7)
        x, y = z.x + 20 + c * col_w, z.y + 54 + r * row_h
        k = CARD_INDEX[cid]
        draw_card(surf, a, (x + 26, y + 34), 46, cid)
        head = _("{card} {value} · turned {turned}").format(card=card_text(k), value=k, turned=TURNED[k]) \
            if cid in ("innkeeper", "clown", "magician", "dragon", "knight", "queen") else \
            _("{card} {value}").format(card=card_text(k), value=k)
        text(surf, a, head, (x + 60, y + 8), 18, T.TEXT, bold=True, max_w=col_w - 70)
        for j, line in enumerate(wrap(a, _(power), 16, col_w - 70)[:2]):   # never below 16 px: two lines
            text(surf, a, line, (x + 60, y + 32 + j * 18), 16, T.TEXT_DIM, max_w=col_w - 70)
