"""The bot levels' ladder: every level against the one below it, in every game (not a timed test).

    python benchmarks/ladder.py                  # every game: 24 games a match with hard, 200 the others
    python benchmarks/ladder.py volcano -n 40 --quick-n 400
    python benchmarks/ladder.py --write          # and put the table into benchmarks/README.md

The rungs are random, then the levels ``"easy"``, ``"medium"`` and ``"hard"``
(:data:`icewidgets.agents.LEVELS`). Each match is an :func:`icewidgets.tournament` of two (seats
rotated, fixed seeds, the games' playout turn limits), played on the rules engines. A row gives
the higher rung's points per game against the lower, by the statistics convention (the winners
of a game share 1 point; a game without a winner, drawn or unfinished, gives each seat 1/2),
with its 95% interval (the tournament's: each deal's two seatings are one unit), the games that
ended unfinished, and the CPU time the higher rung took per move (mean and slowest). Targets:
each level at least 0.70 points per game against the level below it, at most 1 s per move.
Easy against random is shown for reference: random is no level, and easy is the lowest one.

Ice3 plays under ``goal="loose"``: under its default exact goal no agent completes the pattern
within the playout turn limit, so every game would end unfinished, without a point for anyone.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402
from icewidgets import agents as A  # noqa: E402

OPTIONS = {"ice3": {"goal": "loose"}}
"""Options per game (the defaults otherwise); see the module docstring."""

RUNGS = ("random", "easy", "medium", "hard")
TARGET_POINTS, TARGET_SECONDS = 0.70, 1.0


class Timed:
    """An agent that keeps the CPU time of each of its decisions (chance plies are not counted)."""

    def __init__(self, name: str):
        self.agent = A.get_agent(name)
        self.agent_name = name
        self.seconds: list[float] = []

    def __call__(self, state, rng):
        started = time.process_time()
        move = self.agent(state, rng)
        if state.to_move != iw.CHANCE:
            self.seconds.append(time.process_time() - started)
        return move


def match(name: str, higher: str, lower: str, n: int, seed: int) -> dict:
    """The higher rung against the lower in ``n`` games of ``name``."""
    strong, weak = Timed(higher), Timed(lower)
    started = time.perf_counter()
    result = iw.tournament(name, [strong, weak], n=n, seed=seed, progress=False, options=OPTIONS.get(name))
    unfinished = int(result.matches[(0, 1)].outcome("unfinished").sum())
    low, high = result.low[0, 1], result.high[0, 1]
    return {"game": name, "higher": higher, "lower": lower, "games": int(result.games[0, 1]),
            "points": float(result.score[0, 1]), "low": float(low), "high": float(high), "unfinished": unfinished,
            "mean_s": sum(strong.seconds) / max(1, len(strong.seconds)), "max_s": max(strong.seconds, default=0.0),
            "wall_s": time.perf_counter() - started}


def table(rows: list[dict]) -> list[str]:
    lines = [f"{'game':<9} {'match':<17} {'games':>5} {'points/game':>11} {'95% interval':>14} {'unfin.':>6} "
             f"{'s/move mean':>11} {'max':>6} {'met':>4}"]
    lines.append("-" * len(lines[0]))
    for row in rows:
        met = row["points"] >= TARGET_POINTS and row["max_s"] <= TARGET_SECONDS
        verdict = "—" if row["lower"] not in A.LEVELS else "yes" if met else "NO"
        lines.append(f"{row['game']:<9} {row['higher'] + ' vs ' + row['lower']:<17} {row['games']:>5} "
                     f"{row['points']:>11.2f} {'[' + format(row['low'], '.2f') + ', ' + format(row['high'], '.2f') + ']':>14} "
                     f"{row['unfinished']:>6} {row['mean_s']:>11.3f} {row['max_s']:>6.2f} {verdict:>4}")
    return lines


def write(path: Path, lines: list[str], seconds: float) -> None:
    """Put the table between the ``<!-- ladder -->`` markers of ``path``."""
    import numba

    start, end = "<!-- ladder -->", "<!-- /ladder -->"
    text = path.read_text()
    if start not in text or end not in text:
        raise SystemExit(f"{path} has no {start} … {end} markers")
    machine = (f"{os.cpu_count()} cores, Python {platform.python_version()}, numba {numba.__version__}, "
               f"{time.strftime('%Y-%m-%d')}, {seconds / 60:.0f} min")
    block = "\n".join([start, "", f"`python benchmarks/ladder.py` on {machine}:", "", "```text", *lines, "```", "",
                       end])
    head, rest = text.split(start, 1)
    path.write_text(head + block + rest.split(end, 1)[1])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to play (default: all)")
    parser.add_argument("-n", type=int, default=24, help="games per match of hard, the slow level (default 24)")
    parser.add_argument("--quick-n", type=int, default=200, help="games per match of the quick levels (default 200)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--write", action="store_true", help="also write the table into benchmarks/README.md")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = []
    for name in args.games or iw.available_games():
        for lower, higher in zip(RUNGS, RUNGS[1:]):
            rows.append(match(name, higher, lower, args.n if higher == "hard" else args.quick_n, args.seed))
            print(table(rows)[-1], f"({rows[-1]['wall_s']:.0f} s)", flush=True)
    lines = table(rows)
    lines.append("")
    lines.append("Options: " + "; ".join(f"{name} {', '.join(f'{k}={v!r}' for k, v in opts.items())}"
                                       for name, opts in OPTIONS.items()) + "; the other games their defaults.")
    print("\n" + "\n".join(lines))
    if args.write:
        write(Path(__file__).resolve().parent / "README.md", lines, time.perf_counter() - started)


if __name__ == "__main__":
    main()
