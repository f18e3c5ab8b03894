"""What one move costs the widget, against the ply it is played at (not a timed test).

    python benchmarks/bench_widget.py

For each game, a seeded random game is loaded into a GameWidget up to ply n, then one more
move is played; the table gives the bytes that move sends to the page (every comm message,
as JSON) and the Python time it takes (median of 7). Targets: at ply 200 a move sends at most
30 KB and costs at most 10 ms, no more than at ply 10.
"""

from __future__ import annotations

import json
import random
import statistics
import time

import icewidgets as iw

PLIES = (10, 50, 100, 200, 300)
REPEAT = 7


def random_record(name: str, plies: int, seed: int) -> iw.Record:
    rng = random.Random(seed)
    record = iw.Record.new(name, seed=seed)
    state, moves = record.start_state(), []
    while len(moves) < plies and not state.is_over:
        if state.to_move == iw.CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    return record.extend(moves)


def one_move(record: iw.Record, ply: int) -> tuple[int, float]:
    """Bytes sent and seconds taken by playing ply ``ply + 1`` of ``record`` in a widget at ply ``ply``."""
    sizes, times = [], []
    for _ in range(REPEAT):
        widget = iw.GameWidget(record.truncated(ply))
        sent: list = []
        widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
        start = time.perf_counter()
        widget.play(record.plies[ply])
        times.append(time.perf_counter() - start)
        sizes.append(sum(len(json.dumps(m, separators=(",", ":"))) for m in sent))
        widget.close()
    return max(sizes), statistics.median(times)


def main() -> None:
    print(f"{'game':10} {'ply':>5} {'bytes sent':>11} {'python ms':>10}")
    for name in iw.available_games():
        record = random_record(name, max(PLIES) + 1, seed=31)
        for ply in PLIES:
            if ply >= len(record.plies):
                print(f"{name:10} {ply:>5} {'(game over)':>11}")
                break
            size, seconds = one_move(record, ply)
            print(f"{name:10} {ply:>5} {size:>11,} {seconds * 1000:>10.1f}")


if __name__ == "__main__":
    main()
