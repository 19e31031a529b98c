"""The join card over the table (issue 28): how the phones reach this table, and who has joined.

``app.open_phone_card(table, auto=...)`` pushes it over the table (the table's Phones button,
P, and by itself when the table opens with a phone seat no phone holds yet).  It shows, big
enough to read and to scan across a room:

- the QR code of the session's ``join_url`` (``game.phones.qr.qr_matrix``), drawn as
  rectangles, dark on white, with a quiet zone of four modules, each module a whole number of
  window pixels (at least 4 at 1280x720), the surface made once per URL and module size;
- the address as short text (``192.168.1.23:8741``) and the room code, large;
- one sentence on how to join;
- one row per phone seat: its colour, its name and what its phone is doing ("Waiting for a
  phone", "Joined", "Joined: not connected now"), read from the session each frame, so phones
  that join while the card shows appear at once; a held seat has "Free this seat" (asked
  again first: its phone is let go and another may take the seat);
- the button back to the table ("Play" when it opened by itself).

Keyboard: Tab / arrows move the focus, Enter presses, Esc closes; the mouse works as anywhere.
The card reads the session only (``seats()``, ``join_url``, ``room``, ``free``): what any
player may know, never a seat's cards.
"""
from __future__ import annotations

import logging
import math
import urllib.parse

import pygame

from game.core.i18n import _
from .. import input as inp
from .. import theme as T
from ..scene import Scene
from ..widgets import Button, FocusRing, fit_text, handle_all, panel, text

log = logging.getLogger(__name__)

FRAME = pygame.Rect(60, 26, 1160, 668)        # the card (layout units)
QR_BOX = pygame.Rect(96, 104, 360, 360)       # the square the QR code is centred in
RIGHT = pygame.Rect(496, 100, 690, 0)         # the right column's left edge, top and width
ROWS = pygame.Rect(496, 244, 690, 350)        # where the seats' rows go
QUIET = 4                                     # light modules around the code
MIN_MODULE = 4                                # window pixels a module has at least
DARK, LIGHT = (0, 0, 0), (255, 255, 255)


def short_address(url: str) -> str:
    """``http://192.168.1.23:8741/?room=ABCD`` -> ``192.168.1.23:8741`` (what to type)."""
    return urllib.parse.urlsplit(url).netloc or url


def seat_status(seat, compact: bool = False) -> str:
    """A phone seat's state in words (``compact``: a narrow row, where its "Free this seat"
    already says that a phone joined)."""
    if not seat.held:
        return _("Waiting for a phone")
    if seat.connected:
        return _("Joined")
    return _("Not connected now") if compact else _("Joined: not connected now")


def colour_of(value: str):
    try:
        return pygame.Color(value)
    except (ValueError, TypeError):
        return pygame.Color(200, 200, 200)


#: seconds the card opened by itself stays once every phone seat has joined, then it closes
AUTO_CLOSE = 1.5


class PhoneCardScene(Scene):
    overlay = True
    #: what the phones are told while this card is over their table (``App.pump_phones``): the
    #: game waits for the join card, said as such, not as a pause
    phones_paused_for = "join"

    def enter(self, table=None, session=None, auto: bool = False, **_kw) -> None:
        self.table = table
        self.session = session
        self.auto = auto
        self.focus = FocusRing()
        self._qr: tuple | None = None              # (url, module px) -> surface
        self._matrix: tuple | None = None          # (url, matrix)
        self.shown_seats: tuple = ()
        self.widgets: list[Button] = []
        self.all_joined_for = 0.0                   # seconds every phone seat has had its phone
        self.build()
        self.focus.set(self.close_button, self.widgets)

    # ------------------------------------------------------------------ what it reads
    def seats(self) -> tuple:
        if self.session is None:
            return ()
        try:
            return tuple(self.session.seats())
        except Exception:                       # a stopped server: nothing to show, no crash
            log.exception("the phone card could not read the seats")
            return ()

    def url(self) -> str:
        try:
            return self.session.join_url if self.session is not None else ""
        except Exception:
            return ""

    def matrix(self) -> list[list[bool]]:
        """The QR code's modules of the join URL (made once per URL)."""
        url = self.url()
        if not url:
            return []
        if self._matrix is None or self._matrix[0] != url:
            from game.phones.qr import qr_matrix

            self._matrix = (url, qr_matrix(url))
        return self._matrix[1]

    # ------------------------------------------------------------------ widgets
    def row_layout(self, n: int) -> tuple[int, int, float]:
        """(columns, rows per column, row height) for ``n`` seats."""
        cols = 1 if n <= 7 else 2
        per = max(1, math.ceil(n / cols))
        return cols, per, min(50.0, ROWS.h / per)

    def row_rect(self, i: int, n: int) -> pygame.Rect:
        cols, per, h = self.row_layout(n)
        gap = 16
        w = (ROWS.w - gap * (cols - 1)) / cols
        c, r = divmod(i, per)
        return pygame.Rect(round(ROWS.x + c * (w + gap)), round(ROWS.y + r * h), round(w), round(h))

    def free_rect(self, row: pygame.Rect, n: int) -> pygame.Rect:
        cols = self.row_layout(n)[0]
        w = 176 if cols == 1 else 124
        h = min(40, row.h - 4)
        return pygame.Rect(row.right - w - 4, row.centery - h // 2, w, h)

    def build(self) -> None:
        """The buttons: "Free this seat" for each held seat, and the way back to the table."""
        self.shown_seats = self.seats()
        n = len(self.shown_seats)
        self.widgets = []
        for i, seat in enumerate(self.shown_seats):
            if seat.held:
                row = self.row_rect(i, n)
                b = Button(self.free_rect(row, n), _("Free this seat"), lambda s=seat: self.ask_free(s),
                           size=16 if self.row_layout(n)[0] == 1 else 12)
                b.two_lines = True               # a long label on two lines in a narrow row
                b.role = ("free", seat.seat)
                self.widgets.append(b)
        label = _("Play") if self.auto else _("Back to the table")
        self.close_button = Button((500, 616, 280, 56), label, self.close, style="primary", size=20)
        self.close_button.role = "close"
        self.widgets.append(self.close_button)
        self.focus.focus(self.widgets)              # the focus stays on the same control

    def ask_free(self, seat) -> None:
        """"Free this seat", asked again (the safe answer focused)."""
        from .confirm import ConfirmScene

        def free() -> None:
            try:
                self.session.free(seat.seat)
            except Exception:
                log.exception("freeing seat %s", seat.seat)
        self.app.push(ConfirmScene(self.app), title=_("Free {name}'s seat?").format(name=seat.name),
                      lines=[_("The phone on this seat is let go, and another phone may take the seat.")],
                      choices=[(_("Free the seat"), free, "danger"), (_("Cancel"), None, "normal")], focus=1)

    def close(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ scene
    def language_changed(self) -> None:
        self.build()

    def update(self, dt: float) -> None:
        seats = self.seats()
        if seats != self.shown_seats:               # a phone joined, dropped or was let go
            self.build()
            self.app.dirty = True
        for w in self.widgets:
            w.update(dt)
        # opened by itself at the start: once every phone seat has its phone (the rows say
        # "Joined" for a moment), the game goes on without anyone having to press Play
        if self.auto and seats and all(p.held and p.connected for p in seats):
            self.all_joined_for += dt
            if self.all_joined_for >= AUTO_CLOSE and self.app.stack.top is self:
                self.close()
        else:
            self.all_joined_for = 0.0

    def animating(self) -> bool:
        # the App's idle loop still updates it twice a second (and a phone wakes it); while every
        # seat is joined, frames come so it closes on time
        return self.all_joined_for > 0

    def handle(self, ev: inp.InputEvent) -> None:
        if self.focus.handle(self.widgets, ev, shown=getattr(self.app, "keyboard_focus", True)):
            return
        if handle_all(self.widgets, ev):
            return
        if ev.is_key(pygame.K_ESCAPE):
            self.close()

    # ------------------------------------------------------------------ drawing
    def qr_geometry(self) -> tuple[pygame.Rect, int, int] | None:
        """Where the code is drawn: (its window rect with the quiet zone, the module's size in
        window pixels, modules across without the quiet zone); None when there is no code."""
        m = self.matrix()
        if not m:
            return None
        n = len(m)
        box = self.app.view.rect(QR_BOX)
        px = max(MIN_MODULE, box.w // (n + 2 * QUIET))
        side = px * (n + 2 * QUIET)
        r = pygame.Rect(0, 0, side, side)
        r.center = box.center
        return r, px, n

    def qr_surface(self, px: int) -> pygame.Surface:
        url = self.url()
        if self._qr is None or self._qr[:2] != (url, px):
            m = self.matrix()
            n = len(m)
            surf = pygame.Surface((px * (n + 2 * QUIET), px * (n + 2 * QUIET)))
            surf.fill(LIGHT)
            for y, row in enumerate(m):
                for x, dark in enumerate(row):
                    if dark:
                        surf.fill(DARK, ((x + QUIET) * px, (y + QUIET) * px, px, px))
            self._qr = (url, px, surf)
        return self._qr[2]

    def draw(self, surf: pygame.Surface) -> None:
        a = self.app
        surf.blit(T.panel_surface(surf.get_size(), 0, (0, 0, 0, 160)), (0, 0))
        panel(surf, a, FRAME, (10, 22, 16, 245), radius=18, border=(*T.GOLD, 140), width=2)
        fit_text(surf, a, _("Join the table with your phone"), (FRAME.x + 40, 36, FRAME.w - 80, 50), 32, 20,
                 T.GOLD, bold=True)
        geo = self.qr_geometry()
        if geo is not None:
            r, px, _n = geo
            surf.blit(self.qr_surface(px), r.topleft)
        if self.session is None:
            fit_text(surf, a, _("This table has no phone seats."), (RIGHT.x, RIGHT.y, RIGHT.w, 60), 20, 14)
        else:
            cx = QR_BOX.centerx
            fit_text(surf, a, _("Address: {address}").format(address=short_address(self.url())),
                     (QR_BOX.x - 20, 476, QR_BOX.w + 40, 34), 22, 14, T.TEXT, bold=True)
            text(surf, a, _("Room code"), (cx, 526), 18, T.TEXT_DIM, anchor="center", max_w=QR_BOX.w + 40)
            text(surf, a, self.session.room, (cx, 584), 64, T.GOLD, bold=True, anchor="center", max_w=QR_BOX.w)
            fit_text(surf, a, _("Scan the code with your phone's camera, or open the address in your phone's "
                                "browser and type the room code. The phones and this computer must be on the "
                                "same Wi-Fi."), (RIGHT.x, RIGHT.y, RIGHT.w, 126), 20, 14, T.TEXT, align="left")
            self.draw_rows(surf)
        for w in self.widgets:
            w.draw(surf, a)
        self.focus.draw(surf, a, self.widgets)

    def name_column(self, rows: list, n: int) -> float:
        """The width (layout units) of the one-column card's name column: the widest name shown
        at its full size (each language's "Player 2", a typed name of the longest length), at
        most 40% of the narrowest row's room, so every row's status starts at the same place
        (a held row's "Free this seat" once put its "Joined" further left than "Waiting for a
        phone")."""
        rooms = [row.right - (self.free_rect(row, n).w + 12 if seat.held else 0) - self.text_x(row)
                 for seat, row in rows]
        widest = max((Button.text_width(self.app, seat.name, 20, bold=True) for seat, _row in rows), default=0.0)
        return min(widest, 0.45 * min(rooms, default=0.0))

    @staticmethod
    def dot_rect(row: pygame.Rect) -> pygame.Rect:
        d = min(row.h - 16, 28)
        return pygame.Rect(row.x + 8, row.centery - d // 2, d, d)

    def text_x(self, row: pygame.Rect) -> int:
        """Where a row's words start: after its colour's dot."""
        return self.dot_rect(row).right + 12

    def draw_rows(self, surf: pygame.Surface) -> None:
        a = self.app
        seats = self.shown_seats
        n = len(seats)
        cols = self.row_layout(n)[0]
        big = cols == 1
        rows = [(seat, self.row_rect(i, n)) for i, seat in enumerate(seats)]
        name_w = self.name_column(rows, n) if big else 0.0
        for i, (seat, row) in enumerate(rows):
            if i % 2 == 0 or cols == 2:
                panel(surf, a, row.inflate(0, -4), (255, 255, 255, 16), radius=8, border=None)
            dot = self.dot_rect(row)
            pygame.draw.ellipse(surf, colour_of(seat.colour), a.view.rect(dot))
            pygame.draw.ellipse(surf, (255, 255, 255), a.view.rect(dot), max(1, a.view.n(2)))
            free_w = self.free_rect(row, n).w + 12 if seat.held else 0
            x = self.text_x(row)
            room = row.right - free_w - x
            tone = T.TEXT if seat.held and seat.connected else (T.OKABE["orange"] if not seat.held else T.TEXT_DIM)
            if big:                      # two columns, the same for every row: name, then status
                fit_text(surf, a, seat.name, (x, row.y, name_w, row.h), 20, 14, T.TEXT, bold=True, align="left")
                fit_text(surf, a, seat_status(seat), (x + name_w + 16, row.y, room - name_w - 16, row.h), 18, 12,
                         tone, align="left")
            else:
                half = row.h / 2
                fit_text(surf, a, seat.name, (x, row.y + 1, room, half), 16, 11, T.TEXT, bold=True, align="left")
                fit_text(surf, a, seat_status(seat, compact=True), (x, row.y + half - 1, room, half), 14, 10, tone,
                         align="left")
