"""Every position text written out in a notebook's code cells either can arise in play (only
missing pieces, at most) or is loaded with ``partial=True``, so no impossible position is shown
as if it came from a game."""

import ast
import json
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.protocol import NotationError

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def literal_loads(source: str):
    """(text, partial) of every ``….state_from_text("literal", …)`` call in ``source``."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "state_from_text"
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            partial = next((k.value.value for k in node.keywords if k.arg == "partial" and isinstance(k.value, ast.Constant)), None)
            yield node.args[0].value, partial


def shipped_loads():
    for path in NOTEBOOKS:
        for index, cell in enumerate(json.loads(path.read_text())["cells"]):
            if cell["cell_type"] == "code":
                for text, partial in literal_loads("".join(cell["source"])):
                    yield pytest.param(text, partial, id=f"{path.stem}-cell{index}")


def loads_by_default(text: str) -> bool:
    for name in iw.available_games():
        for players in ((None, 1, 3) if name in ("volcano", "ice3") else (None,)):
            game = iw.make(name) if players is None else iw.make(name, players=players)
            try:
                game.state_from_text(text)
                return True
            except (NotationError, ValueError):
                continue
    return False


def test_the_walk_finds_the_notebook_positions():
    assert len(list(shipped_loads())) >= 10


@pytest.mark.parametrize("text, partial", list(shipped_loads()))
def test_a_shipped_position_can_happen_or_is_marked_partial(text, partial):
    if partial is not True:
        assert loads_by_default(text), f"no game loads this position without partial=True:\n{text}"
