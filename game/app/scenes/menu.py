"""Main menu: the five games (registered ones enabled), Continue, Rules, Settings, Quit."""
from __future__ import annotations

import pygame

from game.core import registry
from game.match import Match, RecordError
from .. import theme as T
from ..main import autosave_path
from ..widgets import Button, panel, text
from .base import WidgetScene

#: every title in the brief, in order; only registered games can be played
TITLES = ("Death over the Kingdom", "King Thief Minister", "Fireball Court", "Boss Quest", "MasterBluff")
BLURBS = {"MasterBluff": "Discard, declare, bluff. 3-5 players.",
          "Death over the Kingdom": "", "King Thief Minister": "", "Fireball Court": "", "Boss Quest": ""}


def registered_by_title() -> dict[str, str]:
    return {r.title: gid for gid, r in registry.games().items()}


class MenuScene(WidgetScene):
    title = "Crown Table"
    subtitle = "Five card games at one table"
    frame = None

    def enter(self, message: str | None = None, **_) -> None:
        self.message = message or self.app.settings.message
        self.app.settings.message = None
        self.saved: Match | None = None
        self.save_error: str | None = None
        path = autosave_path()
        if path.exists():
            try:
                m = Match.load(path)
                if m.outcome() is None:
                    self.saved = m
            except RecordError as exc:
                self.save_error = str(exc)
                self.message = f"The saved game could not be loaded: {exc}"
        self.build()

    def build(self) -> None:
        games = registered_by_title()
        self.widgets = []
        self.game_buttons: list[Button] = []
        y = 172
        for title in TITLES:
            gid = games.get(title)
            b = Button((150, y, 560, 64), title, (lambda g=gid: self.choose(g)), enabled=gid is not None,
                       style="primary" if gid else "normal", size=22,
                       hint="" if gid else "coming soon")
            self.game_buttons.append(b)
            self.widgets.append(b)
            y += 80
        x, y, w = 790, 172, 340
        self.continue_button = Button((x, y, w, 64), "Continue saved game", self.continue_game,
                                      enabled=self.saved is not None, style="gold", size=20,
                                      keys=(pygame.K_c,))
        self.widgets.append(self.continue_button)
        y += 80
        self.save_note_y = y + 2
        if self.saved is not None:
            y += 30                                   # a line saying what the save holds
        if self.save_error:
            self.widgets.append(Button((x, y, w, 48), "Delete damaged save", self.delete_save, style="danger"))
            y += 64
        self.widgets += [
            Button((x, y, w, 56), "Rules (F1)", self.app.open_rules),
            Button((x, y + 72, w, 56), "Settings", self.app.open_settings),
            Button((x, y + 144, w, 56), "Quit", self.app.quit, keys=(pygame.K_q,)),
        ]

    def choose(self, game_id: str | None) -> None:
        if game_id:
            from .setup import SetupScene

            self.app.push(SetupScene(self.app), game=game_id)

    def continue_game(self) -> None:
        if self.saved is not None:
            self.app.start_table(match=self.saved)

    def delete_save(self) -> None:
        try:
            autosave_path().unlink()
        except OSError:
            pass
        self.save_error = None
        self.message = "The damaged save was deleted."
        self.message_error = False
        self.build()

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
        text(surf, self.app, "Choose a game", (152, 142), 18, T.GOLD, bold=True, anchor="midleft")
        for w in self.widgets:
            w.draw(surf, self.app)
        self.draw_fan(surf)
        if self.saved is not None:
            names = ", ".join(s.name for s in self.saved.seats)
            text(surf, self.app, f"{self.saved.rules.title}: {names} ({len(self.saved.log)} moves)",
                 (960, self.save_note_y), 16, T.TEXT_DIM, anchor="center", max_w=340)
        self.draw_message(surf, 640)
