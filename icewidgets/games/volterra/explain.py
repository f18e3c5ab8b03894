"""Volterra in words: why a ply is illegal, in terms a student understands, and the events that
close a turn. The rules module asks; these functions read the state and never change it.
"""

from __future__ import annotations

from typing import Any

from ...protocol import Event, event
from .board import (COLOUR_WORD, COLOURS, INDEX, NAMES, NEIGHBOUR_SETS, ORTHOGONAL, TILE, has_free_side, has_tower_action,
                    pawn_squares, square_list, tile_squares)


def pawn_move_problem(state: Any, move: Any, who: str) -> str | None:
    """Why the pawn move ``move`` (to ``move.target``) is illegal for ``who`` in ``state``, or None."""
    player, board = state.to_move, state.board
    if state.done == "pawn":
        return f"{who} has already moved the pawn this turn; now a tower must move"
    here, target = state.pawns[player], INDEX[move.target]
    if target == here:
        return f"the pawn must move: staying on {move.target} is not allowed"
    if target not in NEIGHBOUR_SETS[here]:
        return f"{move.target} is not next to the pawn on {NAMES[here]} (a pawn moves to one of the 8 surrounding squares)"
    if not board[target]:
        return f"{move.target} is empty, and a pawn can only move onto a tower"
    if board[target][-1] != TILE[player]:
        return (f"the tower on {move.target} has a {COLOUR_WORD[1 - player]} top, and {who}'s pawn may only move "
                f"onto a {COLOUR_WORD[player]}-topped tower")
    if target == state.pawns[1 - player]:
        return f"the {COLOUR_WORD[1 - player]} pawn stands on {move.target}"
    if state.done == "-" and not has_tower_action(board, target, TILE[player], state.pawns[1 - player],
                                                   state.game.dest_adjacent_to_source):
        return (f"from {move.target} {who} could not move any tower afterwards, so the turn could not be "
                "completed")
    return None


def tower_move_problem(state: Any, move: Any, who: str) -> str | None:
    """Why the tower move ``move`` (``source``, ``target``, ``count``) is illegal for ``who``, or None."""
    player, board = state.to_move, state.board
    if state.done == "tower":
        return f"{who} has already moved a tower this turn; now the pawn must move"
    here, other = state.pawns[player], state.pawns[1 - player]
    source, target, count = INDEX[move.source], INDEX[move.target], move.count
    pawn_at = NAMES[here]
    if source == here or source == other:
        return f"the tower on {move.source} carries a pawn, and a tower with a pawn on it cannot be moved"
    if source not in NEIGHBOUR_SETS[here]:
        return f"{move.source} is not next to {who}'s pawn on {pawn_at}; only a neighbouring tower can be moved"
    stack = board[source]
    if not stack:
        return f"{move.source} is empty: there is no tower to move"
    if stack[-1] != TILE[player]:
        return (f"the top of {move.source} is {COLOUR_WORD[1 - player]}, and {who} may only move a tower with a "
                f"{COLOUR_WORD[player]} top")
    if count > 2:
        return f"at most two tiles can be moved at once, not {count}"
    if count < 1:
        return "a tower move takes the top one or the top two tiles"
    if count > len(stack):
        return f"{move.source} has only one tile, so the top two cannot be moved"
    if not has_free_side(board, source):
        sides = ", ".join(NAMES[n] for n in ORTHOGONAL[source] if n is not None)
        return f"{move.source} has no free side ({sides} are all occupied)"
    if target == source:
        return "a tower cannot move onto its own square"
    if target == here or target == other:
        return f"{move.target} carries a pawn, and towers cannot move onto a pawn"
    if target not in NEIGHBOUR_SETS[here]:
        return f"{move.target} is not next to {who}'s pawn on {pawn_at}; towers may only land next to the pawn"
    if not board[target]:
        return f"{move.target} is empty, and towers cannot move onto an empty square"
    if state.game.dest_adjacent_to_source and target not in NEIGHBOUR_SETS[source]:
        return f"{move.target} is not next to {move.source} (the dest_adjacent_to_source option is on)"
    # A tower action first never needs checking: the pawn can always step onto the new top.
    return None


def placement_problem(state: Any, move: Any, kind: str, who: str) -> str | None:
    """Why placing a ``kind`` (``"tile"`` or ``"pawn"``) of ``move.colour`` on ``move.target`` is
    illegal for ``who`` while the free layout is laid, or None."""
    player, board = state.to_move, state.board
    if state.phase != "place":
        return "the layout is complete; tiles and pawns are placed only while a free layout is laid"
    if move.colour != COLOURS[player]:
        return f"it is {who}'s turn to place, and {who} places the {COLOUR_WORD[player]} {kind}s"
    square = INDEX[move.target]
    if kind == "tile":
        if not state.hand[player]:
            return f"{who} has no tiles left to place"
        if board[square]:
            return f"{move.target} is already taken; tiles go on empty squares"
        allowed = tile_squares(board, player, state.game.symmetric)
        if square not in allowed:
            return (f"the layout must stay symmetric: the tile must go on {square_list(allowed)}, mirroring the "
                    f"{COLOUR_WORD[1 - player]} tiles")
        return None
    if any(state.hand):
        return "all the tiles are placed before the pawns"
    if state.pawns[player] is not None:
        return f"the {COLOUR_WORD[player]} pawn is already on {NAMES[state.pawns[player]]}"
    if not board[square]:
        return f"{move.target} is empty, and a pawn must stand on a tile"
    if board[square][-1] != TILE[player] or square == state.pawns[1 - player]:
        return f"the {COLOUR_WORD[player]} pawn must stand on a free {COLOUR_WORD[player]} tile"
    allowed = pawn_squares(board, state.pawns, player, state.game.symmetric)
    if square not in allowed:
        return f"the layout must stay symmetric: the pawn must go on {square_list(allowed)}"
    return None


def turn_end_events(after: Any, passed: bool = True) -> list[Event]:
    """The events that close a turn: the result when the game is over, the turn limit, or whose
    turn it is now (``passed=False`` when the layout just ended: the layout event says it)."""
    game = after.game
    reason = after.end_reason
    if reason is not None:
        dark, light = after.heights
        return [event("game_over", f"{reason}: the game is over.", reason=reason),
                event("result", _verdict(after), winners=list(after.winners),
                      heights=[list(dark), list(light)])]
    if after.unfinished:
        return [event("turn_limit", f"The turn limit of {game.max_turns} is reached: the game stops unfinished.",
                      turns=after.turns)]
    if passed:
        return [event("turn_passed", f"The turn passes to {game.player_name(after.to_move)}.", player=after.to_move)]
    return []


# Private helpers ---------------------------------------------------------------------------


def _verdict(state: Any) -> str:
    def towers(heights: tuple[int, ...]) -> str:
        return ", ".join(map(str, heights)) if heights else "none"

    if not state.winners:
        return f"It is a draw: both have towers {towers(state.heights[0])}."
    winner = state.winners[0]
    return (f"{state.game.player_name(winner)} wins with towers {towers(state.heights[winner])} "
            f"against {towers(state.heights[1 - winner])}.")
