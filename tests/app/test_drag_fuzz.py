"""Drag and click input never crashes a table: a recorded crash (Boss Quest's Exchange a
weapon dragged onto your own row), and a fuzz over every table."""
from __future__ import annotations

import json
from pathlib import Path

from game.match import Match
from game.match.record import GameRecord
from game.rules import bossquest as bq

REPRO = Path(__file__).parent / "repro"


def load_repro(name: str) -> Match:
    return Match.from_record(GameRecord.from_json(json.loads((REPRO / name).read_text())))


def test_exchange_a_weapon_dragged_onto_my_row_offers_my_weapons(harness):
    """The record just before the crash (KeyError: 0 in choice_row): the Exchange spell dropped
    on my row means one action per weapon I could give, so a choice of my weapons opens, and
    a tile plays its exchange."""
    h = harness
    h.start(match=load_repro("bossquest-exchange-drag-crash.json"))
    t = h.table
    assert h.run_until(lambda: t.can_play(), 3000)
    slot = next(k for k, c in enumerate(t.shown.magician) if c not in (None, bq.MYSTERY)
                and bq.SPELLS[c].effect == "exchange")
    h.drag(h.app.view.pt(*t.slot_pt(slot)), h.app.view.pt(*t.row_rect(0).center))
    assert t.choice is not None
    tiles = [b for b in t.choice.buttons if getattr(b, "tile", False)]
    legal = [a for a in t.match.legal(0) if a.kind == "activate" and a.get("slot") == slot]
    assert len(tiles) == len(legal) > 1
    assert [b.label for b in tiles] == [t.action_label(a) for a in legal]
    n = len(t.match.log)
    h.click(h.app.view.rect(tiles[1].rect).center)
    assert len(t.match.log) == n + 1 and t.match.log[-1] == legal[1]
