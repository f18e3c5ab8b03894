"""Statistics for playouts: confidence intervals, small tables, and plots.

The maths is pure numpy. Plot functions import matplotlib only when called; each takes
``ax=None`` (a new figure) and returns the Axes it drew on.

>>> lo, hi = wilson_interval(50, 100)
>>> round(float(lo), 4), round(float(hi), 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import html
import math
from typing import Any, Sequence

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


# Intervals -----------------------------------------------------------------------------------


def wilson_interval(successes: Any, trials: Any, z: float = Z95) -> tuple[Any, Any]:
    """The Wilson score interval for a proportion (95% by default); works on arrays too.

    With no trials the interval is (0, 1).

    >>> [round(float(x), 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> [round(float(x), 4) for x in wilson_interval(81, 263)]
    [0.2553, 0.3662]
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    safe = np.where(n > 0, n, 1.0)
    p = k / safe
    z2 = z * z
    denom = 1.0 + z2 / safe
    centre = (p + z2 / (2 * safe)) / denom
    half = z * np.sqrt(p * (1 - p) / safe + z2 / (4 * safe * safe)) / denom
    lo = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), 0.0)
    hi = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), 1.0)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def proportion(successes: Any, trials: Any, z: float = Z95) -> tuple[float, float, float]:
    """``(rate, low, high)``: the observed rate and its Wilson interval."""
    lo, hi = wilson_interval(successes, trials, z)
    rate = float(successes) / float(trials) if trials else float("nan")
    return rate, float(lo), float(hi)


def mean_std(values: Any) -> tuple[float, float]:
    """Mean and (population) standard deviation, NaN for no values."""
    values = np.asarray(values, dtype=float)
    if values.size == 0:
        return float("nan"), float("nan")
    return float(values.mean()), float(values.std())


def mean_interval(values: Any, z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and a normal 95% interval ``mean ± z·sd/√n``."""
    values = np.asarray(values, dtype=float)
    n = values.size
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    mean = float(values.mean())
    if n == 1:
        return mean, float("-inf"), float("inf")
    half = z * float(values.std(ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


def format_rate(rate: float, lo: float, hi: float) -> str:
    """``"52.3% [49.2–55.4]"``."""
    if math.isnan(rate):
        return "–"
    return f"{100 * rate:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"


# Tables --------------------------------------------------------------------------------------


class Table:
    """A small table that prints as text and shows as HTML in a notebook.

    ``rows`` are lists of cells (strings or numbers); ``data`` keeps the raw numbers.

    >>> print(Table(["seat", "wins"], [["1", 3], ["2", 5]], title="Demo"))
    Demo
    seat  wins
    ----  ----
    1        3
    2        5
    """

    def __init__(self, columns: Sequence[str], rows: Sequence[Sequence[Any]], title: str = "",
                 data: dict[str, Any] | None = None, notes: Sequence[str] = ()):
        self.columns = list(columns)
        self.rows = [list(row) for row in rows]
        self.title = title
        self.data = data if data is not None else {}
        self.notes = list(notes)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def _cells(self) -> list[list[str]]:
        return [[_fmt(cell) for cell in row] for row in self.rows]

    def __str__(self) -> str:
        cells = self._cells()
        widths = [max([len(c)] + [len(row[i]) for row in cells if i < len(row)]) for i, c in enumerate(self.columns)]
        numeric = [all(_is_number(row[i]) for row in self.rows if i < len(row)) and bool(self.rows) for i in range(len(self.columns))]

        def line(values: Sequence[str]) -> str:
            out = []
            for i, value in enumerate(values):
                out.append(value.rjust(widths[i]) if numeric[i] else value.ljust(widths[i]))
            return "  ".join(out).rstrip()

        lines = [self.title] if self.title else []
        lines.append(line(self.columns))
        lines.append("  ".join("-" * w for w in widths))
        lines.extend(line(row) for row in cells)
        lines.extend(self.notes)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(
                f"<td style='text-align:{'right' if _is_number(raw) else 'left'}'>{html.escape(cell)}</td>"
                for raw, cell in zip(row, cells)
            ) + "</tr>"
            for row, cells in zip(self.rows, self._cells())
        )
        caption = f"<caption style='text-align:left;font-weight:bold'>{html.escape(self.title)}</caption>" if self.title else ""
        notes = "".join(f"<div style='font-size:smaller'>{html.escape(n)}</div>" for n in self.notes)
        return f"<table class='icewidgets-table'>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}"


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)


def _fmt(value: Any) -> str:
    if isinstance(value, (float, np.floating)):
        if math.isnan(value):
            return "–"
        return f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)
