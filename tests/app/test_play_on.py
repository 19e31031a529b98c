"""MasterBluff's 'play on for places' option, from the setup scene to the results."""
from __future__ import annotations

from game.app.scenes.results import ResultsScene
from game.app.games.masterbluff import END_CHOICES
from game.app.scenes.setup import KINDS, SetupScene
from game.app.widgets import Segmented


def test_setup_offers_play_on_and_the_game_ranks_every_seat(harness):
    h = harness.menu()
    h.click(h.app.view.rect(h.scene.game_buttons[-1].rect).center)
    s = h.scene
    assert isinstance(s, SetupScene)
    s.count_choice.set(1)                                   # 4 players
    for i in range(1, 4):
        s.kinds[i] = KINDS.index("Normal")                  # quick AIs (the heuristic)
    ending = next(w for w in s.widgets if isinstance(w, Segmented) and w.options == [lbl for _v, lbl in END_CHOICES])
    h.click(h.app.view.rect(ending.buttons[1].rect).center)   # "Play on for places", by mouse
    h.click(h.app.view.rect(s.widgets[-1].rect).center)        # Start
    h.step()
    t = h.table
    assert t.match.record.options == {"play_on": True}
    assert h.autoplay(lambda: isinstance(h.scene, ResultsScene), 400000)
    out = t.match.outcome()
    assert sorted(out.ranks) == [1, 2, 3, 4]
    rows = h.scene.rows
    assert [r[0] for r in rows] == [1, 2, 3, 4]
    # a rematch keeps the option
    h.scene.rematch()
    h.step()
    assert h.table.match.record.options == {"play_on": True}


def test_cli_play_on_flag_reaches_the_match(monkeypatch):
    import game.app.main as app_main
    from game.cli import main as cli

    seen = {}

    def fake_run(**kw):
        seen.update(kw)
        return 0

    monkeypatch.setattr(app_main, "run", fake_run)
    assert cli(["play", "masterbluff", "--seats", "human,ai,ai", "--play-on"]) == 0
    assert seen["options"] == {"play_on": True}


def test_setup_widgets_do_not_overlap_at_five_players(harness):
    h = harness.menu()
    h.click(h.app.view.rect(h.scene.game_buttons[-1].rect).center)
    s = h.scene
    s.count_choice.set(2)
    h.step()
    assert s.players == 5
    rects = [w.rect for w in s.widgets]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_setup_can_seat_the_hard_search_ai(harness):
    h = harness.menu()
    h.click(h.app.view.rect(h.scene.game_buttons[-1].rect).center)
    s = h.scene
    seg = s.rows[1][2]
    h.click(h.app.view.rect(seg.buttons[KINDS.index("Hard")].rect).center)
    h.click(h.app.view.rect(s.widgets[-1].rect).center)        # Start
    h.step()
    t = h.table
    assert [x.level for x in t.match.seats[1:]] == ["hard", "normal"]
    assert h.autoplay(lambda: any(a.seat == 1 for a in t.match.log), 20000)


def test_first_out_wins_results_list_every_seat_with_its_cards_left(harness):
    """'First out wins': the winner first, then every other seat placed by its cards left (the
    fewest first, ties sharing a place; issue 25: they all used to read "2nd"), each with its
    cards left."""
    from game.ai.simulate import play_game

    m = play_game("masterbluff", ["heuristic"] * 4, 4)     # seat 0 ends with the most cards
    out, sizes = m.outcome(), m.observe(None).hand_sizes
    assert out is not None and not m.record.options.get("play_on")
    harness.app.reset(ResultsScene(harness.app), match=m, viewer=0)
    harness.step()
    rows = harness.scene.rows
    assert [r[3] for r in rows][0] == out.winners[0] and sorted(r[3] for r in rows) == [0, 1, 2, 3]
    rest = [r[3] for r in rows[1:]]
    assert rest != sorted(rest)                               # not the seat order: by cards left
    assert [sizes[s] for s in rest] == sorted(sizes[s] for s in rest) and all(sizes[s] > 0 for s in rest)
    for rank, _name, (wide, _short), seat in rows[1:]:
        assert rank == 2 + sum(1 for o in rest if sizes[o] < sizes[seat]) and wide == f"{sizes[seat]} cards left"
    assert len({r[0] for r in rows[1:]}) == len({sizes[s] for s in rest}) > 1
    assert rows[0][2][0] == "no cards left"
