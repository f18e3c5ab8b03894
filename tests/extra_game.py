"""Nest Row: a fifth game defined outside the package, to prove that a game is one plug-in.

*Nest Row* is a small game made up for the tests. It is written the way CONTRIBUTING asks of
every game, in one module: the rules in the outline of a ``rules.py``, then its companions
(view, counters, greedy rule, rules in plain words). It uses only the public protocol
(``Game``/``State``, ``Game.plug_in`` and the hook types of :mod:`icewidgets.view`,
:mod:`icewidgets.counters` and :mod:`icewidgets.teaching`), and the two hooks a game with
pieces and board of its own needs: its own piece colours (:func:`icewidgets.pieces.declare_colours`)
and marked board areas (:class:`icewidgets.view.BoardArea`). Players read the rules in
``NestRow.how_to_play``; this docstring is the exact specification.

The rules
=========

1. Two players, Orange and Violet, each have three pyramids of their colour: a large, a
   medium and a small. The board is 3×3 and starts empty; Orange places first.
2. On your turn you place the biggest of your pyramids not yet on the board: on an empty
   square, or nested on a piece that is bigger than it, whatever its colour. A piece never
   moves once placed.
3. You win when three squares in a line (a rank, a file or a diagonal) show your colour on
   top; the game ends at once, and the player who made the line keeps ``to_move`` (so a
   finished position says whose line it was).
4. When all six pieces are placed without a line, the game is a draw.
5. Option ``max_turns``: stop an unfinished game after that many turns (a turn is one
   placement), as every game can.

Notation
========

A move is the square a piece goes to, ``b2`` (the piece is always your biggest left). The
colours are ``O`` (orange) and ``V`` (violet): ``O3V2`` is an orange large under a violet
medium. The position text is the board text (rank 3 first) and the field line
``to_move=N`` (and ``turns=N`` when there is a turn limit).

>>> state = NestRow().new_state().play("b2").play("a1").play("c3")
>>> state.stack("c3"), state.to_move, state.left(1)
('O2', 1, [2, 1])
>>> print(state.to_text())
. . O2
. O3 .
V3 . .
to_move=1

Choices where a rules text could leave one: a piece may nest on a bigger piece of either
colour, never on one of its own size; placing is compulsory, there is no pass; the turn limit
counts placements.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import Any, ClassVar

from icewidgets.counters import Counters
from icewidgets.grid import Grid, parse_fields, parse_int_field, split_position
from icewidgets.pieces import PIECES, PieceColour, declare_colours, format_stack, parse_stack
from icewidgets.protocol import Event, Game, NotationError, State, event
from icewidgets.randomness import pick_best
from icewidgets.teaching import HowToPlay
from icewidgets.view import BoardArea, Line, View

GRID = Grid(3, 3)
COLOURS = declare_colours(PieceColour("O", "orange", "#f28e2b", pattern="6 3"),
                          PieceColour("V", "violet", "#7d4fa8", pattern="2 3", fills={"high-contrast": "#9b30ff"}))
"""Orange (player 1) and violet (player 2): colours of the game's own, declared for every picture."""
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
CENTRE = "b2"


# Options --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)
class NestRow(Game):
    players: int = 2
    max_turns: int | None = None

    name: ClassVar[str] = "nestrow"
    title: ClassVar[str] = "Nest Row"
    example_move: ClassVar[str] = "b2"
    grid: ClassVar[Grid] = GRID

    def __post_init__(self) -> None:
        self._check_int("players", 2, 2)
        self._check_int("max_turns", 1, allow_none=True)

    def player_name(self, player: int) -> str:
        return ("Orange", "Violet")[player]

    def new_state(self, seed: Any = None) -> "NestRowState":
        return NestRowState(self, ((),) * GRID.size)

    def state_from_text(self, text: str, partial: bool | None = None) -> "NestRowState":
        lines, field_line = split_position(text)
        board = tuple(parse_stack(token) for token in GRID.parse_board(lines))
        for stack in board:
            if any(piece.colour not in COLOURS for piece in stack):
                raise NotationError(f"{format_stack(stack)!r}: Nest Row has only orange and violet pieces")
        fields = parse_fields(field_line, ["to_move", "turns"])
        state = NestRowState(self, board, parse_int_field(fields, "to_move", 0, 0, 1),
                             parse_int_field(fields, "turns", 0, 0))
        return self._admit(state, partial)

    def parse_move(self, text: str) -> "Place":
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Nest Row move (write a square like 'b2')")
        GRID.index(text.strip())
        return Place(text.strip())

    @property
    def ply_bound(self) -> int:
        return 6


# Moves ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Place:
    """Place your biggest piece left on ``target``."""

    target: str

    def __str__(self) -> str:
        return self.target


NestRow.move_types = (Place,)


# State ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class NestRowState(State):
    game: NestRow
    board: tuple
    to_move: int = 0
    turns: int = dataclasses.field(default=0, compare=False)
    last_move: Any = dataclasses.field(default=None, compare=False)

    # Queries --------------------------------------------------------------------------------

    def stack(self, square: str) -> str:
        return format_stack(self.board[GRID.index(square)])

    def left(self, player: int) -> list[int]:
        """The sizes ``player`` has still to place, biggest first."""
        placed = [piece.size for stack in self.board for piece in stack if piece.colour == COLOURS[player]]
        return [size for size in (3, 2, 1) if size not in placed]

    def open_squares(self) -> list[str]:
        """The squares the piece to place may go to (none once the game is over)."""
        if self.is_over:
            return []
        return [GRID.name(i) for i in range(GRID.size) if not _why_not(self, i)]

    # Results --------------------------------------------------------------------------------

    @cached_property
    def winners(self) -> tuple[int, ...]:
        tops = [stack[-1].colour if stack else None for stack in self.board]
        return tuple(p for p in (0, 1) if any(all(tops[i] == COLOURS[p] for i in line) for line in LINES))

    @property
    def end_reason(self) -> str | None:
        if self.winners:
            return f"{self.game.player_name(self.winners[0])} has three in a row"
        if not self.left(0) and not self.left(1):
            return "every piece is placed"
        return None

    @property
    def unfinished(self) -> bool:
        limit = self.game.max_turns
        return self.end_reason is None and limit is not None and self.turns >= limit

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(int(p in self.winners) for p in (0, 1))

    @cached_property
    def events(self) -> tuple[Event, ...]:
        return ()

    # Rules ----------------------------------------------------------------------------------

    def legal_moves(self) -> list[Place]:
        return [Place(square) for square in self.open_squares()]

    def _why_illegal(self, move: Place) -> str | None:
        return _why_not(self, GRID.index(move.target))

    def _apply(self, move: Place) -> "NestRowState":
        player = self.to_move
        piece = PIECES[f"{COLOURS[player]}{self.left(player)[0]}"]
        square = GRID.index(move.target)
        board = list(self.board)
        board[square] = board[square] + (piece,)
        after = NestRowState(self.game, tuple(board), 1 - player, self.turns + 1, move)
        events = [event("placed", f"{self.game.player_name(player)} places the {piece.name} on {move.target}.",
                        player=player, piece=str(piece), square=move.target)]
        if after.end_reason:
            after = dataclasses.replace(after, to_move=player)  # the mover keeps to_move: a line is theirs
            events.append(event("game_over", f"Game over: {after.end_reason}."))
        return after._prime(events=events)

    # Text -----------------------------------------------------------------------------------

    def to_text(self) -> str:
        return GRID.format_board([format_stack(s) for s in self.board]) + f"\nto_move={self.to_move}" + (
            f" turns={self.turns}" if self.game.max_turns is not None else "")

    def _ascii(self) -> str:
        return GRID.ascii_board([format_stack(s) for s in self.board])


# Companions -----------------------------------------------------------------------------------


class NestRowView(View):
    """The pieces each player has left, and two board areas: the centre (which the greedy rule
    takes first) and the squares closed to the piece to place."""

    def panel(self, state, areas):
        return [Line(f"{state.game.player_name(p)}: {len(state.left(p))} to place", swatch=COLOURS[p],
                     pointer=p == state.to_move and not state.is_over) for p in (0, 1)]

    def board_areas(self, state):
        marked = [BoardArea("the centre", (CENTRE,), "hatch")]
        closed = [] if state.is_over else sorted(set(GRID.names) - set(state.open_squares()), key=GRID.index)
        if closed:
            marked.append(BoardArea("closed to the next piece", tuple(closed), "dots", colour=COLOURS[state.to_move]))
        return marked


class NestRowCounters(Counters):
    fields = {"nested": ("uint8", (), "pieces placed on another piece")}
    heatmaps = {"placed": "squares where pieces were placed"}

    def new_row(self):
        return {"nested": 0}

    def ply(self, row, hits, state):
        square = GRID.index(state.last_move.target)
        hits["placed"].append(square)
        row["nested"] += len(state.board[square]) > 1

    def summary_rows(self, results):
        return [["nested pieces per game", f"{float(results.arrays['nested'].mean()):.2f}", ""]]


def greedy_move(state: NestRowState, rng: Any) -> Place:
    """Complete a line if you can, else take the centre square, else any square (one draw)."""
    moves = state.legal_moves()
    keys = []
    for move in moves:
        after = state.play(move)
        keys.append(2 if after.winners else 1 if move.target == CENTRE else 0)
    return pick_best(moves, keys, rng)


HOW_TO_PLAY = HowToPlay(
    summary=("Two players, Orange and Violet, each place a large, a medium and a small pyramid on a 3×3 "
             "board, biggest first. A piece may nest on a bigger one of either colour. Three of your colour "
             "on top in a line win."),
    text="""\
**Setup.** The board is three squares by three and starts empty. Orange has an orange large,
medium and small; Violet the same in violet. Orange places first.

**Your turn.** Place the biggest of your pieces that is not on the board yet: on an empty square,
or on top of a piece that is bigger than it, of either colour. A piece on top of another nests
inside it, as a pyramid does on a bigger one. Pieces never move once they are placed.

**Covering.** Nesting covers the piece below: the square then shows the colour of the top piece
only. Cover a square of your opponent's to break their row before it is made.

**Winning.** You win at once when three squares in a row, a column or a diagonal show your colour
on top. If all six pieces are placed and nobody has three in a line, the game is a draw: six
placements at most, so a game takes a minute.

**Tips.** The centre square lies on four lines, more than any other square: the greedy bot takes
it first. A small piece can never be covered, so place your large ones where they help you most.
""",
    example=("b2", "a1", "c3"),
    example_caption="Orange takes the centre, Violet a corner, and Orange's medium starts a diagonal.",
    score_columns=("square",),
    score_note="Write the square of each piece you place; the first line of three of one colour wins.",
)


NestRow.plug_in(view=NestRowView(), counters=NestRowCounters(), greedy=greedy_move, how_to_play=HOW_TO_PLAY)


# Private helpers ------------------------------------------------------------------------------


def _why_not(state: NestRowState, square: int) -> str | None:
    size = state.left(state.to_move)[0]
    stack = state.board[square]
    if stack and stack[-1].size <= size:
        return f"{GRID.name(square)} holds the {stack[-1].name}, not bigger than the piece to place"
    return None
