"""Volterra as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show,
play and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.volterra import Volterra
>>> Volterra().new_state().stack("c3")
'D@D'
"""

from .rules import (COLOUR_WORD, COLOURS, GRID, HALVES, TILE, TILES_PER_COLOUR, PawnMove, PlacePawn, PlaceTile,
                    TowerMove, Volterra, VolterraState)
from .counters import VolterraCounters

__all__ = ["COLOUR_WORD", "COLOURS", "GRID", "HALVES", "TILE", "TILES_PER_COLOUR", "PawnMove", "PlacePawn",
           "PlaceTile", "TowerMove", "Volterra", "VolterraState"]

Volterra.plug_in(counters=VolterraCounters(), kernel=f"{__name__}.kernel")
