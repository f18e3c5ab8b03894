"""Speed where people feel it (Blockade's turn, warm starts, the bots) beside the numbers before, and every engine's playout speed (not a timed test).

    python benchmarks/run.py                 # all four games
    python benchmarks/run.py volcano -n 1000000
    python benchmarks/run.py --readme        # and record the report in benchmarks/README.md

Playout speed: everything goes through ``iw.playouts`` with its defaults (per-game seeds, the
games' playout turn limits). For each game and agent set it prints one row per engine: games,
games/s, moves (plies)/s, the size of the result arrays, the peak of traced allocations during
the run, the speed-up over the reference engine measured in the same run, and the time per move
per core. The fast engine uses every core (deterministic chunks on a thread pool); the reference
engine runs on one core. A game without a kernel for those options and agents shows only its
reference row.

Compiling: the first-call time of each kernel, cold (an empty numba cache, in a fresh process)
and cached (a second fresh process loading that cache), with the number of functions numba
compiled; then a warm start as on Binder: ``python -m icewidgets warm`` into an empty cache, and
in a fresh process on that cache the time until each game's kernel is ready and a first small
``iw.playouts`` of it.

Bots: the rollouts per second of an MCTS that plays its rollouts to the end (``horizon=None``,
at most 200 plies a rollout, from the start and from a position up to 10 random plies in): before, one
rollout a position on the rules engines (as MCTS played them until now); now, 16 rollouts a
position played on in one call of the game's kernel where it can continue games (contract B).
The levels' ladder is ``benchmarks/ladder.py`` (slow; its table is in benchmarks/README.md).

Blockade's turn: ``benchmarks/bench_blockade_turn.py``'s sample of ``legal_moves()`` times at
decisions of random games, where that script is present.

Volcano against C: ``benchmarks/volcano_vs_c.py``'s interleaved rounds of an independent C loop
and ``iw.playouts`` with one worker (random games per CPU second; the C loop only where a C
compiler is found).

Targets on a 2-core machine with random agents: Volcano ≥ 200,000 games/s, Volterra ≥ 50,000
games/s, Ice3 ≥ 1.5 M moves/s, Blockade ≥ 2 M pip-steps/s; and those of the summary (its last
column).
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets import agents as A  # noqa: E402
from icewidgets import fast  # noqa: E402
from icewidgets.playout import chunks as parallel  # noqa: E402
from icewidgets.playout import ply_limit, resolve_game  # noqa: E402

# Game name → cases of (options, fast games per timed run, reference games per timed run).
# Otherwise the playouts' defaults (Ice3 gets its playout_max_turns from iw.playouts). Random
# Blockade rarely finishes (the rules have no automatic draw), so it runs under a short turn limit here, under the
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
kernel = importlib.import_module(type(game).kernel)  # numba and the module load before the clock starts
t, c = time.perf_counter(), time.process_time()
fast.play_range(game, {agents!r}, 0, 0, 1, ply_limit(game))
compiled = sum(sum(f.stats.cache_misses.values()) for f in vars(kernel).values() if hasattr(f, "py_func"))
print(time.perf_counter() - t, time.process_time() - c, compiled)
"""


def compile_seconds(name, options, agents) -> tuple[float, float, int, float, float]:
    """First-call time in a fresh process, wall and CPU, and the functions numba compiled: with an
    empty numba cache, then with the cache it left. (CPU time shows the compile's own cost on a
    machine shared with others.)"""
    code = _COMPILE_SNIPPET.format(name=name, options=options, agents=agents)
    with tempfile.TemporaryDirectory() as cache:
        cold = _fresh_process(code, cache).split()
        cached = _fresh_process(code, cache).split()
    return float(cold[0]), float(cold[1]), int(cold[2]), float(cached[0]), float(cached[1])


_WARM_START_SNIPPET = """
import time
t, c = time.perf_counter(), time.process_time()
import numba
import icewidgets as iw
from icewidgets import fast
print("import", time.perf_counter() - t, time.process_time() - c, 0)
for name in iw.available_games():
    game = iw.make(name)
    t, c = time.perf_counter(), time.process_time()
    fast.prepare(game, ["random"] * game.num_players)
    ready, ready_cpu = time.perf_counter() - t, time.process_time() - c
    t = time.perf_counter()
    iw.playouts(name, 10, seed=1, progress=False)
    print(name, ready, ready_cpu, time.perf_counter() - t)
"""


def warm_start() -> tuple[list[str], dict[str, tuple[float, float, float]]]:
    """As on Binder: ``python -m icewidgets warm`` into an empty cache (its lines), then in a fresh
    process on that cache, per game: the seconds until its kernel is ready (wall, CPU) and those
    of a first ``iw.playouts(name, 10)`` (wall); ``"import"``: importing numba and icewidgets."""
    with tempfile.TemporaryDirectory() as cache:
        warmed = _fresh_process("from icewidgets.__main__ import main; main(['warm'])", cache).splitlines()
        lines = _fresh_process(_WARM_START_SNIPPET, cache).splitlines()
    first = {}
    for line in lines:
        name, *seconds = line.split()
        first[name] = tuple(float(x) for x in seconds)
    return warmed, first


def _fresh_process(code: str, cache: str) -> str:
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(root))
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                          check=True).stdout.strip()


def mcts_rollouts(name: str, rollouts: int, reference: bool) -> float:
    """Rollouts per CPU second of ``make_mcts(horizon=None, rollouts=…)`` (at most 200 plies a
    rollout) from the start and from a position 10 random plies in (fewer if the game ends); ``reference``: the rules engines only."""
    import numpy as np

    game = resolve_game(name)
    rng = np.random.default_rng(1)
    start = game.new_state(seed=1)
    later = start
    for _ in range(10):  # (or fewer plies, when a random game ends sooner)
        after = later.play(A.random_agent(later, rng))
        if after.is_over:
            break
        later = after
    if later.to_move == iw.CHANCE:
        later = later.play(A.chance_move(later, rng))
    saved = os.environ.get("ICEWIDGETS_NO_FAST")
    if reference:
        os.environ["ICEWIDGETS_NO_FAST"] = "1"
    try:
        done = seconds = 0.0
        for state in (start, later):
            if state.to_move == iw.CHANCE:
                state = state.play(A.chance_move(state, rng))
            iterations = 1
            while True:  # double the budget until one search takes half a second
                agent = A.make_mcts(iterations=iterations, horizon=None, rollouts=rollouts)
                agent(state, np.random.default_rng(0))  # compiles or loads the kernel outside the timing
                started = time.process_time()
                agent(state, np.random.default_rng(0))
                took = time.process_time() - started
                if took >= 0.5 or iterations >= 2**16:
                    break
                iterations *= 2
            done += iterations * rollouts
            seconds += took
    finally:
        if saved is None:
            os.environ.pop("ICEWIDGETS_NO_FAST", None)
        else:
            os.environ["ICEWIDGETS_NO_FAST"] = saved
    return done / seconds


def blockade_turns(decisions: int) -> tuple[float, float, float] | None:
    """(mean, p99, max) seconds of ``legal_moves()`` over ``decisions`` decisions of random
    Blockade games (benchmarks/bench_blockade_turn.py's sample), or None without that script."""
    try:
        turn = importlib.import_module("bench_blockade_turn")
    except ImportError:
        return None
    seconds = sorted(t for t, _ in turn.time_decisions(decisions, iw.make("blockade").playout_max_turns))
    return sum(seconds) / len(seconds), seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))], seconds[-1]


# Before this work on Blockade's turn, warm starts and the bots, as measured then (2 cores).
BEFORE = {
    "blockade legal": "mean 4.5 ms, max 78 s (44,342)",
    "blockade ratio": "0.8%",
    "cold compile": "3.6-6.3 s, Blockade 15 s",
    "warm start": "(nothing warmed the cache)",
    "greedy cost": "7.2x",
    "ladder": "(no levels)",
    "volcano vs c": "0.26x (85,000 vs 330,000 /cpu-s)",
    "volcano results": "89.6 MB",
    "volcano compile": "random 5.4 s, greedy 9.9 s cpu",
}

_LINES: list[str] = []


def say(text: str = "") -> None:
    """Print a line of the report and keep it for ``--readme``."""
    print(text, flush=True)
    _LINES.append(text)


def write_between(path: Path, marker: str, lines: list[str], command: str = "python benchmarks/run.py") -> None:
    """Put ``lines`` (with the ``command`` and the machine they were measured on) between the
    ``<!-- marker -->`` markers of ``path``."""
    import platform

    import numba

    text = path.read_text()
    start, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
    if start not in text or end not in text:
        raise SystemExit(f"{path.name} has no {start} … {end} markers")
    machine = (f"{os.cpu_count()} cores, Python {platform.python_version()}, numba {numba.__version__}, "
               f"{time.strftime('%Y-%m-%d')}")
    block = "\n".join([start, "", f"`{command}` on {machine}:", "", "```text", *lines, "```", "", end])
    head, rest = text.split(start, 1)
    path.write_text(head + block + rest.split(end, 1)[1])


def speed_rows(names, args, workers) -> tuple[list, dict]:
    """The playout speed table; returns the compile rows, and the CPU ns per ply and the results' MB
    per million games of each fast row."""
    header = (f"{'game':<9} {'agents':<15} {'engine':<9} {'games':>9} {'games/s':>10} {'moves/s':>11} "
              f"{'games/cpu-s':>11} {'moves/cpu-s':>11} {'res MB':>7} {'peak MB':>7} {'× ref':>6} {'ns/move':>8}")
    say(header)
    say("-" * len(header))
    compile_rows = []
    ns_per_move: dict[tuple, float] = {}  # (game, options text, agent of seat 1) → CPU ns per ply, fast engine
    megabytes: dict[tuple, float] = {}  # the same keys → MB of results per million games
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
            ns_per_move[name, repr(options), agents[0]] = cpu / plies * 1e9
            megabytes[name, repr(options), agents[0]] = results.nbytes / results.n * 1e6 / 2**20
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
    return compile_rows, ns_per_move, megabytes


def compile_report(compile_rows) -> list[tuple[str, str, str, str]]:
    """The compile table and the warm start; their summary rows."""
    say(f"\n{'game':<9} {'agents':<15} {'compile, cold cache: wall s':>28} {'cpu s':>6} {'functions':>9} "
        f"{'first call, cached: wall s':>27} {'cpu s':>6}")
    for name, label, cold, cold_cpu, functions, cached, cached_cpu in compile_rows:
        say(f"{name:<9} {label:<15} {cold:>28.2f} {cold_cpu:>6.2f} {functions:>9} {cached:>27.2f} {cached_cpu:>6.2f}")
    say("A cold compile is numba's own work: typing, then LLVM's optimisation of every function the kernel")
    say("calls, for the argument types of the first call. Its CPU time grows with the functions compiled.")
    slowest = max(compile_rows, key=lambda row: row[3])
    warmed, first = warm_start()
    say("\nWarm start, as on Binder: python -m icewidgets warm into an empty cache, then in a fresh process:")
    for line in warmed:
        say("  " + line)
    wall, cpu, _ = first["import"]
    say(f"  importing numba and icewidgets: {wall:.2f} s ({cpu:.2f} cpu s)")
    for name in iw.available_games():
        wall, cpu, run_wall = first[name]
        say(f"  {name:<9} kernel ready in {wall:.2f} s ({cpu:.2f} cpu s); first iw.playouts({name!r}, 10): "
            f"{run_wall:.2f} s")
    ready = max(first[name][0] for name in iw.available_games())
    return [("cold compile, slowest game", BEFORE["cold compile"], f"{slowest[3]:.1f} s cpu ({slowest[0]})", "<= 5 s"),
            ("kernel ready after warm, slowest game", BEFORE["warm start"], f"{ready:.2f} s", "< 1 s")]


def volcano_report(compile_rows, megabytes) -> list[tuple[str, str, str, str]]:
    """Volcano's fast engine against the C loop (benchmarks/volcano_vs_c.py, 3 rounds), the size of
    its results and its cold compiles; their summary rows."""
    import volcano_vs_c

    n = 300_000
    say(f"\nVolcano random games, one worker, against the C loop ({n:,} games a round, interleaved):")
    ratio = volcano_vs_c.report(n, volcano_vs_c.measure(n, 3, say=say), say)
    rows = []
    if ratio is not None:
        rows.append(("Volcano random, 1 worker / the C loop", BEFORE["volcano vs c"], f"{ratio:.2f}x", ">= 0.5x"))
    size = megabytes.get(("volcano", "{}", "random"))
    if size is not None:
        rows.append(("Volcano results, a million games", BEFORE["volcano results"], f"{size:.1f} MB", "<= 50 MB"))
    cpu = [(row[1].split("/")[0], row[3]) for row in compile_rows if row[0] == "volcano"]
    if cpu:
        rows.append(("cold compile, Volcano", BEFORE["volcano compile"],
                     ", ".join(f"{agent} {seconds:.1f} s" for agent, seconds in cpu) + " cpu", "<= 10 s"))
    return rows


def bots_report(names) -> list[tuple[str, str, str, str]]:
    """MCTS rollouts per second before and now; their summary rows."""
    say(f"\n{'game':<9} {'MCTS rollouts/cpu-s: before (rules engines)':>44} {'now':>10} {'× before':>9}")
    ratios = []
    for name in names:
        before, now = mcts_rollouts(name, 1, reference=True), mcts_rollouts(name, 16, reference=False)
        kernel = type(iw.make(name)).kernel
        continues = fast.available() and kernel is not None and hasattr(importlib.import_module(kernel), "play_from")
        ratios.append((now / before, name))
        say(f"{name:<9} {before:>44,.0f} {now:>10,.0f} {now / before:>9.1f}"
            + ("" if continues else "   (no kernel continues games yet: the rules engines play on)"))
    low = min(ratios)
    return [("MCTS rollouts/s, slowest game", "1x (rules engines)", f"{low[0]:.1f}x ({low[1]})", ">= 20x"),
            ("level ladder (benchmarks/ladder.py)", BEFORE["ladder"], "see benchmarks/README.md",
             ">= 0.70 points, <= 1 s")]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all four)")
    parser.add_argument("-n", type=int, default=None, help="fast games per timed run (default: per game)")
    parser.add_argument("--workers", type=int, default=None, help="threads for the fast engine (default: all cores)")
    parser.add_argument("--no-compile", action="store_true", help="skip the compile and warm-start measurements")
    parser.add_argument("--no-bots", action="store_true", help="skip the MCTS rollout rates")
    parser.add_argument("--decisions", type=int, default=20_000,
                        help="Blockade decisions to time legal_moves() at (default 20,000; 0 skips)")
    parser.add_argument("--readme", action="store_true",
                        help="also write the report into benchmarks/README.md")
    args = parser.parse_args(argv)
    names = args.games or list(iw.available_games())
    workers = args.workers or parallel.default_workers()
    say(f"fast engine: {workers} worker thread(s); reference engine: 1 core; numba available: {fast.available()}\n")
    compile_rows, ns_per_move, megabytes = speed_rows(names, args, workers)
    summary: list[tuple[str, str, str, str]] = []  # (what, before, now, target)
    if compile_rows:
        summary += compile_report(compile_rows)
    if "volcano" in names and fast.available():
        summary += volcano_report(compile_rows, megabytes)
    if not args.no_bots:
        summary += bots_report(names)
    if "blockade" in names and args.decisions:
        turns = blockade_turns(args.decisions)
        if turns is None:
            say("\nBlockade's turn: benchmarks/bench_blockade_turn.py is not in this checkout")
        else:
            mean, p99, worst = turns
            say(f"\nBlockade legal_moves() over {args.decisions:,} decisions of random games: mean {mean * 1e3:.2f} ms, "
                f"p99 {p99 * 1e3:.1f} ms, max {worst * 1e3:.1f} ms")
            summary.append(("Blockade legal_moves(), mean / max", BEFORE["blockade legal"],
                            f"{mean * 1e3:.1f} ms / {worst * 1e3:.0f} ms", "max <= 50 ms"))
    end, strict = (ns_per_move.get(("blockade", repr(options), "random"))
                   for options in ({"max_turns": 100}, {"max_turns": 100, "landing": "strict"}))
    if end and strict:
        summary.append(("Blockade kernel, default / strict plies/s", BEFORE["blockade ratio"], f"{strict / end:.1%}",
                        ">= 25%"))
    random_cost, greedy_cost = (ns_per_move.get(("volcano", "{}", agent)) for agent in ("random", "greedy"))
    if random_cost and greedy_cost:
        summary.append(("Volcano greedy / random cost per ply", BEFORE["greedy cost"],
                        f"{greedy_cost / random_cost:.1f}x", "<= 3x"))
    short = [f"{'measure':<42} {'before':<32} {'now':<26} target", "-" * 110]
    short += [f"{what:<42} {before:<32} {now:<26} {target}" for what, before, now, target in summary]
    say("")
    for line in short:
        say(line)
    if args.readme:
        here = Path(__file__).resolve().parent
        write_between(here / "README.md", "benchmarks", _LINES)


def _pip_steps(results, seconds, cpu) -> None:
    """Blockade's own unit of work: one pip moves one piece one square."""
    if "pips" in results.arrays:
        pips = int(results.pips.sum())
        say(f"{'':<35} pip-steps: {pips:,} = {pips / seconds:,.0f}/s, {pips / cpu:,.0f}/cpu-s")


if __name__ == "__main__":
    main()
