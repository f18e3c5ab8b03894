"""Ice3, by Paul Blake: slide whole sets of pyramids at once until one colour fills a corner.

The rules as implemented, exactly; for players the same rules in plain words are
:data:`.teaching.HOW_TO_PLAY` (``Ice3.how_to_play``, printed by ``iw.rules_sheet``):

1. An 8×8 board holds 60 pyramids, 5 of each colour (R, Y, G, B) and size (1 small, 2 medium,
   3 large), standing one per square in a random (seeded) order; d4, e4, d5 and e5 start empty.
   Any number of players take turns; all of them share all the pieces. With one player the game
   is a puzzle: count the moves (``state.turns``).
2. On your turn choose a *set* (all pieces of one colour, or all pieces of one size), one of the
   eight directions and a distance n from 1 to 7. Every piece of the set moves n squares that way,
   all at the same moment, except the ones that stay:
3. A square holding two pieces is a *wall*. The bottom piece of a wall is *pinned* and stays.
   A piece is *blocked*, and stays, if a wall lies anywhere on its path (the landing square
   included) or if it would leave the board. Single pieces block nothing: movers pass over them.
   (The published text: "Ignore any pieces which are blocked", "Only pinned or blocked pieces
   stop moving". Our reading: a blocked piece stays rather than sliding up to the wall, the
   option ``blocked`` below; a wall on the landing square blocks; so does the board's edge, the
   option ``edge`` below.)
4. A mover that lands on a piece that stays stacks on top of it (a new wall); a mover that lands
   where the piece has just moved away ends up alone. Stacks never grow above two pieces.
5. A move that moves no piece at all is illegal (our reading: the published text does not say).
6. After every move, if some colour fills a corner in the pattern below (i = ranks from the
   corner, j = files from it; L large, M medium, S small, one piece per cell, O empty), the
   player who moved wins, whoever "owns" that colour::

          j=0 j=1 j=2 j=3
     i=0:  L   L   L   M
     i=1:  L   M   M   S
     i=2:  L   M   S   S
     i=3:  M   S   S   O

7. A player with no legal move passes (the move ``pass``); when every player has passed in a
   row the game is a draw. (All players share the same moves, so one player without a move means
   a draw after one round of passes.)

Notation: a move is the set, the direction and the distance: ``RE1`` (red pieces one square
east), ``1NE3`` (small pieces three squares north-east), ``GW4``; ``pass`` when no set can move.
The position text is the board (rank 8 first, stacks bottom→top like ``R1B3``, ``.`` empty) and
the fields ``to_move``, ``turns`` (moves played, passes included) and ``passes`` (passes in a
row just before this position). A move that meets the goal leaves ``to_move`` on the mover, so a
finished position names its winner.

>>> import icewidgets as iw
>>> game = iw.make("ice3")
>>> state = game.state_from_text(SPARSE_EXAMPLE)       # part of a board
>>> state = state.play("RE1")
>>> for e in state.events[1:4]:
...     print(e)
Red small moves from a1 to b1.
Red medium moves from b1 to c1, lands on the green large on c1 and stacks on it.
Red large moves from a3 to b3.
>>> state.stack("c1"), state.stack("b1"), state.stack("a1")
('G3R2', 'R1', '.')

Choices where the published rules leave one (options; defaults first):

- ``blocked``: ``"stay"`` — a blocked piece does not move at all. ``"slide"`` — it moves as far
  as it can towards its destination: up to the last square before the wall or the board edge, and
  never onto a square that already holds two pieces (a square can fill up during the move, when a
  sliding piece stops short and another piece lands on it; then the later piece stops one square
  earlier still). Pieces are resolved front to back along the direction, which with ``"stay"``
  gives exactly the simultaneous result of rule 3.
- ``edge``: ``"stay"`` — a piece whose destination is off the board is blocked (or slides to the
  edge with ``blocked="slide"``). ``"illegal"`` — the whole move is illegal if any piece of the set
  that is not pinned has its destination off the board (even one a wall would have stopped).
  On a full board this leaves few moves, since a set of 15 or 20 pieces usually touches every
  edge: in random play about one start in seven has no legal move at all, and about half of the
  games end in a draw by passing within 200 moves.
- ``walls``: ``"before"`` — walls are the two-piece stacks on the board before the move.
  ``"after"`` — a wall whose top piece moves away in this same move no longer blocks ("until the
  top piece is moved off"): walls are judged after the tops have left. A stack that forms during
  the move blocks nothing until the next move under either option. Pins are always judged before
  the move: the bottom piece of a stack stays even when its top piece leaves.
  Both options make exactly the same moves legal (the front-most piece that moves never depends
  on a wall opening), they only move different pieces.
- ``goal``: ``"exact"`` — the pattern of rule 6. ``"shape"`` — the 15 non-O cells each hold
  exactly one piece of the colour, any sizes (the O cell is not checked). ``"loose"`` — all 15
  pieces of the colour lie in the corner's 4×4 block, stacks and other colours allowed.
- ``no_move``: ``"pass"`` — rule 7. ``"draw"`` — the game ends in a draw as soon as the player to
  move has no legal move.
- ``max_turns``: the game stops unfinished after that many moves (passes included).
  Random play practically never reaches the goal; :data:`PLAYOUT_MAX_TURNS` is the cap meant
  for playouts, chosen from measurement (see its note).

Smaller choices: with ``blocked="slide"`` every distance 1–7 is legal as soon as one member can
take one step (longer distances simply slide more pieces up to walls and edges). A distance
below 1 or above 7 is a well-formed move that is illegal (:class:`IllegalMoveError`); text that
is not a move at all is a :class:`NotationError` (letters may be lower case). In a sparse
position a colour with fewer than 15 pieces on the board cannot meet any goal.

``state.scores`` is 1 for the player who completed the goal and 0 for everyone else (0 for all
while playing, on a draw and when unfinished). ``state.progress`` measures how close the board
is to the goal (see :attr:`Ice3State.progress`); ``state.turns`` is the move count of a puzzle.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from functools import cached_property
from typing import Any, ClassVar

from ...grid import DIRECTION_NAMES, DIRECTIONS, Grid, parse_fields, parse_int_field, split_position
from ...pieces import PIECES, Piece, format_stack, parse_stack
from ...protocol import EndTurn, Event, Game, NotationError, State, event
from ...randomness import seeded_random
from ...words import plural
from .board import CENTRE, COLOUR_WORDS, COLOURS, DIR_INDEX, DIRS, GRID, GROUP_WORDS, GROUPS, MAX_DISTANCE, SIZES
from .goal import best_progress, board_goals_met
from .movement import RAYS, in_group, nothing_moves, piece_event, resolve_move


PLAYOUT_MAX_TURNS = 300
"""The ``max_turns`` for Ice3 playouts (the option itself defaults to None, no limit).

Measured with uniformly random moves, 2 players: no random game ever reached the goal — 0 of 40
games in 5,000 moves each (exact goal), 0 of 20 (shape), 0 of 40 and then 0 of 10 games in 50,000
moves each (loose). The best goal progress (:attr:`Ice3State.progress`) settles within 25–50
moves and then wanders around 2–3 of 16 (exact), 3–4 of 15 (shape) and 7–8 of 15 (loose): after
that the board is just reshuffled, so longer random playouts only cost time. A one-move-lookahead
agent that maximises progress wins the loose goal in 4–171 moves (5 seeds), and reaches 12 of 16
(exact) or 14 of 15 (shape) in 300–400 moves without winning. 300 moves keeps every one of those
wins, is six times the settling time and costs about 40 ms per random playout.
"""


SPARSE_EXAMPLE = """\
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
R3 . . . . . . .
. . . . . . . .
R1 R2 G3 . . . . .
to_move=0"""
"""Part of a board, our example: red pieces on a1, b1 and a3, a green large on c1."""


# Options --------------------------------------------------------------------------------------


MAX_PLAYERS = 1000
"""The most players an Ice3 game takes: the original text's "1 – 1000" (its infobox says 100)."""


@dataclasses.dataclass(frozen=True, repr=False)  # Game.__repr__ shows make('ice3', …)
class Ice3(Game):
    """Ice3's rules and options.

    ``players`` from 1 to :data:`MAX_PLAYERS` (1 is a puzzle); ``blocked`` ``"stay"`` or ``"slide"``; ``edge`` ``"stay"`` or
    ``"illegal"``; ``walls`` ``"before"`` or ``"after"``; ``goal`` ``"exact"``, ``"shape"`` or
    ``"loose"``; ``no_move`` ``"pass"`` or ``"draw"``; ``max_turns`` (stop unfinished after that
    many moves). See the module docstring for what each choice means.

    >>> Ice3(players=1).new_state(seed=3).stack("d4")
    '.'
    """

    players: int = 2
    blocked: str = "stay"
    edge: str = "stay"
    walls: str = "before"
    goal: str = "exact"
    no_move: str = "pass"
    max_turns: int | None = None

    name: ClassVar[str] = "ice3"
    title: ClassVar[str] = "Ice3"
    example_move: ClassVar[str] = "RE1"
    grid: ClassVar[Grid] = GRID
    playout_max_turns: ClassVar[int] = PLAYOUT_MAX_TURNS

    def __post_init__(self) -> None:
        # Any number of players, as the rules say; the original text's own bound (1 to 1000)
        # keeps a game's per-player tuples from exhausting memory (10**9 players: 8 GB).
        self._check_int("players", 1, MAX_PLAYERS)
        self._check_choice("blocked", ("stay", "slide"))
        self._check_choice("edge", ("stay", "illegal"))
        self._check_choice("walls", ("before", "after"))
        self._check_choice("goal", ("exact", "shape", "loose"))
        self._check_choice("no_move", ("pass", "draw"))
        self._check_int("max_turns", 1, allow_none=True)

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def new_state(self, seed: Any = None) -> "Ice3State":
        """A random start: the 60 pieces shuffled onto the 60 outer squares (re-drawn in the
        practically impossible case that the goal is already met)."""
        rng = seeded_random(seed)
        pieces = [PIECES[f"{c}{s}"] for c in COLOURS for s in SIZES for _ in range(5)]
        while True:
            rng.shuffle(pieces)
            board: list[tuple[Piece, ...]] = [()] * GRID.size
            for square, piece in zip(_OUTER_SQUARES, pieces):
                board[square] = (piece,)
            if not board_goals_met(tuple(board), self.goal):
                return Ice3State(self, tuple(board))

    def state_from_text(self, text: str, partial: bool | None = None) -> "Ice3State":
        """The position written by :meth:`Ice3State.to_text`. A sparse position (part of a
        board) loads and is marked :attr:`~icewidgets.protocol.State.partial`; ``partial``
        decides what else loads (:meth:`~icewidgets.protocol.Game.state_from_text`)."""
        lines, field_line = split_position(text)
        board = tuple(parse_stack(token) for token in GRID.parse_board(lines))
        _check_possible(board)
        fields = parse_fields(field_line, ("to_move", "turns", "passes"))
        to_move = parse_int_field(fields, "to_move", 0, 0, self.players - 1)
        turns = parse_int_field(fields, "turns", 0, 0)
        passes = parse_int_field(fields, "passes", 0, 0, self.players)
        return self._admit(Ice3State(self, board, to_move, turns, passes), partial)

    def parse_move(self, text: str) -> "SetMove | EndTurn":
        """``"RE1"`` → ``SetMove("R", "E", 1)``; ``"pass"`` → :data:`END_TURN`.

        >>> Ice3().parse_move("1NE3")
        SetMove(group='1', direction='NE', distance=3)
        >>> Ice3().parse_move("XE1")
        Traceback (most recent call last):
        ...
        icewidgets.protocol.NotationError: 'XE1' is not an Ice3 move: unknown set 'X' (use a colour R, Y, G, B or a size 1, 2, 3)
        """
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not an Ice3 move (write e.g. 'RE1': set, direction, distance)")
        clean = text.strip().upper()
        if clean == "PASS":
            return END_TURN
        match = _MOVE_TEXT.match(clean)
        if match is not None:
            return SetMove(match.group(1), match.group(2), int(match.group(3)))
        raise NotationError(f"{text!r} is not an Ice3 move: {_notation_problem(clean)}")

    @property
    def ply_bound(self) -> int | None:
        """``max_turns`` (every ply is one turn, passes included); None without it."""
        return self.max_turns

    @property
    def goal_size(self) -> int:
        """The :attr:`Ice3State.progress` value that means the goal is met."""
        return 16 if self.goal == "exact" else 15


# Moves ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SetMove:
    """Move the set ``group`` (a colour letter or a size digit) ``distance`` squares ``direction``."""

    group: str
    direction: str
    distance: int

    def __str__(self) -> str:
        return f"{self.group}{self.direction}{self.distance}"

    def backwards(self) -> "SetMove":
        """The same set, the same distance, the opposite direction: the move that undoes this
        one when no piece of the set stayed or landed on another.

        >>> SetMove("R", "NE", 2).backwards()
        SetMove(group='R', direction='SW', distance=2)
        """
        return SetMove(self.group, DIRS[(DIRS.index(self.direction) + 4) % len(DIRS)], self.distance)


END_TURN = EndTurn("pass")
"""Pass: the only move when no set can move."""
Ice3.move_types = (SetMove, EndTurn)


# State ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)  # State compares positions (turns only under a limit)
class Ice3State(State):
    """An Ice3 position: the board, whose turn, the moves played and the passes in a row."""

    game: Ice3
    board: tuple[tuple[Piece, ...], ...]
    to_move: int = 0
    # The move count is history, not position (it counts only under a turn limit:
    # State._position_key); the passes in a row decide a draw, so they are position.
    turns: int = dataclasses.field(default=0, compare=False)
    passes: int = 0
    last_move: SetMove | EndTurn | None = dataclasses.field(default=None, compare=False)
    # Each player's progress right after their latest move (a pass included; 0 before their
    # first): history, like turns, so a loaded position starts from none.
    latest_progress: tuple[int, ...] = dataclasses.field(default=(), compare=False, repr=False)

    # Queries ----------------------------------------------------------------------------------

    def stack(self, square: str) -> str:
        """The stack on ``square`` bottom→top, e.g. ``"G3R2"``; ``"."`` when empty."""
        return format_stack(self.board[GRID.index(square)])

    @cached_property
    def goals_met(self) -> tuple[tuple[str, str], ...]:
        """Every (colour, corner) that meets the goal, e.g. ``(("G", "a1"),)``; empty while playing."""
        return board_goals_met(self.board, self.game.goal)

    @cached_property
    def progress(self) -> int:
        """How close the board is to the goal: the best, over colours and corners, of the cells
        already right (``exact``: the 15 pattern cells and the empty O cell, out of 16; ``shape``:
        pattern cells holding one piece of the colour, out of 15; ``loose``: pieces of the colour in
        the corner's block, out of 15). The goal is met when it reaches ``game.goal_size``."""
        return best_progress(self.board, self.game.goal)

    @property
    def progress_by_player(self) -> tuple[int, ...]:
        """Each player's :attr:`progress` right after their latest move, a pass included (0
        before their first move; a loaded position counts from there): the leader is whoever
        last brought the board closest to the goal, as every player moves every piece.

        >>> state = Ice3(players=3).state_from_text(SPARSE_EXAMPLE)
        >>> state.progress_by_player, state.play("RE1").progress_by_player
        ((0, 0, 0), (1, 0, 0))
        """
        return self.latest_progress or (0,) * self.game.players

    # Results ----------------------------------------------------------------------------------

    @cached_property
    def scores(self) -> tuple[int, ...]:
        """1 for the player who completed the goal, 0 for everyone else."""
        won = self.winners
        return tuple(int(p in won) for p in range(self.game.players))

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """What the last ply did (primed by the ply itself; none for a start or loaded position)."""
        return ()

    @cached_property
    def end_reason(self) -> str | None:
        """Why the game ended by the rules (``"red fills the a1 corner"``, a draw by passing), or None."""
        if self.goals_met:
            return " and ".join(f"{COLOUR_WORDS[c]} fills the {corner} corner" for c, corner in self.goals_met)
        if self.passes >= self.game.players:
            return "every player has passed in a row"
        if self.game.no_move == "draw" and not self._legal:
            return f"{self.game.player_name(self.to_move)} has no legal move"
        return None

    @property
    def unfinished(self) -> bool:
        limit = self.game.max_turns
        return limit is not None and self.turns >= limit and self.end_reason is None

    @property
    def winners(self) -> tuple[int, ...]:
        # The mover keeps the turn when their move wins, so the winner is the player to move.
        return (self.to_move,) if self.goals_met else ()

    # Rules ------------------------------------------------------------------------------------

    def legal_moves(self) -> list[SetMove | EndTurn]:
        """Every legal move: sets R Y G B 1 2 3, directions N NE E SE S SW W NW, distances
        1…7; ``[pass]`` when no set can move."""
        if self.is_over:
            return []
        return list(self._legal) if self._legal else [END_TURN]

    @cached_property
    def _reach(self) -> tuple[list[int], list[int] | None]:
        """For each (set, direction), at index ``set * 8 + direction``: the longest free run of
        any unpinned member (squares before a wall or the edge), and with ``edge="illegal"`` the
        shortest distance of any unpinned member to the board edge (None otherwise).

        Bit boards: ``runs[k - 1]`` holds the squares with at least k free squares ahead."""
        walls = 0
        tops = [0] * 7  # the squares whose top piece (the only one not pinned) is in each set
        for square, stack in enumerate(self.board):
            if stack:
                bit = 1 << square
                if len(stack) == 2:
                    walls |= bit
                colour, size = _GROUPS_OF[stack[-1]]
                tops[colour] |= bit
                tops[size] |= bit
        free = _ALL ^ walls
        longest = [0] * 56
        for d in range(8):
            shift, inside = _SHIFT[d], _INSIDE[d]
            first = (free >> shift if shift > 0 else free << -shift) & inside
            runs = [first]
            ahead = first
            while ahead and len(runs) < MAX_DISTANCE:
                ahead = first & (ahead >> shift if shift > 0 else ahead << -shift)
                if ahead:
                    runs.append(ahead)
            for g in range(7):
                members = tops[g]
                if members:
                    for k in range(len(runs), 0, -1):
                        if members & runs[k - 1]:
                            longest[g * 8 + d] = k
                            break
        if self.game.edge != "illegal":
            return longest, None
        to_edge = [8] * 56
        for d in range(8):
            for g in range(7):
                members = tops[g]
                if members:
                    to_edge[g * 8 + d] = next(k for k in range(7, -1, -1) if not members & ~_ROOM[d][k])
        return longest, to_edge

    @cached_property
    def _legal(self) -> tuple[SetMove, ...]:
        longest, to_edge = self._reach
        slide = self.game.blocked == "slide"
        edge_illegal = self.game.edge == "illegal"
        moves: list[SetMove] = []
        for i in range(56):
            run = longest[i]
            if not run:
                continue
            # Stay: some member must run the full distance. Slide: one free step is enough.
            top = MAX_DISTANCE if slide else run
            if edge_illegal and to_edge[i] < top:
                top = to_edge[i]
            moves.extend(_MOVES[i][:top])
        return tuple(moves)

    def _why_illegal(self, move: SetMove | EndTurn) -> str | None:
        if isinstance(move, EndTurn):
            if self._legal:
                return f"you may pass only when no set can move, and {self._legal[0]} is possible"
            return None
        if move.group not in _GROUP_INDEX:
            return f"{move.group!r} is not a set: choose a colour R, Y, G, B or a size 1, 2, 3"
        if move.direction not in DIR_INDEX:
            return f"{move.direction!r} is not a direction: use N, NE, E, SE, S, SW, W or NW"
        if not isinstance(move.distance, int) or move.distance < 1:
            return f"the distance must be at least 1 square, not {move.distance}"
        if move.distance > MAX_DISTANCE:
            return f"the distance can be at most {MAX_DISTANCE} squares on an 8×8 board, not {move.distance}"
        index = _GROUP_INDEX[move.group] * 8 + DIR_INDEX[move.direction]
        if self.game.edge == "illegal" and self._reach[1][index] < move.distance:
            square, piece = next(
                (sq, stack[-1]) for sq, stack in enumerate(self.board)
                if stack and in_group(stack[-1], move.group) and _EDGE[sq][DIR_INDEX[move.direction]] < move.distance
            )
            return f"the {piece.name} on {GRID.name(square)} would move off the board (option edge='illegal')"
        if self._legal_index(index, move.distance):
            return None
        return nothing_moves(self.board, move)

    def board_after(self, move: SetMove) -> tuple[tuple[Piece, ...], ...]:
        """The board after the legal set move ``move``, without events or a new state (what a
        search needs; :meth:`play` checks the move and tells what happened).

        >>> state = Ice3(players=1).state_from_text(SPARSE_EXAMPLE)
        >>> state.board_after(SetMove("R", "E", 1)) == state.play("RE1").board
        True
        """
        game = self.game
        return resolve_move(self.board, move, game.blocked == "slide", game.walls == "after")[0]

    def _legal_index(self, index: int, distance: int) -> bool:
        run = self._reach[0][index]
        return run >= 1 if self.game.blocked == "slide" else run >= distance

    def _apply(self, move: SetMove | EndTurn) -> "Ice3State":
        game, player = self.game, self.to_move
        who = game.player_name(player)
        following = (player + 1) % game.players
        if isinstance(move, EndTurn):
            passes = self.passes + 1
            events = [event("pass", f"{who} cannot move any set and passes.", player=player)]
            after = Ice3State(game, self.board, following, self.turns + 1, passes, last_move=move,
                              latest_progress=self._latest_after(player, self.progress))
            after.__dict__["goals_met"] = ()
            after.__dict__["progress"] = self.progress
            if passes >= game.players:
                events.append(event("draw", "Every player has passed in a row: the game is a draw.", passes=passes))
            else:
                events.append(_next_event(after))
            return after._prime(events=events)

        board, records = resolve_move(self.board, move, game.blocked == "slide", game.walls == "after")
        moved = sum(1 for r in records if r[0] == "piece_moved")
        stayed = len(records) - moved
        what = GROUP_WORDS[move.group]
        count = f"{plural(moved, 'piece')} {'moves' if moved == 1 else 'move'}"
        if stayed:
            count += f", {stayed} {'stays' if stayed == 1 else 'stay'}"
        events = [event(
            "set_moved",
            f"{who} moves all {what} {plural(move.distance, 'square')} {DIRECTION_NAMES[move.direction]} ({count}).",
            player=player, group=move.group, direction=move.direction, distance=move.distance,
            moved=moved, stayed=stayed,
        )]
        events.extend(piece_event(record) for record in records)
        goals = board_goals_met(board, game.goal)
        progress = best_progress(board, game.goal)
        after = Ice3State(game, board, player if goals else following, self.turns + 1, 0, last_move=move,
                          latest_progress=self._latest_after(player, progress))
        after.__dict__["goals_met"] = goals  # prime the cached properties: already computed
        after.__dict__["progress"] = progress
        if goals:
            events.append(_win_event(after))
        elif after.end_reason is not None:
            events.append(event("draw", f"{game.player_name(following)} has no legal move: the game is a draw (option no_move='draw').",
                                player=following))
        else:
            events.append(_next_event(after))
        return after._prime(events=events)

    def _latest_after(self, player: int, progress: int) -> tuple[int, ...]:
        latest = list(self.progress_by_player)
        latest[player] = progress
        return tuple(latest)

    # Text -------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """Board text (rank 8 first), then ``to_move=… turns=… passes=…``."""
        return (
            GRID.format_board([format_stack(stack) for stack in self.board])
            + f"\nto_move={self.to_move} turns={self.turns} passes={self.passes}"
        )

    def _ascii(self) -> str:
        lines = [GRID.ascii_board([format_stack(stack) for stack in self.board])]
        result = self.result
        if result == "playing":
            status = f"{self.game.player_name(self.to_move)} to move"
        elif result == "win":
            colour, corner = self.goals_met[0]
            status = f"game over: {self.game.player_name(self.to_move)} wins ({COLOUR_WORDS[colour]} fills the {corner} corner)"
        elif result == "draw":
            status = "game over: a draw"
        else:
            status = "stopped unfinished (turn limit)"
        lines.append(f" move {self.turns + 1}, {status}" if result == "playing" else f" {self.turns} moves, {status}")
        return "\n".join(lines)


# Private helpers ------------------------------------------------------------------------------

_MOVE_TEXT = re.compile(r"^([RYGB123])(NE|NW|SE|SW|N|E|S|W)(0|-?[1-9][0-9]*)$")
_GROUP_INDEX = {g: i for i, g in enumerate(GROUPS)}
_COLOUR_GROUP = {c: i for i, c in enumerate(COLOURS)}
_NAMES = GRID.names
_OUTER_SQUARES = tuple(i for i in range(GRID.size) if GRID.name(i) not in CENTRE)

_EDGE = tuple(tuple(len(ray) for ray in rays) for rays in RAYS)
# Bit boards (bit i = square i) for the legal-move table.
_ALL = (1 << GRID.size) - 1
_SHIFT = tuple(dr * 8 + df for df, dr in DIRECTIONS.values())  # index step of each direction
# _ROOM[d][k]: the squares with at least k squares ahead on the board; _INSIDE[d] = _ROOM[d][1].
_ROOM = tuple(
    tuple(sum(1 << s for s in range(GRID.size) if _EDGE[s][d] >= k) for k in range(9)) for d in range(8)
)
_INSIDE = tuple(room[1] for room in _ROOM)
_GROUPS_OF = {PIECES[f"{c}{s}"]: (COLOURS.index(c), 3 + s) for c in COLOURS for s in SIZES}
_MOVES = tuple(
    tuple(SetMove(g, d, n) for n in range(1, MAX_DISTANCE + 1)) for g in GROUPS for d in DIRS
)


def _win_event(state: Ice3State) -> Event:
    game = state.game
    who = game.player_name(state.to_move)
    goals = state.goals_met
    what = " and ".join(f"{COLOUR_WORDS[c]} fills the {corner} corner" for c, corner in goals)
    return event("win", f"{who} wins: {what}.", player=state.to_move, winners=[state.to_move],
                 goals=[f"{c}@{corner}" for c, corner in goals], colour=goals[0][0], corner=goals[0][1])


def _next_event(state: Ice3State) -> Event:
    game = state.game
    if state.unfinished:
        return event("turn_limit", f"The turn limit of {game.max_turns} is reached: the game stops unfinished.",
                     turns=state.turns)
    if game.players == 1:
        return event("turn_passed", f"{plural(state.turns, 'move')} so far.", player=0, turns=state.turns)
    return event("turn_passed", f"The turn passes to {game.player_name(state.to_move)}.", player=state.to_move)


def _notation_problem(text: str) -> str:
    if not text:
        return "it is empty (write e.g. 'RE1': set, direction, distance)"
    if text[0] not in "RYGB123":
        return f"unknown set {text[0]!r} (use a colour R, Y, G, B or a size 1, 2, 3)"
    rest = text[1:]
    letters = re.match(r"[A-Z]*", rest).group()
    if letters not in DIR_INDEX:
        shown = letters or rest[:2] or "nothing"
        return f"bad direction {shown!r} after the set (use N, NE, E, SE, S, SW, W or NW)"
    number = rest[len(letters):]
    if not number:
        return "the distance is missing (write e.g. 'RE1')"
    return f"bad distance {number!r} (write a whole number of squares, e.g. 'RE1')"


def _check_possible(board: tuple) -> None:
    counts: Counter = Counter()
    for index, stack in enumerate(board):
        for piece in stack:
            if piece.colour not in COLOURS or piece.size == 0:
                raise NotationError(
                    f"{GRID.name(index)} holds {piece}, which is not an Ice3 piece (colours R, Y, G, B; sizes 1-3)"
                )
            counts[piece] += 1
        if len(stack) > 2:
            raise NotationError(
                f"{GRID.name(index)} holds a stack of {len(stack)} ({format_stack(stack)}): Ice3 stacks are at most 2 high"
            )
    for piece, n in counts.items():
        if n > 5:
            raise NotationError(f"the position has {n} {piece.name}s ({piece}), but the set has only 5")
