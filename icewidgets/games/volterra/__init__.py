"""Volterra as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show,
play and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.volterra import Volterra
>>> Volterra().new_state().stack("c3")
'D@D'
"""

from ...analyst import Analyst
from .board import COLOUR_WORD, COLOURS, GRID, TILE, TILES_PER_COLOUR
from .controls import VolterraControls
from .counters import VolterraCounters
from .greedy import greedy_move
from .problems import problems
from .rules import HALVES, PawnMove, PlacePawn, PlaceTile, TowerMove, Volterra, VolterraState
from .teaching import HOW_TO_PLAY
from .view import VolterraView

__all__ = ["COLOUR_WORD", "COLOURS", "GRID", "HALVES", "TILE", "TILES_PER_COLOUR", "PawnMove", "PlacePawn",
           "PlaceTile", "TowerMove", "Volterra", "VolterraState"]

Volterra.plug_in(view=VolterraView(), controls=VolterraControls(), counters=VolterraCounters(), greedy=greedy_move,
                 kernel=f"{__name__}.kernel", problems=problems)
Volterra.plug_in(how_to_play=HOW_TO_PLAY)
Volterra.plug_in(analyst=Analyst("greedy", "Greedy rollouts: on 300 positions of medium-level games they predict the "
                                  "final points with a Brier score of 0.097, random ones 0.205 (baseline 0.250); 99.9% "
                                  "of them finish (benchmarks/analysis_policy.py)."))
