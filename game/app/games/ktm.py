"""King Thief Minister's table on the kit: six face-down cards in a ring that turns with the
viewer (their spot at the bottom), a seat at each owned spot with its coins, the treasury in
the middle.  Coins fly one at a time; private looks show the face to their seat alone (in hot
seat behind the curtain, the kit's owed secrets); the memory aid (a setting, off by default)
marks what the seat can know of each spot (``ktm.possible_cards``), on the card itself, and
in hot seat only while the screen is that seat's (``aid_shown``).  ←/→ only ever choose a card;
the ring turns with , . O, a drag, or Enter on a card beside.  This module maps the model,
zones, drops and answers; the event handlers are ``ktm_events``, the drawing ``ktm_draw``,
the words ``ktm_lines``."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.core.i18n import _, ngettext
from game.rules import ktm as K
from game.rules.ktm import NAMES, card_text
from ..table import DropZone
from ..table.game_table import GameTable
from . import ktm_draw, ktm_lines
from .ktm_events import KTMEvents
from . import ktm_help


@dataclass
class KTMShown:
    phase: str
    turn: int
    turns: int
    claimant: int
    claim: int
    to_king: bool
    coins: list
    treasury: int
    faces: dict = field(default_factory=dict, compare=False)    # spot -> (card name, private) face up now
    marks: dict = field(default_factory=dict, compare=False)    # spot -> True/False at a reveal
    known: tuple = field(default=(), compare=False)              # memory aid: the possible cards per spot
    named: dict = field(default_factory=dict, compare=False)    # spot -> the card a Peasant named (at the reveal)


class KTMTable(KTMEvents, GameTable):
    help_line, help_spots, help_focused = ktm_help.line, ktm_help.spots, ktm_help.focused   # help at the table
    game = "ktm"
    multi_select = False
    ring_mark = False
    show_empty_count = False
    owed_secrets = True

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        self.reset_ui()

    def reset_ui(self) -> None:
        self.rot = None                     # (tween, shift) while the ring turns
        self.flips: dict[int, object] = {}  # spot -> a tween while its card turns face up
        self.hide: set[int] = set()         # spots whose card is in flight
        self.eyes: dict[int, list[int]] = {}   # spot -> the seats looking at it
        self.picks: list[int] = []          # the Minister's first spot
        self.focus: int | None = None       # the keyboard's spot
        self.label: str | None = None       # the Peasant's label in hand
        self.named: dict[int, str] = {}     # spot -> label dropped there
        self._grab = -1

    def aid(self) -> bool:
        return bool(getattr(self.kit.app.settings, "memory_aid", False))

    def view_from(self, obs) -> KTMShown:
        return KTMShown(obs.phase, obs.turn, obs.turns, obs.claimant, obs.claim, obs.to_king, list(obs.coins),
                       obs.treasury, known=self.knowledge(obs))

    def knowledge(self, obs) -> tuple:
        return K.possible_cards(obs) if self.aid() and obs.seat is not None else ()

    def aid_shown(self) -> bool:
        """Whether the memory aid's labels may show now.  They are the viewer's own knowledge, so
        only while the screen is theirs: with one human always; in hot seat while they may act and
        the table is still, or while a step shows them a secret of theirs (never while the table
        plays someone else's move, never behind the curtain or on a hidden screen)."""
        if not self.aid() or not self.shown.known or not self.kit.may_see():
            return False
        if not self.kit.hotseat:
            return True
        if self.kit.steps.step is not None:
            return self.kit.steps.step.private
        return not self.kit.steps.queue and self.kit.viewer in self.kit.match.to_act() and self.kit.privacy.may_act(self.kit.viewer)

    def aid_labels(self) -> dict[int, str]:
        """spot -> the memory aid's label (one card, or two it may be), for the viewer alone; a
        spot whose card is face up or carries the Peasant's name in hand has none."""
        if not self.aid_shown():
            return {}
        naming = self.naming()
        out = {}
        for s, cards in enumerate(self.shown.known):
            if len(cards) <= 2 and s not in self.shown.faces and not (naming and s in self.named):
                out[s] = " / ".join(card_text(c) for c in sorted(cards))
        return out

    def naming(self) -> bool:
        """The viewer is naming the other cards as the Peasant (its names in hand are guesses)."""
        return self.shown.phase == "name" and bool(self._legal())

    def resume(self) -> None:
        self.kit.resume()
        self.shown.known = self.knowledge(self.kit.obs())

    def continue_rect(self) -> tuple[int, int, int, int]:
        z = self.kit.layout.shared("buttons")            # no answer buttons while a step waits
        return (z.centerx - 110, z.y, 220, z.h)

    def on_events(self, events, action=None) -> None:
        events = self.prepare(events)
        self.kit.on_events(events, action)
        self.kit.add_step(lambda: setattr(self.shown, "known", self.knowledge(self.kit.obs())), 0.0)
        if self.kit.hotseat and action is not None and action.kind == "peek" and self.kit.match.is_local(action.seat) \
                and self.kit.obs().phase == K.PEEK:
            # the opening peeks are chosen in secret and shown together once everyone has chosen:
            # the card is not known yet, so say so before the screen passes on (the click worked)
            self.kit.add_step(lambda: None, 1.5, caption=self.peek_later_line(action.seat), log="", wait=True,
                          wait_instant=True)          # a word to the person at the screen, not a log line

    def peek_later_line(self, seat: int) -> str:
        return _("{name}, your card is chosen: you will see it when the screen is yours again, "
                 "once everyone has peeked.").format(name=self.kit.name(seat))

    def lift_curtain(self) -> None:
        self.kit.lift_curtain()
        self.shown.known = self.knowledge(self.kit.obs())

    def remember_step(self, seat: int, at: int | None = None) -> None:
        """Hot seat: the memory aid takes in the card just seen before "remember it" (the person is
        still at the screen; the aid otherwise caught up only after their screen was hidden)."""
        self.kit.add_step(lambda: setattr(self.shown, "known", self.knowledge(self.kit.obs())), 0.0, at=at)
        self.kit.remember_step(seat, None if at is None else at + 1)

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        n = outcome.scores[seat]
        return ngettext("{n} coin", "{n} coins", n).format(n=n) if wide else str(n)

    def is_active(self, seat: int) -> bool:
        sh = self.shown
        if sh.phase in ("challenge", "act", "name") and sh.claimant >= 0:
            return seat == sh.claimant          # the claimant stays lit while the table answers their claim
        return sh.phase in ("turn", "challenge", "ministers") and seat == sh.turn

    def is_you(self, seat: int) -> bool:
        """The lone human at the screen: lines about them read "you"."""
        return 0 <= seat < self.kit.n and self.kit.who(seat) == _("You")

    # ------------------------------------------------------------------ geometry
    @property
    def owned(self) -> tuple[int, ...]:
        return K.owned_spots(self.kit.n)

    def place(self, spot: int) -> int:
        """The ring place of a spot: 0 at the bottom (the viewer's own), then clockwise."""
        return (spot - self.owned[self.kit.viewer]) % K.SPOTS

    def pos_of(self, seat: int) -> int:
        return self.place(self.owned[seat])

    def zone(self, seat: int, what: str) -> pygame.Rect:
        part = {"hand": "spot", "name": "name", "token": "coins"}[what]
        return self.kit.layout.layers["ring"][f"{part}_{self.pos_of(seat)}"].copy()

    def spot_rect(self, spot: int) -> pygame.Rect:
        return self.kit.layout.layers["ring"][f"spot_{self.place(spot)}"].copy()

    def seat_at(self, spot: int) -> int | None:
        return self.owned.index(spot) if spot in self.owned else None

    def ring_pt(self, k: float) -> tuple[float, float]:
        """A point on the ring at (fractional) place ``k``."""
        r = self.kit.layout.layers["ring"]
        c0, c3, c1 = r["spot_0"].center, r["spot_3"].center, r["spot_1"].center
        cx, cy, ay = c0[0], (c0[1] + c3[1]) / 2, (c0[1] - c3[1]) / 2
        ax = (cx - c1[0]) / math.cos(math.radians(30))
        a = math.radians(90 + 60 * k)
        return cx + ax * math.cos(a), cy + ay * math.sin(a)

    def spot_pt(self, spot: int) -> tuple[float, float]:
        k = float(self.place(spot))
        if self.rot is not None:
            tw, shift = self.rot
            k += shift * tw.value()
        return self.ring_pt(k)

    def coin_pt(self, who) -> tuple[float, float]:
        return self.kit.layout.shared("treasury").center if who == K.TREASURY else self.zone(who, "token").center

    def spot_at(self, p) -> int | None:
        return next((s for s in range(K.SPOTS) if self.spot_rect(s).inflate(12, 12).collidepoint(p)), None)

    def label_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The Peasant's name tiles: one column in the panel right of the ring (off every seat and
        the treasury), the key digit at each tile's left, the name centred clear of it."""
        z = self.kit.layout.overlay("labels")
        names = [c for c in NAMES if c != "peasant"]
        return [(c, pygame.Rect(z.x + 12, z.y + 48 + i * 50, z.w - 24, 42)) for i, c in enumerate(names)]

    def confirm_rect(self) -> pygame.Rect:
        z = self.kit.layout.overlay("labels")
        return pygame.Rect(z.x + 12, z.y + 48 + 5 * 50 + 6, z.w - 24, 42)

    # ------------------------------------------------------------------ acting
    def _legal(self) -> list:
        if self.kit.busy() or self.kit.viewer not in self.kit.match.to_act() or not self.kit.privacy.may_act(self.kit.viewer):
            return []
        return list(self.kit.match.legal(self.kit.viewer))

    def piece_at(self, p):
        if not self._legal():
            return None
        sh = self.shown
        if sh.phase == "name":
            if self.confirm_rect().collidepoint(p):
                return "confirm"
            lab = next((c for c, r in self.label_rects() if r.collidepoint(p)), None)
            if lab is not None:
                self.label = lab
                return "label"
        if sh.phase == "turn" and sh.coins[self.kit.viewer] and self.zone(self.kit.viewer, "token").inflate(16, 16) \
                .collidepoint(p):
            return "coin"
        spot = self.spot_at(p)
        if spot is not None:
            self._grab = spot
            return "card"
        return None

    def piece_home(self, piece: str):
        return self.zone(self.kit.viewer, "token").center if piece == "coin" else None

    def _cands(self, j: int) -> list:
        legal, s, ph = self._legal(), self._grab, self.shown.phase
        if ph == "peek":
            return [a for a in legal if a["spot"] == j]
        if ph == "turn" and s >= 0:
            d = {1: "left", 5: "right", 3: "opposite"}.get((j - s) % K.SPOTS)
            return [a for a in legal if a.kind == "move" and a["direction"] == d]
        if ph == "act" and s >= 0 and s != j:
            t = self.seat_at(j)
            return [a for a in legal if (a.kind == "minister" and a["spots"] == tuple(sorted((s, j))))
                    or (a.kind in ("execute", "sheriff") and a["target"] == t)]
        if ph == "name" and self.label:
            return [a for a in legal if a["names"][j] == self.label
                    and all(a["names"][k] == v for k, v in self.named.items() if k != j and v != self.label)]
        return []

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone("treasury", self.kit.layout.shared("treasury").inflate(24, 24), "coin",
                          lambda d: [a for a in self._legal() if a.kind == "look"],
                          hint=_("Drop the coin on the treasury to look at your card"))]
        for j in range(K.SPOTS):
            r = self.spot_rect(j).inflate(16, 16)
            zones.append(DropZone(f"spot{j}", r, "card", lambda d, j=j: self._cands(j),
                                  explain=lambda d, j=j: ktm_lines.drop_why(self, j)))
            zones.append(DropZone(f"label{j}", r, "label", lambda d, j=j: self._cands(j),
                                  hint=_("Drop the name on a card that is not yours")))
        return zones

    def on_drop(self, zone, actions, drag) -> None:
        j = int(zone.name[5:] if zone.name.startswith("label") else zone.name[4:]) if zone.name != "treasury" else -1
        self.act_on(j, actions)

    def act_on(self, j: int, actions: list) -> None:
        kind = actions[0].kind
        if kind == "name":
            self.named = {k: v for k, v in self.named.items() if v != self.label}
            self.named[j], self.label = self.label, None
        elif kind == "minister":
            self.picks = []
            sw = {a["swap"]: a for a in actions}
            lo, hi = (ktm_lines.spot_name(self, s) for s in sorted(actions[0]["spots"]))
            self.kit.choice_row(_("Minister: {a} and {b}").format(a=lo, b=hi),
                            _("Secretly swap their cards, or leave them where they are"),
                            [(_("Swap"), sw[True], None), (_("Keep"), sw[False], None)])
        elif kind == "execute":
            self.kit.choice_row(_("Executioner: what does {name} hold?").format(name=self.kit.name(actions[0]["target"])),
                            _("Right: you take all their coins"),
                            [(card_text(a["character"]), a, self.icon(a["character"])) for a in actions])
        else:
            self.submit(actions[0])

    def icon(self, name: str):
        return lambda px, n=name: self.kit.app.cards.emblem(n, px)

    def piece_clicked(self, piece: str) -> str | None:
        if piece == "coin":                  # held: a click on the treasury pays it (or drag it there)
            return _("Click the treasury to pay the coin and look at your card (or press L)")
        elif piece == "card":
            self.pick(self._grab)
        elif piece == "confirm":
            self.play_selection()
        return None

    def pick(self, j: int) -> None:
        """A spot clicked (or Enter on the focused spot)."""
        if self.kit.busy():
            return self.kit.say(_("Wait a moment: the table is still moving"))
        ph = self.shown.phase
        if ph == "turn" and j == self.owned[self.kit.viewer]:
            return self.claim_wheel()
        if ph == "act" and self.shown.claim == K.MINISTER:
            if not self.picks or self.picks[0] == j:
                self.picks = [] if self.picks else [j]
                return
            self._grab = self.picks[0]
        else:
            self._grab = self.owned[self.kit.viewer]
        acts = self._cands(j)
        if acts:
            self.act_on(j, acts)
        elif self._legal():
            self.kit.say(_("Pick a name first, then its card") if ph == "name" and not self.label else
                     ktm_lines.pick_why(self, j))

    def claim_wheel(self) -> None:
        """The claim dialog: one row per character with what it does (``ktm_lines.power``)."""
        acts = [a for a in self._legal() if a.kind == "claim"]
        if acts:
            ch = self.kit.choice_row(_("Claim a character"), _("Say which character is in your spot: true or not"),
                                 [(card_text(a["character"]), a, self.icon(a["character"])) for a in acts])
            z = self.kit.layout.overlay("picker")
            for i, (b, a) in enumerate(zip(ch.buttons, acts)):
                b.rect = pygame.Rect(z.x + 20, z.y + 74 + i * 46, z.w - 40, 40)
                b.note = ktm_lines.power(a["character"])
            ch.focus = 0              # Enter claims the outlined row; ↑/↓ move it, 1-5 pick at once

    def draw_choice(self, surf) -> None:
        if any(getattr(b, "note", None) for b in self.kit.choice.buttons):
            return ktm_draw.claim_choice(self.game_view(), surf)
        self.kit.draw_choice(surf)

    def answer_buttons(self, seat, legal):
        ph, acts = self.shown.phase, list(legal)
        by = {(a.kind, a.params[0][1] if a.params else None): a for a in acts}
        say = (lambda a: ktm_lines.words.action_label(self.kit, a))      # the phones' words too
        if ph == "turn":
            return [(by[("look", None)], say(by[("look", None)]), "normal", (pygame.K_l,)),
                    (("claim",), _("Claim…"), "primary", (pygame.K_c,)),
                    (by[("move", "opposite")], say(by[("move", "opposite")]), "normal", (pygame.K_o,)),
                    (by[("move", "right")], say(by[("move", "right")]), "normal", (pygame.K_PERIOD,)),
                    (by[("move", "left")], say(by[("move", "left")]), "normal", (pygame.K_COMMA,))]
        if ph == "challenge":
            return [(by[("challenge", None)], say(by[("challenge", None)]), "gold", (pygame.K_c,)),
                    (by[("pass", None)], say(by[("pass", None)]), "primary", (pygame.K_RETURN, pygame.K_p))]
        if ph == "ministers":
            return [(by[("claim_minister", None)], say(by[("claim_minister", None)]), "gold", (pygame.K_m,)),
                    (by[("pass", None)], say(by[("pass", None)]), "primary", (pygame.K_RETURN, pygame.K_p))]
        return []

    def answer(self, action) -> None:
        if action == ("claim",):
            return self.claim_wheel()
        self.kit.answer(action)

    def play_selection(self) -> None:
        ph = self.shown.phase
        if ph == "turn":          # Enter: the claim, or the focused card's move (as a click on it)
            return self.claim_wheel() if self.focus in (None, self.owned[self.kit.viewer]) else self.pick(self.focus)
        if ph == "name" and len(self.named) == K.SPOTS - 1:
            want = [self.named.get(s) for s in range(K.SPOTS)]
            act = next((a for a in self._legal() if list(a["names"]) == want), None)
            return self.submit(act) if act is not None else None
        if self.focus is not None:
            return self.pick(self.focus)
        if self._legal():
            self.kit.say(_("Choose a card with the arrow keys first") if ph != "name" else
                     _("Put a name on every other card first"))

    def game_key(self, ev) -> None:
        k = ev.key            # ←/→ only ever choose a card (the ring turns with , . O or a drag)
        if k == pygame.K_TAB:                    # Tab / Shift+Tab: as → / ← (the kit's hand focus keys)
            k = pygame.K_LEFT if ev.mod & pygame.KMOD_SHIFT else pygame.K_RIGHT
        if k in (pygame.K_l, pygame.K_o, pygame.K_COMMA, pygame.K_PERIOD) and self.shown.phase in (
                "challenge", "ministers") and self._legal():
            # a turn's key while the viewer must answer a claim: say what to press (as MasterBluff does)
            self.kit.say(_("Answer first: Challenge! (C) or Pass (P)") if self.shown.phase == "challenge" else
                     _("Answer first: I am the Minister (M) or Pass (P)"))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self._legal():
            base = self.focus if self.focus is not None else self.owned[self.kit.viewer]
            self.focus = (base + (1 if k == pygame.K_LEFT else -1)) % K.SPOTS
        elif self.shown.phase == "name" and pygame.K_1 <= k <= pygame.K_5 and self.focus is not None:
            self.label = self.label_rects()[k - pygame.K_1][0]
            self.pick(self.focus)

    def autoplay_turn(self, h) -> bool:
        ph = self.shown.phase
        if ph == "turn":
            h.key(pygame.K_COMMA)
            return True
        if ph == "peek":
            h.key(pygame.K_LEFT)
            h.key(pygame.K_RETURN)
        elif ph == "act":
            for _k in range(2 if self.shown.claim == K.MINISTER else 1):
                h.key(pygame.K_LEFT)
                while self.shown.claim != K.MINISTER and self.seat_at(self.focus) in (None, self.kit.viewer):
                    h.key(pygame.K_LEFT)
                h.key(pygame.K_RETURN)
            if self.kit.choice is not None:
                h.key(pygame.K_1)
        elif ph == "name":
            for i in range(K.SPOTS - 1):
                h.key(pygame.K_LEFT)
                h.key(pygame.K_1 + i)
            h.key(pygame.K_RETURN)
        return True

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        return ktm_lines.status(self)

    def draw_view(self) -> ktm_draw.KTMView:
        """What the drawing reads of the table now (``ktm_draw``)."""
        empty = {s: ktm_lines.empty_label(self, s) for s in range(K.SPOTS) if self.seat_at(s) is None}
        looks = {s: ktm_lines.lookers(self, seen) for s, seen in self.eyes.items() if seen}
        return ktm_draw.KTMView(self.kit.draw_kit(), self.shown, self.kit.viewer, self.kit.n, self.aid(), self.aid_labels(),
                                self.drop_zones(), self.rot is not None, empty, frozenset(self.hide),
                                tuple(self.picks), self.focus, bool(self._legal()), self.kit.may_see(), self.kit.drag,
                                self._grab, self.flips, looks, self.named, self.naming(), self.label, self.kit.choice,
                                self.spot_rect, self.spot_pt, self.label_rects, self.confirm_rect)

    def draw_seat_extras(self, surf, seat: int) -> None:
        ktm_draw.seat_extras(self.game_view(), surf, seat)

    def draw_centre(self, surf) -> None:
        ktm_draw.centre(self.game_view(), surf)

    def draw_overlays(self, surf) -> None:
        ktm_draw.overlays(self.game_view(), surf)

    def game_readable(self) -> dict:
        """Beside the kit's: each seat's card spot (its face or the memory aid's tag), its coin
        stack with the count under it, each empty spot's card and its "empty spot N" label, and,
        while it is up, the naming panel."""
        out = {f"spot:{s}": self.zone(s, "hand") for s in range(self.kit.n)}
        v = self.game_view()
        for s in range(self.kit.n):                 # each coin count, its pill under the stack too
            out[f"coins:{s}"] = ktm_draw.coins_rect(v, s)
        for s in range(K.SPOTS):                # an empty spot: its card and its label
            if self.seat_at(s) is None:
                out[f"empty:{s}"] = self.spot_rect(s)
                out[f"empty_label:{s}"] = ktm_draw.empty_label_rect(v, s)
        if self.shown.phase == "name" and self._legal():
            out["labels"] = self.kit.layout.overlay("labels")
        return out

    def draw_piece_drag(self, surf, drag) -> None:
        ktm_draw.piece_drag(self.game_view(), surf, drag)

TABLE = KTMTable
