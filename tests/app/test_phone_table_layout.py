"""The public table's own layout (issue 28): a big screen with phone seats and nobody at it
belongs to nobody.

With a person at the screen the viewer sits at layout position 0: the large hand at the bottom.
At the public table (``Privacy.public``) the table kit lays every seat out as one more opponent
seat (``TableScene._seating``: positions 1..n of a table of n + 1 places, from the layout's
``public_<n>`` layer, else its ``seats_<n+1>``, else its ring), so every seat has the same plate
and the same compact face-down hand with its count, and no seat's hand is the viewer's.  Each
game gets it from its zones alone.  Tables with a person at the screen keep their layout.

The phones' moves go through the table as the App sends them (``TableScene.phone_submit``), with
no phone server (``App.open_phones`` is stubbed); the status line still names who chooses.
"""
from __future__ import annotations

import pygame
import pytest

import game.rules  # noqa: F401  (declares every game)
from game.app.main import App
from game.app.table.ring import ring_zones
from game.core import registry
from fit_checks import play_public

GAMES = ["masterbluff", "court", "death", "ktm", "bossquest"]
PLAYERS = {"masterbluff": 3, "court": 2, "death": 3, "ktm": 4, "bossquest": 3}
NOT_PLACES = ("overlays", "areas", "ring")
OPEN_PHONES = App.open_phones                   # the App's own (the tests here stub it but one)


@pytest.fixture(autouse=True)
def _no_server(monkeypatch):
    monkeypatch.setenv("CROWNTABLE_PHONE_ADDRESS", "127.0.0.1")
    monkeypatch.setattr("game.app.main.App.open_phones", lambda self, match: None)


def table(home, game: str, seats: str, size=(1280, 720), seed: int = 3, lang: str | None = None):
    from game.app.headless import HeadlessApp
    from game.app.main import parse_seats
    from game.match import Match

    h = HeadlessApp(size=size, speed="off", home=str(home))
    if lang is not None:
        assert h.app.set_language(lang) == lang
    h.app.settings.explain_ai = True
    m = Match(game, parse_seats(seats), seed=seed)
    h.app.start_table(match=m)
    h.step(0.0)
    return h, m, h.table


def play(h, m, moves: int, seed: int = 1, each=None) -> None:
    """Up to ``moves`` moves through the table (``fit_checks.play_public``)."""
    play_public(h, m, moves, seed=seed, each=each)


def viewer_hand(t) -> pygame.Rect:
    """The large hand zone a person at this screen would have (layout position 0)."""
    lay = t.layout
    if f"seats_{t.n}" in lay.layers:
        return lay.seat(t.n, 0, "hand")
    if "ring" in lay.layers:                                  # King Thief Minister's spots
        return lay.layers["ring"]["spot_0"].copy()
    return ring_zones(t.n, lay.layers["shared"].get("ring", pygame.Rect(150, 90, 980, 460)))[0]["hand"]


def drawn_widths(frame, view, t) -> dict[int, int]:
    """Per seat, the widest card (face or back) drawn with its centre in that seat's hand zone."""
    out: dict[int, int] = {}
    for seat in range(t.n):
        hz = view.rect(t.zone(seat, "hand"))
        ws = [box.w for item, box in frame.spans
              if item.startswith(("back:", "face:")) and hz.collidepoint(box.center)]
        if ws:
            out[seat] = max(ws)
    return out


# ------------------------------------------------------------------------------ every seat alike
@pytest.mark.parametrize("game", GAMES)
def test_every_seat_is_one_more_opponent_seat_at_the_public_table(home, rec, game):
    """No seat's hand is the large bottom "viewer hand": every seat's hand zone has the same size,
    its cards the same width, none as large as a viewer's hand, and the kit draws no viewer's hand."""
    n = PLAYERS[game]
    h, m, t = table(home, game, ",".join(["phone"] * n))
    try:
        assert t.public
        play(h, m, 6)
        big = viewer_hand(t)
        sizes = {t.zone(s, "hand").size for s in range(n)}
        assert len(sizes) == 1, f"{game}: the seats' hands differ in size at the public table: {sizes}"
        widths = {t.seat_width(s) for s in range(n)}
        assert len(widths) == 1, f"{game}: the seats' cards differ in width: {widths}"
        if game != "ktm":                                   # (its spots are all alike anyway)
            assert all(t.pos_of(s) != 0 for s in range(n)), "a seat sits where the viewer sits"
            assert all(t.zone(s, "hand") != big for s in range(n)), "a seat's hand is the viewer's hand zone"
            assert t.zone(0, "hand").w * t.zone(0, "hand").h < big.w * big.h
        assert t.hand_region() is None                      # no viewer's hand is drawn (nor kept clear)
        del rec.frames[:]
        rec.draw_frame(h.app)
        drawn = drawn_widths(rec.frames[-1], h.app.view, t)
        assert len(drawn) == n, f"{game}: seats with no cards drawn in their hand zone: {sorted(set(range(n)) - set(drawn))}"
        assert max(drawn.values()) <= 1.25 * min(drawn.values()), f"{game}: cards drawn at unlike sizes {drawn}"
        assert max(drawn.values()) < 0.8 * h.app.view.n(t.table.hand_width), f"{game}: a hand drawn at the viewer's size"
    finally:
        h.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_public_seats_fit_the_table_at_every_player_count(home, game):
    """For every player count: a place for every seat (plate and hand), on the table, and no two
    persistent zones (shared and the seats') overlap (Death's ring: up to 20 seats, where the
    empty bottom narrows: ``ring.public_ring_zones``)."""
    spec = registry.get(game)
    counts = range(spec.min_players, spec.max_players + 1)
    h = None
    try:
        for n in counts:
            if h is not None:
                h.close()
            h, m, t = table(home, game, ",".join(["phone"] * n))
            assert t.public
            zones = {f"{w}:{s}": t.zone(s, w) for s in range(n) for w in ("hand", "name")}
            zones.update({f"shared:{k}": r for k, r in t.layout.layers["shared"].items() if k not in NOT_PLACES})
            layer = t._seat_layer
            if layer is not None:
                zones.update({f"seat:{k}": r for k, r in layer.items()})
            table_rect = pygame.Rect(0, 0, 1280, 720)
            for k, r in zones.items():
                assert table_rect.contains(r), f"{game} {n}p: {k} {r} leaves the table"
            keys = list(zones)
            for i, a in enumerate(keys):
                for b in keys[i + 1:]:
                    if zones[a] == zones[b] and (a.startswith("seat:") or b.startswith("seat:")):
                        continue                        # a seat's zone read twice (by name and from its layer)
                    assert not zones[a].colliderect(zones[b]), f"{game} {n}p at the public table: {a} overlaps {b}"
    finally:
        if h is not None:
            h.close()


# ------------------------------------------------------------------------------ others unchanged
@pytest.mark.parametrize("game,seats", [("masterbluff", "human,phone,phone"), ("court", "human,phone"),
                                        ("death", "human,phone,ai"), ("ktm", "human,phone,phone"),
                                        ("bossquest", "human,phone,ai"), ("masterbluff", "human,human,phone"),
                                        ("death", "human,human,ai")])
def test_a_person_at_the_screen_keeps_the_viewers_hand(home, game, seats):
    """A person at the screen beside phones (or hot seat beside a phone): the viewer sits at
    position 0 with the large hand, as before the public layout."""
    h, m, t = table(home, game, seats)
    try:
        assert not t.public
        assert t.pos_of(t.viewer) == 0
        assert t.zone(t.viewer, "hand") == viewer_hand(t)
        assert t.hand.zone == viewer_hand(t)
    finally:
        h.close()


# ------------------------------------------------------------------------------ read from the sofa
PUBLIC = {"masterbluff": "phone,phone,phone,phone,phone", "court": "phone,phone", "death": "phone,ai,phone,phone",
          "ktm": "phone,phone,ai,phone", "bossquest": "phone,phone,ai,phone,phone"}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (960, 540)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_the_public_table_reads_whole_and_uncovered(home, rec, game, size):
    """A stretch of each public table (the most seats a layer of its own serves, an AI among
    phones where the game allows it, the "why?" line on): every text fits its box, none overlaps
    another, none leaves the window, and no overlay covers what is read (the fit and overlay checks
    of tests/app/fit_checks.py and test_overlays.py); in English and in German (the longest words)."""
    from fit_checks import problems

    for lang in ("en", "de"):
        h, m, t = table(home, game, PUBLIC[game], size=size, seed=5, lang=lang)
        bad: list[str] = []

        def look():
            del rec.frames[:]
            rec.draw_frame(h.app)
            f = rec.frames[-1]
            bad.extend(f"{lang} move {len(m.log)}: {p}" for p in problems(f, size) + f.covered())
        try:
            assert t.public
            play(h, m, 24, seed=2, each=look)
            assert len(m.log) >= 10
        finally:
            h.close()
        assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("seats,size", [("phone,phone,phone", 22), ("human,phone,phone", 18)])
def test_the_public_tables_status_line_is_larger(home, monkeypatch, seats, size):
    """The status line ("Bram is choosing on their phone.") is read from the sofa at the public
    table: larger words where one line holds them; a table with a person at the screen keeps its size."""
    import game.app.table.draw as kit_draw

    h, m, t = table(home, "masterbluff", seats)
    try:
        t.phone_status.ctx = t.phone_status.ctx._replace(to_act=lambda: (1,))
        line = t.phone_status.line()
        assert line, "no phone status line"
        drawn = []
        honest = kit_draw.text
        monkeypatch.setattr(kit_draw, "text", lambda surf, a, msg, *args, **kw: (
            drawn.append((msg, args[1])), honest(surf, a, msg, *args, **kw))[1])
        t.draw_status(h.app.screen)
        assert (line, size) in drawn, drawn
    finally:
        h.close()


@pytest.mark.parametrize("game", ["masterbluff", "court", "death"])
def test_the_public_tables_log_is_taller_and_larger_and_a_persons_table_keeps_its_own(home, game):
    """The layout's ``public_shared`` layer moves the log where the viewer's hand has left room, and
    the public table writes it larger; the layout as loaded is untouched, so a table with a person
    at the screen opened afterwards has the log where it was."""
    from game.app import layout as lay

    n = PLAYERS[game]
    before = lay.load(game).shared("log")
    assert lay.load(game).layers["public_shared"]["log"] != before
    h, m, t = table(home, game, ",".join(["phone"] * n))
    try:
        z = t.layout.shared("log")
        assert z == lay.load(game).layers["public_shared"]["log"] and z.h > before.h
        assert (t.log_px, t.log_row) == (18, 25) and t.log_rows() >= 8
        play(h, m, 6)
        assert len(t.log_view()) >= 2
    finally:
        h.close()
    assert lay.load(game).shared("log") == before                    # the cached layout is the same
    h, m, t = table(home, game, ",".join(["human"] + ["phone"] * (n - 1)))
    try:
        assert t.layout.shared("log") == before and (t.log_px, t.log_row) == (16, 22)
    finally:
        h.close()


def test_each_phone_seats_colour_is_on_its_plate_at_the_public_table(home, monkeypatch):
    """At the public table each phone seat's plate carries its colour (the one on its phone and the
    join card: a bar under the name), so each player finds their seat; a person's table has none.
    A real phone session on loopback (no phone joins)."""
    monkeypatch.setattr("game.app.main.App.open_phones", OPEN_PHONES)
    for seats, public in (("phone,phone,phone", True), ("human,phone,phone", False)):
        h, m, t = table(home, "masterbluff", seats)
        try:
            if h.scene is not t:
                h.app.pop()                                  # the join card that opened by itself
            t.pacer.update = lambda dt, submit: None
            h.step(0.1, n=3)
            colours = t.phone_status.colours()
            assert sorted(colours) == [s for s in range(3) if m.is_phone(s)]
            h.app.draw(h.app.screen)
            for seat, value in colours.items():
                nz = t.zone(seat, "name")
                at = h.app.view.pt(nz.centerx, nz.bottom - 5)
                got = h.app.screen.get_at(at)[:3]
                want = tuple(pygame.Color(value))[:3]
                near = all(abs(g - w) <= 12 for g, w in zip(got, want))
                assert near == public, f"{seats}: seat {seat}'s plate at {at} is {got}, its colour {want}"
        finally:
            h.app.open_menu()                               # leaving the table stops its phones
            h.step()
            h.close()
