"""The AI's decisions at today's budgets are unchanged (issue 26's gate): seeded games with
the Hard, Normal and Easy levels at one table, every decision hashed, against the digests
stored in ``tests/golden/ai_digest.json`` before the change of shape.  Never rewrite the store
to make a change of shape pass; only an intended change of play may (say so in its commit)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN))
import ai_digest  # noqa: E402

STORED = json.loads(ai_digest.STORE.read_text(encoding="utf-8"))


def test_the_store_covers_every_game():
    import game.rules  # noqa: F401
    from game.core import registry

    assert {r["game"] for r in STORED} == set(registry.games())


@pytest.mark.parametrize("rec", STORED, ids=lambda r: r["game"])
def test_the_ai_makes_the_same_decisions(rec):
    got = ai_digest.digest(rec["game"], rec["players"], rec["seed"], next(
        t[3] for t in ai_digest.TABLES if t[0] == rec["game"]))
    assert got == rec


def test_a_changed_decision_changes_the_digest(monkeypatch):
    """The digest reads the decisions: a Hard agent that plays its last legal action instead
    of its choice is caught."""
    from game.ai.search import SearchAgent

    monkeypatch.setattr(SearchAgent, "act", lambda self, obs, legal, rng: list(legal)[-1])
    rec = next(r for r in STORED if r["game"] == "court")
    assert ai_digest.digest(rec["game"], rec["players"], rec["seed"], 120) != rec
