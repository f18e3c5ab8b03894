"""The widget's choice of squares: a position whose legal moves each choose a set of squares
(:meth:`~icewidgets.view.Controls.chosen_squares`, such as which pieces to take) is played by
selecting squares, not with one button a set (with n squares there are 2**n sets).

While a choice is pending, ``widget.choosable`` holds its squares and ``widget.selection`` the
squares selected so far, in the choice's order. A click on a square of the choice (the message
``{"type": "toggle", "square": "c3"}``, or :meth:`Choosing.toggle`) selects it or, selected,
unselects it, and the status line says what is selected ("Selected to take: c3 and e3."). The
buttons play the selection (``{"type": "choose"}``, :meth:`Choosing.play_selection`), every
square or none (their moves, as any other button), or clear the selection (``{"type":
"clear"}``, :meth:`Choosing.clear_selection`, Escape in the page). A toggle that names a square
outside the choice is refused with a message naming the squares there are, and changes nothing.
Every new position (a move, an undo, a load) clears the selection.

>>> import icewidgets as iw
>>> w = iw.GameWidget(iw.available_games()[0])
>>> w.choosable, w.selection
([], [])
>>> w.handle({"type": "toggle", "square": "a1"}), w.message
(False, 'There is nothing to select in this position.')
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..checks import shown
from ..protocol import State
from ..view import SquareChoice, square_choice
from ..words import name_list


class ChoiceError(ValueError):
    """A selection the position's choice of squares does not allow; the message says why."""


class Choosing(traitlets.HasTraits):
    """The choice-of-squares part of :class:`~icewidgets.GameWidget` (its traits and messages).

    It works on the widget's game through the widget's ``_lock``, ``final_state``, ``ply``,
    ``record``, ``_human_move`` and ``_say``; the widget calls :meth:`_offer_choice` with the
    buttons of the newest position's other moves whenever that position is published.
    """

    choice = traitlets.Dict().tag(sync=True)  # {} or {"squares": [...], "verb": "take"}: what the page marks
    selection = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the squares selected, in the choice's order

    _square_choice: SquareChoice | None = None
    _choice_state: State | None = None  # the position the choice belongs to
    _plain_buttons: tuple = ()  # the buttons of the position's other moves

    # Public ----------------------------------------------------------------------------------

    @property
    def choosable(self) -> list[str]:
        """The squares of the choice pending in the newest position ([] when none)."""
        return list(self._square_choice.squares) if self._square_choice is not None else []

    def toggle(self, square: Any) -> bool:
        """Select ``square`` of the pending choice or, selected, unselect it (a click on it);
        ``ChoiceError`` names a square that is not one of the choice's."""
        choice = self._pending_choice()
        names = self.final_state.game.grid.names
        if not isinstance(square, str) or square not in names:
            raise ChoiceError(f"{shown(square)} is not a square of the board: select one of "
                              f"{name_list(choice.squares)}.")
        if square not in choice.squares:
            raise ChoiceError(f"You cannot {choice.verb.lower()} {square}: choose among {name_list(choice.squares)}.")
        chosen = set(self.selection) ^ {square}
        self.selection = [s for s in choice.squares if s in chosen]
        self._say(self._selection_text(), "info")
        return True

    def clear_selection(self) -> bool:
        """Unselect every square of the pending choice (the "Clear selection" button, Escape)."""
        self._pending_choice()
        self.selection = []
        self._say(self._selection_text(), "info")
        return True

    def play_selection(self) -> bool:
        """Play the move that chooses exactly the squares selected ("Take selected (…)")."""
        choice = self._pending_choice()
        verb = choice.verb
        if not self.selection:
            raise ChoiceError(f"Nothing is selected: click the squares to {verb.lower()}, or press "
                              f"“{verb} none”.")
        move = choice.move(self.selection)
        if move is None:
            raise ChoiceError(f"No legal move chooses exactly {name_list(self.selection)}: change the selection.")
        return self._human_move(move)

    # The widget's side -----------------------------------------------------------------------

    def _choice_message(self, kind: str, msg: dict) -> bool:
        """The messages ``toggle``, ``clear`` and ``choose``; False (and the reason in the widget) if refused."""
        try:
            if kind == "toggle":
                return self.toggle(msg.get("square"))
            if kind == "clear":
                return self.clear_selection()
            return self.play_selection()
        except ChoiceError as error:
            self._say(str(error), "error")
            return False

    def _offer_choice(self, state: State, buttons: list, playable: bool) -> None:
        """Set the choice of the newest position ``state`` (when a human plays it: ``playable``)
        and the buttons: ``buttons`` (those of its other moves) and the choice's. The selection
        is kept while the position is the same."""
        self._plain_buttons = tuple(buttons)
        if state is not self._choice_state:
            self._choice_state = state
            self._square_choice = square_choice(state, state.game.controls) if playable else None
            self.selection = []
            choice = self._square_choice
            self.choice = {} if choice is None else {"squares": list(choice.squares), "verb": choice.verb.lower()}
        self._choice_buttons()

    @traitlets.validate("selection")
    def _valid_selection(self, proposal: dict) -> list[str]:
        value = list(proposal["value"])
        choice = self._square_choice
        squares = choice.squares if choice is not None else ()
        wrong = [square for square in value if square not in squares]
        if wrong:
            raise ChoiceError(f"selection={value!r}: {name_list(wrong)} "
                              + (f"cannot be chosen; choose among {name_list(squares)}" if squares
                                 else "cannot be chosen: there is nothing to select in this position"))
        return [square for square in squares if square in value]

    @traitlets.observe("selection")
    def _selection_changed(self, change: dict) -> None:
        if change["old"] != change["new"]:
            self._choice_buttons()

    def _choice_buttons(self) -> None:
        buttons = list(self._plain_buttons)
        choice = self._square_choice
        if choice is not None:
            verb, selected = choice.verb, self.selection
            buttons.append([f"{verb} selected ({name_list(selected)})" if selected else f"{verb} selected (none yet)",
                            {"type": "choose"}, {"disabled": choice.move(selected) is None or not selected}])
            for label, chosen in ((f"{verb} all ({name_list(choice.squares)})", choice.squares), (f"{verb} none", ())):
                move = choice.move(chosen)
                if move is not None:
                    buttons.append([label, {"type": "move", "move": move}])
            buttons.append(["Clear selection", {"type": "clear"}, {"disabled": not selected}])
        if buttons != self.buttons:
            self.buttons = buttons

    def _pending_choice(self) -> SquareChoice:
        choice = self._square_choice
        if choice is None:
            raise ChoiceError("There is nothing to select in this position.")
        if self.ply != len(self.record.plies):
            raise ChoiceError("You are looking at an earlier position: press Last (▶|) to choose in the newest one.")
        return choice

    def _selection_text(self) -> str:
        choice = self._square_choice
        verb = choice.verb.lower()
        if not self.selection:
            return f"Nothing selected: click the squares to {verb}."
        return (f"Selected to {verb}: {name_list(self.selection)}. Click another to add it, or a selected one to "
                f"drop it; then press “{choice.verb} selected”.")
