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

import io
import json
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from ..protocol import Game
from ..stats import Table, format_rate, mean_std, proportion

__all__ = ["PlayoutResults", "RESULT_CODES", "CORE_FIELDS", "result_arrays"]

RESULT_CODES = {"win": 0, "draw": 1, "unfinished": 2}
"""``results.result`` codes per game: a win (sole or shared), a draw, stopped unfinished."""

CORE_FIELDS = ("winners", "scores", "turns", "plies", "first", "result")
"""The arrays every engine fills for every game (the reference engine adds ``branching``)."""

FORMAT = "icewidgets-playouts"
FORMAT_VERSION = 1


def result_arrays(game: Game, n: int) -> dict[str, np.ndarray]:
    """Zeroed arrays for ``n`` games of ``game``: the core fields, ``branching`` and the game's
    counters (:attr:`Game.counters`), in that order."""
    players = game.num_players
    arrays = {
        "winners": np.zeros((n, players), dtype=bool),
        "scores": np.zeros((n, players), dtype=np.int16),
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "first": np.zeros(n, dtype=np.int8),
        "result": np.zeros(n, dtype=np.int8),
        "branching": np.zeros(n, dtype=np.float32),
    }
    for name, (dtype, shape, _) in game.counters.fields.items():
        arrays[name] = np.zeros((n,) + field_shape(shape, players), dtype=dtype)
    return arrays


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


class PlayoutResults:
    """The results of a run of playouts: one row per game in numpy arrays.

    Arrays (``results.winners`` etc., all in ``results.arrays``):

    - ``winners`` bool (n, players): the winners of each game (several on a shared win).
    - ``scores`` int16 (n, players): final scores (``state.scores`` at the end).
    - ``turns``, ``plies`` int32: the length of each game.
    - ``first`` int8: the seat that made the first move.
    - ``result`` int8: 0 a win, 1 a draw, 2 unfinished (stopped by the turn limit).
    - ``branching`` float32: the mean number of legal moves at the game's decisions.
    - the game's own counters (``results.counters``; their descriptions in ``results.descriptions``).

    ``heatmaps`` count where things happened on the board over all games.
    Also: ``game``, ``agents`` (names per seat), ``seed``, ``max_turns``, ``elapsed`` seconds,
    ``games_per_second``, ``partial`` (interrupted), ``engine``.
    """

    def __init__(self, game: Game, agents: Sequence[str], seed: Any, arrays: dict[str, np.ndarray],
                 heatmaps: dict[str, np.ndarray] | None = None, elapsed: float = 0.0, partial: bool = False,
                 engine: str = "reference", max_turns: int | None = None, descriptions: dict[str, str] | None = None):
        self.game = game
        self.agents = tuple(agents)
        self.seed = seed
        self.arrays = arrays
        self.heatmaps = heatmaps or {}
        self.elapsed = float(elapsed)
        self.partial = bool(partial)
        self.engine = engine
        self.max_turns = max_turns
        counters = game.counters
        self.descriptions = descriptions if descriptions is not None else {
            **{name: spec[2] for name, spec in counters.fields.items()},
            **{f"heatmap:{name}": text for name, text in counters.heatmaps.items()},
        }

    # Building ---------------------------------------------------------------------------

    @classmethod
    def from_parts(cls, game: Game, agents: Sequence[str], seed: Any,
                   parts: Iterable[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]],
                   **kwargs: Any) -> "PlayoutResults":
        """Results joined from consecutive parts ``(arrays, heatmaps)`` of one run, in order:
        the rows are concatenated and the heatmaps added up. ``kwargs`` as for the constructor.

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
        for _, heat in parts:
            for name, grid in heat.items():
                heatmaps[name] = heatmaps[name] + grid if name in heatmaps else grid.copy()
        return cls(game, agents, seed, arrays, heatmaps, **kwargs)

    @classmethod
    def concat(cls, parts: Sequence["PlayoutResults"]) -> "PlayoutResults":
        """Join results of consecutive chunks of one run (same game, agents and seed), in order."""
        parts = list(parts)
        if not parts:
            raise ValueError("concat() needs at least one PlayoutResults")
        first = parts[0]
        for part in parts[1:]:
            if (part.game, part.agents, part.seed) != (first.game, first.agents, first.seed):
                raise ValueError("concat() joins chunks of one run: the game, agents and seed must match")
        return cls.from_parts(first.game, first.agents, first.seed, [(p.arrays, p.heatmaps) for p in parts],
                              elapsed=sum(p.elapsed for p in parts), partial=any(p.partial for p in parts),
                              engine=first.engine, max_turns=first.max_turns)

    # Arrays ----------------------------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        arrays = self.__dict__.get("arrays")
        if arrays is not None and name in arrays:
            return arrays[name]
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
    def options(self) -> dict[str, Any]:
        """The game's options (with the turn limit the run used)."""
        return self.game.options

    @property
    def counters(self) -> dict[str, np.ndarray]:
        """The game-specific per-game arrays (everything but the core fields and ``branching``)."""
        return {k: v for k, v in self.arrays.items() if k not in CORE_FIELDS and k != "branching"}

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

    def win_rate(self, seat: int, shared: bool = True) -> tuple[float, float, float]:
        """``(rate, low, high)`` of games won by ``seat`` (shared wins count unless ``shared=False``), 95% Wilson."""
        wins = self.arrays["winners"][:, seat] if shared else self.sole_wins()[:, seat]
        return proportion(int(wins.sum()), self.n)

    def points(self, seat: int) -> np.ndarray:
        """Match points per game for ``seat``: 1 a win, 1/k a win shared by k, 1/players a draw, 0 otherwise."""
        winners = self.arrays["winners"]
        k = winners.sum(axis=1)
        pts = np.where(k > 0, winners[:, seat] / np.maximum(k, 1), 0.0)
        return np.where(self.outcome("draw"), 1.0 / self.players, pts)

    # Summary ---------------------------------------------------------------------------

    def summary(self) -> Table:
        """Games, lengths, win rates per seat with 95% Wilson intervals, first-player advantage,
        draws, unfinished games, branching factor and speed, as a printable table."""
        a = self.arrays
        n = self.n
        rows: list[list[Any]] = []
        data: dict[str, Any] = {"games": n, "partial": self.partial}
        rows.append(["games", f"{n:,}" + (" (partial: interrupted)" if self.partial else ""), ""])
        for key in ("turns", "plies"):
            mean, std = mean_std(a[key])
            data[f"{key}_mean"], data[f"{key}_std"] = mean, std
            rows.append([f"{key} per game", f"{mean:.2f} ± {std:.2f}", f"min {a[key].min() if n else 0}, max {a[key].max() if n else 0}"])
        data["win_rate"] = []
        for seat in range(self.players):
            rate, lo, hi = self.win_rate(seat)
            data["win_rate"].append((rate, lo, hi))
            mean_score = float(a["scores"][:, seat].mean()) if n else float("nan")
            rows.append([f"seat {seat + 1} ({self.agents[seat]}) wins", format_rate(rate, lo, hi),
                         f"{int(a['winners'][:, seat].sum()):,} wins, mean score {mean_score:.2f}"])
        first_wins = a["winners"][np.arange(n), a["first"].astype(np.int64)] if n else np.zeros(0, bool)
        rate, lo, hi = proportion(int(first_wins.sum()), n)
        data["first_player"] = (rate, lo, hi)
        rows.append(["first player wins", format_rate(rate, lo, hi), f"no advantage would be {100 / self.players:.1f}%"])
        shared = int(((a["winners"].sum(axis=1) > 1)).sum())
        for name in ("draw", "unfinished"):
            count = int(self.outcome(name).sum())
            rate, lo, hi = proportion(count, n)
            label = {"draw": "draws", "unfinished": "unfinished"}[name]
            data[label] = count
            extra = f"turn limit {self.max_turns}" if name == "unfinished" and self.max_turns else ""
            rows.append([label,
                         f"{count:,} ({100 * rate:.1f}%)" if n else "0", extra])
        data["shared_wins"] = shared
        if shared:
            rows.append(["shared wins", f"{shared:,}", ""])
        if "branching" in a and n:
            data["branching"] = float(a["branching"].mean())
            rows.append(["branching factor", f"{data['branching']:.1f}", "mean legal moves per decision"])
        if n:
            rows.extend(self.game.counters.summary_rows(self))
        data["games_per_second"] = self.games_per_second
        rows.append(["speed", f"{self.games_per_second:,.0f} games/s", f"{self.elapsed:.2f} s, {self.engine} engine"])
        title = f"{self.game.title} playouts: {' vs '.join(self.agents)} (seed {self.seed})"
        return Table(["", "value", "detail"], rows, title=title, data=data)

    def __repr__(self) -> str:
        flag = ", partial" if self.partial else ""
        return f"<PlayoutResults {self.game!r}: {self.n:,} games, agents {', '.join(self.agents)}, seed {self.seed}{flag}>"

    def _repr_html_(self) -> str:
        return self.summary()._repr_html_()

    def plot(self, fig: Any = None) -> Any:
        """A one-figure dashboard: scores, lengths, win rates, first-player advantage, a heatmap."""
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
            "fields": {k: {"dtype": v.dtype.name, "shape": list(v.shape[1:])} for k, v in self.arrays.items()},
            "heatmaps": {k: v.tolist() for k, v in self.heatmaps.items()},
        }

    def to_json(self) -> str:
        """Everything as JSON: the settings, every array and the heatmaps."""
        meta = self._meta()
        meta["arrays"] = {k: v.tolist() for k, v in self.arrays.items()}
        return json.dumps(meta, separators=(",", ":"))

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
        return cls(game, meta["agents"], seed, arrays, heatmaps, elapsed=meta.get("elapsed", 0.0),
                   partial=meta.get("partial", False), engine=meta.get("engine", "reference"),
                   max_turns=meta.get("max_turns"))

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


