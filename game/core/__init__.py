"""Engine core: cards, seeded RNG, actions, the Rules protocol, the registry.  No pygame."""
from .actions import (Action, BadConfig, Event, GameError, IllegalAction, MalformedAction,
                      NotYourTurn, events_for)
from .rules import FrozenMap, GameConfig, Outcome, Rules, Window, WindowResult, freeze_json, is_call, thaw_json
from .spaces import ActionSpace, ListSpace
from .rng import Rng

__all__ = ["Action", "ActionSpace", "BadConfig", "Event", "GameConfig", "GameError", "IllegalAction",
           "ListSpace", "MalformedAction", "NotYourTurn", "Outcome", "Rng", "Rules",
           "Window", "WindowResult", "FrozenMap", "freeze_json", "thaw_json", "is_call", "events_for"]
