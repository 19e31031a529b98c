"""The crash screen: an unhandled error never leaves a black window.

``App.crash(exc)`` writes the details to a crash log in the user folder, keeps every save as
it was (the table saved after each move), and resets the stack to this plain screen: one
sentence on what happened, the log's path, and Continue (the game that was on the table,
from its last save), Copy details and Menu.
"""
from __future__ import annotations

import pygame

from game.core.i18n import _
from ..theme import felt
from .confirm import ConfirmScene


class CrashScene(ConfirmScene):
    overlay = False
    W = 820

    def enter(self, log_path: str = "", details: str = "", save=None, **_kw) -> None:
        self.details = details
        self.save = save                       # (game, path) of the game that was on the table
        lines = [_("Something went wrong, and Crown Table stopped what it was doing."),
                 _("Your game is safe: it was saved after your last move.") if save else
                 _("No game was lost."), "",
                 (_("The details are in this file:"), "dim"), (log_path, "path")]    # the path alone, broken only at its separators
        choices = ([(_("Continue"), self.resume, "primary")] if save else []) + [
            (_("Copy details"), self.copy_details, ""), (_("Menu"), self.app.open_menu, "")]
        super().enter(title=_("Sorry, that should not have happened"), lines=lines, choices=choices)

    def choose(self, action) -> None:          # nothing to close: the screen is the whole stack
        if action is not None:
            action()

    def resume(self) -> None:
        from ..saved import load_save

        game, path = self.save
        match, problem = load_save(path)
        if match is None:
            self.app.open_menu(problem)
        else:
            self.app.start_table(match=match, save=path)

    def copy_details(self) -> None:
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            pygame.scrap.put_text(self.details)
            self.app.toast.show(_("The details are copied: paste them in your report."))
        except (pygame.error, AttributeError, NotImplementedError):
            self.app.toast.show(_("Could not copy here: the details are in the file named above."))

    def handle(self, ev) -> None:
        if ev.is_key(pygame.K_ESCAPE):
            self.app.open_menu()
            return
        super().handle(ev)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        super().draw(surf)
