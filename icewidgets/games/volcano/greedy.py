"""Volcano's greedy rule, the one the ``"greedy"`` agent plays: :func:`greedy_move`."""

from __future__ import annotations

from typing import Any

from ...randomness import pick_best
from .board import COLOURS, DIRECTION_ORDER, GRID, RAYS, STEPS
from .rules import CapMove, VolcanoState

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}

# _ERUPTIONS_FROM[square]: (the square a cap on ``square`` steps to, the squares the lava of
# ``square`` then reaches) for every direction that stays on the board.
_ERUPTIONS_FROM = tuple(
    tuple((step, RAYS[square][d]) for d, direction in enumerate(DIRECTION_ORDER)
          if (step := GRID.step(square, direction)) is not None)
    for square in range(GRID.size)
)


def greedy_move(state: VolcanoState, rng: Any) -> CapMove:
    """Take the biggest capture now, or walk a cap to a volcano that pays.

    Every erupting cap move is scored by the points its captures add to the mover's best
    arrangement (an eruption that ends the game is worth a lot when the mover then wins, and is
    avoided when the mover would lose); the best gain is played. When no eruption gains anything,
    a cap move that does not erupt (the turn goes on) is preferred if the moved cap could then
    erupt its new square for a gain on the next ply (the bigger that gain the better), so the agent
    walks a cap to a better volcano instead of wasting its turn. Otherwise it erupts the volcano
    that throws the fewest pieces, leaving the least lava for the opponent; among equal gains, too,
    fewer thrown pieces are preferred. An eruption that would end the game with the mover behind
    comes after all of these and after a walk to a square whose eruption would not lose, but before
    a walk that leads nowhere, so every turn ends.

    Keys (``thrown`` = pieces the eruption throws, 0–3): an eruption gaining ``g`` points
    ``32·g − thrown``; one that ends the game with the mover ahead ``32000 − thrown``, level
    ``16000 − thrown``, behind ``−56 − thrown``; a walk whose next eruption could gain ``h > 0``
    scores ``min(h, 28)``, 0 gain without losing ``−40``, nothing ``−64``. Among the best keys
    :func:`~icewidgets.randomness.pick_best` chooses with one draw.

    Under ``capture="may"`` the captures are chosen, so an eruption is worth its best choice, and
    the choice that follows is played by value. A choice (a set of the capturable pieces, none
    included) taking ``g`` points is keyed ``32·g``; one that ends the game with the mover ahead
    ``32000 + g``, level ``16000 + g``, behind ``−56`` (below declining: a player behind never ends
    the game). An eruption's key is its best choice's key ``− thrown``, and a walk looks ahead to
    the most points a choice can take without ending the game behind.

    No eruption of a1 below gains anything, but the cap on e3 can step onto d3 without an
    eruption, and d3 then erupts west onto b3 (G3) and a3 (Y2) for two captures:

    >>> import numpy as np
    >>> from icewidgets.games.volcano import Volcano
    >>> state = Volcano().state_from_text('''. . . . .
    ... . . . . .
    ... Y1Y2 G1G2G3 . R1R2R3 K1
    ... . . . . .
    ... Y1Y2Y3K1 . . . .
    ... to_move=0''')
    >>> str(greedy_move(state, np.random.default_rng(0)))
    'e3-d3'
    """
    moves = state.legal_moves()
    may = state.game.capture == "may"
    board = state.board
    player = state.to_move
    capped = set(state.cap_squares)
    counts = _counts(state.captured[player])
    base = state.scores[player]
    others = [s for p, s in enumerate(state.scores) if p != player]
    colours_held = {c for c in range(len(COLOURS)) if any(counts[c])}

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
        ends = len(colours_held.union(touched)) >= len(COLOURS)
        return gain, ends

    best_other = max(others, default=-1)

    def choice_key(gained: list) -> int:
        gain, ends = gain_of(gained)
        if not ends:
            return 32 * gain
        mine = base + gain
        return -56 if mine < best_other else (32000 if mine > best_other else 16000) + gain

    if state.capturable:  # the capture choice: legal_moves() lists the subsets by bit mask
        pieces = [board[square][-1] for square in state.capturable]
        return pick_best(moves, [choice_key(taken) for taken in _subsets(pieces)], rng)

    keys = []
    for move in moves:
        source, target, direction = STEPS[move.source, move.target]
        stack = board[source][:-1]
        path = RAYS[source][direction]
        if stack and path and path[0] not in capped:
            gained, thrown = _erupt_gain(board, capped, stack, path)
            if may:
                keys.append(max(choice_key(taken) for taken in _subsets(gained)) - thrown)
                continue
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
            for step, ahead in _ERUPTIONS_FROM[target]:
                if step in after_caps or not ahead or ahead[0] in after_caps:
                    continue
                gained, _ = _erupt_gain(after_board, after_caps, below, ahead)
                for taken in _subsets(gained) if may else (gained,):
                    gain, ends = gain_of(taken)
                    if not (ends and base + gain < best_other):
                        best = max(best, gain)
        keys.append(min(best, 28) if best > 0 else (-40 if best == 0 else -64))
    return pick_best(moves, keys, rng)


def _subsets(pieces: list) -> list[list]:
    """Every subset of ``pieces``, by bit mask (bit i: the i-th piece), the empty one first: the
    order of the capture choices in ``legal_moves()``."""
    return [[piece for i, piece in enumerate(pieces) if m >> i & 1] for m in range(1 << len(pieces))]


def _counts(pile: tuple) -> list[list[int]]:
    """``counts[colour index][size - 1]``: how many of each piece ``pile`` holds."""
    counts = [[0, 0, 0] for _ in COLOURS]
    for piece in pile:
        counts[_COLOUR_INDEX[piece.colour]][piece.size - 1] += 1
    return counts


def _erupt_gain(board: tuple | list, capped: set, stack: tuple, path: tuple) -> tuple[list, int]:
    """The pieces an eruption of ``stack`` (bottom→top, no cap) along ``path`` captures, and how
    many it throws: a small, exact model of one eruption, far cheaper than playing the move."""
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
