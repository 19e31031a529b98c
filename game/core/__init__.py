"""Engine core: cards, seeded RNG, actions, the Rules protocol, the registry.  No pygame."""
from .actions import (Action, BadConfig, Event, GameError, IllegalAction, MalformedAction,
                      NotYourTurn, events_for)
from .rules import GameConfig, Outcome, Rules, Window
from .spaces import ActionSpace, ListSpace
from .rng import Rng

__all__ = ["Action", "ActionSpace", "BadConfig", "Event", "GameConfig", "GameError", "IllegalAction",
           "ListSpace", "MalformedAction", "NotYourTurn", "Outcome", "Rng", "Rules",
           "Window", "events_for"]
