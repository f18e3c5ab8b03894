"""The teacher's kit: each game's rules in plain words, the self-checks, and the printables."""

from __future__ import annotations

import importlib
import re
import zlib

import pytest

import icewidgets as iw
from icewidgets import printables
from icewidgets.notebook import check_agent, check_game_code, check_stack, pictures
from icewidgets.teaching import HowToPlay, Verdict, check_choice, check_moves, check_number

GAMES = iw.available_games()
A4_POINTS = (595.28, 841.89)


# The rules in plain words ---------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_its_rules_in_plain_words(name):
    game = iw.make(name)
    rules = game.how_to_play
    assert isinstance(rules, HowToPlay) and len(rules.summary) > 100 and len(rules.text) > 1000
    kinds = [block.kind for block in rules.blocks()]
    assert kinds.count("paragraph") >= 4
    assert all(block.text or block.lead for block in rules.blocks())
    assert "`" not in str(rules) and "**" not in str(rules)
    assert rules.markdown(game.title).startswith(f"### {game.title}\n")
    # The rules docstring sends players to this one text.
    doc = importlib.import_module(type(game).__module__).__doc__
    assert f"{type(game).__name__}.how_to_play" in doc and "rules/" not in doc
    state = game.new_state(seed=rules.example_seed)
    for ply in rules.example:
        state = state.play(ply)
    assert rules.example and rules.example_caption


def test_blocks_of_a_rules_text():
    rules = HowToPlay(text="**Setup.** Two\nlines.\n\n1. First `RE1`.\n2. Second.\n- a bullet\n  that goes on\n\n    L M\n    S .\n")
    assert rules.blocks() == [
        ("paragraph", "Setup.", "Two lines."), ("number", "1.", "First RE1."), ("number", "2.", "Second."),
        ("bullet", "", "a bullet that goes on"), ("diagram", "", "L M\nS ."),
    ]


def test_the_start_notebook_describes_the_games_with_their_summaries():
    text = (pytest.importorskip("nbformat").read("notebooks/00-start-here.ipynb", as_version=4))
    source = "\n".join(cell.source for cell in text.cells)
    assert "how_to_play.summary" in source


# Verdicts ---------------------------------------------------------------------------------------


def test_a_verdict_is_true_only_when_right_and_says_why():
    right, wrong = Verdict(True, "it erupts"), Verdict(False, "no cap moved")
    assert bool(right) and not wrong
    assert str(right) == "✔ Right: it erupts." and str(wrong) == "✘ Not yet: no cap moved."
    assert right.assert_right() is right
    with pytest.raises(AssertionError, match="no cap moved"):
        wrong.assert_right()


def test_the_generic_checks():
    assert check_number(12, 12, why="twelve").right
    assert str(check_number(14, 12, why="x", what="the count")) == "✘ Not yet: 14 is too high for the count."
    assert not check_number(True, 1, why="x")
    assert check_number(0.1 + 0.2, 0.3, why="x").right and not check_number(0.3001, 0.3, why="x")
    assert str(check_moves(["a", "b", "c"], ["a", "d", "e"], why="x")) == (
        "✘ Not yet: 2 of the moves are missing (for example d); 2 moves do not belong (for example b).")
    assert str(check_moves(["a", "a"], ["a"], why="x")) == "✘ Not yet: some moves are listed twice."
    assert check_choice(" A ", "a", {"a": "yes", "b": "no"}).right


def test_check_stack_explains_a_wrong_order():
    state = iw.make("volcano").new_state()
    assert check_stack(state, "a1", "R1R2R3K1").right
    assert "order" in check_stack(state, "a1", "K1R3R2R1").why
    assert check_stack(state, "a1", "R1R2R3").why == "a1 holds 4 pieces, your stack has 3"


def test_check_game_code():
    code = iw.Record.new("volterra").extend(["b4-b3", "@b3"]).to_code()
    assert check_game_code(code, 2, "nobody").right
    assert check_game_code(code, 3, "nobody").why.startswith("the winner is right, but count the plies again")
    assert check_game_code(code, 2, "Dark").why.startswith("the number of plies is right")


def test_check_agent_finds_bugs_and_scores():
    def first(state, rng):
        return state.legal_moves()[0]

    def broken(state, rng):
        return "a0-a1"

    assert check_agent("greedy", "volterra", games=4).right
    verdict = check_agent(broken, "volterra", games=2)
    assert not verdict and verdict.why.startswith("the agent failed: NotationError")
    scored = check_agent(first, "volterra", games=4, at_least=1.01)
    assert not scored and scored.why.endswith("the goal is 1.01")


def test_pictures_embed_each_svg_at_its_own_width():
    state = iw.make("volterra").new_state()
    picture = iw.svg.board(state, size=500)  # a board 500 px wide, the panel beside it
    row = pictures(("start", state), picture)
    widths = re.findall(r'<img [^>]*width="([\d.]+)"', row.html)
    own = re.search(r'<svg [^>]*width="([\d.]+)"', picture).group(1)
    assert float(own) > 500 and widths[1] == own and row._repr_html_() == row.html
    with pytest.raises(TypeError, match="not int"):
        pictures(3)


# Each game's self-checks: right answers pass, wrong ones say why --------------------------------


def test_volcano_checks():
    from icewidgets.games.volcano import Volcano, teaching

    assert teaching.check_capturing_first_moves(
        ["a1-a2", "a1-b1", "b2-b3", "b2-c2", "c3-c4", "c3-d3", "c3-d2", "c3-c2", "c3-b3", "c3-b4", "d4-d3", "d4-c4",
         "e5-e4", "e5-d5"]).why == "14 of the 22 first moves capture; they are exactly the 14 that erupt"
    assert teaching.check_eruption_condition("b2-c1", 2).right
    assert teaching.check_eruption_condition("a1-a2", 0).right
    capped = Volcano().state_from_text(". . . . .\n. . . . .\nR1K1 . K1 . .\n. . . . .\n. . . . .\nto_move=0")
    assert teaching.eruption_condition(capped, "a3-b3") == (3, "c3")
    assert not teaching.check_eruption_condition("a3-b3", 2, capped)
    assert teaching.check_pile_score("R1 R2 R3 G1 G2 G3 Y1 Y1 Y1", 17).right
    assert teaching.check_first_move_loop(19).right and not teaching.check_first_move_loop(10)
    two = Volcano().state_from_text(". . . . .\n. . . . .\nR1R2R3K1 . G3 B2 .\n. . . . .\n. . . . .\nto_move=0")
    assert str(teaching.check_two_captures(two, "a3-b3")) == "✔ Right: a3-b3 captures R3 on c3 and R2 on d3."
    assert teaching.check_two_captures(two, "a3-a4").why == "a3-a4 erupts but captures 0 pieces; make it capture exactly 2"
    lone_cap = Volcano().state_from_text(". . . . .\n. . . . .\nK1 . . . R1\n. . . . .\n. . . . .\nto_move=0")
    assert teaching.check_two_captures(lone_cap, "a3-b3").why.startswith("a3-b3 does not erupt")


def test_volterra_checks():
    from icewidgets.games.volterra import teaching

    assert teaching.first_turns() == (44, 42) and teaching.check_first_turns(86).right
    assert teaching.check_why_not_b2("b").right and not teaching.check_why_not_b2("a")
    assert teaching.check_showdown((3, 1), (2, 2, 2), "Dark").right
    assert teaching.check_showdown((2, 2), (2, 2), "draw").right
    assert not teaching.check_showdown((2, 1), (2, 2), "Dark")
    with pytest.raises(ValueError):
        teaching.showdown((), (1,))


def test_ice3_checks():
    from icewidgets.games.ice3 import teaching
    from icewidgets.games.ice3.puzzles import PUZZLES

    assert teaching.check_start_moves(361).right
    for rung in PUZZLES[:3]:
        assert teaching.check_puzzle(rung.name, rung.solution).right
    assert "no colour is home" in teaching.check_puzzle("loose-2", ["RW4"]).why
    assert teaching.check_puzzle("loose-2", ["RE1"]).why.startswith("after 1 move no colour is home yet")
    with pytest.raises(ValueError, match="no puzzle is called"):
        teaching.puzzle("nope")


def test_blockade_checks():
    from icewidgets.games.blockade import teaching

    assert teaching.check_combinable_chance(0.25).right
    assert [teaching.fewest_pips(c) for c in "RYGB"] == [4, 4, 4, 4]
    assert teaching.check_tower_turn("G2B4", ["d3-c3", "e1-d3", "c3-d3"], "B").right
    assert not teaching.check_tower_turn("G2B4", ["d3-c3", "e1-d3"], "B")
    assert teaching.check_green_on_blue("no").right


# Printables ---------------------------------------------------------------------------------------


def _pages(data: bytes) -> list[tuple[float, float]]:
    """The MediaBox (width, height) of every page of a PDF written by matplotlib."""
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/Type /Page\b(?!s).*?/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data, re.S)
    return [(round(float(w), 2), round(float(h), 2)) for w, h in boxes]


@pytest.mark.parametrize("name", GAMES)
def test_a_rules_sheet_is_one_a4_page_with_the_rules_and_two_pictures(name, tmp_path):
    pytest.importorskip("cairosvg")
    path = iw.rules_sheet(name, tmp_path / f"{name}.pdf")
    data = path.read_bytes()
    assert _pages(data) == [A4_POINTS]
    assert data.count(b"/Subtype /Image") == 2
    streams = b"".join(zlib.decompress(s) for s in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S)
                       if s[:1] == b"x")
    assert b"how to play" in streams or len(streams) > 10_000


@pytest.mark.parametrize("name, pages, sheets", [
    ("volcano", 2, (("a", "e", 1, 5),)),
    ("volterra", 2, (("a", "e", 1, 4),)),
    ("ice3", 3, (("a", "d", 1, 8), ("e", "h", 1, 8))),
    ("blockade", 2, (("a", "e", 1, 5),)),
])
def test_a_printed_board_is_at_real_size_with_a_score_sheet(name, pages, sheets, tmp_path, monkeypatch):
    drawn = []
    monkeypatch.setattr(printables._Page, "rect", lambda self, x, y, w, h, **style: drawn.append((w, h)))
    printed = iw.print_board(iw.make(name).new_state(seed=1), tmp_path / "board.pdf")
    assert (printed.pages, printed.sheets, printed.cell_mm) == (pages, sheets, 28.0)
    assert _pages(printed.path.read_bytes()) == [A4_POINTS] * pages
    grid = iw.make(name).grid
    assert drawn.count((28.0, 28.0)) == grid.files * grid.ranks  # every square once, 28 mm a side


def test_a_page_is_drawn_in_millimetres():
    page = printables._Page(printables.PAPERS["A4"])
    assert page.axes.get_position().bounds == (0, 0, 1, 1)
    assert page.axes.get_xlim() == (0, 210) and page.axes.get_ylim() == (0, 297)
    assert tuple(round(v * 25.4, 6) for v in page.figure.get_size_inches()) == (210, 297)


def test_print_board_options(tmp_path):
    state = iw.make("ice3").new_state(seed=1)
    assert iw.print_board(state, tmp_path / "a3.pdf", paper="A3").sheets == (("a", "h", 1, 8),)
    assert iw.print_board(state, tmp_path / "big.pdf", cell_mm=40).pages == 5
    with pytest.raises(ValueError, match="too small: a large pyramid's base is 25 mm"):
        iw.print_board(state, tmp_path / "x.pdf", cell_mm=20)
    with pytest.raises(ValueError, match="paper='B5' is not a paper size"):
        iw.print_board(state, tmp_path / "x.pdf", paper="B5")
    with pytest.raises(TypeError):
        iw.print_board("ice3", tmp_path / "x.pdf")
