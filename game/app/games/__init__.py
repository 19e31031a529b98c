"""The app's list of games: one :class:`AppSpec` per game, in :data:`GAMES`, in the menu's order.

Explicit, like the rules registry (``game.rules.GAMES``) and the AI's (``game.ai.GAMES``).
A game's entry names, by ``"module:name"`` (imported on first use: pygame is only needed
once a window exists, and the menu loads no game's table), its table (the table module's
``TABLE``), its card art (a ``game.app.cards.ArtSpec``: faces, corner labels, emblem, token,
pieces), its rules text (the rules screen's words, marked for translation) and the pictures
the rules screen shows beside them (its help module's ``gallery``).  Its layout
(``assets/layouts/<id>.tmx``), card files (``assets/cards/<id>/``) and lesson
(``assets/lessons/<id>.toml``) are found by its id.  ``PLAYABLE`` lists the games the menu,
setup and the saves offer.  ``tests/test_game_layers.py`` checks that the rules, AI and app
layers list the same games and that every name here resolves.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.registry import resolve


@dataclass(frozen=True)
class AppSpec:
    """One game's place in the app, each part named by ``"module:name"`` (see the module docstring)."""

    game: str
    table: str          # the table class (a GameTable)
    art: str            # its card art, a game.app.cards.ArtSpec
    rules_text: str     # the rules screen's text (N_-marked)
    gallery: str        # () -> [(art, name)]: the rules screen's pictures of its cards and pieces


#: every game's table, art and rules text, by game id, in the menu's order
GAMES: dict[str, AppSpec] = {s.game: s for s in (
    AppSpec("death", table="game.app.games.death:TABLE", art="game.app.cards:DEATH_ART",
            rules_text="game.app.rules_text:DEATH_RULES", gallery="game.app.games.death_help:gallery"),
    AppSpec("ktm", table="game.app.games.ktm:TABLE", art="game.app.cards:KTM_ART",
            rules_text="game.app.rules_text:KTM_RULES", gallery="game.app.games.ktm_help:gallery"),
    AppSpec("court", table="game.app.games.court:TABLE", art="game.app.cards:COURT_ART",
            rules_text="game.app.rules_text:COURT_RULES", gallery="game.app.games.court_help:gallery"),
    AppSpec("bossquest", table="game.app.games.bossquest:TABLE", art="game.app.cards:BOSSQUEST_ART",
            rules_text="game.app.rules_text:BOSSQUEST_RULES", gallery="game.app.games.bossquest_help:gallery"),
    AppSpec("masterbluff", table="game.app.games.masterbluff:TABLE", art="game.app.cards:MASTERBLUFF_ART",
            rules_text="game.app.rules_text:MASTERBLUFF_RULES", gallery="game.app.games.masterbluff_help:gallery"),
)}

#: the games with a table, in the menu's order (every game has one: the layers test checks it)
PLAYABLE: tuple[str, ...] = tuple(GAMES)


def table_scene(game: str):
    """The game's table class (the module's ``TABLE``, a ``game_table.GameTable``: its settings,
    hooks and ``result_*`` notes) for ``game``; KeyError for a game with no table yet."""
    try:
        s = GAMES[game]
    except KeyError:
        raise KeyError(f"no table for game {game!r}; tables: {', '.join(GAMES)}") from None
    return resolve(s.table)


def rules_text(game: str) -> str:
    """``game``'s rules as the rules screen shows them (untranslated: the screen translates)."""
    return resolve(GAMES[game].rules_text)


def gallery(game: str) -> list[tuple[tuple, str]]:
    """The rules screen's pictures of ``game``'s cards and pieces: (art, name) each."""
    return resolve(GAMES[game].gallery)()


def layer_problems(resolve_parts: bool = False) -> list[str]:
    """What is wrong with the games' three lists (``game.rules.GAMES``, ``game.ai.GAMES`` and
    :data:`GAMES`), one sentence each: a game declared in one layer but not in another, and,
    with ``resolve_parts``, an entry naming a module or a name that does not exist (this
    imports every game's AI and table).  An empty list: every game is whole."""
    from game.ai import GAMES as AI_GAMES           # here: the menu does not load the AI
    from game.core import registry

    layers = {"game.rules.GAMES": set(registry.ids()), "game.ai.GAMES": set(AI_GAMES), f"{__name__}.GAMES": set(GAMES)}
    out = []
    for game_id in dict.fromkeys([*registry.ids(), *AI_GAMES, *GAMES]):
        missing = [name for name, ids in layers.items() if game_id not in ids]
        if missing:
            out.append(f"{game_id!r} is declared in {' and '.join(n for n in layers if n not in missing)} "
                       f"but not in {' and '.join(missing)}")
    if resolve_parts:
        for entries in (AI_GAMES, GAMES):
            for entry in entries.values():
                for name, ref in vars(entry).items():
                    if name == "game" or not ref:
                        continue
                    try:
                        resolve(ref)
                    except (ImportError, AttributeError) as exc:
                        out.append(f"{entry.game!r}: its {name} {ref!r} cannot be loaded ({exc})")
    return out
