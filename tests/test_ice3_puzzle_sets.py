"""Ice3's puzzle sets (iw.puzzles): proved by the game's own solver, and honest when there are none.

Under the default exact goal the bots' games never come within two moves of a goal (the
solver proves it of every position of 100 games; an independent bound on the rules' words
agrees: the package's benchmarks), so a set from them is empty and its note says why. Under
goal='loose' games end, and the positions where one move alone completes a goal are the
puzzles; each is confirmed here by playing every legal move on the rules engine.
"""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets.analysis.puzzles import find_puzzle
from icewidgets.analysis.teaching import bot_game

LOOSE_SEEDS = (4, 30, 13)  # easy games of 2, 20 and 5 plies
BW4_POSITION = ("R2 R2 G1 Y3 . R2 Y1 Y1\nG1 R3 R1 Y1 G2 . R1 R1\n. R3 Y1 . R3 Y1 Y2 G1\n. . R3 . . R3 G3 G2\n"
                "G1 R1 G3 . B1 G3 Y3 Y2\nB3 Y2 B2 R2 B1 G3B3 Y2 G1\nB2B2 Y3 R1 B2B3 Y3 G2 G2 R2\n"
                "Y3B2 B1B3 B1 B1 Y2 G2 G3 B3\nto_move=1 turns=1 passes=0")
ONE_SW1_POSITION = ("B2B1 G3B2 B3B3 R1B2 G2B1 Y1 . .\nR2B3 R2 B2B1 Y2 Y3 . . .\nB1 R3 R1B3 B3B1 . . . Y3\n"
                    "R2 B2 G2 . . G2 Y2 .\n. . . G1 . Y2 . G1\nR2 G3 Y1 R3 Y3 Y3 R1 Y3Y1\n"
                    "Y1 G1 Y2R1 R3 R3R1 Y1G1 G3 G2\n. R2 . R3 G3G1 G2 G3 Y2\nto_move=1 turns=7 passes=0")


@pytest.fixture(scope="module")
def loose_games():
    game = iw.make("ice3", goal="loose")
    return [bot_game(game, "easy", seed=s) for s in LOOSE_SEEDS]


def _winning_moves(state):
    """Every legal move that ends the game with its mover the sole winner, by the rules engine."""
    return [str(m) for m in state.legal_moves() if (after := state.play(m)).is_over and after.winners == (state.player,)]


def test_loose_games_give_exact_puzzles_each_confirmed_by_the_rules(loose_games):
    found = iw.puzzles(loose_games, n=4, seed=0)
    assert [(p.source, p.ply, p.kind, p.solution, p.plies, p.line, p.depth) for p in found] == [
        ("game 2", 8, "win", "1SW1", 1, (), 1), ("game 1", 2, "win", "BW4", 1, (), 1)]
    assert [p.state.to_text() for p in found] == [ONE_SW1_POSITION, BW4_POSITION]
    assert found.title == "2 puzzles from 3 games of Ice3 (seed 0, proved within 1 ply)"
    assert found.note == "Only 2 of the 4 puzzles asked for: every position searched."
    for puzzle in found:
        assert _winning_moves(puzzle.state) == [puzzle.solution]
    assert found[1].question == ("game 1, ply 2: Player 2 to move can force a win within 1 ply, and only one move "
                                 "does it. Find it.")
    assert found[1].check("bw4").right


def test_the_same_seed_gives_the_same_ice3_puzzles(loose_games):
    def summary(seed):
        return [(p.source, p.ply, p.solution) for p in iw.puzzles(loose_games, n=4, seed=seed)]

    assert summary(0) == summary(0) == [("game 2", 8, "1SW1"), ("game 1", 2, "BW4")]
    assert summary(1) == [("game 1", 2, "BW4"), ("game 2", 8, "1SW1")]  # another seed, another order


def test_a_position_far_from_every_goal_is_refused_before_its_moves_are_searched():
    state = iw.make("ice3").new_state(seed=1)
    assert not state.game.analyst.may_win_within(state, 2)
    assert find_puzzle(state) is None
    near = iw.make("ice3", goal="loose").state_from_text(BW4_POSITION)
    assert near.game.analyst.may_win_within(near, 1)
    assert find_puzzle(near) == ("win", "BW4", 1, ())


def test_exact_goal_games_give_an_empty_set_that_says_why():
    games = [bot_game("ice3", "easy", seed=s, max_plies=6) for s in range(2)]
    empty = iw.puzzles(games, n=3)
    assert len(empty) == 0 and empty.title == "0 puzzles from 2 games of Ice3 (seed 0, proved within 2 plies)"
    assert empty.note.startswith(
        "No position of these games (14 positions searched) has exactly one move that forces a win within 1 ply, "
        "or one move that alone avoids a loss within 2 plies. Ice3: no puzzle in 14 positions searched; in 14 of "
        "them the game's own search proves that no line of at most 2 plies, whoever plays it, ends in a win, so no "
        "move there wins or avoids a loss that soon. Under the exact goal")
    assert "goal='loose'" in empty.note


def test_mixed_games_say_which_game_gave_none(loose_games):
    found = iw.puzzles([loose_games[0], bot_game("volterra", "easy", seed=2, max_plies=8),
                        bot_game("ice3", "easy", seed=0, max_plies=4)], n=5, seed=0)
    assert [(p.source, p.solution) for p in found] == [("game 1", "BW4")]
    assert found.title == "1 puzzle from 3 games of Ice3 and Volterra (seed 0, proved within 1 ply)"
    assert found.note.startswith("Only 1 of the 5 puzzles asked for: every position searched. Volterra: no puzzle "
                                 "in 8 positions searched.")
    assert "Ice3" not in found.note  # Ice3's games gave one


def test_no_games_or_no_moves_give_an_empty_set_that_says_so():
    assert iw.puzzles([]).note == "No games given: pass a list of game records or codes."
    over = bot_game(iw.make("ice3", goal="loose"), "easy", seed=4)  # 2 plies: its last position is over
    assert iw.puzzles([over], last=1).note == (
        "No position of these games (0 positions searched) has exactly one move that forces a win within 1 ply, "
        "or one move that alone avoids a loss within 2 plies. Ice3: no position to search (a player to move, the "
        "game not over).")


def test_a_bot_game_of_a_game_that_may_never_end_stops_at_its_bound():
    from icewidgets.analysis.teaching import BOT_GAME_PLIES

    endless = bot_game("ice3", "easy", seed=101)  # the exact goal: these bots never meet it
    assert len(endless) == BOT_GAME_PLIES == 1000 and not endless.final_state().is_over
    assert len(bot_game(iw.make("ice3", max_turns=40), "easy", seed=101)) == 40  # the game's own bound first
