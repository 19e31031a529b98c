"""Simulated phones for tests/test_phone_load.py, in a process of their own (as phones are
their own devices): N asyncio WebSocket clients join seats 0..N-1 and each plays a random
legal action whenever its view says it is to act; prints the round trips (send to ack) as
JSON.  Usage: phone_load_client.py PORT ROOM N ACTIONS SECONDS [LANGS]: LANGS, a comma-separated
list, gives seat s the Accept-Language LANGS[s % len] (a browser's), and each seat's views'
languages are printed too."""
from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from websockets.asyncio.client import connect


async def phone(port: int, room: str, seat: int, shared: dict, accept: str | None = None) -> None:
    rng = random.Random(seat)
    origin = f"http://127.0.0.1:{port}"
    headers = {"Accept-Language": accept} if accept else None
    async with connect(f"ws://127.0.0.1:{port}/ws", origin=origin, max_size=2 ** 22, additional_headers=headers) as ws:
        await ws.send(json.dumps({"t": "join", "room": room, "seat": seat}))
        seq, sent_at = 0, None
        while not shared["stop"].is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except asyncio.TimeoutError:
                continue
            t = msg.get("t")
            if t == "view":
                shared["views"][seat] += 1
                shared["langs"][seat] = sorted(set(shared["langs"][seat]) | {msg.get("lang")})
                if msg["outcome"] is not None:
                    shared["over"] = True
                    shared["stop"].set()
                elif seat in msg["to_act"] and msg["legal"] and sent_at is None:
                    if shared["sent"] >= shared["limit"]:
                        shared["stop"].set()
                        continue
                    seq += 1
                    shared["sent"] += 1
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"t": "act", "seq": seq, "action": rng.choice(msg["legal"])["action"]}))
            elif t == "ack" and sent_at is not None:
                shared["times"].append(time.perf_counter() - sent_at)
                shared["refused"] += msg["ok"] is False
                sent_at = None


async def main(port: int, room: str, n: int, limit: int, seconds: float, langs: list[str] | None = None) -> dict:
    shared = {"stop": asyncio.Event(), "views": [0] * n, "times": [], "refused": 0, "sent": 0,
              "limit": limit, "over": False, "langs": [[] for _ in range(n)]}
    tasks = [asyncio.create_task(phone(port, room, s, shared, langs[s % len(langs)] if langs else None))
             for s in range(n)]
    try:
        await asyncio.wait_for(shared["stop"].wait(), seconds)
    except asyncio.TimeoutError:
        shared["stop"].set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"times": shared["times"], "refused": shared["refused"], "views": shared["views"],
            "over": shared["over"], "langs": shared["langs"]}


if __name__ == "__main__":
    port, room, n, limit, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    langs = sys.argv[6].split(",") if len(sys.argv) > 6 and sys.argv[6] else None
    print(json.dumps(asyncio.run(main(port, room, n, limit, seconds, langs))))
