"""Calibration (the reliability of expected points): how well an analysis predicts how games end.

An analysis says "Player 1 has 0.70 expected points here". That number is worth something only
if, of all the positions it gives 0.70, the player goes on to win about 70% of the points.
:func:`calibration` measures it: it plays ``games`` whole games of one level (``"medium"``, the
greedy rule in every seat, by default), takes one position of each game at a uniformly random
ply, values it as the analysis does (:func:`~.run.evaluate`: ``rollouts`` rollouts of the game's
rollout policy) and sets the values beside the points each seat got at the end. The
:class:`Calibration` it returns gives

- the **Brier score**: the mean squared difference between the predicted and the final
  points, over positions and seats (0 is a perfect prediction);
- the **baseline**: the same score for predicting 1/players everywhere, which is what a
  position would be worth if it told nothing; ``skill`` = 1 − Brier / baseline;
- the **reliability table** and its plot (:meth:`Calibration.plot`): the predictions cut into
  bins by value and, in each bin, the mean prediction against the mean of the points won, with
  its 95% interval. Well calibrated values lie on the diagonal.

The games are the playouts' games (game ``i`` of seed ``s`` is ``iw.playouts``' game ``i``),
played on the compiled kernel where one plays the level and on the rules engines otherwise
(or while the kernel is prepared in the background: nobody waits for a compile), with the
playout turn limit so that every game ends; a game stopped by that limit ends without
a winner (1/players each), as a rollout does. The ply of each position is drawn from a stream
of its own, so the same arguments always give the same result.

>>> import icewidgets as iw
>>> result = calibration(iw.available_games()[0], games=20, rollouts=4, seed=1)
>>> result.positions, result.predicted.shape == result.observed.shape
(20, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import numpy as np

from .. import agents as agents_module
from .. import checks, fast
from ..playout import game_rng, ply_limit, resolve_game
from ..protocol import CHANCE, Game, State
from ..stats import Estimate, Table, format_estimate, rate_estimate
from ..words import plural
from .run import evaluate
from .values import final_points, rollout_points

__all__ = ["Bin", "Calibration", "calibration"]

RECORDED_PLIES = 4_000
"""The most plies of a game a kernel keeps; a position is drawn from them."""


class Bin(NamedTuple):
    """One bin of the reliability table: predictions from ``low`` to ``high`` (``count`` of them,
    one per position and seat), their mean (``predicted``) and the mean of the points those
    seats finally got (``observed``, an :class:`~icewidgets.stats.Estimate` with its 95%
    interval; the seats of one position are counted as if they were independent)."""

    low: float
    high: float
    count: int
    predicted: float
    observed: Estimate


@dataclasses.dataclass(frozen=True, eq=False)
class Calibration:
    """How well expected points predicted the end of ``positions`` games (see the module docstring).

    ``states`` are the positions valued; ``predicted`` and ``observed`` are arrays of shape
    (positions, players): each position's
    value per seat and the seat's final points; ``plies`` is the ply each position was taken
    at and ``lengths`` the length of its game; ``in_play`` counts the positions taken before
    their game ended (a finished position is worth its final points exactly, and predicts
    nothing). ``level`` played the games, ``rollouts`` valued each position, ``seed`` drew both.
    """

    game: Game
    level: str
    rollouts: int
    seed: int
    states: tuple[State, ...]
    predicted: np.ndarray
    observed: np.ndarray
    plies: np.ndarray
    lengths: np.ndarray
    in_play: int

    @property
    def positions(self) -> int:
        """How many positions (one per game) were valued."""
        return len(self.predicted)

    @property
    def brier(self) -> float:
        """The mean squared difference between predicted and final points, over positions and seats."""
        return float(((self.predicted - self.observed) ** 2).mean())

    @property
    def baseline(self) -> float:
        """The Brier score of predicting 1/players for every seat of every position."""
        return float(((1.0 / self.game.num_players - self.observed) ** 2).mean())

    @property
    def skill(self) -> float:
        """1 − Brier / baseline: the share of the baseline's error the values remove (NaN when
        the baseline is 0: every game ended as it predicts)."""
        return 1.0 - self.brier / self.baseline if self.baseline > 0 else float("nan")

    def reliability(self, bins: int = 10) -> list[Bin]:
        """The predictions of every seat cut into ``bins`` bins of equal width from 0 to 1, the
        empty ones left out (see :class:`Bin`)."""
        bins = checks.whole(bins, "bins", low=1, high=100)
        predicted, observed = self.predicted.reshape(-1), self.observed.reshape(-1)
        index = np.minimum((predicted * bins).astype(np.int64), bins - 1)
        out = []
        for b in range(bins):
            chosen = index == b
            if chosen.any():
                out.append(Bin(b / bins, (b + 1) / bins, int(chosen.sum()), float(predicted[chosen].mean()),
                               rate_estimate(observed[chosen])))
        return out

    # Text and pictures ---------------------------------------------------------------------------

    @property
    def description(self) -> str:
        """What was measured, in a line."""
        return (f"{self.game.title}: {plural(self.positions, 'position')} of {self.level} games, "
                f"{plural(self.rollouts, 'rollout')} each")

    def table(self, bins: int = 10) -> Table:
        """The reliability table (a :class:`~icewidgets.stats.Table`, HTML in a notebook), with
        the Brier score against the baseline in its notes."""
        rows = [[f"{b.low:.1f}–{b.high:.1f}", f"{b.count:,}", f"{b.predicted:.2f}", format_estimate(b.observed)]
                for b in self.reliability(bins)]
        players = self.game.num_players
        notes = [f"Brier score {self.brier:.4f} against {self.baseline:.4f} for predicting 1/{players} everywhere "
                 f"(skill {self.skill:.2f}; lower scores are better).",
                 "Each position counts once per seat; points won: a game's winners share 1 point."]
        return Table(["predicted", "seats", "mean predicted", "points won (95%)"], rows,
                     title=f"Calibration of expected points. {self.description}", notes=notes)

    def __str__(self) -> str:
        return str(self.table())

    def __repr__(self) -> str:
        return (f"<Calibration {self.description}: Brier {self.brier:.4f} against the baseline's "
                f"{self.baseline:.4f}>")

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def plot(self, ax: Any = None, bins: int = 10) -> Any:
        """The reliability plot (matplotlib): the mean predicted against the mean won, per bin,
        with 95% intervals and the diagonal of perfect calibration; returns the Axes."""
        from .plot import plot_calibration

        return plot_calibration(self, ax=ax, bins=bins)


def calibration(game: Game | str, games: int = 200, *, level: Any = "medium", rollouts: int = 16, seed: int = 0,
                policy: Any = None, engine: str = "auto") -> Calibration:
    """Play ``games`` games of ``level`` (an agent spec naming one agent, which plays every
    seat: ``"medium"``, ``"easy"``, ``"random"``, …), value one position of each with
    ``rollouts`` rollouts of ``policy`` (default: the game's own) and compare with how the games
    ended (see the module docstring). ``game`` is a Game or a game name; ``engine`` as for
    :func:`icewidgets.analyse`.

    A few hundred games show the shape in seconds in most games; the analysis' calibration
    tests play 1,000 games of each game.
    """
    from ..games import make

    if isinstance(game, str):
        game = make(game)
    elif not isinstance(game, Game):
        raise TypeError(f"game={game!r} must be a game name or a Game, not {type(game).__name__}")
    games = checks.whole(games, "games", low=1, what="a whole number of games")
    rollouts = checks.whole(rollouts, "rollouts", low=1)
    seed = checks.seed(seed)
    agent = agents_module.get_agent(level, "level")
    level_name = agents_module.agent_name(level)
    played = resolve_game(game)  # the playout turn limit: every game ends
    lines, lengths, finals = _games(played, agent, games, seed, engine)
    picker = np.random.default_rng((seed, 1))  # the plies: a stream of their own
    positions, plies = [], []
    for i, line in enumerate(lines):
        ply = int(picker.integers(len(line))) if line else 0
        state = played.new_state(seed=game_rng(seed, i))
        for move in line[:ply]:
            state = state.play(move)
        positions.append(game.state_from_text(state.to_text()) if played != game else state)
        plies.append(ply)
    values = evaluate(positions, rollouts=rollouts, seed=seed, policy=policy, engine=engine)
    predicted = np.array([value.points for value in values])
    return Calibration(game, level_name, rollouts, seed, tuple(positions), predicted, np.asarray(finals, dtype=float),
                       np.array(plies), np.asarray(lengths), sum(not position.is_over for position in positions))


def _games(game: Game, agent: Any, n: int, seed: int, engine: str = "auto") -> tuple[list[list[str]], Any, Any]:
    """The moves (the first :data:`RECORDED_PLIES`), the lengths in plies and the final points
    of games 0…n-1 of ``agent`` in every seat.

    The kernel plays them where one plays the agent and is ready; it never waits for a compile
    (:func:`icewidgets.fast.ready`): while it is prepared in the background the rules engines
    play, game by game, and the kernel plays the games left once it is ready — the same games.
    """
    agents = (agent,) * game.num_players
    limit = ply_limit(game)
    record = min(limit, RECORDED_PLIES)
    kernel = fast.kernel_for(game, agents) if engine == "auto" else None
    lines: list[list[str]] = []
    lengths: list[int] = []
    finals: list[Any] = []
    for i in range(n):
        if kernel is not None and fast.ready(game, agents):
            out = kernel.play_range(game, fast.agent_names(agents), seed, i, n, limit, record=record)
            lines += [kernel.recorded_moves(out, row) for row in range(n - i)]
            lengths += np.asarray(out["plies"]).tolist()
            finals += list(rollout_points(out, game.num_players))
            break
        rng = game_rng(seed, i)
        state, line = game.new_state(seed=rng), []
        while not state.is_over and len(line) < limit:
            move = agents_module.chance_move(state, rng) if state.to_move == CHANCE else agent(state, rng)
            line.append(str(move))
            state = state.play(move)
        lines.append(line[:record])  # as the kernel records it: a position is drawn from the same plies
        lengths.append(len(line))
        finals.append(final_points(state))
    return lines, np.array(lengths), np.array(finals, dtype=float)
