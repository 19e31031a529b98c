"""Boss Quest's event handlers (a mixin of the table): each domain event becomes steps that
animate it (cards and tokens flying, the boss's HP counting, flashes) and advance the display
model ``self.shown`` as the animations play; the log lines are ``bossquest_lines``."""
from __future__ import annotations

from game.core.i18n import _
from game.rules.bossquest import BOSS, BOSS_HPS, INSTANT, MYSTERY, SPELL_INDEX, WEAPON_INDEX, WEAPONS, Active
from ..table import ScoreSheet
from ..tween import ease_out_cubic
from . import bossquest_lines
from .bossquest_draw import SPELL_W, sface, wface


class BossQuestEvents:
    def describe(self, kind: str, d: dict) -> str | None:
        return bossquest_lines.line(self, kind, d)

    def _step(self, kind, d, begin=None, hold=0.6, end=None, tone="") -> None:
        line = self.describe(kind, d)
        self.kit.add_step(begin or (lambda: None), hold, end, caption=line, tone=tone)

    def on_events(self, events, action=None) -> None:
        self.kit.on_events(events, action)
        self.kit.add_step(lambda: setattr(self, "visiting", False), 0.0)

    def ev_deal(self, d) -> None:
        def begin() -> None:
            sh, n = self.shown, self.kit.n
            sh.round, sh.armorer, sh.turn, sh.phase = d["round"], d["armorer"], None, "play"
            sh.hearts, sh.keys = list(d["hearts"]), list(d["keys"])
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
            self.boss_flip = self.kit.tweener.add(0.0, 1.0, 0.3)
            self.kit.sfx("flip")
        self._step("boss", d, begin, 0.6, tone="call")

    def ev_weapon(self, d) -> None:
        seat, card = d["seat"], d["card"]

        def begin() -> None:
            sh = self.shown
            k = 0 if not d["face_up"] else self.row_count(seat)
            end = self.row_poses(seat, k + 1)[k]
            self.kit.fly(self.kit.layout.shared("deck").center, end, 64, self.row_w(seat),
                     wface(WEAPON_INDEX[card]) if card else None, duration=0.22, ease=ease_out_cubic)
            if d["how"] == "equip" and sh.deck_top:
                sh.deck_top, sh.top_public = sh.deck_top[1:], sh.top_public[1:]
            self.kit.sfx("tick")

        def end() -> None:
            sh = self.shown
            if d["face_up"]:
                sh.face_up[seat] = sh.face_up[seat] + (WEAPON_INDEX[card],)
            sh.deck = d["deck"] if d["deck"] is not None else sh.deck - 1
        self.kit.add_step(begin, 0.24, end, log=self.describe("weapon", d))

    def ev_hidden(self, d) -> None:
        self.kit.add_step(lambda: self.shown.hidden.__setitem__(d["seat"], WEAPON_INDEX[d["card"]]), 0.0)

    def ev_spells(self, d) -> None:
        def begin() -> None:
            self.shown.magician = [MYSTERY if c is None else SPELL_INDEX[c] for c in d["slots"]]
            for k, c in enumerate(d["slots"]):
                if c is not None:
                    self.kit.fly(self.kit.layout.shared("magician").center, self.slot_pt(k), 40, SPELL_W, sface(SPELL_INDEX[c]),
                             duration=0.3, delay=0.06 * k, flip=True)
        self._step("spells", d, begin, 0.6)

    def ev_weapon_deck(self, d) -> None:
        self.kit.add_step(lambda: setattr(self.shown, "deck", d["size"]), 0.0)

    def ev_turn(self, d) -> None:
        def begin() -> None:
            self.shown.turn = d["seat"]
            self.visiting = False
        self.kit.add_step(begin, 0.0)

    def _flash(self, seat) -> None:
        self.flash_seat, self.flash = seat, self.kit.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)

    def ev_bust(self, d) -> None:
        def begin() -> None:
            self.shown.over[d["seat"]] = True
            self._flash(d["seat"])
            self.kit.sfx("low")
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
            self.kit.fly(start, self.pawn_pt(seat), 30, 30, duration=0.35, kind="token")
            self.kit.sfx("slide")
        self._step("magician", d, begin, 0.4)

    def ev_wait(self, d) -> None:
        self._step("wait", d, hold=0.4)

    def _spell_to(self, src, card, dest, w_end, on_done) -> None:
        self.kit.fly(src, dest, SPELL_W, w_end, sface(card), duration=0.4, on_land=on_done)

    def ev_discard(self, d) -> None:
        card, slot = SPELL_INDEX[d["card"]], d["slot"]

        def begin() -> None:
            self.shown.magician[slot] = None
            self.kit.fly(self.slot_pt(slot), self.kit.layout.shared("discard").center, SPELL_W, SPELL_W, sface(card),
                     duration=0.38)
            self.kit.sfx("slide")
        self._step("discard", d, begin, 0.45, end=lambda: setattr(self.shown, "spell_top", card))

    def ev_mystery(self, d) -> None:
        def begin() -> None:
            self.shown.magician[d["slot"]] = None
            self.shown.turned = SPELL_INDEX[d["card"]]
            self.kit.sfx("flip")
        self._step("mystery", d, begin, 0.9, tone="call")

    def ev_fizzle(self, d) -> None:
        card = SPELL_INDEX[d["card"]]

        def begin() -> None:
            self.shown.turned = None
            self.kit.fly(self.slot_pt(0), self.kit.layout.shared("discard").center, SPELL_W, SPELL_W, sface(card))
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
                    (self.kit.layout.shared("discard").center, SPELL_W)
            else:
                k = sum(1 for a in sh.active if a.target == target)
                dest, w = self.spell_spot(target, k, k + 1)
            self.kit.fly(src, dest, SPELL_W, w, sface(card), duration=0.42)
            self.kit.sfx("slide")

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
            self.hp_tween = self.kit.tweener.add(float(self.shown.boss_hp), float(d["hp"]), 0.6)
            self.shown.boss_hp = d["hp"]
        self._step("boss_hp", d, begin, 0.8, tone="call")

    def ev_swap(self, d) -> None:
        a, b = d["seat"], d["target"]

        def begin() -> None:
            sh = self.shown
            pa, pb = self.row_poses(a, 1)[0], self.row_poses(b, 1)[0]
            self.kit.fly(pa, pb, self.row_w(a), self.row_w(b), duration=0.45)
            self.kit.fly(pb, pa, self.row_w(b), self.row_w(a), duration=0.45)
            if self.kit.viewer not in (a, b):         # else "swapped" shows the viewer both cards next
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
                new_top, new_pub = (sh.hidden[seat] if seat != self.kit.viewer else None), sh.hidden_public[seat]
                if seat != self.kit.viewer:
                    sh.hidden[seat] = old_top
                sh.hidden_public[seat] = old_pub
            else:
                gave, got = WEAPON_INDEX[d["gave"]], WEAPON_INDEX[d["got"]]
                sh.face_up[seat] = tuple(got if c == gave else c for c in sh.face_up[seat])
                new_top, new_pub = gave, True
            sh.deck_top, sh.top_public = [new_top] + sh.deck_top[1:], [new_pub] + sh.top_public[1:]
            p = self.row_poses(seat, 1)[0]
            self.kit.fly(p, self.kit.layout.shared("deck").center, self.row_w(seat), 64, duration=0.4)
            self.kit.fly(self.kit.layout.shared("deck").center, p, 64, self.row_w(seat), duration=0.4, delay=0.2)
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
            self.kit.fly(src, self.kit.layout.shared("discard").center, w, SPELL_W, sface(gone.card), duration=0.4)
            sh.active = sh.active[:d["index"]] + sh.active[d["index"] + 1:]
            if gone.target == BOSS and d["hp"] != sh.boss_hp:
                self.hp_tween = self.kit.tweener.add(float(sh.boss_hp), float(d["hp"]), 0.6)
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
            sh.hidden_public = [True] * self.kit.n
            self.reveal_t = self.kit.tweener.add(0.0, 1.0, 0.3)
            self.kit.sfx("flip")
        self._step("reveal", d, begin, 0.9)

    def ev_fight(self, d) -> None:
        self.fights[d["seat"]] = d                     # for the round's score sheet (queued below)

        def begin() -> None:
            self.shown.fight[d["seat"]] = d
            if d["status"] == "bust":
                self._flash(d["seat"])
            self.kit.sfx("low" if d["status"] == "bust" else "tick")
        self._step("fight", d, begin, 0.8, tone={"bust": "false", "out": "false"}.get(d["status"], "true"))

    def ev_winner(self, d) -> None:
        self._step("winner", d, hold=0.9, tone="true")

    def ev_keys(self, d) -> None:
        seat = d["seat"]

        def begin() -> None:
            z = self.zone(seat, "token")
            for k in range(d["n"]):
                self.kit.fly(self.kit.layout.shared("boss").center, z.center, 40, 30, duration=0.45, delay=0.2 * k,
                         kind="token", on_land=lambda: self.kit.sfx("token"))
        self._step("keys", d, begin, 0.6 + 0.2 * d["n"], end=lambda: self.shown.keys.__setitem__(seat, d["keys"]),
                   tone="true")

    def ev_perfect(self, d) -> None:
        def begin() -> None:
            self.banner = _("PERFECT!")
            self.kit.sfx("fanfare")
        self._step("perfect", d, begin, 1.3, end=lambda: setattr(self, "banner", ""), tone="call")

    def ev_hearts_saved(self, d) -> None:
        self._step("hearts_saved", d, hold=0.8, tone="true")

    def ev_heart_lost(self, d) -> None:
        seat = d["seat"]

        def begin() -> None:
            self._flash(seat)
            self.kit.sfx("low")
        self._step("heart_lost", d, begin, 0.8, end=lambda: self.shown.hearts.__setitem__(seat, d["hearts"]),
                   tone="false")

    def ev_round_end(self, d) -> None:
        fights = dict(getattr(self, "fights", {}))
        title, rows = bossquest_lines.round_sheet(self, d, fights)
        sheet = ScoreSheet(title, [self.kit.name(s) for s in range(self.kit.n)], rows)

        def titled() -> None:
            # the title names the round's rule spells in force at the fight: the shown table has
            # played every move before the fight by now (a Cancel or an Extra key cast by the
            # move that ended the round is still ahead of the table when this event is queued)
            sheet.title = bossquest_lines.round_sheet(self, d, fights)[0]
        self.kit.add_step(titled, 0.0)
        self.kit.sheet_steps(sheet, self.describe("round_end", d))

    def ev_mystery_shown(self, d) -> None:
        self._step("mystery_shown", d, lambda: setattr(self.shown, "turned", SPELL_INDEX[d["card"]]), 0.8)

    def ev_discard_round(self, d) -> None:
        def begin() -> None:
            sh = self.shown
            dest = self.kit.layout.shared("discard").center
            for i, c in enumerate(d["spells"]):
                self.kit.fly(dest, dest, SPELL_W, SPELL_W, sface(SPELL_INDEX[c]), duration=0.3, delay=0.03 * i)
            if d["spells"]:
                sh.spell_top = SPELL_INDEX[d["spells"][-1]]
            sh.magician, sh.active, sh.turned, sh.fight = [], (), None, {}
            sh.boss = -1                      # the boss goes too: no stale boss or count until the next one
            sh.phase = "between"              # the round is gone: no strength badge until the deal
        self._step("discard_round", d, begin, 0.5)

    def ev_armorer(self, d) -> None:
        self._step("armorer", d, lambda: setattr(self.shown, "armorer", d["seat"]), 0.5)

    def ev_new_round(self, d) -> None:
        self._step("new_round", d, lambda: setattr(self.shown, "round", d["round"]), 0.3)

    def ev_game_over(self, d) -> None:
        def begin() -> None:
            self.shown.phase, self.shown.turn = "over", None
            self.kit.celebration, self.kit.celebrate_t = self.describe("game_over", d), 0.0
            self.kit.sfx("fanfare")
        self.kit.add_step(begin, 2.4, caption=self.describe("game_over", d), tone="true")
