"""The phone trial's findings (issue 28) in a real browser (Debian's headless Chromium at
360×740, one for the whole file, as tests/test_phone_layouts.py): choices that replace others
ignore taps a moment and a withdrawn question is said; a King Thief Minister look is put away
when the cards move; a window opened again on the plain address rejoins its seat, and a held
seat says how to free it; a table that moved, closed or is gone is said once, without retrying
for ever; while not connected the choices are dimmed and a tap is not taken; a new ask is on the
screen however the page was scrolled; the header never breaks a seat's name; the result of a
game over; Fireball Court's labelled numbers and its Court on its own; the KTM ring as the big
screen's; why Death's Stand is the only choice."""
from __future__ import annotations

import time

import pytest

from test_phone_browser import pytestmark, wait_for  # noqa: F401  (the skip mark)
from test_phone_layouts import drivers, open_seat  # noqa: F401  (the module's browsers)

from game.phones.words import page_words

EN = page_words("en")
DISABLED = "return [...document.querySelectorAll('#choices button')].map(b => b.disabled)"
TEXTS = "return [...document.querySelectorAll('#choices button')].map(b => b.textContent)"


def scene_match(game: str, scene: tuple):
    """The match of a scene (players, seed, seeded moves), built apart (to choose a seat)."""
    from game.match import Match, SeatSpec
    from test_phone_layouts import seeded

    players, seed, steps = scene
    m = Match(game, [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=seed)
    seeded(game, players, seed, steps, m)
    return m


def peek_at_first_card(drv, m, seat: int, pump, until: str = "#mine .look") -> None:
    """King Thief Minister's opening at the page: this seat taps its first card to peek, every
    other seat peeks (at the table), and the page shows the card seen (``until`` is there)."""
    from selenium.webdriver.common.by import By

    drv.execute_script("document.querySelector('#mine .ring .card.tappable').click()")
    wait_for(lambda: any(a.seat == seat for a in m.log), "peek")
    with pump.lock:
        while m.observe(seat).phase == "peek":
            other = next(s for s in m.to_act() if s != seat)
            m.submit(next(iter(m.legal(other))))
    wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, until), "show the card seen")


def _text(drv, id_):
    from selenium.webdriver.common.by import By
    return drv.find_element(By.ID, id_).text


@pytest.mark.xdist_group("chromium")
def test_ktm_choices_that_replace_a_withdrawn_question_ignore_taps_a_moment_and_it_is_said(drivers):
    """The trial: two phones were asked "Challenge or pass?"; the other challenged first, the
    question vanished without a word and this phone's turn choices appeared where Challenge!
    had been ("Move right" under the finger).  Now the line says who challenged first, the new
    choices are dimmed and ignore a tap for a moment, then are lit and taken; Undo still works."""
    drv = drivers("en")
    # KTM, 4 players, seed 8 after 10 moves: seats 2, 1 and 0 are asked; seat 2 challenges
    # first, and seat 0's turn follows at once (look, move right/left/opposite)
    with open_seat(drv, "ktm", scene=(4, 8, 10), seat=0) as (m, seat, pump):
        assert "Challenge or pass?" in _text(drv, "ask")
        before = drv.execute_script(TEXTS)
        with pump.lock:
            m.submit(next(a for a in m.legal(2) if a.kind == "challenge"))
        wait_for(lambda: drv.execute_script(TEXTS) not in ([], before), "show the turn's choices")
        assert all(drv.execute_script(DISABLED)), "the new choices took a tap at once"
        # a tap now (the finger meant for Challenge!) is not taken
        drv.execute_script("document.querySelector('#choices button').click()")
        assert _text(drv, "said") == "P3 challenged first."
        time.sleep(0.3)
        with pump.lock:
            assert m.to_act() == (seat,) and m.log[-1].seat == 2
        # then they are lit and taken
        wait_for(lambda: not any(drv.execute_script(DISABLED)), "light the choices", timeout=2)
        n = len(m.log)
        drv.execute_script("[...document.querySelectorAll('#choices button')]"
                           ".find(b => b.textContent.includes('Move right')).click()")
        wait_for(lambda: len(m.log) == n + 1, "move")
        with pump.lock:
            assert m.log[-1].kind == "move" and m.log[-1]["direction"] == "right"
        # and Undo takes it back
        from selenium.webdriver.common.by import By
        wait_for(lambda: drv.find_element(By.ID, "undo").is_displayed(), "offer Undo")
        drv.find_element(By.ID, "undo").click()
        wait_for(lambda: len(m.log) == n, "take the move back")


@pytest.mark.xdist_group("chromium")
def test_a_ktm_look_is_put_away_when_the_cards_move(drivers):
    """The trial: a peeked card stayed face up ("You see this card. Remember it!") after every
    card moved, at a spot where it no longer was.  Now the look goes when the cards move."""
    from selenium.webdriver.common.by import By

    drv = drivers("en")
    with open_seat(drv, "ktm", scene=(4, 5, 0)) as (m, seat, pump):
        peek_at_first_card(drv, m, seat, pump)
        up = "return [...document.querySelectorAll('#mine .ring img')].filter(i => !i.src.endsWith('/back.svg')).length"
        assert drv.execute_script(up) == 1
        with pump.lock:
            turn = m.to_act()[0]
            m.submit(next(a for a in m.legal(turn) if a.kind == "move" and a["direction"] == "right"))
        wait_for(lambda: not drv.find_elements(By.CSS_SELECTOR, "#mine .look"), "put the look away")
        assert drv.execute_script(up) == 0


@pytest.mark.xdist_group("chromium")
def test_a_window_opened_again_on_the_plain_address_rejoins_its_seat_and_a_held_seat_says_how_to_free_it(drivers):
    """The trial: a phone window closed and opened again on the plain address (no room code)
    asked for the room code, then showed its own seat "(taken)", and a tap did nothing.  Now
    the seat kept by the table's address rejoins by itself; and another phone tapping a held
    seat is told how to free it."""
    from selenium.webdriver.common.by import By

    drv = drivers("en")
    out: list = []
    with open_seat(drv, "death", scene=(5, 4, 2), server_out=out) as (m, seat, pump):
        server = out[0]
        drv.get(server.origin + "/")                 # the plain address, as a window opened again
        wait_for(lambda: drv.find_element(By.ID, "seat").is_displayed(), "rejoin its seat by itself")
        wait_for(lambda: drv.execute_script(TEXTS), "show its choices again")
        assert server.connected() == {seat}
        # the room code comes with the seat kept (a secret that fails asks for this room's seats)
        wait_for(lambda: drv.find_element(By.ID, "room").get_attribute("value") == server.room,
                 "fill the room code (the page starts once its words are loaded)")
        # another phone (nothing kept) asks for the same seat: held, and the way out said
        drv.execute_script("localStorage.clear()")
        drv.get(server.join_url())
        wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, f'#seats button[data-seat="{seat}"]'), "list the seats")
        b = drv.find_element(By.CSS_SELECTOR, f'#seats button[data-seat="{seat}"]')
        assert b.is_enabled() and "(taken)" in b.text
        b.click()
        wait_for(lambda: _text(drv, "join-msg") == EN["taken_msg"], "say the seat is held and how to free it")
        assert "press P and choose Free this seat" in EN["taken_msg"]


@pytest.mark.xdist_group("chromium")
def test_a_table_that_moved_or_closed_is_said_once_and_the_page_stops_retrying(drivers):
    """The trial: after the app was Continue'd on another port, the phones' old address reached
    another table ("That room code is not this table's") and kept retrying; after Back to menu
    they waited for ever ("Trying again..."), and while the app was down a tap vanished.  Now:
    a table closing tells the page, which says so and stops; while not connected the choices are
    dimmed, a tap is not taken, and a line says why; another table at the address is said as
    moved (scan the join card again), and the page stops."""
    from selenium.webdriver.common.by import By

    from game.phones.server import PhoneServer

    drv = drivers("en")
    out: list = []
    with open_seat(drv, "death", scene=(5, 4, 2), server_out=out) as (m, seat, pump):
        server = out[0]
        # the app is down (killed: nobody said goodbye): dimmed, the line, and no tap taken
        server.tell_closing = lambda *a, **k: None
        server.stop()
        wait_for(lambda: _text(drv, "offline") == EN["offline"], "say it is not connected")
        assert all(drv.execute_script(DISABLED))
        drv.execute_script("document.querySelector('#choices button').click()")
        assert drv.execute_script("return me.unacked") is None
        assert drv.execute_script("return document.getElementById('undo').disabled") is True
        # the app comes back on the same address with another table: moved, and no more retries
        other = PhoneServer("death", [(s.name, None) for s in m.seats], host="127.0.0.1", port=server.port).start()
        try:
            # said once, in the banner (the second trial: it was in the banner and in red too)
            wait_for(lambda: drv.find_element(By.ID, "banner").text == EN["moved"], "say the table moved", timeout=20)
            assert _text(drv, "join-msg") == ""
            time.sleep(0.8)                                                 # a retry would have come (0.5 s)
            assert drv.execute_script("return ws.readyState") == 3          # closed, and not opened again
            assert not other._ws_server.connections
            assert not drv.execute_script("return localStorage.getItem('crowntable-seat@' + location.host)")
        finally:
            other.stop()
    # a table that closes tells its pages: when no table is back at once (a Rematch's), they say
    # so and stop
    out.clear()
    with open_seat(drv, "death", scene=(5, 4, 2), server_out=out) as (m, seat, pump):
        drv.execute_script("window.CT_CLOSE_GRACE_MS = 10000")     # (said before it: not after a grace)
        # every banner said from now on (a trial: "connection lost" came first, for the grace time)
        drv.execute_script("window.saidBanners = []; const b0 = banner; "
                           "banner = function (t) { saidBanners.push(t); b0(t); };")
        drv.execute_script("window.saidOffline = []; new MutationObserver(() => "
                           "saidOffline.push(document.getElementById('offline').textContent))"
                           ".observe(document.getElementById('offline'), {childList: true, characterData: true, subtree: true});")
        out[0].stop()                                       # left for the menu: no table comes back
        # said at once (a trial: "Not connected: trying again..." for the 5-second grace first)
        wait_for(lambda: drv.find_element(By.ID, "banner").text == EN["closed"], "say the table was closed",
                 timeout=5)
        assert EN["offline"] not in drv.execute_script("return saidOffline")
        time.sleep(0.7)
        assert drv.execute_script("return ws.readyState") == 3 and drv.find_element(By.ID, "banner").text == EN["closed"]
        assert EN["lost"] not in drv.execute_script("return saidBanners"), "connection lost said while the table closed"
        # said once (a trial: in the banner and again over the choices), and the closed game's
        # choices go
        assert _text(drv, "offline") == "" and not drv.find_elements(By.CSS_SELECTOR, "#choices button")


@pytest.mark.xdist_group("chromium")
def test_a_rematch_on_the_same_address_takes_the_phone_back_without_a_word_of_closing(drivers):
    """Rematch stops the table's server (which tells its pages it closes) and opens the next
    game's at once on the same address, room code and secrets: the page rejoins its seat by
    itself and never says the table was closed."""
    from selenium.webdriver.common.by import By

    from game.phones.host import PhoneHost
    from game.phones.server import PhoneServer
    from test_phone_browser import Pump

    drv = drivers("en")
    out: list = []
    with open_seat(drv, "death", scene=(5, 4, 2), server_out=out) as (m, seat, pump):
        old = out[0]
        drv.execute_script("window.CT_CLOSE_GRACE_MS = 1000")
        drv.execute_script("window.saidOffline = []; new MutationObserver(() => "
                           "saidOffline.push(document.getElementById('offline').textContent))"
                           ".observe(document.getElementById('offline'), {childList: true, characterData: true, subtree: true});")
        old.stop(again=True)                                 # a Rematch: the next table takes the page back
        new = PhoneServer("death", [(s.name, None) for s in m.seats], host="127.0.0.1", port=old.port, room=old.room,
                          cards_dir=old.cards_dir)
        new.slots[seat].secret = old.slots[seat].secret
        new.start()
        again = Pump(PhoneHost(m, new))
        again.start()
        try:
            wait_for(lambda: new.connected() == {seat}, "rejoin the next table")
            wait_for(lambda: drv.execute_script(TEXTS), "show the choices again")
            time.sleep(1.2)                                  # past the grace time
            assert drv.find_element(By.ID, "banner").text != EN["closed"] and not drv.execute_script("return stopped")
            assert drv.execute_script(TEXTS) and not any(drv.execute_script(DISABLED))
            # nor "Not connected: trying again..." while it came back (a trial saw it flash)
            assert EN["offline"] not in drv.execute_script("return saidOffline")
        finally:
            again.halt.set()
            again.join(5)
            new.stop()


@pytest.mark.xdist_group("chromium")
def test_a_table_gone_for_good_is_said_and_the_page_stops(drivers):
    """Nothing answers at the table's address any more (the app gone): after a while the page
    says the table moved or closed and stops trying (here after 1.5 s)."""
    from selenium.webdriver.common.by import By

    drv = drivers("en")
    out: list = []
    with open_seat(drv, "death", scene=(5, 4, 2), server_out=out) as (m, seat, pump):
        drv.execute_script("window.CT_GIVE_UP_MS = 1500")
        out[0].tell_closing = lambda *a, **k: None
        out[0].stop()
        wait_for(lambda: drv.find_element(By.ID, "banner").text == EN["moved"], "give up", timeout=20)


@pytest.mark.xdist_group("chromium")
def test_a_new_ask_is_on_the_screen_when_the_page_was_scrolled_to_the_bottom(drivers):
    """A new question on a page scrolled to its bottom: its line and first choice are on the
    screen (the pinned panel)."""
    drv = drivers("en")
    m = scene_match("death", (5, 4, 2))
    actor = m.to_act()[0]
    order = m.observe(actor).order
    nxt = order[order.index(actor) + 1]             # the next to play: its phone waits, scrolled down
    with open_seat(drv, "death", scene=(5, 4, 2), seat=nxt, choices=False) as (m, seat, pump):
        assert not drv.execute_script(TEXTS)
        drv.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        with pump.lock:
            m.submit(next(a for a in m.legal(m.to_act()[0]) if a.kind == "stand"))
        wait_for(lambda: drv.execute_script(TEXTS), "show the new choices")
        got = drv.execute_script("""const a = document.getElementById('ask').getBoundingClientRect(),
            b = document.querySelector('#choices button').getBoundingClientRect();
            return [a.top, a.bottom, b.top, b.bottom, window.innerHeight, window.scrollY];""")
        assert got[5] > 0, "the page was not scrolled"
        assert 0 <= got[0] and got[1] <= got[4] and 0 <= got[2] and got[3] <= got[4], got


@pytest.mark.xdist_group("chromium")
def test_the_header_never_breaks_a_seats_name(drivers):
    """The trial: "Player / 1" broke onto two lines beside "Waiting for the others" at 360 px.
    A name stays on one line, whole when it fits, else with an ellipsis and its title."""
    drv = drivers("en")
    names = ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"]
    waits = next(s for s in range(5) if s not in scene_match("death", (5, 4, 2)).to_act())
    with open_seat(drv, "death", scene=(5, 4, 2), names=names, seat=waits, choices=False) as (m, seat, pump):
        got = drv.execute_script("""const n = document.querySelector('#who .name'), r = n.getClientRects();
            const line = parseFloat(getComputedStyle(n).lineHeight) || 24;
            return [n.textContent, n.title, n.getBoundingClientRect().height, line, n.scrollWidth, n.clientWidth,
                    document.getElementById('turn').textContent];""")
        text, title, height, line, sw, cw, turn = got
        assert text == title == names[waits] and turn == EN["waiting"]
        assert height < 1.5 * line, f"the name wraps: {got}"
        assert sw <= cw + 1, f"the name is cut: {got}"
    long = ["Wilhelmina-Charlotte von Hohenzollern-Sigmaringen"] * 5
    with open_seat(drv, "death", scene=(5, 4, 2), names=long, seat=waits, choices=False) as (m, seat, pump):
        got = drv.execute_script("""const n = document.querySelector('#who .name');
            return [n.title, getComputedStyle(n).textOverflow, n.getBoundingClientRect().height,
                    parseFloat(getComputedStyle(n).lineHeight) || 24, n.getBoundingClientRect().right,
                    document.documentElement.clientWidth];""")
        assert got[0] == long[waits] and got[1] == "ellipsis" and got[2] < 1.5 * got[3] and got[4] <= got[5], got


@pytest.mark.xdist_group("chromium")
def test_a_game_over_shows_the_result_on_the_phone(drivers):
    """The trial: game over just said "see the big screen" with empty boxes.  Now the phone shows
    who won, the standings with the scores the big screen's results show, and that the next
    game (Rematch) is chosen on the big screen; the empty boxes are hidden."""
    import random

    from selenium.webdriver.common.by import By

    drv = drivers("en")
    with open_seat(drv, "court", scene=(2, 5, 3)) as (m, seat, pump):
        with pump.lock:
            rng = random.Random(1)
            while m.outcome() is None:
                m.submit(rng.choice(list(m.legal(m.to_act()[0]))))
            out = m.outcome()
        wait_for(lambda: drv.find_element(By.ID, "result-box").is_displayed(), "show the result")
        head = _text(drv, "result-head")
        win = out.winners[0]
        assert head == ("You win!" if win == seat else f"{m.seats[win].name} wins!")
        rows = drv.execute_script("return [...document.querySelectorAll('#standings li')].map(l => l.textContent)")
        assert len(rows) == 2 and rows[0].startswith("1st")
        for s in range(2):
            who = "You" if s == seat else m.seats[s].name
            n = out.scores[s]
            assert any(who in r and (f"{n} point" in r) for r in rows), rows
        assert _text(drv, "ask") == EN["rematch"]
        for box in ("mine-box", "extra-box", "choices-box"):
            el = drv.find_element(By.ID, box)
            assert not el.is_displayed() or el.text.strip(), f"{box} is shown empty"


@pytest.mark.xdist_group("chromium")
def test_fireball_courts_numbers_are_labelled_and_the_court_has_its_own_section(drivers):
    """The trial: "On the table" showed icon+number pairs without words, and the Court sat in
    "Your hand".  Now a legend names each piece's number, and the Court is a section of its own."""
    from selenium.webdriver.common.by import By

    drv = drivers("en")
    with open_seat(drv, "court", scene=(2, 5, 3)) as (m, seat, pump):
        legend = _text(drv, "public")
        for key in ("legend_hand", "legend_coins", "legend_ravens", "legend_seniors"):
            assert EN[key] in legend
        # each seat row's chips: the same pieces as the legend's, in its order
        icons = drv.execute_script("""return [...document.querySelectorAll('#public .legend .chip img')].map(i => i.getAttribute('src'))""")
        row = drv.execute_script("""return [...document.querySelectorAll('#public .seat-row')[0].querySelectorAll('.chip img')].map(i => i.getAttribute('src'))""")
        assert icons == row
        box = drv.find_element(By.ID, "extra-box")
        assert box.is_displayed() and box.find_element(By.TAG_NAME, "h2").text.lower() == "the court"
        assert box.find_elements(By.CSS_SELECTOR, ".stack") and not drv.find_elements(By.CSS_SELECTOR, "#mine-box .stack")


@pytest.mark.xdist_group("chromium")
def test_the_ktm_ring_is_laid_out_as_the_big_screens_every_spot_labelled_with_the_moves_arrows(drivers):
    """The trial: "What you know" was a 2×3 grid in reading order (the big screen shows a ring),
    empty spots were unlabelled while the buttons said "empty spot 1/2".  Now: this seat's spot
    at the bottom, then clockwise as the big screen's ring (game/app/games/ktm.py ``place``),
    every spot labelled as the buttons name it, and the moves' arrows in the ring."""
    from game.words import ktm as kw
    from game.words import SeatWords

    drv = drivers("en")
    with open_seat(drv, "ktm", scene=(4, 5, 0)) as (m, seat, pump):
        cells = drv.execute_script("""return [...document.querySelectorAll('#mine .ring .spot')].map(c => {
            const r = c.querySelector('.card').getBoundingClientRect();
            return [+c.dataset.spot, (r.left + r.right) / 2, (r.top + r.bottom) / 2, c.querySelector('.who').textContent]; })""")
        at = {s: (x, y, label) for s, x, y, label in cells}
        owned = list(m.observe(seat).owned)
        home = owned[seat]
        place = {(home + k) % 6: at[(home + k) % 6] for k in range(6)}
        p = [place[(home + k) % 6] for k in range(6)]
        # bottom, lower left, upper left, top, upper right, lower right
        assert p[0][1] == max(c[1] for c in p) and p[3][1] == min(c[1] for c in p)
        assert abs(p[0][0] - p[3][0]) < 2
        assert p[1][0] < p[0][0] and p[2][0] < p[0][0] and p[4][0] > p[0][0] and p[5][0] > p[0][0]
        assert p[2][1] < p[1][1] and p[4][1] < p[5][1]
        w = SeatWords([s.name for s in m.seats], seat)
        for spot, (_x, _y, label) in at.items():
            if spot in owned:
                s = owned.index(spot)
                assert label == ("Your spot" if s == seat else m.seats[s].name)
            else:
                assert label == kw.empty_label(w, spot) and label.startswith("empty spot")
    # a turn with the moves: their arrows on the ring, named as the buttons
    with open_seat(drv, "ktm", scene=(4, 8, 10), seat=0) as (m, seat, pump):
        with pump.lock:
            m.submit(next(a for a in m.legal(2) if a.kind == "challenge"))
        hint = wait_for(lambda: drv.execute_script(
            "return [...document.querySelectorAll('#mine .ring .turn-hint')].map(e => e.textContent)"), "draw the arrows")
        assert "↺ Move right" in hint and "↻ Move left" in hint


@pytest.mark.xdist_group("chromium")
@pytest.mark.parametrize("scene,key", [((5, 3, 2), "death_right_king"), ((5, 8, 1), "death_only_king")])
def test_death_says_why_stand_is_the_only_choice(drivers, scene, key):
    """The trial: when Stand was the only choice (the player on the right holds a King, or one's
    own card is a King), the phone did not say why.  Now a line says it, in the big screen's words
    where it has them."""
    drv = drivers("en")
    with open_seat(drv, "death", scene=scene) as (m, seat, pump):
        assert drv.execute_script(TEXTS) == ["Stand"]
        with pump.lock:
            o = m.observe(seat)
        right = o.order[o.order.index(seat) + 1]
        assert _text(drv, "why") == EN[key].format(name=m.seats[right].name)
