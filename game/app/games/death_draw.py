"""Death over the Kingdom's table drawing: the deck, the discard pile and the round panel in
the middle, each seat's card (turning at the reveal) with its value, its token stack, the
dealer's marker and the shade of a seat that is out, and the aid panel of every character.
Only paints (never changes state): every function reads a :class:`DeathView` (built by the
table each frame) and its kit."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import pygame

from game.core.i18n import _, ngettext, pgettext
from game.rules.death import CARD_INDEX, NAMES, TURNED, card_text
from .. import theme as T
from .. import transcript
from ..rules_text import DEATH_AID
from ..sprites import draw_card
from ..table.drawkit import DrawKit
from ..widgets import panel, text, wrap
from .death_lines import MODES

DECK_W = 84


class DeathView(NamedTuple):
    """What Death over the Kingdom's drawing reads of the table."""
    kit: DrawKit                  # app (fonts, transform, art), layout, zone, pos_of, seat geometry, draw_stack,
    #                               drop_glow
    shown: Any                    # the display model: round, dealer, each seat's card as known, face up, turned,
    #                               value, tokens, out; the deck and the discard pile
    mode: str                     # the game's mode (its name on the round panel)
    rounds: int                   # the rounds to play (0: to the last player standing)
    deck_zone: Any                # the deck's DropZone (lit while a drag may drop there)
    revealing: bool               # the round's end: every card turns face up on the table
    may_see: bool                 # the viewer's private knowledge may be drawn now (the kit's may_see)
    wide: bool                    # room for a token stack beside each card (else a badge with the count)
    spin: dict                    # seat -> a tween while its card turns
    moving: frozenset             # seats whose card is crossing the table
    card_pt: Callable             # seat -> the centre of its card
    token_rect: Callable          # seat -> where its token stack stands
    token_badge_rect: Callable    # seat -> a small table's token count, beside the card
    seat_rect: Callable           # seat -> its card and plate together (shaded when it is out)


def centre(v: DeathView, surf) -> None:
    k, sh = v.kit, v.shown
    a = k.app
    with k.middle():                   # the deck and the discard: larger at the public table
        k.drop_glow(surf, v.deck_zone)
        deck = k.layout.shared("deck")
        k.draw_stack(surf, min(sh.deck, 6), deck.center, ngettext("{n} card", "{n} cards", sh.deck).format(
            n=sh.deck), width=DECK_W)
        dz = k.layout.shared("discard")
        if sh.discard:
            draw_card(surf, a, dz.center, DECK_W, NAMES[sh.discard[-1]])
        else:
            panel(surf, a, dz.inflate(-10, -14), (0, 0, 0, 40), radius=10, border=(255, 255, 255, 40))
            text(surf, a, _("discard"), dz.center, 16, T.TEXT_DIM, anchor="center", max_w=dz.w - 16)
    sc = k.layout.shared("score")
    panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
    mode = _(dict(MODES)[v.mode])
    label = _("Round {r} of {n} · {mode}").format(r=sh.round, n=v.rounds, mode=mode) if v.rounds else \
        _("Round {r} · {mode}").format(r=sh.round, mode=mode)
    text(surf, a, label, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)


def seat_extras(v: DeathView, surf, seat: int) -> None:
    k, sh = v.kit, v.shown
    a = k.app
    dim = sh.out[seat]
    if k.pos_of(seat) == 0 and v.revealing and sh.cards[seat] is not None:
        spin = v.spin.get(seat)
        angle = spin.value() if spin is not None else (180.0 if sh.turned[seat] else 0.0)
        draw_card(surf, a, k.seat_hand_center(seat), k.hand_width, NAMES[sh.cards[seat]], angle=angle)
    if k.pos_of(seat) != 0 and not dim and seat not in v.moving:
        c = sh.cards[seat]
        if c is not None and not sh.face_up[seat] and not v.may_see:
            c = None          # the viewer's own knowledge (a card given, seen): on their screen only
        spin = v.spin.get(seat)
        angle = spin.value() if spin is not None else (180.0 if sh.turned[seat] else 0.0)
        draw_card(surf, a, v.card_pt(seat), k.seat_width(seat), NAMES[c] if c is not None else None,
                  angle=angle)
        if sh.values[seat] is not None:
            x, y = v.card_pt(seat)
            w = k.seat_width(seat)
            # a small card keeps its face: the value sits beside it, low on its right
            pos = (x, k.zone(seat, "hand").bottom - 4) if w >= 60 else (x + w / 2 + 15, y + w * 0.35)
            value(v, surf, seat, pos, small=w < 60)
    elif k.pos_of(seat) == 0 and sh.values[seat] is not None:
        value(v, surf, seat, own_value_pos(k, seat))
    tz = v.token_rect(seat)
    n = sh.tokens[seat]
    if k.pos_of(seat) != 0 and not v.wide:
        if n:                                         # a small table: a bone token with its count, by the card
            r = v.token_badge_rect(seat)
            panel(surf, a, r, (232, 224, 204, 250), radius=r.h // 2, border=(0, 0, 0, 170), width=2)
            text(surf, a, str(n), r.center, 16, T.TEXT_DARK, bold=True, anchor="center")
        return marker(v, surf, seat, dim)
    elif k.pos_of(seat) != 0 and not n:
        return marker(v, surf, seat, dim)
    px = a.view.n(tz.w * 0.8)
    for i in range(min(n, 5)):
        img = a.cards.token(px)
        surf.blit(img, img.get_rect(center=a.view.pt(tz.centerx, tz.centery - i * 4)))
    if n and k.pos_of(seat) != 0:
        text(surf, a, str(n), (tz.right + 2, tz.bottom - 4), 16, T.TEXT, bold=True, anchor="bottomleft",
             shadow=True)
    marker(v, surf, seat, dim)


def own_value_pos(geo, seat: int) -> tuple[float, float]:
    """The viewer's value pill: on their card's lower edge, as at the other seats (never
    floating beside it, where it reads as nobody's).  ``geo``: the DrawKit (``kit.draw_kit()``), for
    ``seat_hand_center`` and ``hand_width``."""
    x, y = geo.seat_hand_center(seat)
    return x, y + geo.hand_width * 0.7 - 6


def marker(v: DeathView, surf, seat: int, dim: bool) -> None:
    """The dealer's marker, and a shade over a seat that is out."""
    k, sh = v.kit, v.shown
    a = k.app
    if seat == sh.dealer:
        nz = k.zone(seat, "name")
        c = (nz.x + 12, nz.y - 8)                     # top-left of the plate: clear of the value and tokens
        disc = pygame.draw.circle(surf, T.GOLD, a.view.pt(*c), a.view.n(11))
        transcript.boxmark(surf, disc, "panel")      # its letter sits on the disc (the fit checks)
        # TRANSLATORS: the dealer's badge, one letter on a small gold disc (the first letter of "dealer")
        text(surf, a, pgettext("dealer badge", "D"), c, 16, T.TEXT_DARK, bold=True, anchor="center", max_w=18)
    if dim and k.pos_of(seat) != 0:
        r = v.seat_rect(seat)
        panel(surf, a, r, (0, 0, 0, 120), radius=10, border=None)


def value(v: DeathView, surf, seat: int, pos, small: bool = False) -> None:
    sh, a = v.shown, v.kit.app
    val = sh.values[seat]
    pill = pygame.Rect(0, 0, 30 if small else 44, 22 if small else 24)
    pill.center = pos
    turned = sh.turned[seat]
    panel(surf, a, pill, (*(T.OKABE["orange"] if turned else T.GOLD), 240), radius=12,
          border=(0, 0, 0, 160))
    text(surf, a, str(val), pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")


def aid(v: DeathView, surf) -> None:
    a, z = v.kit.app, v.kit.layout.overlay("aid_panel")
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
