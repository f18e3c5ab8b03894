"""How Blockade is played in the widget: click a piece, then where it goes; buttons end the turn.

A piece move names its two squares (the generic clicking of :class:`~icewidgets.view.Controls`);
ending the turn and combining the dice have buttons, and the dice are rolled with the widget's
roll button.

>>> from icewidgets.games.blockade import END_TURN, Blockade, Combine
>>> Blockade.controls.button_label(END_TURN), Blockade.controls.button_label(Combine("R"))
('End turn', 'Combine dice on R')
>>> Blockade.controls.click_move(Blockade().new_state(seed=3), "a1", "e5")
'a1-e5'
"""

from __future__ import annotations

from ...view import Controls
from .rules import END_TURN, Combine, PieceMove


class BlockadeControls(Controls):
    """Piece moves by clicks from square to square; "End turn" and "Combine dice on R" buttons."""

    def click_move(self, state, source: str, target: str) -> str:
        return str(PieceMove(source, target))

    def button_label(self, move) -> str:
        if move == END_TURN:
            return "End turn"
        if isinstance(move, Combine):
            return f"Combine dice on {move.colour}"
        return str(move)
