"""A fifth game defined outside the package, to prove that a game is one plug-in.

*Nest Row* (a small game made up for this test): two players, Red and Blue, each with a large,
a medium and a small pyramid, take turns placing their biggest piece left on a square of a 3×3
board — on an empty square, or nested on a bigger piece of either colour. Three squares in a
line showing your colour on top win; when every piece is down without a line, it is a draw.

A move is the square, ``b2``. The position text is the board (rank 3 first) and
``to_move=N``. It uses only the public protocol: ``Game``/``State``, ``Game.plug_in`` and the
hook types of :mod:`icewidgets.view` and :mod:`icewidgets.counters`.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import Any, ClassVar

from icewidgets.counters import Counters
from icewidgets.grid import Grid, parse_fields, parse_int_field, split_position
from icewidgets.pieces import PIECES, format_stack, parse_stack
from icewidgets.protocol import Event, Game, NotationError, State, event
from icewidgets.randomness import pick_best
from icewidgets.view import Line, View

GRID = Grid(3, 3)
COLOURS = "RB"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclasses.dataclass(frozen=True)
class Place:
    """Place your biggest piece left on ``target``."""

    target: str

    def __str__(self) -> str:
        return self.target


@dataclasses.dataclass(frozen=True, repr=False)
class NestRow(Game):
    players: int = 2
    max_turns: int | None = None

    name: ClassVar[str] = "nestrow"
    title: ClassVar[str] = "Nest Row"
    move_types: ClassVar[tuple[type, ...]] = (Place,)
    example_move: ClassVar[str] = "b2"
    grid: ClassVar[Grid] = GRID

    def __post_init__(self) -> None:
        self._check_int("players", 2, 2)
        self._check_int("max_turns", 1, allow_none=True)

    def player_name(self, player: int) -> str:
        return ("Red", "Blue")[player]

    def new_state(self, seed: Any = None) -> "NestRowState":
        return NestRowState(self, ((),) * GRID.size)

    def state_from_text(self, text: str) -> "NestRowState":
        lines, field_line = split_position(text)
        board = tuple(parse_stack(token) for token in GRID.parse_board(lines))
        for stack in board:
            if any(piece.colour not in COLOURS for piece in stack):
                raise NotationError(f"{format_stack(stack)!r}: Nest Row has only red and blue pieces")
        fields = parse_fields(field_line, ["to_move", "turns"])
        return NestRowState(self, board, parse_int_field(fields, "to_move", 0, 0, 1),
                            parse_int_field(fields, "turns", 0, 0))

    def parse_move(self, text: str) -> Place:
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Nest Row move (write a square like 'b2')")
        GRID.index(text.strip())
        return Place(text.strip())


@dataclasses.dataclass(frozen=True, eq=False)
class NestRowState(State):
    game: NestRow
    board: tuple
    to_move: int = 0
    turns: int = dataclasses.field(default=0, compare=False)
    last_move: Any = dataclasses.field(default=None, compare=False)

    @cached_property
    def events(self) -> tuple[Event, ...]:
        return ()

    def stack(self, square: str) -> str:
        return format_stack(self.board[GRID.index(square)])

    def left(self, player: int) -> list[int]:
        """The sizes ``player`` has still to place, biggest first."""
        placed = [piece.size for stack in self.board for piece in stack if piece.colour == COLOURS[player]]
        return [size for size in (3, 2, 1) if size not in placed]

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

    def legal_moves(self) -> list[Place]:
        if self.is_over:
            return []
        return [Place(GRID.name(i)) for i in range(GRID.size) if not self._why_not(i)]

    def _why_not(self, square: int) -> str | None:
        size = self.left(self.to_move)[0]
        stack = self.board[square]
        if stack and stack[-1].size <= size:
            return f"{GRID.name(square)} holds a {stack[-1].name}, not bigger than the piece to place"
        return None

    def _why_illegal(self, move: Place) -> str | None:
        return self._why_not(GRID.index(move.target))

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
            events.append(event("game_over", f"Game over: {after.end_reason}."))
        return after._prime(events=events)

    def to_text(self) -> str:
        return GRID.format_board([format_stack(s) for s in self.board]) + f"\nto_move={self.to_move}" + (
            f" turns={self.turns}" if self.game.max_turns is not None else "")

    def _ascii(self) -> str:
        return GRID.ascii_board([format_stack(s) for s in self.board])


class NestRowView(View):
    def panel(self, state, areas):
        return [Line(f"{state.game.player_name(p)}: {len(state.left(p))} to place", swatch=COLOURS[p],
                     pointer=p == state.to_move and not state.is_over) for p in (0, 1)]


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
        after = state._apply(move)
        keys.append(2 if after.winners else 1 if move.target == "b2" else 0)
    return pick_best(moves, keys, rng)


NestRow.plug_in(view=NestRowView(), counters=NestRowCounters(), greedy=greedy_move)
