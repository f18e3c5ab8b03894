"""The protocol every game follows: errors, events, and the Game and State base classes.

A *game* is a frozen dataclass of options (``make(name, players=3)``) that makes states.
A *state* is an immutable, hashable position; ``state.play(move)`` returns a new state and
never changes the old one. A move is a small frozen object whose ``str()`` is its notation;
``play`` accepts the move or its text.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Mapping

from .analyst import Analyst
from .counters import Counters
from .teaching import HowToPlay
from . import checks
from .checks import shown
from .view import Controls, View
from .words import article

if TYPE_CHECKING:  # grid.py imports this module for NotationError
    from .grid import Grid

CHANCE = -1
"""``state.to_move`` while the next ply is a chance ply (a dice roll)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this position.

    The message says why, in plain words, e.g. "the cap on a1 cannot move off the board".
    """


class NotationError(ValueError):
    """Text that cannot be parsed: a bad move, square, piece, stack, field or position text."""


class Problem(str):
    """One reason a position cannot arise in play: a plain sentence naming the square or the count.

    ``missing`` tells the two kinds apart: True when pieces of the set are only missing (a
    diagram that shows part of a board), False for a contradiction (too many pieces of a kind, a
    piece where the rules never put one, caps taken out of order, ...). See :meth:`State.problems`.

    >>> p = Problem("the board holds 4 of the 60 pyramids", missing=True)
    >>> p, p.missing
    ('the board holds 4 of the 60 pyramids', True)
    """

    missing: bool

    def __new__(cls, text: str, missing: bool = False) -> "Problem":
        problem = super().__new__(cls, text)
        problem.missing = missing
        return problem


@dataclasses.dataclass(frozen=True)
class Event:
    """One thing a ply did, in order: ``kind`` names it, ``data`` holds its details.

    ``str(event)`` is a plain-English sentence a student can follow; front ends animate
    from ``kind`` and ``data``.

    >>> e = Event("cap_moved", "Player 1 moves the cap from a3 to b3.", (("from", "a3"), ("to", "b3")))
    >>> str(e), e["to"]
    ('Player 1 moves the cap from a3 to b3.', 'b3')
    """

    kind: str
    text: str
    data: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.text

    def __getitem__(self, key: str) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict: ``{"kind": …, "text": …, **data}``."""
        return {"kind": self.kind, "text": self.text, **dict(self.data)}


def event(kind: str, text: str, **data: Any) -> Event:
    """Shorthand for ``Event(kind, text, tuple(data.items()))``."""
    return Event(kind, text, tuple(data.items()))


@dataclasses.dataclass(frozen=True)
class EndTurn:
    """The move that ends a turn without doing anything more; its notation is ``word``.

    Each game that has one keeps a single instance, ``END_TURN`` (``EndTurn("end")``, or
    ``EndTurn("pass")`` where the rules call it a pass).

    >>> str(EndTurn("pass"))
    'pass'
    """

    word: str = "end"

    def __str__(self) -> str:
        return self.word


LEVEL_NAMES = ("easy", "hard")
"""The levels a game may play its own agent for (:attr:`Game.levels`); ``"medium"`` is always
its greedy rule (:attr:`Game.greedy`), which the compiled kernels play."""


OPTION_LIMIT = checks.OPTION_LIMIT
"""The largest value of a whole-number option without a bound of its own (``max_turns``): the
compiled engines count turns and players in 64 bits (:data:`icewidgets.checks.OPTION_LIMIT`)."""


@dataclasses.dataclass(frozen=True)
class Game:
    """Base class of every game: the rules plus their options.

    Subclasses are frozen dataclasses whose fields are the options. They set the class
    attributes below (the rules module sets ``name`` … ``playout_max_turns``; the game
    package attaches its companions with :meth:`plug_in`) and implement ``new_state``,
    ``state_from_text`` and ``parse_move``. Use :func:`icewidgets.make` to build one by name.
    """

    name: ClassVar[str] = ""
    """The registry name, lower case: what :func:`icewidgets.make` takes."""
    title: ClassVar[str] = ""
    """The name as people write it, for titles and pictures."""
    move_types: ClassVar[tuple[type, ...]] = ()
    """Every class a move of this game can be; ``play`` refuses other objects."""
    example_move: ClassVar[str] = ""
    """Any well-formed move text (used in error messages and checks)."""
    grid: ClassVar["Grid | None"] = None
    """The board (:class:`icewidgets.grid.Grid`): its size and square names."""
    problems: ClassVar[Callable[["State"], Iterable[Problem]] | None] = None
    """Its checks that a position can arise in play, ``problems(state) -> [Problem]``, attached
    with :meth:`plug_in` (None: a game without them finds no problem in any position). See
    :meth:`State.problems`."""
    playout_max_turns: ClassVar[int | None] = None
    """The turn limit playouts use when neither they nor the ``max_turns`` option set one:
    for games that random play need not finish (documented by each game from measurement)."""

    # Companions, attached once by the game package with plug_in(); the defaults serve a game
    # that has none: its board is still drawn from stack(), clicked, and played out.
    view: ClassVar[View] = View()
    """What its pictures show beyond the squares (:class:`icewidgets.view.View`)."""
    controls: ClassVar[Controls] = Controls()
    """How its moves are clicked and labelled in the widget (:class:`icewidgets.view.Controls`)."""
    counters: ClassVar[Counters] = Counters()
    """What playouts count in its games (:class:`icewidgets.counters.Counters`)."""
    greedy: ClassVar[Callable[["State", Any], Any] | None] = None
    """Its one-ply heuristic, ``greedy(state, rng) -> move`` with exactly one ``rng.random()``
    draw per decision; the ``"greedy"`` agent plays it (None: the agent plays at random)."""
    kernel: ClassVar[str | None] = None
    """The module of its compiled playout kernel, imported only by :mod:`icewidgets.fast`."""
    how_to_play: ClassVar[HowToPlay] = HowToPlay()
    """Its rules in plain words, for players (:class:`icewidgets.teaching.HowToPlay`): the one
    text that the notebooks show and :func:`icewidgets.rules_sheet` prints."""
    analyst: ClassVar[Analyst] = Analyst()
    """How analysis values its positions (:class:`icewidgets.analyst.Analyst`): the rollout
    policy, and exact answers where it has them."""
    earlier_defaults: ClassVar[Mapping[str, Any]] = {}
    """Options whose default changed, each with the default it had before. Something saved
    before the change that names no such option (a record of format version 1, saved playout
    results, a golden playthrough file) was made under the earlier value and is read so
    (:meth:`saved_options`); a playthrough file leaves out an option at its earlier value, so
    files written before it existed keep their bytes. Empty: no default has changed."""
    levels: ClassVar[Mapping[str, Any]] = {}
    """Its own agents for the levels ``"easy"`` and ``"hard"`` (:data:`icewidgets.agents.LEVELS`),
    which then play them in this game instead of the generic ones: level → an agent
    ``agent(state, rng) -> move``, or the text ``"module:name"`` of one, imported when the level
    first plays (so a game may name an agent built on the layers above the rules, as ``kernel``
    names its kernel). Empty: the generic agents play every level."""

    @classmethod
    def plug_in(
        cls,
        *,
        view: View | None = None,
        controls: Controls | None = None,
        counters: Counters | None = None,
        greedy: Callable[["State", Any], Any] | None = None,
        kernel: str | None = None,
        how_to_play: HowToPlay | None = None,
        analyst: Analyst | None = None,
        levels: Mapping[str, Any] | None = None,
        problems: Callable[["State"], Iterable[Problem]] | None = None,
    ) -> None:
        """Attach the game's companions (called once, by the game package's ``__init__``).

        >>> class Demo(Game):
        ...     name = "demo"
        >>> Demo.plug_in(greedy=lambda state, rng: None)
        >>> Demo.greedy(None, None) is None and Game.greedy is None
        True
        """
        for label, value, kind in (("view", view, View), ("controls", controls, Controls),
                                   ("counters", counters, Counters), ("how_to_play", how_to_play, HowToPlay),
                                   ("analyst", analyst, Analyst)):
            if value is not None:
                if not isinstance(value, kind):
                    raise TypeError(f"{cls.__name__}.plug_in({label}=…) takes {article(kind.__name__)}, "
                                    f"not {type(value).__name__}")
                setattr(cls, label, value)
        if greedy is not None:
            if not callable(greedy):
                raise TypeError(f"{cls.__name__}.plug_in(greedy=…) takes a function greedy(state, rng) -> move")
            cls.greedy = staticmethod(greedy)
        if kernel is not None:
            cls.kernel = kernel
        if problems is not None:
            if not callable(problems):
                raise TypeError(f"{cls.__name__}.plug_in(problems=…) takes a function problems(state) -> [Problem]")
            cls.problems = staticmethod(problems)
        if levels is not None:
            cls.levels = _check_levels(cls.__name__, levels)

    @classmethod
    def saved_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` as read from something saved before a default changed: every option of
        :attr:`earlier_defaults` that they leave out takes its earlier value.

        >>> class Demo(Game):
        ...     earlier_defaults = {"rule": "old"}
        >>> Demo.saved_options({"players": 3}), Demo.saved_options({"rule": "new"})
        ({'rule': 'old', 'players': 3}, {'rule': 'new'})
        """
        return {**cls.earlier_defaults, **options}

    @property
    def options(self) -> dict[str, Any]:
        """The option values, as keyword arguments for :func:`icewidgets.make`."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @property
    def num_players(self) -> int:
        return getattr(self, "players", 2)

    def player_name(self, player: int) -> str:
        """How events and pictures name a player, e.g. ``"Player 1"`` or ``"Dark"``."""
        return f"Player {player + 1}"

    def new_state(self, seed: Any = None) -> "State":
        """The starting position; random setups and first rolls come from ``seed``: a whole
        number ≥ 0, a ``random.Random``, a ``numpy.random.Generator`` or None (fresh randomness).
        Any other seed is refused (:func:`icewidgets.randomness.check_seed`), also by a game that
        draws nothing."""
        raise NotImplementedError

    def state_from_text(self, text: str, partial: bool | None = None) -> "State":
        """The state written as a position text (see ``State.to_text``).

        ``partial`` says what to do with a position that cannot arise in play
        (:meth:`State.problems`): None (the default) loads one whose only problems are missing
        pieces (a diagram of part of a board) and refuses a contradiction; True loads any
        position the engine can play, contradictions included; False refuses any problem. A
        position loaded with problems is marked :attr:`State.partial`. A text the engine cannot
        play at all is refused as it is read, whatever ``partial`` says (a piece where the game's
        engine can never hold one, or more pieces of a kind than the set holds). Games end their
        ``state_from_text`` with :meth:`_admit`.
        """
        raise NotImplementedError

    def _admit(self, state: "State", partial: bool | None) -> "State":
        """``state``, read from a position text, if ``partial`` lets it load (see
        :meth:`state_from_text`); otherwise a NotationError listing its problems."""
        if partial is not None and not isinstance(partial, bool):
            raise ValueError(f"partial={shown(partial)} is not valid: choose None (load missing pieces, refuse "
                             f"contradictions), True (load any position the engine can play) or False (refuse any problem)")
        if partial is True:
            return state
        problems = state.problems()
        refused = problems if partial is False else [problem for problem in problems if not problem.missing]
        if refused:
            advice = "" if partial is False else " (load it with partial=True to show it as part of a board)"
            raise NotationError("this position cannot arise in play: " + "; ".join(refused) + advice)
        return state

    def parse_move(self, text: str) -> Any:
        """The move written ``text``; :class:`NotationError` names a bad token."""
        raise NotImplementedError

    @property
    def ply_bound(self) -> int | None:
        """An upper bound on the plies of any game under these options, or None if unbounded."""
        return None

    def __repr__(self) -> str:
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        ]
        return f"make({self.name!r}{''.join(', ' + c for c in changed)})"

    # The package's own games call these; a game of its own uses icewidgets.checks' option_choice,
    # option_int and option_bool, which they are.
    def _check_choice(self, option: str, choices: Iterable[Any]) -> None:
        checks.option_choice(self, option, choices)

    def _check_int(self, option: str, low: int, high: int | None = None, allow_none: bool = False) -> None:
        checks.option_int(self, option, low, high, none=allow_none)

    def _check_bool(self, option: str) -> None:
        checks.option_bool(self, option)


_COMPARED_FIELDS: dict[type, tuple[str, ...]] = {}
_PRIMABLE: dict[type, frozenset[str]] = {}


class State:
    """Base class of every game state. Subclasses are frozen dataclasses.

    Subclasses provide ``game``, ``to_move`` (who plays the next ply; :data:`CHANCE` at a
    chance ply), ``turns`` (whole turns completed), ``last_move``, ``events``,
    ``legal_moves()``, ``_why_illegal(move)``, ``_apply(move)``, ``to_text()``,
    ``stack(square)``, ``scores``, ``winners``, ``end_reason`` and ``_ascii()``. This class
    computes the rest from them: ``unfinished`` (the turn limit reached with no ``end_reason``),
    ``is_over``, ``is_draw``, ``result``, ``player``, equality and hashing, and ``play``,
    ``is_legal`` and ``why_illegal``, which check a move before ``_apply`` sees it.
    """

    game: Game
    to_move: int
    turns: int
    last_move: Any
    events: tuple[Event, ...]
    """What the ply that led to this state did, in order (each with a plain-English ``str()``);
    ``()`` for a state no ply made. A cached property in every game: built on first read, or
    primed by ``_apply`` with :meth:`_prime` when the ply builds its events as it goes."""

    @property
    def player(self) -> int:
        """Whose turn it is: ``to_move``, except at a chance ply, where it is the player the
        roll is for."""
        return self.to_move

    @property
    def end_reason(self) -> str | None:
        """Why the game ended by its rules, in words (``"Player 1 holds all five colours"``);
        None while it goes on, and when a turn limit stopped it (see :attr:`unfinished`)."""
        raise NotImplementedError

    def _prime(self, **values: Any) -> "State":
        """Fill in cached properties of a state just built (``events=…``): they take no part in
        equality or hashing, so doing so is invisible from outside. Returns the state.

        Each name must be a :func:`functools.cached_property` of the state's class (a plain
        property or a dataclass field would ignore or misuse the value); anything else raises
        TypeError naming the rule."""
        cls = type(self)
        primable = _PRIMABLE.get(cls)
        if primable is None:
            found: dict[str, Any] = {}
            for klass in cls.__mro__:  # the nearest definition of each name counts
                for attribute, value in vars(klass).items():
                    found.setdefault(attribute, value)
            primable = _PRIMABLE[cls] = frozenset(
                attribute for attribute, value in found.items() if isinstance(value, functools.cached_property))
        for name, value in values.items():
            if name not in primable:
                raise TypeError(f"{cls.__name__}._prime({name}=…) fills a cached property, but {cls.__name__}.{name} is "
                                f"not one: declare it with @functools.cached_property (rule: events are a cached "
                                f"property, built when first read or primed by _apply with _prime(events=…))")
            self.__dict__[name] = tuple(value) if name == "events" else value
        return self

    # Equality is by position: the dataclass fields marked compare, plus the turns played when
    # a turn limit makes them matter (subclasses declare themselves with eq=False to use this).
    def _position_key(self) -> tuple:
        names = _COMPARED_FIELDS.get(type(self))
        if names is None:
            names = _COMPARED_FIELDS[type(self)] = tuple(f.name for f in dataclasses.fields(self) if f.compare)
        key = tuple(getattr(self, name) for name in names)
        if getattr(self.game, "max_turns", None) is not None:
            key += (getattr(self, "turns", 0),)
        return key

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._position_key() == other._position_key()

    def __hash__(self) -> int:
        return hash(self._position_key())

    def play(self, move: Any) -> "State":
        """The state after ``move`` (a move object or its notation); this state is unchanged.

        Raises :class:`IllegalMoveError` (why it is illegal) or :class:`NotationError`.
        """
        move = self._coerce(move)
        if self.is_over:
            raise IllegalMoveError(f"the game is over; no more moves can be played ({move} was tried)")
        reason = self._why_illegal(move)
        if reason:
            raise IllegalMoveError(f"{move} is illegal: {reason}")
        return self._apply(move)

    def listed(self, move: Any) -> Any:
        """``move`` (a move object or its notation) as this position lists it: the equal move of
        ``legal_moves()`` (of the dice's outcomes at a chance ply), whose text is the notation's
        own spelling (a record keeps that, not what was typed); ``move`` itself when none is equal
        (or written the same).

        >>> import icewidgets as iw
        >>> state = iw.make(iw.available_games()[0]).new_state()
        >>> first = state.legal_moves()[0]
        >>> state.listed(f" {first} ") == first, str(state.listed(first)) == str(first)
        (True, True)
        """
        move = self._coerce(move)
        if self.is_over:
            return move
        listed = [outcome for outcome, _ in self.chance_outcomes()] if self.to_move == CHANCE else self.legal_moves()
        return next((candidate for candidate in listed if candidate == move or str(candidate) == str(move)), move)

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (object or text) may be played now."""
        try:
            move = self._coerce(move)
        except NotationError:
            return False
        return not self.is_over and not self._why_illegal(move)

    def why_illegal(self, move: Any) -> str | None:
        """Why ``move`` is illegal here, in plain words, or None if it is legal."""
        move = self._coerce(move)
        if self.is_over:
            return "the game is over"
        return self._why_illegal(move)

    def _coerce(self, move: Any) -> Any:
        if isinstance(move, str):
            return self.game.parse_move(move)
        try:
            known = isinstance(move, self.game.move_types)
        except TypeError:  # move_types holds what is not a class: say which rule, not isinstance()'s words
            raise TypeError(f"{self.game.name}: {move_types_problem(type(self.game))}") from None
        if not known:
            raise NotationError(f"{shown(move)} is not a {self.game.name} move or move text")
        return move

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance ply, every outcome with its probability; otherwise an empty list."""
        return []

    # Whether the position can happen ----------------------------------------------------------

    def problems(self) -> list[Problem]:
        """Every reason this position cannot arise in play, as plain sentences naming the square
        or the count (after python-chess's ``Board.status()``); empty for a position a game can
        reach. Each is a :class:`Problem`: ``missing`` pieces (part of a board) or a
        contradiction. Which conditions are checked is the game's ``problems`` docstring."""
        finder = self.game.problems
        return [] if finder is None else [Problem(p, getattr(p, "missing", False)) for p in finder(self)]

    @functools.cached_property
    def partial(self) -> bool:
        """True when this position cannot arise in play (:meth:`problems`): a teaching diagram,
        part of a board. Its pictures and ``str()`` say so; play goes on from it as usual."""
        return bool(self.problems())

    # Results ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended: won, drawn, or stopped unfinished by ``max_turns``."""
        return self.end_reason is not None or self.unfinished

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players (several on a shared win); empty while playing, on a draw or unfinished."""
        raise NotImplementedError

    @property
    def unfinished(self) -> bool:
        """True when the game was stopped by the ``max_turns`` option before it ended by the rules:
        ``turns`` has reached ``game.max_turns`` and ``end_reason`` is None. A game overrides it
        only when its turn limit counts something else."""
        limit = getattr(self.game, "max_turns", None)
        return limit is not None and getattr(self, "turns", 0) >= limit and self.end_reason is None

    @property
    def is_draw(self) -> bool:
        """True when the game ended by the rules with no winner."""
        return self.is_over and not self.unfinished and not self.winners

    @property
    def result(self) -> str:
        """``"playing"``, ``"win"``, ``"draw"`` or ``"unfinished"``."""
        if not self.is_over:
            return "playing"
        if self.unfinished:
            return "unfinished"
        return "win" if self.winners else "draw"

    # Rendering -------------------------------------------------------------------------------

    def __str__(self) -> str:
        if self.partial:
            return self._ascii() + "\n part of a board: a diagram, not a position from play (see problems())"
        return self._ascii()

    def _repr_svg_(self) -> str:
        """The picture a notebook shows for a state (see :func:`icewidgets.svg.board`)."""
        # The drawing layer sits above the rules: it is looked up by name when a notebook asks
        # for a picture, so the rules layer never imports it (nor anything it imports).
        return importlib.import_module("icewidgets.svg").board(self)

    def _ascii(self) -> str:
        raise NotImplementedError


def move_types_problem(game_class: type) -> str | None:
    """Why ``game_class.move_types`` is not a tuple of the Move classes themselves, in words that
    name the rule, or None. (An empty tuple passes here: :func:`icewidgets.testing.check_outline`
    refuses it.)

    >>> class Demo(Game):
    ...     move_types = ("Step",)
    >>> move_types_problem(Demo)
    "move_types holds 'Step', not a class: write Demo.move_types = (…,) with the Move classes themselves, after the # Moves section that defines them (rule: move_types are the Move classes)"
    """
    types, owner = game_class.move_types, game_class.__name__
    rule = "(rule: move_types are the Move classes)"
    if not isinstance(types, tuple):
        return (f"move_types = {shown(types)}; write a tuple of the Move classes after them, e.g. "
                f"{owner}.move_types = (Place,) {rule}")
    for kind in types:
        if not isinstance(kind, type):
            return (f"move_types holds {shown(kind)}, not a class: write {owner}.move_types = (…,) with the Move "
                    f"classes themselves, after the # Moves section that defines them {rule}")
    return None


def _check_levels(owner: str, levels: Any) -> dict[str, Any]:
    """``levels`` for ``<owner>.plug_in(levels=…)``, checked: level names to agents or "module:name" texts."""
    if not isinstance(levels, Mapping):
        raise TypeError(f"{owner}.plug_in(levels=…) takes a dict of level names to agents, not {type(levels).__name__}")
    checked = {}
    for level, agent in levels.items():
        if level not in LEVEL_NAMES:
            raise ValueError(f"{owner}.plug_in(levels=…): {level!r} is not a level a game may play its own agent "
                             f"for; choose {' or '.join(repr(name) for name in LEVEL_NAMES)}")
        text = isinstance(agent, str) and agent.count(":") == 1 and all(agent.split(":"))
        if not (callable(agent) or text):
            raise TypeError(f"{owner}.plug_in(levels=…): the agent for {level!r} must be a function "
                            f"agent(state, rng) -> move or the text 'module:name' of one, not {agent!r}")
        checked[level] = agent
    return checked
