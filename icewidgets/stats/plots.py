"""Plots of playout results, comparisons and tournaments (matplotlib, imported only when called).

Each ``plot_*`` function takes ``ax=None`` (a new figure) and returns the Axes it drew on; the
dashboards take ``fig=None`` and return the figure. Rates use the points convention (a
game's winners share 1 point, a game without a winner gives 1/players to every seat), with
95% intervals as error bars. Every axis is labelled, and a plot with more than one series
has a legend.

The figures made here are :func:`new_figure`'s: a notebook shows each of them once, whether
or not the cell ends with ``;``.
"""

from __future__ import annotations

import functools
from typing import Any, Sequence

import numpy as np

from .estimates import format_estimate

__all__ = ["new_figure", "plot_branching", "plot_comparison", "plot_cross_table", "plot_dashboard",
           "plot_first_player", "plot_heatmap", "plot_lead_changes", "plot_lengths", "plot_outcomes",
           "plot_points", "plot_scores"]

SEAT_COLOUR, AGENT_COLOUR, OTHER_COLOUR = "#4477aa", "#ee7733", "#bbbbbb"


@functools.lru_cache(maxsize=None)
def _shown_once() -> type:
    from matplotlib.figure import Figure

    class ShownOnce(Figure):
        """A pyplot figure a notebook shows once. Displayed — as a cell's value, or by the
        notebook's backend, which displays every open figure when the cell ends — it shows
        itself as a picture and leaves pyplot, so nothing draws it a second time."""

        def _ipython_display_(self) -> None:
            import matplotlib.pyplot as plt
            from IPython.core.pylabtools import print_figure
            from IPython.display import Image, display

            display(Image(print_figure(self, "png", bbox_inches="tight")))
            plt.close(self)

    return ShownOnce


def new_figure(figsize: tuple[float, float] = (5.0, 3.5)) -> Any:
    """A new pyplot figure that a notebook shows exactly once (as the cell's value too)."""
    import matplotlib.pyplot as plt

    return plt.figure(figsize=figsize, FigureClass=_shown_once())


def _axes(ax: Any, figsize: tuple[float, float] = (5.0, 3.5)) -> Any:
    from matplotlib.axes import Axes

    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax={ax!r} must be a matplotlib Axes (e.g. from fig.subplots()) or None for a new figure")
    return ax if ax is not None else new_figure(figsize).subplots()


def _figure(fig: Any, figsize: tuple[float, float]) -> Any:
    from matplotlib.figure import FigureBase

    if fig is not None and not isinstance(fig, FigureBase):
        raise TypeError(f"fig={fig!r} must be a matplotlib Figure (or SubFigure), or None for a new figure")
    return fig if fig is not None else new_figure(figsize)


def _seat_labels(results: Any) -> list[str]:
    if results.rotate_seats:
        return [f"seat {p + 1}" for p in range(results.players)]
    return [f"seat {p + 1}\n{results.agents[p]}" for p in range(results.players)]


def _error_bars(estimates: Sequence[Any]) -> np.ndarray:
    """Asymmetric error bars (2, k) from estimates; none where an estimate is missing."""
    values = np.array([e.value for e in estimates], dtype=float)
    low = np.array([e.low for e in estimates], dtype=float)
    high = np.array([e.high for e in estimates], dtype=float)
    bars = np.vstack([values - low, high - values])
    return np.nan_to_num(np.clip(bars, 0.0, None), nan=0.0, posinf=0.0)


def _not_measured(ax: Any, what: str) -> Any:
    ax.text(0.5, 0.5, f"{what}:\nnot measured by this engine", ha="center", va="center", fontsize="small")
    ax.set_axis_off()
    return ax


def plot_scores(results: Any, ax: Any = None) -> Any:
    """The distribution of final scores, one step histogram per seat."""
    ax = _axes(ax)
    scores = results.arrays["scores"]
    if scores.size:
        low, high = int(scores.min()), int(scores.max())
        bins = np.arange(low, high + 2) - 0.5 if high - low <= 60 else 40
        for p, label in enumerate(_seat_labels(results)):
            ax.hist(scores[:, p], bins=bins, histtype="step", linewidth=1.5, label=label.replace("\n", " "))
        ax.legend(fontsize="small")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title("Final scores")
    return ax


def plot_lengths(results: Any, ax: Any = None, by: str = "turns") -> Any:
    """A histogram of game lengths in ``"turns"`` or ``"plies"``; unfinished games are marked."""
    ax = _axes(ax)
    values = results.arrays[by]
    if values.size:
        finished = ~results.outcome("unfinished")
        bins = min(50, max(5, int(values.max() - values.min()) + 1))
        if finished.all():
            ax.hist(values, bins=bins, color=SEAT_COLOUR)
        else:
            ax.hist([values[finished], values[~finished]], bins=bins, stacked=True,
                    label=["finished", "unfinished"], color=[SEAT_COLOUR, "#cc6677"])
            ax.legend(fontsize="small")
        mean = float(values.mean())
        ax.axvline(mean, color="black", linestyle="--", linewidth=1)
        ax.text(mean, ax.get_ylim()[1] * 0.95, f" mean {mean:.1f}", va="top", fontsize="small")
    ax.set_xlabel(f"{by} per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({by})")
    return ax


def plot_points(results: Any, ax: Any = None) -> Any:
    """Points per game for each seat (and, with seats rotated, each agent), with 95% intervals,
    against the no-advantage line 1/players."""
    ax = _axes(ax)
    labels = _seat_labels(results)
    estimates = [results.rate(results.points(p)) for p in range(results.players)]
    colours = [SEAT_COLOUR] * len(labels)
    if results.rotate_seats:
        labels += [f"agent {a + 1}\n{name}" for a, name in enumerate(results.agents)]
        estimates += [results.rate(results.agent_points(a)) for a in range(len(results.agents))]
        colours += [AGENT_COLOUR] * len(results.agents)
    x = np.arange(len(labels))
    values = np.nan_to_num([e.value for e in estimates])
    bars = ax.bar(x, values, yerr=_error_bars(estimates), capsize=4, color=colours)
    baseline = ax.axhline(1.0 / results.players, color="black", linestyle=":", linewidth=1)
    if results.rotate_seats:
        ax.legend([bars[0], bars[-1], baseline], ["seats (all agents)", "agents (all seats)", "no advantage"],
                  fontsize="small")
    ax.set_xticks(x)
    ax.set_xticklabels(labels, fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_xlabel("seats and agents" if results.rotate_seats else "seat")
    ax.set_ylabel("points per game")
    ax.set_title("Points (95% intervals)")
    return ax


def plot_outcomes(results: Any, ax: Any = None) -> Any:
    """The shares of decisive games, shared wins, draws and unfinished games, with 95% intervals."""
    ax = _axes(ax)
    winners = results.arrays["winners"].sum(axis=1)
    flags = {"one winner": winners == 1, "shared win": winners > 1, "draw": results.outcome("draw"),
             "unfinished": results.outcome("unfinished")}
    estimates = [results.rate(flag) for flag in flags.values()]
    x = np.arange(len(flags))
    ax.bar(x, np.nan_to_num([e.value for e in estimates]), yerr=_error_bars(estimates), capsize=4,
           color=[SEAT_COLOUR] + [OTHER_COLOUR] * 3)
    for k, flag in enumerate(flags.values()):
        ax.text(k, 0.02, f"{int(flag.sum()):,}", ha="center", va="bottom", fontsize="x-small")
    ax.set_xticks(x)
    ax.set_xticklabels(list(flags), fontsize="small")
    ax.set_ylim(0, 1)
    ax.set_xlabel("outcome (game counts at the foot)")
    ax.set_ylabel("share of games")
    ax.set_title("Outcomes (95% intervals)")
    return ax


def plot_first_player(results: Any, ax: Any = None) -> Any:
    """First-player advantage: each seat's points when it moved first and when it did not."""
    ax = _axes(ax)
    first = results.arrays["first"].astype(np.int64)
    width = 0.38
    for k, (label, moved_first) in enumerate((("moved first", True), ("did not", False))):
        estimates = []
        for p in range(results.players):
            counted = (first == p) if moved_first else (first != p)
            estimates.append(results.rate(results.points(p), counted))
        x = np.arange(results.players) + (k - 0.5) * width
        ax.bar(x, np.nan_to_num([e.value for e in estimates]), width, yerr=_error_bars(estimates), capsize=3,
               label=label)
    ax.axhline(1.0 / results.players, color="black", linestyle=":", linewidth=1, label="no advantage")
    ax.set_xticks(np.arange(results.players))
    ax.set_xticklabels(_seat_labels(results), fontsize="small")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")
    ax.set_xlabel("seat")
    ax.set_ylabel("points per game")
    overall = results.rate(results.first_player_points())
    ax.set_title(f"First player's points {format_estimate(overall)}", fontsize="medium")
    return ax


def plot_branching(results: Any, ax: Any = None) -> Any:
    """The branching factor over the course of a game: mean legal moves per decision in each
    tenth of the games' decisions."""
    ax = _axes(ax)
    means = results.branching_by_tenth()
    if means is None:
        return _not_measured(ax, "branching by tenth of the game")
    tenths = np.arange(1, len(means) + 1)
    ax.plot(tenths, means, marker="o", color=SEAT_COLOUR)
    ax.set_xticks(tenths)
    ax.set_xlabel("tenth of the game (by decisions)")
    ax.set_ylabel("legal moves per decision")
    ax.set_title("Branching over a game")
    return ax


def plot_lead_changes(results: Any, ax: Any = None) -> Any:
    """How often the lead changed hands per game (on the game's progress measure), with the
    comeback rate in the title."""
    ax = _axes(ax)
    if "lead_changes" not in results.arrays:
        return _not_measured(ax, "lead changes")
    changes = results.arrays["lead_changes"].astype(np.int64)
    if changes.size:
        ax.hist(changes, bins=np.arange(int(changes.max()) + 2) - 0.5, color=SEAT_COLOUR)
    decisive = results.arrays["winners"].sum(axis=1) == 1
    comebacks = results.rate(results.arrays["comeback"], decisive)
    ax.set_xlabel("lead changes per game")
    ax.set_ylabel("games")
    ax.set_title(f"Lead changes (comebacks {format_estimate(comebacks)})", fontsize="medium")
    return ax


def plot_heatmap(results: Any, name: str | None = None, ax: Any = None) -> Any:
    """A board heatmap: where things happened over all games (``results.heatmaps[name]``, one
    of those the game's counters define; the first by default), titled with what it counts."""
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
    ax.set_xlabel("file")
    ax.set_ylabel("rank")
    if ranks * files <= 64:
        top = grid.max() if grid.size else 0
        for r in range(ranks):
            for f in range(files):
                value = grid[r, f]
                ax.text(f, r, f"{value:,}", ha="center", va="center", fontsize="x-small",
                        color="black" if top and value > 0.6 * top else "white")
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("count")
    what = results.descriptions.get(f"heatmap:{name}") or name.replace("_", " ")
    ax.set_title(f"{what[0].upper()}{what[1:]}\n(counted over {results.n:,} games)", fontsize="medium")
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
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("points per game")
    ax.set_title("Points per game (95% intervals)")
    return ax


def plot_dashboard(results: Any, fig: Any = None) -> Any:
    """One figure: points, outcomes, the first player, scores, lengths, branching over a game,
    lead changes and the board heatmaps."""
    fig = _figure(fig, (14, 11))
    axes = fig.subplots(3, 3)
    plot_points(results, ax=axes[0, 0])
    plot_first_player(results, ax=axes[0, 1])
    plot_outcomes(results, ax=axes[0, 2])
    plot_lengths(results, ax=axes[1, 0])
    plot_branching(results, ax=axes[1, 1])
    plot_lead_changes(results, ax=axes[1, 2])
    plot_scores(results, ax=axes[2, 0])
    names = list(results.heatmaps)
    plot_heatmap(results, names[0] if names else None, ax=axes[2, 1])
    if len(names) > 1:
        plot_heatmap(results, names[1], ax=axes[2, 2])
    else:
        plot_lengths(results, ax=axes[2, 2], by="plies")
    rotated = ", seats rotated" if results.rotate_seats else ""
    fig.suptitle(f"{results.game.title}: {results.n:,} games, {' vs '.join(results.agents)}{rotated} "
                 f"(seed {results.seed})")
    fig.tight_layout()
    return fig


def plot_comparison(comparison: Any, fig: Any = None) -> Any:
    """One figure for a :class:`~icewidgets.playout.Comparison`: each of its main metrics
    (``comparison.plotted``) per variant, with its 95% interval (a dotted line at the first
    variant's value)."""
    labels = comparison.labels
    estimates = {label: comparison.estimates(label) for label in labels}
    names = {m.key: m.label for label in labels for m in comparison.metrics[label]}
    keys = [key for key in comparison.plotted if any(key in estimates[label] for label in labels)]
    columns = min(4, max(1, len(keys)))
    rows = -(-len(keys) // columns) if keys else 1
    fig = _figure(fig, (3.4 * columns, 2.9 * rows))
    axes = np.atleast_1d(fig.subplots(rows, columns)).ravel()
    x = np.arange(len(labels))
    for ax, key in zip(axes, keys):
        shown = [estimates[label].get(key) for label in labels]
        missing = [e is None for e in shown]
        values = np.array([np.nan if e is None else e.value for e in shown])
        bars = _error_bars([e for e in shown if e is not None])
        errors = np.zeros((2, len(labels)))
        errors[:, ~np.array(missing)] = bars
        rate = next(e for e in shown if e is not None).kind == "rate"
        scale = 100.0 if rate else 1.0
        ax.errorbar(x, scale * values, yerr=scale * errors, fmt="o", capsize=4, color=SEAT_COLOUR)
        if not np.isnan(values[0]):
            ax.axhline(scale * values[0], color="grey", linestyle=":", linewidth=1)
        ax.set_xticks(x)
        ax.set_xticklabels(labels, fontsize="small", rotation=20 if len(labels) > 3 else 0)
        ax.set_xlabel("variant")
        ax.set_ylabel(f"{names[key]} (%)" if rate else names[key])
        ax.set_title(names[key], fontsize="medium")
    for ax in axes[len(keys):]:
        ax.set_axis_off()
    first = comparison.results[labels[0]]
    fig.suptitle(f"{first.game.title}: {', '.join(labels)} ({' vs '.join(first.agents)}, seed {first.seed}; "
                 "95% intervals)")
    fig.tight_layout()
    return fig
