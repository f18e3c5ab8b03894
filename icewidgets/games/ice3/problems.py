"""Whether an Ice3 position can arise in play: :func:`problems`, attached to the game as its
``problems`` hook (see :meth:`icewidgets.protocol.State.problems`).

A game starts with all 60 pyramids standing on the board, and no move takes one off.

>>> import icewidgets as iw
>>> iw.make("ice3").new_state(seed=1).problems()
[]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...pieces import Piece, shortfall
from ...protocol import Problem
from .board import COLOURS, SIZES

PER_KIND = 5
"""Pyramids of each colour and size in the set."""
KINDS = tuple(Piece(colour, size) for colour in COLOURS for size in SIZES)
PYRAMIDS = PER_KIND * len(KINDS)


def problems(state: Any) -> list[Problem]:
    """Every reason ``state`` cannot arise in a game of Ice3, as sentences.

    Missing pieces (a diagram of part of a board): fewer than the 60 pyramids on the board (the
    sentence lists the kinds that are short).

    The contradictions are refused when the text is read: a piece that is not an Ice3 pyramid,
    more than 5 of a colour and size, a stack higher than 2 (a wall cannot be entered).

    >>> import icewidgets as iw
    >>> from icewidgets.games.ice3 import SPARSE_EXAMPLE
    >>> problem, = iw.make("ice3").state_from_text(SPARSE_EXAMPLE).problems()
    >>> problem.missing, problem.split(" (")[0]
    (True, 'the board holds 4 of the 60 pyramids')
    """
    counts = Counter(piece for stack in state.board for piece in stack)
    pyramids = sum(min(counts[kind], PER_KIND) for kind in KINDS)
    if pyramids < PYRAMIDS:
        return [Problem(f"the board holds {pyramids} of the {PYRAMIDS} pyramids (missing "
                        f"{shortfall(counts, KINDS, PER_KIND)}): a diagram of part of a board", missing=True)]
    return []
