"""Seeded, immutable random number generation.

The generator state is a plain int (SplitMix64), so it can live inside a frozen
game state and in a JSON record.  Every function returns the new state
alongside its result: ``value, rng = below(rng, n)``.

Seeds for anything but the deal come from :func:`derive` (a salted hash), never from
the deal's own stream: every ``Rng(seed)`` walks the same SplitMix64 cycle from a
different place, and its output is invertible, so a generator seeded from the deal's
stream (or from a seed near the game's) would let its holder compute the deal.

The draws, each written once:

* :func:`next_u64`: one SplitMix64 word (step the state by :data:`GAMMA`, then mix).
* :func:`below`: a uniform int in ``[0, n)`` by rejection sampling (a word at or above
  ``TWO64 - TWO64 % n`` is drawn again, so there is no modulo bias).  It writes the
  mix out rather than calling :func:`next_u64`: it is the hot path of every random
  choice (a search rollout makes millions), and a call per draw costs a third of it.
  These two are the only places the SplitMix64 mix is written out one word at a time.
* :func:`shuffle`: Fisher-Yates, one rejection draw of :func:`next_u64` per step; the
  reference shuffle (the rules deal with :func:`lane_shuffle`).
* :func:`lane_shuffle`: the same draws and the same result as :func:`shuffle`, worked
  out at once.  The k-th draw of a shuffle mixes ``state + (k + 1) * GAMMA`` alone, so
  every draw of a deck of up to 64 cards is mixed together, each in its own 128-bit
  lane of one big integer (a lane's product stays below ``2**128``; the bits a shift
  brings in from the next lane are masked off before each product), and read back as
  64-bit words: a deal costs three big-integer products instead of a loop of them.
  A word a step might reject (at or above :data:`SAFE`, about 1 in ``10**17``) sends
  the deck the plain way, so the result is always :func:`shuffle`'s.
"""
from __future__ import annotations

import hashlib
import struct
import sys
from functools import lru_cache
from typing import Sequence, TypeVar

T = TypeVar("T")

#: SplitMix64's constants: the state's step and the two multipliers of the mix
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
MASK64 = (1 << 64) - 1
TWO64 = 1 << 64
#: the bound the reference :func:`shuffle` rejects against (``TWO64``; a test lowers it to
#: force rejections)
_TWO64 = TWO64
#: ``below(n)``'s rejection limit ``TWO64 - TWO64 % n`` for every n below 4096 (0 for n = 0),
#: looked up rather than worked out on the hot path
_LIMITS: tuple[int, ...] = (0,) + tuple(TWO64 - TWO64 % n for n in range(1, 4096))
#: the smallest rejection limit of a step of a deck of at most 64 cards (``below(n)``
#: rejects a word at or above ``TWO64 - TWO64 % n``): a word below it is taken by every step
SAFE = TWO64 - 64
LANE = 128                                  # bits per draw in :func:`lane_shuffle`
_LITTLE = sys.byteorder == "little" and struct.calcsize("Q") == 8      # words are read in place


def seed_state(seed: int) -> int:
    """Turn any integer seed into an RNG state."""
    return (int(seed) * GAMMA + 0x632BE59BD9B4E019) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 word and the new state."""
    state = (state + GAMMA) & MASK64
    z = ((state ^ (state >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in ``[0, n)`` and the new state (rejection sampling, no modulo bias).
    A draw below 1 takes its step and gives 0 (no word is ever rejected then)."""
    if n <= 1:
        if n == 1:
            return 0, (state + GAMMA) & MASK64
        raise ValueError("below needs n > 0")
    limit = _LIMITS[n] if n < 4096 else TWO64 - TWO64 % n
    while True:
        state = (state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        z ^= z >> 31
        if z < limit:
            return z % n, state



def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Fisher-Yates shuffle from the end, each step a :func:`below` draw (written here from
    :func:`next_u64`: the plain definition); returns a new tuple and the new state.  The
    reference of :func:`lane_shuffle`, which the rules use."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _TWO64 - _TWO64 % n
        while True:
            z, state = next_u64(state)
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


@lru_cache(maxsize=None)
def _lanes(size: int, safe: int) -> tuple[int, int, int, int, int, int, int, struct.Struct,
                                          tuple[tuple[int, int], ...]]:
    """The constants of a deck of ``size`` (a pure function of ``size`` and :data:`SAFE`, kept
    once made): (1 in every lane, each lane's step ``(k + 1) * GAMMA``, the low 64 bits of
    every lane, ``2**64 - safe`` in every lane, bit 64 of every lane, the bytes of the lanes,
    the state's step over the whole deck, the reader of each lane's low word from those
    bytes, the Fisher-Yates steps ``(i, i + 1)`` from the end)."""
    draws = size - 1
    ones = sum(1 << (LANE * k) for k in range(draws))
    gammas = sum((((k + 1) * GAMMA) & MASK64) << (LANE * k) for k in range(draws))
    return (ones, gammas, MASK64 * ones, (TWO64 - safe) * ones, ones << 64, LANE * draws // 8,
            (draws * GAMMA) & MASK64, struct.Struct("<" + "Q8x" * draws),
            tuple((i, i + 1) for i in range(size - 1, 0, -1)))


def lane_shuffle(items: Sequence[T], state: int) -> tuple[list[T], int]:
    """:func:`shuffle` of ``items`` as a new list, with the same draws in the same order and
    the same new state; every draw mixed at once in 128-bit lanes (module docstring)."""
    out = list(items)
    size = len(out)
    if size < 2 or size > 64 or not _LITTLE:
        done, state = shuffle(out, state)
        return list(done), state
    ones, gammas, lanes, to_safe, carries, nbytes, after, words_of, steps = _lanes(size, SAFE)
    x = (state * ones + gammas) & lanes
    x = ((x ^ (x >> 30)) & lanes) * MIX1 & lanes
    x = ((x ^ (x >> 27)) & lanes) * MIX2 & lanes
    x = (x ^ (x >> 31)) & lanes
    if (x + to_safe) & carries:
        # a word at or above SAFE (it carries into bit 64 of its lane), which a step might
        # reject: below would draw again, so go step by step
        done, state = shuffle(out, state)
        return list(done), state
    for (i, n), z in zip(steps, words_of.unpack(x.to_bytes(nbytes, "little"))):
        j = z % n
        out[i], out[j] = out[j], out[i]
    return out, (state + after) & MASK64


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
        v, self.state = below(self.state, n)
        return v

    def random(self) -> float:
        v, self.state = next_u64(self.state)
        return (v >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        i, self.state = below(self.state, len(seq))
        return seq[i]

    def shuffle(self, seq: Sequence[T]) -> list[T]:
        out, self.state = lane_shuffle(seq, self.state)
        return out

    def spawn(self) -> "Rng":
        child = Rng()
        v, self.state = next_u64(self.state)
        child.state = v
        return child
