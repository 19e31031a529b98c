"""A whole MasterBluff game played through the GUI with posted pygame mouse/key events.

Same start as ``crowntable play masterbluff --seats human,ai,ai --seed 2024``
(HeadlessApp.start parses the seats string exactly like ``run``), at speed
"off" so it runs in seconds under the SDL dummy driver.
"""
from __future__ import annotations

import pygame

from game.app.main import autosave_path
from game.app.scenes.results import ResultsScene
from game.rules.masterbluff import FAMILIES, discard

SEED = 2024


def post(kind, pos, buttons=1):
    if kind == "down":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    elif kind == "up":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(buttons, 0, 0)))


def press_key(h, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))   # released: a key held since before a question never answers it
    h.step()


def wait_for_human_turn(h, t, max_frames=20000, bluff=False):
    for _ in range(max_frames):
        if t.viewer_can_discard() or h.scene is not t:
            return
        if t.pending_humans():
            press_key(h, pygame.K_b if bluff else pygame.K_n)
        else:
            h.step()
    raise AssertionError("the human never got a turn")


def drag_to_pile(h, t, start, pile=None, release=True):
    """Press at ``start``, move in six steps to the pile (or ``pile``), release."""
    pile = pile or t.table.pile_center()
    post("move", start, 0)
    post("down", start)
    h.step()
    for i in range(1, 7):
        post("move", (start[0] + (pile[0] - start[0]) * i // 6, start[1] + (pile[1] - start[1]) * i // 6))
        h.step()
    if release:
        post("up", pile)
        h.step()


def click(h, pos):
    post("move", pos, 0)
    post("down", pos)
    post("up", pos)
    h.step()


def play_turn_by_mouse(h, t, n_cards=2):
    """Select cards by clicking, drag them onto the pile, choose the first enabled family."""
    points = t.card_click_points()
    assert len(points) == sum(t.obs().hand)
    chosen = points[:n_cards]
    for _, p in chosen[:-1]:
        click(h, p)                                      # click selects (card rises)
    assert len(t.selected) == len(chosen) - 1
    drag_to_pile(h, t, chosen[-1][1])                    # dragging an unselected card adds it
    assert t.table.picker is not None, t.toast.msg
    family_buttons = [b for b in t.table.picker_points() if b["family"] and b["enabled"]]
    assert family_buttons
    counts = [0] * len(FAMILIES)
    for fam, _ in chosen:
        counts[FAMILIES.index(fam)] += 1
    return counts, family_buttons[0]


def test_full_game_played_with_mouse_events(harness):
    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=SEED)
    t = h.table
    assert t is not None and t.viewer == 0

    wait_for_human_turn(h, t)
    assert t.viewer_can_discard()
    counts, button = play_turn_by_mouse(h, t, n_cards=2)
    before = len(t.match.log)
    click(h, tuple(button["center"]))
    assert len(t.match.log) == before + 1
    assert t.match.log[-1] == discard(0, counts, button["family"], False)
    assert autosave_path().exists()                      # autosaved after the action

    turns = 1
    bluff = False
    for _ in range(200):
        if h.scene is not t:
            break
        bluff = not bluff                                # alternate Bluff! (B) and No bluff (N)
        wait_for_human_turn(h, t, bluff=bluff)
        if h.scene is not t or not t.viewer_can_discard():
            continue
        _, button = play_turn_by_mouse(h, t, n_cards=1)
        n = len(t.match.log)
        click(h, tuple(button["center"]))
        assert len(t.match.log) == n + 1 and t.match.log[-1].seat == 0
        turns += 1
    h.run_until(lambda: isinstance(h.scene, ResultsScene), 2000)
    assert isinstance(h.scene, ResultsScene)
    out = t.match.outcome()
    assert out is not None
    winner = t.match.seats[out.winners[0]].name
    res = h.scene
    assert res.winners == list(out.winners)
    assert winner in res.headline or (winner == "You" and res.headline == "You win!")
    assert res.rows[0][1] == winner and res.rows[0][0] == 1
    assert not autosave_path().exists()                  # a finished game is not offered as Continue
    h.step()
    h.screenshot(autosave_path().parent / "results.png")


def test_opening_hand_shows_every_corner_label(harness):
    """3 players: a 16-card hand; every card's corner label lies in its uncovered strip."""
    from game.app.sprites import HAND_W
    from game.app.cards import card_size

    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=12)
    t = h.table
    h.run_until(lambda: not t.busy(), 500)
    keys = t.hand_keys()
    assert len(keys) == 16
    px = card_size(h.app.view.s * HAND_W)[0]
    poses = t.hand_fan(keys)
    for i in range(len(keys) - 1):
        need = h.app.cards.label_extent(FAMILIES[keys[i][0]], px) / h.app.view.s
        assert poses[i + 1][0] - poses[i][0] >= need, (i, keys[i])


def test_illegal_drop_springs_back_with_reason(harness):
    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=SEED)
    t = h.table
    h.run_until(lambda: not t.busy(), 500)
    if t.viewer_can_discard():
        # drop somewhere that is not the pile
        (_, p), = t.card_click_points()[:1]
        post("move", p, 0)
        post("down", p)
        h.step()
        post("move", (p[0], p[1] - 200))
        h.step()
        post("up", (p[0], p[1] - 200))
        h.step()
        assert t.table.picker is None and "pile" in t.toast.msg
    # more than 8 cards is refused with the engine's limit
    wait_for_human_turn(h, t)
    pts = t.card_click_points()
    for _, p in pts[:9]:
        click(h, p)
    assert len(t.selected) == 9
    drag_to_pile(h, t, pts[0][1])
    assert t.table.picker is None
    assert t.toast.msg == "At most 8 cards may be discarded at once."     # the engine's reason, a sentence (issue 25)
    counts = t.table.selected_counts()
    assert t.match.check(discard(0, counts, t.shown.in_force or 0, False)) == \
        "at most 8 cards may be discarded at once."


def test_refusals_use_the_engine_reasons(harness):
    """Not your turn / token with no family in force: the words come from Match.check."""
    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=12)   # the human starts
    t = h.table
    t.pacer.update = lambda dt, submit: None            # the AIs wait, so the position holds still
    h.run_until(lambda: not t.busy(), 500)
    assert t.viewer_can_discard()
    press_key(h, pygame.K_t)                             # a free turn: no family is in force
    assert t.toast.msg == "No family is in force: name any family without the exchange token."
    assert not t.table.token_mode
    (_, p), = t.card_click_points()[:1]
    click(h, p)
    press_key(h, pygame.K_RETURN)
    press_key(h, pygame.K_1 + [i for i, b in enumerate(t.table.picker.buttons) if b.enabled][0])
    h.run_until(lambda: not t.busy(), 500)
    assert t.match.log[-1].seat == 0 and 0 not in t.match.to_act()
    (_, p), = t.card_click_points()[:1]
    click(h, p)
    drag_to_pile(h, t, p)
    assert t.table.picker is None
    assert t.toast.msg == "It is not your turn."
    assert t.match.check(t.table.pile_candidates()[0]) == "it is not your turn."    # the engine's own text


def test_pile_glows_only_while_a_legal_selection_is_dragged(harness):
    """ART.md: legal drop targets glow while dragging; illegal ones stay dark."""
    h = harness
    h.start("masterbluff", seats="human,ai,ai", seed=12)     # the human starts, pile empty
    t = h.table
    h.run_until(lambda: not t.busy(), 500)
    assert t.viewer_can_discard() and t.shown.pile == 0
    z = h.app.view.rect(t.layout.shared("pile"))
    probe = (z.x - 4, z.centery)                              # just outside the slot: only a glow lights it

    def drag_frame(points):
        start = points[-1]
        for p in points[:-1]:
            click(h, p)
        zl = t.layout.shared("pile")
        pile = t.to_window((zl.right + 40, zl.bottom + 30))      # on the drop area, the stack clear of the probe
        assert t.table.pile_drop_rect().collidepoint(h.app.view.logical(pile))
        drag_to_pile(h, t, start, pile, release=False)
        colour = h.app.screen.get_at(probe)
        reason = t.table.drop_reason()
        post("up", (pile[0], pile[1] - 400))                 # let go off the pile: springs back
        h.step()
        t.selected.clear()
        h.step()
        return colour, reason

    idle = h.app.screen.get_at(probe)
    pts = [p for _, p in t.card_click_points()]
    legal, why = drag_frame(pts[:2])
    assert why is None and legal.r > idle.r + 25               # gold light around the pile
    illegal, why = drag_frame(pts[:9])
    assert why == "at most 8 cards may be discarded at once."
    assert abs(illegal.r - idle.r) < 6                          # stays dark
