"""How long Blockade takes to list the legal plies under the default end-of-turn landing check.

    python benchmarks/bench_blockade_turn.py              # 20,000 decisions, then the kernel rows
    python benchmarks/bench_blockade_turn.py -n 2000 --no-kernel

Rules engine: plays seeded uniformly random games (game ``i`` from ``new_state(seed=i)`` and
``random.Random(i)``) and times every ``legal_moves()`` call at a decision (not at a roll) until
``-n`` decisions are timed; prints the mean, p99 and max, and the slowest positions. Then it
times, each from a fresh state, the positions of ``blockade_slow_positions.txt``: the slowest
decisions met in such runs (and the tests' once-slow positions), the list the target covers.
Compiled engine: random playouts under ``landing="end"`` and ``landing="strict"`` in the same
run, plies/s and pip-steps/s on all cores, and the ratio of the two. Times are CPU times of the
process (all its threads), so a machine busy with other work changes them less. Each
``legal_moves()`` call runs with the garbage collector paused, as ``timeit`` does, and the 20
slowest decisions are timed three times more from their positions (each from a fresh state);
each keeps its least time, so a pause of the machine's is not reported as the engine's.

Targets: at worst 50 ms per ``legal_moves()`` over 20,000 decisions; the compiled
engine under the default landing check at 25% of ``landing="strict"``'s plies/s at least
(≥ 500,000 pip-steps/s on 2 cores, i.e. 250,000 per cpu-s).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets.protocol import CHANCE  # noqa: E402
from icewidgets.playout import ply_limit  # noqa: E402


@contextlib.contextmanager
def _no_gc():
    """The garbage collector paused (as ``timeit`` does): a collection of the whole process's
    objects would otherwise land in whichever call happens to trigger it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def time_decisions(n: int, max_turns: int, again: int = 20) -> list[tuple[float, str]]:
    """(seconds, position text) of ``n`` timed ``legal_moves()`` calls from seeded random games;
    the ``again`` slowest are timed three times more from their positions, each keeping its least."""
    game = iw.make("blockade", max_turns=max_turns)
    timings: list[tuple[float, str]] = []
    seed = 0
    while len(timings) < n:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_over and len(timings) < n:
            with _no_gc():
                start = time.process_time()
                moves = state.legal_moves()
                seconds = time.process_time() - start
            if state.to_move != CHANCE:
                timings.append((seconds, state.to_text()))
            state = state.play(rng.choice(moves))
        seed += 1
    timings.sort(reverse=True)
    for index, (seconds, text) in enumerate(timings[:again]):
        timings[index] = (min(seconds, *time_positions([text] * 3, max_turns)), text)
    return timings


SLOW_POSITIONS = Path(__file__).with_name("blockade_slow_positions.txt")


def time_positions(texts: list[str], max_turns: int) -> list[float]:
    """CPU seconds of ``legal_moves()`` at each position, each loaded afresh (a turn table of its own)."""
    game = iw.make("blockade", max_turns=max_turns)
    seconds = []
    for text in texts:
        state = game.state_from_text(text)
        with _no_gc():
            start = time.process_time()
            state.legal_moves()
            seconds.append(time.process_time() - start)
    return seconds


def kernel_rows(games: int, max_turns: int) -> None:
    """Compiled random playouts under both landing checks, measured one after the other."""
    from icewidgets import fast

    rates = {}
    for landing, n in (("end", games), ("strict", 10 * games)):
        options = {"landing": landing, "max_turns": max_turns}
        game = iw.make("blockade", **options)
        fast.play_range(game, ("random", "random"), 0, 0, 2, ply_limit(game))  # compile or load first
        start = time.process_time()
        results = iw.playouts("blockade", n, seed=1, engine="fast", progress=False, options=options)
        seconds = time.process_time() - start
        plies, pips = int(results.plies.sum()), int(results.pips.sum())
        rates[landing] = plies / seconds
        print(f"kernel landing={landing!r:<9} {n:>6,} games {seconds:7.2f} cpu-s {plies / seconds:>12,.0f} plies/cpu-s "
              f"{pips / seconds:>12,.0f} pip-steps/cpu-s")
    print(f"kernel: end-of-turn check at {rates['end'] / rates['strict']:.1%} of strict's plies/cpu-s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=20_000, help="decisions to time (default 20,000)")
    parser.add_argument("--max-turns", type=int, default=iw.make("blockade").playout_max_turns,
                        help="turn limit of the sampled games")
    parser.add_argument("--show", type=int, default=3, help="slowest positions to print")
    parser.add_argument("--games", type=int, default=400, help="kernel games under landing='end' (strict: 10×)")
    parser.add_argument("--no-kernel", action="store_true", help="skip the compiled engine")
    args = parser.parse_args(argv)
    timings = time_decisions(args.n, args.max_turns)
    seconds = sorted(t for t, _ in timings)
    p99 = seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))]
    print(f"rules engine: {len(seconds):,} decisions, legal_moves() mean {statistics.mean(seconds) * 1e3:.2f} ms, "
          f"p99 {p99 * 1e3:.1f} ms, max {seconds[-1] * 1e3:.1f} ms, total {sum(seconds):.1f} s")
    for t, text in sorted(timings, reverse=True)[: args.show]:
        print(f"\n{t * 1e3:.1f} ms:\n{text}")
    slow = time_positions(SLOW_POSITIONS.read_text(encoding="utf-8").strip().split("\n\n"), args.max_turns)
    print(f"\nthe {len(slow)} positions of {SLOW_POSITIONS.name}: legal_moves() max {max(slow) * 1e3:.1f} ms, "
          f"mean {statistics.mean(slow) * 1e3:.2f} ms")
    if not args.no_kernel:
        print()
        kernel_rows(args.games, 100)


if __name__ == "__main__":
    main()
