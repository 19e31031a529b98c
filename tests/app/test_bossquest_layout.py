"""Boss Quest's table at its sizes (issue 14): a 5-player hot-seat game and a 3-player game
against the AI draw no text below 16 px (ART.md) through whole rounds, score sheets included,
and the Magician's row shows a spell's whole name under it ("Swap hidden weapons")."""
from __future__ import annotations

import pytest

from game.match import Match, SeatSpec
from game.rules import bossquest as bq

from bq_checks import TextSpy


def test_the_magicians_row_shows_whole_spell_names(harness, monkeypatch):
    h, spy = harness, TextSpy(monkeypatch)
    h.start(match=Match("bossquest", [SeatSpec("You", "human"), SeatSpec("Ada", "ai"), SeatSpec("Bram", "ai")],
                        seed=5))
    t = h.table
    h.run_until(lambda: not t.busy(), 3000)
    t.shown.magician = [bq.MYSTERY, bq.SPELL_INDEX["swap"], bq.SPELL_INDEX["second_wins"], None]
    spy.clear()
    h.step()
    drawn = spy.texts()
    for name in ("Swap hidden weapons", "Second-closest wins"):          # three rows each, in order
        at = drawn.index(name.split(" ")[0] if name.startswith("Swap") else "Second-")
        rows = drawn[at:at + 3]
        assert "".join(r if r.endswith("-") else r + " " for r in rows).strip() == name, rows


@pytest.mark.parametrize("seats", ["5 humans", "3 vs AI"])
def test_no_text_below_16_px_through_whole_rounds(home, monkeypatch, seats):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="fast", home=str(home))
    spy = TextSpy(monkeypatch)
    specs = [SeatSpec(f"Player {i + 1}", "human") for i in range(5)] if seats == "5 humans" else \
        [SeatSpec("You", "human"), SeatSpec("Bram", "ai", "random"), SeatSpec("Cleo", "ai", "random")]
    h.start(match=Match("bossquest", specs, seed=3))
    t, floor, small, frames, sheets = h.table, h.app.view.n(16), set(), 0, 0
    while t.shown.round < 4 and frames < 40000:
        spy.clear()
        if t.steps.waiting():
            sheets += t.sheet is not None
            h.step()
            t.release_step()
        elif not h.play_once():
            h.step()
        frames += 1
        small |= {(s, px) for s, px in spy.px if s.strip() and px < floor}
    assert t.shown.round >= 4 and sheets, (t.shown.round, sheets)
    assert small == set() and t.view_mismatches == []
    h.close()
