"""Whether a Volcano position can arise in play: :func:`problems`, attached to the game as its
``problems`` hook (see :meth:`icewidgets.protocol.State.problems`).

A game starts with the whole set on the board (75 coloured pyramids in 25 nests, 5 caps) and
then only moves pieces between the board and the players' piles. So a position from play holds
every piece once, on the board or in a pile, and every cap on top of its stack.

>>> import icewidgets as iw
>>> iw.make("volcano").new_state().problems()
[]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...pieces import Piece, shortfall
from ...protocol import Problem
from .board import CAP, COLOURS, GRID

PER_KIND = 5
"""Pieces of each colour and size in the set (and caps)."""
KINDS = tuple(Piece(colour, size) for colour in COLOURS for size in (1, 2, 3))
"""The 15 kinds of coloured pyramid, in the order the sentences list them."""
PYRAMIDS = PER_KIND * len(KINDS)


def problems(state: Any) -> list[Problem]:
    """Every reason ``state`` cannot arise in a game of Volcano, each a sentence naming the square
    or the count.

    Contradictions:

    - a cap (``K1``) under another piece: caps only move onto stacks, and nothing erupts onto a
      capped square;
    - more than 5 pyramids of one colour and size, on the board and in the piles together;
    - more than 5 caps.

    Missing pieces (a diagram of part of a board):

    - fewer than the 75 coloured pyramids on the board and in the piles (the sentence lists the
      kinds that are short);
    - fewer than 5 caps on the board.

    Text with the contradictions is refused when it is read (the engine cannot play it), so
    only a state built in code shows them here.

    >>> import icewidgets as iw
    >>> sparse = iw.make("volcano").state_from_text(". . . . .\\n" * 2 + "C1C2C3K1 Y1Y2Y3 G1G2G3 B1B2B3 R1R2R3\\n" + ". . . . .\\n" * 2 + "to_move=0")
    >>> for problem in sparse.problems():
    ...     print(problem.missing, problem.split(" (")[0])
    True the board and the piles hold 15 of the 75 coloured pyramids
    True the board holds 1 of the 5 caps: a diagram of part of a board
    """
    return set_problems(state.board, state.captured)


def set_problems(board: tuple, captured: tuple) -> list[Problem]:
    """:func:`problems` of a board (one stack per square) and the players' piles."""
    found: list[Problem] = []
    counts: Counter = Counter()
    for index, stack in enumerate(board):
        counts.update(stack)
        if CAP in stack[:-1]:
            found.append(Problem(f"{GRID.name(index)} has a cap under another piece, but a cap is always on top "
                                 f"(nothing erupts onto a capped square)"))
    for pile in captured:
        counts.update(pile)
    for kind in KINDS + (CAP,):
        if counts[kind] > PER_KIND:
            what = "caps" if kind == CAP else f"{kind.name}s ({kind})"
            where = "the board holds" if kind == CAP else "the board and the piles hold"
            found.append(Problem(f"{where} {counts[kind]} {what}, but the set has only {PER_KIND}"))
    pyramids = sum(min(counts[kind], PER_KIND) for kind in KINDS)
    if pyramids < PYRAMIDS:
        found.append(Problem(f"the board and the piles hold {pyramids} of the {PYRAMIDS} coloured pyramids "
                             f"(missing {shortfall(counts, KINDS, PER_KIND)}): a diagram of part of a board",
                             missing=True))
    if counts[CAP] < PER_KIND:
        found.append(Problem(f"the board holds {counts[CAP]} of the {PER_KIND} caps: a diagram of part of a board",
                             missing=True))
    return found
