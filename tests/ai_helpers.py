"""Shared helpers of the agent tests."""
from __future__ import annotations

from game.ai import make_agent
from game.core import registry
from game.core.rng import Rng
from game.core.rules import GameConfig


def states_of_play(game: str, seed: int, players: int, options=None, levels=("heuristic", "random"),
                   every: int = 1, limit: int = 400):
    """(state, seat) met in a seeded game of ``game`` (one in ``every``); seats take the
    ``levels`` in turn."""
    rules = registry.get(game)
    st = rules.new_game(GameConfig(players, options or {}), seed=seed)
    agents = [make_agent(game, levels[s % len(levels)]) for s in range(players)]
    rng, k = Rng(seed), 0
    while rules.outcome(st) is None and k < limit:
        seat = rules.to_act(st)[0]
        if k % every == 0:
            yield st, seat
        st, _ = rules.apply(st, agents[seat].act(rules.observe(st, seat), rules.legal_actions(st, seat), rng))
        k += 1
