"""Values of positions: expected points from rollouts, with 95% intervals, or exact.

A *rollout* is a game played on from a position by the rollout policy (one agent in every
seat) until it ends, or until it has gone the game's horizon (1,000 plies unless the game says
otherwise, fewer where its playout turn limit comes first: :func:`rollout_plies`); then it
stops unfinished. Each rollout gives every seat its points by the statistics convention: the
winners share 1 point, a game without a winner (a draw, or a rollout stopped unfinished) gives
each seat 1/players. A one-player game (a puzzle) scores 1 when it is won and 0 otherwise
(1/players would give every game of one player a point).

A position's value is the mean of its rollouts' points, per seat, with a 95% Wilson interval
(:meth:`icewidgets.stats.Tally.rate`). Chance plies inside rollouts (dice) are drawn by their
probabilities, so a rollout from a chance position samples its outcomes: the value of a chance
position is the probability-weighted mean of its outcomes' values, estimated by sampling.

Some values are exact, with no rollouts: a finished position is worth its final points, and
where the game's :class:`~icewidgets.analyst.Analyst` proves a shortest win for the player to
move, the position is worth 1 to that player.

Every batch of rollouts draws from ``SeedSequence((seed, ply, move, first), spawn_key=(i,))``
for rollout ``first + i`` of the position reached at ``ply`` by ``move`` (a CRC-32 of its
text), so an analysis depends only on its seed, never on the workers or the engine: the
compiled kernels (:func:`icewidgets.fast.play_from`) and the rules engines play the same
rollouts. Batches are cut into jobs of at most :data:`JOB_SIZE` rollouts, which run on one
thread per core when a kernel plays them (the kernels release the GIL); on the rules engines
they run one after another (threads would only contend for the GIL). A kernel that is not
ready yet (a first call in a new installation) is prepared in the background while the rules
engines play, and plays the rollouts left once it is (:func:`icewidgets.agents.play_on`): a
value does not show which engine played which rollout.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Sequence

import numpy as np

from .. import agents as agents_module
from .. import fast
from ..jsontext import json_shown
from ..playout import SAFETY_PLIES, resolve_game
from ..playout.chunks import default_workers
from ..protocol import CHANCE, Game, State
from ..stats import Z95, Tally

__all__ = ["JOB_SIZE", "MAX_ROLLOUTS", "MIN_PRECISION", "Rollouts", "Sample", "Stopped", "Value", "final_points", "most_rollouts", "move_code",
           "rollout_plies"]

JOB_SIZE = 128
"""The most rollouts in one call of an engine (a fixed cut, so that no result depends on the workers)."""

FIRST_BATCH = 64
"""Rollouts of a position's first batch; later batches aim at the precision from the interval so far."""


# Values ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Value:
    """Expected points per seat (``points``), with their 95% interval ``low``–``high``.

    ``rollouts`` is how many rollouts it comes from (0 for an exact value), ``finished`` how
    many of them reached the end of the game (the others stopped unfinished at the ply limit
    or the playout turn limit and count like a draw; None when not recorded, as in analyses
    saved before it was). ``exact`` values come from the rules (a finished game) or from the
    game's exact answers; ``ends_in`` is then the number of plies to the end of the game along
    the proved line (0: it is over).

    >>> v = Value((0.625, 0.375), (0.55, 0.3), (0.7, 0.45), rollouts=200)
    >>> v.text(0), round(v.half_width, 3)
    ('0.62 [0.55–0.70]', 0.075)
    """

    points: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    rollouts: int = 0
    exact: bool = False
    ends_in: int | None = None
    finished: int | None = None

    @property
    def unfinished(self) -> int:
        """How many of the rollouts stopped unfinished (0 when not recorded)."""
        return 0 if self.finished is None else self.rollouts - self.finished

    @property
    def half_width(self) -> float:
        """How far the widest seat's interval reaches from its value (0 for an exact value)."""
        return max(max(v - lo, hi - v) for v, lo, hi in zip(self.points, self.low, self.high))

    def text(self, player: int) -> str:
        """``"0.62 [0.55–0.70]"``: ``player``'s expected points and interval (``"1.00 exact"``)."""
        if self.exact:
            return f"{self.points[player]:.2f} exact"
        return f"{self.points[player]:.2f} [{self.low[player]:.2f}–{self.high[player]:.2f}]"

    def to_dict(self) -> dict[str, Any]:
        return {"points": list(self.points), "low": list(self.low), "high": list(self.high),
                "rollouts": self.rollouts, "exact": self.exact, "ends_in": self.ends_in, "finished": self.finished}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Value":
        """The value written by :meth:`to_dict`; a ValueError names the first field not of its kind."""
        if not isinstance(data, dict):
            raise ValueError(f"a value must be an object of fields, not {json_shown(data)}")

        def field(name: str, good: Any, what: str, optional: bool = False) -> Any:
            value = data.get(name)
            if name not in data or not (good(value) or optional and value is None):
                given = "missing" if name not in data else json_shown(value)
                raise ValueError(f"a value's {name!r} must be {what}, not {given}")
            return value

        def seats(v: Any) -> bool:
            # about 0 to 1 (a range that holds no overflow); the exact bounds are checked with the game
            return isinstance(v, list) and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                               and -1 <= x <= 2 for x in v)

        def count(v: Any) -> bool:
            return type(v) is int and v >= 0

        points, low, high = (tuple(float(x) for x in field(name, seats, "a list of numbers, one per seat"))
                             for name in ("points", "low", "high"))
        rollouts = field("rollouts", count, "a count ≥ 0")
        exact = field("exact", lambda v: isinstance(v, bool), "true or false")
        ends_in = field("ends_in", count, "a count ≥ 0 or null", optional=True)
        finished = None if "finished" not in data else field(  # not kept by the first saved analyses
            "finished", lambda v: count(v) and v <= rollouts, f"a count from 0 to its {rollouts} rollouts, or null",
            optional=True)
        if exact and (rollouts or low != points or high != points):
            raise ValueError(f"a value's 'exact' is true, but it comes from {rollouts:,} rollouts with the interval "
                             f"{list(low)} to {list(high)}: an exact value has no rollouts, and its interval is its points")
        return cls(points, low, high, rollouts, exact, ends_in, finished)


def final_points(state: State) -> tuple[float, ...]:
    """The points of a finished ``state`` per seat (see the module docstring).

    >>> import icewidgets as iw
    >>> final_points(iw.make(iw.available_games()[0]).new_state())  # not over: as a game without a winner
    (0.5, 0.5)
    """
    players = state.game.num_players
    winners = state.winners
    if winners:
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(players))
    return (0.0,) if players == 1 else (1.0 / players,) * players


def win_points(player: int, players: int) -> tuple[float, ...]:
    """The points of a game that ``player`` wins alone."""
    return tuple(1.0 if p == player else 0.0 for p in range(players))


def rollout_finished(out: dict[str, np.ndarray]) -> int:
    """How many of an engine's rollouts reached the end of their game (not stopped unfinished)."""
    return int(len(out["unfinished"]) - np.count_nonzero(out["unfinished"]))


def rollout_points(out: dict[str, np.ndarray], players: int) -> np.ndarray:
    """Points per rollout and seat, (n, players), from an engine's arrays (``winners`` a bit mask)."""
    mask = np.asarray(out["winners"]).astype(np.int64)
    won = ((mask[:, None] >> np.arange(players)) & 1).astype(float)
    if players == 1:
        return won
    shared = won.sum(axis=1, keepdims=True)
    return np.where(shared > 0, won / np.maximum(shared, 1.0), 1.0 / players)


MIN_PRECISION = 0.001
"""The finest precision an analysis aims at (±0.001): about a million rollouts a position
(:func:`most_rollouts`); a finer one would take days and more memory than a machine has."""

MAX_ROLLOUTS = 1_000_000
"""The most rollouts a position is given at once (``evaluate(..., rollouts=…)``): as many as the
finest precision, :data:`MIN_PRECISION`, needs."""


@functools.lru_cache(maxsize=None)
def most_rollouts(precision: float) -> int:
    """The rollouts after which every interval is at most ±``precision`` wide, whatever the
    mean: the longer side of Wilson's interval (:attr:`icewidgets.stats.Estimate.half_width`)
    is widest a little off 1/2, where this many trials bring it within ``precision``.

    >>> most_rollouts(0.05), most_rollouts(0.1)
    (385, 97)
    """
    if not MIN_PRECISION <= precision < 0.5:
        raise ValueError(f"precision={precision!r} must be at least {MIN_PRECISION} and below 0.5")
    n = max(1, int((Z95 / (2 * precision)) ** 2) - 3)
    while _longest_side(n) > precision:
        n += 1
    return n


def _longest_side(n: int) -> float:
    """The longest reach of a 95% Wilson interval from its mean, over every mean, for ``n`` trials."""
    p = np.linspace(0.0, 1.0, 20_001)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low, high = np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)
    return float(np.maximum(p - low, high - p).max()) + 1e-9


def move_code(text: str) -> int:
    """The number a move's text contributes to its rollouts' seeds (CRC-32; 0 for no move).

    >>> move_code(""), move_code("c3-c4") == move_code("c3-c4")
    (0, True)
    """
    return zlib.crc32(text.encode()) if text else 0


def rollout_plies(game: Game) -> int:
    """The most plies a rollout plays: the game's analysis horizon (``game.analyst.horizon``),
    or fewer where a whole playout of ``game`` is bounded sooner (its ply bound under the
    game's playout turn limit, :func:`icewidgets.playout.resolve_game`)."""
    return min(game.analyst.horizon, resolve_game(game).ply_bound or SAFETY_PLIES)


# Samples --------------------------------------------------------------------------------------


class Sample:
    """One position's evaluation so far: its rollouts' points per seat, or an exact value.

    ``ply`` and ``move`` (the text of the move that reached it) name its rollouts' random
    streams. Add rollouts with :meth:`Rollouts.play`; read it with :meth:`value`,
    :meth:`mean`, :meth:`low`, :meth:`high`.
    """

    __slots__ = ("state", "ply", "move", "players", "tallies", "n", "finished", "exact", "ends_in", "_value")

    def __init__(self, state: State, ply: int, move: str, exact: tuple[float, ...] | None = None,
                 ends_in: int | None = None):
        self.state, self.ply, self.move = state, ply, move
        self.players = state.game.num_players
        self.tallies = [Tally() for _ in range(self.players)]
        self.n = self.finished = 0
        self.exact, self.ends_in = exact, ends_in
        self._value: Value | None = None

    def add(self, points: np.ndarray, finished: int) -> None:
        """Add rollouts' ``points`` (n, players), of which ``finished`` reached the game's end."""
        for p, tally in enumerate(self.tallies):
            tally.add(points[:, p])
        self.n += len(points)
        self.finished += finished
        self._value = None

    def value(self) -> Value:
        """The value so far (before any rollout: 1/players with the interval 0–1)."""
        if self._value is None:
            self._value = self._compute()
        return self._value

    def _compute(self) -> Value:
        if self.exact is not None:
            return Value(self.exact, self.exact, self.exact, 0, True, self.ends_in, 0)
        if not self.n:
            neutral = (1.0 / self.players,) * self.players
            return Value(neutral, (0.0,) * self.players, (1.0,) * self.players, finished=0)
        rates = [tally.rate() for tally in self.tallies]
        return Value(tuple(r.value for r in rates), tuple(r.low for r in rates), tuple(r.high for r in rates), self.n,
                     finished=self.finished)

    def mean(self, player: int) -> float:
        return self.value().points[player]

    def low(self, player: int) -> float:
        return self.value().low[player]

    def high(self, player: int) -> float:
        return self.value().high[player]

    def half_width(self, player: int | None = None) -> float:
        """The half-width of ``player``'s interval (every seat's widest with None)."""
        value = self.value()
        if player is None:
            return value.half_width
        return max(value.points[player] - value.low[player], value.high[player] - value.points[player])

    def settled(self, precision: float, player: int | None = None) -> bool:
        """Whether more rollouts are pointless: exact, or within ``precision``."""
        return self.exact is not None or (self.n > 0 and self.half_width(player) <= precision)

    def next_batch(self, precision: float) -> int:
        """How many rollouts to add to reach ``precision``: the first batch, then what the
        interval so far says is missing (at least 32, at most up to :func:`most_rollouts`)."""
        cap = most_rollouts(precision)
        if not self.n:
            return min(FIRST_BATCH, cap)
        needed = math.ceil(self.n * (self.half_width() / precision) ** 2 * 1.1)
        return max(1, min(cap - self.n, max(32, needed - self.n)))


# Playing rollouts -----------------------------------------------------------------------------


class Stopped(Exception):
    """Raised between batches when an analysis must stop: ``str()`` says why."""


class Rollouts:
    """Plays batches of rollouts for :class:`Sample` objects (see the module docstring).

    ``policy``: the agent of every seat; ``engine``: ``"auto"`` (a compiled kernel where one
    plays the policy) or ``"reference"``; ``deadline`` (a ``time.perf_counter()`` value) and
    ``stop`` (anything with ``is_set()``, such as a ``threading.Event``) end the work with
    :class:`Stopped` before the next ply of a rollout on the rules engines, or the next job of
    :data:`JOB_SIZE` rollouts of a compiled kernel (a batch stopped halfway is dropped whole, so no
    value depends on when it stopped). Use it as a context manager (its thread pool).
    """

    def __init__(self, game: Game, policy: Any, seed: int, engine: str = "auto", deadline: float | None = None,
                 stop: Any = None, workers: int | None = None):
        self.game, self.seed = game, seed
        self.agents = [agents_module.get_agent(policy)] * game.num_players
        kernel = fast.kernel_for(game, self.agents) if engine == "auto" else None
        self.compiled = kernel is not None and hasattr(kernel, "play_from")
        self.workers = (default_workers() if workers is None else workers) if self.compiled else 1
        self.max_plies = rollout_plies(game)
        self.deadline, self.stop = deadline, stop
        self.played = 0
        self.ready_at_start = False  # whether the kernel could play as the rollouts began (set on entry)
        self._pool: ThreadPoolExecutor | None = None

    def __enter__(self) -> "Rollouts":
        # Never waits for a compiler: a kernel not ready yet is prepared in the background
        # while the rules engines play the rollouts, each switching over once it is ready.
        self.ready_at_start = self.compiled and fast.ready(self.game, self.agents, continuing=True)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def check(self) -> None:
        """Raise :class:`Stopped` if the stop event is set or the deadline has passed."""
        if self.stop is not None and self.stop.is_set():
            raise Stopped("stopped")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Stopped("time limit")

    def play(self, wants: Sequence[tuple[Sample, int]]) -> None:
        """Add ``count`` rollouts to each ``(sample, count)``, all jobs at once on the pool."""
        self.check()
        jobs = []
        for sample, count in wants:
            for first in range(sample.n, sample.n + count, JOB_SIZE):
                jobs.append((sample, first, min(JOB_SIZE, sample.n + count - first)))
        if self.workers <= 1 or len(jobs) <= 1:
            results = [self._job(sample, first, count) for sample, first, count in jobs]
        else:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="icewidgets-analysis")
            futures = [self._pool.submit(self._job, sample, first, count) for sample, first, count in jobs]
            results = [future.result() for future in futures]
        for (sample, _, _), (points, finished) in zip(jobs, results):  # in job order: sums never depend on timing
            sample.add(points, finished)
            self.played += len(points)

    def _job(self, sample: Sample, first: int, count: int) -> tuple[np.ndarray, int]:
        # Checked before every job, not only every batch: a batch of the rules engine's rollouts
        # runs its jobs one after the other and can outlast a deadline many times over.
        self.check()
        seed = (self.seed, sample.ply, move_code(sample.move), first)
        out = agents_module.play_on(sample.state, self.agents, seed, count, self.max_plies,
                                    engine="auto" if self.compiled else "reference", check=self.check)
        return rollout_points(out, sample.players), rollout_finished(out)

    def settle(self, samples: Sequence[Sample], precision: float) -> None:
        """Add rollouts until every sample is exact or within ``precision`` on every seat."""
        while True:
            wants = [(s, s.next_batch(precision)) for s in samples if not s.settled(precision)]
            if not wants:
                return
            self.play(wants)


def position_sample(state: State, ply: int, move: str, line: Callable[[State], Sequence[Any] | None]) -> Sample:
    """The sample of a position: exact when it is over or ``line(state)`` proves a win for the
    player to move, else waiting for rollouts."""
    if state.is_over:
        return Sample(state, ply, move, final_points(state), 0)
    if state.to_move != CHANCE:
        proved = line(state)
        if proved:
            return Sample(state, ply, move, win_points(state.player, state.game.num_players), len(proved))
    return Sample(state, ply, move)


def value_positions(game: Any, states: Sequence[Any], agent: Any, seed: int, engine: str,
                    precision: float, rollouts: int | None = None) -> list[Value]:
    """The values of ``states`` (positions of ``game``) by ``agent``'s rollouts, to ``precision``
    or from exactly ``rollouts`` each; position i seeded like an analysis' i-th ply."""
    samples = [position_sample(s, i, "", game.analyst.winning_line) for i, s in enumerate(states)]
    with Rollouts(game, agent, seed, engine) as runner:
        if rollouts is not None:
            runner.play([(sample, rollouts) for sample in samples if sample.exact is None])
        else:
            runner.settle(samples, precision)
    return [sample.value() for sample in samples]
