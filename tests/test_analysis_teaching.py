"""Teaching with the analysis: games of bots to analyse, the plies a student names, and the facts
that notebooks 05 and 06 state about an analysis without computing them in a cell.

The self-checks' tables (right, wrong and malformed answers) are in tests/test_self_checks.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents
from icewidgets.analysis import LABELS, PlyAnalysis
from icewidgets.analysis.teaching import bot_game, read_plies, read_ply
from icewidgets.classroom import read_codes
from icewidgets.teaching import Verdict

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "notebooks" / "data" / "class-codes.txt"
nbformat = pytest.importorskip("nbformat")


def _markdown(name: str) -> str:
    notebook = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


@pytest.fixture(scope="module")
def sample():
    """The first sample game and its analysis, as notebook 06 and the Volcano plan make them."""
    record = read_codes(SAMPLE, "volcano").records[0]
    return record, iw.analyse(record)


# A game of bots ----------------------------------------------------------------------------------


def test_a_game_of_bots_is_the_same_for_the_same_seed_and_ends_or_stops_where_asked():
    first = bot_game("volterra", "easy", seed=3)
    assert first == bot_game("volterra", "easy", seed=3) and first != bot_game("volterra", "easy", seed=4)
    assert first.seed == 3 and len(first) == 18 and first.final_state().winners == (0,)  # notebook 05's example
    stopped = bot_game("blockade", "easy", seed=8, max_plies=80)
    assert len(stopped) == 80 and not stopped.final_state().is_over
    assert stopped.final_state().scores == (1, 2) and stopped.final_state().to_move == 0  # Warm to move, behind


def test_a_game_of_bots_seats_one_agent_per_seat_or_one_for_all():
    def first_move(state, rng):
        return state.legal_moves()[0]

    record = bot_game("volcano", [first_move, "greedy"], seed=2, max_plies=6)
    states = list(record.states())
    for state, ply in zip(states, record.plies):
        if state.to_move == 0:
            assert ply == str(state.legal_moves()[0])
    with pytest.raises(ValueError, match=r"names 3 agents; give one for every seat or one per seat \(2\)"):
        bot_game("volcano", "random,random,random")
    with pytest.raises(ValueError, match="max_plies=0 must be a whole number ≥ 1 or None"):
        bot_game("volcano", max_plies=0)
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        bot_game("volcano", "smart")


def test_an_agent_of_ones_own_that_plays_an_illegal_move_is_stopped_before_the_record():
    with pytest.raises(iw.IllegalMoveError):
        bot_game("volcano", lambda state, rng: "a1-a0")


# The plies a student names -------------------------------------------------------------------------


def test_a_ply_is_read_from_a_number_a_text_or_the_move_played_once(sample):
    record, analysis = sample
    for answer in (10, np.int64(10), 10.0, "10", " Ply 10. ", "ply10", "C4-B4"):
        found = read_ply(analysis, answer)
        assert isinstance(found, PlyAnalysis) and found.ply == 10, answer
    assert str(read_ply(analysis, "b1-c1")) == "✘ Not yet: b1-c1 was played at plies 12 and 23: give the ply number."
    assert [ply.ply for ply in read_plies(analysis, "B1C1")] == [12, 23]  # every ply the move was played at
    assert [ply.ply for ply in read_plies(analysis, "ply 12")] == [12]
    assert str(read_ply(analysis, "capture:none")) == ("✘ Not yet: capture:none was played at plies 9 and 27: give "
                                                       "the ply number.")
    assert str(read_ply(analysis, "a1-b1")) == ("✘ Not yet: a1-b1 was not played in this game "
                                                "(or not in the plies analysed).")
    for answer in (True, None, 6.5, "", "six", [6], "1/2"):
        assert isinstance(read_ply(analysis, answer), Verdict), answer


# What notebook 06 says ---------------------------------------------------------------------------------


def test_player_twos_expected_points_are_one_minus_player_ones(sample):
    _, analysis = sample
    assert analysis.policy == "greedy"  # "with the greedy bot in both seats"
    assert all(abs(sum(value.points) - 1) < 1e-9 for value in analysis.positions)
    assert "Player 2's are 1 minus Player 1's" in _markdown("06-our-class-games")


def test_the_labels_are_the_thresholds_the_notebook_states():
    assert [(name, least, symbol) for name, least, symbol in LABELS] == [
        ("blunder", 0.30, "??"), ("mistake", 0.20, "?"), ("inaccuracy", 0.10, "?!")]
    text = " ".join(_markdown("06-our-class-games").split())
    assert ("at least 0.10 expected points is an *inaccuracy* (?!), at least 0.20 a *mistake* (?) and at least 0.30 "
            "a *blunder* (??)") in text


def test_every_value_of_the_analysis_is_known_to_the_precision_the_notebook_states(sample):
    _, analysis = sample
    assert analysis.precision == 0.05 and "to\nwithin ±0.05" in _markdown("06-our-class-games")
    assert all(value.half_width <= 0.05 + 1e-9 for value in analysis.positions)


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_the_greedy_bot_against_itself_makes_many_labelled_moves(seed):
    analysis = iw.analyse(bot_game("volcano", "medium", seed=seed))
    moves = sum(not ply.chance for ply in analysis.plies)
    assert len(analysis.labelled) >= moves / 5, f"seed {seed}: {len(analysis.labelled)} of {moves}"
    assert any(ply.label == "blunder" for ply in analysis.plies)


def test_a_capture_of_the_greedy_bot_can_hand_the_other_player_a_bigger_one():
    record = bot_game("volcano", "medium", seed=1)  # notebook 06's game of the greedy bot against itself
    analysis, states = iw.analyse(record), list(record.states())

    def turn_end(ply: int, player: int) -> int:
        """The ply that ends ``player``'s turn going on after ``ply`` (its capture choice played)."""
        while ply < len(record) and states[ply].to_move == player:
            ply += 1
        return ply

    handed = []
    for ply in analysis.labelled:
        mover, end = ply.player, turn_end(ply.ply, ply.player)
        if end == len(record):
            continue
        other = states[end].to_move
        gained = states[end].scores[mover] - states[ply.ply - 1].scores[mover]
        reply = states[turn_end(end, other)].scores[other] - states[end].scores[other]
        if 0 < gained < reply:
            handed.append(ply.ply)
    # d4-c4 and its capture:b4 took 1 point and gave 2 (a1-a2, capture:a3+a4); b3-b2 took 1 and
    # gave 5; b3-b4 took 1 and gave 3; c4-c3 took 1 and gave 5.
    assert handed == [7, 8, 15, 29, 39]


def test_the_calibration_tests_check_all_four_games_with_a_thousand_games_each():
    import test_analysis_calibration as calibration_tests

    assert calibration_tests.GAMES == 1_000
    marks = calibration_tests.test_values_predict_medium_games_better_than_the_baseline.pytestmark
    games = next(mark.args[1] for mark in marks if mark.name == "parametrize")
    assert sorted(games) == sorted(iw.available_games(plugins=False))
    assert "check it for all four games, with 1,000 games of the medium level each" in " ".join(
        _markdown("06-our-class-games").split())


# What notebook 05 says ---------------------------------------------------------------------------------


# (It types no timings since the teaching review: test_citations.py checks that.)


def test_a_two_move_rung_says_a_proved_win_in_two_plies():
    from icewidgets.games.ice3.teaching import puzzle

    top = iw.hint(puzzle("exact-2").state(), k=1)[0]
    assert str(top) == "YE4  1.00 exact (a proved win in 2 plies, #2)  then 2SE3"
    assert "a rung of 2 moves says 2" in " ".join(_markdown("05-lesson-plans").split())


def test_the_easy_level_is_the_greedy_rule_with_three_moves_in_four_at_random():
    three_in_four = agents.make_careless(0.75)
    state = iw.make("volterra").new_state(seed=1)
    rng, twin = np.random.default_rng(7), np.random.default_rng(7)
    for _ in range(40):
        if state.is_over:
            break
        move = agents.LEVELS["easy"](state, rng)
        assert move == three_in_four(state, twin)
        state = state.play(move)
    assert "the greedy rule, three moves in four at random" in " ".join(_markdown("05-lesson-plans").split())
