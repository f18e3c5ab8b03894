"""numba's on-disk cache, made safe for kernels split over several modules.

numba keeps a compiled function in ``__pycache__`` and reuses it while *its own* source file is
unchanged. A kernel's driver, though, has its helpers from other modules compiled into it: after
an upgrade (or an edit) that changes only ``kernel_search.py``, the cached driver would go on
running the old search. So a kernel function's cache here is stamped with the contents of every
kernel module of its game package (``kernel*.py``) and of this toolkit: a change to any of them
compiles the kernel afresh.

Importing :mod:`icewidgets.compiled` installs the locators, before any kernel function is
decorated; they apply to the package's own files only. :func:`cache_place` tells the fast runner
where a kernel's functions are cached, and for what, so that it can note which of its calls the
cache holds.
"""

from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from numba.core import caching

_PACKAGE = Path(__file__).resolve().parents[1]
_TOOLKIT = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def kernel_stamp(folder: str) -> str:
    """The SHA-256 of the kernel modules of ``folder`` and of the compiled toolkit, name and contents."""
    digest = hashlib.sha256()
    for path in sorted(Path(folder).glob("kernel*.py")) + sorted(_TOOLKIT.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_place(module: ModuleType) -> tuple[Path, str] | None:
    """The folder where numba caches the functions of kernel ``module``, and a stamp of what makes
    those files valid (the sources, numba, Python and the processor numba compiles for), or None
    when ``module`` defines no cached compiled function.

    A file that notes a compiled call beside the cache, with this stamp, stays true exactly as
    long as the cache does: it goes with the folder, and any change of the stamp outdates both.
    """
    for value in vars(module).values():
        cache = getattr(value, "_cache", None)
        py_func = getattr(value, "py_func", None)
        if py_func is None or getattr(py_func, "__module__", None) != module.__name__:
            continue
        path = getattr(cache, "cache_path", None)
        if not path:
            continue  # not cached (numba's NullCache)
        from numba import __version__ as numba_version
        from numba.core.registry import cpu_target

        locator = cache._impl.locator
        target = cpu_target.target_context.codegen().magic_tuple()
        stamp = repr((locator.get_source_stamp(), numba_version, sys.version, target))
        return Path(path), hashlib.sha256(stamp.encode()).hexdigest()
    return None


def _ours(py_file: str) -> bool:
    try:
        return Path(py_file).resolve().is_relative_to(_PACKAGE)
    except OSError:
        return False


def _stamped(base: type) -> type:
    class Locator(base):
        def get_source_stamp(self):
            return (super().get_source_stamp(), kernel_stamp(str(Path(self._py_file).resolve().parent)))

        @classmethod
        def from_function(cls, py_func, py_file):
            return super().from_function(py_func, py_file) if _ours(py_file) else None

    Locator.__name__ = Locator.__qualname__ = f"Kernel{base.__name__.lstrip('_')}"
    return Locator


def _install() -> None:
    # The class names lost their underscore in numba 0.60; both are accepted.
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl")
    names = ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
    bases = [getattr(caching, name, None) or getattr(caching, "_" + name) for name in names]
    if not any(getattr(cls, "__module__", "") == __name__ for cls in impl._locator_classes):
        impl._locator_classes[:0] = [_stamped(base) for base in bases]


_install()
