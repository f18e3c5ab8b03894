"""Spread a run of playouts over cores or a cluster, with results that never depend on how.

Game ``i`` of a run always draws from ``SeedSequence(seed, spawn_key=(i,))``, so a game's result
depends only on its index. A run of ``n`` games is cut into fixed chunks ``[start, stop)``
(:func:`chunk_bounds`; the cut depends only on ``n`` and ``chunk_size``, never on the number of
workers), each chunk is played wherever an executor puts it, and the chunks are joined in
index order. One core, two cores or a cluster: the same arrays, bit for bit.

``executor`` is any :class:`concurrent.futures.Executor`. Without one, compiled kernels run on
a thread pool with one thread per core (they release the GIL while they play). To spread
millions of games over a cluster, pass Dask's executor::

    from dask.distributed import Client
    import icewidgets as iw

    client = Client("tcp://scheduler:8786")        # or Client() for a local cluster
    results = iw.playouts(game, 10_000_000, seed=1, executor=client.get_executor())

Every worker needs icewidgets installed (``pip install icewidgets[dask]``). The chunk function
(a planned :class:`~icewidgets.playout.PlayoutRun`'s: the game, the agents, the seed) is
pickled to the workers; each worker compiles the kernel once (or loads it from its cache) and
sends back small arrays.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator

import numpy as np

DEFAULT_CHUNK_SIZE = 20_000
"""The most games in a chunk: small enough for a smooth progress bar, large enough to hide the overhead."""

MAX_AHEAD = 1024
"""The most chunks submitted to an executor ahead of the one being consumed."""


def default_chunk_size(n: int) -> int:
    """Games per chunk for a run of ``n`` games: about 64 chunks (so every core gets work and
    the progress bar moves), between 16 and :data:`DEFAULT_CHUNK_SIZE` (small runs of slow
    games still spread over the cores). It depends on ``n`` only; and since
    a game's result depends only on its index, no chunking changes a result.

    >>> default_chunk_size(1_000_000), default_chunk_size(20_000), default_chunk_size(100)
    (15625, 313, 16)
    """
    return max(16, min(DEFAULT_CHUNK_SIZE, -(-n // 64)))

ChunkFunction = Callable[[int, int], dict]
"""``fn(start, stop) -> dict of arrays`` with one row per game; must pickle for process or cluster executors."""


def chunk_bounds(n: int, chunk_size: int = DEFAULT_CHUNK_SIZE) -> list[tuple[int, int]]:
    """The chunks ``[start, stop)`` of a run of ``n`` games.

    >>> chunk_bounds(5, 2)
    [(0, 2), (2, 4), (4, 5)]
    >>> chunk_bounds(0)
    []
    """
    return list(_bounds(n, chunk_size))


def _bounds(n: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    """The chunks of :func:`chunk_bounds` one at a time (a run of billions of games has millions)."""
    if chunk_size < 1:
        raise ValueError(f"chunk_size={chunk_size!r} must be a whole number ≥ 1")
    return ((start, min(start + chunk_size, n)) for start in range(0, n, chunk_size))


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def concatenate(parts: Iterable[dict]) -> dict:
    """Join chunk results (dicts of arrays with one row per game) in order; the board heatmaps
    (``heatmap:<name>``, counts per square over a chunk's games) are added up.

    >>> a = {"plies": np.array([3, 4], dtype=np.int32), "heatmap:x": np.array([1, 0])}
    >>> joined = concatenate([a, {"plies": np.array([5], dtype=np.int32), "heatmap:x": np.array([2, 2])}])
    >>> joined["plies"].tolist(), joined["heatmap:x"].tolist()
    ([3, 4, 5], [3, 2])
    """
    parts = list(parts)
    if not parts:
        return {}
    return {key: sum(part[key] for part in parts) if key.startswith("heatmap:")
            else np.concatenate([part[key] for part in parts]) for key in parts[0]}


def map_chunks(
    fn: Callable[[int, int], Any],
    n: int,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    executor: Executor | None = None,
    workers: int | None = None,
    stopping: threading.Event | None = None,
) -> Iterator[tuple[int, int, Any]]:
    """Yield ``(start, stop, fn(start, stop))`` for the chunks of ``n`` games, in index order.

    ``executor``: any :class:`concurrent.futures.Executor` (a process pool, Dask's
    ``client.get_executor()``, …); without one, ``workers`` threads (default: one per core;
    1 plays in this thread). Chunks run ahead in parallel while earlier ones are consumed.
    Closing the iterator early (or an exception, such as a KeyboardInterrupt, in the consumer)
    cancels the chunks not yet started, and sets ``stopping`` (an event ``fn`` may watch to end
    the chunks in play early: then it must return what it played) before it waits for them. A
    KeyboardInterrupt while it waits for a chunk sets ``stopping`` too; with one given, the
    chunk's result (the games it finished) is yielded before the interrupt goes on.

    >>> [(a, b, r) for a, b, r in map_chunks(lambda a, b: b - a, 5, chunk_size=2, workers=2)]
    [(0, 2, 2), (2, 4, 2), (4, 5, 1)]
    """
    bounds = _bounds(n, chunk_size)
    count = -(-max(n, 0) // chunk_size)
    own_pool = None
    if executor is None:
        workers = default_workers() if workers is None else workers
        if workers <= 1 or count <= 1:
            for start, stop in bounds:
                yield start, stop, fn(start, stop)
            return
        executor = own_pool = ThreadPoolExecutor(max_workers=min(workers, count))
        ahead = 2 * min(workers, count)
    else:
        ahead = MAX_AHEAD
    # Chunks are submitted a window ahead of the one consumed, never all at once: a run of
    # billions of games holds a few futures, not one per chunk.
    pending: deque[tuple[int, int, Future]] = deque()
    interrupted = False

    def result(future: Future) -> Any:
        nonlocal interrupted
        try:
            return future.result()
        except KeyboardInterrupt:  # a Ctrl-C mostly comes here, while this thread waits
            if stopping is None:
                raise
            stopping.set()
            interrupted = True
            return future.result()  # ended after the game in play

    try:
        for start, stop in bounds:
            pending.append((start, stop, executor.submit(fn, start, stop)))
            if len(pending) >= ahead:
                first, last, future = pending.popleft()
                yield first, last, result(future)
                if interrupted:
                    raise KeyboardInterrupt
        while pending:
            first, last, future = pending.popleft()
            yield first, last, result(future)
            if interrupted:
                raise KeyboardInterrupt
    finally:
        # Set before waiting for the chunks in play, so that they end soon.
        if stopping is not None:
            stopping.set()
        for _, _, future in pending:
            future.cancel()
        if own_pool is not None:
            own_pool.shutdown(wait=True, cancel_futures=True)


class GameCount:
    """The games finished over chunks played side by side, told to one progress bar: a chunk's
    ``for_chunk(start)`` callback says how many of its games are done, :meth:`finish` says it has
    ended, and ``on_count(total)`` hears the sum each time (from the chunks' threads, one at a time).

    >>> seen = []
    >>> count = GameCount(seen.append)
    >>> first, second = count.for_chunk(0), count.for_chunk(10)
    >>> first(1); second(1); first(2); count.finish(0, 10)
    >>> seen
    [1, 2, 3, 11]
    """

    def __init__(self, on_count: Callable[[int], Any]):
        self._on_count = on_count
        self._lock = threading.Lock()
        self._in_play: dict[int, int] = {}  # a chunk's start: its games done so far
        self._total = 0

    def for_chunk(self, start: int) -> Callable[[int], None]:
        """The ``on_game(games_done)`` callback of the chunk that starts at ``start``."""
        return lambda done: self._tell(start, done, ended=False)

    def finish(self, start: int, games: int) -> None:
        """The chunk that starts at ``start`` ended with ``games`` games (a compiled kernel
        plays without a callback: its games count here)."""
        self._tell(start, games, ended=True)

    def _tell(self, start: int, done: int, ended: bool) -> None:
        with self._lock:
            self._total += done - self._in_play.pop(start, 0)
            if not ended:
                self._in_play[start] = done
            self._on_count(self._total)


def run_chunks(
    fn: ChunkFunction,
    n: int,
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    progress: Callable[[int], Any] | None = None,
) -> dict:
    """Play games ``0…n-1`` chunk by chunk with ``fn(start, stop)`` and join the results in order.

    ``executor`` and ``workers`` as for :func:`map_chunks`. ``progress(games_done)`` is called
    as chunks finish.

    >>> def squares(start, stop):
    ...     return {"x": np.arange(start, stop) ** 2}
    >>> run_chunks(squares, 5, workers=2, chunk_size=2)["x"].tolist()
    [0, 1, 4, 9, 16]
    """
    if n <= 0:
        return fn(0, 0)
    parts = []
    for _, stop, part in map_chunks(fn, n, chunk_size, executor, workers):
        parts.append(part)
        if progress is not None:
            progress(stop)
    return concatenate(parts)
