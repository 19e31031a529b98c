"""Death's turn hint names only what the card may do now (play-test: holding a Clown or an
Innkeeper, the hint still said "... or use its power", and no power button was there)."""
from __future__ import annotations

import pytest

from game.match import Match, SeatSpec
from game.rules import death


def _table(harness, mine: str, dealer: int):
    """Seat 0 (the lone human) holds ``mine`` and plays first (``dealer`` 1) or last (dealer 0)."""
    order = [0, 3, 2, 1] if dealer == 1 else [3, 2, 1, 0]          # the deal starts right of the dealer
    hands = dict(zip(order, [mine, "knight", "queen", "monk"])) if order[0] == 0 else \
        dict(zip(order, ["knight", "queen", "monk", mine]))
    dealt = [hands[s] for s in order]
    rest = [n for n in death.NAMES for _k in range(2)]
    for n in dealt:
        rest.remove(n)
    seats = [SeatSpec("You", "human")] + [SeatSpec(n, "ai", "random") for n in ("Ada", "Bram", "Cleo")]
    harness.start(match=Match("death", seats, {"dealer": dealer}, deck={"deck": dealt + rest}, seed=3))
    t = harness.table
    assert harness.run_until(lambda: t.can_play(), 20000)
    return t


@pytest.mark.parametrize("mine,dealer,hint", [
    ("clown", 1, "Your turn: stand, or drag your card onto the player on your right"),
    ("bard", 1, "Your turn: stand, drag your card onto the player on your right, or use its power"),
    ("innkeeper", 0, "Your turn (dealer, last): stand, or drag your card onto the deck to cut"),
    ("trader", 0, "Your turn (dealer, last): stand, drag your card onto the deck to cut, or use its power"),
])
def test_the_hint_offers_a_power_only_when_the_card_has_one(harness, mine, dealer, hint):
    t = _table(harness, mine, dealer)
    assert t.shown.turn == 0 and (t.shown.dealer == 0) == (dealer == 0)
    powers = {a.kind for a in t.table._legal()} & {"trader", "thief", "bard", "dragon"}
    assert bool(powers) == ("power" in hint)
    assert t.table.status_text() == (hint, "true")
