"""The screen for a missing or damaged shipped file (font, card art, layout).

``App.asset_failed(error)`` resets the stack to it, with the :class:`AssetError` and the save of
the game that was on the table (kept as it was).  One sentence names the file by its path in the
install; the way on is the menu (the other games still work) or Quit.  It looks like the crash
screen (same felt, same dialog, Esc to the menu) but writes no crash log: nothing is wrong with
the program, a file is.
"""
from __future__ import annotations

from game.core.i18n import _
from .crash import CrashScene
from .confirm import ConfirmScene


class AssetScene(CrashScene):
    def enter(self, error=None, save=None, **_kw) -> None:
        self.error = error
        self.save = save
        lines = [error.message() if error is not None else ""]
        if save:
            lines.append(_("Your game is safe: it was saved after your last move."))
        lines.append(_("Reinstalling Crown Table puts the file back."))
        if error is not None and error.detail:
            lines += ["", (error.detail, "dim")]
        ConfirmScene.enter(self, title=_("A file Crown Table needs cannot be read"), lines=lines,
                           choices=[(_("Menu"), self.app.open_menu, "primary"), (_("Quit"), self.app.quit, "")])

    def probe_state(self) -> dict:
        return {"asset_error": self.error.name if self.error is not None else None,
                "save_kept": bool(self.save)}
