"""Death over the Kingdom's table on the kit: one card per seat around a ring of 2-20
seats, the deck and the discard pile in the middle, token stacks, the dealer's marker,
the reveal with each end-of-round power in turn order, and the aid panel."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.i18n import N_, _, ngettext
from game.rules.death import (CARD_INDEX, KING, NAMES, TURNED, MULTIPLIERS, card_text)
from .. import input as inp
from .. import theme as T
from ..rules_text import DEATH_AID
from ..sprites import draw_card
from ..table import DropZone, TableScene
from ..tween import ease_in_out_cubic
from ..widgets import Button, panel, text

MODES = (("base", N_("Fewest tokens")), ("death_over_all", N_("Death over all")),
         ("only_one", N_("Only one")))
DECK_W = 84


@dataclass
class DeathView:
    round: int
    dealer: int
    turn: int | None
    phase: str
    hand: int | None
    cards: list                          # per seat: the card this viewer knows it holds, else None
    face_up: list
    tokens: list
    deck: int
    discard: tuple
    out: list
    turned: list = field(default_factory=list, compare=False)   # shown while the round ends
    values: list = field(default_factory=list, compare=False)


class DeathTable(TableScene):
    game = "death"
    multi_select = False
    ring_mark = True
    show_empty_count = False      # a seat's card is drawn on its own, not as a fanned hand
    SETUP_OPTIONS = (("mode", N_("Mode"), MODES, 456),
                     ("multiplier", N_("Rounds"), tuple((m, f"players × {m}") for m in MULTIPLIERS), 166))
    # "There can be only one" plays to the last player standing: it has no round count
    SETUP_OPTION_WHEN = {"multiplier": ("mode", ("base", "death_over_all"))}

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        obs = self.obs()
        self.mode, self.rounds = obs.mode, obs.rounds
        self.aid_open = False
        self.spin: dict[int, object] = {}            # seat -> a tween while its card turns
        self.moving: set[int] = set()                # seats whose card is crossing the table
        z = self.layout.shared("aid")
        self.top_buttons.append(Button(z, _("Aid"), self.toggle_aid, keys=(pygame.K_a,), hint="A", size=16))

    def view_from(self, obs) -> DeathView:
        n = len(obs.tokens)
        return DeathView(obs.round, obs.dealer, obs.turn, obs.phase, obs.hand, list(obs.cards), list(obs.face_up),
                         list(obs.tokens), obs.deck_size, tuple(obs.discard),
                         [r is not None for r in obs.out_round], [False] * n, [None] * n)

    def hand_cards(self):
        h = self.shown.hand
        if h is None or self.revealing():
            return []                                 # at the reveal my card is drawn (and turns) on the table
        return [(("card", h), NAMES[h], 0)]

    def revealing(self) -> bool:
        return self.shown.values[self.viewer] is not None

    def seat_cards(self, seat: int) -> int:
        return 0                                      # the seat's one card is drawn by draw_seat_extras

    def is_active(self, seat: int) -> bool:
        return seat == self.shown.turn and self.shown.phase in ("play", "thief")

    def plate_note(self, seat: int) -> str:
        if self.shown.out[seat]:
            return _("out")
        if self.pos_of(seat) == 0:                    # my own count, on my plate
            n = self.shown.tokens[seat]
            return ngettext("{n} token", "{n} tokens", n).format(n=n)
        return ""

    def wide_pods(self) -> bool:
        """Room for a token stack beside each card (else the count goes on the name plate)."""
        return self.n <= 8

    def can_play(self) -> bool:
        return super().can_play() and self.shown.turn == self.viewer and self.shown.phase == "play"

    def toggle_aid(self) -> None:
        self.aid_open = not self.aid_open

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        n = outcome.scores[seat]
        if obs.mode == "only_one" and seat in outcome.winners:
            return _("winner") if len(outcome.winners) == 1 else _("shared win")
        if obs.mode == "only_one" and obs.out_round[seat] is not None:
            return _("out in round {r}").format(r=obs.out_round[seat]) if wide else _("out")
        return ngettext("{n} token", "{n} tokens", n).format(n=n) if wide else str(n)

    # ------------------------------------------------------------------ geometry
    def card_pt(self, seat: int) -> tuple[float, float]:
        return self.seat_hand_center(seat)

    def deck_pt(self) -> tuple[float, float]:
        return self.layout.shared("deck").center

    def discard_pt(self) -> tuple[float, float]:
        return self.layout.shared("discard").center

    def seat_width(self, seat: int) -> float:
        if self.pos_of(seat) == 0:
            return self.hand_width
        hz = self.zone(seat, "hand")
        return max(40.0, min(84.0, hz.h * 5 / 7 - 4, hz.w * 0.6))

    def token_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's token stack stands: beside its card (the viewer: by the name plate)."""
        tz = self.zone(seat, "token")
        if self.pos_of(seat) == 0:
            return tz
        x, y = self.card_pt(seat)
        size = min(tz.w, 30)
        return pygame.Rect(round(x + self.seat_width(seat) / 2 + 4), round(y - size / 2), size, size)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.zone(seat, "hand").union(self.zone(seat, "name"))

    # ------------------------------------------------------------------ acting: drops, buttons, keys
    def _legal(self) -> list:
        if self.viewer not in self.match.to_act() or not self.privacy.may_act(self.viewer):
            return []
        return list(self.match.legal(self.viewer))

    def _right(self) -> int | None:
        """The viewer's right neighbour this round (the next seat in the turn order)."""
        order = self.obs().order
        return order[order.index(self.viewer) + 1] if self.viewer in order[:-1] else None

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone("deck", self.layout.shared("deck").inflate(40, 40), "cards",
                          lambda d: [a for a in self._legal() if a.kind in ("cut", "trader")],
                          explain=lambda d: _("Only the dealer cuts, and only a Trader swaps with the deck"))]
        right = self._right()
        for seat in range(self.n):
            if seat == self.viewer:
                continue

            def cands(d, seat=seat):
                return [a for a in self._legal() if a.get("target") == seat
                        or (seat == right and a.kind in ("exchange", "dragon"))]

            def why(d, seat=seat):
                if self.shown.cards[seat] == KING:
                    return _("{name} holds a King: nobody may take it").format(name=self.name(seat))
                return _("You exchange only with the player on your right, {name}").format(
                    name=self.name(right)) if right is not None else _("The dealer cuts the deck instead")
            zones.append(DropZone(f"seat{seat}", self.seat_rect(seat), "cards", cands, explain=why))
        return zones

    def on_drop(self, zone, actions, drag) -> None:
        if len(actions) == 1:
            self.submit(actions[0])
        else:
            self.choice_row(_("What do you do?"), _("Cut: discard your card and take a random one · Trader: swap "
                                                      "with the top card · Exchange: swap with the next player"),
                            [(self.action_label(a), a, None) for a in actions])

    def action_label(self, a) -> str:
        return {"stand": _("Stand"), "exchange": _("Exchange"), "cut": _("Cut"), "trader": _("Trader"),
                "dragon": _("Dragon"), "thief_swap": _("Swap"), "thief_keep": _("Keep mine"),
                "thief": _("Thief"), "bard": _("Bard")}[a.kind]

    def answer_buttons(self, seat, legal):
        acts = list(legal)
        if self.shown.phase not in ("play", "thief") or not acts:
            return []
        specs, picks = [], {}
        for a in acts:
            if a.kind in ("thief", "bard"):
                picks.setdefault(a.kind, []).append(a)
            else:
                key = {"stand": (pygame.K_RETURN,), "exchange": (pygame.K_e,), "cut": (pygame.K_c,),
                       "thief_keep": (pygame.K_k,), "thief_swap": (pygame.K_s,)}.get(a.kind, (pygame.K_p,))
                style = "primary" if a.kind in ("stand", "thief_keep") else "normal"
                specs.append((a, self.action_label(a), style, key))
        for kind, options in picks.items():
            specs.append((("pick", kind), _("{power}…").format(power=self.action_label(options[0])), "gold",
                          (pygame.K_p,)))
        # the quiet choice (Stand, Keep mine) last: the powers first, left to right
        return sorted(specs, key=lambda s: not isinstance(s[0], tuple) and s[0].kind in ("stand", "thief_keep"))

    def answer(self, action) -> None:
        if isinstance(action, tuple):                 # Thief… / Bard…: choose the player
            kind = action[1]
            opts = [(self.name(a["target"]), a, None) for a in self._legal() if a.kind == kind]
            self.choice_row(_("{power}: choose a player").format(power=self.action_label(opts[0][1])),
                            _("or drag your card onto them"), opts)
            return
        super().answer(action)

    def play_selection(self) -> None:
        stand = [a for a in self._legal() if a.kind == "stand"]
        if stand:
            self.submit(stand[0])

    def game_key(self, ev) -> None:
        if ev.key == pygame.K_p and self.can_play() and not any(
                a.kind in ("trader", "thief", "bard", "dragon") for a in self._legal()):
            self.say(_("Your card has no power to use now"))

    def handle(self, ev) -> None:
        # the aid panel is modal: a click or Esc closes it (A toggles it through its button)
        if self.aid_open and self.curtain_for is None:
            if ev.kind == inp.DOWN and not self.layout.shared("aid").collidepoint(ev.lpos) or \
                    ev.is_key(pygame.K_ESCAPE):
                self.aid_open = False
                return
            if ev.kind == inp.KEY and not ev.is_key(pygame.K_a):
                return
        super().handle(ev)

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.aid_open and self.curtain_for is None:
            self.draw_aid(surf)                       # over the buttons, under nothing but the top bar

    def autoplay_turn(self, h) -> bool:
        stand = [b for b in self.answers if b.label == _("Stand")]
        if stand:
            h.click(h.app.view.rect(stand[0].rect).center)
            return True
        return False

    # ------------------------------------------------------------------ events -> steps
    def describe(self, kind: str, d: dict) -> str | None:
        seat, target = d.get("seat"), d.get("target")
        who = self.who(seat) if seat is not None else ""
        tgt = self.who(target) if target is not None else ""
        card = card_text(d["card"]) if isinstance(d.get("card"), (str, int)) and d.get("card") != -1 else ""
        says = (lambda verb, third=None: self.says(seat, verb, third)) if seat is not None else \
            (lambda verb, third=None: "")
        lines = {
            "deal": lambda: _("Round {r}: {who}").format(r=d["round"], who=self.says(d["dealer"], _("deal"))),
            "king": lambda: _("{who} a King: face up").format(who=says(_("hold"))),
            "stand": lambda: says(_("stand")),
            "exchange": lambda: _("{who} cards with {target}").format(who=says(_("exchange")), target=tgt),
            "cut": lambda: _("{who} the deck (shows {card})").format(who=says(_("cut")), card=card),
            "trader": lambda: _("{who} the Trader for the top card").format(who=says(_("swap"))),
            "thief": lambda: _("{who} the Thief and looks at {card}").format(who=says(_("show")),
                                                                             card=self.card_of(target)),
            "thief_look": lambda: _("{target} holds {card}").format(target=tgt, card=card),
            "thief_swap": lambda: _("{who} cards with {target}").format(who=says(_("swap")), target=tgt),
            "thief_keep": lambda: _("{who} the card").format(who=says(_("keep"))),
            "bard": lambda: _("{who} the Bard with {target}").format(who=says(_("swap")), target=tgt),
            "dragon": lambda: _("{whose} Dragon burns {card}").format(
                whose=self.whose(seat), card=self.card_of(target, d["discarded"])),
            "reveal": lambda: _("Round {r}: every card is shown").format(r=d["round"]),
            "power": lambda: self.power_line(d),
            "tokens": lambda: self.token_line(d),
            "king_return": lambda: _("{who} returns a token (King)").format(who=who),
            "eliminated": lambda: _("{who} out!").format(who=says(_("are"), _("is"))),
            "game_over": lambda: self.over_line(d),
        }
        return lines[kind]() if kind in lines else None

    def card_of(self, seat: int, card=None) -> str:
        """"your card" / "Bram's card" ("your Bard" with ``card``)."""
        what = card_text(card) if card is not None else _("card")
        if self.who(seat) == _("You"):
            return _("your {what}").format(what=what)
        return _("{name}'s {what}").format(name=self.who(seat), what=what)

    def power_line(self, d: dict) -> str:
        card = card_text(d["card"])
        if not d["applied"]:
            return _("{card}: nothing happens").format(card=card)
        if d["source"] >= 0:
            return _("Monk: copies {who}'s value").format(who=self.who(d["source"]))
        turned = sorted({card_text(c["card"]) for c in d["changed"]})
        if not turned:
            return _("{card}: nothing more to turn").format(card=card)
        if turned == [card]:
            return _("{card} turns").format(card=card)
        return _("{card}: {cards} turns").format(card=card, cards=", ".join(turned))

    def token_line(self, d: dict) -> str:
        n = d["n"]
        seat = d["seat"]
        if n > 0:
            return ngettext("{who} {n} token", "{who} {n} tokens", n).format(who=self.says(seat, _("take")), n=n)
        return ngettext("{who} {n} token", "{who} {n} tokens", -n).format(who=self.says(seat, _("lose")), n=-n)

    def over_line(self, d: dict) -> str:
        names = ", ".join(self.who(s) for s in d["winners"])
        return _("{names} win!").format(names=names) if len(d["winners"]) > 1 else \
            self.says(d["winners"][0], _("win")) + "!"

    def _step(self, kind: str, d: dict, begin=None, hold: float = 0.7, tone: str = "") -> None:
        self.add_step(begin or (lambda: None), hold, caption=self.describe(kind, d), tone=tone)

    def _sync_known(self) -> None:
        """What the viewer knows of every seat's card after an action (its observation)."""
        after = self.after
        sh = self.shown
        if after is not None and after.round == sh.round:
            sh.cards, sh.face_up, sh.hand = list(after.cards), list(after.face_up), after.hand
            self.sync_hand()

    def on_events(self, events, action=None) -> None:
        super().on_events(events, action)
        self.add_step(self._sync_known, 0.0)

    def queue_deal(self, obs) -> None:
        self.shown.cards = [None] * self.n
        self.shown.hand = None
        self.sync_hand()

    def ev_deal(self, d: dict) -> None:
        sh = self.shown
        order = d["order"]

        def land(k: int) -> None:
            self.sfx("tick")

        def begin() -> None:
            sh.cards, sh.face_up = [None] * self.n, [False] * self.n
            sh.turned, sh.values, sh.hand = [False] * self.n, [None] * self.n, None
            sh.dealer, sh.round, sh.deck, sh.discard = d["dealer"], d["round"], d["deck"], ()
            self.sync_hand()
            self.deal_flights(self.deck_pt(), [(self.card_pt(s), self.seat_width(s)) for s in order], land,
                              each=max(0.03, 0.5 / len(order)))
        self.add_step(begin, 0.8, caption=self.describe("deal", d), log=self.describe("deal", d))

    def ev_card(self, d: dict) -> None:
        def begin() -> None:
            self.shown.hand = CARD_INDEX[d["card"]] if isinstance(d["card"], str) else d["card"]
            self.shown.cards[d["seat"]] = self.shown.hand
            self.sync_hand()
        self.add_step(begin, 0.2)

    def _mine(self, card) -> None:
        """The viewer's own card is now ``card`` (a private event: a draw, a swap)."""
        c = CARD_INDEX[card] if isinstance(card, str) else card
        self.shown.hand = c
        self.shown.cards[self.viewer] = c
        self.sync_hand()

    def ev_drawn(self, d: dict) -> None:
        if d["seat"] == self.viewer:
            self.add_step(lambda: self._mine(d["card"]), 0.3)

    def ev_received(self, d: dict) -> None:
        if d["seat"] == self.viewer:
            self.add_step(lambda: self._mine(d["card"]), 0.2)

    def ev_exchanged(self, d: dict) -> None:
        if self.viewer in (d["seat"], d["target"]):
            mine = d["got"] if d["seat"] == self.viewer else d["gave"]
            self.add_step(lambda: self._mine(mine), 0.2)

    def ev_king(self, d: dict) -> None:
        def begin() -> None:
            self.shown.cards[d["seat"]], self.shown.face_up[d["seat"]] = KING, True
            self.sfx("flip")
        self._step("king", d, begin, 0.8, "true")

    def ev_turn(self, d: dict) -> None:
        self.add_step(lambda: setattr(self.shown, "turn", d["seat"]), 0.0)

    def ev_stand(self, d: dict) -> None:
        self._step("stand", d, hold=0.4)

    def _cross(self, a: int, b: int) -> None:
        """Two cards cross the table between seats ``a`` and ``b`` (faces where known)."""
        sh = self.shown
        fa, fb = sh.cards[a], sh.cards[b]
        self.fly(self.card_pt(a), self.card_pt(b), self.seat_width(a), self.seat_width(b),
                 NAMES[fa] if fa is not None and sh.face_up[a] else None, duration=0.45)
        self.fly(self.card_pt(b), self.card_pt(a), self.seat_width(b), self.seat_width(a),
                 NAMES[fb] if fb is not None and sh.face_up[b] else None, duration=0.45)
        sh.cards[a], sh.cards[b] = fb, fa
        sh.face_up[a], sh.face_up[b] = sh.face_up[b], sh.face_up[a]
        self.moving |= {a, b}
        self.tweener.add(0.0, 1.0, 0.45, on_done=lambda: self.moving.difference_update((a, b)))
        self.sfx("slide")

    def ev_exchange(self, d: dict) -> None:
        self._step("exchange", d, lambda: self._cross(d["seat"], d["target"]), 0.6)

    def ev_thief_swap(self, d: dict) -> None:
        def begin() -> None:
            self._cross(d["seat"], d["target"])
            self.shown.phase = "play"
        self._step("thief_swap", d, begin, 0.6)

    def ev_thief_keep(self, d: dict) -> None:
        self._step("thief_keep", d, lambda: setattr(self.shown, "phase", "play"), 0.4)

    def _show(self, seat: int, card) -> None:
        self.shown.cards[seat] = CARD_INDEX[card] if isinstance(card, str) else card
        self.shown.face_up[seat] = True
        self.sfx("flip")

    def ev_thief(self, d: dict) -> None:
        def begin() -> None:
            self._show(d["seat"], d["card"])
            self.shown.phase = "thief"
        self._step("thief", d, begin, 0.7, "call")

    def ev_thief_look(self, d: dict) -> None:
        def begin() -> None:
            self.shown.cards[d["target"]] = CARD_INDEX[d["card"]] if isinstance(d["card"], str) else d["card"]
        self._step("thief_look", d, begin, 1.0)

    def ev_bard(self, d: dict) -> None:
        def begin() -> None:
            self._show(d["seat"], d["card"])
            self._cross(d["seat"], d["target"])
        self._step("bard", d, begin, 0.7, "call")

    def _to_discard(self, seat: int, card, deck: int, tag: str) -> None:
        """``seat``'s card goes face up onto the discard pile and a card comes from the deck."""
        sh = self.shown
        c = CARD_INDEX[card] if isinstance(card, str) else card
        self.fly(self.card_pt(seat), self.discard_pt(), self.seat_width(seat), DECK_W, NAMES[c], duration=0.4,
                 on_land=lambda: setattr(sh, "discard", sh.discard + (c,)))
        self.fly(self.deck_pt(), self.card_pt(seat), DECK_W, self.seat_width(seat), duration=0.4, delay=0.3)
        sh.cards[seat], sh.face_up[seat], sh.deck = None, False, deck
        self.sfx("slide")

    def ev_cut(self, d: dict) -> None:
        self._step("cut", d, lambda: self._to_discard(d["seat"], d["card"], d["deck"], "cut"), 0.8)

    def ev_trader(self, d: dict) -> None:
        self._step("trader", d, lambda: self._to_discard(d["seat"], d["card"], d["deck"], "trader"), 0.8, "call")

    def ev_dragon(self, d: dict) -> None:
        def begin() -> None:
            self._show(d["seat"], d["card"])
            self._to_discard(d["target"], d["discarded"], d["deck"], "dragon")
        self._step("dragon", d, begin, 0.9, "call")

    def ev_reveal(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            for s, name in d["cards"].items():
                s = int(s)
                sh.cards[s], sh.face_up[s] = CARD_INDEX[name], True
                sh.values[s] = CARD_INDEX[name]
            sh.turn = None                            # nobody plays while the round ends
            self.sync_hand()
            self.sfx("flip")
        self._step("reveal", d, begin, 1.2, "call")

    def ev_power(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            for c in d["changed"]:
                s = c["seat"]
                sh.values[s] = c["value"]
                if c["turned"] and not sh.turned[s]:
                    sh.turned[s] = True
                    self.spin[s] = self.tweener.add(0.0, 180.0, 0.5, ease_in_out_cubic)
            self.sfx("flip" if d["applied"] else "tick")
        self.add_step(begin, 1.0 if d["applied"] else 0.5, caption=self.power_line(d), log=self.power_line(d))

    def ev_tokens(self, d: dict) -> None:
        seat, n = d["seat"], d["n"]

        def begin() -> None:
            src, dst = (self.deck_pt(), self.token_rect(seat).center) if n > 0 else \
                (self.token_rect(seat).center, self.deck_pt())
            for k in range(abs(n)):
                self.fly(src, dst, 40, 40, duration=0.35, delay=k * 0.15, kind="token",
                         on_land=lambda: self.sfx("token"))
            self.shown.tokens[seat] = d["tokens"]
        self._step("tokens", d, begin, 0.5 + 0.15 * abs(n), "false" if n > 0 else "")

    def ev_king_return(self, d: dict) -> None:
        def begin() -> None:
            self.fly(self.token_rect(d["seat"]).center, self.deck_pt(), 40, 40, duration=0.35, kind="token")
            self.shown.tokens[d["seat"]] = d["tokens"]
        self._step("king_return", d, begin, 0.6, "true")

    def ev_eliminated(self, d: dict) -> None:
        self._step("eliminated", d, lambda: self.shown.out.__setitem__(d["seat"], True), 1.0, "false")

    def ev_round_end(self, d: dict) -> None:
        losers = ", ".join(self.who(s) for s in d["losers"])
        line = _("Round {r}: lowest {who}").format(r=d["round"], who=losers)
        self.add_step(lambda: None, 1.2, caption=line, log=line, wait=True)

    def ev_new_round(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            sh.tokens = list(d["tokens"])
            self.spin.clear()
        self.add_step(begin, 0.2)

    def ev_game_over(self, d: dict) -> None:
        def begin() -> None:
            self.shown.phase, self.shown.turn = "over", None
            self.celebration, self.celebrate_t = self.over_line(d), 0.0
            self.sfx("fanfare")
        self.add_step(begin, 2.4, caption=self.over_line(d), tone="true")

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        sh = self.shown
        if sh.phase == "over":
            return _("Game over"), ""
        if sh.out[self.viewer] and self.match.is_human(self.viewer) and not self.hotseat:
            return _("You are out: the others play on"), ""
        if sh.turn == self.viewer and self.match.is_human(self.viewer) and not self.hand_hidden:
            if sh.phase == "thief":
                return _("Swap with the card you saw, or keep yours"), "true"
            if sh.dealer == self.viewer:
                return _("Your turn (dealer, last): stand, drag your card onto the deck to cut, or use its power"), \
                    "true"
            return _("Your turn: stand, drag your card onto the player on your right, or use its power"), "true"
        return _("{who} is playing…").format(who=self.who(sh.turn)) if sh.turn is not None else "", ""

    def draw_centre(self, surf) -> None:
        a, sh = self.app, self.shown
        for z in self.drop_zones()[:1]:
            self.drop_glow(surf, z)
        deck = self.layout.shared("deck")
        self.draw_stack(surf, min(sh.deck, 6), deck.center, ngettext("{n} card", "{n} cards", sh.deck).format(
            n=sh.deck), width=DECK_W)
        dz = self.layout.shared("discard")
        if sh.discard:
            draw_card(surf, a, dz.center, DECK_W, NAMES[sh.discard[-1]])
        else:
            panel(surf, a, dz.inflate(-10, -14), (0, 0, 0, 40), radius=10, border=(255, 255, 255, 40))
            text(surf, a, _("discard"), dz.center, 16, T.TEXT_DIM, anchor="center", max_w=dz.w - 16)
        sc = self.layout.shared("score")
        panel(surf, a, sc, (8, 18, 13, 215), radius=10, border=(*T.GOLD, 140), width=2)
        mode = _(dict(MODES)[self.mode])
        label = _("Round {r} of {n}").format(r=sh.round, n=self.rounds) if self.rounds else \
            _("Round {r}").format(r=sh.round)
        text(surf, a, f"{label} · {mode}", (sc.x + 12, sc.centery), 18, T.GOLD, bold=True, anchor="midleft",
             max_w=sc.w - 24)

    def draw_seat_extras(self, surf, seat: int) -> None:
        a, sh = self.app, self.shown
        dim = sh.out[seat]
        if self.pos_of(seat) == 0 and self.revealing() and sh.cards[seat] is not None:
            spin = self.spin.get(seat)
            angle = spin.value() if spin is not None else (180.0 if sh.turned[seat] else 0.0)
            draw_card(surf, a, self.seat_hand_center(seat), self.hand_width, NAMES[sh.cards[seat]], angle=angle)
        if self.pos_of(seat) != 0 and not dim and seat not in self.moving:
            c = sh.cards[seat]
            spin = self.spin.get(seat)
            angle = spin.value() if spin is not None else (180.0 if sh.turned[seat] else 0.0)
            draw_card(surf, a, self.card_pt(seat), self.seat_width(seat), NAMES[c] if c is not None else None,
                      angle=angle)
            if sh.values[seat] is not None:
                x, y = self.card_pt(seat)
                w = self.seat_width(seat)
                # a small card keeps its face: the value sits beside it, low on its right
                pos = (x, self.zone(seat, "hand").bottom - 4) if w >= 60 else (x + w / 2 + 15, y + w * 0.35)
                self.draw_value(surf, seat, pos, small=w < 60)
        elif self.pos_of(seat) == 0 and sh.values[seat] is not None:
            hz = self.zone(seat, "hand")
            self.draw_value(surf, seat, (hz.centerx + 110, hz.y + 40))
        tz = self.token_rect(seat)
        n = sh.tokens[seat]
        if self.pos_of(seat) != 0 and not self.wide_pods():
            if n:                                     # a small table: a token with its count on the card's corner
                x, y = self.card_pt(seat)
                c = (x + self.seat_width(seat) / 2, y - self.seat_width(seat) * 0.7)
                img = a.cards.token(a.view.n(22))
                surf.blit(img, img.get_rect(center=a.view.pt(*c)))
                text(surf, a, str(n), (c[0] + 12, c[1] + 2), 16, T.TEXT, bold=True, anchor="midleft", shadow=True)
            return self.draw_marker(surf, seat, dim)
        elif self.pos_of(seat) != 0 and not n:
            return self.draw_marker(surf, seat, dim)
        px = a.view.n(tz.w * 0.8)
        for k in range(min(n, 5)):
            img = a.cards.token(px)
            surf.blit(img, img.get_rect(center=a.view.pt(tz.centerx, tz.centery - k * 4)))
        if n and self.pos_of(seat) != 0:
            text(surf, a, str(n), (tz.right + 2, tz.bottom - 4), 16, T.TEXT, bold=True, anchor="bottomleft",
                 shadow=True)
        self.draw_marker(surf, seat, dim)

    def draw_marker(self, surf, seat: int, dim: bool) -> None:
        """The dealer's marker, and a shade over a seat that is out."""
        a, sh = self.app, self.shown
        if seat == sh.dealer:
            nz = self.zone(seat, "name")
            c = (nz.x + 12, nz.y - 8)                 # top-left of the plate: clear of the value and tokens
            pygame.draw.circle(surf, T.GOLD, a.view.pt(*c), a.view.n(11))
            text(surf, a, "D", c, 16, T.TEXT_DARK, bold=True, anchor="center")
        if dim and self.pos_of(seat) != 0:
            r = self.seat_rect(seat)
            panel(surf, a, r, (0, 0, 0, 120), radius=10, border=None)

    def draw_value(self, surf, seat: int, pos, small: bool = False) -> None:
        sh = self.shown
        v = sh.values[seat]
        pill = pygame.Rect(0, 0, 30 if small else 44, 22 if small else 24)
        pill.center = pos
        turned = sh.turned[seat]
        panel(surf, self.app, pill, (*(T.OKABE["orange"] if turned else T.GOLD), 240), radius=12,
              border=(0, 0, 0, 160))
        text(surf, self.app, str(v), pill.center, 16, T.TEXT_DARK, bold=True, anchor="center")

    def draw_aid(self, surf) -> None:
        a, z = self.app, self.layout.overlay("aid_panel")
        panel(surf, a, z, (6, 14, 10, 248), radius=16, border=(*T.GOLD, 220), width=3)
        text(surf, a, _("Every character (A or Esc closes)"), (z.centerx, z.y + 24), 22, T.GOLD, bold=True,
             anchor="center")
        col_w, row_h = (z.w - 40) / 2, 72
        for i, (cid, power) in enumerate(DEATH_AID):
            c, r = divmod(i, 7)
            x, y = z.x + 20 + c * col_w, z.y + 54 + r * row_h
            k = CARD_INDEX[cid]
            draw_card(surf, a, (x + 26, y + 34), 46, cid)
            turned = _(" · turned {t}").format(t=TURNED[k]) if cid in ("innkeeper", "clown", "magician", "dragon",
                                                                           "knight", "queen") else ""
            text(surf, a, f"{card_text(k)} {k}{turned}", (x + 60, y + 8), 18, T.TEXT, bold=True, max_w=col_w - 70)
            text(surf, a, _(power), (x + 60, y + 34), 16, T.TEXT_DIM, max_w=col_w - 70)


TABLE = DeathTable
