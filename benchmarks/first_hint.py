"""A first hint in a fresh environment, per game (not a timed test).

    python benchmarks/first_hint.py                 # every game with a kernel
    python benchmarks/first_hint.py volterra ice3

Run it with the Python of a fresh virtual environment (``python -m venv`` and ``pip install``
of the package) to measure what a new user meets; the children import this tree's code. For
each game, a new process with an empty numba cache (``NUMBA_CACHE_DIR`` set to a fresh folder:
nothing compiled, as after ``pip install``) asks ``iw.hint`` at the game's start position
(after the roll, where the game starts with one), at ±0.05, seed 0. Its kernel is not ready,
so the rules engine plays that hint for at most ``FIRST_HINT_SECONDS`` while the kernel
compiles in a process of its own (``icewidgets.fast.ready``), and the hint says if it was cut
short. Each row: the wall time of that first hint, whether it was complete, its rollouts, how
long the kernel took to be ready after it, and a second hint in the same process (the
kernel's, complete) with its time and rollouts. The same hint with a warm cache, in another
new process, for comparison. Target: a first hint in at most 5 s in every game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, sys, time
started = time.perf_counter()
import icewidgets as iw
from icewidgets import fast
game = iw.make(sys.argv[1])
state = game.new_state(seed=0)
while state.to_move == iw.CHANCE:
    state = state.play(state.legal_moves()[0])
seats = [game.analyst.rollout] * game.num_players
t = time.perf_counter()
first = iw.hint(state)
first_s = time.perf_counter() - t
job = fast.preparation(game, seats, continuing=True)
ready = None
if job is not None:
    job.wait()
    ready = job.seconds
t = time.perf_counter()
second = iw.hint(state)
print(json.dumps({"first": first_s, "complete": first.complete, "noted": (first.note != "") == (not first.complete),
                  "rollouts": first.rollouts, "ready": ready, "second": time.perf_counter() - t,
                  "second_complete": second.complete, "second_rollouts": second.rollouts, "legal": first.legal}))
"""


def measure(name: str, cache: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", CHILD, name], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def main(names: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    import icewidgets as iw

    names = names or [name for name in iw.available_games() if type(iw.make(name)).kernel]
    print(f"first hint at ±0.05 in a new process, {os.cpu_count()} cores")
    print(f"{'game':10} {'cold: first s':>13} {'complete':>8} {'rollouts':>9} {'kernel ready s':>14} "
          f"{'second s':>9} {'rollouts':>9} {'warm: first s':>13} {'legal':>6}")
    for name in names:
        with tempfile.TemporaryDirectory() as cache:
            cold = measure(name, cache)
            warm = measure(name, cache)
        # A first hint cut short says so in its note, and only then; the kernel's is complete.
        assert cold["noted"] and cold["second_complete"] and warm["complete"], (name, cold, warm)
        ready = "-" if cold["ready"] is None else f"{cold['ready']:.1f}"
        print(f"{name:10} {cold['first']:13.2f} {str(cold['complete']):>8} {cold['rollouts']:9,} {ready:>14} "
              f"{cold['second']:9.2f} {cold['second_rollouts']:9,} {warm['first']:13.2f} {cold['legal']:6}",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
