"""Pause overlay over the table (Esc): Resume, Rules, Settings, Undo, Quit to menu."""
from __future__ import annotations

import pygame

from game.core.i18n import _
from .. import input as inp
from .. import theme as T
from ..scene import Scene
from ..widgets import Button, FocusRing, handle_all, panel, text


class PauseScene(Scene):
    overlay = True

    def enter(self, table=None, **_kw) -> None:
        self.table = table
        self.focus = FocusRing()
        can_undo = bool(table and table.can_undo())
        x, w = 520, 240
        self.widgets = [
            Button((x, 230, w, 52), _("Resume"), self.app.pop, style="primary", keys=(pygame.K_ESCAPE,)),
            Button((x, 296, w, 52), _("Rules"), lambda: self.app.open_rules(getattr(table, "game", None)), keys=(pygame.K_F1,)),
            Button((x, 362, w, 52), _("Settings"), self.app.open_settings),
            Button((x, 428, w, 52), _("Undo my last move"), self.undo, enabled=can_undo, keys=(pygame.K_u,),
                   hint="U"),
            Button((x, 494, w, 52), _("Quit to menu"), self.quit_to_menu, style="danger"),
        ]
        self.focus.set(self.widgets[0], self.widgets)

    def undo(self) -> None:
        if self.table is not None:
            self.table.undo()
        self.app.pop()

    def quit_to_menu(self) -> None:
        self.app.open_menu(_("Your game was saved: choose Continue to go back to it."), error=False)

    def resume(self) -> None:
        if self.table is not None:
            self.table.apply_settings()

    def handle(self, ev: inp.InputEvent) -> None:
        if self.focus.handle(self.widgets, ev, shown=getattr(self.app, "keyboard_focus", True)):
            return
        handle_all(self.widgets, ev)

    def animating(self) -> bool:
        return False            # the table below says whether it animates

    def draw(self, surf: pygame.Surface) -> None:
        shade = T.panel_surface(surf.get_size(), 0, (0, 0, 0, 140))
        surf.blit(shade, (0, 0))
        panel(surf, self.app, (480, 150, 320, 420), (10, 22, 16, 235), radius=16, border=(*T.GOLD, 120), width=2)
        text(surf, self.app, _("Paused"), (640, 190), 30, T.GOLD, bold=True, anchor="center")
        for w in self.widgets:
            w.draw(surf, self.app)
        self.focus.draw(surf, self.app, self.widgets)
