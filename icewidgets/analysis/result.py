"""What an analysis found: :class:`Analysis` (every position's value, every ply's review), its
labels (:mod:`.labels`), its summary per player, its turning point, its table and its JSON."""

from __future__ import annotations

import dataclasses
import html
import itertools
import json
import math
from typing import Any, Callable

from ..checks import is_seed, shown
from ..jsontext import json_shown, read_json
from ..protocol import CHANCE, NotationError, State
from ..record import Record
from ..stats import Table
from ..words import plural
from .labels import LABELS, LEGEND, SYMBOLS, label_for
from .search import PROVED, proved_mark
from .values import Value

__all__ = ["FORMAT", "Analysis", "PlayerSummary", "PlyAnalysis"]

FORMAT = "icewidgets-analysis"
VERSION = 1
"""The version of the JSON that :meth:`Analysis.to_dict` writes (a newer one is refused)."""
MOSTLY_UNFINISHED = 0.5
"""An analysis warns when more than this share of its positions' rollouts stopped unfinished."""
PLURALS = {"inaccuracy": "inaccuracies"}


@dataclasses.dataclass(frozen=True)
class PlyAnalysis:
    """The review of one ply (``ply`` counts from 1: the ply from position ``ply - 1`` to ``ply``).

    ``move`` was played by ``player`` (at a ``chance`` ply, a roll for that player); ``before``
    and ``value`` are the values of the positions before and after it. At a decision, ``best``
    is the best move found among ``legal`` moves, ``best_value`` its value, ``loss`` the
    difference for ``player`` (≥ 0) and ``label`` one of :data:`~.labels.LABELS` or None. A
    chance ply has no best move, loss or label. ``rollouts``: those played for this ply (the
    position after it, and the race of the moves).
    """

    ply: int
    move: str
    player: int
    chance: bool
    before: Value
    value: Value
    best: str | None = None
    best_value: Value | None = None
    loss: float | None = None
    label: str | None = None
    legal: int = 0
    rollouts: int = 0
    proved: str | None = None
    """What an exact search proved of the move played, for ``player`` (``"win"``, ``"loss"``,
    ``"shared"`` or None: see :attr:`~.search.Hint.proved`), with ``plies`` to it."""
    plies: int | None = None
    best_proved: str | None = None
    """The same for the best move (``best``), with ``best_plies``."""
    best_plies: int | None = None
    best_line: tuple[str, ...] = ()
    """The expected continuation after the best move, as move texts (a few plies)."""
    reason: str | None = None
    """Why the label, in words, where a proof gives it (``"missed a win in 3"``,
    ``"walks into a loss in 2"``); None otherwise."""

    @property
    def mark(self) -> str:
        """The played move's proved result in short (``"#3"``, ``"#-2"``, ``"=#4"`` or ``""``)."""
        return proved_mark(self.proved, self.plies)

    @property
    def best_mark(self) -> str:
        """The best move's proved result in short."""
        return proved_mark(self.best_proved, self.best_plies)

    @property
    def points(self) -> float:
        """The expected points of ``player`` after the move: the value of the move played."""
        return self.value.points[self.player]

    @property
    def swing(self) -> float:
        """How much the ply changed its player's expected points (after − before)."""
        return self.value.points[self.player] - self.before.points[self.player]

    @property
    def symbol(self) -> str:
        """``"?!"``, ``"?"``, ``"??"`` or ``""``."""
        return SYMBOLS.get(self.label, "") if self.label else ""

    def to_dict(self) -> dict[str, Any]:
        """The ply's own fields (its values before and after are the analysis' positions)."""
        return {"ply": self.ply, "move": self.move, "player": self.player, "chance": self.chance,
                "best": self.best, "best_value": None if self.best_value is None else self.best_value.to_dict(),
                "loss": self.loss, "label": self.label, "legal": self.legal, "rollouts": self.rollouts,
                "proved": self.proved, "plies": self.plies, "best_proved": self.best_proved,
                "best_plies": self.best_plies, "best_line": list(self.best_line), "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict[str, Any], positions: tuple[Value, ...]) -> "PlyAnalysis":
        """The ply written by :meth:`to_dict`, each field of its kind (a ValueError names the first
        that is not): a decision has its best move, that move's value and a loss ≥ 0; a roll none."""
        if not isinstance(data, dict):
            raise ValueError(f"a ply must be an object of fields, not {json_shown(data)}")
        ply = _field(data, "ply", "a ply", lambda v: _whole(v) and v >= 1, "a ply number ≥ 1")
        where = f"ply {ply}"
        if ply >= len(positions):
            raise ValueError(f"{where} has no value for the position after it: the analysis holds "
                             f"{plural(len(positions), 'position')}")
        chance = _field(data, "chance", where, lambda v: isinstance(v, bool), "true or false")
        move = _field(data, "move", where, lambda v: isinstance(v, str), "a move's text")
        player = _field(data, "player", where, _whole, "a seat number")
        if chance:
            legal = _field(data, "legal", where, lambda v: _whole(v) and v == 0, "0 at a roll")
        else:
            legal = _field(data, "legal", where, lambda v: _whole(v) and v >= 1, "a count of legal moves ≥ 1")
        rollouts = _field(data, "rollouts", where, lambda v: _whole(v) and v >= 0, "a count ≥ 0")
        if chance:
            for name in ("best", "best_value", "loss", "label"):
                _field(data, name, where, lambda v: v is None, "null at a roll")
            return cls(ply, move, player, True, positions[ply - 1], positions[ply], legal=legal, rollouts=rollouts)
        best = _field(data, "best", where, lambda v: isinstance(v, str), "the best move's text")
        best_value = Value.from_dict(_field(data, "best_value", where, lambda v: isinstance(v, dict), "a value"))
        loss = _field(data, "loss", where, lambda v: _number(v) and 0 <= v <= 1, "a number from 0 to 1")
        label = _field(data, "label", where, lambda v: v is None or isinstance(v, str), "a label or null")
        proofs = {name: _optional(data, name, where, lambda v: v is None or v in PROVED, "a proved result or null")
                  for name in ("proved", "best_proved")}
        counts = {name: _optional(data, name, where, lambda v: v is None or (_whole(v) and v >= 1),
                                  "a count of plies ≥ 1 or null") for name in ("plies", "best_plies")}
        best_line = _optional(data, "best_line", where, lambda v: isinstance(v, list)
                              and all(isinstance(m, str) for m in v), "a list of move texts", default=[])
        reason = _optional(data, "reason", where, lambda v: v is None or isinstance(v, str), "a text or null")
        return cls(ply, move, player, False, positions[ply - 1], positions[ply], best, best_value, loss, label,
                   legal, rollouts, proofs["proved"], counts["plies"], proofs["best_proved"], counts["best_plies"],
                   tuple(best_line), reason)


def _whole(value: Any) -> bool:
    return type(value) is int


def _optional(data: dict[str, Any], name: str, where: str, good: Callable[[Any], bool], what: str,
              default: Any = None) -> Any:
    """:func:`_field` for a field that analyses saved before it existed do not have."""
    return _field(data, name, where, good, what) if name in data else default


def _field(data: dict[str, Any], name: str, where: str, good: Callable[[Any], bool], what: str) -> Any:
    """``data[name]`` when ``good`` says it is ``what``; else a ValueError naming ``where`` and the field."""
    if name not in data:
        raise ValueError(f"{where} has no field {name!r}")
    if not good(data[name]):
        raise ValueError(f"{where}'s {name!r} must be {what}, not {json_shown(data[name])}")
    return data[name]


@dataclasses.dataclass(frozen=True)
class PlayerSummary:
    """One player's moves in an analysis: ``moves`` decisions, their ``mean_loss`` (the
    player's accuracy: 0 is perfect) and how many got each label (``labels``, by name)."""

    player: int
    name: str
    moves: int
    mean_loss: float
    labels: dict[str, int]

    def __str__(self) -> str:
        if not self.moves:
            return f"{self.name}: no moves to judge"
        counts = ", ".join(plural(self.labels[name], name, PLURALS.get(name)) + f" ({symbol})"
                           for name, _, symbol in reversed(LABELS))
        return f"{self.name}: {plural(self.moves, 'move')}, mean loss {self.mean_loss:.3f}; {counts}"

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "moves": self.moves, "mean_loss": self.mean_loss,
                "labels": dict(self.labels)}


@dataclasses.dataclass(frozen=True)
class Analysis:
    """The analysis of one game (made by :func:`icewidgets.analyse`).

    - ``record``: the game analysed;
    - ``positions``: the :class:`~.values.Value` of every position analysed — ``positions[n]``
      after ``n`` plies, from the start — each seat's expected points with 95% intervals;
    - ``plies``: a :class:`PlyAnalysis` for every ply analysed, in order;
    - ``precision``, ``policy`` (the rollouts' agent), ``seed`` and ``engine`` (``"fast"``: the
      compiled kernels; ``"reference"``: the rules engines);
    - ``stopped``: None when every ply is done, else why it stopped (``"time limit"``,
      ``"stopped"``, ``"interrupted"``): the plies done so far are kept;
    - ``seconds`` it took (not compared: two analyses with the same seed are equal; a resumed
      analysis adds the time of the one it resumed);
    - ``policy_function``: the policy when it was given as a function (None for a built-in
      name, and in an analysis loaded from JSON), so that ``resume=`` never mixes policies.

    ``str()`` is the table; :meth:`plot` draws the evaluation graph; :meth:`to_json` and
    :meth:`from_json` round-trip exactly.
    """

    record: Record
    positions: tuple[Value, ...]
    plies: tuple[PlyAnalysis, ...]
    precision: float
    policy: str
    seed: int
    engine: str
    stopped: str | None = None
    seconds: float = dataclasses.field(default=0.0, compare=False)
    policy_function: Any = dataclasses.field(default=None, compare=False, repr=False)

    # Questions -------------------------------------------------------------------------------

    @property
    def complete(self) -> bool:
        """Whether every ply of the game is analysed."""
        return self.stopped is None and len(self.plies) == len(self.record.plies)

    @property
    def rollouts(self) -> int:
        """The rollouts behind the positions and plies analysed."""
        return (self.positions[0].rollouts if self.positions else 0) + sum(ply.rollouts for ply in self.plies)

    @property
    def unfinished(self) -> tuple[int, int]:
        """``(unfinished, rollouts)``: of the rollouts behind the positions' values (where their
        ends were recorded), how many stopped unfinished at the ply or turn limit."""
        recorded = [value for value in self.positions if value.finished is not None]
        return sum(value.unfinished for value in recorded), sum(value.rollouts for value in recorded)

    @property
    def warning(self) -> str:
        """A warning when most rollouts did not finish their games ("" otherwise): an unfinished
        rollout scores as a game without a winner, so such values say little (every one near
        1/players). The game's analyst may add what to do (``Analyst.unfinished_advice``)."""
        unfinished, rollouts = self.unfinished
        if not rollouts or unfinished <= MOSTLY_UNFINISHED * rollouts:
            return ""
        game = self.record.make_game()
        text = (f"Warning: {unfinished:,} of {rollouts:,} rollouts ({unfinished / rollouts:.0%}) stopped before "
                f"the game ended (at the ply or turn limit) and count as games without a winner, so these values "
                f"say little about who is ahead.")
        note = game.analyst.unfinished_advice(game)
        return f"{text} {note}" if note else text

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names (``game.player_name``)."""
        game = self.record.make_game()
        return tuple(game.player_name(p) for p in range(game.num_players))

    def values(self, player: int = 0) -> list[float]:
        """``player``'s expected points at every position analysed (the evaluation graph)."""
        return [value.points[player] for value in self.positions]

    def truncated(self, plies: int) -> "Analysis":
        """The analysis of the game's first ``plies`` plies (as :meth:`Record.truncated`): what
        this one found up to there. It is complete if this one got that far, else it stays
        stopped. A widget keeps its analysis this way when a move is taken back; it can
        ``resume`` another analysis of the game as it went on.

        >>> import icewidgets as iw
        >>> game = iw.make(iw.available_games()[0])
        >>> start = game.new_state()
        >>> record = iw.Record.new(game, start=start).extend([start.legal_moves()[0]])
        >>> first = iw.analyse(record, precision=0.2).truncated(0)
        >>> first.complete, len(first.positions), first.plies, first.record == record.truncated(0)
        (True, 1, (), True)
        """
        if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0:
            raise ValueError(f"plies={plies!r} must be a whole number ≥ 0")
        stopped = None if len(self.positions) > min(plies, len(self.record.plies)) else self.stopped
        return dataclasses.replace(self, record=self.record.truncated(plies), positions=self.positions[: plies + 1],
                                   plies=self.plies[:plies], stopped=stopped)

    @property
    def labelled(self) -> tuple[PlyAnalysis, ...]:
        """The plies with a label, in order."""
        return tuple(ply for ply in self.plies if ply.label)

    def summary(self) -> list[PlayerSummary]:
        """Per player: decisions, mean loss and the count of each label."""
        names = self.names
        out = []
        for p, name in enumerate(names):
            own = [ply for ply in self.plies if ply.player == p and not ply.chance]
            losses = [ply.loss for ply in own if ply.loss is not None]
            counts = {label: sum(ply.label == label for ply in own) for label, _, _ in LABELS}
            out.append(PlayerSummary(p, name, len(own), sum(losses) / len(losses) if losses else 0.0, counts))
        return out

    @property
    def turning_point(self) -> PlyAnalysis | None:
        """The decision with the largest swing of its player's expected points (the first of
        equals), or None when no ply is analysed or nothing moved."""
        best = None
        for ply in self.plies:
            if not ply.chance and (best is None or abs(ply.swing) > abs(best.swing)):
                best = ply
        return best if best is not None and abs(best.swing) > 0 else None

    @property
    def narration(self) -> str:
        """The turning point in a sentence: "Ply 23 turned the game: Player 2's b4-c4 took
        their expected points from 0.61 to 0.38." ("" without one)."""
        ply = self.turning_point
        if ply is None:
            return ""
        name = self.names[ply.player]
        return (f"Ply {ply.ply} turned the game: {name}'s {ply.move} took their expected points from "
                f"{ply.before.points[ply.player]:.2f} to {ply.points:.2f}.")

    def exercises(self, player: Any = None, source: str = "") -> Any:
        """Learn from your mistakes: an exercise per labelled move of ``player`` (a seat number
        from 0 or a name; None: every player), the position before it and "find a better move"
        (:func:`.exercises.exercises`; an :class:`~.exercises.ExerciseSet`)."""
        from .exercises import exercises  # it builds on this module

        return exercises(self, player, source)

    # Text ------------------------------------------------------------------------------------

    def table(self) -> Table:
        """The table of plies: who played what, its value for them, the best move found, its
        value, the loss and the label (a :class:`~icewidgets.stats.Table`, HTML in a notebook)."""
        names = self.names
        rows = []
        for ply in self.plies:
            move = f"{ply.move} {ply.mark}" if ply.mark else ply.move
            row = [str(ply.ply), names[ply.player], move, f"{ply.points:.2f}"]
            if ply.chance:
                row += ["(roll)", "", "", ""]
            else:
                best = ply.best_value.points[ply.player] if ply.best_value is not None else float("nan")
                label = f"{ply.symbol} {ply.label}" if ply.label else ""
                if ply.label and ply.reason:
                    label += f" ({ply.reason})"
                best_move = f"{ply.best} {ply.best_mark}" if ply.best and ply.best_mark else ply.best or ""
                row += [best_move, f"{best:.2f}", f"{ply.loss:.2f}", label]
            rows.append(row)
        game = self.record.make_game()
        done = len(self.plies)
        title = (f"{game.title}, analysis of {done} of {plural(len(self.record.plies), 'ply', 'plies')}: values "
                 f"±{self.precision:g} (95%), {self.policy} rollouts, seed {self.seed}")
        notes = [str(summary) for summary in self.summary()]
        if self.narration:
            notes.append(self.narration)
        if self.stopped is not None:
            notes.append(f"Stopped after {done} of {len(self.record.plies)} plies ({self.stopped}): "
                         "the rest is not analysed.")
        notes.append("value: the expected points of the player who moved, after the move (a game's winners share "
                     f"1 point); loss: best − value; {LEGEND}; #N: a proved win in N plies, #-N a proved loss in N, =#N a "
                     "proved shared win.")
        return Table(["ply", "player", "move", "value", "best", "best value", "loss", "label"], rows, title=title,
                     notes=notes)

    def __str__(self) -> str:
        """The table, after the :attr:`warning` if there is one."""
        warning = self.warning
        return f"{warning}\n\n{self.table()}" if warning else str(self.table())

    def _repr_html_(self) -> str:
        warning = self.warning
        head = f"<p style='font-weight:bold'>{html.escape(warning)}</p>" if warning else ""
        return head + self.table()._repr_html_()

    def plot(self, ax: Any = None, player: int = 0) -> Any:
        """The evaluation graph (matplotlib): ``player``'s expected points after every ply,
        with the 95% band, labelled moves marked and the turning point shown, drawn on ``ax`` (a
        matplotlib Axes; default a new figure's). Returns that ``matplotlib.axes.Axes``: save the
        picture with ``analysis.plot().figure.savefig("eval.png")``."""
        from .plot import plot_analysis

        return plot_analysis(self, ax=ax, player=player)

    # JSON ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict; ``derived`` repeats what front ends show (names, per-player
        summary, turning point, narration) and is recomputed, not read, by :meth:`from_dict`."""
        turning = self.turning_point
        return {
            "format": FORMAT,
            "version": VERSION,
            "record": self.record.to_dict(),
            "precision": self.precision,
            "policy": self.policy,
            "seed": self.seed,
            "engine": self.engine,
            "stopped": self.stopped,
            "seconds": self.seconds,
            "positions": [value.to_dict() for value in self.positions],
            "plies": [ply.to_dict() for ply in self.plies],
            "derived": {
                "complete": self.complete,
                "rollouts": self.rollouts,
                "names": list(self.names),
                "symbols": {name: symbol for name, _, symbol in LABELS},
                "players": [summary.to_dict() for summary in self.summary()],
                "turning_point": None if turning is None else turning.ply,
                "narration": self.narration,
                "unfinished": list(self.unfinished),
                "warning": self.warning,
            },
        }

    def to_json(self, indent: int | None = None) -> str:
        """The analysis as JSON text (:meth:`from_json` reads it back, equal)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Analysis":
        """The analysis written by :meth:`to_dict`; :class:`~icewidgets.NotationError` if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError("this is not an icewidgets analysis (its format field is missing or different)")
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise NotationError(f"the analysis' version field is {shown(version)}; this icewidgets reads version {VERSION}")
        if version > VERSION:
            raise NotationError(f"the analysis was saved by a newer icewidgets (version {version}); this one reads "
                                f"version {VERSION}")
        for name in ("record", "positions", "plies", "precision", "policy", "seed", "engine"):
            if name not in data:
                raise NotationError(f"the analysis is damaged: its field {name!r} is missing")
        for name in ("positions", "plies"):
            if not isinstance(data[name], list):
                raise NotationError(f"the analysis is damaged: its field {name!r} must be a list, not "
                                    f"{json_shown(data[name])}")
        try:
            record = Record.from_dict(data["record"])
            positions = tuple(Value.from_dict(value) for value in data["positions"])
            plies = tuple(PlyAnalysis.from_dict(ply, positions) for ply in data["plies"])
        except NotationError as error:
            raise NotationError(f"the analysis is damaged: {error}") from None
        except (KeyError, IndexError, TypeError, ValueError) as error:
            field = f"the field {error.args[0]!r} is missing" if isinstance(error, KeyError) else str(error)
            raise NotationError(f"the analysis is damaged: a position or ply is not as saved ({field})") from None
        header = {name: data[name] for name in ("precision", "policy", "seed", "engine")}
        header["stopped"], header["seconds"] = data.get("stopped"), data.get("seconds", 0.0)
        problem = _header_problem(header) or _content_problem(record, positions, plies)
        if problem:
            raise NotationError(f"the analysis is damaged: {problem}")
        return cls(record, positions, plies, float(header["precision"]), header["policy"], header["seed"],
                   header["engine"], header["stopped"], float(header["seconds"]))

    @classmethod
    def from_json(cls, text: str) -> "Analysis":
        """The analysis saved by :meth:`to_json` (a ``str``, or UTF-8 ``bytes``);
        :class:`NotationError` if the text is not one, TypeError if ``text`` is no text."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError(f"Analysis.from_json(text) takes the JSON as a str (or bytes), not {type(text).__name__}")
        try:
            data = read_json(text)
        except ValueError as error:
            raise NotationError(f"the analysis is not valid JSON: {error}") from None
        return cls.from_dict(data)


def _number(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int beyond any float
        return False


def _header_problem(header: dict[str, Any]) -> str | None:
    """What is wrong with a loaded analysis' settings, or None."""
    precision, seed = header["precision"], header["seed"]
    if not _number(precision) or not 0 < precision < 0.5:
        return f"precision={json_shown(precision)} is not a number between 0 and 0.5"
    if not is_seed(seed):
        return f"seed={json_shown(seed)} is not a whole number ≥ 0 and < 2**128"
    if not isinstance(header["policy"], str):
        return f"policy={json_shown(header['policy'])} is not a policy's name"
    if header["engine"] not in ("fast", "reference"):
        return f"engine={json_shown(header['engine'])} is neither 'fast' nor 'reference'"
    if header["stopped"] is not None and not isinstance(header["stopped"], str):
        return f"stopped={json_shown(header['stopped'])} is neither null nor a reason"
    if not _number(header["seconds"]) or header["seconds"] < 0:
        return f"seconds={json_shown(header['seconds'])} is not a duration"
    return None


def _value_problem(value: Value, players: int) -> str | None:
    """What is wrong with a loaded value of a game of ``players`` seats, or None: each seat's
    points within its interval, all within 0 to 1, the points adding up to 1 (the winners
    share a point; an unfinished rollout counts as a draw)."""
    for name in ("points", "low", "high"):
        numbers = getattr(value, name)
        if len(numbers) != players:
            return f"{name!r} holds {plural(len(numbers), 'number')}, not one per seat ({players})"
        if not all(_number(x) and -1e-9 <= x <= 1 + 1e-9 for x in numbers):
            return f"{name!r} holds a number outside 0 to 1"
    if not all(low - 1e-9 <= x <= high + 1e-9 for x, low, high in zip(value.points, value.low, value.high)):
        return "'points' are not within their intervals 'low' to 'high'"
    if abs(sum(value.points) - 1) > 1e-6:
        return f"'points' add up to {sum(value.points):g}, not 1 (the seats share one point)"
    return None


def _content_problem(record: Record, positions: tuple[Value, ...], plies: tuple[PlyAnalysis, ...]) -> str | None:
    """What does not fit the game in a loaded analysis' positions and plies, or None."""
    players = record.make_game().num_players
    if len(positions) > len(record.plies) + 1:
        return f"{len(positions)} positions for a game of {len(record.plies)} plies"
    for index, value in enumerate(positions):
        problem = _value_problem(value, players)
        if problem:
            return f"position {index}'s {problem}"
    names = {name for name, _, _ in LABELS}
    states = list(itertools.islice(record.states(), len(plies)))  # the position before each ply analysed
    for expected, ply in enumerate(plies, start=1):
        if ply.ply != expected or ply.move != str(record.plies[expected - 1]):
            return f"ply {ply.ply} ({shown(ply.move)}) is not ply {expected} of the game ({record.plies[expected - 1]!r})"
        if ply.label is not None and ply.label not in names:
            return f"ply {ply.ply}'s label {shown(ply.label)} is none of {', '.join(sorted(names))}"
        if ply.loss is not None and not _number(ply.loss):
            return f"ply {ply.ply}'s loss {shown(ply.loss)} is not a number"
        problem = None if ply.best_value is None else _value_problem(ply.best_value, players)
        if problem:
            return f"ply {ply.ply}'s best value's {problem}"
        if ply.best is not None and not isinstance(ply.best, str):
            return f"ply {ply.ply}'s best move {shown(ply.best)} is not a move's text"
        if ply.player != states[expected - 1].player:
            return f"ply {ply.ply} was played by seat {states[expected - 1].player}, not {shown(ply.player)}"
        problem = _ply_problem(ply, states[expected - 1])
        if problem:
            return f"ply {ply.ply}'s {problem}"
        try:
            why = None if ply.chance else states[expected - 1].why_illegal(ply.best)
        except ValueError as error:  # not even a move of this game
            why = str(error)
        if why is not None:
            return f"ply {ply.ply}'s best move {shown(ply.best)} is not legal there: {why}"
    return None


def _ply_problem(ply: PlyAnalysis, before: State) -> str | None:
    """What does not fit the position ``before`` or the ply's own values in a loaded ply, or None:
    a roll where the rules roll, the count of legal moves, the loss (the best move's value minus
    the played move's, for the player) and the label that loss and the intervals give."""
    roll = before.to_move == CHANCE
    if ply.chance != roll:
        return f"'chance' is {json_shown(ply.chance)}, but the position before it is {'a roll' if roll else 'a decision'}"
    if roll:
        return None
    legal = len(before.legal_moves())
    if ply.legal != legal:
        return f"'legal' is {json_shown(ply.legal)}, but {plural(legal, 'move is', 'moves are')} legal there"
    player = ply.player
    loss = max(0.0, ply.best_value.points[player] - ply.value.points[player])
    if abs(ply.loss - loss) > 1e-6:
        return (f"'loss' is {ply.loss:g}, but its best move's value less the move's value is {loss:g} for the "
                f"player")
    if ply.reason is None:  # a label from the values alone (a proof gives its own, with its reason)
        label = label_for(ply.loss, (ply.value.low[player], ply.value.high[player]),
                          (ply.best_value.low[player], ply.best_value.high[player]))
        if ply.label != label and not (ply.best == ply.move and ply.label is None):
            return (f"'label' is {json_shown(ply.label)}, but its loss of {ply.loss:g} and the intervals give "
                    f"{json_shown(label)}")
    return None
