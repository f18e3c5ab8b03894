"""Statistics for playouts: estimates with confidence intervals, tests, small tables, and plots.

The maths is pure numpy. Plot functions import matplotlib only when called; each takes
``ax=None`` (a new figure) and returns the Axes it drew on.

Rates (points per game, the share of decisive games, …) are means of per-game values in
[0, 1] with a Wilson score interval (:func:`rate_estimate`); other means (turns per game, …)
get a normal interval (:func:`mean_estimate`). Games that come in groups — one deal played
once per seating — are not independent, so both count each group as one unit
(:class:`Tally`). :func:`difference` tests one estimate against another.

>>> lo, hi = wilson_interval(50, 100)
>>> round(float(lo), 4), round(float(hi), 4)
(0.4038, 0.5962)
>>> print(format_estimate(rate_estimate([1, 0, 1, 0.5])))
62.5% [21.9–90.8]
"""

from __future__ import annotations

import html
import math
from typing import Any, NamedTuple, Sequence

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


class Estimate(NamedTuple):
    """A rate or a mean over games, with its 95% interval ``low``–``high``.

    ``kind`` is ``"rate"`` (a mean of values in [0, 1]: Wilson score interval) or ``"mean"``
    (normal interval). ``games`` is how many games it counts, ``size`` the effective number of
    independent games behind it (a rate's Wilson n; fewer than ``games`` when games come in
    correlated groups), ``se`` its standard error.
    """

    value: float
    low: float
    high: float
    kind: str
    games: float
    size: float
    se: float


class Tally:
    """Running sums for a rate or a mean over games, added chunk by chunk.

    :meth:`add` takes one value per game; ``counted`` (bool per game) leaves games out (a
    comeback rate counts only the games one player won), and ``group`` > 1 says that each
    run of ``group`` consecutive games is one unit — the seatings of one deal share their dice
    and setup, so they are counted as one sample (a ratio estimator over the groups, the usual
    cluster-sample variance). The sums suffice to give the estimate at any time.

    >>> tally = Tally().add([1, 1, 0, 0], group=2).add([1, 1, 0, 0], group=2)
    >>> rate = tally.rate()  # every pair agrees: four independent units, not eight
    >>> rate.value, rate.games, rate.size
    (0.5, 8.0, 4.0)
    """

    def __init__(self) -> None:
        self.units = 0
        self.a = self.b = self.aa = self.ab = self.bb = 0.0

    def add(self, values: Any, counted: Any = None, group: int = 1) -> "Tally":
        """Add games (``values``, one per game; see the class docstring); returns the tally."""
        values = np.asarray(values, dtype=float).reshape(-1)
        weights = np.ones(values.shape) if counted is None else np.asarray(counted, dtype=bool).reshape(-1) * 1.0
        if values.size % group or weights.shape != values.shape:
            raise ValueError(f"{values.size} values cannot be cut into groups of {group} (or counted has another length)")
        a = np.where(weights > 0, values, 0.0).reshape(-1, group).sum(axis=1)
        b = weights.reshape(-1, group).sum(axis=1)
        self.units += int((b > 0).sum())
        self.a += float(a.sum())
        self.b += float(b.sum())
        self.aa += float((a * a).sum())
        self.ab += float((a * b).sum())
        self.bb += float((b * b).sum())
        return self

    def _spread(self, centre: float) -> float:
        """Σ (a − centre·b)² over the units, / (Σ b)²: the variance of the ratio Σa / Σb."""
        spread = self.aa - 2 * centre * self.ab + centre * centre * self.bb
        return max(0.0, spread) / (self.b * self.b)

    def rate(self, z: float = Z95) -> Estimate:
        """The mean of the values (each in [0, 1]) with a Wilson score interval.

        The interval is Wilson's for ``size`` = p(1 − p) / variance independent games (the
        effective sample size), and never narrower than for as many independent
        win-or-lose games as were counted: for 0/1 values of independent games it is exactly
        Wilson's interval, for fractional points (shared wins, draws) a little wide.
        """
        if self.b <= 0:
            return Estimate(float("nan"), 0.0, 1.0, "rate", 0.0, 0.0, float("nan"))
        p = self.a / self.b
        variance = self._spread(p)
        size = self.b if variance <= 0 else min(self.b, p * (1 - p) / variance)
        size = size if size > 0 else self.b
        lo, hi = wilson_interval(p * size, size, z)
        return Estimate(p, lo, hi, "rate", self.b, size, math.sqrt(p * (1 - p) / size))

    def mean(self, z: float = Z95) -> Estimate:
        """The mean of the values with a normal interval ``mean ± z·se`` (infinite for one unit)."""
        if self.b <= 0:
            return Estimate(float("nan"), float("nan"), float("nan"), "mean", 0.0, 0.0, float("nan"))
        mean = self.a / self.b
        if self.units < 2:
            return Estimate(mean, float("-inf"), float("inf"), "mean", self.b, float(self.units), float("inf"))
        se = math.sqrt(self._spread(mean) * self.units / (self.units - 1))
        return Estimate(mean, mean - z * se, mean + z * se, "mean", self.b, float(self.units), se)


def rate_estimate(values: Any, counted: Any = None, group: int = 1) -> Estimate:
    """The mean of per-game values in [0, 1] (points, or 0/1 flags) with its Wilson interval
    (:meth:`Tally.rate`; ``counted`` and ``group`` as for :meth:`Tally.add`).

    >>> [round(x, 4) for x in rate_estimate([1] * 81 + [0] * 182)[:3]]
    [0.308, 0.2553, 0.3662]
    """
    return Tally().add(values, counted, group).rate()


def mean_estimate(values: Any, counted: Any = None, group: int = 1) -> Estimate:
    """The mean of per-game values with its normal 95% interval (:meth:`Tally.mean`).

    >>> print(format_estimate(mean_estimate([10, 12, 14, 16])))
    13.00 [10.47–15.53]
    """
    return Tally().add(values, counted, group).mean()


class Difference(NamedTuple):
    """``value`` = one estimate minus another, its 95% interval and the two-sided ``p`` value
    of the test that the two are equal."""

    value: float
    low: float
    high: float
    p: float


def difference(new: Estimate, base: Estimate, z: float = Z95) -> Difference:
    """``new − base`` for two estimates from independent runs, with an interval and a test.

    Rates: Newcombe's hybrid score interval (built from the two Wilson intervals) and the
    pooled two-proportion score test on the effective sizes. Means: the normal (Welch)
    interval and test. NaN where either estimate has no games.

    >>> d = difference(rate_estimate([1] * 56 + [0] * 14), rate_estimate([1] * 48 + [0] * 32))
    >>> round(d.value, 4), round(d.low, 4), round(d.high, 4), round(d.p, 4)  # Newcombe (1998), example (a)
    (0.2, 0.0524, 0.3339, 0.008)
    """
    if new.kind != base.kind:
        raise ValueError(f"cannot compare a {new.kind} with a {base.kind}")
    if not (new.games and base.games):
        return Difference(float("nan"), float("nan"), float("nan"), float("nan"))
    d = new.value - base.value
    if new.kind == "rate":
        low = d - math.sqrt((new.value - new.low) ** 2 + (base.high - base.value) ** 2)
        high = d + math.sqrt((new.high - new.value) ** 2 + (base.value - base.low) ** 2)
        pooled = (new.value * new.size + base.value * base.size) / (new.size + base.size)
        se = math.sqrt(pooled * (1 - pooled) * (1 / new.size + 1 / base.size))
    else:
        se = math.sqrt(new.se ** 2 + base.se ** 2)
        low, high = d - z * se, d + z * se
    if se == 0 or not math.isfinite(se):
        p = 1.0 if d == 0 or not math.isfinite(se) else 0.0
    else:
        p = math.erfc(abs(d) / se / math.sqrt(2))
    return Difference(d, low, high, p)


def format_estimate(estimate: Estimate, digits: int = 2) -> str:
    """``"52.3% [49.2–55.4]"`` for a rate, ``"39.38 [39.12–39.65]"`` for a mean (``digits`` decimals)."""
    if estimate.kind == "rate":
        return format_rate(estimate.value, estimate.low, estimate.high)
    if math.isnan(estimate.value):
        return "–"
    return f"{estimate.value:.{digits}f} [{estimate.low:.{digits}f}–{estimate.high:.{digits}f}]"


def format_difference(diff: Difference, kind: str, digits: int = 2) -> str:
    """``"+1.2 pts [+0.3, +2.1] p=0.012"`` (a rate's difference in percentage points) or
    ``"−0.35 [−0.60, −0.10] p<0.001"`` (a mean's).

    >>> format_difference(Difference(0.012, 0.003, 0.021, 0.0123), "rate")
    '+1.2 pts [+0.3, +2.1] p=0.012'
    """
    if math.isnan(diff.value):
        return "–"
    scale, digits, unit = (100, 1, " pts") if kind == "rate" else (1, digits, "")
    p = "p<0.001" if diff.p < 0.001 else f"p={diff.p:.3f}"
    return (f"{scale * diff.value:+.{digits}f}{unit} [{scale * diff.low:+.{digits}f}, "
            f"{scale * diff.high:+.{digits}f}] {p}").replace("-", "−")


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
