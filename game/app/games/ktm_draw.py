"""King Thief Minister's table drawing: the treasury and the turn bar, the six spots of the
ring (faces, marks, who looks, the memory aid's tags), each seat's coins, the Peasant's name
tiles and the dragged pieces.  Only paints (``draw`` never changes state); a private face shows
only while the screen is its person's.  Every function reads a :class:`KTMView` (built by the
table each frame) and its kit."""
from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

import pygame

from game.core.i18n import _
from game.rules import ktm as K
from game.rules.ktm import card_text
from .. import theme as T
from ..sprites import draw_card
from ..table.drawkit import DrawKit
from ..table.overlay import place
from ..widgets import panel, text, wrap

CARD_W = 88
ON_CARD = 46        # a spot's label: this far below the card's centre, on the card itself
COIN_W = 34
TAG_W = 116         # a card's tag at most this wide: clear of the coin count beside the card


class KTMView(NamedTuple):
    """What King Thief Minister's drawing reads of the table."""
    kit: DrawKit                  # app (fonts, transform, art), layout, zone, drop_glow, text_w
    shown: Any                    # the display model: phase, turns, coins, treasury, faces up, reveal marks,
    #                               the memory aid's knowledge, the Peasant's names at the reveal
    viewer: int
    n: int                        # seats at the table
    aid: bool                     # the memory aid is on (the setting)
    labels: dict                  # spot -> the memory aid's tag, for the viewer alone (may be empty)
    zones: list                   # the drop zones: the treasury's, then two per spot
    turning: bool                 # the ring is turning (no spot is lit)
    empty: dict                   # an empty spot -> its "empty spot N" label
    hide: frozenset               # spots whose card is in flight
    picks: tuple                  # the Minister's first spot
    focus: int | None             # the keyboard's spot
    can_act: bool                 # the viewer may act now (a spot under the keyboard's focus is lit)
    may_see: bool                 # the viewer's private knowledge may be drawn now (the kit's may_see)
    drag: Any                     # the kit's Drag in progress, or None
    grab: int                     # the spot whose card is taken by the pointer (-1: none)
    flips: dict                   # spot -> a tween while its card turns face up
    looks: dict                   # spot -> who is looking at it ("You look", "Looking: Bram, Cleo")
    named: dict                   # spot -> the Peasant's name in hand dropped there
    naming: bool                  # the viewer is naming the other cards as the Peasant
    label: str | None             # the Peasant's name in hand, being placed
    choice: Any                   # the kit's choice panel (the claim dialog), or None
    spot_rect: Callable           # spot -> its place on the ring
    spot_pt: Callable             # spot -> its card's centre now (the ring may be turning)
    label_rects: Callable         # () -> the Peasant's name tiles: (card, Rect)
    confirm_rect: Callable        # () -> the "Name them" button


def seat_extras(v: KTMView, surf, seat: int) -> None:
    a, n = v.kit.app, v.shown.coins[seat]
    z = v.kit.zone(seat, "token")
    drag_coin = v.drag is not None and v.drag.active and v.drag.kind == "coin" and seat == v.viewer
    shown = n - (1 if drag_coin else 0)
    for k in range(min(shown, 6)):
        img = a.cards.token(a.view.n(COIN_W + 6))
        surf.blit(img, img.get_rect(center=a.view.pt(z.centerx, z.centery - k * 5)))
    pill = pygame.Rect(0, 0, 40, 24)
    pill.midtop = (z.centerx, z.bottom - 6)
    panel(surf, a, pill, (10, 22, 16, 230), radius=12, border=(*T.GOLD, 160))
    text(surf, a, str(n), pill.center, 16, T.GOLD, bold=True, anchor="center")


def coins_rect(v: KTMView, seat: int) -> pygame.Rect:
    """A seat's coin stack with its count's pill under it (layout units)."""
    z = v.kit.zone(seat, "token")
    pill = pygame.Rect(0, 0, 40, 24)
    pill.midtop = (z.centerx, z.bottom - 6)
    return z.union(pill)


def empty_label_rect(v: KTMView, s: int) -> pygame.Rect:
    """The "empty spot N" label under an empty spot's card (layout units)."""
    r = v.spot_rect(s)
    box = pygame.Rect(0, 0, round(v.kit.text_w(v.empty[s], 16)) + 8, 22)
    box.center = (r.centerx, r.bottom + 22)
    return box


def centre(v: KTMView, surf) -> None:
    k, sh = v.kit, v.shown
    a = k.app
    tz = k.layout.shared("treasury")
    with k.middle():                   # the treasury: larger at the public table
        panel(surf, a, tz, (8, 18, 13, 170), radius=14, border=(*T.GOLD, 120), width=2)
        for z in v.zones[:1]:
            k.drop_glow(surf, z)
        img = a.cards.piece("treasury", a.view.n(70))
        surf.blit(img, img.get_rect(center=a.view.pt(tz.centerx, tz.y + 48)))
        text(surf, a, _("Treasury: {n}").format(n=sh.treasury), (tz.centerx, tz.bottom - 20), 18, T.GOLD,
             bold=True, anchor="center")
    sc = k.layout.shared("score")
    panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
    if sh.turns:
        line = (_("Turn {n} · memory aid on") if v.aid else _("Turn {n}")).format(n=sh.turns)
    else:
        line = _("The opening look · memory aid on") if v.aid else _("The opening look")
    text(surf, a, line, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)
    zones = v.zones
    labels = v.labels
    for s in range(K.SPOTS):
        spot(v, surf, s, zones, labels)


def spot(v: KTMView, surf, s: int, zones, labels: dict) -> None:
    a, sh = v.kit.app, v.shown
    r = v.spot_rect(s)
    if not v.turning:
        for z in zones[1 + 2 * s:3 + 2 * s]:
            v.kit.drop_glow(surf, z)
    if s in v.empty:
        text(surf, a, v.empty[s], (r.centerx, r.bottom + 22), 16, T.TEXT_DIM, anchor="center")
    if s in v.hide:
        return
    pos = v.spot_pt(s)
    lit = (s in v.picks) or (s == v.focus and sh.phase not in ("challenge", "ministers") and v.can_act)
    if lit:
        panel(surf, a, r.inflate(14, 14).move(pos[0] - r.centerx, pos[1] - r.centery), (*T.OKABE["sky"], 90),
              radius=12, border=(*(T.GOLD if s in v.picks else T.OKABE["sky"]), 255), width=3)
    face = sh.faces.get(s)
    if face is not None and face[1] and not v.may_see:
        face = None
    lifted = v.drag is not None and v.drag.active and v.grab == s
    if lifted and v.drag.kind == "card":
        pos = v.drag.pos
    flip = v.flips.get(s)
    f = flip.value() if flip is not None and face is not None else 1.0
    draw_card(surf, a, pos, CARD_W * (1.06 if lifted else 1),
              face[0] if face is not None and f >= 0.5 else None, squash=abs(math.cos(math.pi * f)))
    if s in sh.marks:
        c = (120, 230, 180) if sh.marks[s] else T.OKABE["vermillion"]
        pygame.draw.circle(surf, c, a.view.pt(pos[0], pos[1] + 6), a.view.n(17))
        text(surf, a, "✓" if sh.marks[s] else "✗", (pos[0], pos[1] + 6), 20, T.TEXT_DARK, bold=True,
             anchor="center")
    if s in v.looks:
        tag(v, surf, (pos[0], pos[1] + 20), v.looks[s], T.OKABE["sky"], 200,
            clear_of=[coins_rect(v, x) for x in range(v.n)] + [v.kit.zone(x, "name") for x in range(v.n)])
    # every label sits on its own card's lower half, so it never reads as a neighbour's
    low = (pos[0], pos[1] + ON_CARD)
    if s in v.named and v.naming:              # the Peasant's names in hand: guesses, until they name
        tag(v, surf, low, card_text(v.named[s]), T.OKABE["sky"])
    elif s in sh.named:                        # the reveal: what the Peasant named there (public)
        tag(v, surf, low, _("Named: {card}").format(card=card_text(sh.named[s])),
            (120, 230, 180) if sh.marks.get(s) else T.OKABE["vermillion"])
    elif s in labels and face is None:
        tag(v, surf, low, labels[s], T.GOLD if len(sh.known[s]) == 1 else T.TEXT)


def tag_rect(v: KTMView, pos, label: str, max_w: float = TAG_W, clear_of=()) -> tuple[list, pygame.Rect]:
    """(lines, rect) of a tag: centred at ``pos``, or slid along the card (by the kit's
    :func:`~game.app.table.overlay.place`) clear of ``clear_of`` (the coin counts, the plates)."""
    a = v.kit.app
    lines = wrap(a, label, 16, max_w - 10, bold=True)[:2]
    w = min(max_w, max(a.fonts.get(a.view.n(16), True).size(ln)[0] for ln in lines) / a.view.s + 20)
    if len(lines) == 1:
        r = pygame.Rect(0, 0, round(w), 26)
        r.center = (round(pos[0]), round(pos[1]))
    else:
        r = pygame.Rect(0, 0, round(w), 44)
        r.midtop = (round(pos[0]), round(pos[1]) - 24)
    if clear_of:
        cands = [r] + [r.move(dx * k, dy) for k in range(1, 9) for dy in (0, -20, 20) for dx in (12, -12)]
        r, _ok = place(cands, clear_of, gap=3, scan=False)
    return lines, r


def tag(v: KTMView, surf, pos, label: str, colour, max_w: float = TAG_W, clear_of=()) -> None:
    """A label in a pill centred at ``pos``; one wider than ``max_w`` wraps to two lines, its
    bottom kept above the seat's plate (a card's tag never reaches the coin count beside it);
    with ``clear_of``, slid clear of those rects where need be."""
    a = v.kit.app
    lines, r = tag_rect(v, pos, label, max_w, clear_of)
    w = r.w
    panel(surf, a, r, (10, 22, 16, 235), radius=13 if len(lines) == 1 else 10, border=(*colour, 255), width=2)
    for i, ln in enumerate(lines):
        y = r.centery + (i - (len(lines) - 1) / 2) * 19
        text(surf, a, ln, (r.centerx, y), 16, colour, bold=True, anchor="center", max_w=w - 6)


def overlays(v: KTMView, surf) -> None:
    if v.shown.phase != "name" or not v.can_act:
        return
    a, z = v.kit.app, v.kit.layout.overlay("labels")
    panel(surf, a, z, (8, 18, 13, 255), radius=14, border=(*T.GOLD, 200), width=2)       # opaque
    text(surf, a, _("Name the other cards"), (z.centerx, z.y + 24), 18, T.GOLD, bold=True, anchor="center")
    for i, (c, r) in enumerate(v.label_rects()):
        used = c in v.named.values()
        held = c == v.label
        panel(surf, a, r, (52, 96, 72, 250) if held else (24, 44, 34, 250 if not used else 120), radius=8,
              border=(*(T.GOLD if held else (255, 255, 255)), 255 if held else 90), width=2)
        col = T.TEXT if not used else T.TEXT_DIM       # the key at the left, the name centred clear of it
        text(surf, a, str(i + 1), (r.x + 16, r.centery), 16, T.GOLD if not used else T.TEXT_DIM, bold=True,
             anchor="center")
        text(surf, a, card_text(c), r.center, 16, col, bold=True, anchor="center", max_w=r.w - 72)
    r = v.confirm_rect()
    ready = len(v.named) == K.SPOTS - 1
    panel(surf, a, r, (*(T.PRIMARY if ready else T.BUTTON_DISABLED), 250), radius=8, border=(255, 255, 255, 120))
    text(surf, a, _("Name them"), r.center, 16, T.TEXT, bold=True, anchor="center", max_w=r.w - 8)


def claim_choice(v: KTMView, surf) -> None:
    """The claim dialog: a row per character (emblem, name, what it does, its key), then Cancel."""
    a, z, ch = v.kit.app, v.kit.layout.overlay("picker"), v.choice
    surf.blit(T.panel_surface(surf.get_size(), 0, (0, 0, 0, 90)), (0, 0))
    panel(surf, a, z, (8, 20, 14, 245), radius=18, border=(*T.GOLD, 200), width=2)
    text(surf, a, ch.title, (z.centerx, z.y + 24), 26, T.GOLD, bold=True, anchor="center")
    text(surf, a, ch.subtitle, (z.centerx, z.y + 54), 16, T.TEXT_DIM, anchor="center")
    for b in ch.buttons:
        note = getattr(b, "note", None)
        if note is None:
            b.draw(surf, a)
            continue
        r = b.rect
        panel(surf, a, r, (52, 96, 72, 250) if b.hover else (24, 44, 34, 250), radius=8,
              border=(*T.GOLD, 255) if b.hover else (255, 255, 255, 90), width=2 if b.hover else 1)
        em = b.icon(a.view.n(34))
        surf.blit(em, em.get_rect(center=a.view.pt(r.x + 26, r.centery)))
        text(surf, a, b.label, (r.x + 52, r.centery), 18, T.TEXT, bold=True, anchor="midleft", max_w=150)
        text(surf, a, note, (r.x + 210, r.centery), 16, T.TEXT, anchor="midleft", max_w=r.w - 260)
        text(surf, a, b.hint, (r.right - 20, r.centery), 16, T.GOLD, anchor="center")


def piece_drag(v: KTMView, surf, drag) -> None:
    a = v.kit.app
    if drag.kind == "coin":
        img = a.cards.token(a.view.n((COIN_W + 6) * 1.1))
        surf.blit(img, img.get_rect(center=a.view.pt(*drag.pos)))
    elif drag.kind == "label" and v.label:
        tag(v, surf, drag.pos, card_text(v.label), T.GOLD, 200)
