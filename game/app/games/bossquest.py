"""Boss Quest's table on the kit: the boss with its live HP, the Magician's row of spells,
the weapon deck, each knight's row of weapons (the hidden one first) with hearts, keys,
pawn and the spells laid on them; combat resolves row by row into a score sheet.

Input: Take 1-4 (buttons or keys 1-4); the pawn dragged onto the Magician (or Enter /
M: the Magician's choice rows); a spell dragged onto a knight's row, the boss or the
discard.  Every drop is resolved against ``legal_actions`` by the kit."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.i18n import _, ngettext
from game.rules.bossquest import (BOSS, BOSS_HPS, INSTANT, MYSTERY, SPELL_INDEX, SPELL_NAMES, SPELLS,
                                  WEAPON_INDEX, WEAPONS, Active, activate, discard, spell_text, weapon_text)
from .. import theme as T
from ..cards import BQ_SPELL_ART, card_size
from ..sprites import draw_card
from ..table import DropZone, ScoreSheet, TableScene
from ..tween import ease_out_cubic
from ..widgets import panel, text

SPELL_W = 76          # the Magician's row and the discard
BOSS_W = 124


def wface(c: int) -> str:
    return f"weapon_{WEAPONS[c].colour}_{WEAPONS[c].value}"


def sface(c: int) -> str:
    return "spell_" + BQ_SPELL_ART[SPELL_NAMES[c]]


@dataclass
class BQView:
    round: int
    armorer: int
    turn: int | None
    phase: str
    hearts: list
    keys: list
    boss: int
    boss_hp: int
    boss_left: int
    face_up: list                   # per seat: its face-up weapons
    hidden: list                    # per seat: the hidden weapon this viewer knows, else None
    hidden_public: list
    strength: int | None
    over: list
    status: list
    magician: list                  # spell ids; None: taken; MYSTERY: face down
    active: tuple
    aim: tuple | None
    spell_top: int | None
    deck: int
    deck_top: list                  # weapons put back on top, as far as this viewer knows
    top_public: list
    fight: dict = field(default_factory=dict, compare=False)      # seat -> the fight event's data
    turned: int | None = field(default=None, compare=False)       # a turned-up mystery spell on show


class BossQuestTable(TableScene):
    game = "bossquest"
    multi_select = False
    show_empty_count = False
    ring_mark = False

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        self.visiting = False            # the viewer's pawn stands at the Magician (before a spell)
        self.hp_tween = None
        self.banner = ""
        self.fights: dict = {}
        self.keys_to_win = self.obs().keys_to_win
        self.drawn_faces: set[str] = set()
        self.drawn_strength: int | None = None

    def view_from(self, obs) -> BQView:
        return BQView(obs.round, obs.armorer, obs.turn, obs.phase, list(obs.hearts), list(obs.keys), obs.boss,
                      obs.boss_hp, obs.boss_deck_size, [tuple(f) for f in obs.face_up], list(obs.hidden),
                      list(obs.hidden_public), obs.strength, list(obs.over), list(obs.status), list(obs.magician),
                      tuple(obs.active), obs.aim, obs.spell_discard[-1] if obs.spell_discard else None,
                      obs.deck_size, list(obs.deck_top), list(obs.top_public))

    def reset_ui(self) -> None:
        self.visiting = False

    def may_see(self) -> bool:
        """The viewer's secrets show (hot seat: only while the screen is theirs)."""
        return not self.hand_hidden and self.curtain_for is None

    def is_active(self, seat: int) -> bool:
        return seat == self.shown.turn and self.shown.phase in ("play", "aim") and not self.shown.fight

    def plate_note(self, seat: int) -> str:
        f = self.shown.fight.get(seat)
        if f is not None:                # the fight's verdict (drawn again in colour over the plate)
            return self.verdict(f)
        if seat != self.shown.armorer:
            return ""
        note, nz, a = _("Armorer"), self.zone(seat, "name"), self.app
        size = 18 if nz.h >= 40 else 16                 # as the kit draws the plate
        name_w = a.fonts.get(a.view.n(size), True).size("▶ " + self.name(seat))[0] / a.view.s
        note_w = a.fonts.get(a.view.n(16)).size(note)[0] / a.view.s
        return note if name_w + note_w + 34 <= nz.w else ""     # the name first (the top bar says the Armorer)

    @staticmethod
    def verdict(f: dict) -> str:
        if f["perfect"]:
            return _("PERFECT")
        v = {"bust": _("BUST {s}"), "out": _("OUT {s}")}.get(f["status"]) or \
            (_("WIN {s}") if f["winner"] else "{s}")
        return v.format(s=f["strength"])

    def can_play(self) -> bool:
        return super().can_play() and self.shown.turn == self.viewer

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        k, h = obs.keys[seat], obs.hearts[seat]
        if wide:
            return _("{keys}, {hearts}").format(keys=ngettext("{n} key", "{n} keys", k).format(n=k),
                                                hearts=ngettext("{n} heart", "{n} hearts", h).format(n=h))
        return _("{k} keys · {h} ♥").format(k=k, h=h)

    # ------------------------------------------------------------------ geometry
    def row_w(self, seat: int) -> float:
        return 84.0 if self.pos_of(seat) == 0 else 56.0

    def row_poses(self, seat: int, count: int) -> list[tuple[float, float]]:
        z, w = self.zone(seat, "hand"), self.row_w(seat)
        step = min(w + 6, (z.w - w) / max(1, count - 1))
        return [(z.x + w / 2 + k * step, z.centery) for k in range(count)]

    def row_count(self, seat: int) -> int:
        return 1 + len(self.shown.face_up[seat])

    def spell_spot(self, target: int, k: int, count: int) -> tuple[tuple[float, float], float]:
        """Where the k-th active spell on ``target`` (a seat or BOSS) lies, and its width."""
        if target == BOSS:
            z = self.layout.shared("boss_spells")
            w = 60.0
            r, c = divmod(k, 3)
            return (z.x + 10 + w / 2 + c * (w + 10), z.y + 34 + w * 0.7 + r * (w * 1.4 + 6)), w
        z = self.zone(target, "spells")
        w = 46.0 if self.pos_of(target) == 0 else 44.0
        step = min(w + 4, (z.w - w) / max(1, count - 1))
        return (z.x + w / 2 + k * step, z.centery), w

    def slot_pt(self, k: int) -> tuple[float, float]:
        z = self.layout.shared(f"spell_{k}")
        return z.centerx, z.y + 4 + SPELL_W * 0.7

    def pawn_pt(self, seat: int) -> tuple[float, float]:
        if self.shown.status[seat] != "equip" or (seat == self.viewer and self.visiting):
            z = self.layout.shared("magician")
            at = [s for s in range(self.n) if self.shown.status[s] != "equip" or (s == self.viewer and self.visiting)]
            return z.x + 18 + at.index(seat) * 23, z.bottom - 26
        return self.zone(seat, "pawn").center

    def pawn_h(self, seat: int) -> int:
        far = self.shown.status[seat] != "equip" or (seat == self.viewer and self.visiting)
        return 34 if far else (64 if self.pos_of(seat) == 0 else 44)

    def row_rect(self, seat: int) -> pygame.Rect:
        return self.zone(seat, "name").union(self.zone(seat, "hand")).union(self.zone(seat, "spells"))

    # ------------------------------------------------------------------ acting
    def _legal(self) -> list:
        if self.busy() or self.viewer not in self.match.to_act() or not self.privacy.may_act(self.viewer):
            return []
        return list(self.match.legal(self.viewer))

    def _visits(self) -> list:
        return [a for a in self._legal() if a.kind in ("activate", "discard", "wait", "aim")]

    def piece_at(self, p):
        if not self.can_play() or not self._visits():
            return None
        sh = self.shown
        if sh.aim is not None and self._hit_card(p, self.slot_pt(0), SPELL_W):
            return ("spell", "aim")
        if sh.aim is None:
            for k, c in enumerate(sh.magician):
                if c is not None and self._hit_card(p, self.slot_pt(k), SPELL_W):
                    return ("spell", k)
            px, py = self.pawn_pt(self.viewer)
            if abs(p[0] - px) < 26 and abs(p[1] - py) < self.pawn_h(self.viewer) / 2 + 4:
                return "pawn"
        return None

    @staticmethod
    def _hit_card(p, c, w) -> bool:
        return abs(p[0] - c[0]) <= w / 2 and abs(p[1] - c[1]) <= w * 0.7

    def piece_clicked(self, piece) -> None:
        if piece == "pawn":
            self.open_magician()
        elif isinstance(piece, tuple):
            self.open_targets(piece[1])

    def drag_card(self, drag) -> int | None:
        if drag.key == "aim":
            return self.shown.aim[1] if self.shown.aim else None
        return self.shown.magician[drag.key] if isinstance(drag.key, int) else None

    def _aims_at(self, a, target) -> bool:
        if a.get("target") is not None:
            return a["target"] == target
        if a.get("weapon") is not None:
            return target == self.viewer
        if a.get("cancel") is not None:
            return self.shown.active[a["cancel"]].target == target
        return target == BOSS or (a.get("slot") == 0 and target == self.viewer)

    def spell_cands(self, drag, target) -> list:
        v, slot, card = self.viewer, drag.key, self.drag_card(drag)
        if card is None:
            return []
        if target == "discard":
            return [discard(v, slot)] if slot != "aim" else []
        mine = [a for a in self._legal() if (a.kind == "aim") == (slot == "aim")
                and (slot == "aim" or (a.kind == "activate" and a["slot"] == slot))]
        hit = [a for a in mine if self._aims_at(a, target)]
        if hit or slot == "aim" or card == MYSTERY:
            return hit
        eff = SPELLS[card].effect                     # a candidate of the right shape: the engine says why not
        if target != BOSS and eff in ("strength", "swap"):
            return [activate(v, slot, target=target)]
        if target == v and eff == "exchange" and self.shown.face_up[v]:
            return [activate(v, slot, weapon=WEAPONS[self.shown.face_up[v][0]].name)]
        if target == BOSS and not SPELLS[card].dark and eff != "cancel":
            return [activate(v, slot)]
        return []

    def spell_why(self, drag, target) -> str:
        card = self.drag_card(drag)
        if card is None or card == MYSTERY:
            return _("Drop the mystery spell on the boss or on your own row")
        name, eff = spell_text(card), SPELLS[card].effect
        if target == "discard":
            return _("The turned-up mystery spell must be used")
        if eff == "cancel":
            return _("{spell}: drop it on a spell in play (on a row or beside the boss)").format(spell=name)
        if eff == "exchange":
            return _("{spell}: drop it on your own row").format(spell=name)
        if SPELLS[card].dark:
            return _("{spell} goes on a knight: drop it on a row").format(spell=name)
        return _("{spell} goes on the boss").format(spell=name)

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone("magician", self.layout.shared("magician"), "pawn", lambda d: self._visits(),
                          hint=_("Drop your pawn on the Magician"))]
        for seat in range(self.n):
            zones.append(DropZone(f"row{seat}", self.row_rect(seat), "spell",
                                  lambda d, s=seat: self.spell_cands(d, s), explain=lambda d, s=seat: self.spell_why(d, s)))
        boss = self.layout.shared("boss").union(self.layout.shared("boss_spells"))
        zones.append(DropZone("boss", boss, "spell", lambda d: self.spell_cands(d, BOSS),
                              explain=lambda d: self.spell_why(d, BOSS)))
        zones.append(DropZone("discard", self.layout.shared("discard"), "spell",
                              lambda d: self.spell_cands(d, "discard"), explain=lambda d: self.spell_why(d, "discard"),
                              hint=_("Drop the spell on a target or on the discard")))
        return zones

    def on_drop(self, zone, actions, drag) -> None:
        if drag.kind == "pawn":
            if [a.kind for a in actions] == ["wait"]:
                self.submit(actions[0])
            else:
                self.visiting = True
            return
        if len(actions) == 1:
            self.submit(actions[0])
        else:
            self._pick(_("Which one?"), "", actions)

    def spring_piece(self, drag, p) -> None:
        if drag.kind == "spell":
            card = self.drag_card(drag)
            home = self.slot_pt(0 if drag.key == "aim" else drag.key)
            face = sface(card) if card not in (None, MYSTERY) else None
            self.fly(p, home, SPELL_W, SPELL_W, face, duration=0.2, ease=ease_out_cubic)

    def action_label(self, a) -> str:
        if a.kind == "discard":
            return _("Discard")
        if a.kind == "wait":
            return _("Wait")
        if a.get("target") is not None:
            return _("On {name}").format(name=self.who(a["target"]))
        if a.get("weapon") is not None:
            return weapon_text(a["weapon"])
        if a.get("cancel") is not None:
            return _("Cancel {spell}").format(spell=spell_text(self.shown.active[a["cancel"]].card))
        return _("Cast it")

    def _pick(self, title: str, subtitle: str, options: list) -> None:
        """A choice row; Enter takes the first tile (keyboard play: Enter, Enter, Enter)."""
        ch = self.choice_row(title, subtitle, options)
        first = next((b for b in ch.buttons if b.enabled), None)
        if first is not None:
            first.keys = tuple(first.keys) + (pygame.K_RETURN, pygame.K_KP_ENTER)

    def _icon(self, card):
        art = self.app.cards
        if card == MYSTERY:
            return lambda px: art.back(card_size(px * 5 / 7), "mystery")
        return lambda px: art.face(sface(card), card_size(px * 5 / 7))

    def open_magician(self) -> None:
        acts = self._visits()
        if not acts:
            return
        if self.shown.aim is not None:
            return self.open_targets("aim")
        if [a.kind for a in acts] == ["wait"]:
            self.submit(acts[0])
            return
        self.visiting = True
        opts = [(spell_text(c) if c != MYSTERY else _("Mystery"), ("slot", k), self._icon(c))
                for k, c in enumerate(self.shown.magician) if c is not None]
        self._pick(_("The Magician"), _("Choose a spell (or drag one onto its target)"), opts)

    def open_targets(self, slot) -> None:
        if slot == "aim":
            acts = [a for a in self._visits() if a.kind == "aim"]
            title = _("{spell}: choose").format(spell=spell_text(self.shown.aim[1]))
        else:
            acts = [a for a in self._visits() if a.kind in ("activate", "discard") and a["slot"] == slot]
            c = self.shown.magician[slot]
            title = spell_text(c) if c != MYSTERY else _("The mystery spell")
        if acts:
            self._pick(title, _("or drag the spell onto its target"), [(self.action_label(a), a, None) for a in acts])

    def choose(self, action) -> None:
        if isinstance(action, tuple):
            self.choice = None
            return self.open_targets(action[1])
        super().choose(action)

    def answer_buttons(self, seat, legal):
        acts = list(legal)
        if not acts or self.shown.turn != seat:
            return []
        if self.shown.phase == "aim":
            return [(("aim",), _("Choose…"), "primary", (pygame.K_RETURN, pygame.K_KP_ENTER))]
        specs = [(a, _("Take {n}").format(n=a["n"]), "normal", (pygame.K_1 + a["n"] - 1, pygame.K_KP1 + a["n"] - 1))
                 for a in acts if a.kind == "equip"]
        wait = [a for a in acts if a.kind == "wait"]
        specs.append((wait[0] if wait else ("magician",), _("Wait") if wait else _("Magician…"), "primary",
                      (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_m)))
        return specs

    def answer(self, action) -> None:
        if isinstance(action, tuple):
            return self.open_magician()
        super().answer(action)

    def play_selection(self) -> None:
        if self.can_play():
            self.open_magician()

    def autoplay_turn(self, h) -> bool:
        if self.choice is not None:
            h.key(pygame.K_RETURN)
            return True
        return False

    # ------------------------------------------------------------------ events -> steps
    def describe(self, kind: str, d: dict) -> str | None:
        from . import bossquest_lines
        return bossquest_lines.line(self, kind, d)

    def _step(self, kind, d, begin=None, hold=0.6, end=None, tone="") -> None:
        line = self.describe(kind, d)
        self.add_step(begin or (lambda: None), hold, end, caption=line, tone=tone)

    def on_events(self, events, action=None) -> None:
        super().on_events(events, action)
        after = self.after

        def sync() -> None:
            self.shown.strength = after.strength
            self.visiting = False
        self.add_step(sync, 0.0)

    def ev_deal(self, d) -> None:
        def begin() -> None:
            sh, n = self.shown, self.n
            sh.round, sh.armorer, sh.turn, sh.phase = d["round"], d["armorer"], None, "play"
            sh.hearts, sh.keys, sh.strength = list(d["hearts"]), list(d["keys"]), None   # no stale strength
            sh.face_up, sh.hidden, sh.hidden_public = [()] * n, [None] * n, [False] * n
            sh.over, sh.status, sh.magician, sh.active, sh.aim = [False] * n, ["equip"] * n, [], (), None
            sh.deck, sh.deck_top, sh.top_public, sh.fight, sh.turned = len(WEAPONS), [], [], {}, None
        self._step("deal", d, begin, 0.5)

    def ev_rebuild(self, d) -> None:
        def begin() -> None:
            if d["deck"] == "spells":
                self.shown.spell_top = None
            else:
                self.shown.boss_left = d["size"]
        self._step("rebuild", d, begin, 0.4)

    def ev_boss(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            sh.boss, sh.boss_hp, sh.boss_left = BOSS_HPS.index(int(d["card"][4:])), d["hp"], d["deck"]
            self.boss_flip = self.tweener.add(0.0, 1.0, 0.3)
            self.sfx("flip")
        self._step("boss", d, begin, 0.6, tone="call")

    def ev_weapon(self, d) -> None:
        seat, card = d["seat"], d["card"]

        def begin() -> None:
            sh = self.shown
            k = 0 if not d["face_up"] else self.row_count(seat)
            end = self.row_poses(seat, k + 1)[k]
            self.fly(self.layout.shared("deck").center, end, 64, self.row_w(seat),
                     wface(WEAPON_INDEX[card]) if card else None, duration=0.22, ease=ease_out_cubic)
            if d["how"] == "equip" and sh.deck_top:
                sh.deck_top, sh.top_public = sh.deck_top[1:], sh.top_public[1:]
            self.sfx("tick")

        def end() -> None:
            sh = self.shown
            if d["face_up"]:
                sh.face_up[seat] = sh.face_up[seat] + (WEAPON_INDEX[card],)
            sh.deck = d["deck"] if d["deck"] is not None else sh.deck - 1
        self.add_step(begin, 0.24, end, log=self.describe("weapon", d))

    def ev_hidden(self, d) -> None:
        self.add_step(lambda: self.shown.hidden.__setitem__(d["seat"], WEAPON_INDEX[d["card"]]), 0.0)

    def ev_spells(self, d) -> None:
        def begin() -> None:
            self.shown.magician = [MYSTERY if c is None else SPELL_INDEX[c] for c in d["slots"]]
            for k, c in enumerate(d["slots"]):
                if c is not None:
                    self.fly(self.layout.shared("magician").center, self.slot_pt(k), 40, SPELL_W, sface(SPELL_INDEX[c]),
                             duration=0.3, delay=0.06 * k, flip=True)
        self._step("spells", d, begin, 0.6)

    def ev_weapon_deck(self, d) -> None:
        self.add_step(lambda: setattr(self.shown, "deck", d["size"]), 0.0)

    def ev_turn(self, d) -> None:
        def begin() -> None:
            self.shown.turn = d["seat"]
            self.visiting = False
        self.add_step(begin, 0.0)

    def _flash(self, seat) -> None:
        self.flash_seat, self.flash = seat, self.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)

    def ev_bust(self, d) -> None:
        def begin() -> None:
            self.shown.over[d["seat"]] = True
            self._flash(d["seat"])
            self.sfx("low")
        self._step("bust", d, begin, 0.7, tone="false")

    def ev_unbust(self, d) -> None:
        self._step("unbust", d, lambda: self.shown.over.__setitem__(d["seat"], False), 0.6, tone="true")

    def ev_equip(self, d) -> None:
        def end() -> None:
            if d["last"]:
                self.shown.status[d["seat"]] = "ready"
        self._step("equip", d, hold=0.3, end=end)

    def ev_magician(self, d) -> None:
        seat = d["seat"]

        def begin() -> None:
            start = self.pawn_pt(seat)
            self.shown.status[seat] = "magician"
            self.fly(start, self.pawn_pt(seat), 30, 30, duration=0.35, kind="token")
            self.sfx("slide")
        self._step("magician", d, begin, 0.4)

    def ev_wait(self, d) -> None:
        self._step("wait", d, hold=0.4)

    def _spell_to(self, src, card, dest, w_end, on_done) -> None:
        self.fly(src, dest, SPELL_W, w_end, sface(card), duration=0.4, on_land=on_done)

    def ev_discard(self, d) -> None:
        card, slot = SPELL_INDEX[d["card"]], d["slot"]

        def begin() -> None:
            self.shown.magician[slot] = None
            self.fly(self.slot_pt(slot), self.layout.shared("discard").center, SPELL_W, SPELL_W, sface(card),
                     duration=0.38)
            self.sfx("slide")
        self._step("discard", d, begin, 0.45, end=lambda: setattr(self.shown, "spell_top", card))

    def ev_mystery(self, d) -> None:
        def begin() -> None:
            self.shown.magician[d["slot"]] = None
            self.shown.turned = SPELL_INDEX[d["card"]]
            self.sfx("flip")
        self._step("mystery", d, begin, 0.9, tone="call")

    def ev_fizzle(self, d) -> None:
        card = SPELL_INDEX[d["card"]]

        def begin() -> None:
            self.shown.turned = None
            self.fly(self.slot_pt(0), self.layout.shared("discard").center, SPELL_W, SPELL_W, sface(card))
        self._step("fizzle", d, begin, 0.6, end=lambda: setattr(self.shown, "spell_top", card))

    def ev_aim(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            sh.phase, sh.aim, sh.turned = "aim", (d["seat"], SPELL_INDEX[d["card"]]), None
        self._step("aim", d, begin, 0.3)

    def ev_activate(self, d) -> None:
        card, seat = SPELL_INDEX[d["card"]], d["seat"]
        eff = d["effect"]
        target = d.get("target", BOSS) if eff == "strength" else (d.get("target", seat) if eff == "swap" else BOSS)

        def begin() -> None:
            sh = self.shown
            src = self.slot_pt(0 if d["mystery"] else d["slot"])
            if not d["mystery"]:
                sh.magician[d["slot"]] = None
            sh.phase, sh.aim, sh.turned = "play", None, None
            if eff in INSTANT:
                dest, w = (self.row_poses(target, 1)[0], self.row_w(target)) if eff == "swap" else \
                    (self.layout.shared("discard").center, SPELL_W)
            else:
                k = sum(1 for a in sh.active if a.target == target)
                dest, w = self.spell_spot(target, k, k + 1)
            self.fly(src, dest, SPELL_W, w, sface(card), duration=0.42)
            self.sfx("slide")

        def end() -> None:
            sh = self.shown
            if eff in INSTANT:
                sh.spell_top = card
            else:
                sh.active = sh.active + (Active(card, target, seat),)
        self._step("activate", d, begin, 0.5, end, tone="call")

    def ev_strength(self, d) -> None:
        self._step("strength", d, lambda: self._flash(d["target"]), 0.5)

    def ev_boss_hp(self, d) -> None:
        def begin() -> None:
            self.hp_tween = self.tweener.add(float(self.shown.boss_hp), float(d["hp"]), 0.6)
            self.shown.boss_hp = d["hp"]
        self._step("boss_hp", d, begin, 0.8, tone="call")

    def ev_swap(self, d) -> None:
        a, b = d["seat"], d["target"]

        def begin() -> None:
            sh = self.shown
            pa, pb = self.row_poses(a, 1)[0], self.row_poses(b, 1)[0]
            self.fly(pa, pb, self.row_w(a), self.row_w(b), duration=0.45)
            self.fly(pb, pa, self.row_w(b), self.row_w(a), duration=0.45)
            sh.hidden[a], sh.hidden[b] = sh.hidden[b], sh.hidden[a]
            sh.hidden_public[a], sh.hidden_public[b] = sh.hidden_public[b], sh.hidden_public[a]
        self._step("swap", d, begin, 0.6)

    def ev_swapped(self, d) -> None:
        def begin() -> None:
            for s, name in d["cards"].items():
                self.shown.hidden[int(s)] = WEAPON_INDEX[name]
        self._step("swapped", d, begin, 0.5)

    def ev_exchange(self, d) -> None:
        seat = d["seat"]

        def begin() -> None:
            sh = self.shown
            old_top = sh.deck_top[0] if sh.deck_top else None
            old_pub = sh.top_public[0] if sh.top_public else False
            if d["hidden"]:
                new_top, new_pub = (sh.hidden[seat] if seat != self.viewer else None), sh.hidden_public[seat]
                if seat != self.viewer:
                    sh.hidden[seat] = old_top
                sh.hidden_public[seat] = old_pub
            else:
                gave, got = WEAPON_INDEX[d["gave"]], WEAPON_INDEX[d["got"]]
                sh.face_up[seat] = tuple(got if c == gave else c for c in sh.face_up[seat])
                new_top, new_pub = gave, True
            sh.deck_top, sh.top_public = [new_top] + sh.deck_top[1:], [new_pub] + sh.top_public[1:]
            p = self.row_poses(seat, 1)[0]
            self.fly(p, self.layout.shared("deck").center, self.row_w(seat), 64, duration=0.4)
            self.fly(self.layout.shared("deck").center, p, 64, self.row_w(seat), duration=0.4, delay=0.2)
        self._step("exchange", d, begin, 0.7)

    def ev_exchanged(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            sh.hidden[d["seat"]] = WEAPON_INDEX[d["got"]]
            sh.deck_top[0] = WEAPON_INDEX[d["gave"]]
        self._step("exchanged", d, begin, 0.5)

    def ev_cancel(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            gone = sh.active[d["index"]]
            same = [a for a in sh.active if a.target == gone.target]
            src, w = self.spell_spot(gone.target, same.index(gone), len(same))
            self.fly(src, self.layout.shared("discard").center, w, SPELL_W, sface(gone.card), duration=0.4)
            sh.active = sh.active[:d["index"]] + sh.active[d["index"] + 1:]
            if gone.target == BOSS and d["hp"] != sh.boss_hp:
                self.hp_tween = self.tweener.add(float(sh.boss_hp), float(d["hp"]), 0.6)
                sh.boss_hp = d["hp"]
        self._step("cancel", d, begin, 0.6, tone="call")

    def ev_last_turn(self, d) -> None:
        self._step("last_turn", d, hold=0.9, tone="call")

    def ev_rule(self, d) -> None:
        self._step("rule", d, hold=0.6)

    def ev_combat(self, d) -> None:
        self.fights = {}
        self._step("combat", d, lambda: setattr(self.shown, "turn", None), 1.0, tone="call")

    def ev_reveal(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            for s, name in d["hidden"].items():
                sh.hidden[int(s)] = WEAPON_INDEX[name]
            sh.hidden_public = [True] * self.n
            self.reveal_t = self.tweener.add(0.0, 1.0, 0.3)
            self.sfx("flip")
        self._step("reveal", d, begin, 0.9)

    def ev_fight(self, d) -> None:
        self.fights[d["seat"]] = d                     # for the round's score sheet (queued below)

        def begin() -> None:
            self.shown.fight[d["seat"]] = d
            if d["status"] == "bust":
                self._flash(d["seat"])
            self.sfx("low" if d["status"] == "bust" else "tick")
        self._step("fight", d, begin, 0.8, tone={"bust": "false", "out": "false"}.get(d["status"], "true"))

    def ev_winner(self, d) -> None:
        self._step("winner", d, hold=0.9, tone="true")

    def ev_keys(self, d) -> None:
        seat = d["seat"]

        def begin() -> None:
            z = self.zone(seat, "token")
            for k in range(d["n"]):
                self.fly(self.layout.shared("boss").center, z.center, 40, 30, duration=0.45, delay=0.2 * k,
                         kind="token", on_land=lambda: self.sfx("token"))
        self._step("keys", d, begin, 0.6 + 0.2 * d["n"], end=lambda: self.shown.keys.__setitem__(seat, d["keys"]),
                   tone="true")

    def ev_perfect(self, d) -> None:
        def begin() -> None:
            self.banner = _("PERFECT!")
            self.sfx("fanfare")
        self._step("perfect", d, begin, 1.3, end=lambda: setattr(self, "banner", ""), tone="call")

    def ev_hearts_saved(self, d) -> None:
        self._step("hearts_saved", d, hold=0.8, tone="true")

    def ev_heart_lost(self, d) -> None:
        seat = d["seat"]

        def begin() -> None:
            self._flash(seat)
            self.sfx("low")
        self._step("heart_lost", d, begin, 0.8, end=lambda: self.shown.hearts.__setitem__(seat, d["hearts"]),
                   tone="false")

    def ev_round_end(self, d) -> None:
        fights = dict(getattr(self, "fights", {}))
        seats = list(range(self.n))
        verdict = {"bust": _("bust"), "out": _("out")}

        def result(s) -> str:
            f = fights.get(s)
            if f is None:
                return "–"
            return verdict.get(f["status"]) or (_("PERFECT") if f["perfect"] else
                                                _("{n} off").format(n=f["distance"]))
        rows = [(_("Strength"), [str(fights[s]["strength"]) if s in fights else "–" for s in seats]),
                (_("Against {hp} HP").format(hp=d["hp"]), [result(s) for s in seats]),
                (_("Keys won"), [f"+{k}" if k else "–" for k in d["keys_won"]]),
                (_("Hearts lost"), [f"−{k}" if k else "–" for k in d["hearts_lost"]]),
                (_("Keys"), [f"{k} / {self.keys_to_win}" for k in d["keys"]]),
                (_("Hearts"), [str(h) for h in d["hearts"]])]
        title = _("Round {r}").format(r=d["round"])
        rules = [spell_text(x.card) for x in self.shown.active          # the round's rules, said on the sheet
                 if SPELLS[x.card].effect in ("second", "no_heart", "extra_key")]
        if rules:
            title = " · ".join([title] + rules)
        sheet = ScoreSheet(title, [self.name(s) for s in seats], rows)
        self.sheet_steps(sheet, self.describe("round_end", d))

    def ev_mystery_shown(self, d) -> None:
        self._step("mystery_shown", d, lambda: setattr(self.shown, "turned", SPELL_INDEX[d["card"]]), 0.8)

    def ev_discard_round(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            dest = self.layout.shared("discard").center
            for i, c in enumerate(d["spells"]):
                self.fly(dest, dest, SPELL_W, SPELL_W, sface(SPELL_INDEX[c]), duration=0.3, delay=0.03 * i)
            if d["spells"]:
                sh.spell_top = SPELL_INDEX[d["spells"][-1]]
            sh.magician, sh.active, sh.turned, sh.fight = [], (), None, {}
        self._step("discard_round", d, begin, 0.5)

    def ev_armorer(self, d) -> None:
        self._step("armorer", d, lambda: setattr(self.shown, "armorer", d["seat"]), 0.5)

    def ev_new_round(self, d) -> None:
        self._step("new_round", d, lambda: setattr(self.shown, "round", d["round"]), 0.3)

    def ev_game_over(self, d) -> None:
        def begin() -> None:
            self.shown.phase, self.shown.turn = "over", None
            self.celebration, self.celebrate_t = self.describe("game_over", d), 0.0
            self.sfx("fanfare")
        self.add_step(begin, 2.4, caption=self.describe("game_over", d), tone="true")

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        sh = self.shown
        if sh.phase == "over":
            return _("Game over"), ""
        if sh.turn is None:
            return "", ""
        if not (sh.turn == self.viewer and self.match.is_human(self.viewer) and self.may_see()):
            return _("{who} is playing…").format(who=self.who(sh.turn)), ""
        if sh.phase == "aim":
            return _("Drag the turned-up spell onto its target · Enter: choose"), "true"
        if self.visiting:
            return _("At the Magician: drag a spell onto a row, the boss or the discard · Enter: choose"), "true"
        if any(a.kind == "equip" for a in self._legal()):
            return _("Your turn: 1–4 take weapons · drag your pawn onto the Magician · Enter: Magician"), "true"
        return _("Your turn: go to the Magician (drag your pawn) · Enter: Magician"), "true"

    def draw(self, surf) -> None:
        self.drawn_faces = set()
        self.drawn_strength = None
        super().draw(surf)
        if self.banner and self.curtain_for is None:
            z = self.layout.overlay("celebration")
            panel(surf, self.app, z, (40, 30, 6, 235), radius=20, border=(*T.GOLD, 255), width=3)
            text(surf, self.app, self.banner, z.center, 48, T.GOLD, bold=True, anchor="center", shadow=True)

    def card(self, surf, pos, w, face, squash: float = 1.0) -> None:
        if face:
            self.drawn_faces.add(face)
        draw_card(surf, self.app, pos, w, face, squash=squash)

    def back(self, surf, pos, w, kind: str) -> None:
        img = self.app.cards.back(card_size(self.app.view.s * w), kind)
        surf.blit(img, img.get_rect(center=self.app.view.pt(*pos)))

    def draw_centre(self, surf) -> None:
        from . import bossquest_draw
        bossquest_draw.centre(self, surf)

    def draw_seat_extras(self, surf, seat: int) -> None:
        from . import bossquest_draw
        bossquest_draw.seat(self, surf, seat)

    def draw_piece_drag(self, surf, drag) -> None:
        from . import bossquest_draw
        bossquest_draw.dragged(self, surf, drag)


TABLE = BossQuestTable
