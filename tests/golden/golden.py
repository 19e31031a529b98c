"""Golden records: seeded games of all five games, stored with what every seat saw.

The engine may get faster (issue 16: incremental observations, a cheap state step) but
must not change what happens. Each stored record is a seeded game: its actions, its
outcome, and one digest of everything a seat reads at every step: the spectator's and each
seat's observation, the events each of them receives, and the seat to act's legal actions.
``tests/test_golden.py`` replays them and compares; ``python tests/golden/golden.py``
writes them again (only when a change of behaviour is intended, and said so).

The AI levels are covered the same way: the lines ``crowntable simulate`` prints for the
random and heuristic levels are stored too.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: (game, players, seeds) played at random; each game at its default and its largest count
RANDOM_GAMES = (("masterbluff", 4, (1,)), ("masterbluff", 5, (3,)), ("court", 2, (1, 2, 3)),
                ("death", 6, (1, 2)), ("death", 20, (3,)), ("ktm", 6, (1,)), ("ktm", 3, (3,)),
                ("bossquest", 5, (1, 2)), ("bossquest", 2, (3,)))
#: (game, players, level, games, seed) for the simulate lines
SIMULATE = tuple((g, n, level, 3, 11) for g, n in (("masterbluff", 4), ("court", 2), ("death", 6),
                                                    ("ktm", 6), ("bossquest", 5))
                 for level in ("random", "heuristic"))


def _canon(value) -> str:
    """One canonical JSON text of a frozen value: dataclasses by their fields, mappings
    (FrozenMap too) with sorted keys, tuples as lists, sets sorted."""
    def fix(v):
        if v is None or isinstance(v, (bool, int, float, str)):
            return v
        if hasattr(v, "__dataclass_fields__"):
            return {k: fix(getattr(v, k)) for k in v.__dataclass_fields__}
        if isinstance(v, (list, tuple)):
            return [fix(x) for x in v]
        if isinstance(v, (set, frozenset)):
            return sorted((fix(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True))
        if hasattr(v, "items"):                                   # dicts, FrozenMap
            return {str(k): fix(x) for k, x in v.items()}
        raise TypeError(f"no canonical form for {type(v).__name__}")
    return json.dumps(fix(value), sort_keys=True, separators=(",", ":"))


def _event(e) -> dict:
    return {"kind": e.kind, "data": e.data, "to": e.to, "reveals": e.reveals}


def play_random(game_id: str, players: int, seed: int) -> dict:
    """One game at random (the choices from ``Rng(seed)``), with its digest."""
    import game.rules  # noqa: F401
    from game.core import registry
    from game.core.actions import events_for
    from game.core.rng import Rng
    from game.core.rules import GameConfig

    rules = registry.get(game_id)
    state = rules.new_game(GameConfig(players, dict(rules.default_options)), seed=seed)
    rng = Rng(seed)
    h = hashlib.sha256()
    actions = []

    def look(events, actor) -> None:
        # every seat's view at up to 6 players; at a bigger table the actor's view (every seat
        # acts, so each seat's view is checked again and again) and the spectator's each round
        viewers = [None, *range(players)] if players <= 6 else [actor] + ([None] if actor == 0 else [])
        for v in viewers:
            h.update(_canon(rules.observe(state, v)).encode())
        for v in [None, *range(players)]:
            h.update(_canon([_event(e) for e in events_for(events, v)]).encode())

    look((), 0)
    while rules.outcome(state) is None:
        seats = rules.to_act(state)
        seat = seats[rng.randbelow(len(seats))]
        legal = rules.legal_actions(state, seat)
        h.update(_canon({"to_act": list(seats), "legal": len(legal)}).encode())
        if len(legal) <= 64:
            h.update(_canon(sorted(json.dumps(a.to_json(), sort_keys=True) for a in legal)).encode())
        action = legal.sample(rng)
        actions.append(action.to_json())
        state, events = rules.apply(state, action)
        look(events, seat)
    return {"game": game_id, "players": players, "seed": seed, "actions": actions,
            "outcome": rules.outcome(state).to_json(), "digest": h.hexdigest()}


def simulate_lines(game: str, players: int, level: str, games: int, seed: int) -> list[dict]:
    from game.ai.simulate import simulate

    return list(simulate(game, [level] * players, games, seed))


def build() -> dict:
    return {"random": [play_random(g, n, s) for g, n, seeds in RANDOM_GAMES for s in seeds],
            "simulate": [{"game": g, "players": n, "level": lv, "games": k, "seed": s,
                          "lines": simulate_lines(g, n, lv, k, s)} for g, n, lv, k, s in SIMULATE]}


if __name__ == "__main__":
    out = HERE / "records.json"
    out.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print("written", out)
