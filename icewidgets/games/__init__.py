"""The four games, by name.

Each game lives in its own pure-Python module with the same outline: a docstring that
teaches the rules, the options, the State and Move types, the rules, private helpers last.
Modules are imported on first use, so ``import icewidgets`` stays quick.

>>> available_games()
('volcano', 'volterra', 'ice3', 'blockade')
>>> make("volcano", players=3).players
3
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from ..protocol import Game

REGISTRY: dict[str, tuple[str, str]] = {
    "volcano": ("icewidgets.games.volcano", "Volcano"),
    "volterra": ("icewidgets.games.volterra", "Volterra"),
    "ice3": ("icewidgets.games.ice3", "Ice3"),
    "blockade": ("icewidgets.games.blockade", "Blockade"),
}
"""Game name → (module, class). A fifth game adds one line here."""


def available_games() -> tuple[str, ...]:
    """The names :func:`make` accepts, in a fixed order."""
    return tuple(REGISTRY)


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``."""
    try:
        module, cls = REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; available games: {', '.join(REGISTRY)}") from None
    return getattr(importlib.import_module(module), cls)


def make(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; unknown options raise TypeError listing the valid ones.

    >>> make("volcano", opening="plus").opening
    'plus'
    >>> make("volcano", colour="red")
    Traceback (most recent call last):
    ...
    TypeError: volcano has no option 'colour'; its options are: players, opening, caps, colours, tie_rule, no_return_within_turn, end_if_board_empty, max_turns, goal
    """
    cls = game_class(name)
    valid = [f.name for f in dataclasses.fields(cls)]
    unknown = [key for key in options if key not in valid]
    if unknown:
        raise TypeError(
            f"{name} has no option {unknown[0]!r}; its options are: {', '.join(valid)}"
        )
    return cls(**options)
