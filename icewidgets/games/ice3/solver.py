"""The shortest way to an Ice3 goal, found and proved by an exhaustive search.

:func:`solve` runs an iterative-deepening search: it tries every line of one move, then of two,
and so on, so the first line it finds is a shortest one, and ``None`` proves that no line up to
``max_depth`` moves reaches any goal. Naively a depth of three is 392³ ≈ 60 million positions;
the search skips only moves that provably cannot be part of a solution:

- **Goals that cannot be reached.** A goal is a colour and a corner; a colour with fewer than 15
  pieces on the board has none.
- **Pieces that must move.** For a goal, some pieces cannot stay where they are (a piece of
  another colour on a goal cell, a piece of the colour outside its cells, any piece on a goal
  cell's stack, ...). Such a piece keeps that need until it moves itself, because it stays on its
  square and in its place in the stack whatever the others do. A piece moves only with its colour
  set or its size set, and not at all while it is pinned, so the *sets* of the next moves must
  cover the pieces that must move; a pinned one needs its top's set first, and a piece from which
  no single straight move reaches a square it may end on needs two moves of its sets. Checking
  that some sequence of at most ``depth`` sets meets all that tells which sets the next move may
  use (often one or two of the seven) and drops the goal when there is none.
- **The last two moves.** On the last move every piece that must move, moves with it, along the
  same line: only the directions and distances that bring each of them to a square where it may
  end (alone on a goal cell, unless the goal is loose) are tried. Two moves from the end, a move
  is tried only if the pieces it leaves behind, and the ones it does not bring home, could still
  share one last set and line.
- **Transpositions.** A position already shown to have no solution within as many moves is not
  searched again.

Every move tried is played by the rules engine (:meth:`Ice3State.board_after`) with the game's
options, and the last one is confirmed by the rules' goal check. Under ``blocked="slide"`` a
piece may stop short of its line, so the two-move filter is off and the last move's lines include
the longer ones that would stop it in place. On the ladder's positions (:mod:`.puzzles`) a search
of three moves takes well under a second; on a full board close to the goal it can take seconds.

>>> import icewidgets as iw
>>> from icewidgets.games.ice3 import GRID
>>> rows = [". . . . . . . ."] * 4 + [". R2 R1 R1 . . . .", ". R3 R2 R1 R1 . . .",
...                                   ". R3 R2 R2 R1 . . .", ". R3 R3 R3 R2 . . ."]
>>> state = iw.make("ice3", players=1).state_from_text("\\n".join(rows))
>>> [str(move) for move in solve(state, 3)]
['RW1']
>>> smalls_up = state.play("1N1")      # now the small reds stand one rank too high
>>> solve(smalls_up, 1) is None          # so one move is not enough
True
>>> [str(move) for move in solve(smalls_up, 3)]
['RW1', '1S1']
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ...pieces import PIECES
from .board import COLOURS, DIRS, GRID, GROUPS, MAX_DISTANCE
from .goal import CORNERS, goal_cells
from .rules import Ice3State, SetMove

__all__ = ["reaches_goal", "solve"]

Board = tuple  # the rules' board: 64 stacks, each a tuple of pieces bottom to top


def solve(state: Ice3State, max_depth: int) -> list[SetMove] | None:
    """A shortest list of moves from ``state`` to a goal of its game (any colour, any corner),
    or None if none has at most ``max_depth`` moves; ``[]`` when the goal is already met.

    Exhaustive: when it returns a line of k moves, no line of fewer than k moves exists. The
    moves follow the options of ``state.game``; the number of players does not matter (every
    player shares every piece), nor does ``max_turns``.
    """
    if max_depth < 0:
        raise ValueError(f"max_depth must be 0 or more, not {max_depth}")
    search = _Search(state)
    for depth in range(max_depth + 1):
        line = search.run(state.board, depth, search.goals)
        if line is not None:
            return line
    return None


def reaches_goal(state: Ice3State, max_depth: int) -> bool:
    """Whether some line of at most ``max_depth`` moves from ``state`` reaches a goal: whether
    :func:`solve` finds one, asked once at ``max_depth`` instead of once for each depth (a board
    far from every goal is refused at its root, so this costs a third of ``solve``'s three).

    >>> import icewidgets as iw
    >>> reaches_goal(iw.make("ice3").new_state(seed=1), 2)
    False
    """
    if max_depth < 0:
        raise ValueError(f"max_depth must be 0 or more, not {max_depth}")
    search = _Search(state)
    return search.run(state.board, max_depth, search.goals) is not None


# The search ----------------------------------------------------------------------------------


class _Search:
    """One search from one position: the game, the goals its complete colours can reach, and
    the positions proved to have no solution (board → the most moves they were searched for)."""

    def __init__(self, state: Ice3State):
        self.game = state.game
        counts = {colour: 0 for colour in COLOURS}
        for stack in state.board:
            for piece in stack:
                counts[piece.colour] += 1
        self.slide = self.game.blocked == "slide"
        self.goals = tuple(_goal(colour, corner, self.game.goal, self.slide)
                           for colour in COLOURS if counts[colour] == 15 for corner in CORNERS)
        self.failed: dict[Board, int] = {}

    def run(self, board: Board, depth: int, goals: tuple) -> list[SetMove] | None:
        """A line of at most ``depth`` moves reaching one of ``goals`` (``[]``: met now), or None."""
        where = _where(board)
        needs = [(goal, *_must_move(board, where, goal)) for goal in goals]
        if any(not entries for _, entries, _ in needs):
            return []
        if not depth or self.failed.get(board, -1) >= depth:
            return None
        state = Ice3State(self.game, board)
        line = self._last_move(state, needs) if depth == 1 else self._deeper(state, depth, needs)
        if line is None:
            self.failed[board] = depth
        return line

    def _deeper(self, state: Ice3State, depth: int, needs: list) -> list[SetMove] | None:
        open_goals = []  # (goal, the sets the next move may use for it, its pieces that must move)
        allowed = 0
        for goal, entries, movers in needs:
            sets = first_sets(entries, depth)
            if sets:
                open_goals.append((goal, sets, movers))
                allowed |= sets
        for move in state.legal_moves():
            g, line = _CODE.get(move, (0, None))
            bit = 1 << g
            if line is None or not bit & allowed:
                continue
            goals = tuple(goal for goal, sets, movers in open_goals
                          if sets & bit and (depth > 2 or self.slide or _two_moves_possible(movers, bit, line)))
            if goals:
                found = self.run(state.board_after(move), depth - 1, goals)
                if found is not None:
                    return [move, *found]
        return None

    def _last_move(self, state: Ice3State, needs: list) -> list[SetMove] | None:
        board, tried = state.board, set()
        for goal, entries, movers in needs:
            sets = first_sets(entries, 1)
            if not sets:
                continue
            lines = frozenset.intersection(*(table[square] for square, _, _, table, _ in movers))
            # A piece of the colour must land alone on a goal cell (loose: anywhere in the block, even
            # on a stack; with slide it may stop short, so its landing square is not known).
            landing = () if goal.option == "loose" or self.slide else [square for square, *_, own in movers if own]
            for g in range(len(GROUPS)):
                if not sets >> g & 1:
                    continue
                for line in sorted(lines):
                    move = _MOVES[g][line]
                    if move in tried or not all(_lands_alone(board, _TARGET[square][line], g) for square in landing):
                        continue
                    tried.add(move)
                    if state.is_legal(move) and Ice3State(self.game, state.board_after(move)).goals_met:
                        return [move]
        return None


def _lands_alone(board: Board, square: int, g: int) -> bool:
    """Whether a piece could end alone on ``square`` after a move of set ``g``: it is empty, or
    holds one piece that the move could take away."""
    stack = board[square]
    return not stack or len(stack) == 1 and _KIND_SETS[_KIND[stack[0]]] >> g & 1


def _two_moves_possible(movers: list, bit: int, line: int) -> bool:
    """Whether, after a move of the set ``bit`` along ``line``, one more move could bring every
    piece that must move to a square where it may end: the pieces the first move leaves behind
    (outside its set, pinned, or perhaps blocked) and the ones it does not bring home share a
    set and a line."""
    sets, lines = _ALL_SETS, None
    for square, pinned, kind_sets, table, _ in movers:
        own = table[square]
        if not pinned and kind_sets & bit:
            if line in own:
                continue
            target = _TARGET[square][line]
            if target is not None:
                own = own | table[target]
        sets &= kind_sets
        lines = own if lines is None else lines & own
        if not sets or not lines:
            return False
    return True


# The sets a sequence of moves needs ------------------------------------------------------------

# A piece's kind: colour index · 3 + size − 1; the sets (bits, in GROUPS order) that move it.
_KIND_SETS = tuple(1 << (kind // 3) | 1 << (4 + kind % 3) for kind in range(12))
_ALL_SETS = (1 << len(GROUPS)) - 1


@lru_cache(maxsize=1 << 16)
def first_sets(entries: frozenset, depth: int) -> int:
    """The sets (a bit mask in :data:`GROUPS` order) that can start a sequence of at most
    ``depth`` set moves meeting every entry; 0 if there is none.

    An entry ``(kind, moves, top)`` is a piece that must move: ``kind`` is colour index · 3 +
    size − 1, ``moves`` how many of its moves it needs (1 or 2), ``top`` the kind of the piece
    pinning it (whose set must move first), or −1.

    >>> bin(first_sets(frozenset({(0, 1, -1), (1, 1, -1)}), 1))   # red small, red medium: R
    '0b1'
    >>> bin(first_sets(frozenset({(0, 1, 5)}), 2))   # red small under a yellow large: Y or 3 first
    '0b1000010'
    """
    if depth == 1:  # the common case, at the last move: one set moving every piece
        sets = _ALL_SETS
        for kind, moves, top in entries:
            if moves > 1 or top >= 0:
                return 0
            sets &= _KIND_SETS[kind]
        return sets
    if any(moves + (top >= 0) > depth for _, moves, top in entries):
        return 0
    result = 0
    for g in range(len(GROUPS)):
        bit = 1 << g
        rest = set()
        for kind, moves, top in entries:
            if top >= 0:
                rest.add((kind, moves, -1) if _KIND_SETS[top] & bit else (kind, moves, top))
            elif not _KIND_SETS[kind] & bit:
                rest.add((kind, moves, top))
            elif moves > 1:
                rest.add((kind, moves - 1, top))
        if not rest or first_sets(frozenset(rest), depth - 1):
            result |= bit
    return result


# Goals and the pieces that must move --------------------------------------------------------

_COLOUR_INDEX = {colour: k for k, colour in enumerate(COLOURS)}
_KIND = {PIECES[f"{c}{s}"]: k * 3 + s - 1 for k, c in enumerate(COLOURS) for s in (1, 2, 3)}

# A line is direction index · MAX_DISTANCE + distance − 1, the index into _MOVES[set].
# _LINES[square]: (line, target) for every line from square that stays on the board;
# _TARGET[square][line]: the target, None off the board.
_LINES = tuple(
    tuple((d * MAX_DISTANCE + n - 1, t) for d, direction in enumerate(DIRS) for n in range(1, MAX_DISTANCE + 1)
          if (t := GRID.step(square, direction, n)) is not None)
    for square in range(GRID.size)
)
_TARGET = tuple(tuple(GRID.step(square, d, n) for d in DIRS for n in range(1, MAX_DISTANCE + 1))
                for square in range(GRID.size))
_MOVES = tuple(tuple(SetMove(group, d, n) for d in DIRS for n in range(1, MAX_DISTANCE + 1)) for group in GROUPS)
_CODE = {move: (g, line) for g, moves in enumerate(_MOVES) for line, move in enumerate(moves)}


def _landings(squares: frozenset, slide: bool) -> tuple[frozenset, ...]:
    """For every square, the lines of one move that bring a piece from there to one of
    ``squares``; with ``slide`` also the lines along which it could stop on one short of the
    end (stopped by a wall or the edge)."""
    if not slide:
        return tuple(frozenset(line for line, t in _LINES[square] if t in squares) for square in range(GRID.size))
    tables = []
    for square in range(GRID.size):
        lines = set()
        for d, direction in enumerate(DIRS):
            ray = [t for n in range(1, MAX_DISTANCE + 1) if (t := GRID.step(square, direction, n)) is not None]
            hits = [k for k, t in enumerate(ray) if t in squares]
            if hits:
                lines.update(d * MAX_DISTANCE + k for k in range(hits[0], MAX_DISTANCE))
        tables.append(frozenset(lines))
    return tuple(tables)


class _Goal(NamedTuple):
    """One goal's tables. ``cells``: the squares checked, square → the size wanted there (0: the
    O cell, empty in the exact goal; None: any size; none for the loose goal); ``block`` the
    corner's 4×4 block; ``landings[size]`` the lines of one move that bring a piece of the colour
    and that size to a square where it may end; ``other`` the same for a piece of another colour
    that must leave the cells (see :func:`_landings` for sliding)."""

    colour: str
    option: str
    cells: dict
    block: frozenset
    landings: dict
    other: tuple


@lru_cache(maxsize=None)
def _goal(colour: str, corner: str, option: str, slide: bool) -> _Goal:
    pattern, empty = goal_cells(corner)
    block = frozenset(square for square, _ in pattern) | {empty}
    if option == "exact":
        cells = dict(pattern) | {empty: 0}
        landings = {size: _landings(frozenset(sq for sq, z in pattern if z == size), slide) for size in (1, 2, 3)}
    elif option == "shape":
        cells = {square: None for square, _ in pattern}
        landings = dict.fromkeys((1, 2, 3), _landings(frozenset(cells), slide))
    else:
        cells = {}
        landings = dict.fromkeys((1, 2, 3), _landings(block, slide))
    other = _landings(frozenset(range(GRID.size)) - frozenset(cells), slide)
    return _Goal(colour, option, cells, block, landings, other)


def _where(board: Board) -> tuple[list[tuple[int, int]], ...]:
    """For each colour (in :data:`COLOURS` order), the (square, height) of its pieces."""
    where: tuple[list[tuple[int, int]], ...] = tuple([] for _ in COLOURS)
    for square, stack in enumerate(board):
        for height, piece in enumerate(stack):
            where[_COLOUR_INDEX[piece.colour]].append((square, height))
    return where


def _must_move(board: Board, where: tuple, goal: _Goal) -> tuple[frozenset, list[tuple]]:
    """The pieces that must move before ``goal`` is met: entries for :func:`first_sets`, and for
    each piece ``(square, pinned, its sets, landings, of the goal's colour)`` where
    ``landings[square]`` are the lines of one move from a square to one where the piece may end.
    No entries: the goal is met."""
    colour, option, cells, block, landings, other = goal
    entries: set[tuple[int, int, int]] = set()
    movers: list[tuple] = []
    for square, height in _goal_cell_pieces(board, cells, colour) + [
        (square, height) for square, height in where[_COLOUR_INDEX[colour]]
        if square not in (block if option == "loose" else cells)
    ]:
        stack = board[square]
        piece = stack[height]
        table = landings[piece.size] if piece.colour == colour else other
        kind = _KIND[piece]
        pinned = height == 0 and len(stack) == 2
        entries.add((kind, 1 if table[square] else 2, _KIND[stack[1]] if pinned else -1))
        movers.append((square, pinned, _KIND_SETS[kind], table, piece.colour == colour))
    return frozenset(entries), movers


def _goal_cell_pieces(board: Board, cells: dict, colour: str) -> list[tuple[int, int]]:
    """The (square, height) of the pieces on goal cells that must move."""
    found = []
    for square, want in cells.items():
        stack = board[square]
        if not stack:
            continue
        bottom = stack[0]
        if want != 0 and bottom.colour == colour and (want is None or bottom.size == want):
            if len(stack) == 2:
                found.append((square, 1))
        else:
            found.extend((square, height) for height in range(len(stack)))
    return found
