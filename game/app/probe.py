"""Test hook: with CROWNTABLE_TEST_PROBE=<path> the app writes a small JSON
describing what is on screen (window-pixel rectangles of the viewer's hand
cards, the pile, the family picker buttons, the match log length, the scene).

It exists only so black-box tests (Xvfb + xdotool) can find where to click.
The file is written atomically and only when its content changes.  Without
the variable nothing is written.
"""
from __future__ import annotations

import json
import os
from typing import Any


class Probe:
    def __init__(self, path: str | None):
        self.path = path
        self._last = ""

    @staticmethod
    def from_env() -> "Probe":
        return Probe(os.environ.get("CROWNTABLE_TEST_PROBE") or None)

    @property
    def enabled(self) -> bool:
        return bool(self.path)

    def write(self, data: dict[str, Any]) -> None:
        if not self.path:
            return
        text = json.dumps(data, sort_keys=True)
        if text == self._last:
            return
        self._last = text
        tmp = f"{self.path}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, self.path)
        except OSError:
            pass
