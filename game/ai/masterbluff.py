"""MasterBluff heuristic agent (placeholder until the real one lands)."""
from __future__ import annotations

from .base import RandomAgent


class HeuristicAgent(RandomAgent):
    name = "heuristic"
