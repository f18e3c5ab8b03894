"""A ladder of one-player Ice3 puzzles whose shortest solutions are proved by search.

Each :class:`Puzzle` is a position for ``make("ice3", players=1, goal=...)``: reach the goal in
as few moves as possible. :data:`PUZZLES` climbs from the loose goal to the shape goal to the
exact goal, one, two and three moves each, then the same goals on a full board of 60 pieces.
:func:`~icewidgets.games.ice3.solver.solve` proves every ``length``: it finds a line of that
many moves and none shorter exists.

>>> first = PUZZLES[0]
>>> first.name, first.goal, first.length
('loose-1', 'loose', 1)
>>> state = first.state()
>>> [str(move) for move in solve(state, first.length)] == list(first.solution)
True

The positions come from :func:`make_puzzle`: a goal position with a few pieces of the other
colours around it (all 45 on a full board), scrambled by moves that a move of the same set in
the opposite direction undoes, and kept only when the shortest solution has exactly the asked
number of moves. ``python -m icewidgets.games.ice3.puzzles`` regenerates the ladder from the
seeds in :data:`PUZZLES`.
"""

from __future__ import annotations

import dataclasses
import random

from ...pieces import PIECES
from ...randomness import seeded_random
from .board import COLOURS, DIRS, GRID, GROUPS, MAX_DISTANCE, SIZES
from .goal import CORNERS, goal_cells
from .rules import Ice3, Ice3State, SetMove
from .solver import solve

__all__ = ["FULL_BOARD", "Puzzle", "PUZZLES", "puzzle", "make_puzzle", "solve"]

FULL_BOARD = 45
"""``others`` for a full board: every piece of the other three colours."""


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One rung of the ladder: ``text`` is the position, ``length`` its proved shortest
    solution, ``solution`` one such line; ``hint`` says the idea in words. ``seed`` and
    ``others`` (pieces of the other colours) regenerate it with :func:`make_puzzle`."""

    name: str
    goal: str
    text: str
    length: int
    hint: str
    solution: tuple[str, ...]
    seed: int
    others: int

    def game(self) -> Ice3:
        """The one-player game with this puzzle's goal."""
        return Ice3(players=1, goal=self.goal)

    def state(self) -> Ice3State:
        """The puzzle position."""
        return self.game().state_from_text(self.text)


def make_puzzle(goal: str, length: int, seed: int, others: int) -> tuple[str, tuple[str, ...]]:
    """A position text whose shortest solution under ``goal`` has exactly ``length`` moves, and
    one such line, drawn from ``seed`` with ``others`` pieces of the other colours (placed
    outside the goal's corner block). The same arguments always give the same puzzle.

    Lengths up to three come in about a second; every extra move multiplies the search.

    >>> text, line = make_puzzle("loose", 1, seed=4, others=3)
    >>> len(line)
    1
    """
    if length < 1:
        raise ValueError(f"a puzzle needs at least one move, not length={length}")
    if not 0 <= others <= FULL_BOARD:
        raise ValueError(f"others={others}: the other three colours have 0 to {FULL_BOARD} pieces")
    rng = seeded_random(seed)
    game = Ice3(players=1, goal=goal)
    while True:
        board = _goal_board(rng, goal, rng.choice(COLOURS), rng.choice(CORNERS), others)
        for _ in range(length):
            undoable = _undoable_moves(game, board)
            if not undoable:
                break
            board = Ice3State(game, board).board_after(rng.choice(undoable))
            if Ice3State(game, board).goals_met:
                break
        else:
            state = Ice3State(game, board)
            line = solve(state, length)
            if line is not None and len(line) == length:
                return state.to_text(), tuple(str(move) for move in line)


def _goal_board(rng: random.Random, goal: str, colour: str, corner: str, others: int) -> tuple:
    """A board meeting ``goal`` with ``colour`` in ``corner``: the exact pattern, the pattern's
    sizes shuffled (shape), or the 15 pieces on 15 of the block's 16 squares (loose); then
    ``others`` pieces of the other colours on random squares outside the block."""
    cells, empty = goal_cells(corner)
    squares = [square for square, _ in cells]
    sizes = [size for _, size in cells]
    if goal == "loose":
        squares.append(empty)
        rng.shuffle(squares)
    elif goal == "shape":
        rng.shuffle(sizes)
    board: list[tuple] = [()] * GRID.size
    for square, size in zip(squares, sizes):
        board[square] = (PIECES[f"{colour}{size}"],)
    block = set(squares) | {empty}
    outside = [square for square in range(GRID.size) if square not in block]
    pieces = [PIECES[f"{c}{size}"] for c in COLOURS if c != colour for size in SIZES for _ in range(5)]
    for square, piece in zip(rng.sample(outside, others), rng.sample(pieces, others)):
        board[square] = (piece,)
    return tuple(board)


def _undoable_moves(game: Ice3, board: tuple) -> list[SetMove]:
    """The moves that change ``board`` and that the same set, moved back, undoes."""
    state = Ice3State(game, board)
    found = []
    for move in _ALL_MOVES:
        after = state.board_after(move)
        if after != board and Ice3State(game, after).board_after(move.backwards()) == board:
            found.append(move)
    return found


_ALL_MOVES = tuple(SetMove(g, d, n) for g in GROUPS for d in DIRS for n in range(1, MAX_DISTANCE + 1))


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        "loose-1", "loose", """\
. . . . . . . .
. . . R2 . . . .
. . G1 R3 . . . .
. . . G1 . G1 . .
. . . . . G3 G3 .
. . G1 . G2 G1 G3 .
. B2 . . G3 G2 G2 G2
. . . B3 . G3 G2 .
to_move=0 turns=0 passes=0""", 1,
        "All four greens outside the h1 block are smalls, and each stands two squares north-west "
        "of a square in the block. One set move takes them all in; greens that would leave the "
        "board stay.",
        ("GSE2",), seed=7, others=4),
    Puzzle(
        "loose-2", "loose", """\
. . . . . . . .
. . . . . . . .
B3 . . . . . . .
. . . . . . . .
. . R3 R3 B1 . . .
. . . R1 . . . .
. R3 R2 R3 . R1 . R1Y2
. . R3R2 R2R2 R2 R1 R1Y2 .
to_move=0 turns=0 passes=0""", 2,
        "The red smalls on g1 and h2 are pinned under yellow mediums, so no red move can take "
        "them. Lift the yellows off with a medium move (the red mediums come home with it); then "
        "reds already in the block would leave the board, so they stay while the rest come in.",
        ("2NW2", "RW4"), seed=19, others=4),
    Puzzle(
        "loose-3", "loose", """\
. B1 . G3 . R2 R1 .
B3Y2 Y2 . B3 . B3 . .
. B1R3 . R3 . B2 R2 .
B1 B1 . B2 B3R3 . . .
. . Y3 Y3 G1R2 . Y3 Y2
. . Y3 Y3R1 . . Y1 R3Y1
. . Y1 Y2 G2 G3 Y1 .
. . Y2 Y1 B3 . . .
to_move=0 turns=0 passes=0""", 3,
        "Walls block the way: the yellow mediums on a7 and b7 must come down to rank 4 (the b "
        "file is walled at b6), and the yellows on the g and h files must slide west along their "
        "ranks (walled at e4 and d3). Every one of those walls has a red on top, and one red move "
        "takes them all away.",
        ("RN2", "2S3", "YW4"), seed=8, others=24),
    Puzzle(
        "shape-1", "shape", """\
. G3 G3 G2 . . . G1
. G2 G2 G2 . . . G3
. G3 G3 G1 . . . G1
. G1 G2 . . . R1 G1
Y1 . . . . . . .
. . . . . . . .
. . . . . . . B2
. . . . . . R3 .
to_move=0 turns=0 passes=0""", 1,
        "File a is empty and four greens wait on the h file, in the right ranks. Only a piece on "
        "the h file can move seven squares west; every other green would leave the board, so it "
        "stays.",
        ("GW7",), seed=5, others=4),
    Puzzle(
        "shape-2", "shape", """\
. . . . . . . R1
. . . . . R3 . .
. G2 G1 . . . . .
B1 G3 G2 G2 . . . .
G3 G1 G3 G2 . . . .
G2 G1 G3 G3 . . . .
G1 G1 . . . . . .
. . . . . . R1 .
to_move=0 turns=0 passes=0""", 2,
        "Use the edge twice. A green on the a file cannot move south-west, so the green behind it "
        "lands on it and stacks; the next move takes the tops on while the pinned bottoms stay.",
        ("GSW1", "GSE1"), seed=25, others=4),
    Puzzle(
        "shape-3", "shape", """\
. . . . . . . .
. . B1R3 . . . B1 .
. . . . . . . .
R3 . . . . . . Y2
. . . . . . . R1
R3 . . . R2 R1 . R2
. R3 . . . R1 R1 R2
Y1 . . . R3 R2 R1 R2
to_move=0 turns=0 passes=0""", 3,
        "The red larges far to the west must come over while the reds at home stay: long moves do "
        "that, because a red that would leave the board does not move. Let the larges land on "
        "reds that stay, then lift them off those stacks with a move of the larges alone.",
        ("RSE4", "RE5", "3N1"), seed=32, others=4),
    Puzzle(
        "exact-1", "exact", """\
Y3 Y3 Y3 . . . . .
Y3 Y2 Y2 Y1 . . . .
Y3 Y2 Y1 Y1 . . . .
Y2Y2 Y1 Y1 R2 . . . .
. R1 . . . . R1 .
. . . . . . . .
. . . . . . . .
. . . . . . R2 .
to_move=0 turns=0 passes=0""", 1,
        "Only the mediums are wrong: a yellow medium rides on another on a5, and a red medium "
        "stands on d5, the square that must be empty. The yellow mediums at home cannot move far "
        "north-east without leaving the board.",
        ("2NE3",), seed=4, others=4),
    Puzzle(
        "exact-2", "exact", """\
Y2 . . . Y2 Y3 Y3 Y3
G2Y1 Y2 Y2 Y3 . . . .
Y1 Y1 Y2 Y3 . . . .
. Y1 Y1 . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. B2 R3 R3 . . . .
to_move=0 turns=0 passes=0""", 2,
        "Move the whole pattern from a8 to h8. The larges already on f8-h8 would leave the board "
        "and stay, and so does the medium on e8, so the medium behind it lands on top: one medium "
        "move then takes it to its square.",
        ("YE4", "2SE3"), seed=32, others=4),
    Puzzle(
        "exact-3", "exact", """\
Y3 . . . . . . .
. Y2R3 Y3 Y3 . . . B2
. Y3 . Y2 Y1 . . .
. Y3 Y2 Y1 Y1 . . .
. Y2 Y1 Y1 . . . .
. . . . G3 . . .
. . . . . . . .
. . . Y2R1 . . . .
to_move=0 turns=0 passes=0""", 3,
        "Reds pin two yellow mediums, on b7 and d1: they stay while the other yellows move. Line "
        "the pattern up first, then move the reds off: the freed medium on d1 is then the only "
        "yellow that can move seven squares north.",
        ("YNW1", "RE3", "YN7"), seed=20, others=4),
    Puzzle(
        "full-loose-3", "loose", """\
R1B1 Y2 R3Y1 Y1 B3 Y2Y3 Y3 R1B3
. B2Y1 . R3R1 . Y2B3 . R2G2
B3B1 B1 Y2B1 R1 . B2R3 B3Y3 R1
G1 . G1G3 . G3 . B2 Y2Y1
. . G1 . . . R3B1 .
G2 G2G1 . G3G1 Y3Y1 B2 R3 R2
G3 . G2 . G3 . B2 R2
. . G2 . . R2 R2 Y3
to_move=0 turns=0 passes=0""", 3,
        "The green small on c5 is pinned under a green large, so a green move would carry the "
        "large off and leave the small behind: lift the larges first. The green medium on h7 is "
        "far away and needs a long diagonal of its own.",
        ("3SW1", "GS2", "GSW4"), seed=3, others=FULL_BOARD),
    Puzzle(
        "full-shape-3", "shape", """\
. Y3 Y2 Y1 R2 R1 . R3
. Y3 Y2 Y3 G2 . . B2Y1
. Y1 Y3 Y1 R1 G1 . R1
. Y1 Y3 . . R3 G1B3 B3Y2
R3 . . G1 B2 G2 B2B3 B1
B1 G3 G3Y2 . G2 R3B2 R2 B3
R2G2 R1 G3 . R1 B3 R3 B1B1
R2 B1G2 G3Y2 G3 . R2 G1B2 G1
to_move=0 turns=0 passes=0""", 3,
        "Four yellows are missing on the a file: one move of seven squares west brings the pieces "
        "of the h file, in the right ranks, while every other yellow would leave the board and "
        "stays. Two of those four must first get to the h file from c1 and c3 along one diagonal, "
        "and a wall blocks one of the diagonals.",
        ("BSE1", "YNE5", "YW7"), seed=4, others=FULL_BOARD),
    Puzzle(
        "full-exact-3", "exact", """\
B1B2 G3R1 B1 B3 B3 R2R2 R1 B3B2
. B3 B3 G1G2 G3G2 . R1G2 .
R1 . R3B2 . . G1Y1 . B1
G1R2 G1B2 B2 G2B1 R3Y1 G3 R1 G1Y2
B1 . G2 . . R2 Y1Y2 .
G3 . R2 . . Y1Y2 Y2 Y3
. R3 . R3 Y1Y2 . . Y3
. G3 . . R3 Y3 Y3 Y3
to_move=0 turns=0 passes=0""", 3,
        "Three yellow mediums ride on yellow smalls one square above their own squares, and a "
        "fourth on a green on h5: one medium move south drops all four into place. Before that "
        "the reds on e1 and f4 must leave, and two more yellow smalls come down.",
        ("RW2", "1S2", "2S1"), seed=1, others=FULL_BOARD),
)
"""The ladder: loose, shape and exact goals in one, two and three moves, then the three goals
on a full board."""


def puzzle(name: str) -> Puzzle:
    """The puzzle called ``name`` in :data:`PUZZLES`.

    >>> puzzle("exact-3").solution
    ('YNW1', 'RE3', 'YN7')
    """
    for candidate in PUZZLES:
        if candidate.name == name:
            return candidate
    raise KeyError(f"there is no Ice3 puzzle {name!r}; the puzzles are {', '.join(p.name for p in PUZZLES)}")


if __name__ == "__main__":
    for rung in PUZZLES:
        text, solution = make_puzzle(rung.goal, rung.length, rung.seed, rung.others)
        print(f"{rung.name}: {' '.join(solution)}\n{text}\n")
