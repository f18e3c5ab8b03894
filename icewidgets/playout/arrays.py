"""The layout of a run's results: one row per game in numpy arrays, and the points convention.

The same core arrays for every game (:data:`CORE_FIELDS`, ``branching``, ``seating``, the
balance metrics) and the game's own counters (its :class:`~icewidgets.counters.Counters` hook);
:class:`~icewidgets.playout.PlayoutResults` holds them, the engines fill them and
:mod:`.storage` writes and reads them.

>>> import icewidgets as iw
>>> game = iw.make(iw.available_games()[0])
>>> arrays = result_arrays(game, 3)
>>> arrays["winners"].shape == (3, game.num_players), arrays["result"].dtype.name
(True, 'int8')
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..protocol import Game
from .balance import PROFILE_BINS

__all__ = ["BALANCE_FIELDS", "CORE_FIELDS", "GENERIC_FIELDS", "RESULT_CODES", "field_shape", "first_player_points",
           "game_points", "heatmap_shape", "result_arrays"]

RESULT_CODES = {"win": 0, "draw": 1, "unfinished": 2}
"""``results.result`` codes per game: a win (sole or shared), a draw, stopped unfinished."""

CORE_FIELDS = ("winners", "scores", "turns", "plies", "first", "result")
"""The arrays every engine fills for every game."""

BALANCE_FIELDS = ("lead_changes", "comeback", "branching_profile")
"""The balance metrics of every game (:mod:`icewidgets.playout.balance`): the rules engines fill
them, and a compiled kernel once it measures them (until then its results leave them out)."""

GENERIC_FIELDS = CORE_FIELDS + ("branching", "seating") + BALANCE_FIELDS
"""Every array that is not one of the game's own counters: the core fields, ``branching``
(mean legal moves per decision), ``seating`` (filled by the run) and the balance metrics."""


def result_arrays(game: Game, n: int) -> dict[str, np.ndarray]:
    """Zeroed arrays for ``n`` games of ``game``: the generic fields (:data:`GENERIC_FIELDS`)
    and the game's counters (:attr:`Game.counters`), in that order."""
    players = game.num_players
    arrays = {
        "winners": np.zeros((n, players), dtype=bool),
        "scores": np.zeros((n, players), dtype=np.int16),
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "first": np.zeros(n, dtype=np.int8),
        "result": np.zeros(n, dtype=np.int8),
        "branching": np.zeros(n, dtype=np.float32),
        "seating": np.zeros((n, players), dtype=np.int8),
        "lead_changes": np.zeros(n, dtype=np.uint16),
        "comeback": np.zeros(n, dtype=bool),
        "branching_profile": np.zeros((n, PROFILE_BINS), dtype=np.float32),
    }
    for name, (dtype, shape, _) in game.counters.fields.items():
        arrays[name] = np.zeros((n,) + field_shape(shape, players), dtype=dtype)
    return arrays


def game_points(winners: np.ndarray) -> np.ndarray:
    """Points per game and seat (float, (n, players)): the winners share 1 (a win shared by k
    is 1/k each), a game without a winner — a draw, or unfinished — gives every seat
    1/players; so the seats' points of a game add up to 1 and no advantage is 1/players.

    >>> winners = np.array([[True, False], [True, True], [False, False]])
    >>> game_points(winners).tolist()
    [[1.0, 0.0], [0.5, 0.5], [0.5, 0.5]]
    """
    winners = np.asarray(winners, dtype=bool)
    k = winners.sum(axis=1, keepdims=True)
    return np.where(k > 0, winners / np.maximum(k, 1), 1.0 / winners.shape[1])


def field_shape(shape: tuple[Any, ...], players: int) -> tuple[int, ...]:
    """A counter's extra shape with ``"players"`` replaced by the number of players.

    >>> field_shape(("players", 3), 4)
    (4, 3)
    """
    return tuple(players if dim == "players" else dim for dim in shape)


def heatmap_shape(game: Game) -> tuple[int, int]:
    """(ranks, files) of the game's board, the shape of its heatmaps; (0, 0) without a grid."""
    grid = game.grid
    return (grid.ranks, grid.files) if grid is not None else (0, 0)


def first_player_points(arrays: dict[str, np.ndarray]) -> np.ndarray:
    """Points per game (:func:`game_points`) of the seat that moved first, from a run's arrays."""
    first = arrays["first"].astype(np.int64)
    return game_points(arrays["winners"])[np.arange(len(first)), first]
