"""Teaching text cites only what a reader can find: the published rules' own words, a named
outside source, or our reading. The project's rules files label their worked examples and open
points (V7, VT1, I1, BL1, V-A15, B-A4, S10, ...) for the tests; the published texts number no
examples, so those labels never appear in anything that ships."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The label shapes of the project's rules files: worked examples V0-V9 (Volcano), VT0-VT9
# (Volterra), I1-I10 and I4a (Ice3), BL0-BL6 (Blockade); open points V-A1, T-A1, I-A1, B-A1; and
# the outside sources S1-S11. Labels that cannot be anything else are refused wherever they stand.
# V1, I1 or S1 alone could be a piece or a word, so those are refused only where they are cited.
ALWAYS = re.compile(r"\b(?:VT\d+|BL\d+|[VTIB]-A\d+[a-z]?)\b")
CITED = re.compile(r"\b(?i:examples?|rules'?|rule|case|test|sources?|see|from|for)\s+[VIS]\d+[a-z]?\b")
# An embedded picture is base64 text, where any letters can stand side by side.
EMBEDDED = re.compile(r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+|\"image/(?:png|jpeg)\": \"[^\"]*\"")


def _shipped_texts():
    """Every shipped text file: the notebooks (cells and their text outputs), the package's
    code with its docstrings and comments, the docs, the README and the other top-level notes."""
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            yield f"{path.name} cell {number}", "".join(cell["source"])
            for output in cell.get("outputs", []):
                texts = [output.get("text", "")] + [output.get("data", {}).get(kind, "")
                                                     for kind in ("text/plain", "text/markdown", "text/html")]
                yield f"{path.name} cell {number} output", "".join("".join(t) for t in texts)
    patterns = ["icewidgets/**/*.py", "icewidgets/**/*.js", "icewidgets/**/*.css", "docs/**/*.md", "*.md",
                "benchmarks/*.py", "benchmarks/*.md", "scripts/*", "binder/*", "notebooks/data/*"]
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file():
                yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8", errors="replace")


def _labels(text: str) -> list[str]:
    text = EMBEDDED.sub("", text)
    return [m.group(0) for m in ALWAYS.finditer(text)] + [m.group(0) for m in CITED.finditer(text)]


def test_no_shipped_text_cites_a_label_of_the_projects_rules_files():
    found = {where: labels for where, text in _shipped_texts() if (labels := _labels(text))}
    assert found == {}


def test_the_scan_reads_the_notebooks_the_package_and_the_readme():
    places = {where.split(" cell ")[0] for where, _ in _shipped_texts()}
    assert {"01-volcano.ipynb", "README.md", "icewidgets/teaching.py", "icewidgets/games/ice3/rules.py"} <= places


@pytest.mark.parametrize("text", [
    "This is the pile of the rules' example V7.", "Example VT1: Dark moves", "the rules' example I1:",
    "example BL1: Cool rolls", "(default, B-A4)", "(rules V-A15)", "T-A9's alternative", "from S10",
    "see I-A2", "the short rule for V7", "Example I4a",
])
def test_a_label_is_found_however_it_is_cited(text):
    assert _labels(text)


@pytest.mark.parametrize("text", [
    'tokens("O3V1") == ["O3", "V1"]', "a1 R1, b1 R2, c1 G3", "the move RE1", "a small S1 on e5",
    "V1 and I1 as pieces", "BLUE1", "from e5 to e4", "for example S", "rules sheet", 'data:image/svg+xml;base64,AAB/BL1+VT0=',
])
def test_pieces_squares_moves_and_pictures_are_not_labels(text):
    assert _labels(text) == []


# Issue 32's second review: what the published texts do not say is named as an outside source,
# as our reading or as an option, where it is taught ---------------------------------------------


def _sources():
    """The shipped texts as written (notebook cells' sources, not their stored outputs, which are
    only as new as the notebook's last run)."""
    return [(where, text) for where, text in _shipped_texts() if not where.endswith(" output")]


@pytest.mark.parametrize("phrase", [
    "Looney Labs",                       # in no published text, nor in the project's sources
    "community variant",                 # the plus and x openings are our guesses
    "rules' own example", "The rules' example", "the rules' example",  # the published example names no squares
    "25 mm",                             # a pyramid's size is in no published text
    "standard checkerboard", '{"standard": {}',  # the package's default is no standard
    "verified standard",
    "a cap may not return to a square within the turn",  # not boardspace's words
    "`first_player=1` (our default)",   # Light starting is not the default
])
def test_no_shipped_text_states_an_invented_source_or_fact(phrase):
    assert [where for where, text in _sources() if phrase in text] == []


def test_boardspace_is_quoted_in_its_own_words():
    from icewidgets.games.volcano import rules
    assert "\"can't return a cap to the same square unless an eruption occurs\"" in rules.__doc__


def test_the_designers_page_is_named_as_an_outside_source_beside_the_published_text():
    # Every paragraph that cites the designer's page also says what the published text does.
    found = 0
    for where, text in _sources():
        for paragraph in re.split(r"\n\s*\n", text):
            if "designer's page" in paragraph:
                found += 1
                assert "published" in paragraph, (where, paragraph)
    assert found >= 4  # Blockade's how_to_play, rules docstring, notebooks 04 and 10


def test_lesson_plans_type_no_timings():
    # Timings are printed by the cells that take them; a typed one is stale on the next machine.
    cells = json.loads((ROOT / "notebooks" / "05-lesson-plans.ipynb").read_text(encoding="utf-8"))["cells"]
    typed = [(number, m.group(0)) for number, cell in enumerate(cells) if cell["cell_type"] == "markdown"
             for m in re.finditer(r"\b\d+(?:\.\d+)? ?(?:s|seconds?)\b", "".join(cell["source"]))]
    assert typed == []
    assert sum("python -m icewidgets warm" in "".join(cell["source"]) for cell in cells) >= 4


def _block_with(game_name: str, fact: str) -> str:
    import icewidgets as iw
    blocks = [f"{block.lead} {block.text}" for block in iw.make(game_name).how_to_play.blocks()]
    found = [text for text in blocks if fact in text]
    assert len(found) == 1, (game_name, fact, blocks)
    return found[0]


@pytest.mark.parametrize("game_name, fact, label", [
    ("volterra", "the edge of the board", "our reading"),
    ("volterra", "you may not start an action after which you could not finish the turn", "Our reading"),
    ("volterra", "one of the players can no longer carry out both actions", 'end_check="both"'),
    ("volterra", "a missing tower counts as 0", "our reading"),
    ("volterra", "a dark tile on a1", "our choice"),
    ("volterra", "Dark starts, the package's default", "first_player=1 makes Light start"),
    ("ice3", "or if it would leave the board", 'edge="illegal"'),
    ("ice3", "the square where it would land", "our reading"),
    ("ice3", "passes", 'no_move="draw"'),
    ("ice3", "the player who just moved wins, whatever the colour", "our reading"),
    ("ice3", '"Ignore any pieces which are blocked"; our reading: a blocked pyramid does not move at all',
     'blocked="slide"'),
    ("ice3", "a move must move at least one pyramid", "Our reading, not in the published text"),
    ("blockade", "the coloured larges' squares", "designer's page"),
    ("blockade", "the higher total starts", "not the published rules text"),
    ("blockade", "may cross any square except a blockade", "designer's page"),
    ("blockade", "Only the top pyramid of a stack moves", "our reading"),
    ("blockade", "When no black is left", "tower_without_black_counts"),
    ("volcano", "equal top scores share the win", 'tie_rule="draw"'),
    ("volcano", "your turn ends only with an eruption", "Our reading"),
    ("volcano", "your turn ends only with an eruption", "No option changes this"),
    ("volterra", "the other part is forfeited", "Our reading"),
    ("volterra", "the other part is forfeited", "forfeit_removes=False"),
])
def test_each_reading_is_labelled_where_how_to_play_teaches_it(game_name, fact, label):
    assert label in _block_with(game_name, fact)


def test_who_starts_in_volterra_is_told_as_the_code_plays_it():
    import icewidgets as iw
    game = iw.make("volterra")
    assert game.player_name(game.new_state().to_move) == "Dark"
    assert iw.make("volterra", first_player=1).new_state().to_move == 1
    cells = json.loads((ROOT / "notebooks" / "02-volterra.ipynb").read_text(encoding="utf-8"))["cells"]
    assert any("here Dark starts, the package's default" in "".join(cell["source"]) for cell in cells)


def _markdown(notebook: str) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return [" ".join("".join(cell["source"]).split()) for cell in cells if cell["cell_type"] == "markdown"]


@pytest.mark.parametrize("notebook", ["03-ice3", "10-playouts-and-statistics"])
def test_ice3_goals_beyond_the_published_one_are_called_options(notebook):
    taught = [text for text in _markdown(notebook) if 'goal="shape"' in text]
    assert taught and all("not in the published rules" in text for text in taught)


def test_notebook_10_names_the_published_ice3_goal_and_the_default_as_our_reading_of_it():
    [text] = [text for text in _markdown("10-playouts-and-statistics") if "## 4. Ice3" in text]
    assert '"get all of one color in any corner, like so"' in text
    assert "The package's default, `goal=\"exact\"`, is our reading of that diagram" in text


def test_notebook_03_labels_what_a_blocked_piece_does_and_the_move_that_moves_nothing():
    texts = _markdown("03-ice3")
    [walls] = [text for text in texts if "## 2. Pins and walls" in text]
    assert 'The published rules: "Only pinned or blocked pieces stop moving."' in walls
    assert ('"Ignore any pieces which are blocked"; our reading is that a blocked piece does not move at all '
            '(the option `blocked="slide"`') in walls
    assert "Our reading, not in the published text (no option changes it): a move must move at least one" in walls
    [choice] = [text for text in texts if 'iw.make("ice3", blocked="slide")' in text]
    assert 'The default, `blocked="stay"`, is our reading' in choice
    assert all("The rules leave a choice" not in text for text in texts)


def test_notebook_04_states_the_published_goal_and_labels_the_uncapped_tower():
    [text] = [text for text in _markdown("04-blockade") if "## 4. Winning" in text]
    assert 'The published goal: "form five towers in one of your colors".' in text
    assert "our reading is that a tower finished then still counts" in text
    assert "`tower_without_black_counts=False`" in text
    assert all("Five capped towers" not in text for text in _markdown("04-blockade"))


def test_the_published_example_eruption_is_drawn_in_five_stages_the_last_a_capture_choice():
    import icewidgets as iw
    cells = json.loads((ROOT / "notebooks" / "01-volcano.ipynb").read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells]
    drawing = next(text for text in sources if "## 3. The example eruption" in text)
    assert "our drawing" in drawing and "names no squares" in drawing
    stages = next(text for text in sources if "stages = [" in text)
    assert '"capture:c3"' in stages
    game = iw.make("volcano")
    start = game.state_from_text(". . . . .\n. . . . .\nC1C2C3K1 Y1Y2Y3 G1G2G3 B1B2B3 R1R2R3\n. . . . .\n. . . . .\n"
                                 "to_move=0", partial=True)
    record = iw.Record.new(game, start=start).extend(["a3-b3", "capture:c3"])
    frames = [frame for frame in iw.svg.frames(list(record.states()), record.plies) if frame.ply >= 1]
    assert len(frames) == 5
    assert frames[-1].scene.text.startswith("Player 1 captures the clear large from c3.")


def test_notebooks_print_winners_by_name_not_by_seat_number():
    # Seats count from 0, so "winners: (1,)" beside "Player 2 wins" reads as a contradiction.
    printed = [(path.name, number) for path in sorted((ROOT / "notebooks").glob("*.ipynb"))
               for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"])
               if re.search(r'"winners:",\s*\w+\.winners\)', "".join(cell["source"]))]
    assert printed == []


def test_notebook_10_draws_each_conclusion_from_its_numbers():
    # A sentence that concludes from an interval is chosen by the interval, in the cell beside its
    # alternatives, so a re-run with other numbers cannot leave a conclusion the numbers contradict.
    cells = json.loads((ROOT / "notebooks" / "10-playouts-and-statistics.ipynb").read_text(encoding="utf-8"))["cells"]
    code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    for conclusion, alternative in [("going first helps", "going first hurts"),
                                    ("against such a gap in strength, the seat", "seat 1 keeps an edge"),
                                    ("The advantage goes with the first move", "These games show no advantage"),
                                    ("the first move is worth more", "these games cannot tell"),
                                    ("the roll-off matters", "cannot tell whether the roll-off matters")]:
        where = [text for text in code if conclusion in text]
        assert len(where) == 1 and alternative in where[0], conclusion
        assert "against(" in where[0] or ".low >" in where[0], conclusion


@pytest.mark.parametrize("game_name, fact", [("volterra", "the player to move"), ("ice3", "the player whose move")])
def test_a_summary_labels_the_reading_it_states(game_name, fact):
    import icewidgets as iw
    summary = iw.make(game_name).how_to_play.summary
    assert fact in summary and "our reading" in summary
