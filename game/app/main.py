"""The App (window, main loop, scene stack) and ``run``, the CLI entry point."""
from __future__ import annotations

import logging
import os
import random
import sys
from typing import Any

import pygame

from game.core import registry
from game.match import Match, RecordError, SeatSpec
from . import input as inp
from .cards import CardArt
from .probe import Probe
from .resources import user_dir
from .scene import Scene, SceneStack
from .settings import SPEEDS, Settings
from .theme import BASE_H, BASE_W, Fonts, View, felt
from .widgets import Toast

log = logging.getLogger(__name__)

AI_NAMES = ("Ada", "Bram", "Cleo", "Dario", "Esme", "Fenna")
DEFAULT_SIZE = (BASE_W, BASE_H)


def autosave_path(game: str = "masterbluff"):
    return user_dir() / f"autosave_{game}.json"


def parse_seats(spec: str | None, players: int = 3) -> list[SeatSpec]:
    """``"human,ai,ai:random"`` -> seat specs with default names.  Raises ValueError."""
    parts = [p.strip().lower() for p in spec.split(",")] if spec else ["human"] + ["ai"] * (players - 1)
    kinds = []
    for p in parts:
        kind, _, level = p.partition(":")
        if kind not in ("human", "ai"):
            raise ValueError(f"seat {p!r}: use human or ai[:level]")
        if kind == "ai":
            from game.ai import LEVELS

            level = level or "heuristic"
            if level not in LEVELS:
                raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
        kinds.append((kind, level or "heuristic"))
    humans = sum(1 for k, _ in kinds if k == "human")
    seats, h = [], 0
    for i, (kind, level) in enumerate(kinds):
        if kind == "human":
            h += 1
            name = "You" if humans == 1 else f"Player {h}"
        else:
            name = AI_NAMES[i % len(AI_NAMES)]
        seats.append(SeatSpec(name, kind, level))
    return seats


def _sdl_defaults() -> None:
    """Sensible SDL settings, only where the user has not chosen otherwise."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")   # plain software blits: no GL
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, speed: str | None = None,
                 settings: Settings | None = None, fullscreen: bool | None = None):
        _sdl_defaults()
        pygame.display.init()
        pygame.font.init()
        self.audio = False
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self.audio = True
        except (pygame.error, NotImplementedError, OSError):
            self.audio = False  # no sound device: run silent
        self.settings = settings or Settings.load()
        if speed in SPEEDS:
            self.settings.speed = speed
        self.windowed_size = tuple(size)
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption("Crown Table")
        self.view = View(self.screen.get_size())
        self.fonts = Fonts()
        self.cards = CardArt(fonts=self.fonts)
        self.stack = SceneStack()
        self.toast = Toast()
        self.probe = Probe.from_env()
        from .sound import Sounds

        self.sounds = Sounds(self.audio and self.settings.sound)
        self.running = True
        self.frames = 0
        self._ai = None
        want_full = self.settings.fullscreen if fullscreen is None else fullscreen
        if want_full:
            self.set_fullscreen(True)

    # -- services
    @property
    def ai(self):
        if self._ai is None:
            from game.ai.worker import AIWorker

            self._ai = AIWorker()
        return self._ai

    def save_settings(self) -> None:
        err = self.settings.save()
        if err:
            self.toast.show(err)

    def settings_path_hint(self) -> str:
        from .settings import settings_path

        return str(settings_path())

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        try:
            if on:
                self.windowed_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = on
        except pygame.error as exc:
            self.toast.show(f"Fullscreen is not available: {exc}")
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        self.on_resize(self.screen.get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        surf = pygame.display.get_surface()
        if surf is not None:
            self.screen = surf
        size = self.screen.get_size()
        if size == self.view.size:
            return
        self.view.resize(size)
        for s in self.stack.scenes:
            s.resize(size)

    # -- navigation
    def push(self, scene: Scene, **kw: Any) -> None:
        self.stack.push(scene, **kw)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene, **kw: Any) -> None:
        self.stack.replace(scene, **kw)

    def reset(self, scene: Scene, **kw: Any) -> None:
        self.stack.reset(scene, **kw)

    def quit(self) -> None:
        self.running = False

    def open_menu(self, message: str | None = None) -> None:
        from .scenes.menu import MenuScene

        self.reset(MenuScene(self), message=message)

    def open_rules(self) -> None:
        from .scenes.rules import RulesScene

        self.push(RulesScene(self))

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.push(SettingsScene(self))

    def start_table(self, game: str = "masterbluff", seats: list[SeatSpec] | None = None,
                    seed: int | None = None, match: Match | None = None,
                    options: dict | None = None) -> None:
        from .scenes.table_masterbluff import TableScene

        if match is None:
            if seed is None:
                seed = random.randrange(1 << 31)
            match = Match(game, seats or parse_seats(None), options, seed=seed)
        self.reset(TableScene(self), match=match)

    # -- the frame
    def frame(self, dt: float) -> None:
        """One frame: input -> handle -> update -> draw (no flip)."""
        self.stack.apply_pending()
        for ev in inp.pump(self.view):
            if ev.kind == inp.QUIT:
                self.quit()
                continue
            if ev.kind == inp.RESIZE:
                self.on_resize(ev.size)
                continue
            if ev.is_key(pygame.K_F11):
                self.set_fullscreen(not self.fullscreen)
                self.settings.fullscreen = self.fullscreen
                self.save_settings()
                continue
            top = self.stack.top
            if top is not None:
                top.handle(ev)
            self.stack.apply_pending()
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.toast.update(dt)
        self.stack.apply_pending()
        self.draw(self.screen)
        self.frames += 1
        if self.probe.enabled:
            self.probe.write(self.probe_state())

    def draw(self, surf: pygame.Surface) -> None:
        visible = self.stack.visible()
        if not visible:
            surf.blit(felt(surf.get_size()), (0, 0))
        for s in visible:
            s.draw(surf)
        self.toast.draw(surf, self)

    def probe_state(self) -> dict:
        top = self.stack.top
        data = {"scene": type(top).__name__ if top else None, "size": list(self.screen.get_size()),
                "frames": self.frames}
        for s in self.stack.scenes:
            fn = getattr(s, "probe_state", None)
            if fn:
                data.update(fn())
        return data

    def loop(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000.0
            self.frame(min(dt, 0.1))
            pygame.display.flip()
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        for s in reversed(self.stack.scenes):
            try:
                s.exit()
            except Exception:  # never let cleanup mask the exit
                log.exception("scene exit failed")
        self.stack.scenes.clear()
        if self._ai is not None:
            self._ai.shutdown()
            self._ai = None


def run(game: str | None = None, seats: str | None = None, seed: int | None = None,
        load: str | None = None, speed: str | None = None, options: dict | None = None) -> int:
    """Entry point for ``crowntable`` (menu) and ``crowntable play <game>`` (table)."""
    match = None
    try:
        if load:
            match = Match.load(load)
        elif game:
            rules = registry.get(game)
            seat_specs = parse_seats(seats, players=3)
            if not rules.min_players <= len(seat_specs) <= rules.max_players:
                raise ValueError(f"{rules.title} takes {rules.min_players}-{rules.max_players} players")
            match = Match(game, seat_specs, options,
                          seed=seed if seed is not None else random.randrange(1 << 31))
    except (RecordError, ValueError, KeyError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"crowntable: {msg}", file=sys.stderr)
        return 2
    app = App(speed=speed)
    if match is not None:
        app.start_table(match=match)
    else:
        app.open_menu()
    try:
        return app.loop()
    finally:
        pygame.quit()
