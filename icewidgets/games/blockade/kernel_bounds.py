"""The bounds of Blockade's end-of-turn search in the compiled kernel (:mod:`.kernel_search`
calls them): necessary conditions for ending the turn, ported step by step from an earlier
version of the rules engine's search (:mod:`icewidgets.games.blockade.ending`; the engine's
names in the docstrings are that version's). Each refuses only positions from which no sequence
of moves ends the turn, so the search's answers stay the engine's.

- :func:`near_enough`: every piece that must leave has a square it might rest on within the
  pips of its colour (the engine's ``_near_enough``);
- :func:`may_win`: whether a fifth tower of a colour might be completed with the pips left (when
  it cannot, the bound below may count the covers' own moves tightly);
- :func:`within_bound`: the paths to rest plus the covers to clear at the targets
  (``_within_bound``), and with several pieces to place, whether they can share the targets
  (``_share_targets``);
- :func:`must_move` and :func:`near_enough_after`: :func:`near_enough` in the position after a
  move, from bit masks found once per position, without playing the move (the driver's legal
  plies and the search's children use it before copying a position);
- :func:`place_bound`: the current engine's placing bound (``_rest_bound``) with facts 1-4 of
  ``ending.py`` only (facts 5-8 add pips, so leaving them out refuses less, never more): a
  square for every piece that must move and for every cover the squares chosen push off;
- :func:`follow_plan`: a witness, the engine's ``_follow``: the squares place_bound found,
  played as real moves.
"""

from __future__ import annotations

import numpy as np

from ...compiled.bits import lowest_bit
from ...compiled.jit import internal
from .kernel_board import (INF, MAX_HEIGHT, SQUARES, can_rest, might_rest, move_piece, mover_index, rest_height,
                           stranded_pieces, tower_colour)


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
            best = 2 if might_rest(piece, stack, square, level, player, counts) else INF
            for k in range(order_len[square]):
                target = order[square, k]
                cost = dist[square, target]
                if cost >= best:
                    break
                ht = leaving[target] if leaving[target] >= 0 else height[target]
                if might_rest(piece, stack, target, ht, player, counts):
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
def _nearest_rest(cover, square, stack, height, leaving, home, arriving, player, counts, dist, order, order_len):
    """The engine's _nearest_rest (``arriving`` -1 for None): returns pips·1000 + extra."""
    best = INF
    if arriving < 0 or ((cover >> 2) == (arriving >> 2) and (cover & 3) <= (arriving & 3)):
        best = 2
    nearest = INF
    fewest = INF
    for k in range(order_len[square]):
        target = order[square, k]
        pips = dist[square, target]
        if pips > nearest or pips >= best:
            break
        hh = leaving[target] if leaving[target] >= 0 else height[target]
        own = 0
        while True:
            if can_rest(cover, stack, target, hh):
                if target == home and pips == 1:
                    best = 2
                elif not own:
                    return pips * 1000
                else:
                    nearest = pips
                    if own < fewest:
                        fewest = own
                break
            if not hh or mover_index(stack, target, hh, player, counts) < 0:
                break
            if (stack[target, hh - 1] >> 2) == (cover >> 2):
                own += 1
            hh -= 1
    if nearest < best:
        return nearest * 1000 + fewest
    return best * 1000


@internal
def _cover_cost(piece, square, hlim, stack, height, leaving, p0, p1, index, path, home, tight, player, counts, dist,
                order, order_len, out):
    """The engine's _cover_cost for the first ``hlim`` pieces of ``square``: the pips of the
    piece's colour, or -1 (None); ``out`` gets the pips of both colours and their waits."""
    cost0 = path if index == 0 else 0
    cost1 = path if index == 1 else 0
    waiting0 = 0
    waiting1 = 0
    covered0 = INF
    covered1 = INF
    arriving = piece if tight else -1
    hh = hlim
    while True:
        if can_rest(piece, stack, square, hh):
            break
        cover_index = mover_index(stack, square, hh, player, counts)
        if cover_index < 0 or not hh:
            return -1
        r = _nearest_rest(stack[square, hh - 1], square, stack, height, leaving, home, arriving, player, counts, dist,
                          order, order_len)
        pips = r // 1000
        extra = r % 1000
        if pips >= INF:
            return -1
        if cover_index == 0:
            cost0 += pips
            if extra:
                waiting0 += 1
                covered0 = min(covered0, extra)
        else:
            cost1 += pips
            if extra:
                waiting1 += 1
                covered1 = min(covered1, extra)
        hh -= 1
    wait0 = min(waiting0, covered0) if waiting0 else 0
    wait1 = min(waiting1, covered1) if waiting1 else 0
    cost0 += wait0
    cost1 += wait1
    if cost0 <= p0 and cost1 <= p1:
        out[0] = cost0
        out[1] = cost1
        out[2] = wait0
        out[3] = wait1
        return cost0 if index == 0 else cost1
    return -1


@internal
def may_win(stack, height, p0, p1, player, counts, dist, costs):
    """The engine's _may_win (``costs``: scratch, rows of 25: the arrivals and departures per
    large, each square's tower colour, and in the first four of the last the free pieces' masks)."""
    # One pass over the board first: the towers, and where the mover's smalls and mediums lie
    # outside them (bit masks per colour and size), so each large looks up its nearest ones.
    towers_at = costs[2]
    free = costs[3]
    for k in range(4):
        free[k] = 0
    for at in range(SQUARES):
        h = height[at]
        towers_at[at] = tower_colour(stack, at, h, counts)
        for k in range(3 if towers_at[at] >= 0 else 0, h):
            index = (stack[at, k] >> 2) - 2 * player
            size = stack[at, k] & 3
            if 0 <= index <= 1 and size < 3:
                free[2 * index + size - 1] |= 1 << at
    for index in range(2):
        colour = 2 * player + index
        towers = 0
        n = np.int64(0)
        for square in range(SQUARES):
            h = height[square]
            if h == 0 or (stack[square, 0] >> 2) != colour:
                continue
            if towers_at[square] == colour:
                towers += 1
                continue
            has_medium = h > 1 and stack[square, 1] == colour * 4 + 2
            arrival = _nearest_free(free[2 * index], dist, square)
            if not has_medium:
                arrival += _nearest_free(free[2 * index + 1], dist, square)
            leaving = np.int64(0)
            for k in range(2 if has_medium else 1, h):
                if (stack[square, k] >> 2) == colour:
                    leaving += 1
            _insert(costs[0], n, arrival)
            _insert(costs[1], n, leaving)
            n += 1
        needed = 5 - towers
        if n >= needed:
            arrivals = 0
            departures = 0
            for k in range(needed):
                arrivals += costs[0, k]
                departures += costs[1, k]
            if max(arrivals, departures) <= (p0 if index == 0 else p1):
                return True
    return False


@internal
def _nearest_free(squares, dist, square):
    """The pips the nearest piece of ``squares`` (a bit mask: where such a piece lies outside a
    tower) needs to reach ``square`` (2 when it lies there), INF when there is none."""
    best = INF
    while squares:
        at = lowest_bit(squares)
        squares &= squares - 1
        best = min(best, 2 if at == square else dist[at, square])
    return best


@internal
def _insert(values, n, value):
    """Insert ``value`` into the sorted ``values[:n]``."""
    j = n
    while j > 0 and values[j - 1] > value:
        values[j] = values[j - 1]
        j -= 1
    values[j] = value


@internal
def within_bound(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, tight, dist, order, order_len,
                 share):
    """The engine's _within_bound (``share``: scratch for the targets of _share_targets)."""
    cc, opt_target, opt_path, opt_covers, opt_count, opt_index = share[:6]
    paths0 = paths1 = extra0 = extra1 = 0
    pieces = np.int64(0)
    # A piece that stays where it is pays 2 pips (out and back) and has no home square to avoid.
    # (Typed int64: plain constants would be typed as literals, a second version of _cover_cost.)
    round_trip = np.int64(2)
    no_home = np.int64(-1)
    for j in range(n):
        square = st_sq[j]
        level = st_lv[j]
        for hh in range(level, height[square]):
            piece = stack[square, hh]
            index = (piece >> 2) - 2 * player
            if index < 0 or index > 1:
                return False
            budget = p0 if index == 0 else p1
            kept = pieces < SHARE_PIECES
            if kept:
                opt_index[pieces] = index
                opt_count[pieces] = 0
            path = INF
            total = INF
            back = _cover_cost(piece, square, level, stack, height, leaving, p0, p1, index, round_trip, no_home, tight,
                               player, counts, dist, order, order_len, cc)
            if back >= 0:
                path = 2
                total = back
                if kept:
                    _add_target(share, pieces, square, round_trip, index)
            for k in range(order_len[square]):
                target = order[square, k]
                cost = dist[square, target]
                if cost > budget or (cost >= total and not tight):
                    break
                ht = leaving[target] if leaving[target] >= 0 else height[target]
                with_covers = _cover_cost(piece, target, ht, stack, height, leaving, p0, p1, index, cost, square, tight,
                                          player, counts, dist, order, order_len, cc)
                direct0, direct1, wait0, wait1 = cc[0], cc[1], cc[2], cc[3]
                if cost < 2 and (with_covers < 0 or tight):
                    detour = _cover_cost(piece, target, ht, stack, height, leaving, p0, p1, index, round_trip, no_home,
                                         tight, player, counts, dist, order, order_len, cc)
                    if detour >= 0 and kept:
                        _add_target(share, pieces, target, round_trip, index)
                    if with_covers < 0:
                        with_covers = detour
                    elif kept:  # the direct way too, after the detour as the engine lists them
                        cc[0], cc[1], cc[2], cc[3] = direct0, direct1, wait0, wait1
                        _add_target(share, pieces, target, cost, index)
                elif with_covers >= 0 and kept:
                    _add_target(share, pieces, target, cost, index)
                if with_covers >= 0:
                    path = min(path, cost)
                    total = min(total, with_covers)
            if path >= INF:
                return False
            pieces += 1
            if index == 0:
                paths0 += path
                extra0 = max(extra0, total - path)
                if paths0 + extra0 > p0:
                    return False
            else:
                paths1 += path
                extra1 = max(extra1, total - path)
                if paths1 + extra1 > p1:
                    return False
    return not tight or pieces < 2 or pieces > SHARE_PIECES or _share_targets(share, pieces, p0, p1)


@internal
def _add_target(share, k, target, path, index):
    """Note a target of piece ``k`` (its _cover_cost in ``share[0]``) for _share_targets."""
    cc, opt_target, opt_path, opt_covers, opt_count, _ = share[:6]
    j = opt_count[k]
    opt_target[k, j] = target
    opt_path[k, j] = path
    opt_covers[k, j, 0] = cc[0] - cc[2] - (path if index == 0 else 0)
    opt_covers[k, j, 1] = cc[1] - cc[3] - (path if index == 1 else 0)
    opt_count[k] = j + 1


SHARE_PIECES = 8  # pieces that must leave, at most, for _share_targets (with more it is not tried)
SHARE_STEPS = 2_000  # the engine's _SHARE_STEPS


@internal
def _share_targets(share, pieces, p0, p1):
    """The engine's _share_targets, depth first over the pieces with explicit stacks."""
    _, opt_target, opt_path, opt_covers, opt_count, opt_index, charged, choice, need, saved = share
    charged[:, :] = 0
    steps = 0
    k = 0
    choice[0] = -1
    need[0, 0] = 0
    need[0, 1] = 0
    while k >= 0:
        if k == pieces:
            return True
        j = choice[k]
        if j >= 0:  # take back this piece's last choice
            t = opt_target[k, j]
            charged[t, 0] = saved[k, 0]
            charged[t, 1] = saved[k, 1]
        index = opt_index[k]
        j += 1
        while j < opt_count[k]:
            steps += 1
            if steps > SHARE_STEPS:
                return True
            t = opt_target[k, j]
            after0 = max(charged[t, 0], opt_covers[k, j, 0])
            after1 = max(charged[t, 1], opt_covers[k, j, 1])
            need0 = need[k, 0] + after0 - charged[t, 0] + (opt_path[k, j] if index == 0 else 0)
            need1 = need[k, 1] + after1 - charged[t, 1] + (opt_path[k, j] if index == 1 else 0)
            if need0 <= p0 and need1 <= p1:
                saved[k, 0] = charged[t, 0]
                saved[k, 1] = charged[t, 1]
                charged[t, 0] = after0
                charged[t, 1] = after1
                need[k + 1, 0] = need0
                need[k + 1, 1] = need1
                break
            j += 1
        if j < opt_count[k]:
            choice[k] = j
            k += 1
            if k < pieces:
                choice[k] = -1
        else:
            choice[k] = -1
            k -= 1
    return False


def new_share():
    """Scratch for within_bound's targets: the last _cover_cost, per piece its targets (square,
    path, covers of each colour), their number and the piece's colour; for the search over them
    the covers counted per square, the choices, the pips needed and what each choice replaced."""
    targets = SQUARES + 1
    return (np.zeros(4, dtype=np.int64), np.zeros((SHARE_PIECES, 2 * targets), dtype=np.int64),
            np.zeros((SHARE_PIECES, 2 * targets), dtype=np.int64),
            np.zeros((SHARE_PIECES, 2 * targets, 2), dtype=np.int64), np.zeros(SHARE_PIECES, dtype=np.int64),
            np.zeros(SHARE_PIECES, dtype=np.int64), np.zeros((SQUARES, 2), dtype=np.int64),
            np.zeros(SHARE_PIECES + 1, dtype=np.int64), np.zeros((SHARE_PIECES + 1, 2), dtype=np.int64),
            np.zeros((SHARE_PIECES + 1, 2), dtype=np.int64))


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
            if might_rest(piece, stack, t, leave[t] if leave[t] >= 0 else height[t], player, counts):
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
            must[3, k] = might_rest(piece, stack, square, level, player, counts)
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
        if might_rest(piece, stack, src, src_after, player, counts):
            might |= 1 << src
        back = might_rest(piece, stack, dst, leave[dst] if leave[dst] >= 0 else hd, player, counts)
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
            if might_rest(other, stack, src, src_after, player, counts):
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
    qn = 0
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
