"""Running playouts: :class:`PlayoutRun`, the one way a run is planned and played, and :func:`playouts`.

Every game of a run gets its own random stream, :func:`~icewidgets.playout.engines.game_rng`
``(seed, i)`` = ``numpy.random.default_rng(SeedSequence(seed, spawn_key=(i,)))`` for game ``i``, shared by its
agents and its dice. A game's result therefore depends only on ``seed`` and its index: any
order, any chunking, any number of workers gives the same arrays. Each game starts from
``game.new_state(seed=rng)`` (only seeded setups draw).

With ``rotate_seats=True`` the stream is a *deal*: deal ``d`` (stream ``(seed, d)``) is played
once per seating, the agents moved one seat on each time (games ``d·players`` to
``d·players + players − 1``, in the order of :attr:`PlayoutRun.seatings`). Same dice, same
setup, every agent in every seat: seat advantage and agent strength can be told apart.

A run is planned once (:meth:`PlayoutRun.plan` checks and resolves the game, its options and
turn limit, the agents and seatings, the seed, the engine and an optional precision), played
in chunks of games (:meth:`PlayoutRun.chunks`, here or on any executor) and joined
(:meth:`PlayoutRun.results`). :func:`playouts`, the PlayoutLab and the command line all go
through it.

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

import ast
import dataclasses
import functools
import math
import os
import sys
import threading
import time
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from .. import agents as agents_module
from .. import checks, fast
from ..counters import check_format as check_counters
from ..protocol import Game
from ..stats import Z95, Estimate, Tally
from ..words import plural
from . import chunks as chunking
from .engines import Chunk, join_chunks, play_compiled, play_reference
from .progress import check_progress, progress_bar
from .results import PlayoutResults, first_player_points, heatmap_shape, result_arrays

__all__ = ["DEFAULT_PRECISION", "ENGINES", "MAX_GAMES", "SAFETY_PLIES", "PlayoutRun", "PrecisionRule",
           "check_chunking", "check_count", "check_memory", "check_precision", "check_seed", "parse_options",
           "notice", "play_run", "ply_limit", "playouts", "resolve_game"]

ENGINES = ("reference", "fast", "auto")
"""``engine=`` choices: the rules engines, the compiled kernels, or kernels where one applies."""

DEFAULT_PRECISION = 0.01
"""The precision a run without ``n`` plays to: the first player's points within ±1 point (95%)."""

MAX_GAMES = 1_000_000
"""The most games a run played to a precision plays when no ``n`` caps it."""

SAFETY_PLIES = 5_000
"""A game without a turn limit that is still going after this many plies stops unfinished.

Some positions never end by the rules, and random play can reach them (each game documents
its own, and a turn limit, :attr:`Game.playout_max_turns`, for those that need one)."""

_UNLIMITED = 10**9  # a turn limit ends the game before this many plies


def ply_limit(game: Game) -> int:
    """The most plies any engine plays in one game of ``game``: the rules' own bound
    (``game.ply_bound``) if they have one; else :data:`SAFETY_PLIES` for a game without a turn
    limit; else no limit (the turn limit ends it)."""
    if game.ply_bound:
        return game.ply_bound
    return SAFETY_PLIES if getattr(game, "max_turns", None) is None else _UNLIMITED


def check_count(n: Any, name: str = "n") -> int:
    """``n`` as a number of games (a whole number ≥ 1), or a ValueError (TypeError for a value
    that is not a number) saying what is wrong."""
    return checks.whole(n, name, low=1, what="a whole number of games")


def check_precision(precision: Any) -> float | None:
    """``precision`` as a half-width of a 95% interval (a number between 0 and 0.5, or None),
    or a ValueError saying what is wrong."""
    if precision is None:
        return None
    if isinstance(precision, bool) or not isinstance(precision, (int, float, np.integer, np.floating)) \
            or not 0 < precision < 0.5:
        raise ValueError(f"precision={precision!r} must be a number between 0 and 0.5: the half-width of the 95% "
                         "interval of the first player's points (0.01 plays until it is known to ±1 point)")
    return float(precision)


def parse_options(text: str) -> dict[str, Any]:
    """Game options written as text, ``"players=3, opening='plus'"`` → ``{"players": 3, "opening": "plus"}``:
    Python literals, bare words as strings, tuples allowed (``caps=('b2', 'd4')``).

    >>> parse_options("players=3, opening=plus, caps=('b2', 'd4'), max_turns=None")
    {'players': 3, 'opening': 'plus', 'caps': ('b2', 'd4'), 'max_turns': None}
    >>> parse_options("")
    {}
    """
    options: dict[str, Any] = {}
    for part in _top_level_parts(text.replace(";", ",")):
        key, sep, value = part.partition("=")
        if not sep or not key.strip().isidentifier():
            raise ValueError(f"option {part!r} must be written key=value, e.g. players=3")
        try:
            options[key.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            options[key.strip()] = value.strip()
        except (TypeError, MemoryError, RecursionError):  # {[1]: 2}: a literal Python cannot build
            raise ValueError(f"option {part!r}: {value.strip()[:40]!r} is no value an option can take; write a "
                             "number, a word, True, False, None or a tuple, e.g. players=3") from None
    return options


def _top_level_parts(text: str) -> list[str]:
    """``text`` split at the commas outside brackets and quotes, stripped, empty parts dropped."""
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def check_seed(seed: Any) -> int | tuple[int, ...]:
    """``seed`` as a run seed: a whole number ≥ 0 and < 2**128 (numpy's too, made a plain ``int``), or a
    list or tuple of them (made a tuple); else a ValueError.

    >>> check_seed(np.int64(5)), check_seed([1, np.uint8(2)])
    (5, (1, 2))
    """
    message = f"seed={checks.shown(seed)} must be a whole number ≥ 0 and < 2**128 (or a list or tuple of them)"
    if isinstance(seed, (list, tuple)):
        if not seed:
            raise ValueError(message)
        try:
            return tuple(checks.seed(part) for part in seed)
        except (TypeError, ValueError):
            raise ValueError(message) from None
    try:
        return checks.seed(seed)
    except (TypeError, ValueError):
        raise ValueError(message) from None


def check_memory(game: Game, n: int) -> None:
    """A ValueError when the results of ``n`` games of ``game`` could never fit in this
    machine's memory (its physical memory, where the system says), before any game is played.

    >>> import icewidgets as iw
    >>> check_memory(iw.make(iw.available_games()[0]), 10**12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: n=1,000,000,000,000 games would hold ... of results in memory, more than this machine has ...
    """
    per_game = sum(array.nbytes for array in result_arrays(game, 1).values())
    needed = n * per_game
    memory = _physical_memory()
    if memory is not None and needed > memory:
        raise ValueError(f"n={n:,} games would hold {_bytes(needed)} of results in memory, more than this machine "
                         f"has ({_bytes(memory)}); play fewer (results of several runs join with "
                         "PlayoutResults.concat), or give precision= to stop once the answer is known")


def _physical_memory() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not a POSIX system: no check
        return None


def _bytes(count: float) -> str:
    """``count`` bytes as they read: "94.0 TB"."""
    unit = "bytes"
    for bigger in ("kB", "MB", "GB", "TB"):
        if count < 1000:
            break
        count, unit = count / 1000, bigger
    return f"{count:,.0f} {unit}" if unit == "bytes" else f"{count:,.1f} {unit}"


def check_chunking(chunk_size: Any, executor: Any, workers: Any) -> tuple[int | None, int | None]:
    """``chunk_size`` and ``workers`` as whole numbers ≥ 1 (or None), once ``executor`` is known
    to be an executor (or None); else a ValueError or TypeError naming the setting."""
    chunk_size = checks.whole(chunk_size, "chunk_size", low=1, none=True, what="a whole number of games")
    workers = checks.whole(workers, "workers", low=1, none=True, what="a whole number of threads")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor={executor!r} must be a concurrent.futures.Executor (anything with a submit() "
                        "method, e.g. ProcessPoolExecutor() or a Dask client's get_executor()), or None")
    return chunk_size, workers


def resolve_game(game: Game | str, options: dict[str, Any] | None = None, max_turns: int | None = None) -> Game:
    """The game a run plays: ``game`` (a Game, or a registered name) with ``options`` and the
    turn limit ``max_turns``; without either a limit or the game's own ``max_turns`` option, the
    game's :attr:`~icewidgets.protocol.Game.playout_max_turns`.

    >>> import icewidgets as iw
    >>> resolve_game(iw.available_games()[0], max_turns=7).max_turns
    7
    """
    from ..games import make

    if options is not None and (not isinstance(options, dict) or not all(isinstance(k, str) for k in options)):
        raise TypeError(f"options={options!r} must be a dict of the game's options by name, e.g. {{'players': 3}}")
    if isinstance(game, str):
        game = make(game.strip().lower(), **(options or {}))
    elif not isinstance(game, Game):
        raise TypeError(f"game must be a registered game name or a Game, not {type(game).__name__}")
    elif options:
        unknown = [key for key in options if key not in game.options]
        if unknown:
            raise TypeError(f"{game.name} has no option {unknown[0]!r}; its options are: {', '.join(game.options)}")
        game = dataclasses.replace(game, **options)
    if max_turns is not None:
        max_turns = checks.whole(max_turns, "max_turns", low=1)
        if "max_turns" not in game.options:
            raise ValueError(f"{game.name} has no turn limit (no max_turns option)")
        game = dataclasses.replace(game, max_turns=int(max_turns))
    elif getattr(game, "max_turns", None) is None and game.playout_max_turns is not None:
        game = dataclasses.replace(game, max_turns=game.playout_max_turns)
    return game


class PrecisionRule:
    """When a run played to a precision stops: after the first chunk (in index order) at which
    the 95% interval of the first player's points is at most ±``precision``. Chunks are cut
    by the games' indices only, so the stop — and the results — never depend on the workers.

    >>> rule = PrecisionRule(0.1, group=1)
    >>> rule.add({"winners": np.array([[True, False]] * 60 + [[False, True]] * 40), "first": np.zeros(100, np.int8)})
    True
    >>> round(rule.estimate().value, 2), rule.games
    (0.6, 100)
    """

    def __init__(self, precision: float, group: int):
        self.precision, self.group = precision, group
        self.tally = Tally()
        self.games = 0

    def add(self, arrays: dict[str, np.ndarray]) -> bool:
        """Count a chunk's games (its arrays); whether the precision is reached now."""
        points = first_player_points(arrays)
        self.tally.add(points, group=self.group)
        self.games += len(points)
        return self.half_width() <= self.precision

    def estimate(self) -> Estimate:
        """The first player's points so far."""
        return self.tally.rate()

    def half_width(self) -> float:
        """The longer side of the interval so far (1 before any game)."""
        return self.estimate().half_width if self.games else 1.0

    def expected_games(self, cap: int) -> int:
        """About how many games the run will take, from the interval so far (at most ``cap``;
        before any game, what an even contest needs)."""
        if not self.games:
            return min(cap, math.ceil((Z95 / (2 * self.precision)) ** 2))
        needed = self.games * (self.half_width() / self.precision) ** 2
        return int(min(cap, max(self.games, math.ceil(needed))))


def precision_chunk_size(precision: float, group: int) -> int:
    """Games per chunk of a run played to ``precision``: a tenth of what an even contest needs
    (``(z / 2·precision)²`` games), so the run stops close to the precision; whole deals.

    >>> precision_chunk_size(0.01, 1), precision_chunk_size(0.01, 2)
    (961, 962)
    """
    worst = (Z95 / (2 * precision)) ** 2
    size = min(chunking.DEFAULT_CHUNK_SIZE, max(16, math.ceil(worst / 10)))
    return -(-size // group) * group


@dataclasses.dataclass(frozen=True)
class PlayoutRun:
    """A run of ``n`` games, planned: the ``game`` (with the turn limit it plays), the agents
    (``agents``, callables, and their ``names``), the ``seatings`` (for each game of a deal,
    the agent index in each seat: one seating, or every rotation with ``rotate_seats``), the
    ``seed``, the ``engine`` that plays it (``"fast"``: a compiled kernel; ``"reference"``:
    the rules engines), the ``precision`` to stop at (None: play all ``n``) and whether the
    results keep each game's ``branching_profile`` (else only its sums by tenth). Make one with
    :meth:`plan`; it pickles, so its chunks can be played on other processes or machines.
    """

    game: Game
    n: int
    agents: tuple[Any, ...]
    names: tuple[str, ...]
    seed: int | tuple[int, ...]
    engine: str
    seatings: tuple[tuple[int, ...], ...]
    precision: float | None = None
    branching_profile: bool = False

    @classmethod
    def plan(cls, game: Game | str, n: int | None = None, agents: Any = ("random", "random"), seed: Any = 0,
             max_turns: int | None = None, engine: str = "auto", options: dict[str, Any] | None = None,
             rotate_seats: bool = False, precision: float | None = None,
             branching_profile: bool = False) -> "PlayoutRun":
        """Check and resolve the settings of a run (see :func:`playouts` for what they mean);
        bad settings raise a ValueError or TypeError that names the problem."""
        precision = check_precision(precision)
        if n is None:
            precision = precision or DEFAULT_PRECISION
            n = MAX_GAMES
        n = check_count(n)
        seed = check_seed(seed)
        if engine not in ENGINES:
            raise ValueError(f"engine={engine!r}; choose one of {', '.join(map(repr, ENGINES))}")
        rotate_seats = checks.flag(rotate_seats, "rotate_seats")
        branching_profile = checks.flag(branching_profile, "branching_profile")
        game = resolve_game(game, options, max_turns)
        check_counters(game)  # a plug-in's counters in a wrong format: said with the rule, before any game
        resolved, names = _resolve_agents(game, agents, rotate_seats)
        players = game.num_players
        seatings = tuple(tuple((seat - shift) % players for seat in range(players))
                         for shift in range(players if rotate_seats else 1))
        n = -(-n // len(seatings)) * len(seatings)  # whole deals
        check_memory(game, n)
        compiled = engine != "reference" and all(_kernel_plays(game, [resolved[a] for a in seating])
                                                 for seating in seatings)
        if engine == "fast" and not compiled:
            raise ValueError(
                f"no compiled engine plays {game!r} with agents {', '.join(names)}; use the 'reference' or 'auto' engine"
            )
        return cls(game, n, tuple(resolved), names, seed, "fast" if compiled else "reference", seatings, precision,
                   branching_profile)

    @property
    def max_turns(self) -> int | None:
        """The turn limit the games play under (None: none)."""
        return getattr(self.game, "max_turns", None)

    @property
    def max_plies(self) -> int:
        """The ply limit of every game (:func:`ply_limit`)."""
        return ply_limit(self.game)

    @property
    def rotate_seats(self) -> bool:
        """Whether each deal is played once per seating."""
        return len(self.seatings) > 1

    def precision_rule(self) -> PrecisionRule | None:
        """A fresh :class:`PrecisionRule` for a run with a precision, else None."""
        return None if self.precision is None else PrecisionRule(self.precision, len(self.seatings))

    def prepare(self, notify: Callable[[str], Any] | None = None) -> None:
        """Compile the run's kernel, or load it from the cache, before any chunk is played: the
        first run in a new installation compiles for seconds, and ``notify(text)`` hears when
        that takes long (see :func:`icewidgets.fast.prepare`). The rules engines need nothing."""
        if self.engine == "fast":
            for seating in self.seatings:
                fast.prepare(self.game, self._seated(seating), notify)

    def kernel_ready(self) -> bool:
        """Whether the run's kernel can play now (:func:`icewidgets.fast.ready`: a kernel not
        ready is prepared in the background meanwhile). Always False on the rules engines."""
        # Every seating is asked (a list, not a generator that all() would cut short), so that
        # each kernel call not ready yet is queued for preparation now, not once the one before is.
        return self.engine == "fast" and all([fast.ready(self.game, self._seated(seating))
                                              for seating in self.seatings])

    def preparation(self) -> Any:
        """The background preparation of the run's kernel that is not ready yet
        (a :class:`icewidgets.fast.Preparation`), or None. With seats rotated, the last of the
        seatings' (one thread prepares them in turn, so it ends last, when the kernel plays)."""
        if self.engine != "fast" or self.kernel_ready():
            return None
        found = [fast.preparation(self.game, self._seated(seating)) for seating in self.seatings]
        pending = [p for p in found if p is not None and not p.ready]
        return pending[-1] if pending else None

    def _seated(self, seating: Sequence[int]) -> list[Any]:
        return [self.agents[a] for a in seating]

    def play_range(self, start: int, stop: int, on_game: Callable[[int], Any] | None = None) -> Chunk:
        """Play games ``start``…``stop-1`` (whole deals: multiples of ``len(seatings)``) with the
        run's engine.

        The rules engines call ``on_game(games_done)`` after each game; a KeyboardInterrupt
        during a game ends the chunk early, with the deals finished before it (``stop`` says
        how many games). Any engine returns the same chunk for the same arguments, with the games'
        branching profiles summed (:meth:`Chunk.folded`; kept too if the run keeps them).
        """
        return self._play_range(start, stop, on_game)

    def _play_range(self, start: int, stop: int, on_game: Callable[[int], Any] | None = None,
                    stopping: threading.Event | None = None) -> Chunk:
        """:meth:`play_range`; ``stopping``, once set, ends a chunk the rules engines play for a
        kernel not ready yet at its next ply, without the game in play (a stopped run's chunks,
        on threads, end at once: one random game on the rules engines may take seconds)."""
        group = len(self.seatings)
        if start % group or stop % group:
            raise ValueError(f"play_range({start}, {stop}): a run with seats rotated plays whole deals of "
                             f"{group} games")
        if self.engine == "fast" and self.kernel_ready():
            chunk = play_compiled(self.game, self.agents, self.seatings, self.seed, start, stop, self.max_plies)
        elif self.engine == "fast":
            # The kernel is being prepared: the rules engines play until it is ready, then it
            # plays the rest of the chunk (the same games either way).
            switched = []

            def until() -> bool:
                if stopping is not None and stopping.is_set():
                    return True
                if self.kernel_ready():
                    switched.append(True)
                return bool(switched)

            chunk = play_reference(self.game, self.agents, self.seatings, self.seed, start, stop, self.max_plies,
                                   on_game, until, None if stopping is None else stopping.is_set)
            if switched and chunk.stop < stop and not (stopping is not None and stopping.is_set()):
                chunk = join_chunks(chunk, play_compiled(self.game, self.agents, self.seatings, self.seed,
                                                         chunk.stop, stop, self.max_plies))
        else:
            chunk = play_reference(self.game, self.agents, self.seatings, self.seed, start, stop, self.max_plies,
                                   on_game)
        return chunk.folded(self.branching_profile)

    def chunks(self, chunk_size: int | None = None, executor: Any = None, workers: int | None = None,
               on_game: Callable[[int], Any] | None = None) -> Iterator[Chunk]:
        """The run's chunks, in index order (each of whole deals).

        Compiled chunks, and the rules engines' on an ``executor``, run ahead on ``workers``
        threads (default: one per core) or the executor (see :mod:`icewidgets.playout.chunks`);
        closing the iterator cancels those not yet started. Otherwise the rules engines play
        here, one chunk of ``chunk_size`` games at a time (default: all, up to
        :data:`~icewidgets.playout.chunks.DEFAULT_CHUNK_SIZE` games a chunk, or
        :func:`precision_chunk_size` for a run with a precision); a KeyboardInterrupt during a
        game ends the run with a last, shorter chunk. The iterator does not stop at the
        precision: ask :meth:`precision_rule`.

        ``on_game(games_done)`` hears the games done so far in the whole run: after every game
        the rules engines play, and as each kernel chunk ends (on threads, from the thread that
        played them, so in any order of chunks; never from an executor's workers).
        """
        chunk_size, workers = check_chunking(chunk_size, executor, workers)
        return self._chunks(chunk_size, executor, workers, on_game)

    def _chunks(self, chunk_size: int | None, executor: Any, workers: int | None,
                on_game: Callable[[int], Any] | None) -> Iterator[Chunk]:
        n, group = self.n, len(self.seatings)
        if chunk_size is not None:
            chunk_size = -(-chunk_size // group) * group
        elif self.precision is not None:
            chunk_size = precision_chunk_size(self.precision, group)
        if self.engine == "reference" and executor is None:
            # Whole runs at most a chunk of arrays at a time: memory grows with the games played.
            size = chunk_size or min(n, -(-chunking.DEFAULT_CHUNK_SIZE // group) * group)
            for start in range(0, n, size):
                progress = None if on_game is None else (lambda done, start=start: on_game(start + done))
                chunk = self.play_range(start, min(n, start + size), on_game=progress)
                yield chunk
                if chunk.stop < min(n, start + size):
                    return
            return
        size = chunk_size or -(-(chunking.default_chunk_size(n) if self.engine == "fast" else 1_000) // group) * group
        # A stopped run (Ctrl-C, the lab's Stop) ends the chunks its threads still play at their
        # next deal: while a kernel is prepared they are the rules engines' and could take long.
        stopping = threading.Event()
        if executor is not None:
            play = self.play_range
        elif on_game is None:
            play = functools.partial(self._play_range, stopping=stopping)
        else:
            # The bar moves with every game the rules engines finish while a kernel is prepared
            # (a cold chunk of a slow game takes many seconds), on whichever thread plays it.
            count = chunking.GameCount(on_game)

            def play(start: int, stop: int) -> Chunk:
                chunk = self._play_range(start, stop, count.for_chunk(start), stopping)
                count.finish(start, chunk.stop - chunk.start)
                return chunk
        mapped = chunking.map_chunks(play, n, size, executor, workers, None if executor is not None else stopping)
        try:
            for _, stop, chunk in mapped:
                yield chunk
                if chunk.stop < stop:  # stopped during a game played on this thread
                    return
        finally:
            mapped.close()  # sets stopping, then waits for the chunks in play

    def results(self, chunks: Iterable[Chunk], elapsed: float = 0.0, interrupted: bool = False) -> PlayoutResults:
        """The results of the chunks played so far: ``partial`` when they were ``interrupted``
        or hold fewer than ``n`` games without reaching the run's precision."""
        chunks = list(chunks)
        played = sum(chunk.stop - chunk.start for chunk in chunks)
        short = played < self.n
        if short and self.precision is not None:
            rule = self.precision_rule()
            for chunk in chunks:
                rule.add(chunk.arrays)
            short = rule.half_width() > self.precision
        if not chunks:  # stopped before its first game: no rows, but the columns and heatmaps of any run
            shape = heatmap_shape(self.game)
            chunks = [Chunk(0, 0, result_arrays(self.game, 0), {name: np.zeros(shape, dtype=np.int64)
                                                                for name in self.game.counters.heatmaps}
                            ).folded(self.branching_profile)]
        return PlayoutResults.from_parts(self.game, self.names, self.seed,
                                         [(chunk.arrays, chunk.heatmaps, chunk.branching_totals) for chunk in chunks],
                                         elapsed=elapsed, partial=interrupted or short, engine=self.engine,
                                         max_turns=self.max_turns, rotate_seats=self.rotate_seats,
                                         precision=self.precision)


def playouts(
    game: Game | str,
    n: int | None = None,
    agents: Any = ("random", "random"),
    seed: Any = 0,
    max_turns: int | None = None,
    progress: bool | str = "auto",
    engine: str = "auto",
    options: dict[str, Any] | None = None,
    chunk_size: int | None = None,
    executor: Any = None,
    workers: int | None = None,
    precision: float | None = None,
    rotate_seats: bool = False,
    branching_profile: bool = False,
) -> PlayoutResults:
    """Play whole games of ``game`` and return their results as arrays.

    - ``game``: a Game (``iw.make(name, players=3)``) or a registered name (then ``options`` are its options).
    - ``n``: the number of games. Without it the run plays until the first player's points are
      known to ``precision`` (default ±0.01), at most :data:`MAX_GAMES` games.
    - ``precision``: play chunk after chunk until the 95% interval of the points of the seat that
      moved first is at most ±``precision`` (between 0 and 0.5); ``n`` then caps the run. The
      results say how many games that took (``results.n``, and the summary's first line).
    - ``agents``: one agent per seat (names ``"random"``, ``"greedy"``, ``"mcts"`` or callables
      ``agent(state, rng) -> move``), or a single agent for every seat.
    - ``rotate_seats``: play each seeded deal once per seating, the agents moved one seat on
      each time (``n`` is rounded up to whole deals). The summary then reports seat advantage
      (each seat, over all agents) and agent strength (each agent, over all seats) apart.
    - ``seed``: game ``i`` draws from ``SeedSequence(seed, spawn_key=(i,))`` (with seats rotated,
      the games of deal ``d`` all draw from ``SeedSequence(seed, spawn_key=(d,))``).
    - ``max_turns``: stop each game after that many turns, counted as *unfinished*. Games that
      random play may never finish get their game's documented playout limit
      (``Game.playout_max_turns``) when neither this nor the game's own ``max_turns`` option is set.
    - ``progress``: ``"auto"`` shows a bar in a notebook, or in a terminal when stderr is one;
      True always; False never. Unless it is False, a first run whose fast engine is not
      compiled yet says on stderr that it is being prepared, and when it is ready, how long that
      took.
    - ``engine``: ``"auto"`` (the default: compiled kernels where one plays these options and
      agents, else the rules engines), ``"reference"`` (always the rules engines) or ``"fast"``
      (compiled kernels; an error where none applies). The fast engine plays exactly the same
      games and counts the same board heatmaps. A run never waits for a compiler: while a
      kernel is prepared in the background (a first run in a new installation), the rules
      engines play, and the kernel plays the games left once it is ready
      (:func:`icewidgets.fast.ready`); the results are the same, and say ``engine="fast"``.
    - ``executor``: any ``concurrent.futures.Executor`` to play the chunks on (a process pool, or
      Dask's ``client.get_executor()`` to spread millions of games over a cluster); without one
      the fast engine uses ``workers`` threads (default: every core). Games are cut into fixed
      chunks, so the results are the same whatever the executor or the number of workers.
    - ``branching_profile``: keep each game's mean number of legal moves by tenth of the game
      (``results.branching_profile``, 40 bytes a game). By default the results keep only their
      sums by tenth (``results.branching_totals``), which is all the summary needs: a million
      games then take about half the memory.

    Ctrl-C (a KeyboardInterrupt) stops the run and returns the games finished so far, with
    ``results.partial`` set. (While the run is still planned, before it starts, a Ctrl-C raises
    the KeyboardInterrupt as usual: the first run in a process loads numba, for a fraction of a
    second; a load stopped so goes on in the background, never left half done.) On threads (no
    ``executor``) a chunk the rules engines play stops at its next ply, and one a kernel plays
    at its end. Chunks already running on an ``executor``'s workers are out of reach: they play
    to their end, and leaving a ``with ProcessPoolExecutor() as pool:`` block waits for them
    (their games are not kept).

    >>> import icewidgets as iw
    >>> results = iw.playouts(iw.available_games()[0], 20, agents="greedy", seed=1, progress=False)
    >>> results.n, results.winners.dtype.name
    (20, 'bool')
    >>> print(results.summary().rows[0])
    ['games', '20', '']
    """
    check_progress(progress)
    run = PlayoutRun.plan(game, n, agents, seed, max_turns, engine, options, rotate_seats, precision,
                          branching_profile)
    chunk_size, workers = check_chunking(chunk_size, executor, workers)
    return play_run(run, progress, chunk_size, executor, workers)


def play_run(run: PlayoutRun, progress: bool | str = "auto", chunk_size: int | None = None, executor: Any = None,
             workers: int | None = None, tell_preparation: bool = True) -> PlayoutResults:
    """Play a planned run (:meth:`PlayoutRun.plan`) as :func:`playouts` does, with its progress
    bar and its Ctrl-C. ``tell_preparation=False``: say nothing of a kernel prepared meanwhile
    (a caller that plays many runs says it once for them all, as
    :func:`~icewidgets.playout.tournament.tournament` does)."""
    label = f"{run.game.title} playouts" + (f" to ±{100 * run.precision:g}%" if run.precision else "")
    rule = run.precision_rule()
    played: list[Chunk] = []
    started = time.perf_counter()
    interrupted = False
    bar = chunks = None
    try:
        # A kernel not ready yet is prepared in the background meanwhile, from now; one in the
        # cache is loaded here (a moment a Ctrl-C may fall in: the run then has no games).
        waiting = run.preparation()
        if not tell_preparation or progress is False:
            waiting = None
        if waiting is not None:
            notice(waiting.notice())
        bar = progress_bar(progress, run.n if rule is None else rule.expected_games(run.n), label)
        chunks = run.chunks(chunk_size, executor, workers, on_game=bar.update)
        for chunk in chunks:
            played.append(chunk)
            if waiting is not None and waiting.done:
                bar.say(waiting.outcome())
                waiting = None
            reached = rule is not None and rule.add(chunk.arrays)
            if rule is not None:
                bar.retarget(chunk.stop if reached else rule.expected_games(run.n))
            bar.update(chunk.stop)
            if reached:
                break
    except KeyboardInterrupt:
        interrupted = True  # the games finished so far are the results
    finally:
        if chunks is not None:
            chunks.close()
        if bar is not None:
            bar.close()
    results = run.results(played, elapsed=time.perf_counter() - started, interrupted=interrupted)
    if results.partial:
        print(f"Interrupted: returning the {plural(results.n, 'game')} finished so far (results.partial is True).",
              file=sys.stderr)
    return results


def notice(text: str) -> None:
    """Say ``text`` on stderr, at once (what a run says of its kernel's preparation)."""
    print(text, file=sys.stderr, flush=True)


# Settings -------------------------------------------------------------------------------------


def _resolve_agents(game: Game, agents: Any, rotate_seats: bool = False) -> tuple[list[Any], tuple[str, ...]]:
    resolved, names = agents_module.parse_agents(agents)
    players = game.num_players
    if rotate_seats and len(resolved) != players:
        raise ValueError(
            f"rotate_seats=True needs one agent per seat ({players} for {game.name} with these options), not "
            f"{len(resolved)}: with one agent for every seat there is nothing to rotate"
        )
    if len(resolved) == 1:
        resolved, names = resolved * players, names * players
    if len(resolved) != players:
        raise ValueError(
            f"{game.name} with these options has {players} players, but {len(resolved)} agents were given "
            f"({', '.join(names)}); give one agent per seat, or one for every seat"
        )
    return list(resolved), names


def _kernel_plays(game: Game, agents: Sequence[Any]) -> bool:
    try:
        return fast.kernel_for(game, agents) is not None
    except Exception:  # a kernel that fails to load: the rules engines serve
        return False


