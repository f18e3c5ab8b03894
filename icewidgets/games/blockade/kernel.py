"""Compiled Blockade playouts: the same games as :mod:`icewidgets.games.blockade`, ply for ply.

The kernel plays both landing rules (``"end"`` and ``"strict"``), both tower-counting options
and ``max_turns`` with the random agent and Blockade's greedy rule (``Blockade.greedy``, written
out in :mod:`icewidgets.games.blockade.greedy`: the same keys, the same one draw among the best). Stacks are ``stack[square, height]``
piece codes (colour·4 + size, colours R Y G B C K = 0…5); ``moved`` is a count per square
(the engine's sorted tuple of squares). The roll-off redraws ``random.Random(int(rng.integers(2**63)))``
inside the kernel, the dice are one draw against the cumulative 1/36 probabilities, and the
legal plies are listed in the engine's order (combines, piece moves by source then target,
``end``), so the same draw picks the same ply.

Under ``landing="end"`` a ply is legal only if the turn can still be ended after it. The
kernel ports the engine's end-of-turn search step by step (the quick checks of
``_piece_moves``, the bounds, the greedy repairs and the depth-first search over the useful
moves, memoised per position with the pips in a table per turn like the engine's TurnTable),
so its answers are the engine's own. One addition changes no answer: a ply after which the
engine's first bound (_near_enough) would fail is refused from bit masks before the position
is copied (every bound is a necessary condition for ending the turn, so it only decides how
soon a hopeless position is given up). The search walks an explicit stack of frames instead of
recursing, so numba caches it with the rest of the kernel.

>>> from icewidgets import make
>>> out = play_range(make("blockade", max_turns=3), ("random", "random"), seed=0, start=0, stop=2, max_plies=42)
>>> out["plies"].shape, out["winners"].dtype.name
((2,), 'uint8')
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

from . import rules as _bk
from ...grid import Grid
from ...compiled import pyrandom as _pyrandom
from ...compiled.balance import PROFILE_BINS, branching_profile, follow_leader, half_time_sample
from ...compiled import rng as _rng
from ...compiled.bits import lowest_bit
from ...compiled.jit import internal
from ...compiled.pick import nth_best

GRID = Grid(5, 5)
SQUARES = 25
MAX_HEIGHT = 42  # any position: a large under every medium and small of the set, and a black
INF = 99
MAX_PIPS = _bk.PIPS_PER_TURN  # both dice's pips on one piece is the most one move can spend

R, Y, G, B, C, K = 0, 1, 2, 3, 4, 5
COLOUR_LETTERS = "RYGBCK"


# Ply codes: rolls 0…35 (first die·6 + second), combines 36/37, end 38, moves 100 + src·25 + dst.
COMBINE = 36
END = 38
MOVE = 100

_NEIGHBOURS = np.full((SQUARES, 8), -1, dtype=np.int64)
for _s, _ns in enumerate(GRID.neighbours):
    _NEIGHBOURS[_s, : len(_ns)] = _ns  # direction order N, NE, E, SE, S, SW, W, NW

_CHEBYSHEV = np.array([[GRID.chebyshev(a, b) for b in range(SQUARES)] for a in range(SQUARES)], dtype=np.int64)

# The cumulative probabilities agents.chance_move adds up (36 × 1/36, summed in order).
_CUMULATIVE = np.zeros(36, dtype=np.float64)
_total = 0.0
for _k in range(36):
    _total += 1 / 36
    _CUMULATIVE[_k] = _total

_KERNEL_OPTIONS = {"players", "landing", "tower_without_black_counts", "max_turns"}


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    """Whether the kernel plays ``game`` with ``agents`` (else the reference engine serves)."""
    if game.name != "blockade" or len(agents) != 2 or any(a not in ("random", "greedy") for a in agents):
        return False
    return all(f.name in _KERNEL_OPTIONS or getattr(game, f.name) == f.default for f in dataclasses.fields(game))


def empty_results(n: int) -> dict[str, np.ndarray]:
    """Result arrays for ``n`` games; ``winners`` is a bit mask (bit p: player p won)."""
    return {
        "winners": np.zeros(n, dtype=np.uint8),
        "scores": np.zeros((n, 2), dtype=np.int16),  # towers in each player's better colour
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "unfinished": np.zeros(n, dtype=np.bool_),
        "branching": np.zeros(n, dtype=np.float32),
        "first": np.zeros(n, dtype=np.int8),  # whose turn it is at the start (the roll-off's winner)
        # The balance metrics, by the playouts' definitions: the leader is sampled at the start
        # and after every ply that ends a turn or the game, on BlockadeCounters.progress.
        "lead_changes": np.zeros(n, dtype=np.uint16),
        "comeback": np.zeros(n, dtype=np.bool_),
        "branching_profile": np.zeros((n, PROFILE_BINS), dtype=np.float32),
        "towers": np.zeros((n, 4), dtype=np.uint8),  # towers per colour R Y G B
        "moves": np.zeros(n, dtype=np.uint16),  # piece moves
        "pips": np.zeros(n, dtype=np.uint32),  # pip-steps: pips spent on piece moves
        # Board heatmaps over the games, by square: where towers were completed (those that
        # count), and where they were capped (blockades).
        "heatmap:towers": np.zeros(SQUARES, dtype=np.int64),
        "heatmap:blockades": np.zeros(SQUARES, dtype=np.int64),
    }


def encode(state: Any) -> tuple:
    """The kernel's copy of any position ``state`` the rules engine holds (loaded texts, sparse
    boards, mid-turn states, rolls to come): ``(stack, height, moved, supply, dice, points,
    player, chance, turns)`` — piece codes by square and level, heights, the pieces moved this
    turn per square, the blacks left (K3, K2, K1), the dice and pips left (zeros before the
    roll), whose turn it is, whether the dice are to be rolled and the turns completed.

    >>> from icewidgets import make
    >>> stack, height, moved, supply, dice, points, player, chance, turns = encode(
    ...     make("blockade").new_state(seed=2).play("G5B2").play("b3-c3"))
    >>> int(height.sum()), moved.nonzero()[0].tolist(), points.tolist(), player, chance
    (65, [12], [4, 2], 1, False)
    """
    stack = np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int64)
    height = np.zeros(SQUARES, dtype=np.int64)
    for square, pieces in enumerate(state.board):
        for h, piece in enumerate(pieces):
            stack[square, h] = COLOUR_LETTERS.index(piece.colour) * 4 + piece.size
        height[square] = len(pieces)
    moved = np.zeros(SQUARES, dtype=np.int64)
    for square in state.moved:
        moved[square] += 1
    return (stack, height, moved, np.array(state.supply, dtype=np.int64), np.array(state.dice or (0, 0), dtype=np.int64),
            np.array(state.points or (0, 0), dtype=np.int64), int(state.player), state.to_move == _bk.CHANCE,
            int(state.turns))


_SETUP = encode(_bk.BlockadeState(_bk.Blockade(), _bk.SETUP_BOARD))


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict[str, np.ndarray]:
    """Games ``start``…``stop-1`` of a run seeded ``seed``, as result arrays (:func:`empty_results`);
    a game still going after ``max_plies`` plies stops unfinished.

    With ``record`` > 0 the first ``record`` plies of each game are also returned as codes in
    ``record`` (see :func:`move_text`; −1 past the end; :func:`recorded_moves`).
    """
    return _run(game, agents, _SETUP, True, seed, start, stop, max_plies, record)


def play_from(game: Any, state: Any, agents: tuple[str, ...], seed: Any, count: int, max_plies: int,
              record: int = 0) -> dict[str, np.ndarray]:
    """``count`` games continued from ``state`` (a position of ``game``), as :func:`play_range`'s
    arrays: game i draws from ``SeedSequence(seed, spawn_key=(i,))`` exactly as the rules engine
    continuing ``state`` would (one draw per decision, the rolls by their cumulative odds),
    until it ends or has played ``max_plies`` plies. ``turns`` counts on from ``state.turns``,
    ``plies`` counts the plies played here and ``first`` is whose turn it is in ``state``.

    >>> from icewidgets import make
    >>> game = make("blockade", max_turns=6)
    >>> out = play_from(game, game.new_state(seed=1).play("R2Y3"), ("random", "greedy"), 7, 3, 200, record=5)
    >>> out["turns"].tolist(), out["unfinished"].tolist()
    ([6, 6, 6], [True, True, True])
    """
    if state.game != game:
        raise ValueError(f"the position is one of {state.game!r}, not of {game!r}")
    if not supports(game, agents):
        raise ValueError(f"the compiled Blockade kernel does not play {game!r} with agents {tuple(agents)!r}")
    return _run(game, agents, encode(state), False, seed, 0, count, max_plies, record)


def legal_moves(game: Any, state: Any) -> list[str]:
    """The legal plies of ``state`` as the kernel lists them: texts, in the engine's order.

    >>> from icewidgets import make
    >>> legal_moves(make("blockade"), make("blockade").new_state(seed=2).play("G1B1"))[:3]
    ['combine:G', 'combine:B', 'b1-c1']
    """
    if state.is_over:
        return []
    if state.to_move == _bk.CHANCE:
        return [move_text(code, state.player) for code in range(36)]
    scratch = _new_scratch()
    n = _play(*_arguments(game, ("random", "random"), encode(state), False, 0, 0, 1, 1, 0, scratch, True))
    return [move_text(code, state.player) for code in scratch[12][:n]]


def _run(game: Any, agents: tuple[str, ...], position: tuple, rolloff: bool, seed: Any, start: int, stop: int,
         max_plies: int, record: int) -> dict[str, np.ndarray]:
    arguments = _arguments(game, agents, position, rolloff, seed, start, stop, max_plies, record, _new_scratch(), False)
    _play(*arguments)
    return _results(arguments, record)


# Where _play's result arrays are among its arguments (see _arguments), in empty_results' order.
_RESULT_NAMES = tuple(empty_results(0))


def _arguments(game: Any, agents: tuple[str, ...], position: tuple, rolloff: bool, seed: Any, start: int, stop: int,
               max_plies: int, record: int, scratch: tuple, list_legal: bool) -> tuple:
    """_play's arguments, of one signature for whole games, continued games and legal lists
    alike (so numba compiles _play once)."""
    stack, height, moved, supply, dice, points, player, chance, turns = position
    room = _plies_room(game.max_turns, turns, max_plies)
    out = empty_results(stop - start)
    return (stack, height, moved, supply, dice, points, np.int64(player), bool(chance), np.int64(turns), bool(rolloff),
            game.landing == "strict", game.tower_without_black_counts,
            _greedy_seats(agents), np.int64(game.max_turns or 0),
            np.int64(max_plies), _rng.entropy_words(seed), np.int64(start), np.int64(stop), _rng.new_generator(),
            _pyrandom.new_twister(), _NEIGHBOURS, _CHEBYSHEV, _CUMULATIVE, scratch, _new_frames(), _new_work(),
            _new_memo(), np.zeros(room, dtype=np.int16), np.zeros((room // 2 + 3, 2), dtype=np.int64), list_legal,
            *out.values(), np.full((stop - start, record), -1, dtype=np.int16))


def _greedy_seats(agents: tuple[str, ...]) -> np.ndarray | None:
    """Which seats play greedy, or None when all play random: numba then leaves the greedy rule
    out of _play (a cold compile for random games builds less)."""
    return None if all(agent == "random" for agent in agents) else np.array([a == "greedy" for a in agents])


def _results(arguments: tuple, record: int) -> dict[str, np.ndarray]:
    """The result arrays _play filled, by name (and the record, if asked for)."""
    first = len(arguments) - 1 - len(_RESULT_NAMES)
    out = dict(zip(_RESULT_NAMES, arguments[first:-1]))
    if record:
        out["record"] = arguments[-1]
    return out


def _plies_room(max_turns: int | None, turns: int, max_plies: int) -> int:
    """Room for every decision of a game from a position after ``turns`` turns (a turn has 14
    plies at most: the roll, 12 one-pip moves and ``end``)."""
    room = max_plies if not max_turns else min(max_plies, (MAX_PIPS + 2) * (max(0, max_turns - turns) + 1))
    if room > 10**7:
        raise ValueError(f"max_plies={max_plies:,} without a turn limit: give a smaller ply limit")
    return max(room, 1)


def move_text(code: int, player: int) -> str:
    """A recorded ply code → ``"G5B2"`` / ``"combine:R"`` / ``"end"`` / ``"b3-c3"`` (``player``: whose turn)."""
    code = int(code)
    first, second = _bk.PLAYER_COLOURS[player]
    if code < 36:
        return f"{first}{code // 6 + 1}{second}{code % 6 + 1}"
    if code < END:
        return f"combine:{_bk.PLAYER_COLOURS[player][code - COMBINE]}"
    if code == END:
        return "end"
    src, dst = divmod(code - MOVE, SQUARES)
    return f"{GRID.name(src)}-{GRID.name(dst)}"


def recorded_moves(out: dict[str, np.ndarray], row: int) -> list[str]:
    """The plies of game ``row`` of a :func:`play_range` record, as move texts (each piece move
    and ``end`` named for the player whose turn it is, from the roll-off's ``first``)."""
    player = int(out["first"][row])
    texts = []
    for code in out["record"][row][: out["plies"][row]]:
        texts.append(move_text(code, player))
        if code == END:
            player = 1 - player
    return texts


# Kernel ----------------------------------------------------------------------------------------

# The kernel allocates nothing (play_range hands _play every array it uses), so _play is
# compiled without numba's reference counting too, as the helpers are (see jit.internal): the
# code inlined into it takes views of the frames' arrays, and each view would count. Only
# Python calls _play, so it has no C-pointer wrapper; only _play has a Python wrapper.

# The legal plies' listing and the end-of-turn search's driver (_legal, _can_finish_after,
# _open, _next_child: each called from one place, _legal too when it only lists the plies for
# legal_moves) are inlined into _play by numba instead of compiled on their own. numba links a
# compiled function's callees into it and optimises and compiles them all again, so each of
# those levels above the search's helpers cost about 2 s of a cold first call; a second call
# site would inline (and compile) the whole search twice.
_inlined = njit(cache=True, inline="always")


@internal
def _copy(to, values):
    """``to[:] = values`` for 1-D arrays, without the temporary copy numba makes for slices."""
    for i in range(len(values)):
        to[i] = values[i]


@internal
def _copy_board(to_stack, to_height, stack, height):
    """Copy the pieces (only those below each height: the rest is never read)."""
    for square in range(SQUARES):
        h = height[square]
        to_height[square] = h
        for k in range(h):
            to_stack[square, k] = stack[square, k]


@internal
def _can_rest(piece, stack, square, h):
    """Whether ``piece`` may rest on the first ``h`` pieces of ``square``."""
    if h == 0:
        return True
    top = stack[square, h - 1]
    colour = top >> 2
    pc = piece >> 2
    if colour == pc:
        return (piece & 3) <= (top & 3)
    if colour == C:
        return True
    if colour == K:
        return (stack[square, 0] >> 2) == pc and (top & 3) > (piece & 3)
    return False


@internal
def _tower_shape(stack, square, h):
    if h < 3:
        return False
    large = stack[square, 0]
    colour = large >> 2
    return ((large & 3) == 3 and colour != C and stack[square, 1] == colour * 4 + 2
            and stack[square, 2] == colour * 4 + 1)


@internal
def _tower_colour(stack, square, h, counts):
    if _tower_shape(stack, square, h) and (counts or (h > 3 and (stack[square, 3] >> 2) == K)):
        return stack[square, 0] >> 2
    return -1


@internal
def _routes(blocked, neighbours, dist, order, order_len, within):
    """Breadth-first distances and squares by distance from every square, ``blocked`` barred;
    ``within[s, p]``: the squares ``p`` pips or fewer from ``s`` (not ``s`` itself), as bits."""
    for source in range(SQUARES):
        for t in range(SQUARES):
            dist[source, t] = INF
        dist[source, source] = 0
        queue = order[source]
        # queue holds the reached squares but the source; scan from a virtual head
        n = 0
        head = -1
        while True:
            square = source if head < 0 else queue[head]
            for k in range(8):
                step = neighbours[square, k]
                if step < 0:
                    break
                if dist[source, step] == INF and not (blocked >> step) & 1:
                    dist[source, step] = dist[source, square] + 1
                    queue[n] = step
                    n += 1
            head += 1
            if head >= n:
                break
        order_len[source] = n
        reached = 0
        k = 0
        for pips in range(MAX_PIPS + 1):
            while k < n and dist[source, queue[k]] <= pips:
                reached |= 1 << queue[k]
                k += 1
            within[source, pips] = reached


@internal
def _blocked(stack, height, player):
    blocked = 0
    for square in range(SQUARES):
        if height[square] > 3 and (stack[square, 3] >> 2) == K and ((stack[square, 0] >> 2) >> 1) == 1 - player:
            blocked |= 1 << square
    return blocked


@internal
def _move_piece(stack, height, moved, supply, src, dst, counts):
    """The engine's _move_piece in place; returns whether the move wins."""
    h = height[src] - 1
    piece = stack[src, h]
    height[src] = h
    if moved[src] > 0:
        moved[src] -= 1
    hd = height[dst]
    stack[dst, hd] = piece
    height[dst] = hd + 1
    if (piece & 3) == 1 and hd == 2 and _tower_shape(stack, dst, hd + 1):
        frozen = counts
        if supply[0] or supply[1] or supply[2]:
            size = 0 if supply[0] else 1 if supply[1] else 2
            stack[dst, hd + 1] = K * 4 + 3 - size
            height[dst] = hd + 2
            supply[size] -= 1
            frozen = True
        if frozen:
            moved[dst] = 0
            colour = piece >> 2
            n = 0
            for s in range(SQUARES):
                if _tower_colour(stack, s, height[s], counts) == colour:
                    n += 1
            return n >= 5
    moved[dst] += 1
    return False


@internal
def _mover_index(stack, square, h, player, counts):
    """The engine's _mover_index for the first ``h`` pieces of ``square``: 0 or 1 when their
    top is a piece the player may move (of their first or second colour), else -1."""
    if h == 0:
        return -1
    piece = stack[square, h - 1]
    if (piece & 3) == 3:
        return -1
    index = (piece >> 2) - 2 * player
    if index < 0 or index > 1:
        return -1
    if h == 3 and counts and _tower_shape(stack, square, h):
        return -1
    return index


@internal
def _stranded(stack, height, moved, st_sq, st_lv):
    """The engine's _stranded_pieces: (square, level) pairs in square order; returns their number."""
    n = 0
    for square in range(SQUARES):
        m = moved[square]
        if m:
            h = height[square]
            for level in range(h - m, h):
                if not _can_rest(stack[square, level], stack, square, level):
                    st_sq[n] = square
                    st_lv[n] = level
                    n += 1
                    break
    return n


@internal
def _clear_for(stack, height, moved, supply, pts, player, counts, piece, dst, avoid, hop, dist, order, order_len):
    """The engine's _clear_for, in place on scratch arrays: -1 (None) or 0 (done)."""
    while not _can_rest(piece, stack, dst, height[dst]):
        h = height[dst]
        index = _mover_index(stack, dst, height[dst], player, counts)
        if index < 0:
            return -1
        cover = stack[dst, h - 1]
        anywhere = (hop and (cover & 3) == 1 and h > 1 and (stack[dst, h - 2] >> 2) == (cover >> 2)
                    and (stack[dst, h - 2] & 3) == 2)
        target = -1
        cost = 0
        for k in range(order_len[dst]):
            t = order[dst, k]
            cost = dist[dst, t]
            if cost > pts[index]:
                return -1
            if not avoid[t] and (anywhere or _can_rest(cover, stack, t, height[t])):
                target = t
                break
        if target < 0:
            return -1
        _move_piece(stack, height, moved, supply, dst, target, counts)
        pts[index] -= cost
    return 0


@internal
def _clear_deep(stack, height, moved, supply, pts, player, counts, piece, dst, avoid, hop, dist, order, order_len,
                spare_board):
    """The engine's _clear_for with ``deep``, in place: -1 (None) or 0 (done). A cover
    with no square to rest on within reach is tried on the squares where it might rest, each
    cleared by _clear_for on the spare board first."""
    ss, sh, sm, ssup = spare_board
    while not _can_rest(piece, stack, dst, height[dst]):
        h = height[dst]
        index = _mover_index(stack, dst, h, player, counts)
        if index < 0:
            return -1
        cover = stack[dst, h - 1]
        anywhere = (hop and (cover & 3) == 1 and h > 1 and (stack[dst, h - 2] >> 2) == (cover >> 2)
                    and (stack[dst, h - 2] & 3) == 2)
        target = -1
        cost = 0
        for k in range(order_len[dst]):
            t = order[dst, k]
            if dist[dst, t] > pts[index]:
                break
            if not avoid[t] and (anywhere or _can_rest(cover, stack, t, height[t])):
                target = t
                cost = dist[dst, t]
                break
        if target < 0:
            avoid[dst] = True
            for k in range(order_len[dst]):
                t = order[dst, k]
                c = dist[dst, t]
                if c > pts[index]:
                    break
                if avoid[t] or not _might_rest(cover, stack, t, height[t], player, counts):
                    continue
                _copy_board(ss, sh, stack, height)
                _copy(sm, moved)
                _copy(ssup, supply)
                before0 = pts[0]
                before1 = pts[1]
                pts[index] -= c
                if _clear_for(ss, sh, sm, ssup, pts, player, counts, cover, t, avoid, np.bool_(False), dist, order,
                              order_len) == 0:
                    _copy_board(stack, height, ss, sh)
                    _copy(moved, sm)
                    _copy(supply, ssup)
                    pts[index] += c  # the cover's own move is paid below
                    target = t
                    cost = c
                    break
                pts[0] = before0
                pts[1] = before1
            avoid[dst] = False
            if target < 0:
                return -1
        _move_piece(stack, height, moved, supply, dst, target, counts)
        pts[index] -= cost
    return 0


@internal
def _greedy(stack, height, moved, supply, p0, p1, player, counts, dist, order, order_len, clear_board, scratch, deep,
            spare_board):
    """The engine's _greedy; mutates its (scratch) arguments (``spare_board``: for ``deep``)."""
    cs, ch, cm, csup = clear_board
    st_sq, st_lv, avoid, pts, cpts = scratch
    pts[0] = p0
    pts[1] = p1
    while True:
        n = _stranded(stack, height, moved, st_sq, st_lv)
        if n == 0:
            return True
        src = st_sq[0]
        piece = stack[src, height[src] - 1]
        index = _mover_index(stack, src, height[src], player, counts)
        if index < 0:
            return False
        avoid[:] = False
        for j in range(n):
            avoid[st_sq[j]] = True
        found = False
        for k in range(order_len[src]):
            dst = order[src, k]
            cost = dist[src, dst]
            if cost > pts[index]:
                return False
            if avoid[dst]:  # busy
                continue
            avoid[src] = True
            result = -1
            if _can_rest(piece, stack, dst, height[dst]):
                # _clear_for has nothing to clear: no copies needed
                _move_piece(stack, height, moved, supply, src, dst, counts)
                pts[index] -= cost
                found = True
                break
            if _mover_index(stack, dst, height[dst], player, counts) < 0:
                continue  # _clear_for cannot take the top off dst, with or without hops
            for hop in (False, True):
                _copy_board(cs, ch, stack, height)
                _copy(cm, moved)
                _copy(csup, supply)
                _copy(cpts, pts)
                cpts[index] -= cost
                if deep:
                    result = _clear_deep(cs, ch, cm, csup, cpts, player, counts, piece, dst, avoid, hop, dist, order,
                                         order_len, spare_board)
                else:
                    result = _clear_for(cs, ch, cm, csup, cpts, player, counts, piece, dst, avoid, hop, dist, order,
                                        order_len)
                if result >= 0:
                    break
            if result >= 0:
                _copy_board(stack, height, cs, ch)
                _copy(moved, cm)
                _copy(supply, csup)
                _move_piece(stack, height, moved, supply, src, dst, counts)
                _copy(pts, cpts)
                found = True
                break
        if not found:
            return False


@internal
def _might_rest(piece, stack, square, h, player, counts):
    while h:
        if _can_rest(piece, stack, square, h):
            return True
        if _mover_index(stack, square, h, player, counts) < 0:
            return False
        h -= 1
    return True


@internal
def _near_enough(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, order, order_len):
    need0 = 0
    need1 = 0
    for j in range(n):
        square = st_sq[j]
        level = st_lv[j]
        for hh in range(level, height[square]):
            piece = stack[square, hh]
            index = (piece >> 2) - 2 * player
            if index < 0 or index > 1:
                return False
            best = 2 if _might_rest(piece, stack, square, level, player, counts) else INF
            for k in range(order_len[square]):
                target = order[square, k]
                cost = dist[square, target]
                if cost >= best:
                    break
                ht = leaving[target] if leaving[target] >= 0 else height[target]
                if _might_rest(piece, stack, target, ht, player, counts):
                    best = cost
                    break
            if index == 0:
                need0 += best
                if need0 > p0:
                    return False
            else:
                need1 += best
                if need1 > p1:
                    return False
    return True


@internal
def _nearest_rest(cover, square, stack, height, leaving, home, arriving, player, counts, dist, order, order_len):
    """The engine's _nearest_rest (``arriving`` -1 for None): returns pips·1000 + extra."""
    best = INF
    if arriving < 0 or ((cover >> 2) == (arriving >> 2) and (cover & 3) <= (arriving & 3)):
        best = 2
    nearest = INF
    fewest = INF
    for k in range(order_len[square]):
        target = order[square, k]
        pips = dist[square, target]
        if pips > nearest or pips >= best:
            break
        hh = leaving[target] if leaving[target] >= 0 else height[target]
        own = 0
        while True:
            if _can_rest(cover, stack, target, hh):
                if target == home and pips == 1:
                    best = 2
                elif not own:
                    return pips * 1000
                else:
                    nearest = pips
                    if own < fewest:
                        fewest = own
                break
            if not hh or _mover_index(stack, target, hh, player, counts) < 0:
                break
            if (stack[target, hh - 1] >> 2) == (cover >> 2):
                own += 1
            hh -= 1
    if nearest < best:
        return nearest * 1000 + fewest
    return best * 1000


@internal
def _cover_cost(piece, square, hlim, stack, height, leaving, p0, p1, index, path, home, tight, player, counts, dist,
                order, order_len, out):
    """The engine's _cover_cost for the first ``hlim`` pieces of ``square``: the pips of the
    piece's colour, or -1 (None); ``out`` gets the pips of both colours and their waits."""
    cost0 = path if index == 0 else 0
    cost1 = path if index == 1 else 0
    waiting0 = 0
    waiting1 = 0
    covered0 = INF
    covered1 = INF
    arriving = piece if tight else -1
    hh = hlim
    while True:
        if _can_rest(piece, stack, square, hh):
            break
        cover_index = _mover_index(stack, square, hh, player, counts)
        if cover_index < 0 or not hh:
            return -1
        r = _nearest_rest(stack[square, hh - 1], square, stack, height, leaving, home, arriving, player, counts, dist,
                          order, order_len)
        pips = r // 1000
        extra = r % 1000
        if pips >= INF:
            return -1
        if cover_index == 0:
            cost0 += pips
            if extra:
                waiting0 += 1
                covered0 = min(covered0, extra)
        else:
            cost1 += pips
            if extra:
                waiting1 += 1
                covered1 = min(covered1, extra)
        hh -= 1
    wait0 = min(waiting0, covered0) if waiting0 else 0
    wait1 = min(waiting1, covered1) if waiting1 else 0
    cost0 += wait0
    cost1 += wait1
    if cost0 <= p0 and cost1 <= p1:
        out[0] = cost0
        out[1] = cost1
        out[2] = wait0
        out[3] = wait1
        return cost0 if index == 0 else cost1
    return -1


@internal
def _may_win(stack, height, p0, p1, player, counts, dist, costs):
    """The engine's _may_win (``costs``: scratch, the arrivals and departures per large)."""
    for index in range(2):
        colour = 2 * player + index
        towers = 0
        n = np.int64(0)
        for square in range(SQUARES):
            h = height[square]
            if h == 0 or (stack[square, 0] >> 2) != colour:
                continue
            if _tower_colour(stack, square, h, counts) == colour:
                towers += 1
                continue
            has_medium = h > 1 and stack[square, 1] == colour * 4 + 2
            arrival = _nearest_free(stack, height, counts, dist, colour * 4 + 1, square)
            if not has_medium:
                arrival += _nearest_free(stack, height, counts, dist, colour * 4 + 2, square)
            leaving = np.int64(0)
            for k in range(2 if has_medium else 1, h):
                if (stack[square, k] >> 2) == colour:
                    leaving += 1
            _insert(costs[0], n, arrival)
            _insert(costs[1], n, leaving)
            n += 1
        needed = 5 - towers
        if n >= needed:
            arrivals = 0
            departures = 0
            for k in range(needed):
                arrivals += costs[0, k]
                departures += costs[1, k]
            if max(arrivals, departures) <= (p0 if index == 0 else p1):
                return True
    return False


@internal
def _nearest_free(stack, height, counts, dist, piece, square):
    """The pips the nearest ``piece`` not part of a tower needs to reach ``square`` (2 when it
    lies there), INF when there is none."""
    best = INF
    for at in range(SQUARES):
        h = height[at]
        frozen = 3 if _tower_colour(stack, at, h, counts) >= 0 else 0
        for k in range(frozen, h):
            if stack[at, k] == piece:
                best = min(best, 2 if at == square else dist[at, square])
                break
    return best


@internal
def _insert(values, n, value):
    """Insert ``value`` into the sorted ``values[:n]``."""
    j = n
    while j > 0 and values[j - 1] > value:
        values[j] = values[j - 1]
        j -= 1
    values[j] = value


@internal
def _within_bound(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, tight, dist, order, order_len,
                  share):
    """The engine's _within_bound (``share``: scratch for the targets of _share_targets)."""
    cc, opt_target, opt_path, opt_covers, opt_count, opt_index = share[:6]
    paths0 = paths1 = extra0 = extra1 = 0
    pieces = np.int64(0)
    # A piece that stays where it is pays 2 pips (out and back) and has no home square to avoid.
    # (Typed int64: plain constants would be typed as literals, a second version of _cover_cost.)
    round_trip = np.int64(2)
    no_home = np.int64(-1)
    for j in range(n):
        square = st_sq[j]
        level = st_lv[j]
        for hh in range(level, height[square]):
            piece = stack[square, hh]
            index = (piece >> 2) - 2 * player
            if index < 0 or index > 1:
                return False
            budget = p0 if index == 0 else p1
            kept = pieces < SHARE_PIECES
            if kept:
                opt_index[pieces] = index
                opt_count[pieces] = 0
            path = INF
            total = INF
            back = _cover_cost(piece, square, level, stack, height, leaving, p0, p1, index, round_trip, no_home, tight,
                               player, counts, dist, order, order_len, cc)
            if back >= 0:
                path = 2
                total = back
                if kept:
                    _add_target(share, pieces, square, round_trip, index)
            for k in range(order_len[square]):
                target = order[square, k]
                cost = dist[square, target]
                if cost > budget or (cost >= total and not tight):
                    break
                ht = leaving[target] if leaving[target] >= 0 else height[target]
                with_covers = _cover_cost(piece, target, ht, stack, height, leaving, p0, p1, index, cost, square, tight,
                                          player, counts, dist, order, order_len, cc)
                direct0, direct1, wait0, wait1 = cc[0], cc[1], cc[2], cc[3]
                if cost < 2 and (with_covers < 0 or tight):
                    detour = _cover_cost(piece, target, ht, stack, height, leaving, p0, p1, index, round_trip, no_home,
                                         tight, player, counts, dist, order, order_len, cc)
                    if detour >= 0 and kept:
                        _add_target(share, pieces, target, round_trip, index)
                    if with_covers < 0:
                        with_covers = detour
                    elif kept:  # the direct way too, after the detour as the engine lists them
                        cc[0], cc[1], cc[2], cc[3] = direct0, direct1, wait0, wait1
                        _add_target(share, pieces, target, cost, index)
                elif with_covers >= 0 and kept:
                    _add_target(share, pieces, target, cost, index)
                if with_covers >= 0:
                    path = min(path, cost)
                    total = min(total, with_covers)
            if path >= INF:
                return False
            pieces += 1
            if index == 0:
                paths0 += path
                extra0 = max(extra0, total - path)
                if paths0 + extra0 > p0:
                    return False
            else:
                paths1 += path
                extra1 = max(extra1, total - path)
                if paths1 + extra1 > p1:
                    return False
    return not tight or pieces < 2 or pieces > SHARE_PIECES or _share_targets(share, pieces, p0, p1)


@internal
def _add_target(share, k, target, path, index):
    """Note a target of piece ``k`` (its _cover_cost in ``share[0]``) for _share_targets."""
    cc, opt_target, opt_path, opt_covers, opt_count, _ = share[:6]
    j = opt_count[k]
    opt_target[k, j] = target
    opt_path[k, j] = path
    opt_covers[k, j, 0] = cc[0] - cc[2] - (path if index == 0 else 0)
    opt_covers[k, j, 1] = cc[1] - cc[3] - (path if index == 1 else 0)
    opt_count[k] = j + 1


SHARE_PIECES = 8  # pieces that must leave, at most, for _share_targets (with more it is not tried)
SHARE_STEPS = 2_000  # the engine's _SHARE_STEPS


@internal
def _share_targets(share, pieces, p0, p1):
    """The engine's _share_targets, depth first over the pieces with explicit stacks."""
    _, opt_target, opt_path, opt_covers, opt_count, opt_index, charged, choice, need, saved = share
    charged[:, :] = 0
    steps = 0
    k = 0
    choice[0] = -1
    need[0, 0] = 0
    need[0, 1] = 0
    while k >= 0:
        if k == pieces:
            return True
        j = choice[k]
        if j >= 0:  # take back this piece's last choice
            t = opt_target[k, j]
            charged[t, 0] = saved[k, 0]
            charged[t, 1] = saved[k, 1]
        index = opt_index[k]
        j += 1
        while j < opt_count[k]:
            steps += 1
            if steps > SHARE_STEPS:
                return True
            t = opt_target[k, j]
            after0 = max(charged[t, 0], opt_covers[k, j, 0])
            after1 = max(charged[t, 1], opt_covers[k, j, 1])
            need0 = need[k, 0] + after0 - charged[t, 0] + (opt_path[k, j] if index == 0 else 0)
            need1 = need[k, 1] + after1 - charged[t, 1] + (opt_path[k, j] if index == 1 else 0)
            if need0 <= p0 and need1 <= p1:
                saved[k, 0] = charged[t, 0]
                saved[k, 1] = charged[t, 1]
                charged[t, 0] = after0
                charged[t, 1] = after1
                need[k + 1, 0] = need0
                need[k + 1, 1] = need1
                break
            j += 1
        if j < opt_count[k]:
            choice[k] = j
            k += 1
            if k < pieces:
                choice[k] = -1
        else:
            choice[k] = -1
            k -= 1
    return False


CACHE_SLOTS = 1 << 16
CACHE_ENTRIES = 4


def _new_memo():
    """The turn's table (the engine's TurnTable): position hashes → up to CACHE_ENTRIES (pips,
    result) pairs, with the turn each slot was written in and [slots written this turn, the
    turn's number]. A new turn starts an empty table without clearing it: slots of earlier
    turns count as free."""
    return (np.zeros((CACHE_SLOTS, 2), dtype=np.uint64), np.zeros(CACHE_SLOTS, dtype=np.int64),
            np.zeros((CACHE_SLOTS, CACHE_ENTRIES, 3), dtype=np.int64), np.zeros(CACHE_SLOTS, dtype=np.int64),
            np.zeros(2, dtype=np.int64))


@internal
def _memo_new_turn(memo):
    count = memo[4]
    count[0] = 0
    count[1] += 1


@internal
def _position_hashes(stack, height, moved, supply, player):
    """Two independent 64-bit hashes of (board, moved, supply, player): the memo's key."""
    h1 = np.uint64(1469598103934665603)
    h2 = np.uint64(0x9E3779B97F4A7C15)
    p1 = np.uint64(1099511628211)
    p2 = np.uint64(0xD6E8FEB86659FD93)
    for sq in range(SQUARES):
        for k in range(height[sq]):
            v = np.uint64(stack[sq, k])
            h1 = (h1 ^ v) * p1
            h2 = (h2 + v + np.uint64(1)) * p2
            h2 ^= h2 >> np.uint64(29)
        v = np.uint64(64 + height[sq] + 128 * moved[sq])
        h1 = (h1 ^ v) * p1
        h2 = (h2 + v) * p2
        h2 ^= h2 >> np.uint64(29)
    v = np.uint64(supply[0] + 8 * supply[1] + 64 * supply[2] + 512 * player)
    h1 = (h1 ^ v) * p1
    h2 = (h2 + v) * p2
    h2 ^= h2 >> np.uint64(31)
    return h1, h2


@internal
def _memo_slot(memo, h1, h2):
    keys, _, _, turns, count = memo
    mask = CACHE_SLOTS - 1
    i = np.int64(h1 & np.uint64(mask))
    while True:
        if turns[i] != count[1]:
            return i
        if keys[i, 0] == h1 and keys[i, 1] == h2:
            return i
        i = (i + 1) & mask


@internal
def _memo_lookup(memo, h1, h2, p0, p1):
    """1 or 0 when a stored result settles these pips (more pips never hurt), else -1."""
    _, used, values, turns, count = memo
    slot = _memo_slot(memo, h1, h2)
    if turns[slot] != count[1]:
        return -1
    for j in range(min(used[slot], CACHE_ENTRIES)):
        q0 = values[slot, j, 0]
        q1 = values[slot, j, 1]
        if values[slot, j, 2]:
            if q0 <= p0 and q1 <= p1:
                return 1
        elif q0 >= p0 and q1 >= p1:
            return 0
    return -1


@internal
def _memo_store(memo, h1, h2, p0, p1, result):
    keys, used, values, turns, count = memo
    if count[0] >= CACHE_SLOTS // 2:  # keep the open addressing short: start afresh
        _memo_new_turn(memo)
    slot = _memo_slot(memo, h1, h2)
    e = used[slot]
    if turns[slot] != count[1]:
        e = 0
        keys[slot, 0] = h1
        keys[slot, 1] = h2
        turns[slot] = count[1]
        count[0] += 1
    j = e if e < CACHE_ENTRIES else CACHE_ENTRIES - 1
    values[slot, j, 0] = p0
    values[slot, j, 1] = p1
    values[slot, j, 2] = result
    used[slot] = e + 1


@internal
def _useful_sources(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, out, scratch):
    """The engine's _useful_sources; returns their number (in ``out``)."""
    seen, pend_sq, pend_pc, covering = scratch
    seen[:, :] = False
    covering[:] = False
    np_ = 0
    for j in range(n):
        square = st_sq[j]
        for hh in range(st_lv[j], height[square]):
            piece = stack[square, hh]
            if not seen[square, piece]:
                seen[square, piece] = True
                pend_sq[np_] = square
                pend_pc[np_] = piece
                np_ += 1
    while np_:
        np_ -= 1
        square = pend_sq[np_]
        piece = pend_pc[np_]
        index = (piece >> 2) - 2 * player
        budget = p0 if index == 0 else p1
        for target in range(SQUARES):
            d = dist[square, target]
            if not (0 < d <= budget):
                continue
            ht = leaving[target] if leaving[target] >= 0 else height[target]
            if _can_rest(piece, stack, target, ht):
                continue
            hh = ht
            c0 = d if index == 0 else 0
            c1 = d if index == 1 else 0
            while hh:
                mi = _mover_index(stack, target, hh, player, counts)
                if mi < 0:
                    break
                if mi == 0:
                    c0 += 1
                else:
                    c1 += 1
                if c0 > p0 or c1 > p1:
                    break
                hh -= 1
                if _can_rest(piece, stack, target, hh):
                    covering[target] = True
                    for x in range(hh, ht):
                        cover = stack[target, x]
                        if not seen[target, cover]:
                            seen[target, cover] = True
                            pend_sq[np_] = target
                            pend_pc[np_] = cover
                            np_ += 1
                    break
    m = 0
    for j in range(n):
        out[m] = st_sq[j]
        m += 1
    for square in range(SQUARES):
        if covering[square] and leaving[square] < 0:
            out[m] = square
            m += 1
    for square in range(SQUARES):
        h = height[square]
        if leaving[square] < 0 and not covering[square] and _mover_index(stack, square, h, player, counts) >= 0 \
                and (stack[square, h - 1] & 3) == 1:
            colour = stack[square, h - 1] >> 2
            towers = 0
            for other in range(SQUARES):
                if _tower_colour(stack, other, height[other], counts) == colour:
                    towers += 1
            if towers == 4:
                out[m] = square
                m += 1
    k = 0
    for j in range(m):
        square = out[j]
        if _mover_index(stack, square, height[square], player, counts) >= 0:
            out[k] = square
            k += 1
    return k


# The search runs depth-first over frames (one per piece move: a turn has 12 pips at most and a
# move spends one at least), in a loop rather than by recursion so that numba can cache it.
MAX_DEPTH = 13
# Columns of a frame's cursor: its useful sources and the next one to try, the targets of the
# current source and the next one to try, that source, and whether the frame looked in the memo.
_SOURCES, _NEXT_SOURCE, _REACH, _NEXT_REACH, _SOURCE, _SEARCHED = range(6)


def _new_scratch():
    """Scratch for :func:`_play`: the position (stacks, heights, moved, supply), the dice and
    the pips left, each side's routes (distances, squares by distance, their numbers, the
    blockades they were found for, squares within reach), the rest masks and the legal plies
    with their greedy keys. Each side's routes are kept while the opponent's blockades (the
    squares they bar) stay the same: a turn has only a few plies, so routing afresh every turn
    would cost more than they."""
    plies = 2 + SQUARES * SQUARES + 1
    return (np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int64), np.zeros(SQUARES, dtype=np.int64),
            np.zeros(SQUARES, dtype=np.int64), np.zeros(3, dtype=np.int64), np.zeros(2, dtype=np.int64),
            np.zeros(2, dtype=np.int64), np.zeros((2, SQUARES, SQUARES), dtype=np.int64),
            np.zeros((2, SQUARES, SQUARES), dtype=np.int64), np.zeros((2, SQUARES), dtype=np.int64),
            np.full(2, -1, dtype=np.int64), np.zeros((2, SQUARES, MAX_PIPS + 1), dtype=np.int64),
            np.zeros((2, 4), dtype=np.int64), np.zeros(plies, dtype=np.int64), np.zeros(plies, dtype=np.int64))


def _new_frames():
    """Scratch for the search: per frame a position (stacks, heights, moved, supply), its pips,
    its memo key, its useful sources, the current source's targets and the cursor."""
    return (np.zeros((MAX_DEPTH, SQUARES, MAX_HEIGHT), dtype=np.int64), np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64),
            np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64), np.zeros((MAX_DEPTH, 3), dtype=np.int64),
            np.zeros((MAX_DEPTH, 2), dtype=np.int64), np.zeros((MAX_DEPTH, 2), dtype=np.uint64),
            np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64), np.zeros((MAX_DEPTH, SQUARES), dtype=np.int64),
            np.zeros((MAX_DEPTH, 6), dtype=np.int64))


def _new_work():
    """Scratch for one frame's checks: stranded pieces, the greedy repair's copies, the
    useful-source closure, the tower costs of _may_win, a spare board for the deep repair and
    the targets of _share_targets."""
    board = lambda: (np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int64), np.zeros(SQUARES, dtype=np.int64),  # noqa: E731
                     np.zeros(SQUARES, dtype=np.int64), np.zeros(3, dtype=np.int64))
    squares = lambda dtype=np.int64: np.zeros(SQUARES, dtype=dtype)  # noqa: E731
    return (squares(), squares(), squares(), board(), board(),
            (squares(), squares(), squares(np.bool_), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64)),
            (np.zeros((SQUARES, 24), dtype=np.bool_), np.zeros(SQUARES * 24, dtype=np.int64),
             np.zeros(SQUARES * 24, dtype=np.int64), squares(np.bool_)), np.zeros((2, SQUARES), dtype=np.int64),
            board(), _new_share())


def _new_share():
    """Scratch for _within_bound's targets: the last _cover_cost, per piece its targets (square,
    path, covers of each colour), their number and the piece's colour; for the search over them
    the covers counted per square, the choices, the pips needed and what each choice replaced."""
    targets = SQUARES + 1
    return (np.zeros(4, dtype=np.int64), np.zeros((SHARE_PIECES, 2 * targets), dtype=np.int64),
            np.zeros((SHARE_PIECES, 2 * targets), dtype=np.int64),
            np.zeros((SHARE_PIECES, 2 * targets, 2), dtype=np.int64), np.zeros(SHARE_PIECES, dtype=np.int64),
            np.zeros(SHARE_PIECES, dtype=np.int64), np.zeros((SQUARES, 2), dtype=np.int64),
            np.zeros(SHARE_PIECES + 1, dtype=np.int64), np.zeros((SHARE_PIECES + 1, 2), dtype=np.int64),
            np.zeros((SHARE_PIECES + 1, 2), dtype=np.int64))


@_inlined
def _open(frames, d, player, counts, dist, order, order_len, work, memo):
    """Look at the position of frame ``d``: 1 or 0 when it is settled at once (no piece
    stranded, the quick bounds, the greedy repair, the memo), 2 when its moves must be tried
    (its useful sources are then in the frame)."""
    stacks, heights, moveds, supplies, pips, keys, sources, _, cursor = frames
    st_sq, st_lv, leaving, greedy_board, clear_board, greedy_scratch, closure, tower_costs, spare_board, share = work
    stack, height, moved, supply = stacks[d], heights[d], moveds[d], supplies[d]
    p0 = pips[d, 0]
    p1 = pips[d, 1]
    cursor[d, _SEARCHED] = 0
    n = _stranded(stack, height, moved, st_sq, st_lv)
    if n == 0:
        return 1
    leaving[:] = -1
    for j in range(n):
        leaving[st_sq[j]] = st_lv[j]
    # The cheap necessary condition first: it rules out most positions before any copying.
    if not _near_enough(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist, order, order_len):
        return 0
    gs, gh, gm, gsup = greedy_board
    _copy_board(gs, gh, stack, height)
    _copy(gm, moved)
    _copy(gsup, supply)
    # (np.bool_: typed bool, not a literal, so numba compiles _greedy once for both passes)
    if _greedy(gs, gh, gm, gsup, p0, p1, player, counts, dist, order, order_len, clear_board, greedy_scratch,
               np.bool_(False), spare_board):
        return 1
    h1, h2 = _position_hashes(stack, height, moved, supply, player)
    known = _memo_lookup(memo, h1, h2, p0, p1)
    if known >= 0:
        return known
    keys[d, 0] = h1
    keys[d, 1] = h2
    cursor[d, _SEARCHED] = 1
    tight = not _may_win(stack, height, p0, p1, player, counts, dist, tower_costs)
    if not _within_bound(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, tight, dist, order,
                         order_len, share):
        return 0
    _copy_board(gs, gh, stack, height)
    _copy(gm, moved)
    _copy(gsup, supply)
    if _greedy(gs, gh, gm, gsup, p0, p1, player, counts, dist, order, order_len, clear_board, greedy_scratch,
               np.bool_(True), spare_board):
        return 1
    cursor[d, _SOURCES] = _useful_sources(stack, height, p0, p1, player, counts, n, st_sq, st_lv, leaving, dist,
                                          sources[d], closure)
    cursor[d, _NEXT_SOURCE] = 0
    cursor[d, _REACH] = 0
    cursor[d, _NEXT_REACH] = 0
    return 2


@_inlined
def _next_child(frames, d, player, counts, dist, order, order_len):
    """Play frame ``d``'s next useful move into frame ``d + 1``; False when none is left. A move
    that completes a fifth tower is searched on like any other, as the engine's are: only the
    ply itself may win. A source's targets are tried nearest first, those it may rest on before
    the others (as the engine does)."""
    stacks, heights, moveds, supplies, pips, _, sources, reach, cursor = frames
    stack, height = stacks[d], heights[d]
    while cursor[d, _NEXT_REACH] >= cursor[d, _REACH]:
        j = cursor[d, _NEXT_SOURCE]
        if j >= cursor[d, _SOURCES]:
            return False
        cursor[d, _NEXT_SOURCE] = j + 1
        src = sources[d, j]
        budget = pips[d, _mover_index(stack, src, height[src], player, counts)]
        piece = stack[src, height[src] - 1]
        r = 0
        for rest_first in (True, False):
            for k in range(order_len[src]):
                dst = order[src, k]
                if dist[src, dst] > budget:
                    break
                if _can_rest(piece, stack, dst, height[dst]) == rest_first:
                    reach[d, r] = dst
                    r += 1
        cursor[d, _SOURCE] = src
        cursor[d, _REACH] = r
        cursor[d, _NEXT_REACH] = 0
    k = cursor[d, _NEXT_REACH]
    cursor[d, _NEXT_REACH] = k + 1
    src = cursor[d, _SOURCE]
    dst = reach[d, k]
    e = d + 1
    _copy_board(stacks[e], heights[e], stack, height)
    _copy(moveds[e], moveds[d])
    _copy(supplies[e], supplies[d])
    _copy(pips[e], pips[d])
    pips[e, _mover_index(stack, src, height[src], player, counts)] -= dist[src, dst]
    _move_piece(stacks[e], heights[e], moveds[e], supplies[e], src, dst, counts)
    return True


@_inlined
def _can_finish_after(stack, height, moved, supply, points, player, counts, src, dst, index, cost,
                      dist, order, order_len, frames, work, memo):
    """Whether the turn can still end legally after moving ``src`` to ``dst`` (or that move wins): the
    engine's _finishable for that position, put in frame 0.

    Depth-first: a frame that cannot be settled at once tries its useful moves one by one; the
    first child that settles makes it settled, and a frame whose children all fail fails.
    Results of frames that were searched go into the memo, as the engine's do."""
    stacks, heights, moveds, supplies, pips, keys, _, _, cursor = frames
    _copy_board(stacks[0], heights[0], stack, height)
    _copy(moveds[0], moved)
    _copy(supplies[0], supply)
    if _move_piece(stacks[0], heights[0], moveds[0], supplies[0], src, dst, counts):
        return True
    _copy(pips[0], points)
    pips[0, index] -= cost
    d = np.int64(0)  # typed int64 from the start: a literal 0 would compile _open and _next_child twice
    while True:
        # frame d holds a position not looked at yet
        result = _open(frames, d, player, counts, dist, order, order_len, work, memo)
        while True:
            if result == 2:
                if _next_child(frames, d, player, counts, dist, order, order_len):
                    break
                result = 0
            # frame d is settled: result is 0 or 1
            if cursor[d, _SEARCHED]:
                _memo_store(memo, keys[d, 0], keys[d, 1], pips[d, 0], pips[d, 1], result)
            if d == 0:
                return result == 1
            d -= 1
            if result == 0:
                result = 2  # the parent goes on with its next move
        d += 1  # the child's position


@internal
def _lone_settles_after(stack, height, points, player, src, dst, index, cost, rests, lone, lone_piece, lone_index,
                        lone_rests, within, dist):
    """The engine's _lone_settles_after (``rests``: where the moved piece may rest after leaving
    ``src``; ``lone_rests``: where the lone stranded piece on ``lone`` may, before the move)."""
    piece = stack[src, height[src] - 1]
    colour = piece >> 2
    h = height[dst]
    if (piece & 3) == 1 and h == 2 and stack[dst, 0] == colour * 4 + 3 and stack[dst, 1] == colour * 4 + 2:
        return False  # a tower: leave it to the search
    left0 = points[0] - (cost if index == 0 else 0)
    left1 = points[1] - (cost if index == 1 else 0)
    left_own = left0 if lone_index == 0 else left1
    left_moved = left0 if index == 0 else left1
    lone_rests &= ~((1 << src) | (1 << dst))
    if _can_rest(lone_piece, stack, src, height[src] - 1):
        lone_rests |= 1 << src
    if (lone_piece >> 2) == colour and (lone_piece & 3) <= (piece & 3):
        lone_rests |= 1 << dst
    if (rests >> dst) & 1:
        return within[lone, left_own] & lone_rests != 0
    lone_rests &= ~(1 << dst)
    rests &= ~(1 << lone)
    if lone_index != index:
        return _two_squares(within[lone, left_own] & lone_rests, within[dst, left_moved] & rests)
    for pips in range(1, left_own):
        if _two_squares(within[lone, pips] & lone_rests, within[dst, left_own - pips] & rests):
            return True
    return False


@internal
def _lone_near_enough(stack, height, points, player, counts, src, dst, index, cost, rests, might, lone, lone_piece,
                      lone_index, lone_might, lone_back, within):
    """The engine's _near_enough after moving another piece from ``src`` to ``dst`` while the
    lone stranded piece lies on ``lone`` (``rests``, ``might``: where the moved piece may and
    might rest after leaving ``src``; ``lone_might``, ``lone_back``: where the lone piece might
    rest, and whether on its own square again, before the move). True when in doubt (a tower)."""
    piece = stack[src, height[src] - 1]
    colour = piece >> 2
    h = height[dst]
    if (piece & 3) == 1 and h == 2 and stack[dst, 0] == colour * 4 + 3 and stack[dst, 1] == colour * 4 + 2:
        return True
    left0 = points[0] - (cost if index == 0 else 0)
    left1 = points[1] - (cost if index == 1 else 0)
    left_own = left0 if lone_index == 0 else left1
    left_moved = left0 if index == 0 else left1
    lone_might &= ~(1 << src)
    if _might_rest(lone_piece, stack, src, height[src] - 1, player, counts):
        lone_might |= 1 << src
    if (rests >> dst) & 1:  # the moved piece rests: the lone piece may rest on it, or below it
        if (lone_piece >> 2) == colour and (lone_piece & 3) <= (piece & 3):
            lone_might |= 1 << dst
        return _pips_to_rest(within, lone, lone_might, lone_back, left_own) <= left_own
    need_own = _pips_to_rest(within, lone, lone_might, lone_back, left_own)
    might &= ~(1 << lone)
    if _might_rest(piece, stack, lone, height[lone] - 1, player, counts):
        might |= 1 << lone
    need_moved = _pips_to_rest(within, dst, might, _might_rest(piece, stack, dst, h, player, counts), left_moved)
    if lone_index == index:
        return need_own + need_moved <= left_own
    return need_own <= left_own and need_moved <= left_moved


@internal
def _pips_to_rest(within, square, might, back, budget):
    """_near_enough's count for one piece on ``square``: the pips to the nearest square of
    ``might``, or 2 when it may come back to its own (``back``); ``budget`` + 1 if over ``budget``."""
    for pips in range(1, min(budget, 1 if back else budget) + 1):
        if within[square, pips] & might:
            return pips
    if back and budget >= 2:
        return 2
    return budget + 1


@internal
def _two_squares(first, second):
    """Whether two different squares can be picked, one from each bit mask."""
    return first != 0 and second != 0 and not (first == second and first & (first - 1) == 0)


@_inlined
def _legal(stack, height, moved, supply, dice, points, player, strict, counts, dist, order, order_len, within, rests,
           buf, frames, work, memo):
    """The engine's legal plies (codes) in its order; returns their number."""
    n = 0
    moved_any = False
    for s in range(SQUARES):
        if moved[s]:
            moved_any = True
    if points[0] == dice[0] and points[1] == dice[1] and not moved_any and dice[0] <= 3 and dice[1] <= 3:
        buf[0] = COMBINE
        buf[1] = COMBINE + 1
        n = 2
    st_sq, st_lv = work[0], work[1]
    stranded = _stranded(stack, height, moved, st_sq, st_lv)
    settled = stranded == 0
    # The one piece resting where it may not, when nothing lies on it (else -1), and where it
    # may rest (not on its own square).
    lone = st_sq[0] if stranded == 1 and st_lv[0] == height[st_sq[0]] - 1 else -1
    lone_piece = 0
    lone_index = -1
    lone_rests = np.int64(0)
    lone_might = np.int64(0)
    lone_back = False
    if lone >= 0:
        lone_piece = stack[lone, height[lone] - 1]
        lone_index = _mover_index(stack, lone, height[lone], player, counts)
        lone_back = _might_rest(lone_piece, stack, lone, height[lone] - 1, player, counts)
        for t in range(SQUARES):
            if t != lone and _can_rest(lone_piece, stack, t, height[t]):
                lone_rests |= 1 << t
            if t != lone and _might_rest(lone_piece, stack, t, height[t], player, counts):
                lone_might |= 1 << t
    # Where each of the mover's four kinds of piece may rest, and might once the mover's pieces
    # on top have gone (bit per square), found once.
    rests[:, :] = -1
    for src in range(SQUARES):
        index = _mover_index(stack, src, height[src], player, counts)
        if index < 0 or points[index] == 0:
            continue
        hs = height[src]
        piece = stack[src, hs - 1]
        budget = points[index]
        kind = index * 2 + (piece & 3) - 1
        if rests[0, kind] < 0:
            mask = 0
            might = 0
            for t in range(SQUARES):
                if _can_rest(piece, stack, t, height[t]):
                    mask |= 1 << t
                if _might_rest(piece, stack, t, height[t], player, counts):
                    might |= 1 << t
            rests[0, kind] = mask
            rests[1, kind] = might
        mask = rests[0, kind] & ~(1 << src)  # src itself shows what the piece stands on
        if _can_rest(piece, stack, src, hs - 1):
            mask |= 1 << src
        might = rests[1, kind] & ~(1 << src)
        if _might_rest(piece, stack, src, hs - 1, player, counts):
            might |= 1 << src
        # After this move, no piece but this one would rest where it may not.
        alone = settled or src == lone
        targets = within[src, budget]
        if strict:
            targets &= mask
        while targets:  # in square order, as the engine lists them
            dst = lowest_bit(targets)
            targets &= targets - 1
            cost = dist[src, dst]
            left = budget - cost
            if strict or (alone and ((mask >> dst) & 1 or within[dst, left] & mask)):
                # Legal at once, or only this piece would rest where it may not and it can move on.
                buf[n] = MOVE + src * SQUARES + dst
                n += 1
                continue
            if alone and not within[dst, left] & might and (left < 2 or not _might_rest(piece, stack, dst, height[dst],
                                                                                        player, counts)):
                continue  # the engine's _near_enough fails for the piece: it is stranded for good
            if lone >= 0 and not alone and dst != lone:
                if _lone_settles_after(stack, height, points, player, src, dst, index, cost, mask, lone, lone_piece,
                                       lone_index, lone_rests, within, dist):
                    buf[n] = MOVE + src * SQUARES + dst
                    n += 1
                    continue
                if not _lone_near_enough(stack, height, points, player, counts, src, dst, index, cost, mask, might,
                                         lone, lone_piece, lone_index, lone_might, lone_back, within):
                    continue  # the engine's _near_enough fails after the move
            if _can_finish_after(stack, height, moved, supply, points, player, counts, src, dst, index, cost,
                                 dist, order, order_len, frames, work, memo):
                buf[n] = MOVE + src * SQUARES + dst
                n += 1
    if settled:
        buf[n] = END
        n += 1
    return n


@internal
def _greedy_pick(u, buf, n, keys, stack, height, points, player, chebyshev, neighbours):
    """Blockade's greedy rule (``Blockade.greedy``) over the legal plies ``buf[:n]``, with its one draw ``u``."""
    for j in range(n):
        code = buf[j]
        if code == END:
            keys[j] = 0
        elif code < MOVE:  # combine
            keys[j] = -1
        else:
            src = (code - MOVE) // SQUARES
            dst = (code - MOVE) % SQUARES
            piece = stack[src, height[src] - 1]
            colour = piece >> 2
            size = piece & 3
            large = colour * 4 + 3
            hop = chebyshev[src, dst]
            key = 0
            h = height[dst]
            if h and (stack[dst, h - 1] >> 2) == colour:
                if size == 1 and h == 2 and stack[dst, 0] == large and stack[dst, 1] == large - 1:
                    key += 100
                    for k in range(8):
                        near = neighbours[dst, k]
                        if near < 0:
                            break
                        if height[near] and (stack[near, 0] & 3) == 3 and (stack[near, 0] >> 3) == 1 - player:
                            key += 5
                elif size == 2 and h == 1 and (stack[dst, 0] & 3) == 3:
                    key += 40
                elif size == 1 and h == 1 and (stack[dst, 0] & 3) == 3:
                    key -= 5
            if height[src] == 2 and stack[src, 0] == large:
                if size == 2:
                    key -= 40
                else:
                    # the nearest free medium of the colour (on top, not on its own large)
                    come = INF
                    for m in range(SQUARES):
                        hm = height[m]
                        if hm and stack[m, hm - 1] == large - 1 and not (hm >= 2 and stack[m, hm - 2] == large):
                            come = min(come, chebyshev[m, src])
                    key += 30 if 2 * hop + come <= points[colour - 2 * player] else 10
            keys[j] = 4 * key - hop
    top = keys[0]
    for j in range(1, n):
        top = max(top, keys[j])
    return buf[nth_best(keys, n, top, u)]


@internal
def _progress(stack, height, counts, player):
    """BlockadeCounters.progress of ``player`` as one number that compares the same way:
    towers in the better colour · 16 + towers in both colours."""
    first = 0
    second = 0
    for s in range(SQUARES):
        colour = _tower_colour(stack, s, height[s], counts)
        if colour == 2 * player:
            first += 1
        elif colour == 2 * player + 1:
            second += 1
    return max(first, second) * 16 + first + second


@internal
def _winner(stack, height, counts):
    """The player with five towers of one colour, else -1 (a loaded position may be won)."""
    for colour in range(4):
        towers = 0
        for s in range(SQUARES):
            if _tower_colour(stack, s, height[s], counts) == colour:
                towers += 1
        if towers >= 5:
            return colour >> 1
    return -1


@internal
def _sample(values, k, stack, height, counts, leader, changes):
    """Take balance sample ``k`` (values[k] = both players' progress): the sole leader after
    it and the lead changes so far (the first sole leader is no change, a tie keeps the leader)."""
    for p in range(2):
        values[k, p] = _progress(stack, height, counts, p)
    now = 0 if values[k, 0] > values[k, 1] else 1 if values[k, 1] > values[k, 0] else -1
    return follow_leader(leader, now, changes)


@internal
def _route(stack, height, player, neighbours, routed, dists, orders, order_lens, withins):
    """Route ``player``'s pieces around the opponent's blockades, unless they stand as before."""
    blocked = _blocked(stack, height, player)
    if routed[player] != blocked:
        _routes(blocked, neighbours, dists[player], orders[player], order_lens[player], withins[player])
        routed[player] = blocked


@njit(nogil=True, cache=True, _nrt=False, no_cfunc_wrapper=True)
def _play(init_stack, init_height, init_moved, init_supply, init_dice, init_points, init_player, init_chance,
          init_turns, rolloff, strict, counts, greedy_seats, max_turns, max_plies, run_words, start, stop, gen, mt,
          neighbours, chebyshev, cumulative, scratch, frames, work, memo, choices, samples, list_legal, out_winners,
          out_scores, out_turns, out_plies, out_unfinished, out_branching, out_first, out_lead_changes, out_comeback,
          out_profile, out_towers, out_moves, out_pips, heat_towers, heat_blockades, out_record):
    """Games ``start``…``stop-1`` from the encoded position (after a roll-off from the setup with
    ``rolloff``); with ``list_legal``, only the legal plies of the position, into the scratch's
    ply buffer (returns their number)."""
    record = out_record.shape[1]
    stack, height, moved, supply, dice, points, dists, orders, order_lens, routed, withins, rests, buf, keys = scratch
    for g in range(stop - start):
        _rng.seed_game(gen, run_words, start + g)
        player = init_player
        if rolloff:
            # game.new_state(seed=rng): the roll-off with random.Random(int(rng.integers(2**63))).
            _pyrandom.seed_from_generator(gen, mt)
            while True:
                warm = 2 + _pyrandom.randbelow(mt, 6) + _pyrandom.randbelow(mt, 6)
                cool = 2 + _pyrandom.randbelow(mt, 6) + _pyrandom.randbelow(mt, 6)
                if warm != cool:
                    break
            player = 0 if warm > cool else 1
        out_first[g] = player
        _copy_board(stack, height, init_stack, init_height)
        _copy(moved, init_moved)
        _copy(supply, init_supply)
        _copy(dice, init_dice)
        _copy(points, init_points)
        chance = init_chance
        turns = init_turns
        _memo_new_turn(memo)
        _route(stack, height, player, neighbours, routed, dists, orders, order_lens, withins)
        dist, order, order_len, within = dists[player], orders[player], order_lens[player], withins[player]
        plies = 0
        decisions = 0
        options = 0
        piece_moves = 0
        pip_steps = 0
        winner = _winner(stack, height, counts)
        leader, changes = _sample(samples, np.int64(0), stack, height, counts, np.int64(-1), np.int64(0))
        while winner < 0 and not (max_turns and turns >= max_turns) and plies < max_plies:
            if chance:
                u = _rng.random(gen)
                k = 35
                for j in range(36):
                    if u < cumulative[j]:
                        k = j
                        break
                code = k
                dice[0] = k // 6 + 1
                dice[1] = k % 6 + 1
                points[0] = dice[0]
                points[1] = dice[1]
                moved[:] = 0
                chance = False
                _memo_new_turn(memo)
                _route(stack, height, player, neighbours, routed, dists, orders, order_lens, withins)
                dist, order, order_len, within = dists[player], orders[player], order_lens[player], withins[player]
            else:
                n = _legal(stack, height, moved, supply, dice, points, player, strict, counts, dist, order, order_len,
                           within, rests, buf, frames, work, memo)
                if list_legal:  # (the one call: numba inlines _legal once)
                    return n
                choices[decisions] = n
                decisions += 1
                options += n
                if greedy_seats is not None and greedy_seats[player]:
                    code = _greedy_pick(_rng.random(gen), buf, n, keys, stack, height, points, player, chebyshev,
                                        neighbours)
                else:
                    code = buf[int(_rng.random(gen) * n)]
                if code >= MOVE:
                    src = (code - MOVE) // SQUARES
                    dst = (code - MOVE) % SQUARES
                    index = (stack[src, height[src] - 1] >> 2) - 2 * player
                    points[index] -= dist[src, dst]
                    pip_steps += dist[src, dst]
                    piece_moves += 1
                    blacks = supply[0] + supply[1] + supply[2]
                    if _move_piece(stack, height, moved, supply, src, dst, counts):
                        winner = player
                        leader, changes = _sample(samples, turns - init_turns + 1, stack, height, counts, leader,
                                                  changes)
                    if supply[0] + supply[1] + supply[2] < blacks:
                        heat_towers[dst] += 1
                        heat_blockades[dst] += 1
                    elif counts and height[dst] == 3 and _tower_shape(stack, dst, height[dst]):
                        heat_towers[dst] += 1
                elif code == END:
                    chance = True
                    turns += 1
                    moved[:] = 0
                    player = 1 - player
                    leader, changes = _sample(samples, turns - init_turns, stack, height, counts, leader, changes)
                else:
                    total = dice[0] + dice[1]
                    index = code - COMBINE
                    points[index] = total
                    points[1 - index] = 0
            if plies < record:
                out_record[g, plies] = code
            plies += 1
        for s in range(SQUARES):
            colour = _tower_colour(stack, s, height[s], counts)
            if colour >= 0:
                out_towers[g, colour] += 1
        for c in range(4):
            if out_towers[g, c] > out_scores[g, c >> 1]:
                out_scores[g, c >> 1] = out_towers[g, c]
        if winner >= 0:
            out_winners[g] = 1 << winner
            half = half_time_sample(turns, init_turns)
            out_comeback[g] = turns >= 2 and samples[half, winner] < samples[half, 1 - winner]
        out_unfinished[g] = winner < 0
        out_turns[g] = turns
        out_plies[g] = plies
        out_branching[g] = options / decisions if decisions else 0.0
        out_lead_changes[g] = changes
        branching_profile(choices, decisions, out_profile[g])
        out_moves[g] = piece_moves
        out_pips[g] = pip_steps
    return 0
