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
import numbers
from typing import Iterable, Mapping, Sequence

from ..grid import FILE_LETTERS, Grid
from ..pieces import PIECES, is_pawn
from ..protocol import CHANCE, State
from ..checks import shown
from ..view import BoardArea, Dice, Line, PanelItem, Pieces
from .areas import draw as draw_areas, legend as area_legend
from .theme import ink, label_units, palette as palette_colours, piece_markup, theme as theme_colours
from .tracking import Placement, Tracker, grid_of

CELL = 60.0
"""The side of a square at the natural size."""
MARGIN = 22.0
"""Room for the coordinates, left of and below the board (at text scale 1)."""
PAD = 10.0
"""The space around the picture."""
PANEL = 230.0
"""The least width of the side panel (at text scale 1); it grows to fit its longest line."""
MIN_BOARD, MAX_BOARD = 160.0, 4000.0
"""The range of board widths a ``size`` may ask for, in pixels."""

BASE_SIDE = {3: 0.82, 2: 0.64, 1: 0.46, 0: 0.8}
"""The side of a piece by size (0: a tile) as a fraction of its cell: alone, in a nest of
shrinking sizes, and at the top of any stack."""
STACK_BOTTOM = 0.96
"""The side of the bottom piece of a stack that is not a nest, as a fraction of its cell: the
pieces under the top one shrink evenly from it, so each shows as a ring."""
PAWN_SIDE = 0.46
"""The side of a pawn as a fraction of its cell."""

STATUS_FONT = 14
"""The font size of the status line (at text scale 1), in pixels."""
LINE_STYLES = {  # font size, weight, theme colour, line height
    "title": (14, "bold", "text", 19.0),
    "text": (13, "", "text", 18.0),
    "note": (12, "", "muted", 16.0),
}
"""How each :class:`~icewidgets.view.Line` style is written (at text scale 1): no panel text is
under 12 px when a picture is shown at 100%."""
SMALL_FONT = 12
"""The font size of coordinates, stack heights and dice notes (at text scale 1)."""
CHARACTER_WIDTH = 0.58
"""A generous average width of a character, as a fraction of its font size (to size the panel)."""

PANEL_PLACES = ("right", "below", "none")
"""Where a picture's status line and side panel may go (``"none"``: the board alone)."""

DIE = 40.0
"""The side of a die in the panel (at text scale 1)."""


@dataclasses.dataclass(frozen=True)
class Size:
    """How big a picture is drawn: ``board`` is the width of the board in pixels (None: 60 per
    square), ``text`` scales every text and the side panel (1: 12 px for the smallest text)."""

    board: float | None = None
    text: float = 1.0

    @property
    def least_font(self) -> float:
        """The size of the smallest text at this size, piece letters included, in pixels."""
        return SMALL_FONT * self.text


SIZES: dict[str, Size] = {
    "normal": Size(),
    "large": Size(board=520.0, text=1.25),
    "projector": Size(board=640.0, text=1.5),
}
"""Named sizes for ``size=``: ``"projector"`` draws a large board with no text under 18 px."""


def size_of(size: float | str | Size | None) -> Size:
    """The :class:`Size` a ``size=`` argument stands for: None (natural), a board width in pixels
    (160 to 4000) or a name from :data:`SIZES`; ValueError names a bad value.

    >>> size_of(480), size_of("projector").text
    (Size(board=480.0, text=1.0), 1.5)
    >>> size_of(20)
    Traceback (most recent call last):
    ...
    ValueError: size=20 is too small: a board is 160 to 4000 pixels wide
    """
    if size is None:
        return SIZES["normal"]
    if isinstance(size, Size):
        return size
    if isinstance(size, str):
        try:
            return SIZES[size]
        except KeyError:
            raise ValueError(f"size={size!r} is not a size; give a board width in pixels or one of "
                             f"{', '.join(map(repr, SIZES))}") from None
    if isinstance(size, bool) or not isinstance(size, numbers.Real) or size != size:
        raise ValueError(f"size={size!r} is not a size; give a board width in pixels or one of "
                         f"{', '.join(map(repr, SIZES))}")
    if not MIN_BOARD <= size <= MAX_BOARD:
        word = "small" if size < MIN_BOARD else "large"
        raise ValueError(f"size={size!r} is too {word}: a board is {MIN_BOARD:g} to {MAX_BOARD:g} pixels wide")
    return Size(board=float(size))


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
    label: float = 12.0
    """The least size of a piece's letters, in pixels (see :func:`~icewidgets.svg.theme.label_units`)."""
    areas: str = ""
    """The board areas the game marks (under the marks and the pieces)."""
    board_size: tuple[float, float] = (0.0, 0.0)
    """The width and height of the board and its coordinates alone, from the picture's corner."""
    panel_box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """Where the status line and the panel are: x, y, width, height (all 0 without a panel). A
    page narrower than the picture moves them, and the pieces off the board, under the board."""


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

    A nest of shrinking sizes is drawn at the pieces' true sizes. In any other stack the top
    piece keeps the side it has alone (a tall stack never shrinks it), and the pieces under it
    grow evenly towards :data:`STACK_BOTTOM`, so every piece shows. A pawn keeps its own size.

    >>> stack_sides(["R3", "R2", "R1"]), stack_sides(["L", "D", "@D"]), stack_sides(["G3", "G2", "G1", "K3"])
    ([0.82, 0.64, 0.46], [0.96, 0.8, 0.46], [0.96, 0.9133, 0.8667, 0.82])
    """
    sizes = [PIECES[t].size for t in toks if not is_pawn(t)]
    if all(a > b for a, b in zip(sizes, sizes[1:])):
        sides = [BASE_SIDE[s] for s in sizes]
    else:
        top = BASE_SIDE[sizes[-1]]
        bottom = max(STACK_BOTTOM, top)
        step = (bottom - top) / (len(sizes) - 1)
        sides = [round(bottom - k * step, 4) for k in range(len(sizes))]
    stacked = iter(sides)
    return [PAWN_SIDE if is_pawn(t) else next(stacked) for t in toks]


@dataclasses.dataclass(frozen=True)
class _Geometry:
    """Where the board lies and how big things are drawn in one picture."""

    grid: Grid
    cell: float
    text: float
    x0: float
    y0: float

    def centre(self, name: str) -> tuple[float, float]:
        index = self.grid.index(name)
        return (self.x0 + (self.grid.file_of(index) + 0.5) * self.cell,
                self.y0 + (self.grid.ranks - self.grid.rank_of(index) - 0.5) * self.cell)

    def font(self, pixels: float) -> str:
        return coordinate(pixels * self.text)


def scene(
    state: State,
    placement: Placement | None = None,
    *,
    theme: str = "light",
    palette: str = "standard",
    size: float | str | Size | None = None,
    selected: str | None = None,
    targets: Iterable[str] = (),
    marks: Mapping[str, str] | None = None,
    highlight_last: bool = True,
    coordinates: bool = True,
    status_state: State | None = None,
    text: str = "",
    panel: str = "right",
) -> Scene:
    """Lay out ``state`` as a :class:`Scene`, in pixels.

    ``placement`` gives the pieces and their ids (default: those of ``state``, fresh ids);
    ``size`` the board width or a named size (see :func:`size_of`); ``marks`` the squares to
    mark (default: the view's marks of ``state``, or none without ``highlight_last``);
    ``status_state`` the position whose status and panel are shown (default: ``state``; a
    picture within a ply shows the position before it); ``panel`` where the status line and
    the panel go: ``"right"`` of the board, ``"below"`` it (for a narrow page), or ``"none"``
    (the board alone, for a page that says what is beside the board in words).
    """
    colours, pal = theme_colours(theme), palette_colours(palette)
    grid = grid_of(state)
    view = state.game.view
    if placement is None:
        placement = Tracker(state).placement
    chosen = size_of(size)
    cell = chosen.board / grid.files if chosen.board is not None else CELL
    fr = _Geometry(grid, cell, chosen.text, MARGIN * chosen.text + PAD, PAD)
    board_width, board_height = grid.files * cell, grid.ranks * cell

    pieces, heights = [], []
    badge = SMALL_FONT * chosen.text + 3
    for name in grid.names:
        stack = placement.get(name, [])
        if not stack:
            continue
        cx, cy = fr.centre(name)
        toks = [tok for _, tok in stack]
        for (pid, tok), side in zip(stack, stack_sides(toks)):
            pieces.append([pid, tok, name, cx, cy, side * cell])
        height = sum(1 for tok in toks if not is_pawn(tok))
        if height > 1:  # a small number in the corner of every square holding a stack
            bx, by = cx + cell / 2 - badge - 1, cy - cell / 2 + 1
            heights.append(
                f'<rect class="iw-bg" x="{coordinate(bx)}" y="{coordinate(by)}" width="{coordinate(badge)}" '
                f'height="{coordinate(badge)}" rx="3" fill="{colours["bg"]}"/><text class="iw-fg" '
                f'x="{coordinate(bx + badge / 2)}" y="{coordinate(by + badge - 3 * chosen.text)}" text-anchor="middle" '
                f'font-size="{fr.font(SMALL_FONT)}" font-weight="bold" fill="{colours["text"]}">{height}</text>'
            )

    status_state = status_state or state
    squares = set(grid.names)
    areas = {loc: [tok for _, tok in stack] for loc, stack in placement.items() if loc not in squares}
    below = MARGIN * chosen.text if coordinates else 0
    if panel not in PANEL_PLACES:
        raise ValueError(f"panel={panel!r} is not a place for the panel; choose one of "
                         f"{', '.join(map(repr, PANEL_PLACES))}")
    if panel == "right":
        px, status_y = fr.x0 + board_width + 16 * chosen.text, fr.y0 + STATUS_FONT * chosen.text
    else:  # under the board and its coordinates, for a page narrower than the screen
        px, status_y = PAD, fr.y0 + board_height + below + (STATUS_FONT + 8) * chosen.text
    top = status_y + 16 * chosen.text
    items = view.panel(status_state, areas) if panel != "none" else []
    panel_svg, area_positions, panel_height, panel_width = draw_panel(items, placement, px, top, colours, pal,
                                                                     chosen.text, palette)
    status_text = status(status_state)
    panel_markup = "" if panel == "none" else (
        f'<text class="iw-fg" x="{coordinate(px)}" y="{coordinate(status_y)}" '
        f'font-size="{fr.font(STATUS_FONT)}" font-weight="bold" fill="{colours["text"]}">{_escape(status_text)}</text>'
        + panel_svg
    )
    board_areas = view.board_areas(state)
    if not isinstance(board_areas, (list, tuple)) or not all(isinstance(area, BoardArea) for area in board_areas):
        raise TypeError(f"{state.game.name}: view.board_areas() must return a list of BoardArea values "
                        f"(icewidgets.view.BoardArea), not {shown(board_areas)}")
    if panel == "none":
        panel_width = panel_height = 0.0
        top = fr.y0
    else:
        if board_areas:  # their key, under the game's panel
            space = 8 * chosen.text
            key, key_height, key_width = area_legend(board_areas, px, top + panel_height + space, colours, pal,
                                                     chosen.text, LINE_STYLES["text"][0] * chosen.text)
            panel_markup += key
            panel_height += space + key_height
            panel_width = max(panel_width, key_width)
        panel_width = max(panel_width, text_width(status_text, STATUS_FONT * chosen.text),
                          PANEL * chosen.text if panel == "right" else 0.0)
    # Off-board pieces are drawn in the panel's order, each group bottom first, so a tree shows
    # its large outside and its small inside whatever order its pieces arrived in.
    where = {pid: (tok, loc) for loc, stack in placement.items() if loc not in squares for pid, tok in stack}
    pieces.extend([pid, *where[pid], *position] for pid, position in area_positions.items() if pid in where)

    if marks is None:
        marks = view.marks(state) if highlight_last else {}
    marks_svg = _marks(fr, marks, selected, targets, colours)
    width = max(px + panel_width, fr.x0 + board_width) + PAD
    height = max(fr.y0 + board_height + below + PAD, top + panel_height + PAD)
    panel_top = status_y - STATUS_FONT * chosen.text
    panel_box = (0.0,) * 4 if panel == "none" else (px, panel_top, panel_width, top + panel_height - panel_top)
    return Scene(width, height, _squares(fr, colours, coordinates), marks_svg, panel_markup, pieces, text,
                 "".join(heights), label=chosen.least_font, areas=draw_areas(grid, fr.centre, cell, board_areas, colours, pal),
                 board_size=(fr.x0 + board_width + PAD, fr.y0 + board_height + below + PAD), panel_box=panel_box)


def render(sc: Scene, *, palette: str = "standard", theme: str = "light", label: str = "") -> str:
    """The complete SVG text of a scene, drawn at its size (one unit a pixel); ``label`` is its
    accessible name."""
    colours = theme_colours(theme)
    pieces = "".join(
        f'<g class="iw-piece" data-piece="{pid}" data-token="{tok}" data-loc="{loc}" '
        f'transform="{piece_transform(x, y, side)}">{piece_markup(tok, palette, label_units(tok, side, sc.label))}</g>'
        for pid, tok, loc, x, y, side in sc.pieces
    )
    aria = f' role="img" aria-label="{_escape(label)}"' if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="iw-board" viewBox="0 0 {coordinate(sc.width)} '
        f'{coordinate(sc.height)}" width="{coordinate(sc.width)}" height="{coordinate(sc.height)}" '
        f'font-family="Helvetica, Arial, sans-serif"{aria}>'
        f'<rect class="iw-bg" width="100%" height="100%" fill="{colours["bg"]}"/>'
        f'<g class="iw-static">{sc.static}</g>'
        + (f'<g class="iw-areas" pointer-events="none">{sc.areas}</g>' if sc.areas else "")
        + f'<g class="iw-marks" pointer-events="none">{sc.marks}</g>'
        f'<g class="iw-pieces" pointer-events="none">{pieces}</g>'
        f'<g class="iw-badges" pointer-events="none">{sc.badges}</g>'
        f'<g class="iw-panel" pointer-events="none">{sc.panel}</g></svg>'
    )


def board(
    state: State,
    *,
    theme: str = "light",
    palette: str = "standard",
    size: float | str | Size | None = None,
    selected: str | None = None,
    targets: Iterable[str] = (),
    highlight_last: bool = True,
    coordinates: bool = True,
    placement: Placement | None = None,
    panel: str = "right",
) -> str:
    """An SVG picture of ``state`` (byte-identical for equal arguments), drawn at 100%.

    ``size`` is the width of the board in pixels (160 to 4000; default 60 per square) or a
    named size of :data:`SIZES` (``"projector"``: a large board, no text under 18 px); the side
    panel keeps its readable text whatever the board's size, so no text is under 12 px and a
    picture with the panel beside the board is at least 400 px wide. ``theme`` and ``palette`` name the colours
    (:data:`~icewidgets.svg.theme.THEMES`, :data:`~icewidgets.svg.theme.PALETTES`);
    ``selected`` is a square to outline and ``targets`` squares to mark as legal destinations;
    ``highlight_last`` marks what the last ply did (the view's marks); ``placement`` gives
    tracked piece ids (see :class:`Tracker`); ``panel="below"`` puts the status line and the
    side panel under the board instead of beside it, ``panel="none"`` leaves them out.

    >>> import icewidgets as iw
    >>> picture = board(iw.make(iw.available_games()[0]).new_state(seed=1), theme="dark", targets=["a2"])
    >>> 'data-mark="a2"' in picture and picture.startswith("<svg")
    True
    """
    sc = scene(state, placement, theme=theme, palette=palette, size=size, selected=selected, targets=targets,
               highlight_last=highlight_last, coordinates=coordinates, panel=panel)
    return render(sc, palette=palette, theme=theme, label=f"{state.game.title} board: {status(state)}")


def status(state: State) -> str:
    """The status line of a picture: who is to move, or how the game ended.

    >>> import icewidgets as iw
    >>> status(iw.make(iw.available_games()[0]).new_state(seed=1))
    'Player 1 to move'
    """
    line = _status(state)
    # A diagram is said to be one, so no one takes it for a position from play.
    return line + " (part of a board)" if state.partial else line


def _status(state: State) -> str:
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


def text_width(text: str, font: float) -> float:
    """A generous estimate of the width of ``text`` written at ``font`` pixels.

    >>> text_width("abcd", 10)
    23.2
    """
    return round(len(text) * font * CHARACTER_WIDTH, 1)


# The side panel ---------------------------------------------------------------------------


def draw_panel(items: Sequence[PanelItem], placement: Placement, x: float, y: float, colours: Mapping[str, str],
               pal: Mapping[str, str], scale: float = 1.0,
               palette: str = "standard") -> tuple[str, dict[str, tuple[float, float, float]], float, float]:
    """Draw panel items top to bottom from (x, y), every size multiplied by ``scale``: their SVG,
    the ``(x, y, side)`` of every off-board piece they show (by piece id, from ``placement``),
    their height and their width."""
    parts: list[str] = []
    positions: dict[str, tuple[float, float, float]] = {}
    top, width = y, 0.0
    for item in items:
        if isinstance(item, Line):
            markup, height, wide = _line(item, x, top, colours, pal, scale)
        elif isinstance(item, Dice):
            markup, height, wide = _dice(item, x, top, colours, pal, scale, palette)
        elif isinstance(item, Pieces):
            height, wide = _pieces(item, placement.get(item.area, []), x, top, positions, scale)
            markup = ""
        else:
            raise TypeError(f"a panel item is a Line, Dice or Pieces, not {type(item).__name__}")
        parts.append(markup)
        top += height
        width = max(width, wide)
    return "".join(parts), positions, top - y, width


def _line(item: Line, x: float, y: float, colours: Mapping[str, str], pal: Mapping[str, str],
          scale: float) -> tuple[str, float, float]:
    try:
        font, weight, colour, height = LINE_STYLES[item.style]
    except KeyError:
        raise ValueError(f"style={item.style!r} is not a panel line style; choose one of "
                         f"{', '.join(map(repr, LINE_STYLES))}") from None
    font, height = font * scale, height * scale
    parts = []
    left = x
    y += item.space_above * scale
    if item.pointer:
        parts.append(f'<path class="iw-fg" d="M{coordinate(x)} {coordinate(y + 3 * scale)}l{coordinate(8 * scale)} '
                     f'{coordinate(5 * scale)}l{coordinate(-8 * scale)} {coordinate(5 * scale)}z" fill="{colours["text"]}"/>')
        x += 11 * scale
    if item.swatch:
        parts.append(f'<rect x="{coordinate(x)}" y="{coordinate(y + 2 * scale)}" width="{coordinate(12 * scale)}" '
                     f'height="{coordinate(12 * scale)}" fill="{pal[item.swatch]}" stroke="{colours["text"]}" '
                     f'stroke-width="0.8"/>')
        x += 18 * scale
    bold = f' font-weight="{weight}"' if weight else ""
    kind = "iw-muted" if colour == "muted" else "iw-fg"
    parts.append(f'<text class="{kind}" x="{coordinate(x)}" y="{coordinate(y + font)}" font-size="{coordinate(font)}"'
                 f'{bold} fill="{colours[colour]}">{_escape(item.text)}</text>')
    return "".join(parts), item.space_above * scale + height, x - left + text_width(item.text, font)


def _dice(item: Dice, x: float, y: float, colours: Mapping[str, str], pal: Mapping[str, str], scale: float,
          palette: str) -> tuple[str, float, float]:
    die = DIE * scale
    parts, step = [], die + 8 * scale
    for k, face in enumerate(item.faces):
        dx, colour = x + k * step, face[0]
        parts.append(f'<rect class="iw-die" x="{coordinate(dx)}" y="{coordinate(y + 1)}" width="{coordinate(die)}" '
                     f'height="{coordinate(die)}" rx="{coordinate(7 * scale)}" fill="{pal[colour]}" '
                     f'stroke="{colours["text"]}" stroke-width="1.2"/>')
        parts.append(f'<text x="{coordinate(dx + die / 2)}" y="{coordinate(y + 1 + die / 2 + 6 * scale)}" '
                     f'text-anchor="middle" font-size="{coordinate(16 * scale)}" font-weight="bold" '
                     f'fill="{ink(colour, palette)}">{_escape(face)}</text>')
    nx = x + len(item.faces) * step + 4 * scale
    font = SMALL_FONT * scale
    for n, note in enumerate(item.note):
        parts.append(f'<text class="iw-fg" x="{coordinate(nx)}" y="{coordinate(y + font + 4 * scale + n * (font + 3 * scale))}" '
                     f'font-size="{coordinate(font)}" fill="{colours["text"]}">{_escape(note)}</text>')
    notes = max((text_width(note, font) for note in item.note), default=0.0)
    return "".join(parts), die + 8 * scale, nx - x + notes


def _pieces(item: Pieces, stack: Sequence[tuple[str, str]], x: float, y: float,
            positions: dict[str, tuple[float, float, float]], scale: float) -> tuple[float, float]:
    """Place an area's pieces in rows of cells (the groups); an area with no pieces still takes
    one row, so the panel does not jump when the first piece arrives."""
    ids: dict[str, list[str]] = {}
    for pid, tok in stack:
        ids.setdefault(tok, []).append(pid)
    cell = item.cell * scale
    pitch = cell + 2 * scale
    for row, groups in enumerate(item.rows):
        for col, group in enumerate(groups):
            cx, cy = x + cell / 2 + col * pitch, y + cell / 2 + row * pitch
            for tok, side in zip(group, stack_sides(group)):
                if not ids.get(tok):
                    raise ValueError(f"the panel shows a {tok} in {item.area!r}, but that area holds no more of them")
                positions[ids[tok].pop(0)] = (cx, cy, side * cell)
    columns = max((len(groups) for groups in item.rows), default=0)
    return max(1, len(item.rows)) * pitch + 4 * scale, columns * pitch


# The board --------------------------------------------------------------------------------


def _squares(fr: _Geometry, colours: Mapping[str, str], coordinates: bool) -> str:
    grid, cell = fr.grid, fr.cell
    parts = []
    for index, name in enumerate(grid.names):
        f, r = grid.file_of(index), grid.rank_of(index)
        shade = 1 if (f + r) % 2 == 0 else 0
        parts.append(
            f'<rect class="iw-sq iw-sq{shade}" data-square="{name}" x="{coordinate(fr.x0 + f * cell)}" '
            f'y="{coordinate(fr.y0 + (grid.ranks - 1 - r) * cell)}" width="{coordinate(cell)}" '
            f'height="{coordinate(cell)}" fill="{colours[f"sq{shade}"]}" stroke="{colours["line"]}" stroke-width="0.5"/>'
        )
    if coordinates:
        font = fr.font(SMALL_FONT)
        for f in range(grid.files):
            parts.append(
                f'<text class="iw-muted" x="{coordinate(fr.x0 + (f + 0.5) * cell)}" '
                f'y="{coordinate(fr.y0 + grid.ranks * cell + (SMALL_FONT + 4) * fr.text)}" text-anchor="middle" '
                f'font-size="{font}" fill="{colours["muted"]}">{FILE_LETTERS[f]}</text>'
            )
        for r in range(grid.ranks):
            parts.append(
                f'<text class="iw-muted" x="{coordinate(fr.x0 - 9 * fr.text)}" '
                f'y="{coordinate(fr.y0 + (grid.ranks - r - 0.5) * cell + 4 * fr.text)}" text-anchor="middle" '
                f'font-size="{font}" fill="{colours["muted"]}">{r + 1}</text>'
            )
    return "".join(parts)


def _marks(fr: _Geometry, marks: Mapping[str, str], selected: str | None, targets: Iterable[str],
           colours: Mapping[str, str]) -> str:
    def outline(name: str, colour: str, kind: str, width: float, dash: str = "") -> str:
        cx, cy = fr.centre(name)
        side = fr.cell - width
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
        cx, cy = fr.centre(name)
        parts.append(f'<circle class="iw-mark iw-target" data-mark="{name}" cx="{coordinate(cx)}" cy="{coordinate(cy)}" '
                     f'r="{coordinate(fr.cell * 0.15)}" fill="{colours["tgt"]}" fill-opacity="0.75" stroke="{colours["bg"]}" '
                     f'stroke-width="2"/>')
    return "".join(parts)


def _escape(text: str) -> str:
    return html.escape(text, quote=True)
