"""game.core.memo.LegalMemo: the one trusted-action holder (issue 26)."""
from __future__ import annotations

import threading

import pytest

from game.core.actions import Action, IllegalAction, NotYourTurn
from game.core.memo import LegalMemo
from game.core.rules import checked_seat, refuse_if_over, require_turn
from game.core.rng import Rng
from game.core.spaces import ListSpace


def _space():
    return ListSpace((Action.make(0, "play", card=1), Action.make(0, "play", card=2)))


def test_an_action_of_the_remembered_space_for_that_state_is_trusted():
    memo, state, space = LegalMemo(), object(), _space()
    assert memo.remember(state, space) is space
    assert memo.trusted(state, space.actions[1])
    assert memo.space(state) is space


def test_an_equal_action_made_elsewhere_is_not_trusted():
    memo, state, space = LegalMemo(), object(), _space()
    memo.remember(state, space)
    twin = Action.make(0, "play", card=1)
    assert twin == space.actions[0] and not memo.trusted(state, twin)
    assert not memo.trusted(state, Action(True, "play", (("card", 1),)))


def test_another_state_even_an_equal_one_is_not_trusted():
    memo, space = LegalMemo(), _space()
    memo.remember(tuple([1, 2]), space)
    other = tuple([1, 2])
    assert not memo.trusted(other, space.actions[0])       # equal, not the same object
    assert memo.space(other) is None


def test_each_thread_has_its_own_answer():
    memo, state, space = LegalMemo(), object(), _space()
    memo.remember(state, space)
    seen = []

    def worker():
        seen.append(memo.trusted(state, space.actions[0]))     # the worker remembered nothing
        memo.remember(object(), _space())                      # and its answer is its own

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen == [False]
    assert memo.trusted(state, space.actions[0])
    memo.forget()
    assert not memo.trusted(state, space.actions[0])


def test_the_shared_checks_give_the_shared_reasons():
    a = Action.make(3, "play")
    with pytest.raises(IllegalAction, match="^the game is over.$"):
        refuse_if_over(True, a)
    refuse_if_over(False, a)
    with pytest.raises(IllegalAction, match="^there is no seat 3.$"):
        checked_seat(a, 3)
    assert checked_seat(a, 4) == 3
    with pytest.raises(IllegalAction, match="no seat True"):
        checked_seat(Action(True, "play"), 4)
    with pytest.raises(NotYourTurn, match="^it is seat 1's turn, not seat 3's.$"):
        require_turn(3, 1, a)
    require_turn(1, 1, a)


def test_the_shared_extra_parameter_check_names_them_sorted_and_cut():
    from game.core.rules import extra_params, refuse_extra_params

    assert extra_params(Action.make(0, "pass"), ()) is None
    assert extra_params(Action.make(0, "play", card=1), ("card",)) is None
    assert extra_params(Action.make(0, "pass", zeta=1, bogus=2), ()) == "'pass' takes no bogus, zeta"
    many = Action.make(0, "pass", **{f"k{i}": i for i in range(9)})
    assert extra_params(many, ()) == "'pass' takes no k0, k1, k2, k3, k4"
    with pytest.raises(IllegalAction, match="^'stand' takes no target.$"):
        refuse_extra_params(Action.make(0, "stand", target=1), ())


@pytest.mark.parametrize("size", [2, 40, 64, 65, 200])
def test_a_space_owns_its_own_objects_only_whatever_its_size(size):
    """``ListSpace.owns`` by identity at every size: up to 64 actions by looking through them
    (a Boss Quest space holds up to about 40, asked once: no set of ids is made for it), above
    that through a set of their ids made once."""
    space = ListSpace(tuple(Action.make(0, "play", card=k) for k in range(size)))
    assert all(space.owns(a) for a in space.actions)
    assert not space.owns(Action.make(0, "play", card=0)) and not space.owns(None)
    assert (space._ids is None) == (size <= 64)


def test_a_space_owns_the_action_it_drew_at_once_and_nothing_else_by_it():
    """``ListSpace.sample`` keeps the action it drew, so that ``owns`` of that very object
    (a rollout samples, then ``apply`` asks) needs no look through the space; an equal action
    made elsewhere, another space's draw and ``None`` are still not owned."""
    acts = tuple(Action.make(0, "play", card=k) for k in range(40))
    space, other = ListSpace.of(acts), ListSpace.of(tuple(Action.make(0, "play", card=k) for k in range(40)))
    assert not space.owns(None) and space._drawn is None
    drawn = space.sample(Rng(5))
    assert space._drawn is drawn and any(drawn is a for a in acts)
    theirs = other.sample(Rng(5))
    assert theirs == drawn and theirs is not drawn
    space.actions = ()                    # (so only the kept draw can answer)
    assert space.owns(drawn)
    assert not space.owns(theirs) and not space.owns(Action.make(0, "play", card=drawn["card"]))
    assert not space.owns(None)
