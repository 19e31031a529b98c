"""King Thief Minister in hot seat with three humans (issue 25, the third trial; the repro is
`crowntable play ktm --seats human,human,human --seed 3`).

- A card a person looks at (the opening peek, "Look (pay 1)") stays face up, to that person
  alone, in every frame until they press Continue on "Only you saw this: remember it"; then it
  turns down and the curtain comes.  It is never on another person's screen.
- An opening peek chosen before the others have chosen cannot be shown yet (the peeks are shown
  together): the table says so before the screen passes on, instead of going straight to the
  curtain as if the click had failed.

Driven through posted keys; every drawn frame is recorded (``game/app/transcript.py``)."""
from __future__ import annotations

import pygame
import pytest

from game.rules import ktm

REMEMBER = "Only you saw this: remember it"


from table_checks import on_own_screen as mine  # noqa: E402  (the frame was the seat's own)


def faces(f) -> set[str]:
    return {i for i in f.items if i.startswith("face:")}


def play_opening_and_one_look(h, t, rec, challenge=False):
    """Every person peeks (a different spot each), then the first to play pays to look.  Returns
    (seat, first frame, Continue frame) for each "remember it" and the captions seen before a
    curtain with no card."""
    remembered, later = [], []
    mark = len(rec.frames)
    looked = False
    for _ in range(60):
        assert h.run_until(lambda: (not t.busy() and (t.curtain_for is not None or t.can_play()))
                           or t.steps.waiting(), 5000)
        if t.steps.waiting():
            h.step(n=2)
            if t.caption == REMEMBER:
                remembered.append((t.viewer, mark, len(rec.frames)))
                mark = len(rec.frames)
                if looked and (not challenge or t.match.log[-1].kind == "challenge"):
                    h.key(pygame.K_RETURN)
                    return remembered, later
            else:
                later.append((t.viewer, t.caption))
            h.key(pygame.K_RETURN)
            continue
        if t.curtain_for is not None:
            mark = len(rec.frames)
            h.key(pygame.K_RETURN)
            continue
        mark = len(rec.frames)
        if t.obs().phase == "peek":
            t.submit(ktm.peek(t.viewer, (t.viewer * 2 + 1) % ktm.SPOTS))
        elif challenge and t.obs().phase == "challenge":
            if not looked:
                h.step(n=30)                                   # past ANSWER_GUARD: the question was read
                h.key(pygame.K_c)                          # Challenge!: the challenger looks alone
                assert t.match.log[-1].kind == "challenge"
                looked = True
            else:
                h.step(n=30)                                   # past ANSWER_GUARD: the question was read
                h.key(pygame.K_p)
        elif challenge:
            assert t.obs().phase == "turn" and not looked
            t.submit(ktm.claim(t.viewer, "king"))
        else:
            assert t.obs().phase == "turn" and not looked
            h.step(n=30)                                   # past ANSWER_GUARD: the question was read
            h.key(pygame.K_l)                              # Look (pay 1)
            assert t.match.log[-1].kind == "look"
            looked = True
    raise AssertionError("the opening and one look never finished")


@pytest.mark.parametrize("speed,challenge", [("normal", False), ("off", False), ("normal", True)])
def test_hot_seat_looks_stay_face_up_until_continue_and_only_for_their_person(rec, harness_at, speed, challenge):
    """The opening peeks, then "Look (pay 1)" or (``challenge``) a claim and the look of the one
    who challenges it."""
    h = harness_at(speed)
    h.start("ktm", seats="human,human,human", seed=3)
    t = h.table
    remembered, _later = play_opening_and_one_look(h, t, rec, challenge)
    assert len(remembered) == 4
    assert t.match.log[-1].kind == ("challenge" if challenge else "look")
    frames = rec.frames
    seen = []
    for seat, first, cont in remembered:
        at_continue = faces(frames[cont - 1])
        assert len(at_continue) == 1, f"seat {seat}: no face next to 'remember it' ({frames[cont - 1].meta})"
        face = at_continue.pop()
        seen.append((seat, face))
        shown = [i for i in range(first, cont) if face in frames[i].items]
        for i in range(shown[0], cont):          # from its first frame to the Continue, in every frame
            assert face in frames[i].items and mine(frames[i], seat), \
                f"seat {seat}'s {face} left the screen before Continue (frame {i}, {frames[i].meta})"
    h.step(n=5)
    assert not faces(rec.frames[-1]), "the card stayed face up after Continue"
    for f in rec.frames:                           # never on another person's screen (after the
        if f.meta.get("log", 0) < 1:               # public deal of the opening cards)
            continue
        for face in faces(f):
            assert any(face == fc and mine(f, s) for s, fc in seen), f"{face} on a screen not its own ({f.meta})"
    assert t.view_mismatches == []


def test_hot_seat_an_early_opening_peek_says_the_card_comes_later(rec, harness_at):
    h = harness_at("normal")
    h.start("ktm", seats="human,human,human", seed=3)
    t = h.table
    remembered, later = play_opening_and_one_look(h, t, rec)
    # the first two to peek are told, before the curtain, that the card comes later; the last
    # one sees theirs at once
    last = remembered[0][0]                        # the last to peek saw theirs at once
    assert len(later) == 2 and last not in [s for s, _c in later], later
    assert sorted([s for s, _c in later] + [last]) == [0, 1, 2]
    for seat, caption in later:
        assert caption == t.table.peek_later_line(seat)
        assert "when the screen is yours again" in caption
        assert caption not in t.table_log.lines            # a word to them, not a line of the log
