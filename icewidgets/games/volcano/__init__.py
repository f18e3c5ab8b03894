"""Volcano as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show,
play and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.volcano import Volcano, score
>>> score(["R1", "R2", "R3"]).points
7
"""

from ...analyst import Analyst
from .board import CAP, COLOURS, GRID
from .controls import VolcanoControls
from .counters import VolcanoCounters
from .greedy import greedy_move
from .problems import problems
from .openings import DIAG_COLOURS, OPENING_CAPS, OPENINGS
from .rules import END_TURN, CapMove, Eruption, Volcano, VolcanoState
from .scoring import GOAL_MEASURES, VolcanoScore, goal_met, score
from .teaching import HOW_TO_PLAY
from .view import VolcanoView

__all__ = ["CAP", "COLOURS", "DIAG_COLOURS", "END_TURN", "GOAL_MEASURES", "GRID", "OPENING_CAPS", "OPENINGS",
           "CapMove", "Eruption", "Volcano", "VolcanoScore", "VolcanoState", "goal_met", "score"]

Volcano.plug_in(view=VolcanoView(), controls=VolcanoControls(), counters=VolcanoCounters(), greedy=greedy_move,
                kernel=f"{__name__}.kernel", problems=problems)
Volcano.plug_in(how_to_play=HOW_TO_PLAY)
Volcano.plug_in(analyst=Analyst("greedy", "Greedy rollouts: on 300 positions of medium-level games they predict the "
                                 "final points with a Brier score of 0.086, random ones 0.158 (baseline 0.228); every "
                                 "rollout of either finishes (benchmarks/analysis_policy.py)."))
