"""Help at the table (issue 18): hovering a card, spell, character or piece for a moment, or
pressing H on the focused card, shows one line with its picture; nothing hidden or private ever
reaches a tip; the rules screen shows each game's cards and pieces beside the text."""
from __future__ import annotations

import importlib

import pygame
import pytest

import game.rules  # noqa: F401  (declares every game)
from game.app.table.help import HOVER_SECONDS, TIP_MAX_W, TIP_TEXT, HelpSpot
from game.core import registry
from game.core.rng import Rng
from game.match import Match, SeatSpec

SEATS = {"masterbluff": "human,ai,ai", "court": "human,ai", "death": "human,ai,ai,ai",
         "ktm": "human,ai,ai,ai", "bossquest": "human,ai,ai"}
#: every registered game (a game missing from SEATS fails)
GAMES = registry.ids()
FRAMES = round(HOVER_SECONDS * 60) + 3       # a little over the hover time at 60 frames a second


def still_table(h, game: str, seats: str | None = None, seed: int = 3, ais_wait: bool = True):
    h.start(game, seats or SEATS[game], seed=seed)
    t = h.table
    if ais_wait:
        t.pacer.update = lambda dt, submit: None        # the AIs wait: the position holds still
    h.run_until(lambda: not t.busy(), 3000)
    return t


def hover(h, t, p_layout, frames: int = FRAMES) -> HelpSpot | None:
    """Move the pointer onto a layout point (a posted MOUSEMOTION) and let table time pass."""
    h.post_mouse("move", h.app.view.pt(*p_layout), 0)
    h.step(n=frames)
    return t.help_shown()


def hand_point(t):
    key, wp = t.hand.click_points()[0]
    return key, t.app.view.logical(wp)


def public_spot(t, game: str) -> HelpSpot:
    """A public thing on the table with its expected tip (face up or a piece)."""
    want = {"masterbluff": "token", "court": "court", "death": "deck", "ktm": "treasury", "bossquest": "perfect"}[game]
    spots = [s for s in t.table.help_spots() if s.key[0] == want and not s.private]
    assert spots, f"{game}: no {want} on the table"
    return spots[0]


# ---------------------------------------------------------------- hovering
@pytest.mark.parametrize("game", ["masterbluff", "court", "death"])
def test_hovering_a_hand_card_shows_its_line_after_a_moment(harness, game):
    h = harness
    t = still_table(h, game)
    key, p = hand_point(t)
    face = t.hand.face(key)
    assert hover(h, t, p, frames=10) is None                  # not at once: after ~0.6 s
    shown = hover(h, t, p, frames=FRAMES - 10)
    assert shown is not None and shown.line == t.table.help_line(face) and shown.art == ("face", face)
    assert shown.line                                            # one line that says something
    h.post_mouse("move", (2, 700), 0)                          # off the card: the tip goes
    h.step(n=2)
    assert t.help_shown() is None


@pytest.mark.parametrize("game", GAMES)
def test_hovering_a_public_thing_shows_its_line(harness, game):
    h = harness
    t = still_table(h, game)
    spot = public_spot(t, game)
    p = spot.rect.center
    assert t.help_spot_at(p).key == spot.key
    shown = hover(h, t, p)
    assert shown is not None and shown.key == spot.key and shown.line == spot.line


def test_the_lines_say_what_the_issue_asks(harness):
    """The issue's own examples, as Crown Table's rules have them (RULINGS.md)."""
    from game.app.games import bossquest_help, death_help, ktm_help

    assert death_help.line(None, "thief") == \
        "Thief 3: on your turn, look at a later player's card, then swap with it or keep yours."
    assert ktm_help.line(None, "thief") == "Thief: claim it to take 1 coin from the nearest player on each side."
    h = harness
    t = still_table(h, "bossquest")
    perfect = public_spot(t, "bossquest")
    assert perfect.line == f"PERFECT: a strength equal to the HP, {t.shown.boss_hp}, wins one more key."


def test_h_shows_the_focused_card_at_once(harness):
    h = harness
    t = still_table(h, "court")
    h.post_mouse("move", (2, 300), 0)                          # the pointer on nothing
    h.step()
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_RIGHT)
    key = t.hand.focused()
    assert key is not None
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key[0] == "hand" and shown.key[1] == key
    assert shown.line == t.table.help_line(t.hand.face(key))
    h.key(pygame.K_RIGHT)                                        # another key: the tip goes
    assert t.help_shown() is None


@pytest.mark.parametrize("game", ["ktm", "bossquest"])
def test_h_without_a_focused_card_explains_what_is_pointed_at(harness, game):
    h = harness
    t = still_table(h, game)
    spot = public_spot(t, game)
    h.post_mouse("move", h.app.view.pt(*spot.rect.center), 0)
    h.step()
    assert t.help_shown() is None
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key == spot.key


# ---------------------------------------------------------------- privacy
def tips(t) -> list:
    """Every tip the table could show now: its things, the opponents' backs, the hand."""
    out = [(s.key, s.art, s.line, tuple(s.rect), s.private) for s in t.table.help_spots() + t.hand_back_spots()]
    return out + [(s.key, s.art, s.line) for s in map(t.hand_spot, t.hand.keys()) if s is not None]


def other_worlds(t, n: int = 8) -> list:
    """States that differ from the real one only in what the viewer cannot see (the rules'
    ``determinize`` from the viewer's observation)."""
    rules, obs = t.match.rules, t.obs()
    worlds = [rules.determinize(obs, Rng(k)) for k in range(n)]
    for w in worlds:
        assert rules.observe(w, t.viewer) == obs
    return [w for w in worlds if w != t.match.state]


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_never_reach_a_tip(harness, game, monkeypatch):
    """Two worlds the viewer cannot tell apart give the same tips, and hovering every
    face-down thing gives the same words; a planted leak (a tip that reads the match's state)
    makes the same comparison fail."""
    h = harness
    t = still_table(h, game)
    real = t.match.state
    worlds = other_worlds(t)
    assert worlds, f"{game}: no other world to compare"
    seen = tips(t)
    hovered = {}
    for s in t.table.help_spots() + t.hand_back_spots():
        if s.art and s.art[0] == "back":
            got = hover(h, t, s.rect.center)
            hovered[s.rect.center] = None if got is None else (got.key, got.line, got.art)
    assert hovered, f"{game}: nothing face down to hover"
    for w in worlds:
        t.match.state = w
        t.shown = t.table.view_from(t.obs())
        t.sync_hand()
        assert tips(t) == seen
        for p, want in hovered.items():
            got = hover(h, t, p)
            assert (None if got is None else (got.key, got.line, got.art)) == want
    # the same check catches a tip that peeks
    cls = type(t.table)
    honest = cls.help_spots
    monkeypatch.setattr(cls, "help_spots", lambda self: honest(self) + [
        HelpSpot(("leak",), pygame.Rect(0, 0, 1, 1), None, repr(self.kit.match.state)[:4000])])
    t.match.state = real
    leaky = tips(t)
    t.match.state = worlds[0]
    assert tips(t) != leaky


def test_a_face_down_opponent_card_says_only_that_it_is_face_down(harness):
    from game.app.games.death_help import HELD_LINE

    h = harness
    t = still_table(h, "death")
    downs = [s for s in t.table.help_spots() if s.key[0] == "card" and s.key[2] is None]
    assert downs
    for s in downs:
        assert s.art == ("back",) and s.line == HELD_LINE and not s.private


def test_behind_the_hot_seat_curtain_nothing_shows(harness):
    h = harness
    t = still_table(h, "masterbluff", "human,human,ai", ais_wait=False)
    h.run_until(lambda: t.curtain_for is not None, 3000)
    assert t.curtain_for is not None
    for p in [c.center for c in (t.zone(t.viewer, "hand"), t.zone(t.viewer, "token"), t.layout.shared("pile"))]:
        assert hover(h, t, p) is None
        h.key(pygame.K_h)
        assert t.help_shown() is None
    # the curtain lifted: the hand's tips are the person's own
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 600)
    assert t.curtain_for is None
    key, p = hand_point(t)
    assert hover(h, t, p) is not None
    # their screen hidden again (they acted): no hand tip, nothing private
    t.privacy.hidden = True
    t.sync_hand()
    assert hover(h, t, p) is None
    assert all(not s.private for s in [t.help_spot_at(s.rect.center) for s in t.table.help_spots()] if s is not None)


def test_death_hot_seat_hides_a_card_the_viewer_learnt(harness):
    """A card the viewer learnt (their private knowledge) shows in a tip only while may_see()."""
    h = harness
    t = still_table(h, "death", "human,human,ai", ais_wait=False)
    h.run_until(lambda: t.curtain_for is not None, 3000)
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 600)
    seat = next(s for s in range(t.n) if s != t.viewer and not t.shown.face_up[s])
    t.shown.cards[seat] = 5                       # as if the viewer had learnt it (an exchange, a look)
    mine = [s for s in t.table.help_spots() if s.key[:2] == ("card", seat)]
    assert mine and mine[0].private and mine[0].art == ("face", "bard")
    t.privacy.hidden = True
    hidden = [s for s in t.table.help_spots() if s.key[:2] == ("card", seat)]
    assert hidden[0].art == ("back",) and not hidden[0].private


# ---------------------------------------------------------------- every line fits one line
@pytest.mark.parametrize("game", GAMES)
def test_every_line_fits_one_tip_line(harness, game):
    from game.app.games import bossquest_help, court_help, death_help, ktm_help, masterbluff_help

    h = harness
    t = still_table(h, game)
    font = h.app.fonts.get(h.app.view.n(TIP_TEXT))
    room = TIP_MAX_W - 28 - 44 - 12
    mod = {"masterbluff": masterbluff_help, "court": court_help, "death": death_help, "ktm": ktm_help,
           "bossquest": bossquest_help}[game]
    lines = [v for k, v in vars(mod).items() if k.endswith("_LINE") and isinstance(v, str)]
    lines += [v for k, v in vars(mod).items() if k.endswith("_LINES") for v in v.values()]
    lines += [s.line for s in t.table.help_spots() + t.hand_back_spots()]
    assert len(lines) >= 5
    for ln in lines:
        w = font.size(ln.format(n=12, hp=24, weapon="yellow 7", value=7))[0] / h.app.view.s
        assert w <= room, (ln, w)


@pytest.mark.parametrize("game", GAMES)
def test_the_tip_stays_on_screen_and_off_the_thing(harness, game):
    h = harness
    t = still_table(h, game)
    for s in t.table.help_spots() + t.hand_back_spots() + [t.hand_spot(k) for k in t.hand.keys()]:
        if s is None:
            continue
        r = t.help_rect(s)
        assert pygame.Rect(0, 0, 1280, 720).contains(r), (s.key, r)
        assert not r.colliderect(s.rect), (s.key, r, s.rect)


# ---------------------------------------------------------------- the rules screen's pictures
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_screen_draws_the_games_pictures(harness, game, monkeypatch):
    from game.app.scenes.rules import RulesScene

    h = harness
    s = RulesScene(h.app)
    h.app.push(s, game=game)
    h.step()
    tiles = importlib.import_module(f"game.app.games.{game}_help").gallery()
    assert len(s.tiles) == len(tiles) >= 6
    drawn = []
    real = s.tile_image
    monkeypatch.setattr(s, "tile_image", lambda art: (drawn.append(art), real(art))[1])
    # scroll page by page to the end: every picture is drawn at least once, with its name
    while True:
        h.app.draw(h.app.screen)
        if s.scroll >= s.max_scroll():
            break
        h.key(pygame.K_PAGEDOWN)
    assert {a for a, _n in tiles} <= set(drawn)
    assert all(real(a) is not None for a, _n in tiles)
    # at the end both columns have reached their last row: the last picture and line are in view
    last = s.tile_rects()[-1][3]
    assert last.bottom <= s.VIEW.bottom + 2
    assert s.VIEW.y + 8 - s.scroll + (len(s.lines) - 1) * s.line_h < s.VIEW.bottom
    # draw changes nothing
    before = (s.scroll, s.gallery_scroll(), len(s.tiles))
    h.app.draw(h.app.screen)
    assert (s.scroll, s.gallery_scroll(), len(s.tiles)) == before


def test_h_on_king_thief_ministers_chosen_card(harness):
    """King Thief Minister has no hand: H explains the card chosen with ←/→ (face down: only that)."""
    from game.app.games.ktm_help import SPOT_LINE

    h = harness
    t = still_table(h, "ktm")
    h.post_mouse("move", (2, 300), 0)
    h.step()
    h.key(pygame.K_LEFT)
    assert t.table.focus is not None
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key[:2] == ("spot", t.table.focus)
    assert shown.line == SPOT_LINE and shown.art == ("back",)


@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_play_never_shows_a_private_tip_to_the_wrong_screen(harness_at, game):
    """Two people at one screen play on (Enter lifts each curtain) while the pointer rests on
    random spots and H is pressed now and then: in every frame a tip on show is never behind
    the curtain, never private while the screen is not its person's, and it does show."""
    import random

    h = harness_at("fast")
    seats = {"court": "human,human"}.get(game, "human,human,ai")
    h.start(game, seats, seed=5)
    t = h.table
    rng, shown = random.Random(7), 0
    for frame in range(1000):
        if h.scene is not t:
            break
        if frame % 50 == 0:          # onto a thing on the table, a hand card, or anywhere
            things = [s.rect.center for s in t.table.help_spots()] + \
                [t.app.view.logical(p) for _k, p in t.hand.click_points()]
            p = rng.choice(things) if things and rng.random() < 0.8 else (rng.randrange(1280), rng.randrange(720))
            h.post_mouse("move", h.app.view.pt(*p), 0)
        if frame % 53 == 0:
            h.key(pygame.K_h)
        if frame % 5 or not h.play_once():
            h.step()
        tip = t.help_shown()
        if tip is not None:
            shown += 1
            assert t.curtain_for is None and (not tip.private or t.may_see()), (frame, tip)
    assert shown > 0


def test_a_clicked_card_shows_no_tip_until_the_pointer_leaves_it(harness):
    """A click (to select a card) hides the tip, and the pointer resting on that card after it
    does not bring the tip back; moving onto another thing and back does."""
    h = harness
    t = still_table(h, "masterbluff")
    key, p = hand_point(t)
    assert hover(h, t, p) is not None
    h.post_mouse("down", h.app.view.pt(*p))
    h.post_mouse("up", h.app.view.pt(*p))
    assert hover(h, t, p, frames=FRAMES * 2) is None              # resting on the clicked card
    h.post_mouse("move", (2, 700), 0)
    h.step(n=2)
    assert hover(h, t, p) is not None                             # left it and came back
