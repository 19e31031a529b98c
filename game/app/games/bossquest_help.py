"""Boss Quest's help at the table: one line per weapon, boss and spell (RULINGS.md section 4),
and the things on the table that have a tip now (the boss, the Magician's spells, each knight's
weapons as far as the viewer may see them, the spells in play, hearts, keys and pawns)."""
from __future__ import annotations

import pygame

from game.core.i18n import N_, _, ngettext
from game.rules.bossquest import BOSS, BOSS_HPS, MYSTERY, SPELL_NAMES, WEAPONS, weapon_text
from game.words.bossquest import MYSTERY_LINE, SPELL_LINES      # the spells' tips: the phone's too
from ..cards import BQ_SPELL_ART
from .bossquest_draw import SPELL_W, sface, wface
from ..table.help import HelpSpot, card_rect

WEAPON_LINE = N_("Weapon {weapon}: it adds {value} to its knight's strength.")
HIDDEN_LINE = N_("A hidden weapon: only its knight knows it until the fight.")
MY_HIDDEN_LINE = N_("Your hidden weapon, {weapon}: only you know it until the fight; it adds {value}.")
BOSS_LINE = N_("Boss, {hp} HP: the strength closest to it without going over wins a key.")
BOSS_TABLE_LINE = N_("Boss, {hp} HP: the closest strength without going over wins a key; exactly {hp}: PERFECT.")
PERFECT_LINE = N_("PERFECT: a strength equal to the HP, {hp}, wins one more key.")
MAGICIAN_LINE = N_("The Magician: activate or discard one spell here, then wait for the fight.")
DECK_LINE = N_("The weapon deck: on your turn, ask for 1 to 4 weapons and take them face up.")
HEARTS_LINE = N_("Hearts: going bust (over the HP) costs one; a knight who loses the last one ends the game.")
STRENGTH_LINE = N_("Your strength: your weapons plus the strength spells on you; only you know it.")
PAWN_LINE = N_("A knight's pawn: still equipping; it goes to the Magician to end its turns.")
PAWN_AWAY_LINE = N_("A knight's pawn at the Magician: it takes no more weapons this round.")

_ART_SPELL = {art: name for name, art in BQ_SPELL_ART.items()}


def line(t, face: str) -> str | None:
    kind, _sep, rest = face.partition("_")
    if kind == "weapon":
        colour, _s, value = rest.rpartition("_")
        c = next(i for i, w in enumerate(WEAPONS) if w.colour == colour and w.value == int(value))
        return _(WEAPON_LINE).format(weapon=weapon_text(c), value=int(value))
    if kind == "boss":
        return _(BOSS_LINE).format(hp=int(rest))
    if kind == "spell" and _ART_SPELL.get(rest) in SPELL_LINES:
        return _(SPELL_LINES[_ART_SPELL[rest]])
    return None


def spots(t) -> list[HelpSpot]:
    sh, out = t.shown, []
    public = sh.seat is not None and sh.hidden_public[sh.seat]
    if sh.strength is not None and (t.kit.may_see() or public) and sh.phase in ("play", "aim"):
        out.append(HelpSpot(("strength", sh.strength), pygame.Rect(t.kit.layout.shared("strength")), None,
                            _(STRENGTH_LINE), private=not public))
    # spells in play: beside the boss and on each knight's row
    for target in [BOSS, *range(t.kit.n)]:
        mine = [x for x in sh.active if x.target == target]
        for k in reversed(range(len(mine))):
            p, w = t.spell_spot(target, k, len(mine))
            f = sface(mine[k].card)
            out.append(HelpSpot(("active", target, k, f), card_rect(p, w), ("face", f), line(t, f)))
    for s in range(t.kit.n):
        tz, me = t.zone(s, "token"), t.pos_of(s) == 0
        px = 24 if me else 22
        y = tz.y + (16 if me else tz.h / 2)
        hearts = pygame.Rect(round(tz.x + 2), round(y - px / 2), 3 * (px + 4), px)
        out.append(HelpSpot(("hearts", s), hearts, ("piece", "heart"), _(HEARTS_LINE)))
        kx, ky = (tz.x + 14, tz.y + 50) if me else (tz.x + 14 + 3 * (px + 4) + 8, tz.y + tz.h / 2)
        keys = pygame.Rect(round(kx - px / 2), round(ky - px / 2), px + 90, px)
        keys_line = ngettext("Keys: the closest strength wins one; {n} key ends the game, and most keys wins.",
                             "Keys: the closest strength wins one; {n} keys end the game, and most keys wins.",
                             t.keys_to_win).format(n=t.keys_to_win)
        out.append(HelpSpot(("keys", s), keys, ("piece", "key"), keys_line))
        px_, py_ = t.pawn_pt(s)
        ph = t.pawn_h(s)
        away = sh.status[s] != "equip" or (s == t.kit.viewer and t.visiting)
        out.append(HelpSpot(("pawn", s, away), pygame.Rect(round(px_ - ph * 0.35), round(py_ - ph / 2),
                                                           round(ph * 0.7), ph),
                            ("piece", f"pawn_{s % 5}"), _(PAWN_AWAY_LINE if away else PAWN_LINE)))
        # the row: the hidden weapon first, then the face-up ones
        w = t.row_w(s)
        poses = t.row_poses(s, t.row_count(s))
        for k in reversed(range(1, len(poses))):
            f = wface(sh.face_up[s][k - 1])
            out.append(HelpSpot(("weapon", s, k, f), card_rect(poses[k], w), ("face", f), line(t, f)))
        known = sh.hidden[s]
        if known is not None and (sh.hidden_public[s] or t.kit.may_see()):
            f = wface(known)
            words = line(t, f) if sh.hidden_public[s] else \
                _(MY_HIDDEN_LINE).format(weapon=weapon_text(known), value=WEAPONS[known].value)
            out.append(HelpSpot(("hidden", s, f), card_rect(poses[0], w), ("face", f), words,
                                private=not sh.hidden_public[s]))
        elif sh.deck < 35 or sh.face_up[s]:
            out.append(HelpSpot(("hidden", s, None), card_rect(poses[0], w), ("back",), _(HIDDEN_LINE)))
    # the Magician's row, the discard, the deck, the boss
    for k in range(min(len(sh.magician), t.kit.n + 1)):
        p = t.slot_pt(k)
        if k == 0 and (sh.aim is not None or sh.turned is not None):
            card = sh.aim[1] if sh.aim is not None else sh.turned
        else:
            card = sh.magician[k]
        if card is None:
            continue
        if card == MYSTERY:
            out.append(HelpSpot(("spell", k, None), card_rect(p, SPELL_W), ("back", "mystery"), _(MYSTERY_LINE)))
        else:
            f = sface(card)
            out.append(HelpSpot(("spell", k, f), card_rect(p, SPELL_W), ("face", f), line(t, f)))
    if sh.spell_top is not None:
        dz = t.kit.layout.shared("discard")
        f = sface(sh.spell_top)
        out.append(HelpSpot(("discard", f), card_rect((dz.centerx, dz.y + 4 + SPELL_W * 0.7), SPELL_W),
                            ("face", f), line(t, f)))
    out.append(HelpSpot(("magician",), pygame.Rect(t.kit.layout.shared("magician")), None, _(MAGICIAN_LINE)))
    deck = t.kit.layout.shared("deck")
    top = sh.deck_top[0] if sh.deck_top else None
    if top is not None and (sh.top_public[0] or t.kit.may_see()):
        f = wface(top)
        out.append(HelpSpot(("deck", f), card_rect((deck.centerx, deck.y + 62), 64), ("face", f), line(t, f),
                            private=not sh.top_public[0]))
    else:
        out.append(HelpSpot(("deck",), card_rect((deck.centerx, deck.y + 62), 64), ("back",), _(DECK_LINE)))
    if sh.boss >= 0:
        z = t.kit.layout.shared("boss")
        f = f"boss_{BOSS_HPS[sh.boss]}"
        badge = pygame.Rect(z.x + 6, z.bottom - 84, z.w - 12, 80)       # drawn over the card
        out.append(HelpSpot(("perfect", sh.boss_hp), badge, ("piece", "key"), _(PERFECT_LINE).format(hp=sh.boss_hp)))
        out.append(HelpSpot(("boss", sh.boss_hp), card_rect((z.centerx, z.y + 8 + 124 * 0.7), 124),
                            ("face", f), _(BOSS_TABLE_LINE).format(hp=sh.boss_hp)))
    return out


def gallery() -> list[tuple[tuple, str]]:
    """The rules screen's pictures: a weapon of each colour, a boss, each spell once, the mystery
    spell's back, a heart, a key and a pawn."""
    from game.rules.bossquest import COLOURS, spell_text
    out = []
    for v, colour in enumerate(COLOURS, 1):
        c = next(i for i, w in enumerate(WEAPONS) if w.colour == colour and w.value == v)
        out.append((("face", f"weapon_{colour}_{v}"), _("Weapon {weapon}").format(weapon=weapon_text(c))))
    out.append((("face", "boss_17"), _("Boss, 17 HP")))
    out += [(("face", sface(k)), spell_text(k)) for k in range(len(SPELL_NAMES))]
    return out + [(("back", "mystery"), _("Mystery spell")), (("piece", "heart"), _("Heart")),
                  (("piece", "key"), _("Key")), (("piece", "pawn_0"), _("Pawn"))]
