"""The best moves of a position: a race over its legal moves, and :func:`hint`.

Every legal move is played; the move's value is the value of the position it leads to, for the
player who makes it. Some are known exactly without rollouts: a move that ends the game is
worth its final points (a move that wins at once is worth 1), and where the game proves a
shortest win (:meth:`icewidgets.analyst.Analyst.winning_line`) its first move is worth 1. The
others are valued by rollouts, spent by *successive halving with racing*:

1. Round 0 gives every move ``b`` rollouts, ``b`` = 512 ÷ moves, between 4 and 32 (so a
   position with 361 legal moves starts with 4 each, one with 16 moves with 32 each).
2. After each round, a move whose upper bound falls below the lower bound of the ``k``-th best
   move (the leader, when one move is wanted) is dropped: it is worse, with 95% confidence.
   If more than half of the round's moves remain, only the better half (by mean) goes on.
3. The next round gives each remaining move twice as many rollouts as the last one did, up to
   the count at which any interval is within the precision (:func:`~.values.most_rollouts`).
4. A move dropped earlier that finds itself among the ``k`` best again (a rival's mean fell)
   races again, once. It ends when the ``k`` best and every remaining move are known to
   ±precision, or when the race has spent its budget: 512 rollouts a round for log₂(moves) + 2
   rounds, and the precision's count (:func:`~.values.most_rollouts`) for each of the ``k``
   best. (Moves all but equal, as in a decided game, would otherwise race on for nothing; a race
   cut short ranks the moves by the lower ends of their intervals, so a move known to be good
   comes before one that merely won its few rollouts.)

So about log₂(moves) rounds cost about 512 rollouts each, and the last few moves get as many
rollouts as the precision needs; no move is dropped at random. The moves are ranked by value
for the player to move; an exact value ranks before an estimate of the same mean, a win sooner
before a win later, and otherwise the legal order decides.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, Iterator, Sequence

from ..protocol import CHANCE, State
from .values import Rollouts, Sample, Stopped, Value, final_points, most_rollouts, win_points

__all__ = ["PROVED", "Entry", "Hint", "Hints", "by_lower_bound", "proved_mark", "race"]

ROUND_BUDGET = 512
"""Rollouts of a race's first round, shared by the moves (4 to 32 each)."""


@dataclasses.dataclass(eq=False)
class Entry:
    """One legal move in a race: its ``index`` in ``legal_moves()`` order and its ``sample``
    (the position after it)."""

    move: Any
    index: int
    sample: Sample

    def key(self, player: int) -> tuple:
        """The ranking key for ``player`` (higher is better; see the module docstring)."""
        value = self.sample.value()
        points = value.points[player]
        sooner = 0
        if value.exact and value.ends_in is not None:
            sooner = -value.ends_in if points >= 0.5 else value.ends_in
        # A move proved to lose (exactly 0) ranks after every estimate, however low.
        known_lost = value.exact and points <= 0.0
        return (not known_lost, points, value.exact, sooner, -self.index)

    def tie_key(self, player: int) -> tuple:
        """:meth:`key` without the legal order: equal tie keys are equally good moves."""
        return self.key(player)[:4]


def race(state: State, rollouts: Rollouts, precision: float, k: int = 1, ply: int = 1,
         played: tuple[Any, Sample] | None = None,
         line: Callable[[State], Sequence[Any] | None] = lambda state: None,
         moves: Sequence[Any] | None = None, round_budget: int = ROUND_BUDGET,
         proofs: dict[str, tuple[tuple[float, ...], int]] | None = None) -> list[Entry]:
    """Rank the legal moves of ``state`` (a decision, not a chance ply) for its player, best
    first, finding the ``k`` best as the module docstring says.

    ``played`` is ``(move, sample)`` for a move whose value is already being estimated (the move
    a game played: its position's sample is shared). ``ply`` is the ply number the moves would
    be, naming their rollouts' streams. ``line`` is the game's proof of a shortest win.
    ``moves`` limits the race to those legal moves (in their order; default all), and
    ``round_budget`` sets the first round's rollouts and the race's budget (:data:`ROUND_BUDGET`
    by default), as the module docstring says. ``proofs`` maps move texts to exact ``(points,
    plies to the end)`` proved by a search (:mod:`.tactics`): those moves get no rollouts. On :class:`~.values.Stopped` the ranking so far
    is kept on the exception (``exc.ranking``).
    """
    player = state.player
    players = state.game.num_players
    proved = line(state)
    first = proved[0] if proved else None
    entries: list[Entry] = []
    for index, move in enumerate(state.legal_moves() if moves is None else moves):
        if played is not None and move == played[0]:
            entries.append(Entry(move, index, played[1]))
            continue
        after = state._apply(move)  # a listed move is legal: no second check
        text = str(move)
        if after.is_over:
            sample = Sample(after, ply, text, final_points(after), 0)
        elif first is not None and move == first:
            sample = Sample(after, ply, text, win_points(player, players), len(proved) - 1)
        elif proofs and text in proofs:
            sample = Sample(after, ply, text, *proofs[text])
        else:
            sample = Sample(after, ply, text)
        entries.append(Entry(move, index, sample))
    fixed = {id(played[1])} if played is not None else set()
    alive = [e for e in entries if e.sample.exact is None and id(e.sample) not in fixed]
    cap = most_rollouts(precision)
    batch = max(4, min(32, round_budget // max(1, len(alive))))
    budget = round_budget * (math.ceil(math.log2(len(alive) + 1)) + 2) + k * cap
    back: set[int] = set()  # the moves that came back into the race once
    try:
        while alive and budget > 0:
            ranked = _ranked(entries, player)
            if k == 1 and ranked[0].sample.exact is not None and ranked[0].sample.mean(player) >= 1.0:
                break  # a proved win: nothing beats it
            wants = [(e.sample, min(batch, cap - e.sample.n)) for e in alive if not e.sample.settled(precision, player)]
            wants = [(sample, count) for sample, count in wants if count > 0]
            if not wants:
                break
            rollouts.play(wants)
            budget -= sum(count for _, count in wants)
            alive = _survivors(entries, alive, player, k)
            # A move dropped earlier that is back among the k best (a rival's mean fell) races again, once.
            returning = [e for e in _ranked(entries, player)[:k] if e not in alive and e.sample.exact is None
                         and id(e.sample) not in fixed and e.index not in back]
            back.update(e.index for e in returning)
            alive += returning
            alive = sorted((e for e in alive if not e.sample.settled(precision, player) and e.sample.n < cap),
                           key=lambda e: e.index)
            batch *= 2
    except Stopped as stopped:
        stopped.ranking = _ranked(entries, player)  # type: ignore[attr-defined]
        raise
    if budget <= 0 and alive:
        return by_lower_bound(entries, player)  # cut short among moves all but equal
    return _ranked(entries, player)


def by_lower_bound(entries: Sequence[Entry], player: int) -> list[Entry]:
    """``entries`` ranked for a race cut short: by the lower ends of their intervals, so that a
    move known to be good comes before one that merely won its few rollouts."""
    return sorted(entries, key=lambda e: e.key(player)[:1] + (e.sample.low(player),) + e.key(player), reverse=True)


def _ranked(entries: list[Entry], player: int) -> list[Entry]:
    return sorted(entries, key=lambda e: e.key(player), reverse=True)


def _survivors(entries: list[Entry], alive: list[Entry], player: int, k: int) -> list[Entry]:
    """The racing moves still in the race after a round: those whose upper bound reaches the
    lower bound of the ``k``-th best move, then at most the better half of the round's moves."""
    ranked = _ranked(entries, player)
    bar = ranked[min(k, len(ranked)) - 1].sample.low(player)
    kept = [e for e in alive if e.sample.high(player) >= bar]
    keep = max(k, math.ceil(len(alive) / 2))
    if len(kept) > keep:
        kept = sorted(kept, key=lambda e: e.key(player), reverse=True)[:keep]
        kept.sort(key=lambda e: e.index)
    return kept


# Hints ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Hint:
    """One suggested move: ``move`` (the move object; ``str()`` is its notation) and ``value``,
    the expected points of the player who makes it, with its 95% interval ``low``–``high``
    from ``rollouts`` rollouts, or ``exact``; ``ends_in``: plies to the end along a proved line."""

    move: Any
    value: float
    low: float
    high: float
    rollouts: int
    exact: bool = False
    ends_in: int | None = None
    proved: str | None = None
    """What an exact search proved of the move for its player: ``"win"`` (a sole win whatever
    the others do), ``"loss"``, ``"shared"`` (a shared win at best and at worst), or None
    (unknown within the search's reach: the value is the rollouts' estimate)."""
    plies: int | None = None
    """With ``proved``: the plies to that result, the move itself counted (a move that wins at
    once is a win in 1)."""
    line: tuple[str, ...] = ()
    """The expected continuation after the move, a few plies, as move texts (the proof's line
    for a proved move, else the search's and the rollout policy's best replies)."""

    @property
    def mark(self) -> str:
        """The proved result in short, after lichess: ``"#3"`` (a win in 3 plies), ``"#-2"`` (a
        loss in 2), ``"=#4"`` (a shared win in 4), ``""`` when nothing is proved."""
        return proved_mark(self.proved, self.plies)

    def __str__(self) -> str:
        if self.exact:
            if self.proved is not None and self.plies is not None and self.plies > 1:
                how = f"a proved {self.proved} in {self.plies} plies, {self.mark}"
            elif self.ends_in == 0:
                how = "wins at once" if self.value >= 1 else "ends the game"
            else:
                how = f"a proved win in {self.ends_in + 1} plies"
            line = f"  then {' '.join(self.line)}" if self.line else ""
            return f"{self.move}  {self.value:.2f} exact ({how}){line}"
        return f"{self.move}  {self.value:.2f} [{self.low:.2f}–{self.high:.2f}]  {self.rollouts:,} rollouts"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict (the move as its text)."""
        return {"move": str(self.move), "value": self.value, "low": self.low, "high": self.high,
                "rollouts": self.rollouts, "exact": self.exact, "ends_in": self.ends_in,
                "proved": self.proved, "plies": self.plies, "mark": self.mark, "line": list(self.line)}


PROVED = ("win", "loss", "shared")
"""The results an exact search proves, for the player who makes the move."""


def proved_mark(proved: str | None, plies: int | None) -> str:
    """``"#N"``, ``"#-N"``, ``"=#N"`` or ``""`` for a proved result in ``plies`` plies.

    >>> proved_mark("win", 3), proved_mark("loss", 2), proved_mark("shared", 4), proved_mark(None, None)
    ('#3', '#-2', '=#4', '')
    """
    if proved is None or plies is None:
        return ""
    return {"win": f"#{plies}", "loss": f"#-{plies}", "shared": f"=#{plies}"}[proved]


@dataclasses.dataclass(frozen=True)
class Hints(Sequence):
    """The best moves of a position for the player to move, best first (a sequence of
    :class:`Hint`): ``player`` and their ``name``, ``legal`` moves compared, the ``precision``
    aimed at, the rollout ``policy``, the ``rollouts`` played in all, ``complete`` (False
    when a time limit or a stop cut the search short: the order is then less sure), and a
    ``note`` saying why it is less sure than usual, or may differ from a later hint ("" when
    neither: a first hint while the fast engine is still being prepared, for one, is cut short
    after a few seconds, or drawn on the rules engine)."""

    hints: tuple[Hint, ...]
    player: int
    name: str
    legal: int
    precision: float
    policy: str
    rollouts: int = 0
    complete: bool = True
    note: str = ""

    def __getitem__(self, index: Any) -> Any:
        return self.hints[index]

    def __len__(self) -> int:
        return len(self.hints)

    def __iter__(self) -> Iterator[Hint]:
        return iter(self.hints)

    def __repr__(self) -> str:
        head = (f"Best moves for {self.name} ({len(self.hints)} of {self.legal} legal, expected points with 95% "
                f"intervals, ±{self.precision:g}, {self.policy} rollouts)")
        if not self.complete:
            head += " — cut short, so less sure"
        lines = [head + ":"] + [f"  {i}. {hint}" for i, hint in enumerate(self.hints, 1)]
        return "\n".join(lines + ([self.note] if self.note else []))

    __str__ = __repr__

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict, for front ends."""
        return {"player": self.player, "name": self.name, "legal": self.legal, "precision": self.precision,
                "policy": self.policy, "rollouts": self.rollouts, "complete": self.complete,
                "note": self.note, "hints": [h.to_dict() for h in self.hints]}


def make_hint(entry: Entry, player: int, proved: str | None = None, plies: int | None = None,
              line: Sequence[str] = ()) -> Hint:
    value: Value = entry.sample.value()
    return Hint(entry.move, value.points[player], value.low[player], value.high[player], value.rollouts,
                value.exact, value.ends_in, proved, plies, tuple(line))


def check_decision(state: Any, argument: str = "state") -> None:
    """A ValueError unless ``state`` is a position where a player chooses a move."""
    if not isinstance(state, State):
        raise TypeError(f"{argument} must be a game state (e.g. game.new_state()), not {type(state).__name__}")
    if state.is_over:
        raise ValueError(f"{argument}: the game is over ({state.result}), so there is no move to suggest")
    if state.to_move == CHANCE:
        raise ValueError(f"{argument} is at a chance ply (a roll of the dice for "
                         f"{state.game.player_name(state.player)}): there is no move to choose; play the roll first")
