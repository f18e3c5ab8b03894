"""The results of a run of playouts: :class:`PlayoutResults`, with summaries, plots and files.

One row per game in numpy arrays: the same core arrays for every game (:data:`CORE_FIELDS`,
``branching``) and the game's own counters (its :class:`~icewidgets.counters.Counters` hook),
plus what is summed over the games: board heatmaps and the branching by tenth of the game.
Results save as JSON or CSV and load back.

>>> import icewidgets as iw
>>> game = iw.make(iw.available_games()[0])
>>> arrays = result_arrays(game, 3)
>>> arrays["winners"].shape == (3, game.num_players), arrays["result"].dtype.name
(True, 'int8')
"""

from __future__ import annotations

import io
import json
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from ..protocol import Game
from ..stats import Estimate, Table, rate_estimate
from .balance import PROFILE_BINS

__all__ = ["BALANCE_FIELDS", "CORE_FIELDS", "GENERIC_FIELDS", "PlayoutResults", "RESULT_CODES",
           "first_player_points", "game_points", "profile_totals", "result_arrays"]

RESULT_CODES = {"win": 0, "draw": 1, "unfinished": 2}
"""``results.result`` codes per game: a win (sole or shared), a draw, stopped unfinished."""

CORE_FIELDS = ("winners", "scores", "turns", "plies", "first", "result")
"""The arrays every engine fills for every game."""

BALANCE_FIELDS = ("lead_changes", "comeback", "branching_profile")
"""The balance metrics of every game (:mod:`icewidgets.playout.balance`): the rules engines fill
them, and a compiled kernel once it measures them (until then its results leave them out). A run
keeps each game's ``branching_profile`` only when asked (``iw.playouts(..., branching_profile=True)``):
by default it keeps their sums by tenth (:func:`profile_totals`), which is what the summary reads."""

GENERIC_FIELDS = CORE_FIELDS + ("branching", "seating") + BALANCE_FIELDS
"""Every array that is not one of the game's own counters: the core fields, ``branching``
(mean legal moves per decision), ``seating`` (filled by the run) and the balance metrics."""

FORMAT = "icewidgets-playouts"
FORMAT_VERSION = 1


def result_arrays(game: Game, n: int) -> dict[str, np.ndarray]:
    """Zeroed arrays for ``n`` games of ``game``: the generic fields (:data:`GENERIC_FIELDS`)
    and the game's counters (:attr:`Game.counters`), in that order."""
    players = game.num_players
    arrays = {
        "winners": np.zeros((n, players), dtype=bool),
        "scores": np.zeros((n, players), dtype=np.int16),
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "first": np.zeros(n, dtype=np.int8),
        "result": np.zeros(n, dtype=np.int8),
        "branching": np.zeros(n, dtype=np.float32),
        "seating": np.zeros((n, players), dtype=np.int8),
        "lead_changes": np.zeros(n, dtype=np.uint16),
        "comeback": np.zeros(n, dtype=bool),
        "branching_profile": np.zeros((n, PROFILE_BINS), dtype=np.float32),
    }
    for name, (dtype, shape, _) in game.counters.fields.items():
        arrays[name] = np.zeros((n,) + field_shape(shape, players), dtype=dtype)
    return arrays


def game_points(winners: np.ndarray) -> np.ndarray:
    """Points per game and seat (float, (n, players)): the winners share 1 (a win shared by k
    is 1/k each), a game without a winner — a draw, or unfinished — gives every seat
    1/players; so the seats' points of a game add up to 1 and no advantage is 1/players.

    >>> winners = np.array([[True, False], [True, True], [False, False]])
    >>> game_points(winners).tolist()
    [[1.0, 0.0], [0.5, 0.5], [0.5, 0.5]]
    """
    winners = np.asarray(winners, dtype=bool)
    k = winners.sum(axis=1, keepdims=True)
    return np.where(k > 0, winners / np.maximum(k, 1), 1.0 / winners.shape[1])


def field_shape(shape: tuple[Any, ...], players: int) -> tuple[int, ...]:
    """A counter's extra shape with ``"players"`` replaced by the number of players.

    >>> field_shape(("players", 3), 4)
    (4, 3)
    """
    return tuple(players if dim == "players" else dim for dim in shape)


def heatmap_shape(game: Game) -> tuple[int, int]:
    """(ranks, files) of the game's board, the shape of its heatmaps; (0, 0) without a grid."""
    grid = game.grid
    return (grid.ranks, grid.files) if grid is not None else (0, 0)


def profile_totals(profile: np.ndarray) -> np.ndarray:
    """The branching profiles of games (float32, (n, 10)) summed by tenth: float64 (2, 10), row 0
    each tenth's mean number of legal moves added up over the games with a decision there, row 1
    how many such games. Runs join by adding their totals, and the summary divides one row by the
    other, so a run need not keep 40 bytes a game for it (:meth:`PlayoutResults.branching_by_tenth`).

    The sums are exact whatever the order of the games, as long as they stay below 2**30 (a
    million games of a game with under a thousand legal moves a decision): every mean is at least
    1, so a float32 mean is a whole multiple of 2**-23, and float64 holds such sums exactly.

    >>> profile_totals(np.array([[2.0, np.nan], [3.5, 4.0]], dtype=np.float32)).tolist()
    [[5.5, 4.0], [2.0, 1.0]]
    """
    known = ~np.isnan(profile)
    return np.stack([np.where(known, profile, 0.0).sum(axis=0, dtype=np.float64),
                     known.sum(axis=0).astype(np.float64)])


def first_player_points(arrays: dict[str, np.ndarray]) -> np.ndarray:
    """Points per game (:func:`game_points`) of the seat that moved first, from a run's arrays."""
    first = arrays["first"].astype(np.int64)
    return game_points(arrays["winners"])[np.arange(len(first)), first]


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
        parts = list(parts)
        if not parts:
            raise ValueError("concat() needs at least one PlayoutResults")
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
        """A bool array: games whose result is ``"win"``, ``"draw"`` or ``"unfinished"``."""
        return self.arrays["result"] == RESULT_CODES[name]

    def sole_wins(self) -> np.ndarray:
        """Bool (n, players): the player won alone."""
        winners = self.arrays["winners"]
        return winners & (winners.sum(axis=1) == 1)[:, None]

    def shared_wins(self) -> np.ndarray:
        """Bool (n, players): the player shared the win with others."""
        winners = self.arrays["winners"]
        return winners & (winners.sum(axis=1) > 1)[:, None]

    def points(self, seat: int | None = None) -> np.ndarray:
        """Points per game (:func:`game_points`): for ``seat``, or for every seat as (n, players)."""
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
        cols: dict[str, np.ndarray] = {"game": np.arange(self.n, dtype=np.int64)}
        labels = self.game.counters.labels
        for name, array in self.arrays.items():
            if array.ndim == 1:
                cols[name] = array
                continue
            if name in ("winners", "scores") or array.ndim == 2 and array.shape[1] == self.players and name not in labels:
                base = {"winners": "winner", "scores": "score"}.get(name, name)
                for p in range(array.shape[1]):
                    cols[f"{base}_{p + 1}"] = array[:, p]
                continue
            flat = array.reshape(len(array), -1)
            if name in labels:
                names = [f"{name}_{''.join(combo)}" for combo in _product(labels[name])]
            else:
                names = [f"{name}_{j}" for j in range(flat.shape[1])]
            for j, col in enumerate(names):
                cols[col] = flat[:, j]
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

    def _meta(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "options": _jsonable(self.game.options),
            "agents": list(self.agents),
            "seed": self.seed if isinstance(self.seed, (int, np.integer)) else list(self.seed),
            "max_turns": self.max_turns,
            "elapsed": self.elapsed,
            "partial": self.partial,
            "engine": self.engine,
            "rotate_seats": self.rotate_seats,
            "precision": self.precision,
            "fields": {k: {"dtype": v.dtype.name, "shape": list(v.shape[1:])} for k, v in self.arrays.items()},
            "heatmaps": {k: v.tolist() for k, v in self.heatmaps.items()},
            "branching_totals": None if self.branching_totals is None else self.branching_totals.tolist(),
        }

    def to_json(self) -> str:
        """Everything as JSON: the settings, every array, the heatmaps and the branching totals
        (NaN, a tenth of a game without a decision, as null: strict JSON)."""
        meta = self._meta()
        meta["arrays"] = {k: _json_values(v) for k, v in self.arrays.items()}
        return json.dumps(meta, separators=(",", ":"), allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> "PlayoutResults":
        meta = json.loads(text)
        _check_format(meta)
        arrays = {k: np.asarray(v, dtype=meta["fields"][k]["dtype"]).reshape([-1] + meta["fields"][k]["shape"])
                  for k, v in meta["arrays"].items()}
        return cls._from_meta(meta, arrays)

    @classmethod
    def _from_meta(cls, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> "PlayoutResults":
        from ..games import make

        # JSON has no tuples: an option saved as a list was a tuple (options are hashable).
        game = make(meta["game"], **{key: _tuples(value) for key, value in meta.get("options", {}).items()})
        seed = meta["seed"] if not isinstance(meta["seed"], list) else tuple(meta["seed"])
        heatmaps = {k: np.asarray(v, dtype=np.int64) for k, v in meta.get("heatmaps", {}).items()}
        totals = meta.get("branching_totals")  # files from before it was kept derive it from each game's
        return cls(game, meta["agents"], seed, arrays, heatmaps, elapsed=meta.get("elapsed", 0.0),
                   partial=meta.get("partial", False), engine=meta.get("engine", "reference"),
                   max_turns=meta.get("max_turns"), rotate_seats=meta.get("rotate_seats", False),
                   precision=meta.get("precision"),
                   branching_totals=None if totals is None else np.asarray(totals, dtype=np.float64))

    def to_csv(self) -> str:
        """One row per game (flat columns, see :meth:`columns`); the settings in a first ``#`` line."""
        cols = self.columns()
        out = io.StringIO()
        out.write("# " + json.dumps(self._meta(), separators=(",", ":")) + "\n")
        out.write(",".join(cols) + "\n")
        matrix = [np.asarray(c) for c in cols.values()]
        formats = [_csv_format(c) for c in matrix]
        for i in range(self.n):
            out.write(",".join(f(c[i]) for f, c in zip(formats, matrix)) + "\n")
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str) -> "PlayoutResults":
        lines = text.splitlines()
        if not lines or not lines[0].startswith("# "):
            raise ValueError("not an icewidgets playouts CSV: the first line must be the '# {…}' settings line")
        meta = json.loads(lines[0][2:])
        _check_format(meta)
        header = lines[1].split(",")
        body = [line.split(",") for line in lines[2:] if line.strip()]
        columns = {name: [row[j] for row in body] for j, name in enumerate(header)}
        n = len(body)
        arrays: dict[str, np.ndarray] = {}
        for name, spec in meta["fields"].items():
            shape = [n] + spec["shape"]
            width = int(np.prod(spec["shape"])) if spec["shape"] else 1
            if not spec["shape"]:
                values = columns[name]
            else:
                prefix = {"winners": "winner", "scores": "score"}.get(name, name)
                names = [h for h in header if h.startswith(prefix + "_")][:width]
                values = [v for row in zip(*(columns[h] for h in names)) for v in row]
            arrays[name] = np.asarray([float(v) for v in values] if spec["dtype"].startswith("float") else
                                      [v in ("1", "True", "true") if spec["dtype"] == "bool" else int(v) for v in values],
                                      dtype=spec["dtype"]).reshape(shape)
        return cls._from_meta(meta, arrays)

    def save(self, path: str) -> str:
        """Write ``path`` as JSON (``.json``) or CSV (``.csv``); returns the path."""
        path = str(path)
        if path.lower().endswith(".json"):
            text = self.to_json()
        elif path.lower().endswith(".csv"):
            text = self.to_csv()
        else:
            raise ValueError(f"cannot tell the format of {path!r}: use a name ending in .json or .csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    @classmethod
    def load(cls, path: str) -> "PlayoutResults":
        """Read results written by :meth:`save` (JSON or CSV, by the file name)."""
        with open(path, encoding="utf-8") as f:
            text = f.read()
        return cls.from_csv(text) if str(path).lower().endswith(".csv") else cls.from_json(text)


def _check_format(meta: dict[str, Any]) -> None:
    if meta.get("format") != FORMAT:
        raise ValueError("not saved icewidgets playout results (the format field is missing or different)")
    if meta.get("version", 0) > FORMAT_VERSION:
        raise ValueError(f"these results were saved by a newer icewidgets (format version {meta['version']})")


def _json_values(array: np.ndarray) -> list:
    if not np.issubdtype(array.dtype, np.floating) or not np.isnan(array).any():
        return array.tolist()
    values = array.astype(object)
    values[np.isnan(array)] = None  # loads back as NaN
    return values.tolist()


def _csv_format(column: np.ndarray) -> Callable[[Any], str]:
    if column.dtype == bool:
        return lambda v: "1" if v else "0"
    if np.issubdtype(column.dtype, np.floating):
        return lambda v: repr(float(v))
    return lambda v: str(int(v))


def _product(labels: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    combos: list[tuple[str, ...]] = [()]
    for axis in labels:
        combos = [c + (label,) for c in combos for label in axis]
    return combos


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


