"""``crowntable selfcheck``: prove the shipped assets load (fonts, card art,
layouts, lessons) and every game's rules, AI and table are listed and load, in a source
checkout or a frozen build; and in every shipped language (``game.core.i18n.SHIPPED``) that
its catalogue loads and every lesson plays, its words formatted in that language.  Prints
JSON; exit 1 on any failure.  Used by CI against the PyInstaller executable.

Each file is loaded by the loader the app uses (``game.app.resources``, ``layout``),
so a file that is missing, cut short or not what it claims to be is reported by its
path in the install, e.g. ``"assets/cards/death/king.svg: missing"``, in ``problems``
and in ``bad_assets`` (the names alone)."""
from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import game.rules  # noqa: E402,F401  (registers every game)
from game.core import registry  # noqa: E402
from .cards import required_art  # noqa: E402
from .layout import load_tmx  # noqa: E402
from .resources import AssetError, asset, asset_name, load_font, load_svg  # noqa: E402
from .theme import FONT_FILES  # noqa: E402
from .games import PLAYABLE, layer_problems  # noqa: E402


def lesson_check(path) -> None:
    """A lesson file loads and its script plays from its deal to its end."""
    from game.match.lesson import LessonError, load, verify

    if not path.is_file():
        raise AssetError(path, missing=True)
    try:
        problems = verify(load(path))
    except LessonError as exc:
        raise AssetError(path, str(exc)) from None
    if problems:
        raise AssetError(path, problems[0])


def lesson_words(path) -> None:
    """Every text of a lesson, in the language in force, formats with the lesson's fields (a
    translation that names a field the lesson does not have would stop the lesson on screen)."""
    from game.core.i18n import _
    from game.match.lesson import load

    lesson = load(path)
    names = lesson.names()
    for t in lesson.texts():
        try:
            _(t).format(**names)
        except (KeyError, IndexError, ValueError) as exc:
            raise AssetError(path, f"the text {t[:40]!r} does not format: {exc!r}") from None


def language_problems() -> tuple[list[str], list[str]]:
    """(the shipped languages checked, the problems): each one's catalogue loads, and every
    lesson plays with its words in that language.  English (the source) is left in force."""
    from game.core import i18n
    from game.core.i18n import SHIPPED, SOURCE

    problems: list[str] = []
    done: list[str] = []
    try:
        for lang in SHIPPED:
            if i18n.set_language(lang) != lang:
                problems.append(f"{lang}: no catalogue in {i18n.LOCALE_DIR}")
                continue
            for game_id in PLAYABLE:
                path = asset("lessons", f"{game_id}.toml")
                try:
                    lesson_check(path)
                    lesson_words(path)
                except AssetError as exc:
                    problems.append(f"{lang}: {exc}")
            done.append(lang)
    finally:
        i18n.set_language(SOURCE)
    return done, problems


def _connect(port: int, timeout: float):
    """A TCP socket to 127.0.0.1:``port`` (``connect``, not ``create_connection``: its
    ``getaddrinfo`` encodes the name with the IDNA codec, which the build leaves out; the phone
    server itself never resolves a name, it binds a numeric address)."""
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    try:
        s.connect(("127.0.0.1", port))
    except OSError:
        s.close()
        raise
    return s


def _http_get(port: int, path: str, timeout: float) -> tuple[int, bytes]:
    """``GET path`` from the phone server on 127.0.0.1 with a plain socket (the build carries no
    HTTP client): the status and the body."""
    with _connect(port, timeout) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data or len(data.partition(b"\r\n\r\n")[2]) < _length(data):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _sep, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def _length(data: bytes) -> int:
    for line in data.partition(b"\r\n\r\n")[0].split(b"\r\n")[1:]:
        name, _sep, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 1 << 30


def _ws_hello(port: int, origin: str, room: str, timeout: float) -> dict:
    """Open the phone server's WebSocket with a plain socket and websockets' own protocol (the
    build leaves websockets' clients out: they import ssl), say hello, and return the answer."""
    from websockets.client import ClientProtocol
    from websockets.frames import Opcode
    from websockets.http11 import Response
    from websockets.uri import parse_uri

    import time

    proto = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/ws"), origin=origin)
    proto.send_request(proto.connect())
    end = time.monotonic() + timeout
    with _connect(port, timeout) as s:
        s.sendall(b"".join(proto.data_to_send()))
        while True:
            if time.monotonic() > end:
                raise OSError("the phone server did not answer hello in time")
            data = s.recv(65536)
            if not data:
                raise OSError("the phone server closed the WebSocket")
            proto.receive_data(data)
            for ev in proto.events_received():
                if isinstance(ev, Response):
                    if ev.status_code != 101:
                        raise OSError(f"the WebSocket handshake got {ev.status_code}")
                    proto.send_text(json.dumps({"t": "hello", "room": room}).encode())
                    s.sendall(b"".join(proto.data_to_send()))
                elif ev.opcode == Opcode.TEXT:
                    proto.send_close(1000)
                    s.sendall(b"".join(proto.data_to_send()))
                    return json.loads(ev.data)


def view_sizes() -> dict:
    """A seat view of each game at its start (the phone's words of every game load): game ->
    its JSON's length."""
    from game.match import Match, SeatSpec
    from game.phones.view import seat_view

    sizes = {}
    for game_id in sorted(registry.games()):
        players = registry.info(game_id).min_players
        m = Match(game_id, [SeatSpec(f"P{i + 1}", "ai") for i in range(players)], seed=1)
        sizes[game_id] = len(json.dumps(seat_view(m, 0, m.opening_events()), ensure_ascii=False))
    return sizes


def phone_problems(timeout: float = 3.0) -> tuple[dict, list[str]]:
    """The phones in this build (issue 28): start a phone server on 127.0.0.1 as a table with
    phone seats does (its page beside ``game/phones/server.py``, the card art of
    :func:`game.app.phones.cards_dir`), fetch ``/``, ``/app.js``, ``/words.json`` and a card over
    HTTP, open the WebSocket and say hello, draw a join QR code, build a seat view of each game;
    then stop the server.  Each step waits ``timeout`` seconds at most.  (what was checked, the
    problems)"""
    problems: list[str] = []
    done: dict = {}
    try:
        from game.phones import server as phone_server
        from game.phones.qr import qr_matrix
        from .phones import cards_dir
    except ImportError as exc:
        return done, [f"phones: {exc}"]
    page, cards = phone_server.PAGE_DIR, cards_dir()
    done["page"], done["cards"] = asset_name(page), asset_name(cards)
    server = phone_server.PhoneServer("masterbluff", [("A", None), ("B", None)], host="127.0.0.1", port=0,
                                      cards_dir=cards, page_dir=page)
    try:
        server.start(timeout)
        wants = {"/": b"<html", "/app.js": b"WebSocket", "/words.json": b'"lang"',
                 "/cards/masterbluff/back.svg": b"<svg"}
        for path, marker in wants.items():
            status, body = _http_get(server.port, path, timeout)
            if status != 200 or marker not in body:
                problems.append(f"phones: GET {path} gave {status} ({len(body)} bytes)")
        done["served"] = sorted(wants)
        answer = _ws_hello(server.port, server.origin, server.room, timeout)
        if answer.get("t") != "room" or len(answer.get("seats", ())) != 2:
            problems.append(f"phones: hello got {str(answer)[:80]}")
        done["hello"] = answer.get("t")
        done["qr"] = len(qr_matrix(server.join_url()))
        done["views"] = view_sizes()
    except Exception as exc:          # a timeout, a refused connection, a module left out: one line each
        problems.append(f"phones: {type(exc).__name__}: {exc}")
    finally:
        server.stop(timeout)
    return done, problems


def run() -> int:
    pygame.init()
    checked: list[str] = []
    bad: list[AssetError] = []

    def check(path, load) -> None:
        try:
            load(path)
            checked.append(asset_name(path))
        except AssetError as exc:
            bad.append(exc)

    def font(path) -> None:
        if load_font(path, 16).size("Wizard ♠♥♦♣")[0] <= 0:
            raise AssetError(path, "renders nothing")

    for name in FONT_FILES.values():
        check(asset("fonts", name), font)
    # the name checks of setup (the fonts' glyph coverage through pygame.freetype, right-to-left
    # letters through unicodedata) import what a frozen build must carry: a missing module fails here
    from .seating import name_char_refusal
    from .theme import Fonts

    cover = Fonts().missing("Wizard ßñçõœ éèêàù äöü « » „ “ ” ’")
    if cover is not None:
        bad.append(AssetError(asset("fonts", FONT_FILES[False]), f"no glyph for {cover!r}"))
    if name_char_refusal("\u0645") is None or name_char_refusal("a") is not None:
        bad.append(AssetError(asset("fonts", FONT_FILES[False]), "the name checks do not work"))
    svgs = {p: None for g in registry.games() for p in required_art(g)}
    svgs.update({p: None for p in sorted(asset().rglob("*.svg"))})          # and any other shipped SVG
    for svg in svgs:
        check(svg, lambda p: load_svg(p, (50, 70)))
    for game_id in registry.games():
        check(asset("layouts", f"{game_id}.tmx"), load_tmx)
    for game_id in PLAYABLE:
        check(asset("lessons", f"{game_id}.toml"), lesson_check)
    # every game in the rules, AI and app lists, and every module and name they give loads (a build
    # that left one out fails here)
    layers = layer_problems(resolve_parts=True)
    languages, words = language_problems()
    phones, phone_bad = phone_problems()
    frozen = bool(getattr(sys, "_MEIPASS", None))
    print(json.dumps({"frozen": frozen, "games": sorted(registry.games()), "checked": len(checked),
                      "languages": languages, "phones": phones,
                      "problems": [str(e) for e in bad] + layers + words + phone_bad,
                      "bad_assets": [e.name for e in bad]}))
    return 1 if bad or layers or words or phone_bad or not checked else 0
