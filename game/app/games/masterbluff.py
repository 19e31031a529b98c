"""MasterBluff's table on the kit: a hand of family cards, the face-down discard pile, the
declaration banner, each seat's exchange token, the family picker and the Bluff! answers.  This
module maps the model, the zones, the drops, the picker and the answers; the log lines and
captions are ``masterbluff_lines``, the drawing ``masterbluff_draw``, the event handlers
``masterbluff_events`` (a mixin of the table object, which the kit's scene holds and reaches
the kit through ``self.kit``)."""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass

import pygame

from game.core.i18n import N_, _, ngettext
from game.rules.masterbluff import FAMILIES, LastPlay, call, discard, pass_
from ..table import DropZone
from ..table.game_table import GameTable
from ..widgets import Button
from . import masterbluff_draw, masterbluff_help, masterbluff_lines
from .masterbluff_events import MasterBluffEvents
from .masterbluff_lines import END_CHOICES, fam_title

NF = len(FAMILIES)


@dataclass
class MasterBluffShown:
    """What the table shows (trails the observation while animations play)."""

    hand_sizes: list[int]
    hand: tuple[int, ...]
    pile: int
    last: LastPlay | None
    in_force: int | None
    tokens: list[bool]
    turn: int
    phase: str
    places: tuple[int, ...]
    responders: tuple[int, ...] = ()
    faces_up: bool = True
    deck: int = 0


class MasterBluffTable(MasterBluffEvents, GameTable):
    help_line, help_spots = masterbluff_help.line, masterbluff_help.spots     # help at the table
    game = "masterbluff"
    SETUP_OPTIONS = (("play_on", N_("Ending"), END_CHOICES, 440),)

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        self.token_mode = False
        self.banner_pop = None
        self.flash_seat: int | None = None
        self.flash = None
        self._last_caller: int | None = None
        self._window: tuple[int, tuple[int, ...]] | None = None    # the open window: declarer, order
        self._my_answer: str | None = None       # the viewer's answer to it ("call", "pass")
        #: why the viewer's Bluff! came too late: (words, moves made when the window closed)
        self._first: tuple[str, int] | None = None

    def reset_ui(self) -> None:
        self.token_mode = False

    def view_from(self, obs) -> MasterBluffShown:
        return MasterBluffShown(list(obs.hand_sizes), tuple(obs.hand), obs.pile_size, obs.last, obs.in_force,
                     list(obs.tokens), obs.turn, obs.phase, tuple(obs.places), tuple(obs.responders))

    def hand_cards(self):
        return [((f, k), FAMILIES[f], f) for f in range(NF) for k in range(self.shown.hand[f])]

    def seat_cards(self, seat: int) -> int:
        return self.shown.hand_sizes[seat]

    def is_active(self, seat: int) -> bool:
        sh = self.shown
        return seat == sh.turn and sh.phase in ("discard", "respond") and seat not in sh.places

    def plate_note(self, seat: int) -> str:
        sh = self.shown
        if seat in sh.places:
            place = sh.places.index(seat) + 1
            return _("winner") if place == 1 else _("out #{n}").format(n=place)
        if self.pos_of(seat) == 0:
            return ngettext("{n} card", "{n} cards", sh.hand_sizes[seat]).format(n=sh.hand_sizes[seat])
        return super().plate_note(seat)

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        left = obs.hand_sizes[seat]
        if wide:
            return _("no cards left") if left == 0 else ngettext("{n} card left", "{n} cards left", left).format(n=left)
        return _("out") if left == 0 else ngettext("{n} card", "{n} cards", left).format(n=left)

    @classmethod
    def result_ranks(cls, outcome, obs) -> tuple[int, ...]:
        """First out wins; the rules leave the others level (unless playing on for places), so
        they are placed by the cards they have left (public), the fewest first, ties sharing."""
        ranks = tuple(outcome.ranks)
        losers = [s for s in range(len(ranks)) if s not in outcome.winners]
        if len(set(ranks[s] for s in losers)) > 1:
            return ranks                          # play on: the rules placed everyone
        base = len(outcome.winners)
        left = obs.hand_sizes
        return tuple(ranks[s] if s in outcome.winners
                     else base + 1 + sum(1 for o in losers if left[o] < left[s]) for s in range(len(ranks)))

    @classmethod
    def result_order(cls, outcome, obs, seat: int) -> int:
        """Seats that share a place: the fewest cards left listed first."""
        return obs.hand_sizes[seat]

    def can_play(self) -> bool:
        return self.kit.can_play() and self.shown.phase == "discard" and self.shown.turn == self.kit.viewer

    @property
    def picker(self):
        return self.kit.choice

    @property
    def parked(self) -> bool:
        return self.kit.hand.parked is not None

    def selected_counts(self) -> tuple[int, ...]:
        return self.kit.hand.selected_counts(NF)

    # ------------------------------------------------------------------ drops
    def pile_drop_rect(self) -> pygame.Rect:
        return self.kit.layout.shared("pile").inflate(90, 70)

    def pile_candidates(self, drag=None) -> list:
        """Every declaration of the selected cards with the token as armed (legal or not)."""
        return [discard(self.kit.viewer, self.selected_counts(), f, self.token_mode) for f in range(NF)]

    def token_candidates(self, drag=None) -> list:
        hand = self.shown.hand
        if not any(hand):
            return []
        first = next(f for f in range(NF) if hand[f])
        one = tuple(int(f == first) for f in range(NF))
        return [discard(self.kit.viewer, one, f, True) for f in range(NF)]

    def drop_zones(self) -> list[DropZone]:
        return [DropZone("pile", self.pile_drop_rect(), "cards", self.pile_candidates,
                         glow=self.kit.layout.shared("pile"), hint=_("Drop the cards on the pile")),
                DropZone("banner", self.kit.layout.shared("banner").inflate(30, 30), "token", self.token_candidates,
                         hint=_("Drop the token on the declaration banner"))]

    def drop_reason(self) -> str | None:
        """Why dropping the selection on the pile would be refused now (None: it is legal)."""
        return self.kit.resolve(self.drop_zones()[0], None)[1]

    def on_drop(self, zone, actions, drag) -> None:
        if zone.name == "banner":
            self.token_mode = True
            return
        if self.kit.lesson_refuses(self.declarations(actions)):
            return                           # a lesson: the wrong cards are refused now, not after the picker
        self.kit.hand.parked = self.kit.layout.shared("pile").center
        self.kit.hand.hurry()
        self.open_picker(actions)

    def declarations(self, actions) -> list:
        """Every declaration the family picker can still make of the selected cards: ``actions``
        (the token as armed), and with the token when the picker offers it."""
        out = list(actions)
        if not self.token_mode and self.shown.in_force is not None and self.shown.tokens[self.kit.viewer] \
                and self.lesson_wants_token():
            legal = self.kit.match.legal(self.kit.viewer)
            out += [a for a in (discard(self.kit.viewer, self.selected_counts(), f, True) for f in range(NF))
                    if a in legal]
        return out

    def piece_at(self, p):
        if self.token_mode and self.kit.layout.shared("banner").collidepoint(p):
            return "armed"
        tz = self.zone(self.kit.viewer, "token").inflate(10, 10)
        if self.shown.tokens[self.kit.viewer] and not self.token_mode and tz.collidepoint(p):
            return "token"
        return None

    def piece_clicked(self, piece: str) -> None:
        if piece == "armed":
            self.token_mode = False          # click the armed token to take it back
        else:
            self.toggle_token()

    def piece_home(self, piece: str):
        """The token's spot by the viewer's plate (None once it is armed on the banner)."""
        return self.zone(self.kit.viewer, "token").center if piece == "token" and not self.token_mode else None

    # ------------------------------------------------------------------ lessons
    def lesson_target(self, spec: str):
        """``hand``: the learner's hand; ``answer:call`` / ``answer:pass``: the Bluff! / No bluff
        button while a window waits for the viewer."""
        if spec == "hand":
            return self.zone(self.kit.viewer, "hand")
        kind, _sep, name = spec.partition(":")
        if kind == "answer":
            return next((b.rect for b in self.kit.answers if b.action.kind == name), None)
        return None

    def lesson_buttons(self) -> list[Button]:
        """In the family picker without the token: its "Use exchange token" button, once for each
        declaration with the token it leads to (so a lesson that wants the token lights it)."""
        if self.kit.choice is None or self.token_mode or self.shown.in_force is None:
            return []
        tb = next((b for b in self.kit.choice.buttons if getattr(b, "token_toggle", False)), None)
        if tb is None:
            return []
        out = []
        for f in range(NF):
            if f != self.shown.in_force:
                proxy = copy.copy(tb)
                proxy.action = discard(self.kit.viewer, self.selected_counts(), f, True)
                out.append(proxy)
        return out

    def lesson_wants_token(self) -> bool:
        """Whether the exchange token may be offered now: always in a real game; in a lesson,
        only while the step's expected move spends it (the learner is not tempted before the
        lesson explains it)."""
        g = self.kit.lesson
        if g is None or g.released:
            return True
        s = g.step
        return s is not None and s.kind == "you" and bool(s.expect.get("token"))

    def lesson_refused(self, action) -> None:
        """A declaration the lesson took back: a token armed on the way goes home (unless the
        step's move spends it), so the learner tries again from just before it."""
        if self.token_mode and not self.lesson_wants_token():
            self.token_mode = False
            self.kit.fly(self.kit.layout.shared("banner").center, self.zone(self.kit.viewer, "token").center, 46, 46,
                     duration=0.3, kind="token")

    def toggle_token(self) -> None:
        if self.token_mode:
            self.token_mode = False
            return
        actions, reason = self.kit.resolve(self.drop_zones()[1], None)
        if actions:
            self.token_mode = True
        else:
            self.kit.say(reason or _("You have no cards left to discard"), self.zone(self.kit.viewer, "token").center)

    def game_key(self, ev) -> None:
        if ev.key == pygame.K_t:
            self.toggle_token()
        elif ev.key in (pygame.K_b, pygame.K_n):
            self.too_late()

    def click_drop(self, p) -> None:
        if self._first is not None and not self.kit.answers and self.kit.layout.shared("buttons").collidepoint(p):
            self.too_late()              # a click where the Bluff! button was
            return
        self.kit.click_drop(p)

    def too_late(self) -> None:
        """Bluff! (or No bluff) pressed once the window has closed on another seat's call
        before the viewer answered: say who called first (never a silent key)."""
        if self._first is not None and self._first[1] == len(self.kit.match.log) and not self.kit.answers:
            self.kit.say(self._first[0], self.kit.layout.shared("buttons").center)

    def submit(self, action) -> bool:
        window = self._window
        ok = self.kit.submit(action)
        if ok and action.seat == self.kit.viewer and action.kind in ("call", "pass") and window is self._window:
            self._my_answer = action.kind
        return ok

    def play_selection(self) -> None:
        if self.kit.answers:                     # a Bluff! window is open for me: Enter is not an answer
            self.kit.say(_("Answer first: Bluff! (B) or No bluff (N)"))
            return
        if not self.kit.selected:
            self.kit.say(_("Select cards first: click them in your hand, or use the arrow keys and Space"))
            return
        actions, reason = self.kit.resolve(self.drop_zones()[0], None)
        if not actions:
            self.kit.say(reason)
        elif self.kit.lesson_refuses(self.declarations(actions)):
            return
        elif len(actions) == 1:
            self.choose(actions[0])
        else:
            self.open_picker(actions)

    # -- the family picker: one tile per family, enabled when the rules list that declaration
    def open_picker(self, actions) -> None:
        legal = {a["family"]: a for a in actions}
        in_force = self.shown.in_force
        if in_force is None:
            sub = _("Free turn: any family")
        elif self.token_mode:
            sub = _("Exchange token: any family except {f}").format(f=fam_title(in_force))
        else:
            sub = _("{f} is in force").format(f=fam_title(in_force))
        n = len(self.kit.selected)
        extra = []
        if in_force is not None and self.shown.tokens[self.kit.viewer] and (self.token_mode or self.lesson_wants_token()):
            z = self.kit.layout.overlay("picker")
            label = _("Put token back") if self.token_mode else _("Use exchange token")
            extra.append(Button((z.x + 20, z.bottom - 62, 300, 46), label, self.picker_token, keys=(pygame.K_t,),
                                hint="T", size=16, style="gold"))
            extra[-1].token_toggle = True
        self.kit.choice_row(ngettext("Declare {n} card as…", "Declare {n} cards as…", n).format(n=n), sub,
                        [(fam_title(f), legal.get(f), lambda px, f=f: self.kit.app.cards.emblem(f, px))
                         for f in FAMILIES], extra)
        for b, fam in zip(self.kit.choice.buttons, FAMILIES):
            b.family = fam
            b.help_face = fam                 # H or a resting pointer on a tile: the family's line

    def picker_token(self) -> None:
        self.token_mode = not self.token_mode
        actions, reason = self.kit.resolve(self.drop_zones()[0], None)
        if actions:
            self.open_picker(actions)
        else:
            self.token_mode = not self.token_mode
            self.kit.say(reason)

    def cancel_choice(self) -> None:
        self.kit.cancel_choice()
        if self.token_mode:  # the token flies home from the banner
            self.token_mode = False
            self.kit.fly(self.kit.layout.shared("banner").center, self.zone(self.kit.viewer, "token").center, 46, 46,
                     duration=0.3, kind="token")

    def picker_points(self) -> list[dict]:
        return self.kit.choice_points()

    def pile_center(self) -> tuple[int, int]:
        return self.kit.to_window(self.kit.layout.shared("pile").center)

    # ------------------------------------------------------------------ answers
    def answer_prompt(self):
        """Each declaration is a new question for B and N (even one worded as the last)."""
        return getattr(self, "_windows", 0), self._window

    def answer_buttons(self, seat, legal):
        if self.shown.phase != "respond":
            return []
        specs = [(call(seat), masterbluff_lines.words.action_label(self.kit, call(seat)), "danger", (pygame.K_b,)),
                 (pass_(seat), masterbluff_lines.words.action_label(self.kit, pass_(seat)), "normal", (pygame.K_n,))]
        return [s for s in specs if s[0] in legal]

    # ------------------------------------------------------------------ events -> steps
    def pile_spot(self, k: int) -> tuple[float, float]:
        p = self.kit.layout.shared("pile")
        rnd = random.Random(k * 7919)
        return p.centerx + rnd.uniform(-5, 5), p.centery + rnd.uniform(-5, 5)

    # ------------------------------------------------------------------ drawing
    def draw_view(self) -> masterbluff_draw.MasterBluffView:
        """What the drawing reads of the table now (``masterbluff_draw``)."""
        token_drag = self.kit.drag is not None and self.kit.drag.active and self.kit.drag.kind == "token"
        pop = self.banner_pop
        return masterbluff_draw.MasterBluffView(
            self.kit.draw_kit(), self.shown, self.token_mode, token_drag,
            token_drag and bool(self.kit.resolve(self.drop_zones()[1], None)[0]), self.kit.mouse, self.can_play(),
            self.drop_zones()[0], pop.value() if pop is not None and not pop.done else 1.0, self.kit.reveal is not None)

    def status_text(self) -> tuple[str, str]:
        return masterbluff_lines.status(self)

    def draw_marks(self, bg) -> None:
        masterbluff_draw.marks(self.game_view(), bg)

    def draw_seat_extras(self, surf, seat: int) -> None:
        masterbluff_draw.seat_extras(self.game_view(), surf, seat)

    def draw_piece_drag(self, surf, drag) -> None:
        masterbluff_draw.piece_drag(self.game_view(), surf, drag)

    def draw_centre(self, surf) -> None:
        masterbluff_draw.centre(self.game_view(), surf)


TABLE = MasterBluffTable
