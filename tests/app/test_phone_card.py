"""The join card and the table's phone status (issue 28): what the big screen shows about phones.

A MasterBluff table whose seats 1 and 2 are served to phones on 127.0.0.1 (a ``PhoneSession``
opened here and set as ``app.phones``: the seat kind "phone" and the App's own session are
another part's), its AI seats held still.  The card opens by itself, shows the room code, the
address and the QR code of the join URL (sampled off the window, module by module, against
``qr_matrix``), a Python phone joining turns its row to "Joined" within bounded frames, "Free
this seat" lets the phone go, all by keyboard alone; the status line says who the game waits for.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from types import SimpleNamespace

import pygame
import pytest

from game.app.phones import PhoneSeat
from game.app.widgets import Button
from game.app.table.phone_status import PhoneStatus, PhoneStatusContext
from game.match import Match, SeatSpec
from game.phones.qr import qr_matrix

from phone_helpers import Phone

FRAMES = 400           # frames any one wait may take at most (each frame also waits a little)


@contextmanager
def phone_table(home, size=(1280, 720), phones=(1, 2), session=True, names=("Ana", "Bram", "Cleo"), kept=None):
    """(harness, session, server): Ana at the screen, the seats ``phones`` played on phones (the
    App's own session, served on loopback), the other seats AI, kept still.  ``session=False``:
    no phone seat at all (the others AI)."""
    from game.app.headless import HeadlessApp, phones_on_loopback

    with phones_on_loopback():
        h = HeadlessApp(size=size, speed="off", home=str(home))
        kinds = ["human"] + ["phone" if session and i in phones else "ai" for i in range(1, len(names))]
        m = Match("masterbluff", [SeatSpec(n, k) for n, k in zip(names, kinds)], seed=3)
        if kept is not None:
            m.record.phones = kept
        try:
            h.start(match=m)
            s = h.app.phones
            assert (s is not None) == bool(session)
            h.table.pacer.update = lambda dt, submit: None        # the AI seats keep still
            yield h, s, (s.server if s is not None else None)
        finally:
            h.close()


def card(h):
    from game.app.scenes.phones import PhoneCardScene

    return h.scene if isinstance(h.scene, PhoneCardScene) else None


def texts(h) -> list[str]:
    from game.app import transcript

    rec = transcript.RECORDER
    rec.draw_frame(h.app)
    frame = rec.frames.pop()
    return [str(i)[5:] for i in frame.items if str(i).startswith("text:")]


def wait_for(h, cond, frames: int = FRAMES) -> bool:
    for _ in range(frames):
        if cond():
            return True
        time.sleep(0.005)            # the server's thread takes the phone's message meanwhile
        h.step()
    return cond()


def row_status(h, seat: int) -> str:
    from game.app.scenes.phones import seat_status

    return next(seat_status(p) for p in card(h).shown_seats if p.seat == seat)


# ---------------------------------------------------------------------------- the card
def test_the_card_opens_by_itself_with_the_room_code_address_and_rows(home, rec):
    with phone_table(home) as (h, s, server):
        h.step()
        assert card(h) is not None, "a phone seat no phone holds: the card opens by itself"
        shown = texts(h)
        assert s.room in shown
        assert f"Address: 127.0.0.1:{server.port}" in shown
        assert "Bram" in shown and "Cleo" in shown and shown.count("Waiting for a phone") == 2
        assert [p.name for p in card(h).shown_seats] == ["Bram", "Cleo"], "Ana is at the screen: no row"
        assert "Play" in shown                     # opened by itself: its button starts the game
        assert not [w for w in card(h).widgets if w.label == "Free this seat"], "nobody to free yet"


def test_the_card_does_not_open_by_itself_once_every_phone_seat_is_held(home):
    # a table resumed with its phone's secret kept: the seat is held, its phone comes back by itself
    with phone_table(home, phones=(1,), kept={"secrets": {"1": "k" * 32}}) as (h, s, server):
        h.step(n=3)
        assert 1 in server.held()
        assert card(h) is None
        assert h.table.phone_status.button in h.table.top_buttons


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_drawn_qr_code_is_the_join_urls_matrix(home, size):
    with phone_table(home, size=size) as (h, s, server):
        h.step()
        c = card(h)
        h.app.draw(h.app.screen)
        want = qr_matrix(s.join_url)
        r, px, n = c.qr_geometry()
        assert n == len(want)
        if size == (1280, 720):
            assert px >= 4
        surf = h.app.screen
        quiet = 4
        assert r.w == px * (n + 2 * quiet) and h.app.screen.get_rect().contains(r)

        def dark(mx: int, my: int) -> bool:      # module (mx, my) of the code with its quiet zone
            c = surf.get_at((r.x + mx * px + px // 2, r.y + my * px + px // 2))
            assert c[:3] in ((0, 0, 0), (255, 255, 255)), f"module {mx},{my} is neither dark nor light: {c}"
            return c[:3] == (0, 0, 0)
        got = [[dark(x + quiet, y + quiet) for x in range(n)] for y in range(n)]
        assert got == want
        edge = n + 2 * quiet
        ring = [(x, y) for x in range(edge) for y in range(edge)
                if x < quiet or y < quiet or x >= n + quiet or y >= n + quiet]
        assert not any(dark(x, y) for x, y in ring), "the quiet zone is light"


def test_a_phone_that_joins_while_the_card_shows_turns_its_row_to_joined(home, rec):
    with phone_table(home) as (h, s, server):
        h.step()
        assert row_status(h, 1) == "Waiting for a phone"
        phone = Phone(server)
        try:
            assert phone.join(1)["t"] == "joined"
            assert wait_for(h, lambda: row_status(h, 1) == "Joined"), "the row follows the phone"
            shown = texts(h)
            assert "Joined" in shown and "Free this seat" in shown
            assert row_status(h, 2) == "Waiting for a phone"
        finally:
            phone.close()
        assert wait_for(h, lambda: row_status(h, 1) == "Joined: not connected now")
        assert "Joined: not connected now" in texts(h)


@pytest.mark.parametrize("names", [("Ana", "Bram", "Cleo"), ("Ana", "Bo", "Maximilian-Jonas")], ids=["short", "long"])
def test_the_rows_status_column_starts_at_one_place_whatever_the_row_holds(home, monkeypatch, names):
    """The phone trial: a joined row (its "Free this seat" beside it) put "Joined" further left
    than the "Waiting for a phone" of the row below.  Every row's status starts at the same x,
    after the widest name, and the names are drawn whole at their full size."""
    from game.app.scenes import phones as card_mod

    drawn = []
    real = card_mod.fit_text
    monkeypatch.setattr(card_mod, "fit_text", lambda surf, ctx, st, rect, size, *a, **k:
                        drawn.append((st, pygame.Rect(rect), size)) or real(surf, ctx, st, rect, size, *a, **k))
    with phone_table(home, names=names) as (h, s, server):
        h.step()
        phone = Phone(server)
        try:
            assert phone.join(1)["t"] == "joined"
            assert wait_for(h, lambda: row_status(h, 1) == "Joined")
            drawn.clear()
            card(h).draw(h.app.screen)
        finally:
            phone.close()
    where = {st: (r, size) for st, r, size in drawn}
    joined, waiting = where["Joined"][0], where["Waiting for a phone"][0]
    assert joined.x == waiting.x, (joined, waiting)
    widest = max(Button.text_width(h.app, n, 20, bold=True) for n in names[1:])
    for n in names[1:]:
        box = where[n][0]
        assert box.w >= widest - 1 and box.right <= joined.x
        assert Button.text_width(h.app, n, 20, bold=True) <= box.w          # whole, at 20: not shrunk


def test_free_this_seat_by_keyboard_lets_the_phone_go(home):
    from game.app.scenes.confirm import ConfirmScene

    with phone_table(home) as (h, s, server):
        h.step()
        phone = Phone(server)
        try:
            assert phone.join(2)["t"] == "joined"
            assert wait_for(h, lambda: row_status(h, 2) == "Joined")
            c = card(h)
            assert c.focus.current is c.close_button        # the way back is where the keyboard starts
            h.key(pygame.K_TAB)                             # shows the focus
            h.key(pygame.K_TAB)
            assert c.focus.current.label == "Free this seat" and c.focus.current.role == ("free", 2)
            h.key(pygame.K_RETURN)
            h.step()
            assert isinstance(h.scene, ConfirmScene)
            assert h.scene.title == "Free Cleo's seat?"
            assert h.scene.focus.current.label == "Cancel"    # the safe answer first
            h.key(pygame.K_RETURN)                          # Cancel: nothing happens
            h.step()
            assert card(h) is c and 2 in server.held()
            h.key(pygame.K_RETURN)                          # the focus is still on Free this seat
            h.step()
            h.key(pygame.K_LEFT)
            assert h.scene.focus.current.label == "Free the seat"
            h.key(pygame.K_RETURN)
            h.step()
            assert card(h) is c
            assert 2 not in server.held()
            code, reason = phone.closed_with()
            assert reason == "the host freed this seat"
            assert wait_for(h, lambda: row_status(h, 2) == "Waiting for a phone")
            assert not [w for w in c.widgets if w.label == "Free this seat"]
            h.key(pygame.K_ESCAPE)
            h.step()
            assert card(h) is None and h.scene is h.table
            assert 2 not in server.held()
        finally:
            phone.close()


def test_the_cards_buttons_work_by_mouse(home):
    with phone_table(home) as (h, s, server):
        h.step()
        c = card(h)
        h.click(h.app.view.pt(*c.close_button.rect.center))
        h.step()
        assert card(h) is None
        t = h.table
        h.click(h.app.view.pt(*t.phone_status.button.rect.center))
        h.step()
        c = card(h)
        assert c is not None and c.close_button.label == "Back to the table"


# ---------------------------------------------------------------------------- the table
def test_the_phones_button_and_p_only_with_a_phone_session(home):
    with phone_table(home, session=False) as (h, s, server):
        h.step(n=3)
        t = h.table
        assert card(h) is None and t.phone_status.button not in t.top_buttons
        h.key(pygame.K_p)
        h.step()
        assert card(h) is None
    with phone_table(home) as (h, s, server):
        h.step()
        h.key(pygame.K_ESCAPE)
        h.step()
        t = h.table
        assert h.scene is t and t.phone_status.button in t.top_buttons
        b = t.phone_status.button.rect
        assert not any(b.colliderect(o.rect) for o in t.top_buttons if o is not t.phone_status.button)
        assert t.undo_rect().right <= b.x, "Undo goes left of the Phones button"
        assert not t.phone_status.ctx.at_screen_acts()
        h.key(pygame.K_p)
        h.step()
        assert card(h) is not None, "P opens the card while nobody here may act"


def test_the_phones_button_moves_left_of_the_not_saved_sign(home):
    with phone_table(home) as (h, s, server):
        h.step()
        h.key(pygame.K_ESCAPE)
        h.step()
        t = h.table
        t.set_save_error("disk full")
        h.step()
        b = t.phone_status.button.rect
        assert not b.colliderect(t.unsaved_button.rect)
        assert not t.undo_rect().colliderect(b)
        t.set_save_error(None)
        h.step()
        assert t.phone_status.button.rect.right + t.phone_status.GAP == min(o.rect.x for o in t.top_buttons
                                                                             if o is not t.phone_status.button)


def test_the_status_line_names_the_phone_the_game_waits_for(home, rec):
    from game.app.transcript import Run

    with phone_table(home) as (h, s, server):
        h.step()
        h.key(pygame.K_ESCAPE)
        h.step(n=3)
        t = h.table
        m = t.match
        assert m.to_act() == (2,)                     # Cleo starts (seed 3)
        want = "Waiting for Cleo's phone: it is not connected. Press P for the join card."
        assert t.phone_status.line() == want
        shown = " ".join(texts(h))
        assert "Waiting for Cleo's phone" in shown, shown
        phone = Phone(server)
        try:
            assert phone.join(2)["t"] == "joined"
            assert wait_for(h, lambda: t.phone_status.line() == "Cleo is choosing on their phone.")
            assert "Cleo is choosing on their phone." in texts(h)
        finally:
            phone.close()
        # the status line is where the table's own status goes: what it covers is in the readable
        # regions already, and no overlay of the kit meets it
        from game.app import transcript
        transcript.RECORDER.draw_frame(h.app)
        frame = transcript.RECORDER.frames.pop()
        assert frame.covered() == []
        status = t.readable_regions()["status"]
        runs = [i for i in frame.items if isinstance(i, Run) and "phone" in i]
        assert runs and all(h.app.view.rect(status).inflate(4, 4).contains(i.full) for i in runs)


def test_the_status_line_is_the_tables_own_while_the_person_here_acts(home):
    with phone_table(home, phones=(2,)) as (h, s, server):
        h.step()
        h.key(pygame.K_ESCAPE)
        h.step(n=3)
        t = h.table
        t.phone_status.ctx = t.phone_status.ctx._replace(to_act=lambda: (0, 2))     # a window for both
        t.phone_status.ctx = t.phone_status.ctx._replace(at_screen_acts=lambda: True)
        assert t.phone_status.line() is None
        assert not t.phone_status.pressed_p()          # a game's own P (Death's Play) keeps its meaning


def status(seats, to_act, at_screen=False, over=False, session=True):
    """A PhoneStatus over a fake session (``seats``: (seat, held, connected))."""
    names = {1: "Bram", 2: "Cleo", 3: "Dario", 4: "Eve", 5: "Fay"}
    match = SimpleNamespace(is_phone=lambda s: s in {x for x, _h, _c in seats})
    fake = SimpleNamespace(match=match, seats=lambda: [PhoneSeat(s, names[s], "#0072B2", h, c) for s, h, c in seats])
    opened = []
    ctx = PhoneStatusContext(match=match, session=lambda: fake if session else None, to_act=lambda: to_act,
                             name=names.__getitem__, over=lambda: over, at_screen_acts=lambda: at_screen,
                             still=lambda: True,
                             zones=lambda: [], open_card=opened.append, redraw=lambda: None)
    return PhoneStatus(ctx), opened


def test_the_status_lines_each_case():
    one = [(1, True, False), (2, True, True), (3, False, False), (4, True, True), (5, False, False)]
    assert status(one, (1,))[0].line() == \
        "Waiting for Bram's phone: it is not connected. Press P for the join card."
    assert status(one, (1, 3))[0].line() == \
        "Waiting for the phones of Bram and Dario: they are not connected. Press P for the join card."
    assert status(one, (1, 2, 3, 5))[0].line() == \
        "Waiting for the phones of Bram, Dario and Fay: they are not connected. Press P for the join card."
    many = [(s, False, False) for s in range(1, 6)]
    assert status(many, (1, 2, 3, 4, 5))[0].line() == \
        "Waiting for 5 phones: they are not connected. Press P for the join card."
    assert status(one, (2,))[0].line() == "Cleo is choosing on their phone."
    assert status(one, (2, 4))[0].line() == "Cleo and Eve are choosing on their phones."
    every = [(s, True, True) for s in range(1, 6)]
    assert status(every, (1, 2, 3, 4, 5))[0].line() == "5 players are choosing on their phones."
    assert status(one, (0,))[0].line() is None                       # no phone seat acts
    assert status(one, (1,), at_screen=True)[0].line() is None       # the person here acts: the table's line
    assert status(one, (1,), over=True)[0].line() is None
    # with no session of this table's (none in the App) no phone is known to be missing
    assert status(one, (1,), session=False)[0].line() == "Bram is choosing on their phone."
    assert status(one, (1,))[0].tone() == "call" and status(one, (2,))[0].tone() == ""


def test_the_card_opens_by_itself_once_and_only_for_a_seat_nobody_holds():
    held = [(1, True, True)]
    part, opened = status(held, (0,))
    part.update([])
    assert opened == []
    part, opened = status([(1, True, True), (2, False, False)], (0,))
    buttons: list = []
    part.update(buttons)
    part.update(buttons)
    assert opened == [True] and buttons == [part.button]
    part, opened = status([(2, False, False)], (0,), session=False)
    part.update([])
    assert opened == [] and not part.pressed_p()


def test_a_session_of_another_match_is_not_this_tables():
    part, _opened = status([(1, False, False)], (1,))
    part.ctx = part.ctx._replace(match=SimpleNamespace(is_phone=lambda s: s == 1))
    assert not part.shown() and part.line() == "Bram is choosing on their phone.", "its seats' phones are not ours"


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_card_and_the_phone_lines_fit_in_every_language(home, rec, size):
    """The fit checks (tests/app/fit_checks.py) on the card (a few rows, and twenty in two
    columns) and the status lines, in each language in the App (``App.set_language``)."""
    from fit_checks import Sweep, phone_screens
    from game.app import transcript
    from game.app.headless import HeadlessApp
    from game.core import i18n

    english, report = None, {}
    try:
        for lang in ["en", "it", "fr", "es", "de", "pt"]:
            transcript.CUT.clear()
            transcript.BROKEN.clear()
            sw = Sweep(size)
            h = HeadlessApp(size=size, speed="off", home=str(home / lang))
            try:
                phone_screens(h, sw, lang)
                assert i18n.current_language() == lang
            finally:
                h.close()
            english = english or sw
            assert sw.points == 12
            found = sw.compare(english)
            if found:
                report[lang] = found
    finally:
        i18n.set_language("en")
    assert not report, report


def test_the_card_that_opened_by_itself_closes_once_every_phone_seat_has_its_phone(home):
    from game.app.scenes import phones as card_mod

    with phone_table(home) as (h, s, server):
        h.step()
        assert card(h) is not None and card(h).auto
        a, b = Phone(server), Phone(server)
        try:
            assert a.join(1)["t"] == "joined"
            assert wait_for(h, lambda: card(h) is not None and card(h).shown_seats[0].connected)
            h.step(dt=card_mod.AUTO_CLOSE + 1, n=2)
            assert card(h) is not None, "one phone of two: the card stays"
            assert b.join(2)["t"] == "joined"
            assert wait_for(h, lambda: card(h) is None or all(p.connected for p in card(h).shown_seats))
            h.step(dt=0.5, n=int(card_mod.AUTO_CLOSE / 0.5) + 2)
            assert card(h) is None and h.scene is h.table, "every phone seat joined: the game goes on"
            # opened by hand (the Phones button), it stays until closed
            h.table.phone_status.open_card()
            h.step(dt=0.5, n=int(card_mod.AUTO_CLOSE / 0.5) + 2)
            assert card(h) is not None and not card(h).auto
        finally:
            a.close()
            b.close()
