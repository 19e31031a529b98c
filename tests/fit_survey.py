"""The fit test's machinery (issue 27, "Text fits"): drive the screens in a language and count
what does not fit, from the screen transcript (game/app/transcript.py) and the fonts' own
fitting (``Fonts.fit``):

- **shrunk**: a text ``Fonts.fit`` drew at less than ``SHRINK`` of the size it was asked for
  (a box too narrow for its words: the text shrinks to fit rather than overflow);
- **cut**: a text run drawn with "…" that its message does not have (a word or a line cut off);
- **overlaps**: two different text runs whose boxes overlap (by more than a sliver).

``survey(size, catalogue=None)`` runs every screen: the menu, Settings, the rules of each game,
each game's setup, a table of each game played a stretch (seeded; the person's first legal
move), each lesson followed step by step, and the results.  A catalogue is a folder of
``<lang>/LC_MESSAGES/crowntable.mo`` (``tests/i18n_helpers.pseudo_locale(..., grow=0.35)``: the
messages 35% longer, as German and French run).  What English already does is the baseline:
``compare(english, other)`` keeps what the other language adds.

Run as a script for the report: ``python -m tests.fit_survey [--grow 0.35] [--size 960x540]``.
"""
from __future__ import annotations

import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pygame

#: a text drawn at less than this share of its asked size counts as shrunk
SHRINK = 0.8
#: overlaps smaller than this share of the smaller box are slivers (a descender on a border)
SLIVER = 0.15
TABLES = (("masterbluff", "human,ai,ai", 11), ("court", "human,ai", 11), ("death", "human,ai,ai", 11),
          ("ktm", "human,ai,ai,ai", 11), ("bossquest", "human,ai,ai", 11))


def _norm(text: str) -> str:
    """A text with its numbers as "#": "▲ 12 earlier" and "▲ 13 earlier" are one finding."""
    import re

    return re.sub(r"\d+", "#", text)


@dataclass
class Findings:
    shrunk: Counter = field(default_factory=Counter)     # (screen, text) -> times
    cut: Counter = field(default_factory=Counter)        # (screen, text)
    overlaps: Counter = field(default_factory=Counter)   # (screen, text a, text b)

    def counts(self) -> dict:
        return {"shrunk": len(self.shrunk), "cut": len(self.cut), "overlaps": len(self.overlaps)}


def _whole_ellipses() -> list:
    """Patterns of the messages that end in "…" themselves ("{name} is playing…"): a run that
    matches one is whole, not cut."""
    import re

    from babel.messages.pofile import read_po

    from tests.i18n_helpers import POT

    with open(POT, "rb") as f:
        ids = [m.id for m in read_po(f) if m.id]
    flat = [x for i in ids for x in (i if isinstance(i, tuple) else (i,))]
    out = []
    for m in (m.strip() for m in flat if m.rstrip().endswith("…")):
        # a field stands for anything, but a message of fields alone ("{power}…") for one word
        any_text = ".*" if re.sub(r"\{[^{}]*\}", "", m).strip("… ") else r"\S+"
        out.append(re.compile(re.sub(r"\\\{[^{}]*\\\}", lambda _m: any_text, re.escape(m)) + "$", re.S))
    return out


def cut_runs(texts, pseudo: bool) -> list[str]:
    """Runs cut with "…".  In the pseudo-locale every whole message ends with its closing mark,
    so a run ending in "…" is cut; in English, one that is not a message ending in "…"."""
    out = [t for t in texts if t.rstrip().endswith("…")]
    if pseudo:
        return out
    whole = _whole_ellipses()
    return [t for t in out if not any(w.match(t.strip()) for w in whole)]


def overlaps(frame) -> list[tuple[str, str]]:
    """Pairs of different text runs whose boxes overlap by more than a sliver.  What an overlay
    of the kit draws (a tip, the "why?" line, a lesson's panel: ``Frame.layers``) covers the
    table on purpose (the overlay tests check what it may cover): its runs are left out."""
    own = frame.overlay_spans()
    runs = [(item[5:], pygame.Rect(box)) for k, (item, box) in enumerate(frame.spans)
            if k not in own and item.startswith("text:") and item[5:].strip() and box.w * box.h > 0]
    out = []
    for i, (a, ra) in enumerate(runs):
        for b, rb in runs[i + 1:]:
            if a == b:
                continue                                     # a text and its own shadow
            c = ra.clip(rb)
            if c.w * c.h > SLIVER * min(ra.w * ra.h, rb.w * rb.h):
                out.append(tuple(sorted((a, b))))
    return out


class _FitSpy:
    def __init__(self, fonts, findings: Findings, where) -> None:
        self.fonts, self.findings, self.where = fonts, findings, where
        self.real = fonts.fit

    def __call__(self, text, px, max_w, bold=False):
        got = self.real(text, px, max_w, bold)
        if got < SHRINK * px:
            self.findings.shrunk[(self.where[0], _norm(text))] += 1
        return got


def survey(size=(1280, 720), catalogue: Path | None = None, lang: str = "it", moves: int = 60,
           lesson_frames: int = 600) -> Findings:
    from game.app import transcript
    from game.core import i18n

    found = Findings()
    where = ["start"]
    old_dir = i18n.LOCALE_DIR
    rec = transcript.start()
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=size, speed="off")
    try:
        if catalogue is not None:
            i18n.LOCALE_DIR = catalogue
            assert h.app.set_language(lang) == lang
        h.app.fonts.fit = _FitSpy(h.app.fonts, found, where)

        def look(screen: str, names=()) -> None:
            where[0] = screen
            f = rec.frames[-1]
            names = set(names)
            texts = [i[5:] for i in f.items if i.startswith("text:")]
            for t in cut_runs(texts, catalogue is not None):
                if not any(n.startswith(t.rstrip("…")) for n in names):
                    found.cut[(screen, _norm(t))] += 1
            for a, b in overlaps(f):
                found.overlaps[(screen, *sorted((_norm(a), _norm(b))))] += 1

        def step(screen: str, names=(), n: int = 1) -> None:
            where[0] = screen
            h.step(n=n)
            look(screen, names)

        from game.app.games import PLAYABLE

        h.menu()
        step("menu")
        where[0] = "settings"
        h.app.open_settings()
        step("settings")
        h.key(pygame.K_ESCAPE)
        for g in PLAYABLE:
            where[0] = f"rules {g}"
            h.app.open_rules(g)
            step(f"rules {g}")
            h.key(pygame.K_ESCAPE)
            where[0] = f"setup {g}"
            h.app.open_setup(g)
            step(f"setup {g}")
            h.key(pygame.K_ESCAPE)
        for g, seats, seed in TABLES:
            where[0] = f"table {g}"
            h.start(g, seats=seats, seed=seed)
            t = h.table
            m = t.match
            names = [s.name for s in m.seats]
            for _k in range(20 * moves):
                if h.table is None:
                    step(f"results {g}", names)
                    break
                if len(m.log) >= moves and not t.busy():
                    break
                if t.curtain_for is not None and not t.busy():
                    t.lift_curtain()
                elif t.steps.waiting():
                    t.release_step()
                elif not t.busy() and t.viewer in m.to_act() and m.is_human(t.viewer):
                    t.submit(next(iter(m.legal(t.viewer))))
                step(f"table {g}", names)
            where[0] = "menu"
            h.app.open_menu()
            h.step()
        for g in PLAYABLE:
            where[0] = f"lesson {g}"
            h.lesson(g)
            names = [s.name for s in h.table.match.seats]
            for _k in range(lesson_frames):
                guide = h.table.lesson if h.table is not None else None
                if guide is None or guide.recap_open:
                    break
                gesture = guide.gesture()
                if gesture:
                    h.do_gesture(gesture)
                if guide.recap_open:              # the recap covers the table on purpose
                    break
                step(f"lesson {g}", names)
            where[0] = "menu"
            h.app.open_menu()
            h.step()
    finally:
        h.close()
        transcript.stop()
        i18n.LOCALE_DIR = old_dir
        i18n.set_language("en")
    return found


def compare(base: Findings, other: Findings) -> Findings:
    """What ``other`` finds that ``base`` (English) does not, by screen: its texts differ, so a
    finding counts as new when its screen has more of its kind than in English."""
    out = Findings()
    out.cut = Counter(other.cut)                      # a pseudo-locale's cuts are all its own
    for kind in ("shrunk", "overlaps"):
        mine, theirs = getattr(other, kind), getattr(base, kind)
        per_screen = Counter(k[0] for k in theirs)
        seen = Counter()
        for k in sorted(mine):
            seen[k[0]] += 1
            if seen[k[0]] > per_screen[k[0]]:
                getattr(out, kind)[k] = mine[k]
    return out


def main(argv=None) -> int:
    import argparse

    from tests.i18n_helpers import pseudo_locale

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--grow", type=float, default=0.35)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--examples", type=int, default=12)
    a = p.parse_args(argv)
    size = tuple(int(x) for x in a.size.lower().split("x"))
    english = survey(size)
    folder = Path(tempfile.mkdtemp(prefix="crowntable-pseudo-"))
    pseudo_locale(folder, "it", grow=a.grow)
    pseudo = survey(size, folder)
    new = compare(english, pseudo)
    print(f"size {size[0]}x{size[1]}, pseudo-locale +{round(a.grow * 100)}%")
    print(f"English: {english.counts()}")
    print(f"pseudo:  {pseudo.counts()}")
    print(f"new in the pseudo-locale: {new.counts()}")
    for kind in ("shrunk", "cut", "overlaps"):
        items = getattr(new, kind)
        by_screen = Counter(k[0] for k in items)
        print(f"\n{kind}: {dict(sorted(by_screen.items()))}")
        for k in sorted(items)[:a.examples]:
            print("  ", " | ".join(str(x)[:90] for x in k))
    return 0


if __name__ == "__main__":
    sys.exit(main())
