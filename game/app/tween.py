"""Tweens and easing.  Pure maths plus a tiny scheduler; no pygame.

Timings follow ART.md: ease-out cubic for landing, ease-in-out cubic for long
flights.  A global ``scale`` (from the AI-speed setting) stretches or shrinks
durations; scale 0 ("off") completes every tween at once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """Interpolates ``start`` -> ``end`` (numbers or 2-tuples) over ``duration`` s after ``delay`` s."""

    start: object
    end: object
    duration: float
    ease: Callable[[float], float] = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def value(self):
        t = self.ease(self.progress())
        if isinstance(self.start, (tuple, list)):
            return tuple(lerp(a, b, t) for a, b in zip(self.start, self.end))  # type: ignore[arg-type]
        return lerp(self.start, self.end, t)  # type: ignore[arg-type]

    def update(self, dt: float) -> bool:
        """Advance; returns True once finished (and fires on_done once)."""
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.elapsed = self.delay + self.duration
            self.done = True
            if self.on_done:
                self.on_done()
        return self.done

    def finish(self) -> None:
        self.update(self.delay + self.duration + 1.0)


@dataclass
class Tweener:
    """Runs many tweens; ``scale`` multiplies durations/delays of tweens added later."""

    scale: float = 1.0
    tweens: list[Tween] = field(default_factory=list)

    def add(self, start, end, duration: float, ease=ease_out_cubic, delay: float = 0.0,
            on_done: Callable[[], None] | None = None) -> Tween:
        tw = Tween(start, end, duration * self.scale, ease, delay * self.scale, on_done)
        if self.scale <= 0:
            tw.finish()
        else:
            self.tweens.append(tw)
        return tw

    def update(self, dt: float) -> None:
        for tw in list(self.tweens):
            tw.update(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def finish_all(self) -> None:
        while self.tweens:
            for tw in list(self.tweens):
                tw.finish()
            self.tweens = [t for t in self.tweens if not t.done]
