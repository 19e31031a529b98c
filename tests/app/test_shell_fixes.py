"""Issue 14's shell fixes: Settings layout, the minimum window, setup controls that stay put,
name fields that select their text, the pause menu's Undo reason, Enter on the results."""
from __future__ import annotations

import warnings

import pygame

from game.ai.simulate import play_game
from game.app.headless import HeadlessApp
from game.app.main import MIN_SIZE
from game.app.scenes.menu import MenuScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.results import ResultsScene
from game.app.scenes.settings import CONTROL_X, LABEL_X, SettingsScene
from game.app.scenes.setup import SetupScene


def click(h, rect_or_point):
    p = rect_or_point if isinstance(rect_or_point, tuple) else h.app.view.rect(rect_or_point).center
    h.click(p)


# -- Settings: no empty band at the top -----------------------------------------------------
def test_settings_rows_start_at_the_top_of_the_panel_evenly_spaced(harness):
    h = harness.menu()
    h.app.open_settings()
    h.step()
    st = h.scene
    assert isinstance(st, SettingsScene)
    fx, fy, fw, fh = st.frame
    rows = [st.language, st.speed, st.full, st.sound, st.aid, st.why]        # the language row first
    top_margin = rows[0].rect.top - fy
    assert top_margin <= 40                                   # it was 70: an empty band
    assert top_margin == LABEL_X - fx == 30                   # as far in as the labels (fx + 30)
    assert rows[0].rect.left == CONTROL_X                     # the controls right of the label column
    pitches = {b.rect.top - a.rect.top for a, b in zip(rows, rows[1:])}
    assert len(pitches) == 1                                  # every row the same height
    done = st.widgets[-1]
    bottom_margin = fy + fh - done.rect.bottom
    assert 16 <= bottom_margin <= 40 and rows[-1].rect.bottom + 60 < done.rect.top
    h.screenshot(h.app.autosave_path("x").parent / "settings.png")


# -- the minimum window size ---------------------------------------------------------------
def test_the_window_is_never_smaller_than_the_minimum(home):
    h = HeadlessApp(size=(500, 300), speed="off", home=str(home))
    try:
        h.menu()
        assert h.app.screen.get_size() == MIN_SIZE                  # asked for less: given the minimum
        assert MIN_SIZE[0] * 720 >= 1280 * 540 - 1 and h.app.view.n(16) >= 12   # 16 px text stays >= 12 px
        # the window system made it small anyway (a resize it did not refuse): back to the minimum
        pygame.display.set_mode((500, 300), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
        h.step()
        assert h.app.screen.get_size() == MIN_SIZE and h.app.view.size == MIN_SIZE
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            win = pygame.Window.from_display_module()
        assert tuple(win.minimum_size) == MIN_SIZE                  # and the window system knows it
        # a bigger window is left alone
        pygame.display.set_mode((1100, 600), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=600, size=(1100, 600)))
        h.step()
        assert h.app.screen.get_size() == (1100, 600)
    finally:
        h.close()


# -- setup: the Players arrows stay put ------------------------------------------------------
def test_setup_players_arrow_does_not_jump_at_seven(harness):
    h = harness
    h.app.open_setup("death")
    h.step()
    s = h.scene
    assert isinstance(s, SetupScene)
    while s.players < 6:
        s.count_choice.step(1)
        h.step()
    r = pygame.Rect(s.count_choice.rect)
    start, back = pygame.Rect(s.start_button.rect), pygame.Rect(s.widgets[-2].rect)
    arrow = h.app.view.pt(r.right - 14, r.centery)                # the "›"
    for n in (7, 8):                                             # the same spot, clicked again and again
        h.click(arrow)
        assert s.players == n
        assert s.count_choice.rect == r                          # it never moved under the mouse
        assert s.start_button.rect == start and s.widgets[-2].rect == back
    for _ in range(2):                                           # and back down with the "‹"
        h.click(h.app.view.pt(r.x + 14, r.centery))
    assert s.players == 6 and s.count_choice.rect == r


def test_setup_of_a_small_game_keeps_its_narrow_frame(harness):
    h = harness
    h.app.open_setup("masterbluff")
    h.step()
    s = h.scene
    frame = s.frame
    for k in range(len(s.count_choice.options)):
        s.count_choice.set(k)
        h.step()
        assert s.frame == frame == (200, 100, 880, 580)


# -- name fields: a click selects the text, Ctrl+A too, typing replaces it ------------------
def test_clicking_a_name_field_selects_its_text_and_typing_replaces_it(harness):
    h = harness
    h.app.open_setup("masterbluff")
    h.step()
    s = h.scene
    f = s.names[1]
    assert f.value == "Bram"
    click(h, f.rect)
    assert s.focus.current is f and f.selected_all
    h.type_text("Zed")
    assert f.value == "Zed" and not f.selected_all
    h.key(pygame.K_a, pygame.KMOD_CTRL)                           # Ctrl+A selects everything
    assert f.selected_all
    h.type_text("Q")
    assert f.value == "Q"
    h.type_text("x")
    assert f.value == "Qx"
    h.key(pygame.K_a, pygame.KMOD_LCTRL)
    h.key(pygame.K_BACKSPACE)                                     # Backspace clears a selection
    assert f.value == "" and s.typed[1] == ""
    # a second click in the focused field drops the selection: typing adds at the end
    g = s.names[2]
    click(h, g.rect)
    assert g.selected_all
    click(h, g.rect)
    assert not g.selected_all
    h.type_text("a")
    assert g.value == "Cleoa"
    # the selection is drawn: a band of the selection colour behind the text
    click(h, s.names[0].rect)
    h.step()
    h.screenshot(h.app.autosave_path("x").parent / "setup_selected.png")
    r = h.app.view.rect(s.names[0].rect)
    row = [tuple(h.app.screen.get_at((x, r.centery)))[:3] for x in range(r.x + 12, r.x + 30)]
    assert any(abs(c[0] - 0) < 30 and abs(c[2] - 178) < 40 for c in row)


def test_tab_into_a_name_field_selects_it_too(harness):
    h = harness
    h.app.open_setup("masterbluff")
    h.step()
    s = h.scene
    h.key(pygame.K_TAB)                                           # shows the ring on Start
    h.key(pygame.K_TAB)
    h.key(pygame.K_TAB)                                           # Start -> the count -> seat 1's name
    assert s.focus.current is s.names[0] and s.names[0].selected_all
    h.type_text("Ann")
    assert s.names[0].value == "Ann"


# -- pause: why Undo is greyed out --------------------------------------------------------------
def test_pause_says_why_undo_is_greyed(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=11)
    t = h.table
    assert not t.match.log or all(a.seat != 0 for a in t.match.log)
    h.key(pygame.K_ESCAPE)
    p = h.scene
    assert isinstance(p, PauseScene)
    assert not p.undo_button.enabled
    assert p.undo_reason == t.undo_refusal() == "There is no move of yours to take back."
    assert " ".join(p.reason_lines) == p.undo_reason
    # it is drawn under the greyed button, above Quit, inside the panel
    quit_b = p.widgets[-1]
    area = pygame.Rect(470, p.undo_button.rect.bottom + 4, 340, quit_b.rect.top - p.undo_button.rect.bottom - 8)
    h.app.draw(h.app.screen)
    with_reason = pygame.image.tobytes(h.app.screen.subsurface(h.app.view.rect(area)), "RGB")
    p.reason_lines = []
    h.app.draw(h.app.screen)
    without = pygame.image.tobytes(h.app.screen.subsurface(h.app.view.rect(area)), "RGB")
    assert with_reason != without
    p.reason_lines = [p.undo_reason]
    h.screenshot(h.app.autosave_path("x").parent / "pause.png")


def test_pause_shows_no_reason_when_undo_is_possible(harness):
    class Table:
        game = "masterbluff"

        def undo_refusal(self):
            return None

    h = harness.menu()
    h.app.push(PauseScene(h.app), table=Table())
    h.step()
    p = h.scene
    assert p.undo_button.enabled and p.undo_reason is None and p.reason_lines == []


# -- results: Enter presses the default, Rematch --------------------------------------------------
def finished_results(h, speed: str):
    h.app.settings.speed = speed
    m = play_game("masterbluff", ["random"] * 5, 3)
    assert m.outcome() is not None
    h.app.reset(ResultsScene(h.app), match=m, viewer=0)
    h.step()
    return h.scene


def test_enter_on_the_results_presses_rematch_the_default(harness):
    """Translator trial (de): Enter on the results went back to the menu, where a player expects
    the default button, Rematch (it was "Back to menu" by design; now the default is Rematch).
    A key still held from the table does nothing (the guard)."""
    h = harness
    r = finished_results(h, "off")
    assert r.focus.current is r.rematch_button                   # the default
    h.key(pygame.K_RETURN)                                        # within the guard: held from the table
    assert h.scene is r and h.table is None
    h.step(n=60)                                                  # past the guard
    h.key(pygame.K_RETURN)
    h.step()
    assert h.table is not None                                    # Enter: the rematch


def test_the_focus_ring_shows_on_rematch_for_a_keyboard_player(harness):
    """The keyboard-alone trial: a player who came by keys (Enter on the table's Continue) sees
    the ring on the button Enter presses, Rematch."""
    from game.app import theme as T

    h = harness
    h.app.keyboard_focus = True                                   # the last input was a key
    r = finished_results(h, "off")
    h.step(n=60)
    h.app.draw(h.app.screen)
    ring = h.app.view.rect(r.rematch_button.rect.inflate(10, 10))
    assert tuple(h.app.screen.get_at((ring.centerx, ring.y + 1)))[:3] == T.FOCUS
    other = h.app.view.rect(r.menu_button.rect.inflate(10, 10))
    assert tuple(h.app.screen.get_at((other.centerx, other.y + 1)))[:3] != T.FOCUS


def test_enter_first_shows_the_whole_standings(harness):
    h = harness
    r = finished_results(h, "slow")
    h.step(n=45)                                                  # past the guard, rows still coming
    assert 0 < r.rows_shown() < len(r.rows) == 5
    h.key(pygame.K_RETURN)
    assert h.scene is r and r.all_shown and r.rows_shown() == len(r.rows) and h.table is None
    h.key(pygame.K_RETURN)
    h.step()
    assert h.table is not None                                    # then the rematch


def test_the_menu_takes_escape_m_or_its_own_focus_and_rematch_takes_r(harness):
    h = harness
    r = finished_results(h, "off")
    h.step(n=60)
    h.key(pygame.K_RIGHT)                                          # shows the ring on Rematch
    h.key(pygame.K_RIGHT)                                          # moves it onto Back to menu
    assert r.focus.current is r.menu_button
    h.key(pygame.K_RETURN)
    assert h.table is None and isinstance(h.scene, MenuScene)
    for key in (pygame.K_ESCAPE, pygame.K_m):
        finished_results(h, "off")
        h.step(n=60)
        h.key(key)
        assert h.table is None and isinstance(h.scene, MenuScene)
    finished_results(h, "off")
    h.step(n=60)
    h.key(pygame.K_r)
    h.step()
    assert h.table is not None


def test_confetti_celebrates_a_persons_win_never_the_only_humans_loss(harness):
    """Play-test: confetti fell over the standings when the only person at the table lost."""
    from dataclasses import replace as _replace

    h = harness
    m = play_game("masterbluff", ["random"] * 5, 3)
    winner = m.outcome().winners[0]
    loser = next(s for s in range(len(m.seats)) if s not in m.outcome().winners)
    for human, confetti in ((loser, False), (winner, True)):
        m.seats[:] = [_replace(s, kind="human" if k == human else "ai") for k, s in enumerate(m.seats)]
        h.app.reset(ResultsScene(h.app), match=m, viewer=human)
        h.step()
        assert bool(h.scene.confetti) is confetti
    m.seats[:] = [_replace(s, kind="ai") for s in m.seats]           # an all-AI table: its winner
    h.app.reset(ResultsScene(h.app), match=m, viewer=0)
    h.step()
    assert h.scene.confetti
