"""One outline for every registered game (CONTRIBUTING, "The outline of a game package").

The same sections in the same order in every ``rules.py`` (or, for a game written as one module,
that module), and the same names for the same concepts: the end move, move fields, events,
colours, whose turn, and "the game ended". Every registered game is checked: the package's own,
plug-ins, and the fifth game of a ``pytest --extra-game`` run.
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

GAMES = iw.available_games()
SECTIONS = ["Options", "Moves", "State", "Private helpers"]
STATE_SECTIONS = ["Queries", "Results", "Rules", "Text"]


def _rules(name: str):
    """The module of the game's rules: its Game class's module (``games/<name>/rules.py``)."""
    return importlib.import_module(iw.games.game_class(name).__module__)


@pytest.mark.parametrize("name", GAMES)
def test_rules_module_sections_come_in_one_order(name):
    source = Path(_rules(name).__file__).read_text(encoding="utf-8")
    top = re.findall(r"^# ([A-Z][\w ]*?)(?::[^\n-]*)? -{3,}$", source, re.M)
    first = [s for n, s in enumerate(top) if s in SECTIONS and s not in top[:n]]
    assert first == SECTIONS, f"{name}: the sections are {top}, not {SECTIONS} in that order (rule: the outline of rules.py)"
    assert all(s == "Private helpers" for s in top[top.index("Private helpers"):]), (
        f"{name}: private helpers come last (rule: the outline of rules.py)")
    inner = re.findall(r"^    # (\w+) -{3,}$", source, re.M)
    assert inner == STATE_SECTIONS, f"{name}: the State's sections are {inner}, not {STATE_SECTIONS} (rule: the outline of rules.py)"


@pytest.mark.parametrize("name", GAMES)
def test_the_docstring_teaches_the_rules_with_an_example(name):
    doc = _rules(name).__doc__ or ""
    assert len(doc) > 1500 and ">>> " in doc and "Notation" in doc, (
        f"{name}: the rules module's docstring has {len(doc)} characters, {'a' if '>>> ' in doc else 'no'} doctest "
        f"and {'a' if 'Notation' in doc else 'no'} Notation part (rule: the outline of rules.py: a docstring of more "
        "than 1500 characters that teaches the rules, with their notation and a doctest that plays a move)")


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
    # Colours: the colour letters of the game's pieces, as one string.
    colours = getattr(module, "COLOURS", None)
    assert isinstance(colours, str) and colours.isalpha() and colours.isupper(), (
        f"{name}.COLOURS = {colours!r} (rule: the outline of rules.py: COLOURS, a string of the colour letters of the game's pieces)")
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
    assert isinstance(getattr(state_type, "events"), (functools.cached_property, property)), (
        f"{name}: {state_type.__name__}.events is not a property (rule: events are a cached property, built when "
        "first read or primed by _apply with _prime(events=…))")
    assert isinstance(getattr(state_type, "end_reason"), (functools.cached_property, property)), (
        f"{name}: {state_type.__name__}.end_reason is not a property (rule: the outline of rules.py: end_reason, why the game ended)")
    state = game.new_state(seed=1)
    assert isinstance(state.player, int) and state.player >= 0
    assert state.end_reason is None and not state.is_over
    assert isinstance(game, Game) and type(game).grid is not None
