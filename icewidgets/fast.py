"""Compiled playout kernels: the same games as the reference engines, hundreds of times faster.

A kernel plays whole games in plain loops over small integer arrays, compiled with numba
(``njit(cache=True)``: compiled on first use, then loaded from the cache). It rebuilds each
game's random stream exactly (:mod:`icewidgets.fast.rng`), lists legal moves in the reference
engine's order and applies the agents' documented rules, so for the same seed and agents it
plays the same games as the reference engine, ply for ply.

Kernels (random and greedy agents): Volcano (every option but a solitaire ``goal``), Volterra
(the checkerboard layout) and Ice3 (the default movement rules and exact goal); Blockade (every
option). Anything else — other options, MCTS or your own agents — is played by the reference
engine, and
:func:`kernel_for` says which applies.

numba is optional: where it does not install (Pyodide, for example) :func:`available` is False
and :func:`icewidgets.playouts` uses the reference engine, with the same results.

>>> from icewidgets import make
>>> kernel = kernel_for(make("volcano"), ("random", "greedy"))
>>> kernel is None or kernel.__name__ == "icewidgets.games.volcano.kernel"
True
>>> kernel_for(make("volcano"), ("random", "mcts")) is None  # no kernel: the reference engine serves
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
    """The kernel module that plays ``game`` with ``agents`` exactly, or None (use the reference engine)."""
    if not available() or type(game).kernel is None:
        return None
    names = agent_names(agents)
    if names is None:
        return None
    module = importlib.import_module(type(game).kernel)
    return module if module.supports(game, names) else None


def play_range(game: Any, agents: Sequence[Any], seed: int, start: int, stop: int) -> dict:
    """Games ``start``…``stop-1`` of the run seeded ``seed`` (game i uses ``SeedSequence(seed, spawn_key=(i,))``).

    Returns a dict of numpy arrays, one row per game (a kernel that counts board heatmaps adds
    them as ``heatmap:<name>`` arrays, one count per square over these games). Raises ``ValueError`` when no kernel
    plays these options and agents (check with :func:`kernel_for`).
    """
    kernel = kernel_for(game, agents)
    if kernel is None:
        raise ValueError(f"no compiled kernel for {game!r} with agents {tuple(agents)!r}")
    return kernel.play_range(game, agent_names(agents), seed, start, stop)
