"""Benchmarks: simulation throughput, AI think time, frame time, start-up, peak memory.

``crowntable bench [--only NAME] [--quick]`` prints one JSON object per
benchmark.  Results are recorded in docs/PERFORMANCE.md.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from game.core.quote import quoted


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(p * len(s)))]


#: what each benchmark plays: game -> players; a name ending in _<game> plays that game
TABLES = {"masterbluff": 4, "court": 2, "death": 6, "ktm": 6, "bossquest": 5}


def bench_simulate(quick: bool, game: str = "masterbluff") -> dict:
    from game.ai.simulate import play_game

    players = TABLES[game]
    games = 20 if quick else 100
    t0 = time.perf_counter()
    actions = 0
    for g in range(games):
        actions += len(play_game(game, ["random"] * players, seed=g).log)
    dt = time.perf_counter() - t0
    return {"bench": "simulate", "game": game, "players": players, "ai": "random", "games": games,
            "games_per_s": round(games / dt, 1), "actions_per_s": round(actions / dt)}


def _think_times(game: str, levels_for_game, games: int, timed_level: str) -> tuple[list[float], list]:
    """Play ``games`` games of ``game`` (``levels_for_game(g)`` gives the seat levels)
    and time every decision of the seats playing ``timed_level``, in ms."""
    from game.ai import make_agent
    from game.core.rng import Rng, seat_seed
    from game.match import Match, SeatSpec

    times: list[float] = []
    agents: list = []
    for g in range(games):
        levels = levels_for_game(g)
        m = Match(game, [SeatSpec(f"AI {i}", "ai", lv) for i, lv in enumerate(levels)], seed=g)
        agents = [make_agent(game, lv) for lv in levels]
        rngs = [Rng(seat_seed(g, i)) for i in range(len(levels))]
        while m.outcome() is None and len(m.log) < 5000:
            seat = m.to_act()[0]
            obs, legal = m.observe(seat), m.legal(seat)
            t0 = time.perf_counter()
            a = agents[seat].act(obs, legal, rngs[seat])
            if levels[seat] == timed_level:
                times.append((time.perf_counter() - t0) * 1000)
            m.submit(a)
    return times, agents


def _think_summary(game: str, level: str, ms: list[float]) -> dict:
    return {"bench": "ai_think", "game": game, "level": level, "decisions": len(ms),
            "ms_mean": round(statistics.mean(ms), 3), "ms_p95": round(_pct(ms, 0.95), 3),
            "ms_max": round(max(ms), 3)}


def bench_ai(quick: bool, game: str = "masterbluff") -> dict:
    """Heuristic think time per decision, measured inside heuristic-only games."""
    n = TABLES[game]
    ms, _ = _think_times(game, lambda g: ["heuristic"] * n, 10 if quick else 40, "heuristic")
    return _think_summary(game, "heuristic", ms)


def bench_ai_search(quick: bool, game: str = "masterbluff") -> dict:
    """Search-agent think time per decision: one ``search`` seat (rotating) against
    heuristics, measured inside whole games."""
    n = TABLES[game]

    def levels(g: int) -> list[str]:
        out = ["heuristic"] * n
        out[g % n] = "search"
        return out

    ms, agents = _think_times(game, levels, 3 if quick else 12, "search")
    # the simulated actions of the last searched decision (a big table's own budget), else the agent's
    budget = next((a.last_stats["budget"].steps if "budget" in a.last_stats else a.budget_steps
                   for a in agents if hasattr(a, "budget_steps")), None)
    return {**_think_summary(game, "search", ms), "budget_steps": budget}


#: the player counts the ladder's think time is measured at (issue 17: every count a family plays)
THINK_COUNTS = {"masterbluff": (3, 4, 5), "court": (2,), "death": (3, 4, 6, 10, 20), "ktm": (3, 4, 6),
                "bossquest": (3, 4, 5)}


def bench_think(quick: bool, game: str = "masterbluff", counts: tuple[int, ...] | None = None,
                levels: tuple[str, ...] = ("easy", "normal", "hard")) -> list[dict]:
    """The ladder's think time per decision: for each player count and level, one seat of
    that level (rotating) among Normal seats, over whole games.  Each decision is timed both
    by the wall clock (what the table waits) and by the process's CPU time (what the
    decision costs, whatever else the machine runs); medians and 95th percentiles."""
    from game.ai import levels_for, make_agent
    from game.core.rng import Rng, seat_seed
    from game.match import Match, SeatSpec

    have = levels_for(game)
    out = []
    for n in counts or THINK_COUNTS[game]:
        for level in levels:
            if level not in have:
                continue
            games = (1 if quick else 3) if level == "hard" else (3 if quick else 10)
            wall: list[float] = []
            cpu: list[float] = []
            for g in range(games):
                seats = ["normal"] * n
                seats[g % n] = level
                m = Match(game, [SeatSpec(f"AI {i}", "ai", lv) for i, lv in enumerate(seats)], seed=1000 + g)
                agents = [make_agent(game, lv) for lv in seats]
                rngs = [Rng(seat_seed(1000 + g, i)) for i in range(n)]
                while m.outcome() is None and len(m.log) < 5000:
                    seat = m.to_act()[0]
                    obs, legal = m.observe(seat), m.legal(seat)
                    t0, c0 = time.perf_counter(), time.process_time()
                    a = agents[seat].act(obs, legal, rngs[seat])
                    if seat == g % n:
                        wall.append((time.perf_counter() - t0) * 1000)
                        cpu.append((time.process_time() - c0) * 1000)
                    m.submit(a)
            out.append({"bench": "think", "game": game, "players": n, "level": level, "games": games,
                        "decisions": len(wall),
                        "ms_median": round(statistics.median(wall), 2), "ms_p95": round(_pct(wall, 0.95), 2),
                        "cpu_ms_median": round(statistics.median(cpu), 2),
                        "cpu_ms_p95": round(_pct(cpu, 0.95), 2), "ms_max": round(max(wall), 2)})
    return out


def bench_frame(quick: bool, game: str = "masterbluff") -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.headless import frame_benchmark

    players = 5 if game == "masterbluff" else TABLES[game]
    out = frame_benchmark(frames=120 if quick else 600, players=players, game=game)
    return {"bench": "frame", "game": game, "players": players, "size": "1280x720",
            "driver": os.environ["SDL_VIDEODRIVER"], **out}


def bench_death_reveal(quick: bool) -> dict:
    """Frame time of a 20-seat Death over the Kingdom table during the reveal and the powers."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.headless import reveal_benchmark

    out = reveal_benchmark(frames=120 if quick else 300)
    return {"bench": "frame", "game": "death", "players": 20, "moment": "reveal", "size": "1280x720",
            "driver": os.environ["SDL_VIDEODRIVER"], **out}


def bench_phones(quick: bool) -> list[dict]:
    """Issue 28's load: a 20-seat Death over the Kingdom table with 20 simulated phones
    (``game.phones.loadclient``: Python WebSocket clients on 127.0.0.1, in a process of their own),
    the table headless (SDL dummy) in real time at 60 frames a second, the phones pumped each frame
    (``PhoneSession.pump``), side by side with the same table whose AI plays every seat.  Two rows:
    speed Off with the phones answering at once, played to the end (a move on nearly every frame:
    the most the pump can cost), and speed Fast with each phone thinking a second before its move
    (a person's pace), for 300 moves.  ``ack``: a phone's send to the table's acknowledgement;
    ``view``: to the next view back; ``frame``: the big screen's frame (pump, update, draw)."""
    if getattr(sys, "frozen", False):
        return [{"bench": "phones", "note": "from source only: the simulated phones use websockets' client, "
                                            "which the one-file build leaves out"}]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.headless import phones_benchmark

    players = 6 if quick else 20
    plans = [("off", 0.0, 30 if quick else None), ("fast", 0.2 if quick else 1.0, 8 if quick else 300)]
    rows = []
    for speed, think, moves in plans:
        with_phones = phones_benchmark(players, phones=True, moves=moves, speed=speed, think=think)
        without = phones_benchmark(players, phones=False, moves=moves, speed=speed)
        rows.append({"bench": "phones", "game": "death", "players": players, "speed": speed, "think_s": think,
                     "size": "1280x720", "driver": os.environ["SDL_VIDEODRIVER"],
                     "frame_p95_ms_more": round(with_phones["frame_ms_p95"] - without["frame_ms_p95"], 2),
                     "with_phones": with_phones, "without": without})
    return rows


#: the App quits after its first drawn frame when this is set (game.app.main, not imported here:
#: the benchmark process itself stays light)
EXIT_AFTER_FIRST_FRAME = "CROWNTABLE_EXIT_AFTER_FIRST_FRAME"
#: ``bench --only startup`` also times an older checkout when this names its folder (its source
#: with this interpreter, and its dist/crowntable if built), in the same alternating run
STARTUP_BEFORE = "CROWNTABLE_BENCH_BEFORE"


def _startup_programs(root: Path) -> tuple[dict[str, tuple[list[str], Path]], list[str]]:
    """The programs ``bench_startup`` starts (name -> (argv, cwd)), and notes on any it cannot."""
    exe = "crowntable.exe" if sys.platform == "win32" else "crowntable"
    programs, notes = {}, []
    places = [("", root)]
    if os.environ.get(STARTUP_BEFORE):
        places.append(("before_", Path(os.environ[STARTUP_BEFORE]).resolve()))
    for prefix, place in places:
        programs[prefix + "source"] = ([sys.executable, "-m", "game"], place)
        onefile = place / "dist" / exe
        if onefile.is_file():
            programs[prefix + "onefile"] = ([str(onefile)], place)
        else:
            notes.append(f"{onefile} does not exist (./build_scripts/build.sh builds it): not measured")
    return programs, notes


def _start_once(argv: list[str], cwd: Path, env: dict) -> dict:
    """Start the real program (the menu), which quits after its first drawn and flipped frame
    (``CROWNTABLE_EXIT_AFTER_FIRST_FRAME``); times from the spawn to that frame and to the exit."""
    t0 = time.perf_counter()
    try:
        r = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{' '.join(argv)} did not quit after its first frame (built before "
                           f"{EXIT_AFTER_FIRST_FRAME} existed?)") from None
    t_exit = time.perf_counter()
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.startswith('{"first_frame"')]
    if r.returncode != 0 or not lines:
        raise RuntimeError(f"{' '.join(argv)} exited {r.returncode} without a first frame:\n{r.stderr[-2000:]}")
    first = lines[-1]["first_frame"]
    if first["scene"] != "MenuScene":
        raise RuntimeError(f"{' '.join(argv)}: the first frame showed {first['scene']}, not the menu")
    return {"first_frame": (first["clock"] - t0) * 1000, "exit": (t_exit - t0) * 1000,
            "since_cli": first["since_cli_ms"]}


def bench_startup(quick: bool) -> dict:
    """Start-up to the first drawn frame of the real menu, from a fresh process: ``python -m
    game`` (source) and dist/crowntable (one-file build) side by side, runs alternating (A B A B),
    SDL dummy drivers, an empty user folder.  ``first_frame_ms``: spawn to the first menu frame
    flipped (the App's own clock); ``exit_ms``: spawn to the process's end; ``since_cli_ms``:
    in-process, from the import of ``game.cli`` to that frame."""
    import tempfile

    root = Path(__file__).resolve().parents[1]
    programs, notes = _startup_programs(root)
    home = tempfile.mkdtemp(prefix="crowntable-bench-")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CROWNTABLE_HOME=home, **{EXIT_AFTER_FIRST_FRAME: "1"})
    env.pop("CROWNTABLE_TEST_PROBE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)     # the source keeps its bytecode cache, as an installed one does
    runs = 3 if quick else 9
    times: dict[str, list[dict]] = {name: [] for name in programs}
    for name, (argv, cwd) in programs.items():          # one untimed start each: warm the file cache
        _start_once(argv, cwd, env)
    for _ in range(runs):
        for name, (argv, cwd) in programs.items():
            times[name].append(_start_once(argv, cwd, env))
    out: dict = {"bench": "startup", "scene": "MenuScene", "runs": runs, "order": "alternating " + " ".join(programs)}
    for name in ("source", "onefile", "before_source", "before_onefile"):
        if name not in programs:
            if not name.startswith("before_"):
                out[name] = None
            continue
        res = {}
        for key in ("first_frame", "exit", "since_cli"):
            vals = [t[key] for t in times[name] if t[key] is not None]
            if vals:
                res[f"{key}_ms_median"] = round(statistics.median(vals))
                if key == "first_frame":
                    res["first_frame_ms_min"], res["first_frame_ms_max"] = round(min(vals)), round(max(vals))
        out[name] = res
    if notes:
        out["notes"] = notes
    return out


def bench_throughput(quick: bool) -> dict:
    """Random play on the rules, every game at its default and largest player count, side by
    side with RLCard's ``uno`` (see game/throughput.py): decisions per second and the ratio."""
    from game.throughput import side_by_side

    return side_by_side(1.0 if quick else 3.0)


def _peak_rss_mb(cmd: list[str], rounds: int, timeout: float = 300.0) -> dict:
    """Run ``cmd`` (``crowntable play death`` with 20 AI seats) in a fresh process at 1920x1080
    with SDL's dummy drivers until the probe shows round ``rounds + 1`` (every earlier round
    played, revealed and settled), stop it, and return its peak resident memory (the kernel's
    ru_maxrss of the process and its own children, as /usr/bin/time -v reports it)."""
    import resource
    import signal
    import tempfile

    with tempfile.TemporaryDirectory(prefix="crowntable-mem-") as home:
        probe = Path(home) / "probe.json"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   CROWNTABLE_HOME=home, CROWNTABLE_TEST_PROBE=str(probe), CROWNTABLE_WINDOW_SIZE="1920x1080")
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        state: dict = {}
        revealed = False
        while time.perf_counter() - t0 < timeout and proc.poll() is None:
            time.sleep(0.2)
            try:
                state = json.loads(probe.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            table = state.get("table") or {}
            revealed = revealed or bool(table.get("revealing"))
            if revealed and (table.get("round") or 0) > rounds or table.get("over"):
                break
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        _pid, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = status
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        table = state.get("table") or {}
        if not revealed:
            raise RuntimeError(f"no reveal seen in {timeout:.0f} s: {state}\n{err[-2000:]}")
        kb = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss / 1024
        return {"peak_rss_mb": round(kb / 1024, 1), "size": state.get("size"), "frames": state.get("frames"),
                "rounds_done": (table.get("round") or 1) - 1, "moves": table.get("log_len"),
                "wall_s": round(time.perf_counter() - t0, 1)}


def bench_memory(quick: bool) -> dict:
    """Peak memory of the real app (``crowntable play death``, 20 AI seats, speed fast) at
    1920x1080 through a full round and its reveal (two with the full run), from source and, when
    dist/crowntable exists, the one-file build.  The target is 200 MB (docs/PERFORMANCE.md)."""
    seats = ",".join(["ai"] * 20)
    args = ["play", "death", "--seats", seats, "--speed", "fast", "--seed", "3"]
    rounds = 1 if quick else 2
    out = {"bench": "memory", "game": "death", "players": 20, "size": "1920x1080", "rounds": rounds,
           "target_mb": 200, "source": _peak_rss_mb([sys.executable, "-m", "game", *args], rounds)}
    frozen = Path(__file__).resolve().parents[1] / "dist" / "crowntable"
    if frozen.is_file():
        out["onefile"] = _peak_rss_mb([str(frozen), *args], rounds)
    return out


BENCHES = {"simulate": bench_simulate, "ai": bench_ai, "ai_search": bench_ai_search, "frame": bench_frame,
           "startup": bench_startup, "memory": bench_memory,
           "simulate_court": lambda q: bench_simulate(q, "court"), "ai_court": lambda q: bench_ai(q, "court"),
           "ai_search_court": lambda q: bench_ai_search(q, "court"),
           "frame_court": lambda q: bench_frame(q, "court"),
           "frame_death_reveal": bench_death_reveal,
           "throughput": bench_throughput, "phones": bench_phones}
for _g in ("death", "ktm", "bossquest"):
    BENCHES.update({f"simulate_{_g}": (lambda q, g=_g: bench_simulate(q, g)),
                    f"ai_{_g}": (lambda q, g=_g: bench_ai(q, g)),
                    f"ai_search_{_g}": (lambda q, g=_g: bench_ai_search(q, g)),
                    f"frame_{_g}": (lambda q, g=_g: bench_frame(q, g))})
    BENCHES[f"think_{_g}"] = (lambda q, g=_g: bench_think(q, g))
BENCHES.update({"think_masterbluff": lambda q: bench_think(q, "masterbluff"),
                "think_court": lambda q: bench_think(q, "court")})
del _g


def main(only: str | None = None, quick: bool = False) -> int:
    names = [only] if only else list(BENCHES)
    bad = [name for name in names if name not in BENCHES]
    if bad:                                 # said before anything runs or prints
        print(f"crowntable bench: unknown benchmark {quoted(bad[0])}; choose from {', '.join(BENCHES)}",
              file=sys.stderr)
        return 2
    print(json.dumps({"machine": platform.machine(), "cpus": os.cpu_count(),
                      "python": platform.python_version(), "platform": platform.platform()}))
    for name in names:
        result = BENCHES[name](quick)
        for line in result if isinstance(result, list) else [result]:
            print(json.dumps(line), flush=True)
    return 0
