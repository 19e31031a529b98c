"""Pause overlay over the table (Esc): Resume, Rules, Settings, Undo, Quit to menu."""
from __future__ import annotations

import pygame

from game.core.i18n import _
from .. import input as inp
from .. import theme as T
from ..scene import Scene
from ..widgets import Button, FocusRing, handle_all, panel, text, wrap


class PauseScene(Scene):
    overlay = True

    def enter(self, table=None, **_kw) -> None:
        self.table = table
        self.focus = FocusRing()
        #: why Undo is greyed out (the match's own words), shown under it; None when it can undo
        self.undo_reason = table.undo_refusal() if table is not None else _("Nothing to undo")
        can_undo = self.undo_reason is None
        x, w = 500, 280
        self.widgets = [
            Button((x, 196, w, 52), _("Resume"), self.app.pop, style="primary", keys=(pygame.K_ESCAPE,)),
            Button((x, 260, w, 52), _("Rules"), lambda: self.app.open_rules(getattr(table, "game", None)), keys=(pygame.K_F1,)),
            Button((x, 324, w, 52), _("Settings"), self.app.open_settings),
            Button((x, 388, w, 52), _("Undo my last move"), self.undo, enabled=can_undo, keys=(pygame.K_u,),
                   hint="U"),
            Button((x, 516, w, 52), _("Leave the lesson") if getattr(table, "lesson", None) is not None
                   else _("Quit to menu"), self.quit_to_menu, style="danger"),
        ]
        self.undo_button = self.widgets[3]
        # the reason under the greyed button: up to three lines in the room kept for it
        self.reason_lines = wrap(self.app, self.undo_reason, 16, 344)[:3] if self.undo_reason else []
        self.focus.set(self.widgets[0], self.widgets)

    def undo(self) -> None:
        if self.table is not None:
            self.table.undo()
        self.app.pop()

    def quit_to_menu(self) -> None:
        if getattr(self.table, "lesson", None) is not None:
            self.app.open_menu()                 # a lesson is not saved: nothing to say
            return
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
        panel(surf, self.app, (450, 116, 380, 476), (10, 22, 16, 235), radius=16, border=(*T.GOLD, 120), width=2)
        text(surf, self.app, _("Paused"), (640, 158), 30, T.GOLD, bold=True, anchor="center")
        for w in self.widgets:
            w.draw(surf, self.app)
        y = self.undo_button.rect.bottom + 10 + 10 * (3 - len(self.reason_lines))
        for line in self.reason_lines:            # why Undo is greyed out, in the match's words
            text(surf, self.app, line, (640, y + 10), 16, T.TEXT_DIM, anchor="center", max_w=344)
            y += 20
        self.focus.draw(surf, self.app, self.widgets)
