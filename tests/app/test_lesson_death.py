"""Death over the Kingdom's lesson (assets/lessons/death.toml, issue 18): in play, at least once,
a stand, an exchange, the dealer's cut (the learner's own), a power (the learner's Thief), a
King, turned values and the token award; what its texts say happens is what the rules do; each
likely mistake is explained; a text about the round's result is read while the result is still
on the table; and setup explains the three modes while they are chosen."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.i18n import _
from game.match.lesson import load, verify
from game.rules import death

LESSON = Path(__file__).resolve().parents[2] / "assets" / "lessons" / "death.toml"
CARD = death.CARD_INDEX


@pytest.fixture(scope="module")
def lesson():
    return load(LESSON)


def played(lesson):
    """The lesson's match after its whole script, and every (action, event) in order."""
    m = lesson.new_match()
    seen = []
    for _i, a in lesson.script():
        seen += [(a, e) for e in m.submit(a)]
    return m, seen


def test_the_lesson_is_short_and_legal(lesson):
    assert verify(lesson) == []
    assert lesson.seats[0].name == "You" and 3 <= len(lesson.seats) <= 4
    assert all(s.kind == "ai" and s.level == "normal" for s in lesson.seats[1:])
    assert 12 <= len(lesson.steps) <= 30
    m, _seen = played(lesson)
    assert len(m.state.results) == 2 and m.outcome() is None          # two rounds; the game goes on
    for text in lesson.texts():                                       # the panel is narrow: short words
        assert len(_(text).format(**lesson.names())) <= 180, text


def test_every_listed_rule_happens_in_play(lesson):
    m, seen = played(lesson)
    kinds = {(a.seat, e.kind) for a, e in seen}
    mine = [a.kind for _i, a in lesson.script() if a.seat == 0]
    # the learner uses a power (the Thief: a look, then a swap) and cuts as the dealer
    assert mine == ["thief", "thief_swap", "cut"]
    # a stand and an exchange (the AIs), and a cut by an AI dealer too
    assert any(k == "stand" for _s, k in kinds) and any(k == "exchange" for _s, k in kinds)
    cuts = [(a.seat, e.data["card"]) for a, e in seen if e.kind == "cut"]
    assert cuts == [(1, "thief"), (0, "death")]                        # each by that round's dealer
    assert [r.dealer for r in m.state.results] == [1, 0]
    # a King, face up from the deal (the opening deal's events)
    assert [e.data for e in m.opening_events() if e.kind == "king"] == [{"seat": 3, "card": "king", "how": "deal"}]
    r1, r2 = m.state.results
    assert r1.cards[3] == CARD["king"]
    # turned values: round 1, the Princess turns the Knight (9 -> 3), the Innkeeper turns with a King
    # in play (1 -> 11); round 2, the Clown turns with a Queen in play (4 -> 8)
    assert (r1.cards[2], r1.values[2], r1.turned[2]) == (CARD["knight"], 3, True)
    assert (r1.cards[1], r1.values[1], r1.turned[1]) == (CARD["innkeeper"], 11, True)
    assert (r2.cards[2], r2.values[2], r2.turned[2]) == (CARD["clown"], 8, True)
    # the token award: the lowest value takes one, each round
    assert (r1.losers, r1.deltas) == ((2,), (0, 0, 1, 0))
    assert (r2.losers, r2.deltas) == ((1,), (0, 1, 0, 0))
    assert r2.values[1] == 5 and r2.cards[1] == CARD["bard"]           # "your old Bard's 5"
    assert r2.cards[0] == CARD["knight"]
    assert CARD["death"] not in r2.cards                              # Death was cut away: not in play


def test_what_the_texts_say_is_what_happens(lesson):
    """The story told: the learner looks at a Princess, gets Death by an exchange and cuts a Knight."""
    _m, seen = played(lesson)
    look = next(e for _a, e in seen if e.kind == "thief_look")
    assert (look.data["target"], look.data["card"]) == (2, "princess")
    got = next(e for a, e in seen if e.kind == "exchanged" and e.data["target"] == 0)
    assert (got.data["seat"], got.data["got"], got.data["gave"]) == (1, "bard", "death")
    drawn = [(e.data["seat"], e.data["card"]) for _a, e in seen if e.kind == "drawn"]
    assert drawn == [(1, "innkeeper"), (0, "knight")]
    texts = " ".join(lesson.texts())
    for words in ("Princess, a 10", "King", "cut", "Death always loses", "Knight, a 9", "turns to 8"):
        assert words in texts


def test_each_likely_mistake_is_explained_and_taken_back(harness, lesson):
    h = harness.lesson("death")
    t, guide = h.table, h.table.lesson
    for k, step in enumerate(lesson.steps):
        if step.kind != "you":
            continue
        h.lesson_to(k)                                # follow the lesson up to that step
        for w in [w for w in step.wrong if w.targets]:
            moves = len(t.match.log)
            guide.run.wrong_text = ""
            h.do_gesture(guide.gesture_for(w.targets, "drag" if len(w.targets) >= 2 else "click"))
            assert guide.run.wrong_text == _(w.say).format(**lesson.names())
            assert len(t.match.log) == moves and guide.run.index == k
    assert sum(len(s.wrong) for s in lesson.steps) == 4 and all(w.targets for s in lesson.steps for w in s.wrong)
    h.follow_lesson()
    assert guide.recap_open


def test_the_table_knows_the_lesson_targets(harness):
    h = harness.lesson("death")
    t = h.table
    for seat in range(4):                             # seatcard:<n>: the seat's card on the table
        r = t.table.lesson_target(f"seatcard:{seat}")
        assert r is not None and r.collidepoint(t.table.card_pt(seat))
    assert t.table.lesson_target("seatcard:9") is None and t.table.lesson_target("elsewhere:1") is None
    guide = t.lesson
    while guide.step.kind != "you":
        h.do_gesture(guide.gesture())
    h.step(n=5)
    stand = guide.target_rect("button:stand")         # an answer button by its move's kind
    assert stand is not None and stand == next(b.rect for b in t.answers if b.label == _("Stand"))
    assert guide.target_rect("button:cut") is None    # not the dealer this round: no Cut


def test_a_result_is_explained_while_it_is_on_the_table(harness, lesson):
    """The texts about a round's end are read under the held result, with the cards they speak
    of lit: one button at a time, the lesson's Next while more words about it follow (the
    table's Continue hidden), then Continue alone, which moves the lesson on too and deals the
    next round."""
    h = harness.lesson("death")
    t, guide = h.table, h.table.lesson
    first = next(i for i, s in enumerate(lesson.steps) if s.kind == "tell" and "All cards are shown" in s.text)
    h.lesson_to(first, until=lambda: guide.run.index == first and t.steps.waiting())
    assert t.table.revealing() and t.shown.values[2] == 3 and t.shown.turned[2]   # the Knight turned: 3
    assert guide.gesture() == ("next",) and guide.reading() and not t.continue_shown()
    assert guide.target_rect("seatcard:2") is not None
    # one rule a step: the turned value, the Princess's Knight, the Innkeeper, then the token
    last = first + 3
    assert [lesson.steps[i].kind for i in range(first, last + 1)] == ["tell"] * 4
    assert "Press Continue" in lesson.steps[last].text
    for k in range(first + 1, last + 1):
        h.key(pygame.K_SPACE)                         # Next
        assert guide.run.index == k and t.steps.waiting() and t.table.revealing()
        assert all(guide.target_rect(x) is not None for x in lesson.steps[k].targets)
        if k < last:                                  # more words about it: Next alone
            assert guide.gesture() == ("next",) and guide.reading() and not t.continue_shown()
    assert t.continue_shown() and not guide.reading()  # the last text about it: Continue alone
    from game.app.games.death_draw import own_value_pos   # the learner's value sits on their card
    assert t.shown.values[0] is not None and t.table.lesson_target("seatcard:0").collidepoint(own_value_pos(t.draw_kit(), 0))
    assert guide.gesture() == ("click", t.continue_button.rect.center)
    h.key(pygame.K_RETURN)                            # Continue: the lesson and the table go on
    assert guide.run.index == last + 1 and not t.table.revealing()


@pytest.mark.parametrize("players", [4, 20])
def test_setup_explains_each_mode_while_choosing(harness, players):
    """Issue 18: "Explain the three modes in setup": one plain sentence per mode, saying what
    changes in play, shown for the chosen mode and for the mode pointed at before a click."""
    from game.app.games.death import DeathTable

    s = harness.setup("death")
    s.set_players(players - death.RULES.min_players)
    harness.step()
    helps = DeathTable.SETUP_OPTION_HELP["mode"]
    assert s.option_help() == helps["base"]                           # the default mode, at once
    # what each line says is what the rules do (RULINGS.md section 1)
    assert "lowest card takes a token" in helps["base"] and "fewest tokens win" in helps["base"]
    assert "3, 2 and 1 tokens" in helps["death_over_all"] and "King" in helps["death_over_all"]
    assert death.OVER_ALL_TOKENS == (3, 2, 1) and death.KING_RETURN == 1
    assert "starts with 5 tokens" in helps["only_one"] and "loses one" in helps["only_one"]
    assert death.only_one_tokens(6) == 5 and death.only_one_tokens(7) < 5
    modes = s.opt_widgets["mode"]
    v = harness.app.view
    for i, (value, _label) in enumerate(DeathTable.SETUP_OPTIONS[0][2]):
        harness.post_mouse("move", v.pt(*modes.buttons[i].rect.center), 0)   # pointed at, not chosen
        harness.step()
        assert s.opt_index["mode"] == 0
        assert s.option_help() == helps[value]          # (the level line has its own place beside it)
        assert helps[value].count(".") == 1                           # one sentence


def test_death_dropped_on_the_discard_pile_is_told_how_to_cut(harness, lesson):
    """The cut step: Death dropped on the discard pile (a new user's way to throw it away) is
    told what is wrong with that (no move puts a card there; a cut does, from the deck), not
    only "Drop it on the table"."""
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "cut")
    h = harness.lesson("death")
    t = h.table
    guide = h.lesson_to(k)
    moves = len(t.match.log)
    h.do_gesture(guide.gesture_for(["card:death", "area:discard"], "drag"))
    said = guide.run.wrong_text
    assert said == t.toast.msg == _("You cannot throw a card on the discard pile. To cut, drop it on the deck "
                                    "(or press Cut): it is discarded and you take a random card.")
    assert len(t.match.log) == moves and guide.run.index == k
    h.follow_lesson()
    assert guide.recap_open


def test_a_card_dropped_on_the_bare_felt_is_told_where_it_may_go(harness, lesson):
    """Dropped where no zone is (the felt between the seats), a card is told where it may go,
    not "Drop it on the table" (it was on the table)."""
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "cut")
    h = harness.lesson("death")
    t = h.table
    guide = h.lesson_to(k)
    start = guide.gesture_for(["card:death", "area:discard"], "drag")[1]
    h.do_gesture(("drag", start, (1000, 560)))          # the empty felt right of the hand
    assert guide.run.wrong_text == t.toast.msg == _("Drop your card on a player, or on the deck")


def test_a_card_dropped_on_the_discard_pile_out_of_a_cut_is_told_what_goes_there(harness):
    """Outside the dealer's turn, the discard pile's words name every way a card goes there
    (a cut, a Trader's swap, a Dragon: RULINGS §1), not the cut alone."""
    h = harness.start("death", seats="human,ai,ai,ai", seed=3)
    t = h.table
    h.run_until(lambda: t.can_play() and not t.busy(), max_frames=3000)
    assert not [a for a in t.table._legal() if a.kind == "cut"]
    assert t.table.discard_why() == _("You cannot throw a card on the discard pile: a card goes there only by a cut, "
                                "a Trader's swap or a Dragon.")


def test_a_drop_during_the_thiefs_choice_is_told_to_swap_or_keep(harness, lesson):
    """Swap or Keep after the Thief's look: a new user dragged their card onto {p1} and was told
    "You exchange only with the player on your right, ..." (false here: it is the Thief's
    choice).  The words say what is pending; Enter (which has no Stand here) says it too."""
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "thief_swap")
    h = harness.lesson("death")
    t = h.table
    guide = h.lesson_to(k)
    moves = len(t.match.log)
    thief = t.obs().thief
    want = _("You used the Thief: now press Swap (S) to take {name}'s card, or Keep mine (K).").format(
        name=t.name(thief[1]))
    h.do_gesture(guide.gesture_for(["card:thief", "zone:seat1"], "drag"))
    assert guide.run.wrong_text == t.toast.msg == want
    assert "right" not in want and len(t.match.log) == moves
    t.toast.ttl = 0
    h.step()
    h.key(pygame.K_RETURN)
    assert t.toast.msg == want and len(t.match.log) == moves and guide.run.index == k
    h.follow_lesson()
    assert guide.recap_open
