"""Issue 25, names and setup memory: one name limit, said as you type; characters the font
cannot draw (most emoji) and right-to-left letters are refused with a reason, never drawn as
boxes or reversed; a right-to-left name from elsewhere is cut at its logical end; switching a
seat between Human and AI renames no other seat; a game's setup keeps its choices whichever
way the setup is left."""
from __future__ import annotations

import types

import pygame
import pytest

from game.app import widgets
from game.app.scenes.setup import KINDS
from game.app.seating import NAME_MAX, default_names, name_seats

BIG = types.SimpleNamespace(id="bigstub", title="Big Stub", min_players=3, max_players=20, default_options={})


def focus_name(h, s, i: int = 0):
    f = s.names[i]
    h.click(h.app.view.rect(f.rect).center)
    assert s.focus.current is f
    return f


def test_one_limit_everywhere_and_it_is_said_as_you_type(harness, monkeypatch):
    h = harness
    s = h.setup("masterbluff")
    assert all(f.max_len == NAME_MAX for f in s.names)
    f = focus_name(h, s)
    h.type_text("W" * (NAME_MAX - 4))
    drawn = []
    real = widgets.text
    monkeypatch.setattr(widgets, "text", lambda surf, ctx, st, *a, **k: drawn.append(st) or real(surf, ctx, st, *a, **k))
    h.step()
    assert f"{NAME_MAX - 4}/{NAME_MAX}" in drawn                  # the counter, while typing
    assert s.message is None
    h.type_text("W" * 10)                                          # past the limit
    assert f.value == "W" * NAME_MAX
    assert s.message and str(NAME_MAX) in s.message and "at most" in s.message
    drawn.clear()
    h.step()
    assert f"{NAME_MAX}/{NAME_MAX}" in drawn
    h.key(pygame.K_BACKSPACE)
    h.type_text("X")                                               # typing on: the refusal goes
    assert s.message is None and f.value.endswith("X")
    # the same limit for names from anywhere else
    assert name_seats(["human", "ai"], ["Q" * 40, None])[0] == "Q" * NAME_MAX


def test_a_character_the_font_cannot_draw_is_refused_with_a_reason(harness):
    h = harness
    s = h.setup("masterbluff")
    assert h.app.fonts.missing("Zoë Ådne Жанна") is None
    assert h.app.fonts.missing("🙂") == "🙂"                        # DejaVu has no glyph: a box
    f = focus_name(h, s)
    h.type_text("Ann🙂漢")
    assert f.value == "Ann"
    assert s.message and "box" in s.message
    h.type_text("é")
    assert f.value == "Anné" and s.message is None


def test_right_to_left_letters_are_refused_and_never_reversed(harness):
    h = harness
    s = h.setup("masterbluff")
    f = focus_name(h, s)
    h.type_text("מרים")                                            # Hebrew: nothing taken
    assert f.value == "You" and s.message and "Right-to-left" in s.message
    h.type_text("مرحبا Cleo")                                      # Arabic, then Latin
    assert f.value == " Cleo"                                      # the Latin part, in its order
    assert "Right-to-left" in s.message


def test_a_right_to_left_name_from_a_save_is_cut_at_its_logical_end(harness):
    from game.app.table.draw import ellipsize

    h = harness
    name = "مرحبا Cleo"
    cut = ellipsize(h.app, name, 16, 70, True, keep_tail=True)
    assert cut.endswith("…") and name.startswith(cut[:-1]) and len(cut) > 1
    # a left-to-right name keeps its tail (Player 12 -> Pl…12)
    assert ellipsize(h.app, "Player Number 12", 16, 70, True, keep_tail=True).endswith("12")


@pytest.mark.parametrize("players", [5, 9])
def test_switching_a_seat_renames_no_other_seat(harness, players):
    h = harness
    s = h.setup("bigstub", rules=BIG)
    s.count_choice.set(players - BIG.min_players)
    s.rows[1][2].set(0)                                  # three humans: nobody is "You" now
    s.rows[2][2].set(0)
    for seat in range(players):
        for kind in (0, KINDS.index("Hard"), 0, KINDS.index("Easy")):
            before = [f.value for f in s.names[:players]]
            humans_before = sum(k == 0 for k in s.kinds[:players])
            s.rows[seat][2].set(kind)
            after = [f.value for f in s.names[:players]]
            humans_after = sum(k == 0 for k in s.kinds[:players])
            lone = {humans_before, humans_after} & {1}   # the lone human's "You" <-> "Player N"
            for other in range(players):
                if other == seat:
                    continue
                if lone and s.kinds[other] == 0:
                    continue
                assert after[other] == before[other], (seat, kind, before, after)


def test_default_names_depend_on_the_seat_alone():
    assert default_names(["human", "human", "ai"]) == ["Player 1", "Player 2", default_names(["ai"] * 3)[2]]
    assert default_names(["human", "ai", "human"])[2] == default_names(["human", "human", "human"])[2] == "Player 3"


def test_deaths_setup_keeps_its_choices_however_it_is_left(harness):
    """It was kept only by Start: Back (or Learn to play) forgot the mode, rounds, players."""
    from game.rules import death as D

    h = harness
    s = h.setup("death")
    s.count_choice.set(6 - D.RULES.min_players)
    s.opt_widgets["mode"].set(1)
    s.opt_widgets["multiplier"].set(D.MULTIPLIERS.index(5))
    s.rows[3][2].set(KINDS.index("Hard"))
    f = focus_name(h, s, 1)
    h.type_text("Mara")
    h.key(pygame.K_ESCAPE)                               # Back, without Start
    assert h.app.stack.top is not s
    again = h.setup("death")
    assert again.players == 6 and again.kinds[3] == KINDS.index("Hard")
    assert again.options() == {"mode": "death_over_all", "multiplier": 5}
    assert again.names[1].value == "Mara"
    again.opt_widgets["mode"].set(0)
    h.app.pop()
    third = h.setup("death")
    assert third.options() == {"multiplier": 5}


def test_names_typed_in_one_games_setup_come_to_the_next_games(harness):
    """A family sets up Death, then King Thief Minister: the names typed in the first setup are
    there in the second (a trial retyped them for each game); a seat not typed keeps its default,
    and a game already set up keeps its own names."""
    h = harness
    s = h.setup("death")
    focus_name(h, s, 0)
    h.type_text("Ann")
    focus_name(h, s, 2)
    h.type_text("Cleo")
    h.key(pygame.K_ESCAPE)
    ktm = h.setup("ktm")
    assert ktm.names[0].value == "Ann" and ktm.names[2].value == "Cleo"
    assert ktm.names[1].value == default_names(ktm.seat_kinds())[1] and ktm.typed[1] is None
    focus_name(h, ktm, 1)
    h.type_text("Bram")
    h.key(pygame.K_ESCAPE)
    again = h.setup("death")                             # its own memory: Bram was typed elsewhere
    assert [again.names[i].value for i in (0, 2)] == ["Ann", "Cleo"] and again.typed[1] is None
    court = h.setup("court")                             # two seats: the first two names
    assert [court.names[i].value for i in range(2)] == ["Ann", "Bram"]
