"""The window carries the app's identity (issue 15): its icon, set once before the window
opens, and its class name ``crowntable`` (the desktop entry's StartupWMClass), unless the
user chose another class."""
from __future__ import annotations

import pygame

from game.app import main


def test_the_window_gets_the_app_icon_once_before_it_opens(harness_at, monkeypatch):
    calls = []
    real_icon, real_mode = pygame.display.set_icon, pygame.display.set_mode

    def set_icon(surface):
        calls.append(("icon", surface.get_size(), tuple(surface.get_at((32, 20)))))
        return real_icon(surface)

    def set_mode(*args, **kwargs):
        calls.append(("mode",))
        return real_mode(*args, **kwargs)
    monkeypatch.setattr(pygame.display, "set_icon", set_icon)
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    h = harness_at("off")
    icons = [c for c in calls if c[0] == "icon"]
    assert len(icons) == 1 and calls[0][0] == "icon"             # once, before the window opens
    assert icons[0][1] == (64, 64)
    # it is the app's drawing: the crown's gold near the top middle, not a blank surface
    r, g, b, a = icons[0][2]
    assert a == 255 and r > 200 and g > 120 and b < 120
    h.app.set_fullscreen(True)
    h.app.set_fullscreen(False)
    assert len([c for c in calls if c[0] == "icon"]) == 1


def test_the_window_class_is_crowntable_unless_the_user_set_one(harness_at, monkeypatch):
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    inits = []
    real_init = pygame.display.init

    def init():
        inits.append(main.os.environ.get("SDL_VIDEO_X11_WMCLASS"))   # read by SDL at this point
        return real_init()
    monkeypatch.setattr(pygame.display, "init", init)
    harness_at("off")
    assert inits and inits[0] == "crowntable" == main.WM_CLASS
    assert main.os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "crowntable"


def test_a_window_class_the_user_set_is_kept(harness_at, monkeypatch):
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-class")
    harness_at("off")
    assert main.os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-class"


def test_a_missing_icon_file_leaves_the_systems_icon(harness_at, monkeypatch):
    monkeypatch.setattr(main, "WINDOW_ICON", "no-such-icon.png")
    h = harness_at("off")
    h.menu()
    assert h.app.stack.top is not None


def test_the_class_survives_importing_pygame_with_a_display():
    """With a DISPLAY, ``import pygame`` names the window class after the script (``-c``,
    ``__main__.py``) unless the class is set first: the app sets it before pygame is imported."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEO_X11_WMCLASS"}
    env["DISPLAY"] = ":9999"                               # never connected to: only import
    out = subprocess.run([sys.executable, "-c", "import os, game.app.main; "
                          "print(os.environ['SDL_VIDEO_X11_WMCLASS'])"],
                         env=env, capture_output=True, text=True, cwd=main.__file__.rsplit("/game/", 1)[0])
    assert out.stdout.strip() == "crowntable", out.stderr
