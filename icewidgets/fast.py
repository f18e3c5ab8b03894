"""The fast runner: compiled playout kernels, the same games as the rules engines, hundreds of times faster.

A game may bring a kernel (``Game.kernel``, the name of a module in its package): whole games
played in plain loops over small integer arrays, compiled with numba (``njit(cache=True)``:
compiled on first use, then loaded from the cache). It rebuilds each game's random stream
exactly (:mod:`icewidgets.compiled.rng`), lists legal moves in the rules engine's order and
applies the agents' documented rules, so for the same seed and agents it plays the same games
as the rules engine, ply for ply. This module imports a kernel only when asked for one.

A kernel module provides:

- ``supports(game, agent_names) -> bool``: whether it plays these options and agents exactly;
- ``play_range(game, agent_names, seed, start, stop, max_plies, record=0) -> dict`` of arrays,
  one row per game ``start``…``stop-1``: ``winners`` (a bit mask, bit p for player p),
  ``scores``, ``turns``, ``plies``, ``unfinished``, ``branching``, optionally ``first``, the
  game's counters (:attr:`Game.counters`) and its board heatmaps as flat ``heatmap:<name>``
  counts over the games; a game still going after ``max_plies`` plies stops unfinished. With
  ``record`` > 0 it adds ``record``: the first ``record`` plies of each game as codes;
- ``recorded_moves(out, row) -> list[str]``: the move texts of game ``row`` of such a record;
- ``encode(state)`` and ``play_from(game, state, agent_names, seed, count, max_plies, record=0)``:
  ``count`` games continued from any position ``state``, game i drawing from
  ``SeedSequence(seed, spawn_key=(i,))`` exactly as :func:`icewidgets.agents.play_on` does on the
  rules engines, with the same per-game arrays as ``play_range`` (a kernel without them plays
  whole games only).

Anything a kernel does not support — other options, MCTS or your own agents — is played by the
rules engines, and :func:`kernel_for` says which applies. numba is optional: where it does not
install (Pyodide, for example) :func:`available` is False and :func:`icewidgets.playouts` uses
the rules engines, with the same results.

The first call of a kernel in a new installation compiles it (seconds); :func:`prepare` does
that up front and says so while it takes long, and :func:`warm` (``python -m icewidgets warm``)
compiles every kernel into the cache at install time.

>>> from icewidgets import available_games, make
>>> game = make(available_games()[0])
>>> kernel = kernel_for(game, ("random", "greedy"))
>>> kernel is None or kernel.__name__ == type(game).kernel
True
>>> kernel_for(game, ("random", "mcts")) is None  # no kernel: the rules engine serves
True
"""

from __future__ import annotations

import importlib
import os
import threading
import time
from types import ModuleType
from typing import Any, Callable, Sequence

AGENT_NAMES = ("random", "greedy")
"""The built-in agents the kernels reproduce."""

COMPILE_NOTICE_AFTER = 0.5
"""Seconds a first call may take before :func:`prepare` says that it is compiling."""

Notify = Callable[[str], Any]

_available: bool | None = None


def available() -> bool:
    """Whether compiled kernels can be used here (numba imports, and ``ICEWIDGETS_NO_FAST`` is unset)."""
    global _available
    if os.environ.get("ICEWIDGETS_NO_FAST"):
        return False
    if _available is None:
        try:
            import numba  # noqa: F401
        except Exception:  # ImportError, or a numba that cannot load its LLVM
            _available = False
        else:
            _available = True
    return _available


def agent_names(agents: Sequence[Any]) -> tuple[str, ...] | None:
    """The kernel names of ``agents``, or None if any of them plays otherwise than a kernel can.

    An agent is a name of :data:`AGENT_NAMES` or a callable whose ``kernel_name`` attribute is
    one: the built-in random and greedy agents carry it, and so does any agent that plays exactly
    as they do (an agent that only wraps them for its own purposes must not).

    >>> agent_names(["random", "greedy"]), agent_names(["random", "mcts"]), agent_names([print])
    (('random', 'greedy'), None, None)
    """
    names = []
    for agent in agents:
        name = agent.strip().lower() if isinstance(agent, str) else getattr(agent, "kernel_name", None)
        if name not in AGENT_NAMES:
            return None
        names.append(name)
    return tuple(names)


def kernel_for(game: Any, agents: Sequence[Any]) -> ModuleType | None:
    """The kernel module that plays ``game`` with ``agents`` exactly, or None (use the rules engine)."""
    if not available() or type(game).kernel is None:
        return None
    names = agent_names(agents)
    if names is None:
        return None
    return _supporting_kernel(game, names)


_kernels: dict[tuple, ModuleType | None] = {}  # (game, agent names) → its kernel module, or None


def _supporting_kernel(game: Any, names: tuple[str, ...]) -> ModuleType | None:
    # Remembered: a search asks again for every position it plays on from.
    try:
        return _kernels[game, names]
    except KeyError:
        found = _kernels[game, names] = _ask_kernel(game, names)
        return found
    except TypeError:  # a game with options that do not hash: ask every time
        return _ask_kernel(game, names)


def _ask_kernel(game: Any, names: tuple[str, ...]) -> ModuleType | None:
    module = importlib.import_module(type(game).kernel)
    return module if module.supports(game, names) else None


def play_range(game: Any, agents: Sequence[Any], seed: Any, start: int, stop: int, max_plies: int) -> dict:
    """Games ``start``…``stop-1`` of the run seeded ``seed`` (game i uses ``SeedSequence(seed,
    spawn_key=(i,))``), each stopped unfinished after ``max_plies`` plies (the playouts pass
    :func:`icewidgets.playout.ply_limit`).

    Returns the kernel's dict of numpy arrays, one row per game (see above). Raises
    ``ValueError`` when no kernel plays these options and agents (check with :func:`kernel_for`).
    """
    kernel = kernel_for(game, agents)
    if kernel is None:
        raise ValueError(f"no compiled kernel for {game!r} with agents {tuple(agents)!r}")
    return kernel.play_range(game, agent_names(agents), seed, start, stop, max_plies)


# Continuing from a position -----------------------------------------------------------------


def play_from(state: Any, agents: Sequence[Any], seed: Any, count: int, max_plies: int) -> dict | None:
    """``count`` games continued from ``state`` by its game's kernel, or None where no kernel applies.

    Game i draws from ``SeedSequence(seed, spawn_key=(i,))`` and is played by ``agents`` (one per
    seat) until it ends or has gone ``max_plies`` plies further. The arrays are those of
    :func:`icewidgets.agents.play_on`, which plays the same games on the rules engines where no
    kernel applies.
    """
    kernel = kernel_for(state.game, agents)
    if kernel is None or not hasattr(kernel, "play_from"):
        return None
    return kernel.play_from(state.game, state, agent_names(agents), seed, count, max_plies)


# Compiling ahead ----------------------------------------------------------------------------

_prepared: set[tuple] = set()
_prepare_lock = threading.Lock()


def prepare(game: Any, agents: Sequence[Any], notify: Notify | None = None, continuing: bool = False) -> bool:
    """Compile (or load from the cache) the kernel that plays ``game`` with ``agents``, before the
    real work: ``continuing=True`` for :func:`play_from`, else :func:`play_range`.

    When that takes longer than :data:`COMPILE_NOTICE_AFTER` seconds (a first call in a new
    installation compiles), ``notify`` hears ``"compiling the fast engine for <title> (first
    time only)…"``, and when it is done ``"compiled the fast engine for <title> in <s> s"``.
    Returns whether a kernel applies; each kind of call is prepared once per process.

    >>> import icewidgets as iw
    >>> game = iw.make(iw.available_games()[0])
    >>> prepare(game, ["mcts"] * game.num_players)  # no kernel plays MCTS: nothing to compile
    False
    """
    kernel = kernel_for(game, agents)
    if kernel is None or (continuing and not hasattr(kernel, "play_from")):
        return False
    names = agent_names(agents)
    key = (kernel.__name__, names, game, continuing)
    with _prepare_lock:
        if key not in _prepared:
            _run_with_notice(lambda: _smallest_call(kernel, game, names, continuing), game.title, notify)
            _prepared.add(key)
    return True


def _smallest_call(kernel: ModuleType, game: Any, names: tuple[str, ...], continuing: bool) -> None:
    """One game of one ply: numba compiles a whole kernel for the argument types of its first call."""
    if continuing:
        kernel.play_from(game, game.new_state(), names, 0, 1, 1)
    else:
        kernel.play_range(game, names, 0, 0, 1, 1)


def _run_with_notice(call: Callable[[], Any], title: str, notify: Notify | None) -> None:
    """Run ``call`` on a helper thread, telling ``notify`` (from this thread) when it takes long."""
    failure: list[BaseException] = []

    def work() -> None:
        try:
            call()
        except BaseException as error:  # re-raised in the caller's thread
            failure.append(error)

    started = time.perf_counter()
    worker = threading.Thread(target=work, name="icewidgets-compile", daemon=True)
    worker.start()
    worker.join(COMPILE_NOTICE_AFTER)
    slow = worker.is_alive()
    if slow and notify is not None:
        notify(f"compiling the fast engine for {title} (first time only)…")
    worker.join()
    if failure:
        raise failure[0]
    if slow and notify is not None:
        notify(f"compiled the fast engine for {title} in {time.perf_counter() - started:.1f} s")


def warm(notify: Notify = print) -> list[tuple[str, float, bool]]:
    """Compile every registered game's kernel into the cache (``python -m icewidgets warm``).

    Each kernel is prepared (:func:`prepare`) for its game's default options with random, greedy
    and mixed seats, for whole games and continued ones. ``notify`` hears a line for every game:
    two for a game with a kernel (when it starts and when it is ready), one for a game without
    (the rules engine plays it). Returns ``(title, seconds, compiled)`` per game with a kernel
    (``compiled`` False: it was in the cache already). Without numba it says that the fast
    engine is unavailable, then a line per game, and returns an empty list.
    """
    from .games import available_games, make

    games = [make(name) for name in available_games()]
    if not available():
        notify("the fast engine is unavailable here (numba is not installed, or ICEWIDGETS_NO_FAST is set): "
               "nothing to compile; the rules engines play every game")
        for game in games:
            notify(f"{game.title}: the rules engine plays it")
        return []
    done = []
    for game in games:
        if type(game).kernel is None:
            notify(f"{game.title}: no compiled engine; the rules engine plays it")
            continue
        notify(f"{game.title}: preparing the fast engine…")
        started = time.perf_counter()
        kernel = importlib.import_module(type(game).kernel)
        before = _compilations(kernel)
        players = game.num_players
        for agents in (("random",) * players, ("greedy",) * players, ("greedy",) + ("random",) * (players - 1)):
            for continuing in (False, True):
                prepare(game, agents, continuing=continuing)
        seconds = time.perf_counter() - started
        compiled = _compilations(kernel) > before
        notify(f"{game.title}: {'compiled' if compiled else 'loaded from the cache'} in {seconds:.1f} s")
        done.append((game.title, seconds, compiled))
    return done


def _compilations(kernel: ModuleType) -> int:
    """How many functions of ``kernel`` numba has compiled in this process (not loaded from its cache)."""
    return sum(sum(value.stats.cache_misses.values()) for value in vars(kernel).values()
               if hasattr(value, "py_func") and hasattr(value, "stats"))
