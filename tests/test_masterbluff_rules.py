"""Scenario tests for every MasterBluff rule (seed 004 + RULINGS.md section 5).

Each test starts from an explicit deck order and asserts the exact outcome.
"""
import pytest

from game.core.actions import IllegalAction, NotYourTurn
from game.core.rules import GameConfig
from game.core.actions import BadConfig
from mb_helpers import (RULES, E, F, J, O, W, WI, all_pass, call, deck_for, discard, new, pass_, play,
                        vec)

# seat 0: 8 wizards 8 witches; seat 1: 8 elves 8 ogres; seat 2: 8 fairies 8 jesters
H3 = [{"wizard": 8, "witch": 8}, {"elf": 8, "ogre": 8}, {"fairy": 8, "jester": 8}]


def mixed3():
    # seat 0: 4 wiz 4 witch 4 elf 4 ogre; seat 1: 4 wiz 4 witch 4 fairy 4 jester; seat 2: 4 elf 4 ogre 4 fairy 4 jester
    return new([{"wizard": 4, "witch": 4, "elf": 4, "ogre": 4},
                {"wizard": 4, "witch": 4, "fairy": 4, "jester": 4},
                {"elf": 4, "ogre": 4, "fairy": 4, "jester": 4}])


# --- set-up --------------------------------------------------------------
@pytest.mark.parametrize("n,size,rest", [(3, 16, 0), (4, 12, 0), (5, 9, 3)])
def test_deal_is_equal_and_remainder_goes_to_pile(n, size, rest):
    s = RULES.new_game(GameConfig(n), seed=11)
    assert [sum(h) for h in s.hands] == [size] * n
    assert s.pile_size == rest
    assert sum(RULES.card_census(s).values()) == 48
    assert all(v == 8 for v in RULES.card_census(s).values())


def test_five_player_remainder_is_the_last_three_cards_face_down():
    hands = [{"wizard": 8, "elf": 1}, {"witch": 8, "elf": 1}, {"ogre": 8, "elf": 1},
             {"fairy": 8, "elf": 1}, {"jester": 8, "elf": 1}]
    s = new(hands, remainder={"elf": 3})
    assert s.pile == vec(elf=3)
    assert s.hands[0] == vec(wizard=8, elf=1)
    obs = RULES.observe(s, 0)
    assert obs.pile_size == 3 and obs.hand_sizes == (9,) * 5


def test_player_left_of_dealer_starts():
    s = new(H3, dealer=1)
    assert s.turn == 2
    assert RULES.to_act(s) == (2,)
    # with dealer 1 the deal starts at seat 2, so each seat still receives its listed hand
    assert s.hands[2] == vec(fairy=8, jester=8)


def test_player_counts_outside_3_to_5_are_rejected():
    for n in (2, 6):
        with pytest.raises(BadConfig):
            RULES.new_game(GameConfig(n), seed=1)


def test_deck_must_hold_eight_of_each_family():
    deck = deck_for(H3)
    deck[0] = "elf"
    with pytest.raises(BadConfig):
        RULES.new_game(GameConfig(3), deck=deck)


# --- declarations ------------------------------------------------------------
def test_declared_count_is_the_true_count_and_family_may_be_a_lie():
    s = new(H3)
    s, ev = play(s, discard(0, vec(wizard=1, witch=2), "elf"))
    d = next(e for e in ev if e.kind == "discard")
    assert d.data == {"seat": 0, "n": 3, "family": "elf", "token": False}
    obs = RULES.observe(s, 1)
    assert obs.last.n == 3 and obs.last.family == E
    assert obs.hand_sizes == (13, 16, 16)


def test_first_discard_of_a_sequence_may_name_any_family():
    s = new(H3)
    space = RULES.legal_actions(s, 0)
    assert sorted(space.declarations) == [(f, False) for f in range(6)]
    for fam in ("wizard", "jester", "ogre"):
        RULES.apply(s, discard(0, vec(wizard=1), fam))


def test_without_a_call_the_next_player_must_continue_the_family_in_force():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))
    s, ev = all_pass(s, 0)
    assert s.turn == 1 and s.in_force == W
    assert any(e.kind == "no_call" for e in ev)
    with pytest.raises(IllegalAction, match="family in force is Wizard"):
        RULES.apply(s, discard(1, vec(elf=1), "elf"))
    s, _ = play(s, discard(1, vec(elf=4), "wizard"))  # a lie, but the right family
    assert s.last.n == 4 and s.last.family == W


def test_at_most_eight_cards_and_at_least_one():
    s = new(H3)
    with pytest.raises(IllegalAction, match="at most 8"):
        RULES.apply(s, discard(0, vec(wizard=8, witch=1), "wizard"))
    with pytest.raises(IllegalAction, match="at least one"):
        RULES.apply(s, discard(0, vec(), "wizard"))
    s2, _ = play(s, discard(0, vec(wizard=8), "wizard"))
    assert s2.last.n == 8


def test_cannot_discard_cards_you_do_not_hold():
    s = new(H3)
    with pytest.raises(IllegalAction, match="you hold only 0 Elf"):
        RULES.apply(s, discard(0, vec(elf=1), "elf"))


def test_only_the_player_in_turn_may_discard():
    s = new(H3)
    with pytest.raises(NotYourTurn):
        RULES.apply(s, discard(1, vec(elf=1), "elf"))


# --- the exchange token ---------------------------------------------------------
def test_exchange_token_changes_the_family_in_force_once():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))
    s, _ = all_pass(s, 0)
    s, ev = play(s, discard(1, vec(elf=3), "elf", token=True))
    assert any(e.kind == "token" for e in ev)
    assert s.tokens == (True, False, True)
    s, _ = all_pass(s, 1)
    assert s.in_force == E and s.turn == 2
    # seat 2 continues with elf; seat 1 can never use the token again
    s, _ = play(s, discard(2, vec(fairy=1), "elf"))
    s, _ = all_pass(s, 2)
    s, _ = play(s, discard(0, vec(witch=1), "elf"))
    s, _ = all_pass(s, 0)
    with pytest.raises(IllegalAction, match="already used your exchange token"):
        RULES.apply(s, discard(1, vec(ogre=1), "ogre", token=True))


def test_token_is_not_needed_when_the_family_is_free_and_must_change_the_family():
    s = new(H3)
    with pytest.raises(IllegalAction, match="no family is in force"):
        RULES.apply(s, discard(0, vec(wizard=1), "witch", token=True))
    s, _ = play(s, discard(0, vec(wizard=1), "wizard"))
    s, _ = all_pass(s, 0)
    with pytest.raises(IllegalAction, match="other than Wizard"):
        RULES.apply(s, discard(1, vec(elf=1), "wizard", token=True))


# --- Bluff! -------------------------------------------------------------------
def test_bluff_window_is_opened_to_every_opponent_from_the_declarers_left():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=1), "wizard"))
    assert s.window.order == (1, 2)
    assert set(RULES.to_act(s)) == {1, 2}
    with pytest.raises(IllegalAction, match="own declaration"):
        RULES.apply(s, call(0))
    with pytest.raises(IllegalAction, match="call Bluff! or let it pass"):
        RULES.apply(s, discard(1, vec(elf=1), "wizard"))


def test_a_pass_on_your_own_declaration_is_refused_for_what_it_is():
    """Issue 25: the declarer's pass was told "you cannot call Bluff! ...": the reason names the pass."""
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=1), "wizard"))
    with pytest.raises(IllegalAction) as exc:
        RULES.apply(s, pass_(0))
    assert "call Bluff!" not in exc.value.reason
    assert "pass" in exc.value.reason and "declaration" in exc.value.reason
    with pytest.raises(IllegalAction, match="cannot call Bluff! on your own declaration"):
        RULES.apply(s, call(0))                         # a call keeps its own reason


def test_true_declaration_called_the_caller_takes_the_whole_pile():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))
    s, _ = all_pass(s, 0)
    s, _ = play(s, discard(1, vec(elf=3), "wizard"))   # false, not called
    s, _ = all_pass(s, 1)
    s, _ = play(s, discard(2, vec(fairy=1), "wizard"))  # false, not called
    s, _ = all_pass(s, 2)
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))  # true
    s, ev = play(s, call(1))
    reveal = next(e for e in ev if e.kind == "reveal")
    assert reveal.data["truthful"] is True and reveal.data["cards"] == ["wizard", "wizard"]
    assert next(e for e in ev if e.kind == "pickup").data == {"seat": 1, "n": 8}
    assert s.hands[1] == vec(wizard=4, elf=8, ogre=8, fairy=1)
    assert s.hands[0] == vec(wizard=4, witch=8)
    assert s.pile_size == 0 and s.last is None


def test_false_declaration_called_the_declarer_takes_the_whole_pile():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))
    s, _ = all_pass(s, 0)
    s, _ = play(s, discard(1, vec(elf=1, ogre=1), "wizard"))
    s, ev = play(s, pass_(2), call(0))
    assert next(e for e in ev if e.kind == "reveal").data["truthful"] is False
    assert s.hands[1] == vec(wizard=2, elf=8, ogre=8)
    assert s.hands[0] == vec(wizard=6, witch=8)


def test_after_a_call_the_declarers_left_neighbour_starts_a_free_sequence():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))
    s, _ = all_pass(s, 0)
    s, _ = play(s, discard(1, vec(elf=1), "wizard"))
    s, _ = play(s, call(2))  # false: seat 1 takes the pile
    assert s.in_force is None and s.turn == 2
    assert sorted(RULES.legal_actions(s, 2).declarations) == [(f, False) for f in range(6)]
    # even when the caller is the left neighbour's left (seat 0 calls seat 1): seat 2 plays next
    s, _ = play(s, discard(2, vec(jester=1), "ogre"))
    s, _ = play(s, call(0))
    assert s.turn == 0 and s.in_force is None   # left of declarer 2 is seat 0


def test_the_first_caller_in_order_from_the_declarers_left_is_resolved():
    s = new(H3)
    s, _ = play(s, discard(0, vec(witch=1), "wizard"))  # false
    # seat 2 shouts first, but seat 1 comes first in order: the window stays open
    s, ev = play(s, call(2))
    assert s.window is not None and RULES.to_act(s) == (1,)
    assert all(e.to == (2,) for e in ev)  # the answer stays secret
    s, ev = play(s, call(1))
    assert next(e for e in ev if e.kind == "call").data == {"caller": 1, "declarer": 0}
    # seat 1 passes instead: then seat 2's call is the one resolved
    s2 = new(H3)
    s2, _ = play(s2, discard(0, vec(witch=1), "wizard"), call(2))
    s2, ev = play(s2, pass_(1))
    assert next(e for e in ev if e.kind == "call").data == {"caller": 2, "declarer": 0}
    # the first seat in order calling closes the window at once
    s3 = new(H3)
    s3, ev = play(s3, discard(0, vec(witch=1), "wizard"), call(1))
    assert s3.window is None and s3.hands[0] == vec(wizard=8, witch=8)


def test_a_seat_answers_a_window_once():
    s = new(H3)
    s, _ = play(s, discard(0, vec(witch=1), "wizard"), pass_(2))
    with pytest.raises(IllegalAction, match="already answered"):
        RULES.apply(s, call(2))


# --- winning ------------------------------------------------------------------
# 4 players, 12 cards each; seat 0 can empty its hand with 8 + 4
HANDS4 = [{"wizard": 8, "witch": 4}, {"witch": 4, "elf": 8}, {"ogre": 8, "fairy": 4},
          {"fairy": 4, "jester": 8}]


def small_hands():
    return new(HANDS4)


def one_round_of_wizards(s):
    """Seat 0 discards 8 true wizards, the others one false 'wizard' each; nobody calls.
    Seat 0 is left with 4 witches, to go out with on its next turn."""
    s, _ = play(s, discard(0, vec(wizard=8), "wizard"))
    s, _ = all_pass(s, 0)
    for seat, v in ((1, vec(elf=1)), (2, vec(ogre=1)), (3, vec(jester=1))):
        s, _ = play(s, discard(seat, v, "wizard"))
        s, _ = all_pass(s, seat)
    return s


def test_empty_hand_not_called_wins():
    s = one_round_of_wizards(small_hands())
    s, _ = play(s, discard(0, vec(witch=4), "wizard"))  # a lie, but nobody calls
    assert RULES.outcome(s) is None
    s, ev = all_pass(s, 0)
    out = RULES.outcome(s)
    assert out.winners == (0,) and out.ranks == (1, 2, 2, 2)
    assert RULES.to_act(s) == ()
    assert any(e.kind == "game_over" for e in ev)
    with pytest.raises(IllegalAction, match="game is over"):
        RULES.apply(s, discard(1, vec(elf=1), "wizard"))


def test_empty_hand_called_and_true_wins():
    s = small_hands()
    s, _ = play(s, discard(0, vec(witch=4), "witch"))
    s, _ = all_pass(s, 0)
    s, _ = play(s, discard(1, vec(witch=4, elf=4), "witch"))  # 1 holds 4 elves now
    s, _ = all_pass(s, 1)
    s, _ = play(s, discard(2, vec(fairy=1), "witch"))
    s, _ = play(s, call(3))  # false: seat 2 takes 13 cards
    assert s.hands[2] == vec(witch=8, elf=4, ogre=8, fairy=4)
    s, _ = play(s, discard(3, vec(jester=8), "jester"))
    s, _ = all_pass(s, 3)
    s, _ = play(s, discard(0, vec(wizard=8), "wizard", token=True))
    s, ev = play(s, call(1))  # true and seat 0's hand is empty
    assert RULES.outcome(s).winners == (0,)
    assert s.hands[1] == vec(wizard=8, elf=4, jester=8)


def test_winners_last_discard_called_and_false_takes_the_pile_and_play_goes_on():
    s = one_round_of_wizards(small_hands())
    s, _ = play(s, discard(0, vec(witch=4), "wizard"))
    s, ev = play(s, call(1))
    assert RULES.outcome(s) is None
    assert s.hands[0] == vec(wizard=8, witch=4, elf=1, ogre=1, jester=1)
    assert s.turn == 1 and s.in_force is None
    assert not any(e.kind == "out" for e in ev)


def test_remainder_in_the_pile_goes_to_the_taker_with_five_players():
    hands = [{"wizard": 8, "elf": 1}, {"witch": 8, "elf": 1}, {"ogre": 8, "elf": 1},
             {"fairy": 8, "elf": 1}, {"jester": 8, "elf": 1}]
    s = new(hands, remainder={"elf": 3})
    s, _ = play(s, discard(0, vec(wizard=2), "wizard"))
    s, ev = play(s, call(1))  # true: the caller takes 2 wizards + the 3 hidden elves
    assert next(e for e in ev if e.kind == "pickup").data == {"seat": 1, "n": 5}
    assert s.hands[1] == vec(wizard=2, witch=8, elf=4)


# --- play on for places ----------------------------------------------------------
def test_play_on_ranks_every_player_and_skips_those_out():
    s = one_round_of_wizards(new(HANDS4, play_on=True))
    s, ev = play(s, discard(0, vec(witch=4), "wizard"))
    s, ev = all_pass(s, 0)
    assert next(e for e in ev if e.kind == "out").data == {"seat": 0, "place": 1}
    assert RULES.outcome(s) is None and s.turn == 1
    # seat 0 is out: it no longer answers windows, and the turn skips it
    s, _ = play(s, discard(1, vec(witch=4, elf=3), "wizard"))
    assert s.window.order == (2, 3)
    s, _ = all_pass(s, 1)
    s, _ = play(s, discard(2, vec(ogre=1), "wizard"))
    s, _ = all_pass(s, 2)
    s, _ = play(s, discard(3, vec(jester=7), "wizard"))
    assert s.window.order == (1, 2)
    s, _ = all_pass(s, 3)
    assert s.turn == 1
    s, _ = play(s, discard(1, vec(elf=4), "wizard"))   # seat 1 empties its hand
    s, ev = all_pass(s, 1)
    assert [e.data for e in ev if e.kind == "out"] == [{"seat": 1, "place": 2}]
    assert s.turn == 2
    s, _ = play(s, discard(2, vec(ogre=5, fairy=3), "wizard"))
    s, _ = play(s, call(3))   # false: seat 2 takes the pile
    s, _ = play(s, discard(3, vec(fairy=4), "fairy"))
    s, ev = all_pass(s, 3)    # seat 3 is out third, seat 2 is last
    out = RULES.outcome(s)
    assert s.places == (0, 1, 3, 2)
    assert out.winners == (0,) and out.ranks == (1, 2, 4, 3)


def test_without_play_on_the_first_player_out_ends_the_game():
    s = one_round_of_wizards(small_hands())
    s, _ = play(s, discard(0, vec(witch=4), "wizard"))
    s, _ = all_pass(s, 0)
    assert RULES.outcome(s) is not None and RULES.to_act(s) == ()


# --- observations --------------------------------------------------------------------
def test_observation_hides_other_hands_and_the_pile_but_shows_reveals():
    s = mixed3()
    s, _ = play(s, discard(0, vec(wizard=1, elf=1), "wizard"))
    o1 = RULES.observe(s, 1)
    assert o1.hand == s.hands[1]
    assert o1.history[0].counts is None          # seat 1 cannot see seat 0's cards
    assert RULES.observe(s, 0).history[0].counts == vec(wizard=1, elf=1)
    s, _ = play(s, call(1))
    o2 = RULES.observe(s, 2)
    rec = o2.history[-1]
    assert rec.kind == "call" and rec.revealed == vec(wizard=1, elf=1) and rec.truthful is False


# --- the spectator view ---------------------------------------------------------
def test_spectator_view_shows_public_facts_and_no_hidden_card():
    s = new(H3)
    s, _ = play(s, discard(0, vec(wizard=1, witch=2), "wizard"), pass_(1))
    spec = RULES.observe(s, None)
    assert spec.seat is None and spec.hand is None and spec.my_answer is None
    assert spec.hand_sizes == (13, 16, 16) and spec.pile_size == 3 and spec.phase == "respond"
    assert [(r.kind, r.seat, r.n, r.counts) for r in spec.history] == [("discard", 0, 3, None)]
    assert RULES.observe(s, 0).history[0].counts == vec(wizard=1, witch=2), "the declarer sees its own"
    s, _ = play(s, call(2))                         # the reveal is public
    spec = RULES.observe(s, None)
    assert spec.history[-1].revealed == vec(wizard=1, witch=2) and spec.phase == "discard"


def test_a_declaration_is_refused_exactly_when_the_family_rule_does_not_offer_it():
    """"The family must be the one in force.  Exceptions: it is the first discard of a sequence,
    or the player spends their exchange token" (RULINGS section 5): the rule is decided once
    (``_declarations``, what ``legal_actions`` offers); any other declaration is refused with a
    reason, in all 168 cases (family in force or none x token held x family x token spent)."""
    from game.core.state import evolve
    from game.rules import masterbluff as M
    s0 = RULES.new_game(GameConfig(4, dict(RULES.default_options)), seed=3)
    seat = s0.turn
    hand = s0.hands[seat]
    one = tuple(1 if i == next(f for f in range(M.NF) if hand[f]) else 0 for i in range(M.NF))
    cases = 0
    for in_force in (None,) + tuple(range(M.NF)):
        for held in (True, False):
            tokens = tuple(held if s == seat else True for s in range(4))
            s = evolve(s0, in_force=in_force, tokens=tokens)
            offered = RULES.declarations(s, seat)
            for fam in range(M.NF):
                for token in (False, True):
                    cases += 1
                    action = discard(seat, one, fam, token)
                    if (fam, token) in offered:
                        RULES.apply(s, action)
                    else:
                        with pytest.raises(IllegalAction) as err:
                            RULES.apply(s, action)
                        assert str(err.value)          # one sentence, the player's reason
    assert cases == 168
