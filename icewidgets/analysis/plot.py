"""The evaluation graph of an analysis (matplotlib, imported only when it is drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..stats import new_figure
from .labels import LABELS

if TYPE_CHECKING:
    from .result import Analysis

__all__ = ["plot_analysis"]

LINE, BAND = "#4477aa", "#4477aa"
LABEL_COLOURS = {"inaccuracy": "#ccbb44", "mistake": "#ee7733", "blunder": "#cc3311"}


def plot_analysis(analysis: "Analysis", ax: Any = None, player: int = 0) -> Any:
    """``player``'s expected points after every ply (ply 0: the start) with the 95% band, the
    baseline 1/players dashed, each labelled move marked with its symbol at the ply it was
    played, and the turning point as a vertical line. Returns the Axes."""
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
    ax.legend(fontsize="x-small", loc="best")
    return ax
