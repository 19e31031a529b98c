"""King Thief Minister's table drawing: the treasury and the turn bar, the six spots of the
ring (faces, marks, who looks, the memory aid's tags), each seat's coins, the Peasant's name
tiles and the dragged pieces.  Only paints (``draw`` never changes state); a private face shows
only while the screen is its person's."""
from __future__ import annotations

import math

import pygame

from game.core.i18n import _
from game.rules import ktm as K
from game.rules.ktm import card_text
from .. import theme as T
from . import ktm_lines
from ..sprites import draw_card
from ..table.overlay import place
from ..widgets import panel, text, wrap

CARD_W = 88
ON_CARD = 46        # a spot's label: this far below the card's centre, on the card itself
COIN_W = 34
TAG_W = 116         # a card's tag at most this wide: clear of the coin count beside the card


def seat_extras(t, surf, seat: int) -> None:
    a, n = t.app, t.shown.coins[seat]
    z = t.zone(seat, "token")
    drag_coin = t.drag is not None and t.drag.active and t.drag.kind == "coin" and seat == t.viewer
    shown = n - (1 if drag_coin else 0)
    for k in range(min(shown, 6)):
        img = a.cards.token(a.view.n(COIN_W + 6))
        surf.blit(img, img.get_rect(center=a.view.pt(z.centerx, z.centery - k * 5)))
    pill = pygame.Rect(0, 0, 40, 24)
    pill.midtop = (z.centerx, z.bottom - 6)
    panel(surf, a, pill, (10, 22, 16, 230), radius=12, border=(*T.GOLD, 160))
    text(surf, a, str(n), pill.center, 16, T.GOLD, bold=True, anchor="center")


def coins_rect(t, seat: int) -> pygame.Rect:
    """A seat's coin stack with its count's pill under it (layout units)."""
    z = t.zone(seat, "token")
    pill = pygame.Rect(0, 0, 40, 24)
    pill.midtop = (z.centerx, z.bottom - 6)
    return z.union(pill)


def empty_label_rect(t, s: int) -> pygame.Rect:
    """The "empty spot N" label under an empty spot's card (layout units)."""
    r = t.spot_rect(s)
    box = pygame.Rect(0, 0, round(t._text_w(ktm_lines.empty_label(t, s), 16)) + 8, 22)
    box.center = (r.centerx, r.bottom + 22)
    return box


def centre(t, surf) -> None:
    a, sh = t.app, t.shown
    tz = t.layout.shared("treasury")
    panel(surf, a, tz, (8, 18, 13, 170), radius=14, border=(*T.GOLD, 120), width=2)
    for z in t.drop_zones()[:1]:
        t.drop_glow(surf, z)
    img = a.cards.piece("treasury", a.view.n(70))
    surf.blit(img, img.get_rect(center=a.view.pt(tz.centerx, tz.y + 48)))
    text(surf, a, _("Treasury: {n}").format(n=sh.treasury), (tz.centerx, tz.bottom - 20), 18, T.GOLD, bold=True,
         anchor="center")
    sc = t.layout.shared("score")
    panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
    if sh.turns:
        line = (_("Turn {n} · memory aid on") if t.aid() else _("Turn {n}")).format(n=sh.turns)
    else:
        line = _("The opening look · memory aid on") if t.aid() else _("The opening look")
    text(surf, a, line, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)
    zones = t.drop_zones()
    labels = t.aid_labels()
    for s in range(K.SPOTS):
        spot(t, surf, s, zones, labels)


def spot(t, surf, s: int, zones, labels: dict) -> None:
    a, sh = t.app, t.shown
    r = t.spot_rect(s)
    if t.rot is None:
        for z in zones[1 + 2 * s:3 + 2 * s]:
            t.drop_glow(surf, z)
    if t.seat_at(s) is None:
        text(surf, a, ktm_lines.empty_label(t, s), (r.centerx, r.bottom + 22), 16, T.TEXT_DIM, anchor="center")
    if s in t.hide:
        return
    pos = t.spot_pt(s)
    lit = (s in t.picks) or (s == t.focus and sh.phase not in ("challenge", "ministers") and t._legal())
    if lit:
        panel(surf, a, r.inflate(14, 14).move(pos[0] - r.centerx, pos[1] - r.centery), (*T.OKABE["sky"], 90),
              radius=12, border=(*(T.GOLD if s in t.picks else T.OKABE["sky"]), 255), width=3)
    face = sh.faces.get(s)
    if face is not None and face[1] and not t.may_see():
        face = None
    if t.drag is not None and t.drag.active and t.drag.kind == "card" and t._grab == s:
        pos = t.drag.pos
    flip = t.flips.get(s)
    f = flip.value() if flip is not None and face is not None else 1.0
    draw_card(surf, a, pos, CARD_W * (1.06 if t.drag and t.drag.active and t._grab == s else 1),
              face[0] if face is not None and f >= 0.5 else None, squash=abs(math.cos(math.pi * f)))
    if s in sh.marks:
        c = (120, 230, 180) if sh.marks[s] else T.OKABE["vermillion"]
        pygame.draw.circle(surf, c, a.view.pt(pos[0], pos[1] + 6), a.view.n(17))
        text(surf, a, "✓" if sh.marks[s] else "✗", (pos[0], pos[1] + 6), 20, T.TEXT_DARK, bold=True,
             anchor="center")
    if t.eyes.get(s):
        seen = t.eyes[s]
        tag(t, surf, (pos[0], pos[1] + 20), ktm_lines.lookers(t, seen), T.OKABE["sky"], 200,
            clear_of=[coins_rect(t, x) for x in range(t.n)] + [t.zone(x, "name") for x in range(t.n)])
    # every label sits on its own card's lower half, so it never reads as a neighbour's
    low = (pos[0], pos[1] + ON_CARD)
    if s in t.named and t.naming():            # the Peasant's names in hand: guesses, until they name
        tag(t, surf, low, card_text(t.named[s]), T.OKABE["sky"])
    elif s in sh.named:                        # the reveal: what the Peasant named there (public)
        tag(t, surf, low, _("Named: {card}").format(card=card_text(sh.named[s])),
            (120, 230, 180) if sh.marks.get(s) else T.OKABE["vermillion"])
    elif s in labels and face is None:
        tag(t, surf, low, labels[s], T.GOLD if len(sh.known[s]) == 1 else T.TEXT)


def tag_rect(t, pos, label: str, max_w: float = TAG_W, clear_of=()) -> tuple[list, pygame.Rect]:
    """(lines, rect) of a tag: centred at ``pos``, or slid along the card (by the kit's
    :func:`~game.app.table.overlay.place`) clear of ``clear_of`` (the coin counts, the plates)."""
    a = t.app
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


def tag(t, surf, pos, label: str, colour, max_w: float = TAG_W, clear_of=()) -> None:
    """A label in a pill centred at ``pos``; one wider than ``max_w`` wraps to two lines, its
    bottom kept above the seat's plate (a card's tag never reaches the coin count beside it);
    with ``clear_of``, slid clear of those rects where need be."""
    a = t.app
    lines, r = tag_rect(t, pos, label, max_w, clear_of)
    w = r.w
    panel(surf, a, r, (10, 22, 16, 235), radius=13 if len(lines) == 1 else 10, border=(*colour, 255), width=2)
    for i, ln in enumerate(lines):
        y = r.centery + (i - (len(lines) - 1) / 2) * 19
        text(surf, a, ln, (r.centerx, y), 16, colour, bold=True, anchor="center", max_w=w - 6)


def overlays(t, surf) -> None:
    if t.shown.phase != "name" or not t._legal():
        return
    a, z = t.app, t.layout.overlay("labels")
    panel(surf, a, z, (8, 18, 13, 255), radius=14, border=(*T.GOLD, 200), width=2)       # opaque
    text(surf, a, _("Name the other cards"), (z.centerx, z.y + 24), 18, T.GOLD, bold=True, anchor="center")
    for i, (c, r) in enumerate(t.label_rects()):
        used = c in t.named.values()
        held = c == t.label
        panel(surf, a, r, (52, 96, 72, 250) if held else (24, 44, 34, 250 if not used else 120), radius=8,
              border=(*(T.GOLD if held else (255, 255, 255)), 255 if held else 90), width=2)
        col = T.TEXT if not used else T.TEXT_DIM       # the key at the left, the name centred clear of it
        text(surf, a, str(i + 1), (r.x + 16, r.centery), 16, T.GOLD if not used else T.TEXT_DIM, bold=True,
             anchor="center")
        text(surf, a, card_text(c), r.center, 16, col, bold=True, anchor="center", max_w=r.w - 72)
    r = t.confirm_rect()
    ready = len(t.named) == K.SPOTS - 1
    panel(surf, a, r, (*(T.PRIMARY if ready else T.BUTTON_DISABLED), 250), radius=8, border=(255, 255, 255, 120))
    text(surf, a, _("Name them"), r.center, 16, T.TEXT, bold=True, anchor="center", max_w=r.w - 8)


def claim_choice(t, surf) -> None:
    """The claim dialog: a row per character (emblem, name, what it does, its key), then Cancel."""
    a, z, ch = t.app, t.layout.overlay("picker"), t.choice
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


def piece_drag(t, surf, drag) -> None:
    a = t.app
    if drag.kind == "coin":
        img = a.cards.token(a.view.n((COIN_W + 6) * 1.1))
        surf.blit(img, img.get_rect(center=a.view.pt(*drag.pos)))
    elif drag.kind == "label" and t.label:
        tag(t, surf, drag.pos, card_text(t.label), T.GOLD, 200)
