"""Death over the Kingdom's event handlers (a mixin of the table): each domain event becomes
steps that animate it (the deal, cards crossing the table, a card to the discard pile and one
from the deck, the reveal with each power turning cards, tokens flying) and advance the
display model ``self.shown`` as the animations play; the log lines and captions are
``death_lines``."""
from __future__ import annotations

from game.rules.death import CARD_INDEX, KING, NAMES
from ..tween import ease_in_out_cubic
from . import death_lines
from .death_draw import DECK_W


class DeathEvents:
    def describe(self, kind: str, d: dict) -> str | None:
        return death_lines.describe(self, kind, d)

    def _step(self, kind: str, d: dict, begin=None, hold: float = 0.7, tone: str = "") -> None:
        self.kit.add_step(begin or (lambda: None), hold, caption=self.describe(kind, d), tone=tone)

    def _sync_known(self) -> None:
        """What the viewer knows of every seat's card after an action (its observation)."""
        after = self.kit.after
        sh = self.shown
        if after is not None and after.round == sh.round:
            sh.cards, sh.face_up, sh.hand = list(after.cards), list(after.face_up), after.hand
            self.kit.sync_hand()

    def on_events(self, events, action=None) -> None:
        self.kit.on_events(events, action)
        self.kit.add_step(self._sync_known, 0.0)

    def queue_deal(self, obs) -> None:
        self.shown.cards = [None] * self.kit.n
        self.shown.hand = None
        self.kit.sync_hand()

    def ev_deal(self, d: dict) -> None:
        sh = self.shown
        order = d["order"]

        def land(k: int) -> None:
            self.kit.sfx("tick")

        def begin() -> None:
            sh.cards, sh.face_up = [None] * self.kit.n, [False] * self.kit.n
            sh.turned, sh.values, sh.hand = [False] * self.kit.n, [None] * self.kit.n, None
            sh.dealer, sh.round, sh.deck, sh.discard = d["dealer"], d["round"], d["deck"], ()
            self.kit.sync_hand()
            self.kit.deal_flights(self.deck_pt(), [(self.card_pt(s), self.seat_width(s)) for s in order], land,
                              each=max(0.03, 0.5 / len(order)))
        self.kit.add_step(begin, 0.8, caption=self.describe("deal", d), log=self.describe("deal", d))

    def ev_card(self, d: dict) -> None:
        def begin() -> None:
            self.shown.hand = CARD_INDEX[d["card"]] if isinstance(d["card"], str) else d["card"]
            self.shown.cards[d["seat"]] = self.shown.hand
            self.kit.sync_hand()
        self.kit.add_step(begin, 0.2)

    def _mine(self, card) -> None:
        """The viewer's own card is now ``card`` (a private event: a draw, a swap)."""
        c = CARD_INDEX[card] if isinstance(card, str) else card
        self.shown.hand = c
        self.shown.cards[self.kit.viewer] = c
        self.kit.sync_hand()

    def ev_drawn(self, d: dict) -> None:
        if d["seat"] == self.kit.viewer:
            # a line only for a Trader drawn by the Trader (``describe``): two Traders are in view
            line = self.describe("drawn", d)
            self.kit.add_step(lambda: self._mine(d["card"]), 0.3 if line is None else 1.2, caption=line)

    def ev_received(self, d: dict) -> None:
        if d["seat"] == self.kit.viewer:
            self.kit.add_step(lambda: self._mine(d["card"]), 0.2)

    def ev_exchanged(self, d: dict) -> None:
        if self.kit.viewer in (d["seat"], d["target"]):
            mine = d["got"] if d["seat"] == self.kit.viewer else d["gave"]
            self.kit.add_step(lambda: self._mine(mine), 0.6, caption=death_lines.exchanged_line(self, d),
                          private=True)

    def ev_king(self, d: dict) -> None:
        def begin() -> None:
            self.shown.cards[d["seat"]], self.shown.face_up[d["seat"]] = KING, True
            self.kit.sfx("flip")
        self._step("king", d, begin, 0.8, "true")

    def ev_turn(self, d: dict) -> None:
        self.kit.add_step(lambda: setattr(self.shown, "turn", d["seat"]), 0.0)

    def ev_stand(self, d: dict) -> None:
        self._step("stand", d, hold=0.4)

    def _cross(self, a: int, b: int) -> None:
        """Two cards cross the table between seats ``a`` and ``b`` (faces where known)."""
        sh = self.shown
        fa, fb = sh.cards[a], sh.cards[b]
        self.kit.fly(self.card_pt(a), self.card_pt(b), self.seat_width(a), self.seat_width(b),
                 NAMES[fa] if fa is not None and sh.face_up[a] else None, duration=0.45)
        self.kit.fly(self.card_pt(b), self.card_pt(a), self.seat_width(b), self.seat_width(a),
                 NAMES[fb] if fb is not None and sh.face_up[b] else None, duration=0.45)
        sh.cards[a], sh.cards[b] = fb, fa
        sh.face_up[a], sh.face_up[b] = sh.face_up[b], sh.face_up[a]
        self.moving |= {a, b}
        self.kit.tweener.add(0.0, 1.0, 0.45, on_done=lambda: self.moving.difference_update((a, b)))
        self.kit.sfx("slide")

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
        self.kit.sfx("flip")

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
        self.kit.fly(self.card_pt(seat), self.discard_pt(), self.seat_width(seat), DECK_W, NAMES[c], duration=0.4,
                 on_land=lambda: setattr(sh, "discard", sh.discard + (c,)))
        self.kit.fly(self.deck_pt(), self.card_pt(seat), DECK_W, self.seat_width(seat), duration=0.4, delay=0.3)
        sh.cards[seat], sh.face_up[seat], sh.deck = None, False, deck
        self.kit.sfx("slide")

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
            self.kit.sync_hand()
            self.kit.sfx("flip")
        self._step("reveal", d, begin, 1.2, "call")

    def ev_power(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            for c in d["changed"]:
                s = c["seat"]
                sh.values[s] = c["value"]
                if c["turned"] and not sh.turned[s]:
                    sh.turned[s] = True
                    self.spin[s] = self.kit.tweener.add(0.0, 180.0, 0.5, ease_in_out_cubic)
            self.kit.sfx("flip" if d["applied"] else "tick")
        self.kit.add_step(begin, 1.0 if d["applied"] else 0.5, caption=death_lines.power_line(self, d),
                      log=death_lines.power_line(self, d))

    def ev_tokens(self, d: dict) -> None:
        seat, n = d["seat"], d["n"]

        def begin() -> None:
            src, dst = (self.deck_pt(), self.token_rect(seat).center) if n > 0 else \
                (self.token_rect(seat).center, self.deck_pt())
            for k in range(abs(n)):
                self.kit.fly(src, dst, 40, 40, duration=0.35, delay=k * 0.15, kind="token",
                         on_land=lambda: self.kit.sfx("token"))
            self.shown.tokens[seat] = d["tokens"]
        self._step("tokens", d, begin, 0.5 + 0.15 * abs(n), "false" if n > 0 else "")

    def ev_king_return(self, d: dict) -> None:
        def begin() -> None:
            self.kit.fly(self.token_rect(d["seat"]).center, self.deck_pt(), 40, 40, duration=0.35, kind="token")
            self.shown.tokens[d["seat"]] = d["tokens"]
        self._step("king_return", d, begin, 0.6, "true")

    def ev_eliminated(self, d: dict) -> None:
        self._step("eliminated", d, lambda: self.shown.out.__setitem__(d["seat"], True), 1.0, "false")

    def ev_round_end(self, d: dict) -> None:
        line = death_lines.round_end_line(self, d)
        # the round's result stays on the table until a person continues, at the Instant speed too
        self.kit.add_step(lambda: None, 1.2, caption=line, log=line, wait=True, wait_instant=True)

    def ev_new_round(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            sh.tokens = list(d["tokens"])
            self.spin.clear()
        self.kit.add_step(begin, 0.2)

    def ev_game_over(self, d: dict) -> None:
        def begin() -> None:
            self.shown.phase, self.shown.turn = "over", None
            self.kit.celebration, self.kit.celebrate_t = death_lines.over_line(self, d), 0.0
            self.kit.sfx("fanfare")
        self.kit.add_step(begin, 2.4, caption=death_lines.over_line(self, d), tone="true")
