"""The bounds of Blockade's end-of-turn search in the compiled kernel (:mod:`.kernel_search`
calls them): necessary conditions for ending the turn, from the rules engine's search
(:mod:`icewidgets.games.blockade.ending`, whose facts they cite), and the witness that follows the
placing bound's plan. Each bound refuses only positions from which no sequence of moves ends the
turn, and the witness plays real moves, so the search's answers stay the engine's.

- :func:`near_enough`: every piece that must leave has a square it might rest on within the
  pips of its colour (the engine's ``_near_enough``, facts 1-3);
- :func:`must_move` and :func:`near_enough_after`: :func:`near_enough` in the position after a
  move, from bit masks found once per position, without playing the move (the driver's legal
  plies and the search's children use it before copying a position);
- :func:`place_bound`: the engine's placing bound (``_rest_bound``) with facts 1-4 only (facts
  5-8 add pips, so leaving them out refuses less, never more): a square for every piece that
  must move and for every cover the squares chosen push off, within each colour's pips;
- :func:`follow_plan`: a witness, the engine's ``_follow``: the squares place_bound found,
  played as real moves.

An earlier, weaker bound (the cover costs of an older ``_within_bound``, with ``_share_targets``
and ``_may_win``) was retired when :func:`place_bound` came: with it the kernel ran 100 random
games in 2.2 s of CPU, without it in 2.0 s, with the same answers.
"""

from __future__ import annotations

import numpy as np

from ...compiled.jit import internal
from .kernel_board import (INF, MAX_HEIGHT, SQUARES, can_rest, move_piece, mover_index, rest_height,
                           stranded_pieces)


@internal
def near_enough(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, order, order_len):
    need0 = 0
    need1 = 0
    for j in range(n):
        square = st_sq[j]
        level = st_lv[j]
        for hh in range(level, height[square]):
            piece = stack[square, hh]
            index = (piece >> 2) - 2 * player
            if index < 0 or index > 1:
                return False
            best = 2 if rest_height(piece, stack, square, level, player, counts) >= 0 else INF
            for k in range(order_len[square]):
                target = order[square, k]
                cost = dist[square, target]
                if cost >= best:
                    break
                ht = leaving[target] if leaving[target] >= 0 else height[target]
                if rest_height(piece, stack, target, ht, player, counts) >= 0:
                    best = cost
                    break
            if index == 0:
                need0 += best
                if need0 > p0:
                    return False
            else:
                need1 += best
                if need1 > p1:
                    return False
    return True


@internal
def must_move(stack, height, player, counts, n, st_sq, st_lv, rests, must):
    """Note the pieces that must move (the stranded ones and those on them) for
    :func:`near_enough_after`: per piece its square, height, code, whether it might rest on
    its own square again and where else it might (``must`` rows 0-4); each square's stranded
    height, -1 when none (row 5); and where each kind of the mover's pieces might rest, each
    square counted up to its stranded piece (``rests`` row 2). Returns the number of pieces."""
    leave = must[5]
    leave[:] = -1
    for j in range(n):
        leave[st_sq[j]] = st_lv[j]
    for kind in range(4):
        piece = (2 * player + kind // 2) * 4 + kind % 2 + 1
        might = 0
        for t in range(SQUARES):
            if rest_height(piece, stack, t, leave[t] if leave[t] >= 0 else height[t], player, counts) >= 0:
                might |= 1 << t
        rests[2, kind] = might
    k = 0
    for j in range(n):
        square = st_sq[j]
        level = st_lv[j]
        for h in range(level, height[square]):
            piece = stack[square, h]
            must[0, k] = square
            must[1, k] = h
            must[2, k] = piece
            must[3, k] = rest_height(piece, stack, square, level, player, counts) >= 0
            must[4, k] = rests[2, ((piece >> 2) - 2 * player) * 2 + (piece & 3) - 1] & ~(1 << square)
            k += 1
    return k


@internal
def near_enough_after(stack, height, points, player, counts, src, dst, index, cost, rests, must, k, within):
    """The engine's first bound (_near_enough) in the position after moving the top of ``src``
    to ``dst``, from the pieces that must move before it (:func:`must_move`), without playing
    the move: only the two squares' stacks change. False when the bound fails (the turn cannot
    be ended after the move); a move that completes a tower is left to the search (True)."""
    piece = stack[src, height[src] - 1]
    colour = piece >> 2
    size = piece & 3
    hd = height[dst]
    if size == 1 and hd == 2 and stack[dst, 0] == colour * 4 + 3 and stack[dst, 1] == colour * 4 + 2:
        return True
    leave = must[5]
    left0 = points[0] - (cost if index == 0 else 0)
    left1 = points[1] - (cost if index == 1 else 0)
    src_after = leave[src] if leave[src] >= 0 else height[src] - 1  # src's stack as counted after the move
    lands = leave[dst] < 0 and can_rest(piece, stack, dst, hd)  # the moved piece need not move again
    need0 = 0
    need1 = 0
    if not lands:
        might = rests[2, index * 2 + size - 1] & ~((1 << src) | (1 << dst))
        if rest_height(piece, stack, src, src_after, player, counts) >= 0:
            might |= 1 << src
        back = rest_height(piece, stack, dst, leave[dst] if leave[dst] >= 0 else hd, player, counts) >= 0
        if index == 0:
            need0 = _pips_to_rest(within, dst, might, back, left0)
        else:
            need1 = _pips_to_rest(within, dst, might, back, left1)
        if need0 > left0 or need1 > left1:
            return False
    for j in range(k):
        square = must[0, j]
        if square == src and must[1, j] == height[src] - 1:
            continue  # the moved piece itself, counted above
        other = must[2, j]
        might = must[4, j]
        if square != src and leave[src] < 0:
            might &= ~(1 << src)
            if rest_height(other, stack, src, src_after, player, counts) >= 0:
                might |= 1 << src
        if square != dst and lands and (other >> 2) == colour and (other & 3) <= size:
            might |= 1 << dst  # it may rest on the moved piece
        if (other >> 2) - 2 * player == 0:
            need0 += _pips_to_rest(within, square, might, must[3, j] != 0, left0)
            if need0 > left0:
                return False
        else:
            need1 += _pips_to_rest(within, square, might, must[3, j] != 0, left1)
            if need1 > left1:
                return False
    return True


@internal
def _pips_to_rest(within, square, might, back, budget):
    """_near_enough's count for one piece on ``square``: the pips to the nearest square of
    ``might``, or 2 when it may come back to its own (``back``); ``budget`` + 1 if over ``budget``."""
    for pips in range(1, min(budget, 1 if back else budget) + 1):
        if within[square, pips] & might:
            return pips
    if back and budget >= 2:
        return 2
    return budget + 1


PLACE_PIECES = 48  # pieces place_bound places at most (with more it gives up, refusing nothing)
PLACE_OPTIONS = 2 * SQUARES  # squares (and bases) one piece may end on, at most
PLACE_STEPS = 4_000  # choices place_bound tries before it gives up (the engine's _REST_BOUND_STEPS)


def new_place():
    """Scratch for place_bound: the queue of pieces to place (square, height, must move), each
    one's options (pips, square, base), their number and the cheapest; per level the choice made,
    the queue's length before it and what it replaced; the pips counted per level; the lowest
    base chosen on each square and the colour of the pieces ending there; for follow_plan, the
    pieces placed, which of them each level of each square holds, and those still to move."""
    pieces, options = PLACE_PIECES, PLACE_OPTIONS
    return (np.zeros(pieces, dtype=np.int64), np.zeros(pieces, dtype=np.int64), np.zeros(pieces, dtype=np.int64),
            np.zeros((pieces, options), dtype=np.int64), np.zeros((pieces, options), dtype=np.int64),
            np.zeros((pieces, options), dtype=np.int64), np.zeros(pieces, dtype=np.int64),
            np.zeros(pieces, dtype=np.int64), np.zeros(pieces + 1, dtype=np.int64), np.zeros(pieces, dtype=np.int64),
            np.zeros((pieces, 2), dtype=np.int64), np.zeros((pieces + 1, 2), dtype=np.int64),
            np.zeros((2, SQUARES), dtype=np.int64), np.zeros(1, dtype=np.int64),
            np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int64), np.zeros(pieces, dtype=np.bool_))


@internal
def _place_options(stack, height, p0, p1, player, counts, leaving, dist, order, order_len, place, k):
    """The options of queued piece ``k`` (the engine's _rest_bound's, without fact 5's): its own
    square for 2 pips (out and back) and every square within its pips with a base for it (fact 3),
    nearest first; a small on a large and medium of its colour may also end on the large alone."""
    q_sq, q_h, q_must, opt_c, opt_t, opt_b, opt_n, cheap = place[:8]
    square = q_sq[k]
    h = q_h[k]
    piece = stack[square, h]
    colour = piece >> 2
    budget = p0 if colour - 2 * player == 0 else p1
    own = -1
    if budget >= 2:
        own = rest_height(piece, stack, square, leaving[square] if q_must[k] else h, player, counts)
    m = 0
    for j in range(order_len[square]):
        target = order[square, j]
        cost = dist[square, target]
        if cost > budget:
            break
        if own >= 0 and cost >= 2:
            opt_c[k, m], opt_t[k, m], opt_b[k, m] = 2, square, own
            m += 1
            own = -1
        base = rest_height(piece, stack, target, leaving[target] if leaving[target] >= 0 else height[target], player,
                           counts)
        if base < 0:
            continue
        opt_c[k, m], opt_t[k, m], opt_b[k, m] = cost, target, base
        m += 1
        if base == 2 and (piece & 3) == 1 and stack[target, 0] == colour * 4 + 3 and stack[target, 1] == colour * 4 + 2:
            opt_c[k, m], opt_t[k, m], opt_b[k, m] = cost, target, 1
            m += 1
    if own >= 0:
        opt_c[k, m], opt_t[k, m], opt_b[k, m] = 2, square, own
        m += 1
    opt_n[k] = m
    cheap[k] = opt_c[k, 0] if m else INF


@internal
def place_bound(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, order, order_len, place):
    """Facts 1-4 of the engine's search (its _rest_bound without the extra pips of facts 5-8,
    which only raise costs, so this refuses only what that refuses): False when the pieces that
    must move, and the covers they push off the squares chosen for them, cannot each be given a
    square to end on whose ways fit each colour's pips (a square's covers counted once, however
    many pieces choose it; the pieces ending on one square of one colour). Depth first over the
    queue with explicit stacks. Returns 0 when it refuses, 2 when it found squares for all (a
    plan for follow_plan), 1 when it gives up (too many pieces or steps)."""
    q_sq, q_h, q_must, opt_c, opt_t, opt_b, opt_n, cheap, choice, added, saved, need, chosen, placed = place[:14]
    for t in range(SQUARES):
        chosen[1, t] = -1
    qn = np.int64(0)  # typed int64, not a literal: numba would compile _place_options twice
    for j in range(n):
        square = st_sq[j]
        for h in range(st_lv[j], height[square]):
            if qn >= PLACE_PIECES:
                return 1
            q_sq[qn], q_h[qn], q_must[qn] = square, h, 1
            _place_options(stack, height, p0, p1, player, counts, leaving, dist, order, order_len, place, qn)
            qn += 1
    steps = 0
    k = 0
    choice[0] = -1
    need[0, 0] = 0
    need[0, 1] = 0
    while k >= 0:
        if k == qn:
            placed[0] = qn
            return 2
        j = choice[k]
        if j >= 0:  # take back this level's last choice
            t = opt_t[k, j]
            chosen[0, t] = saved[k, 0]
            chosen[1, t] = saved[k, 1]
            qn = added[k]
        # every piece still queued costs at least its cheapest option
        limit0 = p0
        limit1 = p1
        for w in range(k + 1, qn):
            if (stack[q_sq[w], q_h[w]] >> 2) - 2 * player == 0:
                limit0 -= cheap[w]
            else:
                limit1 -= cheap[w]
        piece = stack[q_sq[k], q_h[k]]
        colour = piece >> 2
        first = colour - 2 * player == 0
        j += 1
        while j < opt_n[k]:
            steps += 1
            if steps > PLACE_STEPS:
                return 1
            cost = opt_c[k, j]
            t = opt_t[k, j]
            now0 = need[k, 0] + (cost if first else 0)
            now1 = need[k, 1] + (0 if first else cost)
            if now0 > limit0 or now1 > limit1 or (chosen[1, t] >= 0 and chosen[1, t] != colour):
                j += 1
                continue
            before = chosen[0, t] if chosen[1, t] >= 0 else (leaving[t] if leaving[t] >= 0 else height[t])
            after = min(before, opt_b[k, j])
            saved[k, 0] = chosen[0, t]
            saved[k, 1] = chosen[1, t]
            added[k] = qn
            if qn + before - after > PLACE_PIECES:
                return 1
            for h in range(after, before):  # the covers of the square chosen must go too (fact 4)
                q_sq[qn], q_h[qn], q_must[qn] = t, h, 0
                _place_options(stack, height, p0, p1, player, counts, leaving, dist, order, order_len, place, qn)
                qn += 1
            chosen[0, t] = after
            chosen[1, t] = colour
            need[k + 1, 0] = now0
            need[k + 1, 1] = now1
            break
        if j < opt_n[k]:
            choice[k] = j
            k += 1
            choice[k] = -1
        else:
            choice[k] = -1
            k -= 1
    return 0


@internal
def follow_plan(stack, height, moved, supply, p0, p1, player, counts, dist, order, order_len, place, pts):
    """The engine's _follow, in place on a copy of the position: play the plan place_bound found.
    Again and again the first piece of it that is on top, may rest on its square's top now and
    is within reach goes there; when none can, the last one on top goes to the nearest other
    square where it may rest now, not one the plan still needs. True when no piece is stranded
    in the end (the moves played are a completing sequence)."""
    q_sq, q_h, opt_t, choice = place[0], place[1], place[4], place[8]
    st_sq, st_lv = place[6], place[7]  # (the options' counts and costs: not needed any more)
    qn = place[13][0]
    ids, waiting = place[14], place[15]
    for w in range(qn):
        if opt_t[w, choice[w]] == q_sq[w]:
            return False  # out and back: not a plan to follow blindly
    for square in range(SQUARES):
        for h in range(height[square]):
            ids[square, h] = -1
    for w in range(qn):
        ids[q_sq[w], q_h[w]] = w
        waiting[w] = True
    pts[0] = p0
    pts[1] = p1
    left = qn
    while left:
        key = -1
        target = -1
        index = -1
        for w in range(qn):
            if not waiting[w]:
                continue
            square = q_sq[w]
            t = opt_t[w, choice[w]]
            index = mover_index(stack, square, height[square], player, counts)
            if ids[square, height[square] - 1] == w and index >= 0 and dist[square, t] <= pts[index] \
                    and can_rest(stack[square, height[square] - 1], stack, t, height[t]):
                key = w
                target = t
                break
        if key < 0:
            for w in range(qn - 1, -1, -1):
                if not waiting[w]:
                    continue
                square = q_sq[w]
                index = mover_index(stack, square, height[square], player, counts)
                if ids[square, height[square] - 1] != w or index < 0:
                    continue
                piece = stack[square, height[square] - 1]
                for j in range(order_len[square]):
                    t = order[square, j]
                    if dist[square, t] > pts[index]:
                        break
                    needed = False
                    for v in range(qn):
                        if waiting[v] and opt_t[v, choice[v]] == t:
                            needed = True
                            break
                    if not needed and can_rest(piece, stack, t, height[t]):
                        target = t
                        break
                if target >= 0:
                    key = w
                    break
            if key < 0:
                return False
        square = q_sq[key]
        before = height[target]
        move_piece(stack, height, moved, supply, square, target, counts)
        pts[index] -= dist[square, target]
        ids[target, before] = key
        for h in range(before + 1, height[target]):
            ids[target, h] = -1  # a black, on a new tower
        waiting[key] = False
        left -= 1
    return stranded_pieces(stack, height, moved, st_sq, st_lv) == 0
