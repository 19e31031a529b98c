"""scripts/install-desktop.sh (issue 15): the installed entry starts Crown Table to its menu, and
--uninstall removes exactly what was installed.  The program installed here is a small wrapper
that runs ``python -m game`` from this checkout (CI runs the same check, tests/desktop_check.py,
on the real one-file build)."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import desktop_check as dc

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a freedesktop.org desktop entry")


def wrapper(tmp_path: Path) -> Path:
    path = tmp_path / "build dir" / "crowntable"
    path.parent.mkdir()
    path.write_text(f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(dc.ROOT))} exec {shlex.quote(sys.executable)}"
                    " -m game \"$@\"\n")
    path.chmod(0o755)
    return path


def test_the_installed_entry_opens_the_menu_and_uninstall_removes_exactly_it(tmp_path):
    """The entry's Exec line, as a desktop would run it (SDL dummy drivers)."""
    out = dc.check(wrapper(tmp_path), tmp_path / "t", launcher="exec", log=lambda s: None)
    assert len(out["files"]) == 10 and out["launcher"] == "exec"


@pytest.mark.skipif(not (shutil.which("gtk-launch") and shutil.which("Xvfb") and shutil.which("xdotool")),
                    reason="needs gtk-launch (libgtk-3-bin), Xvfb and xdotool")
def test_gtk_launch_starts_the_entry_and_its_window_has_the_entry_class(tmp_path):
    out = dc.check(wrapper(tmp_path), tmp_path / "t", launcher="gtk-launch", log=lambda s: None)
    assert out["window"]


def test_a_reinstall_replaces_the_first_and_uninstall_twice_is_harmless(tmp_path):
    prog = wrapper(tmp_path)
    env = {**os.environ, "HOME": str(tmp_path / "h"), "XDG_DATA_HOME": str(tmp_path / "h" / "d")}
    dc.run_install(env, str(prog))
    dc.run_install(env, str(prog))
    manifest = tmp_path / "h" / "d" / "crowntable" / "install-manifest.txt"
    lines = [ln for ln in manifest.read_text().splitlines() if ln.startswith("file ")]
    assert len(lines) == 10 == len(set(lines))
    dc.run_install(env, "--uninstall")
    assert "nothing to uninstall" in dc.run_install(env, "--uninstall")
    assert dc.files_under(tmp_path / "h") == set()


def test_prefix_puts_everything_under_it(tmp_path):
    prog = wrapper(tmp_path)
    env = {**os.environ, "HOME": str(tmp_path / "not-here")}
    env.pop("XDG_DATA_HOME", None)
    dc.run_install(env, "--prefix", str(tmp_path / "p"), str(prog))
    entry = dc.parse_entry(tmp_path / "p" / "share" / "applications" / "crowntable.desktop")
    assert dc.exec_argv(entry["Exec"]) == [str(tmp_path / "p" / "bin" / "crowntable")]
    assert not (tmp_path / "not-here").exists()
    dc.run_install(env, "--prefix", str(tmp_path / "p"), "--uninstall")
    assert not (tmp_path / "p" / "bin").exists() and not (tmp_path / "p" / "share").exists()


def test_no_program_no_install(tmp_path):
    env = {**os.environ, "HOME": str(tmp_path / "h")}
    res = subprocess.run(["bash", str(dc.SCRIPT), str(tmp_path / "missing")], env=env,
                         capture_output=True, text=True)
    assert res.returncode != 0 and "build it first" in res.stderr
    assert not (tmp_path / "h").exists()


@pytest.mark.parametrize("path", ["/opt/crown table/crowntable", '/tmp/50%/a"b$c\\d`e/crowntable'])
def test_exec_quoting_round_trips(tmp_path, path):
    """The script's Exec quoting read back by the desktop-entry rules gives the path."""
    script = dc.SCRIPT.read_text()
    func = script[script.index("exec_value() {"):]
    func = func[:func.index("\n}\n") + 3]
    res = subprocess.run(["bash", "-c", func + 'exec_value "$1"', "-", path], capture_output=True, text=True)
    assert dc.exec_argv(res.stdout) == [path]


def test_the_source_entry_names_the_window_class():
    from game.app.main import WM_CLASS

    entry = dc.parse_entry(dc.ROOT / "build_scripts" / "linux" / "crowntable.desktop")
    assert entry["StartupWMClass"] == WM_CLASS == dc.WM_CLASS and entry["Icon"] == "crowntable"
