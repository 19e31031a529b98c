"""What the big screen says about the table's phones (issue 28; a part of the table kit).

The part knows nothing of the scene: it reads a :class:`PhoneStatusContext` (the table's
phone session, who must act, the seats' names, whether the person at the screen may act
now) and gives the table three things:

- ``line()``: the status line while phone seats must act and nobody at the screen has
  anything to do: "Waiting for Bram's phone: it is not connected. Press P for the join
  card." when a phone seat that must act has no phone connected (those first: the game
  waits for them), else "Bram is choosing on their phone."; one whole sentence per case,
  the names joined by ``i18n.names_list`` (four or more are counted, not named);
- ``button``: the "Phones" button beside Rules and Menu, in the table's top buttons only
  while the table has a phone session (``update`` puts it there, left of the others, and
  moves it when they move: the "Not saved" sign);
- ``open_card()``: the join card (``App.open_phone_card``), by the button, the P key
  (``pressed_p``: only while the person at the screen cannot act, so a game's own P keeps
  its meaning) and by itself once, when the table first has a session with a phone seat no
  phone holds yet.

The session is the App's ``PhoneSession`` (``game.app.phones``) for this table's match: it
says which phone is connected (``session.seats()``); the phone seats are the match's.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

import pygame

from game.core.i18n import _, names_list, ngettext
from ..widgets import Button

#: names a status line lists at most; more are counted ("Waiting for 4 phones: ...")
NAMED_AT_MOST = 3


class PhoneStatusContext(NamedTuple):
    """What the part reads of the table: each field a callable asked when needed."""
    match: Any                                    # the table's match
    session: Callable[[], Any]                    # the App's PhoneSession (``App.phones``), or None
    to_act: Callable[[], Sequence[int]]           # the seats that must act now
    name: Callable[[int], str]                    # a seat's name
    over: Callable[[], bool]                      # the game is over
    at_screen_acts: Callable[[], bool]            # a person at the screen must act now
    still: Callable[[], bool]                     # the table shows the match as it is (no move still plays)
    zones: Callable[[], Sequence[pygame.Rect]]    # the layout's zones (the button stays above them)
    open_card: Callable[[bool], None]             # the join card over the table (True: by itself)
    redraw: Callable[[], None]                    # the next frame must be drawn (a phone came or went)


def waiting_line(names: Sequence[str]) -> str:
    """The line for phone seats that must act and have no phone connected."""
    if len(names) == 1:
        return _("Waiting for {name}'s phone: it is not connected. Press P for the join card.").format(
            name=names[0])
    if len(names) <= NAMED_AT_MOST:
        return _("Waiting for the phones of {names}: they are not connected. Press P for the join card.").format(
            names=names_list(list(names)))
    return ngettext("Waiting for {n} phone: it is not connected. Press P for the join card.",
                    "Waiting for {n} phones: they are not connected. Press P for the join card.",
                    len(names)).format(n=len(names))


def choosing_line(names: Sequence[str]) -> str:
    """The line for phone seats that must act, each with its phone connected."""
    if len(names) == 1:
        return _("{name} is choosing on their phone.").format(name=names[0])
    if len(names) <= NAMED_AT_MOST:
        return _("{names} are choosing on their phones.").format(names=names_list(list(names)))
    return ngettext("{n} player is choosing on their phone.", "{n} players are choosing on their phones.",
                    len(names)).format(n=len(names))


class PhoneStatus:
    """The table's phone line, its Phones button and when the join card opens (see above)."""

    W, GAP = 132, 12                   # the Phones button's width and its gap to its neighbour

    def __init__(self, ctx: PhoneStatusContext) -> None:
        self.ctx = ctx
        self.button = Button((0, 0, self.W, 40), _("Phones"), lambda: self.open_card(), size=16)
        self.button.role = "phones"
        self.auto_checked = False      # the card's one opening by itself has been decided
        self._key: tuple | None = None  # what the screen showed of the phones at the last update (None: none)

    # -- what the table reads
    def session(self) -> Any:
        s = self.ctx.session()
        return s if s is not None and getattr(s, "match", None) is self.ctx.match else None

    def seats(self) -> list:
        """The session's phone seats (``PhoneSeat``s), none without a session."""
        s = self.session()
        if s is None:
            return []
        try:
            return list(s.seats())
        except Exception:
            return []

    def colours(self) -> dict[int, str]:
        """Each phone seat's colour ("#RRGGBB", the one on its phone and the join card), none
        without a session."""
        return {p.seat: p.colour for p in self.seats() if getattr(p, "colour", None)}

    def shown(self) -> bool:
        """The Phones button shows (and P opens the card): the table has a phone session."""
        return self.session() is not None

    def acting(self) -> tuple[list[int], list[int]]:
        """(the phone seats that must act now, those of them with no phone connected).  Phone
        seats are the match's (``Match.is_phone``); whether a phone is connected is the
        session's (with no session of this table's, none is known to be missing)."""
        acting = [s for s in self.ctx.to_act() if self.ctx.match.is_phone(s)]
        connected = {p.seat: p.connected for p in self.seats()}
        return acting, [s for s in acting if s in connected and not connected[s]]

    def line(self) -> str | None:
        """The status line about phones now, or None (see the module's words)."""
        if self.ctx.over() or self.ctx.at_screen_acts() or not self.ctx.still():
            return None                  # (while the last move still plays, the game's line follows it)
        acting, missing = self.acting()
        if not acting:
            return None
        if missing:
            return waiting_line([self.ctx.name(s) for s in missing])
        return choosing_line([self.ctx.name(s) for s in acting])

    def tone(self) -> str:
        """The status line's tone: a missing phone asks for attention."""
        return "call" if self.acting()[1] else ""

    def unheld(self) -> list[int]:
        """Phone seats no phone has joined yet."""
        return [p.seat for p in self.seats() if not p.held]

    # -- what the table does
    def open_card(self, auto: bool = False) -> None:
        if self.shown():
            self.ctx.open_card(auto)

    def pressed_p(self) -> bool:
        """P at the table: opens the card while nobody at the screen may act (then a game's own
        P, "Play" or "Pass", is not in use).  True when it did."""
        if not self.shown() or self.ctx.at_screen_acts():
            return False
        self.open_card()
        return True

    def update(self, buttons: list[Button]) -> bool:
        """Each frame: the Phones button in ``buttons`` (the table's top buttons) while the table
        has a session, left of the others; the card opened by itself once when a phone seat
        waits for its phone; a redraw asked for when what the screen shows of the phones
        changed.  True when the button came, went or moved (the table places Undo again)."""
        shown = self.shown()
        if not shown and self._key is None and self.button not in buttons:
            return False                             # a table with no phones: nothing to do
        moved = False
        if shown and self.button not in buttons:
            self.button.label = _("Phones")          # in the language of now (it was made at enter)
            buttons.insert(0, self.button)
            moved = True
        elif not shown and self.button in buttons:
            buttons.remove(self.button)
            moved = True
        if shown:
            r = self.place([b.rect for b in buttons if b is not self.button])
            if r != self.button.rect:
                self.button.rect = r
                moved = True
            if not self.auto_checked:
                self.auto_checked = True
                if self.unheld() and not self.ctx.over():
                    self.open_card(auto=True)
        key = (self.line(), tuple(self.seats())) if shown else None
        if key != self._key:
            self._key = key
            self.ctx.redraw()
        return moved

    def place(self, others: Sequence[pygame.Rect]) -> pygame.Rect:
        """The button's place: left of the leftmost of ``others`` (the Rules and Menu buttons,
        the "Not saved" sign beside them), as high as they are, never into a zone below."""
        lead = min(others, key=lambda r: r.x) if others else pygame.Rect(1040, 8, 108, 40)
        r = pygame.Rect(lead.x - self.GAP - self.W, lead.y, self.W, lead.h)
        for z in self.ctx.zones():
            if r.colliderect(z) and z.y > r.y:
                r.h = z.y - r.y - 2
        return r
