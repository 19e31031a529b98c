"""The AI pacer: asks the App's AIWorker for one AI seat's action at a time.

It waits for the speed setting's pause between AI actions, polls the future
on later frames (the frame loop never waits for an AI), and drops an answer
that arrives after the match has moved on (an undo, a human's answer).  It
knows nothing about any game: answers in a response window (several seats
may act) are paced faster than turns.
"""
from __future__ import annotations

import logging
from typing import Callable

from game.ai import make_agent
from game.core import Rng

log = logging.getLogger(__name__)


class AIPacer:
    def __init__(self, app, match, game: str) -> None:
        self.app = app
        self.match = match
        n = len(match.seats)
        master = Rng(match.record.seed if match.record.seed is not None else 0)
        rngs = [master.spawn() for _ in range(n)]
        self.agents = {s: make_agent(game, match.seats[s].level) for s in range(n) if not match.is_human(s)}
        self.rngs = {s: rngs[s] for s in self.agents}
        self.pending = None
        self.seat = -1
        self.tag = -1
        self.in_window = False
        self.wait = 0.0
        self.pace = 0.6

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None

    def hold(self, seconds: float) -> None:
        self.wait = max(self.wait, seconds)

    def update(self, dt: float, submit: Callable[[object], bool]) -> None:
        self.wait = max(0.0, self.wait - dt)
        m = self.match
        if self.pending is not None:
            if not self.pending.done():
                return
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
        if self.wait > 0:
            return
        to_act = m.to_act()
        for seat in to_act:
            if seat in self.agents:
                self.pending = self.app.ai.request(self.agents[seat], m.observe(seat), m.legal(seat),
                                                   self.rngs[seat])
                self.seat, self.tag, self.in_window = seat, len(m.log), len(to_act) > 1
                return
