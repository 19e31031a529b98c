"""The "why?" line: one short sentence after an AI move, for the seat watching.

``explain(game, seat, before, after)`` gets the **viewing seat's** observations
just before and just after seat ``seat``'s move (never the state, never the
acting seat's own observation, never the raw action, which may hold hidden
cards), and returns a whole translated sentence or None.  Whatever it says is
therefore something the viewer may know: two states that differ only in cards
the viewer cannot see give the same line.

It is a teaching aid, not the agent's private reasoning: Easy, Normal and Hard
seats all get it, and so would a human seat.  Each game plugs in one function
``(seat, before, after) -> str | None`` in :data:`EXPLAINERS`.
"""
from __future__ import annotations

from typing import Any, Callable

#: game id -> (acting seat, viewer's observation before, viewer's observation after) -> line
EXPLAINERS: dict[str, Callable[[int, Any, Any], "str | None"]] = {}


def _lazy(module: str) -> Callable[[int, Any, Any], "str | None"]:
    """The ``explain`` function of ``game.ai.<module>``, imported on its first use."""
    def fn(seat: int, before: Any, after: Any) -> str | None:
        from importlib import import_module
        return import_module("game.ai." + module).explain(seat, before, after)
    fn.__name__ = module
    return fn


# one module per game, registered here explicitly
EXPLAINERS.update({
    "masterbluff": _lazy("why_masterbluff"),
    "court": _lazy("why_court"),
    "death": _lazy("why_death"),
    "ktm": _lazy("why_ktm"),
    "bossquest": _lazy("why_bossquest"),
})


def explain(game: str, seat: int, before: Any, after: Any) -> str | None:
    """The "why?" line for seat ``seat``'s move as the viewer saw it, or None.

    A teaching aid never stops a game: should a game's explainer fail, this gives None
    (the tests call :data:`EXPLAINERS` directly, so that a failure shows there)."""
    fn = EXPLAINERS.get(game)
    if fn is None:
        return None
    try:
        return fn(seat, before, after)
    except Exception:       # noqa: BLE001 - the line is optional; the game goes on without it
        return None
