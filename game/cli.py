"""``crowntable`` command line: menu (default), play, replay, simulate, bench.

Bad input to any command gets one sentence on stderr (``crowntable <command>: …``, a bad
value quoted short: :func:`game.core.quote.quoted`) and exit status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time

#: when this module was imported (``time.perf_counter()``): the start-up benchmark's in-process mark
STARTED = time.perf_counter()


class _Parser(argparse.ArgumentParser):
    """argparse's own refusals (a missing or unknown argument, a value of the wrong kind) as
    one line, with any long value in it cut short; exit status 2 as argparse does."""

    def error(self, message: str):  # noqa: D102
        from game.core.quote import cut, quoted

        message = re.sub(r"'([^']{40,})'", lambda m: quoted(m.group(1)), message)
        print(f"{self.prog}: {cut(message, 300)}", file=sys.stderr)
        sys.exit(2)


def _whole(text: str) -> int:
    """An argument that must be a whole number."""
    from game.core.i18n import _
    from game.core.quote import quoted

    try:
        return int(text)
    except ValueError:                      # not a number, or one of more than 4,300 digits
        if text.strip().lstrip("+-").isdigit():
            raise argparse.ArgumentTypeError(_("{value} is too long a number").format(value=quoted(text))) from None
        raise argparse.ArgumentTypeError(_("{value} is not a whole number").format(value=quoted(text))) from None


def _positive(text: str) -> int:
    """An argument that must be a whole number, 1 or more."""
    from game.core.i18n import _

    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError(_("it must be 1 or more, not {n}").format(n=n))
    return n


def _refuse(cmd: str, message: str) -> int:
    """One sentence on stderr for ``crowntable <cmd>``; the exit status 2."""
    from game.core.quote import cut

    print(f"crowntable {cmd}: {cut(str(message), 300)}", file=sys.stderr)
    return 2


def _options(text: str | None, names: str) -> dict | str:
    """``--options``: a JSON object, or the sentence that says what is wrong with it (``names``:
    the game's options)."""
    from game.core.i18n import _
    from game.core.quote import quoted

    if text is None:
        return {}
    try:
        options = json.loads(text)
    except (ValueError, RecursionError):    # not JSON, a number too long to read, or nested too deep
        return _("--options must be a JSON object naming the game's options ({names}); {value} is not "
                 "JSON").format(names=names, value=quoted(text))
    if not isinstance(options, dict):
        return _("--options must be a JSON object naming the game's options ({names}), not {value}").format(
            names=names, value=quoted(options))
    return options


def _cmd_replay(args: argparse.Namespace) -> int:
    from game.core.i18n import _
    from game.match import RecordError, load_record, outcome_json, replay

    try:
        record = load_record(args.record, _("The game record"))
        _state, outcome = replay(record)
    except RecordError as exc:
        from game.core.quote import cut

        print(json.dumps({"error": cut(str(exc), 1000), **({"index": exc.index} if hasattr(exc, "index") else {})}))
        return _refuse("replay", str(exc))
    print(json.dumps(outcome_json(record, outcome)))
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from game.ai import LEVELS, is_level
    from game.ai.simulate import simulate, summarize
    from game.core import GameError, registry
    from game.core.i18n import _
    from game.core.quote import quoted
    from game.core.rules import GameConfig
    import game.rules  # noqa: F401  (registers every game)

    if not registry.known(args.game):
        return _refuse("simulate", _("unknown game {game}; games: {games}").format(
            game=quoted(args.game), games=", ".join(registry.ids())))
    rules = registry.get(args.game)
    levels = [s.strip() for s in args.seats.split(",")] if args.seats else None
    n = len(levels) if levels is not None else args.players
    if not rules.min_players <= n <= rules.max_players:
        return _refuse("simulate", _("{game} takes {low}-{high} players, not {n}").format(
            game=rules.title, low=rules.min_players, high=rules.max_players, n=n))
    if levels is None:
        levels = [args.ai] * n
    bad = [lv for lv in levels if not is_level(lv)]
    if args.duplicate is not None and not is_level(args.duplicate):
        bad.append(args.duplicate)
    if bad:
        return _refuse("simulate", _("unknown AI level {level}; levels: {levels}").format(
            level=quoted(bad[0]), levels=", ".join(LEVELS)))
    options = _options(args.options, ", ".join(rules.default_options) or _("none"))
    if isinstance(options, str):
        return _refuse("simulate", options)
    try:                                    # the options checked once, before any game is played
        rules.new_game(GameConfig(len(levels), dict(options)), seed=args.seed)
    except GameError as exc:
        return _refuse("simulate", _("the options do not fit {game}: {why}").format(game=rules.title, why=exc))
    results = []
    if args.duplicate:
        from game.ai.simulate import duplicate, summarize_duplicate

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

    p = _Parser(prog="crowntable", description="Crown Table: five card games at one table.")
    p.add_argument("--version", action="version", version=f"crowntable {__version__}")
    sub = p.add_subparsers(dest="cmd")

    pp = sub.add_parser("play", help="open a game straight onto the table")
    pp.add_argument("game")
    pp.add_argument("--seats", default=None, help="comma list of human/phone/ai[:level], e.g. human,phone,ai")
    pp.add_argument("--seed", type=_whole, default=None)
    pp.add_argument("--load", default=None, help="resume a saved game (JSON)")
    pp.add_argument("--speed", default=None, choices=["off", "fast", "normal", "slow"])
    pp.add_argument("--play-on", action="store_true", help="MasterBluff: play on for places")
    pp.set_defaults(func=_cmd_play)

    pr = sub.add_parser("replay", help="replay a game record headless and print its outcome as JSON")
    pr.add_argument("record")
    pr.set_defaults(func=_cmd_replay)

    ps = sub.add_parser("simulate", help="play AI-only games headless")
    ps.add_argument("game")
    ps.add_argument("--players", type=_positive, default=4)
    ps.add_argument("--games", type=_positive, default=10)
    ps.add_argument("--seed", type=_whole, default=0)
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
