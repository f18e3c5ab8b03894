"""What ships with icewidgets besides the code: the notebooks and their data.

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
import hashlib
import json
import os
from pathlib import Path
from typing import Callable

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
        return "\n".join([f"The icewidgets notebooks in {self.folder}:", *lines,
                          f"Open {start} in JupyterLab to begin."])

    @property
    def beside(self) -> list[str]:
        """The files the teacher changed, whose new version was written beside them."""
        return [name for name, what in self.files if what.startswith("you changed it")]


def copy_notebooks(folder: str | os.PathLike, ask: Callable[[str], bool] | None = None) -> CopyReport:
    """Copy the notebooks and their data into ``folder`` (made if needed) for a teacher.

    A file is written where there is none, left alone where it is the same, and updated where
    it is still what an earlier copy wrote. A file the teacher changed is never overwritten:
    ``ask(name)`` (the command line asks at a terminal) may allow it; otherwise the new version
    is written beside it, as ``name (new).ipynb``. A ``folder`` that is a file raises
    ``NotADirectoryError`` and nothing is written.
    """
    target = Path(folder).expanduser()
    for place in (target, *target.parents):
        if place.exists() and not place.is_dir():
            raise NotADirectoryError(f"cannot copy the notebooks into {str(target)!r}: {str(place)!r} is a file, "
                                     "not a folder; give the name of a folder (it is made if it does not exist)")
    source = notebooks_folder()
    shipped = [path.name for path in sorted(source.glob("*.ipynb"))]
    shipped += [f"{DATA}/{path.name}" for path in sorted((source / DATA).glob("*")) if path.is_file()]
    target.mkdir(parents=True, exist_ok=True)
    manifest = target / MANIFEST
    try:
        copied = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        copied = {}
    report = CopyReport(target)
    for name in shipped:
        new = (source / name).read_bytes()
        path = target / name
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
            beside = _beside(path, new)
            report.files.append((name, f"you changed it, so it is kept; the new version is {beside.relative_to(target).as_posix()}"))
            continue  # the record keeps what the earlier copy wrote there
        copied[name] = _digest(new)
    _write(manifest, (json.dumps({"files": copied}, indent=1, sort_keys=True) + "\n").encode())
    return report


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _beside(path: Path, data: bytes) -> Path:
    """Write ``data`` beside ``path`` as ``stem (new).suffix`` (``(new 2)``, … when taken by
    something else); returns where it went."""
    count = 1
    while True:
        label = "new" if count == 1 else f"new {count}"
        candidate = path.with_name(f"{path.stem} ({label}){path.suffix}")
        if not candidate.exists() or candidate.read_bytes() == data:
            _write(candidate, data)
            return candidate
        count += 1


def _write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing: a half-written notebook is never left behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    partial.write_bytes(data)
    os.replace(partial, path)
