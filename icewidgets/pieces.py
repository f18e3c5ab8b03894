"""Pieces and stacks, and their text notation.

A piece is a colour letter and a size digit: ``R1`` is a red small, ``G3`` a green large.
Flat tiles have no size: ``L`` (light) and ``D`` (dark). A stack is its pieces
bottom to top, concatenated; an empty square is ``.``.

>>> stack = parse_stack("R1R2R3K1")
>>> [piece.name for piece in stack]
['red small', 'red medium', 'red large', 'black small']
>>> format_stack(stack)
'R1R2R3K1'
>>> format_stack(())
'.'
"""

from __future__ import annotations

import re
from typing import Iterable, NamedTuple

from .protocol import NotationError

COLOUR_NAMES = {
    "R": "red",
    "Y": "yellow",
    "G": "green",
    "B": "blue",
    "C": "clear",
    "K": "black",
    "L": "light",
    "D": "dark",
}
SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}
PYRAMID_COLOURS = "RYGBCK"
TILE_COLOURS = "LD"

EMPTY = "."


class Piece(NamedTuple):
    """One pyramid (``colour`` letter, ``size`` 1-3) or one flat tile (``size`` 0).

    >>> Piece("G", 3).name
    'green large'
    >>> str(Piece.parse("Y2"))
    'Y2'
    """

    colour: str
    size: int

    def __str__(self) -> str:
        return self.colour if self.size == 0 else f"{self.colour}{self.size}"

    @property
    def name(self) -> str:
        """Plain-English name, e.g. ``"red small"`` or ``"light tile"``."""
        if self.size == 0:
            return f"{COLOUR_NAMES[self.colour]} tile"
        return f"{COLOUR_NAMES[self.colour]} {SIZE_NAMES[self.size]}"

    @staticmethod
    def parse(text: str) -> "Piece":
        """The piece written ``text``; :class:`NotationError` if it is not one piece."""
        piece = PIECES.get(text)
        if piece is None:
            raise NotationError(f"{text!r} is not a piece (expected e.g. 'R1', 'G3', 'K1', 'L' or 'D')")
        return piece


PIECES: dict[str, Piece] = {
    **{f"{c}{s}": Piece(c, s) for c in PYRAMID_COLOURS for s in (1, 2, 3)},
    **{c: Piece(c, 0) for c in TILE_COLOURS},
}

Stack = tuple  # a tuple of Piece, bottom to top

PAWN = "@"
"""Written before a pawn's colour after the stack it stands on: ``LD@D`` (a dark pawn)."""

_PIECE_TOKEN = re.compile(r"[RYGBCK][123]|[LD]")
_TOKEN = re.compile(r"@[LD]|[RYGBCK][123]|[LD]")


def tokens(stack_text: str) -> list[str]:
    """The tokens of a square's text as ``state.stack()`` writes it, bottom to top, a pawn last.

    >>> tokens("LD@D"), tokens("R1R2K1"), tokens(".")
    (['L', 'D', '@D'], ['R1', 'R2', 'K1'], [])
    """
    return [] if stack_text == EMPTY else _TOKEN.findall(stack_text)


def is_pawn(token: str) -> bool:
    """Whether a token (from :func:`tokens`) is a pawn standing on the stack, not a piece of it."""
    return token.startswith(PAWN)


def parse_stack(text: str) -> tuple[Piece, ...]:
    """The stack written ``text`` (bottom to top); ``.`` is the empty stack.

    >>> parse_stack("LD")
    (Piece(colour='L', size=0), Piece(colour='D', size=0))
    >>> parse_stack("R4")
    Traceback (most recent call last):
    ...
    icewidgets.protocol.NotationError: 'R4' is not a stack: 'R4' at position 1 is not a piece
    """
    if text == EMPTY:
        return ()
    pieces = []
    position = 0
    while position < len(text):
        match = _PIECE_TOKEN.match(text, position)
        if match is None:
            bad = text[position : position + 2] if text[position] in PYRAMID_COLOURS else text[position]
            raise NotationError(f"{text!r} is not a stack: {bad!r} at position {position + 1} is not a piece")
        pieces.append(PIECES[match.group()])
        position = match.end()
    if not pieces:
        raise NotationError("an empty token is not a stack (write '.' for an empty square)")
    return tuple(pieces)


def format_stack(stack: Iterable[Piece]) -> str:
    """The notation of a stack, bottom to top; ``.`` when empty."""
    return "".join(map(str, stack)) or EMPTY


def format_pieces(pieces: Iterable[Piece]) -> str:
    """A comma-separated list of pieces, e.g. ``R3,G2`` (empty string for none)."""
    return ",".join(map(str, pieces))


def parse_pieces(text: str) -> tuple[Piece, ...]:
    """Inverse of :func:`format_pieces`.

    >>> parse_pieces("R3,G2")
    (Piece(colour='R', size=3), Piece(colour='G', size=2))
    >>> parse_pieces("")
    ()
    """
    if not text:
        return ()
    return tuple(Piece.parse(token) for token in text.split(","))
