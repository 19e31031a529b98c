"""Main menu: the five games (those with a table playable), Continue, Rules, Settings, Quit."""
from __future__ import annotations

import pygame

from game.core import registry
from game.core.i18n import N_, _, ngettext
from game.match import Match
from .. import theme as T
from ..games import PLAYABLE
from ..widgets import Button, panel, text
from .base import WidgetScene

#: every title in the brief, in order; only games with a table (game.app.games.PLAYABLE) can be played
TITLES = (N_("Death over the Kingdom"), N_("King Thief Minister"), N_("Fireball Court"), N_("Boss Quest"),
          N_("MasterBluff"))


def registered_by_title() -> dict[str, str]:
    return {r.title: gid for gid, r in registry.games().items()}


def playable_by_title() -> dict[str, str]:
    """Titles of the games that have a table, to their ids."""
    return {t: g for t, g in registered_by_title().items() if g in PLAYABLE}


class MenuScene(WidgetScene):
    title = N_("Crown Table")
    subtitle = N_("Five card games at one table")
    frame = None

    def enter(self, message: str | None = None, error: bool = True, **_kw) -> None:
        self.title = _(MenuScene.title)
        self.subtitle = _(MenuScene.subtitle)
        self.message = message or self.app.settings.message
        self.message_error = error or message is None
        self.app.settings.message = None
        self.saved: Match | None = None
        problems = []
        newest = -1.0
        for game in PLAYABLE:                 # the most recent unfinished autosave is offered
            m, problem = self.app.check_autosave(game)
            if problem:
                problems.append(problem)
            if m is not None:
                when = self.app.autosave_path(game).stat().st_mtime
                if when > newest:
                    self.saved, newest = m, when
        if problems:
            self.message = "\n".join(problems)
        self.build()
        self.focus_default()

    def build(self) -> None:
        games = playable_by_title()
        self.widgets = []
        self.game_buttons: list[Button] = []
        y = 172
        for title in TITLES:
            gid = games.get(title)
            b = Button((150, y, 560, 64), _(title), (lambda g=gid: self.choose(g)), enabled=gid is not None,
                       style="primary" if gid else "normal", size=22,
                       hint="" if gid else _("coming soon"))
            b.game = gid
            self.game_buttons.append(b)
            self.widgets.append(b)
            y += 80
        x, y, w = 790, 172, 340
        self.continue_button = Button((x, y, w, 64), _("Continue saved game"), self.continue_game,
                                      enabled=self.saved is not None, style="gold", size=20,
                                      keys=(pygame.K_c,))
        self.widgets.append(self.continue_button)
        y += 80
        self.save_note_y = y + 2
        if self.saved is not None:
            y += 30                                   # a line saying what the save holds
        self.widgets += [
            Button((x, y, w, 56), _("Rules (F1)"), lambda: self.app.open_rules(self.rules_game())),
            Button((x, y + 72, w, 56), _("Settings"), self.app.open_settings),
            Button((x, y + 144, w, 56), _("Quit"), self.app.quit, keys=(pygame.K_q,)),
        ]

    def default_focus(self):
        if self.continue_button.enabled:
            return self.continue_button
        playable = [b for b in self.game_buttons if b.enabled]
        return playable[0] if playable else super().default_focus()

    def rules_game(self) -> str | None:
        """F1 and the Rules button open the rules of the focused game (else the first)."""
        return getattr(self.focus.current, "game", None)

    def choose(self, game_id: str | None) -> None:
        if game_id:
            self.app.open_setup(game_id)

    def continue_game(self) -> None:
        if self.saved is not None:
            self.app.start_table(match=self.saved)

    def draw_fan(self, surf: pygame.Surface) -> None:
        """A small fan of MasterBluff cards as decoration under the menu buttons."""
        from ..sprites import draw_card

        bottom = max(w.rect.bottom for w in self.widgets[-3:])
        panel_bottom = 578
        if panel_bottom - bottom < 116:               # no room under the buttons: no fan
            return
        cy = (bottom + panel_bottom) / 2 - 4
        for i, fam in enumerate(("wizard", "witch", "elf", "ogre", "fairy", "jester")):
            t = (i - 2.5) / 2.5
            draw_card(surf, self.app, (960 + t * 92, cy + t * t * 10), 64, fam, angle=-t * 14)

    def resume(self) -> None:
        self.enter(message=self.message)

    def on_back(self) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        panel(surf, self.app, (130, 112, 600, 466), (8, 20, 14, 200), radius=16, border=(*T.GOLD, 70))
        panel(surf, self.app, (770, 152, 380, 426), (8, 20, 14, 200), radius=16, border=(*T.GOLD, 70))
        text(surf, self.app, _("Choose a game"), (152, 142), 18, T.GOLD, bold=True, anchor="midleft")
        self.draw_widgets(surf)
        self.draw_fan(surf)
        if self.saved is not None:
            seats = [s.name for s in self.saved.seats]
            names = ", ".join(seats) if len(seats) <= 4 else _("{names} and {n} more").format(
                names=", ".join(seats[:3]), n=len(seats) - 3)
            n = len(self.saved.log)
            moves = ngettext("{n} move", "{n} moves", n).format(n=n)
            note = _("{game}: {names} ({moves})").format(game=_(self.saved.rules.title), names=names, moves=moves)
            font = self.app.fonts.get(self.app.view.n(16))
            if font.size(note)[0] > self.app.view.n(340):      # too long to read at 16 px: no names
                note = _("{game} ({moves})").format(game=_(self.saved.rules.title), moves=moves)
            text(surf, self.app, note, (960, self.save_note_y), 16, T.TEXT_DIM, anchor="center", max_w=340)
        self.draw_message(surf, 640)
