"""RLCard's ``uno`` under random play, measured like ``game/throughput.py``.

Run by ``scripts/rlcard_uno.sh`` inside a throwaway virtual environment that has RLCard.
One decision: the environment's ``step`` (which applies the action and builds the next
player's state: its observation and legal actions) plus one uniformly sampled legal
action, as our loop's ``apply`` + ``to_act`` + ``observe`` + ``legal_actions`` + ``sample``.
Prints one JSON line: decisions per second, the median of the rounds.
"""
import json
import random
import statistics
import sys
import time

import rlcard


def play_for(seconds: float, seed: int) -> tuple[int, float]:
    env = rlcard.make("uno", config={"seed": seed})
    rng = random.Random(seed)
    decisions = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        state, _player = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"].keys()))
            state, _player = env.step(action)
            decisions += 1
        if time.perf_counter() >= deadline:
            break
    return decisions, time.perf_counter() - t0


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    rates = []
    for r in range(rounds):
        n, dt = play_for(seconds, 1000 * (seed + r))
        rates.append(n / dt)
    print(json.dumps({"game": "rlcard-uno", "players": 2, "decisions_per_s": round(statistics.median(rates)),
                      "min": round(min(rates)), "max": round(max(rates)), "rlcard": rlcard.__version__}))


if __name__ == "__main__":
    main()
