"""The labels of moves: inaccuracy, mistake and blunder, from the loss of a move.

The *loss* of a move is the value of the best move found minus the value of the move played,
both for the player who made it, in expected points. A label is given only when the two
intervals separate (the played move's upper bound lies below the best move's lower bound), so
an estimate's noise never earns one.
"""

from __future__ import annotations

__all__ = ["LABELS", "SYMBOLS", "label_for"]

LABELS: tuple[tuple[str, float, str], ...] = (
    ("blunder", 0.30, "??"),
    ("mistake", 0.20, "?"),
    ("inaccuracy", 0.10, "?!"),
)
"""``(label, least loss, symbol)``, worst first: a move that loses at least 0.30 expected points
is a blunder (``??``), at least 0.20 a mistake (``?``), at least 0.10 an inaccuracy (``?!``) —
and only when the intervals separate. At the default precision (±0.05) two intervals separate
only beyond a loss of about 0.10, which is why the thresholds start there."""

SYMBOLS = {name: symbol for name, _, symbol in LABELS}


def label_for(loss: float, played: tuple[float, float], best: tuple[float, float]) -> str | None:
    """The label of a move that lost ``loss``, given the ``(low, high)`` intervals of the
    played and the best move, or None.

    >>> label_for(0.25, (0.30, 0.40), (0.50, 0.60)), label_for(0.25, (0.30, 0.55), (0.50, 0.60))
    ('mistake', None)
    """
    if played[1] >= best[0]:
        return None
    for name, least, _ in LABELS:
        if loss >= least - 1e-12:
            return name
    return None


