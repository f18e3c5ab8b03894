"""GameWidget's Python side, driven through its message handler like the browser does."""

from __future__ import annotations

import base64
import dataclasses
import importlib.util
import json
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest

import icewidgets as iw
from icewidgets import svg
from icewidgets.games import register, unregister
from icewidgets.grid import Grid, parse_fields, parse_int_field, split_position
from icewidgets.protocol import EndTurn, Game, IllegalMoveError, NotationError, State, event
from icewidgets.widgets.frontend import PARTS, STATIC, module_source
from icewidgets.widgets.game_widget import payload_size

ROOT = Path(__file__).resolve().parent.parent

needs_blockade = pytest.mark.skipif(
    importlib.util.find_spec("icewidgets.games.blockade") is None, reason="the Blockade engine is not in this version yet"
)


def _plies(widget) -> tuple[str, ...]:
    return widget.record.plies


# Creating ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", pytest.param("blockade", marks=needs_blockade)])
def test_every_game_starts_with_a_board_and_one_frame(name):
    widget = iw.GameWidget(name, seed=1)
    assert widget.game_name == name
    assert len(widget.frames) == 1 and widget.ply == 0
    assert widget.board["static"].count('data-square="') == widget.game.grid.size
    assert widget.position_text == widget.state.to_text()
    assert widget.legal or widget.buttons


def test_created_from_a_state_a_game_and_a_record():
    state = iw.make("volcano").new_state().play("b2-c1")
    assert iw.GameWidget(state).state == state
    assert iw.GameWidget(iw.make("volcano", players=3)).game.players == 3
    assert iw.GameWidget("volcano", players=3).game.players == 3
    record = iw.Record.new("volcano", capture="must").extend(["b2-c1", "a1-a2"])
    widget = iw.GameWidget(record)
    assert widget.ply == 2 and widget.record == record
    assert [m["move"] for m in widget.moves] == ["b2-c1", "a1-a2"]
    # Frames: the start, b2-c1, and the five stages of the a1-a2 eruption.
    assert [(f["p"], f["s"], f["f"]) for f in widget.frames] == [(0, 0, 1), (1, 0, 1), (2, 0, 0), (2, 1, 0), (2, 2, 0), (2, 3, 0), (2, 4, 1)]
    assert iw.GameWidget(record.to_code()).record == record
    with pytest.raises(TypeError, match="GameWidget needs a game name"):
        iw.GameWidget(42)
    with pytest.raises(ValueError, match="theme='neon' is not a theme"):
        iw.GameWidget("volcano", theme="neon")


def test_legal_moves_are_sent_with_their_squares():
    widget = iw.GameWidget("volcano")
    state = widget.state
    assert len(widget.legal) == len(state.legal_moves())
    assert ["c3-c4", None, "c3-c4"] in widget.legal
    assert widget.buttons == [] and widget.groups == []


# Playing ---------------------------------------------------------------------------------------


def test_play_a_move_by_message():
    widget = iw.GameWidget("volcano", capture="must")
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), names=["ply"])
    assert widget.handle({"type": "move", "move": "a1-a2"}) is True
    assert _plies(widget) == ("a1-a2",)
    assert widget.ply == 1 and seen == [1]
    assert widget.state.stack("a2") == "G1G2G3K1"
    assert widget.state.captured == ((iw.pieces.Piece("R", 3),), ())
    assert widget.message == ""
    assert widget.can_undo and not widget.can_redo
    assert widget.moves[-1]["who"] == "Player 1" and widget.moves[-1]["frame"] == 1


@pytest.mark.parametrize(
    "message, error",
    [
        ({"type": "move", "move": "c3-e5"}, "c3-e5 is illegal: e5 is not next to c3: a cap moves one square in one of the 8 directions"),
        ({"type": "move", "move": "hello"}, "'hello' is not a Volcano move: write a cap move like 'c3-c4'"),
        ({"type": "move", "move": 7}, "A move must be given as its notation, e.g. 'c3-c4'"),
        ({"type": "move"}, "A move must be given as its notation, e.g. 'c3-c4'"),
        ({"type": "move", "move": "x" * 500}, "A move must be given as its notation, e.g. 'c3-c4'"),
        ({"type": "fly"}, "the widget received an unknown message type 'fly'"),
        ("garbage", "the widget received a message it does not understand"),
        (None, "the widget received a message it does not understand"),
        ({"kind": "move"}, "the widget received a message it does not understand"),
        ({"type": "roll"}, "There are no dice to roll now."),
        ({"type": "bot"}, "No bot is to move now."),
        ({"type": "undo"}, "There is nothing to undo."),
        ({"type": "redo"}, "There is nothing to redo."),
        ({"type": "load", "text": ""}, "Paste a position text or a record code to load."),
        ({"type": "load", "text": "iw1.broken"}, "Could not load that: the record code is damaged (was it copied completely?)"),
        ({"type": "load", "text": "R1 R2\nto_move=0"}, "Could not load that: a board of this game has 5 ranks, but the text has 1 board line"),
    ],
)
def test_bad_messages_are_refused_with_a_message_and_change_nothing(message, error):
    widget = iw.GameWidget(iw.make("volcano").new_state().play("b2-c1"))  # a start position, no plies yet
    before = (widget.record, widget.ply, list(widget.frames), widget.final_state)
    assert widget.handle(message) is False
    assert widget.message == error
    assert widget.message_kind == "error"
    assert (widget.record, widget.ply, list(widget.frames), widget.final_state) == before


@pytest.mark.parametrize(
    "update, error",
    [
        ({"ply": "two"}, "The widget ignored ply='two' from the page: not a whole number."),
        ({"ply": True}, "The widget ignored ply=True from the page: not a whole number."),
        ({"ply": -3}, "ply must be between 0 and 1."),
        ({"legal": []}, "The widget ignored an update of legal from the page."),
        ({"frames": [], "record_code": "x"}, "The widget ignored an update of frames, record_code from the page."),
        ({"speed": -1}, "The widget ignored speed=-1 from the page."),
        ("nonsense", "The widget ignored a malformed update from the page."),
    ],
)
def test_bad_trait_updates_from_the_page_are_refused(update, error):
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1"]))
    before = (widget.record, widget.ply, list(widget.frames), list(widget.legal), widget.record_code, widget.speed)
    widget.set_state(update)
    assert widget.message == error and widget.message_kind == "error"
    assert (widget.record, widget.ply, list(widget.frames), list(widget.legal), widget.record_code, widget.speed) == before


def test_the_page_may_move_the_view():
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1", "a1-a2"]))
    widget.set_state({"ply": 1, "speed": 2})
    assert widget.ply == 1 and widget.speed == 2 and widget.state.stack("c1") == "B1B2B3K1"
    assert widget.message == ""


def test_play_raises_for_python_callers():
    widget = iw.GameWidget("volcano")
    with pytest.raises(iw.IllegalMoveError, match="there is no cap on a2"):
        widget.play("a2-a3")
    assert widget.play("a1-a2").stack("a2") == "G1G2G3K1"
    assert widget.ply == 1


def test_undo_redo():
    widget = iw.GameWidget("volcano", capture="must")
    for move in ("b2-c1", "a1-a2"):
        widget.handle({"type": "move", "move": move})
    assert widget.handle({"type": "undo"})
    assert _plies(widget) == ("b2-c1",) and widget.ply == 1 and widget.can_redo
    assert len(widget.frames) == 2
    assert widget.handle({"type": "undo"})
    assert _plies(widget) == () and widget.ply == 0
    assert widget.handle({"type": "redo"})
    assert _plies(widget) == ("b2-c1",)
    assert widget.handle({"type": "redo"})
    assert _plies(widget) == ("b2-c1", "a1-a2") and not widget.can_redo
    assert len(widget.frames) == 7
    # A new move after an undo drops the redo list.
    widget.handle({"type": "undo"})
    widget.handle({"type": "move", "move": "a1-b1"})
    assert _plies(widget) == ("b2-c1", "a1-b1") and not widget.can_redo


def test_setting_ply_moves_the_view_only():
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1", "a1-a2"]))
    widget.ply = 1
    assert widget.state.stack("c1") == "B1B2B3K1" and widget.final_state.stack("a2") == "G1G2G3K1"
    assert widget.position_text == widget.state.to_text()
    assert len(widget.record) == 2
    with pytest.raises(ValueError, match="ply=9 must be a whole number between 0 and 2"):
        widget.ply = 9
    with pytest.raises(TypeError, match="ply=True must be a whole number between 0 and 2, not bool"):
        widget.ply = True
    assert widget.ply == 1


def test_moving_from_an_earlier_ply_branches_and_keeps_a_redo():
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1", "a1-a2"]))
    widget.ply = 1
    assert widget.handle({"type": "move", "move": "a1-a0"}) is False  # illegal: nothing is dropped
    assert _plies(widget) == ("b2-c1", "a1-a2") and widget.ply == 1
    assert widget.handle({"type": "move", "move": "a1-b1"})
    assert _plies(widget) == ("b2-c1", "a1-b1")
    assert widget.ply == 2


def test_load_position_text_and_record_code():
    widget = iw.GameWidget("volcano")
    text = iw.make("volcano").new_state().play("b2-c1").to_text()
    assert widget.handle({"type": "load", "text": text})
    assert widget.state.to_text() == text and widget.record.start == text
    assert widget.message == "Loaded a Volcano game with 0 plies."
    record = iw.Record.new("volterra").extend(["@b2"])
    assert widget.handle({"type": "load", "text": record.to_code()})
    assert widget.game_name == "volterra" and widget.record == record
    assert widget.handle({"type": "load", "text": record.to_json()})


def test_a_pasted_contradiction_is_refused_with_its_problems_and_loads_as_a_diagram_when_pasted_again():
    widget = iw.GameWidget("blockade", seed=1)
    text = ". . . . .\n. G3G1 . . .\n. . . . .\n. . . . .\n. . . . .\nto_move=0 player=0 dice=R4Y1 points=R4Y1"
    large = "b4 holds a green large (G3), but the setup puts the red large R3 there, and larges never move"
    assert widget.handle({"type": "load", "text": text}) is False
    assert widget.message == (f"Could not load that: this position cannot arise in play: {large}. "
                              "Press Load again to show it anyway, as a diagram (part of a board).")
    assert widget.state.problems() == []  # the game shown is untouched
    assert widget.handle({"type": "load", "text": text})
    assert widget.state.partial and widget.record.partial is True
    assert widget.state.to_text() == text + " supply=K3:5,K2:5,K1:5 moved=-"
    assert widget.message == f"Loaded a Blockade game with 0 plies. Its start is part of a board: {large} " \
                             "(and 1 more: state.problems())."
    assert "part of a board" in widget.to_svg()
    assert widget.handle({"type": "restart"}) and widget.state.partial  # restarts from the same diagram
    assert iw.Record.from_code(widget.record.to_code()) == widget.record


def test_the_offer_holds_only_for_the_text_just_refused():
    widget = iw.GameWidget("blockade", seed=1)
    text = ". . . . .\n. G3G1 . . .\n. . . . .\n. . . . .\n. . . . .\nto_move=0 player=0 dice=R4Y1 points=R4Y1"
    assert widget.handle({"type": "load", "text": text}) is False
    assert widget.handle({"type": "load", "text": "R1 R2\nto_move=0"}) is False  # something else in between
    assert widget.handle({"type": "load", "text": text}) is False and "Press Load again" in widget.message


def test_missing_pieces_load_marked_and_load_passes_partial():
    widget = iw.GameWidget("volcano")
    sparse = ". . . . .\n" * 2 + "C1C2C3K1 Y1Y2Y3 G1G2G3 B1B2B3 R1R2R3\n" + ". . . . .\n" * 2 + "to_move=0 captured=/"
    assert widget.handle({"type": "load", "text": sparse})
    assert widget.state.partial and widget.record.partial is None
    assert widget.message.startswith("Loaded a Volcano game with 0 plies. Its start is part of a board: the board and "
                                     "the piles hold 15 of the 75 coloured pyramids")
    with pytest.raises(Exception, match="cannot arise in play: the board and the piles hold 15 of the 75"):
        widget.load(sparse, partial=False)
    assert widget.load(sparse, partial=True) and widget.record.partial is True


# Bots and dice -----------------------------------------------------------------------------------


def test_bot_seat_answers_after_the_human():
    widget = iw.GameWidget("volcano", capture="must", agents={1: "greedy"}, seed=4)
    assert widget.seats == ["human", "greedy"]
    assert not widget.bot_pending
    widget.handle({"type": "move", "move": "a1-a2"})  # erupts: the turn passes to the bot
    assert widget.bot_pending and widget.legal == []
    assert widget.handle({"type": "move", "move": "b2-c1"}) is False
    assert widget.message == "It is Player 2's turn (a bot); wait for its move."
    while widget.bot_pending:
        assert widget.handle({"type": "bot"})
        assert widget.message == f"Player 2 (greedy) played {widget.record.plies[-1]}."
    assert widget.final_state.to_move == 0 or widget.final_state.is_over
    assert len(widget.record) >= 2
    # Undo takes back the bot's plies and the human's last one.
    assert widget.handle({"type": "undo"})
    assert widget.record.plies == ()


def test_bot_moves_first_when_seat_one_is_a_bot():
    widget = iw.GameWidget("volcano", agents={0: "random"})
    assert widget.bot_pending
    assert widget.handle({"type": "bot"})
    assert len(widget.record) == 1


def test_failing_bot_shows_a_message():
    def broken(state, rng):
        raise RuntimeError("no idea")

    widget = iw.GameWidget("volcano", agents={0: broken})
    assert widget.handle({"type": "bot"}) is False
    assert widget.message == "The bot in seat 1 failed: RuntimeError: no idea"
    assert widget.record.plies == ()


def test_bad_agents_argument():
    with pytest.raises(ValueError, match="agents: seat 5 is not a player of this game"):
        iw.GameWidget("volcano", agents={5: "random"})


@needs_blockade
def test_blockade_roll_button_and_end_turn():
    widget = iw.GameWidget("blockade", seed=1)
    assert widget.buttons == [["Roll dice", {"type": "roll"}]] and widget.legal == []
    assert widget.handle({"type": "move", "move": "end"}) is False
    assert widget.message == "Roll the dice first."
    assert widget.handle({"type": "roll"})
    assert widget.final_state.to_move != iw.CHANCE
    assert ["End turn", {"type": "move", "move": "end"}] in widget.buttons
    assert widget.legal and all(len(entry) == 3 and entry[1] is None for entry in widget.legal)
    assert widget.handle({"type": "move", "move": "end"})
    assert widget.final_state.to_move == iw.CHANCE
    # A roll is for the player whose turn it is (state.player): a bot's dice roll by themselves.
    first = iw.make("blockade").new_state(seed=1).player
    human_rolls = iw.GameWidget("blockade", seed=1, agents={1 - first: "random"})
    assert not human_rolls.bot_pending and human_rolls.buttons == [["Roll dice", {"type": "roll"}]]
    bot_rolls = iw.GameWidget("blockade", seed=1, agents={first: "random"})
    assert bot_rolls.bot_pending and bot_rolls.buttons == []


@needs_blockade
def test_blockade_bot_rolls_its_own_dice():
    widget = iw.GameWidget("blockade", seed=1, agents={0: "random", 1: "random"})
    for _ in range(6):
        assert widget.bot_pending
        assert widget.handle({"type": "bot"})
    assert len(widget.record) == 6


def test_a_click_no_legal_move_makes_is_explained_by_the_rules():
    widget = iw.GameWidget("volcano")
    assert widget.handle({"type": "click", "from": "c3", "to": "e5"}) is False
    assert widget.message == "c3-e5 is illegal: e5 is not next to c3: a cap moves one square in one of the 8 directions"
    assert widget.message_kind == "error" and widget.record.plies == ()
    assert widget.handle({"type": "click", "from": "a1", "to": "a2"}) is True  # legal after all: played
    assert widget.record.plies == ("a1-a2",)


@pytest.mark.parametrize(
    "message, error",
    [
        ({"type": "click", "from": "c3"}, "A click must name two squares of the board."),
        ({"type": "click", "from": "c3", "to": "z9"}, "A click must name two squares of the board."),
        ({"type": "click", "from": ["c3"], "to": "c4"}, "A click must name two squares of the board."),
    ],
)
def test_bad_clicks_are_refused(message, error):
    widget = iw.GameWidget("volcano")
    assert widget.handle(message) is False
    assert widget.message == error and widget.record.plies == ()


def test_clicks_in_each_game_name_the_move_they_stand_for():
    volterra = iw.GameWidget("volterra")  # Dark's pawn on c3
    assert volterra.handle({"type": "click", "from": "c3", "to": "e1"}) is False
    assert volterra.message.startswith("@e1 is illegal: ")
    assert volterra.handle({"type": "click", "from": "b4", "to": "e1"}) is False
    assert volterra.message.startswith("b4-e1 is illegal: ")
    ice3 = iw.GameWidget("ice3", seed=1)
    assert ice3.handle({"type": "click", "from": "a1", "to": "h8"}) is False
    assert ice3.message == "The piece on a1 cannot go to h8."
    blockade = iw.GameWidget("blockade", seed=1)
    assert blockade.handle({"type": "click", "from": "a1", "to": "e5"}) is False
    assert blockade.message == "Roll the dice first."


def test_volterra_free_layout_places_by_clicking_the_square():
    widget = iw.GameWidget("volterra", layout="free")
    assert widget.buttons == []
    assert len(widget.legal) == 20 and ["Da1", None, "-a1"] in widget.legal
    assert all(squares.startswith("-") for _, _, squares in widget.legal)


def test_theme_colours_and_pawns_are_sent_with_the_board():
    dark = svg.theme("dark")
    widget = iw.GameWidget("volterra", theme="dark")
    colours = widget.board["colours"]
    assert (colours["bg"], colours["fg"], colours["selected"], colours["dark"]) == (dark["bg"], dark["text"], dark["sel"], "true")
    assert widget.board["pawns"] == ["@D", "@L"]
    assert set(widget.board["catalogue"]) == {"D", "L", "@D", "@L"}
    assert iw.GameWidget("volcano").board["pawns"] == []
    auto = iw.GameWidget("volcano")
    assert auto.theme == "auto" and auto.board["colours"] == {}  # the page takes the notebook's colours
    auto.theme = "high-contrast"
    assert auto.board["colours"]["bg"] == "#000000" and auto.board["colours"]["dark"] == "true"
    for bad in ("neon", "purple", None, 3):  # set from Python: refused at once, as every checked trait
        with pytest.raises(ValueError) as raised:
            auto.theme = bad
        assert str(raised.value) == f"theme={bad!r} is not a theme; choose 'auto' or one of 'light', 'dark', 'high-contrast'"
        assert auto.theme == "high-contrast"


def test_the_palette_set_from_python_is_checked_and_redraws():
    widget = iw.GameWidget("volcano")
    before = widget.board["catalogue"]
    with pytest.raises(ValueError, match="palette='x' is not a palette; choose one of 'standard', 'okabe-ito'"):
        widget.palette = "x"
    assert widget.palette == "standard" and widget.board["catalogue"] == before
    widget.palette = "okabe-ito"  # the pieces are drawn again in the new colours
    assert widget.palette == "okabe-ito" and widget.board["catalogue"] != before


def test_the_widget_knows_no_game():
    paths = [STATIC / part for part in PARTS] + [STATIC / "game_widget.css"] + sorted(STATIC.parent.glob("*.py"))
    sources = {path.name: path.read_text().lower() for path in paths}
    for name in iw.available_games():
        for file, text in sources.items():
            assert name not in text, f"{file} names {name}"
    for part in PARTS:
        assert not re.search(r"#[0-9a-f]{6}\b", sources[part]), f"{part} hard-codes a colour: they come from the theme"


def test_volterra_two_ply_turn_and_ice3_set_moves():
    widget = iw.GameWidget("volterra")
    assert ["@b2", None, "c3-b2"] in widget.legal
    assert ["b4-b3", None, "b4-b3"] in widget.legal
    widget.handle({"type": "move", "move": "b4-b3"})
    widget.handle({"type": "move", "move": "@b3"})
    assert widget.final_state.to_move == 1
    ice3 = iw.GameWidget("ice3", seed=1)
    first = ice3.state.legal_moves()[0]
    [(group, squares)] = [(entry[1], entry[2]) for entry in ice3.legal if entry[0] == str(first)]
    assert group == first.group
    assert squares == " ".join(f"{a}-{b}" for a, b in ice3.game.controls.move_squares(ice3.state, first))


# Display and payload -----------------------------------------------------------------------------


def test_mimebundle_has_a_static_picture():
    widget = iw.GameWidget("volcano")
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"] == svg.board(widget.state)
    assert _html_picture(data["text/html"], "Volcano board after 0 plies") == svg.board(widget.state)


def test_frames_are_small_and_complete():
    import random

    rng = random.Random(31)
    state = iw.make("volcano").new_state()
    plies = []
    while len(plies) < 200:
        move = rng.choice(state.legal_moves())
        plies.append(str(move))
        state = state.play(move)
    widget = iw.GameWidget(iw.Record.new("volcano").extend(plies))
    assert payload_size(widget) <= 1_000_000
    assert sum(1 for f in widget.frames if f["f"]) == 201
    # The first frame holds every piece; later ones only what changed.
    assert len(widget.frames[0]["d"]) == 80
    json.dumps(widget.frames)  # plain JSON


def test_esm_is_joined_from_committed_parts_without_imports():
    source = module_source()
    assert iw.GameWidget._esm == source and "export default" in source
    assert not re.search(r"^\s*import\b|\bimport\s*\(", source, re.M), "the module imports nothing"
    assert "http://" not in source.replace("http://www.w3.org/2000/svg", "") and "https://" not in source
    assert [line for line in source.splitlines() if line.startswith("// ---- ")] == [f"// ---- {p}" for p in PARTS]
    for part in PARTS:  # each part stays a readable size
        assert len((STATIC / part).read_text().splitlines()) <= 400, part


def test_nbconvert_html_shows_a_static_board(tmp_path):
    """Without a widget front end (nbconvert, GitHub), the output still holds the board picture."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nbconvert = pytest.importorskip("nbconvert")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import icewidgets as iw\nw = iw.GameWidget('volcano', capture='must')\nw.play('a1-a2')\nw")]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = nb.cells[0].outputs
    data = outputs[-1]["data"]
    assert "application/vnd.jupyter.widget-view+json" in data and "image/svg+xml" in data
    # With the widget state saved, the page holds the whole replay for the widget to run from.
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    model = state[data["application/vnd.jupyter.widget-view+json"]["model_id"]]["state"]
    assert len(model["frames"]) == 6 and model["game_name"] == "volcano"
    # Without it (or where widgets cannot run), the static picture is shown instead.
    del nb.metadata["widgets"]
    html, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    picture = _html_picture(html, "Volcano board after 1 ply")
    assert picture.count('data-square="') == 25
    assert "Player 2 to move" in picture


def _html_picture(html: str, alt: str) -> str:
    """The SVG inside the static <img> fallback (an <img> survives untrusted-notebook sanitising)."""
    tag = re.search(r'<img [^>]*class="icewidgets-static"[^>]*>', html)
    assert tag is not None
    assert re.search(r'alt="([^"]*)"', tag.group()).group(1) == alt
    encoded = re.search(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', tag.group()).group(1)
    return base64.b64decode(encoded).decode()


# A fifth game the widget has never heard of --------------------------------------------------

GRID = Grid(3, 3)
HOP_PIECES = ("R1", "B1")


@dataclasses.dataclass(frozen=True)
class Hop(Game):
    """Two pieces race across a 3×3 board one orthogonal step at a time; ``wait`` skips a turn."""

    name: ClassVar[str] = "hop"
    title: ClassVar[str] = "Hop"
    example_move: ClassVar[str] = "a1>a2"
    grid: ClassVar[Grid] = GRID

    def new_state(self, seed: Any = None) -> "HopState":
        return HopState(self, ("a1", "c3"))

    def state_from_text(self, text: str) -> "HopState":
        lines, field_line = split_position(text)
        cells = GRID.parse_board(lines)
        where = tuple(GRID.name(cells.index(piece)) for piece in HOP_PIECES)
        return HopState(self, where, parse_int_field(parse_fields(field_line, ["to_move"]), "to_move", 0, 0, 1))

    def parse_move(self, text: str) -> Any:
        if text == str(WAIT):
            return WAIT
        source, _, target = text.partition(">")
        if source not in GRID.names or target not in GRID.names:
            raise NotationError(f"{text!r} is not a Hop move (write e.g. 'a1>a2' or 'wait')")
        return Step(source, target)


@dataclasses.dataclass(frozen=True)
class Step:
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"


WAIT = EndTurn("wait")
Hop.move_types = (Step, EndTurn)


@dataclasses.dataclass(frozen=True)
class HopState(State):
    game: Hop
    where: tuple[str, str]
    to_move: int = 0
    turns: int = 0
    last_move: Any = None

    @property
    def events(self):
        return (event("moved", f"{self.last_move} was played."),) if self.last_move else ()

    def stack(self, square: str) -> str:
        return HOP_PIECES[self.where.index(square)] if square in self.where else "."

    def legal_moves(self) -> list:
        mine = GRID.index(self.where[self.to_move])
        steps = [Step(self.where[self.to_move], GRID.name(n)) for n in GRID.orthogonal_neighbours[mine]
                 if n is not None and GRID.name(n) not in self.where]
        return steps + [WAIT]

    def _why_illegal(self, move: Any) -> str | None:
        return None if move in self.legal_moves() else "that is not a step onto a free square next to your piece"

    def _apply(self, move: Any) -> "HopState":
        where = list(self.where)
        if isinstance(move, Step):
            where[self.to_move] = move.target
        return HopState(self.game, tuple(where), 1 - self.to_move, self.turns + 1, move)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(p for p, goal in ((0, "3"), (1, "1")) if self.where[p].endswith(goal))

    @property
    def end_reason(self) -> str | None:
        return f"{self.game.player_name(self.winners[0])} crossed the board" if self.winners else None

    @property
    def scores(self) -> tuple[int, int]:
        return tuple(int(p in self.winners) for p in (0, 1))

    def to_text(self) -> str:
        return GRID.format_board([self.stack(name) for name in GRID.names]) + f"\nto_move={self.to_move}"

    def _ascii(self) -> str:
        return GRID.ascii_board([self.stack(name) for name in GRID.names])


@pytest.fixture
def hop():
    register(Hop)
    yield Hop()
    unregister("hop")


def test_a_game_without_controls_plays_by_clicks_and_buttons(hop):
    widget = iw.GameWidget("hop")
    assert sorted(widget.legal) == [["a1>a2", None, "a1-a2"], ["a1>b1", None, "a1-b1"]]
    assert widget.buttons == [["wait", {"type": "move", "move": "wait"}]]
    assert widget.board["static"].count('data-square="') == 9 and widget.board["pawns"] == []
    assert widget.handle({"type": "move", "move": "a1>a2"})
    assert widget.handle({"type": "click", "from": "c3", "to": "a1"}) is False
    assert widget.message == "The piece on c3 cannot go to a1."
    assert widget.handle({"type": "move", "move": "wait"})
    assert widget.handle({"type": "move", "move": "a2>a3"})
    assert widget.final_state.winners == (0,) and widget.legal == [] and widget.buttons == []
    with pytest.raises(IllegalMoveError):
        widget.play("c3>c2")
    assert [m["move"] for m in widget.moves] == ["a1>a2", "wait", "a2>a3"]


# Small updates, sizes, narration, groups, the standalone page (issue 16) ---------------------


def _random_record(name: str, plies: int, seed: int) -> iw.Record:
    import random

    rng = random.Random(seed)
    record = iw.Record.new(name, seed=seed)
    state, moves = record.start_state(), []
    while len(moves) < plies and not state.is_over:
        outcomes = state.chance_outcomes() if state.to_move == iw.CHANCE else None
        move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0] if outcomes else rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    return record.extend(moves)


class _Sent:
    """Records the comm messages a widget sends (what would go over the websocket)."""

    def __init__(self, widget):
        self.messages = []
        widget.comm.send = lambda data=None, metadata=None, buffers=None: self.messages.append(data)

    def size(self) -> int:
        return sum(len(json.dumps(m, separators=(",", ":"))) for m in self.messages)

    def keys(self) -> set:
        return {k for m in self.messages for k in m.get("state", {})}


def test_a_move_late_in_a_long_game_sends_only_what_changed():
    record = _random_record("volcano", 200, seed=31)
    widget = iw.GameWidget(record.truncated(199))
    sent = _Sent(widget)
    frames_before = len(widget.frames)
    widget.play(record.plies[199])
    assert "frames" not in sent.keys() and "moves" not in sent.keys()
    assert sent.size() <= 30_000
    delta = widget.frames_delta
    assert (delta["base"], delta["revision"]) == (widget.revision - 1, widget.revision)
    assert delta["frames_from"] == frames_before and delta["frames"] == widget.frames[frames_before:]
    assert delta["moves_from"] == 199 and delta["moves"] == [widget.moves[-1]]
    # The widget's lists are the whole game, as if laid out at once.
    assert widget.frames == iw.GameWidget(record).frames
    assert widget.get_state(["frames"])["frames_revision"] == widget.revision


def test_an_ice3_move_late_in_a_long_game_resolves_no_move_for_its_squares(monkeypatch):
    import icewidgets.games.ice3.controls as ice3_controls

    record = _random_record("ice3", 200, seed=31)
    widget = iw.GameWidget(record.truncated(199))
    sent = _Sent(widget)
    resolved = []
    real = ice3_controls.resolve_move
    monkeypatch.setattr(ice3_controls, "resolve_move", lambda *args: resolved.append(args[1]) or real(*args))
    widget.play(record.plies[199])
    # Every legal move's squares come from the table of paths: none is resolved on its own.
    assert resolved == [] and sent.size() <= 30_000
    state = widget.final_state
    moves = state.legal_moves()
    assert len(widget.legal) == len(moves) > 100
    for (text, group, squares), move in zip(widget.legal, moves):
        assert (text, group) == (str(move), move.group)
        assert squares == " ".join(f"{a}-{b}" for a, b in state.game.controls.move_squares(state, move))
    assert len(resolved) == len(moves)  # the check above resolved each move once


def test_undo_sends_a_cut_and_the_lists_stay_whole():
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1", "a1-a2"]))
    sent = _Sent(widget)
    widget.undo()
    assert widget.frames_delta == {"base": widget.revision - 1, "revision": widget.revision, "frames_from": 2,
                                   "frames": [], "moves_from": 1, "moves": []}
    assert "frames" not in sent.keys()
    assert widget.frames == iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1"])).frames
    widget.redo()
    assert widget.frames == iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1", "a1-a2"])).frames


def test_a_page_that_missed_a_change_gets_the_whole_game():
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1"]))
    sent = _Sent(widget)
    assert widget.handle({"type": "resync"})
    assert {"frames", "moves", "revision"} <= sent.keys()
    assert sent.messages[-1]["state"]["frames_revision"] == widget.revision


def test_sizes_and_bad_sizes():
    widget = iw.GameWidget("volcano", size=400)
    square = re.search(r'data-square="a1" x="[\d.]+" y="[\d.]+" width="([\d.]+)"', widget.board["static"]).group(1)
    assert square == "80" and widget.board["text"] == 1.0
    widget.size = "projector"
    assert widget.board["text"] == 1.5 and len(widget.frames) == 1
    assert 'font-size="18"' in widget.frames[0]["n"]
    before = (widget.size, list(widget.frames), dict(widget.board))
    for bad, error in [("huge", "size='huge' is not a size; give a board width in pixels or one of 'normal', "),
                       (-3, "size=-3 is too small: a board is 160 to 4000 pixels wide"),
                       (10**9, "size=1000000000 is too large: a board is 160 to 4000 pixels wide"),
                       ([400], "size=[400] is not a size; give a board width in pixels or one of 'normal', "),
                       (True, "size=True is not a size; give a board width in pixels or one of 'normal', ")]:
        with pytest.raises(ValueError) as raised:
            widget.size = bad
        assert str(raised.value).startswith(error)
        assert (widget.size, list(widget.frames), dict(widget.board)) == before
    widget.size = 500
    assert widget.size == 500.0 and isinstance(widget.size, float)
    with pytest.raises(ValueError, match="size='huge' is not a size"):
        iw.GameWidget("volcano", size="huge")


@pytest.mark.parametrize(
    "update, error",
    [
        ({"cursor": "z9"}, "The widget ignored cursor='z9' from the page: not a square of the board."),
        ({"cursor": 3}, "The widget ignored cursor=3 from the page: not a square of the board."),
        ({"cursor": ["a1"]}, "The widget ignored cursor=['a1'] from the page: not a square of the board."),
        ({"frames_delta": {}}, "The widget ignored an update of frames_delta from the page."),
        ({"size": 300}, "The widget ignored an update of size from the page."),
    ],
)
def test_bad_cursor_and_key_updates_from_the_page_are_refused(update, error):
    widget = iw.GameWidget(iw.Record.new("volcano").extend(["b2-c1"]))
    before = (widget.record, widget.ply, list(widget.frames), widget.cursor, widget.size)
    widget.set_state(update)
    assert widget.message == error and widget.message_kind == "error"
    assert (widget.record, widget.ply, list(widget.frames), widget.cursor, widget.size) == before
    widget.set_state({"cursor": "c3"})
    assert widget.cursor == "c3" and widget.message == error  # a good cursor is taken quietly


def test_narration_one_sentence_per_ply_with_details():
    ice3 = iw.GameWidget("ice3", seed=1)
    move = ice3.state.legal_moves()[0]
    ice3.play(move)
    summary, details = ice3.moves[-1]["text"], ice3.frames[-1]["t"]
    assert summary == str(ice3.final_state.events[0]) and summary.count(".") == 1
    assert len(details.split()) > 3 * len(summary.split())  # one sentence per piece behind the disclosure
    volcano = iw.GameWidget("volcano")
    volcano.play("a1-a2")
    assert volcano.moves[-1]["text"] == ("Player 1 moves the cap from a1 to a2: the eruption leaves the red large "
                                         "on a3 to capture or decline.")
    volcano.play("capture:none")
    assert volcano.moves[-1]["text"] == "Player 1 declines the red large on a3."


def test_ice3_sets_are_picked_by_a_piece():
    widget = iw.GameWidget("ice3", seed=1)
    state = widget.state
    names = [g[0] for g in widget.groups]
    assert names == sorted(names, key=str.isdigit)  # colours first: a click on a piece picks its colour set
    for name, label, squares in widget.groups:
        assert label in (f"the {word} pieces" for word in ("red", "yellow", "green", "blue", "small", "medium", "large"))
        expected = [sq for sq in state.game.grid.names
                    if any((iw.pieces.PIECES[t].colour == name or str(iw.pieces.PIECES[t].size) == name)
                           for t in iw.pieces.tokens(state.stack(sq)))]
        assert squares == expected
    # "RN1": every entry's group is the move's set, and its squares are where the pieces go.
    entry = next((e for e in widget.legal if e[0] == "RN1"), None)
    if entry is not None:
        for pair in entry[2].split():
            source, target = pair.split("-")
            grid = state.game.grid
            assert grid.rank_of(grid.index(target)) >= grid.rank_of(grid.index(source))


def test_blockade_moves_are_shown_pip_by_pip():
    state = iw.make("blockade").new_state(seed=2).play("G5B2")
    widget = iw.GameWidget(state)
    widget.play("b1-e1")
    steps = [f for f in widget.frames if f["p"] == 1]
    assert [(f["s"], f["f"]) for f in steps] == [(0, 0), (1, 0), (2, 1)]
    moving = [next(d for d in f["d"] if d[1] == "G1" and d[2] in ("c2", "d2", "e1")) for f in steps]
    assert [d[2] for d in moving] == ["c2", "d2", "e1"]  # one square per pip
    assert steps[0]["t"] == "G1 steps from b1 to c2: pip 1 of 3."


def test_volterra_cut_off_parts_leave_in_their_own_stage():
    text = "\n".join([". . . . .", ". L D@D L@L .", ". . D . .", ". L . DD .", "to_move=0 done=-"])
    widget = iw.GameWidget(iw.make("volterra").state_from_text(text))
    widget.play("c2-b3")
    move, leave = [f for f in widget.frames if f["p"] == 1]
    assert (move["f"], leave["f"]) == (0, 1)
    assert leave["t"].startswith("b1 is cut off from both pawns and leaves the game.")
    gone = [d for d in leave["d"] if d[5] == 0]
    assert sorted(d[1] for d in gone) == ["D", "D", "L"]  # the three tiles of b1 and d1 fade out


def test_save_html_is_one_page_without_requests(tmp_path):
    record = iw.Record.new("volcano", capture="must").extend(["b2-c1", "a1-a2"])
    path = tmp_path / "game.html"
    iw.save_html(record, path)
    page = path.read_text(encoding="utf-8")
    assert page.count("<script") == 2 and module_source() in page
    assert not re.search(r"""(src|href)\s*=\s*["']""", page.replace('src="data:', "")), "nothing is loaded"
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page
    data = json.loads(re.search(r'<script type="application/json" id="icewidgets-data">(.*?)</script>', page, re.S)
                      .group(1).replace("<\\/", "</"))
    assert len(data["frames"]) == 7 and [m["move"] for m in data["moves"]] == ["b2-c1", "a1-a2"]
    assert "legal" not in data and data["frames_revision"] == data["revision"]
    widget = iw.GameWidget(record, theme="dark")
    iw.save_html(widget, tmp_path / "widget.html")
    assert '"theme":"dark"' in (tmp_path / "widget.html").read_text(encoding="utf-8")
    with pytest.raises(TypeError, match="save_html needs a Record, a State or a GameWidget, not str"):
        iw.save_html("volcano", tmp_path / "x.html")
    with pytest.raises(TypeError, match="save_html of a widget takes no options"):
        iw.save_html(widget, tmp_path / "x.html", size=300)
    with pytest.raises(ValueError, match="size='tiny' is not a size"):
        iw.save_html(record, tmp_path / "x.html", size="tiny")
    assert not (tmp_path / "x.html").exists()
