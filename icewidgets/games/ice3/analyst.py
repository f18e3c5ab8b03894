"""How analysis values Ice3 positions: greedy rollouts, and the solver in puzzles.

In a one-player game (a puzzle) :func:`~.solver.solve` proves the shortest way to a goal: where
one of at most :data:`SOLVER_DEPTH` moves exists, :meth:`Ice3Analyst.winning_line` gives it, so
the analysis values the position 1 and its first move best, and ``iw.hint`` puts that move first
— the start of a shortest solution, on every rung of the ladder (:mod:`.puzzles`). With two or
more players the goal is shared (whoever completes it wins), so no line of several moves is a
forced win: the solver proves wins in one move, which after a move of the opponent's is a loss
in two plies for that opponent. The analysis's proof search (:mod:`icewidgets.analysis.tactics`)
asks the solver (:meth:`Ice3Analyst.shortest_win`) for every legal move; a position has a few
hundred, too many for a generic search to go even two plies deep.

A puzzle set (:func:`icewidgets.puzzles`) is proved as far as the solver reaches: with two
players, a move that alone completes a goal, or (a defence) the one move after which the
opponent cannot complete one. It first asks :meth:`Ice3Analyst.may_win_within`: the solver
proves in milliseconds that no line of two moves, whoever plays them, reaches a goal, where
playing each of a position's few hundred moves would take about 60 ms. Under the exact goal that
is so in every position of the easy and medium bots' games, so their set is empty
(:data:`PUZZLE_NOTE` says why); games under ``goal='loose'`` end, and give puzzles.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ...analyst import Analyst
from .rules import Ice3State
from .solver import reaches_goal, solve

__all__ = ["SOLVER_DEPTH", "Ice3Analyst"]

SOLVER_DEPTH = 3
"""The longest solution the analysis asks the solver for: the ladder's longest, found in well
under a second on its positions (a full board far from any goal is refused sooner still)."""

ROLLOUT_NOTE = (
    "Greedy rollouts. Under goal='loose', on 300 positions of medium-level games, all of them finish "
    "and predict the final points with a Brier score of 0.097, against random ones' 0.249 (1.3% "
    "finish; baseline 0.250). Under the default exact goal no rollout of either policy ends within "
    "the playout turn limit (300 moves), so every value is 1/2 and only wins in one move (found "
    "exactly) tell moves apart (measured for this package). Puzzles (one player) ask the solver first."
)


PUZZLE_NOTE = (
    "Under the exact goal games seldom come near a goal: of the 30,100 positions of 100 bot games (easy and "
    "medium levels, 300 plies each) none is within two moves of one (measured for this package). Games under "
    "goal='loose' end, and give puzzles; the ladder (icewidgets.games.ice3.puzzles) has one-player ones."
)


@dataclasses.dataclass(frozen=True)
class Ice3Analyst(Analyst):
    """Greedy rollouts (see :data:`ROLLOUT_NOTE`), and in puzzles the solver's shortest line."""

    rollout: str = "greedy"
    note: str = ROLLOUT_NOTE
    unfinished_note: str = ("Ice3's analysis is calibrated only under goal='loose' (two players), where greedy "
                            "rollouts finish: iw.make('ice3', goal='loose').")

    def unfinished_advice(self, game: Any) -> str:
        """The note, or under the loose goal already: where greedy rollouts do not finish."""
        if game.goal != "loose":
            return self.unfinished_note
        return ("Under goal='loose' greedy rollouts finish from positions of greedy play (where the analysis is "
                "calibrated), but from some others the greedy rule moves a piece back and forth until the turn "
                "limit: this game's positions are such.")

    def puzzle_advice(self, game: Any) -> str:
        """:data:`PUZZLE_NOTE` under the exact goal (under the others games end, puzzles are found)."""
        return PUZZLE_NOTE if game.goal == "exact" else ""

    def may_win_within(self, state: Ice3State, plies: int) -> bool:
        """False when the solver proves that no line of at most ``plies`` moves reaches a goal
        (every player plays the same moves, so whoever plays them); True beyond
        :data:`SOLVER_DEPTH` moves, where it is not asked.

        >>> import icewidgets as iw
        >>> Ice3Analyst().may_win_within(iw.make("ice3").new_state(seed=1), 2)
        False
        """
        return plies > SOLVER_DEPTH or reaches_goal(state, max(0, plies))

    def solver_plies(self, game: Any) -> int:
        """:data:`SOLVER_DEPTH` in a one-player game, 1 with more players (a win in one move)."""
        return SOLVER_DEPTH if game.num_players == 1 else 1

    def shortest_win(self, state: Ice3State, most: int) -> Sequence[Any] | None:
        """The solver's shortest line of at most ``most`` moves (and :meth:`solver_plies`) to a
        goal, or None: proved, the player who completes a goal wins.

        >>> from icewidgets.games.ice3.puzzles import puzzle
        >>> state = puzzle("exact-2").state()
        >>> Ice3Analyst().shortest_win(state, 1) is None, len(Ice3Analyst().shortest_win(state, 3))
        (True, 2)
        """
        return solve(state, max(0, min(most, self.solver_plies(state.game)))) or None

    def winning_line(self, state: Ice3State) -> Sequence[Any] | None:
        """A shortest solution of at most :data:`SOLVER_DEPTH` moves in a one-player game, a win
        in one move with more players, else None.

        >>> from icewidgets.games.ice3.puzzles import puzzle
        >>> [str(move) for move in Ice3Analyst().winning_line(puzzle("exact-3").state())]
        ['YNW1', 'RE3', 'YN7']
        """
        return self.shortest_win(state, self.solver_plies(state.game))
