"""How the kernels' functions are compiled: numba, cached on disk after the first use."""

from __future__ import annotations

from numba import njit

helper = njit(cache=True, _nrt=False)
"""For functions that only read and write the arrays they are given and allocate nothing.

They are compiled without numba's reference counting: with it, every call that passes arrays
pays atomic increments and decrements that cost more than most helpers' own work (about
17 ns against 1 ns per call, measured). A function that creates arrays needs the counting
(numba refuses to compile it without); slice assignment between arrays counts as creating
one (numba may copy the source first), so helpers copy with loops.
"""
