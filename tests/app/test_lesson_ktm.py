"""King Thief Minister's lesson (assets/lessons/ktm.toml): a short three-player game that, played
by following only its own targets, shows every rule issue 18 lists for the game in play (a look,
moving the ring, a true and a bluffed claim, a challenge, each character's act, the treasury),
names each character's act in the lesson's words at the moment it happens, and explains a
learner who lets a bluff through."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.i18n import _
from game.match.lesson import load
from game.rules import ktm as K

LESSON = Path(__file__).resolve().parents[2] / "assets" / "lessons" / "ktm.toml"
YOU, MIRA, TOM = 0, 1, 2


@pytest.fixture(scope="module")
def lesson():
    return load(LESSON)


def step_events(lesson) -> list[list]:
    """The domain events each step's moves make (the script played through a plain match)."""
    m = lesson.new_match()
    out: list[list] = [[] for _s in lesson.steps]
    for i, a in lesson.script():
        out[i] += m.submit(a)
    return out


def test_a_short_three_player_game(lesson):
    assert [s.kind for s in lesson.seats] == ["human", "ai", "ai"]
    assert lesson.seats[YOU].name == "You" and {s.level for s in lesson.seats[1:]} == {"normal"}
    assert 12 <= len(lesson.steps) <= 32
    assert all(len(t) <= 180 for t in lesson.texts()), "a text too long for the lesson panel"
    # every 'you' step says what to do and has a specific wrong-move explanation
    for s in lesson.steps:
        if s.kind == "you":
            assert s.text and s.otherwise and s.wrong


def test_following_the_targets_plays_every_listed_rule(harness, lesson):
    h = harness.lesson("ktm")
    t = h.table
    h.follow_lesson()
    assert t.lesson.recap_open
    played = list(zip(t.match.log, t.match.action_events))
    evs = [e for _a, es in played for e in es]

    def of(kind, **data):
        return [e for e in evs if e.kind == kind and all(e.data.get(k) == v for k, v in data.items())]

    # a look: the opening look at a card (the King, seen by the learner alone), and a paid look
    peek = of("peek", seat=YOU)
    assert peek and peek[0].data["card"] == "king" and peek[0].to == (YOU,)
    assert of("looked", seat=YOU) and of("coin", **{"from": YOU, "to": K.TREASURY, "why": "look"})
    # moving the ring: the learner's move, and an AI's
    assert of("move", seat=YOU, direction="left") and of("move", seat=TOM)
    # a bluffed claim caught by the learner's challenge: cancelled
    assert of("challenge_result", claimant=MIRA, challenger=YOU, character="king", truthful=False)
    assert of("cancelled", seat=MIRA, character="king")
    # a true claim of the learner's survives a challenge: the challenger pays, the King acts
    assert of("challenge_result", claimant=YOU, challenger=MIRA, character="king", truthful=True)
    assert of("coin", **{"from": MIRA, "to": K.TREASURY, "why": "challenge"})
    # the learner's own bluff: the Executioner claimed while holding the Peasant, unchallenged
    assert of("looked", seat=YOU, card="peasant")
    assert of("no_challenge", claimant=YOU, character="executioner")
    assert of("execute_result", seat=YOU, target=TOM, character="minister", right=True)
    # each character's act, in play
    for ch in ("king", "thief", "minister", "executioner", "sheriff"):
        assert of("act", character=ch, to_king=False), ch
    assert of("ministers", king=YOU)                                # "Who is the Minister?"
    assert of("tax", seat=MIRA) and of("sheriff", seat=MIRA, target=YOU)
    assert of("minister", seat=MIRA) and of("peasant", seat=TOM, card="minister")
    assert of("mistake", seat=TOM)
    # the treasury: coins go into it and come out of it
    assert of("coin", to=K.TREASURY) and of("coin", **{"from": K.TREASURY})
    assert len(of("coin", **{"from": K.TREASURY, "to": YOU, "why": "king"})) == K.KING_TAKES
    assert not t.view_mismatches


def test_each_act_is_named_when_it_happens(lesson):
    """The step whose moves make a character act (or the claim's step just before it) names
    that character and says what the act does."""
    per_step = step_events(lesson)
    named = {}
    for i, es in enumerate(per_step):
        for e in es:
            ch = e.data["character"] if e.kind == "act" and not e.data["to_king"] else \
                "peasant" if e.kind == "peasant" else None
            if ch is not None and ch not in named:
                near = " ".join(lesson.steps[k].text for k in range(max(0, i - 2), i + 2))
                named[ch] = K.card_text(ch) in near
    assert named == {c: True for c in K.NAMES}, named


def test_letting_the_bluff_through_is_explained(harness, lesson):
    """At Mira's bluffed King the learner presses Pass: the lesson says why to challenge, nothing
    is played, and the lesson still completes."""
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "challenge")
    h = harness.lesson("ktm")
    t, guide = h.table, h.table.lesson
    h.lesson_to(k)
    moves = len(t.match.log)
    pass_button = next(b for b in t.window_buttons if getattr(b, "action", None) == K.pass_(YOU))
    h.step(n=30)                                    # past the answer buttons' click guard
    h.click(h.app.view.pt(*pass_button.rect.center))
    want = _(lesson.steps[k].explain(K.pass_(YOU))).format(**lesson.names())
    assert "3 coins" in want
    assert guide.run.wrong_text == want and t.toast.msg == want
    assert len(t.match.log) == moves and guide.run.index == k
    h.follow_lesson()
    assert guide.recap_open


def test_each_card_a_text_talks_about_is_face_up_while_it_is_read(harness_at, lesson):
    """Play-test: at the normal speed the learner's peek, the challenged card, the paid look and
    Tom's shown Peasant claim turned face down before the next text ("You saw the King!") could
    be read.  Now each card seen stays face up until Continue, and the text about it is shown
    (Next pressed) while it is still up; the Minister's two spots are lit while the text says
    which they are."""
    per_step = step_events(lesson)
    seen_at = {}                                     # step whose moves show the learner a card -> (spot, card)
    for i, es in enumerate(per_step):
        for e in es:
            if e.kind in ("peek", "looked", "challenge_look") and YOU in (e.to or ()) and \
                    e.data.get("seat", e.data.get("challenger")) == YOU:
                seen_at[i] = (e.data["spot"], e.data["card"])
            elif e.kind == "peasant":
                seen_at[i] = (e.data["spot"], e.data["card"])
    assert len(seen_at) == 4, seen_at                 # the peek, the challenge, the look, Tom's Peasant
    about = {next(k for k in range(i + 1, len(lesson.steps)) if lesson.steps[k].kind == "tell"): sc
             for i, sc in seen_at.items()}
    minister = next(i for i, es in enumerate(per_step) if any(e.kind == "minister" for e in es))
    picked = next(e.data["spots"] for e in per_step[minister] if e.kind == "minister")
    h = harness_at("fast")
    h.lesson("ktm")
    t, guide = h.table, h.table.lesson
    read = {}
    do = h.do_gesture

    def spy(g):
        # a text is left by Next, or (the last text about a held card) by the table's Continue
        if g[0] == "next" or (guide.run.waits_for_next() and t.continue_shown()
                              and g == ("click", t.continue_button.rect.center)):
            read[guide.run.index] = (dict(t.shown.faces), guide.shown, list(guide.lit_rects()))
        do(g)
    h.do_gesture = spy
    h.follow_lesson()
    assert guide.recap_open
    for k, (spot, card) in about.items():
        faces, shown, _lit = read[k]
        assert shown == k and faces.get(spot, (None,))[0] == card, (k + 1, lesson.steps[k].text, faces)
    tell = minister + 1
    assert lesson.steps[tell].kind == "tell" and set(lesson.steps[tell].targets) == {f"zone:spot{s}" for s in picked}
    assert 0 not in picked and "not yours" in lesson.steps[tell].text
    lit = read[tell][2]
    assert sorted(map(tuple, lit)) == sorted(tuple(t.table.spot_rect(s).inflate(16, 16)) for s in picked)
    assert not t.view_mismatches


def test_naming_miras_card_is_told_the_truth_about_what_was_seen(lesson):
    """The Executioner step: the learner saw Mira's card when they challenged her ("Remember
    it!"), so a wrong target is not told "You haven't seen Mira's card": the words say that
    card (the Sheriff) moved away with the ring, which is what happened."""
    m = lesson.new_match()
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "execute")
    seen_by_me = []
    for i, a in lesson.script():
        if i >= k:
            break
        seen_by_me += [e for e in m.submit(a) if e.to == (YOU,) and "card" in e.data]
    shown = [e.data["card"] for e in seen_by_me if e.data.get("spot") == 2]
    assert "sheriff" in shown                         # the challenge showed the learner Mira's Sheriff
    entry = next(w for w in lesson.steps[k].wrong if dict(w.match) == {"kind": "execute", "target": 1})
    assert "haven't seen" not in entry.say and "Sheriff" in entry.say


def test_a_text_to_read_is_not_told_to_click_by_the_status_line(harness, monkeypatch):
    """Step 1 lights your own card to read about it: the status line does not say at the same
    time "click a card that is not yours" (the table's peek prompt); it says to read, then Next."""
    from game.app.table import draw

    drawn = []
    real = draw.text
    monkeypatch.setattr(draw, "text", lambda surf, a, msg, *args, **kw: (drawn.append(msg), real(
        surf, a, msg, *args, **kw))[1])
    h = harness.lesson("ktm")
    h.step(n=3)
    assert h.table.lesson.run.index == 0
    assert _("Read the lesson, then press Next (Space)") in drawn
    assert not [m for m in drawn if "not yours" in m]
    h.key(pygame.K_SPACE)
    h.key(pygame.K_SPACE)                             # the peek step: the table's own prompt is back
    drawn.clear()
    h.step(n=3)
    assert [m for m in drawn if m == _("Peek: click a card that is not yours (←/→ and Enter)")]


def test_a_claim_panel_opened_by_mistake_leads_back_out_not_to_a_button_under_it(harness):
    """Step 21 ("Press Look"): a click on your own card opens the claim panel.  The lesson used to
    light and press the Look button under the panel (the panel takes every click: nothing
    happened, and the lesson's own driver stuck there).  While the panel is up the lesson lights
    nothing under it and leads to the panel's Cancel; then Look, and the lesson goes on."""
    h = harness
    h.lesson("ktm")
    t = h.table
    guide = h.lesson_to(20)
    assert guide.step.expect.kind == "look"
    h.do_gesture(guide.gesture_for(["zone:spot0"], "click"))
    assert t.choice is not None                                   # the claim panel is up
    assert guide.lit_rects() == []
    g = guide.gesture()
    cancel = next(b for b in t.choice.buttons if not getattr(b, "tile", False))
    assert g == ("click", cancel.rect.center), g
    h.do_gesture(g)
    assert t.choice is None
    look = next(b for b in t.window_buttons if getattr(b, "action", None) == guide.step.expect)
    assert guide.lit_rects() == [look.rect] and guide.gesture() == ("click", look.rect.center)
    h.do_gesture(guide.gesture())
    assert h.run_until(lambda: guide.run.index > 20, 600)


def test_a_turn_key_while_answering_a_claim_says_what_to_press(harness):
    """L (Look) pressed while the learner must challenge or pass did nothing at all; MasterBluff
    answers the same mistake with a message, and so does this table now."""
    from game.match.lesson import load as load_lesson

    lesson = load_lesson(Path(__file__).resolve().parents[2] / "assets" / "lessons" / "ktm.toml")
    k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and s.expect.kind == "challenge")
    h = harness.lesson("ktm")
    t = h.table
    guide = h.lesson_to(k)
    moves = len(t.match.log)
    t.toast.ttl = 0
    h.key(pygame.K_l)
    assert t.toast.ttl > 0 and t.toast.msg == _("Answer first: Challenge! (C) or Pass (P)")
    assert len(t.match.log) == moves and guide.run.index == k
