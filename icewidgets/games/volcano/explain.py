"""Volcano in words: the events of a ply, each with a sentence a student can follow. The rules
module asks (:attr:`VolcanoState.events <.rules.VolcanoState.events>`); these functions read
the state and never change it.

>>> from icewidgets.games.volcano import Volcano
>>> [str(e) for e in Volcano().new_state().play("a1-b1").events][:3]
['Player 1 moves the cap from a1 to b1.', 'The volcano on a1 erupts towards the east.', 'Red large lands on c1 on a blue large: same size, captured by player 1.']
"""

from __future__ import annotations

from typing import Any

from ...grid import DIRECTION_NAMES
from ...protocol import Event, event
from ...words import plural
from .board import DIRECTION_ORDER, EDGE, EMPTY, GRID, RAYS, STEPS, blocker


def ply_events(state: Any, mover: int, caps: int) -> tuple[Event, ...]:
    """What the ply that led to ``state`` did, in order: ``mover`` made it, ``caps`` are the
    caps after it (a bit mask)."""
    game, move = state.game, state.last_move
    who = game.player_name(mover)
    source, _, direction = STEPS[move.source, move.target]
    events = [event("cap_moved", f"{who} moves the cap from {move.source} to {move.target}.",
                    player=mover, source=move.source, target=move.target, direction=DIRECTION_ORDER[direction])]
    eruption = state.eruption
    if eruption is None:
        reason = _blocker_text(blocker(state.board[source], RAYS[source][direction], caps), source)
        events.append(event("no_eruption", f"No eruption: {reason}. {who} moves again.",
                            player=mover, square=move.source, reason=reason))
        return tuple(events)
    name, remaining = GRID.name(source), len(state.board[source])
    events.append(event("eruption", f"The volcano on {name} erupts towards the {DIRECTION_NAMES[eruption.direction]}.",
                        player=mover, source=name, direction=eruption.direction,
                        pieces=remaining + len(eruption.landed)))
    for stage, (square, piece, onto, captured) in enumerate(eruption.landed, 1):
        where = GRID.name(square)
        if onto is None:
            text = f"{piece.name.capitalize()} lands on the empty square {where}."
        elif captured:
            text = f"{piece.name.capitalize()} lands on {where} on a {onto.name}: same size, captured by {who.lower()}."
        else:
            text = f"{piece.name.capitalize()} lands on {where} on a {onto.name}: no capture."
        events.append(event("land", text, piece=str(piece), source=name, square=where,
                            onto=str(onto) if onto else None, captured=captured, stage=stage))
    if eruption.stopped_at is None:
        events.append(event("eruption_spent", f"The volcano on {name} is spent.", source=name))
    else:
        wall = "the edge of the board" if eruption.stopped_at == EDGE else f"the cap on {GRID.name(eruption.stopped_at)}"
        events.append(event("eruption_stopped", f"The eruption stops at {wall}; {plural(remaining, 'piece')} stay on {name}.",
                            source=name, remaining=remaining))
    for square, piece, onto, captured in eruption.landed:
        if captured:
            events.append(event("capture", f"{who} captures the {piece.name} from {GRID.name(square)}.",
                                player=mover, piece=str(piece), square=GRID.name(square)))
    if state.end_reason is not None:
        events.append(_game_over_event(state, state.end_reason))
    elif state.unfinished:
        events.append(event("turn_limit", f"The turn limit of {game.max_turns} is reached: the game stops unfinished.",
                            turns=state.turns))
    else:
        events.append(event("turn_passed", f"The turn passes to {game.player_name(state.to_move)}.",
                            player=state.to_move))
    return tuple(events)


def _blocker_text(stopped_by: int, source: int) -> str:
    """Why the volcano on ``source`` does not erupt, in words (``stopped_by`` from :func:`~.board.blocker`)."""
    name = GRID.name(source)
    if stopped_by == EMPTY:
        return f"{name} is empty, so nothing can erupt"
    if stopped_by == EDGE:
        return f"the lava of {name} would flow off the board"
    return f"the cap on {GRID.name(stopped_by)} blocks the lava of {name}"


def _game_over_event(state: Any, reason: str) -> Event:
    game = state.game
    scores = ", ".join(f"{game.player_name(p)} {s}" for p, s in enumerate(state.scores))
    if game.goal is not None:
        verdict = f"The challenge '{game.goal}' is {'met: solved' if state.goal_met else 'not met: try again'}."
    elif state.winners:
        verdict = " and ".join(game.player_name(p) for p in state.winners) + (" win" if len(state.winners) > 1 else " wins")
        verdict += " (a shared win)." if len(state.winners) > 1 else "."
    else:
        verdict = "The top scores are tied: a draw."
    return event("game_over", f"Game over: {reason}. Scores: {scores}. {verdict}",
                 reason=reason, scores=list(state.scores), winners=list(state.winners))
