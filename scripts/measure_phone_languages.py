# usage: python scripts/measure_phone_languages.py [ACTIONS] [ROUNDS]   (docs/PHONES.md, "Language")
#        CROWNTABLE_SOURCE=/path/to/other/checkout ... times that checkout's game/ instead
"""What phones in several languages cost the table: PhoneHost.pump's time at a 20-seat Death
table with 20 phones, every phone in the table's language (1) or in three (de, it and the
table's en, seat by seat), the same seeded moves in both.  The phones are a stand-in for the
server (no network: only the host's own work on the app's thread is timed: folding events,
building each seat's view inside ``i18n.speaking``, its JSON).  The two runs alternate,
ROUNDS times each, so a machine loaded by others loads both alike; the time is the app
thread's CPU time (``time.thread_time``: another process's load does not count, its
contention for the caches still does).  Prints one JSON line per setting (the first pump, the
total of the pumps after each move, a pump's mean and p95, in ms: medians over the rounds,
and the least total) and the ratio of the totals' medians and of their least."""
from __future__ import annotations

import json
import os
import queue
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("CROWNTABLE_SOURCE") or str(Path(__file__).resolve().parents[1]))

from game.core import i18n  # noqa: E402
from game.match import Match, SeatSpec  # noqa: E402
from game.phones.host import PhoneHost  # noqa: E402

PLAYERS, SEED = 20, 5


class Phones:
    """The server's side as the host sees it: 20 held seats, each view serialised as the
    server would (json.dumps), none sent."""

    def __init__(self, accepts):
        self.phone_seats = frozenset(range(PLAYERS))
        self.language = "en"
        self.inbox: queue.Queue = queue.Queue()
        self.bytes = 0
        for s, accept in enumerate(accepts):
            self.inbox.put(("joined", s, {"accept": accept}))

    def held(self):
        return self.phone_seats

    def push(self, seat, message):
        self.bytes += len(json.dumps(message, separators=(",", ":"), ensure_ascii=False))


def run(accepts, actions: int) -> dict:
    m = Match("death", [SeatSpec(f"P{i + 1}", "human") for i in range(PLAYERS)], seed=SEED)
    phones = Phones(accepts)
    host = PhoneHost(m, phones)
    rng = random.Random(SEED)
    times = []
    t0 = time.thread_time()
    host.pump()                                        # every phone's first, whole view
    first = time.thread_time() - t0
    for _ in range(actions):
        if m.outcome() is not None:
            break
        seat = m.to_act()[0]
        m.submit(rng.choice(list(m.legal(seat))))
        t0 = time.thread_time()
        host.pump()
        times.append(time.thread_time() - t0)
    times.sort()
    return {"first_ms": first * 1000, "total_ms": sum(times) * 1000, "mean_ms": statistics.mean(times) * 1000,
            "p95_ms": times[int(0.95 * len(times)) - 1] * 1000, "pumps": len(times), "kB": phones.bytes // 1000,
            "langs": sorted({host.language(s) for s in range(PLAYERS)}) if hasattr(host, "language") else ["en"]}


def main() -> None:
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    i18n.set_language("en")
    settings = {"1 language": [None] * PLAYERS,
                "3 languages": [("de", "it", None)[s % 3] for s in range(PLAYERS)]}
    got: dict[str, list[dict]] = {k: [] for k in settings}
    run(settings["1 language"], 20)                    # warm the caches and the catalogues
    for _ in range(rounds):
        for name, accepts in settings.items():
            got[name].append(run(accepts, actions))
    for name, runs in got.items():
        med = {k: round(statistics.median(r[k] for r in runs), 3) for k in ("first_ms", "total_ms", "mean_ms", "p95_ms")}
        print(json.dumps({"setting": name, "langs": runs[0]["langs"], "pumps": runs[0]["pumps"],
                          "kB": runs[0]["kB"], **med, "least_total_ms": round(min(r["total_ms"] for r in runs), 1),
                          "totals_ms": [round(r["total_ms"], 1) for r in runs]}))
    a, b = (statistics.median(r["total_ms"] for r in got[k]) for k in settings)
    la, lb = (min(r["total_ms"] for r in got[k]) for k in settings)
    print(json.dumps({"ratio_3_to_1_median": round(b / a, 3), "ratio_3_to_1_least": round(lb / la, 3)}))


if __name__ == "__main__":
    main()
