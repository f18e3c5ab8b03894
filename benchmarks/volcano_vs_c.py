"""Volcano's fast engine against an independent C loop: random games per CPU second on one core.

    python benchmarks/volcano_vs_c.py                 # 300,000 games a round, 5 rounds
    python benchmarks/volcano_vs_c.py -n 1000000 --rounds 3 --readme

``volcano_ref.c`` (beside this script) plays uniformly random two-player Volcano from the
diagonal opening in a plain C loop, with its own random numbers: the same kind of games, not
the same games, so the rates compare per game (its mean game length is printed beside ours).
The C loop takes every capture at once, so ours plays ``capture="must"`` too (the published
rule, the default, adds a ply for each capture choice).
When a C compiler is found, the script builds it with ``-O3 -march=native`` and, in each round,
plays ``n`` games with it and ``n`` games through ``iw.playouts(..., engine="fast", workers=1)``,
in alternating order, both pinned to the same core. The rates are games per CPU second (the
child's CPU time for the C loop, ``time.process_time()`` for ours), so other work on a shared
machine slows them less than wall time; the min, median and best of the rounds are printed,
and the ratio of the medians. Without a compiler only our side is measured.

Our side is every cost a user pays: the kernel, the chunks and the results (the summary's every
statistic, the balance metrics included). The target (issue 25): at least 0.5× the C loop.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "volcano_ref.c"


def build(source: Path, compiler: str, directory: str) -> Path | None:
    """The C loop compiled into ``directory``, or None without a compiler."""
    cc = shutil.which(compiler)
    if cc is None:
        return None
    binary = Path(directory) / "volcano_ref"
    subprocess.run([cc, "-O3", "-march=native", str(source), "-lm", "-o", str(binary)], check=True)
    return binary


def c_round(binary: Path, n: int) -> tuple[float, float]:
    """(CPU seconds, mean plies a game) of ``n`` games of the C loop."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(binary), str(n), "1"], check=True, capture_output=True, text=True).stdout.split()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, float(out[out.index("mean_moves") + 1])


def our_round(n: int) -> tuple[float, float, int]:
    """(CPU seconds, mean plies a game, bytes of results) of ``n`` random games through iw.playouts."""
    started = time.process_time()
    results = iw.playouts("volcano", n, agents="random", seed=1, engine="fast", workers=1, progress=False,
                          options={"capture": "must"})
    return time.process_time() - started, float(results.plies.mean()), results.nbytes


def measure(n: int, rounds: int, compiler: str = "gcc", source: Path = SOURCE, say=print) -> dict:
    """Interleaved rounds of both sides; returns their rates (games per CPU second, one per round),
    mean plies a game and our results' size in bytes; ``"c"`` is empty without a compiler."""
    iw.playouts("volcano", 1000, engine="fast", workers=1, progress=False,  # compile or load the kernel first
                options={"capture": "must"})
    rates: dict[str, list[float]] = {"c": [], "ours": []}
    plies = {}
    nbytes = 0
    with tempfile.TemporaryDirectory() as directory:
        binary = build(source, compiler, directory)
        if binary is None:
            say(f"no {compiler} here: measuring iw.playouts alone")
        for r in range(rounds):
            order = ("c", "ours") if r % 2 == 0 else ("ours", "c")
            for side in order:
                if side == "c" and binary is not None:
                    cpu, plies["c"] = c_round(binary, n)
                elif side == "ours":
                    cpu, plies["ours"], nbytes = our_round(n)
                else:
                    continue
                rates[side].append(n / cpu)
            say(f"round {r + 1}: " + ", ".join(f"{side} {rates[side][-1]:,.0f}" for side in order if rates[side]))
    return {"rates": rates, "plies": plies, "nbytes": nbytes}


def report(n: int, measured: dict, say=print) -> float | None:
    """The table of a :func:`measure`; returns the ratio of the medians (None without the C loop)."""
    rates, plies = measured["rates"], measured["plies"]
    say(f"\n{'random games per CPU second, one core':<40} {'min':>9} {'median':>9} {'best':>9} {'plies/game':>11}")
    labels = {"c": "C loop (volcano_ref.c)", "ours": "iw.playouts(engine='fast', workers=1)"}
    for side in ("c", "ours"):
        if rates[side]:
            values = rates[side]
            say(f"{labels[side]:<40} {min(values):>9,.0f} {statistics.median(values):>9,.0f} {max(values):>9,.0f} "
                f"{plies[side]:>11.2f}")
    megabytes = measured["nbytes"] / n * 1_000_000 / 2**20
    say(f"results: {measured['nbytes'] / n:.0f} bytes a game, {megabytes:.1f} MB for a million games")
    if not rates["c"]:
        return None
    ratio = statistics.median(rates["ours"]) / statistics.median(rates["c"])
    say(f"ours / C: {ratio:.2f}x (medians of {len(rates['c'])} interleaved rounds of {n:,} games; "
        f"best rounds {max(rates['ours']) / max(rates['c']):.2f}x); target >= 0.5x")
    return ratio


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300_000, help="games a round on each side (default 300,000)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--cc", default="gcc", help="the C compiler (default gcc)")
    parser.add_argument("--source", type=Path, default=SOURCE, help="the C loop's source (default: beside this script)")
    parser.add_argument("--core", type=int, default=None, help="the core both sides run on (default: the first allowed)")
    parser.add_argument("--readme", action="store_true", help="also write the report into benchmarks/README.md")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        core = args.core if args.core is not None else min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})  # the C loop, a child, inherits it
    lines: list[str] = []

    def say(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    report(args.n, measure(args.n, args.rounds, args.cc, args.source, say), say)
    if args.readme:
        from run import write_between

        command = f"python benchmarks/volcano_vs_c.py -n {args.n} --rounds {args.rounds}"
        write_between(HERE / "README.md", "volcano-vs-c", lines, command)


if __name__ == "__main__":
    main()
