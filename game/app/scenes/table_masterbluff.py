"""The MasterBluff table: the match controller, animation steps and input.

Everything drawn comes from ``match.observe(viewer)`` (kept as ``self.shown``,
a display model advanced one domain event at a time so animations can play);
the scene never reads ``match.state``.  AIs run on the App's AIWorker thread;
their answers are paced by the speed setting.  Drawing lives in
:mod:`table_draw`.
"""
from __future__ import annotations

import logging
import math
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.ai import make_agent
from game.core import IllegalAction, Rng, events_for
from game.core.actions import Event
from game.match import Match
from game.rules.masterbluff import DECK_SIZE, FAMILIES, LastPlay, call, discard, pass_
from .. import input as inp
from .. import layout as lay
from ..cards import card_size
from ..main import autosave_path
from ..scene import Scene
from ..sprites import HAND_W, OPP_W, TABLE_W, Flyer, HandCard, fan, point_in_card, rotate_pt
from ..tween import Tweener, ease_in_out_cubic, ease_out_cubic
from ..widgets import Button, Toast
from .table_draw import TableDrawing

log = logging.getLogger(__name__)
NF = len(FAMILIES)


@dataclass
class Shown:
    """What the table currently shows (trails the observation while animations play)."""

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


@dataclass
class Step:
    """One animation beat: ``begin`` starts tweens, ``end`` settles the display model."""

    begin: Callable[[], None]
    hold: float
    end: Callable[[], None] | None = None
    caption: str | None = None
    tone: str = ""
    log: str | None = None        # shorter line for the table log (default: the caption)


@dataclass
class Drag:
    kind: str                     # "cards" or "token"
    start: tuple[float, float]
    pos: tuple[float, float]
    key: tuple[int, int] | None = None
    active: bool = False
    grab: tuple[float, float] = (0.0, 0.0)


@dataclass
class Picker:
    n: int
    buttons: list[Button] = field(default_factory=list)


class TableScene(TableDrawing, Scene):
    game = "masterbluff"

    # ------------------------------------------------------------------ set-up
    def enter(self, match: Match | None = None, **_) -> None:
        assert match is not None
        self.match = match
        self.n = len(match.seats)
        self.layout = lay.load(self.game)
        self.humans = [s for s in range(self.n) if match.is_human(s)]
        self.hotseat = len(self.humans) >= 2
        self.viewer = self.humans[0] if self.humans else 0
        self.curtain_for: int | None = None
        self.hand_hidden = False
        master = Rng(match.record.seed if match.record.seed is not None else 0)
        rngs = [master.spawn() for _ in range(self.n)]
        self.agents = {s: make_agent(self.game, match.seats[s].level) for s in range(self.n)
                       if not match.is_human(s)}
        self.rngs = {s: rngs[s] for s in self.agents}
        self.pending = None
        self.pending_seat = -1
        self.pending_tag = -1
        self.ai_wait = 0.0
        self.tweener = Tweener()
        self.steps: deque[Step] = deque()
        self.step: Step | None = None
        self.step_t = 0.0
        self.caption = ""
        self.caption_tone = ""
        self.flyers: list[Flyer] = []
        self.sprites: dict[tuple[int, int], HandCard] = {}
        self.selected: set[tuple[int, int]] = set()
        self.hover_key: tuple[int, int] | None = None
        self.drag: Drag | None = None
        self.parked = False
        self.picker: Picker | None = None
        self.token_mode = False
        self.token_hover = False
        self.hand_flip = None
        self.reveal: dict | None = None
        self.flash_seat: int | None = None
        self.flash = None
        self.banner_pop = None
        self._last_caller: int | None = None
        self.toast = Toast()
        self.log_lines: list[str] = []
        self.celebrate_t = -1.0
        self.celebration = ""
        self.finished = False
        self.done_t = 0.0
        self.time = 0.0
        self.mouse = (0.0, 0.0)
        self.apply_settings()
        if self.anim_scale > 0:
            self.app.sounds.warm()
        tb = self.layout.shared("topbar")
        self.top_buttons = [
            Button((tb.x, tb.y, 108, tb.h), "Rules", self.app.open_rules, keys=(pygame.K_F1,), hint="F1", size=16),
            Button((tb.x + 120, tb.y, 112, tb.h), "Menu", self.open_pause, hint="Esc", size=16),
        ]
        self.window_buttons: list[Button] = []
        self.window_groups: list[tuple[int, pygame.Rect]] = []
        self._wb_key: tuple[int, ...] | None = None      # the humans the window buttons were built for
        self._check_cache = None                         # (position, action) -> engine_reason
        self.curtain_button = Button((520, 420, 240, 56), "Show my hand", self.lift_curtain, style="primary",
                                     keys=(pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER))
        obs = match.observe(self.viewer)
        self.shown = self._shown_from(obs)
        if not match.log and obs.phase != "over":
            self._queue_deal(obs)
        else:
            self._sync_hand()
            self.log_lines.append(f"Resumed: {len(match.log)} moves so far.")

    def exit(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None

    def apply_settings(self) -> None:
        self.anim_scale, self.ai_pace = self.app.settings.pacing()
        self.tweener.scale = self.anim_scale

    def resume(self) -> None:
        self.apply_settings()

    # ------------------------------------------------------------------ model
    def _shown_from(self, obs) -> Shown:
        return Shown(list(obs.hand_sizes), tuple(obs.hand), obs.pile_size, obs.last, obs.in_force,
                     list(obs.tokens), obs.turn, obs.phase, tuple(obs.places), tuple(obs.responders))

    def obs(self):
        return self.match.observe(self.viewer)

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def who(self, seat: int) -> str:
        return "You" if seat == self.viewer and self.match.is_human(seat) and not self.hotseat else self.name(seat)

    def says(self, seat: int, verb: str, third: str | None = None) -> str:
        """'You declare' / 'Bram declares' (``third`` for irregular verbs)."""
        w = self.who(seat)
        return f"{w} {verb}" if w == "You" else f"{w} {third or verb + 's'}"

    def pos_of(self, seat: int) -> int:
        return lay.seat_position(seat, self.viewer, self.n)

    def zone(self, seat: int, what: str) -> pygame.Rect:
        return self.layout.seat(self.n, self.pos_of(seat), what)

    def sfx(self, name: str) -> None:
        if self.anim_scale > 0 or name in ("fanfare", "low"):
            self.app.sounds.play(name)

    def busy(self) -> bool:
        return self.step is not None or bool(self.steps)

    def viewer_can_discard(self) -> bool:
        return (not self.busy() and self.curtain_for is None and not self.hand_hidden
                and self.match.is_human(self.viewer) and self.shown.phase == "discard"
                and self.shown.turn == self.viewer and self.viewer in self.match.to_act())

    def can_undo(self) -> bool:
        return (self.match.is_human(self.viewer) and self.match.outcome() is None
                and self.match.can_undo(self.viewer))

    # ------------------------------------------------------------------ hand sprites
    def hand_keys(self) -> list[tuple[int, int]]:
        h = self.shown.hand
        return [(f, k) for f in range(NF) for k in range(h[f])]

    def hand_fan(self, keys: list[tuple[int, int]]) -> list[tuple[float, float, float]]:
        """The fan for these hand cards: each card's corner label stays uncovered when it can."""
        v = self.app.view
        px = card_size(v.s * HAND_W)[0]
        need = {f: self.app.cards.label_extent(FAMILIES[f], px) / v.s + 3 for f in {k[0] for k in keys}}
        return fan(len(keys), self.layout.seat(self.n, 0, "hand"), HAND_W, [k[0] for k in keys],
                   needs=[need[k[0]] for k in keys])

    def hand_poses(self) -> dict[tuple[int, int], tuple[float, float, float]]:
        keys = self.hand_keys()
        poses = self.hand_fan(keys)
        out = {}
        pile = self.layout.shared("pile")
        parked = [k for k in keys if k in self.selected] if self.parked else []
        for key, (x, y, a) in zip(keys, poses):
            if key in parked:
                i = parked.index(key)
                out[key] = (pile.centerx - (len(parked) - 1) * 9 + i * 18, pile.centery - 10, 0.0)
            elif key in self.selected:
                out[key] = (x, y - 24, a)
            elif key == self.hover_key and self.drag is None:
                out[key] = (x, y - 8, a)
            else:
                out[key] = (x, y, a)
        return out

    def _sync_hand(self, origin: tuple[float, float] | None = None) -> None:
        """Make sprites match ``shown.hand``; new cards start at ``origin`` (or in place)."""
        poses = self.hand_poses()
        for key in list(self.sprites):
            if key not in poses:
                del self.sprites[key]
                self.selected.discard(key)
        for key, (x, y, a) in poses.items():
            if key not in self.sprites:
                start = origin if origin is not None else (x, y)
                self.sprites[key] = HandCard(FAMILIES[key[0]], start, a if origin is None else 0.0, rate=9.0)

    def _remove_from_hand(self, counts: tuple[int, ...]) -> list[tuple[float, float, float]]:
        """Take ``counts`` cards out of the shown hand, preferring selected ones; returns their poses."""
        starts = []
        new_sprites: dict[tuple[int, int], HandCard] = {}
        for f in range(NF):
            keys = [k for k in sorted(self.sprites) if k[0] == f]
            take = counts[f]
            chosen = [k for k in keys if k in self.selected][:take]
            chosen += [k for k in reversed(keys) if k not in chosen][:take - len(chosen)]
            for k in chosen:
                s = self.sprites[k]
                starts.append((s.pos[0], s.pos[1], s.angle))
            rest = [self.sprites[k] for k in keys if k not in chosen]
            for i, s in enumerate(rest):
                new_sprites[(f, i)] = s
        self.sprites = new_sprites
        self.selected.clear()
        self.parked = False
        h = list(self.shown.hand)
        self.shown.hand = tuple(h[f] - counts[f] for f in range(NF))
        return starts

    def card_at(self, lpos: tuple[float, float]) -> tuple[int, int] | None:
        """The topmost hand card under a layout point."""
        if not self.shown.faces_up or self.hand_hidden:
            return None
        for key in reversed(self.hand_keys()):
            s = self.sprites.get(key)
            if s is not None and point_in_card(lpos, s.pos, HAND_W, s.angle):
                return key
        return None

    def selected_counts(self) -> tuple[int, ...]:
        c = [0] * NF
        for f, _ in self.selected:
            c[f] += 1
        return tuple(c)

    # ------------------------------------------------------------------ steps
    def add_step(self, begin: Callable[[], None], hold: float, end: Callable[[], None] | None = None,
                 caption: str | None = None, tone: str = "", log: str | None = None) -> None:
        self.steps.append(Step(begin, hold, end, caption, tone, log))

    def _run_steps(self, dt: float) -> None:
        while True:
            if self.step is None:
                if not self.steps:
                    return
                self.step = self.steps.popleft()
                self.step_t = self.step.hold * self.anim_scale
                if self.step.caption is not None:
                    self.caption, self.caption_tone = self.step.caption, self.step.tone
                    self.log_lines.append(self.step.log or self.step.caption)
                    del self.log_lines[:-40]
                self.step.begin()
            self.step_t -= dt
            dt = 0.0
            if self.step_t > 0:
                return
            self.tweener.finish_all()
            self._prune_flyers()
            if self.step.end:
                self.step.end()
            self.step = None
            if not self.steps:
                self.caption = ""
                self._settle()

    def _settle(self) -> None:
        """All animations done: the display model becomes the observation again."""
        obs = self.obs()
        faces = self.shown.faces_up
        self.shown = self._shown_from(obs)
        self.shown.faces_up = faces
        self._sync_hand()

    def _prune_flyers(self) -> None:
        self.flyers = [f for f in self.flyers if f.persist or not f.done]

    # ------------------------------------------------------------------ events -> steps
    def seat_hand_center(self, seat: int) -> tuple[float, float]:
        z = self.zone(seat, "hand")
        if self.pos_of(seat) == 0:
            return z.centerx, z.y + 100
        return z.center

    def seat_width(self, seat: int) -> float:
        return HAND_W if self.pos_of(seat) == 0 else OPP_W

    def pile_spot(self, k: int) -> tuple[float, float]:
        p = self.layout.shared("pile")
        rnd = random.Random(k * 7919)
        return p.centerx + rnd.uniform(-5, 5), p.centery + rnd.uniform(-5, 5)

    def _queue_deal(self, obs) -> None:
        n = self.n
        total = DECK_SIZE
        dealt = (total // n) * n            # the rest go onto the pile, as in the rules' deal
        self.shown.hand_sizes = [0] * n
        self.shown.pile = 0
        self.shown.faces_up = False
        self.shown.phase = "deal"
        self.shown.deck = total
        deck = self.layout.shared("deck")

        def begin() -> None:
            for k in range(total):
                seat = (obs.dealer + 1 + k) % n if k < dealt else None
                end = self.seat_hand_center(seat) if seat is not None else self.pile_spot(k)
                w_end = self.seat_width(seat) if seat is not None else TABLE_W
                fl = Flyer(deck.center, end, TABLE_W, w_end)

                def land(seat=seat, k=k) -> None:
                    if k % 2 == 0:
                        self.sfx("tick")
                    self.shown.deck -= 1
                    if seat is None:
                        self.shown.pile += 1
                    else:
                        self.shown.hand_sizes[seat] += 1
                fl.on_land = land
                self.flyers.append(fl.launch(self.tweener, 0.21, delay=k * 0.045, ease=ease_out_cubic))

        def flip() -> None:
            self.shown.faces_up = True
            self.shown.phase = obs.phase
            self.shown.hand = tuple(obs.hand)
            self._sync_hand()
            self.hand_flip = self.tweener.add(0.0, 1.0, 0.2, ease_out_cubic)

        self.add_step(begin, total * 0.045 + 0.3, caption=f"{self.says(obs.dealer, 'deal')} the cards")
        self.add_step(flip, 0.3, caption=f"{self.says(obs.turn, 'start')}: any family may be declared",
                      log=f"{self.says(obs.turn, 'start')}")

    def on_events(self, events: tuple[Event, ...], action_seat: int, counts=None) -> None:
        for e in events_for(events, self.viewer):
            handler = getattr(self, f"ev_{e.kind}", None)
            if handler:
                if e.kind == "discard":
                    handler(e.data, counts if action_seat == self.viewer else None)
                else:
                    handler(e.data)

    def fam_title(self, family: str | int) -> str:
        name = FAMILIES[family] if isinstance(family, int) else family
        return name.capitalize()

    def ev_discard(self, d: dict, counts) -> None:
        seat, n, fam = d["seat"], d["n"], d["family"]
        fi = FAMILIES.index(fam)

        def begin() -> None:
            self.shown.hand_sizes[seat] -= n
            if seat == self.viewer and counts is not None and self.shown.faces_up and not self.hand_hidden:
                # the viewer's own cards leave the fan where they are, face down (hidden cards)
                for i, (x, y, _) in enumerate(self._remove_from_hand(counts)):
                    fl = Flyer((x, y), self.pile_spot(self.shown.pile + i), HAND_W, TABLE_W, tag="discard")
                    self._launch_to_pile(fl, i)
            else:
                if seat == self.viewer:
                    self.shown.hand = tuple(self.obs().hand)
                    self._sync_hand()
                for i in range(n):
                    fl = Flyer(self.seat_hand_center(seat), self.pile_spot(self.shown.pile + i),
                               self.seat_width(seat), TABLE_W, tag="discard")
                    self._launch_to_pile(fl, i)
            self.sfx("slide")
            self.shown.last = LastPlay(seat, n, fi, d["token"])
            self.shown.phase = "respond"
            self.banner_pop = self.tweener.add(0.0, 1.0, 0.35, ease_out_cubic)

        self.add_step(begin, 0.42 + 0.05 * n,
                      caption=f"{self.says(seat, 'declare')} {n} × {self.fam_title(fam)}")

    def _launch_to_pile(self, fl: Flyer, i: int) -> None:
        def land() -> None:
            self.shown.pile += 1
        fl.on_land = land
        self.flyers.append(fl.launch(self.tweener, 0.38, delay=i * 0.05, ease=ease_in_out_cubic))

    def ev_token(self, d: dict) -> None:
        seat = d["seat"]

        def begin() -> None:
            self.shown.tokens[seat] = False
            src = self.layout.shared("banner").center if (seat == self.viewer and self.token_mode) \
                else self.zone(seat, "token").center
            self.token_mode = False
            self.sfx("token")
            b = self.layout.shared("banner")
            fl = Flyer(src, (b.right - 30, b.y + 30), 46, 30, kind="token")
            self.flyers.append(fl.launch(self.tweener, 0.35, ease=ease_in_out_cubic, fade_after=0.3))

        self.add_step(begin, 0.65, log=f"{self.who(seat)}: token → {self.fam_title(d['family'])}",
                      caption=f"{self.says(seat, 'spend')} the exchange token to name "
                                           f"{self.fam_title(d['family'])}")

    def ev_window(self, d: dict) -> None:
        def begin() -> None:
            self.shown.phase = "respond"
            self.shown.responders = tuple(d["order"])
            self.ai_wait = max(self.ai_wait, self.ai_pace)
        self.add_step(begin, 0.0)

    def ev_no_call(self, d: dict) -> None:
        def begin() -> None:
            last = self.shown.last
            if last is not None:
                self.shown.in_force = last.family
        self.add_step(begin, 0.6, caption="Nobody calls Bluff!")

    def ev_call(self, d: dict) -> None:
        caller, declarer = d["caller"], d["declarer"]
        self._last_caller = caller

        def begin() -> None:
            self.flash_seat = caller
            self.sfx("call")
            self.flash = self.tweener.add(1.0, 0.0, 0.9, ease_out_cubic)
        self.add_step(begin, 0.8, caption=f"{self.says(caller, 'call')} Bluff! on {self.who(declarer)}",
                      tone="call")

    def reveal_slots(self, n: int) -> list[tuple[float, float]]:
        r = self.layout.overlay("reveal")
        w = 96.0
        step = min(w + 10, (r.width - 40 - w) / max(1, n - 1)) if n > 1 else 0
        total = w + step * (n - 1)
        x0 = r.centerx - total / 2 + w / 2
        return [(x0 + i * step, r.y + 146) for i in range(n)]

    def ev_reveal(self, d: dict) -> None:
        cards = list(d["cards"])
        truthful = d["truthful"]
        declarer = d["declarer"]
        caller = self._last_caller
        by = self.who(caller) if caller is not None else "someone"

        def begin() -> None:
            self.reveal = {"truthful": truthful, "family": d["family"], "declarer": declarer, "n": len(cards),
                           "by": by}
            for i, (fam, slot) in enumerate(zip(cards, self.reveal_slots(len(cards)))):
                fl = Flyer(self.pile_spot(i), slot, TABLE_W, 96, fam, flip=True, persist=True, tag="reveal")

                def land() -> None:
                    self.sfx("flip")
                    self.shown.pile = max(0, self.shown.pile - 1)
                fl.on_land = land
                self.flyers.append(fl.launch(self.tweener, 0.3, delay=i * 0.08, ease=ease_out_cubic,
                                             flip_duration=0.2))
        verdict = "TRUE" if truthful else "FALSE"
        self.add_step(begin, 0.6 + 0.08 * len(cards) + 1.5,
                      caption=f"Bluff! by {by} — the claim was {verdict}", tone="true" if truthful else "false",
                      log=f"The claim was {verdict}")

    def ev_pickup(self, d: dict) -> None:
        seat, n = d["seat"], d["n"]

        def begin() -> None:
            dest = self.seat_hand_center(seat)
            w_end = self.seat_width(seat)
            moving = [f for f in self.flyers if f.tag == "reveal"]
            self.flyers = [f for f in self.flyers if f.tag != "reveal"]
            for i, f in enumerate(moving):
                (x, y), w, _, fam, _ = f.pose()
                nf = Flyer((x, y), dest, 96, w_end, fam, tag="pickup")
                self.flyers.append(nf.launch(self.tweener, 0.42, delay=i * 0.03))
            for i in range(min(self.shown.pile, 12)):
                nf = Flyer(self.pile_spot(i), dest, TABLE_W, w_end, tag="pickup")
                self.flyers.append(nf.launch(self.tweener, 0.42, delay=(len(moving) + i) * 0.03))
            self.sfx("slide")
            self.shown.pile = 0
            self.reveal = None
            self.shown.last = None
            self.shown.in_force = None

        def end() -> None:
            self.shown.hand_sizes[seat] += n
            if seat == self.viewer:
                self.shown.hand = tuple(self.obs().hand)
                self._sync_hand(origin=self.layout.shared("pile").center)

        self.add_step(begin, 0.42 + 0.03 * min(n, 20) + 0.25, end,
                      caption=f"{self.says(seat, 'take')} the pile: {n} card{'s' * (n != 1)}",
                      log=f"{self.says(seat, 'take')} the pile ({n})")

    def ev_out(self, d: dict) -> None:
        seat = d["seat"]

        def begin() -> None:
            self.shown.places = tuple(list(self.shown.places) + [seat])
        self.add_step(begin, 0.5, caption=f"{self.says(seat, 'have', 'has')} no cards left!", tone="true")

    def ev_turn(self, d: dict) -> None:
        def begin() -> None:
            self.shown.turn = d["seat"]
            self.shown.phase = "discard"
            self.shown.responders = ()
            fam = d.get("family")
            self.shown.in_force = FAMILIES.index(fam) if fam else None
        self.add_step(begin, 0.0)

    def ev_game_over(self, d: dict) -> None:
        w = d["winners"][0] if d.get("winners") else None
        text = f"{self.says(w, 'win')}!" if w is not None else "Game over"

        def begin() -> None:
            self.celebration = text
            self.celebrate_t = 0.0
            lost = (w is not None and self.match.is_human(self.viewer) and w != self.viewer and not self.hotseat)
            self.sfx("low" if lost else "fanfare")
            self.shown.phase = "over"
        self.add_step(begin, 2.4, caption=text, tone="true")

    # ------------------------------------------------------------------ acting
    def submit(self, action, counts=None) -> bool:
        try:
            events = self.match.submit(action)
        except IllegalAction as exc:
            self.say(exc.reason)
            return False
        self.autosave()
        self.on_events(events, action.seat, counts)
        if self.hotseat and action.kind == "discard" and self.match.is_human(action.seat):
            self.hand_hidden = True
        return True

    def autosave(self) -> None:
        path = autosave_path(self.game)
        try:
            if self.match.outcome() is None:
                self.match.save(path)
            elif path.exists():
                path.unlink()
        except OSError as exc:
            self.toast.show(f"Could not autosave: {exc.strerror or exc}", pos=(640, 140))

    def say(self, msg: str, pos: tuple[float, float] | None = None) -> None:
        self.toast.show(msg[:1].upper() + msg[1:], 2.6, pos or (640, 440))

    def declare(self, family: int, token: bool = False) -> None:
        counts = self.selected_counts()
        action = discard(self.viewer, counts, family, token)
        self.picker = None
        if not self.submit(action, counts):
            self.parked = False

    def answer(self, seat: int, bluff: bool) -> None:
        if seat in self.match.to_act() and self.shown.phase == "respond" and not self.busy():
            self.submit(call(seat) if bluff else pass_(seat))

    def pending_humans(self) -> list[int]:
        if self.busy() or self.shown.phase != "respond":
            return []
        ta = self.match.to_act()
        return [s for s in self.shown.responders if s in ta and self.match.is_human(s)]

    def undo(self) -> None:
        if not self.can_undo():
            return
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        removed = self.match.undo(self.viewer)
        self.steps.clear()
        self.step = None
        self.tweener.finish_all()
        self.flyers.clear()
        self.reveal = None
        self.selected.clear()
        self.parked = False
        self.picker = None
        self.token_mode = False
        self.hand_hidden = False
        self.shown = self._shown_from(self.obs())
        self.sprites.clear()
        self._sync_hand()
        self.autosave()
        self.log_lines.append(f"Undo: {removed} move{'s' * (removed != 1)} taken back")
        self.caption = ""

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.time += dt
        self.tweener.update(dt)
        self._prune_flyers()
        self._run_steps(dt)
        self.toast.update(dt)
        if self.celebrate_t >= 0:
            self.celebrate_t += dt
        poses = self.hand_poses()
        for key, s in self.sprites.items():
            if key in poses and not (self.drag and self.drag.active and self.drag.kind == "cards"
                                     and key in self.selected):
                s.update(poses[key], dt if self.anim_scale > 0 else 10.0)
        for b in self.top_buttons:
            b.update(dt)
        self._refresh_window_buttons()
        if self.busy():
            return
        if self.match.outcome() is not None:
            self.done_t += dt
            if not self.finished and self.done_t >= 0.3 * self.anim_scale:
                self.finished = True
                from .results import ResultsScene

                self.autosave()
                self.app.replace(ResultsScene(self.app), match=self.match, viewer=self.viewer)
            return
        self._hotseat_check()
        self._drive_ai(dt)

    def _hotseat_check(self) -> None:
        if not self.hotseat or self.curtain_for is not None:
            return
        obs_phase = self.shown.phase
        if obs_phase == "discard" and self.match.is_human(self.shown.turn):
            if self.shown.turn != self.viewer or self.hand_hidden:
                self.curtain_for = self.shown.turn
                self.curtain_button.label = f"I am {self.name(self.curtain_for)}"
                self.drag = None
                self.picker = None

    def lift_curtain(self) -> None:
        if self.curtain_for is None:
            return
        self.viewer = self.curtain_for
        self.curtain_for = None
        self.hand_hidden = False
        self.selected.clear()
        self.sprites.clear()
        self.shown = self._shown_from(self.obs())
        self._sync_hand()

    def _drive_ai(self, dt: float) -> None:
        self.ai_wait = max(0.0, self.ai_wait - dt)
        if self.pending is not None:
            if not self.pending.done():
                return
            fut, seat, tag = self.pending, self.pending_seat, self.pending_tag
            self.pending = None
            try:
                action = fut.result()
            except Exception:  # a broken AI must not freeze the table
                log.exception("AI seat %s failed; playing a random legal move", seat)
                action = self.match.legal(seat).sample(self.rngs[seat])
            if tag != len(self.match.log) or seat not in self.match.to_act():
                return
            if not self.submit(action):
                self.submit(self.match.legal(seat).sample(self.rngs[seat]))
            in_window = action.kind in ("call", "pass")
            self.ai_wait = self.ai_pace * (0.6 if in_window else 1.0)
            return
        if self.ai_wait > 0:
            return
        for seat in self.match.to_act():
            if seat in self.agents:
                obs = self.match.observe(seat)
                legal = self.match.legal(seat)
                self.pending = self.app.ai.request(self.agents[seat], obs, legal, self.rngs[seat])
                self.pending_seat = seat
                self.pending_tag = len(self.match.log)
                return

    # keys for each hot-seat human, by their place among the humans: Bluff! on the digit,
    # No on the letter below it (1/Q, 2/W, 3/E, 4/R, 5/T)
    CALL_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)
    PASS_KEYS = (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t)

    def window_keys(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(Bluff! keys, No keys) for a human responder in the open window."""
        if not self.hotseat:
            return (pygame.K_b,), (pygame.K_n, pygame.K_SPACE)
        k = self.humans.index(seat)
        call_keys, pass_keys = (self.CALL_KEYS[k],), (self.PASS_KEYS[k],)
        if len(self.pending_humans()) == 1:
            call_keys, pass_keys = (pygame.K_b,) + call_keys, (pygame.K_n, pygame.K_SPACE) + pass_keys
        return call_keys, pass_keys

    def _refresh_window_buttons(self) -> None:
        humans = self.pending_humans()
        key = tuple(humans)
        if self._wb_key == key:
            return
        self._wb_key = key
        self.window_buttons = []
        self.window_groups = []
        if not humans:
            return
        z = self.layout.shared("buttons")
        if not self.hotseat:
            s = humans[0]
            half = (z.width - 16) // 2
            self.window_buttons = [
                Button((z.x, z.y, half, z.h), "Bluff!", lambda s=s: self.answer(s, True), style="danger",
                       keys=(pygame.K_b,), hint="B", size=22),
                Button((z.x + half + 16, z.y, half, z.h), "No bluff", lambda s=s: self.answer(s, False),
                       keys=(pygame.K_n, pygame.K_SPACE), hint="N", size=20),
            ]
            return
        # hot seat: one group per human still to answer, [name | Bluff! | No], so nobody
        # answers for anyone else.  Two groups a row, clear of the side seats' tokens; a
        # second row (over the status line, which would only repeat this) for 3 or 4.
        left, right, gap = 330, 950, 12
        rows = [humans[:2], humans[2:]] if len(humans) > 2 else [humans]
        ys = [(z.y, z.h)] if len(rows) == 1 else [(400, 50), (456, 50)]
        gw = (right - left - gap) // 2
        for row, (y, hgt) in zip(rows, ys):
            x0 = (left + right) // 2 - (gw * len(row) + gap * (len(row) - 1)) // 2
            for i, s in enumerate(row):
                g = pygame.Rect(x0 + i * (gw + gap), y, gw, hgt)
                self.window_groups.append((s, g))
                call_keys, pass_keys = self.window_keys(s)
                hint_c = "B" if pygame.K_b in call_keys else pygame.key.name(call_keys[-1]).upper()
                hint_p = "N" if pygame.K_n in pass_keys else pygame.key.name(pass_keys[-1]).upper()
                bh = hgt - 10
                wn, wc = 76, 108
                bx = g.right - 5 - wn - 4 - wc
                self.window_buttons.append(Button((bx, g.y + 5, wc, bh), "Bluff!",
                                                  lambda s=s: self.answer(s, True), style="danger",
                                                  keys=call_keys, hint=hint_c, size=18))
                self.window_buttons.append(Button((g.right - 5 - wn, g.y + 5, wn, bh), "No",
                                                  lambda s=s: self.answer(s, False), keys=pass_keys,
                                                  hint=hint_p, size=18))
                self.window_buttons[-2].seat = self.window_buttons[-1].seat = s

    # ------------------------------------------------------------------ input
    def open_pause(self) -> None:
        from .pause import PauseScene

        self.drag = None
        self.app.push(PauseScene(self.app), table=self)

    def handle(self, ev: inp.InputEvent) -> None:
        if ev.kind in (inp.MOVE, inp.DOWN, inp.UP):
            self.mouse = ev.lpos
        for b in self.top_buttons:
            if b.handle(ev) and ev.kind != inp.MOVE:
                return
        if self.curtain_for is not None:
            self.curtain_button.handle(ev)
            if ev.is_key(pygame.K_ESCAPE):
                self.open_pause()
            return
        if self.picker is not None:
            self._handle_picker(ev)
            return
        for b in self.window_buttons:
            if b.handle(ev) and ev.kind != inp.MOVE:
                return
        if ev.kind == inp.KEY:
            self._handle_key(ev)
        elif ev.kind == inp.DOWN and ev.button == 1:
            self._press(ev.lpos)
        elif ev.kind == inp.DOWN and ev.button == 3:
            self.selected.clear()
        elif ev.kind == inp.MOVE:
            self._move(ev.lpos)
        elif ev.kind == inp.UP and ev.button == 1:
            self._release(ev.lpos)
        elif ev.kind == inp.FOCUS and self.drag is not None and self.drag.active:
            self._release(self.drag.pos)

    def _handle_key(self, ev: inp.InputEvent) -> None:
        if ev.key == pygame.K_ESCAPE:
            if self.selected:
                self.selected.clear()
                self.parked = False
            else:
                self.open_pause()
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter_declare()
        elif ev.key == pygame.K_t:
            self.toggle_token()
        elif ev.key == pygame.K_u and self.can_undo():
            self.undo()

    def enter_declare(self) -> None:
        if not self.selected:
            self.say("Select cards first: click them in your hand")
            return
        if not self._check_can_discard():
            return
        if self.shown.in_force is not None and not self.token_mode:
            self.declare(self.shown.in_force)
        else:
            self.open_picker()

    def toggle_token(self) -> None:
        if self.token_mode:
            self.token_mode = False
            return
        reason = self._token_reason()
        if reason:
            self.say(reason, self.zone(self.viewer, "token").center)
        else:
            self.token_mode = True

    # -- why a drop is refused: the engine's own reasons (Match.check), plus the one
    #    only the table knows (animations still running)
    def _ui_reason(self) -> str | None:
        if self.busy():
            return "Wait a moment: the table is still moving"
        return None

    def engine_reason(self, action) -> str | None:
        """``match.check(action)``, cached per position (the draw path asks every frame)."""
        key = (len(self.match.log), action)
        cache = self._check_cache
        if cache is not None and cache[0] == key:
            return cache[1]
        reason = self.match.check(action)
        self._check_cache = (key, reason)
        return reason

    def discard_probe(self, token: bool | None = None, counts: tuple[int, ...] | None = None):
        """The discard the viewer's selection (or ``counts``) would make.  The family is
        not chosen until the picker, so this names one the engine would accept if anything is."""
        token = self.token_mode if token is None else token
        in_force = self.shown.in_force
        if in_force is None:
            fam = 0
        elif token:
            fam = (in_force + 1) % NF
        else:
            fam = in_force
        return discard(self.viewer, self.selected_counts() if counts is None else counts, fam, token)

    def pile_drop_rect(self) -> pygame.Rect:
        """Where a card drop counts as 'on the pile' (a little more than the pile itself)."""
        return self.layout.shared("pile").inflate(90, 70)

    def drop_reason(self) -> str | None:
        """Why dropping the selected cards on the pile would be refused (None: it is legal)."""
        return self._ui_reason() or self.engine_reason(self.discard_probe())

    def _token_reason(self) -> str | None:
        """Why arming the exchange token would be refused (None: it may be used)."""
        ui = self._ui_reason()
        if ui:
            return ui
        hand = self.shown.hand
        if not any(hand):
            return "You have no cards left to discard"
        first = next(f for f in range(NF) if hand[f])
        one = tuple(int(f == first) for f in range(NF))
        return self.engine_reason(self.discard_probe(token=True, counts=one))

    def _check_can_discard(self) -> bool:
        reason = self.drop_reason()
        if reason:
            self.say(reason)
            return False
        return True

    def _press(self, p: tuple[float, float]) -> None:
        tz = self.zone(self.viewer, "token").inflate(10, 10)
        if self.shown.tokens[self.viewer] and not self.token_mode and tz.collidepoint(p) \
                and self.match.is_human(self.viewer):
            self.drag = Drag("token", p, p)
            return
        if self.token_mode and self.layout.shared("banner").collidepoint(p):
            self.token_mode = False  # click the armed token to take it back
            return
        key = self.card_at(p)
        if key is not None and self.match.is_human(self.viewer):
            s = self.sprites[key]
            self.drag = Drag("cards", p, p, key, grab=(p[0] - s.pos[0], p[1] - s.pos[1]))

    def _move(self, p: tuple[float, float]) -> None:
        d = self.drag
        if d is None:
            self.hover_key = self.card_at(p)
            self.token_hover = self.zone(self.viewer, "token").collidepoint(p)
            return
        d.pos = p
        if not d.active and math.hypot(p[0] - d.start[0], p[1] - d.start[1]) > 6:
            d.active = True
            if d.kind == "cards" and d.key not in self.selected:
                self.selected.add(d.key)
            self.parked = False

    def _release(self, p: tuple[float, float]) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        if not d.active:
            if d.kind == "cards" and d.key is not None:
                self.selected.symmetric_difference_update({d.key})
            elif d.kind == "token":
                self.toggle_token()
            return
        if d.kind == "token":
            if self.layout.shared("banner").inflate(30, 30).collidepoint(p):
                reason = self._token_reason()
                if reason:
                    self.spring_token(reason, p)
                else:
                    self.token_mode = True
            else:
                self.spring_token("Drop the token on the declaration banner", p)
            return
        if not self.pile_drop_rect().collidepoint(p):
            self.spring_back("Drop the cards on the pile", p)
            return
        if not self._check_can_discard():
            self.spring_back(None, p)
            return
        self.parked = True
        self._hurry_selected()
        self.open_picker()

    def _hurry_selected(self) -> None:
        """The selected cards take ~200 ms to their next pose (parked on the pile, or the fan)."""
        for key in self.selected:
            if key in self.sprites:
                self.sprites[key].rate = 20.0

    def spring_back(self, reason: str | None, p: tuple[float, float]) -> None:
        self._hurry_selected()
        self.parked = False
        if reason:
            self.say(reason, (p[0], p[1] - 120))

    def spring_token(self, reason: str, p: tuple[float, float]) -> None:
        home = self.zone(self.viewer, "token").center
        fl = Flyer(p, home, 46, 46, kind="token")
        self.flyers.append(fl.launch(self.tweener, 0.2, ease=ease_out_cubic))
        self.say(reason, (p[0], p[1] - 60))

    # -- the family picker
    def open_picker(self) -> None:
        n = len(self.selected)
        z = self.layout.overlay("picker")
        self.picker = Picker(n)
        legal = self.legal_families()
        bw, gap = 100, 12
        x0 = z.centerx - (6 * bw + 5 * gap) / 2
        for f in range(NF):
            b = Button((round(x0 + f * (bw + gap)), z.y + 74, bw, 170), self.fam_title(f),
                       (lambda f=f: self.declare(f, self.token_mode)), enabled=f in legal,
                       keys=(pygame.K_1 + f, pygame.K_KP1 + f), hint="", size=16)
            b.family = FAMILIES[f]
            b.number = f + 1
            self.picker.buttons.append(b)
        self.picker.buttons.append(Button((z.right - 200, z.bottom - 62, 180, 46), "Cancel", self.cancel_picker,
                                          keys=(pygame.K_ESCAPE,), hint="Esc", size=18))
        if self.shown.in_force is not None and self.shown.tokens[self.viewer]:
            tb = Button((z.x + 20, z.bottom - 62, 300, 46),
                        "Put token back" if self.token_mode else "Use exchange token", self.picker_token,
                        keys=(pygame.K_t,), hint="T", size=16, style="gold")
            self.picker.buttons.append(tb)

    def legal_families(self) -> set[int]:
        if self.shown.in_force is None:
            return set(range(NF))
        if self.token_mode:
            return set(range(NF)) - {self.shown.in_force}
        return {self.shown.in_force}

    def picker_token(self) -> None:
        self.token_mode = not self.token_mode
        self.open_picker()

    def cancel_picker(self) -> None:
        self.picker = None
        self.spring_back(None, self.mouse)
        if self.token_mode:  # the token flies home from the banner
            self.token_mode = False
            fl = Flyer(self.layout.shared("banner").center, self.zone(self.viewer, "token").center, 46, 46,
                       kind="token")
            self.flyers.append(fl.launch(self.tweener, 0.3, ease=ease_in_out_cubic))

    def _handle_picker(self, ev: inp.InputEvent) -> None:
        if self.picker is None:
            return
        for b in self.picker.buttons:
            if b.handle(ev) and ev.kind != inp.MOVE:
                return

    # ------------------------------------------------------------------ test / probe helpers
    def to_window(self, p: tuple[float, float]) -> tuple[int, int]:
        return self.app.view.pt(*p)

    def card_click_points(self) -> list[tuple[str, tuple[int, int]]]:
        """A window point on each hand card that hits that card (for tests and the probe)."""
        out = []
        for key in self.hand_keys():
            s = self.sprites.get(key)
            if s is None:
                continue
            for fx, fy in ((-0.3, -0.3), (-0.4, 0.0), (-0.2, -0.42), (0.0, -0.3), (0.2, -0.3)):
                ox, oy = rotate_pt(fx * HAND_W, fy * HAND_W * 1.4, s.angle)
                lp = (s.pos[0] + ox, s.pos[1] + oy)
                wp = self.to_window(lp)
                if self.card_at(self.app.view.logical(wp)) == key:
                    out.append((FAMILIES[key[0]], wp))
                    break
        return out

    def pile_center(self) -> tuple[int, int]:
        return self.to_window(self.layout.shared("pile").center)

    def picker_points(self) -> list[dict]:
        if self.picker is None:
            return []
        return [{"label": b.label, "family": getattr(b, "family", None), "enabled": b.enabled,
                 "center": list(self.to_window(b.rect.center))} for b in self.picker.buttons]

    def probe_state(self) -> dict:
        return {"table": {
            "log_len": len(self.match.log), "viewer": self.viewer, "busy": self.busy(),
            "phase": self.shown.phase, "turn": self.shown.turn, "can_discard": self.viewer_can_discard(),
            "hand": [{"family": f, "click": list(p)} for f, p in self.card_click_points()],
            "pile": list(self.app.view.rect(self.layout.shared("pile"))), "picker": self.picker_points(),
            "window_buttons": [{"label": b.label, "center": list(self.to_window(b.rect.center))}
                               for b in self.window_buttons],
            "over": self.match.outcome() is not None}}
