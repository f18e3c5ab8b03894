"""Ice3: a scenario table for every rule and option, the goal, the protocol (its golden playthrough
is in test_golden.py)."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import icewidgets as iw
from icewidgets.games.ice3 import END_TURN, PLAYOUT_MAX_TURNS, Ice3, SetMove
from icewidgets.protocol import IllegalMoveError, NotationError
from icewidgets.testing import check_game

FILES = "abcdefgh"


def pos(squares: str = "", to_move: int = 0, turns: int = 0, passes: int = 0) -> str:
    """A position text from ``"a1=R1 b1=G1R2"`` (unlisted squares empty) and the fields."""
    cells = {f"{f}{r}": "." for f in FILES for r in range(1, 9)}
    for item in squares.split():
        square, stack = item.split("=")
        cells[square] = stack
    rows = [" ".join(cells[f"{f}{r}"] for f in FILES) for r in range(8, 0, -1)]
    return "\n".join(rows) + f"\nto_move={to_move} turns={turns} passes={passes}"


def after(squares: str, to_move: int = 1, turns: int = 1) -> str:
    """The position after one move of a 2-player game that started at turn 0."""
    return pos(squares, to_move, turns)


def bad(error: type, message: str) -> tuple[type, str]:
    return (error, message)


# A scenario: (id, options, start position, move, expected position text or (error, message)).
SCENARIOS = [
    # --- the worked examples of the rules file, exactly as written -------------------------
    ("I1 red east 1: simultaneous, stacks on the staying green", {},
     "a1=R1 b1=R2 c1=G3 a3=R3", "RE1", after("b1=R1 c1=G3R2 b3=R3")),
    ("I4a the top of a red stack moves, the pinned bottom stays", {},
     "d4=R1R3", "RN1", after("d4=R1 d5=R3")),
    ("I10 the only yellow piece is pinned: nothing moves", {},
     "a1=Y1B3", "YN1", bad(IllegalMoveError, "no piece would move: the yellow small on a1 is pinned under a blue large")),
    # --- sets, directions, distances -------------------------------------------------------
    ("a size set moves every colour of that size", {},
     "a1=R1 b1=G1 c1=B3", "1NE3", after("d4=R1 e4=G1 c1=B3")),
    ("the large set moves west, the other sizes stay", {},
     "h8=Y3 h7=B2 c3=G3", "3W2", after("f8=Y3 h7=B2 a3=G3")),
    ("a mover passes over single pieces", {},
     "a1=R1 b1=G1 c1=B1", "RE3", after("d1=R1 b1=G1 c1=B1")),
    ("diagonal moves pass over singles too", {},
     "a1=R1 b2=G1", "RNE2", after("c3=R1 b2=G1")),
    ("the longest move crosses the board", {},
     "h8=B2", "BSW7", after("a1=B2")),
    ("south-east: the yellow medium takes the square the yellow large leaves", {},
     "a8=Y2 c6=Y3", "YSE2", after("c6=Y2 e4=Y3")),
    ("north-west onto a piece that stays", {},
     "c1=G2 b2=R1 a3=R2", "RNW1", after("c1=G2 a3=R2R1")),
    ("south", {}, "d4=B1", "1S2", after("d2=B1")),
    ("south-west: a small at the edge stays and the other small lands on it", {},
     "d4=B1 b2=G1", "1SW2", after("b2=G1B1")),
    # --- walls and pins ---------------------------------------------------------------------
    ("a wall on the path blocks; the rest of the set moves", {},
     "a1=R1 b1=G1B1 a5=R2", "RE2", after("a1=R1 b1=G1B1 c5=R2")),
    ("a wall on the landing square blocks", {},
     "a1=R1 c1=G1B1 a5=R2", "RE2", after("a1=R1 c1=G1B1 c5=R2")),
    ("the top of a wall moves normally, its bottom is pinned (I-A6)", {},
     "b1=G1R2", "RE1", after("b1=G1 c1=R2")),
    ("a pinned set member does not count: the top of its own stack moves", {},
     "b1=R1R2 d1=R3", "RS1", bad(IllegalMoveError, "no piece would move")),
    ("a mover lands on a set member that is blocked and stacks on it (I-A7)", {},
     "a1=R1 b1=R2 c1=G1Y1", "RE1", after("b1=R2R1 c1=G1Y1")),
    ("a mover lands where the occupant moves away and ends up alone", {},
     "a1=R1 b1=R2", "RE1", after("b1=R1 c1=R2")),
    ("a mover lands on a single piece of another set and stacks on it", {},
     "a1=R1 b1=Y1", "RE1", after("b1=Y1R1")),
    ("a stack never takes a third piece: the wall blocks (I-A4)", {},
     "a1=R1 b1=Y1Y2", "RE1", bad(IllegalMoveError, "the red small on a1 is blocked by the wall on b1")),
    ("walls before (default, I6): a wall whose top leaves still blocks", {},
     "a1=R1 b1=G1R2", "RE1", after("a1=R1 b1=G1 c1=R2")),
    ("walls before: a chain of walls", {},
     "a1=R1 b1=G1R2 c1=Y1R3", "RE1", after("a1=R1 b1=G1R2 c1=Y1 d1=R3")),
    ("walls before: a stack formed by this move does not block it", {},
     "a1=R1 b1=R2 c1=G1", "RE2", after("c1=G1R1 d1=R2")),
    # --- the board edge -----------------------------------------------------------------------
    ("a piece that would leave the board stays; the rest moves (I-A3)", {},
     "h1=R1 a2=R2", "RE1", after("h1=R1 b2=R2")),
    ("a piece that would leave the board stays and is landed on", {},
     "g1=R1 h1=R3", "RE1", after("h1=R3R1")),
    ("nothing moves when every member would leave the board", {},
     "h1=R1 h5=R2", "RE1", bad(IllegalMoveError, "the red small on h1 would leave the board")),
    # --- illegal plies --------------------------------------------------------------------
    ("a move that moves nothing is illegal (I-A8)", {},
     "a1=R1 b1=G1G2", "RE3", bad(IllegalMoveError, "no piece would move")),
    ("no piece of the set is on the board", {},
     "a1=R1", "YN1", bad(IllegalMoveError, "there are no yellow pieces on the board")),
    ("zero distance", {}, "a1=R1", "RE0", bad(IllegalMoveError, "the distance must be at least 1 square, not 0")),
    ("negative distance", {}, "a1=R1", "RE-2", bad(IllegalMoveError, "the distance must be at least 1 square, not -2")),
    ("a distance beyond the board", {}, "a1=R1", "RE8", bad(IllegalMoveError, "at most 7 squares")),
    ("unknown set", {}, "a1=R1", "XE1", bad(NotationError, "unknown set 'X'")),
    ("unknown size", {}, "a1=R1", "4E1", bad(NotationError, "unknown set '4'")),
    ("bad direction", {}, "a1=R1", "RQ1", bad(NotationError, "bad direction 'Q'")),
    ("bad direction NN", {}, "a1=R1", "RNN1", bad(NotationError, "bad direction 'NN'")),
    ("missing distance", {}, "a1=R1", "RE", bad(NotationError, "the distance is missing")),
    ("not a number", {}, "a1=R1", "RE1.5", bad(NotationError, "bad distance '1.5'")),
    ("empty move", {}, "a1=R1", "", bad(NotationError, "it is empty")),
    ("pass while a set can move", {}, "a1=R1", "pass", bad(IllegalMoveError, "you may pass only when no set can move")),
    # --- the pass rule (I-A13) ----------------------------------------------------------------
    ("no legal move: the player passes", {}, "", "pass", pos("", 1, 1, 1)),
    ("every player has passed in a row: a draw", {}, pos("", 1, 5, 1), "pass", pos("", 0, 6, 2)),
    ("edge illegal: every set touches the edges, so the player passes", {"edge": "illegal", "players": 3},
     "a1=R1 h8=R1", "pass", pos("a1=R1 h8=R1", 1, 1, 1)),
    ("a real move resets the passes", {}, pos("a1=R1", 0, 3, 1), "RE1", pos("b1=R1", 1, 4, 0)),
    # --- walls="after" (I-A5 alternative) -------------------------------------------------
    ("walls after (I6): the wall opens as its top leaves, the red small lands on the green",
     {"walls": "after"}, "a1=R1 b1=G1R2", "RE1", after("b1=G1R1 c1=R2")),
    ("walls after: a chain of walls opens front to back", {"walls": "after"},
     "a1=R1 b1=G1R2 c1=Y1R3", "RE1", after("b1=G1R1 c1=Y1R2 d1=R3")),
    ("walls after: a mover passes through an opened wall", {"walls": "after"},
     "a1=R1 b1=G1R2", "RE2", after("b1=G1 c1=R1 d1=R2")),
    ("walls after: a wall whose top stays still blocks", {"walls": "after"},
     "a1=R1 b1=G1B2 a4=R2", "RE1", after("a1=R1 b1=G1B2 b4=R2")),
    ("walls after: a wall whose top is blocked still blocks", {"walls": "after"},
     "a1=R1 b1=G1R2 c1=Y1B1", "RE1", bad(IllegalMoveError, "no piece would move")),
    ("walls after: pins are still judged before the move", {"walls": "after"},
     "b1=R1R2", "RE1", after("b1=R1 c1=R2")),
    ("walls after: the same moves are illegal", {"walls": "after"},
     "a1=Y1B3", "YN1", bad(IllegalMoveError, "is pinned under a blue large")),
    # --- blocked="slide" (I-A2 alternative) -----------------------------------------------
    ("slide: a blocked piece slides up to the wall", {"blocked": "slide"},
     "a1=R1 d1=G1G2", "RE5", after("c1=R1 d1=G1G2")),
    ("slide: a piece slides to the edge", {"blocked": "slide", "edge": "stay"},
     "f1=R1", "RE5", after("h1=R1")),
    ("slide: a sliding piece stacks on a single piece where it stops", {"blocked": "slide"},
     "f1=R1 h1=Y1", "RE5", after("h1=Y1R1")),
    ("slide: two sliders pile up behind a wall", {"blocked": "slide"},
     "a1=R1 b1=R2 d1=G1G2", "RE3", after("c1=R2R1 d1=G1G2")),
    ("slide: a full stack stops the next slider a square earlier", {"blocked": "slide"},
     "a1=R1 b1=R2 c1=B1 d1=G1G2", "RE3", after("b1=R1 c1=B1R2 d1=G1G2")),
    ("slide: pieces that can move the whole way do", {"blocked": "slide"},
     "a1=R1 a5=R2 d1=G1G2", "RE4", after("c1=R1 e5=R2 d1=G1G2")),
    ("slide: pinned pieces still stay", {"blocked": "slide"},
     "d4=R1R3", "RN2", after("d4=R1 d6=R3")),
    ("slide: nothing moves when no member can take one step", {"blocked": "slide"},
     "a1=R1 b1=G1G2 h4=R2", "RE2", bad(IllegalMoveError, "no piece would move")),
    ("slide with walls after: the opened wall lets the small through", {"blocked": "slide", "walls": "after"},
     "a1=R1 b1=G1R2 d1=Y1Y2", "RE3", after("b1=G1 c1=R2R1 d1=Y1Y2")),
    ("slide with walls before: the small is stuck behind the wall", {"blocked": "slide"},
     "a1=R1 b1=G1R2 d1=Y1Y2", "RE3", after("a1=R1 b1=G1 c1=R2 d1=Y1Y2")),
    # --- edge="illegal" (I-A3 alternative) ------------------------------------------------
    ("edge illegal: one piece leaving the board makes the move illegal", {"edge": "illegal"},
     "h1=R1 a2=R2", "RE1", bad(IllegalMoveError, "the red small on h1 would move off the board")),
    ("edge illegal: even a piece a wall would stop first", {"edge": "illegal"},
     "f1=R1 g1=G1G2 a2=R2", "RE3", bad(IllegalMoveError, "the red small on f1 would move off the board")),
    ("edge illegal: a pinned piece at the edge does not count", {"edge": "illegal"},
     "h1=R1G1 a2=R2", "RE1", after("h1=R1G1 b2=R2")),
    ("edge illegal: moves that stay on the board are fine", {"edge": "illegal"},
     "a1=R1 b3=R2", "RE6", after("g1=R1 h3=R2")),
    ("edge illegal with slide", {"edge": "illegal", "blocked": "slide"},
     "a1=R1 d1=G1G2 h2=R2", "RE1", bad(IllegalMoveError, "the red medium on h2 would move off the board")),
    ("edge illegal with slide: sliding up to a wall is fine", {"edge": "illegal", "blocked": "slide"},
     "a1=R1 d1=G1G2", "RE5", after("c1=R1 d1=G1G2")),
]


@pytest.mark.parametrize("options, start, move, expected", [s[1:] for s in SCENARIOS], ids=[s[0] for s in SCENARIOS])
def test_scenario(options, start, move, expected):
    game = iw.make("ice3", **options)
    state = game.state_from_text(start if "to_move=" in start else pos(start))
    before = state.to_text()
    if isinstance(expected, tuple):
        error, message = expected
        with pytest.raises(error) as info:
            state.play(move)
        assert message in str(info.value)
        assert state.to_text() == before
        if error is IllegalMoveError:
            assert not state.is_legal(move)
            assert move not in [str(m) for m in state.legal_moves()]
    else:
        assert state.is_legal(move)
        assert move in [str(m) for m in state.legal_moves()]
        after_state = state.play(move)
        assert after_state.to_text() == expected
        assert state.to_text() == before
        assert after_state.last_move == game.parse_move(move)


# --- the goal (I-A10, I-A11) -----------------------------------------------------------------

PATTERN = ((3, 3, 3, 2), (3, 2, 2, 1), (3, 2, 1, 1), (2, 1, 1, 0))
CORNERS = {"a1": (0, 0, 1, 1), "h1": (7, 0, -1, 1), "a8": (0, 7, 1, -1), "h8": (7, 7, -1, -1)}


def pattern(colour: str, corner: str) -> dict[str, str]:
    """The goal pattern of ``colour`` in ``corner``: square → stack, O cell left out."""
    f0, r0, sf, sr = CORNERS[corner]
    cells = {}
    for i in range(4):
        for j in range(4):
            if PATTERN[i][j]:
                cells[f"{FILES[f0 + sf * j]}{r0 + sr * i + 1}"] = f"{colour}{PATTERN[i][j]}"
    return cells


def o_cell(corner: str) -> str:
    f0, r0, sf, sr = CORNERS[corner]
    return f"{FILES[f0 + 3 * sf]}{r0 + 3 * sr + 1}"


def squares(cells: dict[str, str]) -> str:
    return " ".join(f"{sq}={stack}" for sq, stack in cells.items())


def test_pattern_helper_matches_the_rules_diagram():
    # rank 4 of the a1 corner reads M S S O, rank 1 reads L L L M (rules 4.1 §4)
    cells = pattern("G", "a1")
    assert [cells.get(f"{f}4", "O") for f in "abcd"] == ["G2", "G1", "G1", "O"]
    assert [cells[f"{f}1"] for f in "abcd"] == ["G3", "G3", "G3", "G2"]
    assert len(cells) == 15 and sorted(cells.values()) == sorted(["G1", "G2", "G3"] * 5)


@pytest.mark.parametrize("corner", list(CORNERS))
@pytest.mark.parametrize("colour", list("RYGB"))
def test_exact_pattern_in_every_corner(corner, colour):
    game = iw.make("ice3")
    other = "Y" if colour != "Y" else "R"
    state = game.state_from_text(pos(squares(pattern(colour, corner)) + " d5=" + other + "1", to_move=1))
    if o_cell(corner) == "d5":
        assert not state.is_over
        return
    assert state.goals_met == ((colour, corner),)
    assert state.is_over and state.result == "win"
    assert state.winners == (1,) and state.scores == (0, 1)
    assert state.progress == game.goal_size == 16
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play("RE1")


@pytest.mark.parametrize("corner", list(CORNERS))
def test_near_misses_are_not_the_goal(corner):
    game = iw.make("ice3")
    cells = pattern("B", corner)
    corner_square = corner
    # a stack in the pattern (a red small on the corner's large)
    stacked = dict(cells, **{corner_square: "B3R1"})
    # the wrong size: the corner's large and the M at (0, 3) swapped
    f0, r0, sf, sr = CORNERS[corner]
    m_square = f"{FILES[f0 + 3 * sf]}{r0 + 1}"
    swapped = dict(cells, **{corner_square: "B2", m_square: "B3"})
    # the O cell occupied
    occupied = dict(cells, **{o_cell(corner): "R1"})
    for cells_, progress in ((stacked, 15), (swapped, 14), (occupied, 15)):
        state = game.state_from_text(pos(squares(cells_)))
        assert state.goals_met == () and not state.is_over
        assert state.progress == progress  # of 16 cells
    # 14 of 15: the colour is incomplete
    partial = dict(cells)
    partial.pop(corner_square)
    assert not game.state_from_text(pos(squares(partial))).is_over
    # shape ignores sizes and the O cell, but not stacks
    shape = iw.make("ice3", goal="shape")
    assert shape.state_from_text(pos(squares(swapped))).goals_met == (("B", corner),)
    assert shape.state_from_text(pos(squares(occupied))).goals_met == (("B", corner),)
    assert shape.state_from_text(pos(squares(stacked))).goals_met == ()
    # loose accepts all three: every blue lies in the corner's 4×4 block
    loose = iw.make("ice3", goal="loose")
    for cells_ in (stacked, swapped, occupied):
        assert loose.state_from_text(pos(squares(cells_))).goals_met == (("B", corner),)


def test_shape_goal_needs_one_piece_of_the_colour_per_cell():
    game = iw.make("ice3", goal="shape")
    sizes = [1, 2, 3] * 5
    cells = {sq: f"G{sizes[k]}" for k, sq in enumerate(pattern("G", "h8"))}
    assert game.state_from_text(pos(squares(cells))).goals_met == (("G", "h8"),)
    assert iw.make("ice3").state_from_text(pos(squares(cells))).goals_met == ()
    wrong_colour = dict(cells, h8="Y3")
    assert game.state_from_text(pos(squares(wrong_colour))).goals_met == ()
    assert game.state_from_text(pos(squares(cells))).progress == game.goal_size == 15


def test_loose_goal_counts_the_pieces_in_the_block():
    game = iw.make("ice3", goal="loose")
    # all 15 greens in the a8 block, as stacks, with other colours among them
    text = pos("a8=G3G3 b8=G3G3 c8=G3R1 a7=G2G2 b7=G2G2 c7=G2Y1 a6=G1G1 b6=G1G1 c6=G1B3 d5=Y2")
    state = game.state_from_text(text)
    assert state.goals_met == (("G", "a8"),) and state.winners == (0,)
    assert state.progress == 15
    # one green outside the block
    text = pos("a8=G3G3 b8=G3G3 c8=G3R1 a7=G2G2 b7=G2G2 c7=G2Y1 a6=G1G1 b6=G1G1 e6=G1B3")
    assert game.state_from_text(text).goals_met == ()
    assert game.state_from_text(text).progress == 14


def test_the_mover_wins_even_with_another_colour():
    # Green's pattern lacks only an empty O cell; Player 2 moves the red piece off it (I-A11).
    game = iw.make("ice3")
    state = game.state_from_text(pos(squares(pattern("G", "a1")) + " d4=R1", to_move=1, turns=7))
    assert not state.is_over
    won = state.play("RN1")
    assert won.winners == (1,) and won.scores == (0, 1) and won.result == "win"
    assert won.to_move == 1  # the winner keeps the turn, so a loaded position knows who won
    assert won.turns == 8
    last = won.events[-1]
    assert last.kind == "win" and str(last) == "Player 2 wins: green fills the a1 corner."
    assert last["player"] == 1 and last["corner"] == "a1" and last["colour"] == "G"
    loaded = game.state_from_text(won.to_text())
    assert loaded == won and loaded.winners == (1,) and loaded.is_over


def test_moving_the_top_off_a_stack_completes_the_pattern():
    game = iw.make("ice3", players=1)
    state = game.state_from_text(pos(squares(dict(pattern("Y", "h8"), h5="Y2R1"))))
    assert not state.is_over and state.progress == 15
    won = state.play("RS1")
    assert won.winners == (0,) and won.turns == 1
    assert [e.kind for e in won.events] == ["set_moved", "piece_moved", "win"]


def test_several_goals_at_once_still_one_winner():
    game = iw.make("ice3")
    text = pos(squares({**pattern("R", "a1"), **pattern("B", "h8")}) + " d4=Y1 e5=Y2", to_move=0)
    state = game.state_from_text(text)  # yellow pieces stand on both O cells
    won = state.play("YNW1")
    assert won.goals_met == (("R", "a1"), ("B", "h8"))
    assert won.winners == (0,)
    assert str(won.events[-1]) == "Player 1 wins: red fills the a1 corner and blue fills the h8 corner."


# --- events -------------------------------------------------------------------------------


def test_events_name_every_piece_that_moves_or_stays():
    game = iw.make("ice3")
    state = game.state_from_text(pos("a1=B1 c5=G1R2 h1=R1 g1=R2"))
    moved = state.play("1N1")
    assert [str(e) for e in moved.events] == [
        "Player 1 moves all small pieces 1 square north (2 pieces move, 1 stays).",
        "Blue small moves from a1 to a2.",
        "Red small moves from h1 to h2.",
        "Green small on c5 is pinned under a red medium and stays.",
        "The turn passes to Player 2.",
    ]
    first = moved.events[1]
    assert first.kind == "piece_moved"
    assert first.to_dict() == {"kind": "piece_moved", "text": "Blue small moves from a1 to a2.", "piece": "B1",
                               "source": "a1", "target": "a2", "onto": None, "short": 0, "stopped_by": None}
    pinned = moved.events[3]
    assert (pinned.kind, pinned["piece"], pinned["square"], pinned["reason"], pinned["by"]) == (
        "piece_stays", "G1", "c5", "pinned", "R2")
    header = moved.events[0]
    assert (header.kind, header["group"], header["direction"], header["distance"], header["moved"], header["stayed"]) == (
        "set_moved", "1", "N", 1, 2, 1)


def test_events_for_walls_edges_and_stacking():
    game = iw.make("ice3")
    state = game.state_from_text(pos("a1=R1 b1=R2 c1=G1Y1 a3=R3 h5=R3 g6=R1 h6=G3"))
    texts = [str(e) for e in state.play("RE1").events]
    assert texts == [
        "Player 1 moves all red pieces 1 square east (3 pieces move, 2 stay).",
        "Red small moves from a1 to b1, lands on the red medium on b1 and stacks on it.",
        "Red medium on b1 is blocked by the wall on c1 and stays.",
        "Red large moves from a3 to b3.",
        "Red large on h5 would leave the board and stays.",
        "Red small moves from g6 to h6, lands on the green large on h6 and stacks on it.",
        "The turn passes to Player 2.",
    ]
    wall = state.play("RE1").events[2]
    assert (wall["reason"], wall["by"], wall["square"]) == ("wall", "c1", "b1")
    edge = state.play("RE1").events[4]
    assert (edge["reason"], edge["by"]) == ("edge", None)


def test_slide_events_say_what_stopped_the_piece():
    game = iw.make("ice3", blocked="slide")
    state = game.state_from_text(pos("a1=R1 b1=R2 c1=B1 d1=G1G2 f4=R3 h4=Y3"))
    texts = [str(e) for e in state.play("RE3").events]
    assert texts[1:4] == [
        "Red small slides from a1 to b1, stopped 2 squares short by the full stack on c1.",
        "Red medium slides from b1 to c1, stopped 2 squares short by the wall on d1, lands on the blue small on c1 and stacks on it.",
        "Red large slides from f4 to h4, stopped 1 square short by the edge of the board, lands on the yellow large on h4 and stacks on it.",
    ]
    event = state.play("RE3").events[2]
    assert (event["short"], event["stopped_by"], event["onto"]) == (2, "d1", "B1")


def test_pass_and_draw_events():
    game = iw.make("ice3")
    state = game.state_from_text(pos(""))
    assert state.legal_moves() == [END_TURN]
    once = state.play("pass")
    assert [str(e) for e in once.events] == ["Player 1 cannot move any set and passes.", "The turn passes to Player 2."]
    twice = once.play("pass")
    assert twice.is_draw and twice.result == "draw" and twice.winners == () and twice.scores == (0, 0)
    assert str(twice.events[-1]) == "Every player has passed in a row: the game is a draw."
    assert game.state_from_text(twice.to_text()).is_draw


def test_no_move_draw_option_ends_at_once():
    game = iw.make("ice3", no_move="draw", edge="illegal")
    state = game.state_from_text(pos("a1=R1 h8=R1"))
    assert state.is_draw and state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play("pass")
    assert not game.state_from_text(pos("a1=R1 g8=R1")).is_over


def test_turn_limit_and_puzzle_mode():
    game = iw.make("ice3", max_turns=2)
    state = game.state_from_text(pos("a1=R1"))
    state = state.play("RN1").play("RN1")
    assert state.is_over and state.unfinished and state.result == "unfinished"
    assert state.winners == () and state.legal_moves() == []
    assert str(state.events[-1]) == "The turn limit of 2 is reached: the game stops unfinished."
    assert game.ply_bound == 2 and iw.make("ice3").ply_bound is None
    puzzle = iw.make("ice3", players=1).state_from_text(pos("a1=R1"))
    after_two = puzzle.play("RN1").play("RE1")
    assert after_two.to_move == 0 and after_two.turns == 2 and after_two.scores == (0,)
    assert str(after_two.events[-1]) == "2 moves so far."


# --- notation and position text -------------------------------------------------------------


def test_every_move_notation_round_trips():
    game = iw.make("ice3")
    for group in "RYGB123":
        for direction in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
            for distance in range(1, 8):
                move = SetMove(group, direction, distance)
                assert game.parse_move(str(move)) == move
    assert game.parse_move("pass") is END_TURN and str(END_TURN) == "pass"
    assert game.parse_move(" re1 ") == SetMove("R", "E", 1)  # case and spaces are forgiven
    assert str(game.parse_move("1NE3")) == "1NE3"


@pytest.mark.parametrize("text, message", [
    ("R", "bad direction 'nothing'"),
    ("R E1", "bad direction"),
    ("RE01", "bad distance '01'"),
    ("c3-c4", "unknown set 'C'"),
    ("GW4x", "bad distance '4X'"),
])
def test_bad_move_text(text, message):
    with pytest.raises(NotationError, match=message):
        iw.make("ice3").parse_move(text)


def test_direct_move_objects_are_checked_too():
    state = iw.make("ice3").state_from_text(pos("a1=R1"))
    assert "is not a set" in state.why_illegal(SetMove("X", "E", 1))
    assert "is not a direction" in state.why_illegal(SetMove("R", "Q", 1))
    with pytest.raises(NotationError):
        state.play(("R", "E", 1))


def test_position_text_round_trips_and_fields_default():
    game = iw.make("ice3", players=3)
    text = pos("a1=R1B3 h8=Y2 d4=G1", to_move=2, turns=41, passes=1)
    state = game.state_from_text(text)
    assert state.to_text() == text
    assert state.stack("a1") == "R1B3" and state.stack("b1") == "." and state.stack("h8") == "Y2"
    bare = "\n".join(text.splitlines()[:8])
    assert game.state_from_text(bare).to_text() == pos("a1=R1B3 h8=Y2 d4=G1")


@pytest.mark.parametrize("text, message", [
    (pos("a1=R4"), "'R4' at position 1 is not a piece"),
    (pos("a1=R1G1B1"), "a1 holds a stack of 3 (R1G1B1)"),
    (pos("a1=C1"), "a1 holds C1, which is not an Ice3 piece"),
    (pos("a1=K1"), "not an Ice3 piece"),
    (pos("a1=R1R1 b1=R1R1 c1=R1R1"), "6 red smalls"),
    (pos("a1=R1", to_move=2), "to_move=2 is out of range"),
    (pos("a1=R1", passes=3), "passes=3 is out of range"),
    (pos("a1=R1") + " moves=3", "unknown field 'moves'"),
    ("\n".join(pos("").splitlines()[1:]), "has 8 ranks, but the text has 7"),
])
def test_impossible_positions_are_rejected(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        iw.make("ice3").state_from_text(text)


def test_ascii_board():
    state = iw.make("ice3").state_from_text(pos("a1=R1B3 h8=Y2"))
    lines = str(state).splitlines()
    assert lines[0].startswith(" 8 ") and lines[0].endswith("Y2")
    assert lines[7].startswith(" 1 R1B3")
    assert lines[8].split() == list(FILES)
    assert lines[9] == " move 1, Player 1 to move"


# --- setup and options ------------------------------------------------------------------------


def test_new_state_is_seeded_and_complete():
    game = iw.make("ice3")
    state = game.new_state(seed=5)
    assert state == game.new_state(seed=5) and state != game.new_state(seed=6)
    stacks = [state.stack(f"{f}{r}") for f in FILES for r in range(1, 9)]
    assert all(len(s) == 2 for s in stacks if s != ".")
    assert [state.stack(sq) for sq in ("d4", "e4", "d5", "e5")] == ["."] * 4
    assert sorted(s for s in stacks if s != ".") == sorted(f"{c}{z}" for c in "RYGB" for z in "123" for _ in range(5))
    assert (state.to_move, state.turns, state.passes, state.is_over) == (0, 0, 0, False)
    numpy = pytest.importorskip("numpy")
    assert game.new_state(numpy.random.default_rng(3)) == game.new_state(numpy.random.default_rng(3))
    assert game.new_state(random.Random(9)) == game.new_state(seed=random.Random(9))


def test_new_state_redraws_a_start_that_meets_the_goal(monkeypatch):
    from icewidgets.games.ice3 import rules as ice3

    real = ice3.board_goals_met
    calls = []

    def first_draw_wins(board, goal):
        calls.append(board)
        return (("R", "a1"),) if len(calls) == 1 else real(board, goal)

    monkeypatch.setattr(ice3, "board_goals_met", first_draw_wins)
    state = iw.make("ice3").new_state(seed=5)
    assert len(calls) == 2 and state.board == calls[1] != calls[0]


@pytest.mark.parametrize("options, message", [
    ({"players": 0}, "players=0"),
    ({"players": 1001}, "players=1001 is not valid for ice3: it must be a whole number from 1 to 1000"),
    ({"players": 10**20}, "players=100000000000000000000 is not valid"),  # tuples of that many: no memory holds them
    ({"blocked": "bounce"}, "blocked='bounce'"),
    ({"edge": "wrap"}, "edge='wrap'"),
    ({"walls": "during"}, "walls='during'"),
    ({"goal": "any"}, "goal='any'"),
    ({"no_move": "lose"}, "no_move='lose'"),
    ({"max_turns": 0}, "max_turns=0"),
])
def test_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        iw.make("ice3", **options)


def test_game_metadata():
    game = iw.make("ice3", players=100, goal="loose")
    assert isinstance(game, Ice3) and game.num_players == 100
    assert (game.name, game.title, game.example_move) == ("ice3", "Ice3", "RE1")
    assert repr(game) == "make('ice3', players=100, goal='loose')"
    assert game.player_name(99) == "Player 100"
    assert PLAYOUT_MAX_TURNS >= 100


# --- the protocol and properties ---------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"players": 2},
    {"players": 1},
    {"players": 3, "walls": "after"},
    {"players": 4, "blocked": "slide", "goal": "shape"},
    {"players": 2, "edge": "illegal"},
    {"players": 3, "edge": "illegal", "no_move": "draw", "goal": "loose"},
])
def test_check_game(options):
    report = check_game(iw.make("ice3", max_turns=25, **options), n_games=3, seed=2)
    assert report["games"] == 3
    assert sum(report["results"].values()) == 3
    if options.get("edge") != "illegal":
        # random play never reaches the goal this fast: every game is stopped by the turn limit
        assert report == {"games": 3, "plies": 75, "results": {"unfinished": 3}}


def test_check_game_with_a_ply_cap_and_no_turn_limit():
    # Without max_turns the game has no bound, so the check passes a cap; with edge="illegal"
    # random games end in a draw (every set soon touches an edge in every direction).
    report = check_game(iw.make("ice3", edge="illegal"), n_games=3, seed=0, max_plies=2000)
    assert report["results"] == {"draw": 3}


def _reference(board: dict[str, str], move: str) -> dict[str, str] | None:
    """An independent, literal reading of the default rules: judge everything on the board as
    it stood, move every free member at once. Returns the new board, or None if nothing moves."""
    group, direction, distance = move[0], move[1:-1], int(move[-1])
    df, dr = {"N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1), "S": (0, -1), "SW": (-1, -1),
              "W": (-1, 0), "NW": (-1, 1)}[direction]

    def member(piece):
        return piece[0] == group or piece[1] == group

    def walk(square, k):
        f, r = FILES.index(square[0]) + df * k, int(square[1]) - 1 + dr * k
        return f"{FILES[f]}{r + 1}" if 0 <= f < 8 and 0 <= r < 8 else None

    pieces = {sq: [stack[i:i + 2] for i in range(0, len(stack), 2)] for sq, stack in board.items()}
    walls = {sq for sq, stack in pieces.items() if len(stack) == 2}
    movers = []
    for sq, stack in pieces.items():
        top = stack[-1]
        if not member(top):
            continue
        path = [walk(sq, k) for k in range(1, distance + 1)]
        if None in path or walls & set(path):
            continue
        movers.append((sq, path[-1], top))
    if not movers:
        return None
    for sq, _, _ in movers:
        pieces[sq] = pieces[sq][:-1]
    for _, target, top in movers:
        pieces.setdefault(target, []).append(top)
    assert all(len(stack) <= 2 for stack in pieces.values())
    return {sq: "".join(stack) for sq, stack in pieces.items() if stack}


def _board_dict(state) -> dict[str, str]:
    return {f"{f}{r}": state.stack(f"{f}{r}") for f in FILES for r in range(1, 9) if state.stack(f"{f}{r}") != "."}


def _random_position(game, seed: int, plies: int):
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state, rng


hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402

ALL_MOVES = [f"{g}{d}{n}" for g in "RYGB123" for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW") for n in range(1, 8)]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60),
       options=st.sampled_from([{}, {"walls": "after"}, {"blocked": "slide"}, {"blocked": "slide", "walls": "after"}]))
def test_pieces_are_conserved_and_stacks_stay_low(seed, plies, options):
    game = iw.make("ice3", **options)
    state, _ = _random_position(game, seed, plies)
    stacks = [s for s in _board_dict(state).values()]
    assert all(len(s) in (2, 4) for s in stacks)
    everything = "".join(stacks)
    pieces = sorted(everything[i:i + 2] for i in range(0, len(everything), 2))
    assert pieces == sorted(f"{c}{z}" for c in "RYGB" for z in "123" for _ in range(5))
    assert game.state_from_text(state.to_text()) == state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_engine_matches_a_literal_reading_of_the_rules(seed, plies):
    game = iw.make("ice3")
    state, rng = _random_position(game, seed, plies)
    legal = {str(m) for m in state.legal_moves()}
    for move in rng.sample(ALL_MOVES, 40):
        expected = _reference(_board_dict(state), move)
        assert (move in legal) == (expected is not None) == state.is_legal(move)
        if expected is not None:
            assert _board_dict(state.play(move)) == expected


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_walls_before_and_after_allow_the_same_moves(seed, plies):
    # The front-most piece that moves never depends on a wall opening, so the legal moves agree;
    # walls="after" moves a superset of the pieces.
    state, rng = _random_position(iw.make("ice3"), seed, plies)
    later = iw.make("ice3", walls="after").state_from_text(state.to_text())
    assert state.legal_moves() == later.legal_moves()
    for move in rng.sample(state.legal_moves(), min(10, len(state.legal_moves()))):
        moved = [e["piece"] + e["source"] for e in state.play(move).events if e.kind == "piece_moved"]
        moved_later = [e["piece"] + e["source"] for e in later.play(move).events if e.kind == "piece_moved"]
        assert set(moved) <= set(moved_later)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60),
       options=st.sampled_from([{}, {"walls": "after"}, {"blocked": "slide"}, {"blocked": "slide", "walls": "after"}]))
def test_the_squares_clicked_for_a_move_are_where_its_pieces_go(seed, plies, options):
    # The controls work every move's squares out from one table of paths; the events of the
    # ply itself say where each piece went.
    state, _ = _random_position(iw.make("ice3", **options), seed, plies)
    controls = state.game.controls
    moves = state.legal_moves()
    every = controls.all_move_squares(state, moves)
    assert len(every) == len(moves)
    for move, pairs in zip(moves, every):
        moved = [(e["source"], e["target"]) for e in state.play(move).events if e.kind == "piece_moved"]
        assert pairs == moved and (pairs != []) == (move != END_TURN)  # a pass is a button
        assert controls.move_squares(state, move) == pairs


def test_legal_moves_of_a_sparse_position_exactly():
    state = iw.make("ice3").state_from_text(pos("a1=R1 c3=G2B3"))
    listed = " ".join(map(str, state.legal_moves()))
    red = " ".join(f"R{d}{n}" for d in ("N", "NE", "E") for n in range(1, 8) if not (d == "NE" and n >= 2))
    small = red.replace("R", "1")
    blue = " ".join(f"B{d}{n}" for d, top in (("N", 5), ("NE", 5), ("E", 5), ("SE", 2), ("S", 2), ("SW", 2),
                                               ("W", 2), ("NW", 2)) for n in range(1, top + 1))
    large = blue.replace("B", "3")
    # the green medium is pinned; the red small's north-east path meets the wall on c3
    assert listed == " ".join([red, blue, small, large])
    edge = iw.make("ice3", edge="illegal").state_from_text(state.to_text())
    assert [str(m) for m in edge.legal_moves()] == [str(m) for m in state.legal_moves()]
    slide = iw.make("ice3", blocked="slide").state_from_text(pos("a1=R1 b2=G1G2"))
    assert [str(m) for m in slide.legal_moves()][:8] == ["RN1", "RN2", "RN3", "RN4", "RN5", "RN6", "RN7", "RE1"]
    assert "RNE1" not in {str(m) for m in slide.legal_moves()}  # its first square is a wall


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 40),
       options=st.sampled_from([{"blocked": b, "edge": e, "walls": w}
                                for b in ("stay", "slide") for e in ("stay", "illegal") for w in ("before", "after")]))
def test_legal_moves_are_exactly_the_moves_that_move_something(seed, plies, options):
    game = iw.make("ice3", **options)
    state, _ = _random_position(iw.make("ice3"), seed, plies)
    state = game.state_from_text(state.to_text())
    listed = {str(m) for m in state.legal_moves()} - {"pass"}
    brute = set()
    for move in ALL_MOVES:
        group, direction, distance = move[0], move[1:-1], int(move[-1])
        if options["edge"] == "illegal" and any(
            _leaves_board(square, direction, distance)
            for square, stack in _board_dict(state).items() if group in stack[-2:]
        ):
            continue
        if any(e.kind == "piece_moved" for e in state._apply(game.parse_move(move)).events):
            brute.add(move)
    assert listed == brute


def _leaves_board(square: str, direction: str, distance: int) -> bool:
    df = (1 if "E" in direction else -1 if "W" in direction else 0) * distance
    dr = (1 if "N" in direction else -1 if "S" in direction else 0) * distance
    return not (0 <= FILES.index(square[0]) + df < 8 and 0 <= int(square[1]) - 1 + dr < 8)


def test_states_compare_by_position():
    text = pos("a1=R1 b1=G1R2", to_move=1, turns=3)
    game = iw.make("ice3")
    state = game.state_from_text(text)
    later = game.state_from_text(text.replace("turns=3", "turns=9"))
    assert state == later and hash(state) == hash(later)  # the move count is history
    assert state != game.state_from_text(text.replace("passes=0", "passes=1"))
    limited = iw.make("ice3", max_turns=20)
    assert limited.state_from_text(text) != limited.state_from_text(text.replace("turns=3", "turns=9"))
    assert state.play("RE1").play("GW1") != state  # the board changed


# --- the compiled kernel from any position --------------------------------------------------

KERNEL_OPTIONS = [{}, {"players": 3, "no_move": "draw", "max_turns": 80}, {"goal": "loose"},
                  {"goal": "shape", "players": 1, "max_turns": 300}]

NEAR_MISSES = {"stacked": dict(pattern("B", "h1"), h1="B3R1"), "swapped": dict(pattern("B", "h1"), h1="B2", e1="B3"),
               "occupied": dict(pattern("B", "h1"), e4="R1"), "partial": {sq: s for sq, s in pattern("B", "h1").items()
                                                                         if sq != "h1"}}
LOADED = [pos("a1=R1 b1=R2 c1=G3 a3=R3"), pos("d4=R1R3", to_move=1, turns=7), pos("a1=Y1B3"),
          pos(""), pos("", to_move=1, turns=5, passes=1), pos("a1=R1 h8=R1", turns=79), pos("a1=R1 h8=R1", turns=80),
          pos(squares(pattern("G", "a8")) + " d5=Y1", to_move=1),  # the exact goal met: the player to move won
          pos("a8=G3G3 b8=G3G3 c8=G3R1 a7=G2G2 b7=G2G2 c7=G2Y1 a6=G1G1 b6=G1G1 c6=G1B3 d5=Y2"),
          *(pos(squares(cells)) for cells in NEAR_MISSES.values())]


def kernel_positions() -> list:
    """Positions of seeded random games, loaded sparse ones (passes, pins, the goal met or nearly
    met) under each option set the kernel plays, and the puzzles."""
    from icewidgets.games.ice3.puzzles import PUZZLES
    from kernel_contract import random_positions

    positions = []
    for k, options in enumerate(KERNEL_OPTIONS):
        game = iw.make("ice3", **options)
        positions += random_positions(game, seed=k, count=12, plies=60)
        positions += [game.state_from_text(text.replace("to_move=1", "to_move=0") if game.players == 1 else text)
                      for text in LOADED]
    return positions + [puzzle.state() for puzzle in PUZZLES]


@pytest.fixture(scope="module")
def kernel():
    pytest.importorskip("numba")
    from icewidgets.games.ice3 import kernel

    return kernel


def test_the_kernel_lists_the_legal_moves_of_any_position(kernel):
    from kernel_contract import assert_legal_moves

    positions = kernel_positions()
    for state in positions:
        assert_legal_moves(kernel, state)
    assert sum(state.legal_moves() == [END_TURN] for state in positions) == 5
    assert sum(state.is_over for state in positions) == 12 and sum(bool(state.goals_met) for state in positions) == 8


@pytest.mark.parametrize("agents", ["random", "greedy"])
def test_the_kernel_continues_any_position_as_the_rules_engine_does(kernel, agents):
    from kernel_contract import assert_play_from

    for k, state in enumerate(kernel_positions()):
        assert_play_from(kernel, state, (agents,) * state.game.players, seed=k, count=2, max_plies=12)


# A move meeting the goal by a set the greedy rule does not aim with: another colour's, a size's.
_R_SHAPE = {**pattern("R", "a1"), "c1": "R1", "e4": "R3"}
del _R_SHAPE["d3"]
_R_LOOSE = {**{sq: s for sq, s in pattern("R", "a1").items() if sq != "a4"}, "a7": "R2",
            **{sq: s for sq, s in pattern("B", "h8").items() if sq != "h8"}, "h3": "B3", "h4": "G1G2"}
WINS_BY_ANOTHER_SET = [
    # R aims at a1 with all 15 pattern cells right; only yellow's moves (all tied) empty its O cell.
    ("exact", pos(squares(pattern("R", "a1")) + " d4=Y1"),
     "YN1 YN2 YN3 YN4 YNE1 YNE2 YNE3 YNE4 YE1 YE2 YE3 YE4 YSE1 YSE2 YSE3 YNW1 YNW2 YNW3", None),
    # R aims at a1; the large pieces' move brings e4 to d3 while the edge holds the others.
    ("shape", pos(squares(_R_SHAPE)), "3SW1", "3SW1"),
    # B aims at h8 (its last piece a wall away): the large pieces go round the wall; red's and the
    # medium pieces' moves would fill a1 instead, worth less to B.
    ("loose", pos(squares(_R_LOOSE)), "RN4 RS3 RS4 RS5 RS6 2SE3 2S3 2S4 2S5 2S6 3NW2 3NW3", "3NW2 3NW3"),
]


@pytest.mark.parametrize("goal, text, wins, chosen", WINS_BY_ANOTHER_SET, ids=[case[0] for case in WINS_BY_ANOTHER_SET])
def test_greedy_meets_the_goal_with_any_set_in_both_engines(kernel, goal, text, wins, chosen):
    from kernel_contract import assert_play_from

    state = iw.make("ice3", goal=goal).state_from_text(text)
    assert [str(move) for move in state.legal_moves() if state.play(move).goals_met] == wins.split()
    picks = {str(iw.agents.greedy(state, np.random.default_rng(seed))) for seed in range(40)}
    assert picks <= set(wins.split()) and (chosen is None and len(picks) > 5 or picks == set(chosen.split()))
    assert_play_from(kernel, state, ("greedy", "greedy"), seed=5, count=8, max_plies=1)


def test_the_kernel_continues_mixed_seats_to_the_goal(kernel):
    from icewidgets.games.ice3.puzzles import PUZZLES
    from kernel_contract import assert_play_from

    for k, puzzle in enumerate(PUZZLES[:3]):
        state = iw.make("ice3", players=2, goal=puzzle.goal).state_from_text(puzzle.text)
        assert_play_from(kernel, state, ("greedy", "random"), seed=k, count=3, max_plies=40)


def test_the_kernel_leaves_other_options_and_agents_to_the_rules_engine(kernel):
    game = iw.make("ice3", blocked="slide")
    with pytest.raises(ValueError, match="option blocked='slide'"):
        kernel.play_from(game, game.new_state(seed=1), ("random", "random"), 1, 2, 10)
    with pytest.raises(ValueError, match="one per seat"):
        kernel.play_from(iw.make("ice3"), iw.make("ice3").new_state(seed=1), ("random",), 1, 2, 10)
    with pytest.raises(ValueError, match="belongs to"):
        kernel.play_from(iw.make("ice3"), iw.make("ice3", goal="loose").new_state(seed=1), ("random",) * 2, 1, 2, 10)
