"""Whether a Volterra position can arise in play: :func:`problems`, attached to the game as its
``problems`` hook (see :meth:`icewidgets.protocol.State.problems`).

A game starts with 20 tiles (10 of each colour) and the two pawns; tiles only leave the board
in a part cut off from both pawns, counted in the ``forfeited`` field (or, in the free layout,
wait in the players' hands).

>>> import icewidgets as iw
>>> iw.make("volterra").new_state().problems()
[]
"""

from __future__ import annotations

from typing import Any

from ...protocol import Problem
from .board import COLOUR_WORD, GRID, TILE, TILES_PER_COLOUR, occupancy, pawn_reach


def problems(state: Any) -> list[Problem]:
    """Every reason ``state`` cannot arise in a game of Volterra, each a sentence naming the
    square or the count.

    Contradictions (while the game is played, not while the free layout is laid):

    - a pawn on a tower whose top is the other colour (a pawn moves only onto a tower of its
      colour, and no tile is ever put on a square with a pawn);
    - with ``forfeit_removes`` (the default) and all 20 tiles accounted for, towers cut off from
      both pawns (such a part leaves the game at once).

    Missing pieces (a diagram of part of a board):

    - fewer than 10 tiles of a colour on the board, in hand and forfeited;
    - a pawn not on the board.

    The text itself refuses the rest: more than 10 tiles of a colour, a pawn on an empty square,
    two pawns of a colour.

    >>> import icewidgets as iw
    >>> state = iw.make("volterra").state_from_text(". . . . .\\n. D D@D L .\\n. . L@L . .\\n. . . . .\\nto_move=0")
    >>> [(problem.missing, problem) for problem in state.problems()]
    [(True, 'the board holds 2 of the 10 dark tiles (none forfeited): a diagram of part of a board'), \
(True, 'the board holds 2 of the 10 light tiles (none forfeited): a diagram of part of a board')]
    """
    found: list[Problem] = []
    missing_tiles = False
    for colour in (0, 1):
        on_board = sum(piece == TILE[colour] for stack in state.board for piece in stack)
        total = on_board + state.hand[colour] + state.forfeited[colour]
        if total < TILES_PER_COLOUR:
            missing_tiles = True
            elsewhere = ([f"{state.hand[colour]} in hand"] if state.phase == "place" else []) + [
                f"{state.forfeited[colour] or 'none'} forfeited"]
            found.append(Problem(f"the board holds {on_board} of the {TILES_PER_COLOUR} {COLOUR_WORD[colour]} tiles "
                                 f"({', '.join(elsewhere)}): a diagram of part of a board", missing=True))
    if state.phase != "play":
        return found
    for player, square in enumerate(state.pawns):
        if square is None:
            found.append(Problem(f"the board has no {COLOUR_WORD[player]} pawn: a diagram of part of a board",
                                 missing=True))
        elif state.board[square][-1] != TILE[player]:
            found.append(Problem(f"the {COLOUR_WORD[player]} pawn on {GRID.name(square)} stands on a "
                                 f"{COLOUR_WORD[1 - player]}-topped tower, but a pawn only moves onto a tower of its "
                                 f"colour, and no tile is put on a pawn"))
    if state.game.forfeit_removes and not missing_tiles and None not in state.pawns:
        occupied = occupancy(state.board)
        cut_off = occupied & ~pawn_reach(occupied, state.pawns)
        if cut_off:
            squares = [GRID.name(i) for i in range(GRID.size) if cut_off >> i & 1]
            found.append(Problem(f"the towers on {', '.join(squares)} are cut off from both pawns, but a part "
                                 f"without a pawn leaves the game at once (forfeit_removes=True)"))
    return found
