"""Nothing the player must read is covered: the kit's rule for its overlays.

Every table names the regions that must stay readable (``readable_regions``: the status line,
the seat plates and their counts, the viewer's hand, the game's own boards such as a
scoreboard, a declaration box, the Court, a treasury; the reveal, score sheet, choice panel
and lesson panel while they are up).  The kit knows the ones it draws itself; a game adds
its own with ``game_readable()``.

Every overlay the kit draws (the "why?" bubble, a tooltip and the AI level tip, the toast or
refusal banner, a lesson's glows and its arrow or pointer) is placed by one function,
:func:`place`: the first of its candidate places (beside the thing it is about) that is on
the screen and clear of those regions, of what a person may press and of the overlays placed
before it; else the nearest clear place on the screen; else the candidate that covers least.
:meth:`TableOverlays.overlay_plan` places them all for one frame, in a fixed order (glows,
arrow or pointer, bubble, banner, tooltips); ``draw`` reads the plan and only paints.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

import pygame

from ..cards import card_size

#: where an overlay may go (layout units; a toast may use the top bar's row too)
SCREEN = pygame.Rect(6, 6, 1268, 708)
WHY_SHAPES = ((560, 2), (360, 3), (240, 4))   # a "why?" line away from its plate: (width, lines at most)
TOAST_WIDTHS = (1160, 720, 480)   # a toast's widest line, then narrower where it finds no room
GAP = 6                  # the least room between an overlay and what it keeps clear of
SCAN_STEP = 12           # the grid of places tried when no candidate is clear (layout px)
_memo: dict = {}


def overlap(r: pygame.Rect, avoid: Sequence[pygame.Rect]) -> int:
    """How much of ``avoid`` (area, layout px²) the rect ``r`` covers."""
    total = 0
    for a in avoid:
        c = r.clip(a)
        total += c.w * c.h
    return total


def is_clear(r: pygame.Rect, avoid: Sequence[pygame.Rect], bounds: pygame.Rect = SCREEN) -> bool:
    return bounds.contains(r) and r.collidelist(list(avoid)) < 0


def place(candidates: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect], bounds: pygame.Rect = SCREEN,
          gap: int = GAP, scan: bool = True) -> tuple[pygame.Rect, bool]:
    """Where an overlay goes, and whether that place is clear: the first of ``candidates`` (all
    the overlay's size, in order of preference) inside ``bounds`` that keeps ``gap`` from every
    rect of ``avoid``; else (``scan``) the clear place on a grid over ``bounds`` nearest to the
    first candidate; else the candidate, moved inside ``bounds``, that covers least of ``avoid``."""
    grown = [pygame.Rect(a).inflate(gap * 2, gap * 2) for a in avoid]
    for c in candidates:
        if bounds.contains(c) and c.collidelist(grown) < 0:
            return pygame.Rect(c), True
    first = pygame.Rect(candidates[0])
    if scan:
        key = (first.size, first.topleft, tuple(bounds), tuple(tuple(g) for g in grown))
        hit = _memo.get(key)
        if hit is None:
            hit = _scan(first, grown, bounds)
            if len(_memo) > 256:
                _memo.clear()
            _memo[key] = hit
        if hit is not False:
            return pygame.Rect(hit, first.size), True
    scored = []
    for k, c in enumerate(candidates):
        c = pygame.Rect(c).clamp(bounds)
        scored.append((overlap(c, grown), k, c))
    return min(scored, key=lambda o: o[:2])[2], False


def _scan(first: pygame.Rect, grown: list[pygame.Rect], bounds: pygame.Rect):
    w, h = first.size
    if w > bounds.w or h > bounds.h:
        return False
    xs = range(bounds.x, bounds.right - w + 1, SCAN_STEP)
    ys = range(bounds.y, bounds.bottom - h + 1, SCAN_STEP)
    cx, cy = first.x, first.y
    spots = sorted(((x - cx) ** 2 + (y - cy) ** 2, x, y) for x in xs for y in ys)
    probe = pygame.Rect(0, 0, w, h)
    for _d, x, y in spots:
        probe.topleft = (x, y)
        if probe.collidelist(grown) < 0:
            return probe.topleft
    return False


def place_least(first: pygame.Rect, hard: Sequence[pygame.Rect], soft: Sequence[pygame.Rect],
                bounds: pygame.Rect = SCREEN, gap: int = GAP) -> pygame.Rect:
    """Where something that must show (a refusal) goes when no place is clear: clear of
    ``hard`` (what may be pressed, the other overlays), covering the least of ``soft`` (the
    readable regions), nearest to ``first`` among equals."""
    hard_g = [pygame.Rect(a).inflate(gap * 2, gap * 2) for a in hard]
    soft_g = [pygame.Rect(a).inflate(gap * 2, gap * 2) for a in soft]
    key = ("least", first.size, first.topleft, tuple(bounds), tuple(tuple(g) for g in hard_g),
           tuple(tuple(g) for g in soft_g))
    hit = _memo.get(key)
    if hit is None:
        w, h = first.size
        best = None
        probe = pygame.Rect(0, 0, w, h)
        for x in range(bounds.x, max(bounds.x, bounds.right - w) + 1, SCAN_STEP * 2):
            for y in range(bounds.y, max(bounds.y, bounds.bottom - h) + 1, SCAN_STEP * 2):
                probe.topleft = (x, y)
                if probe.collidelist(hard_g) >= 0:
                    continue
                score = (overlap(probe, soft_g), (x - first.x) ** 2 + (y - first.y) ** 2)
                if best is None or score < best[0]:
                    best = (score, (x, y))
        hit = best[1] if best is not None else first.clamp(bounds).topleft
        if len(_memo) > 256:
            _memo.clear()
        _memo[key] = hit
    return pygame.Rect(hit, first.size)


def around(target: pygame.Rect, size: tuple[int, int], gap: int = 8, x: float | None = None,
           sides: Sequence[str] = ("above", "below", "right", "left")) -> list[pygame.Rect]:
    """Candidate rects of ``size`` beside ``target``: on each side in turn (centred on ``x`` above
    and below, when given), then the same sides slid to the target's ends."""
    out = []
    w, h = size
    cx = round(target.centerx if x is None else x)
    for side in sides:
        r = pygame.Rect(0, 0, w, h)
        if side == "above":
            r.midbottom = (cx, target.top - gap)
        elif side == "below":
            r.midtop = (cx, target.bottom + gap)
        elif side == "right":
            r.midleft = (target.right + gap, target.centery)
        else:
            r.midright = (target.left - gap, target.centery)
        out.append(r)
    for side in sides:
        for end in (0, 1):
            r = pygame.Rect(0, 0, w, h)
            if side in ("above", "below"):
                r.x = target.x if end == 0 else target.right - w
                if side == "above":
                    r.bottom = target.top - gap
                else:
                    r.top = target.bottom + gap
            else:
                r.y = target.y if end == 0 else target.bottom - h
                if side == "right":
                    r.left = target.right + gap
                else:
                    r.right = target.left - gap
            out.append(r)
    return out


class Pointer(NamedTuple):
    """A lesson's pointing arrow: its polygon (layout points) and the box it may bob in."""
    points: tuple
    box: pygame.Rect


class Arrow(NamedTuple):
    """A lesson's arrow from a card to where it goes: the shaft's ends (layout points, clear
    of both things) and the boxes along it."""
    start: tuple
    end: tuple
    boxes: tuple


def pointer_at(r: pygame.Rect, side: str, bob: float = 0.0) -> Pointer:
    """A pointing arrow 44 long on ``side`` of ``r``, its tip 8 px off it (``bob`` further)."""
    if side in ("above", "below"):
        d = -1 if side == "above" else 1
        tip = (r.centerx, r.top - 8 - bob) if side == "above" else (r.centerx, r.bottom + 8 + bob)
        pts = [(tip[0], tip[1]), (tip[0] - 16, tip[1] + 22 * d), (tip[0] - 6, tip[1] + 22 * d),
               (tip[0] - 6, tip[1] + 44 * d), (tip[0] + 6, tip[1] + 44 * d), (tip[0] + 6, tip[1] + 22 * d),
               (tip[0] + 16, tip[1] + 22 * d)]
        box = pygame.Rect(r.centerx - 17, 0, 34, 52 + 7)
        if side == "above":
            box.bottom = r.top - 7
        else:
            box.top = r.bottom + 7
    else:
        d = -1 if side == "left" else 1
        tip = (r.left - 8 - bob, r.centery) if side == "left" else (r.right + 8 + bob, r.centery)
        pts = [tip, (tip[0] + 22 * d, tip[1] - 16), (tip[0] + 22 * d, tip[1] - 6), (tip[0] + 44 * d, tip[1] - 6),
               (tip[0] + 44 * d, tip[1] + 6), (tip[0] + 22 * d, tip[1] + 6), (tip[0] + 22 * d, tip[1] + 16)]
        box = pygame.Rect(0, r.centery - 17, 52 + 7, 34)
        if side == "left":
            box.right = r.left - 7
        else:
            box.left = r.right + 7
    return Pointer(tuple(pts), box)


def segment_outside(p0, p1, rects: Sequence[pygame.Rect], gap: float = 10) -> tuple | None:
    """The part of the segment ``p0``-``p1`` outside every rect of ``rects`` (grown by ``gap``)
    at its two ends, or None when nothing is left of it."""
    (x0, y0), (x1, y1) = p0, p1
    n = max(1, int(math.hypot(x1 - x0, y1 - y0) // 4))
    grown = [pygame.Rect(r).inflate(gap * 2, gap * 2) for r in rects]

    def inside(t):
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        return any(g.collidepoint(x, y) for g in grown)
    a = 0
    while a <= n and inside(a / n):
        a += 1
    b = n
    while b >= a and inside(b / n):
        b -= 1
    if b - a < 6:
        return None
    return ((x0 + (x1 - x0) * a / n, y0 + (y1 - y0) * a / n), (x0 + (x1 - x0) * b / n, y0 + (y1 - y0) * b / n))


def shaft_boxes(p0, p1, half: float = 9, step: float = 14) -> tuple:
    """Small boxes along a shaft from ``p0`` to ``p1`` (what a thick line covers)."""
    (x0, y0), (x1, y1) = p0, p1
    n = max(1, int(math.hypot(x1 - x0, y1 - y0) // step))
    out = []
    for k in range(n + 1):
        x, y = x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n
        out.append(pygame.Rect(round(x - half), round(y - half), round(half * 2), round(half * 2)))
    return tuple(out)


class Plan(NamedTuple):
    """Where every overlay of one frame goes (layout units); None: not shown."""
    glows: tuple = ()                 # (glow rect at its widest, target rect, is a card, is a button, reach)
    pointer: Pointer | None = None
    pointer_target: pygame.Rect | None = None
    arrow: Arrow | None = None
    arrow_targets: tuple = ()
    why: tuple | None = None          # (lines, rect, side)
    toast: tuple | None = None        # (rect, the width its words wrap to)
    tip: tuple | None = None          # (spot, rect, compact: words only, on up to three lines)
    plate_tip: tuple | None = None    # (seat, words, rect)


#: shared layout rects that are not a thing to read (the log panel is the lesson's place; the
#: buttons' row and the top bar are kept clear as buttons; the ring is the whole table)
NOT_READ = ("log", "topbar", "buttons", "ring")


class TableOverlays:
    """The scene's side of the rule (a mixin of :class:`~game.app.table.scene.TableScene`)."""

    # -------------------------------------------------------------- regions
    def readable_regions(self) -> dict[str, pygame.Rect]:
        """Every region of the table that must stay readable now, by name (layout units)."""
        out: dict[str, pygame.Rect] = {}
        lay = self.layout
        zoom = getattr(self, "zoom", None)          # the public table's larger middle, as drawn
        for name, r in lay.layers.get("shared", {}).items():
            if name not in NOT_READ:
                out[name] = zoom.rect(r) if zoom is not None else pygame.Rect(r)
        if "status" in out and (getattr(self, "sheet", None) is not None
                                or getattr(self, "reveal", None) is not None):
            del out["status"]                     # not drawn: the panel carries the caption
        if "status" in out:
            st = out["status"]
            out["status"] = st.inflate(0, max(0, 2 * 19 + 6 - st.h))       # a two-line status grows
        seats_layer = self._seat_layer            # the seats' layer at this count (public: its own)
        for seat in range(self.n):
            pos = self.pos_of(seat)
            out[f"plate:{seat}"] = self.zone(seat, "name")
            if seats_layer is not None:
                for key, r in seats_layer.items():
                    what, _s, p = key.rpartition("_")
                    if p == str(pos) and what not in ("name", "hand"):
                        out[f"{what}:{seat}"] = pygame.Rect(r)
            else:
                try:
                    out[f"token:{seat}"] = self.zone(seat, "token")
                except KeyError:
                    pass
            if pos != self.big_pos:
                hz = self.zone(seat, "hand")
                badge = pygame.Rect(0, 0, 52, 26)
                badge.midbottom = (hz.centerx, hz.bottom + 2)
                out[f"count:{seat}"] = badge
        hand = self.hand_region()
        if hand is not None:
            out["hand"] = hand
        carried = self.drag_region()
        if carried is not None:
            out["drag"] = carried
        for up, name, key in ((getattr(self, "reveal", None), "reveal", "reveal"),
                              (getattr(self, "sheet", None), "summary", "sheet"),
                              (getattr(self, "choice", None), "picker", "choice")):
            if up is not None:
                try:
                    out[key] = lay.overlay(name)
                except KeyError:
                    pass
        if getattr(self, "sheet", None) is not None and hasattr(self, "sheet_words"):
            out.update(self.sheet_words())            # its rows' words one by one (a glow's reach)
        if getattr(self, "celebrate_t", -1) >= 0:
            try:
                out["celebration"] = lay.overlay("celebration")
            except KeyError:
                pass
        lesson = getattr(self, "lesson", None)
        if lesson is not None and not lesson.released and not getattr(lesson, "_sizing", False):
            out["lesson"] = lesson.recap_rect() if lesson.recap_open else lesson.panel_rect()
        game = self.table.game_readable()
        if zoom is not None:                      # (a game's zones in its middle, as drawn)
            game = {k: zoom.rect(r) if r is not None else None for k, r in game.items()}
        out.update(game)
        return {k: r for k, r in out.items() if r is not None}

    def panels_up(self) -> list[pygame.Rect]:
        """Every panel drawn over the table now (layout units): the reveal, the score sheet, the
        choice panel, the lesson's panel or recap, and the game's own (``game_panels``).  The
        table log is not drawn while one of them meets it: nothing is left half covered (the
        sheet cut the log's lines to "lden weapon is")."""
        out = []
        lay = self.layout
        for up, name in ((getattr(self, "reveal", None), "reveal"), (getattr(self, "sheet", None), "summary"),
                         (getattr(self, "choice", None), "picker")):
            if up is not None:
                try:
                    out.append(lay.overlay(name))
                except KeyError:
                    pass
        lesson = getattr(self, "lesson", None)
        if lesson is not None and not lesson.released:
            out.append(lesson.recap_rect() if lesson.recap_open else lesson.panel_rect())
        return out + list(self.table.game_panels())

    def half_covered(self, r: pygame.Rect) -> bool:
        """Whether a panel up now (``panels_up``) meets ``r`` without covering all of it: a thing
        the table then leaves undrawn (not needed under a panel) rather than cut."""
        return any(p.colliderect(r) and not p.contains(r) for p in self.panels_up())

    def log_hidden(self) -> bool:
        """Whether the table log is left undrawn now: a panel up meets it (``panels_up``)."""
        lay = self.layout.layers.get("shared", {})
        return "log" in lay and pygame.Rect(lay["log"]).collidelist(self.panels_up()) >= 0

    def soft_regions(self) -> list[pygame.Rect]:
        """What an overlay keeps clear of where it can, but may cover rather than wait or cover
        a readable region: the table log (every line of it is also said where it happened)."""
        lay = self.layout.layers.get("shared", {})
        return [pygame.Rect(lay["log"])] if "log" in lay and not self.log_hidden() else []

    def drag_region(self) -> pygame.Rect | None:
        """The cards the player is dragging, as drawn under the pointer (with their count), or
        None: what they carry stays readable (a refusal left up from a wrong drop sat on the
        next drag's cards)."""
        cards, badge = self.dragged_cards() if hasattr(self, "dragged_cards") else ([], None)
        if not cards:
            return None
        rects = []
        for _key, (x, y), width in cards:
            w, h = card_size(width)
            r = pygame.Rect(0, 0, w + 6, h + 6)           # (its shadow)
            r.center = (round(x), round(y))
            rects.append(r)
        if badge is not None:
            rects.append(badge)
        return rects[0].unionall(rects[1:])

    def hand_region(self) -> pygame.Rect | None:
        """The viewer's hand as drawn: the cards' rects (a fan of backs: its zone)."""
        hand = getattr(self, "hand", None)
        if hand is None or self.privacy.public:     # the public table draws no viewer's hand
            return None
        if not hand.cards:
            return None
        w = self.table.hand_width
        rects = []
        for key in hand.keys():
            s = hand.sprites.get(key)
            if s is not None:
                r = pygame.Rect(0, 0, round(w * 1.1), round(w * 1.45))
                r.center = (round(s.pos[0]), round(s.pos[1]))
                rects.append(r)
        if not rects:
            return pygame.Rect(hand.zone)
        return rects[0].unionall(rects[1:])

    # -------------------------------------------------------------- the plan
    def overlay_plan(self) -> Plan:
        """Every overlay of this frame placed by the rule (pure: reads the scene, changes
        nothing; ``draw`` and the tests both ask it)."""
        lesson = getattr(self, "lesson", None)
        if (lesson is None or lesson.released or lesson.recap_open) and self.shown_why() is None \
                and not (self.toast.ttl > 0 and self.toast.msg) and self.help_shown() is None \
                and self.plate_tip() is None:
            return Plan()                        # nothing over the table: nothing to place
        regions = list(self.readable_regions().values())
        press = list(self.widget_rects())
        placed: list[pygame.Rect] = []
        glows, pointer, ptarget, arrow, atargets = self._lesson_plan(regions, press)
        for g in glows:
            placed.append(g[0])
        if pointer is not None:
            placed.append(pointer.box)
        if arrow is not None:
            placed.extend(arrow.boxes)
        why = None
        w = self.shown_why()
        if w is not None and self.choice is None:          # under a choice panel the line waits
            lines, r, side, ok = self._why_plan(w, regions, press, placed)
            if ok:                                          # else it waits: it never covers words
                why = (lines, r, side)
                placed.append(r)
        toast = None
        if self.toast.ttl > 0 and self.toast.msg:
            toast = self._toast_plan(regions, press, placed)
            placed.append(toast[0])
        tip = None
        spot = self.help_shown()
        if spot is not None:
            r, compact = self._tip_plan(spot, regions, press, placed)
            if r is not None:
                tip = (spot, r, compact)
                placed.append(r)
        ptip = None
        pt = self.plate_tip()
        if pt is not None:
            seat, words = pt
            size = (round(self._text_w(words, 16) + 24), 30)
            nz = self.zone(seat, "name")
            r, ok = place(around(nz, size, 6, sides=("below", "above", "right", "left")),
                          regions + press + placed)
            ptip = (seat, words, r) if ok else None       # a nicety: never over anything
        return Plan(tuple(glows), pointer, ptarget, arrow, atargets, why, toast, tip, ptip)

    def _lesson_plan(self, regions, press):
        lesson = getattr(self, "lesson", None)
        if lesson is None or lesson.released or lesson.recap_open:
            return [], None, None, None, ()
        rects, cards, first = lesson._lit()
        if not rects:
            return [], None, None, None, ()
        buttons = lesson.button_rects()
        avoid = [r for r in regions + press if r not in rects]

        def margin(r: pygame.Rect) -> int:
            """The glow's reach beyond its target (per side, at its widest): up to 11 layout px,
            less where that would reach another region's words."""
            near = [a for a in avoid if not a.colliderect(r)]
            for m in (11, 9, 7, 5, 3):
                if r.inflate(m * 2, m * 2).collidelist(near) < 0:
                    return m
            return 2
        glows = []
        for r, card in zip(rects, cards):
            m = margin(r)
            glows.append((r.inflate(m * 2, m * 2), r, card, r in buttons, m))
        s = lesson.step

        def pointer_for(target: pygame.Rect, side_first: bool = False) -> Pointer | None:
            """An arrow pointing at ``target`` from the first side with clear room: never over
            words or buttons (the target's glow alone marks it when no side is clear)."""
            sides = ("left", "right", "above", "below") if side_first else ("above", "below", "left", "right")
            grown = [a.inflate(4, 4) for a in avoid]
            for sd in sides:
                p = pointer_at(target, sd, 0)
                if is_clear(p.box, grown):
                    return p
            return None
        if first is not None:
            p = pointer_for(first)
            return glows, p, first if p else None, None, ()
        if s.kind == "you" and s.gesture == "drag" and len(rects) >= 2 and self.choice is None:
            src, dst = rects[-2], rects[-1]
            seg = segment_outside(src.center, dst.center, [src, dst], gap=14)
            if seg is not None:
                boxes = shaft_boxes(*seg)
                others = [a for a in avoid if not a.contains(src) and not a.contains(dst)] + \
                    [g[0] for g in glows if g[1] not in (src, dst)]
                hand = self.hand_region()
                if hand is not None and hand.colliderect(src):
                    others = [a for a in others if a != hand]
                if not any(b.collidelist(others) >= 0 for b in boxes):
                    return glows, None, None, Arrow(seg[0], seg[1], boxes), (src, dst)
            p = pointer_for(dst)
            return glows, p, dst if p else None, None, ()
        p = pointer_for(rects[0], side_first=self.choice is not None)
        return glows, p, rects[0] if p else None, None, ()

    def _why_plan(self, w, regions, press, placed):
        """(lines, rect, side, clear) of the "why?" line ``w``: beside the mover's plate, on the
        side away from its cards ("below" or "above", with a tip), else the nearest clear place
        to it with the mover's name in front ("caption"), on narrower lines where need be
        (``WHY_SHAPES``); ``clear`` is False where no place is clear (the line waits)."""
        from game.core.i18n import _
        from ..widgets import wrap
        nz, hz = self.zone(w.seat, "name"), self.zone(w.seat, "hand")
        others = [self.zone(s, "hand") for s in range(self.n) if s != w.seat]
        base = regions + press + placed + [hz.inflate(0, 24)]
        avoid = base + others

        def box(lines):
            return (round(max(self._text_w(ln, 16) for ln in lines) + 28), len(lines) * 20 + 14)
        lines = wrap(self.app, w.text, 16, 440)[:2]
        size = box(lines)
        prefer_below = hz.centery < nz.centery or (hz.centery == nz.centery and nz.centery < 330)
        order = ("below", "above") if prefer_below else ("above", "below")
        beside = avoid + self.soft_regions()
        for side in order:
            r = pygame.Rect((0, 0), size)
            r.centerx = nz.centerx
            if side == "below":
                r.top = nz.bottom + 12
            else:
                r.bottom = nz.y - 12
            r.x = max(12, min(r.x, 1268 - r.w))
            if is_clear(r, [a.inflate(GAP * 2, GAP * 2) for a in beside], SCREEN):
                return lines, r, side, True
        said = _("{name}: {why}").format(name=self.name(w.seat), why=w.text)
        sides = order + ("right", "left")
        # clear of everything (the log too), then over another seat's face-down fan if need be
        # (its count is a region of its own), then over the log; each time on one wide line
        # pair first, then narrower and taller
        soft = self.soft_regions()
        for av in (avoid + soft, base + soft, base):
            for width, most in WHY_SHAPES:
                lines = wrap(self.app, said, 16, width)
                if len(lines) > most:
                    continue
                r, ok = place(around(nz, box(lines), 12, sides=sides), av, SCREEN)
                if ok:
                    return lines, r, "caption", True
        lines = wrap(self.app, said, 16, 560)[:2]
        r, _ok = place(around(nz, box(lines), 12, sides=sides), avoid, SCREEN)
        return lines, r, "caption", False

    def _toast_plan(self, regions, press, placed) -> tuple[pygame.Rect, int]:
        """(rect, width) of the toast or refusal banner: at its place or moved up or down from
        it, on one line or, where that finds no clear room, wrapped narrower; else the place
        that covers least of the readable regions (it must show), never over a button or
        another overlay."""
        from ..widgets import message_rect
        first = None
        for av in (regions + press + placed + self.soft_regions(), regions + press + placed):
            for width in TOAST_WIDTHS:
                r = message_rect(self.app, self.toast.msg, self.toast.pos, bold=True, max_w=width)
                cands = [r] + [r.move(0, dy) for dy in (-60, 60, -120, 120, -180, 180)]
                got, ok = place(cands, av)
                if ok:
                    return got, width
                first = first or (r, width)
        return place_least(first[0], press + placed, regions), first[1]

    def _tip_plan(self, spot, regions, press, placed) -> tuple[pygame.Rect | None, int]:
        """(rect, compact) of the tip of ``spot``: beside the thing, else its words alone on
        narrower lines beside it (``compact`` 1, then 2: ``help.TIP_COMPACT``), else the nearest
        clear place for each shape in turn; where nothing is clear, (None, 0): the tip waits
        rather than cover what the player reads; of the clear places, the nearest (a whole tip
        where it is about as near)."""
        t = spot.rect
        mx = self.mouse[0] if t.left <= self.mouse[0] <= t.right else t.centerx
        avoid = regions + press + placed + [t]
        shapes = [(compact, around(t, self.help_size(spot, compact), 8, x=mx)) for compact in (0, 1, 2)]
        for av in (avoid + self.soft_regions(), avoid):       # the log too where it can
            for compact, cands in shapes:          # beside the thing, in any shape
                r, ok = place(cands, av, SCREEN, scan=False)
                if ok:
                    return r, compact
            found = []                             # else the nearest clear place (a whole tip preferred)
            for compact, cands in shapes:
                r, ok = place(cands, av, SCREEN)
                if ok:
                    d = math.hypot(r.centerx - cands[0].centerx, r.centery - cands[0].centery)
                    found.append((d + 60 * compact, compact, r))
            if found:
                _d, compact, r = min(found, key=lambda f: f[:2])
                return r, compact
        return None, 0

    def overlay_base(self) -> tuple[list, list, list]:
        """(readable regions, what may be pressed, the lesson's glows and arrow): what every
        other overlay keeps clear of."""
        regions = list(self.readable_regions().values())
        press = list(self.widget_rects())
        glows, pointer, _pt, arrow, _at = self._lesson_plan(regions, press)
        placed = [g[0] for g in glows] + ([pointer.box] if pointer is not None else []) \
            + (list(arrow.boxes) if arrow is not None else [])
        return regions, press, placed
