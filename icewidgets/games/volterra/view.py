"""What Volterra's pictures show beyond the board: each player's tower heights, the numbers
compared at the end. The marks of a ply are the default ones: a pawn move's two squares, a
tower move's two squares, a placement's square (all named by the ply's events). A tower move
that cuts parts of the board off from both pawns is shown in two pictures: the move, then the
parts leaving the game (the widget fades them out) with the reason in words.

>>> from icewidgets.games.volterra import Volterra
>>> state = Volterra().new_state()
>>> [item.text for item in VolterraView().panel(state, {})][:2]
['Dark (D)', 'towers 1, 1, 1, 1, 1, 1, 1, 1, 1, 1']
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...pieces import tokens
from ...view import Line, PanelItem, Stage, View
from .board import COLOURS
from .rules import VolterraState

HAND = "hand"
"""Where the tiles of a tower move are held for a moment within a stage, so that the two tiles
of ``2b4-b3`` land in the order they had (a place no picture shows)."""

HEIGHTS_SHOWN = 60
"""How many characters of a player's list of tower heights the panel writes."""


class VolterraView(View):
    """Each player's colour and tower heights beside the board; cut-off parts leave in a stage
    of their own."""

    def stages(self, before: VolterraState, move: Any, after: VolterraState) -> list[Stage]:
        """The tower move, then the parts cut off from both pawns leaving the game; any other
        ply (or one whose cut-off parts stay on the board) is one picture."""
        leaving = [e for e in after.events if e.kind == "cut_off" and e["removed"]]
        moved = [e for e in after.events if e.kind == "tower_moved"]
        if not leaving or not moved:
            return []
        source, target, count = moved[0]["source"], moved[0]["target"], moved[0]["count"]
        lift = ((source, HAND),) * count + ((HAND, target),) * count
        marks = {source: "last", target: "last"}
        gone = tuple((sq, "") for e in leaving for sq, stack in zip(e["squares"], e["stacks"]) for _ in tokens(stack))
        cut = {sq: "path" for e in leaving for sq in e["squares"]}
        rest = " ".join(str(e) for e in after.events if e.kind != "tower_moved")
        return [Stage(lift, str(moved[0]), marks), Stage(gone, rest, {**cut, **marks})]

    def panel(self, state: VolterraState, areas: Mapping[str, Sequence[str]]) -> list[PanelItem]:
        """Per player: name and colour, then the tower heights, highest first (``none`` without towers)."""
        items: list[PanelItem] = []
        for player, colour in enumerate(COLOURS):
            heights = ", ".join(map(str, state.heights[player])) or "none"
            items.append(Line(f"{state.game.player_name(player)} ({colour})", style="title", swatch=colour,
                              space_above=8.0 if player else 0.0))
            items.append(Line(f"towers {heights[:HEIGHTS_SHOWN]}", style="note"))
        return items
