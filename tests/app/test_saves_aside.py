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


def test_a_newer_programs_save_is_kept_too(harness):
    """Not damaged, but this program cannot use it: moved aside as 'unreadable', never overwritten."""
    import json

    from game.app.main import autosave_path

    path = autosave_path()
    path.write_text(json.dumps({"format": "crowntable-record", "version": 99, "game": "masterbluff"}))
    before = path.read_bytes()
    m = harness.menu().scene
    kept = list(path.parent.glob("autosave_masterbluff.*-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before and not path.exists()
    assert str(kept[0]) in m.message
