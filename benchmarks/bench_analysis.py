"""How long an analysis and a hint take, per game (not a timed test).

    python benchmarks/bench_analysis.py                  # every game
    python benchmarks/bench_analysis.py volcano --plies 80 --hints 10

Analysis: ``iw.analyse`` of one game of the ``easy`` level (the greedy rule with three moves in
four random: closer to a beginner's game than the greedy rule's own) at ±0.05, its first
``--plies`` plies (80 by default; the first seed whose game lasts that long). Hints:
``iw.hint(state)`` (the top 3 at ±0.05) at ``--hints`` positions of such games, one position a
game at a uniformly random ply. Each row gives the wall time, the process' CPU time (both
workers: the compiled engines run on one thread per core), the rollouts played and the legal
moves. Every kernel is compiled (or loaded from its cache) before timing.

Targets on 2 cores: an 80-ply Volcano game in at most 30 s; a hint in at most 2 s in Volcano and
Volterra, 5 s in Ice3 and Blockade. Ice3 plays its default exact goal (where every rollout is
unfinished and every value 1/2, the slowest case) and the loose goal.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

import icewidgets as iw  # noqa: E402
from icewidgets import agents as A  # noqa: E402
from icewidgets.playout import game_rng, resolve_game  # noqa: E402

CASES = [("volcano", {}), ("volterra", {}), ("ice3", {}), ("ice3", {"goal": "loose"}), ("blockade", {})]
TARGETS = {"volcano": (30.0, 2.0), "volterra": (None, 2.0), "ice3": (None, 5.0), "blockade": (None, 5.0)}


def easy_game(game: iw.Game, plies: int, seed: int) -> iw.Record:
    """The first easy-level game from ``seed`` on that lasts ``plies`` plies (else the longest of
    50), cut to ``plies``."""
    agent, longest = A.get_agent("easy"), None
    played = resolve_game(game)
    for offset in range(50):
        rng = game_rng(seed, offset)
        start = state = played.new_state(seed=rng)
        moves = []
        while not state.is_over and len(moves) < plies:
            move = agent(state, rng)
            moves.append(str(move))
            state = state.play(move)
        if longest is None or len(moves) > len(longest[1]):
            longest = (start, moves)
        if len(moves) >= plies:
            break
    start, moves = longest
    text_start = game.state_from_text(start.to_text()) if played != game else start
    return iw.Record.new(game, start=text_start).extend(moves)


def timed(call):
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--hints", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"analysis and hints at ±0.05 on {cores} cores, Python {platform.python_version()}, "
          f"{time.strftime('%Y-%m-%d')}\n")
    print(f"{'game':19} {'what':18} {'plies':>5} {'wall s':>8} {'cpu s':>8} {'rollouts':>10} {'legal':>6}  target")
    for name, options in CASES:
        if args.games and name not in args.games:
            continue
        game = iw.make(name, **options)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        record = easy_game(game, args.plies, args.seed)
        iw.hint(record.start_state() if record.start_state().to_move != iw.CHANCE else
                list(record.states())[1], k=1, precision=0.4)  # compile or load the kernel first
        analysis, wall, cpu = timed(lambda: iw.analyse(record))
        target = TARGETS[name][0]
        legal = np.mean([p.legal for p in analysis.plies if not p.chance] or [0])
        print(f"{label:19} {'analyse a game':18} {len(record.plies):5} {wall:8.1f} {cpu:8.1f} {analysis.rollouts:10,} "
              f"{legal:6.0f}  {f'≤ {target:g} s' if target and len(record.plies) >= 80 else ''}", flush=True)
        walls, cpus, rollouts, moves = [], [], [], []
        pick = np.random.default_rng(args.seed)
        for i in range(args.hints):
            states = [s for s in easy_game(game, 200, args.seed + 1000 + i).states()
                      if not s.is_over and s.to_move != iw.CHANCE]
            state = states[int(pick.integers(len(states)))]
            hints, wall, cpu = timed(lambda: iw.hint(state))
            walls.append(wall)
            cpus.append(cpu)
            moves.append(hints.legal)
            rollouts.append(hints.rollouts)
        print(f"{label:19} {f'hint (mean of {args.hints})':18} {'':5} {np.mean(walls):8.2f} {np.mean(cpus):8.2f} "
              f"{np.mean(rollouts):10,.0f} {np.mean(moves):6.0f}  ≤ {TARGETS[name][1]:g} s (slowest {max(walls):.2f} s)",
              flush=True)


if __name__ == "__main__":
    main()
