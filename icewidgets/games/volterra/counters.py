"""What Volterra playouts count: forfeited tiles, towers owned, and where towers went or were cut off;
who is ahead is measured on the tower heights (:meth:`VolterraCounters.progress`).

>>> import icewidgets as iw
>>> results = iw.playouts("volterra", 3, agents="greedy", seed=1, progress=False, engine="reference")
>>> [row[0] for row in iw.make("volterra").counters.summary_rows(results)]
['tiles forfeited per game']
"""

from __future__ import annotations

from ...counters import Counters
from .board import GRID


class VolterraCounters(Counters):
    """Counted from the tower-move and cut-off events and the final position."""

    fields = {
        "forfeited": ("uint8", (2,), "tiles forfeited in cut-off parts (dark, light)"),
        "towers": ("uint8", (2,), "towers each player owns at the end (Dark, Light)"),
    }
    heatmaps = {
        "tower_targets": "squares that tower actions built on",
        "cut_off": "squares of towers cut off from both pawns",
    }

    def ply(self, row, hits, state):
        for ev in state.events:
            if ev.kind == "tower_moved":
                hits["tower_targets"].append(GRID.index(ev["target"]))
            elif ev.kind == "cut_off":
                hits["cut_off"].extend(GRID.index(name) for name in ev["squares"])

    def final(self, row, state):
        row["forfeited"] = list(state.forfeited)
        row["towers"] = [len(h) for h in state.heights]

    def progress(self, state):
        """Each player's tower heights, highest first (``state.heights``): compared item by item,
        a missing tower counting as 0, exactly as the winner is decided at the end.

        >>> from icewidgets.games.volterra import Volterra
        >>> VolterraCounters().progress(Volterra().new_state().play("b4-b3").play("@b3"))
        ((2, 1, 1, 1, 1, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1, 1, 1, 1))
        """
        return state.heights

    def summary_rows(self, results):
        if "forfeited" not in results.arrays:
            return []
        per = results.arrays["forfeited"].mean(axis=0)
        return [["tiles forfeited per game", f"{float(per.sum()):.2f}", f"dark {per[0]:.2f}, light {per[1]:.2f}"]]
