"""Screen transcripts (test mode): what every drawn frame shows, in words and faces.

Off by default, and free when off: the App checks one module global per frame and
the card art one per face it makes.  ``start()`` (tests only) turns it on, before
the App is made, until ``stop()``:

- every surface a font renders is a :class:`RecSurface` that knows its text
  (``shows = ["text:Bram takes 2 coins"]``); every face, piece, emblem and back
  the card art makes knows its identity (``"face:weapon_red_3"``, ``"piece:pawn_1"``);
- ``pygame.Surface`` itself is a :class:`RecSurface` while recording, so a surface
  a table builds and caches (a panel with a label, a fan of faces) collects what is
  blitted onto it, and a copy, a rotation or a scaling of a surface keeps it: a
  cached surface is recorded in every frame it is blitted;
- the App draws each frame into the recorder's target and keeps a :class:`Frame`:
  the items blitted onto the window, in drawing order, less what an opaque surface
  covering the whole window (the hot-seat curtain) hid, with the ``transcript_meta``
  of the visible scenes (the table: who is at the screen, the move count).

Text drawn below 6 px or hidden under a translucent panel still counts: a transcript
errs on the side of what might be read.

For the fit checks (tests/app/fit_checks.py) each text run is a :class:`Run`: the item with
its whole drawn rect (unclipped), the box it was meant for when the code that drew it fitted
it to one (``fitted``: ``widgets.text(max_w=...)``, ``fit_text``, buttons), how it was fitted
(shrunk, wrapped, a word broken, cut with "…": ``CUT`` and ``BROKEN`` keep the strings that
``ellipsize`` and ``wrap`` made so), and each panel drawn (``box:panel``) and the end of each
scene's drawing (``box:scene``) are spans too (not in a frame's ``items``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

RECORDER: "Recorder | None" = None

_Surface = pygame.Surface
_Font = pygame.font.Font
_TRANSFORMS = ("rotate", "rotozoom", "scale", "smoothscale", "scale_by", "smoothscale_by", "flip",
               "gaussian_blur", "box_blur", "grayscale", "chop", "laplacian")
_saved: dict[str, Any] = {}
CUT: set[str] = set()          # strings ``table.draw.ellipsize`` cut with "…" (while recording)
BROKEN: set[str] = set()       # lines ``widgets.wrap`` made by breaking a word (while recording)


class Run(str):
    """An item drawn at a known place: ``full`` is its whole rect (pixels of the surface it is
    on, not clipped), ``box`` the box it was meant for (None: free-standing), ``how`` the ways it
    was fitted ("shrunk", "wrapped", "broken"), ``shrink`` its drawn size over its asked size."""
    full: pygame.Rect
    box: "pygame.Rect | None"
    how: frozenset
    shrink: float

    def __new__(cls, item: str, full, box=None, how=(), shrink: float = 1.0):
        self = str.__new__(cls, item)
        self.full = pygame.Rect(full)
        self.box = pygame.Rect(box) if box is not None else None
        self.how = frozenset(how)
        self.shrink = shrink
        return self

    def moved(self, dx: int, dy: int) -> "Run":
        return Run(str(self), self.full.move(dx, dy), self.box.move(dx, dy) if self.box is not None else None,
                   self.how, self.shrink)


def _shows(surf) -> list:
    return getattr(surf, "shows", None) or []


def _spans(surf) -> list:
    """Each item ``surf`` shows with its box on ``surf`` (pixels): an item with no box of its
    own (a surface made before recording, a rotation) is taken to fill the whole surface."""
    spans = getattr(surf, "spans", None)
    shows = _shows(surf)
    if spans is not None and len(spans) == len(shows):
        return spans
    whole = pygame.Rect((0, 0), surf.get_size())
    return [(item, whole) for item in shows]


def _moved(spans, dest, area, clip: pygame.Rect) -> list:
    dx, dy = dest[0], dest[1]
    if area is not None:
        dx, dy = dx - area[0], dy - area[1]
    out = []
    rx, ry = round(dx), round(dy)
    for item, box in spans:
        b = box.move(rx, ry).clip(clip)
        out.append((item.moved(rx, ry) if isinstance(item, Run) else item, b))
    return out


class RecSurface(_Surface):
    """A surface that keeps the list of items (texts, faces) drawn onto it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shows: list[str] = []
        self.spans: list[tuple[str, pygame.Rect]] = []     # each shown item with its box (pixels)
        self.layers: list["Layer"] = []                     # the kit's overlays drawn on it (``layer``)

    def _covers(self, source, rect, area, special_flags) -> bool:
        """An opaque ``source`` blitted over all of this surface hides what was on it."""
        return (not special_flags and area is None and not (source.get_flags() & pygame.SRCALPHA)
                and source.get_alpha() is None and source.get_colorkey() is None
                and rect.contains(self.get_rect()))

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        if RECORDER is not None:
            moved = _moved(_spans(source), dest, area, r) if _shows(source) else []
            if self._covers(source, r, area, special_flags):
                self.shows = list(_shows(source))
                self.spans, self.layers = moved, []
            else:
                self.spans = _spans(self) + moved
                self.shows = _shows(self) + _shows(source)
        return r

    def blits(self, blit_sequence, doreturn=True):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):
        r = super().fill(color, rect, special_flags)
        if not special_flags and r.contains(self.get_rect()) and pygame.Color(color).a == 255:
            self.shows, self.spans, self.layers = [], [], []
        return r

    def copy(self):
        c = super().copy()
        c.shows = list(_shows(self))
        c.spans = list(_spans(self))
        return c

    def _same(self, out):
        out = adopt(out, _shows(self))
        if isinstance(out, RecSurface) and _shows(self):
            out.shows, out.spans = list(_shows(self)), list(_spans(self))
        return out

    def convert(self, *args):
        return self._same(super().convert(*args))

    def convert_alpha(self, *args):
        return self._same(super().convert_alpha(*args))

    def subsurface(self, *args):
        sub = super().subsurface(*args)
        spans = _spans(self)
        out = adopt(sub, _shows(self))
        if isinstance(out, RecSurface) and spans:
            off = sub.get_offset()
            out.spans = _moved(spans, (-off[0], -off[1]), None, pygame.Rect((0, 0), sub.get_size()))
        return out


class RecFont(_Font):
    """A font whose rendered surfaces know their text."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        img = super().render(text, antialias, color, bgcolor, wraplength)
        if RECORDER is None or not text:
            return img
        img = adopt(img, [f"text:{text}"])
        run = Run(f"text:{text}", img.get_rect())
        img.shows, img.spans = [run], [(run, img.get_rect())]
        return img


def adopt(img, shows) -> Any:
    """``img`` as a :class:`RecSurface` that shows ``shows`` (the same pixels)."""
    shows = [str(x) if isinstance(x, Run) else x for x in shows]    # a new picture: places unknown
    if not shows:
        return img
    whole = pygame.Rect((0, 0), img.get_size())
    if isinstance(img, RecSurface):
        img.shows = shows
        img.spans = [(item, whole) for item in shows]
        return img
    alpha = bool(img.get_flags() & pygame.SRCALPHA)
    out = RecSurface(img.get_size(), pygame.SRCALPHA if alpha else 0, 32)
    _Surface.blit(out, img, (0, 0), None, pygame.BLEND_RGBA_MAX if alpha else 0)
    if img.get_alpha() is not None and not alpha:
        out.set_alpha(img.get_alpha())
    out.shows = shows
    out.spans = [(item, whole) for item in shows]
    return out


def mark(img, item: str):
    """The card art's hook: ``img`` knows it shows ``item`` (a no-op unless recording)."""
    return img if RECORDER is None else adopt(img, [item])


def _carry(fn):
    def wrapped(surface, *args, **kwargs):
        out = fn(surface, *args, **kwargs)
        shows = _shows(surface)
        return adopt(out, shows) if shows and isinstance(out, _Surface) else out
    wrapped.__wrapped__ = fn
    return wrapped


@dataclass(frozen=True)
class Layer:
    """One of the kit's overlays on a frame (``table/overlay.py``): its kind ("tooltip",
    "bubble", "banner", "toast", "arrow", "glow", "confetti"), its boxes (pixels: one box, or several along
    an arrow's shaft), what it points at (``targets``: it may touch those, never another's words)
    and which of the frame's spans it drew itself (``start``..``end``)."""
    kind: str
    boxes: tuple
    targets: tuple = ()
    start: int = 0
    end: int = 0


@dataclass(frozen=True)
class Frame:
    items: tuple[str, ...]
    meta: dict = field(default_factory=dict)
    spans: tuple = ()        # (item, box in window pixels) for every item, in drawing order
    layers: tuple = ()       # the kit's overlays (``Layer``)

    def overlay_spans(self) -> set[int]:
        """The indices of the spans an overlay drew (its own words and pictures)."""
        return {i for ly in self.layers for i in range(ly.start, ly.end)}

    def protected(self) -> list[tuple[str, pygame.Rect]]:
        """The protected runs: (item, box) for each text and each face that no overlay drew and
        that lies mostly inside one of the table's readable regions (``meta["readable"]``:
        ``TableScene.readable_regions`` in window pixels)."""
        regions = {k: pygame.Rect(r) for k, r in self.meta.get("readable", {}).items()}
        own = self.overlay_spans()
        out = []
        for i, (item, box) in enumerate(self.spans):
            if i in own or box.w * box.h == 0:
                continue
            if not (item.startswith("face:") or item.startswith("text:") and item.strip() != "text:"):
                continue
            inside = list(regions.values())
            area = box.w * box.h
            if any((c := box.clip(r)).w * c.h * 2 >= area for r in inside):
                out.append((item, box))
        return out

    def covered(self) -> list[str]:
        """What an overlay covers on this frame, in words: an overlay's box over a protected run
        (but the thing it points at, its ``targets``; a glow's frame may lie on the neighbours
        of a card in a fan), or two overlays that meet (a lesson's glows and its arrow are one
        mark; wordless confetti may lie under an overlay drawn after it)."""
        out = []
        runs = self.protected()
        for ly in self.layers:
            for item, box in runs:
                if any(t.colliderect(box) for t in ly.targets):
                    continue
                if ly.kind == "glow" and item.startswith("face:"):
                    continue
                if box.collidelist(list(ly.boxes)) >= 0:
                    out.append(f"{ly.kind} {ly.boxes[0]} covers {item!r} at {tuple(box)}")
        marks = ("glow", "arrow")
        for i, a in enumerate(self.layers):
            for b in self.layers[i + 1:]:
                if a.kind in marks and b.kind in marks:
                    continue
                if a.kind == "confetti":     # no words, and under the overlays drawn after it
                    continue
                if any(x.collidelist(list(b.boxes)) >= 0 for x in a.boxes):
                    out.append(f"{a.kind} {a.boxes[0]} meets {b.kind} {b.boxes[0]}")
        return out


class layer:
    """``with transcript.layer(surf, kind, boxes, targets):`` marks what is drawn inside as one
    overlay of the kit (a no-op unless recording)."""

    def __init__(self, surf, kind: str, boxes, targets=()) -> None:
        self.surf, self.kind = surf, kind
        self.boxes = tuple(pygame.Rect(b) for b in boxes)
        self.targets = tuple(pygame.Rect(t) for t in targets)
        self.start = -1

    def __enter__(self):
        if RECORDER is not None and isinstance(self.surf, RecSurface):
            self.start = len(_spans(self.surf))
        return self

    def __exit__(self, *exc) -> None:
        if self.start >= 0 and isinstance(self.surf, RecSurface):
            end = len(_spans(self.surf))
            start = min(self.start, end)
            self.surf.layers = list(self.surf.layers) + [Layer(self.kind, self.boxes, self.targets, start, end)]


class Recorder:
    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self._target: RecSurface | None = None

    def draw_frame(self, app) -> None:
        """Draw ``app``'s frame into the recording target, copy it to the window, keep it."""
        size = app.screen.get_size()
        if self._target is None or self._target.get_size() != size:
            self._target = RecSurface(size)
        target = self._target
        target.shows, target.spans, target.layers = [], [], []
        app.draw(target)
        app.screen.blit(target, (0, 0))
        meta: dict = {"scene": type(app.stack.top).__name__ if app.stack.top is not None else None}
        for scene in app.stack.visible():
            fn = getattr(scene, "transcript_meta", None)
            if fn is not None:
                meta.update(fn())
        self.frames.append(Frame(tuple(x for x in target.shows if not x.startswith("box:")), meta, tuple(_spans(target)), tuple(target.layers)))


def here(surf) -> int:
    """How many spans ``surf`` holds now (-1 unless recording): ``fitted``'s start."""
    return len(_spans(surf)) if RECORDER is not None and isinstance(surf, RecSurface) else -1


def fitted(surf, start: int, box, how=(), shrink: float = 1.0) -> None:
    """The text runs drawn on ``surf`` since ``here(surf)`` gave ``start`` were meant for ``box``
    (pixels of ``surf``), fitted ``how`` (a no-op unless recording)."""
    if start < 0 or not isinstance(surf, RecSurface):
        return
    spans = list(_spans(surf))
    for i in range(start, len(spans)):
        item, r = spans[i]
        if isinstance(item, Run) and item.startswith("text:"):
            spans[i] = (Run(str(item), item.full, box, set(item.how) | set(how), min(item.shrink, shrink)), r)
    surf.spans = spans
    surf.shows = [item for item, _r in spans]


def boxmark(surf, rect, kind: str) -> None:
    """A span ``box:<kind>`` over ``rect`` on ``surf`` (a panel; "scene": the end of a scene's
    drawing, with an empty rect).  A no-op unless recording."""
    if RECORDER is None or not isinstance(surf, RecSurface):
        return
    r = pygame.Rect(rect)
    run = Run(f"box:{kind}", r)
    surf.spans = list(_spans(surf)) + [(run, r.clip(surf.get_rect()) if kind != "scene" else r)]
    surf.shows = list(_shows(surf)) + [run]


def start() -> Recorder:
    """Record from now on (make the App after this, so its caches record too)."""
    global RECORDER
    if RECORDER is not None:
        return RECORDER
    _saved["Surface"], _saved["Font"] = pygame.Surface, pygame.font.Font
    pygame.Surface = RecSurface
    pygame.font.Font = RecFont
    for name in _TRANSFORMS:
        fn = getattr(pygame.transform, name, None)
        if fn is not None:
            _saved[name] = fn
            setattr(pygame.transform, name, _carry(fn))
    RECORDER = Recorder()
    return RECORDER


def stop() -> None:
    global RECORDER
    if RECORDER is None:
        return
    pygame.Surface, pygame.font.Font = _saved.pop("Surface"), _saved.pop("Font")
    for name in list(_saved):
        setattr(pygame.transform, name, _saved.pop(name))
    RECORDER = None
    CUT.clear()
    BROKEN.clear()
