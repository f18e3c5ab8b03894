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
import math
import re
from typing import Any, Iterable, Mapping, NamedTuple

from .words import plural

__all__ = ["Block", "HowToPlay", "Verdict", "check_choice", "check_moves", "check_number"]


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


def check_number(answer: Any, expected: float, *, why: str, what: str = "the answer") -> Verdict:
    """Whether ``answer`` is the number ``expected`` (up to rounding: a sum of probabilities
    may be off in its last digit); ``why`` explains the right answer (shown when it is right),
    ``what`` names the quantity in the message of a wrong one.

    >>> check_number("seven", 7, why="seven")
    ✘ Not yet: give the answer as a number, not 'seven'.
    """
    if isinstance(answer, bool) or not isinstance(answer, (int, float)):
        return Verdict(False, f"give {what} as a number, not {answer!r}")
    if math.isclose(answer, expected, rel_tol=1e-9, abs_tol=1e-12):
        return Verdict(True, why)
    shown = str(int(answer)) if float(answer).is_integer() else f"{answer:g}"
    return Verdict(False, f"{shown} is too {'low' if answer < expected else 'high'} for {what}")


def check_moves(answer: Iterable[Any], expected: Iterable[Any], *, why: str, what: str = "moves") -> Verdict:
    """Whether ``answer`` lists exactly the moves ``expected`` (as texts, in any order).

    A wrong answer is told how many are missing and how many do not belong, with one example
    of each, so a student can look again without being given the whole list.

    >>> check_moves(["a1-a2"], ["a1-a2", "a1-b1"], why="both erupt", what="erupting moves")
    ✘ Not yet: 1 of the erupting moves is missing (for example a1-b1).
    """
    given = [str(move).strip() for move in answer]
    wanted = sorted({str(move) for move in expected})
    missing = [move for move in wanted if move not in given]
    extra = sorted(set(given) - set(wanted))
    if not missing and not extra:
        if len(given) != len(set(given)):
            return Verdict(False, "some moves are listed twice")
        return Verdict(True, why)
    problems = []
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        problems.append(f"{len(missing)} of the {what} {verb} missing (for example {missing[0]})")
    if extra:
        problems.append(f"{plural(len(extra), 'move')} {'does' if len(extra) == 1 else 'do'} not belong "
                        f"(for example {extra[0]})")
    return Verdict(False, "; ".join(problems))


def check_choice(answer: Any, right: str, explanations: Mapping[str, str]) -> Verdict:
    """Whether ``answer`` is the choice ``right`` among the keys of ``explanations`` (compared
    without case or spaces); the message is the chosen key's explanation.

    >>> options = {"a": "a large is not a medium", "b": "sizes match: captured"}
    >>> check_choice("B", "b", options)
    ✔ Right: sizes match: captured.
    >>> check_choice("c", "b", options)
    ✘ Not yet: choose one of a, b.
    """
    key = str(answer).strip().lower()
    keys = {str(k).strip().lower(): k for k in explanations}
    if key not in keys:
        return Verdict(False, f"choose one of {', '.join(map(str, explanations))}")
    return Verdict(key == str(right).strip().lower(), explanations[keys[key]])
