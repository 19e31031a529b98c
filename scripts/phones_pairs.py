"""The phones' at-once row of issue 28, side by side: a 20-seat Death game to its end with 20
simulated phones answering at once, then the same table played by its AI, alternately
(``PAIRS`` pairs, default 3), each run's summary printed as one JSON line with the load average
at its start.  Run on a quiet machine: docs/PERFORMANCE.md.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python scripts/phones_pairs.py [PAIRS]
"""
from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app.headless import phones_benchmark  # noqa: E402


def main(pairs: int = 3) -> None:
    for phones in [True, False] * pairs:
        load, start = os.getloadavg()[0], time.time()
        r = {k: v for k, v in phones_benchmark(20, phones=phones, speed="off").items() if not isinstance(v, list)}
        r.update(phones=phones, load=round(load, 2), utc=time.strftime("%H:%M:%S", time.gmtime(start)))
        print(json.dumps(r), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
