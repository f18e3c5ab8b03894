"""Blockade's greedy rule, the one the ``"greedy"`` agent plays: :func:`greedy_move`."""

from __future__ import annotations

from typing import Any

from ...protocol import EndTurn
from ...randomness import pick_best
from .board import move_piece
from .rules import GRID, PLAYER_COLOURS, BlockadeState, PieceMove

WIN = 1 << 20
"""The key of a move that completes its player's fifth tower of a colour: above every other key."""


def greedy_move(state: BlockadeState, rng: Any) -> Any:
    """Win on the spot; else build towers (a medium onto its own large, a small onto a medium on a
    large) and block: a tower next to the opponent's larges is worth more. End the turn when
    nothing builds.

    A move that completes the fifth tower of a colour (the game is won) is keyed :data:`WIN`, above
    all others. Otherwise a small landing on a medium on a large of its colour (a tower) is worth
    100, plus 5 per neighbouring opponent large (the blockade gets in their way); a medium landing
    on a bare large of its colour 40; a small landing on a bare large of its colour −5 (it blocks
    the medium); lifting a small off its own large +30 when a free medium of its colour is close
    enough for the hop, the medium's trip and the hop back to fit the pips left (else +10: room for
    a later turn), a medium off its own large −40; other moves 0. The key is 4 × that value minus
    the king distance of the move (short hops save pips); ``end`` is 0 and ``combine`` −1, so when
    nothing builds the turn ends. Among the best keys :func:`~icewidgets.randomness.pick_best`
    chooses with one ``rng.random()`` draw.

    >>> import numpy as np
    >>> from icewidgets.games.blockade import Blockade
    >>> state = Blockade().new_state(seed=2).play("G5B2")  # Cool rolls green 5, blue 2
    >>> str(greedy_move(state, np.random.default_rng(0)))  # the small hops off b3: the medium may come
    'b3-c2'
    """
    moves, keys = greedy_keys(state)
    return pick_best(moves, keys, rng)


def greedy_keys(state: BlockadeState) -> tuple[list[Any], list[int]]:
    """The legal moves of ``state`` and the keys :func:`greedy_move` values them with (higher is
    better), in ``legal_moves()`` order."""
    moves = state.legal_moves()
    board = state.board
    colours = PLAYER_COLOURS[state.player]
    theirs = PLAYER_COLOURS[1 - state.player]
    pips = dict(zip(colours, state.points or (0, 0)))
    neighbours, chebyshev = GRID.neighbours, GRID.chebyshev
    counts = state.game.tower_without_black_counts
    # Free mediums (on top, not resting on their own large) of each of the mover's colours.
    mediums = {c: [sq for sq, st in enumerate(board)
                   if st and st[-1] == (c, 2) and not (len(st) >= 2 and st[-2] == (c, 3))] for c in colours}
    keys = []
    for move in moves:
        if isinstance(move, PieceMove):
            src, dst = GRID.index(move.source), GRID.index(move.target)
            stack, onto = board[src], board[dst]
            piece = stack[-1]
            colour, size = piece.colour, piece.size
            hop = chebyshev(src, dst)
            key = 0
            if onto and onto[-1].colour == colour:
                if size == 1 and len(onto) == 2 and onto[0] == (colour, 3) and onto[1] == (colour, 2):
                    if move_piece(board, state.moved, state.supply, src, dst, counts)[3]:
                        keys.append(WIN)
                        continue
                    key += 100 + 5 * sum(1 for n in neighbours[dst]
                                         if board[n] and board[n][0].size == 3 and board[n][0].colour in theirs)
                elif size == 2 and len(onto) == 1 and onto[0].size == 3:
                    key += 40
                elif size == 1 and len(onto) == 1 and onto[0].size == 3:
                    key -= 5
            below = stack[:-1]
            if len(below) == 1 and below[0] == (colour, 3):
                if size == 2:
                    key -= 40
                else:
                    # Hop off to make room, if a medium can come and the small get back this turn.
                    come = min((chebyshev(m, src) for m in mediums.get(colour, ())), default=99)
                    key += 30 if 2 * hop + come <= pips.get(colour, 0) else 10
            keys.append(4 * key - hop)
        elif isinstance(move, EndTurn):
            keys.append(0)
        else:  # combine: only useful in rare cases; the dice are used as rolled
            keys.append(-1)
    return moves, keys
