"""Repository-wide pytest settings, and ``--extra-game``: the whole suite with a fifth game.

``pytest --extra-game`` installs tests/extra_game.py's Nest Row as a plug-in for the run: a
distribution's metadata (``icewidgets_extra_game-1.0.dist-info``, entry point group
``icewidgets.games``) in a temporary folder put on ``sys.path`` and on ``PYTHONPATH``, so this
process and every process it starts (notebook kernels, the command line, JupyterLab) find the
game the way they find any installed plug-in. Nothing in the package or its tests may then fail.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent / "tests"

# The browser tests open their own notebook in JupyterLab; nbval must not run it as a notebook test.
collect_ignore_glob = ["tests/browser/*.ipynb", "benchmarks/*", "scripts/*"]


def pytest_addoption(parser):
    parser.addoption("--extra-game", action="store_true",
                     help="run with tests/extra_game.py's game installed as a plug-in (entry point group "
                          "icewidgets.games) in this process and every process it starts")


def pytest_configure(config):
    if not config.getoption("--extra-game"):
        return
    sys.path.insert(0, str(TESTS))
    from plugins import write_distribution

    folder = Path(tempfile.mkdtemp(prefix="icewidgets-extra-game-"))
    write_distribution(folder, "icewidgets-extra-game", {"nestrow": "extra_game:NestRow"})
    paths = [str(folder), str(TESTS)]
    sys.path[:0] = paths[:1]
    os.environ["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [os.environ.get("PYTHONPATH")] if p])
    config.extra_game_folder = folder  # type: ignore[attr-defined]


def pytest_unconfigure(config):
    folder = getattr(config, "extra_game_folder", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_report_header(config):
    if config.getoption("--extra-game"):
        return "extra game: tests/extra_game.py's Nest Row is installed as a plug-in for this run"
    return None


@pytest.fixture
def nest_row():
    """tests/extra_game.py's Nest Row, registered for one test (it stays when ``--extra-game``
    installed it for the whole run)."""
    from extra_game import NestRow
    from icewidgets import games

    added = NestRow.name not in games.available_games()
    if added:
        games.register(NestRow)
    yield NestRow
    if added:
        games.unregister(NestRow.name)


@pytest.fixture(autouse=True)
def hints_without_a_clock(monkeypatch):
    """No time limit on a hint asked while a kernel is still being prepared (a cold numba cache),
    and no greedy stand-in for the rollout bot meanwhile: the hints and moves the tests pin must
    not depend on how fast a compile goes. tests/test_first_hint.py sets the limit for its own
    tests."""
    from icewidgets.analysis import bot, run

    monkeypatch.setattr(run, "FIRST_HINT_SECONDS", None)
    monkeypatch.setattr(bot, "GREEDY_WHILE_PREPARING", False)
