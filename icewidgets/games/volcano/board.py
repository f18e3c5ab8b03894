"""Volcano's board and pieces, shared by the rules and the modules beside them.

>>> GRID.size, COLOURS, str(CAP)
(25, 'RYGBC', 'K1')
"""

from __future__ import annotations

from ...grid import Grid
from ...pieces import PIECES
from ...protocol import NotationError

GRID = Grid(5, 5)
CAP = PIECES["K1"]
"""A cap: one of the five black smalls."""
COLOURS = "RYGBC"
"""The five nest colours; clear (C) stands in for the Black Ice set's clear pieces."""


def square_or_none(name: str) -> int | None:
    """The index of the square ``name``, or None when it is not a square of the board.

    >>> square_or_none("c3"), square_or_none("f6")
    (12, None)
    """
    try:
        return GRID.index(name)
    except NotationError:
        return None
