"""What Blockade's pictures show beyond the board: the dice of the player whose turn it is and
the pips left, each side's towers, and the supply of blacks that cap them. The marks of a ply
are the default ones: a piece move's two squares (named by the ply's events). A move of more
than one pip is shown square by square along its path.

>>> from icewidgets.games.blockade import Blockade
>>> state = Blockade().new_state(seed=1)
>>> BlockadeView().areas(state)["supply"][:6]
['K3', 'K3', 'K3', 'K3', 'K3', 'K2']
"""

from __future__ import annotations

from typing import Mapping, Sequence

from typing import Any

from ...view import Dice, Line, PanelItem, Pieces, Stage, View
from .board import BLACKS, PLAYER_COLOURS, WINNING_TOWERS
from .rules import BlockadeState

SUPPLY = "supply"
"""The area holding the blacks not on the board yet."""
SUPPLY_CELL = 40.0
"""The side of a cell of the supply in the panel, as big as a captured pile's: a black small shows its letters at the least size of any text."""


class BlockadeView(View):
    """The dice and the pips left, each side's towers, and the supply of blacks; a piece move
    one pip step at a time."""

    def stages(self, before: BlockadeState, move: Any, after: BlockadeState) -> list[Stage]:
        """One stage per pip step of a piece move along its path (the last tells the whole
        move); a one-step move or any other ply is one picture.

        >>> from icewidgets.games.blockade import Blockade
        >>> state = Blockade().new_state(seed=2).play("G5B2")
        >>> after = state.play("b1-e1")
        >>> [(stage.moves, stage.text) for stage in BlockadeView().stages(state, after.last_move, after)][:2]
        [((('b1', 'c2'),), 'G1 steps from b1 to c2: pip 1 of 3.'), ((('c2', 'd2'),), 'G1 steps from c2 to d2: pip 2 of 3.')]
        """
        moved = [e for e in after.events if e.kind == "move"]
        if not moved or len(moved[0]["path"]) < 3:
            return []
        path, piece = moved[0]["path"], moved[0]["piece"]
        steps = len(path) - 1
        stages = []
        for n, (source, target) in enumerate(zip(path, path[1:]), start=1):
            marks = {**{sq: "path" for sq in path[1:n + 1]}, path[0]: "last"}
            if n == steps:
                marks[target] = "last"
                text = " ".join(str(e) for e in after.events)
            else:
                text = f"{piece} steps from {source} to {target}: pip {n} of {steps}."
            stages.append(Stage(((source, target),), text, marks))
        return stages

    def areas(self, state: BlockadeState) -> dict[str, list[str]]:
        """The supply of blacks, large ones first."""
        return {SUPPLY: [str(black) for black, count in zip(BLACKS, state.supply) for _ in range(count)]}

    def panel(self, state: BlockadeState, areas: Mapping[str, Sequence[str]]) -> list[PanelItem]:
        """The dice (``?`` before the roll) and pips left, the towers per side, the supply in
        rows by size.

        >>> from icewidgets.games.blockade import Blockade
        >>> start = Blockade().new_state(seed=1)
        >>> view = BlockadeView()
        >>> view.panel(start, view.areas(start))[1]
        Dice(faces=('R?', 'Y?'), note=())
        >>> rolled = start.play("R4Y1")
        >>> items = view.panel(rolled, view.areas(rolled))
        >>> items[0].text, items[1], items[2].text
        ('Warm (R+Y): dice', Dice(faces=('R4', 'Y1'), note=('pips left:', 'R 4, Y 1')), 'Warm towers: R 0, Y 0 (5 win)')
        >>> items[-1].rows[2]
        (('K1',), ('K1',), ('K1',), ('K1',), ('K1',))
        """
        colours = PLAYER_COLOURS[state.player]
        faces = tuple(f"{c}{v}" for c, v in zip(colours, state.dice)) if state.dice else tuple(f"{c}?" for c in colours)
        note = ("pips left:", ", ".join(f"{c} {n}" for c, n in zip(colours, state.points))) if state.points else ()
        items: list[PanelItem] = [Line(f"{state.game.player_name(state.player)} ({'+'.join(colours)}): dice"),
                                  Dice(faces, note)]
        for player, side in enumerate(PLAYER_COLOURS):
            counts = ", ".join(f"{c} {len(state.towers[c])}" for c in side)
            items.append(Line(f"{state.game.player_name(player)} towers: {counts} ({WINNING_TOWERS} win)"))
        supply = areas.get(SUPPLY, ())
        rows = tuple(tuple((str(black),) for tok in supply if tok == str(black)) for black in BLACKS)
        items += [Line("supply of blacks", style="note", space_above=10.0), Pieces(SUPPLY, rows, cell=SUPPLY_CELL)]
        return items
