"""Games from other packages: a distribution offers a game through the entry point group
``icewidgets.games``, and every new process finds it (the command line, records and game codes,
playouts, the widget); a plug-in that cannot be used is left out with a warning that names it.

The plug-in is tests/extra_game.py's Nest Row, published the way CONTRIBUTING shows: a project
with its own ``pyproject.toml``, built into a wheel and installed by pip into a folder of its
own, which the new processes have on their path.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets import games
from plugins import build_wheel, write_distribution

tomllib = pytest.importorskip("tomllib")

TESTS = Path(__file__).resolve().parent
PACKAGE_ROOT = Path(iw.__file__).resolve().parent.parent
GAME_SOURCE = (TESTS / "extra_game.py").read_text(encoding="utf-8")
OWN = ["volcano", "volterra", "ice3", "blockade"]

PYPROJECT = """\
[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "icewidgets-nest-row"
version = "1.0"
dependencies = ["icewidgets"]

[project.entry-points."icewidgets.games"]
nestrow = "nest_row:NestRow"
"""


def _run(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """A new Python process that has ``site`` (where plug-ins are installed) on its path; not the
    extra game a ``--extra-game`` run installs for every process."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(PACKAGE_ROOT)]), PYTHONWARNINGS="default")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=180)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The Nest Row project built into a wheel and installed with pip into a folder."""
    root = tmp_path_factory.mktemp("plugin")
    project = root / "icewidgets-nest-row"
    project.mkdir()
    (project / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (project / "nest_row.py").write_text(GAME_SOURCE, encoding="utf-8")
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wheel = build_wheel(root, meta["name"], {"nest_row.py": GAME_SOURCE}, meta["entry-points"]["icewidgets.games"],
                        version=meta["version"])
    site = root / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                           "--disable-pip-version-check", "--target", str(site), str(wheel)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (site / "icewidgets_nest_row-1.0.dist-info" / "entry_points.txt").is_file()
    return site


def test_a_new_process_command_line_finds_an_installed_game(installed, tmp_path):
    listed = _run(installed, "-m", "icewidgets", "games", cwd=tmp_path)
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    names = [line.split()[0] for line in listed.stdout.splitlines()]
    assert names == OWN + ["nestrow"]
    assert "nestrow   Nest Row: players=2, max_turns=None" in listed.stdout
    played = _run(installed, "-m", "icewidgets", "playouts", "nestrow", "-n", "30", "--agents", "greedy,random",
                  "--seed", "4", "-q", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Nest Row playouts: greedy vs random (seed 4)" in played.stdout


def test_a_new_process_plays_records_codes_pictures_and_the_widget(installed, tmp_path, nest_row):
    record = iw.Record.new("nestrow").extend(["b2", "a1", "c3"])
    script = textwrap.dedent(f"""
        import icewidgets as iw
        record = iw.Record.from_code({record.to_code()!r})
        print(record.final_state().stack("c3"), record.final_state().to_move)
        print(type(iw.make("nestrow")).__module__)
        widget = iw.GameWidget("nestrow", agents={{1: "greedy"}})
        widget.handle({{"type": "move", "move": "a1"}})
        widget.handle({{"type": "bot"}})
        print(widget.final_state.stack("b2"), widget.record_code.startswith("iw1."))
        print(iw.svg.board(widget.final_state).count('data-square="'))
        results = iw.playouts("nestrow", 20, agents="random", seed=1, progress=False)
        print(results.n, results.game.title)
        """)
    done = _run(installed, "-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["O2 1", "nest_row", "V3 True", "9", "20 Nest Row"]


BROKEN = {
    # distribution: (entry points, modules)
    "broken-import": ({"broken": "broken_game:Broken"}, {"broken_game.py": "import no_such_module_for_icewidgets\n"}),
    "ghost-game": ({"ghost": "ghost_game:Ghost"}, {"ghost_game.py": "GHOST = 1\n"}),
    "not-a-game": ({"thing": "plain_thing:Thing"}, {"plain_thing.py": "class Thing:\n    pass\n"}),
    "volcano-again": ({"volcano": "impostor:Impostor"},
                      {"impostor.py": "from nest_row import NestRow\n\n\nclass Impostor(NestRow):\n    name = 'volcano'\n"}),
    "nest-row-copycat": ({"nestrow": "copycat:Copycat"},
                         {"copycat.py": "from nest_row import NestRow\n\n\nclass Copycat(NestRow):\n    pass\n"}),
    "wrong-name": ({"martian": "nest_row:NestRow"}, {}),
}
WARNINGS = [
    "the game plug-in 'broken' (broken = broken_game:Broken) of the distribution 'broken-import 1.0' is left out: "
    "importing broken_game failed: ModuleNotFoundError: No module named 'no_such_module_for_icewidgets' "
    "({site}, line 1)",
    "the game plug-in 'ghost' (ghost = ghost_game:Ghost) of the distribution 'ghost-game 1.0' is left out: "
    "ghost_game has no 'Ghost'",
    "the game plug-in 'nestrow' (nestrow = copycat:Copycat) of the distribution 'nest-row-copycat 1.0' is left out: "
    "the name 'nestrow' is taken by the game of the distribution 'icewidgets-nest-row 1.0'",
    "the game plug-in 'thing' (thing = plain_thing:Thing) of the distribution 'not-a-game 1.0' is left out: "
    "plain_thing:Thing is the class Thing, not a Game subclass (icewidgets.Game)",
    "the game plug-in 'volcano' (volcano = impostor:Impostor) of the distribution 'volcano-again 1.0' is left out: "
    "the name 'volcano' is taken by the package's own Volcano",
    "the game plug-in 'martian' (martian = nest_row:NestRow) of the distribution 'wrong-name 1.0' is left out: "
    "its entry point is called 'martian' but the game's name is 'nestrow' (they must agree)",
]


def test_plugins_that_cannot_be_used_are_left_out_with_a_warning_naming_them(installed, tmp_path):
    site = tmp_path / "site"
    for name, (points, modules) in BROKEN.items():
        write_distribution(site, name, points, modules=modules)
    both = os.pathsep.join([str(installed), str(site)])
    done = _run(Path(both), "-c", "import icewidgets as iw; print(*iw.available_games()); "
                                  "print(iw.make('volcano').title, iw.make('nestrow').title)", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [" ".join(OWN + ["nestrow"]), "Volcano Nest Row"]
    said = [line.split("PluginWarning: ", 1)[1] for line in done.stderr.splitlines() if "PluginWarning: " in line]
    expected = [text.replace("{site}", str(site / "broken_game.py")) for text in WARNINGS]
    assert said == expected
    # The command line says each in one line, and goes on.
    cli = _run(Path(both), "-m", "icewidgets", "games", cwd=tmp_path)
    assert cli.returncode == 0 and cli.stderr.splitlines() == [f"warning: {text}" for text in expected]
    assert [line.split()[0] for line in cli.stdout.splitlines()] == OWN + ["nestrow"]


def test_register_refuses_what_it_cannot_use(nest_row):
    class Copy(nest_row):
        pass

    with pytest.raises(TypeError, match="register\\(\\) takes a Game subclass, not 3"):
        games.register(3)
    with pytest.raises(ValueError, match="register\\(\\) refuses Copy: the name 'nestrow' is taken by "):
        games.register(Copy)
    Copy.name = "Copy"
    with pytest.raises(ValueError, match="a game's name must be lower case, not 'Copy'"):
        games.register(Copy)
    Copy.name = "volcano"
    with pytest.raises(ValueError, match="the name 'volcano' is taken by the package's own Volcano"):
        games.register(Copy)
    with pytest.raises(ValueError, match="'volcano' is one of the package's own games and cannot be removed"):
        games.unregister("volcano")


def test_the_package_own_games_come_first():
    assert games.available_games(plugins=False) == tuple(OWN)
    assert iw.available_games()[:4] == tuple(OWN)


FRAGILE = {
    # distribution: (entry points, modules); each is left out with the warning's text after "is left out: "
    "bad-value": ({"badvalue": "bad-mod:G"}, {}),
    "extra-colon": ({"extracolon": "mod:Cls:extra"}, {}),
    "exits": ({"exits": "exiting_game:Game"}, {"exiting_game.py": "raise SystemExit(3)\n"}),
    "interrupts": ({"interrupts": "interrupting_game:Game"}, {"interrupting_game.py": "raise KeyboardInterrupt\n"}),
    "getattr-raises": ({"getattr": "lazy_game:Lazy"},
                       {"lazy_game.py": "def __getattr__(name):\n    raise RuntimeError('no ' + name)\n"}),
    "hexrace": ({"hexrace": "hexrace.rules:HexRace"},
                {"hexrace/__init__.py": "", "hexrace/rules.py": "import hexrace.board\n",
                 "hexrace/board.py": "SIZE = 5\nCELLS = [1 / (SIZE - 5)]\n"}),
}


def test_a_broken_plugin_of_any_kind_is_left_out_named_with_its_file_and_line(tmp_path):
    site = tmp_path / "site"
    for name, (points, modules) in FRAGILE.items():
        write_distribution(site, name, points, modules=modules)
    script = textwrap.dedent("""
        import icewidgets as iw
        from icewidgets import games
        print(iw.make("volcano").title, games._discovered)   # the own games do not look for plug-ins
        print(*iw.available_games())
        try:
            iw.make("hexrace")
        except ValueError as error:
            print(error)
        """)
    done = _run(site, "-c", script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["Volcano False", " ".join(OWN)]
    board = site / "hexrace" / "board.py"
    assert lines[2] == ("the plug-in 'hexrace' is installed but failed to load: importing hexrace.rules failed: "
                        f"ZeroDivisionError: division by zero ({board}, line 2)")
    said = {line.split("PluginWarning: ", 1)[1].split(" is left out: ")[0].split("'")[1]:
            line.split(" is left out: ", 1)[1] for line in done.stderr.splitlines() if "PluginWarning: " in line}
    assert said == {
        "badvalue": "its value 'bad-mod:G' is not written 'module:Class'",
        "extracolon": "its value 'mod:Cls:extra' is not written 'module:Class'",
        "exits": f"importing exiting_game failed: SystemExit: 3 ({site / 'exiting_game.py'}, line 1)",
        "interrupts": f"importing interrupting_game failed: KeyboardInterrupt ({site / 'interrupting_game.py'}, line 1)",
        "getattr": f"reading Lazy of lazy_game failed: RuntimeError: no Lazy ({site / 'lazy_game.py'}, line 2)",
        "hexrace": f"importing hexrace.rules failed: ZeroDivisionError: division by zero ({board}, line 2)",
    }


def test_a_slow_plugin_is_named(tmp_path):
    site = tmp_path / "site"
    write_distribution(site, "slow-game", {"nestrow": "slow_nest:NestRow"},
                       modules={"slow_nest.py": GAME_SOURCE + "\nimport time\ntime.sleep(1.5)\n"})
    done = _run(site, "-c", "import icewidgets as iw; iw.make('volcano'); print(*iw.available_games())", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.split() == OWN + ["nestrow"], done.stderr
    assert "PluginWarning: the game plug-in 'nestrow' of the distribution 'slow-game 1.0' took 1." in done.stderr
    assert "s to import (slow_nest); every process that lists the games waits for it" in done.stderr


def test_a_plugin_game_that_fails_in_use_is_one_line_of_the_command_line(tmp_path):
    site = tmp_path / "site"
    failing = GAME_SOURCE + textwrap.dedent("""

        class FailRow(NestRow):
            name = "failrow"

            def new_state(self, seed=None):
                raise RuntimeError("the board is missing")
        """)
    write_distribution(site, "fail-row", {"failrow": "fail_row:FailRow"}, modules={"fail_row.py": failing})
    line = failing.splitlines().index('        raise RuntimeError("the board is missing")'.strip().rjust(
        len('        raise RuntimeError("the board is missing")'))) + 1
    done = _run(site, "-m", "icewidgets", "playouts", "failrow", "-n", "3", "-q", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"error: the game 'failrow' of the plug-in 'fail-row 1.0' failed: RuntimeError: "
                                        f"the board is missing ({site / 'fail_row.py'}, line {line})"]
