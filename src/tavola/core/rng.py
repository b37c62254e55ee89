"""Seeded randomness: every source of chance derives its own stream from the game seed.

Games never touch the global ``random`` module. A deck is shuffled with ``shuffle(cards, seed,
key...)`` and any other draw comes from ``stream(seed, key...)``, so a clone needs no RNG state
copied and two sources of chance never disturb each other.
"""

from __future__ import annotations

import hashlib
import os
import random
import struct
from collections.abc import MutableSequence
from typing import Any

from .errors import UnknownGameError, quote
from .options import whole

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


_WORDS = struct.Struct("<8Q")


def shuffle(cards: MutableSequence[Any], seed: int, *keys: int) -> None:
    """Shuffle ``cards`` in place from the sub-stream ``keys`` of ``seed``.

    Fisher-Yates, its k-th index drawn as ``w * (k + 1) >> 64`` from a 64-bit word ``w`` of
    BLAKE2b in counter mode over the seed and keys (a bias below 2**-57 for any deck). Seeding a
    ``random.Random`` costs more than a whole short shuffle this way; and a shuffle is a pure
    function of (seed, keys, cards), the same on every machine, with no state to clone."""
    n = len(cards)
    head = struct.pack(f"<{len(keys) + 1}Q", seed & _MASK64, *[k & _MASK64 for k in keys])
    words: list[int] = []
    for block in range((n + 7) >> 3):
        words += _WORDS.unpack(hashlib.blake2b(head + block.to_bytes(4, "little")).digest())
    for i in range(n - 1, 0, -1):
        j = words[i] * (i + 1) >> 64
        cards[i], cards[j] = cards[j], cards[i]


def check_seed(seed: object) -> int:
    """``seed`` as an int if it is a seed (a whole number from 0 to 2**64 - 1: numpy's integers
    too); else the TavolaError every part of tavola gives for a bad seed."""
    number = whole(seed)
    if number is None or not 0 <= number <= MAX_SEED:
        raise UnknownGameError(f"a seed is a whole number from 0 to 2**64 - 1, not {quote(seed)}")
    return number


def fresh_seed() -> int:
    """A new random 63-bit seed, for games started without one (it is kept in the record)."""
    return int.from_bytes(os.urandom(8), "little") >> 1
