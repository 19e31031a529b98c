"""Shared by every test: the SDL drivers, the import path, a home folder of its own for each
test, and the ``slow`` mark (tests/slow.txt) that ``scripts/test.sh --fast`` leaves out
(docs/TESTING.md).

The suite runs on every core (``scripts/test.sh`` passes ``-n auto`` to pytest-xdist), so
nothing here may be shared between tests by a path or a process-wide setting: each test gets
its own ``CROWNTABLE_HOME`` (settings, autosaves, crash logs), and pytest's ``tmp_path`` is
already one folder per test and per worker."""
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TESTS = Path(__file__).resolve().parent

#: The slow tests, one a line in tests/slow.txt (a file, a ``file::test`` with all its
#: parameters, or one test's full id): each takes seconds (whole games played through the
#: table, seeded AI matches, the long contract runs, real windows).  They run in the whole
#: suite, always; the fast subset (``scripts/test.sh --fast``, under a minute) leaves them out.
SLOW = frozenset(line.strip() for line in (TESTS / "slow.txt").read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.lstrip().startswith("#"))


def _slow(nodeid: str) -> bool:
    if nodeid in SLOW:
        return True
    name = nodeid.split("[", 1)[0]
    return name in SLOW or name.split("::", 1)[0] in SLOW


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _slow(item.nodeid):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    """Every test has a ``CROWNTABLE_HOME`` of its own (a new empty folder), so no test reads
    the settings, autosaves or logs another left behind, whichever worker ran it before.  A
    test that wants a particular folder sets it (``home`` in tests/app/conftest.py does); one
    that wants none deletes it with monkeypatch.  Both are undone after the test."""
    monkeypatch.setenv("CROWNTABLE_HOME", str(tmp_path_factory.mktemp("home", numbered=True)))
    # a first start follows the system's language (game.core.i18n.system_language): the suite
    # speaks English on every machine (LANGUAGE is read first and touches nothing else)
    monkeypatch.setenv("LANGUAGE", "en")


#: the fast run names the tests that are not marked slow but took longer than this (seconds)
FAST_LIMIT = 1.5


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    markexpr = config.getoption("markexpr", "") or ""
    if "not slow" not in markexpr:
        return
    long = sorted(((r.duration, r.nodeid) for rs in terminalreporter.stats.values() for r in rs
                   if getattr(r, "when", None) == "call" and getattr(r, "duration", 0) > FAST_LIMIT),
                  reverse=True)
    if long:
        terminalreporter.section("slow tests in the fast run")
        terminalreporter.write_line(
            f"these took over {FAST_LIMIT} s; if they do on a quiet machine too, add them to "
            "tests/slow.txt:")
        for d, nodeid in long:
            terminalreporter.write_line(f"  {d:5.1f} s  {nodeid}")
