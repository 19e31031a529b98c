"""The compact MasterBluff action space: lazy, exact, uniform."""
from collections import Counter

from hypothesis import given, settings, strategies as st

from game.core.rng import Rng
from game.rules.masterbluff import DiscardSpace, RULES, discard
from mb_helpers import new, vec

hands = st.tuples(*[st.integers(0, 4)] * 6).filter(lambda h: sum(h) > 0)


@settings(max_examples=60, deadline=None)
@given(hands, st.booleans())
def test_space_enumeration_matches_len_and_membership(hand, free):
    decl = [(f, False) for f in range(6)] if free else [(2, False), (0, True)]
    space = DiscardSpace(1, hand, decl)
    actions = list(space)
    assert len(actions) == len(space) == len(set(actions))
    for a in actions[:: max(1, len(actions) // 25)]:
        assert a in space
        counts = a["counts"]
        assert 1 <= sum(counts) <= 8 and all(c <= h for c, h in zip(counts, hand))
    rng = Rng(sum(hand))
    for _ in range(20):
        assert space.sample(rng) in space


def test_sampling_is_uniform_over_count_vectors():
    space = DiscardSpace(0, (2, 1, 0, 0, 0, 0), [(0, False)])
    assert len(space) == 5   # (1,0) (2,0) (0,1) (1,1) (2,1)
    rng = Rng(4)
    seen = Counter(space.sample(rng)["counts"] for _ in range(5000))
    assert len(seen) == 5
    assert all(800 < c < 1200 for c in seen.values()), seen


def test_large_hands_are_not_enumerated_to_answer_len_or_sample():
    space = DiscardSpace(0, (8, 8, 8, 8, 8, 8), [(f, False) for f in range(6)])
    assert len(space) > 10000
    rng = Rng(1)
    assert space.sample(rng) in space


def test_every_action_in_the_space_is_accepted_by_apply():
    s = new([{"wizard": 3, "witch": 3, "elf": 3, "ogre": 3, "fairy": 2, "jester": 2},
             {"wizard": 3, "witch": 3, "elf": 3, "ogre": 3, "fairy": 2, "jester": 2},
             {"wizard": 2, "witch": 2, "elf": 2, "ogre": 2, "fairy": 4, "jester": 4}])
    space = RULES.legal_actions(s, 0)
    for a in list(space)[::97]:
        RULES.apply(s, a)
    assert discard(0, vec(wizard=4), "wizard") not in space


def test_list_space_of_is_the_space_over_the_tuple_it_is_given():
    from game.core.actions import Action
    from game.core.rng import Rng
    from game.core.spaces import ListSpace

    acts = (Action.make(0, "a"), Action.make(0, "b", n=1))
    fast, plain = ListSpace.of(acts), ListSpace(acts)
    assert fast.actions is acts and list(fast) == list(plain) and len(fast) == len(plain) == 2
    assert acts[1] in fast and Action.make(0, "b", n=2) not in fast and bool(fast)
    assert fast.sample(Rng(3)) == plain.sample(Rng(3))
    assert not ListSpace.of(()) and Action.make(0, "a") not in ListSpace.of(())
