"""The phones of the table on the screen (issue 28): one :class:`PhoneSession` per open table
with phone seats, owned by the App (``App.phones``).

It starts the phone server (``game.phones``) when a table with phone seats opens and stops it
with that table.  Nothing here imports ``game.phones`` (nor ``websockets`` or ``segno``) until
a session is opened: a table with no phone seat starts no server and loads none of it.

The App calls :meth:`PhoneSession.pump` every frame, on its own thread (the thread that owns
the match): a phone's action goes through ``Match.submit`` as a click does.  The table reads
who is missing (:meth:`missing`) and the join card reads :meth:`seats`, :attr:`join_url` and
:attr:`room`; the host's "free this seat" is :meth:`free`.  :meth:`keep` is what a save keeps
so that, after a restart, the same QR code brings the phones back (the port, the room code and
each held seat's secret); :meth:`open` takes it back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from game.core.i18n import _

#: a kept seat secret: what ``game.phones.server.new_secret`` makes (URL-safe base64, ≥ 128 bits)
SECRET_RE = re.compile(r"[A-Za-z0-9_-]{22,64}")
ROOM_RE = re.compile(r"[A-Z]{4}")
#: a kept seat number (ASCII digits only: "²".isdigit() is true and int("²") fails)
SEAT_RE = re.compile(r"[0-9]{1,3}")


class PhoneError(Exception):
    """The phones cannot be served (``str``: one sentence for the player)."""


@dataclass(frozen=True)
class PhoneSeat:
    seat: int
    name: str
    colour: str          # "#RRGGBB", the seat's colour on the phone and the join card
    held: bool           # a phone has joined this seat (its secret is given out)
    connected: bool      # that phone is connected now


def cards_dir():
    """The card art the phones are served under ``/cards/`` (``assets/cards``: the checkout's, the
    one-file build's under ``sys._MEIPASS``, or a wheel's ``share/crowntable``; the page itself is
    found beside ``game/phones/server.py``, which the build unpacks under ``sys._MEIPASS`` too)."""
    from .resources import asset

    return asset("cards")


def phone_seats(match) -> list[int]:
    """The seats of ``match`` played on phones."""
    return [i for i, s in enumerate(match.seats) if s.kind == "phone"]


def kept_ok(kept: Any) -> dict:
    """A save's ``phones`` entry checked (a hostile file gives nothing, never a crash): the
    room code, the port and the held seats' secrets that are well formed."""
    out: dict = {}
    if not isinstance(kept, dict):
        return out
    room = kept.get("room")
    if isinstance(room, str) and ROOM_RE.fullmatch(room):
        out["room"] = room
    port = kept.get("port")
    if isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535:
        out["port"] = port
    secrets = kept.get("secrets")
    if isinstance(secrets, dict):
        out["secrets"] = {int(k): v for k, v in secrets.items()
                          if isinstance(k, str) and SEAT_RE.fullmatch(k) and isinstance(v, str) and SECRET_RE.fullmatch(v)}
    return out


class PhoneSession:
    """A started phone server and its host for one match (see the module's note)."""

    def __init__(self, match, server, host) -> None:
        self.match, self.server, self.host = match, server, host

    @classmethod
    def open(cls, match, colours: list[str] | None = None, kept: dict | None = None, *,
             address: str | None = None, wake: Callable[[], Any] | None = None,
             on_submit: Callable | None = None, language: str | None = None,
             submit: Callable | None = None, undo: Callable | None = None) -> "PhoneSession":
        """Start serving ``match``'s phone seats.  ``address``: where to listen (default: this
        computer's private home-network address; tests give 127.0.0.1).  ``kept``: a save's
        :meth:`keep` (its port is tried first, its room code and secrets are used again).
        ``submit(action) -> events``: how a phone's action is applied (default ``match.submit``;
        the App gives the table's, which animates it as an AI's move); it raises ``GameError``
        with the reason when the move is refused.  ``undo(seat) -> int``: a phone's undo (default
        ``match.undo``; the App gives the table's).
        Raises :class:`PhoneError` with one sentence when it cannot."""
        from game.core import i18n
        from game.phones import net
        from game.phones.host import PhoneHost
        from game.phones.server import PhoneServer

        kept = kept_ok(kept)
        if address is not None:
            try:
                net.check_bind_address(address)
            except ValueError:
                raise PhoneError(_("The phones cannot be served on {address}: give this computer's address "
                                   "on the home network, or 127.0.0.1.").format(address=address)) from None
        try:
            host_address = address or net.lan_address()
        except net.NoLanAddress:
            raise PhoneError(_("This computer is not on a home network, so phones cannot reach it: "
                               "connect it to the same Wi-Fi as the phones.")) from None
        seats = [(s.name, colours[i] if colours and i < len(colours) else None) for i, s in enumerate(match.seats)]
        server = PhoneServer(match.game, seats, phone_seats(match), host=host_address,
                             port=kept.get("port", net.PREFERRED_PORT), room=kept.get("room"),
                             language=language or i18n.current_language(), cards_dir=cards_dir())
        for seat, secret in kept.get("secrets", {}).items():
            if seat in server.phone_seats:
                server.slots[seat].secret = secret
        if wake is not None:
            server.wake = wake
        try:
            server.start()
        except OSError as exc:
            raise PhoneError(_("The phone server could not start: {reason}").format(reason=exc)) from None
        return cls(match, server, PhoneHost(match, server, on_submit=on_submit, submit=submit, undo=undo))

    # -- what the table and the join card read
    @property
    def join_url(self) -> str:
        return self.server.join_url()

    @property
    def room(self) -> str:
        return self.server.room

    def seats(self) -> list[PhoneSeat]:
        held, connected = self.server.held(), self.server.connected()
        return [PhoneSeat(s, self.server.slots[s].name, self.server.slots[s].colour, s in held, s in connected)
                for s in sorted(self.server.phone_seats)]

    def missing(self) -> list[int]:
        """Phone seats with no phone connected now."""
        connected = self.server.connected()
        return [s for s in sorted(self.server.phone_seats) if s not in connected]

    def free(self, seat: int) -> None:
        """The host's "free this seat": its phone is let go and another may take it."""
        self.server.free_seat(seat)

    def keep(self) -> dict:
        """What a save keeps to bring the phones back after a restart."""
        secrets = {str(s): self.server.slots[s].secret for s in sorted(self.server.phone_seats)
                   if self.server.slots[s].secret}
        return {"room": self.server.room, "port": self.server.port, "secrets": secrets}

    # -- the App's frame
    def pump(self, ready: Callable[[], bool] | None = None, shown: Callable[[], bool] | None = None) -> int:
        """Handle what the phones sent and send the views that changed.  ``ready()``: whether a
        phone's action may be applied now (False while the table is not on top: paused, say);
        an action that comes when it is not waits, in order, for the next pump.  ``shown()``:
        whether the big screen has shown every move (the views wait for it)."""
        return self.host.pump(ready, shown)

    def pause(self, on: bool | str) -> None:
        """Tell the phones the big screen is paused (``on``: a menu or another screen over the
        table; ``"join"``: the join card) or resumed; they are told only when it changes (a
        phone that joins, at once)."""
        if on != self.host.paused:
            self.host.set_paused(on)

    def batch(self):
        """A context: what is sent to the phones inside it goes to the server's loop together, at
        its end (``PhoneServer.batch``; the App wraps its frame in it)."""
        return self.server.batch()

    def waiting(self) -> int:
        """Phone actions received and not applied yet (they wait for the table)."""
        return len(self.host.later)

    def stop(self, again: bool = False) -> None:
        """Stop the server (``again``: a Rematch's table takes the phones back at once)."""
        self.server.stop(again=again)
