"""A phone table says an event's log line once for every reader the event does not name
(``game.phones.view.shared_line``), for a game whose words declare it (``LINES_BY_NAMED_SEATS``):
every such game's lines, for every seat that may see each event, are the lines its own words
give it, in two languages; and a module whose lines name their reader otherwise is caught."""
from __future__ import annotations

import random

import pytest

import game.rules  # noqa: F401
from game import words
from game.core import registry
from game.core.i18n import speaking
from game.phones import view as V
from phone_helpers import played_out

SHARED = [g for g in registry.ids() if getattr(V.words_of(g), "LINES_BY_NAMED_SEATS", False)]


def test_death_shares_its_lines():
    assert "death" in SHARED


@pytest.mark.parametrize("gid", SHARED)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_shared_line_is_the_line_each_reader_is_given(gid, lang):
    m = played_out(gid, 8, 5)
    events = [e for evs in m.action_events for e in evs]
    assert len(events) > 100
    rng = random.Random(1)
    seats = list(range(8))
    cache: dict = {}
    shared = 0
    with speaking(lang):
        for e in events:
            rng.shuffle(seats)                              # whoever comes first fills the cache
            for s in seats:
                if not e.visible_to(s):
                    continue
                w = V.seat_words(m, s)
                want = words.describe_events(gid, w, [e])[0]
                assert V.shared_line(V.words_of(gid), w, e, cache) == want, (e, s)
                shared += s not in V.named_seats(e.data)
        # and the view's events whole, with and without the cache, for every seat
        for s in range(8):
            w = V.seat_words(m, s)
            mine = [e for e in events if e.visible_to(s)]
            assert V.events_json(mine, gid, w, cache) == V.events_json(mine, gid, w)
    assert shared > len(events)                             # lines were shared, not all said anew


def test_a_line_naming_its_reader_some_other_way_is_caught(monkeypatch):
    """A planted line that says "you" to a reader its event does not name (here: whoever reads
    seat 0's line) gives another reader a wrong line: the check above fails on it."""
    mod = V.words_of("death")
    real = mod.describe

    def leaky(w, kind, d):
        line = real(w, kind, d)
        return f"{line} (read by {w.name(w.viewer)})" if line else line
    monkeypatch.setattr(mod, "describe", leaky)
    with pytest.raises(AssertionError):
        test_a_shared_line_is_the_line_each_reader_is_given("death", "en")
