"""Blockade's greedy rules inside the compiled kernel (:mod:`.kernel` and :mod:`.kernel_search`
import them; nothing else): the greedy repair of the end-of-turn search and the greedy agent.

- :func:`greedy_repair` is the rules engine's greedy repair (an earlier version of ``ending.py``'s ``_greedy``): the
  stranded pieces are moved one by one to the nearest square they may rest on, clearing the
  target's covers when needed (``deep``: a cover with nowhere to go is tried where it might
  rest, after clearing that square too). It only ever proves that the turn can end: when it
  fails, the search decides.
- :func:`greedy_pick` plays ``Blockade.greedy`` (:mod:`icewidgets.games.blockade.greedy`): the
  same keys over the legal plies, in legal order, and the same one draw among the best.
"""

from __future__ import annotations

import numpy as np

from ...compiled.jit import internal
from ...compiled.pick import nth_best
from .board import WINNING_TOWERS
from .greedy import WIN
from .kernel_board import (END, INF, MOVE, SQUARES, can_rest, copy_board, copy_into, move_piece,
                           mover_index, rest_height, stranded_pieces, tower_colour)


@internal
def _clear_for(stack, height, moved, supply, pts, player, counts, piece, dst, avoid, hop, dist, order, order_len):
    """The engine's _clear_for, in place on scratch arrays: -1 (None) or 0 (done)."""
    while not can_rest(piece, stack, dst, height[dst]):
        h = height[dst]
        index = mover_index(stack, dst, height[dst], player, counts)
        if index < 0:
            return -1
        cover = stack[dst, h - 1]
        anywhere = (hop and (cover & 3) == 1 and h > 1 and (stack[dst, h - 2] >> 2) == (cover >> 2)
                    and (stack[dst, h - 2] & 3) == 2)
        target = -1
        cost = 0
        for k in range(order_len[dst]):
            t = order[dst, k]
            cost = dist[dst, t]
            if cost > pts[index]:
                return -1
            if not avoid[t] and (anywhere or can_rest(cover, stack, t, height[t])):
                target = t
                break
        if target < 0:
            return -1
        move_piece(stack, height, moved, supply, dst, target, counts)
        pts[index] -= cost
    return 0


@internal
def _clear_deep(stack, height, moved, supply, pts, player, counts, piece, dst, avoid, hop, dist, order, order_len,
                spare_board):
    """The engine's _clear_for with ``deep``, in place: -1 (None) or 0 (done). A cover
    with no square to rest on within reach is tried on the squares where it might rest, each
    cleared by _clear_for on the spare board first."""
    ss, sh, sm, ssup = spare_board
    while not can_rest(piece, stack, dst, height[dst]):
        h = height[dst]
        index = mover_index(stack, dst, h, player, counts)
        if index < 0:
            return -1
        cover = stack[dst, h - 1]
        anywhere = (hop and (cover & 3) == 1 and h > 1 and (stack[dst, h - 2] >> 2) == (cover >> 2)
                    and (stack[dst, h - 2] & 3) == 2)
        target = -1
        cost = 0
        for k in range(order_len[dst]):
            t = order[dst, k]
            if dist[dst, t] > pts[index]:
                break
            if not avoid[t] and (anywhere or can_rest(cover, stack, t, height[t])):
                target = t
                cost = dist[dst, t]
                break
        if target < 0:
            avoid[dst] = True
            for k in range(order_len[dst]):
                t = order[dst, k]
                c = dist[dst, t]
                if c > pts[index]:
                    break
                if avoid[t] or rest_height(cover, stack, t, height[t], player, counts) < 0:
                    continue
                copy_board(ss, sh, stack, height)
                copy_into(sm, moved)
                copy_into(ssup, supply)
                before0 = pts[0]
                before1 = pts[1]
                pts[index] -= c
                if _clear_for(ss, sh, sm, ssup, pts, player, counts, cover, t, avoid, np.bool_(False), dist, order,
                              order_len) == 0:
                    copy_board(stack, height, ss, sh)
                    copy_into(moved, sm)
                    copy_into(supply, ssup)
                    pts[index] += c  # the cover's own move is paid below
                    target = t
                    cost = c
                    break
                pts[0] = before0
                pts[1] = before1
            avoid[dst] = False
            if target < 0:
                return -1
        move_piece(stack, height, moved, supply, dst, target, counts)
        pts[index] -= cost
    return 0


@internal
def greedy_repair(stack, height, moved, supply, p0, p1, player, counts, dist, order, order_len, clear_board, scratch,
                  deep, spare_board):
    """The engine's _greedy; mutates its (scratch) arguments (``spare_board``: for ``deep``)."""
    cs, ch, cm, csup = clear_board
    st_sq, st_lv, avoid, pts, cpts = scratch
    pts[0] = p0
    pts[1] = p1
    while True:
        n = stranded_pieces(stack, height, moved, st_sq, st_lv)
        if n == 0:
            return True
        src = st_sq[0]
        piece = stack[src, height[src] - 1]
        index = mover_index(stack, src, height[src], player, counts)
        if index < 0:
            return False
        avoid[:] = False
        for j in range(n):
            avoid[st_sq[j]] = True
        found = False
        for k in range(order_len[src]):
            dst = order[src, k]
            cost = dist[src, dst]
            if cost > pts[index]:
                return False
            if avoid[dst]:  # busy
                continue
            avoid[src] = True
            result = -1
            if can_rest(piece, stack, dst, height[dst]):
                # _clear_for has nothing to clear: no copies needed
                move_piece(stack, height, moved, supply, src, dst, counts)
                pts[index] -= cost
                found = True
                break
            if mover_index(stack, dst, height[dst], player, counts) < 0:
                continue  # _clear_for cannot take the top off dst, with or without hops
            for hop in (False, True):
                copy_board(cs, ch, stack, height)
                copy_into(cm, moved)
                copy_into(csup, supply)
                copy_into(cpts, pts)
                cpts[index] -= cost
                if deep:
                    result = _clear_deep(cs, ch, cm, csup, cpts, player, counts, piece, dst, avoid, hop, dist, order,
                                         order_len, spare_board)
                else:
                    result = _clear_for(cs, ch, cm, csup, cpts, player, counts, piece, dst, avoid, hop, dist, order,
                                        order_len)
                if result >= 0:
                    break
            if result >= 0:
                copy_board(stack, height, cs, ch)
                copy_into(moved, cm)
                copy_into(supply, csup)
                move_piece(stack, height, moved, supply, src, dst, counts)
                copy_into(pts, cpts)
                found = True
                break
        if not found:
            return False


@internal
def _completes_fifth(stack, height, dst, colour, supply, counts):
    """Whether the tower a small completes on ``dst`` is the fifth of ``colour`` that counts (as
    ``move_piece`` finds it: capped, or counted without a black)."""
    if not (counts or supply[0] or supply[1] or supply[2]):
        return False
    n = 1
    for s in range(SQUARES):
        if s != dst and tower_colour(stack, s, height[s], counts) == colour:
            n += 1
    return n >= WINNING_TOWERS


@internal
def greedy_pick(u, buf, n, keys, stack, height, points, player, chebyshev, neighbours, supply, counts):
    """Blockade's greedy rule (``Blockade.greedy``) over the legal plies ``buf[:n]``, with its one draw ``u``."""
    for j in range(n):
        code = buf[j]
        if code == END:
            keys[j] = 0
        elif code < MOVE:  # combine
            keys[j] = -1
        else:
            src = (code - MOVE) // SQUARES
            dst = (code - MOVE) % SQUARES
            piece = stack[src, height[src] - 1]
            colour = piece >> 2
            size = piece & 3
            large = colour * 4 + 3
            hop = chebyshev[src, dst]
            key = 0
            h = height[dst]
            if h and (stack[dst, h - 1] >> 2) == colour:
                if size == 1 and h == 2 and stack[dst, 0] == large and stack[dst, 1] == large - 1:
                    if _completes_fifth(stack, height, dst, colour, supply, counts):
                        keys[j] = WIN
                        continue
                    key += 100
                    for k in range(8):
                        near = neighbours[dst, k]
                        if near < 0:
                            break
                        if height[near] and (stack[near, 0] & 3) == 3 and (stack[near, 0] >> 3) == 1 - player:
                            key += 5
                elif size == 2 and h == 1 and (stack[dst, 0] & 3) == 3:
                    key += 40
                elif size == 1 and h == 1 and (stack[dst, 0] & 3) == 3:
                    key -= 5
            if height[src] == 2 and stack[src, 0] == large:
                if size == 2:
                    key -= 40
                else:
                    # the nearest free medium of the colour (on top, not on its own large)
                    come = INF
                    for m in range(SQUARES):
                        hm = height[m]
                        if hm and stack[m, hm - 1] == large - 1 and not (hm >= 2 and stack[m, hm - 2] == large):
                            come = min(come, chebyshev[m, src])
                    key += 30 if 2 * hop + come <= points[colour - 2 * player] else 10
            keys[j] = 4 * key - hop
    top = keys[0]
    for j in range(1, n):
        top = max(top, keys[j])
    return buf[nth_best(keys, n, top, u)]
