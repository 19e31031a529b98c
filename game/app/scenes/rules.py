"""The rules of each game (scrollable): mouse wheel, Up / Down, Page Up / Down.

One tab per game that has a rules text; Left / Right switch games.  Opened from
a table (or its pause menu) it starts on that table's game.  Beside the text, a
column shows the game's cards and pieces, each kind once with its name (the
game's ``gallery`` in ``game.app.games``), scrolling with the text."""
from __future__ import annotations

import pygame

from game.core import registry
from game.core.i18n import N_, _
from .. import input as inp
from .. import theme as T
from ..cards import CardArt, card_size
from ..games import PLAYABLE, gallery, rules_text
from ..widgets import Button, panel, text, wrap, wrap_whole
from .base import WidgetScene

class RulesScene(WidgetScene):
    title = N_("Rules: {game}")
    f1_opens_rules = False                        # F1 here is the Back key
    subtitle = N_("scroll with the wheel or Up / Down; Left / Right change the game")
    frame = (50, 100, 1180, 560)
    TABS = pygame.Rect(190, 108, 900, 48)
    VIEW = pygame.Rect(76, 162, 1116, 454)       # the scrolled page: the text, then the pictures
    TEXT_W = 640                                  # the text column (from VIEW.x)
    GALLERY = pygame.Rect(736, 162, 456, 454)     # the pictures column (scrolls with the text)
    TILE_W, TILE_H, ART_W = 114, 172, 78          # a picture's column, row, and card width

    def enter(self, game: str | None = None, **_kw) -> None:
        self.games = list(PLAYABLE)       # the menu's order of the games
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
        self.tiles = self.gallery(game)

    def gallery(self, game: str) -> list[tuple[tuple, str, list[str]]]:
        """The game's pictures: (art, name, the name's lines) each, from its ``gallery``
        (``game.app.games.gallery``)."""
        # every line of a name (it was cut at two: "Number with a gold" for "... gold coin"); a row
        # with a longer name is taller (``row_heights``)
        # a word wider than the tile ("Intercambiar") is made smaller on its line, never broken
        return [(art, name, wrap_whole(self.app, name, 16, self.TILE_W - 6, bold=True)[1]) for art, name in gallery(game)]

    def art(self) -> CardArt:
        """The shown game's card art (made once per App, shared with its table)."""
        arts = self.app.__dict__.setdefault("card_arts", {self.app.cards.game: self.app.cards})
        if self.game not in arts:
            arts[self.game] = CardArt(self.game, fonts=self.app.fonts)
        return arts[self.game]

    def row_heights(self) -> list[float]:
        """Each row of pictures' height: ``TILE_H`` (a name of up to two lines), taller for a name
        that wraps to more."""
        cols = max(1, self.GALLERY.width // self.TILE_W)
        rows = [self.tiles[i:i + cols] for i in range(0, len(self.tiles), cols)]
        return [max(self.TILE_H, self.ART_W * 1.4 + 8 + 19 * max(len(t[2]) for t in row) + 12) for row in rows]

    def gallery_height(self) -> float:
        return sum(self.row_heights())

    def _layout_lines(self) -> list[str]:
        key = self.app.view.size
        if key != self._lines_key:
            self._lines_key = key
            self.lines = wrap(self.app, _(rules_text(self.game)), 18, self.TEXT_W - 20)
        return self.lines

    @property
    def line_h(self) -> float:
        return 27.0

    def max_scroll(self) -> float:
        page = max(len(self._layout_lines()) * self.line_h, self.gallery_height())
        return max(0.0, page - self.VIEW.height + 10)

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

    def gallery_scroll(self) -> float:
        """How far the pictures have scrolled: in step with the text, so that both reach their
        ends together (a column shorter than the view stays in place beside the text)."""
        ms = self.max_scroll()
        most = max(0.0, self.gallery_height() - self.VIEW.height + 10)
        return self.scroll * most / ms if ms > 0 else 0.0

    def tile_rects(self) -> list[tuple[tuple, str, list[str], pygame.Rect]]:
        """Each picture with its tile (layout units, scrolled): the card at the top, the name under it."""
        g, cols = self.GALLERY, max(1, self.GALLERY.width // self.TILE_W)
        off = self.gallery_scroll()
        out, heights = [], self.row_heights()
        tops = [sum(heights[:k]) for k in range(len(heights))]
        for i, (art, name, lines) in enumerate(self.tiles):
            r, c = divmod(i, cols)
            out.append((art, name, lines, pygame.Rect(g.x + c * self.TILE_W, round(g.y + 8 + tops[r] - off),
                                                      self.TILE_W, round(heights[r]))))
        return out

    def tile_image(self, art: tuple) -> pygame.Surface | None:
        """A picture at its gallery size (the game's CardArt caches every scaled image)."""
        cards, v = self.art(), self.app.view
        size = card_size(v.s * self.ART_W)
        kind = art[0]
        if kind == "face":
            return cards.face(art[1], size)
        if kind == "back":
            return cards.back(size, art[1] if len(art) > 1 else "")
        if kind == "token":
            return cards.token(v.n(self.ART_W * 0.9))
        if kind == "piece":
            return cards.piece(art[1], v.n(self.ART_W * 0.9))
        return None

    def draw_gallery(self, surf: pygame.Surface) -> None:
        a = self.app
        h = self.ART_W * 1.4
        for art, _name, lines, r in self.tile_rects():
            if r.bottom < self.VIEW.y - 10 or r.y > self.VIEW.bottom + 10:
                continue
            img = self.tile_image(art)
            if img is not None:
                surf.blit(img, img.get_rect(center=a.view.pt(r.centerx, r.y + h / 2)))
            for k, line in enumerate(lines):
                text(surf, a, line, (r.centerx, r.y + h + 8 + k * 19), 16, T.TEXT, bold=True, anchor="midtop",
                     max_w=self.TILE_W - 4)

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
        self.draw_gallery(surf)
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
