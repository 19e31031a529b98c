"""Fireball Court's event handlers (a mixin of the table): each domain event becomes steps that
animate it (the deal, a card dealt to the Court, a card played, captures and sweeps sliding to a
seat's piles, the ravens' steal, the round summary) and advance the display model
``self.shown`` as the animations play; the log lines and captions are ``court_lines``."""
from __future__ import annotations

from game.rules.court import CARD_INDEX, CARDS
from ..table import ScoreSheet
from ..tween import ease_out_cubic
from . import court_lines
from .court_draw import CAP_W, STACK_W, face


def ids(names) -> tuple[int, ...]:
    return tuple(CARD_INDEX[n] for n in names)


class CourtEvents:
    def describe(self, kind: str, d: dict) -> str | None:
        return court_lines.describe(self, kind, d)

    def _gather_all(self) -> None:
        """Every card on the table slides back to the draw pile (a redeal, a new round)."""
        for i, st in enumerate(self.shown.court):
            for j, c in enumerate(st):
                self.kit.fly(self.stack_pos(i, j), self.deck_pt(), STACK_W, 96, face(c), duration=0.35)
        sh = self.shown
        sh.court, sh.hand, sh.hand_sizes, sh.captures, sh.pile = [], (), [0, 0], [(), ()], len(CARDS)
        self.stolen = [0, 0]
        self.kit.sync_hand()

    def ev_deal(self, d: dict) -> None:
        sh = self.shown
        sizes = d["hand_sizes"]

        def land(k: int) -> None:
            sh.hand_sizes[k % 2] += 1
            sh.pile -= 1
            self.kit.sfx("tick")
        dests = [(self.kit.seat_hand_center(k % 2), self.seat_width(k % 2)) for k in range(sum(sizes))]

        def begin() -> None:
            sh.pile, sh.hand_sizes, sh.hand, sh.court = len(CARDS), [0, 0], (), []
            self.kit.sync_hand()
            self.kit.deal_flights(self.deck_pt(), dests, land, each=0.12)
        self.kit.add_step(begin, sum(sizes) * 0.12 + 0.2, caption=self.describe("deal", d))

    def ev_hand(self, d: dict) -> None:
        def begin() -> None:
            self.shown.hand = ids(d["cards"])
            self.kit.sync_hand()
            self.kit.hand_flip = self.kit.tweener.add(0.0, 1.0, 0.2, ease_out_cubic)
        self.kit.add_step(begin, 0.25)

    def ev_court_card(self, d: dict) -> None:
        c, i = CARD_INDEX[d["card"]], d["stack"]

        def begin() -> None:
            sh = self.shown
            j = len(sh.court[i]) if i < len(sh.court) else 0
            self.kit.fly(self.deck_pt(), self.stack_pos(i, j), 96, STACK_W, face(c), duration=0.25, flip=True,
                     on_land=lambda: self.kit.sfx("flip"))
            if i < len(sh.court):
                sh.court[i] = sh.court[i] + (c,)
            else:
                sh.court.append((c,))
            sh.pile = d["pile"]
        self.kit.add_step(begin, 0.3)

    def ev_fireball_back(self, d: dict) -> None:
        def begin() -> None:
            self.shown.pile = d["pile"]
            self.kit.fly(self.deck_pt(), self.kit.layout.layers["areas"]["court"].center, 96, STACK_W, "fireball",
                     duration=0.3, flip=True)
        self.kit.add_step(begin, 0.9, caption=self.describe("fireball_back", d), tone="call")

    def ev_redeal(self, d: dict) -> None:
        self.kit.add_step(self._gather_all, 0.8, caption=self.describe("redeal", d), tone="call")

    def ev_start(self, d: dict) -> None:
        def begin() -> None:
            self.shown.starter = d["seat"]
        self.kit.add_step(begin, 1.0, caption=court_lines.start_caption(self, d), log=self.describe("start", d))

    def ev_turn(self, d: dict) -> None:
        def begin() -> None:
            self.shown.turn, self.between_rounds = d["seat"], False
        self.kit.add_step(begin, 0.0)

    def ev_draw(self, d: dict) -> None:
        seat = d["seat"]

        def land() -> None:
            self.shown.hand_sizes[seat] += 1
            self.shown.pile = d["pile"]

        def begin() -> None:
            self.kit.fly(self.deck_pt(), self.kit.seat_hand_center(seat), 96, self.seat_width(seat), duration=0.3,
                     on_land=land)
        self.kit.add_step(begin, 0.35)

    def ev_drawn(self, d: dict) -> None:
        def begin() -> None:
            self.shown.hand = self.shown.hand + (CARD_INDEX[d["card"]],)
            self.kit.sync_hand()
        self.kit.add_step(begin, 0.05)

    def ev_play(self, d: dict) -> None:
        seat, c = d["seat"], CARD_INDEX[d["card"]]

        def begin() -> None:
            sh = self.shown
            start = self.kit.seat_hand_center(seat)
            if seat == self.kit.viewer and c in sh.hand:
                poses = self.kit.hand.take([c])
                start = poses[0][:2] if poses else start
                sh.hand = tuple(x for x in sh.hand if x != c)
            sh.hand_sizes[seat] -= 1
            self.played = self.kit.fly(start, self.kit.layout.layers["areas"]["court"].center, self.seat_width(seat),
                                   STACK_W, face(c), duration=0.35, persist=True, tag="played")
            self.kit.sfx("slide")
        self.kit.add_step(begin, 0.45)

    def _take(self, seat: int, cards: list[int], sources: list[tuple[float, float]]) -> None:
        """Cards slide from ``sources`` to ``seat``'s capture piles (one by one)."""
        self.kit.flyers = [f for f in self.kit.flyers if f.tag != "played"]
        for k, (c, src) in enumerate(zip(cards, sources)):
            self.kit.fly(src, self.capture_dest(seat, c), STACK_W, CAP_W, face(c), duration=0.4, delay=k * 0.06)
        caps = self.shown.captures
        caps[seat] = tuple(sorted(caps[seat] + tuple(cards)))

    def ev_lay(self, d: dict) -> None:
        c = CARD_INDEX[d["card"]]

        def begin() -> None:
            self.kit.flyers = [f for f in self.kit.flyers if f.tag != "played"]
            self.shown.court.append((c,))
            self.kit.fly(self.kit.layout.layers["areas"]["court"].center, self.stack_pos(len(self.shown.court) - 1, 0),
                     STACK_W, STACK_W, face(c), duration=0.25)
        self.kit.add_step(begin, 0.3, caption=self.describe("lay", d))

    def ev_capture(self, d: dict) -> None:
        seat, i, c = d["seat"], d["stack"], CARD_INDEX[d["card"]]

        def begin() -> None:
            sh = self.shown
            stack = sh.court.pop(i)
            mid = self.kit.layout.layers["areas"]["court"].center
            self._take(seat, list(stack) + [c], [self.stack_pos(i, j) for j in range(len(stack))] + [mid])
            sh.last_capturer = seat
            self.kit.sfx("slide")
        self.kit.add_step(begin, 0.8, caption=self.describe("capture", d), tone="true")

    def _sweep(self, seat: int, extra: list[int]) -> None:
        sh = self.shown
        cards = [c for st in sh.court for c in st]
        sources = [self.stack_pos(i, j) for i, st in enumerate(sh.court) for j in range(len(st))]
        mid = self.kit.layout.layers["areas"]["court"].center
        self._take(seat, cards + extra, sources + [mid] * len(extra))
        sh.court = []

    def ev_sweep(self, d: dict) -> None:
        def begin() -> None:
            self._sweep(d["seat"], [CARD_INDEX[d["card"]]])
            self.shown.last_capturer = d["seat"]
            self.flash_seat, self.flash = d["seat"], self.kit.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)
            self.kit.sfx("call")
        self.kit.add_step(begin, 1.2, caption=self.describe("sweep", d), tone="call")

    def ev_sweep_empty(self, d: dict) -> None:
        self.kit.add_step(lambda: self._sweep(d["seat"], [CARD_INDEX[d["card"]]]), 0.7,
                      caption=self.describe("sweep_empty", d))

    def ev_leftovers(self, d: dict) -> None:
        def begin() -> None:
            self._sweep(d["seat"], [])
        self.kit.add_step(begin, 1.0, caption=self.describe("leftovers", d))

    def ev_raven_steal(self, d: dict) -> None:
        thief, victim, taken = d["seat"], d["from"], list(ids(d["cards"]))

        def begin() -> None:
            caps = self.shown.captures
            caps[victim] = tuple(x for x in caps[victim] if x not in taken)
            self.kit.flyers = [f for f in self.kit.flyers if f.tag != "played"]
            for k, c in enumerate(taken):
                self.kit.fly(self.zone(victim, "capture_coins").center, self.zone(thief, "capture_coins").center,
                         CAP_W, CAP_W, face(c), duration=0.25, delay=k * 0.25, on_land=lambda: self.kit.sfx("token"))
            caps[thief] = tuple(sorted(caps[thief] + tuple(taken)))
            self.stolen[thief] += len(taken)
            self.stolen[victim] -= len(taken)
        self.kit.add_step(begin, 0.6 + 0.25 * len(taken), caption=self.describe("raven_steal", d))

    def ev_round_end(self, d: dict) -> None:
        title = court_lines.round_title(self, d)
        sheet = ScoreSheet(title, [self.kit.name(s) for s in (0, 1)], court_lines.summary_rows(d))
        self.kit.add_step(lambda: setattr(self, "between_rounds", True), 0.0)
        self.kit.sheet_steps(sheet, self.describe("round_end", d), then=lambda: setattr(self.shown, "totals",
                                                                                   list(d["totals"])))

    def ev_new_round(self, d: dict) -> None:
        def begin() -> None:
            self._gather_all()
            self.shown.round, self.shown.last_capturer = d["round"], None
        self.kit.add_step(begin, 0.6)

    def ev_game_over(self, d: dict) -> None:
        def begin() -> None:
            self.shown.phase = "over"
            self.kit.celebration, self.kit.celebrate_t = self.describe("game_over", d), 0.0
            self.kit.sfx("fanfare")
        self.kit.add_step(begin, 2.4, caption=self.describe("game_over", d), tone="true")
