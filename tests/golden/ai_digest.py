"""A digest of every AI decision in seeded games, at today's budgets (issue 26's gate: the
AI's decisions are unchanged by a change of shape).  Each game is played once, seeded, with
the Hard, Normal and Easy levels at the table (rotated so each level sits in each place once
over the games of a table); every decision's seat, level and chosen action go into one hash.

To write the stored digests again after an intended change of play:
``python tests/golden/ai_digest.py --write``."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
STORE = HERE / "ai_digest.json"

#: (game, players, seed, decisions cap): three players where the game allows it
TABLES = (("masterbluff", 3, 11, 120), ("court", 2, 12, 120), ("death", 3, 13, 120),
          ("ktm", 3, 14, 60), ("bossquest", 3, 15, 120))
LEVELS = ("hard", "normal", "easy")


def digest(game: str, players: int, seed: int, cap: int) -> dict:
    from game.ai import make_agent
    from game.core.rng import Rng, seat_seed
    from game.match import Match, SeatSpec

    levels = [LEVELS[i % len(LEVELS)] for i in range(players)]
    match = Match(game, [SeatSpec(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(levels)], None, seed=seed)
    agents = [make_agent(game, lv) for lv in levels]
    rngs = [Rng(seat_seed(seed, s)) for s in range(players)]
    h = hashlib.sha256()
    n = 0
    while match.outcome() is None and n < cap:
        seat = match.to_act()[0]
        action = agents[seat].act(match.observe(seat), match.legal(seat), rngs[seat])
        h.update(json.dumps([seat, levels[seat], action.to_json()], sort_keys=True).encode())
        match.submit(action)
        n += 1
    return {"game": game, "players": players, "seed": seed, "decisions": n, "digest": h.hexdigest()}


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))
    got = [digest(*t) for t in TABLES]
    if "--write" in sys.argv:
        STORE.write_text(json.dumps(got, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(got, indent=1))


if __name__ == "__main__":
    main()
