"""A scene made of widgets on the felt, with a title (menus, setup, settings...).

Every widget scene works from the keyboard alone: a :class:`FocusRing` moves the
focus with Tab / Shift+Tab and the arrow keys; Enter / Space press the focused
button, Left / Right change a focused choice, typing edits a focused text field.
``default_focus()`` names the widget that has the focus when the scene opens.
"""
from __future__ import annotations

import pygame

from .. import input as inp
from .. import theme as T
from ..scene import Scene
from ..widgets import FocusRing, Widget, handle_all, message_box, panel, text

#: where a scene's title is centred (layout units) and its size
TITLE_AT = (640, 46)
TITLE_SIZE = 40


class WidgetScene(Scene):
    title = ""
    subtitle = ""
    #: F1 opens the rules (on the rules screen itself it goes back instead)
    f1_opens_rules = True
    #: layout rect of the central card-like panel (None = no panel)
    frame: tuple[int, int, int, int] | None = (240, 110, 800, 560)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.message: str | None = None
        self.message_error = True
        self.focus = FocusRing()

    def language_changed(self) -> None:
        """Rebuild the scene's words: open it again as it was opened (its widgets' labels are
        made in ``enter``), the focus staying on the same widget."""
        was = self.focus.current
        at = next((i for i, w in enumerate(self.widgets) if w is was), None)
        self.enter(**getattr(self, "entered_with", {}))
        if at is not None and at < len(self.widgets):
            self.focus.set(self.widgets[at], self.widgets)

    def rules_game(self) -> str | None:
        """The game whose rules F1 opens (None: the rules screen's first game)."""
        return getattr(self, "game", None)

    def on_back(self) -> None:
        self.app.pop()

    def default_focus(self) -> Widget | None:
        """The widget focused when the scene opens (default: the first focusable one)."""
        chain = FocusRing.chain(self.widgets)
        return chain[0] if chain else None

    def focus_default(self) -> None:
        self.focus.set(self.default_focus(), self.widgets)

    def handle_focus(self, ev: inp.InputEvent) -> bool:
        return self.focus.handle(self.widgets, ev, shown=getattr(self.app, "keyboard_focus", True))

    def handle(self, ev: inp.InputEvent) -> None:
        if self.handle_focus(ev):
            return
        if handle_all(self.widgets, ev):
            return
        if ev.is_key(pygame.K_ESCAPE):
            self.on_back()
        elif ev.is_key(pygame.K_F1) and self.f1_opens_rules:
            self.app.open_rules(self.rules_game())

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def animating(self) -> bool:
        """Frames are needed only while a widget animates (toasts are the App's)."""
        return any(w.animating() for w in self.widgets)

    def draw_background(self, surf: pygame.Surface) -> None:
        surf.blit(T.felt(surf.get_size()), (0, 0))
        self.draw_under(surf)
        if self.frame:
            panel(surf, self.app, self.frame, (8, 20, 14, 215), radius=18, border=(*T.GOLD, 90), width=2)
        if self.title:
            text(surf, self.app, self.title, TITLE_AT, TITLE_SIZE, T.GOLD, bold=True, anchor="center", shadow=True)
        if self.subtitle:
            text(surf, self.app, self.subtitle, (640, 84), 18, T.TEXT_DIM, anchor="center")

    def draw_under(self, surf: pygame.Surface) -> None:
        """What lies on the felt under the panel and the title (the results' confetti): it
        never covers a word of theirs."""

    def title_rect(self) -> pygame.Rect | None:
        """The title's rect in window pixels, its shadow included (None: no title)."""
        if not self.title:
            return None
        v = self.app.view
        px = v.n(TITLE_SIZE)
        w, h = self.app.fonts.get(px, True).size(self.title)
        r = pygame.Rect(0, 0, w, h)
        r.center = v.pt(*TITLE_AT)
        return pygame.Rect(r.x, r.y, w + max(1, px // 14), h + max(1, px // 14))

    def draw_message(self, surf: pygame.Surface, y: float = 690) -> None:
        if self.message:
            message_box(surf, self.app, self.message, (640, y), self.message_error)

    def draw_widgets(self, surf: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surf, self.app)
        stack = getattr(self.app, "stack", None)
        if stack is None or stack.top is self:          # not under an overlay
            self.focus.draw(surf, self.app, self.widgets)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        self.draw_widgets(surf)
        self.draw_message(surf)
