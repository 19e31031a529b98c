"""The games.  Importing this package declares every game in ``game.core.registry``.

This is the explicit list of games (no folder scanning): to add a game, write
``game/rules/<id>.py`` exposing ``RULES`` and add it to ``GAMES`` below, with its
title (marked for translation: the menu and the rules screen show it) and player
counts (a test checks they match the rules' own).  Importing this
package loads no game's rules: the registry imports ``game.rules.<id>`` on first
``registry.get(id)``, so the menu starts without them.
"""
from __future__ import annotations

from game.core import registry
from game.core.i18n import N_
from game.core.registry import GameInfo

GAMES = tuple(registry.declare(GameInfo(gid, title, lo, hi, f"{__name__}.{gid}")) for gid, title, lo, hi in (
    ("masterbluff", N_("MasterBluff"), 3, 5),
    ("court", N_("Fireball Court"), 2, 2),
    ("death", N_("Death over the Kingdom"), 2, 20),
    ("ktm", N_("King Thief Minister"), 3, 6),
    ("bossquest", N_("Boss Quest"), 2, 5),
))

__all__ = ["GAMES"]
