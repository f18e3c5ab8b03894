"""The agents' one draw among the best moves, shared by the kernels' greedy agents."""

from __future__ import annotations

from .jit import helper


@helper
def nth_best(keys, n, top, u):
    """Where ``agents._pick_best`` lands: the index ``i`` of ``best[int(u * len(best))]``, where
    ``best`` are the positions of ``keys[:n]`` equal to ``top`` (their largest), in order.

    >>> import numpy as np
    >>> int(nth_best(np.array([3, 7, 1, 7]), 4, 7, 0.6))
    3
    """
    count = 0
    for i in range(n):
        if keys[i] == top:
            count += 1
    k = int(u * count)
    for i in range(n):
        if keys[i] == top:
            if k == 0:
                return i
            k -= 1
    return -1
