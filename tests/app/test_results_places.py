"""The results screen (issue 25): every seat of every game with its place, from the rules'
outcome or the table's results hook (MasterBluff's losers by the cards they have left, ties
sharing a place); a shared win that includes you says so; a long name fits the panel (smaller,
then wrapped, never cut), checked on the screen transcript's text runs and where they landed."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest

from game.app import transcript
from game.app.games import table_scene
from game.core import registry
from game.core.rules import Outcome
from game.match import Match, SeatSpec

#: every registered game, at the player count PLAYERS gives it (a game missing there fails)
PLAYERS = {"bossquest": 4, "masterbluff": 4, "ktm": 4, "death": 5, "court": 2}
GAMES = [(game, PLAYERS[game]) for game in registry.ids()]
PANEL = pygame.Rect(290, 100, 700, 560)          # ResultsScene.frame, at 1280x720 (layout = window)
LONG = "WWWWWWWWWWWWWWWW"


@pytest.fixture
def rec(monkeypatch):
    """The screen transcript, plus where each recorded text run was blitted on the window."""
    r = transcript.start()
    r.placed = []
    plain = transcript.RecSurface.blit

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        out = plain(self, source, dest, area, special_flags)
        if self is r._target:
            r.placed += [(s, pygame.Rect(out)) for s in transcript._shows(source) if s.startswith("text:")]
        return out
    monkeypatch.setattr(transcript.RecSurface, "blit", blit)
    yield r
    transcript.stop()


def finished(game: str, n: int, seed: int, names=None, kinds=None) -> Match:
    names = names or [f"P{i}" for i in range(n)]
    kinds = kinds or ["human"] + ["ai"] * (n - 1)
    m = Match(game, [SeatSpec(names[i], kinds[i], "easy") for i in range(n)], seed=seed)
    rnd = random.Random(seed)
    while m.outcome() is None:
        m.submit(rnd.choice(list(m.legal(m.to_act()[0]))))
    return m


def results(h, m):
    from game.app.scenes.results import ResultsScene

    scene = ResultsScene(h.app)
    h.app.push(scene, match=m, viewer=0)
    h.step(dt=5.0, n=3)                          # every row shown
    return scene


@pytest.mark.parametrize("game,n", GAMES)
def test_results_list_every_seat_with_its_place_and_its_note(rec, harness, game, n):
    m = finished(game, n, 3)
    scene = results(harness, m)
    table, out, obs = table_scene(game), m.outcome(), m.observe(None)
    ranks = table.result_ranks(out, obs)
    assert sorted(row[3] for row in scene.rows) == list(range(n))
    assert [row[0] for row in scene.rows] == sorted(ranks)           # by place, best first
    assert all(row[0] == ranks[row[3]] >= 1 for row in scene.rows)
    shown = rec.frames[-1].items
    from game.app.scenes.results import ordinal
    for rank, name, notes, seat in scene.rows:
        assert f"text:{name}" in shown and f"text:{ordinal(rank)}" in shown
        if notes[0]:
            assert f"text:{notes[0]}" in shown
    if game == "bossquest":                      # every knight's keys and hearts, as the KTM coins
        for seat in range(n):
            assert any(s.startswith(f"text:{obs.keys[seat]} key") and "heart" in s for s in shown)


def test_masterbluff_places_the_losers_by_the_cards_they_have_left_and_ties_share():
    mb = table_scene("masterbluff")
    out = Outcome(winners=(0,), ranks=(1, 2, 2, 2, 2))
    obs = SimpleNamespace(hand_sizes=(0, 14, 4, 30, 4))
    assert mb.result_ranks(out, obs) == (1, 4, 2, 5, 2)
    # playing on for places: the rules placed everyone, the table keeps it
    played_on = Outcome(winners=(2,), ranks=(3, 2, 1, 4, 5))
    assert mb.result_ranks(played_on, obs) == (3, 2, 1, 4, 5)
    # the other games keep the rules' places
    for game, _n in GAMES:
        if game != "masterbluff":
            o = Outcome(winners=(1,), ranks=(2, 1, 2))
            assert table_scene(game).result_ranks(o, None) == (2, 1, 2)


def test_a_finished_masterbluff_game_shows_no_two_losers_with_different_cards_at_one_place(harness):
    for seed in (1, 2, 3, 4):
        m = finished("masterbluff", 4, seed)
        scene = results(harness, m)
        left = m.observe(None).hand_sizes
        places = {seat: rank for rank, _nm, _n, seat in scene.rows}
        for a in range(4):
            for b in range(4):
                if left[a] < left[b]:
                    assert places[a] < places[b], (seed, left, places)
                elif left[a] == left[b]:
                    assert places[a] == places[b]
        harness.app.stack.pop()


def test_a_shared_win_with_you_in_it_says_so(harness):
    m = finished("death", 5, 3)
    out = m.outcome()
    assert len(out.winners) == 2 and 0 in out.winners       # seed 3: you and P2 share it
    scene = results(harness, m)
    assert scene.headline == "You and P2 share the win!"


@pytest.mark.parametrize("game,n", [("death", 5), ("death", 20), ("masterbluff", 4)])
def test_a_long_name_fits_the_panel_and_is_never_cut(rec, harness, game, n):
    names = [LONG] + [f"{LONG[:15]}{i}" for i in range(1, n)]
    m = finished(game, n, 3, names=names, kinds=["ai"] * n)
    scene = results(harness, m)
    frame = len(rec.frames)
    rec.placed.clear()
    harness.step()
    assert len(rec.frames) == frame + 1
    placed = rec.placed
    words = [s for s, _r in placed]
    assert not any("…" in s for s in words), "a name was cut"
    assert any(LONG in s for s in words)
    headline = [r for s, r in placed if r.bottom < 206 and s != "text:Game over"]   # above the first row
    assert headline and all(PANEL.inflate(-8, -8).contains(r) for r in headline), \
        f"the headline {scene.headline!r} leaves the panel: {headline}"
    for s, r in placed:
        if LONG[:15] in s:
            assert PANEL.contains(r), f"{s!r} at {r} leaves the panel"
            assert r.height >= 12, f"{s!r} drawn {r.height} px high"
    # each row's name stays in its row, clear of its note
    for s, r in placed:
        if s.startswith("text:" + LONG[:15]):
            rows = [q for t, q in placed if t.endswith(("cards left", "tokens", "token", " out", "winner"))
                    and abs(q.centery - r.centery) < 30]
            assert all(not q.colliderect(r) for q in rows), f"{s!r} runs into its row's note"


def test_the_table_s_win_panel_fits_a_long_name_on_two_lines_never_tiny_nor_cut(rec, harness_at):
    """The celebration at the table ("WWWWWWWWWWWWWWWW wins the game!"): it used to shrink to
    fit one line (to 6 px if need be); now it wraps inside the panel, never below 20 px."""
    h = harness_at("normal")
    seats = [SeatSpec(LONG, "ai", "easy"), SeatSpec("You", "human", "easy"), SeatSpec("Cleo", "ai", "easy")]
    h.start(match=Match("bossquest", seats, seed=3))
    t = h.table
    t.celebration, t.celebrate_t = f"{LONG} wins the game!", 1.0
    rec.placed.clear()
    h.step()
    box = pygame.Rect(t.layout.overlay("celebration"))
    v = h.app.view
    box = pygame.Rect(v.pt(box.x, box.y), (v.n(box.w), v.n(box.h)))
    runs = [(s, r) for s, r in rec.placed if s in (f"text:{LONG}", "text:wins the game!")
            and r.colliderect(box)]
    assert {s for s, _r in runs} == {f"text:{LONG}", "text:wins the game!"}, rec.placed
    assert all(box.contains(r) and r.height >= v.n(22) for _s, r in runs), runs
    t.celebrate_t = -1.0
