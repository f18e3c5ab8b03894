"""Notebook 10 as stored: one designer's question per game, every number in its prose computed by a
cell, and every plot shown once. (Running it is nbval's job.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import icewidgets as iw

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "10-playouts-and-statistics.ipynb"
CELLS = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


def test_one_question_per_game():
    # The package's own games: a game from another package has its notebooks in that package.
    headings = [line for cell in CELLS if cell["cell_type"] == "markdown" for line in source(cell).splitlines()
                if line.startswith("## ")]
    for name in iw.available_games(plugins=False):
        title = iw.make(name).title
        assert any(title in heading and heading.rstrip().endswith("?") for heading in headings), title


def test_no_number_in_the_prose_is_typed_by_hand():
    for cell in CELLS:
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"`[^`]*`", "", source(cell))  # code is not prose
        text = re.sub(r"(?m)^(#+ |\s*)\d+\. ", "", text)  # section and list numbers
        text = re.sub(r"^\*\*Exercise \d+\.\*\*", "", text)  # an exercise's number
        text = text.replace("95%", "")  # the convention, not a result
        for name in iw.available_games():
            text = text.replace(iw.make(name).title, "")  # a game's name is no number
        assert not re.search(r"\d", text), text


def test_every_plot_is_shown_once_and_every_cell_ran():
    plots = 0
    for cell in CELLS:
        if cell["cell_type"] != "code":
            continue
        outputs = cell["outputs"]
        assert not any(output["output_type"] == "error" for output in outputs), source(cell)
        pictures = sum("image/png" in output.get("data", {}) for output in outputs)
        assert pictures <= 1, source(cell)
        if source(cell).rstrip(";").endswith(".plot()"):
            assert pictures == 1, source(cell)
            plots += 1
    assert plots == 3
