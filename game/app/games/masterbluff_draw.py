"""MasterBluff's table drawing: the pile's inset slot on the felt, the draw pile and the
discard pile, the declaration banner (the family in force, who declared, the token), each
seat's exchange token and the token while it is dragged.  Only paints (never changes state):
every function reads a :class:`MasterBluffView` (built by the table each frame) and its kit."""
from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from game.core.i18n import _, ngettext
from game.rules.masterbluff import FAMILIES
from .. import theme as T
from ..table.drawkit import DrawKit
from ..widgets import panel, text
from .masterbluff_lines import fam_title


class MasterBluffView(NamedTuple):
    """What MasterBluff's drawing reads of the table."""
    kit: DrawKit                  # app (fonts, transform, art), layout, zone, pos_of, draw_stack, drop_glow, by_seat
    shown: Any                    # the display model: hand sizes, pile, deck, last declaration, family in force,
    #                               tokens, phase
    token_mode: bool              # the viewer's token is armed on the banner
    token_dragged: bool           # the viewer's token is being dragged
    token_lit: bool               # a dragged token may be dropped on the banner now
    pointer: tuple                # the pointer, in layout units
    can_play: bool                # the viewer may discard now
    pile_zone: Any                # the pile's DropZone (lit while a drag may drop there)
    banner_pop: float             # the banner's pop-in, 0..1 (1: in place)
    reveal_up: bool               # the Bluff! reveal is up (it covers the banner)


def marks(v: MasterBluffView, bg) -> None:
    with v.kit.middle():                                       # (larger at the public table)
        av = v.kit.app.view
        r = av.rect(v.kit.layout.shared("pile"))               # the pile's inset slot
        pygame.draw.rect(bg, (0, 0, 0, 48), r, border_radius=av.n(12))
        pygame.draw.rect(bg, (255, 255, 255, 26), r, max(1, av.n(1)), border_radius=av.n(12))


def seat_extras(v: MasterBluffView, surf, seat: int) -> None:
    a, tz = v.kit.app, v.kit.zone(seat, "token")
    mine = v.kit.pos_of(seat) == 0
    if v.shown.tokens[seat] and not (mine and (v.token_mode or v.token_dragged)):
        px = a.view.n(tz.w)
        if mine and tz.collidepoint(v.pointer) and v.can_play:
            pygame.draw.circle(surf, T.GOLD, a.view.pt(*tz.center), px // 2 + a.view.n(4), max(1, a.view.n(3)))
        img = a.cards.token(px)
        surf.blit(img, img.get_rect(center=a.view.pt(*tz.center)))
    elif not v.shown.tokens[seat]:
        pygame.draw.circle(surf, (255, 255, 255), a.view.pt(*tz.center), a.view.n(tz.w * 0.38), 1)


def piece_drag(v: MasterBluffView, surf, drag) -> None:
    a = v.kit.app
    img = a.cards.token(a.view.n(46 * 1.1))
    surf.blit(img, img.get_rect(center=a.view.pt(*drag.pos)))


def centre(v: MasterBluffView, surf) -> None:
    with v.kit.middle():               # the deck, the pile and the banner: larger at the public table
        _centre(v, surf)


def _centre(v: MasterBluffView, surf) -> None:
    k, sh = v.kit, v.shown
    a = k.app
    k.draw_stack(surf, min(sh.deck, 6), k.layout.shared("deck").center)
    z = k.layout.shared("pile")
    lit = k.drop_glow(surf, v.pile_zone)
    if lit:
        panel(surf, a, z, (6, 30, 18, 200), radius=12, border=None)     # the well stays dark
    if sh.pile:
        k.draw_stack(surf, sh.pile, (z.centerx, z.centery - 6),
                     ngettext("{n} card", "{n} cards", sh.pile).format(n=sh.pile))
    else:
        text(surf, a, _("Discard pile"), z.center, 16, (255, 236, 190) if lit else T.TEXT_DIM, anchor="center",
             max_w=z.w - 8)
    if not v.reveal_up:
        banner(v, surf)


def banner(v: MasterBluffView, surf) -> None:
    a, sh = v.kit.app, v.shown
    lit, pop = v.token_lit, v.banner_pop
    r = v.kit.layout.shared("banner").inflate(-(1 - pop) * 30, -(1 - pop) * 16)
    panel(surf, a, r, (12, 24, 18, 228), radius=14, border=(*T.GOLD, 255 if lit else 150), width=4 if lit else 2)
    # the words are laid out in the panel as drawn now (it grows while it pops in: its rows, 128
    # high, stay centred in it), each fitted to its width: a long family ("8 × Magicien") never
    # sticks out of the growing panel
    x, y, w = r.x, r.centery - 64, r.w
    last = sh.last
    if last is not None:
        em = a.cards.emblem(FAMILIES[last.family], a.view.n(62))
        surf.blit(em, em.get_rect(center=a.view.pt(x + 42, y + 44)))
        text(surf, a, _("{n} × {family}").format(n=last.n, family=fam_title(last.family)), (x + 82, y + 14), 28,
             T.TEXT, bold=True, max_w=w - 92)
        text(surf, a, v.kit.by_seat(last.seat, _("by you"), _("by {name}")), (x + 82, y + 52), 16, T.TEXT_DIM,
             max_w=w - 92)
        if last.token or v.token_mode:        # the coin on the bottom row: the title stays clear
            coin = a.cards.token(a.view.n(26))
            surf.blit(coin, coin.get_rect(midleft=a.view.pt(x + 14, y + 102)))
            text(surf, a, _("exchange token used") if last.token else _("token ready"), (x + 46, y + 102),
                 16, T.GOLD, anchor="midleft", max_w=w - 56)
        elif sh.in_force is not None and sh.phase == "discard":
            text(surf, a, _("{f} in force").format(f=fam_title(last.family)), (x + 16, y + 102), 16, T.GOLD,
                 anchor="midleft", max_w=w - 32)
        else:
            text(surf, a, _("Bluff or not?"), (x + 16, y + 102), 16, T.OKABE["orange"], anchor="midleft",
                 max_w=w - 32)
    else:
        text(surf, a, _("Free turn"), (r.centerx, y + 40), 28, T.TEXT, bold=True, anchor="center", max_w=w - 16)
        text(surf, a, _("declare any family"), (r.centerx, y + 82), 16, T.TEXT_DIM, anchor="center", max_w=w - 16)
