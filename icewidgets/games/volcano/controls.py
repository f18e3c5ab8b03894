"""How Volcano is played in the widget: click the cap, then the square next to it; after an
eruption, choose the captures.

Every cap move names its two squares, so the generic clicking of :class:`~icewidgets.view.Controls`
fits; a click to any other square stands for the cap move between them, which the rules then
explain. A capture choice (``capture="may"``) that takes one piece is played by clicking that
piece (the keyboard's cursor reaches it too); every other choice is a button, so the keyboard
reaches them all: "Take none", "Take b3 and c3", and the one that takes every piece, "Take all
(b3, c3 and d3)".

>>> from icewidgets.games.volcano import Volcano
>>> state = Volcano().new_state()
>>> Volcano.controls.move_squares(state, state.legal_moves()[0])
[('a1', 'a2')]
>>> Volcano.controls.click_move(state, "c3", "e5")
'c3-e5'
>>> erupted = state.play("a1-b1")
>>> [Volcano.controls.move_squares(erupted, move) for move in erupted.legal_moves()]
[[], [(None, 'c1')]]
>>> [Volcano.controls.button_label(move) for move in erupted.legal_moves()]
['Take none', 'Take c1']
>>> rows = [". . . . .", ". . . . .", "R1R2R3K1 . G3 B2 .", ". . . . .", ". . . . .", "to_move=0"]
>>> two = Volcano().state_from_text(chr(10).join(rows), partial=True).play("a3-b3")
>>> Volcano.controls.button_labels(two, two.legal_moves())
['Take none', 'Take c3', 'Take d3', 'Take all (c3 and d3)']
"""

from __future__ import annotations

from ...view import Controls
from ...words import name_list
from .rules import CapMove, CaptureChoice


class VolcanoControls(Controls):
    """Cap moves are clicked from the cap to the square it steps onto; a capture choice of one
    piece by clicking the piece, and every capture choice by its button."""

    def move_squares(self, state, move) -> list[tuple[str | None, str]]:
        if isinstance(move, CaptureChoice):
            return [(None, move.squares[0])] if len(move.squares) == 1 else []
        return super().move_squares(state, move)

    def click_move(self, state, source: str, target: str) -> str:
        return str(CapMove(source, target))

    def button_label(self, move) -> str:
        if isinstance(move, CaptureChoice):
            return "Take " + (name_list(move.squares) if move.squares else "none")
        return super().button_label(move)

    def button_labels(self, state, moves) -> list[str]:
        """As :meth:`button_label`, but the choice that takes every capturable piece (of two or
        more) is "Take all (b3 and c3)"."""
        every = len(getattr(state, "capturable", ()))
        return ["Take all (" + name_list(move.squares) + ")"
                if isinstance(move, CaptureChoice) and every > 1 and len(move.squares) == every
                else self.button_label(move) for move in moves]
