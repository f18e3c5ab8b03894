"""Checks of the arguments that enter the library.

Each check returns the value in its plain form (numpy integers become ``int``) or refuses it
with an error that names the argument and says what it may be: a ``TypeError`` for a value of
the wrong kind, a ``ValueError`` for one of the right kind out of range. Numbers are recognised
by the :mod:`numbers` ABCs, so numpy's scalars pass wherever Python's do; ``True`` and
``False`` are never numbers here.

>>> whole(5, "n", low=1), number(0.25, "precision", low=0, high=0.5)
(5, 0.25)
>>> whole(2.5, "n", low=1)
Traceback (most recent call last):
...
ValueError: n=2.5 must be a whole number ≥ 1
>>> choice("A5", "paper", ("A4", "letter"))
Traceback (most recent call last):
...
ValueError: paper='A5' is not one of 'A4', 'letter'
"""

from __future__ import annotations

import math
import numbers
import os
from typing import Any, Iterable

from .words import article

__all__ = ["MAX_SEED", "OPTION_LIMIT", "choice", "digit_count", "flag", "is_seed", "long_number", "no_unknown", "number",
           "option_bool", "option_choice", "option_int", "path", "seed", "shown", "whole"]


def shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters; a whole number
    too long for Python to print (over 4,300 digits) is told by its length.

    >>> shown(10**5000), shown("x" * 100)
    ('a whole number of 5,001 digits', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
    >>> shown([1, 10**5000])
    'a list holding a number too long to print'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4_000:
        return long_number(value)
    try:
        text = repr(value)
    except ValueError:  # a whole number too long for Python to print, inside a list or an object
        return f"{article(type(value).__name__)} holding a number too long to print"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def long_number(value: int) -> str:
    """A whole number told by its length: ``"a negative whole number of 5,001 digits"``."""
    return f"{'a negative' if value < 0 else 'a'} whole number of {digit_count(value):,} digits"


def digit_count(value: int) -> int:
    """The decimal digits of ``value``, counted without printing it (Python refuses to, past 4,300).

    >>> digit_count(0), digit_count(-999), digit_count(10**5000)
    (1, 3, 5001)
    """
    digits = int(abs(value).bit_length() * 0.30102999566398120) + 1  # log10(2): exact or one too many
    return max(1, digits - 1 if 10 ** (digits - 1) > abs(value) else digits)


def _span(low: Any, high: Any, low_open: bool = False, high_open: bool = False) -> str:
    """The bounds in words: "≥ 1", "between 0 and 1", "strictly between 0 and 0.5", "> 0 and ≤ 1"."""
    low, high = _shown(low), _shown(high)
    if low is not None and high is not None:
        if not (low_open or high_open):
            return f"between {low} and {high}"
        if low_open and high_open:
            return f"strictly between {low} and {high}"
        return f"{'>' if low_open else '≥'} {low} and {'<' if high_open else '≤'} {high}"
    if low is not None:
        return f"{'>' if low_open else '≥'} {low}"
    if high is not None:
        return f"{'<' if high_open else '≤'} {high}"
    return ""


def _shown(bound: Any) -> Any:
    """A bound as it reads: whole numbers with thousands separators, others as they print."""
    if bound is None:
        return None
    if float(bound).is_integer():
        return f"{int(bound):,}"
    return f"{bound:g}"


def whole(value: Any, name: str, low: int | None = None, high: int | None = None, *,
          none: bool = False, what: str = "a whole number") -> int | None:
    """``value`` as an ``int`` from ``low`` to ``high`` (either may be None: no bound), or None
    when ``none`` allows it.

    >>> import numpy as np
    >>> whole(np.int64(3), "rows", low=1), whole(None, "rows", none=True)
    (3, None)
    >>> whole("3", "rows", low=1, none=True)
    Traceback (most recent call last):
    ...
    TypeError: rows='3' must be a whole number ≥ 1 or None, not str
    """
    if value is None and none:
        return None
    wanted = f"{what} {_span(low, high)}".strip() + (" or None" if none else "")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}={shown(value)} must be {wanted}, not {type(value).__name__}")
    if not isinstance(value, numbers.Integral):
        raise ValueError(f"{name}={shown(value)} must be {wanted}")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name}={shown(value)} must be {wanted}")
    return value


MAX_SEED = 2**128 - 1
"""The largest seed: numpy's ``SeedSequence`` keeps 128 bits of a seed, and a record, a game code
or a results file writes it in full."""


def seed(value: Any, name: str = "seed", *, none: bool = False) -> int | None:
    """``value`` as a seed: an ``int`` from 0 to :data:`MAX_SEED` (None when ``none`` allows it).

    >>> seed(7), seed(None, none=True)
    (7, None)
    >>> seed(2**200)
    Traceback (most recent call last):
    ...
    ValueError: seed=1606938044258990275541962092341162602522202993782792835301376 must be a whole number ≥ 0 and < 2**128
    """
    wanted = "a whole number ≥ 0 and < 2**128" + (" or None" if none else "")
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}={shown(value)} must be {wanted}, not {type(value).__name__}")
    if not isinstance(value, numbers.Integral) or not is_seed(int(value)):
        raise ValueError(f"{name}={shown(value)} must be {wanted}")
    return int(value)


def is_seed(value: Any) -> bool:
    """Whether ``value`` is a seed as a saved file holds one: an ``int`` (not a bool) from 0 to
    :data:`MAX_SEED`. The loaders of records, results and analyses ask it; :func:`seed` reads
    what a caller passes (numpy integers too).

    >>> is_seed(7), is_seed(True), is_seed(2**128)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


def number(value: Any, name: str, low: float | None = None, high: float | None = None, *,
           low_open: bool = False, high_open: bool = False, none: bool = False,
           what: str = "a number") -> float | None:
    """``value`` as a finite ``float`` within the bounds (``low_open``/``high_open``: the bound
    itself is refused), or None when ``none`` allows it.

    >>> number(4, "score_scale", low=0, low_open=True)
    4.0
    >>> number(float("nan"), "exploration", low=0)
    Traceback (most recent call last):
    ...
    ValueError: exploration=nan must be a number ≥ 0
    """
    if value is None and none:
        return None
    wanted = f"{what} {_span(low, high, low_open, high_open)}".strip() + (" or None" if none else "")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}={shown(value)} must be {wanted}, not {type(value).__name__}")
    try:
        value = float(value)
    except OverflowError:  # an int beyond any float: out of every range
        raise ValueError(f"{name}={shown(value)} must be {wanted}") from None
    if (not math.isfinite(value)
            or (low is not None and (value <= low if low_open else value < low))
            or (high is not None and (value >= high if high_open else value > high))):
        raise ValueError(f"{name}={shown(value)} must be {wanted}")
    return value


def flag(value: Any, name: str) -> bool:
    """``value`` if it is True or False (numpy's booleans too), else a TypeError.

    >>> flag(1, "rotate_seats")
    Traceback (most recent call last):
    ...
    TypeError: rotate_seats=1 must be True or False
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise TypeError(f"{name}={shown(value)} must be True or False")


def choice(value: Any, name: str, choices: Iterable[Any]) -> Any:
    """``value`` if it is one of ``choices``; a TypeError for a value that cannot be one (of
    another kind than all of them), else a ValueError listing them."""
    choices = tuple(choices)
    listed = ", ".join(map(repr, choices))
    try:
        if value in choices:
            return value
    except TypeError:  # an unhashable value compared with dict keys
        pass
    if not any(isinstance(value, type(c)) for c in choices):
        raise TypeError(f"{name}={shown(value)} must be one of {listed}, not {type(value).__name__}")
    raise ValueError(f"{name}={shown(value)} is not one of {listed}")


def path(value: Any, name: str = "path") -> Any:
    """``value`` if it is a file path (``str`` or ``os.PathLike``); a TypeError otherwise, so
    that an integer is never taken for an open file descriptor.

    >>> path(3, "path")
    Traceback (most recent call last):
    ...
    TypeError: path=3 must be a file name (str or os.PathLike), not int
    """
    if isinstance(value, (str, os.PathLike)):
        text = os.fspath(value)
        if isinstance(text, str) and text.strip():
            return value
        if isinstance(text, str):
            raise ValueError(f"{name}={shown(value)} is empty: give a file name")
    raise TypeError(f"{name}={shown(value)} must be a file name (str or os.PathLike), not {type(value).__name__}")


def no_unknown(options: dict[str, Any], where: str, valid: Iterable[str]) -> None:
    """A TypeError, as Python gives for an unexpected keyword, when ``options`` holds a name
    that is not in ``valid``: it names the first such name and lists the valid ones.

    >>> no_unknown({"sise": 500}, "save_html()", ["theme", "palette", "size"])
    Traceback (most recent call last):
    ...
    TypeError: save_html() got an unexpected option 'sise'; its options are theme, palette, size
    """
    valid = list(valid)
    unknown = [key for key in options if key not in valid]
    if unknown:
        listed = ", ".join(valid) if valid else "none"
        raise TypeError(f"{where} got an unexpected option {unknown[0]!r}; its options are {listed}")


# A game's options ------------------------------------------------------------------------------
#
# A Game's ``__post_init__`` checks every option with these, so that ``make(name, option=…)`` with
# a bad value is a ValueError naming the option, the game and the valid values.

OPTION_LIMIT = 2**62
"""The largest value of a whole-number option without a bound of its own (``max_turns``): the
compiled engines count turns and players in 64 bits."""


def option_choice(game: Any, option: str, choices: Iterable[Any]) -> None:
    """Refuse ``game``'s option ``option`` unless its value is one of ``choices`` (a ValueError
    naming the option, the game and the choices). Call it in the Game's ``__post_init__``.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(name="demo", opening="cross", players=2, fast="yes")  # a Game, for the example
    >>> option_choice(game, "opening", ("cross", "ring"))
    >>> option_choice(game, "opening", ("ring", "line"))
    Traceback (most recent call last):
    ...
    ValueError: opening='cross' is not a valid demo option; choose one of 'ring', 'line'
    """
    value = _option(game, option)
    choices = tuple(choices)
    try:
        known = value in choices
    except TypeError:  # an unhashable value compared with a set's members
        known = False
    if not known:
        raise ValueError(f"{option}={shown(value)} is not a valid {game.name} option; choose one of "
                         + ", ".join(repr(c) for c in choices))


def option_int(game: Any, option: str, low: int, high: int | None = None, *, none: bool = False) -> None:
    """Refuse ``game``'s option ``option`` unless its value is a whole number from ``low`` to
    ``high`` (no upper bound: :data:`OPTION_LIMIT`), or None when ``none`` allows it. Call it in
    the Game's ``__post_init__``: ``option_int(self, "max_turns", 1, none=True)``.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(name="demo", players=2, max_turns=None)
    >>> option_int(game, "players", 2, 5), option_int(game, "max_turns", 1, none=True)
    (None, None)
    >>> option_int(game, "players", 3, 5)
    Traceback (most recent call last):
    ...
    ValueError: players=2 is not valid for demo: it must be a whole number from 3 to 5
    """
    value = _option(game, option)
    if value is None and none:
        return
    top = high if high is not None else OPTION_LIMIT
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= top:
        if high is not None:
            allowed = f"a whole number from {low} to {high}" if low < high else f"{low}"
        else:  # the limit is named to a value beyond it only: it is no rule of the game
            beyond = isinstance(value, int) and value > top
            allowed = f"a whole number ≥ {low}" + (" and at most 2**62" if beyond else "")
        extra = " or None" if none else ""
        raise ValueError(f"{option}={shown(value)} is not valid for {game.name}: it must be {allowed}{extra}")


BOOL_WORDS = {"true": True, "yes": True, "false": False, "no": False}
"""The words a yes-or-no option also takes, in any case (as the command line's ``-o ice=false``
passes them): each becomes True or False."""


def option_bool(game: Any, option: str) -> None:
    """Refuse ``game``'s option ``option`` unless its value is True or False, or one of the words
    of :data:`BOOL_WORDS` in any case (``"false"``, ``"Yes"``), which it sets to the bool they
    say. Call it in the Game's ``__post_init__``.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(name="demo", fast="No")
    >>> option_bool(game, "fast")
    >>> game.fast
    False
    >>> option_bool(SimpleNamespace(name="demo", fast="maybe"), "fast")
    Traceback (most recent call last):
    ...
    ValueError: fast='maybe' is not valid for demo: it must be True or False (or true/false, yes/no in any case)
    """
    value = _option(game, option)
    if isinstance(value, str) and value.strip().lower() in BOOL_WORDS:
        object.__setattr__(game, option, BOOL_WORDS[value.strip().lower()])  # a frozen Game's field, in __post_init__
    elif not isinstance(value, bool):
        raise ValueError(f"{option}={shown(value)} is not valid for {game.name}: it must be True or False "
                         "(or true/false, yes/no in any case)")


def _option(game: Any, option: str) -> Any:
    """The value of ``game``'s option ``option``; a game that checks an option it does not declare
    is told to declare it (a field of the Game dataclass)."""
    try:
        return getattr(game, option)
    except AttributeError:
        raise TypeError(f"{type(game).__name__} checks the option {option!r} but has no such field: declare it in "
                        "the Game dataclass, with its default") from None
