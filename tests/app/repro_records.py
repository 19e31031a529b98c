"""The records of reported defects (copied from ../shared/repro into tests/app/repro) and the
position a test opens from one."""
from __future__ import annotations

import json
from pathlib import Path

from game.match import Match
from game.match.record import GameRecord
from game.rules import bossquest as bq

REPRO = Path(__file__).parent / "repro"


def load_repro(name: str) -> Match:
    return Match.from_record(GameRecord.from_json(json.loads((REPRO / name).read_text())))


def open_exchange_choice(h):
    """The record just before the Boss Quest crash (KeyError: 0 in choice_row): the face-up
    Exchange a weapon dragged onto my own row (on its name plate, beside the weapons: a drop on
    one weapon plays that one).  Returns the table and the choice's tiles."""
    h.start(match=load_repro("bossquest-exchange-drag-crash.json"))
    t = h.table
    assert h.run_until(lambda: t.can_play(), 3000)
    slot = next(k for k, c in enumerate(t.shown.magician) if c not in (None, bq.MYSTERY)
                and bq.SPELLS[c].effect == "exchange")
    h.drag(h.app.view.pt(*t.table.slot_pt(slot)), h.app.view.pt(*t.zone(0, "name").center))
    assert t.choice is not None
    return t, slot, [b for b in t.choice.buttons if getattr(b, "tile", False)]
