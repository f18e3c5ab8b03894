"""The teacher's kit: each game's rules in plain words, the self-checks, and the printables."""

from __future__ import annotations

import importlib
import re
import sys
import zlib

import pytest

import icewidgets as iw
from icewidgets import printables
from icewidgets.notebook import pictures
from icewidgets.teaching import WINNER_WORDS, HowToPlay, Verdict, move_reader, plain_answer

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


@pytest.mark.parametrize("answer, fillers, sums, core", [
    ("condition 2", ("condition",), False, "2"),
    ("Condition two fails.", ("condition", "fails"), False, "2"),
    ("17 points", ("points",), False, "17"),
    ("  Seventeen ", (), False, "17"),
    ("Dark wins!", WINNER_WORDS, False, "Dark"),
    ("The winner is Light.", WINNER_WORDS, False, "Light"),
    ("it's a draw", WINNER_WORDS, False, "draw"),
    ("44+42", (), True, "86"),
    (" 44 + 42 + 1 turns", ("turns",), True, "87"),
    # left as given: no filler around it, a filler alone, a sum where none is asked, a word inside a name
    ("17", ("points",), False, "17"),
    ("points", ("points",), False, "points"),
    ("44+42", (), False, "44+42"),
    ("a1", WINNER_WORDS, False, "a1"),
    ("Dark wins" + " " * 300, WINNER_WORDS, False, "Dark wins" + " " * 300),  # too long to be a short answer
    (17, ("points",), True, 17),
    ("twenty-one", (), False, "twenty-one"),
    ("44*2", (), True, "44*2"),
])
def test_a_short_answer_is_read_without_the_words_around_it(answer, fillers, sums, core):
    assert plain_answer(answer, fillers, sums=sums) == core


def test_a_move_without_its_dash_is_read_when_only_one_move_reads_so():
    read = move_reader(iw.make("volcano"))
    assert [read(text) for text in ("b2c1", "B2C1", " b2C1 ", "b2-c1")] == ["b2-c1"] * 4
    for text in ("b2 c1", "b2c", "b2c1d3"):  # a space is no dash; no two squares
        with pytest.raises(ValueError, match="is not a Volcano move"):
            read(text)
    assert move_reader(iw.make("volterra"))("b4b3") == "b4-b3"


def test_pictures_embed_each_svg_at_its_own_width():
    state = iw.make("volterra").new_state()
    picture = iw.svg.board(state, size=500)  # a board 500 px wide, the panel beside it
    row = pictures(("start", state), picture)
    widths = re.findall(r'<img [^>]*width="([\d.]+)"', row.html)
    own = re.search(r'<svg [^>]*width="([\d.]+)"', picture).group(1)
    assert float(own) > 500 and widths[1] == own and row._repr_html_() == row.html
    with pytest.raises(TypeError, match="not int"):
        pictures(3)


# The helpers beside the self-checks (the checks themselves: tests/test_self_checks.py) -------------


def test_volcano_eruption_conditions_and_the_first_move_agent():
    from icewidgets.games.volcano import Volcano, teaching

    capped = Volcano().state_from_text(". . . . .\n. . . . .\nR1K1 . K1 . .\n. . . . .\n. . . . .\nto_move=0")
    assert teaching.eruption_condition(capped, "a3-b3") == (3, "c3")
    assert not teaching.check_eruption_condition("a3-b3", 2, capped)
    # Under the published rule (capture="may") its first choice after an eruption is capture:none, a ply.
    assert teaching.first_move_loop() == (26, 12, ("e3-e4", "e4-e3"))
    assert teaching.first_move_shuttle() == (20, (20, 23, 26))
    assert teaching.quiet_moves(("greedy", "greedy"), 3) == 4


def test_volterra_helpers():
    from icewidgets.games.volterra import teaching

    assert teaching.first_turns() == (44, 42)
    with pytest.raises(ValueError):
        teaching.showdown((), (1,))


def test_ice3_helpers():
    from icewidgets.games.ice3 import teaching
    from icewidgets.games.ice3.puzzles import PUZZLES

    for rung in PUZZLES[:3]:
        assert teaching.check_puzzle(rung.name, rung.solution).right
    with pytest.raises(ValueError, match="no puzzle is called"):
        teaching.puzzle("nope")


def test_blockade_helpers():
    from icewidgets.games.blockade import teaching

    assert [teaching.fewest_pips(c) for c in "RYGB"] == [4, 4, 4, 4]
    assert [teaching.read_colour(word) for word in ("r", "Red", " GREEN ", "b", "K", "")] == ["R", "R", "G", "B", None,
                                                                                            None]
    assert [teaching.read_ply(text) for text in ("B3-C3", "g5b2", "Combine:g", "END")] == [
        "b3-c3", "G5B2", "combine:G", "end"]


# Printables ---------------------------------------------------------------------------------------


def _pages(data: bytes) -> list[tuple[float, float]]:
    """The MediaBox (width, height) of every page of a PDF written by matplotlib."""
    assert data.startswith(b"%PDF-")
    boxes = re.findall(rb"/Type /Page\b(?!s).*?/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data, re.S)
    return [(round(float(w), 2), round(float(h), 2)) for w, h in boxes]


def _text_sizes(data: bytes) -> list[float]:
    """The font size of every text a PDF written by matplotlib sets (its ``Tf`` operators)."""
    # matplotlib ends a stream's data with "\nendstream", never "\r\n": a compressed stream's own
    # last byte may be a carriage return, which belongs to the data.
    streams = [zlib.decompress(s) for s in re.findall(rb"stream\r?\n(.*?)\nendstream", data, re.S) if s[:1] == b"x"]
    return [float(size) for stream in streams for size in re.findall(rb"/F\d+ ([\d.]+) Tf", stream)]


@pytest.mark.parametrize("name", GAMES)
def test_a_rules_sheet_is_one_a4_page_of_vectors_made_without_cairosvg(name, tmp_path, monkeypatch):
    from icewidgets.svg import vector

    monkeypatch.setitem(sys.modules, "cairosvg", None)  # what a plain pip install lacks
    drawn = []
    draw = vector.draw_svg
    monkeypatch.setattr(vector, "draw_svg", lambda *args, **kw: drawn.append(draw(*args, **kw)) or drawn[-1])
    path = iw.rules_sheet(name, tmp_path / f"{name}.pdf")
    data = path.read_bytes()
    assert _pages(data) == [A4_POINTS]
    assert b"/Subtype /Image" not in data
    assert len(drawn) == 2  # the start and the example, each drawn shape by shape
    assert all(picture.smallest_text >= printables.LEAST_TEXT - 1e-6 for picture in drawn)
    sizes = _text_sizes(data)
    assert min(sizes) >= printables.LEAST_TEXT - 1e-6
    # The pieces' letters, in text (the package's own games show at least 20 pieces; a game from
    # a plug-in, such as the fifth-game run's, may show fewer).
    letters = sum(abs(size - printables.LEAST_TEXT) < 0.01 for size in sizes)
    assert letters >= (20 if name in iw.available_games(plugins=False) else 1)


def test_a_picture_on_paper_is_the_scene_of_the_svg(tmp_path):
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle

    from icewidgets.svg.vector import draw_svg

    state = iw.make("volterra").new_state().play("b4-b3").play("@b3")
    picture = iw.svg.board(state)
    axes = Figure().add_axes((0, 0, 1, 1), xlim=(0, 200), ylim=(0, 200))
    drawn = draw_svg(axes, picture, 0, 200, 150)
    texts = [text.get_text() for text in axes.texts]
    assert texts.count("D") + texts.count("L") == picture.count(">D</text>") + picture.count(">L</text>")
    assert sum(isinstance(patch, Circle) for patch in axes.artists + axes.patches) == picture.count("<circle")
    assert round(drawn.height, 6) == round(150 * float(re.search(r'height="([\d.]+)"', picture).group(1))
                                           / float(re.search(r'width="([\d.]+)"', picture).group(1)), 6)
    with pytest.raises(ValueError, match="cannot draw <ellipse>"):
        draw_svg(axes, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><ellipse/></svg>', 0, 10, 10)


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


@pytest.mark.parametrize("name, notation, example, squares", [
    ("volcano", ["R red, Y yellow, G green, B blue, C clear, K black.", "1 small, 2 medium, 3 large."],
     "R1R2R3K1 is a red small, a red medium, a red large, a black small, from the bottom up.",
     "Squares of 28 mm, for pyramids with a 25 mm base."),
    ("volterra", ["L light, D dark.", "a letter alone is a flat tile.",
                  "@ and a letter is a pawn, standing on the stack written before it."],
     "L@L is a light tile, the light pawn on top, from the bottom up.", "Squares of 28 mm."),
    ("blockade", ["R red, Y yellow, G green, B blue, C clear.", "1 small, 2 medium, 3 large."],
     "C3Y2Y2Y2Y2Y2 is a clear large, 5 yellow mediums, from the bottom up.",
     "Squares of 28 mm, for pyramids with a 25 mm base."),
])
def test_a_board_sheet_explains_its_notation_in_text_no_smaller_than_the_least(name, notation, example, squares,
                                                                                tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    data = iw.print_board(iw.make(name).new_state(seed=1), tmp_path / "board.pdf").path.read_bytes()
    assert b"/Subtype /Image" not in data and min(_text_sizes(data)) >= printables.LEAST_TEXT - 1e-6
    written = []
    monkeypatch.setattr(printables._Page, "text", lambda self, x, y, text, size, **style: written.append((text, size))
                        if self.drawing else None)
    iw.print_board(iw.make(name).new_state(seed=1), tmp_path / "again.pdf")
    texts = [text for text, _ in written]
    assert min(size for _, size in written) >= printables.LEAST_TEXT
    assert squares in texts and "How to read a square." in texts
    assert all(line in " ".join(texts) for line in notation)
    assert example in " ".join(texts)


def _texts_by_page(monkeypatch) -> list[list[str]]:
    """The texts drawn on each page of the next PDF, page by page (the pages that only measure a
    layout draw nothing)."""
    pages: dict[int, list[str]] = {}
    text = printables._Page.text
    monkeypatch.setattr(printables._Page, "text", lambda page, x, y, what, *a, **kw: (
        pages.setdefault(id(page), []).append(what) if page.drawing else None) or text(page, x, y, what, *a, **kw))
    return pages  # filled in page order: a page is drawn whole before the next is made


def test_every_sheet_of_a_diagram_says_it_is_part_of_a_board(tmp_path, monkeypatch):
    # Notebook 05 prints the first rung of the Ice3 ladder, 19 pyramids: the two board sheets as
    # well as the score sheet say so, since a sheet may be handed out alone.
    from icewidgets.games.ice3.teaching import puzzle

    pages = _texts_by_page(monkeypatch)
    printed = iw.print_board(puzzle("loose-1").state(), tmp_path / "ice3-loose-1.pdf")
    assert printed.pages == 3 and len(_pages(printed.path.read_bytes())) == 3
    texts = [" ".join(page) for page in pages.values()]
    assert len(texts) == 3
    for sheet in texts[:2]:
        assert sheet.startswith("Ice3: the board at real size (sheet ")
        assert "Part of a board: a diagram, not a position from play. Files " in sheet
    assert "The position: Player 1 to move (part of a board)." in texts[2]
    assert all("part of a board" in page.lower() for page in texts)


def test_a_position_from_play_is_not_called_part_of_a_board(tmp_path, monkeypatch):
    pages = _texts_by_page(monkeypatch)
    iw.print_board(iw.make("ice3").new_state(seed=1), tmp_path / "board.pdf")
    assert len(pages) == 3
    assert not any("part of a board" in " ".join(page).lower() for page in pages.values())


def test_a_long_stack_is_written_on_whole_lines_of_pieces():
    assert printables._split_stack("LDLDLDLDLDLDLDLDLD@D", 8) == ["LDLDLDLD", "LDLDLDLD", "LD@D"]
    assert printables._split_stack("R1R2R3K1", 15) == ["R1R2R3K1"]


def test_a_page_is_drawn_in_millimetres():
    page = printables._Page(printables.PAPERS["A4"])
    assert page.axes.get_position().bounds == (0, 0, 1, 1)
    assert page.axes.get_xlim() == (0, 210) and page.axes.get_ylim() == (0, 297)
    assert tuple(round(v * 25.4, 6) for v in page.figure.get_size_inches()) == (210, 297)


@pytest.mark.parametrize("paper, size", [
    ("A4", (210.0, 297.0)), ("a4", (210.0, 297.0)), (" A4 ", (210.0, 297.0)),
    ("letter", (215.9, 279.4)), ("Letter", (215.9, 279.4)), ("LETTER", (215.9, 279.4)),
    ("a3", (297.0, 420.0)),
])
def test_a_paper_is_named_in_any_case(paper, size):
    assert printables._paper(paper) == size


@pytest.mark.parametrize("paper", ["B5", "a5", "", "legal"])
def test_an_unknown_paper_lists_the_papers_there_are(paper):
    with pytest.raises(ValueError) as raised:
        printables._paper(paper)
    assert str(raised.value) == f"paper={paper!r} is not a paper size; choose one of 'A4', 'letter', 'A3' (in any case)"


def test_print_board_and_rules_sheet_take_a_paper_in_any_case(tmp_path):
    state = iw.make("ice3").new_state(seed=1)
    assert iw.print_board(state, tmp_path / "a3.pdf", paper="a3").sheets == (("a", "h", 1, 8),)
    assert iw.rules_sheet("ice3", tmp_path / "rules.pdf", paper="Letter") == tmp_path / "rules.pdf"


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


@pytest.mark.parametrize("options, footer", [
    ({}, "the rules as the library plays them; the notebook teaches them with pictures"),
    ({"stall_turns": None}, "the rules above with the default options; this game's differ: stall_turns=None"),
    ({"players": 3, "stall_turns": 30},
     "the rules above with the default options; this game's differ: players=3, stall_turns=30"),
])
def test_a_rules_sheet_says_which_options_differ_from_the_rules_text(options, footer, tmp_path, monkeypatch):
    written = []
    text = printables._Page.text
    monkeypatch.setattr(printables._Page, "text", lambda page, x, y, what, *a, **kw: written.append(what) or
                        text(page, x, y, what, *a, **kw))
    iw.rules_sheet(iw.make("volcano", **options), tmp_path / "rules.pdf")
    assert written[-1] == f"icewidgets · Volcano · {footer}"
    assert "by default a game here also\nends, scored as it stands, after 100 turns" in iw.make("volcano").how_to_play.text


@pytest.mark.parametrize("name, options", [("volcano", {"opening": "plus"}), ("volcano", {"opening": "x"}),
                                           ("volterra", {"layout": "free"})])
def test_a_rules_sheet_shows_the_example_on_the_default_game_where_this_start_does_not_allow_it(
        name, options, tmp_path, monkeypatch):
    written = []
    text = printables._Page.text
    monkeypatch.setattr(printables._Page, "text", lambda page, x, y, what, *a, **kw: written.append(what) or
                        text(page, x, y, what, *a, **kw))
    game = iw.make(name, **options)
    path = iw.rules_sheet(game, tmp_path / "rules.pdf")
    assert _pages(path.read_bytes()) == [A4_POINTS]
    caption = game.how_to_play.example_caption.rstrip(".") + " (the default options)."
    assert caption in " ".join(written)  # (wrapped over lines)
    option = ", ".join(f"{key}={value!r}" for key, value in options.items())
    assert written[-1].endswith(f"this game's differ: {option}")
