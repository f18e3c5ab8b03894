"""Ice3's greedy rule, the one the ``"greedy"`` agent plays: :func:`greedy_move`."""

from __future__ import annotations

from typing import Any

from ...randomness import pick_best
from .board import COLOURS, GRID, GROUPS, SIZES
from .goal import CORNER_BLOCKS, CORNER_CELLS, CORNERS, board_goals_met, goal_cells_right
from .movement import resolve_move
from .rules import Ice3State, SetMove

_BLOCK_SETS = {corner: frozenset(block) for corner, block in CORNER_BLOCKS.items()}
_WANTED = {corner: dict(cells) for corner, (cells, _) in CORNER_CELLS.items()}  # pattern square → its size

WIN = 1 << 20
"""What a move that meets the goal adds to its value: more than any value can differ."""

# _DISTANCE[corner][square]: the king distance from ``square`` to the corner's 4×4 block.
_DISTANCE = {
    corner: tuple(min(GRID.chebyshev(square, b) for b in block) for square in range(GRID.size))
    for corner, block in CORNER_BLOCKS.items()
}


def greedy_move(state: Ice3State, rng: Any) -> Any:
    """Meet the goal at once if a move can; else aim at the colour and corner closest to the goal
    and move that colour toward it.

    The target is the colour and corner with the best value ``64·(goal cells right) − (sum of
    the colour's pieces' king distances to the corner's 4×4 block)`` (first in corner order a1,
    h1, a8, h8 and colour order R, Y, G, B on ties). The moves considered are those of that
    colour's set (all moves if it cannot move) and every other move that meets the goal at once
    (any colour, any corner: its mover wins, rule 4). Each is valued the same way after the move,
    and a move that meets the goal gets ``2**20`` more, above every move that does not. Among the
    best values :func:`~icewidgets.randomness.pick_best` chooses with one ``rng.random()`` draw,
    the moves in their listed order.

    >>> import numpy as np
    >>> from icewidgets.games.ice3 import Ice3
    >>> str(greedy_move(Ice3().new_state(seed=1), np.random.default_rng(1)))
    'YSW4'
    """
    moves = state.legal_moves()
    game, board = state.game, state.board
    best_target, best_value = None, None
    for corner in CORNERS:
        for colour in COLOURS:
            value = _value(board, colour, corner, game.goal)[1]
            if best_value is None or value > best_value:
                best_target, best_value = (colour, corner), value
    colour, corner = best_target
    own = any(getattr(m, "group", None) == colour for m in moves)
    slide, after = game.blocked == "slide", game.walls == "after"
    could_meet = _sets_that_could_meet(board, game.goal, slide)
    candidates, keys = [], []
    for move in moves:
        if not isinstance(move, SetMove):
            candidates.append(move)
            keys.append(0)
            continue
        considered = not own or move.group == colour
        if not considered and move.group not in could_meet:
            continue
        new, _ = resolve_move(board, move, slide, after)
        meets = move.group in could_meet and bool(board_goals_met(new, game.goal))
        if not considered and not meets:
            continue
        candidates.append(move)
        keys.append(_value(new, colour, corner, game.goal)[1] + (WIN if meets else 0))
    return pick_best(candidates, keys, rng)


def _sets_that_could_meet(board: tuple, goal: str, slide: bool) -> set[str]:
    """The sets whose move might meet ``goal`` (more than do, never fewer: it only saves trying the
    others). A goal of colour c at a corner needs every piece of c in the corner's 4×4 block after
    the move. The pieces of c that stay (those outside the moving set, and every pinned lower
    piece) must be there already: on a pattern cell (``shape``) of their size (``exact``), and for
    those two goals not on top of a wall, where a piece that stays never stands alone. The others
    all move by the same shift into the block, so they fit in a 4×4 box (unless ``slide``: then a
    blocked piece moves less)."""
    stuck: set[tuple[str, str]] = set()
    away: dict[tuple[str, str], list] = {}  # (colour, corner) → [sizes, files, ranks] of the pieces that must move
    for square, stack in enumerate(board):
        for level, piece in enumerate(stack):
            colour, size = piece[0], piece[1]
            for corner in CORNERS:
                if goal == "loose":
                    placed = square in _BLOCK_SETS[corner]
                else:
                    want = _WANTED[corner].get(square)
                    placed = want is not None and (goal == "shape" or want == size) and level == 0
                if placed:
                    continue
                if len(stack) == 2 and level == 0:  # pinned under another piece: it cannot move
                    stuck.add((colour, corner))
                else:
                    sizes, files, ranks = away.setdefault((colour, corner), [set(), set(), set()])
                    sizes.add(str(size))
                    files.add(square % 8)
                    ranks.add(square // 8)
    sets: set[str] = set()
    for colour in COLOURS:
        for corner in CORNERS:
            if (colour, corner) in stuck:
                continue
            if (colour, corner) not in away:
                sets.update(GROUPS)
                continue
            sizes, files, ranks = away[colour, corner]
            if slide or (max(files) - min(files) < 4 and max(ranks) - min(ranks) < 4):
                sets.add(colour)
                if len(sizes) == 1:
                    sets.update(sizes)
    return sets


def _value(board: tuple, colour: str, corner: str, goal: str) -> tuple[int, int]:
    """(cells right for this colour and corner, 64·right − the colour's distance to the corner's block)."""
    right = goal_cells_right(board, goal, colour, corner)
    far = _DISTANCE[corner]
    away = 0
    for square, stack in enumerate(board):
        if far[square]:
            for piece in stack:
                if piece[0] == colour:
                    away += far[square]
    return right, 64 * right - away
