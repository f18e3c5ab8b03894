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
import secrets
import zlib
from typing import Any, Iterable, Iterator

from .games import make
from .protocol import Game, NotationError, State

CODE_PREFIX = "iw1."
FORMAT = "icewidgets-record"


@dataclasses.dataclass(frozen=True)
class Record:
    """One game: ``game`` name, ``options``, ``seed``, optional ``start`` text, ``plies`` as text.

    When ``start`` is None the game starts from ``make(game, **options).new_state(seed)``.
    """

    game: str
    options: tuple[tuple[str, Any], ...] = ()
    seed: int | None = None
    start: str | None = None
    plies: tuple[str, ...] = ()

    @classmethod
    def new(cls, game: str | Game, seed: int | None = None, start: str | State | None = None, **options: Any) -> "Record":
        """An empty record of ``game`` (a name or a Game), starting from ``seed`` or ``start``.

        With neither, a seed is drawn and kept, so the record (and its code) replays exactly the
        same start even for games whose setup is random.
        """
        if isinstance(game, Game):
            options = {**game.options, **options}
            game = game.name
        if isinstance(start, State):
            start = start.to_text()
        if seed is None and start is None:
            seed = secrets.randbelow(2**32)
        record = cls(game, _freeze(options), seed, start, ())
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
            return game.state_from_text(self.start)
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
            state = state.play(ply)
            added.append(str(ply))
        return dataclasses.replace(self, plies=self.plies + tuple(added))

    def truncated(self, n_plies: int) -> "Record":
        """The record of the first ``n_plies`` plies."""
        return dataclasses.replace(self, plies=self.plies[:n_plies])

    def __len__(self) -> int:
        return len(self.plies)

    # Saving ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "game": self.game,
            "options": self.options_dict,
            "seed": self.seed,
            "start": self.start,
            "plies": list(self.plies),
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Record":
        if not isinstance(data, dict) or data.get("format", FORMAT) != FORMAT:
            raise NotationError("this is not an icewidgets record")
        try:
            record = cls(
                game=data["game"],
                options=_freeze(data.get("options") or {}),
                seed=data.get("seed"),
                start=data.get("start"),
                plies=tuple(str(p) for p in data.get("plies", ())),
            )
        except KeyError as missing:
            raise NotationError(f"the record has no {missing} field") from None
        try:
            record.final_state()  # a record that does not replay is rejected whole
        except (ValueError, TypeError) as error:
            raise NotationError(f"the record does not replay: {error}") from None
        return record

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """The record saved by :meth:`to_json`; :class:`NotationError` if it is not one."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise NotationError(f"the record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def to_code(self) -> str:
        """One line of text that :meth:`from_code` turns back into this record."""
        packed = zlib.compress(self.to_json(indent=None).encode(), 9)
        return CODE_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")

    @classmethod
    def from_code(cls, code: str) -> "Record":
        """The record packed by :meth:`to_code`."""
        code = code.strip() if isinstance(code, str) else ""
        if not code.startswith(CODE_PREFIX):
            raise NotationError(f"a record code starts with {CODE_PREFIX!r}")
        body = code[len(CODE_PREFIX) :]
        try:
            text = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).decode()
        except (ValueError, zlib.error):
            raise NotationError("the record code is damaged (was it copied completely?)") from None
        return cls.from_json(text)


def _freeze(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
