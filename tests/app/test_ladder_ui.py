"""Issue 17, the app side of the Easy / Normal / Hard ladder: the setup's names and lines, old
saves and remembered setups, the level on the plates, the thinking dots, the pacing, the Hard
seat's time cap at the table, and the "why?" line (setting, display, clearing, privacy)."""
from __future__ import annotations

import json
import subprocess
from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest

import game.ai.why as why
from game.ai import make_agent
from game.app.levels import HARD_CAP_MS, LEVEL_LINES, ladder_seats, level_name, table_level
from game.app.main import parse_seats
from game.app.resources import user_dir
from game.app.scenes.settings import SettingsScene
from game.app.scenes.setup import KIND_LEVELS, KINDS, SetupScene
from game.app.settings import Settings
from game.app.table.pacer import THINK_MIN, THINK_SHOW, AIPacer, table_agent
from game.core import registry
from game.core.rng import Rng
from game.match import Match, SeatSpec
from game.match.saves import free_save_path

ROOT = Path(__file__).resolve().parents[2]


def open_setup(h, game="masterbluff"):
    h.app.push(SetupScene(h.app), game=game)
    h.step()
    return h.scene


def point_at(h, rect) -> None:
    pos = h.app.view.rect(rect).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    h.step()


# ---------------------------------------------------------------------------- setup
def test_setup_offers_the_ladder_with_normal_by_default(harness):
    s = open_setup(harness)
    # (issue 28: a fifth kind, Phone, after the ladder: a person on their phone, no AI level)
    assert KINDS == ("Human", "Easy", "Normal", "Hard", "Phone") and KIND_LEVELS == (None, "easy", "normal", "hard", None)
    assert [KINDS[k] for k in s.kinds[:s.players]] == ["Human", "Normal", "Normal"]
    assert [x.level for x in s.seat_specs()] == ["normal", "normal", "normal"]
    # a level the game does not have is greyed out (Easy, until its agents are merged)
    from game.ai import levels_for
    assert s.kind_ok[1] == ("easy" in levels_for("masterbluff"))
    assert s.kind_ok[2] and s.kind_ok[3]


def test_the_help_line_speaks_of_the_level_pointed_at_focused_or_last_changed(harness):
    h = harness
    s = open_setup(h)
    # nothing touched: the first AI seat's level (Normal)
    assert s.level_help() == LEVEL_LINES["normal"]
    point_at(h, s.rows[2][2].buttons[3].rect)                 # pointing at seat 3's "Hard"
    assert s.level_help() == LEVEL_LINES["hard"] and "thinks up to a second" in s.level_help()
    point_at(h, s.start_button.rect)                          # away: the last changed / the default
    assert s.level_help() == LEVEL_LINES["normal"]
    s.rows[1][2].set(3)                                       # seat 2 becomes Hard
    assert s.level_help() == LEVEL_LINES["hard"]
    s.rows[1][2].set(0)                                       # made human: the first AI seat's line
    assert s.level_help() == LEVEL_LINES["normal"]
    point_at(h, s.rows[2][2].buttons[0].rect)                 # pointing at "Human": no level line
    assert s.level_help() == ""
    point_at(h, s.start_button.rect)
    s.focus.set(s.rows[2][2], s.widgets)                      # the keyboard on seat 3's kind
    assert s.level_help() == LEVEL_LINES["normal"]
    for line in LEVEL_LINES.values():                         # one line each, at 16 px in the narrow frame
        w = h.app.fonts.get(16).size(line)[0]
        assert w <= s.frame[2] - 170, line


def test_a_level_the_game_lacks_says_so_on_the_help_line(harness, monkeypatch):
    import game.ai

    monkeypatch.setattr(game.ai, "levels_for", lambda g: ("random", "normal", "hard"))
    h = harness
    s = open_setup(h)
    assert s.kind_ok == [True, False, True, True, True]          # (Phone: always offered)
    point_at(h, s.rows[1][2].buttons[1].rect)
    assert s.level_help() == "Easy: not in this game yet."


def test_death_twenty_seats_show_the_level_line_beside_the_mode_line(harness):
    h = harness
    s = open_setup(h, "death")
    s.count_choice.set(18)
    h.step()
    assert s.cols == 2
    mode_line = s.option_help()
    assert mode_line and s.level_help() == LEVEL_LINES["normal"]     # both, each in its place
    point_at(h, s.rows[13][2].rect)                           # a seat's Choice in the second column
    assert s.level_help() == LEVEL_LINES["normal"]
    point_at(h, s.start_button.rect)
    s.rows[4][2].set(3)
    assert s.level_help() == LEVEL_LINES["hard"] and s.option_help() == mode_line
    s.set_option("mode", 1)
    assert s.option_help() and s.option_help() != mode_line and s.level_help()


def _text_rect(h, x, y, size, line):
    w, _h = h.app.fonts.get(size).size(line)
    r = pygame.Rect(0, 0, w / h.app.view.n(1), size + 4)
    r.midleft = (x, y)
    return r


@pytest.mark.parametrize("game,players", [("masterbluff", 3), ("masterbluff", 5), ("ktm", 6), ("court", 2),
                                          ("bossquest", 5), ("death", 3), ("death", 6), ("death", 20)])
def test_the_level_line_sits_by_the_seat_rows_at_18px_and_the_mode_line_stays(harness, monkeypatch, game, players):
    """The level line is read beside the level buttons: just under the seat rows (or, where
    they fill the room down to the options, beside the player count just above them), at
    18 px, on nothing else; Death's mode line shows at the same time, under its options."""
    import game.app.scenes.setup as setup_module

    h = harness
    s = open_setup(h, game)
    s.count_choice.set(players - s.rules.min_players)
    h.step()
    line = s.level_help()
    assert line == LEVEL_LINES["normal"]
    x, y, w, where = s.level_spot
    lines, size = s.level_lines(line)
    assert size == 18 and lines == [line]
    r = _text_rect(h, x, y + (size / 2 + 2 if where == "under" else 0), size, line)
    fields = [f.rect for _i, f, _w in s.rows]
    top, bottom = min(f.top for f in fields), max(f.bottom for f in fields)
    if where == "under":
        assert 0 <= r.top - bottom <= 12
    else:
        assert 0 <= top - r.bottom <= 30 and r.centery == s.count_choice.rect.centery
    assert pygame.Rect(s.frame).contains(r)
    assert r.collidelist([wd.rect for wd in s.widgets]) < 0
    drawn = []
    honest = setup_module.text
    monkeypatch.setattr(setup_module, "text", lambda surf, a, words, *args, **kw: (
        drawn.append(words), honest(surf, a, words, *args, **kw)))
    h.step()
    assert line in drawn
    if game == "death":
        mode = s.option_help()
        assert mode and mode in drawn
        assert not r.colliderect(_text_rect(h, s.frame[0] + 130, s.help_y, 16, mode))


@pytest.mark.parametrize("memory,want", [
    ({"kinds": [0, 1, 2, 3]}, ["Human", "Easy", "Normal", "Hard"]),                   # old button indices
    ({"levels": ["human", "random", "heuristic", "search"]}, ["Human", "Easy", "Normal", "Hard"]),
    ({"levels": ["human", "expert", "normal", "easy"]}, ["Human", "Hard", "Normal", "Easy"]),
])
def test_a_remembered_setup_with_the_old_kinds_maps_onto_the_ladder(harness, monkeypatch, memory, want):
    import game.ai

    monkeypatch.setattr(game.ai, "levels_for", lambda g: ("random", "easy", "normal", "hard"))
    h = harness
    h.app.setup_memory["masterbluff"] = {"players": 4, "typed": [None] * 5, "options": {}, **memory}
    s = open_setup(h)
    assert [KINDS[k] for k in s.kinds[:4]] == want
    s.remember()
    assert h.app.setup_memory["masterbluff"]["levels"][:4] == [
        {"Human": "human", "Easy": "easy", "Normal": "normal", "Hard": "hard"}[k] for k in want]


def test_a_remembered_level_the_game_lacks_falls_back_to_the_default(harness, monkeypatch):
    import game.ai

    monkeypatch.setattr(game.ai, "levels_for", lambda g: ("random", "normal", "hard"))
    h = harness
    h.app.setup_memory["masterbluff"] = {"players": 3, "typed": [None] * 5, "options": {},
                                         "levels": ["human", "random", "search"]}
    s = open_setup(h)
    assert [KINDS[k] for k in s.kinds[:3]] == ["Human", "Normal", "Hard"]


def test_the_level_names_and_old_names():
    assert [table_level(x) for x in ("random", "heuristic", "search", "expert", "greedy", "easy", "hard")] == \
        ["easy", "normal", "hard", "hard", "easy", "easy", "hard"]
    assert [level_name(x) for x in ("random", "normal", "search")] == ["Easy", "Normal", "Hard"]


# ---------------------------------------------------------------------------- old saves
def old_save(game="masterbluff", seed=5, moves=3) -> Path:
    """A save as the app wrote it before the ladder: the levels random / heuristic / search."""
    seats = [SeatSpec("You", "human"), SeatSpec("Bram", "ai", "random"), SeatSpec("Cleo", "ai", "normal"),
             SeatSpec("Dario", "ai", "hard")]
    m = Match(game, seats, seed=seed)
    agent, rng = make_agent(game, "random"), Rng(seed)
    while len(m.log) < moves:
        seat = m.to_act()[0]
        m.submit(agent.act(m.observe(seat), m.legal(seat), rng))
    path = free_save_path(user_dir(), game)
    m.save(path)
    data = json.loads(path.read_text())
    for seat, old in zip(data["seats"], ("normal", "random", "heuristic", "search")):
        seat["level"] = old
    path.write_text(json.dumps(data))
    return path


def test_an_old_save_continues_with_its_seats_on_the_ladder(harness):
    h = harness
    path = old_save()
    assert '"random"' in path.read_text() and '"search"' in path.read_text()
    h.menu()
    menu = h.scene
    assert menu.saves and menu.continue_button.enabled
    menu.continue_game()
    h.step()
    t = h.table
    assert [s.level for s in t.match.seats[1:]] == ["easy", "normal", "hard"]
    assert [t.table.plate_note(s) for s in (1, 2, 3)] == ["Easy", "Normal", "Hard"]
    assert t.pacer.agents[3].budget_ms == HARD_CAP_MS                 # Hard, capped at the table
    assert h.autoplay(lambda: len(t.match.log) >= 8, 20000)           # it plays on
    saved = json.loads(path.read_text())                              # and saves today's names
    assert [s["level"] for s in saved["seats"][1:]] == ["easy", "normal", "hard"]


def test_ladder_seats_maps_only_the_ai_seats_off_the_ladder():
    m = Match("masterbluff", [SeatSpec("A", "human", "random"), SeatSpec("B", "ai", "greedy"),
                              SeatSpec("C", "ai", "hard")], seed=1)
    assert ladder_seats(m)
    assert [s.level for s in m.seats] == ["random", "easy", "hard"] and m.record.seats is m.seats
    assert not ladder_seats(m)


# ---------------------------------------------------------------------------- the table's words
def test_no_old_level_words_left_in_the_app():
    out = subprocess.run(["grep", "-rniE", "--include=*.py", r"AI (random|heuristic|expert)", "game/app"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.stdout == ""


@pytest.mark.parametrize("game,seats", [("masterbluff", "human,ai:random,ai,ai:hard"),
                                        ("ktm", "human,ai:random,ai,ai:hard"),
                                        ("death", "human,ai:random,ai,ai:hard")])
def test_ai_plates_name_their_level(harness, game, seats):
    h = harness
    h.app.start_table(match=Match(game, parse_seats(seats), seed=3))
    h.step()
    t = h.table
    assert [t.level_name(s) for s in (1, 2, 3)] == ["Easy", "Normal", "Hard"]
    if game != "death" or t.table.wide_pods():
        assert [t.table.plate_note(s) for s in (1, 2, 3)] == ["Easy", "Normal", "Hard"]


# ---------------------------------------------------------------------------- the time cap
def test_hard_is_capped_at_the_table_only():
    for game in registry.ids():
        assert make_agent(game, "hard").budget_ms is None            # simulate / tests: deterministic
        assert table_agent(game, "hard").budget_ms == HARD_CAP_MS
        assert table_agent(game, "search").budget_ms == HARD_CAP_MS
        assert getattr(table_agent(game, "normal"), "budget_ms", None) is None
        assert table_agent(game, "easy").name == make_agent(game, "easy").name != "random"


# ---------------------------------------------------------------------------- pacing and thinking
class FakeMatch:
    """Just enough of a Match for the pacer: seat 0 human, 1 and 2 AIs, turns in order."""

    def __init__(self, humans=(0,)):
        self.seats = [SeatSpec(f"P{i}", "human" if i in humans else "ai", "normal") for i in range(3)]
        self.record = type("R", (), {"seed": 1})()
        self.log: list = []
        self.turn = 1

    def is_human(self, s):
        return self.seats[s].kind == "human"

    def to_act(self):
        return [self.turn]

    def observe(self, s):
        return ("obs", s, len(self.log))

    def legal(self, s):
        return ["a", "b"]


class FakeAI:
    def __init__(self):
        self.asked: list[tuple[float, Future]] = []
        self.clock = 0.0

    def request(self, agent, obs, legal, rng):
        f = Future()
        self.asked.append((self.clock, f))
        return f


def pacer_for(match, pace=0.6):
    ai = FakeAI()
    app = type("App", (), {"ai": ai})()
    p = AIPacer(app, match, "masterbluff")
    p.pace = pace
    return p, ai


def run(p, ai, m, seconds, submitted, dt=0.05):
    def submit(action):
        submitted.append((round(ai.clock, 2), action))
        m.log.append(action)
        m.turn = 2 if m.turn == 1 else 1
        return True
    for _ in range(round(seconds / dt)):
        ai.clock += dt
        p.update(dt, submit)


def test_a_seat_thinks_during_the_pause_and_lands_when_the_pause_is_over():
    m = FakeMatch()
    p, ai = pacer_for(m)
    done = []
    run(p, ai, m, 0.1, done)
    ai.asked[0][1].set_result("a")
    run(p, ai, m, 0.1, done)
    assert len(done) == 1
    # the next AI is asked at once (in the pause); its answer is quick: it lands after the pause
    assert len(ai.asked) == 2 and ai.asked[1][0] <= done[0][0] + 0.1
    ai.asked[1][1].set_result("b")
    run(p, ai, m, 1.0, done)
    assert len(done) == 2 and abs((done[1][0] - done[0][0]) - 0.6) <= 0.11
    # a long thinker (asked at once in the pause, 1.5 s of thinking): its move lands as soon
    # as it is found, not a pause after it
    assert len(ai.asked) == 3 and ai.asked[2][0] <= done[1][0] + 0.1
    run(p, ai, m, 1.5 - (ai.clock - ai.asked[2][0]), done)
    assert len(done) == 2
    ai.asked[2][1].set_result("a")
    found = ai.clock
    run(p, ai, m, 0.1, done)
    assert len(done) == 3 and done[2][0] - found <= 0.051


def test_with_a_person_to_answer_the_ai_asks_only_after_the_pause():
    m = FakeMatch()
    p, ai = pacer_for(m)
    m.to_act = lambda: [0, 1]                 # a response window: the human may answer too
    p.hold(0.6)
    run(p, ai, m, 0.5, [])
    assert ai.asked == []
    run(p, ai, m, 0.2, [])
    assert len(ai.asked) == 1


def test_thinking_shows_only_while_pending_and_past_the_delay():
    m = FakeMatch()
    p, ai = pacer_for(m)
    run(p, ai, m, THINK_SHOW - 0.1, [])
    assert ai.asked and p.thinking is None
    run(p, ai, m, 0.15, [])
    assert p.thinking == 1
    ai.asked[0][1].set_result("a")
    done = []
    run(p, ai, m, 0.05, done)
    assert done and p.thinking is None
    p.cancel()
    assert p.thinking is None


def _pending_seats(h, t, seats):
    """The AI seats in ``seats`` answer only when the test says so (a Future per request)."""
    pending = []
    real = h.app.ai.request

    def request(agent, obs, legal, rng):
        seat = next((s for s in seats if agent is t.pacer.agents[s]), None)
        if seat is not None:
            pending.append((seat, Future()))
            return pending[-1][1]
        return real(agent, obs, legal, rng)
    h.app.ai.request = request
    return pending


def _record_dots(t, monkeypatch):
    drawn = []
    honest = type(t).draw_thinking
    monkeypatch.setattr(type(t), "draw_thinking",
                        lambda self, surf, nz: (drawn.append((self.time, self.pacer.thinking)), honest(self, surf, nz)))
    return drawn


def _answer(t, seat, fut):
    fut.set_result(make_agent(t.game, "normal").act(t.match.observe(seat), t.match.legal(seat), Rng(1)))


def test_a_normal_seat_shows_the_dots_only_when_it_is_slow(harness_at, monkeypatch):
    h = harness_at("normal")
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai"), seed=2))
    h.step()
    t = h.table
    pending = _pending_seats(h, t, (1,))
    drawn = _record_dots(t, monkeypatch)
    assert h.autoplay(lambda: pending, 20000)
    asked_at = t.time
    h.step(0.1)
    assert t.pacer.thinking is None and not drawn
    h.run_until(lambda: t.pacer.thinking == 1, 200, dt=0.05)
    h.step(0.05)
    assert drawn and min(x for x, _s in drawn) - asked_at >= THINK_SHOW - 1e-6
    assert {s for _x, s in drawn} == {1}
    _answer(t, 1, pending[-1][1])
    assert h.run_until(lambda: any(a.seat == 1 for a in t.match.log), 600, dt=0.05)
    drawn.clear()
    h.step(0.05)
    assert t.pacer.thinking != 1 and all(s != 1 for _x, s in drawn)      # gone when the move lands


def test_a_hard_seat_shows_its_thinking_from_the_moment_it_is_asked_until_its_move_lands(harness_at, monkeypatch):
    """Hard answers inside the pause as a rule: its plate shows the dots for the whole pause, from
    the first frame after it is asked, even when its answer is found at once."""
    h = harness_at("normal")
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai:hard,ai"), seed=2))
    h.step()
    t = h.table
    pending = _pending_seats(h, t, (1,))
    drawn = _record_dots(t, monkeypatch)
    assert h.autoplay(lambda: pending, 20000)
    h.step(1 / 60)
    assert t.pacer.thinking == 1 and drawn and {s for _x, s in drawn} == {1}
    _answer(t, 1, pending[-1][1])                     # found at once: the pause still runs
    n = len(t.match.log)
    while len(t.match.log) == n:
        assert t.pacer.thinking == 1                  # the dots stay until the move lands
        h.step(1 / 60)
    assert t.match.log[-1].seat == 1 and t.pacer.thinking is None


def test_a_hard_answer_asked_after_the_pause_shows_the_dots_a_moment_and_normal_lands_at_once():
    """In a window with a person the AI is asked after the pause: a Hard seat's instant answer
    still shows the dots for THINK_MIN; a Normal seat's lands at once, as before."""
    for level, least in (("hard", THINK_MIN), ("normal", 0.0)):
        m = FakeMatch()
        m.seats[1] = SeatSpec("P1", "ai", level)
        p, ai = pacer_for(m)
        m.to_act = lambda: [0, 1]
        p.hold(0.6)
        run(p, ai, m, 0.65, [])
        assert len(ai.asked) == 1
        asked = ai.asked[0][0]
        ai.asked[0][1].set_result("a")
        done, shown = [], []
        for _ in range(20):
            run(p, ai, m, 0.05, done)
            shown.append(p.thinking)
            if done:
                break
        assert done and done[0][0] - asked >= least - 1e-6 and done[0][0] - asked <= least + 0.1
        assert (1 in shown) == (level == "hard")
    # at Instant (no pause) nothing waits
    m = FakeMatch()
    m.seats[1] = SeatSpec("P1", "ai", "hard")
    p, ai = pacer_for(m, pace=0.0)
    done = []
    run(p, ai, m, 0.05, done)
    ai.asked[0][1].set_result("a")
    run(p, ai, m, 0.05, done)
    assert done and p.thinking is None


# ---------------------------------------------------------------------------- the setting
def test_the_explain_setting_is_on_by_default_saved_and_read(tmp_path):
    assert Settings().explain_ai is True
    p = tmp_path / "settings.json"
    s = Settings(explain_ai=False)
    assert s.save(p) is None
    assert Settings.load(p).explain_ai is False
    p.write_text(json.dumps({"speed": "fast"}))                     # a file from before: on
    assert Settings.load(p).explain_ai is True
    p.write_text(json.dumps({"explain_ai": "yes"}))
    bad = Settings.load(p)
    assert bad.explain_ai is True and "explain_ai" in bad.message


def test_the_settings_scene_toggles_explain_ai_and_saves_it(harness):
    h = harness
    h.app.push(SettingsScene(h.app))
    h.step()
    s = h.scene
    assert s.why.index == 1
    h.click(h.app.view.rect(s.why.buttons[0].rect).center)
    assert h.app.settings.explain_ai is False
    assert json.loads((user_dir() / "settings.json").read_text())["explain_ai"] is False
    frame = pygame.Rect(s.frame)
    assert all(frame.contains(w.rect) for w in s.widgets)
    rects = [w.rect for w in s.widgets]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_every_settings_label_is_one_line_at_20px(harness, monkeypatch):
    """ "Explain AI moves" wrapped onto two smaller lines: the label column is wide enough for
    every English label at 20 px, and the controls and help lines still sit in the frame."""
    import game.app.scenes.settings as settings_module

    h = harness
    h.app.push(SettingsScene(h.app))
    h.step()
    s = h.scene
    drawn = []
    honest = settings_module.text
    monkeypatch.setattr(settings_module, "text", lambda surf, a, words, pos, size, *args, **kw: (
        drawn.append((words, size, kw.get("max_w"))), honest(surf, a, words, pos, size, *args, **kw)))
    h.step()
    for label in ("Game speed", "Display", "Sound", "Memory aid", "Explain AI moves"):
        assert s.label_lines(label) == [label]
        assert any(w == label and size == 20 for w, size, _m in drawn), label
    fonts, v = h.app.fonts, h.app.view
    frame = pygame.Rect(s.frame)
    for words, size, max_w in drawn:
        if max_w is not None and words != s.saved_in:     # no label or help line shrinks to fit
            assert fonts.get(v.n(size), True).size(words)[0] <= v.n(max_w) + 1, words
    assert all(frame.contains(w.rect) for w in s.widgets)


# ---------------------------------------------------------------------------- the why-line
def explainer(calls):
    def fn(seat, before, after):
        calls.append((seat, before, after))
        return f"seat {seat} moved: you see {len(after.history) if hasattr(after, 'history') else '?'}"
    return fn


def table_with_why(h, monkeypatch, seats="human,ai,ai", seed=4, game="masterbluff"):
    calls = []
    monkeypatch.setitem(why.EXPLAINERS, game, explainer(calls))
    h.app.start_table(match=Match(game, parse_seats(seats), seed=seed))
    h.step()
    return h.table, calls


def test_an_ai_move_shows_its_why_line_at_its_plate_from_the_viewers_observations(harness, monkeypatch):
    h = harness
    t, calls = table_with_why(h, monkeypatch)
    seen = {}
    honest = t.match.submit

    def submit(action):                     # the viewer's observations around each AI move
        before = t.match.observe(t.viewer)
        events = honest(action)
        seen[len(t.match.log)] = (action.seat, before, t.match.observe(t.viewer))
        return events
    t.match.submit = submit
    assert h.autoplay(lambda: t.shown_why() is not None, 20000)
    seat, before, after = calls[-1]
    assert seat != 0 and (seat, before, after) in seen.values()
    w = t.shown_why()
    assert w.seat == seat and w.viewer == 0 and w.text.startswith(f"seat {seat} moved")
    # drawn in a bubble at the seat's plate, inside the window
    lines, r, side = t.why_place(w)
    assert pygame.Rect(0, 0, 1280, 720).contains(r) and side in ("below", "above", "caption")
    assert r.collidelist(t.widget_rects()) < 0
    # the human's own moves get no line
    assert all(c[0] != 0 for c in calls)


def test_the_why_line_goes_after_a_few_seconds_and_with_the_setting_off_never_comes(harness, monkeypatch):
    h = harness
    t, calls = table_with_why(h, monkeypatch)
    assert h.autoplay(lambda: t.why_line is not None, 20000)
    t.pacer.update = lambda dt, submit: None                          # nothing moves now
    h.step(t.WHY_SECONDS + 0.1)
    assert t.shown_why() is None and t.why_line is None
    h.app.settings.explain_ai = False
    calls.clear()
    del t.pacer.update
    n = len(t.match.log)
    assert h.autoplay(lambda: len(t.match.log) >= n + 6, 20000)
    assert calls == [] and t.why_line is None


def test_a_broken_explainer_never_stops_the_game(harness, monkeypatch):
    h = harness
    monkeypatch.setitem(why.EXPLAINERS, "masterbluff", lambda seat, before, after: 1 / 0)
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai"), seed=4))
    h.step()
    t = h.table
    assert h.autoplay(lambda: len(t.match.log) >= 8, 20000) and t.why_line is None


def test_hot_seat_the_why_line_is_for_the_viewer_and_goes_when_the_curtain_falls(harness, monkeypatch):
    h = harness
    t, calls = table_with_why(h, monkeypatch, seats="human,human,ai", seed=3)
    assert h.autoplay(lambda: t.shown_why() is not None, 20000)
    w = t.shown_why()
    assert w.viewer == t.viewer and calls
    assert h.autoplay(lambda: t.curtain_for is not None, 20000)
    assert t.why_line is None and t.shown_why() is None
    t.lift_curtain()
    assert t.why_line is None


def test_hot_seat_a_line_made_while_the_screen_is_hidden_waits_for_its_person(harness, monkeypatch):
    """After a person acts the shared screen is hidden: an AI move then makes one line per
    person, from their own observations, kept until their curtain lifts; a person's move
    makes the kept lines old news."""
    h = harness
    t, calls = table_with_why(h, monkeypatch, seats="human,human,ai", seed=3)
    assert h.autoplay(lambda: t.why_owed, 40000)
    assert t.hand_hidden or t.curtain_for is not None
    assert set(t.why_owed) <= {0, 1} and t.shown_why() is None
    line, seat = next(iter(t.why_owed.values()))
    assert seat == 2 and line.startswith("seat 2 moved")
    assert h.autoplay(lambda: t.curtain_for is not None, 20000)
    person = t.curtain_for
    kept = t.why_owed.get(person)
    t.lift_curtain()
    w = t.shown_why()
    if kept is not None:
        assert w is not None and (w.text, w.seat, w.viewer) == (kept[0], kept[1], person)
        assert person not in t.why_owed
    # a person's move: the kept lines are old news
    t.why_owed[1 - person] = ("old", 2)
    t._why_before(person)
    assert t.why_owed == {}


def test_the_why_line_is_drawn_as_text_in_the_frame(harness_at, monkeypatch):
    from game.app import transcript

    rec = transcript.start()
    try:
        h = harness_at("fast")
        monkeypatch.setitem(why.EXPLAINERS, "masterbluff", lambda seat, before, after: f"why line of seat {seat}")
        h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai"), seed=4))
        h.step()
        t = h.table
        assert h.autoplay(lambda: t.shown_why() is not None, 20000)
        h.step()
        assert f"text:why line of seat {t.why_line.seat}" in rec.frames[-1].items
    finally:
        transcript.stop()


@pytest.mark.parametrize("game,seats", [("court", "human,ai:hard"), ("bossquest", "human,ai,ai:hard")])
def test_pointing_at_an_ai_plate_names_its_level_in_every_game(harness, game, seats):
    """Court and Boss Quest plates carry scores and verdicts: the level shows when pointed at."""
    h = harness
    h.app.start_table(match=Match(game, parse_seats(seats), seed=3))
    h.step()
    t = h.table
    t.pacer.update = lambda dt, submit: None
    hard = len(t.match.seats) - 1
    point_at(h, t.zone(hard, "name"))
    assert t.plate_tip() == (hard, f"{t.name(hard)}: AI, Hard")
    point_at(h, t.zone(0, "name"))                            # a person's plate: nothing
    assert t.plate_tip() is None


# ---------------------------------------------------------------------------- the why-line beside the move
def test_a_bluff_call_shows_its_line_beside_the_reveal_clear_of_the_panel_and_its_clock_stops(harness_at):
    """The call's line comes up as the reveal opens (not after the pile is taken), pointing at
    the caller, never on the reveal panel; its seconds do not run while the reveal is up."""
    h = harness_at("normal")
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai,ai"), seed=5))
    h.step()
    t = h.table
    assert h.autoplay(lambda: t.reveal is not None and t.shown_why() is not None, 20000)
    w = t.shown_why()
    assert w.text.startswith("Called Bluff:") and w.seat == t.table._last_caller
    panel = t.layout.overlay("reveal")
    age = t.time - w.since
    while t.reveal is not None:
        _lines, r, _side = t.why_place(t.shown_why())
        assert not r.colliderect(panel) and pygame.Rect(0, 0, 1280, 720).contains(r)
        assert r.collidelist(t.widget_rects()) < 0
        assert abs((t.time - t.why_line.since) - age) < 1e-6          # the clock stands still
        h.step()
    assert t.shown_why() is not None and t.shown_why().text == w.text   # still up as the pile goes


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_seat_s_bubble_covers_the_reveal_panel(harness, players):
    from game.app.table import Reveal
    from game.app.table.scene import WhyLine

    h = harness
    h.app.start_table(match=Match("masterbluff", parse_seats(",".join(["human"] + ["ai"] * (players - 1))), seed=3))
    h.step()
    t = h.table
    t.pacer.update = lambda dt, submit: None
    t.reveal = Reveal("Bluff! by Bram — the claim was FALSE", "Cleo declared 3 × Witch", "so Cleo must take the pile")
    panel = t.layout.overlay("reveal")
    for seat in range(1, players):
        w = WhyLine("Called Bluff: 7 Witches claimed or seen, few are left", seat, 0, t.time)
        _lines, r, _side = t.why_place(w)
        assert not r.colliderect(panel), (seat, r)
        assert pygame.Rect(0, 0, 1280, 720).contains(r)


def test_the_next_move_seen_ends_the_line_but_a_secret_answer_leaves_it(harness_at, monkeypatch):
    """A line belongs beside its own move: when the next move the viewer sees starts to play (a
    person's too) the old line goes; an answer still secret (a pass in an open window) changes
    nothing on the table, so the line stays."""
    h = harness_at("normal")
    t, _calls = table_with_why(h, monkeypatch, seats="human,ai,ai,ai", seed=5)
    # a line up, the table still, and the person may answer a window that stays open after them
    def window_with_line():
        w = t.obs()
        return (t.shown_why() is not None and not t.busy() and t.pending_humans()
                and len(t.match.to_act()) > 1 and w.responders and w.responders[-1] != 0)
    assert h.autoplay(window_with_line, 40000)
    line = t.why_line
    passes = [a for a in t.match.legal(0) if a.kind == "pass"]
    assert t.submit(passes[0])
    h.step()
    assert not t.busy() and t.why_line == line                 # nothing was seen: the line stays
    # the person's declaration, seen at once: the line ends as it starts to play
    assert h.autoplay(lambda: t.shown_why() is not None and not t.busy() and t.viewer_can_discard(), 40000)
    assert t.submit(next(a for a in t.match.legal(0) if a.kind == "discard"))
    h.step()
    assert t.steps.caption and t.why_line is None


def test_a_person_closing_the_window_shows_the_secret_caller_s_line_beside_the_reveal(harness_at):
    """An AI behind the person in the window's order calls Bluff! first (secret); the person's
    pass closes the window: the reveal comes with the caller's line, at the caller."""
    h = harness_at("normal")
    h.app.start_table(match=Match("masterbluff", parse_seats("human,ai,ai,ai"), seed=5))
    h.step()
    t = h.table

    class Caller:
        """Calls Bluff! whenever it may, else plays as Normal."""
        def __init__(self, agent):
            self.agent = agent

        def act(self, obs, legal, rng):
            call = [a for a in legal if a.kind == "call"]
            return call[0] if call else self.agent.act(obs, legal, rng)
    for s in list(t.pacer.agents):
        t.pacer.agents[s] = Caller(t.pacer.agents[s])

    def person_last_to_answer_after_a_call():
        w = t.match.state.window
        return (w is not None and not t.busy() and t.pending_humans() and tuple(t.match.to_act()) == (0,)
                and any(called for _s, called in w.answers))
    for _ in range(40000):                      # the person waits in a window for the AIs to answer first
        if person_last_to_answer_after_a_call():
            break
        if t.match.state.window is not None and t.pending_humans() or not h.play_once():
            h.step()
    assert person_last_to_answer_after_a_call()
    caller = next(s for s, called in t.match.state.window.answers if called)
    assert t.submit(next(a for a in t.match.legal(0) if a.kind == "pass"))
    assert h.run_until(lambda: t.reveal is not None, 600)
    h.step()
    w = t.shown_why()
    assert w is not None and w.seat == caller and w.text.startswith("Called Bluff:")
