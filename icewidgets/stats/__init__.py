"""Statistics for playouts: estimates with confidence intervals, tests, small tables, and plots.

- :mod:`.estimates`: Wilson and normal intervals, :class:`Estimate` (a rate or a mean with its
  95% interval), :class:`Tally` (games in groups counted as one unit), :func:`difference`
  (the test of two estimates) and the formatting of each.
- :mod:`.table`: :class:`Table`, printed as text and shown as HTML in a notebook.
- :mod:`.plots`: the plots of results, comparisons and tournaments (matplotlib is imported
  only when one is drawn, so the statistics work without it).

>>> print(format_estimate(rate_estimate([1, 0, 1, 1])))
75.0% [30.1–95.4]
"""

from .estimates import (Z95, Difference, Estimate, Tally, difference, format_difference, format_estimate,
                        format_rate, format_signed, mean_estimate, rate_estimate, wilson_interval)
from .plots import (new_figure, plot_branching, plot_comparison, plot_cross_table, plot_dashboard,
                    plot_first_player, plot_heatmap, plot_lead_changes, plot_lengths, plot_outcomes, plot_points,
                    plot_scores)
from .table import Table

__all__ = ["Z95", "Difference", "Estimate", "Table", "Tally", "difference", "format_difference",
           "format_estimate", "format_rate", "format_signed", "mean_estimate",
           "new_figure", "plot_branching", "plot_comparison", "plot_cross_table", "plot_dashboard",
           "plot_first_player", "plot_heatmap", "plot_lead_changes", "plot_lengths", "plot_outcomes",
           "plot_points", "plot_scores", "rate_estimate", "wilson_interval"]
