"""The explicit registry of games (no folder scanning)."""
from __future__ import annotations

from .rules import Rules


def _load() -> dict[str, Rules]:
    from game.rules import masterbluff

    games: list[Rules] = [masterbluff.RULES]
    return {g.id: g for g in games}


_GAMES: dict[str, Rules] | None = None


def games() -> dict[str, Rules]:
    global _GAMES
    if _GAMES is None:
        _GAMES = _load()
    return _GAMES


def get(game_id: str) -> Rules:
    try:
        return games()[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(games()))}") from None
