"""Fireball Court's table on the kit: the Court's stacks, the capture piles, the draw
pile, the score, and the round summary that builds the score line by line."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.i18n import _, ngettext
from game.rules.court import CARD_INDEX, CARDS, SENIORS, captures_with, play, stack_of
from .. import theme as T
from ..table import DropZone, ScoreSheet, TableScene
from ..sprites import draw_card
from ..tween import ease_out_cubic
from ..widgets import panel, text
from . import court_help

STACK_W = 84          # Court cards
CAP_W = 56            # capture piles
FAN_DOWN = 22         # how far each card of a Court stack shows below the one under it


def face(cid: int) -> str:
    c = CARDS[cid]
    return f"{c.kind}_{c.number}" if c.kind in ("coin", "raven") else c.suit


def title(cid: int) -> str:
    c = CARDS[cid]
    if c.kind == "coin":
        return _("{n} (coin)").format(n=c.number)
    if c.kind == "raven":
        return _("{n} (raven)").format(n=c.number)
    return senior_name(c.suit) if c.suit in SENIORS else _("Fireball")


def senior_name(suit: str) -> str:
    """A senior suit's name in the player's language."""
    return {"king": _("King"), "castle": _("Castle"), "knight": _("Knight")}[suit]


def senior_plural(suit: str) -> str:
    """A senior suit's plural name (a stack of them) in the player's language."""
    return {"king": _("Kings"), "castle": _("Castles"), "knight": _("Knights")}[suit]


def no_match(card: int, stack_suit: str) -> str:
    """Why ``card`` cannot go on the Court stack of ``stack_suit``: one whole sentence for each
    kind of card on each kind of stack (the rules: a card captures the stack of its own
    number, a senior the stack of its own suit)."""
    c = CARDS[card]
    if stack_suit in SENIORS:
        held = senior_plural(stack_suit)
        if c.kind == "senior":
            return _("Your {card} does not match: this stack holds {held}, and {own} capture only {own}").format(
                card=senior_name(c.suit), held=held, own=senior_plural(c.suit))
        return _("Your {n} does not match: this stack holds {held}, and your {n} captures only {n}s").format(
            n=c.number, held=held)
    if c.kind == "senior":
        return _("Your {card} does not match: this stack holds {m}s, and {own} capture only {own}").format(
            card=senior_name(c.suit), m=stack_suit, own=senior_plural(c.suit))
    return _("Your {n} does not match: this stack holds {m}s, and your {n} captures only {n}s").format(
        n=c.number, m=stack_suit)


def set_name(suit: str) -> str:
    """The round summary's row for a senior suit, one whole string per suit."""
    return {"king": _("King set"), "castle": _("Castle set"), "knight": _("Knight set")}[suit]


def pile_of(cid: int) -> str:
    kind = CARDS[cid].kind
    return {"coin": "capture_coins", "raven": "capture_ravens", "senior": "capture_seniors"}.get(kind, "capture_fire")


def ids(names) -> tuple[int, ...]:
    return tuple(CARD_INDEX[n] for n in names)


@dataclass
class CourtView:
    hand: tuple[int, ...]
    hand_sizes: list[int]
    pile: int
    court: list[tuple[int, ...]]
    captures: list[tuple[int, ...]]        # sorted: the table shows piles, not capture order
    turn: int
    round: int
    totals: list[int]
    last_capturer: int | None
    starter: int
    phase: str


class CourtTable(TableScene):
    help_line, help_spots = court_help.line, court_help.spots     # help at the table
    game = "court"
    multi_select = False
    show_empty_count = False  # hands empty out at every round's end: nothing to say
    hand_spread = 1.08        # five cards at most: side by side, each capture mark over its own card
    ring_mark = False
    enter_focuses_hand = True  # Enter plays the focused card: with none yet, Enter focuses the first

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        self.target = self.obs().target
        self.played = None
        self.refused = None            # the Court stack a refused drop was made on (lit while its reason shows)
        self.stolen = [0, 0]           # coin cards the ravens moved this round, per seat (+ taken, - lost)
        self.between_rounds = False

    def view_from(self, obs) -> CourtView:
        return CourtView(tuple(obs.hand), list(obs.hand_sizes), obs.pile_size, [tuple(s) for s in obs.court],
                         [tuple(sorted(c)) for c in obs.captures], obs.turn, obs.round, list(obs.totals),
                         obs.last_capturer, obs.starter, obs.phase)

    def hand_cards(self):
        return [(c, face(c), 0) for c in self.shown.hand]

    def seat_cards(self, seat: int) -> int:
        return self.shown.hand_sizes[seat]

    def is_active(self, seat: int) -> bool:
        # nobody's turn from the end of a round until the next round's first turn
        return seat == self.shown.turn and self.shown.phase == "play" and not self.between_rounds

    def plate_note(self, seat: int) -> str:
        n = self.shown.totals[seat]
        if self.match.is_human(seat):
            return _("{n} pts").format(n=n)
        return _("{level} · {n} pts").format(level=self.level_name(seat), n=n)

    def can_play(self) -> bool:
        return super().can_play() and self.shown.phase == "play" and self.shown.turn == self.viewer

    def hand_mark(self, key) -> str | None:
        if self.can_play() and captures_with(self.shown.court, key):
            return _("sweeps") if CARDS[key].kind == "fireball" else _("captures")
        return None

    def game_readable(self) -> dict:
        """The Court as it lies: each stack with its fanned cards; an empty place is felt."""
        court = self.shown.court
        return {f"court_{i}": (self.slot(i).inflate(0, FAN_DOWN * (len(court[i]) - 1)).move(
            0, FAN_DOWN * (len(court[i]) - 1) / 2) if i < len(court) else None) for i in range(12)}

    # ------------------------------------------------------------------ geometry
    def slot(self, i: int) -> pygame.Rect:
        return self.layout.shared(f"court_{min(i, 11)}")

    def stack_pos(self, i: int, j: int) -> tuple[float, float]:
        r = self.slot(i)
        return r.centerx, r.y + STACK_W * 0.7 + j * FAN_DOWN

    def pile_zone(self, seat: int, pile: str) -> pygame.Rect:
        return self.zone(seat, pile)

    def senior_pos(self, seat: int, suit: str, k: int) -> tuple[float, float]:
        z = self.zone(seat, "capture_seniors")
        col = SENIORS.index(suit)
        return z.x + z.w * (col + 0.5) / 3, z.y + CAP_W * 0.7 + 4 + k * 12

    def capture_dest(self, seat: int, cid: int) -> tuple[float, float]:
        if CARDS[cid].kind == "senior":
            have = sum(1 for x in self.shown.captures[seat] if CARDS[x].suit == CARDS[cid].suit)
            return self.senior_pos(seat, CARDS[cid].suit, have)
        return self.zone(seat, pile_of(cid)).center

    def deck_pt(self) -> tuple[float, float]:
        return self.layout.shared("deck").center

    # ------------------------------------------------------------------ drops and keys
    def _card(self, drag) -> int | None:
        if drag is not None and drag.key is not None:
            return drag.key
        return next(iter(self.selected), None)

    def drop_zones(self) -> list[DropZone]:
        zones = []
        for i, stack in enumerate(self.shown.court):
            def cands(d, i=i):
                c = self._card(d)        # a matching card captures this stack; a Fireball sweeps them all
                return [play(self.viewer, c)] if c is not None and (
                    stack_of(self.shown.court, c) == i or CARDS[c].kind == "fireball") else []

            def why(d, i=i):
                c = self._card(d)
                return no_match(c, CARDS[self.shown.court[i][0]].suit) if c is not None else ""
            zones.append(DropZone(f"stack{i}", self.slot(i).inflate(16, 16), "cards", cands, explain=why))

        def felt(d):
            c = self._card(d)
            if c is None or (CARDS[c].kind != "fireball" and stack_of(self.shown.court, c) is not None):
                return []
            return [play(self.viewer, c)]

        def felt_why(d):
            c = self._card(d)
            i = stack_of(self.shown.court, c) if c is not None else None
            # why, not only what: a matching card may not be laid beside its stack (fc19)
            return _("Your {card} matches a stack in the Court, and a card that matches a stack must capture it: "
                     "drop it on that stack, not on the empty felt.").format(card=title(c)) \
                if i is not None else ""
        zones.append(DropZone("court", self.layout.layers["areas"]["court"].copy(), "cards", felt,
                              hint=_("Drop the card on the Court"), explain=felt_why))
        return zones

    def refusal_at(self, p: tuple[float, float]) -> tuple[float, float]:
        """A refused drop on a Court stack: the reason shows just under that stack (it is lit
        red meanwhile), never over its neighbour."""
        i = self._stack_at(p)
        if i is None:
            return super().refusal_at(p)
        x, y = self.stack_pos(i, len(self.shown.court[i]) - 1)
        at = (x, y + STACK_W * 0.7 + 26)
        self.refused = (i, at)
        return at

    def _stack_at(self, p) -> int | None:
        return next((i for i in range(len(self.shown.court)) if self.slot(i).inflate(16, 16).collidepoint(p)), None)

    def on_drop(self, zone, actions, drag) -> None:
        self.submit(actions[0])

    def lesson_target(self, spec: str) -> pygame.Rect | None:
        """A lesson's Court names: ``stack:<suit>`` (the Court stack of that suit, "7" or
        "king"), ``felt`` (the free place where a card that matches nothing is laid) and
        ``captures:<seat>`` (that seat's capture piles)."""
        kind, _sep, name = spec.partition(":")
        court = self.shown.court
        if kind == "stack":
            i = next((i for i, st in enumerate(court) if CARDS[st[0]].suit == name), None)
            return self.slot(i) if i is not None else None
        if kind == "felt" and len(court) < 12:
            return self.slot(len(court))
        if kind == "captures" and name.isdigit() and int(name) < 2:
            seat = int(name)
            return self.zone(seat, "capture_seniors").union(self.zone(seat, "capture_fire")).union(
                self.zone(seat, "capture_coins"))
        return None

    def play_selection(self) -> None:
        c = self._card(None)
        if c is None and self.hand.focus is not None and self.hand.cards:
            c = self.hand.keys()[self.hand.focus]        # one card a turn: Enter plays the focused one
        if c is None:
            self.say(_("Choose a card first: click it, or use the arrow keys and Space"))
        elif self.can_play():
            self.submit(play(self.viewer, c))

    def autoplay_turn(self, h) -> bool:
        pts = self.hand.click_points()
        if not pts:
            return False
        h.click(pts[0][1])
        h.key(pygame.K_RETURN)
        return True

    # ------------------------------------------------------------------ events -> steps
    def describe(self, kind: str, d: dict) -> str | None:
        seat = d.get("seat")
        card = title(CARD_INDEX[d["card"]]) if d.get("card") in CARD_INDEX else ""
        n = d.get("n", 0)
        by = (lambda you, other, **kw: self.by_seat(seat, you, other, **kw)) if seat is not None else None
        lines = {
            "deal": lambda: _("Round {r}: the deal").format(r=d.get("round")),
            "redeal": lambda: _("A whole suit in the Court: the cards are dealt again"),
            "fireball_back": lambda: _("A Fireball dealt to the Court goes back into the pile"),
            "round_end": lambda: _("Round {r} is over").format(r=d.get("round")),
            "game_over": lambda: self.win_line(d["winners"]) if d.get("winners") else "",
        }
        if by is not None:
            lines.update({
                "start": lambda: by(_("You play first"), _("{name} plays first")),
                "lay": lambda: by(_("You lay {card}"), _("{name} lays {card}"), card=card),
                "capture": lambda: by(_("You capture the stack with {card}"), _("{name} captures the stack with {card}"),
                                      card=card),
                "sweep": lambda: by(_("Your Fireball sweeps the Court!"), _("{name}'s Fireball sweeps the Court!")),
                "sweep_empty": lambda: by(_("Your Fireball finds the Court empty"),
                                          _("{name}'s Fireball finds the Court empty")),
                "leftovers": lambda: by(_("The Court's leftovers go to you"), _("The Court's leftovers go to {name}")),
                "raven_steal": lambda: by(ngettext("Your ravens steal {n} coin", "Your ravens steal {n} coins", n),
                                          ngettext("{name}'s ravens steal {n} coin", "{name}'s ravens steal {n} coins",
                                                   n), n=n),
            })
        f = lines.get(kind)
        return f() if f else None

    def _gather_all(self) -> None:
        """Every card on the table slides back to the draw pile (a redeal, a new round)."""
        for i, st in enumerate(self.shown.court):
            for j, c in enumerate(st):
                self.fly(self.stack_pos(i, j), self.deck_pt(), STACK_W, 96, face(c), duration=0.35)
        sh = self.shown
        sh.court, sh.hand, sh.hand_sizes, sh.captures, sh.pile = [], (), [0, 0], [(), ()], len(CARDS)
        self.stolen = [0, 0]
        self.sync_hand()

    def ev_deal(self, d: dict) -> None:
        sh = self.shown
        sizes = d["hand_sizes"]

        def land(k: int) -> None:
            sh.hand_sizes[k % 2] += 1
            sh.pile -= 1
            self.sfx("tick")
        dests = [(self.seat_hand_center(k % 2), self.seat_width(k % 2)) for k in range(sum(sizes))]

        def begin() -> None:
            sh.pile, sh.hand_sizes, sh.hand, sh.court = len(CARDS), [0, 0], (), []
            self.sync_hand()
            self.deal_flights(self.deck_pt(), dests, land, each=0.12)
        self.add_step(begin, sum(sizes) * 0.12 + 0.2, caption=self.describe("deal", d))

    def ev_hand(self, d: dict) -> None:
        def begin() -> None:
            self.shown.hand = ids(d["cards"])
            self.sync_hand()
            self.hand_flip = self.tweener.add(0.0, 1.0, 0.2, ease_out_cubic)
        self.add_step(begin, 0.25)

    def ev_court_card(self, d: dict) -> None:
        c, i = CARD_INDEX[d["card"]], d["stack"]

        def begin() -> None:
            sh = self.shown
            j = len(sh.court[i]) if i < len(sh.court) else 0
            self.fly(self.deck_pt(), self.stack_pos(i, j), 96, STACK_W, face(c), duration=0.25, flip=True,
                     on_land=lambda: self.sfx("flip"))
            if i < len(sh.court):
                sh.court[i] = sh.court[i] + (c,)
            else:
                sh.court.append((c,))
            sh.pile = d["pile"]
        self.add_step(begin, 0.3)

    def ev_fireball_back(self, d: dict) -> None:
        def begin() -> None:
            self.shown.pile = d["pile"]
            self.fly(self.deck_pt(), self.layout.layers["areas"]["court"].center, 96, STACK_W, "fireball",
                     duration=0.3, flip=True)
        self.add_step(begin, 0.9, caption=self.describe("fireball_back", d), tone="call")

    def ev_redeal(self, d: dict) -> None:
        self.add_step(self._gather_all, 0.8, caption=self.describe("redeal", d), tone="call")

    def ev_start(self, d: dict) -> None:
        def begin() -> None:
            self.shown.starter = d["seat"]
        hi = d["highs"]
        extra = _(" (a tie: {who} did not start last round)").format(who=self.who(d["seat"])) if d["why"] == "tie" \
            else _(" (highest number card: {a} against {b})").format(a=max(hi), b=min(hi))
        self.add_step(begin, 1.0, caption=self.describe("start", d) + extra, log=self.describe("start", d))

    def ev_turn(self, d: dict) -> None:
        def begin() -> None:
            self.shown.turn, self.between_rounds = d["seat"], False
        self.add_step(begin, 0.0)

    def ev_draw(self, d: dict) -> None:
        seat = d["seat"]

        def land() -> None:
            self.shown.hand_sizes[seat] += 1
            self.shown.pile = d["pile"]

        def begin() -> None:
            self.fly(self.deck_pt(), self.seat_hand_center(seat), 96, self.seat_width(seat), duration=0.3,
                     on_land=land)
        self.add_step(begin, 0.35)

    def ev_drawn(self, d: dict) -> None:
        def begin() -> None:
            self.shown.hand = self.shown.hand + (CARD_INDEX[d["card"]],)
            self.sync_hand()
        self.add_step(begin, 0.05)

    def ev_play(self, d: dict) -> None:
        seat, c = d["seat"], CARD_INDEX[d["card"]]

        def begin() -> None:
            sh = self.shown
            start = self.seat_hand_center(seat)
            if seat == self.viewer and c in sh.hand:
                poses = self.hand.take([c])
                start = poses[0][:2] if poses else start
                sh.hand = tuple(x for x in sh.hand if x != c)
            sh.hand_sizes[seat] -= 1
            self.played = self.fly(start, self.layout.layers["areas"]["court"].center, self.seat_width(seat),
                                   STACK_W, face(c), duration=0.35, persist=True, tag="played")
            self.sfx("slide")
        self.add_step(begin, 0.45)

    def _take(self, seat: int, cards: list[int], sources: list[tuple[float, float]]) -> None:
        """Cards slide from ``sources`` to ``seat``'s capture piles (one by one)."""
        self.flyers = [f for f in self.flyers if f.tag != "played"]
        for k, (c, src) in enumerate(zip(cards, sources)):
            self.fly(src, self.capture_dest(seat, c), STACK_W, CAP_W, face(c), duration=0.4, delay=k * 0.06)
        caps = self.shown.captures
        caps[seat] = tuple(sorted(caps[seat] + tuple(cards)))

    def ev_lay(self, d: dict) -> None:
        c = CARD_INDEX[d["card"]]

        def begin() -> None:
            self.flyers = [f for f in self.flyers if f.tag != "played"]
            self.shown.court.append((c,))
            self.fly(self.layout.layers["areas"]["court"].center, self.stack_pos(len(self.shown.court) - 1, 0),
                     STACK_W, STACK_W, face(c), duration=0.25)
        self.add_step(begin, 0.3, caption=self.describe("lay", d))

    def ev_capture(self, d: dict) -> None:
        seat, i, c = d["seat"], d["stack"], CARD_INDEX[d["card"]]

        def begin() -> None:
            sh = self.shown
            stack = sh.court.pop(i)
            mid = self.layout.layers["areas"]["court"].center
            self._take(seat, list(stack) + [c], [self.stack_pos(i, j) for j in range(len(stack))] + [mid])
            sh.last_capturer = seat
            self.sfx("slide")
        self.add_step(begin, 0.8, caption=self.describe("capture", d), tone="true")

    def _sweep(self, seat: int, extra: list[int]) -> None:
        sh = self.shown
        cards = [c for st in sh.court for c in st]
        sources = [self.stack_pos(i, j) for i, st in enumerate(sh.court) for j in range(len(st))]
        mid = self.layout.layers["areas"]["court"].center
        self._take(seat, cards + extra, sources + [mid] * len(extra))
        sh.court = []

    def ev_sweep(self, d: dict) -> None:
        def begin() -> None:
            self._sweep(d["seat"], [CARD_INDEX[d["card"]]])
            self.shown.last_capturer = d["seat"]
            self.flash_seat, self.flash = d["seat"], self.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)
            self.sfx("call")
        self.add_step(begin, 1.2, caption=self.describe("sweep", d), tone="call")

    def ev_sweep_empty(self, d: dict) -> None:
        self.add_step(lambda: self._sweep(d["seat"], [CARD_INDEX[d["card"]]]), 0.7,
                      caption=self.describe("sweep_empty", d))

    def ev_leftovers(self, d: dict) -> None:
        def begin() -> None:
            self._sweep(d["seat"], [])
        self.add_step(begin, 1.0, caption=self.describe("leftovers", d))

    def ev_raven_steal(self, d: dict) -> None:
        thief, victim, taken = d["seat"], d["from"], list(ids(d["cards"]))

        def begin() -> None:
            caps = self.shown.captures
            caps[victim] = tuple(x for x in caps[victim] if x not in taken)
            self.flyers = [f for f in self.flyers if f.tag != "played"]
            for k, c in enumerate(taken):
                self.fly(self.zone(victim, "capture_coins").center, self.zone(thief, "capture_coins").center,
                         CAP_W, CAP_W, face(c), duration=0.25, delay=k * 0.25, on_land=lambda: self.sfx("token"))
            caps[thief] = tuple(sorted(caps[thief] + tuple(taken)))
            self.stolen[thief] += len(taken)
            self.stolen[victim] -= len(taken)
        self.add_step(begin, 0.6 + 0.25 * len(taken), caption=self.describe("raven_steal", d))

    def ev_round_end(self, d: dict) -> None:
        if d["decided"]:
            win = d["totals"].index(max(d["totals"]))
            title = _("Round {r}: {name} wins the game").format(r=d["round"], name=self.name(win))
        elif d["tie"]:
            title = _("Round {r}: a tie at {t}, one more round").format(r=d["round"], t=max(d["totals"]))
        else:
            title = _("Round {r}").format(r=d["round"])
        sheet = ScoreSheet(title, [self.name(s) for s in (0, 1)], self.summary_rows(d))
        self.add_step(lambda: setattr(self, "between_rounds", True), 0.0)
        self.sheet_steps(sheet, self.describe("round_end", d), then=lambda: setattr(self.shown, "totals",
                                                                                   list(d["totals"])))

    def ev_new_round(self, d: dict) -> None:
        def begin() -> None:
            self._gather_all()
            self.shown.round, self.shown.last_capturer = d["round"], None
        self.add_step(begin, 0.6)

    def ev_game_over(self, d: dict) -> None:
        def begin() -> None:
            self.shown.phase = "over"
            self.celebration, self.celebrate_t = self.describe("game_over", d), 0.0
            self.sfx("fanfare")
        self.add_step(begin, 2.4, caption=self.describe("game_over", d), tone="true")

    # ------------------------------------------------------------------ drawing
    def summary_rows(self, d: dict) -> list[tuple[str, list[str]]]:
        """The round summary, one row a line: (label, one value per seat)."""
        seats = d["seats"]
        rows = [(_("Coins"), [str(s["coins"]) for s in seats]),
                (_("Raven steal"), [f"{s['steal']:+d}" if s["steal"] else "–" for s in seats])]
        for suit in SENIORS:
            pts = [next((st for st in s["sets"] if st["suit"] == suit), None) for s in seats]
            if any(pts):
                rows.append((set_name(suit),
                             [_("{n} cards: +{p}").format(n=p["cards"], p=p["points"]) if p else "–" for p in pts]))
        rows.append((_("This round"), [str(s["points"]) for s in seats]))
        rows.append((_("Total"), [_("{t} / {target}").format(t=s["total"], target=d["target"]) for s in seats]))
        return rows

    def status_text(self) -> tuple[str, str]:
        sh = self.shown
        if sh.phase == "over":
            return _("Game over"), ""
        if self.between_rounds:
            return _("Round {r}").format(r=sh.round), ""
        if sh.turn == self.viewer and self.match.is_human(self.viewer) and not self.hand_hidden:
            if self.hand.selected:
                card = next(iter(self.hand.selected))
                return self.play_hint(card), "true"
            return _("Your turn: drag a card onto a matching stack, or onto the felt · keys: ← → choose, Enter plays"), "true"
        return _("{who} is playing…").format(who=self.who(sh.turn)), ""

    def play_hint(self, card: int) -> str:
        """What playing the selected ``card`` does, as the rules say (RULINGS: a Fireball on an
        empty Court captures nothing and goes to its player's pile)."""
        if CARDS[card].kind == "fireball":
            if self.shown.court:
                return _("Enter plays {card}: it sweeps the Court (or drag it)").format(card=title(card))
            return _("Enter plays {card}: the Court is empty, so it goes to your pile (or drag it)").format(
                card=title(card))
        if stack_of(self.shown.court, card) is not None:
            return _("Enter plays {card}: it captures its stack (or drag it)").format(card=title(card))
        return _("Enter plays {card}: it is laid on the felt (or drag it)").format(card=title(card))

    def draw_centre(self, surf) -> None:
        a, sh = self.app, self.shown
        deck = self.layout.shared("deck")
        if sh.pile:
            self.draw_stack(surf, min(sh.pile, 8), deck.center,
                            ngettext("{n} card", "{n} cards", sh.pile).format(n=sh.pile))
        else:
            panel(surf, a, deck.inflate(-24, -30), (0, 0, 0, 40), radius=10, border=(255, 255, 255, 40))
            text(surf, a, _("pile empty"), deck.center, 16, T.TEXT_DIM, anchor="center", max_w=deck.w - 28)
        for z in self.drop_zones():
            self.drop_glow(surf, z)
        i, at = self.refused or (None, None)
        if i is not None and self.toast.ttl > 0 and self.toast.pos == self.say_pos(at) and i < len(sh.court):
            panel(surf, a, self.slot(i).inflate(14, 14 + FAN_DOWN * (len(sh.court[i]) - 1)).move(
                0, FAN_DOWN * (len(sh.court[i]) - 1) / 2), (200, 60, 50, 70), radius=14,
                border=(220, 80, 60, 255), width=3)
        for i, st in enumerate(sh.court):
            for j, c in enumerate(st):
                self.draw_face(surf, self.stack_pos(i, j), STACK_W, face(c))
        for seat in range(2):
            self.draw_captures(surf, seat)
        self.draw_score(surf)

    def draw_face(self, surf, pos, width, name) -> None:
        draw_card(surf, self.app, pos, width, name)

    def draw_captures(self, surf, seat: int) -> None:
        a, caps = self.app, self.shown.captures[seat]
        for pile in ("capture_coins", "capture_ravens", "capture_fire"):
            z = self.zone(seat, pile)
            cards = [c for c in caps if pile_of(c) == pile]
            panel(surf, a, z, (0, 0, 0, 40), radius=8, border=(255, 255, 255, 30))
            if cards:
                self.draw_face(surf, (z.centerx, z.y + CAP_W * 0.7 + 4), CAP_W, face(cards[-1]))
            n = len(cards)
            # the pile's kind below it, and its count on it as on the draw pile ("9 cards" on a
            # pile of coins, never "9 coins" under a 9, which reads as the card itself)
            label = {"capture_coins": _("coins"), "capture_ravens": _("ravens"),
                     "capture_fire": _("Fireballs")}[pile]
            text(surf, a, label, (z.centerx, z.bottom - 12), 16, T.TEXT, anchor="center", max_w=z.w - 4)
            k = self.stolen[seat]
            if pile == "capture_coins" and k:          # the ravens' share, counted in the pile: said so
                tag = (_("+{n} stolen") if k > 0 else _("−{n} stolen")).format(n=abs(k))
                r = pygame.Rect(0, 0, z.w - 4, 22)
                r.center = (z.centerx, z.y + 12)
                panel(surf, a, r, (*T.GOLD, 235) if k > 0 else (70, 20, 20, 235), radius=11, border=(0, 0, 0, 160))
                text(surf, a, tag, r.center, 16, T.TEXT_DARK if k > 0 else T.TEXT, anchor="center", max_w=r.w - 4)
            if not n:
                continue                                  # an empty pile: its kind alone
            count = ngettext("{n} card", "{n} cards", n).format(n=n)
            r = pygame.Rect(0, 0, z.w - 8, 22)
            r.center = (z.centerx, z.y + 80)           # on the pile's lower edge
            panel(surf, a, r, (0, 0, 0, 200), radius=11, border=(255, 255, 255, 60))
            text(surf, a, count, r.center, 16, T.TEXT, anchor="center", max_w=r.w - 6)
        z = self.zone(seat, "capture_seniors")
        panel(surf, a, z, (0, 0, 0, 40), radius=8, border=(255, 255, 255, 30))
        for suit in SENIORS:
            got = [c for c in caps if CARDS[c].suit == suit]
            for k, c in enumerate(got):
                self.draw_face(surf, self.senior_pos(seat, suit, k), CAP_W, face(c))
            if not got:
                x, y = self.senior_pos(seat, suit, 0)
                text(surf, a, senior_name(suit), (x, y), 16, T.TEXT_DIM, anchor="center")

    def draw_score(self, surf) -> None:
        a, z, sh = self.app, self.layout.shared("score"), self.shown
        panel(surf, a, z, (8, 18, 13, 215), radius=12, border=(*T.GOLD, 140), width=2)
        text(surf, a, _("Round {r} · to {t}").format(r=sh.round, t=self.target),
             (z.x + 12, z.y + 10), 16, T.GOLD, bold=True)
        for k, seat in enumerate((self.viewer, 1 - self.viewer)):
            y = z.y + 44 + k * 34
            text(surf, a, self.who(seat), (z.x + 12, y), 18, T.TEXT, bold=True, max_w=z.w - 90)
            text(surf, a, str(sh.totals[seat]), (z.right - 14, y), 22, T.GOLD, bold=True, anchor="topright")
        if sh.last_capturer is not None:
            text(surf, a, _("last capture: {who}").format(who=self.who(sh.last_capturer)), (z.x + 12, z.bottom - 26),
                 16, T.TEXT_DIM, max_w=z.w - 24)


TABLE = CourtTable
