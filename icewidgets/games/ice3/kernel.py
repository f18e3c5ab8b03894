"""Compiled Ice3 playouts: the same games as :mod:`icewidgets.games.ice3`, ply for ply.

The kernel plays the default movement rules (``blocked="stay"``, ``edge="stay"``,
``walls="before"``) with every goal (``exact``, ``shape``, ``loose``), any number of players,
either ``no_move`` rule and any turn limit, with the random agent and Ice3's greedy rule
(``Ice3.greedy``, written out in :mod:`icewidgets.games.ice3.greedy`: the same keys, the same
one draw among the best); other options fall back to the reference engine. :func:`play_range`
rebuilds the random setup inside the kernel (:mod:`icewidgets.compiled.pyrandom`), so a game
costs no Python at all; :func:`play_from` continues any position (:func:`encode`) exactly.

Bit boards (``uint64``, bit i = square i): ``runs[k-1]`` holds the squares with at least k
squares free of walls ahead in a direction, exactly the reference engine's table, so the
legal moves come out in its order (sets R Y G B 1 2 3, directions N … NW, distances 1 …).
A set's members move when their whole path is free of walls; the rest stay. ``bb`` holds the
squares whose top piece is in each set (0–6), the walls (7) and the walls by the colour of
their lower piece (8–11): enough to count every goal's cells right with a few population
counts, after every ply (the goal is met when the count reaches the goal's size).

The balance metrics follow the playouts' definitions (:mod:`icewidgets.compiled.balance`) on
each player's progress right after their latest move; as every ply is one turn and the seats
take turns in order, the kernel keeps the progress after each ply and reads any player's
latest from it.

>>> from icewidgets import make
>>> out = play_range(make("ice3", max_turns=40), ("random", "random"), seed=0, start=0, stop=2, max_plies=40)
>>> out["plies"].tolist(), out["branching_profile"].shape
([40, 40], (2, 10))
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

from ...compiled import pyrandom as _pyrandom
from ...compiled import rng as _rng
from ...compiled.balance import PROFILE_BINS, branching_profile, follow_leader, half_time_sample
from ...compiled.bits import lowest_bit, popcount
from ...compiled.jit import internal
from ...compiled.pick import nth_best
from ...grid import DIRECTIONS
from .board import CENTRE, COLOURS, DIRS, GRID, GROUPS, MAX_DISTANCE, SIZES
from .goal import CORNER_CELLS, CORNERS

SQUARES = GRID.size
GOALS = ("exact", "shape", "loose")
"""The goal options, as the kernel's 0, 1, 2."""
MOST_MOVES = 56 * MAX_DISTANCE
"""Every set, direction and distance: more than the legal moves of any position."""

_CORNER_SQUARES = np.array([GRID.index(corner) for corner in CORNERS], dtype=np.int64)
_SHIFT = np.array([dr * 8 + df for df, dr in DIRECTIONS.values()], dtype=np.int64)
_INSIDE = np.array([sum(1 << s for s in range(SQUARES) if GRID.steps(d)[s] is not None) for d in DIRECTIONS],
                   dtype=np.uint64)
_OUTER = np.array([i for i in range(SQUARES) if GRID.name(i) not in CENTRE], dtype=np.int64)
# The set-up pieces in the engine's order: colours R Y G B, sizes 1 2 3, five of each (code colour·3 + size−1).
_SET = np.array([c * 3 + s for c in range(len(COLOURS)) for s in range(len(SIZES)) for _ in range(5)], dtype=np.int64)
_EMPTY = np.array([CORNER_CELLS[corner][1] for corner in CORNERS], dtype=np.int64)


def _corner_masks() -> np.ndarray:
    """Each corner's squares as bit boards: ``[corner, z]`` (z = 0, 1, 2) the pattern cells that
    want a piece of size z + 1; ``[corner, 3 + k]`` the squares more than k king steps from the
    corner's 4×4 block (k = 0 … 3; no square is 5 away), so a set's summed distance to the block
    is the sum of its counts in those four; ``[corner, 7]`` the 15 pattern cells; ``[corner, 8]``
    the whole block."""
    masks = np.zeros((4, 9), dtype=np.uint64)
    for c, corner in enumerate(CORNERS):
        cells, empty = CORNER_CELLS[corner]
        for square, size in cells:
            masks[c, size - 1] |= np.uint64(1 << square)
            masks[c, 7] |= np.uint64(1 << square)
        masks[c, 8] = masks[c, 7] | np.uint64(1 << empty)
        block = [square for square, _ in cells] + [empty]
        for s in range(SQUARES):
            for k in range(min(GRID.chebyshev(s, b) for b in block)):
                masks[c, 3 + k] |= np.uint64(1 << s)
    return masks


_MASKS = _corner_masks()

_DEFAULTS = {"blocked": "stay", "edge": "stay", "walls": "before"}
_KERNEL_OPTIONS = {"players", "goal", "no_move", "max_turns", *_DEFAULTS}
AGENTS = ("random", "greedy")


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    """Whether the kernel plays ``game`` with ``agents`` (else the reference engine serves)."""
    return _problem(game, agents) is None


def empty_results(n: int, players: int) -> dict[str, np.ndarray]:
    """Result arrays for ``n`` games; ``winners`` is a bit mask (bit p: player p won)."""
    return {
        "winners": np.zeros(n, dtype=np.uint8),
        "scores": np.zeros((n, players), dtype=np.int16),
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "unfinished": np.zeros(n, dtype=np.bool_),
        "branching": np.zeros(n, dtype=np.float32),
        "lead_changes": np.zeros(n, dtype=np.uint16),
        "comeback": np.zeros(n, dtype=np.bool_),
        "branching_profile": np.zeros((n, PROFILE_BINS), dtype=np.float32),
        "goal_colour": np.zeros(n, dtype=np.int8),  # the colour that met the goal (0–3 = R Y G B), −1 if none
        "goal_corner": np.zeros(n, dtype=np.int8),  # where (0–3 = a1 h1 a8 h8), −1 if none
        "progress": np.zeros(n, dtype=np.uint8),  # the best goal progress at the end (cells right)
    }


def encode(state: Any) -> tuple:
    """The kernel's copy of ``state``: ``(pieces, height, to_move, turns, passes, latest)`` —
    piece codes (colour·3 + size−1) by square and level, stack heights, whose turn, the moves and
    the passes in a row so far, and each player's progress after their latest move.

    >>> from icewidgets.games.ice3 import SPARSE_EXAMPLE, Ice3
    >>> pieces, height, to_move, turns, passes, latest = encode(Ice3().state_from_text(SPARSE_EXAMPLE).play("RE1"))
    >>> int(height.sum()), int(height[GRID.index("c1")]), int(pieces[GRID.index("c1"), 1]), to_move, latest.tolist()
    (4, 2, 1, 1, [1, 0])
    """
    pieces = np.zeros((SQUARES, 2), dtype=np.int64)
    height = np.zeros(SQUARES, dtype=np.int64)
    for square, stack in enumerate(state.board):
        for level, piece in enumerate(stack):
            pieces[square, level] = COLOURS.index(piece.colour) * 3 + piece.size - 1
        height[square] = len(stack)
    latest = np.array(state.progress_by_player, dtype=np.int64)
    return pieces, height, state.to_move, state.turns, state.passes, latest


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict[str, np.ndarray]:
    """Games ``start``…``stop-1`` of a run seeded ``seed``, as result arrays (:func:`empty_results`);
    a game still going after ``max_plies`` plies stops unfinished.

    With ``record`` > 0 the first ``record`` plies of each game are also returned as
    ``record[game, ply] = (set·8 + direction)·8 + distance − 1``, ``-2`` for a pass (−1 past the
    end; see :func:`recorded_moves`).
    """
    zero = np.zeros(game.players, dtype=np.int64)
    start_position = (np.zeros((SQUARES, 2), dtype=np.int64), np.zeros(SQUARES, dtype=np.int64), 0, 0, 0, zero)
    return _run(game, agents, start_position, True, seed, start, stop, max_plies, record)


def play_from(game: Any, state: Any, agents: tuple[str, ...], seed: Any, count: int, max_plies: int,
              record: int = 0) -> dict[str, np.ndarray]:
    """``count`` continuations of ``state``, as :func:`play_range`'s arrays: continuation i draws
    from ``SeedSequence(seed, spawn_key=(i,))`` exactly as the rules engine would, one draw per
    move, stopping after ``max_plies`` plies. ``turns`` is the final move count (the moves of
    ``state`` included); ``plies``, ``branching`` and the balance metrics count the plies played
    from ``state``. Raises ValueError for what the kernel does not play (other options or agents).

    >>> from icewidgets.games.ice3.puzzles import PUZZLES
    >>> puzzle = PUZZLES[0]  # the loose goal in one move
    >>> out = play_from(puzzle.game(), puzzle.state(), ("greedy",), seed=1, count=2, max_plies=10, record=10)
    >>> recorded_moves(out, 0), out["winners"].tolist(), out["progress"].tolist()
    (['1SE2'], [1, 1], [15, 15])
    """
    problem = _problem(game, agents)
    if problem is None and state.game != game:
        problem = f"the position belongs to {state.game!r}, not to {game!r}"
    if problem is not None:
        raise ValueError(problem)
    return _run(game, agents, encode(state), False, seed, 0, count, max_plies, record)


def legal_moves(game: Any, state: Any) -> list[str]:
    """The kernel's legal moves at ``state`` (through :func:`encode`), as move texts in the
    kernel's order (``["pass"]`` when no set can move); none when the kernel finds the game
    over. For tests: they equal ``[str(move) for move in state.legal_moves()]``.

    >>> from icewidgets.games.ice3 import SPARSE_EXAMPLE, Ice3
    >>> legal_moves(Ice3(), Ice3().state_from_text(SPARSE_EXAMPLE))[:3]
    ['RN1', 'RN2', 'RN3']
    """
    pieces, height, _, turns, passes, _ = encode(state)
    longest = np.zeros(56, dtype=np.int64)
    total = _listed(pieces, height, longest, GOALS.index(game.goal), game.goal_size, passes, game.players,
                    game.no_move == "draw", turns, game.max_turns or 0)
    if total <= 0:
        return ["pass"] if total == 0 else []
    return [f"{GROUPS[index // 8]}{DIRS[index % 8]}{distance}"
            for index in range(56) for distance in range(1, longest[index] + 1)]


def goal_corner_heatmap(goal_corner: np.ndarray) -> np.ndarray:
    """The reference engine's ``goal_corners`` heatmap (one count per square) from the games'
    ``goal_corner`` codes (0–3 = a1 h1 a8 h8, −1 if none): a won game's win event names one corner.

    >>> heat = goal_corner_heatmap(np.array([-1, 0, 3, 3]))
    >>> int(heat[GRID.index("a1")]), int(heat[GRID.index("h8")]), int(heat.sum())
    (1, 2, 3)
    """
    met = goal_corner[goal_corner >= 0]
    return np.bincount(_CORNER_SQUARES[met], minlength=SQUARES).astype(np.int64)


def move_text(code: int) -> str:
    """A recorded move code → ``"RE1"`` / ``"pass"``."""
    if code == -2:
        return "pass"
    index, distance = divmod(int(code), 8)
    group, direction = divmod(index, 8)
    return f"{GROUPS[group]}{DIRS[direction]}{distance + 1}"


def recorded_moves(out: dict[str, np.ndarray], row: int) -> list[str]:
    """The plies of game ``row`` of a :func:`play_range` record, as move texts (``"RE1"``, ``"pass"``)."""
    return [move_text(code) for code in out["record"][row] if code != -1]


def _problem(game: Any, agents: tuple[str, ...]) -> str | None:
    """Why the kernel cannot play ``game`` with ``agents``, or None when it can."""
    if game.name != "ice3":
        return f"the compiled Ice3 kernel does not play {game.name}"
    if len(agents) != game.players or any(agent not in AGENTS for agent in agents):
        return (f"the compiled Ice3 kernel plays the agents {' and '.join(AGENTS)} only, one per seat, "
                f"not {tuple(agents)!r}")
    for field in dataclasses.fields(game):
        value = getattr(game, field.name)
        if field.name in _DEFAULTS:
            played = value == _DEFAULTS[field.name]
        else:
            played = field.name in _KERNEL_OPTIONS or value == field.default
        if not played:
            return f"the compiled Ice3 kernel does not play the option {field.name}={value!r}"
    return None


def _run(game: Any, agents: tuple[str, ...], encoded: tuple, shuffle: bool, seed: Any, start: int, stop: int,
         max_plies: int, record: int) -> dict[str, np.ndarray]:
    pieces, height, to_move, turns, passes, latest = encoded
    n = stop - start
    out = empty_results(n, game.players)
    recorded = np.full((n, record), -1, dtype=np.int16)
    room = max_plies if game.max_turns is None else min(max_plies, max(0, game.max_turns - turns))
    if room > 10**8:
        raise ValueError(f"max_plies={max_plies:,} without a turn limit: give a smaller ply limit")
    status = _play(_greedy_seats(agents), pieces, height, to_move, turns,
                   passes, latest, shuffle, game.players, GOALS.index(game.goal), game.goal_size,
                   game.no_move == "draw", game.max_turns or 0, max_plies, _rng.entropy_words(seed), start, stop,
                   _rng.new_generator(), _pyrandom.new_twister(), np.zeros(60, dtype=np.int64),
                   np.zeros((SQUARES, 2), dtype=np.int64), np.zeros(SQUARES, dtype=np.int64),
                   np.zeros(MAX_DISTANCE, dtype=np.uint64), np.zeros(12, dtype=np.uint64),
                   np.zeros(56, dtype=np.int64), np.zeros(SQUARES, dtype=np.int64), np.zeros(10, dtype=np.uint64),
                   np.zeros((2, MOST_MOVES), dtype=np.int64), np.zeros(game.players, dtype=np.int64),
                   np.zeros(room + 1, dtype=np.int64), np.zeros(room + 1, dtype=np.int64),
                   out["winners"], out["scores"], out["turns"], out["plies"], out["unfinished"], out["branching"],
                   out["lead_changes"], out["comeback"], out["branching_profile"], out["goal_colour"],
                   out["goal_corner"], out["progress"], recorded)
    if status != 0:
        raise RuntimeError(f"Ice3 kernel: game {status - 1} failed")
    if record:
        out["record"] = recorded
    out["heatmap:goal_corners"] = goal_corner_heatmap(out["goal_corner"])
    return out


def _greedy_seats(agents: tuple[str, ...]) -> np.ndarray | None:
    """Which seats play greedy, or None when all play random: numba then leaves the greedy rule
    out of that compiled specialisation, so a first random playout compiles about a quarter less."""
    return None if all(agent == "random" for agent in agents) else np.array([a == "greedy" for a in agents])


@internal
def _shifted(bits, shift):
    """Bit s of the result is bit s + shift of ``bits``."""
    if shift > 0:
        return bits >> np.uint64(shift)
    return bits << np.uint64(-shift)


@internal
def _count(bits):
    """The number of squares in a bit board."""
    return popcount(np.int64(bits))


@internal
def _bitboards(height, pieces, bb):
    """bb[0..6]: the squares whose top piece (the only one that can move) is in set R Y G B 1 2 3;
    bb[7]: the walls (two-piece stacks); bb[8..11]: the walls whose lower piece is R, Y, G, B."""
    for s in range(SQUARES):
        _restack(height, pieces, bb, s)


@internal
def _restack(height, pieces, bb, s):
    """Square ``s``'s bits of the bit boards (:func:`_bitboards`), from its stack."""
    bit = np.uint64(1) << np.uint64(s)
    for i in range(12):
        bb[i] &= ~bit
    h = height[s]
    if h:
        piece = pieces[s, h - 1]
        bb[piece // 3] |= bit
        bb[4 + piece % 3] |= bit
        if h == 2:
            bb[7] |= bit
            bb[8 + pieces[s, 0] // 3] |= bit


@internal
def _right(bb, corner, colour, goal):
    """The cells of ``corner``'s block right for ``colour`` under ``goal`` (0 exact: pattern cells
    holding exactly their piece, plus the empty cell; 1 shape: pattern cells holding one piece of
    the colour; 2 loose: the colour's pieces in the block)."""
    if goal == 2:
        block = _MASKS[corner, 8]
        return _count(block & bb[colour]) + _count(block & bb[8 + colour])
    occupied = bb[4] | bb[5] | bb[6]
    singles = occupied & ~bb[7] & bb[colour]
    if goal == 1:
        return _count(singles & _MASKS[corner, 7])
    fits = (bb[4] & _MASKS[corner, 0]) | (bb[5] & _MASKS[corner, 1]) | (bb[6] & _MASKS[corner, 2])
    hole = 1 if ((occupied >> np.uint64(_EMPTY[corner])) & np.uint64(1)) == 0 else 0
    return _count(singles & fits) + hole


@internal
def _best(bb, goal):
    """The board's goal progress: the most cells right over corners and colours."""
    best = 0
    for corner in range(4):
        for colour in range(4):
            best = max(best, _right(bb, corner, colour, goal))
    return best


@internal
def _status(bb, runs, longest, progress, goal_size, passes, players, draw_if_stuck, turns, max_turns):
    """The number of legal set moves (0: the player passes), after filling ``longest[set·8 + d]``
    (the longest free run of an unpinned member); -1 when the game is over by the rules (the goal
    met, every player passed, or no move under ``no_move="draw"``), -2 at the turn limit."""
    if progress == goal_size or passes >= players:
        return -1
    free = ~bb[7]
    total = 0
    for d in range(8):
        first = _shifted(free, _SHIFT[d]) & _INSIDE[d]
        runs[0] = first
        n_runs = 1 if first else 0
        ahead = first
        while ahead and n_runs < MAX_DISTANCE:
            ahead = first & _shifted(ahead, _SHIFT[d])
            if ahead:
                runs[n_runs] = ahead
                n_runs += 1
        for g in range(7):
            best = 0
            members = bb[g]
            if members:
                for k in range(n_runs, 0, -1):
                    if members & runs[k - 1]:
                        best = k
                        break
            longest[g * 8 + d] = best
            total += best
    if total == 0 and draw_if_stuck:
        return -1
    if max_turns > 0 and turns >= max_turns:
        return -2
    return total


@internal
def _apply(group, d, distance, height, pieces, bb, movers):
    """Move the members of ``group`` whose path of ``distance`` squares towards ``d`` is free of
    walls, keeping the bit boards of :func:`_bitboards` up to date."""
    first = _shifted(~bb[7], _SHIFT[d]) & _INSIDE[d]
    reach = first
    for _ in range(distance - 1):
        reach = first & _shifted(reach, _SHIFT[d])
    moving = bb[group] & reach
    # Lift every mover first (a mover may land where another one stood), then set them down.
    n = 0
    while moving:
        s = lowest_bit(np.int64(moving))
        moving &= moving - np.uint64(1)
        height[s] -= 1
        movers[n] = s
        movers[32 + n] = pieces[s, height[s]]
        n += 1
    for i in range(n):
        target = movers[i] + _SHIFT[d] * distance
        pieces[target, height[target]] = movers[32 + i]
        height[target] += 1
    for i in range(n):
        _restack(height, pieces, bb, movers[i])
        _restack(height, pieces, bb, movers[i] + _SHIFT[d] * distance)


@internal
def _away(bits, corner):
    """The summed king distance of the squares in ``bits`` to ``corner``'s block."""
    return (_count(bits & _MASKS[corner, 3]) + _count(bits & _MASKS[corner, 4]) + _count(bits & _MASKS[corner, 5])
            + _count(bits & _MASKS[corner, 6]))


@internal
def _greedy_move(u, pieces, bb, longest, work, goal, goal_size, keys):
    """Ice3's greedy rule (``Ice3.greedy``): aim at the best colour and corner, try every move of that
    colour (every move if it has none) and every other move that meets the goal, keep the best
    value; ties broken by the draw ``u``. Returns (set·8 + direction, distance).

    Everything is counted on bit boards: a value is ``64·right − away`` (``right``: the goal's
    cells right for the colour at the corner, :func:`_right`; ``away``: the colour's pieces'
    summed distance to the corner's block, walls' lower pieces included), and a move's value is
    the current one updated on the squares it lifts from and lands on, without playing it. A move
    that meets some goal (:func:`_meets`, asked only of the goals :func:`_could_meet` leaves to
    the move's set) gets the agent's win bonus. ``work`` is scratch room: ``work[z]`` the walls
    whose lower piece has size z + 1, ``work[3 + set]`` the goals a move of the set might meet."""
    walls = bb[7]
    occupied = bb[4] | bb[5] | bb[6]
    singles = occupied & ~walls
    target_colour = np.int64(0)
    target_corner = np.int64(0)
    best_value = np.int64(0)
    away_now = np.int64(0)  # the target's away
    for corner in range(4):
        for colour in range(4):
            away = _away(bb[colour], corner) + _away(bb[8 + colour], corner)
            value = 64 * _right(bb, corner, colour, goal) - away
            if (corner == 0 and colour == 0) or value > best_value:
                target_colour, target_corner, best_value, away_now = colour, corner, value, away
    colour, corner = target_colour, target_corner
    # The cells each size must fill (exact), or any pattern cell (shape); the loose goal counts the block.
    fit0, fit1, fit2 = _MASKS[corner, 0], _MASKS[corner, 1], _MASKS[corner, 2]
    if goal == 1:
        fit0 = fit1 = fit2 = _MASKS[corner, 7]
    block = _MASKS[corner, 8]
    in_block = _count(block & bb[colour]) + _count(block & bb[8 + colour])
    hole_bit = np.uint64(1) << np.uint64(_EMPTY[corner])
    # work[size]: the walls whose lower piece is of that size.
    for z in range(3):
        work[z] = np.uint64(0)
    rest = walls
    while rest:
        square = lowest_bit(np.int64(rest))
        rest &= rest - np.uint64(1)
        work[pieces[square, 0] % 3] |= np.uint64(1) << np.uint64(square)
    _could_meet(bb, work, goal)
    # The target's right cells, and the walls whose lower piece would be right once uncovered.
    below = bb[8 + colour]
    right_now = singles & bb[colour] & ((bb[4] & fit0) | (bb[5] & fit1) | (bb[6] & fit2))
    right_below = below & ((work[0] & fit0) | (work[1] & fit1) | (work[2] & fit2))
    own_moves = 0
    for d in range(8):
        own_moves += longest[colour * 8 + d]
    n = np.int64(0)  # typed: a literal would compile nth_best once more
    top = np.int64(0)
    for index in range(56):
        group = index // 8
        considered = own_moves == 0 or group == colour
        goals = work[3 + group]
        if (not considered and goals == 0) or longest[index] == 0:
            continue
        d = index % 8
        members = bb[group]
        # As in _apply: the members whose next ``distance`` squares are free of walls move.
        free_ahead = _shifted(~walls, _SHIFT[d]) & _INSIDE[d]
        reach = free_ahead
        for distance in range(1, longest[index] + 1):
            if distance > 1:
                reach = free_ahead & _shifted(reach, _SHIFT[d])
            moving = members & reach
            back = -distance * _SHIFT[d]
            landing = _shifted(moving, back)
            meets = goals != 0 and _meets(bb, work, goals, moving, landing, back, goal, goal_size)
            if not considered and not meets:
                continue
            mine = moving & bb[colour]
            if goal == 2:
                right = in_block - _count(mine & block) + _count(_shifted(mine, back) & block)
            else:
                # A landing square ends with one piece (the arrival) if it was empty or its piece
                # moved on; a square left by a mover keeps only a wall's lower piece.
                arrived = ((_shifted(mine & bb[4], back) & fit0) | (_shifted(mine & bb[5], back) & fit1)
                           | (_shifted(mine & bb[6], back) & fit2)) & (~occupied | moving)
                right = (_count(right_now & ~(moving | landing)) + _count(arrived)
                         + _count(right_below & moving & ~landing))
                if goal == 0 and ((~occupied | (moving & ~walls)) & ~landing) & hole_bit:
                    right += 1
            away = away_now + _away(_shifted(mine, back), corner) - _away(mine, corner)
            key = 64 * right - away
            if meets:
                key += 1 << 20
            keys[0, n] = key
            keys[1, n] = index * 8 + distance
            top = key if n == 0 else max(top, key)
            n += 1
    i = nth_best(keys[0], n, top, u)
    return keys[1, i] // 8, keys[1, i] % 8


@internal
def _could_meet(bb, work, goal):
    """``work[3 + set]``: bit ``colour·4 + corner`` for each goal a move of the set might meet (more
    than can, never fewer; as in :mod:`~icewidgets.games.ice3.greedy`). The goal needs all the
    colour's pieces in the corner's block, so those that stay must be there already: every lower
    piece of a wall (pinned), and every top piece outside the set; under the exact and shape goals
    on a pattern cell (of their size), a top piece alone on it. The others all move by the same
    shift into the block, so they fit in a 4×4 box."""
    for g in range(7):
        work[3 + g] = np.uint64(0)
    singles = (bb[4] | bb[5] | bb[6]) & ~bb[7]
    for corner in range(4):
        if goal == 2:
            tops_at = _MASKS[corner, 8]
            lower_at = tops_at
        else:
            if goal == 1:
                fit0 = fit1 = fit2 = _MASKS[corner, 7]
            else:
                fit0, fit1, fit2 = _MASKS[corner, 0], _MASKS[corner, 1], _MASKS[corner, 2]
            tops_at = singles & ((bb[4] & fit0) | (bb[5] & fit1) | (bb[6] & fit2))
            lower_at = (work[0] & fit0) | (work[1] & fit1) | (work[2] & fit2)
        for colour in range(4):
            if bb[8 + colour] & ~lower_at:
                continue
            bit = np.uint64(1) << np.uint64(colour * 4 + corner)
            out = bb[colour] & ~tops_at  # the colour's top pieces that must move, all by the same shift
            if out and not _fits_4x4(out):
                continue
            work[3 + colour] |= bit
            for g in range(7):
                if out == 0 or (g >= 4 and (out & ~bb[g]) == 0):  # a size set holding every one that must move
                    work[3 + g] |= bit


@internal
def _fits_4x4(bits):
    """Whether the squares in ``bits`` (not none) fit in a box of 4 files by 4 ranks."""
    files = np.uint64(0)
    ranks = np.uint64(0)
    for r in range(8):
        row = (bits >> np.uint64(8 * r)) & np.uint64(0xFF)
        if row:
            files |= row
            ranks |= np.uint64(1) << np.uint64(r)
    narrow = (files >> np.uint64(lowest_bit(np.int64(files)))) < 16
    return narrow and (ranks >> np.uint64(lowest_bit(np.int64(ranks)))) < 16


@internal
def _meets(bb, work, goals, moving, landing, back, goal, goal_size):
    """Whether the move lifting ``moving`` and landing on ``landing`` (``back``: the shift from a
    landing square back to its source) meets one of ``goals`` (bits ``colour·4 + corner``)."""
    occupied = bb[4] | bb[5] | bb[6]
    stays = occupied & ~moving
    walls = (bb[7] & ~moving) | (landing & stays)
    singles = (stays | (bb[7] & moving) | landing) & ~walls
    rest = goals
    while rest:
        k = lowest_bit(np.int64(rest))
        rest &= rest - np.uint64(1)
        colour, corner = k // 4, k % 4
        block = _MASKS[corner, 8]
        # All the colour's top pieces in the block after the move (the lower ones are, see _could_meet).
        if ((bb[colour] & ~moving) | _shifted(moving & bb[colour], back)) & ~block:
            continue
        if goal == 2:
            if _count(bb[colour]) + _count(bb[8 + colour]) == goal_size:  # a loaded board may hold fewer
                return True
            continue
        tops = (bb[colour] & ~moving & ~landing) | (bb[8 + colour] & moving) | _shifted(moving & bb[colour], back)
        if goal == 1:
            right = _count(singles & tops & _MASKS[corner, 7])
        else:
            fits = np.uint64(0)
            for z in range(3):
                sized = (bb[4 + z] & ~moving & ~landing) | (work[z] & moving) | _shifted(moving & bb[4 + z], back)
                fits |= sized & _MASKS[corner, z]
            right = _count(singles & tops & fits)
            if not ((stays | (bb[7] & moving) | landing) >> np.uint64(_EMPTY[corner])) & np.uint64(1):
                right += 1
        if right == goal_size:
            return True
    return False


@internal
def _sole_leader(values, players):
    """The player whose value is strictly greater than every other player's, or -1."""
    best = 0
    for p in range(1, players):
        if values[p] > values[best]:
            best = p
    for p in range(players):
        if p != best and values[p] == values[best]:
            return -1
    return best


@njit(cache=True)
def _listed(pieces, height, longest, goal, goal_size, passes, players, draw_if_stuck, turns, max_turns):
    """:func:`_status` of a position, for :func:`legal_moves` (the helpers cannot be called from Python)."""
    bb = np.zeros(12, dtype=np.uint64)
    _bitboards(height, pieces, bb)
    return _status(bb, np.zeros(MAX_DISTANCE, dtype=np.uint64), longest, _best(bb, goal), goal_size, passes, players,
                   draw_if_stuck, turns, max_turns)


@njit(cache=True, nogil=True)
def _play(greedy, init_pieces, init_height, init_player, init_turns, init_passes, init_latest, shuffle, players, goal,
          goal_size, draw_if_stuck, max_turns, max_plies, run_words, start, stop, gen, mt, order, pieces, height, runs,
          bb, longest, movers, work, keys, latest, history, choices, out_winners, out_scores, out_turns, out_plies,
          out_unfinished, out_branching, out_lead_changes, out_comeback, out_profile, out_goal_colour,
          out_goal_corner, out_progress, out_moves):
    record = out_moves.shape[1]
    for g in range(stop - start):
        _rng.seed_game(gen, run_words, start + g)
        if shuffle:
            # game.new_state(seed=rng): random.Random(int(rng.integers(2**63))).shuffle, redrawn if the goal is met.
            _pyrandom.seed_from_generator(gen, mt)
            for i in range(60):
                order[i] = _SET[i]
            while True:
                _pyrandom.shuffle(mt, order)
                for s in range(SQUARES):
                    height[s] = 0
                for i in range(60):
                    pieces[_OUTER[i], 0] = order[i]
                    height[_OUTER[i]] = 1
                _bitboards(height, pieces, bb)
                if _best(bb, goal) < goal_size:
                    break
        else:
            for s in range(SQUARES):
                height[s] = init_height[s]
                pieces[s, 0] = init_pieces[s, 0]
                pieces[s, 1] = init_pieces[s, 1]
            _bitboards(height, pieces, bb)
        progress = _best(bb, goal)
        player = init_player
        turns = init_turns
        passes = init_passes
        # Typed zeros: a literal 0 passed on to a helper would compile it once more for the literal.
        plies = np.int64(0)
        options = 0
        ended = False
        for p in range(players):
            latest[p] = init_latest[p]
        # Balance samples: the start, then every ply (each is a turn); history[j]: the progress after ply j.
        leader, changes = follow_leader(np.int64(-1), _sole_leader(latest, players), np.int64(0))
        while True:
            total = _status(bb, runs, longest, progress, goal_size, passes, players, draw_if_stuck, turns, max_turns)
            if total < 0:
                ended = total == -1
                break
            if plies >= max_plies:
                break
            u = _rng.random(gen)
            choices[plies] = max(total, 1)
            options += max(total, 1)
            plies += 1
            turns += 1
            if total == 0:
                passes += 1
                if plies <= record:
                    out_moves[g, plies - 1] = -2
            else:
                if greedy is not None and greedy[player]:
                    index, distance = _greedy_move(u, pieces, bb, longest, work, goal, goal_size, keys)
                else:
                    k = int(u * total)
                    index = 0
                    while k >= longest[index]:
                        k -= longest[index]
                        index += 1
                    distance = k + 1
                if plies <= record:
                    out_moves[g, plies - 1] = index * 8 + distance - 1
                _apply(index // 8, index % 8, distance, height, pieces, bb, movers)
                passes = 0
                progress = _best(bb, goal)
            latest[player] = progress
            history[plies] = progress
            leader, changes = follow_leader(leader, _sole_leader(latest, players), changes)
            if progress < goal_size:
                player = (player + 1) % players
        won = progress == goal_size
        for p in range(players):
            out_scores[g, p] = 0
        out_winners[g] = 0
        if won:
            out_winners[g] = 1 << player
            out_scores[g, player] = 1
        out_turns[g] = turns
        out_plies[g] = plies
        out_unfinished[g] = not ended
        out_branching[g] = options / plies if plies else 0.0
        out_lead_changes[g] = changes
        comeback = False
        if won and turns >= 2:
            # Each player's latest progress at the half-time sample: seats move in turn from init_player.
            k = half_time_sample(turns, init_turns)
            for p in range(players):
                offset = (p - init_player) % players
                latest[p] = init_latest[p] if k <= offset else history[offset + 1 + (k - offset - 1) // players * players]
            for p in range(players):
                if p != player and latest[p] > latest[player]:
                    comeback = True
        out_comeback[g] = comeback
        branching_profile(choices, plies, out_profile[g])
        # The goal the winning ply met (the engine's win event: lowest colour, then corner).
        out_goal_colour[g] = -1
        out_goal_corner[g] = -1
        for colour in range(4):
            for corner in range(4):
                if won and plies and out_goal_corner[g] < 0 and _right(bb, corner, colour, goal) == goal_size:
                    out_goal_colour[g] = colour
                    out_goal_corner[g] = corner
        out_progress[g] = progress
    return 0
