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

import functools
from collections import Counter
from typing import Any

from ...pieces import Piece, shortfall
from ...protocol import Problem
from .board import CAP, COLOURS, GRID

PER_KIND = 5
"""Pieces of each colour and size in the set (and caps)."""
KINDS = tuple(Piece(colour, size) for colour in COLOURS for size in (1, 2, 3))
"""The 15 kinds of coloured pyramid, in the order the sentences list them."""


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

    The counts are those of the game's opening (:func:`opening_set`): a ``custom`` opening with
    empty nests or fewer caps starts with less, and more than it starts with is a contradiction.
    Text beyond the whole set is refused when it is read (the engine cannot play it), so only
    a state built in code shows that here.

    >>> import icewidgets as iw
    >>> sparse = iw.make("volcano").state_from_text(". . . . .\\n" * 2 + "C1C2C3K1 Y1Y2Y3 G1G2G3 B1B2B3 R1R2R3\\n" + ". . . . .\\n" * 2 + "to_move=0")
    >>> for problem in sparse.problems():
    ...     print(problem.missing, problem.split(" (")[0])
    True the board and the piles hold 15 of the 75 coloured pyramids
    True the board holds 1 of the 5 caps: a diagram of part of a board
    """
    return set_problems(state.board, state.captured, opening_set(state.game))


@functools.lru_cache(maxsize=32)
def opening_set(game: Any) -> dict[Piece, int]:
    """How many of each kind (and caps) ``game`` starts with: the whole set, unless its
    ``colours`` leave nests empty or its ``caps`` name fewer than 5 squares (its own opening is
    then a position from play, not part of a board).

    >>> import icewidgets as iw
    >>> opening_set(iw.make("volcano", caps="a1 e5"))[CAP], iw.make("volcano", caps="a1 e5").new_state().problems()
    (2, [])
    """
    counts = Counter(piece for stack in game.new_state(seed=0).board for piece in stack)
    return {kind: counts[kind] for kind in KINDS + (CAP,)}


def set_problems(board: tuple, captured: tuple, full: dict[Piece, int] | None = None) -> list[Problem]:
    """:func:`problems` of a board (one stack per square) and the players' piles, counted
    against ``full`` (see :func:`opening_set`; the whole set when None)."""
    full = full or dict.fromkeys(KINDS + (CAP,), PER_KIND)
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
        if counts[kind] > full[kind]:
            what = "caps" if kind == CAP else f"{kind.name}s ({kind})"
            where = "the board holds" if kind == CAP else "the board and the piles hold"
            whose = "the set has" if full[kind] == PER_KIND else "this game's opening has"
            found.append(Problem(f"{where} {counts[kind]} {what}, but {whose} only {full[kind]}"))
    pyramids = sum(min(counts[kind], full[kind]) for kind in KINDS)
    total = sum(full[kind] for kind in KINDS)
    if pyramids < total:
        found.append(Problem(f"the board and the piles hold {pyramids} of the {total} coloured pyramids "
                             f"(missing {shortfall(counts, KINDS, full)}): a diagram of part of a board",
                             missing=True))
    if counts[CAP] < full[CAP]:
        found.append(Problem(f"the board holds {counts[CAP]} of the {full[CAP]} caps: a diagram of part of a board",
                             missing=True))
    return found
