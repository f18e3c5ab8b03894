"""An exercise's board (icewidgets/widgets/exercise_position.py): a move made on it, by each game's
own controls, is checked and never played unless right; the position stays as it was.

Each test gives the board a checker that records what it is asked and answers as told, so the
move text every control sends is pinned exactly. The exercise board's own checks (the verdicts)
are tests/test_exercising.py's.
"""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets.agents import chance_move
from icewidgets.teaching import Verdict
from icewidgets.widgets.exercise_position import ExercisePosition


def _board(state, right=()):
    """An exercise board on ``state`` whose checker takes the moves of ``right``; its ``tried``
    lists every move text it was asked about."""
    tried: list[str] = []
    board = ExercisePosition(state, lambda move: tried.append(move) or Verdict(move in right, "checked"))
    board.tried = tried
    return board


def _games():
    return iw.available_games()


@pytest.mark.skipif("volcano" not in _games(), reason="Volcano is not installed")
def test_volcano_a_capture_is_selected_square_by_square_then_checked():
    rows = [". . . . .", ". . . . .", "R1R2R3K1 . G3 B2 .", ". . . . .", ". . . . .", "to_move=0"]
    state = iw.make("volcano").state_from_text("\n".join(rows), partial=True).play("a3-b3")
    board = _board(state, right={"capture:c3"})
    assert board.choice == {"squares": ["c3", "d3"], "verb": "take"}
    # Two clicks select two pieces (nothing is sent to the check yet), the button plays the selection.
    assert board.handle({"type": "toggle", "square": "d3"}) and board.handle({"type": "toggle", "square": "c3"})
    assert board.selection == ["c3", "d3"] and board.tried == []
    assert board.handle({"type": "choose"}) is False
    assert board.tried == ["capture:c3+d3"]
    assert board.state == state and board.record.plies == () and board.selection == []  # the wrong try is undone
    assert board.buttons[0] == ["Take selected (none yet)", {"type": "choose"}, {"disabled": True}]
    # The right one: shown played, and the board offers nothing more.
    assert board.handle({"type": "toggle", "square": "c3"}) and board.handle({"type": "choose"}) is True
    assert board.tried == ["capture:c3+d3", "capture:c3"] and board.record.plies == ()  # (right: the caller shows it)
    board.show(state, "capture:c3")
    assert board.record.plies == ("capture:c3",) and board.choice == {} and board.buttons == [] and board.legal == []
    assert board.handle({"type": "move", "move": "capture:none"}) is False
    assert board.message == "This exercise has its answer on the board: press Next (or Previous) for another."
    assert board.tried == ["capture:c3+d3", "capture:c3"]


@pytest.mark.skipif("volterra" not in _games(), reason="Volterra is not installed")
def test_volterra_a_pawn_move_from_the_pawn_and_a_click_no_move_joins_are_checked():
    state = iw.make("volterra").new_state()
    board = _board(state)
    pawn = state.pawn(state.player)
    assert [pawn, "b2"] == ["c3", "b2"] and ["@b2", None, "c3-b2"] in board.legal  # picked on c3, then b2
    assert board.handle({"type": "move", "move": "@b2"}) is False
    # A click between squares no legal move joins is checked too: the check says why it is illegal.
    assert board.handle({"type": "click", "from": "c3", "to": "e1"}) is False
    assert board.tried == ["@b2", "@e1"] and board.state == state and board.record.plies == ()
    board.show(state, "@b2")  # a pawn move is the first action: Light still to move, the board takes no more
    assert board.state == state.play("@b2") and board.state.player == state.player and board.legal == []


@pytest.mark.skipif("volterra" not in _games(), reason="Volterra is not installed")
def test_volterra_one_tile_or_two_both_clicked_from_the_tower_to_its_target():
    state = iw.Record.new("volterra").extend(["@d4", "e3-c4", "d1-d3", "@b1"]).final_state()
    assert state.stack("c4") == "LD"  # two tiles: c4 to c3 moves the top one (c4-c3) or both (2c4-c3)
    board = _board(state, right={"2c4-c3"})
    assert ["c4-c3", None, "c4-c3"] in board.legal and ["2c4-c3", None, "c4-c3"] in board.legal  # the page offers both
    assert board.handle({"type": "move", "move": "c4-c3"}) is False and board.state == state
    assert board.handle({"type": "move", "move": "2c4-c3"}) is True and board.tried == ["c4-c3", "2c4-c3"]


@pytest.mark.skipif("blockade" not in _games(), reason="Blockade is not installed")
def test_blockade_a_piece_move_and_the_dice_buttons_are_checked():
    start = iw.make("blockade").new_state(seed=3)
    state = start.play(chance_move(start, np.random.default_rng(0)))
    board = _board(state)
    assert board.buttons == [["End turn", {"type": "move", "move": "end"}]]
    assert board.handle({"type": "move", "move": "end"}) is False
    assert board.handle({"type": "click", "from": "b1", "to": "a1"}) is False
    assert board.tried == ["end", "b1-a1"] and board.state == state
    # The roll is not an exercise's: refused, and nothing checked.
    assert board.handle({"type": "roll"}) is False and board.message == "An exercise takes a move on the board, not roll."


@pytest.mark.skipif("ice3" not in _games(), reason="Ice3 is not installed")
def test_ice3_a_set_move_picked_by_its_group_is_checked():
    state = iw.make("ice3").new_state(seed=1)
    board = _board(state, right={"RN1"})
    assert board.legal[0][:2] == ["RN1", "R"] and board.groups[0][:2] == ["R", "the red pieces"]
    assert board.handle({"type": "move", "move": "RN1"}) is True and board.tried == ["RN1"]


def test_only_the_messages_of_a_move_are_taken():
    state = iw.make(_games()[0]).new_state(seed=1)
    board = _board(state)
    for kind in ("undo", "redo", "load", "restart", "analyse", "hint", "bot"):
        assert board.handle({"type": kind}) is False
        assert board.message == f"An exercise takes a move on the board, not {kind}."
    assert board.handle({"type": "move", "move": ""}) is False and board.message.startswith("A move must be given")
    assert board.tried == [] and board.state == state and board.mode == "exercise"
