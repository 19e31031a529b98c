"""Card sprites and the geometry shared by the table: fans, hit tests, flights.

Positions are card centres in layout units; sizes are card widths in layout
units (height = 7/5 of the width).  Drawing goes through the App's CardArt
cache, so images are rasterised once per pixel size (and per whole degree of
rotation) and never smoothscaled per frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from .cards import card_size
from .tween import Tween, Tweener, ease_in_out_cubic, ease_out_cubic

HAND_W = 116          # the viewer's cards
OPP_W = 60            # opponents' card backs
TABLE_W = 96          # pile, deck, reveal


def rotate_pt(x: float, y: float, angle: float) -> tuple[float, float]:
    """Where local offset (x, y) lands after a pygame rotation by ``angle`` degrees (CCW on screen)."""
    a = math.radians(angle)
    return x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)


def point_in_card(p: tuple[float, float], center: tuple[float, float], width: float, angle: float) -> bool:
    h = width * 7 / 5
    dx, dy = p[0] - center[0], p[1] - center[1]
    lx, ly = rotate_pt(dx, dy, -angle)
    return abs(lx) <= width / 2 and abs(ly) <= h / 2


def fan(n: int, zone: pygame.Rect, width: float, groups: list[int] | None = None, gap: float = 14.0,
        max_angle: float = 7.0, arc: float = 16.0, max_step: float | None = None,
        needs: list[float] | None = None) -> list[tuple[float, float, float]]:
    """Poses (cx, cy, angle) for ``n`` cards fanned across ``zone`` (bottom-anchored arc).

    ``groups`` gives the group index of each card (families), adding a gap between groups.
    ``needs`` (optional) is how much of each card's left edge must stay uncovered for its
    corner label to show whole.  Cards then step by at least their need; when the zone is
    too narrow for that, the gaps go first, then cards followed by one of their own group
    close up, so the last card of every group keeps its whole label.
    """
    if n <= 0:
        return []
    h = width * 7 / 5
    groups = groups or [0] * n
    cap = max_step if max_step is not None else width * 0.58
    bounds = [i for i in range(n - 1) if groups[i + 1] != groups[i]]
    ngaps = len(bounds)
    steps: list[float] | None = None
    if needs is not None and n > 1:
        need = [min(cap, needs[i]) for i in range(n - 1)]
        for g in (gap, gap / 2, 0.0):
            avail = zone.width - width - g * ngaps
            if avail / (n - 1) >= max(need):           # a uniform step shows every label
                gap = g
                break
            if sum(need) <= avail:                     # every label, spare room shared out
                extra = (avail - sum(need)) / (n - 1)
                steps = [min(cap, k + extra) for k in need]
                gap = g
                break
        else:
            gap = 0.0
            inner = [i for i in range(n - 1) if i not in bounds]
            rest = zone.width - width - sum(need[i] for i in bounds)
            if inner and rest / len(inner) >= 6:       # whole labels at the group edges only
                steps = [need[i] if i in bounds else rest / len(inner) for i in range(n - 1)]
    if steps is None:
        avail = zone.width - width - gap * ngaps
        step = avail / (n - 1) if n > 1 else 0
        step = min(step, cap)
        if step < 6 and ngaps:  # too crowded for gaps: drop them
            gap, ngaps = 0.0, 0
            step = min((zone.width - width) / max(1, n - 1), cap)
        steps = [step] * (n - 1)
    ngaps = len(bounds) if gap else 0
    total = width + sum(steps) + gap * ngaps
    x = zone.centerx - total / 2 + width / 2
    poses = []
    half = max(1.0, total / 2)
    for i in range(n):
        if i and groups[i] != groups[i - 1]:
            x += gap
        t = max(-1.0, min(1.0, (x - zone.centerx) / half))
        cy = zone.y + 18 + h / 2 + t * t * arc
        poses.append((x, cy, -t * max_angle))
        if i < n - 1:
            x += steps[i]
    return poses


def draw_card(surf: pygame.Surface, ctx: Any, center: tuple[float, float], width: float, family: str | None,
              angle: float = 0.0, squash: float = 1.0, shadow: int = 1, alpha: int = 255) -> pygame.Rect:
    """Draw a face (family) or back (None) centred at ``center``; ``squash`` in [0,1] narrows it (flip)."""
    v = ctx.view
    size = card_size(v.s * width)
    art = ctx.cards
    if squash < 0.999:
        steps = 10
        k = max(1, round(squash * steps))
        img = art._get(("squash", family, size, k), lambda: pygame.transform.smoothscale(
            art.face(family, size) if family else art.back(size), (max(1, round(size[0] * k / steps)), size[1])))
    elif angle and abs(angle) >= 0.5:
        img = art.rotated(("face", family, size) if family else ("back", size), angle)
    else:
        img = art.face(family, size) if family else art.back(size)
    cx, cy = v.pt(*center)
    r = img.get_rect(center=(cx, cy))
    if shadow:
        off = max(1, round(size[0] * (0.03 if shadow == 1 else 0.07)))
        sh = art.shadow(size if squash >= 0.999 else img.get_size(), blur=max(2, off),
                        alpha=70 if shadow == 1 else 95)
        a = int(round(angle)) % 360
        if a and squash >= 0.999:
            base = sh
            sh = art._get(("shrot", size, off, shadow, a), lambda: pygame.transform.rotozoom(base, a, 1.0))
        srect = sh.get_rect(center=(cx + off, cy + off))
        surf.blit(sh, srect)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surf.blit(img, r)
    return r


@dataclass
class HandCard:
    """A card in the viewer's hand: eases towards its fan pose each frame."""

    family: str
    pos: tuple[float, float]
    angle: float = 0.0
    rate: float = 16.0

    def update(self, target: tuple[float, float, float], dt: float) -> None:
        k = 1 - math.exp(-self.rate * max(0.0, dt))
        self.pos = (self.pos[0] + (target[0] - self.pos[0]) * k, self.pos[1] + (target[1] - self.pos[1]) * k)
        self.angle += (target[2] - self.angle) * k
        if abs(target[0] - self.pos[0]) + abs(target[1] - self.pos[1]) < 0.5:
            self.rate = 16.0


@dataclass
class Flyer:
    """A card (face or back) or token flying between two points, optionally flipping on arrival."""

    start: tuple[float, float]
    end: tuple[float, float]
    width: float
    end_width: float
    family: str | None = None        # face shown (after the flip if ``flip``)
    flip: bool = False               # show a back, then flip to ``family`` after landing
    kind: str = "card"               # "card" or "token"
    persist: bool = False            # stays on the table after landing (reveals)
    move: Tween | None = None
    turn: Tween | None = None
    fade: Tween | None = None
    tag: str = ""
    on_land: Callable[[], None] | None = None
    landed: bool = False

    def launch(self, tw: Tweener, duration: float, delay: float = 0.0, ease=ease_in_out_cubic,
               flip_duration: float = 0.2, fade_after: float | None = None) -> "Flyer":
        def land() -> None:
            self.landed = True
            if self.on_land:
                self.on_land()
        self.move = tw.add(0.0, 1.0, duration, ease, delay, on_done=land)
        if self.flip:
            self.turn = tw.add(0.0, 1.0, flip_duration, ease_out_cubic, delay + duration)
        if fade_after is not None:
            self.fade = tw.add(1.0, 0.0, fade_after, ease_out_cubic, delay + duration)
        return self

    @property
    def started(self) -> bool:
        return self.move is None or self.move.started

    @property
    def done(self) -> bool:
        parts = [t for t in (self.move, self.turn, self.fade) if t is not None]
        return all(t.done for t in parts)

    def pose(self) -> tuple[tuple[float, float], float, float, str | None, int]:
        """(centre, width, squash, family-or-None, alpha) right now."""
        t = self.move.value() if self.move else 1.0
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t
        # long flights arc slightly upwards
        y -= math.sin(math.pi * t) * min(40.0, abs(self.end[0] - self.start[0]) * 0.08)
        w = self.width + (self.end_width - self.width) * t
        w = round(w / 4) * 4  # a few cached sizes, never a new one per frame
        squash, fam = 1.0, self.family
        if self.flip:
            f = self.turn.value() if self.turn else 1.0
            squash = abs(math.cos(math.pi * f))
            fam = None if f < 0.5 else self.family
        alpha = 255 if self.fade is None else int(255 * max(0.0, min(1.0, self.fade.value())))
        return (x, y), w, squash, fam, alpha

    def draw(self, surf: pygame.Surface, ctx: Any) -> None:
        if not self.started:
            return
        (x, y), w, squash, fam, alpha = self.pose()
        if self.kind == "token":
            px = ctx.view.n(w)
            img = ctx.cards.token(px)
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            surf.blit(img, img.get_rect(center=ctx.view.pt(x, y)))
            return
        draw_card(surf, ctx, (x, y), w, fam, squash=squash, shadow=2 if not self.landed else 1, alpha=alpha)
