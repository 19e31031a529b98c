"""The suite's own set-up (tests/conftest.py): each test has a home folder of its own, so tests
run side by side on several workers (pytest-xdist) never share settings or saves; and
tests/slow.txt (the tests the fast subset leaves out) names only tests that exist: a renamed or
deleted test must leave the list too, else a slow test slips into the fast run under its new
name."""
from __future__ import annotations

import ast
import importlib.util
import os
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
# tests/conftest.py by its path (two conftest modules share the name ``conftest``)
_spec = importlib.util.spec_from_file_location("_root_conftest", TESTS / "conftest.py")
_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_conftest)
SLOW, _slow = _conftest.SLOW, _conftest._slow


def test_every_entry_names_a_test_file_and_function_that_exist():
    missing, defined = [], {}
    for entry in sorted(SLOW):
        path, _sep, rest = entry.partition("::")
        file = ROOT / path
        if not file.is_file():
            missing.append(entry)
            continue
        if rest:
            name = rest.split("[", 1)[0]
            if file not in defined:
                tree = ast.parse(file.read_text(encoding="utf-8"))
                defined[file] = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
            if name not in defined[file]:
                missing.append(entry)
    assert missing == [], "tests/slow.txt names tests that are gone: " + ", ".join(missing)


def test_a_file_a_function_and_one_parameter_set_each_mark_what_they_name():
    file = next(e for e in SLOW if "::" not in e)
    func = next(e for e in SLOW if "::" in e and "[" not in e)
    one = next(e for e in SLOW if "[" in e and e.split("[", 1)[0] not in SLOW and e.split("::")[0] not in SLOW)
    assert _slow(file + "::test_anything[x]") and _slow(func) and _slow(func + "[any-parameter]") and _slow(one)
    assert not _slow(one.split("[", 1)[0] + "[a-parameter-not-listed]")
    assert not _slow("tests/test_not_a_file.py::test_x")


def test_each_test_has_an_empty_home_of_its_own(tmp_path_factory):
    home = Path(os.environ["CROWNTABLE_HOME"])
    assert home.is_dir() and list(home.iterdir()) == []
    assert home.is_relative_to(tmp_path_factory.getbasetemp())      # never the real user folder
    (home / "settings.json").write_text("{}")                       # the next test's is another


def test_the_home_from_the_test_before_is_not_this_ones(tmp_path_factory):
    test_each_test_has_an_empty_home_of_its_own(tmp_path_factory)
