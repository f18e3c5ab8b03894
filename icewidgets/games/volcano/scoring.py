"""Volcano's scoring: the best arrangement of a pile of captured pieces, and solitaire goals.

A pile scores 7 per solid-colour tree (small, medium and large of one colour), 5 per mixed
tree and 1 per other piece, arranged as well as possible.

>>> score(["R1", "R2", "R3", "G1"]).describe()
'8 points: 1 solid tree (7), 0 mixed trees (0), 1 loose piece'
"""

from __future__ import annotations

import re
from typing import Any, Iterable, NamedTuple

from ...pieces import PIECES, Piece
from ...words import plural
from .board import COLOURS

class VolcanoScore(NamedTuple):
    """A pile's best arrangement: ``points`` = 7·solid + 5·mixed + loose pieces.

    ``trees`` lists the trees (small, medium, large), solid ones first; ``loose_pieces`` the rest.
    """

    points: int
    solid_trees: int
    mixed_trees: int
    loose: int
    trees: tuple[tuple[Piece, Piece, Piece], ...]
    loose_pieces: tuple[Piece, ...]

    def __int__(self) -> int:
        return self.points

    def describe(self) -> str:
        """E.g. ``"17 points: 1 solid tree (7), 2 mixed trees (10), 0 loose pieces"``."""
        return (
            f"{plural(self.points, 'point')}: {plural(self.solid_trees, 'solid tree')} ({7 * self.solid_trees}), "
            f"{plural(self.mixed_trees, 'mixed tree')} ({5 * self.mixed_trees}), "
            f"{plural(self.loose, 'loose piece')}"
        )


def score(pieces: Iterable[Piece | str]) -> VolcanoScore:
    """The best score of a pile of captured pieces, with its trees.

    The greedy arrangement (solid trees first, then mixed) is optimal, and the points follow
    the closed form ``total + 2·min_s N_s + 2·solid``: the best arrangement makes the most trees
    a pile allows, min_s N_s (N_s: its pieces of size s), and each solid tree scores 2 more
    than a mixed one.

    >>> s = score("R1 R2 R3 R1 G2 G3 B1 Y3 Y2".split())
    >>> s.points, s.solid_trees, s.mixed_trees, s.loose
    (17, 1, 2, 0)
    >>> s.describe()
    '17 points: 1 solid tree (7), 2 mixed trees (10), 0 loose pieces'
    """
    pile = [PIECES[p] if isinstance(p, str) else p for p in pieces]
    by_size: dict[int, list[Piece]] = {1: [], 2: [], 3: []}
    for piece in sorted(pile, key=lambda p: (COLOURS.find(p.colour), p.size)):
        by_size[piece.size].append(piece)
    trees: list[tuple[Piece, Piece, Piece]] = []
    for colour in sorted({p.colour for p in pile}, key=COLOURS.find):
        while all(PIECES[f"{colour}{size}"] in by_size[size] for size in (1, 2, 3)):
            trees.append(tuple(_take(by_size[size], PIECES[f"{colour}{size}"]) for size in (1, 2, 3)))
    solid = len(trees)
    # After the solid trees every colour lacks some size, so any trio left over is mixed.
    while all(by_size[size] for size in (1, 2, 3)):
        trees.append((by_size[1].pop(0), by_size[2].pop(0), by_size[3].pop(0)))
    loose = tuple(by_size[1] + by_size[2] + by_size[3])
    mixed = len(trees) - solid
    return VolcanoScore(7 * solid + 5 * mixed + len(loose), solid, mixed, len(loose), tuple(trees), loose)


GOAL_MEASURES = ("score", "solid", "mixed", "trees", "pieces", "turns")


def points(pieces: Iterable[Piece]) -> int:
    """The points of the best arrangement of a pile, by the closed form of :func:`score`
    (pieces + 2·trees + 2·solid trees) without laying the trees out: what live scores need.

    >>> points(PIECES[p] for p in "R1 R2 R3 R1 G2 G3 B1 Y3 Y2".split())
    17
    """
    counts: dict[tuple[str, int], int] = {}
    for piece in pieces:
        key = (piece.colour, piece.size)
        counts[key] = counts.get(key, 0) + 1
    by_size = [sum(n for (_, size), n in counts.items() if size == s) for s in (1, 2, 3)]
    colours = {colour for colour, _ in counts}
    solid = sum(min(counts.get((colour, s), 0) for s in (1, 2, 3)) for colour in colours)
    return sum(by_size) + 2 * min(by_size) + 2 * solid


def goal_met(goal: str, pile: Iterable[Piece], turns: int = 0) -> bool:
    """Whether a solitaire pile meets ``goal``: conditions joined by commas, all must hold.

    A condition compares a measure (``score``, ``solid``, ``mixed``, ``trees``, ``pieces``,
    ``turns``) with a number (``>=``, ``<=`` or ``=``), or limits what was captured with
    ``only=`` sizes and/or colours (``only=1`` smalls only, ``only=RY`` red and yellow only).
    With ``make("volcano", players=1, goal=…)`` the game is won when the goal holds as it ends.

    >>> pile = [Piece("R", 1), Piece("R", 2), Piece("R", 3)]
    >>> goal_met("solid>=1, score>=7", pile), goal_met("only=1", pile), goal_met("turns<=5", pile, turns=6)
    (True, False, False)
    """
    pile = list(pile)
    result = score(pile)
    measures = {"score": result.points, "solid": result.solid_trees, "mixed": result.mixed_trees,
                "trees": result.solid_trees + result.mixed_trees, "pieces": len(pile), "turns": turns}
    for kind, left, right in parse_goal(goal):
        if kind == "only":
            if any(str(p.size) not in right and p.colour not in right for p in pile):
                return False
        elif not {">=": measures[left] >= right, "<=": measures[left] <= right, "=": measures[left] == right}[kind]:
            return False
    return True


def parse_goal(goal: str) -> list[tuple[str, str, Any]]:
    """``"score>=20, only=1"`` → ``[(">=", "score", 20), ("only", "only", "1")]``; ValueError names a bad part."""
    if not isinstance(goal, str) or not goal.strip():
        raise ValueError(f"goal={goal!r} must be a text like 'solid>=2, score>=20' or 'only=1'")
    conditions = []
    for part in goal.split(","):
        match = _GOAL_CONDITION.match(part.strip())
        if match is None:
            raise ValueError(f"goal condition {part.strip()!r} is not of the form 'measure>=number' or 'only=…'")
        left, op, right = match.groups()
        if left == "only":
            if op != "=" or any(ch not in "123" + COLOURS for ch in right):
                raise ValueError(f"goal condition {part.strip()!r}: only= takes sizes 1-3 and/or colours {COLOURS}")
            conditions.append(("only", left, right))
        elif left in GOAL_MEASURES and right.isdigit():
            conditions.append((op, left, int(right)))
        else:
            raise ValueError(f"goal condition {part.strip()!r}: measures are {', '.join(GOAL_MEASURES)}, compared with a whole number")
    return conditions


# Private helpers ---------------------------------------------------------------------------

_GOAL_CONDITION = re.compile(r"^(\w+)\s*(>=|<=|=)\s*(\w+)$")


def _take(pieces: list[Piece], piece: Piece) -> Piece:
    pieces.remove(piece)
    return piece
