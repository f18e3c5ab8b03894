"""Building blocks of the compiled playout kernels (numba): the pieces every kernel shares.

- :mod:`.rng`: numpy's ``SeedSequence`` and PCG64 streams rebuilt bit for bit, so a kernel
  draws exactly what an agent with ``numpy.random.default_rng`` would;
- :mod:`.pyrandom`: Python's Mersenne Twister (``random.Random``) for seeded setups;
- :mod:`.jit`: how helpers are compiled; :mod:`.bits`: bit tricks; :mod:`.pick`: the greedy
  agents' one draw among the best moves; :mod:`.balance`: the balance metrics' shared pieces.

Only the kernels (``icewidgets/games/<name>/kernel.py``) import these, and only the fast
runner (:mod:`icewidgets.fast`) imports the kernels, so nothing else loads numba.
:mod:`.cache` stamps every kernel function's disk cache with all of its game's kernel modules.
"""

from . import cache  # noqa: F401  (first: the cache's locators before any function is decorated)
