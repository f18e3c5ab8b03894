"""The labels of moves: inaccuracy, mistake and blunder, from the loss of a move.

The *loss* of a move is the value of the best move found minus the value of the move played,
both for the player who made it, in expected points. A label is given only when the two
intervals separate (the played move's upper bound lies below the best move's lower bound), so
an estimate's noise never earns one.
"""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["LABELS", "LEGEND", "SYMBOLS", "label_for", "proved_label"]

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

LEGEND = ("labels ?! ≥ 0.10, ? ≥ 0.20, ?? ≥ 0.30 of loss when the intervals separate; from a proof (whatever the "
          "loss): ?? a proved win thrown away by a move proved to lose or share, at least ? a move into a proved loss")
"""The labels in one line, as tables and legends state them (:func:`label_for`, :func:`proved_label`)."""


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




def proved_label(played: Any, best: Any, every: Sequence[Any], decided: bool) -> tuple[str | None, str | None]:
    """``(label, reason)`` from what a search proved (:class:`~.tactics.Proof` of the move
    played, of the best move, and of every legal move), or ``(None, None)`` when proofs say
    nothing and the intervals decide. ``decided``: the position's value was already exact.

    - A move proved to win is never labelled (a slower win is no mistake).
    - Where a win was proved, a move proved to lose or to share is a blunder, "missed a win in
      N". One the search did not decide (its budget ran out first) may win too: the intervals
      decide, and ``(None, "missed a win in N")`` gives the reason for their label.
    - Otherwise no label where the game was already decided, or where every move is proved lost.
    - A move proved to lose where some move is not: at least a mistake, "walks into a loss in N".
    """
    if played is not None and played.proved == "win":
        return None, None
    wins = [p.plies for p in every if p.proved == "win"]
    if wins:  # a win in hand thrown away: the one loss a decided position still allows
        missed = f"missed a win in {min(wins)}"
        return ("blunder", missed) if played is not None and played.proved in ("loss", "shared") else (None, missed)
    if decided or (every and all(p.proved == "loss" for p in every)):
        return None, None
    if played is not None and played.proved == "loss":
        return "mistake", f"walks into a loss in {played.plies}"
    return None, None


def worse(first: str | None, second: str | None) -> str | None:
    """The worse of two labels (None: no label).

    >>> worse("mistake", "blunder"), worse(None, "inaccuracy"), worse(None, None)
    ('blunder', 'inaccuracy', None)
    """
    for name, _, _ in LABELS:
        if name in (first, second):
            return name
    return None
