"""A missing or damaged asset gives a clear message that names it, not a traceback (issue 15).

Each test runs the app on a copy of the shipped assets (``CROWNTABLE_ASSETS_ROOT``) with one
file deleted, cut short or overwritten with garbage, and checks that the message names the
file by its path in the install, that no traceback is printed, and (for a table) that the
saved game is kept."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import layout as lay
from game.app.resources import AssetError, load_font, load_svg

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def damaged(tmp_path, monkeypatch):
    """A copy of assets/ that the app uses from now on; returns its root (damage it in place)."""
    root = tmp_path / "install"
    shutil.copytree(ROOT / "assets", root / "assets", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setenv("CROWNTABLE_ASSETS_ROOT", str(root))
    lay.load.cache_clear()                   # layouts are cached per game: read the copy's
    yield root
    lay.load.cache_clear()


def cut_short(path: Path, keep: int = 300) -> None:
    path.write_bytes(path.read_bytes()[:keep])


def lines_of(scene) -> list[str]:
    return [ln if isinstance(ln, str) else ln[0] for ln in scene.lines]


# -- the loaders: one typed error that names the file -------------------------------------
def test_each_loader_names_a_damaged_or_missing_file_by_its_path_in_the_install(damaged):
    import pygame

    pygame.display.init()
    pygame.font.init()
    cards = damaged / "assets" / "cards"
    cut_short(cards / "death" / "king.svg")          # pygame draws it as an empty picture
    (cards / "court" / "king.svg").write_bytes(b"\x00garbage, not an SVG")
    (cards / "ktm" / "king.svg").unlink()
    cut_short(damaged / "assets" / "layouts" / "ktm.tmx")
    (damaged / "assets" / "fonts" / "DejaVuSans.ttf").write_bytes(b"not a font")
    cases = [(lambda: load_svg(cards / "death" / "king.svg", (50, 70)), "assets/cards/death/king.svg", False),
             (lambda: load_svg(cards / "court" / "king.svg", (50, 70)), "assets/cards/court/king.svg", False),
             (lambda: load_svg(cards / "ktm" / "king.svg", (50, 70)), "assets/cards/ktm/king.svg", True),
             (lambda: lay.load("ktm"), "assets/layouts/ktm.tmx", False),
             (lambda: load_font(damaged / "assets" / "fonts" / "DejaVuSans.ttf", 16),
              "assets/fonts/DejaVuSans.ttf", False)]
    for load, name, missing in cases:
        with pytest.raises(AssetError) as err:
            load()
        assert err.value.name == name and err.value.missing is missing
        assert name in err.value.message()
    assert load_svg(cards / "death" / "queen.svg", (50, 70)).get_size() == (50, 70)   # the others load


# -- a table that cannot open: back to a plain screen, the save kept -----------------------
@pytest.mark.parametrize("damage, name", [
    (lambda r: cut_short(r / "assets" / "layouts" / "death.tmx"), "assets/layouts/death.tmx"),
    (lambda r: (r / "assets" / "cards" / "death" / "king.svg").unlink(), "assets/cards/death/king.svg"),
    (lambda r: (r / "assets" / "cards" / "death" / "back.svg").write_text("<svg", encoding="utf-8"),
     "assets/cards/death/back.svg"),
])
def test_a_table_whose_assets_are_damaged_names_the_file_and_keeps_the_saved_game(
        harness_at, home, damaged, capfd, damage, name):
    from game.app.saved import load_save
    from game.app.scenes.asset import AssetScene

    first = harness_at("off")
    first.start("death", seats="human,ai,ai,ai", seed=3)
    t = first.table
    assert first.autoplay(lambda: len(t.match.log) >= 2 and not t.busy(), 20000)   # moves made: autosaved
    first.app.open_menu()
    first.step()
    saves = sorted(home.glob("autosave_death*.json"))
    assert len(saves) == 1
    kept = saves[0].read_bytes()
    damage(damaged)                                    # then, in a later run of the app:
    lay.load.cache_clear()
    h = harness_at("off")
    h.menu()
    capfd.readouterr()
    match, _problem = load_save(saves[0])              # Continue, as the menu's saves list does it
    h.app.start_table(match=match, save=saves[0])
    h.app.guarded_frame(1 / 60)                        # the loop's frame: no exception escapes
    h.app.guarded_frame(1 / 60)
    scene = h.app.stack.top
    assert isinstance(scene, AssetScene), type(scene).__name__
    assert any(name in ln for ln in lines_of(scene))
    assert scene.probe_state() == {"asset_error": name, "save_kept": True}
    assert "Your game is safe: it was saved after your last move." in lines_of(scene)
    assert [b.label for b in scene.widgets] == ["Menu", "Quit"]
    assert not list(home.glob("crash-*.log"))          # a damaged install, not a crash
    out = capfd.readouterr()
    assert name in out.err and "Traceback" not in out.err + out.out
    assert sorted(home.glob("autosave_death*.json")) == saves and saves[0].read_bytes() == kept
    h.click(h.app.view.rect(scene.widgets[0].rect).center)       # Menu: the game is still offered
    h.step()
    assert type(h.app.stack.top).__name__ == "MenuScene"
    assert [Path(s.path) for s in h.app.saved_games(["death"])[0]] == saves


# -- start-up: the font itself; stderr and the exit status --------------------------------
STARTUP = """
import pygame
from game.app import main
real_loop = main.App.loop
def loop(self):
    self.guarded_frame(0.0)
    print("SCENE", type(self.stack.top).__name__, flush=True)
    self.screen_copy = self.screen.copy()
    colours = {tuple(self.screen.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 29)}
    print("COLOURS", len(colours), flush=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))      # the user closes the window
    return real_loop(self)
main.App.loop = loop
raise SystemExit(main.run())
"""


def run_app(root: Path | None, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CROWNTABLE_HOME=str(home),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("CROWNTABLE_ASSETS_ROOT", None)
    if root is not None:
        env["CROWNTABLE_ASSETS_ROOT"] = str(root)
    return subprocess.run([sys.executable, "-c", STARTUP], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_a_damaged_font_at_start_up_is_named_on_screen_and_on_stderr_and_the_exit_status_is_1(damaged, home):
    (damaged / "assets" / "fonts" / "DejaVuSans.ttf").write_bytes(b"\x00\x01 not a font")
    r = run_app(damaged, home)
    assert "SCENE AssetScene" in r.stdout, r.stdout + r.stderr
    assert int(r.stdout.split("COLOURS ")[1].split()[0]) > 20       # drawn (pygame's font), not black
    assert "assets/fonts/DejaVuSans.ttf" in r.stderr and "Traceback" not in r.stderr
    assert r.returncode == 1
    good = run_app(None, home)                                        # the same run, nothing damaged
    assert "SCENE MenuScene" in good.stdout and good.returncode == 0, good.stderr


def test_a_missing_layout_when_play_opens_a_table_exits_1_without_a_traceback(damaged, home):
    (damaged / "assets" / "layouts" / "masterbluff.tmx").unlink()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CROWNTABLE_HOME=str(home),
               CROWNTABLE_ASSETS_ROOT=str(damaged), PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = STARTUP.replace("raise SystemExit(main.run())", "raise SystemExit(main.run(game='masterbluff'))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert "SCENE AssetScene" in r.stdout, r.stdout + r.stderr
    assert "The file assets/layouts/masterbluff.tmx is missing." in r.stderr and "Traceback" not in r.stderr
    assert r.returncode == 1


# -- selfcheck ---------------------------------------------------------------------------
def test_selfcheck_names_each_bad_asset_in_its_json_and_exits_1(damaged):
    (damaged / "assets" / "cards" / "bossquest" / "key.svg").unlink()
    cut_short(damaged / "assets" / "cards" / "masterbluff" / "ogre.svg")
    cut_short(damaged / "assets" / "layouts" / "court.tmx")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CROWNTABLE_ASSETS_ROOT=str(damaged))
    r = subprocess.run([sys.executable, "-m", "game", "selfcheck"], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 1
    report = json.loads(r.stdout.strip().splitlines()[-1])
    assert sorted(report["bad_assets"]) == ["assets/cards/bossquest/key.svg", "assets/cards/masterbluff/ogre.svg",
                                            "assets/layouts/court.tmx"]
    assert "assets/cards/bossquest/key.svg: missing" in report["problems"]
    assert "Traceback" not in r.stderr
