"""Seeded setups inside kernels: Python's ``random.Random`` (MT19937) and its ``shuffle``, bit for bit.

The engines shuffle random setups with ``random.Random(int(rng.integers(2**63)))`` where ``rng``
is the game's NumPy generator. ``integers(2**63)`` is one PCG64 output shifted right by one
(Lemire's method with a power-of-two range never rejects), and ``random.Random(n)`` seeds
MT19937 by ``init_by_array`` with the 32-bit words of ``n``. ``shuffle`` is Fisher–Yates with
``_randbelow`` drawing ``getrandbits(bit_length(i + 1))`` until it is below ``i + 1``.

A Mersenne Twister here is an int64 array of 625 words: the 624 state words, then the index.
The test suite compares shuffles with Python's for many seeds.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import rng as _rng
from .jit import internal

N, M = 624, 397
_MASK = 0xFFFFFFFF


def new_twister() -> np.ndarray:
    return np.zeros(N + 1, dtype=np.int64)


@internal
def _init_genrand(mt, s):
    mt[0] = s & _MASK
    for i in range(1, N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
    mt[N] = N


@internal
def seed_twister(mt, seed):
    """``random.Random(seed)`` for 0 ≤ seed < 2**63."""
    key_lo = seed & _MASK
    key_hi = seed >> 32
    key_length = 2 if key_hi else 1
    _init_genrand(mt, 19650218)
    i = 1
    j = 0
    for _ in range(max(N, key_length)):
        key = key_lo if j == 0 else key_hi
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key + j) & _MASK
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= key_length:
            j = 0
    for _ in range(N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[N] = N


@internal
def genrand_uint32(mt):
    if mt[N] >= N:
        for kk in range(N):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7FFFFFFF)
            value = mt[(kk + M) % N] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[kk] = value
        mt[N] = 0
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK


@internal
def randbelow(mt, n):
    """``Random._randbelow(n)`` for 1 ≤ n ≤ 2**31."""
    k = 0
    while (n >> k) != 0:
        k += 1
    r = genrand_uint32(mt) >> (32 - k)
    while r >= n:
        r = genrand_uint32(mt) >> (32 - k)
    return r


@internal
def shuffle(mt, values):
    """``Random.shuffle(values)`` in place."""
    for i in range(values.shape[0] - 1, 0, -1):
        j = randbelow(mt, i + 1)
        values[i], values[j] = values[j], values[i]


@internal
def seed_from_generator(gen, mt):
    """``random.Random(int(rng.integers(2**63)))``: one PCG64 draw seeds the twister."""
    seed_twister(mt, np.int64(_rng.next_uint64(gen) >> np.uint64(1)))


@njit(cache=True)
def _shuffled(seed, values, mt):
    seed_twister(mt, seed)
    shuffle(mt, values)


def shuffled(seed: int, values) -> np.ndarray:
    """``random.Random(seed).shuffle`` of a copy of ``values`` (for tests)."""
    out = np.array(values, dtype=np.int64)
    _shuffled(seed, out, new_twister())
    return out
