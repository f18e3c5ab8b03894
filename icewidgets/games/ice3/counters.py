"""What Ice3 playouts count: the colour and corner that met the goal, and the progress at the end;
who is ahead is the goal progress each player's latest move left (:meth:`Ice3Counters.progress`).

>>> import icewidgets as iw
>>> results = iw.playouts("ice3", 2, seed=0, max_turns=5, progress=False, engine="reference")
>>> for row in iw.make("ice3").counters.summary_rows(results):
...     print(row)
['goals reached', '0', 'R 0, Y 0, G 0, B 0']
['goal progress at the end', '3.00', 'of 16 (exact goal)']
"""

from __future__ import annotations

from ...counters import Counters
from .board import COLOURS, GRID
from .goal import CORNERS


class Ice3Counters(Counters):
    """Counted from the win event and the final position."""

    fields = {
        "goal_colour": ("int8", (), "the colour that met the goal (0–3 = R Y G B), −1 if none"),
        "goal_corner": ("int8", (), "the corner where it was met (0–3 = a1 h1 a8 h8), −1 if none"),
        "progress": ("uint8", (), "the best goal progress at the end (cells right)"),
    }
    heatmaps = {"goal_corners": "the corners where the goal was met"}

    def new_row(self):
        return {"goal_colour": -1, "goal_corner": -1}

    def ply(self, row, hits, state):
        for ev in state.events:
            if ev.kind == "win":
                row["goal_colour"] = COLOURS.index(ev["colour"])
                row["goal_corner"] = CORNERS.index(ev["corner"])
                hits["goal_corners"].append(GRID.index(ev["corner"]))

    def final(self, row, state):
        row["progress"] = state.progress

    def progress(self, state):
        """``(cells,)`` per player: the board's goal progress right after that player's latest
        move (``state.progress_by_player``; 0 before their first move). All players move all the
        pieces, so the leader is whoever brought the board closest to the goal.

        >>> from icewidgets.games.ice3 import SPARSE_EXAMPLE, Ice3
        >>> Ice3Counters().progress(Ice3(goal="shape").state_from_text(SPARSE_EXAMPLE).play("RE1"))
        ((2,), (0,))
        """
        return tuple((cells,) for cells in state.progress_by_player)

    def summary_rows(self, results):
        a, game = results.arrays, results.game
        if "goal_colour" not in a:
            return []
        done = a["goal_colour"] >= 0
        return [
            ["goals reached", f"{int(done.sum()):,}",
             ", ".join(f"{c} {int((a['goal_colour'] == i).sum())}" for i, c in enumerate(COLOURS))],
            ["goal progress at the end", f"{float(a['progress'].mean()):.2f}",
             f"of {game.goal_size} ({game.goal} goal)"],
        ]
