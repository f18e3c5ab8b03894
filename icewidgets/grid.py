"""Squares, directions and board text for rectangular boards.

Squares are named like chess squares: files ``a``… left to right, ranks ``1``… bottom to
top, so ``a1`` is bottom-left. Inside the engines a square is an int index
``rank * files + file`` (both from 0); :class:`Grid` converts and precomputes the steps.

>>> grid = Grid(5, 5)
>>> grid.index("c3"), grid.name(12)
(12, 'c3')
>>> grid.name(grid.step(grid.index("a1"), "NE"))
'b2'
>>> grid.step(grid.index("a1"), "S") is None
True
"""

from __future__ import annotations

from functools import cached_property
from typing import Iterable, Sequence

from .protocol import NotationError
from .words import plural

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, 1),
    "NE": (1, 1),
    "E": (1, 0),
    "SE": (1, -1),
    "S": (0, -1),
    "SW": (-1, -1),
    "W": (-1, 0),
    "NW": (-1, 1),
}
"""The eight king directions as (file step, rank step), clockwise from north."""

ORTHOGONAL = ("N", "E", "S", "W")
DIRECTION_NAMES = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Grid:
    """A board of ``files`` × ``ranks`` squares with precomputed neighbours."""

    def __init__(self, files: int, ranks: int):
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self.names = tuple(f"{FILE_LETTERS[i % files]}{i // files + 1}" for i in range(self.size))
        self._index = {name: i for i, name in enumerate(self.names)}
        # _steps[d][i] is the square one step from i in direction d, or None off the board.
        self._steps = {
            d: tuple(self._offset(i, df, dr) for i in range(self.size)) for d, (df, dr) in DIRECTIONS.items()
        }

    def __repr__(self) -> str:
        return f"Grid({self.files}, {self.ranks})"

    def index(self, name: str) -> int:
        """The index of square ``name``; :class:`NotationError` if there is no such square."""
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise NotationError(
                f"{name!r} is not a square of this {self.files}×{self.ranks} board "
                f"(files a–{FILE_LETTERS[self.files - 1]}, ranks 1–{self.ranks})"
            ) from None

    def name(self, index: int) -> str:
        """The name of square ``index``."""
        return self.names[index]

    def file_of(self, index: int) -> int:
        return index % self.files

    def rank_of(self, index: int) -> int:
        return index // self.files

    def step(self, index: int, direction: str, distance: int = 1) -> int | None:
        """The square ``distance`` steps from ``index`` towards ``direction``, or None off the board."""
        df, dr = DIRECTIONS[direction]
        return self._offset(index, df * distance, dr * distance)

    def steps(self, direction: str) -> tuple[int | None, ...]:
        """For every square, its neighbour in ``direction`` (None off the board)."""
        return self._steps[direction]

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """The up to 8 king-move neighbours of every square, in DIRECTIONS order."""
        return tuple(
            tuple(n for d in DIRECTIONS if (n := self._steps[d][i]) is not None) for i in range(self.size)
        )

    @cached_property
    def orthogonal_neighbours(self) -> tuple[tuple[int | None, ...], ...]:
        """The N, E, S, W neighbours of every square, None where the side is the board edge."""
        return tuple(tuple(self._steps[d][i] for d in ORTHOGONAL) for i in range(self.size))

    def direction_between(self, a: int, b: int) -> str | None:
        """The direction of a single king step from ``a`` to ``b``, or None if they are not neighbours."""
        for d in DIRECTIONS:
            if self._steps[d][a] == b:
                return d
        return None

    def chebyshev(self, a: int, b: int) -> int:
        """King-move distance between two squares."""
        return max(abs(self.file_of(a) - self.file_of(b)), abs(self.rank_of(a) - self.rank_of(b)))

    # Board text -----------------------------------------------------------------------------

    def format_board(self, cells: Sequence[str]) -> str:
        """Board text: one line per rank, top rank first, cells separated by single spaces."""
        return "\n".join(
            " ".join(cells[r * self.files : (r + 1) * self.files]) for r in range(self.ranks - 1, -1, -1)
        )

    def parse_board(self, lines: Sequence[str]) -> list[str]:
        """The cell tokens of board text lines (top rank first), indexed by square."""
        if len(lines) != self.ranks:
            raise NotationError(
                f"a board of this game has {self.ranks} ranks, but the text has {plural(len(lines), 'board line')}"
            )
        cells: list[str] = [""] * self.size
        for row, line in enumerate(lines):
            rank = self.ranks - 1 - row
            tokens = line.split()
            if len(tokens) != self.files:
                raise NotationError(
                    f"rank {rank + 1} must have {self.files} squares separated by spaces, "
                    f"found {len(tokens)}: {line.strip()!r}"
                )
            cells[rank * self.files : (rank + 1) * self.files] = tokens
        return cells

    def ascii_board(self, cells: Sequence[str]) -> str:
        """A readable board with rank numbers and file letters, columns aligned."""
        width = max(max(len(c) for c in cells), 1)
        lines = []
        for r in range(self.ranks - 1, -1, -1):
            row = cells[r * self.files : (r + 1) * self.files]
            lines.append(f"{r + 1:>2} " + " ".join(c.ljust(width) for c in row).rstrip())
        lines.append("   " + " ".join(FILE_LETTERS[f].ljust(width) for f in range(self.files)).rstrip())
        return "\n".join(lines)

    def _offset(self, index: int, df: int, dr: int) -> int | None:
        f, r = index % self.files + df, index // self.files + dr
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return r * self.files + f
        return None


def split_position(text: str) -> tuple[list[str], str]:
    """Split a position text into its board lines and its field line.

    The field line is the last non-blank line if it contains ``=``; blank lines are ignored.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position text must be a string, not {type(text).__name__}")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if lines and "=" in lines[-1]:
        return lines[:-1], lines[-1]
    return lines, ""


def parse_fields(line: str, known: Iterable[str]) -> dict[str, str]:
    """The ``key=value`` fields of a position's field line; unknown or repeated keys are errors.

    >>> parse_fields("to_move=1 captured=R3//", ["to_move", "captured"])
    {'to_move': '1', 'captured': 'R3//'}
    """
    known = tuple(known)
    fields: dict[str, str] = {}
    for token in line.split():
        key, sep, value = token.partition("=")
        if not sep:
            raise NotationError(f"{token!r} is not a key=value field")
        if key not in known:
            raise NotationError(f"unknown field {key!r} (this game's fields: {', '.join(known)})")
        if key in fields:
            raise NotationError(f"field {key!r} is given twice")
        fields[key] = value
    return fields


def parse_int_field(fields: dict[str, str], key: str, default: int, low: int, high: int | None = None) -> int:
    """An integer field with a range check, e.g. ``to_move``."""
    if key not in fields:
        return default
    text = fields[key]
    try:
        value = int(text)
    except ValueError:
        raise NotationError(f"field {key}={text!r} is not a whole number") from None
    if value < low or (high is not None and value > high):
        span = f"{low}–{high}" if high is not None else f"≥ {low}"
        raise NotationError(f"field {key}={value} is out of range ({span})")
    return value
