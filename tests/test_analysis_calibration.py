"""Calibration: an analysis' values predict how games of the medium level end, in every game.

For each game, :func:`icewidgets.analysis.calibration` plays 1,000 whole games of the medium
level (the greedy rule in every seat), on the compiled engine where there is one, takes one
position per game at a uniformly random ply and values it with a few rollouts of the game's
rollout policy. The values must predict the games' final points better than the baseline
1/players: a lower Brier score (the mean squared difference, over positions and seats). A few
rollouts are noisy, which only makes the test harder to pass.

Ice3 plays under ``goal="loose"``: under the default exact goal no game of the medium level
ends within the playout turn limit, so every final is 1/2 and there is nothing to predict.
"""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents
from icewidgets.analysis import calibration
from icewidgets.analysis.values import final_points
from icewidgets.playout import game_rng, resolve_game

GAMES = 1_000
ROLLOUTS = 4
OPTIONS = {"ice3": {"goal": "loose"}}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", "blockade"])
def test_values_predict_medium_games_better_than_the_baseline(name):
    result = calibration(iw.make(name, **OPTIONS.get(name, {})), GAMES, rollouts=ROLLOUTS, seed=7)
    assert result.positions == GAMES and result.in_play >= 0.9 * GAMES  # positions in play, not finished games
    assert result.baseline > 0.2  # the games are decided, so there is something to predict
    assert result.brier < 0.85 * result.baseline, f"{name}: Brier {result.brier:.4f} against {result.baseline:.4f}"


def test_the_games_are_the_playouts_games_on_either_engine(monkeypatch):
    kernel = calibration("volcano", 30, rollouts=2, seed=3)
    counts = iw.playouts("volcano", 30, agents="medium", seed=3, progress=False, engine="reference")
    assert np.array_equal(kernel.lengths, counts.plies)  # game i is the playouts' game i
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")
    rules = calibration("volcano", 30, rollouts=2, seed=3)
    assert np.array_equal(rules.lengths, kernel.lengths) and np.array_equal(rules.plies, kernel.plies)
    assert np.array_equal(rules.observed, kernel.observed) and np.allclose(rules.predicted, kernel.predicted)


def test_the_games_wait_for_no_compiler_and_the_kernel_plays_the_rest_once_ready(monkeypatch):
    pytest.importorskip("numba")
    import importlib

    from icewidgets import fast

    ready = calibration("volcano", 30, rollouts=2, seed=3)  # the kernel plays every game
    kernel = importlib.import_module(type(iw.make("volcano")).kernel)
    real, starts, asked = kernel.play_range, [], []
    monkeypatch.setattr(kernel, "play_range", lambda *args, **kw: starts.append(args[3]) or real(*args, **kw))

    def not_yet(game, agents, continuing=False):  # the games' kernel is ready at the 11th game
        asked.append(continuing)
        return not continuing and asked.count(False) > 10

    monkeypatch.setattr(fast, "ready", not_yet)
    switched = calibration("volcano", 30, rollouts=2, seed=3)
    assert starts == [10] and asked.count(False) == 11  # the rules engines played games 0…9
    assert np.array_equal(switched.lengths, ready.lengths) and np.array_equal(switched.plies, ready.plies)
    assert np.array_equal(switched.observed, ready.observed) and np.allclose(switched.predicted, ready.predicted)


def test_each_position_is_its_game_at_the_ply_drawn_and_its_final_points_are_the_games():
    game = resolve_game(iw.make("volterra"))
    result = calibration(game, 12, rollouts=2, seed=5, level="easy")  # no kernel plays "easy": the rules engines
    assert result.level == "easy" and list(result.plies) == [1, 13, 23, 15, 10, 12, 28, 9, 27, 13, 14, 12]
    assert list(result.lengths) == [10, 18, 30, 32, 12, 18, 34, 12, 34, 26, 26, 24]
    for i in range(3):
        rng = game_rng(5, i)
        states = [game.new_state(seed=rng)]
        while not states[-1].is_over:
            states.append(states[-1].play(agents.LEVELS["easy"](states[-1], rng)))
        assert len(states) - 1 == result.lengths[i] and states[result.plies[i]] == result.states[i]
        assert tuple(result.observed[i]) == final_points(states[-1])


def test_the_reliability_table_bins_every_seat_once_and_the_scores_are_the_definitions():
    result = calibration("volcano", 40, rollouts=8, seed=2)
    rows = result.reliability(bins=4)
    assert sum(row.count for row in rows) == 40 * 2
    assert all(row.low <= row.predicted <= row.high for row in rows)
    assert result.brier == pytest.approx(((result.predicted - result.observed) ** 2).mean())
    assert result.baseline == pytest.approx(((0.5 - result.observed) ** 2).mean())
    text = str(result)
    assert text.startswith("Calibration of expected points. Volcano: 40 positions of medium games, 8 rollouts each")
    assert f"Brier score {result.brier:.4f} against {result.baseline:.4f} for predicting 1/2 everywhere" in text


def test_the_reliability_plot_draws_a_point_per_bin_and_the_diagonal():
    import matplotlib

    matplotlib.use("Agg")
    result = calibration("volcano", 40, rollouts=8, seed=2)
    ax = result.plot(bins=5)
    assert len(ax.collections[-1].get_offsets()) == len(result.reliability(5))
    assert ax.get_xlabel().startswith("predicted expected points") and ax.get_ylabel().startswith("points won")
    assert "Brier score" in ax.get_legend().get_texts()[-1].get_text()


@pytest.mark.parametrize("kwargs, error, message", [
    ({"game": "chess"}, ValueError, "chess"),
    ({"game": 3}, TypeError, "game=3 must be a game name or a Game"),
    ({"games": 0}, ValueError, "games=0 must be a whole number of games ≥ 1"),
    ({"rollouts": 1.5}, ValueError, "rollouts=1.5 must be a whole number ≥ 1"),
    ({"seed": -1}, ValueError, "seed=-1 must be a whole number ≥ 0"),
    ({"level": "expert"}, ValueError, "unknown agent 'expert'"),
])
def test_bad_arguments_are_named(kwargs, error, message):
    arguments = {"game": "volcano", "games": 2, **kwargs}
    with pytest.raises(error, match=message):
        calibration(arguments.pop("game"), **arguments)
