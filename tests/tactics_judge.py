"""A plain minimax over the rules engine: the independent judge of the analysis' proved tactics.

It uses the public rules API alone (``legal_moves``, ``play``, ``to_move``, ``is_over``,
``winners``, ``iw.CHANCE``) and no code of the analysis package, so that the suite in
tests/test_tactics.py checks the analysis against something written apart from it.

Plies are counted one by one and the player to move is always read from ``state.to_move``: a
player may move several plies in a row (a Volcano cap move without an eruption, Volterra's two
actions, a Blockade turn). A chance ply (a dice roll) ends the search: nothing is proved past it,
unless the game is already over. A result is for the player who makes the move:

- ``win`` in N: that player wins alone, whatever every other player does, within N plies (the
  move itself counted), N the smallest such;
- ``loss`` in N (two players only): the opponent wins alone within N plies whatever the mover
  does, N the smallest such (the longest defence). With more players only a move that ends the
  game is a proved loss;
- ``shared`` in N with ``value`` v: within N plies the mover is sure of exactly v points (a
  shared win), at best and at worst; with more players only a move that ends the game;
- ``None``: nothing proved within the depth.

>>> import icewidgets as iw
>>> state = iw.make("volcano").new_state(seed=1)
>>> verdicts = judge(state, 1)
>>> sorted(set(v.result for v in verdicts.values()))   # nothing ends the game in one ply
[None]
"""

from __future__ import annotations

import dataclasses
from typing import Any

import icewidgets as iw


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The judge's result for one move: ``result`` ("win", "loss", "shared" or None), ``plies``
    (the move itself counted) and ``value`` (the mover's points: 1, 0, the share; None when
    unknown)."""

    result: str | None = None
    plies: int | None = None
    value: float | None = None

    def __str__(self) -> str:
        return "?" if self.result is None else f"{self.result}{self.plies}"

    @classmethod
    def parse(cls, text: str) -> "Verdict":
        """The inverse of ``str()`` (shared verdicts keep their value after a ``@``)."""
        if text == "?":
            return cls()
        text, _, value = text.partition("@")
        for result in ("win", "loss", "shared"):
            if text.startswith(result):
                plies = int(text[len(result):])
                exact = {"win": 1.0, "loss": 0.0}.get(result)
                return cls(result, plies, exact if exact is not None else float(value))
        raise ValueError(f"not a verdict: {text!r}")

    def to_text(self) -> str:
        return f"{self}@{self.value:.6g}" if self.result == "shared" else str(self)


def points(state: Any, player: int) -> float:
    """The player's points in a finished game: 1 shared by the winners, a draw 1/players each."""
    winners = tuple(state.winners)
    if not winners:
        return 1.0 / state.game.num_players
    return 1.0 / len(winners) if player in winners else 0.0


class Judge:
    """Exact minimax with a memo. ``forces_win`` and ``bounds`` are the two questions it asks."""

    def __init__(self) -> None:
        self._children: dict[Any, list[Any]] = {}
        self._wins: dict[tuple[Any, int, int], bool] = {}
        self._bounds: dict[tuple[Any, int, int], tuple[float, float]] = {}
        self.positions = 0  # distinct positions expanded: the judge's work

    def children(self, state: Any) -> list[Any]:
        """The positions after each legal move (memoised: the same position is met many times)."""
        found = self._children.get(state)
        if found is None:
            found = [state.play(move) for move in state.legal_moves()]
            self._children[state] = found
            self.positions += 1
        return found

    def forces_win(self, state: Any, player: int, plies: int) -> bool:
        """Can ``player`` make sure to win alone within ``plies`` plies from ``state``, whatever
        the others do?"""
        if state.is_over:
            return tuple(state.winners) == (player,)
        if plies <= 0 or state.to_move == iw.CHANCE:
            return False
        key = (state, player, plies)
        known = self._wins.get(key)
        if known is None:
            children = self.children(state)
            if state.to_move == player:
                known = any(self.forces_win(child, player, plies - 1) for child in children)
            else:
                known = bool(children) and all(self.forces_win(child, player, plies - 1) for child in children)
            self._wins[key] = known
        return known

    def bounds(self, state: Any, player: int, plies: int) -> tuple[float, float]:
        """The least and the most points ``player`` can be sure of within ``plies`` plies, the
        others playing against them (a position not decided in time is worth anything, 0 to 1)."""
        if state.is_over:
            value = points(state, player)
            return value, value
        if plies <= 0 or state.to_move == iw.CHANCE:
            return 0.0, 1.0
        key = (state, player, plies)
        known = self._bounds.get(key)
        if known is None:
            mine = state.to_move == player
            low, high = (0.0, 0.0) if mine else (1.0, 1.0)
            for child in self.children(state):
                child_low, child_high = self.bounds(child, player, plies - 1)
                if mine:
                    low, high = max(low, child_low), max(high, child_high)
                    if low == 1.0:  # nothing is better than a sure win
                        break
                else:
                    low, high = min(low, child_low), min(high, child_high)
                    if high == 0.0:  # nothing is worse than a sure loss
                        break
            known = (low, high)
            self._bounds[key] = known
        return known

    def verdict(self, state: Any, move: Any, depth: int, shared: bool = True) -> Verdict:
        """The result of ``move`` for the player making it, within ``depth`` plies (the move
        counted). ``shared=False`` skips the costlier search for shared wins."""
        mover = state.to_move
        after = state.play(move)
        if after.is_over:
            value = points(after, mover)
            return Verdict({1.0: "win", 0.0: "loss"}.get(value, "shared"), 1, value)
        players = state.game.num_players
        opponent = 1 - mover if players == 2 else None
        for plies in range(2, depth + 1):
            if self.forces_win(after, mover, plies - 1):
                return Verdict("win", plies, 1.0)
            if opponent is not None and self.forces_win(after, opponent, plies - 1):
                return Verdict("loss", plies, 0.0)
            if shared and opponent is not None:
                low, high = self.bounds(after, mover, plies - 1)
                if low == high:
                    return Verdict("shared", plies, low)
        return Verdict()


def judge(state: Any, depth: int, shared: bool = True, referee: Judge | None = None) -> dict[str, Verdict]:
    """Every legal move of ``state`` (by its text) with its :class:`Verdict` within ``depth`` plies."""
    referee = referee or Judge()
    return {str(move): referee.verdict(state, move, depth, shared) for move in state.legal_moves()}


def turn_win(state: Any, referee: Judge | None = None) -> Verdict:
    """Can the player to move win within their current turn (before the next chance ply, or the
    next player's move)? The shortest such win, or an unknown verdict."""
    referee = referee or Judge()
    mover = state.to_move
    longest = _turn_length(state, mover, referee, {})
    for plies in range(1, longest + 1):
        if referee.forces_win(state, mover, plies):
            return Verdict("win", plies, 1.0)
    return Verdict()


def _turn_length(state: Any, mover: int, referee: Judge, memo: dict[Any, int]) -> int:
    """The most plies ``mover`` can still play in a row from ``state``."""
    if state.is_over or state.to_move != mover:
        return 0
    if state not in memo:
        memo[state] = 1 + max((_turn_length(child, mover, referee, memo) for child in referee.children(state)),
                              default=0)
    return memo[state]
