"""Compiled playouts (icewidgets.fast): bit-exact random streams, the same games as the
reference engines ply for ply, results independent of chunking and workers, and the fallback
when numba is missing."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import fast
from icewidgets.playout import ply_limit
from icewidgets.protocol import CHANCE

pytest.importorskip("numba")

from icewidgets.compiled import rng  # noqa: E402
from icewidgets.playout import chunks as parallel  # noqa: E402
from icewidgets.games.ice3 import kernel as fast_ice3  # noqa: E402
from icewidgets.compiled import pyrandom  # noqa: E402
from icewidgets.games.volcano import kernel as fast_volcano  # noqa: E402
from icewidgets.games.volterra import kernel as fast_volterra  # noqa: E402


# Random streams ------------------------------------------------------------------------------

SEEDS = [0, 1, 2, 7, 42, 2**31 - 1, 2**32 - 1, 2**32, 2**53 + 1, 2**64 - 1, 2**64, 2**96 + 12345, 2**127,
         2**128 - 1, 2**128, 2**200 + 99, 340282366920938463463374607431768211457]
KEYS = [0, 1, 2, 3, 10, 255, 1000, 65535, 99_999, 2**31, 2**32 - 1, 2**32, 2**33 + 5, 2**63 - 1]


@pytest.mark.parametrize("seed", SEEDS)
def test_pcg64_seeding_matches_numpy(seed):
    for key in KEYS:
        expected = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(key,))).state["state"]
        assert rng.pcg64_state(seed, key) == (expected["state"], expected["inc"]), (seed, key)


def test_random_streams_match_numpy_for_many_seeds_and_keys():
    generator = np.random.default_rng(2024)
    seeds = SEEDS + [int(s) for s in generator.integers(0, 2**63, 40)]
    keys = list(range(0, 300, 7)) + [int(k) for k in generator.integers(0, 2**40, 20)]
    checked = 0
    for seed in seeds:
        for key in keys[:: 1 + (seed % 3)]:
            expected = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(key,)))
            assert np.array_equal(rng.stream(seed, key, 64), expected.random(64)), (seed, key)
            checked += 1
    assert checked > 1000
    raw = np.random.PCG64(np.random.SeedSequence(5, spawn_key=(9,))).random_raw(1000)
    assert np.array_equal(rng.stream(5, 9, 1000, kind="uint64"), raw)


def test_python_random_shuffles_and_numpy_integers_are_rebuilt_exactly():
    import random

    seeds = [0, 1, 2, 5, 2**31, 2**32 - 1, 2**32, 2**40 + 3, 2**63 - 1]
    seeds += [int(s) for s in np.random.default_rng(7).integers(0, 2**63, 300)]
    for seed in seeds:
        values = list(range(60))
        random.Random(seed).shuffle(values)
        assert pyrandom.shuffled(seed, range(60)).tolist() == values, seed
    for key in range(200):
        expected = int(np.random.default_rng(np.random.SeedSequence(9, spawn_key=(key,))).integers(2**63))
        assert int(rng.stream(9, key, 1, kind="uint64")[0]) >> 1 == expected


def test_negative_seed_is_refused_like_numpy():
    with pytest.raises(ValueError):
        rng.entropy_words(-1)


# Reference loop --------------------------------------------------------------------------------


def reference_games(game, agents, seed, start, stop):
    """The reference engine with the agreed per-game seeding; (final state, move texts) per game."""
    from icewidgets.agents import get_agent

    players = [get_agent(a) for a in agents]
    games = []
    for i in range(start, stop):
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
        state = game.new_state(seed=generator)
        moves = []
        while not state.is_over:
            if state.to_move == CHANCE:
                move = players[0](state, generator)
            else:
                move = players[state.to_move](state, generator)
            moves.append(str(move))
            state = state.play(move)
        games.append((state, moves))
    return games


def random_reference_games(game, seed, count):
    """The random agent written out (the agreed rule), independent of icewidgets.agents."""
    games = []
    for i in range(count):
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
        state = game.new_state()
        moves = []
        while not state.is_over:
            legal = state.legal_moves()
            move = legal[int(generator.random() * len(legal))]
            moves.append(str(move))
            state = state.play(move)
        games.append((state, moves))
    return games


def assert_same_volcano_games(game, agents, seed, games):
    out = fast_volcano.play_range(game, agents, seed, 0, len(games), ply_limit(game), record=max(len(m) for _, m in games) + 1)
    for i, (state, moves) in enumerate(games):
        played = [fast_volcano.move_text(code) for code in out["record"][i] if code >= 0]
        assert played == moves, f"game {i}: first different ply {next(j for j, (a, b) in enumerate(zip(played + [''], moves + [''])) if a != b)}"
        assert out["plies"][i] == len(moves) == state.moves
        assert out["turns"][i] == state.turns
        assert tuple(out["scores"][i]) == state.scores
        assert tuple(p for p in range(game.players) if out["winners"][i] >> p & 1) == state.winners
        assert bool(out["unfinished"][i]) == state.unfinished
        assert tuple(out["captured"][i]) == tuple(len(pile) for pile in state.captured)
    return len(games)


# Volcano ---------------------------------------------------------------------------------------


def test_volcano_random_games_match_the_reference_engine_ply_for_ply():
    game = iw.make("volcano")
    assert assert_same_volcano_games(game, ("random", "random"), 11, random_reference_games(game, 11, 1000)) == 1000


@pytest.mark.parametrize(
    "options, agents, seed, count",
    [
        ({}, ("greedy", "greedy"), 3, 200),
        ({}, ("random", "greedy"), 4, 150),
        ({"players": 3, "opening": "plus", "tie_rule": "draw", "max_turns": 25}, ("greedy", "random", "greedy"), 5, 80),
        ({"players": 4, "opening": "x", "no_return_within_turn": True, "max_turns": 40}, ("random", "greedy", "random", "random"), 6, 60),
        ({"players": 1, "end_if_board_empty": False, "max_turns": 30}, ("greedy",), 7, 40),
        ({"opening": "custom", "colours": "RRYYG GBBCC RRYYG GBBCC ...RY", "caps": "a1 c3 e5"}, ("random", "random"), 8, 40),
        ({"colours": "CCCGR CGGRY CGRYB GRYYB RYBBB", "caps": "c3"}, ("random", "random"), 9, 30),
        ({"opening": "random"}, ("random", "random"), 10, 120),
        ({"opening": "random", "caps": "b2 d2 b4 d4", "players": 3}, ("greedy", "random", "random"), 11, 40),
    ],
)
def test_volcano_options_and_greedy_match_the_reference_engine(options, agents, seed, count):
    pytest.importorskip("icewidgets.agents")
    game = iw.make("volcano", **options)
    assert fast.kernel_for(game, agents) is fast_volcano
    assert_same_volcano_games(game, agents, seed, reference_games(game, agents, seed, 0, count))


def test_volcano_kernel_refuses_what_it_cannot_replay():
    assert not fast_volcano.supports(iw.make("volcano"), ("random", "mcts"))
    assert fast.kernel_for(iw.make("volcano"), ("random", lambda state, rng: state.legal_moves()[0])) is None


def test_volcano_results_for_a_million_games_fit_in_100_mb():
    results = fast_volcano.empty_results(1_000_000, 2)
    assert sum(array.nbytes for array in results.values()) <= 100 * 2**20
    assert sum(array.nbytes for array in fast_volcano.empty_results(1_000_000, 6).values()) <= 100 * 2**20
    # What iw.playouts keeps per game, scaled to a million games.
    for players in (2, 6):
        run = iw.playouts("volcano", 2000, agents="random", seed=1, engine="fast", progress=False,
                          options={"players": players})
        assert run.nbytes * 500 <= 100 * 2**20, (players, run.nbytes)


# Ice3 ------------------------------------------------------------------------------------------


def reference_states(game, seed, count):
    """Random games of the reference engine, with the setup drawn from each game's generator."""
    games = []
    for i in range(count):
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
        state = game.new_state(seed=generator)
        moves = []
        while not state.is_over and len(moves) < (game.ply_bound or 200_000):
            legal = state.legal_moves()
            move = legal[int(generator.random() * len(legal))]
            moves.append(str(move))
            state = state.play(move)
        games.append((state, moves))
    return games


@pytest.mark.parametrize(
    "options, count",
    [({"max_turns": 300}, 25), ({"max_turns": 25}, 910), ({"players": 3, "no_move": "draw", "max_turns": 80}, 40),
     ({"players": 1, "max_turns": 30}, 25)],
)
def test_ice3_random_games_match_the_reference_engine_ply_for_ply(options, count):
    game = iw.make("ice3", **options)
    agents = ("random",) * game.players
    assert fast.kernel_for(game, agents) is fast_ice3
    games = reference_states(game, 13, count)
    out = fast_ice3.play_range(game, agents, 13, 0, count, ply_limit(game), record=game.max_turns + 1)
    for i, (state, moves) in enumerate(games):
        assert [fast_ice3.move_text(c) for c in out["record"][i] if c != -1] == moves, i
        assert out["plies"][i] == len(moves) and out["turns"][i] == state.turns
        assert tuple(out["scores"][i]) == state.scores
        assert tuple(p for p in range(game.players) if out["winners"][i] >> p & 1) == state.winners
        assert bool(out["unfinished"][i]) == state.unfinished


@pytest.mark.parametrize("agents, seed", [(("greedy", "greedy"), 23), (("random", "greedy"), 24)])
def test_ice3_greedy_games_match_the_reference_engine_ply_for_ply(agents, seed):
    game = iw.make("ice3", max_turns=40)
    assert fast.kernel_for(game, agents) is fast_ice3
    games = reference_games(game, agents, seed, 0, 8)
    out = fast_ice3.play_range(game, agents, seed, 0, 8, ply_limit(game), record=41)
    for i, (state, moves) in enumerate(games):
        assert [fast_ice3.move_text(c) for c in out["record"][i] if c != -1] == moves, i
        assert tuple(out["scores"][i]) == state.scores and out["turns"][i] == state.turns


def test_ice3_kernel_refuses_the_options_it_does_not_play():
    for options in ({"blocked": "slide"}, {"edge": "illegal"}, {"walls": "after"}, {"goal": "loose"}):
        assert fast.kernel_for(iw.make("ice3", **options), ("random", "random")) is None


def test_ice3_playouts_fast_and_reference_engines_give_the_same_arrays():
    reference = iw.playouts("ice3", 25, seed=2, engine="reference", progress=False)
    compiled = iw.playouts("ice3", 25, seed=2, engine="fast", progress=False)
    assert compiled.engine == "fast"
    assert compiled.arrays.keys() == reference.arrays.keys()
    for key, array in reference.arrays.items():
        assert np.array_equal(compiled.arrays[key], array), key
    # (No random game reaches the exact goal, so the heatmap is empty in both; goal_corner_heatmap's
    # doctest counts won games.)
    assert compiled.heatmaps.keys() == reference.heatmaps.keys() == {"goal_corners"}
    assert np.array_equal(compiled.heatmaps["goal_corners"], reference.heatmaps["goal_corners"])


# Volterra --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, count",
    [({}, 1000), ({"first_player": 1, "end_check": "both"}, 200),
     ({"dest_adjacent_to_source": True, "forfeit_removes": False, "max_turns": 12}, 200)],
)
def test_volterra_random_games_match_the_reference_engine_ply_for_ply(options, count):
    game = iw.make("volterra", **options)
    assert fast.kernel_for(game, ("random", "random")) is fast_volterra
    games = reference_states(game, 17, count)
    out = fast_volterra.play_range(game, ("random", "random"), 17, 0, count, ply_limit(game), record=max(len(m) for _, m in games) + 1)
    for i, (state, moves) in enumerate(games):
        assert [fast_volterra.move_text(c) for c in out["record"][i] if c != -1] == moves, i
        assert out["plies"][i] == len(moves) and out["turns"][i] == state.turns
        assert tuple(out["scores"][i]) == state.scores
        assert tuple(p for p in range(2) if out["winners"][i] >> p & 1) == state.winners
        assert bool(out["unfinished"][i]) == state.unfinished


@pytest.mark.parametrize("agents, options, count", [(("greedy", "greedy"), {}, 150),
                                                    (("random", "greedy"), {"end_check": "both", "first_player": 1}, 100)])
def test_volterra_greedy_games_match_the_reference_engine_ply_for_ply(agents, options, count):
    game = iw.make("volterra", **options)
    assert fast.kernel_for(game, agents) is fast_volterra
    games = reference_games(game, agents, 19, 0, count)
    out = fast_volterra.play_range(game, agents, 19, 0, count, ply_limit(game), record=max(len(m) for _, m in games) + 1)
    for i, (state, moves) in enumerate(games):
        assert [fast_volterra.move_text(c) for c in out["record"][i] if c != -1] == moves, i
        assert tuple(out["scores"][i]) == state.scores
        assert tuple(p for p in range(2) if out["winners"][i] >> p & 1) == state.winners


@pytest.mark.parametrize("options, agents", [({}, "random"), ({"forfeit_removes": False}, "greedy")])
def test_volterra_playouts_fast_and_reference_engines_give_the_same_arrays(options, agents):
    reference = iw.playouts("volterra", 300, seed=3, agents=agents, engine="reference", progress=False, options=options)
    compiled = iw.playouts("volterra", 300, seed=3, agents=agents, engine="fast", progress=False, options=options)
    assert compiled.engine == "fast"
    assert compiled.arrays.keys() == reference.arrays.keys()
    for key, array in reference.arrays.items():
        assert np.array_equal(compiled.arrays[key], array), key
    assert compiled.heatmaps.keys() == reference.heatmaps.keys() == {"tower_targets", "cut_off"}
    for name, grid in reference.heatmaps.items():
        assert grid.sum() > 0 and np.array_equal(compiled.heatmaps[name], grid), name
    assert fast.kernel_for(iw.make("volterra", layout="free"), ("random", "random")) is None


# Chunking, workers, executors ------------------------------------------------------------------


def _volcano_chunks(seed, start, stop):
    game = iw.make("volcano", max_turns=200)
    return fast.play_range(game, ("random", "greedy"), seed, start, stop, ply_limit(game))


def _assert_same_results(parts, whole, *context):
    """Chunks joined by ``run_chunks`` against one run of all the games: the same per-game rows
    and the same heatmaps (run_chunks adds up the chunks' counts)."""
    assert parts.keys() == whole.keys()
    for key, array in whole.items():
        assert parts[key].dtype == array.dtype and np.array_equal(parts[key], array), (key, *context)


def test_results_do_not_depend_on_chunks_or_workers():
    n = 5_003
    whole = _volcano_chunks(1, 0, n)
    for chunk_size, workers in [(1000, 1), (777, 2), (5003, 2), (64, 3)]:
        parts = parallel.run_chunks(partial(_volcano_chunks, 1), n, workers=workers, chunk_size=chunk_size)
        _assert_same_results(parts, whole, chunk_size, workers)


def test_any_concurrent_futures_executor_gives_the_same_results():
    from concurrent.futures import ThreadPoolExecutor

    whole = _volcano_chunks(2, 0, 3000)
    done = []
    with ThreadPoolExecutor(2) as executor:
        parts = parallel.run_chunks(partial(_volcano_chunks, 2), 3000, executor=executor, chunk_size=500,
                                    progress=done.append)
    assert done == [500, 1000, 1500, 2000, 2500, 3000]
    _assert_same_results(parts, whole)


def test_a_local_dask_cluster_gives_the_same_results():
    distributed = pytest.importorskip("distributed")
    whole = _volcano_chunks(3, 0, 4000)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            parts = parallel.run_chunks(partial(_volcano_chunks, 3), 4000, executor=client.get_executor(),
                                        chunk_size=1000)
    _assert_same_results(parts, whole)


# Without numba ---------------------------------------------------------------------------------


def test_without_numba_no_kernel_is_offered(monkeypatch):
    game = iw.make("volcano")
    assert fast.kernel_for(game, ("random", "random")) is fast_volcano
    monkeypatch.setattr(fast, "_available", False)
    assert not fast.available()
    assert fast.kernel_for(game, ("random", "random")) is None
    with pytest.raises(ValueError, match="no compiled kernel"):
        fast.play_range(game, ("random", "random"), 0, 0, 10, ply_limit(game))
    monkeypatch.setattr(fast, "_available", None)
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")
    assert fast.kernel_for(game, ("random", "random")) is None


# Through iw.playouts -----------------------------------------------------------------------------


@pytest.mark.parametrize("agents, seed, n", [(("random", "random"), 21, 300), (("greedy", "random"), 22, 120)])
def test_playouts_fast_and_reference_engines_give_the_same_arrays(agents, seed, n):
    reference = iw.playouts("volcano", n, agents=agents, seed=seed, engine="reference", progress=False)
    compiled = iw.playouts("volcano", n, agents=agents, seed=seed, engine="fast", progress=False)
    assert compiled.engine == "fast" and reference.engine == "reference"
    assert compiled.arrays.keys() == reference.arrays.keys()
    for key, array in reference.arrays.items():
        assert compiled.arrays[key].dtype == array.dtype, key
        assert np.array_equal(compiled.arrays[key], array), key
    assert compiled.heatmaps.keys() == reference.heatmaps.keys() == {"eruption_sources", "captures", "landings"}
    for name, grid in reference.heatmaps.items():
        assert grid.sum() > 0 and np.array_equal(compiled.heatmaps[name], grid), name


def test_playouts_auto_without_numba_uses_the_reference_engine(monkeypatch):
    compiled = iw.playouts("volcano", 50, seed=4, engine="auto", progress=False)
    monkeypatch.setattr(fast, "_available", False)
    fallback = iw.playouts("volcano", 50, seed=4, engine="auto", progress=False)
    assert (compiled.engine, fallback.engine) == ("fast", "reference")
    for key, array in fallback.arrays.items():
        assert np.array_equal(compiled.arrays[key], array), key
    with pytest.raises(ValueError):
        iw.playouts("volcano", 5, seed=4, engine="fast", progress=False)


def test_tuple_seeds_are_split_like_seed_sequence():
    game = iw.make("volcano", max_turns=50)
    out = fast.play_range(game, ("random", "random"), (3, 2**40), 0, 20, ply_limit(game))
    expected = random_reference_games(game, (3, 2**40), 20)
    assert out["plies"].tolist() == [len(moves) for _, moves in expected]


def test_playouts_executor_and_workers_do_not_change_results():
    from concurrent.futures import ThreadPoolExecutor

    one = iw.playouts("volcano", 6000, agents=("greedy", "random"), seed=8, engine="fast", progress=False, workers=1)
    two = iw.playouts("volcano", 6000, agents=("greedy", "random"), seed=8, engine="fast", progress=False, workers=2,
                      chunk_size=1111)
    with ThreadPoolExecutor(3) as executor:
        pooled = iw.playouts("volcano", 6000, agents=("greedy", "random"), seed=8, engine="fast", progress=False,
                             executor=executor, chunk_size=500)
        reference = iw.playouts("volcano", 30, seed=8, agents=("greedy", "random"), engine="reference",
                                progress=False, executor=executor, chunk_size=7)
    for key in one.arrays:
        assert np.array_equal(one.arrays[key], two.arrays[key]), key
        assert np.array_equal(one.arrays[key], pooled.arrays[key]), key
        assert np.array_equal(one.arrays[key][:30], reference.arrays[key]), key
