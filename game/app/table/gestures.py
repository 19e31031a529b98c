"""Gestures: presses, drags, clicks and drops on the table become intent (a part of the table
kit).

A press on a piece (the game's ``piece_at``) or a hand card starts a ``Drag``; moved over 6
units it becomes active (the card joins the selection); released on a drop zone it asks the
zone which actions it could mean and keeps those in the viewer's legal actions (``resolve``),
else the cards spring back with the engine's reason.  A click (no movement) toggles a card,
picks a piece up (``held``: the next click on a zone drops it there), or drops the selection
or the held piece on the zone under the pointer.  The part reads a :class:`GestureContext`
only: the hand, the game's piece and zone hooks, and the match's legal actions.
"""
from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

from game.core.i18n import _
from .drops import Drag, DropZone, legal_subset
from .hand import Hand


class GestureContext(NamedTuple):
    """What gestures read of the table (the game's hooks are called late: an override counts)."""
    hand: Hand
    multi_select: bool
    viewer_human: Callable[[], bool]              # the viewer is a person (an AI's screen takes no gesture)
    moves: Callable[[], int]                      # how many moves the match has made
    viewer: Callable[[], int]
    busy: Callable[[], bool]                      # the table still moves
    legal: Callable[[], Any]                      # the viewer's legal actions now
    check: Callable[[Any], str | None]            # the engine's reason an action is refused
    piece_at: Callable[[tuple], Any]              # the game's draggable piece under a point
    piece_clicked: Callable[[Any], str | None]    # a piece was clicked: a hint to hold it, or None
    can_hold: Callable[[], bool]                  # the viewer may keep a piece in hand now
    drop_zones: Callable[[], list]
    on_drop: Callable[[DropZone, list, Drag], None]   # a legal drop: the game plays or asks
    click_drop: Callable[[tuple], None]           # a click on nothing (the game may look first)
    spring_piece: Callable[[Drag, tuple], None]   # a dragged piece flies home
    refusal_at: Callable[[tuple], tuple]          # where a refused drop's reason shows
    say: Callable[[str, tuple], None]
    mistake: Callable[[str], None]                # a lesson hears the reason too


class Gestures:
    def __init__(self, ctx: GestureContext) -> None:
        self.ctx = ctx
        self.drag: Drag | None = None
        self.held: Drag | None = None             # a piece picked up by a click (see piece_clicked)
        self.held_hint = ""
        self.click_at: tuple[float, float] | None = None   # a press on nothing: a click that may place
        self._resolve_cache: tuple = (None,)

    def drop(self) -> None:
        """Forget any drag and held piece (a curtain, an undo, a pause)."""
        self.drag = None
        self.held = None

    @property
    def dragging_cards(self) -> bool:
        d = self.drag
        return d is not None and d.active and d.kind == "cards"

    def press(self, p: tuple[float, float]) -> None:
        c = self.ctx
        self.click_at = None
        if not c.viewer_human():
            return
        piece = c.piece_at(p)
        if piece is not None:
            # a piece is a name ("token"), or (kind, key) for one of several of a kind (a spell slot)
            kind, key = piece if isinstance(piece, tuple) else (piece, None)
            self.drag = Drag(kind, p, p, key)
            return
        key = c.hand.card_at(p)
        if key is not None:
            c.hand.follow(key)
            s = c.hand.sprites[key]
            self.drag = Drag("cards", p, p, key, grab=(p[0] - s.pos[0], p[1] - s.pos[1]))
            return
        self.click_at = p

    def move(self, p: tuple[float, float]) -> None:
        hand = self.ctx.hand
        d = self.drag
        if d is None:
            hand.hover = hand.card_at(p)
            return
        d.pos = p
        if not d.active and math.hypot(p[0] - d.start[0], p[1] - d.start[1]) > 6:
            d.active = True
            if d.kind == "cards":
                if d.key not in hand.selected:
                    if not self.ctx.multi_select:
                        hand.selected.clear()
                    hand.selected.add(d.key)
                hand.parked = None

    def release(self, p: tuple[float, float]) -> None:
        c = self.ctx
        d, self.drag = self.drag, None
        if d is None:
            at, self.click_at = self.click_at, None
            if at is not None and math.hypot(p[0] - at[0], p[1] - at[1]) <= 6:
                c.click_drop(p)
            return
        if not d.active:
            if d.kind == "cards" and d.key is not None:
                self.held = None
                c.hand.toggle(d.key)
                return
            piece = d.kind if d.key is None else (d.kind, d.key)
            if self.held is not None and (self.held.kind, self.held.key) == (d.kind, d.key):
                self.held = None             # clicked again: put it back
                return
            hint = c.piece_clicked(piece)
            if hint and c.can_hold():
                self.held = Drag(d.kind, p, p, d.key, active=True, data=c.moves())
                self.held_hint = hint
            return
        self.held = None
        zones = [z for z in c.drop_zones() if z.accepts == d.kind]
        zone = next((z for z in zones if z.hit(p)), None)
        if zone is None:
            hint = next((z.hint for z in zones if z.hint), "")
            self.spring_back(d, hint or _("Drop it on the table"), p)
            return
        self.drop_on(zone, d, p)

    def drop_on(self, zone: DropZone, d: Drag, p: tuple[float, float], fly_back: bool = True) -> None:
        """``d`` lands on ``zone``: its legal actions go to ``on_drop``, else it springs back
        with the reason (``fly_back``: a dragged piece flies home)."""
        actions, reason = self.resolve(zone, d)
        if not actions:
            self.spring_back(d if fly_back else None, reason, p)
            return
        self.ctx.on_drop(zone, actions, d)

    def click_drop(self, p: tuple[float, float]) -> None:
        """A click on no card and no piece: a held piece, or the selected cards, go to the zone
        under the pointer as if dropped there (click a card, then click its target).  A click
        on no zone puts a held piece back and leaves the selection as it is."""
        c = self.ctx
        held, self.held = self.held, None
        if held is not None:
            zone = next((z for z in c.drop_zones() if z.accepts == held.kind and z.hit(p)), None)
            if zone is not None:
                held.pos = p
                self.drop_on(zone, held, p, fly_back=False)
            return
        selected = c.hand.selected
        if not selected or not c.hand.faces_up:
            return
        zone = next((z for z in c.drop_zones() if z.accepts == "cards" and z.hit(p)), None)
        if zone is not None:
            key = next(iter(selected)) if len(selected) == 1 else None
            self.drop_on(zone, Drag("cards", p, p, key, active=True), p)

    def resolve(self, zone: DropZone, drag: Drag | None) -> tuple[list, str | None]:
        """The legal actions a drop on ``zone`` could mean, or ([], the reason there are none)."""
        c = self.ctx
        if c.busy():
            return [], _("Wait a moment: the table is still moving")
        cands = zone.candidates(drag)
        key = (c.moves(), c.viewer(), zone.name, tuple(cands), drag and drag.key)
        if self._resolve_cache[0] == key:
            return self._resolve_cache[1]
        actions = legal_subset(cands, c.legal())
        reason = None
        if not actions:
            # the words come from the engine's own validation of what was dropped
            reason = ((c.check(cands[0]) if cands else None)
                      or (zone.explain(drag) if zone.explain else None) or zone.hint or _("That is not possible now"))
        self._resolve_cache = (key, (actions, reason))
        return actions, reason

    def spring_back(self, drag: Drag | None, reason: str | None, p: tuple[float, float]) -> None:
        c = self.ctx
        c.hand.hurry()
        c.hand.parked = None
        if drag is not None and drag.kind != "cards":
            c.spring_piece(drag, p)
        if reason:
            c.say(reason, c.refusal_at(p))
            c.mistake(reason)
