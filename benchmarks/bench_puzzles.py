"""How long a puzzle set takes: 20 puzzles from 50 games (issue 31; not a timed test).

    python benchmarks/bench_puzzles.py                        # Volcano and Volterra, 50 games each
    python benchmarks/bench_puzzles.py blockade --games 10
    python benchmarks/bench_puzzles.py ice3 --option goal=loose   # a game's options

Games: ``bot_game(name, "easy", seed=s)`` for s = 0 … games − 1 (at most 300 plies a game;
made before the clock starts). Each row times ``iw.puzzles(records, n=20, seed=0)`` (3 plies,
the default budget) and, for the worst case, a search of every position of the first
``--full`` games (``n`` larger than any game holds). Target: at most a minute per game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets.analysis.teaching import bot_game  # noqa: E402
from icewidgets.protocol import CHANCE  # noqa: E402

GAMES = ["volcano", "volterra"]


def decisions(records: list) -> int:
    return sum(not s.is_over and s.to_move != CHANCE for record in records for s in record.states())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--games", dest="count", type=int, default=50)
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--full", type=int, default=5, help="games searched position by position (worst case)")
    parser.add_argument("--option", action="append", default=[], help="a game option, KEY=VALUE (repeatable)")
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    print(f"{'game':9} {'games':>5} {'positions':>9} {'puzzles':>7} {'s':>7} {'s/game':>7} | "
          f"{'full: games':>11} {'positions':>9} {'puzzles':>7} {'s/game':>7} {'s/pos, worst game':>17}")
    for name in args.games:
        game = iw.make(name, **options)
        records = [bot_game(game, "easy", seed=s, max_plies=300) for s in range(args.count)]
        started = time.perf_counter()
        found = iw.puzzles(records, n=args.puzzles, seed=0)
        seconds = time.perf_counter() - started
        full = records[: args.full]
        worst, total, count = 0.0, 0.0, 0
        for record in full:  # one game at a time, so the worst game shows
            started = time.perf_counter()
            count += len(iw.puzzles([record], n=10**6, seed=0))
            took = time.perf_counter() - started
            total += took
            worst = max(worst, took / max(1, decisions([record])))
        print(f"{name:9} {len(records):5} {decisions(records):9} {len(found):7} {seconds:7.1f} "
              f"{seconds / len(records):7.2f} | {len(full):11} {decisions(full):9} {count:7} "
              f"{total / max(1, len(full)):7.1f} {worst:17.2f}")


if __name__ == "__main__":
    main()
