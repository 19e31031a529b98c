"""gettext catalogue: the .pot in the repo is up to date for the app's screens, strings are
not built with f-strings inside _(), and a catalogue changes the screens with no code change."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
POT = GAME / "locale" / "crowntable.pot"
PO_EN = GAME / "locale" / "en" / "LC_MESSAGES" / "crowntable.po"
#: files whose every string must already be in the catalogue (the app's screens)
STRICT = tuple(f"app/{m}.py" for m in ("main", "seating", "settings", "widgets", "scenes/base", "scenes/menu",
                                        "scenes/setup", "scenes/settings", "scenes/rules", "scenes/results",
                                        "scenes/pause", "scenes/crash", "rules_text", "table/scene", "table/draw",
                                        "table/privacy", "table/steps", "table/effects", "table/words", "games/masterbluff",
                                        "games/court", "games/death", "games/ktm", "games/bossquest",
                                        "games/bossquest_draw", "games/bossquest_lines", "games/bossquest_events",
                                        "games/ktm_lines", "games/ktm_draw", "games/ktm_events",
                                        "games/death_lines", "games/death_draw", "games/death_events",
                                        "games/masterbluff_lines", "games/masterbluff_draw", "games/masterbluff_events",
                                        "games/court_lines", "games/court_draw", "games/court_events",
                                        "table/lesson"))
KNOWN = ("Continue saved game", "Who is at the table?", "Pass the screen to {name}", "Undo my last move",
         "Player {n}", "You", "Rules: {game}", "Settings were reset to defaults: {reason}")


def msgid(m) -> str:
    return m[0] if isinstance(m, tuple) else m


@pytest.fixture(scope="module")
def extracted() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for filename, _lineno, message, _comments, _ctx in extract_from_dir(
            str(GAME), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS):
        out.setdefault(msgid(message), set()).add(filename.replace("\\", "/"))
    return out


def catalogue(path: Path) -> set[str]:
    with open(path, "rb") as f:
        return {msgid(m.id) for m in read_po(f) if m.id}


def test_pot_holds_every_string_of_the_screens(extracted):
    pot = catalogue(POT)
    missing = sorted(m for m, files in extracted.items()
                     if m not in pot and any(f.startswith(STRICT) for f in files))
    assert missing == [], "run scripts/i18n.sh to update game/locale"
    assert set(KNOWN) <= pot


def test_pot_holds_every_text_of_every_lesson():
    """The lessons are data (assets/lessons/*.toml): their texts reach the catalogue through
    the Babel extractor named in babel.cfg."""
    from game.match.lesson import load

    pot = catalogue(POT)
    lessons = sorted((ROOT / "assets" / "lessons").glob("*.toml"))
    missing = sorted({t for p in lessons for t in load(p).texts() if t not in pot})
    assert missing == [], "run scripts/i18n.sh to update game/locale"
    cfg = (ROOT / "babel.cfg").read_text()
    assert "game.match.lesson.babel_extract" in cfg and "assets/lessons" in (ROOT / "scripts" / "i18n.sh").read_text()


def test_english_catalogue_matches_the_template():
    assert catalogue(PO_EN) == catalogue(POT)


def test_no_formatted_strings_inside_translation_calls():
    bad = []
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("_", "N_", "ngettext") and node.args:
                if any(isinstance(a, (ast.JoinedStr, ast.BinOp)) for a in node.args[:2]):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bad == []


def test_a_catalogue_translates_the_menu_without_code_changes(harness, tmp_path, monkeypatch):
    from game.core import i18n

    cat = Catalog(locale="it", domain="crowntable")
    cat.add("Quit", "Esci")
    cat.add("Continue saved game", "Continua la partita")
    # one form per plural category of the locale (Babel 2.19's CLDR gives Italian three: one,
    # many (millions), other)
    cat.add(("{n} player", "{n} players"), ("{n} giocatore",) + ("{n} giocatori",) * (cat.num_plurals - 1))
    mo = tmp_path / "it" / "LC_MESSAGES" / "crowntable.mo"
    mo.parent.mkdir(parents=True)
    with open(mo, "wb") as f:
        write_mo(f, cat)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        assert i18n.set_language("it") == "it"
        h = harness.menu()
        labels = [w.label for w in h.scene.widgets]
        assert "Esci" in labels and "Continua la partita" in labels
        assert i18n.ngettext("{n} player", "{n} players", 3).format(n=3) == "3 giocatori"
    finally:
        i18n.set_language("en")
    assert i18n._("Quit") == "Quit"


def test_no_function_hides_the_translation_function():
    """``for _ in ...`` or ``a, _ = ...`` in a function that also calls ``_()`` makes ``_`` a
    local there: the call fails with UnboundLocalError (comprehensions have their own scope)."""
    bad = []

    def walk(node, found):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp,
                                  ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.ClassDef)):
                continue                                   # their own scope
            if isinstance(child, ast.Name) and child.id == "_" and isinstance(child.ctx, ast.Store):
                found["binds"] = True
            if isinstance(child, ast.arg) and child.arg == "_":
                found["binds"] = True
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "_":
                found["calls"] = True
            walk(child, found)

    for path in GAME.rglob("*.py"):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found = {"binds": any(a.arg == "_" for a in fn.args.args + fn.args.kwonlyargs)
                         or (fn.args.kwarg is not None and fn.args.kwarg.arg == "_"), "calls": False}
                walk(fn, found)
                if found["binds"] and found["calls"]:
                    bad.append(f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name}")
    assert bad == []
