"""The lesson's mistake line (the orange words in the step panel) lives as long as the step and
the move it answers, a refused move's selection is never carried into the next step, and Space
on a step with Next is Next only (second new-user trial, issue 25)."""
from __future__ import annotations

import pygame
import pytest

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


MISTAKES = [   # (game, the step's expected move kind and fields, the mistaken move): a new user's
    ("ktm", {"kind": "move", "direction": "left"}, {"kind": "claim", "character": "king"}),          # kt14
    ("ktm", {"kind": "claim", "character": "executioner"}, {"kind": "move", "direction": "opposite"}),  # kt78
    ("bossquest", {"kind": "activate", "slot": 1, "target": 0}, {"kind": "activate", "slot": 3}),   # bq26
]


def _fits(action_json: dict, pattern: dict) -> bool:
    return all(action_json.get(k) == v for k, v in pattern.items())


@pytest.mark.parametrize("game,expect,move", MISTAKES, ids=["ktm-claim-king", "ktm-opposite", "bq-last-turn"])
def test_a_likely_mistake_is_told_why_not_only_what_to_do(harness, game, expect, move):
    """These moves were answered with the step's own "do this" words; each now has words about
    it, made on the table from the entry's targets."""
    from pathlib import Path

    from game.core.i18n import _
    from game.core.actions import Action
    from game.match.lesson import load
    from test_lesson_wrong_words import make

    lesson = load(Path(__file__).resolve().parents[2] / "assets" / "lessons" / f"{game}.toml")
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and _fits(s.expect.to_json(), expect))
    step = lesson.steps[k]
    entry = step.entry(Action.make(0, move.pop("kind"), **move))
    assert entry is not None, "the move is told only the step's otherwise"
    h = harness.lesson(game)
    guide = h.lesson_to(k)
    make(h, step, entry, [])
    assert guide.run.wrong_text == _(entry.say).format(**lesson.names()) != _(step.otherwise).format(
        **lesson.names())


def test_a_raven_laid_beside_its_stack_is_told_why(harness):
    """Fireball Court: a matching card dropped on the empty felt was told "2 (raven) always
    captures its stack: drop it on that stack"; the words now give the rule."""
    from game.app.games.court import title
    from game.core.i18n import _
    from game.rules.court import CARD_INDEX

    h = harness.lesson("court")
    t = h.table
    k = next(i for i, s in enumerate(guide_steps(h)) if s.kind == "you" and s.expect["card"] == "2r")
    guide = h.lesson_to(k)
    felt = t.layout.layers["areas"]["court"]
    spot = next((x, y) for y in range(felt.top + 10, felt.bottom - 10, 12)
                for x in range(felt.left + 10, felt.right - 10, 12)
                if not any(z.hit((x, y)) for z in t.table.drop_zones() if z.name != "court"))
    key = next(iter(t.hand.keys()))
    v = h.app.view
    h.drag(v.pt(*guide._card_point(key)), v.pt(*spot))
    want = _("Your {card} matches a stack in the Court, and a card that matches a stack must capture it: "
             "drop it on that stack, not on the empty felt.").format(card=title(CARD_INDEX["2r"]))
    assert guide.run.wrong_text == want
