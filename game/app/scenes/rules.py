"""Rules summary (scrollable): mouse wheel, arrow keys, Page Up/Down."""
from __future__ import annotations

import pygame

from game.core.i18n import N_, _
from .. import input as inp
from .. import theme as T
from ..widgets import Button, panel, text, wrap
from .base import WidgetScene

MASTERBLUFF_RULES = N_("""MasterBluff, for 3 to 5 players.

Goal: be the first to get rid of every card in your hand.

The cards: 48 cards in six families (Wizard, Witch, Elf, Ogre, Fairy, Jester), eight of each. Everything is dealt out equally; with 5 players the 3 left over go face down onto the discard pile. Each player also gets one exchange token.

Your turn: put 1 to 8 cards from your hand face down on the pile and declare "N × family". N is always the true number of cards (the table shows it). The family may be a lie!

Which family? The first discard of a sequence may name any family. After that you must declare the family in force, the one the previous player declared. Once per game you may spend your exchange token to name a different family instead; the token is then set aside.

Bluff! After every discard each opponent, in turn from the declarer's left, may call "Bluff!". The first caller wins the right to check: the discarded cards are turned face up.
• If all of them really are the declared family, the caller picks up the whole discard pile.
• Otherwise the declarer (the liar) picks up the whole pile.
After any call, the player to the declarer's left starts a new sequence with a free family. If nobody calls, the next player continues the family in force.

Winning: a player whose hand is empty after their discard, and whose discard stands (nobody called, or the call showed the truth), wins the game.

Option "Play on for places" (chosen at set-up): the first player out takes 1st place and the others play on, skipping players who are out, until one player is left with cards; that player is last.

How to play here
• Click cards in your hand to select them (they rise); click again to put one back.
• Drag the selection onto the pile, then pick the family to declare.
• Enter declares the family in force with the selected cards.
• To change the family with your exchange token, drag the token onto the declaration banner before you discard (or tick "Use exchange token" in the family picker).
• When someone discards you can call Bluff! (B) or let it pass (N or Space). At a shared screen each player answers on their own buttons: Bluff! with 1, 2, 3… and No with the letter below it (Q, W, E…).
• Esc opens the pause menu (undo, rules, settings). F1 shows these rules, F11 toggles fullscreen.""")


class RulesScene(WidgetScene):
    title = N_("Rules: MasterBluff")
    subtitle = N_("scroll with the wheel or the arrow keys")
    frame = (160, 100, 960, 560)
    VIEW = pygame.Rect(190, 116, 900, 500)

    def enter(self, **_kw) -> None:
        self.title = _(RulesScene.title)
        self.subtitle = _(RulesScene.subtitle)
        self.scroll = 0.0
        self.widgets = [Button((540, 628, 200, 48), _("Back"), self.app.pop, keys=(pygame.K_ESCAPE, pygame.K_F1))]
        self.focus_default()
        self._lines_key = None
        self.lines: list[str] = []

    def _layout_lines(self) -> list[str]:
        key = self.app.view.size
        if key != self._lines_key:
            self._lines_key = key
            self.lines = wrap(self.app, _(MASTERBLUFF_RULES), 18, self.VIEW.width - 20)
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
