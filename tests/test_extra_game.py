"""A fifth game, defined in the tests, works through every generic layer once it is registered.

It is the proof of CONTRIBUTING's promise: one package (here, one module) and one registry line.
"""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets import games
from icewidgets.testing import check_game

from extra_game import NestRow


@pytest.fixture
def registered():
    games.register(NestRow)
    yield NestRow
    games.unregister(NestRow.name)


def test_make_and_play(registered):
    assert "nestrow" in iw.available_games()
    game = iw.make("nestrow")
    state = game.new_state()
    for move in ["b2", "a1", "c3", "b2", "c3"]:
        state = state.play(move)
    assert state.stack("b2") == "R3B2" and state.stack("c3") == "R2R1" and state.to_move == 1
    with pytest.raises(iw.IllegalMoveError, match="c3 holds a red small"):
        state.play("c3")
    with pytest.raises(TypeError, match="nestrow has no option 'size'"):
        iw.make("nestrow", size=4)


def test_conformance(registered):
    report = check_game(iw.make("nestrow"), n_games=10, seed=3)
    assert report["games"] == 10 and sum(report["results"].values()) == 10
