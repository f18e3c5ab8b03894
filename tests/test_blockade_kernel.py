"""Blockade's compiled kernel beyond whole games: the balance metrics by their definitions, and
games continued from any position (encode, legal_moves, play_from) exactly as the rules engine
continues them, ply for ply."""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets.playout import game_rng, ply_limit
from icewidgets.testing import reference_games
from icewidgets.protocol import CHANCE

pytest.importorskip("numba")

from icewidgets.games.blockade import kernel  # noqa: E402
from kernel_contract import (  # noqa: E402
    assert_balance_metrics, assert_legal_moves, assert_play_from, balance_metrics, random_positions, reference_agents,
)
from test_blockade import LAST_BLACK, SLOW_TURN  # noqa: E402  (LAST_BLACK: a turn ended by using up the blacks)


def test_progress_is_the_better_colour_then_both():
    state = iw.make("blockade").state_from_text(
        "G3G2G1K3 G3G2G1K3 B3B2B1K2 . .\nR3R2R1K3 Y3Y2Y1K2 Y3Y2Y1K1 . .\n. . . . .\n. . . . .\n. . . . .\n"
        "to_move=-1 player=0 dice=- points=- supply=K3:2,K2:3,K1:4 moved=-", partial=True)
    assert iw.make("blockade").counters.progress(state) == ((2, 3), (2, 3))
    assert balance_metrics([state])[:2] == (0, False)


@pytest.mark.parametrize("options, agents, seed, count, check", [
    ({"max_turns": 1000}, ("greedy", "greedy"), 1, 12,
     lambda out: out["winners"].all() and out["lead_changes"].sum() >= 10 and out["comeback"].any()),
    ({"max_turns": 1000}, ("random", "greedy"), 2, 6, lambda out: (out["winners"] == 2).all()),
    ({"max_turns": 40}, ("greedy", "random"), 3, 20, lambda out: (out["winners"] == 1).all()),
    ({"landing": "strict", "max_turns": 1000}, ("random", "random"), 4, 2, lambda out: out["lead_changes"].sum() > 0),
    ({"tower_without_black_counts": False, "max_turns": 1000}, ("greedy", "greedy"), 5, 6,
     lambda out: out["comeback"].sum() >= 2),
])
def test_balance_metrics_follow_their_definitions(options, agents, seed, count, check):
    game = iw.make("blockade", **options)
    out = kernel.play_range(game, agents, seed, 0, count, ply_limit(game), record=ply_limit(game))
    for i in range(count):
        # The kernel's plies are the rules engine's (test_kernels.py): replay them on the engine.
        states = [game.new_state(seed=game_rng(seed, i))]
        for move in kernel.recorded_moves(out, i):
            states.append(states[-1].play(move))
        assert_balance_metrics(out, i, states, f"game {i}")
    assert check(out)


# Any position: encode, legal_moves, play_from -----------------------------------------------------


SPARSE = [
    # A lone green small, stranded on a yellow small with one pip to go.
    ". . . . .\n. . . . .\n. G3 Y3Y1G1 C3 .\n. . . . .\n. . . . .\n"
    "to_move=1 player=1 dice=G1B3 points=G1B3 supply=K3:5,K2:5,K1:5 moved=c3",
    # Four red towers and a fifth to complete; a blockade of Cool's stands in the way.
    "R3R2R1K3 R3R2R1K3 R3R2R1K3 R3R2R1K3 R3R2\n. G3G2G1K2 . . .\nC3R1 . . . .\n. . . . .\nY3 . . . B3\n"
    "to_move=0 player=0 dice=R4Y1 supply=K3:1,K2:4,K1:5 moved=-",
    # Rolls to come, no blacks left, towers that count without a cap.
    "G3G2G1 B3B2B1 . . C3\n. . . . .\nG3G2 . . . B3B2\nG1 . . . B1\n. . . . .\n"
    "to_move=-1 player=1 dice=- points=- supply=K3:0,K2:0,K1:0 moved=-",
    # A won position (five green towers): nothing to play.
    "G3G2G1K3 G3G2G1K3 G3G2G1K3 G3G2G1K3 G3G2G1K2\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n"
    "to_move=-1 player=0 dice=- points=- supply=K3:1,K2:4,K1:5 moved=-",
    # A tall stack of mediums and smalls on a clear large, mid-turn.
    "C3G2G2G2G2G2G1G1G1G1G1B2B2B2B2B2B1B1B1B1 . . . .\n. G3 . B3 .\n. . . . .\n. . . . .\n. . . . C3\n"
    "to_move=1 player=1 dice=G6B6 points=G6B6 supply=K3:5,K2:5,K1:5 moved=-",
]


def loaded_positions():
    # Hand-made diagrams (part of a board): the kernel must continue them as the engine does.
    game = iw.make("blockade")
    return [game.state_from_text(text, partial=True) for text in SPARSE + [SLOW_TURN, LAST_BLACK]]


def test_legal_moves_at_any_position_equal_the_engine():
    positions = loaded_positions()
    for options, seed in (({}, 1), ({"landing": "strict"}, 2), ({"tower_without_black_counts": False}, 3)):
        positions += random_positions(iw.make("blockade", **options), seed, 30, 200)
    decided = 0
    for state in positions:
        assert_legal_moves(kernel, state)
        decided += state.to_move != CHANCE and not state.is_over
    assert decided > 60


@pytest.mark.parametrize("options, agents, seed", [
    ({"max_turns": 200}, ("random", "random"), 1),
    ({"max_turns": 200}, ("greedy", "random"), 2),
    ({"landing": "strict", "max_turns": 200}, ("random", "greedy"), 3),
    ({"tower_without_black_counts": False, "max_turns": 200}, ("greedy", "greedy"), 4),
])
def test_play_from_continues_random_positions_as_the_engine(options, agents, seed):
    game = iw.make("blockade", **options)
    for state in random_positions(game, seed, 8, 400):
        assert_play_from(kernel, state, agents, seed, 2, 40)


def test_play_from_continues_loaded_positions_as_the_engine():
    for state in loaded_positions():
        assert_play_from(kernel, state, ("random", "greedy"), 5, 3, 30)
    limited = iw.make("blockade", max_turns=4)
    stopped = limited.state_from_text(limited.new_state(seed=1).to_text().replace("turns=0", "turns=4"))
    out = assert_play_from(kernel, stopped, ("random", "random"), 1, 2, 30)
    assert out["plies"].tolist() == [0, 0] and out["unfinished"].all()


def test_play_from_plays_whole_games_to_a_win():
    game = iw.make("blockade", max_turns=1000)
    state = game.new_state(seed=9).play("R3Y2").play("e2-c2")
    out = assert_play_from(kernel, state, ("greedy", "greedy"), 6, 2, 2000)
    assert out["winners"].all() and (out["towers"].max(axis=1) == 5).all()


def test_play_from_refuses_what_it_cannot_play():
    game = iw.make("blockade")
    with pytest.raises(ValueError, match="is one of"):
        kernel.play_from(iw.make("blockade", landing="strict"), game.new_state(), ("random", "random"), 1, 1, 10)
    with pytest.raises(ValueError, match="does not play"):
        kernel.play_from(game, game.new_state(), ("random", "mcts"), 1, 1, 10)
    with pytest.raises(ValueError, match="give a smaller ply limit"):
        kernel.play_from(game, game.new_state(), ("random", "random"), 1, 1, 10**9)


def test_the_kernels_legal_lists_of_20000_decisions_are_those_the_reference_judged():
    # The rules engine's lists of these decisions were judged ply by ply against a search with no
    # bound (tests/blockade_reference.py) and recorded as digests (test_blockade.py checks them):
    # the kernel's own end-of-turn search, with its own shortcuts and bounds, must list the same.
    import blockade_reference

    lines, _ = blockade_reference.digest_lines(20_000, 0, report=lambda text: None,
                                               legal_list=lambda state: kernel.legal_moves(state.game, state))
    recorded = [line for line in blockade_reference.DIGESTS.read_text(encoding="utf-8").splitlines()
                if not line.startswith("#")]
    assert lines == recorded


# 2,000 whole games, each to its end: (options, agents, seed, games). Random games under the
# default landing are the longest (about 1,500 plies, 1 s each on the rules engine), so they are
# the fewest; the greedy rule's games are short and full of end-of-turn searches, but two greedy
# rules can also walk in circles for ever: a turn limit ends those.
WHOLE_GAMES = [
    ({"max_turns": 300}, ("greedy", "greedy"), 31, 900),
    ({"max_turns": 300}, ("random", "greedy"), 32, 450),
    ({"max_turns": 300}, ("greedy", "random"), 33, 450),
    ({"landing": "strict", "max_turns": 1000}, ("random", "random"), 34, 150),
    ({"max_turns": 1000}, ("random", "random"), 35, 50),
]
WON_OF_2000 = 1_995  # the games that end in a win; the other 5 reach their turn limit


def _reference_moves(options, agents, seed, start, stop):
    game = iw.make("blockade", **options)
    played = reference_games(game, reference_agents(agents), seed, start, stop)
    return [(game_moves.moves, game_moves.state.winners, game_moves.state.unfinished) for game_moves in played]


def test_the_kernel_and_the_rules_engine_play_2000_whole_games_alike():
    from concurrent.futures import ProcessPoolExecutor

    assert sum(case[3] for case in WHOLE_GAMES) == 2_000
    won = 0
    jobs = [(case, start, min(start + 50, case[3])) for case in WHOLE_GAMES for start in range(0, case[3], 50)]
    # The rules engine's side is the slow one: spread it over the machine's cores.
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(_reference_moves, case[0], case[1], case[2], start, stop) for case, start, stop in jobs]
        for (case, start, stop), future in zip(jobs, futures):
            options, agents, seed, _ = case
            game = iw.make("blockade", **options)
            out = kernel.play_range(game, agents, seed, start, stop, ply_limit(game), record=ply_limit(game))
            for row, (moves, winners, unfinished) in enumerate(future.result()):
                where = f"{options} {agents} seed {seed} game {start + row}"
                assert kernel.recorded_moves(out, row) == moves, where
                assert out["winners"][row] == sum(1 << p for p in winners), where
                assert bool(out["unfinished"][row]) == unfinished, where
                won += bool(winners)
    assert won == WON_OF_2000


# Positions of bot_game("blockade", "medium", seed=S) at ply P where the greedy rule before
# issue 31 built a tower elsewhere instead of the fifth tower of a colour (the winning move).
FIFTH_TOWER = {
    "seed 12, ply 73": ("C3G2 B3B2B1K2 B3B2B1K1 B3B2 C3R2R2R2\nR3R2R1K3 R3R1R1R1 R3R2R1K2 B3B2B1K2B1 Y3Y2Y1K1\n"
                        "R3 G3G2G1K3 C3Y1 B3B2B1K3 Y3Y2Y1K2\nR3 G3G2 Y3Y2Y1K3 Y3Y2Y1K3 Y3\n"
                        "C3Y2 G3G2G1K2G1G1 G3 G3G2G1K1 C3\n"
                        "to_move=1 player=1 dice=G6B2 points=G6B2 supply=K3:0,K2:0,K1:2 moved=-", "d4-d5"),
    "seed 19, ply 86": ("C3 B3 B3B2 B3B2B1K3 C3R2R2R2\nR3R2R1K2 R3R1R1R1 R3R2R1K3 B3B2B1K2B1B1 Y3\n"
                        "R3 G3G2G1K2G1 C3 B3B2B1K3 Y3Y2Y1K2Y1\nR3 G3G2G1K1 Y3Y2Y1K3 Y3Y2Y1K3 Y3Y2Y1K1\n"
                        "C3Y2 G3G2G1K1 G3G2 G3G2G1K2 C3B2\n"
                        "to_move=1 player=1 dice=G4B1 points=G4B1 supply=K3:0,K2:0,K1:2 moved=-", "b3-c1"),
}


@pytest.mark.parametrize("name", sorted(FIFTH_TOWER))
def test_greedy_builds_the_fifth_tower_in_the_rules_engine_and_the_kernel(name):
    import numpy as np

    text, winning = FIFTH_TOWER[name]
    state = iw.make("blockade").state_from_text(text)
    wins = [str(m) for m in state.legal_moves() if state.play(m).winners == (state.player,)]
    assert wins == [winning]
    assert str(iw.agents.greedy(state, np.random.default_rng(0))) == winning
    out = assert_play_from(kernel, state, ("greedy", "greedy"), seed=1, count=3, max_plies=5)
    assert [kernel.recorded_moves(out, i) for i in range(3)] == [[winning]] * 3
