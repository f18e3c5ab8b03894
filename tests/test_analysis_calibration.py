"""Calibration: an analysis' values predict how games of the medium level end, in every game.

For each game, 1,000 whole games of the medium level (the greedy rule in every seat) are played
on the compiled engine, keeping their moves. One position per game, at a uniformly random ply,
is replayed on the rules engine and valued with a few rollouts of the game's rollout policy
(:func:`icewidgets.analysis.evaluate`). The values must predict the games' final points better
than the baseline 1/players: a lower Brier score (the mean squared difference, over positions
and seats). A few rollouts are noisy, which only makes the test harder to pass.

Ice3 plays under ``goal="loose"``: under the default exact goal no game of the medium level
ends within the playout turn limit, so every final is 1/2 and there is nothing to predict.
"""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents, fast
from icewidgets.analysis import evaluate
from icewidgets.analysis.values import final_points, rollout_points
from icewidgets.playout import game_rng, ply_limit, resolve_game

GAMES = 1_000
ROLLOUTS = 4
OPTIONS = {"ice3": {"goal": "loose"}}


def _medium_games(game: iw.Game, n: int, seed: int) -> tuple[list[list[str]], np.ndarray]:
    """The moves and final points of ``n`` medium-level games (game i from ``game_rng(seed, i)``)."""
    names = ("greedy",) * game.num_players
    limit = ply_limit(game)
    kernel = fast.kernel_for(game, names)
    if kernel is not None:
        out = kernel.play_range(game, names, seed, 0, n, limit, record=min(limit, 4_000))
        return [kernel.recorded_moves(out, row) for row in range(n)], rollout_points(out, game.num_players)
    moves, finals = [], []
    for i in range(n):  # without numba: the same games on the rules engine
        rng = game_rng(seed, i)
        state, played = game.new_state(seed=rng), []
        while not state.is_over and len(played) < limit:
            move = agents.greedy(state, rng)
            played.append(str(move))
            state = state.play(move)
        moves.append(played)
        finals.append(final_points(state))
    return moves, np.array(finals)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", "blockade"])
def test_values_predict_medium_games_better_than_the_baseline(name):
    game = resolve_game(iw.make(name, **OPTIONS.get(name, {})))  # the playout turn limit: every game ends
    moves, finals = _medium_games(game, GAMES, seed=7)
    pick = np.random.default_rng(5)
    positions = []
    for i, line in enumerate(moves):
        state = game.new_state(seed=game_rng(7, i))
        for move in line[: int(pick.integers(len(line))) if line else 0]:
            state = state.play(move)
        positions.append(state)
    assert sum(not p.is_over for p in positions) >= 0.9 * GAMES  # positions in play, not finished games
    values = evaluate(positions, rollouts=ROLLOUTS, seed=1)
    predicted = np.array([value.points for value in values])
    brier = float(((predicted - finals) ** 2).mean())
    baseline = float(((1.0 / game.num_players - finals) ** 2).mean())
    assert baseline > 0.2  # the games are decided, so there is something to predict
    assert brier < 0.85 * baseline, f"{name}: Brier {brier:.4f} against the baseline's {baseline:.4f}"
