"""Compiled Volcano playouts: the same games as :mod:`icewidgets.games.volcano`, ply for ply.

A game lives in a few small arrays: ``stack[square, height]`` piece codes (colour·3 + size−1,
colours in ``RYGBC`` order), ``height[square]``, the caps as a 25-bit mask and each player's
captured pieces as counts per colour and size. Legal moves are counted and picked in the
reference engine's order (caps in board order a1, b1, …; directions N, NE, E, … clockwise),
so the same random draw picks the same move.

The greedy agent reproduces Volcano's greedy rule (``Volcano.greedy``, written out in
:mod:`icewidgets.games.volcano.greedy`), with the same keys and the same single tie-break draw. The ``random`` opening's seeded layout is rebuilt
in the kernel too (the engine's backtracking search on Python's Mersenne Twister). Besides the
per-game arrays, the kernel counts the reference engine's board heatmaps, by square over the games
of the range: the squares that erupted, and where thrown pieces landed and were captured.

Games start from an encoded position (:func:`encode`, exact for any position the rules engine
holds: loaded texts, mid-turn states with the house rule's squares, finished games):
:func:`play_range` encodes the opening, :func:`play_from` any state, and continues it exactly
as the rules engine's agents would.

>>> from icewidgets import make
>>> out = play_range(make("volcano"), ("random", "greedy"), seed=0, start=0, stop=1000, max_plies=5_000)
>>> out["plies"].shape, out["scores"].dtype, int(out["winners"][0])  # winners: bit p = player p
((1000,), dtype('int16'), 2)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from numba import njit

from ...grid import DIRECTIONS
from ...compiled import pyrandom as _pyrandom
from ...compiled import rng as _rng
from ...compiled.balance import PROFILE_BINS, branching_profile, follow_leader
from ...compiled.bits import lowest_bit, popcount
from ...compiled.jit import driver, internal
from .board import COLOURS, GRID
from .kernel_greedy import LANDS_ON_BOARD, SHIFT, forget, greedy_choice, greedy_move, new_cache, reset, score_of, took

SQUARES = 25
MAX_HEIGHT = 80  # 75 coloured pieces and a cap fit on one square
CAP_CODE = 15
RANDOM, GREEDY = 0, 1
SCORE_CHANGES = 80  # rows of the score history: the start, then at most one per capture (75 pieces)
DECISIONS_ROOM = 1 << 16  # the legal-move counts a game may keep before its range is played again with more room

# _STEP[s, d]: the square one step from s towards direction d (DIRECTIONS order), -1 off the board.
_STEP = np.array([[GRID.steps(d)[s] if GRID.steps(d)[s] is not None else -1 for d in DIRECTIONS]
                  for s in range(SQUARES)], dtype=np.int64)
_NEIGHBOUR_MASK = np.array([sum(1 << int(t) for t in row if t >= 0) for row in _STEP], dtype=np.int64)
# _SELECT[mask, k]: the k-th set bit of an 8-bit mask (of directions).
_SELECT = np.array([[([d for d in range(8) if mask >> d & 1] + [0] * 8)[k] for k in range(8)] for mask in range(256)],
                   dtype=np.int64)


# Options the kernel plays exactly; any other option with a non-default value (a solitaire goal,
# options added later) falls back to the reference engine.
_KERNEL_OPTIONS = {"players", "opening", "caps", "colours", "tie_rule", "no_return_within_turn",
                   "end_if_board_empty", "max_turns", "stall_turns", "capture"}


def supports(game: Any, agents: tuple[str, ...]) -> bool:
    """Whether the kernel plays ``game`` with ``agents`` (else the reference engine serves)."""
    import dataclasses

    if game.name != "volcano" or len(agents) != game.players:
        return False
    if any(a not in ("random", "greedy") for a in agents):
        return False
    for field in dataclasses.fields(game):
        if field.name not in _KERNEL_OPTIONS and getattr(game, field.name) != field.default:
            return False
    return True


def encode(state: Any) -> tuple[np.ndarray, ...]:
    """The kernel's arrays for the position ``state`` (any position the rules engine holds):
    ``(stack, height, counts, per_player, st)``.

    ``stack[square, height]`` piece codes and ``height[square]``; ``counts[player, colour,
    size - 1]`` the captured pieces; ``per_player`` rows: the colours captured (bit mask), the
    number of pieces captured and the score; ``st`` the game's state vector (the caps, the
    player to move, turns, the quiet turns, the house rule's squares left, whether the game has
    ended by the rules, …; see ``CAPS`` … ``LEFT_OF``).

    >>> from icewidgets import make
    >>> stack, height, counts, per_player, st = encode(make("volcano").new_state().play("a1-b1").play("capture:c1"))
    >>> int(height[0]), int(per_player[2, 0]), int(st[PLAYER]), int(st[TURNS])
    (0, 1, 1, 1)
    >>> [GRID.name(square) for square in range(SQUARES) if st[CAPS] >> square & 1]
    ['b1', 'b2', 'c3', 'd4', 'e5']
    """
    players = len(state.captured)
    stack = np.zeros((SQUARES, MAX_HEIGHT), dtype=np.uint8)
    height = np.zeros(SQUARES, dtype=np.int64)
    st = np.zeros(ST_WORDS, dtype=np.int64)
    for square, pieces in enumerate(state.board):
        for h, piece in enumerate(pieces):
            stack[square, h] = CAP_CODE if piece.colour == "K" else COLOURS.index(piece.colour) * 3 + piece.size - 1
        height[square] = len(pieces)
        if pieces and pieces[-1].colour == "K":
            st[CAPS] |= 1 << square
            st[PIECES] += len(pieces) - 1
        else:
            st[PIECES] += len(pieces)
    counts = np.zeros((players, 5, 3), dtype=np.int64)
    per_player = np.zeros((3, players), dtype=np.int64)
    for player, pile in enumerate(state.captured):
        for piece in pile:
            colour = COLOURS.index(piece.colour)
            counts[player, colour, piece.size - 1] += 1
            per_player[0, player] |= 1 << colour
        per_player[1, player] = len(pile)
        per_player[2, player] = state.scores[player]
    st[PLAYER] = state.to_move
    st[TURNS] = state.turns
    st[QUIET] = st[LONGEST_QUIET] = state.quiet_turns
    st[ENDED] = state.end_reason is not None
    for cap, squares in state.left:
        st[LEFT_OF + cap] = squares
    st[CAPTURABLE] = len(state.capturable)
    for i, square in enumerate(state.capturable):
        st[CAPTURABLE + 1 + i] = square
    return stack, height, counts, per_player, st


def empty_results(n: int, players: int) -> dict[str, np.ndarray]:
    """Result arrays for ``n`` games (88 bytes per game for two players, 40 of them the
    branching profile, which a run sums by tenth unless it keeps each game's).

    The arrays and dtypes of :func:`icewidgets.playouts`' Volcano results, with ``winners`` as a
    bit mask (bit p: player p is among the winners) and an ``unfinished`` flag; its board heatmaps
    are ``heatmap:<name>`` arrays, one count per square over the ``n`` games.

    >>> sum(array.nbytes for key, array in empty_results(1, 2).items() if not key.startswith("heatmap:"))
    88
    """
    return {
        "winners": np.zeros(n, dtype=np.uint8),
        "scores": np.zeros((n, players), dtype=np.int16),
        "turns": np.zeros(n, dtype=np.int32),
        "plies": np.zeros(n, dtype=np.int32),
        "unfinished": np.zeros(n, dtype=np.bool_),
        "branching": np.zeros(n, dtype=np.float32),  # mean number of legal moves per decision
        "captured": np.zeros((n, players), dtype=np.uint8),  # pieces captured per player
        "captures": np.zeros((n, 5, 3), dtype=np.uint8),  # pieces captured per colour RYGBC and size
        "eruptions": np.zeros(n, dtype=np.uint16),
        "erupted": np.zeros(n, dtype=np.int32),  # pieces thrown by eruptions
        "eruptions_stopped": np.zeros(n, dtype=np.uint16),  # eruptions stopped by an edge or a cap
        "longest_quiet": np.zeros(n, dtype=np.uint16),  # the longest run of turns without a capture
        # The balance metrics (contract of icewidgets.playout.balance), progress = live points.
        "lead_changes": np.zeros(n, dtype=np.uint16),
        "comeback": np.zeros(n, dtype=np.bool_),
        "branching_profile": np.zeros((n, PROFILE_BINS), dtype=np.float32),
        # Board heatmaps over the games, by square: the squares that erupted, where thrown
        # pieces were captured, and where thrown pieces landed (captured or not).
        "heatmap:eruption_sources": np.zeros(SQUARES, dtype=np.int64),
        "heatmap:captures": np.zeros(SQUARES, dtype=np.int64),
        "heatmap:landings": np.zeros(SQUARES, dtype=np.int64),
    }


def play_range(game: Any, agents: tuple[str, ...], seed: Any, start: int, stop: int, max_plies: int,
               record: int = 0) -> dict[str, np.ndarray]:
    """Games ``start``…``stop-1`` of a run seeded ``seed``, as result arrays (:func:`empty_results`).

    A game still going after ``max_plies`` plies stops unfinished, as in the reference loop.
    With ``record`` > 0 the first ``record`` plies of each game are also returned as
    ``record[game, ply] = source·8 + direction`` for a cap move, ``CHOICE + Σ (square + 1)·26**i``
    over the squares a capture choice takes (−1 past the end; see :func:`recorded_moves`).
    """
    setup = np.zeros(SETUP_WORDS, dtype=np.int64)
    layouts = np.zeros((0, SQUARES), dtype=np.int64)
    if game.opening == "random" and game.colours is None:
        from .openings import OPENING_CAPS

        setup[0] = 1
        setup[1] = sum(1 << GRID.index(square) for square in (game.caps or OPENING_CAPS["random"]))
        layouts = np.zeros((stop - start, SQUARES), dtype=np.int64)
        _random_layouts(_rng.entropy_words(seed), start, stop, _rng.new_generator(), setup, layouts)
        # Every layout has all 75 pieces; only the caps may end a game before it starts.
    try:
        opening = _opening(game)
    except TypeError:  # options that do not hash
        opening = _opening.__wrapped__(game)
    return _run(game, agents, opening, seed, start, stop, max_plies, record, setup, layouts)


@functools.lru_cache(maxsize=16)
def _opening(game: Any) -> tuple[np.ndarray, ...]:
    """:func:`encode` of the opening of ``game``, which every chunk of a run starts from (with a
    random layout, the seed-0 layout stands in for the seeded ones): encoded once, not once a
    chunk (a quarter of a millisecond). Only read, never written."""
    return encode(game.new_state(seed=0))


def play_from(game: Any, state: Any, agents: tuple[str, ...], seed: Any, count: int, max_plies: int,
              record: int = 0) -> dict[str, np.ndarray]:
    """``count`` games continued from the position ``state``, as result arrays like
    :func:`play_range`'s: game ``i`` draws from ``SeedSequence(seed, spawn_key=(i,))`` exactly as
    the rules engine's agents would, playing on from ``state``.

    ``plies`` counts the plies played from ``state``, ``turns`` the game's turns (``state.turns``
    included); a game still going after ``max_plies`` more plies stops unfinished. ValueError
    when ``state`` is not a position of ``game`` or the kernel does not play these options and
    agents (:func:`supports`).
    """
    if state.game != game:
        raise ValueError(f"the state is a position of {state.game!r}, not of {game!r}")
    if not supports(game, agents):
        raise ValueError(f"the Volcano kernel does not play {game!r} with agents {tuple(agents)!r}")
    setup = np.zeros(SETUP_WORDS, dtype=np.int64)
    return _run(game, agents, encode(state), seed, 0, count, max_plies, record, setup, np.zeros((0, SQUARES), np.int64))


def _run(game, agents, start_position, seed, start, stop, max_plies, record, setup, layouts):
    players = game.players
    n = stop - start
    stack, height, counts, per_player, st = start_position
    scratch = (_rng.new_generator(), stack.copy(), height.copy(), counts.copy(), per_player.copy(), st.copy())
    if setup[0]:
        st = st.copy()
        st[CAPS], st[PIECES], st[ENDED] = setup[1], 75, setup[1] == 0
    codes = None if all(a == "random" for a in agents) else np.array([RANDOM if a == "random" else GREEDY
                                                                       for a in agents], dtype=np.int64)
    room = min(max_plies, DECISIONS_ROOM)
    while True:
        out = empty_results(n, players)
        recorded = np.full((n, record), -1, dtype=np.int16)
        status = _play(codes, np.zeros((3, 40), dtype=np.int64), new_cache(game.capture == "may"), SHIFT, LANDS_ON_BOARD,
                       np.zeros(SQUARES, dtype=np.int64), np.zeros((SCORE_CHANGES, 1 + players), dtype=np.int64),
                       np.zeros(room, dtype=np.uint8), setup, layouts, stack, height, counts, per_player, st, players,
                       game.tie_rule == "draw", game.no_return_within_turn, game.capture == "may", game.end_if_board_empty,
                       game.max_turns or 0, game.stall_turns or 0, max_plies, _rng.entropy_words(seed), start, stop,
                       _STEP, _NEIGHBOUR_MASK, _SELECT, *scratch, out["winners"], out["scores"], out["turns"],
                       out["plies"], out["unfinished"], out["captured"], out["captures"], out["erupted"],
                       out["eruptions_stopped"], out["longest_quiet"], out["branching"], out["lead_changes"],
                       out["comeback"], out["branching_profile"], out["eruptions"], out["heatmap:eruption_sources"],
                       out["heatmap:captures"], out["heatmap:landings"], recorded)
        if status >= 0:
            break
        room *= 2  # a game outgrew the room for its decisions: play the range again with more
    if status != 0:
        raise RuntimeError(f"Volcano kernel: game {status - 1} reached a position with no legal move")
    if record:
        out["record"] = recorded
    return out


def legal_moves(state: Any) -> list[str]:
    """The legal moves the kernel finds in the encoded ``state``, as texts in its order (for
    checking :func:`encode` against ``state.legal_moves()``)."""
    stack, height, counts, per_player, st = encode(state)
    if st[ENDED] or (state.game.max_turns is not None and st[TURNS] >= state.game.max_turns):
        return []
    if st[CAPTURABLE]:
        pending = st[CAPTURABLE + 1:CAPTURABLE + 1 + st[CAPTURABLE]]
        return [move_text(_choice_code.py_func(pending, mask)) for mask in range(1 << int(st[CAPTURABLE]))]
    codes = np.zeros(8 * SQUARES, dtype=np.int64)
    n = _legal_codes(st, height, _STEP, _NEIGHBOUR_MASK, np.zeros(SQUARES, dtype=np.int64), codes)
    return [move_text(code) for code in codes[:n]]


def recorded_moves(out: dict[str, np.ndarray], row: int) -> list[str]:
    """The plies of game ``row`` of a :func:`play_range` record, as move texts (``"c3-c4"``)."""
    return [move_text(code) for code in out["record"][row] if code >= 0]


def move_text(code: int) -> str:
    """``source·8 + direction`` → ``"c3-c4"``; a capture choice's code (:data:`CHOICE` and up)
    → ``"capture:c3+e3"`` or ``"capture:none"``."""
    if code >= CHOICE:
        code, squares = int(code) - CHOICE, []
        while code:
            code, square = divmod(code, 26)
            squares.append(GRID.name(square - 1))
        return "capture:" + ("+".join(squares) or "none")
    source, direction = divmod(int(code), 8)
    return f"{GRID.name(source)}-{GRID.name(int(_STEP[source, direction]))}"


@njit(cache=True, inline="always")
def _random_move(gen, caps, closed, neighbour_mask, select, no_return):
    """The random agent's move: (source, direction, number of legal moves); ``closed`` is read
    only under the house rule (``no_return``). Without a legal move: (-1, -1, 0)."""
    total = np.int64(0)
    m = caps
    while m:
        c = lowest_bit(m)
        m &= m - 1
        total += popcount(neighbour_mask[c] & ~(caps | closed[c] if no_return else caps))
    if total == 0:
        return np.int64(-1), np.int64(-1), total
    k = _rng.random_index(gen, total)
    # The k-th legal move: caps in board order, directions clockwise from N. Every cap is
    # visited (no early exit) so that the choice compiles to conditional moves, not branches.
    m = caps
    source = np.int64(0)
    free = np.int64(0)
    index = np.int64(0)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        targets = neighbour_mask[c] & ~(caps | closed[c] if no_return else caps)
        n = popcount(targets)
        hit = k >= 0 and k < n
        source = c if hit else source
        free = targets if hit else free
        index = k if hit else index
        k -= n
    return source, select[_directions(free, source), index], total


@internal
def _directions(targets, square):
    """The directions (bit d: direction d, N first, clockwise) of ``targets``, squares next to ``square``."""
    y = (targets << 6) >> square  # the square's neighbour at offset o is now bit 6 + o
    return (((y >> 11) & 3) | ((y >> 5) & 4) | ((y << 1) & 8) | ((y << 3) & 16) | ((y << 5) & 32) | ((y << 1) & 64)
            | ((y >> 3) & 128))


@internal
def _choice_code(pending, mask):
    """The record code of the capture choice ``mask`` (bit i: the piece on ``pending[i]``)."""
    code = np.int64(0)
    scale = np.int64(1)
    for i in range(pending.shape[0]):
        if (mask >> i) & 1:
            code += (pending[i] + 1) * scale
            scale *= 26
    return CHOICE + code


@internal
def _erupt(stack, height, caps, source, direction, step, counts, colour_mask, player, heat_captures, heat_landings,
           may, st):
    """The eruption of ``source`` (which holds pieces) towards ``direction``: (pieces thrown,
    stopped early, captured). Each thrown piece's square is counted in ``heat_landings``, and in
    ``heat_captures`` when the piece is captured there. Under capture="may" (``may``) no piece is
    captured: every piece lands, and the squares of those that landed on one of their size are
    written to ``st[CAPTURABLE + 1 …]``, their number to ``st[CAPTURABLE]``."""
    thrown = np.int64(0)
    stopped = np.int64(0)
    captured = np.int64(0)
    h = height[source]
    t = step[step[source, direction], direction]
    while True:
        if t < 0 or (caps >> t) & 1:
            stopped = 1
            break
        h -= 1
        piece = stack[source, h]
        thrown += 1
        heat_landings[t] += 1
        ht = height[t]
        same = ht > 0 and stack[t, ht - 1] % 3 == piece % 3
        if same and may:
            st[CAPTURABLE + 1 + st[CAPTURABLE]] = t
            st[CAPTURABLE] += 1
        if same and not may:
            colour = piece // 3
            counts[player, colour, piece % 3] += 1
            colour_mask[player] |= 1 << colour
            captured += 1
            heat_captures[t] += 1
        else:
            stack[t, ht] = piece
            height[t] = ht + 1
        if h == 0:
            break
        t = step[t, direction]
    height[source] = h
    return thrown, stopped, captured


# The position's state vector ``st`` (int64), as :func:`encode` writes it; st[LEFT_OF + square] is
# the house rule's bit mask of the squares the cap on ``square`` left this turn.
# st[CAPTURABLE] is how many pieces a pending capture choice (capture="may") is about, and
# st[CAPTURABLE + 1 + i] the square of the i-th, in landing order.
CAPS, PLAYER, TURNS, PIECES, ENDED, QUIET, LONGEST_QUIET, LEFT_OF = range(8)
CAPTURABLE = LEFT_OF + SQUARES
ST_WORDS = CAPTURABLE + 4

CHOICE = 8192
"""The record codes of capture choices start here (cap moves are below 200)."""


# The ``setup`` vector: [0] 1 for a seeded random layout, [1] the caps (bit mask), then a Mersenne
# Twister and the layout search's scratch.
_MT, _OPTIONS, _POS, _N_OPTIONS, _CELLS, _LEFT_OF = 2, 627, 752, 777, 802, 827
SETUP_WORDS = 832


@internal
def _random_layout(gen, setup):
    """The engine's ``_random_layout(random.Random(int(rng.integers(2**63))))``: five nests of each
    colour, no two orthogonal neighbours alike, by seeded backtracking (cells by square, a1 first)."""
    mt = setup[_MT:_OPTIONS]
    _pyrandom.seed_from_generator(gen, mt)
    for c in range(5):
        setup[_LEFT_OF + c] = 5
    depth = 0
    entering = True
    while depth < SQUARES:
        if entering:
            n = 0
            for c in range(5):
                if (setup[_LEFT_OF + c] and not (depth % 5 and setup[_CELLS + depth - 1] == c)
                        and not (depth >= 5 and setup[_CELLS + depth - 5] == c)):
                    setup[_OPTIONS + depth * 5 + n] = c
                    n += 1
            _pyrandom.shuffle(mt, setup[_OPTIONS + depth * 5:_OPTIONS + depth * 5 + n])
            setup[_N_OPTIONS + depth] = n
            setup[_POS + depth] = 0
            entering = False
        if setup[_POS + depth] < setup[_N_OPTIONS + depth]:
            colour = setup[_OPTIONS + depth * 5 + setup[_POS + depth]]
            setup[_POS + depth] += 1
            setup[_CELLS + depth] = colour
            setup[_LEFT_OF + colour] -= 1
            depth += 1
            entering = True
        else:
            setup[_CELLS + depth] = -1
            depth -= 1
            if depth < 0:
                return False
            setup[_LEFT_OF + setup[_CELLS + depth]] += 1
    return True


@njit(cache=True, nogil=True)
def _random_layouts(run_words, start, stop, gen, setup, layouts):
    """The seeded layout of each game (a separate kernel, compiled only for the random opening)."""
    for g in range(stop - start):
        _rng.seed_game(gen, run_words, start + g)
        _random_layout(gen, setup)
        for s in range(SQUARES):
            layouts[g, s] = setup[_CELLS + s]


@internal
def _new_game(gen, run_words, g, start, setup, layouts, init_stack, init_height, init_counts, init_per_player, init_st,
              stack, height, counts, per_player, st):
    """Seed game ``g``'s generator and set up its position: the encoded one (``init_*``), or
    with a seeded random layout its nests and the opening's caps."""
    _rng.seed_game(gen, run_words, start + g)
    for i in range(st.shape[0]):
        st[i] = init_st[i]
    if setup[0]:
        _rng.next_uint64(gen)  # the draw that seeded the layout (see _random_layouts)
        for s in range(SQUARES):
            colour = layouts[g, s]
            for k in range(3):
                stack[s, k] = colour * 3 + k
            height[s] = 3
            if (setup[1] >> s) & 1:
                stack[s, 3] = CAP_CODE
                height[s] = 4
    else:
        for s in range(SQUARES):
            h = init_height[s]
            height[s] = h
            for k in range(h):
                stack[s, k] = init_stack[s, k]
    for p in range(counts.shape[0]):
        for c in range(5):
            for size in range(3):
                counts[p, c, size] = init_counts[p, c, size]
        for row in range(3):
            per_player[row, p] = init_per_player[row, p]


@njit(cache=True)
def _legal_codes(st, height, step, neighbour_mask, closed, codes):
    """Write the legal moves' codes (source·8 + direction) in legal order; returns how many."""
    _close_returns(st, height, step, neighbour_mask, closed)
    caps = st[CAPS]
    n = 0
    m = caps
    while m:
        c = lowest_bit(m)
        m &= m - 1
        for d in range(8):
            t = step[c, d]
            if t >= 0 and not ((caps | closed[c]) >> t) & 1:
                codes[n] = c * 8 + d
                n += 1
    return n


@internal
def _close_returns(st, height, step, neighbour_mask, closed):
    """Fill ``closed[cap]`` for every cap: the squares besides caps it may not step onto. Under
    the house rule those are the squares it left this turn whose return would not erupt, unless
    that leaves no legal move at all (then none)."""
    caps = st[CAPS]
    free = 0
    restricted = False
    m = caps
    while m:
        c = lowest_bit(m)
        m &= m - 1
        left = st[LEFT_OF + c]
        if left:
            if height[c] >= 2:  # pieces under the cap: a step whose lava lands erupts, so it is open
                for d in range(8):
                    t = step[c, d]
                    if t >= 0:
                        first = step[t, d]
                        if first >= 0 and not (caps >> first) & 1:
                            left &= ~(np.int64(1) << t)
            restricted = restricted or left != 0
        closed[c] = left
        free += popcount(neighbour_mask[c] & ~(caps | left))
    if restricted and free == 0:
        m = caps
        while m:
            c = lowest_bit(m)
            m &= m - 1
            closed[c] = 0


@internal
def _sole_leader(scores, players):
    """The player with strictly the most points, or -1 on a tie for the most."""
    best = np.int64(0)
    for p in range(1, players):
        if scores[p] > scores[best]:
            best = p
    for p in range(players):
        if p != best and scores[p] == scores[best]:
            return np.int64(-1)
    return best


@internal
def _record_scores(history, row, turns, scores, players):
    """Row ``row`` of the score history: the turn and everyone's points."""
    history[row, 0] = turns
    for p in range(players):
        history[row, 1 + p] = scores[p]


@internal
def _comeback(history, rows, players, winners, turns, start_turns):
    """Whether the one winner was behind at the half-time sample (the first with at least
    ceil(T / 2) turns); the history holds the start and every turn that changed the scores,
    and samples between them repeat the scores before."""
    if winners == 0 or winners & (winners - 1) != 0 or turns < 2:
        return False
    winner = lowest_bit(np.int64(winners))
    half = max((turns + 1) // 2, start_turns)
    row = 0
    while row + 1 < rows and history[row + 1, 0] <= half:
        row += 1
    for p in range(players):
        if p != winner and history[row, 1 + winner] < history[row, 1 + p]:
            return True
    return False


@internal
def _winners(scores, players, ended, draw_rule):
    """The winners' bit mask: the best score when the rules ended the game (none on a tie under
    the draw rule), none when a limit stopped it."""
    if not ended:
        return np.int64(0)
    best = scores[0]
    for p in range(1, players):
        best = max(best, scores[p])
    winners = np.int64(0)
    n_best = 0
    for p in range(players):
        if scores[p] == best:
            winners |= np.int64(1) << p
            n_best += 1
    return np.int64(0) if n_best > 1 and draw_rule else winners


@driver
def _play(agents, move_scratch, greedy_cache, shift, lands, closed, history, choices, setup, layouts, init_stack,
          init_height, init_counts, init_per_player, init_st, players, draw_rule, no_return, may, end_if_empty, max_turns,
          stall, max_plies, run_words, start, stop, step, neighbour_mask, select, gen, stack, height, counts, per_player,
          st, out_winners, out_scores, out_turns, out_plies, out_unfinished, out_captured, out_captures, out_erupted,
          out_stopped, out_longest_quiet, out_branching, out_lead_changes, out_comeback, out_profile, out_eruptions,
          heat_sources, heat_captures, heat_landings, out_moves):
    """Play games ``start``…``stop-1``. A game's changing numbers live in local variables (the
    compiler keeps them in registers); the arrays hold the board, the captured pieces and, under
    the house rule, the squares each cap left (``st[LEFT_OF + cap]``), and under capture="may" the
    pending capture choice (``st[CAPTURABLE …]``). ``choices`` keeps the
    number of legal moves at each decision of the game being played, for its branching profile.

    Returns 0; or 1 + the game that reached a position without a legal move; or -1 when a game
    had more decisions than ``choices`` holds (the caller plays the range again with more room:
    compiled without reference counting, this function cannot allocate)."""
    colour_mask = per_player[0]
    n_captured = per_player[1]
    scores = per_player[2]
    for g in range(stop - start):
        _new_game(gen, run_words, g, start, setup, layouts, init_stack, init_height, init_counts, init_per_player,
                  init_st, stack, height, counts, per_player, st)
        caps = st[CAPS]
        player = st[PLAYER]
        turns = st[TURNS]
        start_turns = turns
        pieces = st[PIECES]
        ended = st[ENDED] != 0
        quiet = st[QUIET]
        longest_quiet = st[LONGEST_QUIET]
        plies = np.int64(0)
        options = np.int64(0)  # legal moves summed over the decisions
        erupted = np.int64(0)
        eruptions = np.int64(0)
        stopped = np.int64(0)
        # The balance samples: the start, then every turn that changed the scores (the others
        # repeat the scores before them, so they change neither the leader nor the history).
        leader, lead_changes = follow_leader(np.int64(-1), _sole_leader(scores, players), np.int64(0))
        _record_scores(history, 0, turns, scores, players)
        rows = np.int64(1)
        # agents is None when every seat is random: numba then prunes the greedy branches, so
        # random runs compile without them.
        if agents is not None:
            reset(greedy_cache, stack, height, caps)
        while not ended and plies < max_plies and not (max_turns > 0 and turns >= max_turns):
            if plies == choices.shape[0]:
                return -1
            if st[CAPTURABLE]:
                # The capture choice after an eruption (capture="may"): a bit mask of the pieces taken.
                n_pending = st[CAPTURABLE]
                pending = st[CAPTURABLE + 1:CAPTURABLE + 1 + n_pending]
                n_legal = np.int64(1) << n_pending
                if agents is not None and agents[player] == GREEDY:
                    mask = greedy_choice(gen, stack, height, counts, per_player, player, players, pending, n_pending,
                                         move_scratch[2])
                else:
                    mask = _rng.random_index(gen, n_legal)
                choices[plies] = n_legal
                if plies < out_moves.shape[1]:
                    out_moves[g, plies] = _choice_code(pending, mask)
                plies += 1
                options += n_legal
                captured = np.int64(0)
                for i in range(n_pending):
                    if (mask >> i) & 1:
                        square = pending[i]
                        h = height[square] - 1
                        piece = stack[square, h]
                        height[square] = h
                        counts[player, piece // 3, piece % 3] += 1
                        colour_mask[player] |= 1 << (piece // 3)
                        captured += 1
                        heat_captures[square] += 1
                        if agents is not None:
                            took(greedy_cache, stack, height, square)
                st[CAPTURABLE] = 0
            else:
                if no_return:  # without the house rule no square is ever closed
                    st[CAPS] = caps
                    _close_returns(st, height, step, neighbour_mask, closed)
                greedy = False
                if agents is not None:
                    if agents[player] == GREEDY:
                        greedy = True
                        source, direction, n_legal = greedy_move(gen, stack, height, caps, closed, player, players,
                                                                 counts, per_player, turns, step, shift, lands,
                                                                 move_scratch, greedy_cache)
                if not greedy:
                    source, direction, n_legal = _random_move(gen, caps, closed, neighbour_mask, select, no_return)
                if direction < 0:
                    return start + g + 1
                choices[plies] = n_legal
                if plies < out_moves.shape[1]:
                    out_moves[g, plies] = source * 8 + direction
                plies += 1
                options += n_legal
                # The cap steps from source to target; source erupts when it still holds pieces and
                # the lava's first square is on the board without a cap.
                target = step[source, direction]
                height[source] -= 1
                stack[target, height[target]] = CAP_CODE
                height[target] += 1
                caps ^= (np.int64(1) << source) | (np.int64(1) << target)
                first = step[target, direction]
                if height[source] == 0 or first < 0 or (caps >> first) & 1:
                    if no_return:
                        st[LEFT_OF + target] = st[LEFT_OF + source] | (np.int64(1) << source)
                        st[LEFT_OF + source] = 0
                    continue
                heat_sources[source] += 1
                eruptions += 1
                thrown, stops, captured = _erupt(stack, height, caps, source, direction, step, counts, colour_mask,
                                                 player, heat_captures, heat_landings, may, st)
                erupted += thrown
                stopped += stops
                if no_return:
                    for square in range(SQUARES):
                        st[LEFT_OF + square] = 0
                if agents is not None:
                    forget(greedy_cache, stack, height, source, target, direction, thrown, step)
                if st[CAPTURABLE]:
                    continue  # the mover chooses the captures in the next ply
            # The turn ends.
            turns += 1
            if captured:
                n_captured[player] += captured
                pieces -= captured
                scores[player] = score_of(counts, player, n_captured[player])
                quiet = 0
                leader, lead_changes = follow_leader(leader, _sole_leader(scores, players), lead_changes)
                _record_scores(history, rows, turns, scores, players)
                rows += 1
            else:
                quiet += 1
                longest_quiet = max(longest_quiet, quiet)
            if colour_mask[player] == 31 or (end_if_empty and pieces == 0) or (stall > 0 and quiet >= stall):
                ended = True
            else:
                player = player + 1 if player + 1 < players else 0
        winners = _winners(scores, players, ended, draw_rule)
        out_winners[g] = winners
        for p in range(players):
            out_scores[g, p] = scores[p]
            out_captured[g, p] = n_captured[p]
            for c in range(5):
                for size in range(3):
                    out_captures[g, c, size] += counts[p, c, size]
        out_turns[g] = turns
        out_plies[g] = plies
        out_unfinished[g] = not ended
        out_erupted[g] = erupted
        out_eruptions[g] = eruptions
        out_stopped[g] = stopped
        out_longest_quiet[g] = longest_quiet
        out_branching[g] = options / plies if plies else 0.0
        out_lead_changes[g] = lead_changes
        out_comeback[g] = _comeback(history, rows, players, winners, turns, start_turns)
        branching_profile(choices, plies, out_profile[g])
    return 0
