"""Ice3's goal: some colour fills a corner in the pattern of rule 6 (or the looser ``shape`` and
``loose`` goals), and how close a board is to it.

>>> CORNER_BLOCKS["a1"][:3], len(CORNER_BLOCKS["a1"])
((0, 1, 2), 16)
"""

from __future__ import annotations

from collections import Counter

from ...pieces import PIECES
from .board import COLOURS, GRID, SIZES

PATTERN = ((3, 3, 3, 2), (3, 2, 2, 1), (3, 2, 1, 1), (2, 1, 1, 0))
"""The goal diagram: PATTERN[i][j] is the size at i ranks and j files from the corner; 0 = empty."""


CORNERS = ("a1", "h1", "a8", "h8")


def goal_cells(corner: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """The goal cells of ``corner`` as square indices: ``(square, size)`` for the 15 pattern
    cells (the corner first, then along its rank), and the square of the empty O cell.

    >>> cells, empty = goal_cells("h8")
    >>> [(GRID.name(square), size) for square, size in cells[:4]], GRID.name(empty)
    ([('h8', 3), ('g8', 3), ('f8', 3), ('e8', 2)], 'e5')
    """
    return CORNER_CELLS[corner]


CORNER_CELLS: dict[str, tuple[tuple[tuple[int, int], ...], int]] = {}
for _corner in CORNERS:
    _f0, _r0 = GRID.file_of(GRID.index(_corner)), GRID.rank_of(GRID.index(_corner))
    _sf, _sr = (1 if _f0 == 0 else -1), (1 if _r0 == 0 else -1)
    _cells = tuple(
        ((_r0 + _sr * i) * 8 + _f0 + _sf * j, PATTERN[i][j]) for i in range(4) for j in range(4) if PATTERN[i][j]
    )
    CORNER_CELLS[_corner] = (_cells, (_r0 + _sr * 3) * 8 + _f0 + _sf * 3)
"""``CORNER_CELLS[corner]``: the goal pattern at ``corner`` (a1, h1, a8, h8), as ((square, size),
…) for its 15 pattern cells, and the square of its empty O cell."""


CORNER_BLOCKS = {c: tuple(sq for sq, _ in cells) + (o,) for c, (cells, o) in CORNER_CELLS.items()}
"""``CORNER_BLOCKS[corner]``: the 16 squares of the 4×4 block at ``corner`` (pattern cells, then O)."""


def board_goals_met(board: tuple, goal: str) -> tuple[tuple[str, str], ...]:
    """Every (colour, corner) whose ``goal`` the board meets, by colour then corner (see
    :attr:`Ice3State.goals_met`)."""
    met = []
    for corner, (cells, empty) in CORNER_CELLS.items():
        if goal == "loose":
            block = CORNER_BLOCKS[corner]
            counts = Counter(p[0] for sq in block for p in board[sq])
            met.extend((c, corner) for c in COLOURS if counts[c] == 15)
            continue
        first = board[cells[0][0]]
        if len(first) != 1:
            continue
        colour = first[0][0]
        if goal == "exact":
            if board[empty] or not all(board[sq] == _SINGLE[colour, size] for sq, size in cells):
                continue
        elif not all(len(board[sq]) == 1 and board[sq][0][0] == colour for sq, _ in cells):
            continue
        met.append((colour, corner))
    met.sort(key=lambda m: (COLOURS.index(m[0]), CORNERS.index(m[1])))
    return tuple(met)


def goal_cells_right(board: tuple, goal: str, colour: str, corner: str) -> int:
    """How many cells of ``corner``'s block are already right for ``colour`` under ``goal`` (the
    terms of :attr:`Ice3State.progress`: ``exact`` out of 16, ``shape`` and ``loose`` out of 15).

    >>> board = [()] * GRID.size
    >>> for name, piece in (("a1", "R1"), ("b1", "R2"), ("a3", "R3"), ("c1", "G3")):
    ...     board[GRID.index(name)] = (PIECES[piece],)
    >>> [goal_cells_right(tuple(board), goal, "R", "a1") for goal in ("exact", "shape", "loose")]
    [2, 3, 3]
    """
    cells, empty = CORNER_CELLS[corner]
    if goal == "loose":
        return sum(p[0] == colour for sq in CORNER_BLOCKS[corner] for p in board[sq])
    if goal == "shape":
        return sum(len(board[sq]) == 1 and board[sq][0][0] == colour for sq, _ in cells)
    return sum(board[sq] == _SINGLE[colour, size] for sq, size in cells) + (not board[empty])


def best_progress(board: tuple, goal: str) -> int:
    """The board's goal progress: the best ``goal_cells_right`` over colours and corners (counted
    for all colours in one pass over each corner's cells: this runs after every ply)."""
    best = 0
    for corner, (cells, empty) in CORNER_CELLS.items():
        counts = dict.fromkeys(COLOURS, 0)
        if goal == "loose":
            for square in CORNER_BLOCKS[corner]:
                for piece in board[square]:
                    counts[piece[0]] += 1
        else:
            for square, size in cells:
                stack = board[square]
                if len(stack) == 1 and (goal == "shape" or stack[0][1] == size):
                    counts[stack[0][0]] += 1
        best = max(best, max(counts.values()) + (goal == "exact" and not board[empty]))
    return best


# Private helpers ---------------------------------------------------------------------------

_SINGLE = {(c, s): (PIECES[f"{c}{s}"],) for c in COLOURS for s in SIZES}
