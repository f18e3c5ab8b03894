"""Blockade's compiled kernel beyond whole games: the balance metrics by their definitions, and
games continued from any position (encode, legal_moves, play_from) exactly as the rules engine
continues them, ply for ply."""

from __future__ import annotations

import random

import numpy as np
import pytest

import icewidgets as iw
from icewidgets.agents import chance_move, get_agent
from icewidgets.playout import game_rng, ply_limit
from icewidgets.protocol import CHANCE

pytest.importorskip("numba")

from icewidgets.games.blockade import kernel  # noqa: E402
from kernel_contract import assert_balance_metrics, balance_metrics  # noqa: E402
from test_blockade import SLOW_TURN  # noqa: E402  (the position whose plies once took 21 s to list)

PROFILE_BINS = 10


def uniform(state, rng):
    """The random agent's rule written out (one draw per ply)."""
    moves = state.legal_moves()
    return moves[int(rng.random() * len(moves))]


def continue_game(state, agents, rng, max_plies):
    """The states of a game continued from ``state`` as the rules engine plays it: chance plies by
    their cumulative odds, the others by the seat's agent ("random" written out)."""
    seats = [uniform if agent == "random" else get_agent(agent) for agent in agents]
    states = [state]
    while not state.is_over and len(states) <= max_plies:
        move = chance_move(state, rng) if state.to_move == CHANCE else seats[state.to_move](state, rng)
        state = state.play(move)
        states.append(state)
    return states


def test_progress_is_the_better_colour_then_both():
    state = iw.make("blockade").state_from_text(
        "G3G2G1K3 G3G2G1K3 B3B2B1K2 . .\nR3R2R1K3 Y3Y2Y1K2 Y3Y2Y1K1 . .\n. . . . .\n. . . . .\n. . . . .\n"
        "to_move=-1 player=0 dice=- points=- supply=K3:2,K2:3,K1:4 moved=-")
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


def random_positions(game, seed, count, most_plies):
    """Positions of seeded random games after a random number of plies (rolls, mid-turn states
    with pieces resting where they may not, finished games)."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        state = game.new_state(seed=rng.randrange(2**32))
        for _ in range(rng.randrange(most_plies + 1)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        positions.append(state)
    return positions


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
    game = iw.make("blockade")
    return [game.state_from_text(text) for text in SPARSE] + [game.state_from_text(SLOW_TURN)]


def test_legal_moves_at_any_position_equal_the_engine():
    positions = loaded_positions()
    for options, seed in (({}, 1), ({"landing": "strict"}, 2), ({"tower_without_black_counts": False}, 3)):
        positions += random_positions(iw.make("blockade", **options), seed, 30, 200)
    decided = 0
    for state in positions:
        expected = [str(move) for move in state.legal_moves()]
        assert kernel.legal_moves(state.game, state) == expected, state.to_text()
        decided += state.to_move != CHANCE and not state.is_over
    assert decided > 60


def continuation(game, state, agents, seed, count, max_plies):
    """The kernel's continuations of ``state`` compared with the rules engine's, game by game."""
    out = kernel.play_from(game, state, agents, seed, count, max_plies, record=max_plies)
    heat = {name: np.zeros(25, dtype=np.int64) for name in game.counters.heatmaps}
    for i in range(count):
        where = f"continuation {i} of\n{state.to_text()}"
        states = continue_game(state, agents, game_rng(seed, i), max_plies)
        final = states[-1]
        assert kernel.recorded_moves(out, i) == [str(after.last_move) for after in states[1:]], where
        assert out["plies"][i] == len(states) - 1 and out["turns"][i] == final.turns, where
        assert tuple(out["scores"][i]) == final.scores, where
        assert out["winners"][i] == sum(1 << p for p in final.winners), where
        assert bool(out["unfinished"][i]) == (final.end_reason is None), where
        choices = [len(s.legal_moves()) for s in states[:-1] if s.to_move != CHANCE]
        assert out["branching"][i] == np.float32(sum(choices) / len(choices) if choices else 0.0), where
        row = game.counters.new_row()
        hits = {name: [] for name in game.counters.heatmaps}
        for after in states[1:]:
            game.counters.ply(row, hits, after)
        game.counters.final(row, final)
        for field in game.counters.fields:
            assert out[field][i].tolist() == row.get(field, 0), (where, field)
        for name, squares in hits.items():
            np.add.at(heat[name], squares, 1)
        assert_balance_metrics(out, i, states, where)
    for name, counts in heat.items():
        assert np.array_equal(out[f"heatmap:{name}"], counts), name
    return out


@pytest.mark.parametrize("options, agents, seed", [
    ({"max_turns": 200}, ("random", "random"), 1),
    ({"max_turns": 200}, ("greedy", "random"), 2),
    ({"landing": "strict", "max_turns": 200}, ("random", "greedy"), 3),
    ({"tower_without_black_counts": False, "max_turns": 200}, ("greedy", "greedy"), 4),
])
def test_play_from_continues_random_positions_as_the_engine(options, agents, seed):
    game = iw.make("blockade", **options)
    for state in random_positions(game, seed, 8, 400):
        continuation(game, state, agents, seed, 2, 40)


def test_play_from_continues_loaded_positions_as_the_engine():
    for state in loaded_positions():
        continuation(state.game, state, ("random", "greedy"), 5, 3, 30)
    limited = iw.make("blockade", max_turns=4)
    stopped = limited.state_from_text(limited.new_state(seed=1).to_text().replace("turns=0", "turns=4"))
    out = continuation(limited, stopped, ("random", "random"), 1, 2, 30)
    assert out["plies"].tolist() == [0, 0] and out["unfinished"].all()


def test_play_from_plays_whole_games_to_a_win():
    game = iw.make("blockade", max_turns=1000)
    state = game.new_state(seed=9).play("R3Y2").play("e2-c2")
    out = continuation(game, state, ("greedy", "greedy"), 6, 2, 2000)
    assert out["winners"].all() and (out["towers"].max(axis=1) == 5).all()


def test_play_from_refuses_what_it_cannot_play():
    game = iw.make("blockade")
    with pytest.raises(ValueError, match="is one of"):
        kernel.play_from(iw.make("blockade", landing="strict"), game.new_state(), ("random", "random"), 1, 1, 10)
    with pytest.raises(ValueError, match="does not play"):
        kernel.play_from(game, game.new_state(), ("random", "mcts"), 1, 1, 10)
    with pytest.raises(ValueError, match="give a smaller ply limit"):
        kernel.play_from(game, game.new_state(), ("random", "random"), 1, 1, 10**9)
