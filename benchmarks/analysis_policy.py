"""Which rollout policy an analysis should use, per game: random against greedy (not a timed test).

    python benchmarks/analysis_policy.py                 # every game, 300 positions each
    python benchmarks/analysis_policy.py volcano -n 100 --rollouts 32
    python -m icewidgets bench-policy GAME               # the same for any installed game

The measurement itself is :mod:`icewidgets.bench` (:func:`~icewidgets.bench.policy_rows`).

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

import icewidgets as iw  # noqa: E402
from icewidgets.bench import policy_rows, policy_table  # noqa: E402

CASES = [("volcano", {}), ("volterra", {}), ("ice3", {}), ("ice3", {"goal": "loose"}), ("blockade", {})]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("-n", type=int, default=300, help="positions per game and source (default 300)")
    parser.add_argument("--rollouts", type=int, default=64, help="rollouts per position (default 64)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"analysis rollout policies: {args.n} positions per game and source, {args.rollouts} rollouts each, "
          f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}\n")
    print(policy_table("", [])[0])
    for name, options in CASES:
        if args.games and name not in args.games:
            continue
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        rows = policy_rows(iw.make(name, **options), args.n, args.rollouts, args.seed, slow=name == "blockade")
        print("\n".join(policy_table(label, rows, header=False)), flush=True)


if __name__ == "__main__":
    main()
