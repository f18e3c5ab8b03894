"""NumPy's ``SeedSequence`` and ``PCG64`` inside compiled kernels, bit for bit.

Every playout of a run is seeded like this (the convention of :mod:`icewidgets.playout`)::

    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
    u = rng.random()

Building one ``Generator`` per game costs microseconds, more than a whole compiled game
of the quicker kinds, so the kernels rebuild the same stream themselves:

- ``SeedSequence``: the run's entropy words (``seed`` as little-endian 32-bit words, padded
  with zeros to the pool size because a spawn key follows) and the spawn key ``(i,)`` are
  hashed into a pool of four 32-bit words, which ``generate_state(4, uint64)`` expands.
- ``PCG64``: a 128-bit LCG (state and increment kept as two ``uint64`` halves each) with the
  XSL-RR output; ``PCG64(seed_seq)`` seeds it from those four words (initstate = words 0–1,
  initseq = words 2–3, high half first).
- ``random()`` is ``(next_uint64 >> 11) * 2**-53``, and an agent's pick among ``n`` moves,
  ``int(random() * n)``, is :func:`random_index` (the same number, by integer arithmetic).

The test suite checks every step against NumPy for many seeds and spawn keys.

A generator is a ``uint64`` array (:func:`new_generator`) starting with the four words
``[state_hi, state_lo, inc_hi, inc_lo]``; kernels get one per chunk and reseed it per game with
:func:`seed_game`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from .jit import internal

POOL_SIZE = 4
_MASK32 = np.uint64(0xFFFFFFFF)
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_MULT_L = np.uint64(0xCA01F9DD)
_MIX_MULT_R = np.uint64(0x4973F715)
_XSHIFT = np.uint64(16)

_PCG_MULT_HI = np.uint64(2549297995355413924)
_PCG_MULT_LO = np.uint64(4865540595714422341)
_ONE = np.uint64(1)
_U11 = np.uint64(11)
_U58 = np.uint64(58)
_U63 = np.uint64(63)
_U64 = np.uint64(64)
_U32 = np.uint64(32)
_TWO_M53 = 1.0 / 9007199254740992.0
_U53 = np.uint64(53)
_LOW53 = np.uint64((1 << 53) - 1)
_INDEX_LIMIT = 1 << 11  # (x >> 11) * n fits in 64 bits below it
_NEAR_NEXT = np.uint64((1 << 53) - _INDEX_LIMIT)


def entropy_words(seed: Any) -> np.ndarray:
    """The run part of a spawned ``SeedSequence(seed, spawn_key=(i,))``'s entropy, as uint32 words.

    ``seed`` (an int, or a sequence of ints) is split into little-endian 32-bit words and padded
    with zeros to the pool size, exactly as ``SeedSequence`` does when a spawn key follows.

    >>> entropy_words(2**32 + 5).tolist(), entropy_words((1, 2)).tolist()
    ([5, 1, 0, 0], [1, 2, 0, 0])
    """
    values = [seed] if isinstance(seed, (int, np.integer)) else list(seed)
    words: list[int] = []
    for value in values:
        value = int(value)
        if value < 0:
            raise ValueError(f"seed={seed!r} must be made of non-negative integers")
        while True:
            words.append(value & 0xFFFFFFFF)
            value >>= 32
            if value == 0:
                break
    words += [0] * (POOL_SIZE - len(words))
    return np.array(words, dtype=np.uint32)


@intrinsic
def _umulh(typingctx, a, b):
    """The high 64 bits of the 128-bit product of two uint64 (one LLVM i128 multiply)."""
    if a != types.uint64 or b != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        i128 = ir.IntType(128)
        x = builder.zext(args[0], i128)
        y = builder.zext(args[1], i128)
        product = builder.mul(x, y)
        return builder.trunc(builder.lshr(product, ir.Constant(i128, 64)), ir.IntType(64))

    return types.uint64(types.uint64, types.uint64), codegen



@internal
def _hashmix(value, hash_const):
    """SeedSequence's hashmix on 32-bit values held in uint64; returns (value, new hash_const)."""
    value = (value ^ hash_const) & _MASK32
    hash_const = (hash_const * _MULT_A) & _MASK32
    value = (value * hash_const) & _MASK32
    value ^= value >> _XSHIFT
    return value, hash_const


@internal
def _mix(x, y):
    result = ((_MIX_MULT_L * x) - (_MIX_MULT_R * y)) & _MASK32
    result ^= result >> _XSHIFT
    return result


def new_generator() -> np.ndarray:
    """An unseeded generator for :func:`seed_game`: 12 uint64 words (4 of state, 8 of scratch)."""
    return np.zeros(GENERATOR_WORDS, dtype=np.uint64)


GENERATOR_WORDS = 12


@internal
def seed_game(gen, run_words, key):
    """Seed ``gen`` (from :func:`new_generator`) as ``PCG64(SeedSequence(entropy, spawn_key=(key,)))``.

    ``run_words`` are the uint32 words from :func:`entropy_words` (at least the pool size, so
    the spawn key's words always come after the pool's first fill).
    """
    # gen[4:8] holds the entropy pool, gen[8:12] the four generated state words.
    n_run = run_words.shape[0]
    key = np.uint64(key)
    hash_const = _INIT_A
    for i in range(POOL_SIZE):
        gen[4 + i], hash_const = _hashmix(np.uint64(run_words[i]), hash_const)
    for i_src in range(POOL_SIZE):
        for i_dst in range(POOL_SIZE):
            if i_src != i_dst:
                hashed, hash_const = _hashmix(gen[4 + i_src], hash_const)
                gen[4 + i_dst] = _mix(gen[4 + i_dst], hashed)
    # The rest of the entropy: run words past the pool size, then the spawn key (one word, or two past 2**32).
    n_key = 1 if key <= _MASK32 else 2
    for i_src in range(POOL_SIZE, n_run + n_key):
        if i_src < n_run:
            word = np.uint64(run_words[i_src])
        elif i_src == n_run:
            word = key & _MASK32
        else:
            word = key >> _U32
        for i_dst in range(POOL_SIZE):
            hashed, hash_const = _hashmix(word, hash_const)
            gen[4 + i_dst] = _mix(gen[4 + i_dst], hashed)

    # generate_state(4, uint64): eight 32-bit words, paired little-endian into four uint64.
    hash_const = _INIT_B
    for i in range(4):
        gen[8 + i] = np.uint64(0)
    for j in range(8):
        value = (gen[4 + j % POOL_SIZE] ^ hash_const) & _MASK32
        hash_const = (hash_const * _MULT_B) & _MASK32
        value = (value * hash_const) & _MASK32
        value ^= value >> _XSHIFT
        gen[8 + j // 2] |= value << (_U32 * np.uint64(j % 2))

    # pcg64_set_seed: initstate = (words[0] << 64) | words[1], initseq = (words[2] << 64) | words[3].
    gen[2] = (gen[10] << _ONE) | (gen[11] >> _U63)
    gen[3] = (gen[11] << _ONE) | _ONE
    gen[0] = np.uint64(0)
    gen[1] = np.uint64(0)
    _step(gen)
    lo = gen[1] + gen[9]
    carry = np.uint64(1) if lo < gen[1] else np.uint64(0)
    gen[0] = gen[0] + gen[8] + carry
    gen[1] = lo
    _step(gen)


@internal
def _step(gen):
    """state = state * MULT + inc (mod 2**128)."""
    hi = gen[0]
    lo = gen[1]
    new_lo = lo * _PCG_MULT_LO
    new_hi = _umulh(lo, _PCG_MULT_LO) + lo * _PCG_MULT_HI + hi * _PCG_MULT_LO
    lo2 = new_lo + gen[3]
    carry = np.uint64(1) if lo2 < new_lo else np.uint64(0)
    gen[0] = new_hi + gen[2] + carry
    gen[1] = lo2


@internal
def next_uint64(gen):
    """PCG64's next 64-bit output (step, then XSL-RR)."""
    _step(gen)
    hi = gen[0]
    x = hi ^ gen[1]
    rot = hi >> _U58
    return (x >> rot) | (x << ((_U64 - rot) & _U63))


@internal
def random(gen):
    """``Generator.random()``: a float64 in [0, 1) from the top 53 bits."""
    return np.float64(next_uint64(gen) >> _U11) * _TWO_M53


@internal
def scaled_index(x, n):
    """``int(u * n)`` for the ``u = (x >> 11) * 2**-53`` that ``random()`` makes of the output
    ``x`` (n ≥ 1), bit for bit, mostly in integer arithmetic: ``((x >> 11) * n) >> 53``.

    The float product rounds to 53 bits, which can lift it onto the next whole number only when
    the low 53 bits of ``(x >> 11) * n`` are all ones from bit s − 1 up (s: the bits the product
    has beyond 53, at most 11 below :data:`_INDEX_LIMIT`); then, and for larger ``n``, the float
    product decides. Rounding never lowers it below a whole number it has reached."""
    m = x >> _U11
    if n >= _INDEX_LIMIT:
        return np.int64(np.float64(m) * _TWO_M53 * n)
    product = m * np.uint64(n)
    if (product & _LOW53) >= _NEAR_NEXT:  # about once in 2**42 draws
        return np.int64(np.float64(m) * _TWO_M53 * n)
    return np.int64(product >> _U53)


@internal
def random_index(gen, n):
    """``int(Generator.random() * n)``: the move a uniform agent picks among ``n`` (n ≥ 1), as
    :func:`scaled_index` of the next output; the float product's latency is off the path of a
    playout's plies."""
    return scaled_index(next_uint64(gen), n)


@njit(cache=True)
def _scaled_indices(xs, n, out):
    for i in range(xs.shape[0]):
        out[i] = scaled_index(xs[i], n)


def scaled_indices(xs, n: int) -> np.ndarray:
    """:func:`scaled_index` of each raw output in ``xs`` (uint64) for ``n`` moves (for tests).

    >>> scaled_indices(np.array([2**64 - 1, 0], dtype=np.uint64), 3).tolist()
    [2, 0]
    """
    out = np.zeros(len(xs), dtype=np.int64)
    _scaled_indices(np.asarray(xs, dtype=np.uint64), np.int64(n), out)
    return out


@njit(cache=True)
def _stream(gen, run_words, key, out_int, out_float, as_float):
    """Outputs of game ``key``'s generator (for tests)."""
    seed_game(gen, run_words, key)
    for i in range(out_int.shape[0]):
        if as_float:
            out_float[i] = random(gen)
        else:
            out_int[i] = next_uint64(gen)


def stream(seed: int, key: int, count: int, kind: str = "random") -> np.ndarray:
    """The first ``count`` values of game ``key``'s generator in a run seeded ``seed``.

    ``kind="random"`` gives ``Generator.random()`` floats, ``"uint64"`` the raw PCG64 outputs.
    Equal to ``np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(key,)))``'s.
    """
    ints = np.zeros(count, dtype=np.uint64)
    floats = np.zeros(count, dtype=np.float64)
    _stream(new_generator(), entropy_words(seed), key, ints, floats, kind == "random")
    return floats if kind == "random" else ints


def pcg64_state(seed: int, key: int) -> tuple[int, int]:
    """``(state, inc)`` as Python ints, comparable with ``PCG64.state["state"]``."""
    gen = new_generator()
    _stream(gen, entropy_words(seed), key, np.zeros(0, dtype=np.uint64), np.zeros(0), False)
    return (int(gen[0]) << 64) | int(gen[1]), (int(gen[2]) << 64) | int(gen[3])
