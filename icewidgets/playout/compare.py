"""Variants of a game side by side: :func:`compare` and its :class:`Comparison`.

A designer changes a rule (an opening, a tie rule, the number of players, …) and asks what it
does to the game. :func:`compare` plays every variant with the same agents and seeds and sets
their balance reports (:mod:`icewidgets.playout.report`) side by side: each metric with its 95%
interval, and for every variant after the first its difference from the first, with an
interval and a two-sided test.

>>> import icewidgets as iw
>>> name = iw.available_games()[0]
>>> c = compare(name, {"two": {"players": 2}, "three": {"players": 3}}, n=30, seed=1, progress=False)
>>> list(c.results), c.results["three"].players
(['two', 'three'], 3)
>>> c.table().columns[:4]
['', 'two', 'three', 'three − two']
"""

from __future__ import annotations

import copy
from typing import Any

from ..protocol import Game
from ..stats import Difference, Estimate, Table, difference, format_difference, format_signed
from ..words import plural
from .progress import check_progress
from .report import Metric
from .results import PlayoutResults
from .run import PlayoutRun, notice, play_run, resolve_game

__all__ = ["Comparison", "compare"]


class Comparison:
    """Variants of a game played alike: ``results`` (label → :class:`PlayoutResults`, in the
    order given), ``metrics`` (label → the report's :class:`~icewidgets.playout.report.Metric`
    list) and ``differences`` (label → metric key → :class:`~icewidgets.stats.Difference`
    from the first variant, for the metrics with an estimate in both).

    ``str()`` is the side-by-side table, a notebook shows it as HTML, and :meth:`plot` draws
    the main metrics with their intervals.
    """

    plotted = ("first_player", "decisive", "draws", "unfinished", "turns", "branching", "lead_changes", "comebacks")
    """The metrics :meth:`plot` draws (those the runs measured)."""

    def __init__(self, results: dict[str, PlayoutResults]):
        self.results = dict(results)
        self.labels = list(self.results)
        self.metrics = {label: run.balance() for label, run in self.results.items()}
        base = self.labels[0]
        self.differences: dict[str, dict[str, Difference]] = {}
        for label in self.labels[1:]:
            self.differences[label] = {
                key: difference(mine, theirs) for key, (mine, theirs) in self._pairs(label, base).items()
            }

    def estimates(self, label: str) -> dict[str, Estimate]:
        """The estimates of variant ``label`` by metric key, with the first player's *edge*
        (points minus 1/players, comparable across player counts) under ``"first_player_edge"``."""
        found = {m.key: m.estimate for m in self.metrics[label] if m.estimate is not None}
        points = found.get("first_player")
        if points is not None:
            fair = 1 / self.results[label].players
            found["first_player_edge"] = Estimate(points.value - fair, points.low - fair, points.high - fair, "mean",
                                                  points.games, points.size, points.se)
        return found

    def _pairs(self, label: str, base: str) -> dict[str, tuple[Estimate, Estimate]]:
        mine, theirs = self.estimates(label), self.estimates(base)
        return {key: (mine[key], theirs[key]) for key in mine if key in theirs}

    def _rows(self) -> list[tuple[str, str]]:
        """(key, label) of every metric in any variant, in report order, the edge after the points."""
        rows: dict[str, str] = {}
        # The variant with the most players first: its seat rows come in seat order.
        for label in sorted(self.labels, key=lambda label: -self.results[label].players):
            for metric in self.metrics[label]:
                rows.setdefault(metric.key, metric.label)
                if metric.key == "first_player" and self._players_differ():
                    rows.setdefault("first_player_edge", "first player's edge over 1/players")
        return list(rows.items())

    def _players_differ(self) -> bool:
        return len({run.players for run in self.results.values()}) > 1

    def table(self) -> Table:
        """The metrics side by side: a column per variant, and after each variant but the
        first its difference from the first (percentage points for rates) with the test's p."""
        base = self.labels[0]
        columns = [""]
        for label in self.labels:
            columns.append(label)
            if label != base:
                columns.append(f"{label} − {base}")
        by_key = {label: {m.key: m for m in self.metrics[label]} for label in self.labels}
        rows = []
        for key, text in self._rows():
            row = [text]
            for label in self.labels:
                row.append(self._cell(by_key[label], label, key))
                if label != base:
                    diff = self.differences[label].get(key)
                    row.append(format_difference(diff, _kind(key, self.estimates(base).get(key))) if diff else "")
            rows.append(row)
        first = self.results[base]
        title = (f"{first.game.title}: {plural(len(self.labels), 'variant')}, {' vs '.join(first.agents)}"
                 f"{', seats rotated' if first.rotate_seats else ''} (seed {first.seed})")
        notes = [f"Differences from {base!r} with 95% intervals and a two-sided test (p). Every variant plays the "
                 "same seeds; the test treats the variants as independent samples, exact where their games share "
                 "nothing and cautious where they share some. With many rows, expect about one p < 0.05 in 20 "
                 "by chance."]
        return Table(columns, rows, title=title, data={"differences": self.differences}, notes=notes)

    def _cell(self, metrics: dict[str, Metric], label: str, key: str) -> str:
        if key == "first_player_edge":
            edge = self.estimates(label).get(key)
            if edge is None:
                return "–"
            return f"{format_signed(100 * edge.value)} pts [{format_signed(100 * edge.low)}, {format_signed(100 * edge.high)}]"
        metric = metrics.get(key)
        return "–" if metric is None else metric.value

    def __str__(self) -> str:
        return str(self.table())

    def __repr__(self) -> str:
        return str(self.table())

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def plot(self, fig: Any = None) -> Any:
        """One figure: each main metric (:attr:`plotted`) per variant with its 95% interval
        (:func:`icewidgets.stats.plot_comparison`); a notebook shows it once."""
        from ..stats import plot_comparison

        return plot_comparison(self, fig=fig)


def compare(
    game: Game | str,
    variants: dict[str, dict[str, Any]],
    n: int | None = None,
    agents: Any = "random",
    seed: Any = 0,
    max_turns: int | None = None,
    progress: bool | str = "auto",
    engine: str = "auto",
    rotate_seats: bool = False,
    precision: float | None = None,
) -> Comparison:
    """Play every variant of ``game`` and set their balance reports side by side.

    - ``variants``: ``{"label": {option: value, …}, …}``, each the options that differ from
      ``game`` (a name, or a Game with options of its own); the first is the one the others
      are tested against. ``{}`` is the game as it is.
    - ``n``, ``agents``, ``seed``, ``max_turns``, ``engine``, ``rotate_seats``, ``precision``: as
      for :func:`~icewidgets.playout.playouts`, the same for every variant (compiled engines
      wherever they play the variant). ``agents`` defaults to ``"random"`` in every seat, so
      variants with other player counts work; without ``n`` each variant is played until its
      first player's points are known to ±``precision`` (default ±0.01).

    Bad variants raise a ValueError or TypeError naming the variant and the problem. An error
    while a variant plays (a bad option, an agent that fails) keeps its type, says which
    variant it came from and is chained to the original (``error.__cause__``).

    >>> import icewidgets as iw
    >>> compare(iw.available_games()[0], {})
    Traceback (most recent call last):
    ...
    ValueError: variants={} is empty: give at least one variant, e.g. {"as it is": {}}
    """
    checked = _check_variants(game, variants)
    check_progress(progress)
    runs = {}
    for label, options in checked.items():
        try:
            runs[label] = PlayoutRun.plan(resolve_game(game, options), n, agents, seed, max_turns, engine,
                                          rotate_seats=rotate_seats, precision=precision)
        except (TypeError, ValueError) as error:
            raise _in_variant(error, label) from error
    # Every variant's kernel not ready yet is queued at once and said once (the last ends last).
    waiting = [job for job in (run.preparation() for run in runs.values()) if job is not None]
    waiting = waiting[-1] if waiting and progress is not False else None
    if waiting is not None:
        notice(waiting.notice())
    results = {}
    for label, run in runs.items():
        try:
            results[label] = play_run(run, progress, tell_preparation=False)
        except (TypeError, ValueError) as error:
            raise _in_variant(error, label) from error
        if waiting is not None and waiting.done:
            notice(waiting.outcome())
            waiting = None
    return Comparison(results)


def _in_variant(error: Exception, label: str) -> Exception:
    """``error`` again, of the same type and with the same attributes, its message saying which
    variant it came from. An exception that cannot be copied is told as its nearest built-in
    base (ValueError or TypeError), chained to the original all the same."""
    message = f"variant {label!r}: {error}"
    try:
        told = copy.copy(error)
    except Exception:  # an exception class whose arguments cannot be rebuilt
        told = None
    if type(told) is not type(error):
        told = (TypeError if isinstance(error, TypeError) else ValueError)(message)
    told.args = (message,)
    return told


def _check_variants(game: Any, variants: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(variants, dict):
        raise TypeError(f"variants must be a dict {{label: {{option: value}}}}, not {type(variants).__name__}")
    if not variants:
        raise ValueError('variants={} is empty: give at least one variant, e.g. {"as it is": {}}')
    for label, options in variants.items():
        if not isinstance(label, str) or not label.strip():
            raise TypeError(f"variant labels must be non-empty strings, not {label!r}")
        if not isinstance(options, dict):
            raise TypeError(f"variant {label!r}: its options must be a dict {{option: value}}, not {options!r}")
    return dict(variants)


def _kind(key: str, estimate: Estimate | None) -> str:
    """How a difference reads: in percentage points for rates and the edge, plainly for means."""
    return "rate" if key == "first_player_edge" or (estimate is not None and estimate.kind == "rate") else "mean"
