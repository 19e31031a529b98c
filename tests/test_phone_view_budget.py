"""The host spreads the views of a move over frames: past its time budget the rest wait for the
next pump (``PhoneHost.behind``), the phone that acted gets its answer first, and every phone
gets its view in the end, once (tests/phone_helpers.py: loopback only, bounded waits)."""
from __future__ import annotations

import time

from game.phones import host as host_mod
from phone_helpers import WAIT, Phone, served


def test_views_past_the_budget_wait_for_the_next_pump_and_the_actor_comes_first(monkeypatch):
    with served("masterbluff", players=4, seed=3) as (m, server, host):
        phones = [Phone(server, None) for _ in range(4)]
        try:
            for s, p in enumerate(phones):
                assert p.join(s)["t"] == "joined"
            end = time.monotonic() + WAIT
            while time.monotonic() < end and any(not any(g["t"] == "view" for g in p.got) for p in phones):
                host.pump()
                for p in phones:
                    p.quiet(0.01)
            actor = m.to_act()[0]
            action = next(iter(m.legal(actor)))
            before = len(m.log)
            for p in phones:
                p.got.clear()
            monkeypatch.setattr(host_mod, "VIEW_BUDGET", 0.0)      # one view per pump
            phones[actor].send({"t": "act", "seq": 1, "action": action.to_json() | {"seat": actor}})
            end = time.monotonic() + WAIT
            while time.monotonic() < end and len(m.log) == before:
                host.pump()
                time.sleep(0.01)
            assert len(m.log) == before + 1
            assert host.behind, "four views in one pump with no time to spare"
            got_first = phones[actor].quiet(0.2)
            assert any(g["t"] == "view" for g in got_first), "the phone that acted is answered first"
            assert not any(g["t"] == "view" for p in phones if p is not phones[actor] for g in p.quiet(0.05))
            pumps = 0
            while host.behind and pumps < 10:
                host.pump()
                pumps += 1
            assert not host.behind and pumps == 3, "the other three views follow, one per pump"
            for p in phones:
                p.quiet(0.1)
                assert sum(g["t"] == "view" for g in p.got) == 1, "each phone gets its view once"
        finally:
            for p in phones:
                p.close()


def test_a_seat_held_before_its_join_is_taken_in_gets_no_view_in_the_tables_language():
    """The server holds a seat as soon as its phone joins (its thread); the host learns the
    phone's language when it takes the "joined" message from the inbox.  A view sent in between
    would be in the table's language: none is."""
    with served("masterbluff", players=3, seed=3) as (m, server, host):
        p = Phone(server, None, accept_language="de")
        try:
            assert p.join(0)["t"] == "joined"
            assert 0 in server.held()
            host.send_views()                       # a pump whose inbox was read before the join
            assert not [g for g in p.quiet(0.2) if g["t"] == "view"]
            end = time.monotonic() + WAIT
            views = []
            while time.monotonic() < end and not views:
                host.pump()
                views = [g for g in p.quiet(0.05) if g["t"] == "view"]
            assert views and all(v["lang"] == "de" for v in views)
        finally:
            p.close()
