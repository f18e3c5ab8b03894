"""What Blockade's pictures show beyond the board: the dice of the player whose turn it is and
the pips left, each side's towers, and the supply of blacks that cap them. The marks of a ply
are the default ones: a piece move's two squares (named by the ply's events).

>>> from icewidgets.games.blockade import Blockade
>>> state = Blockade().new_state(seed=1)
>>> BlockadeView().areas(state)["supply"][:6]
['K3', 'K3', 'K3', 'K3', 'K3', 'K2']
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...view import Dice, Line, PanelItem, Pieces, View
from .rules import BLACKS, PLAYER_COLOURS, WINNING_TOWERS, BlockadeState

SUPPLY = "supply"
"""The area holding the blacks not on the board yet."""
SUPPLY_CELL = 28.0
"""The side of a cell of the supply in the panel (smaller than a captured pile's)."""


class BlockadeView(View):
    """The dice and the pips left, each side's towers, and the supply of blacks."""

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
