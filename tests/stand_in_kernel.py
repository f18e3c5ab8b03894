"""A stand-in for a compiled kernel, for tests of the fast runner's plumbing (no numba in it).

A game whose ``kernel`` names this module is "compiled" by it: it plays whatever agents it is
given through :func:`icewidgets.agents.play_on` on the rules engines and records every call, so
tests can see what the runner asked for. :data:`GATE`, when set to a ``threading.Event``, makes
the next call wait for it, as a first call waits for numba to compile.
"""

from __future__ import annotations

from typing import Any

from icewidgets.agents import play_on

CALLS: list[tuple] = []
GATE: Any = None


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    return True


def _wait() -> None:
    global GATE
    gate, GATE = GATE, None
    if gate is not None:
        gate.wait()


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict:
    _wait()
    CALLS.append(("play_range", agents, seed, start, stop, max_plies))
    return {}


def play_from(game: Any, state: Any, agents: tuple[str, ...], seed: Any, count: int, max_plies: int,
              record: int = 0) -> dict:
    _wait()
    CALLS.append(("play_from", state, agents, seed, count, max_plies))
    return play_on(state, agents, seed, count, max_plies, engine="reference")
