"""Unit tests: tween maths, the Tiled layout, the card cache, engine/pygame separation."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.app import layout as lay
from game.app import tween
from game.app.cards import CardArt, card_size
from game.app.resources import asset

ROOT = Path(__file__).resolve().parents[2]


# -- tweens ---------------------------------------------------------------------
def test_easing_endpoints_and_shape():
    for ease in (tween.linear, tween.ease_out_cubic, tween.ease_in_out_cubic):
        assert ease(0.0) == pytest.approx(0.0)
        assert ease(1.0) == pytest.approx(1.0)
        assert ease(-1) == pytest.approx(0.0) and ease(2) == pytest.approx(1.0) or ease is tween.linear
    assert tween.ease_out_cubic(0.5) == pytest.approx(0.875)        # fast start, soft landing
    assert tween.ease_in_out_cubic(0.5) == pytest.approx(0.5)       # symmetric
    assert tween.ease_in_out_cubic(0.25) == pytest.approx(0.0625)
    assert tween.ease_in_out_cubic(0.75) == pytest.approx(0.9375)
    xs = [tween.ease_out_cubic(i / 20) for i in range(21)]
    assert xs == sorted(xs)


def test_tween_values_delay_and_callback():
    done = []
    tw = tween.Tween((0.0, 10.0), (100.0, 20.0), 1.0, tween.linear, delay=0.5, on_done=lambda: done.append(1))
    assert not tw.started and tw.value() == (0.0, 10.0)
    tw.update(0.5)
    assert tw.started and tw.value() == (0.0, 10.0)
    tw.update(0.5)
    assert tw.value() == pytest.approx((50.0, 15.0))
    assert not tw.update(0.25) and done == []
    assert tw.update(10) and done == [1]
    tw.update(1)
    assert done == [1]                                             # fires once
    assert tw.value() == (100.0, 20.0)


def test_tweener_scale_and_off():
    t = tween.Tweener(scale=2.0)
    tw = t.add(0.0, 1.0, 0.25)
    assert tw.duration == 0.5
    t.update(0.3)
    assert t.busy
    t.update(0.3)
    assert not t.busy and tw.value() == 1.0
    off = tween.Tweener(scale=0.0)
    hit = []
    tw = off.add(0.0, 5.0, 0.4, on_done=lambda: hit.append(True))
    assert tw.done and tw.value() == 5.0 and hit == [True] and not off.busy   # "off" skips tweens


# -- layout ---------------------------------------------------------------------
def test_tmx_is_a_1280x720_orthogonal_tiled_map():
    import pytmx

    m = pytmx.TiledMap(str(asset("layouts", "masterbluff.tmx")))
    assert m.orientation == "orthogonal"
    assert (m.width * m.tilewidth, m.height * m.tileheight) == (1280, 720)
    names = {layer.name for layer in m.layers}
    assert {"shared", "seats_3", "seats_4", "seats_5"} <= names


@pytest.mark.parametrize("players", [3, 4, 5])
def test_layout_seats_load_and_nothing_overlaps(players):
    L = lay.load_tmx(asset("layouts", "masterbluff.tmx"))
    seats = L.seats(players)
    for i in range(players):
        for what in ("hand", "name", "token"):
            assert f"{what}_{i}" in seats
            assert L.classes[(f"seats_{players}", f"{what}_{i}")] == what
    assert f"hand_{players}" not in seats
    for name in ("deck", "pile", "banner", "status", "buttons"):
        assert L.shared(name).width > 0
    zones = list(L.zones(players).items())
    screen = pygame.Rect(0, 0, 1280, 720)
    for i, (a, ra) in enumerate(zones):
        assert screen.contains(ra), a
        for b, rb in zones[i + 1:]:
            assert not ra.colliderect(rb), f"{a} overlaps {b} with {players} players"
    # the viewer sits at the bottom centre
    hand0 = L.seat(players, 0, "hand")
    assert abs(hand0.centerx - 640) < 10 and hand0.bottom > 650


def test_seat_rotation_puts_viewer_at_position_zero():
    assert [lay.seat_position(s, 2, 4) for s in range(4)] == [2, 3, 0, 1]
    assert lay.seat_position(0, 0, 5) == 0


# -- card art cache ----------------------------------------------------------------
def test_card_cache_returns_the_same_surface(home):
    pygame.display.init()
    pygame.font.init()
    art = CardArt()
    size = card_size(100)
    a = art.face("elf", size)
    assert art.face("elf", size) is a
    assert a.get_size() == size == (100, 140)
    assert art.back(size) is art.back(size)
    assert art.token(40) is art.token(40)
    assert art.face("elf", card_size(120)) is not a               # another size, another raster
    assert art.failures == []


def test_corner_labels_are_large_and_unambiguous(home):
    pygame.display.init()
    pygame.font.init()
    from game.app.cards import NAME_PX, corner_label
    from game.rules.masterbluff import FAMILIES

    labels = [corner_label(f) for f in FAMILIES]
    assert len(set(labels)) == len(labels) and len({s.lower() for s in labels}) == len(labels)
    art = CardArt()
    hand_px = card_size(116)[0]                       # hand cards at 1280x720
    for f in FAMILIES:
        label, rect = art._corner_label(f, hand_px)
        # full size (15 px), not shrunk to fit the corner band
        assert label.get_height() >= art.fonts.get(round(hand_px * NAME_PX), True).get_height()
        assert round(hand_px * NAME_PX) >= 15
        assert art.label_extent(f, hand_px) == rect.right < hand_px // 2
        small, srect = art._corner_label(f, 60)        # small cards shrink, never overflow the card
        assert srect.right < 60


def test_fan_leaves_each_corner_label_uncovered():
    from game.app.sprites import fan

    zone = pygame.Rect(276, 514, 728, 200)
    needs_by_group = [39, 37, 30, 49, 50, 41]                      # as measured at 1280x720
    hand = [0, 0, 1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 5, 5, 5, 5]          # a 16-card opening hand
    poses = fan(len(hand), zone, 116, hand, needs=[needs_by_group[g] for g in hand])
    for i in range(len(hand) - 1):
        assert poses[i + 1][0] - poses[i][0] >= needs_by_group[hand[i]] - 1e-6
    assert poses[0][0] - 58 >= zone.x - 1e-6 and poses[-1][0] + 58 <= zone.right + 1e-6
    # a crowded hand: the last card of each family still shows its whole label
    big = sorted([g for g in range(6) for _ in range(5)])
    poses = fan(len(big), zone, 116, big, needs=[needs_by_group[g] for g in big])
    for i in range(len(big) - 1):
        if big[i + 1] != big[i]:
            assert poses[i + 1][0] - poses[i][0] >= needs_by_group[big[i]] - 1e-6
    assert poses[-1][0] + 58 <= zone.right + 1e-6
    # without needs the fan is as before
    assert fan(3, zone, 116) == fan(3, zone, 116, needs=None)


def test_a_missing_svg_raises_an_asset_error_naming_the_file(monkeypatch, tmp_path):
    """No silent stand-in art: a missing card file is named (the app shows it, issue 15)."""
    pygame.display.init()
    pygame.font.init()
    import game.app.cards as cards
    from game.app.resources import AssetError

    monkeypatch.setattr(cards, "asset", lambda *parts: tmp_path.joinpath(*parts))   # nothing there
    art = CardArt()
    for draw, name in ((lambda: art.face("ogre", (50, 70)), "ogre.svg"), (lambda: art.back((50, 70)), "back.svg"),
                       (lambda: art.token(30), "exchange_token.svg")):
        with pytest.raises(AssetError) as err:
            draw()
        assert err.value.missing and err.value.name.endswith(name)
    assert len(art.failures) == 3


# -- separation ------------------------------------------------------------------
def test_engine_packages_never_import_pygame():
    offenders = []
    for pkg in ("core", "rules", "match", "ai"):
        for path in (ROOT / "game" / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n == "pygame" or n.startswith("pygame.") or n.startswith("game.app") for n in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_only_the_input_module_reads_the_event_queue():
    users = []
    for path in (ROOT / "game" / "app").rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        if "pygame.event.get(" in src or "event.get()" in src:
            users.append(path.name)
    assert users == ["input.py"]


# -- window: F11 round trip ----------------------------------------------------------
def test_f11_twice_gives_back_the_window_size_and_place(home):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1000, 640), speed="off", home=str(home))
    h.menu()
    pygame.display.set_window_position((50, 60))
    before = pygame.display.get_window_position()
    h.key(pygame.K_F11)
    assert h.app.fullscreen
    h.key(pygame.K_F11)
    assert not h.app.fullscreen
    assert h.app.screen.get_size() == (1000, 640) and h.app.view.size == (1000, 640)
    assert pygame.display.get_window_position() == before
    h.close()


# -- idle: no drawing while nothing moves ------------------------------------------------
def test_idle_frames_draw_nothing_until_something_changes(harness):
    from game.app.scene import Scene
    from game.app.scenes.base import WidgetScene

    app = harness.menu().app
    assert Scene.animating(Scene(app)) is False and not app.stack.top.animating()
    app.frame(1 / 60, lazy=True)
    assert app.idle() and app.frame(1 / 60, lazy=True) is False            # nothing changed: no draw
    b = app.stack.top.game_buttons[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.view.rect(b.rect).center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    assert app.frame(1 / 60, lazy=True) is True and b.hover               # input: one frame drawn
    assert app.frame(1 / 60, lazy=True) is False
    app.toast.show("hello", ttl=0.05)
    assert not app.idle()
    drawn = [app.frame(1 / 60, lazy=True) for _ in range(6)]
    assert drawn[:3] == [True] * 3 and drawn[-1] is False                  # the toast's frames, then rest
    assert isinstance(app.stack.top, WidgetScene)


def test_the_loop_sleeps_on_an_idle_menu(harness):
    app = harness.menu().app
    pygame.time.set_timer(pygame.QUIT, 700, loops=1)
    frames = app.frames
    app.loop()
    assert app.frames - frames <= 3                                         # not 40 frames in 0.7 s


def test_a_chosen_option_stays_blue_under_the_pointer():
    """Hovering the selected option of a toggle row must not make it look unselected."""
    from game.app import theme as T
    from game.app.widgets import Button
    b = Button((0, 0, 100, 40), "On")
    b.selected = True
    b.hover = True
    assert b.colours()[0] == T.PRIMARY_HOVER
    b.hover = False
    assert b.colours()[0] == T.PRIMARY
    b.selected = False
    b.hover = True
    assert b.colours()[0] == T.BUTTON_HOVER
