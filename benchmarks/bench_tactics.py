"""How long a hint takes with its proof search, at the worst of many positions (not a timed test).

    python benchmarks/bench_tactics.py                       # 200 positions per game
    python benchmarks/bench_tactics.py volcano --positions 50
    python benchmarks/bench_tactics.py --analysis              # the 80-ply Volcano analysis only

Positions: every decision of games of the ``medium`` level (seeds 0, 1, …, at most 200 plies a
game), one position every third ply, until ``--positions``. Each row gives the worst, the 95th
percentile and the median wall time of ``iw.hint(state)`` (top 3 at ±0.05), and how many of the
top hints were proved wins and how many hints proved losses. Targets on 2 cores: at most 2 s in
Volcano and Volterra, 5 s in Ice3 and Blockade, at the worst of 200 positions. Ice3 and
Blockade are proved by their own searches (the solver; the wins within the turn).

``--analysis``: ``iw.analyse`` of the first 80 plies of the first ``easy`` Volcano game (seeds
1, 2, …) that lasts that long, at ±0.05, proof search at every decision included: its wall and
CPU time and how many plies got a proved result. Target: at most 30 s on 2 cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

import icewidgets as iw  # noqa: E402
from icewidgets.analysis.teaching import bot_game  # noqa: E402
from icewidgets.protocol import CHANCE  # noqa: E402

GAMES = ["volcano", "volterra", "ice3", "blockade"]
TARGETS = {"volcano": 2.0, "volterra": 2.0, "ice3": 5.0, "blockade": 5.0}


def positions(name: str, count: int) -> list:
    found, seed = [], 0
    while len(found) < count:
        states = list(bot_game(name, "medium", seed=seed, max_plies=200).states())
        found += [s for s in states[::3] if not s.is_over and s.to_move != CHANCE][: count - len(found)]
        seed += 1
    return found


def analysis(plies: int = 80) -> None:
    seed = 1
    while len(record := bot_game("volcano", "easy", seed=seed, max_plies=plies)) < plies:
        seed += 1
    iw.hint(record.start_state())  # compile or load the kernels before timing
    wall, cpu = time.perf_counter(), time.process_time()
    result = iw.analyse(record, precision=0.05)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    proved = sum(ply.proved is not None for ply in result.plies)
    best = sum(ply.best_proved is not None for ply in result.plies)
    print(f"volcano   analyse {len(result.plies)} plies of easy seed {seed} at ±0.05: {wall:.1f} s wall, {cpu:.1f} s cpu "
          f"(target 30 s); plies whose move was proved {proved}, whose best move was proved {best}, "
          f"labels {sum(ply.label is not None for ply in result.plies)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--analysis", action="store_true", help="only the 80-ply Volcano analysis")
    args = parser.parse_args()
    if args.analysis:
        analysis()
        return
    for name in args.games:
        states = positions(name, args.positions)
        iw.hint(states[0])  # compile or load the kernels before timing
        times, wins, losses = [], 0, 0
        for state in states:
            started = time.perf_counter()
            hints = iw.hint(state)
            times.append(time.perf_counter() - started)
            wins += hints[0].proved == "win"
            losses += sum(h.proved == "loss" for h in hints)
        t = np.array(times)
        print(f"{name:9} {len(t)} positions: worst {t.max():.2f} s, 95% {np.percentile(t, 95):.2f} s, median "
              f"{np.median(t):.2f} s (target {TARGETS[name]:g} s); top hint a proved win {wins}, "
              f"proved losses among the hints {losses}", flush=True)


if __name__ == "__main__":
    main()
