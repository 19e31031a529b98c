"""MasterBluff's lesson (assets/lessons/masterbluff.toml): followed by its own targets, it has
the learner make a true and a false declaration, call a bluff and win the call, see a wrong
call cost the caller the pile, spend the exchange token to change the family in force, and
win; and the table's lesson hooks (the answer buttons, the token piece, the picker's token
button) lead there."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.i18n import _
from game.match.lesson import load
from game.rules.masterbluff import FAMILIES, discard

LESSON = Path(__file__).resolve().parents[2] / "assets" / "lessons" / "masterbluff.toml"
YOU = 0


@pytest.fixture
def lesson():
    return load(LESSON)


def step_index(lesson, expect) -> int:
    return next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect == expect)



def at_token_step(harness, lesson):
    """The lesson followed to the step that spends the exchange token: (harness, table, guide,
    that step)."""
    step = next(s for s in lesson.steps if s.kind == "you" and s.expect.get("token"))
    h = harness.lesson("masterbluff")
    guide = h.lesson_to(lesson.steps.index(step))
    return h, h.table, guide, step

def test_following_the_lesson_plays_every_rule(harness, lesson):
    h = harness.lesson("masterbluff")
    t = h.table
    h.follow_lesson()
    assert t.lesson.recap_open
    actions, events = t.match.log, t.match.action_events
    assert len(actions) == len(events) == len(list(lesson.script()))
    played = list(zip(actions, events))             # each move with the events it made

    mine = [(i, a) for i, (a, _e) in enumerate(played) if a.seat == YOU and a.kind == "discard"]
    truthful = [i for i, a in mine if a["counts"][FAMILIES.index(a["family"])] == sum(a["counts"])]
    false = [i for i, a in mine if i not in truthful]
    assert truthful and false, "a true and a false declaration by the learner"

    calls = [(a, {e.kind: e.data for e in evs}) for a, evs in played if a.kind == "call"]
    # the learner calls an AI's bluff and wins the call: the liar takes the pile
    won = [d for a, d in calls if a.seat == YOU and not d["reveal"]["truthful"]]
    assert won and won[0]["pickup"]["seat"] == won[0]["call"]["declarer"] != YOU
    # an AI calls the learner's true declaration: the caller takes the pile
    lost = [d for a, d in calls if a.seat != YOU and d["call"]["declarer"] == YOU and d["reveal"]["truthful"]]
    assert lost and all(d["pickup"]["seat"] == d["call"]["caller"] for d in lost)
    # after a call the declarer's left neighbour starts a free sequence
    assert all(d["turn"]["family"] is None for _a, d in calls if "turn" in d)

    # the learner's false declaration stood: the next close of a window is a no-call on it
    bluff = false[0]
    closed = next(e for _a, evs in played[bluff:] for e in evs if e.kind in ("no_call", "call"))
    assert closed.kind == "no_call" and closed.data["declarer"] == YOU

    # the exchange token: spent by the learner to name another family than the one in force
    spent = next(i for i, a in mine if a["token"])
    tok = next(e for e in played[spent][1] if e.kind == "token")
    assert tok.data == {"seat": YOU, "family": actions[spent]["family"]}
    in_force = next(e.data["family"] for evs in reversed(events[:spent]) for e in evs if e.kind == "turn")
    assert in_force is not None and in_force != actions[spent]["family"]

    assert t.match.outcome().winners == (YOU,)


def test_the_call_step_lights_the_bluff_button(harness, lesson):
    from game.rules.masterbluff import call

    k = step_index(lesson, call(YOU))
    h = harness.lesson("masterbluff")
    t, guide = h.table, h.table.lesson
    h.lesson_to(k)
    bluff = next(b for b in t.answers if b.action.kind == "call")
    no = next(b for b in t.answers if b.action.kind == "pass")
    assert t.table.lesson_target("answer:call") == bluff.rect and t.table.lesson_target("answer:pass") == no.rect
    assert guide.gesture() == ("click", bluff.rect.center)
    assert not t.can_play()                           # an answer, not a turn: the guide still leads


def test_the_token_is_clicked_then_the_ogres_go_to_the_pile(harness, lesson):
    h, t, guide, step = at_token_step(harness, lesson)
    home = t.table.piece_home("token")
    assert home is not None and guide.target_rect("piece:token").center == tuple(map(round, home))
    g = guide.gesture()
    assert g == ("click", guide.target_rect("piece:token").center)
    h.do_gesture(g)
    assert t.table.token_mode and t.table.piece_home("token") is None
    assert guide.target_rect("piece:token") is None   # armed: the next gestures are the cards
    assert guide.gesture()[0] == "click" and guide.gesture()[1] != g[1]
    h.follow_lesson()
    assert step.expect in t.match.log


def test_the_pickers_token_button_leads_to_the_token_declaration(harness, lesson):
    h, t, guide, step = at_token_step(harness, lesson)
    cards = [x for x in step.targets if x.startswith("card:")]
    for _n in range(len(cards)):                      # the learner skips the token: cards first
        h.do_gesture(guide.gesture_for(cards + ["zone:pile"], "drag"))
    assert t.choice is not None and not t.table.token_mode
    token_button = next(b for b in t.choice.buttons if getattr(b, "token_toggle", False))
    assert [b.action for b in t.table.lesson_buttons() if b.action == step.expect]
    assert guide.gesture() == ("click", token_button.rect.center)
    h.do_gesture(guide.gesture())
    assert t.table.token_mode and t.choice is not None
    tile = next(b for b in t.choice.buttons if getattr(b, "action", None) == step.expect)
    assert guide.gesture() == ("click", tile.rect.center)
    h.do_gesture(guide.gesture())
    assert t.match.log[-1] == step.expect


def test_declaring_the_family_in_force_instead_of_the_token_is_explained(harness, lesson):
    h, t, guide, step = at_token_step(harness, lesson)
    moves = len(t.match.log)
    witch = discard(YOU, step.expect["counts"], "witch")
    assert witch in t.match.legal(YOU)
    t.submit(witch)                                  # as the picker's Witch tile would
    entry = next(w for w in step.wrong if dict(w.match) == {"token": False})
    want = _(entry.say).format(**lesson.names())
    assert guide.run.wrong_text == want == t.toast.msg
    # the words are about a Witch declaration: never "you must say Witch" to one who just did
    assert "must say Witch" not in want and "Witch" in want and "Ogre" in want
    assert len(t.match.log) == moves and guide.run.index == lesson.steps.index(step)
    h.follow_lesson()
    assert guide.recap_open


def test_what_the_texts_say_is_what_the_learner_holds(lesson):
    """The words lean on the learner's hand ("all 8 Ogres are in your hand", "you have no
    Wizards", "you have only Ogres"): replayed from the deal, each holds where it is said."""
    m = lesson.new_match()
    seen = {}
    for i, s in enumerate(lesson.steps):
        obs = m.observe(YOU)
        seen[i] = (dict(zip(FAMILIES, obs.hand)), obs.in_force, obs.last)
        for a in ([s.expect] if s.kind == "you" else list(s.actions)):
            m.submit(a)
    hand, _f, _l = seen[0]
    assert {f for f, n in hand.items() if n} == {"ogre", "fairy", "jester"} and sum(hand.values()) == 16
    texts = {i: s.text for i, s in enumerate(lesson.steps)}
    call_step = next(i for i, t in texts.items() if "all 8 Ogres are in your hand" in t)
    hand, _f, last = seen[call_step]
    assert hand["ogre"] == 8 and last.seat == 1 and FAMILIES[last.family] == "ogre" and last.n == 3
    bluff_step = next(i for i, t in texts.items() if t.startswith("You have no Wizards"))
    hand, in_force, _l = seen[bluff_step]
    assert hand["wizard"] == 0 and FAMILIES[in_force] == "wizard"
    token_step = next(i for i, t in texts.items() if "you have only Ogres" in t)
    hand, in_force, _l = seen[token_step]
    assert {f for f, n in hand.items() if n} == {"ogre"} and FAMILIES[in_force] == "witch"
    assert m.outcome().winners == (YOU,)


def picker_after_dragging(h, guide, targets):
    """Follow the drag toward ``targets`` (cards, then the pile) until the family picker opens."""
    t = h.table
    for _n in range(20):
        if t.choice is not None:
            return t.choice
        g = guide.gesture_for(targets, "drag")
        h.do_gesture(g) if g else h.step()
    raise AssertionError("the family picker never opened")


def test_a_step_without_the_token_offers_none_and_a_refused_token_goes_home(harness, lesson):
    """The bluff step (3 Jesters as Wizards) does not teach the token: the picker shows no
    "Use exchange token" button; a token armed anyway (the coin by the plate) and a declaration
    with it are refused, explained, and the token goes home with the Jesters still selected."""
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "discard"
             and s.expect["family"] == "wizard")
    step = lesson.steps[k]
    h = harness.lesson("masterbluff")
    t = h.table
    guide = h.lesson_to(k)
    assert t.shown.in_force == FAMILIES.index("wizard") and t.shown.tokens[YOU]
    choice = picker_after_dragging(h, guide, step.targets)
    assert not [b for b in choice.buttons if getattr(b, "token_toggle", False)]
    assert t.table.lesson_buttons() == []
    wizard = next(b for b in choice.buttons if getattr(b, "family", None) == "wizard")
    assert wizard.enabled and guide.gesture() == ("click", wizard.rect.center)
    h.key(pygame.K_ESCAPE)                               # back out, then arm the token by its coin
    h.step(n=30)
    assert t.choice is None and not t.table.token_mode
    h.do_gesture(("click", t.table.piece_home("token")))
    assert t.table.token_mode
    moves = len(t.match.log)
    for _n in range(20):                                 # the 3 Jesters dropped with the token armed:
        if guide.run.wrong_text:                         # refused at the drop (no picker to answer first:
            break                                        # every declaration it offers would spend the token)
        h.do_gesture(guide.gesture_for(step.targets, "drag"))
    assert t.choice is None
    want = _(step.wrong[0].say).format(**lesson.names())
    assert guide.run.wrong_text == want and guide.run.index == k and len(t.match.log) == moves
    assert not t.table.token_mode and t.table.piece_home("token") is not None       # the token went home
    assert t.table.selected_counts() == step.expect["counts"]               # the Jesters stay selected
    h.follow_lesson()
    assert step.expect in t.match.log and t.match.outcome().winners == (YOU,)


def test_in_the_token_step_a_refused_declaration_keeps_the_token_armed(harness, lesson):
    h, t, guide, step = at_token_step(harness, lesson)
    h.do_gesture(guide.gesture())                        # the token, as the step says
    assert t.table.token_mode
    moves = len(t.match.log)
    five = discard(YOU, (0, 0, 0, 5, 0, 0), "ogre", True)
    assert five in t.match.legal(YOU)
    t.submit(five)                                       # too few Ogres: explained
    assert len(t.match.log) == moves and guide.run.wrong_text
    assert t.table.token_mode                                  # the step spends it: it stays ready
    h.follow_lesson()
    assert step.expect in t.match.log


@pytest.mark.parametrize("cards,words", [
    (("ogre", "ogre", "ogre"), "otherwise"),                 # not Fairies: whatever family is named
    (("fairy", "fairy", "fairy"), "Put all 5 Fairies down"),  # too few Fairies, whatever family
    (("fairy", "jester"), "otherwise"),
])
def test_wrong_cards_are_refused_at_the_drop_not_after_the_picker(harness, lesson, cards, words):
    """Step 3 (tell the truth: 5 Fairies as Fairy): cards that no family can make the lesson's
    move are refused as they land on the pile, before the family picker (a new user answered
    the whole dialog, then was told the cards were wrong), with words true of any family."""
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect["family"] == "fairy")
    step = lesson.steps[k]
    h = harness.lesson("masterbluff")
    t = h.table
    guide = h.lesson_to(k)
    targets = [f"card:{c}" for c in cards] + ["zone:pile"]
    for _n in range(20):
        if guide.run.wrong_text or t.choice is not None:
            break
        h.do_gesture(guide.gesture_for(targets, "drag"))
    assert t.choice is None, "the family picker opened for cards the lesson refuses"
    said = guide.run.wrong_text
    assert said == t.toast.msg and len(t.match.log) == 0 + len(lesson.prelude) + sum(
        1 for i, _a in lesson.script() if i < k)
    if words == "otherwise":
        assert said == _(step.otherwise).format(**lesson.names())
    else:
        assert said.startswith(words)
    # the right cards still open the picker (the lesson's move is one of its tiles)
    guide.run.wrong_text = ""
    h.follow_lesson()
    assert step.expect in t.match.log
