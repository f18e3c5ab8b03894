"""The games, by name: one package per game, one line per game in :data:`REGISTRY`.

Each package (``icewidgets/games/<name>/``) holds everything about its game: the rules
(``rules.py``, the same outline in every game), its picture data and widget controls
(``view.py``), its greedy rule (``greedy.py``), its playout counters (``counters.py``) and its
compiled kernel (``kernel.py``, loaded only by the fast runner). Its ``__init__`` attaches them
to the Game class with :meth:`~icewidgets.protocol.Game.plug_in`. Packages are imported on first
use, so ``import icewidgets`` stays quick and loads no numerical or widget library.

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

REGISTRY: dict[str, str | type[Game]] = {
    "volcano": "icewidgets.games.volcano:Volcano",
    "volterra": "icewidgets.games.volterra:Volterra",
    "ice3": "icewidgets.games.ice3:Ice3",
    "blockade": "icewidgets.games.blockade:Blockade",
}
"""Game name → ``"package:Class"`` (imported on first use) or the Game class itself."""


def available_games() -> tuple[str, ...]:
    """The names :func:`make` accepts, in a fixed order."""
    return tuple(REGISTRY)


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``."""
    try:
        entry = REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; available games: {', '.join(REGISTRY)}") from None
    if isinstance(entry, str):
        module, _, cls = entry.partition(":")
        entry = getattr(importlib.import_module(module), cls)
    return entry


def register(game: type[Game]) -> None:
    """Add a Game class to the registry under its ``name`` (a game defined outside the package,
    e.g. in a test or a notebook); :func:`make` and everything built on it then know it.

    Raises ``ValueError`` if the name is empty or already taken by another game.
    """
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise TypeError(f"register() takes a Game subclass, not {game!r}")
    name = game.name
    if not name or not isinstance(name, str) or name != name.strip().lower():
        raise ValueError(f"a registered game needs a lower-case name, not {name!r}")
    if name in REGISTRY and game_class(name) is not game:
        raise ValueError(f"a game named {name!r} is registered already")
    REGISTRY[name] = game


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` (the games of this package stay)."""
    if isinstance(REGISTRY.get(name), str):
        raise ValueError(f"{name!r} is one of the package's own games and cannot be removed")
    REGISTRY.pop(name, None)


def make(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; unknown options raise TypeError listing the valid ones.

    >>> make("volcano", opening="plus").opening
    'plus'
    >>> make("volcano", colour="red")
    Traceback (most recent call last):
    ...
    TypeError: volcano has no option 'colour'; its options are: players, opening, caps, colours, tie_rule, no_return_within_turn, end_if_board_empty, max_turns, goal, stall_turns
    """
    cls = game_class(name)
    valid = [f.name for f in dataclasses.fields(cls)]
    unknown = [key for key in options if key not in valid]
    if unknown:
        raise TypeError(
            f"{name} has no option {unknown[0]!r}; its options are: {', '.join(valid)}"
        )
    return cls(**options)
