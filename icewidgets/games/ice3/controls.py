"""How Ice3 is played in the widget: click a piece to pick its set, then where one of it goes.

A set move (``RE1``: every red piece one square east) has no squares in its notation. Clicking a
piece picks its colour set (a second click on it picks its size set instead): the set's pieces
are highlighted, and so is every square its pieces would reach in each direction and distance;
clicking one of those plays the set move that takes a piece of the set there (the widget offers
a choice when several do). A move whose pieces all stay has no such square, so it gets a
button, like the pass.

>>> from icewidgets.games.ice3 import END_TURN, Ice3
>>> state = Ice3().new_state(seed=1)
>>> move = state.legal_moves()[0]
>>> pairs = Ice3.controls.move_squares(state, move)
>>> len(pairs) > 0 and all(state.stack(source) != "." for source, _ in pairs)
True
>>> Ice3.controls.all_move_squares(state, state.legal_moves())[0] == pairs  # all at once, the same
True
>>> Ice3.controls.move_group(state, move) == move.group, Ice3.controls.group(state, "R").label
(True, 'the red pieces')
>>> Ice3.controls.button_label(END_TURN)
'Pass'
"""

from __future__ import annotations

from ...pieces import COLOUR_NAMES, SIZE_NAMES
from ...view import Controls, Group
from .board import COLOURS, GRID
from .movement import resolve_move, set_move_paths
from .rules import END_TURN, SetMove


class Ice3Controls(Controls):
    """Set moves by picking a set (a colour or a size) and a square one of its pieces reaches;
    a "Pass" button."""

    def move_squares(self, state, move) -> list[tuple[str | None, str]]:
        if not isinstance(move, SetMove):
            return []
        game = state.game
        _, records = resolve_move(state.board, move, game.blocked == "slide", game.walls == "after")
        return [(_NAMES[r[1]], _NAMES[r[4]]) for r in records if r[0] == "piece_moved"]

    def all_move_squares(self, state, moves) -> list[list[tuple[str | None, str]]]:
        """Every move's pieces from one table of paths per direction (a few hundred moves share
        them), instead of resolving each move; with ``blocked="slide"``, where a piece stops
        depends on the others, so each move is resolved on its own."""
        game = state.game
        if game.blocked == "slide":
            return super().all_move_squares(state, moves)
        paths: dict[str, dict] = {}  # direction → the paths of every set (set_move_paths)
        out = []
        for move in moves:
            if not isinstance(move, SetMove):
                out.append([])
                continue
            by_set = paths.get(move.direction)
            if by_set is None:
                by_set = paths[move.direction] = set_move_paths(state.board, move.direction, game.walls == "after")
            out.append([(_NAMES[source], _NAMES[target]) for source, target in by_set[move.group][move.distance - 1]])
        return out

    def move_group(self, state, move) -> str | None:
        return move.group if isinstance(move, SetMove) else None

    def group(self, state, name: str) -> Group:
        """The set ``name`` (a colour letter or a size digit): every square with a piece of it."""
        field, key = (0, name) if name in COLOURS else (1, int(name))  # a piece is (colour, size)
        label = COLOUR_NAMES[name] if name in COLOURS else SIZE_NAMES[key]
        squares = tuple(GRID.name(i) for i, stack in enumerate(state.board) if any(p[field] == key for p in stack))
        return Group(name, f"the {label} pieces", squares)

    def button_label(self, move) -> str:
        return "Pass" if move == END_TURN else str(move)


_NAMES = GRID.names
