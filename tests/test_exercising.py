"""The exercise board's feedback and keyboard (icewidgets/widgets/exercising.py), exactly.

The browser test (tests/browser/test_exercise_browser.py) shows the same board in JupyterLab,
light and dark; these tests pin the HTML it shows and the Enter key of the answer box. The
exercises come from the saved analysis of tests/test_exercises.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.analysis import Analysis

ANALYSIS = Path(__file__).parent / "data" / "volterra-easy-1-analysis.json"


@pytest.fixture()
def board():
    return iw.ExerciseBoard(Analysis.from_json(ANALYSIS.read_text(encoding="utf-8")).exercises("Light"))


def _badge(colour: str, words: str) -> str:
    return (f"<span class='iw-badge' style='background:{colour};color:#ffffff;font-weight:bold;padding:1px 6px;"
            f"border-radius:4px'>{words}</span>")


def test_the_feedback_says_its_verdict_in_a_badge_readable_on_any_theme(board):
    verdict = board.answer("@b1")
    assert str(verdict) == ("✘ Not yet: @b1 is worth 0.58 [0.48–0.67] to Light, less than the best found (0.81) by "
                            "more than ±0.1. Try again (ask for a hint if you like).")
    assert board.feedback.value == (
        "<span class='iw-feedback' data-kind='wrong' role='status'>" + _badge("#b42318", "✘ Not yet")
        + ": @b1 is worth 0.58 [0.48–0.67] to Light, less than the best found (0.81) by more than ±0.1. "
        "Try again (ask for a hint if you like).</span>")
    assert board.hint() == "Hint: the move to find: it starts from d1."
    assert board.feedback.value == ("<span class='iw-feedback' data-kind='hint' role='status'>"
                                    + _badge("#0b57d0", "Hint") + ": the move to find: it starts from d1.</span>")
    # Before two tries the solution is refused in plain words, with no badge.
    assert board.solution() == "Try twice first: the solution comes after the second try."
    assert board.feedback.value == ("<span class='iw-feedback' data-kind='note' role='status'>"
                                    "Try twice first: the solution comes after the second try.</span>")
    board.answer("@b1")
    assert board.solution() == "The solution: d1-c3 (worth 0.81 [0.73–0.88]), then @b3 b4-c3 @c3 a4-c4"
    assert board.feedback.value == (
        "<span class='iw-feedback' data-kind='solution' role='status'>" + _badge("#0b57d0", "The solution")
        + ": d1-c3 (worth 0.81 [0.73–0.88]), then @b3 b4-c3 @c3 a4-c4</span>")
    assert board.next() and board.answer("A4-B4").right
    assert board.feedback.value.startswith("<span class='iw-feedback' data-kind='right' role='status'>"
                                           + _badge("#1a7f37", "✔ Right") + ": a4-b4 is the best move")
    assert board.previous() and board.next()  # back at a solved exercise: the badge alone
    assert board.feedback.value == ("<span class='iw-feedback' data-kind='right' role='status'>"
                                    + _badge("#1a7f37", "✔ Solved.") + "</span>")


def test_enter_in_the_answer_box_checks_it_as_the_button_does(board):
    board.box.value = " @B1 "
    board.box._handle_custom_msg({"event": "submit"}, [])  # what the browser sends on Enter
    assert board.exercise.tries == 1 and "data-kind='wrong'" in board.feedback.value
    board.box._handle_custom_msg({"event": "other"}, [])  # any other message checks nothing
    assert board.exercise.tries == 1
    board.box.value = "d1-c3"
    board.box._handle_custom_msg({"event": "submit"}, [])
    assert board.exercise.solved and board.exercise.tries == 1 and "data-kind='right'" in board.feedback.value


def test_the_position_is_said_in_words_and_drawn_on_the_game_widgets_board(board):
    words = ("Volterra board: Light to move. On the board: a1: D; b1: L; c1: D; d1: L; e1: D; a2: L; b2: D; "
             "c2: L @L; d2: D; e2: L; a3: D; b3: L; c3: D; d3: L; e3: D; a4: L; b4: D; c4: L D @D; e4: L.")
    assert board.words.value.endswith(f">{words}</span>") and "clip:rect(0,0,0,0)" in board.words.value
    assert board.position.state == board.exercise.state and board.position.mode == "exercise"
    board.answer("@b1")
    board.answer("@b1")
    assert board.position.state == board.exercise.state and not board.position.record.plies  # wrong tries leave the position
    board.solution()  # shown played: d1 empty, the tower of c3 one higher; no more moves offered
    assert board.position.record.plies == ("d1-c3",) and board.position.state.stack("c3") == "DL"
    assert board.position.legal == [] and board.position.buttons == []


def test_a_move_played_on_the_board_is_checked_as_a_typed_one(board):
    position = board.position
    start = board.exercise.state
    # The pawn (c2) clicked to b1: @b1, a wrong try, written in the box; the position stays.
    assert position.handle({"type": "click", "from": "c2", "to": "b1"}) is False
    assert board.box.value == "@b1" and board.exercise.tries == 1 and "data-kind='wrong'" in board.feedback.value
    assert position.state == start and position.record.plies == ()
    # A click no legal move joins: answered with the rule, and not a try.
    assert position.handle({"type": "click", "from": "a4", "to": "a1"}) is False
    assert board.exercise.tries == 1 and "a4-a1 is not legal here: " in board.feedback.value
    # The right move: shown played, solved, and the board takes no more.
    assert position.handle({"type": "move", "move": "d1-c3"}) is True
    assert board.exercise.solved and position.record.plies == ("d1-c3",) and position.legal == []
    assert "data-kind='right'" in board.feedback.value
    # The next exercise is its own position, ready for a move again.
    assert board.next() and position.state == board.exercise.state and position.record.plies == ()
    assert position.legal != [] and board.box.value == ""
