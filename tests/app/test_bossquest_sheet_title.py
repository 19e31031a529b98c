"""Boss Quest's round score sheet names the round's rule spells in force at the fight
(play-test: "Round 3 · Extra key" although the Extra key had been cancelled by the move that
ended the round, and the winner got 1 key).  The move that brings the last knight to the
Magician also fights the round, so its Cancel or its Extra key is still ahead of the table
when the round's end is queued: the title follows the table as it plays, not as it was."""
from __future__ import annotations


from game.match import Match, SeatSpec
from game.rules import bossquest as bq

# the Magician's row of a 3-player round: the mystery, then Extra key, Cancel, Boss HP +1
ROW = ["last_turn", "extra_key", "cancel", "boss_up1"]


def _spells() -> list[str]:
    rest = [s.name for s in bq.SPELLS for _k in range(s.copies)]
    for name in ROW:
        rest.remove(name)
    return ROW + rest


def _round(harness_at, first: list, last):
    """Seats 1 and 2 play ``first`` (the Armorer is seat 0, who plays last), then the learner
    plays ``last``, which fights the round: the table's score sheet once it shows."""
    seats = [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random"), SeatSpec("Bram", "ai", "random")]
    m = Match("bossquest", seats, deck={"spells": _spells()}, seed=5, options={"armorer": 0})
    for a in first:
        m.submit(a)
    h = harness_at("normal")                  # the sheet shows (and waits) with the animations on
    h.start(match=m)
    t = h.table
    assert h.run_until(lambda: t.can_play() and not t.busy(), 3000)
    assert t.match.legal(0) and last in list(t.match.legal(0))
    t.submit(last)
    assert h.run_until(lambda: t.sheet is not None and t.steps.waiting(), 6000)

    return t


def test_an_extra_key_cancelled_by_the_last_move_is_not_in_the_title(harness_at):
    first = [bq.activate(1, 1), bq.discard(2, 3)]          # Ada casts Extra key; Bram discards
    t = _round(harness_at, first, bq.activate(0, 2, cancel=0))   # the learner cancels it: the fight
    assert t.match.state.results[-1].round == 1
    assert t.sheet.title == "Round 1"


def test_an_extra_key_cast_by_the_last_move_is_in_the_title(harness_at):
    first = [bq.discard(1, 2), bq.discard(2, 3)]           # Cancel and Boss HP +1 are gone
    t = _round(harness_at, first, bq.activate(0, 1))     # the learner casts Extra key: the fight
    assert t.sheet.title == "Round 1 · Extra key"


def test_an_extra_key_in_force_before_the_last_move_stays_in_the_title(harness_at):
    first = [bq.activate(1, 1), bq.discard(2, 2)]          # Extra key in force; Cancel is gone
    t = _round(harness_at, first, bq.discard(0, 3))
    assert t.sheet.title == "Round 1 · Extra key"
