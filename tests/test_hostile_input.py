"""Hostile input (issue 25): options and actions are checked by type in all five games,
every command answers bad input with one sentence and exit status 2, and an echoed bad
value is cut short.

``True == 1`` in Python (bool is a subclass of int, with the same hash), so a bool slips
through any check by equality or membership: each game must refuse a bool where it takes
a whole number, for options, seats and action parameters alike.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import game.rules  # noqa: F401
from game.cli import main as cli
from game.core import registry
from game.core.actions import Action, BadConfig, GameError, IllegalAction
from game.core.quote import quoted
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.match import Match, RecordError, SeatSpec, load_record, replay
from game.match.record import GameRecord

#: every registered game, at the player count PLAYERS gives it (a game missing there fails)
GAMES = registry.ids()
PLAYERS = {"masterbluff": 4, "court": 2, "death": 5, "ktm": 4, "bossquest": 3}
BIG = "x" * 10_000_000                  # a 10 MB value


def _with(action: Action, **changed) -> Action:
    """``action`` with some parameters replaced, built raw (no freezing, no checks)."""
    params = dict(action.params)
    params.update(changed)
    return Action(action.seat, action.kind, tuple(sorted(params.items())))


def hostile_variants(action: Action) -> list[tuple[str, Action]]:
    out = [("an unknown extra parameter", _with(action, bogus=1)),
           ("an unknown extra parameter naming a flag", _with(action, zzz=True))]
    if action.seat in (0, 1):
        out.append(("a bool seat", Action(bool(action.seat), action.kind, action.params)))
    for k, v in action.params:
        if isinstance(v, int) and not isinstance(v, bool):
            out.append((f"a string {k}", _with(action, **{k: str(v)})))
            out.append((f"a list {k}", _with(action, **{k: (v,)})))
            if v in (0, 1):
                out.append((f"a bool {k}", _with(action, **{k: bool(v)})))
        if isinstance(v, tuple) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            if all(x in (0, 1) for x in v):
                out.append((f"bools in {k}", _with(action, **{k: tuple(bool(x) for x in v)})))
            out.append((f"strings in {k}", _with(action, **{k: tuple(str(x) for x in v)})))
        if isinstance(v, bool):
            out.append((f"a number {k}", _with(action, **{k: int(v)})))
            out.append((f"a string {k}", _with(action, **{k: "false"})))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_refuses_hostile_variants_of_its_legal_actions(game_id):
    """Along seeded random games, every hostile variant of the move played is refused with a
    GameError (an IllegalAction with a reason), never applied, never another exception."""
    rules = registry.get(game_id)
    n = PLAYERS[game_id]
    tried = 0
    for seed in (1, 2):
        state = rules.new_game(GameConfig(n, dict(rules.default_options)), seed=seed)
        rng = Rng(seed)
        for _step in range(120):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_act(state)[0]
            action = rules.legal_actions(state, seat).sample(rng)
            for what, bad in hostile_variants(action):
                with pytest.raises(IllegalAction) as exc:
                    rules.apply(state, bad)
                assert exc.value.reason, (what, bad)
                tried += 1
            state, _ev = rules.apply(state, action)
    assert tried > 100


def test_masterbluff_refuses_extra_parameters_like_the_other_games_and_keeps_them_out_of_the_save(tmp_path):
    from game.rules import masterbluff as mb

    m = Match("masterbluff", [SeatSpec(f"P{i}", "ai", "random") for i in range(3)], seed=5)
    seat = m.to_act()[0]
    good = m.legal(seat).sample(Rng(1))
    with pytest.raises(IllegalAction, match="'discard' takes no bogus"):
        m.submit(_with(good, bogus=1))
    m.submit(good)
    answer = m.to_act()[0]
    for kind in ("call", "pass"):
        with pytest.raises(IllegalAction, match=f"'{kind}' takes no bogus"):
            m.submit(Action.make(answer, kind, bogus=1))
    assert mb.pass_(answer) in m.legal(answer)
    path = tmp_path / "save.json"
    m.save(path)
    assert "bogus" not in path.read_text()
    # the same refusal from a record: the action is named, the reason says what is wrong
    rec = m.record.to_json()
    rec["actions"].append({"seat": answer, "kind": "pass", "bogus": 1})
    with pytest.raises(RecordError, match="takes no bogus"):
        replay(GameRecord.from_json(rec))


@pytest.mark.parametrize("value", ["false", "no", "true", 1, 0, None, [], {}, 2.5])
def test_masterbluff_play_on_must_be_a_real_bool(value):
    rules = registry.get("masterbluff")
    with pytest.raises(BadConfig, match="play_on must be true or false, not"):
        rules.new_game(GameConfig(4, {"play_on": value}), seed=1)


def test_masterbluff_play_on_takes_true_and_false():
    rules = registry.get("masterbluff")
    assert rules.new_game(GameConfig(4, {"play_on": True}), seed=1).play_on is True
    assert rules.new_game(GameConfig(4, {"play_on": False}), seed=1).play_on is False


@pytest.mark.parametrize("game_id,option", [("masterbluff", "dealer"), ("death", "dealer"), ("death", "multiplier"),
                                            ("court", "opener"), ("court", "target"), ("ktm", "turn_cap"),
                                            ("bossquest", "armorer")])
@pytest.mark.parametrize("value", [True, False, "1", [1], 1.0])
def test_no_game_takes_a_bool_or_another_kind_for_a_whole_number_option(game_id, option, value):
    rules = registry.get(game_id)
    if game_id == "death" and option == "multiplier" and value == 1.0:
        pass                                        # (1.0 is refused as any value off 2-6 would be)
    with pytest.raises(BadConfig):
        rules.new_game(GameConfig(PLAYERS[game_id], {option: value}), seed=1)


@pytest.mark.parametrize("players", [True, "4", 4.0, None])
def test_the_player_count_must_be_a_whole_number(players):
    for game_id in GAMES:
        with pytest.raises(BadConfig):
            registry.get(game_id).new_game(GameConfig(players), seed=1)


def test_a_finished_masterbluff_record_with_play_on_false_as_text_is_refused_not_replayed_unfinished(tmp_path):
    m = Match("masterbluff", [SeatSpec(f"P{i}", "ai", "random") for i in range(3)], {"play_on": False}, seed=9)
    rng = Rng(9)
    while m.outcome() is None:
        seat = m.to_act()[0]
        m.submit(m.legal(seat).sample(rng))
    rec = m.record.to_json()
    _s, out = replay(GameRecord.from_json(rec))
    assert out is not None                                  # finished, as saved
    rec["options"]["play_on"] = "false"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(rec))
    with pytest.raises(RecordError, match="play_on must be true or false"):
        replay(load_record(path))
    with pytest.raises(RecordError, match="play_on must be true or false") as exc:
        Match.load(path)                                    # the menu's and --load's way in
    assert exc.value.damaged
    assert cli(["replay", str(path)]) == 2


# -------------------------------------------------------------------------------- the commands
def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        code = cli(argv)
    except SystemExit as exc:                               # argparse's own refusals
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


BAD_COMMANDS = [
    ["simulate", "poker"],
    ["simulate", "court", "--players", "2", "--options", "notjson"],
    ["simulate", "court", "--players", "2", "--options", "[1]"],
    ["simulate", "court", "--players", "2", "--options", '{"bogus":1}'],
    ["simulate", "court", "--players", "2", "--options", '{"target":"x"}'],
    ["simulate", "court", "--players", "2", "--options", '{"target":' + "9" * 5000 + "}"],
    ["simulate", "court", "--players", "2", "--options", "[" * 100_000],
    ["simulate", "masterbluff", "--options", '{"play_on":"false"}'],
    ["simulate", "masterbluff", "--options", '{"dealer":true}'],
    ["simulate", "court", "--players", "2", "--games", "-5"],
    ["simulate", "court", "--players", "2", "--games", "0"],
    ["simulate", "court", "--players", "2", "--games", "many"],
    ["simulate", "court", "--players", "x"],
    ["simulate", "court", "--players", "1000000000000"],
    ["simulate", "court", "--players", "-2"],
    ["simulate", "court", "--players", "2", "--seed", "1e5"],
    ["simulate", "court", "--players", "2", "--seed", "9" * 5000],
    ["simulate", "court", "--players", "2", "--ai", "genius"],
    ["simulate", "court", "--seats", "normal,genius"],
    ["simulate", "court", "--seats", "normal,random", "--duplicate", "genius"],
    ["simulate"],
    ["play", "poker"],
    ["play", "court", "--seats", "human,robot"],
    ["play", "court", "--seats", "human,ai:genius"],
    ["play", "masterbluff", "--seats", "human,human,human,human,human,human,human"],
    ["play", "court", "--seed", "soon"],
    ["play", "court", "--speed", "warp"],
    ["replay", "/no/such/record.json"],
    ["replay"],
    ["bench", "--only", "nothing"],
    ["selfcheck", "--fast"],
    ["conjure"],
]


@pytest.mark.parametrize("argv", BAD_COMMANDS, ids=lambda a: " ".join(a)[:60])
def test_every_command_answers_bad_input_with_one_sentence_and_status_2(argv, capsys):
    code, out, err = run_cli(argv, capsys)
    assert code == 2, (code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("crowntable"), err
    assert "Traceback" not in err and len(lines[0]) < 1000       # (bench lists its 29 names)
    if argv[0] == "simulate":
        assert out == ""                                    # nothing was played


def test_simulate_poker_in_a_process_prints_no_traceback():
    root = Path(__file__).resolve().parents[1]
    for argv in (["simulate", "poker"], ["simulate", "court", "--players", "2", "--options", '{"target":"x"}']):
        p = subprocess.run([sys.executable, "-m", "game", *argv], cwd=root, capture_output=True, text=True,
                           timeout=120)
        assert p.returncode == 2, p.stderr
        assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr


# ----------------------------------------------------------------------------- echoed input is cut
def test_quoted_is_short_for_any_value():
    assert quoted("poker") == "'poker'"
    assert len(quoted(BIG)) <= 40 and quoted(BIG).endswith("…")
    assert "digits" in quoted(10 ** 5000)                   # (repr of it would raise)
    assert len(quoted(list(range(10 ** 5)))) <= 40
    assert len(quoted({"a": [[[[[[1]]]]]] * 1000})) <= 40
    assert quoted(True) == "True" and quoted(None) == "None"


def test_a_10mb_game_name_gives_a_short_message(capsys, tmp_path):
    with pytest.raises(KeyError) as exc:
        registry.get(BIG)
    assert len(str(exc.value)) < 200
    with pytest.raises(RecordError) as rexc:
        GameRecord.from_json({"format": "crowntable-record", "version": 2, "game": BIG, "players": 3, "seed": 1})
    assert len(str(rexc.value)) < 200
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": "crowntable-record", "version": 2, "game": BIG, "players": 3, "seed": 1}))
    assert cli(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert len(err) < 400 and len(out) < 1200
    code, out, err = run_cli(["simulate", BIG], capsys)
    assert code == 2 and len(err) < 200
    code, out, err = run_cli(["play", BIG], capsys)
    assert code == 2 and len(err) < 200
    code, out, err = run_cli([BIG], capsys)
    assert code == 2 and len(err) < 400


@pytest.mark.parametrize("record", [
    {"format": BIG},
    {"game": "masterbluff", "players": 3, "seed": 1, "seats": [{"name": "A", "kind": BIG}]},
    {"game": "masterbluff", "players": 3, "seed": 1, "options": {BIG: 1}},
    {"game": "masterbluff", "players": 3, "seed": 1, "options": {"play_on": BIG}},
    {"game": "masterbluff", "players": 3, "seed": 1, "actions": [{"seat": 0, "kind": BIG}]},
    {"game": "masterbluff", "players": 3, "deck": [BIG] * 48},
    {"game": "masterbluff", "players": 3, "seed": 1,
     "actions": [{"seat": 0, "kind": "discard", "counts": [1, 0, 0, 0, 0, 0], "family": BIG}]},
    {"game": "death", "players": 3, "decks": {BIG: []}},
])
def test_bad_values_in_a_record_are_quoted_short(record):
    rec = {"format": "crowntable-record", "version": 2, **record}
    with pytest.raises((RecordError, GameError)) as exc:
        replay(GameRecord.from_json(rec))
    assert len(str(exc.value)) < 400, str(exc.value)[:300]


def test_bad_values_in_options_and_actions_are_quoted_short():
    for game_id in GAMES:
        rules = registry.get(game_id)
        with pytest.raises(BadConfig) as exc:
            rules.new_game(GameConfig(PLAYERS[game_id], {BIG: 1}), seed=1)
        assert len(str(exc.value)) < 300
    mb = registry.get("masterbluff")
    with pytest.raises(BadConfig) as exc:
        mb.new_game(GameConfig(3, {"play_on": BIG}), seed=1)
    assert len(str(exc.value)) < 200
    s = mb.new_game(GameConfig(3), seed=1)
    seat = mb.to_act(s)[0]
    with pytest.raises(IllegalAction) as iexc:
        mb.apply(s, Action.make(seat, "discard", counts=[1, 0, 0, 0, 0, 0], family=BIG))
    assert len(iexc.value.reason) < 200


@pytest.mark.parametrize("game_id", GAMES)
def test_a_huge_kind_parameter_name_or_value_gives_a_short_reason_in_every_game(game_id):
    rules = registry.get(game_id)
    state = rules.new_game(GameConfig(PLAYERS[game_id], dict(rules.default_options)), seed=3)
    rng = Rng(3)
    kinds = set()
    for _step in range(60):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        action = rules.legal_actions(state, seat).sample(rng)
        if action.kind not in kinds:
            kinds.add(action.kind)
            bad = [Action(action.seat, BIG, action.params), _with(action, **{BIG: 1})]
            bad += [_with(action, **{k: BIG}) for k, _v in action.params]
            bad += [_with(action, **{k: (BIG,)}) for k, _v in action.params]
            for b in bad:
                with pytest.raises(IllegalAction) as exc:
                    rules.apply(state, b)
                assert len(exc.value.reason) < 300, (b.kind[:20], exc.value.reason[:200])
        state, _ev = rules.apply(state, action)
