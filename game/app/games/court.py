"""Fireball Court's table on the kit: the Court's stacks, the capture piles, the draw pile,
the score, and the round summary that builds the score line by line.  This module maps the
model, the geometry, the zones, the drops and the keys; the log lines and other words are
``court_lines``, the drawing ``court_draw``, the event handlers ``court_events`` (a mixin)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.i18n import _, ngettext
from game.rules.court import CARDS, SENIORS, captures_with, play, stack_of
from ..table import DropZone
from ..table.game_table import GameTable
from . import court_draw, court_help, court_lines
from .court_draw import CAP_W, FAN_DOWN, STACK_W, face, pile_of
from .court_events import CourtEvents
from .court_lines import no_match, title  # noqa: F401  (title: the table's words for a card, used by lessons)


@dataclass
class CourtShown:
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


class CourtTable(CourtEvents, GameTable):
    help_line, help_spots = court_help.line, court_help.spots     # help at the table
    game = "court"
    multi_select = False
    show_empty_count = False  # hands empty out at every round's end: nothing to say
    hand_spread = 1.08        # five cards at most: side by side, each capture mark over its own card
    ring_mark = False
    enter_focuses_hand = True  # Enter plays the focused card: with none yet, Enter focuses the first

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        self.target = self.kit.obs().target
        self.played = None
        self.refused = None            # the Court stack a refused drop was made on (lit while its reason shows)
        self.stolen = [0, 0]           # coin cards the ravens moved this round, per seat (+ taken, - lost)
        self.between_rounds = False

    def view_from(self, obs) -> CourtShown:
        return CourtShown(tuple(obs.hand), list(obs.hand_sizes), obs.pile_size, [tuple(s) for s in obs.court],
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
        if self.kit.match.is_human(seat):
            return ngettext("{n} pt", "{n} pts", n).format(n=n)
        return ngettext("{level} · {n} pt", "{level} · {n} pts", n).format(level=self.kit.level_name(seat), n=n)

    def can_play(self) -> bool:
        return self.kit.can_play() and self.shown.phase == "play" and self.shown.turn == self.kit.viewer

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
        return self.kit.layout.shared(f"court_{min(i, 11)}")

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
        return self.kit.layout.shared("deck").center

    # ------------------------------------------------------------------ drops and keys
    def _card(self, drag) -> int | None:
        if drag is not None and drag.key is not None:
            return drag.key
        return next(iter(self.kit.selected), None)

    def drop_zones(self) -> list[DropZone]:
        zones = []
        for i, stack in enumerate(self.shown.court):
            def cands(d, i=i):
                c = self._card(d)        # a matching card captures this stack; a Fireball sweeps them all
                return [play(self.kit.viewer, c)] if c is not None and (
                    stack_of(self.shown.court, c) == i or CARDS[c].kind == "fireball") else []

            def why(d, i=i):
                c = self._card(d)
                return no_match(c, CARDS[self.shown.court[i][0]].suit) if c is not None else ""
            zones.append(DropZone(f"stack{i}", self.slot(i).inflate(16, 16), "cards", cands, explain=why))

        def felt(d):
            c = self._card(d)
            if c is None or (CARDS[c].kind != "fireball" and stack_of(self.shown.court, c) is not None):
                return []
            return [play(self.kit.viewer, c)]

        def felt_why(d):
            c = self._card(d)
            # why, not only what: a matching card may not be laid beside its stack (fc19)
            return court_lines.felt_why(c) if c is not None and stack_of(self.shown.court, c) is not None else ""
        zones.append(DropZone("court", self.kit.layout.layers["areas"]["court"].copy(), "cards", felt,
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
        if c is None and self.kit.hand.focus is not None and self.kit.hand.cards:
            c = self.kit.hand.keys()[self.kit.hand.focus]        # one card a turn: Enter plays the focused one
        if c is None:
            self.kit.say(_("Choose a card first: click it, or use the arrow keys and Space"))
        elif self.can_play():
            self.submit(play(self.kit.viewer, c))

    def autoplay_turn(self, h) -> bool:
        pts = self.kit.hand.click_points()
        if not pts:
            return False
        h.click(pts[0][1])
        h.key(pygame.K_RETURN)
        return True

    # ------------------------------------------------------------------ words and drawing
    def status_text(self) -> tuple[str, str]:
        return court_lines.status(self)

    def play_hint(self, card: int) -> str:
        return court_lines.play_hint(self, card)

    def summary_rows(self, d: dict) -> list[tuple[str, list[str]]]:
        return court_lines.summary_rows(d)

    def draw_view(self) -> court_draw.CourtView:
        """What the drawing reads of the table now (``court_draw``)."""
        sh = self.shown
        i, at = self.refused or (None, None)
        lit = i if i is not None and self.kit.toast.ttl > 0 and self.kit.toast.pos == self.kit.say_pos(at) \
            and i < len(sh.court) else None
        return court_draw.CourtView(self.kit.draw_kit(), sh, self.kit.viewer, self.target, self.drop_zones(), lit,
                                    tuple(self.stolen), self.slot, self.stack_pos, self.senior_pos)

    def draw_centre(self, surf) -> None:
        court_draw.centre(self.game_view(), surf)

    def draw_captures(self, surf, seat: int) -> None:
        court_draw.captures(self.game_view(), surf, seat)


TABLE = CourtTable
