"""The exchange token: dragged onto the declaration banner, it unlocks the other five families."""
from __future__ import annotations

import pygame

from game.rules.masterbluff import FAMILIES


def post(kind, pos, buttons=1):
    t = {"down": pygame.MOUSEBUTTONDOWN, "up": pygame.MOUSEBUTTONUP}.get(kind)
    if t:
        pygame.event.post(pygame.event.Event(t, pos=pos, button=1))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(buttons, 0, 0)))


def drag(h, a, b):
    post("move", a, 0)
    post("down", a)
    h.step()
    for i in range(1, 6):
        post("move", (a[0] + (b[0] - a[0]) * i // 5, a[1] + (b[1] - a[1]) * i // 5))
        h.step()
    post("up", b)
    h.step()


def test_token_drag_to_banner_then_declare_another_family(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=31)
    t = h.table
    # reach a human turn with a family in force
    assert h.autoplay(lambda: t.viewer_can_discard() and t.shown.in_force is not None
                      or h.scene is not t, 30000)
    assert h.scene is t
    view = h.app.view
    token = view.pt(*t.zone(0, "token").center)
    banner = view.pt(*t.layout.shared("banner").center)
    # dropping the token elsewhere springs it back with a reason
    drag(h, token, (token[0] + 300, token[1] - 250))
    assert not t.table.token_mode and "banner" in t.toast.msg
    drag(h, token, banner)
    assert t.table.token_mode
    in_force = t.shown.in_force
    (fam, p), = t.card_click_points()[:1]
    drag(h, p, t.table.pile_center())
    assert t.table.picker is not None
    enabled = {b["family"] for b in t.table.picker_points() if b["family"] and b["enabled"]}
    assert enabled == set(FAMILIES) - {FAMILIES[in_force]}
    target = next(b for b in t.table.picker_points() if b["family"] and b["enabled"])
    post("move", tuple(target["center"]), 0)
    post("down", tuple(target["center"]))
    post("up", tuple(target["center"]))
    h.step()
    last = t.match.log[-1]
    assert last.seat == 0 and last["token"] is True and last["family"] == target["family"]
    h.run_until(lambda: not t.busy(), 500)
    assert t.shown.tokens[0] is False and not t.table.token_mode


def test_cancel_restores_cards_and_token(harness):
    h = harness
    h.start(seats="human,ai,ai", seed=31)
    t = h.table
    assert h.autoplay(lambda: t.viewer_can_discard() and t.shown.in_force is not None, 30000)
    view = h.app.view
    drag(h, view.pt(*t.zone(0, "token").center), view.pt(*t.layout.shared("banner").center))
    assert t.table.token_mode
    n = len(t.match.log)
    (fam, p), = t.card_click_points()[:1]
    drag(h, p, t.table.pile_center())
    assert t.table.picker is not None and t.table.parked
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    h.step()
    assert t.table.picker is None and not t.table.parked and not t.table.token_mode and len(t.match.log) == n
    assert t.shown.tokens[0]


def test_the_token_log_line_is_a_whole_sentence(harness):
    """Play-test: the table log read "Dario: token → Jester"; it now says what happened, as the
    caption does."""
    h = harness
    h.start(seats="human,ai,ai", seed=31)
    t = h.table
    assert t.table.describe("token", {"seat": 1, "family": "jester"}) == \
        f"{t.name(1)} spends the exchange token to name Jester"
    assert t.table.describe("token", {"seat": 0, "family": "elf"}) == "You spend the exchange token to name Elf"


def test_the_log_tells_the_token_before_the_declaration_it_names(harness):
    """Translator trial (de): the log said "You declare 2 × Witch" and then "You spend the exchange
    token to name Witch", as if the token came after the cards it named (the rules' order).  The
    table (and a phone: the same words' ``prepare``) tells the token first."""
    from game.rules.masterbluff import discard

    h = harness
    h.start(seats="human,ai,ai", seed=31)
    t = h.table
    assert h.autoplay(lambda: t.viewer_can_discard() and t.shown.in_force is not None
                      or h.scene is not t, 30000)
    assert h.scene is t
    other = next(f for f in range(len(FAMILIES)) if f != t.shown.in_force)
    counts = [0] * len(FAMILIES)
    counts[next(f for f, n in enumerate(t.shown.hand) if n)] = 1
    action = discard(0, tuple(counts), other, token=True)
    assert action in t.match.legal(0)
    t.submit(action)
    assert h.run_until(lambda: not t.busy(), 3000)
    log = list(t.table_log.lines)
    token = log.index(f"You spend the exchange token to name {FAMILIES[other].capitalize()}")
    declared = log.index(f"You declare 1 × {FAMILIES[other].capitalize()}")
    assert token == declared - 1, log[-4:]
    kinds = [e.kind for e in t.table.prepare(t.match.action_events[-1])]
    assert kinds.index("token") < kinds.index("discard")
