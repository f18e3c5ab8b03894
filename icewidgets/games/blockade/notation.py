"""Blockade's position text: the fields after the board (dice, pips, supply, moved), read and written.

>>> parse_pair("G5B2", 1, "dice", 1, 6), format_pair((4, 2), 1)
((5, 2), 'G4B2')
"""

from __future__ import annotations

import re

from ...pieces import format_stack
from ...protocol import CHANCE, NotationError
from ...words import plural
from .board import BLACKS, GRID, PLAYER_COLOURS, SIDES, tower_shape

PAIR_TEXT = re.compile(r"^([RYGB])(\d+)([RYGB])(\d+)$")


def format_pair(values: tuple[int, int], player: int) -> str:
    """Two values of ``player``'s colours as the text writes them: ``G4B2``."""
    first, second = PLAYER_COLOURS[player]
    return f"{first}{values[0]}{second}{values[1]}"


def parse_pair(text: str, player: int, field: str, low: int, high: int) -> tuple[int, int] | None:
    """The two values of a field like ``dice=G5B2`` in ``player``'s colour order; None for ``-``."""
    if text == "-":
        return None
    match = PAIR_TEXT.match(text)
    if match is None:
        raise NotationError(f"field {field}={text!r} is not '-' or two colour values like {format_pair((5, 2), player)}")
    pair = {match.group(1): int(match.group(2)), match.group(3): int(match.group(4))}
    colours = PLAYER_COLOURS[player]
    if set(pair) != set(colours):
        raise NotationError(f"field {field}={text!r} must name {SIDES[player]}'s colours {colours[0]} and {colours[1]} (player={player})")
    values = (pair[colours[0]], pair[colours[1]])
    if not all(low <= v <= high for v in values):
        raise NotationError(f"field {field}={text!r} has a value outside {low}–{high}")
    return values


def points_possible(dice: tuple[int, int], points: tuple[int, int]) -> bool:
    """Whether pips ``points`` can be left from a roll of ``dice`` (used, or combined)."""
    if points[0] <= dice[0] and points[1] <= dice[1]:
        return True
    return max(dice) <= 3 and 0 in points and sum(points) <= sum(dice)


def parse_supply(text: str | None, on_board: dict) -> tuple[int, int, int]:
    """The blacks left (K3, K2, K1) from ``supply=K3:5,K2:5,K1:5``; by default what the board leaves."""
    if text is None:
        return tuple(5 - on_board.get(black, 0) for black in BLACKS)
    counts = {}
    for token in text.split(","):
        name, sep, number = token.partition(":")
        if not sep or name not in ("K3", "K2", "K1") or name in counts or not number.isdigit():
            raise NotationError(f"field supply={text!r}: {token!r} is not like K3:5 (each of K3, K2, K1 once)")
        counts[name] = int(number)
    if len(counts) != 3:
        raise NotationError(f"field supply={text!r} must give all three sizes, e.g. K3:5,K2:5,K1:5")
    supply = (counts["K3"], counts["K2"], counts["K1"])
    for black, n in zip(BLACKS, supply):
        total = n + on_board.get(black, 0)
        if total > 5:
            raise NotationError(f"field supply={text!r}: {n} {black} in the supply and {on_board.get(black, 0)} on the board make {total}, but the set has 5")
    return supply


def check_board(board: tuple) -> dict:
    """Reject impossible stacks; returns the count of every piece on the board."""
    counts: dict = {}
    for square, stack in enumerate(board):
        name = GRID.names[square]
        for height, piece in enumerate(stack):
            if piece.size == 0:
                raise NotationError(f"{name} holds {piece}, which is not a Blockade piece")
            if piece.colour == "C" and piece.size < 3:
                raise NotationError(f"{name} holds {piece}: Blockade uses only the clear larges")
            if piece.size == 3 and piece.colour != "K" and height:
                raise NotationError(f"{name} has the {piece.name} {piece} above another piece: larges never move, so one is always at the bottom")
            if piece.colour == "K" and (height != 3 or not tower_shape(stack)):
                raise NotationError(f"{name} holds the black {piece} outside a tower cap: a black only caps a large, medium and small of one colour")
            counts[piece] = counts.get(piece, 0) + 1
    for piece, n in counts.items():
        if n > 5:
            raise NotationError(f"the board has {n} pieces {piece}, but the set has only 5")
    return counts


def parse_moved(text: str, board: tuple, player: int, to_move: int) -> tuple[int, ...]:
    """The squares of ``moved=b3,c3`` (one per piece moved this turn), checked against the board."""
    if text == "-":
        return ()
    if to_move == CHANCE:
        raise NotationError(f"field moved={text} cannot be given while the dice are still to be rolled (to_move=-1)")
    moved = tuple(sorted(GRID.index(name) for name in text.split(",")))
    for square in set(moved):
        stack = board[square]
        n = moved.count(square)
        if n > len(stack) or any(p.colour not in PLAYER_COLOURS[player] or p.size == 3 for p in stack[len(stack) - n :]):
            raise NotationError(f"field moved={text}: the top {plural(n, 'piece')} of {GRID.names[square]} "
                                f"({format_stack(stack)}) cannot all be {SIDES[player]} pieces moved this turn")
    return moved
