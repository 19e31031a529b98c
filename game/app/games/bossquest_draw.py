"""Boss Quest's table drawing: the boss and its HP, the Magician's band, each knight's row
(weapons, hearts, keys, pawn, the spells on them).  Only paints (``draw`` never changes
state); a hidden weapon shows its face only when the viewer knows it and may look now."""
from __future__ import annotations

import pygame

from game.core.i18n import _, ngettext
from game.rules.bossquest import BOSS, BOSS_HPS, MYSTERY, SPELL_NAMES, WEAPONS, spell_text
from .. import theme as T
from ..cards import BQ_SPELL_ART
from ..widgets import panel, text, wrap
from . import bossquest_lines
from .bossquest_lines import signed

RED = T.OKABE["vermillion"]
SPELL_W = 76          # the Magician's row and the discard
BOSS_W = 124


def wface(c: int) -> str:
    return f"weapon_{WEAPONS[c].colour}_{WEAPONS[c].value}"


def sface(c: int) -> str:
    return "spell_" + BQ_SPELL_ART[SPELL_NAMES[c]]


def banner(t, surf) -> None:
    """The PERFECT! banner (not behind the curtain)."""
    if t.banner and t.curtain_for is None:
        z = t.layout.overlay("celebration")
        panel(surf, t.app, z, (40, 30, 6, 255), radius=20, border=(*T.GOLD, 255), width=3)
        text(surf, t.app, t.banner, z.center, 48, T.GOLD, bold=True, anchor="center", shadow=True)


def centre(t, surf) -> None:
    a, sh = t.app, t.shown
    for z in t.drop_zones():
        t.drop_glow(surf, z)
    # the score bar
    sc = t.layout.shared("score")
    panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
    line = bossquest_lines.score_bar(t)
    text(surf, a, line, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)
    boss(t, surf)
    magician(t, surf)
    # my strength: mine alone, and only while the screen is mine, or once my hidden weapon is
    # shown to all (the fight: hot seat keeps the bottom row's badge, everything in it is public)
    st = sh.strength
    public = sh.seat is not None and sh.hidden_public[sh.seat]
    if st is not None and (t.may_see() or public) and sh.phase in ("play", "aim"):
        z = t.layout.shared("strength")
        t.drawn_strength = st
        over = st > sh.boss_hp
        panel(surf, a, z, (*(RED if over else T.GOLD), 235), radius=z.h // 2, border=(0, 0, 0, 150))
        # hot seat: the plate marked ▶ says whose it is (a name here would shrink the words below 16 px)
        msg = _("My strength: {s} / {hp} HP").format(s=st, hp=sh.boss_hp) if not t.hotseat else \
            _("Strength: {s} / {hp} HP").format(s=st, hp=sh.boss_hp)
        text(surf, a, msg, z.center, 18, T.TEXT_DARK, bold=True, anchor="center", max_w=z.w - 16)


def boss(t, surf) -> None:
    a, sh = t.app, t.shown
    z = t.layout.shared("boss")
    c = (z.centerx, z.y + 8 + 124 * 0.7)
    flip = getattr(t, "boss_flip", None)
    squash = abs(1 - 2 * flip.value()) if flip is not None and not flip.done else 1.0
    if sh.boss >= 0:
        t.card(surf, c, 124, f"boss_{BOSS_HPS[sh.boss]}", squash=squash)
    bz = t.layout.shared("boss_spells")
    panel(surf, a, bz, (0, 0, 0, 50), radius=10, border=(255, 255, 255, 40))
    text(surf, a, _("Beside the boss"), (bz.x + 10, bz.y + 8), 16, T.TEXT_DIM)
    if sh.boss < 0:                  # between rounds: the boss is discarded, the next not yet drawn
        return
    hp = sh.boss_hp if t.hp_tween is None or t.hp_tween.done else round(t.hp_tween.value())
    base = BOSS_HPS[sh.boss] if sh.boss >= 0 else hp
    badge = pygame.Rect(z.x + 6, z.bottom - 84, z.w - 12, 80)
    changed = hp != base
    panel(surf, a, badge, (60, 12, 18, 235), radius=14, border=(*(T.GOLD if changed else (255, 255, 255)), 200),
          width=2)
    text(surf, a, _("{hp} HP").format(hp=hp), (badge.centerx, badge.y + 28), 32, T.TEXT, bold=True, anchor="center")
    note = _("printed {b}, {d}").format(b=base, d=signed(hp - base)) if changed else _("boss")
    text(surf, a, note, (badge.centerx, badge.y + 62), 16, T.GOLD if changed else T.TEXT_DIM, anchor="center",
         max_w=badge.w - 8)
    mine = [x for x in sh.active if x.target == BOSS]
    for k, act in enumerate(mine):
        p, w = t.spell_spot(BOSS, k, len(mine))
        t.card(surf, p, w, sface(act.card))


def magician(t, surf) -> None:
    a, sh = t.app, t.shown
    deck = t.layout.shared("deck")
    c = (deck.centerx, deck.y + 62)
    t.draw_stack(surf, min(sh.deck, 6), c, None, 64)
    pill = pygame.Rect(0, 0, deck.w, 26)
    pill.midtop = (c[0], c[1] + 52)
    panel(surf, a, pill, (10, 22, 16, 230), radius=13, border=(255, 255, 255, 80))
    text(surf, a, ngettext("{n} weapon", "{n} weapons", sh.deck).format(n=sh.deck), pill.center, 16, T.TEXT,
         anchor="center", max_w=pill.w - 8)
    top = sh.deck_top[0] if sh.deck_top else None
    if top is not None and (sh.top_public[0] or t.may_see()):
        t.card(surf, c, 64, wface(top))
    mz = t.layout.shared("magician")
    if not t.half_covered(mz):                 # under the round sheet's edge: not left cut ("Ma", "dr")
        panel(surf, a, mz, (40, 20, 70, 220), radius=12, border=(*T.OKABE["purple"], 230), width=2)
        text(surf, a, _("Magician"), (mz.centerx, mz.y + 18), 18, T.TEXT, bold=True, anchor="center",
             max_w=mz.w - 10)
        for k, row in enumerate(wrap(a, _("drop your pawn here"), 16, mz.w - 16)[:2]):
            text(surf, a, row, (mz.centerx, mz.y + 44 + k * 20), 16, T.TEXT_DIM, anchor="center")
    for s in range(t.n):
        if sh.status[s] != "equip" or (s == t.viewer and t.visiting):
            pawn(t, surf, s)
    for k in range(6):
        slot = t.layout.shared(f"spell_{k}")
        p = t.slot_pt(k)
        card = sh.magician[k] if k < len(sh.magician) else None
        if k >= t.n + 1:
            continue
        dragging = t.drag is not None and t.drag.active and t.drag.kind == "spell" and t.drag.key == k
        if k == 0 and (sh.aim is not None or sh.turned is not None):
            shown = sh.aim[1] if sh.aim is not None else sh.turned
            if sh.aim is not None:
                panel(surf, a, pygame.Rect(0, 0, 86, 114).move(p[0] - 43, p[1] - 57), (*T.GOLD, 160), radius=10)
            if not (t.drag is not None and t.drag.active and t.drag.key == "aim"):
                t.card(surf, p, 76, sface(shown))
            label = spell_text(shown)
        elif card is None or dragging:
            panel(surf, a, pygame.Rect(0, 0, 70, 98).move(p[0] - 35, p[1] - 49), (0, 0, 0, 40), radius=8,
                  border=(255, 255, 255, 40))
            label = ""
        elif card == MYSTERY:
            t.back(surf, p, 76, "mystery")
            label = _("Mystery")
        else:
            t.card(surf, p, 76, sface(card))
            label = spell_text(card)
        rows = wrap(a, label, 16, slot.w + 6)[:3]             # "Swap hidden weapons" takes three rows
        y0, dy = (slot.bottom - 40, 17) if len(rows) == 3 else (slot.bottom - 38, 18)
        for i, row in enumerate(rows):
            text(surf, a, row, (slot.centerx, y0 + i * dy), 16, T.TEXT, anchor="center", max_w=slot.w + 6)
    dz = t.layout.shared("discard")
    p = (dz.centerx, dz.y + 4 + 76 * 0.7)
    if sh.spell_top is not None:
        t.card(surf, p, 76, sface(sh.spell_top))
    else:
        panel(surf, a, pygame.Rect(0, 0, 70, 98).move(p[0] - 35, p[1] - 49), (0, 0, 0, 40), radius=8,
              border=(255, 255, 255, 40))
    text(surf, a, _("discard"), (dz.centerx, dz.bottom - 20), 16, T.TEXT_DIM, anchor="center", max_w=dz.w)


def pawn(t, surf, seat: int) -> None:
    if t.drag is not None and t.drag.active and t.drag.kind == "pawn" and seat == t.viewer:
        return
    a = t.app
    img = a.cards.piece(f"pawn_{seat % 5}", a.view.n(t.pawn_h(seat)))
    surf.blit(img, img.get_rect(center=a.view.pt(*t.pawn_pt(seat))))


def seat(t, surf, s: int) -> None:
    a, sh = t.app, t.shown
    me = t.pos_of(s) == 0
    w = t.row_w(s)
    fight = sh.fight.get(s)
    hz = t.zone(s, "hand")
    if fight is not None:
        col = RED if fight["status"] != "in" else (T.GOLD if fight["winner"] else (255, 255, 255))
        panel(surf, a, hz.inflate(8, 4), (*col, 60), radius=10, border=(*col, 220), width=2)
    poses = t.row_poses(s, t.row_count(s))
    known = sh.hidden[s]
    squash = 1.0
    rv = getattr(t, "reveal_t", None)
    if rv is not None and not rv.done:
        squash = abs(1 - 2 * rv.value())
    if known is not None and (sh.hidden_public[s] or t.may_see()):
        t.card(surf, poses[0], w, wface(known), squash=squash)
    elif sh.deck < 35 or sh.face_up[s]:
        t.card(surf, poses[0], w, None)
    for p, c in zip(poses[1:], sh.face_up[s]):
        t.card(surf, p, w, wface(c))
    if known is not None and not sh.hidden_public[s] and t.may_see() and not fight:
        word = _("hidden")                                # over the row, so a long row cannot cover it
        word_w = a.fonts.get(a.view.n(16)).size(word)[0] / a.view.s
        mark = pygame.Rect(0, 0, max(min(w, 70), word_w + 12), 22)      # never below 16 px on a small row
        mark.midtop = (poses[0][0], hz.bottom - 20)
        panel(surf, a, mark, (10, 22, 16, 230), radius=11)
        text(surf, a, word, mark.center, 16, T.TEXT, anchor="center", max_w=mark.w - 4)
    # hearts and keys
    tz = t.zone(s, "token")
    px, (hx, hy), (kx, ky) = token_spots(t, s)
    for k in range(3):
        img = a.cards.piece("heart", a.view.n(px))
        if k >= sh.hearts[s]:
            img = img.copy()
            img.set_alpha(55)
        surf.blit(img, img.get_rect(center=a.view.pt(hx + k * (px + 4), hy)))
    img = a.cards.piece("key", a.view.n(px))
    surf.blit(img, img.get_rect(center=a.view.pt(kx, ky)))
    keys = _("{k} / {n} keys").format(k=sh.keys[s], n=t.keys_to_win)
    text(surf, a, keys, (kx + px / 2 + 6, ky), 16, T.TEXT, bold=True, anchor="midleft")
    if sh.over[s] and not fight and (me or not sh.hidden_public[s]):
        pill = pygame.Rect(0, 0, 70, 24)
        if me:                   # beside the hearts, clear of the keys line
            pill.topright = (tz.right, tz.y + 4)
        else:                    # on the top of the row's first card (the hidden one): the plate is full
            pill.size = (max(w, 56), 22)
            pill.midtop = (poses[0][0], hz.centery - w * 0.7 + 4)
        panel(surf, a, pill, (*RED, 240), radius=12)
        text(surf, a, _("bust!"), pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")
    if sh.status[s] == "equip" and not (s == t.viewer and t.visiting):
        pawn(t, surf, s)
    mine = [x for x in sh.active if x.target == s]
    for k, act in enumerate(mine):
        p, sw = t.spell_spot(s, k, len(mine))
        t.card(surf, p, sw, sface(act.card))
    if fight is not None:
        nz, v = t.zone(s, "name"), t.verdict(fight)
        w = a.fonts.get(a.view.n(16), True).size(v)[0] / a.view.s + 16
        pill = pygame.Rect(0, 0, w, nz.h - 8)
        pill.midright = (nz.right - 4, nz.centery)
        col = RED if fight["status"] != "in" else T.GOLD
        panel(surf, a, pill, (*col, 250), radius=pill.h // 2, border=(0, 0, 0, 170))
        text(surf, a, v, pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")


def token_spots(t, s: int) -> tuple[int, tuple[float, float], tuple[float, float]]:
    """A knight's hearts and keys: (the icons' size, the first heart's centre, the key's centre)."""
    tz, me = t.zone(s, "token"), t.pos_of(s) == 0
    px = 24 if me else 22
    kx, ky = (tz.x + 14, tz.y + 50) if me else (tz.x + 14 + 3 * (px + 4) + 8, tz.y + tz.h / 2)
    return px, (tz.x + 14, tz.y + (16 if me else tz.h / 2)), (kx, ky)


def token_rect(t, s: int, which: str) -> pygame.Rect:
    """Where a knight's three hearts (``which`` = "hearts") or keys and their count ("keys") are
    drawn (a lesson lights them)."""
    px, (hx, hy), (kx, ky) = token_spots(t, s)
    if which == "hearts":
        return pygame.Rect(round(hx - px / 2 - 3), round(hy - px / 2 - 3), 3 * (px + 4) + 2, px + 6)
    a = t.app
    words = _("{k} / {n} keys").format(k=t.shown.keys[s], n=t.keys_to_win)
    w = a.fonts.get(a.view.n(16), True).size(words)[0] / a.view.s
    return pygame.Rect(round(kx - px / 2 - 3), round(ky - px / 2 - 3), round(px + 12 + w), px + 6)


def dragged(t, surf, drag) -> None:
    a = t.app
    if drag.kind == "pawn":
        img = a.cards.piece(f"pawn_{t.viewer % 5}", a.view.n(68))
        surf.blit(img, img.get_rect(center=a.view.pt(*drag.pos)))
        return
    card = t.drag_card(drag)
    if card == MYSTERY:
        t.back(surf, drag.pos, 80, "mystery")
    elif card is not None:
        t.card(surf, drag.pos, 80, sface(card))
