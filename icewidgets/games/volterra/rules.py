"""Volterra: stack the tiles next to your pawn and keep the tallest towers.

The rules as implemented, exactly; for players the same rules in plain words are
:data:`.teaching.HOW_TO_PLAY` (``Volterra.how_to_play``, printed by ``iw.rules_sheet``):

1. Ten dark (``D``) and ten light (``L``) square tiles fill a 5×4 board as a checkerboard,
   ``a1`` dark (our reading: the published text says 'a small "chess board" (4 x 5)', naming
   neither its orientation nor its dark corner); the dark pawn stands on ``c3``, the light
   pawn on ``c2``. Player 0 is Dark, player 1 is Light; Dark starts unless ``first_player=1``
   (the published text lets the players "designate the first player on turn").
2. A *tower* is any non-empty square; its owner is the colour of its top tile, its height
   the number of tiles. *Neighbouring* means the 8 surrounding squares. A tower has a *free
   side* when one of its 4 orthogonal neighbours is empty or off the board (pawns do not
   matter, diagonal gaps do not count).
3. A turn is two plies in either order: one *pawn action* and one *tower action*.
4. Pawn action: move your pawn to a neighbouring tower with your colour on top (never the
   square it stands on, never the other pawn's square).
5. Tower action, judged from your pawn's current square P: take the top one or top two tiles
   of a neighbouring tower S of P whose top is yours, that has a free side and carries no
   pawn (the lower of two tiles may be the opponent's), and put them, in order, onto another
   neighbouring tower T of P that carries no pawn. T need not touch S (unless the option
   ``dest_adjacent_to_source`` is on); T is never an empty square.
6. When S becomes empty the towers may fall apart (8-connectivity: corners connect). Every
   part without a pawn is forfeited (the published text: "the other part is forfeited"). Our
   reading, the default: it leaves the game (``forfeit_removes``).
7. A ply is legal only if the turn can still be completed. The game ends when the player to
   move cannot complete a turn in either order (``end_check="both"``: when either player
   could not, checked after every turn). Each player's tower heights, sorted from the
   highest, are compared lexicographically (a missing entry counts as 0, towers under pawns
   count); the larger list wins, equal lists draw.
8. Variant ``layout="free"``: the board starts empty; starting with the first player the
   players alternately place their own tiles on any empty square until all 20 are down, then
   the first player and then the other puts the pawn on a tile of their own colour. Then the
   first player takes the first turn.

Notation. Plies: ``@b4`` moves your pawn to b4; ``b4-b3`` moves the top tile of b4 onto b3,
``2b4-b3`` the top two. Layout plies (free layout only): ``Db3`` / ``Lb3`` put a dark / light
tile on b3, ``@Dc3`` / ``@Lc2`` put the dark / light pawn on c3 / c2. The position text is
the board (rank 4 first, stacks bottom→top, a pawn written after its stack: ``LD@D``, ``.``
empty) and the fields ``to_move``, ``done`` (which half of the turn is done: ``-``, ``pawn``
or ``tower``) and, only when needed, ``phase=place`` and ``hand`` (dark,light tiles still to
place) while a free layout is laid, ``turns`` (whole turns played, written under a turn
limit) and ``forfeited`` (dark,light tiles that left the game in cut-off parts, written once
not ``0,0``). ``turns`` and ``forfeited`` count the game's history: they do not affect
equality.

>>> import icewidgets as iw
>>> state = iw.make("volterra").new_state()
>>> state = state.play("b4-b3").play("@b3")
>>> [str(e) for e in state.events]
["Dark's pawn moves from c3 to b3.", 'The turn passes to Light.']
>>> state.stack("b3"), state.to_move
('LD@D', 1)

Choices where the published rules leave one:

- ``forfeit_removes=False`` (our alternative reading of "forfeited") keeps a forfeited part on the board. It is
  out of play all the same: a pawn or a tower action can never reach a part the pawns are cut
  off from (towers only ever move between squares next to a pawn, and the set of occupied
  squares only shrinks), so the only difference is that its towers still count at the end.
  The ``forfeited`` field stays ``0,0`` then; ``state.cut_off`` lists such squares.
- Only a part that the last tower action cut off is forfeited: a loaded puzzle may hold
  pawn-less parts from the start, and they stay (and count) like kept parts.
- A tower action first can always be completed (the pawn can step onto the tower it just
  built), so only a pawn move first can be refused for leaving no tower action.
- ``end_check="both"`` checks both players after every completed turn and at the start; the
  game also ends at once when a loaded half-done turn cannot be finished.
- ``symmetric=True`` (free layout): the layout must be point-symmetric with the colours
  swapped (the 180° turn of the board maps a dark tile to a light one, as in the default
  checkerboard layout, so both players see the same board from their seats). A tile must answer the
  opponent's last tile on its mirror square, and the second pawn goes on the mirror square of
  the first when it can. With the checkerboard (already symmetric) the option does nothing.
- A ``max_turns`` limit stops the game unfinished (no winners) after that many whole turns.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from ...grid import Grid, parse_fields, parse_int_field, split_position
from ...pieces import Piece, format_stack, parse_stack
from ...protocol import Event, Game, NotationError, State, event
from ...randomness import check_seed
from .board import (COLOUR_WORD, COLOURS, DARK, GRID, INDEX, LIGHT, NAMES, NEIGHBOUR_SETS, NEIGHBOURS, TILE,
                    TILES_PER_COLOUR, can_complete, cut_off_parts, has_tower_action, next_placer, occupancy, pawn_reach,
                    pawn_squares, square_list, tile_squares, tower_sources)
from .explain import pawn_move_problem, placement_problem, tower_move_problem, turn_end_events

HALVES = ("-", "pawn", "tower")


# Options --------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, repr=False)  # Game.__repr__ shows make("volterra", …)
class Volterra(Game):
    """Volterra's rules and options.

    ``players`` must be 2; ``first_player`` 0 (Dark) or 1 (Light);
    ``dest_adjacent_to_source`` (a tower may only land next to where it came from, as well as
    next to the pawn); ``forfeit_removes`` (cut-off parts leave the game; off: they stay and
    count); ``end_check`` ``"to_move"`` or ``"both"``; ``layout`` ``"checkerboard"`` or
    ``"free"``; ``symmetric`` (free layout must be point-symmetric); ``max_turns``.

    >>> Volterra(first_player=1).new_state().to_move
    1
    >>> Volterra(layout="free").new_state().to_text().splitlines()[-1]
    'to_move=0 phase=place hand=10,10 done=-'
    """

    players: int = 2
    first_player: int = 0
    dest_adjacent_to_source: bool = False
    forfeit_removes: bool = True
    end_check: str = "to_move"
    layout: str = "checkerboard"
    symmetric: bool = False
    max_turns: int | None = None

    name: ClassVar[str] = "volterra"
    title: ClassVar[str] = "Volterra"
    example_move: ClassVar[str] = "@b4"
    grid: ClassVar[Grid] = GRID

    def __post_init__(self) -> None:
        if self.players != 2 or isinstance(self.players, bool):
            raise ValueError(f"players={self.players!r} is not valid for volterra: Volterra is for exactly 2 players")
        self._check_choice("first_player", (0, 1))
        self._check_bool("dest_adjacent_to_source")
        self._check_bool("forfeit_removes")
        self._check_choice("end_check", ("to_move", "both"))
        self._check_choice("layout", ("checkerboard", "free"))
        self._check_bool("symmetric")
        self._check_int("max_turns", 1, allow_none=True)

    def player_name(self, player: int) -> str:
        return ("Dark", "Light")[player]

    def new_state(self, seed: Any = None) -> "VolterraState":
        """The checkerboard start, or the empty board of the free layout (``seed`` is unused)."""
        check_seed(seed)  # refused even where unused, as in every game
        if self.layout == "free":
            return VolterraState(self, ((),) * GRID.size, (None, None), self.first_player,
                                 phase="place", hand=(TILES_PER_COLOUR, TILES_PER_COLOUR))
        board = tuple((DARK,) if (GRID.file_of(i) + GRID.rank_of(i)) % 2 == 0 else (LIGHT,) for i in range(GRID.size))
        return VolterraState(self, board, (INDEX["c3"], INDEX["c2"]), self.first_player)

    def state_from_text(self, text: str, partial: bool | None = None) -> "VolterraState":
        """The position written by :meth:`VolterraState.to_text`. A sparse position (part of a
        board) loads and is marked :attr:`~icewidgets.protocol.State.partial`; ``partial``
        decides what else loads (:meth:`~icewidgets.protocol.Game.state_from_text`)."""
        lines, field_line = split_position(text)
        board: list[tuple[Piece, ...]] = []
        pawns: list[int | None] = [None, None]
        for square, token in enumerate(GRID.parse_board(lines)):
            stack, pawn = _parse_square(token, NAMES[square])
            board.append(stack)
            if pawn is not None:
                if pawns[pawn] is not None:
                    raise NotationError(f"{token!r} on {NAMES[square]}: there is only one {COLOUR_WORD[pawn]} pawn, "
                                        f"and it already stands on {NAMES[pawns[pawn]]}")
                pawns[pawn] = square
        fields = parse_fields(field_line, ["to_move", "phase", "hand", "done", "turns", "forfeited"])
        to_move = parse_int_field(fields, "to_move", 0, 0, 1)
        phase = fields.get("phase", "play")
        if phase not in ("play", "place"):
            raise NotationError(f"field phase={phase!r} must be 'play' or 'place'")
        if phase == "place" and self.layout != "free":
            raise NotationError("field phase=place belongs to the free layout (layout='free')")
        if "hand" in fields and phase != "place":
            raise NotationError("field hand=… is only used while the free layout is laid (phase=place)")
        hand = _parse_pair(fields, "hand")
        done = fields.get("done", "-")
        if done not in HALVES:
            raise NotationError(f"field done={done!r} must be '-', 'pawn' or 'tower'")
        if done != "-" and phase == "place":
            raise NotationError(f"field done={done} makes no sense while the layout is laid (phase=place)")
        turns = parse_int_field(fields, "turns", 0, 0)
        forfeited = _parse_pair(fields, "forfeited")
        for colour in (0, 1):
            count = sum(piece == TILE[colour] for stack in board for piece in stack) + hand[colour] + forfeited[colour]
            if count > TILES_PER_COLOUR:
                raise NotationError(f"the position has {count} {COLOUR_WORD[colour]} tiles (on the board, in hand and "
                                    f"forfeited), but the set has only {TILES_PER_COLOUR}")
        state = VolterraState(self, tuple(board), tuple(pawns), to_move, done, turns, forfeited, phase, hand)
        if phase == "place":
            if not state._legal:
                raise NotationError(f"to_move={to_move}: {self.player_name(to_move)} has nothing to place in this layout")
        return self._admit(state, partial)

    def parse_move(self, text: str) -> "PawnMove | TowerMove | PlaceTile | PlacePawn":
        """``"@b4"``, ``"b4-b3"``, ``"2b4-b3"``; in the free layout also ``"Db3"`` and ``"@Dc3"``."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Volterra move (write e.g. '@b4' or 'b4-b3')")
        return _parse_move(text.strip())

    @property
    def ply_bound(self) -> int | None:
        if self.max_turns is None:
            return None
        return 2 * self.max_turns + (2 * TILES_PER_COLOUR + 2 if self.layout == "free" else 0)


# Moves ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PawnMove:
    """Move your pawn to ``target`` (a square name)."""

    target: str

    def __str__(self) -> str:
        return f"@{self.target}"


@dataclasses.dataclass(frozen=True)
class TowerMove:
    """Move the top ``count`` tiles of ``source`` onto ``target``."""

    source: str
    target: str
    count: int = 1

    def __str__(self) -> str:
        return f"{'' if self.count == 1 else self.count}{self.source}-{self.target}"


@dataclasses.dataclass(frozen=True)
class PlaceTile:
    """Free layout: put a tile of ``colour`` (``"D"`` or ``"L"``) on the empty square ``target``."""

    colour: str
    target: str

    def __str__(self) -> str:
        return f"{self.colour}{self.target}"


@dataclasses.dataclass(frozen=True)
class PlacePawn:
    """Free layout: put the pawn of ``colour`` on the square ``target``."""

    colour: str
    target: str

    def __str__(self) -> str:
        return f"@{self.colour}{self.target}"


Volterra.move_types = (PawnMove, TowerMove, PlaceTile, PlacePawn)

# Every move the engine can list, made once: legal_moves() only looks them up.
_PAWN_MOVES = tuple(PawnMove(name) for name in NAMES)
_TOWER_MOVES = {(s, t, n): TowerMove(NAMES[s], NAMES[t], n)
                for s in range(GRID.size) for t in range(GRID.size) for n in (1, 2) if s != t}
_PLACE_TILES = tuple(tuple(PlaceTile(COLOURS[c], name) for name in NAMES) for c in (0, 1))
_PLACE_PAWNS = tuple(tuple(PlacePawn(COLOURS[c], name) for name in NAMES) for c in (0, 1))


# State ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)  # State compares positions (turns only under a limit)
class VolterraState(State):
    """A Volterra position: the towers, the pawns, whose turn and which half of it is done."""

    game: Volterra
    board: tuple[tuple[Piece, ...], ...]
    pawns: tuple[int | None, int | None]
    to_move: int = 0
    done: str = "-"
    # Counters are history, not position: equal boards compare equal whatever came before.
    turns: int = dataclasses.field(default=0, compare=False)
    forfeited: tuple[int, int] = dataclasses.field(default=(0, 0), compare=False)
    phase: str = "play"
    hand: tuple[int, int] = (0, 0)
    last_move: Any = dataclasses.field(default=None, compare=False)

    # Queries ----------------------------------------------------------------------------------

    def stack(self, square: str) -> str:
        """The stack on ``square`` bottom→top with a pawn after it, e.g. ``"LD@D"``; ``"."`` when empty."""
        index = GRID.index(square)
        return _square_text(self.board[index], self.pawns, index)

    def pawn(self, player: int) -> str | None:
        """The square of ``player``'s pawn, or None while it is off the board."""
        square = self.pawns[player]
        return None if square is None else NAMES[square]

    @cached_property
    def heights(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each player's tower heights, highest first (towers under pawns included)."""
        lists: tuple[list[int], list[int]] = ([], [])
        for stack in self.board:
            if stack:
                lists[0 if stack[-1] == DARK else 1].append(len(stack))
        return tuple(tuple(sorted(heights, reverse=True)) for heights in lists)  # type: ignore[return-value]

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's tallest tower (0 with none); the full comparison uses :attr:`heights`."""
        return tuple(h[0] if h else 0 for h in self.heights)  # type: ignore[return-value]

    @cached_property
    def cut_off(self) -> tuple[str, ...]:
        """Squares of towers that no pawn can ever reach (kept parts with ``forfeit_removes=False``)."""
        occupied = occupancy(self.board)
        reach = pawn_reach(occupied, self.pawns)
        return tuple(NAMES[i] for i in range(GRID.size) if (occupied & ~reach) >> i & 1) if self.phase == "play" else ()

    def can_complete_turn(self, player: int | None = None) -> bool:
        """Whether ``player`` (default: the player to move) could play a whole turn from here."""
        player = self.to_move if player is None else player
        return can_complete(self.board, self.pawns, player, self.game.dest_adjacent_to_source)

    # Results ----------------------------------------------------------------------------------

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """What the last ply did (primed by the ply itself; none for a start or loaded position)."""
        return ()

    @cached_property
    def end_reason(self) -> str | None:
        """Why the game ended by the rules (``"Dark cannot complete a turn"``), or None."""
        if self.phase == "place":
            return None
        names = self.game.player_name
        if self.done != "-":
            return None if self._legal else f"{names(self.to_move)} cannot complete the turn"
        players = (self.to_move,) if self.game.end_check == "to_move" else (self.to_move, 1 - self.to_move)
        stuck = [p for p in players if not self.can_complete_turn(p)]
        if len(stuck) == 2:
            return "Neither player can complete a turn"
        if stuck:
            return f"{names(stuck[0])} cannot complete a turn"
        return None

    @property
    def unfinished(self) -> bool:
        limit = self.game.max_turns
        return (limit is not None and self.turns >= limit and self.done == "-" and self.phase == "play"
                and self.end_reason is None)

    @cached_property
    def winners(self) -> tuple[int, ...]:
        if self.end_reason is None:
            return ()
        dark, light = self.heights
        if dark == light:
            return ()
        return (0,) if dark > light else (1,)

    # Rules ------------------------------------------------------------------------------------

    def legal_moves(self) -> list:
        """Every legal ply. Play: pawn moves (by square a1, b1, …), then tower moves (by source,
        one tile before two, then by target). Layout: placements by square."""
        if self.is_over:
            return []
        return list(self._legal)

    @cached_property
    def _legal(self) -> tuple:
        board, pawns, player = self.board, self.pawns, self.to_move
        if self.phase == "place":
            if self.hand[player]:
                return tuple(_PLACE_TILES[player][s] for s in tile_squares(board, player, self.game.symmetric))
            if pawns[player] is None and not any(self.hand):
                return tuple(_PLACE_PAWNS[player][s] for s in pawn_squares(board, pawns, player, self.game.symmetric))
            return ()
        here = pawns[player]
        if here is None:
            return ()
        adjacent = self.game.dest_adjacent_to_source
        moves: list = []
        if self.done != "pawn":
            own, other = TILE[player], pawns[1 - player]
            for target in NEIGHBOURS[here]:
                stack = board[target]
                if stack and stack[-1] == own and target != other:
                    if self.done == "tower" or has_tower_action(board, target, own, other, adjacent):
                        moves.append(_PAWN_MOVES[target])
        if self.done != "tower":
            moves.extend(_tower_actions(board, pawns, player, adjacent))
        return tuple(moves)

    def _why_illegal(self, move: Any) -> str | None:
        # Listed moves are shared objects, so a move just picked from legal_moves() is found by
        # identity; anything else gets the full check, which also finds the reason.
        known = self.__dict__.get("_legal")
        if known is not None:
            for legal in known:
                if legal is move:
                    return None
        who = self.game.player_name(self.to_move)
        squares = [getattr(move, key) for key in ("source", "target", "square") if hasattr(move, key)]
        for name in squares:
            if name not in INDEX:
                return f"{name} is not a square of the 5×4 board"
        if isinstance(move, (PlaceTile, PlacePawn)):
            return placement_problem(self, move, "tile" if isinstance(move, PlaceTile) else "pawn", who)
        if self.phase == "place":
            what = "a tile (e.g. Db3)" if self.hand[self.to_move] else "the pawn (e.g. @Dc3)"
            return f"the board is still being laid out: {who} must place {what} first"
        if self.pawns[self.to_move] is None:
            return f"{who} has no pawn on the board"
        if isinstance(move, PawnMove):
            return pawn_move_problem(self, move, who)
        return tower_move_problem(self, move, who)

    def _apply(self, move: Any) -> "VolterraState":
        if isinstance(move, (PlaceTile, PlacePawn)):
            return self._apply_placement(move)
        player, game = self.to_move, self.game
        who = game.player_name(player)
        board, pawns, forfeited = self.board, self.pawns, self.forfeited
        if isinstance(move, PawnMove):
            target = INDEX[move.target]
            source = pawns[player]
            pawns = (target, pawns[1]) if player == 0 else (pawns[0], target)
            events = [event("pawn_moved", f"{who}'s pawn moves from {NAMES[source]} to {move.target}.",
                            player=player, source=NAMES[source], target=move.target, pawn=COLOURS[player])]
            half = "pawn"
        else:
            source, target, count = INDEX[move.source], INDEX[move.target], move.count
            cells = list(board)
            moved = cells[source][-count:]
            cells[source] = cells[source][:-count]
            cells[target] = cells[target] + moved
            height = len(cells[target])
            what = "top tile" if count == 1 else "top two tiles"
            events = [event("tower_moved", f"{who} moves the {what} of {move.source} onto {move.target}: tower of {height}.",
                            player=player, source=move.source, target=move.target, count=count,
                            pieces=format_stack(moved), height=height)]
            if not cells[source]:
                forfeited = self._separate(cells, source, events)
            board = tuple(cells)
            half = "tower"
        if self.done == "-":
            return VolterraState(game, board, pawns, player, half, self.turns, forfeited, "play", (0, 0),
                                 move)._prime(events=events)
        after = VolterraState(game, board, pawns, 1 - player, "-", self.turns + 1, forfeited, "play", (0, 0), move)
        return after._prime(events=events + turn_end_events(after))

    def _separate(self, cells: list, emptied: int, events: list) -> tuple[int, int]:
        """Forfeit the parts that emptying ``emptied`` cut off from both pawns; edits ``cells``."""
        forfeited = list(self.forfeited)
        remove = self.game.forfeit_removes
        for part in cut_off_parts(cells, emptied, self.pawns):
            squares = [i for i in range(GRID.size) if part >> i & 1]
            stacks = [format_stack(cells[i]) for i in squares]
            names = square_list(squares)
            verb = "is" if len(squares) == 1 else "are"
            if remove:
                for i in squares:
                    for piece in cells[i]:
                        forfeited[0 if piece == DARK else 1] += 1
                    cells[i] = ()
                text = f"{names} {verb} cut off from both pawns and leave{'s' if len(squares) == 1 else ''} the game."
            else:
                them, they, stay = ("it", "it", "stays") if len(squares) == 1 else ("them", "they", "stay")
                text = (f"{names} {verb} cut off from both pawns: no pawn can reach {them} any more, "
                        f"but {they} {stay} on the board and still count{'s' if len(squares) == 1 else ''}.")
            events.append(event("cut_off", text, squares=tuple(NAMES[i] for i in squares), stacks=tuple(stacks),
                                removed=remove))
        return (forfeited[0], forfeited[1])

    def _apply_placement(self, move: PlaceTile | PlacePawn) -> "VolterraState":
        player, game = self.to_move, self.game
        who = game.player_name(player)
        square = INDEX[move.target]
        board, pawns, hand = self.board, self.pawns, self.hand
        if isinstance(move, PlaceTile):
            cells = list(board)
            cells[square] = (TILE[player],)
            board = tuple(cells)
            hand = (hand[0] - 1, hand[1]) if player == 0 else (hand[0], hand[1] - 1)
            events = [event("tile_placed", f"{who} places a {COLOUR_WORD[player]} tile on {move.target}.",
                            player=player, square=move.target, piece=COLOURS[player])]
        else:
            pawns = (square, pawns[1]) if player == 0 else (pawns[0], square)
            events = [event("pawn_placed", f"{who} places the {COLOUR_WORD[player]} pawn on {move.target}.",
                            player=player, square=move.target, pawn=COLOURS[player])]
        following = next_placer(board, pawns, hand, player, game.first_player, game.symmetric)
        if following is not None:
            return VolterraState(game, board, pawns, following, "-", self.turns, self.forfeited, "place", hand,
                                 move)._prime(events=events)
        after = VolterraState(game, board, pawns, game.first_player, "-", self.turns, self.forfeited, "play", (0, 0),
                              move)
        events.append(event("layout_done", f"The layout is complete: {game.player_name(after.to_move)} begins.",
                            player=after.to_move))
        return after._prime(events=events + turn_end_events(after, passed=False))

    # Text -------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """Board text, then ``to_move=… done=…`` (``phase=place hand=…`` while laying out, ``turns=``
        under a turn limit, ``forfeited=`` once tiles have left the game).

        >>> print(Volterra(max_turns=30).new_state().play("@b4").to_text().splitlines()[-1])
        to_move=0 done=pawn turns=0
        """
        cells = [_square_text(stack, self.pawns, i) for i, stack in enumerate(self.board)]
        fields = [f"to_move={self.to_move}"]
        if self.phase == "place":
            fields += ["phase=place", f"hand={self.hand[0]},{self.hand[1]}"]
        fields.append(f"done={self.done}")
        if self.game.max_turns is not None:
            fields.append(f"turns={self.turns}")
        if any(self.forfeited):
            fields.append(f"forfeited={self.forfeited[0]},{self.forfeited[1]}")
        return GRID.format_board(cells) + "\n" + " ".join(fields)

    def _ascii(self) -> str:
        cells = [_square_text(stack, self.pawns, i) for i, stack in enumerate(self.board)]
        lines = [GRID.ascii_board(cells)]
        for player in (0, 1):
            marker = "*" if player == self.to_move and not self.is_over else " "
            heights = ", ".join(map(str, self.heights[player])) or "none"
            lines.append(f"{marker}{self.game.player_name(player)}: towers {heights}")
        who = self.game.player_name(self.to_move)
        if self.result == "playing":
            if self.phase == "place":
                status = f"{who} to place a {'tile' if self.hand[self.to_move] else 'pawn'}"
            else:
                status = {"-": f"{who} to move (pawn and tower)", "pawn": f"{who} to move the tower",
                          "tower": f"{who} to move the pawn"}[self.done]
        elif self.result == "unfinished":
            status = "stopped unfinished (turn limit)"
        elif self.result == "draw":
            status = "game over: a draw"
        else:
            status = f"game over: {self.game.player_name(self.winners[0])} wins"
        lines.append(f" turn {self.turns + 1}, {status}")
        return "\n".join(lines)


# Private helpers ------------------------------------------------------------------------------

_PAWN_TEXT = re.compile(r"^@([a-z]\d{1,2})$")
_PLACE_PAWN_TEXT = re.compile(r"^@([DL])([a-z]\d{1,2})$")
_PLACE_TILE_TEXT = re.compile(r"^([DL])([a-z]\d{1,2})$")
_TOWER_TEXT = re.compile(r"^(\d+)?([a-z]\d{1,2})-([a-z]\d{1,2})$")


@lru_cache(maxsize=4096)
def _parse_move(text: str) -> Any:
    for pattern, build in ((_PAWN_TEXT, lambda sq: _PAWN_MOVES[sq[0]]),
                           (_PLACE_PAWN_TEXT, lambda sq, c: _PLACE_PAWNS[COLOURS.index(c)][sq[0]]),
                           (_PLACE_TILE_TEXT, lambda sq, c: _PLACE_TILES[COLOURS.index(c)][sq[0]])):
        match = pattern.match(text)
        if match:
            groups = match.groups()
            square = _move_square(groups[-1], text)
            return build((square,), *groups[:-1])
    match = _TOWER_TEXT.match(text)
    if match is None:
        raise NotationError(f"{text!r} is not a Volterra move: write a pawn move like '@b4' or a tower move like "
                            "'b4-b3' (top tile) or '2b4-b3' (top two)")
    count_text, source_text, target_text = match.groups()
    count = int(count_text) if count_text else 1
    if count < 1:
        raise NotationError(f"{text!r} is not a Volterra move: {count_text!r} tiles cannot be moved")
    source, target = _move_square(source_text, text), _move_square(target_text, text)
    if source == target or count > 2:
        return TowerMove(source_text, target_text, count)
    return _TOWER_MOVES[source, target, count]


def _move_square(name: str, text: str) -> int:
    index = INDEX.get(name)
    if index is None:
        raise NotationError(f"{text!r} is not a Volterra move: {name!r} is not a square of the 5×4 board "
                            "(files a–e, ranks 1–4)")
    return index


def _parse_square(token: str, name: str) -> tuple[tuple[Piece, ...], int | None]:
    stack_text, at, pawn_text = token.partition("@")
    pawn = None
    if at:
        if pawn_text not in ("D", "L"):
            raise NotationError(f"{token!r} on {name}: after '@' write one pawn, D or L (a square holds at most one pawn)")
        pawn = COLOURS.index(pawn_text)
        if stack_text in ("", "."):
            raise NotationError(f"{token!r} on {name}: a pawn cannot stand on an empty square")
    try:
        stack = parse_stack(stack_text)
    except NotationError as error:
        raise NotationError(f"{token!r} on {name}: {error}") from None
    for piece in stack:
        if piece.size != 0:
            raise NotationError(f"{token!r} on {name}: {piece} is not a Volterra tile (write D or L)")
    return stack, pawn


def _parse_pair(fields: dict[str, str], key: str) -> tuple[int, int]:
    text = fields.get(key)
    if text is None:
        return (0, 0)
    parts = text.split(",")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise NotationError(f"field {key}={text!r} must be two whole numbers, dark then light, e.g. {key}=3,0")
    return (int(parts[0]), int(parts[1]))


def _square_text(stack: tuple, pawns: tuple, index: int) -> str:
    text = format_stack(stack)
    if index == pawns[0]:
        return text + "@D"
    if index == pawns[1]:
        return text + "@L"
    return text


def _tower_actions(board: Any, pawns: tuple, player: int, adjacent: bool) -> list[TowerMove]:
    here, other = pawns[player], pawns[1 - player]
    targets = [t for t in NEIGHBOURS[here] if t != other and board[t]]
    actions = []
    for source in tower_sources(board, here, TILE[player], other):
        near = NEIGHBOUR_SETS[source]
        for count in ((1, 2) if len(board[source]) > 1 else (1,)):
            actions.extend(_TOWER_MOVES[source, t, count] for t in targets if t != source and (not adjacent or t in near))
    return actions


