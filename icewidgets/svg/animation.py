"""The pictures of whole games: a frame per ply, or per stage of a ply shown in steps, and a
self-playing SVG of them.

A ply is one picture (the position after it) unless the game's view splits it into
:class:`~icewidgets.view.Stage` pictures; :func:`ply_frames` applies each stage's moves to the
tracked pieces, so every piece keeps its id from the first frame to the last.

>>> import icewidgets as iw
>>> record = iw.Record.new(iw.available_games()[0], seed=1)
>>> record = record.extend([record.start_state().legal_moves()[0]])
>>> shown = list(frames(list(record.states()), record.plies))
>>> shown[0].scene.text, shown[-1].ply, shown[-1].final
('The game starts.', 1, True)
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any, Iterator, Sequence

from ..protocol import State
from ..record import Record
from .draw import PAD, SMALL_FONT, Scene, coordinate, piece_transform, scene, size_of
from .theme import label_units, piece_markup, theme as theme_colours
from .tracking import Tracker, moved

CAPTION_CHARACTERS = 160
"""How much of a frame's text an animated SVG writes under the board."""


@dataclasses.dataclass
class Frame:
    """One step of a replay: after ``ply`` plies (``stage`` counts the pictures within a ply;
    ``final`` is its last, the position after the ply)."""

    ply: int
    stage: int
    final: bool
    scene: Scene


def event_text(state: State) -> str:
    """The sentences of the events of the ply that led to ``state``, as one text."""
    return " ".join(str(e) for e in state.events)


def ply_frames(tracker: Tracker, ply: int, before: State, move: Any, after: State, **options: Any) -> list[Frame]:
    """The frames of ply number ``ply``, ``move`` (a move or its text) from ``before`` to ``after``.

    ``tracker`` holds the placement of ``before`` and advances to ``after``; ``options`` go to
    :func:`~icewidgets.svg.draw.scene` (``highlight_last=False`` leaves the marks out). Every
    frame but the last shows the status of ``before``.
    """
    if isinstance(move, str):
        move = before.game.parse_move(move)
    stages = after.game.view.stages(before, move, after)
    if not stages:
        placement = tracker.advance(after)
        return [Frame(ply, 0, True, scene(after, placement, text=event_text(after), **options))]
    show_marks = options.pop("highlight_last", True)
    result, placement = [], tracker.placement
    for n, stage in enumerate(stages):
        placement = moved(placement, stage.moves)
        final = n == len(stages) - 1
        if final:  # the pieces as the rules left them, whatever the stages said
            placement = tracker.match(placement, after, hints=())
            tracker.placement, tracker.state = placement, after
        marks = dict(stage.marks) if show_marks else {}
        result.append(Frame(ply, n, final, scene(after if final else before, placement, marks=marks, text=stage.text,
                                                 **options)))
    return result


def frames(states: Sequence[State], moves: Sequence[Any], **options: Any) -> Iterator[Frame]:
    """Every picture of a game: the start, then each ply's frames (:func:`ply_frames`).

    ``states`` are the positions (the start and one after each of ``moves``); ``options`` go to
    :func:`~icewidgets.svg.draw.scene`.
    """
    tracker = Tracker(states[0])
    yield Frame(0, 0, True, scene(states[0], tracker.placement, text="The game starts.", **options))
    for ply, move in enumerate(moves, start=1):
        yield from ply_frames(tracker, ply, states[ply - 1], move, states[ply], **options)


def states_and_moves(obj: Any) -> tuple[list[State], list[Any]]:
    """The positions and plies of a State (one position, no plies) or a Record."""
    if isinstance(obj, State):
        return [obj], []
    if isinstance(obj, Record):
        return list(obj.states()), list(obj.plies)
    raise TypeError(f"expected a State or an icewidgets Record, not {type(obj).__name__}")


def animated_svg(
    state_or_record: Any,
    *,
    seconds_per_step: float = 0.8,
    ply: int | None = None,
    theme: str = "light",
    palette: str = "standard",
    size: float | str | None = None,
) -> str:
    """A self-playing SVG (SMIL animation, no scripts) of a whole game, or of one ply.

    ``ply=n`` animates only ply n, stage by stage, from the position before it. The animation
    loops; every frame's event text is shown under the board. ``size`` is the board's width
    or a named size, as for :func:`~icewidgets.svg.board`.
    """
    states, moves = states_and_moves(state_or_record)
    shown = list(frames(states, moves, theme=theme, palette=palette, size=size))
    if ply is not None:
        if not 1 <= ply <= len(moves):
            raise ValueError(f"ply={ply} is not a ply of this game (1 to {len(moves)})")
        start = max(i for i, f in enumerate(shown) if f.ply == ply - 1)
        shown = [shown[start]] + [f for f in shown if f.ply == ply]
    colours = theme_colours(theme)
    n = len(shown)
    total = coordinate(max(n * seconds_per_step, seconds_per_step))
    caption_height = 34.0 * size_of(size).text
    width = max(f.scene.width for f in shown)
    height = max(f.scene.height for f in shown) + caption_height
    tokens: dict[str, str] = {}
    track: dict[str, list[tuple[float, float, float] | None]] = {}
    for i, fr in enumerate(shown):
        for pid, tok, _loc, x, y, side in fr.scene.pieces:
            tokens.setdefault(pid, tok)
            track.setdefault(pid, [None] * n)[i] = (x, y, side)
    parts = []
    least = SMALL_FONT * size_of(size).text
    for pid in _stacking_order(shown, list(tokens)):
        smallest = min(p[2] for p in track[pid] if p is not None)  # its letters readable at its smallest
        markup = piece_markup(tokens[pid], palette, label_units(tokens[pid], smallest, least))
        known = next(p for p in track[pid] if p is not None)
        filled, last = [], known
        for p in track[pid]:
            last = p if p is not None else (last[0], last[1], 0.0)  # out of the picture: shrunk to nothing
            filled.append(last)
        x, y, s = filled[0]
        if all(p == filled[0] for p in filled):  # a piece that never moves needs no animation
            parts.append(f'<g data-piece="{pid}" transform="{piece_transform(x, y, s)}">{markup}</g>')
            continue
        # Keyframes only where the piece moves: it holds, then moves in the last 30% of a frame's slot.
        keys = [(0.0, filled[0])]
        for i in range(1, n):
            if filled[i] != filled[i - 1]:
                keys += [((i - 0.3) / n, filled[i - 1]), (i / n, filled[i])]
        keys.append((1.0, filled[-1]))
        key_times = ";".join(f"{k:.4f}" for k, _ in keys)
        translate = ";".join(f"{coordinate(kx)} {coordinate(ky)}" for _, (kx, ky, _) in keys)
        scale = ";".join(f"{round(ks / 100, 4)}" for _, (_, _, ks) in keys)
        parts.append(
            f'<g data-piece="{pid}" transform="translate({coordinate(x)} {coordinate(y)})">'
            f'<animateTransform attributeName="transform" type="translate" values="{translate}" keyTimes="{key_times}" '
            f'dur="{total}s" repeatCount="indefinite"/>'
            f'<g transform="scale({round(s / 100, 4)})"><animateTransform attributeName="transform" type="scale" '
            f'values="{scale}" keyTimes="{key_times}" dur="{total}s" repeatCount="indefinite"/>'
            f'{markup}</g></g>'
        )
    overlays = []
    for i, fr in enumerate(shown):
        if i == 0:
            visible, at = "1;0", f"0;{1 / n:.4f}"
        elif i == n - 1:
            visible, at = "0;1", f"0;{i / n:.4f}"
        else:
            visible, at = "0;1;0", f"0;{i / n:.4f};{(i + 1) / n:.4f}"
        switch = (f'<animate attributeName="opacity" values="{visible}" keyTimes="{at}" calcMode="discrete" '
                  f'dur="{total}s" repeatCount="indefinite"/>') if n > 1 else ""
        caption = html.escape(fr.scene.text[:CAPTION_CHARACTERS], quote=True)
        overlays.append(
            f'<g opacity="{1 if i == 0 else 0}">{switch}{fr.scene.marks}{fr.scene.panel}{fr.scene.badges}'
            f'<text x="{coordinate(PAD)}" y="{coordinate(height - 12)}" font-size="{coordinate(SMALL_FONT * size_of(size).text)}" '
            f'fill="{colours["text"]}">'
            f'{caption}</text></g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {coordinate(width)} {coordinate(height)}" '
        f'width="{coordinate(width)}" height="{coordinate(height)}" '
        f'font-family="Helvetica, Arial, sans-serif">'
        f'<rect width="100%" height="100%" fill="{colours["bg"]}"/><g>{shown[0].scene.static}</g>'
        f'<g pointer-events="none">{"".join(parts)}</g><g pointer-events="none">{"".join(overlays)}</g></svg>'
    )


def _stacking_order(shown: Sequence[Frame], ids: list[str]) -> list[str]:
    """One drawing order for a whole animation: in every frame, each piece above the ones under it.

    SMIL cannot change which element is drawn on top, so the order is a topological sort of
    "below" pairs collected from every frame (the earliest-seen piece first among equals); if
    frames disagree, the piece with the fewest pieces still to go under it comes next.
    """
    below: dict[str, set[str]] = {pid: set() for pid in ids}  # pid → pieces that must be drawn before it
    for fr in shown:
        previous: dict[tuple[str, float, float], str] = {}
        for pid, _tok, loc, x, y, _side in fr.scene.pieces:
            key = (loc, round(x), round(y))
            if key in previous:
                below[pid].add(previous[key])
            previous[key] = pid
    order: list[str] = []
    placed: set[str] = set()
    rank = {pid: n for n, pid in enumerate(ids)}
    while len(order) < len(ids):
        ready = [pid for pid in ids if pid not in placed and below[pid] <= placed]
        if not ready:
            ready = [min((pid for pid in ids if pid not in placed), key=lambda p: (len(below[p] - placed), rank[p]))]
        for pid in ready:
            order.append(pid)
            placed.add(pid)
    return order
