"""Menu, settings, saves, pause/undo, hot-seat and window sizes."""
from __future__ import annotations

import json

import pygame
import pytest

from game.app.games import PLAYABLE
from game.app.headless import HeadlessApp
from game.app.main import autosave_path, parse_seats
from game.app.scenes.menu import TITLES, MenuScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.rules import RulesScene
from game.app.scenes.setup import SetupScene
from game.app.settings import Settings, settings_path
from game.match import Match


def key(h, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))   # released: a key held since before a question never answers it
    h.step()


def test_parse_seats():
    seats = parse_seats("human,ai:random,ai")
    assert [s.level for s in parse_seats("ai:search,ai:heuristic,ai:hard")] == ["hard", "normal", "hard"]
    assert [(s.kind, s.level) for s in seats] == [("human", "normal"), ("ai", "random"), ("ai", "normal")]
    assert seats[0].name == "You" and len({s.name for s in seats}) == 3
    assert [s.name for s in parse_seats("human,human,ai")][:2] == ["Player 1", "Player 2"]
    with pytest.raises(ValueError):
        parse_seats("human,robot")
    with pytest.raises(ValueError):
        parse_seats("human,ai:genius")


def test_menu_lists_all_titles_and_enables_registered_ones(harness):
    h = harness.menu()
    m = h.scene
    assert isinstance(m, MenuScene)
    labels = [b.label for b in m.game_buttons]
    assert labels == list(TITLES)
    enabled = {b.label for b in m.game_buttons if b.enabled}
    assert enabled == {"MasterBluff", "Fireball Court", "Death over the Kingdom", "King Thief Minister", "Boss Quest"}
    assert not m.continue_button.enabled
    # MasterBluff -> setup -> start: a 4-player table
    h.click(h.app.view.rect(m.game_buttons[-1].rect).center)
    assert isinstance(h.scene, SetupScene)
    s = h.scene
    s.count_choice.set(1)
    assert s.players == 4
    h.click(h.app.view.rect(s.widgets[-1].rect).center)           # Start
    h.step()
    assert h.table is not None and h.table.n == 4


def test_buttons_show_hover(harness):
    h = harness.menu()
    b = h.scene.game_buttons[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=h.app.view.rect(b.rect).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    h.step()
    assert b.hover


def test_corrupt_settings_fall_back_with_message(home):
    settings_path().write_text("{not json", encoding="utf-8")
    s = Settings.load()
    assert s.speed == "normal" and not s.fullscreen and "reset to defaults" in s.message
    settings_path().write_text(json.dumps({"speed": "warp"}), encoding="utf-8")
    assert Settings.load().message
    s = Settings(speed="slow")
    assert s.save() is None
    assert Settings.load().speed == "slow"


def test_corrupt_settings_message_shows_in_menu(home):
    settings_path().write_text("[1, 2", encoding="utf-8")
    h = HeadlessApp(speed="off", home=str(home))
    h.app.settings = Settings.load()
    h.menu()
    assert "Settings were reset" in (h.scene.message or "")
    h.close()


def test_corrupt_autosave_is_reported_kept_aside_and_never_overwritten(harness):
    path = autosave_path()
    garbage = b'{"format": "crowntable-record", "game": "masterbluff", "players": "x"}'
    path.write_bytes(garbage)
    h = harness.menu()
    m = h.scene
    assert not m.continue_button.enabled
    kept = list(path.parent.glob("autosave_masterbluff.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == garbage          # moved aside, kept
    assert not path.exists()                                           # before anything is written there
    assert str(path) in m.message and str(kept[0]) in m.message        # full paths, both
    h.screenshot(path.parent / "menu.png")
    # a new game autosaves beside it and never touches the kept copy
    h.app.start_table("masterbluff", parse_seats("human,ai,ai"), seed=5)
    h.step()
    t = h.table
    h.autoplay(lambda: len(t.match.log) >= 2, 3000)
    assert path.exists() and Match.load(path).log
    assert kept[0].read_bytes() == garbage


def test_damaged_autosave_is_set_aside_even_without_the_menu(harness):
    """``crowntable play`` starts a table directly: the damaged save is still kept."""
    path = autosave_path()
    path.write_text("not json at all")
    h = harness.start(seats="human,ai,ai", seed=2)
    kept = list(path.parent.glob("autosave_masterbluff.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "not json at all"
    assert str(kept[0]) in h.app.toast.msg


def test_continue_restores_the_autosave(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=9)
    t = h.table
    # the person plays too (autoplay): waiting alone stood at the person's turn after two moves
    # for all 3,000 frames, and the test went on with two
    assert h.autoplay(lambda: len(t.match.log) >= 3 and not t.busy(), 3000)
    n = len(t.match.log)
    assert Match.load(autosave_path()).log == t.match.log
    h.menu()
    assert h.scene.continue_button.enabled
    h.click(h.app.view.rect(h.scene.continue_button.rect).center)
    h.step()
    assert h.table is not None and len(h.table.match.log) >= n


def test_pause_overlay_and_undo(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=11)
    t = h.table
    for _ in range(3000):
        if t.viewer_can_discard():
            break
        if t.pending_humans():
            key(h, pygame.K_n)
        h.step()
    assert t.viewer_can_discard()
    key(h, pygame.K_ESCAPE)
    assert isinstance(h.scene, PauseScene)
    key(h, pygame.K_ESCAPE)                                       # resume
    assert h.scene is t
    (f, p), = t.card_click_points()[:1]
    h.click(p)
    key(h, pygame.K_RETURN)                                       # Enter: declare in force / picker
    if t.table.picker is not None:
        key(h, pygame.K_1 + [i for i, b in enumerate(t.table.picker.buttons) if b.enabled][0])
    assert t.match.log[-1].seat == 0
    assert t.can_undo()
    key(h, pygame.K_ESCAPE)
    assert isinstance(h.scene, PauseScene)
    undo = [b for b in h.scene.widgets if b.label.startswith("Undo")][0]
    assert undo.enabled
    h.click(h.app.view.rect(undo.rect).center)
    assert h.scene is t
    h.step()
    assert t.viewer_can_discard() and all(a.seat != 0 or a.kind != "discard" for a in t.match.log[-1:])
    key(h, pygame.K_F1)
    assert isinstance(h.scene, RulesScene)
    for _ in range(5):
        key(h, pygame.K_PAGEDOWN)
    assert h.scene.scroll > 0
    key(h, pygame.K_ESCAPE)
    assert h.scene is t


def test_hotseat_curtain_hides_other_hands(harness):
    h = harness
    h.start(seats="human,human,ai", seed=4)
    t = h.table
    seen = set()
    for _ in range(4000):
        if t.curtain_for is not None:
            assert t.curtain_for != t.viewer or t.hand_hidden
            seen.add(t.curtain_for)
            key(h, pygame.K_RETURN)
            assert t.curtain_for is None and not t.hand_hidden
        elif t.pending_humans():
            key(h, t.answers[-1].keys[0])                          # the human at the screen passes
        elif t.viewer_can_discard():
            (f, p), = t.card_click_points()[:1]
            h.click(p)
            key(h, pygame.K_RETURN)
            if t.table.picker is not None:
                key(h, pygame.K_1 + [i for i, b in enumerate(t.table.picker.buttons) if b.enabled][0])
            assert t.hand_hidden                                   # after a discard the hand is covered
        else:
            h.step()
        if len(seen) == 2 or isinstance(h.scene, ResultsScene):
            break
    assert seen == {0, 1}


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_other_window_sizes_render(home, size):
    h = HeadlessApp(size=size, speed="fast", home=str(home))
    h.start(seats="human,ai,ai,ai,ai", seed=3)
    h.run_until(lambda: not h.table.busy(), 3000)
    assert h.app.screen.get_size() == size
    pts = h.table.card_click_points()
    assert pts and all(0 <= x < size[0] and 0 <= y < size[1] for _, (x, y) in pts)
    h.app.on_resize((900, 700))
    h.step()
    h.close()


def test_frame_benchmark_reports_timings():
    from game.app.headless import frame_benchmark

    r = frame_benchmark(frames=20)
    assert r["frames"] == 20 and r["ms_mean"] > 0 and r["ms_p95"] >= 0


def test_setup_offers_only_the_ai_levels_a_game_has(harness, monkeypatch):
    import game.ai
    from game.app.scenes.setup import KIND_LEVELS

    monkeypatch.setattr(game.ai, "levels_for", lambda g: ("random", "hard"))
    h = harness
    h.app.push(SetupScene(h.app), game="death")
    h.step()
    s = h.scene
    assert s.kind_ok == [lv in (None, "hard") for lv in KIND_LEVELS]
    assert KIND_LEVELS[s.kinds[1]] == "hard"                         # the default falls back
    s.count_choice.set(20 - 2)                                       # compact rows: a Choice per seat
    h.step()
    s.kinds[5] = KIND_LEVELS.index("normal")
    s.start()
    assert s.message and "seat 6" in s.message and h.scene is s    # refused, with the reason


def test_the_rules_tabs_list_the_games_in_the_menus_order(harness):
    from game.app.scenes.menu import TITLES

    h = harness
    s = RulesScene(h.app)
    h.app.push(s, game="court")
    h.step()
    assert [b.label for b in s.tabs] == list(TITLES)
    assert [b.selected for b in s.tabs] == [g == "court" for g in s.games]


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_rules_pictures_names_wrap_whole_and_never_overlap(harness, game):
    """Issue 25: "Number with a gold coin" showed as "Number with a gold" (cut at two lines).
    Every name is drawn whole, each line inside its tile, and no tile runs into the next row."""
    h = harness
    s = RulesScene(h.app)
    h.app.push(s, game=game)
    h.step()
    rects = s.tile_rects()
    for art, name, lines, r in rects:
        assert " ".join(lines).replace("- ", "-") == name, (name, lines)
        last = r.y + s.ART_W * 1.4 + 8 + len(lines) * 19
        assert last <= r.bottom, (name, lines)
    for i, (_a, _n, _l, r) in enumerate(rects):
        assert not any(r.colliderect(o) for _a2, _n2, _l2, o in rects[i + 1:]), _n


def test_the_menu_shows_the_version_in_its_corner(harness, monkeypatch):
    """The version is in the menu's bottom-right corner (whole string: "Version {version}")."""
    import game
    from game.app import widgets

    drawn = []
    real = widgets.text
    monkeypatch.setattr("game.app.scenes.menu.text", lambda surf, ctx, s, pos, *a, **k: (
        drawn.append((s, pos)), real(surf, ctx, s, pos, *a, **k))[1])
    harness.menu()
    harness.app.frame(1 / 60)
    assert (f"Version {game.__version__}", (1264, 708)) in drawn
