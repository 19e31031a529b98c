"""The rules of each game (scrollable): mouse wheel, Up / Down, Page Up / Down.

One tab per game that has a rules text; Left / Right switch games.  Opened from
a table (or its pause menu) it starts on that table's game."""
from __future__ import annotations

import pygame

from game.core import registry
from game.core.i18n import N_, _
from .. import input as inp
from .. import theme as T
from ..games import PLAYABLE
from ..rules_text import RULES_TEXT
from ..widgets import Button, panel, text, wrap
from .base import WidgetScene

class RulesScene(WidgetScene):
    title = N_("Rules: {game}")
    subtitle = N_("scroll with the wheel or Up / Down; Left / Right change the game")
    frame = (160, 100, 960, 560)
    TABS = pygame.Rect(190, 108, 900, 48)
    VIEW = pygame.Rect(190, 162, 900, 454)

    def enter(self, game: str | None = None, **_kw) -> None:
        from .menu import TITLES, registered_by_title    # the menu's order of the games

        by_title = registered_by_title()
        order = [by_title[t] for t in TITLES if t in by_title]
        self.games = sorted((g for g in PLAYABLE if g in RULES_TEXT),
                            key=lambda g: order.index(g) if g in order else len(order))
        self.subtitle = _(RulesScene.subtitle)
        self.back = Button((540, 628, 200, 48), _("Back"), self.app.pop, keys=(pygame.K_ESCAPE, pygame.K_F1))
        w = self.TABS.width // max(1, len(self.games))
        self.tabs = [Button((self.TABS.x + i * w + 4, self.TABS.y, w - 8, self.TABS.height),
                            _(registry.info(g).title), (lambda g=g: self.show(g)), size=17)
                     for i, g in enumerate(self.games)]
        for b in self.tabs:
            b.two_lines = True            # "Death over the Kingdom" on two lines rather than shrunk
        self.widgets = [*self.tabs, self.back]
        self.focus.set(self.back, self.widgets)
        self.show(game if game in self.games else self.games[0])

    def show(self, game: str) -> None:
        """Switch to ``game``'s rules, scrolled to the top."""
        self.game = game
        self.title = _(RulesScene.title).format(game=_(registry.info(game).title))
        for g, b in zip(self.games, self.tabs):
            b.selected = g == game
            b.style = "primary" if g == game else "normal"
        self.scroll = 0.0
        self._lines_key = None
        self.lines: list[str] = []

    def _layout_lines(self) -> list[str]:
        key = self.app.view.size
        if key != self._lines_key:
            self._lines_key = key
            self.lines = wrap(self.app, _(RULES_TEXT[self.game]), 18, self.VIEW.width - 20)
        return self.lines

    @property
    def line_h(self) -> float:
        return 27.0

    def max_scroll(self) -> float:
        return max(0.0, len(self._layout_lines()) * self.line_h - self.VIEW.height + 10)

    def handle(self, ev: inp.InputEvent) -> None:
        if ev.kind == inp.WHEEL:
            self.scroll -= ev.wheel * 60
        elif ev.is_key(pygame.K_DOWN):
            self.scroll += 40
        elif ev.is_key(pygame.K_UP):
            self.scroll -= 40
        elif ev.is_key(pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.scroll += self.VIEW.height - 60
        elif ev.is_key(pygame.K_PAGEUP):
            self.scroll -= self.VIEW.height - 60
        elif ev.is_key(pygame.K_HOME):
            self.scroll = 0
        elif ev.is_key(pygame.K_LEFT, pygame.K_RIGHT) and len(self.games) > 1:
            step = 1 if ev.is_key(pygame.K_RIGHT) else -1
            self.show(self.games[(self.games.index(self.game) + step) % len(self.games)])
        else:
            super().handle(ev)
        self.scroll = max(0.0, min(self.scroll, self.max_scroll()))

    def _fade(self, w: int, h: int, down: bool) -> pygame.Surface:
        """A strip going from clear to the panel's colour (cached per size)."""
        key = (w, h, down)
        cache = getattr(self, "_fades", {})
        if key not in cache:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            for y in range(h):
                k = (y + 1) / h if down else 1 - y / h
                pygame.draw.line(s, (11, 30, 20, round(245 * k ** 1.5)), (0, y), (w, y))
            cache[key] = s
            self._fades = cache
        return cache[key]

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        a = self.app
        clip = a.view.rect(self.VIEW)
        old = surf.get_clip()
        surf.set_clip(clip)
        y = self.VIEW.y + 8 - self.scroll
        for i, line in enumerate(self._layout_lines()):
            if self.VIEW.y - 40 < y < self.VIEW.bottom + 10:
                bold = i == 0 or line.startswith(_("How to play"))
                text(surf, a, line, (self.VIEW.x + 10, y), 18, T.GOLD if bold else T.TEXT, bold=bold)
            y += self.line_h
        ms = self.max_scroll()
        # soft edges: lines scroll out under a fade instead of being cut in half
        fade_h = a.view.n(30)
        if self.scroll < ms:
            surf.blit(self._fade(clip.width, fade_h, True), (clip.x, clip.bottom - fade_h))
        if self.scroll > 0:
            surf.blit(self._fade(clip.width, fade_h, False), clip.topleft)
        surf.set_clip(old)
        if ms > 0:  # scrollbar
            track = pygame.Rect(self.VIEW.right + 6, self.VIEW.y, 8, self.VIEW.height)
            panel(surf, a, track, (255, 255, 255, 40), radius=4, border=None)
            h = max(30, track.height * self.VIEW.height / (self.VIEW.height + ms))
            thumb = pygame.Rect(track.x, track.y + (track.height - h) * self.scroll / ms, 8, h)
            panel(surf, a, thumb, (*T.GOLD, 200), radius=4, border=None)
        self.draw_widgets(surf)
