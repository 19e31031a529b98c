"""The registry of games: a plain dict filled by ``game.rules`` (no folder scanning).

``game.core`` never imports ``game.rules``: the explicit list of games lives in
``game/rules/__init__.py``, which calls :func:`register` for each one when it is
imported.  Anything that needs the games imports ``game.rules`` first
(``game.match``, ``game.ai``, the CLI and the benchmarks do, so the app, which
imports ``game.match``, always sees a filled registry).
"""
from __future__ import annotations

from .rules import Rules

_GAMES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Add a game (its rules object, keyed by ``rules.id``); returns it.  Registering
    the same object twice is harmless; a different object under a taken id is an error."""
    old = _GAMES.get(rules.id)
    if old is not None and old is not rules:
        raise ValueError(f"a different game is already registered as {rules.id!r}")
    _GAMES[rules.id] = rules
    return rules


def games() -> dict[str, Rules]:
    """Every registered game by id, in registration order (a copy)."""
    return dict(_GAMES)


def get(game_id: str) -> Rules:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none (import game.rules to register the games)"
        raise KeyError(f"unknown game {game_id!r}; known: {known}") from None
