"""Who may look at the screen now: the hot-seat curtain and private moments.

With one human the viewer is that human and nothing is ever hidden from them.
With several humans on one screen, every private moment (a turn, a private
look, a response window, a simultaneous secret choice) goes behind the
curtain, one person at a time: when a human must act and the screen is not
theirs, the curtain comes down and names them.  After a human has acted and
someone else is next, their private information is hidden (``hidden``) until
the next curtain is lifted.  A resumed hot-seat game starts hidden, so the
first human to act always meets the curtain.

A table may also owe a person a secret that arrived while the screen was not
theirs (``owed``: seat -> the private events, kept by tables that set
``GameTable.owed_secrets``): the curtain then comes down for that person
first, and the table shows them their secret alone (those who must act next come last, so
one curtain serves both).  A secret for the person at the screen (their own move, or a move
that answered theirs) is shown to them at once (no curtain of their own).  Either way the
secret stays on their screen until they press Continue on "Only you saw this: remember it"
(``TableScene.remember_step``; a table turns a face it showed down in ``secret_seen``); the
table hides their screen after it unless they act next.

**Phones (issue 28).**  The curtain is only for the people at this screen (``Match.is_local``:
the "human" seats); a person on a phone (``Match.is_phone``) sees their secrets on the phone,
never here, and never acts with this screen's mouse or keyboard.  So ``humans`` lists the
people at this screen only.  But the phone players look at this screen too (it is the table they
all sit around), so one person here and any number of phones is hot seat, as two or more people
here are: that person's hand shows only behind the curtain, while everyone else looks away (a
new user's trial found a desk player's hand face up all game in front of the phone players).
Only one person and no phone (the rest AI) is a table with no curtain.  A table with NO person at
this screen but phone seats is a **public table** (``public``): a shared screen whose secrets
are hidden for good (``hidden`` stays set, no curtain ever comes down, nobody may act here);
its viewer is the first phone seat, only for the order the seats sit in: the table belongs to
nobody, every seat laid out as one more opponent seat (``TableScene._seating``), no hand drawn
as the viewer's.
"""
from __future__ import annotations


class Privacy:
    def __init__(self, match) -> None:
        self.match = match
        n = len(match.seats)
        local = getattr(match, "is_local", match.is_human)
        phone = getattr(match, "is_phone", lambda s: False)
        #: the people at this screen (never a phone seat)
        self.humans = [s for s in range(n) if local(s)]
        self.phones = [s for s in range(n) if phone(s)]
        #: no person at this screen, and phone seats: the big screen is the public table
        self.public = not self.humans and bool(self.phones)
        #: a shared screen: several people at this screen, or phone players who see it too
        #: (with a person here: hot seat; with nobody here: the public table)
        self.hotseat = len(self.humans) >= 2 or bool(self.phones)
        self.viewer = self.humans[0] if self.humans else (self.phones[0] if self.phones else 0)
        self.curtain_for: int | None = None
        self.hidden = self.hotseat                # nobody's secrets show until a curtain is lifted
        self.owed: dict[int, list] = {}           # seat -> private events still to show them

    def is_local(self, seat: int) -> bool:
        """A person plays ``seat`` at this screen."""
        return seat in self.humans

    def acting_humans(self) -> list[int]:
        """The people at this screen who may act now (never a phone seat)."""
        return [s for s in self.match.to_act() if s in self.humans]

    def check(self) -> bool:
        """Bring the curtain down if a human must act and the screen is not theirs.
        Returns True when it came down now."""
        if not self.hotseat or self.curtain_for is not None or self.match.outcome() is not None:
            return False
        owed = [s for s, evs in self.owed.items() if evs]
        acting = self.acting_humans()
        if owed:
            # someone who acts next sees their secret last: the same curtain then serves their turn
            self.curtain_for = min(owed, key=lambda s: s in acting)
            return True
        if not acting:
            return False
        if self.viewer in acting and not self.hidden:
            return False
        self.curtain_for = acting[0]
        return True

    def after_action(self, seat: int) -> None:
        """``seat`` has acted: in hot seat, hide the screen's secrets unless it is still theirs."""
        if self.hotseat and seat in self.humans and seat == self.viewer \
                and seat not in self.match.to_act():
            self.hidden = True

    def after_undo(self) -> None:
        """Moves were taken back (by anyone: the person at the screen, or a phone): in hot seat a
        curtain for someone who no longer acts (and is owed nothing) is put away, and unless the
        screen's person acts now their secrets are hidden.  (A trial: a phone took back its
        declaration while the curtain waited for the desk person's Bluff! answer; lifting it then
        showed that hand face up during the phone's turn.)"""
        if not self.hotseat:
            return
        acting = self.acting_humans()
        if self.curtain_for is not None and self.curtain_for not in acting and not self.owed.get(self.curtain_for):
            self.curtain_for = None
        if self.viewer not in acting or self.curtain_for is not None:
            self.hidden = True

    def lift(self) -> int | None:
        """The named person is at the screen: it becomes their view."""
        if self.curtain_for is None:
            return None
        self.viewer, self.curtain_for, self.hidden = self.curtain_for, None, False
        return self.viewer

    def may_act(self, seat: int) -> bool:
        """Whether the person at the screen may act for ``seat`` now (never for a phone seat, never
        at the public table)."""
        return (seat in self.humans and seat == self.viewer and self.curtain_for is None
                and not self.hidden)
