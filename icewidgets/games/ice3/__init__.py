"""Ice3 as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show, play
and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.ice3 import Ice3
>>> str(Ice3().parse_move("pass"))
'pass'
"""

from .analyst import Ice3Analyst
from .controls import Ice3Controls
from .counters import Ice3Counters
from .greedy import greedy_move
from .problems import problems
from .board import CENTRE, COLOURS, DIRS, GRID, GROUPS, MAX_DISTANCE, SIZES
from .goal import CORNERS, PATTERN
from .rules import END_TURN, PLAYOUT_MAX_TURNS, SPARSE_EXAMPLE, Ice3, Ice3State, SetMove
from .teaching import HOW_TO_PLAY
from .view import Ice3View

__all__ = ["CENTRE", "COLOURS", "CORNERS", "DIRS", "END_TURN", "GRID", "GROUPS", "MAX_DISTANCE", "PATTERN",
           "PLAYOUT_MAX_TURNS", "SIZES", "SPARSE_EXAMPLE", "Ice3", "Ice3State", "SetMove"]

Ice3.plug_in(view=Ice3View(), controls=Ice3Controls(), counters=Ice3Counters(), greedy=greedy_move,
             kernel=f"{__name__}.kernel", problems=problems)
Ice3.plug_in(how_to_play=HOW_TO_PLAY, analyst=Ice3Analyst())
