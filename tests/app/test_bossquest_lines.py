"""Boss Quest's words are whole sentences (issue 14): a line about the lone human is its own
sentence ("You get 1 key", "PERFECT! You hit ..."), never a name slot filled with "You"; plurals
through ngettext ("1 boss left"); a fighter who is out says why in words ("no yellow weapon",
never "(missing Yellow required)"), on the log line and on the round's score sheet."""
from __future__ import annotations

import re

import pytest

from game.ai.simulate import play_game
from game.match import Match, SeatSpec

from bq_checks import TextSpy


@pytest.fixture
def table(harness):
    seats = [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random"), SeatSpec("Bram", "ai", "random")]
    harness.start(match=Match("bossquest", seats, seed=5))
    t = harness.table
    harness.run_until(lambda: not t.busy(), 3000)
    return t


def test_perfect_and_group_lines_are_sentences_for_you_and_for_names(table):
    t = table
    assert t.table.describe("perfect", {"seats": [0], "winners": [0]}) == "PERFECT! You hit the boss's HP exactly"
    assert t.table.describe("perfect", {"seats": [1], "winners": []}) == "PERFECT! Ada hits the boss's HP exactly"
    assert t.table.describe("perfect", {"seats": [0, 2], "winners": []}) == "PERFECT! You and Bram hit the boss's HP exactly"
    assert t.table.describe("winner", {"seats": [0], "second": True}) == "You win the round as the second-closest"
    assert t.table.describe("winner", {"seats": [1, 2], "second": False}) == "Ada and Bram win the round"
    assert t.table.describe("game_over", {"winners": [1, 2]}) == "Ada and Bram share the win!"
    assert t.table.describe("keys", {"seat": 0, "n": 1, "why": "perfect"}) == "You get 1 key for the PERFECT"
    assert t.table.describe("keys", {"seat": 1, "n": 2, "why": "win"}) == "Ada gets 2 keys for the win"
    assert t.table.describe("heart_lost", {"seat": 0, "hearts": 2}) == "You lose a heart (2 left)"
    assert t.table.describe("strength", {"target": 0, "delta": -1, "modifier": -1}) == \
        "Your strength \u22121 from spells (\u22121 in all)"
    assert t.table.describe("activate", {"seat": 1, "slot": 1, "card": "power_down1", "target": 0, "effect": "strength",
                                   "mystery": False, "dark": True}) == "Ada casts Strength \u22121 on you"
    assert t.table.describe("activate", {"seat": 0, "slot": 1, "card": "power_up1", "target": 0, "effect": "strength",
                                   "mystery": False, "dark": True}) == "You cast Strength +1 on your own row"
    assert t.table.describe("cancel", {"seat": 1, "index": 0, "card": "need_red", "target": -1}) == \
        "Red required beside the boss is cancelled"
    from game.rules import bossquest as bq
    assert t.table.action_label(bq.activate(0, 1, target=0)) == "On your own row"


def test_out_says_why_in_words_on_the_line_and_the_sheet(table):
    t = table
    fight = {"seat": 1, "strength": 13, "hp": 16, "status": "out", "failed": ["need_yellow"], "perfect": False,
             "distance": None, "winner": False}
    line = t.table.describe("fight", fight)
    assert line == "Ada: strength 13, out: no yellow weapon" and "required" not in line
    two = dict(fight, seat=0, failed=["two_of_colour"])
    assert t.table.describe("fight", two) == "Your strength 13, but you are out: no two weapons of one colour"
    from game.app.games import bossquest_lines
    _title, rows = bossquest_lines.round_sheet(t.table, {"round": 2, "hp": 16, "keys_won": [0, 0, 0],
                                                   "hearts_lost": [0, 0, 0], "keys": [0, 0, 0],
                                                   "hearts": [3, 3, 3]}, {1: fight, 0: two})
    against = dict(rows)["Against 16 HP"]
    assert against[:2] == ["out: no pair", "out: no yellow"]
    assert bossquest_lines.out_cell(["need_red", "two_of_colour"]) == "no red, no pair"


def test_one_boss_left_is_singular_on_the_score_bar(table, harness, monkeypatch):
    t, spy = table, TextSpy(monkeypatch)
    t.shown.boss_left = 1
    harness.step()
    bar = [s for s in spy.texts() if s.startswith("Round ")]
    assert bar and bar[0].endswith("1 boss left") and "bosses" not in bar[0]


GLUE = re.compile(r"(?<!^)(?<!PERFECT! )\bYou\b|\bYou's\b|\bYou (is|has|gets|wins|takes|asks|goes|discards|casts|"
                  r"swaps|exchanges|loses|turns|chooses|deals|hits|gives)\b")


@pytest.mark.parametrize("seed", [2, 9])
def test_every_line_of_whole_games_is_a_sentence_about_you(table, seed):
    """The events of AI games, described for the lone human at seat 0: "You" only ever starts a
    sentence and takes its own verb form."""
    t = table
    m = play_game("bossquest", ["heuristic"] * 3, seed)
    lines = [t.table.describe(e.kind, e.data) for events in m.action_events for e in events]
    lines = [x for x in lines if x]
    assert len(lines) > 100 and any(x.startswith("You ") for x in lines)
    bad = [x for x in lines if GLUE.search(x)]
    assert bad == []
