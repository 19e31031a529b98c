"""A MasterBluff table served to phones on loopback, and a phone as a Python WebSocket client,
with bounded waits (tests/test_phone_*.py)."""
from __future__ import annotations

import json
import time
from contextlib import contextmanager

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.match import Match, SeatSpec


def played_out(game: str, players: int, seed: int) -> Match:
    """A whole seeded game of ``players`` seats (P1, P2...), each move a random legal one drawn
    from ``random.Random(seed)``; AssertionError if it does not end within 20,000 moves."""
    import random

    m = Match(game, [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if m.outcome() is not None:
            return m
        m.submit(rng.choice(list(m.legal(m.to_act()[0]))))
    raise AssertionError("the game did not end")
from game.phones.host import PhoneHost
from game.phones.server import PhoneServer

WAIT = 5.0          # seconds any one wait may take at most


@contextmanager
def served(game: str = "masterbluff", players: int = 3, seed: int = 3, **kw):
    """(match, server, host): every seat a phone seat, the server on 127.0.0.1, stopped after."""
    m = Match(game, [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=seed)
    server = PhoneServer(game, [(s.name, None) for s in m.seats], host="127.0.0.1", **kw).start()
    try:
        yield m, server, PhoneHost(m, server)
    finally:
        server.stop()


class Phone:
    """One phone: a WebSocket to the table's ``/ws`` with the page's own Origin (and, given
    ``accept_language``, the handshake's ``Accept-Language`` header a browser sends)."""

    def __init__(self, server: PhoneServer, host: PhoneHost | None = None, origin: str | None = "same",
                 accept_language: str | None = None):
        self.server, self.host = server, host
        headers = {"Accept-Language": accept_language} if accept_language is not None else None
        self.ws = connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=WAIT, close_timeout=1,
                          origin=server.origin if origin == "same" else origin, max_size=2 ** 24,
                          additional_headers=headers).__enter__()
        self.got: list[dict] = []
        self.seat = self.secret = None

    def send(self, msg) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def wait(self, kind: str, timeout: float = WAIT) -> dict:
        """The next message of ``kind`` (the host pumped meanwhile); AssertionError on timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.host is not None:
                self.host.pump()
            try:
                msg = json.loads(self.ws.recv(timeout=0.01))
            except TimeoutError:
                continue
            self.got.append(msg)
            if msg.get("t") == kind:
                return msg
        raise AssertionError(f"no {kind!r} message within {timeout} s; got {[g.get('t') for g in self.got]}")

    def quiet(self, seconds: float = 0.2) -> list[dict]:
        """What arrives within ``seconds`` (the host pumped meanwhile)."""
        end, out = time.monotonic() + seconds, []
        while time.monotonic() < end:
            if self.host is not None:
                self.host.pump()
            try:
                out.append(json.loads(self.ws.recv(timeout=0.01)))
            except TimeoutError:
                continue
            except ConnectionClosed:
                break
        self.got += out
        return out

    def join(self, seat: int, room: str | None = None) -> dict:
        self.send({"t": "join", "room": room or self.server.room, "seat": seat})
        msg = self.wait_any(("joined", "error"))
        if msg["t"] == "joined":
            self.seat, self.secret = msg["seat"], msg["secret"]
        return msg

    def rejoin(self, seat: int, secret: str) -> dict:
        self.send({"t": "rejoin", "seat": seat, "secret": secret})
        msg = self.wait_any(("joined", "error"))
        if msg["t"] == "joined":
            self.seat, self.secret = seat, secret
        return msg

    def wait_any(self, kinds, timeout: float = WAIT) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                msg = json.loads(self.ws.recv(timeout=0.05))
            except TimeoutError:
                continue
            self.got.append(msg)
            if msg.get("t") in kinds:
                return msg
        raise AssertionError(f"none of {kinds} within {timeout} s")

    def closed_with(self, timeout: float = WAIT):
        """The close frame the server sent (code, reason), waiting at most ``timeout``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                self.ws.recv(timeout=0.05)
            except TimeoutError:
                continue
            except ConnectionClosed as exc:
                return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (None, None)
        raise AssertionError("the server did not close the connection")

    def close(self) -> None:
        self.ws.close()
