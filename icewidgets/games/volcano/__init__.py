"""Volcano as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show,
play and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.volcano import Volcano, score
>>> score(["R1", "R2", "R3"]).points
7
"""

from .rules import (CAP, COLOURS, DIAG_COLOURS, END_TURN, GOAL_MEASURES, GRID, OPENING_CAPS, OPENINGS, CapMove,
                    Eruption, Volcano, VolcanoScore, VolcanoState, goal_met, score)
from .counters import VolcanoCounters

__all__ = ["CAP", "COLOURS", "DIAG_COLOURS", "END_TURN", "GOAL_MEASURES", "GRID", "OPENING_CAPS", "OPENINGS",
           "CapMove", "Eruption", "Volcano", "VolcanoScore", "VolcanoState", "goal_met", "score"]

Volcano.plug_in(counters=VolcanoCounters(), kernel=f"{__name__}.kernel")
