"""MasterBluff's table on the kit: its zones, what each event animates, what each drop
means, and its own panels (the declaration banner, the family picker, the reveal)."""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass

import pygame

from game.core.i18n import N_, _, ngettext
from game.core.seats import deal_targets
from game.rules.masterbluff import DECK_SIZE, FAMILIES, LastPlay, call, discard, pass_
from .. import theme as T
from ..sprites import TABLE_W, Flyer
from ..table import DropZone, Reveal, TableScene
from ..tween import ease_out_cubic
from ..widgets import Button, panel, text
from . import masterbluff_help

NF = len(FAMILIES)


@dataclass
class Shown:
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


def fam_title(family: str | int) -> str:
    """A family's name in the player's language."""
    name = FAMILIES[family] if isinstance(family, int) else family
    return {"wizard": _("Wizard"), "witch": _("Witch"), "elf": _("Elf"), "ogre": _("Ogre"), "fairy": _("Fairy"),
            "jester": _("Jester")}[name]


END_CHOICES = ((False, N_("First out wins")), (True, N_("Play on for places")))


class MasterBluffTable(TableScene):
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

    def view_from(self, obs) -> Shown:
        return Shown(list(obs.hand_sizes), tuple(obs.hand), obs.pile_size, obs.last, obs.in_force,
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
        return super().can_play() and self.shown.phase == "discard" and self.shown.turn == self.viewer

    @property
    def picker(self):
        return self.choice

    @property
    def parked(self) -> bool:
        return self.hand.parked is not None

    def selected_counts(self) -> tuple[int, ...]:
        return self.hand.selected_counts(NF)

    # ------------------------------------------------------------------ drops
    def pile_drop_rect(self) -> pygame.Rect:
        return self.layout.shared("pile").inflate(90, 70)

    def pile_candidates(self, drag=None) -> list:
        """Every declaration of the selected cards with the token as armed (legal or not)."""
        return [discard(self.viewer, self.selected_counts(), f, self.token_mode) for f in range(NF)]

    def token_candidates(self, drag=None) -> list:
        hand = self.shown.hand
        if not any(hand):
            return []
        first = next(f for f in range(NF) if hand[f])
        one = tuple(int(f == first) for f in range(NF))
        return [discard(self.viewer, one, f, True) for f in range(NF)]

    def drop_zones(self) -> list[DropZone]:
        return [DropZone("pile", self.pile_drop_rect(), "cards", self.pile_candidates,
                         glow=self.layout.shared("pile"), hint=_("Drop the cards on the pile")),
                DropZone("banner", self.layout.shared("banner").inflate(30, 30), "token", self.token_candidates,
                         hint=_("Drop the token on the declaration banner"))]

    def drop_reason(self) -> str | None:
        """Why dropping the selection on the pile would be refused now (None: it is legal)."""
        return self.resolve(self.drop_zones()[0], None)[1]

    def on_drop(self, zone, actions, drag) -> None:
        if zone.name == "banner":
            self.token_mode = True
            return
        if self.lesson_refuses(self.declarations(actions)):
            return                           # a lesson: the wrong cards are refused now, not after the picker
        self.hand.parked = self.layout.shared("pile").center
        self.hand.hurry()
        self.open_picker(actions)

    def declarations(self, actions) -> list:
        """Every declaration the family picker can still make of the selected cards: ``actions``
        (the token as armed), and with the token when the picker offers it."""
        out = list(actions)
        if not self.token_mode and self.shown.in_force is not None and self.shown.tokens[self.viewer] \
                and self.lesson_wants_token():
            legal = self.match.legal(self.viewer)
            out += [a for a in (discard(self.viewer, self.selected_counts(), f, True) for f in range(NF))
                    if a in legal]
        return out

    def piece_at(self, p):
        if self.token_mode and self.layout.shared("banner").collidepoint(p):
            return "armed"
        tz = self.zone(self.viewer, "token").inflate(10, 10)
        if self.shown.tokens[self.viewer] and not self.token_mode and tz.collidepoint(p):
            return "token"
        return None

    def piece_clicked(self, piece: str) -> None:
        if piece == "armed":
            self.token_mode = False          # click the armed token to take it back
        else:
            self.toggle_token()

    def piece_home(self, piece: str):
        """The token's spot by the viewer's plate (None once it is armed on the banner)."""
        return self.zone(self.viewer, "token").center if piece == "token" and not self.token_mode else None

    # ------------------------------------------------------------------ lessons
    def lesson_target(self, spec: str):
        """``hand``: the learner's hand; ``answer:call`` / ``answer:pass``: the Bluff! / No bluff
        button while a window waits for the viewer."""
        if spec == "hand":
            return self.zone(self.viewer, "hand")
        kind, _sep, name = spec.partition(":")
        if kind == "answer":
            return next((b.rect for b in self.answers if b.action.kind == name), None)
        return None

    def lesson_buttons(self) -> list[Button]:
        """In the family picker without the token: its "Use exchange token" button, once for each
        declaration with the token it leads to (so a lesson that wants the token lights it)."""
        if self.choice is None or self.token_mode or self.shown.in_force is None:
            return []
        tb = next((b for b in self.choice.buttons if getattr(b, "token_toggle", False)), None)
        if tb is None:
            return []
        out = []
        for f in range(NF):
            if f != self.shown.in_force:
                proxy = copy.copy(tb)
                proxy.action = discard(self.viewer, self.selected_counts(), f, True)
                out.append(proxy)
        return out

    def lesson_wants_token(self) -> bool:
        """Whether the exchange token may be offered now: always in a real game; in a lesson,
        only while the step's expected move spends it (the learner is not tempted before the
        lesson explains it)."""
        g = self.lesson
        if g is None or g.released:
            return True
        s = g.step
        return s is not None and s.kind == "you" and bool(s.expect.get("token"))

    def lesson_refused(self, action) -> None:
        """A declaration the lesson took back: a token armed on the way goes home (unless the
        step's move spends it), so the learner tries again from just before it."""
        if self.token_mode and not self.lesson_wants_token():
            self.token_mode = False
            self.fly(self.layout.shared("banner").center, self.zone(self.viewer, "token").center, 46, 46,
                     duration=0.3, kind="token")

    def toggle_token(self) -> None:
        if self.token_mode:
            self.token_mode = False
            return
        actions, reason = self.resolve(self.drop_zones()[1], None)
        if actions:
            self.token_mode = True
        else:
            self.say(reason or _("You have no cards left to discard"), self.zone(self.viewer, "token").center)

    def game_key(self, ev) -> None:
        if ev.key == pygame.K_t:
            self.toggle_token()
        elif ev.key in (pygame.K_b, pygame.K_n):
            self.too_late()

    def click_drop(self, p) -> None:
        if self._first is not None and not self.answers and self.layout.shared("buttons").collidepoint(p):
            self.too_late()              # a click where the Bluff! button was
            return
        super().click_drop(p)

    def too_late(self) -> None:
        """Bluff! (or No bluff) pressed once the window has closed on another seat's call
        before the viewer answered: say who called first (never a silent key)."""
        if self._first is not None and self._first[1] == len(self.match.log) and not self.answers:
            self.say(self._first[0], self.layout.shared("buttons").center)

    def submit(self, action) -> bool:
        window = self._window
        ok = super().submit(action)
        if ok and action.seat == self.viewer and action.kind in ("call", "pass") and window is self._window:
            self._my_answer = action.kind
        return ok

    def first_caller_words(self, caller: int) -> str | None:
        """When ``caller``'s Bluff! closes a window the viewer could still answer (or answered
        with a call of their own): why it counts, not the viewer's. The callers go in turn order
        from the declarer's left and the first caller is resolved (RULINGS §5); the window closes
        on ``caller`` only once every seat before it has passed, so the viewer comes after it."""
        if self._window is None or not self.match.is_human(self.viewer) or caller == self.viewer:
            return None
        declarer, order = self._window
        if self.viewer not in order or self._my_answer == "pass":
            return None
        names = {"caller": self.name(caller), "declarer": self.name(declarer)}
        if self._my_answer == "call":
            return _("{caller} called Bluff! too and comes before you, in turn from {declarer}'s left: "
                     "{caller}'s call counts").format(**names)
        return _("{caller} called Bluff! first: in turn from {declarer}'s left, {caller} comes before you").format(
            **names)

    def play_selection(self) -> None:
        if self.answers:                     # a Bluff! window is open for me: Enter is not an answer
            self.say(_("Answer first: Bluff! (B) or No bluff (N)"))
            return
        if not self.selected:
            self.say(_("Select cards first: click them in your hand, or use the arrow keys and Space"))
            return
        actions, reason = self.resolve(self.drop_zones()[0], None)
        if not actions:
            self.say(reason)
        elif self.lesson_refuses(self.declarations(actions)):
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
        n = len(self.selected)
        extra = []
        if in_force is not None and self.shown.tokens[self.viewer] and (self.token_mode or self.lesson_wants_token()):
            z = self.layout.overlay("picker")
            label = _("Put token back") if self.token_mode else _("Use exchange token")
            extra.append(Button((z.x + 20, z.bottom - 62, 300, 46), label, self.picker_token, keys=(pygame.K_t,),
                                hint="T", size=16, style="gold"))
            extra[-1].token_toggle = True
        self.choice_row(ngettext("Declare {n} card as…", "Declare {n} cards as…", n).format(n=n), sub,
                        [(fam_title(f), legal.get(f), lambda px, f=f: self.app.cards.emblem(f, px))
                         for f in FAMILIES], extra)
        for b, fam in zip(self.choice.buttons, FAMILIES):
            b.family = fam
            b.help_face = fam                 # H or a resting pointer on a tile: the family's line

    def picker_token(self) -> None:
        self.token_mode = not self.token_mode
        actions, reason = self.resolve(self.drop_zones()[0], None)
        if actions:
            self.open_picker(actions)
        else:
            self.token_mode = not self.token_mode
            self.say(reason)

    def cancel_choice(self) -> None:
        super().cancel_choice()
        if self.token_mode:  # the token flies home from the banner
            self.token_mode = False
            self.fly(self.layout.shared("banner").center, self.zone(self.viewer, "token").center, 46, 46,
                     duration=0.3, kind="token")

    def picker_points(self) -> list[dict]:
        return self.choice_points()

    def pile_center(self) -> tuple[int, int]:
        return self.to_window(self.layout.shared("pile").center)

    # ------------------------------------------------------------------ answers
    def answer_prompt(self):
        """Each declaration is a new question for B and N (even one worded as the last)."""
        return getattr(self, "_windows", 0), self._window

    def answer_buttons(self, seat, legal):
        if self.shown.phase != "respond":
            return []
        specs = [(call(seat), _("Bluff!"), "danger", (pygame.K_b,)),
                 (pass_(seat), _("No bluff"), "normal", (pygame.K_n,))]
        return [s for s in specs if s[0] in legal]

    # ------------------------------------------------------------------ events -> steps
    def pile_spot(self, k: int) -> tuple[float, float]:
        p = self.layout.shared("pile")
        rnd = random.Random(k * 7919)
        return p.centerx + rnd.uniform(-5, 5), p.centery + rnd.uniform(-5, 5)

    def queue_deal(self, obs) -> None:
        targets = deal_targets((DECK_SIZE // self.n) * self.n, self.n, (obs.dealer + 1) % self.n)
        sh = self.shown
        sh.hand_sizes, sh.pile, sh.faces_up, sh.phase, sh.deck = [0] * self.n, 0, False, "deal", DECK_SIZE
        sh.hand = (0,) * NF
        deck = self.layout.shared("deck")
        dests = [(self.seat_hand_center(targets[k]), self.seat_width(targets[k])) if k < len(targets)
                 else (self.pile_spot(k), TABLE_W) for k in range(DECK_SIZE)]   # the rest go onto the pile

        def land(k: int) -> None:
            if k % 2 == 0:
                self.sfx("tick")
            sh.deck -= 1
            if k < len(targets):
                sh.hand_sizes[targets[k]] += 1
            else:
                sh.pile += 1

        def flip() -> None:
            sh.faces_up, sh.phase, sh.hand = True, obs.phase, tuple(obs.hand)
            self.sync_hand()
            self.hand_flip = self.tweener.add(0.0, 1.0, 0.2, ease_out_cubic)

        self.deal_step(deck.center, dests, land, self.by_seat(obs.dealer, _("You deal the cards"),
                                                               _("{name} deals the cards")))
        self.add_step(flip, 0.3, caption=self.by_seat(obs.turn, _("You start: any family may be declared"),
                                                      _("{name} starts: any family may be declared")),
                      log=self.by_seat(obs.turn, _("You start"), _("{name} starts")))

    def describe(self, kind: str, d: dict) -> str | None:
        if kind == "discard":
            return self.by_seat(d["seat"], _("You declare {n} × {family}"), _("{name} declares {n} × {family}"),
                                n=d["n"], family=fam_title(d["family"]))
        if kind == "token":
            return self.by_seat(d["seat"], _("You spend the exchange token to name {f}"),
                                _("{name} spends the exchange token to name {f}"), f=fam_title(d["family"]))
        if kind == "no_call":
            return _("Nobody calls Bluff!")
        if kind == "call":
            return self.by_seat(d["caller"], _("You call Bluff! on {target}"), _("{name} calls Bluff! on {target}"),
                                target=d["declarer"], to_you=_("{name} calls Bluff! on you"))
        if kind == "reveal":
            return _("The claim was TRUE") if d["truthful"] else _("The claim was FALSE")
        if kind == "pickup":
            return self.by_seat(d["seat"], ngettext("You take the pile ({n} card)", "You take the pile ({n} cards)",
                                                    d["n"]),
                                ngettext("{name} takes the pile ({n} card)", "{name} takes the pile ({n} cards)",
                                         d["n"]), n=d["n"])
        if kind == "out":
            return self.by_seat(d["seat"], _("You have no cards left!"), _("{name} has no cards left!"))
        if kind == "game_over":
            w = d["winners"][0] if d.get("winners") else None
            return self.by_seat(w, _("You win!"), _("{name} wins!")) if w is not None else _("Game over")
        return None

    def ev_discard(self, d: dict) -> None:
        seat, n, fi = d["seat"], d["n"], FAMILIES.index(d["family"])
        mine = seat == self.viewer and self.hand.faces_up
        counts = tuple(a - b for a, b in zip(self.shown.hand, self.after.hand)) if seat == self.viewer else None

        def begin() -> None:
            sh = self.shown
            sh.hand_sizes[seat] -= n
            starts = [(*self.seat_hand_center(seat), 0.0)] * n
            if counts is not None:
                if mine:
                    starts = self.hand.take_counts(counts)
                sh.hand = tuple(a - b for a, b in zip(sh.hand, counts))
                self.sync_hand()
            for i, (x, y, _a) in enumerate(starts):
                self.fly((x, y), self.pile_spot(sh.pile + i), self.seat_width(seat), TABLE_W, delay=i * 0.05,
                         on_land=lambda: setattr(sh, "pile", sh.pile + 1))
            self.sfx("slide")
            sh.last, sh.phase = LastPlay(seat, n, fi, d["token"]), "respond"
            self.banner_pop = self.tweener.add(0.0, 1.0, 0.35, ease_out_cubic)

        self.add_step(begin, 0.42 + 0.05 * n, caption=self.describe("discard", d))

    def ev_token(self, d: dict) -> None:
        seat = d["seat"]

        def begin() -> None:
            self.shown.tokens[seat] = False
            b = self.layout.shared("banner")
            src = b.center if (seat == self.viewer and self.token_mode) else self.zone(seat, "token").center
            self.token_mode = False
            self.sfx("token")
            fl = Flyer(src, (b.x + 27, b.y + 102), 46, 26, kind="token")    # onto the banner's bottom row
            self.flyers.append(fl.launch(self.tweener, 0.35, fade_after=0.3))

        self.add_step(begin, 0.65, log=self.describe("token", d), caption=self.describe("token", d))

    def ev_window(self, d: dict) -> None:
        self._window, self._my_answer = (d["declarer"], tuple(d["order"])), None
        self._windows = getattr(self, "_windows", 0) + 1

        def begin() -> None:
            self.shown.phase, self.shown.responders = "respond", tuple(d["order"])
            self.pacer.hold(self.pacer.pace)
        self.add_step(begin, 0.0)

    def ev_no_call(self, d: dict) -> None:
        self._window = None

        def begin() -> None:
            if self.shown.last is not None:
                self.shown.in_force = self.shown.last.family
        self.add_step(begin, 0.6, caption=self.describe("no_call", d))

    def ev_call(self, d: dict) -> None:
        self._last_caller = d["caller"]
        words = self.first_caller_words(d["caller"])
        mine = self._my_answer == "call"
        self._first = (words, len(self.match.log)) if words is not None else None
        self._window = None

        def begin() -> None:
            if words is not None and mine:           # the viewer's own call did not count: say why
                self.say(words, self.layout.shared("buttons").center)
            self.flash_seat = d["caller"]
            self.sfx("call")
            self.flash = self.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)
        self.add_step(begin, 0.8, caption=self.describe("call", d), tone="call")

    #: seconds the Bluff! reveal stays up at the least, at any speed (its cards must be seen)
    REVEAL_LEAST = 1.5

    def ev_reveal(self, d: dict) -> None:
        cards, truthful, declarer = list(d["cards"]), d["truthful"], d["declarer"]
        caller = self._last_caller
        if caller is None:
            title = _("Bluff! — the claim was TRUE") if truthful else _("Bluff! — the claim was FALSE")
        elif truthful:
            title = self.by_seat(caller, _("Bluff! by you — the claim was TRUE"),
                                 _("Bluff! by {name} — the claim was TRUE"))
        else:
            title = self.by_seat(caller, _("Bluff! by you — the claim was FALSE"),
                                 _("Bluff! by {name} — the claim was FALSE"))
        taker = caller if truthful else declarer
        footer = self.by_seat(taker, _("so you must take the pile"), _("so {name} must take the pile")) \
            if taker is not None else ""
        n = len(cards)

        def begin() -> None:
            self.reveal = Reveal(title, self.by_seat(declarer, _("You declared {n} × {f}"),
                                                     _("{name} declared {n} × {f}"), n=n, f=fam_title(d["family"])),
                                 footer, "true" if truthful else "false")
            self.reveal_flights(cards, self.pile_spot)
        # at the Instant speed too the reveal stays long enough to read its cards (issue 25: they
        # were never on screen)
        self.add_step(begin, 0.6 + 0.08 * n + 1.5, caption=title, tone="true" if truthful else "false",
                      log=self.describe("reveal", d), least=self.REVEAL_LEAST)

    def ev_pickup(self, d: dict) -> None:
        seat, n = d["seat"], d["n"]
        after = self.after

        def begin() -> None:
            shown_cards = sum(1 for f in self.flyers if f.tag == "reveal")
            self.gather_flights("reveal", self.seat_hand_center(seat), self.seat_width(seat),
                                [self.pile_spot(i) for i in range(min(self.shown.pile - shown_cards, 12))])
            self.sfx("slide")
            self.shown.pile, self.shown.last, self.shown.in_force, self.reveal = 0, None, None, None

        def end() -> None:
            self.shown.hand_sizes[seat] += n
            if seat == self.viewer:
                self.shown.hand = tuple(after.hand)
                self.sync_hand(origin=self.layout.shared("pile").center)

        self.add_step(begin, 0.42 + 0.03 * min(n, 20) + 0.25, end, log=self.describe("pickup", d),
                      caption=self.by_seat(seat, ngettext("You take the pile: {n} card", "You take the pile: {n} cards",
                                                          n),
                                           ngettext("{name} takes the pile: {n} card",
                                                    "{name} takes the pile: {n} cards", n), n=n))

    def ev_out(self, d: dict) -> None:
        def begin() -> None:
            self.shown.places = self.shown.places + (d["seat"],)
        self.add_step(begin, 0.5, caption=self.describe("out", d), tone="true")

    def ev_turn(self, d: dict) -> None:
        def begin() -> None:
            sh = self.shown
            sh.turn, sh.phase, sh.responders = d["seat"], "discard", ()
            sh.in_force = FAMILIES.index(d["family"]) if d.get("family") else None
        self.add_step(begin, 0.0)

    def ev_game_over(self, d: dict) -> None:
        w = d["winners"][0] if d.get("winners") else None
        text_ = self.describe("game_over", d)

        def begin() -> None:
            self.celebration, self.celebrate_t = text_, 0.0
            lost = w is not None and self.match.is_human(self.viewer) and w != self.viewer and not self.hotseat
            self.sfx("low" if lost else "fanfare")
            self.shown.phase, self.shown.responders = "over", ()
        self.add_step(begin, 2.4, caption=text_, tone="true")

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        sh = self.shown
        if sh.phase == "over":
            return _("Game over"), ""
        if sh.phase == "respond" and sh.last is not None:
            decl = self.by_seat(sh.last.seat, _("You: {n} × {f}"), _("{name}: {n} × {f}"), n=sh.last.n,
                                f=fam_title(sh.last.family))
            if self.pending_humans():
                return _("{decl}. Call Bluff! (B) or let it pass (N)").format(decl=decl), "call"
            return _("{decl}. Waiting for answers…").format(decl=decl), ""
        if sh.phase != "discard":
            return "", ""
        if sh.turn != self.viewer or not self.match.is_human(self.viewer) or self.hand_hidden:
            return self.by_seat(sh.turn, _("You are choosing cards…"), _("{name} is choosing cards…")), ""
        if sh.in_force is None:
            return _("Your turn: select cards, drag them onto the pile, name any family"), "true"
        f = fam_title(sh.in_force)
        if self.token_mode:
            return _("Your turn: exchange token ready, name any family but {f}").format(f=f), "true"
        if sh.tokens[self.viewer] and self.lesson_wants_token():     # (a lesson's step without it: not named)
            return _("Your turn: discard as {f} (Enter), or use your exchange token (T)").format(f=f), "true"
        return _("Your turn: discard as {f} (select cards, then Enter or drag)").format(f=f), "true"

    def draw_marks(self, bg) -> None:
        v = self.app.view
        r = v.rect(self.layout.shared("pile"))                   # the pile's inset slot
        pygame.draw.rect(bg, (0, 0, 0, 48), r, border_radius=v.n(12))
        pygame.draw.rect(bg, (255, 255, 255, 26), r, max(1, v.n(1)), border_radius=v.n(12))

    def draw_seat_extras(self, surf, seat: int) -> None:
        a, tz = self.app, self.zone(seat, "token")
        mine = self.pos_of(seat) == 0
        dragging = self.drag is not None and self.drag.active and self.drag.kind == "token"
        if self.shown.tokens[seat] and not (mine and (self.token_mode or dragging)):
            px = a.view.n(tz.w)
            if mine and tz.collidepoint(self.mouse) and self.can_play():
                pygame.draw.circle(surf, T.GOLD, a.view.pt(*tz.center), px // 2 + a.view.n(4), max(1, a.view.n(3)))
            img = a.cards.token(px)
            surf.blit(img, img.get_rect(center=a.view.pt(*tz.center)))
        elif not self.shown.tokens[seat]:
            pygame.draw.circle(surf, (255, 255, 255), a.view.pt(*tz.center), a.view.n(tz.w * 0.38), 1)

    def draw_piece_drag(self, surf, drag) -> None:
        img = self.app.cards.token(self.app.view.n(46 * 1.1))
        surf.blit(img, img.get_rect(center=self.app.view.pt(*drag.pos)))

    def draw_centre(self, surf) -> None:
        a, sh = self.app, self.shown
        self.draw_stack(surf, min(sh.deck, 6), self.layout.shared("deck").center)
        z = self.layout.shared("pile")
        lit = self.drop_glow(surf, self.drop_zones()[0])
        if lit:
            panel(surf, a, z, (6, 30, 18, 200), radius=12, border=None)     # the well stays dark
        if sh.pile:
            self.draw_stack(surf, sh.pile, (z.centerx, z.centery - 6),
                            ngettext("{n} card", "{n} cards", sh.pile).format(n=sh.pile))
        else:
            text(surf, a, _("Discard pile"), z.center, 16, (255, 236, 190) if lit else T.TEXT_DIM, anchor="center",
                 max_w=z.w - 8)
        if self.reveal is None:
            self.draw_banner(surf)

    def draw_banner(self, surf) -> None:
        a, z, sh = self.app, self.layout.shared("banner"), self.shown
        lit = self.drag is not None and self.drag.active and self.drag.kind == "token" and \
            bool(self.resolve(self.drop_zones()[1], None)[0])
        pop = self.banner_pop.value() if self.banner_pop is not None and not self.banner_pop.done else 1.0
        r = z.inflate(-(1 - pop) * 30, -(1 - pop) * 16)
        panel(surf, a, r, (12, 24, 18, 228), radius=14, border=(*T.GOLD, 255 if lit else 150), width=4 if lit else 2)
        last = sh.last
        if last is not None:
            em = a.cards.emblem(FAMILIES[last.family], a.view.n(62))
            surf.blit(em, em.get_rect(center=a.view.pt(z.x + 42, z.y + 44)))
            text(surf, a, _("{n} × {family}").format(n=last.n, family=fam_title(last.family)), (z.x + 82, z.y + 14), 28, T.TEXT, bold=True,
                 max_w=z.w - 92)
            text(surf, a, self.by_seat(last.seat, _("by you"), _("by {name}")), (z.x + 82, z.y + 52), 16, T.TEXT_DIM,
                 max_w=z.w - 92)
            if last.token or self.token_mode:        # the coin on the bottom row: the title stays clear
                t = a.cards.token(a.view.n(26))
                surf.blit(t, t.get_rect(midleft=a.view.pt(z.x + 14, z.y + 102)))
                text(surf, a, _("exchange token used") if last.token else _("token ready"), (z.x + 46, z.y + 102),
                     16, T.GOLD, anchor="midleft", max_w=z.w - 56)
            elif sh.in_force is not None and sh.phase == "discard":
                text(surf, a, _("{f} in force").format(f=fam_title(last.family)), (z.x + 16, z.y + 102), 16, T.GOLD,
                     anchor="midleft")
            else:
                text(surf, a, _("Bluff or not?"), (z.x + 16, z.y + 102), 16, T.OKABE["orange"], anchor="midleft")
        else:
            text(surf, a, _("Free turn"), (z.centerx, z.y + 40), 28, T.TEXT, bold=True, anchor="center")
            text(surf, a, _("declare any family"), (z.centerx, z.y + 82), 16, T.TEXT_DIM, anchor="center")



TABLE = MasterBluffTable
