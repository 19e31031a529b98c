"""The "why?" line: after an AI seat's move, one sentence from ``game.ai.why.explain_move``
over the **viewer's** own observations just before and after it (a part of the table kit); at
the public table (issue 28: nobody at the screen, phone seats) over the spectator's.

The part knows nothing of the scene: it reads a :class:`WhyContext` (who is at the screen,
the observations, the step queue and the table's clock) and keeps three things: the line on
the table (``line``), the lines kept for the hot seat's people behind their curtains
(``owed``), and the lines queued for the viewer (``next``: shown when their move's steps have
played, or early when one of them opens a panel).  The scene draws ``shown()`` only.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, NamedTuple, Sequence

from game.ai.why import explain_move

log = logging.getLogger(__name__)


class WhyLine(NamedTuple):
    """A "why?" line on the table: its words, the AI seat that moved, the viewer it was made
    for, and the table time it appeared."""
    text: str
    seat: int
    viewer: int
    since: float


class WhyContext(NamedTuple):
    """What the why-line reads of the table: each field a value or a callable asked when needed."""
    game: str                                     # the rules id (the explainer's key)
    seats: int                                    # how many seats
    is_human: Callable[[int], bool]
    explain_on: Callable[[], bool]                # the setting "Explain AI moves"
    lesson_speaks: Callable[[], bool]             # a lesson explains in its own words (no bubble)
    viewer: Callable[[], int]
    may_see: Callable[[], bool]                   # the viewer may look at their screen now
    hotseat: Callable[[], bool]
    humans: Callable[[], Sequence[int]]
    observe: Callable[[int], Any]                 # a seat's observation now
    time: Callable[[], float]                     # the table's clock
    queue: Callable[[], Sequence]                 # the step queue (steps waiting to play)
    playing: Callable[[], Any]                    # the step playing now, or None
    held: Callable[[], bool]                      # a reveal, a score sheet or a Continue is up
    choice_up: Callable[[], bool]                 # a choice panel is up (the line waits under it)
    add_step: Callable[..., None]                 # queue a private step: add_step(begin, hold)
    #: the public table (issue 28: no person at the screen, phone seats): its lines are made
    #: from the spectator's observations (``observe(None)``) and shown on the shared screen
    public: Callable[[], bool] = lambda: False


class WhyLines:
    """The "why?" line's state and rules (see the module's words)."""

    #: seconds a "why?" line stays up (table time, not counted while a reveal, a score sheet or a
    #: Continue is up; a newer line replaces it at once, and the next move the viewer sees ends it)
    SECONDS = 4.5

    def __init__(self, ctx: WhyContext) -> None:
        self.ctx = ctx
        self.line: WhyLine | None = None          # the "why?" line of the last AI move shown
        self.owed: dict[int, tuple[str, int]] = {}   # hot seat: person -> (line, AI seat) kept for them
        self.next: list[list] = []                # [line, its show step, shown early] queued for the viewer

    def before(self, seat: int) -> dict | None:
        """Before a move: the observations its "why?" line will be made from, by the seat they
        belong to, or None when no line is wanted (the setting is off).  A person's move makes
        the lines kept for the hot seat's people old news; it gets no line of its own, but it
        may close a window and so make an AI's secret call public (``explain_move``).  The
        viewer's, while they may look at the screen; on a hidden hot-seat screen, each person's
        own, for the line to wait for them behind their curtain."""
        c = self.ctx
        if c.lesson_speaks():
            return None
        on = c.explain_on()
        if c.is_human(seat) or not on:
            self.owed.clear()
        if not on:
            return None
        if c.public():
            return {None: c.observe(None)}            # what anyone at the table may know
        if c.may_see():
            v = c.viewer()
            return {v: c.observe(v)}
        if c.hotseat():
            return {h: c.observe(h) for h in c.humans()}
        return None

    def end_on_next_move(self, queued: int) -> None:
        """After any move (``queued``: the queue's length before its steps): a move the viewer
        sees (one of its steps has a caption or a log line) ends the line on the table when it
        starts to play, so a line never sits beside a later move; a secret answer (no step)
        leaves it up."""
        new = list(self.ctx.queue())[queued:]
        if any(st.caption or st.log for st in new):
            first = new[0]
            begin = first.begin

            def end_line_then_begin() -> None:
                self.line = None
                begin()
            first.begin = end_line_then_begin

    def queue(self, seat: int, befores: dict, show: Callable[[int, int, str], None] | None = None,
              afters: dict | None = None) -> None:
        """After a move: ``explain_move`` over a seat's own observations before and after it
        (nothing else: the line says only what that seat may know): the AI mover's line, or the
        line of an AI whose secret call or challenge the move made public.  The viewer's line
        shows once the move's own steps have played, or as soon as one of them opens the reveal
        panel or waits for Continue (``update``: the move's outcome is on the table then, so the
        line spoils nothing and is read beside it); on a hidden hot-seat screen each person's
        line waits for them (``owed``) and shows when their curtain lifts.  ``show``: what the
        line's own step calls (default ``self.show``); ``afters``: the observations after the
        move, by the same keys as ``befores``, when it is queued after later moves were made
        (default: each seat's now)."""
        c = self.ctx
        show = show or self.show
        at_screen = self.looks()
        ai = {s for s in range(c.seats) if not c.is_human(s)}
        for viewer, before in befores.items():
            try:
                got = explain_move(c.game, seat, before, c.observe(viewer) if afters is None else afters[viewer], ai)
            except Exception:                   # a teaching aid must never stop the game
                log.exception("the why-line of seat %s's move failed", seat)
                return
            if not got:
                if seat in ai:
                    self.owed.pop(viewer, None)
                continue
            actor, line = got
            if viewer is None:                        # the public table's line, for the screen
                viewer = c.viewer()
            if at_screen and viewer == c.viewer():
                c.add_step(lambda v=viewer, ln=line, a=actor: show(a, v, ln), 0.0)
                # the move's steps come just before this one (an AI moves only when the table is
                # still; a person's answer closing a window plays its steps the same way)
                self.next.append([WhyLine(line, actor, viewer, 0.0), c.queue()[-1], False])
            else:
                self.owed[viewer] = (line, actor)

    def show(self, seat: int, viewer: int, line: str) -> None:
        """The line's own step: show it now, unless it was shown early (then it keeps its clock)."""
        c = self.ctx
        entry = next((e for e in self.next if e[1] is c.playing()), None)
        if entry is not None:
            self.next.remove(entry)
            if entry[2]:
                return
        if viewer == c.viewer() and self.looks():
            self.line = WhyLine(line, seat, viewer, c.time())

    def update(self, dt: float) -> None:
        """Each frame: a queued line shows early when its move opens the reveal panel or waits for
        Continue; the line's clock stops while a reveal, a score sheet or a Continue is up (it
        is read beside them, and its seconds run on once they go) and while a choice panel is
        up (the line is not drawn over it); then it ends on time, when the viewer changes or
        may not look."""
        c = self.ctx
        held = c.held()
        if held and c.playing() is not None:
            queue = c.queue()
            early = next((e for e in self.next if not e[2] and any(x is e[1] for x in queue)), None)
            if early is not None:
                early[2] = True
                w = early[0]
                if w.viewer == c.viewer() and self.looks():
                    self.line = w._replace(since=c.time())
                return
        w = self.line
        if w is None:
            return
        if held or c.choice_up():                # (a choice panel: the line waits under it, undrawn)
            self.line = w = w._replace(since=w.since + dt)
        if c.time() - w.since >= self.SECONDS or w.viewer != c.viewer() or not self.looks():
            self.line = None

    def shown(self) -> WhyLine | None:
        """The line to draw now: only for the viewer it was made for, while they may look."""
        w = self.line
        c = self.ctx
        if w is None or w.viewer != c.viewer() or not self.looks() or c.time() - w.since >= self.SECONDS:
            return None
        return w

    def looks(self) -> bool:
        """A line may be drawn now: the viewer may look at their screen, or it is the public
        table (whose lines are made from public knowledge only)."""
        return self.ctx.may_see() or self.ctx.public()

    def curtain_lifted(self) -> None:
        """The person now at the screen sees the last AI move's line made for them, if one waits."""
        c = self.ctx
        owed = self.owed.pop(c.viewer(), None)
        if owed is not None:
            self.line = WhyLine(owed[0], owed[1], c.viewer(), c.time())

    def clear(self) -> None:
        """A new view (undo, a curtain): no line on the table and none queued."""
        self.line = None
        self.next.clear()
