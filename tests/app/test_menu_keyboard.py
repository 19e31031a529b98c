"""Menus, setup, settings, rules, results and pause work from the keyboard alone."""
from __future__ import annotations

import pygame

from game.app.scenes.menu import MenuScene
from game.app.scenes.pause import PauseScene
from game.app.scenes.rules import RulesScene
from game.app.scenes.settings import SettingsScene
from game.app.scenes.setup import SetupScene
from game.app.settings import SPEEDS


def press(h, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    h.step()


def type_text(h, s):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    h.step()


def test_start_a_game_from_the_menu_with_keys_only(harness):
    h = harness.menu()
    m = h.scene
    first = next(b for b in m.game_buttons if b.label == "Death over the Kingdom")
    assert isinstance(m, MenuScene) and m.focus.current is first              # the first playable game
    assert not h.app.keyboard_focus                                            # no ring before a key
    press(h, pygame.K_TAB)                                                     # shows the ring, stays put
    assert h.app.keyboard_focus and m.focus.current is first
    for b in [b for b in m.game_buttons if b.enabled][1:]:                     # down through the playable games
        press(h, pygame.K_DOWN)
        assert m.focus.current is b
    assert m.focus.current is m.game_buttons[-1]                               # MasterBluff
    press(h, pygame.K_DOWN)
    assert m.focus.current.label.startswith("Rules")                           # disabled Continue skipped
    press(h, pygame.K_UP)
    assert m.focus.current is m.game_buttons[-1]
    press(h, pygame.K_RETURN)
    s = h.scene
    assert isinstance(s, SetupScene) and s.focus.current is s.start_button
    press(h, pygame.K_TAB)                                                     # from Start round to the count
    assert s.focus.current is s.count_choice
    press(h, pygame.K_RIGHT)
    assert s.players == 4
    press(h, pygame.K_TAB)
    assert s.focus.current is s.names[0] and s.names[0].focused
    for _ in range(3):
        press(h, pygame.K_BACKSPACE)
    press(h, pygame.K_q)                                                       # a letter is not a hotkey here
    type_text(h, "Zed")
    assert s.names[0].value == "Zed"
    press(h, pygame.K_TAB)                                                     # seat 1's kind
    press(h, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert s.focus.current is s.names[0]
    press(h, pygame.K_RETURN)                                                  # Enter in a field: Start
    h.step()
    t = h.table
    assert t is not None and len(t.match.seats) == 4 and t.match.seats[0].name == "Zed"


def test_escape_and_buttons_by_keys_in_setup_settings_rules_pause(harness):
    h = harness.menu()
    press(h, pygame.K_TAB)
    press(h, pygame.K_RETURN)
    assert isinstance(h.scene, SetupScene)
    press(h, pygame.K_ESCAPE)
    m = h.scene
    assert isinstance(m, MenuScene)
    while not m.focus.current.label.startswith("Settings"):
        press(h, pygame.K_DOWN)
    press(h, pygame.K_SPACE)
    st = h.scene
    assert isinstance(st, SettingsScene) and st.focus.current is st.speed
    before = h.app.settings.speed
    press(h, pygame.K_RIGHT)
    assert h.app.settings.speed == SPEEDS[(SPEEDS.index(before) + 1) % len(SPEEDS)]
    press(h, pygame.K_TAB, pygame.KMOD_SHIFT)                                  # up to Language (the first row)
    assert st.focus.current is st.language
    press(h, pygame.K_TAB, pygame.KMOD_SHIFT)                                  # back round to Done
    assert st.focus.current.label == "Done"
    press(h, pygame.K_RETURN)
    assert h.scene is m
    h.app.push(PauseScene(h.app), table=None)
    h.step()
    p = h.scene
    assert p.focus.current.label == "Resume"
    press(h, pygame.K_DOWN)
    press(h, pygame.K_RETURN)                                                  # Rules
    assert isinstance(h.scene, RulesScene)
    press(h, pygame.K_PAGEDOWN)
    assert h.scene.scroll > 0
    press(h, pygame.K_RETURN)                                                  # the focused Back
    assert h.scene is p


def test_focus_ring_is_drawn(harness):
    h = harness.menu()
    m = h.scene
    b = m.focus.current
    r = h.app.view.rect(b.rect.inflate(10, 10))
    h.screenshot(h.app.autosave_path("x").parent / "a.png")
    before = h.app.screen.get_at((r.x + r.w // 2, r.y + 1))
    press(h, pygame.K_TAB)
    h.screenshot(h.app.autosave_path("x").parent / "b.png")
    after = h.app.screen.get_at((r.x + r.w // 2, r.y + 1))
    assert before != after and tuple(after)[:3] == (255, 226, 120)
