"""Game setup: number of players, who sits where (human / AI level), names, seed."""
from __future__ import annotations

import random

import pygame

from game.core import registry
from game.match import SeatSpec
from .. import theme as T
from ..main import AI_NAMES
from ..widgets import Button, Segmented, TextField, text
from .base import WidgetScene

KINDS = ("Human", "AI random", "AI heuristic", "AI expert")
# the AI level (game.ai.LEVELS) behind each seat kind; None = a human seat
KIND_LEVELS = (None, "random", "heuristic", "search")
END_CHOICES = ("First out wins", "Play on for places")


class SetupScene(WidgetScene):
    subtitle = "Who is at the table?"
    frame = (200, 100, 880, 580)

    def enter(self, game: str = "masterbluff", **_) -> None:
        self.game = game
        self.rules = registry.get(game)
        self.title = f"New game: {self.rules.title}"
        self.players = max(self.rules.min_players, min(3, self.rules.max_players))
        self.names = [TextField((0, 0, 10, 10), "You" if i == 0 else AI_NAMES[i], max_len=14)
                      for i in range(self.rules.max_players)]
        self.kinds = [0 if i == 0 else 2 for i in range(self.rules.max_players)]
        self.play_on = 0
        self.seed = TextField((0, 0, 10, 10), "", max_len=10, allowed=str.isdigit, placeholder="random")
        self.build()

    def build(self) -> None:
        counts = list(range(self.rules.min_players, self.rules.max_players + 1))
        self.widgets = []
        self.count_choice = Segmented((440, 130, 300, 44), [str(c) for c in counts],
                                      counts.index(self.players), self.set_players, size=18)
        self.widgets.append(self.count_choice)
        y = 188
        self.rows = []
        for i in range(self.players):
            f = self.names[i]
            f.rect = pygame.Rect(330, y, 200, 42)
            seg = Segmented((546, y, 494, 42), KINDS, self.kinds[i], (lambda k, i=i: self.set_kind(i, k)), size=16)
            self.rows.append((i, f, seg))
            self.widgets += [f, seg]
            y += 50
        if "play_on" in self.rules.default_options:
            self.widgets.append(Segmented((330, 446, 440, 42), END_CHOICES, self.play_on, self.set_play_on,
                                          size=16))
        self.seed.rect = pygame.Rect(330, 510, 250, 44)
        self.widgets.append(self.seed)
        self.widgets.append(Button((600, 510, 140, 44), "Random", self.random_seed, size=16))
        self.widgets.append(Button((240, 600, 240, 56), "Back", self.app.pop, keys=(pygame.K_ESCAPE,)))
        self.widgets.append(Button((800, 600, 240, 56), "Start", self.start, style="primary", size=22,
                                   keys=(pygame.K_RETURN, pygame.K_KP_ENTER)))

    def set_players(self, idx: int) -> None:
        self.players = self.rules.min_players + idx
        self.build()

    def set_kind(self, seat: int, k: int) -> None:
        self.kinds[seat] = k

    def set_play_on(self, k: int) -> None:
        self.play_on = k

    def options(self) -> dict:
        return {"play_on": True} if self.play_on else {}

    def random_seed(self) -> None:
        self.seed.value = str(random.randrange(1, 10 ** 9))

    def seat_specs(self) -> list[SeatSpec]:
        specs = []
        for i in range(self.players):
            k = self.kinds[i]
            name = self.names[i].value.strip() or (f"Player {i + 1}" if k == 0 else AI_NAMES[i])
            level = KIND_LEVELS[k]
            specs.append(SeatSpec(name, "human" if level is None else "ai", level or "heuristic"))
        return specs

    def start(self) -> None:
        specs = self.seat_specs()
        if len({s.name for s in specs}) != len(specs):
            self.message = "Every seat needs a different name."
            return
        seed = int(self.seed.value) if self.seed.value else None
        self.app.start_table(self.game, specs, seed, options=self.options())

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        a = self.app
        text(surf, a, "Players", (240, 152), 18, T.TEXT, bold=True, anchor="midleft")
        for i, f, seg in self.rows:
            label = f"Seat {i + 1}"
            text(surf, a, label, (240, f.rect.centery), 16, T.TEXT_DIM, anchor="midleft", max_w=86)
        if "play_on" in self.rules.default_options:
            text(surf, a, "Ending", (240, 467), 18, T.TEXT, bold=True, anchor="midleft")
        text(surf, a, "Seed", (240, 532), 18, T.TEXT, bold=True, anchor="midleft")
        text(surf, a, "same seed + same moves = same game", (760, 532), 16, T.TEXT_DIM, anchor="midleft",
             max_w=300)
        for w in self.widgets:
            w.draw(surf, a)
        self.draw_message(surf)
