"""How a set move resolves on Ice3's board (rules 3 and 4: pins, walls, the edge, stacking;
the ``blocked`` and ``walls`` options), and the words for what each piece did.

Pieces resolve front to back along the direction, so a piece's path only ever meets pieces
already resolved; with ``blocked="stay"`` that gives exactly the simultaneous move of the rules.
"""

from __future__ import annotations

from typing import Any

from ...grid import DIRECTIONS
from ...pieces import PIECES, Piece
from ...protocol import Event
from ...words import plural
from .board import COLOURS, DIR_INDEX, DIRS, GRID, GROUP_WORDS, GROUPS, MAX_DISTANCE

_NAMES = GRID.names
_CAPITALISED = {piece: piece.name.capitalize() for piece in PIECES.values()}


_TEXT = {piece: str(piece) for piece in PIECES.values()}
_PIECE_GROUPS = {piece: (piece.colour, str(piece.size)) for piece in PIECES.values()}  # the two sets of a piece


# RAYS[square][d]: the squares 1, 2, … steps from square towards DIRS[d], up to the edge.
RAYS = tuple(
    tuple(
        tuple(t for t in (GRID.step(s, d, k) for k in range(1, 8)) if t is not None)
        for d in DIRS
    )
    for s in range(GRID.size)
)


# How far along each direction a square lies: resolving movers front-most first.
_AHEAD = tuple(
    tuple(df * GRID.file_of(s) + dr * GRID.rank_of(s) for s in range(GRID.size)) for df, dr in DIRECTIONS.values()
)


def in_group(piece: Piece, group: str) -> bool:
    """Whether ``piece`` belongs to the set ``group`` (a colour letter or a size digit)."""
    return piece[0] == group if group in COLOURS else piece[1] == int(group)


def resolve_move(board: tuple, move: Any, slide: bool, after: bool) -> tuple[tuple, list[tuple]]:
    """The board after ``move`` and one record per set member, in board order:
    ``["piece_moved", square, height, piece, target, onto, short, reason, obstacle]`` or
    ``("piece_stays", square, height, piece, reason, obstacle)``.

    ``onto`` is the piece a mover lands on (None on an empty square); ``short`` how many squares
    a sliding piece fell short; ``reason`` what stopped a piece (``"pinned"``, ``"wall"``,
    ``"full"``, ``"edge"``, None); ``obstacle`` the square of the wall or full stack (None for
    the edge), or the piece on top of a pinned one.
    """
    group, distance = move.group, move.distance
    d = DIR_INDEX[move.direction]
    key_index, key = (0, group) if group in COLOURS else (1, int(group))
    records: list[tuple] = []
    candidates: list[int] = []
    for square, stack in enumerate(board):
        if not stack:
            continue
        if len(stack) == 2:
            bottom, top = stack
            if bottom[key_index] == key:
                records.append(("piece_stays", square, 0, bottom, "pinned", top))
            if top[key_index] == key:
                candidates.append(square)
        elif stack[0][key_index] == key:
            candidates.append(square)
    # Front-most first: a piece's path only ever meets pieces already resolved.
    candidates.sort(key=_AHEAD[d].__getitem__, reverse=True)
    counts = [len(stack) for stack in board] if slide else None
    opened: set[int] = set()  # walls whose top piece has left (walls='after')
    arrivals: list[tuple[int, int, Piece]] = []
    for square in candidates:
        stack = board[square]
        height = len(stack) - 1
        piece = stack[height]
        ray = RAYS[square][d]
        reach, obstacle = 0, None
        for t in ray[:distance]:
            if len(board[t]) == 2 and not (after and t in opened):
                obstacle = t
                break
            reach += 1
        if reach == distance:
            steps, reason = distance, None
        else:
            steps, reason = (reach if slide else 0), ("edge" if obstacle is None else "wall")
        if slide:
            # Never land on a square that already holds two pieces; stop short of it instead.
            while steps and counts[ray[steps - 1]] >= 2:
                if steps == reach:
                    obstacle, reason = ray[steps - 1], "full"
                steps -= 1
        if not steps:
            records.append(("piece_stays", square, height, piece, reason, obstacle))
            continue
        target = ray[steps - 1]
        if slide:
            counts[square] -= 1
            counts[target] += 1
        if height:
            opened.add(square)
        arrivals.append((square, target, piece))
        records.append(["piece_moved", square, height, piece, target, None, distance - steps, reason, obstacle])
    if not arrivals:
        records.sort(key=lambda r: (r[1], r[2]))
        return board, records
    new = list(board)
    for square, _, _ in arrivals:
        new[square] = new[square][:-1]
    landed: dict[int, Piece | None] = {}  # source square → the piece it landed on
    for square, target, piece in arrivals:  # front-most first, so later arrivals land on top
        below = new[target]
        landed[square] = below[-1] if below else None
        new[target] = below + (piece,)
    for record in records:
        if record[0] == "piece_moved":
            record[5] = landed[record[1]]
    records.sort(key=lambda r: (r[1], r[2]))
    return tuple(new), records


def set_move_paths(board: tuple, direction: str, after: bool) -> dict[str, list[list[tuple[int, int]]]]:
    """Where the set moves in ``direction`` take their pieces under ``blocked="stay"``, all at once:
    ``paths[group][n - 1]`` lists ``(source, target)`` squares of every piece the move ``group``
    ``direction`` ``n`` moves, by source square (the ``piece_moved`` records of :func:`resolve_move`,
    for a fraction of the work of resolving each move). ``after``: the option ``walls="after"``.

    With ``"stay"`` a piece moves the full distance or not at all, so each member has a reach: it
    moves for every distance up to it, and for none beyond. The reach is the squares before the edge
    and before the first wall on its path, except that with ``walls="after"`` a wall whose top is a
    member opens for the distances that move that top (it lies ahead, so its reach is known first).

    >>> from icewidgets.pieces import parse_stack
    >>> board = [()] * GRID.size
    >>> for name, stack in (("a1", "R1"), ("a3", "G3R2"), ("a5", "R3")):  # a wall on a3, red on top
    ...     board[GRID.index(name)] = parse_stack(stack)
    >>> def named(pairs): return [f"{GRID.name(s)}-{GRID.name(t)}" for s, t in pairs]
    >>> [named(pairs) for pairs in set_move_paths(tuple(board), "N", False)["R"][:3]]
    [['a1-a2', 'a3-a4', 'a5-a6'], ['a3-a5', 'a5-a7'], ['a3-a6', 'a5-a8']]
    >>> named(set_move_paths(tuple(board), "N", True)["R"][1])  # the wall opens: its top moves too
    ['a1-a3', 'a3-a5', 'a5-a7']
    """
    d = DIR_INDEX[direction]
    walls = [len(stack) == 2 for stack in board]
    tops = [square for square, stack in enumerate(board) if stack]
    if after:  # front-most first: the walls ahead of a piece are resolved before it
        tops.sort(key=_AHEAD[d].__getitem__, reverse=True)
    reach: dict[tuple[str, int], int] = {}
    for square in tops:
        piece = board[square][-1]
        ray = RAYS[square][d]
        for group in _PIECE_GROUPS[piece]:
            far = len(ray)
            for k, t in enumerate(ray):
                if k >= far:
                    break
                if walls[t]:  # blocks the distances beyond k, unless its top is a member moving that far
                    far = min(far, max(k, reach.get((group, t), 0))) if after else k
            reach[group, square] = far
    paths: dict[str, list[list[tuple[int, int]]]] = {group: [[] for _ in range(MAX_DISTANCE)] for group in GROUPS}
    for square in sorted(tops):  # board order, like resolve_move's records
        ray = RAYS[square][d]
        for group in _PIECE_GROUPS[board[square][-1]]:
            by_distance = paths[group]
            for n in range(reach[group, square]):
                by_distance[n].append((square, ray[n]))
    return paths


def piece_event(record: tuple) -> Event:
    """The event of one set member, from a :func:`resolve_move` record."""
    kind, square, _, piece, *rest = record
    name, where = _CAPITALISED[piece], _NAMES[square]
    if kind == "piece_stays":
        reason, obstacle = rest
        if reason == "pinned":
            by = _TEXT[obstacle]
            text = f"{name} on {where} is pinned under a {obstacle.name} and stays."
        elif reason == "edge":
            by = None
            text = f"{name} on {where} would leave the board and stays."
        else:
            by = _NAMES[obstacle]
            what = "is blocked by the wall" if reason == "wall" else "cannot land on the full stack"
            text = f"{name} on {where} {what} on {by} and stays."
        # Event(...) directly rather than event(**data): this runs for every piece of every ply.
        return Event(kind, text, (("piece", _TEXT[piece]), ("square", where), ("reason", reason), ("by", by)))
    target, onto, short, reason, obstacle = rest
    to = _NAMES[target]
    stopped_by = None
    if short:
        if reason == "edge":
            stop = "the edge of the board"
        else:
            stopped_by = _NAMES[obstacle]
            stop = f"the wall on {stopped_by}" if reason == "wall" else f"the full stack on {stopped_by}"
        text = f"{name} slides from {where} to {to}, stopped {plural(short, 'square')} short by {stop}"
    else:
        text = f"{name} moves from {where} to {to}"
    text += f", lands on the {onto.name} on {to} and stacks on it." if onto is not None else "."
    return Event(kind, text, (("piece", _TEXT[piece]), ("source", where), ("target", to),
                              ("onto", _TEXT[onto] if onto else None), ("short", short), ("stopped_by", stopped_by)))


def nothing_moves(board: tuple, move: Any) -> str:
    """Why ``move`` moves no piece of its set, in words (at most three reasons, then a count)."""
    # When nothing moves no wall opens, and every member is stopped on its first square with
    # blocked="slide": the plain resolution gives the reasons under every option.
    _, records = resolve_move(board, move, False, False)
    what = GROUP_WORDS[move.group]
    if not records:
        return f"there are no {what} on the board, so nothing would move"
    reasons = []
    for record in records:
        _, square, _, piece, reason, obstacle = record
        where = f"the {piece.name} on {GRID.name(square)}"
        if reason == "pinned":
            reasons.append(f"{where} is pinned under a {obstacle.name}")
        elif reason == "wall":
            reasons.append(f"{where} is blocked by the wall on {GRID.name(obstacle)}")
        else:
            reasons.append(f"{where} would leave the board")
    if len(reasons) > 3:
        reasons = reasons[:3] + [f"{len(reasons) - 3} more cannot move"]
    return "no piece would move: " + "; ".join(reasons)
