"""Every unfinished game is kept in its own save and reachable from the menu (issue 14).

Before: each game had one autosave, starting a game replaced it without asking, and
the menu offered only the newest save.  Now a new game takes a save name of its own,
the menu lists every unfinished game (resume or delete, with a confirm), and choosing
a game that has an unfinished one asks first.
"""
from __future__ import annotations

import os
import time

import pygame

from game.ai import make_agent
from game.app.main import parse_seats
from game.app.resources import user_dir
from game.app.scenes.confirm import ConfirmScene
from game.app.scenes.menu import MenuScene
from game.app.scenes.saves import ROWS, SavesScene
from game.app.scenes.setup import SetupScene
from game.core.rng import Rng
from game.match import Match
from game.match.saves import free_save_path, save_files


def make_save(game: str, seats: str, seed: int, moves: int, age: float = 0.0):
    """An unfinished game of ``moves`` random AI moves, saved under a free name (``age``
    seconds old); returns (path, match)."""
    m = Match(game, parse_seats(seats), seed=seed)
    agent, rng = make_agent(game, "random"), Rng(seed)
    while len(m.log) < moves and m.outcome() is None:
        seat = m.to_act()[0]
        m.submit(agent.act(m.observe(seat), m.legal(seat), rng))
    assert m.outcome() is None
    path = free_save_path(user_dir(), game)
    m.save(path)
    when = time.time() - age
    os.utime(path, (when, when))
    return path, m


def same_game(match, saved) -> bool:
    """``match`` is ``saved`` resumed: same deal, its moves first (an AI may have moved since)."""
    return (match.game == saved.game and match.record.seed == saved.record.seed
            and match.log[:len(saved.log)] == saved.log)


def click(h, widget):
    h.click(h.app.view.rect(widget.rect).center)
    h.step()


def button(scene, label):
    return next(w for w in scene.widgets if getattr(w, "label", None) == label)


def play_a_little(h, n=2):
    t = h.table
    assert h.autoplay(lambda: len(t.match.log) >= n and not t.busy(), 4000)
    return t.match


def resume_from_list(h, path):
    """Menu -> Unfinished games -> the row of ``path``: the table of that game."""
    h.menu()
    m = h.scene
    click(h, m.saves_button)
    s = h.scene
    assert isinstance(s, SavesScene)
    row = next(r for r in s.rows if r.save.path == path)
    click(h, row)
    h.step()
    assert h.table is not None
    return h.table


def test_two_unfinished_games_of_the_same_game_are_both_kept_and_resumable(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=9)
    first = play_a_little(h)
    first_log = list(first.log)
    # a second MasterBluff from the menu: it asks, then "New game" keeps the first one
    h.menu()
    m = h.scene
    click(h, next(b for b in m.game_buttons if b.game == "masterbluff"))
    c = h.scene
    assert isinstance(c, ConfirmScene) and "unfinished game of MasterBluff" in " ".join(
        ln if isinstance(ln, str) else ln[0] for ln in c.lines)
    click(h, button(c, "New game"))
    s = h.scene
    assert isinstance(s, SetupScene)
    s.seed.value = "4"
    click(h, s.start_button)
    h.step()
    second = play_a_little(h, 3)
    assert second is not first and second.record.seed == 4
    files = save_files(user_dir(), ["masterbluff"])
    assert len(files) == 2                                    # both kept, each in its own file
    assert sorted(len(Match.load(p).log) for p in files) == sorted([len(first_log), len(second.log)])
    # both listed, and each resumes exactly where it was
    h.menu()
    assert len(h.scene.saves) == 2 and h.scene.saves_button.enabled
    for p in files:
        saved = Match.load(p)
        t = resume_from_list(h, p)
        assert same_game(t.match, saved)
        assert h.app.autosave_path("masterbluff") == p        # it keeps saving in its own file


def test_unfinished_games_of_different_games_are_all_listed_and_resumable(harness):
    h = harness
    a, ma = make_save("masterbluff", "human,ai,ai", 3, 4, age=300)
    b, mb = make_save("court", "human,ai", 5, 6, age=200)
    c, mc = make_save("ktm", "human,ai,ai", 7, 5, age=100)
    h.menu()
    m = h.scene
    assert [s.path for s in m.saves] == [c, b, a]              # newest first
    assert m.saves_button.label == "3 unfinished games"
    assert [x["game"] for x in h.app.probe_state()["menu"]["saves"]] == ["ktm", "court", "masterbluff"]
    click(h, m.continue_button)                                # Continue: the newest
    assert h.table is not None and same_game(h.table.match, mc)
    for path, saved in ((a, ma), (b, mb)):
        t = resume_from_list(h, path)
        assert same_game(t.match, saved)


def test_the_list_says_game_players_round_and_time(harness):
    h = harness
    make_save("death", "human,human,ai,ai,ai", 3, 12, age=3600 * 30)
    make_save("masterbluff", "human,ai,ai", 3, 4)
    h.menu()
    click(h, h.scene.saves_button)
    s = h.scene
    death = next(r for r in s.rows if r.save.game == "death")
    title, players, progress, when = death.lines
    assert title == "Death over the Kingdom"
    # the players with their public score (issue 25: saves of one game looked the same)
    assert players.startswith("Tokens: Player 1 (") and all(
        f"{n} (" in players for n in ("Player 2", "Cleo", "Dario", "Esme"))
    assert progress.startswith("Round ") and " of " in progress  # from the public observation
    assert when.startswith("yesterday") or when[:4].isdigit()
    mb = next(r for r in s.rows if r.save.game == "masterbluff")
    assert mb.lines[2] == "4 moves" and mb.lines[3].startswith("today ")
    assert mb.lines[1].startswith("Cards left: You (")
    h.screenshot(user_dir() / "saves.png")


def test_two_court_saves_with_different_scores_get_different_lines(harness):
    """Several Fireball Court games by the same players, saved in the same minute, looked the
    same in the list: their scores (and the round) now tell them apart."""
    from game.app.saved import SavedGame, summary

    h = harness
    saves = []
    for seed in range(1, 40):
        path, m = make_save("court", "human,ai", seed, 60)
        if any(x[1].observe(None).totals == m.observe(None).totals for x in saves):
            path.unlink()
            continue
        saves.append((path, m))
        if len(saves) == 2:
            break
    assert len(saves) == 2
    (pa, a), (pb, b) = saves
    assert a.observe(None).totals != b.observe(None).totals
    now = time.time()
    la = summary(SavedGame(pa, a, now), now=now)
    lb = summary(SavedGame(pb, b, now), now=now)
    assert la != lb and "Points: " in la and "Points: " in lb
    h.menu()
    click(h, h.scene.saves_button)
    rows = [r for r in h.scene.rows if r.save.game == "court"]
    assert len(rows) == 2 and rows[0].lines != rows[1].lines
    assert all(r.lines[1].startswith("Points: You (") for r in rows)
    assert all(":" in r.lines[3] for r in rows)                   # the time with its minutes
    h.screenshot(user_dir() / "saves_court.png")


def test_starting_a_game_that_has_an_unfinished_one_asks_first(harness):
    h = harness
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    before = path.read_bytes()
    h.menu()
    m = h.scene
    mb = next(b for b in m.game_buttons if b.game == "masterbluff")
    click(h, mb)
    c = h.scene
    assert isinstance(c, ConfirmScene)
    assert [b.label for b in c.widgets] == ["Continue it", "New game", "Cancel"]
    click(h, button(c, "Cancel"))                              # nothing happens
    assert h.scene is m and path.read_bytes() == before
    click(h, mb)
    h.key(pygame.K_ESCAPE)                                     # Esc cancels too
    assert h.scene is m
    click(h, mb)
    click(h, button(h.scene, "Continue it"))                   # resumes that game
    assert h.table is not None and same_game(h.table.match, saved)
    # a game with no unfinished one goes straight to its setup
    h.menu()
    click(h, next(b for b in h.scene.game_buttons if b.game == "court"))
    assert isinstance(h.scene, SetupScene)


def test_several_unfinished_of_one_game_the_question_offers_the_list_of_that_game(harness):
    h = harness
    make_save("masterbluff", "human,ai,ai", 3, 4, age=50)
    make_save("masterbluff", "human,ai,ai,ai", 4, 2)
    make_save("court", "human,ai", 5, 3)
    h.menu()
    click(h, next(b for b in h.scene.game_buttons if b.game == "masterbluff"))
    c = h.scene
    assert isinstance(c, ConfirmScene) and [b.label for b in c.widgets] == ["Choose one", "New game", "Cancel"]
    click(h, button(c, "Choose one"))
    s = h.scene
    assert isinstance(s, SavesScene) and {r.save.game for r in s.rows} == {"masterbluff"} and len(s.rows) == 2


def test_a_new_game_never_replaces_another_save(harness):
    """The table's save name is one no file has: ``crowntable play`` or Rematch too."""
    h = harness
    path, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    before = path.read_bytes()
    h.start(seats="human,ai,ai", seed=12)
    play_a_little(h, 3)
    assert path.read_bytes() == before
    mine = h.app.autosave_path("masterbluff")
    assert mine != path and Match.load(mine).log == h.table.match.log


def test_delete_asks_and_deletes_only_when_confirmed(harness):
    h = harness
    a, _ma = make_save("masterbluff", "human,ai,ai", 3, 4, age=10)
    b, _mb = make_save("court", "human,ai", 5, 3)
    h.menu()
    click(h, h.scene.saves_button)
    s = h.scene
    k = next(i for i, r in enumerate(s.rows) if r.save.path == a)
    click(h, s.deletes[k])
    c = h.scene
    assert isinstance(c, ConfirmScene) and c.focus.current.label == "Keep it"   # the safe answer first
    click(h, button(c, "Keep it"))
    assert h.scene is s and a.exists()
    click(h, s.deletes[k])
    h.key(pygame.K_ESCAPE)
    assert a.exists()
    click(h, s.deletes[k])
    click(h, button(h.scene, "Delete it"))
    assert not a.exists() and b.exists()
    assert [r.save.path for r in s.rows] == [b]
    h.menu()
    assert [x.path for x in h.scene.saves] == [b]


def test_a_damaged_save_gives_a_message_and_the_others_stay(harness):
    h = harness
    good, saved = make_save("masterbluff", "human,ai,ai", 3, 4)
    bad = good.with_name("autosave_masterbluff-2.json")
    bad.write_text('{"format": "crowntable-record", "game": "masterbluff", "players": 3, "seed": 1, '
                   '"actions": [{"kind": "nonsense"}')             # cut off
    h.menu()
    m = h.scene
    assert isinstance(m, MenuScene)
    kept = list(good.parent.glob("autosave_masterbluff-2.damaged-*.json"))
    assert len(kept) == 1 and not bad.exists()                   # kept aside, never deleted
    assert str(bad) in m.message and str(kept[0]) in m.message
    assert [s.path for s in m.saves] == [good]                    # the good one is still offered
    click(h, m.saves_button)
    assert isinstance(h.scene, SavesScene) and len(h.scene.rows) == 1
    # a new game takes a free name, never the kept copy's
    h.start(seats="human,ai,ai", seed=2)
    play_a_little(h)
    assert h.app.autosave_path("masterbluff") not in (good, kept[0])
    assert Match.load(good).log == saved.log


def test_an_old_single_autosave_is_listed_as_it_is(harness):
    """An ``autosave_<game>.json`` written by an older version is simply the first save."""
    h = harness
    m = Match("court", parse_seats("human,ai"), seed=3)
    path = user_dir() / "autosave_court.json"
    m.save(path)
    h.menu()
    assert [s.path for s in h.scene.saves] == [path]


def test_keyboard_navigation_in_the_list(harness):
    h = harness
    paths = [make_save("masterbluff", "human,ai,ai", 10 + i, 2, age=100 * i)[0] for i in range(ROWS + 2)]
    h.menu()
    m = h.scene
    assert m.focus.current is m.continue_button
    h.key(pygame.K_TAB)                                           # shows the ring
    h.key(pygame.K_DOWN)
    assert m.focus.current is m.saves_button
    h.key(pygame.K_RETURN)
    s = h.scene
    assert isinstance(s, SavesScene) and s.focus.current is s.rows[0] and s.rows[0].save.path == paths[0]
    h.key(pygame.K_DOWN)
    assert s.focus.current is s.rows[1]
    h.key(pygame.K_RIGHT)                                         # the row's Delete button
    assert s.focus.current is s.deletes[1]
    h.key(pygame.K_DOWN)                                          # the next row's Delete
    assert s.focus.current is s.deletes[2]
    h.key(pygame.K_LEFT)
    assert s.focus.current is s.rows[2]
    for _ in range(ROWS - 1):                                     # down past the fifth row: it scrolls
        h.key(pygame.K_DOWN)
    assert s.top == 2 and s.focus.current is s.rows[-1] and s.rows[-1].save.path == paths[-1]
    h.key(pygame.K_DOWN)
    assert s.focus.current is s.back
    h.key(pygame.K_UP)
    assert s.focus.current.save.path == paths[-1]
    h.key(pygame.K_PAGEUP)
    assert s.top == 0
    h.key(pygame.K_DELETE)                                         # Delete asks, Enter keeps it
    c = h.scene
    assert isinstance(c, ConfirmScene)
    h.key(pygame.K_RETURN)
    assert h.scene is s and all(p.exists() for p in paths)
    target = s.focus.current.save
    h.key(pygame.K_RETURN)                                         # Enter on a row resumes it
    h.step()
    assert h.table is not None and same_game(h.table.match, target.match)
    assert h.app.autosave_path("masterbluff") == target.path


def test_menu_controls_never_move_when_continue_gains_its_caption(harness):
    h = harness
    h.menu()
    m = h.scene
    before = {w.label: pygame.Rect(w.rect) for w in m.widgets}
    assert not m.continue_button.enabled
    make_save("masterbluff", "human,ai,ai", 3, 4)
    make_save("court", "human,ai", 3, 4)
    h.menu()
    m = h.scene
    assert m.continue_button.enabled
    after = {w.label: pygame.Rect(w.rect) for w in m.widgets}
    for label in ("Rules (F1)", "Settings", "Quit", "Continue saved game"):
        assert after[label] == before[label], label
    assert m.saves_button.rect == before["Unfinished games"]
    # the caption sits between Continue and the next button, never on them
    assert m.continue_button.rect.bottom < m.save_note_y - 8 < m.save_note_y + 8 < m.saves_button.rect.top


def test_a_resumed_hot_seat_game_from_the_list_starts_behind_the_curtain(harness):
    h = harness
    make_save("masterbluff", "human,human,ai", 6, 5, age=20)
    make_save("masterbluff", "human,ai,ai", 7, 2)
    h.menu()
    click(h, h.scene.saves_button)
    s = h.scene
    row = next(r for r in s.rows if sum(x.kind == "human" for x in r.save.match.seats) == 2)
    click(h, row)
    h.step(n=3)
    t = h.table
    assert t is not None and t.hotseat and t.privacy.hidden
    assert t.curtain_for is not None or not t.hand.faces_up


def test_two_new_games_started_in_one_minute_tell_apart_by_the_seconds(home, harness):
    """Issue 25, the third trial: two new Fireball Court games read the same ("Round 1 · 2 moves
    · Points: You (0), Bram (0)") and, started in the same minute, the same time too.  Rows that
    would read the same show the seconds; a row unlike the others keeps the minutes."""
    base = (time.time() // 60) * 60 - 3600                # the start of a minute, an hour ago
    stamps = (base + 5, base + 40, base + 10)
    paths = []
    for k, seed in enumerate((5, 5, 9)):
        path, _m = make_save("court", "human,ai", seed, 2 if k < 2 else 4)
        os.utime(path, (stamps[k], stamps[k]))
        paths.append(path)
    h = harness.menu()
    h.app.open_saves()
    h.step()
    s = h.scene
    assert isinstance(s, SavesScene) and len(s.rows) == 3
    lines = {str(r.save.path): r.lines for r in s.rows}
    a, b, c = (lines[str(p)] for p in paths)
    assert a[:3] == b[:3]                                  # the same game, players, progress
    assert a != b, "two rows read the same"
    assert a[3].endswith(time.strftime("%H:%M:%S", time.localtime(stamps[0])))
    assert b[3].endswith(time.strftime("%H:%M:%S", time.localtime(stamps[1])))
    assert c[3].endswith(time.strftime("%H:%M", time.localtime(stamps[2])))   # unlike the others:
    assert c[3].count(":") == 1                                              # to the minute


def test_the_saves_list_message_sits_clear_of_the_panel_rows_and_back(home, harness):
    """Issue 25, the third trial: the "cannot be deleted" message overlapped the bottom edge of
    the unfinished-games panel.  With one row and with a full page it sits clear of the panel's
    edge, every row, every Delete and Back."""
    from game.app.widgets import message_rect

    msg = ("This game of MasterBluff is open in another Crown Table window: it cannot be deleted "
           "from here, and this sentence is long enough to need two lines in the box.")
    for n in (1, ROWS + 1):
        for k in range(n - len(save_files(user_dir()))):
            make_save("masterbluff", "human,ai,ai", 20 + k, 3, age=k)
        h = harness.menu()
        h.app.open_saves()
        h.step()
        s = h.scene
        s.message, s.message_error = msg, True
        h.step()
        r = message_rect(h.app, msg, (640, s.message_y()), max_w=s.MESSAGE_W)
        frame = pygame.Rect(s.frame)
        assert r.height > 40                               # two lines at least
        assert frame.contains(r) or r.bottom <= frame.top, (n, r, frame)
        for w in s.rows + s.deletes + [s.back]:
            assert not r.colliderect(pygame.Rect(w.rect)), (n, r, w.rect)
        assert r.top >= 0 and r.bottom <= 720
