"""Every `wrong` entry of every lesson (assets/lessons/<game>.toml) is made on the table from its
own targets, at its step: the words shown are that entry's, and the move that drew them fits the
entry's ``match`` (the entry is chosen by the move, so its words are about the move made: a
selection of Jesters is never told about Ogres).  And every step's ``otherwise`` is what a legal
move that fits no entry is told."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.i18n import _
from game.match.lesson import Step, load

LESSONS = Path(__file__).resolve().parents[2] / "assets" / "lessons"
GAMES = sorted(p.stem for p in LESSONS.glob("*.toml"))
STEPS = [(g, k) for g in GAMES for k, s in enumerate(load(LESSONS / f"{g}.toml").steps) if s.kind == "you"]


def test_every_wrong_entry_says_how_to_make_it():
    """Each entry names its move's targets: the test below makes it on the table."""
    missing = [(g, k + 1, w.say[:40]) for g, k in STEPS for w in load(LESSONS / f"{g}.toml").steps[k].wrong
               if not w.targets]
    assert missing == []


def make(h, step: Step, entry, seen: list) -> None:
    """Make the move of ``entry`` on the table (its targets, then a choice tile that fits it)."""
    t, guide = h.table, h.table.lesson
    gesture = "drag" if len(entry.targets) >= 2 else "click"
    for _n in range(40):
        if guide.run.wrong_text:
            return
        if t.choice is not None:                      # a dialog: the tile of a move that fits the entry
            tile = next((b for b in t.choice.buttons if b.enabled and getattr(b, "action", None) is not None
                         and b.action != step.expect and step.entry(b.action) is entry), None)
            assert tile is not None, f"no choice in {[b.label for b in t.choice.buttons]} fits {entry.match}"
            h.click(h.app.view.pt(*tile.rect.center))
            continue
        g = guide.gesture_for(entry.targets, gesture)
        assert g is not None, f"the targets {entry.targets} are not on the table"
        h.do_gesture(g)
    raise AssertionError(f"{entry.targets} never made a move the lesson explains")


@pytest.mark.parametrize("game,k", STEPS, ids=[f"{g}-step{k + 1}" for g, k in STEPS])
def test_each_wrong_move_gets_words_true_of_it(harness, game, k):
    lesson = load(LESSONS / f"{game}.toml")
    step = lesson.steps[k]
    h = harness.lesson(game)
    t = h.table
    guide = h.lesson_to(k)
    run = guide.run
    seen: list = []                                   # every move the lesson was asked about
    check, check_all = run.check, run.check_all
    run.check = lambda a: (seen.append([a]), check(a))[1]
    run.check_all = lambda acts: (seen.append(list(acts)), check_all(acts))[1]
    moves = len(t.match.log)
    for n, entry in enumerate(step.wrong):
        run.wrong_text, t.toast.ttl = "", 0
        if t.choice is not None:
            t.cancel_choice()
        h.step(n=2)
        seen.clear()
        make(h, step, entry, seen)
        want = _(entry.say).format(**lesson.names())
        assert run.wrong_text == want, f"entry {n + 1} ({entry.match}): {run.wrong_text!r}"
        assert t.toast.msg == want
        assert seen, "the words came from no move"
        # the move (or every move the dropped cards could still become) fits the entry, and it is
        # the entry the move picks: the words are about this move
        for a in seen[-1]:
            assert a != step.expect and entry.fits(a) and step.entry(a) is entry, (n + 1, a.to_json())
        assert len(t.match.log) == moves and run.index == k       # nothing played
    # a legal move that fits no entry is told the step's ``otherwise``
    other = [a for a in t.match.legal(0) if a != step.expect and step.entry(a) is None]
    if t.choice is not None:
        t.cancel_choice()
    if other:
        run.wrong_text = ""
        assert t.submit(other[0]) is False
        assert run.wrong_text == _(step.otherwise).format(**lesson.names())
        assert len(t.match.log) == moves
