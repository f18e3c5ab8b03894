"""How long a hint takes with its proof search, at the worst of many positions (not a timed test).

    python benchmarks/bench_tactics.py                       # 200 positions per game
    python benchmarks/bench_tactics.py volcano --positions 50

Positions: every decision of games of the ``medium`` level (seeds 0, 1, …, at most 200 plies a
game), one position every third ply, until ``--positions``. Each row gives the worst, the 95th
percentile and the median wall time of ``iw.hint(state)`` (top 3 at ±0.05), and how many of the
top hints were proved wins and how many hints proved losses. Targets on 2 cores: at most 2 s in
Volcano and Volterra, 5 s in Ice3 and Blockade, at the worst of 200 positions.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
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
