"""Scene lifecycle and the scene stack.

A scene gets ``enter`` when pushed, ``exit`` when popped, ``pause``/``resume``
when another scene covers/uncovers it, ``handle(event)`` for each input event,
``update(dt)`` once per frame, and ``draw(surface)``, which only draws (no
state changes).  Scenes ask for navigation through ``self.app`` (push, pop,
replace) and the stack applies it between frames.

Scenes never import ``game.app.main``: everything they need comes through the
``app`` they are given (see ``App``).

``language_changed()`` comes when the language changes (Settings): every scene on the
stack, covered or not, rebuilds the words it keeps (labels made at enter, log lines,
captions) so that the next frame speaks the new language, with no restart.

``animating()`` tells the App loop whether the scene needs frames although no
input arrives (a tween or a countdown is running, an AI answer is awaited...).
When no visible scene animates and nothing changed, the loop skips the draw and
sleeps until input comes, so an idle screen costs (almost) no CPU.  A scene
whose looks change with time must return True for as long as they change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame
    from .input import InputEvent


class App(Protocol):
    """What a scene may ask of the App it is given (``game.app.main.App`` is one): navigation,
    and the screens other scenes open.  Declared here so that dependencies point one way:
    ``main`` -> the scenes -> ``scene``; nothing here or in a scene imports ``main``."""

    def push(self, scene: "Scene", **kw: Any) -> None: ...
    def pop(self) -> None: ...
    def replace(self, scene: "Scene", **kw: Any) -> None: ...
    def reset(self, scene: "Scene", **kw: Any) -> None: ...


class Scene:
    #: a scene that does not cover the whole window lets the one below draw first
    overlay = False

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self, **kwargs: Any) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def handle(self, event: "InputEvent") -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: "pygame.Surface") -> None: ...
    def resize(self, size: tuple[int, int]) -> None: ...

    def language_changed(self) -> None:
        """The language changed: rebuild every translated word the scene keeps (default: the
        scene keeps none; it translates as it draws)."""

    def animating(self) -> bool:
        """True while the scene needs frames without input (default: it does not)."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._ops: list[tuple[str, Scene | None, dict]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, **kwargs: Any) -> None:
        self._ops.append(("push", scene, kwargs))

    def pop(self) -> None:
        self._ops.append(("pop", None, {}))

    def replace(self, scene: Scene, **kwargs: Any) -> None:
        self._ops.append(("pop", None, {}))
        self._ops.append(("push", scene, kwargs))

    def reset(self, scene: Scene, **kwargs: Any) -> None:
        """Pop everything, then push ``scene``."""
        self._ops.append(("clear", None, {}))
        self._ops.append(("push", scene, kwargs))

    def abandon(self) -> list[Scene]:
        """After an unhandled error: drop the waiting navigation and every scene, without
        running anything of theirs; returns the scenes, top first, to be left quietly."""
        self._ops.clear()
        out, self.scenes = list(reversed(self.scenes)), []
        return out

    def pending(self) -> bool:
        """Is navigation waiting to be applied?"""
        return bool(self._ops)

    def apply_pending(self) -> bool:
        changed = bool(self._ops)
        while self._ops:
            op, scene, kwargs = self._ops.pop(0)
            if op == "push" and scene is not None:
                if self.top:
                    self.top.pause()
                self.scenes.append(scene)
                scene.entered_with = kwargs          # what it was opened with (``language_changed``)
                scene.enter(**kwargs)
            elif op == "pop" and self.scenes:
                self.scenes.pop().exit()
                if self.top:
                    self.top.resume()
            elif op == "clear":
                while self.scenes:
                    self.scenes.pop().exit()
        return changed

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top and any overlays' backgrounds."""
        out: list[Scene] = []
        for s in reversed(self.scenes):
            out.append(s)
            if not s.overlay:
                break
        return list(reversed(out))
