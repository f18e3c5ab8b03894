"""The first call of every kind in a fresh environment, per game (not a timed test).

    python benchmarks/first_calls.py                       # every game with a kernel, every call
    python benchmarks/first_calls.py volterra -c hint -c playouts

Each call runs as the first thing of a new process with an empty numba cache
(``NUMBA_CACHE_DIR`` set to a fresh folder: nothing compiled, as after ``pip install``), so
its kernel is not ready: it must answer from the rules engines while the kernel compiles in a
process of its own (``icewidgets.fast.ready``). The calls:

- ``widget``: a move in a ``GameWidget`` with the hard bot in the other seat, and the bot's answer;
- ``bot``: the hard level's move at the start;
- ``hint``: ``iw.hint`` at the start, at ±0.05;
- ``analysis``: ``iw.analyse`` of the game's first 4 plies (random moves, seed 0), at ±0.1;
- ``playouts``: ``iw.playouts`` of 300 random games;
- ``pool``: the same on a process pool of two workers (forked: the workers prepare, or load,
  their own kernels; the preparations counted are the parent's);
- ``tournament``: ``iw.tournament`` of random against greedy, 100 games.

Each row: the wall time of that first call (the process's start and its import of the
package not counted), how long after the call began the preparations it started were done
(the process waits for them before it ends, so no compile outlives its row) and how many it
started, then the same call in another new process with the cache the first one filled (the
kernel's), and the start of the first call's answer.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CALLS = ("widget", "bot", "hint", "analysis", "playouts", "pool", "tournament")

CHILD = """
import json, sys, time
import numpy as np
import icewidgets as iw
from icewidgets import fast
name, call = sys.argv[1], sys.argv[2]
game = iw.make(name)
state = game.new_state(seed=0)
while state.to_move == iw.CHANCE:
    state = state.play(state.legal_moves()[0])
rng = np.random.default_rng(0)
moves = []
line = state
for _ in range(4):
    if line.is_over:
        break
    move = iw.agents.random_agent(line, rng)
    moves.append(str(move))
    line = line.play(move)
t = time.perf_counter()
if call == "widget":
    widget = iw.GameWidget(name, agents={1: "hard"})

    def settle():  # dice are rolled for whoever is to move
        while widget.final_state.to_move == iw.CHANCE:
            widget.play(widget.final_state.legal_moves()[0])

    settle()
    while widget.final_state.to_move == 0:  # the user's move (the first listed), then the bot's
        widget.play(widget.final_state.legal_moves()[0])
        settle()
    widget.think()
    if widget.bot_thread is not None:
        widget.bot_thread.join()
    said = widget.message
elif call == "bot":
    said = str(iw.agents.get_agent("hard")(state, np.random.default_rng(0)))
elif call == "hint":
    said = str(iw.hint(state)).splitlines()[0]
elif call == "analysis":
    widget = iw.GameWidget(name)
    widget.load(state)
    for move in moves:
        widget.play(move)
    said = f"{len(iw.analyse(widget, precision=0.1).plies)} plies"
elif call == "playouts":
    said = f"{iw.playouts(game, 300, agents='random', seed=0, progress=False).n} games"
elif call == "pool":
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(2) as pool:
        said = f"{iw.playouts(game, 300, agents='random', seed=0, progress=False, executor=pool).n} games"
elif call == "tournament":
    said = f"{iw.tournament(game, ['random', 'greedy'], n=100, progress=False)!r}"[:60]
first = time.perf_counter() - t
jobs = [job for job in fast._preparations.values()]
for job in jobs:
    job.wait()
ready = max((job.started + job.seconds - t for job in jobs if job.seconds is not None), default=None)
print(json.dumps({"first": first, "ready": ready, "jobs": len(jobs), "said": said}))
"""


def measure(name: str, call: str, cache: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", CHILD, name, call], capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"{name} {call} failed:\n{done.stderr}")
    return json.loads(done.stdout.splitlines()[-1])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("-c", "--call", action="append", choices=CALLS)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import icewidgets as iw

    names = args.games or [name for name in iw.available_games() if type(iw.make(name)).kernel]
    print(f"first call in a new process with an empty numba cache, {os.cpu_count()} cores")
    print(f"{'game':10} {'call':11} {'cold: first s':>13} {'kernel ready s':>15} {'compiles':>9} "
          f"{'warm: first s':>13}  answer")
    for name in names:
        for call in args.call or CALLS:
            with tempfile.TemporaryDirectory() as cache:
                cold = measure(name, call, cache)
                warm = measure(name, call, cache)  # the same call, the cache the first one filled
            ready = "-" if cold["ready"] is None else f"{cold['ready']:.1f}"
            print(f"{name:10} {call:11} {cold['first']:13.2f} {ready:>15} {cold['jobs']:9} {warm['first']:13.2f}  "
                  f"{cold['said'][:40]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
