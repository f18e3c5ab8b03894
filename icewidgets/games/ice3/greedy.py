"""Ice3's greedy rule, the one the ``"greedy"`` agent plays: :func:`greedy_move`."""

from __future__ import annotations

from typing import Any

from ...randomness import pick_best
from .board import COLOURS, GRID
from .goal import CORNER_BLOCKS, CORNERS, board_goals_met, goal_cells_right
from .movement import resolve_move
from .rules import Ice3State, SetMove

# _DISTANCE[corner][square]: the king distance from ``square`` to the corner's 4×4 block.
_DISTANCE = {
    corner: tuple(min(GRID.chebyshev(square, b) for b in block) for square in range(GRID.size))
    for corner, block in CORNER_BLOCKS.items()
}


def greedy_move(state: Ice3State, rng: Any) -> Any:
    """Aim at the colour and corner closest to the goal; move that colour toward it.

    The target is the colour and corner with the best value ``64·(goal cells right) − (sum of
    the colour's pieces' king distances to the corner's 4×4 block)`` (first in corner order a1,
    h1, a8, h8 and colour order R, Y, G, B on ties). Only moves of that colour's set are
    considered (all moves if it cannot move); each is valued the same way after the move, and a
    move that meets the goal wins at once. Among the best values
    :func:`~icewidgets.randomness.pick_best` chooses with one ``rng.random()`` draw.

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
    candidates = [m for m in moves if getattr(m, "group", None) == colour] or moves
    slide, after = game.blocked == "slide", game.walls == "after"
    goal_size = game.goal_size
    keys = []
    for move in candidates:
        if not isinstance(move, SetMove):
            keys.append(0)
            continue
        new, _ = resolve_move(board, move, slide, after)
        right, value = _value(new, colour, corner, game.goal)
        if right >= goal_size and board_goals_met(new, game.goal):
            value += 1 << 20
        keys.append(value)
    return pick_best(candidates, keys, rng)


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
