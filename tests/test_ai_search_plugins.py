"""Issue 26: a game's search is one plug-in with hooks, and ``game/ai/search.py``'s
:class:`SearchAgent` is the one search agent (no game subclasses it)."""
from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import game.ai
from game.ai import make_agent
from game.ai.masterbluff_search import MasterBluffSearch
from game.ai.search import HOOKS, PARTS, SearchAgent, SearchPlugin, check_plugin
from game.core import registry
from game.rules.masterbluff import RULES

AI = Path(game.ai.__file__).resolve().parent

#: the hooks (and the generic hooks' parts) each game's plug-in implements itself; every
#: other one is :class:`SearchPlugin`'s generic behaviour
OWN = {
    "masterbluff": {"propose", "belief", "determinize", "weigh", "rollout_policy", "legal", "evaluate"},
    "court": {"shortcut", "belief", "determinize", "weigh", "rollout"},
    "death": {"shortcut", "budget", "propose", "determinize", "horizon", "rollout_policy", "evaluate"},
    "ktm": {"budget", "propose", "determinize", "horizon", "rollout_policy", "evaluate"},
    "bossquest": {"candidates", "determinize", "horizon", "rollout_policy", "evaluate"},
}


def search_agent_subclasses(folder: Path) -> list[str]:
    """``file: class`` for every class in ``folder``'s modules that derives from SearchAgent
    (by name, as ``SearchAgent`` or ``<module>.SearchAgent``)."""
    out = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    (isinstance(b, ast.Name) and b.id == "SearchAgent")
                    or (isinstance(b, ast.Attribute) and b.attr == "SearchAgent") for b in node.bases):
                out.append(f"{path.name}: {node.name}")
    return out


def test_no_search_agent_subclass_in_game_ai():
    assert search_agent_subclasses(AI) == []
    for info in pkgutil.iter_modules([str(AI)]):
        mod = importlib.import_module(f"game.ai.{info.name}")
        for name, obj in vars(mod).items():
            assert not (isinstance(obj, type) and issubclass(obj, SearchAgent) and obj is not SearchAgent), \
                f"game.ai.{info.name}.{name} subclasses SearchAgent"


def test_a_planted_search_agent_subclass_is_found(tmp_path):
    (tmp_path / "death_search.py").write_text((AI / "death_search.py").read_text(encoding="utf-8"), encoding="utf-8")
    assert search_agent_subclasses(tmp_path) == []
    (tmp_path / "planted.py").write_text("from game.ai import search\n\n"
                                         "class Mine(search.SearchAgent):\n    pass\n", encoding="utf-8")
    (tmp_path / "planted2.py").write_text("from game.ai.search import SearchAgent\n\n"
                                          "class Yours(SearchAgent):\n    pass\n", encoding="utf-8")
    assert search_agent_subclasses(tmp_path) == ["planted.py: Mine", "planted2.py: Yours"]


def own_hooks(plugin: SearchPlugin) -> set[str]:
    """The hooks and parts ``plugin``'s class has of its own (not SearchPlugin's generic ones)."""
    return {h for h in HOOKS + PARTS if getattr(type(plugin), h) is not getattr(SearchPlugin, h)}


@pytest.mark.parametrize("game", sorted(registry.games()))
def test_every_games_hard_is_the_one_search_agent_with_the_games_plugin(game):
    agent = make_agent(game, "hard")
    assert type(agent) is SearchAgent
    plugin = agent.plugin
    assert type(plugin).__module__ == f"game.ai.{game}_search"
    check_plugin(plugin)
    assert own_hooks(plugin) == OWN[game]


def test_a_games_plugin_that_loses_a_hook_is_caught():
    """Falling back to the generic hook (a game's hook deleted) changes what the game
    implements; a knob stored under a hook's name, a hook with other parameters, or a
    plug-in without a hook is refused."""
    class Forgetful(MasterBluffSearch):
        pass

    assert own_hooks(Forgetful(RULES)) == OWN["masterbluff"]
    Forgetful.evaluate = SearchPlugin.evaluate          # MasterBluff's evaluate lost: the generic one
    assert own_hooks(Forgetful(RULES)) == OWN["masterbluff"] - {"evaluate"}

    class Shadowed(MasterBluffSearch):
        def __init__(self, rules):
            super().__init__(rules)
            self.horizon = 6                            # a knob under a hook's name

    class Renamed(MasterBluffSearch):
        def evaluate(self, state, seat, players):       # other parameters
            return 0.0

    class Bare:                                         # no hooks at all but two
        rules = RULES

        def belief(self, obs, rng):
            return RULES.determinize(obs, rng), 1.0

        def rollout(self, search, world, action, seed, me, players):
            return 0.5, 1

    for plugin, hook in ((Shadowed(RULES), "horizon"), (Renamed(RULES), "evaluate"), (Bare(), "shortcut")):
        with pytest.raises(TypeError, match=hook):
            check_plugin(plugin)
        with pytest.raises(TypeError, match=hook):
            SearchAgent("masterbluff", plugin=plugin)
    check_plugin(MasterBluffSearch(RULES))


def test_knobs_go_to_the_agent_or_to_the_plugin():
    """The agent's knobs (``KNOBS``) over the plug-in's ``tuning``; every other keyword is the
    plug-in's constructor's (an unknown one is refused)."""
    agent = SearchAgent("death", budget_steps=100, search_hands=None)
    assert agent.budget_steps == 100 and agent.max_worlds == 78         # (78: Death's tuning)
    assert agent.plugin.SEARCH_HANDS is None and agent.fixed == {"budget_steps"}
    assert SearchAgent("court").plugin.infer and not SearchAgent("court", infer=False).plugin.infer
    with pytest.raises(TypeError, match="no_such_knob"):
        SearchAgent("ktm", no_such_knob=1)
