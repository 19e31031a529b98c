"""Boss Quest's strength badge against the repro of issue 14 (round 7 of a seed-5, 3-player
game, /work/shared/repro/bossquest-strength-badge.json, kept in tests/app/repro): the badge
shows the strength the rules compute for the cards on the viewer's row and the spells on
them, in the very step that changes it (a weapon landing, a spell cast on you by another, a
cancel), agrees with the fight's verdict, and equals the observation once the table settles."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.match import Match
from game.match.record import load_record
from game.rules import bossquest as bq

REPRO = Path(__file__).parent / "repro" / "bossquest-strength-badge.json"


def row_strength(t) -> int:
    """The strength of what the table draws on the viewer's row (the test's own sum)."""
    sh, v = t.shown, t.viewer
    cards = [sh.hidden[v], *sh.face_up[v]]
    spells = sum(bq.SPELLS[a.card].delta for a in sh.active if a.target == v and bq.SPELLS[a.card].effect == "strength")
    return sum(bq.WEAPONS[c].value for c in cards) + spells


@pytest.fixture
def repro(harness, monkeypatch):
    """The table of the repro with its first 49 actions played; the AIs do not act (the test
    submits the record's own actions)."""
    rec = load_record(REPRO)
    rest = rec.actions[49:]
    rec.actions = rec.actions[:49]
    harness.app.settings.speed = "normal"
    harness.start(match=Match.from_record(rec))
    t = harness.table
    t.apply_settings()
    monkeypatch.setattr(t.pacer, "update", lambda dt, submit: None)
    harness.run_until(lambda: not t.busy(), 3000)
    return harness, t, rest


def test_the_badge_follows_every_step_and_agrees_with_the_fight(repro):
    h, t, rest = repro
    fights = strengths = 0
    for a in rest:
        assert t.submit(a)
        for _ in range(5000):
            if not t.busy():
                break
            if t.steps.waiting():                                # the round's score sheet: Continue
                t.release_step()
            h.step()
            if t.table.drawn_strength is None:
                continue
            assert t.table.drawn_strength == row_strength(t), (a, t.caption)
            f = t.shown.fight.get(t.viewer)
            if f is not None:
                fights += 1
                assert t.table.drawn_strength == f["strength"], (a, t.caption)
            if t.caption.startswith("Your strength \u22121"):     # Strength −1 cast on me by Cleo
                strengths += 1
                assert t.table.drawn_strength == 15
        h.step()
        assert t.view_mismatches == []
        assert t.table.drawn_strength == t.obs().strength, a
    assert fights and strengths


@pytest.mark.parametrize("seed", [5, 8])
def test_whole_games_the_badge_equals_the_observed_strength_once_settled(home, seed):
    from game.app.headless import HeadlessApp
    from game.match import SeatSpec

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    seats = [SeatSpec("P0", "ai", "heuristic")] + [SeatSpec(f"P{i}", "ai", "random") for i in (1, 2)]
    h.start(match=Match("bossquest", seats, seed=seed))
    t, last, checked = h.table, -1, 0
    for _ in range(200000):
        if h.scene is not t:
            break
        if not t.busy() and len(t.match.log) != last:
            last = len(t.match.log)
            obs = t.obs()
            assert t.shown.strength == obs.strength, f"after {last} actions"
            checked += 1
        h.step()
    assert t.match.outcome() is not None and checked > 20 and t.view_mismatches == []
    h.close()
