"""Blockade as a plug-in: its rules (:mod:`.rules`) and what the generic layers need to show,
play and study it, attached to the game with :meth:`~icewidgets.protocol.Game.plug_in`.

>>> from icewidgets.games.blockade import Blockade
>>> Blockade().new_state(seed=3).player  # the seeded roll-off picked Cool
1
"""

from .analyst import BlockadeAnalyst
from .controls import BlockadeControls
from .counters import BlockadeCounters
from .greedy import greedy_move
from .problems import problems
from .board import BLACKS, COLOURS, GRID, PLAYER_COLOURS, SIDES, WINNING_TOWERS
from .rules import (CORNER_MEDIUMS, END_TURN, FULL_SUPPLY, PIPS_PER_TURN, PLAYOUT_MAX_TURNS, SETUP_BOARD, SETUP_LARGES,
                    Blockade, BlockadeState, Combine, PieceMove, Roll)
from .teaching import HOW_TO_PLAY
from .view import BlockadeView

__all__ = ["BLACKS", "COLOURS", "CORNER_MEDIUMS", "END_TURN", "FULL_SUPPLY", "GRID", "PIPS_PER_TURN",
           "PLAYER_COLOURS", "PLAYOUT_MAX_TURNS", "SETUP_BOARD", "SETUP_LARGES", "SIDES", "WINNING_TOWERS",
           "Blockade", "BlockadeState", "Combine", "PieceMove", "Roll"]

Blockade.plug_in(view=BlockadeView(), controls=BlockadeControls(), counters=BlockadeCounters(), greedy=greedy_move,
                 kernel=f"{__name__}.kernel", problems=problems)
Blockade.plug_in(how_to_play=HOW_TO_PLAY)
# "hard" races the greedy rule's best plies by greedy rollouts in the kernel (.analyst): the
# generic tree search judges its leaves by towers standing, which the greedy rule's steering beats.
Blockade.plug_in(analyst=BlockadeAnalyst(), levels={"hard": "icewidgets.analysis.bot:rollout_bot"})
