"""The balance report of a run of playouts: what a designer asks of a game, with intervals.

:func:`balance_metrics` lists the metrics of a :class:`~icewidgets.playout.PlayoutResults`, each
a :class:`Metric` with its estimate and 95% interval where it has one; :func:`summary_table`
prints them (``results.summary()``), and :func:`icewidgets.playout.compare` sets them side by
side for variants of a game.

- **Seat advantage**: each seat's points per game (the points convention: the winners share
  1, a game without a winner gives 1/players to everyone) against the baseline 1/players,
  and the points of the seat that moved first. With ``rotate_seats`` every deal is played
  once per seating: the seats' rows then average over the agents (seat advantage) and the
  agents' rows over the seats (agent strength).
- **Decisiveness**: the share of games with one winner; shared wins, draws and unfinished
  games as shares and counts.
- **Length**: turns and plies per game, with their spread and quantiles.
- **Branching**: legal moves per decision, overall and by tenth of the game.
- **Lead changes** per game and the **comeback** rate (of the games one player won, the share
  where the winner was behind at half time), on the game's own progress measure.
- The game's own counters (its ``Counters.summary_rows``) and the speed.

Intervals count the games of one deal as one unit (:class:`~icewidgets.stats.Tally`).

>>> import icewidgets as iw
>>> results = iw.playouts(iw.available_games()[0], 30, seed=1, progress=False, engine="reference")
>>> [metric.key for metric in balance_metrics(results)][:5]
['games', 'seat 1', 'seat 2', 'first_player', 'decisive']
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..stats import Estimate, Table, format_estimate, mean_estimate
from ..words import plural, rate as rate_text

__all__ = ["Metric", "balance_metrics", "summary_table"]

NOT_MEASURED = "not measured by this game's compiled engine yet (engine='reference' measures it)"


class Metric(NamedTuple):
    """One line of the report: a ``key`` (stable, for code), the ``label`` people read, the
    ``estimate`` (None for a line without one, such as a game's own counter), the ``value``
    as text and a ``detail``."""

    key: str
    label: str
    estimate: Estimate | None
    value: str
    detail: str


def balance_metrics(results: Any) -> list[Metric]:
    """The report's metrics for ``results``, in the order the summary prints them."""
    a = results.arrays
    n, players = results.n, results.players
    metrics = [Metric("games", "games", None, _games_text(results), _games_detail(results))]
    points = results.points()
    sole, shared = results.sole_wins(), results.shared_wins()
    baseline = f"no advantage would be {100 / players:.1f}%"
    for seat in range(players):
        label = f"seat {seat + 1} points" if results.rotate_seats else f"seat {seat + 1} ({results.agents[seat]}) points"
        mean_score = f"{float(a['scores'][:, seat].mean()):.2f}" if n else "–"
        detail = f"{_wins(sole[:, seat], shared[:, seat])}; mean score {mean_score}"
        if results.rotate_seats:
            detail = f"every agent in turn: {detail}"
        metrics.append(_rate(results, f"seat {seat + 1}", label, points[:, seat], detail))
    if results.rotate_seats:
        seats = results.agent_seats()
        rows = np.arange(n)
        for agent, name in enumerate(results.agents):
            mine = seats[:, agent]
            detail = f"every seat in turn: {_wins(sole[rows, mine], shared[rows, mine])}"
            metrics.append(_rate(results, f"agent {agent + 1}", f"agent {agent + 1} ({name}) points",
                                 results.agent_points(agent), detail))
    metrics.append(_rate(results, "first_player", "first player's points", results.first_player_points(),
                         f"the seat that moved first; {baseline}"))
    winners = a["winners"].sum(axis=1)
    decisive = winners == 1
    metrics.append(_rate(results, "decisive", "decisive games", decisive,
                         f"{int(decisive.sum()):,} with one winner"))
    metrics.append(_rate(results, "shared", "shared wins", winners > 1, f"{int((winners > 1).sum()):,} games"))
    metrics.append(_rate(results, "draws", "draws", results.outcome("draw"), f"{int(results.outcome('draw').sum()):,} games"))
    unfinished = results.outcome("unfinished")
    limit = f"; turn limit {results.max_turns}" if results.max_turns else ""
    metrics.append(_rate(results, "unfinished", "unfinished", unfinished, f"{int(unfinished.sum()):,} games{limit}"))
    for key in ("turns", "plies"):
        metrics.append(_mean(results, key, f"{key} per game", a[key], _spread(a[key])))
    metrics.append(_mean(results, "branching", "branching factor", a["branching"],
                         "legal moves per decision" + _profile(results.branching_by_tenth())))
    if "lead_changes" in a:
        none = f"; none in {100 * float((a['lead_changes'] == 0).mean()):.0f}% of games" if n else ""
        metrics.append(_mean(results, "lead_changes", "lead changes per game", a["lead_changes"],
                             f"on the game's progress measure{none}"))
    else:
        metrics.append(Metric("lead_changes", "lead changes per game", None, "–", NOT_MEASURED))
    if "comeback" in a:
        comebacks = int((a["comeback"] & decisive).sum())
        metrics.append(_rate(results, "comebacks", "comebacks", a["comeback"],
                             f"of the {plural(int(decisive.sum()), 'game')} one player won, the winner was behind "
                             f"at half time in {comebacks:,}", counted=decisive))
    else:
        metrics.append(Metric("comebacks", "comebacks", None, "–", NOT_MEASURED))
    if n:
        for label, value, detail in results.game.counters.summary_rows(results):
            metrics.append(Metric(f"counter:{label}", label, None, value, detail))
    return metrics


def summary_table(results: Any) -> Table:
    """The report as a :class:`~icewidgets.stats.Table`: one row per metric, and in ``data``
    each metric's estimate by key plus the counts (``data["counts"]``)."""
    metrics = balance_metrics(results)
    rows = [[m.label, m.value, m.detail] for m in metrics]
    rows.append(["speed", f"{rate_text(results.games_per_second)} games/s" if results.n else "–",
                 f"{results.elapsed:.2f} s, {results.engine} engine"])
    winners = results.arrays["winners"].sum(axis=1)
    data: dict[str, Any] = {m.key: m.estimate for m in metrics if m.estimate is not None}
    data.update(games=results.n, partial=results.partial, games_per_second=results.games_per_second, counts={
        "sole_wins": int((winners == 1).sum()), "shared_wins": int((winners > 1).sum()),
        "draws": int(results.outcome("draw").sum()), "unfinished": int(results.outcome("unfinished").sum()),
    })
    vs = " vs ".join(results.agents)
    title = f"{results.game.title} playouts: {vs}{', seats rotated' if results.rotate_seats else ''} (seed {results.seed})"
    notes = ["Points: the winners of a game share 1 point, a game without a winner gives each seat "
             f"1/{results.players}. Intervals are 95%."]
    return Table(["", "value", "detail"], rows, title=title, data=data, notes=notes)


def _rate(results: Any, key: str, label: str, values: Any, detail: str, counted: Any = None) -> Metric:
    estimate = results.rate(values, counted)
    return Metric(key, label, estimate, format_estimate(estimate), detail)


def _mean(results: Any, key: str, label: str, values: Any, detail: str) -> Metric:
    estimate = mean_estimate(values, group=results.group)
    return Metric(key, label, estimate, format_estimate(estimate), detail)


def _wins(sole: np.ndarray, shared: np.ndarray) -> str:
    return f"{plural(int(sole.sum()), 'sole win')}, {plural(int(shared.sum()), 'shared win')}"


def _games_text(results: Any) -> str:
    text = f"{results.n:,}"
    if results.partial:
        text += " (partial: interrupted)"
    return text


def _games_detail(results: Any) -> str:
    parts = []
    if results.rotate_seats:
        parts.append(f"{results.n // results.players:,} deals, each played once per seating")
    if results.precision is not None:
        half = results.rate(results.first_player_points()).half_width
        reached = "reached" if half <= results.precision else "not reached before the cap"
        parts.append(f"played to ±{100 * results.precision:g}% on the first player's points ({reached}: "
                     f"±{100 * half:.2f}%)")
    return "; ".join(parts)


def _spread(values: np.ndarray) -> str:
    if not len(values):
        return ""
    q10, median, q90 = np.percentile(values, [10, 50, 90])
    return (f"sd {float(values.std()):.2f}; min {int(values.min())}, 10% {q10:g}, median {median:g}, "
            f"90% {q90:g}, max {int(values.max())}")


def _profile(means: np.ndarray | None) -> str:
    if means is None:
        return ""
    return "; by tenth of the game: " + " ".join("–" if np.isnan(m) else f"{m:.1f}" for m in means)
