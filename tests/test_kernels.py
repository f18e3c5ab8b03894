"""Every compiled kernel plays the rules engine's games, ply for ply: one suite over the
registered games that have a kernel (``Game.kernel``), against one reference loop
(:func:`icewidgets.testing.reference_games`).

For each game, the cases below (options, agents, seed, games) are played twice: by the kernel,
recording every ply, and by the reference loop. The moves, lengths, scores, winners, the
unfinished flag, the branching factor and the counters read from the final position must all
be equal. Then whole runs through ``iw.playouts`` with both engines must give the same arrays
and heatmaps, whatever the chunking. A kernel game without cases of its own plays the
default ones (its default options, random and greedy agents).
"""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import fast
from icewidgets.games import game_class
from icewidgets.playout import ply_limit
from icewidgets.testing import reference_games

pytest.importorskip("numba")

KERNEL_GAMES = [name for name in iw.available_games() if game_class(name).kernel]


def uniform(state, rng):
    """The random agent's rule written out (one draw per ply), independent of icewidgets.agents."""
    moves = state.legal_moves()
    return moves[int(rng.random() * len(moves))]


def each_seat(agent, name):
    return (agent,) * iw.make(name).num_players


# Ply for ply: game → (options, agents, seed, games[, check of the kernel's output]).
PLY_CASES = {
    "volcano": [
        ({}, ("random", "random"), 11, 1000),
        ({}, ("greedy", "greedy"), 3, 200),
        ({}, ("random", "greedy"), 4, 150),
        ({"players": 3, "opening": "plus", "tie_rule": "draw", "max_turns": 25}, ("greedy", "random", "greedy"), 5, 80),
        ({"players": 4, "opening": "x", "no_return_within_turn": True, "max_turns": 40},
         ("random", "greedy", "random", "random"), 6, 60),
        ({"players": 1, "end_if_board_empty": False, "max_turns": 30}, ("greedy",), 7, 40),
        ({"opening": "custom", "colours": "RRYYG GBBCC RRYYG GBBCC ...RY", "caps": "a1 c3 e5"},
         ("random", "random"), 8, 40),
        ({"colours": "CCCGR CGGRY CGRYB GRYYB RYBBB", "caps": "c3"}, ("random", "random"), 9, 30),
        ({"opening": "random"}, ("random", "random"), 10, 120),
        ({"opening": "random", "caps": "b2 d2 b4 d4", "players": 3}, ("greedy", "random", "random"), 11, 40),
    ],
    "volterra": [
        ({}, ("random", "random"), 17, 1000),
        ({"first_player": 1, "end_check": "both"}, ("random", "random"), 17, 200),
        ({"dest_adjacent_to_source": True, "forfeit_removes": False, "max_turns": 12}, ("random", "random"), 17, 200),
        ({}, ("greedy", "greedy"), 19, 150),
        ({"end_check": "both", "first_player": 1}, ("random", "greedy"), 19, 100),
    ],
    "ice3": [
        ({"max_turns": 300}, ("random", "random"), 13, 25),
        ({"max_turns": 25}, ("random", "random"), 13, 910),
        ({"players": 3, "no_move": "draw", "max_turns": 80}, ("random",) * 3, 13, 40),
        ({"players": 1, "max_turns": 30}, ("random",), 13, 25),
        ({"max_turns": 40}, ("greedy", "greedy"), 23, 8),
        ({"max_turns": 40}, ("random", "greedy"), 24, 8),
    ],
    "blockade": [
        # Fewer, longer games than the other kernels' first cases: as many plies, deeper into the game.
        ({"max_turns": 20}, ("random", "random"), 11, 150, lambda out: out["plies"].sum() > 20_000),
        ({"landing": "strict", "max_turns": 4}, ("random", "random"), 5, 60),
        ({"tower_without_black_counts": False, "max_turns": 4}, ("random", "random"), 5, 60),
        # Whole games to a win: towers, blockades, the end-of-turn search.
        ({"max_turns": 1000}, ("random", "random"), 1, 3,
         lambda out: out["winners"].all() and (out["towers"].max(axis=1) == 5).all()),
        ({"max_turns": 60}, ("greedy", "greedy"), 3, 40, lambda out: out["winners"].sum() > 0),
        ({"max_turns": 60}, ("random", "greedy"), 3, 40, lambda out: out["winners"].sum() > 0),
    ],
}

# Through iw.playouts, both engines: game → (options, agents, seed, games, every heatmap counts something).
RUN_CASES = {
    "volcano": [({}, "random", 21, 300, True), ({}, ("greedy", "random"), 22, 120, True)],
    "volterra": [({}, "random", 3, 300, True), ({"forfeit_removes": False}, "greedy", 3, 300, True)],
    "ice3": [({}, "random", 2, 25, False)],  # no random game reaches the exact goal: no goal corners
    "blockade": [({"max_turns": 4}, "random", 4, 80, False)],
}

# Options each kernel leaves to the rules engine.
UNSUPPORTED = {
    "volcano": [{"players": 1, "goal": "solid>=1"}],
    "volterra": [{"layout": "free"}],
    "ice3": [{"blocked": "slide"}, {"edge": "illegal"}, {"walls": "after"}, {"goal": "loose"}],
}


def default_ply_cases(name):
    players = iw.make(name).num_players
    return [({}, ("random",) * players, 1, 50), ({}, ("greedy",) * players, 2, 20)]


def default_run_cases(name):
    return [({}, "random", 1, 50, False)]


def cases(table, defaults, size):
    """pytest parameters for every kernel game's cases, each padded with None to ``size`` values."""
    params = []
    for name in KERNEL_GAMES:
        for k, case in enumerate(table.get(name) or defaults(name)):
            params.append(pytest.param(name, *case, *(None,) * (size - len(case)), id=f"{name}-{k}"))
    return params


def first_difference(a, b):
    return next(i for i, (x, y) in enumerate(zip(a + [None], b + [None])) if x != y)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_the_kernel_is_found_for_built_in_agents_only(name):
    game = iw.make(name)
    kernel = fast.kernel_for(game, each_seat("random", name))
    assert kernel is not None and kernel.__name__ == type(game).kernel
    assert fast.kernel_for(game, each_seat("greedy", name)) is kernel
    assert fast.kernel_for(game, ("mcts",) + each_seat("random", name)[1:]) is None
    assert fast.kernel_for(game, (uniform,) + each_seat("random", name)[1:]) is None
    for options in UNSUPPORTED.get(name, []):
        assert fast.kernel_for(iw.make(name, **options), each_seat("random", name)) is None, options


@pytest.mark.parametrize("name, options, agents, seed, count, check", cases(PLY_CASES, default_ply_cases, 5))
def test_kernel_games_equal_the_reference_ply_for_ply(name, options, agents, seed, count, check):
    game = iw.make(name, **options)
    kernel = fast.kernel_for(game, agents)
    assert kernel is not None and kernel.__name__ == type(game).kernel
    reference = reference_games(game, [uniform if agent == "random" else agent for agent in agents], seed, 0, count)
    record = max(len(played.moves) for played in reference) + 1
    out = kernel.play_range(game, agents, seed, 0, count, ply_limit(game), record=record)
    for i, (state, moves, branching) in enumerate(reference):
        recorded = kernel.recorded_moves(out, i)
        assert recorded == moves, f"game {i}: the first different ply is ply {first_difference(recorded, moves)}"
        assert out["plies"][i] == len(moves) and out["turns"][i] == state.turns, i
        assert tuple(out["scores"][i]) == state.scores, i
        assert out["winners"][i] == sum(1 << p for p in state.winners), i
        assert bool(out["unfinished"][i]) == state.unfinished, i
        assert out["branching"][i] == branching, i
        final = {}
        game.counters.final(final, state)
        for field, value in final.items():
            assert out[field][i].tolist() == value, (i, field)
    assert check is None or check(out)


@pytest.mark.parametrize("name, options, agents, seed, count, heat", cases(RUN_CASES, default_run_cases, 5))
def test_playouts_with_either_engine_give_the_same_arrays(name, options, agents, seed, count, heat):
    settings = dict(agents=agents, seed=seed, options=options, progress=False)
    reference = iw.playouts(name, count, engine="reference", **settings)
    compiled = iw.playouts(name, count, engine="fast", **settings)
    chunked = iw.playouts(name, count, engine="fast", chunk_size=7, workers=2, **settings)
    assert (reference.engine, compiled.engine) == ("reference", "fast")
    for run in (compiled, chunked):
        assert list(run.arrays) == list(reference.arrays)
        for key, array in reference.arrays.items():
            assert run.arrays[key].dtype == array.dtype and np.array_equal(run.arrays[key], array), key
        assert run.heatmaps.keys() == reference.heatmaps.keys() == set(reference.game.counters.heatmaps)
        for key, grid in reference.heatmaps.items():
            assert np.array_equal(run.heatmaps[key], grid), key
    if heat:
        assert all(grid.sum() > 0 for grid in reference.heatmaps.values())
    assert str(compiled.summary()).split("speed")[0] == str(reference.summary()).split("speed")[0]


# What one game's kernel counts or keeps ---------------------------------------------------------------


def test_volcano_results_for_a_million_games_fit_in_100_mb():
    from icewidgets.games.volcano import kernel

    assert sum(array.nbytes for array in kernel.empty_results(1_000_000, 2).values()) <= 100 * 2**20
    assert sum(array.nbytes for array in kernel.empty_results(1_000_000, 6).values()) <= 100 * 2**20
    # What iw.playouts keeps per game, scaled to a million games.
    for players in (2, 6):
        run = iw.playouts("volcano", 2000, agents="random", seed=1, engine="fast", progress=False,
                          options={"players": players})
        assert run.nbytes * 500 <= 100 * 2**20, (players, run.nbytes)


def test_blockade_piece_moves_and_pip_steps_are_counted_by_both_engines():
    compiled = iw.playouts("blockade", 4, seed=1, max_turns=3, progress=False, engine="fast")
    reference = iw.playouts("blockade", 4, seed=1, max_turns=3, progress=False, engine="reference")
    assert compiled.moves.tolist() == reference.moves.tolist() == [13, 13, 12, 15]
    assert compiled.pips.tolist() == reference.pips.tolist() == [19, 16, 14, 22]
