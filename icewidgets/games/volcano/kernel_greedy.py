"""Volcano's greedy agent inside the compiled kernel (:mod:`.kernel` imports it; nothing else).

It plays :func:`~icewidgets.games.volcano.greedy.greedy_move`: the same keys, in legal order,
and the same single draw among the best. What makes it cheap is that every eruption on the
board is evaluated at once, with bit masks of squares (bit ``i`` for square ``i``):

- The board is kept as nine masks, ``PIECE + 3·k + s``: the squares whose k-th coloured piece
  from the top (k = 0, 1, 2; a cap is not counted) has size s. Caps do not enter them, so a
  cap move changes none; after an eruption :func:`forget` rewrites the volcano's square and the
  squares its pieces landed on.
- At a decision, for each direction d, shifting those masks gives for every square at once
  whether its eruption towards d throws a (k+1)-th piece (the square holds k+1 pieces and no
  cap stands on the lava's squares two to k+2 steps away) and whether that piece is captured
  (it has the size of the top piece where it lands). An eruption that captures nothing gains
  nothing, whoever moves, so most keys come from popcounts.
- A capture's points come from the mover's excess counts, worked out once per turn: the score
  is ``pieces + 2·min over sizes + 2·Σ solid trees``, so capturing adds ``n + 2·min_s(E_s + a_s)
  + 2·Σ_c min_s(e_cs + a_cs)``, where ``E_s`` is how many pieces of size s the mover holds
  beyond the fewest of any size, ``e_cs`` the same within colour c, and ``a`` the pieces
  captured.

A walk's look-ahead reads the same masks: a target's eruptions are those of its square.

Under ``capture="may"`` (the cache's MAY word) an eruption's captures are a choice: it is
worth its best choice, which differs from taking all only when taking all would end the game
(:func:`_best_declining`); the choice itself is played by :func:`greedy_choice`.

numba inlines the keys of eruptions (:func:`_eruption_key`, :func:`_gain`) where they are used,
once per scored move; a walk's key and its look-ahead are compiled once and called: inlined,
they made a cold compile of the greedy kernel a second or so longer, for no speed one could
measure.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...compiled import rng as _rng
from ...compiled.bits import lowest_bit, popcount
from ...compiled.jit import internal
from ...compiled.pick import nth_best
from .board import GRID, RAYS

SQUARES = GRID.size
FULL = (1 << SQUARES) - 1

# The cache: one int64 array per chunk of games (new_cache), laid out as follows.
PIECE = 0  # 9 words: PIECE + 3·k + s, the squares whose k-th coloured piece from the top has size s
THROWS = 9  # 24 words: THROWS + 3·d + k, the squares whose eruption towards d throws a (k+1)-th piece
CAPTURES = 33  # 24 words: CAPTURES + 3·d + k, ... and that piece is captured
CAPTURING = 57  # 8 words: CAPTURING + d, the squares whose eruption towards d captures something
FREE_STEP = 65  # 8 words: FREE_STEP + d, the squares whose neighbour towards d is on the board and has no cap
LEGAL = 73  # 8 words: LEGAL + d, the caps that may step towards d
CANDIDATES = 81  # 8 words: CANDIDATES + d, the caps whose step towards d greedy_move is scoring
TURN = 89  # the turn whose mover the excess counts belong to; -1: none yet
EXCESS = 90  # 18 words: E_s for the three sizes, then e_cs for each colour and size
HELD, BASE, BEST_OTHER = 108, 109, 110  # the mover's colours, points, and the best other points
STAMP = 111  # look-ahead decisions so far: AHEAD_AT says which one an AHEAD entry is from
AHEAD = 112  # 25 words: a walk target's best look-ahead gain over the directions whose first square is free
AHEAD_AT = 137  # 25 words
FEWEST = 162  # the sizes at the fewest (E_s = 0), 3 bits, then for each colour c its own, 3 bits at 3 + 3c
MAY = 163  # 1 under capture="may": the captures of an eruption are the mover's choice
CACHE_WORDS = 164

# A mask shifted one step towards direction d (N, NE, E, … clockwise): (mask << LEFT[d]) >> RIGHT[d],
# keeping KEEP[d] (the squares a step towards d can reach without leaving the board).
_FILE_A = sum(1 << (5 * rank) for rank in range(5))
_FILE_E = _FILE_A << 4
_OFFSETS = (5, 6, 1, -4, -5, -6, -1, 4)
_FILE_CHANGE = (0, 1, 1, 1, 0, -1, -1, -1)
SHIFT = np.array([[max(o, 0), max(-o, 0), FULL & ~(_FILE_A if f > 0 else _FILE_E if f < 0 else 0)]
                  for o, f in zip(_OFFSETS, _FILE_CHANGE)], dtype=np.int64)
"""``SHIFT[d] = (LEFT, RIGHT, KEEP)``: how a mask moves one step towards d."""

LANDS_ON_BOARD = np.array([[sum(1 << x for x in range(SQUARES) if len(RAYS[x][d]) > k) for d in range(8)]
                           for k in range(3)], dtype=np.int64)
"""``LANDS_ON_BOARD[k, d]``: the squares x for which x + (k+2)·d is on the board."""

# A walk's key is at most 28 and an eruption that gains is worth 32·gain − thrown ≥ 29 (at most 3
# pieces fly on a 5×5 board), so while some eruption gains no walk can be among the best moves.
WALK_KEY_MAX = 28
UNSCORED_WALK = -(1 << 40)  # a walk's key until it is needed: below every key


def new_cache(may: bool = False) -> np.ndarray:
    """An empty cache for a chunk of games (:func:`reset` starts each game); ``may``: the game
    plays ``capture="may"``."""
    cache = np.zeros(CACHE_WORDS, dtype=np.int64)
    cache[TURN] = -1
    cache[MAY] = may
    return cache


@internal
def _write_square(cache, stack, height, capped, square):
    """Put ``square``'s top three coloured pieces into the PIECE masks."""
    bit = np.int64(1) << square
    top = height[square] - 1 - capped
    for k in range(3):
        for size in range(3):
            cache[PIECE + 3 * k + size] &= ~bit
        if top - k >= 0:
            cache[PIECE + 3 * k + stack[square, top - k] % 3] |= bit


@internal
def reset(cache, stack, height, caps):
    """Start a game: the PIECE masks of its position, and no turn prepared."""
    for square in range(SQUARES):
        _write_square(cache, stack, height, (caps >> square) & 1, square)
    cache[TURN] = -1


@internal
def took(cache, stack, height, square):
    """Bring the PIECE masks of ``square`` (no cap on it) up to date after a capture choice
    took its top piece."""
    _write_square(cache, stack, height, np.int64(0), square)


@internal
def forget(cache, stack, height, source, target, direction, thrown, step):
    """Bring the PIECE masks up to date after a ply: when its cap, from ``source`` to
    ``target``, made ``source`` erupt towards ``direction`` (``thrown`` > 0 pieces), the
    volcano changed, and so did each square its pieces landed on unless the piece was captured
    there (the square's top piece had its size; under capture="may" every piece lands, and
    :func:`took` follows the choice); a cap move alone changes nothing."""
    if not thrown:
        return
    t = step[target, direction]
    for k in range(thrown):
        size = ((cache[PIECE + 3 * k + 1] >> source) & 1) + 2 * ((cache[PIECE + 3 * k + 2] >> source) & 1)
        bit = np.int64(1) << t
        if cache[MAY] or not (cache[PIECE + size] >> t) & 1:  # not captured: the piece lands on top
            for below in range(2, 0, -1):
                for s in range(3):
                    row = PIECE + 3 * below + s
                    cache[row] = (cache[row] & ~bit) | (cache[row - 3] & bit)
            for s in range(3):
                cache[PIECE + s] &= ~bit
            cache[PIECE + size] |= bit
        t = step[t, direction]
    _write_square(cache, stack, height, np.int64(0), source)


@internal
def _eruptions(cache, caps, shift, lands):
    """For every direction: which squares' eruptions throw and capture a first, second and
    third piece (THROWS, CAPTURES, CAPTURING), which squares have a free neighbour that way
    (FREE_STEP), and which caps may step there unless the house rule closes it (LEGAL). The masks of the squares x, for a direction d, are the board's masks stepped
    back: x erupts onto x + 2d, x + 3d, x + 4d. Stepping back j steps at once is one shift by j
    times a step's: it is exact for every x whose x + j·d is on the board, and the others are
    masked off by LANDS_ON_BOARD."""
    p00, p01, p02 = cache[PIECE], cache[PIECE + 1], cache[PIECE + 2]
    p10, p11, p12 = cache[PIECE + 3], cache[PIECE + 4], cache[PIECE + 5]
    p20, p21, p22 = cache[PIECE + 6], cache[PIECE + 7], cache[PIECE + 8]
    free = FULL & ~caps
    for d in range(8):
        back = (d + 4) % 8
        left, right = shift[back, 0], shift[back, 1]
        cache[FREE_STEP + d] = ((free << left) >> right) & shift[back, 2]
        cache[LEGAL + d] = caps & cache[FREE_STEP + d]
        left2, right2 = 2 * left, 2 * right
        left3, right3 = 3 * left, 3 * right
        left4, right4 = 4 * left, 4 * right
        cap2 = (caps << left2) >> right2  # a cap at x + 2d
        throws0 = (p00 | p01 | p02) & lands[0, d] & ~cap2
        captures0 = throws0 & ((p00 & ((p00 << left2) >> right2)) | (p01 & ((p01 << left2) >> right2))
                               | (p02 & ((p02 << left2) >> right2)))
        blocked = cap2 | ((caps << left3) >> right3)  # ... or at x + 3d
        throws1 = (p10 | p11 | p12) & lands[1, d] & ~blocked
        captures1 = throws1 & ((p10 & ((p00 << left3) >> right3)) | (p11 & ((p01 << left3) >> right3))
                               | (p12 & ((p02 << left3) >> right3)))
        blocked |= (caps << left4) >> right4  # ... or at x + 4d
        throws2 = (p20 | p21 | p22) & lands[2, d] & ~blocked
        captures2 = throws2 & ((p20 & ((p00 << left4) >> right4)) | (p21 & ((p01 << left4) >> right4))
                               | (p22 & ((p02 << left4) >> right4)))
        row = 3 * d
        cache[THROWS + row] = throws0
        cache[THROWS + row + 1] = throws1
        cache[THROWS + row + 2] = throws2
        cache[CAPTURES + row] = captures0
        cache[CAPTURES + row + 1] = captures1
        cache[CAPTURES + row + 2] = captures2
        cache[CAPTURING + d] = captures0 | captures1 | captures2


@njit(cache=True, inline="always")
def _gain(cache, stack, height, caps, square, direction):
    """The mover's points from the eruption of ``square`` towards ``direction``, which
    captures; and the colours it captures (a bit mask), in one word: gain | colours << 16.

    One captured piece of size s and colour c (the usual case) raises the fewest of any size
    exactly when s is the only size at the fewest, and the solid trees of c when s is the only
    size at c's fewest (some size is always at the fewest): a few bit tests, inlined where they
    are needed; more captured pieces are counted out by :func:`_gain_of_pieces`."""
    top = height[square] - 1 - ((caps >> square) & 1)
    row = 3 * direction
    first = (cache[CAPTURES + row] >> square) & 1
    second = (cache[CAPTURES + row + 1] >> square) & 1
    if first + second + ((cache[CAPTURES + row + 2] >> square) & 1) != 1:
        return _gain_of_pieces(cache, stack, top, square, direction)
    piece = np.int64(stack[square, top - (0 if first else 1 if second else 2)])
    colour = piece // 3
    only = np.int64(1) << (piece % 3)
    fewest = cache[FEWEST]
    gain = 1 + 2 * ((fewest & 7) == only) + 2 * (((fewest >> (3 + 3 * colour)) & 7) == only)
    return gain | (np.int64(1) << (16 + colour))


@internal
def _gain_of_pieces(cache, stack, top, square, direction):
    """:func:`_gain` of an eruption that captures two or three pieces (``top``: the height of
    the top coloured piece of ``square``)."""
    codes, n = _captured_codes(cache, stack, top, square, direction)
    return _gain_of_codes(cache, codes, n)


@internal
def _captured_codes(cache, stack, top, square, direction):
    """The pieces the eruption of ``square`` towards ``direction`` captures (or may capture),
    packed 4 bits each in landing order, and how many."""
    n = np.int64(0)
    codes = np.int64(0)
    for k in range(3):
        if (cache[CAPTURES + 3 * direction + k] >> square) & 1:
            codes |= np.int64(stack[square, top - k]) << (4 * n)
            n += 1
    return codes, n


@internal
def _gain_of_codes(cache, codes, n):
    """:func:`_gain` of capturing the ``n`` pieces packed in ``codes``."""
    colours = np.int64(0)
    for i in range(n):
        colours |= np.int64(1) << (((codes >> (4 * i)) & 15) // 3)
    gain = n + 2 * _fewest_after(cache, np.int64(EXCESS), codes, n, np.int64(-1))
    rest = colours
    while rest:
        colour = lowest_bit(rest)
        rest &= rest - 1
        gain += 2 * _fewest_after(cache, EXCESS + 3 + 3 * colour, codes, n, colour)
    return gain | (colours << 16)


@internal
def _fewest_after(cache, row, codes, n, colour):
    """The fewest pieces of any size in the excess counts ``cache[row:row + 3]`` once the ``n``
    captured pieces packed in ``codes`` (4 bits each) are added, those of ``colour`` only
    (-1: every colour)."""
    s0 = cache[row]
    s1 = cache[row + 1]
    s2 = cache[row + 2]
    for i in range(n):
        piece = (codes >> (4 * i)) & 15
        if colour < 0 or piece // 3 == colour:
            size = piece % 3
            if size == 0:
                s0 += 1
            elif size == 1:
                s1 += 1
            else:
                s2 += 1
    return min(s0, s1, s2)


@internal
def _best_declining(cache, stack, height, caps, square, direction):
    """Under capture="may", when taking every capture of the eruption of ``square`` towards
    ``direction`` would end the game behind: the most points a choice that does not end it
    takes (declining all takes 0)."""
    top = height[square] - 1 - ((caps >> square) & 1)
    codes, n = _captured_codes(cache, stack, top, square, direction)
    best = np.int64(0)
    for mask in range(1, 1 << n):
        chosen = np.int64(0)
        k = np.int64(0)
        for i in range(n):
            if (mask >> i) & 1:
                chosen |= ((codes >> (4 * i)) & 15) << (4 * k)
                k += 1
        word = _gain_of_codes(cache, chosen, k)
        if (cache[HELD] | (word >> 16)) != 31:
            best = max(best, word & 0xFFFF)
    return best


@internal
def greedy_choice(gen, stack, height, counts, per_player, player, players, pending, n, keys):
    """The greedy rule's capture choice among the ``n`` pieces on top of the squares
    ``pending`` (landing order): the bit mask of the pieces taken, one draw among the best keys
    (``32·gain``; ending the game ahead ``32000 + gain``, level ``16000 + gain``, behind
    ``-56``), the choices in legal order (by bit mask)."""
    base = per_player[2, player]
    best_other = np.int64(-1)
    for p in range(players):
        if p != player and per_player[2, p] > best_other:
            best_other = per_player[2, p]
    top = np.int64(-(1 << 40))
    for mask in range(1 << n):
        colours = per_player[0, player]
        for i in range(n):
            if (mask >> i) & 1:
                piece = stack[pending[i], height[pending[i]] - 1]
                counts[player, piece // 3, piece % 3] += 1
                colours |= np.int64(1) << (piece // 3)
        gain = score_of(counts, player, per_player[1, player] + popcount(np.int64(mask))) - base
        for i in range(n):
            if (mask >> i) & 1:
                piece = stack[pending[i], height[pending[i]] - 1]
                counts[player, piece // 3, piece % 3] -= 1
        if colours != 31:
            key = 32 * gain
        else:
            mine = base + gain
            key = np.int64(-56) if mine < best_other else (32000 if mine > best_other else 16000) + gain
        keys[mask] = key
        if key > top:
            top = key
    return nth_best(keys, np.int64(1) << n, top, _rng.random(gen))


@internal
def score_of(counts, p, total):
    """total + 2·min over sizes of the pieces of that size + 2·solid trees (the closed form in scoring.py)."""
    low = counts[p, 0, 0] + counts[p, 1, 0] + counts[p, 2, 0] + counts[p, 3, 0] + counts[p, 4, 0]
    for size in range(1, 3):
        n_size = counts[p, 0, size] + counts[p, 1, size] + counts[p, 2, size] + counts[p, 3, size] + counts[p, 4, size]
        if n_size < low:
            low = n_size
    solid = 0
    for colour in range(5):
        solid += min(counts[p, colour, 0], counts[p, colour, 1], counts[p, colour, 2])
    return total + 2 * low + 2 * solid


@internal
def _look_ahead(cache, stack, height, caps, target, direction):
    """What a cap that walked onto ``target`` could gain erupting it towards ``direction`` on
    the next ply: the gain, or -1 when it cannot erupt there or would end the game behind."""
    if not (cache[THROWS + 3 * direction] >> target) & 1:
        return np.int64(-1)
    if not (cache[CAPTURING + direction] >> target) & 1:
        return np.int64(0)
    word = _gain(cache, stack, height, caps, target, direction)
    gain = word & 0xFFFF
    if (cache[HELD] | (word >> 16)) == 31 and cache[BASE] + gain < cache[BEST_OTHER]:
        return _best_declining(cache, stack, height, caps, target, direction) if cache[MAY] else np.int64(-1)
    return gain


@internal
def _prepare_turn(cache, counts, per_player, player, players, turn):
    """The mover's excess counts and points, once per turn."""
    n0 = np.int64(0)
    n1 = np.int64(0)
    n2 = np.int64(0)
    fewest = np.int64(0)
    for colour in range(5):
        r0 = counts[player, colour, 0]
        r1 = counts[player, colour, 1]
        r2 = counts[player, colour, 2]
        n0 += r0
        n1 += r1
        n2 += r2
        low = min(r0, r1, r2)
        row = EXCESS + 3 + 3 * colour
        cache[row] = r0 - low
        cache[row + 1] = r1 - low
        cache[row + 2] = r2 - low
        fewest |= ((r0 == low) | ((r1 == low) << 1) | ((r2 == low) << 2)) << (3 + 3 * colour)
    low = min(n0, n1, n2)
    cache[EXCESS] = n0 - low
    cache[EXCESS + 1] = n1 - low
    cache[EXCESS + 2] = n2 - low
    cache[FEWEST] = fewest | (n0 == low) | ((n1 == low) << 1) | ((n2 == low) << 2)
    cache[HELD] = per_player[0, player]
    cache[BASE] = per_player[2, player]
    best_other = np.int64(-1)
    for p in range(players):
        if p != player and per_player[2, p] > best_other:
            best_other = per_player[2, p]
    cache[BEST_OTHER] = best_other
    cache[TURN] = turn


@njit(cache=True, inline="always")
def _eruption_key(cache, stack, height, caps, source, direction):
    """The key of the legal cap move from ``source`` towards ``direction`` that makes ``source``
    erupt (its THROWS bit is set)."""
    row = 3 * direction
    thrown = 1 + ((cache[THROWS + row + 1] >> source) & 1) + ((cache[THROWS + row + 2] >> source) & 1)
    if not (cache[CAPTURING + direction] >> source) & 1:
        return -thrown
    word = _gain(cache, stack, height, caps, source, direction)
    gain = word & 0xFFFF
    if (cache[HELD] | (word >> 16)) == 31:
        mine = cache[BASE] + gain
        if mine < cache[BEST_OTHER]:
            if cache[MAY]:  # the best choice declines what would end the game
                return 32 * _best_declining(cache, stack, height, caps, source, direction) - thrown
            # Ending the game behind: below every other eruption and every walk towards one,
            # but above a blind walk, so a turn always ends.
            return -56 - thrown
        if cache[MAY]:
            return (32000 if mine > cache[BEST_OTHER] else 16000) + gain - thrown
        return (4000 if mine > cache[BEST_OTHER] else 2000) * 8 - thrown
    return 4 * gain * 8 - thrown


@internal
def _walk_key(cache, stack, height, caps, erupting, capturing, stamp, source, direction, step):
    """The key of the legal cap move from ``source`` towards ``direction`` that does not make
    ``source`` erupt: the best gain (that does not lose) the moved cap could make from its target
    on the next ply. The square it left is free again, so it may also erupt back over it; towards
    the other directions the first square must be free of caps now (``erupting``, ``capturing``:
    the squares that could erupt, and capture, that way). A target that cannot capture gains 0
    if it can erupt at all, else nothing (-1). Each target's look-ahead over those other
    directions is kept in AHEAD for the decision ``stamp``."""
    target = step[source, direction]
    if cache[AHEAD_AT + target] != stamp:
        best = ((erupting >> target) & 1) - 1
        if (capturing >> target) & 1:
            for ahead in range(8):
                if ((cache[CAPTURING + ahead] & cache[FREE_STEP + ahead]) >> target) & 1:
                    best = max(best, _look_ahead(cache, stack, height, caps, target, ahead))
        cache[AHEAD + target] = best
        cache[AHEAD_AT + target] = stamp
    best = max(cache[AHEAD + target], _look_ahead(cache, stack, height, caps, target, (direction + 4) % 8))
    return min(best, WALK_KEY_MAX) if best > 0 else (-40 if best == 0 else -64)


@internal
def greedy_move(gen, stack, height, caps, closed, player, players, counts, per_player, turn, step, shift, lands, moves,
                cache):
    """The greedy rule's move (``Volcano.greedy``): (source, direction, number of legal moves).

    The same keys as the rule, in legal order, and one draw among the best, as
    randomness.pick_best does. Only the moves that can be among the best get their key in
    ``moves`` (rows: source, direction, key), in legal order, and the draw is among those:

    - an eruption that captures is worth more than any walk or any eruption without a capture
      unless it ends the game behind, so when one such is legal the draw is among those alone;
    - else a walk whose target could capture on the next ply is worth more than every move left;
    - else every legal move gets its key, the walks with their one-ply look-ahead.

    ``closed[cap]``: squares the house rule closes to that cap; ``turn``: the turns played."""
    if cache[TURN] != turn:
        _prepare_turn(cache, counts, per_player, player, players, turn)
    _eruptions(cache, caps, shift, lands)
    m = caps
    while m:
        source = lowest_bit(m)
        m &= m - 1
        if closed[source]:
            for d in range(8):
                target = step[source, d]
                if target >= 0 and (closed[source] >> target) & 1:
                    cache[LEGAL + d] &= ~(np.int64(1) << source)
    # (Zeros typed int64: numba would type a plain 0 as a literal and compile popcount,
    # lowest_bit and nth_best once more for it.)
    n_legal = np.int64(0)
    for d in range(8):
        n_legal += popcount(cache[LEGAL + d])
    # The legal moves that capture, with their keys.
    capturers = np.int64(0)  # the caps with a legal move that captures
    for d in range(8):
        capturers |= cache[LEGAL + d] & cache[CAPTURING + d]
    n_moves = np.int64(0)
    top = np.int64(UNSCORED_WALK)
    m = capturers
    while m:
        source = lowest_bit(m)
        m &= m - 1
        for d in range(8):
            if ((cache[LEGAL + d] & cache[CAPTURING + d]) >> source) & 1:
                key = _eruption_key(cache, stack, height, caps, source, d)
                moves[0, n_moves] = source
                moves[1, n_moves] = d
                moves[2, n_moves] = key
                n_moves += 1
                if key > top:
                    top = key
    if top > WALK_KEY_MAX:
        i = nth_best(moves[2], n_moves, top, _rng.random(gen))
        return moves[0, i], moves[1, i], n_legal
    erupting = np.int64(0)  # the squares that could erupt, and capture, towards a free first square
    capturing = np.int64(0)
    for d in range(8):
        erupting |= cache[THROWS + 3 * d] & cache[FREE_STEP + d]
        capturing |= cache[CAPTURING + d] & cache[FREE_STEP + d]
    cache[STAMP] += 1
    stamp = cache[STAMP]
    # The walks whose target could capture: towards d, from the caps one step back from a square
    # that captures towards a free first square or back over the square the cap leaves. When
    # none gains, every legal move is scored.
    sources = np.int64(0)  # the caps with such a walk
    for d in range(8):
        back = (d + 4) % 8
        left, right, keep = shift[back, 0], shift[back, 1], shift[back, 2]
        targets = capturing | cache[CAPTURING + back]
        walks = cache[LEGAL + d] & ~cache[THROWS + 3 * d] & (((targets << left) >> right) & keep)
        cache[CANDIDATES + d] = walks
        sources |= walks
    every_move = False
    while True:
        n_moves = np.int64(0)
        top = np.int64(UNSCORED_WALK)
        m = sources
        while m:
            source = lowest_bit(m)
            m &= m - 1
            for d in range(8):
                if not (cache[CANDIDATES + d] >> source) & 1:
                    continue
                if (cache[THROWS + 3 * d] >> source) & 1:
                    key = _eruption_key(cache, stack, height, caps, source, d)
                else:
                    key = _walk_key(cache, stack, height, caps, erupting, capturing, stamp, source, d, step)
                moves[0, n_moves] = source
                moves[1, n_moves] = d
                moves[2, n_moves] = key
                n_moves += 1
                if key > top:
                    top = key
        if top > 0 or every_move:
            break
        every_move = True
        for d in range(8):
            cache[CANDIDATES + d] = cache[LEGAL + d]
        sources = caps
    i = nth_best(moves[2], n_moves, top, _rng.random(gen))
    return moves[0, i], moves[1, i], n_legal
