"""One outline for every registered game (CONTRIBUTING, "The outline of a game package").

The same sections in the same order in every ``rules.py`` (or, for a game written as one module,
that module), and the same names for the same concepts: the end move, move fields, events,
colours, whose turn, and "the game ended". Every registered game is checked: the package's own,
plug-ins, and the fifth game of a ``pytest --extra-game`` run.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.protocol import EndTurn, Game
from icewidgets.testing import check_rules_module, rules_module

GAMES = iw.available_games()


def _rules(name: str):
    """The module of the game's rules (``games/<name>/rules.py``, or a plug-in's)."""
    return rules_module(iw.make(name))


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_module_keeps_the_outline(name):
    # The sections in order, the docstring that teaches the rules, COLOURS, move fields, events
    # and end_reason as properties: icewidgets.testing.check_rules_module, which a plug-in runs too.
    check_rules_module(iw.make(name))


@pytest.mark.parametrize("name", GAMES)
def test_no_module_in_the_package_imports_another_private_helper_copy(name):
    module = _rules(name)
    # A game package's modules; a game written as one module (a plug-in, the tests' fifth game), that one.
    package = Path(module.__file__).parent.glob("*.py") if "." in module.__name__ else [Path(module.__file__)]
    for path in package:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert not defined & {"_rng", "_plural", "_with_events", "_pick_best"}, (
            f"{path.name} defines its own copy of a shared helper (icewidgets.randomness, icewidgets.words)")


@pytest.mark.parametrize("name", iw.available_games())
def test_the_same_names_for_the_same_concepts(name):
    game = iw.make(name)
    module = importlib.import_module(type(game).__module__)
    # The end move: protocol.EndTurn, one instance END_TURN, when the game has one.
    if EndTurn in game.move_types:
        assert isinstance(module.END_TURN, EndTurn)
        assert game.parse_move(str(module.END_TURN)) is module.END_TURN
    state = game.new_state(seed=1)
    assert isinstance(state.player, int) and state.player >= 0
    assert state.end_reason is None and not state.is_over
    assert isinstance(game, Game) and type(game).grid is not None
