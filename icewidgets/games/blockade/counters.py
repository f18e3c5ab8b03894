"""What Blockade playouts count: towers per colour, piece moves and pip-steps, where towers and
blockades stood.

>>> import icewidgets as iw
>>> results = iw.playouts("blockade", 2, seed=1, max_turns=3, progress=False, engine="reference")
>>> results.moves.tolist(), results.pips.tolist()
([13, 13], [19, 16])
"""

from __future__ import annotations

from ...counters import Counters
from .rules import COLOURS, GRID, PLAYER_COLOURS


class BlockadeCounters(Counters):
    """Counted from the move and tower events and the final position."""

    fields = {
        "towers": ("uint8", (4,), "towers per colour R Y G B at the end"),
        "moves": ("uint16", (), "piece moves (plies that move a piece)"),
        "pips": ("uint32", (), "pip-steps: the pips spent on piece moves (one per square crossed)"),
    }
    heatmaps = {"towers": "squares where towers were completed",
                "blockades": "squares where capped towers (blockades) stand"}
    labels = {"towers": (tuple(COLOURS),)}

    def new_row(self):
        return {"moves": 0, "pips": 0}

    def ply(self, row, hits, state):
        for ev in state.events:
            kind = ev.kind
            if kind == "move":
                row["moves"] += 1
                row["pips"] += ev["pips"]
            elif kind == "tower":
                where = GRID.index(ev["square"])
                hits["towers"].append(where)
                if ev.get("blockade"):
                    hits["blockades"].append(where)

    def final(self, row, state):
        row["towers"] = [len(state.towers[c]) for c in COLOURS]

    def progress(self, state):
        """Per player: (towers in the better colour, towers in both colours), as counted for
        winning, so that the nearer to five of one colour leads and the more towers break a tie.

        >>> from icewidgets.games.blockade import Blockade
        >>> BlockadeCounters().progress(Blockade().new_state(seed=1))
        ((0, 0), (0, 0))
        """
        towers = state.towers
        return tuple((max(len(towers[c]) for c in colours), sum(len(towers[c]) for c in colours))
                     for colours in PLAYER_COLOURS)

    def summary_rows(self, results):
        a, n = results.arrays, results.n
        if "towers" not in a:
            return []
        per = a["towers"].reshape(n, -1).mean(axis=0)
        return [["towers per game", f"{float(per.sum()):.2f}", ", ".join(f"{c} {v:.2f}" for c, v in zip(COLOURS, per))]]
