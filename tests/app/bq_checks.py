"""Test helpers for Boss Quest's table: record every text run drawn."""
from __future__ import annotations

import sys


class TextSpy:
    """Patches ``text`` in the widgets and every drawing module that imported it: ``runs`` gets
    (string, layout size) for each text run drawn and ``px`` (string, window pixels after any
    fit to ``max_w``); the text is still drawn."""

    def __init__(self, monkeypatch) -> None:
        import importlib
        import pkgutil

        import game.app
        from game.app import widgets

        for m in pkgutil.walk_packages(game.app.__path__, "game.app."):     # every drawing module,
            importlib.import_module(m.name)                                 # before it is patched
        self.runs: list[tuple[str, float]] = []
        self.px: list[tuple[str, int]] = []
        orig = widgets.text

        def spy(surf, ctx, s, pos, size=18, color=None, bold=False, anchor="topleft", max_w=None, shadow=False):
            v = ctx.view
            px = v.n(size) if max_w is None else ctx.fonts.fit(s, v.n(size), v.n(max_w), bold)
            self.runs.append((s, size))
            self.px.append((s, px))
            kw = {} if color is None else {"color": color}
            return orig(surf, ctx, s, pos, size, bold=bold, anchor=anchor, max_w=max_w, shadow=shadow, **kw)
        for name, mod in list(sys.modules.items()):
            if name.startswith("game.app") and getattr(mod, "text", None) is orig:
                monkeypatch.setattr(mod, "text", spy)

    def texts(self) -> list[str]:
        return [s for s, _size in self.runs]

    def clear(self) -> None:
        self.runs.clear()
        self.px.clear()
