"""A new game as a package of its own: ``python -m icewidgets new-game NAME DIR``.

:func:`new_game` writes a complete plug-in distribution into the folder ``DIR``: its
``pyproject.toml`` with the entry point (group ``icewidgets.games``), a package holding one small
working game (a race on a board of three files and five ranks, every hook filled: the rules in
the outline every game follows, a view with marked goal ranks and captured pieces, colours of
its own, controls, a greedy rule, counters with a heatmap and its rules in plain words) and
tests that run the contract (:func:`icewidgets.testing.check_game`), the outline and a golden
playthrough. ``pip install -e DIR`` then ``pytest DIR`` passes at once; the author changes the
game into theirs from there, keeping the tests green (CONTRIBUTING, "Adding a game").

The files come from templates that ship with the package (``icewidgets/templates/newgame``): the
starter game is also the worked example of every hook.
"""

from __future__ import annotations

import keyword
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import checks

TEMPLATES = Path(__file__).resolve().parent / "templates" / "newgame"
"""The templates of :func:`new_game`: a file ``X.tmpl`` is written as ``X`` (``package/`` is the
game's package, ``tests/test_game.py`` is named after the game)."""

NAME = re.compile(r"[a-z][a-z0-9_]{0,30}")


def new_game(name: str, folder: Any, title: str | None = None) -> list[Path]:
    """Write a new game called ``name`` (lower case letters, digits and ``_``, starting with a
    letter: the game's name, its package's and its entry point's) as a distribution of its own
    into ``folder``, which must not exist yet or be empty: nothing is ever overwritten, and a
    failure leaves no folder behind. ``title``: the game's name as people write it (default
    ``name`` capitalised). Returns the files written, in order.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "hexrace"
    >>> [path.relative_to(folder).as_posix() for path in new_game("hexrace", folder)][:3]
    ['README.md', 'pyproject.toml', 'hexrace/__init__.py']
    """
    if not isinstance(name, str):
        raise TypeError(f"name={checks.shown(name)} must be a text, the game's name, not {type(name).__name__}")
    if not NAME.fullmatch(name) or keyword.iskeyword(name):
        raise ValueError(f"name={checks.shown(name)} must be a game's name: lower case letters, digits and '_', "
                         "starting with a letter, at most 31 characters (it is the package's name too), e.g. 'hexrace'")
    from .games import OWN_GAMES

    if name in OWN_GAMES:
        raise ValueError(f"name={name!r} is one of the package's own games; choose another name")
    if title is None:
        title = " ".join(part.capitalize() for part in name.split("_") if part)
    if not isinstance(title, str) or not title.strip() or any(ch in title for ch in '"\\\n'):
        raise ValueError(f"title={checks.shown(title)} must be the game's name as people write it, on one line, "
                         "without quotes or backslashes, e.g. 'Hex Race'")
    target = Path(checks.path(folder, "folder"))
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise FileExistsError(f"{target} already exists and is not an empty folder: new-game never overwrites; "
                              "choose a new folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    from . import __version__

    words = {"__CLASS__": "".join(part.capitalize() for part in name.split("_") if part) or name.capitalize(),
             "__NAME__": name, "__TITLE__": title.strip(), "__PACKAGE__": name,
             "__DIST__": "icewidgets-" + name.replace("_", "-"), "__VERSION__": __version__}
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        written = []
        for template in sorted(TEMPLATES.rglob("*.tmpl"), key=lambda p: (len(p.relative_to(TEMPLATES).parts), p.name)):
            relative = template.relative_to(TEMPLATES).with_suffix("").as_posix()
            relative = relative.replace("package/", f"{name}/", 1).replace("tests/test_game.py", f"tests/test_{name}.py")
            text = template.read_text(encoding="utf-8")
            for key, value in words.items():
                text = text.replace(key, value)
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            written.append(relative)
        golden = f"tests/golden/{name}.txt"
        (staging / golden).parent.mkdir(parents=True)
        (staging / golden).write_text(_playthrough(staging, name, words["__CLASS__"]), encoding="utf-8", newline="\n")
        written.append(golden)
        if target.exists():
            target.rmdir()
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [target / relative for relative in written]


def _playthrough(folder: Path, package: str, cls: str) -> str:
    """The golden playthrough of the game just written (default options, seed 1), played in a
    process of its own, so that this one imports nothing of it."""
    script = ("import sys; from icewidgets.testing import playthrough; import " + package +
              f"; sys.stdout.write(playthrough({package}.{cls}(), seed=1))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder)] + [p for p in sys.path if p]))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, encoding="utf-8",
                          cwd=folder, env=env, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"the new game does not play: {done.stderr.strip().splitlines()[-1:]}")
    return done.stdout
