"""Death over the Kingdom in hot seat (issue 25): both players of an exchange see both cards
(the rules).  The one who pressed E sees the card they got, face up on their own screen, before
the curtain comes down; the other sees the card they got when their curtain lifts; nobody else
ever sees either card.  Driven through posted keys; every drawn frame is recorded
(``game/app/transcript.py``)."""
from __future__ import annotations

import pygame
import pytest



from table_checks import on_own_screen as mine  # noqa: E402  (the frame was the seat's own)


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_both_players_of_an_exchange_see_the_card_they_got_and_nobody_else_does(rec, harness_at, speed):
    # the repro: `crowntable play death --seats human,human,human,ai,ai`, the first human presses E
    # (at the Instant speed too: the card stays until Continue)
    h = harness_at(speed)
    h.start("death", seats="human,human,human,ai,ai", seed=4)
    t = h.table
    assert h.run_until(lambda: t.curtain_for is not None and not t.busy(), 3000)
    actor = t.curtain_for
    h.key(pygame.K_RETURN)                                   # "I am …": the curtain lifts
    assert h.run_until(lambda: not t.busy() and t.answers, 3000)
    first = len(rec.frames)
    h.step(n=30)                                                   # past ANSWER_GUARD: the question was read
    h.key(pygame.K_e)                                        # Exchange
    last = t.match.log[-1]
    assert last.kind == "exchange" and last.seat == actor
    target = next(e for evs in t.match.action_events[-1:] for e in evs if e.kind == "exchanged").data
    got, gave, other = target["got"], target["gave"], target["target"]
    assert t.match.is_human(other)
    # the actor: their new card face up on their own screen, then "remember it" and Continue
    assert h.run_until(t.steps.waiting, 3000)
    assert t.viewer == actor and not t.hand_hidden and t.curtain_for is None
    assert t.caption == "Only you saw this: remember it"
    h.step()
    actor_frames = [f for f in rec.frames[first:] if mine(f, actor) and f.meta["log"] == len(t.match.log)]
    assert any(f"face:{got}" in f.items for f in actor_frames), "the exchanging player never saw the card they got"
    assert any(f"face:{gave}" in f.items for f in actor_frames)       # at the other's seat, known
    if speed != "off":                                       # the caption of a step that holds
        assert any(any(s.startswith("text:You got ") for s in f.items) for f in actor_frames)
    h.key(pygame.K_RETURN)                                   # Continue: the screen is hidden, a curtain comes
    assert h.run_until(lambda: t.curtain_for is not None, 3000)
    assert t.curtain_for == other
    h.key(pygame.K_RETURN)                                   # the other player sits down
    assert h.run_until(t.steps.waiting, 3000)
    assert t.viewer == other
    h.step()
    other_frames = [f for f in rec.frames[first:] if mine(f, other)]
    assert any(f"face:{gave}" in f.items for f in other_frames), "the other player never saw the card they got"
    h.key(pygame.K_RETURN)
    # everyone else plays on until the third human has had the screen for a while
    third = next(s for s in t.humans if s not in (actor, other))
    for _ in range(20000):
        if t.viewer == third and t.curtain_for is None and not t.hand_hidden and not t.busy():
            break
        if not h.play_once():
            h.step()
    else:
        raise AssertionError("the third human never had the screen")
    h.step(n=30)
    assert t.shown.round == 1 and not t.table.revealing()          # still before the round's reveal
    for f in rec.frames[first:]:
        if mine(f, actor) or mine(f, other):
            continue
        assert f"face:{got}" not in f.items and f"face:{gave}" not in f.items, \
            f"an exchanged card is on a screen that is not one of its two players' ({f.meta})"
        assert not any(s.startswith(("text:You got ", "text:Only you saw")) or " took your " in s
                       for s in f.items), f"an exchange's private words on someone else's screen ({f.meta})"


@pytest.mark.parametrize("kind,seed", [("trader", 8), ("bard", 11)])
def test_the_card_a_player_s_own_power_gave_them_is_shown_to_them_before_the_curtain(rec, harness_at, kind, seed):
    """The same cause: a Trader's draw or the Bard's swap gave the player at the screen a new
    card, and their screen was hidden at once.  They see it (face up, "remember it"), and a
    shared screen never shows it."""
    from game.rules.death import NAMES

    h = harness_at("normal")
    h.start("death", seats="human,human,human,ai,ai", seed=seed)
    t = h.table
    assert h.run_until(lambda: t.curtain_for is not None and not t.busy(), 3000)
    actor = t.curtain_for
    h.key(pygame.K_RETURN)
    assert h.run_until(lambda: not t.busy() and t.answers, 3000)
    first = len(rec.frames)
    action = next(a for a in t.match.legal(actor) if a.kind == kind)
    assert t.submit(action)
    new = NAMES[t.match.observe(actor).hand]
    assert h.run_until(t.steps.waiting, 3000)
    assert t.viewer == actor and not t.hand_hidden and t.caption == "Only you saw this: remember it"
    h.step()
    assert f"face:{new}" in rec.frames[-1].items, "the player never saw the card their power gave them"
    # issue 25, the third trial: from its first frame to the Continue it never leaves the screen
    frames = rec.frames[first:]
    since = next(i for i, f in enumerate(frames) if f"face:{new}" in f.items)
    assert all(f"face:{new}" in f.items and f.meta.get("viewer") == actor and not f.meta.get("hidden")
               for f in frames[since:]), "the card left the screen before Continue"
    h.key(pygame.K_RETURN)
    assert h.run_until(lambda: t.curtain_for is not None, 3000)
    h.step(n=10)
    shared = [f for f in rec.frames[first:] if f.meta.get("hidden") or f.meta.get("curtain") is not None]
    assert shared and not any(f"face:{new}" in f.items for f in shared)
