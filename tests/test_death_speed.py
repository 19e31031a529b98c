"""Death over the Kingdom's deal draws what the plain shuffle draws (issue 16; since issue 26
the deal uses core's one lane shuffle, ``rng.lane_shuffle``, tested for every deck size in
tests/test_rng.py)."""
from __future__ import annotations

import pytest

from game.core import rng as rngmod
from game.rules import death


@pytest.mark.parametrize("seed", range(300))
def test_the_deals_shuffle_draws_what_rng_shuffle_draws(seed):
    state = rngmod.seed_state(seed)
    order, after = rngmod.lane_shuffle(death.FULL_DECK, state)
    assert (tuple(order), after) == rngmod.shuffle(death.FULL_DECK, state)


@pytest.mark.parametrize("state", [0, 1, rngmod.MASK64, rngmod.MASK64 - 0x9E3779B97F4A7C15 + 1])
def test_the_deals_shuffle_at_the_edges_of_the_state(state):
    order, after = rngmod.lane_shuffle(death.FULL_DECK, state)
    assert (tuple(order), after) == rngmod.shuffle(death.FULL_DECK, state)


def test_a_seeded_deal_is_the_plain_shuffle_of_the_deck():
    """The deal's hands and deck are the plain ``rng.shuffle`` of the 26 cards."""
    from game.core.rules import GameConfig
    rules = death.RULES
    s = rules.new_game(GameConfig(6, {**rules.default_options, "dealer": 0}), seed=11)
    # the round-1 dealer is given, so the deal's shuffle is the first draw of the seed's stream
    order, _after = rngmod.shuffle(death.FULL_DECK, rngmod.seed_state(11))
    dealt = [order[k] for k in range(6)]
    assert [s.hands[p] for p in s.order] == dealt
