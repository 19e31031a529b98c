"""The phone page's files: each game of the registry has its layout (page/games/<id>.js), the
server serves them with their content type, and a wheel carries every file of the page (a
game's layout is one file more, found by its game id: nothing lists them by hand)."""
from __future__ import annotations

import tomllib
import urllib.request
from pathlib import Path

from phone_helpers import served

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "game" / "phones" / "page"


def test_every_game_has_its_phone_layout_and_the_layout_registers_under_its_id():
    from game.core import registry

    for game in registry.games():
        f = PAGE / "games" / f"{game}.js"
        assert f.is_file(), f"{game} has no phone layout ({f.relative_to(ROOT)})"
        assert f"CT.games.{game} = " in f.read_text(encoding="utf-8")


def test_the_wheel_carries_every_file_of_the_phone_page():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    globs = data["game"]
    files = [p.relative_to(ROOT / "game").as_posix() for p in PAGE.rglob("*") if p.is_file()]
    # setuptools' globs: "*" does not cross a "/" (pathlib's glob, not fnmatch's)
    carried = {p.relative_to(ROOT / "game").as_posix() for g in globs for p in (ROOT / "game").glob(g)}
    missing = [f for f in files if f not in carried]
    assert len(files) >= 8 and not missing, missing


def test_the_server_serves_each_games_layout_as_javascript():
    with served("court", players=2) as (_m, server, _host):
        for f in sorted((PAGE / "games").glob("*.js")):
            req = urllib.request.Request(f"http://127.0.0.1:{server.port}/games/{f.name}",
                                         headers={"Host": f"127.0.0.1:{server.port}"})
            with urllib.request.urlopen(req, timeout=5) as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/javascript")
                assert r.read() == f.read_bytes()
