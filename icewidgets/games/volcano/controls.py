"""How Volcano is played in the widget: click the cap, then the square next to it; after an
eruption, choose the captures.

Every cap move names its two squares, so the generic clicking of :class:`~icewidgets.view.Controls`
fits; a click to any other square stands for the cap move between them, which the rules then
explain. A capture choice (``capture="may"``) is one choice of squares
(:meth:`~icewidgets.view.Controls.chosen_squares`): a click on a capturable piece (or the
keyboard cursor's Enter) selects it, a second click unselects it, and the buttons "Take selected
(c3 and e3)", "Take all (b3, c3 and e3)" and "Take none" play the choice. A click never takes a
piece by itself, however many there are: a student always sees what is selected before it is
taken.

>>> from icewidgets.games.volcano import Volcano
>>> from icewidgets.view import square_choice
>>> state = Volcano().new_state()
>>> Volcano.controls.move_squares(state, state.legal_moves()[0])
[('a1', 'a2')]
>>> Volcano.controls.click_move(state, "c3", "e5")
'c3-e5'
>>> erupted = state.play("a1-b1")
>>> [Volcano.controls.chosen_squares(erupted, move) for move in erupted.legal_moves()]
[(), ('c1',)]
>>> rows = [". . . . .", ". . . . .", "R1R2R3K1 . G3 B2 .", ". . . . .", ". . . . .", "to_move=0"]
>>> two = Volcano().state_from_text(chr(10).join(rows), partial=True).play("a3-b3")
>>> choice = square_choice(two, Volcano.controls)
>>> choice.squares, choice.verb, choice.move(["d3", "c3"])
(('c3', 'd3'), 'Take', 'capture:c3+d3')
"""

from __future__ import annotations

from ...view import Controls
from ...words import name_list
from .rules import CapMove, CaptureChoice


class VolcanoControls(Controls):
    """Cap moves are clicked from the cap to the square it steps onto; a capture choice is made
    by selecting the capturable pieces (:meth:`chosen_squares`)."""

    choice_verb = "Take"

    def move_squares(self, state, move) -> list[tuple[str | None, str]]:
        if isinstance(move, CaptureChoice):
            # Clicks select the pieces (chosen_squares); this square marks a hint that takes one.
            return [(None, move.squares[0])] if len(move.squares) == 1 else []
        return super().move_squares(state, move)

    def click_move(self, state, source: str, target: str) -> str:
        return str(CapMove(source, target))

    def chosen_squares(self, state, move) -> tuple[str, ...] | None:
        return move.squares if isinstance(move, CaptureChoice) else None

    def button_label(self, move) -> str:
        if isinstance(move, CaptureChoice):
            return "Take " + (name_list(move.squares) if move.squares else "none")
        return super().button_label(move)
