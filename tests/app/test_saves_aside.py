"""Damaged saves are moved aside, kept, and never overwritten."""
from __future__ import annotations

from game.match.saves import set_aside


def test_set_aside_keeps_every_damaged_copy(tmp_path):
    p = tmp_path / "autosave_masterbluff.json"
    kept = []
    for i in range(3):
        p.write_text(f"garbage {i}")
        kept.append(set_aside(p, when=1_800_000_000))
        assert not p.exists()
    assert len(set(kept)) == 3
    assert [k.read_text() for k in kept] == ["garbage 0", "garbage 1", "garbage 2"]
    assert all(k.parent == tmp_path and k.name.startswith("autosave_masterbluff.damaged-")
               and k.suffix == ".json" for k in kept)
