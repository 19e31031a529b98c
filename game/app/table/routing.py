"""Event routing: which domain events reach the game's ``ev_<kind>`` handlers, and which wait
(a part of the table kit).

The viewer's events go to their handler now.  In hot seat, with ``owed_secrets``, a secret
shown to a person who is not at the screen is kept for them (``owed``: their curtain shows it
to them alone), while the person at the screen sees theirs at once (``secret_now``; the
scene then queues a private "remember it" at ``secret_at``).  While a handler queues the
steps of a secret, ``private`` is set (the steps never stay in a shared screen's log).
The part reads an :class:`EventContext` only.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from game.core import events_for


class EventContext(NamedTuple):
    """What event routing reads of the table."""
    owed_secrets: bool                            # the game keeps secrets for those away (hot seat)
    owes: Callable[[object, int], bool]           # whether a private event must reach that seat
    hotseat: Callable[[], bool]
    viewer: Callable[[], int]
    hidden: Callable[[], bool]                    # the viewer's secrets are hidden (shared screen)
    is_human: Callable[[int], bool]               # a person at this screen (never a phone seat: its
                                                  # secrets are on the phone, never kept for a curtain)
    owed: dict                                    # person -> the events kept for them (live)
    handler: Callable[[str], Callable | None]     # the game's ev_<kind>, or None
    queued: Callable[[], int]                     # the step queue's length now


class EventRouter:
    def __init__(self, ctx: EventContext) -> None:
        self.ctx = ctx
        self.private = False           # while a handler queues the steps of a seat's secret
        self.secret_now = False        # the last move showed the viewer a secret at once (owed_secrets)
        self.secret_at: int | None = None   # the queue's length after that secret's steps

    def new_move(self) -> None:
        self.secret_now, self.secret_at = False, None

    def route(self, events) -> None:
        """Hand the events of one action to their handlers (see the module's words)."""
        c = self.ctx
        viewer = c.viewer()
        if not (c.owed_secrets and c.hotseat()):
            for e in events_for(events, viewer):
                self.handle(e)
            return
        # a secret is kept for a person at this screen only; the public table's viewer (a phone
        # seat, only for the seats' places) has its events now, on a screen hidden for good
        local = c.is_human(viewer)
        for e in events:
            now = e.visible_to(viewer) and (e.to is None or not c.hidden() or not local or not c.owes(e, viewer))
            if e.to is not None:
                for s in e.to:
                    if c.is_human(s) and not (now and s == viewer) and e.reveals_to(s) and c.owes(e, s):
                        c.owed.setdefault(s, []).append(e)
            if now:
                self.handle(e)
                if local and e.reveals_to(viewer) and e.to is not None and c.owes(e, viewer):
                    self.secret_now = True
                    self.secret_at = c.queued()      # "remember it" comes right after it

    def handle(self, e) -> None:
        """One event to its handler (``private`` while a secret's steps are queued)."""
        handler = self.ctx.handler(e.kind)
        if handler:
            self.private = e.to is not None
            try:
                handler(e.data)
            finally:
                self.private = False

    def take_owed(self, seat: int) -> list:
        """The secrets kept for ``seat``, now theirs to see (none are kept after)."""
        return self.ctx.owed.pop(seat, [])
