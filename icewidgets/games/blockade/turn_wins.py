"""Wins within the current turn: :func:`shortest_turn_win`, Blockade's exact search for the analysis.

After the dice are known, the player to move plays ply after ply until ``end``; the next ply is
the opponent's roll, which ends what can be proved. A win within the turn is a line of the
mover's own plies that completes their fifth tower of one colour, so the search is one player's:
an iterative deepening over the turn's plies (the shortest line first), every legal ply tried,
a position shown not to win within as many plies not searched again.

What keeps it small is a bound that never overestimates. For a colour to win this turn, each of
its larges that is not yet a tower needs its missing medium and small brought onto it and every
piece of the mover's above them moved off. Each piece brought is a ply of its own, costing at
least as many pips of that colour as the nearest such piece stands away (Chebyshev distance,
blocking ignored); each piece moved off is a ply too, but one ply may move a piece of that colour
off one large and onto another where it is missing, so those plies count once (a piece of the
mover's other colour moved off costs a ply and a pip of its own). A piece of the opponent's on
one of those larges, or a tree that can no longer be capped, rules the colour out. A position
where neither colour can meet its bound within the plies and pips left is not searched; where
the bound fails only for want of plies, a deeper pass may still win, and the deepening stops
once no position was cut for that reason (then no win exists this turn). A ply that moves a
piece of a colour that cannot win is not tried unless it uncovers something: a piece of the
colour that can (it may have to move off), or a clear piece, a square any piece may rest on.
Elsewhere it brings that colour's towers no closer: pieces pass over their own, and a piece
moved may only make a square less open to rest on.

>>> from icewidgets.games.blockade import Blockade
>>> shortest_turn_win(Blockade().new_state(seed=2).play("G5B2"), 12) is None  # five towers are far away
True
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator

from ...analyst import Undecided
from ...protocol import CHANCE, EndTurn
from .board import GRID, PLAYER_COLOURS, tower_colour
from .rules import BlockadeState, PieceMove

__all__ = ["TURN_PLIES", "shortest_turn_win"]

TURN_PLIES = 13
"""The most plies a turn can take: one per pip at most (two dice of up to 6), and a ``combine``."""

MAX_NODES = 200
"""Positions one search expands at most (a guard for time: past it, no win is claimed)."""

DECISION_NODES = 1500
"""Positions the strict searches of one bounded decision (:func:`decision_table`) expand at most
together: past it a search raises :class:`~icewidgets.analyst.Undecided` at once, so a hint
that asks about every move of a position rich in pips stays within seconds (its moves asked last
stay unknown). A count of positions, not a time: the same on every machine."""

ASK_NODES = 30
"""Positions each search after the first of a bounded decision expands at most. The first asks
about the position itself (:data:`MAX_NODES`); the others, one per move, find a win in few
positions where one exists, while a move without one would spend the decision's budget proving
so: with 200 each, a hint of a position with 39-61 wins within the turn proved 11-30 of them, with
30 each it proves all, in less time."""

_FAR = 99

_DISTANCE = tuple(tuple(GRID.chebyshev(a, b) for b in range(GRID.size)) for a in range(GRID.size))

_FAILED: dict[BlockadeState, int] = {}
"""Positions of a turn known not to win within so many plies, kept across searches: the
analysis asks for the positions after every move of a position, which share their turns. A
``strict`` search does not use it, so that whether it meets its budget (and so what it can
prove) does not depend on what was searched before: it keeps its own table, or shares the one of
the decision being analysed (:func:`decision_table`)."""

_DECISION = threading.local()


@contextlib.contextmanager
def decision_table(bounded: bool = True) -> Iterator[None]:
    """Within it, this thread's strict searches share one table (the questions of one decision
    are asked in a fixed order, so what each proves is the same on every run) and, ``bounded``,
    a budget of :data:`DECISION_NODES` positions; after it, the table is gone."""
    outer = getattr(_DECISION, "table", None), getattr(_DECISION, "spent", 0), getattr(_DECISION, "bounded", True)
    _DECISION.table, _DECISION.spent, _DECISION.bounded = {}, 0, bounded
    try:
        yield
    finally:
        _DECISION.table, _DECISION.spent, _DECISION.bounded = outer


def shortest_turn_win(state: BlockadeState, most: int, strict: bool = False) -> list[Any] | None:
    """A shortest line of at most ``most`` plies, all within the current turn, by which the player
    to move completes five towers of one colour, or None (see the module docstring). None proves
    that there is none, unless the search reached :data:`MAX_NODES` first (within a decision's
    table, what is left of :data:`DECISION_NODES` if less): then ``strict`` raises
    :class:`~icewidgets.analyst.Undecided` instead."""
    if state.is_over or state.to_move == CHANCE or state.points is None or most < 1:
        return None
    shared = getattr(_DECISION, "table", None)
    in_decision = strict and shared is not None  # a strict search inside a decision_table
    failed = _FAILED if not strict else shared if in_decision else {}
    budget = MAX_NODES
    if in_decision and _DECISION.bounded:
        budget = min(MAX_NODES if _DECISION.spent == 0 else ASK_NODES, DECISION_NODES - _DECISION.spent)
        if budget <= 0:
            raise Undecided(f"the decision's searches expanded {DECISION_NODES} positions of the turn already")
    search = _Search(state.player, state.game.tower_without_black_counts, failed, budget)
    try:
        for depth in range(1, most + 1):
            search.deeper = False
            line = search.win(state, depth)
            if line is not None:
                return line
            if search.exhausted and strict:
                raise Undecided(f"no win found within {budget} positions of the turn, and not every line searched")
            if not search.deeper or search.exhausted:
                return None
        return None
    finally:
        if in_decision:
            _DECISION.spent += search.nodes


class _Search:
    def __init__(self, player: int, counts: bool, failed: dict[BlockadeState, int], budget: int = MAX_NODES):
        self.player, self.counts, self.failed, self.budget = player, counts, failed, budget
        self.colours = PLAYER_COLOURS[player]
        self.nodes = 0
        self.deeper = False  # was a position cut off only for want of plies?
        self.exhausted = False  # was the search cut off at its budget?
        self.needs: dict[tuple[tuple, str], tuple[int, int]] = {}

    def win(self, state: BlockadeState, depth: int) -> list[Any] | None:
        if self.nodes >= self.budget:
            self.exhausted = True  # not searched: nothing above it is proved any more
            return None
        known = self.failed.get(state, -1)
        if known >= depth:
            self.deeper = self.deeper or known < TURN_PLIES
            return None
        live = self.live(state, depth)
        if not live:
            return None
        self.nodes += 1
        board = state.board
        for move in state.legal_moves():
            if isinstance(move, EndTurn):
                continue
            completes = False
            if isinstance(move, PieceMove):
                stack = board[GRID.index(move.source)]
                piece = stack[-1]
                if (piece.colour not in live and not any(below.colour in live for below in stack[:-1])
                        and not (len(stack) > 1 and stack[-2].colour == "C")):
                    continue  # it uncovers neither a piece of the live colour (to move off) nor a clear one
                # Only a small coming to rest on a medium on a large completes a tower (and so wins).
                completes = piece.size == 1 and len(board[GRID.index(move.target)]) == 2
            after = state._apply(move)
            if completes and after.is_over:
                if tuple(after.winners) == (self.player,):
                    return [move]
                continue
            if after.to_move != self.player:
                continue
            if depth == 1:
                self.deeper = True  # the turn goes on past the plies searched
                continue
            rest = self.win(after, depth - 1)
            if rest is not None:
                return [move] + rest
        if self.exhausted:
            return None
        if len(self.failed) > 200_000:
            self.failed.clear()
        self.failed[state] = max(depth, self.failed.get(state, -1))
        return None

    def live(self, state: BlockadeState, depth: int) -> tuple[str, ...]:
        """The bound: the colours that may still complete their five towers within ``depth`` plies."""
        live = []
        most = state.points
        if state._may_combine:  # either colour may yet get both dice
            most = (max(most[0], sum(state.dice)), max(most[1], sum(state.dice)))
        for index, colour in enumerate(self.colours):
            pips = most[index]
            plies, cost, others = self.need(state.board, colour)
            other = self.colours[1 - index]
            if cost <= pips and others <= most[1 - index]:
                if plies <= depth:
                    live.append(colour)
                    if others:  # the other colour's pieces on this one's larges must move off
                        live.append(other)
                elif depth < pips + others + state._may_combine:  # each ply spends a pip
                    self.deeper = True
        return tuple(live)

    def need(self, board: tuple, colour: str) -> tuple[int, int, int]:
        """(plies, pips of ``colour``, pips of the other colour) at least, to make every large of
        ``colour`` a tower."""
        key = (board, colour)
        known = self.needs.get(key)
        if known is None:
            known = self.needs[key] = self._need(board, colour)
        return known

    def _need(self, board: tuple, colour: str) -> tuple[int, int, int]:
        where: dict[int, list[int]] = {2: [], 1: []}
        for square, stack in enumerate(board):
            for piece in stack:
                if piece.colour == colour and piece.size < 3:
                    where[piece.size].append(square)
        brought = cost = own_off = others = 0
        for square, stack in enumerate(board):
            if not stack or stack[0] != (colour, 3) or tower_colour(stack, self.counts) == colour:
                continue
            kept = 1
            if len(stack) > 1 and stack[1] == (colour, 2):
                kept = 3 if len(stack) > 2 and stack[2] == (colour, 1) else 2
            if kept == 3:
                return _FAR, _FAR, _FAR  # a tree that was not capped: no black is left, it never counts
            for piece in stack[kept:]:
                if piece.colour not in self.colours or piece.size == 3:
                    return _FAR, _FAR, _FAR  # the opponent's piece (or a black) on it: it cannot be moved off
                if piece.colour == colour:
                    own_off += 1
                else:
                    others += 1
            for size in (2, 1)[kept - 1:]:
                brought += 1
                away = _DISTANCE[square]
                cost += min((away[other] for other in where[size]), default=_FAR)
        # A ply brings one piece and moves one off: one of this colour's may do both at once.
        return others + max(brought, own_off), cost + max(0, own_off - brought), others
