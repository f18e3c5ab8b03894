"""Blockade's board: the 5×5 grid, the players' colours, stacks, landing, towers and paths.

The primitives the rules (:mod:`.rules`) and the end-of-turn search (:mod:`.ending`) share.
Squares are ints (``GRID`` converts them), stacks tuples of :class:`~icewidgets.pieces.Piece`
bottom first, and what stays fixed during a turn is a :class:`Context`.

>>> from icewidgets.pieces import parse_stack
>>> can_rest(parse_stack("G1")[0], parse_stack("C3")), can_rest(parse_stack("G2")[0], parse_stack("G3G1"))
(True, False)
>>> routes(0)[0][GRID.index("a1")][GRID.index("c3")]
2
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ...grid import Grid
from ...pieces import PIECES, Piece

GRID = Grid(5, 5)
COLOURS = "RYGB"
"""The colours the players move (clear and black pieces belong to nobody)."""
PLAYER_COLOURS = (("R", "Y"), ("G", "B"))
"""Each player's two colours, in the order the notation writes them."""
SIDES = ("Warm", "Cool")
"""The players' names."""
BLACKS = (PIECES["K3"], PIECES["K2"], PIECES["K1"])
"""The caps, largest first: a new tower takes the largest left in the supply."""
WINNING_TOWERS = 5
INF = 99
"""The distance to a square no path reaches."""


class Context(NamedTuple):
    """What stays fixed during a turn: the mover's colours, the squares the mover may not
    enter (the opponent's blockades, as a bit mask: no move of the mover changes them) and the
    tower-counting option (``tower_without_black_counts``)."""

    colours: tuple[str, str]
    blocked: int
    counts: bool


def context(board: tuple, player: int, counts: bool) -> Context:
    """The :class:`Context` of ``player``'s turn on ``board``."""
    theirs = PLAYER_COLOURS[1 - player]
    blocked = 0
    for square, stack in enumerate(board):
        if len(stack) > 3 and stack[3].colour == "K" and stack[0].colour in theirs:
            blocked |= 1 << square
    return Context(PLAYER_COLOURS[player], blocked, counts)


def can_rest(piece: Piece, below: tuple) -> bool:
    """Whether ``piece`` may end a move on the stack ``below`` (the landing table)."""
    if not below:
        return True
    top = below[-1]
    colour = top.colour
    if colour == piece.colour:
        return piece.size <= top.size
    if colour == "C":
        return True
    if colour == "K":  # a black sits only on a tower, so below[0] is the tower's large
        return below[0].colour == piece.colour and top.size > piece.size
    return False


def tower_shape(stack: tuple) -> bool:
    """Whether the stack starts with a large, medium and small of one colour (not clear)."""
    if len(stack) < 3:
        return False
    large, medium, small = stack[0], stack[1], stack[2]
    colour = large.colour
    return (large.size == 3 and medium.size == 2 and small.size == 1 and colour != "C"
            and medium.colour == colour and small.colour == colour)


def tower_colour(stack: tuple, counts: bool) -> str | None:
    """The colour of the tower on this stack (capped, or uncapped when ``counts``), else None."""
    if tower_shape(stack) and (counts or (len(stack) > 3 and stack[3].colour == "K")):
        return stack[0].colour
    return None


def mover_index(stack: tuple, ctx: Context) -> int:
    """0 or 1 when the top of ``stack`` is a piece the mover may move (of their first or
    second colour), else -1."""
    if not stack:
        return -1
    piece = stack[-1]
    if piece.size == 3:
        return -1
    colour = piece.colour
    index = 0 if colour == ctx.colours[0] else 1 if colour == ctx.colours[1] else -1
    if index >= 0 and len(stack) == 3 and ctx.counts and tower_shape(stack):
        return -1  # the small of an uncapped tower that counts: frozen like a capped one
    return index


def spend(points: tuple[int, int], index: int, cost: int) -> tuple[int, int]:
    """The pips left after spending ``cost`` of colour ``index`` (0 or 1)."""
    return (points[0] - cost, points[1]) if index == 0 else (points[0], points[1] - cost)


def move_piece(board: tuple, moved: tuple, supply: tuple, src: int, dst: int, counts: bool):
    """Move the top of ``src`` onto ``dst``: (board, moved, supply, won). Completes and caps a
    tower when a small comes to rest on a same-colour medium on a large."""
    piece = board[src][-1]
    squares = list(board)
    squares[src] = board[src][:-1]
    below = board[dst]
    target = below + (piece,)
    if src in moved:
        i = moved.index(src)
        moved = moved[:i] + moved[i + 1 :]
    won = False
    if piece.size == 1 and len(below) == 2 and tower_shape(target):
        if supply[0] or supply[1] or supply[2]:
            size = 0 if supply[0] else 1 if supply[1] else 2
            target += (BLACKS[size],)
            supply = supply[:size] + (supply[size] - 1,) + supply[size + 1 :]
            frozen = True
        else:
            frozen = counts
        if frozen:
            moved = tuple(s for s in moved if s != dst)
            squares[dst] = target
            won = sum(1 for stack in squares if tower_colour(stack, counts) == piece.colour) >= WINNING_TOWERS
            return tuple(squares), moved, supply, won
    squares[dst] = target
    moved = tuple(sorted(moved + (dst,)))
    return tuple(squares), moved, supply, won


def stranded_pieces(board: tuple, moved: tuple) -> list[tuple[int, int]]:
    """(square, height) of the lowest moved piece resting illegally on each square."""
    found = []
    last = -1
    for square in moved:
        if square == last:
            continue
        last = square
        stack = board[square]
        height = len(stack)
        for level in range(height - moved.count(square), height):
            if not can_rest(stack[level], stack[:level]):
                found.append((square, level))
                break
    return found


@lru_cache(maxsize=None)
def routes(blocked: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For the squares in the ``blocked`` mask barred: (distance, parent, squares by distance)
    from every square, by breadth-first search in the direction order N, NE, E, … ."""
    dist, parent, order = [], [], []
    for source in range(GRID.size):
        d = [INF] * GRID.size
        p = [-1] * GRID.size
        d[source] = 0
        queue = [source]
        for square in queue:
            for step in GRID.neighbours[square]:
                if d[step] == INF and not blocked >> step & 1:
                    d[step] = d[square] + 1
                    p[step] = square
                    queue.append(step)
        dist.append(tuple(d))
        parent.append(tuple(p))
        order.append(tuple(queue[1:]))
    return tuple(dist), tuple(parent), tuple(order)


def path(blocked: int, src: int, dst: int) -> tuple[int, ...]:
    """The squares of the cheapest path from ``src`` to ``dst`` (both included), the first
    found in direction order; ``dst`` must be reachable."""
    parent = routes(blocked)[1][src]
    path = [dst]
    while path[-1] != src:
        path.append(parent[path[-1]])
    return tuple(reversed(path))


_REST_HEIGHTS: dict = {}
_REST_HEIGHTS_KEPT = 1 << 12
# A plain dict, not functools.lru_cache: its keys hold only pieces, ints and strings, which the
# garbage collector stops tracking, where lru_cache keeps a tracked list per entry - with tens of
# thousands of them every full collection took tens of milliseconds inside legal_moves().


def rest_height(piece: Piece, stack: tuple, ctx: Context) -> int:
    """The greatest height ``k`` such that ``piece`` may rest on ``stack[:k]`` once the pieces
    above it are gone, where only the mover's movable pieces can go; -1 when there is none.

    A piece that ends the turn on a square rests on a part of that square's stack that stayed
    (see :mod:`.ending`), so this says where a piece could end, and what must leave first."""
    key = (piece, stack, ctx)
    found = _REST_HEIGHTS.get(key)
    if found is not None:
        return found
    height = len(stack)
    while True:
        if can_rest(piece, stack[:height]):
            break
        if not height or mover_index(stack[:height], ctx) < 0:
            height = -1
            break
        height -= 1
    if len(_REST_HEIGHTS) >= _REST_HEIGHTS_KEPT:
        _REST_HEIGHTS.clear()
    _REST_HEIGHTS[key] = height
    return height


def might_rest(piece: Piece, stack: tuple, ctx: Context) -> bool:
    """Whether ``piece`` could rest on this stack once the mover's movable pieces on top of it
    were gone (a relaxation, used only to rule positions out)."""
    return rest_height(piece, stack, ctx) >= 0
