"""The compiled Blockade kernel plays the reference engine's games ply for ply (random agents)."""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents as _agents
from icewidgets import fast
from icewidgets.playout import game_rng, ply_limit
from icewidgets.protocol import CHANCE

pytest.importorskip("numba")

from icewidgets.games.blockade import kernel as fast_blockade  # noqa: E402


def _reference_game(game, seed, index, limit, agents=("random", "random")):
    """The plies of game ``index`` as the reference engine plays them, and its final state."""
    players = [_agents.get_agent(agent) for agent in agents]
    rng = game_rng(seed, index)
    state = game.new_state(seed=rng)
    plies, options, decisions = [], 0, 0
    while not state.is_over and len(plies) < limit:
        if state.to_move == CHANCE:
            move = _agents.chance_move(state, rng)
        else:
            options += len(state.legal_moves())
            decisions += 1
            move = players[state.to_move](state, rng)
        plies.append(str(move))
        state = state._apply(move)
    return plies, state, np.float32(options / decisions if decisions else 0.0)


def _kernel_plies(out, i):
    player = int(out["first"][i])
    plies = []
    for code in out["record"][i][: out["plies"][i]]:
        plies.append(fast_blockade.move_text(code, player))
        if code == fast_blockade.END:
            player = 1 - player
    return plies


def _compare(game, seed, start, stop, limit, agents=("random", "random")):
    out = fast_blockade.play_range(game, agents, seed, start, stop, ply_limit(game), record=limit)
    for row, i in enumerate(range(start, stop)):
        plies, state, branching = _reference_game(game, seed, i, limit, agents)
        assert _kernel_plies(out, row) == plies, (game, seed, i)
        assert out["turns"][row] == state.turns
        assert out["winners"][row] == sum(1 << p for p in state.winners)
        assert tuple(out["scores"][row]) == state.scores
        assert tuple(out["towers"][row]) == tuple(len(state.towers[c]) for c in "RYGB")
        assert out["branching"][row] == branching
    return out


def test_kernel_is_registered_for_random_and_greedy_agents():
    game = iw.make("blockade")
    assert fast.kernel_for(game, ("random", "random")) is fast_blockade
    assert fast.kernel_for(game, ("random", "greedy")) is fast_blockade
    assert fast.kernel_for(game, ("random", "mcts")) is None
    assert fast.kernel_for(iw.make("blockade", landing="strict", tower_without_black_counts=False),
                           ("random", "random")) is fast_blockade


def test_a_thousand_short_games_ply_for_ply():
    game = iw.make("blockade", max_turns=3)
    out = _compare(game, 11, 0, 1000, game.ply_bound)
    assert out["plies"].sum() > 20_000


@pytest.mark.parametrize("options", [{"landing": "strict", "max_turns": 4},
                                     {"tower_without_black_counts": False, "max_turns": 4}])
def test_other_options_ply_for_ply(options):
    game = iw.make("blockade", **options)
    _compare(game, 5, 0, 60, game.ply_bound)


def test_whole_games_ply_for_ply():
    """Whole games: towers, blockades, the end-of-turn search and a win."""
    from icewidgets.games.blockade import PLAYOUT_MAX_TURNS

    game = iw.make("blockade", max_turns=PLAYOUT_MAX_TURNS)
    out = _compare(game, 1, 0, 3, game.ply_bound)
    assert out["winners"].all() and (out["towers"].max(axis=1) == 5).all()


def test_playouts_fast_matches_reference():
    fast_run = iw.playouts("blockade", 80, seed=4, max_turns=4, engine="fast", progress=False)
    reference = iw.playouts("blockade", 80, seed=4, max_turns=4, engine="reference", progress=False)
    for name, array in fast_run.arrays.items():
        assert np.array_equal(array, reference.arrays[name]), name
        assert array.dtype == reference.arrays[name].dtype, name
    assert fast_run.heatmaps.keys() == reference.heatmaps.keys() == {"towers", "blockades"}
    for name, grid in fast_run.heatmaps.items():
        assert np.array_equal(grid, reference.heatmaps[name]), name
    chunked = iw.playouts("blockade", 80, seed=4, max_turns=4, engine="fast", progress=False, chunk_size=7, workers=2)
    for name, array in fast_run.arrays.items():
        assert np.array_equal(array, chunked.arrays[name]), name


def test_fast_results_keep_the_piece_move_counter():
    fast = iw.playouts("blockade", 4, seed=1, max_turns=3, progress=False, engine="fast")
    reference = iw.playouts("blockade", 4, seed=1, max_turns=3, progress=False, engine="reference")
    assert fast.moves.tolist() == reference.moves.tolist() == [13, 13, 12, 15]
    assert fast.pips.tolist() == reference.pips.tolist() == [19, 16, 14, 22]


@pytest.mark.parametrize("agents", [("greedy", "greedy"), ("random", "greedy")])
def test_greedy_games_ply_for_ply(agents):
    """The greedy agent's keys and its one draw among the best, whole games to a win."""
    game = iw.make("blockade", max_turns=60)
    out = _compare(game, 3, 0, 40, game.ply_bound, agents)
    assert out["winners"].sum() > 0
