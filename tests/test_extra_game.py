"""A fifth game, defined in the tests, works through every generic layer once it is registered.

It is the proof of CONTRIBUTING's promise: one package (here, one module) and one registry line
(or, for a game published as a package of its own, one entry point: tests/test_plugins.py). It
also uses the hooks such a game needs: piece colours of its own and marked board areas.
"""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets import games
from icewidgets.testing import check_game

from extra_game import NestRow


@pytest.fixture
def registered(nest_row):
    return nest_row


def test_make_and_play(registered):
    assert "nestrow" in iw.available_games()
    game = iw.make("nestrow")
    state = game.new_state()
    for move in ["b2", "a1", "c3", "b2", "c3"]:
        state = state.play(move)
    assert state.stack("b2") == "O3V2" and state.stack("c3") == "O2O1" and state.to_move == 1
    with pytest.raises(iw.IllegalMoveError, match="c3 holds the orange small, not bigger than the piece to place"):
        state.play("c3")
    with pytest.raises(TypeError, match="nestrow has no option 'size'"):
        iw.make("nestrow", size=4)


def test_conformance(registered):
    report = check_game(iw.make("nestrow"), n_games=10, seed=3)
    assert report["games"] == 10 and sum(report["results"].values()) == 10


def test_record_and_code(registered):
    record = iw.Record.new("nestrow").extend(["b2", "a1", "c3"])
    again = iw.Record.from_code(record.to_code())
    assert again == record and again.final_state().stack("c3") == "O2"


def test_svg_picture_uses_its_view(registered):
    state = iw.make("nestrow").new_state().play("b2")
    picture = iw.svg.board(state)
    assert picture.count('data-square="') == 9 and picture.count('data-piece="') == 1
    assert ">Orange: 2 to place</text>" in picture and ">Violet: 3 to place</text>" in picture
    assert 'data-mark="b2"' in picture  # the default marks: the square the last event names


def test_widget_python_side(registered):
    widget = iw.GameWidget("nestrow", agents={1: "greedy"})
    assert sorted(entry[2] for entry in widget.legal) == sorted(f"-{name}" for name in iw.make("nestrow").grid.names)
    assert widget.handle({"type": "move", "move": "a1"})
    assert widget.bot_pending and widget.handle({"type": "bot"})
    assert widget.final_state.stack("b2") == "V3"  # greedy takes the centre
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


# The hooks a game of its own needs ------------------------------------------------------------


def test_its_own_piece_colours_have_letters_names_and_patterns(registered):
    from icewidgets.pieces import COLOUR_NAMES, Piece, PieceColour, declare_colours, tokens

    assert Piece.parse("V2").name == "violet medium" and COLOUR_NAMES["O"] == "orange"
    assert tokens("O3V2O1") == ["O3", "V2", "O1"]
    state = iw.make("nestrow").new_state().play("b2")
    picture = iw.svg.board(state)
    piece = iw.svg.piece_markup("O3")
    assert 'fill="#f28e2b"' in piece and 'stroke-dasharray="6 3"' in piece and ">O3</text>" in piece
    assert 'stroke-dasharray="2 3"' in iw.svg.piece_markup("V1")
    assert f'data-token="O3" data-loc="b2" ' in picture and piece in picture
    # The panel's swatches take the declared fills, per palette.
    assert 'fill="#7d4fa8" stroke=' in picture
    assert 'fill="#9b30ff" stroke=' in iw.svg.board(state, palette="high-contrast")
    assert iw.svg.palette("okabe-ito")["V"] == "#7d4fa8"
    declare_colours(PieceColour("O", "orange", "#f28e2b", pattern="6 3"))  # the same again: nothing changes
    with pytest.raises(ValueError, match="'O' is already declared as orange"):
        declare_colours(PieceColour("O", "ochre", "#cc7722"))
    with pytest.raises(ValueError, match="'K' is already the black of the Icehouse set; give kiwi another letter"):
        declare_colours(PieceColour("K", "kiwi", "#8ee53f"))
    with pytest.raises(iw.NotationError, match="Nest Row has only orange and violet pieces"):
        iw.make("nestrow").state_from_text(". . .\n. R3 .\n. . .\nto_move=0")


def test_board_areas_in_the_pictures(registered):
    start = iw.make("nestrow").new_state()
    picture = iw.svg.board(start)
    assert picture.count('<g class="iw-areas" pointer-events="none">') == 1
    assert '<g class="iw-area iw-area-hatch" data-area="the centre" data-squares="b2"><title>the centre: b2</title>' in picture
    assert "closed to the next piece" not in picture  # every square is open at the start
    assert '<g class="iw-area-key" data-area="the centre">' in picture  # named in the panel, beside a sample
    assert picture.index('class="iw-areas"') < picture.index('class="iw-marks"') < picture.index('class="iw-pieces"')
    after = start.play("b2")  # Violet's large cannot go on Orange's large
    picture = iw.svg.board(after)
    assert ('<g class="iw-area iw-area-dots" data-area="closed to the next piece" data-squares="b2">'
            '<title>closed to the next piece: b2</title>') in picture
    # Violet's colour (whose piece is next): four dots on b2, four in the panel's sample.
    assert picture.count('fill="#7d4fa8" fill-opacity="0.7"/>') == 8
    # The centre has no colour of its own: its lines take the theme's ink (in the widget, the notebook's).
    assert '<path class="iw-area-line" d="M' in picture and 'class="iw-area-fill"' not in picture
    assert "iw-areas" not in iw.svg.board(iw.make("volcano").new_state(seed=1))  # a game without areas: none


def test_board_areas_in_the_widget_frames(registered):
    widget = iw.GameWidget("nestrow")
    assert 'data-area="the centre"' in widget.frames[0]["a"]
    assert widget.handle({"type": "move", "move": "b2"})
    assert 'data-area="closed to the next piece" data-squares="b2"' in widget.frames[-1]["a"]
    assert widget.handle({"type": "move", "move": "a1"})  # Orange's medium may go anywhere again
    assert "closed to" not in widget.frames[-1]["a"] and 'data-area="the centre"' in widget.frames[-1]["a"]
    assert widget.handle({"type": "move", "move": "c3"})
    assert 'data-squares="c3"' in widget.frames[-1]["a"]  # Violet's medium cannot go on Orange's
    assert all("a" not in frame for frame in iw.GameWidget("volcano").frames)
