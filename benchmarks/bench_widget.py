"""What one move costs the widget, against the ply it is played at (not a timed test).

    python benchmarks/bench_widget.py

For each game a long seeded game is played: random moves, preferring among a few drawn at each
ply the ones that keep the game going, keep the most squares occupied and leave the most replies
(some games played at random end within a hundred plies). It is loaded into a GameWidget up to
ply n, and the next five moves are played in it. The table gives, over those five moves, the
mean and the largest of the bytes a move sends to the page (every comm message, as JSON) and of
the Python time it takes: the CPU time of the thread (each move's median of 7 runs), not the
wall clock, which on a shared machine also counts the time other processes take. A second table
plays each game at random and times its ply shown in the most stages (a long eruption).
Targets: at ply 200 a move sends at most 30 KB and costs at most 10 ms, no more than at ply 10.

A third table answers "does the widget answer clicks within 100 ms while an analysis runs?":
for each game an 80-ply game (a lasting one, as above) is loaded into a widget that analyses it
(``analysis=True``, ±0.05) on its background thread, and clicks are sent one after another, a
human's 100 ms apart: a step (the page sets ``ply``), a move played and taken back (each
refreshes the analysis: it stops and goes on with ``resume=``), and a hint asked (it runs on its
own thread, so the next clicks meet it too). The table gives the wall-clock time of the Python handler of each click (the
comm's sends serialised as JSON included), median, 95th percentile and largest, with the
analysis running and, for comparison, in a widget without one. The rollouts' kernels are
compiled before (``python -m icewidgets warm``), as they are on Binder.

    python benchmarks/bench_widget.py --analysis     # only this table
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import icewidgets as iw  # noqa: E402

PLIES = (10, 50, 100, 200, 300)
MOVES = 5  # consecutive moves measured from each ply of PLIES
REPEAT = 7
CANDIDATES = 8  # moves drawn at each ply, of which the longest-lasting is played
SEEDS = range(31, 51)  # the first seed whose game reaches the last ply measured is used


def random_move(state: iw.State, rng: random.Random):
    """A uniformly random legal move (a chance ply: an outcome drawn with its probability)."""
    if state.to_move == iw.CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_moves())


def lasting_move(state: iw.State, rng: random.Random):
    """A random move among the ones of a few drawn that keep the game going longest."""
    if state.to_move == iw.CHANCE:
        return random_move(state, rng)
    moves = state.legal_moves()
    drawn = rng.sample(moves, CANDIDATES) if len(moves) > CANDIDATES else moves

    def lasting(move) -> tuple:
        after = state.play(move)
        occupied = sum(after.stack(square) != "." for square in after.game.grid.names)
        return (not after.is_over, occupied, len(after.legal_moves()))

    keys = [lasting(move) for move in drawn]
    best = max(keys)
    return rng.choice([move for move, key in zip(drawn, keys) if key == best])


def play_game(name: str, plies: int, seed: int, choose) -> iw.Record:
    """A game of at most ``plies`` plies, each move chosen by ``choose(state, rng)``."""
    rng = random.Random(seed)
    record = iw.Record.new(name, seed=seed)
    state, moves = record.start_state(), []
    while len(moves) < plies and not state.is_over:
        move = choose(state, rng)
        moves.append(str(move))
        state = state.play(move)
    return record.extend(moves)


def long_record(name: str, plies: int) -> iw.Record:
    """A lasting game of ``plies`` plies from the first of SEEDS that reaches it (else the longest)."""
    longest = None
    for seed in SEEDS:
        record = play_game(name, plies, seed, lasting_move)
        if longest is None or len(record.plies) > len(longest.plies):
            longest = record
        if len(record.plies) == plies:
            break
    return longest


def moves_from(record: iw.Record, ply: int, count: int = 1) -> list[tuple[int, float]]:
    """Bytes sent and CPU seconds (median of REPEAT) of each of ``count`` moves of ``record``
    played one after the other in a widget loaded at ply ``ply``."""
    sizes: list[list[int]] = [[] for _ in range(count)]
    times: list[list[float]] = [[] for _ in range(count)]
    sent: list = []
    for _ in range(REPEAT):
        widget = iw.GameWidget(record.truncated(ply))
        widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
        for k in range(count):
            sent.clear()
            start = time.thread_time()
            widget.play(record.plies[ply + k])
            times[k].append(time.thread_time() - start)
            sizes[k].append(sum(len(json.dumps(m, separators=(",", ":"))) for m in sent))
        widget.close()
    return [(max(size), statistics.median(took)) for size, took in zip(sizes, times)]


def clicks(widget: iw.GameWidget, rounds: int, pause: float = 0.1) -> dict[str, list[tuple[float, float]]]:
    """Wall-clock and CPU milliseconds of each kind of click's handler in ``widget``, ``rounds`` of each."""
    took: dict[str, list[tuple[float, float]]] = {"step": [], "move": [], "undo": [], "hint": []}
    end = len(widget.record.plies)

    def timed(kind: str, action) -> None:
        start, cpu = time.perf_counter(), time.thread_time()
        action()
        took[kind].append(((time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000))
        time.sleep(pause)

    for k in range(rounds):
        timed("step", lambda: widget.set_state({"ply": end - 1 - k % 10}))
        timed("step", lambda: widget.set_state({"ply": end}))
        move = str(widget.final_state.legal_moves()[k % len(widget.final_state.legal_moves())])
        timed("move", lambda: widget.handle({"type": "move", "move": move}))
        timed("undo", lambda: widget.handle({"type": "undo"}))
        timed("hint", lambda: widget.handle({"type": "hint"}))
    return took


def analysis_clicks(rounds: int = 20, plies: int = 80) -> None:
    """The third table: clicks answered while an analysis runs."""
    print(f"\nclicks while an analysis runs ({plies}-ply games, ±0.05; {rounds} rounds of each click, 100 ms apart; "
          "ms of the Python handler: wall clock, and its thread's CPU)\n"
          f"{'game':10} {'click':6} {'analysing':>10} {'median':>8} {'p95':>8} {'largest':>8} {'cpu median':>11} "
          f"{'plies done':>11}")
    for name in iw.available_games():
        record = long_record(name, plies)
        iw.analyse(record.truncated(2), precision=0.2)  # the kernels loaded: no compile in the measurement
        for analysing in (True, False):
            widget = iw.GameWidget(record, analysis=analysing)
            widget.comm.send = lambda data=None, metadata=None, buffers=None: json.dumps(data)
            if analysing:
                while not (widget.analysis and widget.analysis.plies):  # its rollouts are running
                    time.sleep(0.05)
            took = clicks(widget, rounds)
            done = len(widget.analysis.plies) if widget.analysis else 0
            running = analysing and widget.analysis_task.running
            widget.close()
            for kind, times in took.items():
                ms = sorted(wall for wall, _ in times)
                p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
                cpu = statistics.median(cpu for _, cpu in times)
                print(f"{name:10} {kind:6} {'yes' if analysing else 'no':>10} {statistics.median(ms):>8.1f} "
                      f"{p95:>8.1f} {ms[-1]:>8.1f} {cpu:>11.1f} "
                      f"{(str(done) + (' (on)' if running else '')) if analysing else '':>11}")


def main() -> None:
    if "--analysis" in sys.argv[1:]:
        analysis_clicks()
        return
    print(f"{'game':10} {'ply':>5} {'bytes sent':>11} {'(largest)':>10} {'python ms':>10} {'(largest)':>10}")
    for name in iw.available_games():
        record = long_record(name, max(PLIES) + MOVES)
        for ply in PLIES:
            if ply + MOVES > len(record.plies):
                print(f"{name:10} {ply:>5} {'(game over)':>11}")
                break
            sizes, seconds = zip(*moves_from(record, ply, MOVES))
            print(f"{name:10} {ply:>5} {statistics.mean(sizes):>11,.0f} {max(sizes):>10,} "
                  f"{statistics.mean(seconds) * 1000:>10.1f} {max(seconds) * 1000:>10.1f}")
    print(f"\nthe ply shown in the most stages of a random game\n"
          f"{'game':10} {'ply':>5} {'stages':>7} {'bytes sent':>11} {'python ms':>10}")
    for name in iw.available_games():
        record = play_game(name, max(PLIES), SEEDS[0], random_move)
        widget = iw.GameWidget(record)
        stages = Counter(frame["p"] for frame in widget.frames if frame["p"])
        widget.close()
        ply, most = max(stages.items(), key=lambda item: (item[1], -item[0]))
        [(size, seconds)] = moves_from(record, ply - 1)
        print(f"{name:10} {ply:>5} {most:>7} {size:>11,} {seconds * 1000:>10.1f}")
    analysis_clicks()


if __name__ == "__main__":
    main()
