"""The balance metrics inside the kernels: lead changes, the half-time sample, the branching profile.

The definitions are the playouts' own (every engine computes them alike; the rules engines from
the game's ``Counters.progress`` hook): who is ahead is sampled at the start and after every
ply that completes a turn or ends the game; the number of legal moves is kept at every decision.
A kernel works out the sole leader of its own game (or -1 on a tie) and passes it here. Only
compiled code calls these (:data:`~icewidgets.compiled.jit.internal`); the kernel tests hold
every kernel's metrics to the definitions.
"""

from __future__ import annotations

import numpy as np

from .jit import internal

PROFILE_BINS = 10
"""The bins of the branching profile: tenths of a game's decisions."""


@internal
def follow_leader(leader, now, changes):
    """The sole leader after a sample whose sole leader is ``now`` (-1 on a tie: no change, no
    reset), and the lead changes counted so far (``leader`` -1 before the first sole leader)."""
    if now < 0:
        return leader, changes
    if leader >= 0 and now != leader:
        changes += 1
    return now, changes


@internal
def half_time_sample(turns, start_turns):
    """The half-time sample of a game that ended after ``turns`` turns, when sample k is taken
    after ``start_turns + k`` turns: the first sample with at least ceil(turns / 2) turns."""
    k = (turns + 1) // 2 - start_turns
    return k if k > 0 else 0


@internal
def branching_profile(choices, decisions, out):
    """The mean of ``choices[d]`` (legal moves at decision d) over each tenth of the
    ``decisions``: decision d goes to bin ``d * 10 // decisions``; NaN where a bin is empty."""
    for b in range(PROFILE_BINS):
        low = (b * decisions + PROFILE_BINS - 1) // PROFILE_BINS
        high = ((b + 1) * decisions + PROFILE_BINS - 1) // PROFILE_BINS
        if high > low:
            total = 0
            for d in range(low, high):
                total += choices[d]
            out[b] = total / (high - low)
        else:
            out[b] = np.nan
