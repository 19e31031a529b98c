"""Death over the Kingdom's table on the kit: one card per seat around a ring of 2-20
seats, the deck and the discard pile in the middle, token stacks, the dealer's marker,
the reveal with each end-of-round power in turn order, and the aid panel.  This module maps
the model, the zones, the drops and the answers; the log lines and captions are
``death_lines``, the drawing ``death_draw``, the event handlers ``death_events`` (a mixin)."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.i18n import N_, _, ngettext
from game.rules.death import KING, NAMES, MULTIPLIERS
from .. import input as inp
from ..table import DropZone
from ..table.game_table import GameTable
from ..widgets import Button
from . import death_draw, death_lines
from .death_events import DeathEvents
from .death_lines import MODES
from . import death_help


# the round counts offered at setup, whole words for each (players × 2 … × 6)
ROUND_CHOICES = tuple(zip(MULTIPLIERS, (N_("players × 2"), N_("players × 3"), N_("players × 4"),
                                        N_("players × 5"), N_("players × 6"))))


@dataclass
class DeathShown:
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


class DeathTable(DeathEvents, GameTable):
    help_line, help_spots = death_help.line, death_help.spots     # help at the table
    game = "death"
    multi_select = False
    ring_mark = True
    show_empty_count = False      # a seat's card is drawn on its own, not as a fanned hand
    # hot seat: both players of an exchange see both cards (the rules): the one who exchanged sees
    # the card they got before their screen is hidden, the other when their curtain lifts
    owed_secrets = True

    def owes(self, e, seat: int) -> bool:
        """An exchange's cards wait for both its players, and the card a player's own power gave
        them (a Cut's or a Trader's draw, the Bard's swap) is shown to them before their screen is
        hidden; any other secret (a dealt card, the Dragon's victim's new card) is in their
        observation when they next sit down."""
        if e.kind == "exchanged":
            return seat in (e.data["seat"], e.data["target"])
        return (e.kind == "received" or (e.kind == "drawn" and e.data.get("how") in ("cut", "trader"))) \
            and seat == e.data["seat"]
    # every choice at the same 16 px ("Fewest tokens" fits a third of 468)
    SETUP_OPTIONS = (("mode", N_("Mode"), MODES, 468),
                     ("multiplier", N_("Rounds"), ROUND_CHOICES, 154))
    # what each mode changes in play, in one plain sentence (RULINGS.md section 1), shown under the
    # options for the chosen mode and for a mode pointed at
    SETUP_OPTION_HELP = {"mode": {
        "base": N_("Each round the lowest card takes a token; after the last round, the fewest tokens win."),
        "death_over_all": N_("Each round the three lowest values take 3, 2 and 1 tokens, and a King's holder gives "
                             "one back; fewest tokens win."),
        "only_one": N_("Everyone starts with 5 tokens (fewer from 7 players); the lowest card loses one; the last "
                       "player with tokens wins.")}}
    # "There can be only one" plays to the last player standing: it has no round count
    SETUP_OPTION_WHEN = {"multiplier": ("mode", ("base", "death_over_all"))}

    @staticmethod
    def setup_note(players: int, options: dict, humans: int = 1) -> str:
        """How long the game takes, beside the rounds at setup ("About 40 minutes"), or ""."""
        if options.get("mode") == "only_one":
            return ""                             # played to the last player: no round count
        rounds = players * int(options.get("multiplier", 3))
        return _("{rounds} · {time}").format(rounds=ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
                                             time=death_lines.duration_text(players, rounds, humans))

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        obs = self.kit.obs()
        self.mode, self.rounds = obs.mode, obs.rounds
        self.aid_open = False
        self.spin: dict[int, object] = {}            # seat -> a tween while its card turns
        self.moving: set[int] = set()                # seats whose card is crossing the table
        z = self.kit.layout.shared("aid")
        self.kit.top_buttons.append(Button(z, _("Aid"), self.toggle_aid, keys=(pygame.K_a,), hint="A", size=16))

    def view_from(self, obs) -> DeathShown:
        n = len(obs.tokens)
        return DeathShown(obs.round, obs.dealer, obs.turn, obs.phase, obs.hand, list(obs.cards), list(obs.face_up),
                         list(obs.tokens), obs.deck_size, tuple(obs.discard),
                         [r is not None for r in obs.out_round], [False] * n, [None] * n)

    def hand_cards(self):
        h = self.shown.hand
        if h is None or self.revealing():
            return []                                 # at the reveal my card is drawn (and turns) on the table
        return [(("card", h), NAMES[h], 0)]

    def revealing(self) -> bool:
        return self.shown.values[self.kit.viewer] is not None

    def probe_state(self) -> dict:
        data = self.kit.probe_state()
        data["table"].update(round=self.shown.round, revealing=self.revealing())
        return data

    def seat_cards(self, seat: int) -> int:
        return 0                                      # the seat's one card is drawn by draw_seat_extras

    def is_active(self, seat: int) -> bool:
        return seat == self.shown.turn and self.shown.phase in ("play", "thief")

    def game_readable(self) -> dict:
        """Beside the kit's: each seat's card in front of it and, while it is open, the aid."""
        out = {f"card:{s}": self.zone(s, "hand") for s in range(self.kit.n)}
        if self.aid_open:
            out["aid"] = self.kit.layout.overlay("aid_panel")
        return out

    def plate_note(self, seat: int) -> str:
        if self.shown.out[seat]:
            return _("out")
        if self.pos_of(seat) == 0:                    # my own count, on my plate
            n = self.shown.tokens[seat]
            return ngettext("{n} token", "{n} tokens", n).format(n=n)
        # the AI's level like the other tables, where the plates are wide enough to keep the whole name
        return super().plate_note(seat) if self.wide_pods() else ""

    def wide_pods(self) -> bool:
        """Room for a token stack beside each card (else the count goes on the name plate)."""
        return self.kit.n <= 8

    def can_play(self) -> bool:
        return self.kit.can_play() and self.shown.turn == self.kit.viewer and self.shown.phase == "play"

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
        return self.kit.seat_hand_center(seat)

    def deck_pt(self) -> tuple[float, float]:
        return self.kit.layout.shared("deck").center

    def discard_pt(self) -> tuple[float, float]:
        return self.kit.layout.shared("discard").center

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

    def token_badge_rect(self, seat: int) -> pygame.Rect:
        """A small table's token count (a token with its number) left of the seat's card, inside
        the seat's own pod: it never covers another seat's plate, its own name or the value."""
        hz = self.zone(seat, "hand")
        x, y = self.card_pt(seat)
        n = self.shown.tokens[seat]
        w = max(22, round(self.kit.text_w(str(n), 16, True) + 10))
        r = pygame.Rect(0, 0, w, 22)
        r.right, r.centery = round(x - self.seat_width(seat) / 2 + 3), round(y - 6)
        r.left = max(r.left, hz.left)
        r.top = max(r.top, hz.top)
        return r

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.zone(seat, "hand").union(self.zone(seat, "name"))

    # ------------------------------------------------------------------ acting: drops, buttons, keys
    def _legal(self) -> list:
        if self.kit.viewer not in self.kit.match.to_act() or not self.kit.privacy.may_act(self.kit.viewer):
            return []
        return list(self.kit.match.legal(self.kit.viewer))

    def _right(self) -> int | None:
        """The viewer's right neighbour this round (the next seat in the turn order)."""
        order = self.kit.obs().order
        return order[order.index(self.kit.viewer) + 1] if self.kit.viewer in order[:-1] else None

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone("deck", self.kit.layout.shared("deck").inflate(40, 40), "cards",
                          lambda d: [a for a in self._legal() if a.kind in ("cut", "trader")],
                          explain=lambda d: _("Only the dealer cuts, and only a Trader swaps with the deck"),
                          hint=_("Drop your card on a player, or on the deck"))]
        # the discard pile is no move of its own: a card dropped there is told where a cut goes
        zones.append(DropZone("discard", self.kit.layout.shared("discard").inflate(20, 20), "cards", lambda d: [],
                              explain=lambda d: self.discard_why()))
        right = self._right()
        for seat in range(self.kit.n):
            if seat == self.kit.viewer:
                continue

            def cands(d, seat=seat):
                return [a for a in self._legal() if a.get("target") == seat
                        or (seat == right and a.kind in ("exchange", "dragon"))]

            def why(d, seat=seat):
                if self.thief_looked():                   # the Thief's choice is pending: that is why
                    return self.thief_why()
                if self.shown.cards[seat] == KING:
                    return _("{name} holds a King: nobody may take it").format(name=self.kit.name(seat))
                return _("You exchange only with the player on your right, {name}").format(
                    name=self.kit.name(right)) if right is not None else _("The dealer cuts the deck instead")
            zones.append(DropZone(f"seat{seat}", self.seat_rect(seat), "cards", cands, explain=why))
        return zones

    def discard_why(self) -> str:
        """Why a card dropped on the discard pile springs back: no move puts it there directly."""
        if any(a.kind == "cut" for a in self._legal()):
            return _("You cannot throw a card on the discard pile. To cut, drop it on the deck (or press Cut): "
                     "it is discarded and you take a random card.")
        return _("You cannot throw a card on the discard pile: a card goes there only by a cut, a Trader's swap "
                 "or a Dragon.")

    def on_drop(self, zone, actions, drag) -> None:
        if len(actions) == 1:
            self.submit(actions[0])
        else:
            self.kit.choice_row(_("What do you do?"), _("Cut: discard your card and take a random one · Trader: swap "
                                                      "with the top card · Exchange: swap with the next player"),
                            [(self.action_label(a), a, None) for a in actions])

    def action_label(self, a) -> str:
        return death_lines.words.power_label(a)

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
            opts = [(self.kit.name(a["target"]), a, None) for a in self._legal() if a.kind == kind]
            self.kit.choice_row(_("{power}: choose a player").format(power=self.action_label(opts[0][1])),
                            _("Choose a player, or drag your card onto them."), opts)
            return
        self.kit.answer(action)

    def thief_looked(self) -> bool:
        """The viewer's Thief has looked and its Swap-or-Keep choice is pending."""
        th = self.kit.obs().thief
        return th is not None and th[0] == self.kit.viewer and self.kit.viewer in self.kit.match.to_act()

    def thief_why(self) -> str:
        return _("You used the Thief: now press Swap (S) to take {name}'s card, or Keep mine (K).").format(
            name=self.kit.name(self.kit.obs().thief[1]))

    def play_selection(self) -> None:
        stand = [a for a in self._legal() if a.kind == "stand"]
        if stand:
            self.submit(stand[0])
        elif self.thief_looked():                  # Enter has no Stand here: it says what to press
            self.kit.say(self.thief_why())

    def game_key(self, ev) -> None:
        if ev.key == pygame.K_p and self.can_play() and not any(
                a.kind in ("trader", "thief", "bard", "dragon") for a in self._legal()):
            self.kit.say(_("Your card has no power to use now"))

    def handle(self, ev) -> None:
        # the aid panel is modal: a click or Esc closes it (A toggles it through its button)
        if self.aid_open and self.kit.curtain_for is None:
            if ev.kind == inp.DOWN and not self.kit.layout.shared("aid").collidepoint(ev.lpos) or \
                    ev.is_key(pygame.K_ESCAPE):
                self.aid_open = False
                return
            if ev.kind == inp.KEY and not ev.is_key(pygame.K_a):
                return
        self.kit.handle(ev)

    def game_panels(self) -> list:
        return [self.kit.layout.overlay("aid_panel")] if self.aid_open and self.kit.curtain_for is None else []

    def draw(self, surf) -> None:
        self.kit.draw(surf)
        if self.aid_open and self.kit.curtain_for is None:
            self.draw_aid(surf)                       # over the buttons, under nothing but the top bar

    def autoplay_turn(self, h) -> bool:
        stand = [b for b in self.kit.answers if b.label == _("Stand")]
        if stand:
            h.click(h.app.view.rect(stand[0].rect).center)
            return True
        return False

    def lesson_target(self, spec: str) -> pygame.Rect | None:
        """A lesson's ``seatcard:<n>``: seat n's card on the table (the learner's own: in hand)."""
        kind, _sep, seat = spec.partition(":")
        if kind != "seatcard" or not seat.isdigit() or int(seat) >= self.kit.n:
            return None
        w = self.seat_width(int(seat))
        r = pygame.Rect(0, 0, round(w), round(w * 1.4))
        r.center = tuple(round(c) for c in self.card_pt(int(seat)))
        return r

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        return death_lines.status(self)

    def draw_view(self) -> death_draw.DeathView:
        """What the drawing reads of the table now (``death_draw``)."""
        return death_draw.DeathView(self.kit.draw_kit(), self.shown, self.mode, self.rounds, self.drop_zones()[0],
                                    self.revealing(), self.kit.may_see(), self.wide_pods(), self.spin,
                                    frozenset(self.moving), self.card_pt, self.token_rect, self.token_badge_rect,
                                    self.seat_rect)

    def draw_centre(self, surf) -> None:
        death_draw.centre(self.game_view(), surf)

    def draw_seat_extras(self, surf, seat: int) -> None:
        death_draw.seat_extras(self.game_view(), surf, seat)

    def draw_aid(self, surf) -> None:
        death_draw.aid(self.game_view(), surf)


TABLE = DeathTable
