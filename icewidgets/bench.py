"""Measurements a game author runs on any installed game: the analysis' rollout policy and the
levels' ladder (``python -m icewidgets bench-policy GAME`` and ``python -m icewidgets ladder GAME``).

:func:`policy_rows` says which rollout policy an analysis should use (CONTRIBUTING step 11):
positions sampled from whole games of a source level (``"medium"``: the greedy rule in every
seat; ``"easy"``: closer to a beginner's game), one per game at a uniformly random ply, each
valued by rollouts of ``"random"`` and of ``"greedy"`` as the analysis plays them, against the
game's final points. A row gives the share of rollouts that ended by the rules, the Brier score
(mean squared difference between predicted and final points, over positions and seats), the
baseline (the same for predicting 1/players everywhere), the skill (1 − Brier / baseline: higher
is better) and the wall time per rollout.

:func:`ladder_rows` plays every level against the one below it (random, ``"easy"``,
``"medium"``, ``"hard"``; CONTRIBUTING step 12): each match a two-agent tournament with seats
rotated, with the higher rung's points per game and 95% interval, the games left unfinished and
the CPU time the higher rung took per move. Targets: :data:`TARGET_POINTS` a game against the
level below, at most :data:`TARGET_SECONDS` a move.

Both are measurements, not tests: they take minutes; the numbers depend on the machine only in
their times.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from . import agents as A
from .analysis.values import final_points, rollout_plies, rollout_points
from .playout import game_rng, ply_limit, resolve_game, tournament
from .protocol import CHANCE, Game, State

__all__ = ["RUNGS", "SOURCES", "TARGET_POINTS", "TARGET_SECONDS", "ladder_note", "ladder_rows", "ladder_table", "policy_rows",
           "policy_table", "sample_positions"]

SOURCES = ("medium", "easy")
"""The levels whose games the policy measurement samples positions from."""
RUNGS = ("random", "easy", "medium", "hard")
"""The ladder's rungs, lowest first."""
TARGET_POINTS, TARGET_SECONDS = 0.70, 1.0
"""What each level should reach against the one below it: points per game, and CPU seconds a move at most."""


def sample_positions(game: Game, source: str, n: int, seed: int) -> list[tuple[State, tuple[float, ...]]]:
    """``n`` (position, final points) pairs: game i played by ``source`` in every seat on the rules
    engine from ``game_rng(seed, i)``, one position at a uniformly random ply of it."""
    agent = A.get_agent(source)
    played = resolve_game(game)  # the playout turn limit: every sampled game ends
    limit = ply_limit(played)
    out = []
    for i in range(n):
        rng = game_rng(seed, i)
        state = played.new_state(seed=rng)
        states = [state]
        while not state.is_over and len(states) <= limit:
            state = state.play(agent(state, rng))  # the levels roll the dice at a chance ply too
            states.append(state)
        pick = states[int(rng.integers(len(states) - 1))] if len(states) > 1 else states[0]
        position = game.state_from_text(pick.to_text()) if played != game else pick
        out.append((position, final_points(state)))
    return out


def measure_policy(positions: list[tuple[State, tuple[float, ...]]], policy: str, rollouts: int,
                   seed: int) -> dict[str, float]:
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
    predicted_array, actual_array = np.array(predicted), np.array(actual)
    players = actual_array.shape[1]
    brier = float(((predicted_array - actual_array) ** 2).mean())
    baseline = float(((1.0 / players - actual_array) ** 2).mean())
    return {"finished": float(np.mean(finished)) if finished else 1.0, "brier": brier, "baseline": baseline,
            "skill": 1 - brier / baseline if baseline else float("nan"),
            "ms": 1000 * (time.perf_counter() - started) / max(1, played)}


def policy_rows(game: Game, n: int = 300, rollouts: int = 64, seed: int = 1, slow: bool = False) -> list[dict[str, Any]]:
    """One row per source level and policy for ``game`` (see the module docstring); ``slow``: a
    game whose random rollouts are slow measures them on a quarter of the positions and rollouts."""
    rows = []
    for source in SOURCES:
        positions = sample_positions(game, source, n, seed)
        for policy in ("random", "greedy"):
            quarter = slow and policy == "random"
            chosen = positions[: max(10, len(positions) // 4)] if quarter else positions
            row = measure_policy(chosen, policy, max(4, rollouts // 4) if quarter else rollouts, seed)
            rows.append({"source": source, "policy": policy, **row})
    return rows


def policy_table(label: str, rows: list[dict[str, Any]], header: bool = True) -> list[str]:
    """The lines of a table of :func:`policy_rows`, for the game called ``label``."""
    lines = [f"{'game':22} {'source':7} {'policy':7} {'finished':>9} {'Brier':>7} {'baseline':>9} {'skill':>6} "
             f"{'ms/rollout':>11}"] if header else []
    for row in rows:
        lines.append(f"{label:22} {row['source']:7} {row['policy']:7} {100 * row['finished']:8.1f}% {row['brier']:7.4f} "
                     f"{row['baseline']:9.4f} {row['skill']:6.3f} {row['ms']:11.3f}")
    return lines


class Timed:
    """An agent that keeps the CPU time of each of its decisions (chance plies are not counted)."""

    def __init__(self, name: str):
        self.agent = A.get_agent(name)
        self.agent_name = name
        self.seconds: list[float] = []

    def __call__(self, state: State, rng: Any) -> Any:
        started = time.process_time()
        move = self.agent(state, rng)
        if state.to_move != CHANCE:
            self.seconds.append(time.process_time() - started)
        return move


def match(game: Game | str, higher: str, lower: str, n: int, seed: int, options: dict[str, Any] | None = None) -> dict:
    """The higher rung against the lower in ``n`` games of ``game`` (a name with ``options``, or a Game)."""
    strong, weak = Timed(higher), Timed(lower)
    started = time.perf_counter()
    result = tournament(game, [strong, weak], n=n, seed=seed, progress=False, options=options)
    unfinished = int(result.matches[(0, 1)].outcome("unfinished").sum())
    name = game if isinstance(game, str) else game.name
    return {"game": name, "higher": higher, "lower": lower, "games": int(result.games[0, 1]),
            "points": float(result.score[0, 1]), "low": float(result.low[0, 1]), "high": float(result.high[0, 1]),
            "unfinished": unfinished, "mean_s": sum(strong.seconds) / max(1, len(strong.seconds)),
            "max_s": max(strong.seconds, default=0.0), "wall_s": time.perf_counter() - started}


def ladder_rows(game: Game | str, n: int = 24, quick_n: int = 200, seed: int = 17,
                options: dict[str, Any] | None = None, notify: Any = None) -> list[dict]:
    """Every rung against the one below in ``game``: ``n`` games a match with ``"hard"`` (the slow
    level), ``quick_n`` the others. ``notify(row)``, if given, is called after each match."""
    rows = []
    for lower, higher in zip(RUNGS, RUNGS[1:]):
        rows.append(match(game, higher, lower, n if higher == "hard" else quick_n, seed, options))
        if notify is not None:
            notify(rows[-1])
    return rows


def ladder_note() -> str:
    """What the ladder table's ``met`` column says, printed under it.

    >>> ladder_note()[:60]
    'met: yes when the level scored at least 0.70 points a game a'
    """
    return (f"met: yes when the level scored at least {TARGET_POINTS:.2f} points a game against the rung below, "
            f"thinking at most {TARGET_SECONDS:g} s a move, else NO; — for easy vs random, shown for reference "
            "(random is no level)")


def ladder_table(rows: list[dict], header: bool = True) -> list[str]:
    """The lines of a table of :func:`ladder_rows` (easy against random is shown for reference:
    random is no level; :func:`ladder_note` says what the ``met`` column means)."""
    lines = []
    if header:
        lines.append(f"{'game':<9} {'match':<17} {'games':>5} {'points/game':>11} {'95% interval':>14} {'unfin.':>6} "
                     f"{'s/move mean':>11} {'max':>6} {'met':>4}")
        lines.append("-" * len(lines[0]))
    for row in rows:
        met = row["points"] >= TARGET_POINTS and row["max_s"] <= TARGET_SECONDS
        verdict = "—" if row["lower"] not in A.LEVELS else "yes" if met else "NO"
        interval = f"[{row['low']:.2f}, {row['high']:.2f}]"
        lines.append(f"{row['game']:<9} {row['higher'] + ' vs ' + row['lower']:<17} {row['games']:>5} "
                     f"{row['points']:>11.2f} {interval:>14} {row['unfinished']:>6} {row['mean_s']:>11.3f} "
                     f"{row['max_s']:>6.2f} {verdict:>4}")
    return lines
