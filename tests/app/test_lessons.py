"""Every game's lesson (assets/lessons/<game>.toml): its script is legal from its deal, a
learner who follows only the lesson's own targets (posted mouse and key events) reaches the
recap having played exactly the script, and a wrong move is explained, taken back, and can be
tried again."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.i18n import _
from game.match.lesson import load, verify

LESSONS = Path(__file__).resolve().parents[2] / "assets" / "lessons"
GAMES = sorted(p.stem for p in LESSONS.glob("*.toml"))


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_script_is_legal(game):
    lesson = load(LESSONS / f"{game}.toml")
    assert lesson.game == game
    assert verify(lesson) == []
    for text in lesson.texts():                       # every text formats with the seat names
        _(text).format(**lesson.names())


@pytest.mark.parametrize("game", GAMES)
def test_following_the_lesson_targets_completes_it(harness, game):
    lesson = load(LESSONS / f"{game}.toml")
    h = harness.lesson(game)
    t = h.table
    assert t is not None and t.lesson is not None, h.app.settings.message
    h.follow_lesson()
    assert t.lesson.recap_open
    played = [a for a in t.match.log][len(lesson.prelude):]
    assert played == [a for _i, a in lesson.script()]
    assert not t.view_mismatches


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_is_explained(harness, game):
    lesson = load(LESSONS / f"{game}.toml")
    k, wrong = next((i, s.wrong[0]) for i, s in enumerate(lesson.steps)
                    if s.kind == "you" and s.wrong and s.wrong[0].targets)
    h = harness.lesson(game)
    t, guide = h.table, h.table.lesson
    h.lesson_to(k)                                    # follow the lesson up to that step
    moves = len(t.match.log)
    want = _(wrong.say).format(**lesson.names())
    for _n in range(10):                              # select, then drop (or click)
        if t.choice is not None:                      # a dialog (a family to name): the tile of that mistake
            tile = next(b for b in t.choice.buttons if b.enabled and getattr(b, "action", None) is not None
                        and lesson.steps[k].entry(b.action) is wrong)
            h.click(h.app.view.pt(*tile.rect.center))
            break
        g = guide.gesture_for(wrong.targets, "drag" if len(wrong.targets) >= 2 else "click")
        assert g is not None, "the wrong move's targets are not on the table"
        h.do_gesture(g)
        if guide.run.wrong_text:
            break
    assert guide.run.wrong_text == want
    assert t.toast.msg == want
    assert len(t.match.log) == moves and guide.run.index == k      # nothing played
    h.follow_lesson()                                 # and the lesson still completes
    assert guide.recap_open


def test_every_game_has_a_lesson():
    from game.app.games import PLAYABLE

    assert sorted(PLAYABLE) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_recap_opens_over_the_last_result_not_a_new_deal(harness, game):
    """A lesson that ends on a held result (a round's score) opens its recap over it: the
    last Continue does not deal a new round under the recap; "Play on" goes on from there."""
    h = harness.lesson(game)
    t = h.table
    h.follow_lesson()
    moves = len(t.match.log)
    events = len(t.match.action_events)
    h.step(n=30)
    assert t.lesson.recap_open and len(t.match.log) == moves and len(t.match.action_events) == events


@pytest.mark.parametrize("game", GAMES)
def test_the_step_count_never_skips(harness, game):
    """The panel counts the steps with words (an AI's wordless move is not a step to the
    learner): the count shown goes up one at a time from 1 to the last."""
    h = harness.lesson(game)
    guide = h.table.lesson
    seen = []
    h.do_gesture = (lambda g, do=h.do_gesture: (seen.append(guide.step_number()), do(g)))
    h.follow_lesson()
    numbers = sorted(set(seen))
    assert numbers[0] == 1 and numbers == list(range(1, numbers[-1] + 1))
    assert numbers[-1] == sum(1 for s in guide.lesson.steps if s.text)
