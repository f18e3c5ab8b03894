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
