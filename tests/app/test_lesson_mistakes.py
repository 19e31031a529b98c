"""The lesson's mistake line (the orange words in the step panel) lives as long as the step and
the move it answers, a refused move's selection is never carried into the next step, and Space
on a step with Next is Next only (second new-user trial, issue 25)."""
from __future__ import annotations

import pygame

from game.match.lesson import WAIT_TEXT


def test_a_mistake_line_goes_when_the_step_changes(harness):
    """Death: a card played during the first text got "Read this first, then press Next."; a new
    user still read it four steps later, on a step with no Next."""
    h = harness.lesson("death")
    t = h.table
    guide = h.lesson_to(0)
    you = next(s for s in guide.lesson.steps if s.kind == "you")
    for _n in range(4):                               # the Thief onto Cleo, while the text waits
        g = guide.gesture_for(you.targets, you.gesture)
        if g is None or guide.run.wrong_text:
            break
        h.do_gesture(g)
    assert guide.run.wrong_text == WAIT_TEXT["tell"]
    h.key(pygame.K_SPACE)                             # Next: the words were read
    h.step()
    assert guide.run.index == 1 and guide.run.wrong_text == ""
    body, wrong = guide._lines(guide.panel_rect().width)
    assert wrong == []


def _refuse_four_fairies(h, guide):
    """MasterBluff's first move: four of the five Fairies dropped on the pile (refused)."""
    t = h.table
    s = guide.step
    for _n in range(8):                               # (four Fairies, the pile)
        g = guide.gesture_for(list(s.targets[1:]), "drag")
        h.do_gesture(g)
        if g[0] == "drag":
            break
    h.step(n=2)
    assert guide.run.wrong_text and len(t.selected) == 4 and t.choice is None
    return guide.run.wrong_text


def test_a_new_attempt_or_another_refusal_ends_the_mistake_line(harness):
    h = harness.lesson("masterbluff")
    t = h.table
    guide = h.lesson_to(2)
    _refuse_four_fairies(h, guide)
    h.step(n=3)
    assert guide.run.wrong_text                       # the retry: it stays while nothing changes
    h.do_gesture(guide.gesture_for(guide.step.targets, "drag"))   # the fifth Fairy clicked: a new attempt
    h.step()
    assert len(t.selected) == 5 and guide.run.wrong_text == ""


def test_another_refusal_replaces_the_mistake_line(harness):
    h = harness.lesson("masterbluff")
    guide = h.lesson_to(2)
    _refuse_four_fairies(h, guide)
    h.table.say("That is not possible now")                # another refusal replaces it
    h.step()
    assert guide.run.wrong_text == ""


def test_the_mistake_line_goes_when_the_family_dialog_opens(harness):
    h = harness.lesson("masterbluff")
    t = h.table
    guide = h.lesson_to(2)
    _refuse_four_fairies(h, guide)
    for _n in range(8):                               # the right cards dropped: the family dialog
        g = guide.gesture()
        h.do_gesture(g)
        if t.choice is not None:
            break
    h.step()
    assert t.choice is not None and guide.run.wrong_text == ""


def test_a_refused_moves_selection_does_not_carry_into_the_next_step(harness):
    """MasterBluff step 7 (call Bluff!): an Ogre dropped on the pile was refused and stayed
    raised through the next steps; at the Jesters step it joined the move ("keep your Ogres")."""
    h = harness.lesson("masterbluff")
    t = h.table
    k = next(i for i, s in enumerate(guide_steps(h)) if s.kind == "you" and s.expect.kind == "call")
    guide = h.lesson_to(k)
    ogre = next(key for key in t.hand.keys() if t.hand.face(key) == "ogre")
    pile = guide.target_rect("area:pile")
    v = h.app.view
    h.drag(v.pt(*guide._card_point(ogre)), v.pt(*pile.center))
    h.step(n=2)
    assert guide.run.wrong_text and ogre in t.selected and len(t.match.log) > 0
    h.do_gesture(guide.gesture())                     # Bluff!: the step's move
    h.run_until(lambda: guide.run.index > k, 2000)
    h.step(n=2)
    assert not t.selected
    jesters = next(i for i, s in enumerate(guide.lesson.steps) if i > k and s.kind == "you"
                   and s.expect.kind == "discard")
    guide = h.lesson_to(jesters)
    assert not t.selected
    h.follow_lesson()
    assert guide.recap_open


def guide_steps(h):
    return h.table.lesson.lesson.steps


def test_space_on_a_step_with_next_never_selects_a_card(harness):
    """One Space too many on a text or while the AIs play never raises the focused card."""
    h = harness.lesson("masterbluff")
    t = h.table
    guide = h.lesson_to(3)                            # "After every discard, the others may call..."
    assert guide.step.kind == "they" and guide.run.waits_for_next()
    h.key(pygame.K_SPACE)                             # Next: the AIs play
    for _n in range(40):
        if guide.step.kind == "you":
            break
        h.key(pygame.K_SPACE)
        assert not t.selected, f"Space raised a card at step {guide.run.index + 1}"
    assert not t.selected



def test_a_refusal_in_the_panel_starts_with_a_capital_and_names_the_buttons(harness):
    """MasterBluff: an Ogre dropped on the pile while a Bluff! window is open was told "a Bluff!
    window is open: answer 'call' or 'pass'" in the panel: engine names, lowercase."""
    h = harness.lesson("masterbluff")
    t = h.table
    k = next(i for i, s in enumerate(guide_steps(h)) if s.kind == "you" and s.expect.kind == "call")
    guide = h.lesson_to(k)
    ogre = next(key for key in t.hand.keys() if t.hand.face(key) == "ogre")
    v = h.app.view
    h.drag(v.pt(*guide._card_point(ogre)), v.pt(*guide.target_rect("area:pile").center))
    h.step()
    _body, wrong = guide._lines(guide.panel_rect().width)
    line = " ".join(wrong)
    assert line.startswith("A Bluff! window is open") and "'call'" not in line and "'pass'" not in line
    assert "Bluff!" in line.split(":", 1)[1] and "pass" in line
