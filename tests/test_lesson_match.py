"""The lesson format's wrong-move entries (game/match/lesson.py): a move is told the words of
the first entry its JSON fits (plain values, tests, a list's places by name), else
``otherwise``; a move begun is told words true of all it can still become; and a pattern that
could never fit (an unknown name or test) is refused when the lesson loads."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.match.lesson import LessonError, fits, parse
from game.rules.masterbluff import FAMILIES, discard

POS = {"counts": FAMILIES}


def lesson(wrong, otherwise="Do it the lesson's way."):
    return parse({
        "game": "masterbluff", "title": "t", "seats": [{"name": "You"}, {"name": "A"}, {"name": "B"}],
        "positions": {"counts": list(FAMILIES)}, "recap": ["r"],
        "step": [{"kind": "you", "text": "x", "expect": discard(0, (0, 0, 0, 0, 0, 3), "wizard").to_json(),
                  "otherwise": otherwise, "wrong": wrong}]})


def test_fits_plain_values_tests_and_named_places():
    assert fits("pass", "pass") and not fits("call", "pass")
    assert fits((0, 0, 0, 1, 0, 2), [0, 0, 0, 1, 0, 2])
    assert fits(3, {"min": 2, "max": 3}) and not fits(4, {"max": 3}) and not fits(True, {"min": 0})
    assert fits("discard", {"in": ["activate", "discard"]}) and not fits("equip", {"in": ["discard"]})
    assert fits(2, {"not": 1}) and not fits(1, {"not": 1})
    counts = [0, 0, 0, 1, 0, 2]                       # an Ogre and two Jesters
    assert fits(counts, {"ogre": {"min": 1}}, POS, "counts")
    assert not fits([0, 0, 0, 0, 0, 2], {"ogre": {"min": 1}}, POS, "counts")
    assert fits(counts, {"jester": {"max": 2}, "fairy": 0}, POS, "counts")


def test_the_first_entry_the_move_fits_gives_the_words():
    step = lesson([
        {"match": {"counts": {"ogre": {"min": 1}}}, "say": "keep your Ogres"},
        {"match": {"counts": {"jester": {"max": 2}}}, "say": "all 3 Jesters"},
    ]).steps[0]
    assert step.explain(discard(0, (0, 0, 0, 2, 0, 3), "wizard")) == "keep your Ogres"
    assert step.explain(discard(0, (0, 0, 0, 0, 0, 2), "wizard")) == "all 3 Jesters"   # no Ogre: not told of Ogres
    assert step.explain(Action.make(0, "pass")) == "Do it the lesson's way."
    # a move begun: the words every completion fits, else otherwise; none when the lesson's is among them
    two = [discard(0, (0, 0, 0, 0, 0, 2), f) for f in FAMILIES]
    assert step.explain_all(two) == "all 3 Jesters"
    assert step.explain_all(two + [discard(0, (0, 0, 0, 1, 0, 0), "ogre")]) == "Do it the lesson's way."
    assert step.explain_all([discard(0, (0, 0, 0, 0, 0, 3), f) for f in FAMILIES]) is None


@pytest.mark.parametrize("match", [
    {"counts": {"orge": {"min": 1}}},                 # a typo of a place's name: it would never fit
    {"n": {"min": 1, "ogre": 2}},                      # tests mixed with names
    {"n": {"min": "one"}},
])
def test_a_pattern_that_could_never_fit_is_refused(match):
    with pytest.raises(LessonError):
        lesson([{"match": match, "say": "words"}])


def test_an_entry_needs_a_match_and_words():
    with pytest.raises(LessonError):
        lesson([{"say": "words"}])
    with pytest.raises(LessonError):
        lesson([{"match": {"kind": "pass"}, "say": "w", "target": ["x"]}])   # (a typo of targets)
