"""What Volcano playouts count: captures by colour and size, eruptions, the longest run of turns
without a capture, and three board heatmaps.

>>> import icewidgets as iw
>>> results = iw.playouts("volcano", 4, agents="greedy", seed=3, progress=False, engine="reference")
>>> [row[0] for row in iw.make("volcano").counters.summary_rows(results)]
['cap moves per turn', 'pieces thrown per eruption', 'captures per game', 'longest capture-free run']
"""

from __future__ import annotations

from typing import Any

from ...counters import Counters
from .board import COLOURS


class VolcanoCounters(Counters):
    """Counted from each ply's eruption record and the final captures."""

    fields = {
        "captured": ("uint8", ("players",), "pieces captured by each player"),
        "captures": ("uint8", (5, 3), "pieces captured (by anyone) per colour R Y G B C and size 1–3"),
        "eruptions": ("uint16", (), "eruptions (one per completed turn)"),
        "erupted": ("int32", (), "pieces thrown by eruptions"),
        "eruptions_stopped": ("uint16", (), "eruptions stopped by the edge or a cap before the volcano was spent"),
        "longest_quiet": ("uint16", (), "the longest run of turns in a row without a capture"),
    }
    heatmaps = {
        "eruption_sources": "squares that erupted",
        "captures": "squares where pieces were captured",
        "landings": "squares where erupted pieces landed",
    }
    labels = {"captures": (tuple(COLOURS), ("1", "2", "3"))}

    def new_row(self) -> dict[str, Any]:
        return {"captures": [[0, 0, 0] for _ in COLOURS], "eruptions": 0, "erupted": 0, "eruptions_stopped": 0,
                "longest_quiet": 0}

    def ply(self, row, hits, state):
        # The eruption record says what the events would, without making them (playouts never show them).
        # Captures are counted where they are made: in the eruption's ply, or in the capture
        # choice that follows it (capture="may").
        for square, piece in state.took:
            row["captures"][COLOURS.index(piece.colour)][piece.size - 1] += 1
            hits["captures"].append(square)
        row["longest_quiet"] = max(row["longest_quiet"], state.quiet_turns)
        eruption = state.eruption
        if eruption is None:
            return
        row["eruptions"] += 1
        hits["eruption_sources"].append(eruption.source)
        hits["landings"].extend(square for square, _, _, _ in eruption.landed)
        row["erupted"] += len(eruption.landed)
        if eruption.stopped_at is not None:
            row["eruptions_stopped"] += 1

    def final(self, row, state):
        row["captured"] = [len(pile) for pile in state.captured]

    def progress(self, state):
        """Who is ahead: each player's live points, ``(points,)``, as the balance report's lead
        changes and comebacks measure them (the kernel computes the same).

        >>> from icewidgets.games.volcano import Volcano
        >>> Volcano.counters.progress(Volcano().new_state().play("a1-b1").play("capture:c1"))
        ((1,), (0,))
        """
        return tuple((points,) for points in state.scores)

    def summary_rows(self, results):
        a, n = results.arrays, results.n
        rows = [["cap moves per turn", f"{float((a['plies'] / a['turns'].clip(min=1)).mean()):.2f}", ""]]
        if "erupted" in a:
            per = float(a["erupted"].sum()) / max(1, int(a["turns"].sum()))
            rows.append(["pieces thrown per eruption", f"{per:.2f}", ""])
        if "captures" in a:
            by_size = a["captures"].sum(axis=(0, 1)) / n
            rows.append(["captures per game", f"{float(by_size.sum()):.2f}",
                         "small {:.2f}, medium {:.2f}, large {:.2f}".format(*by_size)])
        if "longest_quiet" in a:
            stall = results.game.stall_turns
            rows.append(["longest capture-free run", f"{float(a['longest_quiet'].mean()):.1f} turns",
                         f"at most {int(a['longest_quiet'].max())}"
                         + (f"; a game ends after {stall} (stall_turns)" if stall is not None else "")])
        return rows
