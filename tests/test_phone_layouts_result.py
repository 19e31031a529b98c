"""The parts of the phone trial's findings (issue 28) that need no browser: a seat view's
result once the game is over (who won and the standings, as the big screen's results say
them), King Thief Minister's empty spots labelled as the buttons name them, and a table that
closes telling its phones first."""
from __future__ import annotations


import pytest

from game.match import Match, SeatSpec
from game.phones.view import seat_view

from phone_helpers import Phone, played_out, served


@pytest.mark.parametrize("game,players,note", [
    ("court", 2, "point"), ("ktm", 4, "coin"), ("masterbluff", 3, "card"), ("death", 3, "token"),
    ("bossquest", 3, "key")])
def test_a_view_of_a_game_over_gives_the_result_in_words(game, players, note):
    m = played_out(game, players, 2)
    out = m.outcome()
    for seat in range(players):
        v = seat_view(m, seat)
        r = v["result"]
        win = out.winners
        if win == (seat,):
            assert r["headline"] == "You win!"
        elif len(win) == 1:
            assert r["headline"] == f"{m.seats[win[0]].name} wins!"
        else:
            assert "share the win" in r["headline"]
        rows = r["rows"]
        assert sorted(x["seat"] for x in rows) == list(range(players))
        assert rows[0]["place"] == "1st" and rows[0]["seat"] in win
        assert all(note in x["note"] or x["note"] in ("winner", "shared win", "no cards left")
                   or x["note"].startswith("out in round") for x in rows), rows
        if out.scores is not None and game in ("court", "ktm"):
            for x in rows:
                n = out.scores[x["seat"]]
                assert x["note"].startswith(f"{n} {note}")
    # a game going on has none
    assert seat_view(Match(game, [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=2), 0)["result"] is None


def test_masterbluffs_losers_are_placed_by_the_cards_they_have_left_as_on_the_big_screen():
    m = played_out("masterbluff", 4, 5)
    rows = seat_view(m, 0)["result"]["rows"]
    left = m.observe(None).hand_sizes
    losers = [x["seat"] for x in rows if x["seat"] not in m.outcome().winners]
    assert [left[s] for s in losers] == sorted(left[s] for s in losers)


def test_ktm_facts_label_every_empty_spot_as_the_buttons_name_it():
    from game.phones.layouts import ktm_facts
    from game.rules.ktm import empty_spots
    from game.words import SeatWords
    from game.words import ktm as kw

    for players in (3, 4, 5):
        m = Match("ktm", [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=1)
        facts = ktm_facts(0, m.observe(0).to_json())
        w = SeatWords([s.name for s in m.seats], 0)
        assert facts["empty"] == {str(s): kw.empty_label(w, s) for s in empty_spots(players)}


def test_a_table_that_closes_tells_its_phones_first():
    """Back to menu: the server tells every open page ``closing`` before it stops (issue 28: the
    phones waited for ever with "Trying again...")."""
    with served("death", players=3, seed=4) as (m, server, host):
        seated, looking = Phone(server, host), Phone(server, host)
        try:
            assert seated.join(0)["t"] == "joined"
            looking.send({"t": "hello", "room": server.room})
            looking.wait("room")
            server.stop()
            for p in (seated, looking):
                assert any(g.get("t") == "closing" for g in p.got + p.quiet(0.5))
        finally:
            seated.close()
            looking.close()
