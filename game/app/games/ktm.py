"""King Thief Minister's table on the kit: six face-down cards in a ring that turns with the
viewer (their spot at the bottom), a seat at each owned spot with its coins, the treasury in
the middle.  Coins fly one at a time; private looks show the face to their seat alone (in hot
seat behind the curtain, the kit's owed secrets); the memory aid (a setting, off by default)
marks what the seat can know of each spot (``ktm.possible_cards``)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import pygame

from game.core.i18n import _, ngettext
from game.rules import ktm as K
from game.rules.ktm import NAMES, card_text
from .. import theme as T
from ..sprites import draw_card
from ..table import DropZone, TableScene
from ..tween import ease_in_out_cubic
from ..widgets import panel, text

CARD_W = 88
COIN_W = 34


@dataclass
class KTMView:
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


class KTMTable(TableScene):
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
        return bool(getattr(self.app.settings, "memory_aid", False))

    def view_from(self, obs) -> KTMView:
        return KTMView(obs.phase, obs.turn, obs.turns, obs.claimant, obs.claim, obs.to_king, list(obs.coins),
                       obs.treasury, known=self.knowledge(obs))

    def knowledge(self, obs) -> tuple:
        return K.possible_cards(obs) if self.aid() and obs.seat is not None else ()

    def resume(self) -> None:
        super().resume()
        self.shown.known = self.knowledge(self.obs())

    def continue_rect(self) -> tuple[int, int, int, int]:
        z = self.layout.shared("buttons")            # no answer buttons while a step waits
        return (z.centerx - 110, z.y, 220, z.h)

    @staticmethod
    def merge_coins(events) -> list:
        """A run of coins between the same two places for the same reason reads as one log line
        ("6 coins: Bram → Cleo (Executioner)"): every coin still flies, the last one logs the run."""
        out = list(events)
        for i in range(1, len(out)):
            e, p = out[i], out[i - 1]
            if e.kind == p.kind == "coin" and e.to is None and p.to is None and \
                    all(e.data[k] == p.data[k] for k in ("from", "to", "why")):
                out[i - 1] = replace(p, data={**p.data, "quiet": True})
                out[i] = replace(e, data={**e.data, "run": p.data.get("run", 1) + 1})
        return out

    def past_events(self) -> list:
        return [self.merge_coins(evs) for evs in super().past_events()]

    def on_events(self, events, action=None) -> None:
        events = self.merge_coins(events)
        super().on_events(events, action)
        self.add_step(lambda: setattr(self.shown, "known", self.knowledge(self.obs())), 0.0)

    def lift_curtain(self) -> None:
        super().lift_curtain()
        self.shown.known = self.knowledge(self.obs())

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        n = outcome.scores[seat]
        return ngettext("{n} coin", "{n} coins", n).format(n=n) if wide else str(n)

    def is_active(self, seat: int) -> bool:
        sh = self.shown
        return sh.phase in ("turn", "act", "name") and seat == (sh.turn if sh.phase == "turn" else sh.claimant)

    def is_you(self, seat: int) -> bool:
        """The lone human at the screen: lines about them read "you"."""
        return 0 <= seat < self.n and self.who(seat) == _("You")

    def plate_note(self, seat: int) -> str:
        return "" if self.match.is_human(seat) else _("AI")

    # ------------------------------------------------------------------ geometry
    @property
    def owned(self) -> tuple[int, ...]:
        return K.owned_spots(self.n)

    def place(self, spot: int) -> int:
        """The ring place of a spot: 0 at the bottom (the viewer's own), then clockwise."""
        return (spot - self.owned[self.viewer]) % K.SPOTS

    def pos_of(self, seat: int) -> int:
        return self.place(self.owned[seat])

    def zone(self, seat: int, what: str) -> pygame.Rect:
        part = {"hand": "spot", "name": "name", "token": "coins"}[what]
        return self.layout.layers["ring"][f"{part}_{self.pos_of(seat)}"].copy()

    def spot_rect(self, spot: int) -> pygame.Rect:
        return self.layout.layers["ring"][f"spot_{self.place(spot)}"].copy()

    def seat_at(self, spot: int) -> int | None:
        return self.owned.index(spot) if spot in self.owned else None

    def ring_pt(self, k: float) -> tuple[float, float]:
        """A point on the ring at (fractional) place ``k``."""
        r = self.layout.layers["ring"]
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
        return self.layout.shared("treasury").center if who == K.TREASURY else self.zone(who, "token").center

    def spot_at(self, p) -> int | None:
        return next((s for s in range(K.SPOTS) if self.spot_rect(s).inflate(12, 12).collidepoint(p)), None)

    def label_rects(self) -> list[tuple[str, pygame.Rect]]:
        z = self.layout.overlay("labels")
        names = [c for c in NAMES if c != "peasant"]
        out = []
        for i, c in enumerate(names):
            r, col = divmod(i, 3)
            out.append((c, pygame.Rect(z.x + 12 + col * 114, z.y + 52 + r * 54, 108, 44)))
        return out

    def confirm_rect(self) -> pygame.Rect:
        z = self.layout.overlay("labels")
        return pygame.Rect(z.x + 240, z.y + 106, 108, 44)

    # ------------------------------------------------------------------ acting
    def _legal(self) -> list:
        if self.busy() or self.viewer not in self.match.to_act() or not self.privacy.may_act(self.viewer):
            return []
        return list(self.match.legal(self.viewer))

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
        if sh.phase == "turn" and sh.coins[self.viewer] and self.zone(self.viewer, "token").inflate(16, 16) \
                .collidepoint(p):
            return "coin"
        spot = self.spot_at(p)
        if spot is not None:
            self._grab = spot
            return "card"
        return None

    def piece_home(self, piece: str):
        return self.zone(self.viewer, "token").center if piece == "coin" else None

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

    def _why(self, j: int) -> str:
        ph = self.shown.phase
        if ph == "peek":
            return _("Peek at a card that is not in your own spot")
        if ph == "turn":
            return _("Drag a card one spot along the ring, or to the opposite spot, to move every card")
        if ph == "act" and self.shown.claim in (K.EXECUTIONER, K.SHERIFF):
            return _("Choose another player")
        return _("That is not possible now")

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone("treasury", self.layout.shared("treasury").inflate(24, 24), "coin",
                          lambda d: [a for a in self._legal() if a.kind == "look"],
                          hint=_("Drop the coin on the treasury to look at your card"))]
        for j in range(K.SPOTS):
            r = self.spot_rect(j).inflate(16, 16)
            zones.append(DropZone(f"spot{j}", r, "card", lambda d, j=j: self._cands(j),
                                  explain=lambda d, j=j: self._why(j)))
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
            self.choice_row(_("Minister: {a} and {b}").format(a=self.spot_name(min(actions[0]["spots"])),
                                                                     b=self.spot_name(max(actions[0]["spots"]))),
                            _("Secretly swap their cards, or leave them where they are"),
                            [(_("Swap"), sw[True], None), (_("Keep"), sw[False], None)])
        elif kind == "execute":
            self.choice_row(_("Executioner: what does {name} hold?").format(name=self.name(actions[0]["target"])),
                            _("Right: you take all their coins"),
                            [(card_text(a["character"]), a, self.icon(a["character"])) for a in actions])
        else:
            self.submit(actions[0])

    def icon(self, name: str):
        return lambda px, n=name: self.app.cards.emblem(n, px)

    def spot_name(self, spot: int) -> str:
        seat = self.seat_at(spot)
        if seat is None:
            return _("the empty spot")
        return _("your spot") if self.who(seat) == _("You") else _("{name}'s spot").format(name=self.name(seat))

    def piece_clicked(self, piece: str) -> None:
        if piece == "coin":
            self.say(_("Drag the coin onto the treasury to look at your card (or press L)"))
        elif piece == "card":
            self.pick(self._grab)
        elif piece == "confirm":
            self.play_selection()

    def pick(self, j: int) -> None:
        """A spot clicked (or Enter on the focused spot)."""
        if self.busy():
            return self.say(_("Wait a moment: the table is still moving"))
        ph = self.shown.phase
        if ph == "turn" and j == self.owned[self.viewer]:
            return self.claim_wheel()
        if ph == "act" and self.shown.claim == K.MINISTER:
            if not self.picks or self.picks[0] == j:
                self.picks = [] if self.picks else [j]
                return
            self._grab = self.picks[0]
        else:
            self._grab = self.owned[self.viewer]
        acts = self._cands(j)
        if acts:
            self.act_on(j, acts)
        elif self._legal():
            self.say(_("Pick a name first, then its card") if ph == "name" and not self.label else self._why(j))

    def claim_wheel(self) -> None:
        acts = [a for a in self._legal() if a.kind == "claim"]
        if acts:
            self.choice_row(_("Claim a character"), _("Say which character is in your spot: true or not"),
                            [(card_text(a["character"]), a, self.icon(a["character"])) for a in acts])

    def answer_buttons(self, seat, legal):
        ph, acts = self.shown.phase, list(legal)
        by = {(a.kind, a.params[0][1] if a.params else None): a for a in acts}
        if ph == "turn":
            return [(by[("look", None)], _("Look (pay 1)"), "normal", (pygame.K_l,)),
                    (("claim",), _("Claim…"), "primary", (pygame.K_c,)),
                    (by[("move", "opposite")], _("⇅ Opposite"), "normal", (pygame.K_o, pygame.K_UP)),
                    (by[("move", "right")], _("↺ Move right"), "normal", (pygame.K_RIGHT,)),
                    (by[("move", "left")], _("↻ Move left"), "normal", (pygame.K_LEFT,))]
        if ph == "challenge":
            return [(by[("challenge", None)], _("Challenge!"), "gold", (pygame.K_c,)),
                    (by[("pass", None)], _("Pass"), "primary", (pygame.K_RETURN, pygame.K_p))]
        if ph == "ministers":
            return [(by[("claim_minister", None)], _("I am the Minister"), "gold", (pygame.K_m,)),
                    (by[("pass", None)], _("Pass"), "primary", (pygame.K_RETURN, pygame.K_p))]
        return []

    def refresh_answers(self) -> None:
        super().refresh_answers()
        for b in self.answers:                 # arrows read better than their key names
            b.hint = {pygame.K_LEFT: "←", pygame.K_RIGHT: "→"}.get(b.keys[0] if b.keys else None, b.hint)

    def answer(self, action) -> None:
        if action == ("claim",):
            return self.claim_wheel()
        super().answer(action)

    def play_selection(self) -> None:
        ph = self.shown.phase
        if ph == "turn":
            return self.claim_wheel()
        if ph == "name" and len(self.named) == K.SPOTS - 1:
            want = [self.named.get(s) for s in range(K.SPOTS)]
            act = next((a for a in self._legal() if list(a["names"]) == want), None)
            return self.submit(act) if act is not None else None
        if self.focus is not None:
            return self.pick(self.focus)
        if self._legal():
            self.say(_("Choose a card with the arrow keys first") if ph != "name" else
                     _("Put a name on every other card first"))

    def game_key(self, ev) -> None:
        k = ev.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self._legal():
            base = self.focus if self.focus is not None else self.owned[self.viewer]
            self.focus = (base + (1 if k == pygame.K_LEFT else -1)) % K.SPOTS
        elif self.shown.phase == "name" and pygame.K_1 <= k <= pygame.K_5 and self.focus is not None:
            self.label = self.label_rects()[k - pygame.K_1][0]
            self.pick(self.focus)

    def autoplay_turn(self, h) -> bool:
        ph = self.shown.phase
        if ph == "turn":
            h.key(pygame.K_LEFT)
            return True
        if ph == "peek":
            h.key(pygame.K_LEFT)
            h.key(pygame.K_RETURN)
        elif ph == "act":
            for _k in range(2 if self.shown.claim == K.MINISTER else 1):
                h.key(pygame.K_LEFT)
                while self.shown.claim != K.MINISTER and self.seat_at(self.focus) in (None, self.viewer):
                    h.key(pygame.K_LEFT)
                h.key(pygame.K_RETURN)
            if self.choice is not None:
                h.key(pygame.K_1)
        elif ph == "name":
            for i in range(K.SPOTS - 1):
                h.key(pygame.K_LEFT)
                h.key(pygame.K_1 + i)
            h.key(pygame.K_RETURN)
        return True

    # ------------------------------------------------------------------ events -> steps
    def secret(self, card) -> str:
        """A card's name in the log only with the memory aid (the table never shows what was seen)."""
        return card_text(card) if self.aid() else _("a card")

    def describe(self, kind: str, d: dict) -> str | None:
        w = self.who
        v = self.says                   # "You move" / "Bram moves"
        seat = d.get("seat", d.get("claimant", -1))
        ch = card_text(d["character"]) if "character" in d else ""
        why = {"look": _("a look"), "challenge": _("a lost challenge"), "no_coin": _("no coin"), "king": _("King"),
               "minister": _("Minister"), "false_minister": _("a false Minister"), "thief": _("Thief"),
               "tax": _("tax"), "sheriff": _("Sheriff"), "execute": _("Executioner"), "peasant": _("Peasant"),
               "mistake": _("a mistake")}
        at = (lambda s: self.spot_name(s))
        lines = {
            "deal": lambda: _("A card to each player: the King starts") if d["deal"] == 1 else
            _("Deal {n} for the start player").format(n=d["deal"]),
            "redeal": lambda: _("Nobody got the King: deal again"),
            "start": lambda: (_("You got the King and start") if self.is_you(seat) else
                              _("{who} got the King and starts").format(who=w(seat))),
            "spots": lambda: _("The six cards are shuffled face down onto the spots"),
            "window": lambda: {"peek": _("Everyone peeks at one card"),
                               "challenge": (_("Will anyone challenge your {card}?").format(card=ch)
                                             if self.is_you(seat) else
                                             _("Challenge {who}'s {card}?").format(who=w(seat), card=ch)),
                               "ministers": _("“Who is the minister?”")}[d["kind"]],
            "answered": lambda: _("{who} answered").format(who=w(seat)),
            "peeks": lambda: "; ".join(_("{who} at {spot}").format(who=v(int(s), _("peek")), spot=at(sp))
                                       for s, sp in d["spots"].items()),
            "peek": lambda: _("{who} saw {card} at {spot}").format(who=w(seat), card=self.secret(d["card"]),
                                                                   spot=at(d["spot"])),
            "turn": lambda: _("Turn {n}: {who}").format(n=d["turn"], who=w(seat)),
            "look": lambda: (_("You pay to look at your card") if self.is_you(seat) else
                             _("{who} pays to look at their card").format(who=w(seat))),
            "looked": lambda: _("{who} saw {card}").format(who=w(seat), card=self.secret(d["card"])),
            "coin": lambda: None if d.get("quiet") else ngettext(
                "{n} coin: {a} → {b} ({why})", "{n} coins: {a} → {b} ({why})", d.get("run", 1)).format(
                n=d.get("run", 1),
                a=_("treasury") if d["from"] == K.TREASURY else w(d["from"]),
                b=_("treasury") if d["to"] == K.TREASURY else w(d["to"]), why=why.get(d["why"], d["why"])),
            "no_coin": lambda: _("{who} no coin").format(who=v(seat, _("have"), _("has"))),
            "move": lambda: {"left": _("{who} every card left"), "right": _("{who} every card right"),
                             "opposite": _("{who} every card to the opposite spot")}[d["direction"]]
            .format(who=v(seat, _("move"))),
            "claim": lambda: _("{who} the {card}").format(who=v(seat, _("claim")), card=ch),
            "no_challenge": lambda: _("Nobody challenges"),
            "challenge": lambda: _("{who} {other}").format(who=self.says(d["challenger"], _("challenge")),
                                                    other=_("you") if self.is_you(seat) else w(seat)),
            "challenge_look": lambda: _("{who} saw {card}").format(who=w(d["challenger"]),
                                                                   card=self.secret(d["card"])),
            "challenge_result": lambda: ((_("True: you are the {card}") if d["truthful"] else
                                          _("False: you are not the {card}")).format(card=ch) if self.is_you(seat)
                                         else (_("True: {who} is the {card}") if d["truthful"] else
                                               _("False: {who} is not the {card}")).format(who=w(seat), card=ch)),
            "cancelled": lambda: (_("Your act is cancelled") if self.is_you(seat) else
                                  _("{who}'s act is cancelled").format(who=w(seat))),
            "act": lambda: _("{who} as the {card}").format(who=v(seat, _("act")), card=ch),
            "ministers": lambda: (_("Claiming the Minister: {names}").format(
                names=", ".join(w(s) for s in d["claimants"])) if d["claimants"] else _("Nobody claims it")),
            "minister_seen": lambda: _("{who} saw {card}").format(who=w(d["claimant"]),
                                                                 card=self.secret(d["card"])),
            "minister_check": lambda: ((_("You are the Minister") if d["truthful"] else
                                        _("You are not the Minister")) if self.is_you(seat) else
                                       (_("{who} is the Minister") if d["truthful"] else
                                        _("{who} is not the Minister")).format(who=w(seat))),
            "minister": lambda: _("{who} {a} and {b}").format(who=v(seat, _("choose")), a=at(d["spots"][0]),
                                                                      b=at(d["spots"][1])),
            "minister_swap": lambda: _("You swapped them") if d["swapped"] else _("You left them"),
            "execute": lambda: (_("{who} you are the {card}").format(who=v(seat, _("say")), card=ch)
                                if self.is_you(d["target"]) else
                                _("{who} {target} is the {card}").format(who=v(seat, _("say")), target=w(d["target"]),
                                                                         card=ch)),
            "execute_look": lambda: _("{who} saw {card}").format(who=w(d["target"]), card=self.secret(d["card"])),
            "execute_result": lambda: _("Right!") if d["right"] else _("Wrong"),
            "tax": lambda: _("The Sheriff's tax"),
            "no_tax": lambda: _("{who} no coin to pay").format(who=v(seat, _("have"), _("has"))),
            "sheriff": lambda: _("{who} 1 more").format(who=self.says(d["target"], _("pay"))),
            "peasant": lambda: _("{who} {card}").format(who=v(seat, _("show")), card=self.secret(d["card"])),
            "names": lambda: _("{who} every other card").format(who=v(seat, _("name"))),
            "reveal_all": lambda: _("All named right!") if d["all_right"] else _("A name is wrong"),
            "peasant_wins": lambda: _("{who} the whole treasury!").format(who=v(seat, _("take"))),
            "mistake": lambda: _("{who} made a mistake").format(who=w(seat)),
            "game_over": lambda: (_("{names} share the win!").format(names=", ".join(w(s) for s in d["winners"]))
                                  if len(d["winners"]) > 1 else self.says(d["winners"][0], _("win")) + "!"),
        }
        return lines[kind]() if kind in lines else None

    def _step(self, kind: str, d: dict, begin=None, hold: float = 0.6, tone: str = "", caption: str | None = None,
              end=None, wait: bool = False) -> None:
        line = self.describe(kind, d)
        self.add_step(begin or (lambda: None), hold, end, caption=caption or line, tone=tone, log=line, wait=wait)

    def _set(self, **kw) -> None:
        for k, v in kw.items():
            setattr(self.shown, k, v)

    def _face(self, spot: int, card: str, private: bool) -> None:
        self.shown.faces[spot] = (card, private)
        self.flips[spot] = self.tweener.add(0.0, 1.0, 0.2, ease_in_out_cubic)
        self.sfx("flip")

    def _unface(self, *spots: int) -> None:
        for s in spots or tuple(self.shown.faces):
            self.shown.faces.pop(s, None)
            self.flips.pop(s, None)
        self.shown.marks.clear()

    def _show(self, kind: str, d: dict, spot: int, card: str, private: bool, tone: str = "") -> None:
        cap = _("{who} saw: {card}").format(who=self.who(self.viewer), card=card_text(card)) if private else \
            (_("You show: {card}").format(card=card_text(card)) if self.is_you(d["seat"]) else
             _("{who} shows: {card}").format(who=self.who(d["seat"]), card=card_text(card)))
        self._step(kind, d, lambda: self._face(spot, card, private), 1.6, tone or "call", cap,
                   end=lambda: self._unface(spot))

    def ev_deal(self, d: dict) -> None:
        def begin() -> None:
            for s, c in enumerate(d["cards"]):
                self.fly(self.layout.shared("treasury").center, self.zone(s, "name").center, 60, 60, c, 0.3,
                         delay=0.06 * s, flip=True, persist=True, tag="deal")
        self._step("deal", d, begin, 1.4)

    def ev_redeal(self, d: dict) -> None:
        self._step("redeal", d, lambda: self.gather_flights("deal", self.layout.shared("treasury").center, 60), 0.6)

    def ev_start(self, d: dict) -> None:
        self._step("start", d, lambda: self._set(turn=d["seat"]), 0.9, "true")

    def ev_spots(self, d: dict) -> None:
        def begin() -> None:
            c = self.layout.shared("treasury").center
            self.gather_flights("deal", c, CARD_W)
            self.hide = set(range(K.SPOTS))
            for s in range(K.SPOTS):
                self.fly(c, self.spot_pt(s), CARD_W, CARD_W, duration=0.25, delay=0.45 + 0.12 * s,
                         on_land=lambda s=s: self.hide.discard(s))
        self._step("spots", d, begin, 1.3, end=lambda: self.hide.clear())

    def ev_window(self, d: dict) -> None:
        self._step("window", d, lambda: self._set(phase=d["kind"]), 0.3)

    def ev_peeks(self, d: dict) -> None:
        def begin() -> None:
            self.eyes = {}
            for s, v in d["spots"].items():
                self.eyes.setdefault(v, []).append(int(s))
        self._step("peeks", d, begin, 1.2, end=lambda: self.eyes.clear())

    def ev_peek(self, d: dict) -> None:
        self._show("peek", d, d["spot"], d["card"], True)

    def ev_turn(self, d: dict) -> None:
        self._step("turn", d, lambda: self._set(phase="turn", turn=d["seat"], turns=d["turn"], claimant=-1,
                                                claim=-1, to_king=False), 0.3)

    def ev_look(self, d: dict) -> None:
        self._step("look", d, lambda: self.eyes.update({d["spot"]: [d["seat"]]}), 0.5,
                   end=lambda: self.eyes.clear())

    def ev_looked(self, d: dict) -> None:
        self._show("looked", d, d["spot"], d["card"], True)

    def ev_coin(self, d: dict) -> None:
        def begin() -> None:
            self.fly(self.coin_pt(d["from"]), self.coin_pt(d["to"]), COIN_W, COIN_W, duration=0.25, kind="token",
                     on_land=lambda: self.sfx("token"))
            self._set(coins=list(d["coins"]), treasury=d["treasury"])
        self.add_step(begin, 0.27, log=self.describe("coin", d))

    def ev_no_coin(self, d: dict) -> None:
        self._step("no_coin", d, hold=0.6, tone="false")

    def ev_move(self, d: dict) -> None:
        def begin() -> None:
            self.rot = (self.tweener.add(0.0, 1.0, 0.45 if d["shift"] != 3 else 0.7, ease_in_out_cubic), d["shift"])
            self.sfx("slide")
        self._step("move", d, begin, 0.8, end=lambda: setattr(self, "rot", None))

    def ev_claim(self, d: dict) -> None:
        self._step("claim", d, lambda: self._set(claimant=d["seat"], claim=K.CARD_INDEX[d["character"]],
                                                 to_king=bool(d.get("to_king"))), 0.8, "call")

    def ev_no_challenge(self, d: dict) -> None:
        self._step("no_challenge", d, hold=0.5)

    def ev_challenge(self, d: dict) -> None:
        self._step("challenge", d, hold=0.8, tone="call")

    def ev_challenge_look(self, d: dict) -> None:
        self._show("challenge_look", d, d["spot"], d["card"], True)

    def ev_challenge_result(self, d: dict) -> None:
        self._step("challenge_result", d, hold=1.0, tone="true" if d["truthful"] else "false")

    def ev_cancelled(self, d: dict) -> None:
        self._step("cancelled", d, hold=0.6, tone="false")

    def ev_act(self, d: dict) -> None:
        self._step("act", d, lambda: self._set(phase="act"), 0.6, "true")

    def ev_ministers(self, d: dict) -> None:
        self._step("ministers", d, hold=0.8)

    def ev_minister_seen(self, d: dict) -> None:
        self._show("minister_seen", d, d["spot"], d["card"], True)

    def ev_minister_check(self, d: dict) -> None:
        self._step("minister_check", d, hold=0.8, tone="true" if d["truthful"] else "false")

    def ev_minister(self, d: dict) -> None:
        a, b = d["spots"]

        def begin() -> None:
            pa, pb = self.spot_pt(a), self.spot_pt(b)
            self.hide |= {a, b}
            for src, dst in ((pa, pb), (pb, pa)):        # they cross and come back: the swap stays secret
                self.fly(src, dst, CARD_W, CARD_W, duration=0.4)
                self.fly(dst, src, CARD_W, CARD_W, duration=0.4, delay=0.45)
            self.sfx("slide")
        self._step("minister", d, begin, 1.0, end=lambda: self.hide.difference_update((a, b)))

    def ev_minister_swap(self, d: dict) -> None:
        self._step("minister_swap", d, hold=0.8)

    def ev_execute(self, d: dict) -> None:
        self._step("execute", d, hold=0.9, tone="call")

    def ev_execute_look(self, d: dict) -> None:
        self._show("execute_look", d, d["spot"], d["card"], True)

    def ev_execute_result(self, d: dict) -> None:
        self._step("execute_result", d, hold=0.9, tone="true" if d["right"] else "false")

    def ev_tax(self, d: dict) -> None:
        self._step("tax", d, hold=0.5)

    def ev_no_tax(self, d: dict) -> None:
        self._step("no_tax", d, hold=0.4)

    def ev_sheriff(self, d: dict) -> None:
        self._step("sheriff", d, hold=0.5, tone="call")

    def ev_peasant(self, d: dict) -> None:
        peasant = d["card"] == "peasant"
        self._show("peasant", d, d["spot"], d["card"], False, "true" if peasant else "false")
        if peasant:
            self.add_step(lambda: self._set(phase="name"), 0.0)

    def ev_names(self, d: dict) -> None:
        self._step("names", d, hold=0.5)

    def ev_reveal_all(self, d: dict) -> None:
        def begin() -> None:
            for s, c in enumerate(d["cards"]):
                self._face(s, c, False)
            self.shown.marks.update({s: ok for s, ok in enumerate(d["right"]) if d["named"][s] is not None})
        self._step("reveal_all", d, begin, 2.2, "true" if d["all_right"] else "false", end=self._unface, wait=True)

    def ev_peasant_wins(self, d: dict) -> None:
        self._step("peasant_wins", d, hold=0.6, tone="true")

    def ev_mistake(self, d: dict) -> None:
        self._step("mistake", d, hold=0.7, tone="false")

    def ev_game_over(self, d: dict) -> None:
        def begin() -> None:
            self._set(phase="over", claimant=-1, claim=-1, to_king=False)
            self.celebration, self.celebrate_t = self.describe("game_over", d), 0.0
            self.sfx("fanfare")
        self._step("game_over", d, begin, 2.4, "true")

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        sh, legal = self.shown, self._legal()
        if sh.phase == "over":
            return _("Game over"), ""
        if not legal:
            who = sh.turn if sh.phase == "turn" else sh.claimant
            return (_("Waiting for the others…") if sh.phase in ("peek", "challenge", "ministers") or who < 0
                    else _("Wait a moment…") if self.is_you(who) else
                    _("{who} is playing…").format(who=self.who(who))), ""
        ch = card_text(sh.claim) if sh.claim >= 0 else ""
        msg = {
            "peek": _("Peek: click a card that is not yours (←/→ and Enter)"),
            "turn": _("Your turn: drag a coin onto the treasury to look, drag a card to turn the ring, "
                      "or Enter to claim"),
            "challenge": _("{who} claims the {card}: challenge (C) or pass (Enter)").format(
                who=self.who(sh.claimant), card=ch),
            "ministers": _("“Who is the minister?” Claim it (M) or pass (Enter)"),
            "name": _("Drop a name on each other card (or ←/→ and 1-5); Enter names them"),
        }.get(sh.phase)
        if sh.phase == "act":
            msg = {K.MINISTER: _("Minister: click two cards (or drag one onto another), then swap or keep"),
                   K.EXECUTIONER: _("Executioner: drag your card onto a player (or click them), then name a card"),
                   K.SHERIFF: _("Sheriff: click the player who pays 1 more")}[sh.claim]
        return msg or "", "true"

    def draw_seat_extras(self, surf, seat: int) -> None:
        a, n = self.app, self.shown.coins[seat]
        z = self.zone(seat, "token")
        drag_coin = self.drag is not None and self.drag.active and self.drag.kind == "coin" and seat == self.viewer
        shown = n - (1 if drag_coin else 0)
        for k in range(min(shown, 6)):
            img = a.cards.token(a.view.n(COIN_W + 6))
            surf.blit(img, img.get_rect(center=a.view.pt(z.centerx, z.centery - k * 5)))
        pill = pygame.Rect(0, 0, 40, 24)
        pill.midtop = (z.centerx, z.bottom - 6)
        panel(surf, a, pill, (10, 22, 16, 230), radius=12, border=(*T.GOLD, 160))
        text(surf, a, str(n), pill.center, 16, T.GOLD, bold=True, anchor="center")

    def draw_centre(self, surf) -> None:
        a, sh = self.app, self.shown
        tz = self.layout.shared("treasury")
        panel(surf, a, tz, (8, 18, 13, 170), radius=14, border=(*T.GOLD, 120), width=2)
        for z in self.drop_zones()[:1]:
            self.drop_glow(surf, z)
        img = a.cards.piece("treasury", a.view.n(70))
        surf.blit(img, img.get_rect(center=a.view.pt(tz.centerx, tz.y + 48)))
        text(surf, a, _("Treasury: {n}").format(n=sh.treasury), (tz.centerx, tz.bottom - 20), 18, T.GOLD, bold=True,
             anchor="center")
        sc = self.layout.shared("score")
        panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
        line = _("Turn {n}").format(n=sh.turns) if sh.turns else _("The opening look")
        if self.aid():
            line += " · " + _("memory aid on")
        text(surf, a, line, (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft", max_w=sc.w - 24)
        zones = self.drop_zones()
        for s in range(K.SPOTS):
            self.draw_spot(surf, s, zones)

    def draw_spot(self, surf, s: int, zones) -> None:
        a, sh = self.app, self.shown
        r = self.spot_rect(s)
        if self.rot is None:
            for z in zones[1 + 2 * s:3 + 2 * s]:
                self.drop_glow(surf, z)
        if self.seat_at(s) is None:
            text(surf, a, _("empty spot"), (r.centerx, r.bottom + 22), 16, T.TEXT_DIM, anchor="center")
        if s in self.hide:
            return
        pos = self.spot_pt(s)
        lit = (s in self.picks) or (s == self.focus and sh.phase not in ("turn", "challenge", "ministers")
                                    and self._legal())
        if lit:
            panel(surf, a, r.inflate(14, 14).move(pos[0] - r.centerx, pos[1] - r.centery), (*T.OKABE["sky"], 90),
                  radius=12, border=(*(T.GOLD if s in self.picks else T.OKABE["sky"]), 255), width=3)
        face = sh.faces.get(s)
        if face is not None and face[1] and (self.hand_hidden or self.curtain_for is not None):
            face = None
        if self.drag is not None and self.drag.active and self.drag.kind == "card" and self._grab == s:
            pos = self.drag.pos
        flip = self.flips.get(s)
        f = flip.value() if flip is not None and face is not None else 1.0
        draw_card(surf, a, pos, CARD_W * (1.06 if self.drag and self.drag.active and self._grab == s else 1),
                  face[0] if face is not None and f >= 0.5 else None, squash=abs(math.cos(math.pi * f)))
        if s in sh.marks:
            c = (120, 230, 180) if sh.marks[s] else T.OKABE["vermillion"]
            pygame.draw.circle(surf, c, a.view.pt(pos[0], pos[1] + 6), a.view.n(17))
            text(surf, a, "✓" if sh.marks[s] else "✗", (pos[0], pos[1] + 6), 20, T.TEXT_DARK, bold=True,
                 anchor="center")
        if self.eyes.get(s):
            seen = self.eyes[s]
            self.tag(surf, (pos[0], pos[1] + 20), self.says(seen[0], _("look")) if len(seen) == 1 else
                     _("{names} look").format(names=", ".join(self.who(x) for x in seen)), T.OKABE["sky"])
        if s in self.named:
            self.tag(surf, (pos[0], pos[1] - 76), card_text(self.named[s]), T.GOLD)
        elif sh.known and not self.hand_hidden and self.curtain_for is None and len(sh.known[s]) <= 2 \
                and face is None:
            names = " / ".join(card_text(c) for c in sorted(sh.known[s]))
            self.tag(surf, (pos[0], pos[1] - 76), names, T.GOLD if len(sh.known[s]) == 1 else T.TEXT)

    def tag(self, surf, pos, label: str, colour) -> None:
        a = self.app
        w = min(200, a.fonts.get(a.view.n(16), True).size(label)[0] / a.view.s + 20)
        r = pygame.Rect(0, 0, round(w), 26)
        r.center = (round(pos[0]), round(pos[1]))
        panel(surf, a, r, (10, 22, 16, 235), radius=13, border=(*colour, 255), width=2)
        text(surf, a, label, r.center, 16, colour, bold=True, anchor="center", max_w=w - 10)

    def draw_overlays(self, surf) -> None:
        if self.shown.phase != "name" or not self._legal():
            return
        a, z = self.app, self.layout.overlay("labels")
        panel(surf, a, z, (8, 18, 13, 240), radius=14, border=(*T.GOLD, 200), width=2)
        text(surf, a, _("Name the other cards"), (z.centerx, z.y + 24), 18, T.GOLD, bold=True, anchor="center")
        for i, (c, r) in enumerate(self.label_rects()):
            used = c in self.named.values()
            held = c == self.label
            panel(surf, a, r, (52, 96, 72, 250) if held else (24, 44, 34, 250 if not used else 120), radius=8,
                  border=(*(T.GOLD if held else (255, 255, 255)), 255 if held else 90), width=2)
            text(surf, a, f"{i + 1} {card_text(c)}", r.center, 16, T.TEXT if not used else T.TEXT_DIM, bold=True,
                 anchor="center", max_w=r.w - 8)
        r = self.confirm_rect()
        ready = len(self.named) == K.SPOTS - 1
        panel(surf, a, r, (*(T.PRIMARY if ready else T.BUTTON_DISABLED), 250), radius=8, border=(255, 255, 255, 120))
        text(surf, a, _("Name them"), r.center, 16, T.TEXT, bold=True, anchor="center", max_w=r.w - 8)

    def draw_piece_drag(self, surf, drag) -> None:
        a = self.app
        if drag.kind == "coin":
            img = a.cards.token(a.view.n((COIN_W + 6) * 1.1))
            surf.blit(img, img.get_rect(center=a.view.pt(*drag.pos)))
        elif drag.kind == "label" and self.label:
            self.tag(surf, drag.pos, card_text(self.label), T.GOLD)


TABLE = KTMTable
