"""AI opponents.  Explicit registry of levels per game."""
from __future__ import annotations

from typing import Any, Callable

import game.rules  # noqa: F401  (registers every game)

from game.core.levels import ALIASES, LADDER
from game.core.quote import quoted
from .base import Agent, RandomAgent

#: the AI levels.  The ladder a player chooses from is ``LADDER`` (Easy, Normal, Hard);
#: ``random`` and ``greedy`` are measuring sticks for ``simulate`` and the tests.
LEVELS = ("random", "easy", "normal", "hard", "greedy")
#: ``LADDER`` and ``ALIASES`` (the old level names -> today's) live in ``game.core.levels``


def canonical_level(level: str) -> str:
    """``level`` under today's name (``heuristic`` -> ``normal``, ``search`` -> ``hard``)."""
    return ALIASES.get(level, level)


def is_level(level: str) -> bool:
    """Whether ``level`` names an AI level (today's names or an old one)."""
    return canonical_level(level) in LEVELS


def _heuristics() -> dict[str, Callable[[], Agent]]:
    from . import bossquest, court, death, ktm, masterbluff

    return {"masterbluff": masterbluff.HeuristicAgent, "court": court.HeuristicAgent,
            "death": death.HeuristicAgent, "bossquest": bossquest.HeuristicAgent,
            "ktm": ktm.HeuristicAgent}


def _greedy() -> dict[str, Callable[[], Agent]]:
    """Simple measuring sticks (level "greedy"), for the games that have one."""
    from . import court

    return {"court": court.GreedyAgent}


def _search_plugins() -> dict[tuple[str, str], Callable[[Any], Any]]:
    """The search plug-in of each (game, base level): explicit, like the heuristics."""
    from . import bossquest_search, court_search, death_search, ktm_search, masterbluff_search

    return {("masterbluff", "heuristic"): masterbluff_search.MasterBluffSearch,
            ("court", "heuristic"): court_search.CourtSearch,
            ("death", "heuristic"): death_search.DeathSearch,
            ("bossquest", "heuristic"): bossquest_search.BossQuestSearch,
            ("ktm", "heuristic"): ktm_search.KTMSearch}


def search_plugin(game: str, base_level: str = "heuristic") -> Callable[[Any], Any] | None:
    """The plug-in class (``(rules, **knobs) -> SearchPlugin``) of ``game``'s search over
    ``base_level``, or None (the search then uses the generic plug-in)."""
    return _search_plugins().get((game, base_level))


def make_agent(game: str, level: str = "normal") -> Agent:
    """A fresh agent of ``level`` (today's name or an old one) for ``game``."""
    level = canonical_level(level)
    if level == "random":
        return RandomAgent()
    if level == "easy":
        from .easy import EasyAgent

        if game not in _heuristics():
            raise KeyError(f"no easy AI for {quoted(game)}")
        return EasyAgent(game)
    if level == "normal":
        factory = _heuristics().get(game)
        if factory is None:
            raise KeyError(f"no heuristic AI for {quoted(game)}")
        return factory()
    if level == "hard":
        from .search import SearchAgent

        if game not in _heuristics():
            raise KeyError(f"no search AI for {quoted(game)} (it needs a heuristic base agent)")
        return SearchAgent(game, base_level="heuristic")
    if level == "greedy":
        factory = _greedy().get(game)
        if factory is None:
            raise KeyError(f"no greedy AI for {quoted(game)}")
        return factory()
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


__all__ = ["ALIASES", "Agent", "LADDER", "LEVELS", "RandomAgent", "canonical_level", "is_level", "levels_for",
           "make_agent", "search_plugin"]
