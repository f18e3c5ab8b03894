"""What Ice3's pictures show beyond the board: the moves so far and how close the board is to
a filled corner. The marks of a ply are the default ones: the squares every moved piece left
and reached (named by the ply's events).

>>> from icewidgets.games.ice3 import Ice3
>>> [item.text for item in Ice3View().panel(Ice3().new_state(seed=1), {})][0]
'Moves so far: 0'
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...view import Line, PanelItem, View
from .rules import Ice3State


class Ice3View(View):
    """The move count, the best corner's progress and the goals met, one line each."""

    def panel(self, state: Ice3State, areas: Mapping[str, Sequence[str]]) -> list[PanelItem]:
        """The lines under the status: moves so far, the best corner, every goal met."""
        items: list[PanelItem] = [
            Line(f"Moves so far: {state.turns}"),
            Line(f"Best corner: {state.progress} of {state.game.goal_size} cells right"),
        ]
        items += [Line(f"Goal met: colour {colour} in the {corner} corner") for colour, corner in state.goals_met]
        return items
