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


def check_search_legal_and_deterministic(game: str, make, positions) -> int:
    """At every ``(state, seat)`` of ``positions``: the search agent ``make(check=True)`` picks a
    legal action, and a fresh ``make()`` picks the same with the same rng.  The number of
    decisions."""
    rules = registry.get(game)
    agent = make(check=True)
    n = 0
    for st, seat in positions:
        obs, legal = rules.observe(st, seat), rules.legal_actions(st, seat)
        a = agent.act(obs, legal, Rng(n))
        assert a in legal
        assert make().act(obs, legal, Rng(n)) == a
        n += 1
    return n


def check_search_does_not_peek(game: str, agent, positions, variants) -> int:
    """At every ``(state, seat)`` of ``positions``: ``agent`` decides the same (same rng) in
    each state of ``variants(state, seat)`` (states the seat cannot tell apart from it).
    The number of positions."""
    rules = registry.get(game)
    n = 0
    for st, seat in positions:
        a = agent.act(rules.observe(st, seat), rules.legal_actions(st, seat), Rng(n))
        for v in variants(st, seat):
            assert agent.act(rules.observe(v, seat), rules.legal_actions(v, seat), Rng(n)) == a
        n += 1
    return n
