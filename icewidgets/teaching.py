"""What a game gives teachers: its rules in plain words (the :class:`HowToPlay` hook), and the
:class:`Verdict` that the notebooks' self-checks return.

A game package keeps one text of its rules for players in ``games/<name>/teaching.py`` and
attaches it with ``Game.plug_in(how_to_play=...)``. That one text is what the notebooks show
(``game.how_to_play`` displays itself as Markdown), what :func:`icewidgets.rules_sheet` prints,
and what the rules module's docstring points players to; the docstring itself is the exact
specification for programmers.

The text is a small subset of Markdown, so it reads well as plain text, in a notebook and on
paper: paragraphs separated by blank lines, ``- `` bullets, ``1. `` numbered points, a bold
lead-in (``**Setup.** ...``), ``code`` in backticks, and blocks indented by four spaces
(a diagram, kept as it is).

>>> rules = HowToPlay(summary="Take turns; first to three wins.", text="**Setup.** An empty board.")
>>> rules.blocks()
[Block(kind='paragraph', lead='Setup.', text='An empty board.')]
>>> print(check_number(7, 7, why="seven is the answer"))
✔ Right: seven is the answer.
>>> print(check_number(5, 7, why="seven is the answer", what="the count"))
✘ Not yet: 5 is too low for the count.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import numbers
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from .checks import digit_count, long_number
from .words import article, plural

__all__ = ["ECHO_CHARS", "ECHO_MOVES", "READ_DIGITS", "READ_EXPONENT", "Block", "HowToPlay", "Verdict",
           "NUMBER_WORDS", "WINNER_WORDS", "check_choice", "check_moves", "check_number", "clip", "clip_quoted",
           "move_reader", "move_text", "numbered_move", "plain_answer", "quoted", "read_number", "read_position",
           "read_words", "self_check", "shown", "shown_moves"]


class Block(NamedTuple):
    """One block of a :class:`HowToPlay` text: ``kind`` is ``"paragraph"``, ``"bullet"``,
    ``"number"`` (``lead`` then holds its number, ``"1."``) or ``"diagram"``; ``lead`` is a bold
    lead-in (without its asterisks), ``text`` the rest, with backticks and asterisks removed
    (a diagram keeps its lines)."""

    kind: str
    lead: str
    text: str


_NUMBERED = re.compile(r"^(\d+\.)\s+(.*)$", re.S)
_LEAD = re.compile(r"^\*\*(.+?)\*\*\s*(.*)$", re.S)


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("`", "").replace("**", "").replace("*", "")).strip()


@dataclasses.dataclass(frozen=True)
class HowToPlay:
    """A game's rules in plain words, for players: the hook a game sets with
    ``Game.plug_in(how_to_play=...)``.

    - ``summary``: two or three sentences, what the game is and how to win;
    - ``text``: the rules (the Markdown subset of this module's docstring), short enough for one
      printed page beside two pictures;
    - ``example``: the plies, from ``new_state(seed=example_seed)``, of the example the rules
      sheet draws beside the start position, and ``example_caption`` saying what it shows;
    - ``score_columns``: what players write on the score sheet each turn, one column each per
      player, and ``score_note``, a line under the sheet (how to score).

    In a notebook it displays itself as Markdown; ``str()`` is the plain text.
    """

    summary: str = ""
    text: str = ""
    example: tuple[str, ...] = ()
    example_seed: int = 1
    example_caption: str = ""
    score_columns: tuple[str, ...] = ("moves", "score")
    score_note: str = ""

    def blocks(self) -> list[Block]:
        """The text as blocks, in order (what the rules sheet lays out)."""
        blocks = []
        for chunk in re.split(r"\n\s*\n", self.text.strip("\n")):
            if not chunk.strip():
                continue
            lines = chunk.split("\n")
            if all(line.startswith("    ") for line in lines):
                blocks.append(Block("diagram", "", "\n".join(line[4:] for line in lines)))
                continue
            # A paragraph may hold a list: each "- " or "1. " line starts an item of its own.
            items: list[list[str]] = []
            for line in lines:
                stripped = line.strip()
                if not items or stripped.startswith("- ") or _NUMBERED.match(stripped):
                    items.append([stripped])
                else:
                    items[-1].append(stripped)
            for item in items:
                blocks.append(_block(" ".join(item)))
        return blocks

    def markdown(self, title: str = "") -> str:
        """The rules as Markdown (a ``###`` heading with ``title`` first, if given)."""
        heading = f"### {title}\n\n" if title else ""
        return f"{heading}*{self.summary}*\n\n{self.text.strip()}\n"

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def __str__(self) -> str:
        return f"{_plain(self.summary)}\n\n" + "\n".join(
            (f"{block.lead} " if block.lead else "") + block.text if block.kind != "bullet"
            else f"- {(block.lead + ' ') if block.lead else ''}{block.text}"
            for block in self.blocks())


def _block(item: str) -> Block:
    kind, lead = "paragraph", ""
    if item.startswith("- "):
        kind, item = "bullet", item[2:]
    else:
        numbered = _NUMBERED.match(item)
        if numbered:
            kind, lead, item = "number", numbered.group(1), numbered.group(2)
    bold = _LEAD.match(item)
    if bold and kind != "number":
        lead, item = bold.group(1), bold.group(2)
    return Block(kind, _plain(lead), _plain(item))


# Self-checks -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What a self-check says about an answer: ``right`` or not, and ``why`` in words.

    It is true when the answer is right, prints as ``✔ Right: …`` or ``✘ Not yet: …``, and
    :meth:`assert_right` raises when it is not (the notebooks' solution cells end with it, so the
    tests that run them fail on a wrong worked answer).

    >>> Verdict(False, "the cap on a1 cannot leave the board")
    ✘ Not yet: the cap on a1 cannot leave the board.
    >>> bool(Verdict(True, "well done"))
    True
    """

    right: bool
    why: str

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        why = self.why.rstrip()
        if why and why[-1] not in ".!?":
            why += "."
        return f"{'✔ Right' if self.right else '✘ Not yet'}: {why}"

    __repr__ = __str__

    def assert_right(self) -> "Verdict":
        """This verdict, or an AssertionError with its reason if the answer is not right."""
        if not self.right:
            raise AssertionError(str(self))
        return self


def self_check(check: Callable[..., Verdict]) -> Callable[..., Verdict]:
    """Make ``check`` a self-check that never raises: whatever a student passes, the answer is a
    :class:`Verdict` (a check that fails in an unforeseen way says so instead of a traceback)."""

    @functools.wraps(check)
    def safe(*args: Any, **kwargs: Any) -> Verdict:
        try:
            return check(*args, **kwargs)
        except Exception as error:  # a traceback in front of a class helps nobody
            return Verdict(False, f"that answer could not be checked ({type(error).__name__}: {error})")

    return safe


ECHO_CHARS = 200
"""A verdict repeats at most this many characters of a text the student gave (then ``…``)."""

ECHO_MOVES = 20
"""A verdict repeats at most this many of the student's moves (then ``… and N more``): more than
the longest list an exercise asks for (14 capturing first moves), so a whole answer shows."""


def clip(text: str) -> str:
    """``text``, or its first :data:`ECHO_CHARS` characters and how long it is: every echo of a
    student's text goes through here (or :func:`quoted`, :func:`shown`, :func:`shown_moves`), so
    a pasted page is not repeated whole.

    >>> clip("a1-a2 " * 1000)[-40:]
    '1-a2 a1-a2 a1… (6,000 characters in all)'
    """
    return text if len(text) <= ECHO_CHARS else f"{text[:ECHO_CHARS]}… ({len(text):,} characters in all)"


def quoted(text: str) -> str:
    """``text`` in quotes as Python writes it, clipped like :func:`clip` (its length after the
    quotes)."""
    return repr(text) if len(text) <= ECHO_CHARS else f"{text[:ECHO_CHARS] + '…'!r} ({len(text):,} characters in all)"


def clip_quoted(message: str) -> str:
    """``message`` (a reason the rules or the library gave for a student's text) with every text
    in single quotes longer than :data:`ECHO_CHARS` clipped like :func:`quoted`."""
    return re.sub(r"'([^'\n]{%d,})'" % (ECHO_CHARS + 1), lambda part: quoted(part.group(1)), message)


def _text(value: Any) -> str:
    """``value`` as Python prints it, or a description when it cannot be printed (a whole
    number of more than :data:`ECHO_CHARS` digits; a list holding one) or would take more than
    a line."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        if digit_count(int(value)) > ECHO_CHARS:
            return long_number(int(value))
    try:
        text = str(value)
    except ValueError:  # an int (or a fraction, a list of them) too long for Python to print
        return f"{article(type(value).__name__)} holding a number too long to print"
    if "\n" in text or len(text) > 60 and not isinstance(value, numbers.Integral):
        return article(type(value).__name__)  # a table or a long object: its kind says enough
    return text


def numbered_move(number: int, word: str) -> str:
    """``"move 3, a1-a2"``, for a verdict on the student's ``number``-th move ``word``; a word
    too long to repeat is left out (the rules' reason quotes it, clipped, already).

    >>> numbered_move(3, "a1-a2"), numbered_move(3, "z" * 500)
    ('move 3, a1-a2', 'move 3')
    """
    return f"move {number}" if len(word) > ECHO_CHARS else f"move {number}, {word}"


def shown_moves(moves: Iterable[Any], sep: str = ", ") -> str:
    """Moves as read, for a verdict: the first :data:`ECHO_MOVES` of them, then how many more.

    >>> shown_moves(["a1-a2", "b2-b3"]), shown_moves(["RE1"] * 25, " ")[-40:]
    ('a1-a2, b2-b3', 'RE1 RE1 RE1 RE1 RE1 RE1 RE1 … and 5 more')
    """
    moves = [clip(move if isinstance(move, str) else _text(move)) for move in moves]
    more = f"{sep}… and {len(moves) - ECHO_MOVES:,} more" if len(moves) > ECHO_MOVES else ""
    return sep.join(moves[:ECHO_MOVES]) + more


def shown(answer: Any) -> str:
    """The answer as the student gave it, for a verdict: a text in quotes unless it is a number
    (clipped like :func:`clip`), a fraction as ``1/4``, a whole number of more than
    :data:`ECHO_CHARS` digits by its length, anything else as Python prints it (or its kind,
    when that would take more than a line).

    >>> shown("0.25"), shown("seven"), shown(0.2500001), shown(Fraction(1, 4))
    ('0.25', "'seven'", '0.2500001', '1/4')
    >>> shown(10**5000), shown([1, 2] * 40)
    ('a whole number of 5,001 digits', 'a list')
    """
    if isinstance(answer, str):
        return clip(answer.strip()) if read_number(answer) is not None else quoted(answer)
    return _text(answer)


def read_position(answer: Any, kind: type, title: str) -> tuple[Any, Verdict | None]:
    """``(position, None)`` when ``answer`` is a state of type ``kind``, or a Record or a widget
    whose final state is one; else ``(None, verdict)``, the verdict saying that the check wants a
    position of the game ``title`` (so no check reads None, or another game's position, as its
    own).

    >>> read_position(None, int, "Othello")
    (None, ✘ Not yet: give an Othello position (a state), not None.)
    """
    final = getattr(answer, "final_state", None)
    position = final() if callable(final) else final if final is not None else answer
    if isinstance(position, kind):
        return position, None
    return None, Verdict(False, f"give {article(title)} position (a state), not {shown(answer)}")


_NUMBER_TEXT = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$|^[+-]?\d+\s*/\s*\d+$")
_EXPONENT = re.compile(r"[eE]([+-]?\d+)$")

READ_DIGITS = 4000
"""A text of a number with more digits than this is not read as one (nor is a Decimal of more):
no question asks for such a number, and Python cannot turn one much longer into an int."""

READ_EXPONENT = 1000
"""A number written with an exponent beyond this (``"1e1001"``, ``"1e-1001"``) is not read as
one (nor is a Decimal that large or that small): the exact fraction of ``1e100000000`` would take
minutes to build."""


def read_number(answer: Any) -> Fraction | None:
    """``answer`` as an exact fraction, or None when it is not a number.

    Any form a student may type counts: an int or a float, a ``fractions.Fraction``, a
    ``decimal.Decimal``, a numpy number, or a text such as ``"0.25"``, ``"1/4"`` or ``"25%"``.
    A float is read as the decimal it prints as (``0.1`` is one tenth). True and False are no
    numbers, and neither are NaN and the infinities, nor (answered at once) a text or a Decimal
    with more than :data:`READ_DIGITS` digits or an exponent beyond ±:data:`READ_EXPONENT`.

    >>> read_number("1/4"), read_number(" 25% "), read_number(0.1), read_number("seven")
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 10), None)
    """
    if isinstance(answer, bool) or answer is None:
        return None
    if isinstance(answer, str):
        text = answer.strip().replace("\u2212", "-")
        percent = text.endswith("%")
        text = text[:-1].strip() if percent else text
        if not _NUMBER_TEXT.match(text) or len(text) > READ_DIGITS + 20:
            return None
        exponent = _EXPONENT.search(text)
        if exponent and (len(exponent.group(1)) > 10 or abs(int(exponent.group(1))) > READ_EXPONENT):
            return None
        if sum(char.isdigit() for char in text[:exponent.start() if exponent else None]) > READ_DIGITS:
            return None
        try:
            value = Fraction(text.replace(" ", ""))
        except ZeroDivisionError:  # "1/0" is no number
            return None
        return value / 100 if percent else value
    if getattr(answer, "shape", None) == () and hasattr(answer, "item"):  # a numpy scalar or 0-d array
        answer = answer.item()
        if isinstance(answer, bool):
            return None
    if isinstance(answer, numbers.Rational):
        return Fraction(int(answer.numerator), int(answer.denominator))
    if isinstance(answer, Decimal):
        if not answer.is_finite() or len(answer.as_tuple().digits) > READ_DIGITS:
            return None
        return Fraction(answer) if abs(answer.adjusted()) <= READ_EXPONENT else None
    if isinstance(answer, numbers.Real):
        value = float(answer)
        return Fraction(repr(value)) if math.isfinite(value) else None
    return None


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")
"""The numbers a student may write in words (``NUMBER_WORDS[n]`` is n): :func:`plain_answer` reads them."""

WINNER_WORDS = ("the winner is", "the winner", "winner", "won by", "it is", "it's", "a", "is the winner", "has won",
                "wins", "won", "win")
"""The words around a name in an answer to "who won?" (``"Dark wins"``, ``"the winner is Light"``, ``"a draw"``):
the ``fillers`` of :func:`plain_answer` for such a question."""

_EDGE = " \t'\".!?"


def plain_answer(answer: Any, fillers: Iterable[str] = (), *, sums: bool = False) -> Any:
    """The core of a student's short answer, for a self-check to read: ``answer`` with the words
    a question lets a student put around it taken off (``fillers``, in any case, at its start or
    its end: ``"condition 2"``, ``"17 points"``, ``"Dark wins"``), a number word up to twenty
    (:data:`NUMBER_WORDS`) as its digits, and, with ``sums`` (for a question that asks for a
    total), a sum of whole numbers as the total (``"44+42"``). An answer that is not a text,
    or that none of this changes, is returned as given, so a verdict can repeat it as the
    student wrote it; the core keeps the student's case.

    >>> plain_answer("condition two", ["condition"]), plain_answer("17 points", ["points"])
    ('2', '17')
    >>> plain_answer(" 44 + 42 ", sums=True), plain_answer("Dark wins!", WINNER_WORDS), plain_answer(17)
    ('86', 'Dark', 17)
    """
    if not isinstance(answer, str) or len(answer) > ECHO_CHARS:
        return answer
    core = " ".join(answer.split()).strip(_EDGE)
    words = sorted({" ".join(str(word).lower().split()) for word in fillers} - {""}, key=len, reverse=True)
    edges = [re.compile(rf"^{re.escape(word)}(?!\w)[\s:,]*", re.I) for word in words] + \
            [re.compile(rf"[\s:,]*(?<!\w){re.escape(word)}$", re.I) for word in words]
    trimmed = True
    while trimmed and core:
        trimmed = False
        for edge in edges:
            shorter = edge.sub("", core, count=1).strip(_EDGE)
            if shorter and shorter != core:  # a filler alone is no answer: it stays for the verdict to repeat
                core, trimmed = shorter, True
                break
    if core.lower() in NUMBER_WORDS:
        core = str(NUMBER_WORDS.index(core.lower()))
    elif sums and re.fullmatch(r"\d{1,9}(\s*\+\s*\d{1,9})+", core):
        core = str(sum(int(part) for part in core.split("+")))
    return answer if core == answer.strip() else core


def _decimals(value: Fraction) -> int | None:
    """How many decimals ``value`` is written with (``0.455`` has 3), or None when it has no end
    (``1/3``)."""
    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    return max(twos, fives) if denominator == 1 else None


NOISE_DIGITS = 4
"""An answer with this many decimals more than the question asks for is a float's print-out (a
sum of probabilities, a mean): it needs to be right only to the question's precision."""


@self_check
def check_number(answer: Any, expected: Any, *, why: str, what: str = "the answer",
                 places: int | None = None) -> Verdict:
    """Whether ``answer`` is the number ``expected``; ``why`` explains the right answer (shown
    when it is right), ``what`` names the quantity in the message of a wrong one.

    The answer may take any form :func:`read_number` reads. Without ``places`` it must be the
    exact value (a float may be off in its last digit, as sums of probabilities are); with
    ``places``, the precision the question asks for, it must be right to that many decimals,
    and to every decimal it gives beyond them: for a mean of 30.909 and ``places=0``, 31, 30.9
    and 30.91 are all right, and 30.4, 30.8 and 31.4 are not (a float's long print-out, with
    :data:`NOISE_DIGITS` decimals more than asked, needs only the asked precision). The
    question should say the precision.

    >>> check_number("seven", 7, why="seven")
    ✘ Not yet: give the answer as a number, not 'seven'.
    >>> check_number(31, 30.909, why="the mean", places=0), check_number("1/4", 0.25, why="a quarter")
    (✔ Right: the mean., ✔ Right: a quarter.)
    >>> check_number(0.455, Fraction(5, 11), why="5/11", places=2), check_number(30.8, 30.909, why="", places=0)
    (✔ Right: 5/11., ✘ Not yet: 30.8 is too low for the answer.)
    """
    value = read_number(answer)
    if value is None:
        return Verdict(False, f"give {what} as a number, not {shown(answer)}")
    target = read_number(expected)
    if target is None:
        raise ValueError(f"expected={expected!r} is not a number")
    if places is None:
        if value.denominator == target.denominator == 1:  # a count: exactly (10**9 + 1 is not 10**9)
            right = value == target
        else:  # math.isclose's tolerances for a float's last digit, in exact fractions (no overflow)
            right = abs(value - target) <= max(Fraction(1, 10**9) * max(abs(value), abs(target)), Fraction(1, 10**12))
        low = value < target
    else:  # right to the asked decimals, and to each decimal given beyond them
        given = _decimals(value)
        digits = places if given is None or given <= places or given >= places + NOISE_DIGITS else given
        right = abs(value - target) <= Fraction(1, 2 * 10 ** digits)
        low = value < target
    if right:
        return Verdict(True, why)
    return Verdict(False, f"{shown(answer)} is too {'low' if low else 'high'} for {what}")


_DASHES = str.maketrans("\u2010\u2011\u2012\u2013\u2014\u2212", "------")
"""Dashes a word processor or a keyboard puts for a hyphen (en dash, em dash, minus...)."""


def _split(text: str) -> list[str]:
    # a dash with spaces around it joins its two sides: "a1 - a2" is one move
    return [word for word in re.split(r"[\s,;]+", re.sub(r"\s*-\s*", "-", text.translate(_DASHES))) if word]


def _reads(read: Callable[[str], Any], text: str) -> bool:
    try:
        read(text)
    except ValueError:
        return False
    return True


def read_words(answer: Any, read: Callable[[str], Any] | None = None) -> list[str] | None:
    """A list of words (moves, pieces, names) from a list, a tuple, a set or a generator of them,
    or from one text with the words separated by spaces, commas or semicolons (a dash with
    spaces around it joins: ``"a1 - a2"`` is one word); None when ``answer`` is neither (a
    number, None).

    With ``read`` (a move reader, see :func:`move_reader`), an item of a list that ``read``
    accepts is one word, spaces inside it allowed (``["R SW 1"]``); an item it does not accept
    is split as a text when each part is a move, and kept whole otherwise (so the check names
    the item as written).

    >>> read_words("a1-a2, b2-b3  c3 - c4"), read_words(["a1-a2", " b2-b3 "]), read_words(5)
    (['a1-a2', 'b2-b3', 'c3-c4'], ['a1-a2', 'b2-b3'], None)
    >>> def read(text):  # a move: two squares and a dash
    ...     if not re.fullmatch(r"[a-e][1-5]-[a-e][1-5]", text.replace(" ", "")):
    ...         raise ValueError(f"{text!r} is no move")
    >>> read_words(["a1 - a2", "b2-b3 c3-c4", "b2 to c1"], read)
    ['a1 - a2', 'b2-b3', 'c3-c4', 'b2 to c1']
    """
    if isinstance(answer, str):
        items: Iterable[Any] = [answer]
    elif isinstance(answer, (list, tuple, set, frozenset)) or (
            isinstance(answer, Iterable) and not isinstance(answer, (bytes, Mapping))):
        items = list(answer)
    else:
        return None
    listed = not isinstance(answer, str)
    words = []
    for item in items:
        if isinstance(item, (list, tuple)):
            return None
        try:
            text = str(item).strip()
        except ValueError:  # a whole number too long for Python to print is no word
            return None
        if listed and read is not None and text and not _reads(read, text):
            parts = _split(text)
            words += parts if all(_reads(read, part) for part in parts) else [text]
        elif listed and read is not None and text:
            words.append(text)
        else:
            words += _split(text)
    return words


def move_text(game: Any, value: Any) -> str | None:
    """The text of a student's move given as text or as a move object of ``game`` (one of
    ``state.legal_moves()``, told by its notation reading back as the same move); None for
    anything else (a number, a list, a move of another game). A text is returned as given, for
    :func:`move_reader` to read.
    """
    if isinstance(value, str):
        return value
    try:
        text = str(value)
        return text if game.parse_move(text) == value else None
    except (TypeError, ValueError):  # no notation of this game (or a number too long to print)
        return None


def move_reader(game: Any) -> Callable[[str], str]:
    """A function that reads a student's text of a move of ``game`` (any case, spaces inside it
    allowed: ``"B2 - C1"``) and returns its notation, or raises ValueError saying why it is not a
    move. A move from one square to another may leave out its dash (``"b2c1"``) when that is
    the only way to read it."""
    squares = frozenset(name.lower() for name in getattr(getattr(game, "grid", None), "names", ()))

    def parse(attempts: Iterable[str]) -> tuple[str | None, ValueError | None]:
        error = None
        for attempt in dict.fromkeys(attempts):
            try:
                return str(game.parse_move(attempt)), None
            except ValueError as problem:
                error = error or problem
        return None, error

    def read(text: str) -> str:
        text = text.translate(_DASHES)
        tight = re.sub(r"\s+", "", text)
        move, error = parse((text, text.lower(), text.upper(), tight, tight.lower(), tight.upper()))
        if move is not None:
            return move
        # two square names run together: the dash left out, if exactly one split reads as a move (a space
        # between them is no dash: "a1 a2" in a list of moves is two words)
        low = text.strip().lower()
        splits = [f"{low[:cut]}-{low[cut:]}" for cut in range(1, len(low))
                  if low[:cut] in squares and low[cut:] in squares] if len(low) <= 8 else []
        found = {move for move in (parse((split, split.upper()))[0] for split in splits) if move is not None}
        if len(found) == 1:
            return found.pop()
        # the rules' reason quotes the text, or a part of it, whole
        raise ValueError(clip_quoted(str(error)) if len(text) > ECHO_CHARS else str(error))

    return read


@self_check
def check_moves(answer: Any, expected: Iterable[Any], *, why: str, what: str = "moves",
                read: Callable[[str], str] | None = None) -> Verdict:
    """Whether ``answer`` lists exactly the moves ``expected`` (as texts, in any order).

    ``answer`` is a list of moves or one text of moves separated by spaces or commas (see
    :func:`read_words`); ``read`` turns each into its notation (e.g. :func:`move_reader`), so
    ``"A1-B1"`` may stand for ``a1-b1``, and a word it cannot read is named. A wrong answer is
    told how many are missing and how many do not belong, with one example of each (as the
    student wrote it), so a student can look again without being given the whole list; it
    repeats the answer as read, so a list split or read otherwise than meant shows.

    >>> check_moves(["a1-a2"], ["a1-a2", "a1-b1"], why="both erupt", what="erupting moves")
    ✘ Not yet: 1 of the erupting moves is missing (for example a1-b1); your list as read: a1-a2.
    >>> check_moves("a1-b1 a1-a2", ["a1-a2", "a1-b1"], why="both erupt")
    ✔ Right: both erupt.
    """
    wanted_words = read_words(expected)  # the exercise's own answer: a list, or one text like a student's
    if wanted_words is None or not isinstance(why, str) or not isinstance(what, str):
        bad = (f"expected={shown(expected)} must be a list of moves" if wanted_words is None else
               f"why={shown(why)} must be a text" if not isinstance(why, str) else f"what={shown(what)} must be a text")
        return Verdict(False, f"the exercise cannot be checked: {bad}")
    words = read_words(answer, read)
    if words is None:
        return Verdict(False, f"give the {what} as a list like ['a1-a2', 'b2-b3'] or one text like 'a1-a2 b2-b3', "
                              f"not {shown(answer)}")
    given: dict[str, str] = {}  # notation → the word as the student wrote it
    twice = []
    as_read = []
    for word in words:
        try:
            move = read(word) if read is not None else word
        except ValueError as error:
            said = str(error)  # a long word is quoted (clipped) in the reason already: once is enough
            return Verdict(False, said if len(word) > ECHO_CHARS and quoted(word) in said else
                           f"{quoted(word)} is not a move: {said}")
        if move in given:
            twice.append(word)
        given.setdefault(move, word)
        as_read.append(str(move))
    echo = f"your list as read: {shown_moves(as_read) or 'no move'}"
    wanted = sorted(set(wanted_words))
    missing = [move for move in wanted if move not in given]
    extra = sorted(given[move] for move in set(given) - set(wanted))
    if not missing and not extra:
        if twice:
            return Verdict(False, f"{clip(twice[0])} is listed twice; {echo}")
        return Verdict(True, why)
    problems = []
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        problems.append(f"{len(missing)} of the {what} {verb} missing (for example {clip(missing[0])})")
    if extra:
        problems.append(f"{plural(len(extra), 'move')} {'does' if len(extra) == 1 else 'do'} not belong "
                        f"(for example {clip(extra[0])})")
    return Verdict(False, "; ".join([*problems, echo]))


def _key(text: Any) -> str:
    # "(b)" and "b)" are how a question lists its choices
    return re.sub(r"\s+", " ", str(text)).strip().strip("'\".!()").strip().lower()


@self_check
def check_choice(answer: Any, right: str, explanations: Mapping[str, str], *,
                 aliases: Mapping[str, str] | None = None, phrases: Mapping[str, Sequence[str]] | None = None) -> Verdict:
    """Whether ``answer`` is the choice ``right`` among the keys of ``explanations`` (compared
    without case, spaces or quotes; ``aliases`` map other words to a key, and True and False
    stand for ``yes`` and ``no``); the message is the chosen key's explanation, after the
    answer when it is wrong.

    ``phrases`` read an answer in the student's own words: for each key, regular expressions
    searched in the answer (lower case, spaces collapsed). An answer that matches the phrases of
    exactly one key is that choice; one that matches several is not read.

    >>> options = {"a": "a large is not a medium", "b": "sizes match: captured"}
    >>> check_choice("B", "b", options)
    ✔ Right: sizes match: captured.
    >>> check_choice("a", "b", options)
    ✘ Not yet: you answered 'a', but a large is not a medium.
    >>> check_choice("c", "b", options)
    ✘ Not yet: 'c' is not one of the choices; choose one of a, b.
    """
    keys = {_key(k): k for k in explanations}
    keys.update({_key(word): keys[_key(key)] for word, key in (aliases or {}).items()})
    given = ("yes" if answer else "no") if isinstance(answer, bool) and {"yes", "no"} <= set(keys) else answer
    key = _key(given) if isinstance(given, str) else None
    if key not in keys and key is not None and phrases:
        said = {choice for choice, patterns in phrases.items() if any(re.search(p, key) for p in patterns)}
        key = _key(said.pop()) if len(said) == 1 else key
    if key not in keys:
        given = quoted(answer) if isinstance(answer, str) else shown(answer)
        return Verdict(False, f"{given} is not one of the choices; choose one of {', '.join(map(str, explanations))}")
    chosen = keys[key]
    if _key(chosen) == _key(right):
        return Verdict(True, explanations[chosen])
    return Verdict(False, f"you answered {shown(answer)}, but {explanations[chosen]}")
