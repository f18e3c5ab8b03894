"""``ExerciseBoard``: learn from your mistakes, one exercise at a time.

It shows an exercise (:meth:`icewidgets.Analysis.exercises`) or a puzzle
(:func:`icewidgets.puzzles`): the question, the position on the game widget's board, a box for
the answer in the game's notation (any case, spaces allowed; Enter in the box checks it, as the
**Check** button), and the buttons **Check**, **Hint**, **Solution** (given after the second
wrong try, as the check says) and **Previous** / **Next**. The answer may also be played on the
board, as in a game (:mod:`.exercise_position`: clicks or the keyboard, each game's own controls);
it is checked as a typed one, and a wrong try leaves the position as it was. A right answer is
shown played on the board; so is the solution. Everything is checked in Python, by the exercise
itself (:meth:`~icewidgets.analysis.Exercise.check`), so the board says what the notebook says.
Below about 700 px the board stands above its panel, as the game widget's does.

The feedback starts with a word in a badge ("✔ Right", "✘ Not yet", "Hint", "The solution"):
the word says it, not the colour alone, and the badge carries its own background, so its text
is readable on a light or a dark notebook; the rest of the text takes the notebook's colour.

>>> import icewidgets as iw
>>> from icewidgets.analysis.teaching import bot_game
>>> found = iw.puzzles([bot_game(iw.available_games()[1], "easy", seed=s) for s in range(2)], n=2)
>>> board = ExerciseBoard(found)
>>> board.answer(found[0].solution).right, board.index, "✔ Right" in board.feedback.value
(True, 0, True)
>>> board.next(), board.index
(True, 1)
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as widgets

from .. import svg
from ..analysis import Exercise
from ..analysis.exercises import read_answer
from ..svg.draw import status
from ..teaching import Verdict
from .exercise_position import ExercisePosition

__all__ = ["ExerciseBoard", "position_words"]

BADGES = {"right": "#1a7f37", "wrong": "#b42318", "hint": "#0b57d0", "solution": "#0b57d0"}
"""The background of the feedback's badge, by kind of feedback: white text on each has a
contrast of at least 5:1 (WCAG asks 4.5:1), whatever the notebook's theme."""


VISUALLY_HIDDEN = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
                   "clip:rect(0,0,0,0);white-space:nowrap;border:0")
"""Text for screen readers only (read out, not shown)."""


class ExerciseBoard(widgets.VBox):
    """A panel of exercises or puzzles: ``ExerciseBoard(analysis.exercises(0))`` or
    ``ExerciseBoard(iw.puzzles(records))`` (a sequence of exercises, or one). ``theme`` is
    ``"auto"`` (the notebook's light or dark) or one of :data:`icewidgets.svg.THEMES`, ``size``
    the board's width (see :func:`icewidgets.svg.board`).

    From Python: :meth:`answer` (as the Check button, or a move made on the board),
    :meth:`hint`, :meth:`solution`, :meth:`next`, :meth:`previous`; ``index`` is the exercise
    shown, ``exercise`` that exercise, ``position`` the board (an :class:`ExercisePosition`).
    """

    def __init__(self, exercises: Any, *, theme: str = "auto", size: Any = None, **kwargs: Any):
        if isinstance(exercises, Exercise):
            exercises = [exercises]
        items = list(exercises) if isinstance(exercises, Sequence) else None
        if items is None or not all(isinstance(item, Exercise) for item in items):
            raise TypeError("ExerciseBoard takes exercises (analysis.exercises(player)) or puzzles (iw.puzzles(...)), "
                            f"not {type(exercises).__name__}")
        if theme != "auto" and theme not in svg.THEMES:
            raise ValueError(f"theme={theme!r} must be 'auto' or one of {', '.join(map(repr, svg.THEMES))}")
        svg.size_of(size)  # a bad size is refused now, not at the first picture
        self.exercises = items
        self.theme, self.size = theme, size
        self.index = 0
        self.note = getattr(exercises, "note", "")
        self.title = widgets.HTML()
        self.words = widgets.HTML()
        first = items[0].state if items else None
        self.position = ExercisePosition(first, self._board_answer, theme=theme, size=size) if first else None
        self.box = widgets.Text(description="Your move", placeholder="a move, as the game writes it")
        self.feedback = widgets.HTML()
        self.buttons = {name: widgets.Button(description=name, tooltip=tip) for name, tip in (
            ("Check", "Check the move in the box"), ("Hint", "A hint"), ("Solution", "Show the solution"),
            ("Previous", "The previous exercise"), ("Next", "The next exercise"))}
        self.buttons["Check"].on_click(lambda _: self.answer(self.box.value))
        # Enter in the box sends "submit" (Text.on_submit is deprecated in ipywidgets 8, the message is not).
        self.box.on_msg(lambda _, content, __: self.answer(self.box.value) if content.get("event") == "submit" else None)
        self.buttons["Hint"].on_click(lambda _: self.hint())
        self.buttons["Solution"].on_click(lambda _: self.solution())
        self.buttons["Previous"].on_click(lambda _: self.previous())
        self.buttons["Next"].on_click(lambda _: self.next())
        # Rows that wrap: on a narrow page (a phone, 400 px) the buttons go under the box.
        wrap = widgets.Layout(flex_flow="row wrap")
        row = widgets.HBox([self.box, self.buttons["Check"], self.buttons["Hint"], self.buttons["Solution"]],
                           layout=wrap)
        steps = widgets.HBox([self.buttons["Previous"], self.buttons["Next"]], layout=wrap)
        shown = [self.title, self.words] + ([self.position] if self.position else []) + [row, self.feedback, steps]
        super().__init__(shown, **kwargs)
        self.add_class("iw-exercises")
        self._show()

    @property
    def exercise(self) -> Exercise | None:
        """The exercise shown (None when there are none)."""
        return self.exercises[self.index] if self.exercises else None

    def answer(self, text: Any) -> Verdict:
        """Check ``text`` as the answer to the exercise shown (what the Check button does)."""
        exercise = self.exercise
        if exercise is None:
            return Verdict(False, "there is no exercise to answer")
        verdict = exercise.check(text)
        if verdict.right:
            move, _ = read_answer(exercise.state, text)  # as the check read it
            self.position.show(exercise.state, move)
        self._say(str(verdict), "right" if verdict.right else "wrong")
        self._enable()
        return verdict

    def hint(self) -> str:
        """The hint of the exercise shown (what the Hint button does)."""
        text = self.exercise.hint() if self.exercise else ""
        self._say(text, "hint")
        return text

    def solution(self) -> str:
        """The solution, once the exercise was tried twice or solved (the Solution button)."""
        exercise = self.exercise
        if exercise is None:
            return ""
        if exercise.tries < 2 and not exercise.solved:
            text = "Try twice first: the solution comes after the second try."
        else:
            text = f"The solution: {exercise.solution_text}"
            self.position.show(exercise.state, exercise.solution)
        self._say(text, "solution" if text.startswith("The solution") else "note")
        return text

    def next(self) -> bool:
        """Show the next exercise (False at the last)."""
        return self._go(self.index + 1)

    def previous(self) -> bool:
        """Show the previous exercise (False at the first)."""
        return self._go(self.index - 1)

    # Inside ------------------------------------------------------------------------------------

    def _go(self, index: int) -> bool:
        if not 0 <= index < len(self.exercises):
            return False
        self.index = index
        self._show()
        return True

    def _show(self) -> None:
        exercise = self.exercise
        self.box.value = ""
        if exercise is None:
            self.title.value = f"<b>No exercises.</b> {html.escape(self.note)}"
            self.feedback.value = ""
        else:
            self.title.value = (f"<b>Exercise {self.index + 1} of {len(self.exercises)}.</b> "
                                f"{html.escape(exercise.question)}")
            # The position in words, for a screen reader (the board's squares say their stacks one by one too).
            self.words.value = (f"<span class='iw-position' style='{VISUALLY_HIDDEN}'>"
                                f"{html.escape(position_words(exercise.state))}</span>")
            self.position.show(exercise.state)
            self._say("✔ Solved." if exercise.solved else "", "right")
        self._enable()

    def _board_answer(self, text: str) -> Verdict:
        """A move made on the board: checked as a typed one, and written in the box."""
        self.box.value = text
        return self.answer(text)

    def _say(self, text: str, kind: str) -> None:
        """Show ``text``; for a kind of :data:`BADGES`, its first words (up to ": ") in the badge."""
        if not text:
            self.feedback.value = ""
            return
        head, colon, rest = text.partition(": ") if kind in BADGES else ("", "", text)
        badge = (f"<span class='iw-badge' style='background:{BADGES[kind]};color:#ffffff;font-weight:bold;"
                 f"padding:1px 6px;border-radius:4px'>{html.escape(head)}</span>" if head else "")
        self.feedback.value = (f"<span class='iw-feedback' data-kind='{kind}' role='status'>"
                               f"{badge}{html.escape(colon + rest)}</span>")

    def _enable(self) -> None:
        exercise = self.exercise
        for name in ("Check", "Hint", "Solution"):
            self.buttons[name].disabled = exercise is None
        self.box.disabled = exercise is None
        self.buttons["Previous"].disabled = self.index <= 0
        self.buttons["Next"].disabled = self.index >= len(self.exercises) - 1


def position_words(state: Any) -> str:
    """A position in words, for a picture's accessible name: the board, whose turn, and each
    occupied square as ``square: pieces`` (bottom first, the tokens of the game's notation).

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[1]).new_state(seed=1)
    >>> position_words(state).replace(state.game.title, "GAME")[:66]
    'GAME board: Dark to move. On the board: a1: D; b1: L; c1: D; d1: L'
    """
    squares = set(state.game.grid.names)
    stacks = [f"{loc}: {' '.join(stack)}" for loc, stack in svg.locations(state).items() if loc in squares and stack]
    where = f"On the board: {'; '.join(stacks)}." if stacks else "The board is empty."
    return f"{state.game.title} board: {status(state)}. {where}"
