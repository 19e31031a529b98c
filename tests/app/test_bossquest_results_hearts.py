"""Boss Quest's results say why a player with more keys stands lower (the phone trial: "Player 3
wins!" with 2 keys and 1 heart ahead of Player 2 with 3 keys and 0 hearts, and nothing said why).
The rule (docs/RULES_NOTES.md, "Keys and hearts": a player who lost their last heart has lost)
is said in one whole sentence from ``game.words.bossquest.out_of_running``, under the standings,
in every language, "You" only for the lone person at the screen."""
from __future__ import annotations

import pytest

from game.app import transcript
from game.core import i18n
from game.app.widgets import fit_lines
from game.match import Match
from game.words.bossquest import out_of_running
from game.words.seats import SeatWords
from test_results_places import results
import test_results_places as places


def finished(seed: int, names=("Ana", "Bram", "Cleo"), kinds=("human", "ai", "ai")) -> Match:
    """A Boss Quest game played to its end by seeded random moves."""
    return places.finished("bossquest", len(names), seed, list(names), list(kinds))


@pytest.fixture
def rec():
    r = transcript.start()
    yield r
    transcript.stop()


def shown(rec) -> list[str]:
    return [str(i)[5:] for i in rec.frames[-1].items if str(i).startswith("text:")]


# ------------------------------------------------------------------------------ the words
def test_the_sentence_names_who_lost_their_last_heart():
    names = ["Ana", "Bram", "Cleo", "Dario"]
    public = SeatWords(names, 0, hotseat=True)          # nobody is "You"
    assert out_of_running(public, (2, 0, 1, 1)) == "Bram lost their last heart: out of the running."
    assert out_of_running(public, (2, 0, 0, 1)) == "Bram and Cleo lost their last hearts: out of the running."
    alone = SeatWords(names, 0)
    assert out_of_running(alone, (0, 2, 1, 1)) == "You lost your last heart: out of the running."
    assert out_of_running(alone, (0, 0, 1, 1)) == "You and Bram lost your last hearts: out of the running."
    assert out_of_running(alone, (1, 0, 1, 1)) == "Bram lost their last heart: out of the running."
    assert out_of_running(public, (1, 1, 2, 3)) == "", "everyone has a heart: nothing to explain"
    assert out_of_running(public, (0, 0, 0, 0)) == "", "nobody has one: they rank by keys alone"


@pytest.mark.parametrize("lang", ["it", "fr", "es", "de", "pt"])
def test_the_sentence_is_translated_with_the_names_in_it(lang):
    public = SeatWords(["Ana", "Bram", "Cleo"], 0, hotseat=True)
    try:
        i18n.set_language(lang)
        one, two = out_of_running(public, (1, 0, 1)), out_of_running(public, (1, 0, 0))
        you = out_of_running(SeatWords(["Ana", "Bram", "Cleo"], 0), (0, 1, 1))
    finally:
        i18n.set_language("en")
    assert "Bram" in one and "out of the running" not in one
    assert "Bram" in two and "Cleo" in two and "out of the running" not in two
    assert you and "Ana" not in you and "out of the running" not in you


# ------------------------------------------------------------------------------ the results
def test_the_results_say_why_more_keys_stand_lower(rec, harness):
    """Seed 9: Cleo ends with 3 keys and no heart, Ana wins with 2 keys and 2 hearts."""
    m = finished(9)
    obs = m.observe(None)
    assert (obs.keys, obs.hearts, m.outcome().winners) == ((2, 0, 3), (2, 2, 0), (0,))
    scene = results(harness, m)
    assert scene.rows[-1][1] == "Cleo"                                   # last, with the most keys
    assert scene.lines == ["Cleo lost their last heart: out of the running."]
    assert "Cleo lost their last heart: out of the running." in shown(rec)


def test_the_lone_person_here_reads_you_and_a_phone_table_reads_names(rec, harness):
    """Seed 25: Ana (seat 0) ends with 4 keys and no heart, Bram wins with 2."""
    m = finished(25)
    assert m.observe(None).hearts[0] == 0 and m.outcome().winners == (1,)
    assert results(harness, m).lines == ["You lost your last heart: out of the running."]
    phones = finished(25, kinds=("human", "phone", "ai"))                # the big screen is everyone's
    assert results(harness, phones).lines == ["Ana lost their last heart: out of the running."]


def test_no_line_when_every_player_keeps_a_heart(rec, harness):
    m = finished(1)
    assert all(h > 0 for h in m.observe(None).hearts)
    assert results(harness, m).lines == []
    assert not [s for s in shown(rec) if "out of the running" in s]


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "de", "pt"])
def test_the_line_fits_under_five_rows_in_every_language(rec, harness, lang):
    """Five players (the most), two of them out, with names of the longest length: the line is
    drawn whole between the last row and the buttons, never over them."""
    from game.app.seating import NAME_MAX
    from game.app.scenes.results import ResultsScene

    names = [c * NAME_MAX for c in "WMQNH"]
    m = next(x for x in (finished(s, names, ("human",) + ("ai",) * 4) for s in range(1, 80))
             if sum(1 for h in x.observe(None).hearts if h == 0) >= 2 and any(x.observe(None).hearts))
    try:
        harness.app.set_language(lang)
        transcript.CUT.clear()
        scene = results(harness, m)
        line = scene.lines[0]
        assert (lang == "en") == ("out of the running" in line), line            # in the App's language
        box = ResultsScene.lines_box(210 + 62 * 5 - 10)
        assert box.top >= 210 + 62 * 4 + 52 and box.bottom <= scene.rematch_button.rect.top
        size, lines = fit_lines(harness.app, line, 18, box.w, box.h, 12, line_floor=16)
        assert " ".join(lines) == line and len(lines) * size * 1.2 <= box.h, (size, lines)
        runs = shown(rec)
        assert all(ln in runs for ln in lines), (lines, runs)
        assert not transcript.CUT, transcript.CUT
    finally:
        harness.app.set_language("en")
