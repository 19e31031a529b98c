"""Drag-and-drop resolved against ``legal_actions``.

A :class:`DropZone` is a named layout rect that accepts one kind of drag
("cards" from the hand, or a named piece such as a token).  Its
``candidates(drag)`` function lists the actions the drop could mean; the kit
keeps those the rules list as legal for the viewer (membership in
``legal_actions``: nothing is applied to find out).  A drop that means no
legal action springs back; the words of the refusal come from the engine's
own reason for the first candidate (so the message is the rules' text), and
a zone may give its own ``hint`` when the drop means nothing at all.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

import pygame


@dataclass
class Drag:
    kind: str                               # "cards" or a piece name
    start: tuple[float, float]
    pos: tuple[float, float]
    key: Hashable | None = None             # the card grabbed
    active: bool = False                    # moved far enough to be a drag, not a click
    grab: tuple[float, float] = (0.0, 0.0)  # pointer offset from the card centre
    data: Any = None


@dataclass
class DropZone:
    name: str
    rect: pygame.Rect                       # where the drop counts (layout units)
    accepts: str = "cards"
    candidates: Callable[[Drag], list] = field(default=lambda d: [])
    glow: pygame.Rect | None = None         # what lights up while a legal drag is on (default: rect)
    hint: str = ""                          # the refusal when the drop means nothing
    explain: Callable[[Drag], str] | None = None   # a reason that depends on what is dragged

    def hit(self, p: tuple[float, float]) -> bool:
        return self.rect.collidepoint(p)


def legal_subset(candidates: list, legal) -> list:
    """The candidates the rules list as legal (order kept)."""
    return [a for a in candidates if a in legal]
