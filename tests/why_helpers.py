"""Shared helpers of the "why?" line tests: moves of seeded AI games, and the privacy check."""
from __future__ import annotations

from game.ai import make_agent
from game.core import registry
from game.core.rng import Rng
from game.core.rules import GameConfig


def moves_of_play(game: str, seed: int, players: int, levels=("normal",), limit: int = 300, options=None,
                  any_order: bool = False):
    """(state before, seat, action, state after) of each move of a seeded AI game.  With
    ``any_order`` the seats that may answer a window at the same time answer in a random order
    (as at a table, where a later seat may answer first), else in the window's order."""
    rules = registry.get(game)
    st = rules.new_game(GameConfig(players, options or {}), seed=seed)
    agents = [make_agent(game, levels[s % len(levels)]) for s in range(players)]
    rng, k = Rng(seed), 0
    while rules.outcome(st) is None and k < limit:
        ready = rules.to_act(st)
        seat = ready[rng.randbelow(len(ready))] if any_order else ready[0]
        action = agents[seat].act(rules.observe(st, seat), rules.legal_actions(st, seat), rng)
        after, _events = rules.apply(st, action)
        yield st, seat, action, after
        st = after
        k += 1


def viewers(state) -> list:
    """Every seat of the game, and the spectator (None)."""
    n = state.players if hasattr(state, "players") else len(state.hands)
    return list(range(n)) + [None]


def lines_by_viewer(game: str, fn, before, seat: int, after) -> dict:
    """The line ``fn`` gives for ``seat``'s move as each seat (and the spectator, None) sees it."""
    rules = registry.get(game)
    return {v: fn(seat, rules.observe(before, v), rules.observe(after, v)) for v in viewers(before)}


def privacy_problems(game: str, fn, moves, seed: int = 0, worlds: int = 2) -> list:
    """Every move of ``moves`` where ``fn``'s line depends on more than the public record.

    * **viewers:** each seat and the spectator must read the same line;
    * **worlds:** from each seat's observation before the move, ``rules.determinize`` deals
      the cards that seat cannot see again; where the same move is legal there and its public
      outcome is the same (the spectator's observations before and after are equal), every
      viewer's line in that world must be the line of the real game.

    [] when there is none."""
    rules = registry.get(game)
    out = []
    rng = Rng(seed)
    for before, seat, action, after in moves:
        lines = lines_by_viewer(game, fn, before, seat, after)
        if len(set(lines.values())) > 1:
            out.append(("viewers", seat, action, lines))
            continue
        line = lines[seat]
        for world, w_after in same_public_worlds(rules, before, seat, action, after, rng, worlds):
            got = lines_by_viewer(game, fn, world, seat, w_after)
            if any(g != line for g in got.values()):
                out.append(("world", seat, action, (line, got)))
    return out


def same_public_worlds(rules, before, seat: int, action, after, rng: Rng, worlds: int):
    """(world, world after the move) for ``worlds`` re-deals of each seat's view of ``before``
    where ``action`` is legal and has the same public outcome as in the real game (the
    spectator's observations before and after are equal); another public outcome may
    rightly give another line, so those worlds are skipped."""
    public = (rules.observe(before, None), rules.observe(after, None))
    for v in viewers(before)[:-1]:
        for _k in range(worlds):
            world = rules.determinize(rules.observe(before, v), rng)
            if action not in rules.legal_actions(world, seat):
                continue
            w_after, _ev = rules.apply(world, action)
            if (rules.observe(world, None), rules.observe(w_after, None)) == public:
                yield world, w_after


def compared_worlds(game: str, moves, seed: int = 0, worlds: int = 2) -> int:
    """How many re-dealt worlds ``privacy_problems`` compares over ``moves`` (so that a test
    can check that the world part is not empty)."""
    rules = registry.get(game)
    n = 0
    rng = Rng(seed)
    for before, seat, action, after in moves:
        n += sum(1 for _w in same_public_worlds(rules, before, seat, action, after, rng, worlds))
    return n
