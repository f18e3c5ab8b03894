"""Laying out and drawing one picture: the board, the pieces, the marks and the side panel.

Pyramids are drawn from above as squares: a large pyramid is a big square, a small one a small
square. A stack is drawn as nested squares, bottom piece outside, top piece inside (a tree of
large, medium and small looks exactly like the real thing seen from above); a pawn is a disc
on top. The board comes from ``state.game.grid`` and ``state.stack(square)``; everything beside
it (the panel's lines, dice and off-board pieces, the marks) from the game's
:class:`~icewidgets.view.View`, as data drawn here.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> picture = board(state, selected="a1")
>>> picture.count('data-square="') == len(state.game.grid.names)
True
"""

from __future__ import annotations

import dataclasses
import html
from typing import Iterable, Mapping, Sequence

from ..grid import FILE_LETTERS, Grid
from ..pieces import PIECES, is_pawn
from ..protocol import CHANCE, State
from ..view import Dice, Line, PanelItem, Pieces
from .theme import ink, palette as palette_colours, piece_markup, theme as theme_colours
from .tracking import Placement, Tracker, grid_of

CELL = 60.0
"""The side of a square."""
MARGIN = 22.0
"""Room for the coordinates, left of and below the board."""
PAD = 10.0
"""The space around the picture."""
PANEL = 220.0
"""The width of the side panel: the status line and the game's panel items."""

BASE_SIDE = {3: 0.82, 2: 0.64, 1: 0.46, 0: 0.9}
"""The side of a piece by size (0: a tile) as a fraction of its cell, when its stack is a
nest of shrinking sizes."""
PAWN_SIDE = 0.46
"""The side of a pawn as a fraction of its cell."""

LINE_STYLES = {  # font size, weight, theme colour, line height
    "title": (12, "bold", "text", 15.0),
    "text": (11, "", "text", 15.0),
    "note": (10, "", "muted", 13.0),
}
"""How each :class:`~icewidgets.view.Line` style is written."""

DIE = 40.0
"""The side of a die in the panel."""


@dataclasses.dataclass
class Scene:
    """A laid-out picture: the fixed board, and the parts that change from frame to frame."""

    width: float
    height: float
    static: str
    """Background squares and coordinates."""
    marks: str
    """Last move, path, selection and target marks."""
    panel: str
    """The status line and the game's panel items."""
    pieces: list
    """``[id, token, location, x, y, side]`` of every piece shown, in drawing order."""
    text: str = ""
    """What happened in this picture (the events' sentences)."""
    badges: str = ""
    """Stack heights (the widget draws its own from the pieces)."""


def coordinate(value: float) -> str:
    """A coordinate as the pictures write it: one decimal at most, none when whole.

    >>> coordinate(12.0), coordinate(12.25), coordinate(-3.96)
    ('12', '12.2', '-4')
    """
    r = round(value, 1)
    return str(int(r)) if r == int(r) else str(r)


def piece_transform(x: float, y: float, side: float) -> str:
    """The SVG transform that puts a :func:`~icewidgets.svg.theme.piece_markup` at (x, y) with ``side``."""
    return f"translate({coordinate(x)} {coordinate(y)}) scale({round(side / 100, 4)})"


def stack_sides(toks: Sequence[str]) -> list[float]:
    """The side of each piece of a stack (tokens, bottom first) as a fraction of its cell.

    A nest of shrinking sizes is drawn at the pieces' true sizes; any other stack shrinks
    step by step so that every piece stays visible. A pawn keeps its own size.

    >>> stack_sides(["R3", "R2", "R1"]), stack_sides(["L", "D", "@D"])
    ([0.82, 0.64, 0.46], [0.9, 0.78, 0.46])
    """
    sizes = [PIECES[t].size for t in toks if not is_pawn(t)]
    if all(a > b for a, b in zip(sizes, sizes[1:])):
        sides = [BASE_SIDE[s] for s in sizes]
    else:
        step = min(0.12, 0.56 / max(len(sizes) - 1, 1))
        sides = [0.9 - k * step for k in range(len(sizes))]
    stacked = iter(sides)
    return [PAWN_SIDE if is_pawn(t) else next(stacked) for t in toks]


def scene(
    state: State,
    placement: Placement | None = None,
    *,
    theme: str = "light",
    palette: str = "standard",
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Mapping[str, str] | None = None,
    highlight_last: bool = True,
    coordinates: bool = True,
    status_state: State | None = None,
    text: str = "",
) -> Scene:
    """Lay out ``state`` as a :class:`Scene`.

    ``placement`` gives the pieces and their ids (default: those of ``state``, fresh ids);
    ``marks`` the squares to mark (default: the view's marks of ``state``, or none without
    ``highlight_last``); ``status_state`` the position whose status and panel are shown
    (default: ``state``; a picture within a ply shows the position before it).
    """
    colours, pal = theme_colours(theme), palette_colours(palette)
    grid = grid_of(state)
    view = state.game.view
    if placement is None:
        placement = Tracker(state).placement
    x0, y0 = MARGIN + PAD, PAD
    board_width, board_height = grid.files * CELL, grid.ranks * CELL

    pieces, heights = [], []
    for name in grid.names:
        stack = placement.get(name, [])
        if not stack:
            continue
        cx, cy = _centre(grid, name, x0, y0)
        toks = [tok for _, tok in stack]
        for (pid, tok), side in zip(stack, stack_sides(toks)):
            pieces.append([pid, tok, name, cx, cy, side * CELL])
        height = sum(1 for tok in toks if not is_pawn(tok))
        if height > 1:  # a small number in the corner of every square holding a stack
            bx, by = cx + CELL / 2 - 13, cy - CELL / 2 + 1
            heights.append(
                f'<rect x="{coordinate(bx)}" y="{coordinate(by)}" width="12" height="12" rx="3" fill="{colours["bg"]}" '
                f'fill-opacity="0.85"/><text x="{coordinate(bx + 6)}" y="{coordinate(by + 10)}" text-anchor="middle" '
                f'font-size="10" font-weight="bold" fill="{colours["text"]}">{height}</text>'
            )

    status_state = status_state or state
    squares = set(grid.names)
    areas = {loc: [tok for _, tok in stack] for loc, stack in placement.items() if loc not in squares}
    px = x0 + board_width + 16
    items = view.panel(status_state, areas)
    panel_svg, area_positions, panel_height = draw_panel(items, placement, px, y0 + 30, colours, pal)
    panel = (
        f'<text x="{coordinate(px)}" y="{coordinate(y0 + 14)}" font-size="13" font-weight="bold" '
        f'fill="{colours["text"]}">{_escape(status(status_state))}</text>' + panel_svg
    )
    for loc, stack in placement.items():
        if loc not in squares:
            pieces.extend([pid, tok, loc, *area_positions[pid]] for pid, tok in stack if pid in area_positions)

    if marks is None:
        marks = view.marks(state) if highlight_last else {}
    marks_svg = _marks(grid, marks, selected, targets, x0, y0, colours)
    width = px + PANEL
    height = max(y0 + board_height + (MARGIN if coordinates else 0) + PAD, y0 + 30 + panel_height + PAD)
    return Scene(width, height, _squares(grid, x0, y0, colours, coordinates), marks_svg, panel, pieces, text,
                 "".join(heights))


def render(sc: Scene, *, palette: str = "standard", theme: str = "light", size: float | None = None,
           label: str = "") -> str:
    """The complete SVG text of a scene; ``size`` is its width in pixels, ``label`` its
    accessible name."""
    colours = theme_colours(theme)
    width = size if size is not None else sc.width
    height = round(sc.height * width / sc.width, 1)
    pieces = "".join(
        f'<g class="iw-piece" data-piece="{pid}" data-token="{tok}" data-loc="{loc}" '
        f'transform="{piece_transform(x, y, side)}">{piece_markup(tok, palette)}</g>'
        for pid, tok, loc, x, y, side in sc.pieces
    )
    aria = f' role="img" aria-label="{_escape(label)}"' if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="iw-board" viewBox="0 0 {coordinate(sc.width)} '
        f'{coordinate(sc.height)}" width="{coordinate(width)}" height="{coordinate(height)}" '
        f'font-family="Helvetica, Arial, sans-serif"{aria}>'
        f'<rect width="100%" height="100%" fill="{colours["bg"]}"/>'
        f'<g class="iw-static">{sc.static}</g><g class="iw-marks" pointer-events="none">{sc.marks}</g>'
        f'<g class="iw-pieces" pointer-events="none">{pieces}</g>'
        f'<g class="iw-badges" pointer-events="none">{sc.badges}</g>'
        f'<g class="iw-panel" pointer-events="none">{sc.panel}</g></svg>'
    )


def board(
    state: State,
    *,
    theme: str = "light",
    palette: str = "standard",
    size: float | None = None,
    selected: str | None = None,
    targets: Iterable[str] = (),
    highlight_last: bool = True,
    coordinates: bool = True,
    placement: Placement | None = None,
) -> str:
    """An SVG picture of ``state`` (byte-identical for equal arguments).

    ``size`` is the width in pixels (default: natural size); ``selected`` a square to outline and
    ``targets`` squares to mark as legal destinations; ``highlight_last`` marks what the last
    ply did (the view's marks); ``placement`` gives tracked piece ids (see :class:`Tracker`).

    >>> import icewidgets as iw
    >>> picture = board(iw.make(iw.available_games()[0]).new_state(seed=1), theme="dark", targets=["a2"])
    >>> 'data-mark="a2"' in picture and picture.startswith("<svg")
    True
    """
    sc = scene(state, placement, theme=theme, palette=palette, selected=selected, targets=targets,
               highlight_last=highlight_last, coordinates=coordinates)
    return render(sc, palette=palette, theme=theme, size=size, label=f"{state.game.title} board: {status(state)}")


def status(state: State) -> str:
    """The status line of a picture: who is to move, or how the game ended.

    >>> import icewidgets as iw
    >>> status(iw.make(iw.available_games()[0]).new_state(seed=1))
    'Player 1 to move'
    """
    game = state.game
    if state.is_over:
        if state.unfinished:
            return "Stopped unfinished (turn limit)"
        if not state.winners:
            return "Game over: a draw"
        names = " and ".join(game.player_name(p) for p in state.winners)
        return f"Game over: {names} win" + ("s" if len(state.winners) == 1 else "")
    if state.to_move == CHANCE:
        return "Roll the dice"
    return f"{game.player_name(state.to_move)} to move"


# The side panel ---------------------------------------------------------------------------


def draw_panel(items: Sequence[PanelItem], placement: Placement, x: float, y: float, colours: Mapping[str, str],
               pal: Mapping[str, str]) -> tuple[str, dict[str, tuple[float, float, float]], float]:
    """Draw panel items top to bottom from (x, y): their SVG, the ``(x, y, side)`` of every
    off-board piece they show (by piece id, from ``placement``), and their height."""
    parts: list[str] = []
    positions: dict[str, tuple[float, float, float]] = {}
    top = y
    for item in items:
        if isinstance(item, Line):
            markup, height = _line(item, x, top, colours, pal)
        elif isinstance(item, Dice):
            markup, height = _dice(item, x, top, colours, pal)
        elif isinstance(item, Pieces):
            height = _pieces(item, placement.get(item.area, []), x, top, positions)
            markup = ""
        else:
            raise TypeError(f"a panel item is a Line, Dice or Pieces, not {type(item).__name__}")
        parts.append(markup)
        top += height
    return "".join(parts), positions, top - y


def _line(item: Line, x: float, y: float, colours: Mapping[str, str], pal: Mapping[str, str]) -> tuple[str, float]:
    try:
        font, weight, colour, height = LINE_STYLES[item.style]
    except KeyError:
        raise ValueError(f"style={item.style!r} is not a panel line style; choose one of "
                         f"{', '.join(map(repr, LINE_STYLES))}") from None
    parts = []
    y += item.space_above
    if item.pointer:
        parts.append(f'<path d="M{coordinate(x)} {coordinate(y + 1)}l8 5l-8 5z" fill="{colours["text"]}"/>')
        x += 11
    if item.swatch:
        parts.append(f'<rect x="{coordinate(x)}" y="{coordinate(y + 1)}" width="12" height="12" fill="{pal[item.swatch]}" '
                     f'stroke="{colours["text"]}" stroke-width="0.8"/>')
        x += 18
    bold = f' font-weight="{weight}"' if weight else ""
    parts.append(f'<text x="{coordinate(x)}" y="{coordinate(y + font - 1)}" font-size="{font}"{bold} '
                 f'fill="{colours[colour]}">{_escape(item.text)}</text>')
    return "".join(parts), item.space_above + height


def _dice(item: Dice, x: float, y: float, colours: Mapping[str, str], pal: Mapping[str, str]) -> tuple[str, float]:
    parts, step = [], DIE + 8
    for k, face in enumerate(item.faces):
        dx, colour = x + k * step, face[0]
        parts.append(f'<rect class="iw-die" x="{coordinate(dx)}" y="{coordinate(y + 1)}" width="{coordinate(DIE)}" '
                     f'height="{coordinate(DIE)}" rx="7" fill="{pal[colour]}" stroke="{colours["text"]}" stroke-width="1.2"/>')
        parts.append(f'<text x="{coordinate(dx + DIE / 2)}" y="{coordinate(y + 27)}" text-anchor="middle" font-size="16" '
                     f'font-weight="bold" fill="{ink(colour)}">{_escape(face)}</text>')
    nx = x + len(item.faces) * step + 4
    for n, note in enumerate(item.note):
        parts.append(f'<text x="{coordinate(nx)}" y="{coordinate(y + 19 + 14 * n)}" font-size="11" '
                     f'fill="{colours["text"]}">{_escape(note)}</text>')
    return "".join(parts), DIE + 8


def _pieces(item: Pieces, stack: Sequence[tuple[str, str]], x: float, y: float,
            positions: dict[str, tuple[float, float, float]]) -> float:
    """Place an area's pieces in rows of cells (the groups); an area with no pieces still takes
    one row, so the panel does not jump when the first piece arrives."""
    ids: dict[str, list[str]] = {}
    for pid, tok in stack:
        ids.setdefault(tok, []).append(pid)
    pitch = item.cell + 2
    for row, groups in enumerate(item.rows):
        for col, group in enumerate(groups):
            cx, cy = x + item.cell / 2 + col * pitch, y + item.cell / 2 + row * pitch
            for tok, side in zip(group, stack_sides(group)):
                if not ids.get(tok):
                    raise ValueError(f"the panel shows a {tok} in {item.area!r}, but that area holds no more of them")
                positions[ids[tok].pop(0)] = (cx, cy, side * item.cell)
    return max(1, len(item.rows)) * pitch + 4


# The board --------------------------------------------------------------------------------


def _centre(grid: Grid, name: str, x0: float, y0: float) -> tuple[float, float]:
    index = grid.index(name)
    return x0 + (grid.file_of(index) + 0.5) * CELL, y0 + (grid.ranks - grid.rank_of(index) - 0.5) * CELL


def _squares(grid: Grid, x0: float, y0: float, colours: Mapping[str, str], coordinates: bool) -> str:
    parts = []
    for index, name in enumerate(grid.names):
        f, r = grid.file_of(index), grid.rank_of(index)
        fill = colours["sq1"] if (f + r) % 2 == 0 else colours["sq0"]
        parts.append(
            f'<rect class="iw-sq" data-square="{name}" x="{coordinate(x0 + f * CELL)}" '
            f'y="{coordinate(y0 + (grid.ranks - 1 - r) * CELL)}" width="{coordinate(CELL)}" height="{coordinate(CELL)}" '
            f'fill="{fill}" stroke="{colours["line"]}" stroke-width="0.5"/>'
        )
    if coordinates:
        for f in range(grid.files):
            parts.append(
                f'<text x="{coordinate(x0 + (f + 0.5) * CELL)}" y="{coordinate(y0 + grid.ranks * CELL + 15)}" '
                f'text-anchor="middle" font-size="12" fill="{colours["muted"]}">{FILE_LETTERS[f]}</text>'
            )
        for r in range(grid.ranks):
            parts.append(
                f'<text x="{coordinate(x0 - 8)}" y="{coordinate(y0 + (grid.ranks - r - 0.5) * CELL + 4)}" '
                f'text-anchor="middle" font-size="12" fill="{colours["muted"]}">{r + 1}</text>'
            )
    return "".join(parts)


def _marks(grid: Grid, marks: Mapping[str, str], selected: str | None, targets: Iterable[str], x0: float, y0: float,
           colours: Mapping[str, str]) -> str:
    def outline(name: str, colour: str, kind: str, width: float, dash: str = "") -> str:
        cx, cy = _centre(grid, name, x0, y0)
        side = CELL - width
        pattern = f' stroke-dasharray="{dash}"' if dash else ""
        return (f'<rect class="iw-mark iw-{kind}" data-mark="{name}" x="{coordinate(cx - side / 2)}" '
                f'y="{coordinate(cy - side / 2)}" width="{coordinate(side)}" height="{coordinate(side)}" fill="none" '
                f'stroke="{colour}" stroke-width="{coordinate(width)}"{pattern}/>')

    parts = []
    for name in sorted(marks):
        kind = marks[name]
        parts.append(outline(name, colours["path"], "path", 4, "6 3") if kind == "path"
                     else outline(name, colours["last"], kind, 4))
    if selected:
        parts.append(outline(selected, colours["sel"], "selected", 5))
    for name in sorted(set(targets)):
        cx, cy = _centre(grid, name, x0, y0)
        parts.append(f'<circle class="iw-mark iw-target" data-mark="{name}" cx="{coordinate(cx)}" cy="{coordinate(cy)}" '
                     f'r="9" fill="{colours["tgt"]}" fill-opacity="0.75" stroke="{colours["bg"]}" stroke-width="2"/>')
    return "".join(parts)


def _escape(text: str) -> str:
    return html.escape(text, quote=True)
