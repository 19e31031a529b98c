"""The phones in a shipped program (issue 28): the phone server finds its page and the card art
wherever the program is installed (a checkout, the one-file build's ``sys._MEIPASS``), the
frozen ``selfcheck`` serves them, and a program that opens no phone seat loads none of the phone
code (start-up unchanged).  Loopback only; every wait is bounded."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.app import phones as app_phones
from game.app import selfcheck
from game.app.phones import PhoneSession
from game.match import Match, SeatSpec
from test_phone_server import _get

ROOT = Path(__file__).resolve().parents[1]
PHONE_CODE = "('websockets', 'segno')"


def test_a_phone_session_serves_the_card_art_the_page_shows():
    """PhoneSession.open gave the server no card folder: every card on a phone was a 404."""
    m = Match("masterbluff", [SeatSpec(f"AI {i}", "ai", "normal") for i in range(3)], seed=1)
    session = PhoneSession.open(m, address="127.0.0.1")
    try:
        status, body = _get(session.server, "/cards/masterbluff/back.svg")
        assert status == 200 and b"<svg" in body
        assert _get(session.server, "/cards/death/king.svg")[0] == 200
        assert _get(session.server, "/cards/../game/phones/server.py")[0] == 404
    finally:
        session.stop()


def test_frozen_the_cards_are_found_under_meipass(tmp_path, monkeypatch):
    """In the one-file build the card art is unpacked under sys._MEIPASS/assets/cards (the page
    beside game/phones/server.py, under sys._MEIPASS/game/phones/page: the frozen selfcheck
    fetches both, see test_selfcheck_serves_the_page_the_cards_and_the_websocket)."""
    monkeypatch.delenv("CROWNTABLE_ASSETS_ROOT", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert app_phones.cards_dir() == tmp_path / "assets" / "cards"


def test_selfcheck_serves_the_page_the_cards_and_the_websocket():
    done, problems = selfcheck.phone_problems()
    assert problems == []
    assert done["page"] == "game/phones/page" and done["cards"] == "assets/cards"
    assert done["served"] == ["/", "/app.js", "/cards/masterbluff/back.svg", "/words.json"]
    assert done["hello"] == "room" and done["qr"] >= 21
    assert sorted(done["views"]) == ["bossquest", "court", "death", "ktm", "masterbluff"] and min(done["views"].values()) > 500


def test_selfcheck_fails_when_the_page_or_the_cards_are_missing(tmp_path, monkeypatch):
    from game.phones import server as phone_server

    monkeypatch.setattr(phone_server, "PAGE_DIR", tmp_path / "page")
    monkeypatch.setattr(app_phones, "cards_dir", lambda: tmp_path / "cards")
    (tmp_path / "page").mkdir()
    done, problems = selfcheck.phone_problems()
    assert any("GET / gave 404" in p for p in problems)
    assert any("GET /app.js gave 404" in p for p in problems)
    assert any("GET /cards/masterbluff/back.svg gave 404" in p for p in problems)


def _run(code: str, tmp_path: Path, **env) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CROWNTABLE_HOME=str(tmp_path), **env)
    env.pop("CROWNTABLE_TEST_PROBE", None)
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


LOADED = ("bad = sorted(m for m in sys.modules if m.split('.')[0] in " + PHONE_CODE
          + " or m.startswith('game.phones'))\nprint('IMPORTED', bad)\n")


def test_the_menu_and_a_table_with_no_phone_seat_import_no_phone_code(tmp_path):
    """Start-up unchanged: the menu, then a table of a hot-seat human and AI seats played for a
    while (moves, animations, the AI's thinking) loads none of game.phones, websockets, segno."""
    code = ("import sys\n"
            "from game.app.headless import HeadlessApp\n"
            "h = HeadlessApp(size=(640, 360)).menu()\n"
            "h.step(n=3)\n"
            "h.start('death', seats='human,ai,ai,ai', seed=2)\n"
            "t = h.table\n"
            "h.autoplay(lambda: len(t.match.log) >= 8, 20000)\n"
            "print('MOVES', len(t.match.log), type(h.scene).__name__)\n"
            "import game.app.phones\n" + LOADED)
    r = _run(code, tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "IMPORTED []" in r.stdout, r.stdout
    moves = int(r.stdout.split("MOVES ", 1)[1].split()[0])
    assert moves >= 8


def test_crowntable_play_to_its_first_frame_imports_no_phone_code(tmp_path):
    """The real program (``crowntable play``, the CLI path) to its first drawn table frame."""
    code = ("import sys\n"
            "from game.cli import main\n"
            "rc = main(['play', 'masterbluff', '--seats', 'human,ai,ai', '--seed', '1'])\n"
            "print('RC', rc)\n" + LOADED)
    r = _run(code, tmp_path, CROWNTABLE_EXIT_AFTER_FIRST_FRAME="1")
    assert r.returncode == 0, r.stderr[-2000:]
    assert '"scene": "TableScene"' in r.stdout and "RC 0" in r.stdout, r.stdout
    assert "IMPORTED []" in r.stdout, r.stdout


# ------------------------------------------------------------------------------ the phone benchmark
def test_the_phone_bench_row_plays_phones_and_the_same_table_without():
    """``crowntable bench --only phones`` (small: 4 seats, 12 moves): the simulated phones play
    every move through the table's PhoneSession, pumped each frame, and each is acknowledged
    and gets its view back; the same table without phones plays through its own AI.  No timing
    is asserted (docs/PERFORMANCE.md has the numbers)."""
    from game import bench
    from game.app.headless import phones_benchmark

    assert bench.BENCHES["phones"] is bench.bench_phones
    got = phones_benchmark(players=4, moves=12, phones=True, seconds=60)
    assert got["moves"] == 12 and got["phones"] == 4 and got["refused"] == 0
    assert got["ack_n"] >= 12 and got["view_n"] >= 11 and got["frame_n"] == got["pump_n"] > 0
    assert got["frame_ms_p95"] > 0 and got["ack_ms_p95"] > 0
    without = phones_benchmark(players=4, moves=6, phones=False, seconds=60)
    assert without["moves"] == 6 and without["phones"] == 0 and "ack_n" not in without and without["frame_n"] > 0
