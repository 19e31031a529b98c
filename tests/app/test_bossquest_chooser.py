"""Boss Quest choosers (play-test): the Exchange chooser names which weapon is your hidden
one (and never another seat's), and a digit beyond the Magician's spells says why."""
from __future__ import annotations

import pygame

from game.rules import bossquest as bq
from repro_records import open_exchange_choice


def _exchange_choice(h):
    t, _slot, tiles = open_exchange_choice(h)
    return t, tiles


def test_exchange_chooser_marks_my_hidden_weapon(harness):
    t, tiles = _exchange_choice(harness)
    mine = bq.weapon_text(t.shown.hidden[0])
    marked = [b.label for b in tiles if "hidden" in b.label]
    assert marked == [f"{mine} (hidden)"]
    face_up = [bq.weapon_text(c) for c in t.shown.face_up[0]]
    assert sorted(b.label for b in tiles if b.label not in marked) == sorted(face_up)


def test_exchange_label_never_names_another_seats_hidden_weapon(harness):
    t, _tiles = _exchange_choice(harness)
    from game.core.actions import Action
    for s in (1, 2):
        known = t.shown.hidden[s]
        assert known is None                       # the viewer does not know it ...
    real = t.match.state.hidden[1]                 # ... and a label for seat 1's own hidden weapon
    a = Action.make(1, "activate", slot=0, weapon=bq.WEAPON_NAMES[real])
    assert "hidden" not in t.action_label(a)       # (as if it were offered) reads as a plain weapon


def test_a_digit_beyond_the_magicians_spells_says_why(harness):
    h = harness
    h.start("bossquest", seats="human,ai,ai", seed=2)
    t = h.table
    assert h.run_until(lambda: t.can_play(), 3000)
    t.open_magician()
    assert t.choice is not None
    n = len([b for b in t.choice.buttons if getattr(b, "tile", False)])
    assert 1 < n < 9
    h.key(pygame.K_1 + n)
    assert t.choice is not None and t.toast.msg == f"There are only {n} spells: press 1 to {n}"


def test_a_digit_beyond_any_choice_panels_tiles_says_why(harness):
    """The kit's choice panel (here the Exchange chooser) words it for every table."""
    h = harness
    t, tiles = _exchange_choice(h)
    n = len(tiles)
    assert 1 < n < 9
    log = len(t.match.log)
    h.key(pygame.K_KP1 + n)
    assert t.choice is not None and len(t.match.log) == log
    assert t.toast.msg == f"There are only {n} choices: press 1 to {n}"


def test_hot_seat_the_strength_badge_stays_through_the_fight(harness):
    """Hot seat (play-test): the fight shows every hidden weapon, so the bottom row's strength
    badge stays while nobody's screen is up, and says what the fight says."""
    h = harness
    h.start("bossquest", seats="human,human,ai", seed=3)
    t = h.table
    h.app.settings.speed = "normal"
    t.apply_settings()
    checked = 0
    for _ in range(20000):
        h.step()
        sh = t.shown
        if sh.fight and sh.phase == "play":
            assert not t.may_see()                     # nobody's screen: only the public is drawn
            assert t.drawn_strength == sh.strength
            f = sh.fight.get(t.viewer)
            if f is not None:
                assert t.drawn_strength == f["strength"]
                checked += 1
                break
            continue
        if t.curtain_for is not None and not t.busy():
            h.key(pygame.K_RETURN)
        elif t.can_play():
            legal = list(t.match.legal(t.viewer))
            t.submit(legal[-1] if legal[-1].kind != "wait" else legal[0])
        elif t.steps.waiting():
            h.key(pygame.K_RETURN)
    assert checked == 1
