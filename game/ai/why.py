"""The "why?" line: one short sentence after an AI move, for the seat watching.

``explain(game, seat, before, after)`` gets the **viewing seat's** observations
just before and just after seat ``seat``'s move (never the state, never the
acting seat's own observation, never the raw action, which may hold hidden
cards), and returns a whole translated sentence or None.  Whatever it says is
therefore something the viewer may know: two states that differ only in cards
the viewer cannot see give the same line.

It is a teaching aid, not the agent's private reasoning: Easy, Normal and Hard
seats all get it, and so would a human seat.  Each game plugs in one function
``(seat, before, after) -> str | None``: the ``explain`` of the module its entry in
``game.ai.GAMES`` names (``why``), gathered in :data:`EXPLAINERS`.
"""
from __future__ import annotations

from typing import Any, Callable

from game.ai import GAMES as _AI
from game.core.registry import resolve


def _lazy(module: str) -> Callable[[int, Any, Any], "str | None"]:
    """The ``explain`` function of ``module``, imported on its first use."""
    def fn(seat: int, before: Any, after: Any) -> str | None:
        return resolve(module).explain(seat, before, after)
    fn.__name__ = module.rpartition(".")[2]
    return fn


#: game id -> (acting seat, viewer's observation before, viewer's observation after) -> line:
#: each game's ``why`` module in its entry in ``game.ai.GAMES``
EXPLAINERS: dict[str, Callable[[int, Any, Any], "str | None"]] = {g: _lazy(s.why) for g, s in _AI.items()}


def _revealed(game: str, seat: int, before: Any, after: Any) -> int | None:
    """The seat whose secret answer seat ``seat``'s move made public and decided (a Bluff! call
    or a challenge made earlier in a window that this move closed), if the game has such
    answers (its why module's ``revealed``), else None."""
    s = _AI.get(game)
    fn = getattr(resolve(s.why), "revealed", None) if s is not None else None
    return fn(seat, before, after) if fn is not None else None


def explain_move(game: str, seat: int, before: Any, after: Any, ai_seats) -> tuple[int, str] | None:
    """(the AI seat it speaks of, the line) for seat ``seat``'s move as the viewer saw it, or None.

    Usually the mover's own line, when the mover is one of ``ai_seats``.  But a move that closes
    a window may make public an earlier, secret answer that decided it (a Bluff! call, a
    challenge): that act is what the table now shows (the reveal names the caller), so the
    line is the line of that seat, when it is an AI, whoever closed the window (a person too)."""
    try:
        actor = _revealed(game, seat, before, after)
    except Exception:       # noqa: BLE001 - optional, as explain
        actor = None
    if actor is not None and actor != seat and actor in ai_seats:
        line = explain(game, actor, before, after)
        if line:
            return actor, line
    if seat in ai_seats:
        line = explain(game, seat, before, after)
        if line:
            return seat, line
    return None


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
