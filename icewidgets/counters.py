"""What playouts count in a game beyond winners, scores and lengths: the :class:`Counters` hook.

:func:`icewidgets.playouts` plays many games and keeps one row of numbers per game. The
generic part (winners, scores, turns, plies, …) is the same for every game; a game adds its
own per-game numbers and board heatmaps with a :class:`Counters` subclass, set with
``Game.plug_in(counters=…)``. The playouts call :meth:`Counters.ply` after every ply and
:meth:`Counters.final` at the end of each game, and :meth:`Counters.summary_rows` adds the
game's lines to ``results.summary()``. :meth:`Counters.progress` is the game's measure of who
is ahead, for the lead changes and comebacks of the balance report.

Nothing here imports numpy: a game package stays importable without it. Rows are plain
dicts of numbers (or nested lists of them), and the arrays are made by the playouts.

>>> Counters().new_row()
{}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from .protocol import State


class Counters:
    """Per-game counters and board heatmaps, collected from a game's plies."""

    fields: ClassVar[dict[str, tuple[str, tuple[Any, ...], str]]] = {}
    """name → (numpy dtype name, extra shape, description). ``"players"`` in a shape stands for
    the number of players; e.g. ``{"captured": ("uint8", ("players",), "pieces captured")}``."""

    heatmaps: ClassVar[dict[str, str]] = {}
    """name → what it counts; a heatmap is a (ranks, files) count over all the games of a run."""

    labels: ClassVar[dict[str, tuple[tuple[str, ...], ...]]] = {}
    """name → labels of each extra axis of a field, for CSV column names (``captures_R1``)."""

    def new_row(self) -> dict[str, Any]:
        """The counters of a game that has not started (fields left out are zero)."""
        return {}

    def ply(self, row: dict[str, Any], hits: dict[str, list[int]], state: "State") -> None:
        """Count what the ply that led to ``state`` did: add to ``row``, and append to
        ``hits[name]`` the square indices each heatmap counts."""

    def final(self, row: dict[str, Any], state: "State") -> None:
        """Fill in the counters read from the final position ``state``."""

    def progress(self, state: "State") -> tuple:
        """Who is ahead in ``state``: one comparable value per player, higher is better.

        The balance report measures lead changes and comebacks on it (sampled at the start
        and after every ply that completes a turn or ends the game; see
        :mod:`icewidgets.playout.balance`). Values compare with Python's ``<`` (a tuple
        compares item by item), so a game can rank by a first measure and break ties with a
        second. A game's compiled kernel must compute the same measure. The default is each
        player's live score, ``((s,) for s in state.scores)``.

        >>> import icewidgets as iw
        >>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
        >>> Counters().progress(state) == tuple((s,) for s in state.scores)
        True
        """
        return tuple((s,) for s in state.scores)

    def summary_rows(self, results: Any) -> list[list[str]]:
        """Rows ``[label, value, detail]`` this game adds to ``results.summary()`` (the results
        hold at least one game)."""
        return []
