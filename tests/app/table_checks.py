"""Shared checks for table tests."""
from __future__ import annotations


def settled_views(h, t, max_frames: int = 200000) -> int:
    """Play the game to the end (humans through the UI, see ``HeadlessApp.play_once``); after
    every action, once its animations have played, the table's view must equal
    ``view_from(observation)``.  Returns how many positions were compared."""
    checked = 0
    last = -1
    for _ in range(max_frames):
        if h.scene is not t:
            break
        if not t.busy() and len(t.match.log) != last:
            last = len(t.match.log)
            assert t.shown == t.table.view_from(t.obs()), f"view differs after {last} actions"
            checked += 1
        if not h.play_once():                # a human move if one is due, else a frame
            h.step()
    return checked


def on_own_screen(frame, seat: int) -> bool:
    """A transcript frame drawn while the screen was ``seat``'s own (no curtain, not hidden)."""
    m = frame.meta
    return m.get("viewer") == seat and m.get("curtain") is None and not m.get("hidden")
