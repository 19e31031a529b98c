"""Match layer (validation, undo, saves) and the headless CLI commands."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main as cli
from game.core import registry
from game.core.actions import IllegalAction, NotYourTurn
from game.match import GameRecord, Match, RecordError, SeatSpec, load_record, replay
from mb_helpers import deck_for, discard, pass_, call, vec

ROOT = Path(__file__).resolve().parents[1]
H3 = [{"wizard": 8, "witch": 8}, {"elf": 8, "ogre": 8}, {"fairy": 8, "jester": 8}]
SEATS = [SeatSpec("Ann", "human"), SeatSpec("Bot 1"), SeatSpec("Bot 2")]


def fresh():
    return Match("masterbluff", SEATS, deck=deck_for(H3))


def test_illegal_action_changes_nothing():
    m = fresh()
    before = m.state
    with pytest.raises(NotYourTurn):
        m.submit(discard(1, vec(elf=1), "elf"))
    with pytest.raises(IllegalAction, match="at most 8"):
        m.submit(discard(0, vec(wizard=8, witch=1), "wizard"))
    assert m.state is before and m.log == []


def test_undo_takes_back_the_seats_last_action_and_what_followed():
    m = fresh()
    m.submit(discard(0, vec(wizard=2), "wizard"))
    m.submit(pass_(1))
    m.submit(pass_(2))
    m.submit(discard(1, vec(elf=1), "wizard"))
    assert m.undo(0) == 4
    assert m.log == [] and m.state == m.initial


def test_save_and_load_round_trip(tmp_path):
    m = fresh()
    m.submit(discard(0, vec(wizard=2), "wizard"))
    m.submit(call(2))
    path = tmp_path / "save.json"
    m.save(path)
    assert not [p for p in tmp_path.iterdir() if p.name != "save.json"], "no temp files left"
    data = json.loads(path.read_text())
    assert data["format"] == "crowntable-record" and data["deck"][:3] == ["wizard", "elf", "fairy"]
    m2 = Match.load(path)
    assert m2.state == m.state and m2.seats == m.seats


@pytest.mark.parametrize("content,needle", [
    ("{not json", "damaged"),
    ("[]", "must be a JSON object"),
    ('{"game": "chess", "players": 3, "seed": 1}', "unknown game"),
    ('{"game": "masterbluff", "players": 3}', "seed"),
    ('{"game": "masterbluff", "players": 9, "seed": 1}', "3-5 players"),
    ('{"game": "masterbluff", "players": 3, "seed": 1, "actions": [{"kind": "pass"}]}', "action 0"),
])
def test_corrupt_saves_give_a_message_not_a_crash(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=needle):
        Match.load(path)
    assert path.read_text() == content, "a bad save is never overwritten"


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    m = fresh()
    path = tmp_path / "save.json"
    m.save(path)
    good = path.read_text()
    m.submit(discard(0, vec(wizard=2), "wizard"))

    def boom(*a, **k):
        raise OSError("disk full")

    # the failure comes while the temp file is written (the text is made before it is opened:
    # ``Match.save_text``), so it is the flush to the disk that fails here
    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        m.save(path)
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def record_file(tmp_path, actions):
    rec = GameRecord("masterbluff", 3, {}, None, deck_for(H3), [], actions)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec.to_json()))
    return path


def test_replay_prints_the_outcome(tmp_path, capsys):
    actions = [discard(0, vec(wizard=8), "wizard"), pass_(1), pass_(2),
               discard(1, vec(elf=1), "wizard"), pass_(2), pass_(0),
               discard(2, vec(fairy=1), "wizard"), pass_(0), pass_(1),
               discard(0, vec(witch=8), "wizard"), pass_(1), pass_(2)]
    path = record_file(tmp_path, actions)
    assert cli(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"game": "masterbluff", "finished": True, "actions": 12, "winners": [0], "ranks": [1, 2, 2]}


def test_replay_names_the_illegal_action(tmp_path, capsys):
    actions = [discard(0, vec(wizard=2), "wizard"), pass_(1), pass_(2), discard(1, vec(elf=1), "elf")]
    path = record_file(tmp_path, actions)
    assert cli(["replay", str(path)]) != 0
    captured = capsys.readouterr()
    assert "action 3" in captured.err and "family in force is Wizard" in captured.err
    assert json.loads(captured.out)["index"] == 3


def test_console_entry_points_work(tmp_path):
    """`python -m game` is the same program as the `crowntable` script."""
    path = record_file(tmp_path, [discard(0, vec(wizard=2), "wizard")])
    r = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"game": "masterbluff", "finished": False, "actions": 1}


def test_simulate_is_deterministic(capsys):
    args = ["simulate", "masterbluff", "--players", "4", "--games", "3", "--seed", "9", "--ai", "random"]
    assert cli(args) == 0
    first = capsys.readouterr().out
    assert cli(args) == 0
    assert capsys.readouterr().out == first
    lines = [json.loads(x) for x in first.splitlines()]
    assert len(lines) == 4 and lines[-1]["summary"] and lines[-1]["games"] == 3
    assert all(len(x["ranks"]) == 4 for x in lines[:3])
    # each game's record replays to the same outcome
    from game.ai.simulate import play_game
    m = play_game("masterbluff", ["random"] * 4, lines[0]["seed"])
    assert list(m.outcome().winners) == lines[0]["winners"]


def test_check_gives_the_engines_reason_without_changing_anything():
    m = fresh()
    assert m.check(discard(0, vec(wizard=2), "wizard")) is None
    assert "at most 8" in m.check(discard(0, vec(wizard=8, witch=1), "wizard"))
    assert "not Bot 1's turn" in m.check(discard(1, vec(elf=1), "elf"))
    assert m.log == [] and m.state is m.initial


def test_selfcheck_loads_every_shipped_asset(capsys):
    assert cli(["selfcheck"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["problems"] == [] and out["checked"] >= 11
    assert out["games"] == sorted(registry.ids())


# --- record format: version 2 with named decks; version 1 still loads ------------
V1_DECK = """{
 "format": "crowntable-record", "version": 1,
 "game": "masterbluff", "players": 3, "options": {"play_on": false},
 "seed": null,
 "deck": ["wizard", "elf", "fairy", "wizard", "elf", "fairy", "wizard", "elf", "fairy", "wizard", "elf",
  "fairy", "wizard", "elf", "fairy", "wizard", "elf", "fairy", "wizard", "elf", "fairy", "wizard", "elf",
  "fairy", "witch", "ogre", "jester", "witch", "ogre", "jester", "witch", "ogre", "jester", "witch", "ogre",
  "jester", "witch", "ogre", "jester", "witch", "ogre", "jester", "witch", "ogre", "jester", "witch", "ogre",
  "jester"],
 "seats": [{"name": "Ann", "kind": "human", "level": "heuristic"},
           {"name": "Bot 1", "kind": "ai", "level": "heuristic"},
           {"name": "Bot 2", "kind": "ai", "level": "random"}],
 "actions": [{"seat": 0, "kind": "discard", "counts": [2, 0, 0, 0, 0, 0], "family": "wizard", "token": false},
             {"seat": 1, "kind": "pass"}, {"seat": 2, "kind": "call"}]
}"""
V1_SEED = ('{"format": "crowntable-record", "version": 1, "game": "masterbluff", "players": 4,'
           ' "options": {}, "seed": 42, "deck": null, "seats": [], "actions": []}')


def test_version_1_records_still_load(tmp_path):
    path = tmp_path / "v1.json"
    path.write_text(V1_DECK)
    m = Match.load(path)
    assert [s.name for s in m.seats] == ["Ann", "Bot 1", "Bot 2"] and len(m.log) == 3
    assert m.state.hands[0] == vec(witch=8, wizard=6)
    assert m.state.hands[2] == vec(wizard=2, fairy=8, jester=8), "a wrong call: the caller took the pile"
    path.write_text(V1_SEED)
    m = Match.load(path)
    assert m.state == Match("masterbluff", [SeatSpec(f"P{i}") for i in range(4)], seed=42).state
    # saving writes version 2, the same deal, and loads back to the same game
    m.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["seed"] == 42 and data["deck"] is None and "decks" not in data
    assert Match.load(path).state == m.state


def test_version_2_records_hold_named_decks(tmp_path):
    deck = deck_for(H3)
    m = Match("masterbluff", SEATS, deck={"deck": deck})
    assert m.state == fresh().state, "a dict of named decks deals like the single list"
    m.submit(discard(0, vec(wizard=2), "wizard"))
    path = tmp_path / "v2.json"
    m.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["deck"] is None and data["decks"] == {"deck": deck}
    m2 = Match.load(path)
    assert m2.state == m.state and m2.log == m.log
    data["deck"] = deck
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="not both"):
        Match.load(path)
    data["deck"], data["decks"] = None, {"spells": deck}
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="unknown deck name"):
        Match.load(path)
    data["version"] = 3
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="newer"):
        Match.load(path)


# --- undo never takes back a reveal, nor another human's move -----------------------
def test_undo_is_refused_after_a_reveal_to_the_undoing_seat(tmp_path):
    m = fresh()
    m.submit(discard(0, vec(wizard=2), "wizard"))
    m.submit(pass_(1))
    m.submit(pass_(2))
    m.submit(discard(1, vec(elf=1), "wizard"))      # a bluff
    m.submit(pass_(2))
    events = m.submit(call(0))                      # Ann calls Bluff!: the cards are shown
    assert any(e.kind == "reveal" and e.reveals_to(0) for e in events)
    assert not m.can_undo(0)
    assert "cards were shown to you" in m.undo_refusal(0)
    before, log = m.state, list(m.log)
    with pytest.raises(IllegalAction, match="cards were shown to you"):
        m.undo(0)
    assert m.state is before and m.log == log, "a refused undo changes nothing"
    # the same after a save and a load: the match knows each action's events again
    path = tmp_path / "save.json"
    m.save(path)
    m2 = Match.load(path)
    assert [len(e) for e in m2.action_events] == [len(e) for e in m.action_events]
    assert not m2.can_undo(0)


def test_undo_of_a_plain_discard_with_only_ai_answers_after_it_still_works():
    m = fresh()
    m.submit(discard(0, vec(wizard=2), "wizard"))
    m.submit(pass_(1))
    m.submit(pass_(2))
    assert m.undo_refusal(0) is None and m.can_undo(0)
    assert m.undo(0) == 3 and m.log == [] and m.action_events == [] and m.state == m.initial
    assert "no move of yours" in m.undo_refusal(0)


def test_pickup_reveals_the_pile_to_the_taker_only():
    m = fresh()
    m.submit(discard(0, vec(wizard=2), "wizard"))   # true
    m.submit(call(1))                               # Bot 1 was wrong: it takes the pile
    m.submit(discard(1, vec(elf=1), "elf"))         # the turn passes to Bot 1, left of Ann
    pick = next(e for e in m.action_events[1] if e.kind == "pickup")
    assert pick.reveals_to(1) and not pick.reveals_to(2) and not pick.reveals_to(None)


def test_one_humans_undo_never_takes_back_another_humans_move():
    seats = [SeatSpec("Ann", "human"), SeatSpec("Bea", "human"), SeatSpec("Bot")]
    m = Match("masterbluff", seats, deck=deck_for(H3))
    m.submit(discard(0, vec(wizard=2), "wizard"))
    m.submit(pass_(1))                              # Bea answers
    assert "Bea has played since" in m.undo_refusal(0)
    with pytest.raises(IllegalAction, match="Bea has played since"):
        m.undo(0)
    assert len(m.log) == 2
    assert m.can_undo(1) and m.undo(1) == 1, "Bea may take back her own answer"
    assert m.can_undo(0)


# --- damaged files: plain words, the full path, .path and .damaged ---------------
def test_damaged_save_names_the_full_path_and_says_what_is_wrong(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "autosave_masterbluff.json"
    path.write_text('{\n "format": "crowntable-record",\n "game": "master')
    with pytest.raises(RecordError) as info:
        Match.load("autosave_masterbluff.json")          # a relative name: the message gives the full path
    msg = str(info.value)
    assert msg == (f"The saved game at {path} is damaged (it is not valid JSON: it stops in the middle, "
                   f"line 3 is cut off) and cannot be opened.")
    assert info.value.path == str(path) and info.value.damaged
    for content, words in [("", "the file is empty"), ('{"a": 1} x', "unexpected text after the end"),
                           ("{not json", "something unexpected on line 1, column 2")]:
        path.write_text(content)
        with pytest.raises(RecordError, match=words) as info:
            Match.load(path)
        assert info.value.damaged and str(path) in str(info.value)
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not a text file") as info:
        Match.load(path)
    assert info.value.damaged


def test_unusable_records_are_damaged_missing_or_newer_ones_are_not(tmp_path):
    path = tmp_path / "save.json"
    path.write_text('{"game": "masterbluff", "players": 9, "seed": 1}')
    with pytest.raises(RecordError, match="3-5 players") as info:
        Match.load(path)
    assert info.value.damaged and info.value.path == str(path) and str(path) in str(info.value)
    path.write_text('{"game": "masterbluff", "players": 3, "seed": 1, "actions": [{"seat": 1, "kind": "pass"}]}')
    with pytest.raises(RecordError, match="action 0") as info:
        Match.load(path)
    assert info.value.damaged and info.value.path == str(path)
    path.write_text('{"version": 7, "game": "masterbluff", "players": 3, "seed": 1}')
    with pytest.raises(RecordError, match="newer") as info:
        Match.load(path)
    assert not info.value.damaged and info.value.path == str(path)
    with pytest.raises(RecordError, match="There is no file at") as info:
        Match.load(tmp_path / "nothing.json")
    assert not info.value.damaged and info.value.path == str(tmp_path / "nothing.json")


def test_bench_measures_fireball_court_too(capsys):
    from game.bench import main as bench_main

    assert bench_main("simulate_court", quick=True) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["cpus"] >= 1
    assert lines[1]["bench"] == "simulate" and lines[1]["game"] == "court" and lines[1]["games"] == 20
    assert lines[1]["actions_per_s"] > 0
    assert bench_main("no_such_bench", quick=True) == 2


def test_simulate_duplicate_pairs_each_game_with_the_base_level(capsys):
    """--duplicate: the same seed twice, the tested level's seat rotating; a level against
    itself differs in nothing, and the tested seat is the one the base replaces."""
    args = ["simulate", "court", "--seats", "heuristic,random", "--games", "4", "--seed", "5",
            "--duplicate", "heuristic"]
    assert cli(args) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    rows, summary = lines[:-1], lines[-1]
    assert [r["seat"] for r in rows] == [0, 1, 0, 1]
    assert all(r["seats"][r["seat"]] == "heuristic" and r["tested"] == r["base"] for r in rows)
    assert summary["duplicate"] and summary["win"]["diff"] == 0 and summary["win"]["se"] == 0
    assert cli(["simulate", "court", "--seats", "random,heuristic", "--games", "4", "--seed", "5",
                "--duplicate", "heuristic"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert all(r["seats"][r["seat"]] == "random" for r in lines[:-1])
    score = lines[-1]["score"]                        # random scores far fewer points in its seat
    assert score["diff"] < -3 * score["se"] < 0


def test_version_is_one_number_everywhere(capsys):
    """`crowntable --version` prints the package's version, the same as pyproject.toml's and the
    newest released entry of CHANGELOG.md."""
    import re
    from pathlib import Path

    import game
    from game.cli import main

    root = Path(__file__).resolve().parents[1]
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"crowntable {game.__version__}"
    assert re.search(r'^version = "([^"]+)"', (root / "pyproject.toml").read_text(), re.M)[1] == game.__version__
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", (root / "CHANGELOG.md").read_text(), re.M)
    assert released and released[0] == game.__version__


def test_throughput_plays_every_game_at_its_default_and_largest_count_without_rlcard():
    """The throughput benchmark's tables and one short round each (no RLCard: no ratio)."""
    from game.throughput import side_by_side, tables

    assert tables() == [("masterbluff", 4), ("masterbluff", 5), ("court", 2), ("death", 6), ("death", 20),
                        ("ktm", 6), ("bossquest", 5)]
    out = side_by_side(seconds=0.01, rounds=1, rlcard=False)
    assert out["rlcard_uno"] is None and [(r["game"], r["players"]) for r in out["games"]] == tables()
    assert all(r["decisions_per_s"] > 0 and "vs_uno" not in r for r in out["games"])


def test_think_bench_times_each_level_by_player_count():
    from game.bench import BENCHES, THINK_COUNTS, bench_think

    rows = bench_think(True, "masterbluff", counts=(3, 4), levels=("normal", "random"))
    assert [(r["players"], r["level"]) for r in rows] == [(3, "normal"), (3, "random"), (4, "normal"), (4, "random")]
    for r in rows:
        assert r["decisions"] > 0 and r["games"] == 3
        assert 0 <= r["ms_median"] <= r["ms_p95"] <= r["ms_max"]
        assert 0 <= r["cpu_ms_median"] <= r["cpu_ms_p95"]
    assert {f"think_{g}" for g in THINK_COUNTS} <= set(BENCHES)
