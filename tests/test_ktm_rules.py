"""Scenario tests for every King Thief Minister rule (seed 001 + RULINGS.md section 2).

Tables come from explicit decks (tests/ktm_helpers.py).  With 6 players and the
default spots, seat i sits at spot i holding: 0 King, 1 Thief, 2 Minister,
3 Executioner, 4 Sheriff, 5 Peasant.  "Right" = counter-clockwise = seat - 1.
"""
import json
from dataclasses import replace

import pytest

from game.core.actions import Action, BadConfig, IllegalAction, NotYourTurn, events_for
from game.core.rng import Rng
from game.core.rules import GameConfig, Window
from game.rules import ktm as K
from ktm_helpers import RULES, SPOTS6, all_of, answer, coin_moves, ids, ktm_variants, new, run, start
from event_helpers import first, kinds

T = "treasury"


def coins(state, *values, treasury=None):
    """``state`` with these coins in hand (the treasury keeps the total at 5 per player)."""
    total = 5 * state.players
    treasury = total - sum(values) if treasury is None else treasury
    assert sum(values) + treasury == total
    return replace(state, coins=tuple(values), treasury=treasury)


def claim(state, seat, character, challengers=()):
    state, ev = RULES.apply(state, K.claim(seat, character))
    ev = list(ev)
    if state.phase == K.CHALLENGE:
        state, ev2 = answer(state, challengers)
        ev += ev2
    return state, ev


# --- set-up --------------------------------------------------------------------------------
def test_spots_coins_and_treasury_for_3_to_6_players():
    owned = {6: (0, 1, 2, 3, 4, 5), 5: (0, 1, 2, 3, 4), 4: (0, 1, 3, 4), 3: (0, 2, 4)}
    for n in range(3, 7):
        s = RULES.new_game(GameConfig(n), seed=n)
        assert s.owned == owned[n] and K.empty_spots(n) == tuple(x for x in range(6) if x not in owned[n])
        assert s.coins == (3,) * n and s.treasury == 2 * n
        assert sorted(s.spots) == list(range(6))
        assert RULES.card_census(s) == {**{c: 1 for c in K.NAMES}, "coins": 5 * n}
        assert s.phase == K.PEEK and RULES.to_act(s) == K.ring_from(s.start, n)


def test_the_king_deal_picks_the_start_player_and_the_spots_come_from_the_deck():
    s = new(4, ["peasant", "sheriff", "executioner", "minister", "thief", "king"],
            deals=["thief", "minister", "king", "sheriff"])
    assert s.start == 2 and s.turn == 2
    assert s.spots == ids("peasant", "sheriff", "executioner", "minister", "thief", "king")
    ev = RULES.opening_events(s)
    assert kinds(ev) == ["deal", "start", "spots", "window"]
    assert first(ev, "deal").data == {"deal": 1, "cards": ["thief", "minister", "king", "sheriff"], "king": 2,
                                      "explicit": True}
    assert first(ev, "spots").data["empty"] == [2, 5]
    # the peek: everyone at once, from the start player clockwise
    assert RULES.to_act(s) == (2, 3, 0, 1)


def test_redeal_when_nobody_was_dealt_the_king():
    s = new(3, deals=[["thief", "minister", "sheriff"], ["peasant", "executioner", "thief"], ["thief", "king", "peasant"]])
    assert s.start == 1
    ev = RULES.opening_events(s)
    assert kinds(ev)[:6] == ["deal", "redeal", "deal", "redeal", "deal", "start"]
    assert [e.data["king"] for e in all_of(ev, "deal")] == [None, None, 1]
    # explicit deals that run out are continued from the seed; a seeded game redeals too
    s2 = new(3, deals=[["thief", "minister", "sheriff"]], seed=5)
    assert s2.spots is not None and K.KING in [r.cards for r in s2.log if r.kind == "deal"][-1]
    redeals = [RULES.new_game(GameConfig(3), seed=k) for k in range(12)]
    assert any(len(RULES.opening_events(r)) > 4 for r in redeals)
    for r in redeals:
        dealt = [x.cards for x in r.log if x.kind == "deal"]
        assert all(K.KING not in d for d in dealt[:-1]) and dealt[-1][r.start] == K.KING


def test_bad_configurations_are_refused_with_reasons():
    with pytest.raises(BadConfig, match="3-6 players"):
        RULES.new_game(GameConfig(2), seed=1)
    with pytest.raises(BadConfig, match="3-6 players"):
        RULES.new_game(GameConfig(7), seed=1)
    for cap in (0, -3, "10", True):
        with pytest.raises(BadConfig, match="turn_cap"):
            RULES.new_game(GameConfig(3, {"turn_cap": cap}), seed=1)
    with pytest.raises(BadConfig, match="6 cards"):
        new(3, spots=["king"] * 6)
    with pytest.raises(BadConfig, match="one different card"):
        new(3, deals=["king", "king", "thief"])
    with pytest.raises(BadConfig, match="unknown deck"):
        RULES.new_game(GameConfig(3), deck={"hands": []})
    with pytest.raises(BadConfig, match="seed"):
        RULES.new_game(GameConfig(3))
    with pytest.raises(BadConfig, match="unknown option"):
        RULES.new_game(GameConfig(3, {"cap": 3}), seed=1)


# --- the opening peek ---------------------------------------------------------------------------
def test_opening_peek_is_a_secret_simultaneous_choice_then_each_sees_its_card():
    s = new(3, king=2)
    assert RULES.to_act(s) == (2, 0, 1)
    with pytest.raises(IllegalAction, match="own spot"):
        RULES.apply(s, K.peek(0, 0))
    with pytest.raises(IllegalAction, match="peek"):
        RULES.apply(s, K.look(2))
    s, ev = RULES.apply(s, K.peek(0, 3))            # seat 0 looks at the empty spot 3
    assert kinds(ev) == ["answered"] and ev[0].to == (0,)
    assert RULES.to_act(s) == (2, 1)
    assert RULES.observe(s, 0).my_answer == 3 and RULES.observe(s, 1).my_answer is None
    assert RULES.observe(s, 1) == RULES.observe(replace(s, window=Window(s.window.order, mode="all")), 1)  # who answered is secret
    with pytest.raises(NotYourTurn, match="already answered"):
        RULES.apply(s, K.peek(0, 1))
    s, _ = RULES.apply(s, K.peek(2, 0))
    s, ev = RULES.apply(s, K.peek(1, 4))
    assert kinds(ev) == ["peeks", "peek", "peek", "peek", "turn"]
    assert first(ev, "peeks").data == {"spots": {"2": 0, "0": 3, "1": 4}} and first(ev, "peeks").to is None
    looks = {e.data["seat"]: (e.to, e.data["spot"], e.data["card"], e.reveals) for e in all_of(ev, "peek")}
    assert looks == {2: ((2,), 0, "king", True), 0: ((0,), 3, "executioner", True), 1: ((1,), 4, "sheriff", True)}
    assert first(ev, "turn").data == {"seat": 2, "turn": 1} and RULES.to_act(s) == (2,)
    # each seat's history holds its own look with the card; others' looks without it
    for seat in range(3):
        peeks = [(r.seat, r.spot, r.card) for r in RULES.observe(s, seat).history if r.kind == "peek"]
        mine = {2: 0, 0: 3, 1: 4}
        assert peeks == [(x, mine[x], s.spots[mine[x]] if x == seat else None) for x in (2, 0, 1)]
    assert all(r.card is None for r in RULES.observe(s, None).history if r.kind == "peek")
    assert K.possible_cards(RULES.observe(s, 0))[3] == {K.EXECUTIONER}
    assert len(K.possible_cards(RULES.observe(s, 0))[0]) == 5


# --- look and move ---------------------------------------------------------------------------
def test_look_pays_one_coin_to_the_treasury_and_shows_only_your_own_card():
    s = start(6, king=1)
    s, ev = RULES.apply(s, K.look(1))
    assert s.coins == (3, 2, 3, 3, 3, 3) and s.treasury == 13
    assert coin_moves(ev) == [(1, T)]
    looked = first(ev, "looked")
    assert looked.to == (1,) and looked.data == {"seat": 1, "spot": 1, "card": "thief"} and looked.reveals
    assert [e.kind for e in events_for(ev, 2)] == ["look", "coin", "turn"]
    assert RULES.to_act(s) == (2,) and s.turns == 2


def test_look_without_a_coin_lets_every_other_player_take_one_from_the_right():
    s = coins(start(5, king=2), 3, 3, 0, 3, 3)
    s, ev = RULES.apply(s, K.look(2))
    assert first(ev, "no_coin").data == {"seat": 2, "why": "look"}
    assert coin_moves(ev) == [(T, 1), (T, 0), (T, 4), (T, 3)]
    assert s.coins == (4, 4, 0, 4, 4) and s.treasury == 9
    assert first(ev, "looked").data["card"] == "minister"


@pytest.mark.parametrize("direction,expected", [
    ("right", ["thief", "minister", "executioner", "sheriff", "peasant", "king"]),
    ("left", ["peasant", "king", "thief", "minister", "executioner", "sheriff"]),
    ("opposite", ["executioner", "sheriff", "peasant", "king", "thief", "minister"]),
])
def test_move_turns_every_card_including_the_empty_spots(direction, expected):
    s = start(4, king=0)                           # spots 2 and 5 are empty: their cards move too
    s, ev = RULES.apply(s, K.move(0, direction))
    assert s.spots == ids(*expected)
    m = first(ev, "move")
    assert m.data["direction"] == direction and m.to is None
    assert m.data["moves"][2] == [2, (2 + K.DIRECTIONS[direction]) % 6]
    assert RULES.to_act(s) == (1,) and s.coins == (3,) * 4
    with pytest.raises(IllegalAction, match="direction"):
        RULES.apply(s, K.move(1, "up"))


def test_turns_pass_clockwise_and_other_seats_wait():
    s = start(3, king=1)
    with pytest.raises(NotYourTurn, match="seat 1's turn"):
        RULES.apply(s, K.look(0))
    order = []
    for _ in range(4):
        order.append(RULES.to_act(s)[0])
        s, _ = RULES.apply(s, K.move(order[-1], "left"))
    assert order == [1, 2, 0, 1]


# --- claims and challenges ---------------------------------------------------------------------
def test_a_claim_opens_a_challenge_window_for_every_other_player_counter_clockwise():
    s = start(6, king=2)
    s, ev = RULES.apply(s, K.claim(2, "minister"))
    assert first(ev, "window").data == {"kind": "challenge", "claimant": 2, "character": "minister",
                                        "order": [1, 0, 5, 4, 3]}
    assert set(RULES.to_act(s)) == {1, 0, 5, 4, 3}
    with pytest.raises(NotYourTurn):
        RULES.apply(s, K.challenge(2))
    with pytest.raises(IllegalAction, match="challenge"):
        RULES.apply(s, K.look(1))


def test_an_unchallenged_false_claim_acts_anyway():
    s = start(6, king=1)                            # seat 1 holds the Thief, claims King
    s, ev = claim(s, 1, "king")
    assert "no_challenge" in kinds(ev) and "challenge" not in kinds(ev)
    assert coin_moves(ev) == [(T, 1)] * 3 and s.coins[1] == 6 and s.treasury == 9
    assert s.phase == K.MINISTERS


def test_a_true_claim_challenged_costs_the_challenger_a_coin_and_the_act_goes_ahead():
    s = start(6, king=1)
    s, ev = claim(s, 1, "thief", challengers=(3,))
    ch = first(ev, "challenge")
    assert ch.data == {"claimant": 1, "challenger": 3, "character": "thief", "spot": 1}
    look = first(ev, "challenge_look")
    assert look.to == (3,) and look.data["card"] == "thief" and look.reveals
    assert first(ev, "challenge_result").data["truthful"] is True and first(ev, "challenge_result").to is None
    # the challenger pays the treasury, then the Thief takes from seat 0 (right) and seat 2 (left)
    assert coin_moves(ev) == [(3, T), (0, 1), (2, 1)]
    assert s.coins == (2, 5, 2, 2, 3, 3) and s.treasury == 13
    assert RULES.to_act(s) == (2,)


def test_a_false_claim_challenged_is_cancelled_and_costs_nothing():
    s = start(6, king=1)
    s, ev = claim(s, 1, "king", challengers=(4,))
    assert first(ev, "challenge_result").data["truthful"] is False
    assert "cancelled" in kinds(ev) and "act" not in kinds(ev)
    assert coin_moves(ev) == [] and s.coins == (3,) * 6 and s.treasury == 12
    assert RULES.to_act(s) == (2,) and s.phase == K.TURN
    # everyone knows the spot 1 card is not the King; only the challenger knows it is the Thief
    assert K.KING not in K.possible_cards(RULES.observe(s, None))[1]
    assert K.possible_cards(RULES.observe(s, 4))[1] == {K.THIEF}
    assert len(K.possible_cards(RULES.observe(s, 5))[1]) > 1


def test_the_first_challenger_counter_clockwise_from_the_claimant_is_resolved_whoever_answers_first():
    s = start(6, king=1)
    s, _ = RULES.apply(s, K.claim(1, "thief"))     # priority: 0, 5, 4, 3, 2
    s, ev = RULES.apply(s, K.challenge(3))
    assert kinds(ev) == ["answered"]
    s, ev = RULES.apply(s, K.challenge(4))
    s, ev = RULES.apply(s, K.pass_(0))
    assert kinds(ev) == ["answered"]                # seat 5 has not answered: 4 is not yet first
    s, ev = RULES.apply(s, K.pass_(5))
    assert first(ev, "challenge").data["challenger"] == 4
    assert first(ev, "challenge_look").to == (4,)
    assert coin_moves(ev)[0] == (4, T) and s.coins[3] == 3
    # seat 2 never had to answer: the window closed once seat 4 was known to be first
    assert s.phase == K.TURN


def test_a_challenger_without_a_coin_pays_nothing_and_the_others_take_one_each():
    s = coins(start(4, king=0), 3, 0, 3, 3)        # seat 0 (King) claims truly, seat 1 challenges
    s, ev = claim(s, 0, "king", challengers=(1,))
    assert first(ev, "no_coin").data == {"seat": 1, "why": "challenge"}
    # the others take from the treasury starting at the payer's right: 0, 3, 2; then the King's 3
    assert coin_moves(ev) == [(T, 0), (T, 3), (T, 2), (T, 0), (T, 0), (T, 0)]
    assert s.coins == (7, 0, 4, 4) and s.treasury == 5


# --- the King and the Minister's answer ----------------------------------------------------------
def test_king_takes_three_and_asks_who_is_the_minister_nobody_claims():
    s = start(6, king=0)
    s, ev = claim(s, 0, "king")
    assert first(ev, "window", ).data["kind"] == "challenge"
    w = [e for e in ev if e.kind == "window"][-1]
    assert w.data == {"kind": "ministers", "claimant": 0, "character": "minister", "order": [5, 4, 3, 2, 1]}
    assert set(RULES.to_act(s)) == {1, 2, 3, 4, 5}
    s, ev = answer(s)
    assert first(ev, "ministers").data == {"king": 0, "claimants": []}
    assert s.coins[0] == 6 and RULES.to_act(s) == (1,)


def test_a_single_minister_claim_unchallenged_takes_a_coin_even_if_false():
    s = start(6, king=0)
    s, _ = claim(s, 0, "king")
    s, ev = RULES.apply(s, K.claim_minister(4))     # the Sheriff claims Minister
    assert kinds(ev) == ["answered"]
    s, ev = answer(s)
    assert first(ev, "ministers").data["claimants"] == [4]
    assert first(ev, "window").data == {"kind": "challenge", "claimant": 4, "character": "minister",
                                        "order": [3, 2, 1, 0, 5]}
    s, ev = answer(s)
    assert coin_moves(ev) == [(T, 4)] and s.coins == (6, 3, 3, 3, 4, 3)
    assert RULES.to_act(s) == (1,)


def test_a_single_minister_claim_challenged_true_and_false():
    s0 = start(6, king=0)
    s0, _ = claim(s0, 0, "king")
    # true: seat 2 is the Minister, the King challenges and pays
    s, _ = RULES.apply(s0, K.claim_minister(2))
    s, _ = answer(s)
    s, ev = answer(s, callers=(0,))
    assert first(ev, "challenge_result").data["truthful"] is True
    assert coin_moves(ev) == [(0, T), (T, 2)] and s.coins == (5, 3, 4, 3, 3, 3)
    # false: seat 5 claims, seat 1 challenges: cancelled
    s, _ = RULES.apply(s0, K.claim_minister(5))
    s, _ = answer(s)
    s, ev = answer(s, callers=(1,))
    assert first(ev, "challenge_result").data["truthful"] is False
    assert coin_moves(ev) == [] and s.coins == (6, 3, 3, 3, 3, 3) and RULES.to_act(s) == (1,)


def test_several_minister_claims_see_each_other_false_ones_pay_the_true_one_takes():
    s = coins(start(6, king=0), 6, 3, 3, 3, 0, 3, treasury=12)
    s, _ = claim(s, 0, "king")                     # +3: treasury 9
    s, ev = answer(s, callers=(2, 4, 5))
    assert first(ev, "ministers").data["claimants"] == [5, 4, 2]
    seen = {(e.to, e.data["claimant"], e.data["card"]) for e in all_of(ev, "minister_seen")}
    assert seen == {((4,), 5, "peasant"), ((2,), 5, "peasant"), ((5,), 4, "sheriff"), ((2,), 4, "sheriff"),
                    ((5,), 2, "minister"), ((4,), 2, "minister")}
    assert [(e.data["claimant"], e.data["truthful"]) for e in all_of(ev, "minister_check")] == [
        (5, False), (4, False), (2, True)]
    # seat 5 pays 1; seat 4 has no coin: the others take 1 each from its right (3, 2, 1, 0, 5); seat 2 takes 1
    assert coin_moves(ev) == [(5, T), (T, 3), (T, 2), (T, 1), (T, 0), (T, 5), (T, 2)]
    assert s.coins == (10, 4, 5, 4, 0, 3) and s.treasury == 4
    # a claimant knows the other claimants' cards; a non-claimant learns only who was true
    assert K.possible_cards(RULES.observe(s, 5))[4] == {K.SHERIFF}
    assert K.possible_cards(RULES.observe(s, 1))[2] == {K.MINISTER}
    assert len(K.possible_cards(RULES.observe(s, 1))[4]) > 1


# --- Thief -------------------------------------------------------------------------------------
def test_thief_takes_from_the_nearest_player_each_side_or_the_treasury_when_they_have_none():
    s = coins(start(3, spots=["thief", "king", "minister", "executioner", "sheriff", "peasant"], king=0),
              3, 0, 3)                              # 3 players: spots 0, 2, 4; the empty spots are skipped
    s, ev = claim(s, 0, "thief")
    assert coin_moves(ev) == [(2, 0), (T, 0)]       # right = seat 2, left = seat 1 (no coin: the treasury)
    assert first(ev, "no_coin").data == {"seat": 1, "why": "thief"}
    assert s.coins == (5, 0, 2) and s.treasury == 8


# --- Minister ----------------------------------------------------------------------------------
def test_minister_swaps_or_not_secretly_and_everyone_sees_the_two_spots():
    s = start(6, king=2)
    s, ev = claim(s, 2, "minister")
    assert s.phase == K.ACT and RULES.to_act(s) == (2,)
    assert len(RULES.legal_actions(s, 2)) == 30
    with pytest.raises(IllegalAction, match="two different spots"):
        RULES.apply(s, Action.make(2, "minister", spots=[3, 3], swap=True))
    a, ev_a = RULES.apply(s, K.minister(2, 0, 5, True))
    b, ev_b = RULES.apply(s, K.minister(2, 0, 5, False))
    assert a.spots == ids("peasant", "thief", "minister", "executioner", "sheriff", "king")
    assert b.spots == ids(*SPOTS6)
    assert first(ev_a, "minister").data == {"seat": 2, "spots": [0, 5]}
    assert first(ev_a, "minister_swap").to == (2,) and first(ev_a, "minister_swap").data["swapped"] is True
    assert [e.kind for e in events_for(ev_a, 1)] == [e.kind for e in events_for(ev_b, 1)]
    assert [e.data for e in events_for(ev_a, 1)] == [e.data for e in events_for(ev_b, 1)]


def test_leak_after_a_secret_minister_swap_no_other_seat_nor_the_spectator_can_tell():
    base = start(6, king=2)
    base, _ = run(base, K.look(2), K.move(3, "opposite"), K.look(4))     # some history first
    base, _ = RULES.apply(base, K.move(5, "left"))
    base, _ = run(base, K.look(0), K.look(1))
    base, _ = claim(base, 2, "minister")
    sw, _ = RULES.apply(base, K.minister(2, 1, 4, True))
    keep, _ = RULES.apply(base, K.minister(2, 1, 4, False))
    assert sw.spots != keep.spots
    for seat in [0, 1, 3, 4, 5, None]:
        assert RULES.observe(sw, seat) == RULES.observe(keep, seat), seat
    assert RULES.observe(sw, 2) != RULES.observe(keep, 2)     # the Minister knows what they did
    # and later on, too: the next moves keep it hidden
    sw2, _ = RULES.apply(sw, K.move(3, "right"))
    keep2, _ = RULES.apply(keep, K.move(3, "right"))
    for seat in [0, 1, 3, 4, 5, None]:
        assert RULES.observe(sw2, seat) == RULES.observe(keep2, seat)
    # seat 1 peeked the Minister card (now at spot 5) and looked at spot 1 (the Executioner) before the
    # swap of spots 1 and 4: after it (and the move right) the Executioner may be at spot 0 or spot 3
    poss = K.possible_cards(RULES.observe(sw2, 1))
    assert poss[5] == {K.MINISTER}
    assert K.EXECUTIONER in poss[0] and K.EXECUTIONER in poss[3] and len(poss[0]) > 1
    # the Minister peeked the Executioner at spot 3 at the start and knows it swapped it: spot 3 now
    mine = K.possible_cards(RULES.observe(sw2, 2))
    assert mine[3] == {K.EXECUTIONER} and K.EXECUTIONER not in mine[0]
    # determinize from either world gives worlds of both kinds
    obs = RULES.observe(sw2, 1)
    rng = Rng(3)
    bits = {next(r.swapped for r in RULES.determinize(obs, rng).log if r.kind == "minister") for _ in range(40)}
    assert bits == {True, False}


# --- Executioner -------------------------------------------------------------------------------
def test_executioner_right_takes_all_the_targets_coins_wrong_takes_nothing():
    s = start(6, king=3)
    s, _ = claim(s, 3, "executioner")
    assert len(RULES.legal_actions(s, 3)) == 5 * 6
    with pytest.raises(IllegalAction, match="another player"):
        RULES.apply(s, K.execute(3, 3, "king"))
    right, ev = RULES.apply(s, K.execute(3, 5, "peasant"))
    assert first(ev, "execute_look").to == (5,) and first(ev, "execute_look").data["card"] == "peasant"
    res = first(ev, "execute_result")
    assert res.to is None and res.data["right"] is True and res.reveals
    assert coin_moves(ev) == [(5, 3)] * 3 and right.coins == (3, 3, 3, 6, 3, 0)
    wrong, ev = RULES.apply(s, K.execute(3, 5, "king"))
    assert first(ev, "execute_result").data["right"] is False and coin_moves(ev) == []
    assert wrong.coins == (3,) * 6 and RULES.to_act(wrong) == (4,)
    # the target now knows its card; everyone knows spot 5 is not the King
    assert K.possible_cards(RULES.observe(wrong, 5))[5] == {K.PEASANT}
    assert K.KING not in K.possible_cards(RULES.observe(wrong, None))[5]


# --- Sheriff -----------------------------------------------------------------------------------
def test_sheriff_taxes_every_other_player_with_a_coin_then_one_pays_another():
    s = coins(start(5, spots=["king", "thief", "minister", "executioner", "sheriff", "peasant"], king=4),
              0, 3, 1, 3, 3)
    s, ev = claim(s, 4, "sheriff")
    # tax: clockwise from the Sheriff's left; seat 0 has no coin and simply does not pay (no draw)
    assert coin_moves(ev) == [(1, T), (2, T), (3, T)]
    assert first(ev, "no_tax").data == {"seat": 0, "why": "tax"}
    assert s.phase == K.ACT and s.coins == (0, 2, 0, 2, 3)
    s2, ev = RULES.apply(s, K.sheriff(4, 1))
    assert coin_moves(ev) == [(1, T)] and s2.coins == (0, 1, 0, 2, 3) and s2.treasury == 19
    # the named player without a coin pays nothing and nobody takes anything (the Sheriff exception)
    s3, ev = RULES.apply(s, K.sheriff(4, 2))
    assert coin_moves(ev) == [] and first(ev, "no_tax").data == {"seat": 2, "why": "sheriff"}
    assert s3.coins == s.coins and RULES.to_act(s3) == (0,)


# --- Peasant -----------------------------------------------------------------------------------
def test_peasant_cannot_be_challenged_and_a_non_peasant_shown_is_a_two_coin_mistake():
    s = start(6, king=1)
    s, ev = RULES.apply(s, K.claim(1, "peasant"))
    assert "window" not in kinds(ev)
    shown = first(ev, "peasant")
    assert shown.to is None and shown.reveals and shown.data == {"seat": 1, "spot": 1, "card": "thief"}
    assert first(ev, "mistake").data == {"seat": 1, "coins": 3}
    assert coin_moves(ev) == [(1, T), (1, T)] and s.coins[1] == 1 and s.treasury == 14
    assert K.possible_cards(RULES.observe(s, None))[1] == {K.THIEF}


def _peasant_at(players=6, hand=(3, 3, 3, 3, 3, 3), treasury=None):
    s = start(players, king=5)
    s = coins(s, *hand, treasury=treasury)
    s, ev = RULES.apply(s, K.claim(5, "peasant"))
    assert s.phase == K.NAME and RULES.to_act(s) == (5,)
    return s


def test_peasant_naming_every_card_right_takes_the_whole_treasury_and_ends_the_game():
    s = _peasant_at()
    assert len(RULES.legal_actions(s, 5)) == 120
    s, ev = RULES.apply(s, K.name(5, ["king", "thief", "minister", "executioner", "sheriff", None]))
    r = first(ev, "reveal_all")
    assert r.data["all_right"] is True and r.data["cards"] == SPOTS6 and r.to is None
    assert coin_moves(ev) == [(T, 5)] * 12
    assert s.phase == K.OVER and s.treasury == 0 and s.coins[5] == 15
    out = RULES.outcome(s)
    assert out.winners == (5,) and out.ranks == (2, 2, 2, 2, 2, 1)
    assert first(ev, "game_over").data["why"] == "treasury"


def test_peasant_with_one_name_wrong_makes_a_mistake_and_all_cards_are_shown():
    s = _peasant_at()
    s, ev = RULES.apply(s, K.name(5, ["thief", "king", "minister", "executioner", "sheriff", None]))
    r = first(ev, "reveal_all")
    assert r.data["all_right"] is False and r.data["right"] == [False, False, True, True, True, True]
    assert coin_moves(ev) == [(5, T), (5, T)] and s.coins[5] == 1
    assert RULES.to_act(s) == (0,)
    # everyone (the spectator too) now knows every card
    assert all(len(x) == 1 for x in K.possible_cards(RULES.observe(s, None)))
    with pytest.raises(IllegalAction):
        RULES.apply(_peasant_at(), K.name(5, ["king", "king", "minister", "executioner", "sheriff", None]))
    with pytest.raises(IllegalAction):
        RULES.apply(_peasant_at(), K.name(5, ["king", "thief", "minister", "executioner", "sheriff", "peasant"]))


def test_peasant_mistake_with_one_coin_pays_it_and_every_other_player_takes_one():
    s = start(4, spots=["king", "thief", "minister", "executioner", "sheriff", "peasant"], king=2)
    s = coins(s, 3, 3, 1, 3)                       # seat 2 (spot 3, the Executioner) has 1 coin
    s, ev = RULES.apply(s, K.claim(2, "peasant"))
    assert first(ev, "mistake").data == {"seat": 2, "coins": 1}
    assert coin_moves(ev) == [(2, T), (T, 1), (T, 0), (T, 3)]
    assert s.coins == (4, 4, 0, 4) and s.treasury == 8


def test_peasant_mistake_with_no_coin_every_other_player_takes_two_round_the_table_twice():
    s = start(4, spots=["king", "thief", "minister", "executioner", "sheriff", "peasant"], king=2)
    s = coins(s, 3, 3, 0, 3)
    s, ev = RULES.apply(s, K.claim(2, "peasant"))
    assert coin_moves(ev) == [(T, 1), (T, 0), (T, 3)] * 2
    assert s.coins == (5, 5, 0, 5) and s.treasury == 5


# --- the end ---------------------------------------------------------------------------------------
def test_the_game_ends_the_moment_the_treasury_is_empty_even_in_the_middle_of_a_payment():
    s = start(4, spots=["king", "thief", "minister", "executioner", "sheriff", "peasant"], king=2)
    s = coins(s, 6, 6, 0, 6, treasury=2)
    s, ev = RULES.apply(s, K.claim(2, "peasant"))   # not the Peasant, no coin: others take 2 each...
    assert coin_moves(ev) == [(T, 1), (T, 0)]      # ...but the treasury runs dry after two coins
    assert s.phase == K.OVER and s.treasury == 0 and RULES.to_act(s) == ()
    assert kinds(ev)[-1] == "game_over"
    out = RULES.outcome(s)
    assert out.winners == (0, 1) and out.ranks == (1, 1, 4, 3) and out.scores == (7, 7, 0, 6)
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(s, K.look(3))


def test_the_king_taking_the_last_coin_ends_the_game_before_anyone_answers():
    s = coins(start(3, king=0), 5, 4, 4, treasury=2)
    s, ev = claim(s, 0, "king")
    assert coin_moves(ev) == [(T, 0), (T, 0)] and s.phase == K.OVER
    assert RULES.outcome(s).winners == (0,) and "ministers" not in kinds(ev)


def test_turn_cap_ends_the_game_as_a_draw():
    s = start(3, king=0, turn_cap=3)
    s, ev = run(s, K.move(0, "left"), K.move(1, "left"))
    assert s.phase == K.TURN
    s = coins(s, 5, 2, 2)
    s, ev = RULES.apply(s, K.move(2, "left"))
    assert s.phase == K.OVER and s.capped and first(ev, "game_over").data["why"] == "turn_cap"
    out = RULES.outcome(s)
    assert out.winners == (0, 1, 2) and out.ranks == (1, 1, 1) and out.scores == (5, 2, 2)
    # without a cap the game goes on
    s2 = start(3, king=0)
    s2, _ = run(s2, K.move(0, "left"), K.move(1, "left"), K.move(2, "left"))
    assert s2.phase == K.TURN


# --- views, records, determinize -------------------------------------------------------------------
def test_spectator_sees_public_history_only_and_records_replay():
    s = start(5, king=0, seed=3)
    s, _ = claim(s, 0, "king", challengers=(4,))
    spec = RULES.observe(s, None)
    assert spec.seat is None and spec.my_answer is None
    assert all(r.card is None for r in spec.history if r.to is not None)
    ch = next(r for r in spec.history if r.kind == "challenge")
    assert ch.truth is True and ch.other == 4
    assert json.loads(json.dumps(spec.to_json()))["phase"] == K.MINISTERS
    a = K.name(5, ["king", "thief", "minister", "executioner", "sheriff", None])
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a


def test_determinize_agrees_with_the_observation_and_samples_hidden_cards():
    s = start(6, king=0)
    s, _ = claim(s, 0, "king", challengers=(3,))
    s, _ = answer(s)
    rng = Rng(1)
    for seat in range(6):
        obs = RULES.observe(s, seat)
        worlds = {RULES.determinize(obs, rng).spots for _ in range(30)}
        assert len(worlds) > 1
        for w in worlds:
            assert w[(seat + 1) % 6] == s.spots[(seat + 1) % 6]      # the card it peeked at
            assert w[0] == K.KING                                     # the challenge showed it
        assert RULES.observe(RULES.determinize(obs, rng), seat) == obs


def test_variant_builder_changes_only_hidden_cards():
    s = start(6, king=0)
    s, _ = run(s, K.move(0, "left"))
    rng = Rng(2)
    for seat in [0, 3, None]:
        vs = ktm_variants(s, seat, rng)
        assert vs and all(v.spots != s.spots for v in vs)
        for v in vs:
            assert RULES.observe(v, seat) == RULES.observe(s, seat)
            assert RULES.card_census(v) == RULES.card_census(s)
