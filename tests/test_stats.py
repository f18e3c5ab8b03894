"""Interval maths against known values, tables, and every plot function (Agg backend)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import stats


def wilson_by_hand(k, n, z=1.959963984540054):
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("k, n, expected", [
    (0, 10, (0.0, 0.2775)),          # z²/(n+z²)
    (10, 10, (0.7225, 1.0)),
    (50, 100, (0.4038, 0.5962)),
    (81, 263, (0.2553, 0.3662)),     # the textbook example (Wilson 1927 style, 95%)
    (1, 2, (0.0945, 0.9055)),
    (30, 40, (0.5981, 0.8581)),
])
def test_wilson_interval_known_values(k, n, expected):
    lo, hi = stats.wilson_interval(k, n)
    assert (round(lo, 4), round(hi, 4)) == expected
    by_hand = wilson_by_hand(k, n)
    assert lo == pytest.approx(max(0.0, by_hand[0]), abs=1e-12)
    assert hi == pytest.approx(min(1.0, by_hand[1]), abs=1e-12)


def test_wilson_interval_on_arrays_and_edge_cases():
    lo, hi = stats.wilson_interval(np.array([0, 5, 10]), np.array([10, 10, 10]))
    assert lo.shape == (3,) and (lo <= hi).all()
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)
    lo99, hi99 = stats.wilson_interval(50, 100, z=2.5758293035489)
    assert lo99 < 0.4038 and hi99 > 0.5962
    estimate = stats.rate_estimate([1, 1, 1, 0])
    assert estimate.value == 0.75 and estimate.low < 0.75 < estimate.high


def test_formatting():
    assert stats.format_rate(0.523, 0.492, 0.554) == "52.3% [49.2–55.4]"
    assert stats.format_rate(float("nan"), 0, 1) == "–"


def test_rates_of_independent_win_or_lose_games_are_wilson_intervals():
    est = stats.rate_estimate([1] * 81 + [0] * 182)
    assert (est.value, est.games, est.size, est.kind) == (81 / 263, 263.0, 263.0, "rate")
    assert (est.low, est.high) == pytest.approx(stats.wilson_interval(81, 263), abs=1e-12)
    # Fractional points (a shared win is ½ each): the interval of as many win-or-lose games.
    half = stats.rate_estimate([1, 0.5, 0.5, 0, 1, 1, 0, 0.5])
    assert half.value == 0.5625 and (half.low, half.high) == pytest.approx(stats.wilson_interval(4.5, 8))
    assert math.isnan(stats.rate_estimate([]).value) and stats.rate_estimate([])[1:3] == (0.0, 1.0)


def test_games_in_groups_count_as_one_unit_each():
    # Each deal played twice with the same outcome carries the information of one game.
    once = stats.rate_estimate([1, 0, 0, 1, 1, 0, 1, 1, 1, 0])
    twice = stats.rate_estimate(np.repeat([1, 0, 0, 1, 1, 0, 1, 1, 1, 0], 2), group=2)
    assert twice.value == once.value and twice.games == 20 and twice.size == pytest.approx(10)
    assert (twice.low, twice.high) == pytest.approx((once.low, once.high))
    # Opposite outcomes in each pair (one seat always wins): no spread between deals at all,
    # and the interval is still that of the 20 games played.
    seats = stats.rate_estimate([1, 0] * 10, group=2)
    assert seats.value == 0.5 and seats.size == 20
    # counted leaves games out; a chunked tally equals one tally of everything.
    values, counted = np.array([1, 0, 1, 1, 0, 0]), np.array([True, True, False, True, True, True])
    assert stats.rate_estimate(values, counted).value == 2 / 5
    chunked = stats.Tally().add(values[:2], counted[:2], 2).add(values[2:], counted[2:], 2)
    assert chunked.rate() == stats.rate_estimate(values, counted, 2)
    with pytest.raises(ValueError, match="groups of 2"):
        stats.rate_estimate([1, 0, 1], group=2)


def test_means_with_groups():
    values = [3.0, 5.0, 4.0, 10.0]
    mean = 5.5
    half = stats.Z95 * np.std(values, ddof=1) / 2
    lo, hi = mean - half, mean + half
    est = stats.mean_estimate(values)
    assert (est.value, est.low, est.high) == pytest.approx((mean, lo, hi))
    assert est.se == pytest.approx(np.std(values, ddof=1) / 2)
    doubled = stats.mean_estimate(np.repeat(values, 2), group=2)
    assert (doubled.low, doubled.high) == pytest.approx((lo, hi)) and doubled.games == 8
    assert stats.mean_estimate([7.0])[1:3] == (-math.inf, math.inf)
    assert stats.format_estimate(stats.mean_estimate([10, 12, 14, 16])) == "13.00 [10.47–15.53]"


def test_differences_and_their_tests():
    # Newcombe (1998), example (a): 56/70 − 48/80, hybrid score interval 0.0524 to 0.3339.
    d = stats.difference(stats.rate_estimate([1] * 56 + [0] * 14), stats.rate_estimate([1] * 48 + [0] * 32))
    assert (round(d.value, 4), round(d.low, 4), round(d.high, 4)) == (0.2, 0.0524, 0.3339)
    pooled = 104 / 150
    z = 0.2 / math.sqrt(pooled * (1 - pooled) * (1 / 70 + 1 / 80))
    assert d.p == pytest.approx(math.erfc(z / math.sqrt(2)))
    same = stats.difference(stats.rate_estimate([1] * 10), stats.rate_estimate([1] * 10))
    assert same.value == 0 and same.p == 1.0
    a, b = stats.mean_estimate([1.0, 2.0, 3.0, 4.0]), stats.mean_estimate([2.0, 4.0, 6.0])
    m = stats.difference(b, a)
    se = math.sqrt(np.var([1, 2, 3, 4], ddof=1) / 4 + np.var([2, 4, 6], ddof=1) / 3)
    assert m.value == 1.5 and m.low == pytest.approx(1.5 - stats.Z95 * se)
    assert m.p == pytest.approx(math.erfc(1.5 / se / math.sqrt(2)))
    with pytest.raises(ValueError, match="cannot compare a mean with a rate"):
        stats.difference(a, stats.rate_estimate([1, 0]))
    assert math.isnan(stats.difference(stats.rate_estimate([]), stats.rate_estimate([1])).value)
    assert stats.format_difference(d, "rate") == "+20.0 pts [+5.2, +33.4] p=0.008"
    assert stats.format_difference(stats.Difference(-0.35, -0.6, -0.1, 0.0004), "mean") == "−0.35 [−0.60, −0.10] p<0.001"


def test_table_text_and_html():
    table = stats.Table(["name", "count"], [["a<b", 1200], ["c", 3.5]], title="T", data={"x": 1}, notes=["note"])
    text = str(table)
    assert text.splitlines()[0] == "T" and "1,200" in text and text.endswith("note")
    html = table._repr_html_()
    assert "a&lt;b" in html and "<caption" in html
    assert table["x"] == 1


@pytest.fixture(scope="module")
def results():
    return iw.playouts("volcano", 30, agents=("greedy", "random"), seed=1, progress=False, engine="reference")


@pytest.fixture(autouse=True)
def agg():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield
    plt.close("all")


PLOTS = [stats.plot_scores, stats.plot_lengths, stats.plot_points, stats.plot_outcomes, stats.plot_first_player,
         stats.plot_branching, stats.plot_lead_changes, stats.plot_heatmap]


@pytest.mark.parametrize("plot", PLOTS)
def test_plots_return_their_axes(results, plot):
    import matplotlib.pyplot as plt

    ax = plot(results)
    assert ax.get_title()
    _, mine = plt.subplots()
    assert plot(results, ax=mine) is mine


def labelled(ax):
    """Every drawn axis names what it shows; a plot of several series has a legend."""
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title(), ax
    from matplotlib.container import BarContainer

    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    series = (len(bars) or len(ax.containers)) + len([line for line in ax.lines if line.get_label()[:1] != "_"])
    assert series <= 1 or ax.get_legend() is not None, ax.get_title()


@pytest.mark.parametrize("rotate", [False, True])
def test_every_panel_of_the_dashboard_is_labelled(rotate):
    r = iw.playouts("volcano", 30, agents=("greedy", "random"), seed=1, progress=False, engine="reference",
                    rotate_seats=rotate)
    fig = r.plot()
    colour_bars = [ax for ax in fig.axes if ax.get_label() == "<colorbar>"]
    panels = [ax for ax in fig.axes if ax not in colour_bars]
    assert len(panels) == 9 and len(colour_bars) == 2
    for ax in panels:
        labelled(ax)
    assert all(bar.get_ylabel() == "count" for bar in colour_bars)
    titles = [ax.get_title() for ax in panels]
    assert "Squares where pieces were captured\n(counted over 30 games)" in titles
    assert any(title.startswith("Lead changes (comebacks ") for title in titles)
    points = panels[0]
    assert [round(bar.get_height(), 4) for bar in points.patches][:2] == [round(r.points(p).mean(), 4) for p in (0, 1)]


def test_heatmap_names_and_dashboard(results, tmp_path):
    ax = stats.plot_heatmap(results, "captures")
    assert ax.get_title() == "Squares where pieces were captured\n(counted over 30 games)"
    assert ax.get_xlabel() == "file" and ax.get_ylabel() == "rank"
    with pytest.raises(ValueError, match="no heatmap 'towers'"):
        stats.plot_heatmap(results, "towers")
    fig = results.plot()
    assert len(fig.axes) >= 9
    fig.savefig(tmp_path / "dashboard.png")
    assert (tmp_path / "dashboard.png").stat().st_size > 10_000


def test_a_notebook_shows_a_dashboard_once(results, monkeypatch):
    # A notebook's matplotlib backend displays every open pyplot figure when a cell ends; a
    # figure that is also the cell's value must not show twice, with or without a ";".
    import IPython.display
    import matplotlib.pyplot as plt
    from IPython.core.formatters import DisplayFormatter

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *objects, **kw: shown.extend(objects))
    fig = results.plot()
    assert plt.fignum_exists(fig.number)
    assert DisplayFormatter().format(fig) == ({}, {})  # the cell's value: the picture, once
    assert len(shown) == 1 and shown[0].data[:4] == b"\x89PNG"
    assert not plt.fignum_exists(fig.number)  # so the backend does not draw it again
    another = results.plot()
    another._ipython_display_()  # what the backend does with a figure still open at the end of a cell
    assert len(shown) == 2 and plt.get_fignums() == []


def test_dashboard_for_every_game(tmp_path):
    for name, options in (("volterra", {}), ("ice3", {"goal": "loose"}), ("blockade", {})):
        r = iw.playouts(name, 2, agents="greedy", seed=0, progress=False, options=options, engine="reference")
        assert len(r.plot().axes) >= 9


def test_cross_table_plot():
    t = iw.tournament("volcano", ["random", "greedy"], n=4, seed=0, progress=False)
    ax = t.plot()
    assert ax.get_xlabel() == "opponent" and ax.figure.axes[-1].get_ylabel() == "points per game"
    texts = [x.get_text() for x in ax.texts]
    assert any(text.startswith("100%") for text in texts)


def test_comparison_plot_is_one_labelled_figure():
    from icewidgets.playout import compare

    c = compare("volcano", {"diag": {}, "plus": {"opening": "plus"}}, n=20, seed=1, engine="reference",
                progress=False)
    fig = c.plot()
    drawn = [ax for ax in fig.axes if ax.axison]
    assert [ax.get_title() for ax in drawn] == ["first player's points", "decisive games", "draws", "unfinished",
                                                "turns per game", "branching factor", "lead changes per game",
                                                "comebacks"]
    for ax in drawn:
        labelled(ax)
        assert [t.get_text() for t in ax.get_xticklabels()] == ["diag", "plus"]


def test_stats_and_rules_do_not_import_matplotlib_on_their_own():
    import subprocess
    import sys

    code = ("import sys, icewidgets.stats, icewidgets.playout, icewidgets.agents; "
            "print('matplotlib' in sys.modules, 'ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
