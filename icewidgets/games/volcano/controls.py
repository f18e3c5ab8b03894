"""How Volcano is played in the widget: click the cap, then the square next to it.

Every move names its two squares, so the generic clicking of :class:`~icewidgets.view.Controls`
fits; a click to any other square stands for the cap move between them, which the rules then
explain.

>>> from icewidgets.games.volcano import Volcano
>>> state = Volcano().new_state()
>>> Volcano.controls.move_squares(state, state.legal_moves()[0])
[('a1', 'a2')]
>>> Volcano.controls.click_move(state, "c3", "e5")
'c3-e5'
"""

from __future__ import annotations

from ...view import Controls
from .rules import CapMove


class VolcanoControls(Controls):
    """Cap moves are clicked from the cap to the square it steps onto."""

    def click_move(self, state, source: str, target: str) -> str:
        return str(CapMove(source, target))
