"""Seat zones on a ring, for any number of seats (2 to 20 and more).

Position 0 (the viewer) sits at the bottom with a large hand; the others
sit clockwise on an ellipse inside the layout's ``ring`` rect, clear of the
bottom.  Each opponent gets a "pod": a small fan of card backs (``hand``),
a name plate (``name``) and a piece spot (``token``).  Pods shrink until no
two overlap, so every count fits a 1280x720 table.  Layouts with a
``seats_<n>`` layer use that instead (hand-placed seats).
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

VIEWER = {"hand": (276, 514, 728, 200), "name": (332, 652, 236, 44), "token": (278, 650, 46, 46)}


def _pod(cx: float, cy: float, w: float, h: float) -> dict[str, pygame.Rect]:
    name_h = 42 if h >= 110 else 34
    hand = pygame.Rect(0, 0, round(w), round(h - name_h - 6))
    hand.midtop = (round(cx), round(cy - h / 2))
    name = pygame.Rect(0, 0, round(w), name_h)
    name.midbottom = (round(cx), round(cy + h / 2))
    tok = min(46, name_h)
    token = pygame.Rect(0, 0, tok, tok)
    token.topright = (hand.right, hand.top)
    return {"hand": hand, "name": name, "token": token}


def _angles(opponents: int, ax: float, ay: float, gap: float = 36.0) -> list[float]:
    """Clockwise on screen from the viewer's left, leaving the bottom free (``gap`` degrees
    either side), spaced by equal arc length on the ellipse (equal angles would bunch seats at
    the steep sides)."""
    if opponents == 1:
        return [270.0]
    steps = 720
    a0, a1 = 90.0 + gap, 450.0 - gap
    pts = [a0 + (a1 - a0) * i / steps for i in range(steps + 1)]
    arc = [0.0]
    for i in range(1, len(pts)):
        t0, t1 = math.radians(pts[i - 1]), math.radians(pts[i])
        arc.append(arc[-1] + math.hypot(ax * (math.cos(t1) - math.cos(t0)), ay * (math.sin(t1) - math.sin(t0))))
    out, j = [], 0
    for k in range(opponents):
        target = arc[-1] * k / (opponents - 1)
        while j < steps and arc[j + 1] < target:
            j += 1
        out.append(pts[j])
    return out


def _ring(players: int, ring: tuple[int, int, int, int]) -> tuple[dict[str, pygame.Rect], ...]:
    return _ring_clear(players, ring, 36.0)[0]


@lru_cache(maxsize=64)
def _ring_clear(players: int, ring: tuple[int, int, int, int], gap: float) -> tuple[tuple, bool]:
    """The zones, and whether no two pods meet (pods stop shrinking at 78 wide)."""
    rx0, ry0, rw, rh = ring
    opponents = players - 1
    w, h = 240.0, 150.0
    while True:
        cx, cy = rx0 + rw / 2, ry0 + rh / 2
        ax, ay = rw / 2 - w / 2, rh / 2 - h / 2
        angles = _angles(opponents, ax, ay, gap)
        pods = [_pod(cx + ax * math.cos(math.radians(a)), cy + ay * math.sin(math.radians(a)), w, h)
                for a in angles]
        boxes = [p["hand"].union(p["name"]) for p in pods]
        clear = all(not boxes[i].colliderect(boxes[j]) for i in range(len(boxes))
                    for j in range(i + 1, len(boxes)))
        if clear or w <= 78:
            break
        w, h = w * 0.95, max(74.0, h * 0.96)
    viewer = {k: pygame.Rect(v) for k, v in VIEWER.items()}
    return (viewer, *pods), clear


def ring_zones(players: int, ring: pygame.Rect) -> tuple[dict[str, pygame.Rect], ...]:
    """Zones by layout position (0 = the viewer) for ``players`` seats."""
    return _ring(players, (ring.x, ring.y, ring.w, ring.h))


@lru_cache(maxsize=64)
def _public_ring(seats: int, ring: tuple[int, int, int, int]) -> tuple[dict[str, pygame.Rect], ...]:
    for gap in (36.0, 30.0, 24.0):
        zones, clear = _ring_clear(seats + 1, ring, gap)
        if clear:
            return zones
    return zones


def public_ring_zones(seats: int, ring: pygame.Rect) -> tuple[dict[str, pygame.Rect], ...]:
    """The public table's ring (no viewer: issue 28): ``seats`` pods at positions 1..seats of
    a ring of seats + 1 places, position 0 (the bottom) left empty; where the pods at their
    smallest still meet, the empty bottom narrows (a gap of 30 then 24 degrees either side
    instead of 36: there is no large hand to keep clear)."""
    return _public_ring(seats, (ring.x, ring.y, ring.w, ring.h))
