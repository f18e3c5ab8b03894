"""Ice3 as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show, play
and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.ice3 import Ice3
>>> str(Ice3().parse_move("pass"))
'pass'
"""

from .rules import (CENTRE, COLOURS, CORNERS, DIRS, END_TURN, GRID, GROUPS, MAX_DISTANCE, PATTERN,
                    PLAYOUT_MAX_TURNS, SIZES, SPARSE_EXAMPLE, Ice3, Ice3State, SetMove)
from .counters import Ice3Counters

__all__ = ["CENTRE", "COLOURS", "CORNERS", "DIRS", "END_TURN", "GRID", "GROUPS", "MAX_DISTANCE", "PATTERN",
           "PLAYOUT_MAX_TURNS", "SIZES", "SPARSE_EXAMPLE", "Ice3", "Ice3State", "SetMove"]

Ice3.plug_in(counters=Ice3Counters(), kernel=f"{__name__}.kernel")
