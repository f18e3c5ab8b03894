"""Volcano in words: the events of a ply, each with a sentence a student can follow. The rules
module asks (:attr:`VolcanoState.events <.rules.VolcanoState.events>`); these functions read
the state and never change it.

>>> from icewidgets.games.volcano import Volcano
>>> erupted = Volcano().new_state().play("a1-b1")
>>> [str(e) for e in erupted.events][2:]
['Red large lands on c1 on a blue large: same size, player 1 may capture it.', 'Red medium lands on d1 on a blue large: no capture.', 'Red small lands on e1 on a blue large: no capture.', 'The volcano on a1 is spent.', 'Player 1 may capture the red large on c1, or decline it.']
>>> [str(e) for e in erupted.play("capture:none").events]
['Player 1 declines the red large on c1.', 'The turn passes to Player 2.']
"""

from __future__ import annotations

from typing import Any

from ...grid import DIRECTION_NAMES
from ...protocol import Event, event
from ...words import and_list, plural
from .board import COLOURS, DIRECTION_ORDER, EDGE, EMPTY, GRID, RAYS, STEPS, blocker
from .scoring import points


def ply_events(state: Any, mover: int, caps: int) -> tuple[Event, ...]:
    """What the ply that led to ``state`` did, in order: ``mover`` made it, ``caps`` are the
    caps after it (a bit mask)."""
    game, move = state.game, state.last_move
    who = game.player_name(mover)
    if not hasattr(move, "source"):
        return tuple(_choice_events(state, mover, who)) + (_turn_end_event(state),)
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
    must = game.capture == "must"
    for stage, (square, piece, onto, same) in enumerate(eruption.landed, 1):
        where = GRID.name(square)
        if onto is None:
            text = f"{piece.name.capitalize()} lands on the empty square {where}."
        elif same and must:
            text = f"{piece.name.capitalize()} lands on {where} on a {onto.name}: same size, captured by {who.lower()}."
        elif same:
            text = f"{piece.name.capitalize()} lands on {where} on a {onto.name}: same size, {who.lower()} may capture it."
        else:
            text = f"{piece.name.capitalize()} lands on {where} on a {onto.name}: no capture."
        fields = {"capturable": same} if not must else {}
        events.append(event("land", text, piece=str(piece), source=name, square=where,
                            onto=str(onto) if onto else None, captured=same and must, stage=stage, **fields))
    if eruption.stopped_at is None:
        events.append(event("eruption_spent", f"The volcano on {name} is spent.", source=name))
    else:
        wall = "the edge of the board" if eruption.stopped_at == EDGE else f"the cap on {GRID.name(eruption.stopped_at)}"
        events.append(event("eruption_stopped", f"The eruption stops at {wall}; {plural(remaining, 'piece')} stay on {name}.",
                            source=name, remaining=remaining))
    for square, piece in state.took:
        events.append(_capture_event(who, mover, square, piece))
    if state.capturable:
        # Joined by "and" alone (not capturable_pieces): the golden playthroughs hold this sentence.
        pieces = " and ".join(f"the {state.board[square][-1].name} on {GRID.name(square)}" for square in state.capturable)
        text = (f"{who} may capture {pieces}, or decline it." if len(state.capturable) == 1 else
                f"{who} may capture any of {pieces}: all, some or none.")
        events.append(event("capture_choice", text,
                            player=mover, squares=[GRID.name(square) for square in state.capturable]))
        return tuple(events)
    events.append(_turn_end_event(state))
    return tuple(events)


def capturable_pieces(state: Any) -> str:
    """The pieces ``state``'s mover may capture now, in landing order, as a phrase: "the red
    large on a3, the red medium on a4 and the red small on a5"."""
    return and_list(f"the {state.board[square][-1].name} on {GRID.name(square)}" for square in state.capturable)


def _capture_event(who: str, mover: int, square: int, piece: Any) -> Event:
    return event("capture", f"{who} captures the {piece.name} from {GRID.name(square)}.",
                 player=mover, piece=str(piece), square=GRID.name(square))


def _choice_events(state: Any, mover: int, who: str) -> list[Event]:
    """The captures and the declined captures of a capture choice, in landing order; when the
    game goes on, a declined piece whose capture would have ended it with the mover behind (or
    level) says so."""
    taken = dict(state.took)
    pile = state.captured[mover]
    others = max((s for p, s in enumerate(state.scores) if p != mover), default=None)
    events = []
    for square in state._offered:
        if square in taken:
            events.append(_capture_event(who, mover, square, taken[square]))
            continue
        piece = state.board[square][-1]
        with_it = pile + (piece,)
        why = ""
        if state.end_reason is None and len({p.colour for p in with_it}) >= len(COLOURS) and others is not None:
            mine = points(with_it)
            if mine < others:
                why = f": capturing it would end the game behind ({mine} points to {others})"
            elif mine == others:
                why = f": capturing it would end the game level ({mine} points each)"
        events.append(event("decline", f"{who} declines the {piece.name} on {GRID.name(square)}{why}.",
                            player=mover, piece=str(piece), square=GRID.name(square), reason=why[2:] or None))
    return events


def _turn_end_event(state: Any) -> Event:
    """How the turn ends: the game over, the turn limit, or the turn passing on."""
    game = state.game
    if state.end_reason is not None:
        return _game_over_event(state, state.end_reason)
    if state.unfinished:
        return event("turn_limit", f"The turn limit of {game.max_turns} is reached: the game stops unfinished.",
                     turns=state.turns)
    return event("turn_passed", f"The turn passes to {game.player_name(state.to_move)}.", player=state.to_move)


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
