"""The table kit's parts work from their narrow contexts alone (no scene, no App, no window):
the why-line (``why.py``), the answer buttons (``answers.py``), the session (``session.py``:
autosave and undo), event routing with owed secrets (``routing.py``) and gestures
(``gestures.py``).  And the kit imports no screen: ``game/app/table/`` never imports
``game/app/scenes/`` or ``game/app/main.py``, and ``main`` -> scenes -> ``scene`` is one way."""
from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pygame

from game.app import input as inp
from game.app.table import why as why_mod
from game.app.table.answers import AnswerButtons, AnswerContext
from game.app.table.drops import DropZone
from game.app.table.gestures import GestureContext, Gestures
from game.app.table.routing import EventContext, EventRouter
from game.app.table.session import Session, SessionContext
from game.app.table.why import WhyContext, WhyLine, WhyLines
from game.core import Action, Event, IllegalAction

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- the why-line
class Clock:
    def __init__(self) -> None:
        self.t = 0.0


def why_part(**over):
    clock = Clock()
    steps: list = []
    state = dict(viewer=0, may_see=True, hotseat=False, explain=True, held=False, choice=False, playing=None)
    state.update(over)

    def add_step(begin, hold):
        steps.append(SimpleNamespace(begin=begin, caption="", log=None))
    ctx = WhyContext(
        game="masterbluff", seats=3, is_human=lambda s: s in (0, 1) if state["hotseat"] else s == 0,
        explain_on=lambda: state["explain"], lesson_speaks=lambda: False,
        viewer=lambda: state["viewer"], may_see=lambda: state["may_see"], hotseat=lambda: state["hotseat"],
        humans=lambda: [0, 1] if state["hotseat"] else [0], observe=lambda s: f"obs{s}",
        time=lambda: clock.t, queue=lambda: steps, playing=lambda: state["playing"],
        held=lambda: state["held"], choice_up=lambda: state["choice"], add_step=add_step)
    return WhyLines(ctx), state, clock, steps


def test_why_part_takes_the_viewers_observation_and_nothing_with_the_setting_off():
    w, state, _clock, _steps = why_part()
    assert w.before(2) == {0: "obs0"}
    w.owed[1] = ("old", 2)
    state["explain"] = False
    assert w.before(2) is None and w.owed == {}           # off: no line, and the kept ones go
    state.update(explain=True, may_see=False, hotseat=True)
    assert w.before(2) == {0: "obs0", 1: "obs1"}          # a hidden hot-seat screen: each person's own


def test_why_part_queues_the_line_for_the_viewer_and_keeps_one_for_a_person_away(monkeypatch):
    calls = []

    def explain(game, seat, before, after, ai):
        calls.append((game, seat, before, after, frozenset(ai)))
        return seat, f"line for {after}"
    monkeypatch.setattr(why_mod, "explain_move", explain)
    w, state, clock, steps = why_part(hotseat=True)
    w.queue(2, {0: "obs0", 1: "obs1"})
    assert calls[0] == ("masterbluff", 2, "obs0", "obs0", frozenset({2}))
    assert len(steps) == 1 and w.owed == {1: ("line for obs1", 2)}
    state["playing"] = steps[0]
    clock.t = 1.0
    steps[0].begin()                                      # the line's own step plays: it shows
    assert w.shown() == WhyLine("line for obs0", 2, 0, 1.0)
    state["viewer"] = 1                                   # another person at the screen: not theirs
    assert w.shown() is None
    w.curtain_lifted()
    assert w.shown() == WhyLine("line for obs1", 2, 1, 1.0) and w.owed == {}


def test_why_part_clock_stops_while_a_panel_is_up_then_the_line_ends():
    w, state, clock, _steps = why_part()
    w.line = WhyLine("x", 1, 0, 0.0)
    state["held"] = True
    for _ in range(10):
        clock.t += 1.0
        w.update(1.0)
    assert w.shown() is not None                          # ten seconds under a reveal: still up
    state["held"] = False
    clock.t += w.SECONDS
    w.update(w.SECONDS)
    assert w.line is None and w.shown() is None


# ---------------------------------------------------------------- answer buttons
def answers_part():
    pygame.init()
    clock = Clock()
    played, said = [], []
    ctx = AnswerContext(
        time=lambda: clock.t, keys_down=set(), moves=lambda: 3, pending=lambda: [0],
        specs=lambda seat: [("call", "Bluff!", "danger", (pygame.K_b,)), ("pass", "Pass", "normal", (pygame.K_p,))],
        prompt=lambda: "Bram declares three 7s", area=lambda: pygame.Rect(400, 600, 480, 50),
        answer=played.append, say=lambda msg, pos: said.append(msg))
    part = AnswerButtons(ctx)
    part.refresh()
    return part, clock, played, said


def test_answer_part_builds_the_buttons_in_its_area():
    part, _clock, _played, _said = answers_part()
    assert [b.label for b in part.buttons] == ["Bluff!", "Pass"]
    assert all(pygame.Rect(400, 600, 480, 50).contains(b.rect) for b in part.buttons)
    assert [b.action for b in part.buttons] == ["call", "pass"]


def test_answer_part_ignores_a_late_click_and_a_quick_key_then_answers():
    part, clock, played, said = answers_part()
    at = part.buttons[0].rect.center
    click = [inp.InputEvent(inp.DOWN, lpos=at, button=1), inp.InputEvent(inp.UP, lpos=at, button=1)]
    assert all(part.handle(ev) for ev in click) and played == []      # a click meant for what was here
    assert part.handle(inp.InputEvent(inp.KEY, key=pygame.K_b)) and played == [] and said   # too quick
    clock.t = part.GUARD + 0.01
    assert part.keys_ready()
    part.handle(inp.InputEvent(inp.KEY, key=pygame.K_b))
    assert played == ["call"]
    part.handle(inp.InputEvent(inp.MOVE, lpos=at))
    for ev in click:
        part.handle(ev)
    assert played == ["call", "call"]


# ---------------------------------------------------------------- session
class FakeMatch:
    def __init__(self, fail: bool = False) -> None:
        self.log = [1, 2]
        self.fail = fail
        self.saved = []
        self.undone = 0

    def outcome(self):
        return None

    def save(self, path):
        if self.fail:
            raise OSError(28, "No space left on device")
        self.saved.append(path)
        Path(path).write_text("{}")

    def is_human(self, seat):
        return seat == 0

    def can_undo(self, seat):
        return True

    def undo(self, seat):
        if self.undone:
            raise IllegalAction("A look cannot be taken back")
        self.undone = 1
        return 2


def session_part(tmp_path, match, lesson=False, away=False):
    seen = dict(errors=[], told=[], said=[], stopped=0)

    def stop():
        seen["stopped"] += 1
    ctx = SessionContext(
        match=match, save_path=lambda: tmp_path / "autosave_x.json", in_lesson=lambda: lesson,
        viewer=lambda: 0, away=lambda: away, error_changed=seen["errors"].append, tell=seen["told"].append,
        say=seen["said"].append, stop_ai=stop)
    return Session(ctx), seen


def test_session_part_saves_and_keeps_the_reason_while_saving_fails(tmp_path):
    s, seen = session_part(tmp_path, FakeMatch())
    s.save()
    assert s.status() == "saved" and seen["errors"] == [None]
    bad = FakeMatch(fail=True)
    s, seen = session_part(tmp_path / "nowhere", bad)
    s.save()
    s.save()
    assert s.status() == "failed" and s.error and len(seen["told"]) == 1     # said once, kept as a sign
    assert seen["errors"] == [s.error, s.error]
    bad.fail = False
    (tmp_path / "nowhere").mkdir()
    s.save()
    assert s.error is None and s.status() == "saved" and seen["errors"][-1] is None


def test_session_part_never_saves_a_lesson_and_refuses_undo_in_words(tmp_path):
    m = FakeMatch()
    s, _seen = session_part(tmp_path, m, lesson=True)
    s.save()
    assert m.saved == [] and s.status() == "lesson" and s.refusal() == "Undo is off during a lesson"
    s, seen = session_part(tmp_path, m, away=True)
    assert s.refusal() == "Nothing to undo" and not s.undo_shown()
    assert s.undo() == 0 and seen["said"] == ["Nothing to undo"] and seen["stopped"] == 0


def test_session_part_undo_stops_the_ai_and_says_the_engines_refusal(tmp_path):
    s, seen = session_part(tmp_path, FakeMatch())
    assert s.undo_shown() and s.undo() == 2 and seen["stopped"] == 1
    assert s.undo() == 0 and seen["said"][0].startswith("A look cannot be taken back") and seen["stopped"] == 2


# ---------------------------------------------------------------- event routing
def router(viewer=0, hidden=False, hotseat=True, owed_secrets=True):
    handled, owed = [], {}
    box = {}

    def handler(kind):
        if kind == "nothing":
            return None
        return lambda data: handled.append((kind, box["r"].private))
    r = EventRouter(EventContext(
        owed_secrets=owed_secrets, owes=lambda e, seat: True, hotseat=lambda: hotseat,
        viewer=lambda: viewer, hidden=lambda: hidden, is_human=lambda s: s in (0, 1), owed=owed,
        handler=handler, queued=lambda: 7))
    box["r"] = r
    return r, handled, owed


def test_routing_part_keeps_a_secret_for_the_person_away_and_shows_the_viewer_theirs():
    r, handled, owed = router()
    look0 = Event("look", {"c": 1}, to=(0,), reveals=True)
    look1 = Event("look", {"c": 2}, to=(1,), reveals=True)
    r.new_move()
    r.route([Event("play", {}), look0, look1, Event("nothing", {})])
    assert handled == [("play", False), ("look", True)]           # the viewer's secret: a private step
    assert owed == {1: [look1]}                                    # kept for seat 1's curtain
    assert r.secret_now and r.secret_at == 7
    assert r.take_owed(1) == [look1] and owed == {}


def test_routing_part_without_owed_secrets_drops_what_the_viewer_may_not_see():
    r, handled, owed = router(owed_secrets=False)
    r.route([Event("play", {}), Event("look", {}, to=(1,), reveals=True)])
    assert handled == [("play", False)] and owed == {} and not r.secret_now


# ---------------------------------------------------------------- gestures
class FakeHand:
    def __init__(self) -> None:
        self.selected: set = set()
        self.sprites = {"7H": SimpleNamespace(pos=(500.0, 600.0))}
        self.parked = "x"
        self.hover = None
        self.faces_up = True
        self.hurried = 0

    def card_at(self, p):
        return "7H" if abs(p[0] - 500) < 30 and abs(p[1] - 600) < 40 else None

    def follow(self, key):
        pass

    def toggle(self, key):
        self.selected ^= {key}

    def hurry(self):
        self.hurried += 1


def gestures_part(legal=("play_7H",)):
    hand = FakeHand()
    got = dict(dropped=[], said=[], clicks=[], mistakes=[])
    zone = DropZone("pile", pygame.Rect(600, 300, 100, 100), "cards",
                    lambda d: [Action.make(0, "play", card=c) for c in sorted(hand.selected)])
    legal_actions = [Action.make(0, "play", card=c.split("_")[1]) for c in legal]
    box = {}
    ctx = GestureContext(
        hand=hand, multi_select=True, viewer_human=lambda: True, moves=lambda: 4, viewer=lambda: 0,
        busy=lambda: False, legal=lambda: legal_actions, check=lambda a: "Not that card",
        piece_at=lambda p: None, piece_clicked=lambda piece: None, can_hold=lambda: True,
        drop_zones=lambda: [zone], on_drop=lambda z, actions, d: got["dropped"].append((z.name, actions)),
        click_drop=lambda p: (got["clicks"].append(p), box["g"].click_drop(p)),
        spring_piece=lambda d, p: None, refusal_at=lambda p: p,
        say=lambda msg, pos: got["said"].append(msg), mistake=got["mistakes"].append)
    g = Gestures(ctx)
    box["g"] = g
    return g, hand, got


def drag(g, a, b):
    g.press(a)
    g.move(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    g.move(b)
    g.release(b)


def test_gestures_part_drags_a_card_onto_a_zone_and_keeps_only_legal_actions():
    g, hand, got = gestures_part()
    drag(g, (500, 600), (650, 350))
    assert hand.selected == {"7H"} and got["dropped"] == [("pile", [Action.make(0, "play", card="7H")])]
    assert g.drag is None


def test_gestures_part_springs_back_with_the_engines_reason():
    g, hand, got = gestures_part(legal=())
    drag(g, (500, 600), (650, 350))
    assert got["dropped"] == [] and got["said"] == ["Not that card"] and hand.hurried == 1
    assert got["mistakes"] == ["Not that card"]
    drag(g, (500, 600), (100, 100))                       # on no zone
    assert got["said"][-1] == "Drop it on the table"


def test_gestures_part_click_a_card_then_click_its_target():
    g, hand, got = gestures_part()
    g.press((500, 600))
    g.release((500, 600))                                 # a click: the card is chosen
    assert hand.selected == {"7H"} and got["dropped"] == []
    g.press((650, 350))
    g.release((651, 351))                                 # a click on the zone: dropped there
    assert got["clicks"] == [(651, 351)] and got["dropped"] == [("pile", [Action.make(0, "play", card="7H")])]


# ---------------------------------------------------------------- no screen in the kit
def imports_of(path: Path, package: str) -> set[str]:
    """Every module a file imports (at the top, in a function, or for typing), absolute."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def screens_imported(folder: Path, package: str) -> list[str]:
    bad = []
    for p in sorted(folder.glob("*.py")):
        for mod in imports_of(p, package):
            if mod == "game.app.main" or mod.startswith(("game.app.main.", "game.app.scenes")):
                bad.append(f"{p.name}: {mod}")
    return bad


def test_the_table_kit_imports_no_screen_and_not_the_app():
    assert screens_imported(ROOT / "game/app/table", "game.app.table") == []


def test_a_planted_screen_import_in_the_kit_is_found(tmp_path):
    for name, line in [("a.py", "from ..scenes.pause import PauseScene\n"),
                       ("b.py", "def f():\n    from game.app.main import App\n"),
                       ("c.py", "from .. import main\n")]:
        (tmp_path / name).write_text(line)
    assert len(screens_imported(tmp_path, "game.app.table")) >= 3


def test_scene_and_screens_never_import_main():
    """Dependencies point one way: ``main`` -> ``scenes/*`` -> ``scene``."""
    bad = [f"{p.name}: {m}" for p in [ROOT / "game/app/scene.py", *sorted((ROOT / "game/app/scenes").glob("*.py"))]
           for m in imports_of(p, "game.app.scenes" if p.parent.name == "scenes" else "game.app")
           if m == "game.app.main" or m.startswith("game.app.main.")]
    assert bad == []


def test_the_screens_import_each_other_one_way():
    """No circle among the screens (e.g. ``base`` -> ``rules`` -> ``menu`` -> ``base``)."""
    folder = ROOT / "game/app/scenes"
    names = {p.stem for p in folder.glob("*.py")}
    graph = {n: {m.rsplit(".", 1)[1] for m in imports_of(folder / f"{n}.py", "game.app.scenes")
                 if m.startswith("game.app.scenes.") and m.count(".") == 3 and m.rsplit(".", 1)[1] in names} - {n}
             for n in names}
    seen, path = set(), []

    def visit(n):
        if n in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(n):] + [n]))
        if n in seen:
            return
        path.append(n)
        for m in sorted(graph[n]):
            visit(m)
        path.pop()
        seen.add(n)
    for n in sorted(graph):
        visit(n)
