"""King Thief Minister's event handlers (a mixin of the table): each domain event becomes steps
that animate it (coins flying one at a time, the ring turning, a card flipping face up for its
seat alone, the Minister's secret swap) and advance the display model ``self.shown`` as the
animations play; the log lines and captions are ``ktm_lines``."""
from __future__ import annotations

from game.rules import ktm as K
from ..tween import ease_in_out_cubic
from . import ktm_lines
from .ktm_draw import CARD_W, COIN_W


class KTMEvents:
    def describe(self, kind: str, d: dict) -> str | None:
        return ktm_lines.describe(self, kind, d)

    def _step(self, kind: str, d: dict, begin=None, hold: float = 0.6, tone: str = "", caption: str | None = None,
              end=None, wait: bool = False, least: float = 0.0) -> None:
        line = self.describe(kind, d)
        self.kit.add_step(begin or (lambda: None), hold, end, caption=caption or line, tone=tone, log=line, wait=wait,
                      least=least)

    def _set(self, **kw) -> None:
        for k, v in kw.items():
            setattr(self.shown, k, v)

    def _face(self, spot: int, card: str, private: bool) -> None:
        self.shown.faces[spot] = (card, private)
        self.flips[spot] = self.kit.tweener.add(0.0, 1.0, 0.2, ease_in_out_cubic)
        self.kit.sfx("flip")

    def _unface(self, *spots: int) -> None:
        for s in spots or tuple(self.shown.faces):
            self.shown.faces.pop(s, None)
            self.flips.pop(s, None)
        self.shown.marks.clear()
        self.shown.named.clear()

    #: seconds a card shown face up stays up at the normal speed before Continue is offered (with
    #: one person at the table) or before the hot seat's "remember it" Continue is offered (a
    #: private look: the face stays up until that Continue): long enough to be read
    SHOW_HOLD, HOT_SEAT_LOOK_HOLD = 1.0, 3.0

    def _show(self, kind: str, d: dict, spot: int, card: str, private: bool, tone: str = "") -> None:
        """A card face up: a private look (only its seat's handlers get the event) or a card shown
        to all.  It stays up until the person at the screen presses Continue; in hot seat a private
        look is followed by the kit's private "remember it" Continue and stays up until it."""
        cap = ktm_lines.shown_caption(self, d, card, private)
        if private and self.kit.hotseat:
            # the face stays up, to its person alone, through the kit's "remember it" Continue that
            # follows; it turns down when they press it (``secret_seen``), never before
            self._step(kind, d, lambda: self._face(spot, card, private), self.HOT_SEAT_LOOK_HOLD,
                       tone or "call", cap)
            return
        self._step(kind, d, lambda: self._face(spot, card, private), self.SHOW_HOLD, tone or "call", cap,
                   end=lambda: self._unface(spot), wait=True)

    def secret_seen(self, seat: int) -> None:
        """The person pressed Continue on "remember it": the private faces they saw turn down."""
        private = [s for s, (_card, mine) in self.shown.faces.items() if mine]
        if private:
            self._unface(*private)

    def ev_deal(self, d: dict) -> None:
        def begin() -> None:
            for s, c in enumerate(d["cards"]):
                self.kit.fly(self.kit.layout.shared("treasury").center, self.zone(s, "name").center, 60, 60, c, 0.3,
                         delay=0.06 * s, flip=True, persist=True, tag="deal")
        self._step("deal", d, begin, 1.4)

    def ev_redeal(self, d: dict) -> None:
        self._step("redeal", d, lambda: self.kit.gather_flights("deal", self.kit.layout.shared("treasury").center, 60), 0.6)

    def ev_start(self, d: dict) -> None:
        self._step("start", d, lambda: self._set(turn=d["seat"]), 0.9, "true")

    def ev_spots(self, d: dict) -> None:
        def begin() -> None:
            c = self.kit.layout.shared("treasury").center
            self.kit.gather_flights("deal", c, CARD_W)
            self.hide = set(range(K.SPOTS))
            for s in range(K.SPOTS):
                self.kit.fly(c, self.spot_pt(s), CARD_W, CARD_W, duration=0.25, delay=0.45 + 0.12 * s,
                         on_land=lambda s=s: self.hide.discard(s))
        self._step("spots", d, begin, 1.3, end=lambda: self.hide.clear())

    def ev_window(self, d: dict) -> None:
        self._step("window", d, lambda: self._set(phase=d["kind"]), 0.3)

    def ev_peeks(self, d: dict) -> None:
        # one event a peek (``prepare``: each its own log line): the eyes come one by one and
        # all go after the last
        part, parts = d.get("part", 0), d.get("parts", 1)

        def begin() -> None:
            if part == 0:
                self.eyes = {}
            for s, v in d["spots"].items():
                self.eyes.setdefault(v, []).append(int(s))
        self._step("peeks", d, begin, 1.2 if parts == 1 else 0.7,
                   end=(lambda: self.eyes.clear()) if part == parts - 1 else None)

    def ev_peek(self, d: dict) -> None:
        self._show("peek", d, d["spot"], d["card"], True)

    def ev_turn(self, d: dict) -> None:
        def begin() -> None:
            self.focus = None                  # a new turn: no card chosen by the keyboard yet
            self._set(phase="turn", turn=d["seat"], turns=d["turn"], claimant=-1, claim=-1, to_king=False)
        self._step("turn", d, begin, 0.3)

    def ev_look(self, d: dict) -> None:
        self._step("look", d, lambda: self.eyes.update({d["spot"]: [d["seat"]]}), 0.5,
                   end=lambda: self.eyes.clear())

    def ev_looked(self, d: dict) -> None:
        self._show("looked", d, d["spot"], d["card"], True)

    def ev_coin(self, d: dict) -> None:
        def begin() -> None:
            self.kit.fly(self.coin_pt(d["from"]), self.coin_pt(d["to"]), COIN_W, COIN_W, duration=0.25, kind="token",
                     on_land=lambda: self.kit.sfx("token"))
            self._set(coins=list(d["coins"]), treasury=d["treasury"])
        self.kit.add_step(begin, 0.27, log=self.describe("coin", d))

    def ev_no_coin(self, d: dict) -> None:
        self._step("no_coin", d, hold=0.6, tone="false")

    def ev_move(self, d: dict) -> None:
        def begin() -> None:
            self.rot = (self.kit.tweener.add(0.0, 1.0, 0.45 if d["shift"] != 3 else 0.7, ease_in_out_cubic), d["shift"])
            self.kit.sfx("slide")
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
                self.kit.fly(src, dst, CARD_W, CARD_W, duration=0.4)
                self.kit.fly(dst, src, CARD_W, CARD_W, duration=0.4, delay=0.45)
            self.kit.sfx("slide")
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
        if not peasant:                        # a mistake: the card goes face down again
            return self._show("peasant", d, d["spot"], d["card"], False, "false")
        # the Peasant stays face up for everyone while they name the others (the reveal turns it back)
        self._step("peasant", d, lambda: self._face(d["spot"], d["card"], False), 1.6, "true",
                   ktm_lines.shown_caption(self, d, d["card"], False), end=lambda: self._set(phase="name"))

    def ev_names(self, d: dict) -> None:
        def begin() -> None:
            self.named, self.label = {}, None  # the names in hand were guesses: the reveal answers them
        self._step("names", d, begin, 0.5)

    #: seconds the cards revealed at the end stay face up at the least, at any speed
    REVEAL_LEAST = 1.5

    def ev_reveal_all(self, d: dict) -> None:
        def begin() -> None:
            for s, c in enumerate(d["cards"]):
                self._face(s, c, False)
            self.shown.marks.update({s: ok for s, ok in enumerate(d["right"]) if d["named"][s] is not None})
            self.shown.named.update({s: c for s, c in enumerate(d["named"]) if c is not None})
        # every card face up: at the Instant speed too it stays long enough to be read
        self._step("reveal_all", d, begin, 2.2, "true" if d["all_right"] else "false", end=self._unface, wait=True,
                   least=self.REVEAL_LEAST)

    def ev_peasant_wins(self, d: dict) -> None:
        self._step("peasant_wins", d, hold=0.6, tone="true")

    def ev_mistake(self, d: dict) -> None:
        self._step("mistake", d, hold=0.7, tone="false")

    def ev_game_over(self, d: dict) -> None:
        def begin() -> None:
            self._set(phase="over", claimant=-1, claim=-1, to_king=False)
            self.kit.celebration, self.kit.celebrate_t = self.describe("game_over", d), 0.0
            self.kit.sfx("fanfare")
        self._step("game_over", d, begin, 2.4, "true")
