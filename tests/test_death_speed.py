"""Death over the Kingdom's fast paths give what the plain code gives (issue 16)."""
from __future__ import annotations

import unittest.mock as mock

import pytest

from game.core import rng as rngmod
from game.rules import death


@pytest.mark.parametrize("seed", range(300))
def test_the_deals_shuffle_draws_what_rng_shuffle_draws(seed):
    state = rngmod.seed_state(seed)
    order, after = death._shuffled(state)
    assert (tuple(order), after) == rngmod.shuffle(death.FULL_DECK, state)


@pytest.mark.parametrize("state", [0, 1, rngmod.MASK64, rngmod.MASK64 - 0x9E3779B97F4A7C15 + 1])
def test_the_deals_shuffle_at_the_edges_of_the_state(state):
    order, after = death._shuffled(state)
    assert (tuple(order), after) == rngmod.shuffle(death.FULL_DECK, state)


@pytest.mark.parametrize("seed", range(20))
def test_a_rejected_draw_is_drawn_again_as_rng_shuffle_does(monkeypatch, seed):
    """A draw at or above a step's limit is rejected (about 1 in 10**18 with 64-bit draws):
    the shuffle must then draw again from the next state, as ``rng.shuffle`` does.  Lower
    every limit to below 2**63 in both, so that about half the draws are rejected."""
    low = 1 << 63
    monkeypatch.setattr(rngmod, "_TWO64", low)
    monkeypatch.setattr(death, "_STEPS", tuple((i, n, low - low % n) for i, n, _l in death._STEPS))
    state = rngmod.seed_state(seed)
    want = rngmod.shuffle(death.FULL_DECK, state)
    order, after = death._shuffled(state)
    assert (tuple(order), after) == want


def test_the_planted_limits_do_reject():
    """The test above is not empty: with the lowered limits the plain shuffle draws differently."""
    state = rngmod.seed_state(3)
    plain = rngmod.shuffle(death.FULL_DECK, state)
    low = 1 << 63
    with mock.patch.object(rngmod, "_TWO64", low):
        assert rngmod.shuffle(death.FULL_DECK, state) != plain
