"""How Volterra is played in the widget: pawn moves from the pawn, tower moves between towers.

A pawn move ``@b2`` is clicked from the mover's pawn to the tower it steps onto; a tower move
``b4-b3`` (or ``2b4-b3``, the top two tiles: the widget offers both) from the tower to the one
it lands on; a free-layout placement by clicking the square it fills.

>>> from icewidgets.games.volterra import Volterra
>>> state = Volterra().new_state()
>>> Volterra.controls.move_squares(state, state.game.parse_move("@b2"))
[('c3', 'b2')]
>>> Volterra.controls.move_squares(state, state.game.parse_move("2b4-b3"))
[('b4', 'b3')]
>>> Volterra.controls.click_move(state, "c3", "e1"), Volterra.controls.click_move(state, "b4", "e1")
('@e1', 'b4-e1')
"""

from __future__ import annotations

from ...view import Controls
from .rules import PawnMove, TowerMove


class VolterraControls(Controls):
    """Pawn moves start on the mover's pawn; tower moves and placements as the generic controls."""

    def move_squares(self, state, move) -> list[tuple[str | None, str]]:
        if isinstance(move, PawnMove):
            return [(state.pawn(state.player), move.target)]
        return super().move_squares(state, move)

    def click_move(self, state, source: str, target: str) -> str:
        # Only pawn moves start on the mover's pawn (a tower under a pawn never moves).
        if source == state.pawn(state.player):
            return str(PawnMove(target))
        return str(TowerMove(source, target))
