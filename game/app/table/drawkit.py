"""The kit's handle for a game's drawing: the pure kit machinery a game's ``<id>_draw``
functions use (the App's fonts, window transform and card art; the layout and each seat's
zones; the seat geometry; the kit's painters and its words about seats).  A game's drawing
reads its own small named view (``DeathView``, ...) that carries one of these as ``kit``,
never the scene's attributes; :meth:`DrawKit.of` is the one place that reads the scene (a
game's table gets it as ``self.kit.draw_kit()``; the scene builds the game's ``draw_view()``
once a frame and the draw hooks take it from ``game_view()``)."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple


class DrawKit(NamedTuple):
    app: Any                      # fonts, the View transform, the card art (what panel / text / draw_card take)
    layout: Any                   # the Tiled layout: shared zones and overlays
    zone: Callable                # (seat, what) -> Rect: a seat's zone (hand / name / token / ...)
    pos_of: Callable              # seat -> its place round the table from the viewer (0: the viewer)
    seat_hand_center: Callable    # seat -> the centre of its hand
    seat_width: Callable          # seat -> a card's width at that seat
    hand_width: float             # the viewer's card width
    drop_glow: Callable           # (surf, DropZone) -> lit: lights a zone a drag may drop on
    draw_stack: Callable          # (surf, count, centre, label=None, width=...): a stack of backs
    by_seat: Callable             # (seat, you, other, **fields): the sentence about a seat, as the viewer reads it
    who: Callable                 # seat -> "You" for the lone human at the screen, else the name
    text_w: Callable              # (words, size, bold=False) -> width in layout units
    middle: Callable              # () -> a context: the middle's pieces drawn in it (larger at the public table)

    @classmethod
    def of(cls, scene) -> "DrawKit":
        return cls(scene.app, scene.layout, scene.zone, scene.pos_of, scene.seat_hand_center, scene.seat_width,
                   scene.table.hand_width, scene.drop_glow, scene.draw_stack, scene.by_seat, scene.who, scene._text_w,
                   scene.middle)

