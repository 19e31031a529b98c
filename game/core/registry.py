"""The registry of games: a plain dict filled by ``game.rules`` (no folder scanning).

``game.core`` never imports ``game.rules``: the explicit list of games lives in
``game/rules/__init__.py``, which declares each one (:func:`declare`: its id, title,
player counts and the module holding its rules) when it is imported.  That package
is light: a game's rules module is imported on first :func:`get` (or by
:func:`games`, which loads them all), and then :func:`register`\\ s its rules.  So the
menu can list every game (:func:`ids`, :func:`info`) without loading any.  Anything
that needs the games imports ``game.rules`` first (``game.match``, ``game.ai``, the
CLI and the benchmarks do, so the app, which imports ``game.match``, always sees a
filled registry).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from .quote import quoted
from .rules import Rules


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows of a game before its rules are loaded (tested equal to the rules' own)."""
    id: str
    title: str
    min_players: int
    max_players: int
    module: str          # the module whose import registers the game's rules (its ``RULES``)


_INFO: dict[str, GameInfo] = {}
_GAMES: dict[str, Rules] = {}


def declare(info: GameInfo) -> GameInfo:
    """Name a game whose rules load on first use; returns ``info``.  Declaring the same
    game twice is harmless; a different declaration under a taken id is an error."""
    old = _INFO.get(info.id)
    if old is not None and old != info:
        raise ValueError(f"a different game is already declared as {quoted(info.id)}")
    _INFO[info.id] = info
    return info


def register(rules: Rules) -> Rules:
    """Add a game (its rules object, keyed by ``rules.id``); returns it.  Registering
    the same object twice is harmless; a different object under a taken id is an error."""
    old = _GAMES.get(rules.id)
    if old is not None and old is not rules:
        raise ValueError(f"a different game is already registered as {quoted(rules.id)}")
    _GAMES[rules.id] = rules
    return rules


def ids() -> tuple[str, ...]:
    """Every known game id (declared or registered) in order, loading none."""
    return tuple(dict.fromkeys([*_INFO, *_GAMES]))


def known(game_id: str) -> bool:
    return game_id in _INFO or game_id in _GAMES


def info(game_id: str) -> GameInfo:
    """A game's id, title and player counts, without loading its rules (a registered game
    with no declaration: taken from its rules)."""
    if game_id in _INFO:
        return _INFO[game_id]
    r = get(game_id)
    return GameInfo(r.id, r.title, r.min_players, r.max_players, type(r).__module__)


def games() -> dict[str, Rules]:
    """Every game by id, in order (a copy); loads the rules of every declared game."""
    return {gid: get(gid) for gid in ids()}


def get(game_id: str) -> Rules:
    """The rules of ``game_id``, importing its module on first use."""
    rules = _GAMES.get(game_id)
    if rules is None and game_id in _INFO:
        mod = import_module(_INFO[game_id].module)
        rules = register(mod.RULES)
    if rules is None:
        known_ids = ", ".join(sorted(ids())) or "none (import game.rules to register the games)"
        raise KeyError(f"unknown game {quoted(game_id)}; known: {known_ids}") from None
    return rules


def resolve(ref: str):
    """The object a layer's game entry names by ``"package.module:name"`` (or a module by
    ``"package.module"``), imported on first use: how the AI and app entries of a game stay
    one line each without loading every game's modules at start-up.  ``ImportError`` /
    ``AttributeError`` name what is missing."""
    module, _, name = ref.partition(":")
    mod = import_module(module)
    if not name:
        return mod
    try:
        return getattr(mod, name)
    except AttributeError:
        raise AttributeError(f"{module} has no {name} (named by {quoted(ref)})") from None
