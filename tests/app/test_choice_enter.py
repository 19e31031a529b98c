"""Issue 25: with King Thief Minister's claim dialog open, Enter did nothing.  Enter now
confirms the outlined row (the first when the dialog opens; ↑/↓ move it); on any choice panel
the arrow keys move a focus among the tiles that may be chosen and Enter presses it (or the
tile under the pointer), and with neither Enter says what to do instead of choosing."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).parent))
from test_ktm_table import Prefer, peek_then_my_turn, start  # noqa: E402


def open_claim(h, t):
    peek_then_my_turn(h, t)
    n = len(t.match.log)
    h.key(pygame.K_RETURN)                                  # Enter on my turn: the claim dialog
    assert t.choice is not None and len(t.match.log) == n
    return n


def rows(t):
    return [b for b in t.choice.buttons if getattr(b, "tile", False)]


def test_enter_claims_the_outlined_row(harness):
    h = harness
    t = start(h, p1=Prefer("pass"), p2=Prefer("pass"))
    n = open_claim(h, t)
    first = rows(t)[0].action
    assert t.choice.focus == 0
    h.key(pygame.K_RETURN)
    assert t.choice is None
    assert t.match.log[n] == first and first.kind == "claim"


def test_arrows_move_the_row_enter_claims(harness):
    h = harness
    t = start(h, p1=Prefer("pass"), p2=Prefer("pass"))
    n = open_claim(h, t)
    tiles = rows(t)
    h.key(pygame.K_DOWN)
    h.key(pygame.K_DOWN)
    h.key(pygame.K_UP)
    assert t.choice.focus == 1
    h.key(pygame.K_RETURN)
    assert t.match.log[n] == tiles[1].action


def test_a_panel_without_focus_says_what_to_do_then_enter_presses_the_focused_tile(harness):
    """MasterBluff's family picker (the kit's panel): no focus at first, so Enter chooses
    nothing and says how; → then Enter declares the outlined family."""
    h = harness
    h.start("masterbluff", "human,ai,ai", seed=3)
    t = h.table
    assert h.autoplay(lambda: not t.busy() and t.can_play() and not t.answers, 6000)
    n = len(t.match.log)
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_SPACE)
    if t.shown.in_force is not None:
        h.key(pygame.K_t)                                   # the token: a choice of families
    h.key(pygame.K_RETURN)
    assert t.choice is not None and t.choice.focus is None
    h.key(pygame.K_RETURN)
    assert t.choice is not None and len(t.match.log) == n and "arrow keys" in t.toast.msg
    h.key(pygame.K_RIGHT)
    focused = t.choice.buttons[t.choice.focus]
    assert focused.enabled and focused.family
    h.key(pygame.K_RETURN)
    assert t.choice is None and len(t.match.log) == n + 1
    assert t.match.log[n].kind == "discard"
