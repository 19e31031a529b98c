"""Boss Quest choosers (play-test): the Exchange chooser names which weapon is your hidden
one (and never another seat's), and a digit beyond the Magician's spells says why."""
from __future__ import annotations

import pygame
import pytest

from game.rules import bossquest as bq
from repro_records import load_repro, open_exchange_choice


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
    assert "hidden" not in t.table.action_label(a)       # (as if it were offered) reads as a plain weapon


def test_a_digit_beyond_the_magicians_spells_says_why(harness):
    h = harness
    h.start("bossquest", seats="human,ai,ai", seed=2)
    t = h.table
    assert h.run_until(lambda: t.can_play(), 3000)
    t.table.open_magician()
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
            assert t.table.drawn_strength == sh.strength
            f = sh.fight.get(t.viewer)
            if f is not None:
                assert t.table.drawn_strength == f["strength"]
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


def _exchange_ready(h):
    """The record of the chooser tests, with the face-up Exchange a weapon not yet dropped."""
    h.start(match=load_repro("bossquest-exchange-drag-crash.json"))
    t = h.table
    assert h.run_until(lambda: t.can_play(), 3000)
    slot = next(k for k, c in enumerate(t.shown.magician) if c not in (None, bq.MYSTERY)
                and bq.SPELLS[c].effect == "exchange")
    return t, slot


@pytest.mark.parametrize("k", [0, 1, -1])
def test_exchange_dropped_on_a_weapon_gives_back_that_weapon(harness, k):
    """Play-test: Exchange a weapon dropped on my purple 1 still asked which weapon.  Dropped on
    one of my weapons (the hidden one, 0, or a face-up one), it plays that one at once."""
    h = harness
    t, slot = _exchange_ready(h)
    cards = (t.shown.hidden[0], *t.shown.face_up[0])
    assert len(cards) >= 3
    at = t.table.row_poses(0, len(cards))[k]
    log = len(t.match.log)
    h.drag(h.app.view.pt(*t.table.slot_pt(slot)), h.app.view.pt(*at))
    assert t.choice is None
    assert t.match.log[log:] == [bq.activate(0, slot, weapon=bq.WEAPON_NAMES[cards[k]])]


def test_exchange_dropped_beside_the_weapons_still_asks(harness):
    h = harness
    t, slot = _exchange_ready(h)
    log = len(t.match.log)
    h.drag(h.app.view.pt(*t.table.slot_pt(slot)), h.app.view.pt(*t.zone(0, "name").center))    # on the plate
    assert t.choice is not None and len(t.match.log) == log
    assert len([b for b in t.choice.buttons if getattr(b, "tile", False)]) == 1 + len(t.shown.face_up[0])


def test_every_tile_of_the_exchange_chooser_has_its_number_in_the_same_place(harness, monkeypatch):
    """Play-test: the number sat beside one-line names ("blue 1  2") but under wrapped ones
    ("blue 3 (hidden)" / "1").  Then every tile's number was at its right edge, mid-height, where
    "yellow 1" and its 2 still read "yellow 1 2" (issue 25); now every tall tile's number is at its
    foot, centred, apart from the label (this test used to expect the right edge)."""
    from game.app import widgets
    from game.app.table import draw as kit_draw

    h = harness
    t, tiles = _exchange_choice(h)
    assert any(not t._choice_fits(b.label, b.size, b.rect.w - 40) for b in tiles)    # one wraps
    drawn = []
    for mod in (widgets, kit_draw):
        real = mod.text

        def spy(surf, ctx, s, pos, *args, _real=real, **kw):
            drawn.append((s, tuple(pos), kw.get("anchor")))
            return _real(surf, ctx, s, pos, *args, **kw)
        monkeypatch.setattr(mod, "text", spy)
    t.draw_choice(h.app.screen)
    for b in tiles:
        spots = [(pos, anchor) for s, pos, anchor in drawn if s == b.hint]
        assert spots == [((b.rect.centerx, b.rect.bottom - 20), "center")], (b.label, spots)
