"""A game gives the kit a table object; it never subclasses the scene (issue 26, part 3).

Each game's ``TABLE`` is a ``GameTable`` (not a ``Scene``), and the game's modules reach the
kit only through ``self.kit`` (or ``t.kit`` in the lines and help modules), whose every name is
one ``TableKit`` declares; its drawing reads only the named fields of its ``DrawKit``.  A game's
table defines no kit name of its own, except the hooks ``GameTable`` declares (those in
``WRAPS`` wrap the kit's behaviour of that name), and never assigns one on itself."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.app import games as app_games
from game.core.registry import resolve

GAMES_DIR = Path(app_games.__file__).parent


def _kit_names():
    from game.app.table.drawkit import DrawKit
    from game.app.table.game_table import KIT_NAMES, GameTable

    return KIT_NAMES, frozenset(DrawKit._fields), frozenset(n for n in dir(GameTable) if not n.startswith("__"))


def problems(src: str, name: str) -> list[str]:
    """What a game module's source ``src`` (file ``name``) does against the rule, one line each."""
    kit_names, draw_names, hooks = _kit_names()
    out = []
    drawing = name.endswith("_draw.py")
    tree = ast.parse(src)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                                                   else [])
            if any(m in ("TableScene", "Scene") or (m or "").endswith(("table.scene", "app.scene")) for m in mods):
                out.append(f"{name}:{node.lineno}: imports the scene")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "kit":
            allowed = draw_names if drawing else kit_names
            if node.attr not in allowed:
                out.append(f"{name}:{node.lineno}: kit.{node.attr} is not a name the "
                           f"{'DrawKit' if drawing else 'TableKit'} declares")
        if not drawing and isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in ("self", "t") and isinstance(node.ctx, ast.Store) \
                and node.attr in kit_names and node.attr not in hooks:
            out.append(f"{name}:{node.lineno}: assigns {node.value.id}.{node.attr}, a kit name (use kit.{node.attr})")
        if isinstance(node, ast.ClassDef) and node.name.endswith(("Table", "Events")):   # the table and its handlers
            for b in node.body:
                defined = [b.name] if isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
                    [n.id for t in getattr(b, "targets", [getattr(b, "target", None)]) if t is not None
                     for n in ast.walk(t) if isinstance(n, ast.Name)] if isinstance(b, (ast.Assign, ast.AnnAssign)) \
                    else []
                for d in defined:
                    if d in kit_names and d not in hooks:
                        out.append(f"{name}:{b.lineno}: {node.name}.{d} shadows the kit's {d}")
    out += _wraps_outside_their_hook(tree, name) if not drawing else []
    return out


def _wraps_outside_their_hook(tree, name: str) -> list[str]:
    """``kit.<name>`` of a wrapped behaviour (``WRAPS``: ``submit``, ``zone``...) is the kit's own,
    round the game's: a game calls it only in its own hook of that name (elsewhere ``self.zone``)."""
    from game.app.table.game_table import WRAPS

    out = []

    def visit(node, fn):
        for ch in ast.iter_child_nodes(node):
            inner = ch.name if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn
            if isinstance(ch, ast.Attribute) and ch.attr in WRAPS and isinstance(ch.value, ast.Attribute) \
                    and ch.value.attr == "kit" and fn != ch.attr:
                out.append(f"{name}:{ch.lineno}: kit.{ch.attr} outside the game's own {ch.attr} (use self.{ch.attr})")
            visit(ch, inner)
    visit(tree, None)
    return out


def game_modules() -> list[Path]:
    return sorted(p for p in GAMES_DIR.glob("*.py") if p.name != "__init__.py")


@pytest.mark.parametrize("game_id", list(app_games.GAMES))
def test_a_game_table_is_a_table_object_not_a_scene(game_id):
    from game.app.scene import Scene
    from game.app.table.game_table import GameTable

    table = resolve(app_games.GAMES[game_id].table)
    assert issubclass(table, GameTable) and not issubclass(table, Scene)
    assert table.game == game_id
    assert shadowed(table) == []


def shadowed(table) -> list[str]:
    """The kit names a game's table class (and its mixins) define that are not ``GameTable`` hooks."""
    kit_names, _draw, hooks = _kit_names()
    own = {n for c in table.__mro__ if c.__module__.startswith("game.app.games") for n in vars(c)}
    return sorted(own & kit_names - hooks)


def test_a_planted_shadow_is_found():
    from game.app.games.masterbluff import MasterBluffTable

    planted = type("Planted", (MasterBluffTable,), {"__module__": "game.app.games.planted", "add_step": None})
    assert shadowed(MasterBluffTable) == [] and shadowed(planted) == ["add_step"]


def test_every_game_module_reaches_the_kit_through_its_declared_names():
    found = [p for path in game_modules() for p in problems(path.read_text(encoding="utf-8"), path.name)]
    assert found == []
    # the scan reads every game's five modules, and finds their kit uses
    assert len(game_modules()) >= 5 * len(app_games.GAMES)
    assert "self.kit.add_step" in (GAMES_DIR / "masterbluff_events.py").read_text(encoding="utf-8")


def test_planted_violations_are_found():
    """Each kind of breach the scan must see, planted in a copy of a real module."""
    src = (GAMES_DIR / "masterbluff.py").read_text(encoding="utf-8")
    assert problems(src, "masterbluff.py") == []
    plants = {
        "reads the scene": ("self.kit.add_step(", "self.kit._scene.add_step("),
        "an undeclared name": ("self.kit.layout.shared(\"pile\")", "self.kit.scene_layout.shared(\"pile\")"),
        "shadows": ("    def setup(self) -> None:", "    def say(self, msg) -> None:\n        pass\n\n"
                                                       "    def setup(self) -> None:"),
        "assigns": ("        self.token_mode = False\n", "        self.token_mode = False\n        self.reveal = None\n"),
        "goes round its own hook": ("            self.kit.say(reason or _(", "            self.kit.zone(0, \"hand\")\n"
                                                                           "            self.kit.say(reason or _("),
        "subclasses": ("from ..table.game_table import GameTable\n",
                       "from ..table.game_table import GameTable\nfrom ..table.scene import TableScene\n"),
    }
    for what, (old, new) in plants.items():
        path = "masterbluff_events.py" if what == "reads the scene" else "masterbluff.py"
        base = (GAMES_DIR / path).read_text(encoding="utf-8")
        assert old in base, what
        assert problems(base.replace(old, new, 1), path), f"a planted breach ({what}) was not found"
    draw = (GAMES_DIR / "masterbluff_draw.py").read_text(encoding="utf-8")
    assert problems(draw, "masterbluff_draw.py") == []
    assert problems(draw.replace("v.kit.layout", "v.kit.scene", 1), "masterbluff_draw.py")


def test_every_name_the_kit_declares_is_there_at_a_real_table(harness):
    """``TableKit`` forwards each of its names to the scene: none is a typo."""
    from game.app.table.game_table import KIT_NAMES

    t = harness.start("masterbluff", seats="human,ai,ai", seed=3).table
    kit = t.table.kit
    missing = [n for n in sorted(KIT_NAMES) if not hasattr(kit, n)]
    assert missing == []
    assert kit.viewer == t.viewer and kit.match is t.match and kit.layout is t.layout
