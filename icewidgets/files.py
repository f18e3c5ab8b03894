"""Files written whole or not at all.

Every file the library writes (pictures, pages, results, printables, the command line's and
the lab's outputs) goes through :func:`atomic_write`: the content goes to a temporary file in
the target's folder, which replaces the target only once it is complete and on disk. A write
that fails midway (a full disk, a quota, an error while drawing) leaves the old file as it was
and no temporary file behind.

>>> import os, tempfile
>>> target = os.path.join(tempfile.mkdtemp(), "notes.txt")
>>> with atomic_write(target) as fh:
...     _ = fh.write("kept")
>>> try:
...     with atomic_write(target) as fh:
...         _ = fh.write("half of a new")
...         raise OSError("the disk is full")
... except OSError:
...     pass
>>> open(target).read(), sorted(os.listdir(os.path.dirname(target)))
('kept', ['notes.txt'])
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from typing import IO, Any, Iterator

from . import checks

__all__ = ["atomic_write", "check_target"]


def check_target(path: Any, name: str = "path", suffixes: tuple[str, ...] = ()) -> str:
    """The file name a writer will write, as text, once it is known that it can be written
    there: ``path`` is a ``str`` or ``os.PathLike`` (else a TypeError naming ``name``), its
    folder exists (else a FileNotFoundError naming it, or a NotADirectoryError when it is a
    file), it is not a folder itself
    (IsADirectoryError) and it ends with one of ``suffixes`` when some are given (ValueError).
    Writers call it before any slow work, so a bad path fails at once.

    >>> check_target("results.txt", "--out", (".json", ".csv"))
    Traceback (most recent call last):
    ...
    ValueError: --out='results.txt' must end in .json or .csv
    """
    checks.path(path, name)
    text = os.fspath(path)
    if suffixes and not text.lower().endswith(tuple(s.lower() for s in suffixes)):
        listed = ", ".join(suffixes[:-1]) + " or " + suffixes[-1] if len(suffixes) > 1 else suffixes[0]
        raise ValueError(f"{name}={text!r} must end in {listed}")
    if text.endswith(tuple({os.sep, os.altsep or os.sep})):
        raise IsADirectoryError(f"cannot write {text!r}: a name ending in {text[-1]!r} is a folder's")
    folder = os.path.dirname(os.path.abspath(text))
    shown = os.path.dirname(text) or folder  # as the caller wrote it
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise NotADirectoryError(f"cannot write {text!r}: {shown!r} is a file, not a folder")
    if not os.path.isdir(folder):
        raise FileNotFoundError(f"cannot write {text!r}: the folder {shown!r} does not exist")
    if os.path.isdir(text):
        raise IsADirectoryError(f"cannot write {text!r}: it is a folder")
    return text


@contextlib.contextmanager
def atomic_write(path: Any, mode: str = "w", *, encoding: str | None = "utf-8",
                 name: str = "path") -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path`` for writing (``mode`` ``"w"`` for text in
    ``encoding``, ``"wb"`` for bytes) and, when the block ends without an error, flush it to
    disk and put it in place of ``path`` in one step (``os.replace``). On any error, including
    a KeyboardInterrupt, the temporary file is removed and ``path`` is left as it was.

    A replaced file keeps its permissions; a new one gets the usual ones (the umask's). A
    symbolic link is written through, to the file it points to. ``path`` is checked first
    (:func:`check_target`; ``name`` is the argument named in its errors).
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode={mode!r}; atomic_write writes 'w' (text) or 'wb' (bytes)")
    target = os.path.realpath(check_target(path, name))
    folder, base = os.path.split(target)
    temp, fd = _create_beside(folder, base)
    try:
        with os.fdopen(fd, mode, **({"encoding": encoding} if mode == "w" else {})) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if os.path.exists(target):
            os.chmod(temp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


def _create_beside(folder: str, base: str) -> tuple[str, int]:
    """A new, hidden temporary file in ``folder`` named after ``base``: (its path, its descriptor).
    Created with the mode 0o666 less the umask, as ``open`` would create ``base``."""
    while True:
        temp = os.path.join(folder, f".{base}.{secrets.token_hex(4)}.tmp")
        try:
            return temp, os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue


def _sync_folder(folder: str) -> None:
    """Put the folder's new entry on disk too, where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
