"""Fireball Court's table drawing: the draw pile, the Court's stacks (fanned downwards, a stack
lit red while a refused drop's reason shows under it), each seat's capture piles (coins, ravens,
Fireballs with their counts and the ravens' share; the seniors by suit) and the score panel.
Only paints (never changes state): every function reads a :class:`CourtView` (built by the table
each frame) and its kit.  Also the sizes and the art names the table, its events and its help
share: a card's face, the capture pile it goes to."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import pygame

from game.core.i18n import _, ngettext
from game.rules.court import CARDS, SENIORS
from game.words.faces import court_face
from .. import theme as T
from ..sprites import draw_card
from ..table.drawkit import DrawKit
from ..widgets import panel, text
from .court_lines import senior_name

STACK_W = 84          # Court cards
CAP_W = 56            # capture piles
FAN_DOWN = 22         # how far each card of a Court stack shows below the one under it
PILES = ("capture_coins", "capture_ravens", "capture_fire")


def face(cid: int) -> str:
    """A card's art name (the phone's too: game/words/faces.py)."""
    return court_face(cid)


def pile_of(cid: int) -> str:
    """The capture pile (a seat's zone) a card goes to."""
    kind = CARDS[cid].kind
    return {"coin": "capture_coins", "raven": "capture_ravens", "senior": "capture_seniors"}.get(kind, "capture_fire")


class CourtView(NamedTuple):
    """What Fireball Court's drawing reads of the table."""
    kit: DrawKit                  # app (fonts, transform, art), layout, zone, draw_stack, drop_glow, who
    shown: Any                    # the display model: draw pile, Court stacks, captures, round, totals,
    #                               last capturer
    viewer: int                   # whose score is listed first
    target: int                   # the points that win the game
    zones: list                   # the drop zones (each lit while a drag may drop there)
    refused: int | None           # the Court stack lit red while a refused drop's reason shows under it
    stolen: tuple                 # coin cards the ravens moved this round, per seat (+ taken, - lost)
    slot: Callable                # i -> the Court's place i (a Rect)
    stack_pos: Callable           # (i, j) -> the centre of card j of stack i
    senior_pos: Callable          # (seat, suit, k) -> the centre of a seat's k-th captured senior of that suit


def centre(v: CourtView, surf) -> None:
    k, sh = v.kit, v.shown
    a = k.app
    deck = k.layout.shared("deck")
    if sh.pile:
        k.draw_stack(surf, min(sh.pile, 8), deck.center, ngettext("{n} card", "{n} cards", sh.pile).format(n=sh.pile))
    else:
        panel(surf, a, deck.inflate(-24, -30), (0, 0, 0, 40), radius=10, border=(255, 255, 255, 40))
        text(surf, a, _("pile empty"), deck.center, 16, T.TEXT_DIM, anchor="center", max_w=deck.w - 28)
    with k.middle():                   # the Court: larger at the public table
        for z in v.zones:
            k.drop_glow(surf, z)
        i = v.refused
        if i is not None:
            panel(surf, a, v.slot(i).inflate(14, 14 + FAN_DOWN * (len(sh.court[i]) - 1)).move(
                0, FAN_DOWN * (len(sh.court[i]) - 1) / 2), (200, 60, 50, 70), radius=14,
                border=(220, 80, 60, 255), width=3)
        for i, st in enumerate(sh.court):
            for j, c in enumerate(st):
                draw_card(surf, a, v.stack_pos(i, j), STACK_W, face(c))
    for seat in range(2):
        captures(v, surf, seat)
    score(v, surf)


def captures(v: CourtView, surf, seat: int) -> None:
    k, caps = v.kit, v.shown.captures[seat]
    a = k.app
    for pile in PILES:
        z = k.zone(seat, pile)
        cards = [c for c in caps if pile_of(c) == pile]
        panel(surf, a, z, (0, 0, 0, 40), radius=8, border=(255, 255, 255, 30))
        if cards:
            draw_card(surf, a, (z.centerx, z.y + CAP_W * 0.7 + 4), CAP_W, face(cards[-1]))
        n = len(cards)
        # the pile's kind below it, and its count on it as on the draw pile ("9 cards" on a
        # pile of coins, never "9 coins" under a 9, which reads as the card itself)
        label = {"capture_coins": _("coins"), "capture_ravens": _("ravens"),
                 "capture_fire": _("Fireballs")}[pile]
        text(surf, a, label, (z.centerx, z.bottom - 12), 16, T.TEXT, anchor="center", max_w=z.w - 4)
        stolen = v.stolen[seat]
        if pile == "capture_coins" and stolen:          # the ravens' share, counted in the pile: said so
            tag = (ngettext("+{n} stolen", "+{n} stolen", abs(stolen)) if stolen > 0
                   else ngettext("−{n} stolen", "−{n} stolen", abs(stolen))).format(n=abs(stolen))
            r = pygame.Rect(0, 0, z.w - 4, 22)
            r.center = (z.centerx, z.y + 12)
            panel(surf, a, r, (*T.GOLD, 235) if stolen > 0 else (70, 20, 20, 235), radius=11,
                  border=(0, 0, 0, 160))
            text(surf, a, tag, r.center, 16, T.TEXT_DARK if stolen > 0 else T.TEXT, anchor="center", max_w=r.w - 4)
        if not n:
            continue                                  # an empty pile: its kind alone
        count = ngettext("{n} card", "{n} cards", n).format(n=n)
        r = pygame.Rect(0, 0, z.w - 8, 22)
        r.center = (z.centerx, z.y + 80)           # on the pile's lower edge
        panel(surf, a, r, (0, 0, 0, 200), radius=11, border=(255, 255, 255, 60))
        text(surf, a, count, r.center, 16, T.TEXT, anchor="center", max_w=r.w - 6)
    z = k.zone(seat, "capture_seniors")
    panel(surf, a, z, (0, 0, 0, 40), radius=8, border=(255, 255, 255, 30))
    for suit in SENIORS:
        got = [c for c in caps if CARDS[c].suit == suit]
        for j, c in enumerate(got):
            draw_card(surf, a, v.senior_pos(seat, suit, j), CAP_W, face(c))
        if not got:
            x, y = v.senior_pos(seat, suit, 0)
            text(surf, a, senior_name(suit), (x, y), 16, T.TEXT_DIM, anchor="center")


def score(v: CourtView, surf) -> None:
    k, sh = v.kit, v.shown
    a, z = k.app, k.layout.shared("score")
    panel(surf, a, z, (8, 18, 13, 215), radius=12, border=(*T.GOLD, 140), width=2)
    text(surf, a, _("Round {r} · to {t}").format(r=sh.round, t=v.target),
         (z.x + 12, z.y + 10), 16, T.GOLD, bold=True)
    for i, seat in enumerate((v.viewer, 1 - v.viewer)):
        y = z.y + 44 + i * 34
        text(surf, a, k.who(seat), (z.x + 12, y), 18, T.TEXT, bold=True, max_w=z.w - 90)
        text(surf, a, str(sh.totals[seat]), (z.right - 14, y), 22, T.GOLD, bold=True, anchor="topright")
    if sh.last_capturer is not None:
        text(surf, a, _("last capture: {who}").format(who=k.who(sh.last_capturer)), (z.x + 12, z.bottom - 26),
             16, T.TEXT_DIM, max_w=z.w - 24)
