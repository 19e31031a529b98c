"""Scenes reach the App through the object they are given, never by importing game.app.main."""
from __future__ import annotations

import ast
from pathlib import Path

import game.app

APP = Path(game.app.__file__).parent


def imported_modules(path: Path, package: str) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def test_no_scene_imports_the_app_main_module():
    offenders = []
    for folder in ("scenes", "table", "games"):
        for path in sorted((APP / folder).rglob("*.py")) if (APP / folder).is_dir() else []:
            rel = path.relative_to(APP.parent.parent).with_suffix("")
            package = ".".join(rel.parts[:-1])
            if "game.app.main" in imported_modules(path, package):
                offenders.append(str(rel))
    assert offenders == []


def test_the_check_sees_a_relative_import(tmp_path):
    p = tmp_path / "x.py"
    p.write_text("from ..main import App\n")
    assert "game.app.main" in imported_modules(p, "game.app.scenes")
