"""Compiled Volterra playouts: the same games as :mod:`icewidgets.games.volterra`, ply for ply.

The kernel plays the checkerboard layout with every play option (``first_player``,
``dest_adjacent_to_source``, ``forfeit_removes``, ``end_check``, ``max_turns``); the free layout
falls back to the reference engine; the agents are the random one and Volterra's greedy rule
(``Volterra.greedy``, written out in :mod:`icewidgets.games.volterra.greedy`: the same keys,
the same one draw among the best). Towers are ``stack[square, height]`` tile colours (0 dark,
1 light); the legal plies are listed in the engine's order (pawn moves by square, then tower
moves by source, one tile before two, then by target), so the same draw picks the same ply.

>>> from icewidgets import make
>>> out = play_range(make("volterra"), ("random", "random"), seed=0, start=0, stop=3, max_plies=5_000)
>>> out["plies"].shape, out["winners"].dtype.name
((3,), 'uint8')
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

from ...compiled import rng as _rng
from ...compiled.bits import lowest_bit
from ...compiled.jit import helper
from ...compiled.pick import nth_best
from ...grid import Grid

GRID = Grid(5, 4)
SQUARES = 20
MAX_HEIGHT = 21

# Neighbours in ascending square order (the engine sorts them), -1 padded; orthogonal sides.
_NEIGHBOURS = np.full((SQUARES, 8), -1, dtype=np.int64)
for _s, _ns in enumerate(GRID.neighbours):
    _NEIGHBOURS[_s, : len(_ns)] = sorted(_ns)
_NEIGHBOUR_MASK = np.array([sum(1 << n for n in ns) for ns in GRID.neighbours], dtype=np.int64)
_ORTHOGONAL = np.array([[-1 if n is None else n for n in sides] for sides in GRID.orthogonal_neighbours],
                       dtype=np.int64)
_ON_EDGE = np.array([any(n is None for n in sides) for sides in GRID.orthogonal_neighbours], dtype=np.bool_)

_KERNEL_OPTIONS = {"players", "first_player", "dest_adjacent_to_source", "forfeit_removes", "end_check", "max_turns"}


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    """Whether the kernel plays ``game`` with ``agents`` (else the reference engine serves)."""
    if game.name != "volterra" or len(agents) != 2 or game.layout != "checkerboard":
        return False
    if any(a not in ("random", "greedy") for a in agents):
        return False
    return all(f.name in _KERNEL_OPTIONS or getattr(game, f.name) == f.default
               for f in dataclasses.fields(game) if f.name != "layout")


def empty_results(n: int, players: int = 2) -> dict[str, np.ndarray]:
    """Result arrays for ``n`` games; ``winners`` is a bit mask (bit p: player p won)."""
    return {
        "winners": np.zeros(n, dtype=np.uint8),
        "scores": np.zeros((n, players), dtype=np.int16),  # each player's tallest tower
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "unfinished": np.zeros(n, dtype=np.bool_),
        "branching": np.zeros(n, dtype=np.float32),
        "forfeited": np.zeros((n, 2), dtype=np.uint8),  # tiles forfeited in cut-off parts (dark, light)
        "towers": np.zeros((n, 2), dtype=np.uint8),  # towers each player owns at the end
        # Board heatmaps over the games, by square: the targets of tower actions, and the
        # squares of parts cut off from both pawns.
        "heatmap:tower_targets": np.zeros(SQUARES, dtype=np.int64),
        "heatmap:cut_off": np.zeros(SQUARES, dtype=np.int64),
    }


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict[str, np.ndarray]:
    """Games ``start``…``stop-1`` of a run seeded ``seed``, as result arrays (:func:`empty_results`);
    a game still going after ``max_plies`` plies stops unfinished.

    With ``record`` > 0 the first ``record`` plies of each game are also returned as codes in
    ``record`` (see :func:`move_text`; −1 past the end; :func:`recorded_moves`).
    """
    n = stop - start
    out = empty_results(n)
    recorded = np.full((n, record), -1, dtype=np.int16)
    state = game.new_state()
    init_stack = np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int8)
    init_height = np.zeros(SQUARES, dtype=np.int64)
    for square, stack in enumerate(state.board):
        for h, piece in enumerate(stack):
            init_stack[square, h] = "DL".index(str(piece))
        init_height[square] = len(stack)
    codes = None if all(a == "random" for a in agents) else np.array([a == "greedy" for a in agents], dtype=np.int64)
    _play(codes, init_stack, init_height, state.pawns[0], state.pawns[1], state.to_move, game.dest_adjacent_to_source,
          game.forfeit_removes, game.end_check == "both", game.max_turns or 0, max_plies, _rng.entropy_words(seed),
          start, stop, _rng.new_generator(), init_stack.copy(), init_height.copy(), np.zeros((4, 160), dtype=np.int64),
          _NEIGHBOURS, _NEIGHBOUR_MASK, _ORTHOGONAL, _ON_EDGE,
          out["winners"], out["scores"], out["turns"], out["plies"], out["unfinished"], out["branching"],
          out["forfeited"], out["towers"], out["heatmap:tower_targets"], out["heatmap:cut_off"], recorded)
    if record:
        out["record"] = recorded
    return out


def move_text(code: int) -> str:
    """A recorded ply code → ``"@b4"`` / ``"b4-b3"`` / ``"2b4-b3"``."""
    code = int(code)
    if code < SQUARES:
        return f"@{GRID.name(code)}"
    code -= SQUARES
    count, rest = divmod(code, SQUARES * SQUARES)
    source, target = divmod(rest, SQUARES)
    return f"{'' if count == 0 else 2}{GRID.name(source)}-{GRID.name(target)}"


def recorded_moves(out: dict[str, np.ndarray], row: int) -> list[str]:
    """The plies of game ``row`` of a :func:`play_range` record, as move texts (``"@b4"``, ``"b4-b3"``)."""
    return [move_text(code) for code in out["record"][row] if code != -1]


@helper
def _free_side(height, square, orthogonal, on_edge):
    if on_edge[square]:
        return True
    for i in range(4):
        if height[orthogonal[square, i]] == 0:
            return True
    return False


@helper
def _is_source(stack, height, s, own, other, orthogonal, on_edge):
    """A tower the pawn's owner may move: theirs on top, a free side, no pawn."""
    return (s != other and height[s] > 0 and stack[s, height[s] - 1] == own
            and _free_side(height, s, orthogonal, on_edge))


@helper
def _has_tower_action(stack, height, here, own, other, adjacent, neighbours, neighbour_mask, orthogonal, on_edge):
    for i in range(8):
        source = neighbours[here, i]
        if source < 0:
            break
        if not _is_source(stack, height, source, own, other, orthogonal, on_edge):
            continue
        for j in range(8):
            target = neighbours[here, j]
            if target < 0:
                break
            if (target != source and target != other and height[target] > 0
                    and (not adjacent or (neighbour_mask[source] >> target) & 1)):
                return True
    return False


@helper
def _can_complete(stack, height, here, other, own, adjacent, neighbours, neighbour_mask, orthogonal, on_edge):
    if _has_tower_action(stack, height, here, own, other, adjacent, neighbours, neighbour_mask, orthogonal, on_edge):
        return True
    for i in range(8):
        target = neighbours[here, i]
        if target < 0:
            break
        if (height[target] > 0 and stack[target, height[target] - 1] == own and target != other
                and _has_tower_action(stack, height, target, own, other, adjacent, neighbours, neighbour_mask,
                                      orthogonal, on_edge)):
            return True
    return False


@helper
def _legal(stack, height, here, other, own, done, adjacent, neighbours, neighbour_mask, orthogonal, on_edge, plies):
    """The legal plies in the engine's order, as codes into ``plies[0]``; returns how many.

    Code: a pawn move to t is t; a tower move is 20 + (count−1)·400 + source·20 + target."""
    n = 0
    if done != 1:
        for i in range(8):
            target = neighbours[here, i]
            if target < 0:
                break
            if height[target] > 0 and stack[target, height[target] - 1] == own and target != other:
                if done == 2 or _has_tower_action(stack, height, target, own, other, adjacent, neighbours,
                                                  neighbour_mask, orthogonal, on_edge):
                    plies[0, n] = target
                    n += 1
    if done != 2:
        for i in range(8):
            source = neighbours[here, i]
            if source < 0:
                break
            if not _is_source(stack, height, source, own, other, orthogonal, on_edge):
                continue
            for count in range(1, 3 if height[source] > 1 else 2):
                for j in range(8):
                    target = neighbours[here, j]
                    if target < 0:
                        break
                    if (target != other and height[target] > 0 and target != source
                            and (not adjacent or (neighbour_mask[source] >> target) & 1)):
                        plies[0, n] = SQUARES + (count - 1) * SQUARES * SQUARES + source * SQUARES + target
                        n += 1
    return n


@helper
def _flood(start, occupied, neighbour_mask):
    part = np.int64(1) << start
    frontier = part
    while frontier:
        grown = np.int64(0)
        while frontier:
            grown |= neighbour_mask[lowest_bit(frontier)]
            frontier &= frontier - 1
        frontier = grown & occupied & ~part
        part |= frontier
    return part


@helper
def _separate(stack, height, emptied, pawn0, pawn1, remove, neighbours, neighbour_mask, forfeited, g, heat_cut_off):
    """Forfeit the parts that emptying ``emptied`` cut off from both pawns (counting their tiles
    and, in ``heat_cut_off``, their squares)."""
    occupied = np.int64(0)
    for s in range(SQUARES):
        if height[s] > 0:
            occupied |= np.int64(1) << s
    reach = np.int64(0)
    for pawn in (pawn0, pawn1):
        if pawn >= 0 and (occupied >> pawn) & 1:
            reach |= _flood(pawn, occupied, neighbour_mask)
    for i in range(8):
        start = neighbours[emptied, i]
        if start < 0:
            break
        if not ((occupied & ~reach) >> start) & 1:
            continue
        part = _flood(start, occupied, neighbour_mask)
        reach |= part
        for s in range(SQUARES):
            if (part >> s) & 1:
                heat_cut_off[s] += 1
                if remove:
                    for k in range(height[s]):
                        forfeited[g, stack[s, k]] += 1
                    height[s] = 0


@helper
def _result(stack, height, ended, g, counts, out_winners, out_scores, out_towers):
    """Tallest towers, and the winner: tower heights sorted from the highest, compared in order."""
    for p in range(2):
        for h in range(MAX_HEIGHT + 1):
            counts[p, h] = 0
    for s in range(SQUARES):
        h = height[s]
        if h > 0:
            counts[stack[s, h - 1], h] += 1
    for p in range(2):
        best = 0
        towers = 0
        for h in range(MAX_HEIGHT + 1):
            towers += counts[p, h]
        out_towers[g, p] = towers
        for h in range(MAX_HEIGHT, 0, -1):
            if counts[p, h]:
                best = h
                break
        out_scores[g, p] = best
    winners = 0
    if ended:
        for h in range(MAX_HEIGHT, 0, -1):
            if counts[0, h] != counts[1, h]:
                winners = 1 if counts[0, h] > counts[1, h] else 2
                break
    out_winners[g] = winners


@helper
def _greedy_ply(n, stack, height, player, pawn0, pawn1, plies_buffer, neighbours, neighbour_mask, u):
    """Volterra's greedy rule (``Volterra.greedy``): an integer key per legal ply, ties broken by the draw ``u``."""
    own = player
    theirs = pawn1 if player == 0 else pawn0
    near_them = neighbour_mask[theirs]
    pawns = (np.int64(1) << pawn0) | (np.int64(1) << pawn1)
    top = np.int64(-(1 << 62))
    for i in range(n):
        code = plies_buffer[0, i]
        if code >= SQUARES:
            rest = code - SQUARES
            count = rest // (SQUARES * SQUARES) + 1
            source = (rest // SQUARES) % SQUARES
            target = rest % SQUARES
            below = height[source] - count
            onto = height[target]
            key = 1000 + 16 * (onto + count)
            if stack[target, onto - 1] != own:
                key += 2 * onto + (6 if (near_them >> target) & 1 else 0)
            if below > 0 and stack[source, below - 1] != own:
                key -= 2 * below
            if below == 0:
                key += _cut_off_value(stack, height, source, target, count, own, pawn0, pawn1, neighbour_mask)
        else:
            target = code
            mine = 0
            covers = 0
            tallest = 0
            for j in range(8):
                m = neighbours[target, j]
                if m < 0:
                    break
                if (pawns >> m) & 1 or height[m] == 0:
                    continue
                if stack[m, height[m] - 1] == own:
                    mine += 1
                    if height[m] > tallest:
                        tallest = height[m]
                elif (near_them >> m) & 1:
                    covers += 1
            key = 4 * mine + 2 * covers + tallest
        plies_buffer[1, i] = key
        top = max(top, key)
    return plies_buffer[0, nth_best(plies_buffer[1], n, top, u)]


@helper
def _cut_off_value(stack, height, source, target, count, own, pawn0, pawn1, neighbour_mask):
    """When a tower action empties its source: 4 per opponent tile cut off minus 4 per own tile."""
    occupied = np.int64(0)
    for s in range(SQUARES):
        if height[s] > 0 and s != source:
            occupied |= np.int64(1) << s
    reach = np.int64(0)
    for pawn in (pawn0, pawn1):
        if (occupied >> pawn) & 1:
            reach |= _flood(pawn, occupied, neighbour_mask)
    lost = occupied & ~reach
    value = 0
    for s in range(SQUARES):
        if (lost >> s) & 1:
            for k in range(height[s]):
                value += -4 if stack[s, k] == own else 4
            if s == target:
                for k in range(height[source] - count, height[source]):
                    value += -4 if stack[source, k] == own else 4
    return value


@njit(cache=True, nogil=True)
def _play(agents, init_stack, init_height, init_pawn0, init_pawn1, first, adjacent, remove, end_both, max_turns, max_plies,
          run_words, start, stop, gen, stack, height, plies_buffer, neighbours, neighbour_mask, orthogonal, on_edge,
          out_winners, out_scores, out_turns, out_plies, out_unfinished, out_branching, out_forfeited, out_towers,
          heat_targets, heat_cut_off, out_moves):
    record = out_moves.shape[1]
    for g in range(stop - start):
        _rng.seed_game(gen, run_words, start + g)
        for s in range(SQUARES):
            height[s] = init_height[s]
            for k in range(init_height[s]):
                stack[s, k] = init_stack[s, k]
        pawn0 = init_pawn0
        pawn1 = init_pawn1
        player = first
        done = np.int64(0)  # 0: nothing yet this turn, 1: pawn moved, 2: tower moved
        turns = 0
        plies = 0
        options = 0
        ended = False
        while True:
            here = pawn0 if player == 0 else pawn1
            other = pawn1 if player == 0 else pawn0
            if done == 0:
                stuck = not _can_complete(stack, height, here, other, player, adjacent, neighbours, neighbour_mask,
                                          orthogonal, on_edge)
                if not stuck and end_both:
                    stuck = not _can_complete(stack, height, other, here, 1 - player, adjacent, neighbours,
                                              neighbour_mask, orthogonal, on_edge)
                if stuck:
                    ended = True
                    break
                if max_turns > 0 and turns >= max_turns:
                    break
            n = _legal(stack, height, here, other, player, done, adjacent, neighbours, neighbour_mask, orthogonal,
                       on_edge, plies_buffer)
            if n == 0:
                ended = done != 0
                break
            if plies >= max_plies:
                break
            # agents is None when every seat is random: numba then prunes the greedy branch, so
            # random runs compile without it.
            if agents is not None:
                if agents[player]:
                    code = _greedy_ply(n, stack, height, player, pawn0, pawn1, plies_buffer, neighbours,
                                       neighbour_mask, _rng.random(gen))
                else:
                    code = plies_buffer[0, int(_rng.random(gen) * n)]
            else:
                code = plies_buffer[0, int(_rng.random(gen) * n)]
            if plies < record:
                out_moves[g, plies] = code
            plies += 1
            options += n
            if code < SQUARES:
                if player == 0:
                    pawn0 = code
                else:
                    pawn1 = code
                half = 1
            else:
                rest = code - SQUARES
                count = rest // (SQUARES * SQUARES) + 1
                source = (rest // SQUARES) % SQUARES
                target = rest % SQUARES
                hs = height[source]
                ht = height[target]
                for k in range(count):
                    stack[target, ht + k] = stack[source, hs - count + k]
                height[target] = ht + count
                height[source] = hs - count
                heat_targets[target] += 1
                if hs == count:
                    _separate(stack, height, source, pawn0, pawn1, remove, neighbours, neighbour_mask, out_forfeited, g,
                              heat_cut_off)
                half = 2
            if done == 0:
                done = half
            else:
                done = 0
                turns += 1
                player = 1 - player
        _result(stack, height, ended, g, plies_buffer[2:4], out_winners, out_scores, out_towers)
        out_turns[g] = turns
        out_plies[g] = plies
        out_unfinished[g] = not ended
        out_branching[g] = options / plies if plies else 0.0
    return 0
