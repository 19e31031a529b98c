"""Scenario tests for every Fireball Court rule (seed 002 + RULINGS.md section 3).

Deals come from explicit deck orders (tests/court_helpers.py); end-of-round
positions are built from a dealt game with the draw pile empty.
"""
import json
from collections import Counter

import pytest

from game.core.actions import Action, BadConfig, IllegalAction, NotYourTurn, events_for
from game.core.rng import Rng
from game.core.rules import GameConfig
from court_helpers import (CARD_INDEX, NAMES, RULES, C, endgame, first, ids, kinds, new, order, play,
                           run)


def n(name):
    return CARD_INDEX[name]


# --- the cards -------------------------------------------------------------------
def test_fifty_cards_three_coins_and_a_raven_per_number_four_of_each_senior_two_fireballs():
    assert C.DECK_SIZE == 50 and len(set(NAMES)) == 50
    by_suit = Counter(c.suit for c in C.CARDS)
    assert all(by_suit[str(k)] == 4 for k in range(1, 10))
    assert by_suit["king"] == by_suit["castle"] == by_suit["knight"] == 4
    assert by_suit["fireball"] == 2
    for k in range(1, 10):
        kinds_ = Counter(c.kind for c in C.CARDS if c.suit == str(k))
        assert kinds_ == {"coin": 3, "raven": 1}
    s = RULES.new_game(GameConfig(2), seed=5)
    assert RULES.card_census(s) == {name: 1 for name in NAMES}


# --- the deal --------------------------------------------------------------------
def test_explicit_deal_alternates_hands_and_stacks_same_suit_court_cards():
    s = new(hand0=["9c", "2c", "3c", "4c"], hand1=["8c", "2c", "3c", "4c"],
            court=["7c", "7r", "king", "3r", "7c", "castle"], pile=["5c"])
    assert s.court == (ids(["7c1", "7r", "7c2"]), ids(["king1"]), ids(["3r"]), ids(["castle1"]))
    # seat 0 holds the 9, starts, and has drawn the top of the pile
    assert s.hands[0] == ids(["9c1", "2c1", "3c1", "4c1", "5c1"])
    assert s.hands[1] == ids(["8c1", "2c2", "3c2", "4c2"])
    assert len(s.pile) == 50 - 8 - 6 - 1
    laid = [e for e in RULES.opening_events(s) if e.kind == "court_card"]
    assert [e.data["card"] for e in laid] == ["7c1", "7r", "king1", "3r", "7c2", "castle1"]
    assert [e.data["stacked"] for e in laid] == [False, True, False, False, True, False]
    assert [e.data["stack"] for e in laid] == [0, 0, 1, 2, 0, 3]


def test_three_of_a_suit_in_the_court_is_one_stack_and_no_redeal():
    s = new(court=["5c", "5c", "5r", "king", "castle", "knight"])
    assert s.court[0] == ids(["5c1", "5c2", "5r"]) and len(s.court) == 4
    assert "redeal" not in kinds(RULES.opening_events(s))


def test_a_whole_suit_in_the_court_redeals_with_the_next_explicit_order():
    second = order(["9c", "1c", "2c", "3c"], ["8c", "1c", "2c", "3c"],
                   court=["4c", "5c", "6c", "7c", "king", "castle"])
    s = new(court=["5c", "5c", "5c", "5r", "king", "castle"], more=[second])
    ev = RULES.opening_events(s)
    assert kinds(ev).count("deal") == 2
    assert first(ev, "redeal").data["suit"] == "5"
    assert s.hands[1] == ids(["8c1", "1c2", "2c2", "3c2"])
    assert s.court == tuple((c,) for c in ids(["4c1", "5c1", "6c1", "7c1", "king1", "castle1"]))
    assert not s.deals


def test_a_redeal_past_the_explicit_orders_is_a_seeded_shuffle():
    a = new(court=["5c", "5c", "5c", "5r", "king", "castle"], seed=3)
    b = new(court=["5c", "5c", "5c", "5r", "king", "castle"], seed=4)
    assert "redeal" in kinds(RULES.opening_events(a))
    for s in (a, b):
        assert all(len(st) < 4 for st in s.court)
        assert sum(len(st) for st in s.court) == 6
        assert RULES.card_census(s) == {name: 1 for name in NAMES}
    assert a.hands != b.hands or a.court != b.court


def test_a_fireball_dealt_to_the_court_goes_back_and_is_replaced():
    s = new(court=["7c", "fireball", "king", "fireball", "3r", "castle", "9r", "knight"])
    ev = RULES.opening_events(s)
    backs = [e for e in ev if e.kind == "fireball_back"]
    assert [e.data["card"] for e in backs] == ["fireball1", "fireball2"]
    assert not any(e.data["shuffled"] for e in backs)
    assert s.court == tuple((c,) for c in ids(["7c1", "king1", "3r", "castle1", "9r", "knight1"]))
    # with an explicit order the Fireballs go to the bottom of the pile
    assert s.pile[-2:] == ids(["fireball1", "fireball2"])
    assert len(s.pile) == 35


def test_a_seeded_deal_never_leaves_a_fireball_in_the_court_and_shuffles_it_back():
    fireballs = set(ids(["fireball1", "fireball2"]))
    shuffled_back = 0
    at_bottom = []
    for seed in range(150):
        s = RULES.new_game(GameConfig(2), seed=seed)
        assert not fireballs & {c for st in s.court for c in st}
        assert sum(len(st) for st in s.court) == 6
        backs = [e for e in RULES.opening_events(s) if e.kind == "fireball_back"]
        shuffled_back += len(backs)
        assert all(e.data["shuffled"] for e in backs)
        for e in backs:
            at_bottom.append(s.pile[-1] == CARD_INDEX[e.data["card"]])
    assert shuffled_back > 3
    assert not all(at_bottom), "shuffled back into the pile, not put at the bottom"


# --- the start player --------------------------------------------------------------
def test_the_highest_number_card_starts_and_seniors_do_not_count():
    s = new(hand0=["8c", "2c", "king", "king"], hand1=["9r", "1c", "knight", "castle"])
    assert s.starter == 1 and RULES.to_act(s) == (1,)
    assert len(s.hands[1]) == 5 and len(s.hands[0]) == 4
    st = first(RULES.opening_events(s), "start")
    assert st.data == {"round": 1, "seat": 1, "highs": [8, 9], "why": "highest"}
    s = new(hand0=["king", "king", "castle", "2c"], hand1=["1c", "knight", "knight", "castle"])
    assert s.starter == 0 and s.highs == (2, 1)


def test_round_one_tie_goes_to_the_opener_seat_zero_by_default():
    hands = dict(hand0=["7c", "2c", "3c", "king"], hand1=["7r", "1c", "4c", "castle"])
    s = new(**hands)
    assert s.starter == 0 and first(RULES.opening_events(s), "start").data["why"] == "tie"
    s = new(**hands, opener=1)
    assert s.starter == 1 and RULES.to_act(s) == (1,)


def test_no_number_card_in_either_hand_is_a_tie_too():
    s = new(hand0=["king", "king", "castle", "fireball"], hand1=["knight", "knight", "castle", "king"],
            opener=1)
    assert s.starter == 1 and first(RULES.opening_events(s), "start").data["why"] == "no_number"
    s = new(hand0=["king", "king", "castle", "fireball"], hand1=["knight", "knight", "castle", "1c"])
    assert s.starter == 1


def test_opener_random_is_drawn_from_the_seed():
    hands = dict(hand0=["7c", "2c", "3c", "king"], hand1=["7r", "1c", "4c", "castle"])
    starters = {new(**hands, opener="random", seed=k).starter for k in range(12)}
    assert starters == {0, 1}
    assert new(**hands, opener="random", seed=5).starter == new(**hands, opener="random", seed=5).starter


TIE = order(["7c", "2c", "3c", "king"], ["7r", "1c", "4c", "castle"],
            court=["5c", "6c", "8c", "9c", "knight", "1r"])


@pytest.mark.parametrize("previous", [0, 1])
def test_a_tie_in_a_later_round_goes_to_who_did_not_start_the_last_round(previous):
    s = endgame(hands=(["2c"], []), turn=0, last=1, starter=previous, more=[TIE])
    s, ev = run(s, "2c1")
    assert s.round == 2 and not s.over
    assert s.starter == 1 - previous
    assert first(ev, "start").data == {"round": 2, "seat": 1 - previous, "highs": [7, 7], "why": "tie"}
    assert RULES.to_act(s) == (1 - previous,)
    assert s.hands[1 - previous][:4] == (ids(["7c1", "2c1", "3c1", "king1"]) if previous == 1
                                         else ids(["7r", "1c1", "4c1", "castle1"]))


# --- the turn ------------------------------------------------------------------------
def test_drawing_is_automatic_public_that_someone_drew_private_which_card():
    s = new(pile=["1r", "6r"])
    ev = RULES.opening_events(s)
    draw = first(ev, "draw")
    assert draw.to is None and draw.data == {"seat": 0, "pile": 35}
    drawn = first(ev, "drawn")
    assert drawn.to == (0,) and drawn.data == {"seat": 0, "card": "1r"}
    assert events_for(ev, 1) and not any(e.kind == "drawn" for e in events_for(ev, 1))
    assert not any(e.kind == "hand" for e in events_for(ev, None))
    s, ev = run(s, "2c1")
    assert len(s.hands[1]) == 5 and n("6r") in s.hands[1] and len(s.pile) == 34
    assert first(ev, "drawn").data == {"seat": 1, "card": "6r"} and first(ev, "drawn").to == (1,)


def test_a_matching_card_captures_the_whole_stack():
    s = new(court=["7c", "7r", "king", "3r", "7c", "castle"], pile=["7c"])
    assert s.turn == 0 and n("7c3") in s.hands[0]
    s, ev = run(s, "7c3")
    assert s.captures[0] == ids(["7c1", "7r", "7c2", "7c3"])
    assert s.court == (ids(["king1"]), ids(["3r"]), ids(["castle1"]))
    assert s.last_capturer == 0
    cap = first(ev, "capture")
    assert cap.data == {"seat": 0, "card": "7c3", "suit": "7", "stack": 0,
                        "cards": ["7c1", "7r", "7c2", "7c3"]}
    assert kinds(ev)[:2] == ["play", "capture"] and s.turn == 1
    # a senior captures the same senior
    s = new(hand1=["8c", "2c", "3c", "king"])
    s, ev = run(s, "2c1", "king1")      # the hand was dealt first: it holds king1, the Court king2
    assert s.captures[1] == ids(["king2", "king1"]) and s.last_capturer == 1


def test_a_card_that_matches_nothing_becomes_a_new_stack():
    s = new()
    s, ev = run(s, "2c1")
    assert s.court[-1] == (n("2c1"),) and len(s.court) == 7
    assert first(ev, "lay").data == {"seat": 0, "card": "2c1", "suit": "2", "stack": 6}
    assert s.captures == ((), ()) and s.last_capturer is None
    # and the next 2 captures it
    s, ev = run(s, "2c2")
    assert s.captures[1] == ids(["2c1", "2c2"])


def test_a_capture_is_never_forced():
    s = new(court=["7c", "5c", "6c", "king", "castle", "knight"], pile=["7c"])
    legal = set(RULES.legal_actions(s, 0))
    assert play(0, "7c2") in legal and play(0, "2c1") in legal
    assert len(legal) == 5
    s, _ = run(s, "2c1")
    assert s.captures[0] == () and (n("7c1"),) in s.court and (n("2c1"),) in s.court


def test_a_fireball_captures_the_whole_court_and_on_an_empty_court_nothing():
    s = new(hand0=["9c", "fireball", "3c", "4c"], hand1=["8c", "fireball", "3c", "4c"],
            court=["5c", "5r", "6c", "king", "castle", "knight"])
    court_cards = [c for st in s.court for c in st]
    s, ev = run(s, "fireball1")
    assert s.court == ()
    assert s.captures[0] == tuple(court_cards) + ids(["fireball1"])
    sweep = first(ev, "sweep")
    assert sweep.data["cards"] == ["5c1", "5r", "6c1", "king1", "castle1", "knight1"]
    assert sweep.data["stacks"][0] == ["5c1", "5r"]
    assert s.last_capturer == 0
    # the other Fireball on the empty Court captures nothing and goes to its player's pile
    s, ev = run(s, "fireball2")
    assert "sweep_empty" in kinds(ev) and "sweep" not in kinds(ev)
    assert s.captures[1] == ids(["fireball2"]) and s.court == ()
    assert s.last_capturer == 0, "capturing nothing does not make a last capturer"


def test_once_the_pile_runs_out_players_play_from_their_hands_until_both_are_empty():
    s = new()
    plays = draws = 0
    sizes_after_pile = []
    while s.round == 1:
        if not s.pile:
            sizes_after_pile.append(len(s.hands[s.turn]))
        before = len(s.pile)
        s, ev = RULES.apply(s, next(iter(RULES.legal_actions(s, s.turn))))
        plays += 1
        draws += sum(1 for e in ev if e.kind == "draw" and e.data["pile"] < before)
        if s.round == 1:
            assert "round_end" not in kinds(ev)
    assert plays == 50 - 6 and draws == 35       # + the opening draw = the 36 pile cards
    assert sizes_after_pile == [5, 4, 4, 3, 3, 2, 2, 1, 1]   # the last drawer holds 5
    assert "round_end" in kinds(ev)


# --- the end of the round --------------------------------------------------------------
def test_court_leftovers_go_to_the_last_capturer_not_the_last_player():
    s = endgame(hands=(["2c"], ["3c"]), court=[["9c"], ["king", "king"]], caps=(["5c", "5c"], []),
                turn=0, last=0, rest=1)
    s, ev = run(s, "2c1", "3c1")
    left = first(ev, "leftovers")
    assert left.data["seat"] == 0
    assert sorted(left.data["cards"]) == sorted(["9c1", "king1", "king2", "2c1", "3c1"])
    res = s.results[-1]
    assert res.last_capturer == 0 and res.leftovers == 5
    # seat 0: coins 5c1 5c2 9c1 2c1 3c1 = 5, minus 2 to seat 1's ravens; kings 2 -> 2
    assert (res.scores[0].coins, res.scores[0].steal, res.scores[0].points) == (5, -2, 5)
    # seat 1: 22 coins + 2 stolen, kings 2 -> 2, castles 4 -> 10, knights 4 -> 10
    assert (res.scores[1].coins, res.scores[1].steal, res.scores[1].points) == (22, 2, 46)
    assert s.totals == (5, 46)


def test_a_fireball_on_an_empty_court_does_not_take_the_leftovers():
    s = endgame(hands=(["2c"], ["fireball"]), caps=(["5c"], []), turn=1, last=0, rest=0)
    s, ev = run(s, "fireball1", "2c1")
    assert "sweep_empty" in kinds(ev)
    assert first(ev, "leftovers").data == {"seat": 0, "stacks": [["2c1"]], "cards": ["2c1"]}


def _raven_game(victim_caps, **options):
    # seat 1 holds the listed cards; seat 0 has every other card (8 ravens)
    s = endgame(hands=(["9c"], []), caps=([], victim_caps), turn=0, last=0, rest=0, **options)
    return run(s, "9c1")


def test_the_raven_steal_takes_two_coins_from_the_top_of_the_coin_pile():
    s, ev = _raven_game(["1r", "3c", "4c", "6c"], target=1)   # the game ends: the piles stay
    steal = first(ev, "raven_steal")
    assert steal.data == {"seat": 0, "from": 1, "ravens": [8, 1], "n": 2, "cards": ["4c1", "6c1"]}
    assert s.results[-1].scores[1].points == 1
    assert s.results[-1].scores[0].points == 24 + 2 + 30
    assert s.captures[1] == ids(["1r", "3c1"])
    assert s.captures[0][-2:] == ids(["4c1", "6c1"])


@pytest.mark.parametrize("coins,stolen", [(1, 1), (0, 0)])
def test_the_raven_steal_never_takes_more_than_the_other_has(coins, stolen):
    s, ev = _raven_game(["1r"] + ["3c"] * coins)
    assert first(ev, "raven_steal").data["n"] == stolen
    sc = s.results[-1].scores
    assert (sc[1].steal, sc[1].points) == (-stolen, 0)
    assert (sc[0].steal, sc[0].points) == (stolen, 27 - coins + stolen + 30)


def test_round_end_event_gives_the_score_line_by_line():
    s, ev = _raven_game(["1r", "3c", "4c", "6c", "king"])
    end = first(ev, "round_end")
    s0, s1 = end.data["seats"]
    assert s0 == {"seat": 0, "coins": 24, "ravens": 8, "steal": 2, "coins_after": 26,
                  "sets": [{"suit": "king", "cards": 3, "points": 5},
                           {"suit": "castle", "cards": 4, "points": 10},
                           {"suit": "knight", "cards": 4, "points": 10}],
                  "points": 51, "total": 51}
    assert s1["sets"] == [] and s1["points"] == 1 and end.data["totals"] == [51, 1]
    k = kinds(ev)
    assert k.index("leftovers") < k.index("raven_steal") < k.index("round_end") < k.index("new_round")


# --- scoring ---------------------------------------------------------------------------
@pytest.mark.parametrize("count,points", [(1, 0), (2, 2), (3, 5), (4, 10)])
def test_each_senior_set_size(count, points):
    s = endgame(hands=([], ["9c"]), caps=(["king"] * count, []), turn=1, last=1, rest=1)
    s, ev = run(s, "9c1")
    sc = s.results[-1].scores[0]
    assert sc.coins == 0 and sc.steal == 0
    assert sc.sets == ((("king", count, points),) if points else ())
    assert sc.points == points


def test_sets_of_every_senior_suit_add_up():
    s = endgame(hands=([], ["9c"]), caps=(["king"] * 2 + ["castle"] * 3 + ["knight"] * 4, []),
                turn=1, last=1, rest=1)
    s, _ = run(s, "9c1")
    sc0, sc1 = s.results[-1].scores
    assert sc0.sets == (("king", 2, 2), ("castle", 3, 5), ("knight", 4, 10)) and sc0.points == 17
    assert sc1.sets == (("king", 2, 2),) and sc1.points == 27 + 2
    assert s.totals == (17, 29)


# --- the end of the game ------------------------------------------------------------------
SETS17 = dict(hands=([], ["9c"]), caps=(["king"] * 2 + ["castle"] * 3 + ["knight"] * 4, []),
              turn=1, last=1, rest=1)          # seat 0 scores 17, seat 1 scores 29


def test_reaching_101_ends_the_game_and_the_highest_total_wins():
    s = endgame(totals=(90, 0), **SETS17)
    s, ev = run(s, "9c1")
    assert s.over and RULES.to_act(s) == ()
    assert RULES.outcome(s).winners == (0,) and RULES.outcome(s).scores == (107, 29)
    assert RULES.outcome(s).ranks == (1, 2)
    assert first(ev, "game_over").data == {"winners": [0], "totals": [107, 29]}
    assert "new_round" not in kinds(ev)
    with pytest.raises(IllegalAction, match="the game is over"):
        RULES.apply(s, play(0, "1c1"))


def test_exactly_101_is_enough():
    s = endgame(totals=(84, 0), **SETS17)
    s, _ = run(s, "9c1")
    assert s.totals == (101, 29) and s.over and RULES.outcome(s).winners == (0,)


def test_when_both_pass_101_the_higher_total_wins():
    s = endgame(totals=(95, 90), **SETS17)
    s, _ = run(s, "9c1")
    assert RULES.outcome(s).winners == (1,) and s.totals == (112, 119)


def test_below_101_another_round_is_dealt():
    s = endgame(totals=(83, 0), **SETS17)
    s, ev = run(s, "9c1")
    assert not s.over and RULES.outcome(s) is None
    assert s.totals == (100, 29) and s.round == 2
    assert kinds(ev).index("round_end") < kinds(ev).index("new_round") < kinds(ev).index("deal")
    assert sum(len(h) for h in s.hands) == 9 and sum(len(st) for st in s.court) == 6
    assert s.captures == ((), ()) and s.last_capturer is None
    assert RULES.card_census(s) == {name: 1 for name in NAMES}


def test_a_tie_at_101_or_more_plays_another_round():
    s = endgame(totals=(100, 88), **SETS17)
    s, ev = run(s, "9c1")
    assert s.totals == (117, 117)
    assert not s.over and s.round == 2 and RULES.outcome(s) is None
    assert first(ev, "round_end").data["tie"] is True
    assert "game_over" not in kinds(ev)
    # the next round decides it
    s = endgame(totals=(117, 117), round=2, **SETS17)
    s, _ = run(s, "9c1")
    assert s.over and RULES.outcome(s).winners == (1,)


def test_the_target_option():
    s = endgame(totals=(0, 0), target=20, **SETS17)
    s, _ = run(s, "9c1")
    assert s.over and RULES.outcome(s).winners == (1,)


# --- explicit decks for several deals -------------------------------------------------------
def test_explicit_orders_fix_later_rounds_then_the_seed_takes_over():
    third = order(["9c", "1c", "2c", "3c"], ["8c", "1c", "2c", "3c"],
                  court=["4c", "5c", "6c", "7c", "king", "castle"])
    s = endgame(hands=(["2c"], []), turn=0, last=0, starter=0, more=[third])
    s, _ = run(s, "2c1")
    assert s.round == 2 and s.hands[1] == ids(["8c1", "1c2", "2c2", "3c2"])
    # the orders may also be given by name, {"deck": [...]}
    d = RULES.new_game(GameConfig(2), deck={"deck": [order(**_plain()), third]})
    assert d.deals == (tuple(n(x) for x in third),)
    one = RULES.new_game(GameConfig(2), deck={"deck": order(**_plain())})
    assert one == RULES.new_game(GameConfig(2), deck=order(**_plain())) and one.deals == ()
    # without explicit orders left, the next deal is shuffled from the seed
    a = endgame(hands=(["2c"], []), turn=0, last=0, seed=1)
    b = endgame(hands=(["2c"], []), turn=0, last=0, seed=2)
    a, _ = run(a, "2c1")
    b, _ = run(b, "2c1")
    a2 = endgame(hands=(["2c"], []), turn=0, last=0, seed=1)
    a2, _ = run(a2, "2c1")
    assert a == a2 and a.hands != b.hands


def _plain():
    from court_helpers import PLAIN
    return dict(PLAIN)


def test_bad_decks_and_options_are_refused():
    good = order(**_plain())
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2), deck=good[:-1])
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2), deck=good[:-1] + [good[0]])
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2), deck={"orders": [good]})
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2), deck=["king"] * 5 + good[5:])
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2))
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(3), seed=1)
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2, {"dealer": 0}), seed=1)
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2, {"opener": 2}), seed=1)
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(2, {"target": 0}), seed=1)


# --- illegal actions -------------------------------------------------------------------------
@pytest.mark.parametrize("action,error,reason", [
    (play(1, "8c1"), NotYourTurn, "it is seat 0's turn"),
    (play(0, "8c1"), IllegalAction, r"you do not hold that card \(8 with a coin\)"),
    (play(0, "1c2"), IllegalAction, r"you do not hold that card \(1 with a coin\)"),      # the top of the pile
    (play(0, "5c1"), IllegalAction, "you do not hold that card"),      # a Court card
    (Action.make(0, "play", card="dragon"), IllegalAction, "dragon is not a card"),
    (Action.make(0, "play"), IllegalAction, "say which card to play"),
    (Action.make(0, "play", card=3), IllegalAction, "say which card to play"),
    (Action.make(0, "draw"), IllegalAction, "play one card from your hand"),
    (Action.make(0, "play", card="9c1", capture=False), IllegalAction, "names only its card"),
    (Action.make(4, "play", card="9c1"), IllegalAction, "there is no seat 4"),
])
def test_illegal_actions_give_reasons_and_change_nothing(action, error, reason):
    s = new()
    before = new()
    with pytest.raises(error, match=reason):
        RULES.apply(s, action)
    assert s == before
    assert action not in RULES.legal_actions(s, action.seat if 0 <= action.seat < 2 else 0)


def test_only_the_seat_in_turn_has_legal_actions():
    s = new()
    assert len(RULES.legal_actions(s, 1)) == 0
    assert set(RULES.legal_actions(s, 0)) == {play(0, c) for c in s.hands[0]}


# --- observation, determinize, JSON -------------------------------------------------------------
def test_events_mark_what_they_reveal():
    s = new(hand0=["9c", "fireball", "3c", "4c"],
            court=["5c", "fireball", "6c", "king", "castle", "knight", "7c"])
    ev = RULES.opening_events(s)
    by = {e.kind: e for e in reversed(ev)}      # the first event of each kind
    assert by["hand"].to == (0,) and by["hand"].reveals is True
    assert by["court_card"].to is None and by["court_card"].reveals is True
    assert by["fireball_back"].reveals is True and by["start"].reveals is True
    assert by["draw"].reveals is False and by["drawn"].to == (0,) and by["drawn"].reveals is True
    s, ev = run(s, "3c1")
    by = {e.kind: e for e in reversed(ev)}
    # the played card was hidden from seat 1 only; laying it reveals nothing more
    assert by["play"].to is None and by["play"].reveals == (1,)
    assert not by["play"].reveals_to(0) and by["play"].reveals_to(1)
    assert by["lay"].reveals is False and by["drawn"].to == (1,)
    s, ev = run(s, "2c1", "fireball1")
    assert first(ev, "sweep").reveals is False


def test_observation_hides_the_opponents_hand_and_drawn_card():
    from dataclasses import replace
    s = new(pile=["5c", "6c"])
    # swap seat 0's drawn card with the next pile card: seat 1 cannot tell
    h0 = s.hands[0][:-1] + (s.pile[0],)
    other = replace(s, hands=(h0, s.hands[1]), pile=(s.hands[0][-1],) + s.pile[1:])
    assert RULES.observe(other, 1) == RULES.observe(s, 1)
    assert RULES.observe(other, 0) != RULES.observe(s, 0)
    o = RULES.observe(s, 1)
    assert o.hand == s.hands[1] and o.hand_sizes == (5, 4) and o.pile_size == 35
    assert o.court == s.court and o.turn == 0 and o.phase == "play"
    spectator = RULES.observe(s, None)
    assert spectator.hand == () and spectator.hand_sizes == (5, 4) and spectator.seat is None
    assert RULES.observe(other, None) == spectator
    json.dumps(o.to_json())


def test_determinize_is_consistent_with_every_observation():
    rng = Rng(9)
    differ = checked = 0
    s = RULES.new_game(GameConfig(2), seed=7)
    while RULES.outcome(s) is None:
        for seat in (0, 1, None):
            obs = RULES.observe(s, seat)
            d = RULES.determinize(obs, rng)
            assert RULES.observe(d, seat) == obs
            assert RULES.card_census(d) == {name: 1 for name in NAMES}
            checked += 1
            differ += d.hands != s.hands or d.pile != s.pile
        s, _ = RULES.apply(s, RULES.legal_actions(s, s.turn).sample(rng))
    assert differ > checked * 0.8
    for seat in (0, 1, None):       # the finished game too
        obs = RULES.observe(s, seat)
        assert obs.phase == "over" and RULES.observe(RULES.determinize(obs, rng), seat) == obs


def test_actions_round_trip_through_json():
    a = play(0, "7c1")
    assert a.to_json() == {"seat": 0, "kind": "play", "card": "7c1"}
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert play(1, n("fireball2")) == Action.make(1, "play", card="fireball2")


# --- seeded playouts ----------------------------------------------------------------------------
def test_seeded_random_playouts_end_and_replay_identically():
    for seed in range(12):
        rng = Rng(seed)
        s = RULES.new_game(GameConfig(2), seed=seed)
        log = []
        while RULES.outcome(s) is None:
            a = RULES.legal_actions(s, s.turn).sample(rng)
            s, ev = RULES.apply(s, a)
            log.append(a)
            assert RULES.card_census(s) == {name: 1 for name in NAMES}
            assert len(log) < 2000
        assert max(s.totals) >= 101 and s.totals.count(max(s.totals)) == 1
        assert len(log) == 44 * s.round
        r = RULES.new_game(GameConfig(2), seed=seed)
        for a in log:
            r, _ = RULES.apply(r, a)
        assert r == s


def test_capture_piles_are_laid_out_as_in_the_rulebook():
    piles = C.capture_piles(ids(["7c1", "7r", "king1", "fireball1", "king2", "3c1", "knight1"]))
    assert piles == {"coins": ids(["7c1", "3c1"]), "ravens": ids(["7r"]), "king": ids(["king1", "king2"]),
                     "castle": (), "knight": ids(["knight1"]), "fireballs": ids(["fireball1"])}


def test_cards_are_named_for_people_in_reasons():
    assert [C.card_text(x) for x in ("7c2", "7r", "king3", "castle1", "knight4", "fireball2")] == [
        "7 with a coin", "7 with a raven", "King", "Castle", "Knight", "Fireball"]


# --- each rule written once (issue 26) ---------------------------------------------
def test_the_module_docstring_map_names_only_functions_that_exist():
    import re
    doc = C.__doc__
    where = doc[doc.index("Where each rule is"):doc.index("How an explicit deck is dealt")]
    named = re.findall(r"``([A-Za-z_][A-Za-z_.]*)``", where)
    assert len(named) >= 18
    for ref in named:
        obj = C
        for part in ref.split("."):
            assert hasattr(obj, part), ref
            obj = getattr(obj, part)


def test_the_hands_capture_marks_are_what_the_play_does():
    """``captures_with`` (the hand's marks) and the play's capture are one test
    (``capture_of``): for every card of every hand met in random games, the mark says
    exactly whether playing it captures (a capture or a sweep event)."""
    rng = Rng(4)
    checked = 0
    for seed in range(6):
        s = RULES.new_game(GameConfig(2), seed=seed)
        while RULES.outcome(s) is None:
            seat = s.turn
            for c in s.hands[seat]:
                _n, events = RULES.apply(s, Action.make(seat, "play", card=NAMES[c]))
                took = any(e.kind in ("capture", "sweep") for e in events)
                assert C.captures_with(s.court, c) == took, (seed, NAMES[c])
                checked += 1
            s, _e = RULES.apply(s, RULES.legal_actions(s, seat).sample(rng))
    assert checked > 1000


def test_outcome_names_the_winner_the_game_over_event_names():
    rng = Rng(9)
    for seed in range(4):
        s = RULES.new_game(GameConfig(2, {"target": 30}), seed=seed)
        while RULES.outcome(s) is None:
            s, events = RULES.apply(s, RULES.legal_actions(s, s.turn).sample(rng))
        over = [e for e in events if e.kind == "game_over"]
        assert over and tuple(over[0].data["winners"]) == RULES.outcome(s).winners
        top = max(s.totals)
        assert s.totals.count(top) == 1 and s.totals[RULES.outcome(s).winners[0]] == top
