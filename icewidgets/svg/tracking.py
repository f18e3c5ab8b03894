"""Where every piece is, and which piece is which from ply to ply.

A *placement* maps each location (a square ``"c3"``, or an off-board area of the game's view
such as ``"captured:0"``) to its pieces, bottom to top, as ``(piece id, token)`` pairs. Ids
(``R3-2``: the second red large seen) stay with a piece while it moves, so the widget can
animate it from frame to frame.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> placement = Tracker(state).placement
>>> sorted(placement) == sorted(locations(state))
True
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..grid import Grid
from ..pieces import PAWN, tokens
from ..protocol import State

Placement = Dict[str, List[Tuple[str, str]]]
"""Location → ``(piece id, token)`` pairs, bottom to top."""

OFF_BOARD_DISTANCE = 50.0
"""How far apart two different off-board areas count when pieces are matched (farther than any
two squares, so a piece found on the board is matched on the board first)."""


def grid_of(state: State) -> Grid:
    """The board of ``state``'s game (``Game.grid``); TypeError when the game declares none."""
    grid = state.game.grid
    if grid is None:
        raise TypeError(f"{type(state.game).__name__} has no grid: set the class attribute grid = Grid(files, ranks)")
    return grid


def locations(state: State) -> dict[str, list[str]]:
    """The tokens in every place that holds pieces: each square, then the view's areas.

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
    >>> all(locations(state)[square] == tokens(state.stack(square)) for square in state.game.grid.names)
    True
    """
    result = {name: tokens(state.stack(name)) for name in grid_of(state).names}
    result.update(state.game.view.areas(state))
    return result


def event_moves(state: State) -> list[tuple[str, str, str]]:
    """``(token, from, to)`` of every event of the last ply that names a ``piece`` moving from a
    ``source`` to another ``target`` location."""
    moves = []
    for e in state.events:
        piece, source, target = e.get("piece"), e.get("source"), e.get("target")
        if isinstance(piece, str) and isinstance(source, str) and isinstance(target, str) and source != target:
            moves.append((piece, source, target))
    return moves


def moved(placement: Placement, moves: Sequence[tuple[str, str]]) -> Placement:
    """A copy of ``placement`` after ``(from, to)`` moves, in order: the top piece of ``from``
    goes on top of ``to``; ``to == ""`` takes it out of the picture.

    >>> moved({"a1": [("R1-1", "R1"), ("K1-1", "K1")], "a2": []}, [("a1", "a2"), ("a1", "")])
    {'a1': [], 'a2': [('K1-1', 'K1')]}
    """
    result = {loc: list(stack) for loc, stack in placement.items()}
    for source, target in moves:
        if not result.get(source):
            raise ValueError(f"a stage moves a piece from {source!r}, but there is no piece there")
        piece = result[source].pop()
        if target:
            result.setdefault(target, []).append(piece)
    return result


class Tracker:
    """Follows every piece through the plies of a game, so it keeps one ``data-piece`` id.

    Ids are the token and a counter (``R3-2``), given in location order at the start. From ply
    to ply, pieces that stay put keep their ids; the events' data (``piece`` moving from a
    ``source`` to a ``target``) says which piece went where; the rest is matched by kind,
    nearest first. ``placement`` is the placement of ``state``.

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
    >>> tracker = Tracker(state)
    >>> after = state.play(state.legal_moves()[0])
    >>> tracker.advance(after) is tracker.placement and tracker.state is after
    True
    """

    def __init__(self, state: State):
        self.counts: dict[str, int] = {}
        self.placement: Placement = {loc: [(self._fresh(t), t) for t in toks] for loc, toks in locations(state).items()}
        self.state = state

    def _fresh(self, token: str) -> str:
        self.counts[token] = self.counts.get(token, 0) + 1
        return f"{token.replace(PAWN, 'P')}-{self.counts[token]}"

    def advance(self, state: State) -> Placement:
        """The placement after the ply that led to ``state`` (played from the tracker's state)."""
        self.placement = self.match(self.placement, state)
        self.state = state
        return self.placement

    def match(self, before: Placement, state: State, hints: Sequence[tuple[str, str, str]] | None = None) -> Placement:
        """Give the pieces of ``state`` the ids of ``before``; ``hints`` are ``(token, from, to)``
        moves (default: :func:`event_moves` of ``state``). Pieces new to the game get new ids."""
        if hints is None:
            hints = event_moves(state)
        target = locations(state)
        grid = grid_of(state)
        squares = set(grid.names)
        leaving: dict[str, int] = {}
        for _, source, _ in hints:
            leaving[source] = leaving.get(source, 0) + 1
        result: Placement = {}
        pool: list[tuple[str, str, str]] = []  # (id, token, old location) of pieces that left their place
        for loc in list(before) + [loc for loc in target if loc not in before]:
            old, new = before.get(loc, []), target.get(loc, [])
            keep = len(old) - leaving.get(loc, 0)
            kept: list[tuple[str, str]] = []
            for i, (pid, tok) in enumerate(old):
                if i < keep and i < len(new) and new[i] == tok and len(kept) == i:
                    kept.append((pid, tok))
                else:
                    pool.append((pid, tok, loc))
            if loc in target:
                result[loc] = kept
        hinted = set(hints)
        for loc, new in target.items():
            placed = result[loc]
            for tok in new[len(placed):]:
                best, best_cost = None, None
                for n, (_, ptok, ploc) in enumerate(pool):
                    if ptok != tok:
                        continue
                    if (tok, ploc, loc) in hinted:
                        cost = -1.0
                    elif ploc in squares and loc in squares:
                        cost = grid.chebyshev(grid.index(ploc), grid.index(loc))
                    else:
                        cost = 0.0 if ploc == loc else OFF_BOARD_DISTANCE
                    if best_cost is None or cost < best_cost:
                        best, best_cost = n, cost
                if best is None:
                    placed.append((self._fresh(tok), tok))
                else:
                    placed.append((pool.pop(best)[0], tok))
        return result
