"""The table kit: one scene and its parts, serving every game's table.

A game's table (``game/app/games/<id>.py``) is a :class:`GameTable` (its
settings, hooks and event handlers) that the :class:`TableScene` holds and
builds with one :class:`TableKit`, its handle on the kit; it maps its zones,
events and drops; see ``docs/ARCHITECTURE.md``.  Nothing in this package names
a game.
"""
from .drops import Drag, DropZone
from .effects import Choice, Reveal, ScoreSheet
from .game_table import GameTable, TableKit
from .scene import TableScene
from .steps import Step, StepQueue, TableLog

__all__ = ["Choice", "Drag", "DropZone", "GameTable", "Reveal", "ScoreSheet", "Step", "StepQueue", "TableKit", "TableLog",
           "TableScene"]
