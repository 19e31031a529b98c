"""Boss Quest in hot seat: a secret's words (the swap's "Hidden weapons now", the exchange's
"gives ... and ...") are drawn only while their owner has the screen, never on the shared
screen before the next curtain.  The table is driven through posted keys and every text run
drawn is recorded."""
from __future__ import annotations

import pygame
import pytest

from game.match import Match, SeatSpec
from game.rules import bossquest as bq

from bq_checks import TextSpy


def frames(h, t, spy, n: int, until=None) -> list[tuple[str, bool]]:
    """Draw ``n`` frames (or until ``until()``); each text run with whether the screen was the
    viewer's own (no curtain, not hidden) while it was drawn."""
    runs = []
    for _ in range(n):
        if until is not None and until():
            break
        spy.runs.clear()
        h.step()
        mine = not t.hand_hidden and t.curtain_for is None
        runs += [(s, mine) for s, _px in spy.runs]
    return runs


@pytest.fixture
def normal(harness_at):
    return harness_at("normal")


def test_swap_result_is_shown_to_the_actor_alone_then_hidden_before_the_curtain(normal, monkeypatch):
    """The repro of issue 14: seed 7, Player 1: Enter, Enter (Magician), 2 (Swap), 1 (on Player 2)."""
    h, spy = normal, TextSpy(monkeypatch)
    h.start("bossquest", seats="human,human,human,ai", seed=7)
    t = h.table
    assert h.run_until(lambda: t.curtain_for == 0 and not t.busy(), 3000)
    for k in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_2):
        h.step(n=30)                                    # past ANSWER_GUARD: the question was read
        h.key(k)
        h.run_until(lambda: not t.busy(), 3000)
    h.key(pygame.K_1)
    assert t.match.log[-1] == bq.activate(0, 1, target=1)
    runs = frames(h, t, spy, 3000, until=t.steps.waiting)
    assert t.caption == "Only you saw this: remember it"
    lay = t.layout                                                  # Continue covers no card nor the caption
    assert not any(t.continue_button.rect.colliderect(lay.shared(z)) for z in
                   ["status", "magician", "discard", *(f"spell_{k}" for k in range(5))])
    h.key(pygame.K_RETURN)                                          # Continue
    runs += frames(h, t, spy, 3000, until=lambda: t.curtain_for is not None)
    secret = [mine for s, mine in runs if s.startswith("Hidden weapons now")]
    assert secret and all(secret), "the swap's result is drawn on the shared screen"
    assert t.curtain_for == 1                                       # Player 2 is next, behind the curtain
    assert not any(s.startswith("Hidden weapons now") for s, _m in frames(h, t, spy, 60))
    assert not any("Hidden weapons now" in line for line in t.table_log.lines)


def exchange_spells() -> list[str]:
    first = ["last_turn", "exchange", "boss_up1", "cancel"]
    rest = [s.name for s in bq.SPELLS for _k in range(s.copies)]
    for name in first:
        rest.remove(name)
    return first + rest


def test_exchange_of_the_hidden_weapon_is_captioned_only_for_the_actor(normal, monkeypatch):
    h, spy = normal, TextSpy(monkeypatch)
    seats = [SeatSpec("Ann", "human"), SeatSpec("Ben", "human"), SeatSpec("Cleo", "ai", "random")]
    h.start(match=Match("bossquest", seats, deck={"spells": exchange_spells()}, seed=3))
    t = h.table
    assert h.run_until(lambda: t.curtain_for == 0 and not t.busy(), 3000)
    h.key(pygame.K_RETURN)                                          # Ann at the screen
    h.run_until(lambda: not t.busy(), 3000)
    h.step(n=30)                                    # past ANSWER_GUARD: the question was read
    h.key(pygame.K_RETURN)                                          # the Magician
    h.key(pygame.K_2)                                               # Exchange a weapon
    mine = bq.WEAPON_NAMES[t.match.state.hidden[0]]
    tiles = [b.label for b in t.choice.buttons]
    h.key(pygame.K_1 + tiles.index(f"{bq.weapon_text(mine)} (hidden)"))  # the hidden weapon, labelled so
    assert t.match.log[-1] == bq.activate(0, 1, weapon=mine)
    runs = frames(h, t, spy, 3000, until=t.steps.waiting)
    h.key(pygame.K_RETURN)                                          # Continue
    runs += frames(h, t, spy, 3000, until=lambda: t.curtain_for is not None)
    secret = [m for s, m in runs if s.startswith("Ann gives")]
    assert secret and all(secret), "the exchange's result is drawn on the shared screen"
    assert t.curtain_for == 1
    assert not any(s.startswith("Ann gives") for s, _m in frames(h, t, spy, 60))


def test_a_private_caption_is_never_drawn_on_a_hidden_screen(normal, monkeypatch):
    """The kit's net: a private step's caption playing while the screen is hidden is not drawn
    (an AI's swap onto a human who is away from the screen)."""
    h, spy = normal, TextSpy(monkeypatch)
    h.start("bossquest", seats="human,human,human,ai", seed=7)
    t = h.table
    assert h.run_until(lambda: t.curtain_for == 0 and not t.busy(), 3000)
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    t.privacy.hidden = True                                         # Player 1 has left the screen
    t.add_step(lambda: None, 0.5, caption="Hidden weapons now: secret", private=True)
    runs = frames(h, t, spy, 5)
    assert t.steps.caption == "Hidden weapons now: secret"
    assert not any("secret" in s for s, _m in runs)


def test_a_swap_that_ends_the_round_is_remembered_before_the_fight_and_the_next_deal(normal, monkeypatch):
    """The actor's moment ends right after their secret: the fight and the next round's deal (with
    their new hidden weapon) play on a hidden screen."""
    h, spy = normal, TextSpy(monkeypatch)
    spells = ["last_turn", "swap", "boss_up1"]
    rest = [s.name for s in bq.SPELLS for _k in range(s.copies)]
    for name in spells:
        rest.remove(name)
    h.start(match=Match("bossquest", [SeatSpec("Ann", "human"), SeatSpec("Ben", "human")],
                        deck={"spells": spells + rest}, seed=2))
    t = h.table

    def at_screen(seat):
        assert h.run_until(lambda: t.curtain_for == seat and not t.busy(), 3000)
        h.key(pygame.K_RETURN)
        assert h.run_until(lambda: not t.busy(), 3000)
    at_screen(0)
    assert t.submit(bq.equip(0, 1))
    at_screen(1)
    assert t.submit(bq.activate(1, 2))                              # Boss HP +1, beside the boss
    at_screen(0)
    assert t.submit(bq.activate(0, 1, target=1))                    # the swap ends the round
    assert t.match.state.round == 2
    runs = frames(h, t, spy, 3000, until=t.steps.waiting)
    assert t.caption == "Only you saw this: remember it"
    assert any(s.startswith("Your hidden weapon is now") or s.startswith("Hidden weapons now") for s, _m in runs)
    assert not any(s.startswith("Round 1: the fight") for s, _m in runs)     # the fight comes after
    h.key(pygame.K_RETURN)
    later = frames(h, t, spy, 3000, until=lambda: t.curtain_for is not None)
    fight = [m for s, m in later if s.startswith("Round 1: the fight") or s.startswith("Round 2")]
    assert fight and not any(fight), "the fight and the next deal play while Ann still has the screen"
