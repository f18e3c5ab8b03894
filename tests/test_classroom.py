"""The class data activity: game codes read, bad ones listed with their reasons, the class's
games replayed into the playouts' arrays and set beside bot playouts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import icewidgets as iw
from icewidgets.classroom import read_codes

SAMPLE = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "class-codes.txt"


@pytest.fixture(scope="module")
def sample():
    return read_codes(SAMPLE, "volcano")


def test_the_sample_codes_give_eleven_games_one_unfinished_and_five_skipped_with_reasons(sample):
    assert sample.labels == ("Ana & Ben", "Chloe & Dev", "Eli & Fatima", "Gus & Hana", "Ivo & Jade",
                             "Kai & Lena (game 1)", "Kai & Lena (game 2)", "Mo & Nia", "Omar & Pia", "Quinn & Rosa",
                             "Sam & Tess")
    assert [(s.line, s.reason) for s in sample.skipped] == [
        (8, "not a game code: a code starts with 'iw1.'"),
        (11, "the same game as line 5 (Eli & Fatima)"),
        (12, "not a readable game code: the record code is damaged (was it copied completely?)"),
        (18, "a game of Ice3, not of Volcano"),
        (19, "played with other options (opening='plus')"),
    ]
    assert [(u.line, u.label, len(u.record)) for u in sample.unfinished] == [(17, "Quinn & Rosa", 9)]
    assert sample.report().splitlines() == [
        "11 finished games of Volcano read, 1 game not finished, 5 skipped:",
        "  line 8: not a game code: a code starts with 'iw1.'  [good game!! we won]",
        "  line 11: the same game as line 5 (Eli & Fatima)  [Mo & Nia: iw1.eNplUNFuwyAM_JWK1wypSZqX_so0RQa…]",
        "  line 12: not a readable game code: the record code is damaged (was it copied completely?)  "
        "[Omar & Pia: iw1.eNp1VFlu4zAMvUrh7xFQWzYK9CrFw…]",
        "  line 18: a game of Ice3, not of Volcano  [Sam & Tess: iw1.eNpNTk0LgkAQ_Ssy5zpoRNAx6OpBD…]",
        "  line 19: played with other options (opening='plus')  [Uma & Vic: iw1.eNp9UcuOwyAM_JWKaxepScilv7JaRQ…]",
        "Not finished, so not counted below (load the code in a widget, play on, and hand in the new code):",
        "  line 17: Quinn & Rosa, 9 plies played",
    ]


def test_every_code_and_every_other_line_is_accounted_for(sample):
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    read = [line for line in lines if line.strip() and not line.startswith("#")]
    codes = sum(line.count("iw1.") for line in read)
    without = sum("iw1." not in line for line in read)
    assert codes == 16 and without == 1
    assert len(sample) + len(sample.unfinished) + len(sample.skipped) == codes + without


def test_every_code_of_a_line_is_read_and_named():
    game = iw.make("volcano")
    finished = read_codes(SAMPLE, game).records[:2]
    half = iw.Record.new(game).extend(["a1-b1"]).to_code()
    line = f"Ana & Ben: {finished[0].to_code()} and also {finished[1].to_code()},{half} iw1.broken"
    games = read_codes([line], game)
    assert games.labels == ("Ana & Ben (game 1)", "Ana & Ben (game 2)")
    assert games.records == finished
    assert [(u.line, u.label, len(u.record)) for u in games.unfinished] == [(1, "Ana & Ben (game 3)", 1)]
    assert [(s.line, s.text, s.reason) for s in games.skipped] == [
        (1, "iw1.broken", "game 4 of the line: not a readable game code: the record code is damaged (was it copied "
                          "completely?)")]


def test_quotes_brackets_and_a_full_stop_around_a_code_are_not_part_of_it():
    game = iw.make("volcano")
    finished = read_codes(SAMPLE, game).records[:5]
    codes = [record.to_code() for record in finished]
    lines = [f'"Ana & Ben": "{codes[0]}".', f"Chloe:<{codes[1]}>", f"Dev ({codes[2]})", f"Eli: {codes[3]}; {codes[4]}."]
    games = read_codes(lines, game)
    assert games.skipped == ()
    assert games.labels == ("Ana & Ben", "Chloe", "Dev", "Eli (game 1)", "Eli (game 2)")
    assert games.records == finished


def test_no_usable_code_leaves_every_number_empty_instead_of_failing():
    from icewidgets.classroom import check_mean_turns

    games = read_codes("Ana: not a code\n# a comment\n", "volcano")
    assert len(games) == 0 and games.results().n == 0
    assert games.report().splitlines() == [
        "0 finished games of Volcano read, 1 skipped:",
        "  line 1: not a game code: a code starts with 'iw1.'  [Ana: not a code]",
        "No finished game of Volcano to count: the numbers below need at least one.",
    ]
    bots = iw.playouts("volcano", 4, agents="random", seed=1, progress=False, engine="reference")
    table = games.compare(bots, counters=("captures",))
    assert [row[1] for row in table.rows] == ["0", "–", "–", "–", "0, 0, 0", "–"]
    assert check_mean_turns(games, 30).why.startswith("no finished game was read")


def test_the_class_games_replay_into_the_playout_arrays(sample):
    results = sample.results()
    final = [record.final_state() for record in sample.records]
    assert results.n == 11 and results.agents == ("class", "class")
    assert results.turns.tolist() == [state.turns for state in final]
    assert results.plies.tolist() == [len(record) for record in sample.records]
    assert results.scores.tolist() == [list(state.scores) for state in final]
    assert [tuple(np.flatnonzero(row)) for row in results.winners] == [state.winners for state in final]
    assert results.eruptions.tolist() == results.turns.tolist()  # a Volcano turn ends with its eruption
    assert results.captures.reshape(11, -1).sum(axis=1).tolist() == [sum(map(len, s.captured)) for s in final]
    assert int(results.turns.sum()) == 398


def test_compare_sets_the_class_beside_the_bots(sample):
    bots = iw.playouts("volcano", 40, agents="random", seed=1, progress=False, engine="reference")
    table = sample.compare(bots, counters=("captures", "eruptions"))
    assert table.columns == ["", "our class", "random"]
    labels = [row[0] for row in table.rows]
    assert labels == ["games", "turns per game", "plies per game", "first player's points per game",
                      "sole wins, shared wins, draws",
                      "pieces captured (by anyone) per colour R Y G B C and size 1–3 (per game)",
                      "eruptions (one per completed turn) (per game)"]
    assert table.rows[0][1:] == ["11", "40"]
    assert table.rows[1][1].startswith("36.18 [")
    assert table.rows[4][1] == "11, 0, 0"
    with pytest.raises(ValueError, match="counts no 'towers'"):
        sample.compare(counters=("towers",))
    with pytest.raises(ValueError, match="not Ice3"):
        sample.compare(iw.playouts("ice3", 2, seed=1, max_turns=3, progress=False, engine="reference"))


def test_a_shared_win_gives_each_winner_half_a_point_and_a_draw_half_to_each():
    from icewidgets.classroom import _first_points
    from icewidgets.playout.results import RESULT_CODES, PlayoutResults, result_arrays

    game = iw.make("volcano")
    arrays = result_arrays(game, 3)
    arrays["winners"][:] = [[True, True], [True, False], [False, False]]
    arrays["result"][:] = [RESULT_CODES["win"], RESULT_CODES["win"], RESULT_CODES["draw"]]
    arrays["first"][:] = [1, 0, 1]
    results = PlayoutResults(game, ("class", "class"), None, arrays)
    assert _first_points(results).tolist() == [0.5, 1.0, 0.5]


def test_unfinished_games_are_kept_apart_and_loaded_positions_skipped():
    game = iw.make("volcano")
    loaded = iw.Record.new(game, start=game.new_state().play("b2-c1")).extend(["c1-d2"])
    lines = [iw.Record.new(game).extend(["a1-b1"]).to_code(), "Zoe: " + loaded.to_code()]
    games = read_codes(lines, game)
    assert len(games) == 0
    assert [(u.line, u.label, len(u.record)) for u in games.unfinished] == [(1, "line 1", 1)]
    assert [(s.line, s.reason) for s in games.skipped] == [
        (2, "it starts from a loaded position, not from the start of the game")]


def test_the_sample_codes_are_the_ones_their_script_writes_under_todays_rules():
    """notebooks/data/class-codes.txt is written by scripts/class-codes: bots from fixed seeds
    under the default rules, so a default that changes shows here, not as a class's odd games."""
    import importlib.machinery
    import importlib.util

    loader = importlib.machinery.SourceFileLoader("class_codes", str(SAMPLE.parents[2] / "scripts" / "class-codes"))
    script = importlib.util.module_from_spec(importlib.util.spec_from_loader("class_codes", loader))
    loader.exec_module(script)
    assert script.sample() == SAMPLE.read_text(encoding="utf-8"), "run scripts/class-codes"
