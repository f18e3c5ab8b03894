"""What Volcano's pictures show beyond the board: each player's captured pile, arranged into
trees with its score, and an eruption told in stages (the cap move, one landing per piece, then
the captures together).

>>> from icewidgets.games.volcano import Volcano
>>> start = Volcano().new_state()
>>> after = start.play("a1-a2")
>>> [stage.moves for stage in VolcanoView().stages(start, after.last_move, after)]
[(('a1', 'a2'),), (('a1', 'a3'),), (('a1', 'a4'),), (('a1', 'a5'),)]
>>> chosen = after.play("capture:a3")
>>> [stage.moves for stage in VolcanoView().stages(after, chosen.last_move, chosen)]
[(('a3', 'captured:0'),)]
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...pieces import Piece
from ...view import Line, PanelItem, Pieces, Stage, View
from ...words import and_list, plural
from .explain import capturable_pieces
from .rules import VolcanoState
from .scoring import score

TREES_PER_ROW = 5
"""How many trees (or loose pieces) a row of a captured pile holds in the panel."""


def pile(player: int) -> str:
    """The name of the area holding ``player``'s captured pieces: ``"captured:0"``."""
    return f"captured:{player}"


class VolcanoView(View):
    """Captured piles beside the board with the score; eruptions in stages; the path marked."""

    def summary(self, before: VolcanoState, move: Any, after: VolcanoState) -> str:
        """The ply in one sentence. A capture choice says what was taken and what declined (and
        how the game ended, if it did); an eruption that leaves a choice says which pieces may
        be taken; other plies as every game's (the first event's sentence).

        >>> from icewidgets.games.volcano import Volcano
        >>> erupted = Volcano().new_state().play("a1-b1")
        >>> VolcanoView().summary(Volcano().new_state(), "a1-b1", erupted)
        'Player 1 moves the cap from a1 to b1: the eruption leaves the red large on c1 to capture or decline.'
        >>> VolcanoView().summary(erupted, "capture:none", erupted.play("capture:none"))
        'Player 1 declines the red large on c1.'
        """
        events = getattr(after, "events", ())
        taken = [e for e in events if e.kind == "capture"]
        declined = [e for e in events if e.kind == "decline"]
        if not (taken or declined) or events[0].kind not in ("capture", "decline"):
            first = super().summary(before, move, after)
            if not after.capturable:
                return first
            pieces = capturable_pieces(after)
            what = "to capture or decline" if len(after.capturable) == 1 else "to capture: all, some or none"
            return f"{first[:-1]}: the eruption leaves {pieces} {what}."
        who = after.game.player_name(before.player)
        parts = []
        if taken:
            parts.append("captures " + and_list(f"the {Piece.parse(e['piece']).name} from {e['square']}" for e in taken))
        if declined:
            parts.append("declines " + and_list(f"the {Piece.parse(e['piece']).name} on {e['square']}" for e in declined))
        sentence = f"{who} {', and '.join(parts)}"
        if len(declined) == 1 and declined[0]["reason"]:
            sentence += f": {declined[0]['reason']}"
        ending = next((e for e in events if e.kind == "game_over"), None)
        return f"{sentence}." + (f" {ending}" if ending is not None else "")

    def areas(self, state: VolcanoState) -> dict[str, list[str]]:
        """Every player's captured pieces, in the order they were captured."""
        return {pile(p): [str(piece) for piece in captured] for p, captured in enumerate(state.captured)}

    def panel(self, state: VolcanoState, areas: Mapping[str, Sequence[str]]) -> list[PanelItem]:
        """Per player: the points (a pointer at the player to move), the trees, the pile.

        >>> from icewidgets.games.volcano import Volcano
        >>> items = VolcanoView().panel(Volcano().new_state(), {"captured:0": ["R1", "R2", "R3", "G1"]})
        >>> [item.text for item in items[:2]], items[2].rows
        (['Player 1: 8 points', '1 solid, 0 mixed trees, 1 loose'], ((('R3', 'R2', 'R1'), ('G1',)),))
        """
        items: list[PanelItem] = []
        for player in range(state.game.players):
            result = score(areas.get(pile(player), ()))
            to_move = player == state.to_move and not state.is_over
            items.append(Line(f"{state.game.player_name(player)}: {plural(result.points, 'point')}", style="title",
                              pointer=to_move))
            items.append(Line(f"{result.solid_trees} solid, {plural(result.mixed_trees, 'mixed tree')}, "
                              f"{result.loose} loose", style="note"))
            # A tree is drawn large first (bottom), like a stack seen from above.
            groups = [tuple(str(piece) for piece in reversed(tree)) for tree in result.trees]
            groups += [(str(piece),) for piece in result.loose_pieces]
            rows = tuple(tuple(groups[n:n + TREES_PER_ROW]) for n in range(0, len(groups), TREES_PER_ROW))
            items.append(Pieces(pile(player), rows))
        return items

    def stages(self, before: VolcanoState, move: Any, after: VolcanoState) -> list[Stage]:
        """The cap move, then one stage per landing piece (the eruption's path growing), then
        every capture at once; the other events' sentences join the stage before them."""
        moved = _move_marks(move)
        stages: list[tuple[list[tuple[str, str]], list[str], dict[str, str]]] = []  # moves, texts, marks
        path: list[str] = []
        capturing = False
        for e in after.events:
            if e.kind == "cap_moved":
                stages.append(([(e["source"], e["target"])], [e.text], {e["source"]: "last", e["target"]: "last"}))
                capturing = False
            elif e.kind == "land":
                path.extend([e["source"], e["square"]] if not path else [e["square"]])
                stages.append(([(e["source"], e["square"])], [e.text], {**{sq: "path" for sq in path}, **moved}))
            elif e.kind == "capture":
                taken = (e["square"], pile(e["player"]))
                if capturing:
                    stages[-1][0].append(taken)
                    stages[-1][1].append(e.text)
                else:
                    stages.append(([taken], [e.text], dict(stages[-1][2]) if stages else {}))
                    capturing = True
            elif stages:
                stages[-1][1].append(e.text)
            else:
                stages.append(([], [e.text], {}))
        return [Stage(tuple(moves), " ".join(texts), marks) for moves, texts, marks in stages]

    def marks(self, state: VolcanoState) -> dict[str, str]:
        """The eruption's path (``"path"``) and the cap move's squares (``"last"``)."""
        marks: dict[str, str] = {}
        for e in state.events:
            if e.kind == "land":
                marks[e["source"]] = marks[e["square"]] = "path"
        marks.update(_move_marks(state.last_move))
        return marks


def _move_marks(move: Any) -> dict[str, str]:
    """The squares of a cap move, marked ``"last"`` (none for a move without squares)."""
    return {sq: "last" for sq in (getattr(move, "source", None), getattr(move, "target", None)) if sq}
