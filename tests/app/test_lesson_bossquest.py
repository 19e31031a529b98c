"""Boss Quest's lesson (assets/lessons/bossquest.toml): followed by its own targets, it plays
every rule issue 18 lists for the game (equipping, the hidden weapon, the Magician, a spell,
bust, PERFECT, keys and hearts), each key won and heart lost is explained by the very next
step with the keys or hearts lit, and the table's lesson names (``lesson_target``) point at
what they say."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.match.lesson import load

LESSON = load(Path(__file__).resolve().parents[2] / "assets" / "lessons" / "bossquest.toml")


def events_by_step(lesson):
    """(step index, action, its events) for every scripted move, from a fresh match."""
    m = lesson.new_match()
    out = []
    for i, a in lesson.script():
        out.append((i, a, m.submit(a)))
    return m, out


def kinds(events, kind, **data):
    return [e for e in events if e.kind == kind and all(e.data.get(k) == v for k, v in data.items())]


def test_every_rule_of_the_issue_happens_in_play():
    m, moves = events_by_step(LESSON)
    learner = [(a, ev) for _i, a, ev in moves if a.seat == 0]
    every = [e for _i, _a, ev in moves for e in ev]
    # equipping: the learner takes weapons (twice), face up
    assert [a["n"] for a, _ev in learner if a.kind == "equip"] == [2, 1]
    assert len(kinds(every, "weapon", seat=0, how="equip")) == 3
    # the hidden weapon: dealt to the learner alone, then shown to all at the fight
    opening = m.rules.opening_events(m.initial)
    hidden = kinds(opening, "hidden", seat=0)
    assert hidden and hidden[0].to == (0,)
    reveal = kinds(every, "reveal")
    assert reveal and reveal[0].data["hidden"]["0"] == hidden[0].data["card"]
    # the Magician and spells: the learner's visits activate Strength +1 on themselves and Cancel
    visits = [(a, ev) for a, ev in learner if a.kind == "activate"]
    assert [kinds(ev, "activate")[0].data["card"] for _a, ev in visits] == ["power_up1", "cancel"]
    assert all(kinds(ev, "magician", seat=0) for _a, ev in visits)
    assert kinds(visits[0][1], "strength", target=0, delta=1)
    assert kinds(visits[1][1], "cancel", card="power_up2", target=0) and kinds(visits[1][1], "unbust", seat=0)
    # an AI takes the mystery spell unseen and aims it once turned up
    assert kinds(every, "mystery", seat=2) and kinds(every, "activate", seat=2, mystery=True)
    # bust: Mira goes over and stays over; the learner is pushed over by Mira's spell
    assert kinds(every, "bust", seat=1) and kinds(every, "fight", seat=1, status="bust")
    assert kinds(every, "bust", seat=0) and not kinds(every, "fight", seat=0, status="bust")
    # PERFECT: the learner's strength equals the boss's HP (round 1), then Otto's (round 2)
    perfect = kinds(every, "fight", perfect=True)
    assert [(f.data["seat"], f.data["strength"], f.data["hp"]) for f in perfect] == [(0, 20, 20), (2, 17, 17)]
    # keys and hearts
    assert [(e.data["seat"], e.data["why"]) for e in kinds(every, "keys")] == \
        [(0, "win"), (0, "perfect"), (2, "win"), (2, "perfect")]
    assert [e.data["seat"] for e in kinds(every, "heart_lost")] == [1]
    assert m.state.keys == (2, 0, 2) and m.state.hearts == (3, 2, 3) and m.outcome() is None
    assert 12 <= len(LESSON.steps) <= 30 and len(LESSON.seats) == 3


def test_each_key_won_and_heart_lost_is_explained_at_once():
    """The step after the move that won a key or lost a heart is a tell lighting that seat's
    keys or hearts (the next one may light the other)."""
    _m, moves = events_by_step(LESSON)
    moments = [(i, f"keys:{e.data['seat']}") for i, _a, ev in moves for e in ev if e.kind == "keys"]
    moments += [(i, f"hearts:{e.data['seat']}") for i, _a, ev in moves for e in ev if e.kind == "heart_lost"]
    assert moments
    for i, target in moments:
        after = LESSON.steps[i + 1:i + 3]
        assert all(s.kind == "tell" for s in after[:1]), f"step {i + 2} should explain {target}"
        assert any(target in s.targets for s in after if s.kind == "tell"), f"{target} is not lit after step {i + 1}"


def test_every_you_step_has_a_wrong_move_the_table_can_make():
    for i, s in enumerate(LESSON.steps):
        if s.kind == "you":
            assert s.wrong and s.wrong[0].targets, f"step {i + 1}"
            assert not s.wrong[0].fits(s.expect)


def test_the_lesson_names_point_at_what_they_say(harness):
    from game.app.games import bossquest_draw

    h = harness.lesson("bossquest")
    t = h.table
    guide = h.lesson_to(1)                            # the hidden weapon and the strength
    r = guide.target_rect("hidden:0")
    assert r.collidepoint(t.table.row_poses(0, t.table.row_count(0))[0]) and r.width == round(t.table.row_w(0))
    assert t.shown.hidden[0] is not None and t.shown.strength == 11
    guide = h.lesson_to(2)                            # Take 2: the kit lights the button itself
    take = {b.action["n"]: b for b in t.answers if getattr(b.action, "kind", "") == "equip"}
    assert guide.target_rect("take:4") == take[4].rect and guide.lit_rects() == [take[2].rect]
    assert guide.target_rect("take:9") is None and guide.target_rect("hearts:7") is None
    guide = h.lesson_to(14)                           # round 2: Mira's heart lost in round 1, the keys won
    r = guide.target_rect("hearts:1")
    px, first, _key = bossquest_draw.token_spots(t.draw_kit(), 1)
    assert r.collidepoint(first) and r.collidepoint(first[0] + 2 * (px + 4), first[1])
    assert t.zone(1, "token").contains(r) and t.shown.hearts[1] == 2
    assert guide.target_rect("keys:0").collidepoint(bossquest_draw.token_spots(t.draw_kit(), 0)[2]) and t.shown.keys[0] == 2
    assert guide.target_rect("sheet:1") is None                   # no score sheet up
    guide = h.lesson_to(19)                           # Cancel onto Mira's +2 on the learner's row
    r = guide.target_rect("active:0")
    assert t.shown.active[0].target == 0 and t.table.row_rect(0).contains(r)
    assert guide.target_rect("active:1") is None


def test_a_wrong_spell_is_explained_clear_of_the_targets_and_the_pawn_comes_home(harness):
    h = harness.lesson("bossquest")
    t = h.table
    guide = h.lesson_to(7)                            # Strength +1: drag it onto your row
    step = guide.step
    assert step.expect["target"] == 0
    pawn = t.table.pawn_pt(0)
    h.drag(h.app.view.pt(*pawn), h.app.view.pt(*t.layout.shared("magician").center))
    assert t.table.visiting and not [b for b in t.answers if getattr(b.action, "kind", "") == "equip"]
    wrong = next(w for w in step.wrong if dict(w.match).get("target") == 2)
    moves = len(t.match.log)
    for _n in range(4):
        h.do_gesture(guide.gesture_for(wrong.targets, "drag"))
        if guide.run.wrong_text:
            break
    assert guide.run.wrong_text == wrong.say.format(**LESSON.names())
    assert len(t.match.log) == moves
    assert not t.table.visiting                              # refused: the pawn is home, Take is offered again
    h.step(n=2)
    assert [b.action["n"] for b in t.answers if getattr(b.action, "kind", "") == "equip"] == [1, 2, 3, 4]
    toast = t.toast_rect()
    assert toast is not None and toast.collidelist(guide.lit_rects()) < 0
    h.follow_lesson()
    assert guide.recap_open


@pytest.mark.parametrize("text", LESSON.texts())
def test_texts_fit_the_panel(text):
    assert len(text.format(**LESSON.names())) <= 180


def test_the_keyboard_way_through_the_magician_is_lit(harness):
    """Enter opens the Magician's spell tiles: the lesson's spell is lit; its target tiles next:
    the lesson's target is lit; the keys play the step."""
    import pygame

    h = harness.lesson("bossquest")
    t = h.table
    guide = h.lesson_to(7)
    h.step(n=30)                                    # past ANSWER_GUARD: the question was read
    h.key(pygame.K_RETURN)
    tiles = [b for b in t.choice.buttons if getattr(b, "tile", False)]
    assert [b.action for b in tiles] == [("slot", k) for k in range(4)]
    assert guide.lit_rects() == [tiles[1].rect]                  # Strength +1
    assert guide.gesture() == ("click", tiles[1].rect.center)
    h.key(pygame.K_2)
    tiles = [b for b in t.choice.buttons if getattr(b, "tile", False)]
    assert guide.lit_rects() == [tiles[0].rect] and tiles[0].action == guide.step.expect    # on your own row
    h.key(pygame.K_1)
    assert t.match.log[-1] == LESSON.steps[7].expect and guide.run.index > 7


def test_the_spells_tell_lights_them_and_pointing_at_one_reads_it(harness):
    """The step before the first visit says: point at any spell to read what it does (H at
    once).  Its spells are lit, and pointing at one (or H) shows that spell's line."""
    import pygame

    from game.app.games.bossquest_help import SPELL_LINES
    from game.rules.bossquest import SPELL_NAMES

    h = harness.lesson("bossquest")
    t = h.table
    guide = h.lesson_to(6)
    assert guide.step.kind == "tell" and "Point at any spell" in guide.step.text
    lit = guide.lit_rects()
    assert [r for r in lit[:3]] == [pygame.Rect(t.layout.shared(f"spell_{k}")) for k in (1, 2, 3)]
    spot = t.help_spot_at(t.table.slot_pt(1))
    assert spot is not None
    h.post_mouse("move", h.app.view.pt(*t.table.slot_pt(1)), 0)
    h.step()
    h.key(pygame.K_h)
    shown = t.help_shown()
    card = SPELL_NAMES[t.shown.magician[1]]
    assert card == "power_up1" and shown is not None and shown.line == SPELL_LINES[card]


def _at_held_result(h, guide, k):
    """Follow the lesson to its step ``k``, a text read while the round's score sheet waits."""
    t = h.table
    guide = h.lesson_to(k, until=lambda: guide.run.index == k and t.steps.waiting() and t.sheet is not None
                        and t.sheet.lines == len(t.sheet.rows))
    return t, guide


def test_the_results_are_told_on_the_score_sheet_they_light(harness_at):
    """A round's result is told while its score sheet covers the table (play-test: the arrow
    pointed at Mira's hearts under the sheet): keys:, hearts: and sheet: light the sheet's
    words, the ones the text talks about.  The next round's words come after a move of it."""
    h = harness_at("normal").lesson("bossquest")
    guide = h.table.lesson
    names = LESSON.names()
    nine = LESSON.steps[9]                                 # Otto's mystery spell: the fight
    assert nine.kind == "they" and [s.kind for s in LESSON.steps[10:13]] == ["tell"] * 3
    assert LESSON.steps[13].kind == "they" and "Round 2" in LESSON.steps[13].text
    t, guide = _at_held_result(h, guide, 10)
    sh = t.sheet
    assert sh.title == "Round 1"
    keys = guide.target_rect("keys:0")
    assert keys == t.sheet_rect(0, 0).union(t.sheet_rect(2, 0))        # 20, PERFECT, +2
    assert sh.rows[1] == ("Against 20 HP", ["PERFECT", "bust", "1 off"])
    assert sh.rows[2] == ("Keys won", ["+2", "–", "–"])
    assert guide.lit_rects() == [keys] and t.layout.overlay("summary").contains(keys)
    h.key(next_key())
    assert guide.run.index == 11 and guide.target_rect("hearts:1") == t.sheet_rect(0, 1).union(t.sheet_rect(3, 1))
    assert sh.rows[3][1][1] == "\u22121"                    # Mira: one heart lost
    h.key(next_key())
    assert guide.run.index == 12 and guide.lit_rects() == [t.sheet_rect(1)]
    assert sh.rows[1][0] == "Against 20 HP"                   # the distances: the tie-break's row
    assert "fewer weapons" in LESSON.steps[12].text.format(**names)
    assert not guide.holds_continue()                     # the last words about round 1: Continue alone
    h.key(next_key())
    assert guide.run.index == 13 and h.run_until(lambda: t.sheet is None, 600)
    t, guide = _at_held_result(h, guide, 21)              # round 2: Otto's PERFECT, your hearts, the end
    sh = t.sheet
    assert guide.target_rect("keys:2") == t.sheet_rect(0, 2).union(t.sheet_rect(2, 2))
    assert sh.rows[1][1][2] == "PERFECT" and sh.rows[2][1][2] == "+2"
    h.key(next_key())
    assert guide.run.index == 22 and guide.lit_rects() == [t.sheet_rect(0, 0).union(t.sheet_rect(3, 0)),
                                                           t.sheet_rect(5, 0)]
    assert sh.rows[5][1][0] == "3"
    h.key(next_key())
    assert guide.run.index == 23 and guide.lit_rects() == [t.sheet_rect(4), t.sheet_rect(5)]
    assert [sh.rows[4][0], sh.rows[5][0]] == ["Keys", "Hearts"]
    assert not guide.holds_continue()                     # the last words: Continue, then the recap
    h.key(next_key())
    assert h.run_until(lambda: guide.recap_open, 600)


def next_key():
    """The lesson's Next (Space: while more words about a held result follow, Next is the only
    button; on the last of them the table's Continue takes Enter or Space)."""
    import pygame
    return pygame.K_SPACE


def test_the_magician_is_refused_at_once_in_a_take_step(harness):
    """A new user pressed Enter (the Magician…) at the "Take 2" step: the lesson says why at once,
    the pawn stays home and the Take buttons stay."""
    import pygame

    lesson = LESSON
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "equip")
    h = harness.lesson("bossquest")
    t = h.table
    guide = h.lesson_to(k)
    moves = len(t.match.log)
    h.step(n=30)                                    # past ANSWER_GUARD: the question was read
    h.key(pygame.K_RETURN)                            # the Magician… button's key
    assert guide.run.wrong_text and t.toast.msg == guide.run.wrong_text
    assert t.choice is None and not t.table.visiting and len(t.match.log) == moves
    assert any(getattr(b, "action", None) == lesson.steps[k].expect for b in t.answers)
    h.follow_lesson()
    assert guide.recap_open


def test_the_pawn_dropped_on_the_magician_is_refused_as_it_lands_in_a_take_step(harness):
    """A new user dragged the pawn onto the Magician at "press Take 1": it was accepted with no
    word, Take went away and 1 did nothing.  The lesson's refusal comes as the pawn lands (as
    Enter on the Magician is refused), the pawn stays home and Take 1 still plays."""
    lesson = LESSON
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "equip"
             and s.expect["n"] == 1)
    h = harness.lesson("bossquest")
    t = h.table
    guide = h.lesson_to(k)
    moves = len(t.match.log)
    v = h.app.view
    h.drag(v.pt(*t.table.pawn_pt(0)), v.pt(*t.layout.shared("magician").center))
    step = lesson.steps[k]
    wrong = next(w for w in step.wrong if "activate" in str(dict(w.match).get("kind")))
    assert guide.run.wrong_text == wrong.say.format(**lesson.names())
    assert t.toast.msg == guide.run.wrong_text
    assert not t.table.visiting and t.choice is None and len(t.match.log) == moves
    h.step(n=2)
    assert any(getattr(b, "action", None) == step.expect for b in t.answers)
    h.key(pygame.K_1)                                 # Take 1 plays
    assert guide.run.index > k and len(t.match.log) == moves + 1
