"""``crowntable`` command line: menu (default), play, replay, simulate, bench."""
from __future__ import annotations

import argparse
import json
import sys
import time

#: when this module was imported (``time.perf_counter()``): the start-up benchmark's in-process mark
STARTED = time.perf_counter()


def _cmd_replay(args: argparse.Namespace) -> int:
    from game.core.i18n import _
    from game.match import RecordError, load_record, outcome_json, replay

    try:
        record = load_record(args.record, _("The game record"))
        _state, outcome = replay(record)
    except RecordError as exc:
        print(json.dumps({"error": str(exc), **({"index": exc.index} if hasattr(exc, "index") else {})}))
        print(f"crowntable replay: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(outcome_json(record, outcome)))
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from game.ai import LEVELS, is_level
    from game.ai.simulate import simulate, summarize
    from game.core import registry
    import game.rules  # noqa: F401  (registers every game)

    rules = registry.get(args.game)
    if args.seats:
        levels = [s.strip() for s in args.seats.split(",")]
    else:
        levels = [args.ai] * args.players
    if not rules.min_players <= len(levels) <= rules.max_players:
        print(f"crowntable simulate: {rules.title} takes {rules.min_players}-{rules.max_players} players",
              file=sys.stderr)
        return 2
    bad = [lv for lv in levels if not is_level(lv)]
    if bad:
        print(f"crowntable simulate: unknown AI level {bad[0]!r}; levels: {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    options = json.loads(args.options) if args.options else {}
    results = []
    if args.duplicate:
        from game.ai.simulate import duplicate, summarize_duplicate

        if not is_level(args.duplicate):
            print(f"crowntable simulate: unknown AI level {args.duplicate!r}; levels: {', '.join(LEVELS)}",
                  file=sys.stderr)
            return 2
        for r in duplicate(args.game, levels, args.duplicate, args.games, args.seed, options):
            results.append(r)
            print(json.dumps(r), flush=True)
        print(json.dumps(summarize_duplicate(results, levels[0], args.duplicate)))
        return 0
    for r in simulate(args.game, levels, args.games, args.seed, options, rotate=not args.fixed_seats):
        results.append(r)
        print(json.dumps(r), flush=True)
    print(json.dumps(summarize(results, levels)))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from game.app.main import run

    return run(game=args.game, seats=args.seats, seed=args.seed, load=args.load,
               speed=args.speed, options={"play_on": True} if args.play_on else None)


def _cmd_selfcheck(args: argparse.Namespace) -> int:
    from game.app.selfcheck import run

    return run()


def _cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import main as bench_main

    return bench_main(args.only, args.quick)


def main(argv: list[str] | None = None) -> int:
    from game import __version__

    p = argparse.ArgumentParser(prog="crowntable", description="Crown Table: five card games at one table.")
    p.add_argument("--version", action="version", version=f"crowntable {__version__}")
    sub = p.add_subparsers(dest="cmd")

    pp = sub.add_parser("play", help="open a game straight onto the table")
    pp.add_argument("game")
    pp.add_argument("--seats", default=None, help="comma list of human/ai[:level], e.g. human,ai,ai")
    pp.add_argument("--seed", type=int, default=None)
    pp.add_argument("--load", default=None, help="resume a saved game (JSON)")
    pp.add_argument("--speed", default=None, choices=["off", "fast", "normal", "slow"])
    pp.add_argument("--play-on", action="store_true", help="MasterBluff: play on for places")
    pp.set_defaults(func=_cmd_play)

    pr = sub.add_parser("replay", help="replay a game record headless and print its outcome as JSON")
    pr.add_argument("record")
    pr.set_defaults(func=_cmd_replay)

    ps = sub.add_parser("simulate", help="play AI-only games headless")
    ps.add_argument("game")
    ps.add_argument("--players", type=int, default=4)
    ps.add_argument("--games", type=int, default=10)
    ps.add_argument("--seed", type=int, default=0)
    ps.add_argument("--ai", default="normal",
                    help="AI level for every seat: easy, normal or hard (random and greedy measure; "
                         "the old names heuristic and search still work)")
    ps.add_argument("--seats", default=None, help="comma list of levels per seat (overrides --players/--ai)")
    ps.add_argument("--options", default=None, help="game options as JSON")
    ps.add_argument("--fixed-seats", action="store_true", help="do not rotate seats between games")
    ps.add_argument("--duplicate", default=None, metavar="BASE",
                    help="play every game twice, the first seat's level against BASE in the same seat "
                         "with the same seed, and report the paired differences")
    ps.set_defaults(func=_cmd_simulate)

    pb = sub.add_parser("bench", help="run the benchmarks and print JSON")
    pb.add_argument("--only", default=None)
    pb.add_argument("--quick", action="store_true")
    pb.set_defaults(func=_cmd_bench)

    pc = sub.add_parser("selfcheck", help="check that the shipped assets load; prints JSON")
    pc.set_defaults(func=_cmd_selfcheck)

    args = p.parse_args(argv)
    if args.cmd is None:
        from game.app.main import run

        return run()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
