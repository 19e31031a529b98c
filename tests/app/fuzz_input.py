"""A fuzz of a table's pointer input (tests/app/test_drag_fuzz.py): from a position where the
person at the screen may act, drag every draggable thing (hand cards, and the pieces the
table's own ``piece_at`` hit test finds) onto every drop zone and onto the bare felt, click
every one of them, click a card and then each zone, press every answer button and every tile
of every choice panel that opens; all through posted pygame events.

Each gesture must end in a move (the kit resolved a drop to legal actions and called
``on_drop``, or the log grew) or a refusal in words (``say`` with a non-empty reason), and
its toast covers no button; an exception fails the test.  After a gesture that changed anything the table is rebuilt
from the position's record, so every gesture starts from the same place."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.match import Match
from game.match.record import GameRecord

GRID = 22          # layout units between the probes of the piece hit test


@dataclass
class Report:
    gestures: int = 0
    moves: int = 0
    refusals: list = field(default_factory=list)     # (gesture, reason)
    silent: list = field(default_factory=list)        # gestures that ended in neither
    positions: int = 0


class Fuzzer:
    def __init__(self, h, report: Report | None = None):
        self.h = h
        self.report = report or Report()

    # ------------------------------------------------------------------ the position
    def may_act(self) -> bool:
        t = self.h.table
        return (t is not None and self.h.scene is t and not t.busy() and t.curtain_for is None
                and t.viewer in t.match.to_act() and t.match.is_human(t.viewer)
                and t.privacy.may_act(t.viewer) and t.choice is None and t.match.outcome() is None)

    def restore(self, rec: dict):
        self.h.start(match=Match.from_record(GameRecord.from_json(rec)))
        t = self.h.table
        self.h.run_until(lambda: not t.busy(), 2000)
        if t.curtain_for is not None:
            t.lift_curtain()                 # hot seat: the person to act is at the screen
            self.h.run_until(lambda: not t.busy(), 2000)
        t.pacer.update = lambda dt, submit: None      # the AIs wait: the position holds still
        return self.watch(t)

    def watch(self, t):
        """Record on the table whether a gesture reached ``on_drop`` or ``say`` (with words)."""
        t._fz = {"drop": 0, "said": []}
        on_drop, say = t.table.on_drop, t.say

        def drop(zone, actions, drag):
            t._fz["drop"] += 1
            return on_drop(zone, actions, drag)

        def said(msg, pos=None):
            t._fz["said"].append(msg)
            return say(msg, pos)
        t.table.on_drop, t.say = drop, said
        return t

    def pt(self, p) -> tuple[int, int]:
        return self.h.app.view.pt(*p)

    # ------------------------------------------------------------------ what there is
    def pieces(self, t) -> list[tuple[str, tuple[int, int]]]:
        """Each draggable piece the table's hit test finds, and a layout point in its middle:
        the probes are grouped by what ``piece_at`` names and by touching (one region per
        piece, e.g. each card of a ring that ``piece_at`` calls "card").  ``piece_at`` may note
        what it found, as a press would: that is put back."""
        keep = dict(vars(t))
        hits: dict = {}
        for y in range(GRID // 2, 720, GRID):
            for x in range(GRID // 2, 1280, GRID):
                p = t.table.piece_at((x, y))
                if p is not None:
                    hits.setdefault(p, set()).add((x, y))
        vars(t).clear()
        vars(t).update(keep)
        out = []
        for p, pts in hits.items():
            while pts:
                region, todo = set(), [pts.pop()]
                while todo:
                    x, y = todo.pop()
                    region.add((x, y))
                    for q in ((x + GRID, y), (x - GRID, y), (x, y + GRID), (x, y - GRID)):
                        if q in pts:
                            pts.discard(q)
                            todo.append(q)
                mx = sum(x for x, _ in region) / len(region)
                my = sum(y for _, y in region) / len(region)
                out.append((f"{p!r}@{round(mx)},{round(my)}",
                            min(region, key=lambda q: (q[0] - mx) ** 2 + (q[1] - my) ** 2)))
        return out

    def sources(self, t) -> list[tuple[str, tuple[int, int]]]:
        v = self.h.app.view
        out = [(f"card {k!r}", wp) for k, wp in t.hand.click_points()]
        out += [(f"piece {p}", self.pt(q)) for p, q in self.pieces(t)]
        return [(name, wp) for name, wp in out if 0 <= v.logical(wp)[0] < 1280]

    def targets(self, t) -> list[tuple[str, tuple[int, int]]]:
        seen, out = set(), []
        for z in t.table.drop_zones():
            c = z.rect.center
            if c not in seen:
                seen.add(c)
                out.append((f"zone {z.name}", self.pt(c)))
        out.append(("felt", self.pt((60, 420))))
        return out

    # ------------------------------------------------------------------ gestures
    def outcome(self, t, name: str, n0: int) -> bool:
        """Check and count one gesture; True when the table changed (rebuild it)."""
        r = self.report
        r.gestures += 1
        fz = t._fz
        box = t.toast_rect()
        assert box is None or not any(box.colliderect(w) for w in t.widget_rects()), f"{name}: the toast covers a button"
        moved = fz["drop"] > 0 or len(t.match.log) != n0
        words = [m for m in fz["said"] if m and m.strip()]
        if moved:
            r.moves += 1
        elif words:
            r.refusals.append((name, words[-1]))
        else:
            r.silent.append(name)
        fz["drop"], fz["said"] = 0, []
        return moved or t.choice is not None or len(t.match.log) != n0

    def tiles(self, t) -> list:
        return [b for b in (t.choice.buttons if t.choice else []) if b.enabled]

    def each_tile(self, rec: dict, redo, name: str) -> None:
        """A choice panel opened after ``redo(table)``: press each of its enabled buttons, each
        from the position again."""
        t = self.h.table
        count = len(self.tiles(t))
        for i in range(count):
            t = self.restore(rec)
            n0 = len(t.match.log)
            redo(t)
            tiles = self.tiles(t)
            if i >= len(tiles):
                break
            self.h.click(self.h.app.view.rect(tiles[i].rect).center)
            self.h.step(n=2)
            self.report.gestures += 1
            assert t.choice is None or len(t.match.log) == n0, f"{name}: tile {i} left the panel up"

    def drag(self, t, src, dst) -> None:
        self.h.drag(src, dst, steps=2)
        self.h.step()

    def fuzz_position(self, rec: dict, choices: set) -> None:
        h = self.h
        self.report.positions += 1
        t = self.restore(rec)
        srcs, dsts = self.sources(t), self.targets(t)
        assert srcs or t.answers, f"nothing to drag or press at {len(t.match.log)} moves"
        for sname, src in srcs:
            # a click on it
            n0 = len(t.match.log)
            h.click(src)
            h.step()
            if t.choice is not None:
                key = (t.choice.title, tuple(b.label for b in t.choice.buttons))
                if key not in choices:
                    choices.add(key)
                    self.each_tile(rec, lambda tt, s=src: (h.click(s), h.step()), f"click {sname}")
                t = self.restore(rec)
            elif len(t.match.log) != n0:
                t = self.restore(rec)
            else:
                # ... then a click on each zone (click a card, then its target)
                for dname, dst in dsts:
                    n1 = len(t.match.log)
                    h.click(dst)
                    h.step()
                    if t.choice is not None or len(t.match.log) != n1 or t._fz["drop"]:
                        t._fz["drop"] = 0
                        t = self.restore(rec)
                        h.click(src)
                        h.step()
                    t._fz["said"] = []
                t = self.restore(rec)
            # a drag onto every zone and the felt
            for dname, dst in dsts:
                a, b = h.app.view.logical(src), h.app.view.logical(dst)
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) < 12:
                    continue                     # onto itself: a click, done above
                name = f"drag {sname} -> {dname} at move {len(t.match.log)}"
                n0 = len(t.match.log)
                self.drag(t, src, dst)
                if t.choice is not None:
                    key = (t.choice.title, tuple(b.label for b in t.choice.buttons))
                    if key not in choices:
                        choices.add(key)
                        self.each_tile(rec, lambda tt, s=src, d=dst: self.drag(tt, s, d), name)
                    t = self.restore(rec)
                    self.report.gestures += 1
                    self.report.moves += 1
                    continue
                if self.outcome(t, name, n0):
                    t = self.restore(rec)
        # every answer button
        for i in range(len(t.answers)):
            t = self.restore(rec)
            if i >= len(t.answers):
                break
            h.click(h.app.view.rect(t.answers[i].rect).center)
            h.step(n=2)
            self.report.gestures += 1
            if t.choice is not None:
                key = (t.choice.title, tuple(b.label for b in t.choice.buttons))
                if key not in choices:
                    choices.add(key)
                    self.each_tile(rec, lambda tt, i=i: (h.click(h.app.view.rect(tt.answers[i].rect).center),
                                                         h.step(n=2)), f"answer {i}")


def positions(h, game: str, seats: str, seed: int, count: int, gap: int = 8) -> list[dict]:
    """Records of up to ``count`` positions of a seeded game where the human at the screen may
    act: each new situation (the phase and the kinds of legal moves) at once, else one every
    ``gap`` moves.  The human plays seeded random legal moves through the table's ``submit``
    (the AIs play as usual), so the positions cover what a person may meet."""
    fz = Fuzzer(h)
    rnd = random.Random(seed)
    h.start(game, seats=seats, seed=seed)
    t = h.table
    out, last, seen = [], -gap, set()
    for _ in range(60000):
        if h.scene is not t or t.match.outcome() is not None or len(out) >= count:
            break
        if fz.may_act():
            n, legal = len(t.match.log), list(t.match.legal(t.viewer))
            sig = (getattr(t.shown, "phase", None), frozenset(a.kind for a in legal))
            if n != last and (sig not in seen or n >= last + gap):
                out.append(t.match.record.to_json())
                last = n
                seen.add(sig)
            t.submit(rnd.choice(legal))
        elif t.curtain_for is not None and not t.busy():
            t.lift_curtain()                 # hot seat: the next person sits down
        elif t.steps.waiting():
            t.release_step()                 # Continue after a result, as a person would
        h.step()
    return out
