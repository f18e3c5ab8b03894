"""How analysis judges a game's positions: the :class:`Analyst` hook.

:func:`icewidgets.analyse` and :func:`icewidgets.hint` (:mod:`icewidgets.analysis`) value
positions by *rollouts*: games played on from the position by an agent, the *rollout policy*.
They are the same for every game; a game says two things about itself with an
:class:`Analyst`, attached with ``Game.plug_in(analyst=…)``:

- ``rollout``: the agent its rollouts play (a built-in name; the compiled kernels play
  ``"random"`` and ``"greedy"``), chosen by measurement — rollouts that finish their games and
  rank positions well — and ``note``, that measurement in a sentence or two;
- ``horizon``: the most plies a rollout plays before it stops unfinished (and counts like a
  draw), if the game's playout limit does not stop it sooner, and ``unfinished_note``, advice
  for when most rollouts stop unfinished (an analysis then warns);
- :meth:`Analyst.winning_line`: an exact answer where the game has one (a solver for puzzles):
  a shortest line by which the player to move wins, which the analysis then trusts over
  rollouts;
- :meth:`Analyst.shortest_win` and :meth:`Analyst.solver_plies`: the game's own exact search (a
  solver), which the analysis's proof search (:mod:`icewidgets.analysis.tactics`) asks instead
  of expanding positions itself, where positions have too many moves for a generic search;
- :meth:`Analyst.may_win_within`: whether a win can come at all within a few plies, whoever
  plays them (a cheap proof that it cannot spares a search of every move), and
  :meth:`Analyst.puzzle_advice`, why a game's games may hold no puzzle;
- :meth:`Analyst.candidates`: the moves worth comparing at a decision, where a search that
  plays (the rollout bot, :mod:`icewidgets.analysis.bot`) cannot afford rollouts for every
  legal move.

A game without one gets the default: greedy rollouts (a game without a greedy rule plays them
at random), a horizon of 1,000 plies, no exact answers, and every legal move a candidate. Nothing here imports numpy.

>>> Analyst().rollout, Analyst().winning_line(None) is None
('greedy', True)
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import TYPE_CHECKING, Any, ContextManager, Sequence

if TYPE_CHECKING:
    from .protocol import State


class Undecided(Exception):
    """Raised by :meth:`Analyst.shortest_win` when its search met its budget before it could
    answer: it proves neither a win nor that there is none."""


@dataclasses.dataclass(frozen=True)
class Analyst:
    """A game's rollout policy (``rollout``, why in ``note``, how long: ``horizon``) and its exact
    answers, if any."""

    rollout: str = "greedy"
    """The agent rollouts play: a built-in agent name (see :func:`icewidgets.agents.get_agent`)."""
    note: str = ""
    """Why this policy: what was measured (finishing rate, calibration), in plain words."""
    horizon: int = 1000
    """The most plies a rollout plays (fewer where the game's playout turn limit ends it first).
    Greedy rollouts that end do so well within 1,000 plies in each of the package's games (the
    longest that ended, of 20,000 greedy games per game, 2,000 of the slowest: 615 plies;
    benchmarks/README.md), while the few that never end would otherwise loop for thousands."""

    every_win: bool = False
    """Whether a hint asks the game's own search (:meth:`shortest_win`) about every move even once
    a shortest win is known, so that every win within its reach is shown, not only the shortest
    ones: for a search cheap enough past a win (one within the current turn, say)."""

    unfinished_note: str = ""
    """What to do when most rollouts stop unfinished (the analysis then warns that its values say
    little), in a sentence: e.g. the options under which the game's rollouts finish."""

    def unfinished_advice(self, game: Any) -> str:
        """:attr:`unfinished_note` for this ``game`` (a game whose advice depends on its options
        overrides this)."""
        return self.unfinished_note

    def puzzle_advice(self, game: Any) -> str:
        """Why the games of ``game`` may hold no puzzle (:func:`icewidgets.puzzles`) and where to
        find some, in a sentence or two (the default: nothing to add), said when a puzzle set finds
        none in them."""
        return ""

    def winning_line(self, state: "State") -> Sequence[Any] | None:
        """A shortest line of moves by which ``state.player`` wins alone from ``state``, or None
        when the game cannot tell (the default: never). Only a game that can prove it (an exact
        search) gives one; the analysis then values the position 1 for that player, its first
        move best, without rollouts. It is asked at every position analysed, so it must answer
        quickly (well under a second), and it is never asked at a finished position or a chance
        ply."""
        return None

    def solver_plies(self, game: Any) -> int:
        """How many plies ahead :meth:`shortest_win` proves wins in ``game`` (0, the default: the
        game has no exact search of its own). A game that has one is proved by it alone: the
        analysis's generic proof search does not expand its positions."""
        return 0

    def shortest_win(self, state: "State", most: int) -> Sequence[Any] | None:
        """A shortest line of at most ``most`` plies (and :meth:`solver_plies`) by which
        ``state``'s player to move wins alone whatever the others do, or None when there is
        none: an exact answer, so None proves that no such line exists within that reach (the
        default, with ``solver_plies`` 0, proves nothing and is never asked). A search that
        stops on a budget before it knows raises :class:`Undecided` instead of answering None.
        Asked for each legal move of a position analysed (of the position after it), so it must
        answer in milliseconds where no win is near."""
        return None

    def solver_session(self, bounded: bool = True) -> ContextManager[Any]:
        """A context within which the analysis asks :meth:`shortest_win` about the positions
        after each move of one decision (the default does nothing). ``bounded``: the searches of
        the decision may share a budget of their own (past it they raise :class:`Undecided`), as a
        hint's do; False where the caller bounds nothing. A search may share what it
        learns between those questions inside it, and must forget it after, so that what it
        proves of a decision does not depend on what was asked before."""
        return contextlib.nullcontext()

    def may_win_within(self, state: "State", plies: int) -> bool:
        """False when it is proved that no line of at most ``plies`` plies from ``state``,
        whoever plays its moves, ends the game with a win, so that no move of ``state`` wins or
        loses within ``plies`` plies (the move counted); True when one may (the default: the game
        cannot tell). Asked before the moves of a position are searched (a puzzle set asks every
        position of its games), so it must answer in milliseconds."""
        return True

    def candidates(self, state: "State") -> Sequence[Any] | None:
        """The legal moves of ``state`` worth comparing by rollouts, in ``legal_moves()`` order,
        or None for all of them (the default). A game whose decisions have too many moves for a
        bot's budget of rollouts names the few its own heuristic ranks best (for example its
        greedy rule's best few and the move that ends the turn). It is asked at every decision the rollout bot
        makes, never at a finished position or a chance ply, and must answer in milliseconds."""
        return None
