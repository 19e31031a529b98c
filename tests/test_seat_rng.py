"""Honest by construction (issue 25): an AI seat's random generator tells nothing about the deal.

Every ``Rng(seed)`` walks the one SplitMix64 cycle (state += GAMMA) from a different place,
and a SplitMix64 output can be inverted.  So a seat generator spawned from the deal's own
stream (``Rng(game_seed).spawn()``, as ``simulate`` and the table's pacer did) or seeded near
the game's seed (``Rng(game_seed * 10 + seat)``, as the benchmarks did) lets its holder
compute the deal.  :func:`shares_stream` finds both; the seat generators that ``simulate``,
the pacer and the benchmarks make must pass it for many seeds, and the old ways must not.
"""
from __future__ import annotations

import pytest

import game.rules  # noqa: F401
from game.core import registry
from game.core.rng import GAME_SALT, MASK64, Rng, derive, next_u64, seat_seed, seed_state

GAMMA = 0x9E3779B97F4A7C15
INV_GAMMA = pow(GAMMA, -1, 1 << 64)
NEAR = 1 << 32                  # a generator this few steps from the deal's start walks its stream
OUTPUTS = 4096                  # more draws than any deal takes


def deal_outputs(game_seed: int, n: int = OUTPUTS) -> set[int]:
    state, out = seed_state(game_seed), set()
    for _ in range(n):
        v, state = next_u64(state)
        out.add(v)
    return out


def shares_stream(seat_state: int, game_seed: int, outputs: set[int] | None = None) -> bool:
    """Whether a generator in ``seat_state`` reaches the deal's stream of ``game_seed``: it
    is a nearby place on the same walk (either way), or it was seeded with one of the
    deal stream's outputs (a spawn), or its first outputs are among the deal's."""
    start = seed_state(game_seed)
    steps = ((seat_state - start) * INV_GAMMA) & MASK64
    if steps < NEAR or steps > (1 << 64) - NEAR:
        return True
    outputs = deal_outputs(game_seed) if outputs is None else outputs
    if seat_state in outputs:
        return True
    state = seat_state
    for _ in range(64):
        v, state = next_u64(state)
        if v in outputs:
            return True
    return False


SEEDS = range(0, 400, 3)


def test_a_seat_seed_shares_no_stream_with_the_deal():
    for g in SEEDS:
        outs = deal_outputs(g)
        for seat in range(6):
            assert not shares_stream(Rng(seat_seed(g, seat)).state, g, outs), (g, seat)


def test_the_check_catches_a_seat_generator_made_the_old_ways():
    """Planted: the three ways seat generators were made before are all caught."""
    for g in SEEDS:
        outs = deal_outputs(g)
        master = Rng(g)
        spawned = [master.spawn() for _ in range(6)]                    # simulate and the pacer
        assert all(shares_stream(r.state, g, outs) for r in spawned), g
        assert all(shares_stream(Rng(g * 10 + i).state, g, outs) for i in range(6)), g   # the benchmarks
        assert shares_stream(Rng(g).state, g, outs)                     # the game's own seed


def test_the_old_spawned_generator_really_gives_the_deal_away():
    """Why it matters: from the old seat generator alone the deal's first draw is computed."""
    def unmix(z: int) -> int:                  # the inverse of SplitMix64's output function
        z = (z ^ (z >> 31) ^ (z >> 62)) & MASK64
        z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK64
        z = (z ^ (z >> 27) ^ (z >> 54)) & MASK64
        z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK64
        return (z ^ (z >> 30) ^ (z >> 60)) & MASK64
    g = 12345
    seat = Rng(g).spawn()
    deal_state = unmix(seat.state)              # the deal stream's state after its first draw
    assert next_u64((deal_state - GAMMA) & MASK64)[0] == next_u64(seed_state(g))[0]
    # and the derived one does not: unmixing it lands nowhere near the deal's walk
    steps = ((unmix(Rng(seat_seed(g, 0)).state) - seed_state(g)) * INV_GAMMA) & MASK64
    assert NEAR < steps < (1 << 64) - NEAR


def test_derived_seeds_are_fixed_and_distinct():
    assert seat_seed(7, 0) == seat_seed(7, 0)
    assert len({seat_seed(7, s) for s in range(20)} | {seat_seed(8, s) for s in range(20)}) == 40
    assert seat_seed(7, 0) != derive(7, 0, GAME_SALT)                 # the salts keep uses apart
    assert 0 <= derive(10 ** 5000, 3, GAME_SALT, bits=31) < 1 << 31     # any seed, any size


@pytest.mark.parametrize("game,players", [(game, {"court": 2, "masterbluff": 4, "death": 5, "ktm": 4,
                                                   "bossquest": 3}[game]) for game in registry.ids()])
def test_simulate_gives_every_seat_a_generator_apart_from_the_deal(monkeypatch, game, players):
    import game.ai.simulate as sim

    real = sim.make_agent
    states: list[int] = []

    def spying(game_id, level):
        agent = real(game_id, level)

        class Spy:
            name = getattr(agent, "name", "spy")

            def act(self, obs, legal, rng):
                if not hasattr(self, "first"):
                    self.first = rng.state
                    states.append(rng.state)
                return agent.act(obs, legal, rng)
        return Spy()
    monkeypatch.setattr(sim, "make_agent", spying)
    for seed in (3, 4):
        states.clear()
        sim.play_game(game, ["random"] * players, seed)
        assert len(states) == players
        outs = deal_outputs(seed)
        assert not any(shares_stream(s, seed, outs) for s in states), seed


def test_the_table_pacer_gives_every_ai_seat_a_generator_apart_from_the_deal():
    from game.app.table.pacer import AIPacer
    from game.match import Match, SeatSpec

    for seed in (0, 1, 77, 2 ** 31 - 1):
        m = Match("masterbluff", [SeatSpec("You", "human", "normal")]
                  + [SeatSpec(f"AI {i}", "ai", "easy") for i in range(3)], seed=seed)
        p = AIPacer(type("App", (), {"ai": None})(), m, "masterbluff")
        assert set(p.rngs) == {1, 2, 3}
        outs = deal_outputs(seed)
        assert not any(shares_stream(r.state, seed, outs) for r in p.rngs.values()), seed


def test_simulate_stays_reproducible_and_nearby_run_seeds_share_no_games():
    from game.ai.simulate import _game_seeds, simulate

    a = list(simulate("court", ["random", "random"], 3, 11))
    assert a == list(simulate("court", ["random", "random"], 3, 11))
    run = [s for _g, s in _game_seeds(11, 20)]
    assert run[:5] == [s for _g, s in _game_seeds(11, 5)]              # a shorter run is a prefix
    assert not set(run) & {s for _g, s in _game_seeds(12, 20)}         # run 12 does not replay run 11
