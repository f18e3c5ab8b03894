"""Agents: who chooses the moves in playouts, tournaments and the widgets.

An agent is any callable ``agent(state, rng) -> move`` where ``rng`` is a
``numpy.random.Generator``; it returns one of ``state.legal_moves()`` (or, at a chance ply,
one of the outcomes of ``state.chance_outcomes()``). Three agents are built in, by name:

``"random"``
    Uniform over the legal moves. Exactly one draw per ply, so a compiled engine can replay
    the same games: ``moves = state.legal_moves(); return moves[int(rng.random() * len(moves))]``.
``"greedy"``
    A one-ply heuristic per game (see :func:`greedy`), with exactly one ``rng.random()`` draw per
    decision to break ties among the best moves, the same way the random agent picks.
``"mcts"``
    UCT Monte Carlo tree search with random rollouts (see :func:`make_mcts`), 300 iterations.

Chance plies (``state.to_move == CHANCE``, e.g. Blockade's dice) are handled the same way by
every built-in agent, with one draw: ``u = rng.random()`` is compared with the cumulative
probabilities of ``state.chance_outcomes()`` in their listed order (see :func:`chance_move`).

>>> import numpy as np
>>> import icewidgets as iw
>>> state = iw.make("volcano").new_state()
>>> str(get_agent("random")(state, np.random.default_rng(1)))
'c3-c2'
>>> str(get_agent("greedy")(state, np.random.default_rng(1))) in {str(m) for m in state.legal_moves()}
True
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any, Callable

from .protocol import CHANCE, State

Agent = Callable[[State, Any], Any]

__all__ = ["Agent", "AGENTS", "chance_move", "random_agent", "greedy", "make_mcts", "get_agent", "agent_name"]


# Chance and random ---------------------------------------------------------------------------


def chance_move(state: State, rng: Any) -> Any:
    """The outcome of a chance ply, drawn with one ``u = rng.random()``.

    The outcomes of ``state.chance_outcomes()`` are taken in their listed order; the first whose
    cumulative probability exceeds ``u`` is returned (the last one if rounding leaves ``u`` above
    the total).
    """
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("chance_move() was called at a ply that is not a chance ply")
    u = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if u < total:
            return outcome
    return outcomes[-1][0]


def random_agent(state: State, rng: Any) -> Any:
    """Uniform over ``state.legal_moves()`` with one draw: ``moves[int(rng.random() * len(moves))]``.

    Chance plies go through :func:`chance_move`.
    """
    if state.to_move == CHANCE:
        return chance_move(state, rng)
    moves = state.legal_moves()
    return moves[int(rng.random() * len(moves))]


random_agent.agent_name = "random"  # type: ignore[attr-defined]


def _pick_best(moves: list, keys: list, rng: Any) -> Any:
    """The move with the largest key; ties broken with one draw, ``best[int(rng.random() * len(best))]``.

    ``best`` keeps the order of ``moves`` (the order of ``legal_moves()``).
    """
    top = max(keys)
    best = [move for move, key in zip(moves, keys) if key == top]
    return best[int(rng.random() * len(best))]


# Greedy ------------------------------------------------------------------------------------


def greedy(state: State, rng: Any) -> Any:
    """A one-ply heuristic player; its rule depends on the game.

    Every evaluation is an integer, and among the moves with the best value the agent picks
    ``best[int(rng.random() * len(best))]`` (best moves in ``legal_moves()`` order): exactly one
    draw per decision, so a compiled engine can reproduce it. Chance plies use
    :func:`chance_move`.

    - **Volcano**: every erupting cap move is scored by the points its captures add to the
      mover's best arrangement (an eruption that ends the game is worth a lot when the mover
      then wins, and is avoided when the mover would lose); the best gain is played. When no
      eruption gains anything, a cap move that does not erupt (the turn goes on) is preferred
      if the moved cap could then erupt its new square for a gain on the next ply (the bigger
      that gain the better), so the agent walks a cap to a better volcano instead of wasting
      its turn. Otherwise it erupts the volcano that throws the fewest pieces, leaving the least
      lava for the opponent; among equal gains, too, fewer thrown pieces are preferred. An
      eruption that would end the game with the mover behind comes after all of these and
      after a walk to a square whose eruption would not lose, but before a walk that leads
      nowhere, so every turn ends.

      Keys (``thrown`` = pieces the eruption throws, 0–3): an eruption gaining ``g`` points
      ``32·g − thrown``; one that ends the game with the mover ahead ``32000 − thrown``, level
      ``16000 − thrown``, behind ``−56 − thrown``; a walk whose next eruption could gain
      ``h > 0`` scores ``min(h, 28)``, 0 gain without losing ``−40``, nothing ``−64``.
    - **Volterra**: a tower action comes first (it can always be completed). It is worth
      16 per tile of the tower it builds, plus 2 per tile of an opponent's tower it covers
      (6 more when that tower is next to the opponent's pawn: the pawn is starved of
      targets), minus 2 per tile of an opponent's tower it uncovers at the source; emptying
      the source adds 4 per opponent tile and subtracts 4 per own tile that the separation
      cuts off. A pawn move is worth 4 per own-topped neighbour tower of its target, 2 per
      opponent-topped tower there that is also next to the opponent's pawn (to cover next
      turn), plus the tallest own neighbour tower.
    - **Ice3**: the target is the colour and corner with the best value ``64·(goal cells
      right) − (sum of the colour's pieces' king distances to the corner's 4×4 block)``
      (first in corner order a1, h1, a8, h8 and colour order R, Y, G, B on ties). Only moves of
      that colour's set are considered (all moves if it cannot move); each is valued the same
      way after the move, and a move that meets the goal wins at once.
    - **Blockade**: a small landing on a medium on a large of its colour (a tower) is worth
      100, plus 5 per neighbouring opponent large (the blockade gets in their way); a medium
      landing on a bare large of its colour 40; a small landing on a bare large of its colour
      −5 (it blocks the medium); lifting a small off its own large +30 when a free medium of
      its colour is close enough for the hop, the medium's trip and the hop back to fit the
      pips left (else +10: room for a later turn), a medium off its own large −40; other
      moves 0. The key is 4 × that value minus the king distance
      of the move (short hops save pips); ``end`` is 0 and ``combine`` −1, so when nothing
      builds the turn ends.
    """
    if state.to_move == CHANCE:
        return chance_move(state, rng)
    rule = _GREEDY.get(state.game.name)
    if rule is None:
        return random_agent(state, rng)
    return rule(state, rng)


greedy.agent_name = "greedy"  # type: ignore[attr-defined]


# Volcano greedy: a small, exact model of one eruption, far cheaper than playing the move.

_VOLCANO_COLOURS = "RYGBC"
_COLOUR_INDEX = {c: i for i, c in enumerate(_VOLCANO_COLOURS)}


def _volcano_tables() -> tuple[dict, dict]:
    from .games.volcano.rules import GRID
    from .grid import DIRECTIONS

    # path[(source, target)]: the squares the lava of source reaches, X+2d, X+3d, … (on the board).
    paths: dict[tuple[int, int], tuple[int, ...]] = {}
    out_paths: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}
    for source in range(GRID.size):
        rows = []
        for direction in DIRECTIONS:
            target = GRID.step(source, direction)
            if target is None:
                continue
            path = []
            distance = 2
            while (square := GRID.step(source, direction, distance)) is not None:
                path.append(square)
                distance += 1
            paths[(source, target)] = tuple(path)
            rows.append((target, tuple(path)))
        out_paths[source] = tuple(rows)
    return paths, out_paths


_VOLCANO_PATHS: dict | None = None
_VOLCANO_OUT: dict | None = None
_VOLCANO_INDEX: dict | None = None


def _volcano_counts(pile: tuple) -> list[list[int]]:
    counts = [[0, 0, 0] for _ in _VOLCANO_COLOURS]
    for piece in pile:
        counts[_VOLCANO_COLOURS.index(piece.colour)][piece.size - 1] += 1
    return counts


def _erupt_gain(board: tuple, capped: set, stack: tuple, path: tuple) -> tuple[list, int]:
    """The pieces an eruption of ``stack`` (bottom→top, no cap) along ``path`` captures, and how many it throws."""
    gained = []
    thrown = 0
    k = len(stack) - 1
    for square in path:
        if k < 0 or square in capped:
            break
        piece = stack[k]
        k -= 1
        thrown += 1
        onto = board[square]
        if onto and onto[-1].size == piece.size:
            gained.append(piece)
    return gained, thrown


def _volcano_greedy(state: Any, rng: Any) -> Any:
    global _VOLCANO_PATHS, _VOLCANO_OUT, _VOLCANO_INDEX
    if _VOLCANO_PATHS is None:
        from .games.volcano.rules import GRID

        _VOLCANO_PATHS, _VOLCANO_OUT = _volcano_tables()
        _VOLCANO_INDEX = {name: i for i, name in enumerate(GRID.names)}
    moves = state.legal_moves()
    board = state.board
    player = state.to_move
    capped = set(state.cap_squares)
    counts = _volcano_counts(state.captured[player])
    base = state.scores[player]
    others = [s for p, s in enumerate(state.scores) if p != player]
    colours_held = {c for c in range(5) if any(counts[c])}
    index, paths, out = _VOLCANO_INDEX, _VOLCANO_PATHS, _VOLCANO_OUT

    by_size = [sum(row[s] for row in counts) for s in range(3)]
    base_min = min(by_size)
    row_min = [min(row) for row in counts]

    def gain_of(gained: list) -> tuple[int, bool]:
        # Points = pieces + 2·min(pieces per size) + 2·solid trees, so only touched terms change.
        if not gained:
            return 0, False
        sizes = by_size[:]
        touched: dict[int, list[int]] = {}
        for piece in gained:
            c = _COLOUR_INDEX[piece.colour]
            sizes[piece.size - 1] += 1
            row = touched.get(c)
            if row is None:
                row = touched[c] = counts[c][:]
            row[piece.size - 1] += 1
        gain = len(gained) + 2 * (min(sizes) - base_min)
        for c, row in touched.items():
            gain += 2 * (min(row) - row_min[c])
        ends = len(colours_held.union(touched)) >= 5
        return gain, ends

    keys = []
    for move in moves:
        source, target = index[move.source], index[move.target]
        stack = board[source][:-1]
        path = paths[(source, target)]
        if stack and path and path[0] not in capped:
            gained, thrown = _erupt_gain(board, capped, stack, path)
            gain, ends = gain_of(gained)
            if ends:
                mine = base + gain
                best_other = max(others, default=-1)
                if mine < best_other:
                    # Ending the game behind: below every other eruption and every walk towards
                    # one, but above a blind walk, so a turn always ends.
                    keys.append(-56 - thrown)
                    continue
                keys.append((4000 if mine > best_other else 2000) * 8 - thrown)
                continue
            keys.append(4 * gain * 8 - thrown)
            continue
        # No eruption: the turn goes on. Look one ply ahead at the moved cap's own eruptions.
        below = board[target]
        best = -1  # the best gain of an eruption from the cap's new square that does not lose
        if below:
            after_caps = (capped - {source}) | {target}
            after_board = list(board)
            after_board[source] = board[source][:-1]
            for step, ahead in out[target]:
                if step in after_caps or not ahead or ahead[0] in after_caps:
                    continue
                gained, _ = _erupt_gain(after_board, after_caps, below, ahead)
                gain, ends = gain_of(gained)
                if ends and base + gain < max(others, default=-1):
                    continue
                best = max(best, gain)
        keys.append(min(best, 28) if best > 0 else (-40 if best == 0 else -64))
    return _pick_best(moves, keys, rng)


# Volterra greedy -----------------------------------------------------------------------------


def _volterra_greedy(state: Any, rng: Any) -> Any:
    """Grow your tallest towers and starve the opponent's pawn (integer keys, see :func:`greedy`)."""
    from .games.volterra import rules as vt

    moves = state.legal_moves()
    if state.phase != "play":
        return moves[int(rng.random() * len(moves))]
    board, pawns, player = state.board, state.pawns, state.to_move
    own, opp = vt.TILE[player], vt.TILE[1 - player]
    theirs = pawns[1 - player]
    near_them = vt._NEIGHBOUR_SETS[theirs] if theirs is not None else frozenset()
    keys = []
    for move in moves:
        if isinstance(move, vt.TowerMove):
            source, target, count = vt._INDEX[move.source], vt._INDEX[move.target], move.count
            below, onto = board[source][:-count], board[target]
            key = 1000 + 16 * (len(onto) + count)
            if onto[-1] == opp:
                key += 2 * len(onto) + (6 if target in near_them else 0)
            if below and below[-1] == opp:
                key -= 2 * len(below)
            if not below:
                key += _volterra_cut_off_value(board, pawns, source, target, count, own)
        else:
            target = vt._INDEX[move.target]
            mine = [board[n] for n in vt._NEIGHBOURS[target]
                    if n not in pawns and board[n] and board[n][-1] == own]
            covers = sum(1 for n in vt._NEIGHBOURS[target]
                         if n in near_them and n not in pawns and board[n] and board[n][-1] == opp)
            key = 4 * len(mine) + 2 * covers + max((len(stack) for stack in mine), default=0)
        keys.append(key)
    return _pick_best(moves, keys, rng)


def _volterra_cut_off_value(board: tuple, pawns: tuple, source: int, target: int, count: int, own: Any) -> int:
    """When a tower action empties its source: 4 per opponent tile cut off minus 4 per own tile."""
    from .games.volterra import rules as vt

    cells = list(board)
    moved = cells[source][-count:]
    cells[source] = ()
    cells[target] = cells[target] + moved
    occupied = vt._occupied(cells)
    reach = 0
    for square in pawns:
        if square is not None and occupied >> square & 1:
            reach |= vt._flood(square, occupied)
    lost = occupied & ~reach
    value = 0
    square = 0
    while lost:
        if lost & 1:
            for piece in cells[square]:
                value += -4 if piece == own else 4
        lost >>= 1
        square += 1
    return value


# Ice3 greedy --------------------------------------------------------------------------------

_ICE3_TABLES: dict[str, Any] = {}


def _ice3_tables() -> dict[str, Any]:
    if not _ICE3_TABLES:
        from .games.ice3 import rules as ice3

        grid = ice3.GRID
        distance = {}
        for corner, block in ice3._CORNER_BLOCKS.items():
            distance[corner] = tuple(min(grid.chebyshev(sq, b) for b in block) for sq in range(grid.size))
        _ICE3_TABLES.update(distance=distance, cells=ice3._CORNER_CELLS, blocks=ice3._CORNER_BLOCKS)
    return _ICE3_TABLES


def _ice3_value(board: tuple, colour: str, corner: str, goal: str, tables: dict) -> tuple[int, int]:
    """(cells right for this colour and corner, 64·right − the colour's distance to the corner's block)."""
    cells, empty = tables["cells"][corner]
    if goal == "loose":
        right = sum(1 for sq in tables["blocks"][corner] for p in board[sq] if p[0] == colour)
    elif goal == "shape":
        right = sum(1 for sq, _ in cells if len(board[sq]) == 1 and board[sq][0][0] == colour)
    else:
        right = sum(1 for sq, size in cells if len(board[sq]) == 1 and board[sq][0] == (colour, size)) + (not board[empty])
    far = tables["distance"][corner]
    away = 0
    for sq, stack in enumerate(board):
        if far[sq]:
            for p in stack:
                if p[0] == colour:
                    away += far[sq]
    return right, 64 * right - away


def _ice3_greedy(state: Any, rng: Any) -> Any:
    """Aim at the colour and corner closest to the goal; move that colour toward it."""
    from .games.ice3 import rules as ice3

    moves = state.legal_moves()
    game, board = state.game, state.board
    tables = _ice3_tables()
    best_target, best_value = None, None
    for corner in ice3.CORNERS:
        for colour in ice3.COLOURS:
            value = _ice3_value(board, colour, corner, game.goal, tables)[1]
            if best_value is None or value > best_value:
                best_target, best_value = (colour, corner), value
    colour, corner = best_target
    candidates = [m for m in moves if getattr(m, "group", None) == colour] or moves
    slide, after = game.blocked == "slide", game.walls == "after"
    goal_size = game.goal_size
    keys = []
    for move in candidates:
        if not isinstance(move, ice3.SetMove):
            keys.append(0)
            continue
        new, _ = ice3._resolve(board, move, slide, after)
        right, value = _ice3_value(new, colour, corner, game.goal, tables)
        if right >= goal_size and ice3._goals_met(new, game.goal):
            value += 1 << 20
        keys.append(value)
    return _pick_best(candidates, keys, rng)


# Blockade greedy ----------------------------------------------------------------------------


def _blockade_greedy(state: Any, rng: Any) -> Any:
    """Build towers (medium onto own large, small onto medium-on-large), and block: a tower
    next to the opponent's larges is worth more. Ends the turn when nothing builds."""
    from .games.blockade import rules as bk

    moves = state.legal_moves()
    board = state.board
    colours = bk.PLAYER_COLOURS[state.player]
    theirs = bk.PLAYER_COLOURS[1 - state.player]
    pips = dict(zip(colours, state.points or (0, 0)))
    neighbours, chebyshev = bk.GRID.neighbours, bk.GRID.chebyshev
    # Free mediums (on top, not resting on their own large) of each of the mover's colours.
    mediums = {c: [sq for sq, st in enumerate(board)
                   if st and st[-1] == (c, 2) and not (len(st) >= 2 and st[-2] == (c, 3))] for c in colours}
    keys = []
    for move in moves:
        if isinstance(move, bk.PieceMove):
            src, dst = bk.GRID.index(move.source), bk.GRID.index(move.target)
            stack, onto = board[src], board[dst]
            piece = stack[-1]
            colour, size = piece.colour, piece.size
            hop = chebyshev(src, dst)
            key = 0
            if onto and onto[-1].colour == colour:
                if size == 1 and len(onto) == 2 and onto[0] == (colour, 3) and onto[1] == (colour, 2):
                    key += 100 + 5 * sum(1 for n in neighbours[dst]
                                         if board[n] and board[n][0].size == 3 and board[n][0].colour in theirs)
                elif size == 2 and len(onto) == 1 and onto[0].size == 3:
                    key += 40
                elif size == 1 and len(onto) == 1 and onto[0].size == 3:
                    key -= 5
            below = stack[:-1]
            if len(below) == 1 and below[0] == (colour, 3):
                if size == 2:
                    key -= 40
                else:
                    # Hop off to make room, if a medium can come and the small get back this turn.
                    come = min((chebyshev(m, src) for m in mediums.get(colour, ())), default=99)
                    key += 30 if 2 * hop + come <= pips.get(colour, 0) else 10
            keys.append(4 * key - hop)
        elif isinstance(move, bk.EndTurn):
            keys.append(0)
        else:  # combine: only useful in rare cases; the dice are used as rolled
            keys.append(-1)
    return _pick_best(moves, keys, rng)


_GREEDY: dict[str, Callable[[Any, Any], Any]] = {
    "volcano": _volcano_greedy,
    "volterra": _volterra_greedy,
    "ice3": _ice3_greedy,
    "blockade": _blockade_greedy,
}


# MCTS --------------------------------------------------------------------------------------


class _Node:
    __slots__ = ("state", "player", "children", "untried", "visits", "wins")

    def __init__(self, state: State, players: int):
        self.state = state
        self.player = state.to_move
        self.children: dict[Any, "_Node"] = {}
        self.untried: list | None = None
        self.visits = 0
        self.wins = [0.0] * players


def _reward(state: State, players: int, scale: float) -> list[float]:
    """What a finished or cut-short rollout is worth to each player.

    A finished game: 1 to a sole winner, shared wins split, 1/players each on a draw. A rollout
    cut short (or stopped by the turn limit) is judged by the live scores: player p gets
    ``1 / (1 + exp(-(score_p - best other score) / scale))``, 1/2 when level.
    """
    if state.is_over and not state.unfinished:
        winners = state.winners
        if not winners:
            return [1.0 / players] * players
        share = 1.0 / len(winners)
        return [share if p in winners else 0.0 for p in range(players)]
    try:
        scores = [float(s) for s in state.scores]
    except (TypeError, ValueError):
        return [1.0 / players] * players
    if players == 1:
        return [0.5]
    reward = []
    for p in range(players):
        lead = scores[p] - max(s for q, s in enumerate(scores) if q != p)
        reward.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale)))))
    return reward


def _ends_turn(state: State, move: Any) -> bool:
    after = state._apply(move)
    return after.to_move != state.to_move or after.is_over


def make_mcts(
    iterations: int | None = 300,
    time_limit: float | None = None,
    exploration: float = 0.25,
    horizon: int | None = 1,
    rollout_plies: int = 200,
    rollout: Agent | None = None,
    score_scale: float = 4.0,
    max_plies_per_turn: int | None = 8,
) -> Agent:
    """A UCT Monte Carlo tree search agent.

    Each iteration walks the tree from the current state choosing the child with the best
    UCB1 value ``wins/visits + exploration·sqrt(ln(parent visits)/visits)`` for the player to
    move there, samples chance plies with :func:`chance_move`, adds one new child (picked with
    one draw among the untried moves), plays a random rollout until ``horizon`` turns have
    begun since the root (None: to the end of the game; never more than ``rollout_plies``
    plies), and backs up the reward. A finished game gives 1 to the winner (shared wins and
    draws split); a rollout cut short is judged by the live scores,
    ``1 / (1 + exp(-lead / score_scale))`` where ``lead`` is the player's score minus the best
    other score. The move played is the most visited child (ties: the first in
    ``legal_moves()`` order).

    With the default ``horizon=1`` a rollout only finishes the turn in progress at random;
    everything after it (the opponent's replies, the next turns) is judged in the tree, free of
    rollout noise. Horizons count turns, not plies, so a line that keeps a multi-ply turn going
    is judged at the same point as one that ends it. Against the greedy agent in Volcano this
    measured stronger than longer random rollouts at the same budget.

    In games where a turn may go on for ever (a Volcano cap can walk without erupting), the
    agent ends its turn after ``max_plies_per_turn`` plies in a row of one turn: it then
    searches only the moves that end the turn. It recognises its own turn going on by the
    position it expects next, so this needs no state beyond the game being played.

    The budget is ``iterations`` and/or ``time_limit`` seconds (whichever ends first). With
    ``iterations`` only the agent is fully determined by ``rng``; a time limit depends on the
    machine's speed. A turn of several plies is searched ply by ply, each ply by the player
    to move.

    >>> agent = make_mcts(iterations=20)
    >>> agent.agent_name
    'mcts(iterations=20)'
    """
    if iterations is None and time_limit is None:
        raise ValueError("make_mcts needs a budget: iterations=… or time_limit=… (seconds)")
    if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"iterations={iterations!r} must be a whole number ≥ 1")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit={time_limit!r} must be a positive number of seconds")
    rollout_agent = rollout or random_agent
    trusted = rollout_agent in (random_agent, greedy)

    # What the agent expects next, per thread: one agent (the built-in "mcts") may play in
    # several threads at once, e.g. a playout lab running while a widget's bot moves.
    local = threading.local()

    def mcts(state: State, rng: Any) -> Any:
        if state.to_move == CHANCE:
            return chance_move(state, rng)
        memory = local.__dict__.setdefault("memory", {"expected": None, "streak": 0})
        moves = state.legal_moves()
        # Plies in a row of this turn that this agent chose without ending it.
        streak = memory["streak"] + 1 if memory["expected"] is not None and state == memory["expected"] else 0
        memory["expected"], memory["streak"] = None, streak
        if max_plies_per_turn is not None and streak >= max_plies_per_turn:
            enders = [m for m in moves if _ends_turn(state, m)]
            moves = enders or moves
        if len(moves) == 1:
            return _remember(state, moves[0])
        players = state.game.num_players
        root = _Node(state, players)
        root.untried = list(moves)
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        done = 0
        while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
            done += 1
            node, path = root, [root]
            # Selection.
            while True:
                if node.state.is_over:
                    break
                if node.player == CHANCE:
                    outcome = chance_move(node.state, rng)
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = _Node(node.state._apply(outcome), players)
                        path.append(child)
                        node = child
                        break
                    node = child
                    path.append(node)
                    continue
                if node.untried is None:
                    node.untried = list(node.state.legal_moves())
                if node.untried:
                    move = node.untried.pop(int(rng.random() * len(node.untried)))
                    child = node.children[move] = _Node(node.state._apply(move), players)
                    path.append(child)
                    node = child
                    break
                log_n = math.log(node.visits)
                p = node.player
                best, best_value = None, -1.0
                for child in node.children.values():
                    value = child.wins[p] / child.visits + exploration * math.sqrt(log_n / child.visits)
                    if value > best_value:
                        best, best_value = child, value
                node = best
                path.append(node)
            # Rollout: leaves are judged once ``horizon`` turns have begun since the root,
            # however many plies those turns took.
            turns, mover = 0, root.player
            for visited in path[1:]:
                if visited.player != mover and visited.player != CHANCE:
                    turns += 1
                    mover = visited.player
            sim = node.state
            plies = 0
            while not sim.is_over and plies < rollout_plies:
                if sim.to_move != mover and sim.to_move != CHANCE:
                    turns += 1
                    mover = sim.to_move
                if horizon is not None and turns >= horizon:
                    break
                move = rollout_agent(sim, rng)
                sim = sim._apply(move) if trusted else sim.play(move)
                plies += 1
            reward = _reward(sim, players, score_scale)
            for visited in path:
                visited.visits += 1
                wins = visited.wins
                for p in range(players):
                    wins[p] += reward[p]
        best_move, best_visits = moves[0], -1
        for move in moves:
            child = root.children.get(move)
            if child is not None and child.visits > best_visits:
                best_move, best_visits = move, child.visits
        return _remember(state, best_move, root.children.get(best_move))

    def _remember(state: State, move: Any, child: "_Node | None" = None) -> Any:
        after = child.state if child is not None else state._apply(move)
        if after.to_move == state.to_move and not after.is_over:
            local.memory["expected"] = after
        return move

    parts = []
    if iterations is not None:
        parts.append(f"iterations={iterations}")
    if time_limit is not None:
        parts.append(f"time_limit={time_limit}")
    mcts.agent_name = f"mcts({', '.join(parts)})"  # type: ignore[attr-defined]
    return mcts


# Names ------------------------------------------------------------------------------------

_DEFAULT_MCTS = make_mcts()
_DEFAULT_MCTS.agent_name = "mcts"  # type: ignore[attr-defined]

AGENTS: dict[str, Agent] = {"random": random_agent, "greedy": greedy, "mcts": _DEFAULT_MCTS}
"""The built-in agents by name."""


def get_agent(agent: str | Agent) -> Agent:
    """The agent named ``agent`` (``"random"``, ``"greedy"``, ``"mcts"``), or ``agent`` itself if callable.

    >>> get_agent("greedy") is greedy
    True
    >>> get_agent("clever")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'clever'; choose one of: random, greedy, mcts (or pass a callable agent(state, rng) -> move)
    """
    if callable(agent):
        return agent
    if isinstance(agent, str):
        key = agent.strip().lower()
        if key in AGENTS:
            return AGENTS[key]
        if key.startswith("mcts") and key[4:5] in (":", "-") and key[5:].isdigit():
            found = make_mcts(iterations=int(key[5:]))
            return found
    raise ValueError(
        f"unknown agent {agent!r}; choose one of: {', '.join(AGENTS)} "
        "(or pass a callable agent(state, rng) -> move)"
    )


def agent_name(agent: str | Agent) -> str:
    """A readable name for an agent: its built-in name, ``agent_name`` attribute or function name."""
    if isinstance(agent, str):
        get_agent(agent)
        return agent.strip().lower()
    return getattr(agent, "agent_name", None) or getattr(agent, "__name__", None) or type(agent).__name__
