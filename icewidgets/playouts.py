"""Play many whole games and study them: :func:`playouts`, :func:`tournament`, :class:`PlayoutResults`.

Every game of a run gets its own random stream, ``numpy.random.default_rng(SeedSequence(seed,
spawn_key=(i,)))`` for game ``i``, shared by its agents and its dice. A game's result therefore
depends only on ``seed`` and its index: any order, any chunking, any number of workers gives
the same arrays. Each game starts from ``game.new_state(seed=rng)`` (only seeded setups draw).

>>> import icewidgets as iw
>>> results = iw.playouts("volcano", 20, agents=("greedy", "random"), seed=1, progress=False)
>>> results.n, results.winners.shape, results.winners.dtype.name
(20, (20, 2), 'bool')
>>> int(results.winners[:, 0].sum())
20
>>> print(results.summary().rows[0])
['games', '20', '']
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import json
import math
import sys
import time
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from . import agents as _agents
from .protocol import CHANCE, Game, State
from .stats import Table, format_rate, mean_std, proportion, wilson_interval

__all__ = ["playouts", "tournament", "PlayoutResults", "TournamentResults", "RESULT_CODES"]

RESULT_CODES = {"win": 0, "draw": 1, "unfinished": 2}
"""``results.result`` codes per game: a win (sole or shared), a draw, stopped unfinished."""

RESULT_NAMES = {code: name for name, code in RESULT_CODES.items()}

SAFETY_PLIES = 5_000
"""A game without a turn limit that is still going after this many plies stops unfinished.

Some positions never end by the rules: a Volcano end game whose last pieces can no longer
capture each other goes on for ever. Random and greedy Volcano games otherwise end within a
few hundred plies."""

FORMAT = "icewidgets-playouts"
FORMAT_VERSION = 1

ENGINES = ("reference", "fast", "auto")


# Game-specific counters ---------------------------------------------------------------------


class _Counters:
    """Per-game counters and board heatmaps collected from a game's plies.

    ``fields``: name → (dtype, extra shape, description). ``heatmaps``: name → description;
    a heatmap is a (ranks, files) count over all games of the run. During a game, ``ply``
    adds to ``row`` and appends the squares (board indices) each heatmap counts to ``hits``.
    """

    fields: dict[str, tuple[str, tuple[int, ...], str]] = {}
    heatmaps: dict[str, str] = {}
    labels: dict[str, tuple[tuple[str, ...], ...]] = {}

    def __init__(self, game: Game):
        self.game = game
        from .games import game_class

        module = importlib.import_module(game_class(game.name).__module__)
        grid = getattr(module, "GRID", None)
        self.grid = grid
        self.shape = (grid.ranks, grid.files) if grid is not None else (0, 0)

    def new_row(self) -> dict[str, Any]:
        return {}

    def ply(self, row: dict[str, Any], hits: dict[str, list[int]], state: State) -> None:
        """Count what the ply that led to ``state`` did (most read ``state.events``)."""

    def final(self, row: dict[str, Any], state: State) -> None:
        pass

    def _square(self, name: str) -> int:
        return self.grid.index(name)


class _VolcanoCounters(_Counters):
    fields = {
        "captured": ("uint8", ("players",), "pieces captured by each player"),
        "captures": ("uint8", (5, 3), "pieces captured (by anyone) per colour R Y G B C and size 1–3"),
        "eruptions": ("uint16", (), "eruptions (one per completed turn)"),
        "erupted": ("int32", (), "pieces thrown by eruptions"),
        "eruptions_stopped": ("int32", (), "eruptions stopped by the edge or a cap before the volcano was spent"),
    }
    heatmaps = {
        "eruption_sources": "squares that erupted",
        "captures": "squares where pieces were captured",
        "landings": "squares where erupted pieces landed",
    }
    labels = {"captures": (tuple("RYGBC"), ("1", "2", "3"))}

    def new_row(self) -> dict[str, Any]:
        return {"captures": [[0, 0, 0] for _ in "RYGBC"], "eruptions": 0, "erupted": 0, "eruptions_stopped": 0}

    def ply(self, row, hits, state):
        # The eruption record says what the events would, without making them (playouts never show them).
        eruption = state.eruption
        if eruption is None:
            return
        row["eruptions"] += 1
        hits["eruption_sources"].append(eruption.source)
        landings, captures = hits["landings"], hits["captures"]
        for square, piece, onto, captured in eruption.landed:
            landings.append(square)
            if captured:
                row["captures"]["RYGBC".index(piece.colour)][piece.size - 1] += 1
                captures.append(square)
        row["erupted"] += len(eruption.landed)
        if eruption.stopped_at is not None:
            row["eruptions_stopped"] += 1

    def final(self, row, state):
        row["captured"] = [len(pile) for pile in state.captured]


class _VolterraCounters(_Counters):
    fields = {
        "forfeited": ("uint8", (2,), "tiles forfeited in cut-off parts (dark, light)"),
        "towers": ("uint8", (2,), "towers each player owns at the end (Dark, Light)"),
    }
    heatmaps = {
        "tower_targets": "squares that tower actions built on",
        "cut_off": "squares of towers cut off from both pawns",
    }

    def new_row(self):
        return {}

    def ply(self, row, hits, state):
        for ev in state.events:
            if ev.kind == "tower_moved":
                hits["tower_targets"].append(self._square(ev["target"]))
            elif ev.kind == "cut_off":
                for name in ev["squares"]:
                    hits["cut_off"].append(self._square(name))

    def final(self, row, state):
        row["forfeited"] = list(state.forfeited)
        row["towers"] = [len(h) for h in state.heights]


class _Ice3Counters(_Counters):
    fields = {
        "goal_colour": ("int8", (), "the colour that met the goal (0–3 = R Y G B), −1 if none"),
        "goal_corner": ("int8", (), "the corner where it was met (0–3 = a1 h1 a8 h8), −1 if none"),
        "progress": ("uint8", (), "the best goal progress at the end (cells right)"),
    }
    heatmaps = {"goal_corners": "the corners where the goal was met"}

    def new_row(self):
        return {"goal_colour": -1, "goal_corner": -1}

    def ply(self, row, hits, state):
        for ev in state.events:
            if ev.kind == "win":
                row["goal_colour"] = "RYGB".index(ev["colour"])
                row["goal_corner"] = ("a1", "h1", "a8", "h8").index(ev["corner"])
                hits["goal_corners"].append(self._square(ev["corner"]))

    def final(self, row, state):
        row["progress"] = state.progress


class _BlockadeCounters(_Counters):
    fields = {
        "towers": ("uint8", (4,), "towers per colour R Y G B at the end"),
        "moves": ("uint16", (), "piece moves (plies that move a piece)"),
        "pips": ("uint32", (), "pip-steps: the pips spent on piece moves (one per square crossed)"),
    }
    heatmaps = {"towers": "squares where towers were completed", "blockades": "squares where capped towers (blockades) stand"}
    labels = {"towers": (tuple("RYGB"),)}

    def new_row(self):
        return {"moves": 0, "pips": 0}

    def ply(self, row, hits, state):
        for ev in state.events:
            kind = ev.kind
            if kind == "move":
                row["moves"] += 1
                row["pips"] += ev["pips"]
            elif kind == "tower":
                where = self._square(ev["square"])
                hits["towers"].append(where)
                if ev.get("blockade"):
                    hits["blockades"].append(where)

    def final(self, row, state):
        row["towers"] = [len(state.towers[c]) for c in "RYGB"]


_COUNTERS: dict[str, type[_Counters]] = {
    "volcano": _VolcanoCounters,
    "volterra": _VolterraCounters,
    "ice3": _Ice3Counters,
    "blockade": _BlockadeCounters,
}


def _counters_for(game: Game) -> _Counters:
    return _COUNTERS.get(game.name, _Counters)(game)


def _field_shape(spec: tuple[Any, ...], players: int) -> tuple[int, ...]:
    return tuple(players if dim == "players" else dim for dim in spec)


def _empty_arrays(game: Game, counters: _Counters, n: int) -> dict[str, np.ndarray]:
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
    for name, (dtype, shape, _) in counters.fields.items():
        arrays[name] = np.zeros((n,) + _field_shape(shape, players), dtype=dtype)
    return arrays


# Playing ------------------------------------------------------------------------------------


def game_rng(seed: Any, index: int) -> np.random.Generator:
    """The random stream of game ``index`` of a run seeded ``seed``.

    >>> float(game_rng(1, 0).random()) == float(game_rng(1, 0).random())
    True
    """
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


def _play_range(
    game: Game,
    agents: Sequence[Any],
    seed: Any,
    start: int,
    stop: int,
    max_plies: int | None = None,
    on_game: Callable[[int], Any] | None = None,
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], bool]:
    """Play games ``start``…``stop-1`` of the run seeded ``seed`` with the reference engine.

    Returns ``(arrays, heatmaps, interrupted)``: one row per finished game (all of them unless
    a KeyboardInterrupt stopped the range early, then only those before it) and the heatmap
    counts of those games. ``on_game(done)`` is called after each game. This is the chunk API:
    any engine that returns the same arrays for the same arguments can stand in for it.
    """
    players = game.num_players
    agents = [_agents.get_agent(a) for a in agents]
    trusted = [a in (_agents.random_agent, _agents.greedy) or str(getattr(a, "agent_name", "") or "").startswith("mcts")
               for a in agents]
    is_random = [a is _agents.random_agent for a in agents]
    counters = _counters_for(game)
    n = stop - start
    arrays = _empty_arrays(game, counters, n)
    squares = counters.shape[0] * counters.shape[1]
    heat_counts = {name: [0] * squares for name in counters.heatmaps}  # flat, by square index
    limit = max_plies or game.ply_bound or (SAFETY_PLIES if getattr(game, "max_turns", None) is None else 10**9)
    ply = counters.ply
    done = 0
    interrupted = False
    try:
        for row_index, i in enumerate(range(start, stop)):
            rng = game_rng(seed, i)
            draw = rng.random
            state = game.new_state(seed=rng)
            row = counters.new_row()
            hits: dict[str, list[int]] = {name: [] for name in counters.heatmaps}
            plies = decisions = options = 0
            first = -1
            while not state.is_over and plies < limit:
                mover = state.to_move
                if mover == CHANCE:
                    move = _agents.chance_move(state, rng)
                    state = state._apply(move)
                else:
                    if first < 0:
                        first = mover
                    moves = state.legal_moves()
                    decisions += 1
                    options += len(moves)
                    if is_random[mover]:
                        # random_agent's one draw, inlined: the hottest line of every random playout.
                        move = moves[int(draw() * len(moves))]
                    else:
                        move = agents[mover](state, rng)
                    state = state._apply(move) if trusted[mover] else state.play(move)
                plies += 1
                ply(row, hits, state)
            counters.final(row, state)
            winners = state.winners
            for p in winners:
                arrays["winners"][row_index, p] = True
            arrays["scores"][row_index] = _int_scores(state.scores, players)
            arrays["turns"][row_index] = state.turns
            arrays["plies"][row_index] = plies
            arrays["first"][row_index] = max(first, 0)
            if state.is_over and not state.unfinished:
                arrays["result"][row_index] = RESULT_CODES["win"] if winners else RESULT_CODES["draw"]
            else:
                arrays["result"][row_index] = RESULT_CODES["unfinished"]
            arrays["branching"][row_index] = options / decisions if decisions else 0.0
            for name, value in row.items():
                arrays[name][row_index] = value
            for name, hit in hits.items():
                counts = heat_counts[name]
                for square in hit:
                    counts[square] += 1
            done += 1
            if on_game is not None:
                on_game(done)
    except KeyboardInterrupt:
        interrupted = True
    if done < n:
        arrays = {name: array[:done].copy() for name, array in arrays.items()}
    heat = {name: np.array(counts, dtype=np.int64).reshape(counters.shape) for name, counts in heat_counts.items()}
    return arrays, heat, interrupted


def _int_scores(scores: Any, players: int) -> list[int]:
    out = []
    for s in tuple(scores)[:players]:
        try:
            out.append(int(s))
        except (TypeError, ValueError):
            out.append(0)
    return out + [0] * (players - len(out))


def _resolve_game(game: Game | str, options: dict[str, Any] | None, max_turns: int | None) -> tuple[Game, int | None]:
    from .games import game_class, make

    if isinstance(game, str):
        game = make(game.strip().lower(), **(options or {}))
    elif not isinstance(game, Game):
        raise TypeError(f"game must be a game name like 'volcano' or a Game, not {type(game).__name__}")
    elif options:
        game = dataclasses.replace(game, **options)
    if max_turns is not None:
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) or max_turns < 1:
            raise ValueError(f"max_turns={max_turns!r} must be a whole number ≥ 1 (or None)")
        game = dataclasses.replace(game, max_turns=int(max_turns))
    elif getattr(game, "max_turns", None) is None:
        module = importlib.import_module(game_class(game.name).__module__)
        default = getattr(module, "PLAYOUT_MAX_TURNS", None)
        if default is not None:
            game = dataclasses.replace(game, max_turns=default)
    return game, getattr(game, "max_turns", None)


def _resolve_agents(game: Game, agents: Any) -> tuple[list[Any], tuple[str, ...]]:
    if isinstance(agents, str) or callable(agents):
        agents = [agents]
    agents = list(agents)
    players = game.num_players
    if len(agents) == 1:
        agents = agents * players
    if len(agents) != players:
        raise ValueError(
            f"{game.name} with these options has {players} players, but {len(agents)} agents were given "
            f"({', '.join(_agents.agent_name(a) if not isinstance(a, str) else a for a in agents)}); "
            f"give one agent per seat, or one for every seat"
        )
    resolved = [_agents.get_agent(a) for a in agents]
    names = tuple(_agents.agent_name(a) for a in agents)
    return resolved, names


def _check_n(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n={n!r} must be a whole number of games ≥ 1")
    return int(n)


def _check_seed(seed: Any) -> Any:
    try:
        np.random.SeedSequence(seed)
    except (TypeError, ValueError):
        raise ValueError(f"seed={seed!r} must be a whole number ≥ 0 (or a sequence of them)") from None
    return seed if isinstance(seed, (int, np.integer)) else tuple(int(s) for s in seed)


def playouts(
    game: Game | str,
    n: int,
    agents: Any = ("random", "random"),
    seed: Any = 0,
    max_turns: int | None = None,
    progress: bool | str = "auto",
    engine: str = "auto",
    options: dict[str, Any] | None = None,
    chunk_size: int | None = None,
    executor: Any = None,
    workers: int | None = None,
) -> "PlayoutResults":
    """Play ``n`` whole games of ``game`` and return their results as arrays.

    - ``game``: a Game (``iw.make("volcano", players=3)``) or a name (then ``options`` are its options).
    - ``agents``: one agent per seat (names ``"random"``, ``"greedy"``, ``"mcts"`` or callables
      ``agent(state, rng) -> move``), or a single agent for every seat.
    - ``seed``: game ``i`` draws from ``SeedSequence(seed, spawn_key=(i,))``.
    - ``max_turns``: stop each game after that many turns, counted as *unfinished*. Games that
      random play may never finish get their module's documented playout limit
      (``PLAYOUT_MAX_TURNS`` in Ice3 and Blockade) when neither this nor the game's own
      ``max_turns`` option is set.
    - ``progress``: ``"auto"`` shows a bar in a notebook, or in a terminal when stderr is one;
      True always; False never.
    - ``engine``: ``"auto"`` (the default: compiled kernels where one plays these options and
      agents, else the rules engines), ``"reference"`` (always the rules engines) or ``"fast"``
      (compiled kernels; an error where none applies). The fast engine plays exactly the same
      games and counts the same board heatmaps.
    - ``executor``: any ``concurrent.futures.Executor`` to play the chunks on (a process pool, or
      Dask's ``client.get_executor()`` to spread millions of games over a cluster); without one
      the fast engine uses ``workers`` threads (default: every core). Games are cut into fixed
      chunks, so the results are the same whatever the executor or the number of workers.

    Ctrl-C (a KeyboardInterrupt) stops the run and returns the games finished so far, with
    ``results.partial`` set.
    """
    n = _check_n(n)
    seed = _check_seed(seed)
    if engine not in ENGINES:
        raise ValueError(f"engine={engine!r}; choose one of {', '.join(map(repr, ENGINES))}")
    game, effective_max = _resolve_game(game, options, max_turns)
    resolved, names = _resolve_agents(game, agents)
    kernel = None
    if engine in ("fast", "auto"):
        kernel = _fast_kernel(game, resolved)
        if kernel is None and engine == "fast":
            raise ValueError(
                f"no compiled engine plays {game!r} with agents {', '.join(names)}; use engine='reference' or 'auto'"
            )
    bar = _progress_bar(progress, n, f"{game.title} playouts")
    parts: list[tuple[dict, dict]] = []
    finished = 0
    started = time.perf_counter()
    try:
        for _, finished, arrays, heat in _chunks(game, kernel, resolved, seed, n, chunk_size, executor, workers,
                                                 on_game=bar.update):
            parts.append((arrays, heat))
            bar.update(finished)
    except KeyboardInterrupt:
        pass  # the games finished so far are the results
    finally:
        bar.close()
    interrupted = finished < n
    elapsed = time.perf_counter() - started
    results = PlayoutResults._join(game, names, seed, parts, elapsed=elapsed, partial=interrupted,
                                   engine="fast" if kernel is not None else "reference", max_turns=effective_max)
    if interrupted:
        print(f"Interrupted: returning the {results.n:,} games finished so far (results.partial is True).",
              file=sys.stderr)
    return results


def _chunks(game: Game, kernel: Any, agents: Sequence[Any], seed: Any, n: int, chunk_size: int | None = None,
            executor: Any = None, workers: int | None = None,
            on_game: Callable[[int], Any] | None = None) -> Iterator[tuple[int, int, dict, dict]]:
    """``(start, stop, arrays, heatmaps)`` of each chunk of a run, in index order, played by a
    compiled ``kernel`` (or, with None, by the rules engines).

    Compiled chunks, and the rules engines' on an ``executor``, run ahead on ``workers`` threads
    (or the executor); closing the generator cancels those not yet started. Without either, the
    rules engines play here: ``on_game(games_done)`` after every game, and a KeyboardInterrupt
    during a game ends the run with a last, shorter chunk (``stop`` counts its games).
    """
    from functools import partial

    from .playout import chunks as parallel

    if kernel is None and executor is None:
        size = chunk_size or max(n, 1)
        for start in range(0, n, size):
            progress = None if on_game is None else (lambda done, start=start: on_game(start + done))
            arrays, heat, interrupted = _play_range(game, agents, seed, start, min(n, start + size), on_game=progress)
            yield start, start + len(arrays["plies"]), arrays, heat
            if interrupted:
                return
        return
    if kernel is not None:
        chunk = partial(kernel.play_range, game, _fast_names(agents), seed)
        size = chunk_size or parallel.default_chunk_size(n)
    else:
        chunk = partial(_play_range, game, agents, seed)
        size = chunk_size or 1_000
    for start, stop, out in parallel.map_chunks(chunk, n, size, executor, workers):
        arrays, heat = _from_kernel(game, out) if kernel is not None else out[:2]
        yield start, stop, arrays, heat


def _fast_kernel(game: Game, agents: Sequence[Any]) -> Any:
    try:
        from . import fast
    except Exception:
        return None
    try:
        return fast.kernel_for(game, agents)
    except Exception:
        return None


def _fast_names(agents: Sequence[Any]) -> tuple[str, ...]:
    from . import fast

    return fast.agent_names(agents)


def _from_kernel(game: Game, out: dict[str, np.ndarray]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """Kernel arrays (winners as a bit mask, an ``unfinished`` flag) → the results' arrays, and
    the heatmaps of the kernels that count them (``heatmap:<name>``, flat by square index)."""
    players = game.num_players
    arrays = dict(out)
    shape = _counters_for(game).shape
    heat = {key.split(":", 1)[1]: np.asarray(arrays.pop(key), dtype=np.int64).reshape(shape)
            for key in list(arrays) if key.startswith("heatmap:")}
    mask = np.asarray(arrays.pop("winners")).astype(np.int64)
    winners = ((mask[:, None] >> np.arange(players)) & 1).astype(bool)
    unfinished = np.asarray(arrays.pop("unfinished"), dtype=bool)
    result = np.where(unfinished, RESULT_CODES["unfinished"],
                      np.where(winners.any(axis=1), RESULT_CODES["win"], RESULT_CODES["draw"])).astype(np.int8)
    # Kernels that record their move sequences (for the exactness tests) call them "moves" as a
    # 2-D array; Blockade's per-game piece-move counter of the same name is 1-D and is kept.
    if np.ndim(arrays.get("moves")) == 2:
        del arrays["moves"]
    first = game.new_state().to_move
    n = len(result)
    core = {
        "winners": winners,
        "scores": np.asarray(arrays.pop("scores"), dtype=np.int16),
        "turns": np.asarray(arrays.pop("turns"), dtype=np.int32),
        "plies": np.asarray(arrays.pop("plies"), dtype=np.int32),
        "first": np.full(n, max(first, 0), dtype=np.int8),
        "result": result,
    }
    core.update(arrays)
    return core, heat


# Results ------------------------------------------------------------------------------------


CORE_FIELDS = ("winners", "scores", "turns", "plies", "first", "result")


class PlayoutResults:
    """The results of a run of playouts: one row per game in numpy arrays.

    Arrays (``results.winners`` etc., all in ``results.arrays``):

    - ``winners`` bool (n, players): the winners of each game (several on a shared win).
    - ``scores`` int16 (n, players): final scores (Volcano points, Volterra towers, …).
    - ``turns``, ``plies`` int32: the length of each game.
    - ``first`` int8: the seat that made the first move.
    - ``result`` int8: 0 a win, 1 a draw, 2 unfinished (stopped by the turn limit).
    - ``branching`` float32: the mean number of legal moves at the game's decisions (reference engine).
    - game-specific counters (``results.counters``), e.g. Volcano ``captures`` (n, 5 colours, 3 sizes).

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
        counters = _COUNTERS.get(game.name, _Counters)
        self.descriptions = descriptions if descriptions is not None else {
            **{name: spec[2] for name, spec in counters.fields.items()},
            **{f"heatmap:{name}": text for name, text in counters.heatmaps.items()},
        }

    # Building ---------------------------------------------------------------------------

    @classmethod
    def _join(cls, game: Game, agents: Sequence[str], seed: Any, parts: Sequence[tuple[dict, dict]],
              **kwargs: Any) -> "PlayoutResults":
        if parts:
            keys = list(parts[0][0])
            arrays = {key: np.concatenate([p[0][key] for p in parts]) for key in keys}
        else:
            arrays = _empty_arrays(game, _counters_for(game), 0)
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
        joined = cls._join(first.game, first.agents, first.seed, [(p.arrays, p.heatmaps) for p in parts],
                           elapsed=sum(p.elapsed for p in parts), partial=any(p.partial for p in parts),
                           engine=first.engine, max_turns=first.max_turns)
        return joined

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
        rows.extend(self._game_rows(data))
        data["games_per_second"] = self.games_per_second
        rows.append(["speed", f"{self.games_per_second:,.0f} games/s", f"{self.elapsed:.2f} s, {self.engine} engine"])
        title = f"{self.game.title} playouts: {' vs '.join(self.agents)} (seed {self.seed})"
        return Table(["", "value", "detail"], rows, title=title, data=data)

    def _game_rows(self, data: dict[str, Any]) -> list[list[Any]]:
        a, n, rows = self.arrays, self.n, []
        if not n:
            return rows
        name = self.game.name
        if name == "volcano":
            turns = np.maximum(a["turns"], 1)
            rows.append(["cap moves per turn", f"{float((a['plies'] / turns).mean()):.2f}", ""])
            if "erupted" in a:
                per = float(a["erupted"].sum()) / max(1, int(a["turns"].sum()))
                rows.append(["pieces thrown per eruption", f"{per:.2f}", ""])
            if "captures" in a:
                by_size = a["captures"].sum(axis=(0, 1)) / n
                rows.append(["captures per game", f"{float(by_size.sum()):.2f}",
                             "small {:.2f}, medium {:.2f}, large {:.2f}".format(*by_size)])
        elif name == "volterra" and "forfeited" in a:
            per = a["forfeited"].mean(axis=0)
            rows.append(["tiles forfeited per game", f"{float(per.sum()):.2f}", f"dark {per[0]:.2f}, light {per[1]:.2f}"])
        elif name == "blockade" and "towers" in a:
            per = a["towers"].reshape(n, -1).mean(axis=0)
            rows.append(["towers per game", f"{float(per.sum()):.2f}",
                         ", ".join(f"{c} {v:.2f}" for c, v in zip("RYGB", per))])
        elif name == "ice3" and "goal_colour" in a:
            done = a["goal_colour"] >= 0
            rows.append(["goals reached", f"{int(done.sum()):,}",
                         ", ".join(f"{c} {int((a['goal_colour'] == i).sum())}" for i, c in enumerate("RYGB"))])
            rows.append(["goal progress at the end", f"{float(a['progress'].mean()):.2f}",
                         f"of {self.game.goal_size} ({self.game.goal} goal)"])
        return rows

    def __repr__(self) -> str:
        flag = ", partial" if self.partial else ""
        return f"<PlayoutResults {self.game!r}: {self.n:,} games, agents {', '.join(self.agents)}, seed {self.seed}{flag}>"

    def _repr_html_(self) -> str:
        return self.summary()._repr_html_()

    def plot(self, fig: Any = None) -> Any:
        """A one-figure dashboard: scores, lengths, win rates, first-player advantage, a heatmap."""
        from .stats import plot_dashboard

        return plot_dashboard(self, fig=fig)

    # Tables and files ---------------------------------------------------------------------

    def columns(self) -> dict[str, np.ndarray]:
        """One flat column per value: ``winner_1``, ``score_1``, …, ``captures_R1``, … (for CSV and pandas)."""
        cols: dict[str, np.ndarray] = {"game": np.arange(self.n, dtype=np.int64)}
        labels = _COUNTERS.get(self.game.name, _Counters).labels
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
        frame["result"] = pd.Categorical.from_codes(frame["result"].astype(int), ["win", "draw", "unfinished"])
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
        from .games import make

        options = meta.get("options", {})
        if isinstance(options.get("caps"), list):
            options["caps"] = tuple(options["caps"])
        game = make(meta["game"], **options)
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


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


# Tournament ---------------------------------------------------------------------------------


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
        from .stats import plot_cross_table

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

    >>> t = tournament("volcano", ["random", "greedy"], n=4, seed=1, progress=False)
    >>> float(t.score[1, 0])
    1.0
    """
    n = _check_n(n)
    game, _ = _resolve_game(game, options, max_turns)
    if game.num_players != 2:
        raise ValueError(f"tournament() plays two-player games; this {game.name} has {game.num_players} players")
    agents = list(agents)
    if len(agents) < 2:
        raise ValueError("tournament() needs at least two agents")
    plain = [_agents.agent_name(a) for a in agents]
    names = [f"{name}#{k + 1}" if plain.count(name) > 1 else name for k, name in enumerate(plain)]
    seed = _check_seed(seed)
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


# Progress -----------------------------------------------------------------------------------


class _NoBar:
    def update(self, done: int) -> None:
        pass

    def close(self) -> None:
        pass


class _TextBar:
    def __init__(self, total: int, label: str, stream: Any):
        self.total, self.label, self.stream = total, label, stream
        self.started = time.perf_counter()
        self.shown = 0.0
        self.done = 0

    def update(self, done: int) -> None:
        self.done = done
        now = time.perf_counter()
        if now - self.shown < 0.1 and done < self.total:
            return
        self.shown = now
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else float("nan")
        width = 24
        filled = int(width * done / self.total) if self.total else width
        eta_text = f"ETA {eta:.0f}s" if math.isfinite(eta) else ""
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{self.total:,} "
                          f"{rate:,.0f} games/s {eta_text}   ")
        self.stream.flush()

    def close(self) -> None:
        self.update(self.done) if self.done < self.total else None
        self.stream.write("\n")
        self.stream.flush()


class _WidgetBar:
    def __init__(self, total: int, label: str):
        import ipywidgets as widgets
        from IPython.display import display

        self.total = total
        self.bar = widgets.IntProgress(value=0, min=0, max=max(total, 1), description="", layout=widgets.Layout(width="50%"))
        self.text = widgets.Label(f"{label}: 0/{total:,}")
        self.label = label
        self.box = widgets.HBox([self.bar, self.text])
        self.started = time.perf_counter()
        self.shown = 0.0
        display(self.box)

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if now - self.shown < 0.1 and done < self.total:
            return
        self.shown = now
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        self.bar.value = done
        self.text.value = f"{self.label}: {done:,}/{self.total:,} ({rate:,.0f} games/s)"

    def close(self) -> None:
        self.bar.bar_style = "success" if self.bar.value >= self.total else "warning"


def _in_notebook() -> bool:
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:
        return False
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


def _progress_bar(progress: bool | str, total: int, label: str) -> Any:
    if progress not in (True, False, "auto"):
        raise ValueError(f"progress={progress!r}; use True, False or 'auto'")
    if progress is False:
        return _NoBar()
    if _in_notebook():
        try:
            return _WidgetBar(total, label)
        except Exception:
            pass
    stream = sys.stderr
    if progress is True or (hasattr(stream, "isatty") and stream.isatty()):
        return _TextBar(total, label, stream)
    return _NoBar()
