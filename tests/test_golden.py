"""Stored seeded games replay to the same outcomes, with the same views for every seat.

Guards engine work that must not change behaviour (issue 16): every game at its default
and its largest count, played at random from a seed; each record's actions, outcome and
the digest of every seat's observations, events and legal actions must come out the same.
The lines ``simulate`` prints for the random and heuristic levels are stored too.
To write them again after an intended change: ``python tests/golden/golden.py``."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))
import golden  # noqa: E402

STORED = json.loads((GOLDEN / "records.json").read_text(encoding="utf-8"))


def test_the_stored_set_covers_every_game_at_its_default_and_largest_count():
    import game.rules  # noqa: F401
    from game.core import registry
    from game.throughput import tables

    have = {(r["game"], r["players"]) for r in STORED["random"]}
    assert set(tables()) <= have
    assert {r["game"] for r in STORED["simulate"]} == set(registry.games())
    assert {r["level"] for r in STORED["simulate"]} == {"random", "heuristic"}


@pytest.mark.parametrize("rec", STORED["random"], ids=lambda r: f"{r['game']}-{r['players']}p-seed{r['seed']}")
def test_a_seeded_random_game_plays_the_same_with_the_same_views(rec):
    got = golden.play_random(rec["game"], rec["players"], rec["seed"])
    assert got["actions"] == rec["actions"]
    assert got["outcome"] == rec["outcome"]
    assert got["digest"] == rec["digest"], "same actions and outcome, but a seat saw something else"


@pytest.mark.parametrize("rec", STORED["simulate"], ids=lambda r: f"{r['game']}-{r['level']}")
def test_simulate_prints_the_same_lines(rec):
    assert golden.simulate_lines(rec["game"], rec["players"], rec["level"], rec["games"], rec["seed"]) \
        == rec["lines"]


def test_a_changed_view_changes_the_digest(monkeypatch):
    """The digest reads the observations: a planted change in one seat's view is caught."""
    import dataclasses

    import game.rules  # noqa: F401
    from game.core import registry

    rec = next(r for r in STORED["random"] if r["game"] == "court")
    rules = registry.get("court")
    real = rules.observe

    def planted(state, seat):
        obs = real(state, seat)
        return dataclasses.replace(obs, **{dataclasses.fields(obs)[-1].name: None}) if seat == 1 else obs
    monkeypatch.setattr(rules, "observe", planted)
    got = golden.play_random(rec["game"], rec["players"], rec["seed"])
    assert got["actions"] == rec["actions"] and got["digest"] != rec["digest"]
