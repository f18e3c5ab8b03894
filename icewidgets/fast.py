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
:func:`kernel_for` says which applies. A kernel's greedy agent checks that the agent's rule in
:mod:`icewidgets.agents` is still the one it reproduces, and steps aside if it changed.

numba is optional: where it does not install (Pyodide, for example) :func:`available` is False
and :func:`icewidgets.playouts` uses the reference engine, with the same results.

>>> from icewidgets import make
>>> kernel = kernel_for(make("volcano"), ("random", "greedy"))
>>> kernel is None or kernel.__name__ == "icewidgets.fast.volcano"
True
>>> kernel_for(make("volcano"), ("random", "mcts")) is None  # no kernel: the reference engine serves
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any, Sequence

KERNELS: dict[str, str] = {
    "volcano": "icewidgets.fast.volcano",
    "volterra": "icewidgets.fast.volterra",
    "ice3": "icewidgets.fast.ice3",
    "blockade": "icewidgets.fast.blockade",
}
"""Game name → module with ``supports(game, agents)`` and ``play_range(game, agents, seed, start, stop)``."""

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
    from .. import agents as agents_module

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
    if not available() or game.name not in KERNELS:
        return None
    names = agent_names(agents)
    if names is None:
        return None
    module = importlib.import_module(KERNELS[game.name])
    return module if module.supports(game, names) else None


def source_matches(digest: str, *names: str) -> bool:
    """Whether the source code of these functions of :mod:`icewidgets.agents` still hashes
    (SHA-256) to ``digest``.

    A kernel's greedy agent reproduces functions of :mod:`icewidgets.agents`; if their code
    changes, the kernel steps aside (the reference engine serves) until it is checked again.
    """
    import hashlib
    import inspect

    from .. import agents

    try:
        source = "".join(inspect.getsource(getattr(agents, name)) for name in names)
    except (AttributeError, OSError, TypeError):
        return False
    return hashlib.sha256(source.encode()).hexdigest() == digest


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
