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

A game with an exact search of its own (:meth:`~icewidgets.analyst.Analyst.shortest_win`, a
solver or a search of the current turn) is proved by it, as the hints are
(:func:`.tactics.solver_proofs`), and only as far as it reaches (:func:`proved_depth`; the
puzzle's ``depth`` and question say it): a solver of wins in one move proves a ``"win"`` within
1 ply and a ``"defend"`` within 2. Before its moves are searched, a position is put to the game
(:meth:`~icewidgets.analyst.Analyst.may_win_within`), which may prove that no line of that many
plies, whoever plays it, ends in a win: a position of a few hundred moves is then no puzzle
without playing any of them. A set with fewer puzzles than asked for says, for each game that
gave none, how many positions were searched, how many were proved far from any win, and the
game's advice (:meth:`~icewidgets.analyst.Analyst.puzzle_advice`: e.g. the options under which
its games come near a win). Each game's analyst (``games/<game>/analyst.py``) says what its
search proves and how often its games hold puzzles.

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
from .tactics import ended, solver_proofs

__all__ = ["MAX_NODES", "PLIES", "Puzzle", "find_puzzle", "proved_depth", "puzzles"]

PLIES = 3
"""How deep a puzzle's claim is proved by default, in plies (the move counted)."""
MAX_NODES = 20_000
"""The most positions the search of one position may generate; a bigger one is skipped (one
whose legal moves squared exceed it at once: a search of 3 plies or more generates as many). A
game proved by its own search, which bounds itself, is skipped only when its legal moves exceed
it, and then only the defence (asked after every move) is not looked for."""
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
    return _find(state, plies, max_nodes)[0]


def _find(state: State, plies: int, max_nodes: int) -> tuple[tuple | None, int]:
    """:func:`find_puzzle`'s answer, and N > 0 when the game proved that no line of at most N
    plies ends in a win, N the plies its search would ask about
    (:meth:`~icewidgets.analyst.Analyst.may_win_within`), else 0."""
    if state.is_over or state.to_move == CHANCE:
        return None, 0
    search = BudgetSearch(max_nodes)
    player = state.player
    opponent = 1 - player if state.game.num_players == 2 else None
    try:
        moves = len(state.legal_moves())
        reach = state.game.analyst.solver_plies(state.game)
        if moves >= 2 and reach > 0:
            defend = moves <= max_nodes and opponent is not None and plies >= 2  # the solver bounds its own search
            need = proved_depth(state.game, plies, "defend" if defend else "win")
            if not state.game.analyst.may_win_within(state, need):
                return None, need  # no move can win, nor let the opponent win, within that: spares every move
            return _solver_puzzle(state, plies, defend), 0
        if moves < 2 or (plies >= 3 and moves * moves > max_nodes):
            return None, 0
        children = search.children(state)
        wins = []
        for move, after in children:
            need = search.shortest(after, player, plies - 1)
            if need is not None:
                wins.append((move, after, need + 1))
                if len(wins) > 1:
                    return None, 0
        if wins:
            move, after, need = wins[0]
            line = search.line(after, player, need - 1, need - 1)
            return ("win", str(move), need, tuple(str(m) for m in line)), 0
        if opponent is None:
            return None, 0
        safe = []
        for move, after in children:
            if not search.wins(after, opponent, plies - 1):
                safe.append(move)
                if len(safe) > 1:
                    return None, 0
        return (("defend", str(safe[0]), None, ()) if safe else None), 0
    except TooBig:
        return None, 0


def proved_depth(game: Any, plies: int, kind: str) -> int:
    """Within how many plies a puzzle of ``kind`` in ``game`` is proved when ``plies`` are asked:
    ``plies``, or fewer where the game's own search reaches less (one that proves wins in one
    move: a ``"win"`` within 1 ply, a ``"defend"`` within 2)."""
    reach = game.analyst.solver_plies(game)
    if not reach:
        return plies
    return max(1, min(plies, reach + 1 if kind == "defend" else reach))


def _solver_puzzle(state: State, plies: int, defend: bool) -> tuple | None:
    """:func:`find_puzzle` for a game proved by its own exact search
    (:meth:`~icewidgets.analyst.Analyst.shortest_win`, within its
    :meth:`~icewidgets.analyst.Analyst.solver_plies`) instead of the generic one, asked as the
    hints' proofs ask it (:func:`.tactics.solver_proofs`): a move after which the mover moves
    again is asked for the mover's win, one after which the opponent of a two-player game moves,
    for the opponent's; nothing is proved past a chance ply. ``defend``: look for a defence too.
    A search that cannot decide a move (:class:`~icewidgets.analyst.Undecided`) leaves no puzzle:
    "only one move" needs every other move decided."""
    children = [(move, state._apply(move)) for move in state.legal_moves()]
    found = ended(children, state.player)
    try:
        lines = solver_proofs(state, children, found, most=plies, losses=False, strict=True, bounded=False)
        wins = [index for index, (result, _) in found.items() if result == "win"]
        if wins:
            index = wins[0]
            line = tuple(str(m) for m in lines.get(index, ()))
            return ("win", str(children[index][0]), found[index][1], line) if len(wins) == 1 else None
        if not defend:
            return None
        solver_proofs(state, children, found, most=plies, wins=False, strict=True, bounded=False)
    except Undecided:
        return None
    safe = [move for index, (move, _) in enumerate(children) if found.get(index, ("",))[0] != "loss"]
    return ("defend", str(safe[0]), None, ()) if len(safe) == 1 else None


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
    made = [record.make_game() for record in games]
    searched: dict[str, list[int]] = {game.title: [0, 0, plies, 0] for game in made}  # positions, far, fewest, found
    for index in order:
        g, ply = places[int(index)]
        state = states[g][ply]
        if state in seen:
            continue
        seen.add(state)
        tally = searched[made[g].title]
        tally[0] += 1
        result, far = _find(state, plies, max_nodes)
        if far:
            tally[1] += 1
            tally[2] = min(tally[2], far)
        if result is None:
            continue
        tally[3] += 1
        kind, move, need, line = result
        name = state.game.player_name(state.player)
        value = 1.0 if kind == "win" else float("nan")  # a defence is proved not lost, not valued
        found.append(Puzzle(state, state.player, name, ply + 1, None, None, None, move, value, value, value,
                            kind == "win",
                            "win" if kind == "win" else None, need, line, 0.0, source=labels[g], kind=kind,
                            depth=proved_depth(state.game, plies, kind)))
        if len(found) >= n:
            break
    titles = sorted(searched)
    of = f"{plural(len(games), 'game')} of {name_list(titles)}"
    win_within = max((proved_depth(game, plies, "win") for game in made), default=plies)  # as far as searches reach
    defend_within = max((proved_depth(game, plies, "defend") for game in made), default=plies)
    within = max((puzzle.depth for puzzle in found), default=max(win_within, defend_within))
    title = f"{plural(len(found), 'puzzle')} from {of} (seed {seed}, proved within {plural(within, 'ply', 'plies')})"
    note = ""
    if not found:
        total = sum(tally[0] for tally in searched.values())
        note = (f"No position of these games ({plural(total, 'position')} searched) has exactly one move that "
                f"forces a win within {plural(win_within, 'ply', 'plies')}, or one move that alone avoids a loss "
                + ("within as many." if defend_within == win_within else
                   f"within {plural(defend_within, 'ply', 'plies')}."))
    elif len(found) < n:
        which = "every position" if last is None else f"the last {plural(last, 'position')} of each game"
        note = f"Only {len(found)} of the {n} puzzles asked for: {which} searched."
    if len(found) < n:  # every position was searched: say which game gave none, and why
        reasons = [_why_none(name, searched[name], [game for game in made if game.title == name])
                   for name in titles if not searched[name][3]]
        note = " ".join([note, *(reason for reason in reasons if reason)])
    return ExerciseSet(tuple(found), title, note)


def _why_none(title: str, tally: list[int], games: list) -> str:
    """Why the games of one title gave no puzzle: how many positions were searched, how many of
    them its own search proved to be far from any win, and the game's advice."""
    positions, far, fewest, _ = tally
    if not positions:
        return f"{title}: no position to search (a player to move, the game not over)."
    said = f"{title}: no puzzle in {plural(positions, 'position')} searched"
    if far:
        said += (f"; in {far} of them the game's own search proves that no line of at most "
                 f"{plural(fewest, 'ply', 'plies')}, whoever plays it, ends in a win, so no move there wins or "
                 "avoids a loss that soon")
    advice = sorted({game.analyst.puzzle_advice(game) for game in games} - {""})
    return " ".join([said + ".", *advice])
