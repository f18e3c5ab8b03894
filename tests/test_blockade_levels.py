"""Blockade's "hard" level: the rollout bot over the greedy rule's best plies (its ``levels`` hook).

How strong it is, and how fast, is measured by ``benchmarks/ladder.py`` (benchmarks/README.md);
these tests check what it plays: legal plies mid-turn too, a winning ply at once, the same ply
for the same seed, and the greedy rule where no compiled kernel plays the rollouts.
"""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents as A
from icewidgets import fast
from icewidgets.games.blockade import Blockade
from icewidgets.games.blockade.analyst import CANDIDATES, BlockadeAnalyst

pytest.importorskip("numba")

HARD = A.LEVELS["hard"]

WINS_AT_ONCE = """\
C3G2G2G2G2G1 B3B2 B3B2B1K2 B3B2B1K2 C3R2
R3R2R1K2 R3R1R1 R3R2R1K3 B3B1B1 Y3Y2
R3R2 G3 C3 B3B2B1K3 Y3Y2Y1K2
R3R2R1K2 G3 Y3Y2Y1K3Y1 Y3Y2Y1K3 Y3Y2Y1K1
C3 G3G2G1K3G1 G3 G3G1G1 C3B2
to_move=0 player=0 dice=R6Y6 points=R6Y6 supply=K3:0,K2:0,K1:4 moved=-"""

# Cool has four green towers; the blue small on d3 rests on a red one (stranded until it moves
# on), and the green small on c3 completes the fifth green tower on b3.
STRANDED_WIN = """\
. . . . .
. . . . .
. G3G2 C3G1 R3R1B1 C3
. . . . .
G3G2G1K3 G3G2G1K3 G3G2G1K3 G3G2G1K3 .
to_move=1 player=1 dice=G5B2 points=G3B1 supply=K3:1,K2:5,K1:5 moved=d3"""


def greedy_game(seed: int, plies: int):
    rng = np.random.default_rng(seed)
    state = Blockade().new_state(seed=seed)
    for _ in range(plies):
        state = state.play(A.greedy(state, rng))
    return state


def test_blockade_offers_the_rollout_bot_for_hard_only():
    assert Blockade.levels == {"hard": "icewidgets.analysis.bot:rollout_bot"}
    assert isinstance(Blockade.analyst, BlockadeAnalyst) and CANDIDATES == 8


@pytest.mark.parametrize("text, winning", [(WINS_AT_ONCE, "c2-e4"), (STRANDED_WIN, "c3-b3")])
def test_hard_plays_a_winning_ply(text, winning):
    state = iw.make("blockade").state_from_text(text, partial=True)
    move = HARD(state, np.random.default_rng(0))
    assert str(move) == winning
    after = state.play(move)
    assert after.is_over and after.winners == (state.player,)


def test_hard_plays_legal_plies_mid_turn_with_a_stranded_piece():
    state = Blockade().new_state(seed=2).play("G5B2").play("b3-c2")  # the green small rests on a yellow one
    assert state.to_move == 1 and "c2" in state.to_text().splitlines()[-1]
    played = []
    rng = np.random.default_rng(4)
    while state.to_move == 1:  # the rest of the turn, ply by ply: the small must get off c2 before the end
        move = HARD(state, rng)
        assert state.is_legal(move)
        played.append(str(move))
        state = state.play(move)
    assert played == EXPECTED_TURN


EXPECTED_TURN = ["b1-c1", "d1-e2", "d3-d4", "c2-c1", "d4-c3", "e2-d1", "end"]


@pytest.mark.parametrize("seed, plies", [(1, 10), (3, 25), (5, 38), (5, 43)])
def test_hard_is_legal_and_the_same_for_a_seed(seed, plies):
    state = greedy_game(seed, plies)
    assert state.to_move != iw.CHANCE and len(state.legal_moves()) > 1
    rng, twin = np.random.default_rng(seed), np.random.default_rng(seed)
    move = HARD(state, rng)
    assert move in state.legal_moves() and HARD(state, twin) == move
    assert rng.bit_generator.state == twin.bit_generator.state
    assert str(move) == EXPECTED[(seed, plies)]


EXPECTED = {(1, 10): "b2-c1", (3, 25): "b4-a3", (5, 38): "d3-e4", (5, 43): "b3-a2"}


def test_hard_plays_the_greedy_rule_without_a_compiled_kernel(monkeypatch):
    state = greedy_game(3, 25)
    monkeypatch.setattr(fast, "kernel_for", lambda game, agents: None)
    rng, twin = np.random.default_rng(9), np.random.default_rng(9)
    twin.integers(2**63)  # the draw that would have seeded the rollouts
    assert HARD(state, rng) == A.greedy(state, twin)
