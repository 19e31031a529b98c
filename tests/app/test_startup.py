"""Start-up: the benchmark's exit hook, and the menu loads no game (rules, AI, tables load when
a game is chosen).  Both start the real program in a fresh process (SDL dummy drivers)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path, **extra) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CROWNTABLE_HOME=str(tmp_path / "home"))
    env.pop("CROWNTABLE_TEST_PROBE", None)
    env.pop("CROWNTABLE_EXIT_AFTER_FIRST_FRAME", None)
    env.update(extra)
    return env


def test_exit_after_first_frame_quits_once_the_menu_is_drawn(tmp_path):
    from game.app.main import EXIT_AFTER_FIRST_FRAME
    from game.bench import EXIT_AFTER_FIRST_FRAME as bench_name

    assert bench_name == EXIT_AFTER_FIRST_FRAME
    probe = tmp_path / "probe.json"
    r = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=_env(tmp_path, CROWNTABLE_TEST_PROBE=str(probe), **{EXIT_AFTER_FIRST_FRAME: "1"}))
    assert r.returncode == 0, r.stderr
    first = json.loads(r.stdout.strip().splitlines()[-1])["first_frame"]
    assert first["scene"] == "MenuScene" and first["frames"] == 1
    assert first["since_cli_ms"] > 0 and isinstance(first["clock"], float)
    # the probe, written after the frame was drawn, saw the same: the menu, one frame
    seen = json.loads(probe.read_text())
    assert seen["scene"] == "MenuScene" and seen["frames"] == 1 and "menu" in seen


def test_without_the_hook_the_menu_keeps_running(tmp_path):
    """"0" means off: the real menu is still open after 3 s (then it is killed)."""
    p = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=_env(tmp_path, CROWNTABLE_EXIT_AFTER_FIRST_FRAME="0"))
    try:
        out, _err = p.communicate(timeout=3)
        assert False, f"the menu quit by itself: {out}"
    except subprocess.TimeoutExpired:
        p.kill()
        out, _err = p.communicate()
    assert "first_frame" not in out


def test_the_registry_lists_all_five_games_with_their_rules_own_titles_and_players():
    import game.rules
    from game.core import registry

    assert registry.ids() == ("masterbluff", "court", "death", "ktm", "bossquest")
    assert [g.id for g in game.rules.GAMES] == list(registry.ids())
    for gid in registry.ids():
        info, rules = registry.info(gid), registry.get(gid)
        assert (info.id, info.title, info.min_players, info.max_players) == \
            (rules.id, rules.title, rules.min_players, rules.max_players)
        assert sys.modules[info.module].RULES is rules
    assert list(registry.games()) == list(registry.ids())


#: what the menu must not load: a game's rules, the AI, a table
GAME_MODULES = ("game.rules.", "game.ai", "game.app.games.")


def test_the_menu_loads_no_game_until_one_is_chosen(tmp_path):
    """Start the real program to its first drawn menu frame, then list what it imported."""
    code = ("import json, sys\n"
            "from game.cli import main\n"
            "assert main([]) == 0\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=_env(tmp_path, CROWNTABLE_EXIT_AFTER_FIRST_FRAME="1"))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert json.loads(lines[0])["first_frame"]["scene"] == "MenuScene"
    modules = json.loads(lines[-1])
    assert "game.app.scenes.menu" in modules and "pygame" in modules
    assert [m for m in modules if m.startswith(GAME_MODULES)] == []
    # and choosing a game loads it: its rules, and no other game's
    from game.core import registry

    code = ("import sys; from game.core import registry; import game.match; registry.get('court');"
            "print(sorted(m for m in sys.modules if m.startswith('game.rules.')))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "['game.rules.court']"
    assert registry.known("court") and not registry.known("chess")


def test_bench_startup_times_the_real_menu_and_says_when_there_is_no_one_file(tmp_path, monkeypatch):
    from game import bench

    programs, notes = bench._startup_programs(tmp_path)          # a folder with no dist/crowntable
    assert list(programs) == ["source"] and "does not exist" in notes[0]
    monkeypatch.setattr(bench, "_startup_programs", lambda root: ({"source": ([sys.executable, "-m", "game"], ROOT)},
                                                                  notes))
    out = bench.bench_startup(quick=True)
    assert out["bench"] == "startup" and out["scene"] == "MenuScene" and out["runs"] == 3
    src = out["source"]
    assert 0 < src["first_frame_ms_min"] <= src["first_frame_ms_median"] <= src["first_frame_ms_max"]
    assert src["first_frame_ms_median"] <= src["exit_ms_median"] and src["since_cli_ms_median"] > 0
    assert out["onefile"] is None and out["notes"] == notes


def test_the_mixer_opens_on_the_first_sound_not_before_the_menu(tmp_path):
    import pygame

    from game.app.headless import HeadlessApp

    pygame.mixer.quit()
    h = HeadlessApp(home=str(tmp_path))
    h.menu()
    assert h.app.audio is None and pygame.mixer.get_init() is None      # the menu is up, no mixer yet
    h.app.sounds.play("tick")
    assert h.app.audio is True and pygame.mixer.get_init() is not None   # dummy audio driver: it opens
    assert h.app.sounds.ok
    # sound off: nothing opens the mixer
    pygame.mixer.quit()
    h2 = HeadlessApp(home=str(tmp_path))
    h2.app.sounds.enabled = False
    h2.app.sounds.play("tick")
    h2.app.sounds.warm()
    assert h2.app.audio is None and pygame.mixer.get_init() is None
