"""Agent protocol and the uniform-random agent.

An agent sees only ``(observation, legal actions, rng)``: never the state.
"""
from __future__ import annotations

from typing import Any, Protocol

from game.core.actions import Action
from game.core.rng import Rng
from game.core.spaces import ActionSpace


class Agent(Protocol):
    name: str

    def act(self, obs: Any, legal: ActionSpace, rng: Rng) -> Action: ...


class RandomAgent:
    """Uniform over the legal action space."""

    name = "random"

    def act(self, obs: Any, legal: ActionSpace, rng: Rng) -> Action:
        return legal.sample(rng)
