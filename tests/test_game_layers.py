"""A game is declared once per layer (issue 26): ``game.rules.GAMES`` (its rules), ``game.ai.GAMES``
(its AI: Easy, Normal, Hard, why-lines) and ``game.app.games.GAMES`` (its table, art, rules text).
Every game is in all three, every name an entry gives can be loaded and is the right kind of
thing, and a game planted in one layer only is found."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

import game.ai as ai
import game.app.games as app_games
from game.ai.easy import Easy, EasyAgent
from game.ai.search import SearchAgent, SearchPlugin
from game.app.cards import ArtSpec, CardArt, art_spec, required_art
from game.app.games import AppSpec, layer_problems
from game.core import registry
from game.core.registry import GameInfo, resolve


def test_every_game_is_declared_in_every_layer_and_its_parts_load():
    assert layer_problems(resolve_parts=True) == []
    assert set(ai.GAMES) == set(app_games.GAMES) == set(registry.ids())
    assert app_games.PLAYABLE == tuple(app_games.GAMES)


@pytest.mark.parametrize("layer", ["rules", "ai", "app"])
def test_a_game_declared_in_one_layer_only_is_found(layer, monkeypatch):
    """Plant a sixth game in one layer: the check names it and the two layers it is missing from."""
    if layer == "rules":
        monkeypatch.setitem(registry._INFO, "sixth", GameInfo("sixth", "Sixth", 2, 4, "game.rules.sixth"))
    elif layer == "ai":
        monkeypatch.setitem(ai.GAMES, "sixth", ai.AISpec("sixth", normal="game.ai.court:HeuristicAgent",
                                                         search="game.ai.court_search:CourtSearch",
                                                         easy="game.ai.easy:COURT", why="game.ai.why_court"))
    else:
        monkeypatch.setitem(app_games.GAMES, "sixth", AppSpec("sixth", table="game.app.games.court:TABLE",
                                                              art="game.app.cards:COURT_ART",
                                                              rules_text="game.app.rules_text:COURT_RULES",
                                                              gallery="game.app.games.court_help:gallery"))
    problems = layer_problems()
    assert len(problems) == 1 and problems[0].startswith("'sixth' is declared in "), problems
    declared, _, missing = problems[0].partition(" but not in ")
    lists = {"rules": "game.rules.GAMES", "ai": "game.ai.GAMES", "app": "game.app.games.GAMES"}
    assert lists[layer] in declared
    assert sorted(missing.split(" and ")) == sorted(v for k, v in lists.items() if k != layer)


def test_an_entry_naming_a_missing_part_is_found(monkeypatch):
    """A name that cannot be loaded (a renamed class, a module that is gone) is one sentence."""
    spec = ai.GAMES["court"]
    monkeypatch.setitem(ai.GAMES, "court", ai.AISpec(**{**vars(spec), "search": "game.ai.court_search:Gone"}))
    problems = layer_problems(resolve_parts=True)
    assert len(problems) == 1 and "'court': its search 'game.ai.court_search:Gone'" in problems[0]


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_ai_entry_gives_each_level_its_parts(game_id):
    s = ai.GAMES[game_id]
    assert s.game == game_id
    rules = registry.get(game_id)
    normal = ai.make_agent(game_id, "normal")
    assert type(normal) is resolve(s.normal) and callable(normal.act)
    easy = resolve(s.easy)
    assert isinstance(easy, Easy)
    agent = ai.make_agent(game_id, "easy")
    assert isinstance(agent, EasyAgent) and agent.knobs is easy.knobs
    assert isinstance(resolve(s.search)(rules), SearchPlugin)
    assert ai.search_plugin(game_id) is resolve(s.search)
    hard = ai.make_agent(game_id, "hard")
    assert isinstance(hard, SearchAgent) and isinstance(hard.plugin, resolve(s.search))
    assert type(hard) is SearchAgent                  # the one search agent of every game
    assert callable(resolve(s.why).explain)
    assert ("greedy" in ai.levels_for(game_id)) == bool(s.greedy)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_app_entry_gives_the_table_its_parts(game_id):
    s = app_games.GAMES[game_id]
    assert s.game == game_id
    table = app_games.table_scene(game_id)
    assert isinstance(table, type) and callable(table.view_from)
    art = art_spec(game_id)
    assert isinstance(art, ArtSpec) and art is resolve(s.art)
    assert CardArt(game_id).art is art
    assert all(p.is_file() for p in required_art(game_id))
    text = app_games.rules_text(game_id)
    assert isinstance(text, str) and text.startswith(registry.info(game_id).title)
    assert all(isinstance(name, str) for _art, name in app_games.gallery(game_id))


def test_selfcheck_fails_on_a_game_missing_from_a_layer(monkeypatch, capsys):
    """A build whose lists disagree (or whose entry names a module it left out) fails selfcheck."""
    import json

    from game.cli import main as cli

    spec = ai.GAMES["court"]
    monkeypatch.setitem(ai.GAMES, "sixth", ai.AISpec(**{**vars(spec), "game": "sixth"}))
    assert cli(["selfcheck"]) == 1
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert problems == ["'sixth' is declared in game.ai.GAMES but not in game.rules.GAMES and game.app.games.GAMES"]


def test_a_sixth_game_is_one_line_in_each_layer(monkeypatch):
    """Fireball Court again under a new id, declared by one entry per layer and nothing else: the
    lists agree, every level of the ladder plays it, and the app finds its table and art."""
    import copy
    import sys
    import types

    from game.ai.simulate import play_game
    from game.rules.court import RULES as COURT

    rules = copy.copy(COURT)
    rules.id = "sixth"
    module = types.ModuleType("sixth_rules")
    module.RULES = rules
    monkeypatch.setitem(sys.modules, "sixth_rules", module)
    monkeypatch.setattr(registry, "_INFO", dict(registry._INFO))       # undone after the test
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.declare(GameInfo("sixth", "Sixth", 2, 2, "sixth_rules"))                    # rules
    monkeypatch.setitem(ai.GAMES, "sixth", ai.AISpec(**{**vars(ai.GAMES["court"]), "game": "sixth"}))    # AI
    monkeypatch.setitem(app_games.GAMES, "sixth",
                        AppSpec(**{**vars(app_games.GAMES["court"]), "game": "sixth"}))               # app
    assert layer_problems(resolve_parts=True) == []
    assert ai.levels_for("sixth") == ai.LEVELS
    for level in ("easy", "normal", "greedy"):
        m = play_game("sixth", [level, "normal"], seed=3)
        assert m.outcome() is not None and registry.get(m.game) is rules
    assert app_games.table_scene("sixth") is app_games.table_scene("court")
    assert art_spec("sixth") is art_spec("court")
