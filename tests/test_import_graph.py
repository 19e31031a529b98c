"""No import circle anywhere in ``game/``, and every import points down the layers
(core <- rules <- match <- ai <- app), read from the source's own import statements
(issue 26: "No circle anywhere in game/")."""
from __future__ import annotations

from import_graph import arrows_up, circles, import_graph


def test_no_import_circle_in_game():
    g = import_graph()
    assert "game.core.memo" in g["game.rules.death"] and "game.app.scene" in g["game.app.scenes.base"]
    assert circles(g) == []


def test_every_import_points_down_the_layers():
    assert arrows_up(import_graph()) == []


def test_a_planted_circle_and_an_arrow_up_are_found(tmp_path):
    root = tmp_path / "game"
    for d in ("core", "rules", "app"):
        (root / d).mkdir(parents=True)
        (root / d / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "app" / "a.py").write_text("from . import b\n")
    (root / "app" / "b.py").write_text("def f():\n    from game.app import a\n")
    (root / "core" / "c.py").write_text("from game.rules import r\n")
    (root / "rules" / "r.py").write_text("from ..core import c\n")
    g = import_graph(root)
    assert ["game.app.a", "game.app.b"] in circles(g)
    assert "game.core.c -> game.rules.r" in arrows_up(g)
