"""Main menu: the five games (those with a table playable), Continue, Rules, Settings, Quit."""
from __future__ import annotations

import pygame

from game import __version__
from game.core import registry
from game.core.i18n import N_, _, ngettext
from game.match import Match
from .. import theme as T
from ..games import PLAYABLE
from ..saved import summary
from ..widgets import Button, panel, text
from .base import WidgetScene

#: every game's title (``game.rules.GAMES``, marked for translation there), in the menu's order: the
#: order of the app's list of games (``game.app.games.PLAYABLE``)
TITLES = tuple(registry.info(gid).title for gid in PLAYABLE)


def registered_by_title() -> dict[str, str]:
    """Titles of every game, to their ids (from the registry's list: no game's rules are loaded)."""
    return {registry.info(gid).title: gid for gid in registry.ids()}


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
        #: every unfinished game, newest first (``game.app.saved``); unusable files were moved aside
        self.saves, problems = self.app.saved_games()
        self.saved: Match | None = self.saves[0].match if self.saves else None
        # every message of this start is shown, none hides another: the caller's, settings that
        # were reset, a folder where nothing can be kept, and the saves that could not be used
        folder = getattr(self.app, "folder_message", None)
        extra = [self.app.settings.message, folder() if folder else None,
                 self.app.save_problems(problems) if problems else None]
        self.app.settings.message = None
        parts = [message] if message else []
        for p in extra:
            if p and not any(p in q for q in parts):
                parts.append(p)
        self.message = "\n".join(parts) or None
        self.message_error = error or len(parts) > (1 if message else 0)
        self.build()
        self.focus_default()

    def build(self) -> None:
        games = playable_by_title()
        self.widgets = []
        self.game_buttons: list[Button] = []
        self.learn_buttons: list[Button] = []
        y = 172
        for title in TITLES:
            gid = games.get(title)
            b = Button((150, y, 418, 64), _(title), (lambda g=gid: self.choose(g)), enabled=gid is not None,
                       style="primary" if gid else "normal", size=22,
                       hint="" if gid else _("coming soon"))
            b.game = gid
            self.game_buttons.append(b)
            self.widgets.append(b)
            if gid is not None:                  # a guided first game of it, beside it
                learn = Button((580, y, 130, 64), _("Learn to play"), (lambda g=gid: self.app.start_lesson(g)),
                               size=16)
                learn.two_lines = True
                learn.game = gid
                self.learn_buttons.append(learn)
            y += 80
        # the right column never moves: the line under Continue is always there (it says what
        # the newest save holds, or that there is none), so nothing shifts under the mouse
        x, w = 790, 340
        # the newest save open in another window cannot be continued here: greyed, the line under
        # it says why
        self.continue_button = Button((x, 172, w, 64), _("Continue saved game"), self.continue_game,
                                      enabled=self.saved is not None and not self.saves[0].in_use,
                                      style="gold", size=20,
                                      keys=(pygame.K_c,))
        self.save_note_y = 256
        n = len(self.saves)
        label = ngettext("{n} unfinished game", "{n} unfinished games", n).format(n=n) if n \
            else _("Unfinished games")
        self.saves_button = Button((x, 278, w, 52), label, self.app.open_saves, enabled=n > 0, size=18)
        self.widgets += [
            self.continue_button,
            self.saves_button,
            Button((x, 346, w, 52), _("Rules (F1)"), lambda: self.app.open_rules(self.rules_game())),
            Button((x, 414, w, 52), _("Settings"), self.app.open_settings),
            Button((x, 482, w, 52), _("Quit"), self.app.quit, keys=(pygame.K_q,)),
        ]
        # last in the Tab order; Right from a game goes to its "Learn to play", Left comes back
        self.widgets += self.learn_buttons

    def handle_focus(self, ev) -> bool:
        cur = self.focus.current
        if self.app.keyboard_focus and cur is not None and (ev.is_key(pygame.K_RIGHT) or ev.is_key(pygame.K_LEFT)):
            games = {b.game: b for b in self.game_buttons if b.game}
            learns = {b.game: b for b in self.learn_buttons}
            pair = (learns if ev.is_key(pygame.K_RIGHT) else games).get(getattr(cur, "game", None))
            if pair is not None and pair is not cur:
                self.focus.set(pair, self.widgets)
                return True
        return super().handle_focus(ev)

    def default_focus(self):
        if self.continue_button.enabled:
            return self.continue_button
        playable = [b for b in self.game_buttons if b.enabled]
        return playable[0] if playable else super().default_focus()

    def rules_game(self) -> str | None:
        """F1 and the Rules button open the rules of the focused game (else the first)."""
        return getattr(self.focus.current, "game", None)

    def choose(self, game_id: str | None) -> None:
        """A game's button: its setup, but first, when that game has unfinished games, a
        question (continue one, start a new one beside them, or cancel)."""
        if not game_id:
            return
        mine = [s for s in self.saves if s.game == game_id]
        if not mine:
            self.app.open_setup(game_id)
            return
        from .confirm import ConfirmScene

        title = _(registry.info(game_id).title)
        if len(mine) == 1:
            s = mine[0]
            lines = [_("You have an unfinished game of {game}:").format(game=title),
                     (summary(s, with_game=False), "bold"), "",
                     (_("A new game is kept beside it; nothing is deleted."), "dim")]
            resume = (_("Continue it"), lambda: self.app.start_table(match=s.match, save=s.path), "gold")
        else:
            lines = [ngettext("You have {n} unfinished game of {game}.", "You have {n} unfinished games of {game}.",
                              len(mine)).format(n=len(mine), game=title), "",
                     (_("A new game is kept beside them; nothing is deleted."), "dim")]
            resume = (_("Choose one"), lambda: self.app.open_saves(game_id), "gold")
        self.app.push(ConfirmScene(self.app), title=_("Continue or start anew?"), lines=lines,
                      choices=[resume, (_("New game"), lambda: self.app.open_setup(game_id), "primary"),
                               (_("Cancel"), None, "normal")], focus=0)

    def continue_game(self) -> None:
        if self.saves and not self.saves[0].in_use:
            s = self.saves[0]
            self.app.start_table(match=s.match, save=s.path)

    def resume(self) -> None:
        self.enter(message=self.message)

    def language_changed(self) -> None:
        self.enter(message=self.message, error=self.message_error)

    def probe_state(self) -> dict:
        """For black-box tests (CROWNTABLE_TEST_PROBE): the unfinished games offered."""
        return {"menu": {"saves": [{"game": s.game, "path": str(s.path), "moves": len(s.match.log)}
                                   for s in self.saves], "message": self.message}}

    def on_back(self) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        panel(surf, self.app, (130, 112, 600, 466), (8, 20, 14, 200), radius=16, border=(*T.GOLD, 70))
        panel(surf, self.app, (770, 152, 380, 426), (8, 20, 14, 200), radius=16, border=(*T.GOLD, 70))
        text(surf, self.app, _("Choose a game"), (152, 142), 18, T.GOLD, bold=True, anchor="midleft")
        self.draw_widgets(surf)
        if self.saves and self.saves[0].in_use:
            note = _("{game}: open in another window").format(game=self.saves[0].title)
        elif self.saves:                   # the newest save, as much of it as reads at 16 px
            font = self.app.fonts.get(self.app.view.n(16))
            for parts in ({}, {"players": False}, {"players": False, "when": False}):
                note = summary(self.saves[0], **parts)
                if font.size(note)[0] <= self.app.view.n(340):
                    break
        else:
            note = _("No unfinished game")
        text(surf, self.app, note, (960, self.save_note_y), 16, T.TEXT_DIM, anchor="center", max_w=340)
        text(surf, self.app, _("Version {version}").format(version=__version__), (1264, 708), 16, T.TEXT_DIM,
             anchor="bottomright")
        self.draw_message(surf, 640)
