"""The lesson kit (game.match.lesson + game.app.table.lesson) on a small made-up Court lesson:
the guide's targets lead through it, a wrong move is explained and taken back, the AIs wait for
the script, nothing is saved, and the recap leads to a real game."""
from __future__ import annotations

import pygame
import pytest

from game.ai import make_agent
from game.core import Rng, registry
from game.match import Match, SeatSpec
from game.match.lesson import LessonError, LessonRun, parse, verify

SEATS = [{"name": "You"}, {"name": "Rowan", "level": "normal"}]


def court_lesson(**extra) -> dict:
    """Seed 5's deal: Rowan starts; the lesson has him play Normal's move, then the learner
    plays one card (a capture when there is one), then Rowan again."""
    m = Match("court", [SeatSpec("You", "human"), SeatSpec("Rowan", "ai")], seed=5)
    first = make_agent("court", "normal").act(m.observe(1), m.legal(1), Rng(1))
    m.submit(first)
    legal = list(m.legal(0))
    mine, other = legal[0], legal[-1]
    court = m.observe(0).court
    m.submit(mine)
    reply = list(m.legal(1))[0]
    from game.app.games import court as court_table
    from game.rules.court import CARD_INDEX, stack_of

    def where(a):                      # the card's face, and the zone it is dropped on
        c = CARD_INDEX[a["card"]]
        i = stack_of(court, c)
        return f"card:{court_table.face(c)}", ("zone:court" if i is None else f"zone:stack{i}")
    return {"game": "court", "title": "Fireball Court", "seed": 5, "seats": SEATS,
            "recap": ["How to play a card"],
            "step": [
                {"kind": "tell", "text": "Welcome, {you}. {p1} starts."},
                {"kind": "they", "text": "Watch {p1}.", "actions": [first.to_json()]},
                {"kind": "you", "text": "Play this card.", "targets": list(where(mine)),
                 "expect": mine.to_json(), "otherwise": "Not that one: play the lit card.",
                 "wrong": [{"match": {"card": other["card"]}, "say": "That card is for later.",
                            "targets": list(where(other))}]},
                {"kind": "they", "actions": [reply.to_json()]},
            ], **extra}


@pytest.fixture
def lesson():
    return parse(court_lesson(), "court-test")


def test_a_made_up_lesson_verifies(lesson):
    assert verify(lesson) == []
    broken = parse({**court_lesson(), "step": court_lesson()["step"][2:]}, "broken")
    assert verify(broken) and "not legal" in verify(broken)[0]      # the learner is not to act yet


def test_bad_lesson_files_say_what_is_wrong():
    with pytest.raises(LessonError, match="step 1"):
        parse({**court_lesson(), "step": [{"kind": "you", "text": "x", "expect": {"seat": 0, "kind": "play"}}]})
    with pytest.raises(LessonError, match="kind"):
        parse({**court_lesson(), "step": [{"kind": "dance"}]})
    with pytest.raises(LessonError, match="AI seats"):
        parse({**court_lesson(), "step": [{"kind": "they", "actions": [{"seat": 0, "kind": "play"}]}]})


def test_the_run_explains_a_wrong_move_and_waits(lesson):
    run = LessonRun(lesson)
    m = lesson.new_match()
    first = lesson.steps[1].actions[0]
    assert run.ai_move(1) is False                            # the text waits for Next
    assert run.check(lesson.steps[2].expect) == "Read this first, then press Next."
    run.next()
    assert run.index == 1 and run.ai_move(1) is False         # "Watch Rowan." is read first
    run.next()
    assert run.ai_move(1) == first
    m.submit(first)
    run.played(first)
    wrong = [a for a in m.legal(0) if a != lesson.steps[2].expect][-1]
    assert run.check(wrong) == "That card is for later."
    assert run.check(lesson.steps[2].expect) is None


def test_following_the_targets_completes_the_lesson(harness, lesson):
    h = harness.lesson("court", lesson)
    t = h.table
    assert t.lesson is not None and not t.match.log
    done = h.follow_lesson()
    assert t.lesson.recap_open
    assert [a.to_json() for a in t.match.log] == [a.to_json() for _i, a in lesson.script()]
    assert any(g[0] == "drag" for _i, g in done) and any(g[0] == "next" for _i, g in done)
    assert not list(h.app.saved_games()[0]), "a lesson must never be saved"
    h.do_gesture(t.lesson.gesture())                          # "Play a real game": the setup
    from game.app.scenes.setup import SetupScene
    assert isinstance(h.scene, SetupScene) and h.scene.game == "court"


def test_a_wrong_move_is_explained_and_taken_back(harness, lesson):
    h = harness.lesson("court", lesson)
    t = h.table
    guide = t.lesson
    while guide.step.kind != "you":
        g = guide.gesture()
        h.do_gesture(g) if g else h.step()
    h.run_until(lambda: guide.gesture() is not None)
    wrong = guide.step.wrong[0]
    rects = guide._resolve(wrong.targets)
    src = guide._card_point(guide._resolved_keys(wrong.targets)[0])
    h.do_gesture(("drag", src, rects[1].center))
    assert guide.run.wrong_text == "That card is for later."
    assert t.toast.msg == "That card is for later."
    assert len(t.match.log) == 1 and guide.step.kind == "you"   # nothing played; try again
    h.run_until(lambda: guide.gesture() is not None)
    h.do_gesture(guide.gesture())
    assert len(t.match.log) == 2 and guide.run.wrong_text == ""


def test_ais_wait_while_a_text_is_read(harness, lesson):
    h = harness.lesson("court", lesson)
    h.step(n=240)                                                # 4 s: Rowan would have played
    assert not h.table.match.log
    h.key(pygame.K_SPACE)
    assert h.table.lesson.run.index == 1
    h.step(n=60)
    assert not h.table.match.log                                 # "Watch Rowan." waits for Next too
    h.key(pygame.K_SPACE)
    h.run_until(lambda: h.table.match.log, max_frames=600)
    assert h.table.match.log[0] == lesson.steps[1].actions[0]


def test_the_pause_menu_leaves_the_lesson_and_undo_is_off(harness, lesson):
    h = harness.lesson("court", lesson)
    assert h.table.undo_refusal() == "Undo is off during a lesson"
    h.key(pygame.K_ESCAPE)
    labels = [w.label for w in h.scene.widgets]
    assert "Leave the lesson" in labels and "Quit to menu" not in labels


def test_menu_and_setup_offer_learn_to_play(harness):
    h = harness.menu()
    learn = [b for b in h.scene.widgets if b.label == "Learn to play"]
    assert {b.game for b in learn} == set(registry.ids())
    s = h.setup("court")
    assert any(getattr(w, "role", "") == "learn" for w in s.widgets)


def test_right_arrow_reaches_a_games_learn_button(harness):
    h = harness.menu()
    m = h.scene
    first = m.focus.current
    h.key(pygame.K_TAB)
    h.key(pygame.K_RIGHT)
    assert m.focus.current.label == "Learn to play" and m.focus.current.game == first.game
    h.key(pygame.K_LEFT)
    assert m.focus.current is first


def test_the_panel_words_never_run_ahead_of_the_table(harness_at, lesson):
    """While an AI's scripted move still plays, the panel keeps the words of the step before
    (dimmed); the next step's words show once the table is still."""
    h = harness_at("normal")
    h.lesson("court", lesson)
    guide = h.table.lesson
    h.run_until(lambda: guide.gesture() is not None)
    h.do_gesture(guide.gesture())                     # Next: "Watch Rowan."
    h.run_until(lambda: guide.gesture() is not None)
    h.do_gesture(guide.gesture())                     # Next: Rowan's scripted move starts
    h.run_until(lambda: h.table.match.log and h.table.busy(), max_frames=600)
    assert guide.run.index == 2 and guide.shown == 1  # the move plays: "Watch Rowan." stays
    assert guide._lines(248)[0] == ["Watch Rowan."]
    h.run_until(lambda: not h.table.busy(), max_frames=2000)
    h.step()
    assert guide.shown == 2 and guide._lines(248)[0] == ["Play this card."]


def test_watch_words_wait_for_next_before_the_ais_move(harness, lesson):
    """A 'they' step's words ("Watch Rowan.") wait for the learner's Next before the scripted
    move is played: nothing moves before the learner has read what to watch."""
    h = harness.lesson("court", lesson)
    guide = h.table.lesson
    h.key(pygame.K_RETURN)                            # Enter is not Next: a table's own key
    assert guide.run.index == 0
    h.key(pygame.K_SPACE)                             # past the welcome
    assert guide.run.index == 1 and guide.run.waits_for_next()
    h.step(n=240)
    assert not h.table.match.log                       # still reading
    assert guide.check(lesson.steps[2].expect) == "Read this first, then press Next."
    h.key(pygame.K_SPACE)                              # Next (Space)
    h.run_until(lambda: h.table.match.log, max_frames=600)
    assert h.table.match.log[0] == lesson.steps[1].actions[0]


def test_a_lesson_shows_no_why_bubbles(harness, lesson):
    """The lesson says why in its own words: the AI's why-bubble stays off during it (and comes
    back when the learner plays on)."""
    h = harness.lesson("court", lesson)
    h.app.settings.explain_ai = True
    t = h.table
    assert t._why_before(1) is None
    t.lesson.released = True
    assert t._why_before(1) is not None


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "de", "pt"])
def test_the_lessons_next_button_has_room_for_its_word_in_every_language(rec, harness_at, lang):
    """Translator trial (de): the lesson's Next ("Weiter") was squeezed to a small size by its key
    hint ("Space") in a fixed 110-wide button.  In every language, Next and Leave are drawn at
    their full size, inside the lesson panel, side by side; the key beside the word where it
    fits, else under it."""
    from game.core import i18n

    h = harness_at()
    assert h.app.set_language(lang) == lang
    try:
        h.lesson("death")
        h.step(n=3)
        les = h.table.lesson
        assert les.run.waits_for_next()
        runs = {str(item)[5:]: item for item, _r in rec.frames[-1].spans if str(item).startswith("text:")}
        for word in (i18n._("Next"), i18n._("Leave"), i18n._("Space")):
            assert word in runs, (word, sorted(runs))
            assert "shrunk" not in runs[word].how, (lang, word)
        panel = les.panel_rect()
        nb, lb = les.next_button.rect, les.leave_button.rect
        assert panel.contains(nb) and panel.contains(lb) and not nb.colliderect(lb)
    finally:
        h.app.set_language("en")
