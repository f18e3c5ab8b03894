"""SVG pictures: structure per game, piece identity through plies, determinism, themes, files."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

import icewidgets as iw
from icewidgets import svg
from icewidgets.grid import Grid
from icewidgets.protocol import Game, State, event
from icewidgets.view import Dice, Line, Pieces, Stage, View

ROOT = Path(__file__).resolve().parent.parent

needs_blockade = pytest.mark.skipif(
    importlib.util.find_spec("icewidgets.games.blockade") is None, reason="the Blockade engine is not in this version yet"
)


def _pieces(picture: str) -> dict[str, str]:
    """data-piece id → data-loc of every piece in a picture."""
    return dict(re.findall(r'data-piece="([^"]+)" data-token="[^"]+" data-loc="([^"]+)"', picture))


def _marks(markup: str) -> dict[str, str]:
    """data-mark square → kind of every last-move or path mark."""
    return {square: kind for kind, square in re.findall(r'iw-(last|path)" data-mark="([a-z]\d+)"', markup)}


def _start(name: str):
    return iw.make(name).new_state(seed=1)


# Structure ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, squares, pieces",
    [
        ("volcano", 25, 80),  # 25 nests of 3 + 5 caps
        ("volterra", 20, 22),  # 20 tiles + 2 pawns
        ("ice3", 64, 60),
        pytest.param("blockade", 25, 80, marks=needs_blockade),  # 65 on the board + 15 blacks in the supply
    ],
)
def test_every_square_and_piece_is_tagged(name, squares, pieces):
    picture = svg.board(_start(name))
    assert picture.count('data-square="') == squares
    assert picture.count('data-piece="') == pieces
    ids = re.findall(r'data-piece="([^"]+)"', picture)
    assert len(set(ids)) == pieces, "piece ids are unique"
    assert sorted(re.findall(r'data-square="([^"]+)"', picture)) == sorted(_start(name).game.grid.names)


def test_volcano_start_letters_patterns_and_heights():
    picture = svg.board(iw.make("volcano").new_state())
    # The top piece of a nest is its large; caps on the diagonal.
    for letter in ("R3", "Y3", "G3", "B3", "C3", "K1"):
        assert f">{letter}</text>" in picture
    # A line pattern per colour besides the colour itself (yellow dotted, green dashed, blue dash-dot).
    assert 'stroke-dasharray="2 4"' in picture and 'stroke-dasharray="10 5"' in picture
    assert 'stroke-dasharray="10 4 2 4"' in picture
    # Stack heights: 20 nests of 3 and 5 capped nests of 4.
    heights = re.findall(r'font-weight="bold" fill="#222222">(\d)</text>', picture)
    assert sorted(heights) == ["3"] * 20 + ["4"] * 5
    assert "Player 1 to move" in picture and "Player 2: 0 points" in picture


def test_side_panels_of_the_other_games():
    ice3 = iw.make("ice3").new_state(seed=1)
    ice3 = ice3.play(ice3.legal_moves()[0])
    picture = svg.board(ice3)
    assert ">Moves so far: 1</text>" in picture
    assert f">Best corner: {ice3.progress} of {ice3.game.goal_size} cells right</text>" in picture
    volterra = svg.board(iw.make("volterra").new_state())
    assert ">Dark (D)</text>" in volterra and ">towers 1, 1, 1, 1, 1, 1, 1, 1, 1, 1</text>" in volterra
    if importlib.util.find_spec("icewidgets.games.blockade"):
        blockade = iw.make("blockade").new_state(seed=1)
        blockade = blockade.play("R4Y1") if blockade.player == 0 else blockade.play("G4B1")
        picture = svg.board(blockade)
        assert picture.count('class="iw-die"') == 2
        assert ">R4</text>" in picture or ">G4</text>" in picture
        assert ">supply of blacks</text>" in picture


def test_state_repr_svg_is_the_board():
    state = iw.make("volcano").new_state()
    assert state._repr_svg_() == svg.board(state)


def test_selected_and_targets_are_marked():
    state = iw.make("volcano").new_state()
    picture = svg.board(state, selected="c3", targets=["c4", "d3"])
    assert re.findall(r'class="iw-mark iw-selected" data-mark="([a-e]\d)"', picture) == ["c3"]
    assert re.findall(r'class="iw-mark iw-target" data-mark="([a-e]\d)"', picture) == ["c4", "d3"]


def test_last_move_and_eruption_path_are_marked():
    after = iw.make("volcano").new_state().play("a1-a2")
    picture = svg.board(after)
    last = re.findall(r'iw-last" data-mark="([a-e]\d)"', picture)
    path = re.findall(r'iw-path" data-mark="([a-e]\d)"', picture)
    assert sorted(last) == ["a1", "a2"]
    assert sorted(path) == ["a3", "a4", "a5"]
    assert "iw-last" not in svg.board(after, highlight_last=False)


def test_coordinates_can_be_left_out():
    state = iw.make("volcano").new_state()
    with_coords = svg.board(state)
    without = svg.board(state, coordinates=False)
    coordinates = r'<text class="iw-muted" [^>]*text-anchor="middle" font-size="12" fill="#666666">([a-e1-5])</text>'
    assert sorted(re.findall(coordinates, with_coords)) == sorted("abcde12345")
    assert re.findall(coordinates, without) == []


def test_volcano_captured_pieces_form_trees_with_the_score():
    game = iw.make("volcano")
    state = game.state_from_text(". . . . .\n. . . . .\n. . K1 . .\n. . . . .\n. . . . .\nto_move=0 captured=R1,R2,R3,G1,B2,Y3,C1/")
    picture = svg.board(state)
    assert "Player 1: 13 points" in picture  # one solid tree (7), one mixed tree (5), one loose piece
    assert "1 solid, 1 mixed tree, 1 loose" in picture
    locs = _pieces(picture)
    assert sum(1 for loc in locs.values() if loc == "captured:0") == 7


# Piece identity -------------------------------------------------------------------------------


def test_ids_stay_put_when_a_ply_moves_one_cap():
    state = iw.make("volcano").new_state()
    tracker = svg.Tracker(state)
    before = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    move = next(m for m in state.legal_moves() if not state.erupts(m))
    after_state = state.play(move)
    tracker.advance(after_state)
    after = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    changed = {pid for pid in before if before[pid] != after[pid]}
    assert len(changed) == 1 and changed.pop().startswith("K1-")
    # The picture drawn with the tracked ids says the same.
    picture = svg.board(after_state, placement=tracker.placement)
    assert _pieces(picture) == after


def test_eruption_stages_follow_each_piece():
    start = iw.make("volcano", capture="must").new_state()
    after = start.play("a1-a2")
    stages = start.game.view.stages(start, after.last_move, after)
    assert len(stages) == 5  # the cap moves, three pieces land one by one, the capture
    assert stages[0].text == "Player 1 moves the cap from a1 to a2. The volcano on a1 erupts towards the north."
    assert stages[1].text == "Red large lands on a3 on a clear large: same size, captured by player 1."
    assert stages[3].text.startswith("Red small lands on a5") and stages[3].text.endswith("The volcano on a1 is spent.")
    assert stages[4].text == "Player 1 captures the red large from a3. The turn passes to Player 2."
    assert [stage.moves for stage in stages] == [(("a1", "a2"),), (("a1", "a3"),), (("a1", "a4"),), (("a1", "a5"),),
                                                 (("a3", "captured:0"),)]
    assert stages[1].marks == {"a1": "last", "a2": "last", "a3": "path"}
    assert stages[3].marks == {"a1": "last", "a2": "last", "a3": "path", "a4": "path", "a5": "path"}
    assert stages[4].marks == stages[3].marks

    tracker = svg.Tracker(start)
    assert [pid for pid, _ in tracker.placement["a1"]] == ["R1-1", "R2-1", "R3-1", "K1-1"]
    frames = svg.ply_frames(tracker, 1, start, "a1-a2", after)
    assert [(f.ply, f.stage, f.final) for f in frames] == [(1, n, n == 4) for n in range(5)]
    assert [f.scene.text for f in frames] == [stage.text for stage in stages]
    top = {}
    for pid, tok, loc, *_ in frames[1].scene.pieces:
        top[loc] = (pid, tok)
    assert top["a3"] == ("R3-1", "R3") and top["a2"] == ("K1-1", "K1")
    assert _marks(frames[1].scene.marks) == {"a1": "last", "a2": "last", "a3": "path"}
    # Every stage but the last shows the status before the ply, with the captures so far.
    assert ">Player 1 to move</text>" in frames[3].scene.panel and ">Player 1: 0 points</text>" in frames[3].scene.panel
    assert ">Player 2 to move</text>" in frames[4].scene.panel and ">Player 1: 1 point</text>" in frames[4].scene.panel
    final = tracker.placement
    assert final["a2"][-1] == ("K1-1", "K1")
    assert final["a4"][-1] == ("R2-1", "R2") and final["a5"][-1] == ("R1-1", "R1")
    assert final["captured:0"] == [("R3-1", "R3")]
    assert tracker.state is after
    assert [pid for pid, _, loc, *_ in frames[4].scene.pieces if loc == "captured:0"] == ["R3-1"]


def test_ply_frames_without_stages_is_one_picture_of_the_position_after():
    start = iw.make("volterra").new_state()
    after = start.play("@b2")
    tracker = svg.Tracker(start)
    [frame] = svg.ply_frames(tracker, 3, start, "@b2", after, theme="dark")
    assert (frame.ply, frame.stage, frame.final) == (3, 0, True)
    assert frame.scene.text == "Dark's pawn moves from c3 to b2."
    assert _marks(frame.scene.marks) == {"b2": "last", "c3": "last"}
    assert 'fill="#f2f2f2">Dark (D)</text>' in frame.scene.panel  # the theme reached the panel
    assert tracker.placement["b2"][-1] == ("PD-1", "@D") and tracker.state is after
    [quiet] = svg.ply_frames(svg.Tracker(start), 1, start, "@b2", after, highlight_last=False)
    assert quiet.scene.marks == ""


def test_tracked_pieces_match_the_board_over_a_whole_game():
    record = iw.Record.new("volcano", seed=3)
    state = record.start_state()
    import random

    rng = random.Random(5)
    plies = []
    while not state.is_over and len(plies) < 120:
        move = rng.choice(state.legal_moves())
        plies.append(str(move))
        state = state.play(move)
    record = record.extend(plies)
    states = list(record.states())
    frames = list(svg.frames(states, record.plies))
    finals = [f for f in frames if f.final]
    assert len(finals) == len(plies) + 1
    for f, st in zip(finals, states):
        board = {}
        for pid, tok, loc, *_ in f.scene.pieces:
            board.setdefault(loc, []).append(tok)
        for name in st.game.grid.names:
            assert ("".join(board.get(name, [])) or ".") == st.stack(name)
    ids = [pid for pid, *_ in finals[-1].scene.pieces]
    assert len(ids) == len(set(ids)) == 80


def test_volterra_pawn_move_keeps_tile_ids():
    state = iw.make("volterra").new_state()
    tracker = svg.Tracker(state)
    before = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    tracker.advance(state.play("@b2"))
    after = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    assert {pid for pid in before if before[pid] != after[pid]} == {"PD-1"}
    assert after["PD-1"] == "b2"


def test_ice3_set_move_follows_the_events():
    state = iw.make("ice3").new_state(seed=1)
    tracker = svg.Tracker(state)
    move = state.legal_moves()[0]
    after = state.play(move)
    before = {pid: (loc, tok) for loc, stack in tracker.placement.items() for pid, tok in stack}
    tracker.advance(after)
    now = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    moves = svg.event_moves(after)
    assert moves
    moved = {(before[pid][1], before[pid][0], now[pid]) for pid in before if before[pid][0] != now[pid]}
    assert moved == set(moves)


@needs_blockade
def test_blockade_end_of_turn_moves_nothing():
    state = iw.make("blockade").new_state(seed=1)
    state = state.play(state.chance_outcomes()[0][0])
    tracker = svg.Tracker(state)
    before = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    tracker.advance(state.play("end"))
    after = {pid: loc for loc, stack in tracker.placement.items() for pid, _ in stack}
    assert before == after


# The view hook: what each game's pictures show, as data ------------------------------------


def test_each_game_panel_is_data():
    volcano = iw.make("volcano").new_state()
    assert volcano.game.view.panel(volcano, {"captured:0": ["Y1"], "captured:1": []}) == [
        Line("Player 1: 1 point", style="title", pointer=True),
        Line("0 solid, 0 mixed trees, 1 loose", style="note"),
        Pieces("captured:0", ((("Y1",),),)),
        Line("Player 2: 0 points", style="title"),
        Line("0 solid, 0 mixed trees, 0 loose", style="note"),
        Pieces("captured:1", ()),
    ]
    volterra = iw.make("volterra").new_state().play("b4-b3")
    assert volterra.game.view.panel(volterra, {}) == [
        Line("Dark (D)", style="title", swatch="D"),
        Line("towers 2, 1, 1, 1, 1, 1, 1, 1, 1, 1", style="note"),  # a dark tile went onto a light one
        Line("Light (L)", style="title", swatch="L", space_above=8.0),
        Line("towers 1, 1, 1, 1, 1, 1, 1, 1, 1", style="note"),
    ]
    ice3 = iw.make("ice3").new_state(seed=1)
    assert ice3.game.view.panel(ice3, {}) == [Line("Moves so far: 0"),
                                               Line("Best corner: 5 of 16 cells right")]  # the exact goal: 16 cells
    assert svg.locations(ice3).keys() == set(ice3.game.grid.names)  # no areas beside the board


@needs_blockade
def test_blockade_panel_and_supply():
    state = iw.make("blockade").new_state(seed=1).play("R4Y1")
    areas = state.game.view.areas(state)
    assert areas == {"supply": ["K3"] * 5 + ["K2"] * 5 + ["K1"] * 5}
    items = state.game.view.panel(state, {"supply": ["K3", "K1", "K1"]})
    assert items[:5] == [
        Line("Warm (R+Y): dice"),
        Dice(("R4", "Y1"), ("pips left:", "R 4, Y 1")),
        Line("Warm towers: R 0, Y 0 (5 win)"),
        Line("Cool towers: G 0, B 0 (5 win)"),
        Line("supply of blacks", style="note", space_above=10.0),
    ]
    assert items[5] == Pieces("supply", ((("K3",),), (), (("K1",), ("K1",))), cell=40.0)


def test_each_game_marks_what_its_last_ply_did():
    volterra = iw.make("volterra").new_state()
    view = volterra.game.view
    assert view.marks(volterra.play("@b2")) == {"c3": "last", "b2": "last"}  # the pawn's squares
    assert view.marks(volterra.play("b4-b3")) == {"b4": "last", "b3": "last"}  # the tower move's squares
    free = iw.make("volterra", layout="free").new_state()
    assert free.game.view.marks(free.play("Db2")) == {"b2": "last"}
    ice3 = iw.make("ice3").new_state(seed=1)
    after = ice3.play(ice3.legal_moves()[0])
    moved = {square for _, source, target in svg.event_moves(after) for square in (source, target)}
    assert moved and ice3.game.view.marks(after) == {square: "last" for square in moved}
    assert ice3.game.view.marks(ice3) == {}  # a position no ply made marks nothing
    volcano = iw.make("volcano").new_state()
    assert volcano.game.view.marks(volcano.play("b2-c1")) == {"b2": "last", "c1": "last"}
    assert volcano.game.view.marks(volcano.play("a1-a2")) == {"a1": "last", "a2": "last", "a3": "path",
                                                              "a4": "path", "a5": "path"}


@needs_blockade
def test_blockade_marks_the_piece_move():
    state = iw.make("blockade").new_state(seed=2).play("G5B2")
    assert state.game.view.marks(state.play("a5-b3")) == {"a5": "last", "b3": "last"}
    assert state.game.view.marks(state) == {}


# A game of the tests' own: the drawing needs nothing but its grid and stacks -----------------


@dataclasses.dataclass(frozen=True)
class Hop:
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclasses.dataclass(frozen=True)
class HopGame(Game):
    """Two pieces on a 3×2 board; a ply moves one of them to an empty square."""

    name: ClassVar[str] = "hop"
    title: ClassVar[str] = "Hop"
    move_types: ClassVar[tuple] = (Hop,)
    example_move: ClassVar[str] = "a1-b1"
    grid: ClassVar[Grid] = Grid(3, 2)

    def new_state(self, seed=None) -> "HopState":
        return HopState(self, (("a1", "Y2"), ("c2", "C1")))

    def parse_move(self, text: str) -> Hop:
        source, _, target = text.partition("-")
        return Hop(source, target)


@dataclasses.dataclass(frozen=True, eq=False)
class HopState(State):
    game: HopGame
    pieces: tuple
    to_move: int = 0
    turns: int = 0
    last_move: Any = None
    events: tuple = dataclasses.field(default=(), compare=False)

    def stack(self, square: str) -> str:
        return dict(self.pieces).get(square, ".")

    def legal_moves(self) -> list[Hop]:
        return [Hop(s, t) for s, _ in self.pieces for t in self.game.grid.names if self.stack(t) == "."]

    def _why_illegal(self, move: Hop) -> str | None:
        return None if self.stack(move.source) != "." and self.stack(move.target) == "." else "no such hop"

    def _apply(self, move: Hop) -> "HopState":
        token = self.stack(move.source)
        pieces = tuple((move.target if s == move.source else s, t) for s, t in self.pieces)
        hop = event("hop", f"{token} hops from {move.source} to {move.target}.", piece=token, source=move.source,
                    target=move.target)
        return HopState(self.game, pieces, 1 - self.to_move, self.turns + 1, move, (hop,))

    @property
    def winners(self) -> tuple[int, ...]:
        return ()

    @property
    def end_reason(self) -> str | None:
        return None


class HopView(View):
    """A hop shown in two steps: up into a 'air' area beside the board, then down."""

    def areas(self, state):
        return {"air": []}

    def panel(self, state, areas):
        return [Line("In the air:", style="note"), Pieces("air", ((tuple(areas["air"]),),), cell=30.0)]

    def stages(self, before, move, after):
        return [Stage(((move.source, "air"),), "Up.", {move.source: "last"}),
                Stage((("air", move.target),), "Down.", {move.target: "last"})]


def test_a_game_without_a_view_is_drawn_from_its_grid_and_stacks():
    state = HopGame().new_state()
    picture = svg.board(state)
    assert picture.count('data-square="') == 6 and _pieces(picture) == {"Y2-1": "a1", "C1-1": "c2"}
    assert ">Player 1 to move</text>" in picture and "Hop board: Player 1 to move" in picture
    after = state.play("a1-b1")
    assert _marks(svg.board(after)) == {"a1": "last", "b1": "last"}  # the default marks: the event's squares
    frames = list(svg.frames([state, after], ["a1-b1"]))
    assert [(f.ply, f.final, f.scene.text) for f in frames] == [(0, True, "The game starts."),
                                                                (1, True, "Y2 hops from a1 to b1.")]
    assert {pid: loc for pid, _, loc, *_ in frames[1].scene.pieces} == {"Y2-1": "b1", "C1-1": "c2"}


def test_a_view_s_stages_and_areas_are_applied_by_the_drawing(monkeypatch):
    monkeypatch.setattr(HopGame, "view", HopView())
    state = HopGame().new_state()
    after = state.play("a1-b1")
    tracker = svg.Tracker(state)
    assert tracker.placement["air"] == []
    up, down = svg.ply_frames(tracker, 1, state, "a1-b1", after)
    assert (up.final, up.scene.text, _marks(up.scene.marks)) == (False, "Up.", {"a1": "last"})
    [(pid, tok, loc, x, y, side)] = [p for p in up.scene.pieces if p[0] == "Y2-1"]
    assert (loc, side) == ("air", 0.64 * 30)  # drawn in the panel, in a cell of side 30
    assert ">In the air:</text>" in up.scene.panel
    assert (down.final, down.scene.text) == (True, "Down.")
    assert {pid: loc for pid, _, loc, *_ in down.scene.pieces} == {"Y2-1": "b1", "C1-1": "c2"}
    assert tracker.placement["b1"] == [("Y2-1", "Y2")] and tracker.state is after


def test_bad_view_data_is_named():
    state = HopGame().new_state()

    class Wrong(View):
        def __init__(self, panel=(), stages=()):
            self.items, self.steps = list(panel), list(stages)

        def panel(self, state, areas):
            return self.items

        def stages(self, before, move, after):
            return self.steps

    after = state.play("a1-b1")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(HopGame, "view", Wrong(stages=[Stage((("b2", "a2"),), "?")]))
        with pytest.raises(ValueError, match="a stage moves a piece from 'b2', but there is no piece there"):
            svg.ply_frames(svg.Tracker(state), 1, state, "a1-b1", after)
        patch.setattr(HopGame, "view", Wrong(panel=[Pieces("air", ((("R1",),),))]))
        with pytest.raises(ValueError, match="the panel shows a R1 in 'air', but that area holds no more of them"):
            svg.board(state)
        patch.setattr(HopGame, "view", Wrong(panel=[Line("x", style="loud")]))
        with pytest.raises(ValueError, match="style='loud' is not a panel line style; choose one of 'title', 'text', 'note'"):
            svg.board(state)
        patch.setattr(HopGame, "view", Wrong(panel=["a text"]))
        with pytest.raises(TypeError, match="a panel item is a Line, Dice or Pieces, not str"):
            svg.board(state)
        patch.setattr(HopGame, "grid", None)
        with pytest.raises(TypeError, match="HopGame has no grid"):
            svg.board(state)


# Determinism, themes, palettes ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", pytest.param("blockade", marks=needs_blockade)])
def test_pictures_are_well_formed_xml(name):
    import xml.etree.ElementTree as ET

    state = _start(name)
    root = ET.fromstring(svg.board(state, theme="dark", selected="a1", targets=["b2"]))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    record = iw.Record.new(name, seed=1)
    first = record.start_state()
    if first.to_move == iw.CHANCE:
        record = record.extend([first.chance_outcomes()[0][0]])
    record = record.extend([record.final_state().legal_moves()[0]])
    ET.fromstring(svg.animated_svg(record))


def test_byte_identical_between_runs_and_processes():
    state = iw.make("volcano").new_state().play("a1-a2")
    assert svg.board(state) == svg.board(state)
    code = (
        "import hashlib, icewidgets as iw; from icewidgets import svg; "
        "s = iw.make('volcano').new_state().play('a1-a2'); "
        "print(hashlib.sha256(svg.board(s).encode()).hexdigest())"
    )
    digests = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        digests.add(out.stdout.strip())
    assert digests == {hashlib.sha256(svg.board(state).encode()).hexdigest()}


def test_themes_and_palettes():
    state = iw.make("volcano").new_state()
    light, dark = svg.board(state), svg.board(state, theme="dark")
    assert 'fill="#ffffff"/>' in light and 'fill="#1c1c1e"/>' in dark
    assert svg.PALETTES["standard"]["R"] in light
    okabe = svg.board(state, palette="okabe-ito")
    assert "#d55e00" in okabe and svg.PALETTES["standard"]["R"] not in okabe
    with pytest.raises(ValueError, match="theme='neon' is not a theme; choose one of 'light', 'dark', 'high-contrast'"):
        svg.board(state, theme="neon")
    with pytest.raises(ValueError, match="palette='x' is not a palette"):
        svg.board(state, palette="x")


def _font_sizes(picture: str) -> list[float]:
    """The font sizes of the texts drawn at the picture's scale (not the pieces' letters, which
    are drawn in a scaled group)."""
    outside_pieces = re.sub(r'<g class="iw-piece".*?</g>', "", picture)
    return sorted({float(f) for f in re.findall(r'font-size="([\d.]+)"', outside_pieces)})


def _width(picture: str) -> float:
    return float(re.search(r'<svg [^>]*width="([\d.]+)"', picture).group(1))


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", pytest.param("blockade", marks=needs_blockade)])
def test_size_is_the_board_width_and_text_stays_readable(name):
    state = _start(name)
    files = state.game.grid.files
    for size in (None, 160, 300, 900):
        picture = svg.board(state, size=size)
        cell = 60 if size is None else size / files
        squares = re.findall(r'data-square="a1" x="[\d.]+" y="[\d.]+" width="([\d.]+)"', picture)
        assert squares == [svg.draw.coordinate(cell)]
        assert _width(picture) >= 400  # drawn at 100%: one unit a pixel
        assert re.search(r'viewBox="0 0 ([\d.]+) ', picture).group(1) == svg.draw.coordinate(_width(picture))
        assert min(_font_sizes(picture)) == 12  # no text under 12 px, however small the board
    projector = svg.board(state, size="projector")
    assert re.findall(r'data-square="a1" x="[\d.]+" y="[\d.]+" width="([\d.]+)"', projector) == [
        svg.draw.coordinate(640 / files)]
    assert min(_font_sizes(projector)) == 18


@pytest.mark.parametrize(
    "size, error",
    [
        (20, "size=20 is too small: a board is 160 to 4000 pixels wide"),
        (1e6, "size=1000000.0 is too large: a board is 160 to 4000 pixels wide"),
        ("huge", "size='huge' is not a size; give a board width in pixels or one of 'normal', 'large', 'projector'"),
        (True, "size=True is not a size"),
        (float("nan"), "size=nan is not a size"),
        ([300], r"size=\[300\] is not a size"),
    ],
)
def test_bad_sizes_are_named(size, error, tmp_path):
    state = iw.make("volcano").new_state()
    with pytest.raises(ValueError, match=error):
        svg.board(state, size=size)
    with pytest.raises(ValueError, match=error):
        iw.save_svg(state, tmp_path / "x.svg", size=size)
    assert not (tmp_path / "x.svg").exists()


def test_save_svg_takes_a_size(tmp_path):
    state = iw.make("volcano").new_state()
    iw.save_svg(state, tmp_path / "big.svg", size="projector")
    assert (tmp_path / "big.svg").read_text(encoding="utf-8") == svg.board(state, size="projector")
    record = iw.Record.new("volcano").extend(["a1-a2"])
    iw.save_svg(record, tmp_path / "game.svg", animated=True, size=400)
    animated = (tmp_path / "game.svg").read_text(encoding="utf-8")
    assert 'width="80" height="80"' in animated  # five squares across 400 px


@pytest.mark.parametrize("theme", sorted(svg.THEMES))
def test_every_theme_s_text_is_readable(theme):
    colours = svg.theme(theme)
    for kind in ("text", "muted"):
        assert svg.contrast(colours[kind], colours["bg"]) >= 4.5, (theme, kind)


@pytest.mark.parametrize("palette", sorted(svg.PALETTES))
def test_writing_on_every_piece_is_readable(palette):
    for colour, fill in svg.palette(palette).items():
        markup = svg.piece_markup(f"{colour}1" if colour not in "LD" else colour, palette)
        writing = re.search(r'<text [^>]*fill="(#[0-9a-f]{6})"', markup).group(1)
        assert svg.contrast(writing, fill) >= 4.5, (palette, colour)


def test_the_high_contrast_colours():
    state = iw.make("volcano").new_state()
    picture = svg.board(state, theme="high-contrast", palette="high-contrast")
    assert 'fill="#000000"/>' in picture and svg.PALETTES["high-contrast"]["R"] in picture


# Files -----------------------------------------------------------------------------------------


def test_save_svg_state_and_record(tmp_path):
    state = iw.make("volcano").new_state()
    path = tmp_path / "board.svg"
    iw.save_svg(state, path)
    assert path.read_text(encoding="utf-8") == svg.board(state)
    record = iw.Record.new("volcano").extend(["a1-a2"])
    iw.save_svg(record, path, theme="dark")
    assert path.read_text(encoding="utf-8") == svg.board(record.final_state(), theme="dark")
    with pytest.raises(TypeError, match="expected a State or an icewidgets Record"):
        iw.save_svg("volcano", path)


def test_animated_svg_of_a_game_and_of_one_eruption(tmp_path):
    record = iw.Record.new("volcano", capture="must").extend(["b2-c1", "a1-a2"])
    whole = svg.animated_svg(record)
    # Frames: start, b2-c1 (no eruption), then a1-a2 in five stages.
    assert whole.count('calcMode="discrete"') == 7  # one caption and set of marks per frame
    assert whole.count('data-piece="') == 80
    frames = list(svg.frames(list(record.states()), record.plies))
    places = {}
    for f in frames:
        for pid, _, _, x, y, side in f.scene.pieces:
            places.setdefault(pid, set()).add((x, y, side))
    moving = sum(1 for seen in places.values() if len(seen) > 1)
    assert 5 <= moving < 80
    assert whole.count("<animateTransform") == 2 * moving  # a move and a scale per piece that moves
    assert "<script" not in whole
    # The pieces that land on a stack are drawn after (above) the stack's pieces.
    a4_top = svg.Tracker(record.start_state()).placement["a4"][-1][0]
    assert whole.index('data-piece="R2-1"') > whole.index(f'data-piece="{a4_top}"')
    one = svg.animated_svg(record, ply=2)
    assert 'dur="4.8s"' in one  # the position before it and its five stages, 0.8 s each
    assert "Red large lands on a3" in one
    with pytest.raises(ValueError, match="ply=3 is not a ply of this game"):
        svg.animated_svg(record, ply=3)
    path = tmp_path / "game.svg"
    iw.save_svg(record, path, animated=True)
    assert path.read_text(encoding="utf-8") == whole


def test_save_png(tmp_path, monkeypatch):
    state = iw.make("volcano").new_state()
    path = tmp_path / "board.png"
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):  # OSError: the cairo library itself is missing
        with pytest.raises(ImportError, match="PNG export needs the optional package cairosvg"):
            svg.save_png(state, path)
    else:
        svg.save_png(state, path)
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(ImportError, match="PNG export needs the optional package cairosvg"):
        svg.save_png(state, path)


def test_a_missing_cairosvg_is_named_with_what_needs_it_and_only_png_export_needs_it(tmp_path, monkeypatch):
    from icewidgets.printables import rules_sheet
    from icewidgets.svg.files import require_cairosvg

    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(ImportError) as info:
        require_cairosvg("Printing needs", " Try again after installing it.")
    assert str(info.value) == ("Printing needs the optional package cairosvg and the system's cairo library: "
                               "pip install 'icewidgets[png]' (or pip install cairosvg). Try again after installing it.")
    assert rules_sheet("volcano", tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF-")  # vectors, no cairo


def test_svg_module_imports_no_widgets():
    code = "import sys, icewidgets.svg; print(any(m in sys.modules for m in ('anywidget', 'ipywidgets', 'matplotlib')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.stdout.strip() == "False"


def test_a_captured_tree_is_drawn_large_outside_whatever_the_capture_order():
    game = iw.make("volcano")
    state = game.state_from_text(". . . . .\n. . . . .\n. . K1 . .\n. . . . .\n. . . . .\n"
                                 "to_move=0 captured=R1,R2,R3/")
    order = re.findall(r'data-token="([^"]+)" data-loc="captured:0"', svg.board(state))
    assert order == ["R3", "R2", "R1"]  # drawn bottom first: the small stays visible on top


# Every text readable: measured in the pictures themselves -----------------------------------------


def _texts(picture: str) -> list[tuple[str, float]]:
    """Every text of an SVG picture with the size it is drawn at on screen, in pixels at 100%:
    its font size times the scale of the groups around it (a label's halo, drawn under it at the
    same size, once with its label)."""
    import xml.etree.ElementTree as ET

    found = []

    def walk(element, scale):
        transform = element.get("transform", "")
        scaled = re.search(r"scale\(([\d.]+)\)", transform)
        scale *= float(scaled.group(1)) if scaled else 1.0
        if element.tag.endswith("text") and (element.text or "").strip() and element.get("class") != "iw-halo":
            found.append((element.text.strip(), float(element.get("font-size")) * scale))
        for child in element:
            walk(child, scale)

    walk(ET.fromstring(picture), 1.0)
    return found


def _teaching_positions(name: str) -> list[State]:
    """Positions with everything a game draws: the start, piles or supplies, tall stacks, pawns."""
    game = iw.make(name)
    start = game.new_state(seed=1)
    if name == "volcano":
        return [start, start.play("a1-b1").play("capture:c1").play("e5-d5"),  # the capture chosen (capture="may")
                game.state_from_text(". . . . .\n. . . . .\nR1R2R3K1 . G3 B2 .\n. . . . .\n. . . . .\n"
                                     "to_move=0 captured=R1,R2,R3,Y1,G2,B3,C1/Y1")]
    if name == "volterra":
        return [start, game.state_from_text("LDLDLDLD@D . . . .\n. . . . .\n. L@L . . .\nD D D L L\nto_move=0")]
    if name == "ice3":
        return [start, start.play("RE1"),
                game.state_from_text("\n".join([". . . . . . . ."] * 7 + ["R1 G3R2 Y1B2 . . . . .", "to_move=0"]))]
    return [start, iw.make(name).new_state(seed=2).play("G5B2").play("b3-c3").play("a5-b3").play("c3-b3")]


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", pytest.param("blockade", marks=needs_blockade)])
def test_no_text_is_under_12_px_at_any_size_and_under_18_px_on_the_projector(name):
    for state in _teaching_positions(name):
        for size, least in [(None, 12), (160, 12), (300, 12), (900, 12), ("large", 15), ("projector", 18)]:
            texts = _texts(svg.board(state, size=size))
            pieces = [t for t in texts if t[0] in {tok for tok in re.findall(r"[RYGBCK][123]|[LD]", state.to_text())}]
            assert pieces, (name, size)  # the pieces' letters are measured too
            smallest = min(texts, key=lambda t: t[1])
            assert smallest[1] >= least - 0.05, (name, size, smallest)


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", pytest.param("blockade", marks=needs_blockade)])
def test_a_stacks_top_piece_is_never_smaller_than_the_same_piece_alone(name):
    for state in _teaching_positions(name):
        for pid, tok, loc, x, y, side in svg.scene(state).pieces:
            if loc in state.game.grid.names:
                stack = [t for t in re.findall(r"@[LD]|[RYGBCK][123]|[LD]", state.stack(loc)) if not t.startswith("@")]
                if stack and tok == stack[-1]:
                    alone = svg.draw.stack_sides([tok])[0] * svg.draw.CELL
                    assert side >= alone - 1e-9, (name, loc, state.stack(loc), side, alone)


def test_blockades_supply_letters_are_readable():
    state = iw.make("blockade").new_state(seed=1)
    for size, least in [(None, 12), ("projector", 18)]:
        supply = [size_px for text, size_px in _texts(svg.board(state, size=size)) if text in ("K1", "K2", "K3")]
        assert len(supply) == 15 and min(supply) >= least - 0.05


def test_the_panel_goes_beside_the_board_under_it_or_nowhere():
    state = iw.make("volcano", capture="must").new_state().play("a1-b1")  # a captured red large in Player 1's pile
    board_bottom = 10 + 300 + 22  # the picture's padding, the board, its coordinates
    right, below, none = (svg.scene(state, size=300, panel=place) for place in ("right", "below", "none"))
    status = r'<text class="iw-fg" x="([\d.]+)" y="([\d.]+)"[^>]*font-weight="bold"[^>]*>Player 2 to move</text>'
    (x_right, _), = re.findall(status, right.panel)
    (x_below, y_below), = re.findall(status, below.panel)
    assert float(x_right) > 300 and float(x_below) == 10 and float(y_below) > board_bottom
    assert below.width < right.width and below.height > right.height
    assert none.panel == "" and (none.width, none.height) == (342, board_bottom + 10)
    assert [loc for _, _, loc, *_ in right.pieces if loc.startswith("captured")] == ["captured:0"]
    assert not [loc for _, _, loc, *_ in none.pieces if loc.startswith("captured")]
    with pytest.raises(ValueError, match="panel='left' is not a place for the panel; choose one of 'right', 'below', 'none'"):
        svg.board(state, panel="left")
