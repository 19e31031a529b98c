"""A seat's views after its first carry only what changed in its observation
(``observation_partial``), and a list that grew at its end only its new items
(``observation_appended``: a Death round's result, a new log line; a 20-seat Death game sent
the whole round history to 20 phones after every round, most of the bytes the server's thread
encoded).  The page and the server's kept view put them back together: at every view the
observation rebuilt is the seat's own, and a phone that rejoins is sent it whole."""
from __future__ import annotations

import json
import random

from phone_helpers import Phone, served

from game.phones.view import observation_json


def merged(last: dict | None, v: dict) -> dict:
    """The page's rebuilding of a view's observation (app.js ``view``), in Python."""
    if not v.get("observation_partial"):
        return v["observation"]
    whole = {**last, **v["observation"]}
    for k, more in v.get("observation_appended", {}).items():
        whole[k] = last.get(k, []) + more
    return whole


def test_partial_and_appended_views_rebuild_the_seats_observation_and_a_rejoin_gets_it_whole():
    with served("death", players=4, seed=6) as (m, server, host):
        p = Phone(server, host)
        try:
            p.join(1)
            obs = merged(None, p.wait("view"))
            rng = random.Random(2)
            appended = partial = 0
            while m.outcome() is None and m.observe(1).round < 4:
                m.submit(rng.choice(list(m.legal(m.to_act()[0]))))
                host.pump()
                v = p.wait("view")
                appended += "results" in v.get("observation_appended", {})
                partial += bool(v.get("observation_partial"))
                obs = merged(obs, v)
                want = json.loads(json.dumps(observation_json(m.observe(1))))
                assert obs == want, f"the page's observation differs after move {len(m.log)}"
            assert appended >= 2 and partial > 10            # rounds ended; results came as new items
            assert "results" not in v["observation"] or not v.get("observation_partial")
            p.close()
            again = Phone(server, host)                      # a phone that rejoins: sent it whole
            try:
                assert again.rejoin(1, p.secret)["t"] == "joined"
                kept = again.wait("view")
                assert not kept.get("observation_partial") and "observation_appended" not in kept
                assert kept["observation"] == json.loads(json.dumps(observation_json(m.observe(1))))
            finally:
                again.close()
        finally:
            p.close()
