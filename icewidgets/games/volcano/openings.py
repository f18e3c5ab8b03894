"""Volcano's openings: where the nests and the caps stand when the game begins.

``diag``, the default, is the package's choice: the published rules' picture of the openings is
lost, and this layout is the one of boardspace's rules page (caps "along the diagonal") and of two
implementations of the game; ``plus`` and ``x`` are the project's unofficial
proposals (caps on the centre and the four squares around it, orthogonally or diagonally);
``random`` shuffles the nest colours (seeded); ``custom`` takes ``colours`` and ``caps``.

>>> opening_board(DIAG_COLOURS, OPENING_CAPS["plus"])[GRID.index("c3")]
(Piece(colour='R', size=1), Piece(colour='R', size=2), Piece(colour='R', size=3), Piece(colour='K', size=1))
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from ...pieces import PIECES, Piece
from .board import CAP, COLOURS, GRID, square_or_none

OPENINGS = ("diag", "plus", "x", "random", "custom")


DIAG_COLOURS = "CCCGR CGGRY CGRYB GRYYB RYBBB"
"""The default layout (boardspace's and two implementations'; not in the published text), rank 5 first."""


OPENING_CAPS = {
    "diag": ("a1", "b2", "c3", "d4", "e5"),
    "plus": ("c3", "b3", "d3", "c2", "c4"),
    "x": ("c3", "b2", "d2", "b4", "d4"),
    "random": ("a1", "b2", "c3", "d4", "e5"),
}


def normalise_caps(caps: Any) -> tuple[str, ...]:
    """The ``caps`` option as a tuple of square names (a text like ``"a1 b2"`` works too);
    ValueError names a bad square, a square given twice, or too many caps."""
    if isinstance(caps, str):
        caps = [c for c in re.split(r"[\s,]+", caps) if c]
    caps = tuple(caps)
    for square in caps:
        if square_or_none(square) is None:
            raise ValueError(f"caps={caps!r}: {square!r} is not a square of the 5×5 board (a1 to e5)")
    if not caps:
        raise ValueError("caps=() names no square; Volcano needs at least one cap to move")
    if len(set(caps)) != len(caps):
        raise ValueError(f"caps={caps!r} names a square twice; a square holds at most one cap")
    if len(caps) > 5:
        raise ValueError(f"caps={caps!r} has {len(caps)} squares, but Volcano has only 5 caps")
    return caps


def normalise_colours(colours: str) -> str:
    """The ``colours`` option as 25 letters, rank 5 first (spaces, commas and slashes are
    ignored); ValueError says what is wrong."""
    letters = "".join(ch for ch in str(colours) if ch not in " /\n\t,")
    if len(letters) != 25 or any(ch not in COLOURS + "." for ch in letters):
        raise ValueError(
            f"colours={colours!r} must be 25 letters from {COLOURS} (or '.' for an empty square), rank 5 first, "
            "e.g. 'CCCGR CGGRY CGRYB GRYYB RYBBB'"
        )
    for colour in COLOURS:
        if letters.count(colour) > 5:
            # The set has 5 nests of each colour; more could not be written as a position text.
            raise ValueError(f"colours={colours!r} has {letters.count(colour)} {colour} nests, but the set has only 5 of each colour")
    return letters


@lru_cache(maxsize=64)
def opening_board(layout: str, caps: tuple[str, ...]) -> tuple[tuple[Piece, ...], ...]:
    """The board of nests ``layout`` (rank 5 first) with caps on ``caps``; every playout of a
    fixed opening starts from the same one."""
    rows = [normalise_colours(layout)[i : i + 5] for i in range(0, 25, 5)]
    board = [() if letter == "." else (PIECES[letter + "1"], PIECES[letter + "2"], PIECES[letter + "3"])
             for row in reversed(rows) for letter in row]
    for square in caps:
        index = GRID.index(square)
        board[index] = board[index] + (CAP,)
    return tuple(board)


def random_layout(rng: random.Random) -> str:
    """Five nests of each colour with no two orthogonal neighbours alike (seeded backtracking)."""
    cells: list[str] = [""] * 25
    counts = dict.fromkeys(COLOURS, 5)

    def fill(i: int) -> bool:
        if i == 25:
            return True
        options = [c for c in COLOURS if counts[c] and not (i % 5 and cells[i - 1] == c) and not (i >= 5 and cells[i - 5] == c)]
        rng.shuffle(options)
        for colour in options:
            cells[i] = colour
            counts[colour] -= 1
            if fill(i + 1):
                return True
            counts[colour] += 1
        cells[i] = ""
        return False

    fill(0)
    return "".join("".join(cells[r * 5 : r * 5 + 5]) for r in range(4, -1, -1))
