"""Blockade's end-of-turn search in the compiled kernel: whether the turn can still be ended
after a ply (:func:`can_finish_after`, inlined into :mod:`.kernel`'s driver), and the turn's
memo.

It ports the rules engine's search (:mod:`icewidgets.games.blockade.ending`) step by step: a
position is settled at once when no piece is stranded, by the quick bound
(:func:`~.kernel_bounds.near_enough`), by the memo, by the placing bound
(:func:`~.kernel_bounds.place_bound`), by the greedy repair (:func:`~.kernel_greedy.greedy_repair`),
by following the placing bound's plan (:func:`~.kernel_bounds.follow_plan`) or by the deep repair;
else its useful moves are tried depth first, each child whose quick bound fails skipped before it
is copied
(:func:`~.kernel_bounds.near_enough_after`). Results of searched positions go into the memo
with the pips left, as the engine's TurnTable keeps them. The search is one function walking an
explicit stack of frames instead of recursing, so numba caches it with the rest of the kernel
and inlines it into the driver whole (see kernel.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...compiled.jit import internal
from .kernel_board import (MAX_HEIGHT, SQUARES, can_rest, copy_board, copy_into, move_piece,
                           mover_index, stranded_pieces, tower_colour)
from .kernel_bounds import follow_plan, must_move, near_enough, near_enough_after, new_place, place_bound
from .kernel_greedy import greedy_repair

# Inlined into the caller (see kernel.py: called from one place).
_inlined = njit(cache=True, inline="always")


CACHE_SLOTS = 1 << 16
CACHE_ENTRIES = 4


def new_memo():
    """The turn's table (the engine's TurnTable): position hashes → up to CACHE_ENTRIES (pips,
    result) pairs, with the turn each slot was written in and [slots written this turn, the
    turn's number]. A new turn starts an empty table without clearing it: slots of earlier
    turns count as free."""
    return (np.zeros((CACHE_SLOTS, 2), dtype=np.uint64), np.zeros(CACHE_SLOTS, dtype=np.int64),
            np.zeros((CACHE_SLOTS, CACHE_ENTRIES, 3), dtype=np.int64), np.zeros(CACHE_SLOTS, dtype=np.int64),
            np.zeros(2, dtype=np.int64))


@internal
def memo_new_turn(memo):
    count = memo[4]
    count[0] = 0
    count[1] += 1


@internal
def _position_hashes(stack, height, moved, supply, player):
    """Two independent 64-bit hashes of (board, moved, supply, player): the memo's key."""
    h1 = np.uint64(1469598103934665603)
    h2 = np.uint64(0x9E3779B97F4A7C15)
    p1 = np.uint64(1099511628211)
    p2 = np.uint64(0xD6E8FEB86659FD93)
    for sq in range(SQUARES):
        for k in range(height[sq]):
            v = np.uint64(stack[sq, k])
            h1 = (h1 ^ v) * p1
            h2 = (h2 + v + np.uint64(1)) * p2
            h2 ^= h2 >> np.uint64(29)
        v = np.uint64(64 + height[sq] + 128 * moved[sq])
        h1 = (h1 ^ v) * p1
        h2 = (h2 + v) * p2
        h2 ^= h2 >> np.uint64(29)
    v = np.uint64(supply[0] + 8 * supply[1] + 64 * supply[2] + 512 * player)
    h1 = (h1 ^ v) * p1
    h2 = (h2 + v) * p2
    h2 ^= h2 >> np.uint64(31)
    return h1, h2


@internal
def _memo_slot(memo, h1, h2):
    keys, _, _, turns, count = memo
    mask = CACHE_SLOTS - 1
    i = np.int64(h1 & np.uint64(mask))
    while True:
        if turns[i] != count[1]:
            return i
        if keys[i, 0] == h1 and keys[i, 1] == h2:
            return i
        i = (i + 1) & mask


@internal
def _memo_lookup(memo, h1, h2, p0, p1):
    """1 or 0 when a stored result settles these pips (more pips never hurt), else -1."""
    _, used, values, turns, count = memo
    slot = _memo_slot(memo, h1, h2)
    if turns[slot] != count[1]:
        return -1
    for j in range(min(used[slot], CACHE_ENTRIES)):
        q0 = values[slot, j, 0]
        q1 = values[slot, j, 1]
        if values[slot, j, 2]:
            if q0 <= p0 and q1 <= p1:
                return 1
        elif q0 >= p0 and q1 >= p1:
            return 0
    return -1


@internal
def _memo_store(memo, h1, h2, p0, p1, result):
    keys, used, values, turns, count = memo
    if count[0] >= CACHE_SLOTS // 2:  # keep the open addressing short: start afresh
        memo_new_turn(memo)
    slot = _memo_slot(memo, h1, h2)
    e = used[slot]
    if turns[slot] != count[1]:
        e = 0
        keys[slot, 0] = h1
        keys[slot, 1] = h2
        turns[slot] = count[1]
        count[0] += 1
    j = e if e < CACHE_ENTRIES else CACHE_ENTRIES - 1
    values[slot, j, 0] = p0
    values[slot, j, 1] = p1
    values[slot, j, 2] = result
    used[slot] = e + 1


@internal
def _useful_sources(stack, height, supply, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, out, scratch):
    """The engine's _useful_sources; returns their number (in ``out``)."""
    seen, pend_sq, pend_pc, covering = scratch
    seen[:, :] = False
    covering[:] = False
    np_ = 0
    for j in range(n):
        square = st_sq[j]
        for hh in range(st_lv[j], height[square]):
            piece = stack[square, hh]
            if not seen[square, piece]:
                seen[square, piece] = True
                pend_sq[np_] = square
                pend_pc[np_] = piece
                np_ += 1
    while np_:
        np_ -= 1
        square = pend_sq[np_]
        piece = pend_pc[np_]
        index = (piece >> 2) - 2 * player
        budget = p0 if index == 0 else p1
        for target in range(SQUARES):
            d = dist[square, target]
            if not (0 < d <= budget):
                continue
            ht = leaving[target] if leaving[target] >= 0 else height[target]
            if can_rest(piece, stack, target, ht):
                continue
            hh = ht
            c0 = d if index == 0 else 0
            c1 = d if index == 1 else 0
            while hh:
                mi = mover_index(stack, target, hh, player, counts)
                if mi < 0:
                    break
                if mi == 0:
                    c0 += 1
                else:
                    c1 += 1
                if c0 > p0 or c1 > p1:
                    break
                hh -= 1
                if can_rest(piece, stack, target, hh):
                    covering[target] = True
                    for x in range(hh, ht):
                        cover = stack[target, x]
                        if not seen[target, cover]:
                            seen[target, cover] = True
                            pend_sq[np_] = target
                            pend_pc[np_] = cover
                            np_ += 1
                    break
    m = 0
    for j in range(n):
        out[m] = st_sq[j]
        m += 1
    for square in range(SQUARES):
        if covering[square] and leaving[square] < 0:
            out[m] = square
            m += 1
    if _may_use_up_blacks(stack, height, supply, p0, p1, player, counts):
        for square in range(SQUARES):
            if leaving[square] < 0 and not covering[square]:
                out[m] = square
                m += 1
    k = 0
    for j in range(m):
        square = out[j]
        if mover_index(stack, square, height[square], player, counts) >= 0:
            out[k] = square
            k += 1
    return k


@internal
def _may_use_up_blacks(stack, height, supply, p0, p1, player, counts):
    """The engine's _may_use_up_blacks."""
    left = supply[0] + supply[1] + supply[2]
    if left == 0 or left > p0 + p1:
        return False
    bases = 0
    for square in range(SQUARES):
        h = height[square]
        if h and (stack[square, 0] & 3) == 3 and 0 <= (stack[square, 0] >> 2) - 2 * player <= 1 \
                and tower_colour(stack, square, h, counts) < 0:
            bases += 1
    return left <= bases


# The search runs depth-first over frames (one per piece move: a turn has 12 pips at most and a
# move spends one at least), in a loop rather than by recursion so that numba can cache it.
MAX_DEPTH = 13
# Columns of a frame's cursor: its useful sources and the next one to try, the targets of the
# current source and the next one to try, that source, whether the frame looked in the memo, and
# the number of its pieces that must move (noted for near_enough_after).
_SOURCES, _NEXT_SOURCE, _REACH, _NEXT_REACH, _SOURCE, _SEARCHED, _MUST = range(7)


def new_frames():
    """Scratch for the search: per frame a position (stacks, heights, moved, supply), its pips,
    its memo key, its useful sources, the current source's targets, the cursor, and the pieces
    that must move with where they might rest (must_move, for near_enough_after)."""
    return (np.zeros((MAX_DEPTH, SQUARES, MAX_HEIGHT), dtype=np.int64), np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64),
            np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64), np.zeros((MAX_DEPTH, 3), dtype=np.int64),
            np.zeros((MAX_DEPTH, 2), dtype=np.int64), np.zeros((MAX_DEPTH, 2), dtype=np.uint64),
            np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64), np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64),
            np.zeros((MAX_DEPTH, 7), dtype=np.int64), np.zeros((MAX_DEPTH, 3, 4), dtype=np.int64),
            np.zeros((MAX_DEPTH, 6, SQUARES * MAX_HEIGHT), dtype=np.int64))


def new_work():
    """Scratch for one frame's checks: stranded pieces, the greedy repair's copies, the
    useful-source closure, a spare board for the deep repair and place_bound's scratch
    (new_place)."""
    board = lambda: (np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int64), np.zeros(SQUARES, dtype=np.int64),  # noqa: E731
                     np.zeros(SQUARES, dtype=np.int64), np.zeros(3, dtype=np.int64))
    squares = lambda dtype=np.int64: np.zeros(SQUARES, dtype=dtype)  # noqa: E731
    return (squares(), squares(), squares(), board(), board(),
            (squares(), squares(), squares(np.bool_), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64)),
            (np.zeros((SQUARES, 24), dtype=np.bool_), np.zeros(SQUARES * 24, dtype=np.int64),
             np.zeros(SQUARES * 24, dtype=np.int64), squares(np.bool_)), board(), new_place())


@_inlined
def can_finish_after(stack, height, moved, supply, points, player, counts, src, dst, index, cost,
                     dist, order, order_len, within, frames, work, memo):
    """Whether the turn can still end legally after moving ``src`` to ``dst`` (or that move wins): the
    engine's _finishable for that position, put in frame 0.

    Depth-first over the frames, in one function (each function numba compiles, or inlines, costs a
    cold compile more than its lines: see kernel.py). A frame's position is first looked at: it is
    settled at once when no piece is stranded, by the quick bound, the memo, the placing bound,
    the greedy repair, the placing bound's plan, or the deep repair; else its useful moves are
    tried one by one, nearest target first and those the piece may rest on before the others (as the engine does),
    each child whose quick bound fails skipped before it is copied. The first child that settles
    makes its frame settled, and a frame whose children all fail fails. A move that completes a
    fifth tower is searched on like any other, as the engine's are: only the ply itself may win.
    Results of frames that were searched go into the memo, as the engine's do."""
    stacks, heights, moveds, supplies, pips, keys, sources, reach, cursor, rests, must = frames
    st_sq, st_lv, leaving, greedy_board, clear_board, greedy_scratch, closure, spare_board, place = work
    gs, gh, gm, gsup = greedy_board
    copy_board(stacks[0], heights[0], stack, height)
    copy_into(moveds[0], moved)
    copy_into(supplies[0], supply)
    if move_piece(stacks[0], heights[0], moveds[0], supplies[0], src, dst, counts):
        return True
    copy_into(pips[0], points)
    pips[0, index] -= cost
    d = np.int64(0)
    while True:
        # Frame d holds a position not looked at yet: result 1 or 0 when it is settled at once,
        # 2 when its moves must be tried (its useful sources are then in the frame).
        stack, height, moved, supply = stacks[d], heights[d], moveds[d], supplies[d]
        p0 = pips[d, 0]
        p1 = pips[d, 1]
        cursor[d, _SEARCHED] = 0
        result = 2
        n = stranded_pieces(stack, height, moved, st_sq, st_lv)
        if n == 0:
            result = 1
        else:
            leaving[:] = -1
            for j in range(n):
                leaving[st_sq[j]] = st_lv[j]
            # The cheap necessary condition first: it rules out most positions before any copying.
            if not near_enough(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, order,
                               order_len):
                result = 0
        if result == 2:
            # The memo before the bounds and repairs: a known answer costs less (the memo holds
            # exact answers, so the order changes none; positions looked at past it are stored).
            h1, h2 = _position_hashes(stack, height, moved, supply, player)
            result = _memo_lookup(memo, h1, h2, p0, p1)
            if result < 0:
                result = 2
                # The placing bound first: in 100 random games it refused 180,000 of the 339,000
                # positions the greedy repair was tried on when the repair came first (258,000
                # repairs failed), and it costs less than a failed repair. Then three witnesses in
                # turn, each on a copy of the position: the greedy repair, the placing bound's plan
                # (when it found squares), the deep repair. (np.bool_: typed bool, not a literal,
                # so numba compiles greedy_repair once for both passes.)
                keys[d, 0] = h1
                keys[d, 1] = h2
                cursor[d, _SEARCHED] = 1
                placed = place_bound(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist,
                                     order, order_len, place)
                for witness in range(3):
                    if placed == 0:
                        result = 0
                        break
                    if witness == 1 and placed == 1:
                        continue
                    copy_board(gs, gh, stack, height)
                    copy_into(gm, moved)
                    copy_into(gsup, supply)
                    if witness == 1:
                        found = follow_plan(gs, gh, gm, gsup, p0, p1, player, counts, dist, order, order_len, place,
                                            greedy_scratch[3])
                    else:
                        found = greedy_repair(gs, gh, gm, gsup, p0, p1, player, counts, dist, order, order_len,
                                              clear_board, greedy_scratch, np.bool_(witness == 2), spare_board)
                    if found:
                        result = 1
                        break
                if result == 2:
                    cursor[d, _SOURCES] = _useful_sources(stack, height, supply, p0, p1, player, counts, n, st_sq,
                                                          st_lv, leaving, dist, sources[d], closure)
                    cursor[d, _NEXT_SOURCE] = 0
                    cursor[d, _REACH] = 0
                    cursor[d, _NEXT_REACH] = 0
                    cursor[d, _MUST] = must_move(stack, height, player, counts, n, st_sq, st_lv, rests[d], must[d])
        while True:
            if result == 2:
                # Frame d's next useful move, into frame d + 1 (none left: frame d fails).
                stack, height = stacks[d], heights[d]
                child = -1
                while child < 0:
                    if cursor[d, _NEXT_REACH] >= cursor[d, _REACH]:
                        j = cursor[d, _NEXT_SOURCE]
                        if j >= cursor[d, _SOURCES]:
                            break
                        cursor[d, _NEXT_SOURCE] = j + 1
                        a = sources[d, j]
                        budget = pips[d, mover_index(stack, a, height[a], player, counts)]
                        piece = stack[a, height[a] - 1]
                        r = 0
                        for rest_first in (True, False):
                            for k in range(order_len[a]):
                                b = order[a, k]
                                if dist[a, b] > budget:
                                    break
                                if can_rest(piece, stack, b, height[b]) == rest_first:
                                    reach[d, r] = b
                                    r += 1
                        cursor[d, _SOURCE] = a
                        cursor[d, _REACH] = r
                        cursor[d, _NEXT_REACH] = 0
                        continue
                    k = cursor[d, _NEXT_REACH]
                    cursor[d, _NEXT_REACH] = k + 1
                    a = cursor[d, _SOURCE]
                    b = reach[d, k]
                    # A child that would be settled as 0 at its first bound, unsearched, is skipped uncopied.
                    if near_enough_after(stack, height, pips[d], player, counts, a, b,
                                         mover_index(stack, a, height[a], player, counts), dist[a, b], rests[d],
                                         must[d], cursor[d, _MUST], within):
                        child = b
                if child >= 0:
                    a = cursor[d, _SOURCE]
                    e = d + 1
                    copy_board(stacks[e], heights[e], stack, height)
                    copy_into(moveds[e], moveds[d])
                    copy_into(supplies[e], supplies[d])
                    copy_into(pips[e], pips[d])
                    pips[e, mover_index(stack, a, height[a], player, counts)] -= dist[a, child]
                    move_piece(stacks[e], heights[e], moveds[e], supplies[e], a, child, counts)
                    break
                result = 0
            # frame d is settled: result is 0 or 1
            if cursor[d, _SEARCHED]:
                _memo_store(memo, keys[d, 0], keys[d, 1], pips[d, 0], pips[d, 1], result)
            if d == 0:
                return result == 1
            d -= 1
            if result == 0:
                result = 2  # the parent goes on with its next move
        d += 1  # the child's position
