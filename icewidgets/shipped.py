"""What ships with icewidgets besides the code: the notebooks and their data, and the guide for
game authors (:func:`contributing_guide`, ``CONTRIBUTING.md``).

The wheel holds them at ``icewidgets/notebooks``; a checkout of the repository has them in its
``notebooks/`` folder. :func:`notebooks_folder` finds them either way, :func:`notebook_data`
finds a data file for a notebook wherever the notebook runs, and :func:`copy_notebooks` (the
command ``python -m icewidgets notebooks DIR``) copies them into a folder of a teacher's own,
never overwriting a file the teacher changed.

>>> sorted(path.name for path in notebooks_folder().glob("0*.ipynb"))[0]
'00-start-here.ipynb'
>>> notebook_data("class-codes.txt").name
'class-codes.txt'
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from . import checks
from .files import atomic_write

DATA = "data"
"""The notebooks' data folder, beside them."""
MANIFEST = ".icewidgets-notebooks.json"
"""Written into a folder the notebooks were copied to: what each file was when it was copied,
so a later copy knows which files the teacher has changed since."""


def notebooks_folder() -> Path:
    """The folder of the notebooks that ship with icewidgets: inside the installed package, or
    the repository's ``notebooks/`` when icewidgets runs from a checkout."""
    package = Path(__file__).resolve().parent
    for folder in (package / "notebooks", package.parent / "notebooks"):
        if any(folder.glob("*.ipynb")):
            return folder
    raise FileNotFoundError(f"no notebooks were installed with icewidgets (looked in {package / 'notebooks'} and "
                            f"{package.parent / 'notebooks'}); reinstall it from a wheel or a checkout")


def contributing_guide() -> Path:
    """The guide for game authors, ``CONTRIBUTING.md`` (how to write a game, its hooks and the
    contract its tests check): inside the installed package, or at the root of a checkout. The
    command ``python -m icewidgets contributing`` prints it.

    >>> "## The hooks" in contributing_guide().read_text(encoding="utf-8")
    True
    """
    package = Path(__file__).resolve().parent
    for path in (package / "CONTRIBUTING.md", package.parent / "CONTRIBUTING.md"):
        if path.is_file():
            return path
    raise FileNotFoundError(f"the guide CONTRIBUTING.md was not installed with icewidgets (looked in {package} and "
                            f"{package.parent}); reinstall it from a wheel or a checkout")


def notebook_data(name: str) -> Path:
    """The notebooks' data file ``name``: the copy in ``data/`` of the folder the notebook runs in
    when there is one (a teacher's copy, perhaps edited), else the one shipped with icewidgets.
    So a notebook finds its data in the repository, in the installed package, and copied
    anywhere, with or without its data folder."""
    if not isinstance(name, str) or not name or Path(name).name != name:
        raise ValueError(f"name={name!r} must be the name of a file in the notebooks' data folder, e.g. 'class-codes.txt'")
    for folder in (Path.cwd() / DATA, notebooks_folder() / DATA):
        if (folder / name).is_file():
            return folder / name
    shipped = sorted(path.name for path in (notebooks_folder() / DATA).glob("*") if path.is_file())
    raise FileNotFoundError(f"the notebooks have no data file {name!r}; they have: {', '.join(shipped) or 'none'}")


@dataclasses.dataclass
class CopyReport:
    """What :func:`copy_notebooks` did: ``(file, what happened)`` for every file, in order."""

    folder: Path
    files: list[tuple[str, str]] = dataclasses.field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"  {name}: {what}" for name, what in self.files]
        start = self.folder / "00-start-here.ipynb"
        text = "\n".join([f"The icewidgets notebooks in {self.folder}:", *lines, f"Open {start} in JupyterLab to begin."])
        # A folder name that is not valid UTF-8 holds escaped bytes no terminal can print: shown as �.
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")

    @property
    def beside(self) -> list[str]:
        """The files the teacher changed, whose new version was written beside them."""
        return [name for name, what in self.files if what.startswith("you changed it")]


def copy_notebooks(folder: str | os.PathLike, ask: Callable[[str], bool] | None = None) -> CopyReport:
    """Copy the notebooks and their data into ``folder`` (made if needed) for a teacher.

    A file is written where there is none, left alone where it is the same, and updated where
    it is still what an earlier copy wrote. A file the teacher changed is never overwritten:
    ``ask(name)`` (the command line asks at a terminal) may allow it; otherwise the new version
    is written beside it, as ``name (new).ipynb`` (left as it is when it already holds the new
    version). Every file is written whole or not at all (:func:`icewidgets.files.atomic_write`).

    A ``folder`` that is a file raises ``NotADirectoryError``, an empty one ``ValueError``, and
    one that cannot be written (or made) ``PermissionError``, each naming the folder; nothing is
    written then.
    """
    if isinstance(folder, str) and not folder.strip():
        raise ValueError(f"the folder {folder!r} is empty: give the name of a folder (it is made if it does not "
                         "exist), e.g. 'icewidgets-notebooks', or '.' for the current folder")
    checks.path(folder, "folder")
    target = Path(folder).expanduser()
    if any(len(part) > 255 for part in target.parts):  # no file system takes such a name (checked up front:
        raise _not_writable(target, target.parent, "file name too long")  # Path.exists() raises on it)
    for place in (target, *target.parents):
        if place.exists() and not place.is_dir():
            raise NotADirectoryError(f"cannot copy the notebooks into {str(target)!r}: {str(place)!r} is a file, "
                                     "not a folder; give the name of a folder (it is made if it does not exist)")
    try:
        return _copy(target, ask)
    except OSError as error:
        # (the refusals _copy makes itself carry no file name, and are passed on as they are)
        if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and error.filename is not None:
            raise _not_writable(target, error.filename) from None
        raise


def _copy(target: Path, ask: Callable[[str], bool] | None) -> CopyReport:
    existing = next(place for place in (target.absolute(), *target.absolute().parents) if place.exists())
    if not os.access(existing, os.W_OK | os.X_OK):
        raise _not_writable(target, existing)
    source = notebooks_folder()
    shipped = [path.name for path in sorted(source.glob("*.ipynb"))]
    shipped += [f"{DATA}/{path.name}" for path in sorted((source / DATA).glob("*")) if path.is_file()]
    manifest = target / MANIFEST
    try:  # a folder that cannot be made or takes no files (/proc) is refused before anything is copied
        target.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=target, prefix=".icewidgets-")
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise _not_writable(target, target, error.strerror or "no file can be made there") from None
    try:
        copied = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        copied = {}
    for name in shipped:  # a file where a folder of the copy goes stops it before anything is written
        for place in (target / name).parents:
            if place == target:
                break
            if place.exists() and not place.is_dir():
                raise NotADirectoryError(f"cannot copy the notebooks into {str(target)!r}: {str(place)!r} is a file "
                                         f"where the folder {place.name!r} of the notebooks' data goes; move or rename "
                                         "it, then copy again")
    report = CopyReport(target)
    for name in shipped:
        new = (source / name).read_bytes()
        path = target / name
        if path.is_dir():  # a folder of the teacher's where the file goes: kept, the file written beside it
            beside, _ = _beside(path, new)
            report.files.append((name, f"a folder has its name, so it is kept; the file is "
                                       f"{beside.relative_to(target).as_posix()}"))
            continue
        if not path.exists():
            _write(path, new)
            report.files.append((name, "copied"))
        elif (old := path.read_bytes()) == new:
            report.files.append((name, "up to date"))
        elif copied.get(name) == _digest(old):
            _write(path, new)
            report.files.append((name, "updated"))
        elif ask is not None and ask(name):
            _write(path, new)
            report.files.append((name, "replaced (you agreed)"))
        else:
            beside, written = _beside(path, new)
            shown = beside.relative_to(target).as_posix()
            report.files.append((name, f"you changed it, so it is kept; the new version is {shown}"
                                       + ("" if written else ", unchanged since the last copy")))
            continue  # the record keeps what the earlier copy wrote there
        copied[name] = _digest(new)
    _write(manifest, (json.dumps({"files": copied}, indent=1, sort_keys=True) + "\n").encode())
    return report


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _beside(path: Path, data: bytes) -> tuple[Path, bool]:
    """Write ``data`` beside ``path`` as ``stem (new).suffix`` (``(new 2)``, … when taken by
    something else): where it is, and whether it was written (not when a copy beside already
    holds ``data``: a run over unchanged files writes nothing)."""
    count = 1
    while True:
        label = "new" if count == 1 else f"new {count}"
        candidate = path.with_name(f"{path.stem} ({label}){path.suffix}")
        if not candidate.exists():
            _write(candidate, data)
            return candidate, True
        if candidate.read_bytes() == data:
            return candidate, False
        count += 1


def _write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing: a half-written notebook is never left behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path, "wb") as handle:
        handle.write(data)


def _not_writable(target: Path, where: Any, why: str = "permission denied") -> PermissionError:
    """The error for a folder the notebooks cannot be written into (``where``: the folder or file
    refused; ``why``: the system's reason)."""
    place = Path(where) if where else target
    folder = place if place.is_dir() else place.parent
    problem = (f"the folder {str(folder)!r} is not writable (permission denied)" if why == "permission denied" else
               f"no file can be made in {str(folder)!r} ({why[:1].lower()}{why[1:]})")
    return PermissionError(errno.EACCES, f"cannot copy the notebooks into {str(target)!r}: {problem}; "
                           "choose a folder of yours")
