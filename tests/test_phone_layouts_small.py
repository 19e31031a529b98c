"""Small phone-layout findings of issue 28 (no browser): MasterBluff's plain play (which keeps
the exchange token) listed before the declarations that spend it; Boss Quest's result naming
who lost their last heart; Boss Quest's ask line following the choices actually offered."""
from __future__ import annotations

from game.match import Match, SeatSpec
from game.phones.view import legal_json, seat_words
from phone_helpers import played_out
from game.rules.masterbluff import FAMILIES


def _true(a: dict) -> bool:
    return a["counts"][FAMILIES.index(a["family"])] == sum(a["counts"])


def _masterbluff_in_force_with_token():
    """A seeded 3-seat game played on to a seat that must follow a family in force and still
    holds its exchange token and cards of that family."""
    m = Match("masterbluff", [SeatSpec(f"P{i + 1}", "human") for i in range(3)], seed=2)
    for _ in range(20):
        s = m.to_act()[0]
        o = m.observe(s)
        if o.phase == "discard" and o.in_force is not None and o.tokens[s] and o.hand[o.in_force]:
            return m, s, o
        acts = list(m.legal(s))
        m.submit(next((a for a in acts if a.kind == "pass"), acts[-1]))
    raise AssertionError("no seat with a family in force and its token")


def test_masterbluff_plain_play_keeping_the_token_comes_before_every_token_declaration():
    m, seat, o = _masterbluff_in_force_with_token()
    rules = list(m.legal(seat))
    listed, _total = legal_json(m.legal(seat), seat, game="masterbluff", w=seat_words(m, seat))
    acts = [it["action"] for it in listed]
    fam = FAMILIES[o.in_force]
    plain = [(a["family"], sum(a["counts"])) for a in acts if _true(a) and not a["token"]]
    with_token = [i for i, a in enumerate(acts) if _true(a) and a["token"]]
    bluffs = [i for i, a in enumerate(acts) if not _true(a)]
    assert plain and with_token and bluffs
    # true declarations without the token (the family in force, 1, 2, ...) first
    assert plain == [(fam, n) for n in range(1, o.hand[o.in_force] + 1)]
    assert all(not acts[i]["token"] and _true(acts[i]) for i in range(len(plain)))
    # then the true ones that spend the token, then the bluffs
    assert with_token == list(range(len(plain), len(plain) + len(with_token)))
    assert min(bluffs) > max(with_token)
    assert "exchange token" not in listed[0]["label"]
    assert list(m.legal(seat)) == rules                # the rules' order unchanged


def test_bossquest_result_says_who_lost_their_last_heart_as_the_desktop_results_do():
    from game.phones.view import seat_view
    from game.words import SeatWords
    from game.words import bossquest as bq_words

    m = played_out("bossquest", 3, 2)
    hearts = m.observe(None).hearts
    out = [s for s, h in enumerate(hearts) if h <= 0]
    assert out and len(out) < len(hearts)              # seed 2: one seat out of the running
    for seat in range(3):
        lines = seat_view(m, seat)["result"]["lines"]
        assert lines == [bq_words.out_of_running(SeatWords([s.name for s in m.seats], seat), hearts)]
        if seat in out:
            assert lines == ["You lost your last heart: out of the running."]
        else:
            assert lines == [f"{m.seats[out[0]].name} lost their last heart: out of the running."]
    # nobody out (or another game): no line
    from game.phones.layouts import result
    assert result("bossquest", 0, ["A", "B"], {"winners": [0], "ranks": [1, 2]},
                  {"hearts": [1, 2], "keys": [1, 0]})["lines"] == []
    assert result("court", 0, ["A", "B"], {"winners": [0], "ranks": [1, 2], "scores": [3, 1]}, {})["lines"] == []


def test_bossquest_ask_line_follows_the_choices_offered_a_bust_knight_is_asked_only_for_spells():
    import random

    from game.phones.view import seat_view

    m = Match("bossquest", [SeatSpec(f"P{i + 1}", "human") for i in range(3)], seed=2)
    first = m.to_act()[0]
    v = seat_view(m, first)
    assert {it["action"]["kind"] for it in v["legal"]} >= {"equip", "activate"}
    assert v["ask"] == "Your turn: take weapons or use a spell."
    rng = random.Random(2)
    for _ in range(3):
        m.submit(rng.choice(list(m.legal(m.to_act()[0]))))
    seat = m.to_act()[0]
    o = m.observe(seat)
    kinds = {a.kind for a in m.legal(seat)}
    assert o.phase == "play" and o.strength > o.boss_hp           # bust
    assert "equip" not in kinds and kinds <= {"activate", "discard"}
    v = seat_view(m, seat)
    assert v["ask"] == "Your turn: use a spell."
    assert "take weapons" not in v["ask"]
    # nobody else is asked anything
    assert all(seat_view(m, s)["ask"] is None for s in range(3) if s != seat)


def test_bossquest_ask_line_for_each_mix_of_choices():
    from types import SimpleNamespace as NS

    from game.words import SeatWords
    from game.words.bossquest import ask_line

    w = SeatWords(["A", "B"], 0)
    acts = lambda *ks: [NS(kind=k) for k in ks]                   # noqa: E731
    assert ask_line(w, acts("equip", "activate", "discard")) == "Your turn: take weapons or use a spell."
    assert ask_line(w, acts("activate", "discard")) == "Your turn: use a spell."
    assert ask_line(w, acts("equip", "wait")) == "Your turn: take weapons or wait."
    assert ask_line(w, acts("equip")) == "Your turn: take weapons."
    assert ask_line(w, acts("wait")) == "Your turn: no spell is left for you, so wait."
    assert ask_line(w, acts("aim")) is None
