"""Fireball Court's public table (issue 28: nobody at the desk, two phones): the plate "Ana
holds 5 cards, face down." is the table kit's hover tip of a hand of backs, shown for the hand
the idle pointer rests on.  It is the same for both seats (either hand, on either seat's turn),
and it names the count the animation shows: never a count a card landing (a draw, the deal)
has since changed ("holds 4" over a fan of 5 for a frame, as the trial saw it while cards flew)."""
from __future__ import annotations

import random

import pytest

from game.app.main import parse_seats
from game.match import Match
from fit_checks import public_frame


@pytest.mark.parametrize("seat", [0, 1])
def test_the_public_tables_hand_tip_names_the_count_drawn_for_either_seat_on_either_turn(harness_at, seat):
    h = harness_at("fast")
    h.app.open_phones = lambda match: None        # no phone server: moves sent as the App sends them
    m = Match("court", parse_seats("phone,phone"), seed=6)
    h.app.start_table(match=m)
    h.step()
    t = h.table
    assert t.public
    t.mouse = t.zone(seat, "hand").center          # the pointer left resting on one hand
    rnd = random.Random(1)
    stale, shown = [], set()
    for n in range(60 * 10 + 400):
        if len(m.log) >= 12 or m.outcome() is not None:
            break
        tip = t.help_shown()                       # what draw_help paints now
        if tip is not None:
            assert tip.key[:2] == ("backs", seat), tip
            count = t.table.seat_cards(seat)       # the fan and its badge drawn now
            if tip.key[2] != count or str(count) not in tip.line:
                stale.append((n, tip.line, count))
            shown.add(m.to_act()[0])
        public_frame(h, m, rnd)
    assert not stale, stale
    assert shown == {0, 1}                         # on both seats' turns, for either hand
