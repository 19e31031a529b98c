"""A "Phone" seat (issue 28): the seat kind in records, the Match's predicates, the command
line's seats, the opener, the default names, setup, the curtain's people, the results'
headline and what a save keeps of the phones (no network here: tests/app/test_phone_table.py)."""
from __future__ import annotations

import json

import pytest

from game.app.main import parse_seats, with_opener
from game.app.phones import kept_ok
from game.app.seating import default_names, name_seats
from game.app.table.privacy import Privacy
from game.match import GameRecord, Match, RecordError, SeatSpec


def seats(*kinds):
    return [SeatSpec(f"P{i + 1}", k) for i, k in enumerate(kinds)]


# ------------------------------------------------------------------------------ the seat kind
def test_a_phone_seat_is_saved_and_read_back_as_a_phone_seat(tmp_path):
    m = Match("masterbluff", seats("human", "phone", "ai"), seed=3)
    m.save(tmp_path / "g.json")
    back = Match.load(tmp_path / "g.json")
    assert [s.kind for s in back.seats] == ["human", "phone", "ai"]
    assert SeatSpec.from_json({"name": "Bram", "kind": "phone"}) == SeatSpec("Bram", "phone")


def test_an_unknown_seat_kind_is_refused_with_the_three_kinds_named():
    with pytest.raises(RecordError, match="'human', 'phone' or 'ai'"):
        SeatSpec.from_json({"name": "Bram", "kind": "robot"})


def test_the_match_tells_a_person_a_phone_and_a_person_at_this_screen():
    m = Match("death", seats("human", "phone", "ai"), seed=1)
    assert [m.is_human(s) for s in range(3)] == [True, True, False]      # never played by the AI
    assert [m.is_phone(s) for s in range(3)] == [False, True, False]
    assert [m.is_local(s) for s in range(3)] == [True, False, False]     # the curtain's people


def test_undo_never_takes_back_a_phone_players_move():
    """The undo rule about other people: a phone seat's move since is one (an AI's is not)."""
    from game.core.actions import Action

    for other, refused in (("phone", True), ("ai", False)):
        m = Match("death", [SeatSpec("Ann", "human"), SeatSpec("Bram", other), SeatSpec("Cleo", "ai")], seed=1)
        m.record.actions[:] = [Action.make(0, "stand"), Action.make(1, "stand")]
        m.action_events[:] = [(), ()]                       # nothing revealed: only the rule on people
        why = m.undo_refusal(0)
        assert (why == "That move cannot be taken back: Bram has played since.") is refused, why


def test_the_command_line_seats_take_phone():
    got = parse_seats("human,phone,ai:hard")
    assert [(s.kind, s.level) for s in got] == [("human", "normal"), ("phone", "normal"), ("ai", "hard")]
    with pytest.raises(ValueError, match="human, phone or ai"):
        parse_seats("phone:hard")
    with pytest.raises(ValueError, match="human, phone or ai"):
        parse_seats("tablet")


def test_the_opener_is_the_first_person_a_phone_included():
    """Fireball Court's first-round tie goes to the first person's seat (a phone's too)."""
    assert with_opener("court", seats("ai", "phone"), None) == {"opener": 1}
    assert with_opener("court", seats("ai", "ai"), None) == {"opener": "random"}


def test_a_phone_seat_is_named_like_a_person_and_never_you():
    assert default_names(["phone", "ai", "ai"])[0] == "Player 1"          # alone: still not "You"
    assert default_names(["human", "ai", "ai"])[0] == "You"               # as before
    assert default_names(["human", "phone", "ai"])[:2] == ["Player 1", "Player 2"]
    assert name_seats(["phone", "ai"], ["You", None])[0] == "Player 1"     # a typed "You" on a phone
    assert name_seats(["phone", "ai"], ["Bram", None])[0] == "Bram"


# ------------------------------------------------------------------------------ who sees what
def test_the_curtain_counts_the_people_at_this_screen_only():
    alone = Privacy(Match("masterbluff", seats("human", "ai", "ai"), seed=3))
    assert (alone.humans, alone.hotseat, alone.public, alone.viewer, alone.hidden) == ([0], False, False, 0, False)
    assert alone.may_act(0) and not alone.may_act(1)
    # one person here and phones: the phone players see this screen too, so it is hot seat (a
    # trial found the desk player's hand face up all game in front of them)
    m = Match("masterbluff", seats("human", "phone", "phone"), seed=3)
    one = Privacy(m)
    assert (one.humans, one.hotseat, one.public, one.viewer, one.hidden) == ([0], True, False, 0, True)
    while 0 not in m.to_act():                                      # the phones play until it is 0's turn
        assert one.check() is False and not one.may_act(0)
        m.submit(next(iter(m.legal(m.to_act()[0]))))
    assert not one.may_act(0) and not one.may_act(1)              # not before the curtain
    assert one.check() and one.curtain_for == 0
    assert one.lift() == 0 and one.may_act(0) and not one.may_act(1)
    two = Privacy(Match("masterbluff", seats("human", "phone", "human"), seed=3))
    assert (two.humans, two.hotseat, two.public) == ([0, 2], True, False)


def test_a_table_with_no_person_at_the_screen_is_public_for_good():
    m = Match("masterbluff", seats("ai", "phone", "phone"), seed=3)
    p = Privacy(m)
    assert (p.humans, p.public, p.hotseat, p.viewer, p.hidden) == ([], True, True, 1, True)
    for _ in range(30):
        assert p.check() is False and p.curtain_for is None            # never a curtain
        assert not any(p.may_act(s) for s in range(3))                  # nobody acts with the mouse
        assert p.hidden                                                  # no seat's secrets shown
        if m.outcome() is not None:
            break
        seat = m.to_act()[0]
        m.submit(next(iter(m.legal(seat))))
        p.after_action(seat)
    assert p.lift() is None


def test_an_all_ai_table_is_not_a_public_table():
    p = Privacy(Match("masterbluff", seats("ai", "ai", "ai"), seed=3))
    assert (p.public, p.hotseat, p.hidden) == (False, False, False)


# ------------------------------------------------------------------------------ saves
def test_a_save_keeps_the_phones_and_an_old_save_loads_without_them(tmp_path):
    m = Match("masterbluff", seats("phone", "phone", "ai"), seed=3)
    kept = {"room": "ACDE", "port": 8741, "secrets": {"1": "a" * 32}}
    m.record.phones = kept
    m.save(tmp_path / "g.json")
    assert json.loads((tmp_path / "g.json").read_text())["phones"] == kept
    assert Match.load(tmp_path / "g.json").record.phones == kept
    old = Match("masterbluff", seats("human", "ai", "ai"), seed=3)
    old.save(tmp_path / "old.json")
    assert "phones" not in json.loads((tmp_path / "old.json").read_text())     # as before
    assert Match.load(tmp_path / "old.json").record.phones is None


@pytest.mark.parametrize("hostile", [
    "ACDE", [1, 2], 7, None, {"room": "abcd1", "port": "8741", "secrets": {"1": "short"}},
    {"room": "ACDE", "port": True, "secrets": {"²": "a" * 32, "-1": "a" * 32, "1": 5}},
    {"room": "ACDE", "port": 80, "secrets": [["1", "a" * 32]]},
])
def test_a_hostile_phones_entry_is_ignored_and_never_crashes(tmp_path, hostile):
    rec = Match("masterbluff", seats("phone", "phone", "ai"), seed=3).record.to_json()
    rec["phones"] = hostile
    (tmp_path / "g.json").write_text(json.dumps(rec))
    m = Match.load(tmp_path / "g.json")
    got = kept_ok(m.record.phones)
    assert set(got) <= {"room", "port", "secrets"}
    assert got.get("secrets", {}) == {}
    assert "port" not in got
    GameRecord.from_json(rec)            # the record reads


# ------------------------------------------------------------------------------ setup
def test_setup_offers_phone_remembers_it_and_says_what_it_means(harness):
    from game.app.scenes.setup import KINDS, PHONE_KIND

    h = harness
    h.app.open_menu()
    h.step()
    h.app.open_setup("masterbluff")
    h.step()
    s = h.scene
    assert KINDS[PHONE_KIND] == "Phone"
    s.set_kind(1, PHONE_KIND)
    assert s.seat_kinds() == ["human", "phone", "ai"]
    assert [x.kind for x in s.seat_specs()] == ["human", "phone", "ai"]
    assert s.names[0].value == "Player 1" and s.names[1].value == "Player 2"
    assert "Wi-Fi" in s.level_help() and "code to scan" in s.level_help()
    assert h.app.setup_memory["masterbluff"]["levels"][:2] == ["human", "phone"]
    h.app.pop()
    h.step()
    h.app.open_setup("masterbluff")
    h.step()
    assert h.scene.seat_kinds() == ["human", "phone", "ai"]            # remembered


def test_the_results_say_you_win_only_to_a_lone_person_with_no_phone_at_the_table(harness):
    """The big screen is everyone's once a phone sits at the table: "You win!" would name
    nobody (the winner is named instead)."""
    from game.core.rules import Outcome

    got = {}
    for kinds in (("human", "ai", "ai"), ("human", "phone", "ai")):
        m = Match("court", [SeatSpec("You" if kinds[1] == "ai" and i == 0 else f"P{i}", k)
                            for i, k in enumerate(kinds[:2])], seed=3)
        m.outcome = lambda: Outcome((0,), (1, 2), (7, 3))
        harness.app.open_results(m, 0)
        harness.step()
        got[kinds[1]] = harness.scene.headline
    assert got == {"ai": "You win!", "phone": "P0 wins!"}


def test_a_typed_name_stays_whatever_kind_its_seat_becomes_and_a_default_reads_as_one(harness, monkeypatch):
    """The phone trial: choosing Phone turned You/Bram/Cleo into Player 1/2/3.  Those were the
    defaults, drawn exactly like typed names.  A typed name stays through every kind (clicked on
    the seat's own Phone, AI and Human buttons); only a default follows the seat's kind, and it is
    drawn in the placeholder's colour, a typed name in the text's."""
    import pygame

    from game.app import theme as T
    from game.app import widgets
    from game.app.scenes.setup import KINDS, PHONE_KIND

    h = harness
    h.app.open_menu()
    h.step()
    h.app.open_setup("bossquest")
    h.step()
    s = h.scene

    def click_kind(seat: int, k: int) -> None:
        seg = s.rows[seat][2]
        w = seg.rect.width / len(KINDS)
        h.click(h.app.view.rect(pygame.Rect(seg.rect.x + w * k + 4, seg.rect.y + 4, w - 8, seg.rect.h - 8)).center)
        h.step()
        assert s.kinds[seat] == k

    def drawn_colours() -> dict:
        got = {}
        real = widgets.text
        monkeypatch.setattr(widgets, "text", lambda surf, ctx, st, pos, size, color=T.TEXT, *a, **k:
                            got.setdefault(st, color) and real(surf, ctx, st, pos, size, color, *a, **k))
        s.draw(h.app.screen)
        monkeypatch.setattr(widgets, "text", real)
        return got

    assert [f.value for f in s.names[:3]] == ["You", "Bram", "Cleo"]
    assert all(drawn_colours()[n] == widgets.PLACEHOLDER for n in ("You", "Bram", "Cleo")), "defaults read as such"
    h.click(h.app.view.rect(s.names[1].rect).center)
    h.type_text("Mia")                                       # seat 2 typed; seats 1 and 3 keep defaults
    for k in (PHONE_KIND, 3, 0, PHONE_KIND):                 # Phone, Hard, Human, Phone again
        for seat in range(3):
            click_kind(seat, k)
        assert s.names[1].value == "Mia" and s.seat_specs()[1].name == "Mia", KINDS[k]
    assert [f.value for f in s.names[:3]] == ["Player 1", "Mia", "Player 3"]     # the defaults followed
    colours = drawn_colours()
    assert colours["Mia"] == T.TEXT and colours["Player 1"] == colours["Player 3"] == widgets.PLACEHOLDER
    h.click(h.app.view.rect(s.names[0].rect).center)
    h.type_text("Ann")
    click_kind(0, 1)                                         # Easy: a typed name on an AI seat stays too
    assert [x.name for x in s.seat_specs()] == ["Ann", "Mia", "Player 3"]
    assert drawn_colours()["Ann"] == T.TEXT
