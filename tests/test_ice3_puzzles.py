"""Ice3 puzzles: the ladder's shortest solutions are proved by the solver, every shipped line wins,
the positions are real Ice3 positions, the solver agrees with a plain breadth-first search, and
the goal seeker reaches the goal."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import icewidgets as iw
from icewidgets.games.ice3 import SPARSE_EXAMPLE, Ice3State
from icewidgets.games.ice3 import puzzles
from icewidgets.games.ice3.puzzles import FULL_BOARD, PUZZLES, Puzzle, make_puzzle, solve
from icewidgets.games.ice3.seeker import goal_cost, goal_seeker
from icewidgets.games.ice3.solver import first_sets

IDS = [puzzle.name for puzzle in PUZZLES]


def pieces(state) -> Counter:
    return Counter(str(piece) for stack in state.board for piece in stack)


def play_line(state, line):
    """Play ``line`` move by move; the goal must not be met before the last move."""
    for k, move in enumerate(line):
        assert not state.is_over, f"the game ended before move {k + 1}"
        state = state.play(move)
    return state


def test_the_ladder_climbs_from_loose_to_exact():
    assert [(p.name, p.goal, p.length) for p in PUZZLES] == [
        ("loose-1", "loose", 1), ("loose-2", "loose", 2), ("loose-3", "loose", 3),
        ("shape-1", "shape", 1), ("shape-2", "shape", 2), ("shape-3", "shape", 3),
        ("exact-1", "exact", 1), ("exact-2", "exact", 2), ("exact-3", "exact", 3),
        ("full-loose-3", "loose", 3), ("full-shape-3", "shape", 3), ("full-exact-3", "exact", 3),
    ]
    assert all(isinstance(p, Puzzle) and len(p.hint) > 40 and len(p.solution) == p.length for p in PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_puzzles_are_real_one_player_positions(puzzle):
    state = puzzle.state()
    assert state.game == iw.make("ice3", players=1, goal=puzzle.goal)
    assert state.to_text() == puzzle.text  # the text is exactly what the engine writes
    assert not state.is_over and state.progress < state.game.goal_size
    count = pieces(state)
    assert sum(count.values()) == 15 + puzzle.others
    complete = [c for c in "RYGB" if all(count[f"{c}{z}"] == 5 for z in "123")]
    assert len(complete) == (4 if puzzle.others == FULL_BOARD else 1)  # the goal colour has its whole set
    final = play_line(state, puzzle.solution)
    assert final.goals_met[0][0] in complete


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_the_shipped_solution_wins_in_exactly_length_moves(puzzle):
    final = play_line(puzzle.state(), puzzle.solution)
    assert final.result == "win" and final.winners == (0,)
    assert final.turns == puzzle.length == len(puzzle.solution)
    assert final.events[-1].kind == "win"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_the_solver_proves_each_length(puzzle):
    state = puzzle.state()
    line = solve(state, puzzle.length)
    assert line is not None and len(line) == puzzle.length
    assert play_line(state, line).winners == (0,)
    assert solve(state, puzzle.length - 1) is None  # no shorter line exists


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_puzzles_regenerate_from_their_seeds(puzzle):
    assert make_puzzle(puzzle.goal, puzzle.length, puzzle.seed, puzzle.others) == (puzzle.text, puzzle.solution)


def test_puzzles_by_name():
    assert puzzles.puzzle("shape-2") is PUZZLES[4]
    with pytest.raises(KeyError, match="there is no Ice3 puzzle 'exact-9'; the puzzles are loose-1, loose-2"):
        puzzles.puzzle("exact-9")


def test_make_puzzle_is_seeded():
    text, line = make_puzzle("exact", 2, seed=11, others=3)
    assert make_puzzle("exact", 2, seed=11, others=3) == (text, line)
    state = iw.make("ice3", players=1, goal="exact").state_from_text(text)
    assert sum(pieces(state).values()) == 18 and len(solve(state, 2)) == 2 and solve(state, 1) is None
    with pytest.raises(ValueError, match="a puzzle needs at least one move, not length=0"):
        make_puzzle("exact", 0, seed=1, others=3)
    with pytest.raises(ValueError, match="others=46: the other three colours have 0 to 45 pieces"):
        make_puzzle("exact", 1, seed=1, others=46)
    with pytest.raises(ValueError, match="goal='corner'"):
        make_puzzle("corner", 1, seed=1, others=3)


# --- the solver ------------------------------------------------------------------------------


def shortest_by_breadth_first_search(state, depth: int) -> int | None:
    """The fewest moves to a goal (at most ``depth``) by trying every legal move, or None."""
    if state.goals_met:
        return 0
    frontier, seen = [state.board], {state.board}
    for moves in range(1, depth + 1):
        following = []
        for board in frontier:
            position = Ice3State(state.game, board)
            for move in position.legal_moves():
                after = position.board_after(move)
                if Ice3State(state.game, after).goals_met:
                    return moves
                if after not in seen:
                    seen.add(after)
                    following.append(after)
        frontier = following
    return None


# Puzzle positions changed by a few random moves, under each movement option.
CROSS_CHECKS = [
    ("loose-2", {}, 1, 3), ("shape-2", {}, 2, 5), ("exact-2", {}, 1, 8), ("exact-1", {"walls": "after"}, 2, 1),
    ("loose-1", {"blocked": "slide"}, 1, 2), ("shape-1", {"edge": "illegal"}, 1, 4),
]


@pytest.mark.parametrize("name, options, scramble, seed", CROSS_CHECKS, ids=[c[0] + str(c[1]) for c in CROSS_CHECKS])
def test_the_solver_agrees_with_breadth_first_search(name, options, scramble, seed):
    puzzle = puzzles.puzzle(name)
    game = iw.make("ice3", players=1, goal=puzzle.goal, **options)
    state = game.state_from_text(puzzle.text)
    rng = random.Random(seed)
    for _ in range(scramble):
        state = state.play(rng.choice(state.legal_moves()))
    assert not state.is_over
    line = solve(state, 2)
    assert (None if line is None else len(line)) == shortest_by_breadth_first_search(state, 2)
    if line:
        assert play_line(state, line).winners == (0,)


def test_solve_at_the_goal_and_without_a_complete_colour():
    won = PUZZLES[0].state().play(PUZZLES[0].solution[0])
    assert solve(iw.make("ice3", players=1, goal="loose").state_from_text(won.to_text()), 3) == []
    sparse = iw.make("ice3", players=1).state_from_text(SPARSE_EXAMPLE)
    assert solve(sparse, 3) is None  # red has four pieces: no goal can be met
    with pytest.raises(ValueError, match="max_depth must be 0 or more, not -1"):
        solve(sparse, -1)


def test_the_puzzles_are_for_the_default_movement_rules():
    # walls="after" opens the walls whose top leaves: exact-3's line still works, and loose-3 gains another
    exact3, loose3, shape1 = map(puzzles.puzzle, ("exact-3", "loose-3", "shape-1"))
    state = iw.make("ice3", players=1, walls="after").state_from_text(exact3.text)
    assert [str(m) for m in solve(state, 3)] == list(exact3.solution)
    later = iw.make("ice3", players=1, goal="loose", walls="after").state_from_text(loose3.text)
    assert [str(m) for m in solve(later, 3)] == ["RN2", "YE2", "YSE3"]
    # the edge rule carries most puzzles: with sliding or an illegal edge they need more moves
    for options in ({"blocked": "slide"}, {"edge": "illegal"}):
        assert solve(iw.make("ice3", players=1, goal="shape", **options).state_from_text(shape1.text), 1) is None
    slide = iw.make("ice3", players=1, blocked="slide").state_from_text(exact3.text)
    assert solve(slide, 3) is None


def test_first_sets_needs_the_top_before_the_pinned_piece():
    red_small, yellow_large = 0, 3 * 1 + 2
    pinned = frozenset({(red_small, 1, yellow_large)})
    assert first_sets(pinned, 1) == 0  # a pinned piece cannot move on the last move
    assert first_sets(pinned, 2) == 1 << 1 | 1 << 6  # Y or 3 must go first
    assert first_sets(frozenset({(red_small, 2, -1)}), 1) == 0  # two moves needed
    assert first_sets(frozenset({(red_small, 2, -1)}), 2) == 1 << 0 | 1 << 4  # R or 1, twice
    # a red small and a yellow large: R then Y, 1 then 3, and the mixed orders
    both = frozenset({(red_small, 1, -1), (yellow_large, 1, -1)})
    assert first_sets(both, 1) == 0 and first_sets(both, 2) == 0b1010011


# --- the goal seeker -------------------------------------------------------------------------


def seek(state, agent, seed: int = 0, max_moves: int = 40) -> list[str]:
    rng = np.random.default_rng(seed)
    moves = []
    while not state.is_over and len(moves) < max_moves:
        move = agent(state, rng)
        assert state.is_legal(move)
        moves.append(str(move))
        state = state.play(move)
    assert state.result == "win", f"no goal after {moves}"
    return moves


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.length < 3 or p.name == "exact-3"],
                         ids=lambda p: p.name)
def test_the_goal_seeker_finishes_short_puzzles_in_the_fewest_moves(puzzle):
    assert seek(puzzle.state(), goal_seeker(3)) == list(puzzle.solution)


@pytest.mark.parametrize("name, moves", [
    ("loose-3", ["YSW3", "YW3", "2S5", "YW2", "YNE1", "YS4", "YSW2"]),
    ("full-loose-3", ["GSW1", "YN1", "GS1", "GSW4"]),
])
def test_the_goal_seeker_finds_its_own_way_through_longer_puzzles(name, moves):
    assert seek(puzzles.puzzle(name).state(), goal_seeker(3)) == moves


def test_the_goal_seeker_reaches_the_loose_goal_from_random_starts():
    game = iw.make("ice3", players=1, goal="loose", max_turns=300)
    results = iw.playouts(game, n=3, agents=[goal_seeker()], seed=0, progress=False, engine="reference")
    assert results.arrays["result"].tolist() == [0, 0, 0]  # three wins
    assert results.arrays["turns"].tolist() == [6, 2, 4]


def test_goal_seeker_arguments_and_name():
    assert goal_seeker(2).agent_name == "goal_seeker(2)"
    with pytest.raises(ValueError, match="depth must be at least 1, not 0"):
        goal_seeker(0)
    with pytest.raises(ValueError, match="explore must be a probability between 0 and 1, not 1.5"):
        goal_seeker(3, explore=1.5)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_goal_cost_is_zero_exactly_at_the_goal(puzzle):
    final = play_line(puzzle.state(), puzzle.solution)
    colour, corner = final.goals_met[0]
    assert goal_cost(final.board, colour, corner, puzzle.goal) == 0
    assert goal_cost(puzzle.state().board, colour, corner, puzzle.goal) > 0
