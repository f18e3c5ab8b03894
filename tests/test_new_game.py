"""``python -m icewidgets new-game NAME DIR``: a complete game plug-in whose own tests pass at once.

The fast test installs the written package's metadata into a folder on the path (as pip does)
and runs its tests in a new process; the slow one does exactly what an author does, in a fresh
virtual environment that holds only the wheel built from this checkout: ``new-game``,
``pip install -e DIR``, ``pytest DIR``.
"""

from __future__ import annotations

import os
import subprocess
import sys

from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.__main__ import main
from icewidgets.newgame import new_game
from icewidgets.shipped import contributing_guide
from plugins import write_distribution

tomllib = pytest.importorskip("tomllib")

ROOT = Path(iw.__file__).resolve().parent.parent


def _python(*args: str, cwd: Path, path: list[Path]) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, path + [ROOT])), PYTHONWARNINGS="default")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)


def test_the_written_package_passes_its_own_tests(tmp_path, capsys):
    folder = tmp_path / "hex-race"
    assert main(["new-game", "hexrace", str(folder), "--title", "Hex Race"]) == 0
    out = capsys.readouterr().out
    assert "wrote the game 'hexrace' into" in out
    assert f"the guide is CONTRIBUTING.md\n({contributing_guide()}; python -m icewidgets contributing" in out
    files = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())
    assert files == ["README.md", "hexrace/__init__.py", "hexrace/controls.py", "hexrace/counters.py",
                     "hexrace/greedy.py", "hexrace/rules.py", "hexrace/teaching.py", "hexrace/view.py",
                     "pyproject.toml", "tests/golden/hexrace.txt", "tests/test_hexrace.py"]
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["entry-points"]["icewidgets.games"] == {"hexrace": "hexrace:Hexrace"}
    assert project["name"] == "icewidgets-hexrace" and project["dependencies"] == [f"icewidgets>={iw.__version__}"]
    assert 'title: ClassVar[str] = "Hex Race"' in (folder / "hexrace" / "rules.py").read_text(encoding="utf-8")
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "ICEWIDGETS_REGEN_GOLDEN=1 pytest tests/test_hexrace.py -k golden" in readme  # the file it names exists
    assert "._apply(" not in (folder / "hexrace" / "greedy.py").read_text(encoding="utf-8")  # public names only
    site = tmp_path / "site"  # the distribution's metadata, as pip install -e writes it
    write_distribution(site, project["name"], project["entry-points"]["icewidgets.games"])
    done = _python("-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error::UserWarning", cwd=folder,
                   path=[site, folder])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "9 passed" in done.stdout, done.stdout[-500:]
    listed = _python("-m", "icewidgets", "games", cwd=tmp_path, path=[site, folder])
    assert listed.stdout.splitlines()[-1] == "hexrace   Hex Race: players=2, max_turns=None", listed.stderr


@pytest.mark.parametrize("name, error, message", [
    ("HexRace", ValueError, "name='HexRace' must be a game's name: lower case letters, digits and '_'"),
    ("class", ValueError, "name='class' must be a game's name"),
    ("volcano", ValueError, "name='volcano' is one of the package's own games"),
    (3, TypeError, "name=3 must be a text, the game's name, not int"),
])
def test_bad_names_are_refused(tmp_path, name, error, message):
    with pytest.raises(error, match=message):
        new_game(name, tmp_path / "game")
    assert list(tmp_path.iterdir()) == []


def test_it_never_overwrites(tmp_path, capsys):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["new-game", "hexrace", str(tmp_path / "taken")]) == 2
    assert "already exists and is not an empty folder: new-game never overwrites" in capsys.readouterr().err
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


@pytest.mark.slow
def test_a_fresh_environment_with_only_the_wheel_installs_and_tests_a_new_game(tmp_path):
    """What an author does: the wheel alone, new-game, pip install -e DIR, pytest DIR."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"

    def run(*command: str, cwd: Path = tmp_path) -> str:
        done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=1200)
        assert done.returncode == 0, f"{' '.join(command)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done.stdout

    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path / "dist"), str(ROOT))
    wheel = next((tmp_path / "dist").glob("icewidgets-*.whl"))
    run(sys.executable, "-m", "venv", str(tmp_path / "venv"))
    python = str(tmp_path / "venv" / "bin" / "python")
    run(python, "-m", "pip", "install", "--quiet", str(wheel), "pytest")
    run(python, "-m", "icewidgets", "new-game", "hexrace", "hexrace")
    run(python, "-m", "pip", "install", "--quiet", "-e", "hexrace")
    out = run(python, "-m", "pytest", "-q", "hexrace")  # pytest DIR
    assert "9 passed" in out
    guide = run(python, "-m", "icewidgets", "contributing", "--path").strip()
    assert guide.endswith("site-packages/icewidgets/CONTRIBUTING.md"), guide  # the guide ships in the wheel
    assert "## The hooks" in run(python, "-m", "icewidgets", "contributing")
