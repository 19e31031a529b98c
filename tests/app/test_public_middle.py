"""The public table's middle is larger (issue 28, the trials: "the middle is small").  The big
screen with nobody at it is read from a sofa, so what everyone watches in its middle (MasterBluff's
deck, pile and declaration; Death's deck and discard; King Thief Minister's treasury; Fireball
Court's Court, its status line moved below it) is drawn
larger where the seats around it leave room: the layout's ``public_zoom`` layer maps the middle
(``from``) onto a larger place (``to``), and the table kit draws it there, flies cards to it
there and keeps it readable there (``game/app/table/zoom.py``).  Checked here: at every number
of players the middle as drawn is clear of every seat's plate, hand, count, coins and spot and
of the status line, at least a quarter larger each way than the layout's; the cards and words
drawn in it are larger than at a person's table; and a person's table keeps its middle."""
from __future__ import annotations

import pygame
import pytest

import game.rules  # noqa: F401  (declares every game)
from game.core import registry

#: game -> the shared zones of its middle
MIDDLE = {"masterbluff": ("pile", "banner", "deck"), "death": ("deck", "discard"), "ktm": ("treasury",),
          "court": tuple(f"court_{i}" for i in range(12))}
#: the least the middle grows each way at the public table (Fireball Court's Court: the seats'
#: captures beside it and the score and log leave it 1.17)
GROWTH = {"court": 1.15}


@pytest.fixture(autouse=True)
def _no_server(monkeypatch):
    monkeypatch.setenv("CROWNTABLE_PHONE_ADDRESS", "127.0.0.1")
    monkeypatch.setattr("game.app.main.App.open_phones", lambda self, match: None)


def table(home, game: str, seats: str, seed: int = 5):
    from game.app.headless import HeadlessApp
    from game.app.main import parse_seats
    from game.match import Match

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    m = Match(game, parse_seats(seats), seed=seed)
    h.app.start_table(match=m)
    h.step(0.0)
    return h, m, h.table


@pytest.mark.parametrize("game", sorted(MIDDLE))
def test_the_public_middle_is_larger_and_clear_of_every_seat_at_every_count(home, game):
    """The middle's zones as the public table draws them (its readable regions) are at least
    ``GROWTH`` (1.25) times the layout's each way, and clear of everything else that must stay readable
    (each seat's plate, hand count, token, coins, spot, an empty spot's label, the status line) and
    of each seat's hand, at every number of players."""
    from game.app import layout as lay

    spec = registry.get(game)
    shared = lay.load(game).layers["shared"]
    h = None
    try:
        for n in range(spec.min_players, spec.max_players + 1):
            if h is not None:
                h.close()
            h, m, t = table(home, game, ",".join(["phone"] * n))
            assert t.public
            regions = t.readable_regions()
            middle = [name for name in MIDDLE[game] if name in regions]     # (an empty Court place is felt)
            assert middle, f"{game} {n}p: no middle"
            for name in middle:
                z, was = regions[name], t.layout.shared(name)
                assert z.w >= GROWTH.get(game, 1.25) * was.w and z.h >= GROWTH.get(game, 1.25) * was.h, \
                    f"{game} {n}p: the public table's {name} is {z.size}, the layout's {was.size} ({shared[name]})"
            others = {k: r for k, r in regions.items() if k not in MIDDLE[game]}
            others.update({f"hand:{s}": t.zone(s, "hand") for s in range(n)})
            for name in middle:
                for k, r in others.items():
                    assert not regions[name].colliderect(r), f"{game} {n}p: the public {name} {regions[name]} meets {k} {r}"
    finally:
        if h is not None:
            h.close()


def _tallest(frame, view, region: pygame.Rect, want) -> int:
    """The tallest item ``want(item)`` drawn with its centre in ``region`` (layout units)."""
    box = view.rect(region)
    return max((b.h for item, b in frame.spans if want(str(item)) and box.collidepoint(b.center)), default=0)


#: game -> (seats at the public table, at a person's table (one person, no curtain); the middle's
#: zone; what is measured in it)
DRAWN = {
    "masterbluff": ("phone,phone,phone,phone", "human,ai,ai,ai", "banner", lambda s: s == "text:Free turn"),
    "death": ("phone,phone,phone", "human,ai,ai", "deck", lambda s: s.startswith("back")),
    "ktm": ("phone,phone,phone,phone", "human,ai,ai,ai", "treasury", lambda s: s.startswith("text:Treasury")),
    "court": ("phone,phone", "human,ai", "court_0", lambda s: s.startswith("face")),
}


@pytest.mark.parametrize("game", sorted(DRAWN))
def test_the_public_middle_draws_its_cards_and_words_larger_than_a_persons_table(home, rec, game):
    """The middle's cards (Death's deck) and words (MasterBluff's declaration, "Free turn" at the
    start; the treasury's) are drawn at least ``GROWTH`` (1.25) times as tall at the public table as at a
    person's table, and a person's table keeps the layout's middle."""
    public, person, zone, want = DRAWN[game]
    tall = {}
    for seats in (public, person):
        h, m, t = table(home, game, seats)
        try:
            assert t.public == (seats == public)
            if not t.public:
                assert t.zoom is None and t.readable_regions()[zone].size == t.table.game_readable().get(
                    zone, t.layout.shared(zone)).size
            h.step(n=3)
            del rec.frames[:]
            rec.draw_frame(h.app)
            tall[seats] = _tallest(rec.frames[-1], h.app.view, t.readable_regions()[zone].inflate(20, 20), want)
        finally:
            h.close()
    assert tall[person] > 0, f"{game}: nothing measured in the {zone} at a person's table"
    assert tall[public] >= GROWTH.get(game, 1.25) * tall[person], f"{game}: the public {zone} drawn {tall[public]} px tall, a person's {tall[person]}"


def test_a_tip_at_the_public_middle_explains_what_is_drawn_there(home):
    """The pointer's tips follow the larger middle: at MasterBluff's public table a point on the
    declaration as drawn (and on the pile as the layout has it) explains the declaration."""
    h, m, t = table(home, "masterbluff", "phone,phone,phone")
    try:
        banner = t.readable_regions()["banner"]
        p = (banner.x + 20, banner.bottom - 20)
        assert t.layout.shared("pile").collidepoint(p) and not t.layout.shared("banner").collidepoint(p)
        spot = t.help_spot_at(p)
        assert spot is not None and spot.key[0] == "banner", spot
    finally:
        h.close()


def test_a_card_flies_to_the_public_middle_where_it_is_drawn(home):
    """A flight to the middle lands where the public table draws it, at its size there (a card
    laid on MasterBluff's pile), and a flight between seats is as laid out."""
    h, m, t = table(home, "masterbluff", "phone,phone,phone")
    try:
        pile, drawn = t.layout.shared("pile"), t.readable_regions()["pile"]
        seat = t.zone(0, "hand").center
        fl = t.fly(seat, pile.center, 60, 96)
        assert fl.start == seat and fl.width == 60
        assert drawn.collidepoint(fl.end) and abs(fl.end[0] - drawn.centerx) <= 1 and abs(fl.end[1] - drawn.centery) <= 1
        assert fl.end_width == pytest.approx(96 * drawn.w / pile.w, rel=0.02)
        other = t.zone(1, "hand").center
        assert t.fly(seat, other, 60, 60).end == other
    finally:
        h.close()
