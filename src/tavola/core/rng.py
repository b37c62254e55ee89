"""Seeded randomness: every source of chance derives its own stream from the game seed.

Games never touch the global ``random`` module. A deal is shuffled with ``stream(seed, key...)``,
so a clone needs no RNG state copied and two sources of chance never disturb each other.
"""

from __future__ import annotations

import os
import random

_MASK64 = (1 << 64) - 1
MAX_SEED = _MASK64
"""Seeds are 64-bit: larger ones would alias smaller ones, so they are refused."""


def _mix(x: int) -> int:
    """SplitMix64 finaliser: a fast, well-spread 64-bit mix, identical on every machine."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def derive_seed(seed: int, *keys: int) -> int:
    """A 64-bit seed for the sub-stream ``keys`` of ``seed`` (e.g. the k-th deal)."""
    x = _mix(seed & _MASK64)
    for k in keys:
        x = _mix(x ^ (k & _MASK64))
    return x


def stream(seed: int, *keys: int) -> random.Random:
    """A ``random.Random`` for the sub-stream ``keys`` of ``seed``."""
    return random.Random(derive_seed(seed, *keys))


def fresh_seed() -> int:
    """A new random 63-bit seed, for games started without one (it is kept in the record)."""
    return int.from_bytes(os.urandom(8), "little") >> 1
