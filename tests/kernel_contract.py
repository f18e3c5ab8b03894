"""What a compiled kernel must do beyond playing whole games, written out as checks the game tests
call with their own positions and cases.

- The balance metrics of a game (lead changes, comeback, branching profile), computed here from
  their definitions on the rules engine's states and the game's ``Counters.progress`` hook, so
  both the kernels and the playouts' reference loop can be held to them.
- Any position: ``kernel.legal_moves(game, state)`` equals the rules engine's list, and
  ``kernel.play_from`` continues ``state`` exactly as the rules engine would, ply for ply.

This is a helper module of the tests, not a test file.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import numpy as np

from icewidgets.protocol import CHANCE
from icewidgets.testing import reference_games

PROFILE_BINS = 10


def uniform(state, rng):
    """The random agent's rule written out (one draw per ply), independent of icewidgets.agents."""
    moves = state.legal_moves()
    return moves[int(rng.random() * len(moves))]


def reference_agents(names: Sequence[str]) -> list[Any]:
    """The reference loop's agents for kernel agent names: "random" written out, the others by name."""
    return [uniform if name == "random" else name for name in names]


def replay(start: Any, moves: Sequence[str]) -> list[Any]:
    """The states of a game: ``start``, then the state after each move (given as texts)."""
    states = [start]
    for move in moves:
        states.append(states[-1].play(move))
    return states


def decisions(states: Sequence[Any]) -> list[int]:
    """The number of legal moves at each decision of a game (its plies that are not chance plies)."""
    return [len(state.legal_moves()) for state in states[:-1] if state.to_move != CHANCE]


def sole_leader(progress: Sequence[Any]) -> int | None:
    """The player whose progress is strictly greater than every other player's, or None."""
    best = max(progress)
    return progress.index(best) if sum(value == best for value in progress) == 1 else None


def balance_metrics(states: Sequence[Any]) -> tuple[int, bool, np.ndarray]:
    """``(lead_changes, comeback, branching_profile)`` of the game whose states, from its start,
    are ``states``, by the definitions: samples are the start and every state after a ply that
    completed a turn or ended the game, each judged with the game's ``counters.progress``."""
    progress_of = states[0].game.counters.progress
    samples = [states[0]] + [after for before, after in zip(states, states[1:])
                             if after.turns > before.turns or after.is_over]
    progress = [progress_of(state) for state in samples]
    changes, leader = 0, None
    for values in progress:
        now = sole_leader(values)
        if now is not None:
            changes += leader is not None and now != leader
            leader = now
    final = states[-1]
    turns = final.turns
    comeback = False
    if len(final.winners) == 1 and turns >= 2:
        winner = final.winners[0]
        half = next(values for state, values in zip(samples, progress) if state.turns >= -(-turns // 2))
        comeback = any(half[winner] < half[other] for other in range(len(half)) if other != winner)
    choices = decisions(states)
    bins: list[list[int]] = [[] for _ in range(PROFILE_BINS)]
    for d, count in enumerate(choices):
        bins[d * PROFILE_BINS // len(choices)].append(count)
    profile = np.array([sum(b) / len(b) if b else np.nan for b in bins], dtype=np.float32)
    return changes, comeback, profile


def assert_balance_metrics(out: dict[str, np.ndarray], row: int, states: Sequence[Any], where: str) -> None:
    """The kernel's metrics of game ``row`` equal the definitions' on ``states``."""
    changes, comeback, profile = balance_metrics(states)
    assert out["lead_changes"][row] == changes, (where, "lead changes")
    assert bool(out["comeback"][row]) == comeback, (where, "comeback")
    assert np.array_equal(out["branching_profile"][row], profile, equal_nan=True), (where, "branching profile")


def counted(states: Sequence[Any]) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """The game's counters (``game.counters``) of one game: its row and its heatmap hits."""
    counters = states[0].game.counters
    row = counters.new_row()
    hits: dict[str, list[int]] = {name: [] for name in counters.heatmaps}
    for state in states[1:]:
        counters.ply(row, hits, state)
    counters.final(row, states[-1])
    return row, hits


def random_positions(game: Any, seed: int, count: int, plies: int) -> list[Any]:
    """``count`` positions of seeded random games of ``game``, each after a random number (up to
    ``plies``) of uniformly random plies, chance plies by their odds; finished games included."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        state = game.new_state(seed=rng.randrange(2**32))
        for _ in range(rng.randrange(plies + 1)):
            if state.is_over:
                break
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                move = rng.choice(state.legal_moves())
            state = state.play(move)
        positions.append(state)
    return positions


def assert_legal_moves(kernel: Any, state: Any) -> None:
    """The kernel lists the rules engine's legal moves at ``state``, in its order."""
    expected = [str(move) for move in state.legal_moves()]
    assert kernel.legal_moves(state.game, state) == expected, state.to_text()


def assert_play_from(kernel: Any, state: Any, agents: Sequence[str], seed: int, count: int,
                     max_plies: int) -> dict[str, np.ndarray]:
    """``kernel.play_from`` continues ``state`` as the rules engine's reference loop does: the
    same plies, results, counters, heatmaps and balance metrics. Returns the kernel's output."""
    game = state.game
    out = kernel.play_from(game, state, tuple(agents), seed, count, max_plies, record=max_plies)
    reference = reference_games(game, reference_agents(agents), seed, 0, count, max_plies, position=state)
    heat = {name: np.zeros(len(out[f"heatmap:{name}"]), dtype=np.int64) for name in game.counters.heatmaps}
    for i, played in enumerate(reference):
        where = f"continuation {i} of\n{state.to_text()}"
        final = played.state
        assert kernel.recorded_moves(out, i) == played.moves, where
        assert out["plies"][i] == len(played.moves) and out["turns"][i] == final.turns, where
        assert tuple(out["scores"][i]) == final.scores, where
        assert out["winners"][i] == sum(1 << p for p in final.winners), where
        assert bool(out["unfinished"][i]) == (final.end_reason is None), where
        assert out["branching"][i] == played.branching, where
        states = replay(state, played.moves)
        row, hits = counted(states)
        for field in game.counters.fields:
            assert out[field][i].tolist() == row.get(field, 0), (where, field)
        for name, squares in hits.items():
            np.add.at(heat[name], squares, 1)
        assert_balance_metrics(out, i, states, where)
    for name, counts in heat.items():
        assert np.array_equal(out[f"heatmap:{name}"], counts), name
    return out
