"""Seeded randomness shared by the games and the agents.

Every random choice in icewidgets comes from an explicit seed, so the same seed replays the
same game. Setups shuffle with Python's :class:`random.Random`; agents draw from a
``numpy.random.Generator`` (or anything with a ``random()`` method), one draw per decision.

>>> seeded_random(3).random() == seeded_random(3).random()
True
>>> pick_best(["a", "b", "c"], [1, 5, 5], _Fixed(0.6))
'c'
"""

from __future__ import annotations

import numbers
import random
from typing import Any, Sequence

from .checks import shown


SEEDS = "a whole number ≥ 0, a random.Random, a numpy.random.Generator or None"
"""What a game's ``new_state(seed=…)`` takes."""


def check_seed(seed: Any, name: str = "seed") -> Any:
    """``seed`` if a game can be seeded with it (see :data:`SEEDS`; numpy integers become
    ``int``); a TypeError or ValueError naming ``name`` and what is valid otherwise.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    TypeError: seed='7' must be a whole number ≥ 0, a random.Random, a numpy.random.Generator or None, not str
    """
    if seed is None or isinstance(seed, random.Random) or _is_generator(seed):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, numbers.Real):
        raise TypeError(f"{name}={shown(seed)} must be {SEEDS}, not {type(seed).__name__}")
    if not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(f"{name}={shown(seed)} must be {SEEDS}")
    return int(seed)


def _is_generator(seed: Any) -> bool:
    return type(seed).__module__.startswith("numpy") and hasattr(seed, "integers") and hasattr(seed, "bit_generator")


def seeded_random(seed: Any) -> random.Random:
    """A :class:`random.Random` for ``seed`` (checked by :func:`check_seed`): a whole number
    ≥ 0 or None, a ``random.Random`` (used as it is), or a ``numpy.random.Generator`` (one
    63-bit draw seeds it)."""
    seed = check_seed(seed)
    if isinstance(seed, random.Random):
        return seed
    if _is_generator(seed):
        return random.Random(int(seed.integers(2**63)))
    return random.Random(seed)


def pick_best(moves: Sequence[Any], keys: Sequence[Any], rng: Any) -> Any:
    """The move with the largest key; ties broken with one draw, ``best[int(rng.random() * len(best))]``.

    ``best`` keeps the order of ``moves``. Greedy rules use this, so a compiled engine can
    reproduce their choice from the same single draw.
    """
    top = max(keys)
    best = [move for move, key in zip(moves, keys) if key == top]
    return best[int(rng.random() * len(best))]


def chance_pick(outcomes: Sequence[tuple[Any, float]], u: float) -> Any:
    """The outcome a uniform draw ``u`` in [0, 1) selects: the first whose cumulative
    probability exceeds ``u`` (the last one if rounding leaves ``u`` above the total).

    >>> chance_pick([("low", 0.25), ("high", 0.75)], 0.3)
    'high'
    """
    if not outcomes:
        raise ValueError("there are no chance outcomes to pick from")
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if u < total:
            return outcome
    return outcomes[-1][0]


class _Fixed:
    """A stand-in generator whose every draw is ``u`` (for examples)."""

    def __init__(self, u: float):
        self.u = u

    def random(self) -> float:
        return self.u
