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


# Plots ---------------------------------------------------------------------------------------
# matplotlib is imported inside each function, so the statistics work without it.


def _axes(ax: Any, figsize: tuple[float, float] = (5.0, 3.5)) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize)
    return ax


def _seat_labels(results: Any) -> list[str]:
    return [f"seat {p + 1}\n{results.agents[p]}" for p in range(results.players)]


def plot_scores(results: Any, ax: Any = None) -> Any:
    """The distribution of final scores, one step histogram per seat."""
    ax = _axes(ax)
    scores = results.arrays["scores"]
    if scores.size:
        low, high = int(scores.min()), int(scores.max())
        bins = np.arange(low, high + 2) - 0.5 if high - low <= 60 else 40
        for p in range(results.players):
            ax.hist(scores[:, p], bins=bins, histtype="step", linewidth=1.5, label=f"seat {p + 1} ({results.agents[p]})")
        ax.legend(fontsize="small")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title("Scores")
    return ax


def plot_lengths(results: Any, ax: Any = None, by: str = "turns") -> Any:
    """A histogram of game lengths in ``"turns"`` or ``"plies"``; unfinished games are marked."""
    ax = _axes(ax)
    values = results.arrays[by]
    if values.size:
        finished = results.arrays["result"] != 2
        bins = min(50, max(5, int(values.max() - values.min()) + 1))
        ax.hist([values[finished], values[~finished]], bins=bins, stacked=True,
                label=["finished", "unfinished"], color=["#4477aa", "#cc6677"])
        mean = float(values.mean())
        ax.axvline(mean, color="black", linestyle="--", linewidth=1)
        ax.text(mean, ax.get_ylim()[1] * 0.95, f" mean {mean:.1f}", va="top", fontsize="small")
        if (~finished).any():
            ax.legend(fontsize="small")
    ax.set_xlabel(by)
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({by})")
    return ax


def plot_win_rates(results: Any, ax: Any = None) -> Any:
    """Win rate per seat with 95% Wilson interval bars, and the share of draws and unfinished games."""
    ax = _axes(ax)
    n = results.n
    labels, rates, lows, highs = [], [], [], []
    for p in range(results.players):
        rate, lo, hi = proportion(int(results.arrays["winners"][:, p].sum()), n)
        labels.append(f"seat {p + 1}\n{results.agents[p]}")
        rates.append(rate), lows.append(lo), highs.append(hi)
    for name, code in (("draws", 1), ("unfinished", 2)):
        count = int((results.arrays["result"] == code).sum())
        if count:
            rate, lo, hi = proportion(count, n)
            labels.append(name)
            rates.append(rate), lows.append(lo), highs.append(hi)
    x = np.arange(len(labels))
    rates_a = np.asarray(rates)
    errors = np.clip(np.vstack([rates_a - np.asarray(lows), np.asarray(highs) - rates_a]), 0.0, None)
    colours = ["#4477aa"] * results.players + ["#bbbbbb"] * (len(labels) - results.players)
    ax.bar(x, rates_a, yerr=errors, capsize=4, color=colours)
    ax.axhline(1.0 / results.players, color="black", linestyle=":", linewidth=1)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title("Win rates (95% intervals)")
    return ax


def plot_first_player(results: Any, ax: Any = None) -> Any:
    """First-player advantage: each seat's win rate when it moved first and when it did not."""
    ax = _axes(ax)
    winners = results.arrays["winners"]
    first = results.arrays["first"].astype(np.int64)
    width = 0.38
    for k, (label, moved_first) in enumerate((("moved first", True), ("did not", False))):
        rates, errs = [], [[], []]
        for p in range(results.players):
            mask = (first == p) if moved_first else (first != p)
            rate, lo, hi = proportion(int(winners[mask, p].sum()), int(mask.sum()))
            if math.isnan(rate):  # no such games: no bar, no interval
                rate, lo, hi = 0.0, 0.0, 0.0
            rates.append(rate)
            errs[0].append(max(0.0, rate - lo))
            errs[1].append(max(0.0, hi - rate))
        x = np.arange(results.players) + (k - 0.5) * width
        ax.bar(x, rates, width, yerr=errs, capsize=3, label=label)
    overall, lo, hi = proportion(int(winners[np.arange(results.n), first].sum()), results.n)
    ax.axhline(1.0 / results.players, color="black", linestyle=":", linewidth=1)
    ax.set_xticks(np.arange(results.players))
    ax.set_xticklabels(_seat_labels(results), fontsize="small")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")
    ax.set_title(f"First player wins {format_rate(overall, lo, hi)}", fontsize="medium")
    return ax


def plot_heatmap(results: Any, name: str | None = None, ax: Any = None) -> Any:
    """A board heatmap: where things happened over all games (``results.heatmaps[name]``, one
    of those the game's counters define; the first by default)."""
    ax = _axes(ax, (4.0, 4.0))
    if not results.heatmaps:
        ax.text(0.5, 0.5, "no heatmap\nin these results", ha="center", va="center")
        ax.set_axis_off()
        return ax
    name = name or next(iter(results.heatmaps))
    if name not in results.heatmaps:
        raise ValueError(f"no heatmap {name!r}; this run has: {', '.join(results.heatmaps)}")
    grid = np.asarray(results.heatmaps[name])
    ranks, files = grid.shape
    image = ax.imshow(grid, origin="lower", cmap="magma")
    ax.set_xticks(range(files))
    ax.set_xticklabels([chr(ord("a") + f) for f in range(files)])
    ax.set_yticks(range(ranks))
    ax.set_yticklabels([str(r + 1) for r in range(ranks)])
    if ranks * files <= 64:
        top = grid.max() if grid.size else 0
        for r in range(ranks):
            for f in range(files):
                value = grid[r, f]
                ax.text(f, r, f"{value:,}", ha="center", va="center", fontsize="x-small",
                        color="black" if top and value > 0.6 * top else "white")
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    ax.set_title(name.replace("_", " ").capitalize())
    return ax


def plot_cross_table(tournament: Any, ax: Any = None) -> Any:
    """A tournament's cross-table: row agent's points per game against the column agent."""
    ax = _axes(ax, (1.6 + 1.3 * len(tournament.agents), 1.2 + 1.1 * len(tournament.agents)))
    score = np.asarray(tournament.score, dtype=float)
    k = len(tournament.agents)
    shown = np.where(np.eye(k, dtype=bool), np.nan, score)
    image = ax.imshow(shown, cmap="RdBu", vmin=0, vmax=1)
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            ax.text(j, i, f"{100 * score[i, j]:.0f}%\n[{100 * tournament.low[i, j]:.0f}–{100 * tournament.high[i, j]:.0f}]",
                    ha="center", va="center", fontsize="small")
    ax.set_xticks(range(k))
    ax.set_xticklabels(tournament.agents)
    ax.set_yticks(range(k))
    ax.set_yticklabels(tournament.agents)
    ax.set_xlabel("opponent")
    ax.set_ylabel("agent")
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    ax.set_title("Points per game (95% intervals)")
    return ax


def plot_dashboard(results: Any, fig: Any = None) -> Any:
    """One figure: scores, game lengths, win rates, first-player advantage and a board heatmap."""
    if fig is None:
        import matplotlib.pyplot as plt

        fig = plt.figure(figsize=(13, 7.5))
    axes = fig.subplots(2, 3)
    plot_scores(results, ax=axes[0, 0])
    plot_lengths(results, ax=axes[0, 1])
    plot_win_rates(results, ax=axes[0, 2])
    plot_first_player(results, ax=axes[1, 0])
    names = list(results.heatmaps)
    plot_heatmap(results, names[0] if names else None, ax=axes[1, 1])
    if len(names) > 1:
        plot_heatmap(results, names[1], ax=axes[1, 2])
    else:
        plot_lengths(results, ax=axes[1, 2], by="plies")
    fig.suptitle(f"{results.game.title}: {results.n:,} games, {' vs '.join(results.agents)} (seed {results.seed})")
    fig.tight_layout()
    return fig
