"""The big screen paused, told to the phones (issue 28, the second trial): with the Esc menu over
the table a phone's taps waited silently; now the App tells every joined phone when the table
is not the top scene ({"t": "paused", "on": true}) and again when it resumes."""
from __future__ import annotations

import json

from tests.app.test_phone_table import Phones, loopback, open_table  # noqa: F401  (the fixture)


def _paused(phones, whole: bool = False) -> list:
    got = []
    for p in phones.clients.values():
        while True:
            try:
                msg = json.loads(p.ws.recv(timeout=0))
            except TimeoutError:
                break
            if msg["t"] == "paused":
                got.append(msg if whole else msg["on"])
    return got


def test_the_phones_are_told_when_the_big_screen_pauses_and_resumes(harness):
    h = harness
    open_table(h, "death", "phone,ai,ai", seed=3)
    t = h.table
    phones = Phones(h)
    try:
        h.step()
        told: list[bool] = []
        assert not h.run_until(lambda: (told.extend(_paused(phones)), told)[1], max_frames=10, dt=0.01)
        t.open_pause()
        assert h.run_until(lambda: (told.extend(_paused(phones)), told)[1], max_frames=200, dt=0.01)
        assert told == [True]
        h.app.pop()                                     # Resume
        assert h.run_until(lambda: (told.extend(_paused(phones)), len(told) > 1)[1], max_frames=200, dt=0.01)
        assert told == [True, False]
    finally:
        phones.close()


def test_the_join_card_over_the_table_is_told_as_such(harness):
    """A trial: with the join card up (at the start, or P) the phones said "The game is paused
    on the big screen." Now they are told why ("join"), and the page says the join card is up."""
    h = harness
    open_table(h, "death", "phone,ai,ai", seed=3)
    phones = Phones(h)
    try:
        h.step()
        _paused(phones)
        h.app.open_phone_card(h.table)
        told: list = []
        assert h.run_until(lambda: (told.extend(_paused(phones, whole=True)), told)[1], max_frames=200, dt=0.01)
        assert told == [{"t": "paused", "on": True, "why": "join"}]
        h.app.pop()
        assert h.run_until(lambda: (told.extend(_paused(phones, whole=True)), len(told) > 1)[1], max_frames=200, dt=0.01)
        assert told[1] == {"t": "paused", "on": False}
        h.table.open_pause()
        assert h.run_until(lambda: (told.extend(_paused(phones, whole=True)), len(told) > 2)[1], max_frames=200, dt=0.01)
        assert told[2] == {"t": "paused", "on": True, "why": "screen"}
    finally:
        phones.close()
