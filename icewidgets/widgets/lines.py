"""Previews of a line of play: the frames of moves that are shown on the board but not played.

A hint comes with its line (:attr:`icewidgets.analysis.Hint.line`: the expected continuation
after the move). :func:`line_preview` lays out the hint's move and that line from the position
the hint is for, as the replay's frames are laid out (:class:`~.replay.FrameLog`), so the page
steps through them without the kernel and without changing the game. The pieces keep the ids
they have in the replay, so the board animates from the game into the preview.

>>> import icewidgets as iw
>>> from icewidgets import svg
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> moves = [str(state.legal_moves()[0])]
>>> preview = line_preview(state, svg.Tracker(state).placement, 0, moves, {"theme": "light"})
>>> [entry["move"] for entry in preview["moves"]] == moves, preview["frames"][0]["p"]
(True, 0)
"""

from __future__ import annotations

import copy
from typing import Any, Sequence

from .. import svg
from ..protocol import CHANCE, IllegalMoveError, NotationError, State
from .replay import FrameLog

__all__ = ["line_preview"]


def line_preview(state: State, placement: svg.Placement, ply: int, moves: Sequence[str],
                 layout: dict[str, Any], known: Any = (), counts: dict[str, int] | None = None) -> dict[str, Any]:
    """The frames of ``moves`` played from ``state`` (the position after ``ply`` plies, its
    pieces placed with their ids by ``placement``; ``counts``: the replay tracker's, so a piece
    new to the game gets an id of its own): ``{"frames": [...], "moves": [...]}``, the
    first frame the position itself, then each move's as the replay has them (plies numbered
    on from ``ply``), and a move entry (ply, move, who, text) per move. ``layout`` are the
    drawing options (:meth:`GameWidget._layout`); ``catalogue`` has the markup of the pieces
    the preview shows that are not among ``known`` (the tokens the page has already). The line stops at a move that is not legal
    where it comes (a line is advice, not a record): the moves laid out are those in ``moves``.
    """
    tracker = svg.Tracker(state)
    if counts is not None:
        tracker.counts = dict(counts)
    tracker.placement = copy.deepcopy(placement)
    log = FrameLog(layout.get("palette", "standard"))
    log.add([svg.Frame(ply, 0, True, svg.scene(state, tracker.placement, text="", **layout))])
    before = state
    for n, text in enumerate(moves, start=ply + 1):
        try:
            after = before.play(text)
        except (IllegalMoveError, NotationError, ValueError):
            break
        player = before.to_move
        who = "Dice" if player == CHANCE else before.game.player_name(player)
        summary = after.game.view.summary(before, before.game.parse_move(text), after)
        log.add(svg.ply_frames(tracker, n, before, text, after, **layout),
                {"ply": n, "move": text, "who": who, "text": summary})
        before = after
    catalogue = {tok: markup for tok, markup in log.catalogue.items() if tok not in known}
    return {"frames": log.frames, "moves": log.moves, "catalogue": catalogue}
