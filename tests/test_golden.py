"""Golden playthroughs: a seeded random game, every ply written out, compared exactly.

A change in the rules, the move order, the notation or an event text shows up here as a diff.
Regenerate the files only on purpose, when such a change is intended:

    ICEWIDGETS_REGEN_GOLDEN=1 pytest tests/test_golden.py

To add a game, add one line to ``GOLDEN`` (or call :func:`assert_golden` from its own test file).
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from icewidgets import make
from icewidgets.testing import playthrough

GOLDEN_DIR = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ICEWIDGETS_REGEN_GOLDEN") == "1"

# (file name under tests/golden/, game name, options, seed)
GOLDEN = [
    pytest.param("volcano.txt", "volcano", {}, 7, id="volcano"),
]


def assert_golden(file_name: str, text: str) -> None:
    """Compare ``text`` with ``tests/golden/<file_name>`` exactly, or rewrite the file when
    ``ICEWIDGETS_REGEN_GOLDEN=1``. A mismatch fails with a unified diff of the first lines that differ."""
    path = GOLDEN_DIR / file_name
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        return
    if not path.exists():
        pytest.fail(f"{path.name} is missing; make it with ICEWIDGETS_REGEN_GOLDEN=1 pytest tests/test_golden.py")
    expected = path.read_text(encoding="utf-8")
    if expected != text:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), f"golden/{file_name}", "this run", lineterm="", n=2)
        shown = "\n".join(line for _, line in zip(range(60), diff))
        pytest.fail(f"the playthrough differs from golden/{file_name}:\n{shown}")


@pytest.mark.parametrize("file_name, game, options, seed", GOLDEN)
def test_golden_playthrough(file_name, game, options, seed):
    text = playthrough(make(game, **options), seed=seed)
    assert text == playthrough(make(game, **options), seed=seed), "a playthrough must be deterministic"
    assert_golden(file_name, text)
