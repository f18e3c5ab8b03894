"""Volcano's board and pieces, and the geometry of cap steps and lava, shared by the rules and
the modules beside them.

>>> GRID.size, COLOURS, str(CAP)
(25, 'RYGBC', 'K1')
>>> STEPS["a1", "b1"], [GRID.name(square) for square in RAYS[0][2]]
((0, 1, 2), ['c1', 'd1', 'e1'])
"""

from __future__ import annotations

from ...grid import DIRECTIONS, Grid
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


DIRECTION_ORDER = tuple(DIRECTIONS)
"""The eight directions in the order of the direction indices below: N, NE, E, … clockwise."""

STEPS = {
    (GRID.name(source), GRID.name(target)): (source, target, d)
    for source in range(GRID.size)
    for d, direction in enumerate(DIRECTION_ORDER)
    if (target := GRID.step(source, direction)) is not None
}
"""(source name, target name) → (source, target, direction index) for every one-step cap move."""

RAYS = tuple(
    tuple(tuple(square for distance in range(2, 5) if (square := GRID.step(source, direction, distance)) is not None)
          for direction in DIRECTION_ORDER)
    for source in range(GRID.size)
)
"""``RAYS[source][direction index]``: the squares the lava of ``source`` reaches 2, 3, … steps
away in that direction, up to the edge (an eruption stops earlier at a cap)."""

EMPTY = -2
"""What :func:`blocker` says when the square the cap left holds no piece."""
EDGE = -1
"""What :func:`blocker` says when the lava would flow off the board (and where an eruption
that reaches the edge stops, in :attr:`Eruption.stopped_at <.rules.Eruption>`)."""


def blocker(remaining: tuple, ray: tuple[int, ...], caps: int) -> int | None:
    """None if a cap leaving a square with ``remaining`` pieces under it makes it erupt along
    ``ray`` (``caps``: the caps after the step, a bit mask); otherwise what stops it: EMPTY,
    EDGE, or the square of the cap in the way.

    >>> blocker((), RAYS[0][2], 0) == EMPTY, blocker((CAP,), RAYS[0][2], 1 << 2)
    (True, 2)
    """
    if not remaining:
        return EMPTY
    if not ray:
        return EDGE
    if caps >> ray[0] & 1:
        return ray[0]
    return None


# _FIRST_LANDINGS[source]: (target, the first square the lava then reaches) for each step of a
# cap on ``source`` after which lava could land on the board.
_FIRST_LANDINGS = tuple(
    tuple((GRID.step(source, direction), RAYS[source][d][0]) for d, direction in enumerate(DIRECTION_ORDER)
          if RAYS[source][d])
    for source in range(GRID.size)
)


def erupting_steps(board: tuple, source: int, caps: int) -> int:
    """The squares (a bit mask) the cap on ``source`` can step onto making ``source`` erupt
    (``caps``: the caps now, a bit mask)."""
    if len(board[source]) < 2:  # nothing under the cap
        return 0
    return sum(1 << target for target, first in _FIRST_LANDINGS[source] if not caps >> first & 1)
