"""Renders the screenshots in this folder with the headless harness.

    python docs/screenshots/make_screenshots.py [outdir] [--only bossquest]
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.app.headless import HeadlessApp  # noqa: E402
from game.app.scenes.results import ResultsScene  # noqa: E402

# ``--only NAME`` renders one group: a game's shots (``--only bossquest``: bossquest_shots)
_ARGS = sys.argv[1:]
ONLY = _ARGS[_ARGS.index("--only") + 1] if "--only" in _ARGS else None
_ARGS = [a for i, a in enumerate(_ARGS) if a != "--only" and (i == 0 or _ARGS[i - 1] != "--only")]
OUT = Path(_ARGS[0]) if _ARGS else Path(__file__).resolve().parent


def key(h, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    h.step()


def play_until(h, cond, max_frames=20000, bluff=False):
    return h.autoplay(cond, max_frames, bluff)


def mid_game(players: int, name: str, size=(1280, 720), seed=12, actions=8, pile=False) -> HeadlessApp:
    """A table mid-game on the human's turn (with cards on the pile if ``pile``), two cards
    selected and a third hovered, so the shot shows the interaction states."""
    h = HeadlessApp(size=size, speed="normal", home=tempfile.mkdtemp())
    h.start(seats=",".join(["human"] + ["ai"] * (players - 1)), seed=seed)
    t = h.table
    play_until(h, lambda: len(t.match.log) >= actions and t.viewer_can_discard()
               and (not pile or t.obs().pile_size > 0))
    pts = t.card_click_points()
    for _, p in pts[3:5]:
        h.click(p)
    hover = pts[min(8, len(pts) - 1)][1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(0, 0), buttons=(0, 0, 0)))
    h.step(n=40)
    h.screenshot(OUT / name)
    return h


def hotseat_window(name: str) -> None:
    """Hot seat: the curtain names the next human; then only that human's hand and Bluff!
    buttons are on screen (the other human answers behind their own curtain)."""
    h = HeadlessApp(speed="fast", home=tempfile.mkdtemp())
    h.start(seats="human,human,ai,ai", seed=4)
    t = h.table
    h.autoplay(lambda: t.pending_humans() and len([s for s in t.match.to_act() if t.match.is_human(s)]) == 2,
               20000)
    b = t.window_buttons[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=h.app.view.rect(b.rect).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    h.step(n=3)
    h.screenshot(OUT / name)
    h.close()


def court_shots() -> None:
    """Fireball Court mid-round (a capture on offer, a card focused) and the round summary."""
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start("court", seats="human,ai", seed=11)
    t = h.table
    play_until(h, lambda: len(t.match.log) >= 9 and t.can_play() and not t.busy()
               and any(t.hand_mark(k) for k in t.hand.keys()), 40000)
    h.key(pygame.K_RIGHT)
    h.step(n=40)
    h.screenshot(OUT / "court_table.png")
    play_until(h, lambda: t.steps.waiting(), 200000)
    h.step(n=10)
    h.screenshot(OUT / "court_summary.png")
    h.close()


def ktm_shots() -> None:
    """King Thief Minister mid-game: 3 players with the memory aid on (the human's turn), and
    6 players on the human's turn (seed 1, turn 6)."""
    for n, name, seed in ((3, "ktm_3p.png", 5), (6, "ktm_6p.png", 1)):
        h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
        h.app.settings.memory_aid = n == 3
        h.start("ktm", seats=",".join(["human"] + ["ai"] * (n - 1)), seed=seed)
        t = h.table
        play_until(h, lambda: len(t.match.log) >= 3 * n and t.can_play() and not t.busy()
                   and t.shown.phase == "turn", 80000)
        h.step(n=30)
        h.screenshot(OUT / name)
        h.close()


def bossquest_shots() -> None:
    """Boss Quest: 2 players on the human's turn with the pawn at the Magician (a spell in
    play); 5 players as the fight resolves row by row (strengths, busts, the winner)."""
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start("bossquest", seats="human,ai", seed=7)
    t = h.table
    play_until(h, lambda: (t.steps.waiting() and t.release_step()) or (
        len(t.match.log) >= 4 and t.can_play() and not t.busy() and t.shown.active
        and any(c is not None for c in t.shown.magician)), 80000)
    t.visiting = True
    h.step(n=30)
    h.screenshot(OUT / "bossquest_2p.png")
    h.close()
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start("bossquest", seats=",".join(["human"] + ["ai"] * 4), seed=9)
    t = h.table
    play_until(h, lambda: len(t.shown.fight) == 5 and t.sheet is None, 200000)
    h.step(n=10)
    h.screenshot(OUT / "bossquest_5p.png")
    h.close()


def menu_and_setup() -> None:
    """The menu (keyboard focus on MasterBluff), MasterBluff's setup with two humans, and
    the setup of a 20-seat table (a stand-in rules object: Death over the Kingdom's range)."""
    import types

    from game.app.scenes.setup import SetupScene

    h = HeadlessApp(speed="off", home=tempfile.mkdtemp())
    h.menu()
    key(h, pygame.K_TAB)                                  # the focus ring shows
    h.screenshot(OUT / "menu.png")
    s = SetupScene(h.app)                                 # MasterBluff's setup
    h.app.push(s, game="masterbluff")
    h.step()
    s.count_choice.set(1)
    s.rows[1][2].set(0)                                   # a second human: "Player 1", "Player 2"
    key(h, pygame.K_TAB)
    h.screenshot(OUT / "setup.png")
    h.app.pop()
    h.step()
    big = types.SimpleNamespace(id="death", title="Death over the Kingdom", min_players=4, max_players=20,
                                default_options={})
    s = SetupScene(h.app)
    h.app.push(s, game="death", rules=big)
    h.step()
    s.count_choice.set(20 - big.min_players)
    h.step()
    h.screenshot(OUT / "setup_20.png")
    h.close()


def crash_shot() -> None:
    """The crash screen after a planted error in a table's update, with a game to continue."""
    h = HeadlessApp(speed="fast", home=os.path.join(tempfile.mkdtemp(), "crowntable"))
    h.start("masterbluff", seats="human,ai,ai", seed=7)
    t = h.table
    h.run_until(lambda: t.match.log and not t.busy(), 3000)

    def broken(dt):
        raise RuntimeError("planted for the screenshot")
    t.update = broken
    h.app.guarded_frame(1 / 60)
    h.step(n=10)
    h.screenshot(OUT / "crash.png")
    h.close()


def death_shots(level: str = "heuristic") -> None:
    """Death over the Kingdom: 4 players on the human's turn, and 20 players during the
    reveal (cards turned by the end-of-round powers, values shown)."""
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start("death", seats=",".join(["human"] + [f"ai:{level}"] * 3), seed=7)
    t = h.table
    play_until(h, lambda: t.steps.waiting(), 80000)         # the round's end: tokens awarded
    h.step(n=20)
    h.screenshot(OUT / "death_4p.png")
    h.close()
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start("death", seats=",".join(["human"] + [f"ai:{level}"] * 19), seed=4)
    t = h.table
    play_until(h, lambda: any(t.shown.turned) and t.steps.step is not None and "turns" in t.steps.caption, 200000)
    h.step(n=40)
    h.screenshot(OUT / "death_20p.png")
    h.close()


def ladder_shots() -> None:
    """Issue 17: MasterBluff's setup with the pointer on a seat's "Hard" (its line under the
    options), and a table where a Hard seat is thinking (the dots on its plate) while the
    last AI move's "why?" line is up (the game's own explainer, or a stand-in while the game
    has none)."""
    from concurrent.futures import Future

    import game.ai.why as why
    from game.app.scenes.setup import KINDS, SetupScene

    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.app.push(SetupScene(h.app), game="masterbluff")
    h.step()
    s = h.scene
    s.count_choice.set(1)
    b = s.rows[2][2].buttons[KINDS.index("Hard")]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=h.app.view.rect(b.rect).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    h.step(n=3)
    h.screenshot(OUT / "setup_ladder.png")
    h.close()
    stand_in = "masterbluff" not in why.EXPLAINERS
    if stand_in:
        why.EXPLAINERS["masterbluff"] = lambda seat, before, after: "kept quiet: the claim fits the cards you have seen"
    try:
        h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
        h.start("masterbluff", seats="human,ai,ai:hard,ai:easy", seed=12)
        t = h.table
        real = h.app.ai.request

        def request(agent, obs, legal, rng):            # the Hard seat takes its time once a line is up
            if t.why_line is not None and agent is t.pacer.agents[2]:
                return Future()
            return real(agent, obs, legal, rng)
        h.app.ai.request = request
        play_until(h, lambda: t.pacer.thinking == 2 and t.shown_why() is not None, 40000)
        h.step(n=10)
        h.screenshot(OUT / "table_thinking_why.png")
        h.close()
    finally:
        if stand_in:
            del why.EXPLAINERS["masterbluff"]


def lessons_shots() -> None:
    """Each game's lesson at its first step the learner plays (the glow, the arrow and the
    panel), and a table tip (help at the table)."""
    from game.match.lesson import load
    from game.app.resources import asset

    for game in ("masterbluff", "court", "death", "ktm", "bossquest"):
        lesson = load(asset("lessons", f"{game}.toml"))
        k = next(i for i, s in enumerate(lesson.steps) if s.kind == "you" and len(s.targets) >= 2) \
            if any(s.kind == "you" and len(s.targets) >= 2 for s in lesson.steps) \
            else next(i for i, s in enumerate(lesson.steps) if s.kind == "you")
        h = HeadlessApp(speed="fast", home=tempfile.mkdtemp())
        h.lesson(game)
        h.lesson_to(k)
        h.step(n=40)
        h.screenshot(OUT / f"lesson_{game}.png")
        h.close()
    h = HeadlessApp(speed="off", home=tempfile.mkdtemp())
    h.start("death", seats="human,ai,ai,ai", seed=3)
    t = h.table
    h.run_until(lambda: t.can_play(), 5000)
    key_, wp = t.hand.click_points()[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wp, rel=(0, 0), buttons=(0, 0, 0)))
    h.step(n=50)
    h.screenshot(OUT / "table_help_tip.png")
    h.close()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if ONLY is not None:
        globals()[f"{ONLY}_shots"]()
        return
    death_shots()
    mid_game(4, "masterbluff_table.png", seed=8, actions=10, pile=True).close()
    h = mid_game(3, "masterbluff_3p.png")
    t = h.table
    # the family picker: drag the selection onto the pile
    sel = [p for (f, p) in t.card_click_points()][3]
    h.drag(sel, t.pile_center())
    h.step(n=20)
    h.screenshot(OUT / "masterbluff_picker.png")
    h.close()
    mid_game(5, "masterbluff_5p.png", seed=5).close()
    mid_game(4, "masterbluff_4p.png", seed=8).close()
    mid_game(5, "masterbluff_1920x1080.png", size=(1920, 1080), seed=5).close()
    mid_game(5, "masterbluff_1024x600.png", size=(1024, 600), seed=5).close()

    # a reveal, caught after the cards have flipped
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start(seats="human,ai,ai,ai", seed=21)
    t = h.table
    play_until(h, lambda: t.reveal is not None and t.steps.step is not None and t.steps.left < 1.0, bluff=True)
    h.screenshot(OUT / "masterbluff_reveal.png")
    # deal in progress
    h.close()
    h = HeadlessApp(speed="normal", home=tempfile.mkdtemp())
    h.start(seats="human,ai,ai,ai", seed=2)
    h.step(n=60)
    t = h.table
    status = t.layout.shared("status")

    def caption_clear() -> bool:       # no card in flight over the caption
        for f in t.flyers:
            if f.started and not f.landed:
                (x, y), w, *_ = f.pose()
                if pygame.Rect(x - w / 2, y - w * 0.7, w, w * 1.4).colliderect(status):
                    return False
        return True
    h.run_until(caption_clear, 40)
    h.screenshot(OUT / "masterbluff_deal.png")
    h.close()

    menu_and_setup()
    ladder_shots()
    lessons_shots()

    h = HeadlessApp(speed="off", home=tempfile.mkdtemp())
    h.start(seats="human,ai,ai,ai", seed=6)
    play_until(h, lambda: isinstance(h.scene, ResultsScene), 60000)
    h.step(n=50)
    h.screenshot(OUT / "results.png")
    h.close()
    hotseat_window("masterbluff_hotseat_window.png")
    court_shots()
    bossquest_shots()
    ktm_shots()
    crash_shot()
    # hot-seat privacy curtain and the pause overlay
    h = HeadlessApp(speed="fast", home=tempfile.mkdtemp())
    h.start(seats="human,human,ai", seed=4)
    t = h.table
    play_until(h, lambda: t.curtain_for is not None, 20000)
    h.step(n=5)
    h.screenshot(OUT / "hotseat_curtain.png")
    key(h, pygame.K_RETURN)
    h.run_until(lambda: t.viewer_can_discard(), 2000)
    key(h, pygame.K_ESCAPE)
    h.step(n=3)
    h.screenshot(OUT / "pause.png")
    key(h, pygame.K_F1)
    h.step(n=3)
    h.screenshot(OUT / "rules.png")
    h.close()
    print("screenshots written to", OUT)


if __name__ == "__main__":
    main()
