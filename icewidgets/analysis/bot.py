"""The rollout bot: the analysis's race over moves, as a player (:func:`make_rollout_bot`).

At each decision the bot compares the game's candidate moves (``game.analyst.candidates``, by
default every legal move) by the value of the position each leads to, with the race of
:mod:`.search` — successive halving over rollouts of the game's rollout policy
(``game.analyst.rollout``) — and plays the best. With the greedy rule as the policy this is the
classic *rollout improvement* of that rule: every ply is judged by how the game goes on when
both sides then play the rule, so the bot beats the rule wherever the rollouts see further than
the rule's one-ply values. A game offers it for one of its levels by name
(``Game.plug_in(levels={"hard": "icewidgets.analysis.bot:rollout_bot"})``, see
:attr:`icewidgets.protocol.Game.levels`).

- A move that wins at once is played at once; a position with one candidate needs no rollouts.
- The rollouts run in the game's compiled kernel (``play_from``), one thread. Where no kernel
  plays the policy (numba missing, or a game without one), rollouts on the rules engines would
  take far too long for a bot, so the bot plays the game's greedy rule instead. So it does
  while the kernel is being prepared (its first moves after installing, for a compile's
  length: :func:`icewidgets.fast.ready`), unless :data:`GREEDY_WHILE_PREPARING` is False: a move
  never waits for a compiler.
- Its budget is a number of rollouts, never a clock, so once its kernel is ready the bot is
  fully determined by ``rng`` (one ``rng.integers`` draw seeds a decision's rollouts; the greedy
  fallback draws once more); chance plies take one draw (:func:`icewidgets.agents.chance_move`).
"""

from __future__ import annotations

from typing import Any

from .. import agents, checks
from ..protocol import CHANCE, State
from .search import race
from .values import Rollouts

__all__ = ["GREEDY_WHILE_PREPARING", "make_rollout_bot", "rollout_bot"]

GREEDY_WHILE_PREPARING = True
"""Whether the bot plays the greedy rule while its kernel is being prepared (its first moves in a
new installation), rather than its race on the rules engine, which would take as long as the
compile (20 s or more in some games). Its moves then depend on when the compile ends: set it
False where they must not (tests that pin a bot's moves)."""


def make_rollout_bot(round_budget: int = 64, precision: float = 0.1) -> agents.Agent:
    """A rollout bot (see the module docstring). ``round_budget`` rollouts make the race's first
    round, shared by the candidates (at least 4 each), and bound the whole race as in
    :mod:`.search` (about log₂(candidates) + 2 rounds of that, plus the rollouts that bring the
    best move to ±``precision``): 64 and 0.1 cost at most about 500 rollouts a decision.

    >>> bot = make_rollout_bot(round_budget=32)
    >>> bot.agent_name
    'rollouts(round_budget=32, precision=0.1)'
    """
    round_budget = checks.whole(round_budget, "round_budget", low=1)
    precision = checks.number(precision, "precision", low=0, high=0.5, low_open=True, high_open=True)

    def bot(state: State, rng: Any) -> Any:
        if state.to_move == CHANCE:
            return agents.chance_move(state, rng)
        seed = int(rng.integers(2**63))
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the rollout bot was asked for a move in a position without legal moves "
                             f"({'the game is over' if state.is_over else 'none is legal'})")
        player = state.player
        for move in moves:
            after = state._apply(move)  # a listed move is legal: no second check
            if after.is_over and after.winners == (player,):
                return move
        chosen = state.game.analyst.candidates(state)
        candidates = moves if chosen is None else list(chosen)
        if not set(candidates) <= set(moves):
            raise ValueError(f"{type(state.game.analyst).__name__}.candidates() named moves that are not legal "
                             f"here: {', '.join(str(m) for m in candidates if m not in moves)}")
        if len(candidates) <= 1:
            return candidates[0] if candidates else moves[0]
        with Rollouts(state.game, state.game.analyst.rollout, seed, workers=1) as rollouts:
            if not rollouts.compiled or (GREEDY_WHILE_PREPARING and not rollouts.ready_at_start):
                return agents.greedy(state, rng)
            ranking = race(state, rollouts, precision, moves=candidates, round_budget=round_budget)
        return ranking[0].move

    bot.agent_name = f"rollouts(round_budget={round_budget}, precision={precision:g})"  # type: ignore[attr-defined]
    bot.__name__ = bot.__qualname__ = "rollout_bot"
    bot.__doc__ = (f"rollout_bot(state, rng) -> move: the rollout bot (round_budget={round_budget}, "
                   f"precision={precision:g}). It plays a move that wins at once, else races the game's candidate "
                   "moves (game.analyst.candidates) by rollouts of its rollout policy in the game's compiled kernel, "
                   "and plays the best; where no kernel plays them, or while it is being prepared, it plays the "
                   "greedy rule. Offer it as a level "
                   "with Game.plug_in(levels={'hard': 'icewidgets.analysis.bot:rollout_bot'}); "
                   "make_rollout_bot() makes one of another budget (module icewidgets.analysis.bot).")
    return bot


rollout_bot = make_rollout_bot()
"""The rollout bot with its default budget (a game's ``levels`` hook names it)."""
