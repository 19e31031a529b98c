"""Fireball Court's table: capture by drag, lay on the felt, refusals, the view follows the
observation through whole games, and the round summary waits for Continue."""
from __future__ import annotations

import pygame
import pytest

from game.match import Match, SeatSpec
from game.rules import court
from game.rules.court import NAMES

from table_checks import settled_views



HAND0 = ["9c1", "5c1", "2c1", "king1"]
HAND1 = ["3c1", "4c1", "6c1", "7r"]
COURT = ["5c2", "8c1", "1c1", "knight1", "castle1", "2r"]


def deck() -> list[str]:
    dealt = [c for pair in zip(HAND0, HAND1) for c in pair]
    used = set(dealt) | set(COURT)
    rest = [n for n in NAMES if n not in used and not n.startswith("fireball")]
    return dealt + COURT + rest + ["fireball1", "fireball2"]


@pytest.fixture
def table(harness):
    m = Match("court", [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random")], deck={"deck": deck()})
    harness.start(match=m)
    t = harness.table
    t.pacer.update = lambda dt, submit: None            # the AI waits: the position holds still
    harness.run_until(lambda: not t.busy(), 3000)
    return t


def card_point(t, name):
    cid = court.CARD_INDEX[name]
    return next(p for k, p in t.hand.click_points() if k == cid)


def stack_point(h, t, suit):
    i = next(i for i, st in enumerate(t.shown.court) if court.CARDS[st[0]].suit == suit)
    return h.app.view.pt(*t.table.slot(i).center)


def test_the_deal_is_shown_as_dealt(table, harness):
    t = table
    assert [court.NAMES[c] for c in t.shown.hand[:4]] == HAND0 and len(t.shown.hand) == 5   # + the first draw
    assert [[court.NAMES[c] for c in st] for st in t.shown.court] == [[n] for n in COURT]
    assert t.can_play() and t.view_mismatches == []
    tags = {court.NAMES[k]: t.table.hand_mark(k) for k in t.hand.keys()}
    assert tags["5c1"] == "captures" and tags["9c1"] is None          # the hand marks captures


def test_capture_by_drag_onto_the_matching_stack(table, harness):
    h, t = harness, table
    h.drag(card_point(t, "5c1"), stack_point(h, t, "5"))
    assert t.match.log[-1] == court.play(0, "5c1")
    h.run_until(lambda: not t.busy(), 3000)
    caps = {court.NAMES[c] for c in t.shown.captures[0]}
    assert caps == {"5c1", "5c2"} and len(t.shown.court) == 5
    assert t.shown == t.table.view_from(t.obs()) and t.view_mismatches == []


def test_lay_on_the_felt_and_refusals_with_reasons(table, harness):
    h, t = harness, table
    felt = h.app.view.pt(*t.table.slot(9).center)                          # an empty slot: open felt
    n = len(t.match.log)
    h.drag(card_point(t, "2c1"), felt)                                # a 2 always captures the 2 stack
    assert len(t.match.log) == n and "a card that matches a stack must capture it" in t.toast.msg
    h.drag(card_point(t, "9c1"), stack_point(h, t, "5"))              # a 9 does not match the 5s
    assert len(t.match.log) == n and "does not match" in t.toast.msg
    h.drag(card_point(t, "9c1"), felt)
    assert t.match.log[-1] == court.play(0, "9c1")
    h.run_until(lambda: not t.busy(), 3000)
    assert [court.NAMES[c] for c in t.shown.court[-1]] == ["9c1"]


def test_keyboard_play(table, harness):
    h, t = harness, table
    keys = t.hand.keys()
    i = keys.index(court.CARD_INDEX["king1"])
    for _ in range(i + 1):
        h.key(pygame.K_RIGHT)
    h.key(pygame.K_SPACE)
    h.key(pygame.K_RETURN)
    assert t.match.log[-1] == court.play(0, "king1")


def test_enter_plays_the_focused_card_without_space(table, harness):
    """Play-test: one card a turn, so Enter on the focused card plays it (it refused with
    'Choose a card first' until Space had selected it)."""
    h, t = harness, table
    i = t.hand.keys().index(court.CARD_INDEX["king1"])
    for _ in range(i + 1):
        h.key(pygame.K_RIGHT)
    h.key(pygame.K_RETURN)
    assert t.match.log[-1] == court.play(0, "king1")


def test_enter_with_no_card_chosen_focuses_the_first_and_says_how(table, harness):
    """Issue 25, the third trial: Enter did nothing until ← / → had picked a card, with no hint
    why.  With no card chosen, Enter focuses the first card and says how to go on; the next Enter
    plays it."""
    h, t = harness, table
    assert t.hand.focus is None and not t.selected and t.can_play()
    n = len(t.match.log)
    first = t.hand.keys()[0]
    h.key(pygame.K_RETURN)
    assert len(t.match.log) == n and t.hand.focus == 0 and t.hand.focused() == first
    assert t.toast.msg == "← → to choose a card, Enter to play it"
    h.key(pygame.K_RETURN)
    assert t.match.log[-1] == court.play(0, court.NAMES[first])


@pytest.mark.parametrize("seats,seed", [("human,ai", 3), ("ai,ai", 8)])
def test_whole_games_keep_the_view_equal_to_the_observation(harness, seats, seed):
    h = harness
    h.start("court", seats=seats, seed=seed)
    t = h.table
    checked = settled_views(h, t)
    assert t.match.outcome() is not None and checked > 80
    assert t.view_mismatches == []


def test_round_summary_waits_for_continue(home):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="fast", home=str(home))
    h.start("court", seats="human,ai", seed=5)
    t = h.table
    assert h.autoplay(lambda: t.steps.waiting(), 200000)
    assert t.sheet is not None and t.sheet.lines == len(t.sheet.rows) >= 4
    labels = [r[0] for r in t.sheet.rows]
    assert labels[:2] == ["Coins", "Raven steal"] and labels[-2:] == ["This round", "Total"]
    totals = t.match.state.totals
    assert t.sheet.rows[-1][1] == [f"{totals[0]} / 101", f"{totals[1]} / 101"]
    h.step(n=30)
    assert t.steps.waiting()                                          # it holds until a person continues
    h.click(h.app.view.rect(t.continue_button.rect).center)
    h.run_until(lambda: t.sheet is None, 500)
    assert t.sheet is None and t.shown.round == 2 and t.shown.totals == list(totals)
    h.close()


def test_rules_open_on_this_games_tab_and_switch_with_the_arrows(table, harness):
    from game.app.scenes.rules import RulesScene
    from game.app.rules_text import COURT_RULES, MASTERBLUFF_RULES

    h = harness
    h.key(pygame.K_F1)
    r = h.scene
    assert isinstance(r, RulesScene) and r.game == "court"
    assert r.title == "Rules: Fireball Court" and r.lines[0] == COURT_RULES.split("\n")[0]
    assert [b.selected for b in r.tabs] == [g == "court" for g in r.games]
    h.key(pygame.K_PAGEDOWN)
    assert r.scroll > 0
    h.key(pygame.K_RIGHT)                                   # the next game, from its top
    assert r.game != "court" and r.scroll == 0
    h.key(pygame.K_LEFT)
    assert r.game == "court"
    mb = next(b for b in r.tabs if b.label == "MasterBluff")
    h.click(h.app.view.rect(mb.rect).center)                # a tab by mouse
    assert r.game == "masterbluff" and r.title == "Rules: MasterBluff"
    h.step()
    assert r.lines[0] == MASTERBLUFF_RULES.split("\n")[0]
    h.key(pygame.K_ESCAPE)
    assert h.scene is table


def test_results_show_each_players_final_score(harness):
    from game.ai.simulate import play_game
    from game.app.scenes.results import ResultsScene

    m = play_game("court", ["heuristic", "greedy"], seed=4)
    totals = m.state.totals
    h = harness
    h.app.push(ResultsScene(h.app), match=m)
    h.step()
    r = h.scene
    notes = {seat: notes for _rank, _name, notes, seat in r.rows}
    assert notes[0] == (f"{totals[0]} points", str(totals[0])) and notes[1][0] == f"{totals[1]} points"
    assert r.rows[0][3] == m.outcome().winners[0] and max(totals) >= 101


def test_a_first_round_tie_goes_to_the_first_human():
    from game.app.main import parse_seats, with_opener

    assert with_opener("court", parse_seats("ai,human"), None) == {"opener": 1}
    assert with_opener("court", parse_seats("human,human"), {"target": 50}) == {"target": 50, "opener": 0}
    assert with_opener("court", parse_seats("ai,ai"), None) == {"opener": "random"}
    assert with_opener("court", parse_seats("ai,human"), {"opener": 0}) == {"opener": 0}
    assert with_opener("masterbluff", parse_seats("ai,human,ai"), None) is None      # no such option


# -- the Fireball: dragged onto a stack it sweeps; on an empty Court the hint says where it goes
@pytest.fixture
def fireballs(harness):
    """Two people at one screen, each holding a Fireball; the Court of six single stacks."""
    from court_helpers import order

    deck = order(["fireball1", "9c1", "2c1", "3c1"], ["fireball2", "8c1", "2c2", "4c1"],
                 ["5c1", "6c1", "7c1", "king1", "castle1", "knight1"])
    m = Match("court", [SeatSpec("Ada", "human"), SeatSpec("Bram", "human")], deck={"deck": deck})
    harness.start(match=m)
    t = harness.table
    harness.run_until(lambda: not t.busy() and t.curtain_for == 0, 3000)
    harness.key(pygame.K_RETURN)                                     # Ada lifts the curtain
    harness.run_until(lambda: t.can_play(), 3000)
    return t


def test_a_fireball_dragged_onto_a_court_stack_sweeps_the_court(fireballs, harness):
    h, t = harness, fireballs
    h.drag(card_point(t, "fireball1"), stack_point(h, t, "5"))       # the natural gesture: onto a stack
    assert t.match.log[-1] == court.play(0, "fireball1")
    h.run_until(lambda: not t.busy(), 3000)
    assert t.shown.court == [] and len(t.shown.captures[0]) == 7      # the whole Court and the Fireball


def test_on_an_empty_court_the_hint_says_where_the_fireball_goes_and_it_goes_there(fireballs, harness):
    h, t = harness, fireballs
    h.drag(card_point(t, "fireball1"), stack_point(h, t, "king"))     # Ada sweeps: the Court is empty
    h.run_until(lambda: not t.busy() and t.curtain_for == 1, 3000)
    h.key(pygame.K_RETURN)                                            # Bram lifts the curtain
    assert h.run_until(lambda: t.can_play(), 3000) and t.shown.court == []
    h.click(card_point(t, "fireball2"))
    hint = t.table.status_text()[0]
    assert "your pile" in hint and "felt" not in hint, hint
    h.key(pygame.K_RETURN)
    assert t.match.log[-1] == court.play(1, "fireball2")
    h.run_until(lambda: not t.busy(), 3000)
    assert t.shown.court == [] and court.CARD_INDEX["fireball2"] in t.shown.captures[1]   # as the hint said


def test_the_fireball_pile_says_fireball(fireballs, harness):
    h, t = harness, fireballs
    h.drag(card_point(t, "fireball1"), stack_point(h, t, "5"))
    h.run_until(lambda: not t.busy(), 3000)
    import game.app.games.court_draw as table_mod      # the table's drawing
    said = []
    real = table_mod.text
    table_mod.text = lambda surf, a, s, *args, **kw: (said.append(s), real(surf, a, s, *args, **kw))[1]
    try:
        t.draw(h.app.screen)
    finally:
        table_mod.text = real
    # the pile's kind under it, its count of cards on it
    assert "Fireballs" in said and "1 card" in said and not any(s.endswith(" fire") for s in said), said


def test_a_refused_drag_leaves_one_highlight(table, harness):
    """Keyboard focus on one card, a refused drag of another: one card is highlighted (the
    focus follows the card the mouse took), not two."""
    h, t = harness, table
    h.key(pygame.K_RIGHT)                                             # the keyboard focus: the first card
    first = t.hand.keys()[0]
    other = court.CARD_INDEX["king1"]
    assert first != other
    n = len(t.match.log)
    h.drag(card_point(t, "king1"), stack_point(h, t, "5"))           # refused: a King is not a 5
    assert len(t.match.log) == n and "does not match" in t.toast.msg
    lit = set(t.hand.selected) | ({t.hand.focused()} - {None})
    assert lit == {other}, lit


def test_capture_pile_labels_keep_16_px(table):
    """Play-test: "0 Fireballs" was squeezed to about 14 px in its 78-unit pile; every pile's
    label fits at 16 px for the counts a game can reach."""
    from game.core.i18n import ngettext

    t = table
    a = t.app
    px = a.view.n(16)
    labels = {"capture_coins": [ngettext("{n} coin", "{n} coins", n).format(n=n) for n in range(0, 30)],
              "capture_ravens": [ngettext("{n} raven", "{n} ravens", n).format(n=n) for n in range(0, 13)],
              "capture_fire": [ngettext("{n} Fireball", "{n} Fireballs", n).format(n=n) for n in range(0, 3)]}
    for seat in (0, 1):
        for pile, texts in labels.items():
            z = t.zone(seat, pile)
            for s in texts:
                assert a.fonts.fit(s, px, a.view.n(z.w - 4)) == px, (pile, s)


def test_a_card_that_matches_no_stack_is_told_why():
    """One whole sentence for each kind of card on each kind of stack: what the stack holds and
    what the card captures (RULINGS section 3: same number, or same senior)."""
    from game.app.games.court import no_match
    from game.rules.court import CARD_INDEX as C
    assert no_match(C["7c1"], "5") == "Your 7 does not match: this stack holds 5s, and your 7 captures only 7s"
    assert no_match(C["7c1"], "king") == "Your 7 does not match: this stack holds Kings, and your 7 captures only 7s"
    assert no_match(C["king1"], "5") == "Your King does not match: this stack holds 5s, and Kings capture only Kings"
    assert no_match(C["king1"], "castle") == \
        "Your King does not match: this stack holds Castles, and Kings capture only Kings"
