"""Headless AI-only games: used by ``crowntable simulate``, tests and benchmarks."""
from __future__ import annotations

from typing import Iterator, Sequence

from game.core.rng import GAME_SALT, Rng, derive, seat_seed
from game.match import Match, SeatSpec
from . import make_agent


def play_game(game: str, levels: Sequence[str], seed: int, options: dict | None = None,
              max_actions: int = 100_000) -> Match:
    """Play one game to the end with the given AI level per seat."""
    seats = [SeatSpec(f"AI {i + 1}", "ai", lvl) for i, lvl in enumerate(levels)]
    match = Match(game, seats, options, seed=seed)
    agents = [make_agent(game, lvl) for lvl in levels]
    rngs = [Rng(seat_seed(seed, s)) for s in range(len(levels))]     # nothing in them tells the deal
    while match.outcome() is None:
        if len(match.log) >= max_actions:
            raise RuntimeError(f"game {game} seed {seed} did not end after {max_actions} actions")
        seat = match.to_act()[0]
        action = agents[seat].act(match.observe(seat), match.legal(seat), rngs[seat])
        match.submit(action)
    return match


def _game_seeds(seed: int, games: int) -> Iterator[tuple[int, int]]:
    """(game index, game seed) for ``games`` games of a run seeded ``seed``: game k depends
    only on the run's seed and k (a shorter run is a prefix of a longer one), through a salted
    hash, so nearby run seeds share no games."""
    for g in range(games):
        yield g, derive(seed, g, GAME_SALT, bits=31)


def simulate(game: str, levels: Sequence[str], games: int, seed: int,
             options: dict | None = None, rotate: bool = True) -> Iterator[dict]:
    """Yield one result per game.  With ``rotate`` the seat list turns by one each
    game so that no level keeps the seat advantage."""
    n = len(levels)
    for g, game_seed in _game_seeds(seed, games):
        k = g % n if rotate else 0
        lv = list(levels[k:]) + list(levels[:k])
        m = play_game(game, lv, game_seed, options)
        out = m.outcome()
        assert out is not None
        yield {"index": g, "seed": game_seed, "seats": lv, "winners": list(out.winners),
               "winner_levels": [lv[w] for w in out.winners], "ranks": list(out.ranks),
               **({"scores": list(out.scores)} if out.scores is not None else {}),
               "actions": len(m.log)}


def duplicate(game: str, levels: Sequence[str], base: str, games: int, seed: int,
              options: dict | None = None) -> Iterator[dict]:
    """Duplicate games: game k is played twice with the same seed and the same seats,
    once as given and once with the tested seat (``levels[0]``, rotated to seat
    ``k % players``) played by ``base`` instead; yields the tested seat's result in both.
    The two plays share every deal until the seat's first different decision, so their
    difference measures the level against ``base`` with far less noise than separate games."""
    n = len(levels)
    for g, game_seed in _game_seeds(seed, games):
        k = g % n
        lv = list(levels[n - k:]) + list(levels[:n - k])      # levels[0] sits at seat k
        alt = list(lv)
        alt[k] = base
        row: dict = {"index": g, "seed": game_seed, "seat": k, "seats": lv}
        for tag, seats in (("tested", lv), ("base", alt)):
            out = play_game(game, seats, game_seed, options).outcome()
            assert out is not None
            row[tag] = {"win": (1.0 / len(out.winners)) if k in out.winners else 0.0, "rank": out.ranks[k],
                        **({"score": out.scores[k]} if out.scores is not None else {})}
        yield row


def summarize_duplicate(results: Sequence[dict], level: str, base: str) -> dict:
    """Mean paired differences (tested minus base) with one standard error each."""
    out: dict = {"summary": True, "duplicate": True, "games": len(results), "level": level, "base": base}
    for key in ("win", "rank", "score"):
        diffs = [r["tested"][key] - r["base"][key] for r in results if key in r["tested"]]
        if not diffs:
            continue
        m = sum(diffs) / len(diffs)
        var = sum((d - m) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        out[key] = {"tested": round(sum(r["tested"][key] for r in results) / len(diffs), 4),
                    "base": round(sum(r["base"][key] for r in results) / len(diffs), 4),
                    "diff": round(m, 4), "se": round((var / len(diffs)) ** 0.5, 4)}
    return out


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
