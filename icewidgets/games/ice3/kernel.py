"""Compiled Ice3 playouts: the same games as :mod:`icewidgets.games.ice3`, ply for ply.

The kernel plays the default movement rules (``blocked="stay"``, ``edge="stay"``,
``walls="before"``) with the ``exact`` goal, any number of players, either ``no_move`` rule and
any turn limit, with the random agent and Ice3's greedy rule (``Ice3.greedy``, written out in
:mod:`icewidgets.games.ice3.greedy`: the same keys, the same one draw among the best); other
options fall back to the reference engine. The random setup is rebuilt inside the kernel
(:mod:`icewidgets.compiled.pyrandom`), so a game costs no Python at all.

Bit boards (``uint64``, bit i = square i): ``runs[k-1]`` holds the squares with at least k
squares free of walls ahead in a direction, exactly the reference engine's table, so the
legal moves come out in its order (sets R Y G B 1 2 3, directions N … NW, distances 1 …).
A set's members move when their whole path is free of walls; the rest stay.

>>> from icewidgets import make
>>> out = play_range(make("ice3", max_turns=40), ("random", "random"), seed=0, start=0, stop=2, max_plies=40)
>>> out["plies"].tolist()
[40, 40]
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

from ...grid import DIRECTIONS, Grid
from ...compiled import pyrandom as _pyrandom
from ...compiled import rng as _rng
from ...compiled.bits import lowest_bit, popcount
from ...compiled.jit import helper
from ...compiled.pick import nth_best

GRID = Grid(8, 8)
SQUARES = 64
MAX_DISTANCE = 7
CENTRE = ("d4", "e4", "d5", "e5")
PATTERN = ((3, 3, 3, 2), (3, 2, 2, 1), (3, 2, 1, 1), (2, 1, 1, 0))
CORNERS = ("a1", "h1", "a8", "h8")
_CORNER_SQUARES = np.array([GRID.index(corner) for corner in CORNERS], dtype=np.int64)

_U = np.uint64
_SHIFT = np.array([dr * 8 + df for df, dr in DIRECTIONS.values()], dtype=np.int64)
_INSIDE = np.array([sum(1 << s for s in range(SQUARES) if GRID.steps(d)[s] is not None) for d in DIRECTIONS],
                   dtype=np.uint64)
_OUTER = np.array([i for i in range(SQUARES) if GRID.name(i) not in CENTRE], dtype=np.int64)
# The set-up pieces in the engine's order: colours R Y G B, sizes 1 2 3, five of each (code colour·3 + size−1).
_SET = np.array([c * 3 + s for c in range(4) for s in range(3) for _ in range(5)], dtype=np.int64)


def _corner_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    cells = np.zeros((4, 15), dtype=np.int64)
    sizes = np.zeros((4, 15), dtype=np.int64)
    empty = np.zeros(4, dtype=np.int64)
    for c, corner in enumerate(CORNERS):
        index = GRID.index(corner)
        f0, r0 = GRID.file_of(index), GRID.rank_of(index)
        sf, sr = (1 if f0 == 0 else -1), (1 if r0 == 0 else -1)
        k = 0
        for i in range(4):
            for j in range(4):
                if PATTERN[i][j]:
                    cells[c, k] = (r0 + sr * i) * 8 + f0 + sf * j
                    sizes[c, k] = PATTERN[i][j] - 1
                    k += 1
        empty[c] = (r0 + sr * 3) * 8 + f0 + sf * 3
    return cells, sizes, empty


_CELLS, _SIZES, _EMPTY = _corner_tables()


def _corner_masks() -> np.ndarray:
    """The greedy agent's corner tables as bit boards: ``masks[corner, z]`` (z = 0, 1, 2) are the
    corner's pattern cells that want a piece of size z + 1; ``masks[corner, 3 + k]`` the squares
    more than k king steps from the corner's 4×4 block (k = 0 … 3; no square is 5 away), so a
    set's summed distance to the block is the sum of its counts in those four masks."""
    masks = np.zeros((4, 7), dtype=np.uint64)
    for c in range(4):
        for k in range(15):
            masks[c, _SIZES[c, k]] |= np.uint64(1 << int(_CELLS[c, k]))
        block = [int(b) for b in _CELLS[c]] + [int(_EMPTY[c])]
        for s in range(SQUARES):
            far = min(GRID.chebyshev(s, b) for b in block)
            for k in range(far):
                masks[c, 3 + k] |= np.uint64(1 << s)
    return masks


_CORNER_MASKS = _corner_masks()

_DEFAULTS = {"blocked": "stay", "edge": "stay", "walls": "before", "goal": "exact"}
_KERNEL_OPTIONS = {"players", "no_move", "max_turns", *_DEFAULTS}


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    """Whether the kernel plays ``game`` with ``agents`` (else the reference engine serves)."""
    if game.name != "ice3" or len(agents) != game.players:
        return False
    if any(a not in ("random", "greedy") for a in agents):
        return False
    for field in dataclasses.fields(game):
        value = getattr(game, field.name)
        if field.name in _DEFAULTS and value != _DEFAULTS[field.name]:
            return False
        if field.name not in _KERNEL_OPTIONS and value != field.default:
            return False
    return True


def empty_results(n: int, players: int) -> dict[str, np.ndarray]:
    """Result arrays for ``n`` games; ``winners`` is a bit mask (bit p: player p won)."""
    return {
        "winners": np.zeros(n, dtype=np.uint8),
        "scores": np.zeros((n, players), dtype=np.int16),
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "unfinished": np.zeros(n, dtype=np.bool_),
        "branching": np.zeros(n, dtype=np.float32),
        "goal_colour": np.zeros(n, dtype=np.int8),  # the colour that met the goal (0–3 = R Y G B), −1 if none
        "goal_corner": np.zeros(n, dtype=np.int8),  # where (0–3 = a1 h1 a8 h8), −1 if none
        "progress": np.zeros(n, dtype=np.uint8),  # the best goal progress at the end (cells right, of 16)
    }


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict[str, np.ndarray]:
    """Games ``start``…``stop-1`` of a run seeded ``seed``, as result arrays (:func:`empty_results`);
    a game still going after ``max_plies`` plies stops unfinished.

    With ``record`` > 0 the first ``record`` plies of each game are also returned as
    ``record[game, ply] = (set·8 + direction)·8 + distance − 1``, ``-2`` for a pass (−1 past the
    end; see :func:`recorded_moves`).
    """
    n = stop - start
    out = empty_results(n, game.players)
    recorded = np.full((n, record), -1, dtype=np.int16)
    codes = None if all(a == "random" for a in agents) else np.array([a == "greedy" for a in agents], dtype=np.int64)
    scratch = (np.zeros(12, dtype=np.uint64), np.zeros((2, 56 * MAX_DISTANCE), dtype=np.int64))
    status = _play(codes, _CORNER_MASKS, *scratch, game.players, game.no_move == "draw", game.max_turns or 0, max_plies, _rng.entropy_words(seed),
                   start, stop, _rng.new_generator(), _pyrandom.new_twister(), np.zeros(60, dtype=np.int64),
                   np.zeros((SQUARES, 2), dtype=np.int64), np.zeros(SQUARES, dtype=np.int64),
                   np.zeros(MAX_DISTANCE, dtype=np.uint64), np.zeros(8, dtype=np.uint64), np.zeros(56, dtype=np.int64),
                   np.zeros(SQUARES, dtype=np.int64), _SHIFT, _INSIDE, _OUTER, _SET, _CELLS, _SIZES, _EMPTY,
                   out["winners"], out["scores"], out["turns"], out["plies"], out["unfinished"], out["branching"],
                   out["goal_colour"], out["goal_corner"], out["progress"], recorded)
    if status != 0:
        raise RuntimeError(f"Ice3 kernel: game {status - 1} failed")
    if record:
        out["record"] = recorded
    out["heatmap:goal_corners"] = goal_corner_heatmap(out["goal_corner"])
    return out


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
    return f"{'RYGB123'[group]}{tuple(DIRECTIONS)[direction]}{distance + 1}"


def recorded_moves(out: dict[str, np.ndarray], row: int) -> list[str]:
    """The plies of game ``row`` of a :func:`play_range` record, as move texts (``"RE1"``, ``"pass"``)."""
    return [move_text(code) for code in out["record"][row] if code != -1]

@helper
def _shifted(bits, shift):
    """Bit s of the result is bit s + shift of ``bits``."""
    if shift > 0:
        return bits >> np.uint64(shift)
    return bits << np.uint64(-shift)


@helper
def _goal_met(height, pieces, cells, sizes, empty):
    for c in range(4):
        if height[empty[c]] != 0:
            continue
        first = cells[c, 0]
        if height[first] != 1:
            continue
        colour = pieces[first, 0] // 3
        ok = True
        for k in range(15):
            square = cells[c, k]
            if height[square] != 1 or pieces[square, 0] != colour * 3 + sizes[c, k]:
                ok = False
                break
        if ok:
            return True
    return False


@helper
def _bitboards(height, pieces, bb):
    """bb[0..6]: the squares whose top piece (the only one that can move) is in set R Y G B 1 2 3;
    bb[7]: the walls (two-piece stacks)."""
    for i in range(8):
        bb[i] = np.uint64(0)
    for s in range(SQUARES):
        h = height[s]
        if h:
            bit = np.uint64(1) << np.uint64(s)
            if h == 2:
                bb[7] |= bit
            piece = pieces[s, h - 1]
            bb[piece // 3] |= bit
            bb[4 + piece % 3] |= bit


@helper
def _legal(bb, runs, longest, shift, inside):
    """Fill ``longest[set·8 + d]`` (the longest free run of an unpinned member); return the move count."""
    tops = bb
    walls = bb[7]
    free = ~walls
    total = 0
    for d in range(8):
        first = _shifted(free, shift[d]) & inside[d]
        runs[0] = first
        n_runs = 1 if first else 0
        ahead = first
        while ahead and n_runs < MAX_DISTANCE:
            ahead = first & _shifted(ahead, shift[d])
            if ahead:
                runs[n_runs] = ahead
                n_runs += 1
        for g in range(7):
            best = 0
            members = tops[g]
            if members:
                for k in range(n_runs, 0, -1):
                    if members & runs[k - 1]:
                        best = k
                        break
            longest[g * 8 + d] = best
            total += best
    return total


@helper
def _apply(group, d, distance, height, pieces, bb, movers, shift, inside):
    """Move the members of ``group`` whose path of ``distance`` squares towards ``d`` is free of
    walls, keeping the bit boards of :func:`_bitboards` up to date."""
    first = _shifted(~bb[7], shift[d]) & inside[d]
    reach = first
    for _ in range(distance - 1):
        reach = first & _shifted(reach, shift[d])
    moving = bb[group] & reach
    n = 0
    while moving:
        movers[n] = lowest_bit(np.int64(moving))
        moving &= moving - np.uint64(1)
        n += 1
    # Lift every mover first (a mover may land where another one stood), then set them down.
    for i in range(n):
        s = movers[i]
        bit = np.uint64(1) << np.uint64(s)
        h = height[s] - 1
        height[s] = h
        piece = pieces[s, h]
        movers[32 + i] = piece
        bb[piece // 3] &= ~bit
        bb[4 + piece % 3] &= ~bit
        if h == 1:
            bb[7] &= ~bit
            below = pieces[s, 0]
            bb[below // 3] |= bit
            bb[4 + below % 3] |= bit
    for i in range(n):
        piece = movers[32 + i]
        target = movers[i] + shift[d] * distance
        bit = np.uint64(1) << np.uint64(target)
        h = height[target]
        if h == 1:
            below = pieces[target, 0]
            bb[below // 3] &= ~bit
            bb[4 + below % 3] &= ~bit
            bb[7] |= bit
        pieces[target, h] = piece
        height[target] = h + 1
        bb[piece // 3] |= bit
        bb[4 + piece % 3] |= bit
    return n


@helper
def _count(bits):
    """The number of squares in a bit board."""
    return popcount(np.int64(bits))


@helper
def _distance(bits, far0, far1, far2, far3):
    """The summed king distance of the squares in ``bits`` to a corner's block (its masks 3 … 6)."""
    return _count(bits & far0) + _count(bits & far1) + _count(bits & far2) + _count(bits & far3)


@helper
def _greedy_move(u, pieces, bb, longest, bottoms, shift, inside, masks, empty, keys):
    """Ice3's greedy rule (``Ice3.greedy``): aim at the best colour and corner, try every move of that
    colour (every move if it has none), keep the best value; ties broken by the draw ``u``.
    Returns (set·8 + direction, distance).

    Everything is counted on bit boards: a value is ``64·right − away`` (``right``: the corner's
    pattern cells holding exactly their piece of the colour, plus its empty cell; ``away``: the
    colour's pieces' summed distance to the corner's block, walls' lower pieces included), and a
    move's value is the current one updated on the squares it lifts from and lands on, without
    playing it. A move whose ``right`` reaches 16 meets the goal with that colour and corner, so
    it gets the agent's win bonus."""
    walls = bb[7]
    occupied = bb[4] | bb[5] | bb[6]
    singles = occupied & ~walls
    # bottoms[code]: the walls whose lower piece is ``code`` (a mover lifted off a wall uncovers it).
    for code in range(12):
        bottoms[code] = np.uint64(0)
    rest = walls
    while rest:
        square = lowest_bit(np.int64(rest))
        rest &= rest - np.uint64(1)
        bottoms[pieces[square, 0]] |= np.uint64(1) << np.uint64(square)
    target_colour = np.int64(0)
    target_corner = np.int64(0)
    best_value = np.int64(0)
    away_now = np.int64(0)  # the target's away
    for corner in range(4):
        hole = 1 if ((occupied >> np.uint64(empty[corner])) & np.uint64(1)) == 0 else 0
        fits = (bb[4] & masks[corner, 0]) | (bb[5] & masks[corner, 1]) | (bb[6] & masks[corner, 2])
        for colour in range(4):
            lower = bottoms[3 * colour] | bottoms[3 * colour + 1] | bottoms[3 * colour + 2]
            away = (_distance(bb[colour], masks[corner, 3], masks[corner, 4], masks[corner, 5], masks[corner, 6])
                    + _distance(lower, masks[corner, 3], masks[corner, 4], masks[corner, 5], masks[corner, 6]))
            value = 64 * (hole + _count(singles & bb[colour] & fits)) - away
            if (corner == 0 and colour == 0) or value > best_value:
                target_colour, target_corner, best_value, away_now = colour, corner, value, away
    colour, corner = target_colour, target_corner
    fit0, fit1, fit2 = masks[corner, 0], masks[corner, 1], masks[corner, 2]
    far0, far1, far2, far3 = masks[corner, 3], masks[corner, 4], masks[corner, 5], masks[corner, 6]
    hole_bit = np.uint64(1) << np.uint64(empty[corner])
    # The target's right cells, and the walls whose lower piece would be right once uncovered.
    right_now = singles & bb[colour] & ((bb[4] & fit0) | (bb[5] & fit1) | (bb[6] & fit2))
    right_below = ((bottoms[3 * colour] & fit0) | (bottoms[3 * colour + 1] & fit1)
                   | (bottoms[3 * colour + 2] & fit2))
    own_moves = 0
    for d in range(8):
        own_moves += longest[colour * 8 + d]
    n = 0
    top = np.int64(0)
    for index in range(56):
        group = index // 8
        if (own_moves and group != colour) or longest[index] == 0:
            continue
        d = index % 8
        members = bb[group]
        # As in _apply: the members whose next ``distance`` squares are free of walls move.
        free_ahead = _shifted(~walls, shift[d]) & inside[d]
        reach = free_ahead
        for distance in range(1, longest[index] + 1):
            if distance > 1:
                reach = free_ahead & _shifted(reach, shift[d])
            moving = members & reach
            back = -distance * shift[d]
            landing = _shifted(moving, back)
            mine = moving & bb[colour]
            # A landing square ends with one piece (the arrival) if it was empty or its piece moved
            # on; a square left by a mover keeps only a wall's lower piece.
            arrived = ((_shifted(mine & bb[4], back) & fit0) | (_shifted(mine & bb[5], back) & fit1)
                       | (_shifted(mine & bb[6], back) & fit2)) & (~occupied | moving)
            right = (_count(right_now & ~(moving | landing)) + _count(arrived)
                     + _count(right_below & moving & ~landing))
            if ((~occupied | (moving & ~walls)) & ~landing) & hole_bit:
                right += 1
            away = (away_now + _distance(_shifted(mine, back), far0, far1, far2, far3)
                    - _distance(mine, far0, far1, far2, far3))
            key = 64 * right - away
            if right >= 16:
                key += 1 << 20
            keys[0, n] = key
            keys[1, n] = index * 8 + distance
            top = key if n == 0 else max(top, key)
            n += 1
    i = nth_best(keys[0], n, top, u)
    return keys[1, i] // 8, keys[1, i] % 8


@njit(cache=True, nogil=True)
def _play(agents, masks, bottoms, keys, players, draw_if_stuck, max_turns, max_plies, run_words, start, stop, gen, mt, order, pieces, height,
          runs, bb, longest, movers, shift, inside, outer, set_pieces, cells, sizes, empty,
          out_winners, out_scores, out_turns, out_plies, out_unfinished, out_branching, out_goal_colour,
          out_goal_corner, out_progress, out_moves):
    record = out_moves.shape[1]
    for g in range(stop - start):
        _rng.seed_game(gen, run_words, start + g)
        # game.new_state(seed=rng): random.Random(int(rng.integers(2**63))).shuffle, redrawn if the goal is met.
        _pyrandom.seed_from_generator(gen, mt)
        for i in range(60):
            order[i] = set_pieces[i]
        while True:
            _pyrandom.shuffle(mt, order)
            for s in range(SQUARES):
                height[s] = 0
            for i in range(60):
                pieces[outer[i], 0] = order[i]
                height[outer[i]] = 1
            if not _goal_met(height, pieces, cells, sizes, empty):
                break
        _bitboards(height, pieces, bb)
        player = np.int64(0)
        turns = 0
        plies = 0
        passes = 0
        options = 0
        won = False
        drawn = False
        while True:
            if passes >= players:
                drawn = True
                break
            total = _legal(bb, runs, longest, shift, inside)
            if total == 0 and draw_if_stuck:
                drawn = True
                break
            if (max_turns > 0 and turns >= max_turns) or plies >= max_plies:
                break
            u = _rng.random(gen)
            plies += 1
            turns += 1
            if total == 0:
                options += 1
                passes += 1
                if plies <= record:
                    out_moves[g, plies - 1] = -2
                player = (player + 1) % players
                continue
            options += total
            # agents is None when every seat is random: numba then prunes the greedy branch, so
            # random runs compile without it.
            greedy = False
            if agents is not None:
                if agents[player]:
                    greedy = True
                    index, distance = _greedy_move(u, pieces, bb, longest, bottoms, shift, inside, masks, empty, keys)
                    k = distance - 1
            if not greedy:
                k = int(u * total)
                index = 0
                while k >= longest[index]:
                    k -= longest[index]
                    index += 1
                distance = k + 1
            if plies <= record:
                out_moves[g, plies - 1] = index * 8 + k
            _apply(index // 8, index % 8, distance, height, pieces, bb, movers, shift, inside)
            passes = 0
            if _goal_met(height, pieces, cells, sizes, empty):
                won = True
                break
            player = (player + 1) % players
        for p in range(players):
            out_scores[g, p] = 0
        if won:
            out_winners[g] = 1 << player
            out_scores[g, player] = 1
        else:
            out_winners[g] = 0
        out_turns[g] = turns
        out_plies[g] = plies
        out_unfinished[g] = not (won or drawn)
        out_branching[g] = options / plies if plies else 0.0
        _goal_counters(g, height, pieces, cells, sizes, empty, out_goal_colour, out_goal_corner, out_progress)
    return 0


@helper
def _goal_counters(g, height, pieces, cells, sizes, empty, out_goal_colour, out_goal_corner, out_progress):
    """The met goal (lowest colour, then corner, as the engine sorts them) and the best progress:
    over corners and colours, the pattern cells holding exactly their piece, plus the empty cell."""
    colour_met = 4
    corner_met = -1
    best = 0
    for c in range(4):
        hole = 1 if height[empty[c]] == 0 else 0
        for colour in range(4):
            right = hole
            for k in range(15):
                square = cells[c, k]
                if height[square] == 1 and pieces[square, 0] == colour * 3 + sizes[c, k]:
                    right += 1
            if right > best:
                best = right
            if right == 16 and colour < colour_met:
                colour_met = colour
                corner_met = c
    out_goal_colour[g] = colour_met if corner_met >= 0 else -1
    out_goal_corner[g] = corner_met
    out_progress[g] = best
