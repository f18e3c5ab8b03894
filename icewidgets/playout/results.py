"""The results of a run of playouts: :class:`PlayoutResults`, with summaries, plots and files.

One row per game in numpy arrays: the same core arrays for every game (:data:`CORE_FIELDS`,
``branching``) and the game's own counters (its :class:`~icewidgets.counters.Counters` hook),
plus board heatmaps summed over the games. Results save as JSON or CSV and load back.

>>> import icewidgets as iw
>>> game = iw.make(iw.available_games()[0])
>>> arrays = result_arrays(game, 3)
>>> arrays["winners"].shape == (3, game.num_players), arrays["result"].dtype.name
(True, 'int8')
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Sequence

import numpy as np

from .. import checks
from ..files import atomic_write, check_target, read_bytes
from ..protocol import Game
from ..stats import Estimate, Table, rate_estimate
from .arrays import (BALANCE_FIELDS, CORE_FIELDS, GENERIC_FIELDS, RESULT_CODES, field_shape, first_player_points,
                     game_points, heatmap_shape, profile_totals, result_arrays)

__all__ = ["BALANCE_FIELDS", "CORE_FIELDS", "GENERIC_FIELDS", "PlayoutResults", "RESULT_CODES", "field_shape",
           "first_player_points", "game_points", "heatmap_shape", "profile_totals", "result_arrays"]

SUFFIXES = (".json", ".csv")
"""The files results save to and load from, told apart by the name's ending."""


class PlayoutResults:
    """The results of a run of playouts: one row per game in numpy arrays.

    Arrays (``results.winners`` etc., all in ``results.arrays``):

    - ``winners`` bool (n, players): the winners of each game (several on a shared win).
    - ``scores`` int16 (n, players): final scores (``state.scores`` at the end).
    - ``turns``, ``plies`` int32: the length of each game.
    - ``first`` int8: the seat that made the first move.
    - ``result`` int8: 0 a win, 1 a draw, 2 unfinished (stopped by the turn limit).
    - ``branching`` float32: the mean number of legal moves at the game's decisions.
    - ``seating`` int8 (n, players): which agent (an index into ``agents``) sat in each seat.
    - ``lead_changes`` uint16, ``comeback`` bool: balance metrics (:mod:`icewidgets.playout.balance`;
      left out by a compiled kernel that does not measure them yet).
    - ``branching_profile`` float32 (n, 10): each game's mean number of legal moves by tenth of
      the game, only in a run that asked for it (``iw.playouts(..., branching_profile=True)``).
    - the game's own counters (``results.counters``; their descriptions in ``results.descriptions``).

    Summed over the games: ``heatmaps`` count where things happened on the board, and
    ``branching_totals`` (:func:`profile_totals`) hold the branching by tenth of the game.
    Also: ``game``, ``agents`` (their names, one per seat; with ``rotate_seats`` each plays
    every seat in turn, see ``seating``), ``seed``, ``max_turns``, ``elapsed`` seconds,
    ``games_per_second``, ``partial`` (interrupted), ``engine``, ``precision`` (the target of
    a run played to a precision, else None).

    Rates follow one convention (:func:`game_points`): a game gives its winners 1 point to
    share, a game without a winner 1/players to every seat.
    """

    def __init__(self, game: Game, agents: Sequence[str], seed: Any, arrays: dict[str, np.ndarray],
                 heatmaps: dict[str, np.ndarray] | None = None, elapsed: float = 0.0, partial: bool = False,
                 engine: str = "reference", max_turns: int | None = None, descriptions: dict[str, str] | None = None,
                 rotate_seats: bool = False, precision: float | None = None,
                 branching_totals: np.ndarray | None = None):
        self.game = game
        self.agents = tuple(agents)
        self.seed = seed
        self.arrays = arrays
        self.heatmaps = heatmaps or {}
        self.elapsed = float(elapsed)
        self.partial = bool(partial)
        self.engine = engine
        self.max_turns = max_turns
        self.rotate_seats = bool(rotate_seats)
        self.precision = precision
        if branching_totals is None and "branching_profile" in arrays:
            branching_totals = profile_totals(arrays["branching_profile"])
        self.branching_totals = branching_totals
        counters = game.counters
        self.descriptions = descriptions if descriptions is not None else {
            **{name: spec[2] for name, spec in counters.fields.items()},
            **{f"heatmap:{name}": text for name, text in counters.heatmaps.items()},
        }

    # Building ---------------------------------------------------------------------------

    @classmethod
    def from_parts(cls, game: Game, agents: Sequence[str], seed: Any,
                   parts: Iterable[tuple[Any, ...]], **kwargs: Any) -> "PlayoutResults":
        """Results joined from consecutive parts ``(arrays, heatmaps)`` of one run, in order, or
        ``(arrays, heatmaps, branching_totals)`` for parts that keep the branching by tenth
        summed (:func:`profile_totals`) rather than each game's: the rows are concatenated, the
        heatmaps and the totals added up. ``kwargs`` as for the constructor.

        >>> import icewidgets as iw
        >>> game = iw.make(iw.available_games()[0])
        >>> part = (result_arrays(game, 2), {})
        >>> PlayoutResults.from_parts(game, ("random",) * game.num_players, 0, [part, part]).n
        4
        """
        parts = list(parts)
        if parts:
            arrays = {key: np.concatenate([p[0][key] for p in parts]) for key in parts[0][0]}
        else:
            arrays = result_arrays(game, 0)
        heatmaps: dict[str, np.ndarray] = {}
        totals = None
        for part in parts:
            for name, grid in part[1].items():
                heatmaps[name] = heatmaps[name] + grid if name in heatmaps else grid.copy()
            kept = part[2] if len(part) > 2 else None
            if kept is None and "branching_profile" in part[0]:
                kept = profile_totals(part[0]["branching_profile"])
            if kept is not None:
                totals = kept if totals is None else totals + kept
        return cls(game, agents, seed, arrays, heatmaps, branching_totals=totals, **kwargs)

    @classmethod
    def concat(cls, parts: Sequence["PlayoutResults"]) -> "PlayoutResults":
        """Join results of consecutive chunks of one run (same game, agents and seed), in order."""
        if not isinstance(parts, (list, tuple)):
            raise TypeError(f"concat() takes a list of PlayoutResults, not {type(parts).__name__}")
        parts = list(parts)
        if not parts:
            raise ValueError("concat() needs at least one PlayoutResults")
        for index, part in enumerate(parts):
            if not isinstance(part, PlayoutResults):
                raise TypeError(f"concat() joins PlayoutResults, but parts[{index}] is {type(part).__name__} {part!r}")
        first = parts[0]
        for part in parts[1:]:
            if (part.game, part.agents, part.seed, part.rotate_seats) != (first.game, first.agents, first.seed,
                                                                          first.rotate_seats):
                raise ValueError("concat() joins chunks of one run: the game, agents, seed and seating must match")
        return cls.from_parts(first.game, first.agents, first.seed,
                              [(p.arrays, p.heatmaps, p.branching_totals) for p in parts],
                              elapsed=sum(p.elapsed for p in parts), partial=any(p.partial for p in parts),
                              engine=first.engine, max_turns=first.max_turns, rotate_seats=first.rotate_seats,
                              precision=first.precision)

    # Arrays ----------------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        arrays = self.__dict__.get("arrays")
        if arrays is not None and name in arrays:
            return arrays[name]
        if name == "branching_profile":
            raise AttributeError("these results keep the branching profile summed by tenth "
                                 "(results.branching_by_tenth()), not each game's: pass branching_profile=True "
                                 "to iw.playouts to keep it")
        raise AttributeError(f"PlayoutResults has no attribute or array {name!r}")

    def __len__(self) -> int:
        return self.n

    @property
    def n(self) -> int:
        """The number of games."""
        return int(len(self.arrays["turns"]))

    @property
    def players(self) -> int:
        return self.game.num_players

    @property
    def group(self) -> int:
        """Games per deal: the number of players with ``rotate_seats`` (each deal is played
        once per seating, in consecutive rows), else 1."""
        return self.players if self.rotate_seats else 1

    @property
    def options(self) -> dict[str, Any]:
        """The game's options (with the turn limit the run used)."""
        return self.game.options

    @property
    def counters(self) -> dict[str, np.ndarray]:
        """The game-specific per-game arrays (everything but :data:`GENERIC_FIELDS`)."""
        return {k: v for k, v in self.arrays.items() if k not in GENERIC_FIELDS}

    @property
    def games_per_second(self) -> float:
        return self.n / self.elapsed if self.elapsed > 0 else float("nan")

    @property
    def nbytes(self) -> int:
        """Memory used by the per-game arrays."""
        return int(sum(a.nbytes for a in self.arrays.values()))

    def outcome(self, name: str) -> np.ndarray:
        """A bool array: games whose result is ``name``, ``"win"``, ``"draw"`` or ``"unfinished"``."""
        return self.arrays["result"] == RESULT_CODES[checks.choice(name, "name", RESULT_CODES)]

    def sole_wins(self) -> np.ndarray:
        """Bool (n, players): the player won alone."""
        winners = self.arrays["winners"]
        return winners & (winners.sum(axis=1) == 1)[:, None]

    def shared_wins(self) -> np.ndarray:
        """Bool (n, players): the player shared the win with others."""
        winners = self.arrays["winners"]
        return winners & (winners.sum(axis=1) > 1)[:, None]

    def points(self, seat: int | None = None) -> np.ndarray:
        """Points per game (:func:`game_points`): for ``seat`` (0 to players − 1), or for every
        seat as (n, players)."""
        seat = checks.whole(seat, "seat", low=0, high=self.players - 1, none=True)
        table = game_points(self.arrays["winners"])
        return table if seat is None else table[:, seat]

    def agent_seats(self) -> np.ndarray:
        """Int (n, agents): the seat each agent played in each game (the inverse of ``seating``)."""
        seating = self.arrays["seating"].astype(np.int64)
        seats = np.empty_like(seating)
        np.put_along_axis(seats, seating, np.arange(self.players)[None, :].repeat(len(seating), axis=0), axis=1)
        return seats

    def agent_points(self, agent: int) -> np.ndarray:
        """Points per game for ``agent`` (an index into ``agents``), whatever seat it played."""
        agent = checks.whole(agent, "agent", low=0, high=len(self.agents) - 1)
        return np.take_along_axis(self.points(), self.agent_seats()[:, agent:agent + 1], axis=1)[:, 0]

    def first_player_points(self) -> np.ndarray:
        """Points per game for the seat that moved first (:func:`first_player_points`)."""
        return first_player_points(self.arrays)

    def branching_by_tenth(self) -> np.ndarray | None:
        """The mean number of legal moves per decision in each tenth of the games (over the
        games with a decision there; NaN for none), from ``branching_totals``; None for results
        that have none (a kernel that does not measure the branching profile yet)."""
        if self.branching_totals is None:
            return None
        sums, counts = self.branching_totals
        return np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)

    def rate(self, values: Any, counted: Any = None) -> Estimate:
        """The mean of per-game ``values`` in [0, 1] with its 95% interval, the games of one deal
        counted as one unit (:func:`icewidgets.stats.rate_estimate` with ``group``).

        >>> import icewidgets as iw
        >>> results = iw.playouts(iw.available_games()[0], 40, seed=1, progress=False)
        >>> estimate = results.rate(results.points(0))
        >>> bool(estimate.value == results.points(0).mean()), estimate.low < estimate.value < estimate.high
        (True, True)
        """
        return rate_estimate(values, counted, self.group)

    # Summary ---------------------------------------------------------------------------

    def balance(self) -> list[Any]:
        """The balance report's metrics, each with its estimate and interval
        (:func:`icewidgets.playout.report.balance_metrics`)."""
        from .report import balance_metrics

        return balance_metrics(self)

    def summary(self) -> Table:
        """The balance report as a printable table: the games, each seat's points (and each
        agent's, with ``rotate_seats``), the first player's points, decisive games, shared
        wins, draws and unfinished games, lengths, the branching factor over the game, lead
        changes, comebacks, the game's own counters and the speed (see
        :func:`icewidgets.playout.report.summary_table`)."""
        from .report import summary_table

        return summary_table(self)

    def __repr__(self) -> str:
        flag = ", partial" if self.partial else ""
        return f"<PlayoutResults {self.game!r}: {self.n:,} games, agents {', '.join(self.agents)}, seed {self.seed}{flag}>"

    def _repr_html_(self) -> str:
        return self.summary()._repr_html_()

    def plot(self, fig: Any = None) -> Any:
        """A one-figure dashboard (:func:`icewidgets.stats.plot_dashboard`); a notebook shows it once."""
        from ..stats import plot_dashboard

        return plot_dashboard(self, fig=fig)

    # Tables and files ---------------------------------------------------------------------

    def columns(self) -> dict[str, np.ndarray]:
        """One flat column per value: ``winner_1``, ``score_1``, …, ``captures_R1``, … (for CSV and pandas)."""
        from .storage import flat_names

        cols: dict[str, np.ndarray] = {"game": np.arange(self.n, dtype=np.int64)}
        labels = self.game.counters.labels
        for name, array in self.arrays.items():
            names = flat_names(name, array.shape[1:], self.players, labels)
            flat = array.reshape(len(array), len(names))
            for j, column in enumerate(names):
                cols[column] = flat[:, j]
        return cols

    def to_frame(self) -> Any:
        """A pandas DataFrame with one row per game (pandas must be installed)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_frame() needs pandas: install it with `pip install pandas`") from None
        frame = pd.DataFrame(self.columns())
        frame["result"] = pd.Categorical.from_codes(frame["result"].astype(int), list(RESULT_CODES))
        return frame

    def to_json(self) -> str:
        """Everything as JSON: the settings, every array and the heatmaps (NaN, a tenth of a
        game without a decision, as null: strict JSON)."""
        from .storage import to_json

        return to_json(self)

    @classmethod
    def from_json(cls, text: str) -> "PlayoutResults":
        """The results :meth:`to_json` wrote; anything else is a ValueError saying what is
        wrong and where (:mod:`icewidgets.playout.storage`)."""
        from .storage import from_json

        return cls(**from_json(text))

    def to_csv(self) -> str:
        """One row per game (flat columns, see :meth:`columns`); the settings in a first ``#`` line."""
        from .storage import to_csv

        return to_csv(self)

    @classmethod
    def from_csv(cls, text: str) -> "PlayoutResults":
        """The results :meth:`to_csv` wrote; anything else is a ValueError saying what is
        wrong and where (the line and the column)."""
        from .storage import from_csv

        return cls(**from_csv(text))

    def save(self, path: str | os.PathLike) -> str:
        """Write ``path`` as JSON (``.json``) or CSV (``.csv``), whole or not at all (a failed
        write leaves an older file as it was, :func:`icewidgets.files.atomic_write`); returns
        the path as text."""
        checks.path(path)
        name = os.fspath(path)
        if not name.lower().endswith(SUFFIXES):
            raise ValueError(f"cannot tell the format of {name!r}: use a name ending in .json or .csv")
        check_target(path)
        text = self.to_json() if name.lower().endswith(".json") else self.to_csv()
        with atomic_write(path) as f:
            f.write(text)
        return name

    @classmethod
    def load(cls, path: str | os.PathLike) -> "PlayoutResults":
        """Read results written by :meth:`save` (JSON or CSV, by the file name). A damaged or
        foreign file is a ValueError that names the file and what is wrong in it."""
        data = read_bytes(path)
        name = os.fspath(path)
        try:
            return cls.from_csv(data) if name.lower().endswith(".csv") else cls.from_json(data)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
