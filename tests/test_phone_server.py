"""The phone server (issue 28): joining, secrets, held seats, Origin, paths, malformed and
oversized messages, rate limits, reconnects.  Loopback only; every wait is bounded."""
from __future__ import annotations

import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from game.phones import net
from game.phones.qr import join_url, qr_matrix
from game.phones.server import ROOM_LETTERS, PhoneServer, new_room_code, new_secret, parse, BadMessage, safe_file
from phone_helpers import WAIT, Phone, served

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "assets" / "cards"


def state_of(m, server):
    """What must not change when a phone misbehaves: the log, the held seats, the inbox."""
    time.sleep(0.05)
    return (len(m.log), server.held(), server.inbox.qsize())


# ------------------------------------------------------------------------------ joining
def test_joining_needs_the_room_code_and_gives_a_long_random_secret():
    with served() as (m, server, host):
        p = Phone(server, host)
        assert p.join(0, room="QQQQ") == {"t": "error", "error": "room"}
        assert server.held() == set()
        joined = p.join(0, room=server.room.lower())       # typed in small letters: still the code
        assert joined["t"] == "joined" and joined["seat"] == 0 and server.held() == {0}
        assert len(joined["secret"]) >= 22                  # token_urlsafe: 6 bits a character, ≥ 128 bits
        view = p.wait("view")
        assert view["seat"] == 0 and view["game"] == "masterbluff"
        p.close()


def test_room_codes_and_secrets_are_random_and_unambiguous():
    codes = {new_room_code() for _ in range(200)}
    assert len(codes) > 190 and all(len(c) == 4 and set(c) <= set(ROOM_LETTERS) for c in codes)
    assert not set("BGIOSZ01256") & set(ROOM_LETTERS)
    assert len({new_secret() for _ in range(100)}) == 100 and len(new_secret()) * 6 >= 128


def test_a_guessed_secret_or_another_seats_secret_is_refused():
    with served() as (m, server, host):
        a, b = Phone(server, host), Phone(server, host)
        a.join(0), b.join(1)
        a.wait("view"), b.wait("view")
        thief = Phone(server, host)
        for seat, secret in ((0, "A" * 32), (0, b.secret), (1, a.secret), (2, a.secret), (7, a.secret),
                             (0, a.secret[:-1]), (0, "")):
            assert thief.rejoin(seat, secret) == {"t": "error", "error": "secret"}, (seat, secret)
        assert server.connected() == {0, 1}
        # what is pushed to seat 0 reaches its holder, never the thief
        server.push(0, {"t": "note", "text": "for seat 0"})
        assert any(g.get("text") == "for seat 0" for g in a.quiet())
        assert thief.quiet() == [] and not any(g.get("text") == "for seat 0" for g in b.quiet())
        # the real secret brings the seat back on another page (the first one is let go)
        again = Phone(server, host)
        assert again.rejoin(0, a.secret)["t"] == "joined"
        assert again.wait("view")["seat"] == 0
        assert a.closed_with()[1] == "this seat was opened on another page"
        for p in (b, thief, again):
            p.close()


def test_a_held_seat_is_taken_only_after_the_host_frees_it():
    with served() as (m, server, host):
        first, second = Phone(server, host), Phone(server, host)
        assert first.join(2)["t"] == "joined"
        first.close()                                   # gone, but the seat stays held for it
        time.sleep(0.05)
        assert second.join(2) == {"t": "error", "error": "taken"}
        server.send_hello = None
        second.send({"t": "hello", "room": server.room})
        seats = second.wait_any(("room",))["seats"]
        assert [s["held"] for s in seats] == [False, False, True]
        server.free_seat(2)
        assert server.held() == set()
        assert second.join(2)["t"] == "joined" and server.held() == {2}
        assert first.rejoin is not None
        stale = Phone(server, host)
        assert stale.rejoin(2, first.secret) == {"t": "error", "error": "secret"}
        second.close(), stale.close()


def test_freeing_a_seat_lets_its_phone_go_with_a_reason():
    with served() as (m, server, host):
        p = Phone(server, host)
        p.join(1)
        server.free_seat(1)
        assert p.closed_with() == (1008, "the host freed this seat")


def test_only_phone_seats_can_be_joined():
    with served() as (m, server, host):
        server.phone_seats = frozenset({1})
        p = Phone(server, host)
        assert p.join(0) == {"t": "error", "error": "seat"}
        assert p.join(5) == {"t": "error", "error": "seat"}
        assert p.join(1)["t"] == "joined"
        p.close()


# ------------------------------------------------------------------------------ Origin, host, paths
def test_a_bad_origin_or_a_missing_one_is_refused():
    with served() as (m, server, host):
        for origin in ("http://evil.example", f"http://localhost:{server.port}", "null",
                       f"http://127.0.0.1:{server.port + 1}", None):
            with pytest.raises(InvalidStatus) as info:
                connect(f"ws://127.0.0.1:{server.port}/ws", origin=origin, open_timeout=WAIT)
            assert info.value.response.status_code == 403, origin
        assert server.held() == set()


def _get(server, path: str, host_header: str | None = None) -> tuple[int, bytes]:
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT)
    try:
        c.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        c.putheader("Host", host_header or f"127.0.0.1:{server.port}")
        c.endheaders()
        r = c.getresponse()
        return r.status, r.read()
    except (http.client.HTTPException, ConnectionError):
        return 0, b""                       # the server would not even answer it
    finally:
        c.close()


def test_the_page_its_words_and_the_card_art_are_served():
    with served(cards_dir=CARDS) as (m, server, host):
        status, body = _get(server, "/?room=" + server.room)
        assert status == 200 and b"<html" in body.lower()
        assert _get(server, "/app.js")[0] == 200 and _get(server, "/style.css")[0] == 200
        status, body = _get(server, "/cards/masterbluff/elf.svg")
        assert status == 200 and b"<svg" in body
        status, body = _get(server, "/words.json?lang=en")
        assert status == 200 and json.loads(body)["join_title"] == "Join the table"


def test_a_wrong_host_header_is_refused():
    """DNS rebinding: a page of another site that resolves to this machine is not answered."""
    with served() as (m, server, host):
        assert _get(server, "/", host_header="evil.example")[0] == 421
        assert _get(server, "/", host_header=f"localhost:{server.port}")[0] == 421


TRAVERSALS = ("/../server.py", "/..", "/%2e%2e/server.py", "/%2E%2E/server.py", "/%252e%252e/server.py",
              "/..%2fserver.py", "/..%5cserver.py", "/..\\server.py", "/.%2e/server.py", "//etc/passwd",
              "/%2fetc%2fpasswd", "/cards/../server.py", "/cards/masterbluff/../../../pyproject.toml",
              "/cards/%2e%2e/%2e%2e/%2e%2e/pyproject.toml", "/cards//etc/passwd", "/cards/masterbluff%00.svg",
              "/index.html%00.svg", "/./index.html", "/.hidden", "/C:/Windows/win.ini", "/cards/",
              "/server.py", "/__init__.py", "/page/index.html", "/cards/masterbluff", "/words.json/../server.py")


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_path_outside_the_page_is_served(path):
    with served(cards_dir=CARDS) as (m, server, host):
        status, body = _get(server, path)
        assert status != 200 and b"PhoneServer" not in body and b"[project]" not in body


def test_a_link_out_of_the_page_folder_is_not_followed(tmp_path):
    page = tmp_path / "page"
    page.mkdir()
    (page / "index.html").write_text("<html>ok</html>")
    (tmp_path / "secret.html").write_text("SECRET")
    (page / "out.html").symlink_to(tmp_path / "secret.html")
    (page / "sub").symlink_to(tmp_path)
    assert safe_file(page, "index.html") == (page / "index.html").resolve()
    assert safe_file(page, "out.html") is None and safe_file(page, "sub/secret.html") is None
    with served(page_dir=page) as (m, server, host):
        assert _get(server, "/")[0] == 200
        for path in ("/out.html", "/sub/secret.html"):
            status, body = _get(server, path)
            assert status == 404 and b"SECRET" not in body


# ------------------------------------------------------------------------------ bad messages
def malformed(rng: random.Random, room: str) -> list:
    """Messages that break the protocol, each in its own way."""
    base = [b"\x00\x01binary", "", "not json", "{", "[]", "null", "1", '"hello"', "{}", '{"t": 1}',
            '{"t": "shout"}', '{"t": "hello"}', '{"t": "hello", "room": 5}',
            json.dumps({"t": "hello", "room": room, "extra": 1}),
            json.dumps({"t": "join", "room": room, "seat": "0"}),
            json.dumps({"t": "join", "room": room, "seat": True}),
            json.dumps({"t": "join", "room": room}), json.dumps({"t": "rejoin", "seat": 0}),
            json.dumps({"t": "rejoin", "seat": 0, "secret": 7}),
            json.dumps({"t": "rejoin", "seat": 0, "secret": "x" * 500}),
            json.dumps({"t": "act", "seq": 1, "action": {"kind": "pass"}}),         # not joined
            json.dumps({"t": "options", "where": {}}),                              # not joined
            json.dumps({"t": "join", "room": "A" * 100, "seat": 0}),
            "[" * 5000 + "]" * 5000, '{"t": "act", "seq": 0, "action": {"kind": "pass"}}']
    out = list(base)
    kinds = ["hello", "join", "rejoin", "act", "options", "HELLO", "", None, 3, [], {}]
    while len(out) < 1000:
        msg = {"t": rng.choice(kinds)}
        for _ in range(rng.randrange(4)):
            msg[rng.choice(["room", "seat", "secret", "seq", "action", "where", "x"])] = rng.choice(
                [None, -1, 2 ** 60, 1.5, "", [1, [2]], {"a": {}}, True])
        text = json.dumps(msg)
        try:
            parse(text)
        except BadMessage:
            out.append(text)
    return out[:1000]


def test_a_thousand_malformed_messages_each_close_their_connection_and_change_nothing():
    rng = random.Random(28)
    with served(rate_limit=10_000) as (m, server, host):
        owner = Phone(server, host)
        owner.join(2)
        view = owner.wait("view")
        before = state_of(m, server)
        msgs = malformed(rng, server.room)
        assert len(msgs) == 1000
        codes = set()
        for i, msg in enumerate(msgs):
            p = Phone(server, host)
            if isinstance(msg, bytes):
                p.ws.send(msg)
            else:
                p.send(msg)
            code, reason = p.closed_with()
            assert code in (1007, 1008) and reason, (msg[:80], code)
            codes.add(code)
        assert codes == {1007, 1008}
        host.pump()
        assert state_of(m, server) == before
        # the seat's holder was not disturbed, and its own bad message closes only itself
        owner.send({"t": "act", "seq": 1, "action": {"kind": "discard", "counts": "all"}})
        ack = owner.wait("ack")                     # well formed but not a move: refused, with a reason
        assert ack["ok"] is False and ack["reason"]
        owner.send({"t": "act", "seq": "two", "action": {"kind": "discard"}})
        assert owner.closed_with() == (1008, "'seq' must be a whole number")
        host.pump()
        assert state_of(m, server) == before and view["legal_total"] > 0


def test_a_ten_megabyte_message_closes_the_connection_and_changes_nothing():
    with served() as (m, server, host):
        owner = Phone(server, host)
        owner.join(2)
        owner.wait("view")
        before = state_of(m, server)
        big = json.dumps({"t": "act", "seq": 1, "action": {"kind": "pass", "pad": "x" * (10 * 2 ** 20)}})
        try:
            owner.send(big)
        except Exception:
            pass                                # the server may close while it is still sent
        assert owner.closed_with()[0] == 1009
        host.pump()
        assert state_of(m, server) == before
        back = Phone(server, host)              # the seat is still its own: the secret brings it back
        assert back.rejoin(2, owner.secret)["t"] == "joined"
        back.close()


def test_join_attempts_are_rate_limited_per_address():
    now = [0.0]
    with served(rate_limit=5, rate_window=60.0, clock=lambda: now[0]) as (m, server, host):
        p = Phone(server, host)
        for _ in range(5):
            assert p.join(0, room="QQQQ") == {"t": "error", "error": "room"}
        p.send({"t": "join", "room": server.room, "seat": 0})      # even the right code now
        assert p.closed_with() == (1008, "too many join attempts: wait a minute")
        assert server.held() == set()
        q = Phone(server, host)                                      # the same address: still refused
        q.send({"t": "hello", "room": server.room})
        assert q.closed_with()[0] == 1008
        now[0] = 61.0                                                # a minute later
        r = Phone(server, host)
        assert r.join(0)["t"] == "joined"
        r.close()


# ------------------------------------------------------------------------------ acting, reconnecting
def test_an_action_goes_through_the_match_and_a_refusal_gives_the_engines_reason():
    with served() as (m, server, host):
        actor = m.to_act()[0]
        other = (actor + 1) % 3
        p, q = Phone(server, host), Phone(server, host)
        p.join(actor), q.join(other)
        view = p.wait("view")
        q.wait("view")
        q.send({"t": "act", "seq": 1, "action": view["legal"][0]["action"]})   # not q's turn
        ack = q.wait("ack")
        assert ack["ok"] is False and "turn" in ack["reason"] and len(m.log) == 0
        q.send({"t": "act", "seq": 2, "action": {"kind": "teleport"}})
        assert q.wait("ack")["ok"] is False and len(m.log) == 0
        p.send({"t": "act", "seq": 1, "action": {**view["legal"][0]["action"], "seat": other}})
        assert p.wait("ack") == {"t": "ack", "seq": 1, "ok": True}
        assert len(m.log) == 1 and m.log[0].seat == actor        # the seat is the connection's, not the message's
        after = q.wait("view")
        assert [e["kind"] for e in after["events"]][:1] == ["discard"]
        p.close(), q.close()


def test_a_phone_cut_mid_turn_comes_back_and_nothing_is_applied_twice():
    with served() as (m, server, host):
        actor = m.to_act()[0]
        p = Phone(server, host)
        p.join(actor)
        view = p.wait("view")
        action = view["legal"][0]["action"]
        p.send({"t": "act", "seq": 1, "action": action})
        time.sleep(0.05)
        p.ws.close()                               # cut before the table even read it
        host.pump()
        assert len(m.log) == 1
        back = Phone(server, host)
        joined = back.rejoin(actor, p.secret)
        assert joined == {"t": "joined", "seat": actor, "last_seq": 1, "name": m.seats[actor].name,
                          "colour": server.slots[actor].colour,
                          "colours": [s.colour for s in server.slots]}     # every seat's (public) colour
        again = back.wait("view")                  # its current view at once, after the move
        assert again["seat"] == actor and again["observation"]["hand_sizes"] == list(m.observe(actor).hand_sizes)
        back.send({"t": "act", "seq": 1, "action": action})      # the page sends its unacknowledged move again
        assert back.wait("ack") == {"t": "ack", "seq": 1, "ok": True}
        back.quiet(0.2)
        assert len(m.log) == 1                     # once
        back.close()


def test_an_options_query_lists_the_actions_matching_a_choice():
    with served() as (m, server, host):
        actor = m.to_act()[0]
        p = Phone(server, host)
        p.join(actor)
        view = p.wait("view")
        assert view["legal_total"] > len(view["legal"])           # a declaration: thousands
        counts = view["legal"][-1]["action"]["counts"]
        p.send({"t": "options", "where": {"counts": counts, "family": "elf"}})
        opts = p.wait("options")
        assert opts["legal_total"] == len(opts["legal"]) >= 1
        assert all(o["action"]["counts"] == counts and o["action"]["family"] == "elf" for o in opts["legal"])
        p.close()


def test_round_trip_on_loopback_is_well_under_50_ms():
    with served() as (m, server, host):
        p = Phone(server, host)
        p.join(0)
        p.wait("view")
        times = []
        for i in range(1, 41):
            t0 = time.perf_counter()
            p.send({"t": "act", "seq": i, "action": {"kind": "pass"}})     # refused: no state change
            p.wait("ack")
            times.append(time.perf_counter() - t0)
        times.sort()
        assert times[int(0.95 * len(times)) - 1] < 0.050
        p.close()


# ------------------------------------------------------------------------------ where it listens
def test_the_server_listens_only_on_loopback_or_a_private_address():
    for ok in ("10.1.2.3", "172.16.0.9", "172.31.255.1", "192.168.1.20", "169.254.3.4"):
        assert net.is_private_lan(ok) and net.check_bind_address(ok) == ok
    for bad in ("0.0.0.0", "8.8.8.8", "172.32.0.1", "100.64.0.1", "::", "224.0.0.1", "localhost", ""):
        assert not net.is_private_lan(bad)
        with pytest.raises(ValueError):
            net.check_bind_address(bad)
    assert net.check_bind_address("127.0.0.1") == "127.0.0.1"
    with pytest.raises(ValueError):
        PhoneServer("masterbluff", [("A", None)], host="0.0.0.0")


def test_lan_address_refuses_a_public_route(monkeypatch):
    class FakeSocket:
        def __init__(self, *a):
            pass

        def connect(self, addr):
            pass

        def getsockname(self):
            return ("203.0.113.7", 5000)

        def close(self):
            pass
    monkeypatch.setattr(net.socket, "socket", FakeSocket)
    with pytest.raises(net.NoLanAddress, match="same Wi-Fi"):
        net.lan_address()


def test_a_busy_preferred_port_falls_back_to_a_free_one():
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        with served(port=port) as (m, server, host):
            assert server.port not in (None, port)
            assert server.join_url() == f"http://127.0.0.1:{server.port}/?room={server.room}"
    finally:
        busy.close()


def test_the_qr_matrix_is_the_join_urls_code():
    import segno

    url = join_url("192.168.1.20", 8741, "ACDE")
    assert url == "http://192.168.1.20:8741/?room=ACDE"
    mx = qr_matrix(url)
    assert len(mx) == len(mx[0]) >= 21 and all(isinstance(x, bool) for row in mx for x in row)
    finder = [row[:7] for row in mx[:7]]
    assert finder[0] == [True] * 7 and finder[1] == [True] + [False] * 5 + [True]
    assert mx == [[bool(x) for x in row] for row in segno.make_qr(url, error="m", boost_error=False).matrix]
    assert qr_matrix(url.replace("ACDE", "ACDF")) != mx


def test_stop_ends_the_thread_and_frees_the_port():
    with served() as (m, server, host):
        port, thread = server.port, server._thread
    assert not thread.is_alive()
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    finally:
        s.close()


# ------------------------------------------------------------------------------ start-up
def test_start_up_and_the_menu_import_no_phone_code(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               CROWNTABLE_HOME=str(tmp_path))
    code = ("import sys, runpy\n"
            "sys.argv = ['game', '--help']\n"
            "try:\n    runpy.run_module('game', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "from game.app.headless import HeadlessApp\n"
            "h = HeadlessApp(size=(640, 360), home=sys.argv[0] and %r).menu()\n"
            "h.app.frame(0.016)\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('websockets', 'segno') "
            "or m.startswith('game.phones'))\n"
            "print('IMPORTED', bad)\n") % str(tmp_path)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "usage" in r.stdout.lower() and "IMPORTED []" in r.stdout
