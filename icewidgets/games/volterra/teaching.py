"""Volterra for teachers: the rules in plain words (:data:`HOW_TO_PLAY`, the text of the rules
sheet and of the notebook) and the self-checks of the notebook's exercises.

>>> from icewidgets.games.volterra import Volterra
>>> Volterra.how_to_play is HOW_TO_PLAY
True
>>> showdown((3, 1), (2, 2, 2)).winners
(0,)
"""

from __future__ import annotations

from typing import Any, Sequence

from ...teaching import (WINNER_WORDS, HowToPlay, Verdict, check_choice, check_number, move_reader, move_text,
                         plain_answer, self_check, shown)
from ...words import plural
from .board import GRID
from .rules import PawnMove, TowerMove, Volterra, VolterraState

__all__ = ["HOW_TO_PLAY", "check_best_cut", "check_cuts_off_own_towers", "check_first_turns", "check_showdown",
           "check_why_not_b2", "first_turns", "light_towers_cut_off", "showdown"]

HOW_TO_PLAY = HowToPlay(
    summary=(
        "Two players, Dark and Light, each with a pawn on a 5×4 board of tiles. Every turn you move "
        "your pawn and the top tile or two of a tower next to it; towers cut off from both pawns "
        "are forfeited (our reading: they leave the game). When a player cannot make a whole turn (our reading: the player to move), "
        "the taller towers win."
    ),
    text="""\
**You need** 10 dark and 10 light square tiles, a dark pawn and a light pawn.

**Setup.** Lay the tiles as a 5×4 checkerboard (the published rules: a small "chess board" (4 x
5); 5 files by 4 ranks and a dark tile on a1 are our choice). The dark pawn stands on c3, the
light pawn on c2, the two central squares, each on a tile of its colour. The published rules let
the players choose who starts; here Dark starts, the package's default (`first_player=1` makes
Light start).

**Towers.** Every square with tiles is a tower. It belongs to the colour of its top tile; its
height is its number of tiles. A square's neighbours are the eight squares around it. A tower
has a **free side** when at least one of its four sides (not its corners) faces an empty square
or, our reading, the edge of the board (the published text does not say).

**Your turn** has two actions, in either order:

- **Pawn action:** move your pawn to a neighbouring tower with your colour on top. It may not
  stay where it is.
- **Tower action:** take the top tile, or the top two tiles, of a neighbouring tower that has
  your colour on top, a free side and no pawn, and put them, in the same order, onto another
  neighbouring tower without a pawn. Both towers are next to your pawn; tiles never go onto an
  empty square. The lower of two tiles may be your opponent's.

Our reading: you may not start an action after which you could not finish the turn.

**Cut off.** When a tower action empties a square, the towers may fall apart into groups
(towers touching at a side or a corner stay together). The published rules: "if both pawns
stand on the same separated part of the field, the other part is forfeited." Our reading: every
group without a pawn is forfeited, and leaves the game at once, whoever owns its towers; its
towers do not count at the end (the option `forfeit_removes=False` keeps such a group on the
board instead, out of play but counted).

**The end.** The published rules: "The match is over as soon as one of the players can no
longer carry out both actions in a single turn." Our reading: the player to move (the option
`end_check="both"` checks both players after every turn instead). Each player lists the heights
of their towers, tallest first (towers under pawns count). The lists are compared like words in
a dictionary: the taller tallest tower wins; if they are equal, the second tallest decides, and
so on (our reading: when one list runs out first, a missing tower counts as 0). Equal lists are
a draw.
""",
    example=("b4-b3", "@b3"),
    example_caption=("Dark's first turn: the top tile of b4 goes onto b3 (a tower of two), then "
                     "the dark pawn climbs onto it."),
    score_columns=("pawn", "tower"),
    score_note=("At the end, write each player's tower heights, tallest first, and compare them "
                "like words in a dictionary."),
)
"""Volterra's rules in plain words (``Volterra.how_to_play``)."""


# Self-checks of the notebook's exercises -------------------------------------------------------


def first_turns(state: VolterraState | None = None) -> tuple[int, int]:
    """``(pawn first, tower first)``: the number of whole turns (two plies) the player to move
    can play from ``state`` (default: the start), counted as sequences of plies.

    >>> first_turns()
    (44, 42)
    """
    state = state or Volterra().new_state()
    counts = [0, 0]
    for first in state.legal_moves():
        counts[0 if isinstance(first, PawnMove) else 1] += len(state.play(first).legal_moves())
    return counts[0], counts[1]


_GAME = Volterra()
_READ = move_reader(_GAME)


def _move(move: Any) -> str:
    """The notation of a student's move (any case, or a move object); ValueError says why it is none."""
    text = move_text(_GAME, move)
    if text is None:
        raise ValueError(f"give the move as a text like 'c1-a1' or '@b3', not {shown(move)}")
    return _READ(text.strip())


@self_check
def check_first_turns(answer: Any) -> Verdict:
    """Whether ``answer`` is the number of Dark's first turns (both orders, as ply sequences).
    The question asks for a total, so a sum that gives it counts (``"44+42"``), as do words
    around it (``"86 turns"``)."""
    pawn_first, tower_first = first_turns()
    return check_number(plain_answer(answer, ("turns", "first turns"), sums=True), pawn_first + tower_first,
                        what="the number of first turns",
                        why=f"{pawn_first} turns start with the pawn and {tower_first} with a tower: "
                            f"{pawn_first + tower_first} in all")


@self_check
def check_why_not_b2(answer: Any) -> Verdict:
    """Exercise: why can Dark not take the top tile of b2 at the start? ``a``: b2 is not Dark's;
    ``b``: b2 has no free side; ``c``: b2 is not next to Dark's pawn."""
    start = Volterra().new_state()
    reason = start.why_illegal("b2-b3") or ""
    return check_choice(answer, "b", {
        "a": f"b2's top tile is dark, so it is Dark's; the engine says: {reason}",
        "b": f"all four sides of b2 touch tiles; the engine says: {reason}",
        "c": f"b2 touches c3 at a corner, and corners count as neighbours; the engine says: {reason}",
    }, aliases={"not dark's": "a", "no free side": "b", "not next to the pawn": "c"}, phrases=_WHY_NOT_B2)


_NOT = r"(?:no|not|none|never|n't|without|lacks?)"
_WHY_NOT_B2 = {
    "a": [rf"\b(?:{_NOT}|isn't) (?:dark|its|his|her|their|your|the mover's)\b", r"\blight(?:'s)?\b", r"\bopponent"],
    "b": [rf"{_NOT}\b.{{0,20}}\bfree\b", rf"\bfree side.{{0,20}}\b{_NOT}\b", r"\bsurrounded\b", r"\benclosed\b",
          r"\b(?:all|every|each) (?:(?:four|4|of its|its) )*sides?\b", r"\bboxed in\b", r"\bhemmed in\b"],
    "c": [rf"{_NOT}\b.{{0,12}}\b(?:next|adjacent|neighbou?r|near|touching)", r"\btoo far\b"],
}
"""The reasons of :func:`check_why_not_b2` in a student's own words (regular expressions)."""


def _cut_off_stacks(state: VolterraState, move: Any) -> list[tuple[str, str]]:
    after = state.play(move)
    return [(square, stack) for e in after.events if e.kind == "cut_off"
            for square, stack in zip(e["squares"], e["stacks"])]


@self_check
def check_cuts_off_own_towers(state: VolterraState, move: Any) -> Verdict:
    """Whether ``move``, played in ``state``, cuts off at least one tower of the player who makes it."""
    if not isinstance(state, VolterraState):
        return Verdict(False, f"give a Volterra position (a state) first, not {shown(state)}")
    try:
        move = _move(move)
        parts = _cut_off_stacks(state, move)
    except ValueError as error:
        return Verdict(False, str(error))
    mover = state.game.player_name(state.to_move)
    own = [square for square, stack in parts if stack[-1] == "DL"[state.to_move]]
    if not parts:
        return Verdict(False, f"{move} cuts nothing off: empty a square that holds a group together")
    if not own:
        return Verdict(False, f"{move} cuts off {', '.join(s for s, _ in parts)}, but none of those towers is {mover}'s")
    what, leave = ("tower", "it leaves") if len(own) == 1 else (f"{len(own)} towers", "they leave")
    return Verdict(True, f"{move} cuts off {mover}'s own {what} ({', '.join(own)}): {leave} the game like any "
                         "other, so this move costs its maker")


def showdown(dark: Sequence[int], light: Sequence[int]) -> VolterraState:
    """A finished position in which Dark's towers have the heights ``dark`` and Light's the
    heights ``light`` (at most six towers in all, each at most 10 high), each pawn on one of its
    player's tallest towers; nobody can move, so the engine names the winner.

    >>> showdown((2,), (2,)).winners, showdown((2, 1), (2,)).winners
    ((), (0,))
    """
    squares = ("a4", "c4", "e4", "a1", "c1", "e1")  # no two of them neighbours
    towers = [("D", h, i == 0) for i, h in enumerate(dark)] + [("L", h, i == 0) for i, h in enumerate(light)]
    if len(towers) > len(squares) or not dark or not light or not all(0 < h <= 10 for _, h, _ in towers):
        raise ValueError("showdown() takes one to five heights per player, six towers at most, each 1 to 10 high")
    board = {name: "." for name in GRID.names}
    for (colour, height, with_pawn), square in zip(towers, squares):
        other = "L" if colour == "D" else "D"
        board[square] = other * (height - 1) + colour + (f"@{colour}" if with_pawn else "")
    return Volterra().state_from_text(GRID.format_board([board[name] for name in GRID.names]) + "\nto_move=0")


@self_check
def check_showdown(dark: Sequence[int], light: Sequence[int], answer: Any) -> Verdict:
    """Whether ``answer`` (``"Dark"``, ``"Light"`` or ``"draw"``, in any case, also as ``"Dark
    wins"`` or ``"a draw"``) is the result of heights ``dark`` against ``light`` (see
    :func:`showdown`)."""
    try:
        final = showdown(dark, light)
    except (TypeError, ValueError):
        return Verdict(False, f"give each player's tower heights as a list of whole numbers, like (3, 1) and (2, 2, 2), "
                              f"not {shown(dark)} and {shown(light)}")
    result = "draw" if not final.winners else final.game.player_name(final.winners[0])
    words = {"dark": "dark", "d": "dark", "light": "light", "l": "light", "draw": "draw", "tie": "draw",
             "nobody": "draw", "none": "draw"}
    core = plain_answer(answer, WINNER_WORDS)
    given = words.get(core.strip().strip("'\".!").lower()) if isinstance(core, str) else None
    if given is None:
        return Verdict(False, f"answer Dark, Light or draw, not {shown(answer)}")
    heights = f"{', '.join(map(str, final.heights[0]))} against {', '.join(map(str, final.heights[1]))}"
    if given != result.lower():
        said = "a draw" if given == "draw" else final.game.player_name("dl".index(given[0]))
        return Verdict(False, f"not {said}: compare the tallest towers first, then the next ones ({heights})")
    first = next((k for k, (a, b) in enumerate(zip(list(dark) + [0] * 6, list(light) + [0] * 6)) if a != b), None)
    if first is None:
        return Verdict(True, f"the lists are equal ({heights}): a draw")
    return Verdict(True, f"{result} wins ({heights}): the lists first differ at tower {first + 1}, "
                         "and only that tower decides")


def light_towers_cut_off(state: VolterraState, move: Any) -> int:
    """How many Light towers ``move`` cuts off in ``state`` (0 for a move that cuts nothing)."""
    return sum(stack[-1] == "L" for _, stack in _cut_off_stacks(state, move))


@self_check
def check_best_cut(state: VolterraState, move: Any) -> Verdict:
    """Whether ``move`` is a tower action that cuts off as many Light towers as any legal tower
    action of ``state`` can."""
    if not isinstance(state, VolterraState):
        return Verdict(False, f"give a Volterra position (a state) first, not {shown(state)}")
    towers = [m for m in state.legal_moves() if isinstance(m, TowerMove)]
    if not towers:  # the tower action of this turn is made, or the game is over
        why = (f"the game is over ({state.end_reason})" if state.is_over else
               "this turn's tower action is already made: only a pawn action is left")
        return Verdict(False, f"there is no tower action to make in this position: {why}; give a position "
                              "before the tower action of a turn")
    best = max(light_towers_cut_off(state, m) for m in towers)
    try:
        move = _move(move)
        if not isinstance(state.game.parse_move(move), TowerMove):
            return Verdict(False, f"{move} is a pawn move; the question asks for a tower action, from one square to another")
        mine = light_towers_cut_off(state, move)
    except ValueError as error:
        return Verdict(False, str(error))
    if mine == best:
        return Verdict(True, f"{move} cuts off {plural(mine, 'Light tower')}, the most any tower action can")
    return Verdict(False, f"{move} cuts off {plural(mine, 'Light tower')}; one tower action cuts off {best}")
