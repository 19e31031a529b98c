"""The App (window, main loop, scene stack) and ``run``, the CLI entry point."""
from __future__ import annotations

import contextlib
import logging
import os
import random
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pygame

from game.core import GameError, registry
from game.core import i18n
from game.core.i18n import _
from game.core.quote import quoted
from game.match import Match, RecordError, SeatSpec
from game.match.record import PERSON_KINDS
from . import input as inp
from . import transcript
from .cards import CardArt
from . import WM_CLASS
from .probe import Probe
from .resources import AssetError, user_dir
from .savewriter import SaveWriter
from .scene import Scene, SceneStack
from .seating import AI_NAMES, name_seats  # noqa: F401  (AI_NAMES re-exported for old callers)
from .settings import SPEEDS, Settings
from .theme import BASE_H, BASE_W, Fonts, View, felt
from .widgets import Toast
from .games import PLAYABLE, table_scene

log = logging.getLogger(__name__)

DEFAULT_SIZE = (BASE_W, BASE_H)
#: the smallest window: the layout (1280x720) at 3/4 scale, so 16 px text is still 12 px
MIN_SIZE = (960, 540)
#: how long the loop sleeps in pygame.event.wait when nothing animates (ms)
IDLE_WAIT_MS = 500
#: the window icon, in assets/icons (made by assets/icons/make_icons.py)
WINDOW_ICON = "crowntable-64.png"
#: where the phone server listens (issue 28), when set: loopback or a private home-network address
#: only (``game.phones.net.check_bind_address``); tests give 127.0.0.1.  Unset: this computer's
#: private address on the home network (``net.lan_address``)
PHONE_ADDRESS = "CROWNTABLE_PHONE_ADDRESS"
#: the pygame event the phone server's thread posts when a phone sent something (wakes the loop)
PHONE_WAKE = pygame.USEREVENT + 7
#: set (to anything but "" or "0") for the start-up benchmark: the loop quits right after the first
#: frame is drawn and flipped, printing one JSON line (the scene and the clock) to stdout
EXIT_AFTER_FIRST_FRAME = "CROWNTABLE_EXIT_AFTER_FIRST_FRAME"


def autosave_path(game: str = "masterbluff"):
    """The autosave of ``game`` in the user folder (scenes use ``app.autosave_path``)."""
    return user_dir() / f"autosave_{game}.json"


def at_least_min(size) -> tuple[int, int]:
    """``size`` grown to ``MIN_SIZE`` where it is smaller."""
    return max(int(size[0]), MIN_SIZE[0]), max(int(size[1]), MIN_SIZE[1])


def with_opener(game: str, seats: list[SeatSpec], options: dict | None) -> dict | None:
    """A game with an ``opener`` option (who wins a first-round tie) gets the first human's
    seat, or ``"random"`` with no human at the table, unless the options name one."""
    if "opener" not in registry.get(game).default_options or "opener" in (options or {}):
        return options
    first = next((i for i, s in enumerate(seats) if s.kind in PERSON_KINDS), None)   # a phone is a person
    return {**(options or {}), "opener": "random" if first is None else first}


def parse_seats(spec: str | None, players: int = 3) -> list[SeatSpec]:
    """``"human,phone,ai:random"`` -> seat specs with default names (game.app.seating).
    Raises ValueError."""
    parts = [p.strip().lower() for p in spec.split(",")] if spec else ["human"] + ["ai"] * (players - 1)
    kinds = []
    for p in parts:
        kind, _sep, level = p.partition(":")
        if kind not in ("human", "phone", "ai") or (level and kind != "ai"):
            raise ValueError(_("seat {seat}: use human, phone or ai[:level]").format(seat=quoted(p)))
        if kind == "ai":
            from game.ai import LEVELS, canonical_level, is_level

            level = level or "normal"
            if not is_level(level):
                raise ValueError(_("unknown AI level {level}; levels: {levels}").format(
                    level=quoted(level), levels=", ".join(LEVELS)))
            level = canonical_level(level)
        kinds.append((kind, level or "normal"))
    names = name_seats([k for k, _lvl in kinds])
    return [SeatSpec(name, kind, level) for name, (kind, level) in zip(names, kinds)]


def window_size() -> tuple[int, int]:
    """The window's first size: ``CROWNTABLE_WINDOW_SIZE`` ("1920x1080", used by ``bench
    --only memory``) when set and readable, else ``DEFAULT_SIZE``."""
    w, _x, h = os.environ.get("CROWNTABLE_WINDOW_SIZE", "").lower().partition("x")
    try:
        return at_least_min((int(w), int(h)))
    except ValueError:
        return DEFAULT_SIZE


def _sdl_defaults() -> None:
    """Sensible SDL settings, only where the user has not chosen otherwise."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")   # plain software blits: no GL
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")
    # the window's class (X11, also set in game/app/__init__.py) / app id (Wayland): the desktop
    # entry's StartupWMClass, so the desktop shows the window under Crown Table's icon
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WM_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WM_CLASS)


def _window_icon() -> None:
    """The app's icon on the window (before it opens: some systems ignore a later change).
    The icon only decorates: without its file the window keeps the system's icon."""
    from .resources import asset

    try:
        pygame.display.set_icon(pygame.image.load(str(asset("icons", WINDOW_ICON))))
    except (pygame.error, OSError) as exc:
        log.warning("no window icon: %s", exc)


def write_crash_log(folder: Path, details: str, now: float | None = None) -> Path:
    """Write ``details`` to a new ``crash-<date>-<time>.log`` in ``folder`` (0600; ``-2``, ``-3``...
    when that name is taken: two crashes in one second keep both) and return its path (the
    name it would have had, when it could not be written: the error is logged)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    first = folder / f"crash-{stamp}.log"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        for n in range(1, 1000):
            path = first if n == 1 else folder / f"crash-{stamp}-{n}.log"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(details)
            return path
    except OSError as err:
        log.error("could not write %s: %s", first, err)
    return first


class App:
    """The window, the frame loop and the scene stack.

    Scenes reach everything through the ``app`` they are given (never by importing
    this module): navigation (``push``/``pop``/``replace``/``reset``, ``open_menu``,
    ``open_rules``, ``open_settings``, ``start_table``), services (``settings``,
    ``fonts``, ``cards``, ``sounds``, ``ai``, ``toast``), ``autosave_path(game)`` and
    ``check_autosave(game)``.

    Idle frames: the loop draws only while something changes.  A scene that needs
    frames although no input arrives (a tween, a timer, a pending AI answer)
    says so with ``Scene.animating()``; when no visible scene animates, no toast
    shows and no input came, the loop skips the draw and the flip and sleeps in
    ``pygame.event.wait`` (``IDLE_WAIT_MS``) until input arrives.
    """

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, speed: str | None = None,
                 settings: Settings | None = None, fullscreen: bool | None = None):
        _sdl_defaults()
        pygame.display.init()
        pygame.font.init()
        #: the mixer opened (True), could not (False), or not tried yet (None): ``start_audio``
        #: runs on the first sound wanted, so the menu does not wait for the sound device
        self.audio: bool | None = None
        #: the system's reason when nothing can be written in the user folder (read-only, full,
        #: cannot be made), else None: the menu says so and tables show "Not saved"
        self.folder_problem = self.prepare_user_dir()
        self.settings = settings or Settings.load()
        if speed in SPEEDS:
            self.settings.speed = speed
        if i18n.set_language(self.settings.language) != self.settings.language:
            # a language chosen here once whose catalogue is gone: English, and the menu says so
            self.settings.message = self.settings.message or i18n.missing_catalogue(self.settings.language)
            self.settings.language = i18n.SOURCE
        self.windowed_size = at_least_min(size)
        self.windowed_pos: tuple[int, int] | None = None
        self.fullscreen = False
        _window_icon()
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._minimum_size()
        pygame.display.set_caption(_("Crown Table"))
        self.view = View(self.screen.get_size())
        self.fonts = Fonts()
        self.cards = CardArt(fonts=self.fonts)
        self.stack = SceneStack()
        self.toast = Toast()
        self.probe = Probe.from_env()
        from .sound import Sounds

        self.sounds = Sounds(self.settings.sound, start=self.start_audio)
        self.running = True
        self.frames = 0
        #: True once the keyboard moved focus, False after a mouse click: widget scenes draw
        #: their focus ring while it is True
        self.keyboard_focus = False
        self.setup_memory: dict[str, dict] = {}   # each game's last setup, for this run (SetupScene)
        #: the names last typed in any game's setup, by seat (None: not typed), for this run: a
        #: game set up for the first time starts with them (the family is the same)
        self.typed_names: list[str | None] = []
        #: (game, save file) of the match on the table (``autosave_path``)
        self.table_save: tuple[str, Any] | None = None
        #: the lock on that save while its table is open (``game.match.saves.lock_save``)
        self.save_lock = None
        #: the table's saves, written on a thread of their own (``savewriter``): the frame that
        #: carries a move hands the text over and goes on
        self.saves = SaveWriter()
        self.dirty = True            # something changed since the last draw
        self._was_animating = False
        self._ai = None
        #: the phones of the table on screen (``game.app.phones.PhoneSession``), while a table with
        #: phone seats (or its results) is up; None otherwise
        self.phones = None
        self._phones_kept: dict | None = None     # what the save keeps of them (``pump_phones``)
        #: what ``loop`` returns: 1 while a missing or damaged asset was met before the menu showed
        self.exit_status = 0
        self._menu_seen = False
        self.exit_after_first_frame = os.environ.get(EXIT_AFTER_FIRST_FRAME, "") not in ("", "0")
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

    def start_audio(self) -> bool:
        """Open the mixer (once); False when there is no sound device: the game runs silent."""
        if self.audio is None:
            try:
                pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self.audio = True
            except (pygame.error, NotImplementedError, OSError):
                self.audio = False  # no sound device: run silent
        return self.audio

    @staticmethod
    def prepare_user_dir() -> str | None:
        """At start: make the user folder (0700; the platform's own folder is tightened to
        0700, a folder named by ``CROWNTABLE_HOME`` is left as the user made it), delete the
        temp files a killed run left in it, and check that files can be written there.
        Returns the system's reason when they cannot, else None."""
        from game.match.saves import clean_stale_temps, prepare_folder, tighten

        folder = user_dir()
        problem = prepare_folder(folder)
        if problem is None:
            if not os.environ.get("CROWNTABLE_HOME"):
                tighten(folder)
            for gone in clean_stale_temps(folder):
                log.info("deleted a stale temp file %s", gone)
        else:
            log.warning("cannot write in %s: %s", folder, problem)
        return problem

    def folder_message(self) -> str | None:
        """What the menu says while nothing can be kept in the user folder, or None."""
        from game.match.saves import problem_cause

        if self.folder_problem is None:
            return None
        cause = problem_cause(self.folder_problem)          # the advice fits the cause
        if cause == "denied":
            msg = _("Crown Table cannot keep games in {folder} ({why}): games are not saved. Set "
                    "CROWNTABLE_HOME to a folder you can write to, and start it again.")
        elif cause == "space":
            msg = _("Crown Table cannot keep games in {folder} ({why}): games are not saved. Free some "
                    "space, and start it again.")
        else:
            msg = _("Crown Table cannot keep games in {folder} ({why}): games are not saved. Free some "
                    "space, or set CROWNTABLE_HOME to a folder you can write to, and start it again.")
        return msg.format(folder=user_dir(), why=self.folder_problem)

    def set_language(self, lang: str) -> str:
        """Speak ``lang`` from the next frame on, on every scene of the stack (each rebuilds the
        words it keeps: ``Scene.language_changed``), and keep it in the settings.  A language
        with no catalogue here gives English, and a toast says so.  Returns the language in force."""
        got = i18n.set_language(lang)
        self.settings.language = got
        pygame.display.set_caption(_("Crown Table"))
        for scene in list(self.stack.scenes):
            scene.language_changed()
        self.dirty = True
        if got != lang:
            self.toast.show(i18n.missing_catalogue(lang))
        return got

    def save_settings(self) -> None:
        err = self.settings.save()
        if err:
            self.toast.show(err)

    def settings_path_hint(self) -> str:
        from .settings import settings_path

        return str(settings_path())

    def autosave_path(self, game: str):
        """Where the table autosaves ``game``: the save file of the game on the table
        (each unfinished game has its own, see ``game.app.saved``), else the first save
        name of ``game`` (``autosave_<game>.json``)."""
        if self.table_save is not None and self.table_save[0] == game:
            return self.table_save[1]
        return autosave_path(game)

    def check_autosave(self, game: str) -> tuple[Match | None, str | None]:
        """Load ``game``'s first save (``autosave_<game>.json``): ``(match or None, message or None)``.

        A finished game is not offered.  A file that cannot be used is moved aside
        at once (kept, never overwritten, see ``game.match.saves``): a damaged one as
        ``<name>.damaged-<time>.json``, one this program cannot read (a newer
        program's record, no permission) as ``<name>.unreadable-<time>.json``, so
        nothing new is ever written over it; the message says what is wrong and
        where the file went."""
        from .saved import load_save

        path = autosave_path(game)
        if not path.exists():
            return None, None
        m, problem = load_save(path)
        if m is None:
            return None, problem
        return (m if m.outcome() is None else None), None

    def saved_games(self, games=None):
        """Every unfinished game saved in the user folder (of ``games`` only, default: the
        playable ones), newest first, as ``game.app.saved.SavedGame``s, and a message for
        each file that could not be used (it was moved aside and kept)."""
        from .saved import scan

        return scan(user_dir(), PLAYABLE if games is None else games)

    def save_problems(self, problems) -> str:
        """The messages of a scan as one (each in full, or summed up when there are many)."""
        from .saved import summarise

        return summarise(list(problems), user_dir())

    def release_save(self) -> None:
        """Let go of the lock on the save of the table that closes (another window may open it):
        its last writes first (on disk before another window may write the file)."""
        self.saves.wait()
        lock, self.save_lock = self.save_lock, None
        if lock is not None:
            lock.release()

    def delete_save(self, path) -> str | None:
        """Delete a save the player chose to delete; an error message, or None."""
        from pathlib import Path

        try:
            Path(path).unlink()
        except FileNotFoundError:
            return None
        except OSError as exc:
            return _("The saved game {path} could not be deleted: {why}").format(
                path=path, why=exc.strerror or exc)
        return None

    # -- window
    def window_position(self) -> tuple[int, int] | None:
        try:
            return tuple(pygame.display.get_window_position())
        except (pygame.error, AttributeError):
            return None

    def set_fullscreen(self, on: bool) -> None:
        """Enter or leave fullscreen; leaving gives back the window's earlier size and place."""
        if on == self.fullscreen:
            return
        try:
            if on:
                self.windowed_size = self.screen.get_size()
                self.windowed_pos = self.window_position()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self._windowed()
            self.fullscreen = on
        except pygame.error as exc:
            self.toast.show(_("Fullscreen is not available: {error}").format(error=exc))
            self._windowed()
            self.fullscreen = False
        self.dirty = True
        self.on_resize(self.screen.get_size())

    def _minimum_size(self) -> None:
        """Tell the window system the smallest size the window may take (``MIN_SIZE``); every
        ``set_mode`` forgets it, so it is set again after each."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (pygame.error, AttributeError, TypeError, ValueError):
            pass                        # an older pygame or no window: on_resize still clamps

    def _windowed(self) -> None:
        # Leaving fullscreen, SDL may first hand back a window of the fullscreen size ("forcibly
        # resized by the OS", seen with the software framebuffer under X11): ask again.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            for _ in range(3):
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                if self.screen.get_size() == tuple(self.windowed_size):
                    break
        self._minimum_size()
        if self.windowed_pos is not None:
            try:
                pygame.display.set_window_position(self.windowed_pos)
            except (pygame.error, AttributeError):
                pass

    def on_resize(self, size: tuple[int, int]) -> None:
        surf = pygame.display.get_surface()
        if surf is not None:
            self.screen = surf
        self.dirty = True
        size = self.screen.get_size()
        if not self.fullscreen and at_least_min(size) != tuple(size):
            # a window system that ignores the minimum (or a resize before it was set): never
            # smaller than MIN_SIZE, where text would be too small to read
            self.screen = pygame.display.set_mode(at_least_min(size), pygame.RESIZABLE)
            self._minimum_size()
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

    def close_window(self) -> None:
        """The window's close button (or the system's quit): a table whose game is not saved
        asks first (stay, or quit without it); a second close while it asks quits."""
        from .scenes.confirm import ConfirmScene
        from .scenes.pause import not_saved_dialog

        if isinstance(self.stack.top, ConfirmScene) and getattr(self.stack.top, "unsaved_quit", False):
            self.quit()
            return
        table = next((s for s in self.stack.scenes if getattr(s, "save_status", None) is not None
                      and s.save_status() == "failed"), None)
        if table is None:
            self.quit()
            return
        not_saved_dialog(self, table, leaving=True, quitting=True)
        self.stack.apply_pending()
        if isinstance(self.stack.top, ConfirmScene):
            self.stack.top.unsaved_quit = True

    # -- phones (issue 28): the App owns the phone server of the table on screen
    def phone_address(self) -> str | None:
        """Where the phone server listens: ``CROWNTABLE_PHONE_ADDRESS`` when set (checked when the
        server opens: loopback or a private address only), else None (the home network's)."""
        return os.environ.get(PHONE_ADDRESS, "").strip() or None

    def open_phones(self, match: Match) -> str | None:
        """Start serving ``match``'s phone seats (none: nothing starts, nothing is imported).  The
        save's kept room, port and secrets are used again (``match.record.phones``, checked:
        a hostile value is ignored).  Returns the one sentence saying why it could not."""
        from .phones import PhoneError, PhoneSession, phone_seats

        if not phone_seats(match):
            return None
        def wake() -> None:                   # on the server's thread: SDL's event queue is thread-safe
            pygame.event.post(pygame.event.Event(PHONE_WAKE))
        try:
            self.phones = PhoneSession.open(match, None, match.record.phones,
                                            address=self.phone_address(), wake=wake,
                                            submit=self.phone_submit, undo=self.phone_undo,
                                            language=self.settings.language)
        except PhoneError as exc:
            log.warning("phones: %s", exc)
            return str(exc)
        match.record.phones = self.phones.keep()
        self._phones_kept = match.record.phones
        return None

    def stop_phones(self, again: bool = False) -> None:
        """The table's game was left: its phone server stops (phones are let go; ``again``: the
        next table, a Rematch, takes them back at once, so they are told to wait for it)."""
        phones, self.phones = self.phones, None
        if phones is not None:
            try:
                phones.stop(again=again)
            except Exception:              # stopping must never break leaving the table
                log.exception("the phone server did not stop cleanly")

    def phone_table(self):
        """The table scene that plays the phones' match, when it is in the stack."""
        phones = self.phones
        return next((s for s in self.stack.scenes if getattr(s, "match", None) is phones.match
                     and hasattr(s, "phone_submit")), None) if phones is not None else None

    def phone_submit(self, action):
        """A phone's action: through its table, animated and logged as an AI's move (the table's
        ``phone_submit``); with no table up (the results), through the match (refused: over)."""
        table = self.phone_table()
        if table is None:
            return self.phones.match.submit(action)
        return table.phone_submit(action)

    def phone_undo(self, seat: int) -> int:
        """A phone's undo: through its table (the table's rule, its view rebuilt); with no table
        up, refused (the game is over)."""
        from game.core import IllegalAction

        table = self.phone_table()
        if table is None:
            raise IllegalAction(_("The game is over"))
        return table.phone_undo(seat)

    def phone_ready(self) -> bool:
        """A phone's action may be applied now: its table is on top (no menu or other screen over
        it) and takes it (``TableScene.accepts_remote``: also while it animates, the move's steps
        playing after those it shows); with no table (the results), at once."""
        table = self.phone_table()
        return table is None or (table is self.stack.top and table.accepts_remote())

    def phones_shown(self) -> bool:
        """The big screen shows the game as it is: no move's steps still playing (a step that
        only waits for a person's Continue has been shown).  The phones' views wait for it, so a
        phone follows the big screen: it never shows the next round while the big screen still
        shows the last one's reveal (two new users' trials)."""
        table = self.phone_table()
        return table is None or not table.behind and (not table.busy() or table.steps.waiting())

    def pump_phones(self) -> bool:
        """Each frame, on this thread: the phones' messages (joins at any time; actions when the
        table is ready), the views sent; the session stops once no scene holds its match (the
        game was left).  True when something changed on the screen."""
        phones = self.phones
        if not any(getattr(s, "match", None) is phones.match for s in self.stack.scenes):
            self.stop_phones()
            return False
        table = self.phone_table()
        # the table under a menu (Esc) or another screen: the phones say the game is paused, and
        # why when the screen says (the join card: "phones_paused_for")
        covered = table is not None and table is not self.stack.top
        phones.pause(getattr(self.stack.top, "phones_paused_for", True) if covered else False)
        applied = phones.pump(self.phone_ready, self.phones_shown)
        kept = phones.keep()
        if kept != self._phones_kept:       # a phone joined: the save keeps its secret
            self._phones_kept = phones.match.record.phones = kept
            table = self.phone_table()
            if table is not None and phones.match.log:
                table.autosave()
        return bool(applied)

    def table_for(self, game: str) -> Scene:
        """A new table for ``game``: the kit's scene holding the game's table object (its ``TABLE``)."""
        from .table.scene import TableScene

        return TableScene(self, table_scene(game))

    def open_menu(self, message: str | None = None, error: bool = True) -> None:
        from .scenes.menu import MenuScene

        self._menu_seen, self.exit_status = True, 0
        self.release_save()
        self.stop_phones()
        self.reset(MenuScene(self), message=message, error=error)

    def open_first(self, match: Match | None = None) -> None:
        """The first screen: the table of ``match`` (``crowntable play``) or the menu, unless a
        shipped font is missing or damaged: then the screen that names it (drawn with pygame's
        own font), from which the menu is one click away."""
        problems = self.fonts.check()
        if problems:
            for other in problems[1:]:
                print(_("crowntable: {error}").format(error=other.message()), file=sys.stderr)
            self.asset_failed(problems[0])
        elif match is not None:
            self.start_table(match=match)
        else:
            self.open_menu()

    def open_setup(self, game: str) -> None:
        from .scenes.setup import SetupScene

        self.push(SetupScene(self), game=game)

    def open_saves(self, game: str | None = None) -> None:
        """The list of unfinished games (of ``game`` only, when given): resume or delete one."""
        from .scenes.saves import SavesScene

        self.push(SavesScene(self), game=game)

    def open_rules(self, game: str | None = None) -> None:
        """The rules screen, on ``game``'s tab (default: the first playable game)."""
        from .scenes.rules import RulesScene

        self.push(RulesScene(self), game=game)

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.push(SettingsScene(self))

    # -- the screens a table asks for (the table kit never imports a screen: it asks the App)
    def open_results(self, match: Match, viewer: int) -> None:
        """The game on the table is over: the results screen replaces the table."""
        from .scenes.results import ResultsScene

        self.replace(ResultsScene(self), match=match, viewer=viewer)

    def open_pause(self, table: Scene) -> None:
        """The pause menu over ``table`` (Esc, the Menu button)."""
        from .scenes.pause import PauseScene

        self.push(PauseScene(self), table=table)

    def open_phone_card(self, table: Scene, auto: bool = False) -> None:
        """The phones' join card over ``table`` (its Phones button, P; ``auto``: by itself, as
        the table opens with a phone seat no phone holds yet)."""
        from .scenes.phones import PhoneCardScene

        self.push(PhoneCardScene(self), table=table, session=getattr(self, "phones", None), auto=auto)

    def explain_unsaved(self, table: Scene) -> None:
        """The table's "Not saved" sign was pressed: why the game is not saved, what to do."""
        from .scenes.pause import not_saved_dialog

        not_saved_dialog(self, table, leaving=False)

    def start_table(self, game: str = "masterbluff", seats: list[SeatSpec] | None = None,
                    seed: int | None = None, match: Match | None = None,
                    options: dict | None = None, save=None, phones: dict | None = None) -> None:
        """Open the table of ``match`` (or a new match of ``game``) through the table
        registry (``game.app.games``).  ``save``: the file a resumed game came from (it
        keeps saving there); a new game gets a save name of its own that no other file
        has, so it never replaces another unfinished game.  Unusable saves of that game
        are moved aside first (and the toast says where).  ``phones``: what a new match's
        phones keep of the last one's (a rematch: the same room, port and seat secrets)."""
        from game.match.saves import SaveInUse, free_save_path, lock_save
        from .saved import forget

        if match is None:
            if seed is None:
                seed = random.randrange(1 << 31)
            seats = seats or parse_seats(None)
            match = Match(game, seats, with_opener(game, seats, options), seed=seed)
            match.record.phones = phones
        self.release_save()
        if save is not None:
            forget(save)                     # the table changes this match: never list it from the cache
        _saved, problems = self.saved_games([match.game])
        if problems:
            self.toast.show(self.save_problems(problems), ttl=8)
        for _try in range(10):
            path = save if save is not None else free_save_path(user_dir(), match.game)
            try:
                self.save_lock = lock_save(path)
                break
            except SaveInUse:
                if save is not None:         # two windows on one save: the second one says so
                    self.table_save = None
                    from game.core import registry

                    self.open_menu(_("This game of {game} is open in another Crown Table window: go on "
                                     "playing it there, or close it there first.").format(
                                         game=_(registry.info(match.game).title)))
                    return
        save = path
        self.stop_phones(again=phones is not None)   # the phones of the game left (a Rematch: kept)
        problem = self.open_phones(match)
        if problem is not None:              # no table without its phones: back, with the reason
            self.release_save()
            self.table_save = None
            if self.stack.top is None:
                self.open_menu(problem)
            else:
                self.toast.show(problem, ttl=8)
            return
        self.table_save = (match.game, save)
        self.reset(self.table_for(match.game), match=match)

    def start_lesson(self, game: str, lesson=None) -> None:
        """The guided first game of ``game`` (``assets/lessons/<game>.toml``, or the given
        ``Lesson``) at its table.  A lesson is never saved; a lesson file that cannot be used
        sends the learner back to the menu with its reason."""
        from game.match.lesson import LessonError, load
        from .resources import asset

        try:
            lesson = lesson or load(asset("lessons", f"{game}.toml"))
            match = lesson.new_match()
        except (LessonError, GameError) as exc:
            log.error("lesson %s: %s", game, exc)
            self.open_menu(_("This lesson cannot be opened: {why}").format(why=exc))
            return
        self.release_save()
        self.stop_phones()
        self.table_save = None
        self.reset(self.table_for(game), match=match, lesson=lesson)

    # -- the frame
    def animating(self) -> bool:
        """Does anything need frames without input (a visible scene or a toast)?"""
        if self.toast.ttl > 0:
            return True
        phones = self.phones
        if phones is not None and (phones.host.behind or phones.host.later):
            return True                     # views still owed, or a phone's move waits its turn
        # a scene class that does not define animating() (an older scene) gets every frame
        return any(s.animating() or type(s).animating is Scene.animating for s in self.stack.visible())

    def idle(self) -> bool:
        """Nothing to do until input arrives: the loop may sleep."""
        return not (self.dirty or self.stack.pending() or self._was_animating or self.animating())

    def frame(self, dt: float, events: list[inp.InputEvent] | None = None, lazy: bool = False,
              hand_over: bool = True) -> bool:
        """One frame: input -> handle -> update -> draw (no flip).  ``events`` come
        before the queue's; with ``lazy`` the draw is skipped when nothing changed and
        nothing animates.  Returns whether it drew.

        What the frame hands to the other threads (a save to write, the phones' acks and views)
        wakes them at its end (``SaveWriter.hold``, ``PhoneSession.batch``): each wake-up hands a
        thread the interpreter, which it then takes while this one waits for the next frame
        rather than while it draws (docs/PERFORMANCE.md).  With ``hand_over=False`` they are
        woken by :meth:`hand_over`, which the loop calls after the flip: the phones' server
        took the interpreter at the wake-up (0.3 ms a frame measured inside the frame)."""
        self.hand_over()                       # (a frame before that was not handed over)
        phones = self.phones
        held = contextlib.ExitStack()
        held.enter_context(self.saves.hold())
        if phones is not None:
            held.enter_context(phones.batch())
        try:
            return self._frame(dt, events, lazy)
        finally:
            if hand_over:
                held.close()
            else:
                self._held = held

    def hand_over(self) -> None:
        """Wake the threads a frame handed work to (saves to write, the phones' messages): the
        loop calls it after the flip, so they run while it waits for the next frame."""
        held, self._held = getattr(self, "_held", None), None
        if held is not None:
            held.close()

    def _frame(self, dt: float, events: list[inp.InputEvent] | None, lazy: bool) -> bool:
        changed = self.stack.apply_pending()
        pumped = inp.pump(self.view)
        for ev in (events + pumped if events else pumped):
            changed = True
            if ev.kind == inp.QUIT:
                self.close_window()
                continue
            if ev.kind == inp.RESIZE:
                self.on_resize(ev.size)
                continue
            if ev.kind == inp.DOWN:
                self.keyboard_focus = False
            if ev.is_key(pygame.K_F11):
                self.set_fullscreen(not self.fullscreen)
                self.settings.fullscreen = self.fullscreen
                self.save_settings()
                continue
            top = self.stack.top
            if top is not None:
                top.handle(ev)                  # sees whether the focus ring was already shown
            if ev.kind == inp.KEY and ev.key in inp.NAV_KEYS:
                self.keyboard_focus = True
            self.stack.apply_pending()
        if self.phones is not None and self.pump_phones():
            changed = True
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.toast.update(dt)
        changed = self.stack.apply_pending() or changed
        animating = self.animating()
        if lazy and not (changed or self.dirty or animating or self._was_animating):
            return False
        self._was_animating = animating      # one more frame after an animation ends
        self.dirty = False
        if transcript.RECORDER is None:
            self.draw(self.screen)
        else:                                # test mode: keep what the frame shows
            transcript.RECORDER.draw_frame(self)
        self.frames += 1
        if self.probe.enabled:
            self.probe.write(self.probe_state())
        return True

    def draw(self, surf: pygame.Surface) -> None:
        visible = self.stack.visible()
        if not visible:
            surf.blit(felt(surf.get_size()), (0, 0))
        for s in visible:
            s.draw(surf)
            transcript.boxmark(surf, (0, 0, 0, 0), "scene")
        self.toast.draw(surf, self)

    def probe_state(self) -> dict:
        top = self.stack.top
        data = {"scene": type(top).__name__ if top else None, "size": list(self.screen.get_size()),
                "frames": self.frames, "pid": os.getpid()}   # pid: a launched app can be stopped
        for s in self.stack.scenes:
            fn = getattr(s, "probe_state", None)
            if fn:
                data.update(fn())
        return data

    def loop(self) -> int:
        clock = pygame.time.Clock()
        fps = 0                         # the first frame is drawn at once (tick(60) would wait 16 ms)
        while self.running:
            events = None
            if self.idle():
                events = inp.wait(self.view, IDLE_WAIT_MS)     # sleep until input (or the timeout)
            dt = clock.tick(fps) / 1000.0
            fps = 60
            drew = self.guarded_frame(min(dt, 0.1), events, lazy=True, hand_over=False)
            if drew:
                pygame.display.flip()
            self.hand_over()                   # the saves and the phones' messages, after the flip
            if drew and self.exit_after_first_frame:
                self.first_frame_exit()
        self.shutdown()
        return self.exit_status

    def first_frame_exit(self) -> None:
        """The start-up benchmark's hook (``EXIT_AFTER_FIRST_FRAME``): a frame was just drawn and
        flipped; print what it showed and when (``time.perf_counter()``, a clock shared with the
        process that started this one on Linux, macOS and Windows) and quit the loop."""
        import json

        now = time.perf_counter()
        top = self.stack.top
        cli = sys.modules.get("game.cli")        # the command line's import time, when it ran us
        started = getattr(cli, "STARTED", None)
        print(json.dumps({"first_frame": {
            "scene": type(top).__name__ if top else None, "frames": self.frames, "clock": now,
            "since_cli_ms": None if started is None else round((now - started) * 1000, 1)}}), flush=True)
        self.quit()

    def guarded_frame(self, dt: float, events=None, lazy: bool = False, hand_over: bool = True) -> bool:
        """:meth:`frame`, but an unhandled error shows the crash screen instead of closing the
        window (tests call ``frame`` itself, so an error there still fails them)."""
        try:
            return self.frame(dt, events, lazy, hand_over)
        except AssetError as exc:  # a damaged install, not a bug: name the file, no crash log
            self.asset_failed(exc)
            return self.frame(0.0)
        except Exception as exc:  # the last line of defence: anything a scene raised
            self.crash(exc)
            try:
                return self.frame(0.0)
            except Exception:
                log.exception("the crash screen failed too")
                raise exc from None

    def crash(self, exc: BaseException) -> None:
        """Write the details to ``crash-<time>.log`` in the user folder, keep every save as it
        is (the table saved after each move; nothing is deleted), and reset the stack to the
        crash screen, which offers the game that was on the table."""
        import traceback

        from game import __version__
        from .scenes.crash import CrashScene

        top = self.stack.top
        save = self._kept_save()
        details = "".join([f"Crown Table {__version__}\n",
                           f"scene: {type(top).__name__ if top else None}\n",
                           f"save: {save[1] if save else None}\n\n"] +
                          traceback.format_exception(type(exc), exc, exc.__traceback__))
        log.error("unhandled error: %s", details)
        path = write_crash_log(user_dir(), details)
        self._abandon_scenes(log.warning)     # a half-made scene may fail to close: one line, no traceback
        self.release_save()
        self.stop_phones()
        self.reset(CrashScene(self), log_path=str(path), details=details, save=save)

    def _kept_save(self) -> tuple[str, Any] | None:
        """(game, file) of the game on the table, when its save file exists (it is kept)."""
        table = next((s for s in self.stack.scenes if getattr(s, "match", None) is not None), None)
        return self.table_save if table is not None and self.table_save is not None \
            and Path(self.table_save[1]).exists() else None

    def _abandon_scenes(self, report) -> None:
        for s in self.stack.abandon():          # leave quietly: a broken scene may fail again
            try:
                s.exit()
            except Exception:
                report("scene exit failed after an error")

    def asset_failed(self, exc: AssetError) -> None:
        """A shipped file is missing or damaged: say which on stderr and on a plain screen
        (Menu, Quit), keep the save of the game on the table as it is, and make ``loop``
        return 1 when this happens before the menu was shown."""
        from .scenes.asset import AssetScene

        print(_("crowntable: {error}").format(error=exc.message()), file=sys.stderr)
        if exc.detail:
            print(f"  ({exc.detail})", file=sys.stderr)
        if not self._menu_seen:
            self.exit_status = 1
        save = self._kept_save()
        self._abandon_scenes(log.debug)       # an unopened table may fail to close: no traceback
        self.release_save()
        self.stop_phones()
        self.reset(AssetScene(self), error=exc, save=save)

    def shutdown(self) -> None:
        self.hand_over()
        for s in reversed(self.stack.scenes):
            try:
                s.exit()
            except Exception:  # never let cleanup mask the exit
                log.exception("scene exit failed")
        self.stack.scenes.clear()
        self.release_save()
        self.saves.stop()
        self.stop_phones()
        if self._ai is not None:
            self._ai.shutdown()
            self._ai = None


def run(game: str | None = None, seats: str | None = None, seed: int | None = None,
        load: str | None = None, speed: str | None = None, options: dict | None = None) -> int:
    """Entry point for ``crowntable`` (menu) and ``crowntable play <game>`` (table)."""
    match = None
    try:
        if load:
            from .levels import ladder_seats

            match = Match.load(load)
            ladder_seats(match)             # an old record's "random" seat plays and shows as Easy
        elif game:
            rules = registry.get(game)
            seat_specs = parse_seats(seats, players=max(rules.min_players, min(3, rules.max_players)))
            if not rules.min_players <= len(seat_specs) <= rules.max_players:
                raise ValueError(_("{game} takes {low}-{high} players").format(
                    game=rules.title, low=rules.min_players, high=rules.max_players))
            match = Match(game, seat_specs, with_opener(game, seat_specs, options),
                          seed=seed if seed is not None else random.randrange(1 << 31))
        if match is not None and match.game not in PLAYABLE:
            raise ValueError(_("{game} has no table yet; playable: {games}").format(
                game=match.game, games=", ".join(PLAYABLE)))
    except (RecordError, GameError, ValueError, KeyError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(_("crowntable: {error}").format(error=msg), file=sys.stderr)
        return 2
    app = App(size=window_size(), speed=speed)
    app.open_first(match)
    try:
        return app.loop()
    finally:
        pygame.quit()
