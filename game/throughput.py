"""Engine throughput: random play straight on the rules, in decisions per second.

One decision is what a search rollout or an RL environment step does: the seat to act
(``to_act``), its observation (``observe``), its legal actions (``legal_actions``), one
sampled action (``sample``) and the new state (``apply``). Each game is played from new
seeds again and again for ``seconds`` per round; a round's figure is its decisions per
second, and the median of ``rounds`` rounds is reported.

``scripts/rlcard_uno.sh`` runs RLCard's ``uno`` the same way (its own environment's
``step`` returns the next player's state and legal actions), so the two can be compared
side by side: ``crowntable bench --only throughput`` runs both when ``--with-rlcard`` is
available and prints the ratio per game.
"""
from __future__ import annotations

import statistics
import time

#: each game's default player count (the issue's table, and bench.py's TABLES)
DEFAULTS = {"masterbluff": 4, "court": 2, "death": 6, "ktm": 6, "bossquest": 5}


def tables() -> list[tuple[str, int]]:
    """Each game at its default player count and at its largest (once when they agree)."""
    import game.rules  # noqa: F401  (registers every game)
    from game.core import registry

    out: list[tuple[str, int]] = []
    for gid, n in DEFAULTS.items():
        for p in (n, registry.get(gid).max_players):
            if (gid, p) not in out:
                out.append((gid, p))
    return out


def play_for(game_id: str, players: int, seconds: float, seed0: int = 0) -> tuple[int, float, int]:
    """Random play for about ``seconds``: (decisions, elapsed seconds, games finished)."""
    import game.rules  # noqa: F401
    from game.core import registry
    from game.core.rng import Rng
    from game.core.rules import GameConfig

    rules = registry.get(game_id)
    config = GameConfig(players, dict(rules.default_options))
    rng = Rng(seed0)
    decisions = games = 0
    seed = seed0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        state = rules.new_game(config, seed=seed)
        seed += 1
        while rules.outcome(state) is None:
            seat = rules.to_act(state)[0]
            rules.observe(state, seat)
            action = rules.legal_actions(state, seat).sample(rng)
            state, _events = rules.apply(state, action)
            decisions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return decisions, time.perf_counter() - t0, games


def measure(game_id: str, players: int, seconds: float = 3.0, rounds: int = 3) -> dict:
    rates = []
    games = 0
    for r in range(rounds):
        n, dt, g = play_for(game_id, players, seconds, seed0=1000 * r)
        rates.append(n / dt)
        games += g
    return {"game": game_id, "players": players, "decisions_per_s": round(statistics.median(rates)),
            "min": round(min(rates)), "max": round(max(rates)), "games": games}


def side_by_side(seconds: float = 3.0, rounds: int = 3, rlcard: bool = True) -> dict:
    """Every table and RLCard's ``uno`` in turn, round by round (so a drift in the machine's
    speed touches both), medians per table and the ratio to ``uno``. RLCard runs from a
    throwaway virtual environment made by ``scripts/rlcard_uno.sh --setup`` (a source
    checkout with a package registry in reach); without it the ratios are left out."""
    import json
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "scripts"
    venv = None
    uno: list[float] = []
    note = None
    if rlcard and (script / "rlcard_uno.sh").is_file():
        venv = tempfile.mkdtemp(prefix="rlcard-")
        r = subprocess.run([str(script / "rlcard_uno.sh"), "--setup", venv], capture_output=True, text=True)
        if r.returncode != 0:
            note = "RLCard could not be installed: " + (r.stderr.strip().splitlines() or ["?"])[-1]
            shutil.rmtree(venv, ignore_errors=True)
            venv = None
    elif rlcard:
        note = "scripts/rlcard_uno.sh is not here (run from a source checkout)"
    rows = tables()
    rates: dict[tuple[str, int], list[float]] = {t: [] for t in rows}
    try:
        for rnd in range(rounds):
            if venv:
                out = subprocess.run([str(Path(venv) / "bin" / "python"), str(script / "rlcard_uno.py"),
                                      str(seconds), "1", str(rnd)], capture_output=True, text=True, check=True)
                uno.append(json.loads(out.stdout.strip().splitlines()[-1])["decisions_per_s"])
            for t in rows:
                n, dt, _g = play_for(t[0], t[1], seconds, seed0=1000 * rnd)
                rates[t].append(n / dt)
    finally:
        if venv:
            shutil.rmtree(venv, ignore_errors=True)
    uno_median = statistics.median(uno) if uno else None
    table = []
    for (gid, players), rs in rates.items():
        med = statistics.median(rs)
        row = {"game": gid, "players": players, "decisions_per_s": round(med),
               "min": round(min(rs)), "max": round(max(rs))}
        if uno_median:
            row["vs_uno"] = round(med / uno_median, 2)
        table.append(row)
    out = {"bench": "throughput", "seconds": seconds, "rounds": rounds, "python": sys.version.split()[0],
           "rlcard_uno": ({"decisions_per_s": round(uno_median), "min": round(min(uno)), "max": round(max(uno))}
                          if uno_median else None),
           "games": table}
    if note:
        out["note"] = note
    return out
