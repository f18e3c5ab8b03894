"""Board primitives of Blockade's compiled kernel (:mod:`.kernel`): piece codes, moves, routes.

A stack is ``stack[square, level]``, bottom first, of piece codes colour·4 + size (colours
R Y G B C K = 0…5, sizes 1…3), with ``height[square]`` pieces; ``moved`` counts the pieces moved
this turn per square (the engine's sorted tuple of squares); ``supply`` holds the blacks left
(K3, K2, K1). Each function is the rules engine's (:mod:`icewidgets.games.blockade.rules`) of the
same name, in place on these arrays, and allocates nothing.
"""

from __future__ import annotations

from ...compiled.jit import internal
from .board import GRID
from .rules import PIPS_PER_TURN

SQUARES = GRID.size
MAX_HEIGHT = 42  # any position: a large under every medium and small of the set, and a black
INF = 99
MAX_PIPS = PIPS_PER_TURN  # both dice's pips on one piece is the most one move can spend

R, Y, G, B, C, K = 0, 1, 2, 3, 4, 5
COLOUR_LETTERS = "RYGBCK"

# Ply codes: rolls 0…35 (first die·6 + second), combines 36/37, end 38, moves 100 + src·25 + dst.
COMBINE = 36
END = 38
MOVE = 100


@internal
def copy_into(to, values):
    """``to[:] = values`` for 1-D arrays, without the temporary copy numba makes for slices."""
    for i in range(len(values)):
        to[i] = values[i]


@internal
def copy_board(to_stack, to_height, stack, height):
    """Copy the pieces (only those below each height: the rest is never read)."""
    for square in range(SQUARES):
        h = height[square]
        to_height[square] = h
        for k in range(h):
            to_stack[square, k] = stack[square, k]


@internal
def can_rest(piece, stack, square, h):
    """Whether ``piece`` may rest on the first ``h`` pieces of ``square``."""
    if h == 0:
        return True
    top = stack[square, h - 1]
    colour = top >> 2
    pc = piece >> 2
    if colour == pc:
        return (piece & 3) <= (top & 3)
    if colour == C:
        return True
    if colour == K:
        return (stack[square, 0] >> 2) == pc and (top & 3) > (piece & 3)
    return False


@internal
def tower_shape(stack, square, h):
    if h < 3:
        return False
    large = stack[square, 0]
    colour = large >> 2
    return ((large & 3) == 3 and colour != C and stack[square, 1] == colour * 4 + 2
            and stack[square, 2] == colour * 4 + 1)


@internal
def tower_colour(stack, square, h, counts):
    if tower_shape(stack, square, h) and (counts or (h > 3 and (stack[square, 3] >> 2) == K)):
        return stack[square, 0] >> 2
    return -1


@internal
def routes(blocked, neighbours, dist, order, order_len, within):
    """Breadth-first distances and squares by distance from every square, ``blocked`` barred;
    ``within[s, p]``: the squares ``p`` pips or fewer from ``s`` (not ``s`` itself), as bits."""
    for source in range(SQUARES):
        for t in range(SQUARES):
            dist[source, t] = INF
        dist[source, source] = 0
        queue = order[source]
        # queue holds the reached squares but the source; scan from a virtual head
        n = 0
        head = -1
        while True:
            square = source if head < 0 else queue[head]
            for k in range(8):
                step = neighbours[square, k]
                if step < 0:
                    break
                if dist[source, step] == INF and not (blocked >> step) & 1:
                    dist[source, step] = dist[source, square] + 1
                    queue[n] = step
                    n += 1
            head += 1
            if head >= n:
                break
        order_len[source] = n
        reached = 0
        k = 0
        for pips in range(MAX_PIPS + 1):
            while k < n and dist[source, queue[k]] <= pips:
                reached |= 1 << queue[k]
                k += 1
            within[source, pips] = reached


@internal
def move_piece(stack, height, moved, supply, src, dst, counts):
    """The engine's _move_piece in place; returns whether the move wins."""
    h = height[src] - 1
    piece = stack[src, h]
    height[src] = h
    if moved[src] > 0:
        moved[src] -= 1
    hd = height[dst]
    stack[dst, hd] = piece
    height[dst] = hd + 1
    if (piece & 3) == 1 and hd == 2 and tower_shape(stack, dst, hd + 1):
        frozen = counts
        if supply[0] or supply[1] or supply[2]:
            size = 0 if supply[0] else 1 if supply[1] else 2
            stack[dst, hd + 1] = K * 4 + 3 - size
            height[dst] = hd + 2
            supply[size] -= 1
            frozen = True
        if frozen:
            moved[dst] = 0
            colour = piece >> 2
            n = 0
            for s in range(SQUARES):
                if tower_colour(stack, s, height[s], counts) == colour:
                    n += 1
            return n >= 5
    moved[dst] += 1
    return False


@internal
def mover_index(stack, square, h, player, counts):
    """The engine's _mover_index for the first ``h`` pieces of ``square``: 0 or 1 when their
    top is a piece the player may move (of their first or second colour), else -1."""
    if h == 0:
        return -1
    piece = stack[square, h - 1]
    if (piece & 3) == 3:
        return -1
    index = (piece >> 2) - 2 * player
    if index < 0 or index > 1:
        return -1
    if h == 3 and counts and tower_shape(stack, square, h):
        return -1
    return index


@internal
def stranded_pieces(stack, height, moved, st_sq, st_lv):
    """The engine's _stranded_pieces: (square, level) pairs in square order; returns their number."""
    n = 0
    for square in range(SQUARES):
        m = moved[square]
        if m:
            h = height[square]
            for level in range(h - m, h):
                if not can_rest(stack[square, level], stack, square, level):
                    st_sq[n] = square
                    st_lv[n] = level
                    n += 1
                    break
    return n


@internal
def rest_height(piece, stack, square, h, player, counts):
    """The engine's rest_height for the first ``h`` pieces of ``square``: the greatest height
    ``k`` ≤ ``h`` such that ``piece`` may rest on the first ``k`` pieces once the mover's
    movable pieces above them are gone; -1 when there is none (the engine's might_rest: ``>= 0``)."""
    while h:
        if can_rest(piece, stack, square, h):
            return h
        if mover_index(stack, square, h, player, counts) < 0:
            return -1
        h -= 1
    return 0

