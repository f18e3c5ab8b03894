"""The games, by name: the package's own four, one package each, and games other distributions
offer through the entry point group ``icewidgets.games``.

Each package (``icewidgets/games/<name>/``) holds everything about its game: the rules
(``rules.py``, the same outline in every game), its picture data and widget controls
(``view.py``), its greedy rule (``greedy.py``), its playout counters (``counters.py``) and its
compiled kernel (``kernel.py``, loaded only by the fast runner). Its ``__init__`` attaches them
to the Game class with :meth:`~icewidgets.protocol.Game.plug_in`. Packages are imported on first
use, so ``import icewidgets`` stays quick and loads no numerical or widget library.

A game published as a package of its own declares an entry point in its ``pyproject.toml``::

    [project.entry-points."icewidgets.games"]
    martian = "martian_chess:MartianChess"

Every process finds it (the command line, any kernel, a Voilà page): :func:`available_games`
lists such games after the package's own, and :func:`make` builds them. A plug-in that cannot be
used (a malformed entry point; an import that fails, with the file and line where it did; no Game
class; a name another game has) is left out with a :class:`PluginWarning` that names its
distribution and says why; the other games still work, and ``make(name)`` says why that one is
missing. The package's own games never wait for plug-ins: they are looked for only when the list
of games is asked for or a name is not one of the package's own.

>>> available_games(plugins=False)
('volcano', 'volterra', 'ice3', 'blockade')
>>> available_games()[:4] == available_games(plugins=False)
True
>>> make("volcano", players=3).players
3
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import threading
import time
import traceback
import warnings
from typing import Any

from ..checks import shown
from ..protocol import Game, move_types_problem

ENTRY_POINT_GROUP = "icewidgets.games"
"""The entry point group through which other distributions offer games."""

REGISTRY: dict[str, str | type[Game]] = {
    "volcano": "icewidgets.games.volcano:Volcano",
    "volterra": "icewidgets.games.volterra:Volterra",
    "ice3": "icewidgets.games.ice3:Ice3",
    "blockade": "icewidgets.games.blockade:Blockade",
}
"""Game name → ``"package:Class"`` (imported on first use) or the Game class itself; the
package's own games first, then plug-ins (once discovered) and games added with :func:`register`."""

OWN_GAMES: tuple[str, ...] = tuple(REGISTRY)
"""The names of the package's own games, in order."""

PLUGINS: dict[str, str] = {}
"""Game name → the distribution (``"name version"``) whose entry point offers it, for the
plug-ins found so far."""


FAILED: dict[str, str] = {}
"""Game name → why the plug-in of that name was left out (what its :class:`PluginWarning` said),
so that ``make(name)`` says it rather than "unknown game"."""

SLOW_IMPORT = 1.0
"""Seconds: a plug-in whose import takes longer is named in a warning (every process that
lists the games waits for it)."""


class PluginWarning(UserWarning):
    """A game plug-in was left out; the message names its distribution and says why."""


_discovery = threading.Lock()
_MISSING = object()
_discovered = False


def available_games(plugins: bool = True) -> tuple[str, ...]:
    """The names :func:`make` accepts, in a fixed order: the package's own games, then the games
    of installed plug-ins (by distribution, then name) and those added with :func:`register`.
    ``plugins=False`` gives the package's own games only."""
    if not plugins:
        return OWN_GAMES
    discover()
    return tuple(REGISTRY)


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``. The package's own games are found without
    looking for plug-ins; any other name looks for them first (once per process)."""
    if not (isinstance(name, str) and name in OWN_GAMES):
        discover()
    try:
        entry = REGISTRY[name]
    except (KeyError, TypeError):
        if isinstance(name, str) and name in FAILED:
            raise ValueError(f"the plug-in {name!r} is installed but failed to load: {FAILED[name]}") from None
        raise ValueError(f"unknown game {shown(name)}; available games: {', '.join(REGISTRY)}") from None
    if isinstance(entry, str):
        module, _, cls = entry.partition(":")
        entry = getattr(importlib.import_module(module), cls)
    return entry


def register(game: type[Game]) -> None:
    """Add a Game class to the registry under its ``name`` (a game defined outside the package,
    e.g. in a test or a notebook); :func:`make` and everything built on it then know it, in this
    process (a game for every process is published with an entry point: see the module's docs).

    Raises ``TypeError`` for anything but a Game subclass, ``ValueError`` if the name is not
    lower case or is already taken by another game.
    """
    discover()
    if not _is_game_class(game):
        raise TypeError(f"register() takes a Game subclass, not {game!r}")
    problem = _name_problem(game, game.name) or move_types_problem(game)
    if problem:
        raise ValueError(f"register() refuses {game.__name__}: {problem}")
    REGISTRY[game.name] = game


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` or by a plug-in (the package's own games stay)."""
    if name in OWN_GAMES:
        raise ValueError(f"{name!r} is one of the package's own games and cannot be removed")
    discover()
    REGISTRY.pop(name, None)
    PLUGINS.pop(name, None)


def discover() -> None:
    """Find the games installed distributions offer (entry point group ``icewidgets.games``),
    once per process; every function of this module calls it first."""
    global _discovered
    if _discovered:
        return
    with _discovery:
        if _discovered:
            return
        _discovered = True  # first: a plug-in that imports this module while loading sees no loop
        from importlib.metadata import entry_points

        found = sorted(entry_points(group=ENTRY_POINT_GROUP),
                       key=lambda point: (_distribution(point), point.name, point.value))
        for point in found:
            _load_plugin(point)


_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?")
"""An entry point's value, ``module:attr`` (as :mod:`importlib.metadata` reads it)."""


def _load_plugin(point: Any) -> None:
    """Register the game of one entry point, or warn why it is left out. Nothing a plug-in does
    (a malformed entry point, an import that raises anything, even ``SystemExit``, a module
    whose ``__getattr__`` raises) reaches the caller: the other games keep working."""
    name, value = str(getattr(point, "name", "")), str(getattr(point, "value", ""))
    where = f"the game plug-in {name!r} ({name} = {value}) of the distribution {_distribution(point)!r}"
    try:
        problem = _plugin_problem(point, name, value)
    except BaseException as error:  # noqa: BLE001 - a plug-in's SystemExit or KeyboardInterrupt must not end the process
        problem = f"looking it up failed: {failure_text(error)}"
    if problem:
        FAILED.setdefault(name, problem)
        warnings.warn(f"{where} is left out: {problem}", PluginWarning, stacklevel=3)


def _plugin_problem(point: Any, name: str, value: str) -> str | None:
    """Register the game of ``point``; or why it cannot be, in words."""
    match = _VALUE.fullmatch(value)
    if match is None or not match.group("attr"):
        return f"its value {value!r} is not written 'module:Class'"
    module_name, attr = match.group("module"), match.group("attr")
    started = time.perf_counter()
    try:
        loaded: Any = importlib.import_module(module_name)
    except BaseException as error:  # noqa: BLE001 - any failure of someone else's package must leave ours working
        return f"importing {module_name} failed: {failure_text(error)}"
    seconds = time.perf_counter() - started
    if seconds > SLOW_IMPORT:
        warnings.warn(f"the game plug-in {name!r} of the distribution {_distribution(point)!r} took {seconds:.1f} s to "
                      f"import ({module_name}); every process that lists the games waits for it", PluginWarning,
                      stacklevel=4)
    for part in attr.split("."):
        try:
            loaded = getattr(loaded, part)
        except BaseException as error:  # noqa: BLE001 - a module's __getattr__ may raise anything
            if isinstance(error, AttributeError):
                return f"{module_name} has no {attr!r}"
            return f"reading {attr} of {module_name} failed: {failure_text(error)}"
    if not _is_game_class(loaded):
        what = f"the class {loaded.__name__}" if isinstance(loaded, type) else f"a {type(loaded).__name__}"
        return f"{value} is {what}, not a Game subclass (icewidgets.Game)"
    if loaded.name != name:
        return f"its entry point is called {name!r} but the game's name is {loaded.name!r} (they must agree)"
    problem = _name_problem(loaded, name) or move_types_problem(loaded)
    if problem:
        return problem
    if REGISTRY.get(name) is not loaded:  # else the plug-in registered itself on import
        REGISTRY[name] = loaded
        PLUGINS[name] = _distribution(point)
    return None


def failure_text(error: BaseException) -> str:
    """An exception a plug-in raised, in one line, with the file and line where it was raised
    (the innermost frame outside Python's import machinery and this module).

    >>> failure_text(ZeroDivisionError("division by zero"))  # one never raised: no file or line
    'ZeroDivisionError: division by zero'
    """
    text = f"{type(error).__name__}: {error}".rstrip(": ")
    if isinstance(error, SyntaxError):  # its text names the file and line already
        return text
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if not frame.filename.startswith("<") and "importlib" not in frame.filename.replace("\\", "/")
              and frame.filename != __file__]
    return f"{text} ({frames[-1].filename}, line {frames[-1].lineno})" if frames else text


def _is_game_class(game: Any) -> bool:
    return isinstance(game, type) and issubclass(game, Game)


def _name_problem(game: type[Game], name: Any) -> str | None:
    """Why the Game class ``game`` cannot be registered as ``name``, or None."""
    if not name or not isinstance(name, str) or name != name.strip().lower():
        return f"a game's name must be lower case, not {name!r}"
    if name not in REGISTRY or game_class(name) is game:
        return None
    if name in OWN_GAMES:
        return f"the name {name!r} is taken by the package's own {game_class(name).title}"
    if name in PLUGINS:
        return f"the name {name!r} is taken by the game of the distribution {PLUGINS[name]!r}"
    other = game_class(name)
    return f"the name {name!r} is taken by another game ({other.__module__}.{other.__qualname__})"


def _distribution(point: Any) -> str:
    try:
        dist = getattr(point, "dist", None)
        if dist is not None:
            return f"{dist.metadata['Name']} {dist.version}"
    except Exception:  # noqa: BLE001 - damaged metadata names no distribution
        pass
    return "an unknown distribution"


def make(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options``; unknown options raise TypeError listing the valid ones.

    >>> make("volcano", opening="plus").opening
    'plus'
    >>> make("volcano", colour="red")
    Traceback (most recent call last):
    ...
    TypeError: volcano has no option 'colour'; its options are: players, opening, caps, colours, tie_rule, no_return_within_turn, end_if_board_empty, max_turns, goal, stall_turns, capture
    """
    cls = game_class(name)
    valid = [f.name for f in dataclasses.fields(cls)]
    unknown = [key for key in options if key not in valid]
    if unknown:
        raise TypeError(
            f"{name} has no option {unknown[0]!r}; its options are: {', '.join(valid)}"
        )
    return cls(**options)
