"""Every position text the project ships either can arise in play (only missing pieces, at most,
which load marked as part of a board) or is loaded with ``partial=True``, so no impossible
position is shown as if it came from a game.

The walk reads every ``state_from_text(…)`` call in the notebooks (code cells, and the code
blocks of their text cells), the README and the other Markdown pages, the package's code and the
examples of its docstrings, and works out the text from literals and from the strings the same
module, doctest or cell names. A call whose text it cannot work out must be one of the pinned
calls below, each a position built from one that was checked (a round trip, or a function
tested beside it), so a new position added in a form the walk cannot read fails here."""

from __future__ import annotations

import ast
import base64
import doctest
import importlib
import json
import re
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.protocol import NotationError

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")])
MODULES = sorted((ROOT / "icewidgets").rglob("*.py"))
FENCED = re.compile(r"```(?:python|py|pycon)?\n(.*?)```", re.S)

# Calls whose text is computed at run time, and why each can only show a position that was checked.
DYNAMIC = {
    ("icewidgets/record.py", "self.start"): "a record's start, written by to_text() of a state (checked on load)",
    ("icewidgets/bench.py", "pick.to_text()"): "a round trip of a position reached in play",
    ("icewidgets/testing.py", "text"): "the conformance check's round trip of a position reached in play",
    ("icewidgets/analysis/reliability.py", "state.to_text()"): "a round trip of a position reached in play",
    ("icewidgets/games/ice3/teaching.py", "state.to_text()"): "a round trip of the student's own position",
    ("icewidgets/games/ice3/puzzles.py", "self.text"): "the Ice3 puzzles: test_the_ice3_puzzles_load_by_default",
    ("icewidgets/games/volterra/teaching.py",
     "GRID.format_board([board[name] for name in GRID.names]) + '\\nto_move=0'"):
        "showdown(): test_volterra_showdowns_load_by_default",
    ("icewidgets/widgets/game_widget.py", "text"): "a position the user pastes (refused with its problems)",
}


class Unknown(Exception):
    """An expression the walk cannot work out without running the code."""


class Loaded(str):
    """The text a name's state was loaded from, so ``name.to_text()`` reads as that text."""


def evaluate(node: ast.AST, names: dict):
    """The value of a string expression made of literals, names, ``+``, ``*``, lists, dicts,
    ``range``, one-loop comprehensions, the string methods join, replace and format, a dict's
    get, and ``state.to_text()`` of a state loaded from a known text; :class:`Unknown` for
    anything else."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in names and isinstance(names[node.id], (str, list, tuple, int, dict, range)):
            return names[node.id]
        raise Unknown(node.id)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [evaluate(item, names) for item in node.elts]
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {evaluate(k, names): evaluate(v, names) for k, v in zip(node.keys, node.values)}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -evaluate(node.operand, names)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
        left, right = evaluate(node.left, names), evaluate(node.right, names)
        return left + right if isinstance(node.op, ast.Add) else left * right
    if isinstance(node, (ast.GeneratorExp, ast.ListComp)) and len(node.generators) == 1:
        loop = node.generators[0]
        if isinstance(loop.target, ast.Name) and not loop.ifs:
            return [evaluate(node.elt, {**names, loop.target.id: value}) for value in evaluate(loop.iter, names)]
    if isinstance(node, ast.Call) and not node.keywords:
        args = [evaluate(arg, names) for arg in node.args]
        if isinstance(node.func, ast.Name) and node.func.id == "range":
            return range(*args)
        if isinstance(node.func, ast.Attribute):
            if node.func.attr == "to_text" and not args and isinstance(node.func.value, ast.Name):
                known = names.get(node.func.value.id)
                if isinstance(known, Loaded):
                    return str(known)
                raise Unknown(ast.unparse(node))
            owner = evaluate(node.func.value, names)
            if isinstance(owner, str) and node.func.attr in ("join", "replace", "format"):
                return getattr(owner, node.func.attr)(*args)
            if isinstance(owner, dict) and node.func.attr == "get":
                return owner.get(*args)
    raise Unknown(ast.unparse(node))


def in_order(node: ast.AST):
    """``node`` and every node under it, in the order of the source."""
    yield node
    for child in ast.iter_child_nodes(node):
        yield from in_order(child)


def is_load(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "state_from_text"


def read_load(node: ast.Call, names: dict):
    """(text or None, partial, expression) of one ``state_from_text`` call, or None without a text."""
    argument = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "text"), None)
    if argument is None:
        return None
    partial = next((k.value.value for k in node.keywords if k.arg == "partial" and isinstance(k.value, ast.Constant)),
                   None)
    try:
        text = evaluate(argument, names)
    except (Unknown, TypeError, AttributeError):
        text = None
    return (text if isinstance(text, str) else None), partial, ast.unparse(argument)


def loads_in(source: str, names: dict):
    """(text or None, partial, expression) of every ``….state_from_text(…)`` call in ``source``;
    ``names`` grows with the strings, imports and loaded states met on the way, in order."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return
    for node in in_order(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            try:
                module = importlib.import_module(node.module)
            except Exception:
                continue
            names.update({alias.asname or alias.name: getattr(module, alias.name, None) for alias in node.names})
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target = node.targets[0].id
            if is_load(node.value):
                load = read_load(node.value, names)
                names[target] = Loaded(load[0]) if load and load[0] is not None else None
                continue
            try:
                names[target] = evaluate(node.value, names)
            except (Unknown, TypeError, AttributeError):
                names.pop(target, None)
        if is_load(node):
            load = read_load(node, names)
            if load is not None:
                yield load


def doctest_sources(path: Path):
    """The examples of every docstring in the module at ``path``, one source per docstring."""
    tree = ast.parse(path.read_text())
    parser = doctest.DocTestParser()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring and ">>>" in docstring:
                yield "\n".join(example.source.rstrip("\n") for example in parser.get_examples(docstring))


def module_names(path: Path) -> dict:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    try:
        return dict(vars(importlib.import_module(name)))
    except Exception:  # a module that needs an extra (numba, ipywidgets) is read without its globals
        return {}


def every_load():
    """(where, text or None, partial, expression) of every call the project ships."""
    for path in NOTEBOOKS:
        names: dict = {}
        for index, cell in enumerate(json.loads(path.read_text())["cells"]):
            source = "".join(cell["source"])
            sources = [source] if cell["cell_type"] == "code" else FENCED.findall(source)
            for part in sources:
                for load in loads_in(part, names):
                    yield (f"notebooks/{path.name}", f"cell {index}"), *load
    for path in PAGES:
        for part in FENCED.findall(path.read_text()):
            part = "\n".join(line[4:] if line.startswith((">>> ", "... ")) else line for line in part.splitlines())
            for load in loads_in(part, {}):
                yield (str(path.relative_to(ROOT)), "code block"), *load
    for path in MODULES:
        where = str(path.relative_to(ROOT))
        globals_ = module_names(path)
        for load in loads_in(path.read_text(), dict(globals_)):
            yield (where, "code"), *load
        for source in doctest_sources(path):
            for load in loads_in(source, dict(globals_)):
                yield (where, "docstring"), *load


LOADS = list(every_load())


def loaded_anywhere(text: str, partial: bool | None = None):
    """``text`` loaded with ``partial`` by every game (and player count) that reads it."""
    for name in iw.available_games():
        for players in ((None, 1, 3) if name in ("volcano", "ice3") else (None,)):
            game = iw.make(name) if players is None else iw.make(name, players=players)
            try:
                yield game.state_from_text(text, partial=partial)
            except (NotationError, ValueError):
                continue


def loads_by_default(text: str) -> bool:
    return next(loaded_anywhere(text), None) is not None


def test_the_walk_reads_every_kind_of_shipped_text():
    kinds = {where[0].split("/")[0] for where, *_ in LOADS}
    assert {"notebooks", "icewidgets"} <= kinds
    assert sum(where[1] == "docstring" for where, *_ in LOADS) >= 10
    assert sum(where[0].startswith("notebooks") and text is not None for where, text, *_ in LOADS) >= 10


def test_every_call_the_walk_cannot_read_is_pinned_with_a_reason():
    unread = {(where[0], expression) for where, text, partial, expression in LOADS
              if text is None and partial is not True}
    assert unread == set(DYNAMIC), sorted(unread ^ set(DYNAMIC))


@pytest.mark.parametrize("where, text, partial", [pytest.param(where, text, partial, id=f"{where[0]}-{where[1]}")
                                                 for where, text, partial, _ in LOADS if text is not None])
def test_a_shipped_position_can_happen_or_is_marked_partial(where, text, partial):
    if partial is not True:
        assert loads_by_default(text), f"{where}: no game loads this position without partial=True:\n{text}"


def test_the_ice3_puzzles_load_by_default():
    from icewidgets.games.ice3.puzzles import PUZZLES

    for puzzle in PUZZLES:
        assert puzzle.state().to_text() == puzzle.text, puzzle.name


def test_volterra_showdowns_load_by_default():
    from icewidgets.games.volterra.teaching import showdown

    for dark, light in (((2,), (2,)), ((2, 1), (2,)), ((3, 1), (2, 2, 2))):  # the ones the docs and notebooks show
        end = showdown(dark, light)
        assert end.is_over and end.partial and all(problem.missing for problem in end.problems())


def stored_pictures(path: str, index: int) -> str:
    """The SVG text of the pictures stored in a notebook cell's outputs (inline or base64)."""
    cell = json.loads((ROOT / path).read_text())["cells"][index]
    html = "".join("".join(output.get("data", {}).get("text/html", "")) for output in cell.get("outputs", []))
    return html + "".join(base64.b64decode(data).decode("utf-8", "ignore")
                          for data in re.findall(r"base64,([A-Za-z0-9+/=]+)", html))


def drawn_diagrams():
    """(notebook, cell) of every stored picture of a position text that has problems."""
    found = set()
    for (path, where), text, _, _ in LOADS:
        if path.startswith("notebooks/") and text is not None and where.startswith("cell "):
            state = next(loaded_anywhere(text, partial=True), None)
            if state is not None and state.partial and "<svg" in stored_pictures(path, int(where[5:])):
                found.add((path, int(where[5:])))
    return sorted(found)


@pytest.mark.parametrize("path, index", [pytest.param(path, index, id=f"{path[10:12]}-cell{index}")
                                         for path, index in drawn_diagrams()])
def test_a_stored_picture_of_a_diagram_says_part_of_a_board(path, index):
    assert "part of a board" in stored_pictures(path, index)
