"""The phone's order of a seat's listed choices (no browser): MasterBluff's true declarations
first, by the hand's order, its bluffs after them, while the rules' own order of the legal
actions is never changed (issue 28's finding: a phone listed "Declare 1 × Wizard (you play
1 × Jester)" before any true declaration); and the view's ``can_undo``, the fact the page's
Undo button follows."""
from __future__ import annotations

from game.match import Match, SeatSpec
from game.phones.view import legal_json, seat_view, seat_words
from game.rules.masterbluff import FAMILIES


def _true(a: dict) -> bool:
    return a["counts"][FAMILIES.index(a["family"])] == sum(a["counts"])


def test_masterbluffs_listed_choices_start_with_the_true_declarations_in_the_hands_order():
    m = Match("masterbluff", [SeatSpec(f"P{i + 1}", "human") for i in range(3)], seed=2)
    seat = m.to_act()[0]
    hand = m.observe(seat).hand
    rules = list(m.legal(seat))
    assert not _true(rules[0].to_json())              # the rules' order: a bluff first (unchanged)
    listed, total = legal_json(m.legal(seat), seat, game="masterbluff", w=seat_words(m, seat))
    assert total == len(rules) > len(listed) == 60
    acts = [it["action"] for it in listed]
    want = [(f, n) for f, k in zip(FAMILIES, hand) for n in range(1, k + 1)]
    assert [(a["family"], sum(a["counts"])) for a in acts[:len(want)]] == want
    assert all(_true(a) for a in acts[:len(want)]) and not any(_true(a) for a in acts[len(want):])
    # the bluffs after them keep the rules' order
    bluffs = [a.to_json() for a in rules if not _true(a.to_json())][:60 - len(want)]
    assert acts[len(want):] == [{**b, "seat": seat} for b in bluffs]
    assert list(m.legal(seat)) == rules                # listing them changed nothing
    # the cards of one family tapped (the page's "options"): their true declaration first
    kind = next(i for i, n in enumerate(hand) if n >= 2)
    counts = [2 if i == kind else 0 for i in range(len(hand))]
    narrowed, n = legal_json(m.legal(seat), seat, {"counts": counts}, game="masterbluff", w=seat_words(m, seat))
    assert n == len(narrowed) > 1
    assert narrowed[0]["action"]["family"] == FAMILIES[kind] and not any(_true(it["action"]) for it in narrowed[1:])


def test_a_view_says_whether_the_seats_last_move_may_be_taken_back():
    m = Match("death", [SeatSpec(f"P{i + 1}", "human") for i in range(4)], seed=4)
    seat = m.to_act()[0]
    assert seat_view(m, seat)["can_undo"] is False          # nothing of its own to take back
    m.submit(next(a for a in m.legal(seat) if a.kind == "stand"))
    assert seat_view(m, seat)["can_undo"] is True
    other = m.to_act()[0]
    m.submit(next(iter(m.legal(other))))                    # another person has played since
    assert seat_view(m, seat)["can_undo"] is (m.undo_refusal(seat) is None) is False
