"""Whether a Blockade position can arise in play: :func:`problems`, attached to the game as its
``problems`` hook (see :meth:`icewidgets.protocol.State.problems`).

A game starts from the designer's setup (a large on every square, 65 pyramids, 15 blacks in the
supply); larges never move, and every tower is capped at once with the largest black left.

>>> import icewidgets as iw
>>> iw.make("blockade").new_state(seed=1).problems()
[]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...pieces import Piece, shortfall
from ...protocol import Problem
from ...words import plural
from .board import BLACKS, COLOURS, GRID, tower_shape
from .rules import SETUP_BOARD

PER_KIND = 5
"""Pieces of each kind in the set: each colour's smalls, mediums and larges, the clear larges
and each size of black."""
KINDS = tuple(Piece(colour, size) for colour in COLOURS for size in (1, 2, 3)) + (Piece("C", 3),)
PYRAMIDS = PER_KIND * len(KINDS)


def problems(state: Any) -> list[Problem]:
    """Every reason ``state`` cannot arise in a game of Blockade, each a sentence naming the square
    or the count.

    Contradictions:

    - a large at the bottom of a square that is not the large the setup puts there (larges never
      move, so a square keeps its large of the setup);
    - a black on the board while the supply still holds a larger one (each tower takes the
      largest black left in the supply);
    - a finished tower (large, medium and small of one colour) without a black while the supply
      still holds one (a tower is capped as soon as it is finished).

    Missing pieces (a diagram of part of a board):

    - fewer than the 65 pyramids of the setup on the board (the sentence lists the kinds that
      are short), a square without its large among them;
    - fewer than 5 blacks of a size on the board and in the supply.

    The text itself already refuses the other impossibilities (a large above another piece, a
    black that caps no tower, a clear small or medium, more than 5 of a piece, both players with
    five towers).

    >>> import icewidgets as iw
    >>> state = iw.make("blockade").state_from_text(". . . . .\\n" + ". G3G1 . . .\\n" + ". . . . .\\n" * 3
    ...                                             + "to_move=-1 player=1", partial=True)
    >>> print("\\n".join(state.problems()))
    b4 holds a green large (G3), but the setup puts the red large R3 there, and larges never move
    the board holds 2 of the 65 pyramids of the setup (missing R1×5, R2×5, R3×5, Y1×5, Y2×5, Y3×5, G1×4, G2×5, G3×4, B1×5, B2×5, B3×5, C3×5): a diagram of part of a board
    """
    found: list[Problem] = []
    counts: Counter = Counter()
    supply = dict(zip(BLACKS, state.supply))
    for index, stack in enumerate(state.board):
        counts.update(stack)
        name, large = GRID.name(index), SETUP_BOARD[index][0]
        if stack and stack[0].size == 3 and stack[0] != large:
            found.append(Problem(f"{name} holds a {stack[0].name} ({stack[0]}), but the setup puts the {large.name} "
                                 f"{large} there, and larges never move"))
        if tower_shape(stack) and (len(stack) == 3 or stack[3] not in BLACKS) and any(state.supply):
            found.append(Problem(f"{name} holds a finished {stack[0].name.split()[0]} tower ({''.join(map(str, stack[:3]))}) "
                                 f"without a black, but the supply still holds {_supply_words(state.supply)}, and a "
                                 f"tower is capped as soon as it is finished"))
    for position, black in enumerate(BLACKS):
        larger = [b for b in BLACKS[:position] if supply[b]]
        if counts[black] and larger:
            found.append(Problem(f"the board has {plural(counts[black], 'tower')} capped with {black} while the supply "
                                 f"still holds {_supply_words(state.supply, larger)}, but each tower takes the largest "
                                 f"black left in the supply"))
    pyramids = sum(min(counts[kind], PER_KIND) for kind in KINDS)
    if pyramids < PYRAMIDS:
        found.append(Problem(f"the board holds {pyramids} of the {PYRAMIDS} pyramids of the setup (missing "
                             f"{shortfall(counts, KINDS, PER_KIND)}): a diagram of part of a board", missing=True))
    for black in BLACKS:
        if counts[black] + supply[black] < PER_KIND:
            found.append(Problem(f"the board and the supply hold {counts[black] + supply[black]} of the {PER_KIND} "
                                 f"blacks {black}: a diagram of part of a board", missing=True))
    return found


def _supply_words(supply: tuple, only: list | None = None) -> str:
    """``"4 K3 and 5 K2"``: the blacks of the supply (or of the sizes ``only``), in words."""
    parts = [f"{n} {black}" for black, n in zip(BLACKS, supply) if n and (only is None or black in only)]
    return " and ".join(parts) if parts else "no black"
