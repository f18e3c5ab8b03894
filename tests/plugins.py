"""Distributions that offer games, built by the tests: installed metadata written into a folder
on ``sys.path``, or a wheel for pip to install.

An installed distribution is a ``<name>-<version>.dist-info`` folder beside its modules; its
``entry_points.txt`` is what :func:`importlib.metadata.entry_points` reads.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

GROUP = "icewidgets.games"


def _metadata(name: str, version: str, entry_points: dict[str, str]) -> dict[str, str]:
    points = "".join(f"{game} = {target}\n" for game, target in entry_points.items())
    return {
        "METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        "entry_points.txt": f"[{GROUP}]\n{points}",
    }


def _folder(name: str, version: str) -> str:
    return f"{name.replace('-', '_')}-{version}.dist-info"


def write_distribution(site: Path, name: str, entry_points: dict[str, str], version: str = "1.0",
                       modules: dict[str, str] | None = None) -> Path:
    """Write an installed distribution ``name`` into ``site``: its modules (path → source) and its
    metadata with ``entry_points`` (game name → ``"module:Class"``). Returns its dist-info folder."""
    for path, source in (modules or {}).items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(source, encoding="utf-8")
    info = site / _folder(name, version)
    info.mkdir(parents=True)
    for file, text in _metadata(name, version, entry_points).items():
        (info / file).write_text(text, encoding="utf-8")
    return info


def build_wheel(folder: Path, name: str, modules: dict[str, str], entry_points: dict[str, str],
                version: str = "1.0") -> Path:
    """A pure-Python wheel of ``name`` in ``folder`` with ``modules`` (path → source) and
    ``entry_points``: what a build backend makes of a project's ``pyproject.toml``."""
    info = _folder(name, version)
    files = {**modules, **{f"{info}/{file}": text for file, text in _metadata(name, version, entry_points).items()},
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: icewidgets-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    record.append(f"{info}/RECORD,,")
    wheel = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
        archive.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel
