"""The table kit: one scene and its parts, serving every game's table.

A game's table (``game/app/games/<id>.py``) subclasses :class:`TableScene`
and maps its zones, events and drops; see ``docs/ARCHITECTURE.md``.  Nothing
in this package names a game.
"""
from .drops import Drag, DropZone
from .effects import Choice, Reveal, ScoreSheet
from .scene import TableScene
from .steps import Step, StepQueue, TableLog

__all__ = ["Choice", "Drag", "DropZone", "Reveal", "ScoreSheet", "Step", "StepQueue", "TableLog", "TableScene"]
