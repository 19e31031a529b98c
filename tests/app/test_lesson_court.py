"""Fireball Court's lesson (assets/lessons/court.toml): it starts late in a round (a prelude of
the round's first plays), and, followed by its own targets, has the learner capture by number
and by senior card, lay a card that matches nothing on the felt, sweep the Court with a
Fireball and make the last capture; the round is then scored with the ravens' share and senior
sets while the lesson explains it.  The words match the table: a card the lesson says cannot
capture matches no stack, the numbers it quotes are the round's.  The table's lesson names
(``stack:<suit>``, ``felt``, ``captures:<seat>``) light the right places and lead the drags."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.i18n import _
from game.match.lesson import load
from game.rules.court import CARD_INDEX, CARDS, SENIORS, stack_of

LESSON = Path(__file__).resolve().parents[2] / "assets" / "lessons" / "court.toml"
YOU, ROSA = 0, 1


@pytest.fixture
def lesson():
    return load(LESSON)


def you_steps(lesson) -> list[int]:
    return [i for i, s in enumerate(lesson.steps) if s.kind == "you"]


def test_the_lesson_starts_late_in_a_round(lesson):
    """A round is 44 plays: the prelude plays most of it, so the lesson is short, and the
    learner starts on their own turn with the last card of the pile still to come."""
    m = lesson.new_match()
    assert 20 <= len(lesson.prelude) < 44
    assert m.to_act() == (YOU,)
    obs = m.observe(YOU)
    assert obs.pile_size == 1 and obs.round == 1 and obs.phase == "play"
    assert any(c == CARD_INDEX["fireball1"] for c in obs.hand)
    # the round's one Fireball already played (Rosa's) shows in her capture pile, as step 3 says
    assert CARD_INDEX["fireball2"] in obs.captures[ROSA]
    moves = len(lesson.prelude) + len(list(lesson.script()))
    assert moves == 44 and 10 <= len(lesson.steps) <= 30


def test_the_corner_counts_are_the_ones_the_lesson_quotes(lesson):
    """Step 3 compares the coin cards each player captured (the score is still 0-0: points are
    counted at the round's end, as step 2 says)."""
    m = lesson.new_match()
    obs = m.observe(YOU)
    coins = [sum(1 for c in obs.captures[s] if CARDS[c].kind == "coin") for s in (YOU, ROSA)]
    words = " ".join(_(s.text).format(**lesson.names()) for s in lesson.steps[:3])
    assert f"Rosa has more coin cards, {coins[ROSA]} to your {coins[YOU]}" in words and coins[ROSA] > coins[YOU]
    assert "points are counted when it ends" in words and tuple(obs.totals) == (0, 0)
    assert "drawn for you" in words and len(obs.hand) == 5           # the turn's draw already made


def test_following_the_lesson_plays_every_rule(harness, lesson):
    h = harness.lesson("court")
    t = h.table
    h.follow_lesson()
    assert t.lesson.recap_open
    played = list(zip(t.match.log, t.match.action_events))[len(lesson.prelude):]
    events = [(a, e) for a, evs in played for e in evs]
    mine = [e for a, e in events if a.seat == YOU]

    captures = [e.data for e in mine if e.kind == "capture"]
    by_number = [d for d in captures if d["suit"] not in SENIORS]
    by_senior = [d for d in captures if d["suit"] in SENIORS]
    assert by_number and by_senior, "the learner captures by number and by senior card"
    assert any(CARDS[CARD_INDEX[c]].kind == "raven" for d in by_number for c in d["cards"])
    lays = [e.data for e in mine if e.kind == "lay"]
    assert lays, "the learner lays a card that matches nothing on the felt"
    sweeps = [e.data for e in mine if e.kind == "sweep"]
    assert sweeps and len(sweeps[0]["stacks"]) >= 6, "the learner's Fireball sweeps a full Court"

    end = {e.kind: e.data for a, e in events if e.kind in ("leftovers", "raven_steal", "round_end")}
    assert end["leftovers"]["seat"] == YOU                    # the last capturer gets the leftovers
    steal = end["raven_steal"]
    assert steal["seat"] == YOU and steal["from"] == ROSA and steal["n"] == 2
    assert steal["ravens"][YOU] > steal["ravens"][ROSA]
    seats = end["round_end"]["seats"]
    assert {"suit": "king", "cards": 4, "points": 10} in seats[YOU]["sets"]
    assert seats[ROSA]["sets"], "Rosa's senior sets are on the score sheet too"
    assert seats[YOU]["steal"] == 2 and seats[ROSA]["steal"] == -2
    assert not end["round_end"]["decided"]                    # a real game goes on: Play on is offered


def test_the_score_is_explained_while_the_sheet_is_on_the_table(harness_at, lesson):
    """The round's summary waits for Continue; the lesson's last words explain it meanwhile,
    with the round's own numbers."""
    h = harness_at("fast")
    h.lesson("court")
    t, guide = h.table, h.table.lesson
    last = len(lesson.steps) - 1
    seen = False
    for _n in range(40000):
        if guide.recap_open:
            break
        if t.steps.waiting():
            if guide.run.index == last:
                seen = True
                assert t.table.stolen == [2, -2]      # the corners say which coin cards the ravens moved
        g = guide.gesture()
        h.do_gesture(g) if g else h.step()
    assert guide.recap_open and seen
    result = t.match.state.results[0]
    you, rosa = result.scores
    words = _(lesson.steps[last].text).format(**lesson.names())
    assert f"you have {you.ravens} ravens" in words and f"Rosa has {rosa.ravens}" in words
    assert f"took {you.steal} of her coins" in words
    assert "4 Kings add 10" in words and ("king", 4, 10) in you.sets


def test_the_words_match_the_table(lesson):
    """Replaying the script: every wrong move the lesson explains is legal (so the lesson, not
    the table, answers it); a card it says cannot capture matches no Court stack; the card a
    step asks for captures when the step says capture, and matches nothing when it says lay."""
    m = lesson.new_match()
    names = lesson.names()
    for i, s in enumerate(lesson.steps):
        if s.kind == "you":
            court = m.observe(YOU).court
            legal = list(m.legal(YOU))
            assert s.expect in legal
            card = CARD_INDEX[s.expect["card"]]
            words = _(s.text).format(**names)
            if "captures" in words or "capture it" in words:
                assert stack_of(court, card) is not None or CARDS[card].kind == "fireball", words
            if "laid on the felt" in words:
                assert stack_of(court, card) is None and CARDS[card].kind != "fireball", words
            for w in s.wrong:
                moves = [a for a in legal if w.fits(a)]
                assert moves and s.expect not in moves, (i + 1, w.say)
                if "cannot capture" in w.say:
                    assert all(stack_of(court, CARD_INDEX[a["card"]]) is None for a in moves), w.say
        for a in ([s.expect] if s.kind == "you" else list(s.actions)):
            m.submit(a)
    assert m.state.results, "the lesson ends with the round scored"


def test_the_tables_lesson_names(harness, lesson):
    """stack:<suit> is that Court stack's slot, felt the free slot a laid card goes to,
    captures:<seat> that seat's capture piles; a drag along them plays the lesson's move."""
    h = harness.lesson("court")
    t, guide = h.table, h.table.lesson
    k = you_steps(lesson)[0]
    h.lesson_to(k)
    court = t.shown.court
    seven = next(i for i, st in enumerate(court) if CARDS[st[0]].suit == "7")
    assert guide.target_rect("stack:7") == t.table.slot(seven)
    assert guide.target_rect("felt") == t.table.slot(len(court))
    assert guide.target_rect("stack:king") is None                # no King in the Court yet
    assert guide.target_rect("captures:0").contains(t.zone(YOU, "capture_ravens"))
    assert guide.target_rect("captures:1").contains(t.zone(ROSA, "capture_seniors"))
    # the felt is free: a drop there is the felt's, not a stack's
    felt = guide.target_rect("felt").center
    assert [z.name for z in t.table.drop_zones() if z.hit(felt)] == ["court"]
    # the 4 dropped on the 7 is refused by the table itself, with its own reason
    moves = len(t.match.log)
    h.do_gesture(guide.gesture_for(["card:coin_4", "stack:7"]))
    assert len(t.match.log) == moves and guide.run.index == k
    assert t.toast.msg == "Your 4 does not match: this stack holds 7s, and your 4 captures only 4s"
    # said under the stack dropped on (lit), not over its neighbour
    assert t.table.refused[0] == seven and t.toast.pos[0] == t.table.slot(seven).centerx
    top = t.table.stack_pos(seven, len(court[seven]) - 1)[1]
    assert t.toast.pos[1] > top + 84 * 0.7                          # below the stack's last card
    # the lesson's drag captures the 7
    h.do_gesture(guide.gesture())
    assert t.match.log[-1] == lesson.steps[k].expect
    assert guide.run.index == k + 1


def test_the_fireball_and_the_felt_steps_point_where_the_card_goes(harness, lesson):
    h = harness.lesson("court")
    t, guide = h.table, h.table.lesson
    fire = next(i for i in you_steps(lesson) if lesson.steps[i].expect["card"].startswith("fireball"))
    lay = next(i for i in you_steps(lesson) if "felt" in lesson.steps[i].targets)
    assert lay < fire
    h.lesson_to(lay)
    g = guide.gesture()
    assert g[0] == "drag" and guide.target_rect("felt").collidepoint(g[2])
    h.lesson_to(fire)
    g = guide.gesture()
    assert g[0] == "drag" and t.layout.layers["areas"]["court"].collidepoint(g[2])
    h.do_gesture(g)
    assert t.match.log[-1] == lesson.steps[fire].expect
