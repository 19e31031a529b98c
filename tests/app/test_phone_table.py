"""Phone seats at the desktop table, through the App (issue 28): the App opens the table's
phones, pumps them every frame and stops them when the game is left; a phone's action is
played on the big screen as an AI's move; a table with no person at the screen is a public
table; saves and Continue bring the phones back.  Phones are Python WebSocket clients on
127.0.0.1 (``CROWNTABLE_PHONE_ADDRESS``); every wait is bounded."""
from __future__ import annotations

import json
import random
import socket
import threading
import time

import pygame
import pytest

from game.app.main import parse_seats
from game.core import Rng
from game.match import Match, SeatSpec
from tests.phone_helpers import WAIT, Phone


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("CROWNTABLE_PHONE_ADDRESS", "127.0.0.1")


class Phones:
    """The phones of a table opened in a headless App: one client per phone seat, joined, each
    answering its seat's turn with a random legal move from its own view."""

    def __init__(self, h, seed: int = 1, join: bool = True) -> None:
        self.h = h
        self.session = h.app.phones
        assert self.session is not None, "the App opened no phones for this table"
        self.clients: dict[int, Phone] = {}
        self.views: dict[int, dict] = {}
        self.last: dict[int, dict] = {}
        self.seq: dict[int, int] = {}
        self.acks: list[dict] = []
        self.rng = random.Random(seed)
        if join:
            for s in sorted(self.session.server.phone_seats):
                self.add(s)

    def add(self, seat: int, client: Phone | None = None) -> Phone:
        p = client or Phone(self.session.server)
        if p.seat is None:
            assert p.join(seat)["t"] == "joined"
        self.clients[seat] = p
        self.seq.setdefault(seat, 0)
        return p

    def read(self) -> None:
        for s, p in self.clients.items():
            while True:
                try:
                    msg = json.loads(p.ws.recv(timeout=0))
                except TimeoutError:
                    break
                p.got.append(msg)
                if msg["t"] == "view":
                    self.views[s] = self.last[s] = msg
                elif msg["t"] == "ack":
                    self.acks.append({**msg, "seat": s})

    def act(self) -> None:
        """Each phone whose seat may act (by its last view) sends one random legal move."""
        for s, p in self.clients.items():
            v = self.views.get(s)
            if v and v["legal"] and s in v["to_act"]:
                self.seq[s] += 1
                p.send({"t": "act", "seq": self.seq[s], "action": self.rng.choice(v["legal"])["action"]})
                self.views[s] = None                     # wait for the next view before acting again

    def close(self) -> None:
        for p in self.clients.values():
            try:
                p.close()
            except Exception:
                pass


def open_table(h, game: str, kinds: str, seed: int) -> Match:
    """The table of a new match; the join card that opens by itself is closed at once, as the
    host does with Play (the phones join after; tests/app/test_phone_card.py tests the card)."""
    from game.app.scenes.phones import PhoneCardScene

    m = Match(game, parse_seats(kinds), seed=seed)
    h.app.start_table(match=m)
    h.step()
    if isinstance(h.scene, PhoneCardScene):
        h.scene.close()
        h.step()
    return m


def play_out(h, m: Match, phones: Phones, frames: int = 20000, every=None) -> int:
    """Play ``m`` to the end: phones act from their views, a person at the screen through the
    table (curtain lifted, Continue pressed, a random legal move); ``every(table)`` is called
    each frame.  Returns the frames it took; fails when the game does not end."""
    rng = Rng(5)
    t = h.table
    for n in range(frames):
        if m.outcome() is not None and h.scene is not t:
            return n
        h.step(0.05)
        phones.read()
        phones.act()
        if h.scene is t:
            if every is not None:
                every(t)
            if t.curtain_for is not None:
                t.lift_curtain()
            elif t.steps.waiting():
                t.release_step()
            elif not t.busy() and t.privacy.may_act(t.viewer) and t.viewer in m.to_act():
                t.submit(m.legal(t.viewer).sample(rng))
    raise AssertionError(f"{m.game}: not over after {frames} frames ({len(m.log)} moves)")


def public_screen(t) -> None:
    """What a public table must be, on every frame."""
    assert t.public and t.curtain_for is None, "a curtain at the public table"
    assert t.hand_hidden and not t.may_see(), "a seat's secrets may be drawn at the public table"
    assert not t.can_play() and not t.pending_humans(), "the mouse may act for a phone seat"
    assert not t.hand.faces_up or not t.hand.cards


PLAYERS = {"masterbluff": 3, "court": 2, "death": 3, "ktm": 3, "bossquest": 3}


# ------------------------------------------------------------------------------ whole games
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_whole_game_with_every_person_on_a_phone(harness, game):
    h = harness
    m = open_table(h, game, ",".join(["phone"] * PLAYERS[game]), seed=3)
    phones = Phones(h)
    try:
        play_out(h, m, phones, every=public_screen)
        assert h.table is None and type(h.scene).__name__ == "ResultsScene"
        assert h.app.phones is not None                            # the phones see the outcome
        end = time.monotonic() + WAIT
        while time.monotonic() < end:                        # (a move sent as the game ended: refused)
            h.step(0.05)
            phones.read()
            if all(v.get("outcome") for v in phones.last.values()) and len(phones.acks) == sum(phones.seq.values()):
                break
        assert all(phones.last[s]["outcome"] for s in phones.clients), "a phone never got the outcome"
        applied = [a for a in phones.acks if a["ok"]]
        assert len(applied) == len(m.log)                          # every move came from a phone, once
        answered = sorted((a["seat"], a["seq"]) for a in phones.acks)
        assert answered == sorted((s, q) for s, n in phones.seq.items() for q in range(1, n + 1))   # each once
    finally:
        phones.close()


@pytest.mark.parametrize("game", ["death", "masterbluff", "ktm"])
def test_a_mixed_table_one_person_at_the_screen_a_phone_and_an_ai(harness, game):
    h = harness
    m = open_table(h, game, "human,phone,ai", seed=4)
    t = h.table
    phones = Phones(h)
    seen = {"shown": 0, "curtains": 0}

    def check(t):
        # the phone players look at this screen too: hot seat for the one person here
        assert t.hotseat and not t.public
        assert not t.privacy.may_act(1)
        seen["curtains"] += t.curtain_for is not None
        if t.hand.cards and t.hand.faces_up:                        # the person's own hand, face up ...
            assert not t.hand_hidden and t.viewer == 0 and t.curtain_for is None   # ... only behind its curtain
            seen["shown"] += 1
    try:
        play_out(h, m, phones, every=check)
        assert t.view_mismatches == []
        assert seen["shown"] > 0 or game == "ktm"                 # (King Thief Minister: no hand to fan)
        assert seen["curtains"] > 0                                 # the screen was handed to the person
        assert {a.seat for a in m.log} == {0, 1, 2}                # all three played
        assert all(a["ok"] for a in phones.acks if a["seat"] == 1) or phones.acks
    finally:
        phones.close()


# ------------------------------------------------------------------------------ on the big screen
def test_a_phone_move_is_animated_logged_and_saved_like_an_ai_move(harness_at):
    h = harness_at("normal")
    m = open_table(h, "death", "phone,ai,ai", seed=3)
    t = h.table
    phones = Phones(h)
    try:
        def ready():
            phones.read()
            v = phones.views.get(0)
            return 0 in m.to_act() and bool(v) and 0 in v["to_act"] and not t.busy()   # its view says so too
        assert h.run_until(ready, max_frames=3000, dt=0.05)
        lines = len(t.table_log.lines)
        n = len(m.log)
        phones.act()
        end = time.monotonic() + WAIT            # bounded by the clock: the move crosses the
        while len(m.log) <= n and time.monotonic() < end:   # server's thread, which a fast run of
            h.step(0.02)                         # frames alone may outpace
            time.sleep(0.002)
        assert len(m.log) > n, "the phone's move was not applied"
        assert m.log[n].seat == 0
        assert t.busy()                                           # its steps play on the table
        assert h.run_until(lambda: not t.busy(), max_frames=2000, dt=0.05)
        assert len(t.table_log.lines) > lines                     # logged
        assert h.app.autosave_path("death").exists()              # saved
        assert t.view_mismatches == []
    finally:
        phones.close()


def test_a_phone_move_that_comes_mid_animation_is_applied_at_once_and_shown_after(harness_at):
    """A phone never waits for the big screen (issue 28's round trip): a move that comes while the
    table still plays the last one is applied, saved and acknowledged at once, and the big screen
    plays it once the last one is played (in order, once: tests/app/test_phone_moves_behind.py
    checks the lines)."""
    h = harness_at("normal")
    m = open_table(h, "masterbluff", "phone,phone,phone", seed=3)
    t = h.table
    phones = Phones(h)
    try:
        assert h.run_until(lambda: not t.busy(), max_frames=2000, dt=0.05)
        phones.read()
        assert h.run_until(lambda: (phones.read(), phones.views.get(m.to_act()[0]))[1], max_frames=200)
        first = m.to_act()[0]
        phones.act()
        assert h.run_until(lambda: len(m.log) == 1, max_frames=200, dt=0.01)
        assert t.busy()
        # the phones follow the big screen: no view says the next seat acts while the first
        # move still plays ...
        for _ in range(20):
            h.step(0.001)
            phones.read()
        assert t.busy() and not any(phones.views.get(s) and s in phones.views[s]["to_act"] for s in phones.clients)
        # ... but a phone that answers then (a question all phones had, a quick player) is applied
        # at once, while the first move still plays on the big screen
        second = next(s for s in m.to_act() if s in phones.clients)
        phones.seq[second] += 1
        phones.clients[second].send({"t": "act", "seq": phones.seq[second],
                                     "action": next(iter(m.legal(second))).to_json()})
        end = time.monotonic() + WAIT
        while time.monotonic() < end and len(m.log) < 2:
            h.step(0.001)                                       # frames go on, the table still busy
        # (in a Bluff! window two phones may answer in the same frame)
        assert len(m.log) >= 2 and t.busy() and len(t.behind) == len(m.log) - 1, \
            "a phone's move that came mid-animation was not applied at once"
        assert not phones.session.waiting()
        assert Match.load(h.app.autosave_path("masterbluff")).log == m.log     # and saved
        assert h.run_until(lambda: (phones.read(), any(a["seat"] == second and a["ok"] for a in phones.acks))[1],
                           max_frames=200, dt=0.001)
        assert t.busy(), "the ack came only once the big screen was still"
        assert h.run_until(lambda: not t.busy(), max_frames=3000, dt=0.05)
        assert not t.behind and t.view_mismatches == []
        assert h.run_until(lambda: (phones.read(), len(phones.acks) == sum(phones.seq.values()))[1],
                           max_frames=200, dt=0.01)
        assert m.log[0].seat == first and second in [a.seat for a in m.log[1:]]
        oks = [(a["seat"], a["seq"]) for a in phones.acks if a["ok"]]
        assert len(oks) == len(set(oks)) == len(m.log)            # none lost, none twice
    finally:
        phones.close()


def test_a_refused_phone_move_goes_back_with_the_reason_and_nothing_changes(harness):
    h = harness
    m = open_table(h, "death", "phone,phone,ai", seed=3)
    phones = Phones(h)
    try:
        h.step()
        phones.read()
        idle = next(s for s in phones.clients if s not in m.to_act())
        before = len(m.log)
        phones.clients[idle].send({"t": "act", "seq": 1, "action": {"seat": idle, "kind": "stand"}})
        assert h.run_until(lambda: (phones.read(), phones.acks)[1], max_frames=200, dt=0.01)
        assert phones.acks[0]["ok"] is False and "turn" in phones.acks[0]["reason"]
        assert len(m.log) == before
        assert h.table.toast.ttl == 0                              # the big screen says nothing
    finally:
        phones.close()


def test_the_status_line_says_who_chooses_on_their_phone_once_the_table_is_still(harness_at):
    h = harness_at("normal")
    m = open_table(h, "death", "phone,ai,ai", seed=3)              # seat 2 plays first, then 0
    t = h.table
    phones = Phones(h)
    try:
        # the AI's move before the phone's turn still plays: the line follows what is shown
        assert h.run_until(lambda: 0 in m.to_act() and t.busy(), max_frames=3000, dt=0.02)
        assert t.phone_status.line() is None
        assert h.run_until(lambda: 0 in m.to_act() and not t.busy(), max_frames=3000, dt=0.05)
        assert t.phone_status.line() == f"{m.seats[0].name} is choosing on their phone."
    finally:
        phones.close()


# ------------------------------------------------------------------------------ the App's phones
def test_phones_open_lazily_and_only_for_a_table_with_phone_seats(harness):
    h = harness
    open_table(h, "death", "human,ai,ai", seed=3)
    assert h.app.phones is None


def test_the_session_lives_until_the_game_is_left(harness):
    h = harness
    m = open_table(h, "court", "phone,phone", seed=3)
    s1 = h.app.phones
    port = s1.server.port
    h.app.open_pause(h.table)
    h.step()
    assert h.app.phones is s1                                   # a dialog over the table: still there
    h.app.open_menu()
    h.step()
    assert h.app.phones is None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()      # stopped
    open_table(h, "court", "phone,ai", seed=3)
    s2 = h.app.phones
    open_table(h, "death", "phone,ai,ai", seed=3)                # a new game: the last one's stop
    assert h.app.phones is not s2 and s2.server._thread is None or not s2.server._thread.is_alive()
    h.app.crash(RuntimeError("boom"))
    assert h.app.phones is None
    open_table(h, "death", "phone,ai,ai", seed=3)
    s3 = h.app.phones
    h.app.shutdown()
    assert h.app.phones is None and (s3.server._thread is None or not s3.server._thread.is_alive())
    del m


def test_a_phone_error_keeps_the_table_shut_and_says_why(harness, monkeypatch):
    h = harness
    monkeypatch.setenv("CROWNTABLE_PHONE_ADDRESS", "8.8.8.8")            # a public address: refused
    h.app.open_menu()
    h.step()
    h.app.open_setup("death")
    h.step()
    setup = h.scene
    h.app.start_table("death", parse_seats("phone,ai,ai"), 3)
    h.step()
    assert h.scene is setup and h.table is None and h.app.phones is None
    assert "8.8.8.8" in h.app.toast.msg and "127.0.0.1" in h.app.toast.msg
    assert h.app.save_lock is None and h.app.table_save is None
    h.app.stack.scenes.clear()                                   # as ``crowntable play`` starts: no scene
    h.app.start_table("death", parse_seats("phone,ai,ai"), 3)
    h.step()
    assert type(h.scene).__name__ == "MenuScene" and "8.8.8.8" in h.scene.message


def test_a_phone_move_wakes_the_idle_loop(harness, monkeypatch):
    """The loop sleeps in ``inp.wait`` while nothing animates; the server's thread posts an
    event when a phone sent something, so the move is applied and answered at once, not after
    the sleep (3 s here: without the wake the round trip takes that long)."""
    from game.app import main

    monkeypatch.setattr(main, "IDLE_WAIT_MS", 3000)
    h = harness
    m = open_table(h, "death", "phone,phone,phone", seed=3)
    phones = Phones(h)
    assert h.run_until(lambda: (phones.read(), phones.views.get(m.to_act()[0]))[1] is not None
                       and not h.table.busy(), max_frames=500, dt=0.05)
    h.step()
    monkeypatch.setattr(h.app, "idle", lambda: True)               # every frame sleeps until woken
    seat = m.to_act()[0]
    out: dict = {}

    def phone() -> None:
        try:
            time.sleep(0.3)                                          # the loop is asleep by now
            p = phones.clients[seat]
            t0 = time.monotonic()
            p.send({"t": "act", "seq": 1, "action": phones.views[seat]["legal"][0]["action"]})
            while time.monotonic() - t0 < WAIT:
                try:
                    msg = json.loads(p.ws.recv(timeout=0.05))
                except TimeoutError:
                    continue
                if msg["t"] == "ack":
                    out["ack"], out["s"] = msg, time.monotonic() - t0
                    break
        finally:
            h.app.quit()
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    th = threading.Thread(target=phone, daemon=True)
    th.start()
    try:
        h.app.loop()
    finally:
        th.join(WAIT)
        phones.close()
    assert out.get("ack", {}).get("ok") is True, out
    assert out["s"] < 1.0, f"the move was answered after {out['s']:.2f} s: the loop slept through it"
    assert len(m.log) == 1


# ------------------------------------------------------------------------------ saves and Continue
def test_continue_brings_the_phones_back_with_the_same_room_and_secrets(home, monkeypatch):
    from game.app.headless import HeadlessApp
    from game.phones import net

    # a free port of the system's choosing, not the preferred 8741: every App of a parallel test
    # worker asks for 8741 first, and one took it while this test's app was closed (a run failed
    # on the port; the app then rightly opened another, and the phones would say "moved")
    monkeypatch.setattr(net, "PREFERRED_PORT", 0)

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        m = open_table(h, "death", "phone,phone,ai", seed=3)
        phones = Phones(h)
        room, port = h.app.phones.room, h.app.phones.server.port
        secrets = {s: p.secret for s, p in phones.clients.items()}
        assert h.run_until(lambda: (phones.read(), phones.act(), len(m.log) >= 2)[2], max_frames=2000, dt=0.05)
        h.step()
        save = h.app.autosave_path("death")
        kept = json.loads(save.read_text())["phones"]
        assert kept["room"] == room and kept["secrets"] == {str(s): v for s, v in secrets.items()}
        assert [s["kind"] for s in json.loads(save.read_text())["seats"]] == ["phone", "phone", "ai"]
        moves = len(m.log)
        phones.close()
    finally:
        h.close()
    h2 = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        h2.menu()
        h2.scene.continue_game()
        h2.step()
        t = h2.table
        assert t is not None and len(t.match.log) == moves
        assert t.public and t.curtain_for is None                      # an all-phones table: no curtain
        s = h2.app.phones
        assert (s.room, s.server.port) == (room, port)                # the same address and QR code
        p = Phone(s.server)
        assert p.rejoin(1, secrets[1])["t"] == "joined"               # by itself: no seat picking
        assert h2.run_until(lambda: any(g["t"] == "view" for g in p.got + p.quiet(0.02)), max_frames=200)
        view = next(g for g in p.got if g["t"] == "view")
        assert view["seat"] == 1 and len(view["log"]) > 0
        stranger = Phone(s.server)
        assert stranger.rejoin(0, "x" * 32)["t"] == "error"
        p.close()
        stranger.close()
    finally:
        h2.close()


def test_a_resumed_table_with_two_people_at_the_screen_starts_behind_the_curtain(harness):
    h = harness
    m = Match("death", [SeatSpec("Ann", "human"), SeatSpec("Bram", "human"), SeatSpec("Cleo", "phone")], seed=3)
    m.submit(next(iter(m.legal(m.to_act()[0]))))
    h.app.start_table(match=m)
    h.step()
    t = h.table
    assert t.hotseat and not t.public and t.hand_hidden
    assert h.run_until(lambda: t.curtain_for is not None or 2 in m.to_act(), max_frames=500, dt=0.05)


# ------------------------------------------------------------------------------ undo from a phone
def test_a_phone_may_undo_where_the_table_allows_it_and_is_told_why_not_else(harness):
    """{"t": "undo", "seq": n}: the same rule as the table's U; numbered like a move, so one
    sent again after a reconnect is never applied twice."""
    h = harness
    m = open_table(h, "death", "phone,ai,ai", seed=2)              # seat 0 plays first
    t = h.table
    phones = Phones(h)
    p = phones.clients[0]
    try:
        p.send({"t": "undo", "seq": 1})                              # nothing of its own yet
        assert h.run_until(lambda: (phones.read(), phones.acks)[1], max_frames=200, dt=0.01)
        assert phones.acks[-1] == {"t": "ack", "seq": 1, "ok": False, "seat": 0,
                                   "reason": "There is no move of yours to take back."}

        def my_turn():
            phones.read()
            return 0 in m.to_act() and bool(phones.views.get(0)) and not t.busy()
        assert h.run_until(my_turn, max_frames=3000, dt=0.05)
        mine = len(m.log)
        stand = next(x["action"] for x in phones.views[0]["legal"] if x["action"]["kind"] == "stand")
        p.send({"t": "act", "seq": 2, "action": stand})              # a stand shows nobody anything
        p.send({"t": "undo", "seq": 3})                              # (before a seat after it is shown a card)
        assert h.run_until(lambda: (phones.read(), phones.acks[-1]["seq"] == 3)[1], max_frames=300, dt=0.01)
        ack = phones.acks[-1]
        assert ack["ok"] is True, ack
        assert len(m.log) == mine and ack["undone"] >= 1
        assert "Undo: Player 1 took back" in t.table_log.lines[-1]
        assert t.view_mismatches == [] and t.shown == t.table.view_from(t.obs())
        p.send({"t": "undo", "seq": 3})                               # the same one again: not applied
        p.quiet(0.2)
        h.step()
        assert len(m.log) == mine
        assert h.app.autosave_path("death").exists()
    finally:
        phones.close()


def test_an_undo_message_is_checked_like_any_other():
    from game.phones.server import BadMessage, parse

    assert parse('{"t": "undo", "seq": 3}') == {"t": "undo", "seq": 3}
    for bad in ('{"t": "undo"}', '{"t": "undo", "seq": 0}', '{"t": "undo", "seq": "1"}',
                '{"t": "undo", "seq": 1, "seat": 2}'):
        with pytest.raises(BadMessage):
            parse(bad)


def test_a_rematch_keeps_the_room_and_each_phone_rejoins_its_seat(harness):
    h = harness
    m = open_table(h, "death", "phone,phone,ai", seed=3)
    phones = Phones(h)
    try:
        old = h.app.phones
        room, port, secret = old.room, old.server.port, phones.clients[1].secret
        h.app.open_results(m, 0)                     # (as when the game ends)
        h.step()
        assert h.app.phones is old                   # the results keep the phones
        h.scene.rematch()
        h.step()
        new = h.app.phones
        assert new is not old and h.table is not None and h.table.match is not m
        assert (new.room, new.server.port) == (room, port)
        p = Phone(new.server)
        assert p.rejoin(1, secret)["t"] == "joined"
        p.close()
    finally:
        phones.close()


def test_a_phones_undo_while_the_curtain_waits_for_the_desk_person_hides_that_hand(harness):
    """A trial: at a mixed MasterBluff table a phone declared, the curtain came down for the desk
    person's Bluff! answer, and the phone took its declaration back.  The curtain must go (the
    desk person no longer answers) and their hand stay hidden while the phone chooses again,
    never lifted onto a face-up hand during the phone's turn."""
    h = harness
    m = open_table(h, "masterbluff", "human,phone,ai", seed=4)
    t = h.table
    rng = Rng(3)
    asked = False
    for _ in range(4000):                    # play until the phone's declaration asks seat 0
        h.step(0.05)
        if t.curtain_for == 0 and 0 in m.to_act() and m.log and m.log[-1].seat == 1:
            asked = True
            break
        if t.curtain_for is not None:
            t.lift_curtain()
        elif t.steps.waiting():
            t.release_step()
        elif 1 in m.to_act() and not t.busy():
            t.phone_submit(m.legal(1).sample(rng))
        elif not t.busy() and t.privacy.may_act(0) and 0 in m.to_act():
            t.submit(m.legal(0).sample(rng))
    assert asked, "no phone declaration asked the desk person"
    t.phone_undo(1)
    h.step(0.05)
    assert 1 in m.to_act() and 0 not in m.to_act()
    assert t.curtain_for is None and t.hand_hidden and not t.may_see()
    for _ in range(40):                      # the phone chooses again: the desk hand stays hidden
        h.step(0.05)
        assert t.curtain_for is None and t.hand_hidden
        assert not (t.hand.cards and t.hand.faces_up)
