"""AI opponents.  Explicit registry of levels per game."""
from __future__ import annotations

from typing import Callable

from .base import Agent, RandomAgent

LEVELS = ("random", "heuristic")


def _heuristics() -> dict[str, Callable[[], Agent]]:
    from . import masterbluff

    return {"masterbluff": masterbluff.HeuristicAgent}


def make_agent(game: str, level: str = "heuristic") -> Agent:
    if level == "random":
        return RandomAgent()
    if level == "heuristic":
        factory = _heuristics().get(game)
        if factory is None:
            raise KeyError(f"no heuristic AI for {game!r}")
        return factory()
    raise KeyError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")


__all__ = ["Agent", "LEVELS", "RandomAgent", "make_agent"]
