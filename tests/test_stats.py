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
    rate, lo, hi = stats.proportion(3, 4)
    assert rate == 0.75 and lo < 0.75 < hi
    assert math.isnan(stats.proportion(0, 0)[0])


def test_means_and_formatting():
    assert stats.mean_std([1, 2, 3]) == (2.0, pytest.approx(math.sqrt(2 / 3)))
    mean, lo, hi = stats.mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo == pytest.approx(2.5 - 1.959963984540054 * np.std([1, 2, 3, 4], ddof=1) / 2)
    assert stats.format_rate(0.523, 0.492, 0.554) == "52.3% [49.2–55.4]"
    assert stats.format_rate(float("nan"), 0, 1) == "–"


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


@pytest.mark.parametrize("plot", [stats.plot_scores, stats.plot_lengths, stats.plot_win_rates,
                                  stats.plot_first_player, stats.plot_heatmap])
def test_plots_return_their_axes(results, plot):
    import matplotlib.pyplot as plt

    ax = plot(results)
    assert ax.get_title()
    _, mine = plt.subplots()
    assert plot(results, ax=mine) is mine


def test_heatmap_names_and_dashboard(results, tmp_path):
    ax = stats.plot_heatmap(results, "captures")
    assert ax.get_title() == "Captures"
    with pytest.raises(ValueError, match="no heatmap 'towers'"):
        stats.plot_heatmap(results, "towers")
    fig = results.plot()
    assert len(fig.axes) >= 6
    fig.savefig(tmp_path / "dashboard.png")
    assert (tmp_path / "dashboard.png").stat().st_size > 10_000


def test_dashboard_for_every_game(tmp_path):
    for name, options in (("volterra", {}), ("ice3", {"goal": "loose"}), ("blockade", {})):
        r = iw.playouts(name, 2, agents="greedy", seed=0, progress=False, options=options, engine="reference")
        assert len(r.plot().axes) >= 6


def test_cross_table_plot():
    t = iw.tournament("volcano", ["random", "greedy"], n=4, seed=0, progress=False)
    ax = t.plot()
    assert ax.get_xlabel() == "opponent"
    texts = [x.get_text() for x in ax.texts]
    assert any(text.startswith("100%") for text in texts)


def test_stats_and_rules_do_not_import_matplotlib_on_their_own():
    import subprocess
    import sys

    code = ("import sys, icewidgets.stats, icewidgets.playout, icewidgets.agents; "
            "print('matplotlib' in sys.modules, 'ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
