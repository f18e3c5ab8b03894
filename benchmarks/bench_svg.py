"""How fast the pictures are drawn and how much data a replay sends (not a timed test).

    python benchmarks/bench_svg.py

Prints the time to draw one board per game (median, ms), the time to lay out a 200-ply
Volcano replay, and the size of the data the widget sends for it (target: ≤ 5 ms per Volcano
board, ≤ 1 MB per 200-ply replay).
"""

from __future__ import annotations

import json
import random
import statistics
import time

import icewidgets as iw
from icewidgets import svg


def _random_game(name: str, plies: int, seed: int) -> iw.Record:
    rng = random.Random(seed)
    record = iw.Record.new(name, seed=seed)
    state = record.start_state()
    moves = []
    while len(moves) < plies and not state.is_over:
        if state.to_move == iw.CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    return record.extend(moves)


def _median_ms(fn, repeat: int = 60) -> float:
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    rows = []
    for name in iw.available_games():
        try:
            record = _random_game(name, 40, seed=1)
        except ImportError:
            continue
        state = record.final_state()
        rows.append((f"draw {name} board (ply {len(record)})", f"{_median_ms(lambda: svg.board(state)):.2f} ms"))
    volcano = _random_game("volcano", 200, seed=31)
    assert len(volcano) == 200
    states = list(volcano.states())
    rows.append(("draw Volcano board, start", f"{_median_ms(lambda: svg.board(states[0])):.2f} ms"))
    rows.append(("draw Volcano board, ply 200", f"{_median_ms(lambda: svg.board(states[-1])):.2f} ms"))

    from icewidgets.widgets.game_widget import GameWidget, payload_size

    start = time.perf_counter()
    widget = GameWidget(volcano)
    built = time.perf_counter() - start
    frames = len(widget.frames)
    rows.append(("Volcano 200-ply replay: widget build", f"{built * 1000:.0f} ms"))
    rows.append(("Volcano 200-ply replay: frames", f"{frames}"))
    rows.append(("Volcano 200-ply replay: payload (frames + moves)", f"{payload_size(widget):,} bytes"))
    rows.append(("Volcano board: static part + piece catalogue", f"{len(json.dumps(widget.board)):,} bytes"))
    rows.append(("Volcano 200-ply animated SVG", f"{len(svg.animated_svg(volcano)):,} bytes"))

    width = max(len(label) for label, _ in rows)
    print(f"{'measure'.ljust(width)}  value")
    print(f"{'-' * width}  -----")
    for label, value in rows:
        print(f"{label.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
