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
from ..stats import Estimate, Table, Tally, format_estimate, format_rate
from .progress import check_progress
from .results import PlayoutResults
from .run import PlayoutRun, check_count, check_seed, notice, play_run, resolve_game

__all__ = ["TournamentResults", "tournament"]


class TournamentResults:
    """A round robin: ``score[i, j]`` is agent i's points per game against agent j (the points
    convention: a win 1, a shared win or a draw ½), with 95% intervals ``low``/``high`` over
    ``games[i, j]`` games; ``points[i, j]`` is the total. Every deal of a match is played
    with both seatings (``matches[(i, j)]``, agent i in seat 1 first), so ``score`` measures
    the agents, and ``seat_points`` (seat 1's points over every match) the seats.
    """

    def __init__(self, game: Game, agents: Sequence[str], seed: Any, matches: dict[tuple[int, int], PlayoutResults]):
        self.game = game
        self.agents = tuple(agents)
        self.seed = seed
        self.matches = matches
        k = len(agents)
        self.points = np.zeros((k, k))
        self.games = np.zeros((k, k), dtype=np.int64)
        self.score = np.full((k, k), np.nan)
        self.low = np.full((k, k), np.nan)
        self.high = np.full((k, k), np.nan)
        overall = [Tally() for _ in range(k)]
        seat = Tally()
        for (i, j), run in matches.items():
            for me, other, index in ((i, j, 0), (j, i, 1)):
                values = run.agent_points(index)
                estimate = run.rate(values)
                self.points[me, other] = float(values.sum())
                self.games[me, other] = run.n
                self.score[me, other], self.low[me, other], self.high[me, other] = estimate[:3]
                overall[me].add(values, group=run.group)
            seat.add(run.points(0), group=run.group)
        self.overall: list[Estimate] = [tally.rate() for tally in overall]
        self.seat_points: Estimate = seat.rate()

    @property
    def totals(self) -> np.ndarray:
        """Each agent's points per game over all its matches."""
        return np.array([estimate.value for estimate in self.overall])

    def table(self) -> Table:
        """The cross-table: row agent's points against the column agent, with intervals."""
        rows = []
        for i, name in enumerate(self.agents):
            row: list[Any] = [name]
            for j in range(len(self.agents)):
                row.append("–" if i == j else format_rate(self.score[i, j], self.low[i, j], self.high[i, j]))
            row.append(format_estimate(self.overall[i]))
            rows.append(row)
        title = (f"{self.game.title} round robin (seed {self.seed}): row's points per game vs column, "
                 "each deal played with both seatings, 95% intervals")
        notes = [f"Seat 1 scored {format_estimate(self.seat_points)} of the points over all games "
                 "(no seat advantage would be 50.0%)."]
        return Table(["agent", *self.agents, "overall"], rows, title=title, notes=notes,
                     data={"score": self.score, "low": self.low, "high": self.high, "games": self.games,
                           "overall": self.overall, "seat_points": self.seat_points})

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
    """A round robin of two-player games: every pair of ``agents`` plays ``n`` games (rounded up
    to an even number), each seeded deal once with either agent in seat 1 (``rotate_seats``).

    ``agents`` is an agent spec of at least two agents (the grammar of
    :func:`icewidgets.agents.parse_agents`: ``"random,greedy,mcts"``, a list of names and
    callables, …).

    Match (i, j) seeds its deals with ``SeedSequence([seed, i, j], spawn_key=(d,))``.

    >>> import icewidgets as iw
    >>> t = tournament(iw.available_games()[0], ["random", "greedy"], n=4, seed=1, progress=False)
    >>> t.agents, t.score.shape, int(t.games[0, 1])
    (('random', 'greedy'), (2, 2), 4)
    """
    n = check_count(n)
    check_progress(progress)
    game = resolve_game(game, options, max_turns)
    if game.num_players != 2:
        raise ValueError(f"tournament() plays two-player games; this {game.name} has {game.num_players} players")
    agents, plain = agents_module.parse_agents(agents)
    if len(agents) < 2:
        raise ValueError(f"tournament() needs at least two agents, not only {plain[0]!r} (e.g. 'random,greedy')")
    names = [f"{name}#{k + 1}" if plain.count(name) > 1 else name for k, name in enumerate(plain)]
    seed = check_seed(seed)
    base = [int(seed)] if isinstance(seed, (int, np.integer)) else list(seed)
    runs = {(i, j): PlayoutRun.plan(game, n, (agents[i], agents[j]), base + [i, j], rotate_seats=True)
            for i in range(len(agents)) for j in range(i + 1, len(agents))}
    # Every match's kernel not ready yet is queued at once, and said once: the last one queued
    # is ready last (one thread prepares them in turn).
    waiting = [job for job in (run.preparation() for run in runs.values()) if job is not None]
    waiting = waiting[-1] if waiting and progress is not False else None
    if waiting is not None:
        notice(waiting.notice())
    matches: dict[tuple[int, int], PlayoutResults] = {}
    for (i, j), run in runs.items():
        matches[(i, j)] = results = play_run(run, progress, tell_preparation=False)
        results.agents = (names[i], names[j])
        if waiting is not None and waiting.done:
            notice(waiting.outcome())
            waiting = None
    return TournamentResults(game, names, seed, matches)
