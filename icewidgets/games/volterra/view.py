"""What Volterra's pictures show beyond the board: each player's tower heights, the numbers
compared at the end. The marks of a ply are the default ones: a pawn move's two squares, a
tower move's two squares, a placement's square (all named by the ply's events).

>>> from icewidgets.games.volterra import Volterra
>>> state = Volterra().new_state()
>>> [item.text for item in VolterraView().panel(state, {})][:2]
['Dark (D)', 'towers 1, 1, 1, 1, 1, 1, 1, 1, 1, 1']
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...view import Line, PanelItem, View
from .board import COLOURS
from .rules import VolterraState

HEIGHTS_SHOWN = 60
"""How many characters of a player's list of tower heights the panel writes."""


class VolterraView(View):
    """Each player's colour and tower heights beside the board."""

    def panel(self, state: VolterraState, areas: Mapping[str, Sequence[str]]) -> list[PanelItem]:
        """Per player: name and colour, then the tower heights, highest first (``none`` without towers)."""
        items: list[PanelItem] = []
        for player, colour in enumerate(COLOURS):
            heights = ", ".join(map(str, state.heights[player])) or "none"
            items.append(Line(f"{state.game.player_name(player)} ({colour})", style="title", swatch=colour,
                              space_above=8.0 if player else 0.0))
            items.append(Line(f"towers {heights[:HEIGHTS_SHOWN]}", style="note"))
        return items
