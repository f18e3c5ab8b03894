"""A whole game as data: options, seed, start position and plies.

A :class:`Record` replays exactly, saves as JSON, and packs into one line of text that can
be pasted into a chat or a widget ("iw1." followed by URL-safe characters).

>>> import icewidgets as iw
>>> game = iw.make(iw.available_games()[0])
>>> first = str(game.new_state(seed=7).legal_moves()[0])
>>> record = iw.Record.new(game, seed=7).extend([first])
>>> iw.Record.from_code(record.to_code()) == record
True
>>> record.final_state() == game.new_state(seed=7).play(first)
True
"""

from __future__ import annotations

import base64
import dataclasses
import json
import re
import secrets
import zlib
from typing import Any, Iterable, Iterator

from . import checks
from .games import game_class, make
from .jsontext import read_json
from .protocol import Game, NotationError, State

CODE_PREFIX = "iw1."
FORMAT = "icewidgets-record"
FORMAT_VERSION = 2
"""Version 2 records read an option they leave out at its current default; version 1 records
were made before some defaults changed and read it at the earlier one
(:attr:`Game.earlier_defaults <icewidgets.protocol.Game.earlier_defaults>`)."""


@dataclasses.dataclass(frozen=True)
class Record:
    """One game: ``game`` name, ``options``, ``seed``, optional ``start`` text, ``plies`` as text.

    When ``start`` is None the game starts from ``make(game, **options).new_state(seed)``.
    ``partial`` is passed to ``state_from_text`` with ``start`` (None: a start with missing
    pieces loads, a contradiction is refused; True: a teaching diagram, part of a board, loads
    whatever it shows). Saved records and codes carry it only when it is set.
    Every field is checked when a record is made (a TypeError or ValueError naming it), so a
    record always hashes and saves.
    """

    game: str
    options: tuple[tuple[str, Any], ...] = ()
    seed: int | None = None
    start: str | None = None
    plies: tuple[str, ...] = ()
    partial: bool | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not self.game.strip():
            raise TypeError(f"game={self.game!r} must be a game name")
        if not isinstance(self.options, tuple) or not all(
                isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) for pair in self.options):
            raise TypeError(f"options={self.options!r} must be a tuple of (name, value) pairs")
        for key, value in self.options:
            try:
                hash(value)
            except TypeError:
                raise TypeError(f"option {key!r} must be a number, text or tuple, not {value!r}") from None
        object.__setattr__(self, "seed", checks.seed(self.seed, none=True))
        if self.start is not None and not isinstance(self.start, str):
            raise TypeError(f"start={self.start!r} must be a position text or None")
        if not isinstance(self.plies, tuple) or not all(isinstance(ply, str) for ply in self.plies):
            raise TypeError(f"plies must be a tuple of move texts, not {self.plies!r}")
        if self.partial is not None and not isinstance(self.partial, bool):
            raise TypeError(f"partial={self.partial!r} must be None, True or False")
        if self.partial is not None and self.start is None:
            raise ValueError("partial= applies to a start position: give start= too, or leave partial out")

    @classmethod
    def new(cls, game: str | Game, seed: int | None = None, start: str | State | None = None,
            partial: bool | None = None, **options: Any) -> "Record":
        """An empty record of ``game`` (a name or a Game), starting from ``seed`` or ``start``
        (a State, or a position text read with ``partial`` as ``state_from_text`` reads it).

        With neither, a seed is drawn and kept, so the record (and its code) replays exactly the
        same start even for games whose setup is random. A State that contradicts the rules (a
        diagram loaded with ``partial=True``) is recorded with ``partial=True``, so it replays.
        """
        if isinstance(game, Game):
            options = {**game.options, **options}
            game = game.name
        if isinstance(start, State):
            if partial is None and any(not problem.missing for problem in start.problems()):
                partial = True
            start = start.to_text()
        if seed is None and start is None:
            seed = secrets.randbelow(2**32)
        if not isinstance(game, str):
            raise TypeError(f"game={game!r} must be a game name or a Game, not {type(game).__name__}")
        record = cls(game, _freeze(options), checks.seed(seed, none=True), start, (), partial)
        record.start_state()  # fail now, not on replay, if the options or start are bad
        return record

    @property
    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def make_game(self) -> Game:
        """The Game with this record's options."""
        return make(self.game, **self.options_dict)

    def start_state(self) -> State:
        """The position before the first ply."""
        game = self.make_game()
        if self.start is not None:
            return game.state_from_text(self.start, partial=self.partial)
        return game.new_state(seed=self.seed)

    def states(self) -> Iterator[State]:
        """Every state from the start to the end, one per ply (so ``len(plies) + 1`` states)."""
        state = self.start_state()
        yield state
        for ply in self.plies:
            state = state.play(ply)
            yield state

    def final_state(self) -> State:
        """The position after the last ply."""
        state = None
        for state in self.states():
            pass
        return state

    def extend(self, plies: Iterable[Any]) -> "Record":
        """A new record with ``plies`` (moves or move texts) appended; they are checked by replaying."""
        state = self.final_state()
        added = []
        for ply in plies:
            move = state.listed(ply)
            state = state.play(move)
            added.append(str(move))
        return dataclasses.replace(self, plies=self.plies + tuple(added))

    def truncated(self, n_plies: int) -> "Record":
        """The record of the first ``n_plies`` plies."""
        return dataclasses.replace(self, plies=self.plies[:n_plies])

    def __len__(self) -> int:
        return len(self.plies)

    # Saving ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "options": self.options_dict,
            "seed": self.seed,
            "start": self.start,
            "plies": list(self.plies),
        }
        if self.partial is not None:  # left out otherwise, so records made before it stay the same
            data["partial"] = self.partial
        return data

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Record":
        """The record :meth:`to_dict` wrote; a :class:`NotationError` saying which field is
        wrong, or why the record does not replay, otherwise."""
        if not isinstance(data, dict):
            raise NotationError(f"this is not an icewidgets record: a record is a JSON object, not {_shown(data)}")
        if data.get("format", FORMAT) != FORMAT:
            raise NotationError(f'this is not an icewidgets record: its "format" is {_shown(data["format"])}, '
                                f'not "{FORMAT}"')
        version = data.get("version", FORMAT_VERSION)
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            raise NotationError(f'this record was saved by a newer icewidgets (its "version" is {version}; this one '
                                f"reads version {FORMAT_VERSION}): upgrade icewidgets to read it")
        if version not in (1, FORMAT_VERSION) or isinstance(version, bool):
            raise NotationError(f'the record\'s "version" must be 1 or {FORMAT_VERSION}, not {_shown(version)}')
        if "game" not in data:
            raise NotationError("the record has no 'game' field")
        game, options = data["game"], data.get("options") or {}
        seed, start, plies, partial = data.get("seed"), data.get("start"), data.get("plies", []), data.get("partial")
        if not isinstance(game, str):
            raise NotationError(f'the record\'s "game" must be a game name, not {_shown(game)}')
        if not isinstance(options, dict):
            raise NotationError(f'the record\'s "options" must be an object of option names and values, '
                                f"not {_shown(options)}")
        if seed is not None and not checks.is_seed(seed):
            raise NotationError(f'the record\'s "seed" must be a whole number ≥ 0 and < 2**128 or null, '
                                f"not {_shown(seed)}")
        if start is not None and not isinstance(start, str):
            raise NotationError(f'the record\'s "start" must be a position text or null, not {_shown(start)}')
        if not isinstance(plies, list):
            raise NotationError(f'the record\'s "plies" must be a list of moves, not {_shown(plies)}')
        if partial is not None and not isinstance(partial, bool):
            raise NotationError(f'the record\'s "partial" must be true, false or null, not {_shown(partial)}')
        if partial is not None and start is None:
            raise NotationError('the record\'s "partial" applies to its "start" position, and it has none')
        for number, ply in enumerate(plies, start=1):
            if not isinstance(ply, str):
                raise NotationError(f"the record's ply {number} must be a move as text, not {_shown(ply)}")
        if version == 1:  # made before some defaults changed: an option left out meant the earlier one
            try:
                options = game_class(game).saved_options(options)
            except ValueError:
                pass  # an unknown game: refused below, naming it
        try:
            record = cls(game=game, options=_freeze(options), seed=seed, start=start, plies=tuple(plies),
                         partial=partial)
        except (TypeError, ValueError) as error:
            raise NotationError(f"the record's {error}") from None
        ply = -1  # the last state replayed: -1 while the start itself has not loaded
        try:
            for ply, _ in enumerate(record.states()):  # a record that does not replay is rejected whole
                pass
        except (ValueError, TypeError) as error:
            where = "its start" if ply < 0 else f"ply {ply + 1} ({_shown(record.plies[ply])})"
            raise NotationError(f"the record does not replay at {where}: {error}") from None
        return record

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """The record saved by :meth:`to_json` (a ``str``, or UTF-8 ``bytes``);
        :class:`NotationError` if the text is not one, TypeError if ``text`` is no text."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError(f"Record.from_json(text) takes the JSON as a str (or bytes), not {type(text).__name__}")
        try:
            data = read_json(text)
        except ValueError as error:
            raise NotationError(f"the record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def to_code(self) -> str:
        """One line of text that :meth:`from_code` turns back into this record."""
        packed = zlib.compress(self.to_json(indent=None).encode(), 9)
        return CODE_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")

    @classmethod
    def from_code(cls, code: str) -> "Record":
        """The record packed by :meth:`to_code`; :class:`NotationError` if the text is not
        one, TypeError if ``code`` is not a ``str``."""
        if not isinstance(code, str):
            raise TypeError(f"Record.from_code(code) takes the game code as a str, not {type(code).__name__}")
        code = code.strip()
        other = re.match(r"iw(\d+)\.", code)
        if other and code[:other.end()] != CODE_PREFIX:
            raise NotationError(f"this code is of version {other.group(1)} ({other.group()}…), which this icewidgets "
                                f"cannot read: it reads {CODE_PREFIX}… codes; a newer icewidgets may read it")
        if not code.startswith(CODE_PREFIX):
            raise NotationError(f"a record code starts with {CODE_PREFIX!r}")
        body = code[len(CODE_PREFIX) :]
        damaged = NotationError("the record code is damaged (was it copied completely?)")
        try:
            packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
            unpacker = zlib.decompressobj()
            unpacked = unpacker.decompress(packed, MAX_UNPACKED + 1)
        except (ValueError, zlib.error):
            raise damaged from None
        if len(unpacked) > MAX_UNPACKED:  # a few bytes can unpack to gigabytes: read no further
            raise NotationError(f"the record code unpacks to more than {MAX_UNPACKED // 2**20} MB, more than any game "
                                "needs: it is not a code icewidgets wrote")
        try:
            text = unpacked.decode()
        except ValueError:
            raise damaged from None
        # Letters added after a code (or changed in its last letter) can decode to the same
        # record plus a little more: only the exact code to_code writes is read.
        if not unpacker.eof or unpacker.unused_data or base64.urlsafe_b64encode(packed).decode().rstrip("=") != body:
            raise damaged
        return cls.from_json(text)


MAX_UNPACKED = 16 * 2**20
"""The most bytes a game code may unpack to: a game of 100,000 plies takes about 1 MB."""


def _freeze(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Options as sorted (name, value) pairs, lists made tuples at every depth (JSON has no
    tuples); a value that is an object is refused (no option takes one)."""
    def frozen(key: str, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return tuple(frozen(key, v) for v in value)
        if isinstance(value, dict):
            raise TypeError(f"option {key!r} must be a number, text or list, not {_shown(value)}")
        return value

    return tuple(sorted((str(k), frozen(str(k), v)) for k, v in options.items()))


def _shown(value: Any) -> str:
    """A JSON value as the record holds it, cut short."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
