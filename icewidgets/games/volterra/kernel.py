"""Compiled Volterra playouts: the same games as :mod:`icewidgets.games.volterra`, ply for ply.

The kernel plays every play option (``first_player``, ``dest_adjacent_to_source``,
``forfeit_removes``, ``end_check``, ``max_turns``) with the random agent and Volterra's greedy
rule (``Volterra.greedy``, written out in :mod:`icewidgets.games.volterra.greedy`: the same
keys, the same one draw among the best). :func:`play_range` plays whole games from the
checkerboard; :func:`play_from` continues any laid-out position exactly (:func:`encode`: loaded
texts, half-done turns, a free layout once its tiles and pawns are down). The free layout's
placement phase is left to the rules engine: :func:`supports` refuses ``layout="free"`` and
:func:`encode` a position still being laid out (``phase=place``).

Towers are ``stack[square, height]`` tile colours (0 dark, 1 light); the legal plies are listed
in the engine's order (pawn moves by square, then tower moves by source, one tile before two,
then by target), so the same draw picks the same ply. The balance metrics follow the
playouts' definitions (:mod:`icewidgets.compiled.balance`), on each player's tower heights,
highest first, compared as at the end of the game.

Compile time (a first playout compiles the kernel; numba caches it on disk): the options are
plain numbers and the positions arrays, so one specialisation serves all-random seats and one
any seats with a greedy player; the helpers have no Python wrappers (:data:`~icewidgets.
compiled.jit.internal`) and the constant tables are frozen into the code as globals.

>>> from icewidgets import make
>>> out = play_range(make("volterra"), ("random", "random"), seed=0, start=0, stop=3, max_plies=5_000)
>>> out["plies"].shape, out["winners"].dtype.name, out["branching_profile"].shape
((3,), 'uint8', (3, 10))
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

from ...compiled import rng as _rng
from ...compiled.balance import PROFILE_BINS, branching_profile, follow_leader, half_time_sample
from ...compiled.bits import lowest_bit
from ...compiled.jit import internal
from ...compiled.pick import nth_best
from .board import COLOURS, GRID, NEIGHBOURS, ORTHOGONAL
from .greedy import WIN

SQUARES = GRID.size
MAX_HEIGHT = 21
"""Room for every tile of the set on one square."""
HALVES = ("-", "pawn", "tower")
"""The ``done`` field of a position, as the kernel's 0, 1, 2."""
MOST_PLIES = 160
"""More than the legal plies of any position (8 pawn moves, 8 sources × 2 counts × 7 targets)."""

# Neighbours in ascending square order (the engine's), -1 padded; orthogonal sides, -1 off the board.
_NEIGHBOURS = np.full((SQUARES, 8), -1, dtype=np.int64)
for _s, _ns in enumerate(NEIGHBOURS):
    _NEIGHBOURS[_s, : len(_ns)] = _ns
_NEIGHBOUR_MASK = np.array([sum(1 << n for n in ns) for ns in NEIGHBOURS], dtype=np.int64)
_ORTHOGONAL = np.array([[-1 if n is None else n for n in sides] for sides in ORTHOGONAL], dtype=np.int64)
_ON_EDGE = np.array([None in sides for sides in ORTHOGONAL], dtype=np.bool_)

_PLAY_OPTIONS = {"players", "first_player", "dest_adjacent_to_source", "forfeit_removes", "end_check", "max_turns"}
_LAYOUT_OPTIONS = {"layout", "symmetric"}  # they only shape the start; play_from takes any laid-out board
AGENTS = ("random", "greedy")


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    """Whether the kernel plays whole games of ``game`` with ``agents`` (else the reference engine serves)."""
    return game.name == "volterra" and game.layout == "checkerboard" and _problem(game, agents) is None


def empty_results(n: int, players: int = 2) -> dict[str, np.ndarray]:
    """Result arrays for ``n`` games; ``winners`` is a bit mask (bit p: player p won)."""
    return {
        "winners": np.zeros(n, dtype=np.uint8),
        "scores": np.zeros((n, players), dtype=np.int16),  # each player's tallest tower
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "unfinished": np.zeros(n, dtype=np.bool_),
        "branching": np.zeros(n, dtype=np.float32),
        "lead_changes": np.zeros(n, dtype=np.uint16),
        "comeback": np.zeros(n, dtype=np.bool_),
        "branching_profile": np.zeros((n, PROFILE_BINS), dtype=np.float32),
        "forfeited": np.zeros((n, 2), dtype=np.uint8),  # tiles forfeited in cut-off parts (dark, light)
        "towers": np.zeros((n, 2), dtype=np.uint8),  # towers each player owns at the end
        # Board heatmaps over the games, by square: the targets of tower actions, and the
        # squares of parts cut off from both pawns.
        "heatmap:tower_targets": np.zeros(SQUARES, dtype=np.int64),
        "heatmap:cut_off": np.zeros(SQUARES, dtype=np.int64),
    }


def encode(state: Any) -> tuple:
    """The kernel's copy of the laid-out position ``state``: ``(stack, height, pawns, to_move,
    done, turns, forfeited)`` — tile colours by square and level, heights, the pawns' squares
    (-1 off the board), whose turn, the half of it done (:data:`HALVES` index), the turns
    played and the tiles forfeited so far. A free layout still being laid raises ValueError.

    >>> from icewidgets import make
    >>> stack, height, pawns, to_move, done, turns, forfeited = encode(make("volterra").new_state().play("@b4"))
    >>> int(height.sum()), pawns.tolist(), to_move, done
    (20, [16, 7], 0, 1)
    """
    if state.phase != "play":
        raise ValueError("the compiled Volterra kernel plays from a laid-out board; this free layout is still "
                         "being laid (phase=place): play it on the rules engine")
    stack = np.zeros((SQUARES, MAX_HEIGHT), dtype=np.int8)
    height = np.zeros(SQUARES, dtype=np.int64)
    for square, tiles in enumerate(state.board):
        for level, tile in enumerate(tiles):
            stack[square, level] = COLOURS.index(str(tile))
        height[square] = len(tiles)
    pawns = np.array([-1 if square is None else square for square in state.pawns], dtype=np.int64)
    return (stack, height, pawns, state.to_move, HALVES.index(state.done), state.turns,
            np.array(state.forfeited, dtype=np.int64))


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict[str, np.ndarray]:
    """Games ``start``…``stop-1`` of a run seeded ``seed``, as result arrays (:func:`empty_results`);
    a game still going after ``max_plies`` plies stops unfinished.

    With ``record`` > 0 the first ``record`` plies of each game are also returned as codes in
    ``record`` (see :func:`move_text`; −1 past the end; :func:`recorded_moves`).
    """
    return _run(game, agents, encode(game.new_state()), seed, start, stop, max_plies, record)


def play_from(game: Any, state: Any, agents: tuple[str, ...], seed: Any, count: int, max_plies: int,
              record: int = 0) -> dict[str, np.ndarray]:
    """``count`` continuations of ``state``, as :func:`play_range`'s arrays: continuation i draws
    from ``SeedSequence(seed, spawn_key=(i,))`` exactly as the rules engine would, one draw per
    ply, stopping after ``max_plies`` plies. ``turns`` is the final turn count (the turns of
    ``state`` included), ``plies``, ``branching`` and the balance metrics count the plies played
    from ``state``; ``forfeited`` includes the tiles ``state`` had already lost.

    Raises ValueError for what the kernel does not play (other agents or options, a free layout
    still being laid): the rules engine serves then.

    >>> from icewidgets import make
    >>> game = make("volterra")
    >>> out = play_from(game, game.new_state().play("b4-b3"), ("greedy", "random"), seed=1, count=2,
    ...                 max_plies=1, record=1)
    >>> recorded_moves(out, 0), out["turns"].tolist()
    (['@b2'], [1, 1])
    """
    problem = _problem(game, agents, layout_free=True)
    if problem is None and state.game != game:
        problem = f"the position belongs to {state.game!r}, not to {game!r}"
    if problem is not None:
        raise ValueError(problem)
    return _run(game, agents, encode(state), seed, 0, count, max_plies, record)


def legal_moves(game: Any, state: Any) -> list[str]:
    """The kernel's legal plies at ``state`` (through :func:`encode`), as move texts in the
    kernel's order; none when the kernel finds the game over. For tests: they equal
    ``[str(move) for move in state.legal_moves()]``.

    >>> from icewidgets import make
    >>> legal_moves(make("volterra"), make("volterra").new_state())[:3]
    ['@b2', '@d2', '@b4']
    """
    stack, height, pawns, to_move, done, turns, _ = encode(state)
    plies = np.zeros((2, MOST_PLIES), dtype=np.int64)
    n = _listed(stack, height, pawns[0], pawns[1], to_move, done, turns, game.dest_adjacent_to_source,
                game.end_check == "both", game.max_turns or 0, plies)
    return [move_text(code) for code in plies[0, :max(n, 0)]]


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


def _problem(game: Any, agents: tuple[str, ...], layout_free: bool = False) -> str | None:
    """Why the kernel cannot play ``game`` with ``agents`` (None when it can); with
    ``layout_free`` the layout options are not judged (a laid-out board plays the same)."""
    if game.name != "volterra":
        return f"the compiled Volterra kernel does not play {game.name}"
    if len(agents) != 2 or any(agent not in AGENTS for agent in agents):
        return f"the compiled Volterra kernel plays the agents {' and '.join(AGENTS)} only, not {tuple(agents)!r}"
    allowed = _PLAY_OPTIONS | (_LAYOUT_OPTIONS if layout_free else set())
    for field in dataclasses.fields(game):
        if field.name not in allowed and getattr(game, field.name) != field.default:
            return f"the compiled Volterra kernel does not play the option {field.name}={getattr(game, field.name)!r}"
    return None


def _run(game: Any, agents: tuple[str, ...], encoded: tuple, seed: Any, start: int, stop: int, max_plies: int,
         record: int) -> dict[str, np.ndarray]:
    stack, height, pawns, to_move, done, turns, forfeited = encoded
    n = stop - start
    out = empty_results(n)
    recorded = np.full((n, record), -1, dtype=np.int16)
    plies_room = _plies_room(game.max_turns, turns, max_plies)
    _play(_greedy_seats(agents), stack, height, pawns, to_move, done,
          turns, forfeited, game.dest_adjacent_to_source, game.forfeit_removes, game.end_check == "both",
          game.max_turns or 0, max_plies, _rng.entropy_words(seed), start, stop, _rng.new_generator(),
          np.zeros_like(stack), np.zeros_like(height), np.zeros((2, MOST_PLIES), dtype=np.int64),
          np.zeros((2, MAX_HEIGHT + 1), dtype=np.int64), np.zeros(plies_room, dtype=np.int64),
          np.zeros(plies_room // 2 + 2, dtype=np.int64),
          out["winners"], out["scores"], out["turns"], out["plies"], out["unfinished"], out["branching"],
          out["lead_changes"], out["comeback"], out["branching_profile"], out["forfeited"], out["towers"],
          out["heatmap:tower_targets"], out["heatmap:cut_off"], recorded)
    if record:
        out["record"] = recorded
    return out


def _greedy_seats(agents: tuple[str, ...]) -> np.ndarray | None:
    """Which seats play greedy, or None when all play random: numba then leaves the greedy rule
    out of that compiled specialisation, so a first random playout compiles about a quarter less."""
    return None if all(agent == "random" for agent in agents) else np.array([a == "greedy" for a in agents])


def _plies_room(max_turns: int | None, turns: int, max_plies: int) -> int:
    """Room for every ply a game can play from a position after ``turns`` turns (two plies a turn)."""
    room = max_plies if max_turns is None else min(max_plies, 2 * max(0, max_turns - turns) + 2)
    if room > 10**8:
        raise ValueError(f"max_plies={max_plies:,} without a turn limit: give a smaller ply limit")
    return max(room, 1)


@internal
def _free_side(height, square):
    if _ON_EDGE[square]:
        return True
    for i in range(4):
        if height[_ORTHOGONAL[square, i]] == 0:
            return True
    return False


@internal
def _is_source(stack, height, s, own, other):
    """A tower the pawn's owner may move: theirs on top, a free side, no pawn."""
    return s != other and height[s] > 0 and stack[s, height[s] - 1] == own and _free_side(height, s)


@internal
def _has_tower_action(stack, height, here, own, other, adjacent):
    for i in range(8):
        source = _NEIGHBOURS[here, i]
        if source < 0:
            break
        if not _is_source(stack, height, source, own, other):
            continue
        for j in range(8):
            target = _NEIGHBOURS[here, j]
            if target < 0:
                break
            if (target != source and target != other and height[target] > 0
                    and (not adjacent or (_NEIGHBOUR_MASK[source] >> target) & 1)):
                return True
    return False


@internal
def _can_complete(stack, height, here, other, own, adjacent):
    """Whether the pawn on ``here`` (-1: off the board) could play a whole turn."""
    if here < 0:
        return False
    if _has_tower_action(stack, height, here, own, other, adjacent):
        return True
    for i in range(8):
        target = _NEIGHBOURS[here, i]
        if target < 0:
            break
        if (height[target] > 0 and stack[target, height[target] - 1] == own and target != other
                and _has_tower_action(stack, height, target, own, other, adjacent)):
            return True
    return False


@internal
def _options(stack, height, pawn0, pawn1, player, done, turns, adjacent, end_both, max_turns, plies):
    """The legal plies in the engine's order, as codes into ``plies[0]``: returns how many, or
    -1 when the game is over by the rules, -2 when the turn limit stops it.

    Code: a pawn move to t is t; a tower move is 20 + (count−1)·400 + source·20 + target."""
    here = pawn0 if player == 0 else pawn1
    other = pawn1 if player == 0 else pawn0
    if done == 0:
        if not _can_complete(stack, height, here, other, player, adjacent):
            return -1
        if end_both and not _can_complete(stack, height, other, here, 1 - player, adjacent):
            return -1
        if max_turns > 0 and turns >= max_turns:
            return -2
    if here < 0:
        return -1
    n = 0
    if done != 1:
        for i in range(8):
            target = _NEIGHBOURS[here, i]
            if target < 0:
                break
            if height[target] > 0 and stack[target, height[target] - 1] == player and target != other:
                if done == 2 or _has_tower_action(stack, height, target, player, other, adjacent):
                    plies[0, n] = target
                    n += 1
    if done != 2:
        for i in range(8):
            source = _NEIGHBOURS[here, i]
            if source < 0:
                break
            if not _is_source(stack, height, source, player, other):
                continue
            for count in range(1, 3 if height[source] > 1 else 2):
                for j in range(8):
                    target = _NEIGHBOURS[here, j]
                    if target < 0:
                        break
                    if (target != other and height[target] > 0 and target != source
                            and (not adjacent or (_NEIGHBOUR_MASK[source] >> target) & 1)):
                        plies[0, n] = SQUARES + (count - 1) * SQUARES * SQUARES + source * SQUARES + target
                        n += 1
    return n if n else -1


@internal
def _flood(start, occupied):
    part = np.int64(1) << start
    frontier = part
    while frontier:
        grown = np.int64(0)
        while frontier:
            grown |= _NEIGHBOUR_MASK[lowest_bit(frontier)]
            frontier &= frontier - 1
        frontier = grown & occupied & ~part
        part |= frontier
    return part


@internal
def _reach(height, pawn0, pawn1, emptied):
    """The occupied squares (``emptied`` left out) and those of them the pawns still reach, as bit masks."""
    occupied = np.int64(0)
    for s in range(SQUARES):
        if height[s] > 0 and s != emptied:
            occupied |= np.int64(1) << s
    reach = np.int64(0)
    if pawn0 >= 0 and (occupied >> pawn0) & 1:
        reach |= _flood(pawn0, occupied)
    if pawn1 >= 0 and (occupied >> pawn1) & 1:
        reach |= _flood(pawn1, occupied)
    return occupied, reach


@internal
def _separate(stack, height, emptied, pawn0, pawn1, remove, forfeited, g, heat_cut_off):
    """Forfeit the parts that emptying ``emptied`` cut off from both pawns (counting their tiles
    and, in ``heat_cut_off``, their squares)."""
    occupied, reach = _reach(height, pawn0, pawn1, emptied)
    for i in range(8):
        start = _NEIGHBOURS[emptied, i]
        if start < 0:
            break
        if not ((occupied & ~reach) >> start) & 1:
            continue
        part = _flood(start, occupied)
        reach |= part
        for s in range(SQUARES):
            if (part >> s) & 1:
                heat_cut_off[s] += 1
                if remove:
                    for k in range(height[s]):
                        forfeited[g, stack[s, k]] += 1
                    height[s] = 0


@internal
def _lead(stack, height, counts):
    """Who is ahead on the tower heights, highest first, compared as at the end: 0 (Dark), 1
    (Light) or -1 (equal lists). Leaves ``counts[p, h]``, player p's towers of height h."""
    for p in range(2):
        for h in range(MAX_HEIGHT + 1):
            counts[p, h] = 0
    for s in range(SQUARES):
        h = height[s]
        if h > 0:
            counts[stack[s, h - 1], h] += 1
    for h in range(MAX_HEIGHT, 0, -1):
        if counts[0, h] != counts[1, h]:
            return 0 if counts[0, h] > counts[1, h] else 1
    return -1


@internal
def _greedy_ply(n, stack, height, player, pawn0, pawn1, plies_buffer, u, last, adjacent, remove, end_both, scratch,
                counts):
    """Volterra's greedy rule (``Volterra.greedy``): an integer key per legal ply, ties broken by
    the draw ``u``. A ply that ends the turn (``last``) and wins on the spot is keyed ``WIN``."""
    own = player
    theirs = pawn1 if player == 0 else pawn0
    near_them = _NEIGHBOUR_MASK[theirs] if theirs >= 0 else np.int64(0)
    pawns = np.int64(0)
    if pawn0 >= 0:
        pawns |= np.int64(1) << pawn0
    if pawn1 >= 0:
        pawns |= np.int64(1) << pawn1
    top = np.int64(-(1 << 62))
    for i in range(n):
        code = plies_buffer[0, i]
        if last and _wins(stack, height, scratch, code, player, pawn0, pawn1, adjacent, remove, end_both, counts):
            key = WIN
        elif code >= SQUARES:
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
                key += _cut_off_value(stack, height, source, target, count, own, pawn0, pawn1)
        else:
            target = code
            mine = 0
            covers = 0
            tallest = 0
            for j in range(8):
                m = _NEIGHBOURS[target, j]
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


@internal
def _move_tower(stack, height, code):
    """Play the tower move ``code``: its tiles onto the target. Returns (source, target, whether
    the source is now empty)."""
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
    return source, target, hs == count


@internal
def _wins(stack, height, scratch, code, player, pawn0, pawn1, adjacent, remove, end_both, counts):
    """Whether the ply ``code``, the last of the turn, ends the game with its player ahead (the
    greedy rule's ``_wins``): played on ``scratch``, a copy of the heights, so the position is
    left as it was (the tiles it moves are written above the target's height, where nothing is)."""
    for s in range(SQUARES):
        scratch[s] = height[s]
    if code >= SQUARES:
        source, _, emptied = _move_tower(stack, scratch, code)
        if emptied and remove:
            occupied, reach = _reach(scratch, pawn0, pawn1, source)
            for i in range(8):
                start = _NEIGHBOURS[source, i]
                if start < 0:
                    break
                if ((occupied & ~reach) >> start) & 1:
                    part = _flood(start, occupied)
                    reach |= part
                    for s in range(SQUARES):
                        if (part >> s) & 1:
                            scratch[s] = 0
    elif player == 0:
        pawn0 = code
    else:
        pawn1 = code
    if _lead(stack, scratch, counts) != player:
        return False
    mine = pawn0 if player == 0 else pawn1
    theirs = pawn1 if player == 0 else pawn0
    if not _can_complete(stack, scratch, theirs, mine, 1 - player, adjacent):
        return True
    return end_both and not _can_complete(stack, scratch, mine, theirs, player, adjacent)


@internal
def _cut_off_value(stack, height, source, target, count, own, pawn0, pawn1):
    """When a tower action empties its source: 4 per opponent tile cut off minus 4 per own tile."""
    occupied, reach = _reach(height, pawn0, pawn1, source)
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


@njit(cache=True)
def _listed(stack, height, pawn0, pawn1, player, done, turns, adjacent, end_both, max_turns, plies):
    """:func:`_options`, for :func:`legal_moves` (the helpers cannot be called from Python)."""
    return _options(stack, height, pawn0, pawn1, player, done, turns, adjacent, end_both, max_turns, plies)


@njit(cache=True, nogil=True)
def _play(greedy, init_stack, init_height, init_pawns, init_player, init_done, init_turns, init_forfeited,
          adjacent, remove, end_both, max_turns, max_plies, run_words, start, stop, gen, stack, height, plies_buffer,
          counts, choices, samples, out_winners, out_scores, out_turns, out_plies, out_unfinished, out_branching,
          out_lead_changes, out_comeback, out_profile, out_forfeited, out_towers, heat_targets, heat_cut_off,
          out_moves):
    record = out_moves.shape[1]
    scratch = np.empty_like(height)  # the greedy rule's copy of the heights
    for g in range(stop - start):
        _rng.seed_game(gen, run_words, start + g)
        for s in range(SQUARES):
            height[s] = init_height[s]
            for k in range(init_height[s]):
                stack[s, k] = init_stack[s, k]
        pawn0 = init_pawns[0]
        pawn1 = init_pawns[1]
        player = init_player
        done = init_done  # 0: nothing yet this turn, 1: pawn moved, 2: tower moved
        turns = init_turns
        out_forfeited[g, 0] = init_forfeited[0]
        out_forfeited[g, 1] = init_forfeited[1]
        # Typed zeros: a literal 0 passed on to a helper would compile it once more for the literal.
        plies = np.int64(0)
        options = 0
        ended = False
        # Balance samples: the start, then the end of every turn (samples[k]: the lead after k turns).
        samples[0] = _lead(stack, height, counts)
        leader, changes = follow_leader(np.int64(-1), samples[0], np.int64(0))
        while True:
            n = _options(stack, height, pawn0, pawn1, player, done, turns, adjacent, end_both, max_turns, plies_buffer)
            if n < 0:
                ended = n == -1
                break
            if plies >= max_plies:
                break
            u = _rng.random(gen)
            if greedy is not None and greedy[player]:
                code = _greedy_ply(n, stack, height, player, pawn0, pawn1, plies_buffer, u, done != 0, adjacent,
                                   remove, end_both, scratch, counts)
            else:
                code = plies_buffer[0, int(u * n)]
            if plies < record:
                out_moves[g, plies] = code
            choices[plies] = n
            plies += 1
            options += n
            if code < SQUARES:
                if player == 0:
                    pawn0 = code
                else:
                    pawn1 = code
                half = 1
            else:
                source, target, emptied = _move_tower(stack, height, code)
                heat_targets[target] += 1
                if emptied:
                    _separate(stack, height, source, pawn0, pawn1, remove, out_forfeited, g, heat_cut_off)
                half = 2
            if done == 0:
                done = half
            else:
                done = 0
                turns += 1
                player = 1 - player
                now = _lead(stack, height, counts)
                samples[turns - init_turns] = now
                leader, changes = follow_leader(leader, now, changes)
        lead = _lead(stack, height, counts)
        winner = lead if ended else -1
        out_winners[g] = 0 if winner < 0 else 1 << winner
        for p in range(2):
            towers = 0
            best = 0
            for h in range(1, MAX_HEIGHT + 1):
                if counts[p, h]:
                    towers += counts[p, h]
                    best = h
            out_towers[g, p] = towers
            out_scores[g, p] = best
        out_turns[g] = turns
        out_plies[g] = plies
        out_unfinished[g] = not ended
        out_branching[g] = options / plies if plies else 0.0
        out_lead_changes[g] = changes
        out_comeback[g] = (winner >= 0 and turns >= 2
                           and samples[half_time_sample(turns, init_turns)] == 1 - winner)
        branching_profile(choices, plies, out_profile[g])
    return 0
