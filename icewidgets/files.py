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
import errno
import os
import secrets
import stat
import threading
import time
from typing import IO, Any, Iterator

from . import checks

__all__ = ["atomic_write", "check_target", "check_writable", "locked", "read_bytes"]


def check_target(path: Any, name: str = "path", suffixes: tuple[str, ...] = ()) -> str:
    """The file name a writer will write, as text, once it is known that it can be written
    there: ``path`` is a ``str`` or ``os.PathLike`` (else a TypeError naming ``name``), its
    folder exists (else a FileNotFoundError naming it, or a NotADirectoryError when it is a
    file), it is not a folder itself
    (IsADirectoryError) and it ends with one of ``suffixes``, in any case, when some are given
    (else a ValueError naming the path, its suffix and the ones expected).
    Writers call it before any slow work, so a bad path fails at once.

    >>> check_target("results.txt", "--out", (".json", ".csv"))
    Traceback (most recent call last):
    ...
    ValueError: --out='results.txt' must end in .json or .csv, not .txt
    """
    checks.path(path, name)
    text = os.fspath(path)
    if suffixes and not text.lower().endswith(tuple(s.lower() for s in suffixes)):
        listed = ", ".join(suffixes[:-1]) + " or " + suffixes[-1] if len(suffixes) > 1 else suffixes[0]
        suffix = os.path.splitext(text)[1]
        given = f"not {suffix}" if suffix else "and has no suffix"
        raise ValueError(f"{name}={text!r} must end in {listed}, {given}")
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


def read_bytes(path: Any, name: str = "path") -> bytes:
    """The bytes of the file ``path``; an OSError of the failure's kind that names the path in
    words otherwise ("cannot read 'games': it is a folder"), not the system's numbered message.

    >>> read_bytes("no-such-file.json")
    Traceback (most recent call last):
    ...
    FileNotFoundError: cannot read 'no-such-file.json': there is no such file
    """
    checks.path(path, name)
    text = os.fspath(path)
    try:
        with open(text, "rb") as file:
            return file.read()
    except IsADirectoryError:
        raise IsADirectoryError(f"cannot read {text!r}: it is a folder") from None
    except FileNotFoundError:
        raise FileNotFoundError(f"cannot read {text!r}: there is no such file") from None
    except OSError as error:
        raise type(error)(f"cannot read {text!r}: {(error.strerror or str(error)).lower()}") from None


def check_writable(path: Any, name: str = "path", suffixes: tuple[str, ...] = ()) -> str:
    """:func:`check_target`, and more: a file can be made in the folder ``path`` would be
    written in, found by making an empty temporary file there and removing it, as
    :func:`atomic_write` will write. A read-only folder or disk, or a folder that takes no files
    (``/proc``), is an OSError of the failure's kind naming the path. For a caller that works
    long before it writes (the command line checks its output files before it plays)."""
    given = check_target(path, name, suffixes)
    folder, base = os.path.split(os.path.realpath(given))
    try:
        temp, fd = _create_beside(folder, base)
    except OSError as error:
        raise type(error)(f"cannot write {given!r}: {error.strerror or error}") from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(temp)
    return given


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
    given = check_target(path, name)
    target = os.path.realpath(given)
    folder, base = os.path.split(target)
    try:
        temp, fd = _create_beside(folder, base)
    except OSError as error:
        raise _named(error, given) from None
    try:
        with os.fdopen(fd, mode, **({"encoding": encoding} if mode == "w" else {})) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if os.path.exists(target):
            os.chmod(temp, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(temp, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(error, OSError) and _about_the_write(error, temp):
            raise _named(error, given) from None
        raise
    _sync_folder(folder)


@contextlib.contextmanager
def locked(path: Any) -> Iterator[int | None]:
    """Hold the system's exclusive lock on the file ``path`` (made if missing, never removed)
    for the block, waiting while another holder has it; yields the locked file's descriptor
    (a process started with it, ``subprocess``'s ``pass_fds``, holds the lock too), or None where
    no lock can be had.

    The lock is the system's (``flock``; ``msvcrt.locking`` on Windows), so it goes when the
    processes holding it end, however they end: a process killed while it held the lock leaves
    no stale lock behind, only the empty file. A copy of this process made by ``fork`` (a
    worker of a process pool) closes its copies of these descriptors at once, so it never keeps
    its parent's lock held. Where the system has no such call, or the folder takes no files, the
    block runs without a lock. Two locks on one file conflict within one process too: a thread
    must not take it again inside its own block.

    >>> import os, tempfile
    >>> with locked(os.path.join(tempfile.mkdtemp(), "work.lock")) as fd:
    ...     fd is not None
    True
    """
    with _lock_files_guard:  # a fork waits: it never copies a descriptor not yet on the list
        try:
            fd = os.open(os.fspath(path), os.O_RDWR | os.O_CREAT, 0o666)
        except OSError:
            fd = None
        else:
            _lock_files.add(fd)
    if fd is None:
        yield None
        return
    try:
        yield fd if _lock(fd) else None
    finally:
        with _lock_files_guard:
            _lock_files.discard(fd)
            os.close(fd)  # releases the lock (once no child holds the descriptor either)


# The descriptors of the lock files this process has open (held, or waited for). A lock from
# flock belongs to the open file, which a fork shares: a forked child that kept its copy would
# hold its parent's lock for as long as it lives, and every other process would wait for it.
_lock_files: set[int] = set()
_lock_files_guard = threading.Lock()


def _before_fork() -> None:
    _lock_files_guard.acquire()


def _after_fork_in_parent() -> None:
    _lock_files_guard.release()


def _after_fork_in_child() -> None:
    global _lock_files_guard
    for fd in _lock_files:
        with contextlib.suppress(OSError):
            os.close(fd)
    _lock_files.clear()
    _lock_files_guard = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)


def _lock(fd: int) -> bool:
    """Lock ``fd`` exclusively, waiting while another holder has it; False where it cannot be locked."""
    try:
        import fcntl
    except ImportError:
        fcntl = None
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # retried after a signal: a KeyboardInterrupt ends the wait
        except OSError:  # a file system without locks
            return False
        return True
    try:
        import msvcrt
    except ImportError:
        return False
    busy = {errno.EACCES, getattr(errno, "EDEADLOCK", errno.EACCES)}
    while True:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError as error:
            if error.errno not in busy:
                return False
            time.sleep(0.2)  # held by another process


_WRITE_FAILURES = frozenset(getattr(errno, code) for code in ("ENOSPC", "EFBIG", "EDQUOT", "EIO") if hasattr(errno, code))


def _about_the_write(error: OSError, temp: str) -> bool:
    """Whether ``error`` is the temporary file's (it names it, or names no file and is a failure
    of writing: a full disk or quota), not one of the caller's own inside the block."""
    return error.filename == temp or (error.filename is None and error.errno in _WRITE_FAILURES)


def _named(error: OSError, path: str) -> OSError:
    """``error`` (its class and errno kept) naming the file the caller asked for, not the
    temporary file it was being written as."""
    if error.errno is None:
        return error
    return OSError(error.errno, error.strerror, path)  # OSError(errno, …) makes the matching subclass


def _create_beside(folder: str, base: str) -> tuple[str, int]:
    """A new, hidden temporary file in ``folder`` named after ``base``: (its path, its descriptor).
    Created with the mode 0o666 less the umask, as ``open`` would create ``base``."""
    base = base[:200]  # the temporary name stays within the system's limit (255) when ``base`` is long
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
