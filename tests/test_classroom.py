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


def test_the_sample_codes_give_ten_games_and_six_skipped_lines_with_reasons(sample):
    assert sample.labels == ("Ana & Ben", "Chloe & Dev", "Eli & Fatima", "Gus & Hana", "Ivo & Jade", "Kai & Lena",
                             "Mo & Nia", "Omar & Pia", "Quinn & Rosa", "Sam & Tess")
    assert [(s.line, s.reason) for s in sample.skipped] == [
        (8, "not a game code: a code starts with 'iw1.'"),
        (11, "the same game as line 5 (Eli & Fatima)"),
        (12, "not a readable game code: the record code is damaged (was it copied completely?)"),
        (17, "the game is not finished (9 plies played)"),
        (18, "a game of Ice3, not of Volcano"),
        (19, "played with other options (opening='plus')"),
    ]
    report = sample.report()
    assert report.startswith("10 games of Volcano read, 6 lines skipped:") and report.count("\n  line ") == 6


def test_every_line_is_a_game_a_skipped_line_or_a_blank_or_comment(sample):
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    ignored = [line for line in lines if not line.strip() or line.startswith("#")]
    assert len(sample) + len(sample.skipped) + len(ignored) == len(lines)


def test_the_class_games_replay_into_the_playout_arrays(sample):
    results = sample.results()
    final = [record.final_state() for record in sample.records]
    assert results.n == 10 and results.agents == ("class", "class")
    assert results.turns.tolist() == [state.turns for state in final]
    assert results.plies.tolist() == [len(record) for record in sample.records]
    assert results.scores.tolist() == [list(state.scores) for state in final]
    assert [tuple(np.flatnonzero(row)) for row in results.winners] == [state.winners for state in final]
    assert results.eruptions.tolist() == results.turns.tolist()  # a Volcano turn ends with its eruption
    assert results.captures.reshape(10, -1).sum(axis=1).tolist() == [sum(map(len, s.captured)) for s in final]
    assert float(results.turns.mean()) == pytest.approx(30.9)


def test_compare_sets_the_class_beside_the_bots(sample):
    bots = iw.playouts("volcano", 40, agents="random", seed=1, progress=False, engine="reference")
    table = sample.compare(bots, counters=("captures", "eruptions"))
    assert table.columns == ["", "our class", "random"]
    labels = [row[0] for row in table.rows]
    assert labels == ["games", "turns per game", "plies per game", "first player's points per game",
                      "sole wins, shared wins, draws",
                      "pieces captured (by anyone) per colour R Y G B C and size 1–3 (per game)",
                      "eruptions (one per completed turn) (per game)"]
    assert table.rows[0][1:] == ["10", "40"]
    assert table.rows[1][1].startswith("30.90 [")
    assert table.rows[4][1] == "10, 0, 0"
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


def test_unfinished_games_and_loaded_positions_are_skipped_with_their_reasons():
    game = iw.make("volcano")
    loaded = iw.Record.new(game, start=game.new_state().play("b2-c1")).extend(["c1-d2"])
    lines = [iw.Record.new(game).extend(["a1-b1"]).to_code(), "Zoe: " + loaded.to_code()]
    games = read_codes(lines, game)
    assert len(games) == 0
    assert [(s.line, s.reason) for s in games.skipped] == [
        (1, "the game is not finished (1 ply played)"),
        (2, "it starts from a loaded position, not from the start of the game")]


def test_the_activity_checks(sample):
    from icewidgets.classroom import (check_counter_mean, check_first_player_points, check_longest_game,
                                      check_mean_turns)

    assert check_mean_turns(sample, 30.9).right and not check_mean_turns(sample, 31)
    assert check_first_player_points(sample, 0.4).why == "the first player scored 4 points in 10 games: 0.40 per game"
    assert check_counter_mean(sample, "captures", 24).right
    assert check_counter_mean(sample, "towers", 1).why.startswith("Volcano counts no 'towers'")
    assert check_longest_game(sample, "Gus & Hana").right
    assert check_longest_game(sample, "Ana & Ben").why == "Ana & Ben's game lasted 23 turns; one lasted 79"
    assert check_longest_game(sample, "Nobody").why.startswith("no game is called 'Nobody'")
