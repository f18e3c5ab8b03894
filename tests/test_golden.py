"""Golden playthroughs, one per registered game: a seeded random game, every ply written out,
compared exactly (after OpenSpiel's playthrough tests).

Each file ``tests/golden/<name>.txt`` says in its header which game it plays: the ``game:``,
its ``options:`` and the ``seed:``. The test regenerates the playthrough from that header with
:func:`icewidgets.testing.playthrough` and compares. A change in the rules, the move order,
the notation or an event text shows up here as a diff. Regenerate the files only on purpose,
when such a change is intended:

    ICEWIDGETS_REGEN_GOLDEN=1 pytest tests/test_golden.py

A game without a file fails, saying how to make one; the same command writes it (default
options, seed 1; edit its header and run it again to choose others).
"""

from __future__ import annotations

import ast
import difflib
import os
from pathlib import Path

import pytest

from icewidgets import available_games, make
from icewidgets.testing import playthrough

GOLDEN_DIR = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ICEWIDGETS_REGEN_GOLDEN") == "1"
NEW_FILE_SEED = 1


def read_header(text: str) -> tuple[str, dict, int]:
    """(game name, options, seed) from the header lines of a playthrough file."""
    fields = {}
    for line in text.splitlines():
        if line.startswith("== ply"):
            break
        key, sep, value = line.partition(": ")
        if sep:
            fields[key] = value
    missing = [key for key in ("game", "options", "seed") if key not in fields]
    if missing:
        raise ValueError(f"the header has no {', '.join(missing)} line")
    call = ast.parse(f"f({fields['options']})", mode="eval").body
    options = {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}
    return fields["game"], options, int(fields["seed"])


def test_the_header_is_read_back():
    game = make("volcano", players=3, opening="plus", caps=("b2", "d4"), tie_rule="draw")
    header = playthrough(game, seed=5, max_plies=0)
    assert read_header(header) == ("volcano", game.options, 5)
    with pytest.raises(ValueError, match="no options, seed line"):
        read_header("game: volcano\n== ply 0 ==\n")


def check_golden(name: str, golden_dir: Path = GOLDEN_DIR) -> None:
    """Regenerate ``<golden_dir>/<name>.txt`` from its header and compare (or rewrite it when
    ``ICEWIDGETS_REGEN_GOLDEN=1``)."""
    path = golden_dir / f"{name}.txt"
    if not path.exists() and not REGENERATE:
        pytest.fail(f"tests/golden/{name}.txt is missing: make it with ICEWIDGETS_REGEN_GOLDEN=1 pytest "
                    f"tests/test_golden.py (it plays make({name!r}) with seed {NEW_FILE_SEED}; edit the header's "
                    f"options and seed and run that again to choose others)")
    if path.exists():
        expected = path.read_text(encoding="utf-8")
        game_name, options, seed = read_header(expected)
        assert game_name == name, f"golden/{name}.txt plays {game_name!r}"
    else:
        expected, options, seed = "", {}, NEW_FILE_SEED
    text = playthrough(make(name, **options), seed=seed)
    assert text == playthrough(make(name, **options), seed=seed), "a playthrough must be deterministic"
    if REGENERATE:
        path.write_text(text, encoding="utf-8", newline="\n")
        return
    if expected != text:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), f"golden/{name}.txt", "this run",
                                    lineterm="", n=2)
        shown = "\n".join(line for _, line in zip(range(60), diff))
        pytest.fail(f"the playthrough differs from golden/{name}.txt:\n{shown}")


@pytest.mark.parametrize("name", available_games())
def test_golden_playthrough(name):
    check_golden(name)


@pytest.mark.skipif(REGENERATE, reason="regenerating writes the files instead")
def test_a_game_without_a_file_fails_saying_how_to_make_one(tmp_path):
    name = available_games()[0]
    with pytest.raises(pytest.fail.Exception, match=f"{name}.txt is missing: make it with ICEWIDGETS_REGEN_GOLDEN=1"):
        check_golden(name, tmp_path)
    (tmp_path / f"{name}.txt").write_text((GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8") + "changed\n",
                                          encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match="differs from golden"):
        check_golden(name, tmp_path)
