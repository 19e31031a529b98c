"""Install Crown Table's desktop entry in a temporary home, start the installed entry, see the
menu, stop it, uninstall, and check that exactly the installed files are gone (issue 15).

Used by tests/test_desktop_install.py (with a wrapper that runs ``python -m game`` from source)
and by CI on the real one-file build (standard library only):

    python3 tests/desktop_check.py dist/crowntable [--launcher auto|gtk-launch|exec]

``gtk-launch crowntable`` starts the entry the way a desktop does; it needs an X display, so it
runs on its own Xvfb (``-displayfd``) and the window must be found by its class ``crowntable``
(the entry's StartupWMClass).  Without gtk-launch (or Xvfb), the entry's ``Exec`` line, parsed
from the installed file, is run with the SDL dummy drivers.  Either way the app is seen through
the test probe (CROWNTABLE_TEST_PROBE), which also gives the pid to stop.
"""
from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "install-desktop.sh"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
WM_CLASS = "crowntable"


# -- the desktop entry (freedesktop.org Desktop Entry Specification 1.4)
def unescape_string(value: str) -> str:
    """A ``string`` value: ``\\s \\n \\t \\r \\\\`` decoded."""
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(value[i + 1], "\\" + value[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse_entry(path: Path) -> dict[str, str]:
    """The keys of the ``[Desktop Entry]`` group, values as written (not yet unescaped)."""
    keys, group = {}, None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            group = line
        elif group == "[Desktop Entry]" and "=" in line:
            k, v = line.split("=", 1)
            keys[k.strip()] = v.strip()
    return keys


def exec_argv(value: str) -> list[str]:
    """The command of an ``Exec`` value: string escapes decoded, then the spec's quoting (double
    quotes; ``\\"`` ``\\``` ``\\$`` ``\\\\`` inside them), ``%%`` -> ``%``, field codes dropped."""
    s = unescape_string(value)
    args, cur, i, quoted, started = [], [], 0, False, False
    while i < len(s):
        c = s[i]
        if quoted:
            if c == "\\" and i + 1 < len(s) and s[i + 1] in '"`$\\':
                cur.append(s[i + 1])
                i += 1
            elif c == '"':
                quoted = False
            elif c == "%" and s[i + 1:i + 2] == "%":
                cur.append("%")
                i += 1
            else:
                cur.append(c)
        elif c == '"':
            quoted = started = True
        elif c in " \t":
            if started:
                args.append("".join(cur))
            cur, started = [], False
        elif c == "%" and i + 1 < len(s):
            if s[i + 1] == "%":
                cur.append("%")
                started = True
            i += 1                               # a field code (%f %u ...): nothing to pass
        else:
            cur.append(c)
            started = True
        i += 1
    if quoted:
        raise ValueError(f"unterminated quote in Exec={value}")
    if started:
        args.append("".join(cur))
    return args


# -- a temporary desktop
def xvfb():
    """(process, display) of a new Xvfb, or None when Xvfb is not installed."""
    if shutil.which("Xvfb") is None:
        return None
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    data, deadline = b"", time.monotonic() + 10
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([r], [], [], left)[0]:
            proc.kill()
            proc.wait()
            raise RuntimeError("Xvfb did not report a display")
        chunk = os.read(r, 64)
        if not chunk:
            break
        data += chunk
    os.close(r)
    return proc, f":{data.decode().strip()}"


def read_probe(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its parent counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def parent_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def files_under(*roots: Path) -> set[Path]:
    return {p for r in roots if r.exists() for p in r.rglob("*") if not p.is_dir()}


def run_install(env: dict, *args: str) -> str:
    res = subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise AssertionError(f"install-desktop.sh {' '.join(args)} failed ({res.returncode}):\n"
                             f"{res.stdout}\n{res.stderr}")
    return res.stdout


def check(binary: Path, base: Path, launcher: str = "auto", timeout: float = 30.0,
          log=print) -> dict:
    """The whole round trip in ``base`` (a fresh temp folder).  Raises AssertionError on a
    failure; returns what happened (launcher, the probe, the installed files)."""
    home, data = base / "home dir", base / "data"          # a space: Exec must be quoted
    home.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "CROWNTABLE_", "XDG_DATA_HOME"))}
    env.update(HOME=str(home), XDG_DATA_HOME=str(data), SDL_AUDIODRIVER="dummy")
    # someone else's things in the same folders: they must survive the uninstall
    theirs = [home / ".local" / "bin" / "other-tool", data / "applications" / "other.desktop",
              data / "icons" / "hicolor" / "48x48" / "apps" / "other.png"]
    for p in theirs:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("not Crown Table's\n")
    before = files_under(home, data)

    log(run_install(env, str(binary)).rstrip())
    manifest = data / "crowntable" / "install-manifest.txt"
    listed = [ln.split(" ", 1) for ln in manifest.read_text(encoding="utf-8").splitlines()
              if ln and not ln.startswith("#")]
    files = {Path(p) for kind, p in listed if kind == "file"}
    dirs = [Path(p) for kind, p in listed if kind == "dir"]
    program = home / ".local" / "bin" / "crowntable"
    entry_path = data / "applications" / "crowntable.desktop"
    icons = {data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "crowntable.png" for n in ICON_SIZES}
    assert files == {program, entry_path} | icons, f"the manifest lists {sorted(files)}"
    assert files_under(home, data) == before | files | {manifest}, "an install wrote files it does not list"
    assert program.read_bytes() == binary.read_bytes() and os.access(program, os.X_OK)
    for n in ICON_SIZES:
        icon = data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "crowntable.png"
        assert icon.read_bytes() == (ROOT / "assets" / "icons" / f"crowntable-{n}.png").read_bytes()

    entry = parse_entry(entry_path)
    argv = exec_argv(entry["Exec"])
    assert argv == [str(program)], f"Exec={entry['Exec']} is not the installed program"
    assert entry["Icon"] == "crowntable" and entry["Terminal"] == "false"
    assert entry["StartupWMClass"] == WM_CLASS and entry["Type"] == "Application"
    assert {"Game", "CardGame"} <= set(entry["Categories"].split(";"))
    if shutil.which("desktop-file-validate"):
        res = subprocess.run(["desktop-file-validate", str(entry_path)], capture_output=True, text=True)
        assert res.returncode == 0 and not res.stdout.strip(), res.stdout + res.stderr

    if launcher == "auto":
        launcher = "gtk-launch" if shutil.which("gtk-launch") and shutil.which("Xvfb") else "exec"
    probe = base / "probe.json"
    run_env = {**env, "CROWNTABLE_TEST_PROBE": str(probe)}
    server, proc, pid, found = None, None, None, None
    started = time.monotonic()
    try:
        if launcher == "gtk-launch":
            server, display = xvfb()
            run_env.update(DISPLAY=display)
            run_env.pop("WAYLAND_DISPLAY", None)
            # the app inherits gtk-launch's output: a file, not a pipe that would stay open
            with open(base / "gtk-launch.log", "w+b") as out:
                rc = subprocess.run(["gtk-launch", "crowntable"], env=run_env, stdout=out, stderr=out,
                                    timeout=30).returncode
                out.seek(0)
                assert rc == 0, f"gtk-launch crowntable failed: {out.read().decode()[-3000:]}"
        else:
            run_env.update(SDL_VIDEODRIVER="dummy")
            proc = subprocess.Popen(argv, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        p = None
        while time.monotonic() - started < timeout:
            p = read_probe(probe)
            if p is not None and p.get("scene") == "MenuScene":
                break
            if proc is not None and proc.poll() is not None:
                raise AssertionError(f"the installed entry exited ({proc.returncode}):\n"
                                     f"{proc.stderr.read().decode()[-3000:]}")
            time.sleep(0.05)
        else:
            raise AssertionError(f"no menu within {timeout} s; last probe: {p}")
        to_menu = time.monotonic() - started
        pid = p["pid"]
        if launcher == "gtk-launch" and shutil.which("xdotool"):
            res = subprocess.run(["xdotool", "search", "--class", WM_CLASS], env=run_env,
                                 capture_output=True, text=True, timeout=10)
            found = res.stdout.split()
            assert found, "no window with the class crowntable (the entry's StartupWMClass)"
            if shutil.which("xprop"):                      # the app's icon is on the window
                icons = [subprocess.run(["xprop", "-id", w, "_NET_WM_ICON"], env=run_env, capture_output=True,
                                        text=True, timeout=10).stdout[:60] for w in found]
                assert any("Icon (64 x 64)" in i or "= 64, 64," in i for i in icons), f"no 64x64 window icon: {icons}"
        log(f"launched with {launcher}: the menu after {to_menu:.2f} s (pid {pid})"
            + (f", window class {WM_CLASS}" if found else ""))
    finally:
        stopped = [q for q in (pid, parent_of(pid) if pid else None) if q and q > 1]
        # the probe's pid (the Python process), and for a one-file build its bootloader parent
        # when that is the installed program
        if len(stopped) == 2 and not _is_program(stopped[1], program):
            stopped.pop()
        if pid:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        if proc is not None:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        deadline = time.monotonic() + 10
        while any(alive(q) for q in stopped) and time.monotonic() < deadline:
            time.sleep(0.05)
        for q in stopped:
            if alive(q):
                os.kill(q, signal.SIGKILL)
        if server is not None:
            server.terminate()
            server.wait(10)
    assert not any(alive(q) for q in stopped), "the app did not stop"

    log(run_install(env, "--uninstall").rstrip())
    left = files_under(home, data)
    assert not (files & left) and not manifest.exists(), f"left behind: {sorted(files & left)}"
    assert all(p.read_text() == "not Crown Table's\n" for p in theirs), "someone else's file was touched"
    # what remains: what was there before, and what the app itself wrote in its user folder
    assert left - before <= files_under(data / "crowntable"), f"left behind: {sorted(left - before)}"
    for d in dirs:
        assert not d.exists() or any(d.iterdir()), f"an empty installed folder stayed: {d}"
    return {"launcher": launcher, "files": files, "dirs": dirs, "theirs": theirs, "window": found}


def _is_program(pid: int, program: Path) -> bool:
    try:
        return Path(os.readlink(f"/proc/{pid}/exe")) == program
    except OSError:
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", type=Path)
    ap.add_argument("--launcher", choices=("auto", "gtk-launch", "exec"), default="auto")
    args = ap.parse_args(argv)
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="crowntable-desktop-"))
    try:
        check(args.binary.resolve(), base, args.launcher, log=lambda s: print(s, flush=True))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print("desktop entry: installed, launched to the menu, uninstalled: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
