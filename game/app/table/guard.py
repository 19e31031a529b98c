"""Input made before something appeared never answers it (the table kit's one mechanism).

A ``Guard`` is armed when a thing appears on the table (a new set of answer buttons, a new
question for their keys, a reveal, a score sheet or a Continue): it remembers when, whether the
pointer has moved since, and which keys were already down.  A key down since before never counts
until it is released; a click that came without the pointer moving counts only after the
guard's seconds.  No pygame here: keys are plain ints.
"""
from __future__ import annotations


class Guard:
    def __init__(self) -> None:
        self.at = -1e9                    # when the guarded thing appeared
        self.pointed = True               # the pointer moved since
        self.held: set[int] = set()       # keys already down when it appeared, not yet released

    def arm(self, now: float, keys_down: set[int]) -> None:
        self.at, self.pointed, self.held = now, False, set(keys_down)

    def moved(self) -> None:
        self.pointed = True

    def released(self, key: int) -> None:
        self.held.discard(key)

    def forget_keys(self) -> None:
        """The window lost the keyboard: no key-up will come for what was down."""
        self.held.clear()

    def recent(self, now: float, seconds: float) -> bool:
        return now - self.at < seconds

    def stray_click(self, now: float, seconds: float) -> bool:
        """A click now came with no pointer movement since it appeared, within ``seconds``."""
        return not self.pointed and self.recent(now, seconds)
