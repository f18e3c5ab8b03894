"""Volterra's greedy rule, the one the ``"greedy"`` agent plays: :func:`greedy_move`."""

from __future__ import annotations

from typing import Any

from ...pieces import Piece
from ...randomness import pick_best
from .board import GRID, TILE, can_complete, cut_off_parts, occupancy, pawn_reach
from .rules import TowerMove, VolterraState

WIN = 1 << 20
"""The key of a ply that ends the game with its player ahead: above every other key."""


def greedy_move(state: VolterraState, rng: Any) -> Any:
    """Take a win on the spot; else grow your tallest towers and starve the opponent's pawn.

    The second ply of a turn that ends the game with the mover ahead (the next turn cannot be
    completed, and the mover's tower heights are the larger) is keyed :data:`WIN`, above all others.
    Otherwise a tower action comes first (it can always be completed). It is worth 16 per tile of
    the tower it builds, plus 2 per tile of an opponent's tower it covers (6 more when that tower is
    next to the opponent's pawn: the pawn is starved of targets), minus 2 per tile of an opponent's
    tower it uncovers at the source; emptying the source adds 4 per opponent tile and subtracts 4
    per own tile that the separation cuts off. A pawn move is worth 4 per own-topped neighbour tower
    of its target, 2 per opponent-topped tower there that is also next to the opponent's pawn (to
    cover next turn), plus the tallest own neighbour tower. While a free layout is being laid,
    placements are uniform. Among the best keys :func:`~icewidgets.randomness.pick_best` chooses
    with one ``rng.random()`` draw.

    >>> import numpy as np
    >>> from icewidgets.games.volterra import Volterra
    >>> str(greedy_move(Volterra().new_state(), np.random.default_rng(1)))  # covers a light tile by the light pawn
    'd4-b3'
    """
    moves = state.legal_moves()
    if state.phase != "play":
        return moves[int(rng.random() * len(moves))]
    board, pawns, player = state.board, state.pawns, state.to_move
    own, opp = TILE[player], TILE[1 - player]
    theirs = pawns[1 - player]
    near_them = GRID.neighbours[theirs] if theirs is not None else ()
    last = state.done != "-"  # this ply ends the turn: the game may end with it
    keys = []
    for move in moves:
        if last and _wins(state, move):
            keys.append(WIN)
            continue
        if isinstance(move, TowerMove):
            source, target, count = GRID.index(move.source), GRID.index(move.target), move.count
            below, onto = board[source][:-count], board[target]
            key = 1000 + 16 * (len(onto) + count)
            if onto[-1] == opp:
                key += 2 * len(onto) + (6 if target in near_them else 0)
            if below and below[-1] == opp:
                key -= 2 * len(below)
            if not below:
                key += _cut_off_value(board, pawns, source, target, count, own)
        else:
            target = GRID.index(move.target)
            mine = [board[n] for n in GRID.neighbours[target]
                    if n not in pawns and board[n] and board[n][-1] == own]
            covers = sum(1 for n in GRID.neighbours[target]
                         if n in near_them and n not in pawns and board[n] and board[n][-1] == opp)
            key = 4 * len(mine) + 2 * covers + max((len(stack) for stack in mine), default=0)
        keys.append(key)
    return pick_best(moves, keys, rng)


def _wins(state: VolterraState, move: Any) -> bool:
    """Whether ``move``, the last ply of the turn, ends the game with its player ahead: the same
    test as the rules' ``end_reason`` and ``winners`` after it, without building the state."""
    game, player = state.game, state.to_move
    board, pawns = state.board, state.pawns
    if isinstance(move, TowerMove):
        source, target, count = GRID.index(move.source), GRID.index(move.target), move.count
        cells = list(board)
        cells[target] = cells[target] + cells[source][-count:]
        cells[source] = cells[source][:-count]
        if not cells[source] and game.forfeit_removes:
            for part in cut_off_parts(cells, source, pawns):
                for square in range(GRID.size):
                    if part >> square & 1:
                        cells[square] = ()
        board = cells
    else:
        target = GRID.index(move.target)
        pawns = (target, pawns[1]) if player == 0 else (pawns[0], target)
    mine, theirs = [], []
    own = TILE[player]
    for stack in board:
        if stack:
            (mine if stack[-1] == own else theirs).append(len(stack))
    if sorted(mine, reverse=True) <= sorted(theirs, reverse=True):
        return False
    adjacent = game.dest_adjacent_to_source
    players = (1 - player,) if game.end_check == "to_move" else (1 - player, player)
    return any(not can_complete(board, pawns, p, adjacent) for p in players)


def _cut_off_value(board: tuple, pawns: tuple, source: int, target: int, count: int, own: Piece) -> int:
    """When a tower action empties its source: 4 per opponent tile cut off minus 4 per own tile."""
    cells = list(board)
    moved = cells[source][-count:]
    cells[source] = ()
    cells[target] = cells[target] + moved
    occupied = occupancy(cells)
    lost = occupied & ~pawn_reach(occupied, pawns)
    value = 0
    square = 0
    while lost:
        if lost & 1:
            for piece in cells[square]:
                value += -4 if piece == own else 4
        lost >>= 1
        square += 1
    return value
