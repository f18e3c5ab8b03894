"""Learn from your mistakes: exercises made of an analysed game's labelled moves.

:func:`exercises` (``analysis.exercises(player)``) turns each labelled ply of a player (an
inaccuracy, a mistake or a blunder) into an :class:`Exercise`: the position before it, and the
task "find a better move". :meth:`Exercise.check` reads an answer in any notation the game
accepts (any case, spaces inside) and judges it against the analysis:

- a move that an exact search proves to win (within :data:`PROOF_PLIES` plies) is right, and
  one it proves to lose (the opponent forces a win) is wrong, whatever the estimates say;
- where the analysis proved a win (the mistake "missed a win"), only a proved win is right;
- otherwise a move is right when its value, estimated with the analysis' own precision, policy
  and seed, is within the precision of the best move's (at least the best value − precision);
- the move played in the game is never right; a move that is not legal there is answered with
  the rules' own reason, and does not count as a try.

:meth:`Exercise.hint` gives a hint on request; after a second wrong try the verdict gives the
solution. :func:`icewidgets.puzzles` makes exercises of another kind (:class:`~.puzzles.Puzzle`)
from many games, where the search proves the one answer.

>>> import icewidgets as iw
>>> from icewidgets.analysis.teaching import bot_game
>>> analysis = iw.analyse(bot_game(iw.available_games()[1], "easy", seed=1, max_plies=6), precision=0.2)
>>> tasks = analysis.exercises(0)
>>> tasks.player, len(tasks) == sum(p.player == 0 for p in analysis.labelled)
(0, True)
"""

from __future__ import annotations

import dataclasses
import numbers
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from .. import agents as agents_module
from ..protocol import CHANCE, State
from ..teaching import Verdict, move_reader, move_text, shown
from ..words import plural
from .labels import SYMBOLS
from .tactics import Search, SearchLimit
from .values import Value, value_positions

if TYPE_CHECKING:  # an Analysis makes its exercises: this module sits below it
    from .result import Analysis, PlyAnalysis

__all__ = ["MAX_NODES", "PROOF_PLIES", "BudgetSearch", "Exercise", "ExerciseSet", "MoveProof", "TooBig", "exercise_at",
           "exercises", "line_words", "move_place", "position_value", "prove_move", "read_answer"]

PROOF_PLIES = 4
"""How deep (in plies, the answer counted) an answer is searched for a proved win or loss."""
MAX_NODES = 60_000
"""The most positions the search of one answer generates (every legal move of every position it
expands counts one): beyond it the answer stays unproved. A count, not a time, so that the same
answer gets the same verdict on any machine."""


TooBig = SearchLimit
"""The search met its node budget (:class:`~.tactics.SearchLimit`)."""


class BudgetSearch(Search):
    """The proof search of :mod:`.tactics` on a budget of :data:`MAX_NODES` generated positions
    and no clock (a count of positions bounds the work whatever the number of legal moves)."""

    def __init__(self, max_nodes: int = MAX_NODES):
        super().__init__(max_nodes)


@dataclasses.dataclass(frozen=True)
class MoveProof:
    """What a complete search of ``plies`` plies proved of one move for its player:
    ``result`` ``"win"`` or ``"loss"`` in ``within`` plies (the move counted) with the proof's
    ``line`` (the moves after it), None when neither holds within ``plies``; ``searched``
    False when the node budget ran out first (nothing is known then)."""

    result: str | None
    within: int | None
    line: tuple[str, ...] = ()
    plies: int = PROOF_PLIES
    searched: bool = True


def prove_move(state: State, move: Any, plies: int = PROOF_PLIES, search: BudgetSearch | None = None,
               losses: bool = True) -> MoveProof:
    """Whether ``move`` (legal in ``state``) wins or loses by force within ``plies`` plies, the
    move counted (a loss only in a two-player game: the opponent forces a sole win). The search
    of :mod:`.tactics`, on a budget of positions (``search``; a new :class:`BudgetSearch` by default).

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state()
    >>> prove_move(state, state.legal_moves()[0], plies=2).result is None
    True
    """
    search = search or BudgetSearch()
    player = state.player
    opponent = 1 - player if state.game.num_players == 2 else None
    after = state.play(move)
    if after.is_over:
        winners = tuple(after.winners)
        result = "win" if winners == (player,) else "loss" if opponent is not None and winners == (opponent,) else None
        return MoveProof(result, 1 if result else None, (), plies)
    if after.to_move == CHANCE:  # nothing is proved past a roll of the dice
        return MoveProof(None, None, (), plies)
    try:
        for depth in range(1, plies):
            for who, result in ((player, "win"), (opponent, "loss")):
                if who is None or (result == "loss" and not losses):
                    continue
                if search.wins(after, who, depth):
                    line = search.line(after, who, depth, depth)
                    return MoveProof(result, depth + 1, tuple(str(m) for m in line), plies)
    except TooBig:
        return MoveProof(None, None, (), plies, searched=False)
    return MoveProof(None, None, (), plies)


def read_answer(state: State, answer: Any) -> tuple[str | None, str]:
    """``(move text, "")`` for an answer that names a legal move of ``state`` (a move object, or
    its text in any case, with spaces), else ``(None, why not)`` in the rules' words."""
    game = state.game
    text = move_text(game, answer)
    if text is None or not text.strip():
        example = str(state.legal_moves()[0])
        return None, f"give a move as a text like {example!r}, not {shown(answer)}"
    try:
        move = move_reader(game)(text.strip())
    except ValueError as error:
        return None, f"{shown(text.strip())} is not a move: {error}"
    try:
        why = state.why_illegal(move)
    except ValueError as error:
        why = str(error)
    if why is not None:
        return None, f"{move} is not legal here: {why}"
    return move, ""


def move_place(state: State, move: str) -> str:
    """Where ``move`` starts, in words, for a hint ("" when it has no square)."""
    try:
        pairs = state.game.controls.move_squares(state, state.game.parse_move(move))
    except (ValueError, TypeError, AttributeError):
        return ""
    for source, target in pairs:
        if source:
            return f"it starts from {source}"
        if target:
            return f"it goes to {target}"
    return ""


@dataclasses.dataclass(eq=False)
class Exercise:
    """Find a better move: ``state`` (a decision of ``player``, named ``name``), where ``played``
    was played at ply ``ply`` of the game (its ``label`` and ``reason``), and ``solution`` is
    the best move the analysis found (worth ``value``, its interval ``low``–``high`` or
    exact; ``proved``/``plies`` when a search proved it; ``line`` the continuation after it).

    :meth:`check` judges an answer (see the module docstring), :meth:`hint` helps, ``tries``
    counts the wrong answers so far and ``solved`` says whether a right one was given.
    """

    state: State
    player: int
    name: str
    ply: int | None
    played: str | None
    label: str | None
    reason: str | None
    solution: str
    value: float
    low: float
    high: float
    exact: bool
    proved: str | None
    plies: int | None
    line: tuple[str, ...]
    precision: float
    policy: Any = "greedy"
    seed: int = 0
    engine: str = "auto"
    source: str = ""
    tries: int = 0
    solved: bool = False
    _known: dict[str, tuple[bool, str]] = dataclasses.field(default_factory=dict, repr=False)

    # The task --------------------------------------------------------------------------------

    @property
    def question(self) -> str:
        """The task in a sentence."""
        where = f"{self.source}, ply {self.ply}" if self.source else f"Ply {self.ply}"
        label = f", {self.label} ({SYMBOLS[self.label]}{': ' + self.reason if self.reason else ''})" \
            if self.label in SYMBOLS else ""
        return f"{where}: {self.name} played {self.played}{label}. Find a better move for {self.name}."

    @property
    def solution_text(self) -> str:
        """The solution in words: the best move, its value and its line."""
        if self.proved == "win" and self.plies:
            how = f"a proved win in {plural(self.plies, 'ply', 'plies')}"
        elif self.exact:
            how = f"worth exactly {self.value:.2f}"
        else:
            how = f"worth {self.value:.2f} [{self.low:.2f}–{self.high:.2f}]"
        then = f", then {' '.join(self.line)}" if self.line else ""
        return f"{self.solution} ({how}){then}"

    def hint(self) -> str:
        """A hint: what was wrong with the move played, and where the better move starts."""
        parts = []
        if self.proved == "win" and self.plies:
            parts.append(f"{self.name} can force a win within {plural(self.plies, 'ply', 'plies')} here")
        elif self.reason:
            parts.append(f"{self.played} {self.reason}")
        where = move_place(self.state, self.solution)
        if where:
            parts.append(f"the move to find: {where}")
        return "Hint: " + "; ".join(parts) + "." if parts else "Hint: look at every move that changes the score."

    def check(self, answer: Any) -> Verdict:
        """Judge ``answer`` (a move or its text): a :class:`~icewidgets.teaching.Verdict`.

        A move that is not legal (or no move) is answered with why, and is not a try; after the
        second wrong try the verdict gives the solution.
        """
        move, why = read_answer(self.state, answer)
        if move is None:
            return Verdict(False, why)
        if move not in self._known:
            self._known[move] = self._judge(move)
        right, words = self._known[move]
        if right:
            self.solved = True
            return Verdict(True, words)
        self.tries += 1
        if self.tries >= 2:
            return Verdict(False, f"{words}. The solution: {self.solution_text}")
        return Verdict(False, f"{words}. Try again (ask for a hint if you like)")

    def _judge(self, move: str) -> tuple[bool, str]:
        """``(right, why)`` for the legal move ``move``."""
        if move == self.played:
            return False, f"{move} is the move played in the game, the one to improve on"
        return self.compare(move)

    def compare(self, move: str) -> tuple[bool, str]:
        """``(right, why)``: whether the legal move ``move`` is as good as the best move found,
        by the rules of this module (a proof first; else its estimate within the analysis'
        precision of the best found, the analysis then cannot tell the two apart). Unlike
        :meth:`check`, the move played is judged like any other, and no try is counted."""
        if move == self.solution:
            return True, f"{move} is the best move the analysis found: {self.solution_text}"
        proof = prove_move(self.state, move, max(PROOF_PLIES, self.plies or 0) if self.proved == "win" else PROOF_PLIES)
        if proof.result == "win":
            return True, f"{move} wins by force within {plural(proof.within, 'ply', 'plies')}" + line_words(proof.line)
        if proof.result == "loss":
            return False, f"{move} loses by force within {plural(proof.within, 'ply', 'plies')}" + line_words(proof.line)
        if self.proved == "win":
            return False, (f"{move} is not a proved win (none within {plural(proof.plies, 'ply', 'plies')}), and a "
                           f"move here wins within {plural(self.plies, 'ply', 'plies')}")
        low, value, high = self._value(move)
        least = self.value - self.precision
        said = f"{move} is worth {value:.2f} [{low:.2f}–{high:.2f}] to {self.name}"
        if value >= least - 1e-12:
            return True, f"{said}, within ±{self.precision:g} of the best found ({self.value:.2f})"
        return False, f"{said}, less than the best found ({self.value:.2f}) by more than ±{self.precision:g}"

    def _value(self, move: str) -> tuple[float, float, float]:
        value = position_value(self.state.play(move), self.precision, self.policy, self.seed, self.engine)
        p = self.player
        return value.low[p], value.points[p], value.high[p]

    def __repr__(self) -> str:
        return self.question

    def _repr_html_(self) -> str:
        import html

        from ..svg import board

        return f"<p>{html.escape(self.question)}</p>{board(self.state)}"


def position_value(state: State, precision: float, policy: Any, seed: int, engine: str) -> Value:
    """The value of ``state`` to ``precision`` by the rollouts of ``policy`` (a name or an agent
    the analysis used), seeded by ``seed``: what :func:`icewidgets.analysis.evaluate` gives."""
    agent = agents_module.get_agent(policy, "policy")
    return value_positions(state.game, [state], agent, seed, engine, precision)[0]


def line_words(line: Sequence[str]) -> str:
    """``": a b c"`` after a verdict, for a proof's line (nothing without one)."""
    return f": {' '.join(line)}" if line else ""


@dataclasses.dataclass(frozen=True)
class ExerciseSet(Sequence):
    """Exercises in order (a sequence of :class:`Exercise`), with ``title`` and a ``note``
    saying why there are none when the set is empty."""

    exercises: tuple[Exercise, ...]
    title: str
    note: str = ""
    player: int | None = None

    def __getitem__(self, index: Any) -> Any:
        return self.exercises[index]

    def __len__(self) -> int:
        return len(self.exercises)

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.exercises)

    def __repr__(self) -> str:
        lines = [self.title]
        if self.note:
            lines.append(self.note)
        lines += [f"  {i}. {exercise.question}" for i, exercise in enumerate(self.exercises, 1)]
        return "\n".join(lines)

    __str__ = __repr__


def _read_player(analysis: Analysis, player: Any) -> int | None:
    """``player`` as a seat index: a seat number from 0 (as ``PlyAnalysis.player``), or a name in any case."""
    names = analysis.names
    if player is None:
        return None
    if isinstance(player, str):
        key = " ".join(player.lower().split())
        lowered = [name.lower() for name in names]
        if key in lowered:
            return lowered.index(key)
    elif isinstance(player, numbers.Integral) and not isinstance(player, bool) and 0 <= player < len(names):
        return int(player)
    raise ValueError(f"player={shown(player)} must be a seat number from 0 to {len(names) - 1} or a player's "
                     f"name ({', '.join(names)}), or None for every player")


def exercises(analysis: Analysis, player: Any = None, source: str = "") -> ExerciseSet:
    """The exercises of ``analysis``: one per labelled ply of ``player`` (a seat number from 0,
    or a name; None: every player), in the order of the game. ``source`` names the game in the
    questions (e.g. the pair who played it). An analysis without labelled moves of that player
    gives an empty set whose ``note`` says so."""
    if not hasattr(analysis, "labelled") or not hasattr(analysis, "record"):  # an Analysis, known by its parts
        raise TypeError(f"exercises() needs an Analysis (what iw.analyse returns), not {type(analysis).__name__}")
    seat = _read_player(analysis, player)
    names = analysis.names
    who = "every player" if seat is None else names[seat]
    chosen = [ply for ply in analysis.labelled if not ply.chance and (seat is None or ply.player == seat)]
    states = list(analysis.record.states())
    tasks = tuple(exercise_at(analysis, ply, source, states) for ply in chosen)
    title = f"{plural(len(tasks), 'exercise')} from the mistakes of {who} ({analysis.record.make_game().title})"
    note = ""
    if not tasks:
        done = "" if analysis.complete else f" (only {len(analysis.plies)} of {len(analysis.record.plies)} plies " \
                                            "are analysed)"
        note = f"No move of {who} is labelled in this analysis{done}, so there is no mistake to learn from."
    return ExerciseSet(tasks, title, note, seat)


def exercise_at(analysis: Analysis, ply: PlyAnalysis, source: str = "",
                states: Sequence[State] | None = None) -> Exercise:
    """The exercise "find a better move" at the analysed decision ``ply`` of ``analysis``
    (labelled or not): its :meth:`Exercise.compare` judges any move there as the exercises do.
    ``states``: the record's states, when the caller has them already."""
    if ply.chance:
        raise ValueError(f"ply {ply.ply} is a roll of the dice: there is no move to find")
    state = states[ply.ply - 1] if states is not None else next(
        state for n, state in enumerate(analysis.record.states()) if n == ply.ply - 1)
    engine = "auto" if analysis.engine == "fast" else "reference"
    best = ply.best_value
    p = ply.player
    return Exercise(state, p, analysis.names[p], ply.ply, ply.move, ply.label, ply.reason, ply.best, best.points[p],
                    best.low[p], best.high[p], best.exact, ply.best_proved, ply.best_plies, ply.best_line,
                    analysis.precision, analysis.policy_function or analysis.policy, analysis.seed, engine, source)
