"""The per-game tables (game/app/games/) have one shape (issue 26, section 3 and 5): every
registered game's table is the same five files, whatever its size, and no module there imports
another in a circle; a game's other files never import its table (``<id>.py`` is on top); each
game's drawing reads its own named view, not the table.

Read from the source (``ast``), every import counted, those inside functions too.  The checks
are run on planted copies as well, to show that a missing file or a circle fails them."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

from import_graph import circles  # tests/import_graph.py: the circles of an import graph

GAMES_DIR = Path(__file__).resolve().parents[2] / "game" / "app" / "games"
PACKAGE = "game.app.games"
#: what each game's table is made of: the model, zones, drops and answers; the drawing; the
#: event handlers; the log lines and words; the help at the table
PARTS = ("", "_draw", "_events", "_lines", "_help")


def imports_of(path: Path) -> set[str]:
    """The modules of the games package that ``path`` imports (by module name, anywhere in it)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name[len(PACKAGE) + 1:] for a in node.names if a.name.startswith(PACKAGE + ".")}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 1:                              # from . import x / from .x import y
                base = node.module
            elif node.level == 0 and node.module and (node.module == PACKAGE or node.module.startswith(PACKAGE + ".")):
                base = node.module[len(PACKAGE) + 1:] or None
            else:
                continue                                     # the kit, the rules, the core: below the games
            if base:
                out.add(base.split(".")[0])
            else:
                out |= {a.name for a in node.names}
    return out


def import_graph(folder: Path) -> dict[str, set[str]]:
    mods = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    return {m: imports_of(folder / f"{m}.py") & mods - {m} for m in sorted(mods)}


def games() -> tuple[str, ...]:
    from game.app.games import PLAYABLE
    return PLAYABLE


def table_files(folder: Path, game: str) -> set[str]:
    """The parts of ``game``'s table in ``folder``: "" for ``<id>.py``, "_draw" for ``<id>_draw.py``..."""
    others = [g for g in games() if g != game and g.startswith(game + "_")]
    return {p.stem[len(game):] for p in folder.glob(f"{game}*.py")
            if (p.stem == game or p.stem.startswith(game + "_")) and not any(p.stem.startswith(o) for o in others)}


def shape_problems(folder: Path) -> list[str]:
    out = []
    for g in games():
        have = table_files(folder, g)
        if have != set(PARTS):
            out.append(f"{g}: missing {sorted(g + p + '.py' for p in set(PARTS) - have)}, "
                       f"extra {sorted(g + p + '.py' for p in have - set(PARTS))}")
    return out


def upward_imports(folder: Path) -> list[str]:
    """A game's part that imports the game's table (``<id>.py``): the table is on top."""
    graph = import_graph(folder)
    return [f"{g}{p} imports {g}" for g in games() for p in PARTS[1:]
            if f"{g}{p}" in graph and g in graph[f"{g}{p}"]]


def test_every_game_has_the_same_table_files():
    assert games(), "no registered game tables"
    assert shape_problems(GAMES_DIR) == []


def test_no_import_circle_among_the_game_tables():
    assert circles(import_graph(GAMES_DIR)) == []


def test_no_part_of_a_game_imports_its_table():
    assert upward_imports(GAMES_DIR) == []


def test_the_checks_catch_a_planted_circle_and_a_missing_file(tmp_path):
    folder = tmp_path / "games"
    shutil.copytree(GAMES_DIR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    assert shape_problems(folder) == [] and circles(import_graph(folder)) == [] and upward_imports(folder) == []
    g = games()[0]
    # a help module that takes a name from its table again (the circle issue 26 named)
    help_file = folder / f"{g}_help.py"
    help_file.write_text(help_file.read_text(encoding="utf-8") + f"\n\ndef planted():\n    from .{g} import TABLE\n",
                         encoding="utf-8")
    assert [sorted(c) for c in circles(import_graph(folder))] and f"{g}_help imports {g}" in upward_imports(folder)
    assert any(g in c and f"{g}_help" in c for c in circles(import_graph(folder)))
    # an absolute import closes a circle too
    lines = folder / f"{g}_lines.py"
    lines.write_text(lines.read_text(encoding="utf-8") + f"\nimport {PACKAGE}.{g}_events\n", encoding="utf-8")
    assert any(f"{g}_lines" in c for c in circles(import_graph(folder)))
    # a game whose drawing is kept in its table
    (folder / f"{games()[-1]}_draw.py").unlink()
    assert any(p.startswith(f"{games()[-1]}: missing ['{games()[-1]}_draw.py']") for p in shape_problems(folder))


def draw_problems(folder: Path) -> list[str]:
    """A game's drawing reads its own named view (a NamedTuple with the kit's handle first), never
    the table: no function in ``<id>_draw.py`` takes the scene (``t`` / ``self``)."""
    out = []
    for g in games():
        path = folder / f"{g}_draw.py"
        if not path.exists():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        views = [c for c in tree.body if isinstance(c, ast.ClassDef) and c.name.endswith("View")
                 and any(getattr(b, "id", "") == "NamedTuple" for b in c.bases)]
        fields = [s.target.id for c in views for s in c.body if isinstance(s, ast.AnnAssign)]
        if len(views) != 1 or not fields or fields[0] != "kit":
            out.append(f"{g}_draw: no one NamedTuple view with the kit's handle first")
        for f in [n for n in tree.body if isinstance(n, ast.FunctionDef)]:
            if any(a.arg in ("t", "self", "table", "scene") for a in f.args.args):
                out.append(f"{g}_draw.{f.name} takes the table")
    return out


def test_each_games_drawing_reads_a_named_view():
    assert draw_problems(GAMES_DIR) == []


def test_the_view_check_catches_a_drawing_that_takes_the_table(tmp_path):
    folder = tmp_path / "games"
    shutil.copytree(GAMES_DIR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    g = games()[0]
    draw = folder / f"{g}_draw.py"
    draw.write_text(draw.read_text(encoding="utf-8") + "\n\ndef planted(t, surf) -> None:\n    t.app\n",
                    encoding="utf-8")
    assert draw_problems(folder) == [f"{g}_draw.planted takes the table"]
