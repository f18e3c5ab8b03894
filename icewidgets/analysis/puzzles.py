"""Puzzles from many games: positions where one move, and only one, does what a proof demands.

:func:`puzzles` searches the positions of many games (the class's, or bots') with the exact
search of :mod:`.tactics` and keeps two kinds of position, each claim proved within ``plies``
plies (the move counted, every ply of a multi-ply turn counted on its own):

- ``"win"``: exactly one legal move forces a sole win within ``plies`` plies, whatever the
  others do; no other move forces one within ``plies`` (it may still win later);
- ``"defend"`` (two players): every legal move but one lets the opponent force a win within
  ``plies`` plies; the one left does not (within ``plies``: it may still lose later).

Nothing is proved past a roll of the dice, so in a game with dice only what happens before the
next roll counts. A position whose search would generate more than ``max_nodes`` positions is
skipped, a count and not a time, so the same games and seed give the same puzzles on any
machine: the positions are searched in an order shuffled by ``seed`` until ``n`` are found.

Each puzzle is an :class:`~.exercises.Exercise` of its own kind (:class:`Puzzle`): ``check``
reads an answer in any notation the game accepts, ``hint()`` helps, and the second wrong try
gets the solution.

>>> import icewidgets as iw
>>> from icewidgets.analysis.teaching import bot_game
>>> second = iw.available_games()[1]
>>> found = iw.puzzles([bot_game(second, "easy", seed=s) for s in range(3)], n=2, seed=0)
>>> [(p.kind, p.solution) for p in found]
[('defend', '@c2'), ('defend', '@c2')]
>>> found[0].check("@C2").right
True
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

import numpy as np

from .. import checks
from ..analyst import Undecided
from ..protocol import CHANCE, NotationError, State
from ..record import Record
from ..words import name_list, plural
from .exercises import BudgetSearch, Exercise, ExerciseSet, TooBig, line_words, move_place, prove_move

__all__ = ["MAX_NODES", "PLIES", "Puzzle", "find_puzzle", "puzzles"]

PLIES = 3
"""How deep a puzzle's claim is proved by default, in plies (the move counted)."""
MAX_NODES = 20_000
"""The most positions the search of one position may generate; a bigger one is skipped (one
whose legal moves squared exceed it at once: a search of 3 plies or more generates as many)."""
KINDS = ("win", "defend")


@dataclasses.dataclass(eq=False, repr=False)  # its question is its repr, as an Exercise's
class Puzzle(Exercise):
    """A position with one right move (see the module docstring): ``kind`` is ``"win"`` (the
    only move that forces a win within ``depth`` plies; it wins in ``plies``) or ``"defend"``
    (the only move that does not let the opponent force a win within ``depth`` plies)."""

    kind: str = "win"
    depth: int = PLIES

    @property
    def question(self) -> str:
        where = f"{self.source}, ply {self.ply}" if self.source else f"Ply {self.ply}"
        if self.kind == "win":
            return (f"{where}: {self.name} to move can force a win within {plural(self.depth, 'ply', 'plies')}, "
                    f"and only one move does it. Find it.")
        return (f"{where}: {self.name} to move. Every move but one lets the opponent force a win within "
                f"{plural(self.depth, 'ply', 'plies')}. Find the one that does not.")

    @property
    def solution_text(self) -> str:
        if self.kind == "win":
            return f"{self.solution} (wins within {plural(self.plies, 'ply', 'plies')}){line_words(self.line)}"
        return f"{self.solution} (the only move that does not lose within {plural(self.depth, 'ply', 'plies')})"

    def hint(self) -> str:
        where = move_place(self.state, self.solution)
        if self.kind == "win":
            said = f"the win takes {plural(self.plies, 'ply', 'plies')}"
        else:
            said = "look for what the opponent threatens, and stop it"
        return f"Hint: {said}" + (f"; the move to find: {where}." if where else ".")

    def _judge(self, move: str) -> tuple[bool, str]:
        if move == self.solution:
            if self.kind == "win":
                return True, f"{move} forces a win within {plural(self.plies, 'ply', 'plies')}{line_words(self.line)}"
            return True, (f"{move} is the only move after which the opponent cannot force a win within "
                          f"{plural(self.depth, 'ply', 'plies')}")
        proof = prove_move(self.state, move, self.depth)
        lost = (f"{move} loses by force within {plural(proof.within, 'ply', 'plies')}{line_words(proof.line)}"
                if proof.result == "loss" else "")
        if self.kind == "win":
            not_won = f"{move} does not force a win within {plural(self.depth, 'ply', 'plies')}"
            return False, f"{not_won}; {lost}" if lost else not_won
        return False, lost or f"{move} is not the move the proof found"


def find_puzzle(state: State, plies: int = PLIES, max_nodes: int = MAX_NODES) -> tuple | None:
    """``(kind, move, plies to the win, line)`` when ``state`` is a puzzle (see the module
    docstring), else None (also when its search would generate more than ``max_nodes`` positions).

    >>> import icewidgets as iw
    >>> find_puzzle(iw.make(iw.available_games()[0]).new_state()) is None
    True
    """
    if state.is_over or state.to_move == CHANCE:
        return None
    search = BudgetSearch(max_nodes)
    player = state.player
    opponent = 1 - player if state.game.num_players == 2 else None
    try:
        moves = len(state.legal_moves())
        if moves >= 2 and state.game.analyst.solver_plies(state.game) > 0:
            return _solver_puzzle(state, plies, moves * moves <= max_nodes)
        if moves < 2 or (plies >= 3 and moves * moves > max_nodes):
            return None
        children = search.children(state)
        wins = []
        for move, after in children:
            need = search.shortest(after, player, plies - 1)
            if need is not None:
                wins.append((move, after, need + 1))
                if len(wins) > 1:
                    return None
        if wins:
            move, after, need = wins[0]
            line = search.line(after, player, need - 1, need - 1)
            return "win", str(move), need, tuple(str(m) for m in line)
        if opponent is None:
            return None
        safe = []
        for move, after in children:
            if not search.wins(after, opponent, plies - 1):
                safe.append(move)
                if len(safe) > 1:
                    return None
        return ("defend", str(safe[0]), None, ()) if safe else None
    except TooBig:
        return None


def _solver_puzzle(state: State, plies: int, defend: bool) -> tuple | None:
    """:func:`find_puzzle` for a game proved by its own exact search
    (:meth:`~icewidgets.analyst.Analyst.shortest_win`, within its
    :meth:`~icewidgets.analyst.Analyst.solver_plies`) instead of the generic one, as the hints'
    proofs are: a move after which the mover moves again is asked for the mover's win, one after
    which the opponent of a two-player game moves, for the opponent's; nothing is proved past a
    chance ply. ``defend``: look for a defence too (it asks the opponent after every move). A
    search that cannot decide a move (:class:`~icewidgets.analyst.Undecided`) leaves no puzzle:
    "only one move" needs every other move decided."""
    analyst, game = state.game.analyst, state.game
    reach = analyst.solver_plies(game)
    player = state.player
    opponent = 1 - player if game.num_players == 2 else None
    children = [(move, state._apply(move)) for move in state.legal_moves()]
    try:
        with analyst.solver_session():
            return _solver_kind(analyst, children, player, opponent, plies, reach, defend)
    except Undecided:
        return None


def _solver_kind(analyst: Any, children: list, player: int, opponent: int | None, plies: int, reach: int,
                 defend: bool) -> tuple | None:
    wins = []
    for move, after in children:
        if after.is_over:
            line = () if tuple(after.winners) == (player,) else None
        elif after.to_move == player and plies > 1:
            line = analyst.shortest_win(after, min(plies - 1, reach - 1))
        else:
            line = None
        if line is not None:
            wins.append((move, tuple(line)))
            if len(wins) > 1:
                return None
    if wins:
        move, line = wins[0]
        return "win", str(move), 1 + len(line), tuple(str(m) for m in line)
    if opponent is None or not defend or plies < 2:
        return None
    safe = []
    for move, after in children:
        if after.is_over:
            lost = tuple(after.winners) == (opponent,)
        else:
            lost = after.to_move == opponent and analyst.shortest_win(after, min(plies - 1, reach)) is not None
        if not lost:
            safe.append(move)
            if len(safe) > 1:
                return None
    return ("defend", str(safe[0]), None, ()) if safe else None


def _records(records: Any) -> tuple[list[Record], list[str]]:
    """The games and their names from ``records``: a list of records or game codes, one record or
    code, or a class's games (anything with ``records``, and ``labels`` naming them)."""
    labels = None
    if hasattr(records, "records"):
        labels = list(getattr(records, "labels", ()) or ())
        records = records.records
    if isinstance(records, (Record, str)):
        records = [records]
    if not isinstance(records, (list, tuple)) and not hasattr(records, "__iter__"):
        raise TypeError(f"records must be a list of games (records or game codes), not {type(records).__name__}")
    out = []
    for index, item in enumerate(records):
        if isinstance(item, str):
            try:
                item = Record.from_code(item)
            except NotationError as error:
                raise ValueError(f"records[{index}] is not a game code: {error}") from None
        if not isinstance(item, Record):
            raise TypeError(f"records[{index}] must be a Record or a game code, not {type(item).__name__}")
        out.append(item)
    if labels is None or len(labels) != len(out):
        labels = [f"game {i}" for i in range(1, len(out) + 1)]
    return out, labels


def puzzles(records: Any, n: int = 20, *, seed: int = 0, plies: int = PLIES, last: int | None = None,
            max_nodes: int = MAX_NODES) -> ExerciseSet:
    """A set of up to ``n`` :class:`Puzzle` from the positions of ``records`` (a list of
    :class:`~icewidgets.Record` or game codes, of one game or several; or a class's games from
    :func:`icewidgets.classroom.read_codes`, whose names then name the puzzles' games).

    ``seed`` shuffles the order in which positions are searched: the same games and seed give
    the same puzzles. ``plies`` (1 to 5) is how deep each claim is proved, ``max_nodes`` the
    search's budget per position (see the module docstring). ``last``: search only the last
    ``last`` positions of each game, where forced wins are (quicker; None: every position). No
    games, or games without such a position, give an empty set whose ``note`` says why.

    >>> puzzles([]).note
    'No games given: pass a list of game records or codes.'
    """
    n = checks.whole(n, "n", low=1)
    seed = checks.seed(seed)
    plies = checks.whole(plies, "plies", low=1, high=5)
    max_nodes = checks.whole(max_nodes, "max_nodes", low=1)
    last = checks.whole(last, "last", low=1, none=True)
    games, labels = _records(records)
    if not games:
        return ExerciseSet((), "0 puzzles", "No games given: pass a list of game records or codes.")
    states = [list(record.states()) for record in games]
    places = [(g, ply) for g, positions in enumerate(states) for ply, state in enumerate(positions)
              if not state.is_over and state.to_move != CHANCE and (last is None or ply >= len(positions) - last)]
    order = np.random.default_rng(seed).permutation(len(places)) if places else []
    found: list[Puzzle] = []
    seen: set[State] = set()
    searched = 0
    for index in order:
        g, ply = places[int(index)]
        state = states[g][ply]
        if state in seen:
            continue
        seen.add(state)
        searched += 1
        result = find_puzzle(state, plies, max_nodes)
        if result is None:
            continue
        kind, move, need, line = result
        name = state.game.player_name(state.player)
        value = 1.0 if kind == "win" else float("nan")  # a defence is proved not lost, not valued
        found.append(Puzzle(state, state.player, name, ply + 1, None, None, None, move, value, value, value,
                            kind == "win",
                            "win" if kind == "win" else None, need, line, 0.0, source=labels[g], kind=kind,
                            depth=plies))
        if len(found) >= n:
            break
    titles = sorted({record.make_game().title for record in games})
    of = f"{plural(len(games), 'game')} of {name_list(titles)}"
    title = f"{plural(len(found), 'puzzle')} from {of} (seed {seed}, proved within {plural(plies, 'ply', 'plies')})"
    note = ""
    if not found:
        note = (f"No position of these games ({plural(searched, 'position')} searched) has exactly one move that "
                f"forces a win within {plural(plies, 'ply', 'plies')}, or one move that alone avoids a loss within "
                "as many.")
    elif len(found) < n:
        which = "every position" if last is None else f"the last {plural(last, 'position')} of each game"
        note = f"Only {len(found)} of the {n} puzzles asked for: {which} searched."
    return ExerciseSet(tuple(found), title, note)
