"""The balance metrics of one game: lead changes, a comeback, the branching profile.

Every engine computes them with the same definitions (the rules engines here, from the game's
:meth:`~icewidgets.counters.Counters.progress` hook; each compiled kernel in its own code), and
the tests compare the two.

- **Samples**: the start position, then the position after every ply that completes a turn
  (``state.turns`` grew) or ends the game. Sample k has the progress tuple ``P_k`` (one value
  per player) and the turn count ``t_k``; ``T`` is the game's final turn count.
- **Sole leader** of a sample: the player whose progress is strictly greater than every other
  player's; none on a tie.
- **Lead changes**: the number of samples whose sole leader differs from the most recent sole
  leader before it (the first sole leader is no change; ties neither change nor reset the leader).
- **Comeback**: the game has exactly one winner w, ``T ≥ 2``, and at the half-time sample — the
  first sample with ``t_k ≥ ceil(T / 2)`` — w's progress was strictly less than the greatest
  progress of the other players.
- **Branching profile**: the mean number of legal moves at the decisions (plies that are not
  chance plies) in each tenth of the game: decision d (0-based) of D goes to bin ``d·10 // D``;
  a bin with no decision is NaN.

>>> samples = [(0, 0), (2, 0), (2, 3), (2, 3), (5, 3)]
>>> lead_changes(samples)
2
>>> comeback([0, 1, 2, 3, 4], samples, winners=(0,), turns=4)
True
>>> branching_profile([3, 5])
[3.0, nan, nan, nan, nan, 5.0, nan, nan, nan, nan]
"""

from __future__ import annotations

from typing import Any, Sequence

PROFILE_BINS = 10
"""The branching profile's bins: tenths of a game's decisions."""

__all__ = ["PROFILE_BINS", "branching_profile", "comeback", "lead_changes", "sole_leader"]


def sole_leader(progress: Sequence[Any]) -> int | None:
    """The player whose progress is strictly greater than every other player's, or None.

    >>> sole_leader([(3,), (1,), (2,)]), sole_leader([(3,), (3,)]), sole_leader([(2, 1), (2, 0)])
    (0, None, 0)
    """
    best = max(range(len(progress)), key=progress.__getitem__)
    others = (progress[p] for p in range(len(progress)) if p != best)
    return best if all(value < progress[best] for value in others) else None


def lead_changes(samples: Sequence[Sequence[Any]]) -> int:
    """How often the sole leader changed over the ``samples`` (progress tuples, in order).

    >>> lead_changes([((0,), (0,)), ((1,), (0,)), ((1,), (1,)), ((1,), (2,)), ((3,), (2,))])
    2
    """
    changes = 0
    leader = None
    for progress in samples:
        now = sole_leader(progress)
        if now is None:
            continue
        if leader is not None and now != leader:
            changes += 1
        leader = now
    return changes


def comeback(sample_turns: Sequence[int], samples: Sequence[Sequence[Any]], winners: Sequence[int], turns: int) -> bool:
    """Whether the one winner was behind at half time (the samples' turn counts, their
    progress tuples, the game's winners and final turn count ``turns``).

    >>> comeback([0, 1, 2], [((0,), (0,)), ((0,), (1,)), ((2,), (1,))], winners=(0,), turns=2)
    True
    >>> comeback([0, 1, 2], [((0,), (0,)), ((1,), (1,)), ((2,), (1,))], winners=(0,), turns=2)
    False
    """
    if len(winners) != 1 or turns < 2:
        return False
    half = -(-turns // 2)
    winner = winners[0]
    for t, progress in zip(sample_turns, samples):
        if t >= half:
            return any(progress[winner] < progress[p] for p in range(len(progress)) if p != winner)
    return False


def branching_profile(choices: Sequence[int]) -> list[float]:
    """The mean number of legal moves in each tenth of a game's decisions (``choices``: the
    number of legal moves at each decision, in order); NaN for a tenth without one.

    >>> branching_profile(list(range(20)))
    [0.5, 2.5, 4.5, 6.5, 8.5, 10.5, 12.5, 14.5, 16.5, 18.5]
    """
    sums = [0] * PROFILE_BINS
    counts = [0] * PROFILE_BINS
    decisions = len(choices)
    for d, count in enumerate(choices):
        b = d * PROFILE_BINS // decisions
        sums[b] += count
        counts[b] += 1
    return [s / c if c else float("nan") for s, c in zip(sums, counts)]
