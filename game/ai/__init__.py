"""AI opponents.  The explicit list of each game's AI: one :class:`AISpec` per game, in :data:`GAMES`.

A game's entry names, by ``"module:name"`` (imported on first use, so importing ``game.ai``
loads no game's AI), all its AI levels need: the Normal agent (its heuristic), the Hard
level's search plug-in over it (the one ``SearchAgent`` calls its hooks), its Easy (an :class:`game.ai.easy.Easy`), the module of its "why?" lines
(``explain``, and ``revealed`` for a game whose moves can reveal an earlier secret answer)
and, optionally, a "greedy" measuring stick.  ``tests/test_game_layers.py`` checks that the
rules, AI and app layers list the same games and that every name here resolves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import game.rules  # noqa: F401  (registers every game)

from game.core.levels import ALIASES, LADDER
from game.core.quote import quoted
from game.core.registry import resolve
from .base import Agent, RandomAgent

#: the AI levels.  The ladder a player chooses from is ``LADDER`` (Easy, Normal, Hard);
#: ``random`` and ``greedy`` are measuring sticks for ``simulate`` and the tests.
LEVELS = ("random", "easy", "normal", "hard", "greedy")
#: ``LADDER`` and ``ALIASES`` (the old level names -> today's) live in ``game.core.levels``


@dataclass(frozen=True)
class AISpec:
    """One game's AI, each part named by ``"module:name"`` (see the module docstring)."""

    game: str
    normal: str                 # () -> Agent: the heuristic (level "normal"; the search's base)
    search: str                 # (rules) -> SearchPlugin: the Hard level's plug-in over the heuristic
    easy: str                   # an easy.Easy: how Easy plays, and its knobs
    why: str                    # the module of the "why?" lines: explain(seat, before, after)
    greedy: str = ""            # () -> Agent: a simple measuring stick (level "greedy"), if any


#: every game's AI, by game id (the same games, in the same order, as ``game.rules.GAMES``)
GAMES: dict[str, AISpec] = {s.game: s for s in (
    AISpec("masterbluff", normal="game.ai.masterbluff:HeuristicAgent", easy="game.ai.easy:MASTERBLUFF",
           search="game.ai.masterbluff_search:MasterBluffSearch", why="game.ai.why_masterbluff"),
    AISpec("court", normal="game.ai.court:HeuristicAgent", easy="game.ai.easy:COURT",
           search="game.ai.court_search:CourtSearch", why="game.ai.why_court", greedy="game.ai.court:GreedyAgent"),
    AISpec("death", normal="game.ai.death:HeuristicAgent", easy="game.ai.easy:DEATH",
           search="game.ai.death_search:DeathSearch", why="game.ai.why_death"),
    AISpec("ktm", normal="game.ai.ktm:HeuristicAgent", easy="game.ai.easy:KTM",
           search="game.ai.ktm_search:KTMSearch", why="game.ai.why_ktm"),
    AISpec("bossquest", normal="game.ai.bossquest:HeuristicAgent", easy="game.ai.easy:BOSSQUEST",
           search="game.ai.bossquest_search:BossQuestSearch", why="game.ai.why_bossquest"),
)}


def spec(game: str) -> AISpec:
    """``game``'s AI entry; KeyError (one sentence) for a game without one."""
    try:
        return GAMES[game]
    except KeyError:
        raise KeyError(f"no AI for {quoted(game)}; games with an AI: {', '.join(GAMES)}") from None


def canonical_level(level: str) -> str:
    """``level`` under today's name (``heuristic`` -> ``normal``, ``search`` -> ``hard``)."""
    return ALIASES.get(level, level)


def is_level(level: str) -> bool:
    """Whether ``level`` names an AI level (today's names or an old one)."""
    return canonical_level(level) in LEVELS


def search_plugin(game: str, base_level: str = "heuristic") -> Callable[[Any], Any] | None:
    """The plug-in class (``(rules, **knobs) -> SearchPlugin``) of ``game``'s search over
    ``base_level``, or None (the search then uses the generic plug-in)."""
    s = GAMES.get(game)
    if s is None or base_level != "heuristic":
        return None
    return resolve(s.search)


def make_agent(game: str, level: str = "normal") -> Agent:
    """A fresh agent of ``level`` (today's name or an old one) for ``game``."""
    level = canonical_level(level)
    if level == "random":
        return RandomAgent()
    s = GAMES.get(game)
    if level == "easy":
        from .easy import EasyAgent

        if s is None:
            raise KeyError(f"no easy AI for {quoted(game)}")
        return EasyAgent(game, resolve(s.easy))
    if level == "normal":
        if s is None:
            raise KeyError(f"no heuristic AI for {quoted(game)}")
        return resolve(s.normal)()
    if level == "hard":
        if s is None:
            raise KeyError(f"no search AI for {quoted(game)} (it needs a heuristic base agent)")
        from .search import SearchAgent

        return SearchAgent(game, base_level="heuristic")
    if level == "greedy":
        if s is None or not s.greedy:
            raise KeyError(f"no greedy AI for {quoted(game)}")
        return resolve(s.greedy)()
    raise KeyError(f"unknown AI level {quoted(level)}; levels: {', '.join(LEVELS)}")


def levels_for(game: str) -> tuple[str, ...]:
    """The AI levels ``game`` has (``random`` always; the others once the game has them)."""
    out = []
    for level in LEVELS:
        try:
            make_agent(game, level)
        except KeyError:
            continue
        out.append(level)
    return tuple(out)


__all__ = ["ALIASES", "AISpec", "Agent", "GAMES", "LADDER", "LEVELS", "RandomAgent", "canonical_level", "is_level",
           "levels_for", "make_agent", "search_plugin", "spec"]
