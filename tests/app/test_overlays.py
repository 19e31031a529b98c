"""Nothing the player must read is covered (issue 25, section 3).

The screen transcript (``game/app/transcript.py``) records every text run and face with its
box, tags what each of the kit's overlays drew (tooltip, bubble, banner, toast, arrow, glow)
and carries the table's readable regions (``TableScene.readable_regions``).  A protected run
(``Frame.protected``) is a text or a face not drawn by an overlay
that lies mostly inside a readable region.  In seeded stretches of every table (AI and human seats, with the "why?"
line on and the pointer resting on things), every lesson step by step (with a wrong move, so
the refusal shows, and the pointer on things), and a hot-seat game: no overlay's box meets a
protected run (but what it points at), and no two overlays meet (a lesson's glows and its
arrow are one mark).  A planted overlay on a plate fails the check.
"""
from __future__ import annotations

import random

import pygame
import pytest

import game.rules  # noqa: F401  (declares every game)
from game.app import transcript
from game.core import registry

SIZE = (960, 540)
#: every registered game (a game missing from SEATS fails here)
GAMES = registry.ids()
SEATS = {"masterbluff": "human,ai,ai", "court": "human,ai", "death": "human,ai,ai", "ktm": "human,ai,ai",
         "bossquest": "human,ai,ai"}


def violations(frame) -> list[str]:
    """What covers what on ``frame`` (``Frame.covered``: an overlay over a protected run, or
    two overlays that meet)."""
    return frame.covered()


class Checker:
    """Collects the overlays seen and the violations over a run's frames."""

    def __init__(self, rec) -> None:
        self.rec = rec
        self.first = len(rec.frames)
        self.kinds: set[str] = set()
        self.bad: list[str] = []

    def check(self) -> None:
        for f in self.rec.frames[self.first:]:
            self.kinds |= {ly.kind for ly in f.layers}
            for v in violations(f):
                self.bad.append(f"{f.meta.get('game')} move {f.meta.get('log')}: {v}")
        del self.rec.frames[self.first:]            # keep memory flat


def app(home, speed: str = "off"):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=SIZE, speed=speed, home=str(home))
    h.app.settings.explain_ai = True
    h.app.settings.memory_aid = True
    return h


def hover(h, rnd: random.Random) -> None:
    """Rest the pointer on something the table explains (a tip shows after 0.6 s), or a plate."""
    t = h.table
    if t is None or h.scene is not t:
        return
    spots = [s.rect for s in t.table.help_spots() + t.hand_back_spots()]
    spots += [pygame.Rect(t.hand.sprites[k].pos, (1, 1)) for k in t.hand.keys() if k in t.hand.sprites]
    spots += [t.zone(s, "name") for s in range(t.n)]
    if not spots:
        return
    r = rnd.choice(spots)
    h.post_mouse("move", h.app.view.pt(*r.center), button=0)
    h.step(0.35, n=3)


def play_stretch(h, checker: Checker, moves: int, seed: int) -> None:
    rnd = random.Random(seed)
    t = h.table
    start = len(t.match.log)
    for k in range(4000):
        if h.scene is not t or len(t.match.log) - start >= moves:
            break
        if k % 7 == 3:
            hover(h, rnd)
        if not h.play_once():
            h.step(1 / 30)
        if k % 20 == 0:
            checker.check()
    checker.check()


# ---------------------------------------------------------------------------- the check bites
def still_table(home, game, seats):
    """A table whose AI seats never move (a frame stays as it is)."""
    h = app(home)
    h.start(game, seats=seats, seed=3)
    h.table.pacer.update = lambda dt, submit: None
    return h, h.table


def plant(t, *layers):
    """Draw each ``(kind, rect, painted)`` as an overlay of that kind over the table's own."""
    real = t.table.draw_overlays

    def planted(surf):
        real(surf)
        for kind, r, painted in layers:
            with transcript.layer(surf, kind, [r]):
                if painted:
                    pygame.draw.rect(surf, (0, 0, 0), r)
    t.table.draw_overlays = planted


def test_a_planted_overlay_on_a_plate_fails_the_check(home, rec):
    """A "why?" bubble drawn over a seat's plate (as the old placement could) is caught."""
    h, t = still_table(home, "masterbluff", "human,ai,ai")
    try:
        h.step()
        first = len(rec.frames)
        h.step()
        assert not violations(rec.frames[-1])           # a clean frame passes
        plant(t, ("bubble", h.app.view.rect(t.zone(1, "name").inflate(-20, -10)), True))
        h.step()
        bad = violations(rec.frames[-1])
        assert bad and "bubble" in bad[0] and t.name(1) in " ".join(bad), bad
        del rec.frames[first:]
    finally:
        h.close()


def test_two_overlays_that_meet_fail_the_check(home, rec):
    h, t = still_table(home, "court", "human,ai")
    try:
        plant(t, ("tooltip", pygame.Rect(300, 10, 60, 20), False), ("banner", pygame.Rect(320, 15, 60, 20), False))
        h.step()
        assert any("meets" in v for v in violations(rec.frames[-1]))
    finally:
        h.close()


# ---------------------------------------------------------------------------- the tables
@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("game", GAMES)
def test_no_overlay_covers_what_the_player_reads_at_the_table(home, rec, game, seed):
    h = app(home)
    try:
        h.start(game, seats=SEATS[game], seed=seed)
        checker = Checker(rec)
        play_stretch(h, checker, 40, seed=seed)
        assert not checker.bad, "\n".join(checker.bad[:12])
        assert "bubble" in checker.kinds and "tooltip" in checker.kinds, checker.kinds
    finally:
        h.close()


@pytest.mark.parametrize("game,players", [("masterbluff", 5), ("death", 9), ("ktm", 6), ("bossquest", 5)])
def test_no_overlay_covers_what_the_player_reads_at_a_full_table(home, rec, game, players):
    h = app(home)
    try:
        h.start(game, seats=",".join(["human"] + ["ai"] * (players - 1)), seed=21)
        checker = Checker(rec)
        play_stretch(h, checker, 40, seed=21)
        assert not checker.bad, "\n".join(checker.bad[:12])
        assert "bubble" in checker.kinds, checker.kinds
    finally:
        h.close()


@pytest.mark.parametrize("game,seats", [("ktm", "human,human,human"), ("death", "human,human,ai,ai"),
                                        ("masterbluff", "human,human,ai")])
def test_no_overlay_covers_what_the_player_reads_in_hot_seat(home, rec, game, seats):
    h = app(home)
    try:
        h.start(game, seats=seats, seed=4)
        checker = Checker(rec)
        play_stretch(h, checker, 18, seed=9)
        assert not checker.bad, "\n".join(checker.bad[:12])
    finally:
        h.close()


# ---------------------------------------------------------------------------- the lessons
def wrong_move(h, guide) -> bool:
    """Try one of the step's wrong moves (its ``wrong`` entries' targets), as a learner would."""
    step = guide.step
    for w in getattr(step, "wrong", ()) or ():
        g = guide.gesture_for(w.targets, step.gesture or "drag") if w.targets else None
        if g:
            h.do_gesture(g)
            return True
    return False


def walk_lesson(h, t, frames: int, after_gesture=lambda: None):
    """Follow the open lesson of table ``t`` by its own gestures for at most ``frames`` frames,
    until its recap; yield ``(guide, step index)`` once at each new step, before its gesture
    (the caller looks there, hovers or tries a wrong move), and call ``after_gesture()`` after
    each gesture made."""
    tried: set[int] = set()
    for _ in range(frames):
        guide = t.lesson
        if guide is None or guide.recap_open or h.scene is not t:
            return
        g = guide.gesture()
        if g is None:
            h.step(1 / 30)
            continue
        i = guide.run.index
        if i not in tried:
            tried.add(i)
            yield guide, i
            g = guide.gesture()
            if g is None:
                continue
        h.do_gesture(g)
        after_gesture()


@pytest.mark.parametrize("game", GAMES)
def test_no_overlay_covers_what_the_player_reads_in_the_lesson(home, rec, game):
    h = app(home)
    try:
        h.lesson(game)
        t = h.table
        checker = Checker(rec)
        rnd = random.Random(3)
        for guide, _i in walk_lesson(h, t, 6000, after_gesture=checker.check):
            h.step(0.1, n=2)                            # the step's marks as shown
            hover(h, rnd)                               # a tip over the step's table
            if wrong_move(h, guide):
                h.step(0.05, n=2)                       # the refusal
                hover(h, rnd)
            checker.check()
        checker.check()
        assert t.lesson.recap_open, "the lesson did not reach its recap"
        assert not checker.bad, "\n".join(checker.bad[:12])
        assert {"glow", "arrow", "tooltip", "banner"} <= checker.kinds, checker.kinds
    finally:
        h.close()


# ---------------------------------------------------------------------------- opaque panels
def _panel_pixel_over(h, t, point, background) -> tuple:
    """The window pixel at the layout ``point`` with the table drawn over ``background``."""
    surf = pygame.Surface(h.app.screen.get_size())
    t._background = lambda s: background
    t.draw(surf)
    del t._background
    return tuple(surf.get_at(h.app.view.pt(*point)))


@pytest.mark.parametrize("game,what", [("masterbluff", "win"), ("death", "aid"), ("bossquest", "perfect")])
def test_panels_are_opaque(harness, game, what):
    """The win panel, Death's aid and the PERFECT! banner hide the table under them: the same
    pixel inside them over a black table and over a white one (they showed it through)."""
    h = harness
    h.start(game, seats="human,ai,ai", seed=3)
    t = h.table
    t.pacer.update = lambda dt, submit: None
    h.step()
    if what == "win":
        t.celebrate_t, t.celebration = 2.0, "Bram wins!"
        z = t.layout.overlay("celebration")
    elif what == "aid":
        t.table.aid_open = True
        z = t.layout.overlay("aid_panel")
    else:
        t.table.banner = "PERFECT!"
        z = t.layout.overlay("celebration")
    size = h.app.screen.get_size()
    black, white = pygame.Surface(size), pygame.Surface(size)
    black.fill((0, 0, 0))
    white.fill((255, 255, 255))
    point = (z.right - 24, z.bottom - 14)          # inside the border, clear of the words
    assert _panel_pixel_over(h, t, point, black) == _panel_pixel_over(h, t, point, white)


# ---------------------------------------------------------------------------- the cases new users met
def test_boss_quest_why_line_on_your_turn_is_by_the_ai_not_over_the_spells(harness):
    """Boss Quest, your own turn: an AI's "why?" line sat mid-table over the Magician's spells.
    It goes by that seat (under its cards), clear of the Magician, the spells and every plate."""
    from game.app.table.scene import WhyLine

    h = harness
    h.start("bossquest", seats="human,ai,ai", seed=11)
    t = h.table
    assert h.autoplay(lambda: t.can_play() and not t.busy(), 5000)
    t.pacer.update = lambda dt, submit: None
    regions = t.readable_regions()
    for seat in (1, 2):
        w = WhyLine("Cast Strength +2 on their own knight: closer to the HP", seat, t.viewer, t.time)
        _lines, r, _side = t.why_place(w)
        hit = [k for k, z in regions.items() if r.colliderect(z)]
        assert not hit, (seat, r, hit)
        assert r.collidelist(t.widget_rects()) < 0
        hz = t.zone(seat, "hand")
        assert r.top >= hz.top and r.top - hz.bottom < 60, (seat, r, hz)     # just under its cards


def test_court_lesson_step_4_refusal_and_tip_never_meet(harness):
    """Fireball Court's lesson, step 4: the 4 dropped on the 7 stack. The refusal banner was
    drawn over the tip of the card under the pointer; now both show, apart, over nothing to read."""
    h = harness
    h.lesson("court")
    t = h.table
    guide = h.lesson_to(3)
    h.do_gesture(guide.gesture_for(["card:coin_4", "stack:7"], "drag"))
    h.step(0.05)
    assert t.toast.msg.startswith("Your 4 does not match")
    stack = guide.target_rect("stack:7")
    h.post_mouse("move", h.app.view.pt(*stack.center), button=0)
    h.step(0.35, n=3)
    plan = t.overlay_plan()
    assert plan.toast is not None and plan.tip is not None
    banner, tip = plan.toast[0], plan.tip[1]
    assert not banner.colliderect(tip)
    for k, z in t.readable_regions().items():
        assert not banner.colliderect(z) and not tip.colliderect(z), k
    assert not tip.colliderect(stack)


def test_the_lesson_arrow_points_at_the_pile_clear_of_the_status_words(harness):
    """MasterBluff's lesson, "drag them onto the pile": the arrow crossed the status line's
    words ("drag th⬇onto the pile"); it now points at the pile from clear felt."""
    h = harness
    h.lesson("masterbluff")
    t = h.table
    for _ in range(400):
        st = t.lesson.step
        if st is not None and st.kind == "you" and st.gesture == "drag" and t.overlay_plan().glows and not t.busy():
            break
        g = t.lesson.gesture()
        h.do_gesture(g) if g else h.step()
    plan = t.overlay_plan()
    marks = list(plan.arrow.boxes) if plan.arrow is not None else [plan.pointer.box]
    status = t.readable_regions()["status"]
    pile = t.layout.shared("pile")
    assert all(not b.colliderect(status) for b in marks)
    if plan.pointer is not None:
        assert plan.pointer_target == pile or plan.pointer_target.colliderect(pile)
        assert not plan.pointer.box.colliderect(pile)


def test_drawing_the_overlays_changes_nothing(harness):
    """``draw`` only paints: with a lesson's marks, a refusal, a tip and a "why?" line up, the
    scene's state is the same after drawing as before (the placement is the plan's, pure)."""
    from game.app.table.scene import WhyLine

    h = harness
    h.lesson("court")
    t = h.table
    guide = h.lesson_to(3)
    h.do_gesture(guide.gesture_for(["card:coin_4", "stack:7"], "drag"))
    h.post_mouse("move", h.app.view.pt(*guide.target_rect("stack:7").center), button=0)
    h.step(0.35, n=3)
    t.why_line = WhyLine("Laid a 4 on the felt", 1, t.viewer, t.time)
    plan = t.overlay_plan()
    assert plan.glows and plan.toast and plan.tip and plan.why
    caches = {"_bg_cache", "_log_wrap_memo"}
    before = {k: repr(v) for k, v in vars(t).items() if k not in caches}
    lesson = repr(vars(guide))
    t.draw(pygame.Surface(h.app.screen.get_size()))
    assert {k: repr(v) for k, v in vars(t).items() if k not in caches} == before
    assert repr(vars(guide)) == lesson and t.overlay_plan() == plan


def test_boss_quest_lesson_take_2_is_lit_without_an_arrow_over_words_or_weapons(harness):
    """Boss Quest's lesson, "Press Take 2": the arrow sat on the button's words; below it would
    sit on your own weapons, beside it on the other buttons, above it on the status line. The
    glow alone marks it, or an arrow from a clear side."""
    h = harness
    h.lesson("bossquest")
    t = h.table
    for _ in range(300):
        st = t.lesson.step
        b = t.lesson._button_for(st.expect) if st is not None and st.kind == "you" else None
        if b is not None and not t.busy() and t.overlay_plan().glows:
            break
        g = t.lesson.gesture()
        h.do_gesture(g) if g else h.step()
    assert b is not None and b.label == "Take 2"
    plan = t.overlay_plan()
    assert [g[1] for g in plan.glows] == [b.rect]
    if plan.pointer is not None:
        box = plan.pointer.box
        assert not box.colliderect(t.zone(t.viewer, "hand")) and not box.colliderect(t.layout.shared("status"))
        assert box.collidelist([w.rect for w in t.answers]) < 0


def test_a_refusal_left_up_keeps_off_the_cards_being_dragged(home, rec):
    """MasterBluff's lesson, "declare your 3 Jesters as Wizards": the refusal of a wrong drop is
    still up when the learner drags the right cards to the pile.  The banner lay across their
    path and covered the cards under the pointer; the cards carried are a readable region
    (``drag``), and the banner keeps off them all the way to the pile."""
    h = app(home)
    try:
        h.lesson("masterbluff")
        t = h.table
        guide = h.lesson_to(12)
        assert wrong_move(h, guide)                     # the token armed: the drop is refused
        for _ in range(6):
            if t.toast.ttl > 0:
                break
            h.do_gesture(guide.gesture())
        assert t.toast.ttl > 0 and t.toast.msg.startswith("Keep your exchange token"), t.toast.msg
        g = guide.gesture()
        assert g[0] == "drag", g
        v = h.app.view
        start, end = v.pt(*g[1]), v.pt(*g[2])
        h.post_mouse("move", start, 0)
        h.post_mouse("down", start)
        h.step()
        first = len(rec.frames)
        seen = []
        for i in range(1, 41):
            p = (round(start[0] + (end[0] - start[0]) * i / 40), round(start[1] + (end[1] - start[1]) * i / 40))
            h.post_mouse("move", p)
            h.step()
            assert t.drag is not None and t.drag.active and t.toast.ttl > 0
            seen.append("drag" in t.readable_regions())
            plan = t.overlay_plan()
            assert plan.toast is not None
        bad = [v for f in rec.frames[first:] for v in violations(f)]
        assert all(seen) and not bad, bad[:6]
        h.post_mouse("up", end)
        h.step()
    finally:
        h.close()


def test_boss_quest_lesson_glows_on_the_score_sheet_keep_off_the_other_rows_and_the_boss(home, rec):
    """Boss Quest's lesson lights rows of the round's score sheet ("hearts:1": a column from its
    strength down to "Hearts lost"; "sheet:4" and "sheet:5": the Keys and Hearts rows).  The
    sheet was one region holding the lit rows, so the glow's reach lay on the next row's words
    ("0 / 5", "Hearts lost"); and the sheet began over the boss's HP badge, so a lit row's glow
    lay on "17 HP".  Each row's words are regions of their own, and the sheet starts right of the
    boss."""
    h = app(home)
    try:
        h.lesson("bossquest")
        t = h.table
        assert not t.layout.overlay("summary").colliderect(t.layout.shared("boss"))
        wanted = [("hearts:1",), ("sheet:4", "sheet:5")]
        seen = []
        for _ in range(20000):
            guide = t.lesson
            if guide is None or guide.recap_open or not wanted:
                break
            st = guide.step
            if st is not None and tuple(st.targets or ()) == wanted[0] and t.overlay_plan().glows:
                first = len(rec.frames)
                h.step(0.05, n=12)                      # the glows pulse at their widest
                words = t.sheet_words()
                assert words, "the sheet is up"
                seen.append(wanted.pop(0))
                bad = [v for f in rec.frames[first:] for v in violations(f)]
                assert not bad, bad[:6]
                for box, target, *_rest in t.overlay_plan().glows:
                    near = [k for k, r in words.items() if not r.colliderect(target) and r.colliderect(box)]
                    assert not near, (target, near)
            g = guide.gesture()
            h.do_gesture(g) if g else h.step(1 / 30)
        assert seen == [("hearts:1",), ("sheet:4", "sheet:5")], seen
    finally:
        h.close()


# ---------------------------------------------------------------------------- issue 25, third trials
def _runs(frame, *prefixes) -> list:
    """(item, box) of the spans on ``frame`` whose item starts with one of ``prefixes``."""
    return [(i, b) for i, b in frame.spans if i.startswith(prefixes)]


def _overlays_on(frame, boxes) -> list[str]:
    """The overlays of ``frame`` that meet one of ``boxes`` (but what they point at)."""
    out = []
    for ly in frame.layers:
        for item, box in boxes:
            if any(tg.colliderect(box) for tg in ly.targets):
                continue
            if box.collidelist(list(ly.boxes)) >= 0:
                out.append(f"{ly.kind} {ly.boxes[0]} on {item!r} {tuple(box)}")
    return out


def test_ktm_empty_spots_label_and_card_stay_uncovered_in_the_lesson(home, rec):
    """King Thief Minister's lesson: the arrow sat on "empty spot 2"/"empty spot 3", the
    face-down card's and the treasury's tips on the "empty spot N" labels, a "why?" line on an
    empty spot's card.  Each empty spot (its card and its label) is a readable region: over the
    lesson's first steps, with the pointer on each card and the treasury, no overlay meets an
    "empty spot" label or an empty spot's card (read from the drawn screen, not the regions)."""
    h = app(home)
    try:
        h.lesson("ktm")
        t = h.table
        empty = [s for s in range(6) if t.table.seat_at(s) is None]
        assert len(empty) == 3
        bad, kinds = [], set()
        for k in range(0, 6):
            guide = h.lesson_to(k)
            spots = [t.table.spot_rect(s) for s in range(6)] + [t.layout.shared("treasury")]
            for r in [None] + spots:
                if r is not None:
                    h.post_mouse("move", h.app.view.pt(*r.center), button=0)
                h.step(0.35, n=3)
                f = rec.frames[-1]
                kinds |= {ly.kind for ly in f.layers}
                cards = [("empty card", h.app.view.rect(t.table.spot_rect(s))) for s in empty]
                bad += [f"step {k + 1}: {v}" for v in _overlays_on(f, _runs(f, "text:empty spot") + cards)]
            del rec.frames[:]
            assert guide is t.lesson
        assert not bad, "\n".join(bad[:8])
        assert {"tooltip", "arrow"} & kinds, kinds
    finally:
        h.close()


def test_ktm_looking_badge_keeps_off_the_coin_counts(home, rec):
    """King Thief Minister, the opening look: "Looking: Dario, Player 1" (two lines, on Cleo's
    card) lay over Cleo's coin count.  The badge slides along its card, by the kit's placement,
    clear of every coin stack and count and every plate; coin counts are readable regions."""
    h = app(home)
    try:
        h.start("ktm", seats="human,ai,ai,ai", seed=3)
        t = h.table
        t.pacer.update = lambda dt, submit: None
        h.step()
        for seat in range(t.n):
            t.table.eyes = {t.table.owned[seat]: [x for x in range(t.n) if x != seat][:2]}
            h.step()
            f = rec.frames[-1]
            looks = _runs(f, "text:Looking")
            assert looks, [i for i, _b in f.spans if i.startswith("text:")][:20]
            counts = []
            for x in range(t.n):
                z = t.zone(x, "token")
                counts.append(h.app.view.rect(z.union(pygame.Rect(z.centerx - 20, z.bottom - 6, 40, 24))))
            pills = [b for i, b in f.spans if i.strip() == f"text:{t.shown.coins[0]}"]
            assert len(pills) >= t.n
            for _i, b in looks:
                assert b.collidelist(counts) < 0, (seat, b, counts)
                assert b.collidelist(pills) < 0, (seat, b)
            del rec.frames[:]
        assert all(f"coins:{x}" in t.readable_regions() for x in range(t.n))
    finally:
        h.close()


def _panel_meets(t) -> list[str]:
    regions = t.readable_regions()
    panel = regions.get("lesson")
    if panel is None:
        return []
    return [f"{k} {tuple(r)}" for k, r in regions.items() if k not in ("lesson", "drag") and panel.colliderect(r)]


@pytest.mark.parametrize("game", ["death", "bossquest"])
def test_the_lesson_panel_never_grows_over_a_plate_or_the_sheet(home, game):
    """The lesson panel sits in the log's place and grows upward with its words.  Death, step
    19: a two-line refusal made it taller, over Dario's plate ("Normal"); Boss Quest, step 24:
    it lay on the score sheet's Hearts row.  At every step, after a wrong move too, the panel
    meets no readable region (it keeps below them, its words in a tighter shape)."""
    h = app(home)
    try:
        h.lesson(game)
        t = h.table
        bad = []
        discarded = False
        for guide, i in walk_lesson(h, t, 20000):
            bad += [f"step {i}: {m}" for m in _panel_meets(t)]
            if wrong_move(h, guide):
                h.step(0.05, n=2)
                bad += [f"step {i} (wrong): {m}" for m in _panel_meets(t)]
            if game == "death" and guide.step.kind == "you" and " cut" in str(guide.step.expect):
                k = t.hand.keys()[0]                    # Death onto the discard: a two-sentence refusal
                v = h.app.view
                h.drag(v.pt(*t.hand.sprites[k].pos), v.pt(*t.layout.shared("discard").center))
                h.step(0.05, n=2)
                assert guide.run.wrong_text.startswith("You cannot throw a card on the discard pile.")
                bad += [f"step {i} (discard): {m}" for m in _panel_meets(t)]
                discarded = True
        assert t.lesson.recap_open and (game != "death" or discarded)
        assert not bad, "\n".join(bad[:10])
    finally:
        h.close()


def _straddling(frame, panel) -> list:
    """The texts on ``frame`` that a panel half covers: meeting it, not inside it (the panel is
    drawn over them, so what is left of them reads cut: "lden weapon is")."""
    return [(i, tuple(b)) for i, b in frame.spans
            if i.startswith("text:") and i.strip() != "text:" and b.colliderect(panel) and not panel.contains(b)]


def test_boss_quests_round_sheet_leaves_nothing_half_covered(home, rec):
    """Boss Quest's round sheet (x 172-1132) lay over the left part of the Table log, leaving cut
    lines ("lden weapon is"), and over the Magician's band ("Ma", "dr", "pa").  While a panel
    meets the log, the log is not drawn, nor the band: no text is left half under the sheet."""
    h = app(home)
    try:
        h.start("bossquest", seats="human,ai,ai", seed=5)
        t = h.table
        assert h.autoplay(lambda: t.sheet is not None, 20000), "no round summary came"
        h.step(0.1, n=3)
        f = rec.frames[-1]
        sheet = t.layout.overlay("summary")
        assert sheet.colliderect(t.layout.shared("log"))
        cut = _straddling(f, h.app.view.rect(sheet))
        assert not cut, cut[:6]
        assert t.log_hidden() and not [i for i, _b in f.spans if i == "text:Table log"]
    finally:
        h.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_panel_that_meets_the_log_hides_it(home, game):
    """Each table's panels (round summary, reveal, choice panel, Death's aid): one that meets
    the Table log is among the panels the kit knows are up (``panels_up``), so the log is not
    drawn half under it; the others (Court's summary, KTM's and Death's pickers) are clear of it."""
    h = app(home)
    try:
        h.start(game, seats=SEATS[game], seed=3)
        t = h.table
        log = t.layout.shared("log")
        known = {"summary": "sheet", "reveal": "reveal", "picker": "choice"}
        for name, r in t.layout.layers.get("overlays", {}).items():
            if not r.colliderect(log) or name in ("labels",):
                continue
            if name in known:
                setattr(t, known[name], object())
                try:
                    assert t.log_hidden(), name
                finally:
                    setattr(t, known[name], None)
            elif name == "aid_panel":
                t.table.aid_open = True
                assert t.log_hidden()
                t.table.aid_open = False
            else:
                raise AssertionError(f"{game}: the panel {name!r} meets the log and is not known to the kit")
    finally:
        h.close()


def test_deaths_aid_leaves_no_log_line_half_covered(home, rec):
    h = app(home)
    try:
        h.start("death", seats="human,ai,ai", seed=5)
        t = h.table
        assert h.autoplay(lambda: len(t.table_log.lines) > 6 and t.can_play(), 20000)
        t.pacer.update = lambda dt, submit: None
        h.key(pygame.K_a)
        h.step(0.1, n=2)
        assert t.table.aid_open
        f = rec.frames[-1]
        cut = _straddling(f, h.app.view.rect(t.layout.overlay("aid_panel")))
        assert not cut, cut[:6]
    finally:
        h.close()


def test_court_hand_marks_keep_off_the_card_top_and_the_hint_bar(home, rec):
    """Fireball Court: the "captures"/"sweeps" tags sat over the top of the raised card (the
    Fireball's name, the 7's frame) and over the hint bar's words.  They go on the card's own
    lower half: below its centre, clear of every word of the status line."""
    h = app(home)
    try:
        h.lesson("court")
        t = h.table
        v = h.app.view
        checked = 0
        for _ in range(20000):
            guide = t.lesson
            if guide.recap_open:
                break
            g = guide.gesture()
            if g is None:
                h.step(1 / 30)
                continue
            marked = [k for k in t.hand.keys() if t.table.hand_mark(k)]
            if marked:
                h.post_mouse("move", v.pt(*t.hand.sprites[marked[0]].pos), button=0)   # it rises
                h.step(0.2, n=3)
                f = rec.frames[-1]
                status = v.rect(t.layout.shared("status").inflate(0, 12))        # (two lines reach out)
                words = [b for i, b in f.spans if i.startswith("text:") and i.strip() != "text:"
                         and status.contains(b)]
                assert words
                tags = [b for i, b in f.spans if i in ("text:captures", "text:sweeps")]
                assert len(tags) == len(marked)
                for b in tags:
                    assert b.collidelist(words) < 0, (b, words)
                    centres = [v.pt(*t.hand.sprites[k].pos) for k in marked]
                    assert any(abs(b.centerx - x) < 40 and b.top > y for x, y in centres), (b, centres)
                checked += 1
                del rec.frames[:]
            h.do_gesture(g)
        assert checked >= 5
    finally:
        h.close()


def test_a_card_in_flight_passes_under_the_status_line(home, rec):
    """MasterBluff: cards arriving from a taken pile flew over the status line for about a
    second.  A flight that meets the status line is drawn under its words (the line is drawn
    again over it)."""
    from game.app.sprites import Flyer

    h = app(home, speed="normal")
    try:
        h.start("masterbluff", seats="human,ai,ai", seed=3)
        t = h.table
        t.pacer.update = lambda dt, submit: None
        h.step()
        st = t.layout.shared("status")
        fl = Flyer((st.x + 40, st.centery), (st.right - 40, st.centery), 90, 90, None)
        t.flyers.append(fl.launch(t.tweener, 5.0))
        h.step(0.5)
        f = rec.frames[-1]
        status = h.app.view.rect(st)
        backs = [k for k, (i, b) in enumerate(f.spans) if i.startswith("back:") and b.colliderect(status)]
        words = [k for k, (i, b) in enumerate(f.spans)
                 if i.startswith("text:") and i.strip() != "text:" and status.contains(b)]
        assert backs and words, [(i, tuple(b)) for i, b in f.spans if b.colliderect(status)]
        assert max(words) > max(backs), (f.spans[max(backs)], [f.spans[k] for k in words])
    finally:
        h.close()
