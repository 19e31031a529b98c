"""Headless AI-only games: used by ``crowntable simulate``, tests and benchmarks."""
from __future__ import annotations

from typing import Iterator, Sequence

from game.core.rng import Rng
from game.match import Match, SeatSpec
from . import make_agent


def play_game(game: str, levels: Sequence[str], seed: int, options: dict | None = None,
              max_actions: int = 100_000) -> Match:
    """Play one game to the end with the given AI level per seat."""
    seats = [SeatSpec(f"AI {i + 1}", "ai", lvl) for i, lvl in enumerate(levels)]
    match = Match(game, seats, options, seed=seed)
    agents = [make_agent(game, lvl) for lvl in levels]
    master = Rng(seed)
    rngs = [master.spawn() for _ in levels]
    while match.outcome() is None:
        if len(match.log) >= max_actions:
            raise RuntimeError(f"game {game} seed {seed} did not end after {max_actions} actions")
        seat = match.to_act()[0]
        action = agents[seat].act(match.observe(seat), match.legal(seat), rngs[seat])
        match.submit(action)
    return match


def simulate(game: str, levels: Sequence[str], games: int, seed: int,
             options: dict | None = None, rotate: bool = True) -> Iterator[dict]:
    """Yield one result per game.  With ``rotate`` the seat list turns by one each
    game so that no level keeps the seat advantage."""
    master = Rng(seed)
    n = len(levels)
    for g in range(games):
        game_seed = master.randbelow(1 << 31)
        k = g % n if rotate else 0
        lv = list(levels[k:]) + list(levels[:k])
        m = play_game(game, lv, game_seed, options)
        out = m.outcome()
        assert out is not None
        yield {"index": g, "seed": game_seed, "seats": lv, "winners": list(out.winners),
               "winner_levels": [lv[w] for w in out.winners], "ranks": list(out.ranks),
               **({"scores": list(out.scores)} if out.scores is not None else {}),
               "actions": len(m.log)}


def summarize(results: Sequence[dict], levels: Sequence[str]) -> dict:
    games = len(results)
    wins: dict[str, float] = {}
    seats_of: dict[str, int] = {}
    for lv in levels:
        seats_of[lv] = seats_of.get(lv, 0) + 1
        wins.setdefault(lv, 0.0)
    for r in results:
        share = 1.0 / len(r["winners"])
        for lv in r["winner_levels"]:
            wins[lv] += share
    rate = {lv: round(wins[lv] / games, 4) if games else 0.0 for lv in wins}
    per_seat = {lv: round(wins[lv] / games / seats_of[lv], 4) if games else 0.0 for lv in wins}
    return {"summary": True, "games": games, "levels": list(levels), "wins": wins,
            "win_rate": rate, "win_rate_per_seat": per_seat,
            "fair_share_per_seat": round(1 / len(levels), 4),
            "mean_actions": round(sum(r["actions"] for r in results) / games, 1) if games else 0}
