"""Pieces and stacks, and their text notation.

A piece is a colour letter and a size digit: ``R1`` is a red small, ``G3`` a green large.
Flat tiles have no size: ``L`` (light) and ``D`` (dark). A stack is its pieces
bottom to top, concatenated; an empty square is ``.``.

The colours are those of the Icehouse set (:data:`COLOUR_NAMES`); a game with pieces of other
colours declares them, each with its letter, its name, its fill and the pattern drawn inside
its pieces, with :func:`declare_colours`.

>>> stack = parse_stack("R1R2R3K1")
>>> [piece.name for piece in stack]
['red small', 'red medium', 'red large', 'black small']
>>> format_stack(stack)
'R1R2R3K1'
>>> format_stack(())
'.'
"""

from __future__ import annotations

import dataclasses
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


@dataclasses.dataclass(frozen=True)
class PieceColour:
    """A colour of pieces that a game declares for itself (:func:`declare_colours`).

    ``letter`` writes it in the notation (one capital letter), ``name`` says it in words
    (``"orange"``: pieces are then "orange small", …), ``fill`` is its ``#rrggbb`` colour in
    pictures (``fills`` may give another per palette, ``{"high-contrast": "#ff8000"}``), and
    ``pattern`` the line drawn inside each of its pieces, the cue besides colour: ``""`` a solid
    line, dash lengths such as ``"6 3"`` (in a piece 100 wide), or None for none. ``tile``: its
    pieces are flat tiles without a size (written by the letter alone), not pyramids.
    """

    letter: str
    name: str
    fill: str
    pattern: str | None = ""
    tile: bool = False
    fills: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.fills, dict):
            object.__setattr__(self, "fills", tuple(sorted(self.fills.items())))
        if not (isinstance(self.fills, tuple) and all(isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)
                                                      for pair in self.fills)):
            raise TypeError(f"fills={self.fills!r} must be a dict of palette names to fills, e.g. "
                            "{'high-contrast': '#ff8000'}")
        if not isinstance(self.tile, bool):
            raise TypeError(f"tile={self.tile!r} must be True (flat tiles) or False (pyramids)")
        if not (isinstance(self.letter, str) and len(self.letter) == 1 and "A" <= self.letter <= "Z"):
            raise ValueError(f"letter={self.letter!r}: a colour's letter is one capital letter, A to Z")
        if not (isinstance(self.name, str) and self.name.strip() and self.name == self.name.lower()):
            raise ValueError(f"name={self.name!r}: a colour's name is a word in lower case, e.g. 'orange'")
        for fill in (self.fill, *dict(self.fills).values()):
            if not (isinstance(fill, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", fill)):
                raise ValueError(f"fill={fill!r}: a colour's fill is written #rrggbb, e.g. '#f28e2b'")
        if self.pattern is not None and not (isinstance(self.pattern, str)
                                             and re.fullmatch(r"(\d+(\.\d+)?( \d+(\.\d+)?)*)?", self.pattern)):
            raise ValueError(f"pattern={self.pattern!r}: a pattern is '' (a solid line), dash lengths like '6 3', or None")

    def fill_in(self, palette: str) -> str:
        """Its fill in the palette called ``palette``."""
        return dict(self.fills).get(palette, self.fill)


DECLARED: dict[str, PieceColour] = {}
"""The colours games have declared, by letter (:func:`declare_colours`)."""


def declare_colours(*colours: PieceColour) -> str:
    """Make pieces of ``colours`` known everywhere: the notation (``parse_stack``, ``tokens``),
    their names (``Piece.name``) and every picture. Call it in the rules module, where the game's
    ``COLOURS`` are defined; returns their letters, in order.

    A letter of the Icehouse set, or one another game declared differently, raises ValueError;
    declaring the same colour again changes nothing. A rules module writes, for example::

        COLOURS = declare_colours(PieceColour("O", "orange", "#f28e2b", pattern="6 3"),
                                  PieceColour("V", "violet", "#7b4fa0", pattern="2 3"))

    and then ``Piece.parse("O2").name == "orange medium"`` and ``tokens("O3V1") == ["O3", "V1"]``.

    >>> declare_colours(PieceColour("R", "rose", "#ff66aa"))
    Traceback (most recent call last):
    ...
    ValueError: 'R' is already the red of the Icehouse set; give rose another letter
    """
    global _PIECE_TOKEN, _TOKEN
    for colour in colours:
        if not isinstance(colour, PieceColour):
            raise TypeError(f"declare_colours() takes PieceColour values, not {colour!r}")
        if colour.letter in PYRAMID_COLOURS + TILE_COLOURS:
            raise ValueError(f"{colour.letter!r} is already the {COLOUR_NAMES[colour.letter]} of the Icehouse set; "
                             f"give {colour.name} another letter")
        known = DECLARED.get(colour.letter)
        if known is not None and known != colour:
            raise ValueError(f"{colour.letter!r} is already declared as {known.name} ({known}); give {colour.name} "
                             "another letter")
    for colour in colours:
        DECLARED[colour.letter] = colour
        COLOUR_NAMES[colour.letter] = colour.name
        if colour.tile:
            PIECES[colour.letter] = Piece(colour.letter, 0)
        else:
            PIECES.update({f"{colour.letter}{size}": Piece(colour.letter, size) for size in (1, 2, 3)})
    _PIECE_TOKEN, _TOKEN = _token_patterns()
    return "".join(colour.letter for colour in colours)


def _token_patterns() -> tuple[re.Pattern, re.Pattern]:
    pyramids = PYRAMID_COLOURS + "".join(c.letter for c in DECLARED.values() if not c.tile)
    tiles = TILE_COLOURS + "".join(c.letter for c in DECLARED.values() if c.tile)
    piece = f"[{pyramids}][123]|[{tiles}]"
    return re.compile(piece), re.compile(f"@[{tiles}]|{piece}")


_PIECE_TOKEN, _TOKEN = _token_patterns()


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
            bad = text[position : position + 2] if f"{text[position]}1" in PIECES else text[position]
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


def shortfall(counts: dict, kinds: Iterable[Piece], each: int | dict) -> str:
    """The pieces of ``kinds`` that ``counts`` lacks when a set holds ``each`` of every kind (or
    ``each[kind]``, a count by kind), as ``"R1×2, G3×5"`` (kinds in order; those complete are
    left out). Position checks use it to name what a diagram leaves out.

    >>> shortfall({Piece("R", 1): 3, Piece("G", 3): 5}, [Piece("R", 1), Piece("G", 3), Piece("B", 2)], 5)
    'R1×2, B2×5'
    """
    kinds = tuple(kinds)
    full = each if isinstance(each, dict) else dict.fromkeys(kinds, each)
    return ", ".join(f"{kind}×{full[kind] - counts.get(kind, 0)}" for kind in kinds
                     if counts.get(kind, 0) < full[kind])
