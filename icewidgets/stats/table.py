"""A small table that prints as text and shows as HTML in a notebook: :class:`Table`."""

from __future__ import annotations

import html
import math
from typing import Any, Sequence

import numpy as np


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
