"""Which rollout policy an analysis should use, per game: random against greedy (not a timed test).

    python benchmarks/analysis_policy.py                 # every game, 300 positions each
    python benchmarks/analysis_policy.py volcano -n 100 --rollouts 32

For each game it samples positions from whole games of a source level — ``medium`` (the greedy
rule in every seat, what the analysis calibration test plays) and ``easy`` (the greedy rule
with three moves in four random, closer to a beginner's game) — one position per game, at a
uniformly random ply, with the game's final points. Each position is valued with ``--rollouts``
rollouts of each policy, played as the analysis plays them (kernels where they apply), and
the table gives, per game, source and policy:

- ``finished``: the share of rollouts that ended by the rules (the rest stopped at the playout
  limit and count like a draw);
- ``Brier``: the mean squared difference between the predicted expected points and the game's
  final points, over positions and seats; ``baseline``: the same for predicting 1/players
  everywhere; ``skill``: 1 − Brier / baseline (higher is better; 0 is no better than the baseline);
- ``ms/rollout``: wall time per rollout.

Rollouts stop at the game's analysis horizon (1,000 plies by default) like the analysis' own.
A random rollout of Blockade costs about thirty greedy ones, so those rows use a quarter of the
positions and rollouts. Ice3 plays under ``goal="loose"`` too: under its default exact goal no
game of these agents ends within the playout turn limit, so every value is 1/2 and there is
nothing to predict (shown for completeness).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

import icewidgets as iw  # noqa: E402
from icewidgets import agents as A  # noqa: E402
from icewidgets.analysis.values import final_points, rollout_plies, rollout_points  # noqa: E402
from icewidgets.playout import game_rng, ply_limit, resolve_game  # noqa: E402

CASES = [("volcano", {}), ("volterra", {}), ("ice3", {}), ("ice3", {"goal": "loose"}), ("blockade", {})]
SOURCES = {"medium": "medium", "easy": "easy"}


def sample_positions(game: iw.Game, source: str, n: int, seed: int) -> list[tuple[iw.State, tuple[float, ...]]]:
    """``n`` (position, final points) pairs: game i played by ``source`` in every seat on the rules
    engine from ``game_rng(seed, i)``, one position at a uniformly random ply of it."""
    agent = A.get_agent(source)
    limit = ply_limit(resolve_game(game))
    played = resolve_game(game)  # the playout turn limit: every sampled game ends
    out = []
    for i in range(n):
        rng = game_rng(seed, i)
        state = played.new_state(seed=rng)
        states = [state]
        while not state.is_over and len(states) <= limit:
            state = state.play(agent(state, rng))
            states.append(state)
        pick = states[int(rng.integers(len(states) - 1))] if len(states) > 1 else states[0]
        position = game.state_from_text(pick.to_text()) if played != game else pick
        out.append((position, final_points(state)))
    return out


def measure(positions, policy: str, rollouts: int, seed: int) -> dict[str, float]:
    """Value every position with ``rollouts`` rollouts of ``policy`` (as the analysis plays them)."""
    predicted, actual, finished, played, started = [], [], [], 0, time.perf_counter()
    for index, (state, points) in enumerate(positions):
        if state.is_over:
            predicted.append(final_points(state))
        else:
            players = state.game.num_players
            out = A.play_on(state, [policy] * players, (seed, index), rollouts, rollout_plies(state.game))
            predicted.append(tuple(rollout_points(out, players).mean(axis=0)))
            finished.append(1 - out["unfinished"].mean())
            played += rollouts
        actual.append(points)
    predicted, actual = np.array(predicted), np.array(actual)
    players = actual.shape[1]
    brier = float(((predicted - actual) ** 2).mean())
    baseline = float(((1.0 / players - actual) ** 2).mean())
    return {"finished": float(np.mean(finished)) if finished else 1.0, "brier": brier, "baseline": baseline,
            "skill": 1 - brier / baseline if baseline else float("nan"),
            "ms": 1000 * (time.perf_counter() - started) / max(1, played)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("-n", type=int, default=300, help="positions per game and source (default 300)")
    parser.add_argument("--rollouts", type=int, default=64, help="rollouts per position (default 64)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"analysis rollout policies: {args.n} positions per game and source, {args.rollouts} rollouts each, "
          f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}\n")
    print(f"{'game':22} {'source':7} {'policy':7} {'finished':>9} {'Brier':>7} {'baseline':>9} {'skill':>6} "
          f"{'ms/rollout':>11}")
    for name, options in CASES:
        if args.games and name not in args.games:
            continue
        game = iw.make(name, **options)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        for source in SOURCES:
            positions = sample_positions(game, source, args.n, args.seed)
            for policy in ("random", "greedy"):
                slow = name == "blockade" and policy == "random"
                chosen = positions[: max(10, len(positions) // 4)] if slow else positions
                row = measure(chosen, policy, max(4, args.rollouts // 4) if slow else args.rollouts, args.seed)
                print(f"{label:22} {source:7} {policy:7} {100 * row['finished']:8.1f}% {row['brier']:7.4f} "
                      f"{row['baseline']:9.4f} {row['skill']:6.3f} {row['ms']:11.3f}", flush=True)


if __name__ == "__main__":
    main()
