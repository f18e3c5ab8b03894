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


def test_record_and_code(registered):
    record = iw.Record.new("nestrow").extend(["b2", "a1", "c3"])
    again = iw.Record.from_code(record.to_code())
    assert again == record and again.final_state().stack("c3") == "R2"


def test_svg_picture_uses_its_view(registered):
    state = iw.make("nestrow").new_state().play("b2")
    picture = iw.svg.board(state)
    assert picture.count('data-square="') == 9 and picture.count('data-piece="') == 1
    assert ">Red: 2 to place</text>" in picture and ">Blue: 3 to place</text>" in picture
    assert 'data-mark="b2"' in picture  # the default marks: the square the last event names


def test_widget_python_side(registered):
    widget = iw.GameWidget("nestrow", agents={1: "greedy"})
    assert sorted(entry[2] for entry in widget.legal) == sorted(f"-{name}" for name in iw.make("nestrow").grid.names)
    assert widget.handle({"type": "move", "move": "a1"})
    assert widget.bot_pending and widget.handle({"type": "bot"})
    assert widget.final_state.stack("b2") == "B3"  # greedy takes the centre
    assert not widget.handle({"type": "move", "move": "z9"}) and "z9" in widget.message


def test_playouts_tournament_and_lab(registered):
    results = iw.playouts("nestrow", 40, agents=("greedy", "random"), seed=2, progress=False)
    assert results.engine == "reference" and results.n == 40
    assert results.heatmaps["placed"].sum() == results.plies.sum()
    assert "nested pieces per game" in str(results.summary())
    table = iw.tournament("nestrow", ["random", "greedy"], n=20, seed=1, progress=False)
    assert table.games[0, 1] == 20 and table.score[1, 0] > 0.5
    lab = iw.PlayoutLab(game="nestrow", agents="random", n=12, seed=3)
    lab.run(wait=True)
    assert lab.results.n == 12 and lab.results.game.name == "nestrow"


@pytest.mark.parametrize("hook, broken, message", [
    ("greedy", staticmethod(lambda state, rng: (rng.random(), rng.random(), state.legal_moves()[0])[2]), "drew 2 times"),
    ("counters", None, "not in their fields"),
    ("controls", None, r"controls.all_move_squares gives \[\] for "),
])
def test_conformance_check_exercises_the_hooks(registered, monkeypatch, hook, broken, message):
    from icewidgets.testing import ConformanceError

    if hook == "counters":
        class Sloppy(type(NestRow.counters)):
            def final(self, row, state):
                row["untracked"] = 1

        broken = Sloppy()
    if hook == "controls":
        class Forgetful(type(NestRow.controls)):
            def all_move_squares(self, state, moves):
                return [[] for _ in moves]

        broken = Forgetful()
    monkeypatch.setattr(NestRow, hook, broken)
    with pytest.raises(ConformanceError, match=message):
        check_game(iw.make("nestrow"), n_games=2, seed=1)
