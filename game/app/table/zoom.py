"""The public table's larger middle (issue 28): the big screen with nobody at it is read from a
sofa, so its middle (the pile, the deck, the treasury: what everyone watches) is drawn larger
where the seats around it leave room.

A layout says where with a ``public_zoom`` object layer of two rectangles: ``from`` (the
middle as a person's table lays it out) and ``to`` (where the public table draws it).  The
middle is scaled uniformly (by ``to``'s width over ``from``'s, at most its height over
``from``'s) about ``from``'s centre onto ``to``'s centre.  The zones stay where the layout
has them; what is drawn of them, where a card flies to them and what must stay readable
there follow :meth:`Zoom.rect` / :meth:`Zoom.point` (the table kit: ``TableScene.middle``,
``fly``, ``readable_regions``).  A game's drawing wraps only its middle's pieces in
``kit.middle()`` (a score bar or a seat's pieces drawn by the same function stay put)."""
from __future__ import annotations

import copy
from contextlib import contextmanager
from typing import Iterator

import pygame


class Zoom:
    """The map of the middle's layout units onto the public table's larger middle."""

    def __init__(self, src: pygame.Rect, dst: pygame.Rect):
        self.src, self.dst = pygame.Rect(src), pygame.Rect(dst)
        self.z = min(dst.w / src.w, dst.h / src.h)

    @classmethod
    def of(cls, layer: dict | None) -> "Zoom | None":
        if not layer or "from" not in layer or "to" not in layer:
            return None
        return cls(layer["from"], layer["to"])

    def inside(self, p) -> bool:
        return self.src.collidepoint(p[0], p[1])

    def point(self, p) -> tuple[float, float]:
        """A point of the middle (layout units) where the public table draws it."""
        if not self.inside(p):
            return p
        return (self.dst.centerx + (p[0] - self.src.centerx) * self.z,
                self.dst.centery + (p[1] - self.src.centery) * self.z)

    def rect(self, r) -> pygame.Rect:
        """A zone of the middle (its centre in ``from``) as the public table draws it."""
        r = pygame.Rect(r)
        if not self.inside(r.center):
            return r
        x, y = self.point(r.center)
        out = pygame.Rect(0, 0, round(r.w * self.z), round(r.h * self.z))
        out.center = (round(x), round(y))
        return out

    def view(self, view):
        """A copy of the window transform ``view`` that draws the middle's layout units zoomed."""
        v = copy.copy(view)
        v.s = view.s * self.z
        v.ox = view.ox + view.s * (self.dst.centerx - self.src.centerx * self.z)
        v.oy = view.oy + view.s * (self.dst.centery - self.src.centery * self.z)
        return v

    @contextmanager
    def drawing(self, app) -> Iterator[None]:
        """While drawing the middle: ``app.view`` zoomed (every panel, card and word it draws)."""
        was = app.view
        app.view = self.view(was)
        try:
            yield
        finally:
            app.view = was
