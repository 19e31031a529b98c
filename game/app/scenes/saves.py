"""Unfinished games: every saved game that is not over, newest first.

Each row says the game, who plays, how far it went and when it was saved; a click
(or Enter) on the row resumes it, its Delete button asks first and then deletes the
file.  Up / Down move from row to row (keeping to the row or its Delete button),
PageUp / PageDown and the wheel scroll, Delete asks to delete the focused game.
"""
from __future__ import annotations

import pygame

from game.core.i18n import N_, _
from .. import input as inp
from .. import theme as T
from ..saved import SavedGame, distinct_whens, players_line, progress_line, saved_when, score_line, summary
from ..widgets import Button, message_box, message_rect, panel, text
from .base import WidgetScene
from .confirm import ConfirmScene

ROWS = 5                      # rows shown at once
ROW_H, ROW_GAP, TOP = 78, 12, 138


class SaveRow(Button):
    """A whole row as one button: the game, its players, its progress and when it was saved."""

    def __init__(self, rect, save: SavedGame, on_click, when: str | None = None):
        super().__init__(rect, save.title, on_click)
        self.save = save
        self.role = ("resume", str(save.path))
        when = _("Open in another window") if save.in_use else (when or saved_when(save.saved))
        # the players with their scores (what tells two games of one kind apart), else their names
        self.lines = (save.title, score_line(save.match, 5) or players_line(save.match, 5), progress_line(save.match),
                      when)

    def draw(self, surf: pygame.Surface, ctx) -> None:
        bg, fg = self.colours()
        border = (255, 255, 255, 150) if self.hover else (0, 0, 0, 90)
        r = self.rect.move(0, 2 if self.pressed else 0)
        panel(surf, ctx, r, (*bg, 245), radius=10, border=border, width=2 if self.hover else 1)
        title, players, progress, when = self.lines
        right_w = 230
        text(surf, ctx, title, (r.x + 20, r.y + 24), 21, T.GOLD, bold=True, anchor="midleft",
             max_w=r.width - right_w - 40)
        text(surf, ctx, players, (r.x + 20, r.y + 55), 17, T.TEXT, anchor="midleft", max_w=r.width - right_w - 40)
        text(surf, ctx, progress, (r.right - 20, r.y + 24), 18, T.TEXT, bold=True, anchor="midright",
             max_w=right_w)
        text(surf, ctx, when, (r.right - 20, r.y + 55), 16, T.TEXT_DIM, anchor="midright", max_w=right_w)


class SavesScene(WidgetScene):
    title = N_("Unfinished games")
    subtitle = N_("Choose one to continue it")
    frame = (130, 104, 1020, 580)

    def enter(self, game: str | None = None, **_kw) -> None:
        self.game = game
        self.subtitle = _(SavesScene.subtitle)
        self.top = 0
        self.reload()
        self.focus_default()

    def reload(self) -> None:
        """Read the saves again (a deleted one is gone, a damaged one moved aside)."""
        saves, problems = self.app.saved_games(None if self.game is None else [self.game])
        self.saves: list[SavedGame] = saves
        if problems:
            self.message = self.app.save_problems(problems)
        if self.game is not None:
            from game.core import registry

            self.title = _("Unfinished games: {game}").format(game=_(registry.info(self.game).title))
        else:
            self.title = _(SavesScene.title)
        self.top = max(0, min(self.top, len(self.saves) - ROWS))
        self.build()

    def build(self) -> None:
        self.widgets = []
        self.rows: list[SaveRow] = []
        self.deletes: list[Button] = []
        x, w = 170, 790
        whens = distinct_whens(self.saves)          # rows that would read the same show the seconds
        for k, s in enumerate(self.saves[self.top:self.top + ROWS]):
            y = TOP + k * (ROW_H + ROW_GAP)
            row = SaveRow((x, y, w, ROW_H), s, (lambda s=s: self.resume_save(s)), whens[self.top + k])
            # a game open in another window cannot be deleted here: its Delete is greyed (the row
            # says "Open in another window" beside it)
            dl = Button((x + w + 14, y + 11, 126, ROW_H - 22), _("Delete"), (lambda s=s: self.ask_delete(s)),
                        size=17, enabled=not s.in_use)
            dl.role = ("delete", str(s.path))
            self.rows.append(row)
            self.deletes.append(dl)
            self.widgets += [row, dl]
        self.back = Button((520, 604, 240, 54), _("Back"), self.app.pop, keys=(pygame.K_ESCAPE,))
        self.back.role = "back"
        self.widgets.append(self.back)

    def default_focus(self):
        return self.rows[0] if self.rows else self.back

    def resume(self) -> None:
        self.reload()

    def probe_state(self) -> dict:
        """For black-box tests: the rows shown and where the focus is."""
        cur = self.focus.current
        return {"saves": {"rows": [str(r.save.path) for r in self.rows], "top": self.top,
                          "focus": repr(getattr(cur, "role", None)) if cur is not None else None}}

    # -- actions
    def resume_save(self, s: SavedGame) -> None:
        from game.match.saves import save_in_use

        if save_in_use(s.path):                  # the other window has it: say so here, open nothing
            self.message = _("This game of {game} is open in another Crown Table window: go on playing "
                             "it there, or close it there first.").format(game=s.title)
            self.message_error = True
            return
        self.app.start_table(match=s.match, save=s.path)

    def ask_delete(self, s: SavedGame) -> None:
        from game.match.saves import save_in_use

        if save_in_use(s.path):
            self.message = _("This game of {game} is open in another Crown Table window: it cannot be "
                             "deleted from here.").format(game=s.title)
            self.message_error = True
            return
        self.app.push(ConfirmScene(self.app), title=_("Delete this saved game?"),
                      lines=[(s.title, "bold"), players_line(s.match, 6),
                             summary(s, with_game=False, players=False), "",
                             (_("It cannot be brought back."), "dim")],
                      choices=[(_("Delete it"), lambda: self.delete(s), "danger"),
                               (_("Keep it"), None, "primary")], focus=1)

    def delete(self, s: SavedGame) -> None:
        problem = self.app.delete_save(s.path)
        self.message = problem
        self.message_error = True
        i = self.saves.index(s) if s in self.saves else 0
        self.reload()
        if self.saves:                                   # the focus goes to the next game (or the last)
            self.show(min(i, len(self.saves) - 1), "resume")
        else:
            self.focus.set(self.back, self.widgets)

    # -- keyboard and wheel
    def show(self, i: int, column: str) -> None:
        """Scroll so save ``i`` is shown and focus its row (or its Delete button)."""
        if i < self.top:
            self.top = i
        elif i >= self.top + ROWS:
            self.top = i - ROWS + 1
        self.build()
        k = i - self.top
        self.focus.set((self.rows if column == "resume" else self.deletes)[k], self.widgets)

    def scroll(self, d: int) -> None:
        top = max(0, min(self.top + d, len(self.saves) - ROWS))
        if top != self.top:
            role = getattr(self.focus.current, "role", None)
            self.top = top
            self.build()
            same = [w for w in self.widgets if role is not None and w.role == role]
            self.focus.set(same[0] if same else None, self.widgets)
            if same == [] and self.rows:
                self.focus.set(self.rows[0], self.widgets)

    def handle(self, ev: inp.InputEvent) -> None:
        shown = getattr(self.app, "keyboard_focus", True)
        cur = self.focus.current
        if ev.kind == inp.WHEEL:
            self.scroll(-ev.wheel)
            return
        if ev.is_key(pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll(ROWS if ev.key == pygame.K_PAGEDOWN else -ROWS)
            return
        if ev.is_key(pygame.K_DELETE) and cur in self.rows:
            self.ask_delete(cur.save)
            return
        if ev.is_key(pygame.K_UP, pygame.K_DOWN) and self.saves and (shown or cur is None):
            d = 1 if ev.key == pygame.K_DOWN else -1
            if cur in self.rows or cur in self.deletes:
                column = "resume" if cur in self.rows else "delete"
                k = (self.rows if column == "resume" else self.deletes).index(cur)
                i = self.top + k + d
                if 0 <= i < len(self.saves):
                    self.show(i, column)
                elif i >= len(self.saves):
                    self.focus.set(self.back, self.widgets)
                return
            if cur is self.back and d < 0:
                self.show(len(self.saves) - 1, "resume")
                return
        super().handle(ev)

    # -- drawing
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        a = self.app
        if not self.saves:
            text(surf, a, _("No unfinished games: every game you start is kept here until it ends."),
                 (640, 300), 20, T.TEXT_DIM, anchor="center", max_w=900)
        else:
            n = len(self.saves)
            if n > ROWS:
                last = min(n, self.top + ROWS)
                text(surf, a, _("{first}–{last} of {n} · PageUp / PageDown or the wheel scroll").format(
                    first=self.top + 1, last=last, n=n), (1110, 631), 16, T.TEXT_DIM, anchor="midright",
                     max_w=330)
            self.draw_arrows(surf)
        self.draw_widgets(surf)
        self.draw_message(surf, self.message_y())

    #: the message's width inside the panel (its frame is 1020 wide)
    MESSAGE_W = 960

    def message_y(self) -> float:
        """Where the message sits, clear of the panel's edges, its rows and Back: under the last
        row when it fits above Back, else above the title (a full page of rows)."""
        if not self.message:
            return 0.0
        if not self.saves:
            return 560.0
        h = message_rect(self.app, self.message, (640, 0), max_w=self.MESSAGE_W).h
        below = TOP + len(self.rows) * (ROW_H + ROW_GAP) + 4
        if below + h <= self.back.rect.y - 8:
            return below + h / 2
        return 4 + h / 2

    def draw_message(self, surf: pygame.Surface, y: float = 690) -> None:
        if self.message:
            message_box(surf, self.app, self.message, (640, y), self.message_error, max_w=self.MESSAGE_W)

    def draw_arrows(self, surf: pygame.Surface) -> None:
        """Small gold marks when more rows are above or below."""
        a = self.app
        if self.top > 0:
            text(surf, a, "▲", (565, TOP - 12), 14, T.GOLD, anchor="center")
        if self.top + ROWS < len(self.saves):
            text(surf, a, "▼", (565, TOP + ROWS * (ROW_H + ROW_GAP) - 4), 14, T.GOLD, anchor="center")
