"""A scene made of widgets on the felt, with a title (menus, setup, settings...)."""
from __future__ import annotations

import pygame

from .. import input as inp
from .. import theme as T
from ..scene import Scene
from ..widgets import Widget, handle_all, panel, text


class WidgetScene(Scene):
    title = ""
    subtitle = ""
    #: layout rect of the central card-like panel (None = no panel)
    frame: tuple[int, int, int, int] | None = (240, 110, 800, 560)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.message: str | None = None
        self.message_error = True

    def on_back(self) -> None:
        self.app.pop()

    def handle(self, ev: inp.InputEvent) -> None:
        if handle_all(self.widgets, ev):
            return
        if ev.is_key(pygame.K_ESCAPE):
            self.on_back()
        elif ev.is_key(pygame.K_F1):
            from .rules import RulesScene

            if not isinstance(self, RulesScene):
                self.app.open_rules()

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw_background(self, surf: pygame.Surface) -> None:
        surf.blit(T.felt(surf.get_size()), (0, 0))
        if self.frame:
            panel(surf, self.app, self.frame, (8, 20, 14, 215), radius=18, border=(*T.GOLD, 90), width=2)
        if self.title:
            text(surf, self.app, self.title, (640, 46), 40, T.GOLD, bold=True, anchor="center", shadow=True)
        if self.subtitle:
            text(surf, self.app, self.subtitle, (640, 84), 18, T.TEXT_DIM, anchor="center")

    def draw_message(self, surf: pygame.Surface, y: float = 690) -> None:
        if self.message:
            v = self.app.view
            w = min(1200, self.app.fonts.get(v.n(17)).size(self.message)[0] / v.s + 30)
            r = pygame.Rect(0, 0, round(w), 36)
            r.center = (640, round(y))
            panel(surf, self.app, r, T.ERROR_BG if self.message_error
                  else (20, 60, 90, 235), radius=10, border=(255, 255, 255, 90))
            text(surf, self.app, self.message, r.center, 17, T.TEXT, anchor="center", max_w=r.w - 20)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        for w in self.widgets:
            w.draw(surf, self.app)
        self.draw_message(surf)
