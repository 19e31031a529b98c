"""Switching the language (Settings -> Language) takes effect at once, on every scene of the
stack: an open table, an open lesson, the pause menu and Settings itself speak the new language
on the next frame, with no restart.  A pseudo-locale (tests/i18n_helpers.py) marks every
message ⟦…⟧, so any word left unmarked in the screen transcript did not go through the
translation (player names aside)."""
from __future__ import annotations

import pygame
import pytest

pytest.importorskip("babel")
from game.app import transcript  # noqa: E402
from game.core import i18n  # noqa: E402
from tests.i18n_helpers import pseudo_locale, unmarked, use  # noqa: E402


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    pseudo_locale(tmp_path, "it")
    use(monkeypatch, tmp_path)
    yield tmp_path
    i18n.set_language("en")


def texts(frame) -> list[str]:
    return [item[5:] for item in frame.items if item.startswith("text:")]


def switch_in_settings(h) -> None:
    """Settings (over whatever is open), the language row one step on, then Settings is left."""
    from game.app.scenes.settings import SettingsScene

    h.app.open_settings()
    h.step()
    st = h.scene
    assert isinstance(st, SettingsScene)
    h.click(h.app.view.pt(st.language.rect.right - 20, st.language.rect.centery))
    h.step()
    assert i18n.current_language() == "it" and h.app.settings.language == "it"


def play_moves(h, n: int) -> None:
    """Play on until ``n`` moves were made (the person's: their first legal move) and the
    table is still."""
    t, m = h.table, h.table.match
    for _ in range(4000):
        if len(m.log) >= n and not t.busy() and m.outcome() is None:
            return
        if t.curtain_for is not None and not t.busy():
            t.lift_curtain()
        elif t.steps.waiting():
            t.release_step()
        elif not t.busy() and t.viewer in m.to_act() and m.is_human(t.viewer):
            t.submit(next(iter(m.legal(t.viewer))))
        h.step()
    raise AssertionError(f"{t.game}: {n} moves were not made")


def names_of(table) -> list[str]:
    """What stays as it is: the players' names, and the languages' own names (Settings)."""
    return [s.name for s in table.match.seats] + list(i18n.LANGUAGES.values())


TABLES = [("masterbluff", "human,ai,ai", 7), ("court", "human,ai", 3), ("death", "human,ai,ai", 5),
          ("ktm", "human,ai,ai,ai", 2), ("bossquest", "human,ai,ai", 4)]
#: and a hot-seat table: its log is written again with the public lines only
HOTSEAT = [("masterbluff", "human,human,ai", 7)]


@pytest.mark.parametrize("game,seats,seed", TABLES + HOTSEAT,
                         ids=[g for g, _s, _n in TABLES] + [f"{g}-hotseat" for g, _s, _n in HOTSEAT])
def test_a_table_speaks_the_new_language_on_the_next_frame(pseudo, home, game, seats, seed):
    from game.app.headless import HeadlessApp

    rec = transcript.start()
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        h.start(game, seats=seats, seed=seed)
        t = h.table
        play_moves(h, 3)
        assert any(t.table_log.lines)
        had_answers = bool(t.answers)                  # Boss Quest: "Take 1" ... are up
        public = len(t.table_log.lines)
        t.open_pause()
        h.step()
        switch_in_settings(h)
        left = unmarked(texts(rec.frames[-1]), names_of(t))
        assert left == [], left                        # Settings and the pause menu under it
        h.key(pygame.K_ESCAPE)                         # Settings closes
        h.key(pygame.K_ESCAPE)                         # the pause menu closes
        h.step()
        assert h.scene is t
        shown = texts(rec.frames[-1])
        assert any("⟦" in s for s in shown)
        left = unmarked(shown, names_of(t))
        assert left == [], left
        assert t.table_log.lines and all("⟦" in line for line in t.table_log.lines)
        if t.hotseat:
            assert len(t.table_log.lines) <= public           # no secret came back into the log
        assert all(b.label.startswith("⟦") for b in t.top_buttons)
        assert all(b.label.startswith("⟦") for b in t.answers) and (bool(t.answers) or not had_answers)
        assert t.why.line is None or "⟦" in t.why.line.text
    finally:
        h.close()
        transcript.stop()


@pytest.mark.parametrize("game", [g for g, _s, _n in TABLES])
def test_an_open_lesson_speaks_the_new_language_on_the_next_frame(pseudo, home, game):
    from game.app.headless import HeadlessApp

    rec = transcript.start()
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        h.lesson(game)
        t = h.table
        h.lesson_to(2)
        t.open_pause()
        h.step()
        switch_in_settings(h)
        h.key(pygame.K_ESCAPE)
        h.key(pygame.K_ESCAPE)
        h.step()
        assert h.scene is t
        shown = texts(rec.frames[-1])
        left = unmarked(shown, names_of(t))
        assert left == [], left
        assert t.lesson.next_button.label.startswith("⟦")
        assert any(s.startswith("⟦Lesson") for s in shown)        # the panel's head and text
    finally:
        h.close()
        transcript.stop()


def test_the_menu_and_back_to_english(pseudo, home):
    """The menu under Settings rewords too, and English comes back the same way."""
    from game.app.headless import HeadlessApp

    rec = transcript.start()
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        h.menu()
        switch_in_settings(h)
        h.key(pygame.K_ESCAPE)
        h.step()
        assert unmarked(texts(rec.frames[-1]), i18n.LANGUAGES.values()) == []
        h.app.set_language("en")
        h.step()
        assert not any("⟦" in s for s in texts(rec.frames[-1]))
    finally:
        h.close()
        transcript.stop()


def test_a_panel_and_a_caption_up_at_the_switch_take_the_new_words(pseudo, home):
    """A choice panel open when the language changes (its title, its tiles, its Cancel) and the
    step's caption are reworded: each whole message traced back through the old catalogue."""
    from game.app.headless import HeadlessApp
    from game.core.i18n import _

    rec = transcript.start()
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        h.start("masterbluff", seats="human,ai,ai", seed=7)
        t = h.table
        play_moves(h, 3)
        t.choice_row(_("Which one?"), _("Choose one"), [(_("Pass"), None, None), (_("Undo"), None, None)])
        t.steps.caption = _("Only you saw this: remember it")
        h.app.set_language("it")
        assert t.choice.title == "⟦Which one?⟧" and t.choice.subtitle == "⟦Choose one⟧"
        assert [b.label for b in t.choice.buttons] == ["⟦Pass⟧", "⟦Undo⟧", "⟦Cancel⟧"]
        assert t.choice.buttons[-1].hint == "⟦Esc⟧"
        assert t.steps.caption == "⟦Only you saw this: remember it⟧"
        h.app.set_language("en")                               # and back, through the same words
        assert t.choice.title == "Which one?" and t.choice.buttons[-1].label == "Cancel"
    finally:
        h.close()
        transcript.stop()
