"""The one conformance check, run over every registered game (pgx-style).

Each game's own test file runs ``check_game`` under many option sets; this file makes sure
that every game in the registry, including one added later, passes it with its defaults.
"""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets.protocol import Game, State
from icewidgets.testing import check_game

# Turn limits keep the slow-to-finish games short; Volcano and Volterra end by themselves.
LIMITS = {"ice3": 20, "blockade": 4}


@pytest.mark.parametrize("name", iw.available_games())
def test_every_game_passes_the_conformance_check(name):
    game = iw.make(name, **({"max_turns": LIMITS[name]} if name in LIMITS else {}))
    report = check_game(game, n_games=4, seed=11)
    assert report["games"] == 4
    assert report["plies"] > 0
    assert sum(report["results"].values()) == 4


@pytest.mark.parametrize("name", iw.available_games())
def test_every_game_has_the_shared_outline(name):
    game = iw.make(name)
    assert isinstance(game, Game) and game.name == name and game.title
    assert repr(game) == f"make({name!r})"
    assert game.move_types and game.example_move
    assert isinstance(game.parse_move(game.example_move), game.move_types)
    state = game.new_state(seed=3)
    assert isinstance(state, State)
    assert state == game.new_state(seed=3)
    assert state.to_text().splitlines()[-1].startswith("to_move=")
    module = __import__(type(game).__module__, fromlist=["__doc__"])
    assert len(module.__doc__) > 500, "the module docstring teaches the rules"


@pytest.mark.parametrize("name", iw.available_games())
def test_unknown_options_and_bad_values_are_clear(name):
    with pytest.raises(TypeError, match=f"{name} has no option 'speed'; its options are: players"):
        iw.make(name, speed=3)
    with pytest.raises(ValueError, match="max_turns"):
        iw.make(name, max_turns=0)
