"""Runs AI decisions off the UI thread."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.core.actions import Action
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from .base import Agent


class AIWorker:
    """One background thread; ``request`` returns a Future of the chosen action."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="crowntable-ai")

    def request(self, agent: Agent, obs: Any, legal: ActionSpace, rng: Rng) -> "Future[Action]":
        return self._pool.submit(agent.act, obs, legal, rng)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
