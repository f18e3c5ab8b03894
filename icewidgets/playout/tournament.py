"""Round robins of agents: :func:`tournament` and its :class:`TournamentResults` cross-table.

>>> import icewidgets as iw
>>> t = tournament(iw.available_games()[0], ["random", "random"], n=4, seed=1, progress=False)
>>> t.games.tolist()
[[0, 4], [4, 0]]
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from .. import agents as agents_module
from ..protocol import Game
from ..stats import Table, format_rate, wilson_interval
from .results import PlayoutResults
from .run import check_count, check_seed, playouts, resolve_game

__all__ = ["TournamentResults", "tournament"]


class TournamentResults:
    """A round robin: ``score[i, j]`` is agent i's points per game against agent j (win 1,
    draw or shared win ½), with 95% Wilson intervals ``low``/``high`` over ``games[i, j]`` games."""

    def __init__(self, game: Game, agents: Sequence[str], seed: Any, matches: dict[tuple[int, int], list[PlayoutResults]]):
        self.game = game
        self.agents = tuple(agents)
        self.seed = seed
        self.matches = matches
        k = len(agents)
        self.points = np.zeros((k, k))
        self.games = np.zeros((k, k), dtype=np.int64)
        for (i, j), runs in matches.items():
            for run in runs:
                seat_i = run.agents_index.index(i)
                seat_j = run.agents_index.index(j)
                self.points[i, j] += float(run.points(seat_i).sum())
                self.points[j, i] += float(run.points(seat_j).sum())
                self.games[i, j] += run.n
                self.games[j, i] += run.n
        with np.errstate(invalid="ignore", divide="ignore"):
            self.score = np.where(self.games > 0, self.points / np.maximum(self.games, 1), np.nan)
        self.low, self.high = wilson_interval(self.points, self.games)

    @property
    def totals(self) -> np.ndarray:
        """Each agent's points per game over all its matches."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.points.sum(axis=1) / np.maximum(self.games.sum(axis=1), 1)

    def table(self) -> Table:
        """The cross-table: row agent's score against the column agent, with intervals."""
        rows = []
        for i, name in enumerate(self.agents):
            row: list[Any] = [name]
            for j in range(len(self.agents)):
                row.append("–" if i == j else format_rate(self.score[i, j], self.low[i, j], self.high[i, j]))
            lo, hi = wilson_interval(self.points[i].sum(), self.games[i].sum())
            row.append(format_rate(float(self.totals[i]), float(lo), float(hi)))
            rows.append(row)
        title = f"{self.game.title} round robin (seed {self.seed}): row's points per game vs column, 95% intervals"
        return Table(["agent", *self.agents, "overall"], rows, title=title,
                     data={"score": self.score, "low": self.low, "high": self.high, "games": self.games})

    def __str__(self) -> str:
        return str(self.table())

    def __repr__(self) -> str:
        return str(self.table())

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def plot(self, ax: Any = None) -> Any:
        """The cross-table as a coloured grid (matplotlib); returns the Axes."""
        from ..stats import plot_cross_table

        return plot_cross_table(self, ax=ax)


def tournament(
    game: Game | str,
    agents: Sequence[Any] = ("random", "greedy"),
    n: int = 100,
    seed: Any = 0,
    max_turns: int | None = None,
    progress: bool | str = "auto",
    options: dict[str, Any] | None = None,
) -> TournamentResults:
    """A round robin of two-player games: every pair of ``agents`` plays ``n`` games, seats rotated
    (the first agent of the pair has seat 1 in games 0, 2, 4, … of the match).

    Match (i, j) seeds its games with ``SeedSequence([seed, i, j, seat order])``.

    >>> import icewidgets as iw
    >>> t = tournament(iw.available_games()[0], ["random", "greedy"], n=4, seed=1, progress=False)
    >>> t.agents, t.score.shape
    (('random', 'greedy'), (2, 2))
    """
    n = check_count(n)
    game = resolve_game(game, options, max_turns)
    if game.num_players != 2:
        raise ValueError(f"tournament() plays two-player games; this {game.name} has {game.num_players} players")
    agents = list(agents)
    if len(agents) < 2:
        raise ValueError("tournament() needs at least two agents")
    plain = [agents_module.agent_name(a) for a in agents]
    names = [f"{name}#{k + 1}" if plain.count(name) > 1 else name for k, name in enumerate(plain)]
    seed = check_seed(seed)
    base = [int(seed)] if isinstance(seed, (int, np.integer)) else list(seed)
    matches: dict[tuple[int, int], list[PlayoutResults]] = {}
    pairs = [(i, j) for i in range(len(agents)) for j in range(i + 1, len(agents))]
    for i, j in pairs:
        runs = []
        for order, (a, b) in enumerate(((i, j), (j, i))):
            count = (n + 1 - order) // 2
            if count == 0:
                continue
            run = playouts(game, count, agents=(agents[a], agents[b]), seed=base + [i, j, order],
                           progress=progress, max_turns=max_turns)
            run.agents = (names[a], names[b])
            run.agents_index = (a, b)
            runs.append(run)
        matches[(i, j)] = runs
    return TournamentResults(game, names, seed, matches)
