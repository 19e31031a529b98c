"""Drag and click input never crashes a table: a recorded crash (Boss Quest's Exchange a
weapon dragged onto your own row), and a fuzz over every table."""
from __future__ import annotations

import pytest

from fuzz_input import Fuzzer, positions
from repro_records import open_exchange_choice


def test_exchange_a_weapon_dragged_onto_my_row_offers_my_weapons(harness):
    """The record just before the crash (KeyError: 0 in choice_row): the Exchange spell dropped
    on my row means one action per weapon I could give, so a choice of my weapons opens, and
    a tile plays its exchange."""
    h = harness
    t, slot, tiles = open_exchange_choice(h)
    legal = [a for a in t.match.legal(0) if a.kind == "activate" and a.get("slot") == slot]
    assert len(tiles) == len(legal) > 1
    assert [b.label for b in tiles] == [t.table.action_label(a) for a in legal]
    n = len(t.match.log)
    h.click(h.app.view.rect(tiles[1].rect).center)
    assert len(t.match.log) == n + 1 and t.match.log[-1] == legal[1]


# every table, a seed whose positions cover its phases (see fuzz_input.positions); two at one
# screen (hot seat: the curtain between people) for Court and Death
FUZZ = [("masterbluff", "human,ai,ai", 7, 2), ("court", "human,human", 3, 3), ("death", "human,human,ai,ai", 5, 4),
        ("ktm", "human,ai,ai", 4, 5), ("bossquest", "human,ai,ai", 2, 5)]


@pytest.mark.parametrize("game,seats,seed,count", FUZZ, ids=[f[0] for f in FUZZ])
def test_every_drag_and_click_ends_in_a_move_or_a_reason(harness, game, seats, seed, count):
    """Drag every draggable thing onto every zone and the felt, click each of them, click a
    card then each zone, press every answer and every tile of every panel that opens: no
    exception, and each gesture ends in a move or a refusal in words."""
    h = harness
    recs = positions(h, game, seats, seed, count)
    assert len(recs) == count
    fz = Fuzzer(h)
    choices: set = set()
    for rec in recs:
        fz.fuzz_position(rec, choices)
    rep = fz.report
    assert rep.silent == [], f"gestures that ended in neither a move nor a reason: {rep.silent}"
    assert rep.moves > 0 and rep.refusals, (rep.moves, rep.refusals)     # both kinds were met
    assert rep.gestures >= 5 * count


# -- a toast never covers what a person may press
def test_a_refusal_toast_never_covers_the_bluff_buttons(harness):
    """MasterBluff's answer window: Enter (nothing selected) and a refused drop onto the pile
    both say why in a toast; the toast sits clear of Bluff! / No bluff."""
    import pygame

    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=2)
    t = h.table
    assert h.run_until(lambda: bool(t.answers) and not t.busy(), 5000)
    t.pacer.update = lambda dt, submit: None                 # the AIs wait: the window stays open
    buttons = [b.rect for b in t.answers]
    assert [b.label for b in t.answers] == ["Bluff!", "No bluff"]
    h.key(pygame.K_RETURN)                                   # the default toast place is over the buttons
    assert t.toast.msg == "Answer first: Bluff! (B) or No bluff (N)"     # not "Select cards first"
    r = t.toast_rect()
    assert r is not None and not any(r.colliderect(b) for b in buttons), (r, buttons)
    h.drag(t.hand.click_points()[0][1], t.table.pile_center())
    r = t.toast_rect()
    assert r is not None and not any(r.colliderect(b) for b in buttons), (r, buttons)


def test_clear_of_moves_a_box_off_the_buttons_by_the_least():
    import pygame

    from game.app.widgets import clear_of

    box, button = pygame.Rect(500, 400, 200, 40), pygame.Rect(400, 416, 480, 52)
    r = clear_of(box, [button])
    assert not r.colliderect(button.inflate(8, 8)) and r.x == box.x and r.bottom <= button.top
    assert clear_of(box, []) == box
    assert clear_of(pygame.Rect(500, 2, 200, 40), [pygame.Rect(0, 0, 1280, 60)]).top >= 60   # below, inside


# -- click a card (or a piece), then click its target: the same as a drag there
CLICKS = [("masterbluff", "human,ai,ai", 7, 2, False), ("court", "human,ai", 3, 2, False),
          ("death", "human,ai,ai,ai", 5, 3, False), ("ktm", "human,ai,ai", 4, 3, True),      # the coin
          ("bossquest", "human,ai,ai", 2, 3, True)]                                          # the spells


@pytest.mark.parametrize("game,seats,seed,count,pieces", CLICKS, ids=[f[0] for f in CLICKS])
def test_click_then_click_the_target_does_what_a_drag_there_does(harness, game, seats, seed, count, pieces):
    """For every card and every piece that a click picks up (the hand's selection, a held
    piece), and every drop zone: a click on it and then a click on the zone is a move exactly
    when dragging it onto the zone is (and otherwise a refusal in words)."""
    h = harness
    fz = Fuzzer(h)
    both, held_moves = 0, 0
    for rec in positions(h, game, seats, seed, count):
        t = fz.restore(rec)
        for sname, src in fz.sources(t):
            for zone in t.table.drop_zones():
                dst = fz.pt(zone.rect.center)
                t = fz.restore(rec)
                n0 = len(t.match.log)
                fz.drag(t, src, dst)
                dragged = t._fz["drop"] > 0 or len(t.match.log) != n0
                t = fz.restore(rec)
                h.click(src)
                h.step()
                if t.choice is not None or len(t.match.log) != n0 or not (t.held or t.selected):
                    break                        # the click itself acts (a pawn, a ring card): no target
                if t.table.piece_at(zone.rect.center) is not None or t.hand.card_at(zone.rect.center) is not None:
                    continue                     # the zone's middle is a piece or a card: a click takes that
                kind = t.held.kind if t.held is not None else "cards"
                h.click(dst)
                h.step()
                clicked = t._fz["drop"] > 0 or len(t.match.log) != n0
                if zone.accepts != kind:         # not a place for it: a held piece goes back, quietly
                    assert not dragged and not clicked and t.held is None
                    continue
                assert clicked == dragged, f"{game} at {n0}: {sname} then {zone.name}: click {clicked}, drag {dragged}"
                assert clicked or t._fz["said"], f"{game} at {n0}: {sname} then {zone.name}: no word"
                both += clicked
                held_moves += clicked and kind != "cards"
    assert both > 0, "no click-then-click move was tried"
    assert (held_moves > 0) == pieces, held_moves


def test_every_playable_table_is_fuzzed():
    """A new table inherits the drag fuzz: it fails here until FUZZ lists it."""
    from game.app.games import PLAYABLE

    assert set(PLAYABLE) <= {f[0] for f in FUZZ}, f"not fuzzed: {sorted(set(PLAYABLE) - {f[0] for f in FUZZ})}"
