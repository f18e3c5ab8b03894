"""Playout speed of the compiled kernels and of the reference engines (not a timed test).

    python benchmarks/run.py                 # all four games, random and greedy agents
    python benchmarks/run.py volcano -n 1000000
    python benchmarks/run.py --readme            # and record the table in benchmarks/README.md

Everything goes through ``iw.playouts`` with its defaults (per-game seeds, the games' playout
turn limits). For each game and agent set it prints one row per engine: games, games/s,
moves (plies)/s, the size of the result arrays, the peak of traced allocations during the run,
the speed-up over the reference engine measured in the same run, and the time per move per
core. The fast engine uses every core (deterministic chunks on a thread pool); the reference
engine runs on one core. A game without a kernel for those options and agents shows only its
reference row. Then the first-call compile time of each kernel: cold (an empty numba cache,
in a fresh process) and cached (a second fresh process loading that cache).

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets import fast  # noqa: E402
from icewidgets.playout import chunks as parallel  # noqa: E402
from icewidgets.playout import ply_limit, resolve_game  # noqa: E402

# Game name → cases of (options, fast games per timed run, reference games per timed run).
# Otherwise the playouts' defaults (Ice3 gets its playout_max_turns from iw.playouts). Random
# Blockade rarely finishes (rules B-A15), so it runs under a short turn limit here, under the
# default end-of-turn landing check and under the per-move one.
CASES: dict[str, list[tuple[dict, int, int]]] = {
    "volcano": [({}, 1_000_000, 300)],
    "volterra": [({}, 500_000, 1_000)],
    "ice3": [({}, 50_000, 10)],
    "blockade": [({"max_turns": 100}, 200, 5), ({"max_turns": 100, "landing": "strict"}, 20_000, 20)],
}
AGENT_SETS = (("random", "random"), ("greedy", "greedy"))


def run(name, options, agents, n, engine, workers=None, trace=False) -> tuple[float, float, float, object]:
    """(wall seconds, CPU seconds of all threads, peak MB of traced allocations or nan, results)
    of one iw.playouts call."""
    if trace:
        tracemalloc.start()
    t, c = time.perf_counter(), time.process_time()
    results = iw.playouts(name, n, agents=agents, seed=1, engine=engine, progress=False, options=options,
                          workers=workers)
    seconds, cpu = time.perf_counter() - t, time.process_time() - c
    peak = float("nan")
    if trace:
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    return seconds, cpu, peak, results


_COMPILE_SNIPPET = """
import importlib, time, sys
from icewidgets import fast, make
from icewidgets.playout import ply_limit
game = make({name!r}, **{options!r})
importlib.import_module(type(game).kernel)  # numba and the module load before the clock starts
t, c = time.perf_counter(), time.process_time()
fast.play_range(game, {agents!r}, 0, 0, 1, ply_limit(game))
print(time.perf_counter() - t, time.process_time() - c)
"""


def compile_seconds(name, options, agents) -> tuple[float, float, float, float]:
    """First-call time in a fresh process, wall and CPU: with an empty numba cache, then with
    the cache it left. (CPU time shows the compile's own cost on a machine shared with others.)"""
    root = Path(__file__).resolve().parents[1]
    code = _COMPILE_SNIPPET.format(name=name, options=options, agents=agents)
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(root))
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                                 check=True)
            times += [float(x) for x in out.stdout.strip().splitlines()[-1].split()]
    return times[0], times[1], times[2], times[3]


_LINES: list[str] = []


def say(text: str = "") -> None:
    """Print a line of the report and keep it for ``--readme``."""
    print(text, flush=True)
    _LINES.append(text)


def write_readme(path: Path) -> None:
    """Put the report between the ``<!-- benchmarks -->`` markers of the README."""
    import platform

    import numba

    text = path.read_text()
    start, end = "<!-- benchmarks -->", "<!-- /benchmarks -->"
    if start not in text or end not in text:
        raise SystemExit(f"{path.name} has no {start} … {end} markers")
    machine = (f"{os.cpu_count()} cores, Python {platform.python_version()}, numba {numba.__version__}, "
               f"{time.strftime('%Y-%m-%d')}")
    table = "\n".join([start, "", f"`python benchmarks/run.py` on {machine}:", "", "```text", *_LINES, "```", "", end])
    head, rest = text.split(start, 1)
    path.write_text(head + table + rest.split(end, 1)[1])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all four)")
    parser.add_argument("-n", type=int, default=None, help="fast games per timed run (default: per game)")
    parser.add_argument("--workers", type=int, default=None, help="threads for the fast engine (default: all cores)")
    parser.add_argument("--no-compile", action="store_true", help="skip the cold/cached compile measurement")
    parser.add_argument("--readme", action="store_true", help="also write the table into benchmarks/README.md (between its markers)")
    args = parser.parse_args(argv)
    names = args.games or list(iw.available_games())
    workers = args.workers or parallel.default_workers()
    say(f"fast engine: {workers} worker thread(s); reference engine: 1 core; numba available: {fast.available()}\n")
    header = (f"{'game':<9} {'agents':<15} {'engine':<9} {'games':>9} {'games/s':>10} {'moves/s':>11} "
              f"{'games/cpu-s':>11} {'moves/cpu-s':>11} {'res MB':>7} {'peak MB':>7} {'× ref':>6} {'ns/move':>8}")
    say(header)
    say("-" * len(header))
    compile_rows = []
    for name, options, n_fast, n_ref in [(name, *case) for name in names for case in CASES.get(name, [({}, 100_000, 10)])]:
        game = resolve_game(name, options)
        if len(CASES.get(name, ())) > 1:
            say(f"{name}: {', '.join(f'{k}={v!r}' for k, v in options.items())}")
        for agents in AGENT_SETS:
            label = "/".join(agents)
            seconds, cpu, _, ref = run(name, options, agents, n_ref, "reference")
            ref_rate = ref.n / cpu
            plies = ref.plies.sum()
            say(f"{name:<9} {label:<15} {'reference':<9} {ref.n:>9,} {ref.n / seconds:>10,.0f} {plies / seconds:>11,.0f} "
                  f"{ref.n / cpu:>11,.0f} {plies / cpu:>11,.0f} {ref.nbytes / 2**20:>7.2f} {'':>7} {1.0:>6.1f} "
                  f"{cpu / plies * 1e9:>8,.0f}")
            _pip_steps(ref, seconds, cpu)
            if fast.kernel_for(game, agents) is None:
                continue
            n = args.n or n_fast
            fast.play_range(game, agents, 0, 0, 10, ply_limit(game))  # compile or load outside the timing
            seconds, cpu, _, results = run(name, options, agents, n, "fast", workers)
            _, _, peak, _ = run(name, options, agents, n, "fast", workers, trace=True)
            plies = results.plies.sum()
            say(f"{name:<9} {label:<15} {'fast':<9} {results.n:>9,} {results.n / seconds:>10,.0f} "
                  f"{plies / seconds:>11,.0f} {results.n / cpu:>11,.0f} {plies / cpu:>11,.0f} "
                  f"{results.nbytes / 2**20:>7.1f} {peak:>7.1f} {results.n / cpu / ref_rate:>6,.0f} "
                  f"{cpu / plies * 1e9:>8,.1f}")
            _pip_steps(results, seconds, cpu)
            if not args.no_compile and options == CASES.get(name, [({},)])[0][0]:  # one kernel per game
                compile_rows.append((name, label, *compile_seconds(name, game.options, agents)))
    say("\ngames/s, moves/s: wall clock (fast: all workers). games/cpu-s, moves/cpu-s: per CPU second of the")
    say("process, i.e. per core; on an idle machine the fast engine's wall rate approaches workers × that.")
    say("× ref: CPU-time speed-up per core over the reference engine. ns/move: CPU time per ply.")
    if compile_rows:
        say(f"\n{'game':<9} {'agents':<15} {'compile, cold cache: wall s':>28} {'cpu s':>6} "
              f"{'first call, cached: wall s':>27} {'cpu s':>6}")
        for name, label, cold, cold_cpu, cached, cached_cpu in compile_rows:
            say(f"{name:<9} {label:<15} {cold:>28.2f} {cold_cpu:>6.2f} {cached:>27.2f} {cached_cpu:>6.2f}")
    if args.readme:
        write_readme(Path(__file__).resolve().parent / "README.md")


def _pip_steps(results, seconds, cpu) -> None:
    """Blockade's own unit of work: one pip moves one piece one square."""
    if "pips" in results.arrays:
        pips = int(results.pips.sum())
        say(f"{'':<35} pip-steps: {pips:,} = {pips / seconds:,.0f}/s, {pips / cpu:,.0f}/cpu-s")


if __name__ == "__main__":
    main()
