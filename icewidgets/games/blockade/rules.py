"""Blockade, by Kristin Looney: a two-dimensional race to build five towers of one colour.

The rules as implemented, exactly; for players the same rules in plain words are
:data:`.teaching.HOW_TO_PLAY` (``Blockade.how_to_play``, printed by ``iw.rules_sheet``):

1. Two players: *Warm* (player 0, red ``R`` and yellow ``Y``) and *Cool* (player 1, green ``G``
   and blue ``B``). The 5×5 board starts with a large on every square (``C`` is clear), a
   matching small on every coloured large, and five mediums of one colour on each clear
   corner (``a5`` green, ``e5`` red, ``a1`` yellow, ``e1`` blue): 65 pyramids. Fifteen blacks
   (``K3``, ``K2``, ``K1``, five of each) wait in the supply. A seeded roll-off (two dice
   each, ties rolled again, the higher total starts) picks the first player. The layout beyond
   the clear corners and the roll-off are from the designer's page for Blockade
   (wunderland.com); the published rules text fixes only the clear corners and their mediums,
   and does not say who starts.
2. A turn starts with a roll of the mover's two colour dice (a *chance ply*, ``G5B2``): each
   die gives that many pips to the pieces of its colour. If both dice show 3 or less, the
   first ply may be ``combine:G``: the sum goes to that colour, the other gets 0.
   Pips that are not used are lost; ``end`` ends the turn.
3. A ply ``b3-c3`` moves the top piece of ``b3`` – a medium or small of one of the mover's
   colours – to ``c3`` along its cheapest path of king steps, one pip of that colour per
   step. Paths may cross anything except the opponent's blockades (the designer's page; the
   published text says a blockade makes "movement more difficult"). Larges, blacks and the
   pieces of a tower never move. The same piece may move again later in the turn. That only
   the top piece moves is our reading, as with real pyramids; the published text does not say.
4. Landing: a piece may *rest* on a piece of its own colour at least as big as itself, on a
   clear pyramid, or on a black that caps a tower of its own colour and is bigger than it.
   Never on the opponent's colours, never on the mover's other colour.
5. A small that comes to rest on a medium on a large, all of one colour, completes a
   *tower*, capped at once with the largest black left in the supply. A capped tower is a
   blockade for the opponent and never moves.
6. Five towers of one colour (all five larges of that colour) win at once.

Notation: plies ``b3-c3``, ``combine:R``, ``end``; dice rolls ``R2Y3`` / ``G5B2``. The position
text is the board (rank 5 first, stacks bottom→top) and the fields ``to_move`` (``-1`` while
the dice are to be rolled), ``player`` (whose turn it is), ``dice`` (``-`` or e.g. ``G5B2``),
``points`` (pips left per colour, e.g. ``G4B2``, or ``-``), ``supply`` (blacks left, e.g.
``K3:5,K2:5,K1:5``), ``moved`` (one square per piece moved this turn and still free to move,
e.g. ``b3,c3,c3``, or ``-``) and, when ``max_turns`` is set, ``turns`` (turns completed).

>>> import icewidgets as iw
>>> state = iw.make("blockade").new_state(seed=2).play("G5B2")
>>> state = state.play("b3-c3")
>>> str(state.events[-1])
'Green small b3→c3 (1 pip, 4 left).'
>>> state.stack("c3"), state.to_text().splitlines()[-1]
('C3G1', 'to_move=1 player=1 dice=G5B2 points=G4B2 supply=K3:5,K2:5,K1:5 moved=c3')

Choices where the published rules leave one (our readings, each named as an option where
there is one):

- ``landing="end"`` (default, our reading): a moved piece may rest on a forbidden square for a while,
  but ``end`` is refused while one does, and a ply is legal only if the turn can still be
  ended legally after it: some sequence of moves with the pips left brings every moved piece
  to rest where it may (a fifth tower completed on the way does not count as ending the
  turn). So ``legal_moves()`` lists exactly the plies ``play()`` accepts.
  ``landing="strict"``: every piece move must end on a square where the piece may rest.
- A ply that completes the fifth tower of a colour is legal and wins at once, even if another
  piece moved this turn still rests on a forbidden square (the game ends with the ply; no turn
  is ended).
- ``tower_without_black_counts=True`` (default, our proposal): a tower completed when the black
  supply is empty still counts towards the five and never moves, but is not a blockade.
  With ``False`` such a tree is not a tower at all: it does not count and its small may leave.
- An empty square (only in sparse positions: every square of the setup has a large that
  never moves) is a square where any piece may rest.
- The dice are 36 equally likely chance outcomes, 1/36 each (no merging: ``G5B2`` and
  ``G2B5`` are different rolls). A roll is written with the mover's colours in a fixed order,
  red before yellow and green before blue; ``parse_move`` also reads the other order.
- When several paths are equally cheap, the move takes the first found by a breadth-first
  search in the direction order N, NE, E, SE, S, SW, W, NW; the path is in the event data.
- ``state.scores``: per player, the number of towers (as counted for winning) in that
  player's better colour, so a score of 5 is a win.
- Random play need not finish (the published rules have no automatic draw); ``max_turns`` stops
  a game unfinished after that many turns, and :data:`PLAYOUT_MAX_TURNS` is the limit suggested
  for random playouts.
- ``moved`` lists the pieces moved this turn that are still free to move; they are always the
  top pieces of their stacks. The pieces of a new tower leave the list (they rest legally and
  never move again).

Deciding whether a turn can still be ended (``landing="end"``) is a search over the pips left,
in :mod:`.ending`: exact, with greedy repairs that accept a position by playing a completing
sequence and necessary conditions (each proved there from the rules) that refuse hopeless ones.
A turn's answers live in one :class:`~.ending.TurnTable`, made after the roll and handed on to
every state of the turn. Most plies need no search: a piece that may rest where it lands, or can
move on straight to such a square, or (with one other piece stranded) two pieces that can each
go straight to a square of their own.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cached_property
from typing import Any, ClassVar

from ...grid import Grid, parse_fields, parse_int_field, split_position
from ...pieces import COLOUR_NAMES, PIECES, SIZE_NAMES, Piece, format_stack, parse_stack
from ...protocol import CHANCE, EndTurn, Event, Game, NotationError, State, event
from ...randomness import seeded_random
from ...words import plural
from .board import (COLOURS, GRID, INF, PLAYER_COLOURS, SIDES, WINNING_TOWERS, Context, can_rest, context,
                    mover_index, move_piece, path, routes, spend, stranded_pieces, tower_colour, tower_shape)
from .ending import TurnTable, finishable
from .notation import check_board, format_pair, parse_moved, parse_pair, parse_supply, points_possible


SETUP_LARGES = "CBBBC RRRBY RGCBY RGYYY CGGGC"
"""The colours of the 25 larges, rank 5 first, from the designer's page (the published text fixes
only the clear corners)."""

CORNER_MEDIUMS = {"a5": "G", "e5": "R", "a1": "Y", "e1": "B"}
FULL_SUPPLY = (5, 5, 5)
PIPS_PER_TURN = 12
PLAYOUT_MAX_TURNS = 1000
"""A turn limit for random playouts: uniformly random play builds towers only by chance and
need not finish (the published rules have no automatic draw). The tests play 40 seeded random
games to their end, and every one finishes within this limit."""


# Options --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)  # Game.__repr__ shows make("blockade", …)
class Blockade(Game):
    """Blockade's rules and options.

    ``players`` must be 2; ``landing`` ``"end"`` (landings checked when the turn ends, default)
    or ``"strict"`` (checked after every move); ``tower_without_black_counts`` (a tower built
    after the blacks run out counts towards the five); ``max_turns`` (stop unfinished after
    that many turns).

    >>> Blockade().new_state(seed=3).stack("a5")
    'C3G2G2G2G2G2'
    """

    players: int = 2
    landing: str = "end"
    tower_without_black_counts: bool = True
    max_turns: int | None = None

    name: ClassVar[str] = "blockade"
    title: ClassVar[str] = "Blockade"
    example_move: ClassVar[str] = "b3-c3"
    grid: ClassVar[Grid] = GRID
    playout_max_turns: ClassVar[int] = PLAYOUT_MAX_TURNS

    def __post_init__(self) -> None:
        self._check_int("players", 2, 2)
        self._check_choice("landing", ("end", "strict"))
        self._check_bool("tower_without_black_counts")
        self._check_int("max_turns", 1, allow_none=True)

    def player_name(self, player: int) -> str:
        return SIDES[player]

    def new_state(self, seed: Any = None) -> "BlockadeState":
        """The setup, before the first roll; the seeded roll-off decides who rolls first."""
        rng = seeded_random(seed)
        events = []
        while True:
            warm = (rng.randint(1, 6), rng.randint(1, 6))
            cool = (rng.randint(1, 6), rng.randint(1, 6))
            told = (f"Roll-off: Warm rolls {warm[0]} and {warm[1]} ({sum(warm)}), "
                    f"Cool rolls {cool[0]} and {cool[1]} ({sum(cool)})")
            if sum(warm) == sum(cool):
                events.append(event("rolloff", told + ": a tie, so both roll again.", warm=list(warm), cool=list(cool), first=None))
                continue
            first = 0 if sum(warm) > sum(cool) else 1
            events.append(event("rolloff", told + f": {SIDES[first]} starts.", warm=list(warm), cool=list(cool), first=first))
            break
        return BlockadeState(self, SETUP_BOARD, CHANCE, first)._prime(events=events)

    def state_from_text(self, text: str, partial: bool | None = None) -> "BlockadeState":
        """The position written by :meth:`BlockadeState.to_text`. A sparse position (part of a
        board) loads and is marked :attr:`~icewidgets.protocol.State.partial`; ``partial``
        decides what else loads (:meth:`~icewidgets.protocol.Game.state_from_text`)."""
        lines, field_line = split_position(text)
        board = tuple(parse_stack(token) for token in GRID.parse_board(lines))
        fields = parse_fields(field_line, ["to_move", "player", "dice", "points", "supply", "moved", "turns"])
        to_move = parse_int_field(fields, "to_move", CHANCE, CHANCE, 1)
        player = parse_int_field(fields, "player", max(to_move, 0), 0, 1)
        if to_move != CHANCE and player != to_move:
            raise NotationError(f"field player={player} contradicts to_move={to_move}: between rolls the player to move is the player whose turn it is")
        on_board = check_board(board)
        supply = parse_supply(fields.get("supply"), on_board)
        dice = parse_pair(fields.get("dice", "-"), player, "dice", 1, 6)
        points = parse_pair(fields.get("points", "-" if dice is None else format_pair(dice, player)), player, "points", 0, PIPS_PER_TURN)
        if to_move == CHANCE and dice is not None:
            raise NotationError(f"field dice={fields['dice']} cannot be given while the dice are still to be rolled (to_move=-1)")
        if to_move != CHANCE and dice is None:
            raise NotationError(f"to_move={to_move} needs dice=…: a player moves only after rolling (write to_move=-1 for the position before the roll)")
        if (dice is None) != (points is None):
            raise NotationError(f"field points={fields.get('points')} needs dice=… as well")
        if dice is not None and not points_possible(dice, points):
            raise NotationError(f"field points={fields['points']} cannot come from dice={format_pair(dice, player)}")
        moved = parse_moved(fields.get("moved", "-"), board, player, to_move)
        turns = parse_int_field(fields, "turns", 0, 0)
        state = BlockadeState(self, board, to_move, player, dice, points, supply, moved, turns)
        if len(state.winners) > 1:
            raise NotationError("both players have five towers of one colour, but the game ends at the first")
        return self._admit(state, partial)

    def parse_move(self, text: str) -> "PieceMove | Roll | Combine | EndTurn":
        """``"b3-c3"``, ``"end"``, ``"combine:R"`` or a roll like ``"G5B2"``.

        >>> Blockade().parse_move("B2G5")
        Roll(colours=('G', 'B'), values=(5, 2))
        """
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Blockade move (write e.g. 'b3-c3', 'end', 'combine:R' or 'G5B2')")
        text = text.strip()
        if text == "end":
            return END_TURN
        match = _MOVE_TEXT.match(text)
        if match:
            source, target = GRID.index(match.group(1)), GRID.index(match.group(2))
            return _MOVES[source][target]
        match = _COMBINE_TEXT.match(text)
        if match:
            return Combine(match.group(1))
        match = _ROLL_TEXT.match(text)
        if match:
            (c1, v1), (c2, v2) = (match.group(1), int(match.group(2))), (match.group(3), int(match.group(4)))
            for colours in PLAYER_COLOURS:
                if (c1, c2) == colours:
                    return _ROLLS[colours][v1 - 1][v2 - 1]
                if (c2, c1) == colours:
                    return _ROLLS[colours][v2 - 1][v1 - 1]
            raise NotationError(f"{text!r} is not a roll: a roll names one player's two dice, red and yellow (R3Y5) or green and blue (G5B2)")
        raise NotationError(f"{text!r} is not a Blockade move: write a piece move like 'b3-c3', 'end', 'combine:R' or a roll like 'G5B2'")

    @property
    def ply_bound(self) -> int | None:
        """A turn has at most 14 plies: the roll, up to 12 one-pip moves and ``end``."""
        return None if self.max_turns is None else self.max_turns * (PIPS_PER_TURN + 2)


# Moves ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PieceMove:
    """Move the top piece of ``source`` to ``target`` (square names) along its cheapest path."""

    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclasses.dataclass(frozen=True)
class Combine:
    """Put the sum of both dice (each 3 or less) on ``colour``; the other colour gets 0."""

    colour: str

    def __str__(self) -> str:
        return f"combine:{self.colour}"


@dataclasses.dataclass(frozen=True)
class Roll:
    """A dice roll (a chance ply): ``values`` of the dice of ``colours``, e.g. ``G5B2``."""

    colours: tuple[str, str]
    values: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.colours[0]}{self.values[0]}{self.colours[1]}{self.values[1]}"


END_TURN = EndTurn("end")
"""End the turn; unused pips are lost."""
Blockade.move_types = (PieceMove, Combine, EndTurn, Roll)
_MOVES = tuple(tuple(PieceMove(GRID.names[s], GRID.names[d]) for d in range(GRID.size)) for s in range(GRID.size))
# The square indices of every piece move, for the engine (moves name their squares).
_SQUARES = {move: (s, d) for s, row in enumerate(_MOVES) for d, move in enumerate(row)}
_ROLLS = {colours: tuple(tuple(Roll(colours, (a, b)) for b in range(1, 7)) for a in range(1, 7)) for colours in PLAYER_COLOURS}
_OUTCOMES = {colours: [(roll, 1 / 36) for row in _ROLLS[colours] for roll in row] for colours in PLAYER_COLOURS}


# State ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)  # State compares positions (turns only under a limit)
class BlockadeState(State):
    """A Blockade position: board, whose turn, dice and pips left, black supply, moved pieces.

    ``moved`` is a sorted tuple of square indices, one entry per piece moved this turn that is
    still free to move; those pieces are always the top ones of their stacks.
    """

    game: Blockade
    board: tuple[tuple[Piece, ...], ...]
    to_move: int = CHANCE
    player: int = 0
    dice: tuple[int, int] | None = None
    points: tuple[int, int] | None = None
    supply: tuple[int, int, int] = FULL_SUPPLY
    moved: tuple[int, ...] = ()
    # Turns completed are history, not position (as in Volcano); written under a turn limit.
    turns: int = dataclasses.field(default=0, compare=False)
    last_move: Any = dataclasses.field(default=None, compare=False)
    # The turn's table of partial turns that can (not) still be ended, shared by its states.
    turn_table: "TurnTable | None" = dataclasses.field(default=None, compare=False, repr=False)

    # Queries ----------------------------------------------------------------------------------

    def stack(self, square: str) -> str:
        """The stack on ``square`` bottom→top, e.g. ``"G3G2G1K3"``; ``"."`` when empty."""
        return format_stack(self.board[GRID.index(square)])

    @property
    def colours(self) -> tuple[str, str]:
        """The two colours of the player whose turn it is."""
        return PLAYER_COLOURS[self.player]

    @cached_property
    def towers(self) -> dict[str, tuple[str, ...]]:
        """The squares of every colour's towers (as counted for winning), e.g. ``{"G": ("b3",), …}``."""
        counts = self.game.tower_without_black_counts
        found: dict[str, list[str]] = {c: [] for c in COLOURS}
        for square, stack in enumerate(self.board):
            colour = tower_colour(stack, counts)
            if colour:
                found[colour].append(GRID.names[square])
        return {c: tuple(squares) for c, squares in found.items()}

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        """At a roll, the 36 rolls of the mover's dice, 1/36 each; otherwise ``[]``."""
        if self.to_move != CHANCE or self.is_over:
            return []
        return list(_OUTCOMES[self.colours])

    def path(self, move: "PieceMove | str") -> tuple[str, ...]:
        """The squares a (reachable) piece move passes, both ends included.

        >>> Blockade().new_state(seed=2).play("G5B2").path("a5-b3")
        ('a5', 'b4', 'b3')
        """
        move = self._coerce(move)
        source, target = _SQUARES[move]
        if routes(self._ctx.blocked)[0][source][target] >= INF:
            return ()
        return tuple(GRID.names[s] for s in path(self._ctx.blocked, source, target))

    # Results ----------------------------------------------------------------------------------

    @cached_property
    def scores(self) -> tuple[int, ...]:
        """Per player, the number of towers in their better colour (5 wins)."""
        return tuple(max(len(self.towers[c]) for c in colours) for colours in PLAYER_COLOURS)

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """What the last ply did (primed by the ply itself; none for a loaded position)."""
        return ()

    @cached_property
    def winners(self) -> tuple[int, ...]:
        return tuple(p for p, s in enumerate(self.scores) if s >= WINNING_TOWERS)

    @cached_property
    def end_reason(self) -> str | None:
        """``"Warm has five red towers"`` once a player has five towers of one colour, else None."""
        for player in self.winners:
            colour = next(c for c in PLAYER_COLOURS[player] if len(self.towers[c]) >= WINNING_TOWERS)
            return f"{SIDES[player]} has five {COLOUR_NAMES[colour]} towers"
        return None

    @property
    def is_over(self) -> bool:
        return bool(self.winners) or self.unfinished

    @property
    def unfinished(self) -> bool:
        limit = self.game.max_turns
        return not self.winners and limit is not None and self.turns >= limit

    # Rules ------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Any]:
        """Every legal ply: at a roll the 36 rolls; otherwise ``combine:…`` (when allowed), the
        piece moves ordered by source then target square (a1, b1, … e5), then ``end``."""
        return list(self._legal)

    @cached_property
    def _legal(self) -> tuple[Any, ...]:
        if self.is_over:
            return ()
        if self.to_move == CHANCE:
            return tuple(roll for roll, _ in _OUTCOMES[self.colours])
        moves: list[Any] = []
        if self._may_combine:
            moves += [Combine(c) for c in self.colours]
        moves += self._piece_moves()
        if not self._stranded:
            moves.append(END_TURN)
        return tuple(moves)

    def _piece_moves(self) -> list[PieceMove]:
        ctx, board, points = self._ctx, self.board, self.points
        dist, _, order = routes(ctx.blocked)
        strict = self.game.landing == "strict"
        lone = self._lone_stranded
        moves = []
        for src, stack in enumerate(board):
            index = mover_index(stack, ctx)
            if index < 0 or not points[index]:
                continue
            piece, budget, reach, row = stack[-1], points[index], dist[src], _MOVES[src]
            # Where this piece may rest once it has left src (src itself shows what it stood on).
            rests = [can_rest(piece, other) for other in board]
            rests[src] = can_rest(piece, stack[:-1])
            # After this move, no piece but this one would rest where it may not.
            alone = not self._stranded or src == lone
            for dst in range(GRID.size):
                cost = reach[dst]
                if cost == 0 or cost > budget:
                    continue
                if rests[dst]:
                    if strict or alone:
                        moves.append(row[dst])
                        continue
                elif strict:
                    continue
                elif alone and any(rests[t] for t in order[dst] if dist[dst][t] <= budget - cost):
                    # Only this piece would rest where it may not, and it can move on at once.
                    moves.append(row[dst])
                    continue
                if lone is not None and not alone and dst != lone and self._lone_settles_after(src, dst, index, cost, rests):
                    moves.append(row[dst])
                    continue
                if self._can_finish_after(src, dst, index, cost):
                    moves.append(row[dst])
        return moves

    @cached_property
    def _lone_stranded(self) -> int | None:
        """The square of the one piece resting where it may not, when nothing lies on it."""
        stranded = self._stranded
        if len(stranded) == 1 and stranded[0][1] == len(self.board[stranded[0][0]]) - 1:
            return stranded[0][0]
        return None

    @cached_property
    def _lone_rests(self) -> list[bool]:
        """Where the lone stranded piece may rest (not on its own square)."""
        lone = self._lone_stranded
        piece = self.board[lone][-1]
        return [square != lone and can_rest(piece, stack) for square, stack in enumerate(self.board)]

    def _lone_settles_after(self, src: int, dst: int, index: int, cost: int, rests: list[bool]) -> bool:
        """Whether, after moving another piece from ``src`` to ``dst``, the lone stranded piece
        and that piece (if it rests where it may not) can each go straight to a square of its
        own where it may rest, within the pips left (``rests``: where the moved piece may)."""
        board, ctx = self.board, self._ctx
        lone, piece = self._lone_stranded, board[src][-1]
        below = board[dst]
        if piece.size == 1 and len(below) == 2 and tower_shape(below + (piece,)):
            return False  # a tower: leave it to the search
        dist, _, order = routes(ctx.blocked)
        stranded = board[lone][-1]
        own = mover_index(board[lone], ctx)
        left = spend(self.points, index, cost)
        lone_rests = list(self._lone_rests)
        lone_rests[src] = can_rest(stranded, board[src][:-1])
        lone_rests[dst] = can_rest(stranded, (piece,))
        if rests[dst]:
            return any(lone_rests[t] for t in order[lone] if dist[lone][t] <= left[own])
        for x in order[lone]:
            if dist[lone][x] > left[own]:
                break
            if x == dst or not lone_rests[x]:
                continue
            budget = left[index] - (dist[lone][x] if own == index else 0)
            for y in order[dst]:
                if dist[dst][y] > budget:
                    break
                if y != x and y != lone and rests[y]:
                    return True
        return False

    def _can_finish_after(self, src: int, dst: int, index: int, cost: int) -> bool:
        """Whether the turn can still end legally after moving ``src`` to ``dst`` (or it wins at once)."""
        ctx = self._ctx
        board, moved, supply, won = move_piece(self.board, self.moved, self.supply, src, dst, ctx.counts)
        if won:
            return True
        return finishable(ctx, board, spend(self.points, index, cost), moved, supply, self._turn_table)

    @cached_property
    def _turn_table(self) -> "TurnTable":
        """The table of this turn: handed on to the states of its piece moves, new after a roll."""
        return self.turn_table if self.turn_table is not None else TurnTable()

    @cached_property
    def _ctx(self) -> "Context":
        return context(self.board, self.player, self.game.tower_without_black_counts)

    @cached_property
    def _stranded(self) -> list[tuple[int, int]]:
        """(square, height) of every moved piece resting where it may not end the turn."""
        return stranded_pieces(self.board, self.moved)

    @property
    def _may_combine(self) -> bool:
        return (self.dice is not None and self.points == self.dice and not self.moved
                and max(self.dice) <= 3)

    def _why_illegal(self, move: Any) -> str | None:
        who = SIDES[self.player]
        if isinstance(move, Roll):
            if self.to_move != CHANCE:
                return f"the dice have already been rolled this turn; {who} moves pieces, combines or plays 'end'"
            if move.colours != self.colours:
                return f"it is {who}'s roll, with the {_colour_pair(self.colours)} dice (e.g. {_ROLLS[self.colours][4][1]})"
            return None
        if self.to_move == CHANCE:
            return f"the dice have not been rolled yet: {who} rolls first (a roll such as {_ROLLS[self.colours][4][1]})"
        if isinstance(move, EndTurn):
            if self._stranded:
                return _stranded_text(self.board, self._stranded, ", where no piece may end the turn; move it on first")
            return None
        if isinstance(move, Combine):
            if move.colour not in self.colours:
                return f"{who}'s colours are {_colour_pair(self.colours)}"
            if max(self.dice) > 3:
                return f"the dice may be combined only when both show 3 or less ({_pair_text(self.dice, self.colours)})"
            if not self._may_combine:
                return "the dice may be combined only as the first ply after the roll"
            return None
        return self._why_illegal_move(move)

    def _why_illegal_move(self, move: PieceMove) -> str | None:
        who, ctx, board = SIDES[self.player], self._ctx, self.board
        squares = _SQUARES.get(move)
        if squares is None:
            bad = move.source if move.source not in GRID.names else move.target
            return f"{bad!r} is not a square of the 5×5 board"
        src, dst = squares
        here, there = GRID.names[src], GRID.names[dst]
        if src == dst:
            return "a move must leave its square"
        stack = board[src]
        if not stack:
            return f"there is no piece on {here}"
        piece = stack[-1]
        if piece.colour == "K":
            return f"the top of {here} is a {_piece_name(piece)} capping a tower, and black pyramids never move"
        if piece.size == 3:
            return f"the top of {here} is a {_piece_name(piece)}, and large pyramids never move"
        if piece.colour not in self.colours:
            reason = f"the top of {here} is a {_piece_name(piece)}, and {who} moves only {_colour_pair(self.colours)} pieces"
            if any(p.colour in self.colours and p.size < 3 for p in stack[:-1]):
                reason += " (only the top piece of a stack moves)"
            return reason
        if mover_index(stack, ctx) < 0:
            return f"the {_piece_name(piece)} on {here} is part of a tower and never moves"
        index = self.colours.index(piece.colour)
        budget = self.points[index]
        colour = COLOUR_NAMES[piece.colour]
        if not budget:
            return f"no {colour} pips are left this turn"
        cost = routes(ctx.blocked)[0][src][dst]
        opponent = SIDES[1 - self.player]
        if ctx.blocked >> dst & 1:
            return f"{there} is a {opponent} blockade, which {who} pieces may neither enter nor cross"
        if cost >= INF:
            return f"every path from {here} to {there} crosses a {opponent} blockade, which {who} pieces may not cross"
        if cost > budget:
            route = "-".join(GRID.names[s] for s in path(ctx.blocked, src, dst))
            return (f"the {_piece_name(piece)} needs {plural(cost, colour + ' pip')} to reach {there} "
                    f"(cheapest path {route}) but only {budget} {'is' if budget == 1 else 'are'} left")
        rests = can_rest(piece, board[dst])
        if self.game.landing == "strict":
            if not rests:
                return f"the {_piece_name(piece)} may not end a move on {there}: {_why_not_rest(piece, board[dst])}"
            return None
        if rests and not self._stranded:
            return None
        if self._can_finish_after(src, dst, index, cost):
            return None
        after, moved, _, _ = move_piece(board, self.moved, self.supply, src, dst, ctx.counts)
        left = spend(self.points, index, cost)
        return ("the turn could not be ended legally after it: "
                + _stranded_text(after, stranded_pieces(after, moved), "")
                + f", and with {_pair_text(left, self.colours, 'pips')} left no sequence of moves brings every moved piece"
                " to a square where it may rest, so it would be stranded")

    def _apply(self, move: Any) -> "BlockadeState":
        game, player, who = self.game, self.player, SIDES[self.player]
        if isinstance(move, Roll):
            text = f"{who} rolls {_pair_text(move.values, move.colours)}."
            if max(move.values) <= 3:
                text += f" Both dice show 3 or less, so {who} may combine them ({' or '.join(str(Combine(c)) for c in move.colours)})."
            ev = event("roll", text, player=player, dice=str(move), colours=list(move.colours), values=list(move.values))
            return BlockadeState(game, self.board, player, player, move.values, move.values, self.supply, (), self.turns,
                                 move)._prime(events=(ev,))
        if isinstance(move, Combine):
            total = sum(self.dice)
            points = tuple(total if c == move.colour else 0 for c in self.colours)
            ev = event("combine", f"{who} combines the dice: {_pair_text(points, self.colours, 'pips')}.",
                       player=player, colour=move.colour, points=total)
            return BlockadeState(game, self.board, player, player, self.dice, points, self.supply, (), self.turns,
                                 move, self._turn_table)._prime(events=(ev,))
        if isinstance(move, EndTurn):
            text = f"{who} ends the turn."
            lost = [plural(n, COLOUR_NAMES[c] + " pip") for c, n in zip(self.colours, self.points) if n]
            if lost:
                text += f" Unused: {' and '.join(lost)}, lost."
            events = [event("end", text, player=player, lost=list(self.points))]
            after = BlockadeState(game, self.board, CHANCE, 1 - player, None, None, self.supply, (), self.turns + 1, move)
            if after.unfinished:
                events.append(event("turn_limit", f"The turn limit of {game.max_turns} turns is reached: the game stops unfinished.",
                                    turns=after.turns))
            return after._prime(events=events)
        return self._apply_move(move)

    def _apply_move(self, move: PieceMove) -> "BlockadeState":
        game, player, who, ctx = self.game, self.player, SIDES[self.player], self._ctx
        src, dst = _SQUARES[move]
        piece = self.board[src][-1]
        index = self.colours.index(piece.colour)
        route = path(ctx.blocked, src, dst)
        cost = len(route) - 1
        points = spend(self.points, index, cost)
        board, moved, supply, won = move_piece(self.board, self.moved, self.supply, src, dst, ctx.counts)
        names = [GRID.names[s] for s in route]
        below = self.board[dst]
        rests = can_rest(piece, below)
        text = f"{_piece_name(piece).capitalize()} {names[0]}→{names[-1]} ({plural(cost, 'pip')}, {points[index]} left)."
        if not rests:
            text += f" It may not rest on {_onto(below)}, so it must move on before the turn ends."
        events = [event("move", text, player=player, piece=str(piece), colour=piece.colour, source=names[0],
                        target=names[-1], path=names, pips=cost, left=points[index], rests=rests)]
        tower = board[dst]
        if piece.size == 1 and len(below) == 2 and tower_shape(tower):
            colour = COLOUR_NAMES[piece.colour].capitalize()
            opponent = SIDES[1 - player]
            if supply != self.supply:
                cap = tower[3]
                text = f"{colour} tower on {names[-1]} capped with a {SIZE_NAMES[cap.size]} black: a blockade for {opponent}."
                events.append(event("tower", text, player=player, colour=piece.colour, square=names[-1], cap=str(cap), blockade=True, counts=True))
            elif ctx.counts:
                text = (f"{colour} tower on {names[-1]} completed, but no black is left to cap it: "
                        "it counts towards the five but is not a blockade.")
                events.append(event("tower", text, player=player, colour=piece.colour, square=names[-1], cap=None, blockade=False, counts=True))
            else:
                text = (f"The {COLOUR_NAMES[piece.colour]} small completes a tree on {names[-1]}, but no black is left to cap it, "
                        "so it is not a tower.")
                events.append(event("tree", text, player=player, colour=piece.colour, square=names[-1], cap=None, blockade=False, counts=False))
        after = BlockadeState(game, board, player, player, self.dice, points, supply, moved, self.turns, move,
                              self._turn_table)
        if won:
            events.append(event("win", f"{who} wins with five {COLOUR_NAMES[piece.colour]} towers.",
                                player=player, colour=piece.colour, winners=[player]))
        return after._prime(events=events)

    # Text -------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """Board text, then ``to_move player dice points supply moved`` (and ``turns`` under a turn limit).

        >>> print(Blockade().new_state(seed=2).to_text())
        C3G2G2G2G2G2 B3B1 B3B1 B3B1 C3R2R2R2R2R2
        R3R1 R3R1 R3R1 B3B1 Y3Y1
        R3R1 G3G1 C3 B3B1 Y3Y1
        R3R1 G3G1 Y3Y1 Y3Y1 Y3Y1
        C3Y2Y2Y2Y2Y2 G3G1 G3G1 G3G1 C3B2B2B2B2B2
        to_move=-1 player=1 dice=- points=- supply=K3:5,K2:5,K1:5 moved=-
        """
        dice = "-" if self.dice is None else format_pair(self.dice, self.player)
        points = "-" if self.points is None else format_pair(self.points, self.player)
        supply = ",".join(f"K{3 - i}:{n}" for i, n in enumerate(self.supply))
        moved = ",".join(GRID.names[s] for s in self.moved) or "-"
        fields = [f"to_move={self.to_move}", f"player={self.player}", f"dice={dice}", f"points={points}",
                  f"supply={supply}", f"moved={moved}"]
        if self.game.max_turns is not None:
            fields.append(f"turns={self.turns}")
        return GRID.format_board([format_stack(s) for s in self.board]) + "\n" + " ".join(fields)

    def _ascii(self) -> str:
        moved = set(self.moved)
        cells = [format_stack(s) + ("*" if i in moved else "") for i, s in enumerate(self.board)]
        lines = [GRID.ascii_board(cells)]
        who = SIDES[self.player]
        if self.is_over:
            status = "stopped unfinished (turn limit)" if self.unfinished else f"game over: {SIDES[self.winners[0]]} wins"
        elif self.to_move == CHANCE:
            status = f"{who} to roll"
        else:
            status = f"{who} to move, dice {format_pair(self.dice, self.player)}, pips left {format_pair(self.points, self.player)}"
        supply = " ".join(f"K{3 - i}×{n}" for i, n in enumerate(self.supply))
        towers = ", ".join(f"{c}{len(self.towers[c])}" for c in "RYGB")
        lines.append(f" {status}; blacks {supply}; towers {towers}" + ("; * moved this turn" if moved else ""))
        return "\n".join(lines)


# Private helpers ------------------------------------------------------------------------------

_MOVE_TEXT = re.compile(r"^([a-z]\d{1,2})-([a-z]\d{1,2})$")
_COMBINE_TEXT = re.compile(r"^combine:([RYGB])$")
_ROLL_TEXT = re.compile(r"^([RYGB])([1-6])([RYGB])([1-6])$")


def _setup_board() -> tuple[tuple[Piece, ...], ...]:
    rows = SETUP_LARGES.split()
    board = []
    for square in range(GRID.size):
        colour = rows[4 - square // 5][square % 5]
        stack = (PIECES[colour + "3"],) if colour == "C" else (PIECES[colour + "3"], PIECES[colour + "1"])
        medium = CORNER_MEDIUMS.get(GRID.names[square])
        if medium:
            stack += (PIECES[medium + "2"],) * 5
        board.append(stack)
    return tuple(board)


SETUP_BOARD = _setup_board()


def _why_not_rest(piece: Piece, below: tuple) -> str:
    top = below[-1]
    if top.colour == piece.colour:
        return f"a {SIZE_NAMES[piece.size]} may rest on its own colour only on a piece at least as big (here a {SIZE_NAMES[top.size]})"
    if top.colour == "K":
        if below[0].colour != piece.colour:
            return f"the black there caps a {COLOUR_NAMES[below[0].colour]} tower, not a {COLOUR_NAMES[piece.colour]} one"
        return f"a piece may rest on a black only if the black is bigger, and that black is a {SIZE_NAMES[top.size]}"
    return f"its top is a {_piece_name(top)}, and a {COLOUR_NAMES[piece.colour]} piece may rest only on {COLOUR_NAMES[piece.colour]}, clear, or a bigger black capping a {COLOUR_NAMES[piece.colour]} tower"


# Private helpers: texts -----------------------------------------------------------------------


def _piece_name(piece: Piece) -> str:
    """``"green small"``, ``"large black"``: colour first for coloured pieces, as players say it."""
    if piece.colour == "K":
        return f"{SIZE_NAMES[piece.size]} black"
    return piece.name


def _onto(below: tuple) -> str:
    top = below[-1]
    if top.colour == "K":
        return f"a {_piece_name(top)} capping a {COLOUR_NAMES[below[0].colour]} tower"
    return f"a {_piece_name(top)}"


def _stranded_text(board: tuple, stranded: list, ending: str) -> str:
    """``"the green small on c2 rests on a yellow small" + ending``, for every stranded piece."""
    parts = [f"the {_piece_name(board[square][level])} on {GRID.names[square]} rests on {_onto(board[square][:level])}"
             for square, level in stranded]
    return "; ".join(parts) + ending


def _colour_pair(colours: tuple[str, str]) -> str:
    return f"{COLOUR_NAMES[colours[0]]} and {COLOUR_NAMES[colours[1]]}"


def _pair_text(values: tuple[int, int], colours: tuple[str, str], unit: str = "") -> str:
    """``"green 5, blue 2"`` or, with a unit, ``"5 green pips, 0 blue pips"``."""
    if unit:
        return ", ".join(f"{v} {COLOUR_NAMES[c]} {unit if v != 1 else unit[:-1]}" for c, v in zip(colours, values))
    return ", ".join(f"{COLOUR_NAMES[c]} {v}" for c, v in zip(colours, values))
