"""MasterBluff's event handlers (a mixin of the table): each domain event becomes steps that
animate it (the deal, cards flying to the pile, the token onto the banner, the Bluff! flash, the
reveal, the pile sliding into a hand) and advance the display model ``self.shown`` as the
animations play; the log lines and captions are ``masterbluff_lines``."""
from __future__ import annotations

from game.core.seats import deal_targets
from game.rules.masterbluff import DECK_SIZE, FAMILIES, LastPlay
from ..sprites import TABLE_W, Flyer
from ..table import Reveal
from ..tween import ease_out_cubic
from . import masterbluff_lines

NF = len(FAMILIES)


class MasterBluffEvents:
    def describe(self, kind: str, d: dict) -> str | None:
        return masterbluff_lines.describe(self, kind, d)

    def queue_deal(self, obs) -> None:
        targets = deal_targets((DECK_SIZE // self.kit.n) * self.kit.n, self.kit.n, (obs.dealer + 1) % self.kit.n)
        sh = self.shown
        sh.hand_sizes, sh.pile, sh.faces_up, sh.phase, sh.deck = [0] * self.kit.n, 0, False, "deal", DECK_SIZE
        sh.hand = (0,) * NF
        deck = self.kit.layout.shared("deck")
        dests = [(self.kit.seat_hand_center(targets[k]), self.seat_width(targets[k])) if k < len(targets)
                 else (self.pile_spot(k), TABLE_W) for k in range(DECK_SIZE)]   # the rest go onto the pile

        def land(k: int) -> None:
            if k % 2 == 0:
                self.kit.sfx("tick")
            sh.deck -= 1
            if k < len(targets):
                sh.hand_sizes[targets[k]] += 1
            else:
                sh.pile += 1

        def flip() -> None:
            sh.faces_up, sh.phase, sh.hand = True, obs.phase, tuple(obs.hand)
            self.kit.sync_hand()
            self.kit.hand_flip = self.kit.tweener.add(0.0, 1.0, 0.2, ease_out_cubic)

        dealt, starts, started = masterbluff_lines.deal_lines(self, obs)
        self.kit.deal_step(deck.center, dests, land, dealt)
        self.kit.add_step(flip, 0.3, caption=starts, log=started)

    def ev_discard(self, d: dict) -> None:
        seat, n, fi = d["seat"], d["n"], FAMILIES.index(d["family"])
        mine = seat == self.kit.viewer and self.kit.hand.faces_up
        counts = tuple(a - b for a, b in zip(self.shown.hand, self.kit.after.hand)) if seat == self.kit.viewer else None

        def begin() -> None:
            sh = self.shown
            sh.hand_sizes[seat] -= n
            starts = [(*self.kit.seat_hand_center(seat), 0.0)] * n
            if counts is not None:
                if mine:
                    starts = self.kit.hand.take_counts(counts)
                sh.hand = tuple(a - b for a, b in zip(sh.hand, counts))
                self.kit.sync_hand()
            for i, (x, y, _a) in enumerate(starts):
                self.kit.fly((x, y), self.pile_spot(sh.pile + i), self.seat_width(seat), TABLE_W, delay=i * 0.05,
                         on_land=lambda: setattr(sh, "pile", sh.pile + 1))
            self.kit.sfx("slide")
            sh.last, sh.phase = LastPlay(seat, n, fi, d["token"]), "respond"
            self.banner_pop = self.kit.tweener.add(0.0, 1.0, 0.35, ease_out_cubic)

        self.kit.add_step(begin, 0.42 + 0.05 * n, caption=self.describe("discard", d))

    def ev_token(self, d: dict) -> None:
        seat = d["seat"]

        def begin() -> None:
            self.shown.tokens[seat] = False
            b = self.kit.layout.shared("banner")
            src = b.center if (seat == self.kit.viewer and self.token_mode) else self.zone(seat, "token").center
            self.token_mode = False
            self.kit.sfx("token")
            fl = Flyer(src, (b.x + 27, b.y + 102), 46, 26, kind="token")    # onto the banner's bottom row
            self.kit.flyers.append(fl.launch(self.kit.tweener, 0.35, fade_after=0.3))

        self.kit.add_step(begin, 0.65, log=self.describe("token", d), caption=self.describe("token", d))

    def ev_window(self, d: dict) -> None:
        self._window, self._my_answer = (d["declarer"], tuple(d["order"])), None
        self._windows = getattr(self, "_windows", 0) + 1

        def begin() -> None:
            self.shown.phase, self.shown.responders = "respond", tuple(d["order"])
            self.kit.pacer.hold(self.kit.pacer.pace)
        self.kit.add_step(begin, 0.0)

    def ev_no_call(self, d: dict) -> None:
        self._window = None

        def begin() -> None:
            if self.shown.last is not None:
                self.shown.in_force = self.shown.last.family
        self.kit.add_step(begin, 0.6, caption=self.describe("no_call", d))

    def ev_call(self, d: dict) -> None:
        self._last_caller = d["caller"]
        words = masterbluff_lines.first_caller(self, d["caller"])
        mine = self._my_answer == "call"
        self._first = (words, len(self.kit.match.log)) if words is not None else None
        self._window = None

        def begin() -> None:
            if words is not None and mine:           # the viewer's own call did not count: say why
                self.kit.say(words, self.kit.layout.shared("buttons").center)
            self.flash_seat = d["caller"]
            self.kit.sfx("call")
            self.flash = self.kit.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)
        self.kit.add_step(begin, 0.8, caption=self.describe("call", d), tone="call")

    #: seconds the Bluff! reveal stays up at the least, at any speed (its cards must be seen)
    REVEAL_LEAST = 1.5

    def ev_reveal(self, d: dict) -> None:
        cards, truthful = list(d["cards"]), d["truthful"]
        title, footer = masterbluff_lines.reveal_words(self, d, self._last_caller)
        n = len(cards)

        def begin() -> None:
            self.kit.reveal = Reveal(title, masterbluff_lines.declared(self, d), footer, "true" if truthful else "false")
            self.kit.reveal_flights(cards, self.pile_spot)
        # at the Instant speed too the reveal stays long enough to read its cards (issue 25: they
        # were never on screen)
        self.kit.add_step(begin, 0.6 + 0.08 * n + 1.5, caption=title, tone="true" if truthful else "false",
                      log=self.describe("reveal", d), least=self.REVEAL_LEAST)

    def ev_pickup(self, d: dict) -> None:
        seat, n = d["seat"], d["n"]
        after = self.kit.after

        def begin() -> None:
            shown_cards = sum(1 for f in self.kit.flyers if f.tag == "reveal")
            self.kit.gather_flights("reveal", self.kit.seat_hand_center(seat), self.seat_width(seat),
                                [self.pile_spot(i) for i in range(min(self.shown.pile - shown_cards, 12))])
            self.kit.sfx("slide")
            self.shown.pile, self.shown.last, self.shown.in_force, self.kit.reveal = 0, None, None, None

        def end() -> None:
            self.shown.hand_sizes[seat] += n
            if seat == self.kit.viewer:
                self.shown.hand = tuple(after.hand)
                self.kit.sync_hand(origin=self.kit.layout.shared("pile").center)

        self.kit.add_step(begin, 0.42 + 0.03 * min(n, 20) + 0.25, end, log=self.describe("pickup", d),
                      caption=masterbluff_lines.pickup_caption(self, seat, n))

    def ev_out(self, d: dict) -> None:
        def begin() -> None:
            self.shown.places = self.shown.places + (d["seat"],)
        self.kit.add_step(begin, 0.5, caption=self.describe("out", d), tone="true")

    def ev_turn(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            sh.turn, sh.phase, sh.responders = d["seat"], "discard", ()
            sh.in_force = FAMILIES.index(d["family"]) if d.get("family") else None
        self.kit.add_step(begin, 0.0)

    def ev_game_over(self, d: dict) -> None:
        w = d["winners"][0] if d.get("winners") else None
        text_ = self.describe("game_over", d)

        def begin() -> None:
            self.kit.celebration, self.kit.celebrate_t = text_, 0.0
            lost = w is not None and self.kit.match.is_local(self.kit.viewer) and w != self.kit.viewer and not self.kit.hotseat
            self.kit.sfx("low" if lost else "fanfare")
            self.shown.phase, self.shown.responders = "over", ()
        self.kit.add_step(begin, 2.4, caption=text_, tone="true")
