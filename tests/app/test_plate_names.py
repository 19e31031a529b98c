"""Name plates on a crowded ring: a name cut to fit still tells its seat apart (play-test:
at 20 players the hot-seat plates of "Player 2" and "Player 3" both read "Play…")."""
from __future__ import annotations

import pytest

from game.match import Match, SeatSpec


@pytest.mark.parametrize("humans", [3, 12])
def test_cut_plate_names_stay_distinct_on_a_twenty_seat_hotseat(harness, humans):
    from game.app.seating import default_names

    kinds = ["human"] * humans + ["ai"] * (20 - humans)
    names = default_names(kinds)                        # the names setup gives: Player 1, Player 2...
    seats = [SeatSpec(n, k, None if k == "human" else "random") for n, k in zip(names, kinds)]
    harness.start(match=Match("death", seats, {"mode": "only_one"}, seed=7))
    t = harness.table
    labels = [t.plate_label(s)[0] for s in range(t.n)]
    cut = [lab for lab in labels if "…" in lab]
    assert cut, labels                                   # the ring is crowded: some names are cut
    assert len(set(labels)) == len(labels), labels       # ...and every plate still reads apart
    assert all(size >= 16 for _lab, size in (t.plate_label(s) for s in range(t.n)))
    for s in range(humans):                              # a cut "Player N" keeps its number
        lab = labels[s]
        assert lab.endswith(str(s + 1)), lab
