"""Boss Quest's table: the layout fits 2-5 players, a turn by posted events (Take 1, the
pawn dragged onto the Magician, a spell dragged onto a row), drops that mean nothing snap
back with a reason, whole games with the view equal to the observation, and hot-seat
privacy (one human's hidden weapon and strength are never drawn for another)."""
from __future__ import annotations

import pygame
import pytest

from game.match import Match, SeatSpec
from game.rules import bossquest as bq

from table_checks import settled_views

# the Magician's row of a 3-player round: the mystery, then Strength +2, Boss HP +1, Swap, Cancel
FIRST = ["last_turn", "power_up2", "boss_up1", "swap", "cancel"]


def spells() -> list[str]:
    rest = [s.name for s in bq.SPELLS for _k in range(s.copies)]
    for name in FIRST:
        rest.remove(name)
    return FIRST + rest


@pytest.fixture
def table(harness):
    seats = [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random"), SeatSpec("Bram", "ai", "random")]
    m = Match("bossquest", seats, deck={"spells": spells()}, seed=5)    # explicit decks: seat 0 plays first
    harness.start(match=m)
    t = harness.table
    harness.run_until(lambda: not t.busy(), 3000)
    harness.step(n=30)                   # past ANSWER_GUARD: a key right away is for the question before
    return t


def pt(h, p):
    return h.app.view.pt(*p)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_layout_fits_without_overlap(harness, n):
    seats = [SeatSpec("You", "human")] + [SeatSpec(f"P{i}", "ai", "random") for i in range(1, n)]
    harness.start(match=Match("bossquest", seats, seed=n))
    zones = list(harness.table.layout.zones(n).items())
    for i, (a, r) in enumerate(zones):
        assert 0 <= r.left and r.right <= 1280 and 0 <= r.top and r.bottom <= 720, a
        assert not any(r.colliderect(o) for _b, o in zones[i + 1:]), a
    t = harness.table
    assert t.zone(0, "hand").bottom > t.zone(1, "hand").bottom         # my row is at the bottom


def test_take_one_then_pawn_to_the_magician_then_a_spell_onto_its_target(table, harness):
    h, t = harness, table
    assert t.can_play() and [b.label for b in t.answers] == ["Take 1", "Take 2", "Take 3", "Take 4", "Magician…"]
    assert "Enter" in t.table.status_text()[0]
    h.key(pygame.K_1)                                               # equip: one weapon
    assert t.match.log[0] == bq.equip(0, 1)
    assert h.run_until(lambda: t.can_play() and not t.busy(), 20000)
    assert t.view_mismatches == []
    h.drag(pt(h, t.table.pawn_pt(0)), pt(h, t.layout.shared("magician").center))
    assert t.table.visiting and len(t.match.log) >= 3                     # a pawn is not an action yet
    acts = [a for a in t.match.legal(0) if a.kind == "activate" and a["slot"] > 0
            and set(dict(a.params)) <= {"slot", "target"}]
    a = acts[0]                                                     # a spell on a row, or beside the boss
    where = t.zone(a["target"], "hand").center if a.get("target") is not None else t.layout.shared("boss").center
    n = len(t.match.log)
    h.drag(pt(h, t.table.slot_pt(a["slot"])), pt(h, where))
    assert t.match.log[n] == a
    h.run_until(lambda: not t.busy(), 3000)
    assert t.view_mismatches == [] and t.match.log[n].kind == "activate"
    assert any("to the Magician" in line for line in t.table_log.lines)


def test_after_the_pawn_is_dropped_on_the_magician_take_is_gone(table, harness):
    """Issue 14: after dropping the pawn on the Magician, "Take 1" still drew a weapon.  The
    engine forbids it once a visit is played; the pawn at the Magician (before a spell) is the
    table's, so the table no longer offers Take (buttons or keys 1-4) while the pawn is there.
    Issue 25: the pawn there is not a move yet (the visit is the spell), so Esc sends it home
    and Take is back (this test used to expect the pawn to stay after Esc)."""
    h, t = harness, table
    h.drag(pt(h, t.table.pawn_pt(0)), pt(h, t.layout.shared("magician").center))
    assert t.table.visiting and not t.match.log
    h.step()
    assert not any("Take" in b.label for b in t.answers)
    h.key(pygame.K_ESCAPE)                                          # the pawn goes home
    h.step()
    assert not t.table.visiting
    assert any("Take" in b.label for b in t.answers) and not t.match.log
    h.key(pygame.K_1)
    assert t.match.log[0] == bq.equip(0, 1)


def test_cancel_in_the_magicians_choice_puts_the_pawn_back(table, harness):
    """Issue 25: Cancel (or Esc) in the Magician's spell dialog left the pawn at the Magician
    with no Take buttons, though nothing was played.  Cancel puts the pawn back."""
    h, t = harness, table
    h.key(pygame.K_RETURN)                                          # Enter: the Magician
    assert t.choice is not None and t.table.visiting
    h.step()
    assert not any("Take" in b.label for b in t.answers)
    cancel = next(b for b in t.choice.buttons if b.label == "Cancel")
    h.click(pt(h, cancel.rect.center))
    h.step()
    assert t.choice is None and not t.table.visiting and not t.match.log
    assert [b.label for b in t.answers] == ["Take 1", "Take 2", "Take 3", "Take 4", "Magician…"]
    h.key(pygame.K_m)                                               # again, then a spell's targets, then Esc
    h.key(pygame.K_2)
    assert t.choice is not None and "Strength" in t.choice.title
    h.key(pygame.K_ESCAPE)
    h.step()
    assert t.choice is None and not t.table.visiting and not t.match.log


def test_enter_opens_the_magician_and_esc_sends_the_pawn_home(table, harness):
    h, t = harness, table
    h.key(pygame.K_RETURN)                                          # Enter: the Magician
    assert t.choice is not None and t.table.visiting
    h.key(pygame.K_ESCAPE)
    h.key(pygame.K_2)
    h.step()
    assert t.match.log[0] == bq.equip(0, 2)                        # nothing was played: Take is back


def test_drops_that_mean_nothing_snap_back_with_a_reason(table, harness):
    h, t = harness, table
    h.drag(pt(h, t.table.slot_pt(1)), pt(h, t.layout.shared("boss").center))      # Strength +2 on the boss
    assert not t.match.log and "knight" in t.toast.msg
    h.drag(pt(h, t.table.slot_pt(3)), pt(h, t.zone(0, "hand").center))            # Swap with myself
    assert not t.match.log and "not yourself" in t.toast.msg                   # the engine's own words
    h.drag(pt(h, t.table.slot_pt(2)), pt(h, t.zone(1, "hand").center))            # Boss HP +1 on Ada
    assert not t.match.log and "boss" in t.toast.msg


def test_keyboard_magician_choice_rows(table, harness):
    h, t = harness, table
    h.key(pygame.K_RETURN)                                          # Enter: the Magician
    assert t.choice is not None and t.choice.title == "The Magician"
    h.key(pygame.K_2)                                               # Strength +2 ...
    assert t.choice is not None and "Strength" in t.choice.title
    sub = t.choice.subtitle                                         # issue 25: a whole sentence, not "or drag..."
    assert sub[0].isupper() and sub.endswith(".") and not sub.lower().startswith("or "), sub
    h.key(pygame.K_RETURN)                                          # ... the first choice: on me
    assert t.match.log[0] == bq.activate(0, 1, target=0)


@pytest.mark.parametrize("n", [2, 5])
def test_whole_games_keep_the_view_equal_to_the_observation(home, n):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    seats = [SeatSpec(f"P{i}", "ai", "random") for i in range(n)]
    h.start(match=Match("bossquest", seats, seed=10 + n))
    t = h.table
    checked = settled_views(h, t)
    assert t.match.outcome() is not None and checked > 10
    assert t.view_mismatches == []
    kinds = {e.kind for events in t.match.action_events for e in events}
    assert {"fight", "round_end", "keys", "activate"} <= kinds
    for events in t.match.action_events:                           # a resumed game rebuilds its log
        for e in events:
            t.table.describe(e.kind, e.data)
    assert t.table.result_note(t.match.outcome(), t.match.observe(None), 0, True).count(",") == 1
    h.close()


def test_hot_seat_my_hidden_weapon_and_strength_are_never_drawn_for_the_other(harness):
    h = harness
    seats = [SeatSpec("Ann", "human"), SeatSpec("Ben", "human")]
    h.start(match=Match("bossquest", seats, seed=4, options={"armorer": 1}))
    t = h.table
    assert t.curtain_for == 0
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    h.step(n=30)                                                    # past ANSWER_GUARD: the question was read
    mine = bq.WEAPONS[t.match.state.hidden[0]]
    face = f"weapon_{mine.colour}_{mine.value}"
    h.step()
    assert face in t.table.drawn_faces and t.table.drawn_strength == t.match.state.strength(0)
    h.key(pygame.K_1)                                               # Ann takes a weapon; Ben's turn
    assert t.match.log and t.match.log[0].seat == 0
    for _ in range(400):
        h.step()
        assert face not in t.table.drawn_faces
        assert t.table.drawn_strength in (None, t.match.state.strength(1))
        if t.curtain_for == 1:
            h.key(pygame.K_RETURN)
        if t.viewer == 1 and not t.busy() and t.curtain_for is None:
            break
    assert t.viewer == 1 and t.table.drawn_strength == t.match.state.strength(1)
    assert face not in t.table.drawn_faces


def test_log_lines_say_spell_strength_with_a_true_minus_and_an_empty_last_turn_in_words(table):
    t = table
    line = t.table.describe("strength", {"target": 1, "delta": -2, "modifier": -1})
    assert line == "Ada: strength \u22122 from spells (\u22121 in all)"
    assert t.table.describe("last_turn", {"players": []}) == "Last turn! Everyone is at the Magician already"
    assert t.table.describe("last_turn", {"players": [1, 2]}) == "Last turn! One last action for Ada and Bram"
    assert t.table.describe("last_turn", {"players": [0, 2]}) == "Last turn! One last action for you and Bram"
    assert t.table.describe("wait", {"seat": 0}) == "No spell left for you"             # "you" inside a sentence
    assert t.table.describe("swap", {"seat": 1, "target": 0}) == "Ada swaps hidden weapons with you"


def test_long_names_keep_their_plate_and_choice_tiles_wrap_instead_of_shrinking(harness, monkeypatch):
    h = harness
    seats = [SeatSpec("Bartholomew Longname", "human"), SeatSpec("Maximiliana", "ai", "random"),
             SeatSpec("Ada", "ai", "random")]
    m = Match("bossquest", seats, deck={"spells": spells()}, seed=5, options={"armorer": 0})
    h.start(match=m)
    t = h.table
    h.run_until(lambda: not t.busy() and t.can_play(), 20000)
    assert t.shown.armorer == 0 and t.table.plate_note(0) == ""          # the name keeps the plate; the top bar says it
    if t.shown.armorer != 1:                                        # not the Armorer: its level, if it fits
        assert t.table.plate_note(1) in ("", "Easy")
    assert t.table.plate_note(2) == "Easy"                                # a short name has room for its level
    wrapped = []
    orig = type(t)._choice_text_tile
    monkeypatch.setattr(type(t), "_choice_text_tile", lambda self, surf, b: (wrapped.append(b.label),
                                                                             orig(self, surf, b)))
    opts = [(t.table.action_label(bq.activate(0, 1, target=s)), ("x", s), None) for s in range(3)]
    t.choice_row("Strength +2", "", opts + [(t.table.action_label(bq.discard(0, 1)), ("d",), None)])
    h.step()
    assert "On Maximiliana" in wrapped
    # issue 25: every text tile is drawn so, its key hint apart from the label (this test used to
    # expect a short label to keep the plain button, with the hint right after the label)
    assert "Discard" in wrapped


LONG = [f"Maximilianus {i}" for i in range(1, 6)]                  # 14 characters, the longest a name may be


def sheet_table(home):
    """Five seats with the longest names, the human at seat 0, animations on (the sheet waits),
    and a round's score sheet queued."""
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="normal", home=str(home))
    seats = [SeatSpec(LONG[0], "human")] + [SeatSpec(n, "ai", "random") for n in LONG[1:]]
    h.start(match=Match("bossquest", seats, seed=3))
    t = h.table
    h.run_until(lambda: not t.busy(), 3000)
    t.table.fights = {0: {"seat": 0, "strength": 21, "status": "in", "perfect": False, "distance": 2, "winner": True},
                1: {"seat": 1, "strength": 25, "status": "bust", "perfect": False, "distance": 0, "winner": False}}
    t.table.ev_round_end({"round": 3, "hp": 23, "keys_won": [1, 0, 2, 0, 0], "hearts_lost": [0, 1, 0, 1, 1],
                    "keys": [3, 1, 4, 0, 2], "hearts": [3, 2, 3, 1, 0]})
    return h, t


def test_enter_while_the_round_sheet_builds_shows_every_row_and_the_next_enter_continues(home):
    h, t = sheet_table(home)
    assert h.run_until(lambda: t.sheet is not None and 0 < t.sheet.lines < len(t.sheet.rows), 600)
    h.key(pygame.K_RETURN)                                          # still building: every row at once
    assert t.sheet.lines == len(t.sheet.rows) and t.steps.waiting()
    h.key(pygame.K_RETURN)                                          # Continue
    assert h.run_until(lambda: t.sheet is None, 60)
    h.close()


def test_the_round_sheet_keeps_five_long_names_at_16_px_or_more(home, monkeypatch):
    from game.app.table import draw as kit_draw

    h, t = sheet_table(home)
    assert h.run_until(lambda: t.steps.waiting(), 3000)
    v, fonts, drawn = h.app.view, h.app.fonts, []

    def spy(surf, ctx, s, pos, size=18, color=None, bold=False, anchor="topleft", max_w=None, shadow=False):
        px = v.n(size) if max_w is None else fonts.fit(s, v.n(size), v.n(max_w), bold)
        drawn.append((s, px))
    monkeypatch.setattr(kit_draw, "text", spy)
    t.draw_sheet(h.app.screen)
    heads = [(s, px) for s, px in drawn if s.startswith("Maximilianus")]
    assert len(heads) == 5 and all(px >= v.n(16) for _s, px in heads), heads
    assert all(px >= v.n(16) for _s, px in drawn), drawn             # the labels and values too
    h.close()


def test_the_log_never_names_a_hidden_weapon_exchanged_by_another_player():
    """Issue 14: "X casts Exchange a weapon: blue 5" named the old hidden weapon (now the top of
    the deck) to everyone.  The lines a seat's log makes from the events it receives name it no
    more; the face-up exchange still names its weapon."""
    from game.app.games import bossquest_lines
    from game.core.actions import events_for
    from game.core.rules import GameConfig

    head = ["blue5", "red2", "green3", "yellow1", "red1", "green1", "yellow5", "purple2"]
    weapons = head + [w for w in bq.WEAPON_NAMES if w not in head]
    row = ["exchange", "exchange", "boss_up1", "need_red"]
    rest = [s.name for s in bq.SPELLS for _k in range(s.copies)]
    for name in row:
        rest.remove(name)
    state = bq.RULES.new_game(GameConfig(3), deck={"weapons": weapons, "spells": row + rest})

    from game.app.table import TableScene

    class Log:                      # the kit's wording helpers over three named seats
        n = 3
        is_you, by_seat = TableScene._is_you, TableScene.by_seat

        def who(self, seat):
            return f"P{seat}"

        name = who

        @property
        def kit(self):              # the lines read the kit through the table object's ``kit``
            return self

    def lines(action, seat):
        _s, events = bq.RULES.apply(state, action)
        return [bossquest_lines.line(Log(), e.kind, dict(e.data)) or "" for e in events_for(events, seat)]

    hidden = bq.weapon_text("blue5")
    for seat in (1, 2, None):
        seen = lines(bq.activate(0, 1, weapon="blue5"), seat)
        assert not any(hidden in ln for ln in seen), seen
        assert any("hidden weapon" in ln for ln in seen), seen
    assert any(bq.weapon_text("yellow1") in ln for ln in lines(bq.activate(0, 1, weapon="yellow1"), 1))


def test_the_number_keys_answer_by_their_place_on_an_azerty_keyboard(table, harness):
    """On AZERTY the number row gives "&", "é", "\\""... without Shift (SDL's key is the layout's
    character): the "1" of "Take 1" did nothing for a French player.  A key of the number row is
    its digit by its place (scancode), on every layout."""
    h, t = harness, table
    assert t.can_play() and t.answers[0].label == "Take 1"
    for kind in (pygame.KEYDOWN, pygame.KEYUP):                     # the AZERTY "1" key: "&"
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_AMPERSAND, mod=0, unicode="&",
                                             scancode=pygame.KSCAN_1))
    h.step()
    assert t.match.log and t.match.log[0] == bq.equip(0, 1)
