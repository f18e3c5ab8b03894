"""Playout speed of the compiled kernels and of the reference engines (not a timed test).

    python benchmarks/run.py                 # every game with a kernel, random and greedy agents
    python benchmarks/run.py volcano -n 1000000 --reference-seconds 5

For each game and agent set it prints one row per engine: games/s, moves (plies)/s, the
game's own work unit where it has one (Blockade: pip-steps/s), the peak memory of the run
(numpy arrays, traced), and the ratio to the reference engine measured in the same run. The
fast engine uses every core (deterministic chunks on a thread pool); the reference engine is
timed on one core. Then the first-call compile time of each kernel: cold (an empty numba
cache, in a fresh process) and cached (a second fresh process loading the cache).

Targets on a 2-core machine with random agents: Volcano ≥ 200,000 games/s, Volterra ≥ 50,000
games/s, Ice3 ≥ 1.5 M moves/s, Blockade ≥ 2 M pip-steps/s; greedy within 2× of random's cost
per move; first-call compile ≤ 3 s per game.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets import fast  # noqa: E402
from icewidgets.agents import get_agent  # noqa: E402
from icewidgets.fast import parallel  # noqa: E402
from icewidgets.protocol import CHANCE  # noqa: E402

# Game name → (options, fast games per timed run, work-unit counter or None).
# Volcano runs under a turn limit: a few random games in a million reach positions where no
# capture is possible any more and would otherwise never end.
CASES: dict[str, tuple[dict, int, str | None]] = {
    "volcano": ({"max_turns": 500}, 1_000_000, None),
    "volterra": ({}, 200_000, None),
    "ice3": ({}, 100_000, None),
    "blockade": ({}, 100_000, "pip_steps"),
}
AGENT_SETS = (("random", "random"), ("greedy", "greedy"))


def fast_run(game, agents, n, seed=1, workers=None) -> tuple[float, dict]:
    fn = partial(fast.play_range, game, agents, seed)
    t = time.perf_counter()
    results = parallel.run_chunks(fn, n, workers=workers)
    return time.perf_counter() - t, results


def fast_peak_mb(game, agents, n, seed=1) -> float:
    tracemalloc.start()
    fast_run(game, agents, n, seed)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def reference_run(game, agents, seconds, seed=1) -> tuple[float, int, int, dict]:
    """Reference games on one core for about ``seconds``: (time, games, plies, counters)."""
    players = [get_agent(a) for a in agents]
    t0 = time.perf_counter()
    games = plies = 0
    while time.perf_counter() - t0 < seconds:
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(games,)))
        state = game.new_state()
        while not state.is_over:
            who = players[0] if state.to_move == CHANCE else players[state.to_move]
            state = state.play(who(state, generator))
            plies += 1
        games += 1
    return time.perf_counter() - t0, games, plies, {}


def reference_peak_mb(game, agents, games=20, seed=1) -> float:
    tracemalloc.start()
    players = [get_agent(a) for a in agents]
    for i in range(games):
        generator = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
        state = game.new_state()
        while not state.is_over:
            who = players[0] if state.to_move == CHANCE else players[state.to_move]
            state = state.play(who(state, generator))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


_COMPILE_SNIPPET = """
import time, sys
from icewidgets import fast, make
game = make({name!r}, **{options!r})
t = time.perf_counter()
fast.play_range(game, {agents!r}, 0, 0, 1)
print(time.perf_counter() - t)
"""


def compile_seconds(name, options, agents) -> tuple[float, float]:
    """First-call time in a fresh process: with an empty numba cache, then with the cache it left."""
    root = Path(__file__).resolve().parents[1]
    code = _COMPILE_SNIPPET.format(name=name, options=options, agents=agents)
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(root))
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                                 check=True)
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times[0], times[1]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all with a kernel)")
    parser.add_argument("-n", type=int, default=None, help="fast games per timed run (default: per game)")
    parser.add_argument("--reference-seconds", type=float, default=3.0, help="time budget of each reference run")
    parser.add_argument("--workers", type=int, default=None, help="threads for the fast engine (default: all cores)")
    parser.add_argument("--no-compile", action="store_true", help="skip the cold/cached compile measurement")
    args = parser.parse_args(argv)
    names = args.games or [name for name in iw.available_games() if name in fast.KERNELS]
    workers = args.workers or parallel.default_workers()
    print(f"fast engine: {workers} worker thread(s); reference engine: 1 core; numba available: {fast.available()}\n")
    header = f"{'game':<9} {'agents':<15} {'engine':<9} {'games/s':>11} {'moves/s':>12} {'unit/s':>12} {'peak MB':>8} {'× ref':>8}"
    print(header)
    print("-" * len(header))
    compile_rows = []
    for name in names:
        options, n_default, unit = CASES.get(name, ({}, 100_000, None))
        game = iw.make(name, **options)
        n = args.n or n_default
        for agents in AGENT_SETS:
            agents = agents[:1] * game.num_players if len(set(agents)) == 1 else agents
            ref_time, ref_games, ref_plies, _ = reference_run(game, agents, args.reference_seconds)
            ref_rate = ref_games / ref_time
            label = "/".join(agents)
            print(f"{name:<9} {label:<15} {'reference':<9} {ref_rate:>11,.0f} {ref_plies / ref_time:>12,.0f} "
                  f"{'':>12} {reference_peak_mb(game, agents):>8.1f} {1.0:>8.1f}")
            if fast.kernel_for(game, agents) is None:
                continue
            fast.play_range(game, agents, 0, 0, 10)  # compile or load outside the timing
            seconds, results = fast_run(game, agents, n, workers=workers)
            rate = n / seconds
            unit_rate = f"{results[unit].sum() / seconds:>12,.0f}" if unit and unit in results else f"{'':>12}"
            print(f"{name:<9} {label:<15} {'fast':<9} {rate:>11,.0f} {results['plies'].sum() / seconds:>12,.0f} "
                  f"{unit_rate} {fast_peak_mb(game, agents, n):>8.1f} {rate / ref_rate:>8,.0f}")
            if not args.no_compile:
                compile_rows.append((name, label, *compile_seconds(name, options, agents)))
    if compile_rows:
        print(f"\n{'game':<9} {'agents':<15} {'first call, cold cache (s)':>27} {'first call, cached (s)':>23}")
        for name, label, cold, cached in compile_rows:
            print(f"{name:<9} {label:<15} {cold:>27.2f} {cached:>23.2f}")


if __name__ == "__main__":
    main()
