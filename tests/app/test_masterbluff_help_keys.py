"""Issue 25: H (and the resting pointer) at the MasterBluff table: on your turn, while you
answer a Bluff! window, with the family picker open (its tiles are cards too), over the
declaration box (it says what the box says) and over a revealed card."""
from __future__ import annotations

import pygame

from game.app.games import masterbluff_help as mh
from game.app.table.help import HOVER_SECONDS

FRAMES = round(HOVER_SECONDS * 60) + 3


def table_at(h, cond, seed: int = 3):
    h.start("masterbluff", "human,ai,ai", seed=seed)
    t = h.table
    assert h.autoplay(lambda: not t.busy() and cond(t), 6000)
    return t


def point(h, t, p):
    h.post_mouse("move", h.app.view.pt(*p), 0)
    h.step(n=2)


def test_h_on_the_focused_card_on_your_turn(harness):
    h = harness
    t = table_at(h, lambda t: t.can_play() and not t.answers)
    point(h, t, (2, 300))                                  # the pointer on nothing
    h.key(pygame.K_RIGHT)
    key = t.hand.focused()
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key[:2] == ("hand", key)
    assert shown.line == mh.line(t.table, t.hand.face(key))


def test_h_while_answering_a_bluff_window(harness):
    h = harness
    t = table_at(h, lambda t: bool(t.pending_humans() and t.answers))
    point(h, t, (2, 300))
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key[0] == "hand"
    h.key(pygame.K_h)                                      # H again hides it
    assert t.help_shown() is None
    # the declaration box asks "Bluff or not?": its tip is about the open declaration, not a free turn
    point(h, t, t.layout.shared("banner").center)
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.line == mh.OPEN_LINE
    assert t.answers                                       # H answered nothing


def test_the_family_pickers_tiles_have_tips(harness):
    h = harness
    t = table_at(h, lambda t: t.can_play() and not t.answers)
    played = len(t.match.log)
    point(h, t, (2, 300))
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_SPACE)                                  # select the focused card
    if t.shown.in_force is not None:
        h.key(pygame.K_t)                                  # the token: any other family
    h.key(pygame.K_RETURN)                                 # declare: the family picker
    assert t.choice is not None and len(t.match.log) == played
    tiles = [b for b in t.choice.buttons if getattr(b, "family", None)]
    assert tiles
    b = next(b for b in tiles if b.enabled)
    point(h, t, b.rect.center)
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.art == ("face", b.family) and shown.line == mh.line(t.table, b.family)
    assert t.choice is not None                            # H chose nothing
    h.key(pygame.K_h)
    assert t.help_shown() is None
    point(h, t, tiles[0].rect.center)
    h.step(n=FRAMES)                                       # resting on a tile: its tip after a moment
    shown = t.help_shown()
    assert shown is not None and shown.art == ("face", tiles[0].family)
    point(h, t, (t.layout.overlay("picker").centerx, t.layout.overlay("picker").y + 20))
    h.step(n=FRAMES)                                       # the panel's title: nothing to explain
    assert t.help_shown() is None


def test_a_revealed_card_has_a_tip(harness_at):
    h = harness_at("normal")                               # the reveal stays up a while
    t = table_at(h, lambda t: bool(t.pending_humans() and t.answers))
    h.step(n=30)                                           # past ANSWER_GUARD: the question was read
    h.key(pygame.K_b)                                      # Bluff!
    assert h.run_until(lambda: t.reveal is not None and t.flyer_spots(), 3000)
    spot = t.flyer_spots()[0]
    point(h, t, spot.rect.center)
    h.key(pygame.K_h)
    shown = t.help_shown()
    assert shown is not None and shown.key[0] == "flyer" and shown.art == spot.art


def test_the_rules_name_only_the_answer_keys_a_shared_screen_has(harness):
    """Translator trial (fr): the rules said that at a shared screen each player answers on their
    own keys, "1, 2, 3…" and "the letter below it (Q, W, E…)", a QWERTY row (A, Z, E on
    AZERTY), and keys the table no longer has: the screen passes to each player in turn, who
    answers with the same B and N.  The rules say so, and name no key the buttons lack."""
    from game.app.rules_text import MASTERBLUFF_RULES

    assert "Q, W, E" not in MASTERBLUFF_RULES and "1, 2, 3" not in MASTERBLUFF_RULES
    assert "passes to each player in turn" in MASTERBLUFF_RULES
    h = harness
    h.start("masterbluff", "human,human,human", seed=3)
    t = h.table
    assert t.hotseat
    assert h.autoplay(lambda: not t.busy() and bool(t.pending_humans() and t.answers), 6000)
    keys = {k for b in t.answers for k in b.keys}
    assert {pygame.K_b, pygame.K_n} <= keys
    assert not keys & {pygame.K_1, pygame.K_2, pygame.K_q, pygame.K_w, pygame.K_a, pygame.K_z}
