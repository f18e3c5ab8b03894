"""One outline for every game package (CONTRIBUTING, "The outline of a game package").

The same sections in the same order in every ``rules.py``, and the same names for the same
concepts: the end move, move fields, events, colours, whose turn, and "the game ended".
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import re
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.protocol import EndTurn, Game, State

BUILT_IN = ("volcano", "volterra", "ice3", "blockade")
SECTIONS = ["Options", "Moves", "State", "Private helpers"]
STATE_SECTIONS = ["Queries", "Results", "Rules", "Text"]


def _rules(name: str):
    return importlib.import_module(f"icewidgets.games.{name}.rules")


@pytest.mark.parametrize("name", BUILT_IN)
def test_rules_module_sections_come_in_one_order(name):
    source = Path(_rules(name).__file__).read_text(encoding="utf-8")
    top = re.findall(r"^# ([A-Z][\w ]*?)(?::[^\n-]*)? -{3,}$", source, re.M)
    first = [s for n, s in enumerate(top) if s in SECTIONS and s not in top[:n]]
    assert first == SECTIONS, f"{name}: sections {top}"
    assert all(s == "Private helpers" for s in top[top.index("Private helpers"):]), f"{name}: private helpers come last"
    inner = re.findall(r"^    # (\w+) -{3,}$", source, re.M)
    assert inner == STATE_SECTIONS, f"{name}: the State's sections are {inner}"


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_docstring_teaches_the_rules_with_an_example(name):
    doc = _rules(name).__doc__
    assert len(doc) > 1500 and ">>> " in doc and "Notation" in doc


@pytest.mark.parametrize("name", BUILT_IN)
def test_no_module_in_the_package_imports_another_private_helper_copy(name):
    package = Path(_rules(name).__file__).parent
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert not defined & {"_rng", "_plural", "_with_events", "_pick_best"}, (
            f"{path.name} defines its own copy of a shared helper (icewidgets.randomness, icewidgets.words)")


@pytest.mark.parametrize("name", iw.available_games())
def test_the_same_names_for_the_same_concepts(name):
    game = iw.make(name)
    module = importlib.import_module(type(game).__module__)
    # Colours: the colour letters of the game's pieces, as one string.
    colours = getattr(module, "COLOURS", None)
    assert isinstance(colours, str) and colours.isalpha() and colours.isupper(), f"{name}.COLOURS = {colours!r}"
    # The end move: protocol.EndTurn, one instance END_TURN, when the game has one.
    if EndTurn in game.move_types:
        assert isinstance(module.END_TURN, EndTurn)
        assert game.parse_move(str(module.END_TURN)) is module.END_TURN
    # Move fields: squares are names, called source and target.
    for move_type in game.move_types:
        if dataclasses.is_dataclass(move_type):
            fields = {f.name for f in dataclasses.fields(move_type)}
            assert not fields & {"src", "dst", "square", "frm", "to"}, f"{move_type.__name__} fields {fields}"
    # Whose turn, what happened, and whether (and why) the game ended.
    state_type = type(game.new_state(seed=1))
    assert issubclass(state_type, State)
    assert isinstance(getattr(state_type, "events"), (functools.cached_property, property))
    assert isinstance(getattr(state_type, "end_reason"), (functools.cached_property, property))
    state = game.new_state(seed=1)
    assert isinstance(state.player, int) and state.player >= 0
    assert state.end_reason is None and not state.is_over
    assert isinstance(game, Game) and type(game).grid is not None
