"""The step queue: domain events become animation beats played one at a time.

A :class:`Step` starts its tweens in ``begin``, holds the table for ``hold``
seconds (scaled by the speed setting; "off" = 0), then settles the display
model in ``end``.  A step may carry a one-line caption (shown in the status
line while it plays) and a line for the table log.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable


@dataclass
class Step:
    begin: Callable[[], None]
    hold: float
    end: Callable[[], None] | None = None
    caption: str | None = None
    tone: str = ""
    log: str | None = None        # the table log's line (default: the caption; "": none)
    wait: bool = False            # after its hold, wait for release() (a person's Continue)
    private: bool = False         # shows a secret: captioned for the viewer, never kept in the log
    least: float = 0.0            # seconds it stays at the least, at any speed (Instant too)


class TableLog:
    """Every line of the game, scrollable; ``scroll`` counts entries up from the newest.

    At the bottom (``scroll == 0``) the log follows new entries; scrolled up it stays put
    and counts the entries that arrived below (``unseen``) for the "new below" hint."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.scroll = 0
        self.unseen = 0

    def add(self, line: str) -> None:
        self.lines.append(line)
        if self.scroll:                       # reading old lines: keep them in place
            self.scroll += 1
            self.unseen += 1

    def window(self, rows: int) -> list[str]:
        end = len(self.lines) - self.scroll
        return self.lines[max(0, end - rows):end]

    def scroll_by(self, delta: int, most: int) -> None:
        """Positive ``delta`` scrolls back in time, at most ``most`` entries up from the newest."""
        self.scroll = max(0, min(max(0, most), self.scroll + delta))
        self.unseen = min(self.unseen, self.scroll)

    def to_end(self) -> None:
        """Back to the newest entry: the log follows new entries again."""
        self.scroll = self.unseen = 0


class StepQueue:
    def __init__(self, log: TableLog, on_settle: Callable[[], None]) -> None:
        self.log = log
        self.on_settle = on_settle
        self.queue: deque[Step] = deque()
        self.step: Step | None = None
        self.left = 0.0
        self.caption = ""
        self.tone = ""
        self.caption_private = False      # the caption is a private step's (a secret)

    def add(self, begin: Callable[[], None], hold: float, end: Callable[[], None] | None = None,
            caption: str | None = None, tone: str = "", log: str | None = None, wait: bool = False,
            private: bool = False, at: int | None = None, least: float = 0.0) -> None:
        """Queue a step at the end, or at index ``at`` of the queue."""
        step = Step(begin, hold, end, caption, tone, log, wait, private, least)
        if at is None or at >= len(self.queue):
            self.queue.append(step)
        else:
            self.queue.insert(at, step)

    def waiting(self) -> bool:
        """A step has played its hold and waits for a person's Continue."""
        return self.step is not None and self.step.wait and self.left <= 0

    def release(self) -> None:
        if self.step is not None:
            self.step.wait = False

    def hurry(self, picks: Callable[[Step], bool]) -> None:
        """A person skips ahead: the current step and the queued steps that ``picks`` chooses
        lose their hold (their begin and end still run, in order); a waiting step still waits."""
        if self.step is not None and picks(self.step):
            self.left = min(self.left, 0.0)
        for st in self.queue:
            if picks(st):
                st.hold = 0.0

    def busy(self) -> bool:
        return self.step is not None or bool(self.queue)

    def clear(self) -> None:
        self.queue.clear()
        self.step = None
        self.caption, self.caption_private = "", False

    def run(self, dt: float, scale: float, finish_tweens: Callable[[], None]) -> None:
        """Advance by ``dt``: start the next step when the current one's hold is over."""
        while True:
            if self.step is None:
                if not self.queue:
                    return
                self.step = self.queue.popleft()
                self.left = max(self.step.hold * scale, self.step.least)
                if self.step.caption is not None:
                    self.caption, self.tone = self.step.caption, self.step.tone
                    self.caption_private = self.step.private
                    if not self.step.private and self.step.log != "":     # "": a caption only
                        self.log.add(self.step.log or self.step.caption)
                elif self.step.log and not self.step.private:
                    self.log.add(self.step.log)
                self.step.begin()
            self.left -= dt
            dt = 0.0
            if self.left > 0 or self.step.wait:
                return
            finish_tweens()
            if self.step.end:
                self.step.end()
            self.step = None
            if not self.queue:
                self.caption, self.caption_private = "", False
                self.on_settle()
