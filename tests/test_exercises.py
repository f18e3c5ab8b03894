"""Learn from your mistakes (issue 31, item 5): ``analysis.exercises(player)`` and ``iw.puzzles``.

Every puzzle's claim is confirmed by the independent minimax of tests/tactics_judge.py, which
uses the rules engine alone. The exercises come from a saved analysis (tests/data), so the
labels they start from do not depend on how fast the machine searched.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.analysis import Analysis, Exercise, ExerciseSet, Puzzle
from icewidgets.analysis.exercises import BudgetSearch, prove_move, read_answer
from icewidgets.analysis.puzzles import find_puzzle
from icewidgets.analysis.teaching import bot_game
from bot_games import easy_game
from tactics_judge import Judge, judge

DATA = Path(__file__).parent / "data"
# iw.analyse(bot_game("volterra", "easy", seed=1, max_plies=12), precision=0.1), saved.
ANALYSIS = DATA / "volterra-easy-1-analysis.json"


@pytest.fixture(scope="module")
def analysis() -> Analysis:
    return Analysis.from_json(ANALYSIS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def volterra_games():
    return [easy_game("volterra", s) for s in range(6)]


@pytest.fixture(scope="module")
def volcano_games():
    return [bot_game("volcano", "easy", seed=s) for s in range(2)]


def _summary(puzzles):
    return [(p.source, p.ply, p.kind, p.solution, p.plies, p.line) for p in puzzles]


# Exercises from an analysis ---------------------------------------------------------------------


def test_each_labelled_move_of_the_player_is_an_exercise(analysis):
    dark, light = analysis.exercises(0), analysis.exercises("light")
    assert isinstance(dark, ExerciseSet) and dark.player == 0 and light.player == 1
    assert [(e.ply, e.played, e.label, e.solution) for e in dark] == [
        (1, "d4-c4", "blunder", "d4-b3"), (5, "@c3", "mistake", "@b4"), (6, "2c4-d3", "blunder", "b4-c4"),
        (9, "d3-b2", "blunder", "@b2")]
    assert [(e.ply, e.played, e.label, e.reason, e.solution) for e in light] == [
        (3, "b1-d3", "blunder", None, "d1-c3"), (7, "a4-c2", "blunder", None, "a4-b4"),
        (8, "@a2", "mistake", "walks into a loss in 3", "@c2")]
    assert len(analysis.exercises()) == 7 == len(analysis.labelled)
    states = list(analysis.record.states())
    for exercise in dark:
        assert exercise.state == states[exercise.ply - 1]  # the position before the mistake
        assert exercise.player == 0 and exercise.state.player == 0
    assert dark[3].question == ("Ply 9: Dark played d3-b2, blunder (??: missed a win in 2). Find a better move for "
                                "Dark.")
    assert dark.title == "4 exercises from the mistakes of Dark (Volterra)"


def test_a_proved_win_is_the_answer_where_a_win_was_missed(analysis):
    exercise = analysis.exercises(0)[3]  # ply 9: d3-b2 missed a win in 2
    assert (exercise.proved, exercise.plies, exercise.solution, exercise.line) == ("win", 2, "@b2", ("a1-b3",))
    verdicts = judge(exercise.state, 2, shared=False)
    winners = sorted(move for move, verdict in verdicts.items() if verdict.result == "win")
    assert winners == ["2d3-b3", "@b2", "@b4", "b2-b3", "b4-b3"]
    accepted = sorted(move for move in verdicts if exercise.check(move.upper()).right)
    assert accepted == winners  # every win in 2, and nothing else
    assert exercise.check("@b4").why == "@b4 wins by force within 2 plies: a3-b3"
    wrong = exercise.check("@d2")
    assert not wrong.right and wrong.why.startswith("@d2 is not a proved win (none within 4 plies)")
    assert exercise.hint() == "Hint: Dark can force a win within 2 plies here; the move to find: it starts from c3."


def test_answers_in_any_notation_are_read(analysis):
    exercise = analysis.exercises(1)[2]  # ply 8: @a2 walks into a loss in 3; @c2 does not
    for answer in ("@c2", "@C2", " @ c2 ", "@c2 ", exercise.state.game.parse_move("@c2")):
        assert exercise.check(answer).right, answer
    tower = analysis.exercises(0)[2]  # ply 6, a tower move: b4-c4 is the best found
    for answer in ("b4-c4", "B4-C4", "b4 - c4", "B4 – C4"):
        assert tower.check(answer).right, answer
    assert tower.tries == 0 and tower.solved


def test_illegal_and_unreadable_answers_say_why_and_are_no_try(analysis):
    exercise = analysis.exercises(0)[0]  # ply 1
    state = exercise.state
    verdict = exercise.check("a1-a1")
    assert not verdict.right and verdict.why == f"a1-a1 is not legal here: {state.why_illegal('a1-a1')}"
    assert verdict.why == ("a1-a1 is not legal here: a1 is not next to Dark's pawn on c3; only a neighbouring tower "
                           "can be moved")
    assert "'zz9' is not a move: 'zz9' is not a Volterra move" in exercise.check("zz9").why
    assert exercise.check(None).why == "give a move as a text like '@b2', not None"
    assert exercise.check("").why == "give a move as a text like '@b2', not ''"
    assert exercise.tries == 0 and not exercise.solved


def test_the_solution_comes_after_the_second_wrong_try(analysis):
    exercise = analysis.exercises(1)[2]  # fresh exercises each call
    first = exercise.check("@a2")
    assert str(first) == ("✘ Not yet: @a2 is the move played in the game, the one to improve on. Try again (ask for "
                          "a hint if you like).")
    assert exercise.hint() == "Hint: @a2 walks into a loss in 3; the move to find: it starts from b3."
    second = exercise.check("@a2")
    assert exercise.tries == 2 and "The solution: @c2 (worth 0.12 [0.07–0.21]), then b2-d3 @d2 d1-d3 @d3" in second.why


def test_a_move_within_the_precision_of_the_best_is_accepted(analysis):
    exercise = analysis.exercises(0)[2]  # ply 6: best b4-c4, worth 0.85, precision ±0.1
    assert (exercise.solution, round(exercise.value, 2), exercise.precision) == ("b4-c4", 0.85, 0.1)
    near = exercise.check("b2-c2")
    assert near.right and near.why == "b2-c2 is worth 0.77 [0.68–0.84] to Dark, within ±0.1 of the best found (0.85)"
    far = exercise.check("b2-d2")
    assert not far.right and far.why.startswith("b2-d2 is worth 0.51 [0.41–0.60] to Dark, less than the best found")


def test_a_proved_loss_is_never_accepted():
    # Light's ply 32 of the same bot game (played to the end): 2c2-e2 loses by force in 3.
    record = easy_game("volterra", 1)
    state = list(record.states())[31]
    proof = prove_move(state, "2c2-e2")
    assert (proof.result, proof.within, proof.line) == ("loss", 3, ("@d1", "c1-e2"))
    verdict = judge(state, 3, shared=False)["2c2-e2"]
    assert (verdict.result, verdict.plies) == ("loss", 3)
    exercise = Exercise(state, 1, "Light", 32, "e2-c2", "mistake", None, "c2-d2", 1.0, 0.96, 1.0, False, None,
                        None, (), 0.5)  # so wide a precision would accept anything by value
    assert exercise.check("2c2-e2").why.startswith("2c2-e2 loses by force within 3 plies: @d1 c1-e2")


def test_no_mistakes_give_an_empty_set_that_says_so(analysis):
    clean = analysis.truncated(0)
    empty = clean.exercises(0)
    assert len(empty) == 0 and empty.note == "No move of Dark is labelled in this analysis, so there is no mistake " \
                                             "to learn from."
    assert "0 exercises" in repr(empty)


@pytest.mark.parametrize("player", [2, -1, "nobody", 1.5, True])
def test_a_bad_player_is_named(analysis, player):
    with pytest.raises(ValueError, match=r"player=.* must be a seat number from 0 to 1 or a player's name"):
        analysis.exercises(player)


def test_read_answer_names_the_rules_reason():
    state = iw.make("volcano").new_state(seed=1)
    assert read_answer(state, "A1-A3") == (None, f"a1-a3 is not legal here: {state.why_illegal('a1-a3')}")
    move, why = read_answer(state, str(state.legal_moves()[0]).upper())
    assert move == str(state.legal_moves()[0]) and why == ""


# Puzzles ----------------------------------------------------------------------------------------


def _confirm(puzzle: Puzzle, referee: Judge) -> None:
    """The judge's own verdict on every move of the puzzle's position agrees with its claim."""
    verdicts = judge(puzzle.state, puzzle.depth, shared=False, referee=referee)
    if puzzle.kind == "win":
        wins = {move: v.plies for move, v in verdicts.items() if v.result == "win"}
        assert wins == {puzzle.solution: puzzle.plies}, (puzzle.source, puzzle.ply)
        state = puzzle.state.play(puzzle.solution)
        for move in puzzle.line:
            state = state.play(move)
        assert state.is_over and state.winners == (puzzle.player,)  # the line ends in the win
    else:
        safe = [move for move, v in verdicts.items() if v.result != "loss"]
        assert safe == [puzzle.solution], (puzzle.source, puzzle.ply)
    assert len(verdicts) >= 2


def test_volterra_puzzles_are_exact_and_confirmed(volterra_games):
    found = iw.puzzles(volterra_games, n=4, seed=0)
    assert _summary(found) == [("game 4", 8, "defend", "@c2", None, ()), ("game 1", 20, "defend", "@c2", None, ()),
                               ("game 4", 14, "defend", "@c3", None, ()), ("game 2", 28, "defend", "@c2", None, ())]
    assert found.title == "4 puzzles from 6 games of Volterra (seed 0, proved within 3 plies)"
    referee = Judge()
    for puzzle in found:
        assert puzzle.state == list(volterra_games[int(puzzle.source.split()[1]) - 1].states())[puzzle.ply - 1]
        _confirm(puzzle, referee)


def test_volcano_puzzles_are_exact_and_confirmed(volcano_games):
    found = iw.puzzles(volcano_games, n=3, seed=0)
    assert _summary(found) == [("game 2", 44, "win", "b3-a3", 3, ("a3-a4", "capture:a5")),
                               ("game 2", 84, "win", "c4-c5", 3, ("c5-d4", "capture:e3")),
                               ("game 2", 93, "win", "d4-e3", 3, ("e3-d2", "capture:c1"))]
    referee = Judge()
    for puzzle in found:
        _confirm(puzzle, referee)


def test_last_searches_the_ends_of_the_games(volcano_games):
    found = iw.puzzles(volcano_games, n=3, seed=0, last=5)
    assert _summary(found) == [("game 1", 47, "win", "capture:e4+e5", 1, ()),
                               ("game 1", 45, "win", "d3-e2", 3, ("e2-e3", "capture:e4+e5")),
                               ("game 2", 145, "win", "capture:a1", 1, ())]
    assert [len(record) for record in volcano_games] == [47, 145]  # within the last 5 positions of each


def test_the_same_seed_gives_the_same_puzzles(volterra_games):
    first = _summary(iw.puzzles(volterra_games, n=4, seed=1))
    assert first == _summary(iw.puzzles(volterra_games, n=4, seed=1))
    assert first == [("game 1", 20, "defend", "@c2", None, ()), ("game 4", 8, "defend", "@c2", None, ()),
                     ("game 4", 14, "defend", "@c3", None, ()), ("game 2", 8, "defend", "@c2", None, ())]


def test_games_of_several_games_give_puzzles_of_each(volterra_games, volcano_games):
    found = iw.puzzles([volterra_games[0], volcano_games[0].to_code(), volterra_games[1]], n=4, seed=2)
    assert _summary(found) == [("game 2", 45, "win", "d3-e2", 3, ("e2-e3", "capture:e4+e5")),
                               ("game 1", 20, "defend", "@c2", None, ()),
                               ("game 2", 47, "win", "capture:e4+e5", 1, ()),
                               ("game 3", 28, "defend", "@c2", None, ())]
    assert found.title == "4 puzzles from 3 games of Volcano and Volterra (seed 2, proved within 3 plies)"
    referee = Judge()
    for puzzle in found:
        _confirm(puzzle, referee)


def test_a_puzzle_checks_answers(volcano_games):
    puzzle = iw.puzzles(volcano_games, n=1, seed=0)[0]
    assert puzzle.question == ("game 2, ply 44: Player 2 to move can force a win within 3 plies, and only one move "
                               "does it. Find it.")
    assert puzzle.hint() == "Hint: the win takes 3 plies; the move to find: it starts from b3."
    assert repr(puzzle) == puzzle.question and "b3-a3" not in puzzle._repr_html_()
    assert puzzle.check("zz").right is False and puzzle.tries == 0
    illegal = puzzle.check("a1-a5")
    assert illegal.why == f"a1-a5 is not legal here: {puzzle.state.why_illegal('a1-a5')}" and puzzle.tries == 0
    wrong = [str(m) for m in puzzle.state.legal_moves() if str(m) != "b3-a3"][0]
    first = puzzle.check(wrong)
    assert first.why == f"{wrong} does not force a win within 3 plies. Try again (ask for a hint if you like)"
    second = puzzle.check(wrong.upper())
    assert second.why.endswith("The solution: b3-a3 (wins within 3 plies): a3-a4 capture:a5")
    assert puzzle.check(" B3 - A3 ").right and puzzle.solved


def test_a_defence_puzzle_explains_the_losing_moves(volterra_games):
    puzzle = iw.puzzles(volterra_games, n=1, seed=0)[0]  # game 4, ply 8: only @c2 holds
    assert puzzle.question == ("game 4, ply 8: Light to move. Every move but one lets the opponent force a win within "
                               "3 plies. Find the one that does not.")
    verdicts = judge(puzzle.state, 3, shared=False)
    loser = next(move for move, v in verdicts.items() if v.result == "loss")
    said = puzzle.check(loser).why
    assert said.startswith(f"{loser} loses by force within {verdicts[loser].plies} plies: ")
    assert math.isnan(puzzle.value) and puzzle.check("@C2").right


def test_class_games_name_the_puzzles():
    from icewidgets.classroom import read_codes

    lines = [f"{names}: {bot_game('volcano', 'easy', seed=seed).to_code()}"
             for names, seed in (("Ana & Ben", 0), ("Chloe & Dev", 1))]
    games = read_codes(lines, "volcano")
    found = iw.puzzles(games, n=2, seed=0)
    assert [(p.source, p.ply, p.solution) for p in found] == [("Chloe & Dev", 44, "b3-a3"), ("Chloe & Dev", 84, "c4-c5")]


def test_no_games_or_no_puzzle_give_an_empty_set_that_says_so(volterra_games):
    empty = iw.puzzles([])
    assert len(empty) == 0 and empty.note == "No games given: pass a list of game records or codes."
    none = iw.puzzles([volterra_games[2]], n=3)  # 8 plies, nothing forced
    assert len(none) == 0 and none.note.startswith("No position of these games (8 positions searched) has exactly")
    start = iw.Record.new("volcano")
    assert len(iw.puzzles([start])) == 0  # a game without a move: nothing to search, no crash


@pytest.mark.parametrize("records, error, words", [
    (["not a code"], ValueError, r"records\[0\] is not a game code: a record code starts with 'iw1\.'"),
    ([42], TypeError, r"records\[0\] must be a Record or a game code, not int"),
    (42, TypeError, r"records must be a list of games"),
])
def test_bad_records_are_named(records, error, words):
    with pytest.raises(error, match=words):
        iw.puzzles(records)


@pytest.mark.parametrize("options, words", [
    ({"n": 0}, "n=0"), ({"plies": 6}, "plies=6"), ({"seed": -1}, "seed"), ({"max_nodes": 0}, "max_nodes=0"),
    ({"last": 0}, "last=0")])
def test_bad_settings_are_named(volterra_games, options, words):
    with pytest.raises(ValueError, match=words):
        iw.puzzles(volterra_games[:1], **options)


def test_a_search_too_big_for_its_budget_is_skipped():
    state = iw.make("volcano").new_state(seed=1)
    assert find_puzzle(state, plies=3, max_nodes=1) is None
    proof = prove_move(state, state.legal_moves()[0], plies=4, search=BudgetSearch(1))
    assert (proof.result, proof.searched) == (None, False)  # unknown: not "proved to be nothing"


# The widget -------------------------------------------------------------------------------------


def test_the_exercise_board_checks_hints_and_solves(analysis):
    board = iw.ExerciseBoard(analysis.exercises("Light"), theme="dark")
    assert board.title.value.startswith("<b>Exercise 1 of 3.</b> Ply 3: Light played b1-d3")
    start = board.exercise.state
    assert board.position.state == start and board.position.theme == "dark"
    assert board.buttons["Previous"].disabled and not board.buttons["Next"].disabled
    assert board.solution() == "Try twice first: the solution comes after the second try."
    illegal = board.answer("a1-a1")
    assert not illegal.right and "is not legal here" in board.feedback.value and board.exercise.tries == 0
    board.box.value = "@b1"
    board.buttons["Check"].click()
    assert board.exercise.tries == 1 and "data-kind='wrong'" in board.feedback.value
    assert board.hint() == "Hint: the move to find: it starts from d1." and "it starts from d1" in board.feedback.value
    board.answer("@B1")
    assert "The solution: d1-c3" in board.feedback.value
    assert board.solution().startswith("The solution: d1-c3 (worth 0.81") and board.position.state == start.play("d1-c3")
    assert board.next() and board.index == 1 and board.box.value == ""
    assert board.answer(" A4 - B4 ").right and "data-kind='right'" in board.feedback.value
    assert board.next() and not board.next() and board.index == 2 and board.buttons["Next"].disabled
    assert board.previous() and board.index == 1 and "✔ Solved." in board.feedback.value


def test_the_exercise_board_says_when_there_are_none(analysis):
    board = iw.ExerciseBoard(analysis.truncated(0).exercises(0))
    assert "No exercises." in board.title.value and "no mistake to learn from" in board.title.value
    assert board.buttons["Check"].disabled and not board.answer("@b2").right
    with pytest.raises(TypeError, match="ExerciseBoard takes exercises"):
        iw.ExerciseBoard(["@b2"])
    with pytest.raises(ValueError, match="theme='blue' must be 'auto' or one of"):
        iw.ExerciseBoard(analysis.exercises(0), theme="blue")


# Games proved by their own search (Blockade's wins within the turn) -----------------------------


@pytest.fixture(scope="module")
def blockade_games():
    return [bot_game("blockade", "easy", seed=s) for s in range(3)]


def test_blockade_puzzles_come_from_its_wins_within_the_turn(blockade_games):
    """Warm's win in 3 plies of game 1 (seed 0), ply 120: b4-a3, then e5-b4 and c4-b4, all in the
    turn; the judge, which knows no Blockade search, confirms that no other move wins in 3."""
    found = iw.puzzles(blockade_games, n=3, seed=0)
    assert _summary(found) == [("game 1", 120, "win", "b4-a3", 3, ("e5-b4", "c4-b4"))]
    assert found.note == "Only 1 of the 3 puzzles asked for: every position searched."
    assert found[0].state == list(blockade_games[0].states())[119]
    _confirm(found[0], Judge())


def test_a_search_that_meets_its_budget_proves_nothing_and_leaves_no_puzzle(blockade_games):
    """Seed 0, ply 106 (121 legal plies): the turn's search meets its 200 positions first, so
    the analyst says Undecided instead of 'no win', and the position is no puzzle."""
    from icewidgets.analyst import Undecided
    from icewidgets.games.blockade.turn_wins import TURN_PLIES, shortest_turn_win

    state = list(blockade_games[0].states())[106]
    assert len(state.legal_moves()) == 121
    assert shortest_turn_win(state, TURN_PLIES) is None  # the lenient answer: nothing found
    with pytest.raises(Undecided, match="within 200 positions"):
        state.game.analyst.shortest_win(state, TURN_PLIES)
    assert find_puzzle(state) is None


def test_what_blockade_proves_of_a_decision_does_not_depend_on_what_was_asked_before(blockade_games):
    """The wins within the turn share a table only within one decision (Analyst.solver_session):
    the same decision gets the same proofs before and after other decisions were searched."""
    from icewidgets.analysis.tactics import prove
    from icewidgets.protocol import CHANCE

    states = [s for s in list(blockade_games[0].states())[100:125] if not s.is_over and s.to_move != CHANCE]

    def proofs(state):
        return [(str(p.move), p.proved, p.plies) for p in prove(state, 5, max_nodes=None)]

    first = proofs(states[0])
    for other in states[1:]:
        prove(other, 5, max_nodes=None)
    assert proofs(states[0]) == first
