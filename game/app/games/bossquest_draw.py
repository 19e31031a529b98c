"""Boss Quest's table drawing: the boss and its HP, the Magician's band, each knight's row
(weapons, hearts, keys, pawn, the spells on them).  Only paints (``draw`` never changes
state); a hidden weapon shows its face only when the viewer knows it and may look now.  Every
function reads a :class:`BossQuestView` (built by the table each frame) and its kit; ``centre``
gives back the strength it showed (the table keeps it for the tests)."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import pygame

from game.core.i18n import _, ngettext
from game.rules.bossquest import BOSS, BOSS_HPS, MYSTERY, SPELL_NAMES, spell_text
from game.words.faces import weapon_face
from .. import theme as T
from ..cards import BQ_SPELL_ART
from ..table.drawkit import DrawKit
from ..widgets import panel, text, wrap, wrap_whole
from .bossquest_lines import signed

RED = T.OKABE["vermillion"]
SPELL_W = 76          # the Magician's row and the discard
BOSS_W = 124


def wface(c: int) -> str:
    return weapon_face(c)


def sface(c: int) -> str:
    return "spell_" + BQ_SPELL_ART[SPELL_NAMES[c]]


class BossQuestView(NamedTuple):
    """What Boss Quest's drawing reads of the table."""
    kit: DrawKit                  # app (fonts, transform, art), layout, zone, pos_of, draw_stack, drop_glow
    shown: Any                    # the display model: the boss and its HP, the deck, the Magician's row, the
    #                               spells in play, each knight's row, hearts, keys, status, the fight
    viewer: int
    n: int                        # knights at the table
    hotseat: bool                 # several people share the screen (the strength badge names no one)
    may_see: bool                 # the viewer's private knowledge may be drawn now (the kit's may_see)
    curtain: bool                 # the hot-seat curtain is down
    banner: str                   # the PERFECT! banner's words while it is up, else ""
    zones: list                   # the drop zones (each lit while a drag may drop there)
    score_line: str               # the score bar's words (bossquest_lines.score_bar)
    boss_squash: float            # the boss card's turn (1: flat)
    hp: int                       # the boss's HP as shown now (counting while it changes)
    reveal_squash: float          # a hidden weapon's turn at the reveal (1: flat)
    visiting: bool                # the viewer's pawn stands at the Magician
    drag: Any                     # the kit's Drag in progress, or None
    keys_to_win: int
    card: Callable                # (surf, pos, w, face, squash=1.0): a card (the table notes each face drawn)
    back: Callable                # (surf, pos, w, kind): a card's back
    half_covered: Callable        # Rect -> a panel up would cut it (the kit's half_covered)
    spell_spot: Callable          # (target, k, count) -> (centre, width) of the k-th spell on a row or the boss
    slot_pt: Callable             # k -> the centre of the Magician's k-th spell
    pawn_pt: Callable             # seat -> where its pawn stands
    pawn_h: Callable              # seat -> its pawn's height
    row_w: Callable               # seat -> a weapon's width on its row
    row_poses: Callable           # (seat, count) -> the centres of its row's weapons
    row_count: Callable           # seat -> the weapons on its row
    verdict: Callable             # a fight's entry -> its words ("in", "bust", "wins")
    drag_card: Callable           # Drag -> the spell card being dragged


def banner(v: BossQuestView, surf) -> None:
    """The PERFECT! banner (not behind the curtain)."""
    if v.banner and not v.curtain:
        a = v.kit.app
        z = v.kit.layout.overlay("celebration")
        panel(surf, a, z, (40, 30, 6, 255), radius=20, border=(*T.GOLD, 255), width=3)
        text(surf, a, v.banner, z.center, 48, T.GOLD, bold=True, anchor="center", shadow=True)


def centre(v: BossQuestView, surf) -> int | None:
    """The middle of the table; gives back the viewer's strength if it showed it, else None."""
    k, sh = v.kit, v.shown
    a = k.app
    for z in v.zones:
        k.drop_glow(surf, z)
    # the score bar
    sc = k.layout.shared("score")
    panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
    line = v.score_line
    text(surf, a, line, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)
    boss(v, surf)
    magician(v, surf)
    # my strength: mine alone, and only while the screen is mine, or once my hidden weapon is
    # shown to all (the fight: hot seat keeps the bottom row's badge, everything in it is public)
    st = sh.strength
    public = sh.seat is not None and sh.hidden_public[sh.seat]
    if st is None or not (v.may_see or public) or sh.phase not in ("play", "aim"):
        return None
    z = k.layout.shared("strength")
    over = st > sh.boss_hp
    panel(surf, a, z, (*(RED if over else T.GOLD), 235), radius=z.h // 2, border=(0, 0, 0, 150))
    # hot seat: the plate marked ▶ says whose it is (a name here would shrink the words below 16 px)
    msg = _("My strength: {s} / {hp} HP").format(s=st, hp=sh.boss_hp) if not v.hotseat else \
        _("Strength: {s} / {hp} HP").format(s=st, hp=sh.boss_hp)
    text(surf, a, msg, z.center, 18, T.TEXT_DARK, bold=True, anchor="center", max_w=z.w - 16)
    return st


def boss(v: BossQuestView, surf) -> None:
    a, sh = v.kit.app, v.shown
    z = v.kit.layout.shared("boss")
    c = (z.centerx, z.y + 8 + 124 * 0.7)
    if sh.boss >= 0:
        v.card(surf, c, 124, f"boss_{BOSS_HPS[sh.boss]}", squash=v.boss_squash)
    bz = v.kit.layout.shared("boss_spells")
    panel(surf, a, bz, (0, 0, 0, 50), radius=10, border=(255, 255, 255, 40))
    text(surf, a, _("Beside the boss"), (bz.x + 10, bz.y + 8), 16, T.TEXT_DIM)
    if sh.boss < 0:                  # between rounds: the boss is discarded, the next not yet drawn
        return
    hp = v.hp
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
        p, w = v.spell_spot(BOSS, k, len(mine))
        v.card(surf, p, w, sface(act.card))


def magician(v: BossQuestView, surf) -> None:
    a, sh, lay = v.kit.app, v.shown, v.kit.layout
    deck = lay.shared("deck")
    c = (deck.centerx, deck.y + 62)
    v.kit.draw_stack(surf, min(sh.deck, 6), c, None, 64)
    pill = pygame.Rect(0, 0, deck.w, 26)
    pill.midtop = (c[0], c[1] + 52)
    panel(surf, a, pill, (10, 22, 16, 230), radius=13, border=(255, 255, 255, 80))
    text(surf, a, ngettext("{n} weapon", "{n} weapons", sh.deck).format(n=sh.deck), pill.center, 16, T.TEXT,
         anchor="center", max_w=pill.w - 8)
    top = sh.deck_top[0] if sh.deck_top else None
    if top is not None and (sh.top_public[0] or v.may_see):
        v.card(surf, c, 64, wface(top))
    mz = lay.shared("magician")
    if not v.half_covered(mz):                 # under the round sheet's edge: not left cut ("Ma", "dr")
        panel(surf, a, mz, (40, 20, 70, 220), radius=12, border=(*T.OKABE["purple"], 230), width=2)
        text(surf, a, _("Magician"), (mz.centerx, mz.y + 18), 18, T.TEXT, bold=True, anchor="center",
             max_w=mz.w - 10)
        for k, row in enumerate(wrap(a, _("drop your pawn here"), 16, mz.w - 16)[:2]):
            text(surf, a, row, (mz.centerx, mz.y + 44 + k * 20), 16, T.TEXT_DIM, anchor="center")
    for s in range(v.n):
        if sh.status[s] != "equip" or (s == v.viewer and v.visiting):
            pawn(v, surf, s)
    drag = v.drag
    for k in range(6):
        slot = lay.shared(f"spell_{k}")
        p = v.slot_pt(k)
        card = sh.magician[k] if k < len(sh.magician) else None
        if k >= v.n + 1:
            continue
        dragging = drag is not None and drag.active and drag.kind == "spell" and drag.key == k
        if k == 0 and (sh.aim is not None or sh.turned is not None):
            shown = sh.aim[1] if sh.aim is not None else sh.turned
            if sh.aim is not None:           # the aimed spell's gold frame, clear of its name under it
                panel(surf, a, pygame.Rect(0, 0, 86, 110).move(p[0] - 43, p[1] - 57), (*T.GOLD, 160), radius=10)
            if not (drag is not None and drag.active and drag.key == "aim"):
                v.card(surf, p, 76, sface(shown))
            label = spell_text(shown)
        elif card is None or dragging:
            panel(surf, a, pygame.Rect(0, 0, 70, 98).move(p[0] - 35, p[1] - 49), (0, 0, 0, 40), radius=8,
                  border=(255, 255, 255, 40))
            label = ""
        elif card == MYSTERY:
            v.back(surf, p, 76, "mystery")
            label = _("Mystery")
        else:
            v.card(surf, p, 76, sface(card))
            label = spell_text(card)
        # "Swap hidden weapons" takes three rows; a longer word is made smaller, never broken
        size, rows = wrap_whole(a, label, 16, slot.w + 6)
        rows = rows[:3]
        y0, dy = (slot.bottom - 40, 17) if len(rows) == 3 else (slot.bottom - 38, 18)
        for i, row in enumerate(rows):
            text(surf, a, row, (slot.centerx, y0 + i * dy), size, T.TEXT, anchor="center", max_w=slot.w + 6)
    dz = lay.shared("discard")
    p = (dz.centerx, dz.y + 4 + 76 * 0.7)
    if sh.spell_top is not None:
        v.card(surf, p, 76, sface(sh.spell_top))
    else:
        panel(surf, a, pygame.Rect(0, 0, 70, 98).move(p[0] - 35, p[1] - 49), (0, 0, 0, 40), radius=8,
              border=(255, 255, 255, 40))
    text(surf, a, _("discard"), (dz.centerx, dz.bottom - 20), 16, T.TEXT_DIM, anchor="center", max_w=dz.w)


def pawn(v: BossQuestView, surf, seat: int) -> None:
    if v.drag is not None and v.drag.active and v.drag.kind == "pawn" and seat == v.viewer:
        return
    a = v.kit.app
    img = a.cards.piece(f"pawn_{seat % 5}", a.view.n(v.pawn_h(seat)))
    surf.blit(img, img.get_rect(center=a.view.pt(*v.pawn_pt(seat))))


def seat(v: BossQuestView, surf, s: int) -> None:
    k, sh = v.kit, v.shown
    a = k.app
    me = k.pos_of(s) == 0
    w = v.row_w(s)
    fight = sh.fight.get(s)
    hz = k.zone(s, "hand")
    if fight is not None:
        col = RED if fight["status"] != "in" else (T.GOLD if fight["winner"] else (255, 255, 255))
        panel(surf, a, hz.inflate(8, 4), (*col, 60), radius=10, border=(*col, 220), width=2)
    poses = v.row_poses(s, v.row_count(s))
    known = sh.hidden[s]
    if known is not None and (sh.hidden_public[s] or v.may_see):
        v.card(surf, poses[0], w, wface(known), squash=v.reveal_squash)
    elif sh.deck < 35 or sh.face_up[s]:
        v.card(surf, poses[0], w, None)
    for p, c in zip(poses[1:], sh.face_up[s]):
        v.card(surf, p, w, wface(c))
    if known is not None and not sh.hidden_public[s] and v.may_see and not fight:
        word = _("hidden")                                # over the row, so a long row cannot cover it
        word_w = a.fonts.get(a.view.n(16)).size(word)[0] / a.view.s
        mark = pygame.Rect(0, 0, max(min(w, 70), word_w + 12), 22)      # never below 16 px on a small row
        mark.midtop = (poses[0][0], hz.bottom - 20)
        panel(surf, a, mark, (10, 22, 16, 230), radius=11)
        text(surf, a, word, mark.center, 16, T.TEXT, anchor="center", max_w=mark.w - 4)
    # hearts and keys
    tz = k.zone(s, "token")
    px, (hx, hy), (kx, ky) = token_spots(k, s)
    for i in range(3):
        img = a.cards.piece("heart", a.view.n(px))
        if i >= sh.hearts[s]:
            img = img.copy()
            img.set_alpha(55)
        surf.blit(img, img.get_rect(center=a.view.pt(hx + i * (px + 4), hy)))
    img = a.cards.piece("key", a.view.n(px))
    surf.blit(img, img.get_rect(center=a.view.pt(kx, ky)))
    keys = ngettext("{k} / {n} key", "{k} / {n} keys", v.keys_to_win).format(k=sh.keys[s], n=v.keys_to_win)
    text(surf, a, keys, (kx + px / 2 + 6, ky), 16, T.TEXT, bold=True, anchor="midleft")
    if sh.over[s] and not fight and (me or not sh.hidden_public[s]):
        word = _("bust!")
        room = a.fonts.get(a.view.n(16), True).size(word)[0] / a.view.s + 8     # the word, measured
        pill = pygame.Rect(0, 0, max(70, room), 24)
        if me:                   # beside the hearts, clear of the keys line
            pill.topright = (tz.right, tz.y + 4)
        else:                    # on the top of the row's first card (the hidden one): the plate is full
            pill.size = (max(w, 56, room), 22)
            pill.midtop = (poses[0][0], hz.centery - w * 0.7 + 4)
        panel(surf, a, pill, (*RED, 240), radius=12)
        text(surf, a, word, pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")
    if sh.status[s] == "equip" and not (s == v.viewer and v.visiting):
        pawn(v, surf, s)
    mine = [x for x in sh.active if x.target == s]
    for i, act in enumerate(mine):
        p, sw = v.spell_spot(s, i, len(mine))
        v.card(surf, p, sw, sface(act.card))
    if fight is not None:
        nz, words = k.zone(s, "name"), v.verdict(fight)
        w = a.fonts.get(a.view.n(16), True).size(words)[0] / a.view.s + 16
        pill = pygame.Rect(0, 0, w, nz.h - 8)
        pill.midright = (nz.right - 4, nz.centery)
        col = RED if fight["status"] != "in" else T.GOLD
        panel(surf, a, pill, (*col, 250), radius=pill.h // 2, border=(0, 0, 0, 170))
        text(surf, a, words, pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")


def token_spots(geo, s: int) -> tuple[int, tuple[float, float], tuple[float, float]]:
    """A knight's hearts and keys: (the icons' size, the first heart's centre, the key's centre).
    ``geo``: the kit (or the table), for ``zone`` and ``pos_of``."""
    tz, me = geo.zone(s, "token"), geo.pos_of(s) == 0
    px = 24 if me else 22
    kx, ky = (tz.x + 14, tz.y + 50) if me else (tz.x + 14 + 3 * (px + 4) + 8, tz.y + tz.h / 2)
    return px, (tz.x + 14, tz.y + (16 if me else tz.h / 2)), (kx, ky)


def token_rect(v: BossQuestView, s: int, which: str) -> pygame.Rect:
    """Where a knight's three hearts (``which`` = "hearts") or keys and their count ("keys") are
    drawn (a lesson lights them)."""
    px, (hx, hy), (kx, ky) = token_spots(v.kit, s)
    if which == "hearts":
        return pygame.Rect(round(hx - px / 2 - 3), round(hy - px / 2 - 3), 3 * (px + 4) + 2, px + 6)
    a = v.kit.app
    words = ngettext("{k} / {n} key", "{k} / {n} keys", v.keys_to_win).format(k=v.shown.keys[s], n=v.keys_to_win)
    w = a.fonts.get(a.view.n(16), True).size(words)[0] / a.view.s
    return pygame.Rect(round(kx - px / 2 - 3), round(ky - px / 2 - 3), round(px + 12 + w), px + 6)


def dragged(v: BossQuestView, surf, drag) -> None:
    a = v.kit.app
    if drag.kind == "pawn":
        img = a.cards.piece(f"pawn_{v.viewer % 5}", a.view.n(68))
        surf.blit(img, img.get_rect(center=a.view.pt(*drag.pos)))
        return
    card = v.drag_card(drag)
    if card == MYSTERY:
        v.back(surf, drag.pos, 80, "mystery")
    elif card is not None:
        v.card(surf, drag.pos, 80, sface(card))
