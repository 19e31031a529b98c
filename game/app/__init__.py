"""The pygame-ce application: scenes, input, sprites, tweens.  Only this package imports pygame.

Map of the package:

* ``main``      App (window, frame loop, scene stack, settings, AI worker) and ``run``.
* ``input``     the only reader of pygame's event queue -> ``InputEvent``.
* ``theme``     colours, fonts, the 1280x720 -> window ``View`` transform, panels, felt.
* ``widgets``   text, panels, Button, Segmented, TextField, Toast.
* ``tween``     easing functions, Tween, Tweener (speed scale; "off" = instant).
* ``cards``     SVG card/token art rasterised per size and cached; procedural fallback.
* ``sprites``   fans, hit tests, HandCard, Flyer (flights and flips), draw_card.
* ``layout``    Tiled layouts (assets/layouts/*.tmx) via pytmx.
* ``settings``  settings.json (speed, fullscreen, sound); ``sound`` synthesised effects.
* ``probe``     CROWNTABLE_TEST_PROBE test hook; ``headless`` harness + frame_benchmark.
* ``scenes/``   menu, setup, results, rules, settings, pause; ``table/`` the table kit; ``games/`` one table per game.
"""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
#: the window's class name (X11) / app id (Wayland), the desktop entry's StartupWMClass. Set
#: before pygame is imported: with a DISPLAY, ``import pygame`` sets the class to the script's name
WM_CLASS = "crowntable"
_os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WM_CLASS)
