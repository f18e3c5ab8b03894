"""The structure: layers point down, every game is one plug-in, and the generic code knows no game.

Read from the source with :mod:`ast`, so the checks see every import, including those inside
functions; imports under ``if TYPE_CHECKING:`` (annotations only) do not count.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import icewidgets as iw

PACKAGE = Path(iw.__file__).resolve().parent
GAMES = PACKAGE / "games"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _resolve(module: str, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target>`` written in ``module``."""
    if not level:
        return target or ""
    base = module.split(".")
    base = base if _is_package(module) else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Line numbers of the statements inside ``if TYPE_CHECKING:`` blocks."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.body:
                for inner in ast.walk(child):
                    if hasattr(inner, "lineno"):
                        lines.add(inner.lineno)
    return lines


def _imports(module: str) -> list[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every import in ``module``."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    skip = _type_checking_only(tree)
    found = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, [], node.lineno))
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node.level, node.module)
            found.append((target, [alias.name for alias in node.names], node.lineno))
    return found


def _edges(module: str) -> set[str]:
    """The icewidgets modules ``module`` imports (a name taken from a package that is one of its
    submodules counts as that submodule)."""
    edges = set()
    for target, names, _ in _imports(module):
        if target not in MODULES:
            continue
        submodules = [f"{target}.{name}" for name in names if f"{target}.{name}" in MODULES]
        if submodules:
            edges.update(submodules)
        if not names or len(submodules) < len(names):
            edges.add(target)
    edges.discard(module)
    return edges


GAME_PACKAGES = sorted(name for name in MODULES if name.count(".") == 2 and name.startswith("icewidgets.games.")
                       and _is_package(name))


def _is_game_module(name: str) -> bool:
    return any(name == package or name.startswith(package + ".") for package in GAME_PACKAGES)


GENERIC = sorted(name for name in MODULES if not _is_game_module(name) and name != "icewidgets.games")


def test_every_game_of_the_package_is_a_package_of_its_own():
    for name in iw.available_games(plugins=False):
        package = iw.games.game_class(name).__module__.rsplit(".", 1)[0]
        assert package in GAME_PACKAGES, f"{name}'s rules are not in a package of their own under icewidgets/games/"
        assert f"{package}.rules" in MODULES, f"{package} has no rules.py"


def test_there_are_no_import_cycles():
    graph = {name: _edges(name) for name in MODULES}
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                pytest.fail("import cycle: " + " → ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_generic_modules_import_no_particular_game():
    for module in GENERIC:
        for target in _edges(module):
            assert not _is_game_module(target), f"{module} imports {target}: the generic layers know no game"


def test_generic_modules_name_no_game():
    names = [name for name in iw.available_games()]
    pattern = re.compile("|".join(re.escape(name) for name in names), re.IGNORECASE)
    sources = [MODULES[module] for module in GENERIC]
    sources += sorted((PACKAGE / "widgets" / "static").glob("*"))
    for path in sources:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = pattern.search(line)
            assert found is None, f"{path.relative_to(PACKAGE.parent)}:{number} names the game {found.group()!r}"


def test_no_module_uses_another_modules_private_names():
    for module in MODULES:
        tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}  # local name → icewidgets module it stands for
        for target, names, line in _imports(module):
            if target not in MODULES:
                continue
            for name in names:
                private = name.startswith("_") and not name.startswith("__")
                assert not private, f"{module}:{line} imports the private name {name} from {target}"
                if f"{target}.{name}" in MODULES:
                    aliases[name] = f"{target}.{name}"
        for node in ast.walk(tree):
            if isinstance(node, ast.alias) and node.asname and node.name in aliases:
                aliases[node.asname] = aliases[node.name]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in MODULES:
                        aliases[alias.asname or alias.name] = alias.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                assert False, f"{module}:{node.lineno} uses {node.value.id}.{node.attr}, a private name of {aliases[node.value.id]}"


def test_importing_the_rules_loads_no_numerical_plot_or_widget_library():
    code = (
        "import sys\n"
        "import icewidgets.games as games\n"
        "for name in games.available_games():\n"
        "    state = games.make(name).new_state(seed=1)\n"
        "    state.play(state.legal_moves()[0] if state.legal_moves() else state.chance_outcomes()[0][0])\n"
        "import icewidgets, icewidgets.record, icewidgets.testing\n"
        "heavy = ('numpy', 'numba', 'matplotlib', 'ipywidgets', 'anywidget')\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"importing and playing the rules loaded {done.stdout.strip()}"
