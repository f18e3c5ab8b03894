"""The fast runner (icewidgets.fast) and the compiled toolkit: bit-exact random streams, results
independent of chunking, workers and executors, and the fallback when numba is missing. (That
each kernel plays the rules engine's games ply for ply is tests/test_kernels.py.)"""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import fast
from icewidgets.playout import chunks as parallel
from icewidgets.playout import BALANCE_FIELDS, ply_limit
from icewidgets.testing import reference_games

pytest.importorskip("numba")

from icewidgets.compiled import cache, pyrandom, rng  # noqa: E402


# The disk cache ------------------------------------------------------------------------------


def test_a_kernel_functions_cache_is_stamped_with_every_kernel_module_of_its_game(tmp_path):
    # numba checks only a function's own file; a driver compiled with another module's helpers
    # inside must be compiled afresh when that module changes (kernel_search.py, say).
    for name, text in (("kernel.py", "driver"), ("kernel_search.py", "search"), ("rules.py", "rules")):
        (tmp_path / name).write_text(text)
    stamp = cache.kernel_stamp.__wrapped__
    before = stamp(str(tmp_path))
    (tmp_path / "rules.py").write_text("rules, changed")
    assert stamp(str(tmp_path)) == before
    (tmp_path / "kernel_search.py").write_text("search, changed")
    assert stamp(str(tmp_path)) != before
    from icewidgets.games.blockade import kernel

    locator = kernel._play._cache._impl._locator
    assert type(locator).__name__ == "KernelInTreeCacheLocator"
    assert locator.get_source_stamp()[1] == stamp(str(__import__("pathlib").Path(kernel.__file__).parent))


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


def test_an_agents_pick_among_n_moves_is_the_float_product_bit_for_bit():
    # int(random() * n) in integer arithmetic, for raw outputs at random and for those whose
    # float product lies just below or on a whole number, where rounding can lift it.
    generator = np.random.default_rng(3)
    for n in [1, 2, 3, 5, 7, 24, 40, 255, 2047, 2048, 5000]:
        near = [((-(-(j << 53) // n) + d) << 11) | 0x7FF for j in range(1, min(n, 60)) for d in range(-3, 2)]
        xs = np.concatenate([generator.integers(0, 2**64, size=3000, dtype=np.uint64),
                             np.array([x for x in near if x < 2**64], dtype=np.uint64)])
        expected = [int((int(x) >> 11) * 2.0**-53 * n) for x in xs]
        assert rng.scaled_indices(xs, n).tolist() == expected, n
    # u just below 2/3: u·3 = (2**54 - 1)·2**-53 rounds to 2.0, though its integer part is 1.
    assert rng.scaled_indices(np.array([6004799503160661 << 11], dtype=np.uint64), 3).tolist() == [2]


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
    distributed = pytest.importorskip("distributed", reason="needs the dask extra: pip install 'icewidgets[dask]'")
    whole = _volcano_chunks(3, 0, 4000)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            parts = parallel.run_chunks(partial(_volcano_chunks, 3), 4000, executor=client.get_executor(),
                                        chunk_size=1000)
    _assert_same_results(parts, whole)


# Without numba ---------------------------------------------------------------------------------


def test_without_numba_no_kernel_is_offered(monkeypatch):
    game = iw.make("volcano")
    assert fast.kernel_for(game, ("random", "random")).__name__ == type(game).kernel
    monkeypatch.setattr(fast, "_available", False)
    assert not fast.available()
    assert fast.kernel_for(game, ("random", "random")) is None
    with pytest.raises(ValueError, match="no compiled kernel"):
        fast.play_range(game, ("random", "random"), 0, 0, 10, ply_limit(game))
    monkeypatch.setattr(fast, "_available", None)
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")
    assert fast.kernel_for(game, ("random", "random")) is None


# Through iw.playouts -----------------------------------------------------------------------------


def test_playouts_auto_without_numba_uses_the_reference_engine(monkeypatch):
    compiled = iw.playouts("volcano", 50, seed=4, engine="auto", progress=False)
    monkeypatch.setattr(fast, "_available", False)
    fallback = iw.playouts("volcano", 50, seed=4, engine="auto", progress=False)
    assert (compiled.engine, fallback.engine) == ("fast", "reference")
    for key, array in fallback.arrays.items():
        if key in compiled.arrays or key not in BALANCE_FIELDS:  # until the kernel measures the balance metrics
            assert np.array_equal(compiled.arrays[key], array), key
    with pytest.raises(ValueError):
        iw.playouts("volcano", 5, seed=4, engine="fast", progress=False)


def test_tuple_seeds_are_split_like_seed_sequence():
    game = iw.make("volcano", max_turns=50)
    out = fast.play_range(game, ("random", "random"), (3, 2**40), 0, 20, ply_limit(game))
    expected = reference_games(game, ("random", "random"), (3, 2**40), 0, 20)
    assert out["plies"].tolist() == [len(played.moves) for played in expected]


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
