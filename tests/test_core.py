"""Core pieces: RNG, response windows, action JSON."""
import pytest
from hypothesis import given, strategies as st

from game.core import rng as R
from game.core.actions import Action, MalformedAction
from game.core.rules import Window


def test_rng_is_deterministic_and_shuffle_is_a_permutation():
    a, sa = R.shuffle(range(48), R.seed_state(5))
    b, sb = R.shuffle(range(48), R.seed_state(5))
    c, _ = R.shuffle(range(48), R.seed_state(6))
    assert a == b and sa == sb and a != c
    assert sorted(a) == list(range(48))


def test_randbelow_is_in_range_and_covers_it():
    s = R.seed_state(1)
    seen = set()
    for _ in range(500):
        v, s = R.randbelow(s, 7)
        seen.add(v)
    assert seen == set(range(7))


@given(st.permutations([0, 1, 2, 3]), st.lists(st.booleans(), min_size=4, max_size=4))
def test_first_mode_window_resolves_to_the_first_caller_in_order_whatever_the_answer_order(arrival, calls):
    order = (3, 0, 1, 2)
    w = Window(order)
    closed_at = None
    for k, seat in enumerate(arrival):
        if w.result()[0]:
            break
        w = w.answer(seat, calls[seat])
        if w.result()[0] and closed_at is None:
            closed_at = k
    closed, callers = w.result()
    assert closed
    expected = next((s for s in order if calls[s]), None)
    assert callers == (() if expected is None else (expected,))


def test_all_mode_window_waits_for_everyone_and_keeps_every_yes():
    w = Window((1, 2, 3), mode="all").answer(3, True).answer(1, False)
    assert w.result() == (False, ())
    assert w.pending() == (2,)
    w = w.answer(2, True)
    assert w.result() == (True, (2, 3))


def test_action_json_rejects_malformed_data():
    with pytest.raises(MalformedAction):
        Action.from_json({"kind": "pass"})
    with pytest.raises(MalformedAction):
        Action.from_json({"seat": "0", "kind": "pass"})
    with pytest.raises(MalformedAction):
        Action.from_json({"seat": 0, "kind": "x", "bad": {"nested": 1}})
    a = Action.from_json({"seat": 1, "kind": "discard", "counts": [1, 0, 0, 0, 0, 0], "family": "elf", "token": False})
    assert a["counts"] == (1, 0, 0, 0, 0, 0) and a.to_json()["counts"] == [1, 0, 0, 0, 0, 0]
