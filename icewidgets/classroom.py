"""A class's own games as data: read the game codes students copy from the widget, and set the
class's games beside playouts of the bots.

Students play in :class:`icewidgets.GameWidget`, press *Copy game code* and hand the code in
(a chat, a form, a shared file). The teacher pastes all of them, one per line, into
:func:`read_codes`. A line may start with a name (``Ana & Ben: iw1.…``) and may hold several
codes (``Ana & Ben: iw1.… and also iw1.…``); blank lines and lines starting with ``#`` are
ignored. Every code is a finished game of the class, a game **not finished yet** (kept apart and
reported, not counted), or **skipped with its reason** (not a code, damaged, another game,
other options, a loaded position, the same game twice): nothing is dropped silently.

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
>>> half = iw.Record.new(game).extend(plies[:3]).to_code()
>>> both = read_codes(f"Ben & Cy: {code} and also {half}", name)
>>> both.labels, [(u.label, len(u.record)) for u in both.unfinished]
(('Ben & Cy (game 1)',), [('Ben & Cy (game 2)', 3)])
"""

from __future__ import annotations

import dataclasses
import os
import re
from typing import Any, NamedTuple, Sequence

from .files import read_bytes
from .protocol import Game, NotationError
from .record import CODE_PREFIX, Record
from .stats import Table, format_estimate, mean_estimate
from .teaching import Verdict, check_number, quoted, self_check, shown
from .words import plural

__all__ = ["ClassGames", "Skipped", "Unfinished", "check_counter_mean", "check_first_player_points", "check_longest_game",
           "check_mean_turns", "read_codes"]


class Skipped(NamedTuple):
    """A line that is not one of the class's games: its ``line`` number, the ``text`` (cut
    short) and the ``reason``, in words."""

    line: int
    text: str
    reason: str


class Unfinished(NamedTuple):
    """A game of the class that is not over yet: its ``line``, its ``label`` and its ``record``
    (load it in a widget, ``iw.GameWidget(record)``, to play on)."""

    line: int
    label: str
    record: Record


@dataclasses.dataclass(frozen=True)
class ClassGames:
    """The games of a class, read by :func:`read_codes`: the finished games' ``records`` with
    their ``labels`` (the name on the line, or ``"line N"``; ``"Ana (game 2)"`` for the second
    code of a line), the ``skipped`` lines with their reasons, and the games not finished yet
    (``unfinished``, not counted in the results)."""

    game: Game
    records: tuple[Record, ...]
    labels: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    unfinished: tuple[Unfinished, ...] = ()

    def __len__(self) -> int:
        return len(self.records)

    def report(self) -> str:
        """How many games were read, the games not finished yet, and every skipped line with its
        reason."""
        head = f"{plural(len(self.records), 'finished game')} of {self.game.title} read"
        if self.unfinished:
            head += f", {plural(len(self.unfinished), 'game')} not finished"
        lines = [head + (f", {len(self.skipped)} skipped:" if self.skipped else ", nothing skipped.")]
        lines += [f"  line {s.line}: {s.reason}  [{s.text}]" for s in self.skipped]
        if self.unfinished:
            lines.append("Not finished, so not counted below (load the code in a widget, play on, and hand in the "
                         "new code):")
            lines += [f"  line {u.line}: {u.label}, {plural(len(u.record), 'ply', 'plies')} played"
                      for u in self.unfinished]
        if not self.records:
            lines.append(f"No finished game of {self.game.title} to count: the numbers below need at least one.")
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
        from .playout.results import PlayoutResults

        for index, other in enumerate(others):
            if not isinstance(other, PlayoutResults):
                raise TypeError(f"compare() takes the results of playouts of {self.game.title} (e.g. "
                                f"iw.playouts({self.game.name!r}, 1000, agents='random')), not {shown(other)} "
                                f"(argument {index + 1})")
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


# A code is the prefix and base64url letters, up to the next code: quotes, brackets or a full stop
# that a chat or an email puts around it are not part of it.
_CODE = re.compile(re.escape(CODE_PREFIX) + r"(?:(?!" + re.escape(CODE_PREFIX) + r")[A-Za-z0-9_-])*")
_NAME = re.compile(r"^[\s\"'“”‘’«<(\[{]+|[\s\"'“”‘’«<(\[{:\-–]+$")


def _looks_like_a_file_name(text: str) -> bool:
    """Whether a text given as codes is rather the name of a file: one line, no code in it, and
    a file of that name exists or it ends like a text file's name."""
    name = text.strip()
    if not name or "\n" in name or CODE_PREFIX in name:
        return False
    return os.path.isfile(name) or name.lower().endswith((".txt", ".csv", ".tsv", ".text", ".md"))


def read_codes(codes: str | bytes | Sequence[str] | os.PathLike, game: Game | str) -> ClassGames:
    """The class's games of ``game`` (a Game or a name; its options are the ones the class
    played) from ``codes``: a text with one line per pair (``bytes`` are read as UTF-8), a list
    of lines, or a file path (``pathlib.Path`` or any ``os.PathLike``; a ``str`` is the text
    itself).

    A line holds one or more codes, optionally after a name and a colon; every code on it is
    read (the second of ``Ana: iw1.… iw1.…`` is labelled ``"Ana (game 2)"``), and quotes,
    brackets or a full stop around a code are not part of it. A finished game
    of ``game`` from its usual start, with its options, is one of the class's games; a game
    that is not over yet is kept in ``unfinished``; any other code — and a list item that is
    not text — is kept in ``skipped`` with the reason, and the reading goes on.
    """
    from .games import make

    if isinstance(game, str):
        game = make(game)
    elif not isinstance(game, Game):
        raise TypeError(f"game={game!r} must be a game name or a Game, not {type(game).__name__}")
    if isinstance(codes, str) and _looks_like_a_file_name(codes):
        raise ValueError(f"codes={codes!r} looks like a file name, but a str is read as the codes themselves; "
                         f"did you mean to read the file? pass Path({codes!r}) (from pathlib) or "
                         f"open({codes!r}).read()")
    if isinstance(codes, os.PathLike):
        codes = read_bytes(codes, "codes")
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
    unfinished: list[Unfinished] = []
    seen: dict[Record, tuple[int, str]] = {}  # a game → the line and the name it came with first
    for number, raw in enumerate(lines, start=1):
        if not isinstance(raw, str):
            skipped.append(Skipped(number, _short(repr(raw)), f"not text: {type(raw).__name__}"))
            continue
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        found = list(_CODE.finditer(text))
        if not found:
            skipped.append(Skipped(number, _short(text), f"not a game code: a code starts with {CODE_PREFIX!r}"))
            continue
        name = _NAME.sub("", text[:found[0].start()]) or f"line {number}"
        for k, code in enumerate(found, start=1):
            label = name if len(found) == 1 else f"{name} (game {k})"
            where = "" if len(found) == 1 else f"game {k} of the line: "
            short = _short(text if len(found) == 1 else code.group())
            try:
                record = Record.from_code(code.group())
            except NotationError as error:
                skipped.append(Skipped(number, short, f"{where}not a readable game code: {error}"))
                continue
            reason = _why_not_ours(record, game)
            if reason is None and record in seen:
                reason = "the same game as line {} ({})".format(*seen[record])
            if reason is not None:
                skipped.append(Skipped(number, short, where + reason))
                continue
            seen[record] = (number, label)
            if not record.final_state().is_over:
                unfinished.append(Unfinished(number, label, record))
                continue
            records.append(record)
            labels.append(label)
    return ClassGames(game, tuple(records), tuple(labels), tuple(skipped), tuple(unfinished))


def _short(text: str) -> str:
    return text if len(text) <= 48 else text[:45] + "…"


def _why_not_ours(record: Record, game: Game) -> str | None:
    """Why ``record`` is not a game of ``game`` from its start (finished or not), or None."""
    if record.game != game.name:
        return f"a game of {record.make_game().title}, not of {game.title}"
    played = record.make_game()
    differences = [f"{key}={value!r}" for key, value in played.options.items() if game.options.get(key) != value]
    if differences:
        return f"played with other options ({', '.join(differences)})"
    if record.start is not None:
        return "it starts from a loaded position, not from the start of the game"
    final = record.final_state()
    if final.is_over and final.unfinished:
        return "the game was stopped by a turn limit, not finished"
    return None


# Self-checks of the activity's questions ------------------------------------------------------


def _no_games(games: Any) -> Verdict | None:
    """Why the activity's questions cannot be answered from ``games`` yet, or None."""
    if not isinstance(games, ClassGames):
        return Verdict(False, f"give the class's games (what read_codes returns) first, not {shown(games)}")
    if not games.records:
        return Verdict(False, "no finished game was read, so there is nothing to count yet: paste the class's codes "
                              "and run the notebook again")
    return None


@self_check
def check_mean_turns(games: ClassGames, answer: Any, places: int = 0) -> Verdict:
    """Whether ``answer`` is the mean number of turns of the class's games, to the nearest turn
    (``places=0``) or better: for a mean of 30.9, 31, 30.9 and 30.90 are all right."""
    problem = _no_games(games)
    if problem is not None:
        return problem
    turns = [record.final_state().turns for record in games.records]
    mean = sum(turns) / len(turns)
    return check_number(answer, mean, places=places, what="the mean number of turns",
                        why=f"{sum(turns)} turns in {plural(len(turns), 'game')}: {mean:.2f} per game")


@self_check
def check_first_player_points(games: ClassGames, answer: Any, places: int = 2) -> Verdict:
    """Whether ``answer`` is the first player's mean points per game in the class's games (a win
    1, a win shared by k players 1/k, a draw 1/players), to two decimals (``places``) or better."""
    problem = _no_games(games)
    if problem is not None:
        return problem
    points = _first_points(games.results())
    mean = float(points.mean())
    return check_number(answer, mean, places=places, what="the first player's points per game",
                        why=f"the first player scored {float(points.sum()):g} points in {plural(len(points), 'game')}: "
                            f"{mean:.2f} per game")


@self_check
def check_counter_mean(games: ClassGames, name: str, answer: Any, places: int = 1) -> Verdict:
    """Whether ``answer`` is the mean per game of the game's counter ``name`` (summed over its
    parts) in the class's games, to one decimal (``places``) or better."""
    problem = _no_games(games)
    if problem is not None:
        return problem
    fields = games.game.counters.fields
    key = name.strip().lower() if isinstance(name, str) else shown(name)  # shown: any int, however long
    name = next((field for field in fields if field.lower() == key), name)
    if name not in fields:
        given = quoted(name) if isinstance(name, str) else shown(name)
        return Verdict(False, f"{games.game.title} counts no {given}; its counters are {', '.join(fields)}")
    results = games.results()
    per_game = results.arrays[name].reshape(results.n, -1).sum(axis=1)
    mean = float(per_game.mean())
    return check_number(answer, mean, places=places, what=f"the mean of {name!r}",
                        why=f"{int(per_game.sum())} in {plural(results.n, 'game')} ({fields[name][2]}): {mean:.2f} per game")


def _name(label: Any) -> str:
    return " ".join(str(label).split()).strip("'\".!").lower()


@self_check
def check_longest_game(games: ClassGames, label: Any) -> Verdict:
    """Whether ``label`` names the class's longest game in turns (any of them, on a tie), as
    ``games.labels`` writes it, in any case."""
    problem = _no_games(games)
    if problem is not None:
        return problem
    if not isinstance(label, str):
        return Verdict(False, f"give the name of a game, like {games.labels[0]!r}, not {shown(label)}")
    turns = [record.final_state().turns for record in games.records]
    longest = max(turns)
    names = [_name(name) for name in games.labels]
    if _name(label) not in names:
        return Verdict(False, f"no game is called {quoted(label)}; the names are {', '.join(games.labels)}")
    index = max((i for i, name in enumerate(names) if name == _name(label)), key=lambda i: turns[i])
    own = games.labels[index]
    if turns[index] == longest:
        return Verdict(True, f"{own}'s game lasted {longest} turns, the longest")
    return Verdict(False, f"{own}'s game lasted {turns[index]} turns; one lasted {longest}")
