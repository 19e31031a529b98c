"""Text fits (issue 27): the checks on a recorded frame, and the drive through every screen.

The screen transcript (``game/app/transcript.py``) keeps each text run as a ``Run``: its whole
drawn rect, the box it was fitted to (``widgets.text(max_w=)``, ``fit_text``, buttons), how it
was fitted; each panel drawn is a ``box:panel`` span and each scene's end a ``box:scene`` span.
Per frame:

- ``overflow``: a text wider (or taller) than the box it was fitted to, or one whose middle
  lies on a panel (a plate, a badge, a button, a lesson panel) and that sticks out of it;
- ``outside``: a text not wholly inside the window;
- ``touches``: a text that runs into a panel drawn on top of the one it is on, or under one
  drawn after it (a label under its field); a dialog's panel (a quarter of the window or more)
  or a declared cover (``box:cover``: the celebration) hides what it is drawn over;
- ``overlap``: two text runs of one scene that overlap (not the kit's declared overlays:
  tooltips, bubbles, banners, toasts, a lesson's arrow; not a text and its own shadow; not
  where a panel drawn between them hides the one below).  Glyph boxes are taken at their ink
  band (``ink``: without the font's leading above the capitals and below the baseline);
- ``marks``: the "…" cuts and broken words of the frame, which the English frame at the same
  point of the drive must have as many of (``compare``).
"""
from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field

import pygame

from pathlib import Path

from game.app import transcript
from game.app.transcript import Run

TOL = 2          # pixels: anti-aliasing and rounding of layout units


def _segments(frame) -> list[list[int]]:
    """The span indices of each scene's drawing (the toast after the last scene is its own)."""
    out, cur = [], []
    for i, (item, _r) in enumerate(frame.spans):
        if item == "box:scene":
            out.append(cur)
            cur = []
        else:
            cur.append(i)
    out.append(cur)
    return [s for s in out if s]


def ink(r: pygame.Rect) -> pygame.Rect:
    """The band of a text's rect its letters fill: a font's line box holds room above the
    capitals and below the baseline (DejaVu Sans: about a sixth of the height each) that two
    close lines or a text and the edge of a panel may share."""
    top, bottom = r.h * 17 // 100, r.h * 12 // 100
    return pygame.Rect(r.x, r.y + top, r.w, max(1, r.h - top - bottom))


def _text(item) -> bool:
    return isinstance(item, Run) and item.startswith("text:") and item.strip() != "text:"


def problems(frame, size: tuple[int, int]) -> list[str]:
    """Every overflow, text outside the window and overlap of ``frame``, in words."""
    out: list[str] = []
    window = pygame.Rect((0, 0), size).inflate(2 * TOL, 2 * TOL)
    own = frame.overlay_spans()
    for seg in _segments(frame):
        panels = [(i, frame.spans[i][0].full) for i in seg
                  if frame.spans[i][0] == "box:panel" and isinstance(frame.spans[i][0], Run)]
        covers = [(i, frame.spans[i][0].full) for i in seg        # a layer over the table on purpose
                  if frame.spans[i][0] == "box:cover" and isinstance(frame.spans[i][0], Run)]
        runs: list = []
        for i in seg:
            item, shown = frame.spans[i]
            if not _text(item) or shown.w == 0 or shown.h == 0:    # (scrolled out of its view: not seen)
                continue
            full, label, box = item.full, item[5:], item.box
            seen = shown if shown.w < full.w or shown.h < full.h else full     # a scrolled view clips it
            above = [p for j, p in panels if j > i and p.colliderect(seen)]
            if any(p.collidepoint(seen.center) or p.w * p.h * 4 >= size[0] * size[1] for p in above) \
                    or any(j > i and p.colliderect(seen) for j, p in covers):
                continue                   # under a panel drawn later (or a dialog's): hidden, or dimmed

            if not window.contains(full):          # (the window's edge clips it: ``shown`` is cut)
                out.append(f"outside: {label!r} at {tuple(full)}")
            under = [(j, p) for j, p in panels if j < i and p.collidepoint(seen.center)]
            host_at, host = under[-1] if under else (-1, None)
            if box is not None and (full.w > box.w + TOL or box.h and full.h > box.h + TOL):
                out.append(f"overflow: {label!r} {full.w}x{full.h} in a box {box.w}x{box.h}")
            else:
                if host is not None and not host.inflate(2 * TOL, 2 * TOL).contains(ink(seen)) \
                        and not seen.contains(host):
                    out.append(f"overflow: {label!r} at {tuple(seen)} sticks out of its panel {tuple(host)}")
            for j, p in panels:          # a panel on top of the one it is on, that it runs into or under
                if j < host_at:
                    continue
                c = ink(seen).clip(p)
                if c.w >= 2 and c.h >= 3 and not p.collidepoint(seen.center) and not seen.contains(p):
                    what = "runs into" if j < i else "is partly under"
                    out.append(f"touches: {label!r} at {tuple(seen)} {what} a panel at {tuple(p)}")
                    break
            if i not in own:
                runs.append((i, item, ink(seen)))
        rects = [r for _i, _t, r in runs]
        for k, (i, item, r) in enumerate(runs):
            for j in r.collidelistall(rects[k + 1:]):
                i2, other, o = runs[k + 1 + j]
                if str(other) == str(item):                       # a shadow, or the same word drawn twice
                    continue
                c = r.clip(o)
                if any(i < jp < i2 and p.contains(c) for jp, p in panels):   # a panel between hides it
                    continue
                if c.w >= 3 and c.h >= 4:
                    out.append(f"overlap: {item[5:]!r} at {tuple(r)} and {other[5:]!r} at {tuple(o)}")
    return out


def marks(frame) -> dict:
    """The frame's texts cut with "…" (``cut``) and with a broken word (``broken``)."""
    c: dict = {"cut": set(), "broken": set()}
    for item, _r in frame.spans:
        if not _text(item):
            continue
        t = item[5:]
        if t in transcript.CUT:
            c["cut"].add(t)
        if t in transcript.BROKEN or "broken" in item.how:
            c["broken"].add(t)
    return c


@dataclass
class Sweep:
    """What a drive saw: the problems per checkpoint, and the marks ("…", broken words)."""
    size: tuple[int, int]
    problems: dict = field(default_factory=dict)
    marks: dict = field(default_factory=dict)
    points: int = 0
    seen: set = field(default_factory=set)        # the points looked at

    def look(self, h, name: str) -> None:
        """Draw the app's frame now and check it (``name``: the point of the drive)."""
        rec = transcript.RECORDER
        quiet = "draw" in vars(h.app)
        if quiet:
            del h.app.draw
        try:
            rec.draw_frame(h.app)
        finally:
            if quiet:
                quiet_frames(h)
        frame = rec.frames[-1]
        rec.frames.clear()
        self.points += 1
        self.seen.add(name)
        found = problems(frame, self.size)
        if found:
            self.problems.setdefault(name, []).extend(p for p in found if p not in self.problems.get(name, []))
        m = marks(frame)
        if m["cut"] or m["broken"]:
            self.marks[name] = m

    def compare(self, english: "Sweep | None") -> list[str]:
        """Every problem, and every point with more "…" cuts or broken words than English's."""
        out = [f"{name}: {p}" for name, ps in self.problems.items() for p in ps]
        if english is not None:
            for name, m in self.marks.items():
                if name not in english.seen:          # an AI's timing made a point English did not reach
                    continue
                base = english.marks.get(name, {"cut": set(), "broken": set()})
                for kind in ("cut", "broken"):
                    if len(m[kind]) > len(base[kind]):
                        what = "cut with …" if kind == "cut" else "a word broken"
                        out.append(f"{name}: {what}: {sorted(m[kind] - base[kind])!r} (English: {len(base[kind])})")
        return out

    def count(self, english: "Sweep | None") -> int:
        """The distinct problems (the same text's problem at several points counts once)."""
        import re

        return len({re.sub(r" at \([^)]*\)|\([^)]*\)|[0-9]+x[0-9]+", "", f.split(": ", 1)[1])
                    for f in self.compare(english)})


# ---------------------------------------------------------------------------- the drive
def quiet_frames(h) -> None:
    """The frames between the points looked at are not drawn (``draw`` changes nothing, and
    drawing is most of a drive's time); ``Sweep.look`` draws the frame it checks."""
    h.app.draw = lambda surf: None


PLAYERS = {"masterbluff": 3, "court": 2, "death": 4, "ktm": 4, "bossquest": 3}


def drive_screens(h, sw: Sweep) -> None:
    """Menu, setup of each game with each option and player count, settings, saves, rules
    (each game, page by page), pause, results, crash and asset-error screens."""
    from game.app.games import PLAYABLE
    from game.app.scenes.rules import RulesScene

    h.menu()
    sw.look(h, "menu")
    for game in PLAYABLE:
        s = h.setup(game)
        sw.look(h, f"setup/{game}")
        for key, _label, choices, _w in s.opt_specs:
            for k in range(1, len(choices)):
                s.set_option(key, k)
                h.step()
                sw.look(h, f"setup/{game}/{key}={k}")
            s.set_option(key, 0)
        for idx in range(len(s.count_choice.options)):
            s.count_choice.set(idx)
            h.step()
            sw.look(h, f"setup/{game}/players#{idx}")
        h.app.pop()
        h.step()
    h.app.open_settings()
    h.step()
    sw.look(h, "settings")
    h.app.pop()
    h.step()
    for game in ("masterbluff", "death"):             # two unfinished games, then their list
        h.start(game, seats="human,ai,ai", seed=2)
        h.autoplay(lambda: len(h.table.match.log) >= 4 and not h.table.busy(), 3000)
        h.app.open_menu()
        h.step()
    h.app.open_saves()
    h.step()
    sw.look(h, "saves")
    from game.app.resources import AssetError
    from game.app.scenes.asset import AssetScene
    from game.app.scenes.crash import CrashScene

    path = str(Path(os.environ.get("CROWNTABLE_HOME", "/tmp")) / "crash-20261129-041500.log")
    h.app.stack.reset(CrashScene(h.app), log_path=path, details="", save=("death", path))
    h.step()
    sw.look(h, "crash")
    h.app.stack.reset(AssetScene(h.app), error=AssetError("assets/cards/death/king.svg", missing=True),
                      save=("death", path))
    h.step()
    sw.look(h, "asset-error")
    h.app.open_menu()
    h.step()
    for game in PLAYABLE:
        h.app.open_rules(game)
        h.step()
        r = h.scene
        assert isinstance(r, RulesScene)
        page, k = r.VIEW.height - 40, 0
        while True:
            sw.look(h, f"rules/{game}/page{k}")
            if r.scroll >= r.max_scroll():
                break
            r.scroll = min(r.max_scroll(), r.scroll + page)
            h.step()
            k += 1


def phone_screens(h, sw: Sweep, lang: str | None = None) -> None:
    """The phones' join card (issue 28) over a MasterBluff table (one phone joined, one waited
    for, a name of the longest length) and over a 20-seat Death table (two columns of rows), and
    the table's status line naming the phones it waits for; served on loopback, stopped after.
    ``lang``: the App's language for them (a new ``HeadlessApp`` speaks its settings' English)."""
    from game.app.headless import phones_on_loopback

    if lang is not None:
        h.app.set_language(lang)
    with phones_on_loopback():                     # the App's session on loopback
        _phone_screens(h, sw)


def _phone_screens(h, sw: Sweep) -> None:
    from game.app.seating import NAMES
    from game.match import Match, SeatSpec
    from phone_helpers import Phone

    for game, n in (("masterbluff", 3), ("death", 20)):
        names = ["Ana", "Maximilian-Jonas"] + list(NAMES[2:n])
        m = Match(game, [SeatSpec(names[0], "human")] + [SeatSpec(x, "phone") for x in names[1:n]], seed=3)
        phone = None
        try:
            h.app.start_table(match=m)
            h.step()
            server = h.app.phones.server
            t = h.table
            t.pacer.update = lambda dt, submit: None
            h.step()
            sw.look(h, f"phones/{game}/card")
            phone = Phone(server)
            phone.join(1)
            for _k in range(200):                  # bounded: the row follows the phone
                if 1 in server.connected() and h.scene.shown_seats[0].connected:
                    break
                time.sleep(0.005)
                h.step()
            sw.look(h, f"phones/{game}/card-joined")
            h.app.pop()
            h.step()
            t.phone_status.ctx = t.phone_status.ctx._replace(to_act=lambda: (2,))
            h.step()
            sw.look(h, f"phones/{game}/waiting-one")
            t.phone_status.ctx = t.phone_status.ctx._replace(to_act=lambda: (2, 1) if n == 3 else (2, 3, 4))
            h.step()
            sw.look(h, f"phones/{game}/waiting-several")
            t.phone_status.ctx = t.phone_status.ctx._replace(to_act=lambda: tuple(range(2, n)))
            h.step()
            sw.look(h, f"phones/{game}/waiting-many")
            t.phone_status.ctx = t.phone_status.ctx._replace(to_act=lambda: (1,))
            h.step()
            sw.look(h, f"phones/{game}/choosing")
        finally:
            if phone is not None:
                phone.close()
            h.app.open_menu()                       # leaving the table stops its phones
            h.step()


#: the public tables the fit sweep looks at: every person on a phone, an AI among them where the
#: game's public layout is a layer of its own (five seats)
PUBLIC_SEATS = {"masterbluff": "phone,phone,phone,phone,phone", "court": "phone,phone",
                "death": "phone,ai,phone,phone", "ktm": "phone,phone,ai,phone",
                "bossquest": "phone,phone,ai,phone,phone"}


def public_tables(h, sw: Sweep, moves: int = 8) -> None:
    """Each game's public table (issue 28: phone seats, nobody at the screen; every seat laid out
    as one more opponent seat): the frame after each of ``moves`` moves, the phones' moves sent
    through the table as the App sends them (no phone server: the App opens none here)."""
    from game.app.main import parse_seats
    from game.match import Match

    h.app.open_phones = lambda match: None
    try:
        for k, (game, seats) in enumerate(PUBLIC_SEATS.items()):
            m = Match(game, parse_seats(seats), seed=5 + k)
            quiet_frames(h)
            h.app.start_table(match=m)
            h.step()
            t = h.table
            assert t.public
            play_public(h, m, moves, seed=k, each=lambda g=game: sw.look(h, f"public/{g}/move{len(m.log)}"))
            h.app.open_menu()
            h.step()
    finally:
        del h.app.open_phones


def play_public(h, m, moves: int, seed: int = 1, each=None) -> None:
    """Up to ``moves`` moves at the table ``h`` shows: each phone seat to act sends a seeded random
    legal move through the table (as the App does), the AI seats play; ``each()`` after every
    move, once the table is still."""
    rnd = random.Random(seed)
    t = h.table
    start, last = len(m.log), -1
    for _ in range(60 * moves + 400):
        if h.scene is not t or len(m.log) - start >= moves or m.outcome() is not None:
            break
        if not t.busy() and len(m.log) != last:
            last = len(m.log)
            if each is not None:
                each()
        public_frame(h, m, rnd)


def public_frame(h, m, rnd: random.Random) -> None:
    """One frame of a public table: a step waiting for Continue is released, else a phone seat
    to act sends a random legal move through the table as the App does (once it is still)."""
    t = h.table
    phone = next((s for s in m.to_act() if m.is_phone(s)), None)
    if t.steps.waiting():
        t.release_step()
    elif phone is not None and not t.busy() and t.accepts_remote():
        t.phone_submit(rnd.choice(list(m.legal(phone))))
    h.step(1 / 30)


def drive_lessons(h_make, sw: Sweep, games) -> None:
    """Every step of each game's lesson (where the learner may act, or reads), the first
    wrong move's reason, and the recap."""
    from game.core.i18n import _

    for game in games:
        h = h_make()
        quiet_frames(h)
        h.lesson(game)
        t = h.table
        guide = t.lesson
        wrong_at = next((i for i, s in enumerate(guide.lesson.steps)
                         if s.kind == "you" and s.wrong and s.wrong[0].targets), None)
        looked = set()
        tried = False
        for _n in range(20000):
            if guide.recap_open:
                break
            g = guide.gesture()
            if g is None:
                h.step()
                continue
            k = guide.run.index
            if k not in looked:
                looked.add(k)
                sw.look(h, f"lesson/{game}/step{k + 1}")
            if k == wrong_at and not tried:
                tried = True
                wrong = guide.lesson.steps[k].wrong[0]
                wg = guide.gesture_for(wrong.targets, "drag" if len(wrong.targets) >= 2 else "click")
                if wg is not None and t.choice is None:
                    h.do_gesture(wg)
                    h.step()
                    sw.look(h, f"lesson/{game}/step{k + 1}/wrong")
                    continue
            h.do_gesture(g)
        h.step(n=3)
        sw.look(h, f"lesson/{game}/recap")
        h.close()


def drive_table(h, sw: Sweep, game: str, seats: str, seed: int, moves: int, tag: str) -> None:
    """A seeded stretch of ``game``'s table: the frame after each move (and each answer
    window) until ``moves`` moves are made or the game ends; then pause and results."""
    from game.app.main import parse_seats
    from game.match import Match

    m = Match(game, parse_seats(seats), seed=seed)
    quiet_frames(h)
    h.app.start_table(match=m)
    h.step()
    t = h.table
    last = -1
    for _n in range(20 * moves + 400):
        if h.scene is not t or len(m.log) >= moves or m.outcome() is not None:
            break
        if len(m.log) != last and not t.busy():
            last = len(m.log)
            sw.look(h, f"table/{game}/{tag}/move{last}")
        if not h.play_once(bluff=len(m.log) % 3 == 0):
            h.step()
    if h.scene is t:
        h.app.open_pause(t)
        h.step()
        sw.look(h, f"table/{game}/{tag}/pause")


def results_screens(h, sw: Sweep) -> None:
    from game.app.scenes.results import ResultsScene
    from game.core import registry
    from game.match import Match, SeatSpec

    for game in registry.ids():
        n = PLAYERS[game]
        m = Match(game, [SeatSpec(f"P{i + 1}", "human" if i == 0 else "ai", "easy") for i in range(n)], seed=5)
        rnd = random.Random(5)
        while m.outcome() is None:
            m.submit(rnd.choice(list(m.legal(m.to_act()[0]))))
        scene = ResultsScene(h.app)
        h.app.push(scene, match=m, viewer=0)
        h.step(dt=5.0, n=3)
        sw.look(h, f"results/{game}")
        h.app.pop()
        h.step()
