"""The import structure of ``game/`` read from the source's own import statements (``ast``;
every import counted, those inside functions too): the graph, its circles (Tarjan) and the
arrows that point up the layers (core <- rules <- match <- ai <- words <- phones <- app; the phone server
sits beside the AI, below the app: it imports neither).  Used by
tests/test_import_graph.py and tests/app/test_game_tables_shape.py."""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
#: the layers from the bottom; a module may import its own layer or one below it
LAYERS = ("core", "rules", "match", "ai", "words", "phones", "app")


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path = GAME) -> dict[str, set[str]]:
    """module -> the modules of the package it imports (any import statement, at any depth:
    a lazy import inside a function still ties the two modules)."""
    files = {_module_name(p, root): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    pkg = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    pkg = pkg[:len(pkg) - (node.level - 1)]
                    base = ".".join(pkg + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            for n in names:
                while n and n not in files:
                    n = n.rpartition(".")[0]
                if n and n != mod and not (mod.startswith(n + ".") and files[n].name == "__init__.py"):
                    graph[mod].add(n)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _layer(mod: str) -> int | None:
    parts = mod.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def arrows_up(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{m} -> {n}" for m, ns in graph.items() for n in ns
                  if _layer(m) is not None and _layer(n) is not None and _layer(n) > _layer(m))
