"""Golden playthroughs, one per registered game: a seeded random game, every ply written out,
compared exactly (after OpenSpiel's playthrough tests).

Each file ``tests/golden/<name>.txt`` says in its header which game it plays: the ``game:``,
its ``options:`` and the ``seed:``. :func:`icewidgets.testing.check_playthrough` regenerates the
playthrough from that header and compares. A change in the rules, the move order, the notation
or an event text shows up here as a diff. Regenerate the files only on purpose, when such a
change is intended:

    ICEWIDGETS_REGEN_GOLDEN=1 pytest tests/test_golden.py

A game without a file fails, saying how to make one; the same command writes it (default
options, seed 1; edit its header and run it again to choose others).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from icewidgets import available_games, make
from icewidgets.testing import ConformanceError, check_playthrough, playthrough, read_playthrough_header

GOLDEN_DIR = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ICEWIDGETS_REGEN_GOLDEN") == "1"


def test_the_header_is_read_back():
    game = make("volcano", players=3, opening="plus", caps=("b2", "d4"), tie_rule="draw")
    header = playthrough(game, seed=5, max_plies=0)
    assert read_playthrough_header(header) == ("volcano", game.options, 5)
    with pytest.raises(ValueError, match="no options, seed line"):
        read_playthrough_header("game: volcano\n== ply 0 ==\n")


@pytest.mark.parametrize("name", available_games())
def test_golden_playthrough(name):
    check_playthrough(name, GOLDEN_DIR / f"{name}.txt")


# More playthroughs of a game, under options its own file does not play: game → files.
VARIANTS = {
    # The published capture rule (the mover chooses the captures in a ply of its own); volcano.txt
    # plays every capture at once, as written before the choice existed.
    "volcano": ["volcano-may.txt", "volcano-may-plus.txt"],
}


@pytest.mark.parametrize("name, file", [(name, file) for name, files in VARIANTS.items() for file in files])
def test_golden_playthrough_variants(name, file):
    check_playthrough(name, GOLDEN_DIR / file)


def test_the_volcano_files_play_both_capture_rules():
    assert read_playthrough_header((GOLDEN_DIR / "volcano.txt").read_text(encoding="utf-8"))[1]["capture"] == "must"
    for file in VARIANTS["volcano"]:
        text = (GOLDEN_DIR / file).read_text(encoding="utf-8")
        assert read_playthrough_header(text)[1]["capture"] == "may"
        assert "move: capture:none" in text and "declines the" in text


@pytest.mark.skipif(REGENERATE, reason="regenerating writes the files instead")
def test_a_game_without_a_file_fails_saying_how_to_make_one(tmp_path):
    name = available_games()[0]
    with pytest.raises(ConformanceError, match=f"{name}.txt is missing: make it with ICEWIDGETS_REGEN_GOLDEN=1"):
        check_playthrough(name, tmp_path / f"{name}.txt")
    (tmp_path / f"{name}.txt").write_text((GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8") + "changed\n",
                                          encoding="utf-8")
    with pytest.raises(ConformanceError, match=f"differs from {name}.txt"):
        check_playthrough(name, tmp_path / f"{name}.txt")
    check_playthrough(name, tmp_path / "new.txt", regenerate=True)  # a new file: default options, seed 1
    assert read_playthrough_header((tmp_path / "new.txt").read_text(encoding="utf-8")) == (name, make(name).options, 1)
    check_playthrough(name, tmp_path / "new.txt")
