"""How Ice3 is played in the widget: a set move is clicked as any one of its pieces' moves.

A set move (``RE1``: every red piece one square east) has no squares in its notation; it is
clicked from the square of a piece it moves to where that piece ends up (the widget offers a
choice when several moves move that piece there). A move whose pieces all stay has no such
pair, so it gets a button, like the pass.

>>> from icewidgets.games.ice3 import END_TURN, Ice3
>>> state = Ice3().new_state(seed=1)
>>> move = state.legal_moves()[0]
>>> pairs = Ice3.controls.move_squares(state, move)
>>> len(pairs) > 0 and all(state.stack(source) != "." for source, _ in pairs)
True
>>> Ice3.controls.button_label(END_TURN)
'Pass'
"""

from __future__ import annotations

from ...view import Controls
from .rules import END_TURN, SetMove


class Ice3Controls(Controls):
    """Set moves by the squares of their moving pieces; a "Pass" button."""

    def move_squares(self, state, move) -> list[tuple[str | None, str]]:
        if not isinstance(move, SetMove):
            return []
        return [(e["source"], e["target"]) for e in state.play(move).events
                if isinstance(e.get("target"), str) and e.get("source") != e["target"]]

    def button_label(self, move) -> str:
        return "Pass" if move == END_TURN else str(move)
