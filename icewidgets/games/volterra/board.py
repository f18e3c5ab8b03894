"""Volterra's board: squares and neighbours, free sides, the towers a pawn can move, whether a turn
can be completed, which parts of the board stay connected to a pawn, and where the free layout lets
tiles and pawns go. Squares are indices (``INDEX["c3"]``); boards are tuples of stacks.

>>> has_free_side(tuple((DARK,) for _ in range(GRID.size)), INDEX["c3"]), NAMES[INDEX["c3"]]
(False, 'c3')
"""

from __future__ import annotations

from typing import Any

from ...grid import Grid
from ...pieces import PIECES, Piece
from ...words import name_list

GRID = Grid(5, 4)


DARK, LIGHT = PIECES["D"], PIECES["L"]
TILE = (DARK, LIGHT)
"""The tile of each player: Dark (0) owns dark tiles, Light (1) light ones."""
COLOURS = "DL"
"""The tile colours, dark and light: player ``p`` owns ``COLOURS[p]``."""
COLOUR_WORD = ("dark", "light")
TILES_PER_COLOUR = 10
NAMES = GRID.names
INDEX = {name: i for i, name in enumerate(NAMES)}
NEIGHBOURS = tuple(tuple(sorted(ns)) for ns in GRID.neighbours)
NEIGHBOUR_SETS = tuple(frozenset(ns) for ns in GRID.neighbours)
_NEIGHBOUR_MASKS = tuple(sum(1 << n for n in ns) for ns in GRID.neighbours)
ORTHOGONAL = GRID.orthogonal_neighbours
_ON_EDGE = tuple(None in sides for sides in ORTHOGONAL)
_MIRROR = tuple(GRID.size - 1 - i for i in range(GRID.size))
"""The 180° turn of the board: a1 ↔ e4, c3 ↔ c2."""


def square_list(squares: Any) -> str:
    """The squares (indices) as a sentence: ``"a1, b3 and c2"``."""
    return name_list(NAMES[i] for i in squares)


def has_free_side(board: Any, square: int) -> bool:
    """Whether the tower on ``square`` has a free side: an orthogonal neighbour that is empty or off
    the board (pawns do not matter, diagonal gaps do not count)."""
    if _ON_EDGE[square]:
        return True
    for side in ORTHOGONAL[square]:
        if not board[side]:
            return True
    return False


def tower_sources(board: Any, here: int, own: Piece, other: int | None) -> list[int]:
    """Squares next to ``here`` whose top is ``own``, with a free side and no pawn."""
    return [s for s in NEIGHBOURS[here] if s != other and board[s] and board[s][-1] == own and has_free_side(board, s)]


def has_tower_action(board: Any, here: int, own: Piece, other: int | None, adjacent: bool) -> bool:
    """Whether a pawn of colour ``own`` on ``here`` could move a tower (the other pawn on ``other``)."""
    for source in tower_sources(board, here, own, other):
        for target in NEIGHBOURS[here]:
            if target != source and target != other and board[target] and (not adjacent or target in NEIGHBOUR_SETS[source]):
                return True
    return False


def can_complete(board: Any, pawns: tuple, player: int, adjacent: bool) -> bool:
    """Whether ``player`` could play a whole turn (a pawn and a tower action, in either order);
    ``adjacent`` is the ``dest_adjacent_to_source`` option."""
    here = pawns[player]
    if here is None:
        return False
    own, other = TILE[player], pawns[1 - player]
    # A tower action first always completes: the pawn may then step onto the tower just built.
    if has_tower_action(board, here, own, other, adjacent):
        return True
    for target in NEIGHBOURS[here]:
        stack = board[target]
        if stack and stack[-1] == own and target != other and has_tower_action(board, target, own, other, adjacent):
            return True
    return False


def occupancy(board: Any) -> int:
    """The squares of ``board`` that hold tiles, as a bit mask (bit ``i`` for square ``i``).

    >>> occupancy(((DARK,), (), (LIGHT,)) + ((),) * (GRID.size - 3))
    5
    """
    mask = 0
    for i, stack in enumerate(board):
        if stack:
            mask |= 1 << i
    return mask


def pawn_reach(occupied: int, pawns: tuple[int | None, ...]) -> int:
    """The squares of ``occupied`` (a bit mask) that some pawn can still reach: the 8-connected
    parts that hold a pawn, as a bit mask. The other tiles are cut off."""
    reach = 0
    for square in pawns:
        if square is not None and occupied >> square & 1:
            reach |= connected_part(square, occupied)
    return reach


def connected_part(start: int, occupied: int) -> int:
    """The 8-connected part of ``occupied`` (a bit mask) that holds ``start``."""
    part = frontier = 1 << start
    while frontier:
        grown = 0
        while frontier:
            low = frontier & -frontier
            grown |= _NEIGHBOUR_MASKS[low.bit_length() - 1]
            frontier ^= low
        frontier = grown & occupied & ~part
        part |= frontier
    return part


def cut_off_parts(board: Any, emptied: int, pawns: tuple[int | None, ...]) -> list[int]:
    """The parts of ``board`` (bit masks of squares) that emptying square ``emptied`` cut off from
    both pawns, in the order of ``emptied``'s neighbours: what the separation forfeits."""
    occupied = occupancy(board)
    reach = pawn_reach(occupied, pawns)
    parts = []
    for start in NEIGHBOURS[emptied]:
        if (occupied & ~reach) >> start & 1:
            part = connected_part(start, occupied)
            reach |= part
            parts.append(part)
    return parts


def tile_squares(board: Any, player: int, symmetric: bool) -> list[int]:
    """Free layout: the squares where ``player`` may put a tile (the mirror of the opponent's last
    tile when the layout must stay symmetric and that square is free)."""
    empty = [s for s in range(GRID.size) if not board[s]]
    if symmetric:
        theirs = TILE[1 - player]
        answers = [s for s in empty if board[_MIRROR[s]] and board[_MIRROR[s]][-1] == theirs]
        if answers:
            return answers
    return empty


def pawn_squares(board: Any, pawns: tuple, player: int, symmetric: bool) -> list[int]:
    """Free layout: the squares where ``player`` may put the pawn (a free tile of their colour; the
    mirror of the other pawn when the layout must stay symmetric)."""
    own, other = TILE[player], pawns[1 - player]
    squares = [s for s in range(GRID.size) if board[s] and board[s][-1] == own and s != other]
    if symmetric and other is not None and _MIRROR[other] in squares:
        return [_MIRROR[other]]
    return squares


def next_placer(board: Any, pawns: tuple, hand: tuple, player: int, first: int, symmetric: bool) -> int | None:
    """Who places next in the free layout (tiles alternate, then pawns, first player first), or
    None when the layout is complete."""
    for candidate in (1 - player, player):
        if hand[candidate]:
            return candidate
    for candidate in (first, 1 - first):
        if pawns[candidate] is None and pawn_squares(board, pawns, candidate, symmetric):
            return candidate
    return None
