"""Volcano, by Kristin Looney: move the caps, make the volcanoes erupt, capture the lava.

The rules as implemented, exactly; for players the same rules in plain words are
:data:`.teaching.HOW_TO_PLAY` (``Volcano.how_to_play``, printed by ``iw.rules_sheet``):

1. Twenty-five nests (small, medium, large of one colour, large on top) of five colours
   (R, Y, G, B and C clear) fill a 5×5 board; five black smalls (``K1``) are the *caps*.
2. On your turn you move one cap one step in any of the eight directions, onto any square
   without a cap (empty squares too). Caps never leave the board.
3. Moving a cap from X to Y (direction d) makes X *erupt* when X still holds pieces and the
   square X+2d is on the board and has no cap. Otherwise the same player moves a cap again: a
   turn ends only with an eruption. That is our reading of "you are allowed to make another
   move ... until an eruption does occur, at which point your turn ends": the published text
   gives no way to end a turn without an eruption, and AbstractPlay's Volcano reads it the same
   way ("You must continue moving until you cause an eruption"). No option changes it.
4. An eruption throws the top piece of X over the cap to X+2d, the next to X+3d, and so on,
   until X is spent, the next square is off the board, or it holds a cap.
5. Every erupted piece that landed directly on a piece of the same size (any colour) may be
   captured by the mover, who chooses which (any of them, all or none) in a ply of its own,
   ``capture:c3+e3`` or ``capture:none``. Then play passes to the next player. Under the option
   ``capture="must"`` every such piece is captured at once, in the eruption's ply.
6. The game ends at once when the mover holds at least one piece of each of the five
   colours (or, by default, when no coloured piece is left on the board, or after 100 turns
   in a row without a capture). Scores: 7 per solid-colour tree, 5 per mixed tree, 1 per
   other piece, arranged as well as possible (see :func:`score`). The highest score wins;
   ties share the win (option ``tie_rule``).

Notation: a ply is one cap move, ``c3-c4``, or after an eruption that landed pieces on pieces
of their size the choice of which to capture: ``capture:`` and the squares taken, in landing
order, joined by ``+`` (``capture:c3+e3``), or ``capture:none``. The position text is the board (rank 5 first,
stacks bottom→top, ``K1`` on top is a cap) and the fields ``to_move``, ``captured`` (one
comma-separated list per player, lists separated by ``/``), and two fields that only some
options need: ``turns`` (eruptions so far, written when ``max_turns`` is set), ``quiet_turns``
(turns in a row without a capture, written under the ``stall_turns`` rule once it reaches half
the limit: everyday positions read as the rules write them, and a position nearing a stall
keeps its count) and
``capturable`` (written while a capture choice is pending: the squares of the capturable pieces
in landing order, ``capturable=c3+e3``) and
``left`` (written with the ``no_return_within_turn`` house rule: each cap that moved this turn,
with the squares it left, ``left=b1:b2+a2,d5:d4`` for the caps now on b1 and d5; ``left=-`` for
none).
``state.turns`` (turns ended so far: each ends with an eruption and, under ``"may"``, its capture
choice) and ``state.moves`` (plies so far) count the game's history; they are not
part of the position, so they do not affect equality.

>>> import icewidgets as iw
>>> state = iw.make("volcano").new_state()
>>> state = state.play("b2-c1")   # south-east: the square beyond c1 is off the board
>>> [str(e) for e in state.events][:2]
['Player 1 moves the cap from b2 to c1.', 'No eruption: the lava of b2 would flow off the board. Player 1 moves again.']

Options:

- ``capture``: ``"may"`` (default) is the published rule, "you may capture any erupting piece
  which has landed directly on top of a piece of the same size": after such an eruption the
  mover plays one more ply choosing the pieces to take, any of them, all or none. Declining
  matters, because a capture that completes the five colours ends the game, which a player who
  is behind avoids. ``"must"`` takes every capturable piece at once, in the eruption's ply: this
  package's rule before version 2 of its records, and the rule of the C reference the
  statistics compare with. Records and codes saved before then, which name no ``capture``
  option, replay under ``"must"`` (``Volcano.earlier_defaults``).

Choices where the published rules leave one (offered as options):

- ``no_return_within_turn`` (off by default): a house rule from an outside source, boardspace's
  Volcano rules page: "can't return a cap to the same square unless an eruption occurs". Our
  reading, within the turn: each cap is restricted by its own path
  only: it may not move back onto a square *it* left earlier in the turn, unless that very move
  makes a volcano erupt (an eruption ends the turn, so that is the only way one can occur
  first). Other caps may enter the square (``b2-b1``, then ``c3-b2`` is legal), and a return
  that erupts is legal (``b2-b1``, then ``b1-b2`` erupting). A return that does not erupt stays
  forbidden even after other caps have moved: ``b2-b1``, ``d4-e4``, then ``b1-b2`` without an
  eruption is illegal. That is the literal text, and the reading that serves the rule's
  purpose: were a return allowed once another cap had moved, two caps could take turns
  stepping out and back for ever; this way a cap that does not erupt only ever steps onto
  squares it has not left this turn. If the restriction would leave no legal cap move at all,
  it is lifted for that move, so a turn can always go on.
- ``stall_turns`` (default 100; None turns it off) is a proposed resolution for games that
  can no longer end: after that many turns in a row without a capture the game ends and is
  scored as it stands. Without it a few games never end. When no one can still collect the
  five colours and the pieces left seldom or never meet a piece of their size (a lone piece
  of each size can never be captured), random play shuffles caps until the playouts'
  5,000-ply safety stop. The default comes from the compiled engine, played without the
  rule. Measured with every capture taken at once (``capture="must"``): in 8,000,000 random
  two-player games, the longest capture-free run of any game that
  finished was 62 turns (1 game in 10,000 went past 30), while the one game that stalled
  had gone 369 turns without a capture when it was stopped. Two greedy players stall in
  313 games of 1,000,000, each after 1,397 quiet turns or more. So 100 lies above every run
  of the two- and three-player random games that finished, and below every stall seen. With
  it, 1,000,000 random two-player games all finish, and only the one that stalled ends by this
  rule (benchmarks/volcano_stalls.py). It is safe for real games: 100 turns is 50 turns each
  in a two-player game, and players who want
  captures make them far more often than random ones (999 greedy games in 1,000 never go
  more than 11 turns without one). With more players captures spread thinner. Of 1,000,000 random
  games, 7 (four players), 47 (five) and 130 (six) that would have finished later end by the
  rule instead, and every stall is cut short.
- A ``custom`` opening takes ``colours`` (25 letters from ``RYGBC``, or ``.`` for an empty square,
  rank 5 first like the board text) and ``caps`` (squares). ``colours`` and ``caps`` may also
  override any named opening; ``random`` shuffles the colours (seeded) and keeps the diagonal
  caps unless ``caps`` is given.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cached_property, lru_cache
from itertools import product
from typing import Any, ClassVar, NamedTuple

from ...grid import Grid, parse_fields, parse_int_field, split_position
from ...pieces import Piece, format_pieces, format_stack, parse_stack
from ...protocol import EndTurn, Event, Game, NotationError, State
from ...randomness import check_seed, seeded_random
from ...words import and_list, plural
# COLOURS is named here as in every game's rules module (the package outline), though only position.py reads it.
from .board import CAP, COLOURS, DIRECTION_ORDER, EDGE, GRID, RAYS, STEPS, blocker, erupting_steps, square_or_none  # noqa: F401
from .explain import capturable_pieces, ply_events
from .openings import DIAG_COLOURS, OPENING_CAPS, OPENINGS, normalise_caps, normalise_colours, opening_board, random_layout
from .position import check_possible, format_left, parse_capturable, parse_captured, parse_left
from .scoring import VolcanoScore, goal_met, parse_goal, points, score


# Options --------------------------------------------------------------------------------------

STALL_TURNS = 100
"""The default of the ``stall_turns`` rule: a game ends after this many turns in a row without
a capture (see the module docstring for why)."""


@dataclasses.dataclass(frozen=True, repr=False)  # Game.__repr__ shows make("volcano", …)
class Volcano(Game):
    """Volcano's rules and options.

    ``players`` 1–6 (1 is solitaire); ``opening`` ``"diag"`` (default), ``"plus"``, ``"x"``,
    ``"random"`` or ``"custom"`` (with ``colours`` and ``caps``); ``tie_rule`` ``"shared"`` or
    ``"draw"``; ``no_return_within_turn`` (house rule); ``end_if_board_empty``; ``max_turns``
    (stop unfinished after that many turns); ``goal`` (a solitaire challenge, see
    :func:`goal_met`); ``stall_turns`` (end and score a game after that many turns in a row
    without a capture; None: never); ``capture`` ``"may"`` (the published rule: the mover
    chooses which capturable pieces to take, in a ply of its own) or ``"must"`` (all, at once).

    >>> Volcano(players=3, opening="x").new_state().stack("b2")
    'R1R2R3K1'
    """

    players: int = 2
    opening: str = "diag"
    caps: tuple[str, ...] | None = None
    colours: str | None = None
    tie_rule: str = "shared"
    no_return_within_turn: bool = False
    end_if_board_empty: bool = True
    max_turns: int | None = None
    goal: str | None = None
    stall_turns: int | None = STALL_TURNS
    capture: str = "may"

    name: ClassVar[str] = "volcano"
    title: ClassVar[str] = "Volcano"
    example_move: ClassVar[str] = "c3-c4"
    grid: ClassVar[Grid] = GRID
    # Records of format version 1 and playthrough files that name no capture option were made
    # when every capture was taken at once.
    earlier_defaults: ClassVar[dict[str, Any]] = {"capture": "must"}

    def __post_init__(self) -> None:
        self._check_int("players", 1, 6)
        self._check_choice("opening", OPENINGS)
        self._check_choice("tie_rule", ("shared", "draw"))
        self._check_bool("no_return_within_turn")
        self._check_bool("end_if_board_empty")
        self._check_int("max_turns", 1, allow_none=True)
        self._check_int("stall_turns", 1, allow_none=True)
        self._check_choice("capture", ("may", "must"))
        if self.opening == "custom" and (self.caps is None or self.colours is None):
            raise ValueError("opening='custom' needs both colours=… (25 letters, rank 5 first) and caps=… (squares)")
        if self.caps is not None:
            object.__setattr__(self, "caps", normalise_caps(self.caps))
        if self.colours is not None:
            object.__setattr__(self, "colours", normalise_colours(self.colours))
        if self.goal is not None:
            if self.players != 1:
                raise ValueError(f"goal={self.goal!r} is a solitaire challenge: use it with players=1")
            parse_goal(self.goal)

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def new_state(self, seed: Any = None) -> "VolcanoState":
        """The opening position. Only the ``random`` opening uses ``seed``."""
        check_seed(seed)  # refused even where unused, as in every game
        if self.colours is not None:
            layout = self.colours
        elif self.opening == "random":
            layout = random_layout(seeded_random(seed))
        else:
            layout = DIAG_COLOURS
        caps = self.caps if self.caps is not None else OPENING_CAPS[self.opening]
        return VolcanoState(self, opening_board(layout, caps), 0, ((),) * self.players)

    def state_from_text(self, text: str, partial: bool | None = None) -> "VolcanoState":
        """The position written by :meth:`VolcanoState.to_text`. A sparse position (part of a
        board) loads and is marked :attr:`~icewidgets.protocol.State.partial`; ``partial``
        decides what else loads (:meth:`~icewidgets.protocol.Game.state_from_text`)."""
        lines, field_line = split_position(text)
        board = tuple(parse_stack(token) for token in GRID.parse_board(lines))
        known = ["to_move", "captured", "turns", "moves", "capturable"]
        known += ["quiet_turns"] if self.stall_turns is not None else []
        known += ["left"] if self.no_return_within_turn else []
        fields = parse_fields(field_line, known)
        to_move = parse_int_field(fields, "to_move", 0, 0, self.players - 1)
        captured = parse_captured(fields.get("captured"), self.players)
        turns = parse_int_field(fields, "turns", 0, 0)
        moves = parse_int_field(fields, "moves", 0, 0)
        quiet_turns = parse_int_field(fields, "quiet_turns", 0, 0)
        left = parse_left(fields.get("left", "-"), board)
        check_possible(board, captured)
        capturable = parse_capturable(fields.get("capturable"), board, self.capture)
        if capturable and left:
            raise NotationError("a position with capturable= comes right after an eruption, which ends the cap "
                                "moves of the turn: write left=- (or no left=)")
        return self._admit(VolcanoState(self, board, to_move, captured, turns, moves, quiet_turns, left,
                                         capturable=capturable), partial)

    def parse_move(self, text: str) -> "CapMove | CaptureChoice | EndTurn":
        """``"c3-c4"`` → ``CapMove("c3", "c4")``; ``"capture:c3+e3"`` → ``CaptureChoice(("c3",
        "e3"))``, ``"capture:none"`` → ``CaptureChoice(())``; ``"end"`` is read so it can be
        refused clearly."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a Volcano move (write a cap move like 'c3-c4')")
        text = text.strip()
        if text.lower() in ("end", "pass"):
            return END_TURN
        if text.lower().startswith("capture:"):
            return CaptureChoice.parse(text)
        match = _MOVE_TEXT.match(text)
        if match is None:
            raise NotationError(f"{text!r} is not a Volcano move: write a cap move like 'c3-c4'")
        return CapMove(match.group(1), match.group(2))

    @property
    def ply_bound(self) -> int | None:
        return None


# Moves ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CapMove:
    """Move the cap on ``source`` one step to ``target`` (square names)."""

    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclasses.dataclass(frozen=True)
class CaptureChoice:
    """Under ``capture="may"``, the ply after an eruption that landed pieces on pieces of their
    size: ``squares`` are those whose landed piece the mover captures, in landing order (none:
    every capture declined). Written ``capture:c3+e3`` or ``capture:none``.

    >>> str(CaptureChoice(("c3", "e3"))), str(CaptureChoice(()))
    ('capture:c3+e3', 'capture:none')
    """

    squares: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "squares", tuple(self.squares))

    # The same pieces taken is the same choice, whatever order the squares were written in.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, CaptureChoice) and set(self.squares) == set(other.squares)

    def __hash__(self) -> int:
        return hash(frozenset(self.squares))

    def __str__(self) -> str:
        return "capture:" + ("+".join(self.squares) or "none")

    @classmethod
    def parse(cls, text: str) -> "CaptureChoice":
        """The choice written ``text`` (see the class); NotationError names a bad square."""
        body = text.strip()[len("capture:"):].strip()
        if body.lower() == "none":
            return cls(())
        squares = tuple(part.strip().lower() for part in body.split("+"))
        for square in squares:
            if square_or_none(square) is None:
                raise NotationError(f"{text!r}: {square!r} is not a square of the 5×5 board; write the squares "
                                    f"whose pieces you capture, like 'capture:c3+e3', or 'capture:none'")
        if len(set(squares)) != len(squares):
            raise NotationError(f"{text!r} names a square twice")
        return cls(squares)


END_TURN = EndTurn("end")
"""Ending a turn by choice; never legal in Volcano (our reading: a turn ends only with an eruption), but read
so that ``play("end")`` can say so."""

Volcano.move_types = (CapMove, CaptureChoice, EndTurn)

# Every possible cap move, made once: legal_moves() then only picks.
_MOVES_FROM = tuple(
    tuple((target, CapMove(GRID.name(source), GRID.name(target))) for target in GRID.neighbours[source])
    for source in range(GRID.size)
)

# _MOVES_AROUND[source][blocked & _AROUND[source]]: the moves of a cap on ``source`` when the
# squares of the bit mask ``blocked`` are closed to it, for every pattern of its neighbours.
_AROUND = tuple(sum(1 << target for target in GRID.neighbours[source]) for source in range(GRID.size))
_MOVES_AROUND = tuple(
    {
        pattern: tuple(move for target, move in _MOVES_FROM[source] if not pattern >> target & 1)
        for pattern in map(sum, product(*((0, 1 << target) for target in GRID.neighbours[source])))
    }
    for source in range(GRID.size)
)

class Eruption(NamedTuple):
    """What the eruption of a ply did (:attr:`VolcanoState.eruption`).

    Squares are board indices, like :attr:`VolcanoState.cap_squares`. ``landed`` has one
    ``(square, piece, onto, captured)`` per thrown piece, in order (``onto`` is the piece it
    landed on, None on an empty square; ``captured`` is True when ``onto`` is of the piece's
    size: under ``capture="must"`` the piece was captured, under ``"may"`` it is capturable and
    stays on the board until the mover's choice, :attr:`VolcanoState.capturable`); ``stopped_at`` is None when the volcano was spent,
    else the square of the cap that stopped it, or -1 for the edge of the board.

    >>> import icewidgets as iw
    >>> eruption = iw.make("volcano").new_state().play("a1-b1").eruption
    >>> eruption.direction, [(GRID.name(square), str(piece), captured) for square, piece, _, captured in eruption.landed]
    ('E', [('c1', 'R3', True), ('d1', 'R2', False), ('e1', 'R1', False)])
    """

    source: int
    direction: str
    landed: tuple[tuple[int, Piece, Piece | None, bool], ...]
    stopped_at: int | None


# State ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class VolcanoState(State):
    """A Volcano position: the board, whose turn, every player's captured pieces.

    Two states are equal when their positions are: board, player to move, captured piles,
    the house rule's ``left`` squares, and only under a turn limit the turns played. The turns
    in a row without a capture (``quiet_turns``, for the ``stall_turns`` rule) are history like
    the turns played: they decide when a stalled game ends, not what the position is.

    ``left`` (house rule ``no_return_within_turn``): for each cap that moved this turn without
    an eruption, ``(its square, a bit mask of the squares it left)``, in board order.

    ``capturable`` (``capture="may"``): after an eruption, the squares (board indices, in landing
    order) of the landed pieces the mover may capture; the mover's next ply chooses
    (:class:`CaptureChoice`). Empty otherwise.
    """

    game: Volcano
    board: tuple[tuple[Piece, ...], ...]
    to_move: int = 0
    captured: tuple[tuple[Piece, ...], ...] = ((), ())
    # Counters are history, not position (turns count only under a turn limit: State._position_key).
    turns: int = dataclasses.field(default=0, compare=False)
    moves: int = dataclasses.field(default=0, compare=False)
    quiet_turns: int = dataclasses.field(default=0, compare=False)
    left: tuple[tuple[int, int], ...] = ()
    last_move: "CapMove | CaptureChoice | None" = dataclasses.field(default=None, compare=False)
    capturable: tuple[int, ...] = ()

    # Who made the ply that led here; None for a state that no ply made (an opening, a parsed
    # position). Set by _after, like every attribute a ply already knows.
    _mover = None
    # The squares a capture choice chose among (set by the choice's ply, for its events).
    _offered = ()

    # Queries ----------------------------------------------------------------------------------

    def stack(self, square: str) -> str:
        """The stack on ``square`` bottom→top, e.g. ``"R1R2R3K1"``; ``"."`` when empty."""
        return format_stack(self.board[GRID.index(square)])

    @cached_property
    def _caps(self) -> int:
        """The cap squares as a bit mask (bit ``i`` for square ``i``)."""
        return sum(1 << i for i, stack in enumerate(self.board) if stack and stack[-1] is CAP)

    @cached_property
    def cap_squares(self) -> tuple[int, ...]:
        """The squares holding caps, in board order."""
        caps = self._caps
        return tuple(i for i in range(GRID.size) if caps >> i & 1)

    def erupts(self, move: CapMove | str) -> bool:
        """Whether the (legal) cap move ``move`` would make a volcano erupt (False for a capture choice)."""
        move = self._coerce(move)
        if isinstance(move, CaptureChoice):
            return False
        source, target = GRID.index(move.source), GRID.index(move.target)
        direction = STEPS[move.source, move.target][2]
        caps = self._caps ^ (1 << source | 1 << target)
        return blocker(self.board[source][:-1], RAYS[source][direction], caps) is None

    @cached_property
    def eruption(self) -> Eruption | None:
        """What the eruption of the last ply did; None when it made no volcano erupt or when no
        ply made this state (a ply records its eruption as it plays)."""
        return None

    @cached_property
    def took(self) -> tuple[tuple[int, Piece], ...]:
        """The pieces the last ply captured, as ``(square, piece)`` in landing order (none for a
        state that no ply made)."""
        return ()

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """What the last ply did, in order (none for a state that no ply made).

        Built when first read: playouts never read them, so plies do not pay for the words.
        """
        if self._mover is None:
            return ()
        return ply_events(self, self._mover, self._caps)

    # Results ----------------------------------------------------------------------------------

    @cached_property
    def scores(self) -> tuple[int, ...]:
        """Each player's points for the pieces captured so far (live during the game)."""
        return tuple(points(pile) for pile in self.captured)

    def score_details(self, player: int) -> VolcanoScore:
        """The best arrangement of ``player``'s captured pieces."""
        return score(self.captured[player])

    @cached_property
    def end_reason(self) -> str | None:
        """Why the game ended by the rules (``"Player 1 holds all five colours"``), or None."""
        return _ended(self.game, self.board, self.captured, self._caps, self.quiet_turns)

    @property
    def goal_met(self) -> bool | None:
        """Whether the solitaire ``goal`` holds now (None when the game has no goal)."""
        if self.game.goal is None:
            return None
        return goal_met(self.game.goal, self.captured[0], self.turns)

    @cached_property
    def is_over(self) -> bool:
        """True once the game has ended (worked out once: a state never changes)."""
        return self.end_reason is not None or self.unfinished

    @property
    def unfinished(self) -> bool:
        limit = self.game.max_turns
        return self.end_reason is None and limit is not None and self.turns >= limit

    @cached_property
    def winners(self) -> tuple[int, ...]:
        if self.end_reason is None:
            return ()
        if self.game.goal is not None:
            return (0,) if self.goal_met else ()
        best = max(self.scores)
        tied = tuple(p for p, s in enumerate(self.scores) if s == best)
        if len(tied) > 1 and self.game.tie_rule == "draw":
            return ()
        return tied

    # Rules ------------------------------------------------------------------------------------

    def legal_moves(self) -> "list[CapMove] | list[CaptureChoice]":
        """Every legal cap move: caps in board order (a1, b1, …), directions N, NE, E, … clockwise.

        While a capture choice is pending (:attr:`capturable`, k pieces) the 2**k choices
        instead, by bit mask: choice number m takes the i-th capturable piece (in landing order)
        when bit i of m is set, so ``capture:none`` comes first and taking all last.
        """
        if self.is_over:
            return []
        if self.capturable:
            return list(_choices(tuple(GRID.name(square) for square in self.capturable)))
        if self.left:
            restricted = _cap_moves(self.cap_squares, self._caps, self._closed_returns)
            if restricted:
                return restricted
        return _cap_moves(self.cap_squares, self._caps)

    @cached_property
    def _closed_returns(self) -> dict[int, int]:
        """House rule: cap square → the squares that cap left this turn and may not step back
        onto now, because stepping back would not erupt (a bit mask)."""
        return {cap: squares & ~erupting_steps(self.board, cap, self._caps) for cap, squares in self.left}

    def _coerce(self, move: Any) -> Any:
        try:
            return super()._coerce(move)
        except NotationError as error:
            if not self.capturable:
                raise
            # Text that is no move while a capture is pending: say what is expected now.
            raise NotationError(f"{error}; now {self._why_not_choice(END_TURN)}") from None

    def _why_illegal(self, move: "CapMove | CaptureChoice | EndTurn") -> str | None:
        if self.capturable:
            return self._why_not_choice(move)
        if isinstance(move, EndTurn):
            return ("a Volcano turn ends only with an eruption (our reading of the published rules; no option "
                    "changes it); keep moving caps until a volcano erupts")
        if isinstance(move, CaptureChoice):
            return "there is nothing to capture now: a capture choice follows an eruption that landed a piece on one of its size"
        source, target = square_or_none(move.source), square_or_none(move.target)
        if source is None:
            return f"{move.source} is not a square of the 5×5 board"
        if source not in self.cap_squares:
            return f"there is no cap on {move.source}"
        if target is None:
            return f"the cap on {move.source} cannot move off the board"
        if target not in GRID.neighbours[source]:
            return f"{move.target} is not next to {move.source}: a cap moves one square in one of the 8 directions"
        if target in self.cap_squares:
            return f"{move.target} already has a cap, and caps cannot be stacked"
        if (self.left and self._closed_returns.get(source, 0) >> target & 1
                and _cap_moves(self.cap_squares, self._caps, self._closed_returns)):
            return (f"the cap on {move.source} left {move.target} earlier this turn and may return to it only with "
                    f"an eruption (house rule)")
        return None

    def _why_not_choice(self, move: "CapMove | CaptureChoice | EndTurn") -> str | None:
        """Why ``move`` is not a legal capture choice, while one is pending."""
        names = [GRID.name(square) for square in self.capturable]
        pieces = capturable_pieces(self)
        if not isinstance(move, CaptureChoice):
            return (f"{self.game.player_name(self.to_move)} first chooses which erupted pieces to capture ({pieces}): "
                    f"play capture: with their squares, like capture:{'+'.join(names)}, or capture:none")
        wrong = [square for square in move.squares if square not in names]
        if wrong:
            return (f"{wrong[0]} holds no capturable piece; the capturable pieces are {pieces} "
                    f"(play capture: with some of {', '.join(names)}, or capture:none)")
        return None

    def _apply(self, move: "CapMove | CaptureChoice") -> "VolcanoState":
        if isinstance(move, CaptureChoice):
            return self._choose(move)
        game, player = self.game, self.to_move
        source, target, direction = STEPS[move.source, move.target]
        caps = self._caps ^ (1 << source | 1 << target)
        board = list(self.board)
        board[source] = board[source][:-1]
        board[target] = board[target] + (CAP,)
        cap_squares = tuple(sorted(target if square == source else square for square in self.cap_squares))
        ray = RAYS[source][direction]
        if blocker(board[source], ray, caps) is not None:
            # A ply without an eruption changes no pile and no piece count: the game goes on.
            left = _moved_left(self.left, source, target) if game.no_return_within_turn else self.left
            return self._after(move, cap_squares, caps, board, player, self.captured, self.turns, self.quiet_turns,
                               left, None, None)
        must = game.capture == "must"
        eruption, gained = _erupt(board, source, direction, ray, caps, must)
        if not must:
            capturable = tuple(square for square, _, _, same in eruption.landed if same)
            if capturable:
                # The turn goes on: the mover chooses the captures in the next ply.
                return self._after(move, cap_squares, caps, board, player, self.captured, self.turns,
                                   self.quiet_turns, (), eruption, None, (), capturable)
        took = tuple((square, piece) for square, piece, _, same in eruption.landed if same) if gained else ()
        return self._end_turn(move, cap_squares, caps, board, gained, took, eruption)

    def _choose(self, move: CaptureChoice) -> "VolcanoState":
        """The state after the capture choice ``move``: the chosen pieces go to the mover's pile
        and the turn ends."""
        chosen = {GRID.index(square) for square in move.squares}
        board = list(self.board)
        took = []
        for square in self.capturable:  # landing order, whatever order the choice named them in
            if square in chosen:
                took.append((square, board[square][-1]))
                board[square] = board[square][:-1]
        canonical = CaptureChoice(tuple(GRID.name(square) for square, _ in took))
        after = self._end_turn(canonical, self.cap_squares, self._caps, board, tuple(p for _, p in took), tuple(took),
                               None)
        after.__dict__["_offered"] = self.capturable
        return after

    def _end_turn(self, move: "CapMove | CaptureChoice", cap_squares: tuple[int, ...], caps: int, board: list,
                  gained: tuple[Piece, ...], took: tuple, eruption: Eruption | None) -> "VolcanoState":
        """The state at the end of the turn whose last ply ``move`` captured ``gained``: the
        game may end, else the turn passes."""
        game, player = self.game, self.to_move
        captured = self.captured
        if gained:
            # This state is not over, and nothing but the capture changed a pile, the pieces
            # left on the board or the caps: only the capture can end the game.
            captured = captured[:player] + (captured[player] + gained,) + captured[player + 1:]
            quiet_turns = 0
            ended = _ended(game, board, captured, caps, quiet_turns)
        else:
            quiet_turns = self.quiet_turns + 1
            ended = _stalled(game, quiet_turns)
        # When the game ends the mover keeps the turn, so to_move says who ended it.
        to_move = player if ended is not None else (player + 1) % game.players
        return self._after(move, cap_squares, caps, board, to_move, captured, self.turns + 1, quiet_turns, (),
                           eruption, ended, took, ())

    def _after(self, move: "CapMove | CaptureChoice", cap_squares: tuple[int, ...], caps: int, board: list,
               to_move: int, captured: tuple, turns: int, quiet_turns: int, left: tuple[tuple[int, int], ...],
               eruption: Eruption | None, ended: str | None, took: tuple = (),
               capturable: tuple[int, ...] = ()) -> "VolcanoState":
        """The state ``move`` leads to, built without the dataclass ``__init__``.

        A ply already knows the caps, the eruption, the captures and whether the game ended, so
        they are stored at once instead of being worked out again from the board.
        """
        limit = self.game.max_turns
        after = object.__new__(VolcanoState)
        after.__dict__.update(
            game=self.game, board=tuple(board), to_move=to_move, captured=captured, turns=turns,
            moves=self.moves + 1, quiet_turns=quiet_turns, left=left, last_move=move, capturable=capturable,
            _mover=self.to_move, _caps=caps, cap_squares=cap_squares, eruption=eruption, took=took, end_reason=ended,
            is_over=ended is not None or (limit is not None and turns >= limit),
        )
        if captured is self.captured and "scores" in self.__dict__:
            after.__dict__["scores"] = self.scores  # nothing captured: the live scores stand
        return after

    # Text -------------------------------------------------------------------------------------

    def to_text(self) -> str:
        """Board text, then ``to_move=… captured=…`` (plus ``turns=``, ``quiet_turns=`` and ``left=``
        when options need them, and ``capturable=`` while a capture choice is pending).

        >>> erupted = Volcano(players=3).new_state().play("a1-b1")
        >>> print(erupted.to_text().splitlines()[-1])
        to_move=0 captured=// capturable=c1
        >>> print(erupted.play("capture:c1").to_text().splitlines()[-1])
        to_move=1 captured=R3//
        """
        fields = [
            f"to_move={self.to_move}",
            "captured=" + "/".join(format_pieces(pile) for pile in self.captured),
        ]
        if self.game.max_turns is not None:
            fields.append(f"turns={self.turns}")
        if self.game.stall_turns is not None and 2 * self.quiet_turns >= self.game.stall_turns:
            fields.append(f"quiet_turns={self.quiet_turns}")
        if self.game.no_return_within_turn:
            fields.append("left=" + format_left(self.left))
        if self.capturable:
            fields.append("capturable=" + "+".join(GRID.name(square) for square in self.capturable))
        return GRID.format_board([format_stack(s) for s in self.board]) + "\n" + " ".join(fields)

    def _ascii(self) -> str:
        lines = [GRID.ascii_board([format_stack(s) for s in self.board])]
        for player, pile in enumerate(self.captured):
            marker = "*" if player == self.to_move and not self.is_over else " "
            lines.append(f"{marker}{self.game.player_name(player)}: {plural(score(pile).points, 'point')}: {format_pieces(pile) or '-'}")
        status = {"playing": f"{self.game.player_name(self.to_move)} to move",
                  "unfinished": "stopped unfinished (turn limit)", "draw": "game over: a draw"}.get(self.result)
        if status is None:
            status = "game over: " + " and ".join(self.game.player_name(p) for p in self.winners) + " win" + ("s" if len(self.winners) == 1 else "")
        elif self.capturable:  # the ply to come is the capture choice, not a cap move
            squares = [GRID.name(square) for square in self.capturable]
            status += (f": may capture {squares[0]} or decline it" if len(squares) == 1 else
                       f": may capture any of {and_list(squares)} (all, some or none)")
        lines.append(f" turn {self.turns + 1}, {status}")
        return "\n".join(lines)


# Private helpers ------------------------------------------------------------------------------

_MOVE_TEXT = re.compile(r"^([a-z]\d{1,2})-([a-z]\d{1,2})$")


def _cap_moves(cap_squares: tuple[int, ...], caps: int, closed: dict[int, int] | None = None) -> list[CapMove]:
    """Every cap move onto a square with no cap (``caps``, a bit mask), in legal_moves() order;
    ``closed[cap square]`` (a bit mask) closes more squares to that cap."""
    moves: list[CapMove] = []
    for source in cap_squares:
        blocked = caps | closed.get(source, 0) if closed else caps
        moves += _MOVES_AROUND[source][blocked & _AROUND[source]]
    return moves


@lru_cache(maxsize=None)
def _choices(names: tuple[str, ...]) -> tuple[CaptureChoice, ...]:
    """The capture choices among the pieces on ``names`` (landing order), in legal_moves() order."""
    return tuple(CaptureChoice(tuple(name for i, name in enumerate(names) if m >> i & 1))
                 for m in range(1 << len(names)))


def _moved_left(left: tuple[tuple[int, int], ...], source: int, target: int) -> tuple[tuple[int, int], ...]:
    """The house rule's ``left`` after the cap on ``source`` stepped to ``target`` without an
    eruption: that cap's squares, with ``source`` added, now belong to ``target``."""
    by_cap = dict(left)
    by_cap[target] = by_cap.pop(source, 0) | 1 << source
    return tuple(sorted(by_cap.items()))


def _erupt(
    board: list, source: int, direction: int, ray: tuple[int, ...], caps: int, take: bool
) -> tuple[Eruption, tuple[Piece, ...]]:
    """Throw the pieces of ``source`` along ``ray`` one square further each time, on ``board``;
    returns the eruption and the pieces it captured.

    With ``take`` (``capture="must"``) a thrown piece that lands on one of its size is captured
    at once, so it never stays; without, every piece stays where it lands (each square receives
    at most one, so the choice that follows finds each capturable piece on top).
    """
    stack = board[source]
    landed = []
    gained = []
    stopped_at = None
    for square in ray:
        if not stack:
            break
        if caps >> square & 1:
            stopped_at = square
            break
        piece = stack[-1]
        stack = stack[:-1]
        below = board[square]
        onto = below[-1] if below else None
        captured = onto is not None and onto.size == piece.size
        if captured and take:
            gained.append(piece)
        else:
            board[square] = below + (piece,)
        landed.append((square, piece, onto, captured))
    else:  # the lava reached the edge: it stops there unless the volcano is spent
        stopped_at = EDGE if stack else None
    board[source] = stack
    return Eruption(source, DIRECTION_ORDER[direction], tuple(landed), stopped_at), tuple(gained)


def _ended(game: Volcano, board: tuple | list, captured: tuple, caps: int, quiet_turns: int) -> str | None:
    """Why the game is over by the rules, in words, or None while it goes on."""
    for player, pile in enumerate(captured):
        if len(pile) >= 5 and len({p.colour for p in pile}) >= 5:
            return f"{game.player_name(player)} holds all five colours"
    if game.end_if_board_empty and sum(map(len, board)) == caps.bit_count():
        return "no coloured piece is left on the board"
    if not caps:
        return "there is no cap on the board, so no cap can move"
    return _stalled(game, quiet_turns)


def _stalled(game: Volcano, quiet_turns: int) -> str | None:
    """The end by the ``stall_turns`` rule after ``quiet_turns`` turns in a row without a capture, or None."""
    if game.stall_turns is not None and quiet_turns >= game.stall_turns:
        return f"{plural(game.stall_turns, 'turn')} in a row passed without a capture"
    return None
