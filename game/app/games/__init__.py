"""The registry of game tables: one small module per game on the table kit.

Explicit, like the rules registry: ``table_scene(game_id)`` imports the game's
table module lazily (pygame is only needed once a window exists).  ``PLAYABLE``
lists the games that have a table; the menu and setup offer only those.
"""
from __future__ import annotations

from importlib import import_module

_TABLES: dict[str, str] = {
    "masterbluff": "game.app.games.masterbluff",
    "court": "game.app.games.court",
    "death": "game.app.games.death",
    "bossquest": "game.app.games.bossquest",
    "ktm": "game.app.games.ktm",
}

PLAYABLE: tuple[str, ...] = tuple(_TABLES)


def table_scene(game: str):
    """The table scene class (the module's ``TABLE``) for ``game``; KeyError for a game with no table yet."""
    try:
        module = _TABLES[game]
    except KeyError:
        raise KeyError(f"no table for game {game!r}; tables: {', '.join(PLAYABLE)}") from None
    return import_module(module).TABLE
