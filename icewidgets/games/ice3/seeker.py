"""An Ice3 agent that reaches the goal: a cost estimate far from it, the exact solver near it.

``goal_seeker(depth)`` makes an agent ``agent(state, rng) -> move`` for playouts, tournaments and
the widget. On every move:

1. It asks :func:`~icewidgets.games.ice3.solver.solve` for a line to a goal of at most two moves,
   or at most ``depth`` moves once the board is within three cells of the goal
   (:attr:`Ice3State.progress`). If there is one it plays its first move, so from there it
   finishes in the fewest moves possible.
2. Otherwise it aims at the colour (one with all 15 pieces on the board) and corner whose goal
   looks cheapest by :func:`goal_cost`, and plays the legal move that lowers that cost most
   (ties broken at random).
3. When no move lowers the cost (a dead end for a one-move look), it looks one move further, but
   only at the second moves that could bring a piece of the colour straight onto a goal cell
   that is not right yet (loose: onto the block): its colour's set or its size's set along the
   line to the cell. A first move that clears, unpins or lines up a piece for such a second move
   is then worth what the pair reaches. (Without this step the agent met the exact goal in 2 of
   8 measured games, with it in 8 of 8.)
4. With probability ``explore`` it plays one of the eight best moves instead, and it never plays
   the move that undoes the last one while it has another: both keep it from circling.

It is a puzzle agent: it plays for the goal whoever moves next (every player shares every piece).

Measured with ``iw.playouts(iw.make("ice3", players=1, goal=goal), n=20, agents=[goal_seeker()],
seed=0, max_turns=300)``, from full random starts:

- ``loose``: 20 of 20 games reach the goal, in 2–8 moves (median 4);
- ``shape``: 19 of 20, in 15–86 moves (median 36); one game was still unfinished at 300;
- ``exact``: 20 of 20, in 27–148 moves (median 54).

(The one-move greedy agent reaches about 5 of the exact goal's 16 cells, even in 5,000 moves.)
A move takes tens of milliseconds (two exact games measured: 49 moves in 3.4 s of CPU, 178 in
9.0 s), most of it in the solver near the goal: this agent is for studying the goal, not for
millions of playouts.

>>> import numpy as np
>>> import icewidgets as iw
>>> from icewidgets.games.ice3.puzzles import PUZZLES
>>> state = PUZZLES[4].state()                      # shape-2: two moves
>>> agent, rng = goal_seeker(3), np.random.default_rng(0)
>>> while not state.is_over:
...     state = state.play(agent(state, rng))
>>> state.turns, state.result
(2, 'win')
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Callable

from .board import COLOURS, DIRS, GRID, MAX_DISTANCE
from .goal import CORNERS, goal_cells
from .rules import Ice3State, SetMove
from .solver import solve

__all__ = ["goal_seeker", "goal_cost"]

DISTANCE_WEIGHT = 0.5
"""What one king step between a missing cell and its nearest spare piece adds to :func:`goal_cost`."""

NEAR = 3
"""Within this many cells of the goal the agent searches to its full depth."""

BEST_FEW = 8
"""How many of the best moves an exploring move chooses from."""


def goal_seeker(depth: int = 3, explore: float = 0.25) -> Callable[[Ice3State, Any], Any]:
    """An agent that plays to reach the goal (see the module docstring); ``depth`` is how many
    moves ahead it searches near the goal, ``explore`` how often it plays one of the eight best
    moves instead of the best."""
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    if not 0 <= explore <= 1:
        raise ValueError(f"explore must be a probability between 0 and 1, not {explore}")

    def agent(state: Ice3State, rng: Any) -> Any:
        near = state.progress >= state.game.goal_size - NEAR
        line = solve(state, depth if near else min(depth, 2))
        if line:
            return line[0]
        moves = [move for move in state.legal_moves() if isinstance(move, SetMove)]
        if not moves:
            return state.legal_moves()[0]
        last = state.last_move
        if isinstance(last, SetMove):
            moves = [move for move in moves if move != last.backwards()] or moves
        ranked = _ranked(state, moves)
        if rng.random() < explore:
            return ranked[int(rng.random() * min(BEST_FEW, len(ranked)))][1]
        best = [move for key, move in ranked if key == ranked[0][0]]
        return best[int(rng.random() * len(best))]

    agent.agent_name = f"goal_seeker({depth})"  # type: ignore[attr-defined]
    return agent


def goal_cost(board: tuple, colour: str, corner: str, goal: str) -> float:
    """An estimate of the work left before ``colour`` meets ``goal`` in ``corner`` (0: met).

    ``loose``: for every piece of the colour outside the corner's 4×4 block, 1 plus
    :data:`DISTANCE_WEIGHT` per king step to the block. ``shape`` and ``exact``: for every goal
    cell that is not right, 1 per piece that must leave it, 1 for the piece that must arrive and
    :data:`DISTANCE_WEIGHT` per king step from the nearest piece that could (one of the colour, of
    the cell's size in the exact goal, not already right); a cell whose bottom piece is right but
    carries another counts 1. The exact goal adds 1 per piece on the cell that must stay empty.

    >>> from icewidgets.games.ice3.puzzles import PUZZLES
    >>> board = PUZZLES[6].state().board      # exact-1: yellow at a8, two mediums wrong
    >>> goal_cost(board, "Y", "a8", "exact")
    4.5
    """
    cells, empty, far = _corner_tables(corner)
    if goal == "loose":
        return sum(1 + DISTANCE_WEIGHT * far[square]
                   for square, stack in enumerate(board) if far[square] for piece in stack if piece.colour == colour)
    exact = goal == "exact"
    right = {square for square, size in cells
             if len(board[square]) == 1 and board[square][0].colour == colour
             and (not exact or board[square][0].size == size)}
    spares = [(square, piece.size) for square, stack in enumerate(board) for height, piece in enumerate(stack)
              if piece.colour == colour and not (height == 0 and square in right)]
    cost = float(len(board[empty])) if exact else 0.0
    for square, size in cells:
        if square in right:
            continue
        stack = board[square]
        bottom_right = stack and stack[0].colour == colour and (not exact or stack[0].size == size)
        if bottom_right:
            cost += 1
            continue
        nearest = min((_KING[square][spare] for spare, spare_size in spares
                       if spare != square and (not exact or spare_size == size)), default=GRID.files)
        cost += len(stack) + 1 + DISTANCE_WEIGHT * nearest
    return cost


def _ranked(state: Ice3State, moves: list[SetMove]) -> list[tuple[tuple[float, int], SetMove]]:
    """``moves`` with their keys, best first: (the cost they reach, the moves that takes), aiming
    at the cheapest colour and corner; in ``moves`` order on equal keys."""
    game, board = state.game, state.board
    # Only a colour with all its 15 pieces on the board can meet a goal.
    counts = Counter(piece.colour for stack in board for piece in stack)
    targets = [(c, k) for c in COLOURS if counts[c] == 15 for k in CORNERS] or [(c, k) for c in COLOURS for k in CORNERS]
    colour, corner = min(targets, key=lambda target: goal_cost(board, *target, game.goal))
    boards = [state.board_after(move) for move in moves]
    keys = [(goal_cost(after, colour, corner, game.goal), 1) for after in boards]
    if min(keys)[0] >= goal_cost(board, colour, corner, game.goal):
        for i, after in enumerate(boards):
            following = Ice3State(game, after)
            for move in _moves_onto_cells(after, colour, corner, game.goal):
                if following.is_legal(move):
                    keys[i] = min(keys[i], (goal_cost(following.board_after(move), colour, corner, game.goal), 2))
    order = sorted(range(len(moves)), key=keys.__getitem__)
    return [(keys[i], moves[i]) for i in order]


def _moves_onto_cells(board: tuple, colour: str, corner: str, goal: str) -> set[SetMove]:
    """The moves that could bring a piece of ``colour`` straight onto a goal cell that is not
    right (one of the cell's size in the exact goal; for the loose goal, from outside the block
    onto any square of it): the piece's colour set or size set along the line from it to the
    cell. Only top pieces can move."""
    cells, empty, far = _corner_tables(corner)
    exact = goal == "exact"
    if goal == "loose":
        wanted = [(square, None) for square, _ in cells] + [(empty, None)]
        movable = [(square, stack[-1]) for square, stack in enumerate(board)
                   if far[square] and stack and stack[-1].colour == colour]
    else:
        right = {square for square, size in cells if len(board[square]) == 1 and board[square][0].colour == colour
                 and (not exact or board[square][0].size == size)}
        wanted = [(square, size) for square, size in cells if square not in right]
        movable = [(square, stack[-1]) for square, stack in enumerate(board)
                   if stack and stack[-1].colour == colour and not (len(stack) == 1 and square in right)]
    found = set()
    for cell, size in wanted:
        for square, piece in movable:
            line = _LINE.get((square, cell))
            if line is not None and (not exact or piece.size == size):
                found.update((SetMove(colour, *line), SetMove(str(piece.size), *line)))
    return found


# _LINE[(a, b)]: the (direction, distance) of the straight move from square a to square b.
_LINE = {(square, target): (d, n) for square in range(GRID.size) for d in DIRS
         for n in range(1, MAX_DISTANCE + 1) if (target := GRID.step(square, d, n)) is not None}
_KING = tuple(tuple(GRID.chebyshev(a, b) for b in range(GRID.size)) for a in range(GRID.size))


@lru_cache(maxsize=None)
def _corner_tables(corner: str) -> tuple:
    """The pattern cells, the O square and every square's king distance to the 4×4 block."""
    cells, empty = goal_cells(corner)
    block = [square for square, _ in cells] + [empty]
    far = tuple(min(_KING[square][b] for b in block) for square in range(GRID.size))
    return cells, empty, far
