"""The games.  Importing this package registers every game in ``game.core.registry``.

This is the explicit list of games (no folder scanning): to add a game, write
``game/rules/<id>.py`` exposing ``RULES`` and add it to ``GAMES`` below.
"""
from __future__ import annotations

from game.core import registry

from . import bossquest, court, death, ktm, masterbluff

GAMES = (masterbluff.RULES, court.RULES, death.RULES, ktm.RULES, bossquest.RULES)

for _rules in GAMES:
    registry.register(_rules)
del _rules

__all__ = ["GAMES"]
