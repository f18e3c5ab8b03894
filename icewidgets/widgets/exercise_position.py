"""The exercise board's position: the game widget's board, where a move is answered, not played.

:class:`ExercisePosition` is a :class:`~icewidgets.GameWidget` in the mode ``"exercise"``: the
board is clicked exactly as in a game, by the game's own :class:`~icewidgets.view.Controls` (a
piece, then its target; a choice when several moves join the same squares; a choice of squares
selected one by one, then played by its button; the buttons of moves without squares; the
keyboard cursor), and the move so made goes to a checker instead of the game. A
wrong try leaves the position as it was (what was selected is cleared); a right one is shown
played, and the board then offers no more moves until another position is shown. The page hides
what does not belong to an exercise (the replay, the analysis, undo, loading and sharing).

>>> import icewidgets as iw
>>> from icewidgets.teaching import Verdict
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> tried = []
>>> board = ExercisePosition(state, lambda move: tried.append(move) or Verdict(False, "not that one"))
>>> move = str(state.legal_moves()[0])
>>> board.handle({"type": "move", "move": move}), tried == [move], board.state == state
(False, True, True)
>>> board.handle({"type": "undo"}), board.message
(False, 'An exercise takes a move on the board, not undo.')
>>> board.show(state, move); board.ply, board.legal
(1, [])
"""

from __future__ import annotations

from typing import Any, Callable

import traitlets

from ..protocol import State
from ..teaching import Verdict
from .game_widget import GameWidget

__all__ = ["ExercisePosition"]

MESSAGES = frozenset({"move", "click", "toggle", "clear", "choose", "resync"})
"""The page's messages an exercise takes: a move (clicked, chosen or typed) and a choice of
squares; everything else of the game widget (undo, load, analyse, …) is refused."""


class ExercisePosition(GameWidget):
    """The board of an exercise: ``ExercisePosition(state, check)`` shows ``state``; a move
    made on it (its text) goes to ``check``, which returns a :class:`~icewidgets.teaching.Verdict`
    (and shows it: this widget only says nothing else meanwhile). :meth:`show` shows a position,
    and a move played from it (a right answer, a solution)."""

    mode = traitlets.Unicode("exercise").tag(sync=True)  # the page leaves out the game's other controls

    def __init__(self, state: State, check: Callable[[str], Verdict], *, theme: str = "auto",
                 size: Any = None):
        self._check = check
        super().__init__(state, theme=theme, size=size)

    def show(self, state: State, move: str | None = None) -> None:
        """Show ``state`` ready for an answer or, with ``move``, that move played from it (the
        board then takes no move)."""
        with self._lock:
            if state != self._states[0] or self._record.plies:
                self.load(state)
            if move is not None:
                self._push(str(state.listed(move)), state.play(move))
            self._say("", "info")

    def handle(self, msg: Any) -> bool:
        """As :meth:`GameWidget.handle`, for the messages an exercise takes (:data:`MESSAGES`)."""
        if isinstance(msg, dict) and isinstance(msg.get("type"), str) and msg["type"] not in MESSAGES:
            self._say(f"An exercise takes a move on the board, not {msg['type']}.", "error")
            return False
        return super().handle(msg)

    def _human_move(self, text: Any) -> bool:
        """The move made on the board, checked instead of played: False for a wrong try (or a
        refusal, said in the widget as the game widget says it)."""
        if self._record.plies:
            self._say("This exercise has its answer on the board: press Next (or Previous) for another.", "error")
            return False
        if not isinstance(text, str) or not text.strip() or len(text) > 64:
            self._say("A move must be given as its notation, e.g. " + repr(self.game.example_move), "error")
            return False
        self._say("", "info")
        verdict = self._check(text.strip())
        if not verdict.right and self.selection:
            self.selection = []  # a wrong try leaves nothing half made
        return verdict.right

    def _set_legal(self) -> None:
        if self._record.plies:  # the answer is shown: no more moves here
            self.legal, self.groups = [], []
            self._offer_choice(self.final_state, [], False)
        else:
            super()._set_legal()
