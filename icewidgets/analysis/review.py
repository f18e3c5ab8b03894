"""What a student reads of a labelled move: "Best was X (value), you played Y (value)".

A value is written as what is known of it: a proved result in short (``#3``: a win in 3 plies,
``#-2``: a loss in 2, ``=#4``: a shared win in 4), an exact value (``1.00 exact``), or the
rollouts' estimate with its 95% interval (``0.62 [0.57–0.67]``), never more than is known.
"""

from __future__ import annotations

from .result import PlyAnalysis
from .search import proved_mark
from .values import Value

__all__ = ["review_text", "value_text"]


def value_text(value: Value, player: int, proved: str | None = None, plies: int | None = None) -> str:
    """``player``'s value of a move as it is known: its proof's mark, else the exact value, else
    the estimate with its interval.

    >>> value_text(Value((0.62, 0.38), (0.57, 0.33), (0.67, 0.43), 40), 0)
    '0.62 [0.57–0.67]'
    >>> value_text(Value((1.0, 0.0), (1.0, 0.0), (1.0, 0.0), 0, exact=True), 0, "win", 3)
    '#3'
    >>> value_text(Value((0.5, 0.5), (0.5, 0.5), (0.5, 0.5), 0, exact=True), 1)
    '0.50 exact'
    """
    mark = proved_mark(proved, plies)
    if mark:
        return mark
    if value.exact:
        return f"{value.points[player]:.2f} exact"
    return f"{value.points[player]:.2f} [{value.low[player]:.2f}–{value.high[player]:.2f}]"


def review_text(ply: PlyAnalysis) -> str:
    """The review of a decision: ``"Best was c3-d4 (#3), you played c3-c4 (0.41 [0.36–0.46])"``,
    each value as :func:`value_text` writes it ("" for a roll, which has no best move)."""
    if ply.chance or ply.best is None or ply.best_value is None:
        return ""
    best = value_text(ply.best_value, ply.player, ply.best_proved, ply.best_plies)
    played = value_text(ply.value, ply.player, ply.proved, ply.plies)
    return f"Best was {ply.best} ({best}), you played {ply.move} ({played})"
