"""The AI pacer: asks the App's AIWorker for one AI seat's action at a time.

It waits for the speed setting's pause between AI actions, polls the future
on later frames (the frame loop never waits for an AI), and drops an answer
that arrives after the match has moved on (an undo, a human's answer).  It
knows nothing about any game: answers in a response window (several seats
may act) are paced faster than turns.

**Thinking in the pause.**  When no human may act now, the next AI seat starts
thinking as soon as the table is still, during the pause, and its move lands
when the pause is over: the gap between two AI moves is the longer of the
pause and the thinking, not their sum, so a Hard seat is no slower than it
must be.  (With a human in the response window the AI asks only after the
pause, as before: the person may answer first.)

**Showing it.**  ``thinking`` is the seat whose plate shows the thinking dots.
A Hard seat shows them from the moment it is asked until its move lands, the
pause included (it answers well inside the pause as a rule, and a player
expects the strong seat to be seen thinking before it moves), and for
``THINK_MIN`` seconds at least (at most the pause: nothing at Instant), so an
answer asked after the pause, in a window with a person, still shows them for
a moment.  Any other seat shows them only when it is still thinking
``THINK_SHOW`` seconds after it was asked (Easy and Normal answer at once:
their pacing and their plates are as before).

**Levels.**  Each AI seat plays its level (``game.app.levels``); a Hard seat
gets the wall-clock cap ``HARD_CAP_MS`` here, at the table only (``simulate``,
the tests and the benchmarks stay uncapped and deterministic).
"""
from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Callable

from game.ai import canonical_level, make_agent
from game.core import Rng
from game.core.rng import seat_seed
from ..levels import HARD_CAP_MS

log = logging.getLogger(__name__)

#: seconds an AI may think before its plate shows that it is thinking (Easy, Normal)
THINK_SHOW = 0.25
#: a Hard seat's dots show this long at least (capped by the pause, so none at Instant)
THINK_MIN = 0.3


def table_agent(game: str, level: str):
    """The agent an AI seat of ``level`` plays at the table (see the module docstring)."""
    level = canonical_level(level)
    agent = make_agent(game, level)
    if level == "hard" and hasattr(agent, "budget_ms"):
        agent.budget_ms = HARD_CAP_MS               # the table stays responsive on a slow machine
    return agent


class AIPacer:
    def __init__(self, app, match, game: str) -> None:
        self.app = app
        self.match = match
        n = len(match.seats)
        seed = match.record.seed if match.record.seed is not None else 0
        rngs = [Rng(seat_seed(seed, s)) for s in range(n)]        # nothing in them tells the deal
        self.agents = {s: table_agent(game, match.seats[s].level) for s in range(n) if not match.is_human(s)}
        self.hard = {s for s in self.agents if canonical_level(match.seats[s].level) == "hard"}
        self.rngs = {s: rngs[s] for s in self.agents}
        self.pending = None
        self.seat = -1
        self.tag = -1
        self.in_window = False
        self.wait = 0.0
        self.pace = 0.6
        self.think_t = 0.0          # how long since the pending request was made (frame time)
        self.thinking: int | None = None    # the seat shown thinking now, if any
        #: a lesson's script (``LessonGuide.ai_move``): seat -> its scripted move, False (it
        #: waits) or None (it plays its level)
        self.script: Callable[[int], object] | None = None

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        self.thinking = None

    def hold(self, seconds: float) -> None:
        self.wait = max(self.wait, seconds)

    def update(self, dt: float, submit: Callable[[object], bool]) -> None:
        self.wait = max(0.0, self.wait - dt)
        m = self.match
        if self.pending is not None:
            self.think_t += dt
            shows = self.seat in self.hard and self.pace > 0          # a Hard seat: dots at once
            if not self.pending.done():
                self.thinking = self.seat if shows or self.think_t >= THINK_SHOW else None
                return
            if not self.pending.cancelled() and (
                    self.wait > 0 or (shows and self.think_t < min(THINK_MIN, self.pace))):
                self.thinking = self.seat if shows else None
                return                                    # it thought in the pause: land after it
            self.thinking = None
            fut, seat, tag = self.pending, self.seat, self.tag
            self.pending = None
            try:
                action = fut.result()
            except Exception:  # a broken AI must not freeze the table
                log.exception("AI seat %s failed; playing a random legal move", seat)
                action = m.legal(seat).sample(self.rngs[seat])
            if tag != len(m.log) or seat not in m.to_act():
                return                                    # stale: the match moved on
            if not submit(action):
                submit(m.legal(seat).sample(self.rngs[seat]))
            self.wait = self.pace * (0.6 if self.in_window else 1.0)
            return
        to_act = m.to_act()
        if self.wait > 0 and any(m.is_human(s) for s in to_act):
            return                                        # a person may answer first: ask after the pause
        for seat in to_act:
            if seat in self.agents:
                scripted = self.script(seat) if self.script is not None else None
                if scripted is False:
                    continue                              # the lesson holds this seat for now
                if scripted is not None:
                    self.pending = Future()
                    self.pending.set_result(scripted)
                else:
                    self.pending = self.app.ai.request(self.agents[seat], m.observe(seat), m.legal(seat),
                                                       self.rngs[seat])
                self.seat, self.tag, self.in_window = seat, len(m.log), len(to_act) > 1
                self.think_t = 0.0
                return
