"""Volcano's stall rule from data: how long games go without a capture, with and without it.

    python benchmarks/volcano_stalls.py              # 1,000,000 random two-player games each way
    python benchmarks/volcano_stalls.py -n 8000000 --players 3 --agents greedy

On the compiled engine (the rules engine plays the same games). First without the rule
(``stall_turns=None``): the longest run of turns without a capture (the ``longest_quiet``
counter) in the games that finished, and in those stopped unfinished at the playouts'
5,000-ply safety stop. Then with the default options: how many games are unfinished (the
rule's promise is none), how many the rule ended, and the longest game in plies. The default
seed's first million games hold one that stalls without the rule (game 594,793). The figures
quoted in the rules were measured with every capture taken at once, so the games here play
``capture="must"``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets.games.volcano.rules import STALL_TURNS  # noqa: E402
from icewidgets.playout.results import RESULT_CODES  # noqa: E402


def play(n: int, players: int, agents: str, seed: int, stall_turns: int | None):
    started = time.perf_counter()
    results = iw.playouts("volcano", n, agents=agents, seed=seed, engine="fast", progress=False,
                          options={"players": players, "stall_turns": stall_turns, "capture": "must"})
    return results, time.perf_counter() - started


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1_000_000, help="games per run (default 1,000,000)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default="random", help="one agent for every seat (default random)")
    parser.add_argument("--seed", type=int, default=2, help="run seed (default 2: its games include one that stalls)")
    args = parser.parse_args(argv)
    print(f"{args.n:,} games of {args.players}-player Volcano, {args.agents} agents, seed {args.seed}\n")

    results, seconds = play(args.n, args.players, args.agents, args.seed, None)
    quiet = results.arrays["longest_quiet"]
    unfinished = results.arrays["result"] == RESULT_CODES["unfinished"]
    finished = quiet[~unfinished]
    print(f"without the rule ({seconds:.0f} s): {int(unfinished.sum()):,} unfinished")
    print("  longest run without a capture, finished games: "
          + ", ".join(f"p{q} {np.percentile(finished, q):.0f}" for q in (50, 99, 99.9, 99.99)) + f", max {finished.max()}")
    print("  finished games with a run of at least k turns: "
          + ", ".join(f"{k}: {int((finished >= k).sum()):,}" for k in (25, 50, 75, 100, 150)))
    if unfinished.any():
        print(f"  unfinished games: runs of {quiet[unfinished].min()} to {quiet[unfinished].max()} turns when stopped")

    results, seconds = play(args.n, args.players, args.agents, args.seed, STALL_TURNS)
    unfinished = int((results.arrays["result"] == RESULT_CODES["unfinished"]).sum())
    by_rule = int((results.arrays["longest_quiet"] >= STALL_TURNS).sum())
    print(f"\nwith stall_turns={STALL_TURNS} (the default, {seconds:.0f} s): {unfinished:,} unfinished, "
          f"{by_rule:,} ended by the rule, longest game {results.plies.max():,} plies")


if __name__ == "__main__":
    main()
