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
soon a hopeless position is given up); and a ply after which every piece that must move can go
straight to a square of its own is accepted without the search (:func:`_straight_to_rest`: a real
sequence of moves that ends the turn, so the answer is the search's).

This module is the driver (:func:`_play`, the legal plies, the public entry points); the rest
of the kernel lies beside it, each part compiled into :func:`_play`:

- :mod:`.kernel_board`: piece codes, moves and routes on the board arrays;
- :mod:`.kernel_search`: the end-of-turn search and its memo;
- :mod:`.kernel_bounds`: the search's necessary conditions;
- :mod:`.kernel_greedy`: the search's greedy repairs and the greedy agent.

Every function's disk cache is stamped with all five modules (:mod:`icewidgets.compiled.cache`):
a change to any of them compiles :func:`_play` afresh, with the new helpers inside.

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
from ...compiled import pyrandom as _pyrandom
from ...compiled.balance import PROFILE_BINS, branching_profile, follow_leader, half_time_sample
from ...compiled import rng as _rng
from ...compiled.bits import lowest_bit
from ...compiled.jit import internal
from .kernel_board import (COLOUR_LETTERS, COMBINE, END, GRID, K, MAX_HEIGHT, MAX_PIPS, MOVE, SQUARES,
                           can_rest, copy_board, copy_into, move_piece, mover_index, rest_height, routes,
                           stranded_pieces, tower_colour, tower_shape)
from .kernel_greedy import greedy_pick
from .kernel_bounds import must_move, near_enough_after
from .kernel_search import can_finish_after, memo_new_turn, new_frames, new_memo, new_work


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
    return [move_text(code, state.player) for code in scratch[13][:n]]


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
            _pyrandom.new_twister(), _NEIGHBOURS, _CHEBYSHEV, _CUMULATIVE, scratch, new_frames(), new_work(),
            new_memo(), np.zeros(room, dtype=np.int16), np.zeros((room // 2 + 3, 2), dtype=np.int64), list_legal,
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

# The legal plies' listing and the end-of-turn search (_legal here; can_finish_after, the whole
# search in one function, in kernel_search: each called from one place, _legal too when it only
# lists the plies for legal_moves) are inlined into _play by numba instead of compiled on their
# own. numba links a compiled function's callees into it and optimises and compiles them all
# again, so each level compiled on its own costs a cold first call again (can_finish_after
# compiled on its own: about 3 s more CPU, on 16 s; _legal on its own: _play and _legal 11.7 s
# where _play took 10.5 s); a second call site would inline (and compile) the whole search
# twice. Inlining goes no deeper: numba copies an inlined function's code at every level, and
# its typing and LLVM's passes grow faster than the function (greedy_repair, place_bound,
# follow_plan and _useful_sources inlined as well: _play took 29 s).
_inlined = njit(cache=True, inline="always")


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
            np.zeros((3, 4), dtype=np.int64), np.zeros((6, SQUARES * MAX_HEIGHT), dtype=np.int64), np.zeros(plies, dtype=np.int64),
            np.zeros(plies, dtype=np.int64))


@internal
def _straight_to_rest(stack, height, points, player, src, dst, index, cost, must, must_k, sources, dist, order,
                      order_len):
    """A witness for the position after moving the top of ``src`` to ``dst``, found without
    copying it, when every piece that must move is alone on its stack's top (``must``: the
    pieces of must_move; ``sources``: their squares, as bits). Each of them, and the moved piece
    unless it may rest on ``dst``, goes straight to a square of its own where it may rest, the
    nearest free one within its colour's pips, in turn: a real sequence of moves that ends the
    turn. True when it finds one; False says nothing (the search decides). A piece that completes
    a tower rests there too (capped or not), and no other piece ends on its square after it."""
    piece = stack[src, height[src] - 1]
    if (sources >> dst) & 1:
        return False  # it would land on a piece that must move: two to move from one square
    left0 = points[0] - (cost if index == 0 else 0)
    left1 = points[1] - (cost if index == 1 else 0)
    # Squares no piece may end on: those still to be left, and dst (the moved piece is on it).
    busy = (sources & ~(1 << src)) | (1 << dst)
    for j in range(-1, must_k):
        if j < 0:
            if can_rest(piece, stack, dst, height[dst]):
                continue
            square = dst
            mover = piece
        else:
            square = must[0, j]
            if square == src:
                continue  # the moved piece itself
            mover = must[2, j]
        own = (mover >> 2) - 2 * player
        budget = left0 if own == 0 else left1
        target = -1
        for k in range(order_len[square]):
            t = order[square, k]
            if dist[square, t] > budget:
                break
            if (busy >> t) & 1:
                continue
            h = height[t] - 1 if t == src else height[t]
            if can_rest(mover, stack, t, h):
                target = t
                break
        if target < 0:
            return False
        busy |= 1 << target
        if own == 0:
            left0 -= dist[square, target]
        else:
            left1 -= dist[square, target]
    return True


@_inlined
def _legal(stack, height, moved, supply, dice, points, player, strict, counts, dist, order, order_len, within, rests,
           must, buf, frames, work, memo):
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
    stranded = stranded_pieces(stack, height, moved, st_sq, st_lv)
    settled = stranded == 0
    # The one piece resting where it may not, when nothing lies on it (else -1).
    lone = st_sq[0] if stranded == 1 and st_lv[0] == height[st_sq[0]] - 1 else -1
    rests[:, :] = -1
    must_k = 0
    sources = np.int64(0)
    if stranded:
        must_k = must_move(stack, height, player, counts, stranded, st_sq, st_lv, rests, must)
        for j in range(stranded):
            sources |= 1 << st_sq[j]
    # Every piece that must move alone on its stack's top: _straight_to_rest may witness.
    tops = stranded > 0 and must_k == stranded
    # Where each of the mover's four kinds of piece may rest, and might once the mover's pieces
    # on top have gone (bit per square), found once.
    for src in range(SQUARES):
        index = mover_index(stack, src, height[src], player, counts)
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
                if can_rest(piece, stack, t, height[t]):
                    mask |= 1 << t
                if rest_height(piece, stack, t, height[t], player, counts) >= 0:
                    might |= 1 << t
            rests[0, kind] = mask
            rests[1, kind] = might
        mask = rests[0, kind] & ~(1 << src)  # src itself shows what the piece stands on
        if can_rest(piece, stack, src, hs - 1):
            mask |= 1 << src
        might = rests[1, kind] & ~(1 << src)
        if rest_height(piece, stack, src, hs - 1, player, counts) >= 0:
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
            if alone and not within[dst, left] & might and (left < 2 or rest_height(piece, stack, dst, height[dst],
                                                                                    player, counts) < 0):
                continue  # the engine's _near_enough fails for the piece: it is stranded for good
            if stranded and not near_enough_after(stack, height, points, player, counts, src, dst, index, cost,
                                                   rests, must, must_k, within):
                continue  # the engine's _near_enough fails after the move
            if tops and not alone and _straight_to_rest(stack, height, points, player, src, dst, index, cost, must,
                                                        must_k, sources, dist, order, order_len):
                buf[n] = MOVE + src * SQUARES + dst
                n += 1
                continue
            if can_finish_after(stack, height, moved, supply, points, player, counts, src, dst, index, cost,
                                dist, order, order_len, within, frames, work, memo):
                buf[n] = MOVE + src * SQUARES + dst
                n += 1
    if settled:
        buf[n] = END
        n += 1
    return n


@internal
def _towers(stack, height, counts):
    """The towers standing in colours R, Y, G and B, as BlockadeCounters counts them. One pass
    serves the winner, both players' progress and the results: LLVM unrolls every loop over the
    board, and one loop where there were three leaves the driver's compiled module about 6%
    smaller (less for a cold compile to optimise)."""
    red = 0
    yellow = 0
    green = 0
    blue = 0
    for s in range(SQUARES):
        colour = tower_colour(stack, s, height[s], counts)
        if colour == 0:
            red += 1
        elif colour == 1:
            yellow += 1
        elif colour == 2:
            green += 1
        elif colour == 3:
            blue += 1
    return red, yellow, green, blue


@internal
def _sample(values, k, stack, height, counts, leader, changes):
    """Take balance sample ``k`` (values[k] = both players' progress): the sole leader after
    it and the lead changes so far (the first sole leader is no change, a tie keeps the leader)."""
    # BlockadeCounters.progress as one number that compares the same way: towers in the
    # better colour · 16 + towers in both colours.
    red, yellow, green, blue = _towers(stack, height, counts)
    values[k, 0] = max(red, yellow) * 16 + red + yellow
    values[k, 1] = max(green, blue) * 16 + green + blue
    now = 0 if values[k, 0] > values[k, 1] else 1 if values[k, 1] > values[k, 0] else -1
    return follow_leader(leader, now, changes)


@internal
def _route(stack, height, player, neighbours, routed, dists, orders, order_lens, withins):
    """Route ``player``'s pieces around the opponent's blockades (their towers capped with a
    black), unless they stand as before."""
    blocked = 0
    for square in range(SQUARES):
        if height[square] > 3 and (stack[square, 3] >> 2) == K and ((stack[square, 0] >> 2) >> 1) == 1 - player:
            blocked |= 1 << square
    if routed[player] != blocked:
        routes(blocked, neighbours, dists[player], orders[player], order_lens[player], withins[player])
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
    stack, height, moved, supply, dice, points, dists, orders, order_lens, routed, withins, rests, must, buf, keys = scratch
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
        copy_board(stack, height, init_stack, init_height)
        copy_into(moved, init_moved)
        copy_into(supply, init_supply)
        copy_into(dice, init_dice)
        copy_into(points, init_points)
        chance = init_chance
        turns = init_turns
        memo_new_turn(memo)
        _route(stack, height, player, neighbours, routed, dists, orders, order_lens, withins)
        dist, order, order_len, within = dists[player], orders[player], order_lens[player], withins[player]
        plies = 0
        decisions = 0
        options = 0
        piece_moves = 0
        pip_steps = 0
        # A loaded position may be won already: five towers of one colour.
        red, yellow, green, blue = _towers(stack, height, counts)
        winner = 0 if red >= 5 or yellow >= 5 else 1 if green >= 5 or blue >= 5 else -1
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
                memo_new_turn(memo)
                _route(stack, height, player, neighbours, routed, dists, orders, order_lens, withins)
                dist, order, order_len, within = dists[player], orders[player], order_lens[player], withins[player]
            else:
                n = _legal(stack, height, moved, supply, dice, points, player, strict, counts, dist, order, order_len,
                           within, rests, must, buf, frames, work, memo)
                if list_legal:  # (the one call: numba inlines _legal once)
                    return n
                choices[decisions] = n
                decisions += 1
                options += n
                if greedy_seats is not None and greedy_seats[player]:
                    code = greedy_pick(_rng.random(gen), buf, n, keys, stack, height, points, player, chebyshev,
                                       neighbours, supply, counts)
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
                    if move_piece(stack, height, moved, supply, src, dst, counts):
                        winner = player
                        leader, changes = _sample(samples, turns - init_turns + 1, stack, height, counts, leader,
                                                  changes)
                    if supply[0] + supply[1] + supply[2] < blacks:
                        heat_towers[dst] += 1
                        heat_blockades[dst] += 1
                    elif counts and height[dst] == 3 and tower_shape(stack, dst, height[dst]):
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
        out_towers[g, 0], out_towers[g, 1], out_towers[g, 2], out_towers[g, 3] = _towers(stack, height, counts)
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
