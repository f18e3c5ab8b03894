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

internal = njit(cache=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)
"""A :data:`helper` that only compiled code calls: numba then builds no wrappers to call it from
Python (or through a C pointer), which it would compile like the function itself. Cold compiles
are what a first playout waits for: on the toolkit's functions and a kernel's own helpers this
saves about a seventh of the Python work and two fifths of the code LLVM optimises (measured on
a cold compile of one game's kernel: 6.5 M → 5.6 M Python calls, 19.7 k → 11.6 k lines of IR).
"""

driver = njit(cache=True, nogil=True, _nrt=False, no_cfunc_wrapper=True)
"""For a kernel's driver, the loop over games that the runner calls with every array it needs
(it allocates nothing): compiled without reference counting, like :data:`helper`, releasing the
GIL, so chunks play on threads side by side, and with only the wrapper Python calls it through.
Without the counting, the arrays a driver hands to its helpers, and the views it takes, cost
nothing per call, which counts in a loop that runs once per ply (measured on one game's random
playouts: 66 → 59 ns a ply). A driver that must grow a buffer returns a code that asks its
caller for a larger one instead.
"""
