"""Running playouts: :class:`PlayoutRun`, the one way a run is planned and played, and :func:`playouts`.

Every game of a run gets its own random stream, :func:`game_rng` ``(seed, i)`` =
``numpy.random.default_rng(SeedSequence(seed, spawn_key=(i,)))`` for game ``i``, shared by its
agents and its dice. A game's result therefore depends only on ``seed`` and its index: any
order, any chunking, any number of workers gives the same arrays. Each game starts from
``game.new_state(seed=rng)`` (only seeded setups draw).

A run is planned once (:meth:`PlayoutRun.plan` checks and resolves the game, its options and
turn limit, one agent per seat, the seed and the engine), played in chunks of games
(:meth:`PlayoutRun.chunks`, here or on any executor) and joined (:meth:`PlayoutRun.results`).
:func:`playouts`, the PlayoutLab and the command line all go through it.

>>> import icewidgets as iw
>>> run = PlayoutRun.plan(iw.available_games()[0], 6, agents="random", seed=1)
>>> run.n, run.names == ("random",) * run.game.num_players
(6, True)
>>> chunks = list(run.chunks(chunk_size=4))
>>> [(chunk.start, chunk.stop) for chunk in chunks]
[(0, 4), (4, 6)]
>>> results = run.results(chunks)
>>> results.n, results.partial, results.winners.shape == (6, run.game.num_players)
(6, False, True)
"""

from __future__ import annotations

import dataclasses
import sys
import time
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Sequence

import numpy as np

from .. import agents as agents_module
from .. import fast
from ..protocol import CHANCE, Game
from . import chunks as chunking
from .progress import progress_bar
from .results import RESULT_CODES, PlayoutResults, heatmap_shape, result_arrays

__all__ = ["ENGINES", "SAFETY_PLIES", "Chunk", "PlayoutRun", "check_count", "check_seed", "game_rng", "ply_limit",
           "playouts", "resolve_game"]

ENGINES = ("reference", "fast", "auto")
"""``engine=`` choices: the rules engines, the compiled kernels, or kernels where one applies."""

SAFETY_PLIES = 5_000
"""A game without a turn limit that is still going after this many plies stops unfinished.

Some positions never end by the rules, and random play can reach them (each game documents
its own, and a turn limit, :attr:`Game.playout_max_turns`, for those that need one)."""

_UNLIMITED = 10**9  # a turn limit ends the game before this many plies


def game_rng(seed: Any, index: int) -> np.random.Generator:
    """The random stream of game ``index`` of a run seeded ``seed``.

    >>> float(game_rng(1, 0).random()) == float(game_rng(1, 0).random())
    True
    """
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


def ply_limit(game: Game) -> int:
    """The most plies any engine plays in one game of ``game``: the rules' own bound
    (``game.ply_bound``) if they have one; else :data:`SAFETY_PLIES` for a game without a turn
    limit; else no limit (the turn limit ends it)."""
    if game.ply_bound:
        return game.ply_bound
    return SAFETY_PLIES if getattr(game, "max_turns", None) is None else _UNLIMITED


def check_count(n: Any) -> int:
    """``n`` as a number of games (a whole number ≥ 1), or a ValueError saying what is wrong."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n={n!r} must be a whole number of games ≥ 1")
    return int(n)


def check_seed(seed: Any) -> int | tuple[int, ...]:
    """``seed`` as a run seed (a whole number ≥ 0, or a tuple of them), or a ValueError."""
    try:
        np.random.SeedSequence(seed)
    except (TypeError, ValueError):
        raise ValueError(f"seed={seed!r} must be a whole number ≥ 0 (or a sequence of them)") from None
    return seed if isinstance(seed, (int, np.integer)) else tuple(int(s) for s in seed)


def resolve_game(game: Game | str, options: dict[str, Any] | None = None, max_turns: int | None = None) -> Game:
    """The game a run plays: ``game`` (a Game, or a registered name) with ``options`` and the
    turn limit ``max_turns``; without either a limit or the game's own ``max_turns`` option, the
    game's :attr:`~icewidgets.protocol.Game.playout_max_turns`.

    >>> import icewidgets as iw
    >>> resolve_game(iw.available_games()[0], max_turns=7).max_turns
    7
    """
    from ..games import make

    if isinstance(game, str):
        game = make(game.strip().lower(), **(options or {}))
    elif not isinstance(game, Game):
        raise TypeError(f"game must be a registered game name or a Game, not {type(game).__name__}")
    elif options:
        game = dataclasses.replace(game, **options)
    if max_turns is not None:
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) or max_turns < 1:
            raise ValueError(f"max_turns={max_turns!r} must be a whole number ≥ 1 (or None)")
        if "max_turns" not in game.options:
            raise ValueError(f"{game.name} has no turn limit (no max_turns option)")
        game = dataclasses.replace(game, max_turns=int(max_turns))
    elif getattr(game, "max_turns", None) is None and game.playout_max_turns is not None:
        game = dataclasses.replace(game, max_turns=game.playout_max_turns)
    return game


class Chunk(NamedTuple):
    """Games ``start``…``stop-1`` of a run: one row per game in ``arrays``, and the ``heatmaps``
    (a count per board square) summed over them."""

    start: int
    stop: int
    arrays: dict[str, np.ndarray]
    heatmaps: dict[str, np.ndarray]


@dataclasses.dataclass(frozen=True)
class PlayoutRun:
    """A run of ``n`` games, planned: the ``game`` (with the turn limit it plays), one agent per
    seat (``agents``, callables, and their ``names``), the ``seed`` and the ``engine`` that plays
    it (``"fast"``: a compiled kernel; ``"reference"``: the rules engines). Make one with
    :meth:`plan`; it pickles, so its chunks can be played on other processes or machines.
    """

    game: Game
    n: int
    agents: tuple[Any, ...]
    names: tuple[str, ...]
    seed: int | tuple[int, ...]
    engine: str

    @classmethod
    def plan(cls, game: Game | str, n: int, agents: Any = ("random", "random"), seed: Any = 0,
             max_turns: int | None = None, engine: str = "auto", options: dict[str, Any] | None = None) -> "PlayoutRun":
        """Check and resolve the settings of a run (see :func:`playouts` for what they mean);
        bad settings raise a ValueError or TypeError that names the problem."""
        n = check_count(n)
        seed = check_seed(seed)
        if engine not in ENGINES:
            raise ValueError(f"engine={engine!r}; choose one of {', '.join(map(repr, ENGINES))}")
        game = resolve_game(game, options, max_turns)
        resolved, names = _resolve_agents(game, agents)
        compiled = engine != "reference" and _kernel_plays(game, resolved)
        if engine == "fast" and not compiled:
            raise ValueError(
                f"no compiled engine plays {game!r} with agents {', '.join(names)}; use engine='reference' or 'auto'"
            )
        return cls(game, n, tuple(resolved), names, seed, "fast" if compiled else "reference")

    @property
    def max_turns(self) -> int | None:
        """The turn limit the games play under (None: none)."""
        return getattr(self.game, "max_turns", None)

    @property
    def max_plies(self) -> int:
        """The ply limit of every game (:func:`ply_limit`)."""
        return ply_limit(self.game)

    def prepare(self, notify: Callable[[str], Any] | None = None) -> None:
        """Compile the run's kernel, or load it from the cache, before any chunk is played: the
        first run in a new installation compiles for seconds, and ``notify(text)`` hears when
        that takes long (see :func:`icewidgets.fast.prepare`). The rules engines need nothing."""
        if self.engine == "fast":
            fast.prepare(self.game, self.agents, notify)

    def play_range(self, start: int, stop: int, on_game: Callable[[int], Any] | None = None) -> Chunk:
        """Play games ``start``…``stop-1`` with the run's engine.

        The rules engines call ``on_game(games_done)`` after each game; a KeyboardInterrupt
        during a game ends the chunk early, with the games finished before it (``stop`` says
        how many). Any engine returns the same chunk for the same arguments.
        """
        if self.engine == "fast":
            out = fast.play_range(self.game, self.agents, self.seed, start, stop, self.max_plies)
            return Chunk(start, stop, *_from_kernel(self.game, out))
        return _play_reference(self.game, self.agents, self.seed, start, stop, self.max_plies, on_game)

    def chunks(self, chunk_size: int | None = None, executor: Any = None, workers: int | None = None,
               on_game: Callable[[int], Any] | None = None) -> Iterator[Chunk]:
        """The run's chunks, in index order.

        Compiled chunks, and the rules engines' on an ``executor``, run ahead on ``workers``
        threads (default: one per core) or the executor (see :mod:`icewidgets.playout.chunks`);
        closing the iterator cancels those not yet started. Otherwise the rules engines play
        here, one chunk of ``chunk_size`` games at a time (default: all), with
        ``on_game(games_done)`` after every game; a KeyboardInterrupt during a game ends the
        run with a last, shorter chunk.
        """
        n = self.n
        if self.engine == "reference" and executor is None:
            size = chunk_size or n
            for start in range(0, n, size):
                progress = None if on_game is None else (lambda done, start=start: on_game(start + done))
                chunk = self.play_range(start, min(n, start + size), on_game=progress)
                yield chunk
                if chunk.stop < min(n, start + size):
                    return
            return
        size = chunk_size or (chunking.default_chunk_size(n) if self.engine == "fast" else 1_000)
        for _, _, chunk in chunking.map_chunks(self.play_range, n, size, executor, workers):
            yield chunk

    def results(self, chunks: Iterable[Chunk], elapsed: float = 0.0) -> PlayoutResults:
        """The results of the chunks played so far (``partial`` when they hold fewer than ``n`` games)."""
        chunks = list(chunks)
        played = sum(chunk.stop - chunk.start for chunk in chunks)
        return PlayoutResults.from_parts(self.game, self.names, self.seed,
                                         [(chunk.arrays, chunk.heatmaps) for chunk in chunks], elapsed=elapsed,
                                         partial=played < self.n, engine=self.engine, max_turns=self.max_turns)


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
) -> PlayoutResults:
    """Play ``n`` whole games of ``game`` and return their results as arrays.

    - ``game``: a Game (``iw.make(name, players=3)``) or a registered name (then ``options`` are its options).
    - ``agents``: one agent per seat (names ``"random"``, ``"greedy"``, ``"mcts"`` or callables
      ``agent(state, rng) -> move``), or a single agent for every seat.
    - ``seed``: game ``i`` draws from ``SeedSequence(seed, spawn_key=(i,))``.
    - ``max_turns``: stop each game after that many turns, counted as *unfinished*. Games that
      random play may never finish get their game's documented playout limit
      (``Game.playout_max_turns``) when neither this nor the game's own ``max_turns`` option is set.
    - ``progress``: ``"auto"`` shows a bar in a notebook, or in a terminal when stderr is one;
      True always; False never. Unless it is False, a first run that must compile the fast
      engine says so on stderr, with the time it took.
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

    >>> import icewidgets as iw
    >>> results = iw.playouts(iw.available_games()[0], 20, agents="greedy", seed=1, progress=False)
    >>> results.n, results.winners.dtype.name
    (20, 'bool')
    >>> print(results.summary().rows[0])
    ['games', '20', '']
    """
    run = PlayoutRun.plan(game, n, agents, seed, max_turns, engine, options)
    run.prepare(None if progress is False else _notice)
    bar = progress_bar(progress, run.n, f"{run.game.title} playouts")
    played: list[Chunk] = []
    started = time.perf_counter()
    try:
        for chunk in run.chunks(chunk_size, executor, workers, on_game=bar.update):
            played.append(chunk)
            bar.update(chunk.stop)
    except KeyboardInterrupt:
        pass  # the games finished so far are the results
    finally:
        bar.close()
    results = run.results(played, elapsed=time.perf_counter() - started)
    if results.partial:
        print(f"Interrupted: returning the {results.n:,} games finished so far (results.partial is True).",
              file=sys.stderr)
    return results


def _notice(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# The engines ----------------------------------------------------------------------------------


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
            f"({', '.join(agents_module.agent_name(a) if not isinstance(a, str) else a for a in agents)}); "
            f"give one agent per seat, or one for every seat"
        )
    resolved = [agents_module.get_agent(a) for a in agents]
    names = tuple(agents_module.agent_name(a) for a in agents)
    return resolved, names


def _kernel_plays(game: Game, agents: Sequence[Any]) -> bool:
    try:
        return fast.kernel_for(game, agents) is not None
    except Exception:  # a kernel that fails to load: the rules engines serve
        return False


def _play_reference(game: Game, agents: Sequence[Any], seed: Any, start: int, stop: int, max_plies: int,
                    on_game: Callable[[int], Any] | None) -> Chunk:
    """Games ``start``…``stop-1`` on the rules engines (see :meth:`PlayoutRun.play_range`)."""
    players = game.num_players
    trusted = [a in (agents_module.random_agent, agents_module.greedy)
               or str(getattr(a, "agent_name", "") or "").startswith("mcts") for a in agents]
    is_random = [a is agents_module.random_agent for a in agents]
    counters = game.counters
    n = stop - start
    arrays = result_arrays(game, n)
    shape = heatmap_shape(game)
    heat_counts = {name: [0] * (shape[0] * shape[1]) for name in counters.heatmaps}  # flat, by square index
    ply = counters.ply
    done = 0
    try:
        for row_index, i in enumerate(range(start, stop)):
            rng = game_rng(seed, i)
            draw = rng.random
            state = game.new_state(seed=rng)
            row = counters.new_row()
            hits: dict[str, list[int]] = {name: [] for name in counters.heatmaps}
            plies = decisions = options = 0
            first = -1
            while not state.is_over and plies < max_plies:
                mover = state.to_move
                if mover == CHANCE:
                    move = agents_module.chance_move(state, rng)
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
        pass  # the chunk ends with the games finished so far
    if done < n:
        arrays = {name: array[:done].copy() for name, array in arrays.items()}
    heat = {name: np.array(counts, dtype=np.int64).reshape(shape) for name, counts in heat_counts.items()}
    return Chunk(start, start + done, arrays, heat)


def _int_scores(scores: Any, players: int) -> list[int]:
    out = []
    for s in tuple(scores)[:players]:
        try:
            out.append(int(s))
        except (TypeError, ValueError):
            out.append(0)
    return out + [0] * (players - len(out))


def _from_kernel(game: Game, out: dict[str, np.ndarray]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """A kernel's arrays (winners as a bit mask, an ``unfinished`` flag, flat ``heatmap:<name>``
    counts) → the results' arrays and heatmaps."""
    players = game.num_players
    arrays = dict(out)
    shape = heatmap_shape(game)
    heat = {key.split(":", 1)[1]: np.asarray(arrays.pop(key), dtype=np.int64).reshape(shape)
            for key in list(arrays) if key.startswith("heatmap:")}
    mask = np.asarray(arrays.pop("winners")).astype(np.int64)
    winners = ((mask[:, None] >> np.arange(players)) & 1).astype(bool)
    unfinished = np.asarray(arrays.pop("unfinished"), dtype=bool)
    result = np.where(unfinished, RESULT_CODES["unfinished"],
                      np.where(winners.any(axis=1), RESULT_CODES["win"], RESULT_CODES["draw"])).astype(np.int8)
    n = len(result)
    if "first" in arrays:
        first = np.asarray(arrays.pop("first"), dtype=np.int8)
    else:  # the kernel's games all start with the same seat
        first = np.full(n, max(game.new_state().to_move, 0), dtype=np.int8)
    core = {
        "winners": winners,
        "scores": np.asarray(arrays.pop("scores"), dtype=np.int16),
        "turns": np.asarray(arrays.pop("turns"), dtype=np.int32),
        "plies": np.asarray(arrays.pop("plies"), dtype=np.int32),
        "first": first,
        "result": result,
    }
    core.update(arrays)
    return core, heat
