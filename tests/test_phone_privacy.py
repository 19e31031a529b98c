"""What a phone receives never tells it a card hidden from its seat (issue 28, "leak test over
the wire").  For every game: two deals that differ only in cards hidden from seat ``s`` are
played with the same moves; every message the phone host sends to ``s`` (the exact JSON text)
must be the same in both, up to the first move whose events reveal something to ``s``.
A planted leak in the seat view fails the check."""
from __future__ import annotations

import json
import queue
import random

import pytest

import game.rules  # noqa: F401
from game.core import registry
from game.core.actions import GameError, events_for
from game.core.rng import Rng
from game.match import Match, SeatSpec
from game.phones import host as host_mod
from game.phones.host import PhoneHost
from game.phones.view import jsonable
from tests.hidden_deals import deals

PLAYERS = {"masterbluff": 3, "court": 2, "death": 3, "ktm": 3, "bossquest": 3}
SEEDS = {"masterbluff": 7, "court": 3, "death": 5, "ktm": 21, "bossquest": 7}
LIMIT = 60


class Wire:
    """A stand-in for the server: one phone holds ``seat``; every message pushed to it is
    kept as the JSON text the server would send."""

    def __init__(self, players: int, seat: int):
        self.phone_seats = frozenset(range(players))
        self.inbox: queue.Queue = queue.Queue()
        self.seat = seat
        self.sent: list[str] = []
        self.others: list[int] = []

    def held(self):
        return {self.seat}

    def push(self, seat, message):
        if seat == self.seat:
            self.sent.append(json.dumps(message, sort_keys=True, separators=(",", ":")))
        else:
            self.others.append(seat)


def twin_deals(game: str, players: int, seed: int, seat: int, want: int = 3):
    """The seed's order of the main deck and up to ``want`` orders with two cards swapped that
    ``seat`` cannot tell from it (tests/hidden_deals.py), as the decks a match is dealt."""
    name = registry.get(game).deck_names[0]
    order, others = deals(game, players, seed, seat, want=want, tries=400)
    return {name: order}, [{name: o} for o in others]


def play_twins(game: str, seat: int, deck_a, deck_b, moves_out: list | None = None) -> tuple[list[str], list[str], int]:
    n, seed = PLAYERS[game], SEEDS[game]
    rules = registry.get(game)
    seats = [SeatSpec(f"P{i + 1}", "human") for i in range(n)]
    ma, mb = Match(game, seats, seed=seed, deck=deck_a), Match(game, seats, seed=seed, deck=deck_b)
    wa, wb = Wire(n, seat), Wire(n, seat)
    ha, hb = PhoneHost(ma, wa), PhoneHost(mb, wb)
    ha.send_views(), hb.send_views()
    rng = random.Random(seed)

    def quiet(action) -> bool:
        """The move shows ``seat`` nothing new in either deal."""
        for m in (ma, mb):
            try:
                _st, evs = rules.apply(m.state, action)
            except GameError:
                return False
            if any(e.reveals_to(seat) for e in evs):
                return False
        return True
    moves = 0
    for moves in range(LIMIT):
        if ma.outcome() is not None:
            break
        actor = rng.choice(ma.to_act())
        common = [x for x in list(ma.legal(actor))[:300] if x in mb.legal(actor)]
        if not common:
            break
        calm = [x for x in common if quiet(x)]
        action = rng.choice(calm or common)
        ev_a, ev_b = ma.submit(action), mb.submit(action)
        if any(e.reveals_to(seat) for e in events_for(ev_a, seat) + events_for(ev_b, seat)):
            break                                     # from here on it may know: stop comparing
        ha.send_views(), hb.send_views()
        if moves_out is not None:
            moves_out.append(action)
    return wa.sent, wb.sent, moves


def wire_messages(game: str, seat: int) -> tuple[list[str], list[str], int]:
    """Both deals played with the same moves (moves that reveal nothing to ``seat`` preferred);
    the messages seat ``seat``'s phone got in each, up to the first reveal to it (or a move
    legal in one deal only), for the variant deal compared longest, and its number of moves."""
    deck_a, others = twin_deals(game, PLAYERS[game], SEEDS[game], seat)
    return max((play_twins(game, seat, deck_a, b) for b in others), key=lambda r: (r[2], len(r[0])))


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_phone_gets_the_same_messages_whatever_the_cards_hidden_from_it(game):
    compared = moved = 0
    for seat in range(PLAYERS[game]):
        a, b, moves = wire_messages(game, seat)
        assert len(a) == len(b) >= 1
        for i, (x, y) in enumerate(zip(a, b)):
            assert x == y, f"{game} seat {seat}: message {i} differs between deals it cannot tell apart"
        compared, moved = compared + len(a), moved + moves
    # the games reveal often (a card drawn, a round's end): the comparison stops at each seat's
    # first reveal, but every seat's opening view and some moves are compared
    assert moved >= 1 and compared >= PLAYERS[game] + 1, f"{game}: too little compared ({compared}, {moved})"


def test_a_planted_leak_in_the_seat_view_fails_the_check(monkeypatch):
    real = host_mod.seat_view

    def leaky(match, seat, *args):
        view = real(match, seat, *args)
        view["peek"] = jsonable(match.observe((seat + 1) % len(match.seats)).to_json())
        return view
    monkeypatch.setattr(host_mod, "seat_view", leaky)
    a, b, _moves = wire_messages("masterbluff", 0)
    assert a != b


def test_messages_carry_no_other_seats_events_or_the_state():
    """Seat 0's phone gets only events it may see, and never the state's fields."""
    m = Match("ktm", [SeatSpec(f"P{i}", "human") for i in range(3)], seed=21)
    wire = Wire(3, 0)
    h = PhoneHost(m, wire)
    rng = random.Random(1)
    private_to_others = 0
    for _ in range(40):
        if m.outcome() is not None:
            break
        actor = rng.choice(m.to_act())
        try:
            evs = m.submit(rng.choice(list(m.legal(actor))))
        except GameError:
            continue
        private_to_others += sum(1 for e in evs if e.to is not None and 0 not in e.to)
        h.send_views()
    assert private_to_others > 0                      # the check saw private events of others
    got = [json.loads(t) for t in wire.sent]
    state_keys = set(m.state.__dataclass_fields__) - set(jsonable(m.observe(0).to_json()))
    for msg in got:
        assert set(msg["observation"]) & state_keys == set()
    # the events as the phone gets them: KTM's words ``prepare`` them as the table logs them
    # (the opening peeks, one event, are one line a peek)
    from game.words.ktm import prepare
    mine = [e for evs in m.action_events for e in events_for(prepare(evs), 0)]
    assert sum(len(g["events"]) for g in got) <= len(mine) + len(m.opening_events())


def test_the_seat_view_keeps_only_the_events_the_seat_may_see():
    """Its own guard, besides the host's: an event private to another seat is never in it."""
    from game.core.actions import Event
    from game.phones.view import seat_view

    m = Match("masterbluff", [SeatSpec(f"P{i}", "human") for i in range(3)], seed=3)
    public, mine, theirs = Event("turn", {"seat": 1}), Event("look", {"card": "elf"}, to=(0,)), \
        Event("look", {"card": "ogre"}, to=(1,))
    view = seat_view(m, 0, [public, mine, theirs], [public, theirs, mine])
    # each event also carries its log line for this seat (None: MasterBluff's table logs nothing for
    # these made-up kinds)
    assert view["events"] == [{"kind": "turn", "data": {"seat": 1}, "line": None},
                              {"kind": "look", "data": {"card": "elf"}, "line": None}]
    assert "ogre" not in json.dumps(view["log"]) and len(view["log"]) == 2


def test_over_real_connections_a_phone_gets_the_same_views_in_both_deals():
    """The same check through the server on loopback: MasterBluff, a seat's phone joined to each
    of two tables whose deals differ only in cards hidden from it, the same moves made."""
    from phone_helpers import Phone
    from game.phones.server import PhoneServer

    game = "masterbluff"
    best, moves = None, []
    for s in range(PLAYERS[game]):               # the seat and variant deal compared longest
        deck_a, others = twin_deals(game, PLAYERS[game], SEEDS[game], s)
        for deck_b in others:
            made: list = []
            got = play_twins(game, s, deck_a, deck_b, made)
            if best is None or got[2] > best[2]:
                best, moves, chosen, seat, first = got, made, deck_b, s, deck_a
    deck_a = first
    assert len(moves) >= 10, "too few moves to compare"
    seen = []
    for deck in (deck_a, chosen):
        m = Match(game, [SeatSpec(f"P{i + 1}", "human") for i in range(3)], seed=SEEDS[game], deck=deck)
        server = PhoneServer(game, [(s.name, None) for s in m.seats], host="127.0.0.1").start()
        try:
            h = PhoneHost(m, server)
            phone = Phone(server, h)
            phone.join(seat)
            views = [phone.wait("view")]
            for action in moves:
                m.submit(action)
                views.append(phone.wait("view"))
            phone.close()
        finally:
            server.stop()
        seen.append(views)
    assert len(seen[0]) == len(moves) + 1
    for i, (x, y) in enumerate(zip(*seen)):
        assert x == y, f"view {i} differs between deals seat {seat} cannot tell apart"


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_cached_observation_json_is_the_rules_own_to_json(game):
    """The host walks observations with a cache of the records they share; what it sends must be
    exactly the rules' ``to_json`` (a game whose ``to_json`` says something else fails here)."""
    from game.phones.view import observation_json

    n = PLAYERS[game]
    m = Match(game, [SeatSpec(f"P{i}", "human") for i in range(n)], seed=SEEDS[game])
    cache: dict = {}
    rng = random.Random(2)
    for _ in range(80):
        for s in range(n):
            obs = m.observe(s)
            assert observation_json(obs, cache) == jsonable(obs.to_json())
        if m.outcome() is not None:
            break
        actor = rng.choice(m.to_act())
        m.submit(m.legal(actor).sample(Rng(rng.randrange(2 ** 32))))
    assert cache
