"""Volcano's position text: the fields that need more than a number, and the check that a
board written by hand could come from one set. :meth:`Volcano.state_from_text
<.rules.Volcano.state_from_text>` and :meth:`VolcanoState.to_text <.rules.VolcanoState.to_text>`
use them.

>>> from .board import CAP
>>> board = [()] * 25
>>> board[1] = board[3] = (CAP,)
>>> left = parse_left("b1:a1+b2,d1:c1", tuple(board))
>>> left, format_left(left)
(((1, 65), (3, 4)), 'b1:a1+b2,d1:c1')
"""

from __future__ import annotations

from collections import Counter

from ...pieces import Piece, format_stack, parse_pieces
from ...protocol import NotationError
from .board import CAP, COLOURS, GRID
from .problems import set_problems


def format_left(left: tuple[tuple[int, int], ...]) -> str:
    """``((1, 6), …)`` → ``"b1:a2+b2,…"`` (the cap's square, then the squares it left); ``"-"`` for none."""
    return ",".join(GRID.name(cap) + ":" + "+".join(GRID.name(s) for s in range(GRID.size) if squares >> s & 1)
                    for cap, squares in left) or "-"


def parse_left(text: str, board: tuple) -> tuple[tuple[int, int], ...]:
    """The ``left=`` field (see :func:`format_left`) for ``board``; NotationError names a bad part."""
    if text == "-":
        return ()
    by_cap: dict[int, int] = {}
    for part in text.split(","):
        cap, colon, squares = part.partition(":")
        if not colon or not squares:
            raise NotationError(f"left={text!r}: write each cap that moved this turn and the squares it left, "
                                f"like left=b1:b2+a2,d5:d4 (or left=- when no cap has moved)")
        index = GRID.index(cap)
        if not board[index] or board[index][-1] is not CAP:
            raise NotationError(f"left={text!r} names {cap}, but {cap} has no cap")
        if index in by_cap:
            raise NotationError(f"left={text!r} names the cap on {cap} twice")
        by_cap[index] = sum(1 << GRID.index(square) for square in squares.split("+"))
    return tuple(sorted(by_cap.items()))


def parse_capturable(text: str | None, board: tuple, capture: str) -> tuple[int, ...]:
    """The ``capturable=`` field (``"c3+e3"``: the squares of the pieces the mover may capture
    after an eruption, in landing order) for ``board``; no field: none. NotationError names a
    square whose top piece does not sit on a piece of its size.

    >>> from icewidgets.pieces import parse_stack
    >>> board = [()] * 25
    >>> board[12] = parse_stack("G1G2G3C3")
    >>> parse_capturable("c3", tuple(board), "may")
    (12,)
    """
    if text is None:
        return ()
    if capture != "may":
        raise NotationError(f"capturable={text!r}: a capture choice is a ply only under capture='may' "
                            f"(this game takes every capture at once)")
    squares = []
    for name in text.split("+"):
        square = GRID.index(name)
        stack = board[square]
        if len(stack) < 2 or stack[-1] is CAP or stack[-1].size != stack[-2].size:
            raise NotationError(f"capturable={text!r} names {name}, but its top piece does not stand on a piece "
                                f"of its size ({format_stack(stack)})")
        if square in squares:
            raise NotationError(f"capturable={text!r} names {name} twice")
        squares.append(square)
    return tuple(squares)


def parse_captured(text: str | None, players: int) -> tuple[tuple[Piece, ...], ...]:
    """The ``captured=`` field: one comma-separated pile per player, piles separated by ``/``
    (no field: every pile empty); NotationError names a bad pile or piece."""
    if text is None:
        return ((),) * players
    piles = text.split("/")
    if len(piles) != players:
        raise NotationError(f"captured={text!r} has {len(piles)} lists but this game has {players} players (separate lists with '/')")
    parsed = tuple(parse_pieces(pile) for pile in piles)
    for pile in parsed:
        for piece in pile:
            if piece.colour not in COLOURS or piece.size == 0:
                raise NotationError(f"captured piece {piece} is not a Volcano piece (colours {COLOURS}, sizes 1-3)")
    return parsed


def check_possible(board: tuple, captured: tuple) -> None:
    """NotationError unless ``board`` and the ``captured`` piles hold only Volcano pieces, caps
    on top and at most 5 of each piece: the positions the engine can play on (the checks of
    :func:`.problems.set_problems` that are contradictions, and the pieces themselves)."""
    for index, stack in enumerate(board):
        for piece in stack:
            if piece.colour == "K" and piece.size != 1:
                raise NotationError(f"{GRID.name(index)} holds {piece}: Volcano uses only the black smalls (K1) as caps")
            if piece.colour not in COLOURS + "K" or piece.size == 0:
                raise NotationError(f"{GRID.name(index)} holds {piece}, which is not a Volcano piece")
    contradictions = [problem for problem in set_problems(board, captured) if not problem.missing]
    if contradictions:
        raise NotationError("; ".join(contradictions))
