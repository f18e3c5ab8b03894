"""How analysis values Blockade positions, and which plies its "hard" level compares.

Rollouts play the greedy rule (see :data:`ROLLOUT_NOTE`). The ``"hard"`` level is the rollout
bot (:mod:`icewidgets.analysis.bot`, named by the package's ``levels`` hook): at each ply it
races the candidates :meth:`BlockadeAnalyst.candidates` names — the :data:`CANDIDATES` plies the
greedy rule values best, and ``end`` — by greedy rollouts in the compiled kernel, and plays the
best. A decision at the start of a turn has up to a few hundred legal plies (every piece, every
reachable square), too many to give each its own rollouts within a second.

Proofs (:meth:`BlockadeAnalyst.shortest_win`): every win within the current turn, once the dice
are known (:mod:`.turn_wins`); the next roll ends what can be proved.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ...analyst import Analyst
from ...protocol import EndTurn
from .greedy import greedy_keys
from .rules import BlockadeState
from .turn_wins import TURN_PLIES, decision_table, shortest_turn_win

__all__ = ["CANDIDATES", "ROLLOUT_NOTE", "BlockadeAnalyst"]

CANDIDATES = 8
"""How many of the greedy rule's best plies the hard level compares (``end`` comes on top)."""

ROLLOUT_NOTE = ("Greedy rollouts: on 300 positions of medium-level games a Brier score of 0.154 (baseline 0.249), "
                "99% finished; random ones, on 75 of them, 0.216 (baseline 0.250) at fifty times the cost "
                "(benchmarks/analysis_policy.py).")


@dataclasses.dataclass(frozen=True)
class BlockadeAnalyst(Analyst):
    """Greedy rollouts (see :data:`ROLLOUT_NOTE`); the greedy rule's best plies as candidates."""

    rollout: str = "greedy"
    note: str = ROLLOUT_NOTE
    every_win: bool = True  # every win within the turn is shown, the longer ones too

    def solver_plies(self, game: Any) -> int:
        """:data:`~.turn_wins.TURN_PLIES`: the rest of a turn, the most that can be proved past
        the dice."""
        return TURN_PLIES

    def shortest_win(self, state: BlockadeState, most: int) -> Sequence[Any] | None:
        """A shortest win within the current turn (:func:`~.turn_wins.shortest_turn_win`);
        :class:`~icewidgets.analyst.Undecided` where its budget ran out first."""
        return shortest_turn_win(state, most, strict=True)

    def solver_session(self, bounded: bool = True) -> Any:
        """The questions of one decision share a table of the turn's positions known not to
        win, and (``bounded``) a budget of positions (:func:`~.turn_wins.decision_table`)."""
        return decision_table(bounded)

    def winning_line(self, state: BlockadeState) -> Sequence[Any] | None:
        """A shortest win within the current turn, or None."""
        return shortest_turn_win(state, TURN_PLIES)

    def candidates(self, state: BlockadeState) -> Sequence[Any] | None:
        """The :data:`CANDIDATES` legal plies with the best greedy keys (ties: the first listed)
        and ``end`` when it is legal, in ``legal_moves()`` order.

        >>> from icewidgets.games.blockade import Blockade
        >>> state = Blockade().new_state(seed=2).play("G5B2")
        >>> [str(move) for move in BlockadeAnalyst().candidates(state)]  # 16 hops off a large tie at the top
        ['b2-a1', 'b2-b1', 'b2-c1', 'b2-a2', 'b2-c2', 'b2-a3', 'b2-b3', 'b2-c3', 'end']
        """
        moves, keys = greedy_keys(state)
        best = sorted(range(len(moves)), key=lambda i: -keys[i])[:CANDIDATES]
        chosen = set(best) | {i for i, move in enumerate(moves) if isinstance(move, EndTurn)}
        return [moves[i] for i in sorted(chosen)]
