"""build_scripts/crowntable.spec per platform (issue 15), run with stand-ins for PyInstaller's
classes: Windows and macOS get their icon file and a windowed program, macOS a Crown Table.app
bundle, Linux the console one-file program; only the window icon goes into the program."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build_scripts" / "crowntable.spec"


class Made:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


def run_spec(platform: str, monkeypatch) -> dict:
    made: dict[str, list[Made]] = {}

    def kind(name):
        def make(*args, **kwargs):
            m = Made(*args, **kwargs)
            if name == "Analysis":       # what PyInstaller's Analysis gives: (dest, source, type)
                m.datas = [(os.path.join("assets", "icons", f), "x", "DATA")
                           for f in ("crowntable-64.png", "crowntable-512.png", "crowntable.ico", "crowntable.svg")]
                m.datas += [(os.path.join("assets", "fonts", "DejaVuSans.ttf"), "x", "DATA")]
                m.pure, m.scripts, m.binaries = [], ["launch"], ["libSDL2"]
            made.setdefault(name, []).append(m)
            return m
        return make
    monkeypatch.setattr(sys, "platform", platform)
    names = {n: kind(n) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    exec(compile(SPEC.read_text(), str(SPEC), "exec"), {"SPECPATH": str(SPEC.parent), **names})
    return made


def test_windows_gets_the_ico_and_no_console(monkeypatch):
    made = run_spec("win32", monkeypatch)
    exe = made["EXE"][0]
    assert exe.kwargs["console"] is False and Path(exe.kwargs["icon"]) == ROOT / "assets" / "icons" / "crowntable.ico"
    assert Path(exe.kwargs["icon"]).is_file()
    assert ["libSDL2"] in exe.args and "BUNDLE" not in made            # one file, binaries inside


def test_macos_builds_crown_table_app_with_the_icns(monkeypatch):
    made = run_spec("darwin", monkeypatch)
    exe, bundle = made["EXE"][0], made["BUNDLE"][0]
    assert exe.kwargs["console"] is False and exe.kwargs["exclude_binaries"] is True
    assert bundle.kwargs["name"] == "Crown Table.app"
    assert bundle.kwargs["bundle_identifier"] == "io.github.crowntable.CrownTable"
    assert Path(bundle.kwargs["icon"]) == ROOT / "assets" / "icons" / "crowntable.icns"
    assert Path(bundle.kwargs["icon"]).is_file() and bundle.args[0] is made["COLLECT"][0]
    from game import __version__
    assert bundle.kwargs["version"] == __version__


def test_linux_keeps_the_console_one_file_program(monkeypatch):
    made = run_spec("linux", monkeypatch)
    exe = made["EXE"][0]
    assert exe.kwargs["console"] is True and exe.kwargs["icon"] is None and exe.kwargs["name"] == "crowntable"
    assert "BUNDLE" not in made and "COLLECT" not in made


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_only_the_window_icon_goes_into_the_program(platform, monkeypatch):
    a = run_spec(platform, monkeypatch)["Analysis"][0]
    assert sorted(os.path.basename(d[0]) for d in a.datas) == ["DejaVuSans.ttf", "crowntable-64.png"]


def test_the_workflow_builds_and_self_checks_on_three_desktops():
    text = (ROOT / ".github" / "workflows" / "desktop.yml").read_text()
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    assert "python -m PyInstaller" in text and "build_scripts/crowntable.spec" in text
    assert '"$exe" selfcheck' in text and 'app="dist/Crown Table.app"' in text
    assert '"$app/Contents/MacOS/crowntable" selfcheck' in text


def test_the_wheel_carries_every_asset_the_program_reads():
    """pyproject's data-files cover every shipped asset (not the scripts that made them, and of the
    icons only the window's): a wheel install once lacked three games' card art."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["data-files"]
    globs = [g for patterns in data.values() for g in patterns]
    shipped = [p.relative_to(root).as_posix() for p in (root / "assets").rglob("*")
               if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
               and (p.parent.name != "icons" or p.name == "crowntable-64.png")]
    missing = [f for f in shipped if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert len(shipped) > 100 and not missing, missing


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_build_carries_the_phone_server_and_its_page_but_not_tls_nor_the_test_phones(platform, monkeypatch):
    """Issue 28: game.phones (imported only when a table has phone seats) is in the build with
    websockets' asyncio server, segno and the whole page folder (games/*.js too); ssl stays out
    (plain ws:// on the home network), and so do websockets' clients (they import ssl), its trio
    support (which pulled in trio, pytest and pygments: 3.3 MB) and the benchmark's simulated phones.
    (This test said "not in the build yet" before the build carried them.)"""
    a = run_spec(platform, monkeypatch)["Analysis"][0]
    hidden, excludes = a.kwargs["hiddenimports"], a.kwargs["excludes"]
    assert {"game.phones.server", "game.phones.host", "game.phones.view", "game.phones.qr", "game.app.phones",
            "websockets.asyncio.server", "segno"} <= set(hidden)
    assert "game.phones.loadclient" not in hidden
    assert (str(ROOT / "game" / "phones" / "page"), "game/phones/page") in a.kwargs["datas"]
    assert {"ssl", "_ssl", "websockets.trio", "websockets.asyncio.client", "websockets.sync", "trio",
            "babel", "pkg_resources"} <= set(excludes)
    assert not {"asyncio", "socket", "_socket", "http", "email", "importlib.metadata"} & set(excludes)


def test_the_wheel_carries_every_file_of_the_phone_page(tmp_path):
    """pyproject's package-data covers every file of game/phones/page, and of a folder in it (a
    page/games/<id>.js another step adds): globbed as setuptools does (recursive ``**``)."""
    import glob
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    globs = [g for g in data["game"] if g.startswith("phones/page/")]
    game = tmp_path / "game"
    for name in ("index.html", "app.js", "style.css", "games/death.js", "games/death.css"):
        (game / "phones" / "page" / name).parent.mkdir(parents=True, exist_ok=True)
        (game / "phones" / "page" / name).write_text("x")
    for root in (ROOT / "game", game):
        files = {p.relative_to(root).as_posix() for p in (root / "phones" / "page").rglob("*") if p.is_file()}
        covered = {Path(f).relative_to(root).as_posix() for g in globs for f in glob.glob(str(root / g), recursive=True)}
        assert files and files <= covered, files - covered
