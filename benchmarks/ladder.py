"""The bot levels' ladder: every level against the one below it, in every game (not a timed test).

    python benchmarks/ladder.py                  # every game: 24 games a match with hard, 200 the others
    python benchmarks/ladder.py volcano -n 40 --quick-n 400
    python benchmarks/ladder.py --write          # and put the table into benchmarks/README.md
    python -m icewidgets ladder GAME             # the same for any installed game

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
from icewidgets.bench import ladder_rows, ladder_table  # noqa: E402

OPTIONS = {"ice3": {"goal": "loose"}}
"""Options per game (the defaults otherwise); see the module docstring."""


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
        rows += ladder_rows(name, args.n, args.quick_n, args.seed, OPTIONS.get(name),
                            notify=lambda row: print(ladder_table([row], header=False)[0], f"({row['wall_s']:.0f} s)",
                                                     flush=True))
    lines = ladder_table(rows)
    lines.append("")
    lines.append("Options: " + "; ".join(f"{name} {', '.join(f'{k}={v!r}' for k, v in opts.items())}"
                                       for name, opts in OPTIONS.items()) + "; the other games their defaults.")
    print("\n" + "\n".join(lines))
    if args.write:
        write(Path(__file__).resolve().parent / "README.md", lines, time.perf_counter() - started)


if __name__ == "__main__":
    main()
