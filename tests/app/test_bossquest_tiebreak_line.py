"""Boss Quest's winner line says why a knight as close as the winner lost: the fewest weapon
cards break a tie (play-test: "Dario wins the round" while Player 2 was as close, and nothing
on the table said why)."""
from __future__ import annotations

from game.app.games import bossquest_lines
from game.match import Match, SeatSpec


def _fight(seat, status, distance, cards):
    return {"seat": seat, "status": status, "distance": distance, "cards": cards, "strength": 15 - (distance or 0),
            "hp": 15, "failed": [], "perfect": distance == 0, "winner": False, "weapons": []}


def _table(harness):
    seats = [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random"), SeatSpec("Bram", "ai", "random")]
    harness.start(match=Match("bossquest", seats, seed=5))
    return harness.table


def test_a_tie_broken_by_fewer_weapons_is_said(harness):
    t = _table(harness)
    t.table.fights = {0: _fight(0, "in", 1, 4), 1: _fight(1, "bust", None, 5), 2: _fight(2, "in", 1, 3)}
    won = {"seats": [2], "second": False, "distance": 1, "tie": False}
    assert bossquest_lines.line(t.table, "winner", won) == "Bram wins the round: same distance, fewer weapons"
    t.table.fights[1], t.table.fights[2] = _fight(1, "in", 1, 3), _fight(2, "in", 1, 2)
    mine = {"seats": [0], "second": True, "distance": 1, "tie": False}
    t.table.fights[0] = _fight(0, "in", 1, 1)
    assert bossquest_lines.line(t.table, "winner", mine) == \
        "You win the round as the second-closest: same distance, fewer weapons"


def test_a_plain_win_stays_plain(harness):
    t = _table(harness)
    t.table.fights = {0: _fight(0, "in", 3, 2), 1: _fight(1, "out", None, 2), 2: _fight(2, "in", 1, 3)}
    assert bossquest_lines.line(t.table, "winner", {"seats": [2], "second": False, "distance": 1, "tie": False}) == \
        "Bram wins the round"
    t.table.fights[0] = _fight(0, "in", 1, 3)                                  # a true tie: both win
    assert bossquest_lines.line(t.table, "winner", {"seats": [0, 2], "second": False, "distance": 1, "tie": True}) == \
        "You and Bram win the round"
