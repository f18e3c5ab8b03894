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
- ``recorded_moves(out, row) -> list[str]``: the move texts of game ``row`` of such a record.

Anything a kernel does not support — other options, MCTS or your own agents — is played by the
rules engines, and :func:`kernel_for` says which applies. numba is optional: where it does not
install (Pyodide, for example) :func:`available` is False and :func:`icewidgets.playouts` uses
the rules engines, with the same results.

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
from types import ModuleType
from typing import Any, Sequence

AGENT_NAMES = ("random", "greedy")
"""The built-in agents the kernels reproduce."""

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
    """The built-in names of ``agents`` (names or the built-in callables), or None if any is custom."""
    from . import agents as agents_module

    builtin = {id(agents_module.random_agent): "random", id(agents_module.greedy): "greedy"}
    names = []
    for agent in agents:
        if isinstance(agent, str):
            name = agent.strip().lower()
        else:
            name = builtin.get(id(agent))
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
