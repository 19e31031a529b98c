"""Simulated phones, for the phone benchmark (``crowntable bench --only phones``) and the load
test (tests/test_phone_load.py), in a process of their own (as phones are their own devices):
N asyncio WebSocket clients join seats 0..N-1 and each plays a random legal action whenever
its view says it is to act (after ``think`` seconds, as a person would).  For each action it
times the round trip from its send to the table's ``ack``, and to the next view back.  Prints
one JSON object: ``ack`` (also as ``times``) and ``view`` (seconds, one per action),
``refused``, ``views`` per seat, ``over``, and ``langs``, the languages of each seat's views.
LANGS, a comma-separated list, gives seat s the Accept-Language LANGS[s % len] (a browser's);
empty: none.  Not in the one-file build (it needs websockets' client, which imports ssl).

    python -m game.phones.loadclient PORT ROOM N ACTIONS SECONDS [LANGS [THINK]]
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from websockets.asyncio.client import connect


async def phone(port: int, room: str, seat: int, shared: dict, think: float, accept: str | None = None) -> None:
    rng = random.Random(seat)
    origin = f"http://127.0.0.1:{port}"
    headers = {"Accept-Language": accept} if accept else None
    async with connect(f"ws://127.0.0.1:{port}/ws", origin=origin, max_size=2 ** 22,
                       additional_headers=headers) as ws:
        await ws.send(json.dumps({"t": "join", "room": room, "seat": seat}))
        seq, sent_at, acked, viewed, last = 0, 0.0, True, True, None
        while not shared["stop"].is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except asyncio.TimeoutError:
                continue
            t = msg.get("t")
            if t == "view":
                shared["views"][seat] += 1
                if "lang" in msg:
                    shared["langs"][seat] = sorted(set(shared["langs"][seat]) | {msg["lang"]})
                if not viewed:
                    shared["view"].append(time.perf_counter() - sent_at)
                    viewed = True
                if msg["outcome"] is not None:
                    shared["over"] = True
                    shared["stop"].set()
                    continue
                last = msg
            elif t == "ack" and not acked:
                shared["ack"].append(time.perf_counter() - sent_at)
                shared["refused"] += msg["ok"] is False
                acked = True
                if msg["ok"] is False:
                    viewed = True                      # a refusal changes nothing: no view follows
            # act on the newest view once the last action is acknowledged and its view is here
            if acked and viewed and last is not None and seat in last["to_act"] and last["legal"]:
                if shared["sent"] >= shared["limit"]:
                    shared["stop"].set()
                    continue
                action = rng.choice(last["legal"])["action"]
                last = None
                if think > 0:
                    await asyncio.sleep(think)
                seq += 1
                shared["sent"] += 1
                acked = viewed = False
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"t": "act", "seq": seq, "action": action}))


async def main(port: int, room: str, n: int, limit: int, seconds: float, langs: list[str] | None = None,
               think: float = 0.0) -> dict:
    shared = {"stop": asyncio.Event(), "views": [0] * n, "ack": [], "view": [], "refused": 0, "sent": 0,
              "limit": limit, "over": False, "langs": [[] for _ in range(n)]}
    tasks = [asyncio.create_task(phone(port, room, s, shared, think, langs[s % len(langs)] if langs else None))
             for s in range(n)]
    try:
        await asyncio.wait_for(shared["stop"].wait(), seconds)
    except asyncio.TimeoutError:
        shared["stop"].set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"ack": shared["ack"], "times": shared["ack"], "view": shared["view"], "refused": shared["refused"],
            "views": shared["views"], "over": shared["over"], "langs": shared["langs"]}


if __name__ == "__main__":
    port, room, n, limit, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    langs = sys.argv[6].split(",") if len(sys.argv) > 6 and sys.argv[6] else None
    think = float(sys.argv[7]) if len(sys.argv) > 7 else 0.0
    print(json.dumps(asyncio.run(main(port, room, n, limit, seconds, langs, think))))
