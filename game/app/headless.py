"""A windowless harness for tests, screenshots and benchmarks (SDL dummy driver).

    app = HeadlessApp(size=(1280, 720), speed="fast")
    app.start("masterbluff", seats="human,ai,ai", seed=7)   # same path as `crowntable play`
    app.step()                  # one frame: input pump + update + draw
    app.screenshot("out.png")

``frame_benchmark(frames=300)`` times frames of a table mid-game.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.match import Match  # noqa: E402
from . import input as inp  # noqa: E402
from .main import App, parse_seats  # noqa: E402
from .settings import Settings  # noqa: E402


@contextmanager
def phones_on_loopback():
    """While it lasts, an App serves its phones on 127.0.0.1 (``CROWNTABLE_PHONE_ADDRESS``: this
    machine has no home network in tests and benchmarks); the variable as it was after."""
    from .main import PHONE_ADDRESS

    old = os.environ.get(PHONE_ADDRESS)
    os.environ[PHONE_ADDRESS] = "127.0.0.1"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(PHONE_ADDRESS, None)
        else:
            os.environ[PHONE_ADDRESS] = old


class HeadlessApp:
    def __init__(self, size: tuple[int, int] = (1280, 720), speed: str = "fast", home: str | None = None):
        if home is None and not os.environ.get("CROWNTABLE_HOME"):
            home = tempfile.mkdtemp(prefix="crowntable-home-")
        if home is not None:
            os.environ["CROWNTABLE_HOME"] = str(home)
        self.app = App(size=size, speed=speed, settings=Settings(speed=speed), fullscreen=False)
        # no pointer is over a windowless app: the dummy driver's WINDOWENTER at start would make
        # the first posted motion the pointer's arrival (a test that hovers posts its own motions)
        inp.forget(pygame.WINDOWENTER)
        self.dt = 1 / 60

    # -- starting points (the same calls `run` makes)
    def start(self, game: str = "masterbluff", seats: str | None = "human,ai,ai", seed: int | None = 1,
              match: Match | None = None) -> "HeadlessApp":
        if match is None:
            match = Match(game, parse_seats(seats), seed=seed)
        self.app.start_table(match=match)
        self.step()
        return self

    def menu(self) -> "HeadlessApp":
        self.app.open_menu()
        self.step()
        return self

    # -- running
    def step(self, dt: float | None = None, n: int = 1) -> None:
        """``n`` of the App's frames.  After each, the saves it handed to the writer's thread are
        on disk (in the App they are written while it waits for the next frame): what a test
        reads of a save after a step is the game as it is."""
        for _ in range(n):
            self.app.frame(self.dt if dt is None else dt)
            self.app.saves.wait()

    def run_until(self, cond, max_frames: int = 5000, dt: float | None = None) -> bool:
        for _ in range(max_frames):
            if cond():
                return True
            self.step(dt)
        return cond()

    @property
    def scene(self) -> Any:
        return self.app.stack.top

    @property
    def table(self) -> Any:
        from .table import TableScene

        for s in self.app.stack.scenes:
            if isinstance(s, TableScene):
                return s
        return None

    def screenshot(self, path: str | os.PathLike) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.app.draw(self.app.screen)
        pygame.image.save(self.app.screen, str(path))
        return path

    # -- synthetic input (through pygame's queue, like a real mouse)
    def post_mouse(self, kind: str, pos: tuple[int, int], button: int = 1) -> None:
        if kind == "down":
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        elif kind == "up":
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(1 if button else 0, 0, 0)))

    def click(self, pos: tuple[int, int]) -> None:
        self.post_mouse("move", pos, 0)
        self.post_mouse("down", pos)
        self.post_mouse("up", pos)
        self.step()

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        self.post_mouse("move", start, 0)
        self.post_mouse("down", start)
        self.step()
        for i in range(1, steps + 1):
            p = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
            self.post_mouse("move", p)
            self.step()
        self.post_mouse("up", end)
        self.step()

    def key(self, key: int, mod: int = 0) -> None:
        """Press and release ``key`` (``mod``: e.g. ``pygame.KMOD_SHIFT``), then one frame."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.step()

    def type_text(self, text: str) -> None:
        """Typed text, as the window's text input delivers it (to the focused text field)."""
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.step()

    def setup(self, game: str = "masterbluff", rules: Any = None) -> Any:
        """Open the setup scene of ``game`` (``rules``: a stand-in rules object, e.g. 20 seats)."""
        from .scenes.setup import SetupScene

        scene = SetupScene(self.app)
        self.app.push(scene, game=game, rules=rules)
        self.step()
        return scene

    def close(self) -> None:
        self.app.shutdown()

    # -- lessons
    def lesson(self, game: str, lesson=None) -> "HeadlessApp":
        """Open ``game``'s lesson (as the menu's "Learn to play" does; ``lesson``: another one)."""
        self.app.start_lesson(game, lesson)
        self.step()
        return self

    def do_gesture(self, g: tuple) -> None:
        """One gesture of ``LessonGuide.gesture()`` (layout units) as mouse or key events."""
        v = self.app.view
        if g[0] == "next":
            self.key(pygame.K_SPACE)
        elif g[0] == "click":
            self.click(v.pt(*g[1]))
        elif g[0] == "drag":
            self.drag(v.pt(*g[1]), v.pt(*g[2]))
        else:
            raise ValueError(f"unknown gesture {g!r}")

    def lesson_to(self, k: int, until=None, max_frames: int = 20000):
        """Follow the open lesson's own gestures up to its step ``k`` (0-based) when the learner
        may act there (or until ``until()`` holds); the guide.  AssertionError if never."""
        guide = self.table.lesson
        for _ in range(max_frames):
            if (until() if until is not None else guide.run.index == k and guide.gesture() is not None):
                return guide
            g = guide.gesture()
            self.do_gesture(g) if g else self.step()
        raise AssertionError(f"the lesson never reached step {k + 1}")

    def follow_lesson(self, max_frames: int = 20000) -> list[tuple]:
        """Play the open lesson to its recap by following only its own targets (the guide's
        gestures); the gestures made, in order.  Fails (AssertionError) when it gets stuck."""
        done: list[tuple] = []
        idle = 0
        for _ in range(max_frames):
            guide = self.table.lesson if self.table is not None else None
            assert guide is not None, "the lesson's table is gone"
            if guide.recap_open:
                return done
            g = guide.gesture()
            if g is None:
                idle += 1
                assert idle < 3000, f"the lesson is stuck at step {guide.run.index + 1}"
                self.step()
                continue
            idle = 0
            before = (guide.run.index, len(self.table.match.log))
            self.do_gesture(g)
            done.append((before[0], g))
            assert len(done) < 2000, "too many gestures"
        raise AssertionError("the lesson did not reach its recap")

    def play_once(self, bluff: bool = False) -> bool:
        """One human interaction through the UI, if a human may act on screen now: lift a
        hot-seat curtain (Enter), continue after a result (Enter), answer a window (the first answer button's key if ``bluff``,
        else the last one's), or play the table's own simple ``autoplay_turn``.  False if none."""
        t = self.table
        if t is None or self.scene is not t:
            return False
        if t.curtain_for is not None:
            self.key(pygame.K_RETURN)
            return True
        if t.steps.waiting():
            self.key(pygame.K_RETURN)                    # Continue after a result
            return True
        if t.busy():
            return False
        if (t.pending_humans() and t.answers or t.can_play()) and not t.answer_keys_ready():
            self.step()                                  # a person reads a new question before answering
            return True
        if t.pending_humans() and t.answers:
            b = t.answers[0] if bluff else t.answers[-1]
            self.key(b.keys[0])
            return True
        return bool(t.can_play() and t.table.autoplay_turn(self))

    def autoplay(self, cond, max_frames: int = 20000, bluff: bool = False) -> bool:
        """Step frames until ``cond()``; the humans at the table play simple moves meanwhile
        (see :meth:`play_once`)."""
        for _ in range(max_frames):
            if cond():
                return True
            if not self.play_once(bluff):
                self.step()
        return cond()


def frame_benchmark(frames: int = 300, size: tuple[int, int] = (1280, 720), players: int = 5,
                    seed: int = 3, game: str = "masterbluff") -> dict:
    """Time ``frames`` frames (update + draw, no flip) of ``game``'s table mid-game."""
    h = HeadlessApp(size=size, speed="normal")
    seats = ",".join(["human"] + ["ai"] * (players - 1))
    h.start(game, seats=seats, seed=seed)
    t = h.table
    h.autoplay(lambda: len(t.match.log) >= 12 and not t.busy(), 20000)   # get into the middle of a game
    return _time_frames(h, frames)


def _time_frames(h: HeadlessApp, frames: int) -> dict:
    """Time ``frames`` frames of 1/60 s (update + draw, no flip), then close the app."""
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        h.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    h.close()
    times.sort()
    return {"frames": frames, "ms_mean": round(statistics.fmean(times), 3),
            "ms_p95": round(times[int(0.95 * (len(times) - 1))], 3), "ms_max": round(times[-1], 3)}


def reveal_benchmark(frames: int = 300, players: int = 20, seed: int = 3) -> dict:
    """Time ``frames`` frames of a Death over the Kingdom table of ``players`` seats from the
    moment the round's cards are revealed (the reveal, the end-of-round powers turning cards,
    the tokens flying): the busiest screen of the game."""
    h = HeadlessApp(size=(1280, 720), speed="normal")
    h.start("death", seats=",".join(["human"] + ["ai:random"] * (players - 1)), seed=seed)
    t = h.table
    h.autoplay(lambda: any(v is not None for v in t.shown.values), 200000)
    return _time_frames(h, frames)


def phones_benchmark(players: int = 20, seed: int = 3, phones: bool = True, moves: int | None = None,
                     seconds: float = 900.0, speed: str = "off", think: float = 0.0,
                     size: tuple[int, int] = (1280, 720)) -> dict:
    """A Death over the Kingdom table of ``players`` seats at ``speed``, run in real time at 60
    frames a second (as the App's loop) until the game ends (or ``moves`` moves, or ``seconds``).
    ``phones``: every seat is a simulated phone (``game.phones.loadclient``, in a process of its
    own, waiting ``think`` seconds before each move) and the phones are pumped each frame
    (:meth:`PhoneSession.pump`, their moves shown by the table); else the table's own AI (level
    random) plays every seat.  A frame's time is its work (the pump, update and draw; not the
    wait for the next frame).  With phones, the round trips the phones measured too."""
    import json
    import subprocess
    import sys

    from game.match import SeatSpec

    h = HeadlessApp(size=size, speed=speed, home=tempfile.mkdtemp(prefix="crowntable-home-"))
    kind = "phone" if phones else "ai"
    with phones_on_loopback():                               # the App's own session
        h.start(match=Match("death", [SeatSpec(f"P{i + 1}", kind, "random") for i in range(players)], seed=seed))
    t = h.table
    session = client = None
    pump_ms: list[float] = []
    if phones:
        session = h.app.phones                 # opened by the App, pumped by its frame
        if h.scene is not t:                   # the join card opened by itself: the host presses Play
            h.app.pop()
            h.step(0.0)
        pump = session.pump

        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return pump(*args, **kwargs)
            finally:
                pump_ms.append((time.perf_counter() - t0) * 1000)
        session.pump = timed
        client = subprocess.Popen(
            [sys.executable, "-m", "game.phones.loadclient", str(session.server.port), session.room,
             str(players), str(moves or 10 ** 6), str(seconds), "", str(think)],
            cwd=Path(__file__).resolve().parents[2], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    frame_ms: list[float] = []
    tick = 1 / 60
    start = due = time.perf_counter()
    try:
        while t.match.outcome() is None and (moves is None or len(t.match.log) < moves) \
                and time.perf_counter() - start < seconds and (client is None or client.poll() is None):
            t0 = time.perf_counter()
            # the App's frame: the phones' pump, update, draw; its saves are written on the
            # writer's thread meanwhile, as in the App (``HeadlessApp.step`` would wait for them)
            h.app.frame(tick, hand_over=False)
            now = time.perf_counter()
            frame_ms.append((now - t0) * 1000)
            h.app.hand_over()                  # after the frame, as the App's loop does after its flip
            due += tick
            if due > now:
                time.sleep(due - now)
            else:
                due = now                      # late: the next frame starts now, as the App's clock does
        wall = time.perf_counter() - start
        out: dict = {"phones": players if phones else 0, "speed": speed, "moves": len(t.match.log),
                     "over": t.match.outcome() is not None, "wall_s": round(wall, 1), **_summary(frame_ms, "frame")}
        if session is not None:
            out.update(_summary(pump_ms, "pump"))
            for _ in range(120):               # the last views (the outcome) go out, over frames if need be
                if not session.host.behind:
                    break
                h.step(tick)
            try:
                text, err = client.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                client.kill()
                text, err = client.communicate()
            if client.returncode != 0 or not text.strip():
                raise RuntimeError(f"the simulated phones failed ({client.returncode}): {text[-300:]} {err[-2000:]}")
            got = json.loads(text.strip().splitlines()[-1])
            out.update({"refused": got["refused"], **_summary([s * 1000 for s in got["ack"]], "ack"),
                        **_summary([s * 1000 for s in got["view"]], "view")})
        return out
    finally:
        if client is not None and client.poll() is None:
            client.kill()
            client.communicate()
        h.close()                              # (the App stops its phones)


def _summary(ms: list[float], name: str) -> dict:
    """p50, p95 and the largest of ``ms`` as ``<name>_ms_p50`` ..."""
    s = sorted(ms)
    if not s:
        return {f"{name}_n": 0}
    return {f"{name}_n": len(s), f"{name}_ms_p50": round(s[len(s) // 2], 2),
            f"{name}_ms_p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 2), f"{name}_ms_max": round(s[-1], 2)}
