"""Ice3 for teachers: the rules in plain words (:data:`HOW_TO_PLAY`, the text of the rules sheet
and of the notebook) and the self-checks of the notebook's exercises and puzzle ladder.

>>> from icewidgets.games.ice3 import Ice3
>>> Ice3.how_to_play is HOW_TO_PLAY
True
>>> check_puzzle("loose-1", ["GSE2"])
✔ Right: solved in 1 move, the fewest possible (the search proves that no shorter line exists).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...teaching import (HowToPlay, Verdict, check_number, move_reader, move_text, numbered_move, read_position,
                         read_words, self_check, shown, shown_moves)
from ...words import plural
from .analyst import SOLVER_DEPTH
from .board import DIRS, GROUPS, MAX_DISTANCE
from .puzzles import PUZZLES, Puzzle
from .rules import Ice3, Ice3State
from .solver import solve

__all__ = ["HOW_TO_PLAY", "SHORTEST_DEPTH", "check_puzzle", "check_short_not_long", "check_solution",
           "check_start_moves", "check_walls_matter", "puzzle"]

HOW_TO_PLAY = HowToPlay(
    summary=(
        "Any number of players (or one, as a puzzle) share 60 pyramids on an 8×8 board. A move "
        "slides a whole set at once: every pyramid of one colour, or every pyramid of one size. "
        "The object is to gather one colour into the corner pattern; our reading: the player whose "
        "move does it wins."
    ),
    text="""\
**You need** red, yellow, green and blue pyramids, five of each size in each colour: 60 in all.

**Setup.** Stand the pyramids one per square on the 8×8 board in random order, leaving the four
centre squares (d4, e4, d5, e5) empty.

**Your turn.** Choose a **set**, all pyramids of one colour (15) or all pyramids of one size
(20); a direction, one of eight; and a distance from 1 to 7. Every pyramid of the set moves that
far in that direction, all at the same moment. The published text: "Only pinned or blocked
pieces stop moving."

- A pyramid with another one on top of it is **pinned** and stays where it is.
- A pyramid is **blocked** if a **wall** (a square holding two pyramids) lies on its path. The
  published text says "Ignore any pieces which are blocked"; our reading: a blocked pyramid
  does not move at all (the option `blocked="slide"` moves it as far as it can instead).
- Where the published text does not say, our reading too: a pyramid is also blocked if the
  wall stands on the square where it would land, or if it would leave the board (the option
  `edge="illegal"` forbids the whole move instead).

A single pyramid blocks nothing: the movers pass over it. A pyramid that lands on one that stays
stacks on top of it and makes a new wall; one that lands where a pyramid has just moved away
ends up alone. Our reading, not in the published text (no option changes it): a move must move
at least one pyramid.

**Winning.** After every move, look at the four corners. If one colour fills a corner in the
pattern below (one pyramid per square, larges in the corner, then mediums, then smalls, and the
square diagonally farthest from the corner empty), the player who just moved wins, whatever the
colour (our reading: the published text gives the object, not who wins): everyone shares every
pyramid, so a move that helps you may help the next player more.
Drawn for the a1 corner (L large, M medium, S small, . empty), rank 4 at the top:

    M S S .
    L M S S
    L M M S
    L L L M

**No move?** Not in the published rules, our addition: a player who cannot move passes; when
every player has passed in a row, the game is a draw (the option `no_move="draw"` ends it in a
draw at once). **Alone?** Then it is a puzzle: reach the pattern in as few moves as you can.
""",
    example=("RE1",),
    example_caption="A random start after RE1: every red pyramid that could move went one square east.",
    score_columns=("move",),
    score_note=("Write each move as set, direction, distance (RE1, 2N3). Playing alone, your score is "
                "the number of moves: the fewer the better."),
)
"""Ice3's rules in plain words (``Ice3.how_to_play``)."""


# Self-checks of the notebook's exercises -------------------------------------------------------


@self_check
def check_start_moves(answer: Any, seed: int = 1) -> Verdict:
    """Whether ``answer`` is the number of legal moves at the start ``new_state(seed=seed)``.

    >>> check_start_moves(392)
    ✘ Not yet: 392 is too high for the number of legal first moves.
    """
    start = Ice3().new_state(seed=seed)
    legal = len(start.legal_moves())
    combinations = len(GROUPS) * len(DIRS) * MAX_DISTANCE
    return check_number(answer, legal, what="the number of legal first moves",
                        why=f"{len(GROUPS)} sets × {len(DIRS)} directions × {MAX_DISTANCE} distances make "
                            f"{combinations} combinations; {combinations - legal} of them move no pyramid "
                            f"(illegal, our reading), which leaves {legal} legal moves")


@self_check
def check_solution(state: Ice3State, moves: Any) -> Verdict:
    """Whether ``moves`` (a list, or one text of moves separated by spaces or commas, in any
    case) take ``state`` (an Ice3 position, or a :class:`Puzzle`: its start) to a goal of its
    game, and in the fewest moves possible (proved by :func:`~icewidgets.games.ice3.solver.solve`)
    when the line has at most :data:`SHORTEST_DEPTH` + 1 moves. A longer line that reaches the
    goal is told whether a line of :data:`SHORTEST_DEPTH` moves or fewer exists (further the
    search would take too long to answer), so the check answers within about a second. A
    puzzle of the ladder by its name is :func:`check_puzzle`'s.

    >>> check_solution(puzzle("loose-1").state(), "gse2")
    ✔ Right: solved in 1 move, the fewest possible (the search proves that no shorter line exists).
    """
    given = state
    state, problem = read_position(given.state() if isinstance(given, Puzzle) else given, Ice3State, "Ice3")
    if problem is not None:
        named = isinstance(given, str) and given.strip().lower() in {rung.name for rung in PUZZLES}
        return Verdict(False, problem.why + (f"; to check a puzzle of the ladder by its name, call "
                                             f"check_puzzle({given.strip()!r}, moves)" if named else ""))
    read = move_reader(state.game)
    words = read_words(moves, read)
    if words is None:
        return Verdict(False, f"give the moves as a list like ['RE1', '2N3'] or one text like 'RE1 2N3', "
                              f"not {shown(moves)}")
    position = state
    moves = []
    for number, word in enumerate(words, start=1):
        if position.is_over:
            return Verdict(False, f"the goal was already met after move {number - 1}; leave out the rest")
        try:
            moves.append(read(word))
            position = position.play(moves[-1])
        except ValueError as error:
            return Verdict(False, f"{numbered_move(number, word)}: {error}")
    # the moves as read (in the game's notation), so a line read otherwise than meant shows
    as_read = f" ({shown_moves(moves, ' ')})" if moves else ""
    if not position.goals_met:
        goal_size = state.game.goal_size
        return Verdict(False, f"after {plural(len(moves), 'move')}{as_read} no colour is home yet: the best corner "
                              f"has {position.progress} of its {goal_size} squares right")
    depth = min(len(moves) - 1, SHORTEST_DEPTH)
    shorter = solve(state, depth) if moves else None
    if shorter is not None:
        return Verdict(False, f"solved in {plural(len(moves), 'move')}{as_read}, but {plural(len(shorter), 'move')} "
                              "are enough: look for a shorter line")
    if depth < len(moves) - 1:
        return Verdict(True, f"solved in {plural(len(moves), 'move')}; no line of {depth} moves or fewer exists, "
                             "but the check cannot search for shorter lines further than that, so a shorter one "
                             "may exist")
    return Verdict(True, f"solved in {plural(len(moves), 'move')}, the fewest possible "
                         "(the search proves that no shorter line exists)")


SHORTEST_DEPTH = SOLVER_DEPTH
"""How many moves :func:`check_solution` searches for a line shorter than a student's: the
solver's practical depth (the ladder's puzzles need at most 3), which answers in well under a
second even far from the goal."""


def puzzle(name: str) -> Puzzle:
    """The puzzle of the ladder (:data:`~icewidgets.games.ice3.puzzles.PUZZLES`) called ``name``."""
    for rung in PUZZLES:
        if rung.name == name:
            return rung
    raise ValueError(f"no puzzle is called {name!r}; the ladder has {', '.join(p.name for p in PUZZLES)}")


@self_check
def check_puzzle(name: str, moves: Any) -> Verdict:
    """Whether ``moves`` solve the ladder's puzzle ``name`` (any case; or the :class:`Puzzle`
    itself) in its proved fewest moves.

    >>> check_puzzle("Loose-1", "GE1")
    ✘ Not yet: after 1 move (GE1) no colour is home yet: the best corner has 11 of its 15 squares right.
    """
    if isinstance(name, Puzzle):
        return check_solution(name, moves)
    names = [rung.name for rung in PUZZLES]
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in names:
        return Verdict(False, f"no puzzle is called {shown(name)}; the ladder has {', '.join(names)}")
    return check_solution(puzzle(key).state(), moves)


@self_check
def check_short_not_long(state: Ice3State, group: str = "R", direction: str = "E") -> Verdict:
    """Whether in ``state`` the move of ``group`` one square ``direction`` is legal but the same
    move two squares is not (``group`` a colour letter or a size digit, ``direction`` one of
    N NE E SE S SW W NW, in any case)."""
    state, problem = read_position(state, Ice3State, "Ice3")
    if problem is not None:
        return problem
    for value, what in ((group, "the set as a colour letter or a size digit, like 'R'"),
                        (direction, "the direction as one of N NE E SE S SW W NW")):
        if not isinstance(value, str) and " " in shown(value):  # a whole number too long to print, a table
            return Verdict(False, f"give {what}, not {shown(value)}")
    group, direction = str(group).strip().upper(), str(direction).strip().upper()
    short, long = f"{group}{direction}1", f"{group}{direction}2"
    try:
        move_reader(state.game)(short)  # its reason, with the student's set or direction clipped
    except ValueError as error:
        return Verdict(False, str(error))
    if not state.is_legal(short):
        return Verdict(False, f"{short} must move a piece, but: {state.why_illegal(short)}")
    if state.is_legal(long):
        return Verdict(False, f"{long} is still legal; put a wall (two stacked pieces) two squares {direction} of "
                              "every piece that can make the short move")
    return Verdict(True, f"{short} is legal and {long} is not: {state.why_illegal(long)}")


@self_check
def check_walls_matter(state: Ice3State, move: Any) -> Verdict:
    """Whether ``move`` moves different pieces with ``walls="before"`` (the default: walls are
    judged before the move) and ``walls="after"`` (a wall whose top leaves blocks nothing)."""
    state, problem = read_position(state, Ice3State, "Ice3")
    if problem is not None:
        return problem
    text = move_text(state.game, move)
    if text is None:
        return Verdict(False, f"give the move as a text like 'RE2', not {shown(move)}")
    try:
        move = move_reader(state.game)(text.strip())
    except ValueError as error:
        return Verdict(False, str(error))
    boards = {}
    for walls in ("before", "after"):
        game = dataclasses.replace(state.game, walls=walls)
        position = game.state_from_text(state.to_text())
        try:
            boards[walls] = position.play(move).board
        except ValueError as error:
            return Verdict(False, f"with walls={walls!r}: {error}")
    if boards["before"] == boards["after"]:
        return Verdict(False, f"{move} moves the same pieces under both readings: a piece of the set must cross "
                              "a wall whose top piece moves away in the same move")
    return Verdict(True, f"{move} moves more pieces when walls are judged after the tops have left")
