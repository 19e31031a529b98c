"""Scenario tests for every Death over the Kingdom rule (seed 000 + RULINGS.md section 1).

Deals come from explicit deck orders (tests/death_helpers.py).  With ``dealer=0`` and
four players the turn order is 3, 2, 1, 0: the dealer's right first, the dealer last.
"""
import json
from dataclasses import replace

import pytest

from game.core.actions import Action, BadConfig, IllegalAction, NotYourTurn, events_for
from game.core.rng import Rng
from game.core.rules import GameConfig
from death_helpers import (CARD_INDEX, D, NAMES, RULES, all_of, cards, cut_index, first, kinds, new, order, run,
                           schedule, stand_all, turn_order)
from event_helpers import random_game_events

(DEATH, INNKEEPER, TRADER, THIEF, CLOWN, BARD, MONK, MAGICIAN, DRAGON, KNIGHT, PRINCESS, QUEEN, KING) = range(13)


def c(name):
    return CARD_INDEX[name]


def legal(state, seat=None):
    seat = RULES.to_act(state)[0] if seat is None else seat
    return sorted((a.kind, a.get("target")) for a in RULES.legal_actions(state, seat))


def refused(state, action, match):
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(state, action)


def one_round(hands, dealer=0, deck=(), **options):
    """Deal ``hands``, everyone stands: (state, events, the round's result)."""
    s = new(hands, dealer, deck, **options)
    s, ev = stand_all(s)
    return s, ev, s.results[-1]


# --- the cards ---------------------------------------------------------------------------
def test_26_cards_two_of_each_character_with_their_values_and_turned_values():
    assert D.DECK_SIZE == 26 and len(NAMES) == 13
    assert NAMES == ("death", "innkeeper", "trader", "thief", "clown", "bard", "monk", "magician", "dragon",
                     "knight", "princess", "queen", "king")
    assert [D.VALUES[c(n)] for n in NAMES] == list(range(13))
    turned = {n: D.TURNED[c(n)] for n in ("innkeeper", "clown", "magician", "dragon", "knight", "queen")}
    assert turned == {"innkeeper": 11, "clown": 8, "magician": 5, "dragon": 4, "knight": 3, "queen": 1}
    s = RULES.new_game(GameConfig(5), seed=3)
    assert RULES.card_census(s) == {n: 2 for n in NAMES}


# --- set-up and the deal -------------------------------------------------------------------
def test_explicit_deal_starts_on_the_dealers_right_and_the_dealer_plays_last():
    s = new(["death", "innkeeper", "trader", "thief"], dealer=0, deck=["knight", "queen"])
    assert s.order == (3, 2, 1, 0) and RULES.to_act(s) == (3,)
    assert s.hands == cards("death", "innkeeper", "trader", "thief")
    assert s.deck[:2] == cards("knight", "queen") and len(s.deck) == 22
    # the order itself: card 1 to seat 3 (the dealer's right), ..., card 4 to the dealer
    assert order(["death", "innkeeper", "trader", "thief"], 0)[:4] == ["thief", "trader", "innkeeper", "death"]
    ev = RULES.opening_events(s)
    assert kinds(ev) == ["deal", "card", "card", "card", "card", "turn"]
    assert first(ev, "deal").data == {"round": 1, "dealer": 0, "order": [3, 2, 1, 0], "deck": 22,
                                      "explicit": True}
    assert [(e.to, e.data["card"]) for e in all_of(ev, "card")] == [((3,), "thief"), ((2,), "trader"),
                                                                    ((1,), "innkeeper"), ((0,), "death")]
    # another dealer: the deal starts on its right
    s2 = new(["death", "innkeeper", "trader", "thief"], dealer=2)
    assert s2.order == (1, 0, 3, 2) and RULES.to_act(s2) == (1,)


def test_without_a_dealer_option_an_explicit_deck_is_dealt_by_seat_0_and_a_seed_draws_the_dealer():
    deck = order(["death", "bard", "clown"], 0)
    s = RULES.new_game(GameConfig(3), deck=deck)
    assert s.dealer == 0 and s.order == (2, 1, 0) and s.hands == cards("death", "bard", "clown")
    dealers = {RULES.new_game(GameConfig(5), seed=k).dealer for k in range(20)}
    assert len(dealers) > 2 and dealers <= set(range(5))
    assert RULES.new_game(GameConfig(5), seed=7) == RULES.new_game(GameConfig(5), seed=7)


def test_bad_configurations_are_refused_with_reasons():
    with pytest.raises(BadConfig, match="2-20 players"):
        RULES.new_game(GameConfig(1), seed=1)
    with pytest.raises(BadConfig, match="2-20 players"):
        RULES.new_game(GameConfig(21), seed=1)
    with pytest.raises(BadConfig, match="mode"):
        RULES.new_game(GameConfig(3, {"mode": "sudden"}), seed=1)
    for m in (1, 7, "3", True):
        with pytest.raises(BadConfig, match="multiplier"):
            RULES.new_game(GameConfig(3, {"multiplier": m}), seed=1)
    with pytest.raises(BadConfig, match="dealer"):
        RULES.new_game(GameConfig(3, {"dealer": 3}), seed=1)
    with pytest.raises(BadConfig, match="26 cards"):
        RULES.new_game(GameConfig(3), deck=["death"] * 26)
    with pytest.raises(BadConfig, match="not a card"):
        RULES.new_game(GameConfig(3), deck=["joker"] + order(["death", "bard", "clown"])[1:])
    with pytest.raises(BadConfig, match="seed"):
        RULES.new_game(GameConfig(3))


def test_each_seat_sees_only_its_own_card_and_the_spectator_sees_none():
    s = new(["death", "innkeeper", "trader", "thief"])
    for seat in range(4):
        o = RULES.observe(s, seat)
        assert o.hand == s.hands[seat]
        assert o.cards == tuple(s.hands[seat] if k == seat else None for k in range(4))
    spec = RULES.observe(s, None)
    assert spec.hand is None and spec.cards == (None,) * 4 and spec.deck_size == 22


def test_the_dealer_rotates_to_the_right_and_each_round_uses_the_next_order():
    rounds = [["death", "bard", "clown", "monk"], ["bard", "death", "clown", "monk"],
              ["bard", "clown", "death", "monk"]]
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:])
    s, ev = stand_all(s)
    assert s.round == 2 and s.dealer == 3 and s.order == (2, 1, 0, 3)
    assert s.hands == cards(*rounds[1])
    assert first(ev, "new_round").data["dealer"] == 3
    s, _ev = stand_all(s)
    assert s.dealer == 2 and s.order == (1, 0, 3, 2) and s.hands == cards(*rounds[2])
    s, _ev = stand_all(s)          # the orders have run out: the next deal is shuffled from the seed
    assert s.dealer == 1 and RULES.card_census(s) == {n: 2 for n in NAMES}


# --- the turn: stand, exchange, the dealer's cut ---------------------------------------------
def test_stand_keeps_the_card_and_passes_the_turn_right():
    s = new(["death", "innkeeper", "trader", "thief"])
    s2, ev = run(s, "stand")
    assert s2.hands == s.hands and RULES.to_act(s2) == (2,) and kinds(ev) == ["stand", "turn"]
    assert s2.log == (D.Record("stand", 3),)


def test_exchange_swaps_with_the_right_neighbour_and_both_learn_both_cards():
    s = new(["death", "innkeeper", "trader", "thief"])
    s, ev = run(s, "exchange")                       # seat 3 (thief) with seat 2 (trader)
    assert s.hands == cards("death", "innkeeper", "thief", "trader")
    assert first(ev, "exchange").data == {"seat": 3, "target": 2} and first(ev, "exchange").to is None
    private = first(ev, "exchanged")
    assert private.to == (3, 2) and private.data["gave"] == "thief" and private.data["got"] == "trader"
    assert private.reveals is True and private not in events_for(ev, 1)
    assert RULES.observe(s, 3).cards == (None, None, THIEF, TRADER)
    assert RULES.observe(s, 2).cards == (None, None, THIEF, TRADER)
    assert RULES.observe(s, 1).cards == (None, INNKEEPER, None, None)
    # knowledge follows the cards: seat 2 passes the Thief on to seat 1, seat 3 can tell
    s, _ev = run(s, "exchange")
    assert s.hands == cards("death", "thief", "innkeeper", "trader")
    assert RULES.observe(s, 3).cards == (None, THIEF, None, TRADER)
    assert RULES.observe(s, 2).cards == (None, THIEF, INNKEEPER, TRADER)   # seat 3 still holds the Trader
    assert RULES.observe(s, 1).cards == (None, THIEF, INNKEEPER, None)
    assert RULES.observe(s, 0).cards == (DEATH, None, None, None)


def test_only_the_dealer_cuts_and_the_dealer_cannot_exchange():
    s = new(["clown", "bard", "monk"], dealer=0)     # order 2, 1, 0
    refused(s, D.cut(2), "only the dealer cuts")
    s, _ev = run(s, "stand", "stand")
    assert legal(s) == [("cut", None), ("stand", None)]
    refused(s, D.exchange(0), "dealer cannot exchange")


def test_the_dealers_cut_shows_and_discards_the_card_and_takes_a_random_card_only_the_dealer_sees():
    s = new(["clown", "bard", "monk"], dealer=0, seed=11)
    s, _ev = run(s, "stand", "stand")
    k = cut_index(s)
    got = s.deck[k]
    deck_after = s.deck[:k] + s.deck[k + 1:]
    s, ev = run(s, "cut")                            # the dealer is last: the round ends in this action
    cut_ev = first(ev, "cut")
    assert cut_ev.data == {"seat": 0, "card": "clown", "deck": 22} and cut_ev.reveals is True and cut_ev.to is None
    drawn = first(ev, "drawn")
    assert drawn.to == (0,) and drawn.data == {"seat": 0, "card": NAMES[got], "how": "cut"}
    assert drawn not in events_for(ev, 1) and drawn not in events_for(ev, None)
    result = s.results[-1]
    assert result.cards[0] == got and len(deck_after) == 22
    # the cut card comes from the seeded RNG: the same seed cuts the same card
    again = new(["clown", "bard", "monk"], dealer=0, seed=11)
    again, _ev = run(again, "stand", "stand", "cut")
    assert again.results[-1].cards[0] == got


# --- the active powers ------------------------------------------------------------------------
def test_trader_swaps_itself_with_the_top_card_and_goes_face_up_to_the_discard():
    s = new(["death", "innkeeper", "bard", "trader"], deck=["knight", "queen"])
    assert ("trader", None) in legal(s) and ("stand", None) in legal(s)   # "may": standing keeps it
    s, ev = run(s, "trader")
    assert s.hands[3] == KNIGHT and s.discard == (TRADER,) and s.deck[0] == QUEEN and len(s.deck) == 21
    assert not s.face_up[3]
    assert first(ev, "trader").data == {"seat": 3, "card": "trader", "deck": 21} and first(ev, "trader").reveals
    assert first(ev, "drawn").to == (3,) and first(ev, "drawn").data["card"] == "knight"
    assert RULES.observe(s, 3).cards[3] == KNIGHT and RULES.observe(s, 2).cards[3] is None
    assert RULES.observe(s, None).discard == (TRADER,)
    refused(s, D.trader(2), "do not hold the Trader")


def test_thief_looks_privately_then_swaps():
    s = new(["bard", "monk", "clown", "thief"])       # order 3, 2, 1, 0
    assert legal(s) == [("exchange", None), ("stand", None), ("thief", 0), ("thief", 1), ("thief", 2)]
    s, ev = run(s, ("thief", 1))
    assert kinds(ev) == ["thief", "thief_look"]
    look = first(ev, "thief_look")
    assert look.to == (3,) and look.reveals is True and look.data == {"seat": 3, "target": 1, "card": "monk"}
    assert look not in events_for(ev, 1) and look not in events_for(ev, None)
    assert first(ev, "thief").to is None and first(ev, "thief").reveals is True
    assert s.face_up[3] and RULES.observe(s, 2).cards[3] == THIEF          # the Thief is shown
    assert RULES.observe(s, 3).cards[1] == MONK                             # the look
    assert RULES.observe(s, 2).cards[1] is None and RULES.observe(s, 0).cards[1] is None
    o = RULES.observe(s, 2)
    assert o.phase == "thief" and o.thief == (3, 1) and RULES.to_act(s) == (3,)
    assert legal(s) == [("thief_keep", None), ("thief_swap", None)]
    refused(s, D.stand(3), "the Thief has looked")
    s, ev = run(s, "thief_swap")
    assert s.hands == cards("bard", "thief", "clown", "monk")
    assert s.face_up[1] and not s.face_up[3]
    assert RULES.observe(s, 2).cards == (None, THIEF, CLOWN, None)
    assert RULES.observe(s, 1).cards == (None, THIEF, None, MONK)           # the target knows what it gave
    assert RULES.observe(s, 3).cards == (None, THIEF, None, MONK)
    assert first(ev, "thief_swap").data == {"seat": 3, "target": 1, "card": "thief"}
    assert RULES.to_act(s) == (2,)
    assert s.log[-2:] == (D.Record("thief", 3, target=1), D.Record("thief_swap", 3, target=1))


def test_thief_may_look_and_keep_and_still_knows_the_card():
    s = new(["bard", "monk", "clown", "thief"])
    s, ev = run(s, ("thief", 0), "thief_keep")
    assert s.hands == cards("bard", "monk", "clown", "thief") and s.face_up[3]
    assert first(ev, "thief_keep").data == {"seat": 3, "target": 0}
    assert RULES.observe(s, 3).cards[0] == BARD and RULES.observe(s, 2).cards[0] is None
    assert RULES.to_act(s) == (2,)


def test_thief_and_bard_target_only_players_on_the_right_and_the_dealer_has_none():
    s = new(["thief", "clown", "bard", "monk"])      # order 3, 2, 1, 0; seat 2 has the Bard
    s, _ev = run(s, "stand")
    refused(s, D.bard(2, 3), "plays after you")       # seat 3 has played
    refused(s, D.bard(2, 2), "plays after you")
    assert [t for k, t in legal(s) if k == "bard"] == [0, 1]
    s, _ev = run(s, "stand", "stand")
    assert legal(s) == [("cut", None), ("stand", None)]   # the dealer's Thief has nobody to rob
    refused(s, D.thief(0, 3), "plays after you")
    refused(s, D.thief(0, 1), "plays after you")


def test_bard_swaps_blind_with_a_player_on_the_right_and_stays_face_up():
    s = new(["monk", "queen", "clown", "bard"])       # order 3, 2, 1, 0
    s, ev = run(s, ("bard", 1))
    assert s.hands == cards("monk", "bard", "clown", "queen")
    assert s.face_up == (False, True, False, False)
    assert first(ev, "bard").data == {"seat": 3, "target": 1, "card": "bard"} and first(ev, "bard").reveals
    received = first(ev, "received")
    assert received.to == (3,) and received.data["card"] == "queen"
    assert RULES.observe(s, 3).cards == (None, BARD, None, QUEEN)
    assert RULES.observe(s, 1).cards == (None, BARD, None, QUEEN)
    assert RULES.observe(s, 2).cards == (None, BARD, CLOWN, None)
    # the face-up Bard keeps its face up when it moves on: seat 2 exchanges with seat 1
    s, _ev = run(s, "exchange")
    assert s.hands[2] == BARD and s.face_up[2] and RULES.observe(s, 0).cards[2] == BARD
    assert RULES.observe(s, 0).cards[1] is None
    # the Bard's new holder may use it on its turn
    s2 = new(["monk", "queen", "clown", "bard"])
    s2, _ev = run(s2, ("bard", 1), "stand")
    assert ("bard", 0) in legal(s2)
    s2, _ev = run(s2, ("bard", 0))
    assert s2.hands == cards("bard", "monk", "clown", "queen")


def test_dragon_discards_the_right_neighbours_card_who_draws_and_plays_with_the_new_card():
    s = new(["monk", "clown", "queen", "dragon"], deck=["trader", "knight"])   # order 3, 2, 1, 0
    s, ev = run(s, "dragon")
    assert s.hands == cards("monk", "clown", "trader", "dragon")
    assert s.discard == (QUEEN,) and s.face_up[3] and not s.face_up[2]
    d = first(ev, "dragon")
    assert d.data == {"seat": 3, "target": 2, "card": "dragon", "discarded": "queen", "deck": 21} and d.reveals
    assert first(ev, "drawn").to == (2,) and first(ev, "drawn").data["card"] == "trader"
    assert RULES.observe(s, 2).hand == TRADER and RULES.observe(s, 1).cards[2] is None
    assert RULES.to_act(s) == (2,)
    s, _ev = run(s, "trader")                          # the victim plays its turn with the new card
    assert s.hands[2] == KNIGHT and s.discard == (QUEEN, TRADER)


def test_the_dealer_has_no_dragon_and_a_power_needs_its_card():
    s = new(["dragon", "clown", "queen", "bard"])
    refused(s, D.dragon(3), "do not hold the Dragon")
    refused(s, D.thief(3, 1), "do not hold the Thief")
    s, _ev = run(s, "stand", "stand", "stand")
    assert legal(s) == [("cut", None), ("stand", None)]
    refused(s, D.dragon(0), "nobody plays after the dealer")


# --- the King ---------------------------------------------------------------------------------
def test_king_is_face_up_from_the_deal_and_immune_to_every_exchange_swap_and_discard():
    s = new(["innkeeper", "king", "dragon", "bard", "thief"])     # order 4, 3, 2, 1, 0
    assert s.face_up == (False, True, False, False, False)
    ev = RULES.opening_events(s)
    assert first(ev, "king").data == {"seat": 1, "card": "king", "how": "deal"} and first(ev, "king").to is None
    assert RULES.observe(s, None).cards == (None, KING, None, None, None)
    assert [t for k, t in legal(s) if k == "thief"] == [0, 2, 3]
    refused(s, D.thief(4, 1), "holds a King")
    s, _ev = run(s, "stand")
    assert [t for k, t in legal(s) if k == "bard"] == [0, 2]
    refused(s, D.bard(3, 1), "holds a King")
    s, _ev = run(s, "stand")
    assert legal(s) == [("stand", None)]             # the Dragon's right holds the King
    refused(s, D.dragon(2), "cannot discard it")
    refused(s, D.exchange(2), "no one can exchange with it")
    s, _ev = run(s, "stand")
    assert legal(s) == [("stand", None)]             # the King's holder can only stand
    refused(s, D.exchange(1), "King never leaves its holder")
    s, _ev, = run(s, "stand")
    s, ev = run(s, "stand")
    assert s.results[-1].cards[1] == KING and s.results[-1].values[0] == 11   # and the Innkeeper turns


def test_a_king_drawn_by_the_dragons_victim_turns_face_up_and_can_only_stand():
    s = new(["bard", "clown", "dragon"], deck=["king"])             # order 2, 1, 0
    s, ev = run(s, "dragon")
    assert s.hands[1] == KING and s.face_up[1]
    assert first(ev, "king").data == {"seat": 1, "card": "king", "how": "dragon"}
    assert RULES.observe(s, 0).cards[1] == KING
    assert D.Record("king", 1, card=KING) in s.log
    assert legal(s) == [("stand", None)]


def test_a_king_drawn_by_the_trader_turns_face_up():
    s = new(["bard", "clown", "trader"], deck=["king"])
    s, ev = run(s, "trader")
    assert s.hands[2] == KING and s.face_up[2] and first(ev, "king").data["how"] == "trader"
    assert RULES.observe(s, None).cards[2] == KING


# --- the end of the round: powers in turn order ------------------------------------------------
def test_innkeeper_turns_if_a_king_is_in_play_and_not_otherwise():
    _s, _ev, r = one_round(["innkeeper", "king", "clown"])          # order 2, 1, 0
    assert r.values == (11, 12, 4) and r.turned == (True, False, False) and r.losers == (2,)
    _s, _ev, r = one_round(["innkeeper", "bard", "clown"])
    assert r.values == (1, 5, 4) and r.turned == (False,) * 3 and r.losers == (0,)


def test_clown_turns_if_a_queen_is_in_play_and_not_otherwise():
    _s, _ev, r = one_round(["clown", "queen", "bard"])
    assert r.values == (8, 11, 5) and r.turned == (True, False, False) and r.losers == (2,)
    _s, _ev, r = one_round(["clown", "king", "bard"])
    assert r.values == (4, 12, 5) and r.losers == (0,)


def test_monk_takes_the_value_of_the_card_on_its_right():
    _s, _ev, r = one_round(["death", "king", "monk"])               # order 2, 1, 0: the Monk's right is seat 1
    assert r.values == (0, 12, 12) and r.losers == (0,)
    step = next(st for st in r.steps if st.card == MONK)
    assert step.seat == 2 and step.source == 1 and step.applied and step.changed == ((2, 12, False),)


def test_a_dealer_monk_keeps_its_own_value():
    _s, ev, r = one_round(["monk", "innkeeper", "king"])           # the Monk deals
    assert r.values == (6, 11, 12) and r.losers == (0,)
    step = next(st for st in r.steps if st.card == MONK)
    assert step.seat == 0 and not step.applied and step.changed == ()
    assert first(ev, "power").data["card"] == "innkeeper"
    assert [e.data for e in all_of(ev, "power") if e.data["card"] == "monk"] == [
        {"seat": 0, "card": "monk", "applied": False, "source": -1, "changed": []}]


def test_magician_turns_if_a_monk_is_in_play_even_a_dealer_monk():
    _s, _ev, r = one_round(["princess", "monk", "magician"])       # Monk (seat 1) copies the dealer's 10
    assert r.values == (10, 10, 5) and r.turned == (False, False, True) and r.losers == (2,)
    _s, _ev, r = one_round(["monk", "king", "magician"])
    assert r.values == (6, 12, 5) and r.losers == (2,)
    _s, _ev, r = one_round(["clown", "bard", "magician"])
    assert r.values == (4, 5, 7) and r.losers == (0,)


def test_knight_turns_every_dragon_in_play():
    _s, _ev, r = one_round(["thief", "dragon", "knight", "dragon"])   # order 3, 2, 1, 0
    assert r.values == (3, 4, 9, 4) and r.turned == (False, True, False, True) and r.losers == (0,)
    _s, _ev, r = one_round(["thief", "bard", "knight", "clown"])
    step = next(st for st in r.steps if st.card == KNIGHT)
    assert r.values == (3, 5, 9, 4) and not step.applied and step.changed == ()


def test_princess_turns_every_knight_and_a_turned_knight_keeps_its_power():
    s, ev, r = one_round(["knight", "dragon", "knight", "princess"])  # order 3, 2, 1, 0
    assert r.values == (3, 4, 3, 10) and r.turned == (True, True, True, False) and r.losers == (2, 0)
    assert [(e.data["seat"], e.data["card"]) for e in all_of(ev, "power")] == [
        (3, "princess"), (2, "knight"), (0, "knight")]
    powers = all_of(ev, "power")
    assert powers[0].data["changed"] == [{"seat": 2, "card": "knight", "value": 3, "turned": True},
                                         {"seat": 0, "card": "knight", "value": 3, "turned": True}]
    assert powers[1].data["changed"] == [{"seat": 1, "card": "dragon", "value": 4, "turned": True}]
    assert powers[2].data["changed"] == [] and powers[2].data["applied"]     # a card turns only once


def test_queen_turns_if_a_princess_is_in_play_and_not_otherwise():
    _s, _ev, r = one_round(["bard", "princess", "queen"])
    assert r.values == (5, 10, 1) and r.losers == (2,)
    _s, _ev, r = one_round(["bard", "king", "queen"])
    assert r.values == (5, 12, 11) and r.losers == (0,)


def test_the_monk_copies_a_card_turned_earlier_in_the_turn_order():
    _s, _ev, r = one_round(["bard", "dragon", "monk", "knight"])       # Knight (3), Monk (2), Dragon (1)
    assert r.values == (5, 4, 4, 9) and r.losers == (2, 1)
    # the other way round: the Monk copies the Dragon's 8, then the Knight turns the Dragon
    _s, _ev, r = one_round(["bard", "knight", "dragon", "monk"])       # Monk (3), Dragon (2), Knight (1)
    assert r.values == (5, 9, 4, 8) and r.losers == (2,)


def test_two_knights_turn_a_dragon_once():
    _s, _ev, r = one_round(["trader", "dragon", "knight", "knight"])
    assert r.values == (2, 4, 9, 9) and r.losers == (0,)
    assert [st.changed for st in r.steps] == [((1, 4, True),), ()]


def test_discarded_cards_are_not_in_play():
    s = new(["clown", "queen", "dragon"], deck=["bard"])              # order 2, 1, 0
    s, _ev = run(s, "dragon")                                          # the Queen is discarded
    s, _ev = stand_all(s)
    r = s.results[-1]
    assert r.cards == cards("clown", "bard", "dragon") and r.values == (4, 5, 8) and r.losers == (0,)


def test_death_always_loses_and_the_lowest_values_all_lose():
    s, ev, r = one_round(["queen", "innkeeper", "death"])
    assert r.values == (11, 1, 0) and r.losers == (2,) and s.tokens == (0, 0, 1)
    _s, _ev, r = one_round(["innkeeper", "princess", "queen"])        # Queen turned 1 ties the Innkeeper 1
    assert r.values == (1, 10, 1) and r.losers == (2, 0)


def test_a_monk_copying_death_is_worth_0_and_loses_with_it():
    s, _ev, r = one_round(["king", "death", "monk"])
    assert r.values == (12, 0, 0) and r.losers == (2, 1) and s.tokens == (0, 1, 1)


def test_the_round_end_events_reveal_then_powers_then_tokens():
    s, ev, r = one_round(["king", "innkeeper", "death"])              # order 2, 1, 0
    tail = kinds(ev)[kinds(ev).index("reveal"):]
    assert tail[:5] == ["reveal", "power", "tokens", "round_end", "new_round"]
    reveal = first(ev, "reveal")
    assert reveal.reveals is True and reveal.data["cards"] == {"2": "death", "1": "innkeeper", "0": "king"}
    assert first(ev, "tokens").data == {"seat": 2, "n": 1, "tokens": 1, "value": 0}
    end = first(ev, "round_end").data
    assert end["losers"] == [2] and end["values"] == {"2": 0, "1": 11, "0": 12} and end["turned"] == [1]
    assert end["deltas"] == [0, 0, 1] and end["tokens"] == [0, 0, 1]


# --- the empty deck -----------------------------------------------------------------------------
def test_the_deck_cannot_run_dry_in_play_20_players_using_every_draw_leave_one_card():
    rest = ["innkeeper", "innkeeper", "thief", "thief", "clown", "clown", "bard", "bard", "monk", "monk",
            "magician", "magician", "knight", "knight", "princess", "princess"]
    hands = list(reversed(rest)) + ["trader", "death", "death", "dragon"]   # seats 0-15, then 16-19
    s = new(hands, dealer=0, deck=["dragon", "trader", "queen", "queen"])   # Kings last: deck ends king, king
    assert s.order[:4] == (19, 18, 17, 16) and len(s.deck) == 6
    s, _ev = run(s, "dragon")          # 19 on 18: 18 draws the second Dragon
    s, _ev = run(s, "dragon")          # 18 on 17: 17 draws the second Trader
    s, _ev = run(s, "trader")          # 17 trades: a Queen
    s, _ev = run(s, "trader")          # 16 trades: a Queen
    assert len(s.deck) == 2 and s.deck == cards("king", "king")
    while RULES.to_act(s) != (0,):
        s, _ev = run(s, "stand")
    s, ev = run(s, "cut")              # the dealer cuts: a King
    assert first(ev, "cut").data["deck"] == 1
    assert first(ev, "king").data == {"seat": 0, "card": "king", "how": "cut"}
    assert s.results[-1].cards[0] == KING


def _emptied(state):
    """``state`` with its deck moved to the discard pile (no draw can empty it in play)."""
    return replace(state, deck=(), discard=state.discard + state.deck)


def test_an_empty_deck_offers_no_trader_no_dragon_and_no_cut():
    s = _emptied(new(["bard", "trader", "dragon"]))                    # order 2, 1, 0
    assert RULES.card_census(s) == {n: 2 for n in NAMES}
    assert legal(s) == [("exchange", None), ("stand", None)]
    refused(s, D.dragon(2), "deck is empty")
    s, _ev = run(s, "stand")
    assert legal(s) == [("exchange", None), ("stand", None)]
    refused(s, D.trader(1), "deck is empty")
    s, _ev = run(s, "stand")
    assert legal(s) == [("stand", None)]
    refused(s, D.cut(0), "deck is empty")
    s, _ev = run(s, "stand")
    assert s.round == 2


# --- the modes ---------------------------------------------------------------------------------------
def test_base_mode_one_token_to_the_lowest_and_fewest_tokens_win_after_players_times_multiplier_rounds():
    rounds = [["death", "king"], ["king", "death"], ["death", "bard"], ["bard", "bard"]]
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], multiplier=2)
    assert s.rounds == 4
    dealers = []
    for k in range(4):
        dealers.append(s.dealer)
        assert not s.over
        s, ev = stand_all(s)
    assert dealers == [0, 1, 0, 1]
    assert s.over and s.tokens == (3, 2) and RULES.to_act(s) == ()
    out = RULES.outcome(s)
    assert out.winners == (1,) and out.ranks == (2, 1) and out.scores == (3, 2)
    assert first(ev, "game_over").data == {"winners": [1], "ranks": [2, 1], "tokens": [3, 2], "shared": False}
    refused(s, D.stand(0), "game is over")
    assert RULES.observe(s, 0).phase == "over" and RULES.observe(s, 0).cards == cards("bard", "bard")


def test_base_mode_equal_fewest_tokens_share_the_win():
    rounds = [["death", "king"], ["king", "death"], ["death", "bard"], ["bard", "death"]]
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], multiplier=2)
    for k in range(4):
        s, _ev = stand_all(s)
    out = RULES.outcome(s)
    assert s.tokens == (2, 2) and out.winners == (0, 1) and out.ranks == (1, 1)


def test_the_number_of_rounds_is_players_times_the_multiplier():
    assert RULES.new_game(GameConfig(4), seed=1).rounds == 12
    assert RULES.new_game(GameConfig(4, {"multiplier": 2}), seed=1).rounds == 8
    assert RULES.new_game(GameConfig(5, {"multiplier": 6}), seed=1).rounds == 30
    assert RULES.new_game(GameConfig(5, {"mode": "death_over_all", "multiplier": 4}), seed=1).rounds == 20
    assert RULES.new_game(GameConfig(5, {"mode": "only_one"}), seed=1).rounds is None


def test_death_over_all_gives_3_2_1_to_the_three_lowest_values():
    s, ev, r = one_round(["bard", "trader", "innkeeper", "death"], mode="death_over_all")
    assert r.values == (5, 2, 1, 0) and r.losers == (3,)
    assert s.tokens == (0, 1, 2, 3) and r.deltas == (0, 1, 2, 3) and r.returned == ()
    assert [(e.data["seat"], e.data["n"]) for e in all_of(ev, "tokens")] == [(3, 3), (2, 2), (1, 1)]


def test_death_over_all_ties_share_a_place_and_each_king_returns_one_token_it_has():
    s, ev, r = one_round(["king", "bard", "bard", "death"], mode="death_over_all")
    # Death 3, both Bards 2, the King is the third value: 1, then returns it
    assert s.tokens == (0, 2, 2, 3) and r.deltas == (0, 2, 2, 3) and r.returned == (0,)
    assert first(ev, "king_return").data == {"seat": 0, "n": 1, "tokens": 0}
    # a King holder with no token returns nothing
    s, ev, r = one_round(["king", "clown", "bard", "death", "death"], mode="death_over_all")
    assert s.tokens == (0, 2, 1, 3, 3) and r.returned == () and "king_return" not in kinds(ev)


def test_death_over_all_ends_after_the_rounds_with_the_fewest_tokens_winning():
    rounds = [["innkeeper", "king"], ["king", "innkeeper"], ["death", "bard"], ["death", "bard"]]
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], mode="death_over_all", multiplier=2)
    s, _ev = stand_all(s)
    assert s.tokens == (3, 1)                      # Innkeeper turned 11: 3; King 2, returns 1
    for k in range(3):
        s, _ev = stand_all(s)
    assert s.over and s.tokens == (10, 8)
    assert RULES.outcome(s).winners == (1,) and RULES.outcome(s).ranks == (2, 1)


def test_only_one_starting_tokens_by_player_count():
    for n, t in ((2, 5), (6, 5), (7, 4), (12, 4), (13, 3), (20, 3)):
        assert RULES.new_game(GameConfig(n, {"mode": "only_one"}), seed=1).tokens == (t,) * n
    assert RULES.new_game(GameConfig(6), seed=1).tokens == (0,) * 6


def test_only_one_the_lowest_lose_a_token_an_empty_seat_is_out_and_the_last_one_wins():
    rounds = [["bard", "death", "clown"]] * 5 + [["bard", None, "death"]] * 5
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], mode="only_one")
    for k in range(4):
        s, _ev = stand_all(s)
    assert s.tokens == (5, 1, 5) and not s.out
    s, ev = stand_all(s)                           # round 5: seat 1 loses its last token
    assert s.tokens == (5, 0, 5) and s.out == (1,) and s.out_round == (None, 5, None)
    assert first(ev, "eliminated").data == {"seat": 1, "round": 5}
    assert s.results[-1].eliminated == (1,)
    # seat 1 gets no card, takes no turn and never deals
    assert s.hands[1] is None and 1 not in s.order and len(s.order) == 2 and s.dealer != 1
    assert s.order == turn_order(3, s.dealer, out=(1,))
    assert RULES.observe(s, 1).hand is None and RULES.legal_actions(s, 1).actions == ()
    refused(s, D.stand(1), "out of the game")
    dealers = []
    for k in range(4):
        dealers.append(s.dealer)
        s, _ev = stand_all(s)
    assert all(d in (0, 2) for d in dealers) and dealers[0] != dealers[1]
    assert s.tokens == (5, 0, 1) and not s.over
    s, ev = stand_all(s)
    assert s.over and s.tokens == (5, 0, 0) and s.out_round == (None, 5, 10)
    out = RULES.outcome(s)
    assert out.winners == (0,) and out.ranks == (1, 3, 2) and out.scores == (5, 0, 0)
    assert first(ev, "game_over").data["shared"] is False


def test_only_one_when_the_last_players_fall_together_they_share_the_win():
    rounds = [["death", "death"]] * 5
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], mode="only_one")
    for k in range(5):
        s, ev = stand_all(s)
    assert s.over and s.tokens == (0, 0) and s.out_round == (5, 5)
    out = RULES.outcome(s)
    assert out.winners == (0, 1) and out.ranks == (1, 1)
    assert first(ev, "game_over").data == {"winners": [0, 1], "ranks": [1, 1], "tokens": [0, 0], "shared": True}


def test_only_one_a_shared_last_fall_after_an_earlier_elimination():
    rounds = [["bard", "death", "clown"]] * 5 + [["death", None, "death"]] * 5
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], mode="only_one")
    for k in range(10):
        s, _ev = stand_all(s)
    assert s.over and s.out_round == (10, 5, 10)
    out = RULES.outcome(s)
    assert out.winners == (0, 2) and out.ranks == (1, 3, 1)


def test_only_one_the_monk_copies_the_next_player_still_in():
    rounds = [["bard", "death", "clown", "queen"]] * 5 + [["monk", None, "king", "clown"]]
    s = new(rounds[0], dealer=0, more=schedule(rounds, 0)[1:], mode="only_one")
    for k in range(5):
        s, _ev = stand_all(s)
    assert s.out == (1,) and s.dealer == 3 and s.order == (2, 0, 3)
    s, _ev = stand_all(s)
    r = s.results[-1]
    assert r.values == (4, None, 12, 4)             # seat 0's Monk copies seat 3's Clown (no Queen): 4
    assert r.losers == (0, 3)


# --- actions, errors, records ---------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_reasons():
    s = new(["death", "innkeeper", "trader", "thief"])
    with pytest.raises(NotYourTurn, match="seat 3's turn"):
        RULES.apply(s, D.stand(2))
    refused(s, Action.make(3, "pass"), "not a move")
    refused(s, Action.make(3, "stand", target=1), "takes no target")
    refused(s, Action.make(3, "thief", target="two"), "seat number")
    refused(s, Action.make(9, "stand"), "no seat 9")
    refused(s, D.thief_swap(3), "no Thief's look")


def test_actions_round_trip_through_json_and_a_seeded_game_replays():
    state = RULES.new_game(GameConfig(4, {"mode": "death_over_all", "multiplier": 2}), seed=9)
    rng = Rng(4)
    log = []
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        a = RULES.legal_actions(state, seat).sample(rng)
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        log.append(a.to_json())
        state, _ev = RULES.apply(state, a)
    again = RULES.new_game(GameConfig(4, {"mode": "death_over_all", "multiplier": 2}), seed=9)
    for a in log:
        again, _ev = RULES.apply(again, Action.from_json(a))
    assert again == state and RULES.outcome(again) == RULES.outcome(state)
    assert json.loads(json.dumps(RULES.observe(state, 1).to_json()))["mode"] == "death_over_all"


def test_the_state_is_immutable_and_apply_leaves_it_untouched():
    s = new(["death", "innkeeper", "trader", "thief"])
    before = repr(s)
    run(s, "exchange", "stand")
    assert repr(s) == before
    with pytest.raises(Exception):
        s.round = 3   # type: ignore[misc]


def test_determinize_agrees_with_the_observation_and_keeps_kings_face_up():
    s = new(["bard", "king", "monk", "thief"])
    s, _ev = run(s, ("thief", 0))
    rng = Rng(1)
    for seat in (None, 0, 1, 2, 3):
        o = RULES.observe(s, seat)
        for k in range(5):
            w = RULES.determinize(o, rng)
            assert RULES.observe(w, seat) == o
            assert RULES.card_census(w) == {n: 2 for n in NAMES}
            assert all(w.face_up[t] for t in range(4) if w.hands[t] == KING)


def test_every_event_showing_a_hidden_card_is_private_to_who_may_see_it_and_marked_as_a_reveal():
    private = {"card": 1, "drawn": 1, "thief_look": 1, "exchanged": 2, "received": 1}
    public_reveals = {"king", "cut", "trader", "thief", "bard", "dragon", "reveal"}
    seen = set()
    for seed in range(6):
        state = RULES.new_game(GameConfig(5, {"mode": D.MODES[seed % 3]}), seed=seed)
        for e in random_game_events(RULES, state, seed):
            seen.add(e.kind)
            if e.kind in private:
                assert e.to is not None and len(e.to) == private[e.kind] and e.reveals is True
            else:
                assert e.to is None
                assert (e.reveals is True) == (e.kind in public_reveals), e.kind
    assert set(private) | public_reveals | {"power", "tokens", "round_end", "game_over"} <= seen


def test_the_list_and_the_reasons_of_a_turn_agree_on_every_candidate():
    """``legal_actions`` (the list) and ``_refusal`` (the reasons, reached through ``apply``'s
    checks) are the two forms of the rules of a turn: on every candidate of every turn of
    random games in each mode, an action is listed exactly when apply accepts it."""
    rng = Rng(5)
    checked = 0
    seen = set()
    for mode, n, seed in (("base", 4, 1), ("death_over_all", 6, 2), ("only_one", 3, 3), ("base", 9, 4)):
        s = RULES.new_game(GameConfig(n, dict(RULES.default_options, mode=mode)), seed=seed)
        steps = 0
        while RULES.outcome(s) is None and steps < 120:
            seat = RULES.to_act(s)[0]
            space = RULES.legal_actions(s, seat)
            listed = {(a.kind, a.get("target")) for a in space}
            candidates = [Action.make(seat, k) for k in D.TURN_KINDS + D.THIEF_KINDS if k not in D.TARGETED]
            candidates += [Action.make(seat, k, target=t) for k in D.TARGETED for t in range(n)]
            for a in candidates:
                try:
                    RULES.apply(s, a)           # a new object: checked, never trusted
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == ((a.kind, a.get("target")) in listed), (a, s)
                seen.add((a.kind, accepted))
                checked += 1
            s, _e = RULES.apply(s, space.sample(rng))
            steps += 1
    assert checked > 1000
    # every kind was both accepted and refused somewhere (the test sees both answers)
    for kind in D.TURN_KINDS + D.THIEF_KINDS:
        if kind != "stand":
            assert (kind, True) in seen and (kind, False) in seen, kind


def test_the_player_on_your_right_is_the_next_seat_still_playing_counter_clockwise():
    """``player_on_right`` (read from the round's turn order) and ``next_dealer`` are the
    seat-ring's "next seat still playing, counter-clockwise" (RULINGS §1, Turn order), with
    seats out in "There can be only one"; the dealer has no one on their right this round."""
    from game.core.seats import COUNTER_CLOCKWISE, next_active
    rng = Rng(11)
    asked = 0
    for n, seed in ((3, 1), (7, 2), (12, 3)):
        s = RULES.new_game(GameConfig(n, dict(RULES.default_options, mode="only_one")), seed=seed)
        while RULES.outcome(s) is None:
            seat = RULES.to_act(s)[0]
            if s.thief is None:
                if seat == s.dealer:
                    assert D.player_on_right(s) == -1
                else:
                    assert D.player_on_right(s) == next_active(seat, n, s.out, COUNTER_CLOCKWISE)
                    asked += 1
            before = s
            s, _e = RULES.apply(s, RULES.legal_actions(s, seat).sample(rng))
            if s.round != before.round:
                assert s.dealer == D.next_dealer(before.dealer, n, s.out_round) == \
                    next_active(before.dealer, n, s.out, COUNTER_CLOCKWISE)
    assert asked > 100
