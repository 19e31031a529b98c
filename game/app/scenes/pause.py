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

    def language_changed(self) -> None:
        """Its buttons again, in the new language (the focus stays where it was)."""
        at = self.widgets.index(self.focus.current) if self.focus.current in self.widgets else 0
        self.enter(table=self.table)
        self.focus.set(self.widgets[at], self.widgets)

    def undo(self) -> None:
        if self.table is not None:
            self.table.undo()
        self.app.pop()

    def quit_to_menu(self) -> None:
        status = self.table.save_status() if hasattr(self.table, "save_status") else "saved"
        if status == "failed":                   # never "saved" when it is not: ask, and say what to do
            not_saved_dialog(self.app, self.table, leaving=True)
            return
        if status == "saved":
            self.app.open_menu(_("Your game was saved: choose Continue to go back to it."), error=False)
            return
        self.app.open_menu()                     # a lesson, or a game with no move yet: nothing was kept

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


def save_advice(problem: object) -> str:
    """What to do so that games are kept, chosen by the cause (``problem_cause``)."""
    from game.match.saves import problem_cause

    cause = problem_cause(problem)
    if cause == "denied":
        return _("To keep your games, set CROWNTABLE_HOME to a folder you can write to, and start "
                 "Crown Table again.")
    if cause == "space":
        return _("To keep your games, free some space on the disk: the next move is saved again.")
    return _("To keep your games, free some space, or set CROWNTABLE_HOME to a folder you can write "
             "to, and start Crown Table again.")


def not_saved_dialog(app, table, leaving: bool, quitting: bool = False) -> None:
    """The game on the table is not saved (``table.save_error``): say so, why, and what to do.
    ``leaving`` (Quit to menu): the choice is to stay at the table (the safe answer, focused)
    or to leave without it; otherwise (the table's "Not saved" sign) only to go back."""
    from .confirm import ConfirmScene

    path = app.autosave_path(table.game)
    folder = getattr(path, "parent", path)
    why = getattr(table, "save_error", None) or _("unknown reason")
    lines = [_("Crown Table could not save this game in {folder}: {why}.").format(folder=folder, why=why),
             _("If you leave now, the game is lost.") if leaving else
             _("Your moves are kept only while this window stays open."), "",
             (save_advice(getattr(table, "save_error", None)), "dim")]
    if leaving:
        def leave() -> None:
            app.open_menu(_("The game you left was not saved."))

        # from the pause menu, staying also closes the pause menu; from the window's close button
        # there is nothing under the question but the table
        choices = [(_("Stay at the table"), None if quitting else app.pop, "primary"),
                   (_("Quit without saving"), app.quit, "danger") if quitting else
                   (_("Leave without saving"), leave, "danger")]
    else:
        choices = [(_("Back to the table"), None, "primary")]
    app.push(ConfirmScene(app), title=_("Your game is not saved"), lines=lines, choices=choices, focus=0)
