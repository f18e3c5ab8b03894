"""The evaluation graph of an analysis and the reliability plot of a calibration (matplotlib,
imported only when they are drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..stats import new_figure
from .labels import LABELS

if TYPE_CHECKING:
    from .reliability import Calibration
    from .result import Analysis

__all__ = ["plot_analysis", "plot_calibration"]

LINE, BAND = "#4477aa", "#4477aa"
LABEL_COLOURS = {"inaccuracy": "#ccbb44", "mistake": "#ee7733", "blunder": "#cc3311"}


def plot_analysis(analysis: "Analysis", ax: Any = None, player: int = 0) -> Any:
    """``player``'s expected points after every ply (ply 0: the start) with the 95% band, the
    baseline 1/players dashed, each labelled move marked with its symbol at the ply it was
    played, the turning point as a vertical line, a legend, and a warning across the plot when
    most rollouts did not finish (:attr:`Analysis.warning`). Returns the Axes."""
    if ax is None:
        ax = new_figure((7.0, 3.2)).subplots()
    names = analysis.names
    plies = range(len(analysis.positions))
    values = analysis.values(player)
    low = [value.low[player] for value in analysis.positions]
    high = [value.high[player] for value in analysis.positions]
    ax.fill_between(plies, low, high, color=BAND, alpha=0.2, linewidth=0, label="95% interval")
    ax.plot(plies, values, color=LINE, linewidth=1.5, marker="o", markersize=2.5, label=f"{names[player]}'s expected points")
    ax.axhline(1.0 / len(names), color="#888888", linewidth=0.8, linestyle="--", label="no advantage (1/players)")
    for name, _, symbol in LABELS:
        marked = [ply for ply in analysis.plies if ply.label == name]
        if marked:
            ax.scatter([ply.ply for ply in marked], [values[ply.ply] for ply in marked], s=40, zorder=3,
                       color=LABEL_COLOURS[name], edgecolors="black", linewidths=0.5, label=f"{symbol} {name}")
            for ply in marked:
                ax.annotate(symbol, (ply.ply, values[ply.ply]), textcoords="offset points", xytext=(0, 6),
                            ha="center", fontsize="small")
    # Proved results (#3, #-2) below the line, one per ply, for the player who moved.
    proved = [ply for ply in analysis.plies if ply.mark]
    for ply in proved:
        ax.annotate(ply.mark, (ply.ply, values[ply.ply]), textcoords="offset points", xytext=(0, -11),
                    ha="center", fontsize="x-small", color="#444444")
    if proved:
        ax.plot([], [], linestyle="none", marker="$\\#$", color="#444444", label="#N proved win, #-N loss (plies)")
    turning = analysis.turning_point
    if turning is not None:
        ax.axvline(turning.ply, color="#666666", linewidth=0.8, linestyle=":", label=f"turning point (ply {turning.ply})")
    from matplotlib.ticker import MaxNLocator

    ax.set_xlim(-0.5, max(1, len(analysis.record.plies)) + 0.5)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("ply")
    ax.set_ylabel("expected points")
    title = f"{analysis.record.make_game().title}: evaluation for {names[player]}"
    if not analysis.complete:
        title += f" ({len(analysis.plies)} of {len(analysis.record.plies)} plies)"
    ax.set_title(title, fontsize="medium")
    if analysis.warning:
        unfinished, rollouts = analysis.unfinished
        ax.text(0.5, 0.5, f"{unfinished / rollouts:.0%} of the rollouts did not finish:\nthese values say little",
                transform=ax.transAxes, ha="center", va="center", fontsize="small", color="#cc3311",
                bbox={"boxstyle": "round", "facecolor": "white", "edgecolor": "#cc3311", "alpha": 0.9}, zorder=5)
    # Below the plot, in rows: a legend inside would hide part of the line in one game or another.
    ax.legend(fontsize="x-small", loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, frameon=False)
    return ax


def plot_calibration(calibration: "Calibration", ax: Any = None, bins: int = 10) -> Any:
    """The reliability plot: per bin of predictions, the mean predicted expected points against
    the mean of the points won, with 95% intervals, a marker as large as the bin is full, the
    diagonal of perfect calibration, and the Brier score against the baseline's in the legend.
    Returns the Axes."""
    if ax is None:
        ax = new_figure((5.2, 4.4)).subplots()
    rows = calibration.reliability(bins)
    predicted = [row.predicted for row in rows]
    observed = [row.observed.value for row in rows]
    errors = [[row.observed.value - row.observed.low for row in rows],
              [row.observed.high - row.observed.value for row in rows]]
    largest = max((row.count for row in rows), default=1)
    ax.plot([0, 1], [0, 1], color="#888888", linewidth=0.8, linestyle="--", label="perfectly calibrated")
    ax.errorbar(predicted, observed, yerr=errors, fmt="none", ecolor=LINE, elinewidth=1, capsize=2)
    ax.scatter(predicted, observed, s=[20 + 180 * row.count / largest for row in rows], color=LINE, zorder=3,
               edgecolors="white", linewidths=0.5,
               label=f"Brier score {calibration.brier:.3f} (1/{calibration.game.num_players} everywhere: "
                     f"{calibration.baseline:.3f})")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel("predicted expected points (mean of the bin)")
    ax.set_ylabel("points won (mean, 95% interval)")
    ax.set_title(calibration.description, fontsize="medium")
    ax.legend(fontsize="x-small", loc="upper left")
    return ax
