"""The viewer's hand: fan layout, selection, hover, keyboard focus and hit tests.

A game gives the cards as ``(key, face, group)`` triples: ``key`` is any
hashable id that stays stable while the card stays in hand, ``face`` the
card-art name, ``group`` the fan group (a small gap separates groups).  Cards
ease towards their fan poses each frame.  Keyboard: Left/Right (Tab / Shift+Tab
round the hand, Home / End to the first / last card) move a visible focus,
Space selects the focused card (the table maps Enter to play).
"""
from __future__ import annotations

from typing import Hashable

from ..cards import card_size
from ..sprites import HandCard, fan, point_in_card, rotate_pt

Card = tuple[Hashable, str, int]


class Hand:
    def __init__(self, app, zone, width: float, multi: bool = True, spread: float | None = None) -> None:
        self.app = app
        self.spread = spread                 # widest step between cards, in card widths (None: the fan's)
        self.zone = zone                     # layout rect of the fan
        self.width = width
        self.multi = multi                   # several cards may be selected
        self.cards: list[Card] = []
        self.sprites: dict[Hashable, HandCard] = {}
        self.selected: set[Hashable] = set()
        self.hover: Hashable | None = None
        self.focus: int | None = None        # index into cards (keyboard)
        self.parked: tuple[float, float] | None = None   # where selected cards rest during a choice
        self.faces_up = True

    # -- model
    def keys(self) -> list[Hashable]:
        return [k for k, _, _ in self.cards]

    def face(self, key: Hashable) -> str:
        return next(f for k, f, _ in self.cards if k == key)

    def set_cards(self, cards: list[Card], origin: tuple[float, float] | None = None) -> None:
        """Make sprites match ``cards``; new ones fly in from ``origin`` (or appear in place)."""
        self.cards = list(cards)
        poses = self.poses()
        for key in list(self.sprites):
            if key not in poses:
                del self.sprites[key]
        self.selected &= set(poses)
        for (key, face, _), (x, y, a) in zip(self.cards, self.fan()):
            if key not in self.sprites:
                start = origin if origin is not None else (x, y)
                self.sprites[key] = HandCard(face, start, a if origin is None else 0.0, rate=9.0)
        if self.focus is not None and self.cards:
            self.focus = min(self.focus, len(self.cards) - 1)
        elif not self.cards:
            self.focus = None

    def take(self, keys: list[Hashable]) -> list[tuple[float, float, float]]:
        """Remove ``keys`` from the hand; returns where they were (for flights)."""
        out = []
        for k in keys:
            s = self.sprites.pop(k, None)
            if s is not None:
                out.append((s.pos[0], s.pos[1], s.angle))
        self.cards = [c for c in self.cards if c[0] not in keys]
        self.selected -= set(keys)
        self.parked = None
        if self.focus is not None:
            self.focus = min(self.focus, len(self.cards) - 1) if self.cards else None
        return out

    def take_counts(self, counts) -> list[tuple[float, float, float]]:
        """For hands keyed ``(group, index)`` (identical cards by group): take ``counts[g]`` cards
        of each group, the selected ones first, and renumber the rest so keys stay
        ``(g, 0..n-1)``.  Returns the poses the taken cards left from."""
        chosen = []
        for g, c in enumerate(counts):
            keys = [k for k in self.keys() if k[0] == g]
            pick = [k for k in keys if k in self.selected][:c]
            chosen += pick + [k for k in reversed(keys) if k not in pick][:c - len(pick)]
        starts = self.take(chosen)
        rest: dict = {}
        for g in range(len(counts)):
            for i, k in enumerate(k for k in sorted(self.sprites) if k[0] == g):
                rest[(g, i)] = self.sprites[k]
        self.sprites = rest
        self.selected.clear()
        return starts

    def selected_counts(self, groups: int) -> tuple[int, ...]:
        """How many selected cards of each group (hands keyed ``(group, index)``)."""
        return tuple(sum(1 for k in self.selected if k[0] == g) for g in range(groups))

    def clear(self) -> None:
        self.sprites.clear()
        self.selected.clear()
        self.parked = None

    # -- layout
    def fan(self) -> list[tuple[float, float, float]]:
        v = self.app.view
        px = card_size(v.s * self.width)[0]
        art = self.app.cards
        needs = [art.label_extent(face, px) / v.s + 3 for _, face, _ in self.cards]
        step = None if self.spread is None else self.spread * self.width
        return fan(len(self.cards), self.zone, self.width, [g for _, _, g in self.cards], needs=needs,
                   max_step=step)

    def poses(self, dragging: bool = False) -> dict[Hashable, tuple[float, float, float]]:
        out = {}
        parked = [k for k in self.keys() if k in self.selected] if self.parked else []
        for i, ((key, _, _), (x, y, a)) in enumerate(zip(self.cards, self.fan())):
            if key in parked:
                j = parked.index(key)
                out[key] = (self.parked[0] - (len(parked) - 1) * 9 + j * 18, self.parked[1] - 10, 0.0)
            elif key in self.selected:
                out[key] = (x, y - 24, a)
            elif (key == self.hover and not dragging) or i == self.focus:
                out[key] = (x, y - 8, a)
            else:
                out[key] = (x, y, a)
        return out

    def update(self, dt: float, frozen: set[Hashable] = frozenset(), dragging: bool = False) -> None:
        poses = self.poses(dragging)
        for key, s in self.sprites.items():
            if key in poses and key not in frozen:
                s.update(poses[key], dt)

    def hurry(self, keys=None) -> None:
        """These cards (default: the selection) reach their next pose in ~200 ms."""
        for key in (self.selected if keys is None else keys):
            if key in self.sprites:
                self.sprites[key].rate = 20.0

    # -- hit tests
    def card_at(self, lpos: tuple[float, float]) -> Hashable | None:
        if not self.faces_up:
            return None
        for key in reversed(self.keys()):
            s = self.sprites.get(key)
            if s is not None and point_in_card(lpos, s.pos, self.width, s.angle):
                return key
        return None

    def click_points(self) -> list[tuple[Hashable, tuple[int, int]]]:
        """A window point on each card that hits that card (for tests and the probe)."""
        v = self.app.view
        out = []
        for key in self.keys():
            s = self.sprites.get(key)
            if s is None:
                continue
            for fx, fy in ((-0.3, -0.3), (-0.4, 0.0), (-0.2, -0.42), (0.0, -0.3), (0.2, -0.3)):
                ox, oy = rotate_pt(fx * self.width, fy * self.width * 1.4, s.angle)
                wp = v.pt(s.pos[0] + ox, s.pos[1] + oy)
                if self.card_at(v.logical(wp)) == key:
                    out.append((key, wp))
                    break
        return out

    # -- selection and keyboard focus
    def toggle(self, key: Hashable) -> None:
        if key in self.selected:
            self.selected.discard(key)
        else:
            if not self.multi:
                self.selected.clear()
            self.selected.add(key)

    def move_focus(self, delta: int) -> None:
        if not self.cards:
            self.focus = None
            return
        self.focus = (len(self.cards) - 1 if delta < 0 else 0) if self.focus is None \
            else max(0, min(len(self.cards) - 1, self.focus + delta))

    def cycle_focus(self, step: int) -> None:
        """Tab: the focus goes on by ``step`` cards, round from the last card to the first."""
        if not self.cards:
            self.focus = None
            return
        n = len(self.cards)
        self.focus = (0 if step > 0 else n - 1) if self.focus is None else (self.focus + step) % n

    def follow(self, key: Hashable) -> None:
        """The mouse took ``key``: a keyboard focus in use moves onto it (one highlight, and the
        arrows go on from there)."""
        if self.focus is not None and key in self.keys():
            self.focus = self.keys().index(key)

    def toggle_focus(self) -> None:
        if self.focus is None:
            self.move_focus(1)
        if self.focus is not None:
            self.toggle(self.cards[self.focus][0])

    def focused(self) -> Hashable | None:
        if self.focus is None or not self.cards:
            return None
        return self.cards[min(self.focus, len(self.cards) - 1)][0]
