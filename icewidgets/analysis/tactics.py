"""Proved tactics: an exact search for short forced wins and losses, move by move.

:func:`prove` answers, for every legal move of a decision, what an exact search can prove of
it for the player who makes it (:data:`~.search.PROVED`): a sole win within N plies whatever
the others do, a loss within N plies (two players: the opponent wins alone whatever the mover
does), a shared win (a move that ends the game shared), or nothing (None).

The search is generic: it knows a game only by ``legal_moves()``, ``to_move``, ``is_over``
and ``winners``, so a turn of several plies is searched ply by ply, and a chance ply (dice)
ends it (nothing is proved past a roll). It is a boolean proof search — *can player p force a
sole win within d plies?* — deepened one ply at a time until ``plies`` or its budget:

- at p's plies one winning move suffices (moves that end the game are tried first), at the
  others every move must still lose for them, and the first that does not cuts the node off;
- a transposition table keeps, per position and player, the fewest plies known to win and the
  most known not to (a win within d is a win within any d' > d), so nothing is searched twice.

A win in N is the smallest N that proves; a loss in N the smallest N within which the opponent
is proved to win (the longest defence). A result found is a proof whatever the budget; a budget
only leaves moves unknown. The budget is a count of positions (``max_nodes``), not a time, so
that a position gets the same proofs on any machine; a time limit (``max_seconds``) can be added,
and then a slower machine may prove less.

A game with an exact search of its own (:meth:`~icewidgets.analyst.Analyst.shortest_win`, e.g.
a puzzle's solver, or the wins within a turn of dice) is proved by it instead, where its
positions have too many moves for this search: the position after each move is asked for its player's
shortest win, within :meth:`~icewidgets.analyst.Analyst.solver_plies` plies. Where the mover
moves again, that is the mover's win; where the opponent of a two-player game moves, the
mover's loss; after a chance ply, nothing.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state()
>>> proofs = prove(state, plies=2)
>>> len(proofs) == len(state.legal_moves()), all(p.proved is None for p in proofs)
(True, True)
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from .. import checks
from ..analyst import Undecided
from ..protocol import CHANCE, State

__all__ = ["MAX_NODES", "Proof", "Search", "SearchLimit", "ended", "exact_points", "known_results", "prove",
           "proof_line", "solver_proofs"]

MAX_NODES = 50_000
"""The most positions one call of :func:`prove` generates by default (every legal move of every
position it expands counts one): about a second of search on a laptop."""

CHECK_EVERY = 256
"""Nodes between two looks at the clock."""


@dataclasses.dataclass(frozen=True)
class Proof:
    """What the search proved of ``move`` for its player: ``proved`` (``"win"``, ``"loss"``,
    ``"shared"`` or None) in ``plies`` plies (the move counted), and ``line``, the proof's moves
    after it (the defender's longest resistance, the attacker's quickest win)."""

    move: Any
    proved: str | None = None
    plies: int | None = None
    line: tuple[Any, ...] = ()


class SearchLimit(Exception):
    """The search met its budget of positions or its time limit."""


class Search:
    """The proof search of one position's tree, with its transposition table, bounded by
    ``max_nodes`` generated positions and a ``deadline`` (a ``time.perf_counter()`` value);
    None: no bound. Meeting a bound raises :class:`SearchLimit`."""

    def __init__(self, max_nodes: int | None = None, deadline: float | None = None):
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.made = 0  # positions generated, against max_nodes
        # (state, player) -> [fewest plies known to win (or None), most plies known not to win (-1: none)]
        self.table: dict[tuple[State, int], list] = {}
        self.children_of: dict[State, list[tuple[Any, State]]] = {}

    def children(self, state: State) -> list[tuple[Any, State]]:
        """The moves of ``state`` and their positions, those that end the game first."""
        known = self.children_of.get(state)
        if known is None:
            pairs = [(move, state._apply(move)) for move in state.legal_moves()]
            self.made += len(pairs)
            if self.max_nodes is not None and self.made > self.max_nodes:
                raise SearchLimit
            known = [pair for pair in pairs if pair[1].is_over] + [pair for pair in pairs if not pair[1].is_over]
            if len(self.children_of) < 200_000:
                self.children_of[state] = known
        return known

    def wins(self, state: State, player: int, depth: int) -> bool:
        """Whether ``player`` can force a sole win from ``state`` within ``depth`` plies."""
        if state.is_over:
            return tuple(state.winners) == (player,)
        if depth <= 0 or state.to_move == CHANCE:
            return False
        key = (state, player)
        entry = self.table.get(key)
        if entry is not None:
            if entry[0] is not None and entry[0] <= depth:
                return True
            if entry[1] >= depth:
                return False
        self.nodes += 1
        if self.deadline is not None and self.nodes % CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise SearchLimit
        children = self.children(state)
        if state.to_move == player:
            result = any(self.wins(after, player, depth - 1) for _, after in children)
        else:
            result = bool(children) and all(self.wins(after, player, depth - 1) for _, after in children)
        if entry is None:
            entry = self.table[key] = [None, -1]
        if result:
            entry[0] = depth if entry[0] is None else min(entry[0], depth)
        else:
            entry[1] = max(entry[1], depth)
        return result

    def shortest(self, state: State, player: int, most: int) -> int | None:
        """The fewest plies (≤ ``most``) within which ``player`` forces a win from ``state``."""
        for depth in range(0, most + 1):
            if self.wins(state, player, depth):
                return depth
        return None

    def line(self, state: State, player: int, depth: int, longest: int) -> list[Any]:
        """A proof line of ``player``'s win within ``depth`` plies: the attacker's quickest
        move, the defenders' longest resistance (at most ``longest`` moves)."""
        moves: list[Any] = []
        while len(moves) < longest and not state.is_over and depth > 0 and state.to_move != CHANCE:
            choices = []
            for move, after in self.children(state):
                need = self.shortest(after, player, depth - 1)
                if need is not None:
                    choices.append((need, move, after))
            if not choices:
                break
            pick = min if state.to_move == player else max
            need, move, state = pick(choices, key=lambda c: c[0])
            moves.append(move)
            depth = need
        return moves


def prove(state: State, plies: int = 4, *, max_nodes: int | None = MAX_NODES, max_seconds: float | None = None,
          line_plies: int = 6, stop_at_win: bool = False) -> list[Proof]:
    """Per legal move of ``state`` (in ``legal_moves()`` order), what the search proves within
    ``plies`` plies (the move counted), ``max_nodes`` generated positions and ``max_seconds``
    (None: no bound); see the module docstring. ``line_plies`` bounds each proof's line.
    ``stop_at_win``: stop deepening once a win is proved (its shortest is then known; other
    moves may stay unknown), as a hint does.

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state()
    >>> [p.proved for p in prove(state, plies=1)][:3]
    [None, None, None]
    """
    if state.is_over or state.to_move == CHANCE:
        raise ValueError("state must be a decision (a player to move, the game not over) to prove its moves")
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 1:
        raise ValueError(f"plies={plies!r} must be a whole number ≥ 1: how deep to search")
    max_nodes = checks.whole(max_nodes, "max_nodes", low=1, none=True)
    max_seconds = checks.number(max_seconds, "max_seconds", low=0, none=True)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    search = Search(max_nodes, deadline)
    player = state.player
    players = state.game.num_players
    opponent = 1 - player if players == 2 else None
    children = [(move, state._apply(move)) for move in state.legal_moves()]
    found = ended(children, player)
    if state.game.analyst.solver_plies(state.game) > 0:
        lines = solver_proofs(state, children, found, deadline=deadline, stop_at_win=stop_at_win,
                              bounded=max_nodes is not None)
        return [Proof(move, *found[i], lines.get(i, ())[:line_plies]) if i in found else Proof(move)
                for i, (move, _) in enumerate(children)]
    try:
        for depth in range(1, plies):
            if stop_at_win and depth > 2 and any(result == "win" for result, _ in found.values()):
                break  # a shortest win is known: deeper searches would only prove longer ones
            for index, (move, after) in enumerate(children):
                if index in found or after.to_move == CHANCE:
                    continue
                if search.wins(after, player, depth):
                    found[index] = ("win", depth + 1)
                elif opponent is not None and search.wins(after, opponent, depth):
                    found[index] = ("loss", depth + 1)
    except SearchLimit:
        pass
    proofs = []
    for index, (move, after) in enumerate(children):
        if index not in found:
            proofs.append(Proof(move))
            continue
        proved, n = found[index]
        line: list[Any] = []
        if n > 1:
            search.deadline = search.max_nodes = None  # every step of the line is in the table already
            line = search.line(after, player if proved == "win" else opponent, n - 1, line_plies)
        proofs.append(Proof(move, proved, n, tuple(line)))
    return proofs


def ended(children: list[tuple[Any, State]], player: int) -> dict[int, tuple[str, int]]:
    """What the moves that end the game are for ``player`` who makes them, by index in
    ``children`` (``(move, position after)``): ``("win", 1)`` alone, ``("loss", 1)`` when the
    opponent of a two-player game wins alone, ``("shared", 1)`` a win shared."""
    found: dict[int, tuple[str, int]] = {}
    for index, (_, after) in enumerate(children):
        if after.is_over:
            winners = tuple(after.winners)
            if winners == (player,):
                found[index] = ("win", 1)
            elif after.game.num_players == 2 and winners == (1 - player,):
                found[index] = ("loss", 1)
            elif player in winners:
                found[index] = ("shared", 1)
    return found


def solver_proofs(state: State, children: list[tuple[Any, State]], found: dict[int, tuple[str, int]], *,
                  most: int | None = None, deadline: float | None = None, stop_at_win: bool = False,
                  wins: bool = True, losses: bool = True, strict: bool = False,
                  bounded: bool = True) -> dict[int, tuple[Any, ...]]:
    """Fill ``found`` (index → ``(result, plies)``) for the moves of ``state`` (``children``:
    ``(move, position after)`` in order; those already in ``found`` are not asked) from the
    game's own exact search (see the module docstring): a win (``wins``) where the mover moves
    again, a loss (``losses``) where the opponent of a two-player game does, within the solver's
    reach and ``most`` plies, the move counted (None: the reach alone). Return the lines after each
    proved move, by index. Moves not asked before ``deadline`` stay unknown; so does a move the
    search cannot decide (:class:`~icewidgets.analyst.Undecided`), unless ``strict`` (a puzzle:
    "only one move" needs every move decided), which raises it; ``bounded``: the game's searches of
    the decision may share a budget (:meth:`~icewidgets.analyst.Analyst.solver_session`), as a
    hint's do. ``stop_at_win``: stop once a
    shortest win is known, as a hint does, unless the game's analyst asks for every win
    (:attr:`~icewidgets.analyst.Analyst.every_win`)."""
    analyst = state.game.analyst
    with analyst.solver_session(bounded):  # the questions of this decision share what the search learns
        return _ask_solver(analyst, state, children, found, most, deadline, stop_at_win, (wins, losses), strict)


def _ask_solver(analyst: Any, state: State, children: list[tuple[Any, State]], found: dict[int, tuple[str, int]],
                most: int | None, deadline: float | None, stop_at_win: bool, asked: tuple[bool, bool],
                strict: bool) -> dict[int, tuple[Any, ...]]:
    full = analyst.solver_plies(state.game)
    reach = full if most is None else min(full, most)  # the mover's wins, the move counted
    loss_reach = full if most is None else min(full, most - 1)  # the opponent's, after the move
    lines: dict[int, tuple[Any, ...]] = {}
    player = state.player if asked[0] else None
    opponent = 1 - state.player if state.game.num_players == 2 and asked[1] else None
    root, ask_all = None, strict  # a puzzle asks each move directly: over many positions a root search costs more
    if asked[0] and not strict:
        try:
            root = analyst.shortest_win(state, reach)
        except Undecided:
            pass  # the moves after which the mover moves again then stay unknown
    waiting = [(i, after) for i, (_, after) in enumerate(children)
               if i not in found and not after.is_over and after.to_move in (player, opponent)]

    def ask(index: int, after: State, plies: int) -> None:
        try:
            line = analyst.shortest_win(after, max(0, plies))
        except Undecided:
            if strict:
                raise
            return  # that move stays unknown
        if line is not None:
            found[index] = ("win" if after.to_move == player else "loss", 1 + len(line))
            lines[index] = tuple(line)

    try:
        if root:  # every shortest win starts with a move after which a line of one ply less is left
            for index, after in waiting:
                if after.to_move == player:
                    _check_clock(deadline)
                    ask(index, after, len(root) - 1)
        if stop_at_win and not analyst.every_win and any(result == "win" for result, _ in found.values()):
            return lines
        for index, after in waiting:
            if index in found or (after.to_move == player and not root and not ask_all):
                continue  # no win within reach from the position: none after any move of its player's
            _check_clock(deadline)
            ask(index, after, reach - 1 if after.to_move == player else loss_reach)
    except SearchLimit:
        pass
    return lines


def _check_clock(deadline: float | None) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise SearchLimit


def proof_line(state: State, proof: Proof) -> tuple[str, ...]:
    """The texts of ``proof``'s line (the moves after its move)."""
    return tuple(str(move) for move in proof.line)


def known_results(state: State, plies: int = 4, *, max_nodes: int | None = MAX_NODES,
                  max_seconds: float | None = None, stop_at_win: bool = False) -> list[Proof]:
    """:func:`prove`, with the game's shortest win on top: where its analyst proves one
    (:meth:`icewidgets.analyst.Analyst.winning_line`) and the search did not reach it (its
    budget ran out), that line's first move is a win in its length."""
    proofs = prove(state, plies, max_nodes=max_nodes, max_seconds=max_seconds, stop_at_win=stop_at_win)
    if any(p.proved == "win" for p in proofs):
        return proofs  # the shortest is among them: a win is searched shortest first
    line = state.game.analyst.winning_line(state)
    if line:
        first = line[0]
        proofs = [Proof(p.move, "win", len(line), tuple(line[1:])) if p.move == first or str(p.move) == str(first)
                  else p for p in proofs]
    return proofs


def exact_points(state: State, proof: Proof) -> tuple[tuple[float, ...], int] | None:
    """``(points per seat, plies to the end)`` of a proved win or loss of a move of ``state``
    (None for other proofs: a shared end is valued by its final position)."""
    players = state.game.num_players
    if proof.proved == "win":
        winner = state.player
    elif proof.proved == "loss" and players == 2:
        winner = 1 - state.player
    else:
        return None
    return tuple(1.0 if p == winner else 0.0 for p in range(players)), (proof.plies or 1) - 1
