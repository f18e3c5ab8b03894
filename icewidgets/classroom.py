"""A class's own games as data: read the game codes students copy from the widget, and set the
class's games beside playouts of the bots.

Students play in :class:`icewidgets.GameWidget`, press *Copy game code* and hand the code in
(a chat, a form, a shared file). The teacher pastes all of them, one per line, into
:func:`read_codes`. A line may start with a name (``Ana & Ben: iw1.…``); blank lines and lines
starting with ``#`` are ignored. Every other line is either a game of the class or **skipped
with its reason** (not a code, damaged, another game, other options, a loaded position, not
finished, the same game twice): nothing is dropped silently.

:meth:`ClassGames.results` replays the games into the same arrays as :func:`icewidgets.playouts`
(lengths, winners, the first player, the game's own counters), and :meth:`ClassGames.compare`
sets them beside bot playouts in one table, every mean with a 95% interval. A win shared by k
players gives each 1/k point, a draw 1/players.

>>> import icewidgets as iw
>>> name = iw.available_games()[0]
>>> game = iw.make(name)
>>> import numpy as np
>>> rng, state, plies = np.random.default_rng(1), game.new_state(), []
>>> while not state.is_over:
...     plies.append(str(iw.agents.random_agent(state, rng)))
...     state = state.play(plies[-1])
>>> code = iw.Record.new(game).extend(plies).to_code()
>>> games = read_codes(f"Ana: {code}\\nnot a code\\n{code}", name)
>>> games.labels, [(s.line, s.reason) for s in games.skipped]
(('Ana',), [(2, "not a game code: a code starts with 'iw1.'"), (3, 'the same game as line 1 (Ana)')])
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from .protocol import Game, NotationError
from .record import CODE_PREFIX, Record
from .stats import Table, format_estimate, mean_estimate
from .teaching import Verdict, check_number
from .words import plural

__all__ = ["ClassGames", "Skipped", "check_counter_mean", "check_first_player_points", "check_longest_game",
           "check_mean_turns", "read_codes"]


class Skipped(NamedTuple):
    """A line that is not one of the class's games: its ``line`` number, the ``text`` (cut
    short) and the ``reason``, in words."""

    line: int
    text: str
    reason: str


@dataclasses.dataclass(frozen=True)
class ClassGames:
    """The games of a class, read by :func:`read_codes`: ``records`` with their ``labels`` (the
    name on the line, or ``"line N"``), and the ``skipped`` lines with their reasons."""

    game: Game
    records: tuple[Record, ...]
    labels: tuple[str, ...]
    skipped: tuple[Skipped, ...]

    def __len__(self) -> int:
        return len(self.records)

    def report(self) -> str:
        """How many games were read, and every skipped line with its reason."""
        lines = [f"{plural(len(self.records), 'game')} of {self.game.title} read"
                 + (f", {plural(len(self.skipped), 'line')} skipped:" if self.skipped else ", nothing skipped.")]
        lines += [f"  line {s.line}: {s.reason}  [{s.text}]" for s in self.skipped]
        return "\n".join(lines)

    def results(self) -> Any:
        """The class's games as :class:`~icewidgets.playout.PlayoutResults` (agents ``"class"``):
        counted exactly as the playouts count theirs, so the same summaries and plots apply."""
        from .playout.engines import replay_games
        from .playout.results import PlayoutResults

        chunk = replay_games(self.game, (record.states() for record in self.records))
        return PlayoutResults.from_parts(self.game, ("class",) * self.game.num_players, None,
                                         [(chunk.arrays, chunk.heatmaps)], engine="class games")

    def compare(self, *others: Any, counters: Sequence[str] | None = None) -> Table:
        """The class's games beside other results (``iw.playouts(...)`` of the same game, e.g.
        random and greedy bots): games, lengths, the first player's points per game, sole wins,
        shared wins and draws, then the game's own counters per game (summed over their parts,
        e.g. captures of every colour; ``counters`` names the ones to show, default all), each
        mean with a 95% interval."""
        columns = [("our class", self.results())]
        for other in others:
            if other.game.name != self.game.name:
                raise ValueError(f"compare() sets {self.game.title} games side by side, not {other.game.title}")
            columns.append((" vs ".join(dict.fromkeys(other.agents)) if len(set(other.agents)) == 1
                            else " vs ".join(other.agents), other))
        rows = [["games"] + [f"{r.n:,}" for _, r in columns]]
        rows.append(["turns per game"] + [_mean(r.turns) for _, r in columns])
        rows.append(["plies per game"] + [_mean(r.plies) for _, r in columns])
        rows.append(["first player's points per game"] + [_mean(_first_points(r)) for _, r in columns])
        rows.append(["sole wins, shared wins, draws"] + [_outcomes(r) for _, r in columns])
        fields = self.game.counters.fields
        unknown = [name for name in counters or () if name not in fields]
        if unknown:
            raise ValueError(f"{self.game.title} counts no {unknown[0]!r}; its counters are {', '.join(fields)}")
        for name in counters if counters is not None else fields:
            description = fields[name][2]
            rows.append([f"{description} (per game)"]
                        + [_mean(r.arrays[name].reshape(r.n, -1).sum(axis=1)) if name in r.arrays and r.n else "–"
                           for _, r in columns])
        note = (f"Points: a win 1, a win shared by k players 1/k each, a draw 1/{self.game.num_players}. "
                "Means with 95% intervals.")
        return Table([""] + [label for label, _ in columns], rows,
                     title=f"{self.game.title}: our games beside the bots", notes=[note])


def _mean(values: Any) -> str:
    if len(values) == 0:
        return "–"
    if len(values) == 1:
        return f"{float(values[0]):.2f}"
    return format_estimate(mean_estimate(values))


def _first_points(results: Any) -> Any:
    import numpy as np

    points = np.stack([results.points(seat) for seat in range(results.players)], axis=1)
    return points[np.arange(results.n), results.first.astype(np.int64)] if results.n else points[:, 0]


def _outcomes(results: Any) -> str:
    winners = results.winners.sum(axis=1)
    return f"{int((winners == 1).sum())}, {int((winners > 1).sum())}, {int(results.outcome('draw').sum())}"


def read_codes(codes: str | bytes | Sequence[str] | os.PathLike, game: Game | str) -> ClassGames:
    """The class's games of ``game`` (a Game or a name; its options are the ones the class
    played) from ``codes``: a text with one game code per line (``bytes`` are read as UTF-8),
    a list of lines, or a file path (``pathlib.Path`` or any ``os.PathLike``; a ``str`` is
    the text itself).

    Each line is a code, optionally after a name and a colon. A line that is not a finished
    game of ``game`` from its usual start, with its options, is kept in ``skipped`` with the
    reason — a list item that is not text too — and the reading goes on.
    """
    from .games import make

    if isinstance(game, str):
        game = make(game)
    elif not isinstance(game, Game):
        raise TypeError(f"game={game!r} must be a game name or a Game, not {type(game).__name__}")
    if isinstance(codes, os.PathLike):
        codes = Path(codes).read_bytes()
    if isinstance(codes, (bytes, bytearray)):
        try:
            codes = bytes(codes).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ValueError(f"codes are bytes that are not UTF-8 text (byte {error.start} cannot be read)") from None
    if isinstance(codes, str):
        lines: list[Any] = codes.splitlines()
    elif isinstance(codes, (list, tuple)):
        lines = list(codes)
    else:
        raise TypeError(f"codes={codes!r} must be a text of codes, a list of lines or a file path, "
                        f"not {type(codes).__name__}")
    records: list[Record] = []
    labels: list[str] = []
    skipped: list[Skipped] = []
    seen: dict[Record, tuple[int, str]] = {}  # a game → the line and the name it came with first
    for number, raw in enumerate(lines, start=1):
        if not isinstance(raw, str):
            skipped.append(Skipped(number, _cut(repr(raw)), f"not text: {type(raw).__name__}"))
            continue
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        short = _cut(text)
        label, found, body = text.partition(CODE_PREFIX)
        if not found:
            skipped.append(Skipped(number, short, f"not a game code: a code starts with {CODE_PREFIX!r}"))
            continue
        label = label.strip().rstrip(":-–").strip() or f"line {number}"
        try:
            record = Record.from_code(CODE_PREFIX + body.split()[0] if body.split() else CODE_PREFIX)
        except NotationError as error:
            skipped.append(Skipped(number, short, f"not a readable game code: {error}"))
            continue
        reason = _why_not_ours(record, game)
        if reason is None and record in seen:
            reason = "the same game as line {} ({})".format(*seen[record])
        if reason is not None:
            skipped.append(Skipped(number, short, reason))
            continue
        seen[record] = (number, label)
        records.append(record)
        labels.append(label)
    return ClassGames(game, tuple(records), tuple(labels), tuple(skipped))


def _cut(text: str) -> str:
    return text if len(text) <= 48 else text[:45] + "…"


def _why_not_ours(record: Record, game: Game) -> str | None:
    """Why ``record`` is not a finished game of ``game`` from its start, or None."""
    if record.game != game.name:
        return f"a game of {record.make_game().title}, not of {game.title}"
    played = record.make_game()
    differences = [f"{key}={value!r}" for key, value in played.options.items() if game.options.get(key) != value]
    if differences:
        return f"played with other options ({', '.join(differences)})"
    if record.start is not None:
        return "it starts from a loaded position, not from the start of the game"
    final = record.final_state()
    if not final.is_over:
        return f"the game is not finished ({plural(len(record), 'ply', 'plies')} played)"
    if final.unfinished:
        return "the game was stopped by a turn limit, not finished"
    return None


# Self-checks of the activity's questions ------------------------------------------------------


NO_GAMES = "there are no class games to check against yet: read some codes first"
"""What every self-check says when the class has no games."""


def check_mean_turns(games: ClassGames, answer: Any) -> Verdict:
    """Whether ``answer`` is the mean number of turns of the class's games (to two decimals)."""
    if not games.records:
        return Verdict(False, NO_GAMES)
    turns = [record.final_state().turns for record in games.records]
    mean = sum(turns) / len(turns)
    return check_number(round(answer, 2) if isinstance(answer, float) else answer, round(mean, 2),
                        what="the mean number of turns",
                        why=f"{sum(turns)} turns in {plural(len(turns), 'game')}: {mean:.2f} per game")


def check_first_player_points(games: ClassGames, answer: Any) -> Verdict:
    """Whether ``answer`` is the first player's mean points per game in the class's games (a win
    1, a win shared by k players 1/k, a draw 1/players), to two decimals."""
    if not games.records:
        return Verdict(False, NO_GAMES)
    points = _first_points(games.results())
    mean = float(points.mean())
    return check_number(round(answer, 2) if isinstance(answer, float) else answer, round(mean, 2),
                        what="the first player's points per game",
                        why=f"the first player scored {float(points.sum()):g} points in {plural(len(points), 'game')}: "
                            f"{mean:.2f} per game")


def check_counter_mean(games: ClassGames, name: str, answer: Any) -> Verdict:
    """Whether ``answer`` is the mean per game of the game's counter ``name`` (summed over its
    parts) in the class's games, to two decimals."""
    if name not in games.game.counters.fields:
        return Verdict(False, f"{games.game.title} counts no {name!r}; its counters are "
                              f"{', '.join(games.game.counters.fields)}")
    if not games.records:
        return Verdict(False, NO_GAMES)
    results = games.results()
    per_game = results.arrays[name].reshape(results.n, -1).sum(axis=1)
    mean = float(per_game.mean())
    description = games.game.counters.fields[name][2]
    return check_number(round(answer, 2) if isinstance(answer, float) else answer, round(mean, 2),
                        what=f"the mean of {name!r}",
                        why=f"{int(per_game.sum())} in {plural(results.n, 'game')} ({description}): {mean:.2f} per game")


def check_longest_game(games: ClassGames, label: str) -> Verdict:
    """Whether ``label`` names the class's longest game in turns (any of them, on a tie)."""
    if not games.records:
        return Verdict(False, NO_GAMES)
    turns = [record.final_state().turns for record in games.records]
    longest = max(turns)
    names = [name for name, t in zip(games.labels, turns) if t == longest]
    if label not in games.labels:
        return Verdict(False, f"no game is called {label!r}; the names are {', '.join(games.labels)}")
    if label in names:
        return Verdict(True, f"{label}'s game lasted {longest} turns, the longest")
    return Verdict(False, f"{label}'s game lasted {turns[games.labels.index(label)]} turns; one lasted {longest}")
