"""What a pump sends goes to the phone server's loop together (issue 28, the big screen's frame):
each wake-up of the loop's thread hands it the interpreter, and one a message (an ack and up to
20 views a move) cost the app's thread milliseconds.  Inside ``PhoneServer.batch`` (the host
wraps each pump in it) the pushes wake the loop once, at the end, and reach each phone in the
order they were pushed.  No network here: the loop is a stand-in that records its wake-ups."""
from __future__ import annotations

import asyncio
import json

from game.match import Match, SeatSpec
from game.phones.host import PhoneHost
from game.phones.server import PhoneServer


class Loop:
    """The loop's two calls ``push`` makes: counted, the drain run when the test says."""

    def __init__(self) -> None:
        self.calls: list = []

    def is_closed(self) -> bool:
        return False

    def call_soon_threadsafe(self, fn, *args) -> None:
        self.calls.append((fn, args))


class Conn:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, text: str) -> None:
        self.sent.append(text)


def server_with(conns: dict[int, Conn], seats: int = 3) -> tuple[PhoneServer, Loop]:
    server = PhoneServer("death", [(f"P{i}", None) for i in range(seats)])
    loop = Loop()
    server._loop = loop
    for seat, conn in conns.items():
        server.slots[seat].secret, server.slots[seat].conn = "s" * 32, conn
    return server, loop


def drain(server: PhoneServer, loop: Loop) -> None:
    """Run what the loop was asked to (the drains, then the sends they made), as the loop would."""
    async def run() -> None:
        calls, loop.calls = loop.calls, []
        for fn, args in calls:
            fn(*args)
        await asyncio.sleep(0)
        await asyncio.sleep(0)
    asyncio.run(run())


def test_pushes_in_a_batch_wake_the_loop_once_at_its_end_and_keep_their_order():
    a, b = Conn(), Conn()
    server, loop = server_with({0: a, 1: b})
    with server.batch():
        for i in range(5):
            server.push(0, {"t": "ack", "seq": i + 1, "ok": True})
            server.push(1, {"t": "note", "n": i})
        server.push(2, {"t": "note"})                    # nobody holds seat 2: nothing to send
        assert loop.calls == []                          # not one wake-up inside the batch
    assert len(loop.calls) == 1
    drain(server, loop)
    assert [json.loads(t)["seq"] for t in a.sent] == [1, 2, 3, 4, 5]
    assert [json.loads(t)["n"] for t in b.sent] == [0, 1, 2, 3, 4]


def test_a_push_outside_a_batch_wakes_the_loop_and_one_asked_for_is_not_asked_again():
    a = Conn()
    server, loop = server_with({0: a})
    server.push(0, {"t": "note", "n": 1})
    server.push(0, {"t": "note", "n": 2})                # the drain asked for takes it too
    assert len(loop.calls) == 1
    drain(server, loop)
    server.push(0, {"t": "note", "n": 3})                # after the drain: a new wake-up
    assert len(loop.calls) == 1
    drain(server, loop)
    assert [json.loads(t)["n"] for t in a.sent] == [1, 2, 3]


def test_the_hosts_pump_sends_a_moves_ack_and_views_with_one_wake_up():
    m = Match("death", [SeatSpec(f"P{i}", "phone") for i in range(4)], seed=3)
    conns = {s: Conn() for s in range(4)}
    server, loop = server_with(conns, seats=4)
    host = PhoneHost(m, server)
    for s in range(4):
        server.inbox.put(("joined", s, {}))
    host.pump()
    host.send_views(budget=10.0)
    drain(server, loop)
    seat = m.to_act()[0]
    last = json.loads(conns[seat].sent[-1])
    assert last["t"] == "view" and last["legal"]
    loop.calls.clear()
    server.inbox.put(("act", seat, {"seq": 1, "action": last["legal"][0]["action"]}))
    assert host.pump() == 1
    assert len(loop.calls) == 1                          # the ack and the views: one wake-up
    drain(server, loop)
    got = [json.loads(t) for t in conns[seat].sent]
    # the ack, "unasked" (its turn is over, said before the view that follows the big screen),
    # then its view
    assert {"t": "ack", "seq": 1, "ok": True}.items() <= got[-3].items()
    assert got[-2] == {"t": "unasked"} and got[-1]["t"] == "view"
