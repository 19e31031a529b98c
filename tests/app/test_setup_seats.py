"""Setup works for any player range (up to 20 seats) and names every seat naturally."""
from __future__ import annotations

import types

import pygame
import pytest

from game.app.main import parse_seats
from game.app.scenes.setup import KINDS, SetupScene
from game.app.seating import NAMES, default_names, name_seats, unique_names

BIG = types.SimpleNamespace(id="bigstub", title="Big Stub", min_players=3, max_players=20, default_options={})


def open_setup(h, rules=BIG, game="bigstub"):
    s = SetupScene(h.app)
    h.app.push(s, game=game, rules=rules)
    h.step()
    return s


def test_twenty_friendly_distinct_names():
    assert len(NAMES) >= 20 and len(set(NAMES)) == len(NAMES)
    names = default_names(["human"] + ["ai"] * 19)
    assert names[0] == "You" and len(set(names)) == 20


def test_naming_one_human_is_you_several_humans_are_players():
    assert default_names(["human", "ai", "ai"])[0] == "You"
    # a human's default is its seat's number (issue 25: numbering by count renamed other seats)
    assert default_names(["ai", "human", "human"])[1:] == ["Player 2", "Player 3"]
    # a typed "You" beside other humans would read "Pass the screen to You": it becomes Player N
    assert name_seats(["human", "human", "ai"], ["You", "", None])[:2] == ["Player 1", "Player 2"]
    assert name_seats(["human", "human"], ["Ann", "Ann"]) == ["Ann", "Ann 2"]
    assert unique_names(["Bo", "bo", " Bo "]) == ["Bo", "bo 2", "Bo 3"]


def test_parse_seats_follows_the_same_naming():
    seats = parse_seats("human,human,human,ai")
    assert [s.name for s in seats] == ["Player 1", "Player 2", "Player 3", NAMES[3]]
    assert parse_seats("ai," * 19 + "human")[-1].name == "You"
    assert len({s.name for s in parse_seats(",".join(["ai"] * 20))}) == 20


@pytest.mark.parametrize("players", [3, 5, 9, 14, 20])
def test_setup_lays_out_every_seat_inside_the_frame(harness, players):
    s = open_setup(harness)
    s.count_choice.set(players - BIG.min_players)
    harness.step()
    assert s.players == players and len(s.rows) == players
    frame = pygame.Rect(s.frame)
    rects = [w.rect for _i, f, k in s.rows for w in (f, k)] + [w.rect for w in s.widgets]
    assert all(frame.contains(r) for r in rects)
    assert all(r.height >= 24 for r in rects)                    # room for 16 px text
    assert all(f.size >= 16 and k.size >= 16 for _i, f, k in s.rows)
    seat_rects = [w.rect for _i, f, k in s.rows for w in (f, k)]
    for i, a in enumerate(seat_rects):                            # no two seat widgets overlap
        assert not any(a.colliderect(b) for b in seat_rects[i + 1:])
    names = [f.value for _i, f, _k in s.rows]
    assert names[0] == "You" and len(set(names)) == players
    harness.screenshot(harness.app.autosave_path("x").parent / f"setup_{players}.png")


def test_setup_names_follow_the_kinds_and_start_makes_them_unique(harness):
    s = open_setup(harness)
    s.count_choice.set(20 - BIG.min_players)
    s.rows[1][2].set(0)                                           # seat 2 becomes human
    assert [s.names[0].value, s.names[1].value] == ["Player 1", "Player 2"]
    s.rows[1][2].set(KINDS.index("Hard"))
    assert s.names[0].value == "You"
    s.names[2].value = s.names[3].value                           # a typed duplicate
    s.edited(2, s.names[2].value)
    specs = s.seat_specs()
    assert len({x.name for x in specs}) == 20 and specs[1].level == "hard"


def test_an_option_that_does_not_apply_is_greyed_out_and_left_out(harness):
    """Death over the Kingdom: "There can be only one" has no round count, so its Rounds
    choice is greyed out (not focusable) and never reaches the game's options."""
    from game.rules import death as D

    s = open_setup(harness, rules=D.RULES, game="death")
    rounds, mode = s.opt_widgets["multiplier"], s.opt_widgets["mode"]
    rounds.set(D.MULTIPLIERS.index(5))
    assert rounds.focusable() and s.options() == {"multiplier": 5}
    mode.set(2)                                                     # "There can be only one"
    assert not rounds.focusable() and s.options() == {"mode": "only_one"}
    mode.set(1)
    assert rounds.focusable() and s.options() == {"mode": "death_over_all", "multiplier": 5}


def test_setup_remembers_the_last_choices_of_each_game(harness):
    from game.rules import death as D

    s = open_setup(harness, rules=D.RULES, game="death")
    s.count_choice.set(5 - D.RULES.min_players)                       # 5 players
    s.rows[2][2].set(0)                                               # seat 3 human
    s.edited(2, "Ada")
    s.opt_widgets["mode"].set(2)
    s.remember()
    harness.app.pop()
    again = open_setup(harness, rules=D.RULES, game="death")
    assert again.players == 5 and again.kinds[2] == 0 and again.names[2].value == "Ada"
    assert again.options() == {"mode": "only_one"} and not again.opt_widgets["multiplier"].focusable()
    other = open_setup(harness)                                       # another game starts afresh
    assert other.players == 3
