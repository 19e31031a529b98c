"""Seeded, immutable random number generation.

The generator state is a plain int (SplitMix64), so it can live inside a frozen
game state and in a JSON record.  Every function returns the new state
alongside its result: ``value, rng = next_u64(rng)``.

Seeds for anything but the deal come from :func:`derive` (a salted hash), never from
the deal's own stream: every ``Rng(seed)`` walks the same SplitMix64 cycle from a
different place, and its output is invertible, so a generator seeded from the deal's
stream (or from a seed near the game's) would let its holder compute the deal.
"""
from __future__ import annotations

import hashlib
from typing import Sequence, TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64


def seed_state(seed: int) -> int:
    """Turn any integer seed into an RNG state."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in [0, n) (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        v, state = next_u64(state)
        if v < limit:
            return v % n, state


def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Fisher-Yates shuffle; returns a new tuple and the new state.  (``randbelow`` and
    ``next_u64`` written out in the loop: the same draws, without two calls per card.)"""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _TWO64 - (_TWO64 % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


#: the domain-separation strings of :func:`derive` (one per use; never reuse one for another)
SEAT_SALT = "crowntable/seat-rng/v1"
GAME_SALT = "crowntable/simulate-game-seed/v1"


def _int_bytes(n: int) -> bytes:
    n = int(n)
    return n.to_bytes(n.bit_length() // 8 + 1, "little", signed=True)


def derive(seed: int, index: int, salt: str, bits: int = 64) -> int:
    """A seed of ``bits`` bits for use number ``index`` of ``seed``, from a keyed hash
    (BLAKE2b with ``salt`` as the key): nothing about ``seed``, or any generator seeded
    from it, can be computed from the result short of trying every seed."""
    h = hashlib.blake2b(_int_bytes(seed) + b"|" + _int_bytes(index), digest_size=8,
                        key=salt.encode("utf-8"))
    return int.from_bytes(h.digest(), "little") >> (64 - bits)


def seat_seed(game_seed: int, seat: int, salt: str = SEAT_SALT) -> int:
    """The seed of seat ``seat``'s agent generator in the game seeded ``game_seed``: a
    separately salted derivation, so the seat's generator shares no stream with the deal
    (``Rng(seat_seed(game_seed, seat))``; used by ``simulate``, the table's pacer and the
    benchmarks)."""
    return derive(game_seed, seat, salt)


class Rng:
    """Mutable convenience wrapper for agents and simulations (not game state)."""

    def __init__(self, seed: int = 0):
        self.state = seed_state(seed)

    def randbelow(self, n: int) -> int:
        # ``randbelow(self.state, n)`` written out (the hot path of every random choice)
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _TWO64 - (_TWO64 % n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def random(self) -> float:
        v, self.state = next_u64(self.state)
        return (v >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: Sequence[T]) -> list[T]:
        out, self.state = shuffle(seq, self.state)
        return list(out)

    def spawn(self) -> "Rng":
        child = Rng()
        v, self.state = next_u64(self.state)
        child.state = v
        return child
